"""One hand of Buraco: the seeded deal, the turn cycle, the pot, closing, the end and the count.

:class:`Game` is assembled here from its seams, one module each (grep a rule ID to find its code):
:mod:`~buraco_learn.state` the state and the deal (DEAL-, P3-1, the sides), :mod:`~buraco_learn.turn`
a turn's verify/can/do and undo (TURN-, CLOSE-, POT-, STOCK-1, SET-4), :mod:`~buraco_learn.legal`
the legal listing (SET-, RUN-, WILD- as a hand's lay-offs and melds), and here the count (SCORE-1,
P3-2, P5-3); who plays with whom is :mod:`~buraco_learn.seating`'s (P3-1, P5-2); the remembered
results are in :mod:`~buraco_learn.memo`.

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

from collections import Counter

from .cards import Card, make_deck
from .errors import IllegalMove
from .i18n import tr
from .legal import _Legal
from .rules import Rules
from .scoring import score_side
from .state import _State as _State

# The names imported from here by the package, its tests and benchmarks before the module was split
# along its seams: each now lives in the module named (``X as X``: re-exported on purpose).
from .legal import _candidate_entries as _candidate_entries, _candidate_melds as _candidate_melds
from .legal import _candidate_results as _candidate_results, _DISCARD_OF as _DISCARD_OF, _info as _info
from .legal import _lay_off_probe as _lay_off_probe, _lay_offs_of as _lay_offs_of, _POS_BITS as _POS_BITS
from .legal import _plain_lay_off as _plain_lay_off, _run_fit as _run_fit, _run_group as _run_group
from .legal import _run_lay_off as _run_lay_off, _set_fit as _set_fit, _set_group as _set_group
from .legal import _target_group as _target_group, candidate_melds as candidate_melds
from .memo import _CANDIDATES as _CANDIDATES, _LAST_CARD as _LAST_CARD, _MELD_OF as _MELD_OF
from .memo import _RUN_GROUPS as _RUN_GROUPS, _SET_COMBOS as _SET_COMBOS, _SET_GROUPS as _SET_GROUPS
from .state import _CARD_OF as _CARD_OF, _NAMES as _NAMES, _remove as _remove, MAX_SEED as MAX_SEED
from .state import Event as Event, HandResult as HandResult, Phase as Phase, PlayerView as PlayerView
from .state import TableMeld as TableMeld, seat_names as seat_names
from .turn import _DISCARDS as _DISCARDS, _known_meld as _known_meld

__all__ = ["Game", "TableMeld", "Event", "HandResult", "PlayerView", "seat_names", "Phase", "candidate_melds"]


class Game(_Legal):
    """A hand of Buraco for 2, 3, 4 or 5 players under one rule set.

    Build it with :meth:`new` (a seeded deal) or :meth:`from_position` (any table).
    Seats are numbered in turn order; in a 4-player game seats 0 and 2 are partners, 1 and 3
    the other side (see :func:`seat_names`); with 3 or 5 the sides form when the 18-card pot is
    taken (P3-1, P5-2; :attr:`seating`, decided in :mod:`~buraco_learn.seating`).
    """

    @property
    def start_position(self) -> str | None:
        """The starting position when the game was not dealt from a seed."""
        if self._start_state is not None:
            from .records import format_position

            first = Game(self.rules, self.players, self.dealer, self.seed, self._start_state, alone=self.alone)
            self._start, self._start_state = format_position(first), None
        return self._start

    @start_position.setter
    def start_position(self, value: str | None) -> None:
        self._start, self._start_state = value, None

    def _set_start_lazily(self) -> None:
        """Make :attr:`start_position` the notation of the present state, written on first use."""
        self._start, self._start_state = None, self._s.copy()

    def result(self) -> HandResult:
        """The count of a finished hand (SCORE-1..4, P3-2, P5-3). Raises :class:`IllegalMove` before the end."""
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
        seats = self.seating
        for side, sc in zip(sides, scores):
            for seat in side:
                # P3-2, P5-3: a pair's score is halved for each partner (rounded up to the point).
                credits[seat] = seats.credit(side, sc.total)
        reason = s.end_reason or "stock"
        return HandResult(reason, s.closed_by, sides, tuple(scores), tuple(credits))

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
        expected = Counter(make_deck(self.rules.deck_jokers(self.players), self.rules.packs(self.players)))
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

