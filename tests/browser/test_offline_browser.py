"""Nothing from outside (issue 22): the course and the app ask no address but this machine's.

Every request the browser makes is recorded (``page.on("request")``, see
``lab_harness.watch_page``) while each course notebook opens (and, in English, runs top to
bottom) in JupyterLab, and while each app page (``buraco-learn app play|puzzles|teacher``)
opens and plays a move. Every address must be on 127.0.0.1 / localhost (or ``data:``,
``blob:``); a test fails listing the others. A classroom without the internet gets the
same page as one with it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from lab_harness import REPO_ROOT, AppServer, LabPage, outside_requests, wait_until, watch_page

pytestmark = pytest.mark.browser

ENGLISH = sorted(p.relative_to(REPO_ROOT).as_posix() for p in (REPO_ROOT / "notebooks").glob("*.ipynb"))
TRANSLATED = sorted(p.relative_to(REPO_ROOT).as_posix()
                    for lang in ("fr", "it") for p in (REPO_ROOT / "notebooks" / lang).glob("*.ipynb"))

# What the app page's console says when a labextension was built against another JupyterLab than
# the one in Voilà's page (webpack's shared-module check). Voilà 0.5.13 (the last 0.5) runs a
# JupyterLab 4.2.5 front end; the widgets' manager (jupyterlab_widgets 3.0.x, built against
# JupyterLab ^4.6.2) and Voilà's own widgets-manager8 (built against ^4.5.10) ask newer @jupyterlab/*
# core modules and get 4.2.5's, which serve them (the pages work: test_app_browser.py). The manager
# cannot be left out (without it no widget shows), so these warnings stay: the README says why.
# What must never be: a warning about the widgets' own modules (@jupyter-widgets/*, ipycanvas),
# whose mismatch would break the table.
VERSION_WARNING = "Unsatisfied version"
KNOWN_WARNING = re.compile(r"Unsatisfied version [\d.]+ from _JUPYTERLAB\.CORE_OUTPUT of shared singleton module "
                           r"@jupyterlab/[a-z-]+ \(required \^[\d.]+\)$")


def _say(outside: list[str], where: str) -> str:
    return f"{where} asked {len(outside)} address(es) outside this machine:\n  " + "\n  ".join(outside)


# Run top to bottom: the notebooks whose outputs hold every kind of widget and picture the course
# shows (cards, a meld table, the whole table with its buttons, a puzzle, the index's progress).
# The others are opened (their markdown and stored outputs shown): a run of all 17 takes about
# 16 minutes on two cores, and their code is the same package code.
RUN = [n for n in ENGLISH if Path(n).stem in {"00-Index", "02-Cards", "08-Play", "09-Puzzles"}]


@pytest.mark.parametrize("notebook", RUN, ids=[Path(n).stem for n in RUN])
def test_an_english_notebook_opens_and_runs_asking_nothing_from_outside(lab: LabPage, notebook: str) -> None:
    lab.open_notebook(notebook)
    lab.run_all(timeout=300)
    lab.shutdown_kernel()
    assert not outside_requests(lab.requests), _say(outside_requests(lab.requests), notebook)
    assert any("/api/kernels" in u for u in lab.requests), "the recorder saw none of the page's own requests"


def test_every_other_notebook_opens_asking_nothing_from_outside(lab: LabPage) -> None:
    """Opened (their stored outputs and markdown shown), not run: the English ones not in RUN, and
    every French and Italian one (their code is the English code)."""
    seen: dict[str, list[str]] = {}
    for notebook in [n for n in ENGLISH if n not in RUN] + TRANSLATED:
        start = len(lab.requests)
        lab.open_notebook(notebook)
        lab.notebook().locator(".jp-Cell").first.wait_for()
        lab.shutdown_kernel()
        outside = outside_requests(lab.requests[start:])
        if outside:
            seen[notebook] = outside
    assert not seen, "\n".join(_say(urls, nb) for nb, urls in seen.items())


@pytest.mark.parametrize("app", ["play", "puzzles", "teacher"], indirect=True)
def test_an_app_page_asks_nothing_from_outside_and_warns_only_of_voilas_core(browser: Any, app: AppServer) -> None:
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.set_default_timeout(60_000)
    requests = watch_page(page)
    console: list[str] = []
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
    try:
        page.goto(app.url, timeout=120_000)
        page.locator("canvas").first.wait_for(state="visible", timeout=180_000)  # slow under load
        # a move, so that whatever a move loads is recorded too
        button = {"play": "Draw", "puzzles": "Check", "teacher": "Next move"}[app.page]
        page.get_by_role("button", name=button, exact=True).first.click()
        wait_until(lambda: page.locator(".feedback, .demo-said").count(), lambda n: n > 0,
                   f"the {app.page} page to answer {button}")
        page.wait_for_load_state("networkidle", timeout=60_000)
        outside = outside_requests(requests)
        assert not outside, _say(outside, f"the {app.page} page")
        assert any(u.startswith(app.url) for u in requests), "the recorder saw none of the page's own requests"
        warnings = [m.split(": ", 1)[1] for m in console if VERSION_WARNING in m]
        unknown = [w for w in warnings if not KNOWN_WARNING.match(w)]
        assert not unknown, f"the {app.page} page warns of versions beyond Voilà's JupyterLab core:\n  " + "\n  ".join(unknown)
        icon = page.evaluate("""() => { const i = document.querySelector('i.fa, i.fas, i.far');
            return i ? getComputedStyle(i, '::before').fontFamily : null; }""")
        if icon is not None:  # the teacher's Reveal hands button has an eye: its font is Voilà's own
            assert "Font Awesome" in icon, icon
    finally:
        context.close()
