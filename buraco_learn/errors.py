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

    ``rules`` holds the rule IDs the action breaks, for example ``("CLOSE-2",)``.
    """

    def __init__(self, message: str, rules: tuple[str, ...] = ()) -> None:
        self.args = (message,)  # what super().__init__(message) sets, without its call (refusals are frequent)
        self.rules: tuple[str, ...] = rules


class RulesError(BuracoError):
    """An unknown preset name, or rule parameters that do not fit together."""
