"""The review queue on the index: "to review today: N", a button that serves the next item, and
"practise my weakest"; a retry position played on the table (:class:`RetryWidget`).

Each item is served where it can be answered: a missed exercise as its question with an answer
box (checked by the course's checker, so it counts in the progress too), a failed puzzle on the
puzzle widget, a retry position on the table. Every answer moves the item's Leitner box
(:mod:`buraco_learn.practice`).

>>> import tempfile, pathlib
>>> from datetime import datetime, timezone
>>> from buraco_learn.progress import Progress, PROGRESS_FILE
>>> clock, progress.now = progress.now, lambda: datetime(2027, 3, 5, 9, 0, tzinfo=timezone.utc)
>>> p = Progress(pathlib.Path(tempfile.mkdtemp()) / PROGRESS_FILE)
>>> p.record("ace-high", "wrong", answer="QH KH", attempt=1, now="2027-03-04T05:06:07Z")
>>> w = ReviewQueueWidget(p)
>>> w.count, w.next_item()
(1, 'exercise:ace-high')
>>> w.answer_box.value = "QH KH AH"; w.check_exercise()
>>> box = p.load()["boxes"]["exercise:ace-high"]
>>> w.count, box["box"], box["due"]
(0, 2, '2027-03-07')
>>> progress.now = clock
"""

from __future__ import annotations

from html import escape
from typing import Any

from ipywidgets import HTML, Button, HBox, Layout, Text, VBox  # type: ignore[import-untyped]

from .. import practice, progress
from ..i18n import colon, tr, trn
from ..puzzles import Puzzle
from ..render.feedback import inline_markdown
from .common import speaks
from .puzzle import PuzzleWidget

__all__ = ["RetryWidget", "ReviewQueueWidget", "review_queue"]


class _Recording(PuzzleWidget):
    """A puzzle widget that tells ``on_result`` each verdict (``True``: right)."""

    def __init__(self, puzzle: Puzzle, on_result: Any = None, **kwargs: Any) -> None:
        self.on_result = on_result
        super().__init__(puzzle, **kwargs)

    def check(self, *, no: bool = False, choice: str | None = None) -> None:
        before = self.misses
        self.verdict = None
        super().check(no=no, choice=choice)
        if self.verdict is not None and self.on_result is not None and (self.verdict.correct or self.misses > before):
            self.on_result(self.verdict.correct)


@speaks
class RetryWidget(_Recording):
    """A retry position on the table: play your melds and lay-offs (or your move), then *Check*;
    the engine accepts any answer at least as good as the better move, and each check moves the
    position's Leitner box in ``where`` (a :class:`~buraco_learn.progress.Progress`; ``None``:
    not recorded)."""

    def __init__(self, retry: practice.RetryPuzzle, where: progress.Progress | None = None, *, width: int = 1200,
                 language: str | None = None, on_result: Any = None) -> None:
        self.where = where
        self.then = on_result

        def result(ok: bool) -> None:
            if self.where is not None:
                self.where.record_review("retry:" + retry.name, ok)
            if self.then is not None:
                self.then(ok)

        super().__init__(retry, result, width=width, language=language)


@speaks
class ReviewQueueWidget(VBox):  # type: ignore[misc]
    """The review queue of ``where`` (a :class:`~buraco_learn.progress.Progress`) on the day
    (today, from the progress clock): the count due, *Next to review*, *Practise my
    weakest*, and the item being answered below them."""

    def __init__(self, where: progress.Progress | None, *, width: int = 1200,
                 language: str | None = None) -> None:
        from ..exercises import EXERCISES, Checker

        #: Where answers are recorded (``None``: nowhere, nothing is due).
        self.where = where
        #: The checker of the exercises served here (its hints grow with the wrong answers given here).
        self.checker = Checker(EXERCISES)
        self.width = width
        #: The item being answered (its review key), and what "practise my weakest" has left to serve.
        self.current: str | None = None
        self.practising: list[str] = []
        self.header = HTML()
        self.next_button = Button(description=tr("Next to review"), button_style="primary", layout=Layout(width="auto"))
        self.weakest_button = Button(description=tr("Practise my weakest"), layout=Layout(width="auto"))
        self.next_button.on_click(lambda _: self.next_item())
        self.weakest_button.on_click(lambda _: self.practise_weakest())
        self.question = HTML()
        self.answer_box = Text(placeholder=tr("your answer"), layout=Layout(width="420px"))
        self.check_button = Button(description=tr("Check"), button_style="success", layout=Layout(width="auto"))
        self.check_button.on_click(lambda _: self.check_exercise())
        self.feedback = HTML()
        self.item_box = VBox([])
        super().__init__([self.header, HBox([self.next_button, self.weakest_button]), self.item_box],
                         layout=Layout(width="100%"))
        self.refresh()

    # -- the count
    def _data(self) -> dict[str, Any]:
        return self.where.load() if self.where is not None else {}

    @property
    def count(self) -> int:
        """How many items are due today."""
        return len(practice.due(self._data(), None))

    def refresh(self) -> None:
        """Say again how many items are due."""
        n = self.count
        self.header.value = ('<div class="bl-review-count" style="font-size:15px"><b>'
                             + escape(trn("To review today: {n} item", "To review today: {n} items", n))
                             + "</b></div>")
        self.next_button.disabled = n == 0

    def __repr__(self) -> str:
        return "<ReviewQueueWidget: " + trn("To review today: {n} item", "To review today: {n} items", self.count) + ">"

    def static_html(self) -> str:
        """The queue as it shows before the cell runs (a saved notebook, GitHub, nbviewer): the
        count line, and what to do."""
        note = ('<div style="font-size:13px;color:#555;margin-top:2px">'
                + escape(tr("Run the cell to review: the live queue replaces this line.")) + "</div>")
        return str(self.header.value) + note

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        """The widget, plus its static picture as ``text/html`` (shown where no widget can be)."""
        data: dict[str, Any] = dict(super()._repr_mimebundle_(**kwargs) or {})
        data["text/html"] = self.static_html()
        return data

    # -- serving
    def next_item(self) -> str | None:
        """Serve the first item due (the most overdue); returns its key (``None``: nothing due)."""
        for item in practice.due(self._data(), None):
            if self.serve(item.key) is not None:  # one that cannot be served here is passed over
                return item.key
        self.current = None
        self._show([HTML(escape(tr("Nothing to review today: well done.")))])
        self.refresh()
        return None

    def practise_weakest(self) -> str | None:
        """Serve the next item of the weakest skill (its exercises, puzzles and retry positions)."""
        data = self._data()
        skill = practice.weakest(data)
        if skill is None:
            self._show([HTML(escape(tr("No check recorded yet: answer exercises and puzzles, and your mastery of "
                                       "each rule shows here.")))])
            return None
        if not self.practising:
            self.practising = practice.practice_items(skill, data)
        while self.practising:
            key = self.practising.pop(0)
            if self.serve(key) is not None:
                return key
        return None

    def serve(self, key: str) -> str | None:
        """Show the item ``key`` to answer; ``None`` when it cannot be served here."""
        kind, _, name = key.partition(":")
        self.current = key
        self.feedback.value = ""
        if kind == "exercise":
            from ..exercises.catalog import EXERCISES

            ex = EXERCISES.get(name)
            if ex is None:
                return None
            where = next((stem for stem, _, ids in progress.course_notebooks() if name in ids), "")
            table = ""
            if ex.position is not None:
                table = ex.game()._repr_html_()
            options = ex.options_markdown()
            heading = tr("Exercise {id}", id=name)
            self.question.value = (
                f'<div class="bl-review-item"><b>{escape(heading)}</b> '
                f"({escape(where)}){escape(colon())} {inline_markdown(tr(ex.question))}"
                + (f"<br>{inline_markdown(options).replace(chr(10), '<br>')}" if options else "") + f"{table}</div>")
            self.answer_box.value = ""
            self._show([self.question, HBox([self.answer_box, self.check_button]), self.feedback])
            return key
        if kind == "puzzle":
            theme, _, pid = name.partition("/")
            puzzle = practice.find_puzzle(theme, pid)
            if puzzle is None:
                return None
            self._show([_Recording(puzzle, lambda ok: self._done_puzzle(theme, pid, ok), width=self.width,
                                   language=self.language)])
            return key
        if kind == "retry":
            retry = practice.retries(self._data()).get(name)
            if retry is None:
                return None
            self._show([RetryWidget(retry, self.where, width=self.width, language=self.language,
                                    on_result=lambda ok: self.refresh())])
            return key
        return None

    def _show(self, children: list[Any]) -> None:
        self.item_box.children = children

    def _done_puzzle(self, theme: str, pid: str, ok: bool) -> None:
        if self.where is not None:
            self.where.record_puzzle(theme, pid, ok)
        self.refresh()

    def check_exercise(self) -> None:
        """Check the answer typed for the exercise served (the course's checker judges it and its
        feedback shows below); right or wrong, the exercise's box moves."""
        if self.current is None or not self.current.startswith("exercise:"):
            return
        name = self.current.partition(":")[2]
        text = self.answer_box.value.strip()
        fb = self.checker.feedback(name, text if text else ...)
        self.feedback.value = fb._repr_html_()
        if self.where is not None and fb.state in ("right", "wrong") and fb.hint_label != "How to write it":
            self.where.record(name, fb.state, answer=text, attempt=fb.attempt, rules=fb.rules,
                              worked=bool(fb.worked))
            self.where.record_review(self.current, fb.state == "right")
        self.refresh()


def review_queue(*, language: str | None = None) -> ReviewQueueWidget:
    """The review queue of the current folder's progress: what is due today and a button that
    serves it (nothing is due when recording is off, as in a build)."""
    return ReviewQueueWidget(progress._DEFAULT if progress.enabled() else None, language=language)
