"""What a meld is worth (EQ-2, BUR-1..5, WILD-6) where a changed rule would otherwise go
unnoticed: each burraco kind at its edge, the bonus of each kind under each preset, and the value
a layout is chosen by (card points and bonus, with the preset's natural 2 and low ace).

Custom rule sets give each value its own number, so a value taken for another changes a result.
"""

from __future__ import annotations

import dataclasses

import pytest

from buraco_learn import CLASSIC_FR, FIBUR, PRESETS, RAMIROYAL, WIKIPEDIA_FR, Meld, Rules, parse_cards
from buraco_learn.melds import _analyse_all, _layout_value, _run_points, burraco_bonus

ODD = dataclasses.replace(FIBUR, name="odd", clean_bonus=201, semi_clean_bonus=152, dirty_bonus=103,
                          natural_two_meld_points=7, low_ace_meld_points=3)
#: As ODD, a 2 of the suit natural or wild as worth most (wikipedia-fr's WILD-6).
ODD_CHOICE = dataclasses.replace(ODD, name="odd-choice", natural_two_optional=True)
NO_SEMI = dataclasses.replace(FIBUR, name="no-semi", semi_clean_bonus=None, dirty_bonus=91)

KINDS = [  # a layout, its kind under fibur (under a preset without semi-clean: dirty for semi-clean)
    ("3H 4H 5H 6H 7H 8H", None),                            # six cards: no burraco (BUR-1)
    ("3H 4H 5H 6H JK(=7H) 8H", None),
    ("3H 4H 5H 6H 7H 8H 9H", "clean"),                     # seven: a burraco (BUR-1, BUR-2)
    ("2H 3H 4H 5H 6H 7H 8H", "clean"),                     # a natural 2 is no wild (BUR-2)
    ("7S 7S 7H 7H 7D 7D 7C", "clean"),
    ("7S 7S 7H 7H 7D 7D 7C JK(=7)", "semi-clean"),         # a set of exactly 8, one wild (BUR-3)
    ("7S 7S 7H 7H 7D 7D JK(=7)", "dirty"),                 # a set of 7 with a wild (BUR-4)
    ("7S 7S 7H 7H 7D 7D 7C 7C JK(=7)", "dirty"),           # a 9-card set with a wild (BUR-4)
    ("3H 4H 5H 6H 7H 8H 9H JK(=TH)", "semi-clean"),        # a wild at the high end, 7 naturals (BUR-3)
    ("JK(=2H) 3H 4H 5H 6H 7H 8H 9H", "semi-clean"),        # at the low end
    ("3H 4H 5H 6H 7H 8H 2C(=9H)", "dirty"),                # at an end with only 6 naturals (BUR-4)
    ("2C(=2H) 3H 4H 5H 6H 7H 8H", "dirty"),
    ("3H 4H 5H JK(=6H) 7H 8H 9H TH", "dirty"),             # inside, however long (BUR-4)
    ("AC JK(=2C) 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", "dirty"),
    ("JK(=2C) 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", "semi-clean"),
]


@pytest.mark.parametrize("notation, kind", KINDS)
def test_bur_1_to_4_the_kind_of_each_burraco(notation: str, kind: str | None) -> None:
    """BUR-1..4 under fibur; BUR-3 without semi-clean burracos (classic-fr, ramiroyal): dirty."""
    assert Meld.parse(notation).burraco == kind
    assert Meld.parse(notation).is_burraco is (kind is not None)
    for rules in (CLASSIC_FR, RAMIROYAL, NO_SEMI):
        assert Meld.parse(notation, rules=rules).burraco == ("dirty" if kind == "semi-clean" else kind)


@pytest.mark.parametrize("notation, kind", KINDS)
def test_bur_2_to_4_the_bonus_of_each_burraco(notation: str, kind: str | None) -> None:
    """BUR-2..4: 200 / 150 / 100 under fibur, the rule set's own values, 0 for no burraco."""
    fibur = {None: 0, "clean": 200, "semi-clean": 150, "dirty": 100}
    odd = {None: 0, "clean": 201, "semi-clean": 152, "dirty": 103}
    no_semi = {None: 0, "clean": 200, "semi-clean": 91, "dirty": 91}
    assert Meld.parse(notation).bonus == fibur[kind]
    assert Meld.parse(notation, rules=ODD).bonus == odd[kind]
    assert Meld.parse(notation, rules=NO_SEMI).bonus == no_semi[kind]
    assert Meld.parse(notation, rules=CLASSIC_FR).bonus == (100 if kind == "semi-clean" else fibur[kind])


def test_bur_3_burraco_bonus_of_each_kind_under_each_rule_set() -> None:
    """BUR-2..4: burraco_bonus by kind; a semi-clean burraco under rules without the kind earns a
    dirty one's bonus (classic-fr: 100)."""
    assert [burraco_bonus(k) for k in (None, "clean", "semi-clean", "dirty")] == [0, 200, 150, 100]
    assert [burraco_bonus(k, ODD) for k in (None, "clean", "semi-clean", "dirty")] == [0, 201, 152, 103]
    assert burraco_bonus("semi-clean", CLASSIC_FR) == 100 and burraco_bonus("semi-clean", NO_SEMI) == 91
    assert burraco_bonus("semi-clean", RAMIROYAL) == 100 and burraco_bonus("clean", CLASSIC_FR) == 200
    assert burraco_bonus("semi-clean", WIKIPEDIA_FR) == 150


def _run_layouts(cards: str, rules: Rules) -> list[tuple[object, ...]]:
    res = _analyse_all(parse_cards(cards), rules)
    assert res[0] == "runs", (cards, res)
    return list(res[1])


RUNS = ["AH 2H 3H 4H", "2H 3H 4H 5H", "AH 2H 3H", "AH 3H JK", "2H 3H 4H 5H 6H 7H 8H", "2H 3H 4H 5H 6H 7H 8H 9H",
        "JK 4H 5H 6H 7H 8H 9H 3H", "5H 6H 7H JK", "QH KH AH JK", "AH 3H 2C", "2C 3H 5H 6H 7H 8H 9H TH",
        "2C 3H 4H 5H 6H 7H 8H", "AH 2C 3H 4H 5H 6H 7H", "AH 2H 2H 4H 5H 6H 7H 8H", "3H 4H 5H 6H 7H 8H 9H 2H"]


@pytest.mark.parametrize("rules", [*PRESETS.values(), ODD, ODD_CHOICE, NO_SEMI], ids=lambda r: r.name)
def test_wild_6_a_layouts_value_is_its_points_and_bonus(rules: Rules) -> None:
    """WILD-6, EQ-2: the value layouts are chosen by is the meld's card points (a natural 2 and a low
    ace as the rule set says) plus its burraco bonus."""
    seen = 0
    for cards in RUNS:
        for L in _run_layouts(cards, rules):
            meld = Meld.parse(_notation(L), rules=rules)
            assert _run_points(L[2], L[3], L[4], rules) == meld.points, (cards, L)
            assert _layout_value(L, rules) == meld.points + meld.bonus, (cards, L)
            seen += 1
    assert seen >= len(RUNS)


def _notation(L: tuple[object, ...]) -> str:
    from buraco_learn.melds import _notation_of

    return _notation_of(L)  # type: ignore[arg-type]


def test_wild_6_the_layout_worth_most_is_chosen() -> None:
    """WILD-6 (wikipedia-fr's "au choix"): the cards take the layout worth most, burraco bonus
    included: a clean burraco with its 2 natural beats the 2 as a wild worth more card points."""
    assert Meld.from_cards("2H 3H 4H 5H", rules="wikipedia-fr").notation() == "3H 4H 5H 2H(=6H)"  # 35 > 20
    seven = Meld.from_cards("2H 3H 4H 5H 6H 7H 8H", rules="wikipedia-fr")
    assert seven.notation() == "2H 3H 4H 5H 6H 7H 8H" and seven.burraco == "clean"  # 240 > 55 + 100
    # A natural 2 worth 7 (ODD_CHOICE): 7 + 15 < 20 + 15 as the wild standing for 6H.
    assert Meld.from_cards("2H 3H 4H 5H", rules=ODD_CHOICE).notation() == "3H 4H 5H 2H(=6H)"
    # Worth as much: the free wild's low end (WILD-1).
    assert Meld.from_cards("5H 6H 7H JK", rules="wikipedia-fr").notation() == "JK(=4H) 5H 6H 7H"
    assert Meld.from_cards("JK 4H 5H 6H 7H 8H 9H 3H").notation() == "JK(=2H) 3H 4H 5H 6H 7H 8H 9H"


@pytest.mark.parametrize("notation, fibur, odd, wiki", [
    ("AH 2H 3H 4H", 15 + 20 + 5 + 5, 3 + 7 + 5 + 5, 5 + 5 + 5 + 5),      # a low ace and a natural 2 (EQ-2)
    ("JK(=AH) 2H 3H 4H", 30 + 20 + 5 + 5, 30 + 7 + 5 + 5, 30 + 5 + 5 + 5),  # a wild for the ace: its own points
    ("AH 2C(=2H) 3H 4H", 15 + 20 + 5 + 5, 3 + 20 + 5 + 5, 5 + 20 + 5 + 5),  # a wild 2: 20 (SCORE-2)
    ("2H 3H 4H 5H", 20 + 15, 7 + 15, 5 + 15),                             # a natural 2 at the start
    ("3H 4H 5H 2H(=6H)", 35, 35, 35),
    ("QH KH AH", 10 + 10 + 15, 35, 35),                                   # a high ace: 15 everywhere
    ("7S 7S 7H JK(=7)", 15 + 30, 45, 45),
])
def test_eq_2_meld_points_under_each_rule_set(notation: str, fibur: int, odd: int, wiki: int) -> None:
    """EQ-2, SCORE-2: card points of a meld, with each rule set's natural 2 and low ace."""
    assert Meld.parse(notation).points == fibur
    assert Meld.parse(notation, rules=ODD).points == odd
    assert Meld.parse(notation, rules="wikipedia-fr").points == wiki
