"""A side's melds on a canvas, with burraco badges; click a meld to choose it (as a lay-off target).

>>> from buraco_learn import Meld
>>> w = MeldWidget([Meld.from_cards("5C 6C 7C"), Meld.from_cards("3H 4H 5H 6H 7H 8H 9H")])
>>> box = w.boxes[1].box
>>> w.click(*box.center)
>>> w.target, w.target_meld
(1, Meld.parse('3H 4H 5H 6H 7H 8H 9H'))
>>> "clean burraco" in w.description_text
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import traitlets
from ipycanvas import hold_canvas  # type: ignore[import-untyped]
from ipywidgets import HTML, Dropdown, HBox, Layout, VBox  # type: ignore[import-untyped]

from ..game import Game, TableMeld
from ..i18n import tr, trc
from ..melds import Meld
from ..render.layout import MeldBox, melds_geometry
from ..render.style import FELT, check_deck
from ..render.text import burraco_word, side_title
from .common import deck_dropdown, make_canvas, resize_canvas, speaks
from .draw import draw_label, draw_meld, rounded_rect

__all__ = ["MeldWidget"]


@speaks
class MeldWidget(VBox):  # type: ignore[misc]
    """Melds in rows with their burraco kind; ``target`` is the number of the chosen meld.

    Give a list of melds (numbered 0, 1, ...) or a game and a seat (that seat's side's melds,
    numbered as on the table). ``on_target(widget)`` is called when the choice changes.
    Traits: ``target``, ``deck``, ``width``. ``language``: the language of its labels and words
    (``None``: the current one; see :mod:`buraco_learn.i18n`).
    """

    target = traitlets.Int(None, allow_none=True)
    deck = traitlets.Enum(("classic", "four-color"), "classic")
    width = traitlets.Int(720)

    def __init__(self, melds: Sequence[Meld] | Game, seat: int | None = None, *, deck: str = "classic",
                 width: int = 720, title: str = "", on_target: Callable[[MeldWidget], None] | None = None,
                 language: str | None = None) -> None:
        check_deck(deck)
        if isinstance(melds, Game) and seat is None:
            raise ValueError(tr("MeldWidget(game, seat): give the seat whose side's melds to show"))
        self.source = melds
        self.seat = seat
        self.title = title
        self.on_target = on_target
        self.canvas = make_canvas(width, 120, self._on_mouse_down, self.redraw)
        self.choice = Dropdown(description=trc("chosen meld", "Meld"), options=[(tr("(none)"), -1)], value=-1)
        self.choice.observe(self._on_choice, "value")
        self.words = HTML("")
        #: The visible choice of deck (classic or four colours), kept in step with ``deck``.
        self.deck_choice = deck_dropdown(deck)
        self.deck_choice.observe(lambda change: setattr(self, "deck", change["new"]), "value")
        super().__init__([self.canvas, HBox([self.choice, self.deck_choice]), self.words])
        self.set_trait("deck", deck)
        self.set_trait("width", width)
        self.observe(self._changed, names=["target", "deck", "width"])
        self.refresh()

    @property
    def melds(self) -> list[TableMeld]:
        """The melds shown, as numbered table melds."""
        if isinstance(self.source, Game):
            assert self.seat is not None
            return list(self.source.side_melds(self.seat))
        return [TableMeld(i, 0, m) for i, m in enumerate(self.source)]

    @property
    def target_meld(self) -> Meld | None:
        """The chosen meld, or ``None``."""
        return next((t.meld for t in self.melds if t.id == self.target), None)

    @property
    def boxes(self) -> list[MeldBox]:
        """Where each meld is drawn."""
        return melds_geometry([_item(t) for t in self.melds], width=self.width)[0]

    @property
    def description_text(self) -> str:
        """The melds in words."""
        parts = []
        for t in self.melds:
            kind = f", {burraco_word(t.meld.burraco)}" if t.meld.burraco else ""
            mark = " " + tr("(chosen)") if t.id == self.target else ""
            parts.append(tr("#{number} {cards}: {points} pts", number=t.id, cards=t.meld.notation(pretty=True),
                            points=t.meld.points) + kind + mark)
        head = self._title()
        return (head + ": " if head else "") + ("; ".join(parts) if parts else tr("no melds")) + "."

    def _title(self) -> str:
        if self.title:
            return self.title
        if isinstance(self.source, Game) and self.seat is not None:
            return side_title(self.source, self.source.side_of(self.seat), None)
        return ""

    def click(self, x: float, y: float) -> None:
        """A click at canvas coordinates."""
        self._on_mouse_down(x, y)

    def _on_mouse_down(self, x: float, y: float) -> None:
        for b in self.boxes:
            if b.box.contains(x, y):
                self.target = None if self.target == b.id else b.id
                return

    def _on_choice(self, change: dict[str, Any]) -> None:
        self.target = None if change["new"] == -1 else int(change["new"])

    def _changed(self, change: dict[str, Any]) -> None:
        if change["name"] == "deck":
            check_deck(change["new"])
            self.deck_choice.value = change["new"]
        if change["name"] == "width":
            resize_canvas(self.canvas, int(change["new"]))
        self.refresh()
        if change["name"] == "target" and self.on_target is not None:
            self.on_target(self)

    def refresh(self) -> None:
        """Re-read the melds (after the game changed) and redraw."""
        melds = self.melds
        options = [(tr("(none)"), -1)] + [(f"#{t.id} {t.meld.notation(pretty=True)}", t.id) for t in melds]
        if list(self.choice.options) != options:
            self.choice.options = options
        value = self.target if any(t.id == self.target for t in melds) else -1
        if self.choice.value != value:
            self.choice.value = value
        self.redraw()

    def redraw(self) -> None:
        """Draw the melds: one ``hold_canvas()`` batch."""
        melds = self.melds
        boxes, height = melds_geometry([_item(t) for t in melds], width=self.width)
        height = max(height, 60)
        if self.canvas.height != height:
            self.canvas.height = height
        u = max(0.5, self.width / 720)
        by_id = {t.id: t.meld for t in melds}
        with hold_canvas():
            c = self.canvas
            c.clear()
            rounded_rect(c, 1, 1, self.width - 2, height - 2, 10)
            c.fill_style = FELT
            c.fill()
            if not melds:
                draw_label(c, tr("no melds yet"), 14, 20, size=15 * u, color="#a5d6a7")
            for b in boxes:
                draw_meld(c, by_id[b.id], b.cards, b.box, number=b.id, deck=self.deck, target=b.id == self.target,
                          unit=u)
        self.words.value = f'<div class="meld-words" style="font-size:13px">{self.description_text}</div>'


def _item(t: TableMeld) -> tuple[int, int, int]:
    wi = t.meld.wild_index
    return (t.id, len(t.meld.cards), -1 if wi is None else wi)
