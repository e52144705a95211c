"""The teacher's class report: a generated class of 30 learners, with a second file of one learner,
a tampered and a foreign file, combined by ``buraco-learn class-report``; every count checked
against what the generator made each learner do (each right answer is in the file, and the report
checks it again: tests/test_report_trust.py has the forged and damaged files)."""

from __future__ import annotations

import csv
import io
import json
import random
from pathlib import Path

import pytest

from buraco_learn.cli import main
from buraco_learn.exercises import EXERCISES as COURSE
from buraco_learn.progress import answer_value, course_notebooks, results_of, verify
from buraco_learn.report import ClassReport, outcome

EXERCISES = [i for _, _, ids in course_notebooks() for i in ids]
RULES = ["RUN-1", "RUN-2", "SET-1", "EQ-1", "WILD-1", "CLOSE-2"]


def _learner(rng: random.Random) -> dict[str, dict[str, object]]:
    """A learner's progress file content: each exercise untried, right first try, right after
    wrong tries (with hints and missed rules), or tried and not right."""
    out: dict[str, dict[str, object]] = {}
    for ex in EXERCISES[:20]:
        kind = rng.choice(["none", "first", "after", "not"])
        if kind == "none":
            continue
        wrong = 0 if kind == "first" else rng.randint(1, 4)
        missed = {rng.choice(RULES): wrong} if wrong else {}
        out[ex] = {"right": kind != "not", "first_try": kind == "first", "tries": wrong + (kind != "not"),
                   "hint": min(wrong, 2), "worked": wrong >= 3, "missed": missed,
                   "first": "2026-11-30T09:00:00Z", "last": "2026-11-30T09:30:00Z"}
        if kind != "not":
            out[ex]["answer"] = answer_value(COURSE[ex].worked_answer())
    return out


@pytest.fixture
def klass(tmp_path: Path) -> tuple[Path, dict[str, dict[str, dict[str, object]]]]:
    """30 learners' files, plus: Learner 07 handing in twice (the second, later file differs: both
    are shown, the class's counts hold the best of the two),
    Learner 12's file edited after writing, and a file that is not a results file."""
    rng = random.Random(14)
    folder = tmp_path / "handed-in"
    folder.mkdir()
    truth = {}
    for k in range(1, 31):
        name = f"Learner {k:02d}"
        progress = _learner(rng)
        data = results_of({"exercises": progress}, name, now=f"2026-11-30T10:{k:02d}:00Z")
        (folder / f"learner-{k:02d}.json").write_text(json.dumps(data))
        truth[name] = data["exercises"]
    later = _learner(rng)
    dup = results_of({"exercises": later}, "  learner   07", now="2026-11-30T11:00:00Z")
    (folder / "learner-07-again.json").write_text(json.dumps(dup))
    first = truth["Learner 07"]
    best = {}
    for ex in set(first) | set(dup["exercises"]):
        a, b = first.get(ex), dup["exercises"].get(ex)
        rank = ["not tried", "not yet", "after hints", "first try"]
        best[ex] = max((a, b), key=lambda e: rank.index(outcome(e)))
    truth["Learner 07"] = best
    tampered = json.loads((folder / "learner-12.json").read_text())
    for e in tampered["exercises"].values():
        e["right"], e["first_try"] = True, True
    (folder / "learner-12.json").write_text(json.dumps(tampered))
    del truth["Learner 12"]
    (folder / "notes.json").write_text(json.dumps({"hello": "not a results file"}))
    return folder, truth


def test_class_report_counts_each_exercise_and_leaves_out_bad_files(
        klass: tuple[Path, dict[str, dict[str, dict[str, object]]]], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    folder, truth = klass
    files = {n: json.loads((folder / n).read_text())["exercises"] for n in ("learner-07.json", "learner-07-again.json")}
    out = tmp_path / "report"
    assert main(["class-report", *sorted(map(str, folder.glob("*.json"))), "--out", str(out)]) == 0
    said = capsys.readouterr()
    assert "29 learners counted, 2 files left out" in said.out  # Learner 07 once, with two files
    for name in ("learner-12.json", "notes.json"):
        assert name in said.err
    assert "learner-07.json" in said.err and "learner-07-again.json" in said.err, "the two files are named"
    report = ClassReport.from_files([folder])
    assert len(report.learners) == 30 and len(report.groups()) == 29
    kinds = {r.path.name: r.kind for r in report.left_out}
    assert kinds == {"learner-12.json": "tampered", "notes.json": "foreign"}
    # per exercise: the counts are the generator's, never including the left-out files
    rows = {r.exercise: r for r in report.exercise_rows()}
    for ex in EXERCISES[:20]:
        want = [outcome(t.get(ex)) for t in truth.values()]
        r = rows[ex]
        assert (r.first_try, r.after_hints, r.not_at_all, r.not_tried) == (
            want.count("first try"), want.count("after hints"), want.count("not yet"), want.count("not tried")), ex
    # rules most often missed: learners per rule, from the wrong answers' rule IDs
    missed = {r: k for r, k, _ in report.missed_rules()}
    for rule in RULES:
        said = [t for n, t in truth.items() if n != "Learner 07"] + [{**files["learner-07.json"], **{
            f"again-{ex}": e for ex, e in files["learner-07-again.json"].items()}}]  # a learner's two files: both
        assert missed.get(rule, 0) == sum(1 for t in said if any(rule in e["missed"] for e in t.values()))
    counts = [k for _, k, _ in report.missed_rules()]
    assert counts == sorted(counts, reverse=True)
    # the HTML page names every left-out file and draws bars; the CSV has one line per learner
    html = (out / "report.html").read_text()
    assert "Files left out (2)" in html and "learner-12.json" in html and "tampered" in html
    assert html.count('class="bar"') >= 20 + 30
    assert "29 learners counted" in html
    notebooks = dict(report.notebook_rows())
    assert sum(notebooks["02-Cards"].values()) == 29 * len(next(ids for s, _, ids in course_notebooks()
                                                                if s == "02-Cards"))
    assert notebooks["02-Cards"]["first try"] == sum(rows[e].first_try for e in rows if rows[e].notebook == "02-Cards")
    rows_csv = list(csv.DictReader(io.StringIO((out / "report.csv").read_text())))
    assert [r["learner"].casefold() for r in rows_csv] == sorted(n.casefold() for n in [*truth, "Learner 07"])
    sevens = [r for r in rows_csv if r["learner"].casefold() == "learner 07"]  # both, side by side
    assert [(r["file"], r["same_learner_as"]) for r in sevens] == [
        ("learner-07.json", "learner-07-again.json"), ("learner-07-again.json", "learner-07.json")]
    for r in rows_csv:
        t = truth[r["learner"].title()] if r["learner"].casefold() != "learner 07" else files[r["file"]]
        assert int(r["right"]) == sum(1 for e in t.values() if e["right"])
        assert int(r["attempts"]) == sum(int(e["attempts"]) for e in t.values())  # type: ignore[call-overload]


def test_a_file_of_another_format_version_is_foreign_another_course_version_has_a_note(tmp_path: Path) -> None:
    files = []
    for k, (course, version) in enumerate([("0.1.0", 1), ("0.1.0", 1), ("0.0.9", 1), ("0.1.0", 2)]):
        data = results_of({"exercises": {}}, f"L{k}")
        data.update(course=course if course != "0.1.0" else _version(), version=version)
        data.pop("checksum")
        from buraco_learn.progress import seal

        path = tmp_path / f"l{k}.json"
        path.write_text(json.dumps(seal(data)))
        files.append(path)
    report = ClassReport.from_files(files)
    assert [l.learner for l in report.learners] == ["L0", "L1", "L2"]
    reasons = {r.path.name: r.reason for r in report.left_out}
    assert list(reasons) == ["l3.json"] and "version 2" in reasons["l3.json"]
    notes = {l.learner: report.learner_row(l)["notes"] for l in report.learners}
    assert notes["L0"] == notes["L1"] == "" and "course version 0.0.9" in notes["L2"]


def _version() -> str:
    from buraco_learn import __version__

    return __version__


def test_the_checksum_detects_any_edit(tmp_path: Path) -> None:
    data = results_of({"exercises": {}}, "Ana")
    assert verify(data)
    for field, value in (("learner", "Bea"), ("course", "9.9"), ("written", "2020-01-01T00:00:00Z")):
        assert not verify({**data, field: value}), field
    (tmp_path / "a.json").write_text(json.dumps({**data, "checksum": "sha256:" + "0" * 64}))
    assert ClassReport.from_files([tmp_path]).left_out[0].kind == "tampered"


def test_no_countable_file_is_an_error_that_says_what_to_do(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "x.json").write_text("not json")
    assert main(["class-report", str(tmp_path / "x.json"), "--out", str(tmp_path / "r")]) == 1
    err = capsys.readouterr().err
    assert "not JSON" in err and "download_results" in err
