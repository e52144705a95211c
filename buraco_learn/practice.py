"""Mistakes that come back: retry positions, the review queue and mastery per skill.

**Retry positions.** After a reviewed hand (:func:`buraco_learn.review.review`), each costly
decision becomes a retry position, "your move here: find better", kept in the learner's progress
(:mod:`buraco_learn.progress`) and checked by the engine. A decision is a
:class:`CostlyDecision`: the position, what was played, what it cost, and how a better answer is
known. ``lay``: melds and lay-offs this turn, right when they lay down at least ``target`` points
(the solver's best, the same criterion that found the mistake); ``choice``: right when the move
played is one of ``accept`` (a discard, the draw, closing: what a wider review judges at least as
good). :func:`costly_decisions` makes them from a review; any list of them can be kept with
:func:`keep_retries`.

**The review queue.** Missed exercises, failed puzzles and retry positions come back on Leitner
boxes (:data:`~buraco_learn.progress.BOX_DAYS`: 1, 2, 4, 8 and 16 days): a right answer on the day
an item is due moves it one box up, a wrong one puts it back in box 1 (due the next day); right in
box 5 it is learned and leaves the queue. A missed exercise enters box 1 the day after its first
check, a failed puzzle the day after it failed, a retry position on the day it was made.

**Mastery.** Per rule ID (from the exercises that exercise it, :mod:`buraco_learn.exercises.catalog`)
and per strategy theme (puzzles by theme, retry positions by theme), the mean credit of the
learner's checks, as a percentage::

    mastery = 100 × (sum of credits) / (number of items tried)

An exercise's credit: 1 right at the first try; 0.6 right after one wrong answer (the hint seen);
0.4 right after two or more (the stronger hint); 0.2 right after the worked answer was shown;
0 not right yet. A puzzle's or a retry position's: 1 solved at the first try, 0.5 solved later,
0 not solved yet. The weakest skill is the lowest figure (ties: the one with more items tried).

Dates come from :data:`buraco_learn.progress.now`, which a test fixes.

>>> data = {"exercises": {"ace-high": {"right": True, "first_try": False, "tries": 2, "hint": 1,
...     "worked": False, "wrong": ["k"], "first": "2027-03-04T05:06:07Z"}}}
>>> [(s.key, s.percent, s.items) for s in mastery(data) if s.key == "RUN-2"]
[('RUN-2', 60, 1)]
>>> [i.key for i in due(data, "2027-03-05")], due(data, "2027-03-04")
(['exercise:ace-high'], [])
"""

from __future__ import annotations

import hashlib
import re
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from . import progress
from .actions import Discard, parse_action
from .errors import BuracoError, IllegalMove, NotationError, excerpt
from .game import Game
from .i18n import N_, tr, trn
from .puzzles import HINTS, Puzzle, Verdict, load_puzzles
from .records import parse_position
from .solver import meld_value

if TYPE_CHECKING:
    from .review import Review

__all__ = ["CostlyDecision", "RetryPuzzle", "ReviewItem", "Skill", "costly_decisions", "keep_retries", "keep_review",
           "keep_hand", "kept_words",
           "retry_id", "retry_puzzle", "retries", "due", "queue", "today", "mastery", "weakest", "practice_items",
           "CREDITS", "PUZZLE_FINDERS", "find_puzzle", "MasteryView", "mastery_view", "show_mastery", "exercise_credit"]

#: An exercise's credit in the mastery figure, by how it was got right (see the module's text).
CREDITS = {"first try": 1.0, "after the hint": 0.6, "after the stronger hint": 0.4, "after the worked answer": 0.2,
           "not yet": 0.0}
#: A puzzle's or retry position's credit: solved at the first try, solved later, not yet.
SOLVED_CREDITS = (1.0, 0.5, 0.0)


# ----------------------------------------------------------------------------- retry positions
@dataclass(frozen=True)
class CostlyDecision:
    """One costly decision of a hand: where (``position``, position notation, the player to move
    being the one who decided), what was played (in words), what it cost (points, or a judgement's
    weight: at least 1), and how a better answer is known (see the module's text). ``better``: the
    better move in words, shown as the worked answer; ``theme``: its strategy theme; ``rules``:
    the rule IDs that decide."""

    position: str
    played: str
    cost: int
    kind: Literal["lay", "choice"] = "lay"
    target: int = 0
    accept: tuple[str, ...] = ()
    better: str = ""
    theme: str = "most"
    rules: tuple[str, ...] = ("EQ-2", "TURN-2")


def costly_decisions(review: Review, *, min_cost: int = 10, most: int = 5) -> list[CostlyDecision]:
    """The reviewed turns that lost at least ``min_cost`` points, the costliest first (at most
    ``most`` of them), as decisions to retry: lay down at least the solver's best from the same
    position.

    >>> from buraco_learn import Game
    >>> from buraco_learn.bots import make_bot, play_hand
    >>> from buraco_learn.review import review
    >>> g = Game.new(2, seed=5)
    >>> _ = play_hand(g, [make_bot("greedy", 1), make_bot("random", 2)])
    >>> d = costly_decisions(review(g, seat=1))
    >>> d[0].cost == review(g, seat=1).worst[0].loss, d[0].target == review(g, seat=1).worst[0].best_points
    (True, True)
    """
    out: list[CostlyDecision] = []
    for turn in review.worst:
        if turn.loss < min_cost or len(out) >= most:
            continue
        if turn.best_points <= turn.played_points:  # the loss is the close alone: the coach's close verdict says it
            continue
        played = (tr("{plan} ({points} points)", plan=turn.played_words, points=format(turn.played_points, "+d"))
                  if turn.laid else tr("laid nothing down (0 points)"))
        out.append(CostlyDecision(turn.position, played, turn.loss, "lay", turn.best_points, (), turn.best_words))
    return out


def _normal_action(text: str) -> str:
    """An action as the engine writes it (``discard 9C``), to compare two answers."""
    return str(parse_action(text))


def _checked(decision: CostlyDecision) -> CostlyDecision:
    """``decision`` as kept, or :class:`NotationError` saying what is wrong with it."""
    if not isinstance(decision, CostlyDecision):
        raise NotationError(tr("a retry position is made from a CostlyDecision, not {value}", value=excerpt(decision)))
    try:
        game = parse_position(decision.position)
    except BuracoError as err:
        raise NotationError(tr("a retry position's position cannot be read: {reason}", reason=err)) from None
    if game.is_over:
        raise NotationError(tr("a retry position needs a decision to take: this hand is over"))
    if not isinstance(decision.cost, int) or isinstance(decision.cost, bool) or not 1 <= decision.cost <= 10**6:
        raise NotationError(tr("a retry position's cost is a whole number from 1 to 1,000,000, not {value}",
                               value=excerpt(decision.cost)))
    if decision.kind == "lay":
        if not isinstance(decision.target, int) or isinstance(decision.target, bool) or not 0 <= decision.target <= 10**6:
            raise NotationError(tr("a lay retry's target is the points to lay down, a whole number from 0, not {value}",
                                   value=excerpt(decision.target)))
        return decision
    accept = tuple(_normal_action(a) for a in decision.accept)  # NotationError: not an action
    return CostlyDecision(decision.position, decision.played, decision.cost, decision.kind, 0, accept,
                          decision.better, decision.theme, decision.rules)


def retry_id(decision: CostlyDecision) -> str:
    """A retry position's id: the same decision at the same position always gets the same one (so
    reviewing a hand twice keeps it once).

    >>> retry_id(CostlyDecision("fibur 2p d1 t0 play | x", "y", 5)) == retry_id(CostlyDecision("fibur 2p d1 t0 play | x", "z", 9))
    True
    """
    text = "\n".join((decision.kind, decision.position, str(decision.target), *sorted(decision.accept)))
    return "r" + hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()[:15]


def _kept(decision: CostlyDecision, added: str) -> dict[str, Any]:
    return {"position": decision.position, "kind": decision.kind, "played": decision.played[:500],
            "cost": decision.cost, "target": decision.target if decision.kind == "lay" else 0,
            "accept": list(decision.accept), "better": decision.better[:500], "theme": decision.theme,
            "rules": list(decision.rules), "added": added, "tries": 0, "solved": 0, "first_ok": False}


def keep_retries(decisions: Iterable[CostlyDecision], where: progress.Progress | None = None) -> list[str]:
    """Keep each decision as a retry position in the learner's progress (``where``: a
    :class:`~buraco_learn.progress.Progress`; default the current folder's, when recording is on),
    due today; returns their ids. A decision that is not one (a position that cannot be read, a
    hand already over, a move that is not an action) raises
    :class:`~buraco_learn.errors.NotationError` before any is kept."""
    checked = [_checked(d) for d in decisions]
    target = where if where is not None else (progress._DEFAULT if progress.enabled() else None)
    added = progress._now()
    ids = []
    for decision in checked:
        rid = retry_id(decision)
        kept = _kept(decision, added)
        problem = progress.retry_problem(kept)
        if problem is not None:
            raise NotationError(problem)
        ids.append(rid)
    if target is not None:
        for decision, rid in zip(checked, ids):
            target.add_retry(rid, _kept(decision, added))
    return ids


def keep_review(review: Review, where: progress.Progress | None = None, *, min_cost: int = 10,
                most: int = 5) -> list[str]:
    """Keep the costly turns of ``review`` as retry positions (see :func:`keep_retries` and
    :func:`costly_decisions`)."""
    return keep_retries(costly_decisions(review, min_cost=min_cost, most=most), where)


def kept_words(n: int) -> str:
    """The one line a table or a review says after keeping ``n`` retry positions.

    >>> kept_words(3)
    "3 turns kept to retry: see the index's To review today."
    """
    return trn("{n} turn kept to retry: see the index's To review today.",
               "{n} turns kept to retry: see the index's To review today.", n)


def keep_hand(review: Review) -> tuple[str, ...]:
    """Keep the costly turns of a finished hand's review (:func:`keep_review`) in the current
    folder's progress, when recording is on (a notebook kernel, :func:`~buraco_learn.progress.enabled`);
    the ids kept (``()`` when off, or for a hand not over). What the table and the review call by
    themselves once a hand ends, so the learner calls nothing; the same decision kept again is kept
    once. It never raises: a progress file that cannot be written is said on stderr.

    >>> from buraco_learn.review import review
    >>> keep_hand(review(Game.new(2, seed=1), seat=0, keep=False))   # not over, and no kernel here
    ()
    """
    if not review.record_over or not progress.enabled():
        return ()
    try:
        return tuple(keep_review(review))
    except Exception as err:  # noqa: BLE001 - a review or a table never fails because its retries could not be kept
        print("buraco_learn: " + tr("progress not recorded ({reason}).", reason=err), file=sys.stderr)
        return ()


def _side_value(game: Game, seat: int) -> int:
    return sum(meld_value(t.meld) for t in game.side_melds(seat))


@dataclass(frozen=True)
class RetryPuzzle(Puzzle):
    """A retry position as a puzzle (the puzzle widget plays it): ``kind`` is ``most`` for a lay
    retry, ``choice`` for a choice; :meth:`check` accepts any answer at least as good as the
    better move."""

    target: int = 0
    accept: tuple[str, ...] = ()
    played: str = ""
    cost: int = 0
    better: str = ""
    theme: str = "most"
    rules: tuple[str, ...] = ()

    @property
    def question(self) -> str:
        if self.kind == "most":
            return tr("Your move here: find better. In your hand you {played}, {cost} points fewer than you could; "
                      "lay down at least {target} points this turn.", played=self.played, cost=self.cost,
                      target=self.target)
        return tr("Your move here: find better. In your hand you {played}; play a better move.", played=self.played)

    @property
    def title(self) -> str:
        return tr("Retry position")

    def game(self) -> Game:
        return parse_position(self.position)

    def verify(self) -> bool:
        return True

    @property
    def hints(self) -> tuple[str, str]:
        if self.kind == "most":
            first, stronger = HINTS["most"]
            return tr(first), tr(stronger)
        return (tr("Look again at what the table shows before you decide (the rules cited say what counts)."),
                tr("Ask what each move gives the next player and what it keeps for your side."))

    def worked(self) -> str:
        if self.better:
            return tr("the better move: {better}.", better=self.better)
        return tr("one better move: {better}.", better=", ".join(self.accept))

    def check(self, answer: object) -> Verdict:
        """Right when the moves lay down at least ``target`` points (``most``) or include one of
        the accepted moves (``choice``); a refused move says why, with its rule IDs."""
        if not isinstance(answer, (str, list, tuple)) or isinstance(answer, (list, tuple)) and not all(
                isinstance(a, str) for a in answer):
            return Verdict(False, tr("that is not an answer to this position: play your moves on the table"))
        game = self.game()
        seat = game.to_move
        before = _side_value(game, seat)
        texts = [a.strip() for a in answer.replace("\n", ";").split(";")] if isinstance(answer, str) else list(answer)
        texts = [t for t in texts if t and t != "0"]
        played: list[str] = []
        try:
            for text in texts:
                if game.is_over or game.to_move != seat:
                    return Verdict(False, tr("only your own turn counts: {move} comes after your turn ended "
                                             "(a discard ends the turn, TURN-3). Give only the moves of this turn.",
                                             move=excerpt(text)), ("TURN-3",))
                action = parse_action(text)
                if self.kind == "most" and isinstance(action, Discard):
                    break
                game.apply(action)
                played.append(str(action))
        except IllegalMove as err:
            return Verdict(False, tr("the engine refuses {move}: {reason}", move=excerpt(text), reason=err), err.rules)
        except BuracoError as err:
            return Verdict(False, tr("I could not read that answer: {reason}.", reason=err))
        if self.kind == "most":
            got = _side_value(game, seat) - before
            rules = self.rules or ("EQ-2", "TURN-2")
            if got >= self.target:
                return Verdict(True, tr("Right: {text}", text=tr("that lays down {points} points, at least as much as "
                                                                  "the better move ({target}).", points=got,
                                                                  target=self.target)), rules)
            return Verdict(False, tr("those moves lay down {points} points; the better move lays down {target}: "
                                     "find more.", points=got, target=self.target), rules)
        if any(p in self.accept for p in played):
            return Verdict(True, tr("Right: {text}", text=tr("that is a better move.")), self.rules)
        return Verdict(False, tr("that is not better than what you played: think again."), self.rules)


def retry_puzzle(retry_key: str, retry: Mapping[str, Any]) -> RetryPuzzle:
    """The puzzle that plays a kept retry position (as the progress file holds it)."""
    kind = "most" if retry["kind"] == "lay" else "choice"
    return RetryPuzzle(retry_key, "medium", kind, retry["position"], str(retry["target"]), retry.get("better", ""),
                       target=retry["target"], accept=tuple(retry["accept"]), played=retry["played"],
                       cost=retry["cost"], better=retry.get("better", ""), theme=retry["theme"],
                       rules=tuple(retry["rules"]))


def retries(data: Mapping[str, Any]) -> dict[str, RetryPuzzle]:
    """Every kept retry position of a progress file's content, by id; one whose position no longer
    reads (it was kept by another version of the engine) is left out."""
    out = {}
    for key, retry in data.get("retries", {}).items():
        try:
            puzzle = retry_puzzle(key, retry)
            puzzle.game()
        except BuracoError:
            continue
        out[key] = puzzle
    return out


# ----------------------------------------------------------------------------- the queue
def _fixed_puzzle(theme: str, puzzle: str) -> Puzzle | None:
    return next((p for p in load_puzzles() if p.name == puzzle and p.kind == theme), None)


#: How a puzzle of the review queue is found again from its theme and id: each finder is asked
#: in turn (the fixed set first); a module that makes puzzles of its own (generated ones, from a
#: seed) appends a finder that remakes them.
def _generated_puzzle(theme: str, puzzle: str) -> Puzzle | None:
    """A generated puzzle, made again from its theme and ``<level>:<seed>`` (as
    :func:`buraco_learn.puzzles.streak.record_puzzle` keeps it for the queue)."""
    from .puzzles.streak import puzzle_of_key

    return puzzle_of_key(f"puzzle:{theme}:{puzzle}")


PUZZLE_FINDERS: list[Callable[[str, str], Puzzle | None]] = [_fixed_puzzle, _generated_puzzle]


def find_puzzle(theme: str, puzzle: str) -> Puzzle | None:
    """The puzzle with this theme and id (``None``: no finder knows it).

    >>> find_puzzle("safe", "easy-safe-1-12").kind, find_puzzle("safe", "no-such")
    ('safe', None)
    """
    for finder in PUZZLE_FINDERS:
        found = finder(theme, puzzle)
        if found is not None:
            return found
    return None


@dataclass(frozen=True)
class ReviewItem:
    """One item of the review queue: its key (``exercise:<id>``, ``puzzle:<theme>/<id>``,
    ``retry:<id>``), its kind and name, its Leitner box and the day it is due."""

    key: str
    kind: str
    name: str
    box: int
    due: str


def today() -> str:
    """Today, from the progress clock (:data:`buraco_learn.progress.now`), as ``2027-03-04``."""
    return progress._now()[:10]


def queue(data: Mapping[str, Any]) -> list[ReviewItem]:
    """Every item in the review queue (learned ones left out), the most overdue first (then the
    lower box, then the key)."""
    from .exercises.catalog import EXERCISES

    keys = set(data.get("boxes", {}))
    keys.update("exercise:" + k for k, e in data.get("exercises", {}).items() if e.get("wrong") or e.get("worked"))
    kept = data.get("retries", {})
    items = []
    for key in keys:
        kind, _, name = key.partition(":")
        if kind == "exercise" and name not in EXERCISES or kind == "retry" and name not in kept:
            continue
        box = progress.box_of(data, key)
        if box is None or box["box"] >= progress.LEARNED:
            continue
        items.append(ReviewItem(key, kind, name, box["box"], box["due"]))
    return sorted(items, key=lambda i: (i.due, i.box, i.key))


def due(data: Mapping[str, Any], day: str | None = None) -> list[ReviewItem]:
    """The items due on ``day`` (default :func:`today`) or before: what "to review today" counts."""
    day = day or today()
    return [i for i in queue(data) if i.due <= day]


# ----------------------------------------------------------------------------- mastery
@dataclass(frozen=True)
class Skill:
    """A skill's mastery: a rule ID (``kind`` ``rule``) or a strategy theme (``theme``), its
    figure from 0 to 100 and how many items it is made of."""

    key: str
    kind: str
    percent: int
    items: int


def exercise_credit(entry: Mapping[str, Any]) -> float:
    """An exercise's credit (see :data:`CREDITS`).

    >>> exercise_credit({"right": True, "first_try": True}), exercise_credit({"right": True, "worked": True})
    (1.0, 0.2)
    """
    if not entry.get("right"):
        return CREDITS["not yet"]
    if entry.get("worked"):
        return CREDITS["after the worked answer"]
    if entry.get("first_try"):
        return CREDITS["first try"]
    return CREDITS["after the hint"] if len(entry.get("wrong", ())) <= 1 else CREDITS["after the stronger hint"]


def _solved_credit(entry: Mapping[str, Any]) -> float:
    if entry.get("first_ok") and entry.get("tries", 0) >= 1:
        return SOLVED_CREDITS[0]
    return SOLVED_CREDITS[1] if entry.get("solved", 0) > 0 else SOLVED_CREDITS[2]


#: The themes of the fixed puzzles, in words.
THEME_WORDS = {"most": N_("most points"), "close": N_("close now"), "safe": N_("safe discard"),
               "score": N_("the count")}


def mastery(data: Mapping[str, Any]) -> list[Skill]:
    """Mastery per rule ID and per strategy theme from a progress file's content (see the module's
    text for the formula), rules first (in ID order), then themes."""
    from .exercises.catalog import EXERCISES

    rules: dict[str, list[float]] = {}
    for key, entry in data.get("exercises", {}).items():
        ex = EXERCISES.get(key)
        if ex is None or not (entry.get("tries", 0) > 0 or entry.get("right")):
            continue
        credit = exercise_credit(entry)
        for rule in ex.rules:
            rules.setdefault(rule, []).append(credit)
    themes: dict[str, list[float]] = {}
    for entry in data.get("puzzles", {}).values():
        themes.setdefault(entry["theme"], []).append(_solved_credit(entry))
    for retry in data.get("retries", {}).values():
        if retry.get("tries", 0) > 0:
            themes.setdefault(retry["theme"], []).append(_solved_credit(retry))

    def skill(key: str, kind: str, credits: list[float]) -> Skill:
        return Skill(key, kind, round(100 * sum(credits) / len(credits)), len(credits))

    return ([skill(k, "rule", v) for k, v in sorted(rules.items(), key=lambda kv: _rule_order(kv[0]))]
            + [skill(k, "theme", v) for k, v in sorted(themes.items())])


def _rule_order(rule: str) -> tuple[str, int]:
    m = re.fullmatch(r"([A-Z]+)-(\d+)", rule)
    return (m.group(1), int(m.group(2))) if m else (rule, 0)


def weakest(data: Mapping[str, Any]) -> Skill | None:
    """The weakest skill: the lowest figure, ties to the one with more items tried (``None``: no
    check yet)."""
    skills = mastery(data)
    return min(skills, key=lambda s: (s.percent, -s.items, s.key)) if skills else None


def practice_items(skill: Skill, data: Mapping[str, Any]) -> list[str]:
    """What "practise my weakest" serves for ``skill``: for a rule ID, its exercises (those not
    right at the first try first); for a theme, its fixed puzzles (those not solved first) and its
    retry positions. As review keys (``exercise:<id>``, ``puzzle:<theme>/<id>``, ``retry:<id>``).

    >>> practice_items(Skill("RUN-2", "rule", 0, 1), {})[:1]
    ['exercise:ace-high']
    """
    if skill.kind == "rule":
        from .exercises.catalog import by_rule

        ids = by_rule().get(skill.key, [])
        done = data.get("exercises", {})
        return ["exercise:" + i for i in sorted(ids, key=lambda i: (exercise_credit(done.get(i, {})) >= 1, ids.index(i)))]
    solved = data.get("puzzles", {})
    names = [p.name for p in load_puzzles() if p.kind == skill.key]
    out = ["puzzle:" + f"{skill.key}/{n}" for n in sorted(names, key=lambda n: (
        _solved_credit(solved.get(f"{skill.key}/{n}", {})) >= 1, names.index(n)))]
    out += ["retry:" + k for k, r in data.get("retries", {}).items() if r["theme"] == skill.key]
    return out


@dataclass(frozen=True)
class MasteryView:
    """Mastery per skill as a picture (a bar per rule ID and per theme) and as text."""

    skills: tuple[Skill, ...]
    weakest: Skill | None

    def label(self, skill: Skill) -> str:
        """A skill as shown: a rule ID as it is, a theme in words."""
        return skill.key if skill.kind == "rule" else tr(THEME_WORDS[skill.key]) if skill.key in THEME_WORDS else skill.key

    def _said(self, skill: Skill) -> str:
        return tr("{percent}% ({n} tried)", percent=skill.percent, n=skill.items)

    def note(self) -> str:
        """The line under the title: the weakest skill, or what to do first."""
        if self.weakest is None:
            return tr("No check recorded yet: answer exercises and puzzles, and your mastery of each rule shows here.")
        return tr("Your weakest: {skill} ({percent}%).", skill=self.label(self.weakest), percent=self.weakest.percent)

    def text(self) -> str:
        """The view as text: a line per skill with a bar of # out of 10."""
        lines = [tr("Mastery per rule and theme"), self.note()]
        for s in self.skills:
            lines.append(f"  {self.label(s):<14} {'#' * round(s.percent / 10):<10}  {self._said(s)}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        from .render.mastery import mastery_html

        legend = tr("A first try counts 1, right after the hint 0.6, after the stronger hint 0.4, after the worked "
                    "answer 0.2; a puzzle solved at once 1, later 0.5.") if self.skills else ""
        return mastery_html([(self.label(s), s.percent, self._said(s)) for s in self.skills],
                            title=tr("Mastery per rule and theme"), note=self.note(), legend=legend)


def mastery_view(data: Mapping[str, Any]) -> MasteryView:
    """The mastery picture of a progress file's content."""
    return MasteryView(tuple(mastery(data)), weakest(data))


def show_mastery() -> MasteryView:
    """Your mastery per rule ID and per theme, a bar each (empty when recording is off, so a
    build shows the same thing).

    >>> print(show_mastery().text().splitlines()[1])   # no kernel here: nothing is recorded
    No check recorded yet: answer exercises and puzzles, and your mastery of each rule shows here.
    """
    return mastery_view(progress._DEFAULT.load() if progress.enabled() else {})
