"""Position notation and game records: round trips, and bad input refused whole."""

from __future__ import annotations

import json
import random

import pytest

from buraco_learn import BuracoError, Game, NotationError, game_record, load_record, parse_action
from buraco_learn.actions import Discard, Draw, LayDown, LayOff, TakePile
from buraco_learn.cards import parse_cards


def test_action_notation_round_trips() -> None:
    for a in [Draw(), TakePile(), LayDown(tuple(parse_cards("5H 6H JK")), True),
              LayOff(3, tuple(parse_cards("7C TC"))), Discard(parse_cards("9C")[0])]:
        assert parse_action(str(a)) == a


@pytest.mark.parametrize("bad", ["", "meld", "layoff x: 5H", "layoff 2 5H", "discard 5H 6H", "discard",
                                 "meld 5H 6X", "jump", "draw 5H"])
def test_bad_action_text_refused(bad: str) -> None:
    with pytest.raises(NotationError, match="bad action"):
        parse_action(bad)


def test_position_round_trips_for_fresh_deals() -> None:
    for players in (2, 3, 4):
        g = Game.new(players, seed=players)
        again = Game.from_position(g.position())
        assert again.position() == g.position()
        assert again.hands == g.hands and again.stock == g.stock and again.pots == g.pots


def test_record_round_trips_and_checks_the_result() -> None:
    g = Game.new(2, seed=5)
    rng = random.Random(5)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    text = game_record(g)
    data = json.loads(text)
    assert data["seed"] == 5 and data["result"] == list(g.result().credits)
    assert load_record(text).position() == g.position()
    data["result"] = [0, 0]
    with pytest.raises(NotationError, match="replaying gives"):
        load_record(json.dumps(data))


def test_record_from_a_start_position() -> None:
    g = Game.from_position("fibur 2p d0 t1 draw | h: 5H 6H 7H 8C / 9D 9S JK | m: 0=QH KH AH | p: 3C | s: * "
                           "| pots: *11 / *11 | took: -")
    g.draw()
    rec = json.loads(game_record(g))
    assert rec["seed"] is None and rec["start"].startswith("fibur 2p")
    assert load_record(json.dumps(rec)).position() == g.position()


@pytest.mark.parametrize("mutate, match", [
    (lambda d: d.update(actions=["draw", "draw"]), "action 2 'draw' is refused"),
    (lambda d: d.update(actions="draw"), "list of action strings"),
    (lambda d: d.update(format="pgn"), "format"),
    (lambda d: d.update(rules="bridge"), "unknown rule set"),
    (lambda d: d.update(players=6), "played by 2 to 5 players, not 6.*\\(GAME-4"),
    (lambda d: d.update(players=5, rules="ramiroyal"), "played by 2 players, not 5.*\\(P5-5"),
    (lambda d: d.update(seed="x"), "integer seed"),
    (lambda d: d.update(extra=1), "unknown key"),
    (lambda d: d.update(actions=["draw", "meld 5H 6X"]), "bad card notation '6X'"),
])
def test_bad_records_refused(mutate, match: str) -> None:  # type: ignore[no-untyped-def]
    data = json.loads(game_record(Game.new(2, seed=1)))
    mutate(data)
    with pytest.raises(NotationError, match=match):
        load_record(json.dumps(data))


def test_not_json_refused() -> None:
    with pytest.raises(NotationError, match="not JSON"):
        load_record("{'rules': 'fibur'}")
    with pytest.raises(NotationError, match="JSON object"):
        load_record("[1, 2]")


@pytest.mark.parametrize("bad, match", [
    ("fibur 4p", "header"),
    ("fibur 6p d0 t0 draw | h: - | m: - | p: - | s: * | pots: - | took: -", "played by"),
    ("ramiroyal 5p d0 t0 draw | h: - | m: - | p: - | s: * | pots: - | took: -", "P5-5"),
    ("fibur 2p d0 t0 nap | h: - / - | m: - | p: - | s: * | pots: - | took: -", "phase"),
    ("fibur 2p d0 t0 draw | h: 5H 5H 5H / - | m: - | p: - | s: * | pots: - | took: -", "EQ-1"),
    ("fibur 2p d0 t0 draw | h: 5H / - | m: 0=5H 6D 7H | p: - | s: * | pots: - | took: -", "RUN-1"),
    ("fibur 2p d0 t0 draw | h: 5H / - / - | m: - | p: - | s: * | pots: - | took: -", "3 hands for 2 players"),
    ("fibur 2p d0 t0 draw | h: 5H / - | m: - | p: - | s: * | took: -", "missing section"),
    ("fibur 2p d0 t0 draw | h: 5H / - | m: - | p: - | s: * | pots: * | took: -", "only one section"),
    ("fibur 2p d0 t0 draw | h: 5H / - | m: 7=5H 6H 7H | p: - | s: * | pots: - | took: -", "owner"),
    ("fibur 3p d0 t0 draw | h: - / - / - | m: - | p: - | s: * | pots: *11 | took: 1", "solo="),
    ("fibur 2p d0 t0 draw | h: - / - | m: - | p: - | s: *1 | pots: * | took: -", "STOCK-1"),
    ("fibur 2p d0 t0 over | h: - / - | m: - | p: - | s: * | pots: - | took: -", "how it ended"),
    ("fibur 2p d0 t0 draw zap | h: - / - | m: - | p: - | s: * | pots: - | took: -", "unknown flag"),
])
def test_bad_positions_refused(bad: str, match: str) -> None:
    with pytest.raises(NotationError, match=match):
        Game.from_position(bad)


def test_fuzzed_positions_are_refused_cleanly_or_round_trip() -> None:
    """Random damage to a valid position: a BuracoError, or a legal position that round-trips."""
    rng = random.Random(77)
    base = Game.new(4, seed=77)
    base.draw()
    base.discard(base.hand(1)[0])
    text = base.position()
    alphabet = "0123456789SHDCAKQJT |/:;=*-+ p"
    refused = accepted = 0
    for _ in range(600):
        chars = list(text)
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(chars))
            op = rng.randrange(3)
            if op == 0:
                chars[i] = rng.choice(alphabet)
            elif op == 1:
                del chars[i]
            else:
                chars.insert(i, rng.choice(alphabet))
        damaged = "".join(chars)
        try:
            g = Game.from_position(damaged)
        except BuracoError:
            refused += 1
            continue
        accepted += 1
        assert Game.from_position(g.position()).position() == g.position()
        g.check_invariants()
    assert refused > 300


def test_fuzzed_records_are_refused_cleanly() -> None:
    rng = random.Random(5)
    g = Game.new(2, seed=9)
    for _ in range(6):
        g.apply(rng.choice(g.legal_actions()))
    text = game_record(g)
    for _ in range(300):
        chars = list(text)
        i = rng.randrange(len(chars))
        chars[i] = rng.choice('{}[]",:0123456789abcdefghijklmnopqrstuvwxyzSHDC ')
        try:
            loaded = load_record("".join(chars))
        except NotationError:
            continue
        loaded.check_invariants()
