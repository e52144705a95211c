"""What a click on the table sends to the page (issue 26): a selection repaints only the hand's
band, the messages stay small, the table after partial redraws is the table a full redraw
makes, the engine gets values, and the opponents' turns are shown one by one after a click.
Driven from Python; the drawing commands are read where ipycanvas would send them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from ipycanvas import canvas as ipycanvas_canvas
from ipycanvas.canvas import COMMANDS
from ipycanvas.utils import commands_to_buffer

import buraco_learn.actions
import buraco_learn.game
from buraco_learn import Card, Game
from buraco_learn.bots import make_bot
from buraco_learn.players import RandomPlayer, play_turn
from buraco_learn.widgets import TableWidget
from buraco_learn.widgets.common import FRAME_MARK


def mid_game(seed: int = 10, turns: int = 12) -> Game:
    """A 4-player table with melds on it (benchmarks/bench_redraw.py's)."""
    g = Game.new(4, seed=seed, dealer=3)
    players = {s: RandomPlayer(seed=s) for s in range(4)}
    for _ in range(turns):
        if g.is_over:
            break
        play_turn(g, players[g.to_move])
    return g


@pytest.fixture
def messages() -> Iterator[list[tuple[list[Any], int]]]:
    """Every message ipycanvas sends: its commands and its size in bytes (the command buffer)."""
    manager = ipycanvas_canvas._CANVAS_MANAGER
    got: list[tuple[list[Any], int]] = []
    original = manager._send_custom

    def spy(command: Any, buffers: Any = ()) -> None:
        _meta, buffer = commands_to_buffer(command)
        got.append((command, len(bytes(buffer))))

    manager._send_custom = spy
    yield got
    manager._send_custom = original


def drawing(command_list: list[Any]) -> list[Any]:
    """The drawing commands of a message, without the canvas switch and the frame's number."""
    out = []
    for c in command_list:
        if c[0] == COMMANDS["switchCanvas"]:
            continue
        if c[0] == COMMANDS["fillText"] and str(c[1][0]).startswith(FRAME_MARK):
            continue
        out.append(c)
    return out


def one_message(messages: list[tuple[list[Any], int]], action: Any) -> tuple[list[Any], int]:
    messages.clear()
    action()
    assert len(messages) == 1, f"{len(messages)} messages for one change"
    return messages[0]


def test_a_selection_repaints_only_the_hand_band(messages: list[tuple[list[Any], int]]) -> None:
    w = TableWidget(mid_game(), viewer=0)
    full, _ = one_message(messages, w.redraw)
    sel, _ = one_message(messages, lambda: w.select(0))
    cmds = drawing(sel)
    names = [c[0] for c in cmds]
    assert COMMANDS["clear"] not in names  # the whole canvas is not wiped
    band = w.geometry.hand_area
    # Clipped to the band, which is cleared first: nothing above it is touched.
    assert names[:5] == [COMMANDS["save"], COMMANDS["beginPath"], COMMANDS["rect"], COMMANDS["clip"],
                         COMMANDS["clearRect"]]
    x, y, width, height = cmds[2][1]
    assert (x, round(y), width, round(y + height)) == (0, round(band.y), w.width, w.canvas.height)
    assert names[-1] == COMMANDS["restore"]
    assert len(cmds) < len(drawing(full)) / 2


def test_the_table_after_partial_redraws_is_the_table_of_a_full_redraw(
        messages: list[tuple[list[Any], int]]) -> None:
    g = mid_game()
    w = TableWidget(g, viewer=0)
    full_before, _ = one_message(messages, w.redraw)
    band_before, _ = one_message(messages, w.redraw_hand)
    before = drawing(full_before)
    layer = drawing(band_before)
    assert before[-len(layer):] == layer  # a full redraw ends with the hand's band
    table_part = before[:-len(layer)]
    partial = []
    for step in (lambda: w.select(0, 2), lambda: w.select(2), lambda: w.highlight(["5H", g.hand(0)[0]])):
        partial = drawing(one_message(messages, step)[0])
    full_after = drawing(one_message(messages, w.redraw)[0])
    # The canvas is the table part, untouched by the partial redraws, then the last band drawn.
    assert full_after == table_part + partial
    assert w.selected == [0]


def test_a_redraw_message_is_small(messages: list[tuple[list[Any], int]]) -> None:
    w = TableWidget(mid_game(), viewer=0)
    w.select(0, 1)
    full, full_bytes = one_message(messages, w.redraw)
    sel, sel_bytes = one_message(messages, lambda: w.select(3))
    # Issue 26 measured 51.5 KiB and 1,258 commands for this table's redraw.
    assert full_bytes < 40 * 1024 and len(full) < 1200
    assert sel_bytes < 14 * 1024 and len(sel) < 500


def test_meld_and_lay_off_clicks_hand_the_engine_values(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_action_text(*_args: Any, **_kw: Any) -> Any:
        raise AssertionError("the widget handed the engine an action as text to parse")

    def values_only(parse: Any) -> Any:
        def spy(cards: Any, *args: Any, **kw: Any) -> Any:
            if isinstance(cards, str) or any(isinstance(c, str) for c in cards):
                raise AssertionError(f"the widget handed the engine cards as text: {cards!r}")
            return parse(cards, *args, **kw)
        return spy

    g = Game.new(4, seed=10, dealer=3)
    w = TableWidget(g, viewer=0)
    w.draw()
    import buraco_learn.legal
    import buraco_learn.turn
    for module in (buraco_learn.turn, buraco_learn.legal):  # where the engine reads text, since the split
        monkeypatch.setattr(module, "parse_action", no_action_text)
        monkeypatch.setattr(module, "parse_cards", values_only(module.parse_cards))
    monkeypatch.setattr(buraco_learn.actions, "parse_cards", values_only(buraco_learn.actions.parse_cards))
    for card in ("8D", "9D", "TD"):
        w.click(*w.geometry.hand_center(w.hand.index(Card.parse(card))))
    w.buttons["meld"].click()
    assert [str(t.meld) for t in g.table] == ["8D 9D TD"]
    w.click(*w.geometry.meld_center(g.table[0].id))
    w.click(*w.geometry.hand_center(w.hand.index(Card.parse("JD"))))
    w.buttons["layoff"].click()
    assert str(g.table[0].meld) == "8D 9D TD JD"


def test_after_a_click_the_opponents_turns_are_shown_one_by_one() -> None:
    g = Game.new(4, seed=10, dealer=3)
    w = TableWidget(g, viewer=0, opponents={s: make_bot("greedy", s) for s in (1, 2, 3)})
    later: list[tuple[float, Any]] = []
    w._later = lambda seconds, fn: later.append((seconds, fn))
    w.buttons["draw"].click()
    w.select(0)
    n = w.redraws
    w.buttons["discard"].click()
    # The engine played every turn at once; the table shows South's discard first.
    assert g.to_move == 0 and len(g.history) > 3
    assert w.redraws == n + 1 and w.feedback_text.startswith("You discarded") and "\n" not in w.feedback_text
    shown = [w.feedback_text]
    while later:
        seconds, fn = later.pop(0)
        assert seconds == w.pace
        fn()
        shown.append(w.feedback_text)
    assert w.redraws == n + 4  # one redraw per opponent's turn
    # Each step adds a turn, which ends with its discard.
    # Each turn is one line (issue 23: the seat, then its moves), the last of them its discard.
    assert shown[0].startswith("You discarded")
    assert [s.splitlines()[-1].split(":")[0] for s in shown[1:]] == ["West", "North (partner)", "East"], shown
    assert all(", discarded " in s.splitlines()[-1] for s in shown[1:]), shown
    assert [len(s.splitlines()) for s in shown] == [1, 2, 3, 4], shown
    assert w.geometry == w._compute_geometry()  # the table as it is at the end


def test_a_click_while_the_opponents_are_shown_shows_the_table_at_once() -> None:
    g = Game.new(4, seed=10, dealer=3)
    w = TableWidget(g, viewer=0, opponents={s: make_bot("greedy", s) for s in (1, 2, 3)})
    later: list[tuple[float, Any]] = []
    w._later = lambda seconds, fn: later.append((seconds, fn))
    w.buttons["draw"].click()
    w.select(0)
    w.buttons["discard"].click()
    assert later
    w.click(*w.geometry.stock.center)  # South draws before the turns were all shown
    assert g.phase == "play" and w.feedback_text.startswith("You drew")
    assert w.geometry == w._compute_geometry()
    later.pop(0)[1]()  # a step left over from before the click does nothing


def test_python_calls_play_the_opponents_at_once() -> None:
    """A notebook cell (no click from the page) sees the opponents' turns done when it returns."""
    g = Game.new(4, seed=10, dealer=3)
    w = TableWidget(g, viewer=0, opponents={s: make_bot("greedy", s) for s in (1, 2, 3)})
    w.draw()
    w.select(0)
    w.discard_selected()
    assert g.to_move == 0 and w.feedback_text.splitlines()[-1].startswith("East: ")


def test_a_click_outside_a_kernel_plays_the_opponents_at_once_even_under_a_running_loop() -> None:
    """Outside an IPython kernel, a running event loop is someone else's (Playwright's sync API
    leaves one running in its thread): the table must not schedule the opponents' turns on it,
    where nothing would ever show them. CI once failed so, on a widget test run after a browser
    test in the same worker."""
    import asyncio

    async def clicks() -> TableWidget:
        g = Game.new(4, seed=10, dealer=3)
        w = TableWidget(g, viewer=0, opponents={s: make_bot("greedy", s) for s in (1, 2, 3)})
        w.buttons["draw"].click()
        w.select(0)
        w.buttons["discard"].click()
        return w

    # In a thread of its own, so that a loop already running in this one (a browser test's, on
    # the same worker) does not refuse asyncio.run.
    import threading

    done: list[TableWidget] = []
    worker = threading.Thread(target=lambda: done.append(asyncio.run(clicks())))
    worker.start()
    worker.join(60)
    assert done, "the clicks did not finish"
    w = done[0]
    assert w.game.to_move == 0 and w.feedback_text.splitlines()[-1].startswith("East: ")
