"""The count of a finished hand, line by line for every side (SCORE-4), as notebook 07 teaches it.

Every line is one of the engine's own (:attr:`buraco_learn.scoring.SideScore.lines`, from
``game.result()``): the cards laid down, each burraco's bonus by kind, the closing bonus, the
cards left in hand, the pot penalty (only when it applies), then the side's total. Nothing is
counted here; each line only gets its words, its cards and the rules that decide it. With three
or five players each pair's table says what each partner is credited (P3-2, P5-3), and the lone
player's is marked.

>>> from buraco_learn import Game
>>> from buraco_learn.bots import make_bot, play_hand
>>> g = Game.new(2, seed=5); _ = play_hand(g, [make_bot("greedy", 1), make_bot("greedy", 2)])
>>> html = count_html(g, viewer=0)
>>> 'class="bl-count"' in html and html.count('class="bl-count-side"') == 2 and "SCORE-4" in html
True
>>> text = count_text(g, viewer=0)
>>> text.splitlines()[0].startswith("The count of the hand (SCORE-4)")
True

Pure functions of the game; inline styles only (a stored, untrusted notebook shows them too).
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from ..cards import Card
from ..errors import InvalidMeld, NotationError
from ..i18n import colon, get_language, tr
from ..lang import typeset
from ..melds import Meld
from .text import seat_name, side_names

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game
    from ..scoring import ScoreLine

__all__ = ["count_html", "count_text", "count_sides", "CountRow", "LINE_RULES"]

#: The rules that decide each line of the engine's count (its labels, in English).
LINE_RULES: dict[str, tuple[str, ...]] = {
    "melded cards": ("SCORE-1", "SCORE-2"),
    "clean burraco": ("BUR-2",),
    "semi-clean burraco": ("BUR-3",),
    "dirty burraco": ("BUR-4",),
    "closing": ("CLOSE-5",),
    "cards in hand": ("SCORE-1", "EQ-2"),
    "pot not taken": ("SCORE-1",),
}

_RED = "#c62828"
_CELL = "padding:2px 6px;vertical-align:top"


class CountRow(tuple[str, str, int, str, tuple[str, ...]]):
    """One shown line: ``(kind, words, points, cards, rules)``; ``kind`` is ``line``, ``total``
    or ``credit``. A plain tuple, so tests and the text form read the same rows as the HTML."""

    __slots__ = ()

    @property
    def kind(self) -> str:
        """``line`` (one of the engine's lines), ``total`` or ``credit`` (P3-2)."""
        return self[0]

    @property
    def words(self) -> str:
        """The line's label in the current language."""
        return self[1]

    @property
    def points(self) -> int:
        """The line's points (the engine's)."""
        return self[2]

    @property
    def cards(self) -> str:
        """The cards the line is about (a burraco's layout, the cards left in hand), or ``""``."""
        return self[3]

    @property
    def rules(self) -> tuple[str, ...]:
        """The rule IDs that decide the line."""
        return self[4]


def _pretty_meld(notation: str, game: Game) -> str:
    try:
        return Meld.parse(notation, rules=game.rules).notation(pretty=True)
    except (InvalidMeld, NotationError):  # pragma: no cover - the engine's own notation reads back
        return notation


def _pretty_cards(cards: tuple[Card, ...]) -> str:
    """Cards as a learner reads them, the costliest first (EQ-2)."""
    return " ".join(c.pretty for c in sorted(cards, key=lambda c: (-c.points, str(c))))


def _held_words(game: Game, side: tuple[int, ...]) -> str:
    """The cards left in the side's hands: a partner's under his name (``North: 8♦ K♠``)."""
    if len(side) == 1:
        return _pretty_cards(game.hand(side[0]))
    return " · ".join(f"{seat_name(game, seat)}{colon()} {_pretty_cards(game.hand(seat))}"
                      for seat in side if game.hand(seat))


def _rows(game: Game, side: tuple[int, ...], lines: tuple[ScoreLine, ...]) -> list[CountRow]:
    """The engine's lines as rows: a burraco names its meld as the table numbers it (``#3``)."""
    used: set[int] = set()
    rows = []
    for line in lines:
        cards = ""
        if line.meld:
            number = next((t.id for t in game.table
                           if t.owner in side and t.id not in used and str(t.meld) == line.meld), None)
            cards = _pretty_meld(line.meld, game)
            if number is not None:
                used.add(number)
                cards = f"#{number} {cards}"
        elif line.label == "cards in hand":
            cards = _held_words(game, side)
        rows.append(CountRow(("line", tr(line.label), line.points, cards, LINE_RULES.get(line.label, ("SCORE-1",)))))
    return rows


def count_sides(game: Game) -> list[tuple[tuple[int, ...], list[CountRow]]]:
    """Every side's seats and rows: the engine's lines, then the total, then (three players, the
    pair) each partner's credit. Raises :class:`~buraco_learn.errors.IllegalMove` before the end.

    >>> from buraco_learn import Game
    >>> from buraco_learn.bots import make_bot, play_hand
    >>> g = Game.new(2, seed=5); _ = play_hand(g, [make_bot("greedy", 1), make_bot("greedy", 2)])
    >>> [(side, rows[-1].kind, rows[-1].points == g.result().side_total(side[0])) for side, rows in count_sides(g)]
    [((0,), 'total', True), ((1,), 'total', True)]
    """
    res = game.result()
    out = []
    for side, score in zip(res.sides, res.scores):
        rows = _rows(game, side, score.lines)
        total_rules = ("SCORE-1", "SCORE-3") if score.total < 0 else ("SCORE-1",)
        rows.append(CountRow(("total", tr("total"), score.total, "", total_rules)))
        seats = game.seating
        if seats.halves and len(side) == 2:  # P3-2, P5-3
            rows.append(CountRow(("credit", tr("each partner is credited half, rounded up"), res.credits[side[0]],
                                  "", (seats.credit_rule,))))
        out.append((side, rows))
    return out


def _heading(game: Game, side: tuple[int, ...], viewer: int | None) -> str:
    names = side_names(game, side)
    if viewer is not None and viewer in side:
        names = tr("{names} (your side)", names=names) if len(side) > 1 else tr("{names} (you)", names=names)
    if game.soloist is not None and side == (game.soloist,) and game.seating.halves:
        names += " · " + tr("alone, took the 18")  # the lone player of three or five (P3-1, P5-2)
    return names


def _how_it_ended(game: Game) -> str:
    res = game.result()
    if res.closed_by is not None:
        return tr("{seat} closed", seat=seat_name(game, res.closed_by))
    return tr("the stock ran out")


def _title() -> str:
    return tr("The count of the hand (SCORE-4)")


def _points(n: int, kind: str) -> str:
    """A row's points as the language writes a number (French « 1 005 »), a line's with its sign."""
    return typeset(str(n) if kind != "line" else f"{n:+d}".replace("-", "−"), get_language())


def _cards(text: str) -> str:
    """A row's cards as the language reads them (French R D V for K Q J)."""
    return typeset(text, get_language())


def count_text(game: Game, viewer: int | None = None) -> str:
    """The count as plain text, one line per row, each side under its name (what
    :func:`count_html` shows, for a screen reader's words and for tests)."""
    lines = [f"{_title()}{colon()} {_how_it_ended(game)}"]
    for side, rows in count_sides(game):
        lines.append(_heading(game, side, viewer))
        for r in rows:
            tail = f" ({_cards(r.cards)})" if r.cards else ""
            lines.append(f"  {r.words}{tail} {_points(r.points, r.kind)} [{', '.join(r.rules)}]")
    return "\n".join(lines)


def _cards_html(text: str) -> str:
    out = []
    for part in _cards(text).split(" "):
        red = "♥" in part or "♦" in part
        out.append(f'<span style="color:{_RED}">{escape(part)}</span>' if red else escape(part))
    return " ".join(out)


def _row_html(r: CountRow) -> str:
    style = _CELL
    if r.kind == "total":
        style += ";border-top:1px solid #90a4ae;font-weight:bold"
    elif r.kind == "credit":
        style += ";font-style:italic;color:#37474f"
    colour = ";color:" + _RED if r.points < 0 and r.kind != "credit" else ""
    cards = (f'<div class="bl-count-cards" style="font-size:12px;color:#455a64">{_cards_html(r.cards)}</div>'
             if r.cards else "")
    rules = escape(" ".join(r.rules))
    return (f'<tr class="bl-count-{r.kind}" data-rules="{rules}">'
            f'<td class="bl-count-label" style="{style}">{escape(r.words)}{cards}</td>'
            f'<td class="bl-count-points" style="{style};text-align:right;white-space:nowrap{colour}">'
            f"{escape(_points(r.points, r.kind))}</td>"
            f'<td class="bl-count-rules" style="{style};font-size:11px;color:#607d8b;white-space:nowrap">'
            f"{rules}</td></tr>")


def count_html(game: Game, viewer: int | None = None) -> str:
    """The count of a finished hand as one HTML block (``div.bl-count``): a title with how the
    hand ended, then a table per side (``table.bl-count-side``), side by side where there is room.
    Each row carries its rule IDs (``data-rules``). Raises
    :class:`~buraco_learn.errors.IllegalMove` before the end (the engine's refusal)."""
    title = (f'<div class="bl-count-title" style="font-weight:bold;margin-bottom:4px">{escape(_title())}'
             f'<span style="font-weight:normal">{escape(colon())} {escape(_how_it_ended(game))}</span></div>')
    tables = []
    for side, rows in count_sides(game):
        seats = " ".join(map(str, side))
        head = (f'<tr><th colspan="3" class="bl-count-head" style="{_CELL};text-align:left;background:#eceff1">'
                f"{escape(_heading(game, side, viewer))}</th></tr>")
        tables.append(f'<table class="bl-count-side" data-seats="{seats}" style="border-collapse:collapse;'
                      'background:#fff;border:1px solid #cfd8dc;font-size:14px;min-width:260px">'
                      + head + "".join(_row_html(r) for r in rows) + "</table>")
    return ('<div class="bl-count" role="region" aria-label="' + escape(_title(), quote=True) + '" '
            'style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#263238;background:#f5f8fa;'
            'border-left:5px solid #546e7a;border-radius:4px;padding:6px 10px;margin:4px 0;line-height:1.3">'
            + title + '<div class="bl-count-sides" style="display:flex;flex-wrap:wrap;gap:8px 12px;'
            'align-items:flex-start">' + "".join(tables) + "</div></div>")

