"""One glossary per language (buraco_learn/locale/glossary.json), the same for the course, the
rules reference and the package's sentences: a translated unit whose English names a thing of
the game uses the glossary's word for it, never a word a learner would misread (issue 25: the
French « joker » for every wild made « Un joker est toujours une carte joker » and exercise 2.3
answer themselves)."""

from __future__ import annotations

import json
import re

import pytest

from buraco_learn.course.translate import CODE_CELL, DOMAINS, LOCALE_DIR, dump

GLOSSARY = json.loads((LOCALE_DIR / "glossary.json").read_text(encoding="utf-8"))


def _units(lang: str) -> list[tuple[str, str, str]]:
    out = []
    for domain in DOMAINS:
        for key, text in dump(lang, domain, missing_only=False).items():
            context, _, english = key.rpartition("\x04")
            if context == CODE_CELL or not text:
                continue
            # what a reader reads: code spans, {fields} and options like "pots:" are not words;
            # every plural form of a message with plurals
            english = re.sub(r"`[^`]*`|\{[^{}\s]*\}", " ", english)
            for form in text if isinstance(text, list) else [text]:
                out.append((domain, english, re.sub(r"`[^`]*`", " ", form)))
    return out


def glossary_faults(lang: str, units: list[tuple[str, str, str]]) -> list[str]:
    faults = []
    for term in GLOSSARY["terms"]:
        rule = term[lang]
        for domain, english, text in units:
            if not re.search(term["en"], english) or ("unless" in term and re.search(term["unless"], english)):
                continue
            if "use" in rule and not re.search(rule["use"], text, re.I):
                faults.append(f"{domain}: no « {rule['word']} » for {term['en']!r}: {text[:100]!r}")
            if "never" in rule and re.search(rule["never"], text):
                faults.append(f"{domain}: « {re.search(rule['never'], text).group(0)} » for {term['en']!r}: {text[:100]!r}")
    return faults


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_every_catalog_speaks_its_glossary(lang: str) -> None:
    faults = glossary_faults(lang, _units(lang))
    assert not faults, f"{len(faults)} units off the {lang} glossary:\n" + "\n".join(faults[:30])


def test_the_glossary_catches_the_misreadings_the_issue_saw() -> None:
    units = [("buraco_learn", "Which card is **always** wild?", "Quelle carte sert **toujours** de joker ?"),
             ("course", "Any wild: a joker or a 2.", "Tout joker : un joker ou un 2.")]
    assert len(glossary_faults("fr", units)) == 1  # the second names the joker card too
    assert glossary_faults("it", [("rules", "Both burracos count.", "I burraco contano tutti e due.")])
    # the discard pile however the English capitalises it ("Pile: 3 cards" heads a line)
    assert glossary_faults("it", [("buraco_learn", "Pile: 3 cards", "Pozzo: 3 carte")])
    assert glossary_faults("fr", [("buraco_learn", "Take the Pile", "Prends le tas")])
    assert not glossary_faults("fr", [("buraco_learn", "Pile: 3 cards", "Défausse : 3 cartes")])
    # a side may be one player alone (two players): no « coppia » for it
    assert glossary_faults("it", [("buraco_learn", "his side has its pot", "la sua coppia ha il pozzetto")])
    assert not glossary_faults("it", [("buraco_learn", "the pair's side score", "il punteggio della coppia")])


def test_the_exercise_on_the_always_wild_card_does_not_answer_itself() -> None:
    from buraco_learn.i18n import language, tr

    with language("fr"):
        question = tr("Which card is **always** wild?")
        answer = tr("the joker")
    assert "joker" not in question and "joker" in answer


# ----------------------------------------------------------------------------- agreement
# Two glossary words changed gender in the catalogs: the French « joker » (m.) became « pinelle »
# (f.) for any wild, and the Italian "set" (« tris », m.) became « combinazione » (f.). The
# articles, participles and pronouns around them were left masculine in many units (« Una
# combinazione è formato », « une pinelle est bloqué : il remplace »): each pattern is one such
# slip, written so that a correct sentence does not match it.

_W = r"(?:\s+[\w'’]+){0,6}?"  # a few words between, within the sentence
_AGREEMENT = {
    "fr": [
        r"\b(?:un|le|ce|du|au|seul|aucun|premier|dernier|nouveau)\s+pinelles?\b",
        rf"\bpinelles?\b{_W}\s+(?:est|sont|reste|restent)\s+(?:bloqué|placé|posé|libéré|seul|bloqués|placés|posés|libérés|seuls|sortis)\b",
        r"\bpinelles?\b,?\s+(?:sortis|posés|placés|bloqués|libérés|utilisés|gardés)\b",
        r"\bpinelles?\b[^.!?]{0,70}?\b(?:en|n'en)\s+(?:\w+\s+){0,3}?(?:qu')?(?:un|aucun)\b(?![-'’])",
        r"\bpinelles?\b[^.!?]{0,80}?(?:\ble garder\b|\ble reprend\b|\ble reprendre\b|\ble déplacer?\b|\ble met\b|\bsans eux\b|\bêtre posé\b)",
        r"(?<!est une )(?<!pas une )\bpinelles?\b[^.!?]{0,50}?[:,;]\s+il\s+(?:remplace|prend|est)\b",
        r"\bpinelles?\b[^.;!?]{0,80}?\bla carte qu'il\s+remplace",
        r"\bpinelle\b[^.]{0,80}\.\s+(?:Placé|Posé)\b",
        r"\bpinelle\b[^.]{0,40}\.\s+Il\s+remplace\b",
    ],
    "it": [
        r"\b(?:un|il|lo|questo|quello|nessun|del|al|dal|nel|sul|primo|secondo|altro|stesso)\s+combinazion[ei]\b",
        rf"\bcombinazion[ei]\b{_W}\s+(?:è|sono|viene|vengono|resta|restano)\s+(?:formato|disposto|calato|composto|semipulito|pulito|sporco|richiesto|formati|disposti|calati|separati)\b",
        r"\bcombinazion[ei]\b(?:\s+[\w'’]+){0,4}?\s+(?:pronti|calati|formati|disposti|validi)\b",
        r"\b(?:è|viene)\s+(?:richiesto|calato|formato|rifiutato)\s+(?:una|la)\s+combinazion",
        r"\b[Uu]na\s+altr[ao]\b",
        r"\bcombinazione\b[^.;]{0,60}?\bun\s+secondo\b",
        r"\b(?:questi|quelli)\b[^.;?]{0,20}\buna\s+combinazione",
        # and the other way round, « giochi » (m.) where « combinazioni » (f.) stood
        r"\buna\s+dei\s+(?:\w+\s+)?giochi\b",
        r"\bun\s+gioco\s+(?:sua|tua|mia)\b",
        r"\bgiochi\b(?:\s+[\w'’]+){0,5}?\s+sono\s+(?:anche\s+)?(?:tue|sue|mie|nostre|vostre)\b",
        r"\bgiochi\b[^.;:]{0,40}?\bfarne\s+di\s+nuove\b",
        r"\b(?:una|la|questa|quella|nessuna|della|alla|dalla|nella|sulla|prima|seconda|stessa|nuova|altra|un'unica)"
        r"\s+gioc(?:o|hi)\b",
        r"\b[Ss]ia\s+il\s+gioco\s+\d+\s+sia\s+la\b",
        r"\bentrambi\s+matte\b",  # two cards that would both be wild: « entrambe matte »
    ],
}
_AGREEMENT_RE = {lang: [re.compile(p) for p in pats] for lang, pats in _AGREEMENT.items()}


def agreement_faults(text: str, lang: str) -> list[str]:
    """The slips of agreement around ``lang``'s glossary word that changed gender.

    >>> agreement_faults("Una combinazione è formato da tre carte. Scrivi un **combinazione**.", "it")
    ['un combinazione', 'combinazione è formato']
    >>> agreement_faults("Une pinelle placée entre deux cartes est **bloqué** : il remplace la carte.", "fr")
    ['pinelle placée entre deux cartes est bloqué', 'pinelle placée entre deux cartes est bloqué : il remplace']
    >>> agreement_faults("Una combinazione è formata da tre carte.", "it"), agreement_faults("le 2C est une pinelle : il remplace la dame", "fr")
    ([], [])
    """
    plain = re.sub(r"\s+", " ", re.sub(r"`[^`]*`|\*+", "", text))
    return [m.group(0) for rx in _AGREEMENT_RE[lang] for m in rx.finditer(plain)]


def _every_text(lang: str) -> list[tuple[str, str]]:
    """Every translation of ``lang``'s catalogs, plural forms and code cells' printed words too."""
    out = []
    for domain in DOMAINS:
        for key, text in dump(lang, domain, missing_only=False).items():
            for form in text if isinstance(text, list) else [text]:
                if form:
                    out.append((f"{domain}: {key.rpartition(chr(4))[2][:60]!r}", form))
    return out


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_the_words_around_a_glossary_word_agree_with_it(lang: str) -> None:
    bad = [f"{where}: {faults}" for where, text in _every_text(lang) if (faults := agreement_faults(text, lang))]
    assert not bad, f"{len(bad)} {lang} units with a slip of agreement:\n" + "\n".join(bad[:40])


def test_the_agreement_check_finds_what_the_second_reader_saw() -> None:
    assert agreement_faults("Una combinazione è formato da tre o più carte dello stesso valore (SET-1).", "it")
    assert agreement_faults("Quale di questi è una combinazione valida?", "it")
    assert agreement_faults("{what}, ma è richiesto una combinazione", "it")
    assert agreement_faults("In quattro i giochi del tuo compagno sono anche tue (TURN-2).", "it")
    assert agreement_faults("oppure fai clic su una dei tuoi giochi e premi Attacca", "it")
    assert agreement_faults("Una pinelle bloquée ne se déplace que lorsqu'on pose la carte qu'il remplace.", "fr")
    assert agreement_faults("Comptez les pinelles : une seule proposition n'en contient qu'un (RUN-4).", "fr")
    assert not agreement_faults("Un 2 naturel n'est pas une pinelle : il n'utilise pas l'unique pinelle.", "fr")


def test_a_meld_in_italian_is_a_gioco_not_a_combinazione() -> None:
    # FIBUR: « gioco/giochi » is any meld, « combinazione » a set of one rank only
    units = [("buraco_learn", "{names}'s melds", "Combinazioni di {names}"),
             ("buraco_learn", "{cards}: a meld needs at least 3 cards (SET-1, RUN-1); here there are {n}",
              "{cards}: una combinazione ha almeno 3 carte (SET-1, RUN-1); qui ce ne sono {n}"),
             ("course", "a set or a run", "una combinazione o una sequenza")]
    assert len(glossary_faults("it", units)) == 2


def test_french_says_pinelle_for_a_wild_even_beside_the_joker_card() -> None:
    # The glossary's check skips a unit whose English names the joker too; these phrases always
    # mean any wild, whatever the English beside them (« ne peut pas être une carte joker : ni
    # un joker, ni un 2 », « un 2 qui servait de joker », « un seul joker par combinaison »).
    wild = re.compile(r"\bcartes? jokers?\b|\b(?:sert|servir|servait|serve|servent) de joker\b|"
                      r"\bun joker de trop\b|\bun seul joker\b|\bqu'un seul joker\b")
    bad = [f"{where}: {m.group(0)!r}" for where, text in _every_text("fr") if (m := wild.search(text))]
    assert not bad, "« joker » for any wild:\n" + "\n".join(bad)
