"""Issue 23: coach mode on the table in a real JupyterLab (headless Chromium) at 1366×768. A hand
played in coach mode: after the learner's draw (a click on the stock) and discard (the Discard
button at the very bottom of the screen), the coach's verdict is in the feedback box, inside the
viewport and above the status bar. Screenshots go to ``.screens/`` (gitignored): look at them.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from lab_harness import REPO_ROOT, VISIBLE_NOTEBOOK, LabPage, wait_until

pytestmark = pytest.mark.browser

SCREENS = REPO_ROOT / ".screens"
NOTEBOOK = "tests/browser/screenshots/coach_mode.ipynb"  # gitignored; JupyterLab hides dot-folders
LAPTOP = {"width": 1366, "height": 768}


def _write_notebook() -> None:
    src = ("from buraco_learn import Game\n"
           "from buraco_learn.bots import StrongBot\n"
           "from buraco_learn.widgets import TableWidget\n"
           "game = Game.new(4, seed=10, dealer=3)  # South plays first\n"
           "table = TableWidget(game, viewer=0, opponents={s: StrongBot(s) for s in (1, 2, 3)}, coach=True)\n"
           "table")
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "id": "cell-0",
            "source": src.splitlines(keepends=True)}
    nb = {"cells": [cell], "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                                        "name": "python3"}, "language_info": {"name": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    path = REPO_ROOT / NOTEBOOK
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(nb))


def _on_screen(lab: LabPage, locator: Any) -> tuple[bool, dict[str, float]]:
    box = locator.bounding_box()
    view = lab.page.viewport_size
    bar = lab.page.locator("#jp-main-statusbar").bounding_box()
    assert box is not None and view is not None
    bottom = min(view["height"], bar["y"] + 1) if bar is not None else view["height"]
    ok = box["y"] >= 0 and box["y"] + box["height"] <= bottom and box["x"] >= 0 and box["x"] + box["width"] <= view["width"]
    return ok, box


def test_a_hand_in_coach_mode_shows_each_verdict_on_screen_at_1366x768(lab: LabPage) -> None:
    _write_notebook()
    SCREENS.mkdir(exist_ok=True)
    lab.page.set_viewport_size(LAPTOP)
    lab.open_notebook(NOTEBOOK)
    lab.run_all()
    out = lab.page.locator(f"{VISIBLE_NOTEBOOK} .jp-Cell.jp-CodeCell").nth(0).locator(".jp-OutputArea-output")
    canvas = out.locator("canvas").first
    canvas.wait_for(state="visible")
    lab.wait_for_redraw(canvas, "table")
    canvas.evaluate("e => e.scrollIntoView({block: 'start'})")
    box = canvas.bounding_box()
    assert box is not None
    scale = float(box["width"]) / float(lab.value("table.width"))
    sx, sy = lab.value("table.geometry.stock.center")
    canvas.click(position={"x": sx * scale, "y": sy * scale})  # the learner draws
    lab.wait_for_value("game.phase", lambda v: v == "play")
    drew = out.locator(".feedback.ok .bl-feedback")
    drew.wait_for()
    wait_until(lambda: drew.inner_text(), lambda t: "Coach:" in t, "the coach's verdict on the draw")
    assert "A matter of judgement" in drew.inner_text()
    box_el = drew.locator("xpath=ancestor::div[contains(@class, 'widget-html')][1]")
    ok, fbox = _on_screen(lab, box_el)
    lab.page.screenshot(path=str(SCREENS / "coach-after-draw.png"))
    assert ok, fbox

    # A discard that lays nothing down with the 8♦ 9♦ 10♦ J♦ Q♦ run in hand: an exact verdict.
    lab.execute("table.select('KC')")
    discard = out.get_by_role("button", name="Discard", exact=True)
    discard.evaluate("e => e.scrollIntoView({block: 'end'})")
    discard.click()
    lab.wait_for_value("len([e for e in game.history if e.seat == 0])", lambda v: v == 2)
    # a costly move is shown as played, in the neutral box: no green tick above the coach's cross
    done = out.locator(".feedback.info .bl-feedback")
    said = wait_until(lambda: done.inner_text(), lambda t: "Coach:" in t and "✗ Costly" in t,
                      "the coach's verdict on the discard")
    assert said.startswith("Played:") and "✓" not in said, said
    ok, dbox = _on_screen(lab, done.locator("xpath=ancestor::div[contains(@class, 'widget-html')][1]"))
    lab.page.screenshot(path=str(SCREENS / "coach-after-discard.png"))
    assert ok, dbox
    assert lab.value("table.last_verdict.mistake") is True
