"""One hand of Buraco: the seeded deal, the turn cycle, the pot, closing, the end and the count.

Every action can be asked about (``can_...``), explained (``verify_...`` raises
:class:`~buraco_learn.errors.IllegalMove` naming the rule) and done; a refused action leaves the
state exactly as it was (TURN-6).

>>> g = Game.new(players=4, seed=7)
>>> g.to_move, g.phase, len(g.hands[0]), len(g.stock), len(g.pile)
(1, 'draw', 11, 41, 1)
>>> g.can_discard(g.hands[1][0])
False
>>> g.verify_discard(g.hands[1][0])
Traceback (most recent call last):
...
buraco_learn.errors.IllegalMove: West must draw first: take the top card of the stock or the whole discard pile (TURN-1)
>>> g.draw()
Event(seat=1, action=Draw(), note='drew from the stock')
>>> g.phase
'play'
"""

from __future__ import annotations

import random
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, Literal

from .actions import Action, Discard, Draw, LayDown, LayOff, TakePile, parse_action
from .cards import Card, check_copies, excerpt, format_cards, is_number, make_deck, parse_cards
from .errors import BuracoError, IllegalMove, InvalidMeld, NotationError, RulesError
from .i18n import N_, seat_word, tr
from .notes import say
from .melds import Meld, _analyse, _card_list, _choose, _pos_card
from .rules import FIBUR, FIVE_PLAYERS, Rules, get_rules
from .scoring import SideScore, score_side

__all__ = ["Game", "TableMeld", "Event", "HandResult", "PlayerView", "seat_names", "Phase", "candidate_melds"]

Phase = Literal["draw", "play", "over"]

#: Seeds are whole numbers below this (a record stores them as JSON numbers, DEAL-5).
MAX_SEED = 2**64

_RULE_ID = re.compile(r"[A-Z][A-Z0-9]*-\d+")
_NAMES = {2: ("South", "North"), 3: ("South", "West", "East"), 4: ("South", "West", "North", "East")}


def seat_names(players: int) -> tuple[str, ...]:
    """Seat names, in turn order (play passes to the left, DEAL-4): South first.

    >>> seat_names(4)
    ('South', 'West', 'North', 'East')
    """
    names = _NAMES.get(players) if isinstance(players, int) and not isinstance(players, bool) else None
    if names is None:
        if players == 5 and isinstance(players, int):
            raise RulesError(tr(FIVE_PLAYERS))
        raise RulesError(tr("Buraco is played by 2, 3 or 4 players, not {players} (DEAL-1)", players=excerpt(players)))
    return names


@dataclass(frozen=True, slots=True)
class TableMeld:
    """A meld on the table: its number (in the order melds were laid), who laid it, the meld."""

    id: int
    owner: int
    meld: Meld


@dataclass(frozen=True, slots=True)
class Event:
    """One action done, by whom, with what it caused (a pot taken, a close, the end)."""

    seat: int
    action: Action
    note: str = ""

    @property
    def said(self) -> str:
        """The note in the language chosen with :func:`~buraco_learn.set_language` (``note``
        itself stays English: it is data, kept in records)."""
        return say(self.note)


_SET_TABLE_MELD = (TableMeld.__dict__["id"].__set__, TableMeld.__dict__["owner"].__set__,
                   TableMeld.__dict__["meld"].__set__)


def _table_meld(id: int, owner: int, meld: Meld) -> TableMeld:
    """``TableMeld(id, owner, meld)``, its slots set directly (a frozen dataclass's __init__ goes
    through object.__setattr__ for each): every meld and lay-off builds one."""
    t = object.__new__(TableMeld)
    set_id, set_owner, set_meld = _SET_TABLE_MELD
    set_id(t, id)
    set_owner(t, owner)
    set_meld(t, meld)
    return t


#: ``object.__new__``, looked up once for the loops that build frozen values with their slots set
#: directly (an event in Game._record, a group's LayDowns in _info).
_new_object = object.__new__
#: Event's slots, set directly by Game._record.
_set_seat = Event.__dict__["seat"].__set__
_set_action = Event.__dict__["action"].__set__
_get_note = Event.__dict__["note"].__get__
_set_note = Event.__dict__["note"].__set__


def _event_note(ev: Event) -> str:
    """``Event.note``: the slot's text; or, for a meld or a lay-off, the text written (and kept)
    the first time it is read. Their notes name the meld made ("laid down meld 3: 5H 6H 7H", "meld
    2 is now ..."), and writing a meld's notation cost more than the rest of the action's record
    while most notes are never read (a bot's or a benchmark's hand): Game._do_meld stores the
    TableMeld it laid and Game._do_lay_off the Meld it made, both immutable, so the text read later
    is the one written at once before (same words, same meld), whatever undo or clone did since.
    Equality, hash, repr and ``dataclasses`` read the field through here too."""
    note = _get_note(ev)
    if note.__class__ is str:
        return note
    if note.__class__ is TableMeld:
        text = f"laid down meld {note.id}: {note.meld}"
    else:
        text = f"meld {ev.action.target} is now {note}"  # type: ignore[union-attr]
    text = sys.intern(text)
    _set_note(ev, text)
    return text


# The field's slot stays where the dataclass put it (read and written through the descriptors
# above); the class attribute becomes a property over it, so the dataclass's __init__, __eq__,
# __hash__, __repr__ and dataclasses.fields/asdict/replace see the text.
setattr(Event, "note", property(_event_note, _set_note, doc="What the action caused, in English (data, kept in "
                                                            "records; see ``said``)."))


@dataclass(frozen=True)
class HandResult:
    """The end of a hand: why it ended, each side's count, and each seat's credit (P3-2)."""

    reason: Literal["closed", "stock"]
    closed_by: int | None
    sides: tuple[tuple[int, ...], ...]
    scores: tuple[SideScore, ...]
    credits: tuple[int, ...]

    def side_total(self, seat: int) -> int:
        """The total of the side ``seat`` played on."""
        for side, sc in zip(self.sides, self.scores):
            if seat in side:
                return sc.total
        seats = sorted(s for side in self.sides for s in side)
        raise IllegalMove(tr("there is no seat {seat} in this result: its seats are {seats} (DEAL-4)",
                             seat=excerpt(seat), seats=", ".join(map(str, seats))), ("DEAL-4",))


@dataclass(frozen=True)
class PlayerView:
    """What one seat may see (OpenSpiel-style observer): its own hand, counts of the others."""

    seat: int
    players: int
    rules: Rules
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    table: tuple[TableMeld, ...]
    pile: tuple[Card, ...]
    stock_size: int
    pots_left: tuple[int, ...]
    took_pot: tuple[bool, ...]
    sides: tuple[tuple[int, ...], ...]
    to_move: int
    phase: Phase
    history: tuple[Event, ...]
    #: The current turn is the last one (the stock reached its reserve, STOCK-1).
    last_turn: bool = False
    #: The card the player to move took from a one-card pile this turn (TURN-4; everyone saw it).
    pile_taken: Card | None = None
    #: For the player to move only: whether he already held a card identical to ``pile_taken``.
    held_identical: bool = False


@dataclass
class _State:
    hands: list[list[Card]]
    table: list[TableMeld]
    pile: list[Card]
    stock: list[Card]
    pots: list[list[Card]]
    took_pot: list[bool]
    soloist: int | None
    turn: int
    phase: Phase
    last_turn: bool
    pile_single: Card | None
    held_identical: bool
    closed_by: int | None
    end_reason: Literal["closed", "stock"] | None
    history: list[Event] = field(default_factory=list)
    #: Values derived from this state, dropped whenever the state changes: each side's melds (key:
    #: the seat), ``("pot", seat)`` / ``("burraco", seat)`` flags, ``"legal"`` the legal actions.
    cache: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)
    #: Values derived from the table, the pots taken and the soloist only (the facts of a side, see
    #: Game._facts, keyed by its lowest seat), brought up to date by a meld or a lay-off, dropped
    #: when a pot is taken or by an undo, kept through draws and discards.
    fixed: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)

    def copy(self) -> _State:
        return _State([list(h) for h in self.hands], list(self.table), list(self.pile), list(self.stock),
                      [list(p) for p in self.pots], list(self.took_pot), self.soloist, self.turn, self.phase,
                      self.last_turn, self.pile_single, self.held_identical, self.closed_by, self.end_reason,
                      list(self.history), fixed=dict(self.fixed))


#: How to take back one action, relative to the state right after it (undo is always from there):
#: ``(hand, kind, data, pot, scalars)``. ``kind`` says what else changed and ``data`` how to put it
#: back: ``"draw"`` (the hand's last card returns to the stock; ``data`` the size of a pot that
#: became the stock, or 0), ``"pile"`` (the pile taken, ``data`` as it was; it leaves the hand's
#: tail), ``"meld"`` (the last meld leaves the table), ``"layoff"`` (``data`` is ``(index, old
#: TableMeld)``), ``"discard"`` (the pile's top card goes back). ``hand`` is the mover's old hand
#: when it cannot be worked out (a tuple), the index a discarded card came from, or ``None``;
#: ``pot`` whether the mover took a pot by emptying the hand (it is then the hand); ``scalars`` the
#: turn, phase, flags and the mover's ``took_pot`` before the action, interned. About a hundred
#: bytes an action, where a full copy of the state (history included) cost kilobytes. The stack
#: (Game._undo) holds the five items of each delta flat, in this order: a tuple per action would be
#: one more container object per action for the garbage collector to count and walk.
_Undo = tuple[Any, str, Any, bool, tuple[Any, ...]]
_UNDO_ITEMS = 5
#: Game._facts: the side's melds, whether it has its pot and a burraco, its sets' ranks (bits).
_Facts = tuple[tuple[TableMeld, ...], bool, bool, int]
_SCALARS: dict[tuple[Any, ...], tuple[Any, ...]] = {}
#: Memo of Game._rest_problem for a one-card rest: (card, flags, id of the rules) -> (rules, whether
#: the card can end the turn).
_LAST_CARD: dict[tuple[Any, ...], tuple[Rules, bool]] = {}
#: The two actions without arguments, shared (they are immutable values).
_DRAW = Draw()
_TAKE_PILE = TakePile()


#: Memo of ``Meld.from_cards(cards, rules=rules)`` (an immutable value; a refusal is not remembered):
#: (cards, id of the rules) -> (the rules, the meld). Planners replay the same melds turn after turn.
#: Bounded, cleared when full.
_MELD_OF: dict[tuple[Any, ...], tuple[Any, Meld]] = {}
_MEMO_MAX = 20_000


def _meld_of(cards: list[Card], rules: Rules) -> Meld:
    """``Meld.from_cards(cards, rules=rules)``, remembered."""
    key = (tuple(cards), id(rules))
    found = _MELD_OF.get(key)
    if found is not None and found[0] is rules:
        return found[1]
    meld = Meld.from_cards(cards, rules=rules)
    if len(_MELD_OF) >= _MEMO_MAX:
        _MELD_OF.clear()
    _MELD_OF[key] = (rules, meld)
    return meld


def _known_meld(meld: Meld) -> None:
    """Remember ``meld`` as :func:`_meld_of` of its own cards: the caller vouches that it is
    ``Meld.from_cards(meld.cards, rules=meld.rules)`` (the solver, for the melds of a plan it is
    about to replay, built from the engine's analysis of these cards; tests/test_engine_memo.py)."""
    if len(_MELD_OF) >= _MEMO_MAX:
        _MELD_OF.clear()
    _MELD_OF[(meld.cards, id(meld.rules))] = (meld.rules, meld)


def _laid_off(meld: Meld, cards: list[Card], memo: dict[Any, Any]) -> Meld:
    """``meld.lay_off(cards)``, remembered in the game's ``memo`` (a refusal is not remembered)."""
    key = ("laid", tuple(cards), id(meld))
    found = memo.get(key)
    if found is not None and found[0] is meld:
        return found[1]  # type: ignore[no-any-return]
    new = meld.lay_off(cards)
    if len(memo) >= _MEMO_MAX:
        memo.clear()
    memo[key] = (meld, new)
    return new


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


#: A card's index, as a sort key (attrgetter: no Python call per card).
_card_index = attrgetter("index")


def _remove(hand: Sequence[Card], cards: Sequence[Card]) -> list[Card] | None:
    """The hand without ``cards`` (as a multiset), or ``None`` if some are not in it."""
    rest = list(hand)
    for c in cards:
        try:
            rest.remove(c)
        except ValueError:
            return None
    return rest


class Game:
    """A hand of Buraco for 2, 3 or 4 players under one rule set.

    Build it with :meth:`new` (a seeded deal) or :meth:`from_position` (any table).
    Seats are numbered in turn order; in a 4-player game seats 0 and 2 are partners, 1 and 3
    the other side (see :func:`seat_names`).
    """

    def __init__(self, rules: Rules, players: int, dealer: int, seed: int | None, state: _State,
                 start: str | None = None) -> None:
        self.rules = rules
        self.players = players
        self.dealer = dealer
        self.seed = seed
        self._s = state
        #: One small :data:`_Undo` delta per action done, newest last (see :meth:`_push`), its five
        #: items laid out flat: ``_UNDO_ITEMS`` entries an action, no tuple of its own.
        self._undo: list[Any] = []
        self._pending: tuple[Any, ...] = ()
        self._start = start
        #: A copy of the starting state whose notation is written only when asked for (see
        #: :meth:`_set_start_lazily`): a bot imagines many games and never reads it.
        self._start_state: _State | None = None
        #: What this hand's melds accept (see :meth:`legal_lay_offs`), their lay-offs' results:
        #: values of immutable melds, keyed by their ids (each entry keeps its meld, so the id stays
        #: its own), shared with clones, dropped when the hand ends.
        self._memo: dict[Any, Any] = {}
        #: The candidate melds of this hand's hands, group by group (see :func:`_candidate_groups`),
        #: shared with clones, dropped when the hand ends.
        self._groups: dict[Any, Any] = {}

    @property
    def start_position(self) -> str | None:
        """The starting position when the game was not dealt from a seed."""
        if self._start_state is not None:
            from .records import format_position

            first = Game(self.rules, self.players, self.dealer, self.seed, self._start_state)
            self._start, self._start_state = format_position(first), None
        return self._start

    @start_position.setter
    def start_position(self, value: str | None) -> None:
        self._start, self._start_state = value, None

    def _set_start_lazily(self) -> None:
        """Make :attr:`start_position` the notation of the present state, written on first use."""
        self._start, self._start_state = None, self._s.copy()

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, players: int = 4, *, rules: Rules | str | None = None, seed: int | None = None,
            dealer: int = 0) -> Game:
        """Shuffle with ``seed`` and deal (DEAL-1..5): hands, pots, the up-card, the stock.

        The same seed, rules, players and dealer give the same cards (DEAL-5); with no seed one
        is drawn and kept in :attr:`seed`, so the hand can still be replayed. A seed is a whole
        number from 0 to 2**64 - 1 (a record stores it); five players are refused (GAME-4).

        >>> a, b = Game.new(2, seed=1), Game.new(2, seed=1)
        >>> a.hands == b.hands and a.stock == b.stock, len(a.stock)
        (True, 63)
        """
        r = get_rules(rules)
        r.check_players(players)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
            raise IllegalMove(tr("dealer must be a seat from 0 to {last}, not {dealer} (DEAL-4)", last=players - 1,
                                 dealer=excerpt(dealer)), ("DEAL-4",))
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < MAX_SEED:
            raise IllegalMove(tr("a seed is a whole number from 0 to 2**64 - 1, so that the record can replay the "
                                 "deal (DEAL-5), not {seed}", seed=excerpt(seed)), ("DEAL-5",))
        deck = make_deck(r.jokers)
        random.Random(seed).shuffle(deck)
        hands: list[list[Card]] = []
        # Deal from the dealer's left, one seat after the other (the order only fixes the seed's meaning).
        at = 0
        order = [(dealer + 1 + i) % players for i in range(players)]
        by_seat: dict[int, list[Card]] = {}
        for seat in order:
            by_seat[seat] = deck[at:at + r.hand_size]
            at += r.hand_size
        hands = [by_seat[s] for s in range(players)]
        pots = []
        for size in r.pot_sizes(players):
            pots.append(deck[at:at + size])
            at += size
        pile = [deck[at]]
        at += 1
        stock = deck[at:]
        state = _State(hands, [], pile, stock, pots, [False] * players, None, (dealer + 1) % players, "draw",
                       False, None, False, None, None)
        return cls(r, players, dealer, seed, state)

    # ------------------------------------------------------------------ read-only views
    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's hand (the omniscient view; use :meth:`view` for one seat's)."""
        return tuple(tuple(h) for h in self._s.hands)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """One seat's hand, in the order the cards arrived."""
        return tuple(self._s.hands[self._seat(seat)])

    def _seat(self, seat: object) -> int:
        """``seat`` if it is a seat of this game, else :class:`IllegalMove` naming the seats."""
        if seat.__class__ is int and 0 <= seat < self.players:
            return seat
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.players:
            return int(seat)
        names = ", ".join(seat_word(n) for n in _NAMES[self.players])
        raise IllegalMove(tr("there is no seat {seat}: the {n} seats are numbered 0 to {last} in turn order, "
                             "{names} (DEAL-4)", seat=excerpt(seat), n=self.players, last=self.players - 1,
                             names=names), ("DEAL-4",))

    @property
    def table(self) -> tuple[TableMeld, ...]:
        """Every meld on the table, in the order laid; a meld's number is its index."""
        return tuple(self._s.table)

    @property
    def pile(self) -> tuple[Card, ...]:
        """The discard pile, bottom first; the last card is the top."""
        return tuple(self._s.pile)

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock; the last card is the next one drawn."""
        return tuple(self._s.stock)

    @property
    def pots(self) -> tuple[tuple[Card, ...], ...]:
        """The pots not yet taken, in the order they will be taken."""
        return tuple(tuple(p) for p in self._s.pots)

    @property
    def took_pot(self) -> tuple[bool, ...]:
        """Which seats took a pot."""
        return tuple(self._s.took_pot)

    @property
    def soloist(self) -> int | None:
        """With 3 players, the seat who took the 18-card pot and plays alone (P3-1)."""
        return self._s.soloist

    @property
    def to_move(self) -> int:
        """The seat whose turn it is."""
        return self._s.turn

    @property
    def phase(self) -> Phase:
        """``'draw'`` (the turn starts with a draw), ``'play'`` (meld, lay off, discard) or ``'over'``."""
        return self._s.phase

    @property
    def is_over(self) -> bool:
        """True once the hand has ended, by a close or by the stock (CLOSE-1, STOCK-1)."""
        return self._s.phase == "over"

    @property
    def history(self) -> tuple[Event, ...]:
        """Every action done so far, with who did it."""
        return tuple(self._s.history)

    @property
    def actions(self) -> tuple[Action, ...]:
        """The actions done so far (what a record stores)."""
        return tuple(e.action for e in self._s.history)

    @property
    def last_turn(self) -> bool:
        """True when the current turn is the last: the draw left the stock at its reserve (STOCK-1)."""
        return self._s.last_turn

    @property
    def pile_taken(self) -> Card | None:
        """The card taken this turn when the pile held exactly one card (TURN-4), else ``None``."""
        return self._s.pile_single

    def seat_name(self, seat: int) -> str:
        """South, West, North, East (4 players); see :func:`seat_names`."""
        return _NAMES[self.players][self._seat(seat)]

    def side_of(self, seat: int) -> tuple[int, ...]:
        """The seats playing together with ``seat`` (itself included), as things stand (P3-1)."""
        n = self.players
        if seat.__class__ is not int or not 0 <= seat < n:
            seat = self._seat(seat)
        if n == 4:
            return (seat % 2, seat % 2 + 2)
        if n == 3 and self._s.soloist is not None and seat != self._s.soloist:
            return tuple(s for s in range(3) if s != self._s.soloist)
        return (seat,)

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """Every side, as tuples of seats, in order of their lowest seat."""
        seen: list[tuple[int, ...]] = []
        for seat in range(self.players):
            side = self.side_of(seat)
            if side not in seen:
                seen.append(side)
        return tuple(seen)

    def side_melds(self, seat: int) -> tuple[TableMeld, ...]:
        """The melds of ``seat``'s side."""
        cache = self._s.cache
        found = cache.get(seat) if seat.__class__ is int else None
        if found is None:
            seat = self._seat(seat)
            side = self.side_of(seat)
            found = cache[seat] = tuple(t for t in self._s.table if t.owner in side)
        return found

    def lay_off_targets(self, seat: int | None = None) -> tuple[TableMeld, ...]:
        """The melds ``seat`` (default: the player to move) may lay off onto (TURN-2)."""
        seat = self._s.turn if seat is None else self._seat(seat)
        if self.rules.lay_off_onto_partner:
            return self.side_melds(seat)
        return tuple(t for t in self._s.table if t.owner == seat)

    def side_has_pot(self, seat: int) -> bool:
        """Whether ``seat``'s side has taken its pot (POT-1)."""
        if seat.__class__ is not int:
            return any(self._s.took_pot[s] for s in self.side_of(seat))  # raises the package's error for a bad seat
        cache = self._s.cache
        key = ("pot", seat)
        found = cache.get(key)
        if found is None:
            found = cache[key] = any(self._s.took_pot[s] for s in self.side_of(seat))
        return found

    def side_has_burraco(self, seat: int) -> bool:
        """Whether ``seat``'s side has a burraco on the table (CLOSE-1)."""
        if seat.__class__ is not int:
            return any(t.meld.is_burraco for t in self.side_melds(seat))  # raises the package's error for a bad seat
        cache = self._s.cache
        key = ("burraco", seat)
        found = cache.get(key)
        if found is None:
            found = cache[key] = any(t.meld.is_burraco for t in self.side_melds(seat))
        return found

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see: its own hand; only the sizes of the other hands, stock and pots."""
        s = self._s
        seat = self._seat(seat)
        return PlayerView(seat, self.players, self.rules, tuple(s.hands[seat]), tuple(len(h) for h in s.hands),
                          tuple(s.table), tuple(s.pile), len(s.stock), tuple(len(p) for p in s.pots),
                          tuple(s.took_pot), self.sides, s.turn, s.phase, tuple(s.history), s.last_turn,
                          s.pile_single, s.held_identical if seat == s.turn else False)

    # ------------------------------------------------------------------ verify: raise with the rule
    def _not_over(self) -> None:
        if self._s.phase == "over":
            raise IllegalMove(tr("the hand is over: no more moves (CLOSE-1, STOCK-1)"), ("CLOSE-1", "STOCK-1"))

    def _who(self) -> str:
        """The player to move, as a sentence names them (in the chosen language)."""
        return seat_word(self.seat_name(self._s.turn))

    def verify_draw(self) -> None:
        """Raise :class:`IllegalMove` unless the player to move may draw from the stock now."""
        self._not_over()
        if self._s.phase != "draw":
            raise IllegalMove(tr("{who} has already drawn this turn: one draw per turn, then meld, lay off and "
                                 "discard (TURN-1)", who=self._who()), ("TURN-1",))
        if len(self._s.stock) <= self.rules.stock_reserve:  # pragma: no cover - the hand ends first
            raise IllegalMove(tr("the last cards of the stock are never drawn (STOCK-1)"), ("STOCK-1",))

    def verify_take_pile(self) -> None:
        """Raise :class:`IllegalMove` unless the player to move may take the discard pile now."""
        self._not_over()
        if self._s.phase != "draw":
            raise IllegalMove(tr("{who} has already drawn this turn; the pile is taken instead of drawing, at the "
                                 "start of the turn (TURN-1)", who=self._who()), ("TURN-1",))
        if not self._s.pile:
            raise IllegalMove(tr("the discard pile is empty: draw from the stock (TURN-1)"), ("TURN-1",))
        if len(self._s.pile) == 1 and not self._s.hands[self._s.turn]:
            raise IllegalMove(tr("with an empty hand, the pile's one card {card} could not be discarded this turn "
                                 "(TURN-4), so the turn could not end: draw from the stock", card=self._s.pile[0]),
                              ("TURN-4",))

    def _in_play(self, what: str) -> None:
        self._not_over()
        if self._s.phase == "draw":
            raise IllegalMove(tr("{who} must draw first: take the top card of the stock or the whole discard pile "
                                 "(TURN-1)", who=self._who()), ("TURN-1",))

    def _cards_in_hand(self, cards: Sequence[Card]) -> list[Card]:
        hand = self._s.hands[self._s.turn]
        rest = _remove(hand, cards)
        if rest is None:
            missing = Counter(cards) - Counter(hand)
            raise IllegalMove(tr("{who} does not hold {cards} (hand: {hand}): a player plays only cards from his "
                                 "own hand (TURN-2, TURN-3)", who=self._who(),
                                 cards=format_cards(sorted(missing.elements(), key=lambda c: c.sort_key)),
                                 hand=format_cards(hand) or tr("empty")), ("TURN-2", "TURN-3"))
        return rest

    def _can_end_turn(self, rest: Sequence[Card], has_pot: bool, has_burraco: bool) -> str | None:
        """Why a turn could not be finished from this hand (a sentence), or ``None`` if it can."""
        if not rest:
            return None
        reasons = []
        for c in dict.fromkeys(rest):
            why = self._discard_problem(c, rest, has_pot, has_burraco)
            if why is None:
                return None
            reasons.append(why)
        return reasons[0]

    def _discard_problem(self, card: Card, hand: Sequence[Card], has_pot: bool, has_burraco: bool) -> str | None:
        s = self._s
        if s.pile_single is not None and card == s.pile_single and not s.held_identical:
            return tr("{card} was the one card of the pile taken this turn and may not be discarded at once unless "
                      "an identical card was already held (TURN-4)", card=card)
        if len(hand) > 1:
            return None
        # The last card: a close, the pot with the discard, or (classic-fr) playing on.
        may_close = has_pot or (self.rules.close_without_pot_when_none_left and not s.pots)
        if may_close:
            if has_burraco:
                if card.is_wild:
                    if has_pot and self.rules.play_on_with_empty_hand:
                        return None  # no close with a wild (CLOSE-2), but play goes on empty-handed
                    return (tr("the closing discard may not be a wild: {card} is a joker (CLOSE-2)", card=card)
                            if card.is_joker else
                            tr("the closing discard may not be a wild: {card} is a pinella (CLOSE-2)", card=card))
                return None
            if has_pot and self.rules.play_on_with_empty_hand:
                return None
            return tr("closing needs a burraco on the table (CLOSE-1); without one the last card must be kept "
                      "(CLOSE-4)")
        if s.pots:
            return None
        return tr("no pot is left to take, so the last card must be kept (TURN-5, POT-1)")

    @staticmethod
    def _rule_ids(text: str) -> tuple[str, ...]:
        return tuple(dict.fromkeys(_RULE_ID.findall(text)))

    def verify_discard(self, card: Card | str) -> None:
        """Raise :class:`IllegalMove` unless the player to move may discard ``card`` now."""
        self._plan_discard(card)

    def _plan_discard(self, card: Card | str) -> tuple[Card, list[Card]]:
        if card.__class__ is Card:
            c: Card = card
        elif isinstance(card, str):
            c = Card.parse(card)
        else:
            raise NotationError(tr("a discard is one card, like '9C' or Card.parse('9C'), not {card} (TURN-3)",
                                   card=excerpt(card)))
        self._in_play("discard")
        rest = self._cards_in_hand([c])
        seat = self._s.turn
        why = self._discard_problem(c, self._s.hands[seat], self.side_has_pot(seat), self.side_has_burraco(seat))
        if why is not None:
            raise IllegalMove(tr("{who} may not discard {card}: {why}", who=self._who(), card=c, why=why),
                              self._rule_ids(why))
        return c, rest

    def _plan_meld(self, cards: Iterable[Card] | str, wild_high: bool | None,
                   layout: str | Meld | None = None) -> tuple[Meld, list[Card]]:
        seq = _cards_arg(cards)
        _check_wild_high(wild_high)
        self._in_play("meld")
        rest = self._cards_in_hand(seq)
        try:
            if wild_high is None and layout is None:
                meld = _meld_of(seq, self.rules)
            else:
                meld = Meld.from_cards(seq, rules=self.rules, wild_high=wild_high, layout=layout)
        except InvalidMeld as err:
            raise IllegalMove(str(err), err.rules) from None
        seat = self._s.turn
        if meld.kind == "set":
            for t in self.side_melds(seat):
                if t.meld.kind == "set" and t.meld.rank == meld.rank:
                    raise IllegalMove(tr(
                        "{cards}: your side already has a set of {rank}s (meld {id}: {meld}); lay these cards off "
                        "onto it instead (SET-4)", cards=format_cards(seq), rank=meld.rank.char,  # type: ignore[union-attr]
                        id=t.id, meld=t.meld), ("SET-4",))
        # The sentence naming the play is written only for a refusal (lambda: most plays pass).
        self._check_rest(rest, seat, meld.is_burraco, lambda: tr("melding {cards}", cards=format_cards(seq)))
        return meld, rest

    def check_rest(self, rest: Sequence[Card], *, makes_burraco: bool = False, doing: str = "the play") -> None:
        """Raise :class:`IllegalMove` if the player to move, left holding ``rest`` after melding or
        laying off, could not end the turn (CLOSE-3, CLOSE-4, TURN-4, TURN-5); ``makes_burraco``:
        the play itself completes a burraco. Planners use it to stay within the rules.

        >>> g = Game.from_position("fibur 2p d1 t0 play | h: 9C JK / 4D | m: 0=3H 4H 5H 6H 7H 8H 9H | p: 3C"
        ...                        " | s: * | pots: *11 | took: 0")
        >>> g.check_rest(parse_cards("JK"), doing="laying off 9C")
        Traceback (most recent call last):
        ...
        buraco_learn.errors.IllegalMove: laying off 9C would leave JK, and then the turn could not end: the closing discard may not be a wild: JK is a joker (CLOSE-2); with only a wild left he cannot close, so he must keep more (CLOSE-4)
        """
        doing = tr("the play") if doing == "the play" else doing
        self._check_rest(parse_cards(rest), self._s.turn, bool(makes_burraco), str(doing)[:200])

    def _check_rest(self, rest: list[Card], seat: int, makes_burraco: bool, doing: str | Callable[[], str]) -> None:
        """``doing``: the play's name in the refusal, or a function writing it (called for a refusal only)."""
        problem = self._rest_problem(rest, self.side_has_pot(seat), makes_burraco or self.side_has_burraco(seat))
        if problem is not None:
            why, rules = problem
            if not isinstance(doing, str):
                doing = doing()
            raise IllegalMove(tr("{doing} would {why}", doing=doing, why=why), rules)

    def _rest_problem(self, rest: list[Card], has_pot: bool, has_burraco: bool) -> tuple[str, tuple[str, ...]] | None:
        """Why a meld or lay-off leaving ``rest`` in the hand is refused, or ``None`` (CLOSE-3/4, TURN-5)."""
        if len(rest) > 1:
            # Two cards or more: the first is a legal discard unless it is the one-card pile's card
            # (TURN-4), as _can_end_turn finds.
            single = self._s.pile_single
            if single is None or self._s.held_identical or rest[0] is not single:
                return None
        elif rest:
            # One card: whether it can end the turn depends only on these, so it is remembered
            # (planners ask it of the same last cards again and again); a refusal's sentence is
            # still written when asked for.
            s = self._s
            key = (rest[0], has_pot, has_burraco, bool(s.pots), s.pile_single, s.held_identical, id(self.rules))
            found = _LAST_CARD.get(key)
            if found is not None and found[0] is self.rules and found[1]:
                return None
            answer = self._rest_problem_of(rest, has_pot, has_burraco)
            if found is None:
                if len(_LAST_CARD) >= 4096:
                    _LAST_CARD.clear()
                _LAST_CARD[key] = (self.rules, answer is None)
            return answer
        return self._rest_problem_of(rest, has_pot, has_burraco)

    def _rest_ok(self, rest: list[Card], has_pot: bool, has_burraco: bool) -> bool:
        """``self._rest_problem(rest, has_pot, has_burraco) is None``, without writing a refusal's
        sentence (the legal lists of a hand of two or three cards ask it of each candidate): two
        cards or more as there (the first card, else the whole check); one card read from the
        same memo (:meth:`_rest_problem` fills it); an empty hand is refused once the side has its
        pot (CLOSE-3) or with no pot left to take (TURN-5, POT-1), as :meth:`_rest_problem_of`
        says. Compared with it in tests/test_engine_memo.py."""
        if len(rest) > 1:
            single = self._s.pile_single
            if single is None or self._s.held_identical or rest[0] is not single:
                return True
            return self._rest_problem_of(rest, has_pot, has_burraco) is None
        if not rest:
            return not has_pot and bool(self._s.pots)
        s = self._s
        found = _LAST_CARD.get((rest[0], has_pot, has_burraco, bool(s.pots), s.pile_single, s.held_identical,
                                id(self.rules)))
        if found is not None and found[0] is self.rules:
            return found[1]
        return self._rest_problem(rest, has_pot, has_burraco) is None  # remembers it

    def _last_cards_ok(self, cards: Sequence[Card], has_pot: bool, has_burraco: bool) -> list[bool]:
        """For each card, whether a meld or lay-off may leave it alone in the hand of the player to
        move: ``self._rest_problem([c], has_pot, has_burraco) is None`` (CLOSE-2, CLOSE-4, TURN-4),
        read from the same memo, with no refusal's sentence written (planners ask it of every
        card of a hand; tests/test_engine_memo.py compares the two)."""
        s = self._s
        rules = self.rules
        tail = (has_pot, has_burraco, bool(s.pots), s.pile_single, s.held_identical, id(rules))
        get = _LAST_CARD.get
        out = []
        for c in cards:
            found = get((c, *tail))
            if found is not None and found[0] is rules:
                out.append(found[1])
            else:
                out.append(self._rest_problem([c], has_pot, has_burraco) is None)  # remembers it
        return out

    def _rest_problem_of(self, rest: list[Card], has_pot: bool, has_burraco: bool) -> tuple[str, tuple[str, ...]] | None:
        if not rest:
            if has_pot:
                return (tr("empty the hand, but once the side has its pot a card must be kept to discard (CLOSE-3)"),
                        ("CLOSE-3",))
            if not self._s.pots:
                return (tr("empty the hand with no pot left to take; keep a card to discard (TURN-5, POT-1)"),
                        ("TURN-5", "POT-1"))
            return None
        why = self._can_end_turn(rest, has_pot, has_burraco)
        if why is None:
            return None
        if len(rest) == 1 and "CLOSE-2" in why:
            why = tr("{why}; with only a wild left he cannot close, so he must keep more (CLOSE-4)", why=why)
        return (tr("leave {cards}, and then the turn could not end: {why}", cards=format_cards(rest), why=why),
                self._rule_ids(why))

    def verify_meld(self, cards: Iterable[Card] | str, wild_high: bool | None = None,
                    layout: str | Meld | None = None) -> None:
        """Raise :class:`IllegalMove` unless the player to move may lay down these cards as a new meld."""
        self._plan_meld(cards, wild_high, layout)

    def _plan_lay_off(self, target: int, cards: Iterable[Card] | str | Card,
                      wild_high: bool | None, layout: str | Meld | None = None) -> tuple[Meld, list[Card]]:
        seq = _cards_arg(cards)
        _check_wild_high(wild_high)
        self._in_play("lay off")
        seat = self._s.turn
        if isinstance(target, bool) or not isinstance(target, int) or not 0 <= target < len(self._s.table):
            count = len(self._s.table)
            numbers = tr("melds are numbered 0 to {last}", last=count - 1) if count else tr("there are no melds yet")
            raise IllegalMove(tr("there is no meld number {target} on the table to lay off onto ({numbers}; TURN-2)",
                                 target=excerpt(target), numbers=numbers), ("TURN-2",))
        t = self._s.table[target]
        if t.owner not in self.side_of(seat):
            raise IllegalMove(tr("meld {target} ({meld}) belongs to the other side; you lay off only onto your own "
                                 "side's melds (TURN-2)", target=target, meld=t.meld), ("TURN-2",))
        if not self.rules.lay_off_onto_partner and t.owner != seat:
            raise IllegalMove(tr("meld {target} ({meld}) is your partner's; under {rules} you lay off only onto "
                                 "your own melds (TURN-2)", target=target, meld=t.meld, rules=self.rules.name),
                              ("TURN-2",))
        if not seq:
            raise IllegalMove(tr("a lay-off adds at least one card (TURN-2)"), ("TURN-2",))
        rest = self._cards_in_hand(seq)
        try:
            if wild_high is None and layout is None:
                new = _laid_off(t.meld, seq, self._memo)
            else:
                new = t.meld.lay_off(seq, wild_high=wild_high, layout=layout)
        except InvalidMeld as err:
            raise IllegalMove(str(err), err.rules) from None
        self._check_rest(rest, seat, new.is_burraco, lambda: tr("laying off {cards}", cards=format_cards(seq)))
        return new, rest

    def verify_lay_off(self, target: int, cards: Iterable[Card] | str | Card, wild_high: bool | None = None,
                       layout: str | Meld | None = None) -> None:
        """Raise :class:`IllegalMove` unless the player to move may add ``cards`` to meld ``target``."""
        self._plan_lay_off(target, cards, wild_high, layout)

    def verify(self, action: Action | str) -> None:
        """Raise :class:`IllegalMove` (or :class:`NotationError`) unless ``action`` is legal now."""
        a = parse_action(action) if isinstance(action, str) else action
        if isinstance(a, Draw):
            self.verify_draw()
        elif isinstance(a, TakePile):
            self.verify_take_pile()
        elif isinstance(a, LayDown):
            self._plan_meld(a.cards, a.wild_high, a.layout)
        elif isinstance(a, LayOff):
            self._plan_lay_off(a.target, a.cards, a.wild_high, a.layout)
        elif isinstance(a, Discard):
            self._plan_discard(a.card)
        else:
            raise NotationError(tr("not an action: {action}; {help}", action=excerpt(action), help=tr(_ACTION_HELP)))

    # ------------------------------------------------------------------ can: a bool
    def can(self, action: Action | str) -> bool:
        """Whether ``action`` is legal now."""
        try:
            self.verify(action)
        except BuracoError:
            return False
        return True

    def can_draw(self) -> bool:
        """Whether the player to move may draw from the stock."""
        return self.can(Draw())

    def can_take_pile(self) -> bool:
        """Whether the player to move may take the discard pile."""
        return self.can(TakePile())

    def can_meld(self, cards: Iterable[Card] | str, wild_high: bool | None = None,
                 layout: str | Meld | None = None) -> bool:
        """Whether the player to move may lay these cards down as a new meld."""
        try:
            self._plan_meld(cards, wild_high, layout)
        except BuracoError:
            return False
        return True

    def can_lay_off(self, target: int, cards: Iterable[Card] | str | Card, wild_high: bool | None = None,
                    layout: str | Meld | None = None) -> bool:
        """Whether the player to move may lay these cards off onto meld ``target``."""
        try:
            self._plan_lay_off(target, cards, wild_high, layout)
        except BuracoError:
            return False
        return True

    def can_discard(self, card: Card | str) -> bool:
        """Whether the player to move may discard ``card``."""
        try:
            self._plan_discard(card)
        except BuracoError:
            return False
        return True

    # ------------------------------------------------------------------ do: verify, then apply
    def _push(self) -> _State:
        """Start an action: note the scalars to restore, drop the derived values; the action itself
        completes its :data:`_Undo` delta when :meth:`_record` records it."""
        s = self._s
        seat = s.turn
        scalars = (s.turn, s.phase, s.last_turn, s.pile_single, s.held_identical, s.closed_by, s.end_reason,
                   s.soloist, s.took_pot[seat])
        # Interned: a hand repeats a few dozen combinations, so the undo stack shares them.
        self._pending = _SCALARS.setdefault(scalars, scalars)
        s.cache.clear()
        return s

    def _record(self, seat: int, action: Action, note: str | TableMeld | Meld,
                hand: Any, kind: str, data: Any = None, pot: bool = False) -> Event:
        """End an action: its :data:`_Undo` delta ``(hand, kind, data, pot)`` and the scalars
        :meth:`_push` noted go on the undo stack (flat: see _Undo), its event on the history."""
        self._undo += (hand, kind, data, pot, self._pending)
        # Event(seat, action, note), its three fields set directly (a frozen dataclass's __init__
        # goes through object.__setattr__ for each). Notes repeat from hand to hand: the callers
        # share them (constants, or sys.intern). A TableMeld or Meld stands for a meld's or a
        # lay-off's note, written when first read (see _event_note).
        ev = _new_object(Event)
        _set_seat(ev, seat)
        _set_action(ev, action)
        _set_note(ev, note)
        self._s.history.append(ev)
        self._s.cache.clear()  # values derived while the action was under way are stale now
        return ev

    def draw(self) -> Event:
        """Draw the top card of the stock (TURN-1); may start the last turn (STOCK-1)."""
        self.verify_draw()
        return self._do_draw()

    def _do_draw(self) -> Event:
        s = self._push()
        seat = s.turn
        old = s.hands[seat]
        s.hands[seat] = old + [s.stock.pop()]
        s.phase = "play"
        note = _DREW
        became = 0
        if len(s.stock) <= self.rules.stock_reserve:
            if self.rules.pots_become_stock and s.pots:
                pot = s.pots.pop(0)
                became = len(pot)
                s.stock = pot + s.stock
                note += "; the stock ran out and an untaken pot became the new stock"
            else:
                s.last_turn = True
                note += "; the stock is down to its last cards, so this is the last turn (STOCK-1)"
        return self._record(seat, _DRAW, _DREW if note is _DREW else sys.intern(note), None, "draw", became)

    def take_pile(self) -> Event:
        """Take the whole discard pile (TURN-1)."""
        self.verify_take_pile()
        return self._do_take_pile()

    def _do_take_pile(self) -> Event:
        s = self._push()
        seat = s.turn
        if len(s.pile) == 1:
            s.pile_single = s.pile[0]
            s.held_identical = s.pile[0] in s.hands[seat]
        old = s.hands[seat]
        s.hands[seat] = old + s.pile
        n = len(s.pile)
        taken = tuple(s.pile)
        s.pile = []
        s.phase = "play"
        return self._record(seat, _TAKE_PILE, _PILE_NOTES[n] if n < len(_PILE_NOTES) else _pile_note(n),
                            None, "pile", taken)

    def _side_melds_changed(self, seat: int, old: TableMeld | None, new: TableMeld) -> None:
        """Bring the facts (Game._facts) of ``seat``'s side up to date after one of its melds
        changed: ``new`` replaces ``old`` (a lay-off: the same place in the table and among the
        side's melds, the same kind and rank, at least as long), or was laid last (``old`` None).
        No other side's facts depend on it (a side's facts are its own melds and pots)."""
        fixed = self._s.fixed
        if not fixed:
            return
        n = self.players
        key = seat if n == 2 else seat % 2 if n == 4 else self._side_key(seat)  # as in _facts
        found = fixed.get(key)
        if found is None:
            return
        mine, has_pot, has_bur, set_ranks = found
        mine = mine + (new,) if old is None else tuple([new if t is old else t for t in mine])
        if new.meld.kind == "set":
            set_ranks |= 1 << new.meld._rank
        fixed[key] = (mine, has_pot, has_bur or len(new.meld._slots) >= 7, set_ranks)

    def _after_empty_by_play(self, seat: int) -> str:
        s = self._s
        if s.hands[seat]:
            return ""
        pot = s.pots.pop(0)
        s.hands[seat] = pot
        s.took_pot[seat] = True
        s.fixed.clear()
        note = f"; the hand is empty, so {self.seat_name(seat)} takes the pot on the fly ({len(pot)} cards, POT-2)"
        if self.players == 3 and s.soloist is None:
            s.soloist = seat
            s.cache.clear()
            note += "; the other two now play as partners (P3-1)"
        return note

    def meld(self, cards: Iterable[Card] | str, wild_high: bool | None = None,
             layout: str | Meld | None = None) -> Event:
        """Lay down a new meld from the hand (TURN-2); an emptied hand takes the pot (POT-2).

        The meld takes its best layout (WILD-6) unless ``wild_high`` asks for a free wild's end
        or ``layout`` names another legal layout of these cards in notation.
        """
        seq = _cards_arg(cards)  # once: an iterator argument is read a single time
        meld, rest = self._plan_meld(seq, wild_high, layout)
        return self._do_meld(seq, meld, rest, LayDown(tuple(seq), wild_high, None if layout is None else str(meld)))

    def _do_meld(self, seq: list[Card], meld: Meld, rest: list[Card], action: LayDown) -> Event:
        s = self._push()
        seat = s.turn
        old_hand = s.hands[seat]
        s.hands[seat] = rest
        laid = _table_meld(len(s.table), seat, meld)
        s.table.append(laid)
        self._side_melds_changed(seat, None, laid)
        pot = self._after_empty_by_play(seat)
        # The note "laid down meld {id}: {meld}" is written when first read (see _event_note).
        return self._record(seat, action, sys.intern(f"laid down meld {laid.id}: {meld}{pot}") if pot else laid,
                            tuple(old_hand), "meld", None, s.hands[seat] is not rest)

    def lay_off(self, target: int, cards: Iterable[Card] | str | Card, wild_high: bool | None = None,
                layout: str | Meld | None = None) -> Event:
        """Add cards to a meld of the side (TURN-2, WILD-2..6); an emptied hand takes the pot (POT-2).

        ``layout`` names the meld's resulting layout in notation, when it may lie another way (WILD-6).
        """
        seq = _cards_arg(cards)  # once: an iterator argument is read a single time
        new, rest = self._plan_lay_off(target, seq, wild_high, layout)
        return self._do_lay_off(target, new, rest,
                                LayOff(target, tuple(seq), wild_high, None if layout is None else str(new)))

    def _do_lay_off(self, target: int, new: Meld, rest: list[Card], action: LayOff) -> Event:
        s = self._push()
        seat = s.turn
        old_hand = s.hands[seat]
        s.hands[seat] = rest
        old = s.table[target]
        s.table[target] = _table_meld(old.id, old.owner, new)
        self._side_melds_changed(seat, old, s.table[target])
        pot = self._after_empty_by_play(seat)
        # The note "meld {target} is now {new}" (action.target is target) is written when first
        # read (see _event_note).
        return self._record(seat, action, sys.intern(f"meld {target} is now {new}{pot}") if pot else new,
                            tuple(old_hand), "layoff", (target, old), s.hands[seat] is not rest)

    def discard(self, card: Card | str) -> Event:
        """Discard a card, ending the turn (TURN-3): the last card closes (CLOSE-1) or takes the pot
        (POT-3); after the last turn the hand ends by the stock (STOCK-1)."""
        c, rest = self._plan_discard(card)
        return self._do_discard(c, rest, self._s.hands[self._s.turn].index(c))

    def _do_discard(self, c: Card, rest: list[Card], at: int) -> Event:
        """``rest`` is the hand without its first ``c``, at index ``at`` (what undo puts back)."""
        s = self._push()
        seat = s.turn
        old_hand = s.hands[seat]
        s.hands[seat] = rest
        s.pile.append(c)
        back: Any = at  # the undo delta's hand (see _Undo)
        took = False
        s.pile_single = None
        s.held_identical = False
        note = _DISCARD_NOTES[c.index]  # f"discarded {c}"
        if not rest:
            has_pot = self.side_has_pot(seat)
            may_close = has_pot or (self.rules.close_without_pot_when_none_left and not s.pots)
            if may_close and self.side_has_burraco(seat) and not c.is_wild:
                s.closed_by = seat
                s.end_reason = "closed"
                s.phase = "over"
                self._memo, self._groups = {}, {}
                return self._record(seat, _DISCARDS[c.index],
                                    sys.intern(note + f"; {self.seat_name(seat)} closes (CLOSE-1)"), at, "discard")
            if not has_pot and s.pots:
                pot = s.pots.pop(0)
                s.hands[seat] = pot
                s.took_pot[seat] = True
                s.fixed.clear()
                back, took = tuple(old_hand), True
                note += f"; {self.seat_name(seat)} takes the pot with the discard ({len(pot)} cards, POT-3)"
                if self.players == 3 and s.soloist is None:
                    s.soloist = seat
                    s.cache.clear()
                    note += "; the other two now play as partners (P3-1)"
            else:
                why = "a wild cannot close (CLOSE-2)" if c.is_wild else "no burraco yet"
                note += f"; the hand is empty and play goes on ({why})"
        if s.last_turn:
            s.end_reason = "stock"
            s.phase = "over"
            self._memo, self._groups = {}, {}
            return self._record(seat, _DISCARDS[c.index],
                                sys.intern(note + "; the stock has run out and the hand ends (STOCK-1)"),
                                back, "discard", None, took)
        s.turn = (seat + 1) % self.players
        s.phase = "draw"
        # An interned constant unless the hand was emptied (a rare longer note).
        return self._record(seat, _DISCARDS[c.index], note if rest else sys.intern(note), back, "discard", None, took)

    def apply(self, action: Action | str) -> Event:
        """Do an action given as a value or in notation (``'meld 5H 6H 7H'``)."""
        a = parse_action(action) if isinstance(action, str) else action
        legal = self._s.cache.get("legal")
        if legal is not None:
            for x in legal:
                if x is a:
                    # The trusted path: ``a`` is one of the very objects legal_actions() returned
                    # for this unchanged state (the cache holding them is dropped by every change),
                    # so the rules were checked when it was listed; only what doing it needs is
                    # worked out here.
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

    def undo(self) -> Action:
        """Take back the last action; returns it. Raises :class:`IllegalMove` when there is none."""
        if not self._undo:
            raise IllegalMove(tr("nothing to undo: no action has been played since the start of this game (or the "
                                 "position it was set up from), so there is no move to take back (TURN-6)"),
                              ("TURN-6",))
        s = self._s
        action = s.history.pop().action
        hand, kind, data, pot, scalars = self._undo[-_UNDO_ITEMS:]
        del self._undo[-_UNDO_ITEMS:]
        seat = scalars[0]
        # A tuple kept in a delta may be shared with clones (clone() copies the stack, not each
        # delta): what comes back is copied into new lists.
        if pot:
            s.pots.insert(0, s.hands[seat])
        now = s.hands[seat]
        card = None
        if kind == "draw":
            if data:
                s.pots.insert(0, s.stock[:data])
                del s.stock[:data]
            s.stock.append(now[-1])
            s.hands[seat] = now[:-1]
        elif kind == "pile":
            s.pile = list(data)
            s.hands[seat] = now[:-len(data)]
        elif kind == "meld":
            s.table.pop()
        elif kind == "layoff":
            s.table[data[0]] = data[1]
        else:
            card = s.pile.pop()
        if hand.__class__ is tuple:
            s.hands[seat] = list(hand)
        elif hand is not None:
            assert card is not None  # an index is kept for a discard only
            back = list(now)
            back.insert(hand, card)
            s.hands[seat] = back
        (s.turn, s.phase, s.last_turn, s.pile_single, s.held_identical, s.closed_by, s.end_reason, s.soloist,
         s.took_pot[seat]) = scalars
        s.cache.clear()
        s.fixed.clear()
        return action

    def clone(self) -> Game:
        """An independent copy (history and undo included)."""
        g = Game(self.rules, self.players, self.dealer, self.seed, self._s.copy(), self._start)
        g._start_state = self._start_state  # never changed: shared
        g._undo = list(self._undo)  # deltas are never mutated: undo() copies what it restores
        g._s.cache.update(self._s.cache)  # values derived from the same state (immutable)
        g._memo = self._memo
        g._groups = self._groups
        return g

    # ------------------------------------------------------------------ legal actions
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

    def _facts(self) -> _Facts:
        """The side's melds of the player to move, whether the side has its pot and a burraco
        (as :meth:`side_melds`, :meth:`side_has_pot`, :meth:`side_has_burraco`), and the ranks of
        its sets (bit ``r`` for rank ``r``), kept until the table, the pots taken or the soloist
        change (draws and discards change none of them)."""
        s = self._s
        seat = s.turn
        n = self.players
        key = seat if n == 2 else seat % 2 if n == 4 else self._side_key(seat)
        found = s.fixed.get(key)
        if found is None:
            side = (seat,) if n == 2 else (seat % 2, seat % 2 + 2) if n == 4 else self.side_of(seat)
            mine = tuple([t for t in s.table if t.owner in side])  # side_melds
            took = s.took_pot
            has_pot = False
            for x in side:
                if took[x]:
                    has_pot = True
                    break
            has_bur = False
            set_ranks = 0
            for t in mine:
                if len(t.meld._slots) >= 7:  # Meld.is_burraco (BUR-1)
                    has_bur = True
                if t.meld.kind == "set":
                    set_ranks |= 1 << t.meld._rank
            found = s.fixed[key] = (mine, has_pot, has_bur, set_ranks)
        return found

    def _side_key(self, seat: int) -> int:
        """The key of ``seat``'s side in the table's facts (``_State.fixed``): its lowest seat."""
        return min(self.side_of(seat))

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
        for group, acts, longest in _candidate_groups(hand, self._groups, scan, set_ranks):
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

    # ------------------------------------------------------------------ the count
    def result(self) -> HandResult:
        """The count of a finished hand (SCORE-1..4, P3-2). Raises :class:`IllegalMove` before the end."""
        if self._s.phase != "over":
            raise IllegalMove(tr("the hand is not over yet, so it has no count (SCORE-1): it is counted after a "
                                 "close (CLOSE-1) or the end of the stock (STOCK-1); score_now() gives the running "
                                 "count"), ("SCORE-1", "CLOSE-1", "STOCK-1"))
        return self._count()

    def score_now(self) -> HandResult:
        """The count as if the hand ended now by the stock (for a running score on the table)."""
        return self._count()

    def _count(self) -> HandResult:
        s = self._s
        any_pot = any(s.took_pot)
        sides = self.sides
        scores = []
        for side in sides:
            melds = [t.meld for t in s.table if t.owner in side]
            cards = [c for seat in side for c in s.hands[seat]]
            closed = s.closed_by is not None and s.closed_by in side
            took = any(s.took_pot[seat] for seat in side)
            scores.append(score_side(melds, cards, closed=closed, took_pot=took,
                                     any_pot_taken=any_pot or self.rules.pot_penalty_always, rules=self.rules))
        credits = [0] * self.players
        for side, sc in zip(sides, scores):
            for seat in side:
                # P3-2: a 3-player pair's score is halved for each partner (rounded up to the point).
                credits[seat] = -((-sc.total) // 2) if (self.players == 3 and len(side) == 2) else sc.total
        reason = s.end_reason or "stock"
        return HandResult(reason, s.closed_by, sides, tuple(scores), tuple(credits))

    # ------------------------------------------------------------------ invariants and text
    def all_cards(self) -> Counter[Card]:
        """Every card in the game, wherever it lies (hands, table, pile, stock, pots)."""
        s = self._s
        total: Counter[Card] = Counter()
        for h in s.hands:
            total.update(h)
        for t in s.table:
            total.update(t.meld.cards)
        total.update(s.pile)
        total.update(s.stock)
        for p in s.pots:
            total.update(p)
        return total

    def check_invariants(self) -> None:
        """Raise ``AssertionError`` if a card is missing, duplicated beyond its copies, or out of place."""
        total = self.all_cards()
        expected = Counter(make_deck(self.rules.jokers))
        if total != expected:
            raise AssertionError(f"cards not conserved: extra {dict(total - expected)}, missing {dict(expected - total)}")
        for t in self._s.table:
            if t.owner not in range(self.players):
                raise AssertionError(f"meld {t.id} has no owner")

    def position(self) -> str:
        """The position notation of this table (see :mod:`buraco_learn.records`)."""
        from .records import format_position

        return format_position(self)

    @classmethod
    def from_position(cls, text: str, *, rules: Rules | str | None = None) -> Game:
        """A game set up from position notation (see :mod:`buraco_learn.records`); ``rules``
        overrides the header's rule set (for a custom :class:`Rules` value)."""
        from .records import parse_position

        return parse_position(text, rules=rules)

    def __repr__(self) -> str:
        return (f"<Game {self.rules.name} {self.players}p seed={self.seed} {self.seat_name(self._s.turn)} to "
                f"{self._s.phase}, {len(self._s.stock)} in stock, {len(self._s.table)} melds>")

    def _repr_html_(self) -> str:  # pragma: no cover - covered by the renderer's tests
        from .render import table_html

        return table_html(self)


_ACTION_HELP = N_("an action is Draw(), TakePile(), LayDown(cards), LayOff(meld number, cards), Discard(card) "
                "or their notation, like 'meld 5H 6H 7H'")


def _cards_arg(cards: object) -> list[Card]:
    """Cards given to meld or lay off: notation, one card, or an iterable of cards or notations;
    anything else is a :class:`NotationError`."""
    if cards.__class__ is list and all(c.__class__ is Card for c in cards):
        return list(cards)
    return parse_cards(cards)  # type: ignore[arg-type]


def _check_wild_high(wild_high: object) -> None:
    if wild_high is not None and wild_high is not True and wild_high is not False:
        raise NotationError(f"wild_high is True (a free wild at the high end), False (the low end) or None (the "
                            f"engine's choice), not {excerpt(wild_high)} (WILD-1)")


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


_SET_LAY_DOWN = (LayDown.__dict__["cards"].__set__, LayDown.__dict__["wild_high"].__set__,
                 LayDown.__dict__["layout"].__set__)
_SET_LAY_OFF = (LayOff.__dict__["target"].__set__, LayOff.__dict__["cards"].__set__,
                LayOff.__dict__["wild_high"].__set__, LayOff.__dict__["layout"].__set__)


def _lay_down_act(cards: tuple[Card, ...]) -> LayDown:
    """``LayDown(cards)``, its slots set directly (a frozen dataclass's __init__ goes through
    object.__setattr__ for each field): the engine lists thousands."""
    act = object.__new__(LayDown)
    set_cards, set_high, set_layout = _SET_LAY_DOWN
    set_cards(act, cards)
    set_high(act, None)
    set_layout(act, None)
    return act


def _lay_off_act(target: int, cards: tuple[Card, ...]) -> LayOff:
    """``LayOff(target, cards)``, its slots set directly (see :func:`_lay_down_act`)."""
    act = object.__new__(LayOff)
    set_target, set_cards, set_high, set_layout = _SET_LAY_OFF
    set_target(act, target)
    set_cards(act, cards)
    set_high(act, None)
    set_layout(act, None)
    return act


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
            return (_lay_off_act(target, (maybe[0],)),) if _set_fit(meld, maybe[0]) else ()
        return tuple([_lay_off_act(target, (c,)) for c in maybe if _set_fit(meld, c)])
    if len(maybe) == 1 and not twice:  # one card, not held twice: no pair (the common case)
        fit = _run_fit(meld, maybe)
        if fit is None:
            fit = meld._fits_cards(maybe)
        return (_lay_off_act(target, (maybe[0],)),) if fit else ()
    fits = []
    for c in maybe:
        fit = _run_fit(meld, (c,))
        if fit if fit is not None else meld._fits_cards([c]):
            fits.append(c)
    out = [_lay_off_act(target, (c,)) for c in fits]
    for i, a in enumerate(maybe):
        for b in maybe[i:]:
            if a == b and a not in twice:
                continue
            if a in fits and b in fits:
                continue
            fit = _run_fit(meld, (a, b))
            if fit if fit is not None else meld._fits_cards([a, b]):
                out.append(_lay_off_act(target, (a, b)))
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


# ---------------------------------------------------------------------- meld enumeration
_SUIT_CARDS: dict[int, dict[int, Card]] = {}


def candidate_melds(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every distinct legal meld (a card multiset, in layout order) that ``hand`` can form,
    whatever the table; the game's own checks (SET-4, CLOSE-3, ...) are :meth:`Game.can_meld`'s.

    >>> [format_cards(m) for m in candidate_melds(parse_cards("5H 6H 7H JK"))]
    ['JK 5H 6H', '5H 6H 7H', 'JK 5H 6H 7H', '5H JK 7H', 'JK 6H 7H']
    """
    return list(_candidates(_card_list(hand))[0])  # _card_list: parse_cards, quick for a list or tuple


def _candidate_entries(hand: Sequence[Card]) -> tuple[tuple[tuple[Card, ...], tuple[Any, ...]], ...]:
    """:func:`candidate_melds` of a list or tuple of cards, each candidate with its meld analysis
    (the entries of :func:`_candidate_results`, remembered with the candidates). The analysis is
    made under fibur's rules: ``Meld._make(res, FIBUR)`` is ``Meld.from_cards(cards, rules=FIBUR)``
    (as Game.apply's trusted path relies on); under another preset build the meld from the cards."""
    return _candidates(hand)[1]


def _candidates(cards: Sequence[Card]) -> tuple[tuple[tuple[Card, ...], ...],
                                                  tuple[tuple[tuple[Card, ...], tuple[Any, ...]], ...]]:
    key = bytes([c.index for c in cards])
    found = _CANDIDATES.get(key)
    if found is None:
        if len(_CANDIDATES) >= _CANDIDATES_MAX:
            _CANDIDATES.clear()
        entries = tuple(_candidate_results(cards))
        found = _CANDIDATES[key] = (tuple([e[0] for e in entries]), entries)
    return found


#: Memo of :func:`candidate_melds` and :func:`_candidate_entries` (pure functions of the hand in its
#: order): the solver and the bots ask them of the same hands many times a turn. Bounded, cleared
#: when full. The entries are the groups' own (shared with the group memos, not copied).
_CANDIDATES: dict[bytes, tuple[tuple[tuple[Card, ...], ...], tuple[tuple[tuple[Card, ...], tuple[Any, ...]], ...]]] = {}
_CANDIDATES_MAX = 5_000


_candidate_melds = candidate_melds


#: The candidate melds of one group of a hand (the sets of one rank, the runs of one suit), with
#: the analysis of each: see :func:`_candidate_results`.
_Group = tuple[tuple[tuple[Card, ...], tuple[Any, ...]], ...]
#: A group as remembered: its candidates, their actions (a game's), the most cards one takes.
_GroupInfo = tuple[_Group, tuple[LayDown, ...], int]
_SET_GROUPS: dict[tuple[Any, ...], _GroupInfo] = {}
_RUN_GROUPS: dict[tuple[Any, ...], _GroupInfo] = {}
_GROUPS_MAX = 50_000
_CARD_OF: list[Card] = sorted(set(make_deck(4)), key=lambda c: c.index)
#: Position bits of a rank (an ace lies at 1 and 14), and one card's count in a rank's code.
_POS_BITS = [1 << r | (16384 if r == 1 else 0) for r in range(14)]
_COUNT_UNIT = [1 << (8 * s) for s in range(4)]
#: One discard action per card index (immutable values, shared).
_DISCARDS: list[Discard] = [Discard(c) for c in _CARD_OF]
_DISCARD_OF = {c: _DISCARDS[c.index] for c in _CARD_OF}.__getitem__
#: The note of a discard, per card index (interned: every note in a history is shared).
_DISCARD_NOTES: list[str] = [sys.intern(f"discarded {c}") for c in _CARD_OF]
#: The note of a draw from the stock that changes nothing else.
_DREW = sys.intern("drew from the stock")


def _pile_note(n: int) -> str:
    """The note of a pile of ``n`` cards taken."""
    return sys.intern(f"took the discard pile ({n} card{'s' if n != 1 else ''})")


#: The note of a pile taken, by its size (a pile holds at most the two decks' 108 cards).
_PILE_NOTES: list[str] = [_pile_note(n) for n in range(109)]


def _candidate_results(hand: Sequence[Card]) -> list[tuple[tuple[Card, ...], tuple[Any, ...]]]:
    """Every distinct legal meld ``hand`` can form, with the meld analysis of each: the sets rank
    by rank (low first), then the runs suit by suit (see
    :func:`_candidate_groups`)."""
    return [e for info in _candidate_groups(hand) for e in info[0]]


def _info(group: _Group, laid: dict[Any, Any] | None) -> _GroupInfo:
    """A group as remembered; its actions only for a game (``laid``: the game's memo, where each
    candidate's analysis is noted under its cards, the very tuple its action holds, for the
    trusted path of Game.apply: a tuple of cards is no group's key, and the same cards always
    have the same analysis; such an entry allocates nothing, where a key and a value per action
    did)."""
    if laid is None:
        return (group, (), max([len(e[0]) for e in group], default=0))
    # One pass: each entry's LayDown (as _lay_down_act builds it, inlined: a new group is built
    # for most draws), its analysis noted for Game.apply, and the longest candidate.
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
                      scan: _Scan | None = None, skip: int = 0) -> list[_GroupInfo]:
    """The candidate melds of ``hand`` group by group: the sets of a rank, rank by rank, then the
    runs of a suit, suit by suit, in the order of :func:`_candidate_results`.
    ``memo``: a game's own memo (its groups and their actions' analyses), else the module's;
    ``scan``: the hand's :func:`_scan` when the caller has it; ``skip``: the ranks (bit ``r``)
    whose sets are left out (the game's SET-4).

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
            key: tuple[Any, ...] = (r, code, wild_kinds)
            grp = sets.get(key)
            if grp is None:
                if len(sets) >= _GROUPS_MAX:
                    sets.clear()
                grp = sets[key] = _info(_set_group(r, code, wild_kinds), memo)
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


def _target_group(cards: Sequence[Card], meld: Sequence[Card], rank: int, suit: int) -> _Group:
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
        key: tuple[Any, ...] = (rank, code, wild_kinds)
        grp = _SET_GROUPS.get(key)
        if grp is None:
            if len(_SET_GROUPS) >= _GROUPS_MAX:
                _SET_GROUPS.clear()
            grp = _SET_GROUPS[key] = _info(_set_group(rank, code, wild_kinds), None)
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


#: _set_combos' answers by rank and code (13 ranks times 3**4 codes at most: they recur from hand
#: to hand, unlike the groups, which depend on the wilds held too).
_SET_COMBOS: dict[int, tuple[tuple[Card, ...], ...]] = {}


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


def _set_group(r: int, code: int, wild_kinds: tuple[Card, ...]) -> _Group:
    """Every legal set of rank ``r`` from ``code`` (8 bits per suit: how many of that suit's card
    of rank ``r`` the hand holds) and the hand's wilds: every multiset of two naturals or more,
    with no wild or one wild."""
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

    def add(cards: list[Card]) -> None:
        key = tuple(sorted(c.index for c in cards))
        if key in seen:
            return
        res = _analyse(cards, None)
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
