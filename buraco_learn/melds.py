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

When the cards may lie several ways, the default layout is the one worth most at the count
(WILD-6), and any other legal one can be named:

>>> Meld.from_cards("AC JK 3C 4C 5C 6C 7C 8C 9C TC JC QC KC")
Meld.parse('JK(=2C) 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC')
>>> [m.burraco for m in Meld.layouts("AC JK 3C 4C 5C 6C 7C 8C 9C TC JC QC KC")]
['semi-clean', 'dirty']
"""

from __future__ import annotations

from functools import cache

from collections import Counter
from collections.abc import Iterable, Sequence
from operator import attrgetter, itemgetter
from typing import Any, Literal

from .cards import _BY_INDEX, _RANK_CHARS, _TEXT, JOKER, MAX_CARDS, Card, Rank, Suit, excerpt, format_cards, parse_cards
from .errors import InvalidMeld, NotationError
from .i18n import get_language, language, tr, trc, trn
from .memo import _RANK_WORDS_IN
from .rules import FIBUR, Rules, get_rules

__all__ = ["Meld", "Placement", "MeldKind", "BurracoKind", "is_valid_meld", "meld_error", "burraco_bonus"]

MeldKind = Literal["set", "run"]
BurracoKind = Literal["clean", "semi-clean", "dirty"]

_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_RANK_WORD = {1: "ace", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
              11: "jack", 12: "queen", 13: "king", 14: "ace"}


@cache
def _refusal_words(lang: str) -> tuple[dict[int, str], dict[int, str], tuple[str, ...]]:
    """The words of a refusal for ranks (one, many) and suits in ``lang`` (the engine's own values
    stay English)."""
    with language(lang):
        one = {1: trc("rank", "ace"), 11: trc("rank", "jack"), 12: trc("rank", "queen"), 13: trc("rank", "king"),
               14: trc("rank", "ace")}
        many = {1: trc("rank, plural", "aces"), 2: trc("rank, plural", "2s"), 3: trc("rank, plural", "3s"),
                4: trc("rank, plural", "4s"), 5: trc("rank, plural", "5s"), 6: trc("rank, plural", "6s"),
                7: trc("rank, plural", "7s"), 8: trc("rank, plural", "8s"), 9: trc("rank, plural", "9s"),
                10: trc("rank, plural", "10s"), 11: trc("rank, plural", "jacks"), 12: trc("rank, plural", "queens"),
                13: trc("rank, plural", "kings"), 14: trc("rank, plural", "aces")}
        suits = (trc("suit, plural", "spades"), trc("suit, plural", "hearts"), trc("suit, plural", "diamonds"),
                 trc("suit, plural", "clubs"))
    return one, many, suits


def _rank_word(rank: int) -> str:
    """A rank as a refusal names it: ``ace``, ``7``, ``king`` (in the chosen language)."""
    return _refusal_words(get_language())[0].get(rank) or _RANK_WORD[rank]


def _ranks_word(rank: int) -> str:
    """A rank in the plural, as in "here two kings" (in the chosen language)."""
    return _refusal_words(get_language())[1][rank]


def _suit_words(suit: int) -> str:
    """A suit in the plural, as in "a run of hearts" (in the chosen language)."""
    return _refusal_words(get_language())[2][suit]


def _wild_name(wild: Card | None) -> str:
    """``the joker`` or ``the pinella 2C``, as a refusal names the wild of a meld."""
    return tr("the joker") if wild is JOKER else tr("the pinella {card}", card=wild)


def _pos_card(pos: int, suit: int) -> Card:
    """The natural card at run position ``pos`` (1..14; 14 is the high ace) of ``suit``."""
    return _BY_INDEX[suit * 13 + (0 if pos == 14 else pos - 1)]  # Card.index: suit * 13 + rank - 1


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


def _analyse(cards: Sequence[Card], wild_high: bool | None = None, rules: Rules = FIBUR) -> _Result:
    """The default layout of ``cards`` under ``rules`` (WILD-6), or an error tuple.

    ``wild_high`` keeps only the layouts whose wild is free at that end (WILD-1); a layout
    without a wild always qualifies.
    """
    if wild_high is None:
        quick = _quick_run(cards, rules)
        if quick is not None:
            return quick
    return _analyse_full(cards, wild_high, rules)


def _analyse_full(cards: Sequence[Card], wild_high: bool | None, rules: Rules) -> _Result:
    """:func:`_analyse` by listing every layout (no shortcut)."""
    res = _analyse_all(cards, rules)
    if res[0] != "runs":
        return res
    return _choose(res[1], res[2], wild_high, rules, None)


def _analyse_all(cards: Sequence[Card], rules: Rules, fresh: bool = True) -> _Result:
    """A set's analysis, an error, or ``("runs", layouts, several_options)``: every legal layout.

    ``fresh``: the layouts a new meld may take (under ``rules.natural_two_optional=False`` a 2 of
    the suit is natural whenever it can be); ``False``: every layout a run may come to hold
    (after lay-offs a 2 of the suit may stay a wild where it could be natural, WILD-5).
    """
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
        if n > 4 * rules.copies + 1:  # SET-3: the rank's naturals (EQ-1, P5-1) and one wild
            return ("error", "set-size")
        if n_wild:
            naturals = [c for c in cards if c.r != 0 and c.r != 2]
            wild = next(c for c in cards if c.r == 0 or c.r == 2)
        else:
            naturals = list(cards)
            wild = None
        naturals.sort(key=_INDEX)  # one rank: by suit (S H D C), as _SET_ORDER
        copies = rules.copies
        for i in range(copies, n_nat):
            if naturals[i] is naturals[i - copies]:
                return ("error", "copies")  # a copy more than the packs hold (cards are interned)
        return ("set", nat_rank, tuple(naturals), wild)
    if n_nat == 0:
        return ("error", "no-naturals")
    if not one_suit:
        return ("error", "suits")
    # A run of suit nat_suit.
    if n > 14:
        return ("error", "run-size")
    return _run_layouts(cards, nat_suit, rules, fresh)


def _run_layouts(cards: Sequence[Card], suit: int, rules: Rules, fresh: bool = True) -> _Result:
    """Every legal layout of a run of ``suit`` (RUN-1..6, WILD-1, WILD-6), or the error to report.

    The choices are: which 2 of the suit, if any, stands natural in the 2 position (RUN-5; unless
    ``rules.natural_two_optional``, it does whenever it can), the ace low or high (RUN-2), and a
    free wild's end (WILD-1). A wild never stands for its own card's natural place.
    """
    by_pos: dict[int, Card] = {}
    ace: Card | None = None
    own_twos: list[Card] = []
    others: list[Card] = []
    early: _Result | None = None
    for c in cards:
        r = c.r
        if r == 0:
            others.append(c)
        elif r == 2:
            if c.s == suit:
                own_twos.append(c)
            else:
                others.append(c)
        elif r == 1:
            if ace is not None:
                if early is None:
                    early = ("error", "two-aces")
            else:
                ace = c
        elif r in by_pos:
            if early is None:
                early = ("error", "repeat", r)
        else:
            by_pos[r] = c
    total_wild = len(own_twos) + len(others)
    layouts: list[_Result] = []
    errors: list[_Result] = []
    natural_found = False
    options = 0
    for nat2 in ((1, 0) if own_twos else (0,)):
        if nat2 == 0 and natural_found and fresh and not rules.natural_two_optional:
            break  # RUN-5: the 2 of the suit is natural whenever it can be.
        w = total_wild - nat2
        if w > 1:
            errors.append(("error", "run-wilds"))
            continue
        if early is not None:
            errors.append(early)
            continue
        wild = (others[0] if others else own_twos[nat2]) if w else None
        own_wild = wild is not None and wild.r == 2 and wild.s == suit
        found = False
        for ace_pos in ((0,) if ace is None else (1, 14)):
            here = False
            lo = 15
            hi = 0
            count = len(by_pos) + nat2 + (1 if ace_pos else 0)
            for p in by_pos:
                if p < lo:
                    lo = p
                if p > hi:
                    hi = p
            if nat2:
                lo = min(lo, 2)
                hi = max(hi, 2)
            if ace_pos:
                lo = min(lo, ace_pos)
                hi = max(hi, ace_pos)
            gaps = hi - lo + 1 - count
            if gaps > w:
                continue
            if gaps == 1:
                wild_spots = [next(p for p in range(lo + 1, hi) if p not in by_pos and p != ace_pos
                                   and not (nat2 and p == 2))]
            elif w:
                wild_spots = [p for p in (lo - 1, hi + 1) if 1 <= p <= 14]
            else:
                wild_spots = [0]
            for wp in wild_spots:
                if wp == 2 and own_wild:
                    continue  # a 2 of the suit in the 2 position is natural: that is the nat2 layout
                start = min(lo, wp) if wp else lo
                end = max(hi, wp)
                slots = []
                wild_index = -1
                for p in range(start, end + 1):
                    if p == wp:
                        wild_index = p - start
                        slots.append(wild)
                    elif p == ace_pos:
                        slots.append(ace)
                    elif p == 2 and nat2:
                        slots.append(own_twos[0])
                    else:
                        slots.append(by_pos[p])
                layouts.append(("run", suit, start, tuple(slots), wild_index))
                here = True
            if here:
                found = True
                options += 1
        if found:
            natural_found = natural_found or nat2 == 1
        else:
            if w <= 1 and early is None:
                errors.append(("error", "gap"))
    if layouts:
        return ("runs", layouts, options > 1)
    if len(errors) > 1 and errors[-1][1] == "run-wilds":
        return errors[0]
    return errors[-1]


def _layout_value(res: _Result, rules: Rules) -> int:
    """What a run layout is worth at the count: card points and burraco bonus (WILD-6)."""
    _, _, start, slots, wild_index = res
    return _run_points(start, slots, wild_index, rules) + burraco_bonus(
        _burraco_kind("run", len(slots), wild_index, rules), rules)


#: A card's points in a hand (EQ-2), by card index.
_PTS: tuple[int, ...] = tuple(c.points for c in _BY_INDEX)
#: The card points of the natural card at each run position 1 to 14 (the ace at 1 and 14, the 2 at
#: 2; 0 at 0), and their sums from position 1 up to each position.
_POS_PTS: tuple[int, ...] = (0, *(_PTS[_pos_card(p, 0).index] for p in range(1, 15)))
_UPTO_PTS: tuple[int, ...] = tuple(sum(_POS_PTS[:p + 1]) for p in range(15))
#: A natural card's suit symbol, by ``Card.s``.
_SUIT_SYMBOL = ("♠", "♥", "♦", "♣")


def _run_points(start: int, slots: Sequence[Card], wild_index: int, rules: Rules) -> int:
    """Card points of a run layout: a natural low ace and a natural 2 count as the preset says."""
    pts = _PTS
    total = 0
    for c in slots:
        total += pts[c.index]
    if start <= 2:
        if start == 1 and wild_index != 0:
            total += rules.low_ace_meld_points - pts[slots[0].index]
        i = 2 - start
        if i < len(slots) and i != wild_index:
            total += rules.natural_two_meld_points - pts[slots[i].index]
    return total


def _quick_run(cards: Sequence[Card], rules: Rules) -> _Result | None:
    """The analysis of the common cases, or ``None`` to list the layouts.

    Two naturals of one rank first go to :func:`_quick_other` (a set, or a refusal). Otherwise a
    run is read in one pass; at the first card that is no part of a one-suit run without a
    repeated rank, the cards are the ``suits`` error (a second suit when two ranks are seen) or
    :func:`_quick_other` takes over. Answered here: too many wilds for a run, and a plain run: at
    most one wild besides a 2 of the suit, and a 2 of the suit only under a preset where it is
    natural whenever it can be (RUN-5). Such a run has one layout, or a free wild whose two ends
    are worth the same (WILD-6), so the wild lies low (WILD-1), or an ace that may lie low or high
    (:func:`_place` weighs the two as :func:`_choose` does): what :func:`_analyse` chooses; or no
    layout at all (the ``gap`` error). Errors are those :func:`_analyse_all` reports.
    """
    n = len(cards)
    if n < 3 or n > 14:
        return None
    r = cards[0].r
    if r == cards[1].r and r != 0 and r != 2:  # two naturals of one rank first: most likely a set
        return _quick_other(cards)
    at: list[Card | None] = [None] * 15
    suit = -1
    joker: Card | None = None
    n_jokers = 0
    twos: list[Card] | None = None
    ace: Card | None = None
    lo = 15
    hi = 0
    for c in cards:
        r = c.r
        if r > 2:
            if suit != c.s:
                if suit != -1:
                    # Two suits: with two ranks among the naturals too, neither a set nor a run.
                    if hi == 0 or lo != hi or ace is not None or r != hi:
                        return _SUITS_ERR
                    return _quick_other(cards)
                suit = c.s
            if at[r] is not None:
                return _quick_other(cards)
            at[r] = c
            if r < lo:
                lo = r
            if r > hi:
                hi = r
        elif r == 2:
            if twos is None:
                twos = [c]
            else:
                twos.append(c)
        elif r == 0:
            n_jokers += 1
            joker = c
        else:  # an ace
            if suit != c.s:
                if suit != -1:
                    return _SUITS_ERR if hi else _quick_other(cards)
                suit = c.s
            if ace is not None:
                return _quick_other(cards)
            ace = c
    # One suit, no rank twice: no set (two naturals at least would share a rank), so a run.
    own: list[Card] | None = None
    wild = joker
    n_wild = n_jokers
    if twos is not None:
        n_wild += len(twos)
        for c in twos:
            if c.s == suit:
                if own is None:
                    own = [c]
                else:
                    own.append(c)
            else:
                wild = c
    if n_wild == n:
        return None
    if n_wild - (own is not None) > 1:
        return _RUN_WILDS
    if hi == 0:
        return None
    count = n - n_wild - (ace is not None)
    if own is None:
        if ace is None:  # the common run: no ace, no 2 of the suit (_place's first case)
            gaps = hi - lo + 1 - count
            if wild is None:
                return ("run", suit, lo, tuple(at[lo:hi + 1]), -1) if gaps == 0 else _GAP
            if gaps == 0:  # a free wild: low (its two ends are worth the same, WILD-1, WILD-6), as _lay
                return ("run", suit, lo - 1, (wild, *at[lo:hi + 1]), 0)
            return _lay(at, lo, hi, gaps, suit, wild, False) if gaps == 1 else _GAP
        res = _place(at, lo, hi, count, suit, ace, None, wild, False, rules)
        return _GAP if res is _NO_RUN else res
    if rules.natural_two_optional or len(own) > 2 or (len(own) == 2 and wild is not None):
        return None
    # RUN-5: the 2 of the suit natural in the 2 position when some layout allows it (then only
    # such layouts are chosen from), else it is the wild; no layout either way is a gap (with a
    # second wild besides, the 2 as a wild is run-wilds, and _run_layouts then reports the gap).
    res = _place(at, lo, hi, count, suit, ace, own[0], own[1] if len(own) == 2 else wild, False, rules)
    if res is not _NO_RUN:
        return res
    if len(own) == 2 or wild is not None:
        return _GAP
    at[2] = None
    res = _place(at, lo, hi, count, suit, ace, None, own[0], True, rules)
    return _GAP if res is _NO_RUN else res


_SET_WILDS: _Result = ("error", "set-wilds")
_SET_SIZE: _Result = ("error", "set-size")
_SUITS_ERR: _Result = ("error", "suits")
_RUN_WILDS: _Result = ("error", "run-wilds")
_GAP: _Result = ("error", "gap")
#: :func:`_place`: the cards make no run at all (as opposed to ``None``, a choice to weigh).
_NO_RUN: _Result = ("error", "no-run")


def _quick_other(cards: Sequence[Card]) -> _Result | None:
    """Cards whose naturals hold two suits or a rank twice (3 to 14 of them): a set's analysis
    (its naturals in suit order, then its wild) or its error (SET-1..3, EQ-1), the ``suits``
    error, or a run's refusal (too many wilds, a rank twice)."""
    wild: Card | None = None
    n_wild = 0
    naturals: list[Card] = []
    rank = -1
    same_rank = True
    for c in cards:
        r = c.r
        if r == 0 or r == 2:
            n_wild += 1
            if wild is None:
                wild = c
            continue
        naturals.append(c)
        if rank != r:
            if rank != -1:
                same_rank = False
            rank = r
    if same_rank:  # two naturals or more: the caller saw a second one
        if n_wild > 1:
            return _SET_WILDS
        if len(cards) > 9:
            return None  # SET-3: the limit is the rules' (P5-1), which _analyse_all reads
        naturals.sort(key=_INDEX)  # one rank: by suit (S H D C), as _SET_ORDER
        for i in range(2, len(naturals)):
            if naturals[i] is naturals[i - 2]:
                return None  # a third copy: EQ-1's limit is the rules' (P5-1), which _analyse_all reads
        return ("set", rank, tuple(naturals), wild)
    suit = naturals[0].s
    for c in naturals:
        if c.s != suit:
            return _SUITS_ERR
    # One suit and a rank twice: what _run_layouts reports, too many wilds (a 2 of the suit may be
    # its natural 2) before the first rank seen twice.
    if n_wild - any(c.r == 2 and c.s == suit for c in cards) > 1:
        return _RUN_WILDS
    seen = 0
    for c in naturals:
        bit = 1 << c.r
        if seen & bit:
            return ("error", "two-aces") if c.r == 1 else ("error", "repeat", c.r)
        seen |= bit
    return None  # pragma: no cover - the caller saw a rank twice


def _place(at: list[Card | None], lo: int, hi: int, count: int, suit: int, ace: Card | None,
           two: Card | None, wild: Card | None, own_wild: bool, rules: Rules) -> _Result | None:
    """The default layout of a run's naturals ``at[lo..hi]`` (``count`` of them, ranks 3 to K),
    its ace, a natural 2 of the suit ``two`` and one ``wild`` (a free wild lies low when it can:
    its two ends are worth the same, WILD-1, WILD-6; an ace that may lie low or high lies where
    the run is worth more, WILD-6). ``_NO_RUN`` when the naturals leave more gaps than there are
    wilds (whichever way the ace lies), ``None`` when the analysis must decide. ``at`` is left
    as it was, but for ``at[2] = two``."""
    w = 0 if wild is None else 1
    if two is not None:
        lo = 2
        count += 1
        at[2] = two
    if ace is None:
        gaps = hi - lo + 1 - count
        if gaps > w:
            return _NO_RUN
        if wild is None:
            return ("run", suit, lo, tuple(at[lo:hi + 1]), -1)
        return _lay(at, lo, hi, gaps, suit, wild, own_wild)
    count += 1
    low_gaps = hi - count  # the ace at 1: hi positions
    high_gaps = 14 - lo + 1 - count  # the ace at 14
    if low_gaps <= w:
        at[1] = ace
        low = _lay(at, 1, hi, low_gaps, suit, wild, own_wild)
        at[1] = None
        if high_gaps > w:
            return low
        at[14] = ace
        high = _lay(at, lo, 14, high_gaps, suit, wild, own_wild)
        at[14] = None
        if low is None or high is None:
            return None
        # The ace low or high: the layout worth more (WILD-6), as _choose weighs them; low on a tie.
        return high if _key(high, True, rules, None) > _key(low, True, rules, None) else low
    if high_gaps <= w:
        at[14] = ace
        res = _lay(at, lo, 14, high_gaps, suit, wild, own_wild)
        at[14] = None
        return res
    return _NO_RUN


def _lay(at: list[Card | None], lo: int, hi: int, gaps: int, suit: int, wild: Card | None,
         own_wild: bool) -> _Result | None:
    """The layout of the run ``at[lo..hi]`` missing ``gaps`` positions (at most one, and only with
    a ``wild``): the wild in the gap, else at the low end if it can stand there, else the high
    end; ``None`` when it can stand nowhere (a 2 of the suit, ``own_wild``, never stands for its
    own natural place)."""
    if wild is None:
        return ("run", suit, lo, tuple(at[lo:hi + 1]), -1)
    if gaps == 1:
        for p in range(lo + 1, hi):
            if at[p] is None:
                if p == 2 and own_wild:
                    return None
                at[p] = wild
                res = ("run", suit, lo, tuple(at[lo:hi + 1]), p - lo)
                at[p] = None
                return res
        return None  # pragma: no cover - one position is free
    if lo > 1 and not (lo == 3 and own_wild):
        return ("run", suit, lo - 1, (wild, *at[lo:hi + 1]), 0)
    if hi < 14:
        return ("run", suit, lo, (*at[lo:hi + 1], wild), hi + 1 - lo)
    return None


def _burraco_kind(kind: str, n: int, wild_index: int, rules: Rules) -> BurracoKind | None:
    if n < 7:
        return None
    if wild_index < 0:
        return "clean"
    if rules.semi_clean_bonus is not None:
        if kind == "set":
            if n == 8:
                return "semi-clean"
        elif (wild_index == 0 or wild_index == n - 1) and n - 1 >= 7:
            return "semi-clean"
    return "dirty"


#: Preferences among layouts worth the same (WILD-6): a free wild's end, or none (the low end).
_Prefer = Literal["low", "high"] | None


def _choose(layouts: list[_Result], several: bool, wild_high: bool | None, rules: Rules,
            prefer: _Prefer) -> _Result:
    """The layout worth most (WILD-6); on a tie the ``prefer`` end, then the lowest (WILD-1).

    ``several``: the layouts differ in more than a free wild's end (so their values may differ).
    """
    if wild_high is not None:
        kept = [L for L in layouts if L[4] < 0 or L[4] == (len(L[3]) - 1 if wild_high else 0)]
        if not kept:
            if all(0 < L[4] < len(L[3]) - 1 for L in layouts):
                L = layouts[0]
                return ("error", "wild-bound", L[2] + L[4])
            return ("error", "wild-end-high" if wild_high else "wild-end-low")
        layouts = kept
    if len(layouts) == 1:
        return layouts[0]
    best = layouts[0]
    best_key = _key(best, several, rules, prefer)
    for L in layouts[1:]:
        k = _key(L, several, rules, prefer)
        if k > best_key:
            best, best_key = L, k
    return best


def _key(L: _Result, several: bool, rules: Rules, prefer: _Prefer) -> tuple[int, int, int, int]:
    value = _layout_value(L, rules) if several else 0
    wi = L[4]
    if prefer == "high":
        end = 1 if wi >= 0 and wi == len(L[3]) - 1 else 0
    elif prefer == "low":
        end = 1 if wi == 0 else 0
    else:
        end = 0
    return (value, end, -L[2], -wi)


def _set_order(c: Card) -> int:
    return c.s


_SET_ORDER = _set_order
_INDEX = attrgetter("index")
_COUNT = itemgetter(1)


#: The words of the ranks ace to 7 (bits 1 to 7 of a mask, shifted down by one) and 8 to king
#: (bits 8 to 13, shifted down by 8) in a refusal, by mask.
_LOW_RANK_WORDS: tuple[str, ...] = tuple(", ".join([_RANK_WORD[r] for r in range(1, 8) if m >> (r - 1) & 1])
                                         for m in range(128))
_HIGH_RANK_WORDS: tuple[str, ...] = tuple(", ".join([_RANK_WORD[r] for r in range(8, 14) if m >> (r - 8) & 1])
                                          for m in range(64))
#: The suits of a refusal as their symbols (``♠, ♦``: the same in every language, never the
#: notation's English letters), in the suits' order, by the bit mask of the suits.
_SUIT_WORDS: tuple[str, ...] = tuple(", ".join(_SUIT_SYMBOL[s] for s in range(4) if m >> s & 1)
                                     for m in range(16))


#: Each card's bits for a refusal's sentence: bit r for its rank r (0 for a joker), and bit 16 + s
#: for a natural (not a 2, not a joker) of suit s.
_CARD_BITS: dict[Card, int] = {c: (1 << c.r) | (0 if c.r == 0 or c.r == 2 else 1 << (16 + c.s)) for c in _BY_INDEX}
#: The bits of the natural ranks (ace, 3 to king).
_NATURAL_RANKS = 0x3FFA


def _quoted(cards: Sequence[Card]) -> str:
    """The cards of a refusal in notation; more than a meld could hold (14) only by their start."""
    text = " ".join(map(_TEXT_OF, cards))
    return text if len(cards) <= 30 else excerpt(text)


def _explain(cards: Sequence[Card], res: _Result, what: str | None = None, copies: int = 2) -> InvalidMeld:
    """Turn an analysis failure into an :class:`InvalidMeld` with a sentence and rule IDs
    (``copies``: of each card, as the rules read EQ-1: three with five players, P5-1)."""
    code = res[1]
    if code == "suits":  # the most common refusal
        bits = 0
        for c in cards:
            bits |= _CARD_BITS[c]
        ranks = bits & _NATURAL_RANKS  # bit r: a natural of rank r
        suits = bits >> 16  # bit s: a natural of suit s
        text = what if what is not None else _quoted(cards)
        lang = get_language()
        if lang == "en":  # the most common refusal: the English sentence without the catalog (the same text)
            low_words = _LOW_RANK_WORDS[ranks >> 1 & 127]
            high_words = _HIGH_RANK_WORDS[ranks >> 8]
            words = f"{low_words}, {high_words}" if low_words and high_words else low_words or high_words
            return InvalidMeld(f"{text}: not a set, whose cards share one rank (SET-1; here {words}), nor a run, "
                               f"whose cards share one suit (RUN-1; here {_SUIT_WORDS[suits]})", ("SET-1", "RUN-1"))
        else:  # the rank words in the language, remembered by language and mask
            words = _RANK_WORDS_IN.get((lang, ranks), "")
            if not words:
                words = _RANK_WORDS_IN[(lang, ranks)] = ", ".join(
                    [_rank_word(r) for r in range(1, 14) if ranks >> r & 1])
        return InvalidMeld(tr("{cards}: not a set, whose cards share one rank (SET-1; here {ranks}), nor a run, whose "
                              "cards share one suit (RUN-1; here {suits})", cards=text, ranks=words,
                              suits=_SUIT_WORDS[suits]), ("SET-1", "RUN-1"))
    if code == "gap":
        rules: tuple[str, ...] = ("RUN-1",)
        extra = ""
        bits = 0
        for c in cards:
            bits |= _CARD_BITS[c]
        n_w = bits & 0b101  # a wild: a joker (rank 0) or a 2
        text = what if what is not None else _quoted(cards)
        if bits & 0b10 and bits & (1 << 13) and bits & 0b1100:  # an ace, a king, and a 2 or a 3
            rules = ("RUN-2", "RUN-1")
            extra = tr("; the ace is low (A-2-3) or high (Q-K-A), never both, so K-A-2 does not wrap (RUN-2)")
        if get_language() == "en" and not extra:  # the second most common: as the catalog's English says it
            if n_w == 0:
                return InvalidMeld(f"{text}: the cards are not consecutive: a run has no gap (RUN-1) and there is no "
                                   "wild to fill it", rules)
            return InvalidMeld(f"{text}: the cards are not consecutive: a run has no gap (RUN-1) and a run's one wild "
                               "fills only one missing card (RUN-4)", rules + ("RUN-4",))
        if n_w == 0:
            fill = tr("and there is no wild to fill it")
        else:
            fill = tr("and a run's one wild fills only one missing card (RUN-4)")
            rules = rules + ("RUN-4",)
        return InvalidMeld(tr("{cards}: the cards are not consecutive: a run has no gap (RUN-1) {fill}", cards=text,
                              fill=fill) + extra, rules)
    text = what if what is not None else _quoted(cards)
    if code == "set-wilds":
        names = [_TEXT[c.index] for c in cards if c.r == 0 or c.r == 2]
        if get_language() == "en":  # common: the catalog's English without the catalog
            return InvalidMeld(f"{text}: a set may hold only one wild (SET-2); here {' and '.join(names)} would "
                               f"{'both' if len(names) == 2 else 'all'} be wild", ("SET-2",))
        wilds = tr(" and ").join(names)
        return InvalidMeld(tr("{cards}: a set may hold only one wild (SET-2); here {wilds} would both be wild", cards=text,
                              wilds=wilds) if len(names) == 2 else
                           tr("{cards}: a set may hold only one wild (SET-2); here {wilds} would all be wild", cards=text,
                              wilds=wilds), ("SET-2",))
    if code == "run-wilds":
        suit = -1
        n_nat = 0
        for c in cards:
            if c.r != 0 and c.r != 2:
                if suit == -1:
                    suit = c.s
                n_nat += 1
        names = []
        own = []
        for c in cards:  # jokers and 2s of other suits, then the run's 2s but one (RUN-5)
            r = c.r
            if r == 0 or (r == 2 and c.s != suit):
                names.append(_TEXT[c.index])
            elif r == 2:
                own.append(_TEXT[c.index])
        names += own[1:]
        if get_language() == "en" and n_nat != 1:  # common: the catalog's English without the catalog
            return InvalidMeld(f"{text}: a run may hold only one wild (RUN-4); here {' and '.join(names)} would "
                               f"{'both' if len(names) == 2 else 'all'} be wild", ("RUN-4",))
        wilds = tr(" and ").join(names)
        if n_nat == 1:
            return InvalidMeld(tr("{cards}: {wilds} would both be wild: a run may hold only one wild (RUN-4) and a set "
                                  "needs two natural cards (SET-2)", cards=text, wilds=wilds) if len(names) == 2 else
                               tr("{cards}: {wilds} would all be wild: a run may hold only one wild (RUN-4) and a set "
                                  "needs two natural cards (SET-2)", cards=text, wilds=wilds), ("RUN-4", "SET-2"))
        return InvalidMeld(tr("{cards}: a run may hold only one wild (RUN-4); here {wilds} would both be wild",
                              cards=text, wilds=wilds) if len(names) == 2 else
                           tr("{cards}: a run may hold only one wild (RUN-4); here {wilds} would all be wild",
                              cards=text, wilds=wilds), ("RUN-4",))
    if code == "repeat":
        return InvalidMeld(tr("{cards}: a run may not hold the same rank twice (RUN-1); here two {ranks}", cards=text,
                              ranks=_ranks_word(res[2])), ("RUN-1",))
    if code == "size":
        return InvalidMeld(trn("{cards}: a meld needs at least 3 cards (SET-1, RUN-1); here there is {n}",
                               "{cards}: a meld needs at least 3 cards (SET-1, RUN-1); here there are {n}", len(cards),
                               cards=text), ("SET-1", "RUN-1"))
    if code == "copies":
        counts: dict[Card, int] = {}
        for c in cards:
            if c.r != 0 and c.r != 2:
                counts[c] = counts.get(c, 0) + 1
        card, k = max(counts.items(), key=_COUNT)  # the first card seen of those seen most
        if copies == 3:
            return InvalidMeld(tr("{cards}: {card} appears {k} times, but only 3 copies of each card exist in the "
                                  "three packs of five players (EQ-1, P5-1)", cards=text, card=card, k=k),
                               ("EQ-1", "P5-1"))
        return InvalidMeld(tr("{cards}: {card} appears {k} times, but only 2 copies of each card exist (EQ-1)",
                              cards=text, card=card, k=k), ("EQ-1",))
    if code == "set-size" and copies == 3:
        return InvalidMeld(tr("{cards}: a set holds at most 13 cards, 12 naturals and one wild, with the three packs "
                              "of five players (SET-3, P5-1); here there are {n}", cards=text, n=len(cards)),
                           ("SET-3", "P5-1"))
    if code == "set-size":
        return InvalidMeld(tr("{cards}: a set holds at most 9 cards, 8 naturals and one wild (SET-3); here there are "
                              "{n}", cards=text, n=len(cards)), ("SET-3",))
    if code == "no-naturals":
        if all(c.r == 2 for c in cards):
            return InvalidMeld(tr("{cards}: a 2 in a set is always wild, so a set of 2s does not exist (SET-2), and a "
                                  "run may hold only one wild (RUN-4)", cards=text), ("SET-2", "RUN-4"))
        return InvalidMeld(tr("{cards}: a meld needs natural cards: a set at least two (SET-2), and a run may hold "
                              "only one wild (RUN-4)", cards=text), ("SET-2", "RUN-4"))
    if code == "run-size":
        return InvalidMeld(tr("{cards}: a run holds at most 14 cards, the 13 ranks and one wild (RUN-3)", cards=text),
                           ("RUN-3",))
    if code == "two-aces":
        return InvalidMeld(tr("{cards}: a run holds at most one ace, low (A-2-3) or high (Q-K-A), never both (RUN-2)",
                              cards=text), ("RUN-2",))
    if code == "wild-bound":
        pos = res[2]
        return InvalidMeld(tr("{cards}: the wild is bound between two naturals, standing for the {rank}; only a free "
                              "wild (at an end) may be placed low or high (WILD-1)", cards=text, rank=_rank_word(pos)),
                           ("WILD-1",))
    if code in ("wild-end-high", "wild-end-low"):
        return InvalidMeld(tr("{cards}: the wild cannot stand at the high end: there is no rank above the ace (WILD-1, "
                              "RUN-2)", cards=text) if code == "wild-end-high" else
                           tr("{cards}: the wild cannot stand at the low end: there is no rank below the ace (WILD-1, "
                              "RUN-2)", cards=text), ("WILD-1", "RUN-2"))
    return InvalidMeld(f"{text}: not a legal meld ({code})")  # pragma: no cover


_RANK_OF_TEXT: dict[str, Rank] = {**{Rank(v).char: Rank(v) for v in range(1, 14)}, "10": Rank.TEN}


def _why_not(notes: Sequence[tuple[Card, Card | None, Rank | None]], layouts: Sequence[_Result],
             rules: Rules) -> str:
    """Why no legal layout of a run fits the written annotations (for :meth:`Meld.parse`)."""
    if len(notes) > 1:
        return tr("{n} cards are annotated as wilds, but a run holds only one wild (RUN-4)", n=len(notes))
    card, wanted, _ = notes[0]
    places = [_pos_card(L[2] + L[4], L[1]) for L in layouts if L[4] >= 0 and L[3][L[4]] == card]
    choices = list(dict.fromkeys(places))
    if not choices:
        default = _choose(list(layouts), True, None, rules, None)
        if card.r == 2 and card.s == layouts[0][1]:
            why = (tr("{card} is a 2 of the run's suit and stands natural in its 2 position here (RUN-5)", card=card)
                   if rules.natural_two_optional else
                   tr("{card} is a 2 of the run's suit and stands natural in its 2 position here (RUN-5: under {rules} "
                      "it is natural whenever it can be)", card=card, rules=rules.name))
        else:
            why = tr("{card} is not the wild of this run", card=card)
        return tr("{why}; the layout is {layout}", why=why, layout=_notation_of(default))
    return tr("the wild {card} cannot stand for {wanted}; in this meld it stands for {choices}", card=card,
              wanted=wanted, choices=tr(" or ").join(map(str, choices)))


def _notation_of(res: _Result) -> str:
    _, suit, start, slots, wild_index = res
    return " ".join(f"{c}(={_pos_card(start + i, suit)})" if i == wild_index else str(c)
                    for i, c in enumerate(slots))


def as_cards(cards: Iterable[Card] | str | Card) -> list[Card]:
    """One card, cards in notation, or an iterable of cards, as a list of cards.

    >>> as_cards("5H 6H"), as_cards(JOKER)
    ([Card.parse('5H'), Card.parse('6H')], [Card.parse('JK')])
    """
    if isinstance(cards, Card):
        return [cards]
    return _card_list(cards)  # text, or an iterable of cards; anything else is a NotationError


def _card_list(cards: object) -> list[Card]:
    """:func:`~buraco_learn.cards.parse_cards`, with a fast path for what the engine passes itself:
    a list or tuple of cards (checked card by card, so anything else still gets its error)."""
    seq: Any = cards
    cls = seq.__class__
    if (cls is tuple or cls is list) and len(seq) <= MAX_CARDS:
        try:
            if _ALL_CARDS.issuperset(seq):  # every item one of the 53 (interned) cards
                out: list[Card] = list(seq)
                return out
        except TypeError:  # an unhashable item: parse_cards explains
            pass
    return parse_cards(seq)


#: The 53 cards; each exists once, so an item is a card exactly when it is one of these.
_ALL_CARDS: frozenset[Card] = frozenset(_BY_INDEX)
#: A card's notation, by card (``" ".join(map(_TEXT_OF, cards))``).
_TEXT_OF = {c: _TEXT[c.index] for c in _BY_INDEX}.__getitem__


def _meld_from_text(text: str, rules: Rules) -> Meld:
    return Meld.parse(text, rules=rules)


def is_valid_meld(cards: Sequence[Card] | str, rules: Rules | str | None = None) -> bool:
    """Whether the cards form a legal set or run, in some layout (no exception); ``rules``: those
    of a five-player game allow three copies of a card (EQ-1, SET-3, P5-1).

    >>> is_valid_meld("AH 2H 3H"), is_valid_meld("KH AH 2H 3H"), is_valid_meld("5S 5S 5S")
    (True, False, False)
    >>> from buraco_learn.rules import FIBUR
    >>> is_valid_meld("5S 5S 5S", rules=FIBUR.for_players(5))
    True
    """
    seq: Any = cards
    copies = 2 if rules is None else get_rules(rules).copies
    cls = seq.__class__
    if cls is not tuple and cls is not list:
        return _valid(_card_list(seq), copies)
    for c in seq:
        if c.__class__ is not Card:
            return _valid(_card_list(seq), copies)
    return _valid(seq, copies)


def _valid(cards: Sequence[Card], copies: int = 2) -> bool:
    """Whether some legal layout of ``cards`` exists: the verdict of :func:`_analyse_all`
    (under any preset: the rules only choose among layouts), without listing the layouts.

    A run is a window over the run's rank bits: the span of the natural positions (a 2 of the
    suit possibly natural in the 2 position, the ace low or high) may miss as many positions as
    there are wilds left, at most one (RUN-1, RUN-2, RUN-4, RUN-5).
    """
    n = len(cards)
    if n < 3 or n > 14:  # a set holds at most 9 cards (SET-3), a run 14 (RUN-3)
        return False
    ranks = 0  # bit r: a natural of rank r (1..13)
    suits = 0  # bit s: a natural of suit s
    repeat = False
    jokers = 0
    twos = 0  # 4 bits a suit: how many 2s of that suit
    n_two = 0
    for c in cards:
        r = c.r
        if r == 2:
            twos += 1 << (c.s << 2)
            n_two += 1
        elif r == 0:
            jokers += 1
        else:
            b = 1 << r
            if ranks & b:
                repeat = True
            ranks |= b
            suits |= 1 << c.s
    n_wild = jokers + n_two
    n_nat = n - n_wild
    if n_nat == 0:
        return False
    if ranks & (ranks - 1) == 0:  # one natural rank
        if n_nat >= 2:  # a set (SET-1..3, EQ-1)
            if n_wild > 1 or n > 4 * copies + 1:  # SET-3: the rank's naturals, one wild (P5-1)
                return False
            if n_nat > copies:
                per = [0, 0, 0, 0]
                for c in cards:
                    if c.r != 0 and c.r != 2:
                        per[c.s] += 1
                if max(per) > copies:
                    return False
            return True
    if suits & (suits - 1) or repeat:  # two suits; a rank twice, or two aces
        return False
    own = (twos >> ((suits.bit_length() - 1) << 2)) & 15
    for nat2 in ((1, 0) if own else (0,)):
        w = n_wild - nat2
        if w > 1:
            continue
        pos = ranks | 4 if nat2 else ranks
        count = n_nat + nat2
        for p in ((pos, pos ^ 0x4002) if pos & 2 else (pos,)):  # the ace low (bit 1) or high (bit 14)
            if p.bit_length() - (p & -p).bit_length() + 1 - count <= w:
                return True
    return False


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

    __slots__ = ("kind", "rules", "_slots", "_start", "_wild_index", "_rank", "_suit", "_fits", "_probe")

    kind: MeldKind
    rules: Rules
    _slots: tuple[Card, ...]
    _start: int
    _wild_index: int
    _rank: int
    _suit: int
    #: Memo of :meth:`can_lay_off` for this (immutable) meld: card indices -> verdict. A meld lies
    #: on the table for many turns and the same few cards of a hand are tried against it each time.
    _fits: dict[int | bytes, bool] | None
    #: What a hand needs for a lay-off onto this meld to be possible at all (the game's
    #: ``_lay_off_probe``), worked out on first use.
    _probe: tuple[int, int, bool, int, int] | None

    def __init__(self) -> None:  # pragma: no cover - use the constructors
        raise TypeError("build a Meld with Meld.from_cards(...) or Meld.parse(...)")

    # -- construction -------------------------------------------------------------------
    @classmethod
    def _make(cls, res: _Result, rules: Rules) -> Meld:
        if cls is Meld:
            return _build(res, rules)
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
        put(self, "_fits", None)
        put(self, "_probe", None)
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Meld is immutable; lay_off returns a new meld (cannot set {name!r})")

    def __reduce__(self) -> tuple[object, ...]:
        return (_meld_from_text, (self.notation(), self.rules))

    @classmethod
    def from_cards(cls, cards: Iterable[Card] | str, *, rules: Rules | str | None = None,
                   wild_high: bool | None = None, layout: str | Meld | None = None) -> Meld:
        """Validate cards handed over in any order and lay them out (RUN-6, WILD-1, WILD-6).

        When the cards allow several layouts (a free wild's end, the ace low or high, and under
        ``rules.natural_two_optional`` a 2 of the suit natural or wild), the default is the one
        worth most at the count, burraco bonus included; on a tie a free wild goes to the low end
        (WILD-6, WILD-1). ``wild_high=True`` or ``False`` asks for a free wild at the high or the
        low end; ``layout`` names any legal layout of these very cards, in notation (WILD-6).

        >>> Meld.from_cards("5H 6H 2C", wild_high=True)
        Meld.parse('5H 6H 2C(=7H)')
        >>> Meld.from_cards("AC JK 3C 4C 5C 6C 7C 8C 9C TC JC QC KC").burraco
        'semi-clean'
        >>> Meld.from_cards("AC JK 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", layout="AC JK(=2C) 3C 4C 5C 6C 7C 8C 9C TC JC QC KC").burraco
        'dirty'
        >>> Meld.from_cards("5H 6H 8H")
        Traceback (most recent call last):
        ...
        buraco_learn.errors.InvalidMeld: 5H 6H 8H: the cards are not consecutive: a run has no gap (RUN-1) and there is no wild to fill it
        """
        seq: Any = cards
        cls_ = seq.__class__
        try:  # a list or tuple of cards is read as is: every item one of the 53 (interned) cards
            plain = (cls_ is tuple or cls_ is list) and len(seq) <= MAX_CARDS and _ALL_CARDS.issuperset(seq)
        except TypeError:  # an unhashable item
            plain = False
        if not plain:
            seq = _card_list(cards)  # text, or an iterable of cards; anything else is a NotationError
        r = FIBUR if rules is None else get_rules(rules)
        if layout is not None:
            if wild_high is not None:
                raise NotationError("name a layout or a wild's end (wild_high), not both")
            want = layout if isinstance(layout, Meld) else cls.parse(layout, rules=r)  # parse checks the type
            if Counter(want.cards) != Counter(seq):
                raise InvalidMeld(tr("{cards}: the layout {layout} is not made of these cards (WILD-6)",
                                     cards=format_cards(seq), layout=want), ("WILD-6",))
            want = want if want.rules == r else cls.parse(want.notation(), rules=r)
            if want.kind == "run":
                fresh = _analyse_all(seq, r)[1]
                if ("run", want._suit, want._start, want._slots, want._wild_index) not in fresh:
                    raise InvalidMeld(tr("{cards}: a new meld cannot lie {layout}: under {rules} a 2 of the run's suit "
                                         "is natural whenever it can be (RUN-5, WILD-6)", cards=format_cards(seq),
                                         layout=want, rules=r.name), ("RUN-5", "WILD-6"))
            return want
        res = _quick_run(seq, r) if wild_high is None else None
        if res is None:
            res = _analyse_full(seq, wild_high, r)
        if res[0] == "error":
            raise _explain(seq, res, None, r.copies)
        return _build(res, r) if cls is Meld else cls._make(res, r)

    @classmethod
    def layouts(cls, cards: Iterable[Card] | str, *, rules: Rules | str | None = None) -> tuple[Meld, ...]:
        """Every legal layout of the cards, the default first, then by value (WILD-6).

        A set has one layout; a run may have several: a free wild low or high (WILD-1), the ace
        low or high (RUN-2), and, where the preset allows it, a 2 of the suit natural or wild.

        >>> [str(m) for m in Meld.layouts("5H 6H 2C")]
        ['2C(=4H) 5H 6H', '5H 6H 2C(=7H)']
        >>> [(str(m), m.points) for m in Meld.layouts("3H 4H 2H", rules="wikipedia-fr")]
        [('3H 4H 2H(=5H)', 30), ('2H 3H 4H', 15)]
        """
        seq = parse_cards(cards) if isinstance(cards, str) else list(cards)
        r = get_rules(rules)
        res = _analyse_all(seq, r)
        if res[0] == "error":
            raise _explain(seq, res, None, r.copies)
        if res[0] == "set":
            return (cls._make(res, r),)
        best = _choose(res[1], res[2], None, r, None)
        rest = sorted((L for L in res[1] if L is not best),
                      key=lambda L: _key(L, True, r, None), reverse=True)
        return tuple(cls._make(L, r) for L in [best, *rest])

    @classmethod
    def parse(cls, text: str, *, rules: Rules | str | None = None) -> Meld:
        """Read a laid-out meld such as ``'5C 6C 2C(=7C) 8C'``, keeping its layout as written.

        Any legal layout is kept exactly as written (WILD-6): the order of the cards and each
        wild's annotation choose among the layouts; cards written in another order get the
        default layout. Annotations are checked: a run's wild names the card it stands for, a
        set's wild the set's rank (``JK(=7)``); a natural card takes none.

        >>> Meld.parse("JK(=2C) 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC").burraco
        'semi-clean'
        >>> Meld.parse("AC JK(=2C) 3C 4C 5C 6C 7C 8C 9C TC JC QC KC").burraco
        'dirty'
        >>> Meld.parse("2C(=4C) 8C 9C")
        Traceback (most recent call last):
        ...
        buraco_learn.errors.NotationError: '2C(=4C) 8C 9C': the wild 2C cannot stand for 4C; in this meld it stands for 7C or TC
        """
        r = get_rules(rules)
        if not isinstance(text, str) or len(text) > 400:
            raise NotationError(f"a laid-out meld is text of at most 400 characters, like '5C 6C 2C(=7C)', not "
                                f"{excerpt(text)}")
        tokens = [t for t in text.replace(",", " ").split() if t]
        cards: list[Card] = []
        notes: list[tuple[Card, Card | None, Rank | None]] = []  # (wild, stands for, set rank)
        for tok in tokens:
            if "(=" not in tok:
                cards.append(Card.parse(tok))
                continue
            if not tok.endswith(")"):
                raise NotationError(f"{excerpt(text)}: bad annotation in {excerpt(tok, 30)}; write it like 2C(=5H)")
            card_text, ann = tok[:-1].split("(=", 1)
            card = Card.parse(card_text)
            cards.append(card)
            if not card.is_wild:
                raise NotationError(f"{excerpt(text)}: {card} is a natural card and takes no annotation; only a wild "
                                    "(a joker or a 2) is written with what it stands for, like 2C(=5H) in a run "
                                    "or JK(=7) in a set")
            ann = ann.strip()
            rank = _RANK_OF_TEXT.get(ann.upper())
            if rank is not None:
                notes.append((card, None, rank))
                continue
            try:
                wanted = Card.parse(ann)
            except NotationError:
                raise NotationError(f"{excerpt(text)}: {excerpt(tok, 30)} does not say what the wild stands for: write a card "
                                    "in a run, like 2C(=5H), or a rank in a set, like JK(=7)") from None
            if wanted.is_joker:
                raise NotationError(f"{excerpt(text)}: in {excerpt(tok, 30)} a wild stands for a natural card, not a joker; "
                                    "write it like 2C(=5H)")
            notes.append((card, wanted, None))
        res = _analyse_all(cards, r, fresh=False)
        if res[0] == "error":
            raise _explain(cards, res, None, r.copies)
        if res[0] == "set":
            meld = cls._make(res, r)
            set_rank = Rank(meld._rank)
            for card, stands, rank in notes:
                if stands is not None:
                    raise NotationError(f"{excerpt(text)}: a wild in a set stands for its rank only; write it like "
                                        f"{card}(={set_rank.char})")
                if rank != set_rank:
                    raise NotationError(f"{excerpt(text)}: the wild {card} in this set of {_RANK_WORD[meld._rank]}s "
                                        f"stands for a {_RANK_WORD[meld._rank]}; write it {card}(={set_rank.char})")
            return meld
        layouts: list[_Result] = res[1]
        if any(rank is not None for _, _, rank in notes):
            raise NotationError(f"{excerpt(text)}: a wild in a run stands for a card, like 2C(=5H)")
        fits = layouts
        for card, stands, _ in notes:
            fits = [L for L in fits if L[4] >= 0 and L[3][L[4]] == card and _pos_card(L[2] + L[4], L[1]) == stands]
        if not fits:
            raise NotationError(f"{excerpt(text)}: " + _why_not(notes, layouts, r))
        written = tuple(cards)
        for L in fits:
            if L[3] == written:
                return cls._make(L, r)
        fresh = _analyse_all(cards, r)[1]
        return cls._make(_choose([L for L in fits if L in fresh] or fits, True, None, r, None), r)

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
        return "clean" if self._wild_index < 0 else _burraco_kind(self.kind, n, self._wild_index, self.rules)

    @property
    def bonus(self) -> int:
        """The burraco bonus under the meld's rules: 200, 150, 100 or 0 (BUR-2..4)."""
        return burraco_bonus(self.burraco, self.rules)

    @property
    def points(self) -> int:
        """Card points of the meld (EQ-2, SCORE-2), with the preset's natural-2 and low-ace values."""
        pts = _PTS
        slots = self._slots
        wi = self._wild_index
        if self.kind == "set":  # naturals of one rank, then the wild if any
            if wi < 0:
                return pts[slots[0].index] * len(slots)
            return pts[slots[0].index] * wi + pts[slots[wi].index]
        # A run: each slot but the wild holds the natural card of its position, so the card points of
        # its slots are those of the positions it covers, the wild's own points for its position's.
        start = self._start
        total = _UPTO_PTS[start + len(slots) - 1] - _UPTO_PTS[start - 1]
        if wi >= 0:
            total += pts[slots[wi].index] - _POS_PTS[start + wi]
        if start <= 2:  # a natural low ace and 2 count as the preset says (as _run_points)
            if start == 1 and wi != 0:
                total += self.rules.low_ace_meld_points - pts[slots[0].index]
            i = 2 - start
            if i < len(slots) and i != wi:
                total += self.rules.natural_two_meld_points - pts[slots[i].index]
        return total

    # -- lay-offs -----------------------------------------------------------------------
    def lay_off(self, cards: Iterable[Card] | str | Card, *, wild_high: bool | None = None,
                layout: str | Meld | None = None) -> Meld:
        """The meld with ``cards`` added (TURN-2, WILD-2..6); ``self`` is unchanged.

        A bound wild moves only when the card it stands for arrives, never driven out by another
        wild (WILD-3, WILD-5); a wild never leaves (WILD-4); a 2 of a run's suit drops into its
        natural slot when freed (WILD-5). Among the layouts left, the default is the one worth
        most (WILD-6); on a tie a free wild keeps its end, and a wild freed by its card takes the
        low end (``rules.freed_wild_high``: the high end) if it can. ``wild_high`` asks for a free
        wild at one end; ``layout`` names the resulting layout in notation.

        >>> Meld.from_cards("6C JK 8C").lay_off("TC")
        Traceback (most recent call last):
        ...
        buraco_learn.errors.InvalidMeld: 6C JK(=7C) 8C + TC: the joker is bound as 7C and only moves when 7C is laid off; the run would then need a second wild (WILD-3, RUN-4)
        >>> Meld.from_cards("6C JK 8C").lay_off("7C TC")
        Meld.parse('6C 7C 8C JK(=9C) TC')
        >>> Meld.from_cards("2H 4H 5H").lay_off("3H").burraco is None, Meld.from_cards("2H 4H 5H").lay_off("3H").wild
        (True, None)
        >>> Meld.parse("JK(=2C) 3C 4C 5C 6C 7C 8C 9C TC JC QC KC").lay_off("AC")
        Meld.parse('JK(=2C) 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC')
        """
        new = as_cards(cards)
        if not new:
            raise InvalidMeld(tr("{meld}: a lay-off adds at least one card (TURN-2)", meld=self), ("TURN-2",))
        union = list(self._slots) + new
        if layout is not None:
            what = f"{self} + {format_cards(new)}"
            if wild_high is not None:
                raise NotationError("name a layout or a wild's end (wild_high), not both")
            want = layout if isinstance(layout, Meld) else Meld.parse(layout, rules=self.rules)
            if Counter(want.cards) != Counter(union):
                raise InvalidMeld(tr("{cards}: the layout {layout} is not made of these cards (WILD-6)", cards=what,
                                     layout=want), ("WILD-6",))
            want = want if want.rules == self.rules else Meld.parse(want.notation(), rules=self.rules)
            if not self._same_kind(("set", want._rank) if want.kind == "set" else ("run", want._suit)):
                raise self._not_kept(new, what)
            if self.kind == "run":
                layouts = self._lay_off_layouts(new, union)
                target = ("run", want._suit, want._start, want._slots, want._wild_index)
                if not isinstance(layouts, list) or target not in layouts:
                    if self.wild is not None and self.wild_stands_for not in new:
                        raise self._bound_stays(what) if not self.wild_is_free else self._explain_lay_off(
                            new, ("error", "wild-stays"), what)
                    raise InvalidMeld(tr("{cards}: {layout} is not a layout this lay-off may take: under {rules} a 2 of "
                                         "the run's suit is natural whenever it can be (RUN-5, WILD-6)", cards=what,
                                         layout=want, rules=self.rules.name), ("RUN-5", "WILD-6"))
            return want
        res = self._lay_off_result(new, union, wild_high)
        # What a refusal's sentence names, written only for a refusal (a legal lay-off needs none).
        if res[0] == "error":
            raise self._explain_lay_off(new, res, f"{self} + {format_cards(new)}")
        if not self._same_kind(res):
            raise self._not_kept(new, f"{self} + {format_cards(new)}")
        return Meld._make(res, self.rules)

    def lay_off_layouts(self, cards: Iterable[Card] | str | Card) -> tuple[Meld, ...]:
        """Every legal result of laying ``cards`` off onto this meld, the default first (WILD-6).

        >>> [str(m) for m in Meld.parse("5C 6C JK(=7C)").lay_off_layouts("4C")]
        ['4C 5C 6C JK(=7C)', 'JK(=3C) 4C 5C 6C']
        """
        new = as_cards(cards)
        default = self.lay_off(new)
        if self.kind == "set":
            return (default,)
        layouts = self._lay_off_layouts(new, list(self._slots) + new)
        assert isinstance(layouts, list)
        prefer = self._prefer(new)
        rest = sorted((L for L in layouts if L[2:] != (default._start, default._slots, default._wild_index)),
                      key=lambda L: _key(L, True, self.rules, prefer), reverse=True)
        return (default, *(Meld._make(L, self.rules) for L in rest))

    def can_lay_off(self, cards: Iterable[Card] | str | Card) -> bool:
        """Whether :meth:`lay_off` would accept the cards (no exception, no sentence built).

        >>> Meld.from_cards("6C JK 8C").can_lay_off("TC"), Meld.from_cards("6C JK 8C").can_lay_off("7C TC")
        (False, True)
        >>> Meld.parse("3C 2C(=4C) 5C 6C").can_lay_off("2H")  # a bound wild is never driven out (WILD-5)
        False
        """
        new = as_cards(cards)
        if not new:
            return False
        return self._fits_cards(new)

    def _fits_cards(self, new: list[Card]) -> bool:
        """:meth:`can_lay_off` of a non-empty list of cards, remembered in ``_fits`` (key: the card
        indices in order, as one int for one or two cards)."""
        fits = self._fits
        if fits is None:
            fits = {}
            object.__setattr__(self, "_fits", fits)
        n = len(new)
        key: int | bytes = (new[0].index if n == 1 else 64 + new[0].index * 64 + new[1].index if n == 2
                            else bytes([c.index for c in new]))
        found = fits.get(key)
        if found is None:
            union = list(self._slots) + new
            if self.kind == "set":
                res = _analyse(union, None, self.rules)
                found = res[0] == "set" and bool(res[1] == self._rank)
            else:
                layouts = self._lay_off_layouts(new, union)
                found = isinstance(layouts, list) and bool(layouts) and layouts[0][1] == self._suit
            fits[key] = found
        return found

    def _lay_off_layouts(self, new: list[Card], union: list[Card]) -> _Result | list[_Result]:
        """The legal layouts of this run plus ``new`` (WILD-2..5).

        While the card the meld's wild stands for is not laid off, the wild stays a wild, never
        driven out by another wild nor dropped into a natural place (WILD-5); a bound one keeps
        its very place (WILD-3). Otherwise the layouts are a new meld's (RUN-5). An error tuple
        when the cards make no run, ``("error", "bound-stays")`` or ``("error", "wild-stays")``
        when every layout would move the wild without its card.
        """
        wi = self._wild_index
        if wi < 0 or self.kind != "run":
            res = _analyse_all(union, self.rules)
            return res[1] if res[0] == "runs" else res
        stands = _pos_card(self._start + wi, self._suit)
        if stands in new:
            res = _analyse_all(union, self.rules)
            return res[1] if res[0] == "runs" else res
        res = _analyse_all(union, self.rules, fresh=False)
        if res[0] != "runs":
            return res
        wild = self._slots[wi]
        if 0 < wi < len(self._slots) - 1:
            pos = self._start + wi
            layouts = [L for L in res[1] if L[4] >= 0 and L[2] + L[4] == pos and L[3][L[4]] == wild]
            return layouts or ("error", "bound-stays")
        layouts = [L for L in res[1] if L[4] >= 0 and L[3][L[4]] == wild]
        return layouts or ("error", "wild-stays")

    def _prefer(self, new: list[Card]) -> _Prefer:
        """Which end a wild takes among layouts worth the same, after this lay-off (WILD-6)."""
        wi = self._wild_index
        if self.kind != "run" or wi < 0:
            return None
        last = len(self._slots) - 1
        freed = _pos_card(self._start + wi, self._suit) in new
        if freed and self.rules.freed_wild_high:
            return "high"
        if 0 < wi < last:
            return "low" if freed else None
        return "high" if wi == last else "low"

    def _lay_off_result(self, new: list[Card], union: list[Card], wild_high: bool | None) -> _Result:
        if self.kind == "set":
            return _analyse(union, None, self.rules)
        layouts = self._lay_off_layouts(new, union)
        if not isinstance(layouts, list):
            return layouts
        return _choose(layouts, True, wild_high, self.rules, self._prefer(new))

    def _same_kind(self, res: _Result) -> bool:
        if res[0] != self.kind:
            return False
        if self.kind == "set":
            return bool(res[1] == self._rank)
        return bool(res[1] == self._suit)

    def _describe(self) -> str:
        if self.kind == "set":
            return tr("set of {ranks}", ranks=_ranks_word(self._rank))
        return tr("run of {suit}", suit=_suit_words(self._suit))

    def _not_kept(self, new: list[Card], what: str) -> InvalidMeld:
        return InvalidMeld(trn("{cards}: a lay-off must keep the {meld} (TURN-2); {added} does not belong to it",
                               "{cards}: a lay-off must keep the {meld} (TURN-2); {added} do not belong to it", len(new),
                               cards=what, meld=self._describe(), added=format_cards(new)), ("TURN-2",))

    def _bound_stays(self, what: str) -> InvalidMeld:
        wild, stands = self.wild, self.wild_stands_for
        return InvalidMeld(tr("{cards}: {wild} is bound as {stands} and moves only when {stands} is laid off; "
                              "another wild never drives it out (WILD-3, WILD-5)", cards=what, wild=_wild_name(wild),
                              stands=stands), ("WILD-3", "WILD-5"))

    def _explain_lay_off(self, new: list[Card], res: _Result, what: str) -> InvalidMeld:
        code = res[1]
        if code == "bound-stays":
            return self._bound_stays(what)
        if code == "wild-stays":
            wild, stands = self.wild, self.wild_stands_for
            name = _wild_name(wild)
            if any(c.r == 0 or (c.r == 2 and c.s != self._suit) for c in new):
                return InvalidMeld(tr("{cards}: {wild} stands for {stands} and stays a wild until {stands} is laid "
                                      "off; another wild never drives it out, and a run holds one wild (WILD-5, "
                                      "RUN-4)", cards=what, wild=name, stands=stands), ("WILD-5", "RUN-4"))
            return InvalidMeld(tr("{cards}: {wild} stands for {stands} and stays a wild until {stands} is laid off "
                                  "(WILD-5); with it as the wild these cards make no run (RUN-1)", cards=what, wild=name,
                                  stands=stands), ("WILD-5", "RUN-1"))
        stands = self.wild_stands_for
        wild = self.wild
        if (code in ("run-wilds", "gap") and self.kind == "run" and wild is not None and stands is not None
                and not self.wild_is_free and stands not in new
                and _analyse(list(self.naturals) + [stands] + new + [wild], None)[0] == "run"):
            return InvalidMeld(
                tr("{cards}: {wild} is bound as {stands} and only moves when {stands} is laid off; the run would "
                   "then need a second wild (WILD-3, RUN-4)", cards=what, wild=_wild_name(wild), stands=stands),
                ("WILD-3", "RUN-4"))
        if code in ("suits",) or (code == "no-naturals"):
            return InvalidMeld(tr("{cards}: a lay-off must keep the {meld} (TURN-2)", cards=what, meld=self._describe()),
                               ("TURN-2",))
        if wild is not None and code in ("run-wilds", "set-wilds"):
            base = _explain(list(self._slots) + new, res, what, self.rules.copies)
            return InvalidMeld(tr("{refusal} (a wild never leaves its meld: WILD-4)", refusal=base),
                               base.rules + ("WILD-4",))
        return _explain(list(self._slots) + new, res, what, self.rules.copies)

    # -- text -----------------------------------------------------------------------------
    def notation(self, *, pretty: bool = False) -> str:
        """The layout with each wild's stand-in: ``'5C 6C 2C(=7C) 8C'``; a set's wild ``JK(=7)``."""
        if not pretty:
            # The plain notation (what a note and str() write), from the cards' texts.
            parts = list(map(_TEXT_OF, self._slots))
            wi = self._wild_index
            if wi >= 0:
                stands = (_TEXT_OF(_pos_card(self._start + wi, self._suit)) if self.kind == "run"
                          else _RANK_CHARS[self._rank])
                parts[wi] += f"(={stands})"
            return " ".join(parts)
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


_new = object.__new__


class _Building(Meld):
    """A :class:`Meld` while :func:`_build` fills its slots (plain assignments, the fastest
    way); it then becomes a :class:`Meld`, immutable. Measured: 1.4 us a meld, against 7.2 us
    through object.__setattr__ for each of its nine slots (as Meld._make does for a subclass),
    where Meld.from_cards takes about 5 us a meld on compare.py's meld corpus: kept."""

    __slots__ = ()
    __setattr__ = object.__setattr__  # type: ignore[assignment]


def _build(res: _Result, rules: Rules) -> Meld:
    """``Meld._make(res, rules)``: a meld of the analysis ``res``."""
    self = _new(_Building)
    if res[0] == "set":
        _, rank, naturals, wild = res
        self.kind = "set"
        self._rank = rank
        self._suit = -1
        self._start = 0
        if wild is None:
            self._slots = naturals
            self._wild_index = -1
        else:
            self._slots = naturals + (wild,)
            self._wild_index = len(naturals)
    else:
        _, suit, start, slots, wild_index = res
        self.kind = "run"
        self._rank = 0
        self._suit = suit
        self._start = start
        self._slots = slots
        self._wild_index = wild_index
    self.rules = rules
    self._fits = None
    self._probe = None
    self.__class__ = Meld  # type: ignore[assignment]
    return self
