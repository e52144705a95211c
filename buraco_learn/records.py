"""Position notation (a one-line table, like chess's FEN) and replayable game records.

A **position** lists everything on the table in sections separated by ``|``::

    fibur 2p d0 t1 play | h: 5H 6H 7H 8C / 9D 9S JK | m: 0=QH KH AH | p: 3C | s: * | pots: *11 / *11 | took: -

- header: rule set, players, ``d`` dealer, ``t`` seat to move, phase (``draw``, ``play``,
  ``over``), then optional flags: ``last`` (the last turn, STOCK-1), ``closed=S`` (seat S
  closed), ``solo=S`` (3 or 5 players: the soloist, P3-1, P5-2), ``alone`` (5 players, every one
  for himself, P5-4), ``single=9C`` or ``single=9C+``
  (TURN-4: the one card taken from the pile; ``+``: an identical card was already held),
  ``fill=N`` (seed for ``*`` sections).
- ``h:`` the hands, seat 0 first, separated by ``/``; ``-`` is an empty hand.
- ``m:`` the melds in the order laid, ``owner=layout``, separated by ``;``.
- ``p:`` the discard pile, bottom first.  ``s:`` the stock, bottom first (the last card is drawn
  next).  ``pots:`` the untaken pots, separated by ``/``.  ``took:`` the seats that took a pot.
- In ``s:`` and ``pots:``, ``*N`` means N cards from those the position does not list,
  shuffled with the ``fill`` seed (default 0): a teacher or a puzzle need not spell out the
  stock. Every card of the deck must be placed exactly once.

A position must be one play can reach, or a teacher's shorthand that plays on as if it were;
each refusal names its rule: every card of the packs once (EQ-1); the pots dealt (DEAL-2) and at
most one a side (POT-1); a stock above its reserve to draw from, at it only in the last turn,
never below it, and under ``ramiroyal`` never short while a pot is left to become the stock
(STOCK-1); a close that CLOSE-1 and CLOSE-2 allow; no empty hand that could be left with no way to
end a turn: none whose side has no pot left to take (TURN-5, POT-1), none whose side already has
its pot (CLOSE-3) unless ``classic-fr``'s play on allows it (CLOSE-4), and no other seat's empty hand
with its pot still to take but the next seat to play's, when neither a partner nor the last pot's
taking can strand it (POT-1); and a player to move with a legal action (TURN-1, TURN-3, TURN-4,
CLOSE-2, CLOSE-4). The package's own what-if positions use :func:`parse_position`'s ``study``
form, which keeps those shorthands and is never fed with user input.

>>> from buraco_learn import Game
>>> g = Game.from_position(
...     "fibur 2p d0 t1 play | h: 5H 6H 7H 8C / 9D 9S JK | m: 0=QH KH AH | p: 3C | s: * | pots: *11 / *11 | took: -")
>>> g.hand(1), g.table[0].meld, len(g.stock)
((Card.parse('9D'), Card.parse('9S'), Card.parse('JK')), Meld.parse('QH KH AH'), 75)
>>> Game.from_position(g.position()).position() == g.position()
True

A **record** is JSON: the rules, the players, the dealer, the seed (or a starting position)
and the actions in notation. :func:`load_record` replays it and refuses a bad record whole.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from .actions import parse_action
from .cards import Card, check_copies, excerpt, format_cards, is_number, make_deck, parse_cards
from .errors import BuracoError, DeckError, IllegalMove, NotationError, RulesError
from .i18n import N_, seat_word, tr
from .game import Game, Phase, TableMeld, _State
from .melds import Meld
from .rules import PRESETS, Rules, get_rules
from .seating import seatings

__all__ = ["format_position", "parse_position", "game_record", "load_record", "RECORD_FORMAT"]

RECORD_FORMAT = "buraco_learn-record"
_PHASES = ("draw", "play", "over")


def _cards_text(cards: list[Card] | tuple[Card, ...]) -> str:
    return format_cards(cards) if cards else "-"


def format_position(game: Game) -> str:
    """The position notation of ``game`` (complete: every card is listed)."""
    _check_game(game)
    s = game._s
    head = [game.rules.name, f"{game.players}p", f"d{game.dealer}", f"t{s.turn}", s.phase]
    if s.last_turn:
        head.append("last")
    if s.closed_by is not None:
        head.append(f"closed={s.closed_by}")
    elif s.phase == "over":
        head.append("end=stock")
    if s.soloist is not None:
        head.append(f"solo={s.soloist}")
    if game.alone:
        head.append("alone")
    if s.pile_single is not None:
        head.append(f"single={s.pile_single}{'+' if s.held_identical else ''}")
    hands = " / ".join(_cards_text(h) for h in s.hands)
    melds = "; ".join(f"{t.owner}={t.meld}" for t in s.table) or "-"
    pots = " / ".join(_cards_text(p) for p in s.pots) or "-"
    took = ",".join(str(i) for i, t in enumerate(s.took_pot) if t) or "-"
    return (f"{' '.join(head)} | h: {hands} | m: {melds} | p: {_cards_text(s.pile)} | s: {_cards_text(s.stock)}"
            f" | pots: {pots} | took: {took}")


def _check_game(game: object) -> None:
    if not isinstance(game, Game):
        raise NotationError(tr("a position or a record is written from a Game, not {value}", value=excerpt(game)))


def _bad(text: str, why: str) -> NotationError:
    err = NotationError(tr("bad position {position}: {why}", position=excerpt(text, 80), why=why))
    err._bad_position = True  # type: ignore[attr-defined]  # already says which position
    return err


#: The longest position text read (a full table is under 1,000 characters).
MAX_POSITION = 20_000
#: The longest record read (a long hand is a few tens of thousands of characters).
MAX_RECORD = 2_000_000


def _seat(value: str, players: int, text: str, what: str) -> int:
    """``value`` as a seat number; ``what`` names it in the current language (or in notation)."""
    if not is_number(value, 1) or not 0 <= int(value) < players:
        raise _bad(text, tr("{what} must be a seat from 0 to {last}, not {value}", what=what, last=players - 1,
                            value=excerpt(value)))
    return int(value)


def parse_position(text: str, *, rules: Rules | str | None = None, study: bool = False) -> Game:
    """Set up a game from position notation; anything inconsistent is refused whole.

    ``rules`` overrides the header's rule set (for a custom :class:`Rules` value).

    By default the position must be one play can reach, so that it always has a legal action or
    is over and play from it ends: this is what every entry a user or a file reaches uses
    (``Game.from_position``, :func:`load_record`, the table widget, the app, puzzles read from
    text). ``study=True`` also accepts three shorthand positions no play reaches: another seat's
    empty hand that a partner could strand by taking the side's pot first (POT-1), an empty hand
    whose side already has its pot (CLOSE-3), and a player to move who holds only cards he may
    not discard (TURN-3, TURN-4, CLOSE-2, CLOSE-4). It exists for the package's own what-if and
    study positions (the hint reading a table as if the draw were done, the solver's tests'
    shorthand fixtures), which only look at the position and never play it out; it is never fed
    with user input.

    >>> parse_position("fibur 2p d0 t0 draw | h: 5H / 6H | m: - | p: 7H | s: 8H | pots: - | took: -")
    Traceback (most recent call last):
    ...
    buraco_learn.errors.NotationError: bad position 'fibur 2p d0 t0 draw | h: 5H / 6H | m: - | p: 7H | s: 8H | pots: - | took: -': it places 4 cards, but the deck has 108: list the rest or use *N in s: or pots: (EQ-1)
    """
    return _parse_position(text, rules, study is True)


def _parse_position(text: str, rules: Rules | str | None, study: bool = False) -> Game:
    if not isinstance(text, str):
        raise NotationError(tr("a position is text, not {kind}", kind=type(text).__name__))
    if len(text) > MAX_POSITION:
        raise NotationError(tr("a position of {n} characters is too long (a full table takes under 1,000; at most "
                               "{most} are read): {text}", n=format(len(text), ","), most=format(MAX_POSITION, ","),
                               text=excerpt(text)))
    parts = [p.strip() for p in text.strip().split("|")]
    head = parts[0].split()
    if len(head) < 5:
        raise _bad(text, tr("the header is '<rules> <N>p d<dealer> t<seat> <phase> [flags]', like 'fibur 4p d0 t1 "
                            "draw'"))
    try:
        r = get_rules(rules) if rules is not None else get_rules(head[0])
    except RulesError as err:
        raise _bad(text, str(err)) from None
    if not (head[1].endswith("p") and is_number(head[1][:-1], 2)):
        raise _bad(text, tr("players are written like '4p', not {value}", value=excerpt(head[1])))
    players = int(head[1][:-1])
    try:
        r.check_players(players)
    except RulesError as err:
        raise _bad(text, str(err)) from None
    r = r.for_players(players)  # five players: three copies of each card in a meld (P5-1)
    if not head[2].startswith("d") or not head[3].startswith("t"):
        raise _bad(text, tr("after the players come the dealer 'd<seat>' and the seat to move 't<seat>'"))
    dealer = _seat(head[2][1:], players, text, tr("the dealer"))
    turn = _seat(head[3][1:], players, text, tr("the seat to move"))
    phase_text = head[4]
    if phase_text not in _PHASES:
        raise _bad(text, tr("the phase is draw, play or over, not {value}", value=excerpt(phase_text)))
    phase: Phase = "draw" if phase_text == "draw" else ("play" if phase_text == "play" else "over")
    last = False
    closed: int | None = None
    solo: int | None = None
    single: Card | None = None
    held = False
    fill = 0
    ended_by_stock = False
    alone = False
    for flag in head[5:]:
        key, _, value = flag.partition("=")
        try:
            if key == "last" and not value:
                last = True
            elif key == "closed":
                closed = _seat(value, players, text, "closed=")
            elif key == "end" and value == "stock":
                ended_by_stock = True
            elif key == "solo":
                solo = _seat(value, players, text, "solo=")
            elif key == "alone" and not value:
                alone = True
            elif key == "single":
                held = value.endswith("+")
                single = Card.parse(value.rstrip("+"))
            elif key == "fill" and is_number(value, 19):
                fill = int(value)
            else:
                raise _bad(text, tr("unknown flag {flag}; flags are last, closed=S, end=stock, solo=S, alone, "
                                    "single=C[+], fill=N", flag=excerpt(flag)))
        except NotationError as err:
            if getattr(err, "_bad_position", False):
                raise
            raise _bad(text, str(err)) from None
    sections: dict[str, str] = {}
    for part in parts[1:]:
        key, colon, value = part.partition(":")
        key = key.strip().lower()
        if not colon or key not in ("h", "m", "p", "s", "pots", "took"):
            raise _bad(text, tr("unknown section {section}; sections are h:, m:, p:, s:, pots:, took:",
                                section=excerpt(part, 30)))
        if key in sections:
            raise _bad(text, tr("section {key}: appears twice", key=key))
        sections[key] = value.strip()
    missing = [k for k in ("h", "m", "p", "s", "pots", "took") if k not in sections]
    if missing:
        raise _bad(text, tr("missing section(s) {sections}", sections=", ".join(k + ":" for k in missing)))

    def cards_of(value: str, where: str) -> list[Card]:
        if value in ("-", ""):
            return []
        try:
            return parse_cards(value)
        except NotationError as err:
            raise _bad(text, tr("in {where}: {error}", where=where, error=err)) from None

    hand_texts = [h.strip() for h in sections["h"].split("/")]
    if len(hand_texts) != players:
        raise _bad(text, tr("h: lists {n} hands for {players} players", n=len(hand_texts), players=players))
    hands = [cards_of(h, tr("hand {n}", n=i)) for i, h in enumerate(hand_texts)]
    table: list[TableMeld] = []
    if sections["m"] not in ("-", ""):
        for i, item in enumerate(sections["m"].split(";")):
            owner_text, eq, layout = item.strip().partition("=")
            if not eq:
                raise _bad(text, tr("meld {n} is written 'owner=cards', like '0=5H 6H 7H', not {item}", n=i,
                                    item=excerpt(item.strip())))
            owner = _seat(owner_text.strip(), players, text, tr("meld {n}'s owner", n=i))
            if len(layout) > 200:
                raise _bad(text, tr("meld {n} is {length} characters long, but a meld has at most 14 cards "
                                    "(RUN-3, SET-3)", n=i, length=format(len(layout), ",")))
            try:
                meld = Meld.parse(layout, rules=r)
            except BuracoError as err:
                raise _bad(text, tr("meld {n}: {error}", n=i, error=err)) from None
            table.append(TableMeld(i, owner, meld))
    pile = cards_of(sections["p"], "p:")
    # The stock and pots may use *N fills.
    fills: list[tuple[str, int, int]] = []

    def maybe_fill(value: str, where: str, index: int) -> list[Card]:
        v = value.strip()
        if v.startswith("*"):
            if v == "*":
                if any(n < 0 for _, _, n in fills):
                    raise _bad(text, tr("only one section may take '*' (all the rest)"))
                fills.append((where, index, -1))
                return []
            if not is_number(v[1:], 3):
                raise _bad(text, tr("in {where}: a fill is written *N, like *41, or * for all the rest, not {value}",
                                    where=where, value=excerpt(v)))
            fills.append((where, index, int(v[1:])))
            return []
        return cards_of(v, where)

    stock = maybe_fill(sections["s"], "s:", 0)
    pots: list[list[Card]] = []
    if sections["pots"] not in ("-", ""):
        for i, ptext in enumerate(sections["pots"].split("/")):
            pots.append(maybe_fill(ptext, tr("pot {n}", n=i), i))
    took = [False] * players
    if sections["took"] not in ("-", ""):
        for t in sections["took"].split(","):
            took[_seat(t.strip(), players, text, "took:")] = True
    listed = [c for h in hands for c in h] + [c for t in table for c in t.meld.cards] + pile + stock + [
        c for p in pots for c in p]
    try:
        check_copies(listed, r.deck_jokers(players), where=N_("the position"), copies=r.packs(players))
    except DeckError as err:
        raise _bad(text, str(err)) from None
    rest = list((Counter(make_deck(r.deck_jokers(players), r.packs(players))) - Counter(listed)).elements())
    rest.sort(key=lambda c: c.index)
    need = sum(n for _, _, n in fills if n >= 0)
    deck_size = r.deck_size(players)
    if any(n < 0 for _, _, n in fills) and len(listed) + need <= deck_size:
        fills = [(w, i, n if n >= 0 else deck_size - len(listed) - need) for w, i, n in fills]
        need = sum(n for _, _, n in fills)
    if len(listed) + need != deck_size or (not fills and rest):
        placed = len(listed) + need
        raise _bad(text, tr("it places {placed} cards, but the deck has {deck}: list the rest or use *N in s: or "
                            "pots: (EQ-1)", placed=placed, deck=deck_size))
    random.Random(fill).shuffle(rest)
    for where, index, n in sorted(fills, key=lambda f: f[0] != "s:"):
        chunk, rest = rest[:n], rest[n:]
        if where == "s:":
            stock = chunk
        else:
            pots[index] = chunk
    # Consistency of the table state.
    if alone and players != 5:
        raise _bad(text, tr("alone (every player for himself, P5-4) is a flag of the five-player game, not of "
                            "{players} players", players=players))
    sizes = r.pot_sizes(players, alone)
    if len(pots) + sum(took) > len(sizes):
        raise _bad(text, tr("{left} pots left and {taken} taken, but {players} players have {pots} pots (DEAL-2)",
                            left=len(pots), taken=sum(took), players=players, pots=len(sizes)))
    forms = seatings(players, alone)[None].forms  # the first pot taken makes a soloist (P3-1, P5-2)
    if forms and any(took) and solo is None:
        if players == 3:
            raise _bad(text, tr("with 3 players, the first seat to take a pot is the soloist: add solo=S (P3-1)"))
        raise _bad(text, tr("with 5 players, the first seat to take a pot is the soloist: add solo=S (P5-2)"))
    if solo is not None and (not forms or not took[solo]):
        if players == 5:
            raise _bad(text, tr("solo=S is for 3 or 5 players (not with every player alone), and the soloist has "
                                "taken a pot (P3-1, P5-2)"))
        raise _bad(text, tr("solo=S is for 3 players, and the soloist has taken a pot (P3-1)"))
    if phase == "over" and closed is None and not ended_by_stock:
        raise _bad(text, tr("a finished hand says how it ended: closed=S or end=stock"))
    if phase != "over" and (closed is not None or ended_by_stock):
        raise _bad(text, tr("closed= and end=stock belong to a finished hand (phase over)"))
    if single is not None and phase != "play":
        raise _bad(text, tr("single={card} (TURN-4) belongs to the play phase, after taking a one-card pile",
                            card=single))
    if phase == "draw" and len(stock) <= r.stock_reserve:
        raise _bad(text, tr("the stock has {n} cards: the hand would already be over (STOCK-1)", n=len(stock)))
    if last and (phase == "draw" or len(stock) > r.stock_reserve):
        raise _bad(text, tr("'last' (STOCK-1) is the turn whose draw left the stock at its {reserve} card(s) never "
                            "drawn: it comes after a draw, with a stock of at most {reserve}",
                            reserve=r.stock_reserve))
    state = _State(hands, table, pile, stock, pots, took, solo, turn, phase, last, single, held, closed,
                   "closed" if closed is not None else ("stock" if phase == "over" else None))
    game = Game(r, players, dealer, None, state, start=None, alone=alone)
    sides_pots = [sum(took[s] for s in side) for side in game.sides]
    if any(n > 1 for n in sides_pots):
        raise _bad(text, tr("a side takes at most one pot (POT-1)"))
    _check_reachable(game, text, study)
    game.start_position = format_position(game)
    return game


def _check_reachable(game: Game, text: str, study: bool = False) -> None:
    """Refuse what no legal play leads to: a close that breaks CLOSE-1 or CLOSE-2, an empty hand
    that leaves its seat no way to end a turn (TURN-3, TURN-5, CLOSE-3, POT-1) and a player to move
    with no legal action.

    Kept, as a teacher's shorthand that plays on as if it were reached: the next seat's empty hand
    with his pot still to take (he draws and takes it with his discard, POT-3), and under
    ``classic-fr`` an empty hand whose side has its pot (it plays on, CLOSE-4). ``study`` keeps
    the three shorthands of :func:`parse_position` too."""
    s, r = game._s, game.rules
    def names(seat: int) -> str:
        return seat_word(game.seat_name(seat))

    reserve, n_stock = r.stock_reserve, len(s.stock)
    if s.phase == "play" and not s.last_turn and n_stock <= reserve:
        if r.pots_become_stock and s.pots:
            raise _bad(text, tr("the stock has {n} card(s) while an untaken pot is left: the draw that brought the "
                                "stock down to {reserve} would have made that pot the new stock (STOCK-1, section 12)",
                                n=n_stock, reserve=reserve))
        raise _bad(text, tr("the stock has {n} card(s), not more than its {reserve} never drawn, but this is not the "
                            "last turn: the draw that left the stock there started the last turn, so add the flag "
                            "'last' (STOCK-1)", n=n_stock, reserve=reserve))
    if s.last_turn and n_stock < reserve:
        raise _bad(text, tr("'last' (STOCK-1) is the turn whose draw left the stock at its {reserve} card(s) never "
                            "drawn, but it holds {n}: no draw goes below them", reserve=reserve, n=n_stock))
    if s.last_turn and r.pots_become_stock and s.pots:
        raise _bad(text, tr("'last' (STOCK-1), but an untaken pot is left: under {rules} it would have become the new "
                            "stock (section 12)", rules=r.name))
    if s.end_reason == "stock" and (n_stock > reserve or (r.pots_become_stock and s.pots)):
        raise _bad(text, tr("end=stock (STOCK-1), but the stock still holds {n} card(s), more than its {reserve} "
                            "never drawn, or an untaken pot is left to become the stock", n=n_stock, reserve=reserve))
    if s.phase != "over":
        for other in range(game.players):
            if other == s.turn or s.hands[other]:
                continue  # the seat to move is checked below
            if not game.side_has_pot(other) and not s.pots:
                raise _bad(text, tr("{name} holds no cards, but no pot is left for his side to take: a hand is "
                                    "emptied only to take a pot or to close (TURN-5, POT-1)", name=names(other)))
            if study:
                continue
            if game.side_has_pot(other):
                if r.play_on_with_empty_hand:
                    continue  # classic-fr: an empty hand whose side has its pot plays on (CLOSE-4)
                raise _bad(text, tr("{name} holds no cards, but once his side has its pot a hand is emptied only by "
                                    "closing, which ends the hand (CLOSE-3, TURN-5); under {rules} no one plays on "
                                    "with no cards", name=names(other), rules=r.name))
            # The shorthand kept: the next seat to play, his pot still to take, and no one able to take
            # it before him (the mover is not his partner and cannot take the last pot).
            if (other != (s.turn + 1) % game.players or other in game.side_of(s.turn)
                    or (len(s.pots) < 2 and not game.side_has_pot(s.turn))):
                raise _bad(text, tr("{name} holds no cards and his side has no pot yet, but a player who empties his "
                                    "hand takes the pot at once (POT-2, POT-3); only the next seat to play may be "
                                    "shown empty-handed, his pot still to take: before his turn a partner or an "
                                    "opponent could take the pot he needs and leave him with no way to end a turn "
                                    "(POT-1, TURN-5)", name=names(other)))
    seat = s.turn
    if s.phase != "over" and not s.hands[seat]:
        has_pot = game.side_has_pot(seat)
        why = ""
        if has_pot and r.play_on_with_empty_hand and s.phase == "draw":
            pass  # classic-fr: he plays on with no cards (CLOSE-4), drawing first
        elif s.phase == "play":
            why = tr("{name} is to play with an empty hand, but he could not end his turn with a discard (TURN-3)",
                     name=names(seat))
        elif has_pot:
            why = tr("{name} is to draw with an empty hand, but once his side has its pot a hand is empty only after "
                     "closing (CLOSE-3, TURN-5); under {rules} he may not play on with no cards", name=names(seat),
                     rules=r.name)
        elif not has_pot and not s.pots:
            why = tr("{name} is to draw with an empty hand, but with no pot left to take, a hand is never emptied "
                     "(TURN-5, POT-1)", name=names(seat))
        if why:
            raise _bad(text, why)
    if s.closed_by is not None:
        seat = s.closed_by
        if s.hands[seat]:
            raise _bad(text, tr("closed={seat}, but {name} still holds {n} card(s): a player closes by discarding his "
                                "last card (CLOSE-1)", seat=seat, name=names(seat), n=len(s.hands[seat])))
        if not game.side_has_burraco(seat):
            raise _bad(text, tr("closed={seat}, but {name}'s side has no burraco: closing needs one (CLOSE-1)",
                                seat=seat, name=names(seat)))
        if not game.side_has_pot(seat) and not (r.close_without_pot_when_none_left and not s.pots):
            raise _bad(text, tr("closed={seat}, but {name}'s side has not taken its pot: closing needs it (CLOSE-1)",
                                seat=seat, name=names(seat)))
        if not s.pile:
            raise _bad(text, tr("closed={seat}, but the pile is empty: a player closes by discarding (CLOSE-1)",
                                seat=seat))
        if s.pile[-1].is_wild:
            raise _bad(text, tr("closed={seat}, but the closing discard {card} on the pile is a wild (CLOSE-2)",
                                seat=seat, card=s.pile[-1]))
    if s.phase != "over" and not study and not game.legal_actions():
        if s.phase == "draw":
            raise _bad(text, tr("{name} is to draw but can do nothing: the stock is at its reserve (STOCK-1) and the "
                                "pile cannot be taken (TURN-1, TURN-4)", name=names(s.turn)))
        why = ""
        for card in dict.fromkeys(s.hands[s.turn]):
            try:
                game.verify_discard(card)
            except IllegalMove as err:
                why = why or str(err)
        raise _bad(text, tr("{name} is to play but no legal play can end his turn (TURN-3): {why}", name=names(s.turn),
                            why=why))


def game_record(game: Game) -> str:
    """The game as a JSON record: rules, players, dealer, seed or start position, actions.

    >>> from buraco_learn import Game
    >>> g = Game.new(2, seed=3)
    >>> _ = g.apply("draw")
    >>> rec = game_record(g)
    >>> load_record(rec).position() == g.position()
    True
    """
    _check_game(game)
    data: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "version": 1,
        "rules": game.rules.name if _is_preset(game.rules, game.players) else game.rules.to_dict(),
        "players": game.players,
        "dealer": game.dealer,
        "seed": game.seed if game.start_position is None else None,
        "start": game.start_position,
        "actions": [str(a) for a in game.actions],
    }
    if game.alone:
        data["alone"] = True  # P5-4: every player alone (a seeded deal's pots depend on it)
    if game.is_over:
        data["result"] = list(game.result().credits)
    return json.dumps(data, ensure_ascii=False, indent=1)


def _is_preset(rules: Rules, players: int) -> bool:
    """Whether ``rules`` are a preset's, as a game of ``players`` plays them (P5-1: three copies)."""
    preset = PRESETS.get(rules.name)
    return preset is not None and preset.for_players(players) == rules


_KEYS = {"format", "version", "rules", "players", "dealer", "seed", "start", "actions", "result", "alone"}


def load_record(text: str) -> Game:
    """Replay a JSON record into a :class:`Game`; a bad record raises and yields nothing.

    >>> load_record('{"format": "buraco_learn-record", "version": 1, "rules": "fibur", "players": 2,'
    ...             ' "dealer": 0, "seed": 3, "start": null, "actions": ["discard 5H"]}')
    Traceback (most recent call last):
    ...
    buraco_learn.errors.NotationError: bad record: action 1 'discard 5H' is refused: North must draw first: take the top card of the stock or the whole discard pile (TURN-1)
    """
    if not isinstance(text, str):
        raise NotationError(tr("bad record: a record is JSON text, not {kind}", kind=type(text).__name__))
    if len(text) > MAX_RECORD:
        raise NotationError(tr("bad record: {n} characters is too long (at most {most} are read)",
                               n=format(len(text), ","), most=format(MAX_RECORD, ",")))
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as err:  # JSONDecodeError, a number of too many digits, deep nesting
        why = tr("it is nested too deeply") if isinstance(err, RecursionError) else str(err)[:120]
        raise NotationError(tr("bad record: this is not JSON ({why}); a record is what game_record() writes",
                               why=why)) from None
    if not isinstance(data, dict):
        raise NotationError(tr("bad record: the top level must be a JSON object"))
    unknown = set(data) - _KEYS
    if unknown:
        raise NotationError(tr("bad record: unknown key(s) {keys}", keys=excerpt(", ".join(sorted(map(str, unknown))), 120)))
    if data.get("format") != RECORD_FORMAT or data.get("version") != 1 or data.get("version") is True:
        raise NotationError(tr("bad record: format must be {format} version 1", format=repr(RECORD_FORMAT)))
    try:
        raw_rules = data.get("rules", "fibur")
        rules = Rules.from_dict(raw_rules) if isinstance(raw_rules, dict) else get_rules(raw_rules)
    except RulesError as err:
        raise NotationError(tr("bad record: {error}", error=err)) from None
    players, dealer, seed, start = data.get("players"), data.get("dealer", 0), data.get("seed"), data.get("start")
    actions = data.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise NotationError(tr("bad record: actions must be a list of action strings"))
    try:
        if start is not None:
            if not isinstance(start, str):
                raise NotationError(tr("bad record: start must be a position string"))
            game = parse_position(start, rules=rules)
        else:
            if (not isinstance(players, int) or isinstance(players, bool) or not isinstance(dealer, int)
                    or isinstance(dealer, bool)):
                raise NotationError(tr("bad record: players and dealer must be integers"))
            if not isinstance(seed, int) or isinstance(seed, bool):
                raise NotationError(tr("bad record: a record without a start position needs an integer seed"))
            alone = data.get("alone", False)
            if alone is not True and alone is not False:
                raise NotationError(tr("bad record: alone (P5-4) is true or false, not {value}", value=excerpt(alone)))
            game = Game.new(players, rules=rules, seed=seed, dealer=dealer, alone=alone)
    except (RulesError, IllegalMove) as err:
        raise NotationError(tr("bad record: {error}", error=err)) from None
    for i, a in enumerate(actions, 1):
        try:
            game.apply(parse_action(a))
        except BuracoError as err:
            raise NotationError(tr("bad record: action {n} {action} is refused: {error}", n=i, action=excerpt(a),
                                   error=err)) from None
    if "result" in data:
        if not game.is_over:
            raise NotationError(tr("bad record: it states a result, but its actions do not finish the hand"))
        got = list(game.result().credits)
        if got != data["result"] or not all(isinstance(x, int) and not isinstance(x, bool) for x in data["result"]):
            raise NotationError(tr("bad record: it states the result {said}, but replaying gives {got} (SCORE-1)",
                                   said=excerpt(data["result"]), got=got))
    return game
