"""Classroom demos: a seeded hand stepped through move by move, on a large table.

:class:`Demo` plays a hand one action at a time with a plain, predictable script (draw; lay down
the longest legal meld; lay off what fits; discard the highest card the engine allows), so a
teacher can stop at every move and ask the class what they would do. Every move goes through
the engine's ``legal_actions()``: the script only chooses among them.

:class:`DemoWidget` (``demo.widget()``) puts the same hand on a large
:class:`~buraco_learn.widgets.TableWidget` with buttons: **Next move**, **Finish the turn**,
**Back**, and a **Reveal hands** toggle that shows every hand face up in large cards. The
table's own buttons still work, so the class can play a move by hand and the script goes on
from there.

>>> demo = Demo(players=4, seed=11)
>>> demo.step().seat == demo.game.history[0].seat
True
>>> len(demo.game.history)
1
>>> demo.back() and len(demo.game.history)
0
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

from ipywidgets import HTML, Button, HBox, Layout, ToggleButton, VBox  # type: ignore[import-untyped]

from ..notes import say
from ..actions import Action, Discard, Draw, LayDown, LayOff, TakePile
from ..melds import Meld
from ..game import Event, Game
from ..exercises.show import TableView
from ..i18n import N_, tr, trc, trn
from ..render import hand_html
from ..render.text import (describe_hand, describe_meld, pile_words, seat_name, side_names, status_line,
                           stock_words, suit_word)
from ..widgets.common import new_cards, speaks, static_bundle
from ..widgets.table import TableWidget

__all__ = ["Demo", "DemoWidget", "script_move", "narrate"]

_PLURAL = {1: N_("aces"), 2: N_("twos"), 3: N_("threes"), 4: N_("fours"), 5: N_("fives"), 6: N_("sixes"),
           7: N_("sevens"), 8: N_("eights"), 9: N_("nines"), 10: N_("tens"), 11: N_("jacks"), 12: N_("queens"),
           13: N_("kings")}
_ONE = {1: N_("an ace"), 2: N_("a two"), 3: N_("a three"), 4: N_("a four"), 5: N_("a five"), 6: N_("a six"),
        7: N_("a seven"), 8: N_("an eight"), 9: N_("a nine"), 10: N_("a ten"), 11: N_("a jack"), 12: N_("a queen"),
        13: N_("a king")}
_A_BURRACO = {"clean": N_("a clean burraco"), "semi-clean": N_("a semi-clean burraco"), "dirty": N_("a dirty burraco")}
_KIND_RULE = {"clean": "BUR-2", "semi-clean": "BUR-3", "dirty": "BUR-4"}
# The engine's notes (``laid down meld 3: ...``, ``took the discard pile (5 cards)``) are read for
# their numbers only, so a note in another language reads the same.
_FIRST_NUMBER = re.compile(r"\d+")
_PILE_COUNT = re.compile(r"\((\d+)")


def _one(rank: int) -> str:
    return tr(_ONE[rank])


def _suit(meld: Meld) -> str:
    return suit_word(meld.suit.name.lower()) if meld.suit is not None else tr("one suit")

def _meld_words(meld: Meld) -> tuple[str, list[str]]:
    """``a set of sixes (4 cards): 6♠ 6♦ 6♣, with 2♥ as a wild for a six`` and the rules it shows (the count
    of cards said, as « une série de 4 : 4♦ 4♣ 4♣ » read as four cards)."""
    naturals = " ".join(p.card.pretty for p in meld.placements if not p.wild)
    wild = next((p for p in meld.placements if p.wild), None)
    if meld.kind == "set" and meld.rank is not None:
        ranks = tr(_PLURAL[int(meld.rank)])
        if wild is not None:
            what = tr("a set of {ranks} ({n} cards): {cards}, with {wild} as a wild for {one}", ranks=ranks,
                      n=len(meld.placements), cards=naturals, wild=wild.card.pretty, one=_one(int(meld.rank)))
            rules = ["SET-1", "SET-2"]
        else:
            what, rules = tr("a set of {ranks} ({n} cards): {cards}", ranks=ranks, n=len(meld.placements),
                             cards=naturals), ["SET-1"]
    else:
        if wild is not None:
            stands = wild.stands_for.pretty if wild.stands_for is not None else tr("a missing card")
            what = tr("a run of {suit}: {cards}, with {wild} as a wild standing in for {stands}", suit=_suit(meld),
                      cards=naturals, wild=wild.card.pretty, stands=stands)
            rules = ["RUN-1", "RUN-4", "WILD-1"]
        else:
            what, rules = tr("a run of {suit}: {cards}", suit=_suit(meld), cards=naturals), ["RUN-1"]
    if meld.burraco is not None:
        what += ". " + tr("That is seven cards or more: {burraco}", burraco=tr(_A_BURRACO[meld.burraco]))
        rules += ["BUR-1", _KIND_RULE[meld.burraco]]
    return what, rules


def narrate(game: Game, event: Event) -> str:
    """One move in plain words, with the rule IDs it shows (no card notation repeated).

    >>> demo = Demo(players=4, seed=11)
    >>> narrate(demo.game, demo.step())
    'West draws the top card of the stock (TURN-1).'
    >>> narrate(demo.game, demo.step())
    'West lays down a set of threes (4 cards): 3♥ 3♦ 3♣, with 2♦ as a wild for a three (SET-1, SET-2). It is meld #0.'
    """
    who = seat_name(game, event.seat)
    a = event.action
    extra = [say(part) for part in event.note.split("; ")[1:] if part]  # what the move caused, in the language
    if isinstance(a, Draw):
        text = tr("{seat} draws the top card of the stock (TURN-1).", seat=who)
    elif isinstance(a, LayDown):
        head = event.note.split(";")[0]
        found_number = _FIRST_NUMBER.search(head)
        number = found_number.group(0) if found_number else "?"
        meld = next((t.meld for t in game.table if str(t.id) == number), None)
        if meld is None:  # the move was taken back since
            meld = Meld.from_cards(list(a.cards))
        words, rules = _meld_words(meld)
        text = tr("{seat} lays down {meld} ({rules}). It is meld #{number}.", seat=who, meld=words,
                  rules=", ".join(rules), number=number)
    elif isinstance(a, LayOff):
        added = " ".join(c.pretty for c in a.cards)
        meld = next((t.meld for t in game.table if t.id == a.target), None)
        if meld is None:  # the move was taken back since
            text = tr("{seat} adds {cards} to meld #{number} (TURN-2).", seat=who, cards=added, number=a.target)
        else:
            kind = (tr("the set of {ranks}", ranks=tr(_PLURAL[int(meld.rank)]))
                    if meld.kind == "set" and meld.rank is not None else tr("the run of {suit}", suit=_suit(meld)))
            text = tr("{seat} adds {cards} to meld #{number}, {meld} (TURN-2); it now holds {n} cards", seat=who,
                      cards=added, number=a.target, meld=kind, n=len(meld.cards))
            if meld.burraco is not None:
                text += ": " + tr("{burraco} (BUR-1, {rule})", burraco=tr(_A_BURRACO[meld.burraco]),
                                  rule=_KIND_RULE[meld.burraco])
            text += "."
    elif isinstance(a, Discard):
        text = tr("{seat} discards {card}, which ends their turn (TURN-3).", seat=who, card=a.card.pretty)
    elif isinstance(a, TakePile):
        found = _PILE_COUNT.search(event.note.split(";")[0])
        if found:
            n = int(found.group(1))
            text = trn("{seat} takes the whole discard pile, {n} card, instead of drawing (TURN-1).",
                       "{seat} takes the whole discard pile, {n} cards, instead of drawing (TURN-1).", n, seat=who)
        else:
            text = tr("{seat} takes the whole discard pile, its cards, instead of drawing (TURN-1).", seat=who)
    else:  # pragma: no cover - every action kind is listed above
        text = f"{who}: {a}."
    for part in extra:
        text += f" {part[0].upper()}{part[1:]}."
    return text



def script_move(game: Game) -> Action:
    """The script's choice among ``game.legal_actions()`` (see the module docstring).

    >>> g = Game.new(2, seed=1)
    >>> str(script_move(g))
    'draw'
    """
    actions = game.legal_actions()
    if not actions:
        raise ValueError(tr("the hand is over: no move to play"))
    draws = [a for a in actions if isinstance(a, Draw)]
    if game.phase == "draw":
        return draws[0] if draws else actions[0]
    melds = [a for a in actions if isinstance(a, LayDown)]
    if melds:
        return max(melds, key=lambda a: len(a.cards))
    lay_offs = [a for a in actions if isinstance(a, LayOff)]
    if lay_offs:
        return lay_offs[0]
    discards = [a for a in actions if isinstance(a, Discard)]
    natural = [a for a in discards if not a.card.is_wild] or discards
    return max(natural, key=lambda a: (a.card.points, a.card.sort_key))


class Demo:
    """A hand for the classroom: :meth:`step` plays the next scripted move, :meth:`back` takes
    it back, :meth:`table` shows the table (``reveal=True``: every hand face up)."""

    def __init__(self, players: int = 4, *, seed: int = 11, rules: str | None = None, size: str = "large") -> None:
        self.game = Game.new(players, seed=seed, rules=rules)
        self.size = size

    def step(self, n: int = 1) -> Event:
        """Play the next ``n`` scripted moves; returns the last event."""
        if n < 1:
            raise ValueError(tr("step at least one move"))
        event: Event | None = None
        for _ in range(n):
            event = self.game.apply(script_move(self.game))
        assert event is not None
        return event

    def to_turn_end(self) -> list[Event]:
        """Play scripted moves until the current player has discarded (or the hand ends)."""
        events = []
        seat = self.game.to_move
        while not self.game.is_over:
            events.append(self.step())
            if self.game.to_move != seat or self.game.is_over:
                break
        return events

    def back(self) -> Action:
        """Take back the last move."""
        return self.game.undo()

    def said(self, event: Event) -> str:
        """One line for the class: who did what, in plain words with the rule IDs, and what it
        caused (:func:`narrate`)."""
        return narrate(self.game, event)

    def table(self, *, reveal: bool = False, seat: int = 0) -> TableView:
        """The table as ``seat`` sees it (every hand with ``reveal``), in large cards."""
        return _LargeView(self.game, reveal=reveal, seat=seat, size=self.size)

    def widget(self, *, seat: int | None = None, reveal: bool = False, width: int = 1280,
               language: str | None = None, files: str = "paths") -> DemoWidget:
        """The hand on a table widget with a **Next move** button (see :class:`DemoWidget`), in
        ``language`` (``None``: the current one); ``files``: how its save / load box reaches files
        (see :class:`~buraco_learn.widgets.TableWidget`)."""
        return DemoWidget(self, seat=seat, reveal=reveal, width=width, language=language, files=files)


@speaks
class _ClassTable(TableWidget):
    """The demo's table, seen by a whole class: its words name the seat to play ("North to
    play", "North's hand") and never say "you" to one player."""

    def _says_you(self) -> bool:
        return False

    @property
    def description_text(self) -> str:
        g, seat = self.game, self.viewer
        lines = [status_line(g, None, show_score=self.show_score),
                 tr("{seat}'s hand ({n}): {cards}.", seat=seat_name(g, seat), n=len(self.hand),
                    cards=describe_hand(self.hand, sorted(self.selected)))]
        for side in g.sides:
            body = "; ".join(describe_meld(t) for t in g.side_melds(side[0])) or tr("none yet")
            lines.append(tr("{names}'s melds", names=side_names(g, side)) + f": {body}.")
        lines.append(pile_words(g.pile, spread=self.pile_open))
        lines.append(stock_words(len(g.stock), [len(p) for p in g.pots]))
        return "\n".join(lines)


@speaks
class DemoWidget(VBox):  # type: ignore[misc]
    """A :class:`Demo` on a large :class:`~buraco_learn.widgets.TableWidget`, stepped by buttons.

    ``seat``: the hand shown face up on the table (``None``, the default: the player to move's,
    so the class sees the hand whose move it discusses). ``reveal``: start with every hand shown
    face up under the table (the **Reveal hands** toggle). ``language``: the language of its
    buttons and narration (``None``: the current one; see :mod:`buraco_learn.i18n`).
    Everything can be driven from Python:

    >>> w = Demo(players=4, seed=11).widget()
    >>> w.next_move(); w.said_text
    'Move 1. West draws the top card of the stock (TURN-1).'
    >>> w.finish_turn(); w.demo.game.to_move  # West melded and discarded: North to play
    2
    >>> w.back(); w.said_text.startswith("Took back move")
    True
    >>> w.reveal = True; "South" in w.hands.value and w.hands.layout.display is None
    True
    """

    def __init__(self, demo: Demo, *, seat: int | None = None, reveal: bool = False, width: int = 1280,
                 language: str | None = None, files: str = "paths") -> None:
        self.demo = demo
        self.table = _ClassTable(demo.game, viewer=seat, width=width, language=language, files=files)
        self.said = HTML(layout=Layout(min_height="34px"))
        self.hands = HTML()
        self._said_text = ""
        self.buttons = {
            "next": self._button(tr("Next move"), tr("Play the script's next move"), self.next_move, "primary"),
            "turn": self._button(tr("Finish the turn"), tr("Play the script's moves up to this player's discard"),
                                 self.finish_turn, "primary"),
            "back": self._button(trc("demo", "Back"), tr("Take the last move back"), self.back, ""),
        }
        self.reveal_toggle = ToggleButton(value=reveal, description=tr("Reveal hands"), icon="eye",
                                          tooltip=tr("Show every player's hand face up, in large cards"),
                                          layout=Layout(width="auto"))
        self.reveal_toggle.observe(lambda _change: self._show_hands(), "value")
        controls = HBox([*self.buttons.values(), self.reveal_toggle], layout=Layout(flex_flow="row wrap"))
        super().__init__([controls, self.said, self.table, self.hands], layout=Layout(width="100%"))
        if not demo.game.history:
            self._say(tr("The deal. Press {next} to play the first move.", next=tr("Next move")))
        else:
            self._say(tr("{n} moves played. Press {next} to go on.", n=len(demo.game.history), next=tr("Next move")))
        self._show_hands()

    def __repr__(self) -> str:
        g = self.demo.game
        return tr("DemoWidget({players} players, {moves} moves played; run the cell to step through the hand)",
                  players=g.players, moves=len(g.history))

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        # Beside the widget view, a still picture (the narration and the table) for a notebook
        # seen without a kernel.
        html = (f'<div class="demo-said" style="font-size:18px;padding:4px 2px">{escape(self._said_text)}</div>'
                + self.table.static_html())
        return static_bundle(super()._repr_mimebundle_(**kwargs), html)

    # ------------------------------------------------------------------ reading
    @property
    def said_text(self) -> str:
        """The line above the table: the last move, in words."""
        return self._said_text

    @property
    def reveal(self) -> bool:
        """Whether every hand is shown face up under the table."""
        return bool(self.reveal_toggle.value)

    @reveal.setter
    def reveal(self, value: bool) -> None:
        self.reveal_toggle.value = bool(value)

    # ------------------------------------------------------------------ moves
    def next_move(self) -> None:
        """Play the script's next move."""
        g = self.demo.game
        if g.is_over:
            self._say(tr("The hand is over: the count is on the table."))
            return
        before = g.hand(g.to_move)
        event = self.demo.step()
        self._after([event], new_cards(before, g.hand(event.seat)))

    def finish_turn(self) -> None:
        """Play the script's moves until the player to move has discarded (or the hand ends)."""
        g = self.demo.game
        if g.is_over:
            self._say(tr("The hand is over: the count is on the table."))
            return
        self._after(self.demo.to_turn_end(), [])

    def back(self) -> None:
        """Take the last move back."""
        g = self.demo.game
        if not g.history:
            self._say(tr("This is the deal: there is no move to take back."))
            return
        n = len(g.history)
        action = self.demo.back()
        self._say(tr("Took back move {n} ({action}). {seat} to play.", n=n, action=action, seat=seat_name(g, g.to_move)))
        self._redraw([])

    # ------------------------------------------------------------------ drawing
    def _after(self, events: list[Event], gained: list[Any]) -> None:
        g = self.demo.game
        n = len(g.history)
        if len(events) == 1:
            text = tr("Move {n}.", n=n) + " " + self.demo.said(events[0])
        else:
            text = (tr("Moves {first}–{last}.", first=n - len(events) + 1, last=n) + " "
                    + " · ".join(self.demo.said(e) for e in events))
        if g.is_over:
            text += " " + tr("The hand is over.")
        self._say(text)
        self._redraw(gained)

    def _redraw(self, gained: list[Any]) -> None:
        t = self.table
        t.set_trait("selected", [])
        t.set_trait("target", None)
        t.highlight([c for c in gained if c in t.hand])
        t.set_feedback("", "info")
        t.refresh()
        self._show_hands()

    def _say(self, text: str) -> None:
        self._said_text = text
        self.said.value = f'<div class="demo-said" style="font-size:20px;padding:4px 2px">{escape(text)}</div>'

    def _show_hands(self) -> None:
        if not self.reveal:
            self.hands.value = ""
            self.hands.layout.display = "none"
            return
        g = self.demo.game
        rows = []
        for seat in range(g.players):
            n = len(g.hand(seat))
            count = trn("{seat} · {n} card", "{seat} · {n} cards", n, seat=seat_name(g, seat))
            head = f'<div style="font-size:18px;font-weight:bold;margin:6px 0 2px">{escape(count)}</div>'
            rows.append(head + hand_html(g.hand(seat), size="large", sort="suit"))
        self.hands.value = f'<div class="demo-hands">{"".join(rows)}</div>'
        self.hands.layout.display = None

    def _button(self, label: str, tip: str, fn: Any, style: str) -> Button:
        button = Button(description=label, tooltip=tip, button_style=style, layout=Layout(width="auto"))
        button.on_click(lambda _b: fn())
        return button


class _LargeView(TableView):
    def __init__(self, game: Game, *, reveal: bool, seat: int, size: str) -> None:
        super().__init__(game, reveal=reveal, seat=seat)
        self.size = size

    def _repr_html_(self) -> str:
        from ..render import table_html

        size: Any = self.size
        return table_html(self.game, viewer=self.seat or 0, reveal=self.reveal, size=size, you=False)
