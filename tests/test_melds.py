"""Melds: the worked examples of buraco_learn/reference/rules.md, SET-*, RUN-*, WILD-*, BUR-*, lay-offs, notation."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from buraco_learn import JOKER, Card, InvalidMeld, Meld, NotationError, is_valid_meld, make_deck, meld_error, parse_cards
from buraco_learn.cards import Suit
from buraco_learn.game import _candidate_melds

# ---------------------------------------------------------------- section 13 worked examples
VALID = [
    # cards, kind, burraco (fibur), points (fibur), points (wikipedia-fr), bonus fibur, bonus classic-fr
    ("5H 6H 7H", "run", None, 15, 15, 0, 0),
    ("QH KH AH", "run", None, 35, 35, 0, 0),
    ("AH 2H 3H", "run", None, 40, 15, 0, 0),
    ("KH AH 2H", "run", None, 45, 45, 0, 0),
    ("2H 3H 4H 2C", "run", None, 50, 35, 0, 0),
    ("7H 7H 7D", "set", None, 15, 15, 0, 0),
    # WILD-6: wikipedia-fr lays the ace high (15) rather than low (5): 2H 3H .. KH AH.
    ("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "run", "clean", 120, 105, 200, 200),
    # WILD-6: JK(=2C) 3C .. KC AC, semi-clean (dirty where semi-clean does not exist).
    ("AC JK 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", "run", "semi-clean", 130, 130, 150, 100),
    ("3H 4H 5H 6H 7H 8H 9H", "run", "clean", 45, 45, 200, 200),
    ("3H 4H 5H 6H 7H 8H 9H JK", "run", "semi-clean", 75, 75, 150, 100),
    ("3H 4H 5H JK 7H 8H 9H TH", "run", "dirty", 80, 80, 100, 100),
    ("3H 4H 5H 6H 7H 8H JK", "run", "dirty", 65, 65, 100, 100),
    ("7H 7H 7D 7D 7S 7S 7C JK", "set", "semi-clean", 65, 65, 150, 100),
    ("7H 7H 7D 7D 7S 7S 7C 7C JK", "set", "dirty", 70, 70, 100, 100),
]

REFUSED = [
    ("5H 6H 8H", {"RUN-1"}),
    ("5H 6D 7H", {"RUN-1"}),
    ("KH AH 2H 3H", {"RUN-2", "RUN-4"}),
    ("2S 4H 5H 6H 2D", {"RUN-4"}),
    ("JK JK 7H", {"RUN-4", "SET-2"}),
    ("2C 2C 2D", {"SET-2"}),
    ("JK 2C 7H 7D", {"SET-2"}),
    ("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH", {"RUN-2"}),
]


@pytest.mark.parametrize("cards, kind, burraco, points, wiki_points, bonus, classic_bonus", VALID)
def test_worked_example_accepted(cards: str, kind: str, burraco: str | None, points: int, wiki_points: int,
                                 bonus: int, classic_bonus: int) -> None:
    """Section 13: every accepted meld, its kind, burraco kind and points per preset."""
    m = Meld.from_cards(cards)
    assert (m.kind, m.burraco, m.points, m.bonus) == (kind, burraco, points, bonus)
    assert Meld.from_cards(cards, rules="wikipedia-fr").points == wiki_points
    assert Meld.from_cards(cards, rules="classic-fr").bonus == classic_bonus
    assert Meld.from_cards(cards, rules="ramiroyal").bonus == classic_bonus


@pytest.mark.parametrize("cards, rules", REFUSED)
def test_worked_example_refused(cards: str, rules: set[str]) -> None:
    """Section 13: every refused meld names its rule(s) and quotes the cards."""
    with pytest.raises(InvalidMeld) as err:
        Meld.from_cards(cards)
    assert rules <= set(err.value.rules), err.value
    assert cards in str(err.value)
    for rule in rules:
        assert rule in str(err.value)
    assert not is_valid_meld(cards)
    assert meld_error(cards) is not None


def test_worked_example_layouts() -> None:
    """RUN-6 and RUN-5: the engine finds the layout, a natural 2 is natural."""
    assert str(Meld.from_cards("KH AH 2H")) == "2H(=QH) KH AH"
    m = Meld.from_cards("2H 3H 4H 2C")
    assert [p.wild for p in m.placements] == [True, False, False, False]
    assert m.cards[1] == Card.parse("2H") and m.wild == Card.parse("2C")
    assert Meld.from_cards("AH 2H 3H").wild is None


# ---------------------------------------------------------------- sets
def test_set1_three_of_a_rank_suits_may_repeat() -> None:
    assert Meld.from_cards("9S 9S 9H").kind == "set"
    with pytest.raises(InvalidMeld, match="SET-1"):
        Meld.from_cards("9S 9H")


def test_eq1_no_third_copy_in_a_meld() -> None:
    with pytest.raises(InvalidMeld, match=r"7H appears 3 times.*\(EQ-1\)"):
        Meld.from_cards("7H 7H 7H")
    assert not is_valid_meld("7H 7H 7H 7D")


def test_set2_two_naturals_one_wild_and_no_set_of_twos() -> None:
    assert Meld.from_cards("9S 9H JK").wild is JOKER
    assert Meld.from_cards("9S 9H 2D").wild == Card.parse("2D")
    with pytest.raises(InvalidMeld, match="SET-2"):
        Meld.from_cards("9S JK 2D 9H")
    with pytest.raises(InvalidMeld, match="SET-2"):
        Meld.from_cards("2S 2S 2H")


def test_set3_at_most_nine_cards() -> None:
    assert len(Meld.from_cards("9S 9S 9H 9H 9D 9D 9C 9C JK")) == 9
    with pytest.raises(InvalidMeld):
        Meld.from_cards("9S 9S 9H 9H 9D 9D 9C 9C JK 2C")
    with pytest.raises(InvalidMeld, match="SET-2"):
        Meld.from_cards("9S 9S 9H 9H 9D 9D 9C 9C JK").lay_off("JK")


# ---------------------------------------------------------------- runs
def test_run1_consecutive_one_suit_no_rank_twice() -> None:
    assert Meld.from_cards("9C 7C 8C").cards == tuple(parse_cards("7C 8C 9C"))
    with pytest.raises(InvalidMeld, match="RUN-1"):
        Meld.from_cards("7C 8C 8C 9C")
    with pytest.raises(InvalidMeld, match="RUN-1"):
        Meld.from_cards("7C 8D 9C")


def test_run2_ace_low_or_high_never_both() -> None:
    low, high = Meld.from_cards("AS 2S 3S"), Meld.from_cards("QS KS AS")
    assert (low.low, high.high) == (1, 14)
    with pytest.raises(InvalidMeld, match="RUN-2"):
        Meld.from_cards("KS AS 2S 3S")
    with pytest.raises(InvalidMeld, match="RUN-2"):
        Meld.from_cards("AS 2S 3S AS")


def test_run3_at_most_fourteen_cards() -> None:
    full = Meld.from_cards("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH JK")
    assert len(full) == 14 and full.wild_stands_for == Card.parse("AH") and full.high == 14
    all13 = Meld.from_cards("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH")  # A..K (or 2..A): 13 ranks
    assert len(all13) == 13 and all13.burraco == "clean" and all13.wild is None
    with pytest.raises(InvalidMeld):
        full.lay_off("AH")


def test_run4_one_wild_at_most() -> None:
    with pytest.raises(InvalidMeld, match="RUN-4"):
        Meld.from_cards("5H JK 7H 2C")


def test_run5_natural_two_does_not_count_as_wild() -> None:
    m = Meld.from_cards("2H 3H 4H 2C")
    assert m.wild == Card.parse("2C") and len(m.naturals) == 3
    assert Meld.from_cards("AH 2H 3H").burraco is None and Meld.from_cards("AH 2H 3H").wild is None
    # A 2 of another suit in the 2 position is wild.
    assert Meld.from_cards("AH 2C 3H").wild == Card.parse("2C")
    # A 2 of the suit away from the 2 position is wild.
    assert Meld.from_cards("2H 5H 6H").wild_stands_for == Card.parse("4H")


def test_run6_order_does_not_matter() -> None:
    rng = random.Random(6)
    for text in ["KH AH 2H", "2H 3H 4H 2C", "3H 4H 5H JK 7H 8H 9H TH", "5C 6C 2C 8C"]:
        cards = parse_cards(text)
        want = Meld.from_cards(cards)
        for _ in range(10):
            rng.shuffle(cards)
            assert Meld.from_cards(cards) == want


# ---------------------------------------------------------------- wilds
def test_wild1_free_wild_low_unless_impossible_and_player_may_choose() -> None:
    assert str(Meld.from_cards("5H 6H JK")) == "JK(=4H) 5H 6H"
    assert str(Meld.from_cards("5H 6H JK", wild_high=True)) == "5H 6H JK(=7H)"
    assert str(Meld.from_cards("AH 2H JK")) == "AH 2H JK(=3H)"  # nothing below a low ace
    assert Meld.from_cards("5H JK 7H").wild_is_free is False
    with pytest.raises(InvalidMeld, match="WILD-1"):
        Meld.from_cards("5H JK 7H", wild_high=True)
    with pytest.raises(InvalidMeld, match="WILD-1"):
        Meld.from_cards("AH 2H JK", wild_high=False)


def test_wild2_free_wild_moves_into_a_gap() -> None:
    assert str(Meld.from_cards("2C 5C 6C").lay_off("8C")) == "5C 6C 2C(=7C) 8C"
    # A free wild keeps its end when it can.
    high = Meld.from_cards("5C 6C JK", wild_high=True)
    assert str(high.lay_off("4C")) == "4C 5C 6C JK(=7C)"


def test_wild3_bound_wild_moves_only_when_replaced() -> None:
    m = Meld.from_cards("6C JK 8C")
    with pytest.raises(InvalidMeld, match="WILD-3"):
        m.lay_off("TC")
    assert str(m.lay_off("7C TC")) == "6C 7C 8C JK(=9C) TC"
    assert str(m) == "6C JK(=7C) 8C"  # the meld itself is unchanged


def test_wild4_wild_never_leaves_and_needs_a_place() -> None:
    m = Meld.from_cards("QH KH JK", wild_high=False)
    assert str(m) == "JK(=JH) QH KH"
    # Supplying JH, the joker takes another place: the low end again (WILD-1).
    assert str(m.lay_off("JH")) == "JK(=TH) JH QH KH"
    assert JOKER in m.lay_off("JH").cards
    # The joker stands for the king; when the king comes, it moves to the one place left (the high ace).
    thirteen = Meld.from_cards("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH JK")
    assert thirteen.wild_stands_for == Card.parse("KH")
    full = thirteen.lay_off("KH")
    assert full.wild_stands_for == Card.parse("AH") and len(full) == 14
    # Now no card can come in: the joker would have no place left.
    for card in ("AH", "2C", "KH"):
        with pytest.raises(InvalidMeld):
            full.lay_off(card)


def test_wild5_pinella_drops_into_its_natural_slot() -> None:
    m = Meld.from_cards("2H 4H 5H")
    assert m.wild == Card.parse("2H")
    clean = m.lay_off("3H")
    assert clean.wild is None and str(clean) == "2H 3H 4H 5H"
    dirty = Meld.from_cards("2H 4H 5H 6H 7H 8H 9H")
    assert dirty.burraco == "dirty"
    assert dirty.lay_off("3H").burraco == "clean"


# ---------------------------------------------------------------- burracos
def test_bur1_seven_cards_make_a_burraco() -> None:
    assert Meld.from_cards("3S 4S 5S 6S 7S 8S").burraco is None
    assert Meld.from_cards("3S 4S 5S 6S 7S 8S 9S").is_burraco


def test_bur2_clean_has_no_wild_natural_two_allowed() -> None:
    assert Meld.from_cards("AS 2S 3S 4S 5S 6S 7S").burraco == "clean"
    assert Meld.from_cards("AS 2S 3S 4S 5S 6S 7S").bonus == 200


def test_bur3_semi_clean_run_and_set() -> None:
    assert Meld.from_cards("3H 4H 5H 6H 7H 8H 9H JK", wild_high=True).burraco == "semi-clean"
    assert Meld.from_cards("KS KS KH KH KD KD KC 2S").burraco == "semi-clean"
    assert Meld.from_cards("KS KS KH KH KD KD 2S").burraco == "dirty"  # 7 cards: 6 naturals


def test_bur4_dirty_otherwise() -> None:
    assert Meld.from_cards("3H 4H 5H 6H JK 8H 9H TH JH QH").burraco == "dirty"
    assert Meld.from_cards("3H 4H 5H 6H JK 8H 9H TH JH QH").bonus == 100


def test_bur5_kind_read_as_the_meld_lies() -> None:
    clean = Meld.from_cards("3H 4H 5H 6H 7H 8H 9H")
    assert clean.lay_off("JK").burraco == "semi-clean"
    assert Meld.from_cards("3H 4H 5H 6H 7H 8H").lay_off("JK").burraco == "dirty"


# ---------------------------------------------------------------- lay-offs and notation
def test_lay_off_must_keep_the_meld() -> None:
    with pytest.raises(InvalidMeld, match="TURN-2"):
        Meld.from_cards("7H 7D 7S").lay_off("8H")
    with pytest.raises(InvalidMeld):
        Meld.from_cards("5H 6H 7H").lay_off("8D")
    with pytest.raises(InvalidMeld, match="at least one card"):
        Meld.from_cards("5H 6H 7H").lay_off([])


def test_meld_notation_round_trips() -> None:
    for text in ["5C 6C 2C(=7C) 8C", "JK(=4H) 5H 6H", "7S 7H 7D JK(=7)", "AH 2H 3H", "2H(=QH) KH AH"]:
        m = Meld.parse(text)
        assert str(m) == text
        assert Meld.parse(str(m)) == m
    assert Meld.parse("5H 6H JK(=7H)").wild_stands_for == Card.parse("7H")


def test_meld_parse_refuses_wrong_annotations() -> None:
    with pytest.raises(NotationError, match="cannot stand for 4C"):
        Meld.parse("2C(=4C) 8C 9C")
    with pytest.raises(NotationError):
        Meld.parse("7S 7H JK(=7H)")
    with pytest.raises(NotationError):
        Meld.parse("5H 6H JK(=7H")


def test_meld_is_immutable_value() -> None:
    m = Meld.from_cards("5H 6H 7H")
    with pytest.raises(AttributeError):
        m.kind = "set"  # type: ignore[misc]
    assert m == Meld.from_cards("7H 5H 6H") and hash(m) == hash(Meld.from_cards("7H 6H 5H"))


# ---------------------------------------------------------------- properties against brute force
def _brute_valid(cards: list[Card]) -> bool:
    """An independent, slow definition of a legal meld straight from SET-* and RUN-*."""
    n = len(cards)
    if n < 3:
        return False
    wild_like = [c for c in cards if c.is_wild]
    nat = [c for c in cards if not c.is_wild]
    # Set: >= 2 naturals of one rank (never 2), at most one wild (any 2 is wild), <= 9 cards.
    if len(nat) >= 2 and len({c.r for c in nat}) == 1 and len(wild_like) <= 1 and n <= 9:
        return True
    # Run: try every suit, every start, ace low or high, every choice of which 2 is natural.
    for suit in "SHDC":
        for lo in range(1, 15 - n + 1):
            positions = list(range(lo, lo + n))
            if any(p > 14 for p in positions):
                continue
            # Assign each card to a position: naturals fixed, at most one wild anywhere.
            want = Counter()
            for p in positions:
                want[Card.parse(("A" if p in (1, 14) else "23456789TJQK"[p - 2]) + suit)] += 1
            have = Counter(cards)
            missing = want - have
            extra = have - want
            if sum(missing.values()) <= 1 and sum(extra.values()) == sum(missing.values()):
                if all(c.is_wild for c in extra.elements()):
                    return True
    return False


def test_validation_agrees_with_brute_force_on_random_candidates() -> None:
    rng = random.Random(13)
    deck = make_deck()
    suited = [c for c in deck if c.suit is not None and c.suit.value == "H"] + [JOKER] * 4
    checked = 0
    for _ in range(3000):
        pool = suited if rng.random() < 0.7 else deck
        cards = rng.sample(pool, rng.randint(3, 9))
        if max(Counter(cards).values()) > (4 if JOKER in cards else 2):
            continue
        assert is_valid_meld(cards) == _brute_valid(cards), cards
        checked += 1
    assert checked > 2000


def test_candidate_melds_equal_brute_force_enumeration() -> None:
    """Every sub-multiset of a small hand that is a legal meld is listed, once, and nothing else."""
    rng = random.Random(21)
    deck = make_deck()
    for _ in range(60):
        hand = rng.sample(deck, 8)
        found = {tuple(sorted(c.index for c in m)) for m in _candidate_melds(hand)}
        assert len(found) == len(_candidate_melds(hand))
        expected = set()
        for k in range(3, len(hand) + 1):
            for combo in itertools.combinations(hand, k):
                if is_valid_meld(list(combo)):
                    expected.add(tuple(sorted(c.index for c in combo)))
        assert found == expected, hand


# ---------------------------------------------------------------- fast paths against their definitions
def _random_card_lists(seed: int, count: int) -> list[list[Card]]:
    """Card lists near melds: one suit with wilds (runs, aces, 2s of the suit), one rank with
    wilds and strays (sets, copies), and anything (3 to 16 cards, some of them too many)."""
    rng = random.Random(seed)
    deck = make_deck()
    twos = [c for c in deck if c.r == 2]
    out = []
    for _ in range(count):
        kind = rng.random()
        if kind < 0.45:
            s = rng.randrange(4)
            pool = [c for c in deck if c.s == s] + [JOKER] * 2 + twos
        elif kind < 0.75:
            r = rng.choice([1, *range(3, 14)])
            pool = [c for c in deck if c.r == r] * 2 + [JOKER] * 2 + twos + rng.sample(deck, 3)
        else:
            pool = deck
        out.append([rng.choice(pool) for _ in range(rng.randint(1, 16))])
    return out


def test_quick_analysis_equals_the_full_analysis_under_every_preset() -> None:
    """RUN-1..6, SET-1..3, EQ-1, WILD-1, WILD-6: the shortcut of the meld analysis (``_quick_run``,
    which ``Meld.from_cards`` and the engine ask first) answers exactly as listing every layout and
    choosing (``_analyse_full``), layout or refusal, on card lists near melds under the 4 presets."""
    from buraco_learn.melds import _analyse, _analyse_full, _quick_run
    from buraco_learn.rules import PRESETS, get_rules

    answered = 0
    for name in PRESETS:
        rules = get_rules(name)
        for cards in _random_card_lists(31, 15_000):
            full = _analyse_full(cards, None, rules)
            quick = _quick_run(cards, rules)
            if quick is not None:
                answered += 1
                assert quick == full, (cards, name)
            assert _analyse(cards, None, rules) == full, (cards, name)
    assert answered > 30_000  # the shortcut answers most lists


def _points_card_by_card(meld: Meld) -> int:
    """A meld's points as the sum of its cards' points (EQ-2), a natural low ace and a natural 2 of
    a run counted as the preset says (SCORE-2): the definition ``Meld.points`` computes faster."""
    total = sum(c.points for c in meld.cards)
    if meld.kind == "run":
        rules = meld.rules
        for i, card in enumerate(meld.cards):
            if i != meld.wild_index and meld.low + i == 1:
                total += rules.low_ace_meld_points - card.points
            if i != meld.wild_index and meld.low + i == 2:
                total += rules.natural_two_meld_points - card.points
    return total


def test_meld_points_equal_the_sum_of_their_cards_points() -> None:
    """EQ-2, SCORE-2: ``Meld.points`` (from the positions a run covers, or a set's rank) equals the
    card-by-card sum, for new melds in every layout and melds after lay-offs, under the 4 presets."""
    from buraco_learn.rules import PRESETS

    checked = 0
    rng = random.Random(41)
    deck = make_deck()
    for n in range(400):
        rules = list(PRESETS)[n % len(PRESETS)]
        s = rng.randrange(4)
        hand = rng.sample([c for c in deck if c.s == s or c.r in (0, 2)] if n % 2 else deck, 12)
        for cards in _candidate_melds(hand)[:40]:
            melds = list(Meld.layouts(list(cards), rules=rules))
            for meld in list(melds):
                for card in rng.sample(hand, 3):
                    if meld.can_lay_off(card):
                        melds.append(meld.lay_off(card))
            for meld in melds:
                assert meld.points == _points_card_by_card(meld), (meld, rules)
                checked += 1
    assert checked > 3000


def test_common_refusals_name_the_ranks_suits_and_wilds_of_their_cards() -> None:
    """SET-1, RUN-1, RUN-2, RUN-4: the two most common refusals (``suits``, ``gap``), whose
    sentences ``_explain`` writes from one pass over the cards' bits, name what a card-by-card
    reading finds: the natural ranks in order and the suits as their symbols, in the suits' order
    (♠ ♥ ♦ ♣, never the notation's English letters, issue 25); whether there is a
    wild, and K-A-2's RUN-2."""
    words = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
    seen: Counter[object] = Counter()
    for cards in _random_card_lists(53, 20_000):
        text = " ".join(str(c) for c in cards)
        err = meld_error(cards)
        if err is None:
            continue
        naturals = [c for c in cards if not c.is_wild]
        if "not a set, whose cards share one rank" in str(err):
            ranks = ", ".join(words.get(r, str(r)) for r in sorted({c.r for c in naturals}))
            suits = ", ".join(s.symbol for s in Suit if any(c.suit is s for c in naturals))
            assert str(err) == (f"{text}: not a set, whose cards share one rank (SET-1; here {ranks}), nor a run, "
                                f"whose cards share one suit (RUN-1; here {suits})"), cards
            assert err.rules == ("SET-1", "RUN-1")
            seen["suits"] += 1
        elif "the cards are not consecutive" in str(err):
            wild = any(c.is_wild for c in cards)
            wrap = any(c.r == 1 for c in cards) and any(c.r == 13 for c in cards) and any(c.r in (2, 3) for c in cards)
            sentence = f"{text}: the cards are not consecutive: a run has no gap (RUN-1) " + (
                "and a run's one wild fills only one missing card (RUN-4)" if wild else
                "and there is no wild to fill it")
            if wrap:
                sentence += "; the ace is low (A-2-3) or high (Q-K-A), never both, so K-A-2 does not wrap (RUN-2)"
            assert str(err) == sentence, cards
            assert err.rules == (("RUN-2", "RUN-1") if wrap else ("RUN-1",)) + (("RUN-4",) if wild else ()), cards
            seen["gap", wrap, wild] += 1
    assert seen["suits"] > 1000 and min(seen.values()) >= 5 and len(seen) == 5, seen
