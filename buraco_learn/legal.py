"""The legal listing: every legal action of the player to move (:meth:`~_Legal.legal_actions`),
built from the hand's representation (a bit per position held in each suit, a count per rank and
suit) rather than by trying cards; and :meth:`~_Legal.apply`, whose trusted path plays an action
that listing returned without checking it again.

Rules implemented here: CLOSE-3, RUN-1, RUN-2, RUN-4, RUN-5, SET-1, SET-2, SET-3, SET-4, TURN-4, WILD-1, WILD-2, WILD-3, WILD-5, WILD-6.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter
from typing import Any

from .actions import Action, Discard, Draw, LayDown, LayOff, TakePile, parse_action
from .cards import Card, excerpt, format_cards, parse_cards
from .errors import NotationError
from .i18n import tr
from .melds import Meld, _analyse, _card_list, _choose, _pos_card
from .memo import (_CANDIDATES, _CANDIDATES_MAX, _GROUPS_MAX, _MEMO_MAX, _RUN_GROUPS, _SET_COMBOS, _SET_GROUPS,
                   _Group, _GroupInfo)
from .rules import FIBUR
from .state import _CARD_OF, Event, _Facts, _new_object, _remove
from .turn import _ACTION_HELP, _DISCARDS, _DRAW, _TAKE_PILE, _laid_off, _meld_of, _Turn


#: A card's index, as a sort key (attrgetter: no Python call per card).
_card_index = attrgetter("index")


def _plain_lay_off(meld: Meld, cards: list[Card]) -> Meld | None:
    """``meld.lay_off(cards)`` for a lay-off known to be legal (listed by Game.legal_actions), built
    directly in the two plain cases, else ``None``: naturals (and at most one wild, the set having
    none) onto a set, its naturals then in card order and the wild last (SET-1, SET-2); naturals
    of a run's suit from 3 to K onto a run from 3 to K without a wild, the run then their positions
    in order (RUN-1). The analysis would find the same single layout."""
    if meld.kind == "set":
        rank = meld._rank
        wild = None if meld._wild_index < 0 else meld._slots[meld._wild_index]
        naturals = list(meld._slots if wild is None else meld._slots[:meld._wild_index])
        for c in cards:
            if c.r == rank:
                naturals.append(c)
            elif wild is None and (c.r == 0 or c.r == 2):
                wild = c
            else:
                return None
        naturals.sort(key=_card_index)
        return Meld._make(("set", rank, tuple(naturals), wild), meld.rules)
    if meld._wild_index >= 0 or meld._start < 3:
        return None
    suit = meld._suit
    lo = meld._start
    hi = lo + len(meld._slots) - 1
    if hi > 13:
        return None
    for c in cards:
        if c.s != suit or c.r < 3:
            return None
        lo, hi = min(lo, c.r), max(hi, c.r)
    slots = tuple([_CARD_OF[suit * 13 + r - 1] for r in range(lo, hi + 1)])
    return Meld._make(("run", suit, lo, slots, -1), meld.rules)


def _lay_off_probe(meld: Meld) -> tuple[int, int, bool, int, int]:
    """What a hand needs for a lay-off onto ``meld`` to be possible (see :func:`_lay_offs_of`),
    remembered with the meld: ``(where, bits, takes_wild, a, b)``. A set (``where`` 4) may take a
    natural of its rank (``bits``: that rank's bit of the ranks held, ``a`` the rank), and a wild
    while it has none (SET-1, SET-2); a run of suit ``where`` a card of its suit within three
    places of its ends (``bits``: positions ``a`` to ``b`` of the suit's positions held, an ace at
    1 and 14, a 2 at 2), and a wild when it has no wild or its wild is its own suit's 2."""
    if meld.kind == "set":
        probe = (4, 1 << meld._rank, meld._wild_index < 0, meld._rank, 0)
    else:
        suit = meld._suit
        lo = meld._start - 3
        hi = meld._start + len(meld._slots) + 2
        w = meld._slots[meld._wild_index] if meld._wild_index >= 0 else None
        bits = (1 << (hi + 1)) - (1 << max(lo, 0))  # positions max(lo, 0) to hi
        probe = (suit, bits, w is None or (w.r == 2 and w.s == suit), lo, hi)
    object.__setattr__(meld, "_probe", probe)
    return probe


#: LayDown's three slots, set directly by _info: a frozen dataclass's __init__ goes through
#: object.__setattr__ for each field (1.97 us a LayDown against 0.67 us), and the random 4-player
#: hands of benchmarks/compare.py list about 120 new LayDowns a hand: 3.5 % of that workload
#: (benchmarks/bench_tricks.py).
_SET_LAY_DOWN = (LayDown.__dict__["cards"].__set__, LayDown.__dict__["wild_high"].__set__,
                 LayDown.__dict__["layout"].__set__)


def _lay_offs_of(target: int, meld: Meld, maybe: list[Card], twice: tuple[Card, ...]) -> tuple[LayOff, ...]:
    """Every lay-off onto ``meld`` (meld number ``target``) of one card of ``maybe`` (distinct
    hand cards, in hand order), then of two onto a run unless each of the two alone fits (then
    they are laid one after the other); a card is paired with itself only when held twice
    (``twice``).

    ``maybe`` holds every card of the hand that may be part of a lay-off onto the meld (see
    Game._legal_lay_offs): for a set, its rank's naturals, and the wilds while it has none
    (SET-1, SET-2); for a run, its suit's naturals within three places of its ends, and the wilds
    when it has no wild or its wild is its own suit's 2 (it may drop in: WILD-5). Three: a free
    wild may move into a gap (WILD-2), so one card reaches two places out and a pair three
    (2S(=8D) 9D TD + QD KD gives 9D TD 2S(=JD) QD KD)."""
    # Meld._fits_cards is the meld's own verdict (no sentence built); the exact quick tests first.
    if meld.kind == "set":
        if len(maybe) == 1:  # the common case: one card
            return (LayOff(target, (maybe[0],)),) if _set_fit(meld, maybe[0]) else ()
        return tuple([LayOff(target, (c,)) for c in maybe if _set_fit(meld, c)])
    if len(maybe) == 1 and not twice:  # one card, not held twice: no pair (the common case)
        fit = _run_fit(meld, maybe)
        if fit is None:
            fit = meld._fits_cards(maybe)
        return (LayOff(target, (maybe[0],)),) if fit else ()
    fits = []
    for c in maybe:
        fit = _run_fit(meld, (c,))
        if fit if fit is not None else meld._fits_cards([c]):
            fits.append(c)
    out = [LayOff(target, (c,)) for c in fits]
    for i, a in enumerate(maybe):
        for b in maybe[i:]:
            if a == b and a not in twice:
                continue
            if a in fits and b in fits:
                continue
            fit = _run_fit(meld, (a, b))
            if fit if fit is not None else meld._fits_cards([a, b]):
                out.append(LayOff(target, (a, b)))
    return tuple(out)


def _run_fit(meld: Meld, cards: Sequence[Card]) -> bool | None:
    """:meth:`Meld.can_lay_off` of one or two cards onto a run whose naturals lie within 3 to the
    high ace and whose wild, if any, is a joker or another suit's 2 (see below for the suit's own
    2), when each card is a natural of its suit other than its 2, a joker or another suit's 2;
    ``None`` otherwise (the meld's own question). One card, the common case, is counted inline.

    Then no 2 of the suit and no rule on it can take part, and the answer is the count of holes
    among the naturals (see :func:`_places_fit`); an ace laid off fits if it fits low or high
    (RUN-2), and never onto a run that has its ace.

    Also a run whose wild is its own suit's 2, when that 2 can never reach its natural place
    (position 2, RUN-5, WILD-5) after the lay-off: no ace is laid, and the naturals, old and
    new, start at 5 or above (positions 3 and 4 to fill, and one wild at most: RUN-4), or at 4
    and above with no wild laid (position 3 to fill, and nothing to fill it). There the 2 is a
    wild like any other, and the count of holes decides as above."""
    suit = meld._suit
    slots = meld._slots
    lo = meld._start
    hi = lo + len(slots) - 1
    wi = meld._wild_index
    at = -1
    own = False  # the wild is the suit's own 2
    if wi >= 0:
        w = slots[wi]
        own = w.r == 2 and w.s == suit
        at = lo + wi
    low = lo + 1 if at == lo else lo  # the lowest natural
    top = hi - 1 if at == hi else hi  # the highest natural
    if low < 3 or top > 14:
        return None
    if len(cards) == 1:
        c = cards[0]
        r = c.r
        if c.s == suit and r >= 3:
            # One natural of the suit (the common case): _places_fit's count for one rank, inline.
            if own and (r < 4 or low < 4):
                return None  # as below: the 2 may drop into its natural place (WILD-5)
            freed = r == at
            if not freed and low <= r <= top:
                return False  # that natural is there already (RUN-1)
            holes = (top if r < top else r) - (low if r > low else r) - len(slots) + (1 if at >= 0 else 0)
            if at < 0:
                return holes == 0
            if lo < at < hi and not freed:  # bound, and stays where it is
                return holes == 1 and (low if r > low else r) < at < (top if r < top else r)
            return holes == 1 or holes == 0  # a free wild: to an end, the lowest natural being 3 or more
        if r == 0 or (r == 2 and c.s != suit):
            # One wild: to a free end of a run without one (its lowest natural is 3 or more:
            # WILD-1); a second wild is refused (RUN-4), unless the own 2 may drop (as below).
            if at < 0:
                return True
            return None if own and low <= 4 else False
    wilds = 0 if at < 0 else 1
    ranks = []
    ace = False
    for c in cards:
        r = c.r
        if c.s == suit and r >= 3:
            ranks.append(r)
            if r < low:
                low = r
        elif c.s == suit and r == 1 and not ace:
            ace = True
        elif r == 0 or (r == 2 and c.s != suit):
            wilds += 1
        else:
            return None
    if own and (ace or low < 4 or (low == 4 and wilds > 1)):
        return None  # the 2 may drop into its natural place (WILD-5): the meld's own question
    if wilds > 1 or (len(ranks) == 2 and ranks[0] == ranks[1]):
        return False  # a second wild, or a natural twice
    if not ace:
        return _places_fit(lo, hi, at, ranks, wilds)
    if top == 14:
        return False  # the run has its ace (RUN-1, RUN-2)
    return _places_fit(lo, hi, at, [*ranks, 14], wilds) or _places_fit(lo, hi, at, [*ranks, 1], wilds)


def _places_fit(lo: int, hi: int, at: int, ranks: list[int], wilds: int) -> bool:
    """Whether a run of places ``lo`` to ``hi`` whose naturals lie within 3 to 14, with its wild at
    place ``at`` (-1: none), takes naturals at the places ``ranks`` (distinct; 1 is a low ace) and
    ``wilds`` wilds in all (one at most: RUN-4): no natural twice (RUN-1); a bound wild keeps its
    place unless its card arrives (WILD-3, WILD-5), so the naturals then miss exactly that place; a
    free wild, or one freed by its card, may fill one hole or go to an end (WILD-1, WILD-2): at
    most one hole, and with none an end to go to (below 3, or above a run from the low ace that
    stops below the king); with no wild, no hole (RUN-1)."""
    count = hi - lo + 1 - (0 if at < 0 else 1) + len(ranks)  # the naturals, old and new
    low, high = (lo + 1 if at == lo else lo), (hi - 1 if at == hi else hi)
    freed = False
    for r in ranks:
        if r == at:
            freed = True
        elif low <= r <= high:
            return False  # that natural is there already
    if ranks:
        low, high = min(low, *ranks), max(high, *ranks)
    holes = high - low + 1 - count
    if wilds == 0:
        return holes == 0
    if lo < at < hi and not freed:  # bound, and stays where it is
        return holes == 1 and low < at < high and at not in ranks
    return holes == 1 or (holes == 0 and (low >= 3 or high <= 12))


def _run_lay_off(meld: Meld, cards: list[Card]) -> Meld | None:
    """``meld.lay_off(cards)`` where :func:`_run_fit` says the cards fit and no ace is laid off,
    built directly; else ``None``. There the naturals lie within 3 to the high ace and there is
    one wild at most (a joker or another suit's 2): with no wild the run is its naturals in order
    (RUN-1); a wild fills the one hole among the naturals (WILD-1, WILD-3); with no hole it goes to
    an end: below the naturals when they reach the high ace, else the low or the high one as the
    meld's own choice decides (WILD-6: the layout worth most, then the end the wild keeps or,
    freed by its card, takes: Meld._prefer)."""
    for c in cards:
        if c.r == 1:
            return None  # an ace laid off may lie low or high: the meld's own analysis
    if _run_fit(meld, cards) is not True:
        return None
    suit = meld._suit
    slots = meld._slots
    start = meld._start
    wi = meld._wild_index
    wild = slots[wi] if wi >= 0 else None
    # The naturals by place, old and new (None where a hole is): the old slots copied in one
    # piece, the old wild's place emptied, then the new naturals (the wild laid kept aside).
    low, high = start, start + len(slots) - 1
    new = []
    for c in cards:
        if c.s == suit and c.r >= 3:
            new.append(c)
            if c.r < low:
                low = c.r
            elif c.r > high:
                high = c.r
        else:
            wild = c  # the one wild (_run_fit: no second)
    naturals: list[Card | None] = [None] * (high - low + 1)
    naturals[start - low:start - low + len(slots)] = slots
    if wi >= 0:
        naturals[start - low + wi] = None
    for c in new:
        naturals[c.r - low] = c
    if naturals[0] is None:  # the old wild stood at the low end and no natural came below it
        del naturals[0]
        low += 1
    if naturals[-1] is None:  # likewise at the high end
        del naturals[-1]
        high -= 1
    if wild is None:
        res: tuple[Any, ...] = ("run", suit, low, tuple(naturals), -1)
    elif None in naturals:
        hole = naturals.index(None)
        naturals[hole] = wild
        res = ("run", suit, low, tuple(naturals), hole)
    elif high == 14:  # the high ace: nothing above it
        res = ("run", suit, low - 1, (wild, *naturals), 0)
    else:
        layouts = [("run", suit, low - 1, (wild, *naturals), 0),
                   ("run", suit, low, (*naturals, wild), len(naturals))]
        res = _choose(layouts, True, None, meld.rules, meld._prefer(cards))
    return Meld._make(res, meld.rules)


def _set_fit(meld: Meld, c: Card) -> bool:
    """:meth:`Meld.can_lay_off` of one card onto a set: a natural of its rank fits while the set
    holds fewer than the deck's two copies of it (SET-3), a wild (a joker or a 2) while it has
    none (SET-2), no other card (SET-1); anything else is the meld's own question."""
    r = c.r
    if r == meld._rank:
        if meld._slots.count(c) < 2:  # the deck has two of each card
            return True
    elif r == 0 or r == 2:
        return meld._wild_index < 0
    else:
        return False
    return meld._fits_cards([c])


def candidate_melds(hand: Sequence[Card], copies: int = 2) -> list[tuple[Card, ...]]:
    """Every distinct legal meld (a card multiset, in layout order) that ``hand`` can form,
    whatever the table; the game's own checks (SET-4, CLOSE-3, ...) are :meth:`Game.can_meld`'s.
    ``copies=3``: the three packs of five players, a set may hold a card three times (P5-1).

    >>> [format_cards(m) for m in candidate_melds(parse_cards("5H 6H 7H JK"))]
    ['JK 5H 6H', '5H 6H 7H', 'JK 5H 6H 7H', '5H JK 7H', 'JK 6H 7H']
    >>> candidate_melds(parse_cards("5H 5H 5H")), [format_cards(m) for m in candidate_melds(parse_cards("5H 5H 5H"), 3)]
    ([], ['5H 5H 5H'])
    """
    return list(_candidates(_card_list(hand), copies)[0])  # _card_list: parse_cards, quick for a list or tuple


def _candidate_entries(hand: Sequence[Card], copies: int = 2) -> tuple[tuple[tuple[Card, ...], tuple[Any, ...]], ...]:
    """:func:`candidate_melds` of a list or tuple of cards, each candidate with its meld analysis
    (the entries of :func:`_candidate_results`, remembered with the candidates). The analysis is
    made under fibur's rules: ``Meld._make(res, FIBUR)`` is ``Meld.from_cards(cards, rules=FIBUR)``
    (as Game.apply's trusted path relies on); under another preset build the meld from the cards.
    ``copies``: of each card a set may hold (EQ-1; three with five players, P5-1)."""
    return _candidates(hand, copies)[1]


def _candidates(cards: Sequence[Card], copies: int = 2) -> tuple[tuple[tuple[Card, ...], ...],
                                                                  tuple[tuple[tuple[Card, ...], tuple[Any, ...]], ...]]:
    key = bytes([c.index for c in cards])
    if copies != 2:
        key += b"\xff"  # no card's index: three packs (P5-1)
    found = _CANDIDATES.get(key)
    if found is None:
        if len(_CANDIDATES) >= _CANDIDATES_MAX:
            _CANDIDATES.clear()
        entries = tuple(_candidate_results(cards, copies))
        found = _CANDIDATES[key] = (tuple([e[0] for e in entries]), entries)
    return found


_candidate_melds = candidate_melds


#: Position bits of a rank (an ace lies at 1 and 14), and one card's count in a rank's code.
_POS_BITS = [1 << r | (16384 if r == 1 else 0) for r in range(14)]


_COUNT_UNIT = [1 << (8 * s) for s in range(4)]


_DISCARD_OF = {c: _DISCARDS[c.index] for c in _CARD_OF}.__getitem__


def _candidate_results(hand: Sequence[Card], copies: int = 2) -> list[tuple[tuple[Card, ...], tuple[Any, ...]]]:
    """Every distinct legal meld ``hand`` can form, with the meld analysis of each: the sets rank
    by rank (low first), then the runs suit by suit (see
    :func:`_candidate_groups`)."""
    return [e for info in _candidate_groups(hand, None, None, 0, copies) for e in info[0]]


def _info(group: _Group, laid: dict[Any, Any] | None) -> _GroupInfo:
    """A group as remembered; its actions only for a game (``laid``: the game's memo, where each
    candidate's analysis is noted under its cards, the very tuple its action holds, for the
    trusted path of Game.apply: a tuple of cards is no group's key, and the same cards always
    have the same analysis; such an entry allocates nothing, where a key and a value per action
    did)."""
    if laid is None:
        return (group, (), max([len(e[0]) for e in group], default=0))
    # One pass: each entry's LayDown (``LayDown(cards)``, its slots set directly: see
    # _SET_LAY_DOWN), its analysis noted for Game.apply, and the longest candidate.
    set_cards, set_high, set_layout = _SET_LAY_DOWN
    acts = []
    longest = 0
    for e in group:
        cards = e[0]
        if len(cards) > longest:
            longest = len(cards)
        act = _new_object(LayDown)
        set_cards(act, cards)
        set_high(act, None)
        set_layout(act, None)
        laid[cards] = e[1]
        acts.append(act)
    return (group, tuple(acts), longest)


#: A hand's :func:`_scan`: the positions held per suit (and the ranks held as naturals at 4), the 2s
#: per suit, each rank's code, the ranks held twice or more (sorted), the wild kinds in order of
#: first appearance.
_Scan = tuple[list[int], list[int], dict[int, int], list[int], tuple[Card, ...]]


def _scan(hand: Sequence[Card]) -> _Scan:
    """One pass over ``hand``: the positions held per suit (bit ``p`` for position ``p``, an ace
    at 1 and 14, a 2 at 2), then as a fifth item the natural ranks held (bit ``r``; 2s are wilds);
    the count of the suit's 2s; each natural rank's code (the count of each suit's card of that
    rank, 8 bits a suit); the ranks held twice or more (sorted); the wild kinds in the order they
    first appear."""
    wilds: list[Card] = []
    masks = [0, 0, 0, 0]
    twos = [0, 0, 0, 0]
    by_rank: dict[int, int] = {}
    several: list[int] = []  # the ranks held twice or more
    ranks = 0
    for c in hand:
        r = c.r
        if r == 0:
            if c not in wilds:
                wilds.append(c)
            continue
        suit = c.s
        masks[suit] |= _POS_BITS[r]
        if r == 2:
            twos[suit] += 1
            if c not in wilds:
                wilds.append(c)
        elif r in by_rank:
            by_rank[r] += _COUNT_UNIT[suit]
            if r not in several:
                several.append(r)
        else:
            by_rank[r] = _COUNT_UNIT[suit]
            ranks |= 1 << r
    several.sort()
    masks.append(ranks)  # at 4: a set's probe reads the ranks there (Game._legal_lay_offs)
    return masks, twos, by_rank, several, tuple(wilds)


def _candidate_groups(hand: Sequence[Card], memo: dict[Any, Any] | None = None,
                      scan: _Scan | None = None, skip: int = 0, copies: int = 2) -> list[_GroupInfo]:
    """The candidate melds of ``hand`` group by group: the sets of a rank, rank by rank, then the
    runs of a suit, suit by suit, in the order of :func:`_candidate_results`.
    ``memo``: a game's own memo (its groups and their actions' analyses), else the module's;
    ``scan``: the hand's :func:`_scan` when the caller has it; ``skip``: the ranks (bit ``r``)
    whose sets are left out (the game's SET-4); ``copies``: of each card a set may hold (EQ-1,
    P5-1: a game's own memo holds one game's groups, so its keys need not say it).

    A rank's sets depend only on the hand's naturals of that rank and its wilds; a suit's runs
    only on which positions of the suit the hand holds and its wilds; and no candidate of one
    group is a candidate of another (a set has two naturals of one rank other than 2, a run two
    naturals of its suit and at most one other card). So each group is worked out once
    (:func:`_set_group`, :func:`_run_group`) and remembered under exactly what it depends on:
    the same group comes back from hand to hand and turn to turn. The actions are immutable
    values, shared by every game that lists them."""
    masks, twos, by_rank, several, wild_kinds = _scan(hand) if scan is None else scan
    out: list[_GroupInfo] = []
    # A set's key has three parts and a run's four: one dict can hold both.
    sets = _SET_GROUPS if memo is None else memo
    runs = _RUN_GROUPS if memo is None else memo
    if several:  # a rank held once makes no set
        for r in several:
            if skip >> r & 1:
                continue
            code = by_rank[r]
            if not wild_kinds and (code & 255) + (code >> 8 & 255) + (code >> 16 & 255) + (code >> 24) < 3:
                continue  # two naturals and no wild make no set (SET-1): _set_group's group is empty
            key: tuple[Any, ...] = (r, code, wild_kinds) if copies == 2 else (r, code, wild_kinds, copies)
            grp = sets.get(key)
            if grp is None:
                if len(sets) >= _GROUPS_MAX:
                    sets.clear()
                grp = sets[key] = _info(_set_group(r, code, wild_kinds, copies), memo)
            out.append(grp)
    for suit in range(4):
        mask = masks[suit]
        if not (mask & (mask >> 1) & (mask >> 2) if not wild_kinds else mask & ((mask >> 1) | (mask >> 2))):
            continue  # no run at all: _run_group's first test, the common case of a few scattered cards
        key = (suit, mask, wild_kinds, twos[suit] >= 2)
        grp = runs.get(key)
        if grp is None:
            if len(runs) >= _GROUPS_MAX:
                runs.clear()
            grp = runs[key] = _info(_run_group(suit, mask, wild_kinds, twos[suit]), memo)
        out.append(grp)
    return out


def _target_group(cards: Sequence[Card], meld: Sequence[Card], rank: int, suit: int, copies: int = 2) -> _Group:
    """The candidates of :func:`candidate_melds` ``(cards)`` that may hold every card of ``meld``
    (a meld on the table, its cards among ``cards``), a superset in the order it lists them: for a set of ``rank`` the sets of that rank (a run
    holds at most one natural of a rank, the set two or more, SET-1), for a run of ``suit`` the
    runs of that suit (a set holds naturals of one rank and one wild, the run two naturals of
    distinct ranks, RUN-1). Runs only those whose naturals reach from at or below the lowest of
    the meld's naturals 3 to K to at or above the highest: such a natural lies at its own
    position in every run (WILD-1: only 2s and jokers are wilds), and a candidate holds only its
    naturals and one wild (an ace may lie at 1 or 14, the suit's own 2 may be the wild, so
    neither fixes the window). The candidates that do hold the meld are then
    filtered by the caller. Checked against :func:`candidate_melds` in tests/test_engine_memo.py."""
    masks, twos, by_rank, _, wild_kinds = _scan(cards)
    if rank:
        code = by_rank.get(rank, 0)
        key: tuple[Any, ...] = (rank, code, wild_kinds) if copies == 2 else (rank, code, wild_kinds, copies)
        grp = _SET_GROUPS.get(key)
        if grp is None:
            if len(_SET_GROUPS) >= _GROUPS_MAX:
                _SET_GROUPS.clear()
            grp = _SET_GROUPS[key] = _info(_set_group(rank, code, wild_kinds, copies), None)
        return grp[0]
    lo_max = 13
    hi_min = 0
    for c in meld:
        if c.s == suit and c.r >= 3:
            if c.r < lo_max:
                lo_max = c.r
            if c.r > hi_min:
                hi_min = c.r
    key2 = (suit, masks[suit], wild_kinds, twos[suit] >= 2, lo_max, hi_min)  # not a whole group's key
    grp = _RUN_GROUPS.get(key2)
    if grp is None:
        if len(_RUN_GROUPS) >= _GROUPS_MAX:
            _RUN_GROUPS.clear()
        grp = _RUN_GROUPS[key2] = _info(_run_group(suit, masks[suit], wild_kinds, twos[suit], lo_max, hi_min), None)
    return grp[0]


def _group_entry(cards: Sequence[Card], res: tuple[Any, ...]) -> tuple[tuple[Card, ...], tuple[Any, ...]]:
    return (tuple(cards), res)


def _set_combos(r: int, code: int) -> tuple[tuple[Card, ...], ...]:
    """Every multiset of two naturals or more of rank ``r`` from ``code`` (8 bits per suit: how
    many of that suit's card the hand holds, two at most), naturals in suit order, in the order
    :func:`_set_group` lists them; remembered."""
    combos: list[tuple[Card, ...]] = [()]
    for s in range(4):
        n = code >> (8 * s) & 255
        if n:
            k = _CARD_OF[s * 13 + r - 1]
            combos = [b for base in combos for b in ((base, base + (k,)) if n == 1 else
                                                     (base, base + (k,), base + (k, k)))]
    found = _SET_COMBOS[r * 2**32 + code] = tuple([t for t in combos if len(t) >= 2])
    return found


def _set_group(r: int, code: int, wild_kinds: tuple[Card, ...], copies: int = 2) -> _Group:
    """Every legal set of rank ``r`` from ``code`` (8 bits per suit: how many of that suit's card
    of rank ``r`` the hand holds) and the hand's wilds: every multiset of two naturals or more,
    with no wild or one wild, at most ``copies`` of each card (EQ-1; three with five players, P5-1)."""
    out: list[tuple[tuple[Card, ...], tuple[Any, ...]]] = []
    combos = _SET_COMBOS.get(r * 2**32 + code)
    if combos is None and max(code & 255, code >> 8 & 255, code >> 16 & 255, code >> 24) <= 2:
        combos = _set_combos(r, code)
    if combos is not None:
        # At most two copies of each card (any real hand): every multiset of two naturals or more
        # (at most eight) with no wild or one wild is a legal set, whose analysis is known: the
        # naturals in suit order (as built), then the wild (SET-1, SET-2). Distinct by
        # construction; in the order the general enumeration below lists them.
        for t in combos:
            if len(t) >= 3:
                out.append((t, ("set", r, t, None)))
            for w in wild_kinds:
                out.append((t + (w,), ("set", r, t, w)))
        return tuple(out)
    seen: set[tuple[int, ...]] = set()
    kinds = [_CARD_OF[s * 13 + r - 1] for s in range(4) if (code >> (8 * s)) & 255]
    counts = {k: (code >> (8 * k.s)) & 255 for k in kinds}
    rules = FIBUR if copies == 2 else FIBUR.for_players(5)  # a set's analysis reads no other parameter

    def add(cards: list[Card]) -> None:
        key = tuple(sorted(c.index for c in cards))
        if key in seen:
            return
        res = _analyse(cards, None, rules)
        if res[0] == "error":
            return
        seen.add(key)
        out.append(_group_entry(list(res[2]) + ([res[3]] if res[3] is not None else []), res))

    # Three copies of a card or more (a position set up by hand): each multiset analysed.
    lists: list[list[Card]] = [[]]
    for k in kinds:
        lists = [base + [k] * n for base in lists for n in range(counts[k] + 1)]
    for combo in lists:
        if len(combo) < 2:
            continue
        if len(combo) >= 3:
            add(combo)
        for w in wild_kinds:
            add(combo + [w])
    return tuple(out)


#: The card of each suit at each run position 1 to 14 (melds._pos_card: the ace at 1 and 14, the 2
#: at 2); None at 0 and 15, which no hand's positions (_scan) hold.
_PLACE_CARDS: list[tuple[Any, ...]] = [
    tuple([None] + [_pos_card(pos, s) for pos in range(1, 15)] + [None]) for s in range(4)]


def _run_group(suit: int, mask: int, wild_kinds: tuple[Card, ...], twos: int, lo_max: int = 13,
               hi_min: int = 0) -> _Group:
    """Every legal run of ``suit`` from the positions the hand holds (``mask``: bit ``p`` for
    position ``p``, the ace at 1 and 14), its wilds, and ``twos`` copies of the suit's own 2:
    every window of consecutive positions, its ends natural, with at most one position given to
    a wild (a missing card, or one held but left out); a wild at an end is the shorter window
    with a free wild.

    ``lo_max``, ``hi_min``: only the candidates whose lowest natural lies at position ``lo_max`` or
    below and whose highest at ``hi_min`` or above, in the group's order (see :func:`_target_group`)."""
    # No run at all without three positions in a row, or, with a wild, two positions at most two
    # apart (a wild fills one position only): the common case of a few scattered cards.
    if not (mask & (mask >> 1) & (mask >> 2) if not wild_kinds else mask & ((mask >> 1) | (mask >> 2))):
        return ()
    out: list[tuple[tuple[Card, ...], tuple[Any, ...]]] = []
    seen: set[tuple[int, ...]] = set()
    places = _PLACE_CARDS[suit]  # the suit's card at each position; ``mask`` says which are held
    own_two = places[2]

    def add(cards: list[Card]) -> None:
        key = tuple(sorted(c.index for c in cards))
        if key in seen:
            return
        res = _analyse(cards, None)
        if res[0] == "error":
            return
        seen.add(key)
        out.append(_group_entry(res[3], res))

    # A "bound" candidate below: naturals from 3 to K around one hole at index i, and a wild:
    # the wild fills the hole (bound, WILD-1); no ace and no natural 2 could lie otherwise. The
    # layout add() would find. No other candidate has these cards: the lowest and highest
    # naturals fix the window, the hole is the one position of it whose natural is left out
    # (held or not, as the hand is), so ``seen`` need not know it.

    # A wild is spare unless it is the suit's own 2, held once and laid here as a natural.
    spare_own = [w for w in wild_kinds if not (w is own_two and twos < 2)]
    for lo in range(1, lo_max + 1):
        if not mask >> lo & 1:
            continue
        naturals: list[Card] = []
        gap = 0
        own_in = False  # the suit's own 2 among the naturals
        for pos in range(lo, 15):
            if not mask >> pos & 1:
                if gap:
                    break
                gap = pos
                continue
            card = places[pos]
            if pos == 14 and lo == 1:
                break  # one ace only (RUN-2)
            naturals.append(card)
            if card is own_two:
                own_in = True
            n_nat = len(naturals)
            if n_nat < 2 or pos < hi_min:
                continue
            spare = spare_own if own_in else wild_kinds
            if gap:
                for w in spare:
                    if lo >= 3 and pos <= 13:  # bound
                        i = gap - lo
                        t = (*naturals[:i], w, *naturals[i:])
                        out.append((t, ("run", suit, lo, t, i)))
                    else:
                        add(naturals + [w])
                continue
            if n_nat >= 3:
                if lo >= 3 and pos <= 13:
                    # Naturals 3 to K in a row, no wild: one layout, as they lie (RUN-1);
                    # no other candidate has these cards, so ``seen`` need not know it.
                    t = tuple(naturals)
                    out.append((t, ("run", suit, lo, t, -1)))
                else:
                    add(list(naturals))
            plain = lo >= 3 and pos <= 13
            for w in spare:
                if plain and w.s != suit:
                    # Naturals 3 to K in a row and a joker or another suit's 2: the wild is
                    # free at either end, worth the same, and goes low (WILD-1, WILD-6). The
                    # only candidate with these cards (its naturals fix the window).
                    t = (w, *naturals)
                    out.append((t, ("run", suit, lo - 1, t, 0)))
                else:
                    add(naturals + [w])
                if n_nat >= 3:
                    for i in range(1, n_nat - 1):
                        if plain:  # bound, the natural at index i left out
                            t = (*naturals[:i], w, *naturals[i + 1:])
                            out.append((t, ("run", suit, lo, t, i)))
                        else:
                            add(naturals[:i] + naturals[i + 1:] + [w])
    return tuple(out)


class _Legal(_Turn):
    """A hand's legal listing and :meth:`apply` (see the module)."""

    def legal_actions(self) -> list[Action]:
        """Every legal action now, in a stable order.

        Draw phase: ``draw`` and ``pile`` when allowed. Play phase: every legal new meld of the
        hand (each distinct multiset of cards, free wilds low), every legal lay-off of one card,
        and of two cards onto a run (what WILD-3 needs), then every legal discard.
        """
        s = self._s
        if s.phase == "over":
            return []
        found = s.cache.get("legal")
        if found is not None:  # the same state asked again (a bot, then play_hand): a fresh list
            return list(found)
        if s.phase == "draw":
            # What verify_draw and verify_take_pile check, in the draw phase of a hand not over.
            out: list[Action] = []
            if len(s.stock) > self.rules.stock_reserve:
                out.append(_DRAW)
            if s.pile and (len(s.pile) > 1 or s.hands[s.turn]):
                out.append(_TAKE_PILE)
        else:
            # The hand is scanned once for the melds and the lay-offs; its distinct cards serve
            # the lay-offs and the discards.
            facts = self._facts()
            hand = s.hands[s.turn]
            scan = _scan(hand)
            distinct = dict.fromkeys(hand)
            out = self._legal_melds(facts, hand, scan)
            if facts[0]:
                out += self._legal_lay_offs(facts, hand, scan, distinct)
            out += self._legal_discards(facts, hand, distinct)
        s.cache["legal"] = tuple(out)
        return out

    def legal_discards(self) -> list[Discard]:
        """The legal discards of the player to move, one per distinct card, in hand order."""
        if self._s.phase != "play":
            return []
        hand = self._s.hands[self._s.turn]
        return self._legal_discards(self._facts(), hand, dict.fromkeys(hand))  # type: ignore[return-value]

    def _legal_discards(self, facts: _Facts, hand: list[Card], distinct: dict[Card, None]) -> list[Action]:
        """The legal discards, one per distinct card of ``hand`` (``distinct``) in hand order."""
        if len(hand) > 1:  # only TURN-4 may forbid a card (see _discard_problem)
            single = self._s.pile_single
            if single is None or self._s.held_identical:
                return list(map(_DISCARD_OF, distinct))
            return [_DISCARD_OF(c) for c in distinct if c is not single]
        return [_DISCARD_OF(c) for c in distinct if self._discard_problem(c, hand, facts[1], facts[2]) is None]

    def candidate_melds(self, hand: Sequence[Card] | None = None) -> list[tuple[Card, ...]]:
        """Every distinct multiset of cards from ``hand`` that forms a legal meld (no game-state checks)."""
        hand = list(self._s.hands[self._s.turn]) if hand is None else parse_cards(hand)
        return _candidate_melds(hand)

    def legal_melds(self) -> list[LayDown]:
        """Every legal new meld of the player to move (game rules such as SET-4 and CLOSE-3 applied)."""
        if self._s.phase != "play":
            return []
        hand = self._s.hands[self._s.turn]
        return self._legal_melds(self._facts(), hand, _scan(hand))  # type: ignore[return-value]

    def _legal_melds(self, facts: _Facts, hand: list[Card], scan: _Scan) -> list[Action]:
        """The legal new melds of ``hand`` (the mover's, ``scan`` its :func:`_scan`)."""
        _, has_pot, has_burraco, set_ranks = facts
        out: list[Action] = []
        # Two cards or more left can always end the turn unless one is the one-card pile's card
        # (TURN-4): then no need to work out the rest (each candidate is part of the hand).
        roomy = len(hand) - 2 if self._s.pile_single is None or self._s.held_identical else -1
        # SET-4: no set of a rank the side has a set of (those groups are not even looked up).
        for group, acts, longest in _candidate_groups(hand, self._groups, scan, set_ranks, self.rules.copies):
            if longest <= roomy:
                out += acts
                continue
            for (cards, _), act in zip(group, acts):
                if len(cards) <= roomy:
                    out.append(act)
                    continue
                rest = _remove(hand, cards)
                if rest is not None and self._rest_ok(rest, has_pot, has_burraco or len(cards) >= 7):
                    out.append(act)
        return out

    def legal_lay_offs(self) -> list[LayOff]:
        """Every legal lay-off of one card by the player to move, and every legal lay-off of two cards
        onto a run unless each of the two alone fits that run (then they are laid one after the other).

        >>> from buraco_learn import Game
        >>> g = Game.from_position("fibur 2p d1 t0 play | h: QD KD 5C / 4H | m: 0=2S(=8D) 9D TD | p: 3C"
        ...                        " | s: * | pots: *11 / *11 | took: -")
        >>> [str(a) for a in g.legal_lay_offs()]
        ['layoff 0: QD', 'layoff 0: QD KD']
        """
        if self._s.phase != "play":
            return []
        hand = self._s.hands[self._s.turn]
        return self._legal_lay_offs(self._facts(), hand, _scan(hand), dict.fromkeys(hand))  # type: ignore[return-value]

    def _legal_lay_offs(self, facts: _Facts, hand: list[Card], scan: _Scan, distinct: dict[Card, None]) -> list[Action]:
        """The legal lay-offs of ``hand`` (``scan`` its :func:`_scan`, ``distinct`` its distinct cards)."""
        mine, has_pot, has_burraco, _ = facts
        targets = mine if self.rules.lay_off_onto_partner else self.lay_off_targets()
        if not targets:
            return []
        # Whether a meld may take anything: the positions of each suit's cards (an ace at 1 and
        # 14, a 2 at 2), the ranks held as naturals (other than 2), whether a wild is held.
        masks = scan[0]  # and at 4, the ranks held as naturals (see _scan)
        wild = bool(scan[4])
        twice = len(distinct) < len(hand)  # some card held twice
        out: list[Action] = []
        roomy = len(hand) - 2 if self._s.pile_single is None or self._s.held_identical else -1
        memo = self._memo
        for t in targets:
            meld = t.meld
            where, bits, may_wild, lo, hi = meld._probe or _lay_off_probe(meld)
            takes_wild = may_wild and wild
            hits = masks[where] & bits
            # The meld may take none of the hand's cards: passed over at once.
            if not (hits or takes_wild):
                continue
            # The cards of the hand this meld may take part of a lay-off of, in hand order (see
            # _lay_offs_of): for a set (``where`` 4) of rank ``lo``, its naturals, and the wilds
            # when it takes one; for a run of suit ``where``, its suit's cards at positions ``lo``
            # to ``hi`` (an ace also at 14), and the wilds when it takes one. Each test is the
            # general one with what is known of this meld folded in.
            if where == 4:
                maybe = ([c for c in distinct if c.r == lo or c.r == 0 or c.r == 2] if takes_wild
                         else [c for c in distinct if c.r == lo])
            elif not takes_wild and not hits & (hits - 1):
                # A run, no wild to take and one position of its suit held in its window (an ace
                # held lies at 1 and 14: two positions when the window has both): that one card.
                maybe = [_PLACE_CARDS[where][hits.bit_length() - 1]]
            elif takes_wild:
                maybe = [c for c in distinct
                         if c.r == 0 or c.r == 2 or (c.s == where and (lo <= c.r <= hi or (c.r == 1 and hi >= 14)))]
            elif hi >= 14:
                maybe = [c for c in distinct if c.s == where and (lo <= c.r or c.r == 1)]  # c.r <= 13 < hi
            else:
                maybe = [c for c in distinct if c.s == where and lo <= c.r <= hi]
            if not maybe:
                continue
            # The cards held twice among them (list.count: maybe holds a card or two, the hand ~10).
            pairs = tuple([c for c in maybe if hand.count(c) > 1]) if twice else ()
            key = (id(meld), t.id, tuple(maybe), pairs)  # four items: no other key of the memo
            found = memo.get(key)
            if found is None or found[0] is not meld:
                if len(memo) >= _MEMO_MAX:
                    memo.clear()
                found = memo[key] = (meld, _lay_offs_of(t.id, meld, maybe, pairs))
            if roomy >= 2:  # as in legal_melds: two cards or more left can end the turn
                out += found[1]
                continue
            for act in found[1]:
                cards = act.cards
                if len(cards) <= roomy:
                    out.append(act)
                    continue
                rest = _remove(hand, cards)
                burraco = has_burraco or len(meld) + len(cards) >= 7
                if rest is not None and self._rest_ok(rest, has_pot, burraco):
                    out.append(act)
        return out

    def apply(self, action: Action | str) -> Event:
        """Do an action given as a value or in notation (``'meld 5H 6H 7H'``); a refused action
        raises :class:`~buraco_learn.errors.IllegalMove` naming the rule and changes nothing.

        A value is played as it is, no text read back (what a widget should hand: ``LayDown(cards)``,
        ``LayOff(target, cards)``, ``Discard(card)``, ``Draw()``, ``TakePile()``), its play worked
        out once; one that ``legal_actions()`` listed for this state, or equal to one listed, takes
        the listed action's path (its rules were checked when it was listed).
        """
        a = parse_action(action) if isinstance(action, str) else action
        legal = self._s.cache.get("legal")
        if legal is not None:
            for x in legal:
                if x is a:
                    return self._play_listed(a)
            for x in legal:
                if x == a:  # a new value equal to a listed one (a click builds one) is that action
                    return self._play_listed(x)
        if isinstance(a, Draw):
            return self.draw()
        if isinstance(a, TakePile):
            return self.take_pile()
        if isinstance(a, LayDown):
            return self.meld(a.cards, a.wild_high, a.layout)
        if isinstance(a, LayOff):
            return self.lay_off(a.target, a.cards, a.wild_high, a.layout)
        if isinstance(a, Discard):
            return self.discard(a.card)
        raise NotationError(tr("not an action: {action}; {help}", action=excerpt(action), help=tr(_ACTION_HELP)))

    def _play_listed(self, a: Action) -> Event:
        """Play ``a``, one of the very objects legal_actions() returned for this unchanged state (the
        cache holding them is dropped by every change): the rules were checked when it was listed;
        only what doing it needs is worked out here."""
        hand = self._s.hands[self._s.turn]
        if a.__class__ is Discard:
            c = a.card
            at = hand.index(c)
            rest = hand.copy()
            del rest[at]  # _remove(hand, (c,)): the hand without its first c
            return self._do_discard(c, rest, at)
        if a.__class__ is LayOff:
            seq = list(a.cards)
            meld = self._s.table[a.target].meld
            new = _plain_lay_off(meld, seq)
            if new is None:
                new = _run_lay_off(meld, seq)
                if new is None:
                    new = _laid_off(meld, seq, self._memo)
            return self._do_lay_off(a.target, new, _remove(hand, seq), a)  # type: ignore[arg-type]
        if a.__class__ is LayDown:
            seq = list(a.cards)
            res = self._groups.get(a.cards) if self.rules is FIBUR else None
            if res is not None:
                # Listed from a candidate group, which noted each candidate's analysis
                # under its cards (see _info): the one from_cards makes of them under
                # fibur's rules.
                meld = Meld._make(res, FIBUR)
            else:
                meld = _meld_of(seq, self.rules)
            return self._do_meld(seq, meld, _remove(hand, seq), a)  # type: ignore[arg-type]
        # Listed in the draw phase: verify_draw or verify_take_pile's checks were made then.
        return self._do_draw() if a.__class__ is Draw else self._do_take_pile()
