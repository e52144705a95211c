"""Layout geometry and hit-testing for drawn tables: pure functions of sizes and counts.

The canvas widgets draw exactly the rectangles computed here and ask :meth:`TableGeometry.hit`
which thing lies under a click, so both can be tested without a browser.

>>> rects = fan(3, x=10, y=20, width=300, card_w=60, card_h=84, max_step=38)
>>> [r.x for r in rects]
[10.0, 48.0, 86.0]
>>> hit_index(rects, 50, 30)        # the second card covers the first there
1
>>> hit_index(rects, 20, 30), hit_index(rects, 500, 30)
(0, None)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from ..game import Game
from ..melds import Meld

__all__ = ["Rect", "Hit", "MeldBox", "SideBox", "SeatBox", "TableGeometry", "fan", "hit_index", "meld_strip",
           "flow_melds", "strip_width", "table_geometry", "geometry_for", "HitKind", "hand_geometry", "melds_geometry"]

HitKind = Literal["hand", "meld", "stock", "pile", "pot", "seat"]


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle in canvas pixels; ``x, y`` is its top-left corner.

    >>> r = Rect(10, 20, 30, 40)
    >>> r.contains(10, 20), r.contains(40, 60), r.contains(40.5, 30), r.center
    (True, True, False, (25.0, 40.0))
    """

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        """The x of the right edge."""
        return self.x + self.w

    @property
    def bottom(self) -> float:
        """The y of the bottom edge."""
        return self.y + self.h

    @property
    def center(self) -> tuple[float, float]:
        """The middle point."""
        return (self.x + self.w / 2, self.y + self.h / 2)

    def contains(self, px: float, py: float) -> bool:
        """Whether the point lies inside (edges included)."""
        return self.x <= px <= self.x + self.w and self.y <= py <= self.y + self.h


@dataclass(frozen=True)
class Hit:
    """What lies under a point: a hand card (``index`` = display position), a meld (``index`` =
    meld number), the stock, the pile, a pot (``index`` = its order) or a seat's hand."""

    kind: HitKind
    index: int = 0


def fan(n: int, *, x: float, y: float, width: float, card_w: float, card_h: float, max_step: float | None = None,
        selected: Iterable[int] = (), lift: float = 0, center: bool = False) -> list[Rect]:
    """Rectangles of ``n`` cards fanned left to right inside ``width``; each covers the one before.

    The step between cards is ``max_step`` (default: 62 % of a card) or less so the fan fits;
    ``selected`` positions are raised by ``lift``; ``center`` centres a short fan in the width.

    >>> [r.y for r in fan(3, x=0, y=50, width=200, card_w=40, card_h=56, selected=[1], lift=10)]
    [50.0, 40.0, 50.0]
    >>> fan(22, x=0, y=0, width=400, card_w=60, card_h=84)[-1].right
    400.0
    """
    if n <= 0:
        return []
    step = card_w * 0.62 if max_step is None else max_step
    if n > 1:
        step = min(step, (width - card_w) / (n - 1))
    total = card_w + step * (n - 1)
    x0 = x + (width - total) / 2 if center and total < width else x
    chosen = set(selected)
    return [Rect(float(x0 + i * step), float(y - (lift if i in chosen else 0)), float(card_w), float(card_h))
            for i in range(n)]


def hit_index(rects: Sequence[Rect], x: float, y: float) -> int | None:
    """The index of the topmost rectangle (the last drawn) containing the point, or ``None``."""
    for i in range(len(rects) - 1, -1, -1):
        if rects[i].contains(x, y):
            return i
    return None


def meld_strip(n: int, *, x: float, y: float, card_w: float, card_h: float, step: float,
               wide: int = -1) -> list[Rect]:
    """The cards of one meld, left to right, ``step`` apart (each covers the one before); the
    card at ``wide`` (a wild, whose "= 7♦" tag must show) gets a step half as wide again.

    >>> [r.x for r in meld_strip(3, x=5, y=0, card_w=40, card_h=56, step=18)]
    [5.0, 23.0, 41.0]
    >>> [r.x for r in meld_strip(3, x=5, y=0, card_w=40, card_h=56, step=18, wide=0)]
    [5.0, 32.0, 50.0]
    """
    out = []
    cx = float(x)
    for i in range(n):
        out.append(Rect(cx, float(y), float(card_w), float(card_h)))
        cx += step * 1.5 if i == wide else step
    return out


def strip_width(n: int, card_w: float, step: float, wide: int = -1) -> float:
    """The width of a meld strip (see :func:`meld_strip`)."""
    return card_w + step * (n - 1) + (step * 0.5 if 0 <= wide < n - 1 else 0)


@dataclass(frozen=True)
class MeldBox:
    """One meld's place: its number, the box around cards and caption, and each card's rectangle."""

    id: int
    box: Rect
    cards: tuple[Rect, ...]


def flow_melds(melds: Sequence[tuple[int, int] | tuple[int, int, int]], *, x: float, y: float, width: float, card_w: float,
               card_h: float, step: float, gap: float, caption_h: float, min_rows: int = 1
               ) -> tuple[list[MeldBox], float]:
    """Lay melds (``(id, number of cards)`` or ``(id, number of cards, index of a wild)``) in rows, wrapping at ``width``; return the boxes and
    the height used (at least ``min_rows`` rows). A meld wider than a row is squeezed.

    >>> boxes, height = flow_melds([(0, 3), (1, 7), (2, 4)], x=0, y=0, width=300, card_w=40,
    ...                            card_h=56, step=18, gap=10, caption_h=14)
    >>> [(b.id, b.box.x, b.box.y) for b in boxes], height
    ([(0, 0.0, 0.0), (1, 86.0, 0.0), (2, 0.0, 80.0)], 160)
    """
    row_h = card_h + caption_h + gap
    out: list[MeldBox] = []
    cx, cy, rows = x, y, 1
    for item in melds:
        mid, n = item[0], item[1]
        wide = item[2] if len(item) > 2 else -1
        s = step
        w = strip_width(n, card_w, s, wide)
        if w > width and n > 1:
            s = (width - card_w) / (n - 1 + (0.5 if 0 <= wide < n - 1 else 0))
            w = strip_width(n, card_w, s, wide)
        if cx > x and cx + w > x + width:
            cx, cy, rows = x, cy + row_h, rows + 1
        cards = tuple(meld_strip(n, x=cx, y=cy, card_w=card_w, card_h=card_h, step=s, wide=wide))
        out.append(MeldBox(mid, Rect(float(cx), float(cy), float(w), float(card_h + caption_h)), cards))
        cx += w + gap
    return out, max(rows, min_rows) * row_h


@dataclass(frozen=True)
class SideBox:
    """A side's meld area: the seats of the side, whether it is the viewer's, the area, the melds."""

    seats: tuple[int, ...]
    mine: bool
    area: Rect
    melds: tuple[MeldBox, ...]


@dataclass(frozen=True)
class SeatBox:
    """Another player's place: where it sits (``north``, ``west``, ``east``), its area and the
    rectangles of its face-down cards."""

    seat: int
    where: str
    area: Rect
    cards: tuple[Rect, ...]


@dataclass(frozen=True)
class TableGeometry:
    """Every rectangle of a drawn table. Sizes: ``card`` (the viewer's hand), ``small`` (melds,
    pile, stock), ``tiny`` (other players' backs); ``unit`` scales fonts and margins."""

    width: int
    height: int
    unit: float
    card: tuple[float, float]
    small: tuple[float, float]
    tiny: tuple[float, float]
    status: Rect
    hand_area: Rect
    hand: tuple[Rect, ...]
    seats: tuple[SeatBox, ...]
    sides: tuple[SideBox, ...]
    centre: Rect
    stock: Rect
    pots: tuple[Rect, ...]
    pile_area: Rect
    pile: tuple[Rect, ...]
    meld_index: dict[int, MeldBox] = field(default_factory=dict, compare=False)

    def hit(self, x: float, y: float) -> Hit | None:
        """What lies under the point: the viewer's cards first (topmost wins), then melds, the
        pile, the stock, the pots, the other seats; ``None`` for bare felt."""
        i = hit_index(self.hand, x, y)
        if i is not None:
            return Hit("hand", i)
        for side in self.sides:
            for m in side.melds:
                if m.box.contains(x, y):
                    return Hit("meld", m.id)
        if hit_index(self.pile, x, y) is not None or (self.pile_area.contains(x, y) and not self.pile):
            return Hit("pile")
        if self.stock.contains(x, y):
            return Hit("stock")
        j = hit_index(self.pots, x, y)
        if j is not None:
            return Hit("pot", j)
        for s in self.seats:
            if s.area.contains(x, y):
                return Hit("seat", s.seat)
        return None

    def hand_center(self, i: int) -> tuple[float, float]:
        """A point on the visible part of hand card ``i`` (where a click selects it)."""
        r = self.hand[i]
        visible = (self.hand[i + 1].x - r.x) if i + 1 < len(self.hand) else r.w
        return (r.x + min(visible, r.w) / 2, r.y + r.h * 0.35)

    def meld_center(self, meld_id: int) -> tuple[float, float]:
        """A point inside meld ``meld_id``'s box."""
        return self.meld_index[meld_id].box.center


_WHERE = {2: ("south", "north"), 3: ("south", "west", "east"), 4: ("south", "west", "north", "east")}


def table_geometry(*, players: int, viewer: int, width: int, hand_size: int, hand_sizes: Sequence[int],
                   sides: Sequence[tuple[tuple[int, ...], Sequence[tuple[int, int] | tuple[int, int, int]]]],
                   pile_size: int,
                   pots: int, selected: Iterable[int] = (), pile_open: bool = False) -> TableGeometry:
    """Compute every rectangle of a table ``width`` pixels wide, as ``viewer`` sees it.

    ``sides`` lists each side's seats and its melds as ``(id, number of cards)``; the viewer's
    side is drawn just above the viewer's hand, the others above the centre (split side by side
    when there are two, as with three players before the pot). The height follows the content.

    >>> g = table_geometry(players=4, viewer=0, width=960, hand_size=11, hand_sizes=[11] * 4,
    ...                    sides=[((0, 2), [(0, 3)]), ((1, 3), [])], pile_size=1, pots=2)
    >>> [s.where for s in g.seats], len(g.hand), g.hit(*g.hand_center(4))
    (['north', 'west', 'east'], 11, Hit(kind='hand', index=4))
    >>> g.hit(*g.stock.center), g.hit(*g.meld_center(0))
    (Hit(kind='stock', index=0), Hit(kind='meld', index=0))
    """
    if players not in _WHERE:
        raise ValueError(f"a table has 2, 3 or 4 players, not {players}")
    if not 0 <= viewer < players:
        raise ValueError(f"viewer must be a seat from 0 to {players - 1}, not {viewer}")
    u = max(0.5, width / 960)
    m = 10 * u
    cw = max(36.0, round(74 * u))
    ch = round(cw * 1.4)
    sw = round(cw * 0.72)
    sh = round(sw * 1.4)
    tw = round(cw * 0.5)
    th = round(tw * 1.4)
    label = 22 * u
    where = _WHERE[players]
    seat_at = {where[k]: (viewer + k) % players for k in range(players)}
    col = round(118 * u) if "west" in seat_at else 0

    y = m
    status = Rect(m, y, width - 2 * m, 50 * u)
    y = status.bottom + m / 2
    seat_boxes: list[SeatBox] = []
    if "north" in seat_at:
        s = seat_at["north"]
        area = Rect(col + m, y, width - 2 * (col + m), label + th + m / 2)
        n = hand_sizes[s]
        fw = min(area.w, tw + 10 * u * max(0, n - 1))
        cards = fan(n, x=area.x + (area.w - fw) / 2, y=y + label, width=fw, card_w=tw, card_h=th, max_step=10 * u)
        seat_boxes.append(SeatBox(s, "north", area, tuple(cards)))
        y = area.bottom + m / 2
    top_of_columns = y

    mid_x, mid_w = col + m, width - 2 * (col + m)
    caption = 17 * u
    step = round(sw * 0.42)
    gap = 10 * u
    mine_side = next((sd for sd in sides if viewer in sd[0]), None)
    others = [sd for sd in sides if viewer not in sd[0]]
    side_boxes: list[SideBox] = []
    meld_index: dict[int, MeldBox] = {}

    def place(group: Sequence[tuple[tuple[int, ...], Sequence[tuple[int, int] | tuple[int, int, int]]]], y0: float,
              mine: bool) -> float:
        if not group:
            return y0
        part = (mid_w - gap * (len(group) - 1)) / len(group)
        used = 0.0
        for k, (seats, melds) in enumerate(group):
            x0 = mid_x + k * (part + gap)
            boxes, h = flow_melds(list(melds), x=x0, y=y0 + label, width=part, card_w=sw, card_h=sh, step=step,
                                  gap=gap, caption_h=caption, min_rows=1)
            side_boxes.append(SideBox(tuple(seats), mine, Rect(x0, y0, part, label + h), tuple(boxes)))
            meld_index.update((b.id, b) for b in boxes)
            used = max(used, label + h)
        return y0 + used

    y = place(others, y, False)
    centre = Rect(mid_x, y, mid_w, label + sh + m)
    stock = Rect(mid_x, y + label, sw, sh)
    pots_x = mid_x + 100 * u
    pot_rects = tuple(Rect(pots_x + k * (tw * 0.6), y + label + (sh - th) / 2, tw, th)
                      for k in range(pots))
    pile_x = pots_x + 100 * u
    pile_area = Rect(pile_x, y, mid_x + mid_w - pile_x, label + sh)
    pstep = sw + 4 if pile_open else max(8.0, round(sw * 0.34))
    pile = tuple(fan(pile_size, x=pile_x, y=y + label, width=pile_area.w, card_w=sw, card_h=sh, max_step=pstep))
    y = centre.bottom
    if mine_side is not None:
        y = place([mine_side], y, True)
    bottom_of_columns = y
    for side_name in ("west", "east"):
        if side_name in seat_at:
            s = seat_at[side_name]
            x0 = m if side_name == "west" else width - col - m + m / 2
            area = Rect(x0, top_of_columns, col - m / 2, bottom_of_columns - top_of_columns)
            n = hand_sizes[s]
            fh = min(area.h - label * 2.5, th + 9 * u * max(0, n - 1))
            rects = fan(n, x=0, y=0, width=fh, card_w=th, card_h=tw, max_step=9 * u)
            backs = tuple(Rect(area.x + (area.w - tw) / 2, area.y + label * 2.2 + r.x, tw, th) for r in rects)
            seat_boxes.append(SeatBox(s, side_name, area, backs))
    y += m / 2
    lift = round(cw * 0.22)
    hand_area = Rect(m, y, width - 2 * m, label + lift + ch + m)
    hand = tuple(fan(hand_size, x=m, y=y + label + lift, width=width - 2 * m, card_w=cw, card_h=ch,
                     max_step=round(cw * 0.62), selected=selected, lift=lift, center=True))
    height = int(round(hand_area.bottom + m / 2))
    return TableGeometry(width, height, u, (cw, ch), (sw, sh), (tw, th), status, hand_area, hand,
                         tuple(seat_boxes), tuple(side_boxes), centre, stock, pot_rects, pile_area, pile, meld_index)


def _meld_item(mid: int, meld: Meld) -> tuple[int, int, int]:
    wi = meld.wild_index
    return (mid, len(meld.cards), -1 if wi is None else wi)


def geometry_for(game: Game, viewer: int, *, width: int = 960, selected: Iterable[int] = (),
                 pile_open: bool = False) -> TableGeometry:
    """:func:`table_geometry` for a game as it stands.

    >>> from buraco_learn import Game
    >>> g = geometry_for(Game.new(2, seed=1), 0)
    >>> [s.where for s in g.seats], len(g.sides), g.width
    (['north'], 2, 960)
    """
    sides = [(side, [_meld_item(t.id, t.meld) for t in game.side_melds(side[0])]) for side in game.sides]
    return table_geometry(players=game.players, viewer=viewer, width=width, hand_size=len(game.hand(viewer)),
                          hand_sizes=[len(h) for h in game.hands], sides=sides, pile_size=len(game.pile),
                          pots=len(game.pots), selected=selected, pile_open=pile_open)


def hand_geometry(n: int, *, width: int, selected: Iterable[int] = ()) -> tuple[list[Rect], int]:
    """The cards of a lone hand ``width`` pixels wide (a :class:`HandWidget`) and the height.

    >>> rects, height = hand_geometry(11, width=720, selected=[2])
    >>> len(rects), height, rects[2].y < rects[1].y
    (11, 133, True)
    """
    u = max(0.5, width / 720)
    cw = max(36.0, round(72 * u))
    ch = round(cw * 1.4)
    lift = round(cw * 0.22)
    m = 8 * u
    rects = fan(n, x=m, y=m + lift, width=width - 2 * m, card_w=cw, card_h=ch, max_step=round(cw * 0.62),
                selected=selected, lift=lift)
    return rects, int(round(m * 2 + lift + ch))


def melds_geometry(melds: Sequence[tuple[int, int] | tuple[int, int, int]], *, width: int) -> tuple[list[MeldBox], int]:
    """The melds of a lone meld area ``width`` pixels wide (a :class:`MeldWidget`) and the height.

    >>> boxes, height = melds_geometry([(0, 3), (1, 8)], width=600)
    >>> [b.id for b in boxes], height > 0
    ([0, 1], True)
    """
    u = max(0.5, width / 720)
    sw = max(30.0, round(52 * u))
    sh = round(sw * 1.4)
    m = 8 * u
    boxes, h = flow_melds(melds, x=m + 4, y=m + 4, width=width - 2 * m - 8, card_w=sw, card_h=sh,
                          step=round(sw * 0.42), gap=12 * u, caption_h=18 * u)
    return boxes, int(round(h + 2 * m + 4))
