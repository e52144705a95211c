"""A hand's review (:class:`buraco_learn.review.Review`) as HTML: the summary, the turns where
the most was lost first, every turn folded under a summary line, and the count at the close.

Inline styles only, so a stored, untrusted notebook shows it too; red suits in red.

>>> from buraco_learn import Game
>>> from buraco_learn.bots import make_bot, play_hand
>>> from buraco_learn.review import review
>>> g = Game.new(2, seed=5); _ = play_hand(g, [make_bot("greedy", 1), make_bot("random", 2)])
>>> html = review_html(review(g, seat=1))
>>> 'class="bl-review"' in html and "Where the most was lost" in html and 'class="turn worst"' in html
True
"""

from __future__ import annotations

import re
from html import escape
from typing import TYPE_CHECKING

from ..i18n import N_, semicolon, tr, trc

if TYPE_CHECKING:  # pragma: no cover
    from ..review import Review, TurnReview

__all__ = ["review_html", "suits_html"]

#: Sentences written inside f-strings below (where the catalog's extractor does not look).
_IN_FSTRINGS = (N_('Every turn ({n})'),)

_RED = re.compile(r"([0-9AJQK]{1,2}[♥♦])")


def suits_html(text: str) -> str:
    """Escape ``text`` and colour the red suits' cards red.

    >>> suits_html("5♥ 6♠")
    '<span style="color:#c62828">5♥</span> 6♠'
    """
    return _RED.sub(r'<span style="color:#c62828">\1</span>', escape(text))


_CELL = "padding:3px 8px;border-bottom:1px solid #ddd;vertical-align:top;text-align:left"


def _row(t: TurnReview, worst: bool) -> str:
    loss = (f'<b style="color:#c62828">−{t.loss}</b>' if t.loss else '<span style="color:#2e7d32">✓ 0</span>')
    played = escape(t.drew_words) + escape(semicolon()) + suits_html(t.played_words) + f" ({t.played_points:+d})"
    cls = "turn worst" if worst else "turn"
    return (f'<tr class="{cls}"><td style="{_CELL}">{t.number}</td><td style="{_CELL}">{t.move}</td>'
            f'<td style="{_CELL}">{played}</td><td style="{_CELL}">{suits_html(t.best_words)}</td>'
            f'<td style="{_CELL};text-align:right">{loss}</td></tr>')


def _table(turns: tuple[TurnReview, ...], worst: bool) -> str:
    head = "".join(f'<th style="{_CELL};background:#f3f3f3">{h}</th>'
                   for h in (escape(trc("review column", "Turn")), escape(trc("review column", "Move")),
                             escape(trc("review column", "Played")), escape(trc("review column", "Best (the solver)")),
                             escape(trc("review column", "Lost"))))
    rows = "".join(_row(t, worst) for t in turns)
    return f'<table style="border-collapse:collapse;font-size:13px;margin:4px 0"><tr>{head}</tr>{rows}</table>'


def review_html(review: Review) -> str:
    """The review as one HTML block (``div.bl-review``)."""
    parts = [f'<div style="font-weight:bold;font-size:15px">{escape(review.lines()[0])}</div>',
             f'<div style="margin:2px 0 6px">{escape(review.summary())}</div>']
    if review.kept:
        from ..practice import kept_words

        parts.append(f'<div class="kept" style="margin:2px 0 6px">{escape(kept_words(len(review.kept)))}</div>')
    worst = review.worst
    if worst:
        parts.append(f'<div style="font-weight:bold;margin-top:4px">{escape(tr("Where the most was lost"))}</div>')
        parts.append(_table(worst[:5], True))
    parts.append(f'<details><summary style="cursor:pointer">{escape(tr("Every turn ({n})", n=len(review.turns)))}</summary>'
                 f"{_table(review.turns, False)}</details>")
    if review.decisions:
        rows = "".join(
            f'<tr class="decision{" mistake" if v.mistake else ""}"><td style="{_CELL}">{v.move}</td>'
            f'<td style="{_CELL}">{suits_html(" ".join(v.sentences))}</td>'
            f'<td style="{_CELL};text-align:right">'
            + (f'<b style="color:#c62828">−{v.loss}</b>' if v.mistake and v.loss else "✗" if v.mistake else "")
            + "</td></tr>" for v in review.costliest)
        title = tr("Every decision, the costliest first ({n})", n=len(review.decisions))
        parts.append(f'<details><summary style="cursor:pointer">{escape(title)}</summary>'
                     f'<table style="border-collapse:collapse;font-size:13px;margin:4px 0">{rows}</table></details>')
    if review.close is not None:
        text = " ".join(review.close.sentences(review.seat_name))
        parts.append('<div class="count" style="margin-top:6px;padding:6px 8px;background:#e8f1fb;'
                     f'border-left:4px solid #1565c0">{suits_html(text)}</div>')
    return '<div class="bl-review" style="font-family:sans-serif;font-size:14px;max-width:100%">' + "".join(parts) + "</div>"
