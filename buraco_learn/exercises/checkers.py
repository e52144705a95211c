"""Self-checking exercises: the kinds of question, the hints, and the checker that keeps count.

An exercise is a frozen value: a question, the rule IDs it exercises, a worked answer, a first
hint and a stronger one, and a ``judge`` that asks the engine whether an answer is right. Nothing
here re-implements a rule: melds are judged by :class:`~buraco_learn.Meld`, moves by
:class:`~buraco_learn.Game`'s ``verify_*`` methods, counts by :func:`~buraco_learn.score_side`.

A :class:`Checker` counts the wrong answers to each exercise, so a second wrong answer gets the
stronger hint and a third one the worked answer. A wrong or blank answer raises :class:`NotYet`
(an ``AssertionError``), so a notebook cell stops there, as a failing test would:

>>> ex = NumberExercise(id="demo-points", question="How many points is the meld QH KH AH worth?",
...     rules=("EQ-2",), expected=lambda: Meld.from_cards("QH KH AH").points,
...     hint="Add the points of each card (EQ-2).", stronger="Queen and king 10 each, the ace 15 (EQ-2).")
>>> checker = Checker()
>>> checker.check(ex, ...)
Traceback (most recent call last):
...
buraco_learn.exercises.checkers.Blank: Not answered yet. How many points is the meld QH KH AH worth? Replace the ... after answer = with a whole number, then run the cell.
>>> checker.check(ex, 30)
Traceback (most recent call last):
...
buraco_learn.exercises.checkers.NotYet: Not yet: 30 is not right. Hint: Add the points of each card (EQ-2).
>>> checker.check(ex, "35")   # a number typed as text is read too
'Right: 35. (EQ-2)'
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..cards import Card, format_cards, parse_cards
from ..errors import BuracoError, IllegalMove, InvalidMeld, NotationError
from ..game import Game
from ..i18n import N_, get_language, seat_word, tr, trn
from ..melds import Meld
from ..notes import say
from ..puzzles import Puzzle, right_prefix
from ..reference import RULE_ID, cited_rules

__all__ = [
    "NotYet", "Blank", "Verdict", "Exercise", "MeldExercise", "LayOffExercise", "NumberExercise",
    "ChoiceExercise", "CardsExercise", "ActionExercise", "PuzzleExercise", "Checker", "cards_of", "RULE_ID",
    "Feedback", "UnknownExercise", "WrongChecker",
]



@dataclass(frozen=True)
class Feedback:
    """What a learner is told about one answer: ``state`` is ``blank``, ``wrong``, ``right`` or
    ``info``; ``message`` says what was seen, ``hint`` what to think of, ``rules`` the rule IDs
    (shown with their sentences), ``worked`` a right answer (after the third wrong try).

    Shown in Jupyter as the course's feedback box (:func:`buraco_learn.render.feedback_html`);
    as text everywhere else:

    >>> fb = Feedback("wrong", "30 is not right.", hint="Add the points (EQ-2).", rules=("EQ-2",))
    >>> print(fb)
    Not yet: 30 is not right. Hint: Add the points (EQ-2).
    >>> "✗ Not yet" in fb._repr_html_() and "EQ-2" in fb._repr_html_()
    True
    """

    state: str
    message: str
    hint: str = ""
    rules: tuple[str, ...] = ()
    hint_label: str = N_("Hint")
    worked: str = ""
    attempt: int = 0
    detail_html: str = ""

    def text(self) -> str:
        """The verdict as one paragraph of plain text (a right answer's "why" is in the box only)."""
        if self.state == "right":
            return tr("Right: {message}", message=_stop(self.message)) + (f" ({', '.join(self.rules)})" if self.rules else "")
        if self.state == "blank":
            return tr("Not answered yet.") + f" {self.message}" + (f" {self.hint}" if self.hint else "")
        if self.state == "info":
            return self.message
        head = tr("Not yet") if self.attempt <= 1 else tr("Not yet (try {n})", n=self.attempt)
        text = tr("{head}: {message}", head=head, message=_stop(self.message))
        if self.hint:
            text += " " + tr("{label}: {text}", label=tr(self.hint_label), text=self.hint)
        if self.worked:
            text += " " + tr("One right answer: {answer}", answer=self.worked)
        return text

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        from html import escape

        from ..render.feedback import feedback_html

        label = tr("One right answer:")
        worked = f"<b>{escape(label)}</b> <code>{escape(self.worked)}</code>" if self.worked else ""
        return feedback_html(self.state, self.message, rules=self.rules,  # type: ignore[arg-type]
                             hint=self.hint, hint_label=tr(self.hint_label), detail_html=self.detail_html,
                             after_hint_html=worked, show_rules=self.state != "blank")


class NotYet(AssertionError):
    """A wrong answer: the message says what is wrong and gives a hint naming the rule.

    ``rules`` holds the rule IDs the hint points to; ``attempt`` counts the wrong answers so far;
    ``feedback`` is the whole verdict (shown as the course's feedback box in a notebook). In
    IPython the exception shows as one short line (:meth:`_render_traceback_`), never as Python
    frames: the box above it says everything.
    """

    def __init__(self, message: str, *, exercise: str = "", rules: tuple[str, ...] = (), attempt: int = 0,
                 feedback: Feedback | None = None) -> None:
        super().__init__(message)
        self.exercise = exercise
        self.rules = rules
        self.attempt = attempt
        self.feedback = feedback if feedback is not None else Feedback("wrong", message, rules=rules, attempt=attempt)

    def _render_traceback_(self) -> list[str]:
        """How IPython shows this exception: one line, no Python frames."""
        return ["\x1b[2m✗ " + tr("Not yet: read the box above, change your answer, and run the cell again.") + "\x1b[0m"]


class UnknownExercise(KeyError):
    """A check names an exercise the catalog does not have (shown in IPython as one line)."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""

    def _render_traceback_(self) -> list[str]:
        return [f"✗ {self}"]


class WrongChecker(TypeError):
    """A check of the wrong kind (``check_meld`` on a number exercise), shown as one line."""

    def _render_traceback_(self) -> list[str]:
        return [f"✗ {self}"]


class Blank(NotYet):
    """An answer still left as ``...``: the message restates the question."""

    def _render_traceback_(self) -> list[str]:
        return ["\x1b[2m✎ " + tr("Waiting for your answer: replace the ... and run the cell again.") + "\x1b[0m"]


@dataclass(frozen=True)
class Verdict:
    """The judgement of one answer: right or not, what to say, which rules it is about."""

    ok: bool
    message: str
    rules: tuple[str, ...] = ()
    #: The answer could not be read (wrong type, bad notation, not an option): it is not counted as
    #: a wrong try, and the feedback says what form an answer takes.
    form: bool = False
    #: A right answer that costs points (a clean burraco spoilt): what it costs, and its rules.
    warning: str = ""
    warning_rules: tuple[str, ...] = ()


def cards_of(answer: Any) -> list[Card]:
    """The cards an answer names: notation text, a card, a meld, a list of either, or a widget
    with a selection (``selected_cards``, ``selected`` or ``selection``).

    >>> cards_of("QH kh AH")
    [Card.parse('QH'), Card.parse('KH'), Card.parse('AH')]
    >>> cards_of(Meld.from_cards("5H 6H 7H"))
    [Card.parse('5H'), Card.parse('6H'), Card.parse('7H')]
    """
    for name in ("selected_cards", "selected", "selection"):
        if not isinstance(answer, (str, Card, Meld, list, tuple)) and hasattr(answer, name):
            answer = getattr(answer, name)
            if callable(answer):
                answer = answer()
            break
    if isinstance(answer, Card):
        return [answer]
    if isinstance(answer, Meld):
        return list(answer.cards)
    if isinstance(answer, str):
        return parse_cards(_strip_annotations(answer))
    if isinstance(answer, Iterable):
        return parse_cards([c if isinstance(c, Card) else str(c) for c in answer])
    raise NotationError(tr("{answer} is not cards: write them like \"5H 6H 7H\"", answer=repr(answer)))


def _strip_annotations(text: str) -> str:
    return re.sub(r"\(=[^)]*\)", "", text)


@dataclass(frozen=True, kw_only=True)
class Exercise:
    """One question. Subclasses say what an answer is and how the engine judges it.

    ``question`` is Markdown; ``rules`` are the rule IDs the exercise exercises; ``hint`` is given
    after a first wrong answer and ``stronger`` after a second (each names a rule ID); ``answer``
    is the worked answer, written into the solution notebook.
    """

    id: str
    question: str
    rules: tuple[str, ...]
    hint: str
    stronger: str
    answer: Any = None
    #: Python source shown before the answer cell; by default ``show(id)`` when there is a position.
    setup: str = ""
    #: The table the question is about, in position notation (or a function making it).
    position: str | Callable[[], str] | None = None
    #: Show every hand of the position, not only the hand of the player to move.
    reveal: bool = False
    #: Python source of the worked answer cell, when ``answer = <value>`` is not enough
    #: (an answer picked on a widget, say); it must set ``answer``.
    solution_code: str = ""
    #: The comment of the blank cell, when the kind's usual one does not fit.
    blank_hint: str = ""
    #: For an answer given on a widget (cards clicked on a table, moves played on a puzzle): the
    #: whole sentence saying what to do, said instead of "Replace the ... after answer = with
    #: <form>" (which a widget answer does not fit).
    todo: str = ""
    kind: ClassVar[str] = "exercise"
    #: How to write an answer, shown as a comment in the blank cell.
    form: ClassVar[str] = "your answer"

    def judge(self, answer: Any) -> Verdict:
        """Ask the engine whether ``answer`` is right."""
        raise NotImplementedError

    def instructions(self) -> str:
        """What to do to answer, as one sentence (in the language of the moment).

        >>> from buraco_learn.exercises.catalog import EXERCISES
        >>> EXERCISES["pick-a-run"].instructions()
        'Click the cards on the table above, then replace the ... after answer = with table and run the cell.'
        >>> EXERCISES["ace-high"].instructions()
        'Replace the ... after answer = with a meld in notation, like "5H 6H 7H", then run the cell.'
        """
        if self.todo:
            return tr(self.todo)
        return tr("Replace the ... after answer = with {form}, then run the cell.", form=tr(self.blank_hint or self.form))

    def options_text(self) -> str:
        """The options, as text after the question (empty: not a choice)."""
        return ""

    def options_markdown(self) -> str:
        """The options as a lettered Markdown list (empty: not a choice)."""
        return ""

    def game(self) -> Game:
        """A fresh game at the exercise's position."""
        if self.position is None:
            raise ValueError(f"exercise {self.id!r} has no position")
        text = self.position() if callable(self.position) else self.position
        return Game.from_position(text)

    def cards_shown(self) -> tuple[str, str]:
        """The hand and the meld the exercise names, drawn above it when it has no table."""
        return "", ""

    def setup_code(self) -> str:
        """The cell shown before the answer cell (empty: none)."""
        if self.setup:
            return self.setup
        return f"show({self.id!r})" if self.position is not None or any(self.cards_shown()) else ""

    def worked_answer(self) -> Any:
        """The answer written into the solution notebook."""
        return self.answer

    def answer_code(self) -> str:
        """Python source of the worked answer."""
        return repr(self.worked_answer())

    def check_call(self) -> str:
        """The line of a notebook cell that checks the answer."""
        return f"check_{self.kind}({self.id!r}, answer)"


# ----------------------------------------------------------------------------------- melds
def _meld_of(cards: Sequence[Card], rules: str | None, text: str | None = None) -> Meld:
    if text is not None and "(=" in text:
        return Meld.parse(text, rules=rules)
    return Meld.from_cards(cards, rules=rules)


def _live_hand(answer: Any) -> list[Card] | None:
    """The hand a table widget shows now (its game, its viewer), or ``None`` for any other answer."""
    if isinstance(answer, (str, Card, Meld, list, tuple)):
        return None
    game, viewer = getattr(answer, "game", None), getattr(answer, "viewer", None)
    if not isinstance(game, Game) or not isinstance(viewer, int):
        return None
    return list(game.hand(viewer))


def _describe(m: Meld) -> str:
    if m.burraco:
        return (tr("{meld} is a set, a {kind} burraco", meld=m, kind=tr(m.burraco)) if m.kind == "set"
                else tr("{meld} is a run, a {kind} burraco", meld=m, kind=tr(m.burraco)))
    return tr("{meld} is a set", meld=m) if m.kind == "set" else tr("{meld} is a run", meld=m)


#: The burraco kinds as words (the engine's values are the English words).
_KIND_WORDS = (N_("clean"), N_("semi-clean"), N_("dirty"))


@dataclass(frozen=True, kw_only=True)
class MeldExercise(Exercise):
    """Write a meld in notation (or pick its cards on a hand widget).

    The engine lays the cards out (:meth:`Meld.from_cards`); the meld must then fit every
    criterion given: its ``meld_kind`` (``'set'``/``'run'``), ``burraco`` kind (``'none'`` for
    not a burraco), whether it has a wild, its ``ace`` (``'high'``/``'low'``), at least
    ``min_cards`` cards, only cards ``from_hand``, the cards in ``include``, or exactly the
    ``layout`` of the cards ``layout_of`` (a wild's stand-in written like ``2C(=7C)``).
    """

    meld_kind: str | None = None
    burraco: str | None = None
    has_wild: bool | None = None
    ace: str | None = None
    min_cards: int = 3
    from_hand: str | None = None
    include: str = ""
    layout_of: str | None = None
    layout: str | None = None
    preset: str | None = None
    kind: ClassVar[str] = "meld"
    form: ClassVar[str] = 'a meld in notation, like "5H 6H 7H"'

    def cards_shown(self) -> tuple[str, str]:
        if self.solution_code:  # answered on a table widget, which shows the hand already
            return "", ""
        return self.from_hand or "", ""

    def worked_answer(self) -> Any:
        if self.layout_of is not None:
            return Meld.from_cards(self.layout_of, rules=self.preset).notation()
        if self.layout is not None:
            return Meld.parse(self.layout, rules=self.preset).notation()
        return self.answer

    def judge(self, answer: Any) -> Verdict:
        text = answer if isinstance(answer, str) else None
        cards = cards_of(answer)
        live = _live_hand(answer)
        if live is not None:  # picked on a table widget: judged against the hand it shows now
            missing = Counter(cards) - Counter(live)
            if missing:
                return Verdict(False, tr("{cards} not in the hand {hand}", cards=format_cards(missing.elements()),
                                         hand=format_cards(live)))
        elif self.from_hand is not None:
            missing = Counter(cards) - Counter(parse_cards(self.from_hand))
            if missing:
                return Verdict(False, tr("{cards} not in the hand {hand}", cards=format_cards(missing.elements()),
                                         hand=self.from_hand))
        try:
            m = _meld_of(cards, self.preset, text)
        except InvalidMeld as err:
            suits = list(dict.fromkeys(c.suit for c in cards if c.suit is not None and c.r != 2))
            if self.meld_kind == "run" and len(suits) > 1:
                symbols = [s.symbol for s in suits]
                names = tr("{first} and {last}", first=", ".join(symbols[:-1]), last=symbols[-1])
                return Verdict(False, tr("{cards} is not a run: its cards are of {n} suits, {names}, and a run's "
                                         "cards share one suit (RUN-1)", cards=format_cards(cards), n=len(suits),
                                         names=names), ("RUN-1",))
            return Verdict(False, tr("not a meld: {error}", error=err), err.rules)
        if self.layout_of is not None:
            want = Meld.from_cards(self.layout_of, rules=self.preset)
            if Counter(cards) != Counter(want.cards):
                return Verdict(False, tr("the meld should use exactly the cards {cards}", cards=self.layout_of))
            if want.wild is not None and want.kind == "run" and (text is None or "(=" not in text):
                return Verdict(False, tr("write the layout with the wild's stand-in, like 2C(=7C); the cards are "
                                         "right"), ("WILD-1",))
            if m.notation() != want.notation():
                return Verdict(False, tr("{meld} is a legal layout, but not the one the engine chooses for these "
                                         "cards", meld=m.notation()), ("WILD-1", "RUN-6"))
        if self.layout is not None:
            want = Meld.parse(self.layout, rules=self.preset)
            if Counter(cards) != Counter(want.cards):
                return Verdict(False, tr("the meld should use exactly the cards {cards}",
                                         cards=format_cards(want.cards)))
            if m.notation() != want.notation():
                return Verdict(False, tr("{meld} is legal, but the wild does not stand where asked; write its "
                                         "stand-in, like JK(=7H)", meld=m.notation()), ("WILD-1",))
        if self.meld_kind is not None and m.kind != self.meld_kind:
            said = (tr("{what}, and a set is asked for", what=_describe(m)) if self.meld_kind == "set"
                    else tr("{what}, and a run is asked for", what=_describe(m)))
            return Verdict(False, said,
                           ("SET-1",) if self.meld_kind == "set" else ("RUN-1",))
        if self.min_cards and len(m) < self.min_cards:
            return Verdict(False, tr("{meld} has {n} cards; at least {least} are asked for", meld=m, n=len(m),
                                     least=self.min_cards))
        want_cards = parse_cards(self.include)
        missing_inc = Counter(want_cards) - Counter(cards)
        if missing_inc:
            return Verdict(False, tr("the meld should include {cards}", cards=format_cards(missing_inc.elements())))
        if self.has_wild is not None and (m.wild is not None) != self.has_wild:
            said = (tr("{meld} has a wild; the question asks for none", meld=m) if m.wild is not None
                    else tr("{meld} has no wild; the question asks for one", meld=m))
            return Verdict(False, said, ("EQ-3", "RUN-5"))
        if self.ace is not None:
            aces = [i for i, c in enumerate(m.cards) if c.rank is not None and c.r == 1]
            pos = None
            if m.kind == "run" and aces:
                pos = "low" if m.low == 1 else "high"
            if pos != self.ace:
                if pos is None:
                    said = (tr("{meld} has no high ace", meld=m) if self.ace == "high"
                            else tr("{meld} has no low ace", meld=m))
                else:
                    said = (tr("in {meld} the ace is high, not low", meld=m) if pos == "high"
                            else tr("in {meld} the ace is low, not high", meld=m))
                return Verdict(False, said, ("RUN-2",))
        if self.burraco is not None:
            got = m.burraco or "none"
            if got != self.burraco:
                said = (tr("{meld} is not a burraco", meld=m) if got == "none"
                        else tr("{meld} is a {kind} burraco", meld=m, kind=tr(got)))
                return Verdict(False, said, ("BUR-1", "BUR-2", "BUR-3", "BUR-4"))
        return Verdict(True, _describe(m), self.rules)


@dataclass(frozen=True, kw_only=True)
class LayOffExercise(Exercise):
    """Give the card(s) to lay off onto the meld ``onto`` so that the result fits: at least
    ``min_cards`` long, a ``burraco`` kind, or equal to ``result`` (a layout)."""

    onto: str
    from_hand: str | None = None
    burraco: str | None = None
    result: str | None = None
    min_cards: int = 0
    preset: str | None = None
    kind: ClassVar[str] = "layoff"
    form: ClassVar[str] = 'the card(s) to lay off, like "8C"'

    def cards_shown(self) -> tuple[str, str]:
        return self.from_hand or "", self.onto

    def judge(self, answer: Any) -> Verdict:
        cards = cards_of(answer)
        if self.from_hand is not None:
            missing = Counter(cards) - Counter(parse_cards(self.from_hand))
            if missing:
                return Verdict(False, tr("{cards} not in the hand {hand}", cards=format_cards(missing.elements()),
                                         hand=self.from_hand))
        base = Meld.parse(self.onto, rules=self.preset)
        try:
            m = base.lay_off(cards)
        except InvalidMeld as err:
            return Verdict(False, tr("the lay-off is refused: {error}", error=err), err.rules)
        if self.result is not None and m.notation() != Meld.parse(self.result, rules=self.preset).notation():
            return Verdict(False, tr("the lay-off is legal and gives {meld}, but not what is asked for", meld=m))
        if self.min_cards and len(m) < self.min_cards:
            return Verdict(False, tr("that gives {meld}, {n} cards; {least} are asked for", meld=m, n=len(m),
                                     least=self.min_cards), ("BUR-1",))
        if self.burraco is not None and (m.burraco or "none") != self.burraco:
            said = (tr("that gives {meld}, not a burraco", meld=m) if m.burraco is None
                    else tr("that gives {meld}, a {kind} burraco", meld=m, kind=tr(m.burraco)))
            return Verdict(False, said, ("BUR-2", "BUR-3", "BUR-4", "BUR-5"))
        return Verdict(True, tr("{meld} + {cards} gives {result}", meld=base, cards=format_cards(cards), result=m),
                       self.rules)


# ----------------------------------------------------------------------------------- numbers
@dataclass(frozen=True, kw_only=True)
class NumberExercise(Exercise):
    """Give a number (points, a score, a count). ``expected`` computes it with the engine;
    ``mistakes`` maps likely wrong numbers to what was probably missed."""

    expected: Callable[[], int]
    mistakes: Mapping[int, str] = field(default_factory=dict)
    #: The reasoning shown with a right answer (by default the stronger hint).
    why: str = ""
    kind: ClassVar[str] = "number"
    form: ClassVar[str] = "a whole number"

    def worked_answer(self) -> Any:
        return self.expected()

    def judge(self, answer: Any) -> Verdict:
        number = _whole_number(answer)
        if number is None:
            return Verdict(False, tr("{answer} is not a whole number; write it like 45 (or -45)",
                                     answer=_short(answer)), form=True)
        answer = number
        want = int(self.expected())
        if answer == want:
            return Verdict(True, str(want), self.rules)
        if answer in self.mistakes:
            extra = tr(self.mistakes[answer])
            return Verdict(False, tr("{answer} is not right: {why}", answer=answer, why=extra), cited_rules(extra))
        return Verdict(False, tr("{answer} is not right", answer=answer))


def _whole_number(answer: Any) -> int | None:
    """``answer`` as a plain int when it is one: an int, a whole float, or digits typed as text
    (``"9"``, ``" -47 "``, ``"1,200"``); ``None`` otherwise. Subclasses are read as their value,
    so an object that pretends to equal everything is just its number.

    >>> _whole_number("9"), _whole_number(" -47 "), _whole_number(168.0), _whole_number("9 points")
    (9, -47, 168, None)
    """
    if isinstance(answer, bool):
        return None
    if isinstance(answer, int):
        return int.__index__(answer)
    if isinstance(answer, float):
        return int(answer) if float.is_integer(answer) else None
    if isinstance(answer, str):
        text = str.__str__(answer).strip().replace(",", "").replace("−", "-").replace(" ", "")
        if re.fullmatch(r"[+-]?\d+", text):
            return int(text)
    return None


# ----------------------------------------------------------------------------------- choices
@dataclass(frozen=True, kw_only=True)
class ChoiceExercise(Exercise):
    """Choose one option by its letter. ``options`` maps letters to text; ``correct`` is the
    right letter, or a function computing it with the engine; ``why`` explains wrong options."""

    options: Mapping[str, str]
    correct: str | Callable[[], str]
    why: Mapping[str, str] = field(default_factory=dict)
    kind: ClassVar[str] = "choice"
    form: ClassVar[str] = 'a letter, like "a"'

    def right(self) -> str:
        """The right letter."""
        return self.correct() if callable(self.correct) else self.correct

    def worked_answer(self) -> Any:
        return self.right()

    def options_text(self) -> str:
        options = {k: tr(v) for k, v in self.options.items()}
        return " " + " ".join(f"{k}) {_plain(v)}." if not v.endswith((".", "?", "!")) else f"{k}) {_plain(v)}"
                              for k, v in options.items())

    def options_markdown(self) -> str:
        return "\n".join(f"- **{k})** {tr(v)}" for k, v in self.options.items())

    def judge(self, answer: Any) -> Verdict:
        letters = ", ".join(f'"{k}"' for k in self.options)
        if not isinstance(answer, str):
            return Verdict(False, tr("{answer} is not one of the options; answer with one letter in quotes: "
                                     "{letters}", answer=_short(answer), letters=letters), form=True)
        a = str.__str__(answer).strip().lower().rstrip(")").strip()
        if a not in self.options:
            return Verdict(False, tr("{answer} is not one of the options; answer with one of {letters}",
                                     answer=_short(answer), letters=letters), form=True)
        if a == self.right():
            return Verdict(True, f"{a}) {tr(self.options[a])}", self.rules)
        if a in self.why:
            extra = tr(self.why[a])
            return Verdict(False, tr("{letter}) is not right: {why}", letter=a, why=extra), cited_rules(extra))
        return Verdict(False, tr("{letter}) is not right", letter=a))


# ----------------------------------------------------------------------------------- positions
@dataclass(frozen=True, kw_only=True)
class CardsExercise(Exercise):
    """Name cards of a position: every card of the hand to move that fits (``mode='all'``) or
    any one such card (``mode='one'``). ``fits(game, card)`` asks the engine."""

    fits: Callable[[Game, Card], bool]
    mode: str = "all"
    #: Why a card does not fit, when the engine's discard check does not say (``None``: no more).
    explain: Callable[[Game, Card], str | None] | None = None
    kind: ClassVar[str] = "cards"
    form: ClassVar[str] = 'cards in notation, like "9C 5H"'

    def right_cards(self) -> list[Card]:
        """The distinct cards of the hand to move that fit, in hand order."""
        g = self.game()
        return [c for c in dict.fromkeys(g.hand(g.to_move)) if self.fits(g, c)]

    def worked_answer(self) -> Any:
        right = self.right_cards()
        return format_cards(right if self.mode == "all" else right[:1])

    def judge(self, answer: Any) -> Verdict:
        cards = list(dict.fromkeys(cards_of(answer)))
        g = self.game()
        hand = g.hand(g.to_move)
        stray = [c for c in cards if c not in hand]
        if stray:
            return Verdict(False, tr("{cards} not in {seat}'s hand", cards=format_cards(stray),
                                     seat=seat_word(g.seat_name(g.to_move))))
        right = self.right_cards()
        wrong = [c for c in cards if c not in right]
        if wrong:
            c = wrong[0]
            why = self._why(g, c)
            said = tr("{card} does not fit: {why}", card=c, why=why) if why else tr("{card} does not fit", card=c)
            return Verdict(False, said, self._rules(g, c))
        if not cards:
            return Verdict(False, tr("no card named"), form=True)
        if self.mode == "all" and len(cards) < len(right):
            return Verdict(False, trn("{cards} fits, but some cards are missing: name them all",
                                      "{cards} fit, but some cards are missing: name them all", len(cards),
                                      cards=format_cards(cards)))
        return Verdict(True, format_cards(cards), self.rules)

    def _why(self, g: Game, c: Card) -> str:
        if self.explain is not None:
            said = self.explain(g, c)
            if said:  # said in the current language already
                return said
        try:
            if g.phase == "play":
                g.verify_discard(c)
        except IllegalMove as err:
            text = str(err)
            # the engine's sentence without its head (the card is named already)
            said = tr("{who} may not discard {card}: {why}", who=seat_word(g.seat_name(g.to_move)), card=c,
                      why="\x00").partition("\x00")[0]
            rest = text.removeprefix(said)
            if rest != text and rest.startswith(f"{c} ") and get_language() == "en":
                rest = "it " + rest.removeprefix(f"{c} ")
            return rest
        return ""

    def _rules(self, g: Game, c: Card) -> tuple[str, ...]:
        if self.explain is not None and self.explain(g, c):
            return cited_rules(self.explain(g, c) or "")
        try:
            if g.phase == "play":
                g.verify_discard(c)
        except IllegalMove as err:
            return err.rules
        return ()


@dataclass(frozen=True, kw_only=True)
class ActionExercise(Exercise):
    """Give a move in action notation (``'meld 5H 6H 7H'``, ``'layoff 0: 8C'``, ``'discard 9C'``)
    at ``position``. The engine refuses illegal moves; ``goal(game, event)`` then says what is
    still wrong with a legal one (or ``None`` when it reaches the goal)."""

    goal: Callable[[Game], str | None]
    kind: ClassVar[str] = "action"
    form: ClassVar[str] = 'a move, like "discard 9C" (several moves: separate them with ";")'

    def judge(self, answer: Any) -> Verdict:
        if isinstance(answer, str):
            moves = [m.strip() for m in str.__str__(answer).split(";") if m.strip()]
        elif isinstance(answer, (list, tuple)) and all(isinstance(m, str) for m in answer):
            moves = [m.strip() for m in answer]
        else:
            return Verdict(False, tr("{answer} is not a move; write it like \"discard 9C\"", answer=_short(answer)),
                           form=True)
        if not moves:
            return Verdict(False, tr("no move given; write it like \"discard 9C\""), form=True)
        g = self.game()
        seat = g.to_move
        before = {t.id: t.meld.bonus for t in g.table if t.owner in g.side_of(seat)}
        notes: list[str] = []
        for k, move in enumerate(moves):
            if g.is_over or g.to_move != seat or (k and moves[k - 1].split()[0].lower() == "discard"):
                return Verdict(False, tr("only your own turn counts: {move} comes after your turn ended (a discard "
                                         "ends the turn, TURN-3); give only the moves of this turn", move=repr(move)),
                               ("TURN-3",))
            try:
                event = g.apply(move)
            except IllegalMove as err:
                if notes:
                    return Verdict(False, tr("the engine refuses {move} (after {before}): {error}", move=repr(move),
                                             before="; ".join(moves[:len(notes)]), error=err), err.rules)
                return Verdict(False, tr("the engine refuses {move}: {error}", move=repr(move), error=err), err.rules)
            notes.append(say(event.note, you=True))
        problem = self.goal(g)
        said = tr("; then ").join(notes)
        if problem is not None:
            problem = tr(problem)
            return Verdict(False, tr("that is legal ({moves}), but {problem}", moves=said, problem=problem),
                           cited_rules(problem))
        warning, rules = _spoilt(before, g)
        return Verdict(True, said, self.rules, warning=warning, warning_rules=rules)


_SPOILT = {"semi-clean": (N_("Legal, but it costs {points}: the burraco turns semi-clean"), "BUR-3"),
           "dirty": (N_("Legal, but it costs {points}: the burraco turns dirty"), "BUR-4")}


def _spoilt(before: Mapping[int, int], g: Game) -> tuple[str, tuple[str, ...]]:
    """What the moves cost in burraco bonus: a burraco of ``before`` (meld id -> bonus) that lies
    on the table with a smaller bonus now, said as a warning with its rule; ``("", ())`` if none."""
    for t in g.table:
        kind = t.meld.burraco
        if t.id in before and kind in _SPOILT and t.meld.bonus < before[t.id]:
            text, rule_id = _SPOILT[kind]
            return tr(text, points=before[t.id] - t.meld.bonus), (rule_id,)
    return "", ()


# ----------------------------------------------------------------------------------- puzzles
@dataclass(frozen=True, kw_only=True)
class PuzzleExercise(Exercise):
    """A puzzle of :mod:`buraco_learn.puzzles`: :meth:`Puzzle.check` decides, with the solver.

    The answer is typed (``most``: the moves, like ``"meld 5H 6H 7H; layoff 0: 8H"``, or the
    points; ``close``: ``"no"`` or the moves ending with the closing discard; ``safe``: one card;
    ``score``: the total), or it is a :class:`~buraco_learn.widgets.puzzle.PuzzleWidget` played
    by clicks (its ``answer()``). A wrong answer says what the engine refused or what is wrong
    without giving the solution away; the hints grow, and the third wrong answer shows it.
    """

    puzzle: Puzzle
    kind: ClassVar[str] = "puzzle"
    form: ClassVar[str] = "your answer"

    def worked_answer(self) -> Any:
        p = self.puzzle
        if p.kind == "most":
            return p.solution if p.solution != "nothing" else int(p.answer)
        if p.kind == "close":
            return p.solution if p.answer == "yes" else "no"
        if p.kind == "safe":
            return p.answer.split()[0]
        return int(p.answer)

    def game(self) -> Game:
        return self.puzzle.game()

    def judge(self, answer: Any) -> Verdict:
        if not isinstance(answer, (str, int, Card)) and callable(getattr(answer, "answer", None)):
            table = getattr(answer, "table", None)
            played = getattr(getattr(table, "game", None), "actions", None)
            if self.puzzle.kind in ("most", "close") and played is not None and not played:
                return Verdict(False, tr("nothing is played on the puzzle yet: play your moves on it (or press its "
                                         "buttons), then run this cell again"), form=True)
            if self.puzzle.kind == "safe" and table is not None and len(getattr(table, "selected_cards", [])) != 1:
                return Verdict(False, tr("select exactly one card on the puzzle, then run this cell again"), form=True)
            answer = answer.answer()  # a puzzle widget: what was played or selected on it
        if isinstance(answer, bool) or not isinstance(answer, (str, int, Card)):
            return Verdict(False, tr("{answer} is not an answer to this puzzle; {form}", answer=_short(answer),
                                     form=tr(self.blank_hint or self.form)), form=True)
        verdict = self.puzzle.check(answer)
        unreadable = (tr("I could not read that answer: {reason}. Write {form}.").partition("{")[0],
                      tr("that is not an answer to this puzzle: {form}").partition("{")[0])
        if not verdict.correct and verdict.message.startswith(unreadable):
            return Verdict(False, verdict.message, verdict.rules, form=True)
        if verdict.correct:
            message = verdict.message.removeprefix(right_prefix())
            # the box says « Right: » before it: English starts the sentence after a colon with a
            # capital, French does not (« Juste : cela pose 15 points »)
            if get_language() != "fr":
                message = message[:1].upper() + message[1:]
            return Verdict(True, message, verdict.rules or self.rules)
        return Verdict(False, verdict.message, verdict.rules)


# ----------------------------------------------------------------------------------- the checker
class Checker:
    """Checks answers and counts wrong ones per exercise, so hints grow stronger.

    First wrong answer: what is wrong and the hint. Second: the stronger hint. Third and later:
    the stronger hint and the worked answer. A right answer starts the count again. A blank (``...``) restates the question and is not
    counted. :meth:`reset` forgets the counts.

    ``record``, when given, is told every verdict (``record(exercise_id, state, answer=...,
    attempt=..., rules=..., worked=...)``, ``state`` one of ``right``, ``wrong``, ``blank``,
    ``form``): the course's checker passes :func:`buraco_learn.progress.record_check`, which keeps
    the learner's progress file.
    """

    def __init__(self, exercises: Mapping[str, Exercise] | None = None,
                 record: Callable[..., None] | None = None) -> None:
        self.exercises: Mapping[str, Exercise] = exercises if exercises is not None else {}
        self.record = record
        self.attempts: Counter[str] = Counter()
        self.solved: set[str] = set()

    def get(self, exercise: Exercise | str) -> Exercise:
        """The exercise itself, or the one with this id."""
        if isinstance(exercise, Exercise):
            return exercise
        try:
            return self.exercises[exercise]
        except (KeyError, TypeError):
            raise UnknownExercise(tr("no exercise {exercise}; check the id in the cell",
                                     exercise=repr(exercise))) from None

    def reset(self, exercise: str | None = None) -> None:
        """Forget the wrong answers (to one exercise, or to all)."""
        if exercise is None:
            self.attempts.clear()
            self.solved.clear()
        else:
            self.attempts.pop(exercise, None)
            self.solved.discard(exercise)

    def feedback(self, exercise: Exercise | str, answer: Any, *, kind: str | None = None) -> Feedback:
        """Judge ``answer`` and say it as a :class:`Feedback`; counts a wrong answer (never a blank).

        Any answer gets a verdict, whatever its type: a judge that cannot read it says what form
        the answer takes. First wrong answer: what is wrong, and the hint (the rule); second: the
        stronger hint; third and later: the stronger hint and one right answer.
        """
        ex = self.get(exercise)
        fb = self._feedback(ex, answer, kind)
        if self.record is not None and fb.state in ("right", "wrong", "blank"):
            counted = fb.state != "wrong" or fb.hint_label != "How to write it"
            self.record(ex.id, fb.state if counted else "form", answer=answer, attempt=fb.attempt,
                        rules=fb.rules, worked=bool(fb.worked))
        return fb

    def _feedback(self, ex: Exercise, answer: Any, kind: str | None) -> Feedback:
        if kind is not None and ex.kind != kind:
            raise WrongChecker(tr("exercise {id} is checked with check_{right}, not check_{kind}", id=repr(ex.id),
                                  right=ex.kind, kind=kind))
        if answer is Ellipsis:
            return Feedback("blank", _plain(tr(ex.question)) + ex.options_text(),
                            hint=ex.instructions(),
                            hint_label=N_("What to do"), rules=ex.rules)
        try:
            verdict = ex.judge(answer)
        except NotationError as err:
            verdict = Verdict(False, tr("the engine cannot read {answer}: {error}", answer=_short(answer), error=err),
                              cited_rules(str(err)), form=True)
        except BuracoError as err:
            verdict = Verdict(False, tr("the engine cannot read {answer}: {error}", answer=_short(answer), error=err),
                              cited_rules(str(err)))
        except Exception:  # noqa: BLE001 - any answer at all gets a verdict, never a crash
            verdict = Verdict(False, tr("{answer} is not an answer of the right form", answer=_short(answer)),
                              form=True)
        if verdict.ok:
            self.solved.add(ex.id)
            self.attempts.pop(ex.id, None)  # a new wrong answer after a right one starts the hints again
            # a number alone says little: the worked reasoning (the stronger hint) says why
            why = tr(ex.why or ex.stronger) if isinstance(ex, NumberExercise) else ""
            if verdict.warning:  # right, but it cost points: say so, with the rule that counts them
                return Feedback("right", f"{_stop(verdict.message)} {verdict.warning}",
                                rules=ex.rules + tuple(r for r in verdict.warning_rules if r not in ex.rules))
            return Feedback("right", verdict.message, rules=ex.rules, hint=why, hint_label=N_("Why"))
        if verdict.form:  # unreadable: say the form, and do not count it as a try
            how = ex.instructions() if ex.todo else tr("Write {form}.", form=tr(ex.blank_hint or ex.form))
            return Feedback("wrong", verdict.message, hint=how,
                            hint_label=N_("How to write it"), rules=verdict.rules, attempt=self.attempts[ex.id])
        self.attempts[ex.id] += 1
        n = self.attempts[ex.id]
        if n == 1:
            return Feedback("wrong", verdict.message, hint=tr(ex.hint), rules=verdict.rules or cited_rules(ex.hint),
                            attempt=n)
        return Feedback("wrong", verdict.message, hint=tr(ex.stronger), hint_label=N_("Stronger hint"),
                        rules=verdict.rules or cited_rules(ex.stronger), attempt=n,
                        worked=f"answer = {ex.answer_code()}" if n >= 3 else "")

    def check(self, exercise: Exercise | str, answer: Any, *, kind: str | None = None) -> str:
        """Judge ``answer``: return a confirmation, or raise :class:`NotYet` (:class:`Blank` for
        ``...``) carrying the :class:`Feedback`."""
        __tracebackhide__ = True
        ex = self.get(exercise)
        fb = self.feedback(ex, answer, kind=kind)
        if fb.state == "right":
            return fb.text()
        error = Blank if fb.state == "blank" else NotYet
        raise error(fb.text(), exercise=ex.id, rules=fb.rules, attempt=fb.attempt, feedback=fb)


def _short(answer: Any) -> str:
    """A short, safe description of any answer (its repr, cut; never an exception)."""
    try:
        text = repr(answer)
    except Exception:  # noqa: BLE001 - a repr that fails is still an answer
        text = f"<{type(answer).__name__}>"
    return text if len(text) <= 40 else text[:37] + "..."


def _stop(text: str) -> str:
    """The sentence with a full stop at its end (unless it ends with one already)."""
    text = text.rstrip()
    return text if text.endswith((".", "!", "?")) else text + "."


def _plain(markdown: str) -> str:
    """The question as one line of plain text (Markdown marks removed)."""
    text = re.sub(r"`([^`]*)`", r"\1", markdown)
    text = text.replace("**", "").replace("*", "")
    return " ".join(text.split())
