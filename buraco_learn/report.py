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

from .i18n import N_, colon, get_language, tr, trc, trn
from .progress import RESULTS_FORMAT, VERSION, course_notebooks, verify

__all__ = ["ClassReport", "Learner", "LeftOut", "ExerciseRow", "write_report", "outcome"]

_COLOURS = {"first try": "#2e7d32", "after hints": "#9ccc65", "not yet": "#e53935", "not tried": "#d0d0d0"}
_LEGEND = {"first try": N_("right first try"), "after hints": N_("right after hints"),
           "not yet": N_("tried, not right"), "not tried": N_("not tried")}


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
        return LeftOut(path, "foreign", tr("no such file"))
    except (OSError, UnicodeDecodeError) as err:
        return LeftOut(path, "foreign", tr("cannot be read ({error})", error=err.__class__.__name__))
    except ValueError:
        return LeftOut(path, "foreign", tr("not JSON"))
    if not isinstance(data, dict) or data.get("format") != RESULTS_FORMAT:
        what = data.get("format") if isinstance(data, dict) else None
        return LeftOut(path, "foreign", tr("not a buraco_learn results file (format {format})", format=repr(what))
                       if what else tr("not a buraco_learn results file (download_results() writes one)"))
    if data.get("version") != VERSION:
        return LeftOut(path, "foreign", tr("results format version {version}; this report reads version {known}",
                                           version=repr(data.get("version")), known=VERSION))
    if not verify(data):
        return LeftOut(path, "tampered", tr("its checksum does not match its content: it was edited after "
                                            "download_results() wrote it"))
    exercises = data.get("exercises")
    if not isinstance(exercises, dict) or not isinstance(data.get("learner"), str) or not all(
            isinstance(e, dict) for e in exercises.values()):
        return LeftOut(path, "foreign", tr("a results file without a learner or exercises"))
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
                left.append(LeftOut(l.path, "foreign", tr("written by course version {version}; the class's files "
                                                          "are version {course}", version=l.course, course=course)))
            else:
                same.append(l)
        by_key: dict[str, list[Learner]] = {}
        for l in same:
            by_key.setdefault(l.key, []).append(l)
        kept = []
        for group in by_key.values():
            last = max(group, key=lambda l: l.written)  # ties: the first file given
            kept.append(last)
            left.extend(LeftOut(l.path, "duplicate", tr("the same learner ({learner}) as {file}, which was written "
                                                        "later and is counted", learner=l.learner,
                                                        file=last.path.name))
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
        """The report as one self-contained HTML page (bars drawn with CSS: no script, no image), in
        the current language (:func:`buraco_learn.set_language`; rule IDs and file names as they are)."""
        n = len(self.learners)
        now = now or datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
        title = tr("Buraco class report")
        parts = ["<h1>" + escape(title) + "</h1><p>" + escape(trn(
            "{n} learner counted · course version {course} · made {now}",
            "{n} learners counted · course version {course} · made {now}", n, course=self.course or "?",
            now=now)) + "</p>"]
        if self.left_out:
            items = "".join(f"<li><b>{escape(r.path.name)}</b> — {escape(_left_out_line(r))}</li>"
                            for r in self.left_out)
            heading = escape(tr("Files left out ({n})", n=len(self.left_out)))
            intro = escape(tr("These files are not counted anywhere in this report:"))
            parts.append(f'<div class="left-out"><h2>{heading}</h2><p>{intro}</p><ul>{items}</ul></div>')
        words = {k: escape(tr(_LEGEND[k])) for k in _COLOURS}
        legend = " ".join(f'<span class="key" style="background:{c}"></span>{words[k]}' for k, c in _COLOURS.items())
        rows = []
        for r in self.exercise_rows():
            counts = {"first try": r.first_try, "after hints": r.after_hints, "not yet": r.not_at_all,
                      "not tried": r.not_tried}
            rows.append(f"<tr><td>{escape(r.exercise)}</td><td>{escape(r.notebook)}</td>"
                        f"<td>{_bar(counts, n)}</td><td>{r.first_try}</td><td>{r.after_hints}</td>"
                        f"<td>{r.not_at_all}</td><td>{r.not_tried}</td></tr>")
        head = _heads(tr("exercise"), tr("notebook"), "", tr("right first try"), tr("right after hints"),
                      tr("tried, not right"), tr("not tried"))
        h_exercise = escape(tr("Per exercise"))
        parts.append(f"<h2>{h_exercise}</h2><p>{legend}</p><table>{head}" + "".join(rows)
                     + "</table>")
        nb_rows = "".join(f"<tr><td>{escape(nb)}</td><td>{_bar(c, sum(c.values()))}</td>"
                          f"<td>{100 * (c['first try'] + c['after hints']) // max(1, sum(c.values()))}%</td></tr>"
                          for nb, c in self.notebook_rows())
        head = _heads(tr("notebook"), "", trc("report column", "right"))
        h_notebook = escape(tr("Per notebook"))
        parts.insert(len(parts) - 1, f"<h2>{h_notebook}</h2><p>{legend}</p><table>{head}"
                     f"{nb_rows}</table>")
        missed = self.missed_rules()[:10]
        if missed:
            top = max(m[1] for m in missed)
            lines = "".join(f"<tr><td><b>{escape(r)}</b></td><td>{_bar({'not yet': k}, top)}</td><td>{k}</td>"
                            f"<td>{t}</td><td>{escape(_rule_text(r))}</td></tr>" for r, k, t in missed)
            head = _heads(tr("rule"), "", tr("learners"), tr("wrong answers"), tr("the rule"))
            h_missed = escape(tr("Rules most often missed"))
            parts.append(f"<h2>{h_missed}</h2><table>{head}{lines}</table>")
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
        head = _heads(tr("learner"), "", trc("report column", "right"), tr("tried, not right"), tr("tries"),
                      tr("hints"), tr("answers shown"), tr("file written"))
        h_learner = escape(tr("Per learner"))
        parts.append(f"<h2>{h_learner}</h2><table>{head}" + "".join(learner_lines) + "</table>")
        style = ("body{font-family:sans-serif;margin:2em;max-width:70em}table{border-collapse:collapse}"
                 "td,th{padding:2px 8px;text-align:left;border-bottom:1px solid #eee}td:nth-child(-n+2){white-space:nowrap}"
                 ".bar{display:flex;width:240px;height:12px;border:1px solid #999}.bar span{height:100%}"
                 ".key{display:inline-block;width:10px;height:10px;margin:0 4px 0 12px}"
                 ".left-out{border:2px solid #e53935;padding:0 1em;margin:1em 0}")
        lang = get_language().replace("_", "-")
        return (f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8"><title>{escape(title)}</title>'
                f"<style>{style}</style></head><body>{''.join(parts)}</body></html>\n")


def _left_out_line(r: LeftOut) -> str:
    """``kind: reason`` in the current language (the ``kind`` stays English in the data)."""
    kinds = {"foreign": trc("left out", "foreign"), "tampered": trc("left out", "tampered"),
             "duplicate": trc("left out", "duplicate")}
    return tr("{kind}: {reason}", kind=kinds.get(r.kind, r.kind), reason=r.reason)


def _heads(*names: str) -> str:
    """A table's header row."""
    return "<tr>" + "".join(f"<th>{escape(name)}</th>" for name in names) + "</tr>"


def _bar(counts: Mapping[str, int], total: int) -> str:
    words = {"first try": trc("outcome", "first try"), "after hints": trc("outcome", "after hints"),
             "not yet": trc("outcome", "not yet"), "not tried": trc("outcome", "not tried")}
    sep = colon()
    spans = "".join(f'<span title="{escape(words[k])}{sep} {v}" style="width:{100 * v / total:.1f}%;'
                    f'background:{_COLOURS[k]}"></span>' for k, v in counts.items() if v and total)
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
