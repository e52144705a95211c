"""A puzzle on the table widget: the learner answers by clicks, the solver checks, a wrong answer
is explained (with rule IDs).

- ``most`` and ``close``: play on the table (meld, lay off; for a close, the last discard too),
  then press *Check*: the actions played are the answer.
- ``safe``: select one card of the hand, then *Check*.
- ``score``: type the total, then *Check*.

A wrong *Check* gets graded help, as the exercises do: the first miss names the rule (its
sentence shown), the second gives a stronger hint, the third the worked answer. *Check* with
nothing played asks you to play first and counts no miss. *Reset* puts the position back.
Everything can be driven from Python:

>>> from buraco_learn.puzzles import load_puzzles
>>> p = next(p for p in load_puzzles() if p.kind == "score")
>>> w = PuzzleWidget(p)
>>> w.score_box.value = int(p.answer); w.check()
>>> w.verdict.correct, w.table.feedback_kind
(True, 'ok')
>>> "✓ Right" in w.table.feedback.value
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from html import escape
from typing import Any

from ipywidgets import HTML, Button, IntText, Layout, VBox  # type: ignore[import-untyped]

from ..errors import BuracoError
from ..i18n import colon, tr, word
from ..progress import Progress
from ..puzzles import LEVEL_WORDS, Puzzle, Verdict, right_prefix
from ..puzzles.generate import THEMES, make_puzzle
from ..puzzles.streak import record_puzzle
from ..render.feedback import feedback_html
from .common import speaks
from .table import TableWidget

__all__ = ["PuzzleWidget", "PuzzleStreak"]


@speaks
class PuzzleWidget(VBox):  # type: ignore[misc]
    """One puzzle: the question above a :class:`TableWidget` at the puzzle's position.

    ``language``: the language of the question, the buttons and the verdicts (``None``: the
    current one; see :mod:`buraco_learn.i18n`); its table speaks it too.
    """

    def __init__(self, puzzle: Puzzle, *, width: int = 1600, language: str | None = None,
                 files: str = "paths", on_verdict: Callable[[PuzzleWidget, Verdict], None] | None = None,
                 answer_on_miss: bool = False) -> None:
        self.puzzle = puzzle
        #: Called with the widget and each verdict of *Check* (a streak's hook).
        self.on_verdict = on_verdict
        #: Whether a wrong answer shows the right one at once, with why (a streak's miss ends it).
        self.answer_on_miss = answer_on_miss
        #: How the table's save / load box reaches files (see :class:`~buraco_learn.widgets.TableWidget`).
        self.files = files
        self.width = width
        self.verdict: Verdict | None = None
        #: Wrong checks so far (the help grows with them; Reset does not forget them).
        self.misses = 0
        self.question = HTML(f"<b>{escape(puzzle.title)}</b> ({escape(puzzle.name)}){escape(colon())} "
                             f"{escape(puzzle.question)}" + (f" <i>{escape(puzzle.given)}</i>" if puzzle.given else ""))
        self.check_button = Button(description=tr("Check"), tooltip=tr("Check your answer"), button_style="success",
                                   layout=Layout(width="auto"))
        self.reset_button = Button(description=tr("Reset"), tooltip=tr("Put the position back"),
                                   layout=Layout(width="auto"))
        self.no_close_button = Button(description=tr("It cannot close"), tooltip=tr("Answer: no way to close this turn"),
                                      layout=Layout(width="auto"))
        self.no_close_button.layout.display = None if puzzle.kind == "close" else "none"
        self.check_button.on_click(lambda _: self.check())
        self.reset_button.on_click(lambda _: self.reset())
        self.no_close_button.on_click(lambda _: self.check(no=True))
        self.pile_button = Button(description=tr("Take the pile"), layout=Layout(width="auto"))
        self.stock_button = Button(description=tr("Draw from the stock"), layout=Layout(width="auto"))
        for b in (self.pile_button, self.stock_button):
            b.layout.display = None if puzzle.kind == "pile" else "none"
        self.pile_button.on_click(lambda _: self.check(choice="pile"))
        self.stock_button.on_click(lambda _: self.check(choice="stock"))
        self.close_button = Button(description=tr("Close now"), layout=Layout(width="auto"))
        self.build_button = Button(description=tr("Build on"), layout=Layout(width="auto"))
        for b in (self.close_button, self.build_button):
            b.layout.display = None if puzzle.kind == "build" else "none"
        self.close_button.on_click(lambda _: self.check(choice="close"))
        self.build_button.on_click(lambda _: self.check(choice="build"))
        self.score_box = IntText(value=0, description=tr("Your score:"), layout=Layout(width="auto"),
                                 style={"description_width": "initial"})
        self.score_box.layout.display = None if puzzle.kind == "score" else "none"
        self.table = self._new_table()
        super().__init__([self.question, self.score_box, self.table], layout=Layout(width="100%"))

    def _new_table(self) -> TableWidget:
        game = self.puzzle.game()
        viewer = game.to_move
        # No Hint button (it would give the answer away): Check gives graded help instead; no
        # running count for a scoring puzzle.
        return TableWidget(game, viewer=viewer, width=self.width,
                           extra_buttons=[self.pile_button, self.stock_button, self.close_button, self.build_button,
                                          self.check_button,
                                          self.no_close_button, self.reset_button],
                           hints=False, show_score=self.puzzle.kind != "score", language=self.language,
                           files=self.files)

    def __repr__(self) -> str:
        return f"<PuzzleWidget {self.puzzle.name}{colon()} {self.puzzle.question}>"

    def static_html(self) -> str:
        """The puzzle as a picture (its question and its table at the start), for a notebook seen
        without a kernel (GitHub, nbviewer, a stored output): the live widget replaces it when the
        cell runs. A scoring puzzle's table does not show its score."""
        from ..exercises.show import CountView, TableView

        game = self.puzzle.game()
        view = CountView(game) if game.is_over else TableView(game)
        note = ('<div style="font-size:13px;color:#555;margin-top:2px">'
                + escape(tr("Run the cell to play this puzzle (a picture of its table until then).")) + "</div>")
        return (f'<div class="puzzle-static"><div style="margin-bottom:4px"><b>{escape(self.puzzle.title)}'
                f"</b> ({escape(self.puzzle.name)}){escape(colon())} {escape(self.puzzle.question)}</div>"
                f"{view._repr_html_()}{note}</div>")

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The widget, plus its static picture as ``text/html`` (shown where no widget can be)."""
        data: dict[str, Any] = dict(super()._repr_mimebundle_(**kwargs) or {})
        data["text/html"] = self.static_html()
        return data

    def answer(self) -> Any:
        """The learner's answer as the puzzle's check takes it."""
        kind = self.puzzle.kind
        if kind == "score":
            return int(self.score_box.value)
        if kind == "pile":
            drew = [str(a) for a in self.table.game.actions[:1]]
            return {"pile": "pile", "draw": "stock"}.get(drew[0], "") if drew else ""
        if kind == "build":
            return ""  # answered by its buttons only
        if kind == "safe":
            cards = self.table.selected_cards
            return str(cards[0]) if len(cards) == 1 else ""
        return "; ".join(str(a) for a in self.table.game.actions) or ("no" if kind == "close" else "0")

    def _show(self, state: str, message: str, *, rules: tuple[str, ...] = (), hint: str = "",
              hint_label: str | None = None, detail: str = "") -> None:
        kind = {"right": "ok", "wrong": "refused"}.get(state, "info")
        if hint_label is None:
            hint_label = tr("Hint")
        text = message + (f" {hint_label}: {hint}" if hint else "") + (f" {detail}" if detail else "")
        self.table.set_feedback(text, kind)  # type: ignore[arg-type]
        # a verdict with a hint keeps its rules one click away: the verdict and the hint are read
        # whole on a laptop's screen, under the Check button the learner has just pressed
        box = feedback_html(state, message, rules=rules, hint=hint, hint_label=hint_label,  # type: ignore[arg-type]
                            after_hint_html=f"<b>{escape(tr('One right answer:'))}</b> {escape(detail)}" if detail else "",
                            fold_rules=bool(hint or detail))
        # the table's feedback line keeps its class (what the page and its tests look for), and grows
        # with the verdict: a hint and the right answer are read whole, never scrolled in a small box
        self.table.feedback.value = f'<div class="feedback {kind}">{box}</div>'
        self.table.feedback.layout.max_height = None


    def check(self, *, no: bool = False, choice: str | None = None) -> None:
        """Check the answer and show the verdict in the table's feedback box (``no``: the answer
        "it cannot close this turn"; ``choice``: ``"pile"`` or ``"stock"``, a pile-or-stock answer
        given by its buttons)."""
        kind = self.puzzle.kind
        if kind == "pile" and choice is None:
            choice = self.answer() or None
            if choice is None:
                self._show("info", tr("Press {pile} or {stock} (or draw on the table), then {check}.",
                                      pile=tr("Take the pile"), stock=tr("Draw from the stock"), check=tr("Check")))
                return
        if kind == "build" and choice not in ("close", "build"):
            self._show("info", tr("Press {close} or {build}.", close=tr("Close now"), build=tr("Build on")))
            return
        if kind == "safe" and len(self.table.selected_cards) != 1:
            self._show("info", tr("Select exactly one card of your hand, then press {check}.", check=tr("Check")))
            return
        played = bool(self.table.game.actions)
        if kind in ("most", "close") and not played and not no:
            what = (tr("Play your melds and lay-offs on the table first, then press {check}.", check=tr("Check"))
                    if kind == "most" else
                    tr("Play the moves that close, ending with your discard, then press {check} — or press "
                       "“{cannot}” if no way closes this turn.", check=tr("Check"), cannot=tr("It cannot close")))
            self._show("info", what)
            return
        self.verdict = self.puzzle.check("no" if no else choice if choice is not None else self.answer())
        if self.verdict.correct:
            message = self.verdict.message.removeprefix(right_prefix()).removeprefix("Right, ")
            self._show("right", message[:1].upper() + message[1:], rules=self.verdict.rules)
        else:
            self._miss()
        if self.on_verdict is not None:
            self.on_verdict(self, self.verdict)

    def _miss(self) -> None:
        assert self.verdict is not None
        if self.verdict.read:
            self.misses += 1
        first, stronger = self.puzzle.hints
        message = self.verdict.message[:1].upper() + self.verdict.message[1:]
        if self.answer_on_miss and self.verdict.read:
            worked = self.puzzle.worked()
            self._show("wrong", message, rules=self.verdict.rules, hint=first,
                       detail=worked[:1].upper() + worked[1:])
        elif self.misses <= 1:
            self._show("wrong", message, rules=self.verdict.rules, hint=first)
        elif self.misses == 2:
            self._show("wrong", message, rules=self.verdict.rules, hint=stronger, hint_label=tr("Stronger hint"))
        else:
            worked = self.puzzle.worked()
            self._show("wrong", message, rules=self.verdict.rules, hint=stronger, hint_label=tr("Stronger hint"),
                       detail=worked[:1].upper() + worked[1:])

    def reset(self) -> None:
        """Back to the puzzle's position."""
        self.verdict = None
        self.table = self._new_table()
        self.children = [self.question, self.score_box, self.table]


@speaks
class PuzzleStreak(VBox):  # type: ignore[misc]
    """Generated puzzles one after another, a streak: a right answer brings the next puzzle at
    once and the streak grows (its count shown above the table); a wrong answer ends it and shows
    the right answer, with why; *New streak* starts again with the next puzzle. Every check is
    recorded in the progress (the success per theme, the failed puzzles:
    :mod:`buraco_learn.puzzles.streak`).

    ``theme`` and ``level``: of :data:`~buraco_learn.puzzles.generate.THEMES` and ``easy``,
    ``medium``, ``hard``; ``seed``: the first puzzle's (the next ones follow it). ``puzzles``: play
    these instead, in order (the failed puzzles, to replay them). ``progress``: a progress file
    (default: the current folder's, when recording is on).

    >>> s = PuzzleStreak("safe", "easy", seed=4)
    >>> first = s.puzzle
    >>> s.widget.check(); s.streak                      # nothing selected: no answer, no try
    0
    >>> s.answer(first.answer.split()[0]); s.streak, s.puzzle != first
    (1, True)
    >>> s.answer("not a card"); s.streak                 # not read: no try, the streak goes on
    1
    >>> p = s.puzzle; wrong = next(str(c) for c in p.game().hand(p.game().to_move) if str(c) not in p.answer)
    >>> s.answer(wrong); s.streak, s.ended, "Streak ended at 1" in s.header.value
    (0, True, True)
    >>> "The safe cards are" in s.widget.table.feedback_text    # the right answer, shown at once
    True
    >>> s.new_streak(); s.ended, s.puzzle != p
    (False, True)
    """

    def __init__(self, theme: str = "most", level: str = "easy", seed: int = 0, *,
                 puzzles: list[Puzzle] | None = None, width: int = 1600, language: str | None = None,
                 progress: Progress | None = None) -> None:
        self.theme, self.level, self.width, self.progress = theme, level, width, progress
        #: Right answers in a row in this streak, and the best streak so far.
        self.streak = 0
        self.best = 0
        #: Whether the streak ended on a wrong answer (then *New streak* goes on).
        self.ended = False
        self._source: Iterator[Puzzle] = iter(puzzles) if puzzles is not None else self._generated(seed)
        self.header = HTML()
        self.new_button = Button(description=tr("New streak"), button_style="info", layout=Layout(width="auto"))
        self.new_button.on_click(lambda _: self.new_streak())
        self.new_button.layout.display = "none"
        self.puzzle: Puzzle | None = None
        self.widget: PuzzleWidget | None = None
        super().__init__([self.header, self.new_button], layout=Layout(width="100%"))
        self._next()

    def _generated(self, seed: int) -> Iterator[Puzzle]:
        if self.theme not in THEMES:
            make_puzzle(self.theme, self.level, seed)  # says what is wrong
        while seed < 10**9:
            try:
                yield make_puzzle(self.theme, self.level, seed)
            except BuracoError:  # a rare seed with no such position: the next one
                pass
            seed += 1

    def __repr__(self) -> str:
        theme = tr(THEMES[self.theme]) if self.theme in THEMES else self.theme
        # the language's colon (French: a no-break space before it), as every label the course prints
        return f"<PuzzleStreak {theme} · {word(self.level)}{colon()} " + tr("streak {n}", n=self.streak) + ">"

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The widget, plus a picture of its first puzzle as ``text/html`` (where no widget can be)."""
        data: dict[str, Any] = dict(super()._repr_mimebundle_(**kwargs) or {})
        data["text/html"] = self.header.value + (self.widget.static_html() if self.widget is not None else "")
        return data

    def _title(self, note: str = "") -> None:
        theme = tr(THEMES.get(self.theme, self.theme)) if self.puzzle is None or self.puzzle.theme else ""
        count = tr("Streak: {n}", n=self.streak) + (" · " + tr("best {n}", n=self.best) if self.best else "")
        head = " · ".join(x for x in (theme, tr(LEVEL_WORDS.get(self.level, self.level)), count) if x)
        self.header.value = (f'<div class="puzzle-streak"><b>{escape(head)}</b>'
                             + (f" — {escape(note)}" if note else "") + "</div>")

    def _next(self, note: str = "") -> None:
        self.puzzle = next(self._source, None)
        if self.puzzle is None:
            self.widget = None
            self.children = [self.header]
            self._title(tr("no more puzzles here."))
            return
        self.widget = PuzzleWidget(self.puzzle, width=self.width, language=self.language,
                                   on_verdict=self._verdict, answer_on_miss=True)
        self.new_button.layout.display = "none"
        self.children = [self.header, self.widget]
        self._title(note)

    def _verdict(self, widget: PuzzleWidget, verdict: Verdict) -> None:
        if widget is not self.widget or self.ended:
            return
        record_puzzle(widget.puzzle, verdict, attempt=widget.misses, worked=not verdict.correct and verdict.read,
                      answer=widget.answer() if widget.puzzle.kind not in ("pile", "build") else None,
                      progress=self.progress)
        if not verdict.read:
            return
        if verdict.correct:
            self.streak += 1
            self.best = max(self.best, self.streak)
            self._next(tr("right! The next puzzle:"))
            return
        self.ended = True
        ended_at = self.streak
        self.streak = 0
        self._title(tr("Streak ended at {n}: the right answer is below.", n=ended_at))
        self.new_button.layout.display = None
        self.children = [self.header, self.new_button, widget]

    def answer(self, answer: Any) -> None:
        """Answer the current puzzle from Python, as its widget's *Check* would (``"pile"``, a card
        like ``"9C"``, moves, ``"no"`` or a number), then go on as the streak does."""
        w = self.widget
        if w is None:
            return
        w.verdict = w.puzzle.check(answer)
        if w.verdict.correct:
            w._show("right", w.verdict.message.removeprefix(right_prefix()), rules=w.verdict.rules)
        else:
            w._miss()
        self._verdict(w, w.verdict)

    def new_streak(self) -> None:
        """Start a new streak with the next puzzle."""
        self.ended = False
        self.streak = 0
        self._next()

