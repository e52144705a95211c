"""The state of a hand and the deal: the values a game hands out (a meld on the table, an event,
the count's result, one seat's view), the mutable state behind them, the seeded deal and the
read-only views of :class:`~buraco_learn.game.Game` (who plays with whom, what each side holds).

Rules implemented here: BUR-1, CLOSE-1, DEAL-1, DEAL-4, DEAL-5, GAME-4, P3-1, P3-2, P5-1, P5-2, P5-4, POT-1, STOCK-1,
TURN-2, TURN-4. Who plays with whom is decided in :mod:`~buraco_learn.seating`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Self

from .actions import Action
from .cards import Card, excerpt, make_deck
from .errors import IllegalMove, RulesError
from .i18n import seat_word, tr
from .melds import Meld
from .notes import say
from .rules import PLAYER_COUNT, Rules, get_rules
from .scoring import SideScore
from .seating import Seating, seatings

__all__ = ["TableMeld", "Event", "HandResult", "PlayerView", "seat_names", "Phase", "MAX_SEED"]


Phase = Literal["draw", "play", "over"]


#: Seeds are whole numbers below this (a record stores them as JSON numbers, DEAL-5).
MAX_SEED = 2**64


_NAMES = {2: ("South", "North"), 3: ("South", "West", "East"), 4: ("South", "West", "North", "East"),
          5: ("South", "West", "North-West", "North-East", "East")}


def seat_names(players: int) -> tuple[str, ...]:
    """Seat names, in turn order (play passes to the left, DEAL-4): South first.

    >>> seat_names(4)
    ('South', 'West', 'North', 'East')
    >>> seat_names(5)
    ('South', 'West', 'North-West', 'North-East', 'East')
    """
    names = _NAMES.get(players) if isinstance(players, int) and not isinstance(players, bool) else None
    if names is None:
        if isinstance(players, int) and not isinstance(players, bool):
            raise RulesError(tr(PLAYER_COUNT, players=excerpt(players)))
        raise RulesError(tr("Buraco is played by 2 to 5 players, not {players} (DEAL-1)", players=excerpt(players)))
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


#: ``object.__new__``, for the two values built with their slots set directly (an event in
#: Game._record, a group's LayDowns in legal._info), where a frozen dataclass's __init__ goes
#: through object.__setattr__ for each field. Measured (benchmarks/bench_tricks.py): 1.3 against
#: 2.7 us an event, about 190 events a random 4-player hand: 5.7 % of compare.py's hands4 workload.
_new_object = object.__new__
#: Event's slots, set directly by Game._record (see _new_object).
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
    Equality, hash, repr and ``dataclasses`` read the field through here too. Measured
    (benchmarks/bench_tricks.py): writing the note at once costs 3.7 us a meld or lay-off, about
    47 a random 4-player hand: 3.8 % of compare.py's hands4 workload."""
    note = _get_note(ev)
    if note.__class__ is str:
        return note
    if note.__class__ is TableMeld:
        text = f"laid down meld {note.id}: {note.meld}"
    else:
        text = f"meld {ev.action.target} is now {note}"  # type: ignore[union-attr]
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
    #: The seat who took the 18-card pot and plays alone (3 or 5 players, P3-1, P5-2), or ``None``.
    soloist: int | None = None
    #: Five players, every one for himself (P5-4's option).
    alone: bool = False


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


#: Game._facts: the side's melds, whether it has its pot and a burraco, its sets' ranks (bits).
_Facts = tuple[tuple[TableMeld, ...], bool, bool, int]


def _remove(hand: Sequence[Card], cards: Sequence[Card]) -> list[Card] | None:
    """The hand without ``cards`` (as a multiset), or ``None`` if some are not in it."""
    rest = list(hand)
    for c in cards:
        try:
            rest.remove(c)
        except ValueError:
            return None
    return rest


_CARD_OF: list[Card] = sorted(set(make_deck(4)), key=lambda c: c.index)


class _Table:
    """The state of a hand and what anyone may read of it; :class:`~buraco_learn.game.Game` adds
    the turn (:mod:`~buraco_learn.turn`), the legal listing (:mod:`~buraco_learn.legal`) and the
    count."""

    def __init__(self, rules: Rules, players: int, dealer: int, seed: int | None, state: _State,
                 start: str | None = None, alone: bool = False) -> None:
        if rules.copies != (3 if players == 5 else 2):  # five players: three packs (P5-1)
            rules = rules.for_players(players)
        self.rules = rules
        self.players = players
        self.dealer = dealer
        self.seed = seed
        #: Five players, every one for himself (P5-4's option): one pot each, no pairs.
        self.alone = alone
        #: The seatings of this hand by its lone player (``None`` before the first pot, P3-1,
        #: P5-2): who plays with whom (see :mod:`~buraco_learn.seating`).
        self._seatings: dict[int | None, Seating] = seatings(players, alone)
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

    @classmethod
    def new(cls, players: int = 4, *, rules: Rules | str | None = None, seed: int | None = None,
            dealer: int = 0, alone: bool = False) -> Self:
        """Shuffle with ``seed`` and deal (DEAL-1..5, P5-1): hands, pots, the up-card, the stock.

        The same seed, rules, players and dealer give the same cards (DEAL-5); with no seed one
        is drawn and kept in :attr:`seed`, so the hand can still be replayed. A seed is a whole
        number from 0 to 2**64 - 1 (a record stores it); one player, or six and more, are
        refused (DEAL-1, GAME-4). Five players play with three packs (P5-1); ``alone`` deals them
        one pot of 11 each, every player for himself (P5-4's option).

        >>> from buraco_learn import Game
        >>> a, b = Game.new(2, seed=1), Game.new(2, seed=1)
        >>> a.hands == b.hands and a.stock == b.stock, len(a.stock)
        (True, 63)
        >>> five = Game.new(5, seed=1)
        >>> [len(p) for p in five.pots], len(five.stock), sum(five.all_cards().values())
        ([18, 11, 11], 66, 162)
        """
        r = get_rules(rules)
        r.check_players(players)
        r = r.for_players(players)  # five players: three copies of each card (P5-1)
        if alone is not False and (alone is not True or players != 5):
            raise RulesError(tr("every player alone (P5-4) is an option of the five-player game: alone=True with 5 "
                                "players, not alone={alone} with {players}", alone=excerpt(alone), players=players))
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
            raise IllegalMove(tr("dealer must be a seat from 0 to {last}, not {dealer} (DEAL-4)", last=players - 1,
                                 dealer=excerpt(dealer)), ("DEAL-4",))
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        elif isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < MAX_SEED:
            raise IllegalMove(tr("a seed is a whole number from 0 to 2**64 - 1, so that the record can replay the "
                                 "deal (DEAL-5), not {seed}", seed=excerpt(seed)), ("DEAL-5",))
        deck = make_deck(r.deck_jokers(players), r.packs(players))
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
        for size in r.pot_sizes(players, alone):
            pots.append(deck[at:at + size])
            at += size
        pile = [deck[at]]
        at += 1
        stock = deck[at:]
        state = _State(hands, [], pile, stock, pots, [False] * players, None, (dealer + 1) % players, "draw",
                       False, None, False, None, None)
        return cls(r, players, dealer, seed, state, alone=alone)

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
        """With 3 or 5 players, the seat who took the 18-card pot and plays alone (P3-1, P5-2)."""
        return self._s.soloist

    @property
    def seating(self) -> Seating:
        """Who plays with whom as things stand (DEAL-2, P3-1, P5-2): see :mod:`~buraco_learn.seating`.

        >>> from buraco_learn import Game
        >>> Game.new(5, seed=3).seating.sides
        ((0,), (1,), (2,), (3,), (4,))
        """
        return self._seatings[self._s.soloist]

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
        """The seats playing together with ``seat`` (itself included), as things stand (P3-1, P5-2)."""
        if seat.__class__ is not int or not 0 <= seat < self.players:
            seat = self._seat(seat)
        return self._seatings[self._s.soloist].side[seat]

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """Every side, as tuples of seats, in order of their lowest seat."""
        return self._seatings[self._s.soloist].sides

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

    def _facts(self) -> _Facts:
        """The side's melds of the player to move, whether the side has its pot and a burraco
        (as :meth:`side_melds`, :meth:`side_has_pot`, :meth:`side_has_burraco`), and the ranks of
        its sets (bit ``r`` for rank ``r``), kept until the table, the pots taken or the soloist
        change (draws and discards change none of them)."""
        s = self._s
        seat = s.turn
        seats = self._seatings[s.soloist]
        key = seats.key[seat]
        found = s.fixed.get(key)
        if found is None:
            side = seats.side[seat]
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
        return self._seatings[self._s.soloist].key[seat]

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see: its own hand; only the sizes of the other hands, stock and pots."""
        s = self._s
        seat = self._seat(seat)
        return PlayerView(seat, self.players, self.rules, tuple(s.hands[seat]), tuple(len(h) for h in s.hands),
                          tuple(s.table), tuple(s.pile), len(s.stock), tuple(len(p) for p in s.pots),
                          tuple(s.took_pot), self.sides, s.turn, s.phase, tuple(s.history), s.last_turn,
                          s.pile_single, s.held_identical if seat == s.turn else False, s.soloist, self.alone)
