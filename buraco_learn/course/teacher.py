"""Classroom demos: a seeded hand stepped through move by move, on a large table.

:class:`Demo` plays a hand one action at a time with a plain, predictable script (draw; lay down
the longest legal meld; lay off what fits; discard the highest card the engine allows), so a
teacher can stop at every move and ask the class what they would do. Every move goes through
the engine's ``legal_actions()``: the script only chooses among them.

>>> demo = Demo(players=4, seed=11)
>>> demo.step().seat == demo.game.history[0].seat
True
>>> len(demo.game.history)
1
>>> demo.back() and len(demo.game.history)
0
"""

from __future__ import annotations

from typing import Any

from ..actions import Action, Discard, Draw, LayDown, LayOff
from ..game import Event, Game
from ..exercises.show import TableView

__all__ = ["Demo", "script_move"]


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


class _LargeView(TableView):
    def __init__(self, game: Game, *, reveal: bool, seat: int, size: str) -> None:
        super().__init__(game, reveal=reveal, seat=seat)
        self.size = size

    def _repr_html_(self) -> str:
        from ..render import table_html

        size: Any = self.size
        return table_html(self.game, viewer=self.seat or 0, reveal=self.reveal, size=size)
