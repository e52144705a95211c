"""Tests of the course: every rule taught and exercised, notebooks in step with their source."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from buraco_learn.course.build import (CHEAT_SHEET, INSTALL_CELL, RULES_NOTEBOOK, cheat_sheet_cells, load_sources,
                                       notebook_cells, rules_notebook_cells)
from buraco_learn.exercises import EXERCISES

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
RULES_MD = ROOT / "buraco_learn" / "reference" / "rules.md"
SOURCES = load_sources()


def rule_ids() -> list[str]:
    """The rule IDs of the project's rules reference (lines like ``- **RUN-5** ...``)."""
    text = RULES_MD.read_text(encoding="utf-8")
    ids = re.findall(r"^- \*\*([A-Z0-9]+-\d+)\*\*", text, flags=re.M)
    assert ids, "buraco_learn/reference/rules.md lists no rule IDs"
    return ids


def cited(text: str) -> set[str]:
    return set(re.findall(r"\b[A-Z][A-Z0-9]+-\d+\b", text))


def test_every_rule_is_taught_in_some_notebook() -> None:
    taught = set().union(*(cited(src.markdown()) for src in SOURCES.values()))
    missing = [r for r in rule_ids() if r not in taught]
    assert not missing, f"rule IDs taught in no notebook's text: {missing}"


def test_every_rule_is_exercised() -> None:
    placed = {ex_id for src in SOURCES.values() for ex_id in src.exercises()}
    exercised = {r for ex_id in placed for r in EXERCISES[ex_id].rules}
    missing = [r for r in rule_ids() if r not in exercised]
    assert not missing, f"rule IDs exercised by no exercise in a notebook: {missing}"


def test_notebooks_cite_only_real_rule_ids() -> None:
    known = set(rule_ids())
    for src in SOURCES.values():
        assert cited(src.markdown()) <= known, f"{src.stem} cites unknown IDs {cited(src.markdown()) - known}"


def test_every_exercise_is_placed_once() -> None:
    placed = [ex_id for src in SOURCES.values() for ex_id in src.exercises()]
    assert sorted(placed) == sorted(EXERCISES), "an exercise is placed twice, or in no notebook"


@pytest.mark.parametrize("number", [3, 4, 5, 6, 7])
def test_core_notebooks_have_five_exercises(number: int) -> None:
    src = next(s for s in SOURCES.values() if s.number == number)
    assert len(src.exercises()) >= 5


def test_each_notebook_says_what_it_teaches_and_ends_with_a_self_check() -> None:
    for src in SOURCES.values():
        if src.number == 0:
            continue
        assert "**In this notebook**" in src.cells[0].text, src.stem
        kinds = [c.kind for c in src.cells]
        if src.number <= 10:
            assert any(c.kind == "md" and "## Check yourself" in c.text for c in src.cells), src.stem
        if "exercise" in kinds and src.number != 8:  # 8 ends with free play on the widget
            assert any(c.kind == "md" and "Check yourself" in c.text for c in src.cells), src.stem
            last_check = max(i for i, c in enumerate(src.cells) if c.kind == "md" and "Check yourself" in c.text)
            assert "exercise" in kinds[last_check:], f"{src.stem}: no exercise after 'Check yourself'"


def _load(path: Path) -> dict[str, Any]:
    """A notebook with every cell's source joined into one string."""
    nb: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    for c in nb["cells"]:
        if not isinstance(c["source"], str):
            c["source"] = "".join(c["source"])
    return nb


def _shape(cells: list[dict[str, Any]]) -> list[tuple[str, str, list[str]]]:
    out = []
    for c in cells:
        out.append((c["cell_type"], c["source"], c.get("metadata", {}).get("tags", [])))
    return out


@pytest.mark.parametrize("solution", [False, True], ids=["learner", "solutions"])
def test_committed_notebooks_match_their_source(solution: bool) -> None:
    """The notebooks are generated: edit buraco_learn/course/source, then rebuild."""
    folder = NOTEBOOKS / "solutions" if solution else NOTEBOOKS
    committed = sorted(p.stem for p in folder.glob("*.ipynb"))
    extra = [] if solution else [CHEAT_SHEET, RULES_NOTEBOOK]
    assert committed == sorted(list(SOURCES) + extra), "notebooks without a source, or sources not built"
    for stem, src in SOURCES.items():
        nb = _load(folder / f"{stem}.ipynb")
        want = notebook_cells(src, solution=solution, sources=SOURCES)
        assert _shape(nb["cells"]) == _shape(want), (
            f"{folder.name}/{stem}.ipynb differs from its source: run python -m buraco_learn.course.build")


def test_learner_blanks_raise_and_solutions_do_not() -> None:
    for stem, src in SOURCES.items():
        learner = _load(NOTEBOOKS / f"{stem}.ipynb")["cells"]
        solution = _load(NOTEBOOKS / "solutions" / f"{stem}.ipynb")["cells"]
        blanks = [c for c in learner if "raises-exception" in c["metadata"].get("tags", [])]
        assert len(blanks) == len(src.exercises())
        assert all(c["source"].startswith("answer = ...") for c in blanks)
        assert not any("raises-exception" in c["metadata"].get("tags", []) for c in solution)
        assert not any("answer = ..." in c["source"] for c in solution if c["cell_type"] == "code")


def test_solution_notebooks_are_executed() -> None:
    """Outputs are committed, so GitHub and nbviewer show them (and nbval compares them)."""
    for stem in SOURCES:
        cells = _load(NOTEBOOKS / "solutions" / f"{stem}.ipynb")["cells"]
        checks = [c for c in cells if c["cell_type"] == "code" and re.search(r"^check_\w+\(", c["source"], re.M)]
        for c in checks:
            text = "".join("".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
                           for o in c["outputs"])
            html = "".join("".join(o.get("data", {}).get("text/html", "")) for o in c["outputs"])
            assert text.startswith("Right: "), f"{stem}: {c['source']!r} has no confirmation stored"
            assert "bl-right" in html and "✓ Right" in html, f"{stem}: the confirmation is not the ✓ box"


def test_first_code_cell_installs_the_package_in_the_browser() -> None:
    for stem in SOURCES:
        cells = _load(NOTEBOOKS / f"{stem}.ipynb")["cells"]
        first_code = next(c for c in cells if c["cell_type"] == "code")
        assert first_code["source"] == INSTALL_CELL
        assert 'sys.platform == "emscripten"' in INSTALL_CELL


def _rule_anchors() -> set[str]:
    """The anchors of the Rules notebook: one cell per rule ID, headed by the ID, whose cell id is
    the rule ID (a link names it as ``#cell-id=RUN-5``)."""
    cells = _load(NOTEBOOKS / f"{RULES_NOTEBOOK}.ipynb")["cells"]
    return {c["id"] for c in cells if re.match(rf"#### {re.escape(c['id'])}\n", c["source"])}


def test_navigation_links_point_to_notebooks_that_exist() -> None:
    anchors = _rule_anchors()
    for stem in list(SOURCES) + [RULES_NOTEBOOK, CHEAT_SHEET]:
        for folder in (NOTEBOOKS, NOTEBOOKS / "solutions"):
            if not (folder / f"{stem}.ipynb").exists():
                continue
            cells = _load(folder / f"{stem}.ipynb")["cells"]
            text = "".join(c["source"] for c in cells if c["cell_type"] == "markdown")
            for target in re.findall(r"\]\(([^)#]+\.(?:ipynb|md|html))(?:#[^)]*)?\)", text):
                assert (folder / target).resolve().exists(), f"{folder.name}/{stem}: broken link {target}"
            for rule_id in re.findall(r"\]\((?:\.\./)?Rules\.ipynb#(?:cell-id=)?([^)]+)\)", text):
                assert rule_id in anchors, f"{folder.name}/{stem}: link to a rule the Rules notebook lacks: {rule_id}"


def test_every_notebook_links_the_rules_and_the_cheat_sheet_in_its_header() -> None:
    """The rules reference and the cheat sheet are one click away from every notebook (issue 10)."""
    for stem in SOURCES:
        for folder, prefix in ((NOTEBOOKS, ""), (NOTEBOOKS / "solutions", "../")):
            head = _load(folder / f"{stem}.ipynb")["cells"][0]["source"]
            assert f"]({prefix}Rules.ipynb)" in head and f"]({prefix}Cheat-sheet.ipynb)" in head, (folder.name, stem)
    for src in SOURCES.values():
        assert "reference/rules.md" not in src.markdown(), f"{src.stem} links the rules file, not the Rules notebook"


def test_rules_notebook_has_every_rule_with_its_sentence() -> None:
    """Built from buraco_learn/reference/rules.md: each rule under its own heading, in its own words."""
    from buraco_learn.reference import rule

    assert _rule_anchors() == set(rule_ids())
    text = "\n".join(c["source"] for c in rules_notebook_cells())
    for rule_id in rule_ids():
        assert rule(rule_id)[:40] in text, rule_id


def test_cheat_sheet_is_built_and_stored_with_pictures() -> None:
    """One printable page: card values, melds, burraco kinds, closing, the count; stored so it shows unrun."""
    cells = _load(NOTEBOOKS / f"{CHEAT_SHEET}.ipynb")["cells"]
    assert [c["source"] for c in cells] == [c["source"] for c in cheat_sheet_cells()]
    html = "".join("".join(o.get("data", {}).get("text/html", "")) for c in cells if c["cell_type"] == "code"
                   for o in c["outputs"])
    page = (NOTEBOOKS / f"{CHEAT_SHEET}.html").read_text(encoding="utf-8")
    for part in (html, page):
        assert 'class="bl-picture cheat-sheet"' in part and 'class="card ' in part
        for words in ("What each card is worth", "Burracos", "The pot and closing", "The count", "semi-clean"):
            assert words in part, words


def test_index_lists_every_notebook() -> None:
    index = _load(NOTEBOOKS / "00-Index.ipynb")["cells"]
    text = "".join(c["source"] for c in index if c["cell_type"] == "markdown")
    for stem in SOURCES:
        if not stem.startswith("00"):
            assert f"({stem}.ipynb)" in text


def test_stored_outputs_hold_no_widget_model_ids() -> None:
    """Widget views name random model ids (every build would churn the diff): the build keeps
    only the widget's text, which says to run the cell."""
    for folder in (NOTEBOOKS, NOTEBOOKS / "solutions"):
        for path in folder.glob("*.ipynb"):
            text = path.read_text(encoding="utf-8")
            assert "model_id" not in text and "widget-view+json" not in text, path.name


def test_puzzle_notebook_has_three_levels_and_widget_answers() -> None:
    src = SOURCES["09-Puzzles"]
    levels = [EXERCISES[e].puzzle.level for e in src.exercises()]  # type: ignore[attr-defined]
    assert {"easy", "medium", "hard"} <= set(levels) and levels == sorted(levels, key=("easy", "medium", "hard").index)
    assert any("PuzzleWidget" in EXERCISES[e].setup for e in src.exercises()), "no puzzle answered by clicks"
    assert any(not EXERCISES[e].setup for e in src.exercises()), "no typed puzzle answer"


def test_navigation_line_has_separators_only_between_links() -> None:
    """The first notebook's nav has no previous link: no separator or arrow stands alone."""
    import nbformat

    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        nav = next((c.source for c in nb.cells if c.cell_type == "markdown" and "[Rules](" in c.source), None)
        if nav is None:
            continue
        line = [ln for ln in nav.splitlines() if "[Rules](" in ln][-1]
        assert not re.search(r"(^|\|)\s*[<>]?\s*\|", line), (path.name, line)
        assert not re.search(r"\)\s*>|<\s*\[", line), (path.name, line)


@pytest.mark.parametrize("stem", ["01-Welcome", "02-Cards", "03-Melding", "04-Wilds", "05-Burracos",
                                  "06-Pot-and-closing"])
def test_no_running_score_before_notebook_7_teaches_the_count(stem: str) -> None:
    """Scoring is taught in notebook 7: the tables of notebooks 1-6 show no running score."""
    for path in (NOTEBOOKS / f"{stem}.ipynb", NOTEBOOKS / "solutions" / f"{stem}.ipynb"):
        text = path.read_text(encoding="utf-8")
        assert "score now" not in text and "Count if the hand ended now" not in text, path


def test_table_view_leaves_the_score_out_unless_asked() -> None:
    from buraco_learn import Game
    from buraco_learn.exercises.show import TableView

    game = Game.new(2, seed=1)
    assert "Count if the hand ended now" not in TableView(game)._repr_html_()
    assert "stock 63" in TableView(game)._repr_html_()
    assert "Count if the hand ended now" in TableView(game, show_score=True)._repr_html_()


def test_rule_links_name_the_rule_cell_so_a_first_open_lands_on_it() -> None:
    """JupyterLab finds a ``#RUN-5`` heading only in a Markdown cell already rendered, so a fresh
    Rules notebook stayed at its top (issue 25); ``#cell-id=RUN-5`` is found in the notebook's
    model at once. Every rule link names a cell of the Rules notebook that holds that rule."""
    for lang_dir in (NOTEBOOKS, NOTEBOOKS / "fr", NOTEBOOKS / "it"):
        rules = {c["id"]: c["source"] for c in _load(lang_dir / f"{RULES_NOTEBOOK}.ipynb")["cells"]}
        for path in sorted(lang_dir.glob("*.ipynb")) + sorted((lang_dir / "solutions").glob("*.ipynb")):
            text = "".join(c["source"] for c in _load(path)["cells"] if c["cell_type"] == "markdown")
            links = re.findall(r"\]\((?:\.\./)?Rules\.ipynb#([^)]*)\)", text)
            for target in links:
                assert target.startswith("cell-id="), f"{path}: rule link #{target} lands only once rendered"
                rule_id = target.removeprefix("cell-id=")
                assert rule_id in rules and f"#### {rule_id}\n" in rules[rule_id] + "\n", (path.name, rule_id)


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_teachers_page_has_the_rules_on_one_page_and_notes_for_the_lesson(lang: str) -> None:
    """Issue 25: the teacher's page, in each language, summarises the rules in the order of the
    FIBUR Codice di Gara's articles (the cards, the deal, the pozzetto, melds, burraco, closing,
    the count) with the FIBUR terms and their French equivalents, then gives notes for the
    lesson: timing, the usual misconceptions, how to collect the results files."""
    from buraco_learn.i18n import UNTRANSLATED

    folder = NOTEBOOKS if lang == "en" else NOTEBOOKS / lang
    text = "\n".join(c["source"] for c in _load(folder / "11-Teacher.ipynb")["cells"] if c["cell_type"] == "markdown")
    summary = text[text.index("Codice di Gara"):]
    order = ["EQ-1", "DEAL-1", "POT-1", "RUN-1", "BUR-1", "CLOSE-1", "SCORE-1"]
    places = [summary.index(f"[{r}]") for r in order]
    assert places == sorted(places), "the summary follows the Codice's order of articles"
    for term in ("pozzetto", "sequenza", "combinazione", "burrachi", "pesca", "raccolta", "tallone",
                 "puits", "série", "suite", "pioche", "défausse"):
        assert term in summary, term
    for what in ("download_results(", "buraco-learn class-report", "report.html", "CLOSE-3", "SCORE-2"):
        assert what in summary, what
    assert UNTRANSLATED not in text


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_presets_table_is_in_words_not_attribute_names(lang: str) -> None:
    """Issue 25: notebook 10's presets table printed attribute names and Python values
    (``natural_two_meld_points``, ``(2,)``, ``None``). It says each rule and what each preset
    says, in words of the notebook's language."""
    folder = NOTEBOOKS if lang == "en" else NOTEBOOKS / lang
    cells = _load(folder / "10-Variants.ipynb")["cells"]
    at = next(i for i, c in enumerate(cells) if c["cell_type"] == "markdown" and c["source"].startswith("## "))
    table = next(c for c in cells[at:] if c["cell_type"] == "code")  # the cell under "The presets side by side"
    shown = "".join("".join(o.get("data", {}).get("text/html", "")) + "".join(o.get("data", {}).get("text/plain", ""))
                    + "".join(o.get("text", "")) for o in table["outputs"])
    for python in ("natural_two_meld_points", "semi_clean_bonus", "(2,)", "None", "False", "True"):
        assert python not in shown, python
    assert "BUR-3" in shown and "STOCK-1" in shown and "<table" in shown
    english = ("Semi-clean burraco", "only when another side took its pot", "takes the low end if it can")
    assert all((w in shown) == (lang == "en") for w in english), lang
    # its plain text (where the HTML cannot show) puts the language's colon after each rule's label
    assert ("(BUR-3)\u00a0: " if lang == "fr" else "(BUR-3): ") in shown, lang
