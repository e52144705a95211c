"""Each preset follows the document it names (rules reference, section 12): the pot penalty
(SCORE-1), the closing bonus (CLOSE-5), a fixed number of hands (GAME-3), five players (GAME-4)
and the halving of a 3-player pair (P3-2)."""

from __future__ import annotations

import dataclasses

import pytest

from buraco_learn import (FIBUR, Game, HandResult, IllegalMove, Match, Meld, NotationError, Rules, RulesError,
                          game_record, get_rules, load_record, parse_position, score_side)

#: Both sides hold cards and no side took a pot; the hand ended by the stock.
NO_POT_TAKEN = ("{rules} 2p d0 t1 over last end=stock | h: 5H 6H / 9D | m: 0=3S 4S 5S; 1=KC KD KH | p: 3C"
                " | s: *2 | pots: * / *11 | took: -")


def test_score_1_wikipedia_fr_pot_penalty_even_when_no_side_took_a_pot() -> None:
    """SCORE-1, section 12: wikipedia-fr takes 100 off a side without its pot, with no condition
    ("de ne pas avoir pris son puits retranche 100 points"); fibur and classic-fr only when some
    side took one."""
    wiki = parse_position(NO_POT_TAKEN.format(rules="wikipedia-fr")).result()
    assert [sc.pot_penalty for sc in wiki.scores] == [-100, -100]
    assert wiki.credits == (15 - 10 - 100, 30 - 10 - 100)
    fibur = parse_position(NO_POT_TAKEN.format(rules="fibur")).result()
    assert [sc.pot_penalty for sc in fibur.scores] == [0, 0]
    assert fibur.credits == (15 - 10, 30 - 10)
    assert get_rules("wikipedia-fr").pot_penalty_always and not get_rules("classic-fr").pot_penalty_always
    # score_side applies the preset's condition itself.
    melds = [Meld.from_cards("3S 4S 5S")]
    assert score_side(melds, took_pot=False, any_pot_taken=False, rules="wikipedia-fr").pot_penalty == -100
    assert score_side(melds, took_pot=False, any_pot_taken=False, rules="fibur").pot_penalty == 0


def test_close_5_ramiroyal_bonus_gagnant_only_with_the_pot() -> None:
    """CLOSE-5, section 12: ramiroyal's 100 "bonus gagnant" goes to a player who emptied his hand
    having used his pot; closing once the pots have become stock earns no bonus and still -100."""
    # One card left, the pot taken, a burraco on the table: the close earns the bonus.
    g = Game.from_position("ramiroyal 2p d1 t0 play | h: 9C / 4D | m: 0=3H 4H 5H 6H 7H 8H 9H | p: 3C"
                           " | s: * | pots: *11 | took: 0")
    g.discard("9C")
    res = g.result()
    assert res.reason == "closed" and res.scores[0].closing == 100 and res.scores[0].pot_penalty == 0
    # The pots have become stock and nobody took one: the close earns nothing and still costs 100.
    g = Game.from_position("ramiroyal 2p d1 t0 play | h: 9C / 4D | m: 0=3H 4H 5H 6H 7H 8H 9H | p: 3C"
                           " | s: * | pots: - | took: -")
    g.discard("9C")
    res = g.result()
    assert res.reason == "closed" and res.closed_by == 0
    assert res.scores[0].closing == 0 and res.scores[0].pot_penalty == -100
    assert res.scores[0].total == 45 + 200 - 100
    assert all(line.label != "closing" for line in res.scores[0].lines)
    # fibur keeps the bonus for any close (a close needs the pot there anyway).
    g = Game.from_position("fibur 2p d1 t0 play | h: 9C / 4D | m: 0=3H 4H 5H 6H 7H 8H 9H | p: 3C"
                           " | s: * | pots: *11 | took: 0")
    g.discard("9C")
    assert g.result().scores[0].closing == 100


def test_game_3_classic_fr_fixed_number_of_hands_highest_total_wins() -> None:
    """GAME-3: classic-fr lets 3 or 4 players agree on 4, 8, ... hands; after the last one the
    highest total wins, even below the target, with no victory points."""
    m = Match(3, rules="classic-fr", hands=4, seed=3)
    assert m.form == "hands" and m.hands == 4
    for _ in range(3):
        m.add_result(HandResult("stock", None, ((0,), (1, 2)), (), (100, 40, 60)))
        assert not m.is_over and m.winner is None
    m.add_result(HandResult("stock", None, ((0,), (1, 2)), (), (10, 50, 0)))
    assert m.is_over and m.totals == (310, 170, 180) and m.winner == (0,)
    with pytest.raises(Exception, match="GAME-3"):
        m.add_result(HandResult("stock", None, ((0,), (1, 2)), (), (0, 0, 0)))
    four = Match(4, rules="classic-fr", form="hands", hands=8, seed=1)
    for i in range(8):
        assert not four.is_over
        four.add_result(HandResult("stock", None, ((0, 2), (1, 3)), (), (50, 60, 50, 60)))
    assert four.is_over and four.winner == (1, 3)
    with pytest.raises(IllegalMove, match=r"victory points belong to the tournament form \(GAME-2\)"):
        _ = four.victory_points
    with pytest.raises(RulesError, match=r"victory points \(GAME-2\) compare two sides"):
        Match(3, rules="classic-fr", form="tournament")
    # A tie after the agreed hands has no winner.
    tie = Match(4, rules="classic-fr", hands=4, seed=1)
    for _ in range(4):
        tie.add_result(HandResult("stock", None, ((0, 2), (1, 3)), (), (50, 50, 50, 50)))
    assert tie.is_over and tie.winner is None


def test_game_3_only_where_the_preset_allows_it() -> None:
    """GAME-3 is a classic-fr option (Rules.fixed_hands); fibur refuses it with the rule."""
    for rules in ("fibur", "wikipedia-fr"):
        with pytest.raises(RulesError, match=r"GAME-3.*not part of rule set"):
            Match(4, rules=rules, hands=4)
    with pytest.raises(RulesError, match="GAME-3"):
        Match(2, rules="ramiroyal", form="hands")
    custom = dataclasses.replace(FIBUR, name="fibur-hands", fixed_hands=True)
    assert Match(2, rules=custom, hands=2).form == "hands"


def test_game_3_classic_fr_plays_real_hands() -> None:
    """GAME-3 with dealt hands: next_hand deals until the agreed number is played."""
    m = Match(3, rules="classic-fr", hands=3, seed=8)
    while not m.is_over:
        g = m.next_hand()
        while not g.is_over:
            acts = g.legal_actions()
            g.apply(acts[0] if g.phase == "draw" else acts[-1])  # draw; discard the last legal card
        m.add(g)
    totals = tuple(sum(r.credits[seat] for r in m.results) for seat in range(3))
    best = max(totals)
    assert len(m.results) == 3 and m.totals == totals
    assert m.winner == (None if totals.count(best) > 1 else (totals.index(best),))


@pytest.mark.parametrize("make", [
    lambda: Game.new(6),
    lambda: Match(6),
    lambda: Rules(name="six", players=(2, 6)),
    lambda: get_rules("wikipedia-fr").check_players(6),
])
def test_game_4_six_players_refused_with_the_reason(make) -> None:  # type: ignore[no-untyped-def]
    """GAME-4: six players are refused everywhere, with a sentence naming DEAL-1 (five play the
    Italian burraco a cinque since issue 24)."""
    with pytest.raises(RulesError) as err:
        make()
    text = str(err.value)
    assert "GAME-4" in text and "DEAL-1" in text and "6" in text


def test_game_4_six_players_refused_in_positions_and_records() -> None:
    with pytest.raises(NotationError, match="GAME-4"):
        parse_position("wikipedia-fr 6p d0 t0 draw | h: - / - / - / - / - / - | m: - | p: - | s: * | pots: - | took: -")
    rec = game_record(Game.new(4, seed=1)).replace('"players": 4', '"players": 6')
    with pytest.raises(NotationError, match="GAME-4"):
        load_record(rec)


@pytest.mark.parametrize("pair_melds, side_total, half", [
    ("1=3H 4H 5H 6H 7H 8H 9H; 2=TS JS QS KS AS; 1=TD JD QD KD; 2=8C 9C TC JC QC KC; 1=AH AD AC", 335, 168),
    ("1=3H 4H 5H", -95, -47),
    ("1=3H 4H 5H; 2=6D 7D 8D", -75, -37),
    ("1=3H 4H 5H; 2=6D 7D 8D 9D", -65, -32),
])
def test_p3_2_pair_half_rounded_up_toward_the_higher_number(pair_melds: str, side_total: int, half: int) -> None:
    """P3-2: the pair's side score is halved, an odd score rounded up toward the higher number:
    335 gives 168, -95 gives -47; the soloist keeps his side's whole score."""
    g = parse_position(f"fibur 3p d0 t1 over end=stock solo=0 | h: 5C / 9D / - | m: {pair_melds}"
                       " | p: 3C | s: *2 | pots: * | took: 0")
    res = g.result()
    pair, solo = res.sides.index((1, 2)), res.sides.index((0,))
    assert res.scores[pair].total == side_total
    assert res.credits[1] == res.credits[2] == half
    assert res.credits[0] == res.scores[solo].total == -5
