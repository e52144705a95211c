"""Classroom demos: a seeded hand stepped through move by move, on a large table.

:class:`Demo` plays a hand one action at a time with a plain, predictable script (draw; lay down
the longest legal meld; lay off what fits; discard the highest card the engine allows), so a
teacher can stop at every move and ask the class what they would do. Every move goes through
the engine's ``legal_actions()``: the script only chooses among them.

:class:`DemoWidget` (``demo.widget()``) puts the same hand on a large
:class:`~buraco_learn.widgets.TableWidget` with buttons: **Next move**, **Finish the turn**,
**Back**, and a **Reveal hands** toggle that shows every hand face up in large cards. The
table's own buttons still work, so the class can play a move by hand and the script goes on
from there.

>>> demo = Demo(players=4, seed=11)
>>> demo.step().seat == demo.game.history[0].seat
True
>>> len(demo.game.history)
1
>>> demo.back() and len(demo.game.history)
0
"""

from __future__ import annotations

from html import escape
from typing import Any

from ipywidgets import HTML, Button, HBox, Layout, ToggleButton, VBox  # type: ignore[import-untyped]

from ..actions import Action, Discard, Draw, LayDown, LayOff
from ..game import Event, Game
from ..exercises.show import TableView
from ..render import hand_html
from ..widgets.common import new_cards
from ..widgets.table import TableWidget

__all__ = ["Demo", "DemoWidget", "script_move"]


def script_move(game: Game) -> Action:
    """The script's choice among ``game.legal_actions()`` (see the module docstring).

    >>> g = Game.new(2, seed=1)
    >>> str(script_move(g))
    'draw'
    """
    actions = game.legal_actions()
    if not actions:
        raise ValueError("the hand is over: no move to play")
    draws = [a for a in actions if isinstance(a, Draw)]
    if game.phase == "draw":
        return draws[0] if draws else actions[0]
    melds = [a for a in actions if isinstance(a, LayDown)]
    if melds:
        return max(melds, key=lambda a: len(a.cards))
    lay_offs = [a for a in actions if isinstance(a, LayOff)]
    if lay_offs:
        return lay_offs[0]
    discards = [a for a in actions if isinstance(a, Discard)]
    natural = [a for a in discards if not a.card.is_wild] or discards
    return max(natural, key=lambda a: (a.card.points, a.card.sort_key))


class Demo:
    """A hand for the classroom: :meth:`step` plays the next scripted move, :meth:`back` takes
    it back, :meth:`table` shows the table (``reveal=True``: every hand face up)."""

    def __init__(self, players: int = 4, *, seed: int = 11, rules: str | None = None, size: str = "large") -> None:
        self.game = Game.new(players, seed=seed, rules=rules)
        self.size = size

    def step(self, n: int = 1) -> Event:
        """Play the next ``n`` scripted moves; returns the last event."""
        if n < 1:
            raise ValueError("step at least one move")
        event: Event | None = None
        for _ in range(n):
            event = self.game.apply(script_move(self.game))
        assert event is not None
        return event

    def to_turn_end(self) -> list[Event]:
        """Play scripted moves until the current player has discarded (or the hand ends)."""
        events = []
        seat = self.game.to_move
        while not self.game.is_over:
            events.append(self.step())
            if self.game.to_move != seat or self.game.is_over:
                break
        return events

    def back(self) -> Action:
        """Take back the last move."""
        return self.game.undo()

    def said(self, event: Event) -> str:
        """One line for the class: who did what, and what it caused."""
        return f"{self.game.seat_name(event.seat)}: {event.action} — {event.note}"

    def table(self, *, reveal: bool = False, seat: int = 0) -> TableView:
        """The table as ``seat`` sees it (every hand with ``reveal``), in large cards."""
        return _LargeView(self.game, reveal=reveal, seat=seat, size=self.size)

    def widget(self, *, seat: int | None = None, reveal: bool = False, width: int = 1280) -> DemoWidget:
        """The hand on a table widget with a **Next move** button (see :class:`DemoWidget`)."""
        return DemoWidget(self, seat=seat, reveal=reveal, width=width)


class DemoWidget(VBox):  # type: ignore[misc]
    """A :class:`Demo` on a large :class:`~buraco_learn.widgets.TableWidget`, stepped by buttons.

    ``seat``: the hand shown face up on the table (``None``, the default: the player to move's,
    so the class sees the hand whose move it discusses). ``reveal``: start with every hand shown
    face up under the table (the **Reveal hands** toggle). Everything can be driven from Python:

    >>> w = Demo(players=4, seed=11).widget()
    >>> w.next_move(); w.said_text
    'Move 1. West: draw — drew from the stock'
    >>> w.finish_turn(); w.demo.game.to_move  # West melded and discarded: North to play
    2
    >>> w.back(); w.said_text.startswith("Took back move")
    True
    >>> w.reveal = True; "South" in w.hands.value and w.hands.layout.display is None
    True
    """

    def __init__(self, demo: Demo, *, seat: int | None = None, reveal: bool = False, width: int = 1280) -> None:
        self.demo = demo
        self.table = TableWidget(demo.game, viewer=seat, width=width)
        self.said = HTML(layout=Layout(min_height="34px"))
        self.hands = HTML()
        self._said_text = ""
        self.buttons = {
            "next": self._button("Next move", "Play the script's next move", self.next_move, "primary"),
            "turn": self._button("Finish the turn", "Play the script's moves up to this player's discard",
                                 self.finish_turn, "primary"),
            "back": self._button("Back", "Take the last move back", self.back, ""),
        }
        self.reveal_toggle = ToggleButton(value=reveal, description="Reveal hands", icon="eye",
                                          tooltip="Show every player's hand face up, in large cards",
                                          layout=Layout(width="auto"))
        self.reveal_toggle.observe(lambda _change: self._show_hands(), "value")
        controls = HBox([*self.buttons.values(), self.reveal_toggle], layout=Layout(flex_flow="row wrap"))
        super().__init__([controls, self.said, self.table, self.hands], layout=Layout(width="100%"))
        self._say("The deal. Press Next move to play the first move." if not demo.game.history
                  else f"{len(demo.game.history)} moves played. Press Next move to go on.")
        self._show_hands()

    def __repr__(self) -> str:
        g = self.demo.game
        return f"DemoWidget({g.players} players, {len(g.history)} moves played; run the cell to step through the hand)"

    # ------------------------------------------------------------------ reading
    @property
    def said_text(self) -> str:
        """The line above the table: the last move, in words."""
        return self._said_text

    @property
    def reveal(self) -> bool:
        """Whether every hand is shown face up under the table."""
        return bool(self.reveal_toggle.value)

    @reveal.setter
    def reveal(self, value: bool) -> None:
        self.reveal_toggle.value = bool(value)

    # ------------------------------------------------------------------ moves
    def next_move(self) -> None:
        """Play the script's next move."""
        g = self.demo.game
        if g.is_over:
            self._say("The hand is over: the count is on the table.")
            return
        before = g.hand(g.to_move)
        event = self.demo.step()
        self._after([event], new_cards(before, g.hand(event.seat)))

    def finish_turn(self) -> None:
        """Play the script's moves until the player to move has discarded (or the hand ends)."""
        g = self.demo.game
        if g.is_over:
            self._say("The hand is over: the count is on the table.")
            return
        self._after(self.demo.to_turn_end(), [])

    def back(self) -> None:
        """Take the last move back."""
        g = self.demo.game
        if not g.history:
            self._say("This is the deal: there is no move to take back.")
            return
        n = len(g.history)
        action = self.demo.back()
        self._say(f"Took back move {n} ({action}). {g.seat_name(g.to_move)} to play.")
        self._redraw([])

    # ------------------------------------------------------------------ drawing
    def _after(self, events: list[Event], gained: list[Any]) -> None:
        g = self.demo.game
        n = len(g.history)
        if len(events) == 1:
            text = f"Move {n}. {self.demo.said(events[0])}"
        else:
            text = f"Moves {n - len(events) + 1}–{n}. " + " · ".join(self.demo.said(e) for e in events)
        if g.is_over:
            text += " The hand is over."
        self._say(text)
        self._redraw(gained)

    def _redraw(self, gained: list[Any]) -> None:
        t = self.table
        t.set_trait("selected", [])
        t.set_trait("target", None)
        t.highlight([c for c in gained if c in t.hand])
        t.set_feedback("", "info")
        t.refresh()
        self._show_hands()

    def _say(self, text: str) -> None:
        self._said_text = text
        self.said.value = f'<div class="demo-said" style="font-size:20px;padding:4px 2px">{escape(text)}</div>'

    def _show_hands(self) -> None:
        if not self.reveal:
            self.hands.value = ""
            self.hands.layout.display = "none"
            return
        g = self.demo.game
        rows = []
        for seat in range(g.players):
            n = len(g.hand(seat))
            head = (f'<div style="font-size:18px;font-weight:bold;margin:6px 0 2px">{escape(g.seat_name(seat))}'
                    f' · {n} card{"s" if n != 1 else ""}</div>')
            rows.append(head + hand_html(g.hand(seat), size="large", sort="suit"))
        self.hands.value = f'<div class="demo-hands">{"".join(rows)}</div>'
        self.hands.layout.display = None

    def _button(self, label: str, tip: str, fn: Any, style: str) -> Button:
        button = Button(description=label, tooltip=tip, button_style=style, layout=Layout(width="auto"))
        button.on_click(lambda _b: fn())
        return button


class _LargeView(TableView):
    def __init__(self, game: Game, *, reveal: bool, seat: int, size: str) -> None:
        super().__init__(game, reveal=reveal, seat=seat)
        self.size = size

    def _repr_html_(self) -> str:
        from ..render import table_html

        size: Any = self.size
        return table_html(self.game, viewer=self.seat or 0, reveal=self.reveal, size=size)
