"""Property tests (Hypothesis): random legal play and random arbitrary actions under every preset
and player count keep the engine's invariants; random text, JSON and rule values fed to every
reader raise nothing but the package's own errors.

Invariants after every action: every card of the deck is somewhere, once per copy (EQ-1); every
meld on the table is legal by itself and reads back from its notation; each side's score is the
sum of its breakdown (SCORE-4); a refused action leaves the position and the record
byte-identical (TURN-6); the record and the position replay to the same table.
"""

from __future__ import annotations

import json
import random
import string
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from buraco_learn import (ALL_CARDS, PRESETS, BuracoError, Card, Discard, Draw, Game, LayDown, LayOff, Meld, Rules,
                          TakePile, game_record, is_valid_meld, load_record, parse_action, parse_cards,
                          parse_position)

#: Every preset with every player count it allows.
COMBOS = [(name, n) for name, r in PRESETS.items() for n in r.players]
#: Each test runs a few seconds: fixed examples, no deadline (the machine is shared).
FAST = settings(max_examples=40, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def check_invariants(g: Game) -> None:
    """The invariants every reachable table keeps."""
    g.check_invariants()  # EQ-1: every card once per copy, nothing lost or made up
    for t in g.table:
        assert is_valid_meld(t.meld.cards, rules=g.rules), t.meld  # five players: three packs (P5-1)
        assert Meld.parse(str(t.meld), rules=g.rules) == t.meld, t.meld
    res = g.score_now()
    for sc in res.scores:
        assert sc.total == sum(line.points for line in sc.lines)
        assert sc.total == sc.melded + sc.burraco_bonus + sc.closing + sc.in_hand + sc.pot_penalty
    assert len(res.credits) == g.players


def check_round_trips(g: Game) -> None:
    """The record and the position replay to the same table."""
    assert load_record(game_record(g)).position() == g.position()
    assert Game.from_position(g.position(), rules=g.rules).position() == g.position()


def pick(g: Game, rng: random.Random) -> Any:
    """A random legal action, preferring the stock so hands end."""
    acts = g.legal_actions()
    assert acts, g.position()  # a hand that is not over always has a legal action
    if g.phase == "draw" and Draw() in acts and rng.random() < 0.8:
        return Draw()
    return rng.choice(acts)


@FAST
@given(combo=st.sampled_from(COMBOS), seed=st.integers(0, 2**32 - 1))
def test_random_legal_play_keeps_every_invariant(combo: tuple[str, int], seed: int) -> None:
    """Random legal play to the end of the hand keeps every invariant; the record replays it."""
    name, players = combo
    g = Game.new(players, rules=name, seed=seed, dealer=seed % players)
    rng = random.Random(seed)
    steps = 0
    while not g.is_over:
        g.apply(pick(g, rng))
        steps += 1
        if steps % 10 == 0:
            check_invariants(g)
        assert steps < 5000, "a hand ends"
    check_invariants(g)
    check_round_trips(g)
    assert g.result().reason in ("closed", "stock")


# ---------------------------------------------------------------------------- arbitrary actions
CARD_TEXTS = [str(c) for c in ALL_CARDS] + ["10H", "q♠", "XX", "", "2C(=5H)", "²"]
ODD_VALUES: list[Any] = [None, 1, 1.5, True, b"5H", ["5H"], object()]


def arbitrary_action(g: Game, rng: random.Random) -> Any:
    """An action of any kind, legal or not, well typed or not, as a value or as text."""
    hand = [str(c) for c in g.hand(g.to_move)] or ["5H"]

    def cards() -> list[Any]:
        out: list[Any] = [rng.choice(hand) if rng.random() < 0.8 else rng.choice(CARD_TEXTS)
                          for _ in range(rng.randint(0, 6))]
        if rng.random() < 0.05:
            out.append(rng.choice(ODD_VALUES))
        return out

    end = rng.choice([None, None, True, False])
    target: Any = rng.randint(-1, len(g.table) + 1) if rng.random() < 0.9 else rng.choice(ODD_VALUES + ["0"])
    kind = rng.randrange(9)
    if kind == 0:
        return Draw()
    if kind == 1:
        return TakePile()
    if kind == 2:
        return LayDown(tuple(cards()), end)
    if kind == 3:
        return LayOff(target, tuple(cards()), end)
    if kind == 4:
        return Discard(rng.choice(hand) if rng.random() < 0.8 else rng.choice(CARD_TEXTS + ODD_VALUES))
    if kind == 5:
        return f"meld {' '.join(map(str, cards()))}{rng.choice(['', ' high', ' low'])}"
    if kind == 6:
        return f"layoff {rng.choice(['0', '1', '2', '²', '-1', 'x', '99'])}: {' '.join(map(str, cards()))}"
    if kind == 7:
        return f"discard {rng.choice(hand)}"
    return "".join(rng.choice(string.printable + "²①١♠") for _ in range(rng.randint(0, 20)))


def refuse_or_play(g: Game, action: Any) -> None:
    """Play ``action``; a refusal must be a BuracoError that leaves the table and record as they were."""
    before, record = g.position(), game_record(g)
    can = g.can(action)
    try:
        g.apply(action)
    except BuracoError as err:
        assert not can
        assert g.position() == before and game_record(g) == record
        assert all(rule in str(err) for rule in getattr(err, "rules", ())), err  # the sentence names its rules
    else:
        assert can
        check_invariants(g)


@FAST
@given(combo=st.sampled_from(COMBOS), seed=st.integers(0, 2**32 - 1))
def test_random_arbitrary_actions_refuse_cleanly(combo: tuple[str, int], seed: int) -> None:
    """Arbitrary actions (legal or not, well typed or not) either play or raise a BuracoError that
    leaves the position and the record byte-identical (TURN-6)."""
    name, players = combo
    g = Game.new(players, rules=name, seed=seed)
    rng = random.Random(seed)
    for _ in range(150):
        if g.is_over:
            break
        if rng.random() < 0.4:
            g.apply(pick(g, rng))
        else:
            refuse_or_play(g, arbitrary_action(g, rng))
    check_invariants(g)
    check_round_trips(g)


# ---------------------------------------------------------------------------- readers
READERS = [parse_action, parse_position, load_record, Card.parse, parse_cards, Meld.parse]
NOTATION = st.text(alphabet=string.printable + "♠♥♦♣²①١|/;=*()", max_size=200)


def only_buraco_errors(reader: Any, value: Any) -> None:
    try:
        reader(value)
    except BuracoError as err:
        assert len(str(err)) < 1500
    except RecursionError:  # pragma: no cover - reported as a failure below
        raise AssertionError(f"{reader.__name__} let a RecursionError out") from None


@settings(max_examples=300, deadline=None, derandomize=True)
@given(reader=st.sampled_from(READERS), text=st.one_of(st.text(max_size=120), NOTATION))
def test_random_text_into_every_reader(reader: Any, text: str) -> None:
    """Random text into every reader: a value or a BuracoError, nothing else."""
    only_buraco_errors(reader, text)


#: Bits of text put into a position: numbers, Unicode digits, separators, cards, flags.
SPLICES = ["0", "1", "2", "3", "4", "9", "²", "①", "١", "-", "*", "*2", "*41", " / ", "; ", " | ", "=", ":", "",
           "5H", "JK", "2C(=4C)", "JK(=7)", "last", "closed=0", "end=stock", "solo=1", "single=9C+", "fill=7",
           "draw", "play", "over", "3p", "5p", "classic-fr", "ramiroyal", "wikipedia-fr", "h:", "took: 0,1"]


@settings(max_examples=200, deadline=None, derandomize=True)
@given(combo=st.sampled_from(COMBOS), seed=st.integers(0, 2**32 - 1),
       edits=st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 3), st.sampled_from(SPLICES)), max_size=3))
def test_random_positions_are_read_or_refused(combo: tuple[str, int], seed: int,
                                              edits: list[tuple[int, int, str]]) -> None:
    """A real position (a seeded hand played at random for a while) with random edits spliced in:
    either a NotationError, or a game that keeps every invariant and writes back the same."""
    name, players = combo
    g = Game.new(players, rules=name, seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, 150)):
        if g.is_over:
            break
        g.apply(pick(g, rng))
    text = g.position()
    for at, cut, splice in edits:
        i = at % (len(text) + 1)
        text = text[:i] + splice + text[i + cut:]
    try:
        h = parse_position(text)
    except BuracoError as err:
        event("refused: " + str(err).split("': ", 1)[-1][:30])
        return
    event("accepted")
    check_invariants(h)
    assert Game.from_position(h.position()).position() == h.position()


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=20)
RECORD_KEYS = ["format", "version", "rules", "players", "dealer", "seed", "start", "actions", "result"]


@settings(max_examples=300, deadline=None, derandomize=True)
@given(data=st.one_of(JSON, st.dictionaries(st.sampled_from(RECORD_KEYS), JSON, max_size=9)),
       base=st.booleans())
def test_random_json_into_load_record_and_rules(data: Any, base: bool) -> None:
    """Random JSON as a record (alone or over a valid record's keys) and as a rule set."""
    if base and isinstance(data, dict):
        valid = json.loads(game_record(Game.new(2, seed=1)))
        data = {**valid, **data}
    only_buraco_errors(load_record, json.dumps(data))
    only_buraco_errors(Rules.from_dict, data)


RULE_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-5, 200), st.integers(), st.floats(allow_nan=False),
                        st.text(max_size=8), st.lists(st.integers(0, 6), max_size=4))


@settings(max_examples=150, deadline=None, derandomize=True)
@given(changes=st.dictionaries(st.sampled_from(sorted(Rules().to_dict())), RULE_VALUES, max_size=4),
       seed=st.integers(0, 1000))
def test_random_rules_values(changes: dict[str, Any], seed: int) -> None:
    """Random rule parameters: refused with a RulesError, or a rule set whose deals keep every
    invariant and whose hands end."""
    values = {**Rules().to_dict(), "name": "custom", **changes}
    try:
        rules = Rules.from_dict(values)
    except BuracoError:
        event("refused")
        return
    event("accepted")
    rng = random.Random(seed)
    for players in rules.players:
        g = Game.new(players, rules=rules, seed=seed)
        check_invariants(g)
        steps = 0
        while not g.is_over and steps < 2000:
            acts = g.legal_actions()
            assert acts, g.position()
            g.apply(Draw() if Draw() in acts else rng.choice(acts))
            steps += 1
        assert g.is_over, "a hand under valid rules ends when the stock runs out"
        check_invariants(g)
        check_round_trips(g)
