"""The course in a real JupyterLab: notebook 8 (Play a hand) runs top to bottom, its blank
exercise stops with a hint, and a learner plays a whole turn by clicking the table widget."""

from __future__ import annotations

from typing import Any

import pytest

from lab_harness import LabPage

pytestmark = pytest.mark.browser

PLAY = "notebooks/08-Play.ipynb"


def _click_at(lab: LabPage, canvas: Any, x: float, y: float, scale: float) -> None:
    canvas.scroll_into_view_if_needed()
    canvas.click(position={"x": x * scale, "y": y * scale})


def test_play_a_hand_notebook_runs_and_a_turn_is_clicked_through(lab: LabPage) -> None:
    lab.open_notebook(PLAY)
    state = lab.run_all()
    blanks = [c for c in state["cells"] if c["raises"]]
    assert len(blanks) == 1 and blanks[0]["errors"], "the blank exercise cell must stop with NotYet"
    assert lab.notebook().locator(".jp-OutputArea-output", has_text="Not answered yet").count() == 1

    # The notebook's own cells drew a card and tried a refused meld.
    assert lab.value("game.phase") == "play" and lab.value("game.to_move") == 0
    assert "SET-1" in lab.value("table.feedback_text")

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
    lab.notebook().get_by_role("button", name="Meld", exact=True).click()
    lab.wait_for_value("len(game.table)", lambda v: v == 1)
    assert lab.value("game.table[0].owner") == 0

    # Discard the 4C: the turn ends and the computer player (North) plays its whole turn.
    x, y = lab.value("table.geometry.hand_center(table.hand.index(__import__('buraco_learn').Card.parse('4C')))")
    _click_at(lab, canvas, x, y, scale)
    lab.wait_for_value("[str(c) for c in table.selected_cards]", lambda v: v == ["4C"])
    lab.notebook().get_by_role("button", name="Discard", exact=True).click()
    lab.wait_for_value("(game.to_move, game.phase)", lambda v: v == [0, "draw"])
    history = lab.value("[(e.seat, str(e.action)) for e in game.history]")
    assert [0, "discard 4C"] in history
    assert any(seat == 1 for seat, _ in history), "North did not play its turn"
    assert lab.notebook().locator(".feedback").first.inner_text().strip()
    lab.screenshot("course-play-after-turn", locator=canvas)
