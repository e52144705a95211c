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
    _write_cell(src, NOTEBOOK)


def _write_cell(src: str, where: str) -> None:
    """A one-cell notebook of ``src`` at ``where`` (relative to the repository)."""
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "id": "cell-0",
            "source": src.splitlines(keepends=True)}
    nb = {"cells": [cell], "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                                        "name": "python3"}, "language_info": {"name": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    path = REPO_ROOT / where
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


# Reader 23x, shot 030: South to draw in hand 3 (seed 31), North with 1 card, his pot and a
# burraco; the coach's verdict on the draw is a defence verdict of five lines with its count.
_LONG = ("fibur 2p d0 t0 draw | h: JS TH JC 3S 3H / AS | m: 1=4H 4C 2D(=4); 1=5S 5H 5H 5D 5C 5C 2H(=5); "
         "1=6S 6H 6H 6D 6C 2D(=6); 1=9S TS JS QS 2C(=KS) AS; 1=3D 4D 5D; 1=8D JK(=9D) TD; 0=QH QH QD JK(=Q); "
         "0=7H 7H 7D 2S(=7); 0=8S 8H 8C 8C 2C(=8); 1=TS TD TC; 0=9S 9D 9C; 0=KH KD KD | p: AC 7C | "
         "s: 7S 7D JD 9D 4D 6D AC 8H 2H 4H JH QC JK KS JD QC 5S 7S 6C TH QS 4S 7C AD AH 3C 3H JH KC 9H 3C KS 9H "
         "KH 2S 8S 6S QD AH AD 8D 3D JK TC 9C 4S 4C 3S KC JC | pots: - | took: 0,1")


def test_a_long_verdict_shows_whole_above_the_buttons_at_1366x768(lab: LabPage) -> None:
    """Issue 23 (reader shots 030, 033): a five-line defence verdict ran under the button row, its
    conclusion ("... -20 in all; with the stock ... -15") hidden in the box's scroll. On a coached
    table the box now holds such a verdict whole: nothing of it is scrolled out of sight, the
    buttons are under its last line, and with the buttons in the window so is all of it."""
    src = ("from buraco_learn import Game\n"
           "from buraco_learn.bots import make_bot\n"
           "from buraco_learn.widgets import TableWidget\n"
           f"game = Game.from_position({_LONG!r})\n"
           "table = TableWidget(game, viewer=0, opponents={1: make_bot('greedy', 1)}, coach=True)\n"
           "table")
    _write_cell(src, "tests/browser/screenshots/coach_long.ipynb")
    SCREENS.mkdir(exist_ok=True)
    lab.page.set_viewport_size(LAPTOP)
    lab.open_notebook("tests/browser/screenshots/coach_long.ipynb")
    lab.run_all()
    out = lab.page.locator(f"{VISIBLE_NOTEBOOK} .jp-Cell.jp-CodeCell").nth(0).locator(".jp-OutputArea-output")
    canvas = out.locator("canvas").first
    canvas.wait_for(state="visible")
    lab.wait_for_redraw(canvas, "table")
    draw = out.get_by_role("button", name="Draw", exact=True)
    draw.evaluate("e => e.scrollIntoView({block: 'end'})")  # the learner's hand on the buttons
    box_el = out.locator(".bl-feedback-box").first
    before = box_el.bounding_box()
    draw.click()
    lab.wait_for_value("game.phase", lambda v: v == "play")
    said = wait_until(lambda: out.locator(".bl-feedback").first.inner_text(), lambda t: "Coach:" in t,
                      "the coach's verdict on the draw")
    assert "in all; with the stock" in said, said  # the long defence verdict, with its conclusion
    lab.page.screenshot(path=str(SCREENS / "coach-long-verdict.png"))
    ok, fbox = _on_screen(lab, box_el)
    assert ok, fbox
    assert box_el.bounding_box() == before  # the buttons did not move under the learner's hand
    hidden = box_el.evaluate("e => e.scrollHeight - e.clientHeight")
    assert hidden <= 1, f"{hidden} px of the verdict scrolled out of sight"
    inner = out.locator(".bl-feedback").first.bounding_box()
    buttons = draw.bounding_box()
    assert inner is not None and buttons is not None
    assert inner["y"] + inner["height"] <= buttons["y"] + 1, (inner, buttons)  # no button over its last line
    ok, _ = _on_screen(lab, out.locator(".bl-feedback").first)
    assert ok
