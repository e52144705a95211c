"""Layouts (WILD-1..6, RUN-2, RUN-5): the best layout by default, any legal layout on request.

The heart of this file is an exhaustive layout enumerator written here, independent of the
engine's search: it slides a window of positions (1 = low ace .. 14 = high ace) over the run and
matches each position to a card, so every legal placement of the ace and of each wild is found,
then scores each layout per preset. For every run of 3..14 cards that the generator reaches,
and every preset, the engine's default layout must be the best one enumerated (ties: the layout
lying lowest, WILD-1's low end), ``Meld.layouts`` must list exactly the enumerated layouts, and
every enumerated layout must parse back identical with ``Meld.parse``.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from buraco_learn import JOKER, Card, Game, InvalidMeld, Meld, NotationError, PRESETS, is_valid_meld
from buraco_learn.actions import parse_action
from buraco_learn.rules import Rules

RANKS = "A23456789TJQK"


def _natural(pos: int, suit: str) -> Card:
    """The natural card of run position ``pos`` (1 and 14 are the ace)."""
    return Card.parse(("A" if pos in (1, 14) else RANKS[pos - 1]) + suit)


def enumerate_layouts(cards: list[Card], suit: str, rules: Rules) -> list[tuple[int, tuple[Card, ...], int]]:
    """Every legal layout of ``cards`` as a run of ``suit`` for a new meld: (start, cards, wild index).

    Straight from the rules: consecutive positions (RUN-1), at most 14 (RUN-3), an ace at 1 or
    14 (RUN-2), at most one wild standing for the one missing card (RUN-4, WILD-1), a 2 of the
    suit in position 2 is natural (RUN-5) and, unless the preset lets a 2 be wild "au choix",
    natural whenever some layout allows it.
    """
    found = _all_layouts(cards, suit)
    if not rules.natural_two_optional:
        natural_two = [L for L in found if _has_natural_two(L, suit)]
        if natural_two:
            found = natural_two
    return found


_NATURALS = {(suit, pos): _natural(pos, suit) for suit in "SHDC" for pos in range(1, 15)}
_WINDOWS: dict[tuple[str, int, int], tuple[list[Card], Counter[Card]]] = {}


def _all_layouts(cards: list[Card], suit: str) -> list[tuple[int, tuple[Card, ...], int]]:
    """Slide every window of len(cards) positions over 1..14 and match it to the cards."""
    n = len(cards)
    have = Counter(cards)
    found: list[tuple[int, tuple[Card, ...], int]] = []
    middle = [c.r for c in cards if 3 <= c.r <= 13]
    for lo in range(1, 16 - n):
        if middle and not (lo <= min(middle) and max(middle) <= lo + n - 1):
            continue
        key = (suit, lo, n)
        if key not in _WINDOWS:
            window = [_NATURALS[suit, p] for p in range(lo, lo + n)]
            _WINDOWS[key] = (window, Counter(window))
        window, needed = _WINDOWS[key]
        missing = needed - have
        extra = have - needed
        if not missing and not extra:
            found.append((lo, tuple(window), -1))
        elif sum(missing.values()) == 1 and sum(extra.values()) == 1:
            wild = next(iter(extra))
            if not wild.is_wild:
                continue
            gone = next(iter(missing))
            for i, card in enumerate(window):
                if card == gone:
                    found.append((lo, tuple(wild if j == i else c for j, c in enumerate(window)), i))
    return found


def _has_natural_two(layout: tuple[int, tuple[Card, ...], int], suit: str) -> bool:
    start, slots, wild = layout
    return start <= 2 < start + len(slots) and wild != 2 - start


def value(layout: tuple[int, tuple[Card, ...], int], rules: Rules) -> int:
    """Card points (EQ-2 with the preset's natural 2 and low ace) plus the burraco bonus (BUR-1..4)."""
    start, slots, wild = layout
    points = 0
    for i, c in enumerate(slots):
        pos = start + i
        if i != wild and pos == 1:
            points += rules.low_ace_meld_points
        elif i != wild and pos == 2:
            points += rules.natural_two_meld_points
        else:
            points += c.points
    n = len(slots)
    if n < 7:
        bonus = 0
    elif wild < 0:
        bonus = rules.clean_bonus
    elif wild in (0, n - 1) and n - 1 >= 7 and rules.semi_clean_bonus is not None:
        bonus = rules.semi_clean_bonus
    else:
        bonus = rules.dirty_bonus
    return points + bonus


def best(layouts: list[tuple[int, tuple[Card, ...], int]], rules: Rules) -> tuple[int, tuple[Card, ...], int]:
    """Worth most (WILD-6); on a tie the layout lying lowest (WILD-1's low end), then the wild lower."""
    return max(layouts, key=lambda L: (value(L, rules), -L[0], -L[2]))


def _as_tuple(m: Meld) -> tuple[int, tuple[Card, ...], int]:
    return (m.low, m.cards, -1 if m.wild_index is None else m.wild_index)


def _run_multisets() -> list[list[Card]]:
    """Every run-shaped multiset of hearts: any set of distinct naturals (A, 3..K), none, one or
    two 2H, and no other wild, a joker or a 2C; 3..14 cards."""
    naturals = [Card.parse(r + "H") for r in "A3456789TJQK"]
    out = []
    for mask in range(1 << len(naturals)):
        base = [c for i, c in enumerate(naturals) if mask >> i & 1]
        for twos in range(3):
            for other in ([], [JOKER], [Card.parse("2C")]):
                cards = base + [Card.parse("2H")] * twos + other
                if 3 <= len(cards) <= 14:
                    out.append(cards)
    return out


MULTISETS = _run_multisets()


def _check(cards: list[Card], suit: str) -> int:
    """The engine against the enumerator for one multiset in every preset; returns layouts seen."""
    seen = 0
    if not _all_layouts(cards, suit):
        assert not is_valid_meld(cards) or Meld.from_cards(cards).kind == "set", cards
        return 0
    for rules in PRESETS.values():
        want = enumerate_layouts(cards, suit, rules)
        if not want:
            assert not is_valid_meld(cards) or Meld.from_cards(cards).kind == "set", cards
            continue
        engine = Meld.from_cards(cards, rules=rules)
        assert _as_tuple(engine) == best(want, rules), (rules.name, cards, str(engine))
        assert engine.points + engine.bonus == value(best(want, rules), rules)
        listed = Meld.layouts(cards, rules=rules)
        assert sorted(map(_as_tuple, listed), key=repr) == sorted(want, key=repr), (rules.name, cards)
        for layout in want:
            text = " ".join(f"{c}(={_natural(layout[0] + i, suit)})" if i == layout[2] else str(c)
                            for i, c in enumerate(layout[1]))
            parsed = Meld.parse(text, rules=rules)
            assert _as_tuple(parsed) == layout and str(parsed) == text, (rules.name, text)
            if rules.natural_two_optional:  # once per multiset is enough (the slowest call)
                assert Meld.from_cards(cards, rules=rules, layout=text) == parsed
            seen += 1
    return seen


def test_wild6_default_is_the_best_enumerated_layout_for_every_run_and_preset() -> None:
    """WILD-6, WILD-1, RUN-2, RUN-5: every run-shaped multiset of one suit (36,000 of them),
    every preset: default = best enumerated; every layout listed, parsed and requestable."""
    seen = sum(_check(cards, "H") for cards in MULTISETS)
    assert seen > 5000  # the generator reaches many legal layouts, not a handful


def test_wild6_default_is_the_best_layout_on_random_samples() -> None:
    """The same, on random shuffled samples in every suit, with extra wilds (mostly refused)."""
    rng = random.Random(611)
    checked = 0
    for _ in range(3000):
        suit = rng.choice("SHDC")
        ranks = rng.sample("A3456789TJQK", rng.randint(1, 12))
        cards = [Card.parse(r + suit) for r in ranks]
        cards += [Card.parse("2" + suit)] * rng.choice((0, 0, 1, 2))
        cards += rng.sample([JOKER, JOKER, Card.parse("2S"), Card.parse("2D"), Card.parse("2C")], rng.choice((0, 1, 1, 2)))
        rng.shuffle(cards)
        if not 3 <= len(cards) <= 14 or (len({c.r for c in cards if not c.is_wild}) == 1 and len(cards) - sum(c.is_wild for c in cards) >= 2):
            continue
        checked += _check(cards, suit) > 0
    assert checked > 300


# ---------------------------------------------------------------- named rules
AC_JK_RUN = "AC JK 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"


def test_wild6_ace_high_semi_clean_is_default() -> None:
    """WILD-6: AC JK 3C..KC lies JK(=2C) 3C .. KC AC, semi-clean (150), not AC JK(=2C) 3C .. KC (dirty)."""
    m = Meld.from_cards(AC_JK_RUN)
    assert str(m) == "JK(=2C) 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"
    assert (m.burraco, m.points, m.bonus) == ("semi-clean", 130, 150)
    # The low end of WILD-1 is asked of a wild that is free there: granted (the ace goes high).
    assert Meld.from_cards(AC_JK_RUN, wild_high=False) == m
    with pytest.raises(InvalidMeld, match="WILD-1"):
        Meld.from_cards(AC_JK_RUN, wild_high=True)
    # Where semi-clean does not exist both are dirty and worth the same: the lowest layout wins.
    assert str(Meld.from_cards(AC_JK_RUN, rules="classic-fr")).startswith("AC JK(=2C) 3C")


def test_wild6_parse_keeps_every_legal_layout_as_written() -> None:
    """WILD-6: a position can hold the dirty and the semi-clean layout of the same cards."""
    low = Meld.parse("AC JK(=2C) 3C 4C 5C 6C 7C 8C 9C TC JC QC KC")
    high = Meld.parse("JK(=2C) 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC")
    assert (low.burraco, high.burraco) == ("dirty", "semi-clean")
    assert str(Meld.parse(str(low))) == str(low) and str(Meld.parse(str(high))) == str(high)
    assert str(Meld.parse("5C 6C 2C")) == "5C 6C 2C(=7C)"  # written order chooses the end
    assert str(Meld.parse("KH AH 2H")) == "2H(=QH) KH AH"  # no layout's order: the default


def test_wild6_name_any_legal_layout_when_melding() -> None:
    """WILD-6: Meld.from_cards(layout=), Game.meld(layout=) and 'meld ... layout <layout>' choose a layout."""
    dirty = Meld.from_cards(AC_JK_RUN, layout="AC JK(=2C) 3C 4C 5C 6C 7C 8C 9C TC JC QC KC")
    assert dirty.burraco == "dirty"
    with pytest.raises(InvalidMeld, match="not made of these cards"):
        Meld.from_cards("5H 6H JK", layout="5D 6D JK(=7D)")
    with pytest.raises(InvalidMeld, match="RUN-5"):
        Meld.from_cards("3H 4H 2H", layout="3H 4H 2H(=5H)")  # fibur: the 2 is natural
    pos = ("fibur 2p d1 t0 play | h: AC JK 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 9S 9S / 4H | m: - | p: 3D | s: * "
           "| pots: *11 / *11 | took: -")
    g = Game.from_position(pos)
    layout = "AC JK(=2C) 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"
    g.meld(AC_JK_RUN, layout=layout)
    assert str(g.table[0].meld) == layout
    assert str(g.actions[-1]) == f"meld {AC_JK_RUN} layout {layout}"
    read = parse_action(str(g.actions[-1]))
    assert (str(read), read.layout) == (str(g.actions[-1]), layout)  # type: ignore[union-attr]
    again = Game.from_position(pos)
    again.apply(f"meld {AC_JK_RUN} layout {layout}")
    assert again.position() == g.position()
    default = Game.from_position(pos)
    default.meld(AC_JK_RUN)
    assert default.table[0].meld.burraco == "semi-clean"
    assert parse_action("meld 5H 6H JK high").layout is None  # type: ignore[union-attr]
    with pytest.raises(NotationError, match="'layout' is followed by the layout"):
        parse_action("meld 5H 6H JK layout")


def test_wild6_lay_off_ace_keeps_the_run_semi_clean() -> None:
    """WILD-6: AC laid off onto a semi-clean JK(=2C) 3C .. KC goes high; the run stays semi-clean."""
    run = Meld.parse("JK(=2C) 3C 4C 5C 6C 7C 8C 9C TC JC QC KC")
    assert run.burraco == "semi-clean"
    after = run.lay_off("AC")
    assert str(after) == "JK(=2C) 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC" and after.burraco == "semi-clean"
    assert run.can_lay_off("AC")
    # The player may still name the other layout.
    other = run.lay_off("AC", layout="AC JK(=2C) 3C 4C 5C 6C 7C 8C 9C TC JC QC KC")
    assert other.burraco == "dirty"
    assert [m.burraco for m in run.lay_off_layouts("AC")] == ["semi-clean", "dirty"]
    g = Game.from_position("fibur 2p d1 t0 play | h: AC 9S 9S / 4H | m: 0=JK(=2C) 3C 4C 5C 6C 7C 8C 9C TC JC QC KC "
                           "| p: 3D | s: * | pots: *11 / *11 | took: -")
    g.lay_off(0, "AC")
    by_default = g.table[0].meld
    g.undo()
    g.apply("layoff 0: AC layout AC JK(=2C) 3C 4C 5C 6C 7C 8C 9C TC JC QC KC")
    on_request = g.table[0].meld
    assert (by_default.burraco, on_request.burraco) == ("semi-clean", "dirty")
    assert str(g.actions[-1]).endswith("layout AC JK(=2C) 3C 4C 5C 6C 7C 8C 9C TC JC QC KC")


def test_wild6_wikipedia_fr_two_natural_or_wild_and_ace_high() -> None:
    """WILD-6 (wikipedia-fr "au choix"): 3H 4H 2H(=5H) may be laid; A..K defaults to 2H .. KH AH (105 + 200)."""
    wiki = "wikipedia-fr"
    m = Meld.parse("3H 4H 2H(=5H)", rules=wiki)
    assert m.wild == Card.parse("2H") and m.points == 30
    assert Meld.from_cards("3H 4H 2H", rules=wiki) == m  # the wild 2 is worth 20, the natural 5
    assert Meld.from_cards("2H 3H 4H", rules=wiki, layout="2H 3H 4H").points == 15
    full = Meld.from_cards("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", rules=wiki)
    assert str(full) == "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH" and (full.points, full.bonus) == (105, 200)
    low = Meld.parse("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", rules=wiki)
    assert low.points == 95
    # fibur: the 2 is natural whenever it can be, the ace low or high worth the same (lies low).
    assert str(Meld.from_cards("3H 4H 2H")) == "2H 3H 4H"
    assert str(Meld.from_cards("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH")).startswith("AH 2H")
    # A fibur position may still hold it (a 2 stays a wild until its card comes, WILD-5).
    assert str(Meld.parse("4H 5H 2H(=6H)").lay_off("3H")) == "3H 4H 5H 2H(=6H)"
    assert Meld.parse("3H 4H 5H 2H(=6H)").wild == Card.parse("2H")


def test_wild3_wikipedia_fr_freed_wild_moves_to_the_high_end() -> None:
    """WILD-3 per preset: a wild freed by its card takes the low end in fibur, the high end in wikipedia-fr."""
    assert str(Meld.parse("6C JK(=7C) 8C").lay_off("7C")) == "JK(=5C) 6C 7C 8C"
    assert str(Meld.parse("6C JK(=7C) 8C", rules="wikipedia-fr").lay_off("7C")) == "6C 7C 8C JK(=9C)"
    # A free wild replaced by its card too ("le joker se déplace alors à la fin de la série").
    assert str(Meld.parse("JK(=4C) 5C 6C", rules="wikipedia-fr").lay_off("4C")) == "4C 5C 6C JK(=7C)"
    assert str(Meld.parse("JK(=4C) 5C 6C").lay_off("4C")) == "JK(=3C) 4C 5C 6C"  # fibur: keeps its end
    # Else the low end: no room above a high ace.
    assert str(Meld.parse("QD JK(=KD) AD", rules="wikipedia-fr").lay_off("KD")) == "JK(=JD) QD KD AD"


def test_wild5_bound_wild_is_never_driven_out_by_another_wild() -> None:
    """WILD-5, WILD-3: 3C 2C(=4C) 5C 6C plus 2H or a joker is refused, and not offered."""
    run = Meld.parse("3C 2C(=4C) 5C 6C")
    for wild in ("2H", "JK"):
        with pytest.raises(InvalidMeld) as err:
            run.lay_off(wild)
        assert {"WILD-3", "WILD-5"} <= set(err.value.rules) and "WILD-5" in str(err.value)
        assert not run.can_lay_off(wild)
    assert str(run.lay_off("4C")) == "2C 3C 4C 5C 6C"  # its card frees it: natural (WILD-5)
    assert str(run.lay_off("4C JK")) == "JK(=AC) 2C 3C 4C 5C 6C"
    # A free wild stays a wild too until its card comes: one card or many, the same verdict.
    free = Meld.parse("2C(=6C) 7C 8C")
    assert not free.can_lay_off("3C 4C 5C JK")
    with pytest.raises(InvalidMeld, match="WILD-5"):
        free.lay_off("3C 4C 5C JK")
    g = Game.from_position("fibur 2p d1 t0 play | h: 2H JK 4C 9S 9S / 4H | m: 0=3C 2C(=4C) 5C 6C | p: 3D | s: * "
                           "| pots: *11 / *11 | took: -")
    offered = {str(a) for a in g.legal_lay_offs()}
    assert "layoff 0: 4C" in offered
    assert not {"layoff 0: 2H", "layoff 0: JK"} & offered
    assert not g.can("layoff 0: 2H") and not g.can("layoff 0: JK")


def test_run4_message_names_the_wilds_right() -> None:
    """RUN-4: in 2S 2S 2S 3S one 2S may be natural; the message names the two that would be wild."""
    with pytest.raises(InvalidMeld) as err:
        Meld.from_cards("2S 2S 2S 3S")
    assert "2S and 2S would both be wild" in str(err.value)
    assert "2S and 2S and 2S" not in str(err.value)
    with pytest.raises(InvalidMeld, match=r"here 2S and 2D would both be wild"):
        Meld.from_cards("2S 4H 5H 6H 2D")


@pytest.mark.parametrize("text, words", [
    ("5H(=5H) 6H 7H", "5H is a natural card and takes no annotation"),
    ("7D(=7) 7S 7H", "7D is a natural card and takes no annotation"),
    ("JK(=5) KH KD", "stands for a king; write it JK(=K)"),
    ("JK(=Z) KH KD", "does not say what the wild stands for"),
    ("JK(=JK) 5H 6H", "stands for a natural card, not a joker"),
    ("2C(=4C) 8C 9C", "the wild 2C cannot stand for 4C; in this meld it stands for 7C or TC"),
])
def test_wild1_annotations_are_checked_with_a_whole_sentence(text: str, words: str) -> None:
    """WILD-1, SET-2: a wild's annotation names what it may stand for; a natural card takes none."""
    with pytest.raises(NotationError) as err:
        Meld.parse(text)
    assert words in str(err.value)
    assert not str(err.value).rstrip().endswith("for")
    assert str(Meld.parse("JK(=K) KH KD")) == "KH KD JK(=K)"


def test_wild3_wild5_lay_off_invariants_on_random_runs() -> None:
    """WILD-3, WILD-5, WILD-6 on random lay-offs in every preset: can_lay_off agrees with lay_off;
    until its card is laid off the meld's wild stays its wild (a bound one in its very place); the
    default result is worth at least as much as every other legal result, and each parses back."""
    rng = random.Random(35)
    tried = accepted = 0
    for _ in range(1500):
        rules = rng.choice(list(PRESETS.values()))
        suit = rng.choice("SHDC")
        low = rng.randint(1, 11)
        length = rng.randint(3, min(8, 15 - low))
        cards = [_natural(p, suit) for p in range(low, low + length)]
        if rng.random() < 0.7:
            cards[rng.randrange(length)] = rng.choice([JOKER, Card.parse("2" + suit), Card.parse("2" + rng.choice("SHDC"))])
        try:
            run = Meld.from_cards(cards, rules=rules)
        except InvalidMeld:
            continue
        pool = [_natural(p, suit) for p in range(1, 15)] + [JOKER, Card.parse("2" + suit), Card.parse("2C")]
        new = rng.sample(pool, rng.randint(1, 2))
        tried += 1
        try:
            after = run.lay_off(new)
        except InvalidMeld:
            assert not run.can_lay_off(new)
            continue
        accepted += 1
        assert run.can_lay_off(new)
        if run.wild is not None and run.wild_stands_for not in new:
            assert after.wild == run.wild, (str(run), new, str(after))
            if not run.wild_is_free:
                assert after.wild_stands_for == run.wild_stands_for
        options = run.lay_off_layouts(new)
        assert options[0] == after
        assert all(after.points + after.bonus >= o.points + o.bonus for o in options)
        for o in options:
            assert Meld.parse(str(o), rules=rules) == o
            assert run.lay_off(new, layout=str(o)) == o
    assert tried > 800 and accepted > 200
