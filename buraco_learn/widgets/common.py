"""Small pieces shared by the widgets: the feedback line, the text line, what an event did."""

from __future__ import annotations

import functools
import gc
import inspect
from collections import Counter
from collections.abc import Callable, Sequence
from html import escape
from typing import Any, Literal, TypeVar

from ipycanvas import Canvas  # type: ignore[import-untyped]
from ipywidgets import HTML, Dropdown, Layout  # type: ignore[import-untyped]

from ..notes import say
from ..actions import Discard, Draw, LayDown, LayOff, TakePile
from ..cards import Card
from ..game import Event, Game
from ..hints import twos_words
from ..i18n import language, tr, trn
from ..reference import cited_rules
from ..render.feedback import feedback_html as shared_feedback_html
from ..render.text import seat_name

__all__ = ["speaks", "FeedbackKind", "feedback_html", "rule_ids", "static_bundle", "deck_dropdown", "words_html", "event_words", "new_cards", "make_feedback", "make_words", "forget_current_canvas",
           "FRAME_MARK", "mark_frame", "warm_up"]

_W = TypeVar("_W", bound=type)


def speaks(cls: _W) -> _W:
    """Class decorator: the widget speaks its own language.

    Every method and property defined in ``cls`` (``__init__`` and ``__repr__`` included) runs
    inside ``with language(self.language):``, so every label, feedback line and text line it
    makes is in the language given to the widget (``language="fr"``); ``None`` (the default)
    keeps the current language (:func:`buraco_learn.i18n.set_language`). ``__init__`` reads the
    ``language`` keyword it is given and stores it as ``self.language``. The language chosen
    outside the widget is the same after every call.

    >>> from buraco_learn.i18n import get_language
    >>> @speaks
    ... class Speaker:
    ...     def __init__(self, *, language: str | None = None) -> None:
    ...         pass
    ...     def speaking(self) -> str:
    ...         return get_language()
    >>> Speaker(language="it").speaking(), Speaker().speaking(), get_language()
    ('it', 'en', 'en')
    """
    for name, value in list(vars(cls).items()):
        if name.startswith("__") and name not in ("__init__", "__repr__"):
            continue
        if isinstance(value, property):
            setattr(cls, name, property(_in_own_language(value.fget) if value.fget else None, value.fset,
                                        value.fdel, value.__doc__))
        elif inspect.isfunction(value):
            setattr(cls, name, _in_init_language(value) if name == "__init__" else _in_own_language(value))
    return cls


def _in_own_language(method: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(method)
    def inner(self: Any, *args: Any, **kwargs: Any) -> Any:
        with language(self.__dict__.get("language")):
            return method(self, *args, **kwargs)

    return inner


def _in_init_language(init: Callable[..., None]) -> Callable[..., None]:
    @functools.wraps(init)
    def inner(self: Any, *args: Any, **kwargs: Any) -> None:
        lang = kwargs.get("language")
        with language(lang):  # an unknown language is refused here, before anything is built
            self.__dict__["language"] = lang
            init(self, *args, **kwargs)

    return inner


#: The kinds a widget's feedback line takes: ``ok``/``right`` (done, or a right answer),
#: ``refused``/``wrong`` (an illegal move, or a wrong answer), ``info`` and ``blank``.
FeedbackKind = Literal["ok", "refused", "info", "right", "wrong", "blank"]

_STATE = {"ok": "right", "right": "right", "refused": "wrong", "wrong": "wrong", "info": "info", "blank": "blank"}
#: The rule IDs a sentence cites, in order, each once (the core's :func:`~buraco_learn.reference.cited_rules`).
rule_ids = cited_rules


def feedback_html(text: str, kind: FeedbackKind, *, rules: Sequence[str] | None = None, hint: str = "",
                  title: str | None = None, max_rules: int = 3, placeholder: str = "") -> str:
    """A widget's feedback line: the course's one feedback box
    (:func:`buraco_learn.render.feedback.feedback_html`) with each cited rule's sentence inline.

    ``kind`` ``ok``/``right`` shows the ✓ state, ``refused``/``wrong`` the ✗ state, ``info`` the ℹ
    state. ``rules`` defaults to the rule IDs the text cites (at most ``max_rules`` sentences are
    shown). An empty text shows ``placeholder`` in grey (or nothing). The box sits in a
    ``div.feedback.<kind>`` (what the browser tests look for).

    >>> html = feedback_html("Draw first (TURN-1).", "refused", title="✗ Not allowed")
    >>> 'class="feedback refused"' in html and "bl-wrong" in html and "✗ Not allowed" in html
    True
    >>> "Refused" in html
    False
    """
    if kind not in _STATE:
        raise ValueError(f"unknown feedback kind {kind!r}: choose one of {', '.join(_STATE)}")
    if not text:
        inner = (f'<div class="bl-placeholder" style="color:#666;font-size:14px;padding:6px 2px">{escape(placeholder)}</div>'
                 if placeholder else "")
        return f'<div class="feedback" role="status" aria-live="polite">{inner}</div>'
    cited = tuple(rules) if rules is not None else rule_ids(text + " " + hint)
    box = shared_feedback_html(_STATE[kind], text, rules=cited[:max_rules], hint=hint, title=title)  # type: ignore[arg-type]
    return f'<div class="feedback {kind}">{box}</div>'


def words_html(text: str, summary: str | None = None, frame: int | None = None) -> str:
    """The text description beside a canvas (a canvas has no alt text). ``frame``: the number of
    the redraw it describes (see :func:`mark_frame`), kept as the element's ``data-frame``.

    >>> words_html("South to play.", "In words", frame=3)[:66]
    '<details class="table-words" data-frame="3"><summary style="cursor'
    """
    if summary is None:
        summary = tr("What the table shows, in words")
    mark = "" if frame is None else f' data-frame="{int(frame)}"'
    return (f'<details class="table-words"{mark}><summary style="cursor:pointer">{escape(summary)}</summary>'
            f'<div style="white-space:pre-wrap;font-size:13px;line-height:1.35">{escape(text)}</div></details>')


def fit_width(width: int, height: int, budget: str | None) -> str:
    """The CSS ``max-width`` of a canvas ``width`` × ``height`` shown at most ``budget`` high
    (a CSS length such as ``"64vh"``: 64 % of the window's height), and never wider than its
    container: the canvas then fills a wide page on a projector and stays within a laptop's
    screen. ``None``: at most its own width in pixels.

    >>> fit_width(1600, 800, "64vh")
    'min(100%, calc(64vh * 2.0000))'
    >>> fit_width(960, 600, None)
    '960px'
    """
    if budget is None:
        return f"{width}px"
    return f"min(100%, calc({budget} * {width / max(1, height):.4f}))"


def make_canvas(width: int, height: int, on_mouse_down: Callable[[float, float], Any],
                redraw: Callable[[], Any], budget: str | None = None) -> Canvas:
    """A canvas that follows its container's width (see :func:`fit_width`), sends clicks to
    ``on_mouse_down`` and redraws when a front end connects (a reloaded page is not blank)."""
    canvas = Canvas(width=width, height=height,
                    layout=Layout(width="100%", max_width=fit_width(width, height, budget), height="auto"))
    canvas.on_mouse_down(on_mouse_down)

    def on_client_ready() -> None:
        forget_current_canvas(canvas)
        redraw()

    canvas.on_client_ready(on_client_ready)
    return canvas


def forget_current_canvas(canvas: Canvas) -> None:
    """Make the next drawing command on ``canvas`` name its canvas again.

    ipycanvas sends every drawing command through one manager, which names a canvas
    ("switchCanvas") only when the canvas differs from the last one it drew on. A front end
    that connects later (a Voilà page, which runs the notebook before the browser shows the
    widgets; a reloaded page) never got that first switch: a redraw of the same canvas then went
    to no canvas at all and the table stayed blank. Called before the redraw that answers a
    front end's ``client_ready``.

    >>> from ipycanvas import Canvas
    >>> c = Canvas(width=10, height=10)
    >>> c.fill_rect(0, 0, 1, 1)
    >>> c._canvas_manager._current_canvas is c
    True
    >>> forget_current_canvas(c)
    >>> c._canvas_manager._current_canvas is None
    True
    """
    manager = getattr(canvas, "_canvas_manager", None)
    if manager is not None and hasattr(manager, "_current_canvas"):
        manager._current_canvas = None


#: What a redraw's last command writes (see :func:`mark_frame`), before the redraw's number.
FRAME_MARK = "buraco-frame:"


def mark_frame(canvas: Canvas, number: int) -> None:
    """End redraw ``number`` of ``canvas`` with an invisible marker of its number.

    The marker is a text drawn far outside the canvas (nothing is painted), sent with the
    redraw's other commands in its one message, so a page can tell which redraw a canvas shows:
    the browser tests record the last marker each canvas painted and wait for the redraw they
    expect, instead of guessing with a pause (a busy machine paints late).

    >>> from ipycanvas import Canvas, hold_canvas
    >>> c = Canvas(width=10, height=10)
    >>> manager = c._canvas_manager
    >>> with hold_canvas():
    ...     mark_frame(c, 7)
    ...     sent = [command[1] for command in manager._commands_cache]
    >>> [args[0] for args in sent if args and str(args[0]).startswith(FRAME_MARK)]
    ['buraco-frame:7']
    """
    canvas.fill_text(f"{FRAME_MARK}{int(number)}", -100_000, -100_000)


def resize_canvas(canvas: Canvas, width: int, height: int | None = None, budget: str | None = None) -> None:
    """Set a canvas from :func:`make_canvas` to a new drawing size (and maximum shown width)."""
    if canvas.width != width:
        canvas.width = width
    if height is not None and canvas.height != height:
        canvas.height = height
    canvas.layout.max_width = fit_width(width, int(canvas.height), budget)


#: The feedback line's least height: a short message does not make it shrink, so nothing under
#: it moves when the first messages come (a button just clicked stays where it was).
FEEDBACK_HEIGHT = "92px"

#: The feedback line's greatest height: four lines of text (a move of yours and three of the
#: other players', or a refusal with its rule's sentence) show whole; a longer message scrolls
#: inside it, with a scrollbar. At most 28 px more than the least height, so with the buttons at
#: the bottom of a 1366×768 screen the whole box stays above JupyterLab's status bar.
FEEDBACK_MAX_HEIGHT = "120px"

#: The feedback box's height on a coached table (issue 23): the coach's long verdicts (a
#: defence verdict with its count, five lines, under the move's own line) show whole, none of
#: it hidden in the box's scroll area where the buttons under it seemed to cover its conclusion.
#: The height is kept from the first move on (least and greatest height alike), so the buttons
#: never move and a learner who set the buttons at the bottom of the window reads every verdict
#: in the same place. Six lines (160 px): with more, the box would push the buttons under the
#: status bar of a 1366×768 window when the table's top is at the window's top (a longer verdict
#: scrolls inside the box).
COACH_FEEDBACK_HEIGHT = "160px"


def make_feedback(placeholder: str = "") -> HTML:
    """An empty feedback line, at least :data:`FEEDBACK_HEIGHT` high and growing with its
    message up to :data:`FEEDBACK_MAX_HEIGHT` (``placeholder`` in grey until the first message).

    >>> box = make_feedback("Click a card")
    >>> box.layout.min_height, box.layout.max_height, box.layout.overflow
    ('92px', '120px', 'auto')
    """
    return HTML(feedback_html("", "info", placeholder=placeholder),
                layout=Layout(min_height=FEEDBACK_HEIGHT, max_height=FEEDBACK_MAX_HEIGHT, height="auto",
                              overflow="auto"))


def deck_dropdown(value: str) -> Dropdown:
    """The visible choice of deck: classic (two colours) or four colours (one per suit)."""
    return Dropdown(description=tr("Deck"), options=[(tr("classic (2 colours)"), "classic"),
                                                     (tr("four colours"), "four-color")],
                    value=value if value in ("classic", "four-color") else "classic",
                    tooltip=tr("Four colours: one colour per suit (spades black, hearts red, diamonds blue, "
                               "clubs green)"),
                    style={"description_width": "initial"}, layout=Layout(width="auto"))


def static_bundle(data: dict[str, Any], html: str) -> dict[str, Any]:
    """A widget's mime bundle with a static ``text/html`` picture beside the widget view: what a
    notebook shows where no kernel runs (GitHub, nbviewer, a stored output whose widget view was
    stripped). A live JupyterLab prefers the widget view."""
    if data:
        data = dict(data)
        data["text/html"] = html
    return data


def make_words() -> HTML:
    """An empty text-description line."""
    return HTML("")


def full_stop(text: str) -> str:
    """``text`` ending as a sentence does: a full stop added unless it ends with one (or ``!``,
    ``?``, ``…``, ``:``).

    >>> full_stop("3H 4H 6H: a run has no gap (RUN-1)"), full_stop("Draw first (TURN-1).")
    ('3H 4H 6H: a run has no gap (RUN-1).', 'Draw first (TURN-1).')
    """
    body = text.rstrip()
    return body if not body or body[-1] in ".!?…:" else body + "."


def new_cards(before: Sequence[Card], after: Sequence[Card]) -> list[Card]:
    """Cards in ``after`` that were not in ``before`` (as multisets), in ``after``'s order."""
    extra = Counter(after) - Counter(before)
    out = []
    for c in after:
        if extra[c] > 0:
            out.append(c)
            extra[c] -= 1
    return out


def _laid_meld(game: Game, seat: int, cards: Sequence[Card]) -> str:
    """A meld just laid down as it lies on the table (``Q♥ K♥ A♥ (meld #3)``, a wild with what it
    stands for), not in the order its cards were chosen; the cards as given if it is not found."""
    want = Counter(cards)
    found = [t for t in game.side_melds(seat) if Counter(t.meld.cards) == want]
    if not found:
        return " ".join(c.pretty for c in cards)
    t = max(found, key=lambda t: t.id)
    return tr("{cards} (meld #{number})", cards=t.meld.notation(pretty=True), number=t.id)


def event_words(game: Game, event: Event, *, you: bool, gained: Sequence[Card] = (), pile_size: int = 0) -> str:
    """A short sentence for what an event did: ``You drew 7♥ from the stock.`` For another
    player's take of the pile, ``pile_size`` is how many cards the pile held."""
    who = seat_name(game, event.seat)
    a = event.action
    if isinstance(a, Draw):
        if you and gained:
            what = tr("You drew {card} from the stock", card=gained[0].pretty)
        else:
            what = tr("You drew from the stock") if you else tr("{seat} drew from the stock", seat=who)
    elif isinstance(a, TakePile):
        n = len(gained) if you else pile_size
        if n:
            what = (trn("You took the discard pile ({n} card)", "You took the discard pile ({n} cards)", n) if you
                    else trn("{seat} took the discard pile ({n} card)", "{seat} took the discard pile ({n} cards)",
                             n, seat=who))
        else:
            what = tr("You took the discard pile") if you else tr("{seat} took the discard pile", seat=who)
    elif isinstance(a, LayDown):
        meld = _laid_meld(game, event.seat, a.cards)
        what = tr("You melded {meld}", meld=meld) if you else tr("{seat} melded {meld}", seat=who, meld=meld)
    elif isinstance(a, LayOff):
        cards = " ".join(c.pretty for c in a.cards)
        what = (tr("You laid off {cards} onto meld #{number}", cards=cards, number=a.target) if you
                else tr("{seat} laid off {cards} onto meld #{number}", seat=who, cards=cards, number=a.target))
    elif isinstance(a, Discard):
        what = (tr("You discarded {card}", card=a.card.pretty) if you
                else tr("{seat} discarded {card}", seat=who, card=a.card.pretty))
    else:  # pragma: no cover - every action kind is listed above
        what = f"{'You' if you else who} {a}"
    extra = say(event.note.partition("; ")[2])  # what the move caused, in the language
    said = tr("{what}: {more}.", what=what, more=extra) if extra else what + "."
    twos = _twos_said(game, event)
    return f"{said} {twos}" if twos else said


def move_words(game: Game, event: Event, *, pile_size: int = 0) -> str:
    """Another player's move as a short phrase with no seat name, for its turn's line
    (:func:`turn_words`): ``took the discard pile (3 cards)``, ``melded 7♥ 8♥ 9♥ (meld #4)``,
    ``discarded K♣``; what the move caused follows in brackets."""
    a = event.action
    if isinstance(a, Draw):
        what = tr("drew from the stock")
    elif isinstance(a, TakePile):
        what = (trn("took the discard pile ({n} card)", "took the discard pile ({n} cards)", pile_size)
                if pile_size else tr("took the discard pile"))
    elif isinstance(a, LayDown):
        what = tr("melded {meld}", meld=_laid_meld(game, event.seat, a.cards))
    elif isinstance(a, LayOff):
        what = tr("laid off {cards} onto meld #{number}", cards=" ".join(c.pretty for c in a.cards), number=a.target)
    elif isinstance(a, Discard):
        what = tr("discarded {card}", card=a.card.pretty)
    else:  # pragma: no cover - every action kind is listed above
        what = str(a)
    extra = say(event.note.partition("; ")[2])
    return f"{what} ({extra})" if extra else what


#: How many melds and lay-offs an opponent's turn line names before "and N more moves"
#: (the partner's turn is always said whole, and nobody's pile take or discard is ever cut).
TURN_MIDDLE_MOST = 3


def turn_words(game: Game, seat: int, viewer: int | None, moves: Sequence[str]) -> str:
    """One other player's whole turn in one line: ``North (partner): took the discard pile
    (3 cards), melded 7♥ 8♥ 9♥ (meld #4), discarded K♣.`` (``moves``: :func:`move_words`, in
    order). An opponent's long turn keeps its first move (the draw or the pile taken) and its
    last (the discard), and names at most :data:`TURN_MIDDLE_MOST` moves between them; the
    partner's turn is said whole."""
    from ..render.text import seat_title

    parts = list(moves)
    partner = viewer is not None and seat != viewer and seat in game.side_of(viewer)
    if not partner and len(parts) > TURN_MIDDLE_MOST + 2:
        cut = len(parts) - 2 - TURN_MIDDLE_MOST
        parts = [*parts[:1 + TURN_MIDDLE_MOST], trn("{n} more move", "{n} more moves", cut), parts[-1]]
    return tr("{seat}: {moves}.", seat=seat_title(game, seat, viewer, short=True), moves=", ".join(parts))


def _twos_said(game: Game, event: Event) -> str | None:
    """For a meld or lay-off whose run now holds a natural 2 beside its wild, which 2 is which
    (:func:`~buraco_learn.hints.twos_words`, RUN-5, RUN-4); else ``None``."""
    a = event.action
    if isinstance(a, LayOff):
        t = next((t for t in game.table if t.id == a.target), None)
    elif isinstance(a, LayDown) and any(c.is_two for c in a.cards):
        want = Counter(a.cards)
        t = max((t for t in game.side_melds(event.seat) if Counter(t.meld.cards) == want), key=lambda t: t.id,
                default=None)
    else:
        return None
    if t is None or not any(c.is_two for c in a.cards):
        return None
    return twos_words(t.meld)


_WARM = False


def warm_up() -> None:
    """Once per process, before the first click is answered: collect the garbage the imports left
    and freeze what survives (:func:`gc.freeze`), so the first full collection does not fall in
    the answer to a click (it did: the teacher demo's first **Next move** took 0.1-0.15 s more
    than the next ones, most of it one collection of every object the imports had made).

    >>> warm_up(); warm_up()  # the second call does nothing
    """
    global _WARM
    if _WARM:
        return
    _WARM = True
    gc.collect()
    gc.freeze()
