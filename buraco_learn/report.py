"""The teacher's view: a class's results files combined into one report (HTML page and CSV).

Each learner hands in the file :func:`buraco_learn.progress.download_results` writes. The report
says, per exercise, how many learners got it right at the first try, right after hints, not at
all, or did not try it; the rules most often missed (the rule IDs the wrong answers broke); and a
line per file handed in.

**The grade comes from the answers** (as in otter-grader or nbgrader): a file keeps each right
answer, and the report runs the course's own checker (:mod:`buraco_learn.exercises`) on it
again. A claim of "right" without the answer that earns it counts for nothing (the line says
how many such claims a file makes). What the report cannot check is said as such: who answered,
and the tries, hints, worked answers shown and dates are the learner's word. The checksum is an
integrity check (anyone with this package can compute it): it tells an edited file, not a forged
one.

No file pushes out another: two files of the same learner (names compared after Unicode
normalisation, invisible characters removed and look-alike letters folded, see
:func:`name_key`) are both shown, side by side, for the teacher to decide; the class's counts
hold that learner once. A file of another course version is counted with a note (its answers
are checked by this version's checkers). Files that cannot be counted are **named with their
reason and left out**:

- *foreign*: not a file, not JSON, not a results file, or another format version;
- *damaged*: a results file whose content is not what :func:`~buraco_learn.progress.results_of`
  writes (a field of the wrong type, out of its bounds, too long, too deep, too big, not UTF-8);
- *tampered*: the checksum does not match the content (the file was edited after it was written).

>>> import tempfile, pathlib, json
>>> from buraco_learn.progress import results_of
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> done = {"right": True, "first_try": True, "tries": 1, "hint": 0, "worked": False, "missed": {}, "answer": 108}
>>> said = {"right": True, "first_try": True, "tries": 1, "hint": 0, "worked": False, "missed": {}}
>>> for name, entry in (("Ana", done), ("Bea", said)):
...     _ = (d / f"{name}.json").write_text(json.dumps(results_of({"exercises": {"deck-size": entry}}, name)))
>>> _ = (d / "junk.json").write_text("[]")
>>> report = ClassReport.from_files(sorted(d.glob("*.json")))
>>> [l.learner for l in report.learners], [(r.path.name, r.kind) for r in report.left_out]
(['Ana', 'Bea'], [('junk.json', 'foreign')])
>>> report.exercise_rows()[0]   # Bea says "right" without the answer: tried, not right
ExerciseRow(exercise='deck-size', notebook='02-Cards', first_try=1, after_hints=0, not_at_all=1, not_tried=0)
"""

from __future__ import annotations

import csv
import io
import json
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from html import escape
from pathlib import Path
from typing import Any

from .errors import NotationError
from .files import NotAFile, TooLarge, read_limited
from .i18n import N_, colon, get_language, tr, trc, trn
from .progress import (ANSWER_ITEM, ANSWER_ITEMS, ANSWER_NUMBER, ANSWER_TEXT, NAME_LENGTH, RESULTS_FORMAT, VERSION,
                       _course_version, course_notebooks, verify)

__all__ = ["ClassReport", "Learner", "LeftOut", "ExerciseRow", "write_report", "outcome", "name_key", "MAX_BYTES"]

#: The largest results file read (a class's files are a few kilobytes each).
MAX_BYTES = 1_000_000
#: The most exercises a results file may hold (the course has far fewer).
MAX_EXERCISES = 1000

_COLOURS = {"first try": "#2e7d32", "after hints": "#9ccc65", "not yet": "#e53935", "not tried": "#d0d0d0"}
_LEGEND = {"first try": N_("right first try"), "after hints": N_("right after hints"),
           "not yet": N_("tried, not right"), "not tried": N_("not tried")}
_RANK = {"first try": 3, "after hints": 2, "not yet": 1, "not tried": 0}

# ----------------------------------------------------------------------------- names
#: Cyrillic and Greek letters that look like Latin ones, folded onto them before names are compared.
_LOOK_ALIKES = str.maketrans({
    # Cyrillic capitals and small letters
    "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C", "Т": "T",
    "У": "Y", "Х": "X", "Ѕ": "S", "І": "I", "Ј": "J", "Ӏ": "I", "Ԛ": "Q", "Ԝ": "W", "Ү": "Y", "Ԁ": "D",
    "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ј": "j",
    "ԁ": "d", "һ": "h", "ӏ": "l", "ԛ": "q", "ԝ": "w", "ү": "y", "к": "k", "ѵ": "v", "ɡ": "g",
    # Greek capitals and small letters
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O",
    "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
    "α": "a", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "υ": "u", "χ": "x", "γ": "y", "ω": "w",
    # Latin letters that look like others
    "ı": "i", "ɑ": "a", "ℓ": "l",
})


def name_key(name: str) -> str:
    """A learner's name as the report compares it: Unicode-normalised (NFKC) and case-folded,
    invisible characters (zero-width spaces, joiners, soft hyphens, direction marks) removed,
    Cyrillic and Greek look-alikes folded onto Latin letters, spaces collapsed. Two files with one
    key are the same learner's (shown side by side).

    >>> name_key("  Ana   Silva ") == name_key("ANA SILVA") == name_key("А\u200bna Silva")  # Cyrillic А
    True
    >>> name_key("Ana") == name_key("Ána"), name_key("李")
    (False, '李')
    """
    text = unicodedata.normalize("NFKC", name)
    text = "".join(c for c in text if unicodedata.category(c) != "Cf" and c != "\u034f")
    text = unicodedata.normalize("NFKC", text.translate(_LOOK_ALIKES).casefold())
    return " ".join(text.split())


def _disguised(name: str) -> bool:
    """Whether ``name`` holds invisible characters or look-alike letters (:func:`name_key` folds them).

    >>> _disguised("Ana"), _disguised("Аna"), _disguised("A​na"), _disguised("李"), _disguised("Zoë")
    (False, True, True, False, False)
    """
    return any(unicodedata.category(c) == "Cf" or c == "\u034f" or ord(c) in _LOOK_ALIKES for c in name)


def shown(text: str, limit: int = 120) -> str:
    r"""``text`` safe to print on a terminal or in a line: control and invisible characters written
    as escapes, cut to ``limit`` characters.

    >>> print(shown("a\x1b[31mb"), shown("x" * 10, limit=6))
    a\x1b[31mb xxx...
    """
    out = "".join(c if unicodedata.category(c) not in ("Cc", "Cf", "Cs", "Zl", "Zp")
                  else c.encode("unicode_escape", "backslashreplace").decode("ascii") for c in text)
    return out if len(out) <= limit else out[:limit - 3] + "..."


@dataclass(frozen=True)
class Learner:
    """One learner's results file, as read: ``checked`` holds the exercises whose right answer the
    course's checker accepted again; ``unknown`` the exercises the course does not have."""

    path: Path
    learner: str
    course: str
    written: str
    exercises: Mapping[str, Mapping[str, Any]]
    checked: frozenset[str] = frozenset()
    unknown: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        """The learner's name or id as compared (:func:`name_key`; two files with one key: the same learner)."""
        return name_key(self.learner)

    def outcome(self, exercise: str) -> str:
        """This file's outcome on ``exercise`` (see :func:`outcome`), a "right" counted only when
        its answer was checked again."""
        if exercise in self.unknown:
            return "not tried"
        return outcome(self.exercises.get(exercise), checked=exercise in self.checked)

    def claimed(self) -> list[str]:
        """The course's exercises this file says are right without an answer the checker accepts."""
        return [ex for ex, e in self.exercises.items()
                if e.get("right") and ex not in self.checked and ex not in self.unknown]


@dataclass(frozen=True)
class LeftOut:
    """A file the report does not count: ``kind`` is ``foreign``, ``damaged`` or ``tampered``."""

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


def outcome(entry: Mapping[str, Any] | None, *, checked: bool = True) -> str:
    """One learner's outcome on one exercise: ``first try``, ``after hints``, ``not yet`` (tried,
    not right) or ``not tried``. ``checked``: whether the answer of a "right" was checked again
    (a right that is not is a try, not a right).

    >>> outcome({"right": True, "first_try": False, "attempts": 3}), outcome(None)
    ('after hints', 'not tried')
    >>> outcome({"right": True, "first_try": True, "attempts": 1}, checked=False)
    'not yet'
    """
    if not entry:
        return "not tried"
    if entry.get("right") and checked:
        return "first try" if entry.get("first_try") else "after hints"
    return "not yet" if entry.get("attempts", 0) or entry.get("right") else "not tried"


# ----------------------------------------------------------------------------- reading a file
class _Damaged(NotationError):
    """A results file's content is not what ``results_of`` writes (the reason says what)."""


def _excerpt(value: Any) -> str:
    try:
        text = json.dumps(value, ensure_ascii=True, allow_nan=True)
    except (ValueError, TypeError, RecursionError):
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 40 else text[:37] + "..."


def _bounds(low: int, high: int) -> Callable[[Any], bool]:
    return lambda v: isinstance(v, int) and not isinstance(v, bool) and low <= v <= high


def _text(n: int, *, blank: bool = True) -> Callable[[Any], bool]:
    def ok(v: Any) -> bool:
        if not isinstance(v, str) or len(v) > n or (not blank and not v.strip()):
            return False
        return all(unicodedata.category(c) not in ("Cc", "Cs") for c in v)
    return ok


def _is_bool(v: Any) -> bool:
    return isinstance(v, bool)


def _is_answer(v: Any) -> bool:
    if isinstance(v, list):
        return len(v) <= ANSWER_ITEMS and all(_text(ANSWER_ITEM)(i) for i in v)
    return _text(ANSWER_TEXT)(v) or _bounds(-ANSWER_NUMBER, ANSWER_NUMBER)(v)


_TRUE_FALSE, _WHOLE, _TEXT, _NAME, _ANSWER = (N_("true or false"), N_("a whole number from {low} to {high}"),
                                              N_("text of at most {n} characters"),
                                              N_("a name of 1 to {n} characters"), N_("cards, a move or a number"))
_CHECK: dict[str, tuple[Callable[[Any], bool], str, dict[str, int]]] = {
    "notebook": (_text(100), _TEXT, {"n": 100}), "right": (_is_bool, _TRUE_FALSE, {}),
    "first_try": (_is_bool, _TRUE_FALSE, {}), "worked": (_is_bool, _TRUE_FALSE, {}),
    "attempts": (_bounds(0, 1_000_000), _WHOLE, {"low": 0, "high": 1_000_000}),
    "hints": (_bounds(0, 10), _WHOLE, {"low": 0, "high": 10}),
    "first": (_text(40), _TEXT, {"n": 40}), "last": (_text(40), _TEXT, {"n": 40}),
    "right_at": (_text(40), _TEXT, {"n": 40}),
}
_TOP: dict[str, tuple[Callable[[Any], bool], str, dict[str, int]]] = {
    "learner": (_text(NAME_LENGTH, blank=False), _NAME, {"n": NAME_LENGTH}),
    "course": (_text(40), _TEXT, {"n": 40}), "written": (_text(40), _TEXT, {"n": 40}),
    "checksum": (_text(100), _TEXT, {"n": 100}),
}


def _wrong(name: str, value: Any, expected: str, fields: Mapping[str, int]) -> _Damaged:
    return _Damaged(tr("{field} should be {expected}, not {value}", field=name,
                       expected=tr(expected, **fields), value=_excerpt(value)))


def _fields(obj: Mapping[str, Any], where: str, checks: Mapping[str, tuple[Callable[[Any], bool], str, dict[str, int]]],
            optional: Iterable[str] = ()) -> None:
    known = set(checks) | set(optional)
    for key in obj:
        if key not in known:
            raise _Damaged(tr("{field} is not a field of a results file", field=shown(where + key, 60)))
    for key, (ok, expected, bounds) in checks.items():
        if key not in obj:
            raise _Damaged(tr("{field} is missing", field=where + key))
        if not ok(obj[key]):
            raise _wrong(where + key, obj[key], expected, bounds)


def _check_schema(data: dict[str, Any]) -> None:
    """Raise :class:`_Damaged` unless ``data`` is exactly what ``results_of`` writes: every field
    there, of its type, within its bounds, and no other field."""
    _fields(data, "", _TOP, optional=("format", "version", "exercises"))
    exercises = data.get("exercises")
    if not isinstance(exercises, dict) or len(exercises) > MAX_EXERCISES:
        raise _wrong("exercises", exercises if not isinstance(exercises, dict) else "...",
                     N_("an object of at most {n} entries"), {"n": MAX_EXERCISES})
    for ex, entry in exercises.items():
        if not _text(100, blank=False)(ex):
            raise _wrong("exercises", ex, _TEXT, {"n": 100})
        where = f"exercises.{shown(ex, 40)}."
        if not isinstance(entry, dict):
            raise _wrong(where[:-1], entry, N_("an object of at most {n} entries"), {"n": 20})
        _fields(entry, where, _CHECK, optional=("missed", "answer"))
        missed = entry.get("missed")
        if not isinstance(missed, dict) or len(missed) > 100:
            raise _wrong(where + "missed", missed if not isinstance(missed, dict) else "...",
                         N_("an object of at most {n} entries"), {"n": 100})
        for rule, n in missed.items():
            if not _text(40, blank=False)(rule) or not _bounds(0, 1_000_000)(n):
                raise _wrong(where + "missed", {rule: n}, _WHOLE, {"low": 0, "high": 1_000_000})
        if "answer" in entry and not _is_answer(entry["answer"]):
            raise _wrong(where + "answer", entry["answer"], _ANSWER, {})


def _no_constant(name: str) -> Any:
    raise _Damaged(tr("{value} is not a number a results file holds", value=name))


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Damaged(tr("{field} is given twice", field=_excerpt(key)))
        out[key] = value
    return out


def _read(path: Path, check: Callable[[str, Any], bool]) -> Learner | LeftOut:
    """One file, read whole and validated before any of it is used; never raises."""
    try:
        raw = read_limited(path, MAX_BYTES)  # a plain file only (a pipe would wait, a device never end)
    except FileNotFoundError:
        return LeftOut(path, "foreign", tr("no such file"))
    except NotAFile:
        return LeftOut(path, "foreign", tr("not a file: a folder, a pipe or a device"))
    except TooLarge:
        return LeftOut(path, "damaged", tr("larger than {n} bytes: a results file is much smaller", n=MAX_BYTES))
    except (OSError, ValueError) as err:  # ValueError: a path with a NUL character
        return LeftOut(path, "foreign", tr("cannot be read ({error})", error=err.__class__.__name__))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return LeftOut(path, "damaged", tr("not UTF-8 text"))
    try:
        data = json.loads(text, parse_constant=_no_constant, object_pairs_hook=_pairs)
    except _Damaged as err:
        return LeftOut(path, "damaged", str(err))
    except RecursionError:
        return LeftOut(path, "damaged", tr("nested too deeply to be a results file"))
    except ValueError:
        return LeftOut(path, "foreign", tr("not JSON"))
    if not isinstance(data, dict) or data.get("format") != RESULTS_FORMAT:
        what = data.get("format") if isinstance(data, dict) else None
        return LeftOut(path, "foreign", tr("not a buraco_learn results file (format {format})",
                                           format=_excerpt(what))
                       if what else tr("not a buraco_learn results file (download_results() writes one)"))
    if data.get("version") != VERSION or isinstance(data.get("version"), bool):
        return LeftOut(path, "foreign", tr("results format version {version}; this report reads version {known}",
                                           version=_excerpt(data.get("version")), known=VERSION))
    try:
        _check_schema(data)
    except _Damaged as err:
        return LeftOut(path, "damaged", str(err))
    if not verify(data):
        return LeftOut(path, "tampered", tr("its checksum does not match its content: it was edited after "
                                            "download_results() wrote it"))
    exercises: dict[str, dict[str, Any]] = data["exercises"]
    known = _course_exercises()
    checked = frozenset(ex for ex, e in exercises.items()
                        if ex in known and e["right"] and "answer" in e and check(ex, e["answer"]))
    unknown = tuple(sorted(ex for ex in exercises if ex not in known))
    return Learner(path, data["learner"], data["course"], data["written"], exercises, checked, unknown)


def _course_exercises() -> dict[str, str]:
    return {i: stem for stem, _, ids in course_notebooks() for i in ids}


def _checker() -> Callable[[str, Any], bool]:
    """Whether an answer is right, by the course's own checker (each exercise and answer judged once)."""
    from .exercises import EXERCISES

    seen: dict[tuple[str, str], bool] = {}

    def check(exercise: str, answer: Any) -> bool:
        key = (exercise, json.dumps(answer))
        if key not in seen:
            ex = EXERCISES.get(exercise)
            try:
                seen[key] = ex is not None and ex.judge(answer).ok is True
            except Exception:  # noqa: BLE001 - an answer the checker cannot read is not right
                seen[key] = False
        return seen[key]
    return check


@dataclass
class ClassReport:
    """A class's results: the files counted (a learner with two files: both, side by side) and the
    files left out (with why)."""

    learners: list[Learner]
    left_out: list[LeftOut] = field(default_factory=list)
    #: The course version the answers are checked with: this package's.
    course: str = field(default_factory=_course_version)

    @classmethod
    def from_files(cls, paths: Iterable[str | Path]) -> ClassReport:
        """Read every file (a folder stands for its ``*.json`` files), check every right answer
        again, and sort out the ones that cannot be counted (see the module docstring)."""
        files: list[Path] = []
        for p in map(Path, paths):
            try:
                folder = p.is_dir()
            except (OSError, ValueError):
                folder = False
            files.extend(sorted(p.glob("*.json")) if folder else [p])
        check = _checker()
        read = [_read(p, check) for p in dict.fromkeys(files)]
        left = [r for r in read if isinstance(r, LeftOut)]
        good = [r for r in read if isinstance(r, Learner)]
        good.sort(key=lambda l: (l.key, l.written, l.path.name))
        return cls(good, left, _course_version())

    def groups(self) -> dict[str, list[Learner]]:
        """The files counted, by learner (:attr:`Learner.key`): two or more files for one learner
        are shown side by side, for the teacher to decide."""
        out: dict[str, list[Learner]] = {}
        for l in self.learners:
            out.setdefault(l.key, []).append(l)
        return out

    def _best(self, exercise: str) -> list[str]:
        """Each learner's outcome on ``exercise``, once per learner (the best of their files)."""
        return [max((l.outcome(exercise) for l in group), key=_RANK.__getitem__) for group in self.groups().values()]

    def exercises(self) -> list[tuple[str, str]]:
        """``(exercise id, notebook)`` of every exercise of the course, in course order (an
        exercise the course does not have is not counted: a file's note names how many)."""
        return [(i, stem) for stem, _, ids in course_notebooks() for i in ids]

    def exercise_rows(self, *, tried_only: bool = True) -> list[ExerciseRow]:
        """Per exercise, the class's outcomes, each learner once (by default only the exercises
        someone tried)."""
        rows = []
        learners = len(self.groups())
        for ex, notebook in self.exercises():
            c = Counter(self._best(ex))
            if tried_only and c["not tried"] == learners:
                continue
            rows.append(ExerciseRow(ex, notebook, c["first try"], c["after hints"], c["not yet"], c["not tried"]))
        return rows

    def notebook_rows(self) -> list[tuple[str, dict[str, int]]]:
        """Per notebook with exercises, the class's outcomes summed over its exercises (learner x
        exercise pairs), in course order."""
        out: dict[str, Counter[str]] = {}
        for ex, notebook in self.exercises():
            out.setdefault(notebook or "?", Counter()).update(self._best(ex))
        return [(nb, {k: c[k] for k in _COLOURS}) for nb, c in out.items()]

    def missed_rules(self) -> list[tuple[str, int, int]]:
        """``(rule ID, learners who missed it, wrong answers citing it)``, most missed first (the
        rule IDs and counts are the learner's word; a learner with two files: the larger count)."""
        learners: Counter[str] = Counter()
        times: Counter[str] = Counter()
        for group in self.groups().values():
            most: Counter[str] = Counter()
            for l in group:
                for e in l.exercises.values():
                    for rule, n in Counter(e["missed"]).items():
                        most[rule] = max(most[rule], n) if len(group) > 1 else most[rule] + n
            learners.update(most.keys())
            times.update(most)
        return sorted(((r, learners[r], times[r]) for r in learners), key=lambda t: (-t[1], -t[2], t[0]))

    def learner_row(self, l: Learner) -> dict[str, Any]:
        """One file's summary: outcomes counted (a right only when its answer was checked again),
        claims of right without such an answer, tries, hints and worked answers seen (the
        learner's word), the other files of the same learner, and notes."""
        c = Counter(l.outcome(ex) for ex, _ in self.exercises())
        es = l.exercises.values()
        others = [o.path.name for o in self.groups().get(l.key, []) if o is not l]
        notes = []
        if l.course != self.course:
            notes.append(tr("written with course version {version}; its answers are checked with version {course}",
                            version=shown(l.course, 40), course=self.course))
        if _disguised(l.learner):
            notes.append(tr("the name holds invisible characters or letters of another script that look like "
                            "Latin ones: {name}", name=ascii(l.learner)[1:-1][:80]))
        if l.unknown:
            notes.append(trn("{n} exercise this course does not have: not counted",
                             "{n} exercises this course does not have: not counted", len(l.unknown)))
        return {"learner": l.learner, "file": l.path.name, "course": l.course, "written": l.written,
                "right": c["first try"] + c["after hints"], "right_first_try": c["first try"],
                "right_after_hints": c["after hints"], "tried_not_right": c["not yet"], "not_tried": c["not tried"],
                "claimed_not_shown": len(l.claimed()),
                "attempts": sum(e["attempts"] for e in es), "hints": sum(e["hints"] for e in es),
                "worked_answers_shown": sum(1 for e in es if e["worked"]),
                "same_learner_as": " ".join(others), "notes": "; ".join(notes)}

    # ------------------------------------------------------------------------- output
    def csv(self) -> str:
        """A line per file counted: the summary, then each exercise's outcome (files left out are
        not in it: the HTML report and the command name them). A cell a spreadsheet would run as a
        formula is written with a ``'`` before it.

        >>> _cell("=HYPERLINK(1)"), _cell(" +1"), _cell("Ana"), _cell(3)
        ("'=HYPERLINK(1)", "' +1", 'Ana', 3)
        """
        exercises = [ex for ex, _ in self.exercises()]
        out = io.StringIO()
        head = ["learner", "file", "course", "written", "right", "right_first_try", "right_after_hints",
                "tried_not_right", "not_tried", "claimed_not_shown", "attempts", "hints", "worked_answers_shown",
                "same_learner_as", "notes"]
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(head + exercises)
        for l in self.learners:
            row = self.learner_row(l)
            writer.writerow([_cell(row[h]) for h in head] + [l.outcome(ex) for ex in exercises])
        return out.getvalue()

    def html(self, *, now: str | None = None) -> str:
        """The report as one self-contained HTML page (bars drawn with CSS: no script, no image), in
        the current language (:func:`buraco_learn.set_language`; rule IDs and file names as they are)."""
        n = len(self.groups())  # learners, a learner with two files once
        now = now or datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
        title = tr("Buraco class report")
        parts = ["<h1>" + escape(title) + "</h1><p>" + escape(trn(
            "{n} learner counted · course version {course} · made {now}",
            "{n} learners counted · course version {course} · made {now}", n, course=self.course or "?",
            now=now)) + "</p>"]
        proves = escape(tr("What this report proves: an exercise counts as right only when the learner's file "
                           "holds the answer and the course's own checker, run again by this report, says it is "
                           "right. A claim of right without such an answer counts for nothing."))
        cannot = escape(tr("What it cannot prove: who answered (a name is the learner's word, and a right answer "
                           "can be copied); the tries, hints, answers shown, rules missed and dates are the "
                           "learner's word too. Two files of one learner are both shown, side by side: you "
                           "decide which is theirs."))
        parts.append(f'<div class="proves"><p>{proves}</p><p>{cannot}</p></div>')
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
            same = (tr("same learner as {files}: decide which is theirs", files=row["same_learner_as"])
                    if row["same_learner_as"] else "")
            flags = "; ".join(x for x in (same, row["notes"]) if x)
            mark = ' class="same"' if same else ""
            learner_lines.append(
                f"<tr{mark}><td>{escape(l.learner)}</td><td>{_bar(counts, total)}</td>"
                f"<td>{row['right']}</td><td>{row['claimed_not_shown']}</td>"
                f"<td>{row['tried_not_right']}</td><td>{row['attempts']}</td><td>{row['hints']}</td>"
                f"<td>{row['worked_answers_shown']}</td><td>{escape(l.written)}</td><td>{escape(l.path.name)}</td>"
                f"<td>{escape(flags)}</td></tr>")
        head = _heads(tr("learner"), "", trc("report column", "right"), tr("right claimed, no answer to show"),
                      tr("tried, not right"), tr("tries"), tr("hints"), tr("answers shown"), tr("file written"),
                      tr("file"), tr("to check"))
        h_learner = escape(tr("Per learner"))
        parts.append(f"<h2>{h_learner}</h2><table>{head}" + "".join(learner_lines) + "</table>")
        style = ("body{font-family:sans-serif;margin:2em;max-width:70em}table{border-collapse:collapse}"
                 "td,th{padding:2px 8px;text-align:left;border-bottom:1px solid #eee}td:nth-child(-n+2){white-space:nowrap}"
                 ".bar{display:flex;width:240px;height:12px;border:1px solid #999}.bar span{height:100%}"
                 ".key{display:inline-block;width:10px;height:10px;margin:0 4px 0 12px}"
                 ".left-out{border:2px solid #e53935;padding:0 1em;margin:1em 0}"
                 ".proves{border:1px solid #999;padding:0 1em;margin:1em 0}tr.same td{background:#fff3e0}")
        lang = get_language().replace("_", "-")
        return (f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8"><title>{escape(title)}</title>'
                f"<style>{style}</style></head><body>{''.join(parts)}</body></html>\n")


def _left_out_line(r: LeftOut) -> str:
    """``kind: reason`` in the current language (the ``kind`` stays English in the data)."""
    kinds = {"foreign": trc("left out", "foreign"), "tampered": trc("left out", "tampered"),
             "damaged": trc("left out", "damaged")}
    return tr("{kind}: {reason}", kind=kinds.get(r.kind, r.kind), reason=r.reason)


_FORMULA = ("=", "+", "-", "@", "\t", "\r", "\n", "＝", "＋", "－", "＠")


def _cell(value: Any) -> Any:
    """A CSV cell a spreadsheet would not run: text starting with = + - @ a tab or a line break
    (also after spaces) gets a ``'`` before it (OWASP's advice on CSV injection)."""
    if isinstance(value, str) and (value.startswith(_FORMULA) or value.lstrip().startswith(_FORMULA)):
        return "'" + value
    return value


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
