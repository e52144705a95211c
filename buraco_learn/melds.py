"""Melds: sets and runs, their legal layout, wilds, lay-offs and burraco kinds.

A :class:`Meld` is a frozen value built from cards in any order; the engine finds the legal
layout (RUN-6, WILD-1) or refuses with :class:`~buraco_learn.errors.InvalidMeld`, whose message
quotes the cards and names the rule:

>>> Meld.from_cards("KH AH 2H")
Meld.parse('2H(=QH) KH AH')
>>> Meld.from_cards("2S 4H 5H 6H 2D")
Traceback (most recent call last):
...
buraco_learn.errors.InvalidMeld: 2S 4H 5H 6H 2D: a run may hold only one wild (RUN-4); here 2S and 2D would both be wild
>>> run = Meld.from_cards("3H 4H 5H 6H 7H 8H 9H JK")
>>> run.burraco, run.points, run.bonus
('semi-clean', 75, 150)
>>> Meld.from_cards("2C 5C 6C").lay_off("8C")
Meld.parse('5C 6C 2C(=7C) 8C')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, Literal

from .cards import JOKER, Card, Rank, Suit, excerpt, format_cards, parse_cards
from .errors import InvalidMeld, NotationError
from .rules import FIBUR, Rules, get_rules

__all__ = ["Meld", "Placement", "MeldKind", "BurracoKind", "is_valid_meld", "meld_error", "burraco_bonus"]

MeldKind = Literal["set", "run"]
BurracoKind = Literal["clean", "semi-clean", "dirty"]

_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_RANK_WORD = {1: "ace", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
              11: "jack", 12: "queen", 13: "king", 14: "ace"}


def _pos_card(pos: int, suit: int) -> Card:
    """The natural card at run position ``pos`` (1..14; 14 is the high ace) of ``suit``."""
    return Card.of(1 if pos == 14 else pos, _SUITS[suit])


class Placement:
    """One card of a meld's layout: the card, and for a wild what it stands for.

    ``stands_for`` is the natural card a wild replaces in a run, and ``None`` for a natural
    card or a set's wild (which stands for a card of the set's rank, any suit).
    """

    __slots__ = ("card", "wild", "stands_for")

    def __init__(self, card: Card, wild: bool, stands_for: Card | None) -> None:
        self.card = card
        self.wild = wild
        self.stands_for = stands_for

    def __repr__(self) -> str:
        return f"Placement({self.card!r}, wild={self.wild}, stands_for={self.stands_for!r})"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Placement) and self.card == other.card
                and self.wild == other.wild and self.stands_for == other.stands_for)

    def __hash__(self) -> int:
        return hash((self.card, self.wild, self.stands_for))


# --------------------------------------------------------------------------------------
# The analysis: fast, integer-based, no exceptions on the hot path.
#
# A successful analysis is a tuple
#   ("set", rank, naturals, wild_card_or_None)                      for a set
#   ("run", suit, start, slots, wild_index)                          for a run
# where ``slots`` is the layout low to high, ``start`` the position (1..14) of slots[0],
# and ``wild_index`` the index of the wild in slots or -1.
# A failure is a tuple ("error", message-builder-args...). See _explain.
# --------------------------------------------------------------------------------------

_Result = tuple[Any, ...]


def _analyse(cards: Sequence[Card], wild_high: bool | None) -> _Result:
    n = len(cards)
    if n < 3:
        return ("error", "size")
    nat_rank = -1
    same_rank = True
    nat_suit = -1
    one_suit = True
    n_nat = 0
    n_wild = 0
    for c in cards:
        r = c.r
        if r == 0 or r == 2:
            n_wild += 1
            continue
        n_nat += 1
        if nat_rank == -1:
            nat_rank = r
            nat_suit = c.s
        else:
            if r != nat_rank:
                same_rank = False
            if c.s != nat_suit:
                one_suit = False
    if n_nat >= 2 and same_rank:
        # A set (no run can repeat a rank).
        if n_wild > 1:
            return ("error", "set-wilds")
        if n > 9:
            return ("error", "set-size")
        per_suit = [0, 0, 0, 0, 0]
        for c in cards:
            per_suit[c.s] += c.r == nat_rank
        if max(per_suit) > 2:
            return ("error", "copies")
        if n_wild:
            naturals = [c for c in cards if c.r != 0 and c.r != 2]
            wild = next(c for c in cards if c.r == 0 or c.r == 2)
        else:
            naturals = list(cards)
            wild = None
        naturals.sort(key=_SET_ORDER)
        return ("set", nat_rank, tuple(naturals), wild)
    if n_nat == 0:
        return ("error", "no-naturals")
    if not one_suit:
        return ("error", "suits")
    # A run of suit nat_suit.
    if n > 14:
        return ("error", "run-size")
    own_twos = 0
    for c in cards:
        if c.r == 2 and c.s == nat_suit:
            own_twos += 1
    first_error: _Result | None = None
    for natural_two in ((True, False) if own_twos else (False,)):
        res = _analyse_run(cards, nat_suit, n_wild - natural_two, natural_two, wild_high)
        if res[0] == "run":
            return res
        if first_error is None or (natural_two is False and res[1] != "run-wilds"):
            first_error = res
    assert first_error is not None
    return first_error


def _set_order(c: Card) -> int:
    return c.s


_SET_ORDER = _set_order


def _analyse_run(cards: Sequence[Card], suit: int, n_wild: int, natural_two: bool,
                 wild_high: bool | None) -> _Result:
    if n_wild > 1:
        return ("error", "run-wilds")
    by_pos: dict[int, Card] = {}
    wild: Card | None = None
    ace: Card | None = None
    two_used = not natural_two
    for c in cards:
        r = c.r
        if r == 2 and not two_used and c.s == suit:
            two_used = True
            by_pos[2] = c
        elif r == 0 or r == 2:
            wild = c
        elif r == 1:
            if ace is not None:
                return ("error", "two-aces")
            ace = c
        else:
            if r in by_pos:
                return ("error", "repeat", r)
            by_pos[r] = c
    options: tuple[int, ...] = (0,) if ace is None else (1, 14)
    err: _Result = ("error", "gap")
    for ace_pos in options:
        if ace_pos:
            by_pos[ace_pos] = ace  # type: ignore[assignment]
        lo = min(by_pos)
        hi = max(by_pos)
        span = hi - lo + 1
        gaps = span - len(by_pos)
        if ace_pos:
            del by_pos[ace_pos]
        if gaps > n_wild:
            err = ("error", "gap") if gaps > 0 else err
            continue
        if gaps == 1:
            wild_pos = next(p for p in range(lo, hi + 1) if p not in by_pos and p != ace_pos)
            if wild_high is not None:
                return ("error", "wild-bound", wild_pos)
        elif n_wild == 1:
            if span >= 14:
                return ("error", "run-size")
            if wild_high:
                if hi >= 14:
                    return ("error", "wild-end-high")
                wild_pos = hi + 1
            elif wild_high is None:
                wild_pos = lo - 1 if lo > 1 else hi + 1
            else:
                if lo <= 1:
                    return ("error", "wild-end-low")
                wild_pos = lo - 1
        else:
            wild_pos = 0
        if wild_pos:
            lo = min(lo, wild_pos)
            hi = max(hi, wild_pos)
        slots = []
        wild_index = -1
        for p in range(lo, hi + 1):
            if p == wild_pos:
                wild_index = p - lo
                slots.append(wild)
            elif p == ace_pos:
                slots.append(ace)
            else:
                slots.append(by_pos[p])
        return ("run", suit, lo, tuple(slots), wild_index)
    return err


def _explain(cards: Sequence[Card], res: _Result, what: str | None = None) -> InvalidMeld:
    """Turn an analysis failure into an :class:`InvalidMeld` with a sentence and rule IDs."""
    text = what if what is not None else format_cards(cards)
    code = res[1]
    wilds = [c for c in cards if c.r == 0 or c.r == 2]
    naturals = [c for c in cards if not (c.r == 0 or c.r == 2)]
    if code == "size":
        return InvalidMeld(f"{text}: a meld needs at least 3 cards (SET-1, RUN-1); "
                           f"here there {'is' if len(cards) == 1 else 'are'} {len(cards)}",
                           ("SET-1", "RUN-1"))
    if code == "set-wilds":
        return InvalidMeld(f"{text}: a set may hold only one wild (SET-2); here "
                           f"{' and '.join(map(str, wilds))} would all be wild"
                           .replace("would all", "would both" if len(wilds) == 2 else "would all"),
                           ("SET-2",))
    if code == "copies":
        counts = Counter(c for c in cards if c.r not in (0, 2))
        card, k = counts.most_common(1)[0]
        return InvalidMeld(f"{text}: {card} appears {k} times, but only 2 copies of each card exist (EQ-1)",
                           ("EQ-1",))
    if code == "set-size":
        return InvalidMeld(f"{text}: a set holds at most 9 cards, 8 naturals and one wild (SET-3); "
                           f"here there are {len(cards)}", ("SET-3",))
    if code == "no-naturals":
        if all(c.r == 2 for c in cards):
            return InvalidMeld(f"{text}: a 2 in a set is always wild, so a set of 2s does not exist "
                               "(SET-2), and a run may hold only one wild (RUN-4)", ("SET-2", "RUN-4"))
        return InvalidMeld(f"{text}: a meld needs natural cards: a set at least two (SET-2), and a run "
                           "may hold only one wild (RUN-4)", ("SET-2", "RUN-4"))
    if code == "suits":
        suits = sorted({c.suit.value for c in naturals if c.suit is not None})
        ranks = sorted({c.r for c in naturals})
        return InvalidMeld(f"{text}: not a set, whose cards share one rank (SET-1; here "
                           f"{', '.join(_RANK_WORD[r] for r in ranks)}), nor a run, whose cards share one "
                           f"suit (RUN-1; here {', '.join(suits)})", ("SET-1", "RUN-1"))
    if code == "run-size":
        return InvalidMeld(f"{text}: a run holds at most 14 cards, the 13 ranks and one wild (RUN-3)",
                           ("RUN-3",))
    if code == "run-wilds":
        if len(naturals) == 1:
            return InvalidMeld(f"{text}: {' and '.join(map(str, wilds))} would both be wild: a run may "
                               "hold only one wild (RUN-4) and a set needs two natural cards (SET-2)",
                               ("RUN-4", "SET-2"))
        return InvalidMeld(f"{text}: a run may hold only one wild (RUN-4); here "
                           f"{' and '.join(map(str, _wild_cards_of_run(cards, naturals)))} would both be wild",
                           ("RUN-4",))
    if code == "two-aces":
        return InvalidMeld(f"{text}: a run holds at most one ace, low (A-2-3) or high (Q-K-A), "
                           "never both (RUN-2)", ("RUN-2",))
    if code == "repeat":
        return InvalidMeld(f"{text}: a run may not hold the same rank twice (RUN-1); here two "
                           f"{_RANK_WORD[res[2]]}s", ("RUN-1",))
    if code == "gap":
        rules: tuple[str, ...] = ("RUN-1",)
        extra = ""
        if any(c.r == 1 for c in naturals) and any(c.r == 13 for c in naturals) and any(
                c.r in (2, 3) for c in cards if c.r != 0):
            rules = ("RUN-2", "RUN-1")
            extra = "; the ace is low (A-2-3) or high (Q-K-A), never both, so K-A-2 does not wrap (RUN-2)"
        n_w = len(wilds)
        if n_w == 0:
            fill = "and there is no wild to fill it"
        else:
            fill = "and a run's one wild fills only one missing card (RUN-4)"
            rules = rules + ("RUN-4",)
        return InvalidMeld(f"{text}: the cards are not consecutive: a run has no gap (RUN-1) {fill}{extra}",
                           rules)
    if code == "wild-bound":
        pos = res[2]
        return InvalidMeld(f"{text}: the wild is bound between two naturals, standing for the "
                           f"{_RANK_WORD[pos]}; only a free wild (at an end) may be placed low or high (WILD-1)",
                           ("WILD-1",))
    if code in ("wild-end-high", "wild-end-low"):
        end = "high" if code == "wild-end-high" else "low"
        return InvalidMeld(f"{text}: the wild cannot stand at the {end} end: there is no rank "
                           f"{'above the ace' if end == 'high' else 'below the ace'} (WILD-1, RUN-2)",
                           ("WILD-1", "RUN-2"))
    return InvalidMeld(f"{text}: not a legal meld ({code})")  # pragma: no cover


def _wild_cards_of_run(cards: Sequence[Card], naturals: Sequence[Card]) -> list[Card]:
    suit = naturals[0].s if naturals else -1
    wilds = [c for c in cards if c.r == 0 or (c.r == 2 and c.s != suit)]
    own = [c for c in cards if c.r == 2 and c.s == suit]
    return wilds + own[1:] if len(wilds) >= 2 else wilds + own


def as_cards(cards: Iterable[Card] | str | Card) -> list[Card]:
    """One card, cards in notation, or an iterable of cards, as a list of cards.

    >>> as_cards("5H 6H"), as_cards(JOKER)
    ([Card.parse('5H'), Card.parse('6H')], [Card.parse('JK')])
    """
    if isinstance(cards, Card):
        return [cards]
    return parse_cards(cards)  # text, or an iterable of cards; anything else is a NotationError


def _meld_from_text(text: str, rules: Rules) -> Meld:
    return Meld.parse(text, rules=rules)


def is_valid_meld(cards: Sequence[Card] | str) -> bool:
    """Whether the cards form a legal set or run, in some layout (no exception).

    >>> is_valid_meld("AH 2H 3H"), is_valid_meld("KH AH 2H 3H")
    (True, False)
    """
    cards = parse_cards(cards)
    return bool(_analyse(cards, None)[0] != "error")


def meld_error(cards: Sequence[Card] | str) -> InvalidMeld | None:
    """The :class:`InvalidMeld` the cards would raise, or ``None`` when they are a legal meld.

    >>> print(meld_error("5H 6H 8H"))
    5H 6H 8H: the cards are not consecutive: a run has no gap (RUN-1) and there is no wild to fill it
    """
    cards = parse_cards(cards)
    res = _analyse(cards, None)
    return _explain(cards, res) if res[0] == "error" else None


def burraco_bonus(kind: BurracoKind | None, rules: Rules = FIBUR) -> int:
    """The bonus a burraco of that kind earns under ``rules`` (BUR-2..4); 0 for ``None``."""
    if kind is None:
        return 0
    if kind == "clean":
        return rules.clean_bonus
    if kind == "semi-clean":
        return rules.semi_clean_bonus if rules.semi_clean_bonus is not None else rules.dirty_bonus
    return rules.dirty_bonus


class Meld:
    """A legal set or run as it lies on the table. Immutable; lay-offs return a new meld.

    Build it with :meth:`from_cards` (any order) or :meth:`parse` (a written layout).

    >>> m = Meld.from_cards("7H 7D 7H")
    >>> m.kind, m.rank, m.burraco, m.points
    ('set', <Rank.SEVEN: 7>, None, 15)
    >>> Meld.from_cards("AH 2H 3H", rules="wikipedia-fr").points
    15
    """

    __slots__ = ("kind", "rules", "_slots", "_start", "_wild_index", "_rank", "_suit")

    kind: MeldKind
    rules: Rules
    _slots: tuple[Card, ...]
    _start: int
    _wild_index: int
    _rank: int
    _suit: int

    def __init__(self) -> None:  # pragma: no cover - use the constructors
        raise TypeError("build a Meld with Meld.from_cards(...) or Meld.parse(...)")

    # -- construction -------------------------------------------------------------------
    @classmethod
    def _make(cls, res: _Result, rules: Rules) -> Meld:
        self = object.__new__(cls)
        put = object.__setattr__
        if res[0] == "set":
            _, rank, naturals, wild = res
            put(self, "kind", "set")
            put(self, "_rank", rank)
            put(self, "_suit", -1)
            put(self, "_start", 0)
            if wild is None:
                put(self, "_slots", naturals)
                put(self, "_wild_index", -1)
            else:
                put(self, "_slots", naturals + (wild,))
                put(self, "_wild_index", len(naturals))
        else:
            _, suit, start, slots, wild_index = res
            put(self, "kind", "run")
            put(self, "_rank", 0)
            put(self, "_suit", suit)
            put(self, "_start", start)
            put(self, "_slots", slots)
            put(self, "_wild_index", wild_index)
        put(self, "rules", rules)
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Meld is immutable; lay_off returns a new meld (cannot set {name!r})")

    def __reduce__(self) -> tuple[object, ...]:
        return (_meld_from_text, (self.notation(), self.rules))

    @classmethod
    def from_cards(cls, cards: Iterable[Card] | str, *, rules: Rules | str | None = None,
                   wild_high: bool | None = None) -> Meld:
        """Validate cards handed over in any order and lay them out (RUN-6, WILD-1).

        A free wild in a run goes to the low end unless that is impossible; ``wild_high=True``
        or ``False`` asks for the high or the low end (WILD-1).

        >>> Meld.from_cards("5H 6H 2C", wild_high=True)
        Meld.parse('5H 6H 2C(=7H)')
        >>> Meld.from_cards("5H 6H 8H")
        Traceback (most recent call last):
        ...
        buraco_learn.errors.InvalidMeld: 5H 6H 8H: the cards are not consecutive: a run has no gap (RUN-1) and there is no wild to fill it
        """
        seq = parse_cards(cards)  # text, or an iterable of cards; anything else is a NotationError
        res = _analyse(seq, wild_high)
        if res[0] == "error":
            raise _explain(seq, res)
        return cls._make(res, get_rules(rules))

    @classmethod
    def parse(cls, text: str, *, rules: Rules | str | None = None) -> Meld:
        """Read a laid-out meld such as ``'5C 6C 2C(=7C) 8C'``; annotations are checked.

        >>> Meld.parse("2C(=7C) 8C 9C")
        Meld.parse('2C(=7C) 8C 9C')
        >>> Meld.parse("2C(=4C) 8C 9C")
        Traceback (most recent call last):
        ...
        buraco_learn.errors.NotationError: '2C(=4C) 8C 9C': the wild cannot stand for 4C; in this meld it stands for 7C or TC
        """
        if not isinstance(text, str) or len(text) > 400:
            raise NotationError(f"a laid-out meld is text of at most 400 characters, like '5C 6C 2C(=7C)', not "
                                f"{excerpt(text)}")
        tokens = [t for t in text.replace(",", " ").split() if t]
        cards: list[Card] = []
        wanted: Card | None = None
        wanted_set = False
        for tok in tokens:
            if "(=" in tok:
                if not tok.endswith(")"):
                    raise NotationError(f"{text!r}: bad annotation in {tok!r}; write it like 2C(=5H)")
                card_text, ann = tok[:-1].split("(=", 1)
                cards.append(Card.parse(card_text))
                if len(ann) in (1, 2) and ann not in ("JK",) and not any(ch in "SHDCshdc♠♥♦♣" for ch in ann[-1:]):
                    wanted_set = True  # a set's wild: (=7)
                    continue
                wanted = Card.parse(ann)
            else:
                cards.append(Card.parse(tok))
        meld = cls.from_cards(cards, rules=rules)
        if wanted is not None:
            if meld.kind != "run":
                raise NotationError(f"{text!r}: a wild in a set stands for its rank only; write it like JK(=7)")
            if meld.wild_stands_for != wanted:
                choices = []
                for high in (False, True):
                    try:
                        other = cls.from_cards(cards, rules=rules, wild_high=high)
                    except InvalidMeld:
                        continue
                    if other.wild_stands_for is not None and other.wild_stands_for not in choices:
                        choices.append(other.wild_stands_for)
                    if other.wild_stands_for == wanted:
                        return other
                raise NotationError(
                    f"{text!r}: the wild cannot stand for {wanted}; in this meld it stands for "
                    + " or ".join(map(str, choices)))
        elif wanted_set and meld.kind != "set":
            raise NotationError(f"{text!r}: a wild in a run stands for a card, like 2C(=5H)")
        return meld

    # -- the layout ---------------------------------------------------------------------
    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards in layout order (a run low to high; a set's wild last)."""
        return self._slots

    def __len__(self) -> int:
        return len(self._slots)

    @property
    def wild(self) -> Card | None:
        """The one wild card of the meld, or ``None`` (a natural 2 is not a wild)."""
        return None if self._wild_index < 0 else self._slots[self._wild_index]

    @property
    def wild_index(self) -> int | None:
        """Index of the wild in :attr:`cards`, or ``None``."""
        return None if self._wild_index < 0 else self._wild_index

    @property
    def wild_stands_for(self) -> Card | None:
        """In a run, the card the wild stands for (``None`` for a set or no wild)."""
        if self.kind != "run" or self._wild_index < 0:
            return None
        return _pos_card(self._start + self._wild_index, self._suit)

    @property
    def wild_is_free(self) -> bool:
        """A run's wild at an end is free (WILD-1); a set's wild counts as free; no wild: False."""
        if self._wild_index < 0:
            return False
        if self.kind == "set":
            return True
        return self._wild_index in (0, len(self._slots) - 1)

    @property
    def placements(self) -> tuple[Placement, ...]:
        """Each card with whether it is wild here and what it stands for."""
        out = []
        for i, c in enumerate(self._slots):
            if i == self._wild_index:
                stands = _pos_card(self._start + i, self._suit) if self.kind == "run" else None
                out.append(Placement(c, True, stands))
            else:
                out.append(Placement(c, False, None))
        return tuple(out)

    @property
    def naturals(self) -> tuple[Card, ...]:
        """The natural cards (a natural 2 included)."""
        return tuple(c for i, c in enumerate(self._slots) if i != self._wild_index)

    @property
    def rank(self) -> Rank | None:
        """A set's rank; ``None`` for a run."""
        return Rank(self._rank) if self.kind == "set" else None

    @property
    def suit(self) -> Suit | None:
        """A run's suit; ``None`` for a set."""
        return _SUITS[self._suit] if self.kind == "run" else None

    @property
    def low(self) -> int:
        """A run's lowest position (1 is a low ace); 0 for a set."""
        return self._start

    @property
    def high(self) -> int:
        """A run's highest position (14 is a high ace); 0 for a set."""
        return self._start + len(self._slots) - 1 if self.kind == "run" else 0

    def position_card(self, i: int) -> Card:
        """The natural card layout slot ``i`` of a run represents (its own card, or the wild's)."""
        if self.kind != "run":
            raise ValueError("only a run's slots stand for particular cards")
        return _pos_card(self._start + i, self._suit)

    # -- burraco and points -------------------------------------------------------------
    @property
    def is_burraco(self) -> bool:
        """Seven cards or more (BUR-1)."""
        return len(self._slots) >= 7

    @property
    def burraco(self) -> BurracoKind | None:
        """``None`` below 7 cards, else ``'clean'``, ``'semi-clean'`` or ``'dirty'`` (BUR-1..5).

        >>> Meld.from_cards("7H 7H 7D 7D 7S 7S 7C JK").burraco
        'semi-clean'
        >>> Meld.from_cards("7H 7H 7D 7D 7S 7S 7C JK", rules="classic-fr").burraco
        'dirty'
        """
        n = len(self._slots)
        if n < 7:
            return None
        if self._wild_index < 0:
            return "clean"
        if self.rules.semi_clean_bonus is not None:
            if self.kind == "set":
                if n == 8:
                    return "semi-clean"
            elif (self._wild_index == 0 or self._wild_index == n - 1) and n - 1 >= 7:
                return "semi-clean"
        return "dirty"

    @property
    def bonus(self) -> int:
        """The burraco bonus under the meld's rules: 200, 150, 100 or 0 (BUR-2..4)."""
        return burraco_bonus(self.burraco, self.rules)

    @property
    def points(self) -> int:
        """Card points of the meld (EQ-2, SCORE-2), with the preset's natural-2 and low-ace values."""
        total = 0
        rules = self.rules
        run = self.kind == "run"
        for i, c in enumerate(self._slots):
            if run and i != self._wild_index:
                pos = self._start + i
                if pos == 1:
                    total += rules.low_ace_meld_points
                    continue
                if pos == 2:
                    total += rules.natural_two_meld_points
                    continue
            total += c.points
        return total

    # -- lay-offs -----------------------------------------------------------------------
    def lay_off(self, cards: Iterable[Card] | str | Card, *, wild_high: bool | None = None) -> Meld:
        """The meld with ``cards`` added (TURN-2, WILD-2..5); ``self`` is unchanged.

        A free wild keeps its end when it can, else moves (WILD-2); a bound wild moves only when
        the card it stands for arrives (WILD-3); a wild never leaves (WILD-4); a 2 of a run's suit
        drops into its natural slot (WILD-5).

        >>> Meld.from_cards("6C JK 8C").lay_off("TC")
        Traceback (most recent call last):
        ...
        buraco_learn.errors.InvalidMeld: 6C JK(=7C) 8C + TC: the joker is bound as 7C and only moves when 7C is laid off; the run would then need a second wild (WILD-3, RUN-4)
        >>> Meld.from_cards("6C JK 8C").lay_off("7C TC")
        Meld.parse('6C 7C 8C JK(=9C) TC')
        >>> Meld.from_cards("2H 4H 5H").lay_off("3H").burraco is None, Meld.from_cards("2H 4H 5H").lay_off("3H").wild
        (True, None)
        """
        new = as_cards(cards)
        if not new:
            raise InvalidMeld(f"{self}: a lay-off adds at least one card (TURN-2)", ("TURN-2",))
        union = list(self._slots) + new
        if wild_high is None and self.kind == "run" and self.wild_is_free:
            # WILD-2: a free wild keeps its end when it may.
            keep_high = self._wild_index == len(self._slots) - 1 and len(self._slots) > 1 and self._start + self._wild_index > 1
            res = _analyse(union, True if keep_high else None)
            if res[0] == "error":
                res = _analyse(union, None)
        else:
            res = _analyse(union, wild_high)
        if res[0] == "error":
            raise self._explain_lay_off(new, res, f"{self} + {format_cards(new)}")
        if not self._same_kind(res):
            what = f"{self} + {format_cards(new)}"
            raise InvalidMeld(f"{what}: a lay-off must keep the {self._describe()} (TURN-2); "
                              f"{format_cards(new)} do{'es' if len(new) == 1 else ''} not belong to it",
                              ("TURN-2",))
        return Meld._make(res, self.rules)

    def can_lay_off(self, cards: Iterable[Card] | str | Card) -> bool:
        """Whether :meth:`lay_off` would accept the cards (no exception, no sentence built).

        >>> Meld.from_cards("6C JK 8C").can_lay_off("TC"), Meld.from_cards("6C JK 8C").can_lay_off("7C TC")
        (False, True)
        """
        new = as_cards(cards)
        if not new:
            return False
        res = _analyse(list(self._slots) + new, None)
        return res[0] != "error" and self._same_kind(res)

    def _same_kind(self, res: _Result) -> bool:
        if res[0] != self.kind:
            return False
        if self.kind == "set":
            return bool(res[1] == self._rank)
        return bool(res[1] == self._suit)

    def _describe(self) -> str:
        if self.kind == "set":
            return f"set of {_RANK_WORD[self._rank]}s"
        return f"run of {_SUITS[self._suit].name.lower()}"

    def _explain_lay_off(self, new: list[Card], res: _Result, what: str) -> InvalidMeld:
        code = res[1]
        stands = self.wild_stands_for
        wild = self.wild
        if (code in ("run-wilds", "gap") and self.kind == "run" and wild is not None and stands is not None
                and not self.wild_is_free and stands not in new
                and _analyse(list(self.naturals) + [stands] + new + [wild], None)[0] == "run"):
            if True:
                name = "joker" if wild is JOKER else f"pinella {wild}"
                return InvalidMeld(
                    f"{what}: the {name} is bound as {stands} and only moves when {stands} is laid off; "
                    "the run would then need a second wild (WILD-3, RUN-4)", ("WILD-3", "RUN-4"))
        if code in ("suits",) or (code == "no-naturals"):
            return InvalidMeld(f"{what}: a lay-off must keep the {self._describe()} (TURN-2)", ("TURN-2",))
        if wild is not None and code in ("run-wilds", "set-wilds"):
            base = _explain(list(self._slots) + new, res, what)
            return InvalidMeld(f"{base} (a wild never leaves its meld: WILD-4)", base.rules + ("WILD-4",))
        return _explain(list(self._slots) + new, res, what)

    # -- text -----------------------------------------------------------------------------
    def notation(self, *, pretty: bool = False) -> str:
        """The layout with each wild's stand-in: ``'5C 6C 2C(=7C) 8C'``; a set's wild ``JK(=7)``."""
        parts = []
        for i, c in enumerate(self._slots):
            t = c.pretty if pretty else str(c)
            if i == self._wild_index:
                if self.kind == "run":
                    s = _pos_card(self._start + i, self._suit)
                    t += f"(={s.pretty if pretty else s})"
                else:
                    t += f"(={Rank(self._rank).char})"
            parts.append(t)
        return " ".join(parts)

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        rules = "" if self.rules is FIBUR else f", rules={self.rules.name!r}"
        return f"Meld.parse({self.notation()!r}{rules})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Meld):
            return NotImplemented
        return (self.kind == other.kind and self._slots == other._slots and self._start == other._start
                and self._wild_index == other._wild_index and self.rules == other.rules)

    def __hash__(self) -> int:
        return hash((self.kind, self._slots, self._start, self._wild_index))

    def _repr_html_(self) -> str:  # pragma: no cover - the renderer's tests cover it
        from .render import meld_html

        return meld_html(self)
