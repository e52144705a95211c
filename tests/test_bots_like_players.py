"""The bots play like players (issue 23): no loop of the same pile and discard turn after turn, the
stock keeps moving, and every discard of the strong bot follows notebook 8b's principles.

Hands are played here action by action (not through ``play_hand``) so that the test sees, besides
each bot's choice, the public facts a seat may know: which cards lay in the pile each seat took
(TURN-1) and what each seat laid down and discarded since.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

from buraco_learn import Card, Game
from buraco_learn.actions import Discard, Draw, LayDown, LayOff, TakePile
from buraco_learn.bots import StrongBot, known_holdings, make_bot, opponent_melds_accepting, own_discards_in_pile
from buraco_learn.game import PlayerView
from buraco_learn.melds import is_valid_meld
from buraco_learn.solver import meld_value

#: Loops this long (turns running) or longer fail the test.
LOOP = 2
#: The table may not go this many rounds (a turn of every seat) running without a card from the stock.
NO_STOCK = 2
#: A card a seat has discarded this many times in a hand is not thrown again while a safe card
#: thrown fewer times will do (the reader's A♠ thrown eight times in one hand).
WORN = 3


@dataclass
class Turn:
    """One turn: who played it, whether he took the pile (and what it held), what he discarded."""

    seat: int
    took: bool
    pile: list[Card]
    stock: bool
    discard: Card | None = None
    #: Whether a card other than the discard and not a wild could have been discarded.
    free: bool = True
    #: The points the turn laid down (the seat's side's melds before the draw and at the discard).
    laid: int = 0
    #: The seat had discarded this card ``WORN`` times already this hand, and another card would
    #: have done: not a wild, thrown fewer times, not its own discard just taken back, no opponent's
    #: meld takes it and the next player is not known to use it (:func:`feeds_next`), nor does a meld
    #: of its own side (a card to keep, TURN-2).
    needless_repeat: bool = False


@dataclass
class Hand:
    turns: list[Turn] = field(default_factory=list)
    #: Strong-bot discards that broke a principle: (seed, seat, card, the principle, better cards).
    broken: list[tuple[int, int, Card, str, list[Card]]] = field(default_factory=list)
    discards_checked: int = 0


def _next_side_melds(view: PlayerView, nxt: int) -> list[object]:
    side = next(s for s in view.sides if nxt in s)
    if view.seat in side:
        return []
    return [t for t in view.table if t.owner in side]


def feeds_next(view: PlayerView, card: Card, known: Counter[Card]) -> str:
    """Why discarding ``card`` is a gift the next player is known to use ('' if it is not): it lays
    off onto his side's melds (TURN-2), or it makes a meld with two cards of the pile and of what he
    is ``known`` to hold from piles he took (the pile then is worth taking, TURN-1)."""
    nxt = (view.seat + 1) % view.players
    if any(t.meld.can_lay_off([card]) for t in _next_side_melds(view, nxt)):  # type: ignore[attr-defined]
        return "lays off onto the next player's side"
    side = next(s for s in view.sides if nxt in s)
    if view.seat in side:
        return ""
    pool = list(view.pile) + list(known.elements())
    for a, b in combinations(pool, 2):
        if is_valid_meld([card, a, b]):
            return "makes a meld with the pile or the next player's known cards"
    return ""


def near_pile(card: Card, pile: Sequence[Card]) -> bool:
    """Whether ``card`` goes with a card of the pile toward a meld: the same rank (a set, SET-1), or
    the same suit two ranks apart or less (a run, RUN-1). On the pile it may let the next player
    take it all, and close (the strong bot weighs that risk first)."""
    return any(not p.is_wild and (p.r == card.r or p.s == card.s and abs(p.r - card.r) <= 2) for p in pile)


def play(players: int, levels: tuple[str, str], seed: int, *, check_strong: bool = False) -> Hand:
    """One seeded fibur hand, seats alternating the two levels, recording every turn."""
    g = Game.new(players, rules="fibur", seed=seed, dealer=seed % players)
    bots = [make_bot(levels[s % 2], seed * 10 + s) for s in range(players)]
    hand = Hand()
    # What each seat is publicly known to hold: the pile's cards it took (the pile as everyone saw it
    # grow: the first face-up card is left out, as a seat's view of the history does), minus what it
    # laid down or discarded since.
    known: list[Counter[Card]] = [Counter() for _ in range(players)]
    seen_pile: list[Card] = []
    thrown: list[Counter[Card]] = [Counter() for _ in range(players)]
    turn: Turn | None = None
    for _ in range(5000):
        if g.is_over:
            return hand
        seat = g.to_move
        view = g.view(seat)
        legal = g.legal_actions()
        action = bots[seat].choose(view, legal)
        assert action in legal
        if g.phase == "draw":
            turn = Turn(seat, isinstance(action, TakePile), list(g.pile), isinstance(action, Draw))
            turn.laid = -sum(meld_value(t.meld) for t in g.side_melds(seat))
            hand.turns.append(turn)
        if isinstance(action, TakePile):
            known[seat].update(seen_pile)
            seen_pile = []
        elif isinstance(action, (LayDown, LayOff)):
            known[seat] -= Counter(action.cards)
        elif isinstance(action, Discard):
            assert turn is not None
            turn.discard = action.card
            turn.laid += sum(meld_value(t.meld) for t in g.side_melds(seat))
            turn.free = any(isinstance(a, Discard) and a.card != action.card and not a.card.is_wild for a in legal)
            if thrown[seat][action.card] >= WORN:
                nxt = (seat + 1) % players
                back = own_discards_in_pile(view)[1]
                turn.needless_repeat = any(
                    isinstance(a, Discard) and a.card != action.card and not a.card.is_wild
                    and thrown[seat][a.card] < WORN and a.card not in back
                    and not opponent_melds_accepting(view, a.card) and not feeds_next(view, a.card, known[nxt])
                    and not near_pile(a.card, view.pile)
                    and not any(t.owner in g.side_of(seat) and t.meld.can_lay_off([a.card]) for t in view.table)
                    for a in legal)
            thrown[seat][action.card] += 1
            if check_strong and isinstance(bots[seat], StrongBot):
                check_discard(hand, seed, view, action.card, [a.card for a in legal if isinstance(a, Discard)],
                              known[(seat + 1) % players])
            known[seat] -= Counter([action.card])
            seen_pile.append(action.card)
        g.apply(action)
    raise AssertionError(f"seed {seed}: the hand did not end")


def check_discard(hand: Hand, seed: int, view: PlayerView, card: Card, options: list[Card],
                  known: Counter[Card]) -> None:
    """Notebook 8b, part 4: no wild thrown while another card will do; no card the next player is
    known to use (:func:`feeds_next`) while a card that is neither will do."""
    hand.discards_checked += 1
    naturals = [c for c in options if not c.is_wild]
    if card.is_wild and naturals:
        hand.broken.append((seed, view.seat, card, "a wild thrown", naturals))
        return
    why = feeds_next(view, card, known)
    if why:
        safe = [c for c in naturals if not feeds_next(view, c, known)]
        if safe:
            hand.broken.append((seed, view.seat, card, why, safe))


def loops(hand: Hand) -> list[tuple[int, Card, int]]:
    """The loops of a hand: (seat, card, turns running) for every run of ``LOOP`` or more of a seat's
    turns in each of which it took the pile holding the card it discarded at its previous turn, laid
    down less than 15 points with it (a pile that pays is worth taking, whoever threw its cards, and
    the card nobody wants is the one to throw again: notebook 8b), and discarded that same card
    again while a card that is not a wild would have done."""
    last: dict[int, Card | None] = {}
    run: dict[int, int] = {}
    found: list[tuple[int, Card, int]] = []

    def ended(seat: int) -> None:
        if run.get(seat, 0) >= LOOP:
            found.append((seat, last[seat], run[seat]))  # type: ignore[arg-type]
        run[seat] = 0

    for t in hand.turns:
        before = last.get(t.seat)
        if t.took and before is not None and before in t.pile and t.discard == before and t.free and t.laid < 15:
            run[t.seat] = run.get(t.seat, 0) + 1
        else:
            ended(t.seat)
        last[t.seat] = t.discard
    for seat in list(run):
        ended(seat)
    return found


def pile_ping_pong(hand: Hand) -> list[int]:
    """The small piles passed back and forth between seats: the runs of more than ``LOOP`` turns
    running (of any seats) in each of which the seat took a pile of one or two cards holding the
    card it discarded at its previous turn, and laid down less than 15 points: the pile goes from
    one seat to the next and back, the stock does not move. Their lengths in turns."""
    last: dict[int, Card | None] = {}
    run = 0
    found: list[int] = []
    for t in [*hand.turns, Turn(0, False, [], True)]:
        before = last.get(t.seat)
        if t.took and len(t.pile) <= 2 and before is not None and before in t.pile and t.laid < 15:
            run += 1
        else:
            if run > LOOP:
                found.append(run)
            run = 0
        last[t.seat] = t.discard
    return found


def stock_stalls(hand: Hand, players: int) -> list[int]:
    """The stretches of ``NO_STOCK`` rounds of turns or more (``NO_STOCK * players`` turns running) in
    which nobody drew from the stock, nor laid down 15 points or more with the pile taken (a pile
    that pays is play, not a stall, as :func:`loops` counts it): their lengths in turns."""
    run = 0
    found = []
    for t in [*hand.turns, Turn(0, False, [], True)]:  # a stock turn ends the last stretch
        if t.stock or t.laid >= 15:
            if run >= NO_STOCK * players:
                found.append(run)
            run = 0
        else:
            run += 1
    return found


#: Seeded hands of the strong and the greedy bots (the issue's were 24 of them).
HANDS = [(2, ("strong", "greedy"), seed) for seed in range(1, 7)] + \
        [(2, ("greedy", "greedy"), seed) for seed in range(1, 13)] + \
        [(2, ("strong", "strong"), seed) for seed in range(1, 7)] + \
        [(4, ("strong", "greedy"), seed) for seed in range(1, 7)]


def test_no_seat_loops_on_the_pile_and_the_stock_keeps_moving() -> None:
    """Over seeded hands no seat takes the pile back with the card it threw and throws that card
    again ``LOOP`` turns running; no pile of one or two cards goes back and forth between seats,
    each taking back its own discard, more than ``LOOP`` turns running;
    no seat throws a card it has thrown ``WORN`` times already while a safe card thrown fewer times
    will do (the second reader saw A♠ thrown eight times in one hand, TURN-1, TURN-3); and the
    stock is drawn from at least once in ``NO_STOCK`` rounds."""
    found = []
    for players, levels, seed in HANDS:
        hand = play(players, levels, seed)
        for seat, card, n in loops(hand):
            found.append(f"{players}p {levels} seed {seed}: seat {seat} threw {card} back {n} turns running")
        for n in pile_ping_pong(hand):
            found.append(f"{players}p {levels} seed {seed}: a small pile went back and forth {n} turns running")
        for t in hand.turns:
            if t.needless_repeat:
                found.append(f"{players}p {levels} seed {seed}: seat {t.seat} threw {t.discard} a {WORN + 1}th time "
                             f"or more while a safe card would do")
        for n in stock_stalls(hand, players):
            found.append(f"{players}p {levels} seed {seed}: {n} turns running without a stock card")
    assert not found, "\n".join(found[:20]) + f"\n({len(found)} in all)"


def test_strong_discards_follow_notebook_8b() -> None:
    """Every discard of the strong bot over seeded hands: no wild while another card will do, none
    the next player is known to use while a card that is neither will do."""
    broken = []
    checked = 0
    for players, seed in [(2, s) for s in range(1, 5)] + [(4, s) for s in range(1, 5)]:
        hand = play(players, ("strong", "greedy"), seed, check_strong=True)
        broken += hand.broken
        checked += hand.discards_checked
    assert checked > 50
    assert not broken, "\n".join(f"seed {s} seat {seat}: {c} ({why}; safe: {' '.join(map(str, safe))})"
                                 for s, seat, c, why, safe in broken[:20]) + f"\n({len(broken)} in all)"


def test_a_card_taken_back_with_the_pile_is_not_thrown_again() -> None:
    """The issue's loop in one position: North threw A♣, South discarded 7♥, which North lays off;
    North takes the two-card pile and lays 7♥ off, then throws another card, not A♣ back."""
    g = Game.from_position("fibur 2p d0 t1 play | h: 9C 7H 3D / AC 5D KS | m: 1=4H 5H 6H | p: - | s: * "
                           "| pots: *11 / *11 | took: -")
    g.discard(Card.parse("AC"))  # North's turn ends with A♣ on the pile
    g.draw()
    g.discard(Card.parse("7H"))  # South's discard
    bot = make_bot("greedy")
    while g.to_move == 1 and not g.is_over:
        action = bot.choose(g.view(1), g.legal_actions())
        g.apply(action)
        if isinstance(action, Discard):
            break
    assert isinstance(g.history[-1].action, Discard)
    assert g.history[-1].action.card != Card.parse("AC")
    assert any(isinstance(e.action, TakePile) and e.seat == 1 for e in g.history)


def test_strong_does_not_hand_the_next_player_a_meld_in_the_pile_with_two_players() -> None:
    """Notebook 8b, part 4, with 2 players too: 8♥ makes a run with the pile's 6♥ 7♥, so the strong
    bot throws 4♣ (it used to look at the pile only with 3 or 4 players, and threw the higher 8♥)."""
    g = Game.from_position("fibur 2p d1 t0 play | h: 8H 4C / 5D 9S 6C | m: - | p: 6H 7H | s: * "
                           "| pots: *11 / *11 | took: -")
    assert StrongBot().choose(g.view(0), g.legal_actions()) == Discard(Card.parse("4C"))


def test_strong_keeps_a_card_the_next_player_is_known_to_pair() -> None:
    """North took 9♦, then 8♣ 9♥ with the pile (public, TURN-1): 9♣ would give him a set of 9s, so
    the strong bot keeps it, though it links with nothing in its hand and scores the most."""
    g = Game.from_position("fibur 2p d1 t0 play | h: 9D 5C 9C 9H 3H / 7S 8C KD | m: - | p: - | s: * "
                           "| pots: *11 / *11 | took: -")
    g.discard(Card.parse("9D"))
    g.take_pile()
    g.discard(Card.parse("8C"))
    g.draw()
    g.discard(Card.parse("9H"))
    g.take_pile()  # North holds 9D 8C 9H, as everyone saw
    g.discard(Card.parse("KD"))
    g.draw()
    assert known_holdings(g.view(0))[1] == Counter(map(Card.parse, ["9D", "8C", "9H"]))
    choice = StrongBot().choose(g.view(0), g.legal_actions())
    assert isinstance(choice, Discard) and choice.card != Card.parse("9C"), (g.hand(0), choice)


def test_strong_takes_a_small_pile_back_when_it_has_another_card_to_throw() -> None:
    """With two players the strong bot takes a pile of two cards that loses nothing even when one of
    them is its own last discard (Q♦), when it did not throw its own card back last turn: more
    cards, and a pile the greedy bot never sees grow. No loop: it throws another card that feeds
    nobody (4♣ 9♦ K♠ 3♥ here), not Q♦ back."""
    g = Game.from_position("fibur 2p d1 t0 play | h: 4C 9D KS QD / 7S 3H | m: - | p: - | s: * "
                           "| pots: *11 / *11 | took: -")
    g.discard(Card.parse("QD"))
    g.draw()
    g.discard(Card.parse("3H"))
    bot = StrongBot()
    assert bot.choose(g.view(0), g.legal_actions()) == TakePile()
    g.take_pile()
    choice = bot.choose(g.view(0), g.legal_actions())
    assert isinstance(choice, Discard) and choice.card != Card.parse("QD"), choice


def test_strong_draws_after_taking_its_own_discard_back_twice_while_the_opponent_leaves_the_pile() -> None:
    """South took the pile back with its own discard in it two turns running (Q♦, then 4♣), and North
    drew from the stock at each of his turns: the pile of 9♦ and North's 7♠ lays nothing down, and
    left it waits for South, bigger. A card thrown is a card not wanted: South draws (the loop of
    the issue: some 40 turns running against a learner who only drew)."""
    g = Game.from_position("fibur 2p d1 t0 play | h: 4C 9D KS QD 8H JC / 7S 3H 5S 6D | m: - | p: - | s: * "
                           "| pots: *11 / *11 | took: -")
    g.discard(Card.parse("QD"))
    g.draw()
    g.discard(Card.parse("3H"))
    g.take_pile()  # Q♦ back
    g.discard(Card.parse("4C"))
    g.draw()
    g.discard(Card.parse("5S"))
    g.take_pile()  # 4♣ back: twice running
    g.discard(Card.parse("9D"))
    g.draw()
    g.discard(Card.parse("7S"))
    assert StrongBot().choose(g.view(0), g.legal_actions()) == Draw()


def test_strong_does_not_take_its_own_card_back_two_turns_running() -> None:
    """The same kind of pile, but every other card it would hold lays off onto South's melds (8♥ 4♥
    onto 5♥-7♥, 4♣ 8♣ onto 5♣-7♣): taken, the pile leaves Q♦ as the only safe discard, and North
    threw Q♦ back last turn already. Taking it again would be the loop (the same pile, the same
    card, turn after turn): it draws instead."""
    g = Game.from_position("fibur 2p d1 t0 play | h: 8H 4C QD / 7S 4H 8C | m: 1=5H 6H 7H; 1=5C 6C 7C | p: - "
                           "| s: * | pots: *11 / *11 | took: -")
    g.discard(Card.parse("QD"))
    g.draw()
    g.discard(Card.parse("4H"))
    g.take_pile()  # Q♦ and 4♥
    g.discard(Card.parse("QD"))  # Q♦ thrown back once
    g.draw()
    g.discard(Card.parse("8C"))
    assert StrongBot().choose(g.view(0), g.legal_actions()) == Draw()


def _learner_turn(view: PlayerView, legal: list[object]) -> object:
    """A learner's plain policy: draw from the stock, lay nothing down, discard the first card no
    meld of the opponent takes (not a wild): the card the strong bot cannot use."""
    if view.phase == "draw":
        return Draw()
    discards = [a for a in legal if isinstance(a, Discard)]
    safe = [d for d in discards if not d.card.is_wild
            and not any(t.owner != view.seat and t.meld.can_lay_off([d.card]) for t in view.table)]
    return (safe or discards)[0]


def own_card_takes(seed: int) -> tuple[int, int]:
    """A seeded 2-player hand, South the plain learner (:func:`_learner_turn`), North the strong bot:
    the longest run of North's turns in which it took back, with a 2-card pile, the card it had
    discarded at its previous turn, for less than 15 points laid down that turn (a pile that pays
    is worth taking, whoever threw its cards); and how many times North drew from the stock."""
    g = Game.new(2, rules="fibur", seed=seed, dealer=seed % 2)
    bot = make_bot("strong", seed * 10 + 1)
    last: Card | None = None
    back = False
    before = 0
    run = longest = stock = 0
    for _ in range(5000):
        if g.is_over:
            return longest, stock
        seat = g.to_move
        view = g.view(seat)
        legal = g.legal_actions()
        action = _learner_turn(view, legal) if seat == 0 else bot.choose(view, legal)
        if seat == 1 and g.phase == "draw":
            back = isinstance(action, TakePile) and len(g.pile) == 2 and last in g.pile
            before = sum(meld_value(t.meld) for t in g.table if t.owner == 1)
            stock += isinstance(action, Draw)
        if seat == 1 and isinstance(action, Discard):
            laid = sum(meld_value(t.meld) for t in g.table if t.owner == 1) - before
            run = run + 1 if back and laid < 15 else 0
            longest = max(longest, run)
            last = action.card
        g.apply(action)  # type: ignore[arg-type]
    raise AssertionError(f"seed {seed}: the hand did not end")


def test_strong_does_not_take_its_own_discard_back_turn_after_turn_against_a_learner() -> None:
    """The issue's loop against a learner who draws from the stock every turn: the strong bot took
    the 2-card pile (its own last discard and the learner's card) some 40 turns running for nothing
    and hardly drew. A card it threw is a card it did not want: taken back for little (under 15
    points laid down), no more than twice in a row, and it draws from the stock too."""
    found = []
    for seed in range(1, 5):
        longest, stock = own_card_takes(seed)
        if longest > 2 or stock < 5:
            found.append(f"seed {seed}: took its own discard back for little {longest} turns running, "
                         f"drew {stock} times")
    assert not found, "\n".join(found)
