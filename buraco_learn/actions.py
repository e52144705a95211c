"""Player actions as frozen values with a text notation that round-trips.

>>> parse_action("meld 5H 6H 7H")
LayDown(cards=(Card.parse('5H'), Card.parse('6H'), Card.parse('7H')), wild_high=None)
>>> str(parse_action("layoff 2: 8C high"))
'layoff 2: 8C high'
>>> [str(parse_action(t)) for t in ("draw", "pile", "discard 9c")]
['draw', 'pile', 'discard 9C']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from .i18n import N_, tr
from .cards import Card, excerpt, format_cards, is_number, parse_cards
from .errors import NotationError

__all__ = ["Draw", "TakePile", "LayDown", "LayOff", "Discard", "Action", "parse_action"]


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top card of the stock (TURN-1)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class TakePile:
    """Take the whole discard pile (TURN-1)."""

    def __str__(self) -> str:
        return "pile"


def _end(wild_high: bool | None, layout: str | None = None) -> str:
    end = "" if wild_high is None else (" high" if wild_high else " low")
    return end if layout is None else f"{end} layout {layout}"


@dataclass(frozen=True, slots=True)
class LayDown:
    """Lay down a new meld from the hand (TURN-2). ``wild_high`` chooses a free wild's end;
    ``layout`` names the meld's layout in notation when it may lie several ways (WILD-6)."""

    cards: tuple[Card, ...]
    wild_high: bool | None = None
    layout: str | None = None

    def __str__(self) -> str:
        return f"meld {format_cards(self.cards)}{_end(self.wild_high, self.layout)}"

    def __repr__(self) -> str:
        extra = "" if self.layout is None else f", layout={self.layout!r}"
        return f"LayDown(cards={self.cards!r}, wild_high={self.wild_high!r}{extra})"


@dataclass(frozen=True, slots=True)
class LayOff:
    """Add cards from the hand to the side's meld number ``target`` (TURN-2, WILD-2..5)."""

    target: int
    cards: tuple[Card, ...]
    wild_high: bool | None = None
    #: The meld's resulting layout in notation, when it may lie several ways (WILD-6).
    layout: str | None = None

    def __str__(self) -> str:
        return f"layoff {self.target}: {format_cards(self.cards)}{_end(self.wild_high, self.layout)}"

    def __repr__(self) -> str:
        extra = "" if self.layout is None else f", layout={self.layout!r}"
        return f"LayOff(target={self.target!r}, cards={self.cards!r}, wild_high={self.wild_high!r}{extra})"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard one card, ending the turn (TURN-3); the last card closes (CLOSE-1)."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


Action = Union[Draw, TakePile, LayDown, LayOff, Discard]

#: The longest action text read (a meld of every card of the deck is about 330 characters).
MAX_ACTION = 1_000

_HELP = N_("an action is 'draw', 'pile', 'meld <cards> [low|high] [layout <layout>]', "
         "'layoff <meld number>: <cards> [low|high] [layout <layout>]' or 'discard <card>'")


def _cards_and_end(text: str, whole: str) -> tuple[tuple[Card, ...], bool | None, str | None]:
    words = text.split()
    layout: str | None = None
    lowered = [w.lower() for w in words]
    if "layout" in lowered:
        at = lowered.index("layout")
        layout = " ".join(words[at + 1:])
        words = words[:at]
        if not layout:
            raise NotationError(tr("bad action {action}: 'layout' is followed by the layout, like "
                                   "'meld 5H 6H JK layout 5H 6H JK(=7H)'", action=excerpt(whole)))
    wild_high: bool | None = None
    if words and words[-1].lower() in ("high", "low"):
        wild_high = words.pop().lower() == "high"
    if not words:
        raise NotationError(tr("bad action {action}: no cards given; {help}", action=excerpt(whole), help=tr(_HELP)))
    try:
        return tuple(parse_cards(" ".join(words))), wild_high, layout
    except NotationError as err:
        raise NotationError(tr("bad action {action}: {error}", action=excerpt(whole), error=err)) from None


def parse_action(text: str) -> Action:
    """Read an action from its notation; bad text raises :class:`NotationError`.

    >>> parse_action("meld 5H")  # a meld's legality is the game's business, not the parser's
    LayDown(cards=(Card.parse('5H'),), wild_high=None)
    >>> parse_action("fold")
    Traceback (most recent call last):
    ...
    buraco_learn.errors.NotationError: bad action 'fold': an action is 'draw', 'pile', 'meld <cards> [low|high] [layout <layout>]', 'layoff <meld number>: <cards> [low|high] [layout <layout>]' or 'discard <card>'
    """
    if not isinstance(text, str):
        raise NotationError(tr("an action is text, not {kind}", kind=type(text).__name__))
    if len(text) > MAX_ACTION:
        raise NotationError(tr("bad action {action}: {n} characters is too long for an action (at most {most}); "
                               "{help}", action=excerpt(text), n=format(len(text), ","), most=format(MAX_ACTION, ","),
                               help=tr(_HELP)))
    stripped = text.strip()
    verb, _, rest = stripped.partition(" ")
    verb = verb.lower()
    if verb == "draw" and not rest.strip():
        return Draw()
    if verb in ("pile", "take") and not rest.strip():
        return TakePile()
    if verb == "meld":
        cards, high, layout = _cards_and_end(rest, text)
        return LayDown(cards, high, layout)
    if verb in ("layoff", "lay-off"):
        target_text, colon, cards_text = rest.partition(":")
        if not colon or not is_number(target_text.strip(), 6):
            raise NotationError(tr("bad action {action}: write the meld number, a colon, then the cards, like "
                                   "'layoff 2: 8C'", action=excerpt(text)))
        cards, high, layout = _cards_and_end(cards_text, text)
        return LayOff(int(target_text), cards, high, layout)
    if verb == "discard":
        try:
            one = parse_cards(rest)
        except NotationError as err:
            raise NotationError(tr("bad action {action}: {error}", action=excerpt(text), error=err)) from None
        if len(one) != 1:
            raise NotationError(tr("bad action {action}: discard exactly one card (TURN-3), like 'discard 9C'",
                                   action=excerpt(text)))
        return Discard(one[0])
    raise NotationError(tr("bad action {action}: {help}", action=excerpt(text), help=tr(_HELP)))
