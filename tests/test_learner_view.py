"""What a learner sees (issue 10), in every language of the course (issue 15): every exercise shows what it needs to be answered, no demo above
an exercise prints its answer, and no output ever shows a Python frame — in the stored notebooks
(no kernel needed) and after a Run All as a learner would do it (nbclient, errors allowed)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from buraco_learn.cards import parse_cards
from buraco_learn.course.build import load_sources
from buraco_learn.i18n import LANGUAGES, language, tr
from buraco_learn.exercises import (EXERCISES, ActionExercise, CardsExercise, ChoiceExercise, Exercise,
                                    LayOffExercise, MeldExercise, NumberExercise)

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
SOURCES = load_sources()
LEARNER = sorted(SOURCES)
#: The course's folders: English in notebooks/, each other language in notebooks/<lang>/.
FOLDERS = {lang: NOTEBOOKS if lang == "en" else NOTEBOOKS / lang for lang in LANGUAGES}
FRAME = re.compile(r'Traceback \(most recent call last\)|File "[^"]*buraco_learn[^"]*"|File "/')
CHECK_CALL = re.compile(r"^check_\w+\('([^']+)', answer\)$", re.M)


def _cells(stem: str, folder: Path = NOTEBOOKS) -> list[dict[str, Any]]:
    nb = json.loads((folder / f"{stem}.ipynb").read_text(encoding="utf-8"))
    for c in nb["cells"]:
        if not isinstance(c["source"], str):
            c["source"] = "".join(c["source"])
    return list(nb["cells"])


def _output_text(cell: dict[str, Any]) -> str:
    parts = []
    for o in cell.get("outputs", []):
        parts.append("".join(o.get("text", "")))
        for key in ("text/plain", "text/html"):
            parts.append("".join(o.get("data", {}).get(key, "")))
        parts.append("\n".join(o.get("traceback", [])))
    return "\n".join(parts)


def _exercises(cells: list[dict[str, Any]]) -> list[tuple[int, Exercise]]:
    """(index of the blank cell, exercise) for every exercise of a learner notebook."""
    out = []
    for i, c in enumerate(cells):
        if c["cell_type"] == "code" and c["source"].startswith("answer = ..."):
            m = CHECK_CALL.search(c["source"])
            assert m, c["source"]
            out.append((i, EXERCISES[m.group(1)]))
    return out


def _what_stands_above(cells: list[dict[str, Any]], i: int) -> tuple[str, str]:
    """The exercise's Markdown (its ``### Exercise`` cell) and what the cells between it and the
    blank show (the setup cell's stored output, as text and HTML)."""
    k = i - 1
    shown = []
    while cells[k]["cell_type"] != "markdown":
        shown.append(_output_text(cells[k]))
        k -= 1
    head = "### " + tr("Exercise {number}").partition("{")[0]  # in the language being read
    assert cells[k]["source"].startswith(head), cells[k]["source"][:80]
    return cells[k]["source"], "\n".join(shown)


def _card_names(text: str) -> list[str]:
    return [str(c) for c in parse_cards(re.sub(r"\(=[^)]*\)", "", text))]


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("stem", LEARNER)
def test_every_exercise_shows_what_it_needs(stem: str, lang: str) -> None:
    """Each choice's options, each card the exercise names, and the form of the answer stand above
    the blank; an exercise about a table has the table drawn above it."""
    with language(lang):
        _every_exercise_shows_what_it_needs(stem, lang)


def _every_exercise_shows_what_it_needs(stem: str, lang: str) -> None:
    cells = _cells(stem, FOLDERS[lang])
    form = "*" + tr("How to answer: {form}. Rules: {rules}.").partition("{")[0]
    for i, ex in _exercises(cells):
        markdown, shown = _what_stands_above(cells, i)
        assert tr(ex.question) in markdown, ex.id
        assert form in markdown, f"{ex.id}: the form of the answer is not said"
        if isinstance(ex, ChoiceExercise):
            for letter, option in ex.options.items():
                assert f"**{letter})** {tr(option)}" in markdown, f"{stem} {ex.id}: option {letter}) is not shown"
        if isinstance(ex, (MeldExercise, LayOffExercise)):
            hand, meld = ex.cards_shown()
            for card in _card_names(hand) + _card_names(meld):
                assert card in markdown or card in shown, f"{stem} {ex.id}: the card {card} is not shown"
            if any(ex.cards_shown()):
                assert 'class="card ' in shown, f"{stem} {ex.id}: its cards are not drawn"
        if "PuzzleWidget(" in ex.setup:
            assert 'class="puzzle-static"' in shown, f"{stem} {ex.id}: the puzzle is not drawn before the cell runs"
        if ex.position is not None and not ex.setup:
            g = ex.game()
            assert shown, f"{stem} {ex.id}: its table is not drawn above it"
            if not g.is_over:
                for card in g.hand(g.to_move):
                    assert str(card) in shown, f"{stem} {ex.id}: the hand to play is not shown ({card})"


#: Numbers that are the rule being taught (a bonus in the kinds' picture), not a computed answer.
TAUGHT_NUMBERS = {"semi-set": "150 is the semi-clean bonus, shown in the kinds' picture; the question is "
                              "whether an 8-card set with a wild is semi-clean"}


def _worked_strings(ex: Exercise) -> list[str]:
    """How an exercise's answer would look if a demo printed it."""
    if ex.id in TAUGHT_NUMBERS:
        return []
    if isinstance(ex, NumberExercise):
        n = ex.worked_answer()
        return [str(n)] if abs(n) >= 20 else []
    if isinstance(ex, MeldExercise):
        return [str(ex.worked_answer())]
    if isinstance(ex, LayOffExercise) and ex.result:
        return [ex.result]
    if isinstance(ex, ActionExercise):
        return [str(ex.answer)]
    return []


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("stem", LEARNER)
def test_no_demo_above_an_exercise_prints_its_answer(stem: str, lang: str) -> None:
    """Demos use other cards: no output above an exercise holds its worked answer."""
    learner = _cells(stem, FOLDERS[lang])
    exercises = _exercises(learner)
    # the exercises' own cells (the table or cards they are about) are not demos
    own: set[int] = set()
    for i, _ in exercises:
        k = i
        while learner[k]["cell_type"] != "markdown":
            own.add(k)
            k -= 1
    for i, ex in exercises:
        above = "\n".join(_output_text(c) for k, c in enumerate(learner[:i]) if c["cell_type"] == "code"
                          and k not in own)
        for answer in _worked_strings(ex):
            pattern = rf"(?<![\w-]){re.escape(answer)}(?![\w])"
            assert not re.search(pattern, above), f"{stem} {ex.id}: a cell above prints the answer {answer!r}"


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("folder", ["", "solutions"])
@pytest.mark.parametrize("stem", LEARNER + ["Cheat-sheet", "Rules"])
def test_no_stored_output_shows_a_python_frame(stem: str, folder: str, lang: str) -> None:
    base = FOLDERS[lang]
    path = (base / folder if folder else base) / f"{stem}.ipynb"
    if not path.exists():
        assert folder == "solutions" and stem in ("Cheat-sheet", "Rules")
        return
    for c in _cells(stem, base / folder if folder else base):
        text = _output_text(c)
        assert not FRAME.search(text), f"{folder}/{stem}: a stored output shows a Python frame:\n{text[:400]}"
        assert not any(o.get("output_type") == "error" for o in c.get("outputs", [])), f"{stem}: an error stored"


@pytest.mark.parametrize("lang", list(LANGUAGES))
@pytest.mark.parametrize("stem", LEARNER)
def test_run_all_as_a_learner_shows_boxes_not_tracebacks(stem: str, lang: str) -> None:
    """Run All with errors allowed (as JupyterLab goes past a raising cell): every blank shows the
    ✎ box and one short line, and no output of any cell shows a Python frame."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    path = FOLDERS[lang] / f"{stem}.ipynb"
    nb = nbformat.read(path, as_version=4)
    nbclient.NotebookClient(nb, timeout=180, kernel_name="python3", allow_errors=True,
                            resources={"metadata": {"path": str(path.parent)}}).execute()
    with language(lang):
        not_answered = tr("✎ Not answered yet")
    blanks = 0
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        text = _output_text(cell)
        assert not FRAME.search(text), f"{stem}: Run All shows a Python frame:\n{cell.source[:200]}\n{text[:600]}"
        errors = [o for o in cell.outputs if o.output_type == "error"]
        if cell.source.startswith("answer = ..."):
            blanks += 1
            html = "".join(o.get("data", {}).get("text/html", "") for o in cell.outputs)
            assert 'class="bl-feedback bl-blank"' in html and not_answered in html, cell.source
            assert len(errors) == 1 and len(errors[0].traceback) == 1, cell.source
        else:
            assert not errors, f"{stem}: a cell that is not a blank raised:\n{cell.source[:200]}\n{text[:600]}"
    assert blanks == len(SOURCES[stem].exercises())


def test_a_learner_slip_in_python_gets_a_box_not_frames() -> None:
    """Cards typed without quotes (a NameError), a mistyped exercise id, the wrong check: each shows
    a ✗ box or one short line, never Python frames (run in a real kernel with nbclient)."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("from buraco_learn.exercises import check_meld, check_number"),
                nbformat.v4.new_code_cell("answer = QH\ncheck_meld('ace-high', answer)"),
                nbformat.v4.new_code_cell("check_number('no-such-exercise', 3)"),
                nbformat.v4.new_code_cell("check_meld('deck-size', 108)"),
                nbformat.v4.new_code_cell("check_number('deck-size', '108')")]
    nbclient.NotebookClient(nb, timeout=120, kernel_name="python3", allow_errors=True).execute()
    name_error, unknown, wrong_kind, right = nb.cells[1:]
    html = "".join(o.get("data", {}).get("text/html", "") for o in name_error.outputs)
    assert "bl-wrong" in html and "Python does not know the name" in html and 'answer = "QH KH AH"' in html
    # IPython's custom handler shows the box alone (the cell still fails: Run All stops there)
    assert not FRAME.search(_output_text(name_error)) and "Traceback" not in _output_text(name_error)
    for cell in (unknown, wrong_kind):
        errors = [o for o in cell.outputs if o.output_type == "error"]
        assert len(errors) == 1 and len(errors[0].traceback) == 1, cell.source
        assert not FRAME.search(_output_text(cell)), cell.source
    assert "no exercise 'no-such-exercise'" in errors_text(unknown)
    assert "checked with check_number" in errors_text(wrong_kind)
    assert "✓ Right" in "".join(o.get("data", {}).get("text/html", "") for o in right.outputs)


def errors_text(cell: Any) -> str:
    return "\n".join(line for o in cell.outputs if o.output_type == "error" for line in o.traceback)
