"""The learner's progress file: every check recorded, kept across kernels, reset on request, a
damaged or hand-edited file set aside with one line and never a crash, re-runs counted once."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from buraco_learn.exercises import EXERCISES, Blank, Checker, NotYet
from buraco_learn.progress import (PROGRESS_FILE, Progress, checksum, download_results, enabled, progress_view,
                                   record_check, reset_progress, results_of, verify)


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A learner's folder as the current folder, with recording switched on."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("BURACO_PROGRESS", "1")
    return tmp_path


def _checker(path: Path) -> Checker:
    return Checker(EXERCISES, record=Progress(path).record)


def _answer(checker: Checker, ex: str, answer: object) -> str:
    try:
        checker.check(ex, answer)
    except Blank:
        return "blank"
    except NotYet:
        return "wrong"
    return "right"


def test_first_check_creates_the_file_and_a_right_answer_is_recorded(tmp_path: Path) -> None:
    path = tmp_path / PROGRESS_FILE
    checker = _checker(path)
    assert not path.exists()
    assert _answer(checker, "deck-size", 108) == "right"
    data = json.loads(path.read_text())
    entry = data["exercises"]["deck-size"]
    assert entry["right"] and entry["first_try"] and entry["tries"] == 1 and entry["hint"] == 0
    assert verify(data) and data["format"] == "buraco_learn-progress"
    assert not list(tmp_path.glob("*.tmp")), "the temporary file of the atomic write is left behind"


def test_wrong_answers_hints_and_worked_answer_are_recorded(tmp_path: Path) -> None:
    path = tmp_path / PROGRESS_FILE
    checker = _checker(path)
    assert _answer(checker, "deck-size", ...) == "blank"
    for wrong in (104, 106, 110):
        assert _answer(checker, "deck-size", wrong) == "wrong"
    entry = Progress(path).load()["exercises"]["deck-size"]
    assert entry["blanks"] == 1 and entry["tries"] == 3 and not entry["right"]
    assert entry["hint"] == 2 and entry["worked"], "the stronger hint and the worked answer were shown"
    assert "EQ-1" in entry["missed"], "the rule the wrong answers broke is counted"
    assert _answer(checker, "deck-size", 108) == "right"
    entry = Progress(path).load()["exercises"]["deck-size"]
    assert entry["right"] and not entry["first_try"] and entry["tries"] == 4


def test_an_unreadable_answer_is_not_a_try(tmp_path: Path) -> None:
    path = tmp_path / PROGRESS_FILE
    assert _answer(_checker(path), "always-wild", 3) == "wrong"  # a choice answered with a number
    assert Progress(path).load()["exercises"]["always-wild"]["tries"] == 0


def test_progress_reloads_in_a_new_kernel_and_rerun_does_not_double_count(tmp_path: Path) -> None:
    """A new Checker is a restarted kernel: its count starts at 0 but the file remembers. Running the
    same answers again (Run All after a restart) counts nothing twice; a right answer stays right."""
    path = tmp_path / PROGRESS_FILE
    for _run in range(2):
        checker = _checker(path)
        assert _answer(checker, "deck-size", 104) == "wrong"
        assert _answer(checker, "deck-size", 108) == "right"
        assert _answer(checker, "ace-high", "QH KH") == "wrong"
    data = Progress(path).load()["exercises"]
    assert data["deck-size"]["tries"] == 2 and data["deck-size"]["right"] and not data["deck-size"]["first_try"]
    assert data["ace-high"]["tries"] == 1 and not data["ace-high"]["right"]
    # after being right, a later wrong answer does not undo it
    assert _answer(_checker(path), "deck-size", 3) == "wrong"
    assert Progress(path).load()["exercises"]["deck-size"]["right"]


def test_reset_forgets_everything(here: Path) -> None:
    record_check("deck-size", "right", answer=108)
    assert (here / PROGRESS_FILE).exists()
    assert "reset" in reset_progress()
    assert not (here / PROGRESS_FILE).exists()
    assert progress_view().text().startswith("Your progress: 0 of")
    assert reset_progress() == "No progress to reset."


@pytest.mark.parametrize("content, why", [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "not a JSON object"),
    ('{"format": "something else"}', "not a version-1 progress file"),
])
def test_a_damaged_file_is_set_aside_with_one_line(here: Path, content: str, why: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    (here / PROGRESS_FILE).write_text(content)
    record_check("deck-size", "right", answer=108)  # never raises
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and why in err and "set aside" in err
    bad = list(here.glob(f"{PROGRESS_FILE}.bad-*"))
    assert len(bad) == 1 and bad[0].read_text() == content, "the damaged file is kept, renamed"
    assert Progress(here / PROGRESS_FILE).load()["exercises"]["deck-size"]["right"], "a new file is started"


def test_a_hand_edited_file_is_set_aside(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record_check("deck-size", "wrong", answer=104, attempt=1)
    path = here / PROGRESS_FILE
    data = json.loads(path.read_text())
    data["exercises"]["deck-size"]["right"] = True  # a learner marks it right by hand
    path.write_text(json.dumps(data))
    view = progress_view()
    assert "changed by hand" in capsys.readouterr().err
    assert sum(n.right for n in view.notebooks) == 0
    assert list(here.glob(f"{PROGRESS_FILE}.bad-*"))


def test_an_unwritable_folder_is_reported_not_raised(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = Progress(tmp_path / "missing-folder" / PROGRESS_FILE)
    p.record("deck-size", "right", answer=108)
    assert "cannot write" in capsys.readouterr().err


def test_recording_is_off_outside_a_kernel_and_when_switched_off(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("BURACO_PROGRESS", raising=False)
    assert not enabled()  # pytest is no notebook kernel
    record_check("deck-size", "right", answer=108)
    monkeypatch.setenv("BURACO_PROGRESS", "0")
    record_check("deck-size", "right", answer=108)
    assert not list(tmp_path.iterdir())


def test_the_course_checker_records_through_check_functions(here: Path) -> None:
    from buraco_learn.exercises import check_number

    check_number("deck-size", 108)
    assert Progress(here / PROGRESS_FILE).load()["exercises"]["deck-size"]["right"]


def test_view_per_notebook_and_what_to_do_next(here: Path) -> None:
    view = progress_view()
    assert not view.recorded and view.next_step().startswith("Next: 01-Welcome.ipynb")
    welcome = view.notebooks[0]
    for ex in ("deck-size", *[e for e in EXERCISES if e in _ids(welcome.stem)]):
        record_check(ex, "right", answer="x")
    record_check("ace-high", "wrong", answer="QH", attempt=1)
    view = progress_view()
    rows = {n.stem: n for n in view.notebooks}
    assert rows["01-Welcome"].right == rows["01-Welcome"].total
    assert rows["03-Melding"].tried == 1 and rows["03-Melding"].right == 0
    assert view.next_step().startswith("Next: 02-Cards.ipynb")
    html = view._repr_html_()
    assert html.count("<tr>") == len(view.notebooks) and 'href="02-Cards.ipynb"' in html
    assert "background:#2e7d32" in html  # a green (right) segment is drawn


def _ids(stem: str) -> list[str]:
    from buraco_learn.progress import course_notebooks

    return next(ids for s, _, ids in course_notebooks() if s == stem)


def test_download_results_is_sealed_and_names_the_learner(here: Path) -> None:
    record_check("deck-size", "wrong", answer=104, attempt=1, rules=("EQ-1",))
    record_check("deck-size", "right", answer=108)
    written = download_results("  Ana   Silva ")
    data = json.loads(written.path.read_text())
    assert written.path.name == "buraco-results-ana-silva.json"
    assert data["learner"] == "Ana Silva" and data["course"] and data["written"]
    e = data["exercises"]["deck-size"]
    assert (e["notebook"], e["right"], e["first_try"], e["attempts"], e["hints"]) == ("02-Cards", True, False, 2, 1)
    assert verify(data) and data["checksum"] == checksum(data)
    data["exercises"]["deck-size"]["first_try"] = True
    assert not verify(data), "an edit after writing is detected"
    with pytest.raises(ValueError, match="type your name"):
        results_of({"exercises": {}}, "   ")


def test_the_course_build_and_test_runs_leave_no_progress_file() -> None:
    """The kernels of a test run (nbval, nbclient) inherit BURACO_PROGRESS=0: a check in one of them
    writes nothing."""
    code = ("import sys, types; ip = types.ModuleType('IPython');"
            "ip.get_ipython = lambda: types.SimpleNamespace(kernel=object()); sys.modules['IPython'] = ip;"
            "from buraco_learn.progress import enabled; print(enabled())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
    env_on = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                            env={**__import__("os").environ, "BURACO_PROGRESS": ""}).stdout
    assert env_on.strip() == "True", "in a kernel, with the switch unset, progress is recorded"


def test_a_real_notebook_kernel_records_and_the_index_view_shows_it(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """In a real kernel (nbclient), with the switch unset as in a learner's JupyterLab, checks land in
    the notebook's folder and show_progress() counts them; a second Run All counts nothing twice."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    monkeypatch.delenv("BURACO_PROGRESS", raising=False)
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("from buraco_learn.exercises import check_number, show_progress"),
                nbformat.v4.new_code_cell("check_number('deck-size', 104)"),
                nbformat.v4.new_code_cell("check_number('deck-size', 108)"),
                nbformat.v4.new_code_cell("print(show_progress().text())")]
    for _run in range(2):
        nbclient.NotebookClient(nb, timeout=120, kernel_name="python3", allow_errors=True,
                                resources={"metadata": {"path": str(tmp_path)}}).execute()
    entry = Progress(tmp_path / PROGRESS_FILE).load()["exercises"]["deck-size"]
    assert entry["right"] and entry["tries"] == 2 and entry["hint"] == 1
    printed = "".join(o.get("text", "") for o in nb.cells[3].outputs)
    cards = next(line for line in printed.splitlines() if "02-Cards" in line)
    assert cards.endswith(f"1/{len(_ids('02-Cards'))} right") and "Next: 01-Welcome.ipynb" in printed


def test_without_rename_the_file_is_still_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A browser file system that cannot rename (a JupyterLite drive might not) still keeps progress."""
    import buraco_learn.progress as progress

    def no_rename(src: str, dst: str) -> None:
        raise OSError("rename not supported")

    monkeypatch.setattr(progress.os, "replace", no_rename)
    path = tmp_path / PROGRESS_FILE
    Progress(path).record("deck-size", "right", answer=108)
    assert Progress(path).load()["exercises"]["deck-size"]["right"]
    assert [p.name for p in tmp_path.iterdir()] == [PROGRESS_FILE]
