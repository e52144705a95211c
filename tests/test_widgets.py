"""The widgets driven from Python, as the browser would drive them: clicks go through the
canvas callback, keyboard users' buttons through their traits; the engine decides, the widget
shows its sentence. No frontend is needed (ipycanvas commands go nowhere under pytest)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from traitlets import TraitError
from ipycanvas import canvas as ipycanvas_canvas

from buraco_learn import Action, Card, Discard, Game, Meld, PlayerView, parse_cards
from buraco_learn.bots import RandomBot, StrongBot, make_bot, play_hand
from buraco_learn.players import RandomPlayer
from buraco_learn.widgets import HandWidget, MeldWidget, TableWidget
from helpers import folder_listing


def south_first(players: int = 4, seed: int = 10) -> Game:
    """Seed 10, dealer East: South plays first and holds 8♦ 9♦ 10♦ J♦ Q♦ after drawing."""
    return Game.new(players, seed=seed, dealer=players - 1)


def message_of(html: str) -> str:
    """The verdict line of a feedback box (its title and message, without the rules' sentences)."""
    start = html.index('<div class="bl-message">')
    return html[start:html.index("</div>", start)]


def click_card(w: TableWidget, card: str) -> None:
    w.click(*w.geometry.hand_center(w.hand.index(Card.parse(card))))


@pytest.fixture
def sent() -> Iterator[list[int]]:
    """How many drawing commands each message ipycanvas sends holds (one entry per message)."""
    manager = ipycanvas_canvas._CANVAS_MANAGER
    sizes: list[int] = []
    original = manager._send_custom

    def spy(command: Any, buffers: Sequence[Any] = ()) -> None:
        sizes.append(len(command))
        original(command, list(buffers))

    manager._send_custom = spy
    yield sizes
    manager._send_custom = original


# ---------------------------------------------------------------------- TableWidget
def test_click_on_stock_draws_through_the_engine() -> None:
    g = south_first()
    w = TableWidget(g, viewer=0)
    top = g.stock[-1]
    w.click(*w.geometry.stock.center)
    assert g.phase == "play" and g.hand(0).count(top) >= 1
    assert w.feedback_kind == "ok" and w.feedback_text == f"You drew {top.pretty} from the stock."


def test_clicks_select_cards_and_meld_button_melds_them() -> None:
    g = south_first()
    w = TableWidget(g, viewer=0)
    w.draw()
    for c in ("8D", "9D", "TD"):
        click_card(w, c)
    assert sorted(map(str, w.selected_cards)) == ["8D", "9D", "TD"]
    assert sum(tb.value for tb in w.card_buttons.children) == 3  # the keyboard buttons follow
    w.buttons["meld"].click()
    assert [str(t.meld) for t in g.table] == ["8D 9D TD"] and g.table[0].owner == 0
    assert w.selected == [] and w.feedback_text.startswith("You melded 8♦ 9♦ 10♦")


def test_a_second_click_deselects() -> None:
    w = TableWidget(south_first(), viewer=0)
    click_card(w, "JK")
    click_card(w, "JK")
    assert w.selected == []


def test_TURN6_refused_meld_shows_the_rule_and_changes_nothing() -> None:
    g = south_first()
    w = TableWidget(g, viewer=0)
    w.draw()
    before = g.position()
    for c in ("8D", "9D", "KC"):
        click_card(w, c)
    w.buttons["meld"].click()
    assert g.position() == before
    assert w.feedback_kind == "refused"
    assert "(RUN-1" in w.feedback_text or "(SET-1" in w.feedback_text
    assert "refused" in w.feedback.value and "<b>✗ Not allowed:</b>" in w.feedback.value
    assert "Refused" not in message_of(w.feedback.value)  # the verdict words (a rule's examples may say it)
    assert len(w.selected) == 3  # the selection stays, to be fixed


def test_TURN1_discard_before_drawing_is_refused_with_the_engine_sentence() -> None:
    g = south_first()
    w = TableWidget(g, viewer=0)
    before = g.position()
    click_card(w, "KC")
    w.buttons["discard"].click()
    assert g.position() == before
    assert w.feedback_kind == "refused"
    with pytest.raises(Exception) as err:
        g.verify_discard(Card.parse("KC"))
    assert w.feedback_text == str(err.value) + "." and "(TURN-1)" in w.feedback_text  # the reason, as a sentence


def test_TURN1_taking_the_pile_after_drawing_is_refused() -> None:
    g = south_first()
    w = TableWidget(g, viewer=0)
    w.draw()
    before = g.position()
    w.buttons["pile"].click()
    assert g.position() == before and "(TURN-1)" in w.feedback_text


def test_lay_off_onto_a_clicked_meld() -> None:
    g = south_first()
    w = TableWidget(g, viewer=0)
    w.draw()
    w.select("8D", "9D", "TD")
    w.meld_selected()
    w.click(*w.geometry.meld_center(0))
    assert w.target == 0 and w.target_choice.value == 0
    click_card(w, "JD")
    w.buttons["layoff"].click()
    assert str(g.table[0].meld) == "8D 9D TD JD"
    assert w.target is None and w.feedback_text.startswith("You laid off J♦ onto meld #0")


def test_lay_off_needs_a_target_and_cards_before_asking_the_engine() -> None:
    g = south_first()
    w = TableWidget(g, viewer=0)
    w.draw()
    before = g.position()
    w.lay_off_selected()
    assert w.feedback_kind == "info" and "Choose the meld" in w.feedback_text
    w.meld_selected()
    assert "Select the cards" in w.feedback_text
    w.select(0, 1)
    w.discard_selected()
    assert "exactly one card" in w.feedback_text
    assert g.position() == before


def test_target_dropdown_is_the_keyboard_way_to_choose_a_meld() -> None:
    g = south_first()
    w = TableWidget(g, viewer=0)
    w.draw()
    w.play("meld 8D 9D TD")
    assert [v for _, v in w.target_choice.options] == [-1, 0]
    w.target_choice.value = 0
    assert w.target == 0
    w.target_choice.value = -1
    assert w.target is None


def test_card_toggle_buttons_select_like_clicks() -> None:
    w = TableWidget(south_first(), viewer=0)
    w.card_buttons.children[2].value = True
    assert w.selected == [2]
    assert w.description_text.count("[") == 1
    w.card_buttons.children[2].value = False
    assert w.selected == []


def test_not_your_turn_is_refused_without_touching_the_game() -> None:
    g = Game.new(4, seed=10, dealer=0)  # West to move, nobody plays West
    w = TableWidget(g, viewer=0)
    before = g.position()
    w.draw()
    assert g.position() == before and "West's turn" in w.feedback_text


def test_computer_players_take_their_turns_through_the_engine() -> None:
    g = south_first()
    changes: list[int] = []
    w = TableWidget(g, viewer=0, opponents={s: RandomPlayer(seed=s) for s in (1, 2, 3)},
                    on_change=lambda game: changes.append(len(game.history)))
    w.draw()
    w.select("KC")
    w.discard_selected()
    assert g.is_over or (g.to_move == 0 and g.phase == "draw")
    seats = [e.seat for e in g.history]
    assert {1, 2, 3} <= set(seats)
    g.check_invariants()
    assert "West: drew from the stock" in w.feedback_text
    assert changes == [1, len(g.history)]


def test_a_computer_player_that_cheats_is_stopped_and_reported() -> None:
    g = south_first()

    def cheat(view: PlayerView, legal: Sequence[Action]) -> Action:
        return Discard(Card.parse("JK"))  # before drawing: TURN-1

    w = TableWidget(g, viewer=0, opponents={1: cheat})
    w.draw()
    w.select("KC")
    w.discard_selected()
    assert g.to_move == 1 and g.phase == "draw"
    assert "West's player chose a move the engine refused" in w.feedback_text and "(TURN-1)" in w.feedback_text


def test_computer_players_move_first_when_it_is_their_turn() -> None:
    g = Game.new(2, seed=3, dealer=0)  # North moves first
    TableWidget(g, viewer=0, opponents={1: RandomPlayer(1)})
    assert g.to_move == 0 and g.history[0].seat == 1


def test_pass_and_play_shows_the_hand_of_the_player_to_move() -> None:
    g = Game.new(2, seed=3, dealer=1)
    w = TableWidget(g, viewer=None)
    assert w.viewer == 0
    w.draw()
    w.select(0)
    w.discard_selected()
    if g.phase != "over":
        assert w.viewer == 1 and sorted(map(str, w.hand)) == sorted(map(str, g.hand(1)))


def test_one_redraw_is_one_canvas_message(sent: list[int]) -> None:
    w = TableWidget(Game.new(4, seed=2), viewer=0)
    sent.clear()
    w.redraw()
    assert len(sent) == 1 and sent[0] > 300  # hundreds of commands, one message


def test_client_ready_redraws() -> None:
    w = TableWidget(Game.new(4, seed=2), viewer=0)
    n = w.redraws
    w.canvas._handle_frontend_event(None, {"event": "client_ready"}, [])
    assert w.redraws == n + 1


def test_width_trait_resizes_canvas_and_geometry() -> None:
    w = TableWidget(Game.new(3, seed=2), viewer=0)
    w.width = 640
    assert w.canvas.width == 640 and w.geometry.width == 640
    assert w.canvas.layout.width == "100%"  # fills the page's width...
    # ... but never more than 60 % of the window's height, nor the window less 310 px (the bars
    # and the buttons under it): the width that keeps the shape.
    ratio = w.canvas.width / w.canvas.height
    assert w.canvas.layout.max_width == f"min(100%, calc(min(60vh, 100vh - 310px) * {ratio:.4f}))"
    fixed = TableWidget(Game.new(3, seed=2), viewer=0, width=640, max_height=None)
    assert fixed.canvas.layout.max_width == "640px"


def test_the_canvas_is_a_wide_low_table_that_fits_a_laptop() -> None:
    """Issue 10: at most ~600 px of canvas on a 1366×768 laptop. The canvas is at most 60vh
    high (461 px there) whatever the page's width, and its shape is wide (a table with melds)."""
    g = Game.new(4, seed=3)
    bots = [StrongBot(s) for s in range(4)]
    for _ in range(60):
        s = g.to_move
        g.apply(bots[s].choose(g.view(s), g.legal_actions()))
    assert len(g.table) >= 8
    w = TableWidget(g, viewer=0)
    assert w.canvas.width / w.canvas.height >= 1.7  # 12-14 melds: 1.74 (test_layout: ten seeds)
    assert "min(60vh, 100vh - 310px)" in w.canvas.layout.max_width and 0.60 * 768 <= 600


def test_the_deck_dropdown_switches_to_four_colours_and_back() -> None:
    """Issue 10: the four-colour deck is a visible choice on the widget."""
    w = TableWidget(Game.new(2, seed=1), viewer=0)
    assert w.deck_choice in w.children[4].children and w.deck_choice.value == "classic"
    n = w.redraws
    w.deck_choice.value = "four-color"
    assert w.deck == "four-color" and w.redraws > n
    w.deck = "classic"
    assert w.deck_choice.value == "classic"


def test_the_feedback_line_is_under_the_hand_and_above_the_buttons() -> None:
    w = TableWidget(Game.new(2, seed=1), viewer=0)
    kids = list(w.children)
    # between them only the other players' line (hidden while it says nothing)
    assert kids.index(w.canvas) + 2 == kids.index(w.turns) + 1 == kids.index(w.feedback)
    assert w.buttons["discard"] in kids[kids.index(w.feedback) + 1].children


def test_a_refusal_uses_the_shared_box_with_the_rule_sentence_and_never_says_refused() -> None:
    from buraco_learn.reference import rule

    g = south_first()
    w = TableWidget(g, viewer=0)
    w.select(0)
    w.discard_selected()
    html = w.feedback.value
    assert "bl-feedback bl-wrong" in html and "Not allowed" in html and "Refused" not in message_of(html)
    assert 'data-rule="TURN-1"' in html and rule("TURN-1").split("`")[0][:30] in html.replace("&#x27;", "'")
    w.set_feedback("That is not the best move.", "refused")  # a puzzle's wrong answer
    assert "✗ Not yet" in w.feedback.value and "Refused" not in message_of(w.feedback.value)
    w.set_feedback("Right: 35 points.", "ok")
    assert "bl-right" in w.feedback.value


def test_a_widget_shows_a_static_table_where_no_kernel_runs() -> None:
    """Issue 10: GitHub, nbviewer and a stored course notebook (whose widget view the build
    strips) show the text/html picture of the table."""
    g = Game.new(4, seed=7)
    w = TableWidget(g, viewer=0)
    bundle = w._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    html = bundle["text/html"]
    assert 'class="table players-4"' in html and "run the cell" in html
    assert html.count('class="card ') >= 11 + 3 * 11


def test_sort_buttons_reorder_the_hand_and_clear_the_selection() -> None:
    g = Game.new(4, seed=2)
    w = TableWidget(g, viewer=0)
    w.select(0)
    w.buttons["rank"].click()
    ranks = [c.r or 99 for c in w.hand]
    assert ranks == sorted(ranks) and w.selected == [] and w.sort == "rank"
    assert [tb.description for tb in w.card_buttons.children] == [c.pretty for c in w.hand]


def test_deck_trait_and_pile_spread() -> None:
    w = TableWidget(Game.new(4, seed=2), viewer=0)
    w.deck = "four-color"
    with pytest.raises(TraitError, match="expected any of"):
        w.deck = "rainbow"
    assert w.deck == "four-color"
    w.click(*w.geometry.pile[-1].center)
    assert w.pile_open
    w.buttons["spread"].click()
    assert not w.pile_open


def test_hint_hooks_highlight_and_feedback() -> None:
    from ipywidgets import Button

    hint = Button(description="Hint")
    w = TableWidget(south_first(), viewer=0, extra_buttons=[hint])
    assert any(hint in box.children for box in w.children if hasattr(box, "children"))
    w.highlight(["8D"])
    w.set_feedback("Try the diamonds.")
    assert w.feedback_text == "Try the diamonds." and w.feedback_kind == "info"


def test_bad_constructor_arguments() -> None:
    g = Game.new(2, seed=1)
    with pytest.raises(ValueError, match="viewer must be a seat"):
        TableWidget(g, viewer=2)
    with pytest.raises(ValueError, match="no seat 3"):
        TableWidget(g, viewer=0, opponents={3: RandomPlayer()})
    with pytest.raises(ValueError, match="cannot also be a computer"):
        TableWidget(g, viewer=0, opponents={0: RandomPlayer()})
    with pytest.raises(TypeError, match="a player has a choose"):
        TableWidget(g, viewer=0, opponents={1: 42})  # type: ignore[dict-item]


def test_select_errors_name_the_problem() -> None:
    w = TableWidget(Game.new(2, seed=1), viewer=0)
    with pytest.raises(ValueError, match="no card at position 40"):
        w.select(40)
    missing = next(c for c in parse_cards("AS AH AD AC KS KH") if c not in w.hand)
    with pytest.raises(ValueError, match=f"{missing} is not in South's hand"):
        w.select(missing)


# ---------------------------------------------------------------------- HandWidget
def test_hand_widget_click_sort_and_callback() -> None:
    seen: list[list[str]] = []
    w = HandWidget("KC 3S JK 3H", on_select=lambda hw: seen.append([str(c) for c in hw.selected_cards]))
    r = w.rects[1]
    w.click(r.x + 3, r.y + 10)
    assert w.selected == [1] and seen == [["3S"]]
    w.card_buttons.children[3].value = True
    assert seen[-1] == ["3S", "3H"]
    w._set_sort("rank")
    assert [str(c) for c in w.cards] == ["3S", "3H", "KC", "JK"] and w.selected == []
    w.set_cards("5D")
    assert w.description_text == "Hand (1): 5♦. Nothing selected."


def test_hand_widget_redraw_is_one_message(sent: list[int]) -> None:
    w = HandWidget("KC 3S JK 3H")
    sent.clear()
    w.toggle(0)
    assert len(sent) == 1


# ---------------------------------------------------------------------- MeldWidget
def test_meld_widget_click_chooses_and_unchooses() -> None:
    chosen: list[int | None] = []
    w = MeldWidget([Meld.from_cards("5C 6C 7C"), Meld.from_cards("3H 4H 5H 6H 7H 8H 9H JK")],
                   on_target=lambda mw: chosen.append(mw.target))
    w.click(*w.boxes[1].box.center)
    w.click(*w.boxes[1].box.center)
    assert chosen == [1, None]
    assert "#1 JK(=2♥) 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥: 75 pts, semi-clean burraco" in w.description_text


def test_meld_widget_follows_a_side_of_a_game() -> None:
    g = south_first()
    g.draw()
    g.meld("8D 9D TD")
    w = MeldWidget(g, seat=2)  # North sees the partnership's melds
    assert [b.id for b in w.boxes] == [0]
    assert w.description_text.startswith("Them: South & North") or "South & North" in w.description_text
    with pytest.raises(ValueError, match="give the seat"):
        MeldWidget(g)


# ---------------------------------------------------------------------- the Hint button
# South to draw; the one-card pile (5S) fits South's 5D and 2C, so the hint weighs taking it.
HINT_POSITION = ("fibur 2p d1 t0 draw | h: QH KH AH 7S 7D 7C 4C 9D JS 2C 5D / 8S 8D 3H 3S TC TD 6H 6C KS 4D 9S "
                 "| m: - | p: 5S | s: * | pots: *11 / *11 | took: -")


def test_hint_button_shows_the_advice_with_rule_ids_and_changes_nothing() -> None:
    from buraco_learn.hints import hint

    g = Game.from_position(HINT_POSITION)
    w = TableWidget(g, viewer=0)
    before, history = g.position(), len(g.history)
    expected = hint(g.clone())
    w.buttons["hint"].click()
    assert g.position() == before and len(g.history) == history
    assert w.feedback_kind == "info"
    assert w.feedback_text == "Hint: " + str(expected)
    assert "(TURN-1)" in w.feedback_text, "the draw-phase hint names the rule that decides (TURN-1)"
    assert w.last_hint == expected
    assert w.highlighted == frozenset(c for c in expected.cards if c in g.hand(0))


def test_hint_in_the_play_phase_outlines_the_meld_and_its_move_is_legal() -> None:
    g = Game.from_position(HINT_POSITION)
    w = TableWidget(g, viewer=0)
    w.draw()
    before = g.position()
    w.show_hint()
    h = w.last_hint
    assert h is not None and h.action is not None and h.rules
    assert g.position() == before
    assert w.highlighted and w.highlighted <= set(g.hand(0))
    assert all(rule in w.feedback_text for rule in h.rules)
    assert g.can(h.action), "the suggested move is one the engine accepts"
    w.play(h.action)
    assert w.feedback_kind == "ok"


def test_hint_refuses_when_it_is_not_the_viewers_turn_or_the_hand_is_over() -> None:
    g = Game.from_position(HINT_POSITION)
    w = TableWidget(g, viewer=1)
    before = g.position()
    w.show_hint()
    assert w.last_hint is None and g.position() == before
    assert w.feedback_text == "It is South's turn: a hint is for your own turn."
    done = Game.from_position(HINT_POSITION)
    play_hand(done, [RandomBot(seed=1), RandomBot(seed=2)])
    over = TableWidget(done, viewer=0)
    over.show_hint()
    assert over.last_hint is None and over.feedback_text.startswith("The hand is over")


def test_hints_false_hides_the_hint_button() -> None:
    w = TableWidget(south_first(), viewer=0, hints=False)
    assert w.buttons["hint"].layout.display == "none"
    w.hints = True
    assert w.buttons["hint"].layout.display is None
    assert TableWidget(south_first(), viewer=0).buttons["hint"].layout.display is None


@pytest.mark.parametrize("make", [lambda: HandWidget("5H 6S JK"), lambda: MeldWidget([Meld.from_cards("5C 6C 7C")])])
def test_hand_and_meld_widgets_offer_the_four_colour_deck(make: Any) -> None:
    w = make()
    w.deck_choice.value = "four-color"
    assert w.deck == "four-color"
    w.deck = "classic"
    assert w.deck_choice.value == "classic"


def _feedback_height(html: str) -> float:
    """The height a feedback box takes, from its own style: lines × font size × line height,
    plus its vertical padding and margins."""
    import re

    style = re.search(r'class="bl-feedback[^"]*"[^>]*style="([^"]*)"', html)
    assert style is not None
    font = float(re.search(r"font-size:(\d+)px", style.group(1)).group(1))  # type: ignore[union-attr]
    line = float(re.search(r"line-height:([\d.]+)", style.group(1)).group(1))  # type: ignore[union-attr]
    pad = float(re.search(r"padding:(\d+)px", style.group(1)).group(1))  # type: ignore[union-attr]
    margin = float(re.search(r"margin:(\d+)px", style.group(1)).group(1))  # type: ignore[union-attr]
    lines = html.count("<br>") + 1
    return lines * font * line + 2 * pad + 2 * margin


def test_the_feedback_line_shows_a_four_line_message_whole() -> None:
    """Reader shot 08: after a discard the feedback says what you and North did in four lines;
    the last one ("North discarded 8♠.") was cut at 92 px. The line now grows with its message
    (at least 92 px, so short messages move nothing) and fits four lines before scrolling."""
    from buraco_learn.widgets.common import FEEDBACK_HEIGHT, FEEDBACK_MAX_HEIGHT, feedback_html as fb

    w = TableWidget(Game.new(2, seed=1), viewer=0)
    assert w.feedback.layout.min_height == FEEDBACK_HEIGHT and w.feedback.layout.height in (None, "auto")
    assert w.feedback.layout.max_height == FEEDBACK_MAX_HEIGHT and w.feedback.layout.overflow == "auto"
    most = float(FEEDBACK_MAX_HEIGHT.removesuffix("px"))
    four = fb("You discarded 9♦.\nNorth took the discard pile (2 cards).\nNorth melded 8♦ 9♦ 10♦.\n"
              "North discarded 8♠.", "ok", title="✓ Done:", rules=())
    assert float(FEEDBACK_HEIGHT.removesuffix("px")) < _feedback_height(four) <= most
    # It grows by at most 28 px: with the buttons at the bottom of a 1366x768 screen, the box
    # stays above JupyterLab's status bar (measured in tests/browser/test_screen_fit_browser.py).
    assert most - float(FEEDBACK_HEIGHT.removesuffix("px")) <= 28


def test_p3_rules_are_cited_in_the_feedback_box() -> None:
    """P3-1/P3-2: the widgets' feedback finds the three-player rules' IDs like any other (the
    widgets' own pattern once wanted two letters before the dash)."""
    from buraco_learn.widgets.common import rule_ids

    assert rule_ids("the pair's half is rounded up (P3-2; SCORE-1)") == ("P3-2", "SCORE-1")


def test_select_raises_the_packages_errors_only() -> None:
    """Issue 21: a position past the hand or a card not in it is a NotationError (a ValueError
    of the package), not an IndexError, with the bad input quoted in a bounded excerpt."""
    from buraco_learn.errors import NotationError

    w = TableWidget(Game.new(2, seed=1), viewer=0)
    for item in (14, -1, 10**5000, "5H " * 2000, object()):
        with pytest.raises(NotationError) as exc:
            w.select(item)  # type: ignore[arg-type]
        assert len(str(exc.value)) < 300
    assert w.selected == []


# ---------------------------------------------------------------------- save and load against a hostile user (issue 21)

def _in_thread(fn: Any, *args: Any) -> Any:
    """``fn(*args)`` in a thread; fails the test (instead of hanging it) when the call blocks."""
    import threading

    out: list[Any] = []
    t = threading.Thread(target=lambda: out.append(fn(*args)), daemon=True)
    t.start()
    t.join(30)
    assert not t.is_alive(), f"{fn.__name__}{args} blocked"
    return out[0]


def test_a_folder_keeps_save_and_load_inside_it(tmp_path: Path) -> None:
    """With ``folder=``, a name with ``..``, an absolute path, a link out of the folder (to a file
    or to a folder) and an empty or odd name are refused: nothing outside is read or written,
    and no file content is quoted."""
    box = tmp_path / "box"
    box.mkdir()
    secret = tmp_path / "secret.txt"
    secret.write_text("password=hunter2\n", encoding="utf-8")
    (box / "link.json").symlink_to(secret)
    (box / "up").symlink_to(tmp_path)
    w = TableWidget(Game.new(2, seed=4), viewer=0, folder=box)
    w.draw()
    before, listing = w.game.position(), folder_listing(tmp_path)
    names = ["../outside.json", str(tmp_path / "outside.json"), "/tmp/outside.json", "up/outside.json", "up/secret.txt",
             "link.json", "", ".", "..", "a\0b", "sub/x.json", "x" * 5000]
    for name in names:
        assert w.save_record(name) is None and w.feedback_kind == "refused", name
        assert not w.load(name) and w.feedback_kind == "refused", name
        assert "hunter2" not in w.feedback_text and len(w.feedback_text) < 400, (name, w.feedback_text)
        if name:  # an empty box means the default name, hand.json
            w.path_box.value = name
            w.file_buttons["save"].click()
            assert w.feedback_kind == "refused", name
            w.file_buttons["load"].click()
            assert w.feedback_kind == "refused", name
    assert folder_listing(tmp_path) == listing and w.game.position() == before
    assert secret.read_text(encoding="utf-8") == "password=hunter2\n"
    assert w.save_record("mine.json") == box / "mine.json" and w.feedback_kind == "ok"
    assert w.save_record(box / "again.json") == box / "again.json"  # a path into the folder itself is fine
    other = TableWidget(Game.new(2, seed=1), viewer=0, folder=box)
    assert other.load("mine.json") and other.game.position() == before


def test_load_refuses_what_is_not_a_small_plain_file_without_blocking(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A pipe (it would block the kernel), a device (``/dev/zero`` says size 0 and never ends),
    a folder, a huge file, text that is not UTF-8: each refused whole, quickly, the table as it
    was. A file that is not a record or a position is never quoted (``/proc/self/environ``
    was shown in the error line)."""
    import os

    from buraco_learn.widgets.table import MAX_LOAD_BYTES

    w = TableWidget(Game.new(2, seed=4), viewer=0)
    before = w.game.position()
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    huge = tmp_path / "huge.json"
    with huge.open("wb") as f:  # a sparse file: far bigger than the limit, no disk used
        f.truncate(50 * MAX_LOAD_BYTES)
    almost = tmp_path / "almost.json"
    almost.write_bytes(b"{" + b" " * MAX_LOAD_BYTES + b"}")
    (tmp_path / "latin1.json").write_bytes("{\"é\": 1}".encode("latin-1"))
    (tmp_path / "secret.txt").write_text("password=hunter2 and more words of a secret file\n", encoding="utf-8")
    (tmp_path / "deep.json").write_text("{\"a\": " + "[" * 100_000, encoding="utf-8")
    (tmp_path / "deep.txt").write_text("[" * 100_000, encoding="utf-8")
    (tmp_path / "jsonish.json").write_text('{"format": "buraco_learn-record", "password": "hunter2"}', encoding="utf-8")
    monkeypatch.setenv("BURACO_TEST_SECRET", "hunter2")
    cases = {
        str(fifo): "not a plain file", "/dev/zero": "not a plain file", str(tmp_path): "folder",
        str(huge): f"more than {MAX_LOAD_BYTES:,}", str(almost): f"more than {MAX_LOAD_BYTES:,}",
        str(tmp_path / "latin1.json"): "not UTF-8 text", str(tmp_path / "secret.txt"): "bad position",
        str(tmp_path / "deep.json"): "bad record", str(tmp_path / "deep.txt"): "bad position",
        str(tmp_path / "jsonish.json"): "bad record", "/proc/self/environ": "bad position",
    }
    for path, why in cases.items():
        if path.startswith("/proc") and not Path(path).exists():
            continue
        assert not _in_thread(w.load, path), path
        assert w.feedback_kind == "refused" and why in w.feedback_text, (path, w.feedback_text)
        assert "hunter2" not in w.feedback_text and "password" not in w.feedback_text, w.feedback_text
        assert "PATH=" not in w.feedback_text and "[[[" not in w.feedback_text and len(w.feedback_text) < 400
        assert w.game.position() == before
    assert fifo.is_fifo()


def test_save_refuses_a_pipe_a_device_and_a_folder_and_writes_whole_or_not_at_all(tmp_path: Path) -> None:
    import os
    import stat

    w = TableWidget(Game.new(2, seed=4), viewer=0)
    w.draw()
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    for path, why in ((fifo, "not a plain file"), (Path("/dev/null"), "not a plain file"), (tmp_path, "folder")):
        assert _in_thread(w.save_record, path) is None, path
        assert w.feedback_kind == "refused" and why in w.feedback_text, (path, w.feedback_text)
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    old = tmp_path / "hand.json"
    old.write_text("old", encoding="utf-8")
    assert w.save_record(old) == old and old.read_text(encoding="utf-8").startswith("{")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hand.json", "pipe.json"]  # no temporary file left


def _upload(w: TableWidget, name: str, data: bytes) -> None:
    import datetime

    w.upload.value = ({"name": name, "type": "application/json", "size": len(data), "content": memoryview(data),
                       "last_modified": datetime.datetime(2026, 12, 1)},)


def test_the_apps_table_saves_by_download_and_loads_by_upload(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``files="browser"`` (the app's pages): no file name box, no path reaches the server's
    disk; the record is a download link (a data: address) and a file is loaded by upload, with
    the same limits and refusals."""
    import base64
    import re

    from buraco_learn.records import load_record
    from buraco_learn.widgets.table import MAX_LOAD_BYTES

    monkeypatch.chdir(tmp_path)
    w = TableWidget(Game.new(2, seed=4), viewer=0, files="browser")
    assert w.path_box is None and set(w.file_buttons) == {"use"}
    w.draw()
    w.toggle_file_box()
    link = re.search(r'download="([^"]+)" href="data:application/json;base64,([^"]+)"', w.download.value)
    assert link is not None and link.group(1).endswith(".json")
    record = base64.b64decode(link.group(2)).decode("utf-8")
    assert load_record(record).position() == w.game.position()
    other = TableWidget(Game.new(2, seed=9), viewer=0, files="browser")
    _upload(other, "mine.json", record.encode("utf-8"))
    assert other.feedback_kind == "ok" and other.game.position() == w.game.position(), other.feedback_text
    assert other.upload.value == ()  # taken in, then let go (the same file can be loaded again)
    before = other.game.position()
    for name, data, why in (("big.json", b" " * (MAX_LOAD_BYTES + 1), f"more than {MAX_LOAD_BYTES:,}"),
                            ("latin1.json", "{\"é\": 1}".encode("latin-1"), "not UTF-8 text"),
                            ("deep.json", b"[" * 100_000, "too long"),
                            ("<b>x</b>" * 500 + ".json", b"fibur 2p", "bad position")):
        _upload(other, name, data)
        assert other.feedback_kind == "refused" and why in other.feedback_text, other.feedback_text
        assert other.game.position() == before and len(other.feedback_text) < 600
        assert "<b>x</b>" not in other.feedback.value
    _upload(other, "empty.json", b"")
    assert other.feedback_kind == "refused" and "it is empty" in other.feedback_text
    assert other.game.position() == before
    assert list(tmp_path.iterdir()) == []


def test_TURN2_lay_off_list_names_only_the_melds_of_the_players_side() -> None:
    """TURN-2: you lay off onto your side's melds (your partner's too), never onto an opponent's:
    the "Lay off onto" list offers South's and North's melds, not West's or East's."""
    g = Game.from_position("fibur 4p d3 t0 play | h: 8D 9C 4S / 5D 6D / 7S 8S / 9H TH | "
                           "m: 0=5C 6C 7C; 1=3H 4H 5H; 2=JS QS KS; 3=8H 8C 8D | p: 3C | s: * | pots: *11 / *11 "
                           "| took: -")
    w = TableWidget(g, viewer=0)
    assert [v for _, v in w.target_choice.options] == [-1, 0, 2]
    assert [t.id for t in g.lay_off_targets(0)] == [0, 2]


def test_with_the_coach_the_opponents_turn_stays_in_its_own_line_above_the_verdict() -> None:
    """Issue 23: the coach's verdict (often three lines) never pushes North's turn out of the
    feedback box's sight: North's moves are in their own line, right above the verdict."""
    g = Game.new(2, seed=1, dealer=1)
    w = TableWidget(g, viewer=0, opponents={1: make_bot("greedy", 1)}, coach=True)
    w._live = 1  # as a click from the page (the coach judges clicks, not code)
    try:
        w.draw()
        w.select(0)
        w.discard_selected()
    finally:
        w._live = 0
    assert w.feedback_text.startswith("You discarded") and "Coach: " in w.feedback_text
    assert "North" not in w.feedback_text and w.turns_text.startswith("North: ")
    assert w.turns_text.startswith("North: ") and ", discarded " in w.turns_text.splitlines()[-1]
    assert w.turns.layout.display is None and "The other players:" in w.turns.value
    assert "discarded" in w.turns.value
    kids = list(w.children)
    assert kids.index(w.turns) + 1 == kids.index(w.feedback)
    said = w.turns_text
    w.draw()  # the viewer's next turn: North's turn stays in sight while the viewer decides
    assert w.turns_text == said and w.turns.layout.display is None and "North: " in w.turns.value
    assert w.feedback_text.startswith("You drew")


def test_with_the_coach_the_opponents_turn_goes_when_the_viewers_turn_ends() -> None:
    """Issue 23: the other players' line is kept from the viewer's draw to its discard, then
    holds North's new turn (and only that)."""
    g = Game.new(2, seed=1, dealer=1)
    w = TableWidget(g, viewer=0, opponents={1: make_bot("greedy", 1)}, coach=True)
    w._live = 1
    try:
        w.draw()
        w.select(0)
        w.discard_selected()
        first = w.turns_text
        w.draw()
        assert w.turns_text == first
        w.select(0)
        w.discard_selected()
    finally:
        w._live = 0
    assert not g.is_over and g.to_move == 0
    south = max(k for k, ev in enumerate(g.history) if ev.seat == 0)
    north = [ev for ev in g.history[south + 1:] if ev.seat == 1]
    assert len(w.turns_text.splitlines()) == 1, (first, w.turns_text)  # North's new turn only, in one line
    assert w.turns_text.startswith("North: ") and w.turns_text.endswith(
        f"discarded {north[-1].action.card.pretty}."), w.turns_text


def test_with_four_players_each_other_seats_turn_is_one_line_the_partners_whole() -> None:
    """Issue 23 (item j): with 4 players the line of the other players' turns cut North's turn
    (the partner's) out behind "... 10 more moves ...". Each seat's turn since the viewer's last
    is now one line, in the order played: what it took, laid and discarded; the partner's is
    named as such and never shortened, and nobody's pile take or discard is ever cut."""
    from buraco_learn.bots import StrongBot
    from buraco_learn.widgets.common import turn_words

    g = Game.new(4, seed=5)
    w = TableWidget(g, viewer=0, opponents={s: StrongBot(s) for s in (1, 2, 3)}, coach=True)
    w._live = 1
    try:
        for _ in range(3):
            if g.to_move != 0 or g.is_over:
                break
            start = len(g.history)
            w.draw()
            w.select(0)
            w.discard_selected()
            if g.is_over:
                break
            lines = w.turns_text.splitlines()
            others = [ev for ev in g.history[start:] if ev.seat != 0]
            seats = [ev.seat for k, ev in enumerate(others) if k == 0 or others[k - 1].seat != ev.seat]
            assert len(lines) == len(seats) == 3, w.turns_text  # West, North, East: one line each
            assert [line.split(":")[0] for line in lines] == ["West", "North (partner)", "East"], lines
            assert "more move" not in lines[1], lines
            north = [ev for ev in others if ev.seat == 2]
            assert lines[1].endswith(f"discarded {north[-1].action.card.pretty}."), lines
            took = "took the discard pile" if any(type(ev.action).__name__ == "TakePile" for ev in north) else \
                "drew from the stock"
            assert took in lines[1], lines
            assert lines[1].count(", ") + 1 >= len(north), lines  # every move of the partner said
            assert w.turns.value.count("<br>") == 2  # one line each on the screen
    finally:
        w._live = 0
    # A long turn: an opponent's is shortened (its take and discard kept), the partner's is whole.
    moves = ["took the discard pile (9 cards)", *(f"melded m{k}" for k in range(6)), "discarded K♣"]
    short = turn_words(g, 1, 0, moves)
    assert short.startswith("West: took the discard pile (9 cards), melded m0") and short.endswith("discarded K♣.")
    assert "3 more moves" in short and "m5" not in short
    whole = turn_words(g, 2, 0, moves)
    assert whole == "North (partner): " + ", ".join(moves) + ".", whole


def test_an_opponent_who_plays_first_is_told() -> None:
    """Issue 23: North, who plays before South, has its first turn said on the table."""
    g = Game.new(2, seed=1, dealer=0)  # North plays first
    assert g.to_move == 1
    w = TableWidget(g, viewer=0, opponents={1: make_bot("greedy", 1)})
    assert g.to_move == 0 and "North" in w.turns_text and "discarded" in w.turns_text
    assert "The other players:" in w.turns.value and w.turns.layout.display is None


_LONG_VERDICT = ("fibur 2p d0 t0 draw | h: JS TH JC 3S 3H / AS | m: 1=4H 4C 2D(=4); 1=5S 5H 5H 5D 5C 5C 2H(=5); "
                 "1=6S 6H 6H 6D 6C 2D(=6); 1=9S TS JS QS 2C(=KS) AS; 1=3D 4D 5D; 1=8D JK(=9D) TD; "
                 "0=QH QH QD JK(=Q); 0=7H 7H 7D 2S(=7); 0=8S 8H 8C 8C 2C(=8); 1=TS TD TC; 0=9S 9D 9C; 0=KH KD KD | "
                 "p: AC 7C | s: 7S 7D JD 9D 4D 6D AC 8H 2H 4H JH QC JK KS JD QC 5S 7S 6C TH QS 4S 7C AD AH 3C 3H JH "
                 "KC 9H 3C KS 9H KH 2S 8S 6S QD AH AD 8D 3D JK TC 9C 4S 4C 3S KC JC | pots: - | took: 0,1")


def test_a_coached_table_keeps_room_for_a_whole_five_line_verdict() -> None:
    """Issue 23 (reader shots 030, 033): the defence verdict on a draw (five lines, its count
    last) ran past the box's 120 px, its conclusion hidden in the box's scroll right above the
    buttons. A coached table's box is high enough for it whole (the move's line, then the
    verdict wrapped at the box's width), from the first move on, so the buttons under it never
    move; a table without the coach keeps its smaller box."""
    from buraco_learn.widgets.common import COACH_FEEDBACK_HEIGHT, FEEDBACK_MAX_HEIGHT, feedback_html as fb

    g = Game.from_position(_LONG_VERDICT)
    w = TableWidget(g, viewer=0, opponents={1: make_bot("greedy", 1)}, coach=True)
    assert w.feedback.layout.min_height == w.feedback.layout.max_height == COACH_FEEDBACK_HEIGHT
    w._live = 1
    try:
        w.draw()
    finally:
        w._live = 0
    said = w.feedback_text
    assert "in all; with the stock" in said and said.startswith("You drew"), said
    assert w.feedback.layout.min_height == w.feedback.layout.max_height == COACH_FEEDBACK_HEIGHT
    # At 1366×768 the box is about 910 px wide: some 118 characters a line at 15 px (measured,
    # tests/browser/test_coach_browser.py: the move's line and five lines of this verdict).
    rows = sum(-(-len(line) // 118) for line in ("✓ Done: " + said).splitlines())
    html = fb("\n".join(["x"] * rows), "ok", title="✓ Done:", rules=())
    assert rows >= 5 and _feedback_height(html) <= float(COACH_FEEDBACK_HEIGHT.removesuffix("px")), rows
    plain = TableWidget(Game.from_position(_LONG_VERDICT), viewer=0)
    assert plain.feedback.layout.max_height == FEEDBACK_MAX_HEIGHT
