"""Replay and save/load (issue 14, part 3): the replay widget steps through any record and
stepping back and forth returns the same positions; each move is said in words with its rule
ID; every hand or only the viewer's; the table widget saves and loads records and positions, and
refuses a bad file whole."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

import pytest

from buraco_learn import Game, format_position, game_record
from buraco_learn.bots import make_bot, play_hand
from buraco_learn.course.teacher import narrate
from buraco_learn.review import review
from buraco_learn.widgets import RandomPlayer, ReplayWidget, TableWidget

RULE_ID = re.compile(r"\b[A-Z][A-Z]+-\d+\b")


@lru_cache(maxsize=None)
def _hand(players: int, seed: int) -> Game:
    g = Game.new(players, seed=seed)
    levels = ["greedy", "random", "strong", "random"][:players]
    play_hand(g, [make_bot(level, seed + s) for s, level in enumerate(levels)])
    return g


def _replayed(g: Game, k: int) -> str:
    fresh = Game.new(g.players, rules=g.rules, seed=g.seed, dealer=g.dealer)
    for a in g.actions[:k]:
        fresh.apply(a)
    return format_position(fresh)


# ---------------------------------------------------------------------- the replay
@pytest.mark.parametrize("players,seed", [(2, 5), (4, 8), (3, 6)])
def test_stepping_back_and_forth_returns_the_same_positions(players: int, seed: int) -> None:
    g = _hand(players, seed)
    w = ReplayWidget(g)
    forward = [format_position(w.game)]
    while w.step < w.moves:
        w.next()
        forward.append(format_position(w.game))
    assert w.step == len(g.history) and forward[-1] == format_position(g)
    backward = [format_position(w.game)]
    while w.step > 0:
        w.back()
        backward.append(format_position(w.game))
    assert backward[::-1] == forward
    for k in (7, len(forward) - 1, 3, 0, len(forward) // 2):  # jumps give the same positions too
        w.go(k)
        assert format_position(w.game) == forward[k] == _replayed(g, k)


def test_the_replay_leaves_the_game_given_unchanged() -> None:
    g = _hand(2, 5)
    before = (format_position(g), len(g.history))
    w = ReplayWidget(g, viewer=1)
    w.to_end()
    w.to_start()
    w.go(w.moves // 2)
    assert (format_position(g), len(g.history)) == before


def test_a_record_replays_as_the_game_does(tmp_path: Path) -> None:
    g = _hand(2, 5)
    saved = TableWidget(g.clone(), viewer=0).save_record(tmp_path / "hand.json")
    assert saved is not None
    a, b = ReplayWidget(g), ReplayWidget(game_record(g))
    c = ReplayWidget(saved)
    c.go(a.moves)
    assert format_position(c.game) == format_position(g)
    for k in (0, 1, a.moves // 2, a.moves):
        a.go(k)
        b.go(k)
        assert format_position(a.game) == format_position(b.game) and a.said_text == b.said_text


def test_each_move_is_said_in_words_with_its_rule_id() -> None:
    g = _hand(4, 8)
    w = ReplayWidget(g)
    assert w.said_text.startswith("The deal. ") and "press Next" in w.said_text
    seen = set()
    while w.step < w.moves:
        before = w.said_text
        w.next()
        k = w.step
        assert w.said_text.startswith(f"Move {k} of {w.moves} · ")
        assert narrate(w.game, w.game.history[-1]) in w.said_text  # the teacher's narrator, not a second one
        assert RULE_ID.search(w.said_text), w.said_text
        assert w.said_text != before
        seen.add(w.said_text.split(" · ", 1)[1].split()[1])  # the verb
    assert {"draws", "discards", "lays"} <= seen
    assert "The hand is over: " in w.said_text and "(SCORE-1)" in w.said_text
    w.back()
    assert w.said_text.startswith(f"Move {w.moves - 1} of ")


def test_every_hand_shown_or_only_the_viewers() -> None:
    g = _hand(4, 8)
    every = ReplayWidget(g)
    every.go(20)
    assert every.reveal and every.hands.layout.display is None
    total = sum(len(every.game.hand(s)) for s in range(4))
    assert every.hands.value.count('class="card ') == total
    for s in range(4):
        n = len(every.game.hand(s))
        assert f"{every.game.seat_name(s)} · {n} card{'s' if n != 1 else ''}</div>" in every.hands.value
    words = every.table.description_text
    assert "Your turn" not in words and "(you)" not in words and "You are" not in words
    for s in range(4):
        assert f"{every.game.seat_name(s)}'s hand ({len(every.game.hand(s))}" in words
    mine = ReplayWidget(g, viewer=2)
    mine.go(20)
    assert not mine.reveal and mine.hands.layout.display == "none" and mine.hands.value == ""
    assert mine.table.viewer == 2 and "You are North." in mine.table.description_text
    assert mine.table.hand == sorted(mine.game.hand(2), key=lambda c: (c.s, c.r))
    mine.reveal = True
    assert mine.hands.value.count('class="card ') == total


def test_the_buttons_the_slider_and_the_turn_list_move_the_replay() -> None:
    g = _hand(2, 5)
    w = ReplayWidget(g, viewer=0)
    assert w.buttons["back"].disabled and not w.buttons["next"].disabled
    w.buttons["next"].click()
    w.buttons["next"].click()
    assert w.step == 2 and w.slider.value == 2
    w.buttons["back"].click()
    assert w.step == 1
    half = w.moves // 2
    w.slider.value = half
    assert w.step == half and w.said_text.startswith(f"Move {half} of {w.moves} · ")
    w.buttons["end"].click()
    assert w.step == w.moves and w.buttons["next"].disabled
    w.turn_choice.value = 3
    start, seat = w.turn_starts[2]
    assert w.step == start and w.game.to_move == seat and w.turn_choice.value == 3
    w.buttons["start"].click()
    assert w.step == 0 and w.turn_choice.value == 0
    with pytest.raises(ValueError, match="turn must be from 1 to"):
        w.go_to_turn(999)


def test_the_replay_table_is_read_only() -> None:
    w = ReplayWidget(_hand(2, 5), viewer=0)
    w.go(4)
    before = format_position(w.game)
    w.table.click(*w.table.geometry.stock.center)
    assert w.table.play("draw") is None
    assert format_position(w.game) == before
    for key in ("draw", "meld", "discard"):
        assert w.table.buttons[key].layout.display is None  # the buttons exist ...
    assert w.table.children[3].layout.display == "none"      # ... but their row is hidden
    assert w.table.buttons["copy"].layout.display is None
    w.table.copy_position()
    assert w.table.position_box.value == before


def test_a_review_marks_the_turns_where_points_were_lost() -> None:
    g = _hand(2, 5)
    r = review(g, 1)
    w = ReplayWidget(g, viewer=1, review=r)
    worst = r.worst[0]
    label = next(label for label, _ in w.turn_choice.options if f"(move {worst.move})" in label)
    assert f"−{worst.loss} points" in label
    w.go(worst.move)  # just after the draw of that turn
    assert w.reviewed_turn == worst and str(worst) in w.review_text and w.review_line.value
    outside = [k for k in range(w.moves + 1)
               if not any(t.move - 1 <= k <= t.move + len(t.played) for t in r.turns)]
    assert outside  # in the other seat's turns
    w.go(outside[0])
    assert w.review_text == "" and w.review_line.value == ""


def test_the_replay_carries_a_still_picture_and_a_plain_repr() -> None:
    w = ReplayWidget(_hand(2, 5), viewer=0)
    w.go(3)
    bundle = w._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    html = bundle["text/html"]
    assert "replay-said" in html and w.said_text.split(" · ")[0] in html and 'class="table players-2"' in html
    assert repr(w) == f"ReplayWidget(2 players, {w.moves} moves, South's view; run the cell to step through the hand)"


def test_a_bad_viewer_is_refused() -> None:
    with pytest.raises(ValueError, match="viewer must be a seat from 0 to 1 or None, not 3"):
        ReplayWidget(_hand(2, 5), viewer=3)


# ---------------------------------------------------------------------- save, load, copy position
def test_save_then_load_gives_the_same_hand(tmp_path: Path) -> None:
    g = Game.new(4, seed=10, dealer=3)
    w = TableWidget(g, viewer=0, opponents={s: RandomPlayer(seed=s) for s in (1, 2, 3)})
    w.draw()
    w.select(0)
    w.discard_selected()
    path = w.save_record(tmp_path / "hand.json")
    assert path is not None and w.feedback_kind == "ok" and "Saved the hand" in w.feedback_text
    other = TableWidget(Game.new(4, seed=1), viewer=0, opponents={s: RandomPlayer(seed=s) for s in (1, 2, 3)})
    assert other.load(path)
    assert format_position(other.game) == format_position(g) and len(other.game.history) == len(g.history)
    assert other.feedback_kind == "ok" and other.feedback_text.startswith("Loaded the record from hand.json")
    other.draw()  # the loaded table plays on, with the same buttons
    assert other.game.phase == "play"


def test_a_bad_file_is_refused_whole_with_a_clear_message(tmp_path: Path) -> None:
    g = Game.new(2, seed=4)
    w = TableWidget(g, viewer=0)
    w.draw()
    before = format_position(w.game)
    good = json.loads(game_record(Game.new(2, seed=4)))
    bad_move = dict(good, actions=["draw", "discard 5H", "draw"])
    cases = {
        "notjson.json": ("{ this is not json", "not JSON"),
        "badmove.json": (json.dumps(bad_move), "bad record"),
        "empty.txt": ("   \n", "it is empty"),
        "position.txt": ("fibur 2p d1 t0 play | h: 5H", "bad position"),
    }
    for name, (text, why) in cases.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
        assert not w.load(tmp_path / name)
        assert w.game is g and format_position(w.game) == before, name
        assert w.feedback_kind == "refused" and f"Could not load {name}: " in w.feedback_text, name
        assert why in w.feedback_text and "The table is unchanged." in w.feedback_text, (name, w.feedback_text)
        assert "✗ Not loaded" in w.feedback.value
    (tmp_path / "latin1.json").write_bytes("{é}".encode("latin-1"))
    assert not w.load(tmp_path / "latin1.json") and "not UTF-8 text" in w.feedback_text
    assert not w.load(tmp_path / "missing.json") and "there is no file" in w.feedback_text
    big = tmp_path / "big.json"
    big.write_text("{" + " " * 1_000_001 + "}", encoding="utf-8")
    assert not w.load(big) and "more than 1,000,000 bytes" in w.feedback_text
    assert format_position(w.game) == before


def test_a_position_that_does_not_fit_the_table_is_refused() -> None:
    w = TableWidget(Game.new(4, seed=10, dealer=3), viewer=3)
    two = format_position(Game.new(2, seed=1))
    assert not w.load_text(two) and "seen from seat 3" in w.feedback_text
    bots = TableWidget(Game.new(4, seed=10, dealer=3), viewer=0, opponents={3: RandomPlayer(seed=1)})
    assert not bots.load_text(two) and "computer players at seats [3]" in bots.feedback_text


def test_copy_position_shows_the_notation_and_a_teachers_position_loads_back() -> None:
    g = Game.new(2, seed=4)
    w = TableWidget(g, viewer=0)
    assert w.file_box.layout.display == "none"
    w.copy_position()
    assert w.file_box.layout.display is None
    assert w.position_box.value == w.position_text == format_position(g)
    assert "select it all and copy it" in w.feedback_text
    teacher = "fibur 2p d1 t0 play | h: 5H 6H 7H 9C / 9D 9S JK | m: - | p: 3C | s: * | pots: *11 / *11 | took: -"
    learner = TableWidget(Game.new(2, seed=9), viewer=0)
    learner.position_box.value = teacher
    learner.file_buttons["use"].click()
    assert learner.feedback_kind == "ok" and learner.feedback_text.startswith("Loaded the position from the text")
    assert [str(c) for c in learner.game.hand(0)] == ["5H", "6H", "7H", "9C"]
    learner.select("5H", "6H", "7H")
    learner.meld_selected()
    assert learner.feedback_kind == "ok" and len(learner.game.table) == 1


def test_a_loaded_position_with_a_computer_to_move_lets_it_play() -> None:
    w = TableWidget(Game.new(2, seed=3), viewer=0, opponents={1: RandomPlayer(seed=2)})
    position = Game.new(2, seed=7, dealer=0)  # North (seat 1) plays first
    assert position.to_move == 1
    assert w.load_text(format_position(position))
    assert w.game.to_move == 0 and len(w.game.history) >= 2
    assert "North" in w.feedback_text


def test_save_and_load_buttons_use_the_file_box(tmp_path: Path) -> None:
    w = TableWidget(Game.new(2, seed=4), viewer=1)
    w.draw()
    w.toggle_file_box()
    assert w.file_box.layout.display is None
    w.path_box.value = str(tmp_path / "mine.json")
    w.file_buttons["save"].click()
    assert (tmp_path / "mine.json").exists() and w.feedback_kind == "ok"
    other = TableWidget(Game.new(2, seed=1), viewer=1)
    other.path_box.value = str(tmp_path / "mine.json")
    other.file_buttons["load"].click()
    assert format_position(other.game) == format_position(w.game)
    w.path_box.value = str(tmp_path / "no-dir" / "x.json")
    w.file_buttons["save"].click()
    assert w.feedback_kind == "refused" and "Could not save to" in w.feedback_text


def test_a_read_only_table_loads_nothing_and_plays_nothing() -> None:
    g = Game.new(2, seed=4)
    w = TableWidget(g, viewer=0, readonly=True)
    before = format_position(g)
    assert not w.load_text(format_position(Game.new(2, seed=9)))
    w.click(*w.geometry.stock.center)
    w.draw()
    assert format_position(w.game) == before and w.game is g
    with pytest.raises(ValueError, match="no computer players"):
        TableWidget(g, viewer=0, readonly=True, opponents={1: RandomPlayer()})
