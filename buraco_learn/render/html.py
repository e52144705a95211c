"""Cards, hands, melds and whole tables as self-contained HTML with inline styles.

Every function is pure and returns a string; options are keyword-only. Elements carry semantic
classes so tests (and curious learners) can read them: ``class="card 2C wild"``,
``class="meld run hearts burraco clean"``. A face-down card names nothing but its back.

>>> from buraco_learn import Card, Meld
>>> html = card_html(Card.parse("QH"))
>>> 'class="card QH hearts court"' in html, "Q" in html and "♥" in html
(True, True)
>>> 'class="card back back-red"' in card_html(Card.parse("QH"), face_down=True, back="red")
True
>>> "= 4♣" in meld_html(Meld.from_cards("5C 6C 2D"))
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

from ..cards import Card, Suit
from ..game import Game, TableMeld
from ..i18n import N_, colon, tr, trc, trn
from ..melds import Meld
from .style import (BURRACO_COLORS, COURT_FILL, FELT, FELT_DARK, FONT, HIGHLIGHT, JOKER_COLOR, SELECT,
                    WILD_TAG, Size, back_colors, card_color, card_height, card_width, check_back,
                    card_label, check_deck, face_kind, rank_label)
from .layout import joker_letters, pile_rows
from .text import (burraco_word, kind_word, pots_count, seat_role, seat_title, side_caption, status_parts,
                   suit_word)

__all__ = ["card_html", "hand_html", "meld_html", "side_html", "pile_html", "table_html", "Hand"]

#: Sentences written inside f-strings below (where the catalog's extractor does not look).
_IN_FSTRINGS = (N_('face down'), N_('Stock'), N_('Discard pile'),)

_SUIT_WORD = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds", Suit.CLUBS: "clubs"}
_COURT_GLYPH = {11: "♞", 12: "♛", 13: "♚"}


def _style(**props: object) -> str:
    """CSS text from keyword arguments (``font_size=12`` becomes ``font-size:12px``)."""
    out = []
    for key, value in props.items():
        if value is None:
            continue
        text = f"{value}px" if isinstance(value, int) and not isinstance(value, bool) and value != 0 else str(value)
        out.append(f"{key.replace('_', '-')}:{text}")
    return ";".join(out)


def card_title(card: Card) -> str:
    """The words a card's tooltip and text description use: ``queen of hearts``, ``joker``.

    >>> card_title(Card.parse("QH")), card_title(Card.parse("7C"))
    ('queen of hearts', '7 of clubs')
    """
    if card.suit is None:
        return trc("card", "joker")
    words = {1: trc("rank", "ace"), 11: trc("rank", "jack"), 12: trc("rank", "queen"), 13: trc("rank", "king")}
    return tr("{rank} of {suit}", rank=words.get(card.r, rank_label(card)), suit=suit_word(_SUIT_WORD[card.suit]))


def card_html(card: Card, *, selected: bool = False, highlight: bool = False, face_down: bool = False,
              deck: str = "classic", size: Size = "medium", back: str = "blue", wild_for: str | None = None,
              natural: bool = False, overlap: int = 0) -> str:
    """One card as an HTML ``div`` with inline styles (no SVG, no scripts: see the package docs).

    ``wild_for`` prints a small tag ``= 6♥`` (what a wild stands for in a meld) and adds the
    class ``wild``; ``natural`` marks a 2 that stands as itself (RUN-5) with the class
    ``natural``. ``overlap`` pulls the card left over its neighbour by that many pixels.

    >>> html = card_html(Card.parse("2C"), wild_for="6♥")
    >>> 'class="card 2C clubs pip wild"' in html and "= 6♥" in html
    True
    >>> 'selected' in card_html(Card.parse("5S"), selected=True)
    True
    """
    check_deck(deck)
    check_back(back)
    w = card_width(size)
    h = card_height(w)
    radius = max(3, w // 10)
    lift = max(4, w // 6)
    base = dict(display="inline-block", position="relative", box_sizing="border-box", width=w, height=h,
                border_radius=radius, vertical_align="top", font_family=FONT, overflow="hidden",
                margin_left=-overlap if overlap else None, line_height="1")
    if selected:
        base.update(top=-lift, border=f"2px solid {SELECT}", box_shadow=f"0 0 0 2px {SELECT}")
    elif highlight:
        base.update(border=f"2px solid {HIGHLIGHT}", box_shadow=f"0 0 0 3px {HIGHLIGHT}")
    else:
        base.update(border="1px solid #666", box_shadow="1px 1px 2px rgba(0,0,0,0.35)")
    flags = (" selected" if selected else "") + (" highlight" if highlight else "")
    if face_down:
        main, pattern = back_colors(back)
        inset = max(2, w // 12)
        inner = _style(position="absolute", left=inset, top=inset, right=inset, bottom=inset,
                       border=f"1px solid {pattern}", border_radius=max(2, radius - 2),
                       background=f"repeating-linear-gradient(45deg,{main} 0px,{main} 3px,{pattern} 3px,"
                                  f"{pattern} 4px)")
        base.update(background=main)
        return (f'<div class="card back back-{back}{flags}" title="{escape(tr("face down"))}" style="{_style(**base)}">'
                f'<div style="{inner}"></div></div>')
    ink = card_color(card, deck)
    kind = face_kind(card)
    classes = ["card", str(card)]
    if card.suit is not None:
        classes.append(_SUIT_WORD[card.suit])
        classes.append(kind)
    else:
        classes.append("joker")
    if wild_for is not None:
        classes.append("wild")
    elif natural:
        classes.append("natural")
    base.update(background="#fffef8" if kind != "joker" else "#f6eefc", color=ink)
    fs = max(9, round(w * 0.25))
    pad = max(2, w // 20)
    symbol = card.suit.symbol if card.suit is not None else "★"
    label = rank_label(card)
    parts: list[str] = []
    corner = dict(position="absolute", text_align="center", font_weight="bold", font_size=fs,
                  width=round(fs * 1.1))
    tag_font = max(8, round(w * 0.2))
    if kind == "joker":
        # The letters end above where a wild's tag starts (tag_top, in the card's padding box).
        lf, step = joker_letters(w, top=pad, tag_top=h - 2 - 1 - (tag_font + 4))
        letters = dict(corner, font_size=f"{lf}px", line_height=f"{step}px", letter_spacing="0")
        parts.append(f'<div class="index" style="{_style(left=pad, top=pad, **letters)}">'
                     + "<br>".join("JOKER") + "</div>")
        parts.append(f'<div class="pip" style="{_style(position="absolute", left=0, right=0, top=round(h * 0.3), text_align="center", font_size=round(w * 0.5))}">★</div>')
    else:
        index_html = f"{label}<br>{symbol}"
        parts.append(f'<div class="index" style="{_style(left=pad, top=pad, **corner)}">{index_html}</div>')
        parts.append(f'<div class="index" style="{_style(right=pad, bottom=pad, **corner)}">{index_html}</div>')
        if kind == "court":
            pw, ph = round(w * 0.4), round(h * 0.5)
            panel = _style(position="absolute", left=round((w - pw) / 2), top=round((h - ph) / 2), width=pw,
                           height=ph, box_sizing="border-box", border=f"2px solid {ink}", border_radius=3,
                           background=COURT_FILL, text_align="center", font_weight="bold",
                           font_size=round(w * 0.28), padding_top=round(ph * 0.08))
            parts.append(f'<div class="court-panel" style="{panel}">{label}<br>'
                         f'<span style="{_style(font_size=round(w * 0.24))}">{_COURT_GLYPH[card.r]}</span></div>')
        else:
            parts.append(f'<div class="pip" style="{_style(position="absolute", left=0, right=0, top=round(h * 0.28), text_align="center", font_size=round(w * 0.52))}">{symbol}</div>')
    if wild_for is not None:
        tag = _style(position="absolute", left=1, bottom=1, padding="1px 2px", font_size=tag_font, line_height="1",
                     font_weight="bold", color="#3e2723", background=WILD_TAG, border="1px solid #b08900",
                     border_radius=3, white_space="nowrap")
        parts.append(f'<div class="wild-tag" style="{tag}">= {escape(wild_for)}</div>')
    title = (card_title(card) + (", " + tr("wild for {card}", card=wild_for) if wild_for else "")
             + (", " + tr("natural") if natural else ""))
    return (f'<div class="{" ".join(classes)}{flags}" title="{escape(title)}" style="{_style(**base)}">'
            + "".join(parts) + "</div>")


def _row(items: Sequence[str], *, cls: str, pad_top: int = 0, extra: str = "") -> str:
    style = _style(display="flex", flex_wrap="nowrap", align_items="flex-start", padding_top=pad_top or None,
                   padding_left=2)
    return f'<div class="{cls}" style="{style}{";" + extra if extra else ""}">' + "".join(items) + "</div>"


def hand_html(cards: Iterable[Card], *, selected: Iterable[int] = (), highlight: Iterable[Card] = (),
              face_down: bool = False, deck: str = "classic", size: Size = "medium", back: str = "blue",
              sort: str | None = None) -> str:
    """A hand, fanned left to right; ``selected`` are positions (after sorting), lifted.

    ``sort`` is ``None`` (as given), ``"suit"`` or ``"rank"``.

    >>> from buraco_learn import parse_cards
    >>> html = hand_html(parse_cards("5H 3S JK"), selected=[0], sort="suit")
    >>> html.index("card 3S") < html.index("card 5H"), html.count("selected")
    (True, 1)
    """
    cards = sort_cards(cards, sort)
    chosen = set(selected)
    lit = set(highlight)
    w = card_width(size)
    overlap = w - max(14, round(w * 0.42))
    items = [card_html(c, selected=i in chosen, highlight=c in lit, face_down=face_down, deck=deck, size=w,
                       back=back, overlap=overlap if i else 0) for i, c in enumerate(cards)]
    return _row(items, cls="hand", pad_top=max(4, w // 6) + 2)


def sort_cards(cards: Iterable[Card], sort: str | None) -> list[Card]:
    """Cards in display order: as given, by suit (S H D C, then rank, jokers last) or by rank.

    >>> from buraco_learn import parse_cards, format_cards
    >>> format_cards(sort_cards(parse_cards("5H JK 5S AH"), "rank"))
    'AH 5S 5H JK'
    >>> sort_cards([], "colour")
    Traceback (most recent call last):
    ...
    ValueError: unknown sort 'colour': choose None, 'suit' or 'rank'
    """
    out = list(cards)
    if sort is None:
        return out
    if sort == "suit":
        return sorted(out, key=lambda c: (c.s, c.r))
    if sort == "rank":
        return sorted(out, key=lambda c: (c.r if c.r else 99, c.s))
    raise ValueError(f"unknown sort {sort!r}: choose None, 'suit' or 'rank'")


def _tag_width(w: int, text: str) -> int:
    """The on-screen width of a wild's tag (``= Q♥``) on a card ``w`` pixels wide: its font is
    ``max(8, 0.2 w)`` px, with a generous glyph width and its padding and border."""
    font = max(8, round(w * 0.2))
    return round(font * 0.72 * len(text) + 8)


def _meld_cards(meld: Meld, w: int, deck: str, highlight: bool) -> str:
    overlap = w - max(14, round(w * 0.46))
    items = []
    tag_after = 0  # the width the previous card's wild tag needs uncovered
    for i, p in enumerate(meld.placements):
        wild_for: str | None = None
        if p.wild:
            if p.stands_for is not None:
                wild_for = card_label(p.stands_for)
            elif meld.rank is not None:
                wild_for = rank_label(Card.of(meld.rank, Suit.SPADES))
        natural = (not p.wild) and p.card.is_two
        this = min(overlap, w - tag_after - 2) if tag_after else overlap
        items.append(card_html(p.card, deck=deck, size=w, wild_for=wild_for, natural=natural,
                               overlap=max(0, this) if i else 0))
        tag_after = _tag_width(w, f"= {wild_for}") if wild_for is not None else 0
    return _row(items, cls="meld-cards")


def meld_html(meld: Meld, *, number: int | None = None, highlight: bool = False, deck: str = "classic",
              size: Size = "small") -> str:
    """A meld as it lies: its cards in layout order, wild tags, a burraco badge and its points.

    >>> html = meld_html(Meld.from_cards("3H 4H 5H 6H 7H 8H 9H"))
    >>> 'class="meld run hearts burraco clean"' in html, "clean burraco" in html
    (True, True)
    >>> 'class="card 2H hearts pip natural"' in meld_html(Meld.from_cards("AH 2H 3H"))
    True
    """
    w = card_width(size)
    kind = meld.kind
    classes = ["meld", kind]
    if meld.suit is not None:
        classes.append(_SUIT_WORD[meld.suit])
    if meld.burraco is not None:
        classes += ["burraco", meld.burraco]
    if highlight:
        classes.append("target")
    badge = ""
    if meld.burraco is not None:
        badge = (f'<span class="badge {meld.burraco}" style="{_style(background=BURRACO_COLORS[meld.burraco], color="#fff", padding="1px 5px", border_radius=8, font_weight="bold", margin_right=4)}">'
                 f"{burraco_word(meld.burraco)}</span>")
    head = f"#{number} " if number is not None else ""
    caption = (f'<div class="caption" style="{_style(font_size=max(10, round(w * 0.28)), margin_top=2, white_space="nowrap")}">'
               f"{badge}{head}{escape(kind_word(kind))} · {escape(tr('{points} pts', points=meld.points))}</div>")
    box = _style(display="inline-block", vertical_align="top", margin="2px 6px 4px 0", padding=3, border_radius=6,
                 border=f"2px solid {HIGHLIGHT}" if highlight else "2px solid transparent", font_family=FONT)
    return (f'<div class="{" ".join(classes)}" title="{escape(meld.notation(pretty=True))}" style="{box}">'
            + _meld_cards(meld, w, deck, highlight) + caption + "</div>")


def side_html(melds: Sequence[TableMeld] | Sequence[Meld], *, title: str = "", deck: str = "classic",
              size: Size = "small", target: int | None = None) -> str:
    """A side's melds in rows, under a title; ``target`` outlines the meld with that number.

    >>> html = side_html([Meld.from_cards("5C 6C 7C"), Meld.from_cards("9D 9S 9H")], title="Us")
    >>> html.count('class="meld '), "Us" in html
    (2, True)
    """
    items = []
    for i, m in enumerate(melds):
        if isinstance(m, TableMeld):
            items.append(meld_html(m.meld, number=m.id, highlight=m.id == target, deck=deck, size=size))
        elif isinstance(m, Meld):
            items.append(meld_html(m, highlight=i == target, deck=deck, size=size))
    if not items:
        items.append(f'<div class="empty" style="{_style(opacity="0.75", font_style="italic", padding=6)}">{escape(tr("no melds yet"))}</div>')
    head = (f'<div class="side-title" style="{_style(font_weight="bold", margin_bottom=2)}">{escape(title)}</div>'
            if title else "")
    return (f'<div class="side-melds" style="{_style(font_family=FONT)}">{head}'
            f'<div style="{_style(display="flex", flex_wrap="wrap", align_items="flex-start")}">{"".join(items)}</div></div>')


def pile_html(cards: Sequence[Card], *, deck: str = "classic", size: Size = "small",
              max_width: int | None = None) -> str:
    """The discard pile, bottom to top, every card visible (the pile is public, TURN-1).

    ``max_width`` bounds the pile's width in pixels: a big pile wraps into rows (read left to
    right, top row first; the top card is the last one) and overlaps more past three rows
    (:func:`~buraco_learn.render.layout.pile_rows`), so it never runs past that width.

    >>> from buraco_learn import parse_cards
    >>> 'class="pile"' in pile_html(parse_cards("9C KD"))
    True
    >>> pile_html(parse_cards("9C KD 5H 6H"), max_width=60).count('class="pile-row"')
    2
    """
    w = card_width(size)
    if not cards:
        return f'<div class="pile empty" style="{_style(font_style="italic")}">{escape(tr("empty"))}</div>'
    step = max(12, round(w * 0.4))
    per = len(cards)
    if max_width is not None:
        per, step = pile_rows(len(cards), card_w=w, width=max_width, step=step)
    overlap = w - step
    rows = [cards[k:k + per] for k in range(0, len(cards), per)]
    html: list[str] = []
    for row in rows:
        items = [card_html(c, deck=deck, size=w, overlap=overlap if i else 0) for i, c in enumerate(row)]
        html.append(_row(items, cls="pile" if len(rows) == 1 else "pile-row", pad_top=2 if html else 0))
    if len(rows) == 1:
        return html[0]
    return f'<div class="pile wrapped" style="{_style(max_width=f"{max_width}px")}">' + "".join(html) + "</div>"


def _backs(n: int, *, size: int, back: str) -> str:
    shown = min(n, 11)
    overlap = size - max(5, size // 5)
    items = [card_html(Card.parse("AS"), face_down=True, size=size, back=back, overlap=overlap if i else 0)
             for i in range(shown)]
    return _row(items, cls="backs")


def table_html(game: Game, *, viewer: int = 0, reveal: bool = False, deck: str = "classic",
               size: Size = "medium", you: bool = True) -> str:
    """The whole table as ``viewer`` sees it: own hand face up, the others face down with their
    counts (all face up with ``reveal=True``), both sides' melds, stock, pile, pots, whose turn
    and the running score (``game.score_now()``). ``you=False``: the words speak to a whole class
    (a teacher's screen): "South to play", "South", never "Your turn" or "(you)".

    >>> from buraco_learn import Game
    >>> html = table_html(Game.new(4, seed=7))
    >>> 'class="table players-4"' in html, "West to play" in html, html.count('class="card back')
    (True, True, 38)
    >>> g = Game.new(2, seed=1, dealer=1)
    >>> "Your turn (South)" in table_html(g), "(you)" in table_html(g, you=False), "South to play" in table_html(g, you=False)
    (True, False, True)
    """
    check_deck(deck)
    w = card_width(size)
    small = max(24, round(w * 0.62))
    tiny = max(18, round(w * 0.45))
    n = game.players
    seats = [(viewer + k) % n for k in range(n)]
    hands = game.hands
    speaker = viewer if you else None  # whom the words say "you" to (None: a whole class)

    def seat_block(seat: int, where: str) -> str:
        name = seat_title(game, seat, speaker)
        count = len(hands[seat])
        turn = game.to_move == seat and not game.is_over
        if seat != viewer:
            name = seat_title(game, seat, speaker, short=True)
        size = 15 if seat == viewer else 13
        words = trn("{seat} · {n} card", "{seat} · {n} cards", count, seat=name)
        head = (f'<div class="seat-name" style="{_style(font_weight="bold", font_size=size, white_space="nowrap", color="#ffe082" if turn else "#fff")}">'
                f'{"▶ " if turn else ""}{escape(words)}'
                f'{" · " + escape(tr("pot taken")) if game.took_pot[seat] else ""}</div>')
        role = seat_role(game, seat, speaker)
        if role:  # 3 or 5 players: alone, or with whom (P3-1, P5-2)
            head += f'<div class="seat-role" style="{_style(font_size=12, color="#c5e1a5", white_space="nowrap")}">{escape(role)}</div>'
        if seat == viewer or reveal:
            body = hand_html(hands[seat], deck=deck, size=w if seat == viewer else small, sort="suit")
        else:
            # One back colour with 3 or 5 players: their sides change in the hand (P3-1, P5-2).
            body = _backs(count, size=tiny, back="red" if seat % 2 and n in (2, 4) else "blue")
        return (f'<div class="seat {where}{" to-move" if turn else ""}" style="{_style(padding=4)}">'
                f"{head}{body}</div>")

    where = {2: ["south", "north"], 3: ["south", "west", "east"], 4: ["south", "west", "north", "east"],
             5: ["south", "west", "north-west", "north-east", "east"]}[n]
    blocks = {where[k]: seat_block(seats[k], where[k]) for k in range(n)}
    my_side = game.side_of(viewer)
    sides_html = []
    others = [s for s in game.sides if viewer not in s]
    for side in [*others, my_side]:
        html = side_html(game.side_melds(side[0]), title=side_caption(game, side, speaker), deck=deck, size=small)
        mine = " ours" if side == my_side else ""
        sides_html.append(f'<div class="side{mine}" style="{_style(flex="1 1 0", min_width="240px", border="1px solid rgba(255,255,255,0.3)", border_radius=8, padding="2px 6px")}">{html}</div>')
    pots = game.pots
    label, count = tr("Pots"), pots_count(game)
    col = _style(flex="none", white_space="nowrap")
    pile_w = max(6 * small, 480)
    centre = (
        f'<div class="centre" style="{_style(display="flex", gap="14px", align_items="flex-start", padding=4, min_width=0)}">'
        f'<div class="stock" style="{col}"><div><b>{escape(tr("Stock"))}</b> {len(game.stock)}</div>{_backs(min(len(game.stock), 3), size=small, back="blue") if game.stock else escape(tr("empty"))}</div>'
        f'<div class="pots" style="{col}"><div><b>{escape(label + colon())}</b> <span style="{_style(font_size=12)}">{escape(count)}</span></div>'
        f'{_backs(len(pots), size=small, back="red") if pots else ""}</div>'
        f'<div class="pile-area" style="{_style(flex="0 1 auto", max_width=f"{pile_w}px", min_width=0)}"><div style="{_style(white_space="nowrap")}"><b>{escape(tr("Discard pile"))}</b> {len(game.pile)}</div>'
        f'{pile_html(game.pile, deck=deck, size=small, max_width=pile_w)}</div>'
        "</div>")
    band_style = _style(display="flex", flex_wrap="wrap", align_items="flex-start", gap="6px")
    others_seats = "".join(blocks[k] for k in where[1:])
    if reveal:
        band = (f'<div class="band" style="{band_style}">{others_seats}</div>'
                f'<div class="band" style="{band_style}">{centre}</div>')
    else:
        band = f'<div class="band" style="{band_style}">{others_seats}{centre}</div>'
    box = _style(display="inline-block", background=FELT, color="#fff", border=f"6px solid {FELT_DARK}",
                 border_radius=14, padding=8, font_family=FONT, font_size=14, max_width="100%",
                 box_sizing="border-box")
    turn, *rest = status_parts(game, speaker)
    score = " · ".join(rest)
    status = (f'<div class="status" style="{_style(font_size=15, padding="2px 4px 4px")}"><b>{escape(turn)}</b>'
              + (f'<span style="{_style(font_size=13, opacity="0.9")}"> · {escape(score)}</span>' if score else "")
              + "</div>")
    melds = f'<div class="melds" style="{_style(display="flex", flex_wrap="wrap", gap="8px", margin="4px 0")}">{"".join(sides_html)}</div>'
    return (f'<div class="table players-{n}" style="{box}">' + status + band + melds + blocks["south"] + "</div>")


class Hand:
    """A list of cards that shows itself as a fanned hand in a notebook.

    >>> from buraco_learn import parse_cards
    >>> h = Hand(parse_cards("5H 6H JK"), sort="suit")
    >>> h
    Hand.parse('5H 6H JK')
    >>> len(h), 'class="hand"' in h._repr_html_()
    (3, True)
    """

    def __init__(self, cards: Iterable[Card] | str, *, selected: Iterable[int] = (), deck: str = "classic",
                 size: Size = "medium", sort: str | None = None) -> None:
        from ..cards import parse_cards

        self.cards: tuple[Card, ...] = tuple(sort_cards(parse_cards(cards) if isinstance(cards, str) else cards, sort))
        self.selected = tuple(selected)
        self.deck = check_deck(deck)
        self.size = size

    @classmethod
    def parse(cls, text: str) -> Hand:
        """A hand from card notation."""
        return cls(text)

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.cards)

    def __repr__(self) -> str:
        return f"Hand.parse({' '.join(map(str, self.cards))!r})"

    def __str__(self) -> str:
        return " ".join(c.pretty for c in self.cards)

    def _repr_html_(self) -> str:
        return hand_html(self.cards, selected=self.selected, deck=self.deck, size=self.size)
