"""The course's links in a real JupyterLab (issue 25): the index's link to the worked solutions
opens a notebook, not a "File Load Error ... is a directory".

A rule ID link now names the rule's cell (``Rules.ipynb#cell-id=TURN-5``); on a quiet machine
it lands on the rule at first open, but under load JupyterLab sometimes scrolls before the cells
above are laid out and the rule ends lower (seen once in two runs): not asserted here until that
is settled, since a test that fails by chance would fail CI."""

from __future__ import annotations

import pytest

from lab_harness import LabPage, wait_until

pytestmark = pytest.mark.browser

_TAB = "() => window.jupyterapp.shell.currentWidget?.context?.path"


def test_the_solutions_link_opens_a_notebook(lab: LabPage) -> None:
    page = lab.page
    page.set_viewport_size({"width": 1366, "height": 768})
    lab.open_notebook("notebooks/00-Index.ipynb")
    lab.notebook().locator("a[href*='solutions/00-Index.ipynb']").first.click()
    wait_until(lambda: page.evaluate(_TAB), lambda t: t == "notebooks/solutions/00-Index.ipynb",
               "the solutions' index notebook")
    assert page.locator(".jp-Dialog", has_text="File Load Error").count() == 0
    assert page.locator(".jp-Dialog", has_text="is a directory").count() == 0
