"""The edges of the public API: any input either works or raises the package's own error
(a ``BuracoError``) whose sentence says what was wrong and names the rule; nothing hangs,
nothing is left half-built (TURN-6)."""

from __future__ import annotations

import json
import time

import pytest

from buraco_learn import (FIBUR, BuracoError, Card, Discard, Game, IllegalMove, LayDown, LayOff, Match, Meld,
                          NotationError, Rules, RulesError, game_record, is_valid_meld, load_record, meld_error,
                          parse_action, parse_cards, parse_position)
from buraco_learn import check_copies, format_position
from buraco_learn.bots import make_bot
from buraco_learn.cards import excerpt

POS = "fibur 2p d0 t1 play | h: 5H 6H 7H 8C / 9D 9S JK 8H | m: 1=5H 6H 7H | p: 3C | s: * | pots: *11 / *11 | took: -"


def played() -> Game:
    g = Game.new(2, seed=4)
    g.draw()
    return g


def test_turn_6_clone_and_undo_are_independent() -> None:
    """TURN-6: a clone's undo and moves never reach the original (its undo stack is its own)."""
    g = played()
    before = g.position()
    c = g.clone()
    c.undo()
    c.draw()
    c.discard(c.hand(c.to_move)[0])
    assert g.position() == before
    g.undo()
    assert g.phase == "draw" and g.hand(1) == Game.new(2, seed=4).hand(1)
    assert g.position() == Game.new(2, seed=4).position()
    assert c.position() != g.position()


@pytest.mark.parametrize("digit", ["²", "①", "١", "٣", "𝟙"])
def test_digits_are_ascii_only(digit: str) -> None:
    """Unicode digits (str.isdigit accepts them, int() does not) are refused with NotationError."""
    bad_positions = [
        f"fibur {digit}p d0 t1 play | h: - / - | m: - | p: 3C | s: * | pots: - | took: -",
        POS.replace("d0", f"d{digit}"),
        POS.replace("t1", f"t{digit}"),
        POS.replace("play", f"play fill={digit}"),
        POS.replace("s: *", f"s: *{digit}"),
        POS.replace("took: -", f"took: {digit}"),
        POS.replace("m: 1=", f"m: {digit}="),
        POS.replace("play", f"play closed={digit}"),
    ]
    for text in bad_positions:
        with pytest.raises(NotationError):
            parse_position(text)
    with pytest.raises(NotationError, match="meld number"):
        parse_action(f"layoff {digit}: 5H")
    g = Game.from_position(POS)
    assert not g.can(f"layoff {digit}: 8H")
    with pytest.raises(NotationError):
        g.apply(f"layoff {digit}: 8H")
    rec = json.loads(game_record(played()))
    rec["actions"].append(f"layoff {digit}: 5H")
    with pytest.raises(NotationError, match="bad record"):
        load_record(json.dumps(rec))


def test_table_widget_play_refuses_unicode_digits_and_wrong_types() -> None:
    """The table widget shows the engine's sentence instead of raising."""
    from buraco_learn.widgets import TableWidget

    g = Game.from_position(POS.replace("t1", "t0"))
    w = TableWidget(g, viewer=0)
    for action in ("layoff ²: 8H", Discard(None), LayDown(None), LayOff(True, (Card.parse("8C"),))):  # type: ignore[arg-type]
        before = g.position()
        assert w.play(action) is None
        assert g.position() == before


def test_records_refuse_deep_nesting_huge_numbers_and_size() -> None:
    """load_record refuses deep nesting, 5,000-digit numbers and oversized text with NotationError."""
    for text in ("[" * 2000, "[" * 200_000, '{"a":' * 5000, "1" + "0" * 5000,
                 json.dumps({"format": "buraco_learn-record", "version": 1, "players": 2, "seed": 10**4000,
                             "dealer": 0, "start": None, "actions": []})):
        with pytest.raises(NotationError, match="bad record"):
            load_record(text)
    data = json.loads(game_record(played()))
    for key, value in (("seed", 2**70), ("dealer", True), ("players", 2.0), ("dealer", 10**30), ("result", [1] * 3)):
        bad = dict(data, **{key: value})
        with pytest.raises(NotationError) as err:
            load_record(json.dumps(bad))
        assert len(str(err.value)) < 400
    with pytest.raises(NotationError, match="too long"):
        load_record(" " * 3_000_000)
    with pytest.raises(NotationError):
        load_record(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("changes, rule", [
    ({"players": 4}, "players"),
    ({"players": [2, 2]}, "players"),
    ({"players": [1]}, "players"),
    ({"jokers": 2.5}, "EQ-1"),
    ({"jokers": True}, "EQ-1"),
    ({"jokers": 5}, "EQ-1"),
    ({"soloist_pot_size": -1}, "DEAL-2"),
    ({"soloist_pot_size": 60}, "DEAL-2"),
    ({"jokers": 0, "hand_size": 15, "soloist_pot_size": 30, "stock_reserve": 13}, "DEAL-3"),
    ({"close_bonus": "100"}, "CLOSE-5"),
    ({"clean_bonus": 10**400}, "BUR-2"),
    ({"semi_clean_bonus": "150"}, "BUR-3"),
    ({"stock_reserve": 63}, "STOCK-1"),
    ({"stock_reserve": 41, "players": [4]}, "STOCK-1"),
    ({"pots_become_stock": 1}, "pots_become_stock"),
    ({"target": 0}, "GAME-1"),
    ({"tournament_hands": 2.0}, "GAME-2"),
    ({"name": "two words"}, "name"),
    ({"name": 7}, "name"),
    ({"aliases": "x"}, "aliases"),
    ({"fixed_hands": "yes"}, "fixed_hands"),
])
def test_rules_values_are_checked(changes: dict[str, object], rule: str) -> None:
    """Rules, Rules.from_dict and a record's rules refuse wrong types and values that do not fit
    together (a duplicated card, a stock that never ends, a bonus that is text) with RulesError."""
    data = {**FIBUR.to_dict(), "name": "custom", **changes}
    with pytest.raises(RulesError) as err:
        Rules.from_dict(data)
    assert rule in str(err.value) and len(str(err.value)) < 600
    rec = json.loads(game_record(played()))
    rec["rules"] = data
    with pytest.raises(NotationError, match="bad record"):
        load_record(json.dumps(rec))


def test_rules_from_dict_round_trip_and_refusals() -> None:
    for preset in ("fibur", "wikipedia-fr", "classic-fr", "ramiroyal"):
        from buraco_learn import get_rules

        r = get_rules(preset)
        assert Rules.from_dict(json.loads(json.dumps(r.to_dict()))) == r
    for bad in (None, [], "fibur", {1: 2}, {"nope": 1}):
        with pytest.raises(RulesError):
            Rules.from_dict(bad)  # type: ignore[arg-type]
    for bad in (3, b"fibur", "x" * 10_000, ["fibur"]):
        with pytest.raises(RulesError):
            Game.new(2, rules=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("text, words", [
    # An empty hand to move in a preset without play-on, after the pot: a dead end (CLOSE-3, TURN-5).
    ("fibur 2p d1 t0 draw | h: - / 4D | m: 0=3H 4H 5H | p: 3C | s: * | pots: *11 | took: 0", "CLOSE-3"),
    # An empty hand in the play phase: the turn cannot end with a discard (TURN-3).
    ("fibur 2p d1 t0 play | h: - / 4D | m: 0=3H 4H 5H | p: 3C | s: * | pots: *11 / *11 | took: -", "TURN-3"),
    # An empty hand with no pot left to take (TURN-5, POT-1).
    ("fibur 2p d1 t0 draw | h: - / 4D | m: 0=3H 4H 5H | p: 3C | s: * | pots: - | took: 1", "TURN-5"),
    # A closer who still holds cards (CLOSE-1).
    ("fibur 2p d1 t0 over closed=0 | h: 9C / 4D | m: 0=3H 4H 5H 6H 7H 8H 9H | p: 3C | s: * | pots: *11 | took: 0",
     "still holds"),
    # A close without a burraco, or without the pot (CLOSE-1), or with a wild (CLOSE-2).
    ("fibur 2p d1 t0 over closed=0 | h: - / 4D | m: 0=3H 4H 5H | p: 3C | s: * | pots: *11 | took: 0", "burraco"),
    ("fibur 2p d1 t0 over closed=0 | h: - / 4D | m: 0=3H 4H 5H 6H 7H 8H 9H | p: 3C | s: * | pots: *11 / *11"
     " | took: -", "pot"),
    ("fibur 2p d1 t0 over closed=0 | h: - / 4D | m: 0=3H 4H 5H 6H 7H 8H 9H | p: 2C | s: * | pots: *11 | took: 0",
     "CLOSE-2"),
    # The last turn (STOCK-1) with a stock that is not at its reserve.
    ("fibur 2p d1 t0 play last | h: 9C / 4D | m: - | p: 3C | s: * | pots: *11 / *11 | took: -", "STOCK-1"),
])
def test_impossible_positions_refused(text: str, words: str) -> None:
    """parse_position refuses tables no legal play leads to, naming the rule."""
    with pytest.raises(NotationError, match=words):
        parse_position(text)


def test_classic_fr_empty_hand_after_the_pot_is_a_position() -> None:
    """classic-fr plays on with an empty hand (CLOSE-4), so that position is accepted."""
    g = parse_position("classic-fr 4p d3 t0 draw | h: - / 4D / 5D / 6D | m: 0=3H 4H 5H | p: 3C | s: * | pots: *11"
                       " | took: 0")
    assert g.hand(0) == () and g.can("draw")


def test_legal_actions_see_a_lay_off_three_places_away() -> None:
    """WILD-2: a free wild moves into a gap, so QD KD reaches 9D TD 2S(=8D); legal_lay_offs lists it."""
    g = Game.from_position("fibur 2p d1 t0 play | h: QD KD 5C / 4H | m: 0=2S(=8D) 9D TD | p: 3C | s: * | "
                           "pots: *11 / *11 | took: -")
    assert g.can("layoff 0: QD KD")
    assert LayOff(0, (Card.parse("QD"), Card.parse("KD"))) in g.legal_lay_offs()
    assert LayOff(0, (Card.parse("QD"), Card.parse("KD"))) in g.legal_actions()


@pytest.mark.parametrize("call", [
    lambda g: g.meld(["5H", "6H", 7]),
    lambda g: g.meld(None),
    lambda g: g.meld(b"5H 6H 7H"),
    lambda g: g.meld("5H 6H 7H", wild_high="yes"),
    lambda g: g.lay_off(True, "8H"),
    lambda g: g.lay_off(1.0, "8H"),
    lambda g: g.lay_off("0", "8H"),
    lambda g: g.lay_off(0, None),
    lambda g: g.discard(None),
    lambda g: g.discard(["8C"]),
    lambda g: g.discard(8),
    lambda g: g.apply(Discard(None)),  # type: ignore[arg-type]
    lambda g: g.apply(LayDown(None)),  # type: ignore[arg-type]
    lambda g: g.apply(LayOff(True, (Card.parse("8H"),))),
    lambda g: g.apply(LayOff(0, "8H 9H", wild_high=3)),  # type: ignore[arg-type]
    lambda g: g.apply(42),
    lambda g: g.apply(None),
    lambda g: g.hand(2),
    lambda g: g.hand(True),
    lambda g: g.view(-1),
    lambda g: g.side_of("0"),
    lambda g: g.seat_name(1.5),
    lambda g: g.lay_off_targets(9),
    lambda g: g.check_rest(None),
    lambda g: g.candidate_melds(7),
])
def test_wrong_types_raise_the_packages_errors(call) -> None:  # type: ignore[no-untyped-def]
    """Wrong types are refused with a BuracoError and leave the game exactly as it was (TURN-6)."""
    g = Game.from_position(POS)
    before, record = g.position(), game_record(g)
    with pytest.raises(BuracoError) as err:
        call(g)
    assert len(str(err.value)) < 500
    assert g.position() == before and game_record(g) == record


def test_wrong_types_in_can_are_false() -> None:
    g = Game.from_position(POS)
    for action in (Discard(None), LayDown(None), LayOff(True, (Card.parse("8H"),)), LayOff("0", ()), 42, None,  # type: ignore[arg-type]
                   LayDown(("9D", "9S", "4C")), "layoff 0: " + "8H " * 5000):
        assert g.can(action) is False  # type: ignore[arg-type]
    assert g.can(LayDown(("9D", "9S", "JK")))  # notation inside an action value is read
    g2 = Game.from_position(POS.replace("t1", "t0"))
    assert g2.can(LayOff(0, ("8H",))) is False  # South cannot lay off onto North's meld


def test_lay_off_with_a_bool_is_not_meld_one() -> None:
    """A bool is not a meld number: g.lay_off(True, ...) is refused (TURN-2), not taken as meld 1."""
    g = Game.from_position("fibur 2p d0 t1 play | h: 5H / 9D 8H 4C | m: 1=5C 6C 7C; 1=5H 6H 7H | p: 3C | s: * "
                           "| pots: *11 / *11 | took: -")
    with pytest.raises(IllegalMove, match="TURN-2"):
        g.lay_off(True, "8H")
    g.lay_off(1, "8H")
    assert load_record(game_record(g)).position() == g.position()


@pytest.mark.parametrize("kwargs, rule", [
    ({"seed": "abc"}, "DEAL-5"), ({"seed": 1.5}, "DEAL-5"), ({"seed": -1}, "DEAL-5"), ({"seed": 2**64}, "DEAL-5"),
    ({"seed": True}, "DEAL-5"), ({"dealer": 1.5}, "DEAL-4"), ({"dealer": True}, "DEAL-4"), ({"dealer": 2}, "DEAL-4"),
    ({"players": "2"}, "DEAL-1"), ({"players": 2.0}, "DEAL-1"), ({"players": 6}, "DEAL-1"),
])
def test_game_new_checks_its_arguments(kwargs: dict[str, object], rule: str) -> None:
    """Game.new refuses a seed a record could not replay (DEAL-5), a dealer that is not a seat
    (DEAL-4) and a player count that is not 2, 3 or 4 (DEAL-1), naming the rule."""
    args = {"players": 2, **kwargs}
    with pytest.raises(BuracoError, match=rule):
        Game.new(**args)  # type: ignore[arg-type]


def test_every_seed_a_game_accepts_reloads() -> None:
    for seed in (0, 1, 2**32, 2**64 - 1):
        g = Game.new(2, seed=seed)
        g.draw()
        assert load_record(game_record(g)).position() == g.position()


@pytest.mark.parametrize("call", [
    lambda: Card.parse(None), lambda: Card.parse(5), lambda: Card.parse(b"5H"), lambda: Card.parse("5H" * 10_000),
    lambda: Card.of(14, "H"), lambda: Card.of(5, "X"), lambda: Card.of("5", "H"),
    lambda: parse_cards(None), lambda: parse_cards(5), lambda: parse_cards(b"5H"), lambda: parse_cards([None]),
    lambda: parse_cards([5]), lambda: parse_cards({"5H": 1}), lambda: parse_cards("5H " * 100_000),
    lambda: Meld.from_cards(None), lambda: Meld.from_cards([1, 2, 3]), lambda: Meld.from_cards(b"5H 6H 7H"),
    lambda: Meld.parse(None), lambda: Meld.parse(5), lambda: Meld.parse("5H " * 100_000),
    lambda: is_valid_meld(None), lambda: is_valid_meld(5), lambda: meld_error(b"5H"),
    lambda: Meld.parse("5H 6H 7H").lay_off(None), lambda: Meld.parse("5H 6H 7H").can_lay_off(3),
])
def test_card_and_meld_readers_refuse_wrong_types(call) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(BuracoError) as err:
        call()
    assert len(str(err.value)) < 300


def test_refusals_name_their_rule_in_the_sentence() -> None:
    """A refusal names its rule in the sentence, not only in .rules: not holding a card (TURN-2),
    nothing to undo (TURN-6), no result before the end (SCORE-1), a result of the wrong size."""
    g = Game.from_position(POS)
    with pytest.raises(IllegalMove) as err:
        g.discard("4C")
    assert "does not hold 4C" in str(err.value) and all(r in str(err.value) for r in err.value.rules)
    with pytest.raises(IllegalMove) as err:
        g.undo()
    assert "nothing to undo" in str(err.value) and "TURN-6" in str(err.value)
    with pytest.raises(IllegalMove) as err:
        g.result()
    assert "not over" in str(err.value) and "SCORE-1" in str(err.value)
    m = Match(2, seed=1)
    with pytest.raises(IllegalMove) as err:
        m.add_result(Game.new(4, seed=1).score_now())
    assert "4 seat(s)" in str(err.value) and "2 players" in str(err.value) and "SCORE-1" in str(err.value)
    with pytest.raises(IllegalMove, match="HandResult"):
        m.add_result("1200 -80")  # type: ignore[arg-type]


def test_oversized_input_is_refused_fast_with_a_short_quote() -> None:
    """A 10 MB position, action, record or card list is refused at once, its message quoting a
    short excerpt only."""
    big = POS + " " + "5H " * 3_500_000
    calls = [lambda: parse_position(big), lambda: parse_action("meld " + big), lambda: load_record(big * 2),
             lambda: parse_cards(big), lambda: Meld.parse(big), lambda: Card.parse(big),
             lambda: Game.from_position(POS).verify(big)]
    for call in calls:
        start = time.perf_counter()
        try:
            call()
        except BuracoError as err:
            assert len(str(err)) < 400
        else:  # pragma: no cover - the call must refuse
            raise AssertionError("oversized input accepted")
        assert time.perf_counter() - start < 0.5
    start = time.perf_counter()
    assert Game.from_position(POS).can(big) is False and time.perf_counter() - start < 0.5


def test_excerpt_quotes_a_short_start() -> None:
    assert excerpt("x" * 10_000).endswith("(10,000 characters)") and len(excerpt("x" * 10_000)) < 80
    assert excerpt(10**5000) == "a number of about 5,001 digits"


@pytest.mark.parametrize("call", [
    lambda: format_position(None), lambda: game_record("game"),  # type: ignore[arg-type]
    lambda: check_copies("5H 5H", jokers="4"), lambda: check_copies("5H 5H 5H", where="x" * 10_000),  # type: ignore[arg-type]
    lambda: FIBUR.stock_size("4"), lambda: FIBUR.pot_sizes(None),  # type: ignore[arg-type]
    lambda: Game.new(2, seed=1).side_melds([0]), lambda: Game.new(2, seed=1).side_has_burraco({}),  # type: ignore[arg-type]
    lambda: Match(2).add(None), lambda: make_bot(["strong"]), lambda: make_bot("expert"),  # type: ignore[arg-type]
    lambda: Game.new(2, seed=1).score_now().side_total(7),
])
def test_other_public_calls_raise_the_packages_errors(call) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(BuracoError) as err:
        call()
    assert len(str(err.value)) < 400
