"""Plain-text views of a table for exercises and notebooks (the cards as the game writes them).

A :class:`TableView` prints as text and shows the cards in Jupyter (its ``_repr_html_`` asks
:func:`buraco_learn.render.table_html`, imported lazily), with the player to move at the bottom.

>>> from buraco_learn import Game
>>> g = Game.from_position("fibur 2p d1 t0 play | h: 4C 5C 6C KD / 9D 9S | m: 1=QH KH AH | p: 3C | "
...                        "s: * | pots: *11 / *11 | took: -")
>>> print(table_text(g))
fibur, 2 players · South to play (has drawn)
South: 4C 5C 6C KD
North: 2 cards
melds of North: [0] QH KH AH
discard pile: 3C (top)  · stock: 76 cards · pots: 11 and 11 cards
"""

from __future__ import annotations

from ..cards import format_cards
from ..game import Game

__all__ = ["TableView", "table_text"]


def table_text(game: Game, *, reveal: bool = False, seat: int | None = None) -> str:
    """The table as lines of text: whose turn, the hands (``reveal``: every hand; else only
    ``seat``'s, by default the player to move, and the others' sizes), the melds by side, the
    pile, the stock and the pots."""
    seat = game.to_move if seat is None else seat
    phase = {"draw": "to draw", "play": "to play (has drawn)", "over": "hand over"}[game.phase]
    head = f"{game.rules.name}, {game.players} players · {game.seat_name(game.to_move)} {phase}"
    if game.is_over:
        head = f"{game.rules.name}, {game.players} players · the hand is over"
    lines = [head]
    for s in range(game.players):
        hand = game.hand(s)
        if reveal or s == seat:
            text = format_cards(hand) if hand else "(no cards)"
        else:
            text = f"{len(hand)} card{'s' if len(hand) != 1 else ''}"
        extra = " (took a pot)" if game.took_pot[s] else ""
        lines.append(f"{game.seat_name(s)}: {text}{extra}")
    if not game.table:
        lines.append("melds: none")
    for side in game.sides:
        melds = [t for t in game.table if t.owner in side]
        if not melds:
            continue
        who = "-".join(game.seat_name(s) for s in side)
        parts = []
        for t in melds:
            kind = f" ({t.meld.burraco} burraco)" if t.meld.burraco else ""
            parts.append(f"[{t.id}] {t.meld}{kind}")
        lines.append(f"melds of {who}: " + "  ".join(parts))
    pile = f"{format_cards(game.pile[-3:])} (top)" if game.pile else "empty"
    if len(game.pile) > 3:
        pile = f"{len(game.pile)} cards, top {pile}"
    pots = " and ".join(str(len(p)) for p in game.pots) + " cards" if game.pots else "none left"
    lines.append(f"discard pile: {pile}  · stock: {len(game.stock)} cards · pots: {pots}")
    return "\n".join(lines)


class TableView:
    """A game shown as text (and as cards when the renderer is there)."""

    def __init__(self, game: Game, *, reveal: bool = False, seat: int | None = None) -> None:
        self.game = game
        self.reveal = reveal
        self.seat = seat

    def __repr__(self) -> str:
        return table_text(self.game, reveal=self.reveal, seat=self.seat)

    def _repr_html_(self) -> str:
        from ..render import table_html

        if self.seat is not None:
            viewer = self.seat
        else:
            viewer = 0 if self.reveal else self.game.to_move
        return table_html(self.game, viewer=viewer, reveal=self.reveal)
