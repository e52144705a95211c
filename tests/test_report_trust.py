"""The class report holds against any results file (issue 21): a grade comes from the answers the
file holds, re-checked with the course's own checkers; no file pushes out another; a damaged file
of any kind is named with its reason and left out, and the rest of the class is reported; the CSV
and the HTML page cannot be turned against the teacher."""

from __future__ import annotations

import csv
import io
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from buraco_learn.cli import main
from buraco_learn.exercises import EXERCISES
from buraco_learn.progress import Progress, answer_value, checksum, download_results, results_of, seal
from buraco_learn.report import ClassReport, name_key

COURSE = list(EXERCISES)


def _right(ex: str, first_try: bool = True, **more: Any) -> dict[str, Any]:
    """A progress entry of an exercise answered right, with the course's worked answer."""
    return {"right": True, "first_try": first_try, "tries": 1 if first_try else 3, "hint": 0 if first_try else 2,
            "worked": False, "missed": {}, "first": "2026-11-30T09:00:00Z", "last": "2026-11-30T09:10:00Z",
            "answer": answer_value(EXERCISES[ex].worked_answer()), **more}


def _file(folder: Path, name: str, learner: str, exercises: dict[str, Any], **fields: Any) -> Path:
    data = results_of({"exercises": exercises}, learner, now=fields.pop("now", "2026-11-30T10:00:00Z"))
    if fields:
        data = seal({**data, **fields})
    path = folder / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def _forged(folder: Path, name: str, learner: str, exercises: dict[str, Any], **fields: Any) -> Path:
    """A results file made up by hand and sealed with the package's public checksum."""
    data = {"format": "buraco_learn-results", "version": 1, "learner": learner, "course": _course(),
            "written": "2026-11-30T10:00:00Z", "exercises": exercises, **fields}
    path = folder / name
    path.write_text(json.dumps(seal(data), ensure_ascii=False), encoding="utf-8")
    return path


def _course() -> str:
    from buraco_learn import __version__

    return __version__


def _claim(ex: str, **more: Any) -> dict[str, Any]:
    entry = {"notebook": "", "right": True, "first_try": True, "attempts": 1, "hints": 0, "worked": False,
             "first": "", "last": "", "right_at": "", "missed": {}}
    entry.update(more)
    return entry


# ----------------------------------------------------------------------------- forgery
def test_a_made_up_file_claiming_every_exercise_right_counts_for_nothing(tmp_path: Path) -> None:
    """A claim of "right" without the answer that earns it, or with an answer the checker refuses."""
    _forged(tmp_path, "forged.json", "Zed", {ex: _claim(ex) for ex in COURSE})
    _forged(tmp_path, "wrong.json", "Yan", {"deck-size": _claim("deck-size", answer=104),
                                             "ace-high": _claim("ace-high", answer="QH KH")})
    report = ClassReport.from_files([tmp_path])
    rows = {l.learner: report.learner_row(l) for l in report.learners}
    assert rows["Zed"]["right"] == 0 and rows["Zed"]["claimed_not_shown"] == len(COURSE)
    assert rows["Yan"]["right"] == 0 and rows["Yan"]["claimed_not_shown"] == 2
    assert all(r.first_try == r.after_hints == 0 for r in report.exercise_rows(tried_only=False))


def test_a_right_answer_recorded_in_the_notebook_is_checked_again_by_the_report(tmp_path: Path) -> None:
    p = Progress(tmp_path / "progress.json")
    p.record("deck-size", "wrong", answer=104, attempt=1, rules=("EQ-1",))
    p.record("deck-size", "right", answer=108)
    p.record("ace-high", "right", answer="QH KH AH")
    p.record("always-wild", "wrong", answer="a", attempt=1)
    (tmp_path / "ana.json").write_text(json.dumps(p.results("Ana")))
    report = ClassReport.from_files([tmp_path / "ana.json"])
    (ana,) = report.learners
    assert ana.outcome("deck-size") == "after hints" and ana.outcome("ace-high") == "first try"
    assert ana.outcome("always-wild") == "not yet" and ana.outcome("deck-size-2") == "not tried"
    assert report.learner_row(ana)["right"] == 2 and report.learner_row(ana)["claimed_not_shown"] == 0


def test_every_worked_answer_of_the_course_survives_its_way_into_a_results_file(tmp_path: Path) -> None:
    """What the notebook records of a right answer is what the report's re-check accepts."""
    _file(tmp_path, "all.json", "Ada", {ex: _right(ex) for ex in COURSE})
    (ada,) = ClassReport.from_files([tmp_path]).learners
    assert [ex for ex in COURSE if ada.outcome(ex) != "first try"] == []


def test_a_progress_entry_s_answer_goes_into_the_results_file_in_the_form_the_report_reads(tmp_path: Path) -> None:
    """A whole float (a number typed as 108.0), a tuple of cards: written as the report reads them,
    never as a value that would make the learner's whole file damaged; an answer no file can hold
    is left out (the claim then counts for nothing) and the rest of the file stays."""
    exercises = {"deck-size": _right("deck-size", answer=108.0), "ace-high": _right("ace-high", answer=("QH", "KH", "AH")),
                 "always-wild": _right("always-wild", answer={"a": 1}), "hand-size": _right("hand-size", answer=True),
                 "suits-run": _right("suits-run", answer=answer_value("\t" + EXERCISES["suits-run"].worked_answer() + "\n"))}
    data = results_of({"exercises": exercises}, "Ana")
    assert data["exercises"]["deck-size"]["answer"] == 108 and data["exercises"]["ace-high"]["answer"] == ["QH", "KH", "AH"]
    assert "answer" not in data["exercises"]["always-wild"] and "answer" not in data["exercises"]["hand-size"]
    (tmp_path / "ana.json").write_text(json.dumps(data))
    report = ClassReport.from_files([tmp_path])
    assert report.left_out == [] and report.learner_row(report.learners[0])["right"] == 3


def test_a_later_file_with_the_same_name_never_pushes_out_the_first(tmp_path: Path) -> None:
    _file(tmp_path, "ana.json", "Ana", {"deck-size": _right("deck-size")})
    _forged(tmp_path, "zz.json", "ana", {}, written="2099-01-01T00:00:00Z")
    report = ClassReport.from_files([tmp_path])
    assert sorted(l.path.name for l in report.learners) == ["ana.json", "zz.json"] and report.left_out == []
    rows = {l.path.name: report.learner_row(l) for l in report.learners}
    assert rows["ana.json"]["same_learner_as"] == "zz.json" and rows["zz.json"]["same_learner_as"] == "ana.json"
    # the class's counts hold the learner once, with what the genuine file proves
    (row,) = [r for r in report.exercise_rows() if r.exercise == "deck-size"]
    assert (row.first_try, row.not_tried) == (1, 0)
    assert "zz.json" in report.html() and "same learner" in report.html()
    assert "1 learner counted" in report.html()
    assert 'style="width:100.0%;background:#2e7d32"' in report.html(), "the bar holds the learner once"


def test_forged_course_versions_cannot_make_the_genuine_files_foreign(tmp_path: Path) -> None:
    for k in range(3):
        _file(tmp_path, f"forged-{k}.json", f"F{k}", {}, course="9.9")
    _file(tmp_path, "ana.json", "Ana", {"deck-size": _right("deck-size")})
    report = ClassReport.from_files([tmp_path])
    assert report.course == _course() and report.left_out == []
    rows = {l.learner: report.learner_row(l) for l in report.learners}
    assert rows["Ana"]["notes"] == "" and rows["Ana"]["right"] == 1
    assert all("9.9" in rows[f"F{k}"]["notes"] for k in range(3))


@pytest.mark.parametrize("other", ["ana", " ANA ", "A\u200bna", "An\u00ada", "\u0410na", "An\u03b1", "Ａｎａ",
                                   "A\u2060n\ufeffa"])
def test_names_are_compared_after_normalisation_and_with_look_alikes_folded(other: str) -> None:
    assert name_key(other) == name_key("Ana")


def test_different_names_stay_different() -> None:
    assert len({name_key(n) for n in ("Ana", "Anna", "Ana B.", "Ána", "李", "李四")}) == 6


def test_a_look_alike_second_file_is_shown_beside_the_first(tmp_path: Path) -> None:
    _file(tmp_path, "ana.json", "Ana", {})
    _file(tmp_path, "cyr.json", "\u0410na", {})
    rep = ClassReport.from_files([tmp_path])
    rows = {l.path.name: rep.learner_row(l) for l in rep.learners}
    assert rows["cyr.json"]["same_learner_as"] == "ana.json"


@pytest.mark.parametrize("name, file", [("李", "buraco-results-李.json"), ("Zoë Ångström", "buraco-results-zoë-ångström.json"),
                                        ("../../etc/passwd", "buraco-results-etc-passwd.json"),
                                        ("A\u202eB", "buraco-results-a-b.json"), ("...", "buraco-results-learner.json")])
def test_results_file_names_keep_non_ascii_names_readable_and_stay_in_their_folder(
        name: str, file: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    written = download_results(name, tmp_path)
    assert written.path == tmp_path / file and written.path.is_file()


def test_a_name_with_control_characters_still_gives_a_file_the_report_counts(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    written = download_results("Ana\x1b[31m\x00 \ud800Silva", tmp_path)
    (ana,) = ClassReport.from_files([written.path]).learners
    assert ana.learner == "Ana[31m Silva"


# ----------------------------------------------------------------------------- damaged files
def _sealed_with(**entry: Any) -> str:
    data = {"format": "buraco_learn-results", "version": 1, "learner": "Bad", "course": _course(),
            "written": "2026-11-30T10:00:00Z", "exercises": {"deck-size": _claim("deck-size", **{"answer": 108, **entry})}}
    data["checksum"] = checksum(data)
    return json.dumps(data)


DAMAGED: dict[str, bytes] = {
    "deep": b"[" * 100_000,
    "deep-object": b'{"a":' * 50_000,
    "attempts-text": _sealed_with(attempts="abc").encode(),
    "attempts-infinity": _sealed_with(attempts=1).replace('"attempts": 1', '"attempts": Infinity').encode(),
    "attempts-null": _sealed_with(attempts=None).encode(),
    "missed-nan": _sealed_with(missed={"RUN-1": 1}).replace('{"RUN-1": 1}', '{"RUN-1": NaN}').encode(),
    "right-text": _sealed_with(right="yes").encode(),
    "huge-number": _sealed_with(attempts=10 ** 30).encode(),
    "bool-as-number": _sealed_with(hints=True).encode(),
    "invalid-utf8": b'{"learner": "\xff\xfe"}',
    "lone-surrogate": _sealed_with(answer="\\ud800").replace("\\\\ud800", "\\ud800").encode(),
    "list": b"[1, 2, 3]",
    "number": b"42",
    "null": b"null",
    "string": b'"results"',
    "empty": b"",
    "huge": b'{"learner": "' + b"x" * 3_000_000 + b'"}',
    "long-name": _sealed_with().replace('"Bad"', json.dumps("B" * 5000)).encode(),
    "too-many-exercises": json.dumps(seal({"format": "buraco_learn-results", "version": 1, "learner": "Many",
                                           "course": _course(), "written": "", "exercises": {
                                               f"x{k}": _claim("x") for k in range(5000)}})).encode(),
    "duplicate-key": _sealed_with().replace('"right": true', '"right": false, "right": true').encode(),
    "exercise-list": json.dumps(seal({"format": "buraco_learn-results", "version": 1, "learner": "L",
                                      "course": _course(), "written": "", "exercises": []})).encode(),
}


@pytest.mark.parametrize("kind", sorted(DAMAGED))
def test_a_damaged_file_is_named_with_its_reason_and_the_class_is_still_reported(
        kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    _file(folder, "ana.json", "Ana", {"deck-size": _right("deck-size")})
    (folder / f"{kind}.json").write_bytes(DAMAGED[kind])
    report = ClassReport.from_files([folder])
    assert [l.learner for l in report.learners] == ["Ana"]
    (bad,) = report.left_out
    assert bad.path.name == f"{kind}.json" and bad.kind in ("foreign", "damaged") and bad.reason
    assert len(bad.reason) < 300, "an excerpt of the file is bounded"
    assert main(["class-report", str(folder), "--out", str(tmp_path / "out")]) == 0
    err = capsys.readouterr().err
    assert f"{kind}.json" in err and "Traceback" not in err


def test_a_folder_a_fifo_and_a_missing_file_given_as_files_are_left_out(tmp_path: Path) -> None:
    _file(tmp_path, "ana.json", "Ana", {})
    (tmp_path / "dir.json").mkdir()
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    report = ClassReport.from_files([tmp_path, fifo, tmp_path / "dir.json" / "x.json", "/dev/zero", "nul\0.json"])
    assert [l.learner for l in report.learners] == ["Ana"]
    reasons = {r.path.name: r.reason for r in report.left_out}
    assert set(reasons) == {"dir.json", "pipe.json", "x.json", "zero", "nul\0.json"}
    assert "not a file" in reasons["pipe.json"] and "not a file" in reasons["zero"]


# ----------------------------------------------------------------------------- CSV and HTML
@pytest.mark.parametrize("name", ["=HYPERLINK(\"http://x\",\"ok\")", "+1+1", "-2+3", "@SUM(A1)", "\t=1",
                                  "\r=1", "  =1", "\u3000=1"])
def test_a_csv_cell_a_spreadsheet_would_run_as_a_formula_is_escaped(name: str, tmp_path: Path) -> None:
    _file(tmp_path, "evil.json", name, {})
    _file(tmp_path, "ok.json", "Bob", {})
    rows = list(csv.reader(io.StringIO(ClassReport.from_files([tmp_path]).csv())))
    cells = [c for row in rows[1:] for c in row]
    assert any(c.startswith("'") and name.strip() in c for c in cells)
    for c in cells:
        assert not c.lstrip().startswith(("=", "+", "-", "@", "\t", "\r")), c


def test_the_html_page_escapes_everything_a_file_says(tmp_path: Path) -> None:
    script = "<script>alert(1)</script>"
    _file(tmp_path, "x<script>.json", f"Eve{script}", {"deck-size": _right("deck-size")}, course=script,
          written=script)
    _forged(tmp_path, "y.json", "Mal", {f"{script}": _claim("x", notebook=script, missed={script: 1})})
    (tmp_path / "z.json").write_text(json.dumps({"format": script}))
    page = ClassReport.from_files([tmp_path]).html()
    assert "<script" not in page and "&lt;script&gt;" in page


# ----------------------------------------------------------------------------- a class
def test_a_class_with_forged_duplicate_damaged_and_look_alike_files(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    rng = random.Random(21)
    genuine: dict[str, int] = {}
    for k in range(12):
        exs = rng.sample(COURSE, rng.randint(0, 12))
        _file(tmp_path, f"l{k:02d}.json", f"Learner {k:02d}", {ex: _right(ex) for ex in exs},
              now=f"2026-11-30T10:{k:02d}:00Z")
        genuine[f"Learner {k:02d}"] = len(exs)
    _forged(tmp_path, "forged-75.json", "Learner 99", {ex: _claim(ex) for ex in COURSE})
    _forged(tmp_path, "forged-later.json", "learner 03", {}, written="2099-01-01T00:00:00Z")
    _file(tmp_path, "lookalike.json", "L\u0435arner\u200b 05", {})
    _file(tmp_path, "v99-a.json", "V A", {}, course="9.9")
    _file(tmp_path, "v99-b.json", "V B", {}, course="9.9")
    (tmp_path / "damaged.json").write_bytes(DAMAGED["attempts-text"])
    (tmp_path / "deep.json").write_bytes(DAMAGED["deep"])
    edited = json.loads((tmp_path / "l07.json").read_text())
    edited["learner"] = "Someone Else"
    (tmp_path / "edited.json").write_text(json.dumps(edited))
    out = tmp_path / "report"
    assert main(["class-report", str(tmp_path), "--out", str(out)]) == 0
    said = capsys.readouterr()
    report = ClassReport.from_files([tmp_path])
    rows = {l.path.name: report.learner_row(l) for l in report.learners}
    for k in range(12):  # no genuine learner is left out, and each is counted as the answers prove
        row = rows[f"l{k:02d}.json"]
        assert row["right"] == genuine[row["learner"]] and row["claimed_not_shown"] == 0
        assert row["notes"] == "", row
    assert rows["forged-75.json"]["right"] == 0 and rows["forged-75.json"]["claimed_not_shown"] == len(COURSE)
    assert rows["l03.json"]["same_learner_as"] == "forged-later.json"
    assert rows["forged-later.json"]["same_learner_as"] == "l03.json"
    assert rows["l05.json"]["same_learner_as"] == "lookalike.json"
    assert "look like Latin" in rows["lookalike.json"]["notes"] and "\\u0435" in rows["lookalike.json"]["notes"]
    assert "9.9" in rows["v99-a.json"]["notes"] and "9.9" in rows["v99-b.json"]["notes"]
    kinds = {r.path.name: r.kind for r in report.left_out}
    assert kinds == {"damaged.json": "damaged", "deep.json": "damaged", "edited.json": "tampered"}
    for name in kinds:
        assert name in said.err
    assert "Traceback" not in said.err
    csv_rows = list(csv.DictReader(io.StringIO((out / "report.csv").read_text(encoding="utf-8"))))
    assert len(csv_rows) == len(rows) and {r["file"] for r in csv_rows} == set(rows)
    page = (out / "report.html").read_text(encoding="utf-8")
    assert "What this report proves" in page and "the learner&#x27;s word" in page


# ----------------------------------------------------------------------------- fuzz
def _mutate(rng: random.Random, text: str) -> str:
    how = rng.randrange(6)
    if how == 0:  # a byte range cut out
        i = rng.randrange(len(text))
        return text[:i] + text[i + rng.randint(1, 40):]
    if how == 1:  # a character changed
        i = rng.randrange(len(text))
        return text[:i] + rng.choice('{}[]",:0123456789-eE.tfn\\ \u00e9\u200b') + text[i + 1:]
    if how == 2:  # a value swapped for another type, the file sealed again
        data = json.loads(text)
        entry = rng.choice(list(data["exercises"].values()))
        entry[rng.choice(list(entry))] = rng.choice([None, "abc", -1, 10 ** 12, 1.5, [], {}, True, "\u0000"])
        return json.dumps(seal(data))
    if how == 3:  # a top-level field swapped
        data = json.loads(text)
        data[rng.choice(list(data))] = rng.choice([None, "", 0, [], {"a": 1}, "x" * 300, 2 ** 70])
        return json.dumps(seal(data))
    if how == 4:  # a fragment repeated
        i = rng.randrange(len(text))
        return text[:i] + text[i:i + 30] * rng.randint(2, 200) + text[i:]
    data = json.loads(text)  # an answer swapped
    entry = rng.choice(list(data["exercises"].values()))
    entry["answer"] = rng.choice(["", "QH KH AH", "layoff 9: 2C", "meld " + "5H " * 100, 10 ** 9, ["QH"] * 3,
                                  ["x"] * 500, "z" * 2000, {"a": 1}])
    return json.dumps(seal(data))


def test_seeded_mutations_of_a_genuine_file_only_leave_out_lines(tmp_path: Path) -> None:
    genuine = _file(tmp_path, "g.json", "Ana", {ex: _right(ex) for ex in COURSE[:12]}).read_text()
    rng = random.Random(2121)
    folder = tmp_path / "fuzz"
    folder.mkdir()
    for k in range(150):
        text = genuine
        for _ in range(rng.randint(1, 3)):
            try:
                text = _mutate(rng, text)
            except (ValueError, KeyError, IndexError, AttributeError, TypeError):
                break  # a mutation of a file no longer JSON: keep it as it is
        (folder / f"m{k:03d}.json").write_text(text, encoding="utf-8", errors="surrogatepass")
    report = ClassReport.from_files([folder])
    assert len(report.learners) + len(report.left_out) == 150
    for r in report.left_out:
        assert r.kind in ("foreign", "damaged", "tampered") and 0 < len(r.reason) < 300
    for l in report.learners:
        row = report.learner_row(l)
        assert 0 <= row["right"] <= 12
    report.html(), report.csv()


def test_answers_given_in_the_notebook_with_widgets_are_kept_and_checked_again(tmp_path: Path) -> None:
    """The learner's own path: the course's checker records into the progress file (a table's
    selection, a puzzle played by clicks, typed answers), download_results writes the file, and
    the report checks each right answer again."""
    pytest.importorskip("ipywidgets")
    from buraco_learn import Game
    from buraco_learn.exercises import Checker
    from buraco_learn.exercises.catalog import PLAY, PUZZLES
    from buraco_learn.widgets import TableWidget
    from buraco_learn.widgets.puzzle import PuzzleWidget

    progress = Progress(tmp_path / "progress.json")
    checker = Checker(EXERCISES, record=progress.record)
    table = TableWidget(Game.from_position(PLAY), viewer=0)
    table.select("QH", "KH", "AH")
    checker.feedback("pick-a-run", table)
    medium = EXERCISES["puzzle-medium-close"]
    puzzle = PuzzleWidget(PUZZLES[medium.puzzle.name])  # type: ignore[attr-defined]
    for move in medium.puzzle.solution.split(";"):  # type: ignore[attr-defined]
        puzzle.table.play(move.strip())
    checker.feedback("puzzle-medium-close", puzzle)
    checker.feedback("deck-size", 104)
    checker.feedback("deck-size", "108")
    checker.feedback("always-wild", "a")
    (tmp_path / "ana.json").write_text(json.dumps(progress.results("Ana")))
    (ana,) = ClassReport.from_files([tmp_path / "ana.json"]).learners
    assert sorted(ana.exercises["pick-a-run"]["answer"]) == ["AH", "KH", "QH"]
    assert {ex: ana.outcome(ex) for ex in ("pick-a-run", "puzzle-medium-close", "deck-size", "always-wild")} == {
        "pick-a-run": "first try", "puzzle-medium-close": "first try", "deck-size": "after hints",
        "always-wild": "not yet"}
