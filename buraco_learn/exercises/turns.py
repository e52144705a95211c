"""Whole turns worked through in the course, card by card, on the engine.

Each turn starts from a position (position notation; the stock and pots not spelled out are
shuffled with a fixed ``fill`` seed, so every run shows the same cards). A notebook walks it one
move a cell: :func:`worked_turn` gives a :class:`Walk`, and ``walk.play("meld 3D 4D 5D")`` plays
that move on the engine (an illegal one is refused with the rule it breaks, TURN-6) and returns
the table as South sees it, drawn by the package's renderer.

>>> walk = worked_turn("first-turn")
>>> walk.play("pile").game.hand(0)[-1]
Card.parse('3D')
>>> walk.play("discard 3D")
Traceback (most recent call last):
...
buraco_learn.errors.IllegalMove: ...TURN-4...
>>> walk.play("meld 3D 4D 5D") and walk.gained()
15
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from ..actions import Discard
from ..cards import Card

from ..game import Game
from ..i18n import N_, tr
from ..notes import say
from .show import TableView

__all__ = ["TURNS", "Walk", "worked_turn", "Drill", "memory_drill"]

#: The worked turns by name: the position each starts from (South, seat 0, to move).
TURNS: dict[str, str] = {
    # notebook 07: South's first turn of a hand, four players, nothing on the table yet
    "first-turn": ("fibur 4p d3 t0 draw fill=3 | h: 5D 4D 7H QS 8D TH 6C 9H JC 9C 5H / 2H 6D 3D AD 8H JD KH QH 5S AS 3S"
                   " / 2D KS 6S JK 3C TH QC 8S 6D 4S TS / 9D 4D 4S KC KD 6S JD 7D AC JS 8S | m: - | p: 3D | s: *41 |"
                   " pots: *11 / *11 | took: -"),
    # notebook 08b: a pile of six, early in the hand, that makes three melds with South's hand
    "big-pile": ("fibur 4p d3 t0 draw | h: 7S 8S 5D 5C KH KC 3C 9D JH 4H AD / AH 2H 9C 2D AS 2H QD QH / 9H 2S AS "
                 "4H JC TH 6S TD / TS AH TH 4S QC 4C 8H 6C | m: 1=JD QD KD; 3=8H 8C 8D; 2=5H 6H 7H | p: 9S 5S KS "
                 "6S TC 5H | s: *36 | pots: *11 / *11 | took: -"),
    # notebook 08b: two players, mid-hand; six of the eight nines are on the table (South's set can
    # never reach seven), South's hearts run can; South draws the 9S
    "plan": ("fibur 2p d1 t0 draw fill=80 | h: 4H 8H QC QD KS 3D 6S / 8S 8D 3C JC 6H 6D AD KH | m: 0=9C 9D 9S; "
             "0=5H 6H 7H; 1=9C 9D 9H; 1=4C 5C 6C | p: JD | s: * | pots: *11 / *11 | took: -"),
    # notebook 08b: two players, South's side has just taken its pot and has no burraco yet; North
    # has neither pot nor burraco, so he cannot close soon
    "after-pot": ("fibur 2p d1 t0 draw fill=2 | h: 5S 6S 7S 8S 9S QD QC QS KD 9H 4C / 8D 8C 4S JC 2H 6H 6D AD 3H | "
                  "m: 0=TH JH QH KH; 0=7C 7D 7H; 1=9C TC JC; 1=5D 5H 5C | p: 3C | s: *63 | pots: *11 | took: 0"),
    # notebook 08b: late in the hand, South holds four wilds and East-West can close
    "wild-hand": ("fibur 4p d3 t0 draw | h: JK JK 2S 2D 7C 7D 9S QD / 8H KS / 6C TD 8C JC 6D / 8S JC AH | m: 0=5H "
                  "6H 7H 8H 9H; 2=KS KH KD; 1=8D 9D TD JD QD KD AD; 1=4S 4H 4D 4C 4C 2H(=4); 3=3D 3C 3C | p: 6S | "
                  "s: 9H 3S JH 6H 2H 5S 7S KC 9C QH QC KH 7S JK 2D AH JD AS 9S 5C 8S 3H AC 3D TC QC 2C JS AS TH TS "
                  "9D 5H AC 8D 8C 4H QS AD 6C JK 3H 2S 5D QH 2C JS 4S 9C 3S QS 4D 6S TS | pots: *11 | took: 1"),
}


class Walk:
    """One worked turn in progress: :meth:`play` plays a move and shows the table after it."""

    def __init__(self, name: str) -> None:
        if name not in TURNS:
            raise KeyError(f"no worked turn {name!r}: choose one of {', '.join(sorted(TURNS))}")
        self.name = name
        self.game = Game.from_position(TURNS[name])
        self.seat = self.game.to_move
        self._start = self._side_points()
        self._last = self._start

    def _side_points(self) -> int:
        return sum(m.meld.points for m in self.game.side_melds(self.seat))

    def table(self) -> TableView:
        """The table as the player of this turn sees it now."""
        return TableView(self.game, seat=self.seat)

    def play(self, action: str) -> TableView:
        """Play ``action`` (action notation: ``"draw"``, ``"pile"``, ``"meld 5H 6H 7H"``,
        ``"layoff 2: 8H"``, ``"discard 9C"``) and show the table after it."""
        self._last = self._side_points()
        self.game.apply(action)
        return self.table()

    def gained(self) -> int:
        """The points the last move put on the table for this side (its melds' cards)."""
        return self._side_points() - self._last

    def total(self) -> int:
        """The points this side put on the table during the turn so far."""
        return self._side_points() - self._start


def worked_turn(name: str) -> Walk:
    """A fresh walk through the worked turn ``name`` (see :data:`TURNS`)."""
    return Walk(name)


class Drill:
    """A memory drill: the table just before North takes the discard pile, then what North did
    with it. Collapse the output and answer: how many of the pile's cards does North still hold?"""

    def __init__(self, before: Game, moves: list[str], after: Game) -> None:
        self.before = before
        self.moves = moves
        self.after = after

    def held(self) -> int:
        """How many of the pile's cards North surely still holds: the pile minus every card North
        laid down or discarded since (an identical card may have come from North's hand, so this
        is what South can be sure of)."""
        played: Counter[Card] = Counter()
        for ev in self.after.history[len(self.before.history):]:
            if ev.seat == 2:
                played.update(getattr(ev.action, "cards", ()) or ())
                if isinstance(ev.action, Discard):
                    played[ev.action.card] += 1
        return sum((Counter(self.before.pile) - played).values())

    def _lines(self) -> list[str]:
        return [tr("North’s turn:")] + [f"{i}. {_say_move(m)}" for i, m in enumerate(self.moves, 1)]

    def __repr__(self) -> str:
        return repr(TableView(self.before, seat=0)) + "\n" + "\n".join(self._lines())

    def _repr_html_(self) -> str:
        from html import escape

        items = "".join(f"<li>{escape(_say_move(m))}</li>" for m in self.moves)
        return (TableView(self.before, seat=0)._repr_html_()
                + f"<p><b>{escape(tr('North’s turn:'))}</b></p><ol>{items}</ol>")


#: The seeded deal of the memory drill. Every seat draws and throws its last legal discard until
#: North finds a pile of four cards or more; North takes it, lays down every meld it can (the
#: engine's first legal one each time) and discards. Only the engine decides: no bot.
DRILL_SEED = 12


#: The drill's first move, kept in English (the drill is made once, said in each language).
_WHOLE_PILE = N_("took the whole discard pile: {cards}")


def _say_move(move: str) -> str:
    """One of the drill's moves (an event's note, in English) in the current language."""
    head = _WHOLE_PILE.split("{", 1)[0]
    if move.startswith(head):
        return tr(_WHOLE_PILE, cards=move[len(head):])
    return say(move)


def _plain_turn(g: Game) -> None:
    g.draw()
    g.discard(g.legal_discards()[-1].card)


@cache
def _drill() -> tuple[Game, tuple[str, ...], Game]:
    g = Game.new(4, seed=DRILL_SEED, dealer=3)
    while not g.is_over:
        if g.to_move == 2 and len(g.pile) >= 4:
            before = g.clone()
            g.take_pile()
            moves = [_WHOLE_PILE.format(cards=" ".join(str(c) for c in before.pile))]
            while g.phase == "play" and (melds := g.legal_melds()):
                g.apply(melds[0])
                moves.append(g.history[-1].note)
            g.discard(g.legal_discards()[-1].card)
            moves.append(g.history[-1].note)
            return before, tuple(moves), g
        _plain_turn(g)
    raise RuntimeError("the drill's seeded hand never gives North a pile")  # pragma: no cover


def memory_drill() -> Drill:
    """The memory drill of notebook 8b (the same seeded hand every time, DEAL-5).

    >>> d = memory_drill()
    >>> d.before.to_move, len(d.before.pile) >= 3, d.held() >= 0
    (2, True, True)
    """
    before, moves, after = _drill()
    return Drill(before.clone(), list(moves), after.clone())
