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

from html import escape
from typing import Any

from ipywidgets import HTML, Button, IntText, Layout, VBox  # type: ignore[import-untyped]

from ..i18n import colon, tr
from ..puzzles import Puzzle, Verdict, right_prefix
from ..render.feedback import feedback_html
from .common import speaks
from .table import TableWidget

__all__ = ["PuzzleWidget"]


@speaks
class PuzzleWidget(VBox):  # type: ignore[misc]
    """One puzzle: the question above a :class:`TableWidget` at the puzzle's position.

    ``language``: the language of the question, the buttons and the verdicts (``None``: the
    current one; see :mod:`buraco_learn.i18n`); its table speaks it too.
    """

    def __init__(self, puzzle: Puzzle, *, width: int = 1600, language: str | None = None,
                 files: str = "paths") -> None:
        self.puzzle = puzzle
        #: How the table's save / load box reaches files (see :class:`~buraco_learn.widgets.TableWidget`).
        self.files = files
        self.width = width
        self.verdict: Verdict | None = None
        #: Wrong checks so far (the help grows with them; Reset does not forget them).
        self.misses = 0
        self.question = HTML(f"<b>{escape(puzzle.title)}</b> ({escape(puzzle.name)}){escape(colon())} "
                             f"{escape(puzzle.question)}")
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
                           extra_buttons=[self.check_button, self.no_close_button, self.reset_button],
                           hints=False, show_score=self.puzzle.kind != "score", language=self.language,
                           files=self.files)

    def __repr__(self) -> str:
        return f"<PuzzleWidget {self.puzzle.name}: {self.puzzle.question}>"

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
        box = feedback_html(state, message, rules=rules, hint=hint, hint_label=hint_label,  # type: ignore[arg-type]
                            after_hint_html=f"<b>{escape(tr('One right answer:'))}</b> {escape(detail)}" if detail else "")
        # the table's feedback line keeps its class (what the page and its tests look for)
        self.table.feedback.value = f'<div class="feedback {kind}">{box}</div>'


    def check(self, *, no: bool = False) -> None:
        """Check the answer and show the verdict in the table's feedback box (``no``: the answer
        "it cannot close this turn")."""
        kind = self.puzzle.kind
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
        self.verdict = self.puzzle.check("no" if no else self.answer())
        if self.verdict.correct:
            message = self.verdict.message.removeprefix(right_prefix()).removeprefix("Right, ")
            self._show("right", message[:1].upper() + message[1:], rules=self.verdict.rules)
            return
        self.misses += 1
        first, stronger = self.puzzle.hints
        message = self.verdict.message[:1].upper() + self.verdict.message[1:]
        if self.misses == 1:
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
