"""Colours, sizes and card faces shared by the HTML renderer and the canvas widgets.

Two decks:

* ``"classic"``: spades and clubs black, hearts and diamonds red.
* ``"four-color"``: one colour per suit, from the Okabe-Ito palette, which stays distinct under
  the common colour-vision deficiencies: spades black, hearts vermillion, diamonds blue, clubs
  bluish green. The suit symbol is always printed beside the rank as well, so colour is never
  the only sign of a suit.

>>> suit_color(Suit.DIAMONDS, "classic"), suit_color(Suit.DIAMONDS, "four-color")
('#c62828', '#0072b2')
>>> card_width("medium"), card_height(60)
(60, 84)
"""

from __future__ import annotations

from typing import Literal

from ..cards import Card, Rank, Suit
from ..i18n import get_language, tr

__all__ = [
    "Deck", "Back", "Size", "DECKS", "BACKS", "SIZES", "suit_color", "card_color", "card_width",
    "card_height", "rank_label", "card_label", "face_kind", "back_colors", "check_deck", "check_back",
    "FELT", "FELT_DARK", "SELECT", "HIGHLIGHT", "WILD_TAG", "JOKER_COLOR", "COURT_FILL",
    "BURRACO_COLORS", "FONT",
]

Deck = Literal["classic", "four-color"]
Back = Literal["blue", "red"]
Size = int | Literal["small", "medium", "large"]

DECKS: tuple[str, ...] = ("classic", "four-color")
BACKS: tuple[str, ...] = ("blue", "red")
SIZES: dict[str, int] = {"small": 40, "medium": 60, "large": 84}

_CLASSIC = {Suit.SPADES: "#111111", Suit.CLUBS: "#111111", Suit.HEARTS: "#c62828", Suit.DIAMONDS: "#c62828"}
# Okabe & Ito (2008), "Color Universal Design": black, vermillion, blue, bluish green.
_FOUR = {Suit.SPADES: "#000000", Suit.HEARTS: "#d55e00", Suit.DIAMONDS: "#0072b2", Suit.CLUBS: "#009e73"}

#: The table's felt and its darker border.
FELT = "#1e6b3a"
FELT_DARK = "#134a27"
#: Outline of a selected card, and of a highlighted card or meld.
SELECT = "#1565c0"
HIGHLIGHT = "#ffb300"
#: Background of the small "= 6♥" tag under a wild in a meld.
WILD_TAG = "#fff3b0"
#: The joker's ink, and the panel behind a court card's letter.
JOKER_COLOR = "#6a1b9a"
COURT_FILL = "#fbeec1"
#: Badge colours of the burraco kinds (BUR-2..4).
BURRACO_COLORS = {"clean": "#2e7d32", "semi-clean": "#ef6c00", "dirty": "#6d4c41"}
#: The font stack; DejaVu Sans has every suit symbol.
FONT = "'DejaVu Sans', 'Segoe UI Symbol', 'Noto Sans Symbols2', Arial, sans-serif"

_BACKS = {"blue": ("#1f4e9c", "#9fc2f5"), "red": ("#a3212e", "#f3a6ae")}


def check_deck(deck: str) -> Deck:
    """Return ``deck`` if it is a known deck, else raise ``ValueError`` naming the choices.

    >>> check_deck("4-colour")
    Traceback (most recent call last):
    ...
    ValueError: unknown deck '4-colour': choose 'classic' or 'four-color'
    """
    if deck not in DECKS:
        raise ValueError(tr("unknown deck {deck}: choose 'classic' or 'four-color'", deck=repr(deck)))
    return deck  # type: ignore[return-value]


def check_back(back: str) -> Back:
    """Return ``back`` if it is a known back colour, else raise ``ValueError``."""
    if back not in BACKS:
        raise ValueError(tr("unknown back colour {back}: choose 'blue' or 'red'", back=repr(back)))
    return back  # type: ignore[return-value]


def suit_color(suit: Suit, deck: str = "classic") -> str:
    """The ink of a suit in a deck."""
    return (_FOUR if check_deck(deck) == "four-color" else _CLASSIC)[suit]


def card_color(card: Card, deck: str = "classic") -> str:
    """The ink of a card: its suit's colour, or the joker's purple.

    >>> from buraco_learn import JOKER
    >>> card_color(JOKER)
    '#6a1b9a'
    """
    return JOKER_COLOR if card.suit is None else suit_color(card.suit, deck)


def back_colors(back: str) -> tuple[str, str]:
    """The back's main colour and its pattern colour."""
    return _BACKS[check_back(back)]


def card_width(size: Size) -> int:
    """A card's width in pixels: a number of pixels, or ``small``/``medium``/``large``.

    >>> card_width(72), card_width("large")
    (72, 84)
    >>> card_width("huge")
    Traceback (most recent call last):
    ...
    ValueError: unknown size 'huge': give a width in pixels (16 to 400) or 'small', 'medium', 'large'
    """
    if isinstance(size, str):
        if size in SIZES:
            return SIZES[size]
    elif isinstance(size, int) and not isinstance(size, bool) and 16 <= size <= 400:
        return size
    raise ValueError(tr("unknown size {size}: give a width in pixels (16 to 400) or 'small', 'medium', 'large'",
                        size=repr(size)))


def card_height(width: int) -> int:
    """A card's height for its width (the usual 5:7 proportion)."""
    return round(width * 1.4)


#: The court cards' corner letters where a language's own decks print others than K Q J: French
#: cards print R D V (roi, dame, valet, the seeds' words); Italian French-suited cards (the
#: Modiano packs FIBUR plays with) print K Q J, as English ones do. The notation a learner types
#: stays K Q J in every language (recorded in the rules reference, section 1).
_COURT_LETTERS: dict[str, dict[Rank, str]] = {"fr": {Rank.JACK: "V", Rank.QUEEN: "D", Rank.KING: "R"}}


def rank_label(card: Card) -> str:
    """The corner index: ``A``, ``2`` .. ``10``, ``J``, ``Q``, ``K``, or ``JK`` for a joker; the
    court cards as the current language's decks print them (French ``V D R``).

    >>> rank_label(Card.parse("TH")), rank_label(Card.parse("QS"))
    ('10', 'Q')
    >>> from buraco_learn.i18n import language
    >>> with language("fr"):
    ...     [rank_label(Card.parse(c)) for c in ("JS", "QS", "KS", "AS")]
    ['V', 'D', 'R', 'A']
    """
    if card.rank is None:
        return "JK"
    if card.rank == Rank.TEN:
        return "10"
    courts = _COURT_LETTERS.get(get_language())
    return courts.get(card.rank, card.rank.char) if courts else card.rank.char


def card_label(card: Card) -> str:
    """A card as a learner reads it on a button or a wild's tag: :func:`rank_label` and the suit's
    symbol (``Q♠``; French ``D♠``), ``JK`` for a joker; :attr:`Card.pretty` in English.

    >>> from buraco_learn.i18n import language
    >>> card_label(Card.parse("QS")), card_label(Card.parse("TH")), card_label(Card.parse("JK"))
    ('Q♠', '10♥', 'JK')
    >>> with language("fr"):
    ...     [card_label(Card.parse(c)) for c in ("KH", "QS", "JD", "AC")]
    ['R♥', 'D♠', 'V♦', 'A♣']
    """
    if card.rank is None or card.suit is None:
        return "JK"
    return rank_label(card) + card.suit.symbol


def face_kind(card: Card) -> Literal["pip", "court", "joker"]:
    """How the middle of the face is drawn: one large pip, a court panel, or a joker.

    >>> [face_kind(c) for c in (Card.parse("7C"), Card.parse("KD"), Card.parse("JK"))]
    ['pip', 'court', 'joker']
    """
    if card.rank is None:
        return "joker"
    return "court" if card.r >= 11 else "pip"
