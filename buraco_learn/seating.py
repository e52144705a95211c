"""Who plays with whom: the sides of a hand, decided in one place (DEAL-2, P3-1, P3-2, P5-2, P5-3, P5-4).

A :class:`Seating` is built once for a player count and, with 3 or 5 players, the seat who took
the 18-card pot (the lone player); every part of the engine asks it for the side of a seat, the
seats of a side and how a side's score is credited, so no part branches on the player count.

>>> four = seating(4)
>>> four.side[1], four.sides, four.halves
((1, 3), ((0, 2), (1, 3)), False)
>>> five = seating(5)
>>> five.sides, five.forms
(((0,), (1,), (2,), (3,), (4,)), True)
>>> after = five.after_pot(2)  # seat 2 takes the 18-card pot: he plays alone; 3 with 0, 4 with 1 (P5-2)
>>> after.lone, after.sides
(2, ((0, 3), (1, 4), (2,)))
>>> after.credit((0, 3), 335), after.credit((2,), 335)   # halved, rounded up (P5-3)
(168, 335)
>>> seating(5, alone=True).after_pot(2).sides == seating(5).sides   # every player alone (P5-4)
True
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Seating", "seating", "seatings"]


@dataclass(frozen=True, slots=True, eq=False)
class Seating:
    """The sides of a hand as things stand. Built by :func:`seating` (one value per case, shared)."""

    #: Players at the table.
    players: int
    #: The seat who took the 18-card pot and plays alone (P3-1, P5-2), or ``None``.
    lone: int | None
    #: Every player plays alone the whole hand (P5-4's option after 1005): the first pot taken
    #: forms no pairs.
    alone: bool
    #: For each seat, its side: the seats playing together (itself included), in seat order.
    side: tuple[tuple[int, ...], ...]
    #: For each seat, the key of its side: its lowest seat.
    key: tuple[int, ...]
    #: Every side, in order of its lowest seat.
    sides: tuple[tuple[int, ...], ...]
    #: A pair's score is halved and each partner credited the half (P3-2, P5-3); with 4 players
    #: each partner is credited the whole.
    halves: bool
    #: The first pot taken makes its taker the lone player and pairs the others (P3-1, P5-2).
    forms: bool
    #: The rule that says how a pair is credited: ``P3-2``, ``P5-3`` (halved), else ``SCORE-1``.
    credit_rule: str

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other seats of ``seat``'s side."""
        return tuple(x for x in self.side[seat] if x != seat)

    def credit(self, side: tuple[int, ...], total: int) -> int:
        """What each seat of ``side`` is credited of its side's ``total`` (P3-2, P5-3: a pair's
        score halved, an odd one rounded up; a 4-player side's whole score to each partner)."""
        if self.halves and len(side) == 2:
            return -((-total) // 2)
        return total

    def after_pot(self, seat: int) -> Seating:
        """The seating once ``seat`` has taken a pot: itself if no sides form (P3-1, P5-2)."""
        if not self.forms:
            return self
        return seating(self.players, seat, self.alone)


def _pairs(players: int, lone: int | None, alone: bool) -> list[tuple[int, ...]]:
    """The sides, unordered: who plays with whom (DEAL-2, P3-1, P5-2)."""
    if players == 4 and not alone:
        return [(0, 2), (1, 3)]
    if lone is None or alone or players == 2:
        return [(s,) for s in range(players)]
    after = [(lone + i) % players for i in range(1, players)]  # in turn order after the lone player
    if players == 3:
        return [(lone,), tuple(sorted(after))]
    # P5-2: the first with the third, the second with the fourth (never side by side).
    return [(lone,), tuple(sorted((after[0], after[2]))), tuple(sorted((after[1], after[3])))]


_SEATINGS: dict[tuple[int, int | None, bool], Seating] = {}


def seating(players: int, lone: int | None = None, alone: bool = False) -> Seating:
    """The seating of ``players`` players (2 to 5) with ``lone`` the lone player (3 or 5 players,
    P3-1, P5-2) and, with ``alone``, every player for himself (P5-4's option).

    The caller checks the player count (:meth:`~buraco_learn.rules.Rules.check_players`).
    """
    key = (players, lone, alone)
    found = _SEATINGS.get(key)
    if found is None:
        sides = sorted(_pairs(players, lone, alone))
        side: list[tuple[int, ...]] = [()] * players
        for group in sides:
            for seat in group:
                side[seat] = group
        forms = players in (3, 5) and lone is None and not alone
        halves = players in (3, 5) and not alone
        rule = "SCORE-1" if not halves else "P3-2" if players == 3 else "P5-3"
        found = _SEATINGS[key] = Seating(players, lone, alone, tuple(side), tuple(min(g) for g in side),
                                         tuple(sides), halves, forms, rule)
    return found


_TABLES: dict[tuple[int, bool], dict[int | None, Seating]] = {}


def seatings(players: int, alone: bool = False) -> dict[int | None, Seating]:
    """Every seating of a hand, by its lone player (``None``: before the first pot), shared by
    every game of that player count (a game reads it on each side question).

    >>> seatings(3)[1].sides
    ((0, 2), (1,))
    """
    key = (players, alone)
    found = _TABLES.get(key)
    if found is None:
        found = {None: seating(players, None, alone)}
        for lone in range(players):
            found[lone] = seating(players, lone, alone)
        _TABLES[key] = found
    return found
