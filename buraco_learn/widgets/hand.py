"""One hand on a canvas: click cards to select them, sort them, or use the native buttons.

>>> from buraco_learn import parse_cards
>>> w = HandWidget(parse_cards("7H 5S JK 6S"), sort="suit")
>>> [c.pretty for c in w.cards]
['5♠', '6♠', '7♥', 'JK']
>>> rects = w.rects
>>> w.click(rects[1].x + 5, rects[1].y + 10)
>>> w.selected, [c.pretty for c in w.selected_cards]
([1], ['6♠'])
>>> w.description_text
'Hand (4): 5♠ [6♠] 7♥ JK. Selected: 6♠.'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import traitlets
from ipycanvas import hold_canvas  # type: ignore[import-untyped]
from ipywidgets import HTML, Button, HBox, Layout, ToggleButton, VBox  # type: ignore[import-untyped]

from ..cards import Card, excerpt, parse_cards
from ..errors import NotationError
from ..i18n import tr, trn
from ..render.html import card_title, sort_cards
from ..render.layout import Rect, hand_geometry, hit_index
from ..render.style import FELT, card_label, check_deck
from ..render.text import describe_hand
from .common import deck_dropdown, make_canvas, resize_canvas, speaks
from .draw import draw_card, rounded_rect

__all__ = ["HandWidget"]


@speaks
class HandWidget(VBox):  # type: ignore[misc]
    """A hand of cards; ``selected`` holds the positions (in the order shown) of chosen cards.

    ``on_select(widget)`` is called after every change of the selection. Traits: ``selected``,
    ``sort`` (``"dealt"``, ``"suit"``, ``"rank"``), ``deck``, ``width``. ``language``: the
    language of its labels and words (``None``: the current one; see :mod:`buraco_learn.i18n`).
    """

    selected = traitlets.List(traitlets.Int())
    sort = traitlets.Enum(("dealt", "suit", "rank"), "dealt")
    deck = traitlets.Enum(("classic", "four-color"), "classic")
    width = traitlets.Int(720)

    def __init__(self, cards: Iterable[Card] | str = (), *, sort: str = "dealt", deck: str = "classic",
                 width: int = 720, on_select: Callable[[HandWidget], None] | None = None,
                 language: str | None = None) -> None:
        check_deck(deck)
        self._dealt: list[Card] = parse_cards(cards) if isinstance(cards, str) else list(cards)
        self.on_select = on_select
        self._syncing = False
        self.canvas = make_canvas(width, 140, self._on_mouse_down, self.redraw)
        self.words = HTML("")
        self.card_buttons = HBox(layout=Layout(flex_flow="row wrap"))
        suit = Button(description=tr("Sort by suit"), layout=Layout(width="auto"))
        suit.on_click(lambda _b: self._set_sort("suit"))
        rank = Button(description=tr("Sort by rank"), layout=Layout(width="auto"))
        rank.on_click(lambda _b: self._set_sort("rank"))
        clear = Button(description=tr("Clear"), layout=Layout(width="auto"))
        clear.on_click(lambda _b: self.clear_selection())
        #: The visible choice of deck (classic or four colours), kept in step with ``deck``.
        self.deck_choice = deck_dropdown(deck)
        self.deck_choice.observe(lambda change: setattr(self, "deck", change["new"]), "value")
        super().__init__([self.canvas, self.card_buttons, HBox([suit, rank, clear, self.deck_choice]), self.words])
        if sort not in ("dealt", "suit", "rank"):
            raise ValueError(tr("unknown sort {sort}: choose 'dealt', 'suit' or 'rank'", sort=repr(sort)))
        self.set_trait("sort", sort)
        self.set_trait("deck", deck)
        self.set_trait("width", width)
        self.observe(self._changed, names=["selected", "sort", "deck", "width"])
        self._rebuild()

    @property
    def cards(self) -> list[Card]:
        """The cards in the order shown."""
        return list(self._dealt) if self.sort == "dealt" else sort_cards(self._dealt, self.sort)

    @property
    def selected_cards(self) -> list[Card]:
        """The selected cards, in the order shown."""
        shown = self.cards
        return [shown[i] for i in sorted(self.selected)]

    @property
    def rects(self) -> list[Rect]:
        """Where each shown card is drawn (canvas pixels)."""
        return hand_geometry(len(self._dealt), width=self.width, selected=self.selected)[0]

    @property
    def description_text(self) -> str:
        """What the canvas shows, in words."""
        sel = " ".join(card_label(c) for c in self.selected_cards)
        return (tr("Hand ({n}): {cards}.", n=len(self._dealt), cards=describe_hand(self.cards, sorted(self.selected)))
                + " " + (tr("Selected: {cards}.", cards=sel) if sel else tr("Nothing selected.")))

    def set_cards(self, cards: Iterable[Card] | str) -> None:
        """Show other cards (the selection is cleared)."""
        self._dealt = parse_cards(cards) if isinstance(cards, str) else list(cards)
        self.set_trait("selected", [])
        self._rebuild()

    def toggle(self, i: int) -> None:
        """Select or deselect the card at position ``i``; a position past the hand (or not a whole
        number) is a :class:`~buraco_learn.errors.NotationError`, and nothing changes.

        >>> w = HandWidget("5H 6H")
        >>> w.toggle(1); w.selected_cards
        [Card.parse('6H')]
        >>> w.toggle(14)
        Traceback (most recent call last):
        ...
        buraco_learn.errors.NotationError: no card at position 14: the hand shows 2 cards
        """
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(self._dealt):
            raise NotationError(trn("no card at position {index}: the hand shows {n} card",
                                    "no card at position {index}: the hand shows {n} cards", len(self._dealt),
                                    index=excerpt(i)))
        self.selected = sorted(set(self.selected) ^ {i})

    def clear_selection(self) -> None:
        """Deselect every card."""
        self.selected = []

    def click(self, x: float, y: float) -> None:
        """A click at canvas coordinates."""
        self._on_mouse_down(x, y)

    def _on_mouse_down(self, x: float, y: float) -> None:
        i = hit_index(self.rects, x, y)
        if i is not None:
            self.toggle(i)

    def _set_sort(self, how: str) -> None:
        self.set_trait("selected", [])
        self.sort = how
        self._rebuild()

    def _changed(self, change: dict[str, Any]) -> None:
        if change["name"] == "deck":
            check_deck(change["new"])
            self.deck_choice.value = change["new"]
        if change["name"] == "width":
            resize_canvas(self.canvas, int(change["new"]))
        if change["name"] == "sort":
            self._rebuild()
            return
        self._sync_buttons()
        self.redraw()
        if change["name"] == "selected" and self.on_select is not None:
            self.on_select(self)

    def _rebuild(self) -> None:
        self._syncing = True
        try:
            buttons = []
            for i, c in enumerate(self.cards):
                tb = ToggleButton(value=i in self.selected, description=card_label(c), tooltip=card_title(c),
                                  layout=Layout(width="52px"))
                tb.observe(self._toggler(i), "value")
                buttons.append(tb)
            self.card_buttons.children = buttons
        finally:
            self._syncing = False
        self.redraw()

    def _sync_buttons(self) -> None:
        self._syncing = True
        try:
            for i, tb in enumerate(self.card_buttons.children):
                tb.value = i in self.selected
        finally:
            self._syncing = False

    def _toggler(self, i: int) -> Callable[[dict[str, Any]], None]:
        def toggle(change: dict[str, Any]) -> None:
            if not self._syncing and (i in self.selected) != change["new"]:
                self.toggle(i)

        return toggle

    def redraw(self) -> None:
        """Draw the hand: one ``hold_canvas()`` batch."""
        rects, height = hand_geometry(len(self._dealt), width=self.width, selected=self.selected)
        if self.canvas.height != height:
            self.canvas.height = height
        chosen = set(self.selected)
        with hold_canvas():
            self.canvas.clear()
            rounded_rect(self.canvas, 1, 1, self.width - 2, height - 2, 10)
            self.canvas.fill_style = FELT
            self.canvas.fill()
            for i, (card, r) in enumerate(zip(self.cards, rects)):
                draw_card(self.canvas, card, r, deck=self.deck, selected=i in chosen)
        self.words.value = f'<div class="hand-words" style="font-size:13px">{self.description_text}</div>'
