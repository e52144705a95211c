"""Issue 23, parts 2 and 4, in a real JupyterLab (headless Chromium) at 1366×768: the index's
review queue says how many items are due today and serves the first one, and the mastery picture
shows a bar per skill, all inside the viewport. The learner's progress is a fixed history (a
missed exercise, a failed puzzle, a retry position) under a fixed clock, in a throw-away folder.

The screenshots go to ``.screens/review-queue-count-1366x768.png`` (the count and the retry position
served) and ``.screens/review-queue-1366x768.png`` (the mastery picture) at the repository root
(gitignored).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from lab_harness import REPO_ROOT, VISIBLE_NOTEBOOK, LabPage, squeeze, wait_for_text

pytestmark = pytest.mark.browser

SCREENS = REPO_ROOT / ".screens"
NOTEBOOK = "tests/browser/screenshots/review_queue.ipynb"  # gitignored
LAPTOP = {"width": 1366, "height": 768}

SETUP = """\
import os, tempfile
from datetime import datetime, timezone
from pathlib import Path
import buraco_learn.progress as progress
from buraco_learn.practice import CostlyDecision, keep_retries
from buraco_learn.exercises.catalog import FLY
os.environ["BURACO_PROGRESS"] = "1"
folder = Path(tempfile.mkdtemp(prefix="review-queue-"))
progress._DEFAULT = progress.Progress(folder / progress.PROGRESS_FILE)
progress.now = lambda: datetime(2027, 3, 4, 9, 0, tzinfo=timezone.utc)
p = progress._DEFAULT
p.record("ace-high", "wrong", answer="QH KH", attempt=1, rules=("RUN-2",))
p.record("deck-size", "right", answer=108)
p.record("always-wild", "wrong", answer="b", attempt=1)
p.record("always-wild", "right", answer="a")
p.record_puzzle("safe", "easy-safe-1-12", False)
keep_retries([CostlyDecision(FLY, "laid nothing down (0 points)", 15, target=15)], p)
progress.now = lambda: datetime(2027, 3, 5, 9, 0, tzinfo=timezone.utc)   # the next day
"""


def _code(src: str) -> dict[str, Any]:
    return {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
            "source": src.splitlines(keepends=True)}


def _index_cells() -> list[str]:
    """The code cells of the index's review and mastery sections, as the course source has them."""
    text = (REPO_ROOT / "buraco_learn" / "course" / "source" / "00-Index.md").read_text(encoding="utf-8")
    cells = [c.split("\n", 1)[1].strip() for c in text.split("%% ") if c.startswith("code")]
    picked = [c for c in cells if "review_queue" in c or "show_mastery" in c]
    assert len(picked) == 2, picked
    return picked


def test_index_review_count_and_mastery_picture_at_1366x768(lab: LabPage) -> None:
    SCREENS.mkdir(exist_ok=True)
    cells = [_code(SETUP)] + [_code(c) for c in _index_cells()]
    for i, c in enumerate(cells):
        c["id"] = f"cell-{i}"
    nb = {"cells": cells, "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                                       "name": "python3"}, "language_info": {"name": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    (REPO_ROOT / NOTEBOOK).parent.mkdir(parents=True, exist_ok=True)
    (REPO_ROOT / NOTEBOOK).write_text(json.dumps(nb))
    lab.page.set_viewport_size(LAPTOP)
    lab.open_notebook(NOTEBOOK)
    lab.run_all()
    panel = lab.page.locator(VISIBLE_NOTEBOOK)
    count = panel.locator(".bl-review-count").first
    # due on the next day: the retry position (made yesterday), the two missed exercises, the puzzle
    wait_for_text(count, lambda t: "To review today: 4 items" in squeeze(t), "the review count")
    panel.locator("button", has_text="Next to review").first.click()
    wait_for_text(panel, lambda t: "Your move here: find better" in t, "the first item served (the retry position)")
    count.scroll_into_view_if_needed()
    view = lab.page.viewport_size
    top = count.bounding_box()
    assert top is not None and 0 <= top["y"] and top["y"] + top["height"] <= view["height"], top
    lab.page.screenshot(path=str(SCREENS / "review-queue-count-1366x768.png"))
    mastery = panel.locator(".bl-mastery").first
    mastery.scroll_into_view_if_needed()
    wait_for_text(mastery, lambda t: "RUN-2" in t and "safe discard" in t, "the mastery picture")
    bars = mastery.locator(".bl-skill")
    assert bars.count() >= 3
    box = mastery.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= view["width"], box
    assert box["height"] <= view["height"], box  # the whole picture fits on the laptop's screen
    for i in range(bars.count()):
        bar = bars.nth(i).bounding_box()
        assert bar is not None and bar["height"] >= 14 and bar["x"] + bar["width"] <= view["width"], bar
    lab.page.screenshot(path=str(SCREENS / "review-queue-1366x768.png"))
