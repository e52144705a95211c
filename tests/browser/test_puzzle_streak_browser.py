"""Issue 23, part 3, in a real JupyterLab (headless Chromium) at 1366×768: a streak of generated
pile-or-stock puzzles. Two right answers by the buttons bring the next puzzle each time and the
streak count grows; a wrong one ends the streak and shows the right answer, with why, on screen.

Screenshots go to ``.screens/`` at the repository root (gitignored): look at them.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path
from typing import Any, Iterator

import pytest

from lab_harness import REPO_ROOT, VISIBLE_NOTEBOOK, LabPage, wait_for_text

pytestmark = pytest.mark.browser

SCREENS = REPO_ROOT / ".screens"
LAPTOP = {"width": 1366, "height": 768}
BUTTON = {"pile": "Take the pile", "stock": "Draw from the stock"}


@pytest.fixture(scope="module")
def notebook() -> Iterator[str]:
    parent = REPO_ROOT / "tests" / "browser" / "screenshots"
    parent.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="streak-", dir=parent))
    src = "from buraco_learn.widgets.puzzle import PuzzleStreak\nstreak = PuzzleStreak('pile', 'easy', seed=1)\nstreak"
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "id": "cell-0",
                     "source": src.splitlines(keepends=True)}],
          "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
                       "language_info": {"name": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    (folder / "streak.ipynb").write_text(json.dumps(nb))
    yield str((folder / "streak.ipynb").relative_to(REPO_ROOT))
    shutil.rmtree(folder, ignore_errors=True)


def _shot(lab: LabPage, name: str) -> None:
    SCREENS.mkdir(exist_ok=True)
    lab.page.screenshot(path=str(SCREENS / f"{name}.png"))


def _press(lab: LabPage, out: Any, choice: str) -> None:
    button = out.get_by_role("button", name=BUTTON[choice], exact=True)
    button.wait_for(state="visible")
    button.evaluate("e => e.scrollIntoView({block: 'center'})")
    button.click()


def test_a_streak_of_generated_puzzles_at_1366x768(lab: LabPage, notebook: str) -> None:
    lab.page.set_viewport_size(LAPTOP)
    lab.open_notebook(notebook)
    lab.run_all()
    out = lab.page.locator(f"{VISIBLE_NOTEBOOK} .jp-Cell.jp-CodeCell").nth(0).locator(".jp-OutputArea-output")
    header = out.locator(".puzzle-streak")
    wait_for_text(header, lambda t: "Streak: 0" in t, "the streak at 0")
    out.locator("canvas").first.wait_for(state="visible")
    _shot(lab, "streak-start")
    for n in (1, 2):
        name = lab.value("streak.puzzle.name")
        _press(lab, out, lab.value("streak.puzzle.answer"))
        wait_for_text(header, lambda t: f"Streak: {n}" in t and "right!" in t, f"the streak at {n}")
        assert lab.value("streak.puzzle.name") != name
    _shot(lab, "streak-two-right")
    answer = lab.value("streak.puzzle.answer")
    _press(lab, out, "stock" if answer == "pile" else "pile")
    wait_for_text(header, lambda t: "Streak ended at 2" in t, "the streak ended at 2")
    said = "Take the pile: with it you lay down" if answer == "pile" else "Draw from the stock: the pile lays down"
    feedback = out.locator(".feedback.refused")
    wait_for_text(feedback, lambda t: said in t, f"the right answer shown: {said!r}")
    header.evaluate("e => e.scrollIntoView({block: 'start'})")
    _shot(lab, "streak-ended-top")
    feedback.evaluate("e => e.scrollIntoView({block: 'start'})")
    _shot(lab, "streak-ended")
    box, view = feedback.bounding_box(), lab.page.viewport_size
    assert box is not None and view is not None and 0 <= box["y"] < view["height"] - 60
    # the whole answer is read without scrolling inside a small box: the feedback and the widget's
    # box around it grow with the text, and its last line is on screen
    heights = feedback.evaluate("e => [e, e.closest('.widget-html') || e].map(x => [x.scrollHeight, x.clientHeight])")
    assert all(scroll <= client + 1 for scroll, client in heights), heights
    assert box["y"] + box["height"] <= view["height"], (box, view)
    assert out.get_by_role("button", name="New streak", exact=True).is_visible()
