"""Words for what a table shows: whose turn, who is who, the running score, and a full text
description of a table (the "alt text" that goes beside a canvas).

>>> from buraco_learn import Game
>>> g = Game.new(4, seed=7)
>>> status_line(g, 0)
'West to play: draw from the stock or take the discard pile · stock 41 · Count if the hand ended now: South & North -230, West & East -205'
>>> seat_title(g, 2, viewer=0)
'North (your partner)'
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card
from ..game import Game, TableMeld

__all__ = ["pots_words", "status_line", "turn_line", "score_line", "seat_title", "side_title", "side_names", "burraco_word", "describe_table",
           "describe_hand", "describe_meld"]

_BURRACO_WORD = {"clean": "clean burraco", "semi-clean": "semi-clean burraco", "dirty": "dirty burraco"}


def burraco_word(kind: str) -> str:
    """The badge text of a burraco kind (BUR-2..4).

    >>> burraco_word("semi-clean")
    'semi-clean burraco'
    """
    return _BURRACO_WORD[kind]


def side_names(game: Game, side: Sequence[int]) -> str:
    """``South & North``: the seat names of a side."""
    return " & ".join(game.seat_name(s) for s in side)


def seat_title(game: Game, seat: int, viewer: int | None) -> str:
    """A seat's name as the viewer reads it: ``South (you)``, ``North (your partner)``, ``West``."""
    name = game.seat_name(seat)
    if viewer is None:
        return name
    if seat == viewer:
        return f"{name} (you)"
    if seat in game.side_of(viewer):
        return f"{name} (your partner)"
    return name


def side_title(game: Game, side: Sequence[int], viewer: int | None) -> str:
    """``Your side: South & North`` or ``Them: West & East``."""
    names = side_names(game, side)
    if viewer is not None and viewer in side:
        return f"Your side: {names}" if len(side) > 1 else f"Your melds ({names})"
    return f"Them: {names}" if len(side) > 1 else f"{names}'s melds"


def _phase_words(game: Game) -> str:
    if game.phase == "draw":
        return "draw from the stock or take the discard pile"
    return "meld, lay off, then discard one card"


def score_words(game: Game) -> str:
    """``South & North 0, West & East 0``: the count as if the hand ended now."""
    now = game.score_now()
    return ", ".join(f"{side_names(game, side)} {sc.total}" for side, sc in zip(now.sides, now.scores))


def turn_line(game: Game, viewer: int | None = None) -> str:
    """Whose turn and what to do, or how the hand ended.

    >>> from buraco_learn import Game
    >>> turn_line(Game.new(2, seed=1, dealer=1), viewer=0)
    'Your turn (South): draw from the stock or take the discard pile'
    """
    if game.is_over:
        res = game.result()
        how = f"{game.seat_name(res.closed_by)} closed" if res.closed_by is not None else "the stock ran out"
        return f"Hand over: {how}"
    who = game.seat_name(game.to_move)
    head = (f"Your turn ({who})" if viewer is not None and game.to_move == viewer else f"{who} to play")
    head += f": {_phase_words(game)}"
    if game.last_turn:
        head += " (last turn)"
    return head


def pots_words(game: Game) -> str:
    """The pots as every table labels them (static tables and the canvas alike).

    >>> from buraco_learn import Game
    >>> pots_words(Game.new(2, seed=1))
    'Pots: 2 × 11 cards'
    """
    sizes = [len(p) for p in game.pots]
    if not sizes:
        return "Pots: taken"
    if len(set(sizes)) == 1:
        return f"Pots: {len(sizes)} × {sizes[0]} card{'s' if sizes[0] != 1 else ''}"
    return "Pots: " + " + ".join(str(n) for n in sizes) + " cards"


def score_line(game: Game) -> str:
    """The running score: the count as if the hand ended now, or the final count.

    >>> from buraco_learn import Game
    >>> score_line(Game.new(2, seed=1))
    'Count if the hand ended now: South -105, North -80'
    """
    return ("Final count: " if game.is_over else "Count if the hand ended now: ") + score_words(game)


def status_line(game: Game, viewer: int | None = None, *, show_score: bool = True) -> str:
    """Whose turn and what to do, the stock, the running score (``game.score_now()``);
    ``show_score=False`` leaves the score out (a puzzle that asks for it)."""
    if game.is_over:
        res = game.result()
        how = (f"{game.seat_name(res.closed_by)} closed" if res.closed_by is not None
               else "the stock ran out")
        head = f"Hand over: {how}"
    else:
        who = game.seat_name(game.to_move)
        if viewer is not None and game.to_move == viewer:
            who = f"Your turn ({who})"
            head = f"{who}: {_phase_words(game)}"
        else:
            head = f"{who} to play: {_phase_words(game)}"
        if game.last_turn:
            head += " (last turn: the stock is down to its reserve)"
    if not show_score:
        return f"{head} · stock {len(game.stock)}"
    label = "Final count" if game.is_over else "Count if the hand ended now"
    return f"{head} · stock {len(game.stock)} · {label}: {score_words(game)}"


def describe_meld(t: TableMeld) -> str:
    """``#0 run of hearts 5♥ 6♥ 2♣(=7♥), 25 pts, clean burraco``."""
    m = t.meld
    what = f"run of {m.suit.name.lower()}" if m.kind == "run" and m.suit else "set"
    extra = f", {burraco_word(m.burraco)}" if m.burraco else ""
    return f"#{t.id} {what} {m.notation(pretty=True)}, {m.points} pts{extra}"


def describe_hand(cards: Sequence[Card], selected: Sequence[int] = ()) -> str:
    """``5♥ 6♥ [7♥] JK`` with the selected positions in brackets.

    >>> from buraco_learn import parse_cards
    >>> describe_hand(parse_cards("5H 6H JK"), [1])
    '5♥ [6♥] JK'
    """
    chosen = set(selected)
    return " ".join(f"[{c.pretty}]" if i in chosen else c.pretty for i, c in enumerate(cards)) or "(empty)"


def describe_table(game: Game, viewer: int, *, hand: Sequence[Card] | None = None, selected: Sequence[int] = (),
                   target: int | None = None, pile_open: bool = False, show_score: bool = True) -> str:
    """A full text description of the table as ``viewer`` sees it (what a canvas cannot say).

    ``hand`` is the viewer's hand in display order (default: as dealt); ``selected`` positions in it.

    >>> from buraco_learn import Game
    >>> text = describe_table(Game.new(2, seed=1), 0)
    >>> text.splitlines()[1]
    'You are South. North has 11 cards.'
    """
    lines = [status_line(game, viewer, show_score=show_score)]
    others = [f"{game.seat_name(s)} has {len(game.hand(s))} card{'s' if len(game.hand(s)) != 1 else ''}"
              + (" and took a pot" if game.took_pot[s] else "")
              for s in range(game.players) if s != viewer]
    lines.append(f"You are {game.seat_name(viewer)}. " + "; ".join(others) + ".")
    cards = list(game.hand(viewer) if hand is None else hand)
    sel = [cards[i].pretty for i in selected if 0 <= i < len(cards)]
    lines.append(f"Your hand ({len(cards)}): {describe_hand(cards, selected)}."
                 + (f" Selected: {' '.join(sel)}." if sel else " Nothing selected."))
    for side in game.sides:
        melds = game.side_melds(side[0])
        title = side_title(game, side, viewer)
        body = "; ".join(describe_meld(t) for t in melds) or "none yet"
        lines.append(f"{title}: {body}.")
    if target is not None:
        lines.append(f"Lay-off target: meld #{target}.")
    pile = game.pile
    if pile_open or len(pile) <= 1:
        pile_text = " ".join(c.pretty for c in pile) or "empty"
        lines.append(f"Discard pile ({len(pile)}, bottom to top): {pile_text}.")
    else:
        lines.append(f"Discard pile ({len(pile)}): top card {pile[-1].pretty}.")
    pots = game.pots
    lines.append(f"Stock: {len(game.stock)} cards. Pots waiting: {len(pots)}"
                 + (f" ({', '.join(str(len(p)) for p in pots)} cards)." if pots else "."))
    return "\n".join(lines)
