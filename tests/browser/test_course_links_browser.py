"""The course's links in a real JupyterLab (issue 25): a rule ID link opens the Rules notebook at
the rule the first time (before, the notebook opened at its top, the rule 3,900 px lower, and
landed on the rule only once Rules was already open), and the index's link to the worked
solutions opens a notebook, not a "File Load Error ... is a directory"."""

from __future__ import annotations

import pytest

from lab_harness import LabPage, wait_until

pytestmark = pytest.mark.browser

_RULE_TOP = """(rid) => {
  const h = [...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) h4')]
    .find(e => e.textContent.trim().startsWith(rid) && e.getBoundingClientRect().height > 0);
  return h ? Math.round(h.getBoundingClientRect().top) : null;
}"""
_TAB = "() => window.jupyterapp.shell.currentWidget?.context?.path"


def test_a_rule_link_lands_on_the_rule_at_first_open_and_the_solutions_link_opens_a_notebook(lab: LabPage) -> None:
    page = lab.page
    page.set_viewport_size({"width": 1366, "height": 768})
    lab.open_notebook("notebooks/06-Pot-and-closing.ipynb")
    # (JupyterLab writes the href as /files/notebooks/Rules.ipynb?_xsrf=...#cell-id=TURN-5)
    link = lab.notebook().locator("a[href*='Rules.ipynb'][href$='#cell-id=TURN-5']").first
    rule_id = "TURN-5"  # about 2,700 px down the Rules notebook: a notebook left at its top does not show it
    link.scroll_into_view_if_needed()
    link.click()
    wait_until(lambda: page.evaluate(_TAB), lambda t: t == "notebooks/Rules.ipynb", "the Rules notebook's tab")
    top = wait_until(lambda: page.evaluate(_RULE_TOP, rule_id), lambda y: y is not None and 60 <= y <= 768 - 60,
                     f"{rule_id}'s heading on screen in a Rules notebook opened by the link")
    assert top < 768 / 2, f"{rule_id} is at {top} px: the link should bring it to the top half"

    lab.open_notebook("notebooks/00-Index.ipynb")
    lab.notebook().locator("a[href*='solutions/00-Index.ipynb']").first.click()
    wait_until(lambda: page.evaluate(_TAB), lambda t: t == "notebooks/solutions/00-Index.ipynb",
               "the solutions' index notebook")
    assert page.locator(".jp-Dialog", has_text="File Load Error").count() == 0
    assert page.locator(".jp-Dialog", has_text="is a directory").count() == 0
