"""A played hand, replayed move by move: the table as it was, each move said in words.

:class:`ReplayWidget` takes a :class:`~buraco_learn.game.Game` or a JSON game record
(:func:`~buraco_learn.records.game_record`) and steps through it on a read-only
:class:`~buraco_learn.widgets.TableWidget` (the same drawing as the table one plays on): **Next**
and **Back**, **Start** and **End**, a slider over the moves and a list of the turns to jump to.
Each move is said in plain words with the rule IDs it shows
(:func:`buraco_learn.course.teacher.narrate`, the teacher's demo's narrator). With
``viewer=None`` every hand is shown face up; with a seat, only that seat's hand (the
**Every hand** toggle shows them all). The game given is never changed: the replay plays the
record again on its own copy.

>>> from buraco_learn import Game
>>> from buraco_learn.bots import make_bot, play_hand
>>> g = Game.new(2, seed=5); _ = play_hand(g, [make_bot("greedy", 1), make_bot("random", 2)])
>>> w = ReplayWidget(g, viewer=0)
>>> w.step, w.moves == len(g.actions)
(0, True)
>>> w.next(); w.said_text.endswith("North draws the top card of the stock (TURN-1).")
True
>>> w.go(w.moves); w.game.position() == g.position()
True
>>> w.back(); w.step == w.moves - 1
True
"""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from ipywidgets import HTML, Button, Dropdown, HBox, IntSlider, Layout, ToggleButton, VBox  # type: ignore[import-untyped]

from ..game import Game
from ..i18n import tr, trc, trn
from ..render.html import hand_html, sort_cards, table_html
from ..render.text import (describe_hand, describe_meld, pile_words, seat_name, seat_word, side_names, status_line,
                           stock_words)
from ..review import Review, TurnReview, as_game, start_of
from .common import speaks, static_bundle
from .table import TableWidget

__all__ = ["ReplayWidget"]


@speaks
class _ReplayTable(TableWidget):
    """The read-only table of a replay; seen by nobody in particular (no viewer), its words
    name every seat plainly and list every hand, as the replay shows them."""

    @property
    def description_text(self) -> str:
        if self.fixed_viewer is not None:
            return super().description_text
        g = self.game
        lines = [status_line(g, None, show_score=self.show_score)]
        for seat in range(g.players):
            cards = sort_cards(g.hand(seat), self.sort if self.sort != "dealt" else None)
            if g.took_pot[seat]:
                lines.append(tr("{seat}'s hand ({n}, pot taken): {cards}.", seat=seat_name(g, seat), n=len(cards),
                                cards=describe_hand(cards)))
            else:
                lines.append(tr("{seat}'s hand ({n}): {cards}.", seat=seat_name(g, seat), n=len(cards),
                                cards=describe_hand(cards)))
        for side in g.sides:
            body = "; ".join(describe_meld(t) for t in g.side_melds(side[0])) or tr("none yet")
            lines.append(tr("{names}'s melds", names=side_names(g, side)) + f": {body}.")
        lines.append(pile_words(g.pile))
        lines.append(stock_words(len(g.stock), [len(p) for p in g.pots]))
        return "\n".join(lines)


@speaks
class ReplayWidget(VBox):  # type: ignore[misc]
    """Step through a played hand (see the module docstring).

    Parameters
    ----------
    record_or_game:
        A :class:`~buraco_learn.game.Game` (it is not changed), a JSON game record, or the
        :class:`~pathlib.Path` of a record's file (``TableWidget.save_record`` writes one).
    viewer:
        ``None`` (the default): every hand face up, the table seen from the player to move.
        A seat: the table seen from that seat, only its hand face up.
    review:
        A :class:`~buraco_learn.review.Review` of the hand (:func:`buraco_learn.review.review`):
        the list of turns marks the reviewed seat's turns where points were lost, and while a
        reviewed turn is shown, the line under the narration says what the solver found.
    width, deck, max_height:
        As for :class:`~buraco_learn.widgets.TableWidget` (the canvas takes at most
        ``max_height`` of the window, default ``"50vh"``, so the narration, the buttons and the
        hands fit on a 1366×768 screen with it).
    language:
        The language of the narration, the buttons and the table's words (``None``: the
        current one; see :mod:`buraco_learn.i18n`).
    """

    def __init__(self, record_or_game: Game | str | Path, viewer: int | None = None, *, review: Review | None = None,
                 width: int = 1280, deck: str = "classic", max_height: str | None = "50vh",
                 language: str | None = None) -> None:
        source = as_game(record_or_game)
        if viewer is not None and (isinstance(viewer, bool) or not isinstance(viewer, int)
                                   or not 0 <= viewer < source.players):
            raise ValueError(tr("viewer must be a seat from 0 to {last} or None, not {viewer}", last=source.players - 1,
                                viewer=repr(viewer)))
        #: The actions of the hand, in order (the record being replayed).
        self.actions = source.actions
        self.events = source.history
        #: The game shown: the record replayed up to :attr:`step` (the widget's own copy).
        self.game = start_of(source)
        self.fixed_viewer = viewer
        self.review = review
        self._turns = self._turn_starts()
        self._syncing = False
        self._said_text = ""
        self.table = _ReplayTable(self.game, viewer=viewer, readonly=True, hints=False, width=width, deck=deck,
                                 max_height=max_height, language=language)
        b = self._button
        self.buttons = {
            "start": b(trc("replay", "Start"), tr("Back to the deal"), self.to_start, "", "fast-backward"),
            "back": b("◀ " + trc("replay", "Back"), tr("One move back"), self.back, ""),
            "next": b(trc("replay", "Next") + " ▶", tr("The next move"), self.next, "primary"),
            "end": b(trc("replay", "End"), tr("The end of the record"), self.to_end, "", "fast-forward"),
        }
        self.slider = IntSlider(value=0, min=0, max=len(self.actions), description=trc("replay", "Move"),
                                continuous_update=False, layout=Layout(width="260px"))
        self.slider.observe(self._on_slider, "value")
        self.turn_choice = Dropdown(description=trc("replay", "Turn"), options=self._turn_options(), value=0,
                                    style={"description_width": "initial"}, layout=Layout(width="auto"))
        self.turn_choice.observe(self._on_turn_choice, "value")
        self.reveal_toggle = ToggleButton(value=viewer is None, description=tr("Every hand"), icon="eye",
                                          tooltip=tr("Show every player's hand face up"),
                                          layout=Layout(width="auto"))
        self.reveal_toggle.observe(lambda _change: self._show_hands(), "value")
        controls = HBox([*self.buttons.values(), self.slider, self.turn_choice, self.reveal_toggle],
                        layout=Layout(flex_flow="row wrap", align_items="center"))
        self.said = HTML(layout=Layout(min_height="30px"))
        self.review_line = HTML()
        self.hands = HTML()
        super().__init__([controls, self.said, self.review_line, self.table, self.hands], layout=Layout(width="100%"))
        self._show()

    def __repr__(self) -> str:
        fields = dict(players=self.game.players, moves=len(self.actions))
        if self.fixed_viewer is None:
            return tr("ReplayWidget({players} players, {moves} moves, every hand shown; run the cell to step "
                      "through the hand)", **fields)
        return tr("ReplayWidget({players} players, {moves} moves, {seat}'s view; run the cell to step through "
                  "the hand)", seat=seat_name(self.game, self.fixed_viewer), **fields)

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        # Beside the widget view, a still picture (the narration and the table) for a notebook
        # seen without a kernel.
        return static_bundle(super()._repr_mimebundle_(**kwargs), self.static_html())

    def static_html(self) -> str:
        """The replay as still HTML: the narration line and the table at the current move."""
        note = ('<div class="static-note" style="font-size:13px;color:#555;margin:2px 0 6px">'
                + escape(tr("A picture of the replay: run the cell to step through the hand.")) + "</div>")
        return (note + f'<div class="replay-said" style="font-size:17px;padding:4px 2px">{escape(self._said_text)}</div>'
                + table_html(self.game, viewer=self.table.viewer, reveal=self.reveal, deck=self.table.deck,
                             size="small"))

    # ------------------------------------------------------------------ reading
    @property
    def step(self) -> int:
        """How many moves of the record are played on the table shown (0: the deal)."""
        return len(self.game.history)

    @property
    def moves(self) -> int:
        """How many moves the record holds."""
        return len(self.actions)

    @property
    def said_text(self) -> str:
        """The narration line: the move that led to the table shown, in words with rule IDs."""
        return self._said_text

    @property
    def review_text(self) -> str:
        """The review's line for the reviewed turn shown (empty when none is)."""
        t = self.reviewed_turn
        if t is None or self.review is None:
            return ""
        return tr("Review ({seat}) · {turn}", seat=seat_word(self.review.seat_name), turn=t)

    @property
    def reviewed_turn(self) -> TurnReview | None:
        """The reviewed seat's turn that the table shown is in: from just before its draw to just
        after its discard."""
        if self.review is None:
            return None
        k = self.step
        for t in self.review.turns:
            if t.move - 1 <= k <= t.move + len(t.played):
                return t
        return None

    @property
    def reveal(self) -> bool:
        """Whether every hand is shown face up."""
        return bool(self.reveal_toggle.value)

    @reveal.setter
    def reveal(self, value: bool) -> None:
        self.reveal_toggle.value = bool(value)

    @property
    def turn_starts(self) -> list[tuple[int, int]]:
        """Each turn as ``(moves before it, seat)``, in play order."""
        return list(self._turns)

    # ------------------------------------------------------------------ moving
    def go(self, step: int) -> None:
        """Show the table after ``step`` moves of the record (clamped to 0 .. :attr:`moves`)."""
        target = max(0, min(int(step), len(self.actions)))
        g = self.game
        while len(g.history) > target:
            g.undo()
        while len(g.history) < target:
            g.apply(self.actions[len(g.history)])
        self._show()

    def next(self) -> None:
        """One move on."""
        self.go(self.step + 1)

    def back(self) -> None:
        """One move back."""
        self.go(self.step - 1)

    def to_start(self) -> None:
        """Back to the deal."""
        self.go(0)

    def to_end(self) -> None:
        """To the end of the record."""
        self.go(len(self.actions))

    def go_to_turn(self, number: int) -> None:
        """Show the table just before turn ``number`` (from 1) begins."""
        if not 1 <= number <= len(self._turns):
            raise ValueError(tr("turn must be from 1 to {last}, not {number}", last=len(self._turns), number=number))
        self.go(self._turns[number - 1][0])

    # ------------------------------------------------------------------ drawing
    def _turn_starts(self) -> list[tuple[int, int]]:
        out: list[tuple[int, int]] = []
        prev: int | None = None
        for k, e in enumerate(self.events):
            if e.seat != prev:
                out.append((k, e.seat))
            prev = e.seat
        return out

    def _turn_options(self) -> list[tuple[str, int]]:
        lost = {}
        if self.review is not None:
            lost = {t.move - 1: t.loss for t in self.review.turns if t.loss > 0}
        options = [(tr("The deal"), 0)]
        for i, (k, seat) in enumerate(self._turns, 1):
            label = tr("{turn}: {seat} (move {move})", turn=i, seat=seat_name(self.game, seat), move=k + 1)
            if k in lost:
                label += " · " + tr("−{points} points", points=lost[k])
            options.append((label, i))
        return options

    def _current_turn(self) -> int:
        """The turn the table shown is in, or just before (0: the deal)."""
        k = self.step
        if k == 0:
            return 0
        return max(i for i, (start, _) in enumerate(self._turns, 1) if start <= k)

    def _narration(self) -> str:
        # The teacher's narrator; imported here because the course package imports the widgets.
        from ..course.teacher import narrate

        g = self.game
        n = len(self.actions)
        if not g.history:
            return trn("The deal. {seat} plays first; the record holds {n} move: press {next}.",
                       "The deal. {seat} plays first; the record holds {n} moves: press {next}.", n,
                       seat=seat_name(g, g.to_move), next=trc("replay", "Next") + " ▶")
        text = tr("Move {move} of {n}", move=len(g.history), n=n) + f" · {narrate(g, g.history[-1])}"
        if g.is_over:
            result = g.result()
            text += " " + tr("The hand is over: {scores} (SCORE-1).", scores=", ".join(
                f"{side_names(g, side)} {sc.total}" for side, sc in zip(result.sides, result.scores)))
        return text

    def _show(self) -> None:
        self._said_text = self._narration()
        self.said.value = f'<div class="replay-said" style="font-size:17px;padding:4px 2px">{escape(self._said_text)}</div>'
        review = self.review_text
        self.review_line.value = ("" if not review else
                                  f'<div class="replay-review" style="font-size:14px;padding:2px 6px;background:#e8f1fb;'
                                  f'border-left:4px solid #1565c0">{escape(review)}</div>')
        t = self.table
        t.set_trait("selected", [])
        t.set_trait("target", None)
        t.highlight([])
        t.refresh(buttons=False)
        self._syncing = True
        try:
            self.slider.value = self.step
            self.turn_choice.value = self._current_turn()
        finally:
            self._syncing = False
        self.buttons["back"].disabled = self.buttons["start"].disabled = self.step == 0
        self.buttons["next"].disabled = self.buttons["end"].disabled = self.step == len(self.actions)
        self._show_hands()

    def _show_hands(self) -> None:
        if not self.reveal:
            self.hands.value = ""
            self.hands.layout.display = "none"
            return
        g = self.game
        blocks = []
        for seat in range(g.players):
            n = len(g.hand(seat))
            turn = not g.is_over and g.to_move == seat
            count = trn("{seat} · {n} card", "{seat} · {n} cards", n, seat=seat_name(g, seat))
            head = (f'<div style="font-weight:bold;font-size:14px;margin:2px 0">{"▶ " if turn else ""}'
                    f'{escape(count)}</div>')
            blocks.append(f'<div class="replay-hand" style="min-width:0">{head}'
                          f'{hand_html(g.hand(seat), size="small", sort="suit", deck=self.table.deck)}</div>')
        # One row of hands on a laptop (two or three rows on a narrow page), under the table.
        grid = "display:grid;grid-template-columns:repeat(auto-fit,minmax(210px,1fr));gap:2px 14px;overflow:hidden"
        self.hands.value = f'<div class="replay-hands" style="{grid}">{"".join(blocks)}</div>'
        self.hands.layout.display = None

    def _on_slider(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.go(int(change["new"]))

    def _on_turn_choice(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        number = int(change["new"])
        if number == 0:
            self.go(0)
        else:
            self.go_to_turn(number)

    def _button(self, label: str, tip: str, fn: Any, style: str, icon: str = "") -> Button:
        button = Button(description=label, tooltip=tip, button_style=style, icon=icon, layout=Layout(width="auto"))
        button.on_click(lambda _b: fn())
        return button
