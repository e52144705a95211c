"""The exception family of buraco_learn.

Every error is a :class:`ValueError` subclass, one class per kind of mistake, and every
message is a lesson: it quotes the bad input and names the rule ID of ``buraco_learn/reference/rules.md``.

>>> from buraco_learn import parse_cards, BuracoError
>>> try:
...     parse_cards("5H 6X")
... except BuracoError as err:
...     print(err)
bad card notation '6X': a card is a rank (A 2-9 T/10 J Q K) and a suit (S H D C or ♠ ♥ ♦ ♣), or JK for a joker
"""

from __future__ import annotations

__all__ = ["BuracoError", "NotationError", "DeckError", "InvalidMeld", "IllegalMove", "RulesError", "excerpt"]


def excerpt(value: object, limit: int = 60) -> str:
    """``repr(value)`` in at most about ``limit`` characters, for error messages: the one place
    where a message quotes what the user gave. A long text is quoted by its start and its length,
    control characters escaped (``repr``), a huge integer by its number of digits.

    >>> excerpt("5H " * 1000)
    "'5H 5H 5H 5H 5H 5H 5H 5H 5H 5H 5H 5H 5H 5'... (3,000 characters)"
    >>> len(excerpt(chr(0) * 5000)) <= 60 + 25  # each NUL is quoted as four characters
    True
    >>> excerpt(10 ** 5000)
    'a number of about 5,001 digits'
    >>> excerpt([1, 2, 3])
    '[1, 2, 3]'
    """
    if isinstance(value, int) and not isinstance(value, bool) and (value > 10**40 or value < -10**40):
        return f"a number of about {int(value.bit_length() * 0.30103) + 1:,} digits"
    if isinstance(value, str):
        if len(value) <= limit:
            text = repr(value)
            if len(text) <= limit + 2:
                return text
        head = value[:max(1, limit - 20)]
        text = repr(head)
        while len(text) > limit - 18 and len(head) > 1:  # escapes (\x00, \u200b) take several characters
            head = head[:len(head) // 2]
            text = repr(head)
        return text + f"... ({len(value):,} characters)"
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a broken __repr__ of a foreign object
        text = f"a {type(value).__name__} value"
    return text if len(text) <= limit else text[:limit - 3] + "..."


class BuracoError(ValueError):
    """Base class of every error buraco_learn raises on bad input or an illegal move."""


class NotationError(BuracoError):
    """Card, meld, action, position or record text that cannot be read."""


class DeckError(BuracoError):
    """Cards that cannot exist together: a third copy of a card, a fifth joker (EQ-1)."""


class InvalidMeld(BuracoError):
    """Cards that do not form a legal set or run, or a lay-off a meld refuses.

    ``rules`` holds the rule IDs the meld breaks, for example ``("RUN-4",)``.
    """

    def __init__(self, message: str, rules: tuple[str, ...] = ()) -> None:
        self.args = (message,)  # what super().__init__(message) sets, without its call (refusals are frequent)
        self.rules: tuple[str, ...] = rules


class IllegalMove(BuracoError):
    """An action the game state does not allow now; the state is left exactly as it was.

    ``rules`` holds the rule IDs the action breaks, for example ``("CLOSE-2",)``; ``reason``, when set, is the
    bare why (without "South may not discard QH:"), for a caller that words the refusal itself.
    """

    def __init__(self, message: str, rules: tuple[str, ...] = (), reason: str | None = None) -> None:
        self.args = (message,)  # what super().__init__(message) sets, without its call (refusals are frequent)
        self.rules: tuple[str, ...] = rules
        self.reason: str | None = reason


class RulesError(BuracoError):
    """An unknown preset name, or rule parameters that do not fit together."""
