"""What an action did, said in the chosen language.

The engine writes each :class:`~buraco_learn.game.Event`'s ``note`` in English, from a small
set of fixed phrases joined by ``"; "`` (``"discarded KD; South closes (CLOSE-1)"``): the note
is data, kept in the game's history and in records, and read by code. :func:`say` puts it into
the language chosen with :func:`buraco_learn.set_language`, phrase by phrase:

>>> from buraco_learn.i18n import language
>>> say("discarded KD; South closes (CLOSE-1)")
'discarded KD; South closes (CLOSE-1)'
>>> with language("fr"):
...     said = say("discarded KD; South closes (CLOSE-1)")
>>> "South" in said, "Sud" in said, "KD" in said, "(CLOSE-1)" in said
(False, True, True, True)

A phrase no template knows is kept as it is, marked as untranslated in another language.
Standard library only: this is part of the core.
"""

from __future__ import annotations

import re
from functools import cache

from .i18n import N_, UNTRANSLATED, get_language, seat_word, tr, trn

__all__ = ["NOTE_PHRASES", "say", "phrase_of"]

#: Every phrase of an event's note, as the engine writes it (game.py); ``{seat}`` is a seat name.
NOTE_PHRASES: tuple[str, ...] = (
    N_("drew from the stock"),
    N_("the stock ran out and an untaken pot became the new stock"),
    N_("the stock is down to its last cards, so this is the last turn (STOCK-1)"),
    N_("the hand is empty, so {seat} takes the pot on the fly ({n} cards, POT-2)"),
    N_("the other two now play as partners (P3-1)"),
    N_("the other four now play in pairs: {seat} with {seat2}, {seat3} with {seat4} (P5-2)"),
    N_("laid down meld {id}: {meld}"),
    N_("meld {id} is now {meld}"),
    N_("discarded {card}"),
    N_("{seat} closes (CLOSE-1)"),
    N_("{seat} takes the pot with the discard ({n} cards, POT-3)"),
    N_("the hand is empty and play goes on (a wild cannot close (CLOSE-2))"),
    N_("the hand is empty and play goes on (no burraco yet)"),
    N_("the stock has run out and the hand ends (STOCK-1)"),
)
#: The one phrase with a count that decides singular or plural (said with trn, below).
_PILE = ("took the discard pile ({n} card)", "took the discard pile ({n} cards)")
#: The phrases whose subject is the player who moved, said to that player (an exercise's feedback narrates
#: the learner's own moves: « vous avez défaussé le V♠ », « hai scartato il 2♣ », not « a défaussé le V♠ »).
YOU_PHRASES: dict[str, str] = {
    "drew from the stock": N_("you drew from the stock"),
    "laid down meld {id}: {meld}": N_("you laid down meld {id}: {meld}"),
    "discarded {card}": N_("you discarded {card}"),
}


@cache
def _patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    out = []
    for phrase in (*NOTE_PHRASES, *_PILE):
        parts = re.split(r"\{(\w+)\}", phrase)
        regex = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" for i, p in enumerate(parts))
        out.append((phrase, re.compile(f"^{regex}$")))
    return tuple(out)


def phrase_of(text: str) -> tuple[str, dict[str, str]] | None:
    """The template a phrase of a note was written from, and its fields (``None``: no template).

    >>> phrase_of("laid down meld 2: 5H 6H 7H")
    ('laid down meld {id}: {meld}', {'id': '2', 'meld': '5H 6H 7H'})
    """
    for phrase, pattern in _patterns():
        m = pattern.match(text)
        if m:
            return phrase, m.groupdict()
    return None


def _say_phrase(text: str, you: bool = False) -> str:
    found = phrase_of(text)
    if found is None:
        return UNTRANSLATED + text
    phrase, fields = found
    for key in ("seat", "seat2", "seat3", "seat4"):
        if key in fields:
            fields[key] = seat_word(fields[key])
    if phrase in _PILE:
        if you:
            return trn("you took the discard pile ({n} card)", "you took the discard pile ({n} cards)",
                       int(fields.pop("n")))
        return trn("took the discard pile ({n} card)", "took the discard pile ({n} cards)", int(fields.pop("n")))
    if you and phrase in YOU_PHRASES:
        phrase = YOU_PHRASES[phrase]
    return tr(phrase, **fields)


def say(note: str, you: bool = False) -> str:
    """An event's note in the chosen language (itself in English); ``you``: the note is said to the
    player who moved, in the second person (the English note, already without a subject, is kept).

    >>> from buraco_learn.i18n import language
    >>> with language("it"):
    ...     say("discarded 2C; South closes (CLOSE-1)", you=True).startswith("hai scartato il 2C")
    True
    """
    if get_language() == "en" or not note:
        return note
    return tr("; ").join(_say_phrase(part, you) for part in note.split("; "))
