"""An exact solver for one turn: the most points a hand can lay down, how to close, dead cards.

The question :func:`solve` answers: *from the hand of the player to move, which new melds and
which lay-offs onto the side's melds lay down the most points this turn?* Points are what the
count (SCORE-1) would gain: the card points of every card laid (EQ-2, SCORE-2) plus the change
in burraco bonuses (BUR-1..5; laying a wild onto a clean burraco can lower its bonus, BUR-5).

Every rule comes from the engine: the melds a hand can form are the engine's
``candidate_melds``, each meld and each lay-off is built by :class:`~buraco_learn.Meld`
(``from_cards``, ``lay_off``: one wild per meld, WILD-1..5; under fibur a candidate's meld is
built from the analysis the engine made of it, the meld ``from_cards`` builds), SET-4 is asked of
:meth:`Game.verify_meld` (when the side has a set on the table: without one it refuses none), and whether the cards left over can still end the turn (CLOSE-3,
CLOSE-4, TURN-4, TURN-5) is the engine's own check. An answer that empties the hand (or closes)
is then replayed on a :meth:`Game.clone` and must be accepted action by action, with the same
points, in an order the engine accepts (TURN-4); one that keeps a card is accepted in any order
(see :func:`solve`), and the tests replay it.

The search is exact: a branch over the distinct cards of the hand, lowest first, where each card
is either kept or is the lowest card of a new meld or of one lay-off, with memoisation on the
remaining hand multiset (plus which lay-off targets and set ranks are used). A new set may be
laid once per rank (SET-4: further cards of that rank go into the same set), and each target
receives all its cards in one lay-off (the engine accepts several cards at once, WILD-3).

**The pot (POT-2).** When the side has no pot and one is left, a plan may empty the hand: the
player then takes the pot on the fly. Its cards are unknown, so the plan stops there; the
objective counts only points laid from the current hand, plus ``pot_value`` (default 0) when the
plan takes the pot. Laying everything down usually scores most anyway, since every card is
worth points; bots pass a positive ``pot_value`` to prefer taking the pot on ties.

**The budget.** A search visits at most :data:`NODE_BUDGET` nodes (states its memo did not
answer), so that every answer comes within about a second, however big the hand (a pile taken
late can make it 30 cards and more). Nodes, not seconds: the same position gets the same answer
on any machine, busy or quiet, and under Pyodide; there is no wall-clock guard. Within the budget
the answer is exact (``Plan.proven``); past it, the best found: the better of a greedy plan and
of exact searches over fewer choices, within an eighth of the budget more (:func:`_best_found`).
One hint or one bot decision asks several searches (a close, a plan, imagined closes): within
:func:`shared_budget` they share ``NODE_BUDGET`` in all, its memo's answers (a quarter node each)
and the listing of each hand's melds and lay-offs (half a node each) charged too, so that the
whole answer's work is bounded, not each search's.

>>> from buraco_learn import Game
>>> g = Game.from_position("fibur 2p d1 t0 play | h: 5H 6H 7H 9C 9D JK 4S / - | m: - | p: 3C | s: * "
...                        "| pots: *11 / *11 | took: -")
>>> plan = solve(g)
>>> plan.points, [str(a) for a in plan.actions()], plan.rest
(65, ['meld 5H 6H 7H', 'meld 9D 9C JK'], (Card.parse('4S'),))
"""

from __future__ import annotations

import contextlib
import dataclasses
import sys
from collections.abc import Iterator
from contextvars import ContextVar
from itertools import product
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from operator import attrgetter, itemgetter

from .actions import Action, Discard, LayDown, LayOff
from .cards import Card, format_cards, make_deck
from .errors import IllegalMove
from .game import Game, TableMeld, _candidate_entries, _known_meld, _target_group, candidate_melds
from .melds import Meld
from .memo import _ADDITIONS, _ADDITIONS_MAX, _LINKS, _LONE, _LONE_MAX, _MELDS, _MELDS_MAX, _PTS_OF, _SEVEN, _STATIC
from .rules import FIBUR, Rules

__all__ = ["Plan", "Closing", "solve", "can_close", "find_close", "dead_cards", "meld_value", "SolverError",
           "NODE_BUDGET", "budget_left", "shared_budget"]

#: How many nodes (states the memo did not answer) one exact search may visit: the solver's
#: time budget, counted in nodes rather than seconds so that a position gets the same answer on
#: any machine, busy or quiet, and under Pyodide. About 50,000 nodes take a second of one core of
#: the development machine; the hardest position of ``benchmarks/solver_same.py`` takes 33,601.
#: A search that runs out returns the best found (``Plan.proven`` False): a fallback of at most
#: an eighth as many nodes more (:func:`_best_found`), so a call visits at most 1.125 times this.
NODE_BUDGET = 40_000
#: The best found's share of the budget: at most ``budget // _FALLBACK_SHARE`` nodes more.
_FALLBACK_SHARE = 8

_NEG = -(10**9)
_INDEX = attrgetter("index")
_FIRST = itemgetter(0)
#: Card.sort_key's order (suit S H D C, then rank, jokers last) is the order of the card index
#: (suit * 13 + rank - 1, the joker 52), read without calling a property.
_SORT_KEY = _INDEX
#: The kept cards' shape when two or more are kept (the engine accepts any such rest: a turn can
#: always end with a discard from two cards, TURN-3; checked on the whole hand; the tests replay
#: every plan on the engine).
_MANY: tuple[int, ...] = (-1, -1)


#: Items listed per node charged to a shared budget: listing the possible melds and lay-offs of
#: a hand (work outside the nodes, growing with the hand) costs about half a node an item.
_ITEMS_PER_NODE = 2
#: Within a shared budget, a state the memo answers is charged a quarter of a node
#: (``2**-_HIT_SHIFT``): on a 44-card hand a node has about five such answers besides its own
#: work, and they took over half of the time.
_HIT_SHIFT = 2


class _Pool:
    """The nodes left to every search made within one :func:`shared_budget`."""

    __slots__ = ("left",)

    def __init__(self, nodes: int) -> None:
        self.left = nodes

    def cap(self, budget: int | None) -> int:
        """The budget a search may take of what is left: its own at most, and so that its best found
        (an eighth of it more) still fits."""
        room = max(0, self.left - self.left // (_FALLBACK_SHARE + 1))
        return room if budget is None else min(budget, room)


_POOL: ContextVar[_Pool | None] = ContextVar("buraco_learn_solver_pool", default=None)


@contextlib.contextmanager
def shared_budget(nodes: int = NODE_BUDGET) -> Iterator[None]:
    """Every :func:`solve` and :func:`find_close` made within shares ``nodes`` nodes in all (their
    nodes searched, and half a node for each meld or lay-off their hands list), so that one hint or
    one bot move does a bounded amount of work however many searches it asks for. Each search
    takes at most its own budget of what is left; one that finds nothing left answers with its best
    found at once. Within another ``shared_budget`` it shares the outer one.

    >>> from buraco_learn import Game
    >>> g = Game.from_position("fibur 2p d1 t0 play | h: 8H 9H TH 5C / - | m: 0=5H 6H 7H | p: 3C | s: * "
    ...                        "| pots: *11 | took: 0")
    >>> with shared_budget(1):
    ...     solve(g).proven
    False
    >>> solve(g).proven
    True
    """
    if _POOL.get() is not None:
        yield
        return
    token = _POOL.set(_Pool(nodes))
    try:
        yield
    finally:
        _POOL.reset(token)


def _pooled(budget: int | None) -> int | None:
    """``budget``, capped by the shared budget in force (if any)."""
    pool = _POOL.get()
    return budget if pool is None else pool.cap(budget)


def _pool_spent() -> bool:
    """Whether a shared budget is in force with nothing left: then no search is started."""
    pool = _POOL.get()
    return pool is not None and pool.left <= 0


def _fit(search: _Search, budget: int | None) -> int | None:
    """Charge the listing of ``search``'s items to the shared budget in force (if any), and give
    the search what it may take of what is left (:meth:`_Pool.cap`); its budget, as searched."""
    pool = _POOL.get()
    if pool is None:
        return budget
    pool.left -= len(search.items) // _ITEMS_PER_NODE
    search.budget = budget = pool.cap(budget)
    search.hit_shift = _HIT_SHIFT
    return budget


def _charge(search: _Search) -> None:
    """Take the work ``search`` did (its nodes, and its memo's answers) off the shared budget in
    force (if any)."""
    pool = _POOL.get()
    if pool is not None:
        pool.left -= min(search.nodes + (search.hits >> search.hit_shift), search.budget)


def budget_left() -> int | None:
    """The nodes left in the shared budget in force (``None``: none in force).

    >>> with shared_budget(100):
    ...     budget_left()
    100
    """
    pool = _POOL.get()
    return None if pool is None else pool.left


class _OutOfBudget(Exception):
    """Raised inside a search when it has searched as many nodes as its budget allows."""


class SolverError(RuntimeError):
    """The engine refused a plan the solver found: a bug in the solver, never a user error."""


@dataclass(frozen=True)
class Plan:
    """What to lay down this turn: new melds, lay-offs, the points they gain, the cards kept.

    ``points`` is the gain in the side's count (card points plus burraco bonus change);
    ``takes_pot`` says the plan empties the hand and takes the pot on the fly (POT-2);
    ``discard`` is the closing discard when the plan closes (CLOSE-1), else ``None``;
    ``proven`` says the search finished within its budget (:data:`NODE_BUDGET`), so that no plan
    gains more; ``False``: the best found when the budget ran out (a legal plan, and at least
    as good as laying down greedily, the best meld or lay-off first).
    """

    melds: tuple[Meld, ...]
    lay_offs: tuple[tuple[int, tuple[Card, ...]], ...]
    points: int
    rest: tuple[Card, ...]
    takes_pot: bool = False
    discard: Card | None = None
    proven: bool = True

    def actions(self) -> list[Action]:
        """The plan as engine actions: the lay-offs, then the new melds, then the closing discard."""
        out: list[Action] = [LayOff(t, cards) for t, cards in self.lay_offs]
        out.extend(LayDown(m.cards) for m in self.melds)
        if self.discard is not None:
            out.append(Discard(self.discard))
        return out

    @property
    def is_empty(self) -> bool:
        """True when the plan lays nothing down."""
        return not self.melds and not self.lay_offs

    @property
    def cards_laid(self) -> tuple[Card, ...]:
        """Every card the plan takes from the hand to the table (the closing discard excluded)."""
        out: list[Card] = []
        for m in self.melds:
            out.extend(m.cards)
        for _, cards in self.lay_offs:
            out.extend(cards)
        return tuple(out)

    def __str__(self) -> str:
        if self.is_empty and self.discard is None:
            return "lay nothing down (0 points)"
        parts = [str(a) for a in self.actions()]
        tail = "; the hand is empty: take the pot (POT-2)" if self.takes_pot else ""
        return f"{'; '.join(parts)} ({self.points:+d} points){tail}"


def meld_value(meld: Meld) -> int:
    """What a meld is worth at the count: card points plus its burraco bonus (SCORE-1).

    >>> meld_value(Meld.from_cards("3H 4H 5H 6H 7H 8H 9H"))
    245
    """
    return meld.points + meld.bonus


@dataclass(slots=True, eq=False)
class _Item:
    gain: int
    low: int  # lowest local index used
    target_bit: int  # 0 for a new meld
    rank_bit: int  # a new set's rank bit (SET-4), else 0
    burraco: bool
    meld: Meld | None  # a new meld
    target: int  # lay-off target id, or -1
    cards: tuple[Card, ...]
    pts: int  # the bound's points of the item's cards
    packed: int  # how many of each local card it needs, as 4-bit fields (see _Search.best)

    @property
    def needs(self) -> tuple[tuple[int, int], ...]:
        """(local card index, count) for each card the item needs, by index."""
        out = []
        x = self.packed
        j = 0
        while x:
            if x & 15:
                out.append((j, x & 15))
            x >>= 4
            j += 1
        return tuple(out)


def _best_seven(mask: int) -> int:
    """The most positions of ``mask`` inside seven run positions in a row (1..14)."""
    got = _SEVEN.get(mask)
    if got is None:
        got = max((mask >> lo & 0x7F).bit_count() for lo in range(1, 9))
        _SEVEN[mask] = got
    return got


def _two_block(m: int, ace_block: int) -> int:
    """The key (first position) of the block of a suit's positions ``m`` that holds position 2 (a
    2 of the suit as a natural 2): 1 with an ace low, and 1 too when it is the high ace's block
    (``ace_block``), as in the bound's blocks."""
    start = 1 if m & 2 else 2
    return 1 if start == ace_block else start


def _block_links(m: int) -> dict[int, int]:
    """Per block of positions in a row of a suit's positions ``m`` (keyed by its first position;
    with an ace, the block holding the high ace is one with the low one, key 1): the blocks one
    wild can join it to in a run, as bits of their keys (RUN-4: one wild, in one hole). Two
    blocks are one hole apart; the block of an ace may lie at either end, so it joins any block.
    Remembered per ``m`` (15 bits)."""
    found = _LINKS.get(m)
    if found is not None:
        return found
    starts: list[int] = []
    ends: list[int] = []
    p = 1
    while p <= 14:
        if m >> p & 1:
            e = p
            while m >> (e + 1) & 1:
                e += 1
            starts.append(p)
            ends.append(e)
            p = e + 1
        p += 1
    ace = m >> 14 & 1
    high = starts[-1] if ace else -1  # the block holding the high ace: one with the block of 1
    keys = [1 if st == high else st for st in starts]
    everything = 0
    for k in keys:
        everything |= 1 << k
    links: dict[int, int] = {}
    for x, k in enumerate(keys):
        if ace and k == 1:
            links[k] = everything
            continue
        got = links.get(k, 0)
        if x + 1 < len(keys) and starts[x + 1] == ends[x] + 2:
            got |= 1 << keys[x + 1]
        if x and ends[x - 1] == starts[x] - 2:
            got |= 1 << keys[x - 1]
        if ace:
            got |= 2  # the ace's block may reach it from either end
        links[k] = got
    if m & 4:  # key 0: the cards in a run only thanks to a 2 of the suit (see _wild_reach)
        two = _two_block(m, high if ace else 0)
        for k, got in links.items():
            if got >> two & 1:
                links[k] = got | 1
    _LINKS[m] = links
    return links


def _wild_reach(values: dict[int, int], ranks: dict[int, int], links: dict[int, int], wilds: int) -> int:
    """At most how many points of the cards that need a wild-capable card ``wilds`` such cards
    (jokers and 2s) can lay, by blocks: ``values`` per block key (suit * 16 + first position),
    ``ranks`` the ranks of its such cards (bits), ``links`` the blocks of its suit one wild joins
    it to in a run (bits of their first positions).

    The cards are the naturals alive only thanks to a wild (a run with a gap or a set of two),
    by the block of positions in a row holding them, and the naturals in a run without a wild
    only thanks to a 2 of their suit at position 2 (RUN-5), in a block of their own (key 0):
    that 2 laid as a natural is one wild-capable card less, laid as a wild it leaves them
    needing a wild. Each wild makes one meld (RUN-4, SET-2). A run with its wild holds cards of
    two blocks of its suit at most, one hole apart; a set with its wild holds two naturals of its
    rank (with three it needs no wild), so two blocks at most, of two suits, holding that rank.
    So ``p`` blocks that have such a partner take ``(p + 1) // 2`` wilds at least, any other
    block one: the bound is the best over ``p`` of the ``p`` dearest blocks with a partner and
    the dearest others the wilds left can take.
    """
    suit_keys = [0, 0, 0, 0]
    suit_ranks = [0, 0, 0, 0]
    for k, rank_bits in ranks.items():
        suit_keys[k >> 4] |= 1 << (k & 15)
        suit_ranks[k >> 4] |= rank_bits
    pairable: list[int] = []
    single: list[int] = []
    for k, rank_bits in ranks.items():
        s = k >> 4
        others = 0
        for t in range(4):
            if t != s:
                others |= suit_ranks[t]
        if rank_bits & others or links[k] & suit_keys[s] & ~(1 << (k & 15)):
            pairable.append(values[k])

        else:
            single.append(values[k])
    return _reach(pairable, single, wilds)


def _reach(pairable: list[int], single: list[int], wilds: int) -> int:
    """:func:`_wild_reach` from the blocks' values: those with a partner, the others."""
    # ``p`` blocks with a partner (the dearest) take (p + 1) // 2 melds, the rest single blocks.
    pairable.sort(reverse=True)
    single.sort(reverse=True)
    tops = [0]
    for v in single[:wilds]:
        tops.append(tops[-1] + v)
    n_single = len(tops) - 1
    best = tops[min(wilds, n_single)]
    acc = 0
    for p in range(1, min(len(pairable), 2 * wilds) + 1):
        acc += pairable[p - 1]
        q = wilds - (p + 1) // 2
        got = acc + tops[q if q < n_single else n_single]
        if got > best:
            best = got
    return best


_ItemKey = tuple[tuple[tuple[int, int], ...], int, int]

#: 4-bit fields, one per rank 0..15 (see ``_Search.bound``): ``_ADDk`` adds k to each field,
#: ``_BIT3`` keeps each field's top bit.
_ADD1 = int("1" * 16, 16)
_ADD2 = 2 * _ADD1
_ADD5 = 5 * _ADD1
_ADD6 = 6 * _ADD1
_BIT3 = 8 * _ADD1


def _neg_gain(it: _Item) -> int:
    return -it.gain


def _neg_first(pair: tuple[int, int]) -> int:
    return -pair[0]


def _order(c: Card) -> tuple[int, int, int]:
    return (1 if c.r in (0, 2) else 0, c.r, c.s)


#: ``_order`` of each card as one integer, by card index (the same order), and each such integer's
#: card.
_ORDER_OF: list[int] = [0] * 53
_CARD_OF_ORDER: dict[int, Card] = {}
for _c in set(make_deck(4)):
    _o = _order(_c)
    _ORDER_OF[_c.index] = _o[0] << 8 | _o[1] << 3 | _o[2]
    _CARD_OF_ORDER[_ORDER_OF[_c.index]] = _c
del _c, _o
#: The search's guard bits (bit 3 of each of ``k`` 4-bit fields), by ``k``.
_GUARDS: list[int] = [sum(8 << (4 * j) for j in range(k)) for k in range(54)]


def _card_pts(cards: Sequence[Card], rules: Rules) -> list[int]:
    """Per card, the most it may be worth in a meld (the bound's points): its points, or a low
    ace's or a natural 2's under the preset, when more."""
    pts = []
    for c in cards:
        p = c.points
        if c.r == 1:
            p = max(p, rules.low_ace_meld_points)
        elif c.r == 2:
            p = max(p, rules.natural_two_meld_points)
        pts.append(p)
    return pts


def _card_pts_of(cards: Sequence[Card], rules: Rules) -> list[int]:
    """:func:`_card_pts`, read from a table per rules."""
    found = _PTS_OF.get(id(rules))
    if found is None or found[0] is not rules:
        deck = sorted(set(make_deck(4)), key=_INDEX)
        found = _PTS_OF[id(rules)] = (rules, _card_pts(deck, rules))
    table = found[1]
    return [table[c.index] for c in cards]


def _static(c: Card) -> tuple[int, tuple[int, ...], int]:
    """What the bound knows of a card whatever the hand: its run positions (the ace low and high;
    a 2 as its suit's natural 2), the three-position windows holding them, and the positions
    within two of them (not its own)."""
    got = _STATIC.get(c)
    if got is None:
        bits = 0 if c.r == 0 else ((1 << 1) | (1 << 14)) if c.r == 1 else 1 << c.r
        ws = []
        near = 0
        for p in range(1, 15):
            if bits >> p & 1:
                for lo in (p - 2, p - 1, p):
                    if lo >= 1 and lo + 2 <= 14:
                        ws.append(0b111 << lo)
                for q in range(max(1, p - 2), min(14, p + 2) + 1):
                    near |= 1 << q
        near &= ~bits
        got = _STATIC[c] = (bits, tuple(ws), near)
    return got


def _side_value(game: Game, seat: int) -> int:
    return sum(meld_value(t.meld) for t in game.side_melds(seat))


def _lone_ok(game: Game, cards: Sequence[Card], has_pot: bool, has_burraco: bool) -> list[bool]:
    """``game._last_cards_ok(cards, has_pot, has_burraco)``: for each card, whether a meld or
    lay-off may leave it alone in the hand of the player to move (CLOSE-2, CLOSE-4, TURN-4)."""
    s = game._s
    rules = game.rules
    key = (has_pot, has_burraco, bool(s.pots), s.pile_single, s.held_identical, id(rules))
    found = _LONE.get(key)
    if found is None or found[0] is not rules:
        if len(_LONE) >= _LONE_MAX:
            _LONE.clear()
        found = _LONE[key] = (rules, {})
    known = found[1]
    get = known.get
    out = [get(c) for c in cards]
    if None in out:
        missing = [c for c, ok in zip(cards, out) if ok is None]
        known.update(zip(missing, game._last_cards_ok(missing, has_pot, has_burraco)))
        out = [known[c] for c in cards]
    return out  # type: ignore[return-value]  # every answer known by now


def _near_cards(meld: Meld, hand: Sequence[Card]) -> list[Card]:
    """The cards of ``hand`` a lay-off onto ``meld`` may use, in hand order: those of its rank (a
    set, SET-1) or of its suit (a run, RUN-1), and the wilds (jokers and 2s, WILD-1)."""
    if meld.kind == "set":
        rank = meld._rank
        return [c for c in hand if c.r == rank or c.r == 0 or c.r == 2]
    suit = meld._suit
    return [c for c in hand if c.s == suit or c.r == 0 or c.r == 2]


def _lay_off_additions(target: TableMeld, hand: Sequence[Card]) -> tuple[tuple[tuple[Card, ...], Meld, int], ...]:
    """Every multiset of hand cards the target meld accepts in one lay-off, with the result and
    its value (:func:`meld_value`)."""
    meld = target.meld
    relevant = _near_cards(meld, hand)
    if not relevant:
        return ()
    key = (meld, bytes([c.index for c in relevant]))
    found = _ADDITIONS.get(key)
    if found is None:
        if len(_ADDITIONS) >= _ADDITIONS_MAX:
            _ADDITIONS.clear()
        found = _ADDITIONS[key] = tuple(_additions(meld, relevant))
    return found


def _additions(meld: Meld, relevant: list[Card]) -> list[tuple[tuple[Card, ...], Meld, int]]:
    """The engine's candidate melds of the meld's cards and ``relevant`` that hold every card of
    the meld and more; the cards beyond the meld's (in card order), each multiset once, when
    ``meld.lay_off`` accepts them (asked without building a refusal's sentence)."""
    if meld.kind == "set":
        found = _set_additions(meld, relevant)
        if found is not None:
            return found
    return _group_additions(meld, relevant)


def _group_additions(meld: Meld, relevant: list[Card]) -> list[tuple[tuple[Card, ...], Meld, int]]:
    """:func:`_additions` read from the candidates of the meld's group (any meld, any hand)."""
    base = meld.cards
    size = len(base)
    out: list[tuple[tuple[Card, ...], Meld, int]] = []
    seen: set[tuple[int, ...]] = set()
    # Only the candidates of the meld's own group, from the windows that may hold it (the
    # engine's _target_group): the others cannot hold every card of the meld, and the order of
    # those that do is candidate_melds' (so the items, and the plans, are the same).
    for cand, _ in _target_group(list(base) + relevant, base, meld._rank, meld._suit, meld.rules.copies):
        if len(cand) <= size:
            continue
        rest = list(cand)
        try:
            for c in base:
                rest.remove(c)  # one copy each: a multiset difference
        except ValueError:  # the candidate misses a card of the meld
            continue
        rest.sort(key=_INDEX)
        cards = tuple(rest)
        key = tuple([c.index for c in cards])
        if key in seen:
            continue
        seen.add(key)
        # Meld.lay_off(cards), without the sentence of a refusal.
        res = meld._lay_off_result(rest, list(base) + rest, None)
        if res[0] == "error" or not meld._same_kind(res):
            continue
        new = Meld._make(res, meld.rules)
        out.append((cards, new, meld_value(new)))
    return out


def _set_additions(meld: Meld, relevant: list[Card]) -> list[tuple[tuple[Card, ...], Meld, int]] | None:
    """:func:`_additions` of a set, worked out from the counts of its rank's cards (``None`` when
    the set and ``relevant`` hold a card three times or more: then the group's general path).

    The candidates of the set group (the engine's ``_set_group`` of the set's cards and
    ``relevant``, ``relevant`` being the hand's cards of the set's rank and its wilds) are every
    multiset of two naturals or more of the rank, each card at most as often as held, listed suit
    by suit in card order, the first suit slowest and the counts rising; each of three naturals or
    more alone, then with each wild kind in the order the cards first show it (the set's own wild
    first). Those holding the set are the combinations with at least the set's count of each
    natural: alone or with each of the hand's wild kinds when the set has no wild (SET-2: one
    wild at most), with the set's own wild when it has one; the set itself is left out. Every one
    is accepted by ``meld.lay_off`` (at most eight naturals, no card three times, one wild: SET-1,
    SET-2), and its meld is the analysis of a set, its naturals in suit order, then its wild: what
    the general path builds, in the same order (checked in tests/test_solver.py)."""
    rank = meld._rank
    slots = meld._slots
    wi = meld._wild_index
    own_wild = slots[wi] if wi >= 0 else None
    have = [0, 0, 0, 0]
    for c in slots:
        if c.r == rank:
            have[c.s] += 1
    mine = list(have)
    wilds: list[Card] = []  # the hand's wild kinds, in order of first appearance (none if the set has one)
    for c in relevant:
        if c.r == rank:
            have[c.s] += 1
        elif own_wild is None and c not in wilds:
            wilds.append(c)
    if have[0] > 2 or have[1] > 2 or have[2] > 2 or have[3] > 2:
        return None
    rules = meld.rules
    base_cards = [_RANK_CARDS[rank][s] for s in range(4)]
    out: list[tuple[tuple[Card, ...], Meld, int]] = []
    for counts in product(*[range(mine[s], have[s] + 1) for s in range(4) if have[s]]):
        naturals: list[Card] = []
        extra: list[Card] = []
        at = 0
        for s in range(4):
            if have[s]:
                n = counts[at]
                at += 1
                k = base_cards[s]
                naturals += [k] * n
                extra += [k] * (n - mine[s])
        t = tuple(naturals)
        if own_wild is not None:
            if extra:
                new = Meld._make(("set", rank, t, own_wild), rules)
                out.append((tuple(extra), new, meld_value(new)))
            continue
        if extra:
            new = Meld._make(("set", rank, t, None), rules)
            out.append((tuple(extra), new, meld_value(new)))
        for w in wilds:
            rest = [*extra, w]
            rest.sort(key=_INDEX)
            new = Meld._make(("set", rank, t, w), rules)
            out.append((tuple(rest), new, meld_value(new)))
    return out


#: Each rank's natural card of each suit, by rank (1 to 13) then suit.
_RANK_CARDS: list[list[Card]] = [[]] + [[c for c in sorted(set(make_deck(0)), key=_INDEX) if c.r == r]
                                        for r in range(1, 14)]


def _meld_of(cards: Sequence[Card], rules: Rules, res: tuple[Any, ...] | None = None) -> tuple[Rules, Meld, int, bool]:
    """``(rules, meld, meld_value(meld), meld.is_burraco)`` for ``Meld.from_cards(cards, rules=rules)``;
    ``res``: the candidate's analysis from the engine (:func:`~buraco_learn.game._candidate_entries`),
    made under fibur's rules: under fibur the meld is built from it, the same meld from_cards
    builds (checked in tests/test_engine_memo.py), without analysing the cards again."""
    key = (id(rules), bytes([c.index for c in cards]))
    found = _MELDS.get(key)
    if found is None:
        if len(_MELDS) >= _MELDS_MAX:
            _MELDS.clear()
        meld = Meld._make(res, FIBUR) if res is not None and rules is FIBUR else Meld.from_cards(cards, rules=rules)
        found = _MELDS[key] = (rules, meld, meld_value(meld), len(meld) >= 7)
    return found


#: From how many distinct cards the bound is computed on bit masks with memos per suit (it then
#: costs about half as much a call), rather than card by card (cheaper to set up, and faster while
#: the per-suit memos would rarely be hit). Both give the same values.
_MASK_BOUND_FROM = 16

#: From how many distinct cards ``best`` asks the bound at all. On fewer, the plain memoised
#: search (every child searched, its value exact) is cheaper than the bound's pruning: on the
#: 11-card hands the bound is asked about 3 times a hand at about 10 us and prunes little. The
#: plans stay the same (see ``_no_bound``).
_BOUND_FROM = 12


class _Search:
    def __init__(self, game: Game, pot_value: int, close: bool, prune: bool = True, budget: int | None = None,
                 keep: int | None = None) -> None:
        if game.phase != "play":
            raise IllegalMove(f"the solver plans the play phase of a turn; the game is in phase {game.phase!r} "
                              "(draw first, TURN-1)", ("TURN-1",))
        self.game = game
        self.seat = seat = game.to_move
        self.pot_value = pot_value
        self.close = close
        self.prune = prune  # False: no bound, a plain memoised search (the tests' reference)
        #: Nodes searched so far (``best`` calls the memo did not answer), and how many may be.
        self.nodes = 0
        self.budget = sys.maxsize if budget is None else budget
        #: States the memo answered; they count against the budget only within a shared budget
        #: (``_fit`` sets ``hit_shift``: a node for every ``2**hit_shift`` of them).
        self.hits = 0
        self.hit_shift = 64
        hand = list(game.hand(seat))
        # Rank-major order with the wilds (jokers and 2s) last: a set's cards are neighbours, and a
        # run only reaches ahead within its suit, which keeps the memo small. (``_order`` as one
        # integer per card, sorted; each card's count read from a count per card index.)
        held = [0] * 53
        for c in hand:
            held[c.index] += 1
        self.cards = cards = [_CARD_OF_ORDER[o] for o in sorted({_ORDER_OF[c.index] for c in hand})]
        self.local = {c: i for i, c in enumerate(cards)}
        self.counts = tuple([held[c.index] for c in cards])
        self.has_pot = game.side_has_pot(seat)
        self.had_burraco = game.side_has_burraco(seat)
        self.items: list[_Item] = []
        self._set4: dict[int, bool] = {}
        self.side_sets = any(t.meld.kind == "set" for t in game.side_melds(seat))
        self.pts = _card_pts_of(cards, game.rules)
        self._build_items(hand)
        if keep is not None:
            self._keep_best_items(keep)
        self.rest_cache: dict[tuple[tuple[int, ...], bool], bool] = {}
        self.banned_close: set[tuple[int, bool]] = set()
        self.memo: dict[tuple[object, ...], tuple[int, bool, int]] = {}
        self.canon_of: dict[int, int] = {}  # a remaining hand -> its canonical form (``_canonical``)
        self.bur_free: set[tuple[int, int, int]] = set()
        self.guard = _GUARDS[len(cards)]
        #: Values at or below ``alpha`` need not be found exactly (solve: the empty plan's 0 wins).
        self.alpha = _NEG // 2 if close else -1
        self._prepare_bound()
        self._prepare_symmetry()
        self.canon: list[tuple[tuple[int, ...], ...]] = [()] * (len(self.cards) + 1)

    # -- items ------------------------------------------------------------------------
    def _set_blocked(self, meld: Meld) -> bool:
        """SET-4, asked of the engine: may the side lay down a new set of this rank?"""
        r = meld._rank
        if not self.side_sets:
            return False  # SET-4 refuses a second set of a rank: with no set on the table, none is refused
        if r not in self._set4:
            try:
                self.game.verify_meld(meld.cards)
                blocked = False
            except IllegalMove as err:
                blocked = "SET-4" in err.rules
            self._set4[r] = blocked
        return self._set4[r]

    def _build_items(self, hand: list[Card]) -> None:
        rules = self.game.rules
        items = self.items
        for cards, res in _candidate_entries(hand, rules.copies):  # three copies with five players (P5-1)
            _, meld, value, burraco = _meld_of(cards, rules, res)
            rank_bit = 0
            if meld.kind == "set":
                if self._set_blocked(meld):
                    continue
                rank_bit = 1 << meld._rank
            pts, packed, low = self._pts_packed(cards)
            items.append(_Item(value, low, 0, rank_bit, burraco, meld, -1, tuple(cards), pts, packed))
        for bit, target in enumerate(self.game.lay_off_targets(self.seat)):
            old = meld_value(target.meld)
            for cards, new, value in _lay_off_additions(target, hand):
                pts, packed, low = self._pts_packed(cards)
                items.append(_Item(value - old, low, 1 << bit, 0, len(new) >= 7, None, target.id, cards, pts, packed))

    def _keep_best_items(self, keep: int) -> None:
        """Keep, per lowest card, only the ``keep`` items that gain most (ties: the first listed),
        in their order: a smaller search over fewer choices, for the best found (``_best_found``)."""
        by_low: dict[int, list[_Item]] = {}
        for it in self.items:
            by_low.setdefault(it.low, []).append(it)
        kept = {id(it) for group in by_low.values() for it in sorted(group, key=_neg_gain)[:keep]}
        self.items = [it for it in self.items if id(it) in kept]

    def _pts_packed(self, cards: Sequence[Card]) -> tuple[int, int, int]:
        """An item's bound points (its cards' points), its cards as 4-bit fields (a count per local
        card), and its lowest local card."""
        local = self.local
        pts = self.pts
        total = 0
        packed = 0
        for c in cards:
            j = local[c]
            total += pts[j]
            packed += 1 << (4 * j)
        return total, packed, ((packed & -packed).bit_length() - 1) // 4

    # -- the rest of the hand -----------------------------------------------------------
    def _rest_ok(self, kept: tuple[int, ...], burraco: bool) -> bool:
        burraco = burraco or self.had_burraco  # what the engine is asked (below)
        key = (kept, burraco)
        ok = self.rest_cache.get(key)
        if ok is None:
            game = self.game
            if kept == _MANY:
                rest = list(game.hand(self.seat))
            else:
                rest = [self.cards[i] for i in kept]
            # The engine's own check after a meld or lay-off (CLOSE-3, CLOSE-4, TURN-4, TURN-5), as
            # Game.check_rest makes it, without building the refusal's sentence (for one card its
            # lone-card check, which answers as _rest_problem does without writing one either).
            if len(rest) == 1:
                ok = _lone_ok(game, rest, self.has_pot, burraco)[0]
            else:
                ok = game._rest_problem(rest, self.has_pot, burraco) is None
            self.rest_cache[key] = ok
        return ok

    def _leaf(self, kept: tuple[int, ...], burraco: bool) -> int:
        if self.close:
            if len(kept) != 1 or (kept[0], burraco) in self.banned_close:
                return _NEG
            return 0 if self._rest_ok(kept, burraco) else _NEG
        if not kept:
            return self.pot_value if self._rest_ok(kept, burraco) else _NEG
        return 0 if self._rest_ok(kept, burraco) else _NEG

    def _profile(self, kept: tuple[int, ...]) -> tuple[int, int, int]:
        """A kept shape as the search stores it: its size (0, 1, or 2 for more) and the leaf's value
        without and with a burraco. Shapes with equal profiles are the same state."""
        size = 0 if not kept else (1 if kept != _MANY else 2)
        return (size, self._leaf(kept, False), self._leaf(kept, True))

    def _single_profiles(self) -> list[tuple[int, int, int]]:
        """``[self._profile((i,)) for each card i]``; when planning without closing, the engine's
        check of each last card asked directly (the same question as ``_rest_ok``, once when the
        side already has a burraco, as then the flag asked is the same)."""
        if self.close:
            return [self._profile((i,)) for i in range(len(self.cards))]
        game = self.game
        cards = self.cards
        without = _lone_ok(game, cards, self.has_pot, self.had_burraco)
        with_burraco = without if self.had_burraco else _lone_ok(game, cards, self.has_pot, True)
        return [(1, 0 if a else _NEG, 0 if b else _NEG) for a, b in zip(without, with_burraco)]

    def _keep(self, kept: tuple[int, int, int], i: int, n: int) -> tuple[int, int, int]:
        """The kept profile after keeping ``n`` copies of card ``i``."""
        if kept[0] or n > 1:
            return self.kept_many
        return self.kept_single[i]

    # -- the bound ----------------------------------------------------------------------
    def _prepare_bound(self) -> None:
        # One pass over the items: what an unused lay-off target may add beyond its cards' points
        # (a burraco bonus), per item what laying it down changes (``item_records``), per card the
        # targets some lay-off of it may go to, the targets and set ranks items from each card on
        # can use (``live_t``, ``live_r``), the ranks a new set may still be laid in (SET-4 applied).
        k = len(self.cards)
        extra: dict[int, int] = {}
        all_targets = 0
        set_ranks = 0
        live_t = [0] * (k + 1)
        live_r = [0] * (k + 1)
        self.target_bits = target_bits = [0] * k
        records = []
        for it in self.items:
            tb = it.target_bit
            records.append((tb, it.rank_bit, it.burraco, it.gain))
            if tb:
                all_targets |= tb
                e = it.gain - it.pts
                if e > extra.get(tb, 0):
                    extra[tb] = e
                x = it.packed  # the item's cards (its ``needs``), one 4-bit field each
                j = 0
                while x:
                    if x & 15:
                        target_bits[j] |= tb
                    x >>= 4
                    j += 1
                live_t[it.low] |= tb
            else:
                live_r[it.low] |= it.rank_bit
                set_ranks |= it.rank_bit
        self.item_records = records
        self.set_ranks = set_ranks
        self.target_extra = list(extra.items())  # the targets' bonus gains above 0
        self.target_extra_of = extra
        # Per card, the items whose lowest card it is, for ``best``: (what the item adds to the
        # node's bound, its target and set-rank bits, its needs, its number), by the first
        # descending, stably (items in their order, then a stable sort).
        self.n_targets = n_targets = all_targets.bit_length()
        low_items: list[list[tuple[int, int, int, int]]] = [[] for _ in range(k + 1)]
        for n, it in enumerate(self.items):
            low_items[it.low].append((it.gain - it.pts - extra.get(it.target_bit, 0),
                                      it.target_bit | it.rank_bit << n_targets, it.packed, n))
        for rows in low_items:
            if len(rows) > 1:
                rows.sort(key=_FIRST, reverse=True)
        self.low_items = low_items
        for i in range(k - 1, -1, -1):
            live_t[i] |= live_t[i + 1]
            live_r[i] |= live_r[i + 1]
        self.live_t = live_t
        self.live_r = live_r
        if k < _BOUND_FROM:
            # best() asks no bound here (``_no_bound``): its tables are built only if it is asked.
            self.bound = self._lazy_bound  # type: ignore[method-assign]
            return
        self._prepare_bound_tables()

    def _lazy_bound(self, rem: int, i: int, tmask: int, rmask: int, alpha: int = _NEG) -> tuple[int, bool, int]:
        """The bound of a small hand, its tables built on the first call (by a test, not best)."""
        self._prepare_bound_tables()
        return self.bound(rem, i, tmask, rmask, alpha)

    def _prepare_bound_tables(self) -> None:
        """The bound's own tables (``_prepare_bound`` made those ``best`` reads)."""
        rules = self.game.rules
        top_bonus = max(rules.clean_bonus, rules.dirty_bonus, rules.semi_clean_bonus or 0)
        self.top_bonus = max(top_bonus, rules.dirty_bonus)
        self.dirty_bonus = max(rules.dirty_bonus, 0)
        pts = self.pts
        k = len(self.cards)
        self.suit_of = [c.s if c.r != 0 else -1 for c in self.cards]
        self.rank_of = [c.r if c.r not in (0, 2) else -1 for c in self.cards]
        # Run positions a card may take (the ace low and high; a 2 of the suit as a natural 2).
        static = [_static(c) for c in self.cards]
        self.pos_bits = [st[0] for st in static]
        # Per card: the masks of the three-position windows of a run that contain it.
        self.windows: list[tuple[int, ...]] = [st[1] for st in static]
        # Per card, for the bound: rank (-1 for a wild), suit, run positions, points, targets, the
        # positions within two of its own (a run with a wild), the three-position windows.
        self.info: list[tuple[int, int, int, int, int, int, tuple[int, ...]]] = []
        for j, bits in enumerate(self.pos_bits):
            self.info.append((self.rank_of[j], self.suit_of[j], bits, pts[j], self.target_bits[j], static[j][2],
                              self.windows[j]))
        if k < _MASK_BOUND_FROM:
            self.bound = self._bound_cards  # type: ignore[method-assign]
            return
        # The same bound on bit masks (``bound``): one bit per card at the low bit of its 4-bit
        # field in ``rem``, masks per suit, per rank, per kind, and per points value.
        lsb = [1 << (4 * j) for j in range(k)]
        self.lsb_all = sum(lsb)
        self.wild_fields = sum(15 * lsb[j] for j in range(k) if self.rank_of[j] < 0)
        self.wild_lsb = sum(lsb[j] for j in range(k) if self.rank_of[j] < 0)
        self.natural_lsb = sum(lsb[j] for j in range(k) if self.rank_of[j] > 0)
        self.suit_fields = [sum(15 * lsb[j] for j in range(k) if self.suit_of[j] == s) for s in range(4)]
        self.suit_cards = [[j for j in range(k) if self.suit_of[j] == s] for s in range(4)]
        self.suit_memo: list[tuple[dict[int, tuple[Any, ...]], ...]] = [({}, {}) for _ in range(4)]
        # Per wild flag (see ``bound``), each suit with a card in the hand: its fields and memo.
        self.suit_loop = [[(s, self.suit_fields[s], self.suit_memo[s][w]) for s in range(4) if self.suit_fields[s]]
                          for w in (0, 1)]
        by_points: dict[int, int] = {}
        for j in range(k):
            by_points[pts[j]] = by_points.get(pts[j], 0) | 15 * lsb[j]
        self.point_fields = sorted(by_points.items())
        self.wild_point_fields = [(p, m & self.wild_fields) for p, m in self.point_fields if m & self.wild_fields]
        self.bytes_mask = sum(0xF << (8 * b) for b in range(k // 2 + 1))
        self.target_memo: dict[int, tuple[int, int, int]] = {}
        self.set_fields_memo: dict[int, int] = {}
        self.more_memo: dict[int, tuple[int, int]] = {}
        self.rank_cards: dict[int, int] = {}
        self.rank_lsb = [sum(lsb[j] for j in range(k) if self.rank_of[j] == r) for r in range(15)]
        self.cut_memo: dict[tuple[Any, ...], int] = {}  # see ``bound``: what the wilds' reach cuts
        self.suit_lsb = [sum(lsb[j] for j in range(k) if self.suit_of[j] == s) for s in range(4)]

    def _fieldsum(self, x: int) -> int:
        """The sum of the 4-bit fields of ``x`` (each at most 4, fewer than 255 in all)."""
        m = self.bytes_mask
        return ((x & m) + (x >> 4 & m)) % 255

    def _suit_info(self, s: int, sub: int, wild: int) -> tuple[Any, ...]:
        """What the bound needs of the cards ``sub`` of suit ``s`` (``wild``: whether a wild is
        left): their positions, the cards with a partner in a run (a wild filling a gap when there
        is one) and without a wild, where a block holding a high ace starts, and the clean and all
        burracos the suit may still make (see ``bound``)."""
        once = 0
        count = 0
        info = self.info
        present = []
        for j in self.suit_cards[s]:
            n = sub >> (4 * j) & 15
            if n:
                once |= info[j][2]
                count += n
                present.append(j)
        m = once
        t = m & (m >> 1) & (m >> 2)
        plain = m & (t | (t << 1) | (t << 2))
        m2 = m & ~4  # without position 2 (a 2 of the suit as a natural 2)
        t = m2 & (m2 >> 1) & (m2 >> 2)
        plain_no2 = m2 & (t | (t << 1) | (t << 2))
        ace_block = 0
        if wild:
            runs = m & ((m << 1) | (m >> 1) | (m << 2) | (m >> 2))
            if m >> 14 & 1:
                ace_block = (~m & ((1 << 14) - 1)).bit_length()
        else:
            runs = plain
        run_alive = 0
        plain_alive = 0
        via_two = 0  # the naturals in a run without a wild only thanks to a 2 of the suit
        alive_pts = alive_n = 0  # the points and count of the cards with a run partner
        rank_counts = 0  # the suit's naturals per rank, as 4-bit fields (see ``bound``)
        needy_keys: dict[int, tuple[int, int, int, int, int]] = {}  # a natural's bit -> (block key, points,
        # shift, rank bit, the blocks of the suit one wild joins its block to)
        links = _block_links(m) if wild else {}
        for j in present:
            r, _, bits, p = info[j][:4]
            if bits & runs:
                run_alive |= 1 << (4 * j)
                n = sub >> (4 * j) & 15
                alive_pts += p * n
                alive_n += n
            if r > 0:
                rank_counts += (sub >> (4 * j) & 15) << (4 * r)
                if bits & plain:
                    plain_alive |= 1 << (4 * j)
                    if wild and not bits & plain_no2:
                        # A block of their own, key 0, joined where the block holding position 2
                        # is (see _wild_reach).
                        via_two |= 1 << (4 * j)
                        start = _two_block(m, ace_block)
                        needy_keys[1 << (4 * j)] = (s * 16, p, 4 * j, 1 << r, links.get(start, 0) | 1 << start)
                        continue
                # The block of positions in a row holding the card (a high ace's block merged with
                # the low one's), for the bound's cards alive only thanks to a wild.
                low = bits & -bits
                start = (~m & (low - 1)).bit_length()
                if bits >> 14 & 1 == 0 and start == ace_block:
                    start = 1
                needy_keys[1 << (4 * j)] = (s * 16 + start, p, 4 * j, 1 << r, links.get(start, 0))
        full = bursts = 0
        if m.bit_count() >= 6:
            best_w = _best_seven(m)
            if best_w >= 6:
                if best_w == 7:
                    full = count // 7
                bursts = count // 6
        got: tuple[Any, ...] = (once, run_alive, plain_alive, needy_keys, full, bursts, alive_pts, alive_n, {},
                                rank_counts, via_two)
        self.suit_memo[s][wild][sub] = got
        return got

    def _suit_blocks(self, got: tuple[Any, ...], sub: int, needy: int) -> tuple[Any, ...]:
        """The blocks of one suit's cards ``needy`` (see :func:`_wild_reach`; ``sub`` the suit's
        cards, ``got`` its :meth:`_suit_info`): the values of the blocks another of them lies one
        hole away from (one wild joins them in a run), the others' (value, ranks as bits), the
        ranks of all, and how many blocks."""
        values: dict[int, int] = {}
        ranks: dict[int, int] = {}
        links: dict[int, int] = {}
        keys = got[3]
        x = needy
        while x:
            low_card = x & -x
            x ^= low_card
            key, p, shift, rank_bit, link = keys[low_card]
            values[key] = values.get(key, 0) + p * (sub >> shift & 15)
            ranks[key] = ranks.get(key, 0) | rank_bit
            links[key] = link
        present = 0
        for key in values:
            present |= 1 << (key & 15)
        linked: list[int] = []
        alone: list[tuple[int, int]] = []
        all_ranks = 0
        for key, v in values.items():
            all_ranks |= ranks[key]
            if links[key] & present & ~(1 << (key & 15)):
                linked.append(v)
            else:
                alone.append((v, ranks[key]))
        blocks = (tuple(linked), tuple(alone), all_ranks, len(values))
        got[8][needy] = blocks
        return blocks

    def _set_fields(self, rmask: int) -> int:
        """The 4-bit fields (one per rank, see ``bound``) of the ranks a new set may still take."""
        got = 0
        for r in range(1, 14):
            if (self.set_ranks & ~rmask) >> r & 1:
                got |= 15 << (4 * r)
        self.set_fields_memo[rmask] = got
        return got

    def _rank_cards(self, fields: int) -> int:
        """The natural cards (one bit per card, see ``bound``) of the ranks whose bit 3 is set in
        ``fields`` (4-bit fields, one per rank)."""
        got = 0
        for r in range(1, 14):
            if fields >> (4 * r + 3) & 1:
                got |= self.rank_lsb[r]
        self.rank_cards[fields] = got
        return got

    def _targets(self, tmask: int) -> tuple[int, int, int]:
        """For the free targets: the naturals (ranks A, 3..K) and the wilds some lay-off onto one
        of them may take, and their bonus gains beyond the cards' points."""
        free_t = ~tmask
        naturals = wilds = 0
        for j, tb in enumerate(self.target_bits):
            if tb & free_t:
                if self.rank_of[j] > 0:
                    naturals |= 1 << (4 * j)
                else:
                    wilds |= 1 << (4 * j)
        extra = sum(e for bit, e in self.target_extra if not tmask & bit)
        got = self.target_memo[tmask] = (naturals, wilds, extra)
        return got

    def bound(self, rem: int, i: int, tmask: int, rmask: int, alpha: int = _NEG) -> tuple[int, bool, int]:
        """An upper bound on what the cards ``rem`` can still gain, whether card ``i`` counts in it,
        and a tighter bound (``capped``) that cannot be split card by card to bound the children;
        when the first is at most ``alpha`` (the search prunes such a state), it is also the second.

        It adds the points of every card that some meld could still use (a natural with two
        neighbours in its suit, or one and a wild, in some three positions of a run; or with enough
        cards of its rank for a set; or a lay-off target still free for it), the wilds when two such
        naturals remain, a top bonus for each run or set that could still reach seven cards (BUR-1)
        with one wild at most, each free target's best bonus gain, and the pot's value. ``capped``
        then leaves out what the wilds cannot reach (:func:`_wild_reach`): the cards alive only
        thanks to a wild, and those in a run only thanks to a 2 of their suit as a natural 2.

        Computed on bit masks (one bit per card, per suit memos); :meth:`_bound_cards` is the same
        bound card by card.
        """
        x = rem | rem >> 1
        x |= x >> 2
        present = x & self.lsb_all
        wf = rem & self.wild_fields
        bm = self.bytes_mask
        wilds = ((wf & bm) + (wf >> 4 & bm)) % 255 if wf else 0
        w = 1 if wilds else 0
        run_alive = plain_alive = full = bursts = alive_pts = alive_naturals = rank_counts = via_two = 0
        infos: list[tuple[Any, ...] | None] = [None, None, None, None]
        for s, fields, memo in self.suit_loop[w]:
            sub = rem & fields
            if sub:
                got = memo.get(sub)
                if got is None:
                    got = self._suit_info(s, sub, w)
                infos[s] = got
                _, ra, pa, _, f, b, ap, an, _, rc, vt = got
                run_alive |= ra
                plain_alive |= pa
                full += f
                bursts += b
                alive_pts += ap
                alive_naturals += an
                rank_counts += rc
                via_two |= vt
        # The ranks a new set may still take (SET-4 applied): their naturals' counts, a 4-bit field
        # per rank (at most 8 cards), compared with 3, 6 and 7 (and 2) all at once: adding
        # 8 - k to a field sets its bit 3 exactly when the count is at least k.
        set_fields = self.set_fields_memo.get(rmask)
        if set_fields is None:
            set_fields = self._set_fields(rmask)
        rank_counts &= set_fields
        sets3 = sets = 0
        ge3 = (rank_counts + _ADD5) & _BIT3
        if ge3:
            got3 = self.rank_cards.get(ge3)
            sets3 = self._rank_cards(ge3) if got3 is None else got3
            ge6 = (rank_counts + _ADD2) & _BIT3
            if ge6:
                bursts += ge6.bit_count()
                full += ((rank_counts + _ADD1) & _BIT3).bit_count()
        if wilds:
            two = (rank_counts + _ADD6) & _BIT3 & ~ge3
            if two:
                got2 = self.rank_cards.get(two)
                sets = self._rank_cards(two) if got2 is None else got2
        targets = self.target_memo.get(tmask)
        if targets is None:
            targets = self._targets(tmask)
        t_naturals, t_wilds, extra = targets
        # The naturals alive for a set or a free target, beyond those with a run partner.
        more = present & (t_naturals | sets3 | sets) & ~run_alive
        alive = run_alive | more
        if more:
            af = rem & more * 15
            got_more = self.more_memo.get(af)  # their points and count, remembered per cards
            if got_more is None:
                more_pts = 0
                for p, fields in self.point_fields:
                    y = af & fields
                    if y:
                        more_pts += p * (((y & bm) + (y >> 4 & bm)) % 255)
                got_more = self.more_memo[af] = (more_pts, ((af & bm) + (af >> 4 & bm)) % 255)
            alive_pts += got_more[0]
            alive_naturals += got_more[1]
        wildish = present & self.wild_lsb & ~alive
        ib = 1 << (4 * i)
        i_state = 1 if alive & ib else 2 if wildish & ib else 0
        alive_i = i_state == 1
        if wildish and (alive_naturals >= 2 or wildish & t_wilds):
            wf = rem & wildish * 15
            for p, fields in self.wild_point_fields:
                y = wf & fields
                if y:
                    alive_pts += p * (((y & bm) + (y >> 4 & bm)) % 255)
            alive_i = i_state > 0
        elif alive_naturals >= 2:
            alive_i = i_state > 0
        total = (self.pot_value + alive_pts + full * self.top_bonus + min(bursts - full, wilds) * self.dirty_bonus
                 + extra)
        capped = total
        if wilds and total > alpha:
            # Cards alive only thanks to a wild: one wild's meld reaches two blocks of a suit's
            # positions in a row at most (a run's two sides of its wild, a set's two cards).
            # With the naturals in a run only thanks to a 2 of their suit (see _wild_reach).
            needy_cards = alive & self.natural_lsb & ~(t_naturals | sets3 | plain_alive) | via_two & ~(
                t_naturals | sets3)
            if needy_cards and needy_cards.bit_count() > wilds:
                # The same as _wild_reach over the blocks of the needy cards, each suit's blocks
                # remembered with the suit's facts (under its needy cards), what is cut under
                # the suits' blocks (by content: the cut is a function of their values, ranks and
                # counts, and other needy cards often make the same blocks) and the wilds.
                parts: list[tuple[Any, ...]] = []
                suit_lsb = self.suit_lsb
                for s in range(4):
                    got = infos[s]
                    if got is not None:
                        ns = needy_cards & suit_lsb[s]
                        if ns:
                            blocks = got[8].get(ns)
                            if blocks is None:
                                blocks = self._suit_blocks(got, rem & self.suit_fields[s], ns)
                            parts.append(blocks)
                ckey = (wilds, *parts)
                cut = self.cut_memo.get(ckey)
                if cut is None:
                    cut = 0
                    n_blocks = 0
                    for blocks in parts:
                        n_blocks += blocks[3]
                    if n_blocks > wilds:
                        pairable: list[int] = []
                        single: list[int] = []
                        for blocks in parts:
                            pairable += blocks[0]
                            if blocks[1]:
                                others = 0
                                for theirs in parts:
                                    if theirs is not blocks:
                                        others |= theirs[2]
                                for value, ranks in blocks[1]:
                                    if ranks & others:
                                        pairable.append(value)
                                    else:
                                        single.append(value)
                        cut = sum(pairable) + sum(single) - _reach(pairable, single, wilds)
                    self.cut_memo[ckey] = cut
                capped -= cut
        return total, alive_i, capped

    @staticmethod
    def _no_bound(rem: int, i: int, tmask: int, rmask: int, alpha: int = _NEG) -> tuple[int, bool, int]:
        """The bound ``best`` asks on small hands (fewer than ``_BOUND_FROM`` distinct cards): no
        bound at all (a value no plan reaches: nothing is pruned, every value found is exact),
        with card ``i`` counted in it, as the real bound counts it wherever ``best`` asks it (an
        item whose lowest card is ``i`` fits there, so card ``i`` has a meld's partners or a free
        target, and the real bound counts its points: it is valid for that child). So the
        children come in the same order, and the plan found, the first child in that order
        reaching each node's best value, is the same (solver_same.py: 0 plans differ)."""
        return -_NEG, True, -_NEG

    def _bound_cards(self, rem: int, i: int, tmask: int, rmask: int, alpha: int = _NEG) -> tuple[int, bool, int]:
        """An upper bound on what the cards ``rem`` can still gain, whether card ``i`` counts in it,
        and a tighter bound (``capped``) that cannot be split card by card to bound the children;
        when the first is at most ``alpha`` (the search prunes such a state), it is also the second.

        It adds the points of every card that some meld could still use (a natural with two
        neighbours in its suit, or one and a wild, in some three positions of a run; or with enough
        cards of its rank for a set; or a lay-off target still free for it), the wilds when two such
        naturals remain, a top bonus for each run or set that could still reach seven cards (BUR-1)
        with one wild at most, each free target's best bonus gain, and the pot's value. ``capped``
        then leaves out what the wilds cannot reach (:func:`_wild_reach`): the cards alive only
        thanks to a wild, and those in a run only thanks to a 2 of their suit as a natural 2.
        """
        once = [0, 0, 0, 0]  # per suit: bit p set when a card of position p is left
        suit_count = [0, 0, 0, 0]
        ranks = [0] * 15
        wilds = 0
        info = self.info
        cards_left = []
        x = rem >> (4 * i)
        j = i
        while x:
            n = x & 15
            if n:
                inf = info[j]
                cards_left.append((inf, n, j))
                r, s = inf[0], inf[1]
                if r < 0:
                    wilds += n
                if s >= 0:
                    once[s] |= inf[2]
                    suit_count[s] += n
                if r > 0:
                    ranks[r] += n
            x >>= 4
            j += 1
        free_t = ~tmask
        set_ok = self.set_ranks & ~rmask
        # Per suit, the run positions with a partner: another card within two positions when a
        # wild can fill the gap, else three positions in a row.
        runs = [0, 0, 0, 0]
        plain = [0, 0, 0, 0]  # the same without a wild
        plain_no2 = [0, 0, 0, 0]  # the same again without position 2 (a 2 of the suit as a natural)
        ace_block = [0, 0, 0, 0]  # where the block holding a high ace starts (merged with the low one)
        for s in range(4):
            m = once[s]
            if m:
                t = m & (m >> 1) & (m >> 2)
                plain[s] = m & (t | (t << 1) | (t << 2))
                m2 = m & ~4
                t = m2 & (m2 >> 1) & (m2 >> 2)
                plain_no2[s] = m2 & (t | (t << 1) | (t << 2))
                if wilds:
                    runs[s] = m & ((m << 1) | (m >> 1) | (m << 2) | (m >> 2))
                    if m >> 14 & 1:
                        ace_block[s] = (~m & ((1 << 14) - 1)).bit_length()
                else:
                    runs[s] = plain[s]
        needy: dict[int, int] = {}
        needy_ranks: dict[int, int] = {}
        needy_links: dict[int, int] = {}
        alive_pts = 0
        alive_naturals = 0
        wild_pts = 0
        any_wild_target = False
        i_state = 0  # 1: card i counts as a natural, 2: it counts only if the wilds do
        for (r, s, bits, p, tb, _, _), n, j in cards_left:
            if s >= 0 and ((r > 0 and (tb & free_t or (set_ok >> r & 1 and (ranks[r] >= 3 or (ranks[r] >= 2
                                                                                                and wilds)))))
                           or bits & runs[s]):
                # a natural (or a 2 that may be its suit's natural 2, RUN-5) with a partner
                alive_pts += p * n
                alive_naturals += n
                if j == i:
                    i_state = 1
                if wilds and r > 0 and bits & plain[s] and not bits & plain_no2[s] and not (
                        tb & free_t or (set_ok >> r & 1 and ranks[r] >= 3)):
                    # In a run without a wild only thanks to a 2 of its suit as a natural 2
                    # (RUN-5): that 2 is then no wild, or the card needs a wild (see _wild_reach).
                    start = _two_block(once[s], ace_block[s])
                    key = s * 16
                    needy[key] = needy.get(key, 0) + p * n
                    needy_ranks[key] = needy_ranks.get(key, 0) | 1 << r
                    needy_links[key] = _block_links(once[s])[start] | 1 << start
                if wilds and r > 0 and not (tb & free_t or (set_ok >> r & 1 and ranks[r] >= 3)
                                            or bits & plain[s]):
                    # Alive only thanks to a wild: one wild's meld reaches two blocks of a suit's
                    # positions in a row at most (a run's two sides of its wild, a set's two cards).
                    m = once[s]
                    low = bits & -bits
                    start = (~m & (low - 1)).bit_length()
                    if bits >> 14 & 1 == 0 and start == ace_block[s]:
                        start = 1
                    key = s * 16 + start
                    needy[key] = needy.get(key, 0) + p * n
                    needy_ranks[key] = needy_ranks.get(key, 0) | 1 << r
                    needy_links[key] = _block_links(m)[start]
            elif r > 0:
                continue
            else:  # a joker, or a 2 only as a wild
                wild_pts += p * n
                if tb & free_t:
                    any_wild_target = True
                if j == i:
                    i_state = 2
        alive_i = i_state == 1
        if alive_naturals >= 2 or any_wild_target:
            alive_pts += wild_pts
            alive_i = i_state > 0
        total = self.pot_value + alive_pts
        # A burraco needs seven cards, one wild at most (BUR-1, RUN-4, SET-2): six naturals of a
        # suit within seven positions, or six of a rank. Clean or semi-clean needs seven naturals in
        # a row (BUR-2, BUR-3); with six, a wild makes it dirty at best (BUR-4) and uses up a wild.
        full = 0
        bursts = 0
        for s in range(4):
            mask = once[s]
            if mask.bit_count() >= 6:
                best_w = _best_seven(mask)
                if best_w >= 6:
                    n_suit = suit_count[s]
                    if best_w == 7:
                        full += n_suit // 7
                    bursts += n_suit // 6
        if max(ranks) >= 6:
            for r in range(1, 14):
                c = ranks[r]
                if c >= 6 and set_ok >> r & 1:
                    if c >= 7:
                        full += 1
                    bursts += 1
        # At most ``full`` clean or semi-clean burracos, ``bursts`` in all, the dirty ones a wild each.
        total += full * self.top_bonus + min(bursts - full, wilds) * self.dirty_bonus
        for bit, e in self.target_extra:
            if not tmask & bit:
                total += e
        # Each wild makes one meld (RUN-4, SET-2), reaching two blocks of cards alive only thanks to
        # a wild: the blocks beyond twice the wilds are left out, the cheapest first.
        capped = total
        if len(needy) > wilds and total > alpha:
            capped -= sum(needy.values()) - _wild_reach(needy, needy_ranks, needy_links, wilds)
        return total, alive_i, capped

    # -- symmetric 2s ---------------------------------------------------------------------
    @staticmethod
    def _permuted(it: _Item, perm: dict[int, int]) -> tuple[int, int, int]:
        """The key (4-bit fields, target and set-rank bits) of ``it`` with its cards moved by the
        permutation ``perm`` of local indices: :meth:`_swapped` on the fields."""
        p = it.packed
        moved = p
        for j in perm:
            moved &= ~(15 << (4 * j))
        for j, to in perm.items():
            moved |= (p >> (4 * j) & 15) << (4 * to)
        return (moved, it.target_bit, it.rank_bit)

    def _swapped(self, it: _Item, perm: dict[int, int]) -> _ItemKey:
        needs = tuple(sorted((perm.get(j, j), n) for j, n in it.needs))
        return (needs, it.target_bit, it.rank_bit)

    def _prepare_symmetry(self) -> None:
        """For each pair of 2s, the first card from which on every item left is the same with the
        two swapped (same gain, same burraco): from there they are the same wild."""
        twos = [j for j, c in enumerate(self.cards) if c.is_two]
        self.pair_from: dict[tuple[int, int], int] = {}
        self.item_index: dict[tuple[int, int, int], int] = {}  # filled by ``run`` when it needs it
        if len(twos) < 2:
            return  # no pair of 2s: nothing to merge
        # Items by their needs as 4-bit fields (one-to-one with ``needs``), so that swapping two
        # cards' counts is a few integer operations.
        by_packed = {(it.packed, it.target_bit, it.rank_bit): it for it in self.items}
        for x, a in enumerate(twos):
            for b in twos[x + 1:]:
                sa, sb = 4 * a, 4 * b
                uses = 15 << sa | 15 << sb  # an item's needs hold a or b
                start = 0
                for it in self.items:
                    if it.low >= start and it.packed & uses:
                        p = it.packed
                        ca, cb = p >> sa & 15, p >> sb & 15
                        other = by_packed.get((p + ((cb - ca) << sa) + ((ca - cb) << sb), it.target_bit, it.rank_bit))
                        if other is None or (other.gain, other.burraco) != (it.gain, it.burraco):
                            start = it.low + 1
                self.pair_from[(a, b)] = start

    def _prepare_canon(self) -> None:
        """Per card index, the groups of 2s that are interchangeable from there on (items and the
        kept card's leaf values alike); the search merges their counts (``_canonical``)."""
        k = len(self.cards)
        self.canon = [()] * (k + 1)
        if not self.pair_from:
            return
        for i in range(k):
            groups: list[list[int]] = []
            for (a, b), start in self.pair_from.items():
                if start > i or a < i or self.kept_single[a] != self.kept_single[b]:
                    continue
                ga = next((g for g in groups if a in g), None)
                gb = next((g for g in groups if b in g), None)
                if ga is None and gb is None:
                    groups.append([a, b])
                elif ga is None and gb is not None:
                    gb.append(a)
                elif gb is None and ga is not None:
                    ga.append(b)
                elif ga is not gb and ga is not None and gb is not None:
                    ga.extend(gb)
                    groups.remove(gb)
            self.canon[i] = tuple(tuple(sorted(g)) for g in groups)

    def _canonical(self, rem: int, i: int) -> tuple[int, dict[int, int]]:
        """``rem`` with the counts of each group of interchangeable 2s sorted (most on the first),
        and the map from each canonical card to the hand's card it stands for."""
        to_actual: dict[int, int] = {}
        for g in self.canon[i]:
            if len(g) == 2 and rem >> (4 * g[0]) & 15 >= rem >> (4 * g[1]) & 15:
                continue  # a pair already in order (the common case)
            have = [(rem >> (4 * j)) & 15 for j in g]
            if have == sorted(have, reverse=True):
                continue
            order = [j for _, j in sorted(zip(have, g), key=_neg_first)]
            counts = [(rem >> (4 * j)) & 15 for j in order]
            for j in g:
                rem &= ~(15 << (4 * j))
            for j, n in zip(g, counts):
                rem |= n << (4 * j)
            to_actual.update(zip(g, order))
        return rem, to_actual

    # -- the search ---------------------------------------------------------------------
    def best(self, rem: int, i: int, tmask: int, rmask: int, kept: tuple[int, int, int],
             bur: bool, alpha: int) -> tuple[int, bool]:
        """The best gain from this state: ``(value, True)`` exactly when it beats ``alpha``, else
        ``(bound, False)`` with the true value at most ``bound <= alpha`` (branch and bound with a
        memo of exact values and of such upper bounds).

        ``rem`` is the remaining hand as 4-bit fields, one per distinct card, in ``_order``.
        """
        x = rem >> (4 * i)
        if not x:
            return kept[2 if bur else 1], True
        i += ((x & -x).bit_length() - 1) // 4
        live_t, live_r, canon, canon_of, memo, bur_free = self._ctx_top
        # Forget the lay-off targets and set ranks no item from here on can use: same state.
        tmask &= live_t[i]
        rmask &= live_r[i]
        if canon[i]:
            crem = canon_of.get(rem)
            if crem is None:
                # _canonical reads and writes only the 2s' fields: its answer on those fields alone,
                # remembered per card index and fields, is the same for every other part of rem.
                twos = rem & self.two_fields
                ckey = (i, twos)
                ctwos = self.canon_twos.get(ckey)
                if ctwos is None:
                    ctwos = self.canon_twos[ckey] = self._canonical(twos, i)[0]
                crem = canon_of[rem] = rem - twos + ctwos
            rem = crem
        key = (rem, tmask, rmask, kept, bur and kept not in bur_free)
        got = memo.get(key)
        if got is not None:
            value, exact, _ = got
            if exact or value <= alpha:
                self.hits += 1
                return value, exact
        # A node searched (not answered by the memo): counted against the budget, and within a
        # shared budget the memo's answers too (a node for every 2**hit_shift of them).
        self.nodes += 1
        if self.nodes + (self.hits >> self.hit_shift) > self.budget:
            raise _OutOfBudget
        # Children: keep every remaining copy of card i, or lay it down in an item whose lowest card
        # it is. Each child's optimistic bound orders the search and prunes it.
        shift = 4 * i
        n_i = (rem >> shift) & 15
        keep_rem = rem & ~(15 << shift)
        prune, bound, pts, guard, n_targets, rows_of, records, kept_many, kept_single = self._ctx_node
        guarded = rem | guard
        trmask = tmask | rmask << n_targets
        rows = rows_of[i]
        n_rows = len(rows)
        k = 0  # the first item whose lowest card is i that is free and within the hand
        while k < n_rows:
            row = rows[k]
            if row[1] & trmask or (guarded - row[2]) & guard != guard:
                k += 1
            else:
                break
        if k == n_rows:
            # No item fits: keeping card i is the only child, and its value is this node's (the
            # bound would only decide sooner that it cannot beat ``alpha``).
            v, exact = self.best(keep_rem, i + 1, tmask, rmask, kept_many if kept[0] or n_i > 1 else kept_single[i],
                                 bur, alpha)
            memo[key] = (v, exact, -1)
            return v, exact
        if prune:
            node_ub, alive_i, capped = bound(rem, i, tmask, rmask, alpha)
            if capped <= alpha:
                memo[key] = (capped, False, -1)
                return capped, False
        else:
            node_ub, alive_i, capped = -_NEG, False, -_NEG
        # The children in order of their bounds, highest first: the items whose lowest card is i
        # (``low_items``: by what they add to the node's bound, descending, stably), free and within
        # the hand, with keeping card i before the items it ties with: the order a stable sort of
        # every child by its bound gives. Each child is looked at only when its turn comes, since
        # the first child whose bound cannot beat the best found so far ends the loop.
        keep_base = -pts[i] * n_i if alive_i else 0
        keep_pending = True
        lower = _NEG
        upper = _NEG
        choice = -1
        while True:
            if k < n_rows:
                base, block, packed, n = rows[k]
                if block & trmask or (guarded - packed) & guard != guard:
                    k += 1
                    continue
                if keep_pending and base <= keep_base:
                    keep_pending = False
                    n = -1
                    base = keep_base
                else:
                    k += 1
            elif keep_pending:
                keep_pending = False
                n = -1
                base = keep_base
            else:
                break
            ub = base + node_ub
            if ub > capped:  # no child gains more than the node's own bound
                ub = capped
            target = alpha if alpha > lower else lower
            if ub <= target:
                if ub > lower and ub > upper:
                    upper = ub
                break
            if n < 0:
                v, exact = self.best(keep_rem, i + 1, tmask, rmask,
                                     kept_many if kept[0] or n_i > 1 else kept_single[i], bur, target)
            else:
                target_bit, rank_bit, burraco, gain = records[n]
                v, exact = self.best(rem - packed, i, tmask | target_bit, rmask | rank_bit, kept, bur or burraco,
                                     target - gain)
                if v > _NEG // 2:
                    v += gain
            if exact:
                if v > lower:
                    lower, choice = v, n
            elif v > upper:
                upper = v
        if upper > lower:
            memo[key] = (upper, False, -1)
            return upper, False
        memo[key] = (lower, True, choice)
        return lower, True

    def run(self) -> tuple[int, list[_Item], tuple[Card, ...]] | None:
        self.memo.clear()
        start = 0
        for j, n in enumerate(self.counts):
            start |= n << (4 * j)
        # Kept shapes whose leaves are worth the same, now and after keeping more, are one state:
        # one card kept is "many" when its leaf values are many's; nothing kept is "many" when
        # every shape it may grow into is. The burraco flag is left out of the memo key when no
        # leaf reachable from the shape depends on it.
        many = self._profile(_MANY)
        leaves = many[1:]
        singles = self._single_profiles()
        # (At most four distinct single profiles: each mapped once, those worth many's to many.)
        as_many = {s: (many if s[1:] == leaves else s) for s in set(singles)}
        singles = [as_many[s] for s in singles]
        distinct = set(as_many.values())
        none = self._profile(())
        if none[1:] == leaves and all(s is many for s in distinct):
            none = many
        bur_free: set[tuple[int, int, int]] = set()
        if many[1] == many[2]:
            bur_free.add(many)
            bur_free.update(s for s in distinct if s[1] == s[2])
            if none[1] == none[2] and all(s in bur_free for s in distinct):
                bur_free.add(none)
        self.kept_none, self.kept_many, self.kept_single, self.bur_free = none, many, singles, bur_free
        self._prepare_canon()
        self.canon_of.clear()
        self.two_fields = sum(15 << (4 * j) for j, c in enumerate(self.cards) if c.is_two)
        self.canon_twos: dict[tuple[int, int], int] = {}  # (card index, the 2s' fields) -> canonical fields
        # What best() reads at every node, in two tuples (one attribute look-up each).
        self._ctx_top = (self.live_t, self.live_r, self.canon, self.canon_of, self.memo, self.bur_free)
        self._ctx_node = (self.prune, self.bound if len(self.cards) >= _BOUND_FROM else self._no_bound, self.pts, self.guard, self.n_targets, self.low_items,
                          self.item_records, self.kept_many, self.kept_single)
        value, exact = self.best(start, 0, 0, 0, self.kept_none, self.had_burraco, self.alpha)
        if not exact or value <= _NEG // 2:
            return None
        # Walk the choices back.
        chosen: list[_Item] = []
        kept = self.kept_none
        rem, i, tmask, rmask, bur = start, 0, 0, 0, self.had_burraco
        perm: dict[int, int] = {}
        while True:
            x = rem >> (4 * i)
            if not x:
                break
            i += ((x & -x).bit_length() - 1) // 4
            tmask &= self.live_t[i]
            rmask &= self.live_r[i]
            if self.canon[i]:  # the search's own state; ``perm`` maps its cards to the hand's
                rem, to_actual = self._canonical(rem, i)
                perm = {j: perm.get(to_actual.get(j, j), to_actual.get(j, j))
                        for j in set(perm) | set(to_actual)}
            _, _, choice = self.memo[(rem, tmask, rmask, kept, bur and kept not in self.bur_free)]
            if choice < 0:
                kept = self._keep(kept, i, (rem >> (4 * i)) & 15)
                rem &= ~(15 << (4 * i))
                i += 1
                continue
            it = self.items[choice]
            rem -= it.packed
            if perm:  # the same item with the hand's own 2s
                if not self.item_index:
                    self.item_index = {(x.packed, x.target_bit, x.rank_bit): n for n, x in enumerate(self.items)}
                it = self.items[self.item_index[self._permuted(it, perm)]]
            tmask |= it.target_bit
            rmask |= it.rank_bit
            bur = bur or it.burraco
            chosen.append(it)
        rest = list(self.game.hand(self.seat))
        for it in chosen:
            for c in it.cards:
                rest.remove(c)  # one copy each: the hand's multiset minus the cards laid
        rest_cards = tuple(sorted(rest, key=_SORT_KEY))
        return value, chosen, rest_cards

    def greedy(self) -> tuple[int, list[_Item], tuple[Card, ...]] | None:
        """A first answer without search: the items taken greedily, the one that gains most first
        (ties: the first listed), each only if it fits in what is left of the hand, its lay-off
        target and set rank unused, and what it leaves could still end the turn; the search's own
        leaf (``_leaf``) decides that last point. ``None`` when the result is no legal end."""
        rem = 0
        for j, n in enumerate(self.counts):
            rem |= n << (4 * j)
        left = sum(self.counts)
        guard = self.guard
        tmask = rmask = 0
        bur = self.had_burraco
        value = 0
        chosen: list[_Item] = []
        for it in sorted(self.items, key=_neg_gain):
            if it.target_bit & tmask or it.rank_bit & rmask or ((rem | guard) - it.packed) & guard != guard:
                continue
            if it.gain < 0 and not self.close:
                continue  # lowers the count (a wild on a clean burraco, BUR-5): only a search weighs it
            after = left - len(it.cards)
            if after <= 1 and self._leaf(self._kept_shape(rem - it.packed, after), bur or it.burraco) <= _NEG // 2:
                continue
            rem -= it.packed
            left = after
            tmask |= it.target_bit
            rmask |= it.rank_bit
            bur = bur or it.burraco
            value += it.gain
            chosen.append(it)
        leaf = self._leaf(self._kept_shape(rem, left), bur)
        if leaf <= _NEG // 2:
            return None
        rest = list(self.game.hand(self.seat))
        for it in chosen:
            for c in it.cards:
                rest.remove(c)
        return value + leaf, chosen, tuple(sorted(rest, key=_SORT_KEY))

    @staticmethod
    def _kept_shape(rem: int, left: int) -> tuple[int, ...]:
        """The kept cards' shape as ``_leaf`` reads it: none, the one card's local index, or many."""
        if left == 0:
            return ()
        if left == 1:
            return (((rem & -rem).bit_length() - 1) // 4,)
        return _MANY

    def release(self) -> None:
        """Drop this search's references to its own bound methods (the bound chosen by
        ``_prepare_bound``, and ``_ctx_node`` holding it): each is a reference cycle through the
        search, which would otherwise leave the search with its items, memo and tables (hundreds
        of objects) to the cyclic garbage collector. Called once a search is done with."""
        self.__dict__.pop("bound", None)
        self.__dict__.pop("_ctx_node", None)

    def plan_of(self, chosen: list[_Item], rest: tuple[Card, ...]) -> Plan:
        melds = tuple(it.meld for it in chosen if it.meld is not None)
        lay_offs = tuple(sorted((it.target, it.cards) for it in chosen if it.meld is None))
        points = sum(it.gain for it in chosen)
        takes_pot = not rest and not self.has_pot
        discard = rest[0] if self.close else None
        return Plan(melds, lay_offs, points, () if self.close else rest, takes_pot, discard)


def _replay_in_order(game: Game, plan: Plan) -> tuple[Plan, Game]:
    """Replay the plan, choosing the order of its actions: when the hand is emptied by one-card
    lay-offs, the card laid last is alone in the hand just before, and it must be a card that
    could end the turn (TURN-4 forbids the one card just taken from the pile). The engine decides
    which orders work; the first that does is kept."""
    try:
        return plan, _replay(game, plan)
    except SolverError:
        if plan.melds or len(plan.lay_offs) < 2:
            raise
    for k in range(len(plan.lay_offs)):
        order = plan.lay_offs[:k] + plan.lay_offs[k + 1:] + (plan.lay_offs[k],)
        other = dataclasses.replace(plan, lay_offs=order)
        try:
            return other, _replay(game, other)
        except SolverError:
            continue
    raise SolverError(f"no order of the plan {plan} is accepted by the engine")  # pragma: no cover


def _replay(game: Game, plan: Plan) -> Game:
    """Play the plan on a clone; the engine must accept every action and agree on the points."""
    g = game.clone()
    seat = g.to_move
    before = _side_value(g, seat)
    for m in plan.melds:
        # Each meld is Meld.from_cards of its cards (built by _meld_of): the engine is told so,
        # and checks everything else of the play (the cards in hand, SET-4, the rest, the points).
        _known_meld(m)
    lays = [a for a in plan.actions() if not isinstance(a, Discard)]
    for a in lays:
        try:
            g.apply(a)
        except IllegalMove as err:  # pragma: no cover - a solver bug
            raise SolverError(f"the engine refused {a} from the plan {plan}: {err}") from None
    gained = _side_value(g, seat) - before
    if gained != plan.points:  # pragma: no cover - a solver bug
        raise SolverError(f"the plan {plan} gains {gained} points on the table, not {plan.points}")
    return g


def solve(game: Game, *, pot_value: int = 0, budget: int | None = NODE_BUDGET) -> Plan:
    """The new melds and lay-offs that lay down the most points for the player to move.

    The game must be in the play phase (after the draw). The plan respects every rule the engine
    applies to a meld or a lay-off, including CLOSE-3 (keep a card to discard once the side has its
    pot) and CLOSE-4; a plan that empties the hand takes the pot (POT-2) and earns ``pot_value``
    extra in the objective (not in ``points``). Among equal plans the one found first is returned.

    The search visits at most ``budget`` nodes (:data:`NODE_BUDGET`; ``None``: no limit). Within
    it the plan is exact (``plan.proven``); past it, the best found (``proven`` False, see
    :func:`_best_found`), so that even a hand of 30 cards or more is answered within a second.

    >>> from buraco_learn import Game
    >>> g = Game.from_position("fibur 2p d1 t0 play | h: 8H 9H TH 5C / - | m: 0=5H 6H 7H | p: 3C | s: * "
    ...                        "| pots: *11 | took: 0")
    >>> print(solve(g))  # with the pot and no burraco, one card cannot end the turn (CLOSE-4)
    layoff 0: 8H 9H (+20 points)
    >>> solve(g).proven, solve(g, budget=1).proven  # one node is not enough to prove it the most
    (True, False)
    """
    if _pool_spent():
        hand = tuple(sorted(game.hand(game.to_move), key=_SORT_KEY))
        return Plan((), (), 0, hand, proven=False)  # laying nothing down: no budget left to search
    search = _Search(game, pot_value, close=False, budget=budget)
    budget = _fit(search, budget)
    try:
        found = search.run()
    except _OutOfBudget:
        return _best_found(game, pot_value, search, budget or 0)
    finally:
        search.release()
        _charge(search)
    return _plan_of_found(game, search, found)


def _plan_of_found(game: Game, search: _Search, found: tuple[int, list[_Item], tuple[Card, ...]] | None) -> Plan:
    """:func:`solve`'s plan from what its search found (``None``: no plan beats laying nothing)."""
    if found is None or found[0] < 0 or (found[0] == 0 and not found[1]):
        hand = tuple(sorted(game.hand(game.to_move), key=_SORT_KEY))
        return Plan((), (), 0, hand)
    _, chosen, rest = found
    plan = search.plan_of(chosen, rest)
    if plan.rest:
        # A plan that keeps a card is not replayed: its order cannot matter. Every hand between
        # its actions holds two cards or more (never refused, TURN-3), and its last hand is the
        # same in every order, with the same melds on the table, so the same burracos (the
        # search's leaf asked the engine about it, ``_last_cards_ok``). The plan's actions go
        # through the engine when played; tests/test_solver.py replays solve's plans.
        return plan
    plan, _ = _replay_in_order(game, plan)
    return plan


#: The smaller searches of the best found, in order: at most this many items per lowest card.
_FALLBACK_KEEP = (1, 2, 3)


def _best_found(game: Game, pot_value: int, search: _Search, budget: int) -> Plan:
    """:func:`solve`'s answer once its exact search ran out of budget: the best of a greedy plan
    (:meth:`_Search.greedy`, on the items the search built) and of exact searches over fewer
    choices (per lowest card, the 1, 2, then 3 items that gain most), each within what is left of
    an eighth of ``budget``; the first that runs out ends them. Each plan is the engine's (a plan
    that empties the hand is replayed on it, as ``solve``'s are), marked ``proven=False``; the
    greedy plan first, so the answer is never worse than it."""
    options: list[tuple[int, Plan]] = []

    def offer(found: tuple[int, list[_Item], tuple[Card, ...]] | None, source: _Search) -> None:
        try:
            plan = _plan_of_found(game, source, found)
        except SolverError:  # pragma: no cover - a solver bug; the exact search would raise it too
            return
        options.append((plan.points + (pot_value if plan.takes_pot else 0), plan))

    offer(search.greedy(), search)
    left = budget // _FALLBACK_SHARE
    for keep in _FALLBACK_KEEP:
        if left <= 0:
            break  # (a search with no node to search would run out at its first)
        small = _Search(game, pot_value, close=False, budget=left, keep=keep)
        _fit(small, left)
        try:
            offer(small.run(), small)
        except _OutOfBudget:
            break
        finally:
            small.release()
            _charge(small)
        left -= small.nodes
    offer(None, search)  # laying nothing down (solve's answer when nothing beats it), last
    best = max(options, key=_FIRST)[1]  # the first of the best: the greedy plan on a tie
    return dataclasses.replace(best, proven=False)


@dataclass(frozen=True)
class Closing:
    """:func:`find_close`'s answer: the closing plan (``None``: none found) and whether the search
    finished within its budget (``proven``: then ``None`` means the player cannot close, and the
    plan lays down the most points a close can)."""

    plan: Plan | None
    proven: bool
    #: The nodes searched for this answer (the exact search's, and the best found's).
    nodes: int = 0


def can_close(game: Game, *, budget: int | None = NODE_BUDGET) -> Plan | None:
    """How the player to move can close this turn (CLOSE-1), laying down the most points; ``None``
    if he cannot.

    Closing means laying down so that exactly one card is left and discarding it ends the hand:
    the side needs its pot and a burraco (CLOSE-1, CLOSE-4) and the last card may not be a wild
    (CLOSE-2). The plan's ``discard`` is that card; its ``points`` exclude the close bonus (CLOSE-5).
    Within ``budget`` nodes (:data:`NODE_BUDGET`) the answer is exact; past it, the best close
    found (``plan.proven`` False) or ``None`` when none was found: :func:`find_close` says which.

    >>> from buraco_learn import Game
    >>> g = Game.from_position("fibur 2p d1 t0 play | h: 9H TH 2C 5C / - | m: 0=3H 4H 5H 6H 7H 8H | p: 3C "
    ...                        "| s: * | pots: *11 | took: 0")
    >>> print(can_close(g))  # 2C cannot be the last card (CLOSE-2): it goes onto the run
    layoff 0: 9H TH 2C; discard 5C (+190 points)
    >>> print(can_close(Game.from_position("fibur 2p d1 t0 play | h: 9H 2C / - | m: 0=3H 4H 5H | p: 3C "
    ...                                    "| s: * | pots: *11 | took: 0")))
    None
    """
    return find_close(game, budget=budget).plan


def find_close(game: Game, *, budget: int | None = NODE_BUDGET) -> Closing:
    """:func:`can_close` with whether its answer is proven: an exact search within ``budget`` nodes,
    else the best close of smaller searches (per lowest card, the 1, 2, then 3 items that gain
    most) within an eighth of the budget more, each close replayed and closed on the engine.

    >>> from buraco_learn import Game
    >>> g = Game.from_position("fibur 2p d1 t0 play | h: 9H TH 2C 5C / - | m: 0=3H 4H 5H 6H 7H 8H | p: 3C "
    ...                        "| s: * | pots: *11 | took: 0")
    >>> find_close(g).proven, find_close(g, budget=2).proven
    (True, False)
    """
    if _pool_spent():
        return Closing(None, False, 0)  # no budget left to search
    search = _Search(game, 0, close=True, budget=budget)
    budget = _fit(search, budget)
    try:
        return Closing(_closing_plan(game, search), True, search.nodes)
    except _OutOfBudget:
        pass
    finally:
        search.release()
        _charge(search)
    found: list[Plan] = []
    left = (budget or 0) // _FALLBACK_SHARE
    for keep in _FALLBACK_KEEP:
        if left <= 0:
            break  # (a search with no node to search would run out at its first)
        small = _Search(game, 0, close=True, budget=left, keep=keep)
        _fit(small, left)
        small.banned_close |= search.banned_close  # last cards the engine already refused
        try:
            plan = _closing_plan(game, small)
        except _OutOfBudget:
            left = 0  # all of it spent
            break
        finally:
            small.release()
            _charge(small)
        left -= small.nodes
        if plan is not None:
            found.append(plan)
    spent = search.nodes + (budget or 0) // _FALLBACK_SHARE - left
    if not found:
        return Closing(None, False, spent)
    best = max(found, key=_points)  # the first of the most points
    return Closing(dataclasses.replace(best, proven=False), False, spent)


def _points(plan: Plan) -> int:
    return plan.points


def _closing_plan(game: Game, search: _Search) -> Plan | None:
    """:func:`can_close` with its search: the best closing plan the engine accepts, or ``None``."""
    for _ in range(2 * len(search.cards) + 2):
        found = search.run()
        if found is None:
            return None
        _, chosen, rest = found
        plan = search.plan_of(chosen, rest)
        plan, g = _replay_in_order(game, plan)
        seat = g.to_move
        assert plan.discard is not None
        if g.can_discard(plan.discard):
            g.discard(plan.discard)
            if g.is_over and g.result().closed_by == seat:
                return plan
        # The engine says this last card does not close with this table: never offer it again.
        bur = g.side_has_burraco(seat)
        search.banned_close.add((search.local[plan.discard], bur))
    return None  # pragma: no cover - the loop bans a pair each time


def dead_cards(game: Game, seat: int | None = None) -> list[Card]:
    """Cards of ``seat``'s hand that can never be melded, whatever is drawn later, given what the
    seat can see: every card on the table is out of reach, every other card might still come.

    A card is alive if some legal meld containing it can be built from the cards not on the table
    (SET-4 respected: a rank the side already has as a set is only laid off), or if the side's melds
    accept it in a lay-off with such cards (TURN-2).

    >>> from buraco_learn import Game
    >>> g = Game.from_position("fibur 2p d1 t0 play | h: 7H KS / - | m: 1=7S 7S 7D 7D 7C 7C 7H; "
    ...     "1=4H 5H 6H JK(=7H) 8H 9H TH; 1=5H 6H 2S(=7H) 8H 9H | p: 3C | s: * | pots: *11 / *11 | took: -")
    >>> dead_cards(g)
    [Card.parse('7H')]
    """
    seat = game.to_move if seat is None else seat
    rules = game.rules
    on_table = Counter(c for t in game.table for c in t.meld.cards)
    pool = list((Counter(make_deck(rules.deck_jokers(game.players), rules.packs(game.players))) - on_table).elements())
    wilds = [c for c in pool if c.is_wild]
    wild_once = list(dict.fromkeys(wilds))
    own_sets = {t.meld.rank for t in game.side_melds(seat) if t.meld.kind == "set"}
    targets = game.lay_off_targets(seat)
    out: list[Card] = []
    for card in dict.fromkeys(game.hand(seat)):
        alive = False
        # New melds from the pool containing the card.
        if card.is_wild:
            related = pool
        else:
            related = [c for c in pool if (c.rank == card.rank and not c.is_wild) or c.suit == card.suit]
            related += [w for w in wild_once if w not in related]
        for cand in candidate_melds(related, rules.copies):
            if card not in cand:
                continue
            m = Meld.from_cards(cand, rules=rules)
            if m.kind == "set" and m.rank in own_sets:
                continue  # SET-4: such cards only go onto the side's set
            alive = True
            break
        if not alive:
            for t in targets:
                adds = _lay_off_additions(t, pool)
                if any(card in cards for cards, _, _ in adds):
                    alive = True
                    break
        if not alive:
            out.append(card)
    return out


def _format(cards: Sequence[Card]) -> str:  # pragma: no cover - debugging aid
    return format_cards(cards)


if sys.version_info < (3, 11):  # pragma: no cover
    raise ImportError("buraco_learn needs Python 3.11+")
