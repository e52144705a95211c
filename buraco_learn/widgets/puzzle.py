"""A puzzle on the table widget: the learner answers by clicks, the solver checks, a wrong answer
is explained (with rule IDs).

- ``most`` and ``close``: play on the table (meld, lay off; for a close, the last discard too),
  then press *Check*: the actions played are the answer.
- ``safe``: select one card of the hand, then *Check*.
- ``score``: type the total, then *Check*.

*Reset* puts the position back. Everything can be driven from Python:

>>> from buraco_learn.puzzles import load_puzzles
>>> p = next(p for p in load_puzzles() if p.kind == "score")
>>> w = PuzzleWidget(p)
>>> w.score_box.value = int(p.answer); w.check()
>>> w.verdict.correct, w.table.feedback_kind
(True, 'ok')
"""

from __future__ import annotations

from typing import Any

from ipywidgets import HTML, Button, IntText, Layout, VBox  # type: ignore[import-untyped]

from ..puzzles import Puzzle, Verdict
from .table import TableWidget

__all__ = ["PuzzleWidget"]


class PuzzleWidget(VBox):  # type: ignore[misc]
    """One puzzle: the question above a :class:`TableWidget` at the puzzle's position."""

    def __init__(self, puzzle: Puzzle, *, width: int = 960) -> None:
        self.puzzle = puzzle
        self.width = width
        self.verdict: Verdict | None = None
        self.question = HTML(f"<b>{puzzle.level.capitalize()} puzzle</b> ({puzzle.name}): {puzzle.question}")
        self.check_button = Button(description="Check", tooltip="Check your answer", button_style="success",
                                   layout=Layout(width="auto"))
        self.reset_button = Button(description="Reset", tooltip="Put the position back", layout=Layout(width="auto"))
        self.check_button.on_click(lambda _: self.check())
        self.reset_button.on_click(lambda _: self.reset())
        self.score_box = IntText(value=0, description="Your score:", layout=Layout(width="auto"),
                                 style={"description_width": "initial"})
        self.score_box.layout.display = None if puzzle.kind == "score" else "none"
        self.table = self._new_table()
        super().__init__([self.question, self.score_box, self.table], layout=Layout(width="100%"))

    def _new_table(self) -> TableWidget:
        game = self.puzzle.game()
        viewer = game.to_move
        # No Hint button (it would give the answer away), and no running count for a scoring puzzle.
        return TableWidget(game, viewer=viewer, width=self.width, extra_buttons=[self.check_button, self.reset_button],
                           hints=False, show_score=self.puzzle.kind != "score")

    def __repr__(self) -> str:
        return f"<PuzzleWidget {self.puzzle.name}: {self.puzzle.question}>"

    def answer(self) -> Any:
        """The learner's answer as the puzzle's check takes it."""
        kind = self.puzzle.kind
        if kind == "score":
            return int(self.score_box.value)
        if kind == "safe":
            cards = self.table.selected_cards
            return str(cards[0]) if len(cards) == 1 else ""
        return "; ".join(str(a) for a in self.table.game.actions) or ("no" if kind == "close" else "0")

    def check(self) -> None:
        """Check the answer and show the verdict in the table's feedback line."""
        if self.puzzle.kind == "safe" and len(self.table.selected_cards) != 1:
            self.table.set_feedback("Select exactly one card of your hand, then press Check.", "info")
            return
        self.verdict = self.puzzle.check(self.answer())
        self.table.set_feedback(self.verdict.message, "ok" if self.verdict.correct else "refused")

    def reset(self) -> None:
        """Back to the puzzle's position."""
        self.verdict = None
        self.table = self._new_table()
        self.children = [self.question, self.score_box, self.table]
