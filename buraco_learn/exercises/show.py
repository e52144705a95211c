"""Plain-text views of a table for exercises and notebooks (the cards as the game writes them).

A :class:`TableView` prints as text and shows the cards in Jupyter (its ``_repr_html_`` asks
:func:`buraco_learn.render.table_html`, imported lazily), with the player to move at the bottom.

>>> from buraco_learn import Game
>>> g = Game.from_position("fibur 2p d1 t0 play | h: 4C 5C 6C KD / 9D 9S | m: 1=QH KH AH | p: 3C | "
...                        "s: * | pots: *11 / *11 | took: -")
>>> print(table_text(g))
fibur, 2 players · South to play (has drawn)
South: 4C 5C 6C KD
North: 2 cards
melds of North: [0] QH KH AH
discard pile: 3C (top)  · stock: 76 cards · pots: 11 and 11 cards
"""

from __future__ import annotations

from ..cards import format_cards
from ..game import Game
from ..i18n import colon, seat_word, tr, trn

__all__ = ["TableView", "CountView", "table_text", "count_text", "RuleView", "rule", "CardsView", "use_deck",
           "course_deck"]

_DECK = {"name": "classic"}
#: The decks the renderer draws (kept here so the core need not import the renderer).
_DECKS = ("classic", "four-color")


def use_deck(name: str) -> str:
    """Draw every table and picture of the course with this deck from now on: ``"classic"`` (hearts
    and diamonds red) or ``"four-color"`` (spades black, hearts red, diamonds blue, clubs green).

    >>> use_deck("four-color"), course_deck()
    ('four-color', 'four-color')
    >>> use_deck("rainbow")
    Traceback (most recent call last):
    ...
    ValueError: unknown deck 'rainbow': choose "classic" or "four-color"
    >>> _ = use_deck("classic")
    """
    if name not in _DECKS:
        raise ValueError(f'unknown deck {name!r}: choose "classic" or "four-color"')
    _DECK["name"] = name
    return name


def course_deck() -> str:
    """The deck the course draws with (see :func:`use_deck`)."""
    return _DECK["name"]


def table_text(game: Game, *, reveal: bool = False, seat: int | None = None) -> str:
    """The table as lines of text: whose turn, the hands (``reveal``: every hand; else only
    ``seat``'s, by default the player to move, and the others' sizes), the melds by side, the
    pile, the stock and the pots."""
    seat = game.to_move if seat is None else seat
    if game.is_over:
        head = tr("{rules}, {n} players · the hand is over", rules=game.rules.name, n=game.players)
    elif game.phase == "draw":
        head = tr("{rules}, {n} players · {seat} to draw", rules=game.rules.name, n=game.players,
                  seat=seat_word(game.seat_name(game.to_move)))
    else:
        head = tr("{rules}, {n} players · {seat} to play (has drawn)", rules=game.rules.name, n=game.players,
                  seat=seat_word(game.seat_name(game.to_move)))
    lines = [head]
    for s in range(game.players):
        hand = game.hand(s)
        if reveal or s == seat:
            text = format_cards(hand) if hand else tr("(no cards)")
        else:
            text = trn("{n} card", "{n} cards", len(hand))
        extra = " " + tr("(took a pot)") if game.took_pot[s] else ""
        lines.append(seat_word(game.seat_name(s)) + colon() + f" {text}{extra}")
    if not game.table:
        lines.append(tr("melds: none"))
    for side in game.sides:
        melds = [t for t in game.table if t.owner in side]
        if not melds:
            continue
        who = "-".join(seat_word(game.seat_name(s)) for s in side)
        parts = []
        for t in melds:
            kind = " (" + tr("{kind} burraco", kind=tr(t.meld.burraco)) + ")" if t.meld.burraco else ""
            parts.append(f"[{t.id}] {t.meld}{kind}")
        lines.append(tr("melds of {side}: {melds}", side=who, melds="  ".join(parts)))
    pile = tr("{cards} (top)", cards=format_cards(game.pile[-3:])) if game.pile else tr("empty")
    if len(game.pile) > 3:
        pile = tr("{n} cards, top {cards}", n=len(game.pile), cards=pile)
    if game.pots:
        pots = trn("{sizes} card", "{sizes} cards", len(game.pots[-1]),
                   sizes=tr(" and ").join(str(len(p)) for p in game.pots))
    else:
        pots = tr("none left")
    lines.append(tr("discard pile: {pile}  · stock: {stock} · pots: {pots}", pile=pile,
                    stock=trn("{n} card", "{n} cards", len(game.stock)), pots=pots))
    return "\n".join(lines)


class TableView:
    """A game shown as text (and as cards when the renderer is there)."""

    def __init__(self, game: Game, *, reveal: bool = False, seat: int | None = None, show_score: bool = False,
                 deck: str | None = None) -> None:
        self.game = game
        self.reveal = reveal
        self.seat = seat
        #: Show the running score on the status line (off by default: the course teaches the count
        #: in notebook 7, and an exercise's table must not answer it).
        self.show_score = show_score
        self.deck = deck or course_deck()

    def __repr__(self) -> str:
        return table_text(self.game, reveal=self.reveal, seat=self.seat)

    def _repr_html_(self) -> str:
        from html import escape

        from ..render import status_line, table_html

        if self.seat is not None:
            viewer = self.seat
        else:
            viewer = 0 if self.reveal else self.game.to_move
        html = table_html(self.game, viewer=viewer, reveal=self.reveal, deck=self.deck)
        if not self.show_score:  # the status shows "stock N · Count if the hand ended now: ...": keep "stock N" only
            full = status_line(self.game, viewer)
            bare = status_line(self.game, viewer, show_score=False)
            if full != bare:
                score = full.removeprefix(bare)  # " · Count if the hand ended now: ..."
                html = html.replace(escape(score), "", 1)
        return html


def count_text(game: Game, seat: int) -> str:
    """A finished hand laid out for counting ``seat``'s side: who closed, each side's melds and
    the cards left in every hand, without the result (the learner counts it).

    >>> from buraco_learn.puzzles import load_puzzles
    >>> g = next(p for p in load_puzzles() if p.name == "easy-score-4-84").game()
    >>> print(count_text(g, g.to_move))  # doctest: +ELLIPSIS
    ramiroyal, 2 players · the hand is over: North closed
    Count for: North
    melds of South: ...
      South holds 7S 7H (took no pot)
    melds of North: ...
      North holds no cards (took a pot)
    """
    res = game.result()
    if res.closed_by is not None:
        head = tr("{rules}, {n} players · the hand is over: {seat} closed", rules=game.rules.name, n=game.players,
                  seat=seat_word(game.seat_name(res.closed_by)))
    else:
        head = tr("{rules}, {n} players · the hand is over (the stock ran out)", rules=game.rules.name,
                  n=game.players)
    lines = [head, tr("Count for: {side}", side=" & ".join(seat_word(game.seat_name(s)) for s in game.side_of(seat)))]
    for side in game.sides:
        names = " & ".join(seat_word(game.seat_name(s)) for s in side)
        melds = "  ".join(f"[{t.id}] {t.meld}" + (" (" + tr("{kind} burraco", kind=tr(t.meld.burraco)) + ")"
                                                   if t.meld.burraco else "")
                          for t in game.side_melds(side[0])) or tr("none")
        lines.append(tr("melds of {side}: {melds}", side=names, melds=melds))
        for s in side:
            hand = game.hand(s)
            cards = format_cards(hand) if hand else tr("no cards")
            who = seat_word(game.seat_name(s))
            holds = (tr("{seat} holds {cards} (took a pot)", seat=who, cards=cards) if game.took_pot[s]
                     else tr("{seat} holds {cards} (took no pot)", seat=who, cards=cards))
            lines.append("  " + holds)
    return "\n".join(lines)


class CountView(TableView):
    """A finished hand shown for counting (every hand face up, the result not shown)."""

    def __init__(self, game: Game, *, seat: int | None = None) -> None:
        super().__init__(game, reveal=True, seat=game.to_move if seat is None else seat)

    def __repr__(self) -> str:
        return count_text(self.game, self.seat or 0)

    def _repr_html_(self) -> str:
        from html import escape

        from ..render import hand_html, side_html

        g = self.game
        seat = self.seat or 0
        res = g.result()
        if res.closed_by is not None:
            head = tr("The hand is over: {seat} closed.", seat=seat_word(g.seat_name(res.closed_by)))
        else:
            head = tr("The hand is over: the stock ran out.")
        count = tr("Count for {side}.", side=" & ".join(seat_word(g.seat_name(s)) for s in g.side_of(seat)))
        parts = [f'<div style="font-size:16px;font-weight:bold;margin-bottom:6px">{escape(head)} '
                 f'{escape(count)}</div>']
        for side in g.sides:
            names = " & ".join(seat_word(g.seat_name(s)) for s in side)
            title = (tr("Melds of {side} (your side)", side=names) if seat in side
                     else tr("Melds of {side}", side=names))
            parts.append(side_html(g.side_melds(side[0]), title=title, deck=self.deck))
            for s in side:
                hand = g.hand(s)
                holds = (tr("{seat} holds (took a pot):", seat="\x00") if g.took_pot[s]
                         else tr("{seat} holds (took no pot):", seat="\x00"))
                before, _, after = escape(holds).partition("\x00")
                no_cards = tr("no cards")
                body = hand_html(hand, size="small", deck=self.deck) if hand else f"<i>{escape(no_cards)}</i>"
                who = escape(seat_word(g.seat_name(s)))
                parts.append(f'<div style="margin:2px 0 8px">{before}<b>{who}</b>{after}{body}</div>')
        return ('<div class="count-view" style="background:#f4f1e8;border-radius:10px;padding:8px;'
                f'color:#222;display:inline-block;max-width:100%">{"".join(parts)}</div>')


class RuleView:
    """One or more rules of the reference, shown in a notebook as the course's ℹ box with each
    rule's own sentence; as text elsewhere.

    >>> print(RuleView(("CLOSE-2",)))
    CLOSE-2: The card discarded to close may not be a wild: no joker, no 2.
    """

    def __init__(self, ids: tuple[str, ...]) -> None:
        from ..reference import rule as sentence

        self.ids = tuple(str(i).strip().upper() for i in ids)
        self.sentences = tuple(sentence(i) for i in self.ids)  # KeyError with a sentence for an unknown ID

    def __repr__(self) -> str:
        return "\n".join(f"{i}: {s}" for i, s in zip(self.ids, self.sentences))

    def _repr_html_(self) -> str:
        from ..render.feedback import feedback_html

        what = (tr("The rule from the rules reference:") if len(self.ids) == 1
                else tr("The rules from the rules reference:"))
        return feedback_html("info", what, rules=self.ids)


def rule(*ids: str) -> RuleView:
    """Show rules by their IDs (``rule("RUN-5")``, ``rule("CLOSE-1", "CLOSE-2")``), in their
    own words from the rules reference.

    >>> r = rule("run-2")
    >>> r.ids, repr(r).startswith("RUN-2: An ace sits")
    (('RUN-2',), True)
    >>> 'data-rule="RUN-2"' in r._repr_html_()
    True
    """
    if not ids:
        raise ValueError('name a rule, like rule("RUN-5")')
    return RuleView(ids)


class CardsView:
    """The cards an exercise is about, when it has no table: the hand it names and the meld to lay
    off onto, as pictures (as notation in text).

    >>> print(CardsView(hand="7H 9C 7D", meld="5C 6C 7C"))
    Meld on the table: 5C 6C 7C
    Your hand: 7H 9C 7D
    """

    def __init__(self, *, hand: str = "", meld: str = "", deck: str | None = None) -> None:
        self.hand = hand
        self.meld = meld
        self.deck = deck or course_deck()

    def __repr__(self) -> str:
        lines = []
        if self.meld:
            lines.append(tr("Meld on the table: {meld}", meld=self.meld))
        if self.hand:
            lines.append(tr("Your hand: {hand}", hand=self.hand))
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        from html import escape

        from ..cards import parse_cards
        from ..melds import Meld
        from ..render import hand_html, meld_html

        parts = []
        if self.meld:
            title = escape(tr("Your side's meld"))
            parts.append('<div style="display:inline-block;vertical-align:top;margin-right:18px">'
                         f'<div style="font-weight:bold">{title}</div>'
                         + meld_html(Meld.parse(self.meld), deck=self.deck) + "</div>")
        if self.hand:
            parts.append('<div style="display:inline-block;vertical-align:top"><div style="font-weight:bold">'
                         + escape(tr("Your hand")) + "</div>" + hand_html(parse_cards(self.hand), deck=self.deck, size="small")
                         + "</div>")
        return ('<div class="cards-view" style="background:#f4f1e8;border-radius:10px;padding:6px 10px;color:#222;'
                'display:inline-block;max-width:100%;font-family:system-ui,sans-serif">' + "".join(parts) + "</div>")
