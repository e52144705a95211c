"""The teacher's view: a class's results files combined into one report (HTML page and CSV).

Each learner hands in the file :func:`buraco_learn.progress.download_results` writes. The report
says, per exercise, how many learners got it right at the first try, right after hints, not at
all, or did not try it; the rules most often missed (the rule IDs the wrong answers broke); and a
line per learner. Files that cannot be counted are **named and left out**, never merged:

- *foreign*: not JSON, not a results file, another format version, or another course version
  than the rest of the class;
- *tampered*: the checksum does not match the content (the file was edited after it was written;
  the checksum is an integrity check, it detects edits, not forgery);
- *duplicate*: the same learner (name or id, ignoring case and spaces) twice: the file written
  last is used, the others are named.

>>> import tempfile, pathlib, json
>>> from buraco_learn.progress import results_of
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> done = {"right": True, "first_try": True, "tries": 1, "hint": 0, "worked": False, "missed": {}}
>>> for name in ("Ana", "Bea"):
...     _ = (d / f"{name}.json").write_text(json.dumps(results_of({"exercises": {"deck-size": done}}, name)))
>>> _ = (d / "junk.json").write_text("[]")
>>> report = ClassReport.from_files(sorted(d.glob("*.json")))
>>> [l.learner for l in report.learners], [(r.path.name, r.kind) for r in report.left_out]
(['Ana', 'Bea'], [('junk.json', 'foreign')])
>>> report.exercise_rows()[0]
ExerciseRow(exercise='deck-size', notebook='02-Cards', first_try=2, after_hints=0, not_at_all=0, not_tried=0)
"""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from html import escape
from pathlib import Path
from typing import Any

from .progress import RESULTS_FORMAT, VERSION, course_notebooks, verify

__all__ = ["ClassReport", "Learner", "LeftOut", "ExerciseRow", "write_report", "outcome"]

_COLOURS = {"first try": "#2e7d32", "after hints": "#9ccc65", "not yet": "#e53935", "not tried": "#d0d0d0"}
_LEGEND = {"first try": "right first try", "after hints": "right after hints", "not yet": "tried, not right",
           "not tried": "not tried"}


@dataclass(frozen=True)
class Learner:
    """One learner's results file, as read."""

    path: Path
    learner: str
    course: str
    written: str
    exercises: Mapping[str, Mapping[str, Any]]

    @property
    def key(self) -> str:
        """The learner's name or id, ignoring case and spaces (two files with one key: a duplicate)."""
        return " ".join(self.learner.casefold().split())


@dataclass(frozen=True)
class LeftOut:
    """A file the report does not count: ``kind`` is ``foreign``, ``tampered`` or ``duplicate``."""

    path: Path
    kind: str
    reason: str


@dataclass(frozen=True)
class ExerciseRow:
    """How the class did on one exercise: learners right at the first try, right after hints,
    tried but not right, not tried."""

    exercise: str
    notebook: str
    first_try: int
    after_hints: int
    not_at_all: int
    not_tried: int


def outcome(entry: Mapping[str, Any] | None) -> str:
    """One learner's outcome on one exercise: ``first try``, ``after hints``, ``not yet`` (tried,
    not right) or ``not tried``.

    >>> outcome({"right": True, "first_try": False, "attempts": 3}), outcome(None)
    ('after hints', 'not tried')
    """
    if not entry:
        return "not tried"
    if entry.get("right"):
        return "first try" if entry.get("first_try") else "after hints"
    return "not yet" if entry.get("attempts", 0) else "not tried"


def _read(path: Path) -> Learner | LeftOut:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return LeftOut(path, "foreign", "no such file")
    except (OSError, UnicodeDecodeError) as err:
        return LeftOut(path, "foreign", f"cannot be read ({err.__class__.__name__})")
    except ValueError:
        return LeftOut(path, "foreign", "not JSON")
    if not isinstance(data, dict) or data.get("format") != RESULTS_FORMAT:
        what = data.get("format") if isinstance(data, dict) else None
        return LeftOut(path, "foreign", f"not a buraco_learn results file (format {what!r})" if what else
                       "not a buraco_learn results file (download_results() writes one)")
    if data.get("version") != VERSION:
        return LeftOut(path, "foreign", f"results format version {data.get('version')!r}; this report reads "
                                        f"version {VERSION}")
    if not verify(data):
        return LeftOut(path, "tampered", "its checksum does not match its content: it was edited after "
                                         "download_results() wrote it")
    exercises = data.get("exercises")
    if not isinstance(exercises, dict) or not isinstance(data.get("learner"), str) or not all(
            isinstance(e, dict) for e in exercises.values()):
        return LeftOut(path, "foreign", "a results file without a learner or exercises")
    return Learner(path, data["learner"], str(data.get("course", "")), str(data.get("written", "")), exercises)


@dataclass
class ClassReport:
    """A class's results: the learners counted and the files left out (with why)."""

    learners: list[Learner]
    left_out: list[LeftOut] = field(default_factory=list)
    course: str = ""

    @classmethod
    def from_files(cls, paths: Iterable[str | Path]) -> ClassReport:
        """Read every file (a folder stands for its ``*.json`` files) and sort out the ones that
        cannot be counted (see the module docstring)."""
        files: list[Path] = []
        for p in map(Path, paths):
            files.extend(sorted(p.glob("*.json")) if p.is_dir() else [p])
        read = [_read(p) for p in dict.fromkeys(files)]
        left = [r for r in read if isinstance(r, LeftOut)]
        good = [r for r in read if isinstance(r, Learner)]
        course = Counter(l.course for l in good).most_common(1)[0][0] if good else ""
        same = []
        for l in good:
            if l.course != course:
                left.append(LeftOut(l.path, "foreign", f"written by course version {l.course}; the class's "
                                                       f"files are version {course}"))
            else:
                same.append(l)
        by_key: dict[str, list[Learner]] = {}
        for l in same:
            by_key.setdefault(l.key, []).append(l)
        kept = []
        for group in by_key.values():
            last = max(group, key=lambda l: l.written)  # ties: the first file given
            kept.append(last)
            left.extend(LeftOut(l.path, "duplicate", f"the same learner ({l.learner}) as {last.path.name}, which "
                                                     "was written later and is counted")
                        for l in group if l is not last)
        kept.sort(key=lambda l: (l.key, l.path.name))
        return cls(kept, left, course)

    def exercises(self) -> list[tuple[str, str]]:
        """``(exercise id, notebook)`` of every exercise in the course or in a learner's file, in
        course order (exercises the course does not have last, by id)."""
        out = [(i, stem) for stem, _, ids in course_notebooks() for i in ids]
        known = {i for i, _ in out}
        extra = sorted({i for l in self.learners for i in l.exercises} - known)
        return out + [(i, next((str(l.exercises[i].get("notebook", "")) for l in self.learners
                                if i in l.exercises), "")) for i in extra]

    def exercise_rows(self, *, tried_only: bool = True) -> list[ExerciseRow]:
        """Per exercise, the class's outcomes (by default only the exercises someone tried)."""
        rows = []
        for ex, notebook in self.exercises():
            c = Counter(outcome(l.exercises.get(ex)) for l in self.learners)
            if tried_only and c["not tried"] == len(self.learners):
                continue
            rows.append(ExerciseRow(ex, notebook, c["first try"], c["after hints"], c["not yet"], c["not tried"]))
        return rows

    def notebook_rows(self) -> list[tuple[str, dict[str, int]]]:
        """Per notebook with exercises, the class's outcomes summed over its exercises (learner x
        exercise pairs), in course order."""
        out: dict[str, Counter[str]] = {}
        for ex, notebook in self.exercises():
            c = out.setdefault(notebook or "?", Counter())
            for l in self.learners:
                c[outcome(l.exercises.get(ex))] += 1
        return [(nb, {k: c[k] for k in _COLOURS}) for nb, c in out.items()]

    def missed_rules(self) -> list[tuple[str, int, int]]:
        """``(rule ID, learners who missed it, wrong answers citing it)``, most missed first."""
        learners: Counter[str] = Counter()
        times: Counter[str] = Counter()
        for l in self.learners:
            seen: set[str] = set()
            for e in l.exercises.values():
                for rule, n in dict(e.get("missed") or {}).items():
                    times[rule] += int(n)
                    seen.add(rule)
            learners.update(seen)
        return sorted(((r, learners[r], times[r]) for r in learners), key=lambda t: (-t[1], -t[2], t[0]))

    def learner_row(self, l: Learner) -> dict[str, Any]:
        """One learner's summary: outcomes counted, tries, hints, worked answers seen."""
        c = Counter(outcome(l.exercises.get(ex)) for ex, _ in self.exercises())
        es = l.exercises.values()
        return {"learner": l.learner, "file": l.path.name, "course": l.course, "written": l.written,
                "right": c["first try"] + c["after hints"], "right_first_try": c["first try"],
                "right_after_hints": c["after hints"], "tried_not_right": c["not yet"], "not_tried": c["not tried"],
                "attempts": sum(int(e.get("attempts", 0)) for e in es),
                "hints": sum(int(e.get("hints", 0)) for e in es),
                "worked_answers_shown": sum(1 for e in es if e.get("worked"))}

    # ------------------------------------------------------------------------- output
    def csv(self) -> str:
        """A line per learner: the summary, then each exercise's outcome (files left out are not
        in it: the HTML report and the command name them)."""
        exercises = [ex for ex, _ in self.exercises()]
        out = io.StringIO()
        head = ["learner", "file", "course", "written", "right", "right_first_try", "right_after_hints",
                "tried_not_right", "not_tried", "attempts", "hints", "worked_answers_shown"]
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(head + exercises)
        for l in self.learners:
            row = self.learner_row(l)
            writer.writerow([row[h] for h in head] + [outcome(l.exercises.get(ex)) for ex in exercises])
        return out.getvalue()

    def html(self, *, now: str | None = None) -> str:
        """The report as one self-contained HTML page (bars drawn with CSS: no script, no image)."""
        n = len(self.learners)
        now = now or datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
        parts = [f"<h1>Buraco class report</h1><p>{n} learner{'s' if n != 1 else ''} counted · course version "
                 f"{escape(self.course or '?')} · made {escape(now)}</p>"]
        if self.left_out:
            items = "".join(f"<li><b>{escape(r.path.name)}</b> — {r.kind}: {escape(r.reason)}</li>"
                            for r in self.left_out)
            parts.append(f'<div class="left-out"><h2>Files left out ({len(self.left_out)})</h2>'
                         f"<p>These files are not counted anywhere in this report:</p><ul>{items}</ul></div>")
        legend = " ".join(f'<span class="key" style="background:{c}"></span>{_LEGEND[k]}' for k, c in _COLOURS.items())
        rows = []
        for r in self.exercise_rows():
            counts = {"first try": r.first_try, "after hints": r.after_hints, "not yet": r.not_at_all,
                      "not tried": r.not_tried}
            rows.append(f"<tr><td>{escape(r.exercise)}</td><td>{escape(r.notebook)}</td>"
                        f"<td>{_bar(counts, n)}</td><td>{r.first_try}</td><td>{r.after_hints}</td>"
                        f"<td>{r.not_at_all}</td><td>{r.not_tried}</td></tr>")
        parts.append(f"<h2>Per exercise</h2><p>{legend}</p><table><tr><th>exercise</th><th>notebook</th><th></th>"
                     "<th>right first try</th><th>right after hints</th><th>tried, not right</th><th>not tried</th></tr>"
                     + "".join(rows) + "</table>")
        nb_rows = "".join(f"<tr><td>{escape(nb)}</td><td>{_bar(c, sum(c.values()))}</td>"
                          f"<td>{100 * (c['first try'] + c['after hints']) // max(1, sum(c.values()))}%</td></tr>"
                          for nb, c in self.notebook_rows())
        parts.insert(len(parts) - 1, f"<h2>Per notebook</h2><p>{legend}</p><table><tr><th>notebook</th><th></th>"
                     f"<th>right</th></tr>{nb_rows}</table>")
        missed = self.missed_rules()[:10]
        if missed:
            top = max(m[1] for m in missed)
            lines = "".join(f"<tr><td><b>{escape(r)}</b></td><td>{_bar({'not yet': k}, top)}</td><td>{k}</td>"
                            f"<td>{t}</td><td>{escape(_rule_text(r))}</td></tr>" for r, k, t in missed)
            parts.append("<h2>Rules most often missed</h2><table><tr><th>rule</th><th></th><th>learners</th>"
                         f"<th>wrong answers</th><th>the rule</th></tr>{lines}</table>")
        learner_lines = []
        total = len(self.exercises())
        for l in self.learners:
            row = self.learner_row(l)
            counts = {"first try": row["right_first_try"], "after hints": row["right_after_hints"],
                      "not yet": row["tried_not_right"], "not tried": row["not_tried"]}
            learner_lines.append(
                f"<tr><td>{escape(l.learner)}</td><td>{_bar(counts, total)}</td><td>{row['right']}</td>"
                f"<td>{row['tried_not_right']}</td><td>{row['attempts']}</td><td>{row['hints']}</td>"
                f"<td>{row['worked_answers_shown']}</td><td>{escape(l.written)}</td></tr>")
        parts.append("<h2>Per learner</h2><table><tr><th>learner</th><th></th><th>right</th><th>tried, not right"
                     "</th><th>tries</th><th>hints</th><th>answers shown</th><th>file written</th></tr>"
                     + "".join(learner_lines) + "</table>")
        style = ("body{font-family:sans-serif;margin:2em;max-width:70em}table{border-collapse:collapse}"
                 "td,th{padding:2px 8px;text-align:left;border-bottom:1px solid #eee}td:nth-child(-n+2){white-space:nowrap}"
                 ".bar{display:flex;width:240px;height:12px;border:1px solid #999}.bar span{height:100%}"
                 ".key{display:inline-block;width:10px;height:10px;margin:0 4px 0 12px}"
                 ".left-out{border:2px solid #e53935;padding:0 1em;margin:1em 0}")
        return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Buraco class report</title>'
                f"<style>{style}</style></head><body>{''.join(parts)}</body></html>\n")


def _bar(counts: Mapping[str, int], total: int) -> str:
    spans = "".join(f'<span title="{k}: {v}" style="width:{100 * v / total:.1f}%;background:{_COLOURS[k]}"></span>'
                    for k, v in counts.items() if v and total)
    return f'<div class="bar">{spans}</div>'


def _rule_text(rule_id: str) -> str:
    from .reference import rule

    try:
        return rule(rule_id).replace("`", "").replace("*", "")
    except KeyError:
        return ""


def write_report(paths: Sequence[str | Path], out: str | Path) -> ClassReport:
    """Read the files, write ``report.html`` and ``report.csv`` into ``out`` (created if
    missing), and return the report."""
    report = ClassReport.from_files(paths)
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "report.html").write_text(report.html(), encoding="utf-8")
    (folder / "report.csv").write_text(report.csv(), encoding="utf-8")
    return report
