"""A turn: what the player to move may do and doing it. Every action can be asked about
(``can_...``), explained (``verify_...`` raises :class:`~buraco_learn.errors.IllegalMove` naming
the rule) and done (``draw``, ``take_pile``, ``meld``, ``lay_off``, ``discard``); a refused action
leaves the state exactly as it was (TURN-6), and :meth:`~_Turn.undo` takes one back.

Rules implemented here: CLOSE-1, CLOSE-2, CLOSE-3, CLOSE-4, P3-1, POT-1, POT-2, POT-3, SET-4, STOCK-1, TURN-1, TURN-2, TURN-3, TURN-4, TURN-5, TURN-6, WILD-1, WILD-2, WILD-6.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Self

from .actions import Action, Discard, Draw, LayDown, LayOff, TakePile, parse_action
from .cards import Card, excerpt, format_cards, parse_cards
from .errors import BuracoError, IllegalMove, InvalidMeld, NotationError
from .i18n import N_, seat_word, tr
from .melds import Meld, _card_list
from .memo import _LAST_CARD, _LAST_CARD_MAX, _MELD_OF, _MEMO_MAX, _SCALARS
from .rules import Rules
from .state import (_CARD_OF, Event, TableMeld, _new_object, _remove, _set_action, _set_note, _set_seat, _State,
                    _Table)


_RULE_ID = re.compile(r"[A-Z][A-Z0-9]*-\d+")


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


#: The two actions without arguments, shared (they are immutable values).
_DRAW = Draw()


_TAKE_PILE = TakePile()


#: One discard action per card index (immutable values, shared).
_DISCARDS: list[Discard] = [Discard(c) for c in _CARD_OF]


#: The note of a discard, per card index (shared by every history).
_DISCARD_NOTES: list[str] = [f"discarded {c}" for c in _CARD_OF]


#: The note of a draw from the stock that changes nothing else.
_DREW = "drew from the stock"


def _pile_note(n: int) -> str:
    """The note of a pile of ``n`` cards taken."""
    return f"took the discard pile ({n} card{'s' if n != 1 else ''})"


#: The note of a pile taken, by its size (a pile holds at most the two decks' 108 cards).
_PILE_NOTES: list[str] = [_pile_note(n) for n in range(109)]


_ACTION_HELP = N_("an action is Draw(), TakePile(), LayDown(cards), LayOff(meld number, cards), Discard(card) "
                "or their notation, like 'meld 5H 6H 7H'")


def _cards_arg(cards: object) -> list[Card]:
    """Cards given to meld or lay off: notation, one card, or an iterable of cards or notations;
    anything else is a :class:`NotationError`."""
    if cards.__class__ is list or cards.__class__ is tuple:  # the values a widget or a bot hands
        return _card_list(cards)  # a list or tuple of cards is copied as it is, no text read
    return parse_cards(cards)  # type: ignore[arg-type]


def _check_wild_high(wild_high: object) -> None:
    if wild_high is not None and wild_high is not True and wild_high is not False:
        raise NotationError(f"wild_high is True (a free wild at the high end), False (the low end) or None (the "
                            f"engine's choice), not {excerpt(wild_high)} (WILD-1)")


class _Turn(_Table):
    """A hand's turn: verify, can and do for each action, and undo (see the module)."""

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
                              self._rule_ids(why), reason=why)
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

        >>> from buraco_learn import Game
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
                if len(_LAST_CARD) >= _LAST_CARD_MAX:
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

    def _push(self) -> _State:
        """Start an action: note the scalars to restore, drop the derived values; the action itself
        completes its :data:`_Undo` delta when :meth:`_record` records it."""
        s = self._s
        seat = s.turn
        scalars = (s.turn, s.phase, s.last_turn, s.pile_single, s.held_identical, s.closed_by, s.end_reason,
                   s.soloist, s.took_pot[seat])
        # Interned: a hand repeats a few dozen combinations, so the undo stack shares them.
        if len(_SCALARS) >= _MEMO_MAX:
            _SCALARS.clear()
        self._pending = _SCALARS.setdefault(scalars, scalars)
        s.cache.clear()
        return s

    def _record(self, seat: int, action: Action, note: str | TableMeld | Meld,
                hand: Any, kind: str, data: Any = None, pot: bool = False) -> Event:
        """End an action: its :data:`_Undo` delta ``(hand, kind, data, pot)`` and the scalars
        :meth:`_push` noted go on the undo stack (flat: see _Undo), its event on the history."""
        self._undo += (hand, kind, data, pot, self._pending)
        # Event(seat, action, note), its three fields set directly (measured: see
        # state._new_object). A TableMeld or Meld stands for a meld's or a lay-off's note,
        # written when first read (see state._event_note).
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
        return self._record(seat, _DRAW, note, None, "draw", became)

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
        key = self._seatings[self._s.soloist].key[seat]  # as in _facts
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
        if self._seatings[s.soloist].forms:
            note += self._lone(seat)
        return note

    def _lone(self, seat: int) -> str:
        """``seat`` took the first pot: he plays alone and the others pair up (P3-1, P5-2); the
        note's phrase that says so."""
        s = self._s
        s.soloist = seat
        s.cache.clear()
        pairs = [side for side in self._seatings[seat].sides if seat not in side]
        if len(pairs) == 1:
            return "; the other two now play as partners (P3-1)"
        (a, b), (c, d) = pairs
        name = self.seat_name
        return f"; the other four now play in pairs: {name(a)} with {name(b)}, {name(c)} with {name(d)} (P5-2)"

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
        laid = TableMeld(len(s.table), seat, meld)
        s.table.append(laid)
        self._side_melds_changed(seat, None, laid)
        pot = self._after_empty_by_play(seat)
        # The note "laid down meld {id}: {meld}" is written when first read (see _event_note).
        return self._record(seat, action, f"laid down meld {laid.id}: {meld}{pot}" if pot else laid,
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
        s.table[target] = TableMeld(old.id, old.owner, new)
        self._side_melds_changed(seat, old, s.table[target])
        pot = self._after_empty_by_play(seat)
        # The note "meld {target} is now {new}" (action.target is target) is written when first
        # read (see _event_note).
        return self._record(seat, action, f"meld {target} is now {new}{pot}" if pot else new,
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
                                    note + f"; {self.seat_name(seat)} closes (CLOSE-1)", at, "discard")
            if not has_pot and s.pots:
                pot = s.pots.pop(0)
                s.hands[seat] = pot
                s.took_pot[seat] = True
                s.fixed.clear()
                back, took = tuple(old_hand), True
                note += f"; {self.seat_name(seat)} takes the pot with the discard ({len(pot)} cards, POT-3)"
                if self._seatings[s.soloist].forms:
                    note += self._lone(seat)
            else:
                why = "a wild cannot close (CLOSE-2)" if c.is_wild else "no burraco yet"
                note += f"; the hand is empty and play goes on ({why})"
        if s.last_turn:
            s.end_reason = "stock"
            s.phase = "over"
            self._memo, self._groups = {}, {}
            return self._record(seat, _DISCARDS[c.index],
                                note + "; the stock has run out and the hand ends (STOCK-1)",
                                back, "discard", None, took)
        s.turn = (seat + 1) % self.players
        s.phase = "draw"
        return self._record(seat, _DISCARDS[c.index], note, back, "discard", None, took)

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

    def clone(self) -> Self:
        """An independent copy (history and undo included)."""
        g = self.__class__(self.rules, self.players, self.dealer, self.seed, self._s.copy(), self._start, self.alone)
        g._start_state = self._start_state  # never changed: shared
        g._undo = list(self._undo)  # deltas are never mutated: undo() copies what it restores
        g._s.cache.update(self._s.cache)  # values derived from the same state (immutable)
        g._memo = self._memo
        g._groups = self._groups
        return g

    def with_swapped(self, seat: int, mine: Card, other: Card) -> Self:
        """A what-if of this table (no history, no undo, as :meth:`as_drawn`) where ``seat`` holds
        ``other`` in place of ``mine``, and ``mine`` lies where ``other`` lay: the first copy of
        ``other`` in another seat's hand (in seat order), the stock or a pot. A puzzle asks with it
        what a card drawn from the stock could have been.

        >>> from buraco_learn import Card, Game
        >>> g = Game.new(2, seed=1)
        >>> mine, other = g.hand(0)[0], g.stock[0]
        >>> w = g.with_swapped(0, mine, other)
        >>> (w.hand(0)[-1] == other, w.stock[0] == mine, g.hand(0)[0] == mine)
        (True, True, True)
        """
        s = self._s.copy()
        s.history = []  # _what_if's game has none
        hand = s.hands[seat]
        hand.remove(mine)
        hand.append(other)
        places = [h for i, h in enumerate(s.hands) if i != seat] + [s.stock] + s.pots
        holder = next(p for p in places if other in p)
        holder[holder.index(other)] = mine
        return self._what_if(s)

    def as_drawn(self) -> Self:
        """The same table in the play phase, as if the draw were done without a card: a what-if
        (the hint weighs "draw" against "take the pile" on it). It keeps no history and no undo,
        like a table read from its notation; the melds' memos are shared, as by :meth:`clone`.

        >>> from buraco_learn import Game
        >>> g = Game.new(2, seed=1)
        >>> w = g.as_drawn()
        >>> (g.phase, w.phase, w.hand(0) == g.hand(0), len(w.stock) == len(g.stock))
        ('draw', 'play', True, True)
        """
        s = self._s.copy()
        s.phase, s.history = "play", []
        return self._what_if(s)

    def _what_if(self, state: _State) -> Self:
        """A game on ``state`` (a changed copy of this one's) with no history, no undo and no
        start, sharing this hand's meld memos, as :meth:`clone` does."""
        g = self.__class__(self.rules, self.players, self.dealer, None, state, None, self.alone)
        g._memo = self._memo
        g._groups = self._groups
        return g
