"""The package's languages: its sentences in English, French or Italian.

English is the source: every sentence is written in English in the code, and looked up in the
chosen language's catalog (``buraco_learn/locale/<lang>/LC_MESSAGES/buraco_learn.mo``, read
with the standard library's :mod:`gettext`, so it works under Pyodide too). The language is
chosen explicitly, never read from the environment, so a notebook or a doctest says the same
thing on every machine:

>>> from buraco_learn.i18n import set_language, get_language, tr, language
>>> get_language()
'en'
>>> with language("fr"):
...     tr("Not yet")
'Pas encore'
>>> tr("Not yet")
'Not yet'

A sentence the chosen language's catalog lacks (untranslated, or marked fuzzy) falls back to
English, visibly marked, never silently:

>>> with language("fr"):
...     tr("A sentence no catalog has.")
'[en] A sentence no catalog has.'

Fields are filled after the lookup, so a translation may put them in another order:

>>> with language("it"):
...     tr("Exercise {number}", number="3.1")
'Esercizio 3.1'

Names: :func:`tr` (not ``_``, which IPython binds in a notebook), :func:`N_` to mark a sentence
for the catalog where it is written and translate it later, where it is shown.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from importlib.resources import files
from typing import Any

from .lang import typeset

__all__ = ["seat_word", "word", "colon", "semicolon", "needs_translation", "LANGUAGES", "PLANNED", "UNTRANSLATED",
           "set_language", "get_language", "language", "tr", "trn", "trc", "N_", "is_translated", "DOMAIN"]

#: The languages the course is complete in, by code, each with its own name.
LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français", "it": "Italiano"}
#: Languages whose catalogs exist but are not complete yet (their sentences fall back to English).
PLANNED: dict[str, str] = {"pt_BR": "Português (Brasil)"}
#: What a sentence that its catalog lacks starts with, in a language other than English.
UNTRANSLATED = "[en] "
#: The gettext domain of the package's runtime sentences.
DOMAIN = "buraco_learn"

_current = "en"

_CODE = re.compile(r"`[^`]*`|\]\([^)]*\)|<[^>]*>|\{\{?\w*\}?\}|https?://\S+"
                   r"|\b[A-Z][A-Z0-9]*-\d+\b|\b(?:10|[2-9TJQKA])[SHDC]\b|\bJK\b")
_WORD = re.compile(r"[^\W\d_]{2,}")


def needs_translation(text: str) -> bool:
    """Whether ``text`` has words to translate: not only card notation, rule IDs, code or numbers.

    >>> needs_translation("5H 6D 7H"), needs_translation("`JK(=7H)` (WILD-1)"), needs_translation("a run")
    (False, False, True)
    """
    return bool(_WORD.search(_CODE.sub(" ", text)))


def _normal(lang: str) -> str:
    """``"fr"``, ``"FR"``, ``"fr_FR"``, ``"fr-FR"`` -> ``"fr"``; ``"pt-br"`` -> ``"pt_BR"``."""
    text = str(lang).strip().replace("-", "_")
    head, _sep, tail = text.partition("_")
    head = head.lower()
    if head == "pt":
        return "pt_BR"
    return head


def set_language(lang: str) -> None:
    """Choose the language of the package's sentences: ``"en"``, ``"fr"`` or ``"it"``.

    >>> set_language("fr"); get_language()
    'fr'
    >>> set_language("en")
    >>> set_language("de")
    Traceback (most recent call last):
    ...
    ValueError: no language 'de' in buraco_learn: choose one of en (English), fr (Français), it (Italiano)
    """
    global _current
    code = _normal(lang) if isinstance(lang, str) else ""
    if code not in LANGUAGES and code not in PLANNED:
        choices = ", ".join(f"{k} ({v})" for k, v in LANGUAGES.items())
        raise ValueError(f"no language {lang!r} in buraco_learn: choose one of {choices}")
    _current = code


def get_language() -> str:
    """The language chosen with :func:`set_language` (``"en"`` until then)."""
    return _current


@contextmanager
def language(lang: str | None) -> Iterator[str]:
    """Speak ``lang`` inside a ``with`` block, then the language before it (``None``: no change)."""
    before = _current
    if lang is not None:
        set_language(lang)
    try:
        yield _current
    finally:
        set_language(before)


@cache
def _catalog(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of ``lang`` shipped in the package (an empty one if there is none)."""
    path = files(__package__).joinpath("locale", lang, "LC_MESSAGES", f"{DOMAIN}.mo")
    try:
        data = path.read_bytes()
    except (FileNotFoundError, OSError):
        return gettext.NullTranslations()
    import io

    return gettext.GNUTranslations(io.BytesIO(data))


def _lookup(message: str, context: str | None = None) -> str | None:
    """The translation of ``message`` in the current language, or ``None`` if it has none."""
    if _current == "en":
        return message
    cat = _catalog(_current)
    found = cat.pgettext(context, message) if context is not None else cat.gettext(message)
    return None if found is message else found


def is_translated(message: str, lang: str | None = None) -> bool:
    """Whether ``lang``'s catalog (the current language's by default) translates ``message``."""
    with language(lang):
        return _lookup(message) is not None


def tr(message: str, /, **fields: Any) -> str:
    """``message`` in the current language, with ``{fields}`` filled in after the lookup (a text
    with no words, only cards or numbers, is the same in every language)."""
    if _current == "en":  # the source language: no lookup (refusal sentences are built in hot paths)
        return message.format(**fields) if fields else message
    found = _lookup(message)
    if found is None and not needs_translation(message):
        found = message
    text = found if found is not None else UNTRANSLATED + message
    return typeset(text.format(**fields) if fields else text, _current)


def trc(context: str, message: str, /, **fields: Any) -> str:
    """Like :func:`tr` for a short word whose translation depends on where it is used
    (``trc("meld kind", "set")``)."""
    found = _lookup(message, context)
    text = found if found is not None else UNTRANSLATED + message
    return typeset(text.format(**fields) if fields else text, _current)


def trn(singular: str, plural: str, n: int, /, **fields: Any) -> str:
    """``singular`` or ``plural`` by ``n``, in the current language (``{n}`` is filled too)."""
    if _current == "en":
        text = singular if n == 1 else plural
    else:
        cat = _catalog(_current)
        found = cat.ngettext(singular, plural, n)
        text = UNTRANSLATED + found if found is singular or found is plural else found
    return typeset(text.format(n=n, **fields), _current)


def seat_word(name: str) -> str:
    """A seat's name (``South``, as :func:`buraco_learn.game.seat_names` gives it) in the current
    language; another name (a player's own) stays as it is.

    >>> seat_word("West"), seat_word("Ada")
    ('West', 'Ada')
    >>> with language("it"):
    ...     seat_word("West")
    'Ovest'
    """
    words = {"South": trc("seat", "South"), "West": trc("seat", "West"), "North": trc("seat", "North"),
             "East": trc("seat", "East"), "North-West": trc("seat", "North-West"),
             "North-East": trc("seat", "North-East")}
    return words.get(name, name)


def colon() -> str:
    """The colon as the current language writes it after a word (``":"``; French ``" :"``).

    >>> colon()
    ':'
    """
    # TRANSLATORS: the colon after a label; French puts a space before it
    return tr("{text}:", text="")


def semicolon() -> str:
    """The semicolon between two clauses, with its spaces (``"; "``; French ``" ; "``)."""
    return tr("; ")


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it now (it is translated with
    :func:`tr` where it is shown)."""
    return message


def _engine_words() -> dict[str, str]:
    """The engine's words a notebook prints (a meld's kind, a burraco's, a puzzle's level, how a
    hand ended, a seat) in the current language, by their English."""
    return {"set": trc("meld kind", "set"), "run": trc("meld kind", "run"),
            "clean": trc("burraco badge", "clean"), "semi-clean": trc("burraco badge", "semi-clean"),
            "dirty": trc("burraco badge", "dirty"),
            "easy": trc("puzzle level", "easy"), "medium": trc("puzzle level", "medium"),
            "hard": trc("puzzle level", "hard"),
            # TRANSLATORS: how a hand ended: a player closed, or the stock ran out
            "closed": trc("hand end", "closed"), "stock": trc("hand end", "stock"),
            "South": trc("seat", "South"), "West": trc("seat", "West"), "North": trc("seat", "North"),
            "East": trc("seat", "East"), "North-West": trc("seat", "North-West"),
            "North-East": trc("seat", "North-East"), **_rules_fields()}


def _rules_fields() -> dict[str, str]:
    """The rules' fields (:class:`buraco_learn.rules.Rules`) by their names, as notebook 10's
    table of presets labels them."""
    # TRANSLATORS: a row of notebook 10's table of presets: what the preset sets
    return {"players": trc("rules field", "players"), "jokers": trc("rules field", "jokers"),
            "semi_clean_bonus": trc("rules field", "semi-clean burraco bonus"),
            "natural_two_meld_points": trc("rules field", "natural 2 in a meld, points"),
            "low_ace_meld_points": trc("rules field", "low ace in a meld, points"),
            "natural_two_optional": trc("rules field", "a 2 of the suit natural or wild"),
            "freed_wild_high": trc("rules field", "a freed wild goes high"),
            "stock_reserve": trc("rules field", "stock cards never drawn"),
            "pots_become_stock": trc("rules field", "pots become the stock"),
            "lay_off_onto_partner": trc("rules field", "lay off onto the partner's melds"),
            "play_on_with_empty_hand": trc("rules field", "play on with an empty hand"),
            "pot_penalty_always": trc("rules field", "pot penalty always"),
            "close_bonus_needs_pot": trc("rules field", "closing bonus needs the pot"),
            "fixed_hands": trc("rules field", "a fixed number of hands"),
            "target": trc("rules field", "target")}


def word(value: Any) -> str:
    """A value the engine gives (``meld.kind``, ``meld.burraco``, a puzzle's level, a seat's name,
    ``True``/``False``, ``None``, a tuple of them) as a word of the current language, for a
    notebook to print: the engine's own values stay English, so code can compare them.

    >>> word("set"), word(True), word(None), word(("South", "North")), word(7)
    ('set', 'yes', 'none', 'South and North', '7')
    >>> with language("fr"):
    ...     word("run"), word("semi-clean"), word(False), word("easy"), word(("South", "North"))
    ('suite', 'semi-pur', 'non', 'facile', 'Sud et Nord')
    """
    if isinstance(value, bool):
        # TRANSLATORS: True and False as a notebook prints them
        return trc("truth", "yes") if value else trc("truth", "no")
    if value is None:
        # TRANSLATORS: a value that is not there (no wild in a meld, no burraco)
        return trc("value", "none")
    if isinstance(value, (tuple, list)):  # a list in words: "South and North", "A, B and C"
        words = [word(v) for v in value]
        if len(words) < 2:
            return "".join(words)
        # TRANSLATORS: the last two of a list of names in a sentence: "South and North"
        return tr("{first} and {last}", first=", ".join(words[:-1]), last=words[-1])
    if isinstance(value, str) and _current != "en":
        return _engine_words().get(value, value)
    return str(value)
