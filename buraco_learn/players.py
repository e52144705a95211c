"""The one interface every computer player implements, and the simplest player that does.

A player is any object with a ``choose`` method that receives what its seat may see
(:class:`~buraco_learn.game.PlayerView`: own hand, the table, pile, counts of the others) and
the legal actions now (``game.legal_actions()``, never empty while the hand is on), and returns
ONE of those actions. A turn is several calls: the draw, then melds and lay-offs, then the
discard; the caller (a widget, a match runner) applies each action through the engine and asks
again while it is still that seat's turn. Players never touch the :class:`~buraco_learn.game.Game`.

>>> from buraco_learn import Game
>>> g = Game.new(2, seed=3)
>>> events = play_turn(g, RandomPlayer(seed=1))
>>> events[0].seat, str(events[-1].action).split()[0], g.to_move
(1, 'discard', 0)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from .actions import Action
from .errors import IllegalMove
from .game import Event, Game, PlayerView

__all__ = ["Player", "PlayerLike", "as_player", "RandomPlayer", "play_turn"]


@runtime_checkable
class Player(Protocol):
    """A computer player: ``choose(view, legal) -> one of legal``."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """Pick one action among ``legal`` for the seat ``view.seat``."""
        ...


#: A :class:`Player`, or a plain function ``(view, legal) -> action``.
PlayerLike = Player | Callable[[PlayerView, Sequence[Action]], Action]


class _FunctionPlayer:
    def __init__(self, fn: Callable[[PlayerView, Sequence[Action]], Action]) -> None:
        self.fn = fn

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return self.fn(view, legal)

    def __repr__(self) -> str:
        return f"as_player({getattr(self.fn, '__name__', self.fn)!r})"


def as_player(obj: PlayerLike) -> Player:
    """A :class:`Player` from a player or from a function ``(view, legal) -> action``.

    >>> p = as_player(lambda view, legal: legal[0])
    >>> isinstance(p, Player)
    True
    >>> as_player(42)
    Traceback (most recent call last):
    ...
    TypeError: a player has a choose(view, legal) method or is a function (view, legal) -> action, not 42
    """
    if isinstance(obj, Player):
        return obj
    if callable(obj):
        return _FunctionPlayer(obj)
    raise TypeError(f"a player has a choose(view, legal) method or is a function (view, legal) -> action, not {obj!r}")


class RandomPlayer:
    """Picks uniformly among the legal actions, from its own seeded generator (reproducible).

    The reference implementation of :class:`Player`; real opponents live in the bots module.
    """

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """A random legal action."""
        return legal[self.rng.randrange(len(legal))]

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def play_turn(game: Game, player: PlayerLike, *, max_actions: int = 200) -> list[Event]:
    """Let ``player`` play the seat to move until its turn ends (or the hand does).

    Every action goes through :meth:`Game.apply`, so an illegal choice raises
    :class:`~buraco_learn.errors.IllegalMove` and leaves the game as it was.
    """
    p = as_player(player)
    seat = game.to_move
    events: list[Event] = []
    while not game.is_over and game.to_move == seat and (not events or game.phase != "draw"):
        if len(events) >= max_actions:
            raise IllegalMove(f"{game.seat_name(seat)}'s player made {max_actions} moves in one turn; giving up")
        legal = game.legal_actions()
        action = p.choose(game.view(seat), legal)
        events.append(game.apply(action))
    return events
