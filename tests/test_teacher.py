"""The teacher's demo: a scripted hand stepped move by move on a large table widget, driven
from Python as the buttons drive it (no browser needed)."""

from __future__ import annotations

import pytest

from buraco_learn import Discard, Draw
from buraco_learn.course.teacher import Demo, DemoWidget, script_move


def test_next_move_button_plays_exactly_the_scripts_move() -> None:
    demo = Demo(players=4, seed=11)
    w = demo.widget()
    assert isinstance(w, DemoWidget) and w.table.width == 1280
    expected = script_move(demo.game.clone())
    w.buttons["next"].click()
    assert [e.action for e in demo.game.history] == [expected]
    assert w.said_text == f"Move 1. {demo.said(demo.game.history[0])}"
    assert w.table.viewer == demo.game.to_move, "by default the table shows the hand whose move it is"


def test_finish_the_turn_stops_at_the_discard_TURN3() -> None:
    demo = Demo(players=4, seed=11)
    w = demo.widget()
    first = demo.game.to_move
    w.buttons["turn"].click()
    last = demo.game.history[-1]
    assert last.seat == first and isinstance(last.action, Discard)
    assert demo.game.to_move != first and demo.game.phase == "draw"
    assert w.said_text.startswith(f"Moves 1–{len(demo.game.history)}. ")


def test_back_takes_the_last_move_back_and_says_so_at_the_deal() -> None:
    demo = Demo(players=2, seed=3)
    w = demo.widget()
    start = demo.game.position()
    w.buttons["back"].click()
    assert demo.game.position() == start and w.said_text == "This is the deal: there is no move to take back."
    w.next_move()
    w.next_move()
    after_one = demo.game.clone()
    after_one.undo()
    w.buttons["back"].click()
    assert demo.game.position() == after_one.position() and len(demo.game.history) == 1
    assert w.said_text.startswith("Took back move 2 (")


def test_reveal_toggle_shows_every_hand_face_up_and_hides_them_again() -> None:
    demo = Demo(players=3, seed=5)
    w = demo.widget()
    assert not w.reveal and w.hands.layout.display == "none" and w.hands.value == ""
    w.reveal_toggle.value = True
    for seat in range(3):
        assert f"{demo.game.seat_name(seat)} · {len(demo.game.hand(seat))} cards" in w.hands.value
    assert w.hands.value.count('class="card') >= sum(len(h) for h in demo.game.hands)
    w.next_move()  # the revealed hands follow the game
    drawer = demo.game.history[-1].seat
    assert f"{demo.game.seat_name(drawer)} · {len(demo.game.hand(drawer))} cards" in w.hands.value
    w.reveal = False
    assert w.hands.layout.display == "none"


def test_a_fixed_seat_and_a_move_played_by_hand_then_the_script_goes_on() -> None:
    demo = Demo(players=2, seed=4)
    w = demo.widget(seat=None, width=960)
    w.table.play(Draw())  # the class plays the draw on the table's own button
    assert demo.game.phase == "play"
    expected = script_move(demo.game.clone())
    w.next_move()
    assert [e.action for e in demo.game.history] == [Draw(), expected]
    fixed = Demo(players=4, seed=11).widget(seat=0)
    fixed.finish_turn()
    assert fixed.table.viewer == 0


def test_to_the_end_then_next_move_says_the_hand_is_over() -> None:
    demo = Demo(players=2, seed=2)
    w = demo.widget()
    for _ in range(400):
        if demo.game.is_over:
            break
        w.finish_turn()
    assert demo.game.is_over and w.said_text.endswith("The hand is over.")
    moves = len(demo.game.history)
    w.next_move()
    assert len(demo.game.history) == moves and w.said_text == "The hand is over: the count is on the table."


def test_saved_output_text_has_no_model_id() -> None:
    w = Demo(players=4, seed=11).widget()
    text = w._repr_mimebundle_()["text/plain"]
    assert text == "DemoWidget(4 players, 0 moves played; run the cell to step through the hand)"


def test_narration_is_plain_words_with_rule_ids_and_no_repeated_notation() -> None:
    """Issue 10, point 11: each move in plain words with its rule ID, "their" not "his", and the
    cards said once (no "meld 6S 6D 6C 2H — laid down meld 2: 6S 6D 6C 2H(=6)")."""
    import re

    demo = Demo(players=4, seed=11)
    lines = [demo.said(demo.step()) for _ in range(60)]
    for line in lines:
        assert re.search(r"\((?:[A-Z]+-\d+)(?:, [A-Z]+-\d+)*\)", line), line
        assert " his " not in line and " her " not in line, line
        assert "—" not in line and "laid down meld" not in line, line
        assert not re.search(r"\b[2-9TJQKA][SHDC]\b", line), line  # cards as 6♠, never 6S
    assert any(line.startswith("West lays down a set of threes") and "SET-2" in line for line in lines)
    assert any("discards" in line and "ends their turn (TURN-3)" in line for line in lines)


def test_the_demo_widget_carries_a_still_picture_for_a_notebook_without_a_kernel() -> None:
    w = Demo(players=4, seed=11).widget()
    w.next_move()
    bundle = w._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert "West draws the top card" in bundle["text/html"] and 'class="table players-4"' in bundle["text/html"]


def test_the_demo_table_speaks_to_a_class_not_to_one_player(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 25: on the teacher's page the table told the whole class "Your turn (North)" and
    "North (you)". Drawn on the canvas and said under it, the demo names the seat to play
    ("North to play") and no "you"."""
    import buraco_learn.widgets.draw as draw

    drawn: list[str] = []
    real = draw.draw_in
    monkeypatch.setattr(draw, "draw_in", lambda c, text, *a, **k: (drawn.append(text), real(c, text, *a, **k)))
    w = Demo(players=4, seed=11).widget()
    w.finish_turn()
    w.next_move()
    w.table.redraw()
    seat = w.demo.game.seat_name(w.demo.game.to_move)
    said = "\n".join(drawn) + "\n" + w.table.description_text
    assert f"{seat} to play" in said
    for you in ("Your turn", "(you)", "You are", "Your hand", "(your side)", "(your partner)"):
        assert you not in said, you


@pytest.mark.parametrize("lang,yours", [("en", ("Your turn", "(you)", "Your side", "your partner")),
                                        ("fr", ("À vous", "(vous)", "Votre équipe", "votre partenaire")),
                                        ("it", ("Tocca a te", "(tu)", "La tua linea", "il tuo compagno"))])
def test_the_demos_still_pictures_speak_to_a_class_too(lang: str, yours: tuple[str, ...]) -> None:
    """Issue 25: the saved outputs of notebook 11 (``demo.table()``, the widget's still picture for
    a notebook seen without a kernel) said « À vous (Ouest) » and « Ouest (vous) » to the class;
    they name the seat to play, in every language, as the live canvas does."""
    from html import escape

    from buraco_learn.i18n import language
    from buraco_learn.render.text import turn_line
    demo = Demo(players=4, seed=11)
    with language(lang):
        w = demo.widget()
        w.next_move()
        pictures = [demo.table()._repr_html_(), demo.table(reveal=True)._repr_html_(),
                    w._repr_mimebundle_()["text/html"]]
        to_play = escape(turn_line(demo.game, None))  # "West to play: ...", the seat named
    for html in pictures:
        assert to_play in html, (lang, to_play)
        for you in yours:
            assert you not in html, (lang, you)
