"""The project's rules reference, shipped with the package: every rule's sentence by its ID.

The reference is ``rules.md`` beside this module (the same file the repository links to), read once
on first use. Every rule there starts a list item ``- **RUN-5** ...``; its sentence runs to the next
item, heading or blank line. So the course, the checkers and the widgets can show a rule's own
words wherever they cite its ID, in JupyterLab, on Binder, in JupyterLite and after a pip install:

>>> rule("CLOSE-2")
'The card discarded to close may not be a wild: no joker, no 2.'
>>> "RUN-5" in rule_ids() and len(rule_ids()) > 40
True
>>> rule("5H")
Traceback (most recent call last):
...
KeyError: "no rule '5H' in the rules reference; rule IDs look like RUN-5 or CLOSE-2"

Standard library only: this is part of the core.
"""

from __future__ import annotations

import re
from functools import cache
from importlib.resources import files

__all__ = ["rule", "rule_ids", "rules_text", "RULE_ANCHOR"]

#: A rule's anchor in the reference: a list item starting with the bold ID.
RULE_ANCHOR = re.compile(r"^- \*\*([A-Z0-9]+-\d+)\*\*\s*(.*)$")


@cache
def rules_text() -> str:
    """The whole rules reference (Markdown), as shipped in the package."""
    return files(__package__).joinpath("rules.md").read_text(encoding="utf-8")


@cache
def _rules() -> dict[str, str]:
    out: dict[str, str] = {}
    current: str | None = None
    parts: list[str] = []
    for line in rules_text().splitlines():
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
    return out


def rule_ids() -> tuple[str, ...]:
    """Every rule ID of the reference, in the reference's order."""
    return tuple(_rules())


def rule(rule_id: str) -> str:
    """The sentence of one rule, in the reference's words (Markdown: backticks around cards).

    Raises ``KeyError`` with a sentence naming the ID when the reference has no such rule.
    """
    key = str(rule_id).strip().upper()
    try:
        return _rules()[key]
    except KeyError:
        raise KeyError(f"no rule {key!r} in the rules reference; rule IDs look like RUN-5 or CLOSE-2") from None
