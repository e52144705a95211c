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
            if context == CODE_CELL or not isinstance(text, str) or not text:
                continue
            # what a reader reads: code spans and options like "pots:" are not words
            out.append((domain, re.sub(r"`[^`]*`", " ", english), re.sub(r"`[^`]*`", " ", text)))
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


def test_the_exercise_on_the_always_wild_card_does_not_answer_itself() -> None:
    from buraco_learn.i18n import language, tr

    with language("fr"):
        question = tr("Which card is **always** wild?")
        answer = tr("the joker")
    assert "joker" not in question and "joker" in answer
