"""One feedback box for the whole course: "not yet answered", "✗ not yet", "✓ right", "ℹ info".

Every checker, every widget and every puzzle shows its verdict through :func:`feedback_html`, so a
learner meets the same box, in the same colours and words, everywhere. The box is HTML with
inline styles only (it survives JupyterLab's sanitizer in a stored, untrusted notebook), and each
rule ID it cites is followed by that rule's own sentence from the rules reference, so the rule is
on screen where the learner needs it:

>>> html = feedback_html("wrong", "8D is a wild? No: only jokers and 2s are.", rules=("EQ-3",),
...                      hint="Look at the card's rank.")
>>> 'class="bl-feedback bl-wrong"' in html and "✗ Not yet" in html and "EQ-3" in html
True
>>> "jokers are always wild" in html   # EQ-3 in the rules reference's words
True
>>> feedback_text("right", "35 points.", rules=("EQ-2",))
'✓ Right: 35 points. (EQ-2)'

Pure function of its arguments; imports only the core.
"""

from __future__ import annotations

import re
from html import escape
from typing import Literal

from ..i18n import N_, colon, get_language, tr
from ..lang import typeset
from ..reference import rule

__all__ = ["FeedbackState", "FEEDBACK_STATES", "feedback_html", "feedback_text", "rule_html", "inline_markdown",
           "card_symbols"]

#: ``blank``: not answered yet; ``wrong``: a wrong answer (or a refused move); ``right``: correct;
#: ``info``: neutral guidance (select a card first, a hint, the solution shown).
FeedbackState = Literal["blank", "wrong", "right", "info"]
FEEDBACK_STATES: tuple[str, ...] = ("blank", "wrong", "right", "info")

# state -> (mark and title, text colour, background, border)
_STYLE: dict[str, tuple[str, str, str, str]] = {
    "blank": (N_("✎ Not answered yet"), "#3d3d3d", "#f3f3f3", "#9e9e9e"),
    "wrong": (N_("✗ Not yet"), "#8a1c1c", "#fdecea", "#c62828"),
    "right": (N_("✓ Right"), "#1b5e20", "#e8f5e9", "#2e7d32"),
    "info": ("ℹ", "#0d3c61", "#e8f1fb", "#1565c0"),
}

_CODE = re.compile(r"`([^`]+)`")
_BOLD = re.compile(r"\*\*([^*]+)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*([^*\s][^*]*)\*(?![\w*])")


_CARD_NOTE = r"(?:10|[2-9AKQJT])[SHDC]"
#: A card in notation in running text (``2C``, ``TH``, ``JK``, a wild with what it stands for,
#: ``2C(=5H)``, ``JK(=7)``), not a part of a longer word.
_CARD_WORD = re.compile(rf"(?<![\w(=-])(JK|{_CARD_NOTE})(\(=(?:{_CARD_NOTE}|10|[2-9AKQJT])\))?(?![\w-])")
#: What a learner types: a code span, a quoted text (``"5H 6H 7H"``, ``'layoff 0: 8C'``).
_TYPED = re.compile(r"(`[^`]*`|\"[^\"\n]*\"|(?<!\w)'[^'\n]*'(?!\w))")
_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def _pretty(note: str) -> str:
    if note == "JK":
        return note
    rank, suit = note[:-1], note[-1]
    if suit not in _SYMBOL:  # a rank alone (``JK(=7)``)
        return "10" if note == "T" else note
    return ("10" if rank == "T" else rank) + _SYMBOL[suit]


def card_symbols(text: str) -> str:
    """The cards a learner reads in ``text`` drawn with suit symbols; what a learner types (a
    code span, a quoted text) keeps its notation.

    >>> card_symbols("meld 0 is now 2C(=2H) 3H 4H TH; discard KD")
    'meld 0 is now 2♣(=2♥) 3♥ 4♥ 10♥; discard K♦'
    >>> card_symbols('write "5H 6H 7H", or `answer = "QH"`; RUN-5 stays; JK(=7) 7S')
    'write "5H 6H 7H", or `answer = "QH"`; RUN-5 stays; JK(=7) 7♠'

    In French, court cards read as French cards print them, R D V; the typed notation stays:

    >>> from buraco_learn.i18n import language
    >>> with language("fr"):
    ...     card_symbols('défaussez le KD, pas du QS ; écrivez "discard KD"')
    'défaussez le R♦, pas de la D♠\u202f; écrivez "discard KD"'
    """
    parts = _TYPED.split(text)
    lang = get_language()
    for i in range(0, len(parts), 2):
        parts[i] = _CARD_WORD.sub(lambda m: _pretty(m.group(1)) + (
            "(=" + _pretty(m.group(2)[2:-1]) + ")" if m.group(2) else ""), parts[i])
        if lang == "fr":  # the cards as French reads them (R D V, their article)
            parts[i] = typeset(parts[i], lang)
    return "".join(parts)


def inline_markdown(text: str) -> str:
    """Escape ``text`` and turn its inline Markdown (``code``, **bold**, *italic*) into HTML.

    >>> inline_markdown("lay `5H` **now** & *then*")
    'lay <code>5H</code> <b>now</b> &amp; <i>then</i>'
    """
    out = escape(text, quote=False)
    out = _CODE.sub(r"<code>\1</code>", out)
    out = _BOLD.sub(r"<b>\1</b>", out)
    return _ITALIC.sub(r"<i>\1</i>", out)


def rule_html(rule_id: str) -> str:
    """One rule as a line of HTML: its ID in bold, then its sentence from the rules reference.

    >>> rule_html("CLOSE-2")
    '<div class="bl-rule" data-rule="CLOSE-2" style="margin-top:4px"><b>CLOSE-2</b> The card discarded to close may not be a wild: no joker, no 2.</div>'
    """
    try:
        sentence = inline_markdown(rule(rule_id))
    except KeyError:
        sentence = ""
    return (f'<div class="bl-rule" data-rule="{escape(rule_id)}" style="margin-top:4px">'
            f"<b>{escape(rule_id)}</b> {sentence}</div>")


def feedback_text(state: FeedbackState, message: str, *, rules: tuple[str, ...] = (), hint: str = "") -> str:
    """The same verdict as one line of plain text (for ``repr``, logs and tests).

    >>> feedback_text("wrong", "30 is not right.", rules=("EQ-2",), hint="Add the points.")
    '✗ Not yet: 30 is not right. Hint: Add the points. (EQ-2)'
    """
    title = tr(_STYLE[state][0]) if state != "info" else _STYLE[state][0]
    parts = [f"{title}{colon()} {message}" if state != "info" else f"{title} {message}"]
    if hint:
        parts.append(tr("Hint: {hint}", hint=hint))
    if rules:
        parts.append("(" + ", ".join(rules) + ")")
    return " ".join(parts)


def feedback_html(state: FeedbackState, message: str, *, rules: tuple[str, ...] = (), hint: str = "",
                  show_rules: bool = True, detail_html: str = "", hint_label: str | None = None,
                  after_hint_html: str = "", title: str | None = None, fold_rules: bool = False) -> str:
    """The feedback box: a title (✎ / ✗ / ✓ / ℹ), the message, an optional hint, then the sentence
    of each rule in ``rules`` (unless ``show_rules`` is false). ``detail_html`` is trusted HTML
    placed under the message (cards drawn by the renderer, a worked answer). ``hint_label`` names
    the hint ("Hint", "Stronger hint", "What to do"; ``None``: "Hint" in the current language);
    ``after_hint_html`` is trusted HTML placed after
    the hint (a worked answer, given last). ``title`` replaces the state's title where a verdict
    word would be wrong (a table widget that refuses an illegal move says "✗ Not allowed"; a move
    done says "✓ Done"). A message of several lines keeps them. ``fold_rules`` puts the rules'
    sentences in a closed ``<details>`` whose summary names their IDs: a verdict with a hint and a
    worked answer stays short enough to be read on a laptop's screen, its rules one click away.

    ``message`` and ``hint`` are text with inline Markdown (backticks, bold), escaped here.
    The box carries ``role="status"`` and ``aria-live="polite"`` so a screen reader says it.

    >>> html = feedback_html("wrong", "Draw first.", rules=("TURN-1",), title="✗ Not allowed")
    >>> "✗ Not allowed" in html and "Not yet" not in html and 'data-rule="TURN-1"' in html
    True
    >>> folded = feedback_html("wrong", "0 points.", rules=("EQ-2", "TURN-2"), hint="Lay off.", fold_rules=True)
    >>> "<summary" in folded and "The rules: EQ-2, TURN-2" in folded and 'data-rule="EQ-2"' in folded
    True
    """
    if state not in _STYLE:
        raise ValueError(f"feedback state must be one of {', '.join(FEEDBACK_STATES)}, not {state!r}")
    default_title, color, background, border = _STYLE[state]
    default_title = tr(default_title) if state != "info" else default_title
    if hint_label is None:
        hint_label = tr("Hint")
    after = colon() if message and state != "info" and title is None else ""  # a given title has its own
    title = default_title if title is None else title
    text = "<br>".join(inline_markdown(card_symbols(part)) for part in message.split("\n")) if message else ""
    body = [f'<div class="bl-message"><b>{escape(title)}{after}</b>'
            + (f" {text}" if text else "") + "</div>"]
    if detail_html:
        body.append(f'<div class="bl-detail" style="margin-top:4px">{detail_html}</div>')
    if hint:
        label = f"<b>{escape(hint_label + colon())}</b> " if hint_label else ""
        body.append(f'<div class="bl-hint" style="margin-top:4px">{label}{inline_markdown(card_symbols(hint))}</div>')
    if after_hint_html:
        body.append(f'<div class="bl-after" style="margin-top:4px">{after_hint_html}</div>')
    if rules and show_rules:
        sentences = "".join(rule_html(r) for r in rules)
        if fold_rules:
            summary = escape(tr("The rules: {ids}", ids=", ".join(rules)))
            body.append('<details class="bl-rules" style="margin-top:4px;font-size:0.92em;opacity:0.92">'
                        f'<summary style="cursor:pointer">{summary}</summary>{sentences}</details>')
        else:
            body.append('<div class="bl-rules" style="margin-top:2px;font-size:0.92em;opacity:0.92">'
                        f"{sentences}</div>")
    return (f'<div class="bl-feedback bl-{state}" role="status" aria-live="polite" '
            f'style="color:{color};background:{background};border-left:5px solid {border};'
            f'border-radius:4px;padding:8px 12px;margin:4px 0;font-size:15px;line-height:1.45;'
            f'font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif">' + "".join(body) + "</div>")
