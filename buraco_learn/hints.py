"""Hints that explain: what to draw, what to lay down, what to discard, and why, citing rule IDs.

:func:`hint` looks at the game from the seat to move and uses only what that seat may see (its
hand, the table, the pile): the exact solver for what to lay down, the engine for what is allowed,
and the opponents' melds for which discards are safe.

>>> from buraco_learn import Game
>>> g = Game.from_position("fibur 2p d1 t0 play | h: 5H 6H 7H 9C 8D / - | m: 1=9S 9H 9D | p: 3C | s: * "
...                        "| pots: *11 / *11 | took: -")
>>> h = hint(g)
>>> print(h)
Meld 5♥ 6♥ 7♥: +15 points (card points, EQ-2).
Then discard 8D: no opponent meld takes it (TURN-2).
Do not discard 9C: the opponents' meld 0 (9S 9H 9D) would take it (TURN-2).
>>> h.action, h.rules
(LayDown(cards=(Card.parse('5H'), Card.parse('6H'), Card.parse('7H')), wild_high=None), ('EQ-2', 'TURN-2'))

In the table widget, a Hint button calls ``hint(widget.game)``, then ``widget.highlight(h.cards)``
and ``widget.set_feedback(str(h))``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from .actions import Action, Discard, Draw, LayDown, LayOff, TakePile
from .cards import Card, format_cards
from .game import Game
from .records import format_position, parse_position
from .solver import Plan, can_close, dead_cards, solve

__all__ = ["Hint", "hint", "discard_advice"]


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


def _as_play(game: Game) -> Game:
    """The same table in the play phase, as if the draw were done without a card (a what-if)."""
    text = format_position(game)
    head, rest = text.split("|", 1)
    words = head.split()
    words[4] = "play"
    return parse_position(" ".join(words) + " |" + rest, rules=game.rules)


def _bonus_words(plan: Plan) -> str:
    kinds = [m.burraco for m in plan.melds if m.burraco]
    if not kinds:
        return "card points, EQ-2"
    return "card points, EQ-2, and a " + " and a ".join(f"{k} burraco bonus" for k in kinds) + ", BUR-1..4"


def _step_words(action: Action) -> str:
    """An action in plain words: ``lay off 2♣ onto meld #0``, ``meld Q♥ K♥ A♥``."""
    if isinstance(action, LayOff):
        return f"lay off {format_cards(action.cards, pretty=True)} onto meld #{action.target}"
    if isinstance(action, LayDown):
        return f"meld {format_cards(action.cards, pretty=True)}"
    return str(action)


def _steps(plan: Plan) -> str:
    words = [_step_words(a) for a in plan.actions() if not isinstance(a, Discard)]
    return ", then ".join(words)


def _plan_sentence(plan: Plan) -> str:
    text = _steps(plan)
    return f"{text[0].upper()}{text[1:]}: {plan.points:+d} points ({_bonus_words(plan)})."


def discard_advice(game: Game, rest: Sequence[Card] | None = None) -> tuple[Card | None, list[str]]:
    """The safest discard among ``rest`` (default: the hand) and sentences explaining it.

    Safe means no opponent meld takes the card (an opponent would lay it off, TURN-2); then a
    wild is kept (a wild never closes, CLOSE-2); then a card that can never be melded goes first;
    then the highest points (cards left in hand count against you, SCORE-1).
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
    best = min(allowed, key=lambda c: (1 if feeds(c) else 0, c.is_wild, c not in dead, -c.points))
    out: list[str] = []
    reason = []
    if not feeds(best):
        reason.append("no opponent meld takes it (TURN-2)")
    if best in dead:
        reason.append("it can never be melded with what is visible")
    if best.is_wild:
        reason.append("every other card would feed the opponents; a wild is a big gift, so think twice")
    out.append(f"Then discard {best}: {', and '.join(reason) if reason else 'it is the least useful card'}.")
    for c in allowed:
        ids = feeds(c)
        if ids and c is not best:
            t = game.table[ids[0]]
            out.append(f"Do not discard {c}: the opponents' meld {t.id} ({t.meld}) would take it (TURN-2).")
            break
    return best, out


def hint(game: Game) -> Hint:
    """A hint for the seat to move: what to draw or take, what to lay down, what to discard, why.

    >>> from buraco_learn import Game
    >>> g = Game.from_position("fibur 2p d1 t0 draw | h: 5H 6H 9C 8D JK / - | m: - | p: 4C 7H | s: * "
    ...                        "| pots: *11 / *11 | took: -")
    >>> print(hint(g))
    Take the discard pile (TURN-1): with its 2 cards you can lay down 45 points now, against 40 without it.
    """
    if game.is_over:
        return Hint(("The hand is over (CLOSE-1, STOCK-1): nothing left to play.",), None)
    seat = game.to_move
    if game.phase == "draw":
        now = solve(_as_play(game))
        if game.can_take_pile():
            g = game.clone()
            g.take_pile()
            with_pile = solve(g)
            if with_pile.points > now.points:
                n = len(game.pile)
                return Hint((f"Take the discard pile (TURN-1): with its {n} card{'s' if n != 1 else ''} you can lay "
                             f"down {with_pile.points} points now, against {now.points} without it.",),
                            TakePile(), tuple(with_pile.cards_laid), with_pile)
            why = (f"the pile ({format_cards(game.pile)}) adds nothing you could lay down now "
                   f"({with_pile.points} points with it, {now.points} without)")
        else:
            why = "the pile cannot be taken now (TURN-1, TURN-4)" if game.pile else "the pile is empty"
        return Hint((f"Draw from the stock (TURN-1): {why}.",), Draw(), (), now)
    # The play phase.
    sentences: list[str] = []
    closing = can_close(game)
    if closing is not None:
        steps = _steps(closing)
        lay = f"{steps}, then " if steps else ""
        sentences.append(f"You can close now (CLOSE-1): {lay}discard {closing.discard}. The close earns 100 (CLOSE-5)"
                         + (" and the closing card may not be a wild (CLOSE-2)." if any(c.is_wild for c in
                                                                                         game.hand(seat)) else "."))
        first = closing.actions()[0]
        return Hint(tuple(sentences), first, tuple(closing.cards_laid) + ((closing.discard,) if closing.discard else ()),
                    closing)
    plan = solve(game)
    action: Action | None = None
    cards: tuple[Card, ...] = ()
    if not plan.is_empty:
        sentences.append(_plan_sentence(plan))
        if plan.takes_pot:
            sentences.append("That empties your hand, so you take your pot on the fly and play on (POT-2).")
        elif game.side_has_pot(seat) and len(plan.rest) <= 2 and plan.rest:
            if game.side_has_burraco(seat) or any(m.is_burraco for m in plan.melds):
                sentences.append("Keep one card to discard: with the pot taken you may not lay down your last "
                                 "card (CLOSE-3).")
            else:
                sentences.append("Keep two cards: without a burraco you cannot close, so one card could not end "
                                 "the turn (CLOSE-4).")
        action = plan.actions()[0]
        cards = plan.cards_laid
    elif game.side_has_pot(seat) and not game.side_has_burraco(seat):
        sentences.append("Nothing to lay down that keeps a card to discard: without a burraco you may not close "
                         "(CLOSE-1, CLOSE-4).")
    else:
        sentences.append("Nothing can be laid down this turn (SET-1, RUN-1).")
    if not plan.takes_pot and plan.rest:
        best, advice = discard_advice(game, plan.rest if not plan.is_empty else None)
        sentences.extend(advice)
        if action is None and best is not None:
            action = Discard(best)
            cards = (best,)
    return Hint(tuple(sentences), action, cards, plan)
