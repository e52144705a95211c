"""The project's rules reference, shipped with the package: every rule's sentence by its ID.

The reference is ``rules.md`` beside this module (the same file the repository links to), read once
on first use. Every rule there starts a list item ``- **RUN-5** ...``; its sentence runs to the next
item, heading or blank line. So the course, the checkers and the widgets can show a rule's own
words wherever they cite its ID, in JupyterLab, on Binder, in JupyterLite and after a pip install:

>>> rule("CLOSE-2")
'The card discarded to close may not be a wild: no joker, no 2.'
>>> "RUN-5" in rule_ids() and len(rule_ids()) > 40
True

A rule whose sentence leads into a table has the table's rows in its sentence:

>>> rule("GAME-2").endswith("1705 to 2000 → 19–1; more than 2000 → 20–0.")
True
>>> rule("5H")
Traceback (most recent call last):
...
KeyError: "no rule '5H' in the rules reference; rule IDs look like RUN-5 or CLOSE-2"

In another language (:func:`buraco_learn.set_language`), the same IDs give that language's
sentences, from ``rules.<lang>.md`` beside ``rules.md`` (made from the English and the
translators' catalog by ``python -m buraco_learn.course.translate compile``).

Standard library only: this is part of the core.
"""

from __future__ import annotations

import re
from functools import cache
from importlib.resources import files

from ..i18n import colon, get_language, language, semicolon, tr

__all__ = ["rule", "rule_ids", "rules_text", "cited_rules", "RULE_ANCHOR", "RULE_ID"]

#: A rule ID as text cites it: ``RUN-5``, ``P3-1`` (two characters or more before the dash).
RULE_ID = re.compile(r"\b[A-Z][A-Z0-9]+-\d+\b")

#: A rule's anchor in the reference: a list item starting with the bold ID.
RULE_ANCHOR = re.compile(r"^- \*\*([A-Z0-9]+-\d+)\*\*\s*(.*)$")


def rules_text(lang: str | None = None) -> str:
    """The whole rules reference (Markdown), as shipped in the package, in ``lang`` (by default
    the language chosen with :func:`buraco_learn.set_language`; English where it has none)."""
    return _rules_text(lang or get_language())


@cache
def _rules_text(lang: str) -> str:
    folder = files(__package__)
    if lang != "en":
        translated = folder.joinpath(f"rules.{lang}.md")
        if translated.is_file():
            return translated.read_text(encoding="utf-8")
    return folder.joinpath("rules.md").read_text(encoding="utf-8")


@cache
def _rules(lang: str = "en") -> dict[str, str]:
    out: dict[str, str] = {}
    current: str | None = None
    parts: list[str] = []
    for line in rules_text(lang).splitlines():
        match = RULE_ANCHOR.match(line)
        if match or not line.strip() or line.startswith(("- ", "#", "|")) or not line.startswith(" "):
            if current is not None:
                out[current] = " ".join(parts).strip()
                current = None
        if match:
            current, parts = match.group(1), [match.group(2)]
        elif current is not None:
            parts.append(line.strip())
    if current is not None:
        out[current] = " ".join(parts).strip()
    return _with_tables(out, lang)


def _with_tables(sentences: dict[str, str], lang: str = "en") -> dict[str, str]:
    """A rule whose sentence ends with ":" before a table gets the table's rows as text
    (``0 to 100 → 10–10; 105 to 300 → 11–9; ...``); with no table after it, a pointer to the
    Rules notebook, so no sentence stops at its colon."""
    lines = rules_text(lang).splitlines()
    out = dict(sentences)
    for i, line in enumerate(lines):
        match = RULE_ANCHOR.match(line)
        if not match or not out.get(match.group(1), "").endswith(":"):
            continue
        rows: list[str] = []
        k = i + 1  # past the sentence's own lines, then blank lines, to the table's rows
        while k < len(lines) and lines[k].startswith("  ") and not lines[k].strip().startswith("|"):
            k += 1
        while k < len(lines) and not lines[k].strip():
            k += 1
        while k < len(lines) and lines[k].strip().startswith("|"):
            rows.append(lines[k].strip())
            k += 1
        cells = [[c.strip() for c in r.strip("|").split("|")] for r in rows]
        body = [c for c in cells[2:] if len(c) >= 2] if len(cells) > 2 else []
        key = match.group(1)
        if body:
            with language(lang):
                said = semicolon().join(f"{c[0]} → {' '.join(c[1:])}" for c in body)
                out[key] = out[key][:-1] + colon() + " " + said + "."
        else:
            with language(lang):
                out[key] = out[key][:-1] + " " + tr("(the table is in the Rules notebook).")
    return out


def cited_rules(text: str) -> tuple[str, ...]:
    """The rule IDs a sentence cites, in order, each once (``BUR-1..4`` gives ``BUR-1``).

    >>> cited_rules("Draw first (TURN-1); the pair's half (P3-2, TURN-1).")
    ('TURN-1', 'P3-2')
    """
    return tuple(dict.fromkeys(RULE_ID.findall(text)))


def rule_ids() -> tuple[str, ...]:
    """Every rule ID of the reference, in the reference's order."""
    return tuple(_rules("en"))


def rule(rule_id: str) -> str:
    """The sentence of one rule, in the reference's words (Markdown: backticks around cards).

    Raises ``KeyError`` with a sentence naming the ID when the reference has no such rule.
    """
    key = str(rule_id).strip().upper()
    try:
        return _rules(get_language())[key]
    except KeyError:
        raise KeyError(f"no rule {key!r} in the rules reference; rule IDs look like RUN-5 or CLOSE-2") from None
