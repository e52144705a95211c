"""What a French or Italian learner reads is in French or Italian (issue 25).

The built notebooks keep their outputs (``python -m buraco_learn.course.build`` runs each one and
stores what it printed), so these tests read the stored outputs of every learner and solution
notebook in ``notebooks/fr`` and ``notebooks/it`` rather than run them again: the same text a
learner opening the notebook sees, in a fraction of a second. A source or catalog changed without
a rebuild is caught by tests/test_course.py (the built notebooks equal a fresh build).

The English words are kept here, with the test: words an output in another language must never
show (a meld kind, a result, a seat name, a puzzle level, an object dump...). Identifiers are not
words: a puzzle's id (``easy-most-1-42``), a position's flags (``closed=1``), card notation, rule IDs,
preset names.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from buraco_learn.lang import NBSP, NNBSP, typeset

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"

#: English a learner's output in French or Italian must not show (case-sensitive, whole words).
ENGLISH = ("set", "run", "refused", "True", "False", "None", "dirty", "clean", "semi-clean", "closed",
           "the count", "puzzles", "easy", "medium", "hard", "winner", "South", "North", "East", "West",
           "North-West", "North-East",
           "Review(", "copies of", "twos", "wild", "together", "hands of", "pots of", "first to play",
           "not a burraco", "laid down", "discarded", "is written", "with symbols", "streak", "totals",
           "meld", "melds", "over:", "bonus 0", "players", "stock")
#: And in Italian only (French shares these words).
ENGLISH_IT = ("points", "jokers")

_WORDS = {lang: re.compile("|".join(rf"(?<![\w-]){re.escape(w)}(?![\w=-])" if w[-1].isalnum() else
                                    rf"(?<![\w-]){re.escape(w)}" for w in ENGLISH + extra))
          for lang, extra in (("fr", ()), ("it", ENGLISH_IT))}
_TAG = re.compile(r"<(style|script|code)\b.*?</\1>|<[^>]+>", re.S)  # code is what a learner types, not prose


def _notebooks(lang: str) -> list[Path]:
    folder = NOTEBOOKS / lang
    return sorted(folder.glob("*.ipynb")) + sorted((folder / "solutions").glob("*.ipynb"))


def _seen(output: dict) -> list[str]:
    """The texts of one stored output a learner may see: its plain text (where the widget or
    the HTML cannot show) and its HTML's text."""
    if "text" in output:
        text = output["text"]
        return ["".join(text) if isinstance(text, list) else text]
    data = output.get("data", {})
    out = []
    for mime in ("text/plain", "text/html", "text/markdown"):
        if mime in data:
            text = data[mime]
            text = "".join(text) if isinstance(text, list) else text
            out.append(html.unescape(_TAG.sub(" ", text)) if mime == "text/html" else text)
    return out


def _outputs(lang: str) -> list[tuple[str, str]]:
    found = []
    for path in _notebooks(lang):
        nb = json.loads(path.read_text(encoding="utf-8"))
        for i, cell in enumerate(nb["cells"]):
            for output in cell.get("outputs", []) if cell["cell_type"] == "code" else []:
                for text in _seen(output):
                    found.append((f"{path.relative_to(NOTEBOOKS)} cell {i}", text))
    return found


def english_in(text: str, lang: str) -> list[str]:
    """The English words of the list in ``text`` (an output meant to be in ``lang``).

    >>> english_in("9S 9S 9D · set · 30 points", "fr"), english_in("easy-most-1-42 · 9S 9S 9D · série", "fr")
    (['set'], [])
    """
    return [m.group(0) for m in _WORDS[lang].finditer(text)]


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_no_english_in_what_a_learner_reads(lang: str) -> None:
    outputs = _outputs(lang)
    assert len(outputs) > 100, "the built notebooks have lost their outputs: rebuild them"
    bad = [f"{where}: {sorted(set(words))} in {text[:160]!r}"
           for where, text in outputs if (words := english_in(text, lang))]
    assert not bad, f"{len(bad)} outputs in {lang} show English:\n" + "\n".join(bad[:40])


def test_the_word_list_finds_what_the_issue_saw() -> None:
    # the outputs the issue quoted, before the fix: each is caught
    for text in ["8C 9C TC -> run", "8C 9C JC -> refused: ...", "AC 2C 3C     meld? True", "closed · the count: (1, 2)",
                 "36 puzzles: 12 easy", "totals: (1, 2) · over: True · winner: (0,)", "Review(seat=0, seat_name='South'"]:
        assert english_in(text, "fr"), text
    assert english_in("9S 9S 9D · tris · 30 points", "it") == ["points"]
    # five players' seats (issue 25's second reading: « Sud, Ouest, North-West, North-East, Est »)
    assert english_in("places dans l’ordre du jeu : Sud, Ouest, North-West, North-East, Est", "fr") == [
        "North-West", "North-East"]


@pytest.mark.parametrize("lang,names", [("fr", "Sud, Ouest, Nord-Ouest, Nord-Est, Est"),
                                        ("it", "Sud, Ovest, Nord-Ovest, Nord-Est, Est")])
def test_a_notebook_prints_the_five_seats_in_its_language(lang: str, names: str) -> None:
    from buraco_learn import Game
    from buraco_learn.i18n import language, word

    game = Game.new(5, seed=2)
    with language(lang):
        assert ", ".join(word(game.seat_name(s)) for s in range(5)) == names


# ----------------------------------------------------------------------------- typography

_FR_BAD = re.compile(r"[^\W\d_][;?!](?=\s|$)| [;:?!](?=\s|$)|« | »")


def _french_prose(text: str) -> str:
    """``text`` without what typography leaves alone (code, URLs, tags, link targets)."""
    return re.sub(r"```.*?```|`[^`\n]*`|https?://\S+|<[^>]*>|\]\([^)]*\)|\{[^{}\s]*\}", " ", text, flags=re.S)


def french_typography_faults(text: str) -> list[str]:
    """Where French text lacks its no-break spaces (before ``: ; ? !``, inside « »).

    >>> french_typography_faults("Sud : 6S ; prêt? « oui »"), french_typography_faults(typeset("Sud : 6S ; prêt?", "fr"))
    ([' :', ' ;', 't?', '« ', ' »'], [])
    """
    return [m.group(0) for m in _FR_BAD.finditer(_french_prose(text))]


def _markdown_cells(lang: str) -> list[tuple[str, str]]:
    found = []
    for path in _notebooks(lang):
        nb = json.loads(path.read_text(encoding="utf-8"))
        for i, cell in enumerate(nb["cells"]):
            if cell["cell_type"] == "markdown":
                source = cell["source"]
                found.append((f"{path.relative_to(NOTEBOOKS)} cell {i}",
                              "".join(source) if isinstance(source, list) else source))
    return found


def test_french_notebooks_have_french_typography() -> None:
    # the course's text and every output (the engine's sentences go through the same function)
    texts = _markdown_cells("fr") + _outputs("fr")
    bad = [f"{where}: {faults[:5]} in {text[:120]!r}" for where, text in texts
           if (faults := french_typography_faults(text))]
    assert not bad, f"{len(bad)} French cells lack their no-break spaces:\n" + "\n".join(bad[:30])


def test_the_rules_reference_and_catalog_sentences_in_french_typography() -> None:
    from buraco_learn.i18n import language, tr
    from buraco_learn.reference import rules_text

    text = rules_text("fr")
    assert NBSP + ":" in text and NNBSP + ";" in text
    assert not french_typography_faults(text)
    with language("fr"):
        said = tr("{seat} holds {cards} (took no pot)", seat="Nord", cards=tr("no cards"))
    assert said == "Nord n'a aucune carte en main (n'a pas pris de puits)"


# ----------------------------------------------------------------------------- grammar

_GRAMMAR = {"fr": re.compile(r"\b[dD]e (?:Ouest|Est|Ada|un|une)\b|\ba en main aucune?\b| & |\w-l'"),
            "it": re.compile(r"\bha in mano nessun\w*|(?<!non )\bha nessun\w*| & |\b[Ii] burraco\b")}


def grammar_faults(text: str, lang: str) -> list[str]:
    """Sentences built from parts that a reader would correct (issue 25's examples).

    >>> grammar_faults("combinaisons de Ouest & Est ; Nord a en main aucune carte", "fr")
    ['de Ouest', ' & ', 'a en main aucune']
    >>> grammar_faults(typeset("combinaisons de Ouest & Est ; Nord a en main aucune carte", "fr"), "fr")
    []
    >>> grammar_faults("exécutez-l'en haut", "fr"), grammar_faults(typeset("exécutez-le en haut", "fr"), "fr")
    (["z-l'"], [])
    >>> grammar_faults("Nord ha in mano nessuna carta", "it"), grammar_faults("Nord non ha nessuna carta in mano", "it")
    (['ha in mano nessuna'], [])
    """
    return [m.group(0) for m in _GRAMMAR[lang].finditer(_french_prose(text))]


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_sentences_built_from_parts_are_grammatical(lang: str) -> None:
    texts = _markdown_cells(lang) + _outputs(lang)
    bad = [f"{where}: {faults[:5]} in {text[:120]!r}" for where, text in texts if (faults := grammar_faults(text, lang))]
    assert not bad, f"{len(bad)} {lang} cells to correct:\n" + "\n".join(bad[:30])


def test_italian_sentences_put_the_cards_article_before_a_card() -> None:
    """Italian says « Hai scartato l'8♥ », « la Q♣ non va bene », « il K♦ »: a card after a verb or
    at a sentence's start has its article, agreeing with the card's name (l'otto, l'asso, la
    donna, il re), however the sentence is filled (issue 25)."""
    from buraco_learn.cards import Card
    from buraco_learn.course.translate import dump
    from buraco_learn.i18n import language, tr

    with language("it"):
        said = [tr("You discarded {card}", card=Card.parse(c)) for c in ("8H", "QC", "KD", "AS", "JK")]
        first = tr("{card} does not fit", card=Card.parse("QS"))
    assert said == ["Hai scartato l'8H", "Hai scartato la QC", "Hai scartato il KD", "Hai scartato l'AS",
                    "Hai scartato il JK"]
    assert first == "La QS non va bene"
    bare = re.compile(r"(?:^|\b(?:scartare|scarta|scartato|scartati|pescato|accetta|prende|piuttosto) )\{card\}")
    units = dump("it", "buraco_learn", missing_only=False)
    faults = [text for text in units.values() for text in (text if isinstance(text, list) else [text])
              if text and bare.search(text)]
    assert not faults, faults[:10]


#: What a learner should never read in an output: a tuple of numbers (``(400, 295, 295)``, a
#: side's seats ``((0,), ...``), a list of strings, an empty dict, a string's repr in quotes.
_RAW = re.compile(r"\((?:-?\d+, )+-?\d+\)|\(\(\d+,\)|^'[^\n]*'$|\[(?:'[^']*', )*'[^']*'\]|\{\}", re.M)


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_outputs_show_sentences_not_python_values(lang: str) -> None:
    """Notebook 8c printed « le décompte : (-165, 485) », 10 « totaux : (400, 295, 295) » and
    « camps : ((0,), (1,), ...) »: a learner reads sentences and tables (issue 25).

    >>> [bool(_RAW.search(t)) for t in ("totaux : (400, 295, 295)", "'Coup 10 sur 56'", "Totaux : Sud 400")]
    [True, True, False]
    """
    bad = [f"{where}: {m.group(0)!r}" for where, text in _outputs(lang) if (m := _RAW.search(text))]
    assert not bad, "\n".join(bad[:20])


#: An Italian reason put after « ; » or « : » inside a sentence starts with a small letter: « …(TURN-2);
#: la Q♣ piuttosto che il 9♠: il 9♠ si combina con… », never « ; La Q♣ … : Il 9♠ … » (a semicolon never
#: opens a sentence; after a colon only a label such as « TURN-1: Il turno… » or « Perché: » may).
_IT_CAPITAL_INSIDE = re.compile(r"; (?:Il|La|Lo|L'|Gli|Le|I) |: (?:Il |La |L')(?:10|[2-9AJQK])[♠♥♦♣SHDC]")


def test_italian_reasons_inside_a_sentence_start_small() -> None:
    """Notebook 8c's coach said « …(TURN-2); La Q♣ piuttosto che il 9♠: Il 9♠ si combina con 2 altre
    carte… »: the reasons a hint joins with « ; » and « : » were written as sentences of their own.

    >>> [bool(_IT_CAPITAL_INSIDE.search(t)) for t in ("(TURN-2); La Q♣ piuttosto", "il 9♠: Il 9♠ si combina",
    ...                                               "TURN-1: Il turno comincia", "la Q♣: il 9♠ si combina")]
    [True, True, False, False]
    """
    texts = _markdown_cells("it") + _outputs("it")
    bad = [f"{where}: {text[max(0, m.start() - 60):m.end() + 30]!r}" for where, text in texts
           for m in _IT_CAPITAL_INSIDE.finditer(text)]
    assert not bad, "\n".join(bad[:20])


# --- what the native readers would still correct (issue 25, fr25d) ---

def test_a_refused_discard_in_a_puzzle_says_its_refusal_once() -> None:
    """The hard-safe puzzle's card that may not be thrown back: « vous ne pouvez pas défausser le QH :
    QH était… », not « …le QH : Sud ne peut pas défausser le QH : QH était… »."""
    from buraco_learn.exercises.catalog import EXERCISES
    from buraco_learn.i18n import language

    puzzle = EXERCISES["puzzle-hard-safe"].puzzle  # type: ignore[attr-defined]
    for lang, head, twice in (("fr", "vous ne pouvez pas défausser le QH", "ne peut pas défausser"),
                              ("it", "", "non può scartare"), ("en", "you may not discard QH", "may not discard")):
        with language(lang):
            said = str(puzzle.check("QH"))
        assert said.startswith(head) and "TURN-4" in said, said
        assert twice not in said.replace(head, "", 1) and "Sud" not in said and "South" not in said, said


@pytest.mark.parametrize(("lang", "said"), [
    ("fr", "vous avez défaussé le JK ; Sud prend le puits"),
    ("it", "hai scartato il JK; Sud prende il pozzetto"),
])
def test_the_feedback_narrates_the_learners_own_moves_to_the_learner(lang: str, said: str) -> None:
    """« Juste : a défaussé le JK » had no subject and « ha scartato il 2C » spoke of the learner in the
    third person: the exercise's feedback says « vous avez défaussé », « hai scartato » (issue 25)."""
    from buraco_learn.i18n import language
    from buraco_learn.notes import say

    note = "discarded JK; South takes the pot with the discard (11 cards, POT-3)"
    with language(lang):
        assert typeset(said, lang) in say(note, you=True)
        assert not say(note).startswith(("vous", "hai"))  # a bot's move, in a replay, stays as it was
        assert say("discarded QC", you=True).endswith(("le QC", "la QC"))
        assert say("discarded AS", you=True).endswith("l'AS")
    text = " ".join(t for where, t in _outputs(lang) if where.startswith(f"{lang}/solutions/06-"))
    assert typeset(said, lang) in text


@pytest.mark.parametrize(("lang", "said"), [("fr", "4 cartes, les dernières"), ("it", "4 carte, le ultime")])
def test_a_long_discard_pile_names_its_top_once(lang: str, said: str) -> None:
    """« défausse : 4 cartes, dessus AD AH 8C (dessus) » said « dessus » twice (issue 25)."""
    from buraco_learn import Game
    from buraco_learn.exercises.show import table_text
    from buraco_learn.i18n import language

    g = Game.from_position("fibur 2p d1 t0 play | h: 4C 5C 6C KD / 9D 9S | m: - | p: 3C AD AH 8C | "
                           "s: * | pots: *11 / *11 | took: -")
    with language(lang):
        text = table_text(g)
    top = {"fr": "dessus", "it": "in cima"}[lang]
    assert typeset(said, lang) in text and text.count(top) == 1, text


def test_the_cheat_sheet_labels_its_court_cards_as_they_are_printed() -> None:
    """The French cheat sheet printed R D V cards over the label « K Q J 10 9 8 » (issue 25)."""
    from buraco_learn.course.build import cheat_sheet_page

    page = cheat_sheet_page("fr")
    assert "R D V 10 9 8" in page and "K Q J 10 9 8" not in page
    assert "K Q J 10 9 8" in cheat_sheet_page("en")
    stored = (NOTEBOOKS / "fr" / "Cheat-sheet.html").read_text(encoding="utf-8")
    assert "R D V 10 9 8" in stored and "K Q J 10 9 8" not in stored


@pytest.mark.parametrize(("lang", "said"), [("fr", "Indice : poser D♥ R♥ A♥"), ("it", "Suggerimento: calare Q♥ K♥ A♥")])
def test_the_hint_line_goes_on_in_lower_case_after_its_colon(lang: str, said: str) -> None:
    """French and Italian write lower case after a colon: « Indice : poser… », not « Indice : Poser… »."""
    text = " ".join(t for where, t in _outputs(lang) if where.startswith(f"{lang}/08-Play"))
    assert typeset(said, lang) in text


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_the_course_writes_one_apostrophe(lang: str) -> None:
    """The course writes the straight apostrophe: a curly « ’ » among them (« places dans l’ordre ») reads as a slip."""
    for domain in ("course", "rules", "buraco_learn"):
        po = ROOT / "buraco_learn" / "locale" / lang / "LC_MESSAGES" / f"{domain}.po"
        strs = [line for line in po.read_text(encoding="utf-8").splitlines() if not line.startswith(("#", "msgid"))]
        assert not [line for line in strs if "’" in line], domain


def test_french_negative_scores_take_the_minus_sign() -> None:
    """« Nord −25 », « −95 » (U+2212) in French, not the hyphen; code, rule IDs and dates keep theirs."""
    assert typeset("Nord -25 ; total -95", "fr") == "Nord \u221225\u202f; total \u221295"
    assert typeset("`-25` P5-4 CLOSE-1 2026-11-30", "fr") == "`-25` P5-4 CLOSE-1 2026-11-30"
    assert typeset("Nord -25", "it") == "Nord -25"
    hyphen = re.compile(r"(?<![\w\-.,/=:'`\[(])-\d")
    for where, text in _outputs("fr"):
        if where.startswith(("fr/10-", "fr/solutions/10-")):
            assert not hyphen.search(text), (where, text[:200])


@pytest.mark.parametrize(("lang", "said"), [("fr", "une série de 4 (3 cartes) : 4♦ 4♣ 4♣"),
                                            ("it", "una combinazione di quattro (3 carte): 4♦ 4♣ 4♣")])
def test_the_teachers_narration_counts_the_cards_of_a_set(lang: str, said: str) -> None:
    """« une série de 4 : 4♦ 4♣ 4♣ » read as four cards: the narration says how many there are."""
    text = " ".join(t for where, t in _outputs(lang) if where.startswith(f"{lang}/11-"))
    assert typeset(said, lang) in text


def test_the_italian_discard_takes_the_cards_article() -> None:
    """« ha scartato il {card} » agrees with the card: « la Q♣ », « l'A♠ », « l'8♥ », « il K♦ »."""
    from buraco_learn import parse_action
    from buraco_learn.i18n import language
    from buraco_learn.review import action_words

    with language("it"):
        said = [action_words(parse_action(f"discard {c}")) for c in ("QC", "AS", "8H", "KD")]
    assert said == ["ha scartato la Q♣", "ha scartato l'A♠", "ha scartato l'8♥", "ha scartato il K♦"]
