"""Computer players at three levels, all through :class:`~buraco_learn.players.Player`.

Every bot implements ``choose(view, legal) -> Action``: it sees only what its seat may see (the
:class:`~buraco_learn.game.PlayerView`: own hand, the table, the pile, sizes of the rest) and
returns one of the legal actions. To use the solver, a bot rebuilds a game from the view
(:func:`game_from_view`) in which the cards it cannot see are dealt at random among the other
hands, the stock and the pots: the seat's own hand, the table and the pile are exact, so every
engine check about its own moves is exact, and nothing hidden is read.

- :class:`RandomBot`: a uniformly random legal action.
- :class:`GreedyBot`: lays down the most points each turn (:func:`~buraco_learn.solver.solve`),
  takes the pile when it lets it lay down more, closes when it can, discards its highest card (not
  one of its own it just took back with the pile, while another will do).
- :class:`StrongBot`: the same solver, plus judgement about the pile (its value, and the pile that
  closes) and discard safety: never a card with which the next player takes the pile and closes,
  never one that feeds the opponents' melds (TURN-2), and keep the cards that link in its hand.

>>> from buraco_learn import Game
>>> g = Game.new(2, seed=4)
>>> result = play_hand(g, [GreedyBot(), RandomBot(seed=1)])
>>> g.is_over, result.reason in ("closed", "stock")
(True, True)
"""

from __future__ import annotations

import random
import zlib
from collections import Counter
from dataclasses import dataclass, field
from typing import Any
from itertools import chain, repeat
from collections.abc import Collection, Sequence

from .actions import Action, Discard, Draw, LayDown, LayOff, TakePile
from .cards import Card, excerpt, make_deck
from .errors import IllegalMove, NotationError
from .game import Game, HandResult, PlayerView, TableMeld, _State, _target_group, candidate_melds
from .melds import Meld, is_valid_meld
from .memo import _DECK_COUNTS, _LAY_OFF_CARDS, _LAY_OFF_CARDS_MAX, _PLANS, _PLANS_MAX
from .players import Player, PlayerLike, RandomPlayer, as_player
from .solver import (NODE_BUDGET, Closing, Plan, _lay_off_additions, _near_cards, _pooled, find_close,
                     meld_value, shared_budget, solve)

__all__ = ["Player", "RandomBot", "GreedyBot", "StrongBot", "BOTS", "make_bot", "game_from_view", "play_hand",
           "opponent_melds_accepting", "known_holdings", "deal_unseen", "closing_risk",
           "own_discards_in_pile", "feeds_next_player", "PileDecision", "closing_threat", "risk_seed", "worn_cards",
           "takes_own"]


# ---------------------------------------------------------------------------------------
# Seeing only the view
# ---------------------------------------------------------------------------------------
def deal_unseen(view: PlayerView, rng: random.Random,
                known: dict[int, Counter[Card]] | None = None) -> list[list[Card]]:
    """Every seat's hand as ``view.seat`` may imagine it: its own exactly, the others dealt at random
    from the cards it cannot see, each other seat first getting the cards it is ``known`` to hold
    (:func:`known_holdings`).

    >>> from buraco_learn import Game
    >>> g = Game.new(4, seed=2)
    >>> hands = deal_unseen(g.view(1), random.Random(0), {3: Counter(g.hand(3)[:2])})
    >>> hands[1] == list(g.hand(1)), hands[3][:2] == list(g.hand(3)[:2]), [len(h) for h in hands]
    (True, True, [11, 11, 11, 11])
    """
    if not known:
        unseen = _unseen(_deck(view), view.hand, view.pile, *(t.meld.cards for t in view.table))
        rng.shuffle(unseen)
        return _dealt_in_order(view, unseen)[0]
    visible = Counter(view.hand) + Counter(view.pile)
    for t in view.table:
        visible.update(t.meld.cards)
    pool = Counter(make_deck(*_deck(view))) - visible
    fixed: dict[int, list[Card]] = {}
    for seat, cards in (known or {}).items():
        if seat != view.seat:
            got = list((cards & pool).elements())[:view.hand_sizes[seat]]
            pool -= Counter(got)
            fixed[seat] = got
    unseen = sorted(pool.elements(), key=lambda c: c.index)
    rng.shuffle(unseen)
    hands: list[list[Card]] = []
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            hands.append(list(view.hand))
        else:
            mine = fixed.get(seat, [])
            n = size - len(mine)
            hands.append(mine + unseen[:n])
            unseen = unseen[n:]
    return hands


def _imagined_game(view: PlayerView, hands: Sequence[Sequence[Card]], *, to_move: int, phase: str,
                   pile: Sequence[Card], seed: int | None, last: bool, single: tuple[Card, bool] | None,
                   rest: list[Card] | None = None) -> Game:
    """A game with ``view``'s table, stock and pots, these hands and pile, ``to_move`` in ``phase``.

    It is the game :func:`~buraco_learn.records.parse_position` sets up from the position
    ``<rules> <N>p d0 t<to_move> <phase> fill=<seed> ...`` with ``*N`` fills for the stock and the
    pots, built directly (sharing the view's immutable melds) instead of writing that text and
    reading it back: the cards nobody lists are sorted, shuffled by ``random.Random(seed)``, then
    dealt to the stock and to each pot in turn, as the notation's fills are. With ``seed=None``
    they are dealt in card order, unshuffled (``rest``: those cards, when known), and the game has
    no start position (see :func:`_solver_game`).
    """
    rules = view.rules
    players = view.players
    solo = view.soloist
    table = [t if t.id == i and t.meld.rules is rules else TableMeld(i, t.owner, Meld.parse(str(t.meld), rules=rules))
             for i, t in enumerate(view.table)]
    if rest is None or seed is not None:
        rest = _unseen(_deck(view), pile, *hands, *(t.meld.cards for t in table))
    if seed is not None:
        random.Random(seed).shuffle(rest)
    at = view.stock_size
    stock = rest[:at]
    pots = []
    for n in view.pots_left:
        pots.append(rest[at:at + n])
        at += n
    if phase != "play":
        single = None
    state = _State([list(h) for h in hands], table, list(pile), stock, pots, list(view.took_pot), solo, to_move,
                   phase,  # type: ignore[arg-type]  # 'draw' or 'play', as the notation's phase
                   last, single[0] if single else None, single[1] if single else False, None, None)
    game = Game(rules, players, 0, None, state, alone=view.alone)
    if seed is not None:
        game._set_start_lazily()
    return game


#: Each card index's card (the counts per index are memo._DECK_COUNTS).
_CARD_AT = sorted(set(make_deck(4)), key=lambda c: c.index)


def _deck(view: PlayerView) -> tuple[int, int]:
    """The deck of ``view``'s game: its jokers and copies of each card (EQ-1, P5-1)."""
    return view.rules.deck_jokers(view.players), view.rules.packs(view.players)


def _unseen(deck: tuple[int, int], *groups: Sequence[Card]) -> list[Card]:
    """The deck (``make_deck(*deck)``) without the cards of ``groups`` (as multisets), sorted by
    card index: what ``sorted((Counter(deck) - Counter(cards)).elements(), key=index)`` gives,
    from a count per index."""
    counts = _DECK_COUNTS.get(deck)
    if counts is None:
        counts = _DECK_COUNTS[deck] = [0] * 53
        for c in make_deck(*deck):
            counts[c.index] += 1
    left = list(counts)
    for g in groups:
        for c in g:
            left[c.index] -= 1
    return list(chain.from_iterable(map(repeat, _CARD_AT, left)))  # repeat(card, n <= 0): none


def _dealt_in_order(view: PlayerView, unseen: list[Card]) -> tuple[list[list[Card]], list[Card]]:
    """Every seat's hand: ``view.seat``'s own, each other seat the next cards of ``unseen`` (as many
    as it holds), in seat order; and the cards of ``unseen`` left after them."""
    hands: list[list[Card]] = []
    at = 0
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            hands.append(list(view.hand))
        else:
            hands.append(unseen[at:at + size])
            at += size
    return hands, unseen[at:]


def _side_may_close(view: PlayerView, seat: int) -> bool:
    """Whether ``seat``'s side may close as far as the pot goes, as the engine decides it: it has
    taken its pot (CLOSE-1), or no pot is left and the preset's ``close_without_pot_when_none_left``
    allows closing without one."""
    side = next(s for s in view.sides if seat in s)
    return any(view.took_pot[s] for s in side) or (view.rules.close_without_pot_when_none_left
                                                   and not view.pots_left)


def _stock_at_reserve(view: PlayerView) -> bool:
    rules = view.rules
    return view.stock_size <= rules.stock_reserve and not (rules.pots_become_stock and view.pots_left)


def game_from_view(view: PlayerView, seed: int = 0, *, phase: str | None = None,
                   pile_single: tuple[Card, bool] | None = None) -> Game:
    """A game consistent with what ``view.seat`` sees; the unseen cards are dealt at random.

    The seat's hand, the table, the pile, the sizes of every hand, of the stock and of the pots,
    who took a pot and whose turn it is are exact; ``phase`` overrides the phase (``'play'`` asks
    "what could I lay down now"). ``pile_single`` is the card taken from a one-card pile this turn
    and whether an identical card was held (TURN-4); by default the view's own ``pile_taken`` and
    ``held_identical``.

    >>> from buraco_learn import Game
    >>> g = Game.new(4, seed=2)
    >>> h = game_from_view(g.view(1), seed=5)
    >>> h.hand(1) == g.hand(1), h.table == g.table, h.pile == g.pile, len(h.stock) == len(g.stock)
    (True, True, True, True)
    >>> h.hand(0) == g.hand(0)  # the others' cards are a guess
    False
    """
    hands = deal_unseen(view, random.Random(seed))
    ph = phase or view.phase
    if pile_single is None and view.pile_taken is not None and view.seat == view.to_move:
        pile_single = (view.pile_taken, view.held_identical)
    return _imagined_game(view, hands, to_move=view.to_move, phase=ph, pile=view.pile, seed=seed,
                          last=ph == "play" and (view.last_turn or _stock_at_reserve(view)), single=pile_single)


def _solver_game(view: PlayerView, phase: str | None = None) -> Game:
    """:func:`game_from_view`'s game for the solver: the same hand, table, pile, sizes, flags and
    turn, the unseen cards dealt in card order instead of at random.

    The solver (:func:`~buraco_learn.solver.solve`, :func:`~buraco_learn.solver.can_close`) reads
    only what the seat sees: its hand, its side's melds, the pot flags and whether a pot is left,
    the one-card pile's card (TURN-4); a pot taken on the fly ends its plan, so the pot's cards
    are never read. Its plans on this game are those on any deal of the unseen cards, so a bot
    asks it here without shuffling (two shuffles of some 80 cards an imagined game)."""
    hands, rest = _dealt_in_order(view, _unseen(_deck(view), view.hand, view.pile,
                                                *(t.meld.cards for t in view.table)))
    ph = phase or view.phase
    single = None
    if view.pile_taken is not None and view.seat == view.to_move:
        single = (view.pile_taken, view.held_identical)
    # The cards left after the hands: the rest of the unseen cards, still in card order.
    return _imagined_game(view, hands, to_move=view.to_move, phase=ph, pile=view.pile, seed=None,
                          last=ph == "play" and (view.last_turn or _stock_at_reserve(view)), single=single,
                          rest=rest)


def _plan_key(game: Game, what: str, pot_value: int) -> tuple[object, ...]:
    """What :func:`~buraco_learn.solver.solve` and :func:`~buraco_learn.solver.can_close` read of
    ``game``: the rules, the seats and sides, the player to move, his hand in order, the table,
    who took a pot, whether a pot is left, the one-card pile's card (TURN-4), the phase."""
    s = game._s
    return (what, pot_value, id(game.rules), game.players, s.turn, s.phase, tuple(s.hands[s.turn]), tuple(s.table),
            tuple(s.took_pot), s.soloist, len(s.pots), s.pile_single, s.held_identical, s.last_turn)


def _remembered(game: Game, what: str, pot_value: int = 0) -> Plan | None:
    """``solve(game, pot_value=pot_value)`` (``what='solve'``) or ``can_close(game)``, remembered."""
    return _answer(game, what, pot_value)[0]


def _answer(game: Game, what: str, pot_value: int = 0) -> tuple[Plan | None, bool]:
    """:func:`_remembered`'s plan with whether the solver proved it (``Plan.proven``; for a close,
    :func:`~buraco_learn.solver.find_close`'s ``proven``, which also covers "no close")."""
    key = _plan_key(game, what, pot_value)
    found = _PLANS.get(key)
    # The budget this answer may take now (within a shared budget, what is left of it); an answer
    # not proven is reused only if it was searched with as much (else the answer would depend on
    # what was asked before it, beyond the budget's own bound).
    may = _pooled(NODE_BUDGET)
    assert may is not None
    if found is not None and found[0] is game.rules and (found[2] or (found[3] or 0) >= may):
        return found[1], found[2]
    plan: Plan | None
    if what == "solve":
        plan = solve(game, pot_value=pot_value)
        proven = plan.proven
    else:
        closing: Closing = find_close(game)
        plan, proven = closing.plan, closing.proven
    if len(_PLANS) >= _PLANS_MAX:
        _PLANS.clear()
    _PLANS[key] = (game.rules, plan, proven, may)
    return plan, proven


def _cannot_close(game: Game) -> bool:
    """Whether :func:`~buraco_learn.solver.can_close` is sure to answer ``None``, seen from what its
    plans are made of, the solver's own sources (a superset of what it keeps): the candidate melds
    of the hand (:func:`candidate_melds`, every legal meld it can form) and the lay-offs it may
    make onto each meld the player may lay off onto (the solver's own
    :func:`~buraco_learn.solver._lay_off_additions`, remembered there for it). Closing
    lays down every card but one (CLOSE-1), so not when two cards of the hand lie in none of them;
    and it needs a burraco on the side (CLOSE-1, CLOSE-4), so not when the side has none and none
    of them has seven cards (BUR-1)."""
    seat = game.to_move
    hand = list(game.hand(seat))
    usable: set[Card] = set()
    burraco = game.side_has_burraco(seat)
    for m in candidate_melds(hand, game.rules.copies):  # three copies of a card with five players (P5-1)
        usable.update(m)
        if len(m) >= 7:
            burraco = True
    for t in game.lay_off_targets():
        size = len(t.meld)
        for extra, _, _ in _lay_off_additions(t, hand):
            usable.update(extra)
            if not burraco and size + len(extra) >= 7:
                burraco = True
    return not burraco or sum(1 for c in hand if c not in usable) >= 2


def _closing(game: Game) -> Plan | None:
    """``can_close(game)`` (remembered), not asked when it is sure to be ``None`` (:func:`_cannot_close`)."""
    if _cannot_close(game):
        return None
    return _remembered(game, "close")


def closing_risk(view: PlayerView, cards: Sequence[Card], rng: random.Random, *, samples: int = 8,
                 max_hand: int = 7) -> Counter[Card]:
    """For each card ``view.seat`` might discard: in how many of ``samples`` imagined deals the next
    player could take the pile with it and close at once (TURN-1, CLOSE-1).

    The next player's hand is dealt from the unseen cards with what he is known to hold
    (:func:`deal_unseen`); :func:`~buraco_learn.solver.can_close` decides, every deal within
    half a solver budget (:data:`~buraco_learn.solver.NODE_BUDGET` nodes in all: once spent, the deals left
    count nothing). Nothing is counted when his side cannot close yet (no pot, POT-3) or his hand
    has more than ``max_hand`` cards.

    >>> from buraco_learn import Game, Card
    >>> g = Game.from_position("fibur 4p d3 t0 play | h: 9H 4C / 5D / 6C 6D / 7C 7D | "
    ...                        "m: 1=3H 4H 5H 6H 7H 8H 2S | p: - | s: * | pots: *11 | took: 1")
    >>> risk = closing_risk(g.view(0), [Card.parse("9H"), Card.parse("4C")], random.Random(0), samples=4)
    >>> risk[Card.parse("9H")], risk[Card.parse("4C")]  # 9H goes on East's burraco; 5D is discarded
    (4, 0)
    """
    nxt = (view.seat + 1) % view.players
    risk: Counter[Card] = Counter()
    if not _side_may_close(view, nxt) or view.hand_sizes[nxt] > max_hand or not cards:
        return risk
    known = known_holdings(view)
    last = _stock_at_reserve(view)
    left = NODE_BUDGET // 2  # half a solver budget for all the imagined closes (a big pile makes them big)
    for _ in range(samples):
        hands = deal_unseen(view, rng, known)
        for card in dict.fromkeys(cards):
            if left <= 0:
                return risk  # the budget is spent: the deals not looked at count nothing
            trial = [list(h) for h in hands]
            trial[view.seat].remove(card)
            single = None if view.pile else (card, card in trial[nxt])
            trial[nxt] += [*view.pile, card]
            game = _imagined_game(view, trial, to_move=nxt, phase="play", pile=(), seed=0, last=last,
                                  single=single)
            answer = find_close(game, budget=left)
            left -= answer.nodes
            if answer.plan is not None:
                risk[card] += 1
    return risk


def opponent_melds_accepting(view: PlayerView, card: Card) -> list[int]:
    """The opponents' melds that would take ``card`` as a lay-off (what a discard may feed, TURN-2).

    >>> from buraco_learn import Game, Card
    >>> g = Game.from_position("fibur 2p d1 t0 play | h: 8H 4C / - | m: 1=5H 6H 7H | p: 3C | s: * "
    ...                        "| pots: *11 / *11 | took: -")
    >>> opponent_melds_accepting(g.view(0), Card.parse("8H")), opponent_melds_accepting(g.view(0), Card.parse("4C"))
    ([0], [])
    """
    mine = next(side for side in view.sides if view.seat in side)
    return [t.id for t in view.table if t.owner not in mine and t.meld.can_lay_off([card])]


def known_holdings(view: PlayerView) -> dict[int, Counter[Card]]:
    """The cards each other seat is known to hold: what it took with the discard pile (public,
    TURN-1) minus what it has laid down or discarded since.

    The pile's contents follow from the history: each discard goes on top, a take empties it.
    The first face-up card is known only while nobody has taken the pile.

    >>> from buraco_learn import Game
    >>> g = Game.from_position("fibur 2p d1 t0 play | h: 8H 4C 9C / 5D 9S | m: - | p: 3C | s: * "
    ...                        "| pots: *11 / *11 | took: -")
    >>> _ = g.discard(Card.parse("4C")); _ = g.take_pile(); _ = g.discard(Card.parse("9S"))
    >>> known_holdings(g.view(0))  # 3C, the first face-up card, was never seen by the history
    {1: Counter({Card.parse('4C'): 1})}
    """
    pile: list[Card | None]
    took = any(isinstance(ev.action, TakePile) for ev in view.history)
    if not took:
        pile = list(view.pile[:len(view.pile) - sum(isinstance(ev.action, Discard) for ev in view.history)])
    else:
        pile = [None]
    known: dict[int, Counter[Card]] = {s: Counter() for s in range(view.players) if s != view.seat}
    for ev in view.history:
        a, seat = ev.action, ev.seat
        mine = known.get(seat)
        if isinstance(a, Discard):
            pile.append(a.card)
            if mine is not None:
                mine -= Counter([a.card])
        elif isinstance(a, TakePile):
            if mine is not None:
                mine.update(c for c in pile if c is not None)
            pile = []
        elif isinstance(a, (LayDown, LayOff)) and mine is not None:
            mine -= Counter(a.cards)
    return known


def own_discards_in_pile(view: PlayerView) -> tuple[list[Card], list[Card]]:
    """Two lists of the cards ``view.seat`` discarded itself, read from the history: those still in
    the pile (discarded since anyone last took it), and those it took back with the pile this turn
    (empty unless it took the pile this turn and has not discarded yet).

    A player who takes his own discard back with the pile and throws it again loops: the same pile,
    the same card, turn after turn, while the stock does not move. The bots use the first list to
    value the pile by its new cards only, the second never to throw such a card back while another
    discard will do.

    >>> from buraco_learn import Game
    >>> g = Game.from_position("fibur 2p d0 t1 play | h: 9C 7H 3D / AC 5D KS | m: 1=4H 5H 6H | p: - "
    ...                        "| s: * | pots: *11 / *11 | took: -")
    >>> _ = g.discard(Card.parse("AC")); _ = g.draw(); _ = g.discard(Card.parse("7H"))
    >>> own_discards_in_pile(g.view(1))
    ([Card.parse('AC')], [])
    >>> _ = g.take_pile()
    >>> own_discards_in_pile(g.view(1))
    ([], [Card.parse('AC')])
    """
    seat = view.seat
    in_pile: list[Card] = []
    back: list[Card] = []
    for ev in view.history:
        a = ev.action
        if isinstance(a, TakePile):
            back = in_pile if ev.seat == seat else []
            in_pile = []
        elif isinstance(a, Discard):
            if ev.seat == seat:
                in_pile.append(a.card)
                back = []
        elif isinstance(a, Draw) and ev.seat == seat:
            back = []
    return in_pile, back


def feeds_next_player(view: PlayerView, card: Card, known: dict[int, Counter[Card]] | None = None) -> bool:
    """Whether discarding ``card`` is a gift the next player is known to use (notebook 8b, part 4):
    it lays off onto a meld of his side (TURN-2), or it makes a meld with two cards of the pile and
    of what he is known to hold from the piles he took (:func:`known_holdings`), so that the pile
    becomes worth taking (TURN-1). Never when the next player is ``view.seat``'s partner.

    >>> from buraco_learn import Game
    >>> g = Game.from_position("fibur 2p d1 t0 play | h: 8H 4C 9D / - | m: 1=5H 6H 7H | p: 8D TD | s: * "
    ...                        "| pots: *11 / *11 | took: -")
    >>> [feeds_next_player(g.view(0), c) for c in g.hand(0)]  # 8H onto 5H-7H; 9D with 8D TD
    [True, False, True]
    """
    nxt = (view.seat + 1) % view.players
    side = next(s for s in view.sides if nxt in s)
    if view.seat in side:
        return False
    if any(t.owner in side and t.meld.can_lay_off([card]) for t in view.table):
        return True
    if known is None:
        known = known_holdings(view)
    pool = [*view.pile, *known[nxt].elements()]
    return len(pool) >= 2 and _danger(card, pool) >= 3


def _related(c: Card, x: Card) -> bool:
    """Whether ``x`` could share a meld with ``c`` (same rank, or same suit within two, or a wild).

    >>> _related(Card.parse("5H"), Card.parse("7H")), _related(Card.parse("5H"), Card.parse("8H"))
    (True, False)
    """
    if c.is_wild or x.is_wild:
        return True
    if c.rank == x.rank:
        return True
    if c.suit == x.suit and c.rank is not None and x.rank is not None:
        d = abs(int(c.rank) - int(x.rank))
        return 0 < d <= 2 or d >= 11
    return False


def _danger(c: Card, pool: Sequence[Card]) -> int:
    """How much ``c`` helps whoever holds ``pool``: 3 when it completes a meld with two of them,
    1 when it links with one of them (one more card, or a wild, makes a meld), else 0.

    >>> from buraco_learn import parse_cards
    >>> [_danger(Card.parse("9H"), parse_cards(p)) for p in ("7H 8H", "8H 4C", "4C KS")]
    [3, 1, 0]
    """
    rel = [x for x in pool if _related(c, x)]
    if not rel:
        return 0
    for i in range(len(rel)):
        for j in range(i + 1, len(rel)):
            if is_valid_meld([c, rel[i], rel[j]]):
                return 3
    return 1


# ---------------------------------------------------------------------------------------
# Turning a plan into one legal action at a time
# ---------------------------------------------------------------------------------------
def _next_step(plan: Plan, legal: Sequence[Action]) -> Action | None:
    """The first action of ``plan`` found among ``legal`` (a lay-off of several cards may go one
    or two cards at a time, as the engine lists them)."""
    for m in plan.melds:
        want = _indices(m.cards)
        n = len(want)
        for a in legal:
            if isinstance(a, LayDown) and len(a.cards) == n and _indices(a.cards) == want:
                return a
    for target, cards in plan.lay_offs:
        best: LayOff | None = None
        for a in legal:
            if isinstance(a, LayOff) and a.target == target and _holds(cards, a.cards):
                if best is None or len(a.cards) > len(best.cards):
                    best = a
        if best is not None:
            return best
    return None


def _discards(legal: Sequence[Action]) -> list[Discard]:
    return [a for a in legal if isinstance(a, Discard)]


class RandomBot(RandomPlayer):
    """A uniformly random legal action (the baseline): :class:`~buraco_learn.players.RandomPlayer`
    as a bot level.

    >>> from buraco_learn import Game
    >>> g = Game.new(2, seed=1)
    >>> RandomBot(seed=0).choose(g.view(g.to_move), g.legal_actions()) in g.legal_actions()
    True
    """

    level = "random"


class _Turn:
    """The bot's own turn so far: ``game``, the imagined game (:func:`_solver_game`'s) of the
    position where the turn's plan was found (or of the pile just taken, with no plan yet); what
    is left of the plan it is playing (``None``: none chosen yet), once ``step`` is done in the
    position ``then`` (the view where it was chosen); ``closes``: the plan is
    :func:`~buraco_learn.solver.can_close`'s."""

    __slots__ = ("game", "plan", "closes", "then", "step", "shaped")

    def __init__(self, game: Game, plan: Plan | None = None, closes: bool = False,
                 then: PlayerView | None = None, step: LayDown | LayOff | None = None, shaped: bool = False) -> None:
        self.game = game
        self.plan = plan
        self.closes = closes
        self.then = then
        self.step = step
        #: The plan is the solver's less what the bot keeps in hand (:meth:`GreedyBot.shape`): an
        #: empty rest of it is not the solver's "nothing to lay down".
        self.shaped = shaped


def _step_gain(then: PlayerView, step: LayDown | LayOff, view: PlayerView) -> int | None:
    """The points ``step``, chosen in the play-phase position ``then``, gained, when ``view`` is
    exactly the position it leads to as far as the solver reads it (else ``None``): the same seat
    to move, phase, pile, sizes of the other hands, of the stock and of the pots, who took a pot
    (so no pot was taken on the way, POT-2), last turn's flag and one-card pile's card (TURN-4);
    the hand without the step's cards (in order, as the engine removes them); the same table but
    for the meld the step laid down (last) or laid off onto, which holds its cards and the step's.
    That meld is the engine's, as the solver would find it (the engine is deterministic)."""
    seat = then.seat
    if not (view.seat == seat and view.to_move == seat and view.phase == then.phase and view.rules is then.rules
            and view.pile == then.pile and view.stock_size == then.stock_size
            and view.pots_left == then.pots_left and view.took_pot == then.took_pot
            and view.last_turn == then.last_turn and view.pile_taken is then.pile_taken
            and view.held_identical == then.held_identical and view.sides == then.sides):
        return None
    hand = list(then.hand)
    for c in step.cards:
        if c not in hand:
            return None
        hand.remove(c)
    if view.hand != tuple(hand):
        return None
    sizes = list(then.hand_sizes)
    sizes[seat] = len(hand)
    if view.hand_sizes != tuple(sizes):
        return None
    old, new = then.table, view.table
    if isinstance(step, LayDown):
        if len(new) != len(old) + 1 or new[:-1] != old:
            return None
        laid = new[-1]
        if laid.owner != seat or _indices(laid.meld.cards) != _indices(step.cards):
            return None
        return meld_value(laid.meld)
    t = step.target
    if (len(new) != len(old) or not 0 <= t < len(old) or new[:t] != old[:t] or new[t + 1:] != old[t + 1:]
            or _indices(new[t].meld.cards) != _indices([*old[t].meld.cards, *step.cards])):
        return None
    return meld_value(new[t].meld) - meld_value(old[t].meld)


def _indices(cards: Sequence[Card]) -> list[int]:
    """The cards as a multiset: their indices, sorted (equal exactly when their Counters are)."""
    return sorted([c.index for c in cards])


def _same_position(game: Game, view: PlayerView) -> bool:
    """Whether ``game`` holds exactly what :func:`_solver_game` would build from the play-phase
    ``view``, as far as the solver reads it: the seat to move and the phase, its hand in order, the
    table, the pile, every hand's size, the stock's and the pots' sizes, who took a pot, the last
    turn's flag and the one-card pile's card (TURN-4). The unseen cards need not be compared: they
    are what the deck leaves once the hand, the pile and the table are taken out, dealt in card
    order, and the solver never reads them."""
    s = game._s
    seat = view.seat
    return (s.turn == seat and view.to_move == seat and s.phase == view.phase
            and game.rules is view.rules and game.players == view.players
            and tuple(s.hands[seat]) == view.hand and tuple(s.table) == view.table
            and tuple(s.pile) == view.pile and tuple(map(len, s.hands)) == view.hand_sizes
            and len(s.stock) == view.stock_size and tuple(map(len, s.pots)) == view.pots_left
            and tuple(s.took_pot) == view.took_pot
            and s.last_turn == (view.last_turn or _stock_at_reserve(view))
            and s.pile_single is view.pile_taken and s.held_identical == view.held_identical)


def _plan_after(plan: Plan, step: Action, gain: int) -> Plan | None:
    """What is left of ``plan`` once ``step`` (one of its actions, or part of one of its lay-offs)
    is done and has gained ``gain`` points; ``None`` if the step is not part of the plan."""
    if isinstance(step, LayDown):
        want = _indices(step.cards)
        for k, m in enumerate(plan.melds):
            if _indices(m.cards) == want:
                return Plan(plan.melds[:k] + plan.melds[k + 1:], plan.lay_offs, plan.points - gain, plan.rest,
                            plan.takes_pot, plan.discard)
        return None
    if isinstance(step, LayOff):
        for k, (target, cards) in enumerate(plan.lay_offs):
            if target == step.target:
                left = list(cards)
                for c in step.cards:
                    if c not in left:
                        return None
                    left.remove(c)
                rest = ((target, tuple(left)),) if left else ()
                return Plan(plan.melds, plan.lay_offs[:k] + rest + plan.lay_offs[k + 1:], plan.points - gain,
                            plan.rest, plan.takes_pot, plan.discard)
    return None


def _side_facts(view: PlayerView) -> tuple[object, ...]:
    """What the solver reads of ``view.seat``'s position besides the hand and the one-card pile's
    card (TURN-4): the rules, the sides, the side's melds (its lay-off targets, SET-4, its
    burraco), whether it has its pot, whether a pot is left, the last turn's flag."""
    side = next(s for s in view.sides if view.seat in s)
    return (view.seat, view.rules, view.players, view.sides, tuple(t for t in view.table if t.owner in side),
            any(view.took_pot[s] for s in side), bool(view.pots_left), view.last_turn or _stock_at_reserve(view))


#: A position where a bot's best plan laid nothing down: its hand, :func:`_side_facts`, and whether
#: the card then discarded, kept alone, would have been a legal rest (:class:`_LoneCard`).
_Ended = tuple[tuple[Card, ...], tuple[object, ...], "_LoneCard"]


def _nothing_left(view: PlayerView, game: Game, discard: Card) -> _Ended | None:
    """The play-phase position of ``view`` (its hand, :func:`_side_facts`, and whether ``discard``
    would be a legal rest there on its own, asked of its imagined ``game``), recorded where the
    bot's best plan lays nothing down and it discards ``discard``, for :func:`_nothing_now` at
    the bot's next draw.

    The one-card pile's card taken this turn (TURN-4) is left out of the facts: it forbids only a
    rest made of that card alone (or starting the turn's end with it), while the rests that
    argument needs hold ``discard``, which is not that card, or an identical one was held (the
    engine forbids that discard otherwise; ``None`` is returned then, as a guard), and the rest of
    ``discard`` alone is the engine's own answer here (:class:`_LoneCard`)."""
    if view.pile_taken is not None and not view.held_identical and discard == view.pile_taken:
        return None  # pragma: no cover - TURN-4 forbids that discard
    return (view.hand, _side_facts(view), _LoneCard(game, discard))


class _LoneCard:
    """Whether the player to move in ``game``, left holding only ``card`` after laying the rest of
    his hand down, could end the turn, with or without a burraco on his side (the engine's check:
    CLOSE-2..4, TURN-5): asked of the engine the first time it is needed (:meth:`ok`); the game
    must not change before."""

    __slots__ = ("game", "card", "_ok")

    def __init__(self, game: Game, card: Card) -> None:
        self.game: Game | None = game
        self.card = card
        self._ok: bool | None = None

    def ok(self) -> bool:
        if self._ok is None:
            game = self.game
            assert game is not None
            # Game.check_rest([card]) and check_rest([card], makes_burraco=True) both passing,
            # asked of the engine's lone-card check (Game._last_cards_ok: the same answer as
            # _rest_problem, which check_rest asks, without writing a refusal's sentence).
            seat = game.to_move
            has_pot = game.side_has_pot(seat)
            cards = [self.card]
            self._ok = (game._last_cards_ok(cards, has_pot, game.side_has_burraco(seat))[0]
                        and game._last_cards_ok(cards, has_pot, True)[0])
            self.game = None
        return self._ok


_NO_CARDS: frozenset[Card] = frozenset()


def _lay_off_cards(meld: Meld, hand: Sequence[Card]) -> Collection[Card]:
    """The cards of ``hand`` that lie beyond the meld's own in some candidate meld of the meld's
    cards with the hand's cards of its rank (a set) or suit (a run) and the wilds that holds every
    card of the meld: every card a lay-off the solver may make onto it can hold (each lay-off's
    result is a legal meld of those cards), and more. The cards are filtered and listed as the
    solver lists them, so that a run's candidates are remembered for it. Not to be changed."""
    relevant = _near_cards(meld, hand)  # as the solver filters them
    if not relevant:
        return _NO_CARDS
    if meld.kind == "set":
        cards = _set_lay_off_cards(meld, relevant)
        if cards is not None:
            return cards
    key = (meld, bytes([c.index for c in relevant]))
    found = _LAY_OFF_CARDS.get(key)
    if found is None:
        found = frozenset(_group_lay_off_cards(meld, relevant))
        if len(_LAY_OFF_CARDS) >= _LAY_OFF_CARDS_MAX:
            _LAY_OFF_CARDS.clear()
        _LAY_OFF_CARDS[key] = found
    return found


def _group_lay_off_cards(meld: Meld, relevant: list[Card]) -> set[Card]:
    """:func:`_lay_off_cards` read from the candidates of the meld's own group (the engine's
    ``_target_group``, remembered there: the others cannot hold every card of the meld; the
    solver's lay-offs, ``solver._additions``, ask the engine the same question next)."""
    base = meld.cards
    size = len(base)
    out: set[Card] = set()
    for m, _ in _target_group([*base, *relevant], base, meld._rank, meld._suit, meld.rules.copies):
        if len(m) <= size:
            continue
        left = list(m)
        try:
            for c in base:
                left.remove(c)  # one copy each: the candidate holds the meld's cards and more
        except ValueError:
            continue
        out.update(left)
    return out


def _set_lay_off_cards(meld: Meld, relevant: list[Card]) -> list[Card] | None:
    """:func:`_lay_off_cards` of a set, from its rank's counts (``None`` when the set and
    ``relevant`` hold a card three times or more: then the group's general path). With each card
    held at most twice, every multiset of two naturals or more of the rank, alone (three or more)
    or with one wild, is a candidate of the set group (the engine's ``_set_group``; SET-1, SET-2):
    the set's naturals with one more natural of ``relevant`` hold the set (with its own wild if it
    has one), and so do, when the set has no wild, its naturals with one of ``relevant``'s wilds;
    no candidate holds two wilds, so none lays a wild onto a set that has one."""
    rank = meld._rank
    have = [0, 0, 0, 0]
    for c in meld._slots:
        if c.r == rank:
            have[c.s] += 1
    no_wild = meld._wild_index < 0
    out: list[Card] = []
    for c in relevant:
        if c.r == rank:
            have[c.s] += 1
            if have[c.s] > 2:
                return None
            out.append(c)
        elif no_wild:
            out.append(c)
    return out


def _side_melds(view: PlayerView) -> list[Meld]:
    side = next(s for s in view.sides if view.seat in s)
    return [t.meld for t in view.table if t.owner in side]


def _new_cards_used(view: PlayerView, before: Sequence[Card], new: Sequence[Card]) -> bool:
    """Whether a card of ``new``, added to the hand ``before`` (after it, as the engine adds the
    drawn card or the pile), could lie in a meld or a lay-off onto a meld of ``view.seat``'s side.

    The melds and lay-offs are the solver's sources, a superset of what it keeps: the candidate
    melds of the hand (:func:`candidate_melds`, every legal meld it can form) and the lay-offs'
    possible results (:func:`_lay_off_cards`). A new wild counts as used. A card counts by its
    value: a copy of a new card held in ``before`` counts as new too. The candidate melds are
    those of the whole hand ``before`` + ``new``, listed once for all the new cards (a meld holding
    a natural card is a set of its rank or a run of its suit, so the same as those of its rank's
    and suit's cards and the wilds, which were listed before): the solver, asked next about that
    hand when the shortcut fails, finds them remembered."""
    last = _LAST_USED[0]
    if last is not None and last[0] is view and last[1] == before and last[2] == new:
        return last[3]
    used = _cards_used(view, before, new)
    _LAST_USED[0] = (view, tuple(before), tuple(new), used)
    return used


#: The last answer of :func:`_new_cards_used` with its question (the view kept, so that ``is``
#: compares it): a draw decision asks it twice (:func:`_gains_nothing`, :func:`_pile_cannot_pay`).
_LAST_USED: list[tuple[PlayerView, tuple[Card, ...], tuple[Card, ...], bool] | None] = [None]


#: Per rank 1 to 13, the other ranks within two of it, or eleven apart or more (the ace next to the
#: king, and the king next to the ace and the 2): those a run holding a card of that rank may
#: hold beside it without a second wild (see :func:`_cards_used`).
_NEAR_RANKS: list[tuple[int, ...]] = [()] + [tuple(q for q in range(1, 14) if q != r and not 2 < abs(q - r) < 11)
                                             for r in range(1, 14)]


def _hand_counts(hand: Sequence[Card]) -> tuple[list[int], list[list[int]]]:
    """The cards of ``hand`` per rank, and per suit and rank (jokers aside), for :func:`_near_count`."""
    by_rank = [0] * 14
    by_suit = [[0] * 14 for _ in range(4)]
    for c in hand:
        r = c.r
        if r:
            by_rank[r] += 1
            by_suit[c.s][r] += 1
    return by_rank, by_suit


def _near_count(x: Card, counts: tuple[list[int], list[list[int]]]) -> int:
    """How many cards of the hand (``counts``, its :func:`_hand_counts`) are of the natural ``x``'s
    rank, or of its suit, not jokers, within two ranks of it or eleven apart or more:
    ``sum(1 for c in hand if c.r == x.r or (c.s == x.s and c.r != 0 and (abs(c.r - x.r) <= 2 or
    abs(c.r - x.r) >= 11)))``, read from the counts (the cards of its rank, then those of its suit
    at the ranks :data:`_NEAR_RANKS` lists)."""
    by_rank, by_suit = counts
    suit_counts = by_suit[x.s]
    return by_rank[x.r] + sum([suit_counts[q] for q in _NEAR_RANKS[x.r]])


def _cards_used(view: PlayerView, before: Sequence[Card], new: Sequence[Card]) -> bool:
    """:func:`_new_cards_used`, not remembered."""
    hand = [*before, *new]
    melds = _side_melds(view)
    cands: list[tuple[Card, ...]] | None = None
    counts: tuple[list[int], list[list[int]]] | None = None
    for x in dict.fromkeys(new):
        r = x.r
        if r == 0 or r == 2:
            return True
        if counts is None:
            counts = _hand_counts(hand)
        # A meld holding x holds another natural card (or a 2) of its rank, or of its suit within two
        # ranks (one wild at most, SET-2, RUN-1; the ace next to the king as well as to the 2):
        # without one, x lies in no meld of the hand.
        if _near_count(x, counts) >= 2:
            # The hand's candidate melds, in the order the solver lists the hand (the engine adds
            # the new cards last), so that the solver asked next finds them remembered.
            if cands is None:
                cands = candidate_melds(hand, view.rules.copies)
            if any(x in m for m in cands):
                return True
        for meld in melds:
            if (meld._rank == x.r) if meld.kind == "set" else (meld._suit == x.s):
                if x in _lay_off_cards(meld, hand):
                    return True
    return False


def _unusable(view: PlayerView, hand: Sequence[Card]) -> list[Card]:
    """The cards of ``hand`` (every copy) that lie in no candidate meld of the hand and no possible
    lay-off result onto a meld of ``view.seat``'s side (see :func:`_new_cards_used`): no plan of
    this hand lays one of them down."""
    usable: set[Card] = set()
    for m in candidate_melds(list(hand), view.rules.copies):
        usable.update(m)
    for meld in _side_melds(view):
        usable.update(_lay_off_cards(meld, hand))
    return [c for c in hand if c not in usable]


def _some_card_unused(view: PlayerView, hand: Sequence[Card]) -> bool:
    """Whether some card of ``hand`` lies in no candidate meld or lay-off (:func:`_unusable`): then
    no plan lays the whole hand down."""
    return bool(_unusable(view, hand))


def _pile_cannot_pay(view: PlayerView, taken: Game) -> bool:
    """Whether taking the pile of the draw-phase ``view`` cannot gain points with ``pot_value`` 0
    (``pile_gain(view) <= 0``), known without solving: no pile card can lie in any meld or
    lay-off (:func:`_new_cards_used`), and every plan of the hand with the pile (``taken``, the
    imagined game just after taking it) keeps a set of the hand's cards that the hand as it is may
    keep as well.

    Such a plan P lays down hand cards only (the melds and lay-offs of the hand with the pile
    that hold no pile card are those of the hand: the same candidate melds, the same lay-off
    results onto the same table, SET-4 asked of the same table), keeps every pile card, and keeps
    the hand's cards R. The same melds and lay-offs are a plan Q of the hand as it is with the same
    points, keeping R; Q is a legal plan there, so the hand as it is is worth at least P, when R
    is a legal rest there (the solver's leaf: the engine's rest check, with or without a burraco
    made): two cards or more always are (TURN-3). So the gain is not positive when

    - two cards of the hand lie in no meld or lay-off (:func:`_unusable`): R holds them; or
    - the pile is one card x and R cannot be empty or one card that the hand as it is may not keep
      alone. R is empty only where x alone may be kept after taking it (with or without a
      burraco made: refused by TURN-4 unless an identical card is held, and a held copy of x
      lies in no meld either, so R would hold it); a one-card R is the hand's one card that lies
      in no meld when there is one, else any card of the hand: each such card is asked of the
      engine's rest check in the hand as it is (``Game._last_cards_ok``, as the solver asks it),
      with and without a burraco made. A hand of one card needs no check: P keeps it and lays
      nothing down, worth 0, and :func:`~buraco_learn.solver.solve`'s points are never negative.

    A pile of two cards or more with fewer than two such hand cards is left to the solver (P may
    keep only pile cards)."""
    hand = view.hand
    pile = view.pile
    if _new_cards_used(view, hand, pile):
        return False
    unusable = _unusable(view, hand)
    if len(unusable) >= 2:
        return True
    if len(pile) != 1:
        return False
    seat = view.seat
    has_pot = taken.side_has_pot(seat)
    if not unusable:
        x = pile[0]
        if any(taken._last_cards_ok([x], has_pot, made)[0] for made in (False, True)):
            return False
    if len(hand) == 1:
        return True  # R is the hand's one card: P lays nothing down, worth 0 (solve's points are never negative)
    now = _solver_game(view, phase="play")
    alone = list(dict.fromkeys(unusable or hand))
    return all(all(now._last_cards_ok(alone, has_pot, made)) for made in (False, True))


def _gains_nothing(view: PlayerView, ended: _Ended, before: Sequence[Card], new: Sequence[Card]) -> bool:
    """Whether no plan of the hand ``before`` + ``new`` gains points, when ``before`` lays nothing
    down (:func:`_nothing_now`, from ``ended``, the last position where this bot's best plan laid
    nothing down: ``before`` with the card then discarded) and no card of ``new`` can lie in any
    meld or lay-off (:func:`_new_cards_used`).

    Such a plan lays down cards of ``before`` only. As a plan of that last position, keeping the
    cards it keeps but the new ones, and that discarded card, it gains no points, when that is a
    legal rest there: two cards or more (TURN-3), or that card alone when it could have been
    (recorded then). And it cannot lay down the whole of ``before`` when one of its cards can lie
    in no meld or lay-off (:func:`_some_card_unused`, which then sees the same melds and lay-offs
    as with the new cards, none of which holds one)."""
    if _new_cards_used(view, before, new):
        return False
    return ended[2].ok() or _some_card_unused(view, before)


def _nothing_now(view: PlayerView, ended: _Ended) -> bool:
    """Whether the draw-phase ``view``'s hand as it is lays down nothing (its best plan's points
    are 0), known from ``ended``, the position (:func:`_nothing_left`) where this bot's best plan
    laid nothing down, when that was the end of its previous turn: the same facts the solver
    reads (:func:`_side_facts`), the hand then being this hand and the card it discarded.

    Any plan of this hand is a plan of that hand that also keeps the discarded card: the same melds
    and lay-offs onto the same melds, the same points, and a legal rest there: two cards or more
    can always end the turn (TURN-3), with the discarded card among them (not a one-card pile's
    card taken then, TURN-4, see :func:`_nothing_left`); and when this plan lays
    down the whole hand, which is legal only while the side has no pot and one is left (POT-2;
    CLOSE-3, TURN-5), the one card kept there is a legal discard then. So no plan of this hand is
    worth more than nothing, and :func:`~buraco_learn.solver.solve` then returns a plan of 0 points
    (the empty plan, or one worth exactly 0)."""
    last = _LAST_NOTHING[0]
    if last is not None and last[0] is view and last[1] is ended:
        return last[2]  # the draw decision asks twice (take_pile, then choose)
    hand_then, facts_then, _ = ended
    answer = (len(hand_then) == len(view.hand) + 1 and _holds(hand_then, view.hand)
              and _side_facts(view) == facts_then)
    _LAST_NOTHING[0] = (view, ended, answer)
    return answer


#: The last answer of :func:`_nothing_now` with its question (kept, so that ``is`` compares them).
_LAST_NOTHING: list[tuple[PlayerView, _Ended, bool] | None] = [None]


def _holds(cards: Sequence[Card], part: Sequence[Card]) -> bool:
    """Whether ``part`` is a sub-multiset of ``cards`` (as ``Counter(part) - Counter(cards)`` is
    empty), counted by card index."""
    left = [0] * 53
    for c in cards:
        left[c.index] += 1
    for c in part:
        i = c.index
        if not left[i]:
            return False
        left[i] -= 1
    return True


def _drawn_nothing(view: PlayerView, before: tuple[Card, ...], ended: _Ended) -> bool:
    """Whether the play-phase ``view``, the hand ``before`` (which laid nothing down, from ``ended``:
    :func:`_nothing_now`) with one card drawn from the stock, gains nothing either
    (:func:`_gains_nothing`): the same facts the solver reads as then, the drawn card (the
    engine adds it last) in no meld or lay-off. Then :func:`~buraco_learn.solver.solve`'s best
    plan is worth nothing (the empty plan, or one of exactly 0 points: with ``pot_value`` 0 a
    plan's worth is its points)."""
    hand = view.hand
    return (len(hand) == len(before) + 1 and hand[:-1] == before and view.pile_taken is None
            and _side_facts(view) == ended[1] and _gains_nothing(view, ended, before, hand[-1:]))


class GreedyBot:
    """Lays down the most points it can every turn, using the exact solver on its own view.

    Draw: takes the discard pile when that lets it lay down more points now (not for under 15
    points when that is its own discard back a third turn running), else draws.
    Play: closes when it can (CLOSE-1), else plays the best plan one action at a time.
    Discard: its highest-point card that is not a wild, nor its own discard just taken back with
    the pile, nor a card it has thrown :data:`WORN` times already (while another card will do: no
    loop of the same pile and the same card).

    Within a turn the plan found at the first play-phase decision is played to its end, one step
    per decision, as long as each position is the one the plan leads to (see :meth:`choose`).
    """

    level = "greedy"
    pot_value = 0
    #: This turn's imagined game and plan (:class:`_Turn`), or ``None``.
    _turn: _Turn | None = None
    #: The imagined game just after taking the pile, from the last draw decision.
    _taken: Game | None = None
    #: The last position where this bot's best plan laid nothing down (:func:`_nothing_left`).
    _ended: _Ended | None = None
    #: The hand before this turn's draw from the stock, when it laid nothing down, with that
    #: position (for :func:`_drawn_nothing`).
    _drew: tuple[tuple[Card, ...], _Ended] | None = None

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)
        #: The seed, for what the bot draws afresh at each position (:func:`risk_seed`).
        self.seed = 0 if seed is None else seed

    # -- the view as a game ------------------------------------------------------------
    def _game(self, view: PlayerView, phase: str | None = None) -> Game:
        """The imagined game the solver is asked about (:func:`_solver_game`). The seed
        :func:`game_from_view` would deal it with is still drawn, so the bot's random stream, and
        every later choice, stays what it was."""
        self.rng.randrange(2**31)
        return _solver_game(view, phase)

    def _taken_game(self, view: PlayerView) -> Game:
        """The imagined game just after taking the pile. Draws the seeds of both games
        :meth:`_pile_options` imagines (the hand as it is, then the pile taken)."""
        self.rng.randrange(2**31)  # the seed of the hand as it is
        taken = self._game(view)
        taken.take_pile()
        self._taken = taken
        return taken

    def _taken_plan(self, view: PlayerView) -> tuple[Game, Plan]:
        """The imagined game just after taking the pile and its best plan (see :meth:`_taken_game`)."""
        taken = self._taken_game(view)
        after = _remembered(taken, "solve", self.pot_value)
        assert after is not None
        return taken, after

    def _plan_now(self, view: PlayerView) -> Plan:
        """The best plan with the hand as it is (the seed was drawn by :meth:`_taken_plan`)."""
        now = _remembered(_solver_game(view, phase="play"), "solve")
        assert now is not None
        return now

    def _pile_options(self, view: PlayerView) -> tuple[Plan, Game]:
        """The best plan with the hand as it is, and the imagined game just after taking the pile."""
        taken, _ = self._taken_plan(view)
        return self._plan_now(view), taken

    def pile_gain(self, view: PlayerView) -> int:
        """Points the best plan gains by taking the pile rather than playing the hand as it is."""
        now, taken = self._pile_options(view)
        return _remembered(taken, "solve", self.pot_value).points - now.points  # type: ignore[union-attr]

    def take_pile(self, view: PlayerView) -> bool:
        """Whether to take the discard pile (TURN-1): when :meth:`pile_gain` is positive, but not
        for under 15 points when its own discard lies in the pile and it took its own discard back
        at its last two turns already (:func:`_own_takes_running`: no pile passed back and forth).

        Neither hand is solved when the answer is known without: when the hand as it is lays
        nothing down (:func:`_nothing_now`) and no pile card can lie in any meld or lay-off
        (:func:`_gains_nothing`: the hand with the pile then gains nothing either).

        Otherwise the pile's plan is solved (and kept: it is the first play decision's once the
        pile is taken), and the hand as it is only when needed: not when :func:`_nothing_now`
        says it lays nothing down, nor when the pile's plan lays down no card of the pile (as a
        multiset: a copy of a pile card held in the hand counts as the hand's) and keeps two cards
        of the hand or more: that plan is then one of the hand as it is too, with the same melds
        and lay-offs onto the same table, hence the same points, and a legal rest (two cards or
        more can always end the turn, TURN-3: the hand as it is has no one-card pile's card,
        TURN-4), so the hand as it is has a plan worth at least as much, and the gain is not
        positive.
        """
        ended = self._ended
        nothing = ended is not None and _nothing_now(view, ended)
        if nothing and _gains_nothing(view, ended, view.hand, view.pile):  # type: ignore[arg-type]
            self.rng.randrange(2**31)  # the seeds _taken_plan draws
            self.rng.randrange(2**31)
            return False
        taken = self._taken_game(view)
        if self.pot_value == 0 and _pile_cannot_pay(view, taken):
            return False
        after = _remembered(taken, "solve", self.pot_value)
        assert after is not None
        laid = after.cards_laid
        if len(view.hand) - len(laid) >= 2 and _holds(view.hand, laid):
            return False
        gain = after.points if nothing else after.points - self._plan_now(view).points
        if 0 < gain < 15 and _own_takes_running(view) >= 2 and own_discards_in_pile(view)[0]:
            return False  # its own discard taken back a third turn running for little: the loop of issue 23
        return gain > 0

    # -- choose -----------------------------------------------------------------------
    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """The next action of this bot's turn.

        In the play phase the bot plays its plan one step at a time. The first decision of a turn
        solves the position (:func:`~buraco_learn.solver.can_close` when the side may close, else
        or failing that :func:`~buraco_learn.solver.solve`); each later decision plays the next step
        of what is left of that plan, without solving again, as long as the position is exactly the
        one the last step leads to (:func:`_step_gain`: the hand without the step's cards, the
        table with the step's meld, every other fact the solver reads unchanged, so no pot taken on
        the way, POT-2); otherwise it solves again.

        Why what is left is as good as a new solve: the solver's objective is additive over the
        plan's melds and lay-offs (each one's points on the side's count), plus, at the end, whether
        the cards kept can end the turn (and ``pot_value`` when the hand is emptied and the pot taken,
        POT-2; for a close, the one card kept closes, CLOSE-1). Say the plan P was best at position
        A, its step s led to B, and P' is what is left. P' is a plan at B with P's end, worth P's
        value minus s's points. Any plan Q at B, done after s, is a plan at A (a lay-off onto the
        meld s laid is that meld laid down bigger; a lay-off onto a meld s added to is one lay-off of
        both parts) with the same end, worth s's points plus Q's: so Q is worth no more than P'.
        Likewise a position B where the bot could close, reached from A where it could not, would
        give a close at A: so no close is looked for at B. A new solve may still return another
        plan of the same value (ties are broken by the search's order), which is the only way the
        choice can differ from solving every time. ``tests/test_bots.py`` checks the values on many
        seeded turns.

        All the solver's searches of one decision share one budget
        (:func:`~buraco_learn.solver.shared_budget`, :data:`~buraco_learn.solver.NODE_BUDGET` nodes).
        """
        with shared_budget():
            return self._choose(view, legal)

    def _choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """:meth:`choose` within its shared budget."""
        if view.phase == "draw":
            self._turn = None
            self._taken = None
            self._drew = None
            take = TakePile() in legal and self.take_pile(view)
            ended, self._ended = self._ended, None
            if take and self._taken is not None:
                self._turn = _Turn(self._taken)  # matched against the next view before any use
            elif not take and ended is not None and _nothing_now(view, ended):
                self._drew = (view.hand, ended)  # for the first play decision: see _drawn_nothing
            self._taken = None
            return TakePile() if take else (Draw() if Draw() in legal else legal[0])
        seed = self.rng.randrange(2**31)  # what self._game draws
        drew, self._drew = self._drew, None
        turn = self._turn
        self._turn = None
        g: Game | None = None
        if turn is not None and turn.step is None:  # the pile just taken, no plan yet
            if _same_position(turn.game, view):
                g = turn.game
        elif turn is not None and turn.plan is not None and turn.then is not None:
            gain = _step_gain(turn.then, turn.step, view)  # type: ignore[arg-type]
            plan = None if gain is None else _plan_after(turn.plan, turn.step, gain)  # type: ignore[arg-type]
            if plan is not None:
                if turn.closes:
                    step = _next_step(plan, legal)
                    if step is not None:
                        return self._played(view, turn.game, plan, True, step)
                    if plan.is_empty and plan.discard is not None and Discard(plan.discard) in legal:
                        return Discard(plan.discard)
                else:
                    if plan.is_empty or not self.lay_down(view, plan):
                        # An empty rest of the plan is worth nothing more: the best plan here.
                        # (The turn's first imagined game serves the discard's record: the facts
                        # it is asked for, _LoneCard's, are the same, the side's burraco aside,
                        # which can only be missing there, the stricter case.) Not so for a plan
                        # the bot shaped: what it kept in hand could still be laid.
                        return self._discard(view, turn.game, seed, legal, plan.is_empty and not turn.shaped)
                    step = _next_step(plan, legal)
                    if step is not None:
                        return self._played(view, turn.game, plan, False, step, turn.shaped)
                # What is left of the plan has no legal next step: solve this position again.
        if g is None:
            g = _solver_game(view)
        if _side_may_close(view, view.seat):
            closing = _closing(g)
            if closing is not None:
                step = _next_step(closing, legal)
                if step is not None:
                    return self._played(view, g, closing, True, step)
                if closing.is_empty and closing.discard is not None and Discard(closing.discard) in legal:
                    return Discard(closing.discard)
        if drew is not None and self.pot_value == 0 and _drawn_nothing(view, *drew):
            return self._discard(view, g, seed, legal, True)
        plan = _remembered(g, "solve", self.pot_value)
        assert plan is not None
        played = plan if plan.is_empty else self.shape(view, g, plan)
        if not played.is_empty and self.lay_down(view, played):
            step = _next_step(played, legal)
            if step is not None:
                return self._played(view, g, played, False, step, played is not plan)
        # solve's empty plan: no plan here is worth more than nothing (or the bot keeps it all in hand).
        return self._discard(view, g, seed, legal, plan.is_empty)

    def _played(self, view: PlayerView, game: Game, plan: Plan, closes: bool, step: Action,
                shaped: bool = False) -> Action:
        """Return ``step``, keeping ``plan`` and the position for the next decision of the turn,
        which plays what is left of the plan if it meets the position the step leads to."""
        if isinstance(step, (LayDown, LayOff)):
            self._turn = _Turn(game, plan, closes, view, step, shaped)
        return step

    def shape(self, view: PlayerView, game: Game, plan: Plan) -> Plan:
        """The part of the solver's ``plan`` (not a close) that the bot lays down this turn, in the
        position ``game`` (the imagined game of ``view``): the greedy bot lays it all."""
        return plan

    def _discard(self, view: PlayerView, game: Game, seed: int, legal: Sequence[Action],
                 nothing: bool = False) -> Discard | Action:
        """The discard that ends the turn; ``nothing``: the best plan of this position (``game``,
        the solver's imagined game) lays nothing down, which the next draw decision may use
        (:func:`_nothing_now`)."""
        discards = _discards(legal)
        if not discards:  # pragma: no cover - the engine always leaves a discard in the play phase
            return legal[0]
        solver_game = game
        if type(self).discard not in _OWN_DISCARDS:
            # A discard of a subclass gets game_from_view's game, its unseen cards dealt at random.
            game = game_from_view(view, seed)
        choice = self.discard(view, game, discards)
        if nothing:
            self._ended = _nothing_left(view, solver_game, choice.card)
        return choice

    def lay_down(self, view: PlayerView, plan: Plan) -> bool:
        """Whether to play the plan now (the greedy bot always does)."""
        return True

    def discard(self, view: PlayerView, game: Game, discards: list[Discard]) -> Discard:
        """The highest-point card that is not a wild (ties: the first), and not a card of its own it
        took back with the pile this turn (:func:`own_discards_in_pile`), nor one it has thrown
        :data:`WORN` times already this hand (:func:`worn_cards`), while another will do."""
        back = own_discards_in_pile(view)[1]
        worn = worn_cards(view)
        return max(discards, key=lambda d: (not d.card.is_wild, d.card not in back, d.card not in worn, d.card.points))

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


#: A card a seat has discarded this many times in a hand is not thrown again while another will
#: do (:func:`worn_cards`): it keeps coming back with the pile, and the same card thrown again and
#: again is the loop of issue 23.
WORN = 3


def takes_own(view: PlayerView, card: Card) -> bool:
    """Whether a meld of ``view.seat``'s side takes ``card`` (TURN-2): a card to keep, not to throw
    (it goes down at a later turn; after the pot it is the reserve the hint keeps in hand)."""
    side = next(s for s in view.sides if view.seat in s)
    return any(t.owner in side and t.meld.can_lay_off([card]) for t in view.table)


def worn_cards(view: PlayerView) -> set[Card]:
    """The cards ``view.seat`` has discarded :data:`WORN` times or more this hand (read from the
    history; the two copies of a card count as one)."""
    thrown = Counter(ev.action.card for ev in view.history if ev.seat == view.seat and isinstance(ev.action, Discard))
    return {c for c, n in thrown.items() if n >= WORN}


def risk_seed(view: PlayerView, seed: int) -> int:
    """The seed of the imagined deals the strong bot weighs a discard's closing risk on
    (:func:`closing_risk`): drawn from the position (the hand, the pile, the table and how far the
    hand has gone) and the bot's ``seed``, not from the bot's running stream, so that the same
    position gets the same discard from the bot at the table and from the hint and the coach
    (which ask ``StrongBot(seed)``)."""
    text = repr((seed, view.seat, len(view.history), view.hand, view.pile, tuple(t.meld.cards for t in view.table)))
    return zlib.crc32(text.encode("utf-8"))


def _cards_laid_since_draw(view: PlayerView) -> int:
    """How many cards ``view.seat`` melded or laid off this turn, since its draw (read from the
    history: its own last events, newest first, while they are melds and lay-offs)."""
    n = 0
    for ev in reversed(view.history):
        if ev.seat != view.seat or not isinstance(ev.action, (LayDown, LayOff)):
            break
        n += len(ev.action.cards)
    return n


def _plan_of(game: Game, plan: Plan, actions: Sequence[Action]) -> Plan:
    """The plan of ``actions`` (melds and lay-offs, a part of ``plan`` or the plan with a meld laid
    without its wild) in ``game``: its points counted as the solver counts them (the change in the
    side's count), the rest of the hand kept, nothing closed."""
    seat = game.to_move
    g = game.clone()
    before = sum(meld_value(t.meld) for t in g.side_melds(seat))
    for a in actions:
        g.apply(a)
    points = sum(meld_value(t.meld) for t in g.side_melds(seat)) - before
    own = {tuple(_indices(m.cards)): m for m in plan.melds}
    melds = tuple(own.get(tuple(_indices(a.cards))) or Meld.from_cards(list(a.cards), rules=game.rules)
                  for a in actions if isinstance(a, LayDown))
    lay_offs = tuple((a.target, a.cards) for a in actions if isinstance(a, LayOff))
    return Plan(melds, lay_offs, points, tuple(g.hand(seat)), False, None, plan.proven)


def _links(card: Card, hand: Sequence[Card]) -> int:
    """How many other cards of ``hand`` could share a meld with ``card`` (:func:`_related`).

    >>> from buraco_learn import parse_cards
    >>> hand = parse_cards("5H 7H 5C KS")
    >>> [_links(c, hand) for c in hand]
    [2, 1, 1, 0]

    A pair of the same card is a pair (the two copies of a card are one value, so the card itself
    is left out once, not every copy of it):

    >>> [_links(c, parse_cards("5S 5S 9H")) for c in parse_cards("5S 5S 9H")]
    [1, 1, 0]
    """
    related = sum(1 for x in hand if _related(card, x))
    return related - 1 if card in hand else related


def _threw_back_last_turn(view: PlayerView) -> bool:
    """Whether ``view.seat``'s last discard was a card of its own it had just taken back with the pile
    (:func:`own_discards_in_pile`): once is a move, twice running the loop of issue 23.

    >>> from buraco_learn import Game
    >>> g = Game.from_position("fibur 2p d0 t1 play | h: 9C 7H 3D / AC 5D KS | m: - | p: - "
    ...                        "| s: * | pots: *11 / *11 | took: -")
    >>> _ = g.discard(Card.parse("AC")); _ = g.draw(); _ = g.discard(Card.parse("7H"))
    >>> _ = g.take_pile(); _ = g.discard(Card.parse("AC")); _ = g.draw(); _ = g.discard(Card.parse("3D"))
    >>> _threw_back_last_turn(g.view(1)), _threw_back_last_turn(g.view(0))
    (True, False)
    """
    seat = view.seat
    in_pile: list[Card] = []
    back: list[Card] = []
    threw = False
    for ev in view.history:
        a = ev.action
        if isinstance(a, TakePile):
            if ev.seat == seat:
                back = in_pile
            in_pile = []
        elif isinstance(a, Discard):
            if ev.seat == seat:
                threw = a.card in back
                in_pile.append(a.card)
                back = []
        elif isinstance(a, Draw) and ev.seat == seat:
            back = []
    return threw


def _own_takes_running(view: PlayerView) -> int:
    """How many of ``view.seat``'s last turns running it took the discard pile while a card it had
    discarded itself lay in it (:func:`own_discards_in_pile`): the loop of issue 23 counts them.

    >>> from buraco_learn import Game
    >>> g = Game.from_position("fibur 2p d0 t1 play | h: 9C 7H 3D / AC 5D KS | m: - | p: - "
    ...                        "| s: * | pots: *11 / *11 | took: -")
    >>> _ = g.discard(Card.parse("AC")); _ = g.draw(); _ = g.discard(Card.parse("7H"))
    >>> _ = g.take_pile(); _ = g.discard(Card.parse("AC")); _ = g.draw(); _ = g.discard(Card.parse("3D"))
    >>> _own_takes_running(g.view(1)), _own_takes_running(g.view(0))
    (1, 0)
    """
    seat = view.seat
    mine = False  # a card of its own lies in the pile
    run = 0
    for ev in view.history:
        a = ev.action
        if isinstance(a, TakePile):
            if ev.seat == seat:
                run = run + 1 if mine else 0
            mine = False
        elif isinstance(a, Discard):
            if ev.seat == seat:
                mine = True
        elif isinstance(a, Draw) and ev.seat == seat:
            run = 0
    return run


def _leaves_the_pile(view: PlayerView, seat: int, turns: int = 3) -> bool:
    """Whether ``seat`` has left the discard pile to grow all hand: he has had ``turns`` turns or more
    and drew from the stock at every one, read from the history (a player who takes piles has
    taken one by then, if only a pile that paid him).

    >>> from buraco_learn import Game
    >>> g = Game.from_position("fibur 2p d0 t1 play | h: 9C 7H 3D / AC 5D KS | m: - | p: - "
    ...                        "| s: * | pots: *11 / *11 | took: -")
    >>> _ = g.discard(Card.parse("AC")); _ = g.draw(); _ = g.discard(Card.parse("7H"))
    >>> _ = g.take_pile(); _ = g.discard(Card.parse("AC")); _ = g.draw(); _ = g.discard(Card.parse("3D"))
    >>> _leaves_the_pile(g.view(1), 0, turns=2), _leaves_the_pile(g.view(1), 0), _leaves_the_pile(g.view(0), 1, 1)
    (True, False, False)
    """
    drew = [isinstance(ev.action, Draw) for ev in view.history
            if ev.seat == seat and isinstance(ev.action, (Draw, TakePile))]
    return len(drew) >= turns and all(drew)


#: An opponent holding this many cards or fewer, his side with its pot and a burraco, may close at
#: his next turn: the pile's cards left in hand would then count against the taker (SCORE-1).
CLOSE_THREAT_CARDS = 5


def closing_threat(view: PlayerView) -> int | None:
    """The opponent who plays first after ``view.seat`` and may close at his next turn (his side
    has its pot and a burraco, CLOSE-1, and he holds :data:`CLOSE_THREAT_CARDS` cards or fewer),
    or ``None``."""
    mine = next(s for s in view.sides if view.seat in s)
    for k in range(1, view.players):
        s = (view.seat + k) % view.players
        if s in mine or not _side_may_close(view, s):
            continue
        side = next(x for x in view.sides if s in x)
        if (any(t.owner in side and t.meld.burraco is not None for t in view.table)
                and view.hand_sizes[s] <= CLOSE_THREAT_CARDS):
            return s
    return None


@dataclass(frozen=True)
class PileDecision:
    """The strong bot's draw (:meth:`StrongBot.pile_decision`): ``take`` the pile or not, and
    ``why``, one of: ``'close'`` (with the pile it closes at once, CLOSE-1); ``'threat'`` (an
    opponent may close at his next turn: taken only if it pays even then, the cards kept counting
    against it, SCORE-1); ``'gain'`` (it lays down more this turn); ``'more-cards'`` (two
    players, two cards or more, as much laid down either way: more cards to build with, and a
    pile the opponent never sees grow); ``'one-nothing'`` (a one-card pile
    that lays nothing down); ``'loses'`` (it lays down less); ``'own-wait'``, ``'own-twice'`` (its
    own discard lies in the pile: it took it back two turns running while the opponent leaves the
    pile, or threw its own card back last turn: no loop of the same pile); ``'fewer-left'``,
    ``'more-left'`` (three or four players, its side with its pot and a burraco: the pile leaves
    fewer cards in hand, or not); ``'small'`` (three or four players: under 15 points more).
    ``with_pile`` and ``now`` are the points laid down this turn either way (the hint's count),
    ``points`` the hint's whole count of both sides."""

    take: bool
    why: str
    with_pile: int
    now: int
    points: Any = field(default=None, repr=False, compare=False)


class StrongBot(GreedyBot):
    """The greedy bot with judgement about the pile, what to lay down and the discard: the player
    the hint and the coach call "the strong player" (they ask it, and it plays what they advise).

    Pile (:meth:`pile_decision`, with its reason): it takes the pile when that lets it close at
    once (CLOSE-1); against an opponent who may close at his next turn (:func:`closing_threat`),
    only if it pays even then (the cards it leaves in hand count against it, SCORE-1). With two
    players it also takes a pile of two cards or more that loses nothing now (more cards, more
    melds and burracos later, and a pile the opponent never sees grow), never a one-card pile that
    lays nothing down. When its own discard lies in the pile (:func:`own_discards_in_pile`) and
    the pile gains under 15 points: a card it threw is a card it did not want, so it draws after
    taking its own discard back two turns running when the next player leaves the pile to grow
    (:func:`_own_takes_running`, :func:`_leaves_the_pile`: he has taken none all hand, so the pile
    waits for it, bigger, and the stock moves), and it draws when it threw its own card back last
    turn: never the same card back two turns running (no loop of the same pile). With three or
    four, where a big hand is a burden when the partners close fast: once its side has the pot and
    a burraco, only when the pile leaves it fewer cards in hand after laying down; otherwise only a
    pile that gains 15 points or more now.

    Lay down (:meth:`shape`): the solver's most points, less a wild kept for a meld still on its
    way to a clean burraco, and less the reserve kept after the pot while its side has no burraco
    (four cards in hand, notebook 8b part 5), as the hint advises.

    Discard, in this order (notebook 8b, part 4): among the cards with the fewest certain faults
    (:func:`~buraco_learn.hints.least_faults`: not a wild while another card will do, then not a
    card an opponent's meld takes, then not one that makes a meld for the next player with the
    pile); never a card the next player is known to use (:func:`feeds_next_player`: it lays off
    onto his side's melds, TURN-2, or makes a meld with two cards of the pile and of what he is
    known to hold, :func:`known_holdings`); never a card with which the next player could take the
    pile and close at once (:func:`closing_risk`, on deals drawn from the position,
    :func:`risk_seed`); not its own discard taken back with the pile this turn
    (:func:`own_discards_in_pile`; with two players this comes right after the next player's known
    cards, before the sampled risk); not a card its own side's melds take (:func:`takes_own`: the
    reserve it keeps); not a card it has thrown :data:`WORN` times already this hand
    (:func:`worn_cards`); then the card with the fewest partners in its own hand (:func:`_links`),
    then the highest points.

    In the tournament (``benchmarks/tournament.py``) this beats the greedy bot clearly with 2 and
    4 players.
    """

    level = "strong"
    #: Imagined deals per discard for :func:`closing_risk`.
    samples = 8
    #: Whether it keeps a wild out of a meld still on its way to a clean burraco, as the hint does.
    keep_clean = True

    def shape(self, view: PlayerView, game: Game, plan: Plan) -> Plan:
        """What the hint advises laying down (:func:`~buraco_learn.hints.advised_lays`): the solver's
        plan less the wilds kept for a clean burraco and less the reserve kept after the pot while
        the side has no burraco (four cards in hand, notebook 8b part 5). The hint, the coach and
        this bot lay down the same."""
        from .hints import _hold_back, advised_lays  # (the hint's module imports this one)

        laid = _cards_laid_since_draw(view)
        if self.keep_clean:
            actions = advised_lays(game, plan, laid)[0]
        else:
            actions = _hold_back(game, [a for a in plan.actions() if not isinstance(a, Discard)], laid)[0]
        if actions == [a for a in plan.actions() if not isinstance(a, Discard)]:
            return plan
        return _plan_of(game, plan, actions)

    def take_pile(self, view: PlayerView) -> bool:
        """Take the pile when it pays (see the class description and :meth:`pile_decision`)."""
        return self.pile_decision(view).take

    def pile_decision(self, view: PlayerView) -> PileDecision:
        """Whether to take the pile (TURN-1), why (see :class:`PileDecision`), and the counts it
        was decided on. The pile is weighed by the solver's most points with it and without it;
        ``with_pile`` and ``now`` are what the advice lays down of them
        (:func:`~buraco_learn.hints.play_advice`: the wilds kept for a clean burraco and the
        reserve kept after the pot stay in hand); against an opponent who may close at his next
        turn, by those, less the cards each way leaves in hand. The hint says this decision and
        its reason (tuned by the tournament)."""
        from .hints import _draw_points  # (the hint's module imports this one)

        game = _solver_game(view)
        p = _draw_points(game)
        self._taken = p.taken  # the first play decision plays on it
        n = len(view.pile)
        seat = view.seat
        nxt = (seat + 1) % view.players
        # What the pile makes possible: the solver's most points either way (the hint's words say
        # what the advice lays down of it; a wild kept for a clean burraco stays in hand). After
        # the pot, with no burraco, what the advice lays down: the reserve it keeps is not laid,
        # and a pile taken for points held back in hand would come round again and again.
        reserve = p.taken.side_has_pot(seat) and not p.taken.side_has_burraco(seat)
        gain = p.with_pile - p.now if reserve else p.with_plan.points - p.now_plan.points

        def said(take: bool, why: str) -> PileDecision:
            return PileDecision(take, why, p.with_pile, p.now, p)

        if _side_may_close(view, seat) and _closing(p.taken) is not None:
            return said(True, "close")
        threat = closing_threat(view)
        if threat is not None:
            kept_with, kept_now = sum(c.points for c in p.left_with), sum(c.points for c in p.left_now)
            return said(p.with_pile - kept_with > p.now - kept_now, "threat")
        if view.players == 2:
            if gain < 0:
                return said(False, "loses")
            if gain == 0 and n < 2:
                # A card that lays nothing down: the stock's card is as good, and the discard stays
                # free (TURN-4).
                return said(False, "one-nothing")
            own = own_discards_in_pile(view)[0]
            if gain >= 15 or not own:
                return said(True, "gain" if gain > 0 else "more-cards")
            # Its own discard comes back with the pile: a card it threw is a card it did not want.
            # Against an opponent who leaves the pile to grow (he has taken none all hand), it draws
            # after taking its own discard back two turns running: the pile waits for it, bigger,
            # and the stock moves (no loop of the same pile). Against one who takes piles, a pile
            # left is a pile given: it takes it, as below; each time it throws another card than the
            # one it took back (and not one it has thrown WORN times: worn_cards), so the same card
            # does not go round.
            if _own_takes_running(view) >= 2 and _leaves_the_pile(view, nxt):
                return said(False, "own-wait")
            if _threw_back_last_turn(view):
                return said(False, "own-twice")  # never the same card back two turns running
            return said(True, "gain" if gain > 0 else "more-cards")
        if p.taken.side_has_pot(seat) and p.taken.side_has_burraco(seat):
            left_if_drawn = len(view.hand) + 1 - len(p.now_plan.cards_laid)
            left_if_taken = len(view.hand) + n - len(p.with_plan.cards_laid)
            if gain > 0 and left_if_taken < left_if_drawn:
                return said(True, "fewer-left")
            return said(False, "more-left")
        if gain >= 15:
            return said(True, "gain")
        return said(False, "small" if gain > 0 else "loses")

    def discard(self, view: PlayerView, game: Game, discards: list[Discard]) -> Discard:
        """The safest card, then the least useful to its own hand (see the class description)."""
        from .hints import least_faults  # (the hint's module imports this one)

        discards = least_faults(view, discards)
        risk = closing_risk(view, [d.card for d in discards], random.Random(risk_seed(view, self.seed)),
                            samples=self.samples)
        hand = view.hand
        known = known_holdings(view)
        back = own_discards_in_pile(view)[1]
        worn = worn_cards(view)
        if view.players == 2:  # never its own card back while a safe one will do: no loop
            return min(discards, key=lambda d: (d.card.is_wild, feeds_next_player(view, d.card, known), d.card in back,
                                                risk[d.card], 1 if opponent_melds_accepting(view, d.card) else 0,
                                                takes_own(view, d.card), d.card in worn, _links(d.card, hand),
                                                -d.card.points))
        return min(discards, key=lambda d: (d.card.is_wild, feeds_next_player(view, d.card, known), risk[d.card],
                                            1 if opponent_melds_accepting(view, d.card) else 0,
                                            d.card in back, takes_own(view, d.card), d.card in worn,
                                            _links(d.card, hand), -d.card.points))


#: The discards that never read the imagined game they are given.
_OWN_DISCARDS = (GreedyBot.discard, StrongBot.discard)

#: The levels by name.
BOTS: dict[str, type[RandomBot] | type[GreedyBot]] = {"random": RandomBot, "greedy": GreedyBot, "strong": StrongBot}


def make_bot(level: str, seed: int | None = 0) -> Player:
    """A bot of that level (``'random'``, ``'greedy'`` or ``'strong'``).

    >>> make_bot("strong")
    StrongBot()
    >>> make_bot("expert")
    Traceback (most recent call last):
    ...
    buraco_learn.errors.NotationError: unknown bot level 'expert'; levels: random, greedy, strong
    """
    cls = BOTS.get(level) if isinstance(level, str) else None
    if cls is None:
        raise NotationError(f"unknown bot level {excerpt(level)}; levels: {', '.join(BOTS)}")
    return cls(seed)


def play_hand(game: Game, bots: Sequence[PlayerLike], *, max_actions: int = 5000) -> HandResult:
    """Play ``game`` to its end with one bot per seat; each gets only ``game.view(seat)`` and
    ``game.legal_actions()``. A choice outside the legal actions raises :class:`IllegalMove`.
    """
    players = [as_player(b) for b in bots]
    if len(players) != game.players:
        raise ValueError(f"play_hand needs {game.players} bots, one per seat, not {len(players)}")
    for _ in range(max_actions):
        if game.is_over:
            return game.result()
        seat = game.to_move
        legal = game.legal_actions()
        action = players[seat].choose(game.view(seat), legal)
        if action not in legal:
            raise IllegalMove(f"{game.seat_name(seat)}'s bot chose {action}, which is not among the legal actions")
        game.apply(action)
    raise IllegalMove(f"the hand did not end within {max_actions} actions")
