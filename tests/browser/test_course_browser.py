"""The course in a real JupyterLab: notebook 8 (Play a hand) runs top to bottom, its blank
exercises stop with a hint, and a learner plays a whole turn by clicking the table widget (with
the Hint button); notebook 9's first puzzle is solved by clicks and checked; notebook 11's demo
widget steps a move and reveals the hands."""

from __future__ import annotations

from typing import Any

import pytest

from buraco_learn.render.feedback import card_symbols
from lab_harness import LabPage, squeeze, wait_for_text, wait_until

pytestmark = pytest.mark.browser

PLAY = "notebooks/08-Play.ipynb"
PUZZLES = "notebooks/09-Puzzles.ipynb"
TEACHER = "notebooks/11-Teacher.ipynb"
CARD = "__import__('buraco_learn').Card.parse"


def _widget_output(lab: LabPage, index: int = 0) -> Any:
    """The ``index``-th output area of the visible notebook that holds a canvas (a widget)."""
    return lab.notebook().locator(".jp-OutputArea-output").filter(has=lab.page.locator("canvas")).nth(index)


def _click_at(lab: LabPage, canvas: Any, x: float, y: float, scale: float) -> None:
    canvas.scroll_into_view_if_needed()
    canvas.click(position={"x": x * scale, "y": y * scale})


def test_play_a_hand_notebook_runs_and_a_turn_is_clicked_through(lab: LabPage) -> None:
    lab.open_notebook(PLAY)
    state = lab.run_all()
    blanks = [c for c in state["cells"] if c["raises"]]
    assert len(blanks) == 2 and all(b["errors"] for b in blanks), "the blank exercise cells must stop with NotYet"
    # (the page renders the outputs a moment after the kernel is done: wait for them)
    wait_until(lambda: lab.notebook().locator(".jp-OutputArea-output", has_text="Not answered yet").count(),
               lambda n: n == 2, "the two blank exercises' Not answered yet boxes")

    # The notebook's own cells drew a card, tried a refused meld and asked for a hint.
    assert lab.value("game.phase") == "play" and lab.value("game.to_move") == 0
    wait_until(lambda: lab.notebook().locator(".jp-OutputArea-output", has_text="(SET-1;").count(),
               lambda n: n == 1, "the refused meld's output, with (SET-1; ...)")
    assert lab.value("table.feedback_text").startswith("Hint: ")

    canvas = lab.canvas(0)
    box = canvas.bounding_box()
    assert box is not None
    scale = float(box["width"]) / float(lab.value("table.width"))

    # Select the three 7s by clicking them on the canvas, then press Meld.
    spots = lab.value("[table.geometry.hand_center(table.hand.index(__import__('buraco_learn').Card.parse(c)))"
                      " for c in ('7S', '7D', '7C')]")
    for x, y in spots:
        _click_at(lab, canvas, x, y, scale)
    chosen = lab.wait_for_value("sorted(str(c) for c in table.selected_cards)", lambda v: len(v) == 3)
    assert chosen == ["7C", "7D", "7S"]
    lab.notebook().get_by_role("button", name="Meld", exact=True).first.click()
    lab.wait_for_value("len(game.table)", lambda v: v == 1)
    assert lab.value("game.table[0].owner") == 0

    # The Hint button: advice in the feedback line, with rule IDs, and the game unchanged.
    before = lab.value("game.position()")
    lab.execute("table.set_feedback('')")
    lab.notebook().get_by_role("button", name="Hint", exact=True).first.click()
    advice = lab.wait_for_value("table.feedback_text", lambda v: v.startswith("Hint: "))
    assert "(TURN-2)" in advice or "(EQ-2" in advice
    assert lab.value("game.position()") == before
    shown = squeeze(card_symbols(advice))  # the box draws the cards with suit symbols
    wait_for_text(lab.notebook().locator(".feedback").first, lambda t: shown in t,
                  f"the hint on the page: {shown!r}")
    lab.wait_for_redraw(canvas)
    lab.screenshot("course-play-hint", locator=_widget_output(lab))

    # Discard the 4C: the turn ends and the computer player (North) plays its whole turn.
    x, y = lab.value("table.geometry.hand_center(table.hand.index(__import__('buraco_learn').Card.parse('4C')))")
    _click_at(lab, canvas, x, y, scale)
    lab.wait_for_value("[str(c) for c in table.selected_cards]", lambda v: v == ["4C"])
    lab.notebook().get_by_role("button", name="Discard", exact=True).first.click()
    lab.wait_for_value("(game.to_move, game.phase)", lambda v: v == [0, "draw"])
    history = lab.value("[(e.seat, str(e.action)) for e in game.history]")
    assert [0, "discard 4C"] in history
    assert any(seat == 1 for seat, _ in history), "North did not play its turn"
    said = squeeze(card_symbols(lab.value("table.feedback_text")))
    assert "4♣" in said, said
    wait_for_text(lab.notebook().locator(".feedback").first, lambda t: said in t, f"the turn's feedback: {said!r}")
    lab.wait_for_redraw(canvas)
    lab.screenshot("course-play-after-turn", locator=canvas)


def test_puzzle_notebook_easy_puzzle_solved_by_clicks(lab: LabPage) -> None:
    lab.open_notebook(PUZZLES)
    state = lab.run_all()
    blanks = [c for c in state["cells"] if c["raises"]]
    assert len(blanks) == 9 and all(b["errors"] for b in blanks)
    canvas = lab.canvas(0)
    box = canvas.bounding_box()
    assert box is not None
    scale = float(box["width"]) / float(lab.value("easy.table.width"))
    for card in ("5S", "5D", "5C"):
        x, y = lab.value(f"easy.table.geometry.hand_center(easy.table.hand.index({CARD}({card!r})))")
        _click_at(lab, canvas, x, y, scale)
    lab.wait_for_value("len(easy.table.selected_cards)", lambda v: v == 3)
    lab.notebook().get_by_role("button", name="Meld", exact=True).first.click()
    lab.wait_for_value("len(easy.table.game.table)", lambda v: v > 0)
    lab.notebook().get_by_role("button", name="Check", exact=True).first.click()
    verdict = lab.wait_for_value("easy.verdict and easy.verdict.correct", lambda v: v is not None and v is not False)
    assert verdict is True
    wait_for_text(lab.notebook().locator(".feedback").first, lambda t: "the most possible" in t,
                  "the verdict on the page: ... the most possible ...")
    lab.wait_for_redraw(canvas, "easy.table")
    assert lab.value("check_puzzle('puzzle-easy-most', easy) is None")
    lab.screenshot("course-puzzle-easy-checked", locator=_widget_output(lab))


def test_teacher_demo_widget_steps_and_reveals(lab: LabPage) -> None:
    lab.open_notebook(TEACHER)
    lab.run_all()
    lab.canvas(0)
    lab.notebook().get_by_role("button", name="Next move", exact=True).click()
    lab.wait_for_value("len(board.demo.game.history)", lambda v: v == 1)
    lab.notebook().get_by_role("button", name="Finish the turn", exact=True).click()
    lab.wait_for_value("board.demo.game.to_move", lambda v: v == 2)
    said = wait_for_text(lab.notebook().locator(".demo-said").first, lambda t: t.startswith("Moves 2"),
                         "the narration of the turn's moves (Moves 2–...)")
    assert "West discards" in said and "(TURN-3)" in said
    lab.notebook().get_by_role("button", name="Reveal hands").first.click()
    lab.wait_for_value("board.reveal", lambda v: v is True)
    hands = lab.notebook().locator(".demo-hands").first
    hands.wait_for(state="visible")
    assert "East" in hands.inner_text()
    lab.wait_for_redraw(lab.canvas(0), "board.table")
    lab.screenshot("course-teacher-demo", locator=_widget_output(lab))
