"""The count (SCORE-1..4), card points in melds (EQ-2, SCORE-2), victory points (GAME-2)."""

from __future__ import annotations

import pytest

from buraco_learn import Game, Meld, parse_cards, score_side, victory_points
from buraco_learn.scoring import VICTORY_POINTS


def test_score_1_worked_example_450_and_10() -> None:
    """The 4-player count of the rules reference: NS 450, EW 10."""
    ns = score_side([Meld.from_cards("3H 4H 5H 6H 7H 8H 9H TH"), Meld.from_cards("KC KD KS JK"),
                     Meld.from_cards("AS 2S 3S 4S 5S")], parse_cards("QD 4C"), closed=True, took_pot=True,
                    any_pot_taken=True)
    ew = score_side([Meld.from_cards("8D 9D TD JD QD KD 2C"), Meld.from_cards("5C 5D 5H")],
                    parse_cards("JK 7S 7S AC 2D 9H"), closed=False, took_pot=False, any_pot_taken=True)
    assert (ns.total, ew.total) == (450, 10)
    assert (ns.melded, ns.burraco_bonus, ns.closing, ns.in_hand, ns.pot_penalty) == (165, 200, 100, -15, 0)
    assert (ew.melded, ew.burraco_bonus, ew.closing, ew.in_hand, ew.pot_penalty) == (95, 100, 0, -85, -100)


def test_score_1_worked_example_from_a_played_position() -> None:
    """The same count, reached by North's closing discard in a game."""
    text = ("fibur 4p d1 t2 play | h: QD 4C / AC 2D 9H / 9C / JK 7S 7S"
            " | m: 0=3H 4H 5H 6H 7H 8H 9H TH; 2=KC KD KS JK; 0=AS 2S 3S 4S 5S; 1=8D 9D TD JD QD KD 2C; 3=5C 5D 5H"
            " | p: 3C | s: * | pots: *11 | took: 0")
    g = Game.from_position(text)
    g.discard("9C")
    res = g.result()
    assert res.reason == "closed" and res.closed_by == 2
    assert [sc.total for sc in res.scores] == [450, 10]
    assert res.credits == (450, 10, 450, 10)


def test_score_1_no_pot_penalty_when_no_side_took_one() -> None:
    sc = score_side([Meld.from_cards("5H 6H 7H")], parse_cards("9C"), took_pot=False, any_pot_taken=False)
    assert sc.pot_penalty == 0 and sc.total == 15 - 10


def test_score_2_physical_card_points() -> None:
    """A joker standing for a 5 is still 30; a 2 wild 20."""
    assert Meld.from_cards("4H JK 6H").points == 5 + 30 + 5
    assert Meld.from_cards("4H 2C 6H").points == 5 + 20 + 5


def test_eq2_wikipedia_fr_natural_two_and_low_ace_in_a_meld() -> None:
    m = Meld.from_cards("AH 2H 3H 4H", rules="wikipedia-fr")
    assert m.points == 5 + 5 + 5 + 5
    assert Meld.from_cards("QH KH AH", rules="wikipedia-fr").points == 35  # a high ace keeps 15
    assert Meld.from_cards("AH AD AS", rules="wikipedia-fr").points == 45  # aces in a set keep 15
    # In the hand, a 2 is 20 and an ace 15 in every preset.
    sc = score_side([], parse_cards("2H AH"), rules=Meld.from_cards("5H 6H 7H", rules="wikipedia-fr").rules)
    assert sc.in_hand == -35


def test_score_3_a_hand_can_be_negative() -> None:
    sc = score_side([], parse_cards("JK JK AS"), took_pot=False, any_pot_taken=True)
    assert sc.total == -75 - 100


def test_score_4_breakdown_lines_add_up_and_name_each_burraco() -> None:
    sc = score_side([Meld.from_cards("3H 4H 5H 6H 7H 8H 9H"), Meld.from_cards("KS KS KH KH KD KD KC JK"),
                     Meld.from_cards("5C 6C 7C 8C JK 9D".replace(" 9D", " 9C TC"))], parse_cards("4D"),
                    closed=True)
    labels = [ln.label for ln in sc.lines]
    assert labels == ["melded cards", "clean burraco", "semi-clean burraco", "dirty burraco", "closing",
                      "cards in hand"]
    assert sc.total == sum(ln.points for ln in sc.lines)
    assert "semi-clean burraco" in str(sc) and "KS KS" in str(sc)


@pytest.mark.parametrize("diff, vp", [(0, (10, 10)), (100, (10, 10)), (105, (11, 9)), (300, (11, 9)),
                                      (305, (12, 8)), (1000, (15, 5)), (1705, (19, 1)), (2000, (19, 1)),
                                      (2005, (20, 0)), (-450, (12, 8))])
def test_game_2_victory_points(diff: int, vp: tuple[int, int]) -> None:
    assert victory_points(diff) == vp


def test_game_2_table_always_sums_to_20() -> None:
    assert all(w + lose == 20 for _, w, lose in VICTORY_POINTS)


def test_wild6_a_meld_counted_under_other_rules_keeps_its_layout() -> None:
    """WILD-6: a layout chosen on purpose is counted as it lies, also when the count's rules are
    another preset's; only a layout that is not legal there is laid again."""
    from buraco_learn import Meld, score_side

    chosen = Meld.from_cards("AC JK 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
                             layout="AC JK(=2C) 3C 4C 5C 6C 7C 8C 9C TC JC QC KC")
    assert chosen.burraco == "dirty"
    score = score_side([chosen], [], closed=False, took_pot=True, any_pot_taken=True, rules="wikipedia-fr")
    assert [line.points for line in score.burracos] == [100], "the dirty layout stays dirty under wikipedia-fr"
