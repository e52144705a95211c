"""The discard faults the hint and the coach share (hints.discard_faults, advised_discard): what
a discard gives the next player with the pile, found as completely as trying every pair."""

from __future__ import annotations

import random

from buraco_learn import Card, Game, Meld
from buraco_learn.actions import Discard
from buraco_learn.bots import StrongBot, known_holdings
from buraco_learn.errors import BuracoError
from buraco_learn.hints import advised_discard, discard_faults

C = Card.parse


def _every_pair(card: Card, pool: list[Card]) -> tuple[tuple[Card, Card], Meld] | None:
    """The first two cards of ``pool`` (not ``card`` itself) that make a meld with ``card``,
    trying every pair of naturals in pool order, then every natural beside the pool's first wild:
    what the pile fault means (TURN-1)."""
    near = [x for x in pool if not x.is_wild]  # copy by copy: two of each card exist (EQ-1)
    for i, a in enumerate(near):
        for b in near[i + 1:]:
            try:
                return (a, b), Meld.from_cards([a, b, card])
            except BuracoError:
                continue
    wild = next((x for x in pool if x.is_wild), None)
    for a in near if wild is not None else []:
        try:
            return (a, wild), Meld.from_cards([a, card, wild])
        except BuracoError:
            continue
    return None


def _every_lay_off(game: Game, card: Card, pool: list[Card]) -> tuple[tuple[Card], Meld] | None:
    """The first meld of the next player's side (table order) that ``card`` lays off onto with
    one card of ``pool`` (pool order) but not alone, and the meld after (TURN-1, TURN-2)."""
    seat = game.to_move
    nxt = (seat + 1) % game.players
    if game.side_of(nxt) == game.side_of(seat):
        return None
    for t in game.table:
        if t.owner not in game.side_of(nxt) or t.meld.can_lay_off([card]):
            continue
        for x in dict.fromkeys(pool):
            try:
                return (x,), t.meld.lay_off([card, x])
            except BuracoError:
                continue
    return None


def test_a_discard_that_makes_a_set_with_two_pile_cards_is_a_pile_fault_set1() -> None:
    """9♦ with the pile's 9♠ and 9♥ (other cards between them) is a set for the next player."""
    g = Game.from_position("fibur 2p d1 t0 play | h: 9D 4C 2S / - | m: - | p: 9S KH 5C 9H | s: * "
                           "| pots: *11 / *11 | took: -")
    pile = [f for f in discard_faults(g, C("9D")) if f.kind == "pile"]
    assert [(f.cards, str(f.meld)) for f in pile] == [((C("9S"), C("9H")), "9S 9H 9D")]
    assert advised_discard(g) == C("4C")


def test_the_pile_faults_are_those_of_every_pair_on_played_positions() -> None:
    """Over seeded hands played at random, each card's pile fault is the first pair that makes a
    meld with it, trying every pair of the pile and of what the next player is known to hold, or
    else the first lay-off with one of those cards onto his side's melds."""
    checked = 0
    for seed in range(6):
        g = Game.new(2 if seed % 2 else 4, seed=seed)
        rng = random.Random(seed)
        while not g.is_over and len(g.history) < 120:
            if g.phase == "play":
                view = g.view(g.to_move)
                pool = [*view.pile, *known_holdings(view)[(view.seat + 1) % view.players].elements()]
                for card in dict.fromkeys(g.hand(g.to_move)):
                    if card.is_wild:
                        continue
                    got = [(f.cards, f.meld) for f in discard_faults(g, card) if f.kind == "pile"]
                    want = _every_pair(card, pool) or _every_lay_off(g, card, pool)
                    assert got == ([] if want is None else [want]), (card, pool)
                    checked += 1
            acts = g.legal_actions()
            discards = [a for a in acts if isinstance(a, Discard)]
            others = [a for a in acts if not isinstance(a, Discard)]
            g.apply(rng.choice(others) if others and (not discards or rng.random() < 0.5) else rng.choice(discards))
    assert checked > 500


def _fewest_faults(game: Game, seed: int) -> Card | None:
    """advised_discard as its docstring says it: the strong bot's choice among the legal discards
    whose faults (wild, feeds, pile, in that order) are the fewest."""
    discards = [a for a in game.legal_actions() if isinstance(a, Discard)]
    if not discards:
        return None
    def rank(card: Card) -> tuple[bool, bool, bool]:
        kinds = {f.kind for f in discard_faults(game, card)}
        return "wild" in kinds, "feeds" in kinds, "pile" in kinds
    least = min(rank(d.card) for d in discards)
    choices = [d for d in discards if rank(d.card) == least]
    if len(choices) == 1:
        return choices[0].card
    return StrongBot(seed).discard(game.view(game.to_move), game, choices).card


def test_the_advised_discard_is_the_strong_choice_among_the_fewest_faults() -> None:
    """On seeded played positions (2 and 4 players), before and after melding."""
    checked = 0
    for seed in range(4):
        g = Game.new(4 if seed % 2 else 2, seed=100 + seed)
        rng = random.Random(seed)
        while not g.is_over and len(g.history) < 90:
            if g.phase == "play" and len(g.history) % 3 == 0:
                assert advised_discard(g, seed) == _fewest_faults(g, seed), g.history[-1:]
                checked += 1
            acts = g.legal_actions()
            discards = [a for a in acts if isinstance(a, Discard)]
            others = [a for a in acts if not isinstance(a, Discard)]
            g.apply(rng.choice(others) if others and (not discards or rng.random() < 0.5) else rng.choice(discards))
    assert checked > 30


def test_when_every_discard_feeds_an_opponent_meld_no_burraco_is_given_turn2_bur1() -> None:
    """Both cards lay off on the opponents' melds (TURN-2): 9♥ makes their run a clean burraco
    (200 + 10 points, BUR-2), 4♣ gives them 5. The hint and the bot give the 4♣, and say why."""
    g = Game.from_position("fibur 2p d1 t0 play | h: 9H 4C / 9D 9S 3D 4D 5D 6D 7D "
                           "| m: 1=3H 4H 5H 6H 7H 8H; 1=4D 4S 4H | p: 3C | s: * | pots: *11 / *11 | took: -")
    assert advised_discard(g) == C("4C")
    from buraco_learn.hints import hint
    words = str(hint(g))
    assert "Then discard 4♣" in words
    assert "gives them 5 points, where 9♥ would give them 210" in words
    bot = StrongBot(0)
    discards = [a for a in g.legal_actions() if isinstance(a, Discard)]
    assert bot.discard(g.view(0), g, discards).card == C("4C")


def test_a_wild_is_laid_when_its_discard_then_takes_the_pot_pot3() -> None:
    """Kept for a clean burraco, 2♣ would leave two cards and no pot this turn; laid, the one card
    left is discarded and the hand is empty, so the side takes its pot with the discard (POT-3)."""
    from buraco_learn.hints import hint
    g = Game.from_position("fibur 2p d1 t0 play | h: 5H 6H 7H 8H 2C 4S / 9D 9S 3D 4D 5D 6D 7D | m: - | p: 3C "
                           "| s: * | pots: *11 / *11 | took: -")
    h = hint(g)
    assert C("2C") in h.action.cards  # type: ignore[union-attr]
    assert "POT-3" in str(h) and "Keep 2♣" not in str(h)
    first = StrongBot(0).choose(g.view(0), g.legal_actions())  # the bot plays what the hint says
    assert C("2C") in first.cards  # type: ignore[union-attr]
    # with one card more the discard cannot empty the hand: the wild is kept for a clean burraco
    g2 = Game.from_position("fibur 2p d1 t0 play | h: 5H 6H 7H 8H 2C 4S KS / 9D 9S 3D 4D 5D 6D 7D | m: - "
                            "| p: 3C | s: * | pots: *11 / *11 | took: -")
    h2 = hint(g2)
    assert C("2C") not in h2.action.cards  # type: ignore[union-attr]
    assert "Keep 2♣ out of the new meld" in str(h2)


def test_a_card_the_side_takes_kept_with_two_in_hand_says_why_it_is_not_laid_now_close4() -> None:
    """With its pot, no burraco and two cards, South's 3♥ fits his run, but laid off it would leave
    one card, which he may not discard (CLOSE-4): the hint keeps it and says so, not only "later"."""
    from buraco_learn.hints import hint
    g = Game.from_position("fibur 2p d1 t0 play | h: QD 3H / 9D 9S 3D 4D 5D 6D 7D | m: 0=4H 5H 6H | p: 8C "
                           "| s: * | pots: *11 | took: 0")
    words = str(hint(g))
    assert "Then discard Q♦" in words
    assert "laid now it would leave you one card" in words and "(CLOSE-4)" in words
    # with three cards it could be laid off and a card discarded: no CLOSE-4 reason then
    g3 = Game.from_position("fibur 2p d1 t0 play | h: QD 3H KS / 9D 9S 3D 4D 5D 6D 7D | m: 0=4H 5H 6H | p: 8C "
                            "| s: * | pots: *11 | took: 0")
    assert "laid now it would leave you one card" not in str(hint(g3))


def test_a_discard_whose_twin_lies_in_the_pile_beside_its_rank_is_a_pile_fault_set1_eq1() -> None:
    """The pile holds 9♦ and 9♠: a second 9♠ on it makes the set 9♠ 9♠ 9♦ from the pile alone
    (two of each card exist, EQ-1; SET-1), so it is no "safe" card (a learner's report: the coach
    called it safe, and North took the pile and melded the nines)."""
    from buraco_learn import parse_action
    from buraco_learn.coach import judge
    g = Game.from_position("fibur 2p d0 t0 play | h: QH 9S / 7C 6S | m: 1=QS KS AS; 1=QS QD QC; 0=7H 8H 9H; "
                           "0=9D TD JK(=JD) QD; 1=8S 8H 8C; 0=AS AC 2H(=A) | p: 9D KC TD TC JH KS 9S 3S 5C | s: * "
                           "| pots: *11 / *11 | took: -")
    assert [f.kind for f in discard_faults(g, C("9S"))] == ["pile"]
    verdict = str(judge(g, parse_action("discard QH")))
    assert "9♠ was safe" not in verdict and "9♠ gave less away" in verdict


def test_a_close_missed_by_drawing_is_costly_and_the_hint_says_the_close_close1_close5() -> None:
    """South holds K♥, his side has its pot and a burraco: the pile's one card, J♦, lays off onto his
    diamonds, then the K♥ is his closing discard, so with the pile he closes at once (CLOSE-1). The
    hint says so first; drawing from the stock is an exact mistake, the close's 100 missed (CLOSE-5)."""
    from buraco_learn import parse_action
    from buraco_learn.coach import judge
    from buraco_learn.hints import hint
    g = Game.from_position(
        "fibur 2p d0 t0 draw | h: KH / 6S 5C 7D 4D TD 7C JC 6D TC | m: 1=QS KS AS; 1=QS QH QD QC; "
        "0=6H 7H 8H 9H TH JH QH KH; 0=6D 7D 8D 9D TD JK(=JD) QD; 1=8S 8H 8C 8C; 0=AS AH AC AC 2H(=A); 1=9S 9S 9D; "
        "1=3S 3H 3D 3C; 0=JK(=9S) TS JS; 1=KS KC KC 2S(=K) | p: JD | s: * | pots: *11 | took: 0")
    assert "you can close at once (CLOSE-1)" in str(hint(g))
    drew = judge(g, parse_action("draw"))
    assert drew.mistake and drew.exact and drew.kind == "close" and drew.loss is not None and drew.loss >= 100
    assert "✗ Costly: a close missed" in str(drew)
    took = judge(g, parse_action("pile"))
    assert not took.mistake and "✓ Good move" in str(took)
