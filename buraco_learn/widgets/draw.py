"""Drawing cards and tables on an ipycanvas ``Canvas``, at rectangles computed by
:mod:`buraco_learn.render.layout`. Colours and faces come from :mod:`buraco_learn.render.style`,
so a drawn card looks like its HTML twin. The caller wraps a whole redraw in one
``hold_canvas()`` block.

A table is drawn in two layers of one canvas (:func:`draw_table`): the table above the viewer's
hand, then the hand's band (:func:`hand_band`, :func:`draw_hand_layer`), which clears and paints
only its own strip. A selection changes only the hand, so the widget redraws only that band.
Drawn through a :class:`Pen`, a style is sent only when it changes and coordinates travel
rounded to a tenth of a pixel: the same picture in fewer, shorter commands.
"""

from __future__ import annotations

import math
from typing import Any

from ipycanvas import Canvas  # type: ignore[import-untyped]
from ipycanvas.canvas import COMMANDS  # type: ignore[import-untyped]

from ..cards import Card, Suit
from ..game import Game
from ..melds import Meld
from ..render.layout import Rect, TableGeometry, joker_letters, pile_words, text_width, wild_tag_box
from ..render.style import (BURRACO_COLORS, COURT_FILL, FELT, FELT_DARK, HIGHLIGHT, JOKER_COLOR, SELECT, WILD_TAG,
                            back_colors, card_color, card_label, face_kind, rank_label)
from ..i18n import tr, trn
from ..render.text import (badge_word, pots_words, score_line, seat_name, seat_role, seat_title, side_caption,
                           side_names, turn_line)

__all__ = ["rounded_rect", "draw_card", "draw_back", "draw_meld", "draw_table", "draw_label", "draw_in", "Pen",
           "hand_band", "draw_hand_layer"]

_FONT = "'DejaVu Sans', Arial, sans-serif"
_COURT_GLYPH = {11: "♞", 12: "♛", 13: "♚"}
_UNSET = object()
_SET = COMMANDS["set"]


def _n(v: float) -> float:
    """A coordinate as sent: to a tenth of a pixel."""
    return round(v, 1) if v.__class__ is float else v


class Pen:
    """Draws on an ipycanvas canvas with fewer, shorter commands, for the same picture.

    A style (``fill_style``, ``stroke_style``, ``line_width``, ``font``, ``text_align``,
    ``text_baseline``) is sent only when it differs from the last one sent; :meth:`save`,
    :meth:`restore` and :meth:`forget` forget what was sent (the canvas's state may then differ).
    Coordinates are rounded to a tenth of a pixel (invisible; a JSON number a third as long).
    Any other method goes to the canvas as it is.

    >>> from ipycanvas import Canvas, hold_canvas
    >>> c = Canvas(width=50, height=50)
    >>> pen = Pen(c)
    >>> with hold_canvas():
    ...     pen.fill_style = "red"; pen.fill_rect(1.04, 2, 3.3333, 4)
    ...     pen.fill_style = "red"; pen.fill_rect(5, 6, 7, 8)
    ...     sent = [command for command in c._canvas_manager._commands_cache][1:]
    >>> len(sent), sent[1][1]
    (3, [1.0, 2, 3.3, 4])
    """

    _STYLES = frozenset(("fill_style", "stroke_style", "line_width", "font", "text_align", "text_baseline"))

    def __init__(self, canvas: Any) -> None:
        object.__setattr__(self, "canvas", canvas)
        object.__setattr__(self, "_style", {})
        # An ipycanvas canvas: a style goes straight into its command batch (the values drawn
        # here are plain CSS strings and numbers), without the trait machinery of a setting,
        # which cost about half of a table's redraw.
        direct = isinstance(canvas, Canvas) and type(canvas).__setattr__ is Canvas.__setattr__
        object.__setattr__(self, "_manager", canvas._canvas_manager if direct else None)

    def __setattr__(self, name: str, value: Any) -> None:
        if name in self._STYLES:
            if self._style.get(name, _UNSET) == value:
                return
            self._style[name] = value
            if self._manager is not None:
                self._manager.send_command(self.canvas, [_SET, [Canvas.ATTRS[name], value]])
                return
        setattr(self.canvas, name, value)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.canvas, name)

    def forget(self) -> None:
        """Forget the styles sent: the next setting of each is sent."""
        self._style.clear()

    def save(self) -> None:
        self._style.clear()
        self.canvas.save()

    def restore(self) -> None:
        self._style.clear()
        self.canvas.restore()

    def move_to(self, x: float, y: float) -> None:
        self.canvas.move_to(_n(x), _n(y))

    def arc_to(self, x1: float, y1: float, x2: float, y2: float, r: float) -> None:
        self.canvas.arc_to(_n(x1), _n(y1), _n(x2), _n(y2), _n(r))

    def rect(self, x: float, y: float, w: float, h: float) -> None:
        self.canvas.rect(_n(x), _n(y), _n(w), _n(h))

    def fill_rect(self, x: float, y: float, w: float, h: float) -> None:
        self.canvas.fill_rect(_n(x), _n(y), _n(w), _n(h))

    def stroke_rect(self, x: float, y: float, w: float, h: float) -> None:
        self.canvas.stroke_rect(_n(x), _n(y), _n(w), _n(h))

    def clear_rect(self, x: float, y: float, w: float, h: float) -> None:
        self.canvas.clear_rect(_n(x), _n(y), _n(w), _n(h))

    def fill_text(self, text: str, x: float, y: float, max_width: float | None = None) -> None:
        self.canvas.fill_text(text, _n(x), _n(y), max_width=None if max_width is None else _n(max_width))

    def fill_polygon(self, points: list[tuple[float, float]]) -> None:
        self.canvas.fill_polygon([(_n(x), _n(y)) for x, y in points])


def rounded_rect(c: Any, x: float, y: float, w: float, h: float, r: float) -> None:
    """Trace a rounded rectangle as the current path (ipycanvas has no primitive for it)."""
    c.begin_path()
    c.move_to(x + r, y)
    c.arc_to(x + w, y, x + w, y + h, r)
    c.arc_to(x + w, y + h, x, y + h, r)
    c.arc_to(x, y + h, x, y, r)
    c.arc_to(x, y, x + w, y, r)
    c.close_path()


def draw_label(c: Any, text: str, x: float, y: float, *, size: float, color: str = "#ffffff",
               bold: bool = False, align: str = "left", max_width: float | None = None) -> None:
    """White (or ``color``) text on the felt, top-aligned at ``y``; ``max_width`` squeezes a
    longer text into that width (so it never runs into its neighbour)."""
    c.fill_style = color
    c.font = f"{'bold ' if bold else ''}{round(size)}px {_FONT}"
    c.text_align = align
    c.text_baseline = "top"
    c.fill_text(text, x, y, max_width=None if max_width is None else max(1.0, max_width))


def draw_in(c: Any, text: str, box: Rect, *, color: str = "#ffffff", bold: bool = False, align: str = "left") -> None:
    """Text in a label box of the layout: the font is 80 % of the box's height, the text is
    squeezed to the box's width."""
    x = box.x + box.w / 2 if align == "center" else box.right if align == "right" else box.x
    draw_label(c, text, x, box.y, size=box.h * 0.8, color=color, bold=bold, align=align, max_width=box.w)


def _pots_line(game: Game, box: Rect) -> str:
    """The pots' line for its box: "Pots: 2 × 11 cards", or where that does not fit (four or five
    seats) the numbers alone, "Pozzetti: 2 × 11", or the word alone, "Pots", with each pot's size
    on its back (five seats' pots of 18, 11 and 11 cards), rather than squeezed."""
    full = pots_words(game)
    if text_width(full) * box.h * 0.8 <= box.w:
        return full
    sizes = [len(p) for p in game.pots]
    numbers = f"{len(sizes)} × {sizes[0]}" if len(set(sizes)) == 1 else " + ".join(map(str, sizes))
    short = tr("Pots: {pots}", pots=numbers)
    if text_width(short) * box.h * 0.8 <= box.w:
        return short
    return tr("Pots")  # each pot's size is then written on its back (see draw_table)


def draw_back(c: Any, r: Rect, back: str = "blue") -> None:
    """A face-down card: the back colour, an inner frame and a diamond."""
    main, pattern = back_colors(back)
    rad = max(2.0, r.w / 10)
    rounded_rect(c, r.x, r.y, r.w, r.h, rad)
    c.fill_style = main
    c.fill()
    c.stroke_style = "#ffffff"
    c.line_width = 1
    c.stroke()
    inset = max(2.0, r.w / 9)
    c.stroke_style = pattern
    c.stroke_rect(r.x + inset, r.y + inset, r.w - 2 * inset, r.h - 2 * inset)
    cx, cy = r.center
    dx, dy = r.w * 0.18, r.h * 0.16
    c.fill_style = pattern
    c.fill_polygon([(cx, cy - dy), (cx + dx, cy), (cx, cy + dy), (cx - dx, cy)])


def draw_card(c: Any, card: Card, r: Rect, *, deck: str = "classic", selected: bool = False,
              highlight: bool = False, wild_for: str | None = None, corner_only: bool = False) -> None:
    """A face-up card: rank and suit in the corners, a large pip, a court panel or a joker star,
    an optional wild tag (``= 6♥``) and a selection or highlight outline. ``corner_only`` skips
    the parts a covering card would hide anyway (fewer commands for overlapped cards)."""
    rad = max(3.0, r.w / 10)
    ink = card_color(card, deck)
    kind = face_kind(card)
    rounded_rect(c, r.x, r.y, r.w, r.h, rad)
    c.fill_style = "#f6eefc" if kind == "joker" else "#fffef8"
    c.fill()
    c.stroke_style = "#555555"
    c.line_width = 1
    c.stroke()
    fs = max(9.0, r.w * 0.27)
    pad = max(2.0, r.w * 0.06)
    c.fill_style = ink
    c.text_align = "center"
    c.text_baseline = "top"
    ix = r.x + pad + fs * 0.55
    if kind == "joker":
        # The letters end above where a wild's tag starts (reader shot 04-05: "JOKE R").
        lf, step = joker_letters(r.w, top=pad, tag_top=r.h - wild_tag_box(r.w)[1] - 2)
        c.font = f"bold {lf}px {_FONT}"
        for k, ch in enumerate("JOKER"):
            c.fill_text(ch, ix - fs * 0.1, r.y + pad + k * step)
    else:
        assert card.suit is not None
        c.font = f"bold {round(fs)}px {_FONT}"
        c.fill_text(rank_label(card), ix, r.y + pad)
        c.font = f"{round(fs * 0.95)}px {_FONT}"
        c.fill_text(card.suit.symbol, ix, r.y + pad + fs * 1.02)
    if not corner_only:
        cx = r.x + r.w * 0.58 if kind != "joker" else r.x + r.w * 0.6
        if kind == "pip":
            assert card.suit is not None
            c.font = f"{round(r.w * 0.5)}px {_FONT}"
            c.text_baseline = "middle"
            c.fill_text(card.suit.symbol, cx, r.y + r.h * 0.56)
        elif kind == "court":
            assert card.suit is not None
            pw, ph = r.w * 0.46, r.h * 0.5
            px, py = cx - pw / 2, r.y + r.h * 0.3
            c.fill_style = COURT_FILL
            c.fill_rect(px, py, pw, ph)
            c.stroke_style = ink
            c.line_width = 2
            c.stroke_rect(px, py, pw, ph)
            c.fill_style = ink
            c.font = f"bold {round(r.w * 0.27)}px {_FONT}"
            c.fill_text(rank_label(card), cx, py + ph * 0.08)
            c.font = f"{round(r.w * 0.24)}px {_FONT}"
            c.fill_text(_COURT_GLYPH[card.r], cx, py + ph * 0.52)
        else:
            c.font = f"{round(r.w * 0.5)}px {_FONT}"
            c.text_baseline = "middle"
            c.fill_text("★", cx, r.y + r.h * 0.55)
    if wild_for is not None:
        tag = f"={wild_for}"
        tw, th = wild_tag_box(r.w, tag)
        tf = th - 4
        c.font = f"bold {round(tf)}px {_FONT}"
        ty = r.bottom - th - 2
        c.fill_style = WILD_TAG
        c.fill_rect(r.x + 1, ty, tw, th)
        c.stroke_style = "#b08900"
        c.line_width = 1
        c.stroke_rect(r.x + 1, ty, tw, th)
        c.fill_style = "#3e2723"
        c.text_align = "left"
        c.text_baseline = "top"
        c.fill_text(tag, r.x + 4, ty + 2, max_width=tw - 6)
    if selected or highlight:
        rounded_rect(c, r.x - 1, r.y - 1, r.w + 2, r.h + 2, rad)
        c.stroke_style = SELECT if selected else HIGHLIGHT
        c.line_width = 4 if selected else 3
        c.stroke()


def _wild_label(meld: Meld, i: int) -> str | None:
    p = meld.placements[i]
    if not p.wild:
        return None
    if p.stands_for is not None:
        return card_label(p.stands_for)
    return rank_label(Card.of(meld.rank, Suit.SPADES)) if meld.rank is not None else "?"


def draw_meld(c: Any, meld: Meld, cards: tuple[Rect, ...], box: Rect, *, number: int | None = None,
              deck: str = "classic", target: bool = False, unit: float = 1.0) -> None:
    """A meld: its cards in layout order with wild tags, then a caption with the burraco badge."""
    if target:
        rounded_rect(c, box.x - 4, box.y - 4, box.w + 8, box.h + 8, 6)
        c.fill_style = "rgba(255, 179, 0, 0.25)"
        c.fill()
        c.stroke_style = HIGHLIGHT
        c.line_width = 3
        c.stroke()
    n = len(cards)
    for i, (card, r) in enumerate(zip(meld.cards, cards)):
        draw_card(c, card, r, deck=deck, wild_for=_wild_label(meld, i), corner_only=i < n - 1)
    y = cards[0].bottom + 2 if cards else box.y
    size = 13 * unit
    x = box.x
    if meld.burraco is not None:
        text = badge_word(meld.burraco)
        w = min(size * 0.62 * len(text) + 8, max(box.w * 0.6, 8.0))
        rounded_rect(c, x, y, w, size + 3, 4)
        c.fill_style = BURRACO_COLORS[meld.burraco]
        c.fill()
        draw_label(c, text, x + 4, y + 1, size=size, bold=True, max_width=w - 8)
        x += w + 4
    head = f"#{number} " if number is not None else ""
    draw_label(c, head + tr("{points} pts", points=meld.points), x, y + 1, size=size, color="#e8f5e9",
               max_width=max(box.right - x, 1.0) if box.w > 0 else None)


def draw_table(c: Any, game: Game, geo: TableGeometry, *, viewer: int, hand: list[Card], selected: set[int],
               target: int | None, deck: str = "classic", highlight: frozenset[Card] = frozenset(),
               pile_open: bool = False, show_score: bool = True, you: bool = True, readonly: bool = False) -> None:
    """The whole table: felt, status strip, the other seats (face down, with counts), stock,
    pots and pile, every side's melds, and the viewer's hand face up with its selection. Every
    line of text goes in its label box from the layout (squeezed to fit, never overlapping).

    ``you=False``: the words name every seat plainly (no "your turn", no "(you)"), for a replay
    watched by nobody in particular; ``readonly``: no "click cards to select them"."""
    u = geo.unit
    words = viewer if you else None
    lab = geo.labels
    c.clear()
    _draw_felt(c, geo)
    band = hand_band(geo)
    c.save()  # the table above the hand's band: nothing of it reaches into the band
    c.begin_path()
    c.rect(0, 0, geo.width, band.y)
    c.clip()
    # Status strip: whose turn, the count.
    s = geo.status
    rounded_rect(c, s.x, s.y, s.w, s.h, 6 * u)
    c.fill_style = "rgba(0, 0, 0, 0.35)"
    c.fill()
    your_turn = game.to_move == viewer and not game.is_over
    draw_in(c, turn_line(game, words), lab["turn"], bold=True, color="#ffe082" if your_turn else "#ffffff")
    score = score_line(game) if show_score else tr("The count is hidden: work it out yourself")
    draw_in(c, score, lab["score"], color="#e0f2f1")
    # The other players: name, cards in hand, their backs.
    for box in geo.seats:
        turn = game.to_move == box.seat and not game.is_over
        n = len(game.hand(box.seat))
        name = seat_title(game, box.seat, words, short=True)
        pot = " · " + tr("pot ✓") if game.took_pot[box.seat] else ""
        text = ("▶ " if turn else "") + trn("{seat}: {n} card", "{seat}: {n} cards", n, seat=name) + pot
        count = lab.get(f"count{box.seat}")
        if count is not None:  # five seats: the name alone (its line under the backs says the rest),
            text = seat_name(game, box.seat)  # no ▶ in a narrow chip: its gold fill says whose turn
            draw_in(c, str(n), count, bold=True, color="#ffe082" if turn else "#ffffff")
        if turn:
            rounded_rect(c, box.area.x, box.area.y, box.area.w, box.area.h, 6 * u)
            c.fill_style = "rgba(255, 224, 130, 0.18)"
            c.fill()
        draw_in(c, text, lab[f"seat{box.seat}"], bold=True, color="#ffe082" if turn else "#ffffff")
        # The back's colour is the side's with 2 or 4 players; with 3 or 5 the sides change during the
        # hand (P3-1, P5-2), so one colour for all, lest it say who plays with whom wrongly.
        back = "red" if box.seat % 2 and game.players in (2, 4) else "blue"
        for r in box.cards:
            draw_back(c, r, back)
        role = lab.get(f"role{box.seat}")
        if role is not None:  # 3 or 5 players: alone, or with whom (P3-1, P5-2)
            draw_in(c, seat_role(game, box.seat, words), role, color="#c5e1a5")
    # Stock, pots, pile.
    st = geo.stock
    draw_in(c, tr("Stock {n}", n=len(game.stock)), lab["stock"], bold=True)
    if game.stock:
        for k in range(min(3, len(game.stock)) - 1, -1, -1):
            draw_back(c, Rect(st.x + k * 2, st.y - k * 2, st.w, st.h), "blue" if k % 2 == 0 else "red")
    else:
        c.stroke_style = "rgba(255,255,255,0.5)"
        c.stroke_rect(st.x, st.y, st.w, st.h)
    if geo.pots:
        said = _pots_line(game, lab["pots"])
        draw_in(c, said, lab["pots"], bold=True)
        for r in geo.pots:
            draw_back(c, r, "red")
        if said == tr("Pots"):  # the sizes on the backs, the last one's whole, the others' at their left edge
            for k, (r, held) in enumerate(zip(geo.pots, game.pots)):
                last = k == len(geo.pots) - 1
                x = r.center[0] if last else r.x + r.w * 0.3
                draw_label(c, str(len(held)), x, r.y + r.h * 0.08, size=r.w * 0.34, bold=True,
                           align="center", max_width=r.w * (0.9 if last else 0.55))
    else:
        draw_in(c, pots_words(game), lab["pots"], bold=True, color="#c5e1a5")
    pile = game.pile
    if pile_open and pile:
        pa = geo.pile_area
        rounded_rect(c, pa.x, pa.y, pa.w, pa.h, 6 * u)
        c.fill_style = "rgba(0, 0, 0, 0.18)"
        c.fill()
    head, hint = pile_words(len(pile), pile_open)
    if "pile_hint" in lab:  # too long for one line: what a click does goes on a line of its own
        draw_in(c, head, lab["pile"], bold=True)
        draw_in(c, hint, lab["pile_hint"], color="#e0f2f1", align="right")
    else:
        draw_in(c, f"{head} · {hint}" if pile_open and pile else f"{head} {hint}".strip(), lab["pile"], bold=True)
    for k, (card, r) in enumerate(zip(pile, geo.pile)):
        draw_card(c, card, r, deck=deck, corner_only=k < len(pile) - 1 and not (pile_open and pile))
    # Every side's melds.
    by_id = {t.id: t for t in game.table}
    for k, side in enumerate(geo.sides):
        a = side.area
        c.stroke_style = "rgba(255, 255, 255, 0.35)" if not side.mine else "rgba(255, 224, 130, 0.7)"
        c.line_width = 1.5
        rounded_rect(c, a.x, a.y, a.w, a.h, 8 * u)
        c.stroke()
        title = side_caption(game, side.seats, words) if words is not None else side_names(game, side.seats)
        if any(game.took_pot[s2] for s2 in side.seats) and game.soloist not in side.seats:
            title += " · " + tr("pot taken")
        elif words is None and game.soloist in side.seats:
            title += " · " + tr("alone, took the 18")
        draw_in(c, title, lab[f"side{k}"], bold=True, color="#ffe082" if side.mine else "#ffffff")
        if not side.melds:
            draw_label(c, tr("no melds yet"), a.x + 10 * u, a.y + 30 * u * geo.text, size=14 * u * geo.text,
                       color="#a5d6a7", max_width=a.w - 20 * u)
        for m in side.melds:
            draw_meld(c, by_id[m.id].meld, m.cards, m.box, number=m.id, deck=deck, target=m.id == target,
                      unit=u * geo.text)
    c.restore()
    draw_hand_layer(c, game, geo, viewer=viewer, hand=hand, selected=selected, deck=deck, highlight=highlight,
                    you=you, readonly=readonly)


def _draw_felt(c: Any, geo: TableGeometry) -> None:
    rounded_rect(c, 1, 1, geo.width - 2, geo.height - 2, 14 * geo.unit)
    c.fill_style = FELT
    c.fill()
    c.stroke_style = FELT_DARK
    c.line_width = 4
    c.stroke()


def hand_band(geo: TableGeometry) -> Rect:
    """The strip of the canvas that holds the viewer's hand and its line, across the whole width
    down to the bottom: only :func:`draw_hand_layer` paints in it."""
    top = math.floor(geo.hand_area.y)  # on a pixel's edge: a clip there leaves no half-cleared row
    return Rect(0, top, geo.width, geo.height - top)


def draw_hand_layer(c: Any, game: Game, geo: TableGeometry, *, viewer: int, hand: list[Card], selected: set[int],
                    deck: str = "classic", highlight: frozenset[Card] = frozenset(), you: bool = True,
                    readonly: bool = False) -> None:
    """The hand's band of the table (:func:`hand_band`), cleared and painted whole: the felt, the
    hand's line and the viewer's cards with their selection. Nothing outside the band changes,
    so after a selection this alone makes the canvas what :func:`draw_table` would."""
    words = viewer if you else None
    band = hand_band(geo)
    c.save()
    c.begin_path()
    c.rect(band.x, band.y, band.w, band.h)
    c.clip()
    c.clear_rect(band.x, band.y, band.w, band.h)
    _draw_felt(c, geo)
    lab = geo.labels
    n = len(hand)
    mine = seat_title(game, viewer, words)
    took = " · " + tr("pot taken") if game.took_pot[viewer] and game.soloist != viewer else ""
    role = seat_role(game, viewer, words)
    took += " · " + role if role else ""  # 3 or 5 players: alone, or with whom (P3-1, P5-2)
    turn = game.to_move == viewer and not game.is_over
    single = game.pile_taken if turn and game.phase == "play" else None
    if single is not None:  # TURN-4 may refuse it as the discard: the table says which card it is
        took += " · " + tr("{card} just taken alone from the pile", card=single.pretty)
    if selected:
        doing = " · " + trn("{n} selected", "{n} selected", len(selected))
    else:
        # a finished hand takes no click (notebook 8c's table after Run All said to click its cards)
        doing = "" if readonly or game.is_over else " · " + tr("click cards to select them")
    draw_in(c, ("▶ " if turn else "") + trn("{seat}: {n} card", "{seat}: {n} cards", n, seat=mine) + took + doing,
            lab["hand"],
            bold=True, color="#ffe082" if turn else "#ffffff")
    for i, (card, r) in enumerate(zip(hand, geo.hand)):
        draw_card(c, card, r, deck=deck, selected=i in selected, highlight=card in highlight,
                  corner_only=False)
    c.restore()
