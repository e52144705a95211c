"""Cards, suits, ranks, the two-pack deck and card notation (EQ-1, EQ-2, EQ-3).

A card is written as a rank and a suit: ``5H``, ``TH`` or ``10H``, ``QS``; suits may also be
written ``♠ ♥ ♦ ♣``, in either case; the joker is ``JK``. Parsing and formatting round-trip:

>>> card = Card.parse("10♥")
>>> card
Card.parse('TH')
>>> str(card), card.pretty
('TH', '10♥')
>>> Card.parse(str(card)) == card
True
>>> parse_cards("5h 6H jk")
[Card.parse('5H'), Card.parse('6H'), Card.parse('JK')]

The two copies of a card (one from each pack) are interchangeable for every rule, so they are
equal values (EQ-1). Only 54 distinct card values exist and each is created once.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum

from .errors import DeckError, NotationError
from .errors import excerpt as excerpt  # re-exported: modules quote input with it from here too
from .i18n import N_, tr, trn

__all__ = [
    "Suit",
    "Rank",
    "Card",
    "JOKER",
    "parse_cards",
    "format_cards",
    "make_deck",
    "check_copies",
    "ALL_CARDS",
]


class Suit(StrEnum):
    """The four suits, valued by their notation letter."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        """The Unicode suit symbol, for example ``♥``."""
        return _SUIT_SYMBOL[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red in the classic deck."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_SUIT_SYMBOL = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_ORDER = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.DIAMONDS: 2, Suit.CLUBS: 3}


class Rank(IntEnum):
    """The thirteen ranks. The ace is 1 here; in a run it may also stand high (RUN-2)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def char(self) -> str:
        """The one-character notation: ``A 2 .. 9 T J Q K``."""
        return _RANK_CHARS[self.value]

    @property
    def points(self) -> int:
        """Points of a card of this rank in a hand (EQ-2): 2 is 20, A 15, 8..K 10, 3..7 5."""
        return _RANK_POINTS[self.value]


_RANK_CHARS = "?A23456789TJQK"
_RANK_POINTS = (0, 15, 20, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, 10)
JOKER_POINTS = 30


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One playing card: a rank and a suit, or a joker (``rank`` and ``suit`` are ``None``).

    Build cards with :meth:`Card.parse`, :meth:`Card.of` or :data:`JOKER`; they are interned,
    so ``Card.parse('5H') is Card.parse('5H')``.

    >>> Card.of(Rank.ACE, Suit.SPADES)
    Card.parse('AS')
    >>> Card(Rank.ACE, Suit.SPADES) is Card.parse("AS")
    True
    >>> JOKER.is_wild, Card.parse("2C").is_two, Card.parse("7D").points
    (True, True, 5)
    """

    rank: Rank | None
    suit: Suit | None
    #: 0 for the joker, else 1..13 (the ace is 1).
    r: int = field(init=False, repr=False, compare=False)
    #: 0..3 for S H D C, 4 for the joker.
    s: int = field(init=False, repr=False, compare=False)
    #: 0..52, a dense index: suit * 13 + rank - 1, the joker 52.
    index: int = field(init=False, repr=False, compare=False)

    def __new__(cls, rank: Rank | None = None, suit: Suit | None = None) -> Card:
        # Cards are interned: Card(Rank.ACE, Suit.SPADES) is Card.parse("AS"). Equality and hashing
        # are by identity (fast, and right because each value exists once).
        if _BY_INDEX:
            if rank is None and suit is None:
                return _BY_INDEX[52]
            if rank is None or suit is None:
                raise NotationError(tr("a card has both a rank and a suit, or neither (a joker)"))
            return Card.of(rank, suit)
        return object.__new__(cls)

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Card.parse, (_TEXT[self.index],))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __post_init__(self) -> None:
        if (self.rank is None) != (self.suit is None):
            raise NotationError(tr("a card has both a rank and a suit, or neither (a joker)"))
        r = 0 if self.rank is None else int(self.rank)
        s = 4 if self.suit is None else _SUIT_ORDER[self.suit]
        object.__setattr__(self, "r", r)
        object.__setattr__(self, "s", s)
        object.__setattr__(self, "index", 52 if r == 0 else s * 13 + r - 1)

    # -- construction -------------------------------------------------------------------
    @staticmethod
    def of(rank: Rank | int, suit: Suit | str) -> Card:
        """The card of this rank and suit (interned).

        >>> Card.of(14, "H")
        Traceback (most recent call last):
        ...
        buraco_learn.errors.NotationError: no card has rank 14 and suit 'H': a rank is 1 (ace) to 13 (king), a suit S H D C
        """
        try:
            if isinstance(rank, bool) or not isinstance(rank, int) or not isinstance(suit, str):
                raise ValueError
            return _BY_INDEX[_SUIT_ORDER[Suit(suit)] * 13 + int(Rank(rank)) - 1]
        except ValueError:
            raise NotationError(tr("no card has rank {rank} and suit {suit}: a rank is 1 (ace) to 13 (king), a suit "
                                   "S H D C", rank=excerpt(rank), suit=excerpt(suit))) from None

    @staticmethod
    def parse(text: str) -> Card:
        """Read one card: ``5H``, ``TH``, ``10h``, ``Q♠``, ``JK``.

        >>> Card.parse("jk") is JOKER
        True
        >>> Card.parse("1H")
        Traceback (most recent call last):
        ...
        buraco_learn.errors.NotationError: bad card notation '1H': a card is a rank (A 2-9 T/10 J Q K) and a suit (S H D C or ♠ ♥ ♦ ♣), or JK for a joker
        """
        card = _PARSE_CACHE.get(text) if isinstance(text, str) else None
        if card is None:
            if not isinstance(text, str):
                if isinstance(text, Card):
                    return text
                raise NotationError(tr("a card is written as text, like '5H' or 'JK', not {text}", text=excerpt(text)))
            if len(text) <= 12:
                card = _PARSE_CACHE.get(text.strip().upper())
        if card is None:
            if "(=" in text:
                raise NotationError(tr(
                    "{text} carries a layout annotation; a plain card is written like '2C' "
                    "(read laid-out melds with Meld.parse)", text=excerpt(text)))
            raise NotationError(tr(
                "bad card notation {text}: a card is a rank (A 2-9 T/10 J Q K) and a suit "
                "(S H D C or ♠ ♥ ♦ ♣), or JK for a joker", text=excerpt(text)))
        return card

    # -- properties ---------------------------------------------------------------------
    @property
    def is_joker(self) -> bool:
        """True for a joker."""
        return self.r == 0

    @property
    def is_two(self) -> bool:
        """True for any 2 (a pinella)."""
        return self.r == 2

    @property
    def is_wild(self) -> bool:
        """True for a card that can be wild: a joker or any 2 (EQ-3).

        Whether a 2 *is* wild depends on where it lies: a 2 of a run's suit in the 2 position
        is natural (RUN-5); a meld's layout says which.
        """
        return self.r <= 2 and self.r != 1

    @property
    def points(self) -> int:
        """Points in a hand (EQ-2): joker 30, 2 20, ace 15, 8..K 10, 3..7 5.

        Some presets count a natural 2 or a low ace in a meld differently; a meld's ``points``
        applies that.
        """
        return JOKER_POINTS if self.r == 0 else _RANK_POINTS[self.r]

    @property
    def pretty(self) -> str:
        """Human notation with suit symbols and ``10``: ``10♥``, ``Q♠``, ``🃏``-free ``JK``."""
        if self.rank is None or self.suit is None:
            return "JK"
        rank = "10" if self.r == 10 else self.rank.char
        return rank + self.suit.symbol

    @property
    def sort_key(self) -> tuple[int, int]:
        """Sort by suit (S H D C), then rank; jokers last."""
        return (self.s, self.r)

    def __str__(self) -> str:
        return _TEXT[self.index]

    def __repr__(self) -> str:
        return f"Card.parse({_TEXT[self.index]!r})"

    def _repr_html_(self) -> str:  # pragma: no cover - exercised through the renderer tests
        from .render import card_html

        return card_html(self)


_BY_INDEX: list[Card] = []


def _build() -> tuple[list[Card], dict[str, Card], list[str]]:
    cards: list[Card] = []
    text: list[str] = []
    for suit in Suit:
        for rank in Rank:
            card = object.__new__(Card)
            Card.__init__(card, rank, suit)
            cards.append(card)
            text.append(rank.char + suit.value)
    joker = object.__new__(Card)
    Card.__init__(joker, None, None)
    cards.append(joker)
    text.append("JK")
    parse: dict[str, Card] = {}
    for card, t in zip(cards, text):
        parse[t] = card
        if card.suit is not None and card.rank is not None:
            for rank_text in {card.rank.char, "10" if card.r == 10 else card.rank.char}:
                for suit_text in (card.suit.value, card.suit.symbol):
                    parse[rank_text + suit_text] = card
    parse["JOKER"] = joker
    return cards, parse, text


_cards, _PARSE_CACHE, _TEXT = _build()
_BY_INDEX.extend(_cards)

#: The joker (all four jokers are equal values).
JOKER: Card = _BY_INDEX[52]
#: The 53 distinct card values, ordered S H D C by rank, then the joker.
ALL_CARDS: tuple[Card, ...] = tuple(_BY_INDEX)

_SPLIT = re.compile(r"[\s,;]+")

#: The longest text read as a list of cards; anything longer is refused before it is read.
MAX_TEXT = 10_000
#: The most cards an iterable may hand over (the deck has 108).
MAX_CARDS = 1_000


def is_number(text: str, digits: int = 9) -> bool:
    """Whether ``text`` is a whole number written with 1 to ``digits`` ASCII digits (``str.isdigit``
    also accepts ``²``, ``①`` or ``١``, which ``int`` then refuses).

    >>> is_number("12"), is_number("²"), is_number("١"), is_number(""), is_number("1" * 10)
    (True, False, False, False, False)
    """
    return 0 < len(text) <= digits and text.isascii() and text.isdigit()


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Read a list of cards from text (``"5H 6H JK"``, commas allowed) or from tokens.

    >>> parse_cards("QH, KH, AH")
    [Card.parse('QH'), Card.parse('KH'), Card.parse('AH')]
    >>> parse_cards("")
    []
    """
    if isinstance(text, str):
        if len(text) > MAX_TEXT:
            raise NotationError(tr("{n} characters is too long for a list of cards (the deck has {deck} cards; at "
                                   "most {most} characters): {text}", n=format(len(text), ","), deck=len(make_deck()),
                                   most=format(MAX_TEXT, ","), text=excerpt(text)))
        tokens: Iterable[str | Card] = [t for t in _SPLIT.split(text.strip()) if t]
    elif isinstance(text, Card):
        return [text]
    elif isinstance(text, (bytes, bytearray, dict)) or not isinstance(text, Iterable):
        raise NotationError(tr("cards are given as text like '5H 6H JK' or as a list of cards, not {text}",
                               text=excerpt(text)))
    else:
        tokens = list(itertools.islice(text, MAX_CARDS + 1))
        if len(tokens) > MAX_CARDS:
            raise NotationError(tr("more than {most} cards given: the deck has {deck} (EQ-1)", most=MAX_CARDS,
                                   deck=len(make_deck())))
    return [t if isinstance(t, Card) else Card.parse(t) for t in tokens]


def format_cards(cards: Iterable[Card], *, pretty: bool = False) -> str:
    """Write cards as notation separated by spaces; ``pretty`` uses suit symbols.

    >>> format_cards(parse_cards("TH JK"))
    'TH JK'
    >>> format_cards(parse_cards("TH JK"), pretty=True)
    '10♥ JK'
    """
    try:
        if pretty:
            return " ".join(c.pretty for c in cards)
        return " ".join(_TEXT[c.index] for c in cards)
    except (AttributeError, TypeError, IndexError):
        if isinstance(cards, Iterable) and not isinstance(cards, (str, bytes)):
            return format_cards(parse_cards(cards), pretty=pretty)  # notation tokens, or a NotationError
        raise NotationError(tr("format_cards writes a list of cards, not {cards}", cards=excerpt(cards))) from None


def _check_deck(jokers: int, copies: int) -> None:
    """Refuse a pack count other than 2 or 3 (EQ-1, P5-1) and a joker count the packs cannot hold."""
    if isinstance(copies, bool) or not isinstance(copies, int) or copies not in (2, 3):
        raise DeckError(tr("a deck has two packs, or three with five players (EQ-1, P5-1), not {copies}",
                           copies=excerpt(copies)))
    if isinstance(jokers, bool) or not isinstance(jokers, int) or not 0 <= jokers <= 2 * copies:
        if copies == 2:
            raise DeckError(tr("a deck has 0 to 4 jokers (EQ-1), not {jokers}", jokers=excerpt(jokers)))
        raise DeckError(tr("a three-pack deck has 0 to 6 jokers (EQ-1, P5-1), not {jokers}", jokers=excerpt(jokers)))


def make_deck(jokers: int = 4, copies: int = 2) -> list[Card]:
    """The full two-pack deck in a fixed order: two copies of each of the 52 cards and
    ``jokers`` jokers (EQ-1: 108 cards with 4 jokers); ``copies=3``: the three-pack deck of five
    players (P5-1: 162 cards with 6 jokers).

    >>> len(make_deck()), len(make_deck(jokers=2)), len(make_deck(6, copies=3))
    (108, 106, 162)
    """
    _check_deck(jokers, copies)
    return [c for c in _BY_INDEX[:52] for _ in range(copies)] + [JOKER] * jokers


def check_copies(cards: Iterable[Card], jokers: int = 4, *, where: str = N_("these cards"), copies: int = 2) -> None:
    """Refuse any card beyond the copies that exist: two of each card (three with five
    players' three packs, P5-1), ``jokers`` jokers (EQ-1).

    >>> check_copies(parse_cards("5H 5H 5H"))
    Traceback (most recent call last):
    ...
    buraco_learn.errors.DeckError: 5H appears 3 times in these cards, but only 2 copies exist (EQ-1)
    >>> check_copies(parse_cards("5H 5H 5H"), 6, copies=3)
    """
    cards = parse_cards(cards)
    _check_deck(jokers, copies)
    where = excerpt(where, 80) if not isinstance(where, str) or len(where) > 80 else where
    for card, n in Counter(cards).items():
        limit = jokers if card.r == 0 else copies
        if n > limit:
            raise DeckError(trn("{card} appears {times} times in {where}, but only {n} copy exists (EQ-1)",
                                "{card} appears {times} times in {where}, but only {n} copies exist (EQ-1)", limit,
                                card=card, times=n, where=tr(where)))
