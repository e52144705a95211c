"""The course in French and Italian (issue 15): one English source, a catalog per language.

The catalogs are complete and in step with the English (a fresh extract equals the committed
template, the compiled files equal a fresh compile), every translation keeps what must not change
(rule IDs, card notation and code in backticks, placeholders, table cells), the runtime speaks the
chosen language without reading the environment, and the translated notebooks are built from the
same source as the English ones.
"""

from __future__ import annotations

import ast
import html
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from buraco_learn import BuracoError, i18n
from buraco_learn.course import translate
from buraco_learn.course.translate import code_comments, same_code
from buraco_learn.course.build import load_sources, notebook_cells, rules_notebook_cells
from buraco_learn.exercises import EXERCISES, Checker, NotYet
from buraco_learn.i18n import UNTRANSLATED, get_language, language, set_language, tr, trn
from buraco_learn.reference import RULE_ANCHOR, rule, rule_ids, rules_text

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
LANGS = [k for k in i18n.LANGUAGES if k != "en"]
SOURCES = load_sources()
CODE = re.compile(r"`[^`]*`")
RULE = re.compile(r"\b[A-Z][A-Z0-9]+-\d+\b")  # as reference.RULE_ID: K-A-2 is no rule
FIELD = re.compile(r"\{(\w+)\}")


# ----------------------------------------------------------------------------- the runtime
def test_english_until_a_language_is_chosen_and_chosen_explicitly(monkeypatch: pytest.MonkeyPatch) -> None:
    """Never read from the environment: LANG=fr changes nothing."""
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.setenv("LANGUAGE", "fr")
    assert get_language() == "en"
    assert tr("Not yet") == "Not yet"


def test_set_language_refuses_an_unknown_language_and_names_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"no language 'de'.*fr \(Français\).*it \(Italiano\)"):
        set_language("de")
    assert get_language() == "en"


def test_language_block_restores_the_language_before_it_even_on_error() -> None:
    with pytest.raises(RuntimeError):
        with language("fr"):
            assert get_language() == "fr"
            raise RuntimeError
    assert get_language() == "en"


@pytest.mark.parametrize("lang", LANGS)
def test_untranslated_sentence_falls_back_to_english_visibly(lang: str) -> None:
    with language(lang):
        assert tr("No catalog holds this sentence.") == UNTRANSLATED + "No catalog holds this sentence."
        assert tr("5H 6H 7H") == "5H 6H 7H"  # cards alone are the same in every language


@pytest.mark.parametrize("lang", LANGS)
def test_fields_are_filled_after_the_lookup(lang: str) -> None:
    with language(lang):
        text = tr("Exercise {number}", number="3.1")
    assert "3.1" in text and not text.startswith(UNTRANSLATED) and text != "Exercise 3.1"


@pytest.mark.parametrize("lang", LANGS)
def test_plural_forms_follow_the_count(lang: str) -> None:
    with language(lang):
        one, many = trn("{n} exercise", "{n} exercises", 1), trn("{n} exercise", "{n} exercises", 5)
    assert one.startswith("1 ") and many.startswith("5 ") and one != many
    assert UNTRANSLATED not in one + many


@pytest.mark.parametrize("lang", LANGS)
def test_a_count_of_one_card_is_said_in_the_singular(lang: str) -> None:
    """« Pioche : 1 carte », « Tallone: 1 carta »: a count the table, the replay or a puzzle says of
    the stock, the pile or a hand agrees with its number (issue 25 saw « 1 cartes »)."""
    from buraco_learn.render.text import stock_words

    with language(lang):
        one, many = stock_words(1, []), stock_words(30, [11, 11], sizes=True)
    assert {"fr": "1 carte.", "it": "1 carta."}[lang] in one and UNTRANSLATED not in one + many
    assert {"fr": "30 cartes", "it": "30 carte"}[lang] in many


# ----------------------------------------------------------------------------- the catalogs
def _units(catalog: Any) -> set[tuple[Any, Any]]:
    return {(m.context, m.id) for m in catalog if m.id}


@pytest.mark.parametrize("domain", translate.DOMAINS)
def test_fresh_extract_equals_the_committed_template(domain: str) -> None:
    """Run python -m buraco_learn.course.translate extract && ... update after changing English.

    The same units, with the same plural forms and contexts. (Python 3.12's tokenizer lets the
    extractor see calls written inside f-strings, which 3.11's does not: the order and the
    locations of a unit may differ between Pythons, so the units are compared, not the bytes.)
    """
    import io

    from babel.messages.pofile import read_po

    committed = translate._read_po(translate.LOCALE_DIR / f"{domain}.pot")
    fresh = read_po(io.BytesIO(translate.template_text(domain)))
    missing, extra = _units(fresh) - _units(committed), _units(committed) - _units(fresh)
    assert not missing and not extra, (
        f"locale/{domain}.pot is stale ({len(missing)} units new, {len(extra)} gone, e.g. "
        f"{next(iter(missing or extra))!r}): run python -m buraco_learn.course.translate all")


@pytest.mark.parametrize("lang", LANGS)
def test_every_catalog_is_complete(lang: str) -> None:
    """The report per language: every unit of every catalog translated, none fuzzy."""
    for domain, (done, fuzzy, total) in translate.report([lang])[lang].items():
        missing = [m for m, t in translate.dump(lang, domain).items()][:5]
        assert (done, fuzzy) == (total, 0), f"{lang}/{domain}: {done}/{total} translated, {fuzzy} fuzzy: {missing}"


@pytest.mark.parametrize("lang", [*LANGS, "pt_BR"])
def test_catalogs_hold_the_same_units_as_the_templates(lang: str) -> None:
    for domain in translate.DOMAINS:
        template = {m.id for m in translate._read_po(translate.LOCALE_DIR / f"{domain}.pot") if m.id}
        catalog = {m.id for m in translate._read_po(translate.po_path(lang, domain), locale=lang) if m.id}
        assert catalog == template, f"{lang}/{domain}: run python -m buraco_learn.course.translate update"


@pytest.mark.parametrize("lang", [*LANGS, "pt_BR"])
def test_compiled_catalogs_equal_a_fresh_compile(lang: str) -> None:
    mo = translate.po_path(lang, i18n.DOMAIN).with_suffix(".mo")
    assert mo.read_bytes() == translate.mo_bytes(lang), "run python -m buraco_learn.course.translate compile"
    rules = ROOT / "buraco_learn" / "reference" / f"rules.{lang}.md"
    assert rules.read_text(encoding="utf-8") == translate.rules_markdown(lang)


def _entries(lang: str, domain: str) -> list[tuple[str, str]]:
    out = []
    for m in translate._read_po(translate.po_path(lang, domain), locale=lang):
        if not m.id or not m.string:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        out += [(ids[min(i, len(ids) - 1)], s) for i, s in enumerate(strings) if s]
    return out


#: An example value a learner would put in their own language: the name handed to
#: ``download_results`` and a file name (``"my-hand.json"``); the code around them stays as it is.
_EXAMPLE_VALUE = re.compile(r'(?<=download_results\()"[^"`]*"|"[\w.-]*\.json"')


def _code_kept(span: str) -> str:
    """A code span as a translation must keep it: its example values (a name, a file name) may be
    localised (« download_results("votre nom") »), the rest not."""
    return _EXAMPLE_VALUE.sub('"…"', span)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("domain", translate.DOMAINS)
def test_translations_keep_rule_ids_code_and_placeholders(lang: str, domain: str) -> None:
    """What stays the same in every language: rule IDs, card notation and code (in backticks),
    ``{fields}``, the cells of a table row; and no translation is marked untranslated."""
    problems = []
    for english, text in _entries(lang, domain):
        if Counter(RULE.findall(english)) - Counter(RULE.findall(text)):
            problems.append(("rule IDs", english, text))
        if Counter(map(_code_kept, CODE.findall(english))) != Counter(map(_code_kept, CODE.findall(text))):
            problems.append(("code", english, text))
        if set(FIELD.findall(english)) != set(FIELD.findall(text)):
            problems.append(("fields", english, text))
        if english.startswith("|") and english.count("|") != text.count("|"):
            problems.append(("table cells", english, text))
        if text.startswith(UNTRANSLATED.strip()):
            problems.append(("marked", english, text))
    assert not problems, "\n".join(f"{what}: {e[:70]!r} -> {t[:70]!r}" for what, e, t in problems[:10])


@pytest.mark.parametrize("lang", LANGS)
def test_example_values_in_code_a_learner_reads_are_in_the_language(lang: str) -> None:
    """`download_results("your name")` and `my-hand.json` in a French or Italian notebook: the
    function names stay, the name and the file name a learner types are theirs (issue 25)."""
    left = [text[:90] for _english, text in _entries(lang, "course")
            if re.search(r'"(?:your|their) name"|my-hand\.json', text)]
    assert not left, left


# ----------------------------------------------------------------------------- the rules reference
@pytest.mark.parametrize("lang", LANGS)
def test_rules_reference_has_every_rule_in_every_language(lang: str) -> None:
    ids = [m.group(1) for line in rules_text(lang).splitlines() if (m := RULE_ANCHOR.match(line))]
    assert ids == list(rule_ids())
    with language(lang):
        for rid in ("CLOSE-2", "RUN-5", "GAME-2", "P3-2"):
            said = rule(rid)
            assert UNTRANSLATED.strip() not in said, (rid, said)
    assert rule("CLOSE-2") == "The card discarded to close may not be a wild: no joker, no 2."
    with language(lang):
        assert rule("CLOSE-2") != "The card discarded to close may not be a wild: no joker, no 2."


# ----------------------------------------------------------------------------- the course
@pytest.mark.parametrize("lang", LANGS)
def test_translated_notebooks_have_the_english_code_but_for_the_language_cell(lang: str) -> None:
    for src in SOURCES.values():
        for solution in (False, True):
            en = [c for c in notebook_cells(src, solution=solution, sources=SOURCES) if c["cell_type"] == "code"]
            tr_cells = [c for c in notebook_cells(src, solution=solution, sources=SOURCES, lang=lang)
                        if c["cell_type"] == "code"]
            assert len(en) == len(tr_cells)
            assert f'buraco_learn.set_language("{lang}")' in tr_cells[0]["source"]
            # the install cell, its comment in the language: every line the same up to its "#"
            install = tr_cells[0]["source"].split("\n")[:len(en[0]["source"].split("\n"))]
            assert [line.split("#")[0] for line in install] == [line.split("#")[0] for line in en[0]["source"].split("\n")]
            for a, b in zip(en[1:], tr_cells[1:]):
                # the comments are in the language, and a cell that prints words prints them
                # in the language too: the code itself is the same (same names, calls, numbers)
                assert same_code(a["source"], b["source"]), (src.stem, a["source"], b["source"])
                assert len(code_comments(a["source"])) == len(code_comments(b["source"])), (src.stem, b["source"])


def _code_comments_of(paths: list[Path]) -> dict[str, str]:
    """``{comment: notebook}`` for every comment with words of the notebooks' code cells."""
    out: dict[str, str] = {}
    for path in paths:
        for c in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if c["cell_type"] == "code":
                source = "".join(c["source"]) if isinstance(c["source"], list) else c["source"]
                for text in code_comments(source):
                    out.setdefault(text, path.name)
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_translated_notebooks_have_no_code_comment_left_in_english(lang: str) -> None:
    """A learner reads the comments of the code cells (« # free: low end », the install cell's):
    none of the English notebooks' comments is left in a translated notebook, learner's or
    solutions' (a comment of only code or card notation, like « # 5H 6H », is not one)."""
    english = _code_comments_of([*NOTEBOOKS.glob("*.ipynb"), *(NOTEBOOKS / "solutions").glob("*.ipynb")])
    assert {"free: low end", "bound", "in JupyterLite, install the package first"} <= set(english)
    paths = [*(NOTEBOOKS / lang).glob("*.ipynb"), *(NOTEBOOKS / lang / "solutions").glob("*.ipynb")]
    assert len(paths) >= len(SOURCES) * 2
    ours = _code_comments_of(paths)
    left = {text: where for text, where in ours.items() if text in english}
    assert not left, left
    # and the same for the cells as the build makes them now (the catalog, not only the files)
    for src in SOURCES.values():
        for solution in (False, True):
            for c in notebook_cells(src, solution=solution, sources=SOURCES, lang=lang):
                if c["cell_type"] == "code":
                    assert not set(code_comments(c["source"])) & set(english), (src.stem, c["source"])


@pytest.mark.parametrize("lang", LANGS)
def test_translated_markdown_has_no_english_left(lang: str) -> None:
    for src in SOURCES.values():
        for solution in (False, True):
            for c in notebook_cells(src, solution=solution, sources=SOURCES, lang=lang):
                if c["cell_type"] == "markdown":
                    assert UNTRANSLATED.strip() not in c["source"], (src.stem, c["source"][:300])
    for c in rules_notebook_cells(lang):
        assert UNTRANSLATED.strip() not in c["source"], c["source"][:300]


def _load(path: Path) -> dict[str, Any]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    for c in nb["cells"]:
        if not isinstance(c["source"], str):
            c["source"] = "".join(c["source"])
    return nb


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("solution", [False, True], ids=["learner", "solutions"])
def test_committed_translated_notebooks_match_their_source(lang: str, solution: bool) -> None:
    folder = NOTEBOOKS / lang / ("solutions" if solution else "")
    for stem, src in SOURCES.items():
        nb = _load(folder / f"{stem}.ipynb")
        want = notebook_cells(src, solution=solution, sources=SOURCES, lang=lang)
        got = [(c["cell_type"], c["source"]) for c in nb["cells"]]
        assert got == [(c["cell_type"], c["source"]) for c in want], (
            f"notebooks/{lang}/{stem}.ipynb differs from its source: run python -m buraco_learn.course.build")


@pytest.mark.parametrize("lang", LANGS)
def test_stored_outputs_of_translated_notebooks_show_no_untranslated_sentence(lang: str) -> None:
    """What a learner reads under a cell is in the language too (the stored outputs)."""
    for path in sorted((NOTEBOOKS / lang).rglob("*.ipynb")):
        for c in _load(path)["cells"]:
            for o in c.get("outputs", []):
                text = "".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
                assert UNTRANSLATED not in text, (path.name, c["source"][:120], text[:300])


# ----------------------------------------------------------------------------- the checkers
@pytest.mark.parametrize("lang", LANGS)
def test_a_wrong_answer_gets_its_verdict_and_hint_in_the_language_with_the_rule_id(lang: str) -> None:
    ex = EXERCISES["ace-high"]
    checker = Checker(EXERCISES)
    with language(lang):
        with pytest.raises(NotYet) as caught:
            checker.check("ace-high", "AH 2H 3H")
        text = str(caught.value)
        assert text.startswith(tr("Not yet")) and tr("Not yet") != "Not yet"
        assert tr(ex.hint) in text and tr(ex.hint) != ex.hint
        assert "RUN-2" in caught.value.rules and "RUN-2" in text
        assert UNTRANSLATED not in text
        right = checker.check("ace-high", ex.worked_answer())
    assert not right.startswith("Right") and "RUN-2" in right


@pytest.mark.parametrize("lang", LANGS)
def test_every_exercise_reads_in_the_language(lang: str) -> None:
    """Question, options, both hints: translated, the rule IDs of the English kept."""
    with language(lang):
        for ex in EXERCISES.values():
            for english in (ex.question, ex.hint, ex.stronger):
                said = tr(english)
                assert not said.startswith(UNTRANSLATED), (ex.id, english)
                assert set(RULE.findall(english)) <= set(RULE.findall(said)), (ex.id, english, said)
            assert UNTRANSLATED not in ex.options_markdown(), ex.id


@pytest.mark.parametrize("lang", LANGS)
def test_course_command_writes_the_course_in_the_language(lang: str, tmp_path: Path) -> None:
    from buraco_learn.cli import main

    assert main(["course", str(tmp_path / "c"), "--lang", lang]) == 0
    nb = _load(tmp_path / "c" / "03-Melding.ipynb")
    first_code = next(c for c in nb["cells"] if c["cell_type"] == "code")
    assert f'set_language("{lang}")' in first_code["source"]
    title = translate.translations(lang, "course")["Melding"]
    assert any(c["source"].startswith(f"# 3. {title}") for c in nb["cells"] if c["cell_type"] == "markdown")


def test_course_command_refuses_a_language_it_does_not_have(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from buraco_learn.cli import main

    with pytest.raises(SystemExit):
        main(["course", str(tmp_path / "c"), "--lang", "de"])
    assert "invalid choice: 'de'" in capsys.readouterr().err
    assert not (tmp_path / "c").exists()


# ----------------------------------------------------------------------------- the engine's notes
def _plays(rules: Any, players: int) -> bool:
    try:
        rules.check_players(players)
    except BuracoError:
        return False
    return True


def test_every_phrase_of_every_note_has_its_template() -> None:
    """The notes of seeded hands (2, 3 and 4 players, every preset, random legal play): each
    phrase is one of notes.NOTE_PHRASES, so every note can be said in every language."""
    import random

    from buraco_learn import Game, PRESETS
    from buraco_learn.notes import phrase_of, say

    seen: set[str] = set()
    for seed in range(40):
        rng = random.Random(seed)
        rules = PRESETS[sorted(PRESETS)[seed % len(PRESETS)]]
        counts = [n for n in (2, 3, 4) if _plays(rules, n)]
        g = Game.new(counts[seed % len(counts)], seed=seed, rules=rules)
        while not g.is_over:
            actions = g.legal_actions()
            plays = [a for a in actions if type(a).__name__ in ("LayDown", "LayOff")]
            action = rng.choice(plays) if plays and rng.random() < 0.7 else rng.choice(actions)
            event = g.apply(action)
            for part in event.note.split("; "):
                found = phrase_of(part)
                assert found is not None, f"no template for {part!r} (note {event.note!r})"
                seen.add(found[0])
            assert say(event.note) == event.note
    assert len(seen) >= 8, seen


@pytest.mark.parametrize("lang", LANGS)
def test_notes_are_said_in_the_language_with_cards_and_rule_ids_kept(lang: str) -> None:
    from buraco_learn.notes import say

    note = "discarded KD; South takes the pot with the discard (11 cards, POT-3)"
    with language(lang):
        said = say(note)
    assert UNTRANSLATED not in said and "South" not in said
    assert "KD" in said and "POT-3" in said and "11" in said


def _literals(text: str, at: int) -> tuple[str, int] | None:
    """The string literal starting at ``at`` (after spaces), with the literals written next to it
    (Python joins them), and where it ends; ``None`` if no plain literal stands there."""
    pieces = []
    lit = re.compile(r"""\s*(?<![fF])(["'])((?:\\.|(?!\1).)*)\1""")
    pos = at
    while True:
        m = lit.match(text, pos)
        if not m or (m.start(1) > 0 and text[m.start(1) - 1] in "fFbBrR"):
            break
        pieces.append(ast.literal_eval(m.group(0).strip()))
        pos = m.end()
    return ("".join(pieces), pos) if pieces else None


def test_every_literal_sentence_of_the_code_is_in_the_catalog() -> None:
    """A ``tr("...")`` written inside an f-string is not seen by the extractor: it would stay
    English (marked) in every language. Every literal tr/trc/trn call is in the template."""
    template = translate._read_po(translate.LOCALE_DIR / f"{i18n.DOMAIN}.pot")
    known = {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id) for m in template if m.id}
    missing = []
    for path in sorted((ROOT / "buraco_learn").rglob("*.py")):
        if path.name in ("i18n.py", "translate.py"):  # examples in their docstrings
            continue
        text = path.read_text(encoding="utf-8")
        for m in re.finditer(r"\b(tr|trn|trc)\(", text):
            first = _literals(text, m.end())
            if first is None:
                continue
            context, message = None, first[0]
            if m.group(1) == "trc":
                rest = re.match(r"\s*,", text[first[1]:])
                second = _literals(text, first[1] + rest.end()) if rest else None
                if second is None:
                    continue
                context, message = first[0], second[0]
            if (context, message) not in known:
                missing.append(f"{path.relative_to(ROOT)}: {m.group(1)}({message!r})")
    assert not missing, "\n".join(missing)


def test_the_english_fast_paths_of_meld_errors_say_what_the_catalog_says() -> None:
    """melds.py writes its most common refusals in English without the catalog (speed, issue
    12): the same words as the catalog's English, checked through a language whose catalog is
    empty (every unit falls back to the English, marked)."""
    from buraco_learn import InvalidMeld, Meld

    for cards in ("8C 9D TC", "AS KD 7H", "5H 6H 8H", "KC AC 2C 3C", "4S 5S 8S JK", "QH KH AH 4D",
                  "7H 7S JK 2D", "7H 7S JK 2D 2C", "5H 6H JK 2C", "5H 6H JK 2C 2S", "5H JK 2C"):
        said = {}
        for lang in ("en", "pt_BR"):
            with language(lang):
                with pytest.raises(InvalidMeld) as caught:
                    Meld.from_cards(cards)
            said[lang] = (str(caught.value).replace(UNTRANSLATED, ""), caught.value.rules)
        assert said["en"] == said["pt_BR"], cards


def test_a_bad_position_a_rules_error_and_the_class_report_speak_french_with_their_rule_ids(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """records.py's position reasons, rules.py's RulesError and report.py's HTML (through
    ``buraco-learn class-report --lang fr``) are in French, nothing falls back to English, and
    the rule IDs and notation stay as they are."""
    from buraco_learn import NotationError, RulesError
    from buraco_learn.cli import main
    from buraco_learn.progress import results_of
    from buraco_learn.records import parse_position
    from buraco_learn.rules import Rules

    position = "fibur 2p d0 t0 draw | h: 5H / 6H | m: - | p: 7H | s: 8H | pots: - | took: -"
    with language("fr"):
        with pytest.raises(NotationError) as bad:
            parse_position(position)
        with pytest.raises(RulesError) as rules:
            Rules(name="mine", jokers=9)
    assert str(bad.value).startswith("position incorrecte '")
    assert "mais le jeu en compte 108" in str(bad.value) and "(EQ-1)" in str(bad.value)
    assert "*N dans s: ou pots:" in str(bad.value)  # the notation stays
    assert str(rules.value) == "jeu de règles 'mine'\u00a0: jokers doit être un nombre entier de 0 à 4 (EQ-1), pas 9"
    assert UNTRANSLATED not in str(bad.value) + str(rules.value)

    missed = {"right": False, "first_try": False, "attempts": 2, "tries": 2, "hint": 1, "worked": False,
              "missed": {"RUN-1": 2}}
    (tmp_path / "ana.json").write_text(json.dumps(results_of({"exercises": {"deck-size": missed}}, "Ana")))
    (tmp_path / "junk.json").write_text("nope")
    out = tmp_path / "report"
    assert main(["class-report", str(tmp_path / "ana.json"), str(tmp_path / "junk.json"), "--out", str(out),
                 "--lang", "fr"]) == 0
    said = capsys.readouterr()
    assert "1 élève compté et 1 fichier(s) écarté(s)" in said.out and "étranger\u00a0: pas du JSON" in said.err
    page = (out / "report.html").read_text(encoding="utf-8")
    assert '<html lang="fr">' in page and "<title>Rapport de classe de buraco</title>" in page
    for words in ("Règles les plus souvent manquées", "Par exercice", "Par élève", "essayé, pas juste",
                  "<b>RUN-1</b>", "Fichiers écartés (1)"):
        assert words in page, words
    with language("fr"):
        run_1 = rule("RUN-1")  # the rule's French sentence, beside its ID
    assert html.escape(run_1.replace("`", "").replace("*", "")) in page and "Une suite" in run_1
    assert UNTRANSLATED not in page and "Rules most often missed" not in page
    assert get_language() == "en"  # the command's language does not outlive it
    assert (out / "report.csv").read_text(encoding="utf-8").startswith("learner,file,course,")


@pytest.mark.parametrize("lang", LANGS)
def test_puzzle_kinds_and_themes_are_shown_in_the_language(lang: str, tmp_path: Path) -> None:
    """A list of puzzles says each one's kind in words of the language, and the success per theme
    names the themes so (the kinds and themes stay ids in code: ``most``, ``pile``; issue 25)."""
    from buraco_learn.progress import Progress
    from buraco_learn.puzzles import load_puzzles
    from buraco_learn.puzzles.streak import theme_summary

    puzzle = next(p for p in load_puzzles() if p.kind == "most")
    with language(lang):
        kind, empty = puzzle.kind_word, theme_summary(progress=Progress(tmp_path / ".buraco_progress.json"))
    assert kind not in ("most", "most points") and not kind.startswith(UNTRANSLATED)
    assert empty != "No generated puzzle tried yet." and not empty.startswith(UNTRANSLATED)


def test_a_close_puzzle_takes_no_in_the_language_its_form_names() -> None:
    """The French form says « "no" (non) »: « non » is read as the answer too."""
    from buraco_learn.puzzles import load_puzzles

    puzzle = next(p for p in load_puzzles() if p.kind == "close" and p.answer == "no")
    with language("fr"):
        assert puzzle.check("non").correct and puzzle.check("no").correct
    assert not puzzle.check("non").read  # in English « non » is no answer
