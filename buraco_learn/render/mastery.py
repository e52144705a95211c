"""Mastery per skill as a small bar chart in HTML (``div`` bars: a saved, untrusted notebook shows
it as it is, see :mod:`buraco_learn.render`).

>>> html = mastery_html([("RUN-2", 60, "3"), ("most points", 25, "1")], title="Mastery")
>>> "width:60%" in html and "RUN-2" in html and "<svg" not in html
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

__all__ = ["mastery_html", "bar_colour"]


def bar_colour(percent: int) -> str:
    """A bar's colour: red below 40, amber below 70, green from 70 (each readable beside black text).

    >>> bar_colour(10), bar_colour(50), bar_colour(90)
    ('#c62828', '#f9a825', '#2e7d32')
    """
    return "#c62828" if percent < 40 else "#f9a825" if percent < 70 else "#2e7d32"


def mastery_html(rows: Sequence[tuple[str, int, str]], *, title: str, note: str = "", legend: str = "") -> str:
    """The chart: a row per skill (its label, its figure 0-100, the text beside the bar), the
    rows in columns that wrap in a narrow page; ``note`` (a line under the title, like the
    weakest skill) and ``legend`` are shown as text."""
    cells = []
    for label, percent, said in rows:
        width = max(0, min(100, int(percent)))
        cells.append(
            f'<div class="bl-skill" style="display:flex;align-items:center;gap:6px;height:18px;font-size:13px">'
            f'<span style="width:110px;text-align:right;white-space:nowrap;overflow:hidden;text-overflow:ellipsis"'
            f' title="{escape(label)}">{escape(label)}</span>'
            f'<span style="display:inline-block;width:140px;height:12px;border:1px solid #777;background:#f2f2f2">'
            f'<span style="display:block;height:100%;width:{width}%;background:{bar_colour(width)}"></span></span>'
            f'<span style="white-space:nowrap">{escape(said)}</span></div>')
    body = (f'<div style="display:flex;flex-direction:column;flex-wrap:wrap;max-height:380px;column-gap:24px;'
            f'align-content:flex-start">{"".join(cells)}</div>') if cells else ""
    return (f'<div class="bl-mastery"><p><b>{escape(title)}</b></p>'
            + (f"<p>{escape(note)}</p>" if note else "") + body
            + (f'<p style="font-size:12px;color:#444">{escape(legend)}</p>' if legend else "") + "</div>")
