"""Hints that explain: what to draw, what to lay down, what to discard, and why, citing rule IDs.

:func:`hint` looks at the game from the seat to move and uses only what that seat may see (its
hand, the table, the pile). Its move is the strong bot's (:class:`~buraco_learn.bots.StrongBot`:
the exact solver for what to lay down, judgement about the pile and safe discards), and the bot
plays what this module advises: a wild is not laid on a meld still on its way to a clean burraco
(:func:`_keep_clean`), after the pot a side without a burraco keeps a reserve of four cards, new
melds and lay-offs (:func:`_hold_back`), and against an opponent who may close at his next turn
the pile is taken only if it pays even then (its cards left in hand count against you, SCORE-1). Its words say why: the
points laid down this turn, the burraco bonus kept, the discard that would feed an opponent or
let the next player take the pile (and meld or lay off with its cards) or close, and why one
discard rather than another. Cards are written with their suit symbols (``9♦``).

>>> from buraco_learn import Game
>>> g = Game.from_position("fibur 2p d1 t0 play | h: 5H 6H 7H 9C 8D / - | m: 1=9S 9H 9D | p: 3C | s: * "
...                        "| pots: *11 / *11 | took: -")
>>> h = hint(g)
>>> print(h)
Meld 5♥ 6♥ 7♥: you lay down 15 points this turn (card points, EQ-2).
Then discard 8♦: no opponent meld takes it (TURN-2), and it links with no other card of your hand (no card of its rank, none of its suit one or two ranks away, no wild).
Do not discard 9♣: the opponents' meld #0 (9♠ 9♥ 9♦) would take it (TURN-2).
>>> h.action, h.rules
(LayDown(cards=(Card.parse('5H'), Card.parse('6H'), Card.parse('7H')), wild_high=None), ('EQ-2', 'TURN-2'))

In the table widget, a Hint button calls ``hint(widget.game)``, then ``widget.highlight(h.cards)``
and ``widget.set_feedback(str(h))``.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .i18n import seat_word, tr, trn
from .actions import Action, Discard, Draw, LayDown, LayOff, TakePile
from .cards import Card, format_cards
from .errors import BuracoError
from .game import Game, PlayerView, TableMeld
from .melds import Meld
from .bots import (StrongBot, _answer, risk_seed, _cannot_close, _links, _side_may_close, _stock_at_reserve,
                   closing_risk, closing_threat, feeds_next_player, known_holdings, opponent_melds_accepting,
                   own_discards_in_pile, takes_own, worn_cards)
from .solver import Plan, dead_cards, meld_value, shared_budget

__all__ = ["Hint", "hint", "discard_advice", "DiscardFault", "discard_faults", "advised_discard", "PlayAdvice",
           "play_advice", "laid_this_turn", "PileNear", "twos_words", "advised_lays", "least_faults"]


@dataclass(frozen=True)
class Hint:
    """Advice for the seat to move: sentences, the suggested next action, the rule IDs cited and
    the cards of the hand it is about (for a widget to outline)."""

    sentences: tuple[str, ...]
    action: Action | None
    cards: tuple[Card, ...] = ()
    plan: Plan | None = None

    @property
    def rules(self) -> tuple[str, ...]:
        """Every rule ID the sentences cite, in order of first mention."""
        return tuple(dict.fromkeys(re.findall(r"\b[A-Z][A-Z0-9]*-\d+\b", " ".join(self.sentences))))

    def __str__(self) -> str:
        return "\n".join(self.sentences)


def _bonus_words(plan: Plan) -> str:
    kinds = [m.burraco for m in plan.melds if m.burraco]
    if not kinds:
        return tr("card points, EQ-2")
    bonuses = tr(" and a ").join(tr("{kind} burraco bonus", kind=tr(k)) for k in kinds)
    return tr("card points, EQ-2, and a {bonuses}, BUR-1..4", bonuses=bonuses)


def _step_words(action: Action) -> str:
    """An action in plain words: ``lay off 2♣ onto meld #0``, ``meld Q♥ K♥ A♥``."""
    if isinstance(action, LayOff):
        return tr("lay off {cards} onto meld #{target}", cards=format_cards(action.cards, pretty=True),
                  target=action.target)
    if isinstance(action, LayDown):
        return tr("meld {cards}", cards=format_cards(action.cards, pretty=True))
    return str(action)


def _steps(plan: Plan) -> str:
    words = [_step_words(a) for a in plan.actions() if not isinstance(a, Discard)]
    return tr(", then ").join(words)


def _plan_sentence(plan: Plan, before: int = 0) -> str:
    text = _steps(plan)
    if before:
        return tr("{steps}: {points} points more this turn ({why}), {total} in all with the {before} you laid "
                  "already.", steps=text[:1].upper() + text[1:], points=plan.points, why=_bonus_words(plan),
                  total=before + plan.points, before=before)
    return tr("{steps}: you lay down {points} points this turn ({why}).", steps=text[:1].upper() + text[1:],
              points=plan.points, why=_bonus_words(plan))


def _lays_this_turn(game: Game) -> list[LayDown | LayOff]:
    """The melds and lay-offs the seat to move has made since its draw, newest first."""
    seat, out = game.to_move, []
    for event in reversed(game.history):
        if event.seat != seat or not isinstance(event.action, (LayDown, LayOff)):
            break
        out.append(event.action)
    return out


def laid_this_turn(game: Game) -> int:
    """The points the seat to move has laid down so far this turn (its melds and lay-offs since its
    draw, counted as the solver counts a plan: card points and the change in burraco bonuses).

    >>> from buraco_learn import Game
    >>> g = Game.from_position("fibur 2p d1 t0 play | h: 5H 6H 7H 8C 8D 8S 4C / - | m: - | p: 3C | s: * "
    ...                        "| pots: *11 / *11 | took: -")
    >>> _ = g.apply("meld 5H 6H 7H"); laid_this_turn(g)
    15
    """
    if game.phase != "play":
        return 0
    seat = game.to_move
    g = game.clone()
    now = sum(meld_value(t.meld) for t in g.side_melds(seat))
    for _ in _lays_this_turn(game):
        g.undo()
    return now - sum(meld_value(t.meld) for t in g.side_melds(seat))


def _cards_laid_this_turn(game: Game) -> int:
    """How many cards the seat to move has melded or laid off since its draw."""
    return sum(len(a.cards) for a in _lays_this_turn(game))


def _taken_too_words(taker: TableMeld, others: Sequence[Card]) -> str:
    """Why a discard an opponent's meld takes is still the one advised: every other card you may
    discard (``others``, the card itself left out) is taken too, or is a wild, which is kept; or
    there is no other card to discard."""
    meld = taker.meld.notation(pretty=True)
    if not others:
        return tr("the opponents' meld #{id} ({meld}) takes it (TURN-2), but you hold no other card you may discard",
                  id=taker.id, meld=meld)
    if any(c.is_wild for c in others):
        return tr("the opponents' meld #{id} ({meld}) takes it (TURN-2), but every other card you may discard is "
                  "taken too, or is a wild", id=taker.id, meld=meld)
    return tr("the opponents' meld #{id} ({meld}) takes it (TURN-2), but every other card you may discard is taken "
              "too", id=taker.id, meld=meld)


def _pretty(card: Card | None) -> str:
    """A card with its suit symbol (``9♦``), as every sentence of the hint and the coach writes it."""
    return card.pretty if card is not None else ""


def discard_advice(game: Game, rest: Sequence[Card] | None = None) -> tuple[Card | None, list[str]]:
    """The safest discard among ``rest`` (default: the hand) and sentences explaining it.

    A wild is kept while another card will do (on the pile it invites the next player to take it
    all, and a wild never closes, CLOSE-2); then safe means no opponent meld takes the card (an
    opponent would lay it off, TURN-2); then a card that can never be melded goes first; then the
    highest points (cards left in hand count against you, SCORE-1).
    """
    seat = game.to_move
    cards = list(game.hand(seat) if rest is None else rest)
    mine = game.side_of(seat)
    opp = [t for t in game.table if t.owner not in mine]
    dead = set(dead_cards(game))

    def feeds(card: Card) -> list[int]:
        return [t.id for t in opp if t.meld.can_lay_off([card])]

    allowed = [c for c in dict.fromkeys(cards) if game.phase != "play" or rest is not None or game.can_discard(c)]
    if not allowed:
        return None, []
    best = min(allowed, key=lambda c: (c.is_wild, 1 if feeds(c) else 0, c not in dead, -c.points))
    out: list[str] = []
    reason = []
    if not feeds(best):
        reason.append(tr("no opponent meld takes it (TURN-2)"))
    elif not best.is_wild:  # every card but the wilds is taken: the least harm, said as such
        reason.append(_taken_too_words(game.table[feeds(best)[0]], [c for c in allowed if c != best]))
    if best in dead:
        reason.append(tr("it can never be melded with what is visible"))
    if best.is_wild:
        reason.append(tr("every card you may discard is a wild"))
    out.append(tr("Then discard {card}: {why}.", card=best.pretty,
                  why=tr(", and ").join(reason) if reason else tr("it is the least useful card")))
    for c in allowed if not feeds(best) else ():
        ids = feeds(c)
        if ids and c is not best:
            t = game.table[ids[0]]
            out.append(tr("Do not discard {card}: the opponents' meld #{id} ({meld}) would take it (TURN-2).",
                          card=c.pretty, id=t.id, meld=t.meld.notation(pretty=True)))
            break
    return best, out


def _clean_bound(game: Game, target: int, cards: Sequence[Card]) -> bool:
    """Whether laying ``cards`` off onto meld ``target`` puts a wild on a meld still on its way to
    a clean burraco (no wild yet, four cards or more) without making a burraco now."""
    if not any(c.is_wild for c in cards):
        return False
    t = next((t for t in game.table if t.id == target), None)
    if t is None or t.meld.burraco is not None or t.meld.wild_index is not None:
        return False
    wild_free = sum(1 for c in cards if not c.is_wild)
    try:
        after = t.meld.lay_off(list(cards))
    except BuracoError:  # pragma: no cover - the plan came from the engine
        return False
    # A natural 2 in its own suit's run is no wild (RUN-5): the meld stays clean.
    if after.wild_index is None:
        return False
    return after.burraco is None and wild_free == 0


def _clean_why(is_set: bool) -> str:
    """Why a wild is kept out of a meld that can still grow clean: one explanation of the bonuses,
    with the semi-clean case (BUR-3) said for this meld's kind, a set's or a run's."""
    if is_set:
        return tr("without a wild it can grow into a clean burraco, 200 points (BUR-2); with one, 150 at most, as a "
                  "semi-clean burraco, which for a set means exactly eight cards, one of them the wild (BUR-3); else "
                  "100 (BUR-4). A wild left in your hand costs its points only if the hand ends before you use it "
                  "(SCORE-1).")
    return tr("without a wild it can grow into a clean burraco, 200 points (BUR-2); with one, 150 at most, as a "
              "semi-clean burraco, which for a run means its wild at an end beside seven natural cards (BUR-3); else "
              "100 (BUR-4). A wild left in your hand costs its points only if the hand ends before you use it "
              "(SCORE-1).")


def _opponents_near_close(game: Game) -> bool:
    """Whether an opposing side may close at any turn: it has taken its pot and has a burraco on
    the table (CLOSE-1), as notebook 8b (sections 8 to 10) says "near closing"."""
    seat = game.to_move
    view = game.view(seat)
    return any(seat not in side and game.side_has_burraco(side[0]) and _side_may_close(view, side[0])
               for side in view.sides)


def _spend_wilds(game: Game) -> bool:
    """Whether the seat's wilds are better spent than kept: an opposing side may close at any
    moment (:func:`_opponents_near_close`: then even one wild left in hand costs its points,
    SCORE-1, notebook 8b section 10), or the seat holds two or more and the stock is about to run
    out."""
    seat = game.to_move
    wilds = sum(1 for c in game.hand(seat) if c.is_wild)
    if wilds == 0:
        return False
    if _opponents_near_close(game):
        return True
    view = game.view(seat)
    return wilds >= 2 and (view.last_turn or _stock_at_reserve(view))


def _keep_clean(game: Game, plan: Plan) -> tuple[list[Action], list[str], list[Card]]:
    """The plan's actions without the wilds that would spoil a meld on its way to a clean burraco
    (unless the plan empties the hand for the pot): a lay-off of a wild onto a clean meld of four
    cards or more is left out, and a new meld whose natural cards are a meld on their own is laid
    down without its wild. Returns the actions, the sentences saying why, and the wilds kept.
    The actions are replayed on a copy of the game: if the engine refuses them, the plan stays."""
    actions: list[Action] = [a for a in plan.actions() if not isinstance(a, Discard)]
    if plan.takes_pot:
        return actions, [], []
    kept: list[Action] = []
    words: list[str] = []
    wilds: list[Card] = []
    for a in actions:
        if isinstance(a, LayOff) and _clean_bound(game, a.target, a.cards):
            t = next(t for t in game.table if t.id == a.target)
            w = [c for c in a.cards if c.is_wild]
            wilds += w
            words.append(tr("Keep {cards} rather than laying it on meld #{target} ({meld}): {why}",
                            cards=format_cards(w, pretty=True), target=a.target, meld=t.meld.notation(pretty=True),
                            why=_clean_why(t.meld.kind == "set")))
            continue
        if isinstance(a, LayDown) and any(c.is_wild for c in a.cards):
            naturals = [c for c in a.cards if not c.is_wild]
            w = [c for c in a.cards if c.is_wild]
            with_wild = _meld_or_none(list(a.cards))
            alone = _meld_or_none(naturals)
            if (alone is not None and with_wild is not None and with_wild.burraco is None
                    and with_wild.wild_index is not None):
                wilds += w
                words.append(tr("Keep {cards} out of the new meld {meld}: {why}", cards=format_cards(w, pretty=True),
                                meld=format_cards(naturals, pretty=True), why=_clean_why(with_wild.kind == "set")))
                kept.append(LayDown(tuple(naturals)))
                continue
        kept.append(a)
    if not words:
        return actions, [], []
    if _discard_takes_pot(game, plan, actions):  # laid whole, one card is left: its discard takes the pot
        return actions, [_pot_words(wilds)], []
    if _spend_wilds(game):  # the wild would be kept for a clean burraco, but the hand may end first
        return actions, [_spend_words(game, wilds)], []
    trial = game.clone()
    try:
        for a in kept:
            trial.apply(a)
    except BuracoError:  # the rest of the plan needed the wild: keep the plan as it is
        return actions, [], []
    return kept, words, wilds


def _discard_takes_pot(game: Game, plan: Plan, actions: Sequence[Action]) -> bool:
    """Whether the plan, laid whole, leaves one card whose discard empties the hand of a side that
    has not taken its pot yet: the discard then takes the pot (POT-3), which keeping a wild back
    (two cards left) would forgo.

    >>> from buraco_learn import Game
    >>> g = Game.from_position("fibur 2p d1 t0 play | h: 5H 6H 7H 8H 9H TH 2C 4S / 9D 9S | m: - | p: 3C "
    ...                        "| s: * | pots: *11 / *11 | took: -")
    >>> plan = Plan((Meld.from_cards("5H 6H 7H 8H 9H TH 2C"),), (), 80, (Card.parse("4S"),))
    >>> _discard_takes_pot(g, plan, plan.actions())
    True
    """
    seat = game.to_move
    if plan.takes_pot or len(plan.rest) != 1 or game.side_has_pot(seat):
        return False
    trial = game.clone()
    try:
        for a in actions:
            trial.apply(a)
    except BuracoError:
        return False
    return any(isinstance(a, Discard) and a.card == plan.rest[0] for a in trial.legal_actions())


def _pot_words(wilds: Sequence[Card]) -> str:
    """Why the plan lays ``wilds`` now rather than keeping them for a clean burraco: its discard
    then takes the pot (POT-3)."""
    return trn("Lay {cards} now rather than keeping it for a clean burraco: with it laid you have one card left, "
               "and discarding it empties your hand, so you take your pot (POT-3). Kept, it would leave you two "
               "cards and no pot this turn.",
               "Lay {cards} now rather than keeping them for a clean burraco: with them laid you have one card "
               "left, and discarding it empties your hand, so you take your pot (POT-3). Kept, they would leave "
               "you more cards and no pot this turn.", len(wilds), cards=format_cards(wilds, pretty=True))


def _spend_words(game: Game, wilds: Sequence[Card]) -> str:
    """Why the plan lays ``wilds`` now rather than keeping them for a clean burraco."""
    cards = format_cards(wilds, pretty=True)
    if _opponents_near_close(game):
        return trn("Lay {cards} now rather than keeping it for a clean burraco: the opponents have their pot and a "
                   "burraco, so they may close at any turn, and a wild still in your hand then counts against you "
                   "(SCORE-1).",
                   "Lay {cards} now rather than keeping them for a clean burraco: the opponents have their pot and a "
                   "burraco, so they may close at any turn, and a wild still in your hand then counts against you "
                   "(SCORE-1).", len(wilds), cards=cards)
    return trn("Lay {cards} now rather than keeping it for a clean burraco: the stock is running out, and a wild "
               "still in your hand when the hand ends counts against you (SCORE-1).",
               "Lay {cards} now rather than keeping them for a clean burraco: the stock is running out, and a wild "
               "still in your hand when the hand ends counts against you (SCORE-1).", len(wilds), cards=cards)


def twos_words(meld: Meld) -> str | None:
    """Which 2 is which in a run that holds a natural 2 beside its wild (``2♣ 2♦(=3♣) 4♣``): one
    sentence, or ``None`` for any other meld.

    >>> print(twos_words(Meld.from_cards("2C 2D 4C")))
    In 2♣ 2♦(=3♣) 4♣, 2♣ is a natural 2 in its own place (RUN-5) and 2♦ is the run's one wild, standing for 3♣ (RUN-4).
    >>> twos_words(Meld.from_cards("2C 3C 4C")), twos_words(Meld.from_cards("2D 3C 4C"))
    (None, None)
    """
    wild, at = meld.wild, meld.wild_index
    if meld.kind != "run" or wild is None or at is None:
        return None
    natural = [c for i, c in enumerate(meld.cards) if c.is_two and i != at]
    stands = meld.wild_stands_for
    if not natural or stands is None:
        return None
    return tr("In {meld}, {two} is a natural 2 in its own place (RUN-5) and {wild} is the run's one wild, standing "
              "for {card} (RUN-4).", meld=meld.notation(pretty=True), two=natural[0].pretty, wild=wild.pretty,
              card=stands.pretty)


def _twos_of(game: Game, actions: Sequence[Action]) -> list[str]:
    """:func:`twos_words` for each meld the actions lay down or lay off onto that holds a 2 they
    play, as it will lie on the table (the actions replayed on a copy of the game)."""
    out: list[str] = []
    if not any(isinstance(a, (LayDown, LayOff)) and any(c.is_two for c in a.cards) for a in actions):
        return out
    g = game.clone()
    for a in actions:
        try:
            g.apply(a)
        except BuracoError:  # pragma: no cover - the advice came from the engine
            return out
        if not isinstance(a, (LayDown, LayOff)) or not any(c.is_two for c in a.cards):
            continue
        target = a.target if isinstance(a, LayOff) else max(t.id for t in g.table)
        t = next((t for t in g.table if t.id == target), None)
        words = twos_words(t.meld) if t is not None else None
        if words is not None and words not in out:
            out.append(words)
    return out


def _meld_or_none(cards: list[Card]) -> Meld | None:
    try:
        return Meld.from_cards(cards)
    except BuracoError:
        return None


@dataclass(frozen=True)
class DiscardFault:
    """What is certain to be wrong with a discard, seen from the seat's view: ``kind`` is
    ``'wild'`` (a wild thrown away), ``'feeds'`` (an opponent's meld ``target`` takes it, TURN-2)
    or ``'pile'`` (with ``cards``, from the pile or known to be in the next player's hand, it makes
    the meld ``meld`` for the next player, who may take the pile, TURN-1)."""

    kind: str
    target: int | None = None
    cards: tuple[Card, ...] = ()
    meld: Meld | None = None


def _pile_meld(card: Card, pool: Sequence[Card]) -> tuple[tuple[Card, ...], Meld] | None:
    """Two cards of ``pool`` that make a meld with ``card`` (the first found), or ``None``.

    Only the naturals of the card's rank or suit are tried, with one wild of the pool at most
    beside one of them: three naturals make a set only of one rank (SET-1), a run only of one suit
    (RUN-1), and a meld holds one wild at most (SET-2, RUN-4).

    The pool's copies count one by one, and a copy of ``card`` itself too: the two packs hold two
    of each card (EQ-1), and ``9♠ 9♠ 9♦`` is a set.

    >>> from buraco_learn import parse_cards
    >>> [_pile_meld(Card.parse("9D"), parse_cards(p)) is not None for p in ("8D TD", "8D 2C", "2C JK", "8H 4C")]
    [True, True, False, False]
    >>> _pile_meld(Card.parse("9S"), parse_cards("9D KC 9S"))[1]
    Meld.parse('9S 9S 9D')
    """
    rank, suit = card.r, card.s
    near = [x for x in pool if not x.is_wild and (x.r == rank or x.s == suit)]
    for i, a in enumerate(near):
        for b in near[i + 1:]:
            m = _meld_or_none([a, b, card])
            if m is not None:
                return (a, b), m
    wild = next((x for x in pool if x.is_wild), None)
    if wild is not None and not card.is_wild:
        for a in near:
            m = _meld_or_none([a, card, wild])
            if m is not None:
                return (a, wild), m
    return None


def _pile_lay_off(view: PlayerView, card: Card, pool: Sequence[Card]) -> tuple[int, tuple[Card, ...], Meld] | None:
    """A meld of the next player's side that ``card`` lays off onto together with one card of
    ``pool`` (the pile, what he is known to hold), though not alone: with the pile taken he lays
    them both off (TURN-1, TURN-2). Returns the meld's id, the pool's card and the meld after.

    >>> from buraco_learn import Game
    >>> g = Game.from_position("fibur 2p d1 t0 play | h: 9D 4C / - | m: 1=5D 6D 7D | p: 8D | s: * "
    ...                        "| pots: *11 / *11 | took: -")
    >>> _pile_lay_off(g.view(0), Card.parse("9D"), g.pile)[0], _pile_lay_off(g.view(0), Card.parse("4C"), g.pile)
    (0, None)
    """
    nxt = (view.seat + 1) % view.players
    side = next(s for s in view.sides if nxt in s)
    if view.seat in side:
        return None
    near = [x for x in dict.fromkeys(pool) if x.is_wild or x.r == card.r or x.s == card.s]
    for t in view.table:
        if t.owner not in side or t.meld.can_lay_off([card]):
            continue
        for x in near:
            if t.meld.can_lay_off([card, x]):
                try:
                    return t.id, (x,), t.meld.lay_off([card, x])
                except BuracoError:  # pragma: no cover - can_lay_off said it goes
                    continue
    return None


def discard_faults(game: Game, card: Card) -> list[DiscardFault]:
    """What is certain to be wrong with discarding ``card`` now, from what the seat to move may
    see (its view): a wild thrown away; an opponent's meld that takes it (TURN-2); a meld it makes
    for the next player with two cards of the pile, or of what he is known to hold from a pile he
    took (:func:`~buraco_learn.bots.known_holdings`), so that the pile is worth taking for him.

    >>> from buraco_learn import Game, Card
    >>> g = Game.from_position("fibur 2p d1 t0 play | h: 9D 4C 2S / - | m: 1=5H 6H 7H | p: 8D TD | s: * "
    ...                        "| pots: *11 / *11 | took: -")
    >>> [f.kind for f in discard_faults(g, Card.parse("9D"))], discard_faults(g, Card.parse("4C"))
    (['pile'], [])
    """
    view = game.view(game.to_move)
    return _faults(view, _next_pool(view), card)


def _next_pool(view: PlayerView) -> list[Card]:
    """The cards the next player may meld a discard with: the pile, and what he is known to hold."""
    nxt = (view.seat + 1) % view.players
    return [*view.pile, *known_holdings(view)[nxt].elements()]


def _faults(view: PlayerView, pool: Sequence[Card], card: Card) -> list[DiscardFault]:
    """:func:`discard_faults` from the seat's view and :func:`_next_pool`, which every discard of
    one position shares (worked out once for them all)."""
    out: list[DiscardFault] = []
    if card.is_wild:
        out.append(DiscardFault("wild"))
    ids = opponent_melds_accepting(view, card)
    if ids:
        out.append(DiscardFault("feeds", ids[0]))
    gift = _pile_fault(view, pool, card)
    if gift is not None:
        out.append(gift)
    return out


def _pile_fault(view: PlayerView, pool: Sequence[Card], card: Card) -> DiscardFault | None:
    """The ``'pile'`` fault of discarding ``card`` (see :class:`DiscardFault`), or ``None``: a meld
    it makes with two cards of ``pool``, or a meld of the next player's side it lays off onto with
    one of them (``target`` is then that meld)."""
    if card.is_wild:
        return None
    found = _pile_meld(card, pool)
    if found is not None:
        return DiscardFault("pile", cards=found[0], meld=found[1])
    onto = _pile_lay_off(view, card, pool)
    if onto is not None:
        return DiscardFault("pile", target=onto[0], cards=onto[1], meld=onto[2])
    return None


@dataclass(frozen=True)
class PileNear:
    """A discard that goes with a natural card of the pile (``partner``), though it makes no meld
    with the pile alone: the next player, taking the pile, melds them with ``need`` cards of his
    own hand (``kind`` ``'run'``: ``missing`` are the naturals that fill it, a wild in place of
    one of them; ``'set'``: another card of that rank, or a wild). A judgement, not a certainty:
    his hand is unseen."""

    partner: Card
    need: int
    kind: str
    missing: tuple[Card, ...] = ()


def _run_span(a: Card, b: Card) -> tuple[int, int] | None:
    """The ranks ``(low, high)`` of ``a`` and ``b`` of one suit when they can share a run of at most
    five cards (one to three ranks apart; the ace low as 1 or high as 14, RUN-2), else ``None``."""
    if a.is_wild or b.is_wild or a.s != b.s or a.r == b.r:
        return None
    spans = [(a.r, b.r)]
    if a.r == 1 or b.r == 1:  # the ace is high too (Q-K-A)
        spans.append((14 if a.r == 1 else a.r, 14 if b.r == 1 else b.r))
    for x, y in spans:
        if abs(x - y) <= 3:
            return min(x, y), max(x, y)
    return None


def _near_pile(view: PlayerView, card: Card) -> PileNear | None:
    """How ``card`` goes with the pile for the next player (an opponent), the nearest first:
    a card of its rank, or of its suit one or two ranks away (one card of his hand, or a wild,
    makes a meld), else three ranks away (two cards). ``None`` when nothing of the pile is near,
    when the next player is a partner, or for a wild (kept anyway).

    >>> from buraco_learn import Game
    >>> g = Game.from_position("fibur 2p d1 t0 play | h: 9D JS 5D KC / - | m: - | p: 5S QD 8S AC | s: * "
    ...                        "| pots: *11 / *11 | took: -")
    >>> [(c.pretty, n.partner.pretty, n.need, n.kind, format_cards(n.missing, pretty=True))
    ...  for c in g.hand(0) if (n := _near_pile(g.view(0), c))]
    [('9♦', 'Q♦', 2, 'run', '10♦ J♦'), ('J♠', '8♠', 2, 'run', '9♠ 10♠'), ('5♦', '5♠', 1, 'set', ''), ('K♣', 'A♣', 1, 'run', 'Q♣')]
    """
    if card.is_wild:
        return None
    nxt = (view.seat + 1) % view.players
    if any(view.seat in side and nxt in side for side in view.sides):
        return None
    assert card.suit is not None
    suit = card.suit

    def of(r: int) -> Card:
        return Card.of(1 if r == 14 else r, suit)

    best: PileNear | None = None
    for x in dict.fromkeys(view.pile):
        if x.is_wild:
            continue
        if x.r == card.r:
            found = PileNear(x, 1, "set")
        else:
            span = _run_span(card, x)
            if span is None:
                continue
            lo, hi = span
            if hi - lo == 1:  # side by side: the card below or above (none below a low ace or above a high one)
                found = PileNear(x, 1, "run", tuple(of(r) for r in (lo - 1, hi + 1) if 1 <= r <= 14))
            else:
                found = PileNear(x, hi - lo - 1, "run", tuple(of(r) for r in range(lo + 1, hi)))
        if best is None or found.need < best.need:
            best = found
    return best


def _near_rank(view: PlayerView, card: Card) -> int:
    """How near ``card`` is to the pile for the next player, the lower the better to discard: 0
    nothing near, 1 two cards of his hand make a meld of them, 2 one card does (:func:`_near_pile`)."""
    near = _near_pile(view, card)
    return 0 if near is None else 3 - near.need


def _near_words(game: Game, card: Card, near: PileNear) -> str:
    """``card`` goes with the pile's ``near.partner``: what the next player needs to use both."""
    nxt = seat_word(game.seat_name((game.to_move + 1) % game.players))
    words = dict(card=card.pretty, pile=near.partner.pretty, next=nxt)
    if near.kind == "set":
        return tr("{card} goes with {pile} on the pile, and with one more card of that rank from his hand, or a wild, "
                  "{next} could take the pile and lay down a set (TURN-1)", **words)
    if near.need == 1:
        return tr("{card} goes with {pile} on the pile, and with {missing} from his hand, or a wild, {next} could "
                  "take the pile and lay down a run (TURN-1)",
                  missing=tr(" or ").join(c.pretty for c in near.missing), **words)
    return tr("{card} goes with {pile} on the pile, and with {missing} from his hand (or one of them and a wild) "
              "{next} could take the pile and lay down a run (TURN-1)",
              missing=tr(" and ").join(c.pretty for c in near.missing), **words)


def advised_discard(game: Game, seed: int = 0) -> Card | None:
    """The discard the hint advises and the coach judges by: the strong bot's choice
    (:meth:`~buraco_learn.bots.StrongBot.discard`) among the legal discards with the fewest certain
    faults (:func:`discard_faults`: no wild while another card will do, then none an opponent's
    meld takes, then none that makes a meld for the next player with the pile), then the least
    near a card of the pile (:func:`_near_pile`: with one or two cards of his hand the next player
    would meld them, so the pile is worth taking for him; a judgement, his hand is unseen), unless
    he may take the pile and close at once (:func:`_risk_first`: the bot's sampled risk decides).

    >>> from buraco_learn import Game
    >>> g = Game.from_position("fibur 2p d1 t0 play | h: 9D 4C 2S / - | m: 1=5H 6H 7H | p: 8D TD | s: * "
    ...                        "| pots: *11 / *11 | took: -")
    >>> advised_discard(g)
    Card.parse('4C')
    """
    discards = [a for a in game.legal_actions() if isinstance(a, Discard)]
    if not discards:
        return None
    if len(discards) == 1:
        return discards[0].card
    return StrongBot(seed).discard(game.view(game.to_move), game, discards).card


def discard_as_good(game: Game, card: Card, seed: int = 0) -> bool:
    """Whether the strong bot weighs ``card`` as good a discard as the one it advises
    (:func:`advised_discard`): alike by every measure, so that only the order of the hand chose
    between them. Tried as the bot decides, with ``card`` listed first among the legal discards.

    >>> from buraco_learn import Game
    >>> g = Game.from_position("fibur 2p d1 t0 play | h: 3S 3H TH / - | m: 1=TS TD TC | p: 7C | s: * "
    ...                        "| pots: *11 / *11 | took: -")
    >>> advised_discard(g), discard_as_good(g, Card.parse("3H")), discard_as_good(g, Card.parse("TH"))
    (Card.parse('3S'), True, False)
    """
    discards = [a for a in game.legal_actions() if isinstance(a, Discard)]
    first = [d for d in discards if d.card == card][:1]
    if not first:
        return False
    rest = [d for d in discards if d is not first[0]]
    return StrongBot(seed).discard(game.view(game.to_move), game, [*first, *rest]).card == card


def least_faults(view: PlayerView, discards: Sequence[Discard]) -> list[Discard]:
    """The discards with the fewest certain faults (:func:`discard_faults`), ranked as (a wild, an
    opponent's meld takes it, it makes a meld for the next player with the pile), then, among
    those, the least near a card of the pile (:func:`_near_rank`) unless the next player may take
    the pile and close at once (:func:`_risk_first`): the ones the strong bot chooses among
    (:meth:`~buraco_learn.bots.StrongBot.discard`), so that its discard is the hint's."""
    if len(discards) < 2:
        return list(discards)
    # The pile's pairs are tried only for the cards with the fewest of the first two faults, the
    # only ones the pile fault can still tell apart.
    first = {d.card: (d.card.is_wild, bool(opponent_melds_accepting(view, d.card))) for d in discards}
    least = min(first.values())
    choices = [d for d in discards if first[d.card] == least]
    gift: dict[Card, int] = {}
    if len(choices) > 1 and least == (False, True):  # every card is a gift: never a burraco while another will do
        gift = {d.card: _gift_points(view, d.card) for d in choices}
        small = [d for d in choices if gift[d.card] < BURRACO_GIFT]
        choices = small or choices
    if len(choices) > 1 and not least[0]:
        pool = _next_pool(view)
        safe = {c for c in {d.card for d in choices} if _pile_fault(view, pool, c) is None}
        if safe:
            choices = [d for d in choices if d.card in safe]
        # Then the card least near the pile (:func:`_near_pile`): a judgement, his hand is unseen;
        # when he may close at once, the bot's sampled closing risk comes first (_risk_first).
        if not _risk_first(view):
            near = {d.card: _near_rank(view, d.card) for d in choices}
            fewest = min(near.values())
            choices = [d for d in choices if near[d.card] == fewest]
    return choices


#: A gift of this many points or more makes a burraco for the opponents (BUR-2 to BUR-4): when
#: every discard feeds their melds, such a card is given only if every other one is such too.
#: Among smaller gifts the usual order stands (the highest in points first, as it would count
#: against you at the close): preferring the smallest gift cost the strong bot 20 points a hand
#: over 2,000 two-player hands against the greedy bot.
BURRACO_GIFT = 100


def _gift_points(view: PlayerView, card: Card) -> int:
    """What ``card`` discarded is worth to the opponents at most, laid off on one of their melds:
    the points that meld gains at the count (its card points and any burraco bonus it then makes,
    SCORE-1, BUR-1), so that when every card is a gift, none that makes a burraco is given while
    another will do.

    >>> from buraco_learn import Game, Card
    >>> g = Game.from_position("fibur 2p d1 t0 play | h: 9H 4C / - | m: 1=3H 4H 5H 6H 7H 8H; 1=4D 4S 4H "
    ...                        "| p: 3C | s: * | pots: *11 / *11 | took: -")
    >>> _gift_points(g.view(0), Card.parse("9H")), _gift_points(g.view(0), Card.parse("4C"))
    (210, 5)
    """
    best = 0
    takers = set(opponent_melds_accepting(view, card))
    for t in view.table:
        if t.id in takers:
            try:
                after = t.meld.lay_off(card)
            except BuracoError:  # pragma: no cover - the meld accepts it (can_lay_off)
                continue
            best = max(best, meld_value(after) - meld_value(t.meld))
    return best


#: The order in which the strong bot weighs two discards (:meth:`~buraco_learn.bots.StrongBot.discard`):
#: with two players its own card taken back with the pile comes before the sampled closing risk.
#: The hint weighs one measure more, right after the certain faults: how near the card is to the
#: pile (:func:`_near_rank`), as :func:`advised_discard` does.
_KEY_TWO = ("wild", "feeds", "near", "back", "risk", "opponent", "own", "worn", "links", "points")
_KEY_MORE = ("wild", "feeds", "near", "risk", "opponent", "back", "own", "worn", "links", "points")


def _risk_first(view: PlayerView) -> bool:
    """Whether the next player may take the pile and close at once, as the strong bot samples it
    (:func:`~buraco_learn.bots.closing_risk`: his side may close and he holds seven cards or
    fewer): then that sampled risk decides before the pile's near cards, which it covers (the
    deals it imagines meld the pile's cards with his)."""
    nxt = (view.seat + 1) % view.players
    return _side_may_close(view, nxt) and view.hand_sizes[nxt] <= 7


def _key_order(view: PlayerView) -> tuple[str, ...]:
    """The order the hint weighs a discard's measures in (see :func:`advised_discard`)."""
    order: tuple[str, ...] = _KEY_TWO if view.players == 2 else _KEY_MORE
    if _risk_first(view):
        order = tuple(n for n in order if n != "near") + ("near",)
    return order


@dataclass(frozen=True)
class _DiscardFacts:
    """What the strong bot weighs about each card it may discard, read once for a position."""

    view: PlayerView
    hand: tuple[Card, ...]
    known: dict[int, Counter[Card]]
    back: tuple[Card, ...]
    risk: Counter[Card]
    worn: frozenset[Card] = frozenset()

    def key(self, card: Card) -> dict[str, int]:
        """The bot's measures of ``card``, each the lower the better to discard."""
        return {"wild": int(card.is_wild), "feeds": int(feeds_next_player(self.view, card, self.known)),
                "near": _near_rank(self.view, card), "back": int(card in self.back), "risk": self.risk[card],
                "worn": int(card in self.worn), "own": int(takes_own(self.view, card)),
                "opponent": int(bool(opponent_melds_accepting(self.view, card))),
                "links": _links(card, self.hand), "points": -card.points}

    def ranked(self, card: Card) -> tuple[int, ...]:
        k = self.key(card)
        return tuple(k[name] for name in _key_order(self.view))


def _facts(game: Game, cards: Sequence[Card], rng_seed: int) -> _DiscardFacts:
    view = game.view(game.to_move)
    risk = closing_risk(view, list(cards), random.Random(risk_seed(view, rng_seed)), samples=StrongBot.samples)
    return _DiscardFacts(view, tuple(view.hand), known_holdings(view), tuple(own_discards_in_pile(view)[1]), risk,
                         frozenset(worn_cards(view)))


def _rather_words(game: Game, facts: _DiscardFacts, card: Card, other: Card) -> str | None:
    """Why the strong player discards ``card`` rather than ``other``, in words true of both cards:
    the first of the bot's measures that tells them apart (``None``: none of them favours ``card``)."""
    a, b = facts.key(card), facts.key(other)
    nxt = seat_word(game.seat_name((game.to_move + 1) % game.players))
    for name in _key_order(facts.view):
        if a[name] == b[name]:
            continue
        if a[name] > b[name]:
            return None
        x, y = card.pretty, other.pretty
        if name == "wild":
            why = tr("{other} is a wild: keep it while another card will do (CLOSE-2)", other=y)
        elif name == "feeds":
            why = tr("{next} is known to use {other}: it goes onto his side's melds, or makes a meld with the pile "
                     "and the cards he took (TURN-1, TURN-2)", next=nxt, other=y)
        elif name == "near":
            near = _near_pile(facts.view, other)
            assert near is not None  # it ranks above card's, so it is near
            why = _near_words(game, other, near)
        elif name == "back":
            why = tr("you discarded {other} yourself, and it came back to you when you took the pile this turn; "
                     "you did not want it then, and if you throw it again {next} can take the same pile back, and "
                     "the two of you pass it to and fro while the stock does not move", other=y, next=nxt)
        elif name == "risk":
            why = tr("with {other}, {next} could take the pile and close at once (TURN-1, CLOSE-1)", other=y, next=nxt)
        elif name == "opponent":
            why = tr("an opponent's meld takes {other} (TURN-2)", other=y)
        elif name == "own":
            seat = game.to_move
            if len(game.hand(seat)) <= 2 and game.side_has_pot(seat) and not game.side_has_burraco(seat):
                why = tr("your side's melds take {other}, but laid now it would leave you one card, and without a "
                         "burraco your side may not discard its last card (CLOSE-4): keep it, it goes down at a later "
                         "turn (TURN-2)", other=y)
            else:
                why = tr("your side's melds take {other}: keep it, it goes down at a later turn (TURN-2)", other=y)
        elif name == "worn":
            why = tr("you have discarded {other} three times already this hand: it keeps coming back with the pile, "
                     "so let another card go", other=y)
        elif name == "links":
            n, m = b["links"], a["links"]
            # The hand's measure (bots._links): the same rank, the same suit one or two ranks away, or
            # a wild; said as "links with", not the pile's "goes with" (one to three ranks, 8b part 3).
            why = (trn("{other} links with {n} other card of your hand (its rank, its suit one or two ranks away, "
                       "or a wild), {card} with none",
                       "{other} links with {n} other cards of your hand (its rank, its suit one or two ranks away, "
                       "or a wild), {card} with none", n, other=y, card=x)
                   if m == 0 else
                   trn("{other} links with {n} other card of your hand (its rank, its suit one or two ranks away, "
                       "or a wild), {card} with {m}",
                       "{other} links with {n} other cards of your hand (its rank, its suit one or two ranks away, "
                       "or a wild), {card} with {m}", n, other=y, card=x, m=m))
        else:
            why = tr("{card} counts {points} points against you if the hand ends before you use it, {other} only "
                     "{fewer} (SCORE-1)", card=x, points=card.points, other=y, fewer=other.points)
        return tr("{card} rather than {other}: {why}", card=x, other=y, why=why)
    return None


def _why_discard(game: Game, card: Card, rng_seed: int, against: Card | None = None) -> tuple[str, list[str]]:
    """Why ``card`` is the strong player's discard (the sentence), and a warning about a card not
    to discard. The sentence says why ``card`` rather than ``against`` (default: the next best
    card by the strong bot's measures), with reasons true of both cards."""
    seat = game.to_move
    hand = list(game.hand(seat))
    others = [c for c in dict.fromkeys(hand) if c != card and game.can_discard(c)]
    facts = _facts(game, [card, *others], rng_seed)
    view, risk = facts.view, facts.risk
    reasons: list[str] = []
    warn: list[str] = []
    nxt = seat_word(game.seat_name((seat + 1) % game.players))
    if risk[card] == 0 and any(risk[c] for c in others):
        bad = max(others, key=lambda c: risk[c])
        warn.append(tr("Do not discard {card}: {next} could take the pile with it and close at once (TURN-1, "
                       "CLOSE-1): don't feed the next player the pile.", card=bad.pretty, next=nxt))
    own = next((f for f in discard_faults(game, card) if f.kind == "pile"), None)
    if own is not None and own.meld is not None:  # the least harm, not a safe card: said first
        reasons.append(tr("every card you may discard gives {next} something, and {card} gives the least: with {cards} "
                          "of the pile or of his hand it makes {meld}", next=nxt, card=card.pretty,
                          meld=own.meld.notation(pretty=True), cards=format_cards(own.cards, pretty=True)))
    near = _near_pile(view, card) if own is None and not _risk_first(view) else None
    taken = opponent_melds_accepting(view, card)
    if not taken:
        reasons.append(tr("no opponent meld takes it (TURN-2)"))
    elif not card.is_wild:  # the least harm, not a safe card: said, and no other card is warned against for it
        t = next(t for t in game.table if t.id == taken[0])
        reasons.insert(0, _taken_too_words(t, others))
        gifts = {c: _gift_points(view, c) for c in others if not c.is_wild}
        mine = _gift_points(view, card)
        if gifts and mine < BURRACO_GIFT <= max(gifts.values()):  # every card is a gift: this one makes no burraco
            big = max(gifts, key=lambda c: gifts[c])
            reasons.insert(1, trn("laid off there it gives them {points} point, where {other} would give them {more} "
                                  "(SCORE-1, BUR-1)",
                                  "laid off there it gives them {points} points, where {other} would give them {more} "
                                  "(SCORE-1, BUR-1)", mine, points=mine, other=big.pretty, more=gifts[big]))
    if not warn and not taken:
        for c in others:
            ids = opponent_melds_accepting(view, c)
            if ids:
                t = next(t for t in game.table if t.id == ids[0])
                warn.append(tr("Do not discard {card}: the opponents' meld #{id} ({meld}) would take it (TURN-2).",
                               card=c.pretty, id=t.id, meld=t.meld.notation(pretty=True)))
                break
    if not warn and not taken and own is None:
        for c in others:
            gift = next((f for f in discard_faults(game, c) if f.kind == "pile"), None)
            if gift is not None and gift.meld is not None:
                warn.append(_pile_gift(game, c, gift))
                break
    if _links(card, hand) == 0 and others:  # (said of a last card, it would say nothing)
        reasons.append(tr("it links with no other card of your hand (no card of its rank, none of its suit one or "
                          "two ranks away, no wild)"))
    if card.is_wild:
        reasons.append(tr("every card you may discard is a wild"))
    rival = against if against is not None and against != card else (
        min(others, key=facts.ranked) if others else None)
    rather = _rather_words(game, facts, card, rival) if rival is not None else None
    if against is None and rival is not None and any(rival.pretty in w for w in warn):
        rather = None  # the warning already says what is wrong with the next best card
    if not reasons and rather is None:
        reasons.append(tr("it is the least useful card"))
    why = tr(", and ").join(reasons)
    if near is not None:  # a judgement: the least near card of the pile, and said so
        if others:
            risk_words = tr("it is still a risk, as every card you may discard is: {near}",
                            near=_near_words(game, card, near))
        elif taken:  # "no other card you may discard" is said already
            risk_words = tr("it is still a risk: {near}", near=_near_words(game, card, near))
        else:
            risk_words = tr("it is still a risk, but you hold no other card you may discard: {near}",
                            near=_near_words(game, card, near))
        why = tr("{facts}; {rather}", facts=why, rather=risk_words) if why else risk_words
    if rather is not None:
        why = tr("{facts}; {rather}", facts=why, rather=rather) if why else rather
    held = _held_back(facts, card, [c for c in others if c != rival])
    # The cards the later measures favour, kept this turn only: said, or the next turn's advice to
    # discard one of them reads as a change of mind (issue 23).
    back = [c for c in held if c in facts.back]
    worn = [c for c in held if c not in facts.back]
    if back:
        words = trn("not {others}, though it would do: it came back to you with the pile this turn, and thrown "
                    "again at once it would go to and fro; it can go at a later turn",
                    "not {others}, though they would do: they came back to you with the pile this turn, and thrown "
                    "again at once they would go to and fro; they can go at a later turn", len(back),
                    others=tr(" or ").join(c.pretty for c in back))
        why = tr("{facts}; {rather}", facts=why, rather=words) if why else words
    if worn:
        words = trn("not {others}, though it would do: you have discarded it three times already this hand, and it "
                    "keeps coming back with the pile",
                    "not {others}, though they would do: you have discarded each three times already this hand, and "
                    "they keep coming back with the pile", len(worn), others=tr(" or ").join(c.pretty for c in worn))
        why = tr("{facts}; {rather}", facts=why, rather=words) if why else words
    return tr("Then discard {card}: {why}.", card=card.pretty, why=why), warn


def _held_back(facts: _DiscardFacts, card: Card, others: Sequence[Card]) -> list[Card]:
    """The cards of ``others`` the strong player would discard rather than ``card`` but for the
    measures that keep a card this turn: it came back with the pile this turn (``back``), or it has
    been thrown three times (``worn``), best first. Their place in the order is kept, so only a
    card that loses to ``card`` on ``back`` or ``worn`` alone is named."""
    order = _key_order(facts.view)

    def but_for(c: Card) -> tuple[int, ...]:
        k = facts.key(c)
        return tuple(0 if name in ("back", "worn") else k[name] for name in order)

    mine = facts.ranked(card)
    return [c for c in sorted(others, key=but_for)
            if (c in facts.back or c in facts.worn) and facts.ranked(c) > mine and but_for(c) < but_for(card)]


def _pile_gift(game: Game, card: Card, gift: DiscardFault) -> str:
    """The warning for a discard that makes the meld ``gift.meld`` for the next player, who takes
    the whole pile with it on top (TURN-1): with cards of the pile, or of what he is known to hold;
    or that lays off with one of them onto his side's meld ``gift.target``."""
    nxt = seat_word(game.seat_name((game.to_move + 1) % game.players))
    pile = [c for c in gift.cards if c in game.pile]
    held = [c for c in gift.cards if c not in pile]
    assert gift.meld is not None
    words = dict(card=card.pretty, next=nxt, meld=gift.meld.notation(pretty=True),
                 pile=format_cards(pile, pretty=True), held=format_cards(held, pretty=True))
    if gift.target is not None:
        return tr("Do not discard {card}: with {pile}{held} that {next} would take with the pile, it lays off onto "
                  "his side's meld #{target}, making {meld} (TURN-1, TURN-2).", target=gift.target, **words)
    if not held:
        return tr("Do not discard {card}: with {pile} of the pile it makes a meld for {next} ({meld}), who may take "
                  "the whole pile to lay it down (TURN-1).", **words)
    if not pile:
        return tr("Do not discard {card}: with {held} that {next} is known to hold (taken with a pile) it "
                  "makes a meld for {next} ({meld}), who may take the whole pile to lay it down (TURN-1).", **words)
    return tr("Do not discard {card}: with {pile} of the pile and {held} that {next} is known to hold (taken with a "
              "pile) it makes a meld for {next} ({meld}), who may take the whole pile to lay it down (TURN-1).",
              **words)


def discard_reasons(game: Game, card: Card, seed: int = 0, against: Card | None = None) -> str:
    """Why ``card`` is a good discard, in words (the reasons :func:`hint` gives after "Then
    discard"), and why rather than ``against`` (default: the next best card):
    ``no opponent meld takes it (TURN-2), and it links with no other card of your hand (...)``."""
    sentence = _why_discard(game, card, seed, against)[0]
    return sentence.split(": ", 1)[1].rstrip(".") if ": " in sentence else sentence


def hint(game: Game, *, seed: int = 0) -> Hint:
    """A hint for the seat to move: what to draw or take, what to lay down, what to discard, and
    why, as a good player would play it.

    The move is the strong bot's (:class:`~buraco_learn.bots.StrongBot`, seeded with ``seed``,
    seeing only the seat's view): ``make_bot("strong", seed)`` plays it. The sentences give the
    reasons and cite the rules.

    >>> from buraco_learn import Game
    >>> g = Game.from_position("fibur 2p d1 t0 draw | h: 5H 6H 9C 8D JK / - | m: - | p: 4C 7H | s: * "
    ...                        "| pots: *11 / *11 | took: -")
    >>> print(hint(g))
    Take the discard pile (TURN-1): with its 2 cards you can lay down 15 points this turn, against 40 without it, but you keep more cards to build melds and burracos with (see what to lay down, below).
    With the pile you could meld 5♥ 6♥ 7♥ (7♥ from the pile).
    """
    if game.is_over:
        return Hint((tr("The hand is over (CLOSE-1, STOCK-1): nothing left to play."),), None)
    with shared_budget():  # every search of this hint within one budget (NODE_BUDGET nodes in all)
        return _hint(game, seed)


def _hint(game: Game, seed: int) -> Hint:
    """:func:`hint` on a hand not over, within its shared budget."""
    seat = game.to_move
    view = game.view(seat)
    bot = StrongBot(seed)
    if game.phase == "draw":
        return _draw_hint(game, bot)
    # The play phase.
    sentences: list[str] = []
    # The solver's answers, shared with the bot's own (remembered by position): each within the
    # solver's node budget, exact or, past it, the best found (said below).
    advice = play_advice(game)
    closing, close_proven = advice.closing, advice.close_proven
    if closing is not None:
        steps = _steps(closing)
        wild = any(c.is_wild for c in game.hand(seat))
        if steps:
            said = (tr("You can close now (CLOSE-1): {steps}, then discard {card}. The close earns 100 (CLOSE-5) and "
                       "the closing card may not be a wild (CLOSE-2).", steps=steps, card=_pretty(closing.discard)) if wild else
                    tr("You can close now (CLOSE-1): {steps}, then discard {card}. The close earns 100 (CLOSE-5).",
                       steps=steps, card=_pretty(closing.discard)))
        else:
            said = (tr("You can close now (CLOSE-1): discard {card}. The close earns 100 (CLOSE-5) and the closing "
                       "card may not be a wild (CLOSE-2).", card=_pretty(closing.discard)) if wild else
                    tr("You can close now (CLOSE-1): discard {card}. The close earns 100 (CLOSE-5).",
                       card=_pretty(closing.discard)))
        sentences.append(said)
        if not close_proven:
            sentences.append(_best_found_words())
        first = bot.choose(view, game.legal_actions())  # the same close, one step at a time
        return Hint(tuple(sentences), first, tuple(closing.cards_laid) + ((closing.discard,) if closing.discard else ()),
                    closing)
    plan = advice.plan
    assert plan is not None
    actions, keep_words = list(advice.actions), list(advice.keep_words)
    action: Action | None = None
    cards: tuple[Card, ...] = ()
    if actions:
        before = laid_this_turn(game)
        if keep_words:
            laid = tuple(c for a in actions if isinstance(a, (LayDown, LayOff)) for c in a.cards)
            sentences.append(tr("{steps}: {points} points more this turn (card points, EQ-2), {total} in all with "
                                "the {before} you laid already.", steps=_words_of(actions), points=advice.points,
                                total=before + advice.points, before=before) if before else
                             tr("{steps}: you lay down {points} points this turn (card points, EQ-2).",
                                steps=_words_of(actions), points=advice.points))
            cards = laid
        else:
            sentences.append(_plan_sentence(plan, before))
            cards = plan.cards_laid
        sentences.extend(_twos_of(game, actions))
        # the strong bot's next step: it lays down what the advice does (StrongBot.shape)
        action = bot.choose(view, game.legal_actions())
        if not any(_part_of(action, a) for a in actions):  # pragma: no cover - the bot plays the advice
            action = actions[0]
        rest = len(game.hand(seat)) - sum(len(a.cards) for a in actions if isinstance(a, (LayDown, LayOff)))
        if plan.takes_pot and not keep_words:
            sentences.append(tr("That empties your hand, so you take your pot on the fly and play on (POT-2)."))
        elif game.side_has_pot(seat) and 0 < rest <= 2:
            if game.side_has_burraco(seat) or any(m.is_burraco for m in plan.melds):
                sentences.append(tr("Keep one card to discard: with the pot taken you may not lay down your last "
                                    "card (CLOSE-3)."))
            else:
                sentences.append(tr("Keep at least two cards in your hand: one to discard and one to keep. With no "
                                    "burraco yet your side may not close, so you may not discard your last card "
                                    "(CLOSE-4)."))
    elif game.side_has_pot(seat) and not game.side_has_burraco(seat) and plan.is_empty:
        sentences.append(tr("Nothing to lay down that keeps a card to discard: without a burraco you may not close "
                            "(CLOSE-1, CLOSE-4)."))
    elif plan.is_empty:
        sentences.append(tr("Nothing can be laid down this turn (SET-1, RUN-1)."))
    sentences.extend(keep_words)
    if not plan.proven:
        sentences.append(_best_found_words())
    if not close_proven:  # no close found, none proven impossible either
        sentences.append(tr("No way to close was found, but the hand is too big to be sure there is none: the search "
                            "stopped at its limit (best found)."))
    if not plan.takes_pot or keep_words:
        after = game.clone()
        for a in actions:
            after.apply(a)
        discards = [a for a in after.legal_actions() if isinstance(a, Discard)]
        if discards:
            best = advised_discard(after, seed) or discards[0].card
            reason, warn = _why_discard(after, best, seed)
            sentences.append(reason)
            sentences.extend(warn)
            if action is None:
                action = Discard(best)
                cards = (best,)
    return Hint(tuple(sentences), action, cards, plan)


@dataclass(frozen=True)
class PlayAdvice:
    """What the hint advises laying down in the play phase, and the coach judges by.

    ``closing`` is the solver's close when the side may close and one exists (CLOSE-1), with
    ``close_proven`` (``False``: the search stopped at its limit, so "no close" is not certain);
    otherwise ``plan`` is the solver's most points (:func:`~buraco_learn.solver.solve`),
    ``actions`` its melds and lay-offs less the wilds kept for a clean burraco (``keep_words``
    say why) and ``points`` what those actions lay down."""

    closing: Plan | None
    close_proven: bool
    plan: Plan | None
    actions: tuple[Action, ...]
    keep_words: tuple[str, ...]
    points: int
    #: New melds and lay-offs held back in hand (:func:`_hold_back`): the side has its pot but no
    #: burraco, and laying them would leave too few cards to build one.
    held: tuple[Action, ...] = ()


def play_advice(game: Game) -> PlayAdvice:
    """The play-phase advice for the seat to move (see :class:`PlayAdvice`), within the current
    solver budget.

    >>> from buraco_learn import Game
    >>> g = Game.from_position("fibur 2p d1 t0 play | h: 5H 6H 7H 9C 8D / - | m: - | p: 3C | s: * "
    ...                        "| pots: *11 / *11 | took: -")
    >>> a = play_advice(g); a.closing, a.points, a.actions
    (None, 15, (LayDown(cards=(Card.parse('5H'), Card.parse('6H'), Card.parse('7H')), wild_high=None),))
    """
    seat = game.to_move
    view = game.view(seat)
    closing, close_proven = None, True
    if _side_may_close(view, seat) and not _cannot_close(game):  # (the bot's own shortcut: sure not to close)
        closing, close_proven = _answer(game, "close")
    if closing is not None:
        lays = tuple(a for a in closing.actions() if not isinstance(a, Discard))
        return PlayAdvice(closing, close_proven, None, lays, (), closing.points)
    plan = _answer(game, "solve")[0]
    assert plan is not None
    actions, keep_words, held = advised_lays(game, plan)
    points = _points_of(game, actions) if keep_words else plan.points
    return PlayAdvice(None, close_proven, plan, tuple(actions), tuple(keep_words), points, tuple(held))


def advised_lays(game: Game, plan: Plan, laid_before: int | None = None
                 ) -> tuple[list[Action], list[str], list[LayDown | LayOff]]:
    """The melds and lay-offs of the solver's ``plan`` that the advice lays down (the plan less the
    wilds kept for a clean burraco, :func:`_keep_clean`, and less the reserve kept after the pot,
    :func:`_hold_back`), the sentences saying why, and what is held back. The hint, the coach and
    the strong bot (:meth:`~buraco_learn.bots.StrongBot.shape`) all lay down this; ``laid_before``
    as for :func:`_hold_back`."""
    actions, keep_words, _ = _keep_clean(game, plan)
    actions, held, hold_words = _hold_back(game, actions, laid_before)
    return actions, keep_words + hold_words, held


#: After its pot, a side without a burraco keeps at least this many cards in hand after laying
#: down (:func:`_hold_back`): with fewer it can only draw and discard, and cannot close (CLOSE-1).
KEEP_IN_HAND = 4

#: The stock is low, and a reserve kept in hand no longer pays, when this many rounds of draws
#: (a draw by every seat) or fewer are left before it reaches its reserve (STOCK-1): the hand may
#: end before the cards kept are used, and then they count against the side (SCORE-1).
STOCK_LOW_ROUNDS = 3


def _stock_low(game: Game) -> bool:
    """Whether the stock is low (:data:`STOCK_LOW_ROUNDS`), as notebook 8b part 5 says "watch the
    stock": the last turn, or few draws left before the stock's reserve (STOCK-1), unless the pots
    still left become the stock."""
    view = game.view(game.to_move)
    rules = view.rules
    if rules.pots_become_stock and view.pots_left:
        return False
    return view.last_turn or view.stock_size - rules.stock_reserve <= STOCK_LOW_ROUNDS * view.players


def _held_words(held: Sequence[LayDown | LayOff], left: int) -> str:
    """Why the melds and lay-offs ``held`` stay in hand (``left``: the cards laying everything
    would leave in hand)."""
    if all(isinstance(a, LayDown) for a in held):
        melds = tr(", ").join(format_cards(a.cards, pretty=True) for a in held)
        return trn("Keep {melds} in your hand for now: your side has its pot but no burraco yet, so it may not close "
                   "(CLOSE-1). Laying everything down would leave you only {n} card, and with so few cards you can "
                   "only draw and discard. With more cards in hand you keep more ways to build a burraco.",
                   "Keep {melds} in your hand for now: your side has its pot but no burraco yet, so it may not close "
                   "(CLOSE-1). Laying everything down would leave you only {n} cards, and with so few cards you can "
                   "only draw and discard. With more cards in hand you keep more ways to build a burraco.",
                   left, melds=melds)
    what = tr(", ").join(format_cards(a.cards, pretty=True) if isinstance(a, LayDown) else
                         tr("{cards} (for meld #{target})", cards=format_cards(a.cards, pretty=True), target=a.target)
                         for a in held)
    return trn("Keep {cards} in your hand for now: your side has its pot but no burraco yet, so it may not close "
               "(CLOSE-1). Laying everything down and off would leave you only {n} card, and with so few cards you "
               "can only draw and discard. A card your melds take is the best reserve: it goes down at any later "
               "turn, when the stock runs low or the opponents may close (SCORE-1).",
               "Keep {cards} in your hand for now: your side has its pot but no burraco yet, so it may not close "
               "(CLOSE-1). Laying everything down and off would leave you only {n} cards, and with so few cards you "
               "can only draw and discard. A card your melds take is the best reserve: it goes down at any later "
               "turn, when the stock runs low or the opponents may close (SCORE-1).",
               left, cards=what)


def _hold_back(game: Game, actions: Sequence[Action], laid_before: int | None = None
               ) -> tuple[list[Action], list[LayDown | LayOff], list[str]]:
    """The actions less the melds and lay-offs held back in hand, those held back, and why.

    When the side has its pot but no burraco and laying everything down would leave the seat
    fewer than :data:`KEEP_IN_HAND` cards, new melds (the smallest first), then lay-offs (onto the
    shortest melds first) stay in hand until that many cards are kept: a hand of one or two cards
    can only draw and discard, never close (CLOSE-1, CLOSE-4), while cards in hand keep the options
    to build a burraco, and a card the side's melds take goes down at any later turn. A meld or a
    lay-off that makes a meld of six cards or more (one card from a burraco) is never held, nor a
    new meld when the turn began with too few cards to keep that many and lay a meld too; and
    nothing is held when the plan makes a burraco, when the opponents may close at any turn (then
    what stays in hand counts against the seat, SCORE-1), when the stock is low
    (:func:`_stock_low`), or when the turn began with fewer than :data:`KEEP_IN_HAND` cards.

    ``laid_before``: the cards the seat laid down this turn before this position (default: read
    from the game's history), so that the advice stays the same from the draw to the discard. The
    strong bot holds back the same (:meth:`~buraco_learn.bots.StrongBot.shape`).
    """
    seat = game.to_move
    todo = list(actions)
    if (not todo or not game.side_has_pot(seat) or game.side_has_burraco(seat) or _opponents_near_close(game)
            or _stock_low(game)):
        return todo, [], []
    lays = [a for a in todo if isinstance(a, (LayDown, LayOff))]
    hand = len(game.hand(seat))
    laid = sum(len(a.cards) for a in lays)
    # the hand the turn began with (its melds so far back in it): the advice stays the same
    # from the draw to the discard, whatever part of the plan the learner has laid already
    began = hand + (_cards_laid_this_turn(game) if laid_before is None else laid_before)
    if hand - laid >= KEEP_IN_HAND or began < KEEP_IN_HAND:
        return todo, [], []
    after = game.clone()
    try:
        for a in todo:
            after.apply(a)
    except BuracoError:  # pragma: no cover - the plan came from the engine
        return todo, [], []
    if after.is_over or after.side_has_burraco(seat):
        return todo, [], []

    def size_after(a: LayDown | LayOff) -> int:
        if isinstance(a, LayDown):
            return len(a.cards)
        return next(len(t.meld.cards) for t in after.table if t.id == a.target)

    # a new meld is held only when the turn began with enough cards to keep four and lay a meld too
    order = sorted((a for a in lays if size_after(a) < 6 and (isinstance(a, LayOff) or began >= KEEP_IN_HAND + 3)),
                   key=lambda a: (isinstance(a, LayOff), size_after(a) if isinstance(a, LayOff) else 0,
                                  sum(c.points for c in a.cards)))
    held: list[LayDown | LayOff] = []
    for a in order:
        if hand - sum(len(x.cards) for x in todo if isinstance(x, (LayDown, LayOff))) >= KEEP_IN_HAND:
            break
        trial = [x for x in todo if x is not a]
        try:
            g = game.clone()
            for x in trial:
                g.apply(x)
        except BuracoError:  # a lay-off needed that meld: keep it
            continue
        todo = trial
        held.append(a)
    if not held:
        return list(actions), [], []
    return todo, held, [_held_words(held, hand - laid)]


def _part_of(step: Action, action: Action) -> bool:
    """Whether ``step`` is ``action`` or a part of it: the same meld, or cards of the same lay-off."""
    if isinstance(step, LayDown) and isinstance(action, LayDown):
        return Counter(step.cards) == Counter(action.cards)
    if isinstance(step, LayOff) and isinstance(action, LayOff):
        return step.target == action.target and not Counter(step.cards) - Counter(action.cards)
    return False


def _best_found_words() -> str:
    """What a hint says when the solver's budget ran out before it proved its plan the most."""
    return tr("This is the best found, not proven the most: the hand is too big to try every play in time, so "
              "a play laying down more may exist.")


def _words_of(actions: Sequence[Action]) -> str:
    text = tr(", then ").join(_step_words(a) for a in actions)
    return f"{text[0].upper()}{text[1:]}"


def _points_of(game: Game, actions: Sequence[Action]) -> int:
    """What the actions lay down, as :func:`~buraco_learn.solver.solve` counts a plan: the card
    points laid plus the change in burraco bonuses of the side's melds."""
    seat = game.to_move
    g = game.clone()
    before = sum(meld_value(t.meld) for t in g.side_melds(seat))
    for a in actions:
        g.apply(a)
    return sum(meld_value(t.meld) for t in g.side_melds(seat)) - before


@dataclass(frozen=True)
class _DrawPoints:
    """What the draw decides between, counted as the play advice that follows counts it (the wilds
    kept for a clean burraco are not laid): the points laid down this turn without the pile
    (``now``) and with it (``with_pile``), and the cards left in hand either way."""

    now: int
    with_pile: int
    left_now: tuple[Card, ...]
    left_with: tuple[Card, ...]
    now_plan: Plan
    with_plan: Plan
    taken: Game

    @property
    def proven(self) -> bool:
        return self.now_plan.proven and self.with_plan.proven


def _left_after(game: Game, advice: PlayAdvice) -> tuple[Card, ...]:
    laid = Counter(c for a in advice.actions if isinstance(a, (LayDown, LayOff)) for c in a.cards)
    out = []
    for c in game.hand(game.to_move):
        if laid[c]:
            laid[c] -= 1
        else:
            out.append(c)
    return tuple(out)


def _draw_points(game: Game) -> _DrawPoints:
    """The draw's two sides in the play advice's own count (see :class:`_DrawPoints`)."""
    drawn = game.as_drawn()
    taken = game.clone()
    taken.take_pile()
    now, with_pile = play_advice(drawn), play_advice(taken)
    return _DrawPoints(now.points, with_pile.points, _left_after(drawn, now), _left_after(taken, with_pile),
                       _solved(drawn), _solved(taken), taken)


def _closing_threat(game: Game) -> int | None:
    """The opponent who plays first after the seat to move and may close at his next turn
    (:func:`~buraco_learn.bots.closing_threat`: his side has its pot and a burraco, CLOSE-1, and
    he holds :data:`~buraco_learn.bots.CLOSE_THREAT_CARDS` cards or fewer), or ``None``."""
    return closing_threat(game.view(game.to_move))


def _pile_cards_used(game: Game, taken: Game) -> tuple[list[Action], list[Card]]:
    """The melds and lay-offs of the advice with the pile taken (the game ``taken``) that lay down
    cards of ``game``'s pile, and those cards, copy by copy: the game has two decks, so a Q♥ of
    the pile and a Q♥ of the hand are two cards, and only the pile's is counted."""
    advice = play_advice(taken)
    pile = Counter(game.pile)
    steps: list[Action] = []
    used: list[Card] = []
    for a in advice.actions:
        if not isinstance(a, (LayDown, LayOff)):
            continue
        mine: list[Card] = []
        for c in a.cards:
            if pile[c] > 0:
                mine.append(c)
                pile[c] -= 1
        if mine:
            steps.append(a)
            used.extend(mine)
    return steps, used


def _pile_use_words(game: Game, taken: Game) -> str | None:
    """Which melds and lay-offs the pile's cards go into, in the advice with the pile taken (the
    game ``taken``): ``With the pile you could meld 7♦ 8♦ 9♦ (8♦ 9♦ from the pile).``, or ``None``
    when the advice lays down no card of the pile. Only the pile's own copies are named
    (:func:`_pile_cards_used`).

    >>> g = Game.from_position("fibur 2p d1 t0 draw | h: QH QD 4C 7S 9D / - | m: - | p: QH | s: * "
    ...                        "| pots: *11 / *11 | took: -")
    >>> t = g.clone(); _ = t.take_pile(); _pile_use_words(g, t)
    'With the pile you could meld Q♥ Q♥ Q♦ (Q♥ from the pile).'
    """
    steps, used = _pile_cards_used(game, taken)
    if not steps:
        return None
    return tr("With the pile you could {steps} ({cards} from the pile).",
              steps=tr(", then ").join(_step_words(a) for a in steps), cards=format_cards(used, pretty=True))


def _draw_hint(game: Game, bot: StrongBot) -> Hint:
    """Draw or take the pile, as the strong bot decides (:meth:`~buraco_learn.bots.StrongBot.pile_decision`),
    with its reason and what the pile's cards would make; against an opponent who may close at his
    next turn, the pile is taken only if it pays even when he closes (the cards it leaves in hand
    count against you, SCORE-1)."""
    seat = game.to_move
    view = game.view(seat)
    n = len(game.pile)
    if not game.can_take_pile():
        now_plan = _solved(game.as_drawn())
        why = tr("the pile cannot be taken now (TURN-1, TURN-4)") if game.pile else tr("the pile is empty")
        return Hint((tr("Draw from the stock (TURN-1): {why}.", why=why),), Draw(), (), now_plan)
    decision = bot.pile_decision(view)
    p: _DrawPoints = decision.points
    taken, now, with_pile = p.taken, p.now_plan, p.with_plan
    gain = p.with_pile - p.now
    unproven = [tr("The points are the best found, not proven the most: the hand is too big to try every play "
                   "in time.")] if not p.proven else []
    nxt = seat_word(game.seat_name((seat + 1) % game.players))
    why_code = decision.why
    threat = _closing_threat(game) if why_code == "threat" else None
    risk_words: list[str] = []
    if threat is not None:
        kept_with, kept_now = sum(c.points for c in p.left_with), sum(c.points for c in p.left_now)
        net_with, net_now = p.with_pile - kept_with, p.now - kept_now
        who = seat_word(game.seat_name(threat))
        risk_words.append(trn(
            "{seat} may close at his next turn (his side has its pot and a burraco, and he holds {n} card, CLOSE-1). "
            "If he does, the cards left in your hand count against you (SCORE-1): with the pile you would lay down "
            "{with_pile} points and keep {kept_with} points in hand, {net_with} in all; with the stock you lay down "
            "{now} and keep {kept_now} (and the card you draw), {net_now}.",
            "{seat} may close at his next turn (his side has its pot and a burraco, and he holds {n} cards, CLOSE-1). "
            "If he does, the cards left in your hand count against you (SCORE-1): with the pile you would lay down "
            "{with_pile} points and keep {kept_with} points in hand, {net_with} in all; with the stock you lay down "
            "{now} and keep {kept_now} (and the card you draw), {net_now}.", view.hand_sizes[threat], seat=who,
            with_pile=p.with_pile, kept_with=kept_with, net_with=format(net_with, "+d"), now=p.now, kept_now=kept_now,
            net_now=format(net_now, "+d")))
    uses = _pile_use_words(game, taken)
    use_words = [uses] if uses else []
    if decision.take:
        if why_code == "close" and (game.players > 2 and gain < 15 or gain <= 0):
            why = trn("with its one card you can close at once (CLOSE-1)",
                      "with its {n} cards you can close at once (CLOSE-1)", n)
        elif why_code == "close":  # the close first: it ends the hand, 100 points more (CLOSE-5)
            why = trn("with its one card you can close at once (CLOSE-1), laying down {points} points this turn "
                      "against {without} without it",
                      "with its {n} cards you can close at once (CLOSE-1), laying down {points} points this turn "
                      "against {without} without it", n, points=p.with_pile, without=p.now)
        elif gain > 0:
            why = trn("with its one card you can lay down {points} points this turn, against {without} without it",
                      "with its {n} cards you can lay down {points} points this turn, against {without} without it",
                      n, points=p.with_pile, without=p.now)
        elif gain == 0:
            why = trn("you lay down {points} points either way, and its one card stays in your hand to build melds "
                      "and burracos with",
                      "you lay down {points} points either way, and its {n} cards stay in your hand to build melds "
                      "and burracos with", n, points=p.with_pile)
        else:
            why = trn("with its one card you can lay down {points} points this turn, against {without} without it, "
                      "but you keep more cards to build melds and burracos with (see what to lay down, below)",
                      "with its {n} cards you can lay down {points} points this turn, against {without} without it, "
                      "but you keep more cards to build melds and burracos with (see what to lay down, below)",
                      n, points=p.with_pile, without=p.now)
        return Hint((tr("Take the discard pile (TURN-1): {why}.", why=why), *use_words, *risk_words, *unproven),
                    TakePile(), tuple(with_pile.cards_laid), with_pile)
    own = format_cards(own_discards_in_pile(view)[0], pretty=True)
    if threat is not None:
        stay = n - len(_pile_cards_used(game, taken)[1])
        if stay == n:
            why = trn("the pile's one card would stay in your hand when the opponents may close",
                      "the pile's {n} cards would stay in your hand when the opponents may close", n)
        elif stay > 0:
            why = trn("one of the pile's {total} cards would stay in your hand when the opponents may close",
                      "{n} of the pile's {total} cards would stay in your hand when the opponents may close",
                      stay, total=n)
        else:
            why = tr("if the opponents close at their next turn, the pile would leave you fewer points in all")
    elif why_code == "own-wait":
        why = tr("the pile holds {own}, which you discarded yourself, and you took your own discard back at your last "
                 "two turns while {next} leaves the pile to grow: draw, so the stock moves and the pile waits for you, "
                 "bigger", own=own, next=nxt)
    elif why_code == "own-twice":
        why = tr("the pile holds {own}, which you discarded yourself, and last turn you threw back the card you had "
                 "taken with the pile: taking it again would pass the same cards back and forth while the stock does "
                 "not move", own=own)
    elif gain < 0:
        why = tr("with the pile ({cards}) you would lay down less now, not more ({points} points with it, {without} "
                 "without)", cards=format_cards(game.pile, pretty=True), points=p.with_pile, without=p.now)
    elif gain == 0:
        why = tr("the pile ({cards}) adds nothing you could lay down now ({points} points with it, {without} "
                 "without)", cards=format_cards(game.pile, pretty=True), points=p.with_pile, without=p.now)
    elif why_code == "more-left":
        why = trn("the pile's one card would leave you more cards in hand, and with the pot and a burraco your "
                  "side wants to close soon",
                  "the pile's {n} cards would leave you more cards in hand, and with the pot and a burraco your "
                  "side wants to close soon", n)
    else:
        why = tr("the pile would add only {gain} points now; with {players} players the others may close fast, and "
                 "a big hand then counts against you (SCORE-1)", gain=gain, players=game.players)
    return Hint((tr("Draw from the stock (TURN-1): {why}.", why=why), *use_words, *risk_words, *unproven), Draw(),
                (), now)


def _solved(game: Game) -> Plan:
    """``solve(game)``, remembered with the bots' plans (the strong bot asks the same)."""
    plan = _answer(game, "solve")[0]
    assert plan is not None
    return plan
