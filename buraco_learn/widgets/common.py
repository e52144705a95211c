"""Small pieces shared by the widgets: the feedback line, the text line, what an event did."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from html import escape
from typing import Literal

from collections.abc import Callable
from typing import Any

from ipycanvas import Canvas  # type: ignore[import-untyped]
from ipywidgets import HTML, Layout  # type: ignore[import-untyped]

from ..actions import Discard, Draw, LayDown, LayOff, TakePile
from ..cards import Card
from ..game import Event, Game

__all__ = ["FeedbackKind", "feedback_html", "words_html", "event_words", "new_cards", "make_feedback", "make_words"]

FeedbackKind = Literal["ok", "refused", "info"]

_COLORS = {"ok": "#1b5e20", "refused": "#b71c1c", "info": "#0d47a1"}
_MARKS = {"ok": "✓", "refused": "✗ Refused:", "info": "ℹ"}


def feedback_html(text: str, kind: FeedbackKind) -> str:
    """The feedback line's HTML: a mark, then the text (the engine's sentence for a refusal)."""
    if not text:
        return '<div class="feedback" role="status" aria-live="polite"></div>'
    lines = "<br>".join(escape(t) for t in text.split("\n"))
    return (f'<div class="feedback {kind}" role="status" aria-live="polite" style="color:{_COLORS[kind]};'
            f'font-size:15px;padding:4px 2px;font-weight:{"bold" if kind == "refused" else "normal"}">'
            f"{_MARKS[kind]} {lines}</div>")


def words_html(text: str, summary: str = "What the table shows, in words") -> str:
    """The text description beside a canvas (a canvas has no alt text)."""
    return (f'<details class="table-words" open><summary style="cursor:pointer">{escape(summary)}</summary>'
            f'<div style="white-space:pre-wrap;font-size:13px;line-height:1.35">{escape(text)}</div></details>')


def make_canvas(width: int, height: int, on_mouse_down: Callable[[float, float], Any],
                redraw: Callable[[], Any]) -> Canvas:
    """A canvas that follows its container's width (at most ``width`` px), sends clicks to
    ``on_mouse_down`` and redraws when a front end connects (a reloaded page is not blank)."""
    canvas = Canvas(width=width, height=height,
                    layout=Layout(width="100%", max_width=f"{width}px", height="auto"))
    canvas.on_mouse_down(on_mouse_down)
    canvas.on_client_ready(redraw)
    return canvas


def resize_canvas(canvas: Canvas, width: int) -> None:
    """Set a canvas from :func:`make_canvas` to a new drawing width (and maximum shown width)."""
    canvas.width = width
    canvas.layout.max_width = f"{width}px"


def make_feedback() -> HTML:
    """An empty feedback line."""
    return HTML(feedback_html("", "info"), layout=Layout(min_height="28px"))


def make_words() -> HTML:
    """An empty text-description line."""
    return HTML("")


def new_cards(before: Sequence[Card], after: Sequence[Card]) -> list[Card]:
    """Cards in ``after`` that were not in ``before`` (as multisets), in ``after``'s order."""
    extra = Counter(after) - Counter(before)
    out = []
    for c in after:
        if extra[c] > 0:
            out.append(c)
            extra[c] -= 1
    return out


def event_words(game: Game, event: Event, *, you: bool, gained: Sequence[Card] = ()) -> str:
    """A short sentence for what an event did: ``You drew 7♥ from the stock.``"""
    who = "You" if you else game.seat_name(event.seat)
    a = event.action
    if isinstance(a, Draw):
        what = f"drew {gained[0].pretty} from the stock" if (you and gained) else "drew from the stock"
    elif isinstance(a, TakePile):
        what = f"took the discard pile ({len(gained)} card{'s' if len(gained) != 1 else ''})"
    elif isinstance(a, LayDown):
        what = "melded " + " ".join(c.pretty for c in a.cards)
    elif isinstance(a, LayOff):
        what = f"laid off {' '.join(c.pretty for c in a.cards)} onto meld #{a.target}"
    elif isinstance(a, Discard):
        what = f"discarded {a.card.pretty}"
    else:  # pragma: no cover - every action kind is listed above
        what = str(a)
    extra = event.note.partition("; ")[2]
    return f"{who} {what}" + (f": {extra}." if extra else ".")
