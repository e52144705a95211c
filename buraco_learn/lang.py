"""Typography and grammar of the course's languages: one function, :func:`typeset`, that every
French or Italian text goes through, the course's Markdown at build time and the package's
sentences at run time (:func:`buraco_learn.i18n.tr`).

French typography: a narrow no-break space (U+202F) before ``; ? !`` and between the thousands of
a number (« 2 005 »), a no-break space (U+00A0) before ``:`` and inside guillemets; grammar where a sentence is built from parts: elision
(« de Ouest » -> « d'Ouest », « le A♠ » -> « l'A♠ », « de 8♠ » -> « du 8♠ »), court cards read as
French cards print them (``K♠ Q♠ J♠`` -> ``R♠ D♠ V♠``, the typed notation ``KS`` kept), negation (« Nord a en main aucune carte » -> « Nord n'a aucune
carte en main »), no « & » in prose. Italian: negation (« Nord ha in mano nessuna carta » ->
« Nord non ha nessuna carta in mano »), no « & », the article before a card as the card's name
wants it (« il {card} » -> « l'8♥ », « la Q♣ »). English is left as it is.

Code (`` `...` ``), card notation, URLs, link targets, HTML tags (and so their attributes) and
``{fields}`` are never touched:

>>> typeset("Sud : 6S 6C; la pioche? « puits » !", "fr") == "Sud\\u00a0: 6S 6C\\u202f; la pioche\\u202f? «\\u00a0puits\\u00a0»\\u202f!"
True
>>> typeset("position 'h: 5H | pots: -' : refusée", "fr") == "position 'h: 5H | pots: -'\\u00a0: refusée"
True
>>> typeset("combinaisons de Ouest & Est", "fr")
"combinaisons d'Ouest et Est"
>>> typeset("le 10♠ ; la suite", "fr") == "le 10♠\u202f; la suite"
True
>>> typeset("prenez-le aussitôt, puis le as", "fr")
"prenez-le aussitôt, puis l'as"
>>> typeset("Nord a défaussé le A♠, pas le 8♠ ni le D♥ ; défaussez-vous de A♠, du D♣, de 10♦ ou de JK", "fr")
"Nord a défaussé l'A♠, pas le 8♠ ni la D♥\u202f; défaussez-vous de l'A♠, de la D♣, du 10♦ ou du JK"
>>> typeset("le Q♥ sur J♠ K♣, 2♣(=K♣) et 2♦(=Q) ; écrivez KS ou `discard QH`", "fr")
'la D♥ sur V♠ R♣, 2♣(=R♣) et 2♦(=D)\u202f; écrivez KS ou `discard QH`'
>>> typeset("pinelle remplaçant le D, le R ou le V", "fr")  # a set's wild: a rank alone
'pinelle remplaçant la D, le R ou le V'
>>> typeset("Le A♥ va au A♣ ; de 5♥ 6♥ 7♥, le 5♥", "fr")
"L'A♥ va à l'A♣\u202f; de 5♥ 6♥ 7♥, le 5♥"
>>> typeset("Nord-Sud 2010, Est-Ouest −1990 ; objectif 2005 ; de 1 à 1000000 ; 500 ; -1350 ; P5-4 ; 2026-11-30 ; 1,5", "fr") == (
...     "Nord-Sud 2\u202f010, Est-Ouest −1\u202f990\u202f; objectif 2\u202f005\u202f; de 1 à 1\u202f000\u202f000\u202f; 500\u202f;"
...     " −1\u202f350\u202f; P5-4\u202f; 2026-11-30\u202f; 1,5")
True
>>> typeset("Nord -25, Sud (-95), `score -5`, CLOSE-1, 5-3, -", "fr") == "Nord −25, Sud (−95), `score -5`, CLOSE-1, 5-3, -"
True
>>> typeset("Nord a en main aucune carte", "fr")
"Nord n'a aucune carte en main"
>>> typeset("Nord ha in mano nessuna carta", "it")
'Nord non ha nessuna carta in mano'
>>> typeset("Sud & Nord, Ovest & Est", "it")
'Sud e Nord, Ovest ed Est'
>>> typeset("Il 8♥ va sul A♠ e il Q♣ sul K♦, non del 7S né al JK; la matta al posto del 8", "it")
"L'8♥ va sull'A♠ e la Q♣ sul K♦, non del 7S né al JK; la matta al posto dell'8"
>>> typeset("voir `a: b` et https://x.org/?a=1 et <a title='x: y'>lien</a>", "fr")
"voir `a: b` et https://x.org/?a=1 et <a title='x: y'>lien</a>"
>>> typeset("un jeu `replace(FIBUR,\\ntarget=1500)` : 1500", "fr") == "un jeu `replace(FIBUR,\\ntarget=1500)`\\u00a0: 1\\u202f500"
True
>>> typeset("Sud: 6S", "en")
'Sud: 6S'

It is idempotent: a text typeset twice is the text typeset once.

>>> once = typeset("Prêt ? Oui : « ici »", "fr"); typeset(once, "fr") == once
True
"""

from __future__ import annotations

import re

__all__ = ["typeset", "after_colon", "NNBSP", "NBSP"]

#: Narrow no-break space (before ``; ? !`` in French).
NNBSP = "\u202f"
#: No-break space (before ``:`` and inside « » in French).
NBSP = "\u00a0"

# What is never touched: fenced code, code spans, Markdown link targets, HTML tags, URLs, fields.
_KEEP = re.compile(r"```.*?```|`(?:[^`\n]|\n(?!\s*\n))*`|\]\([^)\s]*\)|<[^<>\n]*>|https?://[^\s)>\]]+|\{[^{}\s]*\}", re.S)
_SPACES = "[ \u00a0\u202f]"
_VOWEL = "AEIOUYÀÂÉÈÊËÎÏÔÛaeiouyàâéèêëîïôû"

# French: the space before : ; ? ! and inside « ».
_FR_TIGHT = re.compile(rf"(?:(?<=[^\W\d_])|(?<=[»)*_♠♥♦♣])|^){_SPACES}?([;?!]+)(?=\s|$|[»)\"'*_\]])|(?<=[\d)]){_SPACES}([;?!]+)(?=\s|$)")
# a colon gets its no-break space where the text has a space before it: one attached to a word
# is notation (``h: 5H``, ``pots:``), as a French sentence always writes « mot : »
_FR_COLON = re.compile(rf"(?:(?<=[^\s:({{\[])|^){_SPACES}:(?=\s|$|[»)\"*_])")
_FR_OPEN = re.compile(rf"«{_SPACES}*")
_FR_CLOSE = re.compile(rf"{_SPACES}*»")
# an imperative's pronoun after its hyphen is not elided: « prenez-le aussitôt »
_FR_ELISION = re.compile(rf"(?<!-)\b([dD]e|[qQ]ue|[lL]e|[lL]a|[jJ]e|[nN]e|[sS]e) (?=[{_VOWEL}])(?![{_VOWEL}]\b|[oO]u\b|où\b|[oO]nz|[oO]ui\b)")
_FR_NEGATION = re.compile(r"(?<!n')\b(a|ont) en main (aucune?\b[^.;,:()\n]*?)(?=$|[.;,:()\n]| \()")
_FR_NEGATION_PLAIN = re.compile(r"(?<!n')(?<!y )\b(a|ont) (aucune?)\b")
_IT_NEGATION = re.compile(r"(?<!non )\b(ha|hanno) in mano (nessun\w*\b[^.;,:()\n]*?)(?=$|[.;,:()\n]| \()")
_IT_NEGATION_PLAIN = re.compile(r"(?<!non )\b(ha|hanno) (nessun\w*)\b")
# Italian: the article before a card agrees with the card's name, as a translation writes « il {card} »:
# « l'8♥ » (l'otto), « l'A♠ » (l'asso), « la Q♣ » (la donna); « il K♦ », « il 7♠ », « il JK » as they are
_IT_CARD_ARTICLE = re.compile(r"\b([Ii]l|[dD]el|[aA]l|[dD]al|[sS]ul|[nN]el) (?=(?:(8|A)|(Q))[SHDC♠♥♦♣]?(?![\w♠♥♦♣]))")
_IT_ELIDED = {"il": "l'", "Il": "L'", "del": "dell'", "Del": "Dell'", "al": "all'", "Al": "All'", "dal": "dall'",
              "Dal": "Dall'", "sul": "sull'", "Sul": "Sull'", "nel": "nell'", "Nel": "Nell'"}
_IT_FEMININE = {"il": "la ", "Il": "La ", "del": "della ", "Del": "Della ", "al": "alla ", "Al": "Alla ",
                "dal": "dalla ", "Dal": "Dalla ", "sul": "sulla ", "Sul": "Sulla ", "nel": "nella ", "Nel": "Nella "}
# French: the article before a card agrees with the card's name, as a translation writes « le {card} »,
# « du {card} », « au {card} » or « de {card} » (one card): « l'A♠ » (l'as), « la D♠ » (la dame), « du 8♠ »
# (« de 8♠ » is not French), « de l'A♠ », « à la D♠ »; « le 8♠ » (le huit), « le R♦ », « le JK » as they are
_FR_CARD = r"(?:(?:10|[2-9AVDRJQK])[♠♥♦♣]|(?:10|[2-9TJQKA])[SHDC]|JK|[RDV](?=[\s.,;:!?)\"»]|$))"
_FR_CARD_ARTICLE = re.compile(rf"(?<![\w'’])([lL]e|[dD]u|[aA]u|[dD]e) (?=(A(?=[♠♥♦♣SHDC]))?(D(?=[♠♥♦♣\s.,;:!?)\"»]|$))?)(?={_FR_CARD}(?![\w♠♥♦♣(])(?! {_FR_CARD}(?![\w])))")
_FR_ARTICLE = {"le": ("l'", "la "), "Le": ("L'", "La "), "du": ("de l'", "de la "), "Du": ("De l'", "De la "),
               "au": ("à l'", "à la "), "Au": ("À l'", "À la "), "de": ("de l'", "de la "), "De": ("De l'", "De la ")}
_FR_PLAIN = {"le": "le ", "Le": "Le ", "du": "du ", "Du": "Du ", "au": "au ", "Au": "Au ", "de": "du ", "De": "Du "}


# French: a number of four digits or more groups its thousands with a narrow no-break space, « 2 005 »
# (not a part of a word, an ID, a decimal, a date or a version: ``P5-4``, ``1,5``, ``2026-11-30``)
_FR_NUMBER = re.compile(r"(?<![\w.,/#\u202f\u00a0])(?<!\w-)(\d{4,})(?![\w/]|[.,]\d|-\d|[\u202f\u00a0]\d)")


# French: a negative number a learner reads takes the minus sign (U+2212), « Nord −25 »: a hyphen before
# digits, not inside a word, an ID or a date (``P5-4``, ``CLOSE-1``, ``2026-11-30``, ``5-3``)
_FR_MINUS = re.compile(r"(?<![\w\-\u2212.,/=:'])-(?=\d)")


def _fr_group(m: re.Match[str]) -> str:
    digits = m.group(1)
    head = len(digits) % 3 or 3
    return NNBSP.join([digits[:head]] + [digits[i:i + 3] for i in range(head, len(digits), 3)])


# French: a court card a learner reads (drawn with its suit symbol, ``K♠``, or as a wild's stand-in
# after one, ``2♣(=K)``) carries the letters of French cards, R D V (roi, dame, valet); the notation a
# learner types (``KS``, ``JK``) stays as it is
_FR_COURT = {"K": "R", "Q": "D", "J": "V"}
_FR_COURT_CARD = re.compile(r"(?<![\w'’])([JQK])(?=[♠♥♦♣])|(?<=[♠♥♦♣]\(=)([JQK])(?=\))")


def _fr_card_article(m: re.Match[str]) -> str:
    word = m.group(1)
    if m.group(2):
        return _FR_ARTICLE[word][0]
    if m.group(3):
        return _FR_ARTICLE[word][1]
    return _FR_PLAIN[word]


_AMPERSAND = re.compile(r"(?<=\w) & (?=\w)")
_IT_AMPERSAND_E = re.compile(r"(?<=\w) & (?=[eEèÈ])")


def _french(text: str) -> str:
    text = _FR_NEGATION.sub(lambda m: f"n'{m.group(1)} {m.group(2)} en main", text)
    text = _FR_NEGATION_PLAIN.sub(lambda m: f"n'{m.group(1)} {m.group(2)}", text)
    text = _FR_COURT_CARD.sub(lambda m: _FR_COURT[m.group(1) or m.group(2)], text)
    text = _FR_CARD_ARTICLE.sub(_fr_card_article, text)
    text = _FR_ELISION.sub(lambda m: m.group(1)[0] + "'", text)
    text = _FR_MINUS.sub("\u2212", text)
    text = _FR_NUMBER.sub(_fr_group, text)
    text = _AMPERSAND.sub(" et ", text)
    text = _FR_OPEN.sub("«" + NBSP, text)
    text = _FR_CLOSE.sub(NBSP + "»", text)
    text = _FR_TIGHT.sub(lambda m: NNBSP + (m.group(1) or m.group(2)), text)
    return _FR_COLON.sub(NBSP + ":", text)


def _italian(text: str) -> str:
    text = _IT_NEGATION.sub(lambda m: f"non {m.group(1)} {m.group(2)} in mano", text)
    text = _IT_NEGATION_PLAIN.sub(lambda m: f"non {m.group(1)} {m.group(2)}", text)
    text = _IT_CARD_ARTICLE.sub(lambda m: _IT_ELIDED[m.group(1)] if m.group(2) else _IT_FEMININE[m.group(1)], text)
    text = _IT_AMPERSAND_E.sub(" ed ", text)  # « Ovest ed Est »
    return _AMPERSAND.sub(" e ", text)


_RULES = {"fr": _french, "it": _italian}


def typeset(text: str, lang: str) -> str:
    """``text`` with ``lang``'s typography and the grammar of sentences built from parts (see
    the module's docstring); code, URLs, HTML tags and ``{fields}`` kept as they are."""
    rule = _RULES.get(lang)
    if rule is None or not text:
        return text
    out: list[str] = []
    last = 0
    for m in _KEEP.finditer(text):
        out.append(rule(text[last:m.start()]) if m.start() > last else "")
        out.append(m.group(0))
        last = m.end()
    out.append(rule(text[last:]))
    return "".join(out)


# The words a French or Italian sentence may start with that keep their capital after a colon: the seats.
_PROPER = {"Sud", "Nord", "Est", "Ouest", "Ovest", "Buraco", "Burraco"}


def after_colon(text: str, lang: str) -> str:
    """``text`` as it reads after a colon in ``lang``: French and Italian go on in lower case
    (« Indice : poser D♥ R♥ A♥ », « Suggerimento: calare… »), a seat's name kept; English as it is.

    >>> after_colon("Poser D♥ R♥ A♥, puis poser 7♠", "fr"), after_colon("Nord prend", "it")
    ('poser D♥ R♥ A♥, puis poser 7♠', 'Nord prend')
    >>> after_colon("Meld Q♥ K♥ A♥", "en"), after_colon("JK d'abord", "fr")
    ('Meld Q♥ K♥ A♥', "JK d'abord")
    """
    if lang not in _RULES or not text[:1].isupper() or not text[1:2].islower():
        return text
    if text.split(" ", 1)[0].strip(",.;:") in _PROPER:
        return text
    return text[:1].lower() + text[1:]
