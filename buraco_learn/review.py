"""A finished hand reviewed with the solver, turn by turn, like a chess engine's game review.

:func:`review` replays a game record and, at each turn of one seat, puts what was laid down
beside the best play from the same position, the hand just after the draw: what the hint and the
coach advise (:func:`buraco_learn.hints.play_advice`), the close when the side may close (its
bonus counted, CLOSE-5), else the most the solver (:func:`buraco_learn.solver.solve`) lays down,
less a wild kept for a clean burraco and the reserve kept after the pot, so that the review never
counts the advice as a loss. The turns where the most points were lost come first.
At the close it counts the cards still held (EQ-2, SCORE-1) and says which of them could still
have gone onto the table at that seat's last turn.

Points are what the count would gain from the table: card points laid (EQ-2) plus burraco
bonuses (BUR-1..5), as the solver counts them (:func:`~buraco_learn.solver.meld_value`). The
solver plans one turn from the cards in hand; a pot taken on the fly (POT-2) may let a player
lay more than that plan, which is never counted as a loss.

>>> from buraco_learn import Game
>>> from buraco_learn.bots import make_bot, play_hand
>>> g = Game.new(2, seed=5)
>>> _ = play_hand(g, [make_bot("greedy", 1), make_bot("random", 2)])
>>> r = review(g, seat=1)                    # North played at random
>>> r.seat_name, len(r.turns) > 5, r.lost > 0
('North', True, True)
>>> r.worst[0].loss == max(t.loss for t in r.turns)
True
>>> print(r.turns[0])                        # doctest: +NORMALIZE_WHITESPACE
Turn 1 (move 1): drew from the stock; melded 4♠ 4♣ 2♥; melded 2♣ 10♣ J♣ (worth 70 points to your side);
the best was meld A♣ A♣ 2♣, then meld 4♠ 4♥ 4♣, then meld 10♣ J♣ 2♥ K♣ (worth 115 points to your side): 45 points lost.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from .actions import Action, Discard, Draw, LayDown, LayOff, TakePile
from .cards import Card, format_cards
from .errors import NotationError, excerpt
from .files import NotAFile, TooLarge, read_limited
from .game import Game
from .i18n import colon, get_language, seat_word, semicolon, tr, trn
from .records import format_position, load_record, parse_position
from .scoring import hand_points
from .melds import Meld
from .solver import Plan, meld_value, shared_budget, solve

if TYPE_CHECKING:  # the coach imports this module's words
    from .coach import Verdict

#: The largest record file :func:`as_game` reads (a record of a whole hand is a few kB).
MAX_RECORD_BYTES = 1_000_000

__all__ = ["Review", "TurnReview", "CloseCount", "review", "action_words", "plan_words", "as_game", "start_of"]


def as_game(record_or_game: Game | str | Path) -> Game:
    """A game from a :class:`Game` (used as it is), a JSON game record
    (:func:`~buraco_learn.records.load_record`, which refuses a bad record whole) or the
    :class:`~pathlib.Path` of a file holding one (what ``TableWidget.save_record`` writes).

    >>> as_game("not a record")
    Traceback (most recent call last):
    ...
    buraco_learn.errors.NotationError: bad record: this is not JSON (Expecting value: line 1 column 1 (char 0)); a record is what game_record() writes
    """
    if isinstance(record_or_game, Game):
        return record_or_game
    if isinstance(record_or_game, Path):
        try:  # a plain file only, at most MAX_RECORD_BYTES of it (a pipe would wait, a device never end)
            text = read_limited(record_or_game, MAX_RECORD_BYTES).decode("utf-8")
        except (OSError, ValueError) as err:  # ValueError: not UTF-8, or a NUL in the path
            if isinstance(err, NotAFile):
                reason = tr("not a file: a folder, a pipe or a device")
            elif isinstance(err, TooLarge):
                reason = tr("the file holds more than {most} bytes; a record or a position is far smaller",
                            most=format(MAX_RECORD_BYTES, ","))
            elif isinstance(err, UnicodeDecodeError):
                reason = tr("not UTF-8 text")
            else:
                reason = err.strerror if isinstance(err, OSError) and err.strerror else err.__class__.__name__
            raise NotationError(tr("bad record: cannot read {path} ({reason})", path=excerpt(str(record_or_game)),
                                   reason=reason)) from None
        return load_record(text)
    if isinstance(record_or_game, str):
        return load_record(record_or_game)
    raise TypeError(tr("expected a Game, a JSON game record (str) or a file's Path, not {kind}",
                       kind=type(record_or_game).__name__))


def start_of(game: Game) -> Game:
    """A new game at ``game``'s start (the deal, or the position it was set up from), rebuilt as
    its record would be: the same seed, rules and dealer, or the same start position. ``game``
    is not touched.

    >>> g = Game.new(2, seed=3); _ = g.apply("draw")
    >>> s = start_of(g)
    >>> s.history, s.position() == Game.new(2, seed=3).position(), len(g.history)
    ((), True, 1)
    """
    if game.start_position is not None:
        return parse_position(game.start_position, rules=game.rules)
    return Game.new(game.players, rules=game.rules, seed=game.seed, dealer=game.dealer, alone=game.alone)


def action_words(action: Action) -> str:
    """An action in short plain words, cards with suit symbols.

    >>> from buraco_learn import parse_action
    >>> action_words(parse_action("layoff 3: 2C")), action_words(parse_action("meld 5H 6H 7H"))
    ('laid off 2♣ onto meld #3', 'melded 5♥ 6♥ 7♥')
    """
    if isinstance(action, Draw):
        return tr("drew from the stock")
    if isinstance(action, TakePile):
        return tr("took the discard pile")
    if isinstance(action, LayDown):
        return tr("melded {cards}", cards=format_cards(action.cards, pretty=True))
    if isinstance(action, LayOff):
        return tr("laid off {cards} onto meld #{number}", cards=format_cards(action.cards, pretty=True),
                  number=action.target)
    if isinstance(action, Discard):
        return tr("discarded {card}", card=action.card.pretty)
    return str(action)  # pragma: no cover - every action kind is listed above


def plan_words(plan: Plan) -> str:
    """A solver plan in plain words: ``meld 5♥ 6♥ 7♥, then lay off 2♣ onto meld #3``."""
    steps = []
    for a in plan.actions():
        if isinstance(a, LayDown):
            steps.append(tr("meld {cards}", cards=format_cards(a.cards, pretty=True)))
        elif isinstance(a, LayOff):
            steps.append(tr("lay off {cards} onto meld #{number}", cards=format_cards(a.cards, pretty=True),
                            number=a.target))
    # TRANSLATORS: what joins the steps of a plan: "meld 5♥ 6♥ 7♥, then lay off 2♣ onto meld #3"
    return tr(", then ").join(steps) or tr("nothing to lay down")


def _side_value(game: Game, seat: int) -> int:
    return sum(meld_value(t.meld) for t in game.side_melds(seat))


def _lay_key(action: Action) -> tuple[int, tuple[int, ...]]:
    """A lay-down or lay-off as (target, its cards in a fixed order): the same play whatever the
    order its cards were named in (a new meld has target -1)."""
    target = action.target if isinstance(action, LayOff) else -1
    cards = action.cards if isinstance(action, (LayDown, LayOff)) else ()
    return target, tuple(sorted(c.index for c in cards))


def _lays(actions: tuple[Action, ...]) -> tuple[Action, ...]:
    return tuple(a for a in actions if isinstance(a, (LayDown, LayOff)))


@dataclass(frozen=True)
class TurnReview:
    """One turn of the reviewed seat: what was done, the solver's best from the same position.

    ``move`` is the number (from 1) of the turn's first action in the record; ``position`` is the
    position notation just after the draw (the solver's question); ``played_points`` is what the
    turn's melds and lay-offs added to the side's count; ``best`` is the solver's plan from
    ``position``.
    """

    number: int
    move: int
    drew: Action
    pile_size: int
    played: tuple[Action, ...]
    played_points: int
    best: Plan
    position: str
    #: The turn closed the hand (CLOSE-1): its close bonus (CLOSE-5) counts with what it laid.
    closed: bool = False

    @property
    def best_closes(self) -> bool:
        """Whether the best play from the position closes the hand (CLOSE-1)."""
        return self.best.discard is not None

    @property
    def close_bonus(self) -> int:
        """The close bonus (CLOSE-5) of the rules the hand was played by."""
        return parse_position(self.position).rules.close_bonus

    @property
    def best_points(self) -> int:
        """The points the best play would have laid down (the hint's advice: the close when the
        side may close, its bonus not included; else the most points, less the wilds kept for a
        clean burraco and the reserve kept after the pot)."""
        return self.best.points

    @property
    def loss(self) -> int:
        """Points left this turn: the best play's worth (its close bonus included, CLOSE-5) minus
        what the turn laid (and its own close bonus), never below zero."""
        best = self.best.points + (self.close_bonus if self.best_closes else 0)
        played = self.played_points + (self.close_bonus if self.closed else 0)
        return max(0, best - played)

    @property
    def laid(self) -> tuple[Action, ...]:
        """The turn's melds and lay-offs (not the draw, not the discard)."""
        return _lays(self.played)

    @property
    def played_best(self) -> bool:
        """Whether the turn laid down exactly the solver's melds and lay-offs."""
        best = tuple(a for a in self.best.actions() if not isinstance(a, Discard))
        return sorted(map(_lay_key, self.laid)) == sorted(map(_lay_key, best))

    @property
    def drew_words(self) -> str:
        """``drew from the stock`` or ``took the discard pile (5 cards)``."""
        if isinstance(self.drew, TakePile):
            return trn("took the discard pile ({n} card)", "took the discard pile ({n} cards)", self.pile_size)
        return action_words(self.drew)

    @property
    def played_words(self) -> str:
        """What was laid down, in words (``laid nothing down`` when nothing was)."""
        laid = self.laid
        return semicolon().join(action_words(a) for a in laid) if laid else tr("laid nothing down")

    @property
    def best_words(self) -> str:
        """The solver's best play in words, with its points."""
        if self.best_closes:
            assert self.best.discard is not None
            return tr("{plan}, then discard {card} and close (worth {points} points to your side, and {bonus} for the "
                      "close, CLOSE-5)", plan=plan_words(self.best), card=self.best.discard.pretty,
                      points=self.best.points, bonus=self.close_bonus)
        if self.best.is_empty:
            return tr("nothing could be laid down (0 points)")
        return tr("{plan} (worth {points} points to your side)", plan=plan_words(self.best), points=self.best.points)

    def __str__(self) -> str:
        if self.laid:
            played = tr("{plan} (worth {points} points to your side)", plan=self.played_words, points=self.played_points)
        else:
            played = tr("laid nothing down (0 points)")
        if self.closed:
            played = tr("{played}, and closed: {bonus} more (CLOSE-5)", played=played, bonus=self.close_bonus)
        fields = dict(number=self.number, move=self.move, drew=self.drew_words, played=played)
        if not self.best.proven:  # the solver's budget ran out on this hand: its best found, not proven
            if self.loss == 0:
                return tr("Turn {number} (move {move}): {drew}; {played}; as much as the best found (the hand is too "
                          "big to prove it the most).", **fields)
            return tr("Turn {number} (move {move}): {drew}; {played}; the best found was {best}: {lost} points "
                      "lost (the hand is too big to prove it the most).", best=self.best_words, lost=self.loss,
                      **fields)
        if self.loss == 0:
            return tr("Turn {number} (move {move}): {drew}; {played}; that was the best play here.", **fields)
        return tr("Turn {number} (move {move}): {drew}; {played}; the best was {best}: {lost} points lost.",
                  best=self.best_words, lost=self.loss, **fields)


@dataclass(frozen=True)
class CloseCount:
    """The seat's hand at the end of the hand, and what could still have gone onto the table.

    ``held`` are the cards left in the hand when it ended (counted against the side, EQ-2,
    SCORE-1); ``last_move`` is the number of the seat's last discard in the record;
    ``missed`` is the solver's plan for the hand just before that discard (``None`` when the
    seat never played, or its last discard took the pot, POT-3).
    """

    held: tuple[Card, ...]
    held_points: int
    last_move: int | None
    missed: Plan | None
    position: str | None
    reason: Literal["closed", "stock"]

    @property
    def missed_points(self) -> int:
        """Points the missed plan would have laid down (0 without one)."""
        return self.missed.points if self.missed is not None else 0

    def sentences(self, you: str | None = None) -> list[str]:
        """The count in words: ``You held 45 points in hand at the close: 2♣ could have gone
        onto meld #3`` (``you``: the seat's name, said instead of "You")."""
        # TRANSLATORS: {end} is "at the close" or "when the stock ran out"
        end = tr("at the close") if self.reason == "closed" else tr("when the stock ran out")
        who = seat_word(you) if you is not None else ""
        who = who[:1].upper() + who[1:]
        if not self.held:
            if you is None:
                return [tr("You held no card {end}.", end=end)]
            return [tr("{seat} held no card {end}.", seat=who, end=end)]
        n = len(self.held)
        fields = dict(points=self.held_points, end=end, cards=format_cards(self.held, pretty=True))
        if you is None:
            first = trn("You held {points} points in hand {end} ({n} card: {cards}), counted against the side "
                        "(SCORE-1)", "You held {points} points in hand {end} ({n} cards: {cards}), counted against "
                        "the side (SCORE-1)", n, **fields)
        else:
            first = trn("{seat} held {points} points in hand {end} ({n} card: {cards}), counted against the side "
                        "(SCORE-1)", "{seat} held {points} points in hand {end} ({n} cards: {cards}), counted "
                        "against the side (SCORE-1)", n, seat=who, **fields)
        plan = self.missed
        if plan is None or plan.is_empty:
            return [first + semicolon() + tr("none of them could have been laid down at the last turn.")]
        parts = []
        for target, cards in plan.lay_offs:
            parts.append(tr("{cards} could have gone onto meld #{number}", cards=format_cards(cards, pretty=True),
                            number=target))
        for m in plan.melds:
            parts.append(tr("{cards} could have been a new meld", cards=format_cards(m.cards, pretty=True)))
        return [first + colon() + " " + semicolon().join(parts) + " "
                + tr("(at move {move}, worth {points} points to your side).", move=self.last_move,
                     points=plan.points)]

    def __str__(self) -> str:
        return " ".join(self.sentences())


@dataclass(frozen=True, repr=False)
class Review:
    """The review of one seat's play in a hand: every turn (in play order), the count at the end.

    ``decisions`` are the coach's verdicts (:func:`buraco_learn.coach.judge`) on every move of
    the seat, in play order; :attr:`costliest` ranks them. ``str(review)`` is the readable report
    (worst turns first, then every decision, the costliest first); in Jupyter it shows as HTML.
    """

    seat: int
    seat_name: str
    players: int
    rules: str
    moves: int
    turns: tuple[TurnReview, ...]
    close: CloseCount | None
    record_over: bool
    decisions: tuple[Verdict, ...] = ()
    #: The hand reviewed (to say the verdicts again in another language), not compared.
    source: Game | None = field(default=None, repr=False, compare=False)
    #: The ids of the retry positions its costly turns were kept as in the learner's progress
    #: (:func:`buraco_learn.practice.keep_hand`; ``()``: none kept, or recording off).
    kept: tuple[str, ...] = field(default=(), compare=False)

    @property
    def costliest(self) -> tuple[Verdict, ...]:
        """Every decision, the costliest first: the exact mistakes by the points they lost, then the
        judgements where the strong player would have chosen otherwise, then the good moves (ties:
        in play order). In the current language: verdicts made in another are judged again."""
        def key(v: Verdict) -> tuple[int, int, int]:
            return -v.cost, 0 if v.better is not None else 1, v.move or 0

        verdicts = self.decisions
        if verdicts and self.source is not None and verdicts[0].language != get_language():
            from .coach import judge_hand

            verdicts = judge_hand(self.source, self.seat)
        return tuple(sorted(verdicts, key=key))

    @property
    def worst(self) -> tuple[TurnReview, ...]:
        """The turns where points were lost, the most lost first (ties: the earlier turn first)."""
        lost = [t for t in self.turns if t.loss > 0]
        return tuple(sorted(lost, key=lambda t: (-t.loss, t.number)))

    @property
    def lost(self) -> int:
        """Every turn's loss added up."""
        return sum(t.loss for t in self.turns)

    @property
    def laid(self) -> int:
        """Every turn's laid points added up."""
        return sum(t.played_points for t in self.turns)

    def summary(self) -> str:
        """One sentence: turns, points laid, points lost."""
        n = len(self.turns)
        worst = self.worst
        text = trn("{seat} played {n} turn and laid down {points} points",
                   "{seat} played {n} turns and laid down {points} points", n, seat=seat_word(self.seat_name),
                   points=self.laid)
        if not worst:
            return text + semicolon() + tr("at every turn that was the most the hand could lay down.")
        k = len(worst)
        return text + semicolon() + trn("at {n} turn the solver found more: {points} points in all were left on the table.",
                                 "at {n} turns the solver found more: {points} points in all were left on the table.",
                                 k, points=self.lost)

    def lines(self) -> list[str]:
        """The report, line by line."""
        fields = dict(seat=seat_word(self.seat_name), rules=self.rules, players=self.players, moves=self.moves)
        if self.record_over:
            head = tr("Review of {seat}'s play ({rules}, {players} players, {moves} moves)", **fields)
        else:
            head = tr("Review of {seat}'s play ({rules}, {players} players, {moves} moves, the hand not finished)",
                      **fields)
        out = [head, self.summary()]
        if self.kept:
            from .practice import kept_words

            out.append(kept_words(len(self.kept)))
        if self.worst:
            out.append(tr("Where the most was lost") + colon())
            out += [f"  {t}" for t in self.worst]
        out.append(tr("Every turn:"))
        out += [f"  {t}" for t in self.turns]
        if self.decisions:
            out.append(tr("Every decision, the costliest first:"))
            out += ["  " + tr("Move {move}: {verdict}", move=v.move, verdict=" ".join(v.sentences[1:]) or str(v))
                    + " (" + v.sentences[0].rstrip(".") + ")" for v in self.costliest]
        if self.close is not None:
            out.append(tr("The count: {sentences}", sentences=" ".join(self.close.sentences(self.seat_name))))
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def __repr__(self) -> str:
        """What a notebook shows where it cannot show HTML: the review's head and summary."""
        return "\n".join(self.lines()[:2])

    def _repr_html_(self) -> str:
        from .render.review import review_html

        return review_html(self)


@dataclass
class _OpenTurn:
    """A turn of the reviewed seat being replayed (its discard not reached yet)."""

    move: int
    drew: Action
    pile_size: int
    position: str
    before: int
    best: Plan
    played: list[Action] = field(default_factory=list)

    def finish(self, number: int, points: int, closed: bool = False) -> TurnReview:
        return TurnReview(number, self.move, self.drew, self.pile_size, tuple(self.played), points, self.best,
                          self.position, closed)


def _bounded_solve(g: Game) -> Plan:
    """The solver's plan for ``g`` within one shared node budget (as a hint's searches are), so
    that a reviewed hand costs at most its turns' budgets however big a hand grew; a plan the
    budget cut short says so (``Plan.proven`` False, "best found")."""
    with shared_budget():
        return solve(g.clone())


def _advised_plan(g: Game) -> Plan:
    """What the hint and the coach advise laying down from ``g`` (:func:`~buraco_learn.hints.play_advice`),
    as a plan: the close when the side may close (its ``discard`` set, CLOSE-1: the strong player
    closes whenever it can), else the solver's most points less the wilds kept for a clean burraco
    and the reserve kept after the pot, so that the review never calls the advice a loss. Within one
    shared node budget (see :func:`_bounded_solve`)."""
    from .hints import play_advice  # (the hint's module imports this one's words)

    with shared_budget():
        advice = play_advice(g.clone())
    if advice.closing is not None:
        return advice.closing
    plan = advice.plan
    assert plan is not None
    if not advice.keep_words:
        return plan
    melds = tuple(Meld.from_cards(a.cards, rules=g.rules) for a in advice.actions if isinstance(a, LayDown))
    lay_offs = tuple(sorted((a.target, a.cards) for a in advice.actions if isinstance(a, LayOff)))
    rest = list(g.hand(g.to_move))
    for a in advice.actions:
        if isinstance(a, (LayDown, LayOff)):
            for c in a.cards:
                rest.remove(c)
    return Plan(melds, lay_offs, advice.points, tuple(rest), False, None, plan.proven)


def review(record_or_game: Game | str | Path, seat: int, *, decisions: bool = True, keep: bool = True) -> Review:
    """Review ``seat``'s play in a hand given as a :class:`Game`, a JSON game record or the
    :class:`~pathlib.Path` of a record's file.

    At each of the seat's turns, the solver is asked for the best plan from the position just
    after the draw, and compared with what the turn laid down. When the hand is over, the cards
    the seat still held are counted, with the solver's plan for them at the seat's last turn.
    With ``decisions`` (the default), every move of the seat gets the coach's verdict
    (:func:`buraco_learn.coach.judge_hand`). With ``keep`` (the default), the costly turns of a
    finished hand are kept as retry positions in the learner's progress when recording is on (a
    notebook kernel: :func:`buraco_learn.practice.keep_hand`), once each, and the review says so
    (:attr:`Review.kept`). The game given is not changed.

    >>> from buraco_learn import Game
    >>> review(Game.new(2, seed=1), seat=2)
    Traceback (most recent call last):
    ...
    ValueError: seat must be a seat from 0 to 1, not 2
    """
    source = as_game(record_or_game)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < source.players:
        raise ValueError(tr("seat must be a seat from 0 to {last}, not {seat}", last=source.players - 1, seat=repr(seat)))
    actions = source.actions
    g = start_of(source)
    turns: list[TurnReview] = []
    close_plan: Plan | None = None
    close_move: int | None = None
    close_position: str | None = None
    took_pot_last = False
    current: _OpenTurn | None = None
    for k, action in enumerate(actions):
        mine = g.to_move == seat
        if mine and isinstance(action, (Draw, TakePile)):
            pile_size = len(g.pile)
            g.apply(action)
            current = _OpenTurn(k + 1, action, pile_size, format_position(g), _side_value(g, seat), _advised_plan(g))
            continue
        if mine and current is not None and isinstance(action, Discard):
            close_plan = _bounded_solve(g)  # what the hand could still lay before this discard
            close_move = k + 1
            close_position = format_position(g)
            points = _side_value(g, seat) - current.before
            had_pot = g.took_pot[seat]
            g.apply(action)
            took_pot_last = g.took_pot[seat] and not had_pot  # the discard emptied the hand: the pot (POT-3)
            current.played.append(action)
            closed = g.is_over and g.result().closed_by == seat
            turns.append(current.finish(len(turns) + 1, points, closed))
            current = None
            continue
        g.apply(action)
        if mine and current is not None:
            current.played.append(action)
    if current is not None:  # the record stops in the middle of the seat's turn
        turns.append(current.finish(len(turns) + 1, _side_value(g, seat) - current.before))
    close: CloseCount | None = None
    if source.is_over:
        held = tuple(sorted(source.hand(seat), key=lambda c: c.sort_key))
        missed = None if took_pot_last else close_plan
        close = CloseCount(held, hand_points(held), close_move, missed, close_position,
                           source.result().reason)
    verdicts: tuple[Verdict, ...] = ()
    if decisions:
        from .coach import judge_hand

        verdicts = judge_hand(source, seat)
    done = Review(seat, source.seat_name(seat), source.players, source.rules.name, len(actions), tuple(turns),
                  close, source.is_over, verdicts, source.clone() if decisions else None)
    if keep:
        from .practice import keep_hand

        kept = keep_hand(done)
        if kept:
            done = replace(done, kept=kept)
    return done
