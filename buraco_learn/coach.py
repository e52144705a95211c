"""A coach for every decision: a verdict on each move of a hand, said in plain words.

:func:`judge` takes the game just before a move and the move, and says what was played, what
would have been better, by how much where it can be counted, and why, citing rule IDs. A
verdict is **exact** when the answer is certain from what the seat may see (its
:class:`~buraco_learn.game.PlayerView`): the points laid down this turn (the solver, within one
shared budget: "best found" when the search could not prove its answer), a discard an opponent's
meld takes or that makes a meld for the next player with the pile, a wild thrown away, a close
missed, a card kept that the side's melds take. It is a **judgement** where good players weigh
chances (the stock or the pile, the strong bot's choice of a safe discard): then it says so and
gives the strong bot's reasoning, and never calls the move a mistake.

A verdict's first words say which kind it is: ``✓ Best move (proven by search)``, ``✓ Good move``
or ``✓ The only move here`` for a move that is certainly right; ``✗ Costly`` for a certain
mistake; ``≈ A matter of judgement`` (agreeing or not) where good players weigh chances.

The coach judges by the hint's own advice (:func:`buraco_learn.hints.play_advice`,
:func:`buraco_learn.hints.advised_discard`), so the Hint button and the coach say one thing.

>>> from buraco_learn import Game, parse_action
>>> g = Game.from_position("fibur 2p d1 t0 play | h: 5H 6H 7H 9C 8D / - | m: 1=9S 9H 9D | p: 3C | s: * "
...                        "| pots: *11 / *11 | took: -")
>>> v = judge(g, parse_action("discard 9C"))
>>> v.mistake, v.exact, v.kind
(True, True, 'discard')
>>> print(v)                                  # doctest: +NORMALIZE_WHITESPACE
Your move: discard 9♣.
✗ Costly: before discarding you could still meld 5♥ 6♥ 7♥, laying down 15 points more this turn;
a card kept in hand counts against you at the end (SCORE-1).
✗ Costly: the opponents' meld #0 (9♠ 9♥ 9♦) takes 9♣ (TURN-2), 10 points more on their side at the count
(EQ-2); 8♦ was safe.
>>> judge(g, parse_action("meld 5H 6H 7H")).mistake
False
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal

from .actions import Action, Discard, Draw, LayDown, LayOff, TakePile
from .cards import Card, format_cards
from .errors import BuracoError
from .game import Game
from .bots import StrongBot
from .hints import (Hint, _best_found_words, _part_of, _closing_threat, _draw_hint, _draw_points, _pretty, advised_discard,
                    discard_as_good, discard_faults, discard_reasons, laid_this_turn, play_advice)
from .i18n import get_language, seat_word, tr
from .review import as_game, plan_words, start_of
from .solver import Plan, meld_value, shared_budget

__all__ = ["Verdict", "judge", "judge_hand"]

VerdictKind = Literal["draw", "lay", "discard", "close"]


@dataclass(frozen=True)
class Verdict:
    """The coach's verdict on one move.

    ``kind``: ``'draw'`` (stock or pile), ``'lay'`` (a meld or a lay-off), ``'discard'``,
    ``'close'`` (a close made or missed). ``played`` is the move; ``better`` the move that would
    have been better (``None``: none was); ``loss`` the points it would have gained more, where
    they can be counted (for a costly discard, the points it gives away; ``None`` otherwise); ``exact``: the verdict is certain (else it is a
    judgement); ``proven``: the solver proved the points it cites (else they are the best found).
    ``mistake`` is true only for an exact verdict with a better move. ``move`` is the move's
    number in the record (from 1) when the verdict comes from :func:`judge_hand`.
    """

    kind: VerdictKind
    seat: int
    played: Action
    better: Action | None
    loss: int | None
    exact: bool
    proven: bool
    sentences: tuple[str, ...]
    move: int | None = None
    #: The language the sentences are in (:func:`~buraco_learn.i18n.get_language` when judged).
    language: str = ""

    @property
    def mistake(self) -> bool:
        """An exact verdict that found a better move: a mistake for certain."""
        return self.exact and self.better is not None

    @property
    def costly(self) -> bool:
        """The verdict calls the move costly (``✗ Costly``): a mistake for certain, or against the
        best play found when the search stopped at its budget."""
        return any(s.lstrip().startswith("✗") for s in self.sentences[1:])

    @property
    def cost(self) -> int:
        """How much the move cost, for ranking: the counted loss of a mistake (at least 1), 0 for a
        judgement or a good move."""
        if not self.mistake:
            return 0
        return max(1, self.loss or 0)

    @property
    def rules(self) -> tuple[str, ...]:
        """Every rule ID the sentences cite, in order of first mention."""
        return tuple(dict.fromkeys(re.findall(r"\b[A-Z][A-Z0-9]*-\d+\b", " ".join(self.sentences))))

    def __str__(self) -> str:
        return "\n".join(self.sentences)


def _points(game: Game, seat: int) -> int:
    return sum(meld_value(t.meld) for t in game.side_melds(seat))


def _steps_words(actions: Sequence[Action]) -> str:
    return plan_words(Plan(tuple(), tuple(), 0, ())) if not actions else tr(", then ").join(
        _step(a) for a in actions)


def _step(a: Action) -> str:
    if isinstance(a, LayOff):
        return tr("lay off {cards} onto meld #{number}", cards=format_cards(a.cards, pretty=True), number=a.target)
    if isinstance(a, LayDown):
        return tr("meld {cards}", cards=format_cards(a.cards, pretty=True))
    return str(a)  # pragma: no cover - only lays are listed


def judge(game_before: Game, action: Action | str, *, seed: int = 0) -> Verdict:
    """The coach's verdict on ``action`` played by the seat to move in ``game_before`` (which is
    not changed). An illegal move is refused with the engine's reason (a
    :class:`~buraco_learn.errors.BuracoError`), as the table would refuse it.

    >>> from buraco_learn import Game
    >>> g = Game.from_position("fibur 2p d1 t0 draw | h: 5H 6H 9C 8D JK / - | m: - | p: 4C 7H | s: * "
    ...                        "| pots: *11 / *11 | took: -")
    >>> v = judge(g, "draw")
    >>> v.exact, v.mistake, type(v.better).__name__, v.loss
    (False, False, 'TakePile', None)
    >>> print(v.sentences[1])                  # doctest: +NORMALIZE_WHITESPACE
    ≈ A matter of judgement: drawing from the stock is a reasonable choice; the strong player would
    rather take the discard pile. Take the discard pile (TURN-1): with its 2 cards you can lay down 15
    points this turn, against 40 without it, but you keep more cards to build melds and burracos with
    (see what to lay down, below). With the pile you could meld 5♥ 6♥ 7♥ (7♥ from the pile).
    """
    if game_before.is_over:
        raise BuracoError(tr("The hand is over (CLOSE-1, STOCK-1): nothing left to play."))
    after = game_before.clone()
    event = after.apply(action)  # refused here, with the engine's reason, before anything is judged
    played = event.action
    game = game_before.clone()
    with shared_budget():
        if isinstance(played, (Draw, TakePile)):
            verdict = _judge_draw(game, played)
        elif isinstance(played, (LayDown, LayOff)):
            verdict = _judge_lay(game, after, played)
        else:
            assert isinstance(played, Discard)
            verdict = _judge_discard(game, after, played, seed)
    return replace(verdict, language=get_language())


def _pile_closes(game: Game) -> bool:
    """Whether taking the pile lets the seat close at once (its side may close and the solver
    finds a close with the pile's cards, CLOSE-1), as the strong bot's draw reason 'close' says."""
    return StrongBot(0).pile_decision(game.view(game.to_move)).why == "close"


def _head(played: Action) -> str:
    if isinstance(played, Draw):
        words = tr("draw from the stock")
    elif isinstance(played, TakePile):
        words = tr("take the discard pile")
    elif isinstance(played, Discard):
        words = tr("discard {card}", card=played.card.pretty)
    else:
        words = _step(played)
    return tr("Your move: {played}.", played=words)


def _judge_draw(game: Game, played: Action) -> Verdict:
    seat = game.to_move
    advice: Hint = _draw_hint(game, StrongBot(0))
    said = " ".join(advice.sentences)
    # After a colon the hint's sentence goes on in lower case ("✓ Good move: take the discard pile..."):
    # it starts with its verb, "Take" or "Draw", never a name.
    reason = said[:1].lower() + said[1:]
    if not game.can_take_pile():
        return Verdict("draw", seat, played, None, None, True, True,
                       (_head(played), tr("✓ The only move here: {reason}", reason=reason)))
    took = isinstance(played, TakePile)
    advised_take = isinstance(advice.action, TakePile)
    points = _draw_points(game)  # (remembered: the hint asked the same)
    proven = points.proven
    gain = points.with_pile - points.now
    # Clear: counted points, no wild spent for them (that is a judgement, BUR-2), no opponent about to close.
    wilds_laid = (sum(c.is_wild for c in points.taken.hand(seat)) - sum(c.is_wild for c in points.left_with))
    clear = advised_take and gain >= CLEAR_GAIN and not wilds_laid and _closing_threat(game) is None
    if took == advised_take:
        if clear:
            return Verdict("draw", seat, played, None, None, True, proven,
                           (_head(played), tr("✓ Good move: {reason}", reason=reason)))
        return Verdict("draw", seat, played, None, None, False, proven,
                       (_head(played), tr("≈ A matter of judgement, and the strong player agrees: {reason}",
                                          reason=reason)))
    if advised_take and not took and _pile_closes(game):  # certain: the solver found the close (CLOSE-1)
        bonus = game.rules.close_bonus
        words = tr("✗ Costly: a close missed. With the pile you could close at once (CLOSE-1), and the close "
                   "earns {bonus} (CLOSE-5) and ends the hand before the opponents lay down more. {reason}",
                   bonus=bonus, reason=said)
        return Verdict("close", seat, played, advice.action, max(gain, 0) + bonus, True, proven, (_head(played), words))
    if clear:
        words = tr("≈ The pile was clearly better here (drawing is no rule broken, but it gives up {gain} points "
                   "this turn). {reason}", gain=gain, reason=said)
        return Verdict("draw", seat, played, advice.action, gain, False, proven, (_head(played), words))
    loss = gain if advised_take and gain > 0 else None
    words = (tr("≈ A matter of judgement: drawing from the stock is a reasonable choice; the strong player would "
                "rather take the discard pile. {reason}", reason=said) if advised_take else
             tr("≈ A matter of judgement: taking the pile is a reasonable choice; the strong player would rather "
                "draw from the stock. {reason}", reason=said))
    return Verdict("draw", seat, played, advice.action, loss, False, proven, (_head(played), words))


#: A pile that lays down this many points more this turn than the stock, with no wild spent and no
#: opponent about to close, is clearly the better draw: the coach says so plainly rather than "a matter of judgement".
CLEAR_GAIN = 20


def _close_words(closing: Plan) -> str:
    steps = [a for a in closing.actions() if not isinstance(a, Discard)]
    if steps:
        return tr("{steps}, then discard {card}", steps=_steps_words(steps), card=_pretty(closing.discard))
    return tr("discard {card}", card=_pretty(closing.discard))


def _judge_lay(game: Game, after: Game, played: LayDown | LayOff) -> Verdict:
    seat = game.to_move
    advice = play_advice(game)
    gained = _points(after, seat) - _points(game, seat)
    if after.is_over or after.took_pot[seat] and not game.took_pot[seat]:
        # The hand emptied: the pot on the fly (POT-2) or the end; what follows is another plan.
        return Verdict("lay", seat, played, None, None, True, True,
                       (_head(played), tr("✓ Good move: that empties your hand: you take your pot on the fly and play "
                                          "on (POT-2).") if not after.is_over else
                        tr("✓ Good move: you closed the hand (CLOSE-1): the close earns 100 (CLOSE-5).")))
    if advice.closing is not None:
        still = play_advice(after) if not after.is_over else None
        if still is None or still.closing is None:
            loss = max(0, advice.closing.points + 100 - gained - (still.points if still else 0))
            sure = advice.close_proven and (still is None or still.close_proven)
            words = tr("✗ Costly: you could close now (CLOSE-1): {steps}; after this move you cannot close this "
                       "turn. The close earns 100 (CLOSE-5).", steps=_close_words(advice.closing))
            first = advice.actions[0] if advice.actions else Discard(advice.closing.discard)  # type: ignore[arg-type]
            return Verdict("close", seat, played, first, loss, sure, sure, (_head(played), words))
        return Verdict("lay", seat, played, None, None, True, advice.close_proven,
                       (_head(played), tr("✓ Good move: you can still close this turn (CLOSE-1): {steps}.",
                                          steps=_close_words(still.closing))))
    before = laid_this_turn(game)
    if advice.held and any(_part_of(played, a) for a in advice.held) and not any(
            _part_of(played, a) for a in advice.actions):
        # The advice holds this back: after the pot, without a burraco, a hand of two cards is stuck.
        words = tr("≈ A matter of judgement: this lays down {points} points now, but the strong player would keep "
                   "it in hand. {why}", points=gained, why=" ".join(advice.keep_words))
        return Verdict("lay", seat, played, advice.actions[0] if advice.actions else None, None, False,
                       advice.plan is None or advice.plan.proven, (_head(played), words))
    then = play_advice(after)
    plan, now = advice.plan, then.plan
    assert plan is not None and now is not None
    proven = plan.proven and now.proven
    achieved = gained + then.points
    solver_best = max(plan.points, gained + now.points)
    out = [_head(played)]
    if achieved >= advice.points:
        total = max(achieved, advice.points) + before
        out.append(_good_lay_words(total, done=not then.actions,
                                   which="held" if advice.held and achieved <= advice.points else
                                   "kept" if proven and solver_best + before > total else
                                   "best" if proven else "found"))
        if then.actions:
            out.append(tr("Still to lay down this turn: {steps}.", steps=_steps_words(then.actions)))
        if solver_best > achieved and not advice.held:
            out.append(tr("The solver would lay {more} points more by spending a wild; keeping it is a judgement "
                          "(BUR-2, BUR-4).", more=solver_best - achieved))
        if not proven:
            out.append(_best_found_words())
        return Verdict("lay", seat, played, None, 0, True, proven, tuple(out))
    loss = advice.points - achieved
    best = _steps_words(advice.actions)
    if proven:
        out.append(tr("✗ Costly: you lay down {lost} points fewer this turn than the best play, {best}, which lays "
                      "down {points} (EQ-2).", lost=loss, best=best, points=advice.points))
    else:
        out.append(tr("✗ Costly (against the best play found): you lay down {lost} points fewer this turn than "
                      "{best}, which lays down {points} (EQ-2).", lost=loss, best=best, points=advice.points))
        out.append(_best_found_words())
    out.extend(advice.keep_words)
    return Verdict("lay", seat, played, advice.actions[0] if advice.actions else None, loss, proven, proven,
                   tuple(out))


def _good_lay_words(total: int, *, done: bool, which: str) -> str:
    """The verdict on a lay that is as good as the advice: ``total`` points this turn, laid down
    already (``done``) or still possible with the steps that follow; ``which`` says as good as
    what: ``'held'`` the advice that holds melds back in hand, ``'kept'`` the advice that keeps a
    wild for a clean burraco, ``'best'`` the proven most, ``'found'`` the best found."""
    if done:
        if which == "held":
            return tr("✓ Good move: you have laid down {points} points this turn and keep cards in your hand to "
                      "build a burraco, as the advice does.", points=total)
        if which == "kept":
            return tr("✓ Good move: you have laid down {points} points this turn, as much as the advice, which keeps "
                      "your wild for a clean burraco (EQ-2, BUR-2).", points=total)
        if which == "best":
            return tr("✓ Best move (proven by search): you have laid down {points} points this turn, the most your "
                      "hand allows (EQ-2).", points=total)
        return tr("✓ As good as the best play found (the search stopped at its limit): you have laid down {points} "
                  "points this turn.", points=total)
    if which == "held":
        return tr("✓ Good move: you could lay down {points} points this turn, with what is still to lay down, and "
                  "keep cards in your hand to build a burraco, as the advice does.", points=total)
    if which == "kept":
        return tr("✓ Good move: you could lay down {points} points this turn, with what is still to lay down, as "
                  "much as the advice, which keeps your wild for a clean burraco (EQ-2, BUR-2).", points=total)
    if which == "best":
        return tr("✓ Best move (proven by search): you could lay down {points} points this turn, with what is still "
                  "to lay down, the most your hand allows (EQ-2).", points=total)
    return tr("✓ As good as the best play found (the search stopped at its limit): you could lay down {points} "
              "points this turn, with what is still to lay down.", points=total)


def _fault_words(game: Game, card: Card, other: Card) -> list[str]:
    """The exact faults of discarding ``card`` when ``other`` (the advised discard) has fewer."""
    seat = game.to_move
    nxt = seat_word(game.seat_name((seat + 1) % game.players))
    theirs = discard_faults(game, other)
    mine = {f.kind for f in theirs}
    other_words = (tr("{other} was safe", other=other.pretty) if not theirs else
                   tr("{other} gave less away", other=other.pretty))
    out = []
    for f in discard_faults(game, card):
        if f.kind in mine:
            continue
        if f.kind == "wild":
            out.append(tr("✗ Costly: you threw away a wild while {other} could go: it is {points} points for whoever "
                          "melds it (EQ-2), and on the pile it invites the next player to take it all; a wild never "
                          "closes (CLOSE-2).", other=other.pretty, points=card.points))
        elif f.kind == "feeds":
            t = next(t for t in game.table if t.id == f.target)
            out.append(tr("✗ Costly: the opponents' meld #{id} ({meld}) takes {card} (TURN-2), {points} points more "
                          "on their side at the count (EQ-2); {other}.", id=t.id, meld=t.meld.notation(pretty=True),
                          card=card.pretty, points=card.points, other=other_words))
        elif f.kind == "pile" and f.meld is not None and f.target is not None:
            out.append(tr("✗ Costly: with {cards}, in the pile or known to be in {next}'s hand, {card} lays off onto "
                          "{next}'s side's meld #{target}, making {meld}, {points} points more for them (EQ-2): "
                          "{next} plays next and may take the pile to lay them off (TURN-1, TURN-2); {other}.",
                          cards=format_cards(f.cards, pretty=True), next=nxt, card=card.pretty, target=f.target,
                          meld=f.meld.notation(pretty=True), points=card.points + sum(c.points for c in f.cards),
                          other=other_words))
        elif f.kind == "pile" and f.meld is not None:
            out.append(tr("✗ Costly: with {cards}, in the pile or known to be in {next}'s hand, {card} makes the meld "
                          "{meld} for {next}, {points} points for them (EQ-2), and he plays next and may take the pile "
                          "(TURN-1); {other}.", cards=format_cards(f.cards, pretty=True), next=nxt, card=card.pretty,
                          meld=f.meld.notation(pretty=True), points=f.meld.points, other=other_words))
    return out


def _fault_points(game: Game, card: Card, other: Card) -> int | None:
    """The points the faults of discarding ``card`` (those ``other`` has not) give away, as
    :func:`_fault_words` counts them: the most of them (``None``: none)."""
    mine = {f.kind for f in discard_faults(game, other)}
    counted = []
    for f in discard_faults(game, card):
        if f.kind in mine:
            continue
        if f.kind == "pile" and f.meld is not None and f.target is None:
            counted.append(f.meld.points)
        elif f.kind == "pile":
            counted.append(card.points + sum(c.points for c in f.cards))
        else:
            counted.append(card.points)
    return max(counted) if counted else None


def _judge_discard(game: Game, after: Game, played: Discard, seed: int) -> Verdict:
    seat = game.to_move
    out = [_head(played)]
    if after.is_over and after.result().reason == "closed":
        out.append(tr("✓ Good move: you closed the hand (CLOSE-1): the close earns 100 (CLOSE-5)."))
        return Verdict("close", seat, played, None, 0, True, True, tuple(out))
    advice = play_advice(game)
    if advice.closing is not None:
        out.append(tr("✗ Costly: you could close now (CLOSE-1): {steps}. The close earns 100 (CLOSE-5).",
                      steps=_close_words(advice.closing)))
        first = advice.actions[0] if advice.actions else Discard(advice.closing.discard)  # type: ignore[arg-type]
        return Verdict("close", seat, played, first, advice.closing.points + 100, advice.close_proven,
                       advice.close_proven, tuple(out))
    better: Action | None = None
    loss = 0
    proven = advice.plan is None or advice.plan.proven
    took_pot = after.took_pot[seat] and not game.took_pot[seat]
    if advice.points > 0 and advice.actions and not took_pot:
        better = advice.actions[0]
        loss = advice.points
        out.append(tr("✗ Costly: before discarding you could still {best}, laying down {points} points more this "
                      "turn; a card kept in hand counts against you at the end (SCORE-1).",
                      best=_steps_words(advice.actions), points=advice.points))
        partner = [a for a in advice.actions if isinstance(a, LayOff)
                   and next(t for t in game.table if t.id == a.target).owner not in (seat,)]
        for a in partner[:1]:
            out.append(tr("Your partner's meld #{number} takes {cards}: the side's melds are one count (EQ-2).",
                          number=a.target, cards=format_cards(a.cards, pretty=True)))
        if not proven:
            out.append(_best_found_words())
        # The discard after the advised lays is judged there: here the cards to lay came first.
        advised_after = game.clone()
        for step in advice.actions:
            advised_after.apply(step)
        card = advised_discard(advised_after, seed)
        if card is not None and game.can_discard(card) and card != played.card:
            out.extend(_fault_words(game, played.card, card))
        return Verdict("discard", seat, played, better, loss, proven, proven, tuple(out))
    card = advised_discard(game, seed)
    assert card is not None
    if card == played.card:
        out.append(tr("≈ A matter of judgement, and the strong player agrees: {why}.",
                      why=discard_reasons(game, card, seed)))
        return Verdict("discard", seat, played, None, 0, False, proven, tuple(out))
    faults = _fault_words(game, played.card, card)
    if faults:
        out.extend(faults)
        return Verdict("discard", seat, played, Discard(card), _fault_points(game, played.card, card), True, True,
                       tuple(out))
    if discard_as_good(game, played.card, seed):  # a tie the hand's order broke: no preference to state
        out.append(tr("≈ A matter of judgement, and as good as the strong player's choice: it weighs {played} and "
                      "{card} alike, and discards either: {why}.", played=played.card.pretty, card=card.pretty,
                      why=discard_reasons(game, played.card, seed, against=card)))
        return Verdict("discard", seat, played, None, 0, False, proven, tuple(out))
    out.append(tr("≈ A matter of judgement: the strong player would rather discard {card}: {why}.", card=card.pretty,
                  why=discard_reasons(game, card, seed, against=played.card)))
    return Verdict("discard", seat, played, Discard(card), None, False, proven, tuple(out))


def judge_hand(record_or_game: Game | str | Path, seat: int, *, seed: int = 0) -> tuple[Verdict, ...]:
    """The coach's verdict on every move ``seat`` made in a hand (a :class:`Game`, a JSON record
    or a record's :class:`~pathlib.Path`), in play order, each with its ``move`` number.

    >>> from buraco_learn import Game
    >>> from buraco_learn.bots import make_bot, play_hand
    >>> g = Game.new(2, seed=5)
    >>> _ = play_hand(g, [make_bot("greedy", 1), make_bot("random", 2)])
    >>> vs = judge_hand(g, 1)
    >>> len(vs) > 10, any(v.mistake for v in vs), {v.kind for v in vs} >= {"draw", "lay", "discard"}
    (True, True, True)
    """
    source = as_game(record_or_game)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < source.players:
        raise ValueError(tr("seat must be a seat from 0 to {last}, not {seat}", last=source.players - 1,
                            seat=repr(seat)))
    g = start_of(source)
    out: list[Verdict] = []
    for k, action in enumerate(source.actions):
        if g.to_move == seat:
            out.append(replace(judge(g, action, seed=seed), move=k + 1))
        g.apply(action)
    return tuple(out)
