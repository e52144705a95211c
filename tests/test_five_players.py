"""Five players, the Italian *burraco a cinque* (GAME-4, P5-1 to P5-5): three packs, pots of 18, 11
and 11, the lone player and the two pairs formed when the 18-card pot is taken, the count halved
per pair, the match to 2005 with every player alone after 1005, the presets; six or one refused.

Expected counts are written from the rules (EQ-2 card points, BUR-2..4, CLOSE-5, SCORE-1, P5-3),
never read back from the engine."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from buraco_learn import (Game, HandResult, IllegalMove, Meld, RulesError, get_rules, load_record, game_record,
                          make_deck, seat_names)
from buraco_learn.bots import make_bot, play_hand
from buraco_learn.errors import InvalidMeld, NotationError
from buraco_learn.match import Match

SOLO_0 = ("fibur 5p d4 t0 play | h: 9C / 5H 6H 7H 8D 9D / 4S 5S / KD KH / 3C 3D | m: 1=7S 7H 7D; 3=7C 7C 7H | "
          "p: 4C | s: * | pots: *18 / *11 / *11 | took: -")


def points(card: str) -> int:
    """EQ-2, by the physical card."""
    rank = card[:-1] if card != "JK" else "JK"
    return {"JK": 30, "2": 20, "A": 15}.get(rank, 10 if rank in "KQJT98" else 5)


def expected_pairs(lone: int) -> set[tuple[int, ...]]:
    """P5-2 as written: in turn order after the lone player, the 1st with the 3rd, the 2nd with the 4th."""
    a, b, c, d = [(lone + k) % 5 for k in range(1, 5)]
    return {tuple(sorted((a, c))), tuple(sorted((b, d)))}


# ---------------------------------------------------------------------------------------- P5-1
def test_p5_1_three_packs_and_the_deal() -> None:
    g = Game.new(5, seed=8, dealer=2)
    assert [len(h) for h in g.hands] == [11] * 5
    assert [len(p) for p in g.pots] == [18, 11, 11] and len(g.pile) == 1 and len(g.stock) == 66
    every = g.all_cards()
    assert sum(every.values()) == 162 and every[Meld.parse("5H 5S 5D").cards[0]] == 3
    assert every == Counter(make_deck(6, copies=3)) and g.to_move == 3  # DEAL-4: the dealer's left
    again = Game.new(5, seed=8, dealer=2)  # DEAL-5
    assert again.hands == g.hands and again.stock == g.stock and again.pots == g.pots


def test_p5_1_a_set_holds_three_copies_and_up_to_13_cards_only_with_three_packs() -> None:
    five = get_rules("fibur").for_players(5)
    assert Meld.from_cards("5H 5H 5H", rules=five).kind == "set"
    assert len(Meld.from_cards("5H 5H 5H 5S 5S 5S 5D 5D 5D 5C 5C 5C JK", rules=five)) == 13
    with pytest.raises(InvalidMeld, match=r"5H appears 4 times.*3 copies.*\(EQ-1, P5-1\)"):
        Meld.from_cards("5H 5H 5H 5H", rules=five)
    with pytest.raises(InvalidMeld, match=r"only 2 copies of each card exist \(EQ-1\)"):
        Meld.from_cards("5H 5H 5H")  # two packs: as before
    g = Game.from_position("fibur 5p d4 t0 play | h: 5H 5H 5H 9C KD / 4S 5S 6D / KD KH 3C / 7C 7D 9S / 3C 3D 8H | "
                           "m: - | p: 4C | s: * | pots: *18 / *11 / *11 | took: -")
    assert [str(a) for a in g.legal_melds()] == ["meld 5H 5H 5H"]
    g.meld("5H 5H 5H")
    assert g.table[0].meld == Meld.from_cards("5H 5H 5H", rules=five)


def test_p5_1_a_position_may_list_three_copies_but_not_four() -> None:
    with pytest.raises(NotationError, match="EQ-1"):
        Game.from_position("fibur 5p d4 t0 play | h: 5H 5H 5H 5H / 4S / KD / 7C / 3C | m: - | p: 4C | s: * | "
                           "pots: *18 / *11 / *11 | took: -")


# ---------------------------------------------------------------------------------------- P5-2
@pytest.mark.parametrize("lone", range(5))
def test_p5_2_the_lone_player_and_the_pairs_by_where_they_sit(lone: int) -> None:
    hands = ["5H 6H 7H 8D 9D", "4S 5S", "KD KH", "3C 3D", "QS QH"]
    hands[lone] = "9C"
    g = Game.from_position(f"fibur 5p d{(lone - 1) % 5} t{lone} play | h: {' / '.join(hands)} | m: - | p: 4C | "
                           "s: * | pots: *18 / *11 / *11 | took: -")
    assert g.sides == tuple((s,) for s in range(5))  # everyone alone before the 18
    ev = g.discard("9C")
    assert g.soloist == lone and len(g.hand(lone)) == 18 and [len(p) for p in g.pots] == [11, 11]
    assert set(g.sides) == expected_pairs(lone) | {(lone,)}
    names = seat_names(5)
    (a, c), (b, d) = sorted(expected_pairs(lone))  # said in seat order
    assert ev.note.endswith(f"the other four now play in pairs: {names[a]} with {names[c]}, {names[b]} with "
                            f"{names[d]} (P5-2)")
    assert g.view((lone + 1) % 5).soloist == lone


def test_p5_2_pairs_share_melds_keep_their_old_sets_and_take_one_11() -> None:
    g = Game.from_position(SOLO_0)
    g.discard("9C")  # South takes the 18: West (1) with North-East (3), North-West (2) with East (4)
    assert g.side_of(1) == (1, 3)
    assert [t.id for t in g.side_melds(1)] == [0, 1]  # SET-4 does not merge the sets they had
    assert [t.id for t in g.lay_off_targets(1)] == [0, 1]  # the partner's meld too (TURN-2)
    # West empties his hand first of his pair: he takes an 11 (POT-1), and his partner may not.
    g2 = Game.from_position("fibur 5p d4 t1 play solo=0 | h: 5H 6H / 8C / 4S 5S / KD KH / 3C 3D | m: - | p: 4C | "
                            "s: * | pots: *11 / *11 | took: 0")
    g2.discard("8C")
    assert g2.took_pot == (True, True, False, False, False) and [len(p) for p in g2.pots] == [11]
    assert g2.side_has_pot(3) and not g2.side_has_pot(2)


# ---------------------------------------------------------------------------------------- P5-3
def test_p5_3_a_closed_hand_counted_by_hand() -> None:
    g = Game.from_position("fibur 5p d1 t2 play solo=0 | h: 5H 6H / KS / 9C / QD QH / 4S 3S | "
                           "m: 0=TS JS QS KS; 2=3H 4H 5H 6H 7H 8H 9H; 4=8C 8D 8S; 1=AD AC AS | p: 4C | s: * | "
                           "pots: *11 | took: 0,2")
    g.discard("9C")  # North-West closes: his side has its pot and a clean burraco (CLOSE-1)
    res = g.result()
    lone = 40 - 10  # TS JS QS KS; 5H 6H left in hand
    pair13 = 45 - 10 - 20 - 100  # AD AC AS; KS and QD QH in hand; no pot while others took one
    pair24 = (5 * 5 + 10 + 10) + 200 + 30 + 100 - 10  # the run, its clean bonus, 8C 8D 8S, the close, 4S 3S
    assert dict(zip(res.sides, (s.total for s in res.scores))) == {(0,): lone, (1, 3): pair13, (2, 4): pair24}
    assert res.credits == (30, -42, 183, -42, 183)  # halved, rounded up toward the higher number
    for sc in res.scores:
        assert sc.total == sum(line.points for line in sc.lines)


def test_p5_3_a_seeded_hand_to_its_end_counted_by_hand() -> None:
    g = Game.new(5, seed=7, dealer=2)
    play_hand(g, [make_bot("greedy", 70 + s) for s in range(5)])
    res = g.result()
    lone = g.soloist
    assert lone is not None and set(res.sides) == expected_pairs(lone) | {(lone,)}
    bonus = {"clean": 200, "semi-clean": 150, "dirty": 100}
    any_pot = any(g.took_pot)
    for side in res.sides:
        melds = [t.meld for t in g.table if t.owner in side]
        total = sum(points(str(c)) for m in melds for c in m.cards)
        total += sum(bonus[m.burraco] for m in melds if m.burraco)
        total -= sum(points(str(c)) for s in side for c in g.hand(s))
        total += 100 if res.closed_by in side else 0
        total -= 100 if any_pot and not any(g.took_pot[s] for s in side) else 0
        assert res.side_total(side[0]) == total
        for s in side:
            assert res.credits[s] == (total if len(side) == 1 else -(-total // 2))


# ---------------------------------------------------------------------------------------- P5-4
def test_p5_4_a_match_to_2005_each_player_his_own_total() -> None:
    m = Match(5, seed=3)
    assert m.target == 2005 and m.competitors == ((0,), (1,), (2,), (3,), (4,))
    sides = ((0,), (1, 3), (2, 4))
    m.add_result(HandResult("closed", 0, sides, (), (900, 120, 300, 120, 300)))
    m.add_result(HandResult("closed", 2, sides, (), (1200, 50, 50, 50, 50)))
    assert m.totals == (2100, 170, 350, 170, 350) and m.is_over and m.winner == (0,)
    assert not m.every_player_alone  # no option: pairs every hand


def test_p5_4_every_player_alone_after_1005() -> None:
    m = Match(5, seed=4, alone_from=1005)
    assert not m.next_hand().alone
    m.add_result(HandResult("stock", None, tuple((s,) for s in range(5)), (), (1005, 0, 0, 0, 0)))
    g = m.next_hand()
    assert g.alone and [len(p) for p in g.pots] == [11] * 5 and len(g.stock) == 51
    alone = Game.from_position("fibur 5p d4 t0 play alone | h: 9C / 4S 5S / KD KH / 3C 3D / QS QH | m: - | p: 4C |"
                               " s: * | pots: *11 / *11 / *11 / *11 / *11 | took: -")
    alone.discard("9C")
    assert alone.soloist is None and alone.sides == tuple((s,) for s in range(5)) and len(alone.hand(0)) == 11
    again = load_record(game_record(alone))
    assert again.alone and again.position() == alone.position()
    with pytest.raises(RulesError, match="P5-4"):
        Match(4, alone_from=1005)
    with pytest.raises(RulesError, match="P5-4"):
        Game.new(4, alone=True)


# ---------------------------------------------------------------------------------------- P5-5
def test_p5_5_presets_with_five_and_ramiroyal_refused() -> None:
    for name in ("wikipedia-fr", "classic-fr"):
        g = Game.new(5, rules=name, seed=1)
        assert g.rules.name == name and sum(g.all_cards().values()) == 162
    with pytest.raises(RulesError, match=r"'ramiroyal' is played by 2 players, not 5.*\(P5-5, section 12\)"):
        Game.new(5, rules="ramiroyal")


# ---------------------------------------------------------------------------------------- GAME-4
@pytest.mark.parametrize("players", [1, 6, 9])
def test_game_4_one_or_six_and_more_refused_naming_deal_1(players: int) -> None:
    with pytest.raises(RulesError, match=rf"2 to 5 players, not {players}: .*\(DEAL-1\).*GAME-4"):
        Game.new(players)
    with pytest.raises(RulesError, match="DEAL-1"):
        seat_names(players)


def test_undo_and_clone_in_a_five_player_hand() -> None:
    g = Game.from_position(SOLO_0)
    before = g.position()
    twin = g.clone()
    g.discard("9C")
    assert twin.position() == before and g.soloist == 0
    g.undo()
    assert g.position() == before and g.soloist is None and g.sides == twin.sides
    with pytest.raises(IllegalMove, match="DEAL-4"):
        g.view(5)


# ---------------------------------------------------------------------------------------- properties
@settings(max_examples=6, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_five_player_hands_conserve_162_cards_form_the_pairs_and_count_their_breakdown(seed: int) -> None:
    g = Game.new(5, seed=seed, dealer=seed % 5)
    rng = random.Random(seed)
    while not g.is_over:
        acts = g.legal_actions()
        g.apply(acts[0] if g.phase == "draw" and rng.random() < 0.8 else rng.choice(acts))
        if g.soloist is not None:
            assert set(g.sides) == expected_pairs(g.soloist) | {(g.soloist,)}
    g.check_invariants()
    assert sum(g.all_cards().values()) == 162
    res = g.result()
    for side, sc in zip(res.sides, res.scores):
        assert sc.total == sum(line.points for line in sc.lines)
        assert all(res.credits[s] == (sc.total if len(side) == 1 else -(-sc.total // 2)) for s in side)
