"""The hand: DEAL-*, TURN-*, POT-*, CLOSE-*, STOCK-*, P3-*, the presets' differences, undo/clone/views."""

from __future__ import annotations

from collections import Counter

import pytest

from buraco_learn import (JOKER, Card, Discard, Draw, Game, IllegalMove, InvalidMeld, LayDown, LayOff, TakePile,
                          get_rules, make_deck, parse_cards, parse_position)
from helpers import table

C = Card.parse


def refused(game: Game, action: str, *rules: str) -> str:
    """Assert ``action`` is refused naming ``rules`` and that nothing changed (TURN-6)."""
    before, hist = game.position(), game.history
    assert not game.can(action)
    with pytest.raises(IllegalMove) as err:
        game.apply(action)
    for r in rules:
        assert r in err.value.rules and r in str(err.value), (r, str(err.value))
    assert game.position() == before and game.history == hist
    return str(err.value)


# ---------------------------------------------------------------- the deal
@pytest.mark.parametrize("players, stock, pots", [(2, 63, (11, 11)), (3, 45, (18, 11)), (4, 41, (11, 11))])
def test_deal_1_2_3_hands_pots_upcard_stock(players: int, stock: int, pots: tuple[int, ...]) -> None:
    """DEAL-1: 11 cards each; DEAL-2: the pots; DEAL-3: one up-card, the rest is the stock."""
    g = Game.new(players, seed=11)
    assert all(len(h) == 11 for h in g.hands)
    assert tuple(len(p) for p in g.pots) == pots
    assert len(g.pile) == 1 and len(g.stock) == stock
    assert g.all_cards() == Counter(make_deck())


def test_deal_3_ramiroyal_stock_is_61() -> None:
    g = Game.new(2, rules="ramiroyal", seed=1)
    assert len(g.stock) == 61 and g.all_cards()[JOKER] == 2


def test_deal_3_upcard_may_be_wild() -> None:
    seeds = [s for s in range(300) if Game.new(4, seed=s).pile[0].is_wild]
    assert seeds, "some deal turns up a wild"
    g = Game.new(4, seed=seeds[0])
    g.take_pile()
    assert g.pile == () and g.hand(1)[-1].is_wild


def test_deal_4_left_of_dealer_starts() -> None:
    for dealer in range(4):
        assert Game.new(4, seed=1, dealer=dealer).to_move == (dealer + 1) % 4
    with pytest.raises(IllegalMove, match="DEAL-4"):
        Game.new(4, seed=1, dealer=4)


def test_deal_5_same_seed_same_cards() -> None:
    a, b, c = Game.new(4, seed=99), Game.new(4, seed=99), Game.new(4, seed=100)
    assert a.position() == b.position() != c.position()
    assert Game.new(3, rules="classic-fr", seed=5).position() == Game.new(3, rules="classic-fr", seed=5).position()
    assert Game.new(2).seed is not None  # an unseeded deal keeps the seed it drew


# ---------------------------------------------------------------- a turn
def test_turn_1_draw_or_whole_pile_once() -> None:
    g = table(["5H", "6H", "7H", "8H"], pile="9C 9D 4S", head="fibur 4p d3 t0 draw")
    refused(g, "discard 5H", "TURN-1")
    g.take_pile()
    assert Counter(g.hand(0)) == Counter(parse_cards("5H 9C 9D 4S")) and g.pile == ()
    refused(g, "draw", "TURN-1")
    refused(g, "pile", "TURN-1")


def test_turn_1_draw_takes_the_top_of_the_stock() -> None:
    g = Game.new(2, seed=4)
    top = g.stock[-1]
    g.draw()
    assert g.hand(g.to_move)[-1] == top and g.phase == "play"


def test_turn_2_lay_off_onto_partner_not_opponent() -> None:
    g = table(["8H 9H KS KS", "5C", "6C", "7C"], melds="2=5H 6H 7H; 1=QS QD QC")
    g.lay_off(0, "8H")  # the partner's (North's) meld
    assert str(g.table[0].meld) == "5H 6H 7H 8H"
    refused(g, "layoff 1: KS", "TURN-2")  # opponents' set of queens, and wrong rank anyway
    refused(g, "layoff 7: 9H", "TURN-2")


def test_turn_2_custom_rules_own_melds_only() -> None:
    import dataclasses

    own_only = dataclasses.replace(get_rules("fibur"), name="own-only", lay_off_onto_partner=False)
    g = table(["8H 9H KS", "5C", "6C", "7C"], melds="2=5H 6H 7H")
    g2 = Game.from_position(g.position(), rules=own_only)
    refused(g2, "layoff 0: 8H", "TURN-2")


def test_turn_2_meld_and_lay_off_many_times_any_order() -> None:
    g = table(["5H 6H 7H 9S 9S 9D 8H QC", "5C", "6C", "7C"])
    g.meld("9S 9S 9D")
    g.meld("5H 6H 7H")
    g.lay_off(1, "8H")
    assert [str(t.meld) for t in g.table] == ["9S 9S 9D", "5H 6H 7H 8H"]
    assert g.hand(0) == (C("QC"),)


def test_turn_3_discard_ends_turn_and_passes_left() -> None:
    g = table(["5H 6H", "5C", "6C", "7C"])
    g.discard("5H")
    assert g.to_move == 1 and g.phase == "draw" and g.pile[-1] == C("5H")


def test_turn_4_single_pile_card_not_discarded_at_once() -> None:
    g = table(["5H 6H", "5C", "6C", "7C"], pile="QD", head="fibur 4p d3 t0 draw")
    g.take_pile()
    refused(g, "discard QD", "TURN-4")
    g.discard("5H")
    # Already holding an identical card, the discard is allowed.
    g2 = table(["QD 6H", "5C", "6C", "7C"], pile="QD", head="fibur 4p d3 t0 draw")
    g2.take_pile()
    g2.discard("QD")
    # A pile of two cards: no restriction.
    g3 = table(["5H 6H", "5C", "6C", "7C"], pile="3S QD", head="fibur 4p d3 t0 draw")
    g3.take_pile()
    g3.discard("QD")
    assert g.pile[-1] == C("5H") and g2.pile[-1] == C("QD") and g3.pile[-1] == C("QD")
    assert Counter(g.hand(0)) == Counter(g2.hand(0)) == Counter(parse_cards("6H QD"))
    assert Counter(g3.hand(0)) == Counter(parse_cards("5H 6H 3S"))


def test_turn_5_hand_never_empty_except_close_or_pot() -> None:
    # No pot left for the side to take (both pots gone): melding every card is refused.
    g = table(["5H 6H 7H", "5C", "6C", "7C"], pots="-", took="1")
    g2 = Game.from_position(g.position().replace("took: 1", "took: -"))
    refused(g2, "meld 5H 6H 7H", "TURN-5")


def test_turn_6_refused_moves_change_nothing() -> None:
    g = Game.new(4, seed=3)
    for bad in ["discard JK", "meld 5H 6H 7H", "layoff 0: 5H", "pile pile"]:
        before = g.position()
        assert not g.can(bad)
        with pytest.raises(ValueError):
            g.apply(bad)
        assert g.position() == before


# ---------------------------------------------------------------- the pot
def test_pot_2_on_the_fly() -> None:
    g = table(["5H 6H 7H", "5C", "6C", "7C"])
    pot = g.pots[0]
    ev = g.meld("5H 6H 7H")
    assert "POT-2" in ev.note
    assert g.hand(0) == pot and g.took_pot[0] and g.phase == "play" and g.to_move == 0


def test_pot_3_with_the_discard_even_a_wild() -> None:
    g = table(["JK", "5C", "6C", "7C"])
    pot = g.pots[0]
    ev = g.discard("JK")
    assert "POT-3" in ev.note and g.hand(0) == pot and g.to_move == 1 and g.took_pot[0]


def test_pot_1_one_pot_per_side() -> None:
    # South took the pot; North (partner) cannot take another: emptying his hand is closing or nothing.
    g = table(["5C", "4D", "5H 6H 7H", "7C"], took="0", pots="*11", head="fibur 4p d1 t2 play")
    refused(g, "meld 5H 6H 7H", "CLOSE-3")
    assert g.side_has_pot(2) and not g.side_has_pot(1)


# ---------------------------------------------------------------- closing
BURRACO = "0=3H 4H 5H 6H 7H 8H 9H"


def test_close_1_pot_and_burraco_then_hand_ends() -> None:
    g = table(["9C", "5C", "6C", "7C"], melds=BURRACO, took="0", pots="*11")
    ev = g.discard("9C")
    assert g.is_over and "CLOSE-1" in ev.note
    res = g.result()
    assert res.reason == "closed" and res.closed_by == 0
    refused(g, "draw", "CLOSE-1")


def test_close_1_partners_burraco_counts() -> None:
    g = table(["5C", "4D", "9C", "7C"], melds="0=3H 4H 5H 6H 7H 8H 9H", took="0", pots="*11",
              head="fibur 4p d1 t2 play")
    g.discard("9C")
    assert g.is_over and g.result().closed_by == 2


def test_close_2_not_with_a_wild() -> None:
    g = table(["2C", "5C", "6C", "7C"], melds=BURRACO, took="0", pots="*11", study=True)
    refused(g, "discard 2C", "CLOSE-2")
    g2 = table(["JK", "5C", "6C", "7C"], melds=BURRACO, took="0", pots="*11", study=True)
    refused(g2, "discard JK", "CLOSE-2")


def test_close_3_keep_a_card_after_the_pot() -> None:
    g = table(["TH 9C", "5C", "6C", "7C"], melds=BURRACO, took="0", pots="*11")
    g2 = table(["TH JH", "5C", "6C", "7C"], melds=BURRACO, took="0", pots="*11")
    refused(g2, "layoff 0: TH JH", "CLOSE-3")  # the last two cards laid off: none left to discard
    g3 = table(["TH", "5C", "6C", "7C"], melds=BURRACO, took="0", pots="*11")
    refused(g3, "layoff 0: TH", "CLOSE-3")
    g.lay_off(0, "TH")  # keeps 9C to close with
    g.discard("9C")
    assert g.is_over


def test_close_4_no_burraco_keep_a_card() -> None:
    g = table(["9C", "5C", "6C", "7C"], melds="0=3H 4H 5H 6H", took="0", pots="*11", study=True)
    refused(g, "discard 9C", "CLOSE-4")
    # With a burraco but only a wild left after a lay-off: refused (CLOSE-4).
    g2 = table(["TH JK", "5C", "6C", "7C"], melds=BURRACO, took="0", pots="*11")
    refused(g2, "layoff 0: TH", "CLOSE-4")


def test_close_5_closing_earns_100() -> None:
    g = table(["9C", "5C", "6C", "7C"], melds=BURRACO, took="0", pots="*11")
    g.discard("9C")
    sc = g.result().scores[0]
    assert sc.closing == 100 and sc.total == 45 + 200 + 100 - 5  # North still holds 6C


# ---------------------------------------------------------------- the stock
def test_stock_1_last_two_cards_never_drawn() -> None:
    g = table(["5H 6H", "5C", "6C", "7C"], stock="QS KS JD", head="fibur 4p d3 t0 draw", pots="*11 / *")
    g.draw()
    assert g.last_turn and len(g.stock) == 2
    g.discard("JD")
    assert g.is_over and g.result().reason == "stock"
    assert all(sc.closing == 0 for sc in g.result().scores)


def test_stock_1_may_close_on_the_last_turn() -> None:
    g = table(["9C", "5C", "6C", "7C"], melds=BURRACO, took="0", stock="QS KS TH", pots="*",
              head="fibur 4p d3 t0 draw")
    g.draw()
    assert g.last_turn
    g.lay_off(0, "TH")
    g.discard("9C")
    assert g.result().reason == "closed" and g.result().scores[0].closing == 100


def test_stock_1_taking_the_pile_does_not_end() -> None:
    g = table(["5H 6H", "5C", "6C", "7C"], stock="QS KS JD", pile="4D", pots="*11 / *", head="fibur 4p d3 t0 draw")
    g.take_pile()
    assert not g.last_turn
    g.discard("5H")
    assert not g.is_over
    g.draw()  # West's draw leaves two cards: the last turn
    assert g.last_turn and len(g.stock) == 2
    g.discard("5C")
    assert g.is_over and g.result().reason == "stock"


def test_stock_classic_fr_ends_with_one_card() -> None:
    g = table(["5H 6H", "5C", "6C", "7C"], stock="QS KS", head="classic-fr 4p d3 t0 draw", pots="*11 / *")
    g.draw()
    assert g.last_turn and len(g.stock) == 1
    g.discard("5H")
    assert g.is_over


def test_stock_ramiroyal_pot_becomes_stock_then_close_without_pot() -> None:
    g = table(["5H 6H 7H 8H 9H TH JH 4C", "5C"], stock="QS", pots="*11 / *", head="ramiroyal 2p d1 t0 draw")
    pot = g.pots[0]
    ev = g.draw()
    assert "pot became the new stock" in ev.note and g.stock == pot and len(g.pots) == 1
    g.discard("QS")
    assert not g.is_over


def test_ramiroyal_close_without_pot_once_none_left() -> None:
    text = ("ramiroyal 2p d1 t0 play | h: 9C / 5C | m: 0=3H 4H 5H 6H 7H 8H 9H | p: 3C | s: * | pots: - | took: -")
    g = Game.from_position(text)
    g.discard("9C")
    assert g.result().reason == "closed"
    # ramiroyal: -100 for not using a pot, even though no side took one (still -100 at the count).
    assert [sc.pot_penalty for sc in g.result().scores] == [-100, -100]
    fibur = parse_position(text.replace("ramiroyal", "fibur"), study=True)
    refused(fibur, "discard 9C", "TURN-5")


def test_classic_fr_play_on_with_empty_hand() -> None:
    g = table(["9C", "5C", "6C", "7C"], melds="0=3H 4H 5H 6H", took="0", pots="*11", head="classic-fr 4p d3 t0 play")
    g.discard("9C")
    assert g.hand(0) == () and not g.is_over
    g2 = table(["", "5C", "6C", "7C"], melds="0=3H 4H 5H 6H", took="0", pots="*11", pile="QD",
               head="classic-fr 4p d3 t0 draw")
    assert not g2.can_take_pile()  # TURN-4: its one card could not be discarded
    refused(g2, "pile", "TURN-4")
    g2.draw()
    g2.discard(g2.hand(0)[0])
    assert g2.hand(0) == () and g2.to_move == 1
    # Under fibur the same last discard is refused (CLOSE-4).
    g3 = table(["9C", "5C", "6C", "7C"], melds="0=3H 4H 5H 6H", took="0", pots="*11", study=True)
    refused(g3, "discard 9C", "CLOSE-4")


# ---------------------------------------------------------------- three players
def test_p3_1_soloist_and_pair() -> None:
    g = table(["5H 6H 7H", "5C 5D 5S 9D", "KS KD KC 9S"], head="fibur 3p d2 t0 play")
    assert g.sides == ((0,), (1,), (2,))
    big = g.pots[0]
    assert len(big) == 18
    g.meld("5H 6H 7H")
    assert g.soloist == 0 and g.hand(0) == big and g.sides == ((0,), (1, 2))
    g.discard(g.hand(0)[0])
    g.draw()
    g.meld("5C 5D 5S")
    g.discard(g.hand(1)[0])
    g.draw()
    # The pair shares melds: East lays off onto West's set of 5s? no 5s held; SET-4 across the pair:
    assert g.side_melds(2) == g.side_melds(1)


def test_p3_1_pair_takes_the_11_pot() -> None:
    text = ("fibur 3p d0 t1 play solo=0 | h: 4D 4D 9S 9S / 5C 5D 5S / KS KD | m: - | p: 3C | s: * | pots: *11"
            " | took: 0")
    g = Game.from_position(text)
    small = g.pots[0]
    g.meld("5C 5D 5S")
    assert g.took_pot[1] and g.hand(1) == small and len(small) == 11
    assert g.side_has_pot(2) and g.pots == ()


def test_p3_2_pair_score_halved_each() -> None:
    text = ("fibur 3p d2 t0 play solo=0 | h: 9C / 4S / 6D | m: 0=3H 4H 5H 6H 7H 8H 9H; 1=KS KD KC; 2=QS QD QC"
            " | p: 3C | s: * | pots: *11 | took: 0")
    g = Game.from_position(text)
    g.discard("9C")
    res = g.result()
    pair = res.scores[1]
    assert res.sides == ((0,), (1, 2))
    assert pair.total == 30 + 30 - 5 - 5 - 100
    assert res.credits == (res.scores[0].total, -(-pair.total // 2), -(-pair.total // 2))


# ---------------------------------------------------------------- presets and rules lookup
def test_presets_players() -> None:
    with pytest.raises(ValueError, match="played by 3, 4, 5 players"):
        Game.new(2, rules="classic-fr")
    with pytest.raises(ValueError, match="played by 2 players"):
        Game.new(4, rules="ramiroyal")


# ---------------------------------------------------------------- views, history, undo, clone
def test_view_hides_other_hands() -> None:
    g = Game.new(4, seed=8)
    v = g.view(2)
    assert v.hand == g.hand(2) and v.hand_sizes == (11, 11, 11, 11)
    assert not hasattr(v, "hands") and v.stock_size == 41 and v.pots_left == (11, 11)


def test_undo_and_clone() -> None:
    g = Game.new(4, seed=8)
    start = g.position()
    g.apply("draw")
    c = g.clone()
    g.apply(Discard(g.hand(1)[0]))
    assert c.phase == "play" and g.phase == "draw"
    assert isinstance(g.undo(), Discard)
    assert g.position() == c.position()
    assert g.undo() == Draw()
    assert g.position() == start
    with pytest.raises(IllegalMove, match="nothing to undo"):
        g.undo()


def test_legal_actions_are_all_legal_and_stable() -> None:
    g = Game.new(4, seed=12)
    assert g.legal_actions() == [Draw(), TakePile()]
    g.draw()
    acts = g.legal_actions()
    assert acts == g.legal_actions()
    assert all(g.can(a) for a in acts)
    discards = [a for a in acts if isinstance(a, Discard)]
    assert {a.card for a in discards} == set(g.hand(1))
    melds = [a for a in acts if isinstance(a, LayDown)]
    assert {tuple(sorted(c.index for c in m.cards)) for m in melds} == {
        tuple(sorted(c.index for c in m)) for m in g.candidate_melds() if g.can_meld(m)}
    assert all(isinstance(a, (LayDown, LayOff, Discard)) for a in acts)


def test_close_2_classic_fr_wild_last_card_plays_on_instead() -> None:
    """classic-fr: a lone wild cannot close (CLOSE-2), but discarding it leaves an empty hand and play goes on."""
    g = table(["2H", "5C", "6C", "7C"], melds=BURRACO, took="0", pots="*11", head="classic-fr 4p d3 t0 play")
    ev = g.discard("2H")
    assert not g.is_over and g.hand(0) == () and "CLOSE-2" in ev.note


def test_legal_actions_match_verify_on_random_positions() -> None:
    """legal_actions() lists exactly the melds and one-card lay-offs that verify accepts, and only legal moves."""
    import random

    checked = 0
    for seed in range(16):
        players = 2 + seed % 3
        rules = ["fibur", "classic-fr", "wikipedia-fr", "fibur"][seed % 4] if players > 2 else (
            ["fibur", "ramiroyal", "wikipedia-fr"][seed % 3])
        g = Game.new(players, seed=seed, rules=rules)
        rng = random.Random(seed)
        while not g.is_over:
            acts = g.legal_actions()
            if g.phase == "play":
                assert all(g.can(a) for a in acts)
                listed = set(acts)
                for cards in g.candidate_melds():
                    assert (LayDown(cards) in listed) == g.can_meld(cards), cards
                _check_lay_offs_listed(g, listed)
                for c in set(g.hand(g.to_move)):
                    assert (Discard(c) in listed) == g.can_discard(c)
                checked += 1
            others = [a for a in acts if not isinstance(a, Discard)]
            g.apply(rng.choice(others) if others and rng.random() < 0.6 and g.phase == "play" else rng.choice(acts))
    assert checked > 300


def _check_lay_offs_listed(g: Game, listed: set[object]) -> None:
    """legal_lay_offs lists exactly the legal one-card lay-offs, and the legal two-card lay-offs onto
    a run unless each card alone fits that run."""
    hand = g.hand(g.to_move)
    distinct = list(dict.fromkeys(hand))
    pairs_listed = {(a.target, frozenset(Counter(a.cards).items())) for a in listed
                    if isinstance(a, LayOff) and len(a.cards) == 2}
    for t in g.lay_off_targets():
        for c in distinct:
            assert (LayOff(t.id, (c,)) in listed) == g.can_lay_off(t.id, [c]), (g.position(), t, c)
        if t.meld.kind != "run":
            continue
        for i, a in enumerate(distinct):
            for b in distinct[i:]:
                if a == b and hand.count(a) < 2:
                    continue
                expected = g.can_lay_off(t.id, [a, b]) and not (t.meld.can_lay_off([a]) and t.meld.can_lay_off([b]))
                key = (t.id, frozenset(Counter([a, b]).items()))
                assert (key in pairs_listed) == expected, (g.position(), t, a, b)


def test_legal_lay_offs_match_verify_on_random_runs_with_a_wild() -> None:
    """Random runs holding a wild (free or bound) and random hands of cards near them: every legal
    one-card and two-card lay-off is listed (a free wild may move and let a card three places in)."""
    import random

    from buraco_learn import Meld

    rng = random.Random(11)
    checked = 0
    suits = "SHDC"
    ranks = "A23456789TJQK"
    while checked < 400:
        suit = rng.choice(suits)
        lo = rng.randint(1, 11)
        n = rng.randint(2, min(6, 14 - lo))
        naturals = [ranks[(r - 1) % 13] + suit for r in range(lo, lo + n)]
        wild = rng.choice(["JK", "2" + rng.choice(suits)])
        cards = naturals + [wild]
        if rng.random() < 0.5 and n > 2:
            cards.pop(rng.randrange(1, n - 1))  # the wild stands inside, bound
        try:
            meld = Meld.from_cards(" ".join(cards), wild_high=rng.choice([None, True, False]))
        except InvalidMeld:  # not a layout (a wild beside its own 2's place, say): draw again
            continue
        pool = [ranks[(r - 1) % 13] + suit for r in range(max(1, lo - 4), min(14, lo + n + 4) + 1)]
        hand = rng.sample(pool, min(len(pool), rng.randint(2, 5))) + rng.sample(["JK", "2H", "2C", "9S", "KD"], 2)
        used = parse_cards(" ".join(hand) + " 3C 4H") + list(meld.cards)
        if any(v > (4 if c.is_joker else 2) for c, v in Counter(used).items()):
            continue
        g = Game.from_position(f"fibur 2p d1 t0 play | h: {' '.join(hand)} / 4H | m: 0={meld} | p: 3C | s: * "
                               "| pots: *11 / *11 | took: -")
        _check_lay_offs_listed(g, set(g.legal_actions()))
        checked += 1


def test_p3_1_pair_keeps_both_sets_but_lays_no_third() -> None:
    """P3-1: the new partners keep the sets of one rank they each had (SET-4 does not merge them), may lay
    off onto either, and may not lay down another set of that rank (SET-4)."""
    text = ("fibur 3p d0 t1 play solo=0 | h: 4D / 7C 7C 7H 9S / KS KD | m: 1=7S 7S 7D; 2=7H 7D 2S | p: 3C | s: *"
            " | pots: *11 | took: 0")
    g = Game.from_position(text)
    assert [t.owner for t in g.lay_off_targets(1)] == [1, 2]
    refused(g, "meld 7C 7C 7H", "SET-4")
    g.lay_off(1, "7C")  # onto the partner's set (meld 1 is East's 7H 7D 2S)
    assert len(g.table[1].meld) == 4 and g.table[1].owner == 2


def test_p3_1_before_the_pot_everyone_plays_alone() -> None:
    g = table(["5H 6H 7H 8H 2C", "9S 9S 9D 4C", "KS KD KC 4D"], melds="1=5C 6C 7C", head="fibur 3p d2 t0 play")
    refused(g, "layoff 0: 8C", "TURN-2")
    assert g.side_of(0) == (0,) and g.side_of(1) == (1,)


def test_wild5_a_suits_two_drops_in_only_for_its_card() -> None:
    """WILD-5: a run whose wild is its own suit's 2 does not take another wild in its place (the 2
    drops into its natural slot only when the card it stands for is laid off); legal_lay_offs agrees."""
    g = Game.from_position("fibur 4p d3 t0 play | h: 2H 2S 7S 2D 2H 3C / 8D / 9D / TD | m: 2=2C(=3C) 4C 5C; "
                           "0=2C 2S(=3C) 4C 5C 6C | p: - | s: * | pots: *11 / *11 | took: -")
    assert not g.can_lay_off(0, "2H")
    assert LayOff(0, (Card.parse("2H"),)) not in g.legal_lay_offs()
    assert g.can_lay_off(0, "3C 2H")
    assert LayOff(0, (Card.parse("3C"),)) in g.legal_lay_offs()


def test_history_records_cards_given_as_an_iterator() -> None:
    """meld() and lay_off() read their cards once: a generator is recorded in full."""
    g = table(["5H 6H 7H 8H 9C", "5C", "6C", "7C"])
    g.meld(c for c in parse_cards("5H 6H 7H"))
    g.lay_off(0, (c for c in parse_cards("8H")))
    assert [str(a) for a in g.actions] == ["meld 5H 6H 7H", "layoff 0: 8H"]
