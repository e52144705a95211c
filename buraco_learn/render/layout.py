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

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from ..game import Game
from ..i18n import tr, trn
from ..melds import Meld
from .text import pots_words, seat_name, seat_title

__all__ = ["Rect", "Hit", "MeldBox", "SideBox", "SeatBox", "TableGeometry", "fan", "hit_index", "meld_strip",
           "flow_melds", "strip_width", "pile_rows", "wild_tag_box", "wild_step", "joker_letters", "WIDE_ASPECT", "table_geometry", "geometry_for", "pile_words", "text_width", "TEXT_HEIGHTS", "TEXT_WIDTHS", "LAPTOP_ASPECT", "HitKind", "hand_geometry", "melds_geometry"]

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


def pile_rows(n: int, *, card_w: int, width: int, step: int, max_rows: int = 3) -> tuple[int, int]:
    """How a discard pile of ``n`` cards ``card_w`` wide fits a band ``width`` pixels wide: the
    cards per row and the whole-pixel step between cards. Rows of ``step``-spaced cards wrap;
    the rows are balanced (61 cards in 3 rows: 21, 21, 19); past ``max_rows`` rows the cards
    overlap more. A row is never wider than ``width`` (``card_w + step * (per_row - 1)``).

    >>> pile_rows(5, card_w=37, width=480, step=15)
    (5, 15)
    >>> pile_rows(61, card_w=37, width=480, step=15)
    (21, 15)
    >>> pile_rows(108, card_w=37, width=480, step=15)
    (36, 12)
    """
    if n <= 0:
        return (0, step)
    room = max(0, width - card_w)
    per = max(1, room // step + 1)
    rows = -(-n // per)
    if rows > max_rows:
        rows = max_rows
    per = -(-n // rows)
    if per > 1:
        step = min(step, max(1, room // (per - 1)))
    return (per, step)


def hit_index(rects: Sequence[Rect], x: float, y: float) -> int | None:
    """The index of the topmost rectangle (the last drawn) containing the point, or ``None``."""
    for i in range(len(rects) - 1, -1, -1):
        if rects[i].contains(x, y):
            return i
    return None


def wild_tag_box(card_w: float, text: str = "=10♥") -> tuple[float, float]:
    """The size (width, height) of the tag printed at the bottom left of a wild in a meld
    (``=Q♥``: what the wild stands for), for a card ``card_w`` wide. Both renderers size the
    tag with this, and a meld strip leaves the wild uncovered that far (so the tag shows).

    >>> wild_tag_box(50)
    (37.0, 15.0)
    >>> wild_tag_box(50, "=Q")[0] < wild_tag_box(50)[0]
    True
    """
    font = float(max(8, round(card_w * 0.22)))
    # A generous glyph width (DejaVu Sans bold: digits and letters ~0.62 em, suit symbols ~0.78 em).
    return (float(round(font * 0.7 * len(text) + 6)), font + 4)


def joker_letters(card_w: float, *, top: float, tag_top: float) -> tuple[float, float]:
    """The font size and line step of a joker's vertical ``JOKER`` (its index), starting ``top``
    pixels below the card's top edge: the five letters (five steps) end at least a pixel above
    ``tag_top``, where a wild's ``= 6♦`` tag starts, so the tag covers no letter (reader shot
    04-05: "JOKE R"). Both renderers use it; on a card too short the letters shrink.

    >>> joker_letters(40, top=3, tag_top=42)
    (6.7, 7.2)
    >>> font, step = joker_letters(22, top=2, tag_top=17)
    >>> 2 + 5 * step <= 17 - 1 and font < step
    True
    """
    step = min(card_w * 0.18, (tag_top - top - 1) / 5)
    step = max(1.0, math.floor(step * 10) / 10)
    return (math.floor(step / 1.06 * 10) / 10, step)


def wild_step(card_w: float, step: float) -> float:
    """The step after a wild in a meld strip: wide enough that the next card leaves the wild's
    tag (:func:`wild_tag_box`) uncovered, and at least half a step wider than a plain one.

    >>> wild_step(40, 18)
    34.0
    >>> wild_step(40, 30)
    45.0
    """
    return max(step * 1.5, wild_tag_box(card_w)[0] + 3)


def meld_strip(n: int, *, x: float, y: float, card_w: float, card_h: float, step: float,
               wide: int = -1) -> list[Rect]:
    """The cards of one meld, left to right, ``step`` apart (each covers the one before); the
    card at ``wide`` (a wild, whose "=7♦" tag must show) gets a wider step (:func:`wild_step`).

    >>> [r.x for r in meld_strip(3, x=5, y=0, card_w=40, card_h=56, step=18)]
    [5.0, 23.0, 41.0]
    >>> [r.x for r in meld_strip(3, x=5, y=0, card_w=40, card_h=56, step=18, wide=0)]
    [5.0, 39.0, 57.0]
    """
    out = []
    cx = float(x)
    ws = wild_step(card_w, step)
    for i in range(n):
        out.append(Rect(cx, float(y), float(card_w), float(card_h)))
        cx += ws if i == wide else step
    return out


def strip_width(n: int, card_w: float, step: float, wide: int = -1) -> float:
    """The width of a meld strip (see :func:`meld_strip`)."""
    extra = wild_step(card_w, step) - step if 0 <= wide < n - 1 else 0
    return card_w + step * (n - 1) + extra


def _squeezed_step(n: int, card_w: float, width: float, wide: int) -> float:
    """The largest step with which a strip of ``n`` cards fits ``width`` (the wild's slot kept)."""
    if not 0 <= wide < n - 1:
        return max(1.0, (width - card_w) / (n - 1))
    tag = wild_tag_box(card_w)[0] + 3
    s = (width - card_w) / (n - 0.5)  # the wild's slot is 1.5 steps
    if s * 1.5 < tag:  # the tag's width decides the wild's slot
        s = (width - card_w - tag) / (n - 2) if n > 2 else 1.0
    return max(1.0, s)


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
            s = _squeezed_step(n, card_w, width, wide)
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
    """Every rectangle of a drawn table. Sizes: ``card`` (the viewer's hand), ``small`` (stock,
    pile), ``tiny`` (other players' backs), ``meld`` (cards in melds); ``unit`` scales fonts and
    margins. ``labels`` holds the box of every line of text (``turn``, ``score``, ``stock``,
    ``pots``, ``pile``, ``hand``, ``seat<N>``, ``side<K>``, and with 3 or 5 players ``role<N>``,
    the line under a seat's cards that says whether it plays alone or with whom, and with 5
    ``count<N>``, the number of a seat's cards after its backs): the drawing
    squeezes each text into its box, and no two boxes overlap."""

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
    labels: dict[str, Rect] = field(default_factory=dict, compare=False)
    meld: tuple[float, float] = (0.0, 0.0)
    #: How much bigger than ``unit`` the text is (see :data:`TEXT_HEIGHTS`, :data:`TEXT_WIDTHS`).
    text: float = 1.0

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
        pile_labels = [r for k, r in self.labels.items() if k in ("pile", "pile_hint")]
        if (hit_index(self.pile, x, y) is not None or (self.pile_area.contains(x, y) and not self.pile)
                or any(r.contains(x, y) for r in pile_labels)):
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

    @property
    def text_boxes(self) -> list[Rect]:
        """Every label's box (see ``labels``)."""
        return list(self.labels.values())


_WHERE = {2: ("south", "north"), 3: ("south", "west", "east"), 4: ("south", "west", "north", "east"),
          5: ("south", "west", "north-west", "north-east", "east")}

#: The canvas's shape: width / height stays at or above this for a table with one row of melds a
#: side, so the table fits a laptop screen's height when it fills the page's width.
WIDE_ASPECT = 2.0

#: A table with melds on every side keeps at least this width / height when its text grows (see
#: TEXT_HEIGHTS), so that at 60 % of a 768-px laptop window it still fills 880 px of width.
LAPTOP_ASPECT = 1.8

#: The smallest label's font is at least the table's height / TEXT_HEIGHTS. A table is shown at
#: most 60 % of the window high (the widgets' ``max_height``): on a projector at 150 % zoom
#: (1920×1080, a window 720 CSS px high) that is 432 px, so the smallest label stays at 12 CSS px
#: or more however many rows of melds make the table tall; a low table is not changed.
TEXT_HEIGHTS = 36.0
#: And at least the table's width / TEXT_WIDTHS: 12 CSS px when the table is shown 840 px wide,
#: a notebook's width on that projector with JupyterLab's file browser open.
TEXT_WIDTHS = 70.0
_SMALLEST = 16 * 0.8  # the smallest label box (the count's line, a seat's role) is 16 units high
#: At most this much of the viewer's cards' size is given to bigger text: the cards of a five-seat
#: table at 1366×768 stay at least 40 px wide on the screen (a quarter made them 37 px).
_HAND_SHRINK = 0.15


def table_geometry(*, players: int, viewer: int, width: int, hand_size: int, hand_sizes: Sequence[int],
                   sides: Sequence[tuple[tuple[int, ...], Sequence[tuple[int, int] | tuple[int, int, int]]]],
                   pile_size: int,
                   pots: int, selected: Iterable[int] = (), pile_open: bool = False,
                   pile_text: float = 0.0, pots_text: float = 0.0, seat_text: float = 0.0,
                   pile_head: float = 0.0) -> TableGeometry:
    """Compute every rectangle of a table ``width`` pixels wide, as ``viewer`` sees it.

    A wide, low table (it fits a laptop screen, and a wide page gives bigger cards): a status
    strip (whose turn, the running count); a band with the other players (name, card count,
    their backs), the stock, the pots and the discard pile; every side's melds side by side
    (``sides`` lists each side's seats and its melds as ``(id, number of cards)`` or ``(id,
    number of cards, index of the wild)``; the others first, the viewer's last); the viewer's
    hand spread across the width. ``pile_open`` spreads the pile in a band of its own. The
    height follows the content.

    >>> g = table_geometry(players=4, viewer=0, width=960, hand_size=11, hand_sizes=[11] * 4,
    ...                    sides=[((0, 2), [(0, 3)]), ((1, 3), [])], pile_size=1, pots=2)
    >>> [s.where for s in g.seats], len(g.hand), g.hit(*g.hand_center(4))
    (['west', 'north', 'east'], 11, Hit(kind='hand', index=4))
    >>> g.hit(*g.stock.center), g.hit(*g.meld_center(0))
    (Hit(kind='stock', index=0), Hit(kind='meld', index=0))
    >>> g.width / g.height >= WIDE_ASPECT
    True

    ``pile_text``: the width of the pile's line with its "(click to spread)" in units of its font
    size (0: it fits). A line too long for the pile's column is given two: ``pile`` says the pile
    and its count, ``pile_hint`` (a line under the stock, the pots and the pile, ending at the pile's
    right edge) what a click does, neither squeezed.

    ``pots_text`` and ``seat_text``: the widths of the pots' line ("Pozzetti: 2 × 11 carte") and
    of the longest seat's line ("▶ Ouest : 11 cartes", "▶ Nord-Ouest") in units of their font
    size (0: the usual columns). The pots' column and the seats' chips widen to hold them, as far
    as the width allows (the pots' column never takes the room of ``pile_head``, the width of the
    pile's own line, "Discard pile 3"), so neither is squeezed in a longer language.

    Text grows with a tall table (:data:`TEXT_HEIGHTS`): its labels stay readable when the table is
    shown small to fit the window's height.

    >>> tall = dict(players=5, viewer=0, width=1600, hand_size=11, hand_sizes=[11] * 5, pile_size=3, pots=3,
    ...             sides=[((0,), [(k, 4) for k in range(9)]), ((1, 3), [(k, 3) for k in range(9, 18)]),
    ...                    ((2, 4), [(k, 5) for k in range(18, 26)])])
    >>> g = table_geometry(**tall)
    >>> g.text > 1, min(r.h for r in g.labels.values()) * 0.8 >= g.height / TEXT_HEIGHTS - 0.5
    (True, True)
    """
    args = dict(players=players, viewer=viewer, width=width, hand_size=hand_size, hand_sizes=hand_sizes,
                sides=sides, pile_size=pile_size, pots=pots, selected=tuple(selected), pile_open=pile_open,
                pile_text=pile_text, pots_text=pots_text, seat_text=seat_text, pile_head=pile_head)
    u = max(0.4, width / 960)
    text = max(1.0, width / TEXT_WIDTHS / (_SMALLEST * u))
    geo = low = _table_geometry(**args, text=text)  # type: ignore[arg-type]
    for _ in range(12):  # the text grows the table a little: a few rounds settle it
        need = geo.height / TEXT_HEIGHTS / (_SMALLEST * geo.unit)
        if need <= text:
            break
        text = need + 0.01
        geo = _table_geometry(**args, text=text)  # type: ignore[arg-type]
    # What the bigger text adds to the height comes off the viewer's cards (at most _HAND_SHRINK
    # of them), so the table keeps its laptop shape (LAPTOP_ASPECT) or its height at the usual
    # text. When that is not enough, a table of the laptop's shape keeps it and its text grows less;
    # a table already taller keeps its bigger text.
    laptop = math.floor(width / LAPTOP_ASPECT) - 1
    limit = max(low.height, laptop)
    over = geo.height - limit
    if over > 0:
        hand_scale = 1 - min(_HAND_SHRINK, over / (geo.card[1] * (1 + 0.22 / 1.4)))
        geo = _table_geometry(**args, text=text, hand_scale=hand_scale)  # type: ignore[arg-type]
        while low.height <= laptop < geo.height and text > low.text:
            text = max(low.text, text - 0.02)
            geo = _table_geometry(**args, text=text, hand_scale=hand_scale)  # type: ignore[arg-type]
    return geo


def _table_geometry(*, players: int, viewer: int, width: int, hand_size: int, hand_sizes: Sequence[int],
                    sides: Sequence[tuple[tuple[int, ...], Sequence[tuple[int, int] | tuple[int, int, int]]]],
                    pile_size: int, pots: int, selected: Sequence[int], pile_open: bool, pile_text: float,
                    text: float, hand_scale: float = 1.0, pots_text: float = 0.0,
                    seat_text: float = 0.0, pile_head: float = 0.0) -> TableGeometry:
    if players not in _WHERE:
        raise ValueError(f"a table has 2, 3, 4 or 5 players, not {players}")
    if not 0 <= viewer < players:
        raise ValueError(f"viewer must be a seat from 0 to {players - 1}, not {viewer}")
    u = max(0.4, width / 960)
    m = 10 * u
    gap = 10 * u
    cw = max(30.0, round(74 * u * hand_scale))
    ch = round(cw * 1.4)
    sw = max(24.0, round(50 * u))
    sh = round(sw * 1.4)
    mw = max(22.0, round(46 * u))
    mh = round(mw * 1.4)
    tw = max(12.0, round(24 * u))
    th = round(tw * 1.4)
    t = u * text  # the text's unit
    label = 20 * t
    line = 18 * t  # a label's box: its font is 80 % of that
    labels: dict[str, Rect] = {}
    inner = width - 2 * m

    # The status strip: two lines.
    status = Rect(m, m, inner, 46 * t)
    labels["turn"] = Rect(status.x + 10 * u, status.y + 4 * t, status.w - 20 * u, 21 * t)
    labels["score"] = Rect(status.x + 10 * u, status.y + 27 * t, status.w - 20 * u, 16 * t)
    y = status.bottom + 6 * u

    # The band: other seats, stock, pots, pile.
    band_h = label + max(sh + 4 * u, th + 6 * u + (16 * t if players in (3, 5) else 0))
    where = _WHERE[players]
    others = [((viewer + k) % players, where[k]) for k in range(1, players)]
    fixed = 78 * u + 140 * u + 150 * u + 3 * gap  # stock, pots, a pile of a few cards
    count_w = 30 * u if players == 5 else 0
    chip_w = max(60 * u, min(170 * u, (inner - fixed - gap * len(others)) / max(1, len(others))))
    pile_w = width - m - (m + len(others) * (chip_w + gap) + 78 * u + gap + 140 * u + gap)
    # What the seats' lines ("▶ Ouest : 11 cartes"; with five seats the name alone) and the pots'
    # line ("Pozzetti: 2 × 11 carte") need past their usual widths comes off the pile's column only
    # as far as it has room to spare: its own line stays whole ("Discard pile 3", ``pile_head``),
    # and on one line with its "(click to spread)" where it was (see ``pile_text``).
    keep = max(150 * u, pile_head * line * 0.8, pile_text * line * 0.8 if pile_text * line * 0.8 <= pile_w else 0.0)
    spare = max(0.0, pile_w - keep)
    if others and pile_text * line * 0.8 <= pile_w:  # (a split pile line's hint runs from the chips' end)
        more = min(max(0.0, seat_text * line * 0.8 + 10 * u - chip_w), spare / len(others))
        chip_w += more
        spare -= more * len(others)
        pile_w -= more * len(others)
    pots_col = 140 * u + min(max(0.0, pots_text * line * 0.8 + 4 * u - 140 * u), spare)
    pile_w -= pots_col - 140 * u
    # The pile's line on two lines when it is too long for its column (see ``pile_text``): what a
    # click does goes on a line of its own under the stock, the pots and the pile, ending at the
    # pile's right edge.
    split = pile_text * line * 0.8 > pile_w
    hint_h = 16 * t
    if split:
        band_h += hint_h + 2 * u
    x = m
    seat_boxes: list[SeatBox] = []
    for seat, side_name in others:
        area = Rect(x, y, chip_w, band_h)
        labels[f"seat{seat}"] = Rect(x + 4 * u, y + 1 * u, chip_w - 8 * u, line)
        n = hand_sizes[seat]
        # Five seats leave a narrow chip: its name stands alone on the top line and the number of
        # cards follows the backs (``count<N>``), so neither is squeezed out of reading.
        backs = fan(n, x=x + 4 * u, y=y + label + 2 * u, width=chip_w - 8 * u - count_w, card_w=tw, card_h=th,
                    max_step=7 * u)
        if count_w:
            end = backs[-1].right if backs else x + 4 * u
            count_h = min(line, th + 2 * u)  # beside the backs, never reaching the role's line
            labels[f"count{seat}"] = Rect(end + 4 * u, y + label + 2 * u + (th - count_h) / 2, count_w - 4 * u, count_h)
        if players in (3, 5):  # alone, or with whom (P3-1, P5-2): under the backs
            labels[f"role{seat}"] = Rect(x + 4 * u, y + label + th + 5 * u, chip_w - 8 * u, 16 * t)
        seat_boxes.append(SeatBox(seat, side_name, area, tuple(backs)))
        x += chip_w + gap
    centre_x = x
    stock_col = 78 * u
    labels["stock"] = Rect(x, y + 1 * u, stock_col, line)
    stock = Rect(x, y + label + 4 * u, sw, sh)
    x += stock_col + gap
    labels["pots"] = Rect(x, y + 1 * u, pots_col, line)
    pw, ph = round(sw * 0.8), round(sw * 0.8 * 1.4)
    pot_rects = tuple(Rect(x + k * pw * 0.6, y + label + 4 * u + (sh - ph) / 2, pw, ph) for k in range(pots))
    x += pots_col + gap
    labels["pile"] = Rect(x, y + 1 * u, pile_w, line)
    if split:
        labels["pile_hint"] = Rect(centre_x, stock.bottom + 2 * u, width - m - centre_x, hint_h)
    centre = Rect(centre_x, y, width - m - centre_x, band_h)
    y = centre.bottom + 6 * u
    if pile_open and pile_size:
        pile_area = Rect(m, y, inner, sh + 8 * u)
        pile = tuple(fan(pile_size, x=m + 4 * u, y=y + 4 * u, width=inner - 8 * u, card_w=sw, card_h=sh,
                         max_step=sw + 4 * u))
        y = pile_area.bottom + 6 * u
    else:
        pile_area = Rect(x, y - 6 * u - band_h + label, pile_w, band_h - label)
        pile = tuple(fan(pile_size, x=x, y=stock.y, width=pile_w, card_w=sw, card_h=sh,
                         max_step=max(8.0, round(sw * 0.36))))

    # Every side's melds, side by side: the others first, the viewer's side last.
    mine_side = [sd for sd in sides if viewer in sd[0]]
    group = [sd for sd in sides if viewer not in sd[0]] + mine_side
    side_boxes: list[SideBox] = []
    meld_index: dict[int, MeldBox] = {}
    if group:
        # Each side's width follows how much it has to show (a side with many melds gets more room),
        # so the rows of melds, and the table's height, stay even.
        mstep = round(mw * 0.4)
        need = [max(220 * u, sum(strip_width(it[1], mw, mstep, it[2] if len(it) > 2 else -1) + 8 * u
                                 for it in melds)) for _seats, melds in group]
        room = inner - gap * (len(group) - 1)
        # A floor under each side; five lone players (P5-2) share the row by what they show.
        floor = min(200 * u, room / len(group) * (0.75 if len(group) > 4 else 1))
        parts = [max(floor, room * n / sum(need)) for n in need]
        excess = sum(parts) - room
        if excess > 0:  # take what the floors added from the widest sides
            wide = [k for k, p in enumerate(parts) if p > floor]
            spare = sum(parts[k] - floor for k in wide)
            for k in wide:
                parts[k] -= excess * (parts[k] - floor) / spare
        placed = []
        x0 = m
        for k, (seats, melds) in enumerate(group):
            part = parts[k]
            boxes, h = flow_melds(list(melds), x=x0 + 6 * u, y=y + label + 2 * u, width=part - 12 * u, card_w=mw,
                                  card_h=mh, step=mstep, gap=8 * u, caption_h=15 * t, min_rows=1)
            placed.append((x0, part, tuple(seats), viewer in seats, boxes, h))
            meld_index.update((b.id, b) for b in boxes)
            x0 += part + gap
        tallest = max(h for *_, h in placed)
        for k, (x0, part, seats, mine, boxes, _h) in enumerate(placed):
            labels[f"side{k}"] = Rect(x0 + 6 * u, y + 2 * u, part - 12 * u, line)
            side_boxes.append(SideBox(seats, mine, Rect(x0, y, part, label + 2 * u + tallest), tuple(boxes)))
        y += label + 2 * u + tallest + 6 * u

    # The viewer's hand, spread across the width.
    lift = round(cw * 0.22)
    hand_area = Rect(m, y, inner, label + lift + ch + 6 * u)
    labels["hand"] = Rect(m + 6 * u, y + 1 * u, inner - 12 * u, line)
    hand = tuple(fan(hand_size, x=m + 6 * u, y=y + label + lift, width=inner - 12 * u, card_w=cw, card_h=ch,
                     max_step=cw + 6 * u, selected=selected, lift=lift, center=True))
    height = int(round(hand_area.bottom + m / 2))
    return TableGeometry(width, height, u, (cw, ch), (sw, sh), (tw, th), status, hand_area, hand,
                         tuple(seat_boxes), tuple(side_boxes), centre, stock, pot_rects, pile_area, pile, meld_index,
                         labels, (mw, mh), text)


def _meld_item(mid: int, meld: Meld) -> tuple[int, int, int]:
    wi = meld.wild_index
    return (mid, len(meld.cards), -1 if wi is None else wi)


def pile_words(pile_size: int, pile_open: bool) -> tuple[str, str]:
    """The pile's line on a drawn table: the pile and its count, and what a click on it does.

    >>> pile_words(3, False), pile_words(1, False)
    (('Discard pile 3', '(click to spread)'), ('Discard pile 1', ''))
    """
    hint = tr("spread below (click to stack)") if pile_open and pile_size else (
        tr("(click to spread)") if pile_size >= 2 else "")
    return tr("Discard pile {n}", n=pile_size), hint


def text_width(text: str, bold: bool = True) -> float:
    """A generous estimate of ``text``'s width in units of its font size (DejaVu Sans, the
    tables' font: wide letters, so an estimate on the long side).

    >>> round(text_width("Discard pile 3"), 1)
    9.1
    """
    return sum(0.4 if ch in " .,:;'!|()" else 0.78 if ch.isupper() or ch in "mwMW" else 0.68
               for ch in text) * (1.0 if bold else 0.92)


def geometry_for(game: Game, viewer: int, *, width: int = 960, selected: Iterable[int] = (),
                 pile_open: bool = False) -> TableGeometry:
    """:func:`table_geometry` for a game as it stands.

    >>> from buraco_learn import Game
    >>> g = geometry_for(Game.new(2, seed=1), 0)
    >>> [s.where for s in g.seats], len(g.sides), g.width
    (['north'], 2, 960)
    """
    sides = [(side, [_meld_item(t.id, t.meld) for t in game.side_melds(side[0])]) for side in game.sides]
    head, hint = pile_words(len(game.pile), pile_open)
    return table_geometry(players=game.players, viewer=viewer, width=width, hand_size=len(game.hand(viewer)),
                          hand_sizes=[len(h) for h in game.hands], sides=sides, pile_size=len(game.pile),
                          pots=len(game.pots), selected=selected, pile_open=pile_open,
                          pile_text=text_width(f"{head} · {hint}") if hint else 0.0,
                          pots_text=text_width(pots_words(game)), seat_text=_seat_text(game, viewer),
                          pile_head=text_width(head))


def _seat_text(game: Game, viewer: int) -> float:
    """The width of the longest seat's line the canvas draws for the other players, in units of
    its font size, as if each were to move ("▶ "): "▶ Ouest : 11 cartes · pot ✓", or with five
    seats the name alone ("Nord-Ouest")."""
    widest = 0.0
    for seat in range(game.players):
        if seat == viewer:
            continue
        if game.players == 5:  # the name alone, without ▶ (see draw_table)
            text = seat_name(game, seat)
        else:
            n = len(game.hand(seat))
            text = "▶ " + trn("{seat}: {n} card", "{seat}: {n} cards", n, seat=seat_title(game, seat, viewer, short=True))
            if game.took_pot[seat]:
                text += " · " + tr("pot ✓")
        widest = max(widest, text_width(text))
    return widest


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
