"""Issue 14, part 3, in a real JupyterLab (headless Chromium) at 1366×768: a small notebook
(written to a temporary folder by the test) plays a hand with bots and shows a ReplayWidget;
clicking **Next ▶** and **◀ Back** changes the narration, and Back returns the same position.
The table's **Copy position** box opens under its buttons.

Screenshots go to ``.screens/`` at the repository root (gitignored): look at them.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path
from typing import Any, Iterator

import pytest

from lab_harness import REPO_ROOT, VISIBLE_NOTEBOOK, LabPage, squeeze, wait_for_text, wait_until

pytestmark = pytest.mark.browser

SCREENS = REPO_ROOT / ".screens"
LAPTOP = {"width": 1366, "height": 768}


def _code(src: str) -> dict[str, Any]:
    return {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
            "source": src.splitlines(keepends=True)}


@pytest.fixture(scope="module")
def notebook() -> Iterator[str]:
    """The notebook's path relative to the server's root (a temporary folder inside the
    gitignored screenshots folder: JupyterLab serves only the repository, and hides dot-folders)."""
    parent = REPO_ROOT / "tests" / "browser" / "screenshots"
    parent.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="replay-", dir=parent))
    cells = [
        _code("from buraco_learn import Game, format_position\n"
              "from buraco_learn.bots import make_bot, play_hand\n"
              "from buraco_learn.review import review\n"
              "from buraco_learn.widgets import ReplayWidget, TableWidget\n"
              "game = Game.new(4, seed=8)\n"
              "_ = play_hand(game, [make_bot('strong', 8), make_bot('random', 9), make_bot('greedy', 10), make_bot('random', 11)])\n"
              "replay = ReplayWidget(game, review=review(game, 0))\n"
              "replay"),
        _code("review(game, 1)  # West, a random player: points were lost"),
    ]
    table = [_code("from buraco_learn import Game\nfrom buraco_learn.widgets import TableWidget\n"
                   "table = TableWidget(Game.new(2, seed=4), viewer=0)\ntable")]
    # One notebook per test: a notebook opened again reuses its kernel, where the first test's
    # canvases still live.
    for name, nb_cells in (("replay", cells), ("table", table)):
        for i, c in enumerate(nb_cells):
            c["id"] = f"cell-{i}"
        nb = {"cells": nb_cells, "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)",
                                                             "language": "python", "name": "python3"},
                                              "language_info": {"name": "python"}},
              "nbformat": 4, "nbformat_minor": 5}
        (folder / f"{name}.ipynb").write_text(json.dumps(nb))
    yield str((folder / "replay.ipynb").relative_to(REPO_ROOT))
    shutil.rmtree(folder, ignore_errors=True)


def _shot(lab: LabPage, name: str) -> Path:
    SCREENS.mkdir(exist_ok=True)
    path = SCREENS / f"{name}.png"
    lab.page.screenshot(path=str(path))
    return path


def _output(lab: LabPage, index: int) -> Any:
    return lab.page.locator(f"{VISIBLE_NOTEBOOK} .jp-Cell.jp-CodeCell").nth(index).locator(".jp-OutputArea-output")


def _wait_drawn(lab: LabPage, canvas: Any, table: str) -> None:
    """Wait until the canvas shows the last redraw of the kernel's ``table``, with the felt."""
    lab.wait_for_redraw(canvas, table)
    wait_until(lambda: canvas.evaluate("c => Array.from(c.getContext('2d').getImageData(4, Math.floor(c.height / 2),"
                                       " 1, 1).data)"), lambda d: d[:3] == [30, 107, 58], "the felt on the canvas")


def _said_changes(lab: LabPage, said: Any, before: str, starts: str) -> str:
    return wait_for_text(said, lambda t: t != before and t.startswith(starts),
                         f"the narration to change from {before[:60]!r} to {starts!r}...")


def _shows_the_step(lab: LabPage, out: Any) -> None:
    """Wait until the page shows the kernel's step: its narration, its table redrawn."""
    said = squeeze(lab.value("replay.said_text"))
    wait_for_text(out.locator(".replay-said"), lambda t: t == said, f"the narration {said!r}")
    _wait_drawn(lab, out.locator("canvas").first, "replay.table")


def test_next_and_back_change_the_narration_at_1366x768(lab: LabPage, notebook: str) -> None:
    lab.page.set_viewport_size(LAPTOP)
    lab.open_notebook(notebook)
    lab.run_all()
    out = _output(lab, 0)
    canvas = out.locator("canvas").first
    canvas.wait_for(state="visible")
    _wait_drawn(lab, canvas, "replay.table")
    said = out.locator(".replay-said")
    nxt = out.get_by_role("button", name="Next ▶", exact=True)
    back = out.get_by_role("button", name="◀ Back", exact=True)
    nxt.evaluate("e => e.scrollIntoView({block: 'start'})")
    deal = wait_for_text(said, lambda t: t.startswith("The deal."), "the narration of the deal")
    _shot(lab, "replay-deal")

    nxt.click()
    first = _said_changes(lab, said, deal, "Move 1 of ")
    assert "(TURN-1)" in first
    at_one = lab.value("format_position(replay.game)")
    nxt.click()
    second = _said_changes(lab, said, first, "Move 2 of ")
    assert lab.value("replay.step") == 2
    back.click()
    again = _said_changes(lab, said, second, "Move 1 of ")
    assert again == first and lab.value("format_position(replay.game)") == at_one
    _shows_the_step(lab, out)

    # The table, the narration and the buttons on one laptop screen, in the middle of the hand.
    lab.execute("replay.go(replay.turn_starts[8][0] + 2)")
    _shows_the_step(lab, out)
    hands = out.locator(".replay-hands")
    wait_until(lambda: hands.locator(".replay-hand").count(), lambda n: n == 4, "the four hands under the table")
    nxt.evaluate("e => e.scrollIntoView({block: 'start'})")
    _shot(lab, "replay-middle")
    view = lab.page.viewport_size
    cbox, sbox, nbox = canvas.bounding_box(), said.bounding_box(), nxt.bounding_box()
    assert view is not None and cbox is not None and sbox is not None and nbox is not None
    assert nbox["y"] >= 0 and sbox["y"] + sbox["height"] <= view["height"]
    assert cbox["y"] + cbox["height"] <= view["height"], cbox

    # A reviewed turn shows the solver's line; the end shows the count.
    lab.execute("t = replay.review.turns[1]; replay.go(t.move)")
    review_line = out.locator(".replay-review")
    wait_for_text(review_line, lambda t: t.startswith("Review (South) · Turn 2"), "the review of South's turn 2")
    _shows_the_step(lab, out)
    _shot(lab, "replay-reviewed-turn")
    out.get_by_title("The end of the record").click()
    lab.wait_for_value("replay.step == replay.moves", lambda v: v is True)
    wait_for_text(said, lambda t: "The hand is over" in t, "the narration of the end: The hand is over")
    _shows_the_step(lab, out)
    _shot(lab, "replay-end")

    # The review as HTML: the worst turns first, the count at the close.
    shown = _output(lab, 1).locator(".bl-review")
    shown.evaluate("e => e.scrollIntoView({block: 'start'})")
    _shot(lab, "review-html")
    assert shown.locator("tr.turn.worst").count() >= 1
    assert "counted against the side (SCORE-1)" in shown.locator(".count").inner_text()


def test_copy_position_opens_a_box_to_copy_from(lab: LabPage, notebook: str) -> None:
    lab.page.set_viewport_size(LAPTOP)
    lab.open_notebook(notebook.replace("replay.ipynb", "table.ipynb"))
    lab.run_all()
    out = _output(lab, 0)
    canvas = out.locator("canvas").first
    canvas.wait_for(state="visible")
    _wait_drawn(lab, canvas, "table")
    copy = out.get_by_role("button", name="Copy position", exact=True)
    copy.evaluate("e => e.scrollIntoView({block: 'end'})")
    copy.click()
    box = out.locator("textarea")
    box.wait_for(state="visible")
    lab.wait_for_value("table.position_box.value == table.position_text", lambda v: v is True)
    want = lab.value("table.position_text")
    wait_until(lambda: box.input_value(timeout=2_000), lambda v: v == want, f"the box to hold the position {want!r}")
    box.evaluate("e => e.scrollIntoView({block: 'end'})")
    _shot(lab, "table-copy-position")
    bbox = box.bounding_box()
    view = lab.page.viewport_size
    assert bbox is not None and view is not None and bbox["y"] + bbox["height"] <= view["height"]
