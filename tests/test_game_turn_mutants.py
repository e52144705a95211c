"""The turn and close rules as played (TURN-1..6, POT-1..3, CLOSE-1..4, STOCK-1, P3-1, SET-4): each
move's effect on the hands, pile, stock, pots and turn, its note in the history exactly, and undo
putting it all back. Written from the survivors of `bash scripts/mutation.sh game` (tests/README.md):
each test fails on a mutant of the engine's turn and close functions that the older tests let
pass. Only the public API (Game, its moves, positions) is used, so these stay valid however
game.py is split."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from buraco_learn import (FIBUR, Discard, Game, IllegalMove, InvalidMeld, LayDown, LayOff, Meld, NotationError, Rules,
                          TakePile, parse_cards, parse_position)
from buraco_learn.i18n import language
from helpers import refusal as refused, table

BURRACO = "0=3H 4H 5H 6H 7H 8H 9H"
DRAW4 = "fibur 4p d3 t0 draw"


@pytest.fixture(autouse=True)
def _english() -> object:
    with language("en"):
        yield


def undone(game: Game, before: str) -> None:
    """TURN-6: undo puts the position back exactly."""
    game.undo()
    assert game.position() == before


# ---------------------------------------------------------------- TURN-1: the draw
def test_turn_1_a_draw_takes_the_top_of_the_stock() -> None:
    """TURN-1: the draw adds the stock's top card to the hand and opens the play phase."""
    g = table(["5H 6H", "5C", "6C", "7C"], stock="QS KS JD 4D", head=DRAW4, pots="*11 / *")
    before = g.position()
    ev = g.draw()
    assert ev.note == "drew from the stock" and ev.seat == 0
    assert g.hand(0) == tuple(parse_cards("5H 6H 4D")) and g.stock == tuple(parse_cards("QS KS JD"))
    assert g.phase == "play" and not g.last_turn and g.to_move == 0
    undone(g, before)


def test_stock_1_the_draw_that_leaves_the_reserve_starts_the_last_turn() -> None:
    """STOCK-1: the draw leaving two cards (fibur) is noted as the last turn; the discard after it
    ends the hand by the stock, noted too."""
    g = table(["5H 6H", "5C", "6C", "7C"], stock="QS KS JD", head=DRAW4, pots="*11 / *")
    before = g.position()
    ev = g.draw()
    assert ev.note == "drew from the stock; the stock is down to its last cards, so this is the last turn (STOCK-1)"
    assert g.last_turn
    end = g.discard("JD")
    assert end.note == "discarded JD; the stock has run out and the hand ends (STOCK-1)"
    assert end.seat == 0 and end.action == Discard(parse_cards("JD")[0])
    assert g.is_over and g.result().reason == "stock" and g.result().closed_by is None and g.to_move == 0
    g.undo()
    undone(g, before)


def test_stock_1_ramiroyal_an_untaken_pot_becomes_the_stock() -> None:
    """ramiroyal (STOCK-1): the draw that empties the stock turns the first untaken pot into the
    new stock; with no pot left it is the last turn."""
    g = table(["5H 6H 7H 8H 9H TH JH 4C", "5C"], stock="QS", pots="*11 / *", head="ramiroyal 2p d1 t0 draw")
    first, second = g.pots
    before = g.position()
    ev = g.draw()
    assert ev.note == "drew from the stock; the stock ran out and an untaken pot became the new stock"
    assert g.stock == first and g.pots == (second,) and not g.last_turn
    undone(g, before)



# ---------------------------------------------------------------- TURN-1, TURN-4: the pile
@pytest.mark.parametrize("pile, note, single", [("QD", "took the discard pile (1 card)", "QD"),
                                                ("3S QD", "took the discard pile (2 cards)", None)])
def test_turn_1_taking_the_pile_takes_it_whole(pile: str, note: str, single: str | None) -> None:
    """TURN-1: the whole pile goes to the hand; the note counts its cards."""
    g = table(["5H 6H 8D", "5C", "6C", "7C"], pile=pile, head=DRAW4)
    before = g.position()
    ev = g.take_pile()
    assert ev.note == note and g.pile == () and g.hand(0) == tuple(parse_cards(f"5H 6H 8D {pile}"))
    assert ev.seat == 0 and ev.action == TakePile()
    assert g.phase == "play" and g.pile_taken == (single and parse_cards(single)[0])
    undone(g, before)


def test_turn_4_a_pile_of_two_may_be_discarded_from_at_once() -> None:
    """TURN-4 binds only a pile of exactly one card: either card of a pile of two may go back."""
    for card in ("3S", "QD"):
        g = table(["5H 6H", "5C", "6C", "7C"], pile="3S QD", head=DRAW4)
        g.take_pile()
        g.discard(card)
        assert g.pile == (parse_cards(card)[0],) and g.to_move == 1


def test_turn_4_binds_only_the_turn_the_pile_was_taken() -> None:
    """TURN-4: after South's discard, the one-card pile South took no longer binds anyone: West
    may discard his own QD, and South may discard a QD next turn."""
    g = table(["5H 6H", "QD 5C", "6C", "7C"], pile="QD", head=DRAW4)
    g.take_pile()
    assert refused(g, "discard QD")[1] == ("TURN-4",)
    g.discard("5H")
    g.draw()
    g.discard("QD")
    assert g.pile[-1] == parse_cards("QD")[0] and g.to_move == 2


def test_turn_4_the_identical_card_is_read_before_the_pile_is_taken() -> None:
    """TURN-4: an identical card held before the pile was taken frees the discard; the pile's own
    card does not count as one (South holds no QD of his own)."""
    g = table(["5H 6H", "5C", "6C", "7C"], pile="QD", head=DRAW4)
    g.take_pile()
    assert not g.can("discard QD")
    held = table(["QD 6H", "5C", "6C", "7C"], pile="QD", head=DRAW4)
    held.take_pile()
    held.discard("QD")
    assert Counter(held.hand(0)) == Counter(parse_cards("QD 6H")) and held.pile[-1] == parse_cards("QD")[0]


# ---------------------------------------------------------------- TURN-3: the discard
def test_turn_3_the_discard_passes_the_turn_to_the_left() -> None:
    """TURN-3: the discard goes on the pile and the next seat (round the table) draws."""
    g = table(["5C", "6C", "7C", "5H 6H"], head="fibur 4p d2 t3 play")
    before = g.position()
    ev = g.discard("6H")
    assert ev.note == "discarded 6H" and ev.seat == 3
    assert g.to_move == 0 and g.phase == "draw" and g.pile[-1] == parse_cards("6H")[0]
    assert g.hand(3) == tuple(parse_cards("5H"))
    undone(g, before)


# ---------------------------------------------------------------- CLOSE-1, CLOSE-2, CLOSE-4
def test_close_1_the_closing_discard_ends_the_hand() -> None:
    """CLOSE-1: the last card discarded with the pot and a burraco closes; the hand is over."""
    g = table(["9C", "5C", "6C", "7C"], melds=BURRACO, took="0", pots="*11")
    before = g.position()
    ev = g.discard("9C")
    assert ev.note == "discarded 9C; South closes (CLOSE-1)"
    assert ev.seat == 0 and ev.action == Discard(parse_cards("9C")[0])
    assert g.is_over and g.phase == "over" and g.result().reason == "closed" and g.result().closed_by == 0
    assert g.result().scores[0].closing == 100
    undone(g, before)


def test_close_1_the_partner_s_pot_and_burraco_count() -> None:
    """CLOSE-1, POT-1: the pot and the burraco are the side's: North (seat 2) closes on South's."""
    g = table(["5C", "6C", "9C", "7C"], melds=BURRACO, took="0", pots="*11", head="fibur 4p d1 t2 play")
    assert g.side_has_pot(2) and g.side_has_burraco(2) and not g.side_has_pot(1) and not g.side_has_burraco(3)
    g.discard("9C")
    assert g.result().closed_by == 2


@pytest.mark.parametrize("card, why", [("2C", "a wild cannot close (CLOSE-2)"), ("9C", None)])
def test_close_2_classic_fr_plays_on_with_an_empty_hand(card: str, why: str | None) -> None:
    """classic-fr (CLOSE-2, CLOSE-4): a last wild, or a last card without a burraco, is discarded
    and play goes on with an empty hand; the note says why it is no close."""
    melds = BURRACO if why else "0=3H 4H 5H 6H"
    g = table([card, "5C", "6C", "7C"], melds=melds, took="0", pots="*11", head="classic-fr 4p d3 t0 play")
    before = g.position()
    ev = g.discard(card)
    assert ev.note == f"discarded {card}; the hand is empty and play goes on ({why or 'no burraco yet'})"
    assert not g.is_over and g.hand(0) == () and g.to_move == 1 and g.took_pot == (True, False, False, False)
    undone(g, before)


def test_close_1_classic_fr_the_last_turn_ends_after_playing_on() -> None:
    """STOCK-1 (classic-fr): on the last turn, even a discard that plays on ends the hand by the stock."""
    g = table(["2C", "5C", "6C", "7C"], melds=BURRACO, took="0", stock="QS", pots="*",
              head="classic-fr 4p d3 t0 play last")
    ev = g.discard("2C")
    assert ev.note == ("discarded 2C; the hand is empty and play goes on (a wild cannot close (CLOSE-2)); the stock "
                       "has run out and the hand ends (STOCK-1)")
    assert g.is_over and g.result().reason == "stock"


def test_close_1_ramiroyal_closes_with_no_pot_left() -> None:
    """ramiroyal: with no pot left to take, the side with a burraco closes without one; a last
    wild still does not close (CLOSE-2)."""
    g = table(["9C", "5C"], took="-", pots="-", melds=BURRACO, head="ramiroyal 2p d1 t0 play")
    ev = g.discard("9C")
    assert ev.note == "discarded 9C; South closes (CLOSE-1)" and g.result().closed_by == 0
    wild = table(["2C", "5C"], took="-", pots="-", melds=BURRACO, head="ramiroyal 2p d1 t0 play", study=True)
    assert refused(wild, "discard 2C") == (
        "South may not discard 2C: the closing discard may not be a wild: 2C is a pinella (CLOSE-2)", ("CLOSE-2",))
    no_burraco = table(["9C", "5C"], took="-", pots="-", head="ramiroyal 2p d1 t0 play", study=True)
    assert refused(no_burraco, "discard 9C")[1] == ("CLOSE-1", "CLOSE-4")


# ---------------------------------------------------------------- POT-1, POT-3: the pot with the discard
def test_pot_3_the_last_discard_takes_the_pot() -> None:
    """POT-3: the discard of the last card, with no pot yet, puts the first pot in the hand; the
    turn passes; a wild may be that discard."""
    g = table(["2C", "5C", "6C", "7C"], took="1", pots="*11")
    (first,) = g.pots
    before = g.position()
    ev = g.discard("2C")
    assert ev.note == "discarded 2C; South takes the pot with the discard (11 cards, POT-3)"
    assert g.hand(0) == first and g.pots == () and g.took_pot == (True, True, False, False)
    assert g.to_move == 1 and not g.is_over and g.pile[-1] == parse_cards("2C")[0]
    undone(g, before)


def test_pot_3_on_the_last_turn_the_hand_still_ends() -> None:
    """POT-3, STOCK-1: the pot taken with the discard of the last turn; the hand ends by the stock."""
    g = table(["9C", "5C", "6C", "7C"], took="1", pots="*", stock="QS KS", head="fibur 4p d3 t0 play last")
    (pot,) = g.pots
    ev = g.discard("9C")
    assert ev.note == (f"discarded 9C; South takes the pot with the discard ({len(pot)} cards, POT-3); the stock has "
                       "run out and the hand ends (STOCK-1)")
    assert g.is_over and g.result().reason == "stock" and g.took_pot[0]
    g.undo()  # POT-3 undone: the pot goes back, the card to the hand
    assert g.pots == (pot,) and g.hand(0) == tuple(parse_cards("9C")) and not g.took_pot[0] and not g.is_over


def test_p3_1_the_pot_with_the_discard_makes_the_soloist() -> None:
    """P3-1: with three players the first hand emptied takes the 18-card pot and plays alone;
    the other two become partners. The second pot taken makes no new soloist."""
    g = table(["9C", "5C", "6C"], head="fibur 3p d2 t0 play")
    before = g.position()
    ev = g.discard("9C")
    assert ev.note == ("discarded 9C; South takes the pot with the discard (18 cards, POT-3); the other two now "
                       "play as partners (P3-1)")
    assert g.soloist == 0 and len(g.hand(0)) == 18 and g.sides == ((0,), (1, 2))
    undone(g, before)
    assert g.soloist is None
    later = table(["9C", "5C", "6C"], head="fibur 3p d2 t1 play solo=0", took="0", pots="*11", melds="0=3H 4H 5H")
    assert later.soloist == 0
    ev = later.discard("5C")
    assert ev.note == "discarded 5C; West takes the pot with the discard (11 cards, POT-3)" and later.soloist == 0


# ---------------------------------------------------------------- POT-2: the pot on the fly
def test_pot_2_a_meld_that_empties_the_hand_takes_the_pot_on_the_fly() -> None:
    """POT-2: the hand emptied by a meld picks up the first pot at once; the turn goes on."""
    g = table(["5H 6H 7H", "5C", "6C", "7C"], took="1", pots="*11")
    (first,) = g.pots
    before = g.position()
    ev = g.meld("5H 6H 7H")
    assert ev.note == ("laid down meld 0: 5H 6H 7H; the hand is empty, so South takes the pot on the fly "
                       "(11 cards, POT-2)")
    assert g.hand(0) == first and g.pots == () and g.took_pot[0] and g.to_move == 0 and g.phase == "play"
    undone(g, before)
    plain = table(["5H 6H 7H 8D", "5C", "6C", "7C"], took="1", pots="*11")
    assert plain.meld("5H 6H 7H").note == "laid down meld 0: 5H 6H 7H" and not plain.took_pot[0]


def test_pot_2_a_lay_off_that_empties_the_hand_takes_the_pot_on_the_fly() -> None:
    """POT-2 by a lay-off; P3-1: with three players it makes the soloist."""
    g = table(["TH JH", "5C", "6C"], melds=BURRACO, head="fibur 3p d2 t0 play")
    before = g.position()
    ev = g.lay_off(0, "TH JH")
    assert ev.note == ("meld 0 is now 3H 4H 5H 6H 7H 8H 9H TH JH; the hand is empty, so South takes the pot on the "
                       "fly (18 cards, POT-2); the other two now play as partners (P3-1)")
    assert g.soloist == 0 and len(g.hand(0)) == 18 and g.took_pot == (True, False, False)
    undone(g, before)
    assert g.soloist is None and g.hand(0) == tuple(parse_cards("TH JH"))


# ---------------------------------------------------------------- TURN-2: melds and lay-offs refused
def test_turn_2_only_cards_held_are_played() -> None:
    """TURN-2, TURN-3: the cards missing from the hand are named, with the hand."""
    g = table(["5H 6H 8D", "5C", "6C", "7C"])
    assert refused(g, "meld 5H 6H 7H") == (
        "South does not hold 7H (hand: 5H 6H 8D): a player plays only cards from his own hand (TURN-2, TURN-3)",
        ("TURN-2", "TURN-3"))
    assert refused(g, "discard 9S")[0].startswith("South does not hold 9S (hand: 5H 6H 8D)")


def test_set_4_one_set_of_a_rank_per_side() -> None:
    """SET-4: a second set of a rank the side (the partner's included) has is refused; the other
    side's set of that rank does not count."""
    g = table(["7C 7D 7S 8D", "5C", "6C", "8C"], melds="2=7H 7H 7S; 1=KD KC KS")
    assert refused(g, "meld 7C 7D 7S") == (
        "7C 7D 7S: your side already has a set of 7s (meld 0: 7S 7H 7H); lay these cards off onto it instead (SET-4)",
        ("SET-4",))
    assert g.can("layoff 0: 7C")
    kings = table(["KC KD KH 8D", "5C", "6C", "7H"], melds="1=KD KC KS")
    kings.meld("KC KD KH")
    assert [t.owner for t in kings.table] == [1, 0]
    run = table(["7C 8C 9C 8D", "5C", "6C", "8C"], melds="2=7H 7H 7S")
    assert run.can("meld 7C 8C 9C")
    other_rank = table(["7C 7D 7S 8D", "5C", "6C", "8C"], melds="2=KD KC KS; 0=4H 5H 6H")
    other_rank.meld("7C 7D 7S")
    assert [str(t.meld) for t in other_rank.table] == ["KS KD KC", "4H 5H 6H", "7S 7D 7C"]


@pytest.mark.parametrize("target", [1, -1])
def test_turn_2_a_lay_off_names_a_meld_on_the_table(target: int) -> None:
    """TURN-2: a lay-off onto a meld number not on the table says which numbers there are."""
    g = table(["TH 8D", "5C", "6C", "7C"], melds=BURRACO)
    before = g.position()
    with pytest.raises(IllegalMove) as info:
        g.lay_off(target, "TH")
    assert (str(info.value), info.value.rules) == (
        f"there is no meld number {target} on the table to lay off onto (melds are numbered 0 to 0; TURN-2)",
        ("TURN-2",))
    assert g.position() == before and not g.can_lay_off(target, "TH")
    with pytest.raises(IllegalMove, match=r"no meld number True .*TURN-2"):
        g.lay_off(True, "TH")  # type: ignore[arg-type]
    with pytest.raises(IllegalMove, match=r"no meld number '0' .*TURN-2"):
        g.lay_off("0", "TH")  # type: ignore[arg-type]
    bare = table(["TH 8D", "5C", "6C", "7C"])
    assert refused(bare, "layoff 0: TH") == (
        "there is no meld number 0 on the table to lay off onto (there are no melds yet; TURN-2)", ("TURN-2",))


def test_turn_2_lay_off_onto_the_side_s_melds_only() -> None:
    """TURN-2: onto the partner's meld yes, the other side's no; a rule set without
    lay_off_onto_partner refuses the partner's too."""
    melds = "2=3H 4H 5H; 1=3S 4S 5S"
    g = table(["6H 6S 8D", "5C", "6C", "7C"], melds=melds)
    assert g.can("layoff 0: 6H")
    assert refused(g, "layoff 1: 6S") == (
        "meld 1 (3S 4S 5S) belongs to the other side; you lay off only onto your own side's melds (TURN-2)",
        ("TURN-2",))
    own_only = dataclasses.replace(FIBUR, name="own-melds", lay_off_onto_partner=False)
    text = (f"own-melds 4p d3 t0 play | h: 6H 6S 8D / 5C / 6C / 7C | m: {melds} | p: 3C | s: * | pots: *11 / *11"
            " | took: -")
    mine = Game.from_position(text, rules=own_only)
    assert refused(mine, "layoff 0: 6H") == (
        "meld 0 (3H 4H 5H) is your partner's; under own-melds you lay off only onto your own melds (TURN-2)",
        ("TURN-2",))
    assert mine.lay_off_targets() == ()


def test_turn_2_a_lay_off_adds_a_card() -> None:
    """TURN-2: a lay-off of no cards is refused with its reason."""
    g = table(["TH 8D", "5C", "6C", "7C"], melds=BURRACO)
    with pytest.raises(IllegalMove) as info:
        g.lay_off(0, [])
    assert (str(info.value), info.value.rules) == ("a lay-off adds at least one card (TURN-2)", ("TURN-2",))
    assert not g.can_lay_off(0, [])


def test_close_3_a_lay_off_completing_a_burraco_may_leave_one_card() -> None:
    """CLOSE-4 read with the burraco the lay-off itself completes: with the pot, laying off onto a
    meld of six so it becomes a burraco may leave one card to close with; a meld of five may not."""
    six = table(["9H 8D", "5C", "6C", "7C"], melds="0=3H 4H 5H 6H 7H 8H", took="0", pots="*11")
    six.lay_off(0, "9H")
    assert six.hand(0) == tuple(parse_cards("8D"))
    six.discard("8D")
    assert six.result().closed_by == 0
    five = table(["8H 8D", "5C", "6C", "7C"], melds="0=3H 4H 5H 6H 7H", took="0", pots="*11")
    assert refused(five, "layoff 0: 8H")[1] == ("CLOSE-1", "CLOSE-4")
    seven = table(["3D 4D 5D 6D 7D 8D 9D 8S", "5C", "6C", "7C"], took="0", pots="*11")
    seven.meld("3D 4D 5D 6D 7D 8D 9D")
    seven.discard("8S")
    assert seven.result().closed_by == 0


def test_turn_1_refusals_name_the_player_to_move() -> None:
    """TURN-1: the refusal names the seat to move (West here), in the chosen language."""
    g = table(["5C", "5H 6H 7H", "6C", "7C"], head="fibur 4p d0 t1 draw")
    text, rules = refused(g, "meld 5H 6H 7H")
    assert text.startswith("West must draw first") and rules == ("TURN-1",)
    g.draw()
    assert refused(g, "pile")[0].startswith("West has already drawn this turn")


@pytest.mark.parametrize("wild_high, layout", [(None, "JK(=4H) 5H 6H"), (True, "5H 6H JK(=7H)"),
                                               (False, "JK(=4H) 5H 6H")])
def test_wild_1_a_meld_takes_the_free_wild_s_end_asked(wild_high: bool | None, layout: str) -> None:
    """WILD-1, WILD-6: a free wild goes to the end asked (``wild_high``), else to the best one;
    the meld is read under the game's rule set (wikipedia-fr here), whichever way it is laid."""
    g = table(["5H 6H JK 8D", "5C", "6C", "7C"], head="wikipedia-fr 4p d3 t0 play")
    ev = g.meld("5H 6H JK", wild_high=wild_high)
    assert str(g.table[0].meld) == layout and g.table[0].meld.rules is g.rules and ev.seat == 0
    with_layout = table(["5H 6H JK 8D", "5C", "6C", "7C"], head="wikipedia-fr 4p d3 t0 play")
    with_layout.meld("5H 6H JK", layout="5H 6H JK(=7H)")
    assert with_layout.table[0].meld.rules is with_layout.rules


def test_wild_1_wild_high_is_true_false_or_none() -> None:
    """WILD-1: any other ``wild_high`` is refused with the three it may be, and nothing is laid."""
    g = table(["5H 6H JK 8D", "5C", "6C", "7C"])
    before = g.position()
    with pytest.raises(NotationError, match=r"^wild_high is True .* not 'yes' \(WILD-1\)$"):
        g.meld("5H 6H JK", wild_high="yes")  # type: ignore[arg-type]
    assert not g.can_meld("5H 6H JK", wild_high=1)  # type: ignore[arg-type]
    assert g.position() == before


def test_turn_2_a_meld_the_rules_refuse_is_refused_with_the_meld_s_reason() -> None:
    """SET-1, RUN-1: cards forming no meld are refused as the move, with the meld's own sentence and
    rule IDs."""
    with pytest.raises(InvalidMeld) as why:
        Meld.from_cards(parse_cards("5H 6H 9D"))
    g = table(["5H 6H 9D 8D", "5C", "6C", "7C"])
    assert refused(g, "meld 5H 6H 9D") == (str(why.value), ("SET-1", "RUN-1"))
    assert refused(g, "meld 5H 6H 9D high") == (str(why.value), ("SET-1", "RUN-1"))


def test_turn_3_verify_discard_refuses_as_the_discard_would() -> None:
    """TURN-3, TURN-4: verify_discard raises the discard's own refusal, and passes a legal one."""
    g = table(["5H 6H", "5C", "6C", "7C"], pile="QD", head=DRAW4)
    g.take_pile()
    with pytest.raises(IllegalMove) as info:
        g.verify_discard("QD")
    assert info.value.rules == ("TURN-4",) and str(info.value).startswith("South may not discard QD: QD was the one")
    before = g.position()
    g.verify_discard("5H")
    assert g.position() == before


@pytest.mark.parametrize("wild_high, layout", [(None, "JK(=4H) 5H 6H 7H"), (True, "5H 6H 7H JK(=8H)"),
                                               (False, "JK(=4H) 5H 6H 7H")])
def test_wild_1_a_lay_off_takes_the_free_wild_s_end_asked(wild_high: bool | None, layout: str) -> None:
    """WILD-1, WILD-6: a wild laid off goes to the end asked, else to the best one; the meld stays
    under the game's rule set."""
    g = table(["JK 8D", "5C", "6C", "7C"], melds="0=5H 6H 7H", head="wikipedia-fr 4p d3 t0 play")
    before = g.position()
    ev = g.lay_off(0, "JK", wild_high=wild_high)
    assert str(g.table[0].meld) == layout and g.table[0].meld.rules is g.rules and ev.seat == 0
    assert ev.note == f"meld 0 is now {layout}" and g.hand(0) == tuple(parse_cards("8D"))
    undone(g, before)
    with pytest.raises(NotationError, match=r"\(WILD-1\)$"):
        g.lay_off(0, "JK", wild_high="high")  # type: ignore[arg-type]
    assert g.position() == before


def test_turn_2_a_lay_off_the_meld_refuses_is_refused_with_its_reason() -> None:
    """TURN-2: a card that does not fit the meld is refused with the meld's own sentence."""
    g = table(["9D 8D", "5C", "6C", "7C"], melds="0=5H 6H 7H")
    assert refused(g, "layoff 0: 9D") == ("5H 6H 7H + 9D: a lay-off must keep the run of hearts (TURN-2)", ("TURN-2",))
    assert refused(g, "layoff 0: 9D high")[1] == ("TURN-2",)


def test_turn_2_own_melds_only_still_lays_off_onto_one_s_own() -> None:
    """TURN-2 under a rule set without lay_off_onto_partner: one's own meld still takes the card."""
    own_only = dataclasses.replace(FIBUR, name="own-melds", lay_off_onto_partner=False)
    text = ("own-melds 4p d3 t0 play | h: 6D 6H 8D / 5C / 6C / 7C | m: 0=3D 4D 5D; 2=3H 4H 5H | p: 3C | s: * "
            "| pots: *11 / *11 | took: -")
    g = Game.from_position(text, rules=own_only)
    assert [t.id for t in g.lay_off_targets()] == [0] and not g.can("layoff 1: 6H")
    g.lay_off(0, "6D")
    assert str(g.table[0].meld) == "3D 4D 5D 6D"


def test_turn_3_a_discard_is_one_card() -> None:
    """TURN-3: a discard given as anything but one card (or its notation) is refused, the value
    quoted, and nothing changes."""
    g = table(["5H 6H", "5C", "6C", "7C"])
    before = g.position()
    for value, shown in ((["5H"], "['5H']"), (5, "5")):
        with pytest.raises(NotationError) as info:
            g.discard(value)  # type: ignore[arg-type]
        assert str(info.value) == f"a discard is one card, like '9C' or Card.parse('9C'), not {shown} (TURN-3)"
        assert not g.can_discard(value)  # type: ignore[arg-type]
    assert g.position() == before


def test_pot_1_ramiroyal_takes_a_pot_while_one_is_left() -> None:
    """POT-1, POT-3 (ramiroyal): closing without a pot is allowed only once none is left; while one
    is, the side without its pot takes it with the last discard, burraco or not."""
    g = table(["9C", "5C"], took="1", pots="*11", melds=BURRACO, head="ramiroyal 2p d1 t0 play")
    ev = g.discard("9C")
    assert ev.note == "discarded 9C; South takes the pot with the discard (11 cards, POT-3)"
    assert not g.is_over and g.took_pot == (True, True) and len(g.hand(0)) == 11


def test_turn_2_the_missing_cards_are_named_in_order() -> None:
    """TURN-2: the cards missing from the hand are named in the hand's order, not as typed."""
    g = table(["5H 8D", "5C", "6C", "7C"])
    assert refused(g, "meld 7H 6H 5H")[0].startswith("South does not hold 6H 7H (hand: 5H 8D)")
    assert refused(g, "meld 7D 6H 5H")[0].startswith("South does not hold 6H 7D (hand: 5H 8D)")


@pytest.mark.parametrize("seat", ["0", 7, True])
def test_pot_1_a_side_is_asked_of_a_seat_at_the_table(seat: object) -> None:
    """POT-1, CLOSE-1, DEAL-4: side_has_pot and side_has_burraco refuse a seat not at the table with
    the package's error, the value quoted."""
    g = table(["5H", "5C", "6C", "7C"], took="2", pots="*11", melds="2=3H 4H 5H 6H 7H 8H 9H")
    assert g.side_has_pot(0) and g.side_has_burraco(0) and not g.side_has_pot(1) and not g.side_has_burraco(1)
    for ask in (g.side_has_pot, g.side_has_burraco):
        with pytest.raises(IllegalMove, match=rf"^there is no seat {seat!r}: the 4 seats are numbered 0 to 3 .*\(DEAL-4\)$"):
            ask(seat)  # type: ignore[arg-type]


def test_turn_5_a_play_may_not_empty_the_hand_with_no_pot_left() -> None:
    """TURN-5, POT-1: with no pot left to take, a meld emptying the hand is refused, with both rules."""
    g = table(["5H 6H 7H", "5C", "6C", "7C"], took="1", pots="-", study=True)
    assert refused(g, "meld 5H 6H 7H") == (
        "melding 5H 6H 7H would empty the hand with no pot left to take; keep a card to discard (TURN-5, POT-1)",
        ("TURN-5", "POT-1"))


# ---------------------------------------------------------------- CLOSE-2..4, TURN-4, TURN-5: the legal lists
# legal_melds() and legal_lay_offs() answer the rest check their own faster way (and remember a lone
# card's answer across games of the same rule set): each game below is asked the lists first, then
# every move itself, each twice, so an answer remembered wrongly shows. A fresh rule set per test
# keeps the answers other tests left for the preset out of it.
def fresh_rules() -> Rules:
    """A rule set of its own (``fibur`` as it is, under the name ``fresh``), for one test's games."""
    return dataclasses.replace(FIBUR, name="fresh")


def fresh(text: str, rules: Rules | None = None, study: bool = False) -> Game:
    """The position under ``rules`` (a fresh rule set if not given)."""
    return parse_position(text, rules=rules or fresh_rules(), study=study)


def position(hand: str, *, melds: str = "-", took: str = "-", pots: str = "*11 / *11", single: str = "") -> str:
    head = "fresh 4p d3 t0 play" + (f" single={single}" if single else "")
    return f"{head} | h: {hand} / 5C / 6C / 7C | m: {melds} | p: 3C | s: * | pots: {pots} | took: {took}"


def legal_melds_checked(g: Game) -> set[str]:
    """The melds legal_melds() lists, checked (twice) against can_meld of every candidate."""
    listed = {str(a) for a in g.legal_melds()}
    assert {str(a) for a in g.legal_melds()} == listed
    for _ in range(2):
        allowed = {str(LayDown(c)) for c in g.candidate_melds() if g.can_meld(c)}
        assert allowed == listed, g.position()
    for t in g.lay_off_targets():
        for c in dict.fromkeys(g.hand(0)):
            assert (LayOff(t.id, (c,)) in g.legal_lay_offs()) == g.can_lay_off(t.id, [c]), (t.id, c)
    return listed


def test_close_2_close_3_the_legal_melds_keep_a_card_to_close_with() -> None:
    """CLOSE-2, CLOSE-3, CLOSE-4: with the pot taken and a burraco, a meld may leave two cards or one
    natural, not a lone wild nor an empty hand; without a burraco, not even one natural."""
    g = fresh(position("JK 5H 6H 7H 8H", melds=BURRACO, took="0", pots="*11"))
    listed = legal_melds_checked(g)
    assert {"meld 5H 6H 7H", "meld 6H 7H 8H", "meld JK 5H 6H 7H", "meld JK 6H 7H 8H"} <= listed
    assert "meld 5H 6H 7H 8H" not in listed and "meld JK 5H 6H 7H 8H" not in listed  # a lone JK, nothing
    assert refused(g, "meld 5H 6H 7H 8H")[1] == ("CLOSE-2", "CLOSE-4")
    assert refused(g, "meld JK 5H 6H 7H 8H")[1] == ("CLOSE-3",)
    assert "layoff 0: JK" in {str(a) for a in g.legal_lay_offs()}
    no_burraco = fresh(position("9C 5H 6H 7H", took="0", pots="*11"))
    assert legal_melds_checked(no_burraco) == set()
    assert refused(no_burraco, "meld 5H 6H 7H")[1] == ("CLOSE-1", "CLOSE-4")


def test_close_2_a_lone_card_s_answer_is_not_read_for_two() -> None:
    """CLOSE-2, CLOSE-4: JK and a natural left can end the turn (the natural is discarded), a lone JK
    cannot, whichever is asked first."""
    g = fresh(position("JK 5H 6H 7H 8H", melds=BURRACO, took="0", pots="*11"))
    g.check_rest(parse_cards("2C 8D"))  # cards of no hand: no answer remembered for them yet
    with pytest.raises(IllegalMove, match=r"\(CLOSE-4\)$"):
        g.check_rest(parse_cards("2C"))
    g.check_rest(parse_cards("2C 8D"))


def test_turn_4_the_legal_melds_with_the_one_card_pile_s_card_held() -> None:
    """TURN-4: after taking a one-card pile (QD), a meld may leave QD with another card to discard,
    whichever comes first in the hand, but not QD alone; a lone JK's answer is not read for JK and QD."""
    g = fresh(position("JK 5H 6H 7H 8H QD", melds=BURRACO, took="0", pots="*11", single="QD"))
    with pytest.raises(IllegalMove, match=r"\(CLOSE-4\)$"):
        g.check_rest(parse_cards("JK"))
    listed = legal_melds_checked(g)
    assert {"meld 5H 6H 7H 8H", "meld 5H 6H 7H", "meld JK 5H 6H 7H"} <= listed  # JK QD; JK 8H QD; 8H QD
    assert "meld JK 5H 6H 7H 8H" not in listed  # QD alone: TURN-4
    assert refused(g, "meld JK 5H 6H 7H 8H")[1] == ("TURN-4",)
    first = fresh(position("QD 9C 5H 6H 7H", took="0", pots="*11", single="QD"))
    assert legal_melds_checked(first) == {"meld 5H 6H 7H"}  # QD 9C: 9C is discarded
    no_pot = fresh(position("QD 9C 5H 6H 7H", single="QD"))
    assert legal_melds_checked(no_pot) == {"meld 5H 6H 7H"}


def test_turn_5_the_legal_melds_take_the_pot_while_one_is_left() -> None:
    """POT-2, TURN-5, POT-1: without its pot, a side may empty its hand by a meld or leave one card
    while a pot is left; with none left, it must keep a card beyond the discard, whichever game the
    rule set saw first."""
    rules = fresh_rules()
    for _ in range(2):
        pot_left = fresh(position("9C 5H 6H 7H"), rules)
        assert legal_melds_checked(pot_left) == {"meld 5H 6H 7H"}
        emptied = fresh(position("5H 6H 7H"), rules)
        assert legal_melds_checked(emptied) == {"meld 5H 6H 7H"}
        none_left = fresh(position("9C 5H 6H 7H", took="1", pots="-"), rules, study=True)
        assert legal_melds_checked(none_left) == set()
        assert refused(none_left, "meld 5H 6H 7H")[1] == ("TURN-5", "POT-1")
