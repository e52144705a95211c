"""A learner's progress through the course, kept in a small JSON file beside the notebooks.

Every check of an exercise (right, wrong or blank), the hint level it reached and a worked
answer shown are recorded in ``.buraco_progress.json`` in the kernel's working folder: the
folder of the notebooks in JupyterLab and on Binder, the browser's storage in JupyterLite. The
file is plain JSON, written whole to a temporary file and renamed over the old one, so a kernel
that dies mid-write never leaves half a file.

Recording is on in a notebook kernel, off elsewhere (a script, a doctest, a test run), and
``BURACO_PROGRESS`` decides when set: ``0``/``off`` never records (the course build and the
test runs set it), ``1``/``on`` always records. Re-running a notebook counts nothing twice: a
right answer stays right, and the same wrong answer given again is one try, not two. A file
that is not valid JSON, or was edited by hand (its integrity check no longer matches), is
reported in one line and set aside as ``.buraco_progress.json.bad-<time>``; a new one starts.

>>> import tempfile, pathlib
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> p = Progress(d / PROGRESS_FILE)
>>> p.record("ace-high", "wrong", answer="QH KH", attempt=1, rules=("RUN-1",))
>>> p.record("ace-high", "right", answer="QH KH AH")
>>> e = p.load()["exercises"]["ace-high"]
>>> e["right"], e["tries"], e["hint"], e["first_try"]
(True, 2, 1, False)
>>> n = p.view().notebooks[2]
>>> n.stem, n.right, n.tried
('03-Melding', 1, 0)
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
import tempfile
import time
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timezone
from html import escape
from pathlib import Path
from typing import Any

from .i18n import tr, trc, trn

__all__ = ["PROGRESS_FILE", "FORMAT", "RESULTS_FORMAT", "VERSION", "Progress", "ProgressView", "NotebookProgress",
           "enabled", "record_check", "reset_progress", "show_progress", "progress_view", "download_results",
           "course_notebooks", "checksum", "seal", "verify", "results_of", "answer_value"]

#: The progress file's name, in the kernel's working folder.
PROGRESS_FILE = ".buraco_progress.json"
#: What the ``format`` field of a progress file says.
FORMAT = "buraco_learn-progress"
#: What the ``format`` field of a results file (the one a learner hands in) says.
RESULTS_FORMAT = "buraco_learn-results"
#: The version of both file formats.
VERSION = 1

SOURCE_DIR = Path(__file__).resolve().parent / "course" / "source"
_EXERCISE = re.compile(r"^%% ?exercise\s+(\S+)", re.M)
_TITLE = re.compile(r"^title:\s*(.+)$", re.M)
_OFF = {"0", "off", "false", "no"}
_ON = {"1", "on", "true", "yes"}


def _now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _course_version() -> str:
    from . import __version__

    return __version__


def in_kernel() -> bool:
    """Whether this runs in a notebook kernel (Jupyter, Binder, JupyterLite); IPython is looked at
    only when the kernel has imported it already."""
    ipython = sys.modules.get("IPython")
    get = getattr(ipython, "get_ipython", None)
    shell = get() if get is not None else None
    if shell is None:
        return False
    return getattr(shell, "kernel", None) is not None or sys.platform == "emscripten"


def enabled() -> bool:
    """Whether checks are recorded: ``BURACO_PROGRESS`` when set (``0``/``off`` or ``1``/``on``),
    else only in a notebook kernel.

    >>> enabled()   # a doctest runs in no kernel (and the tests set BURACO_PROGRESS=0)
    False
    """
    flag = os.environ.get("BURACO_PROGRESS", "").strip().lower()
    if flag in _OFF:
        return False
    if flag in _ON:
        return True
    return in_kernel()


# ----------------------------------------------------------------------------- integrity
def checksum(content: Mapping[str, Any]) -> str:
    """The SHA-256 of ``content`` written canonically (sorted keys, no spaces, UTF-8), without its
    own ``checksum`` field. An integrity check: it shows that a file was edited after it was
    written, not who wrote it (anyone with this package can compute it again).

    >>> checksum({"a": 1}) == checksum({"a": 1, "checksum": "x"})
    True
    >>> checksum({"a": 1}) == checksum({"a": 2})
    False
    """
    body = {k: v for k, v in content.items() if k != "checksum"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def seal(content: dict[str, Any]) -> dict[str, Any]:
    """``content`` with its ``checksum`` field set (see :func:`checksum`)."""
    content = {k: v for k, v in content.items() if k != "checksum"}
    content["checksum"] = checksum(content)
    return content


def verify(content: Mapping[str, Any]) -> bool:
    """Whether ``content`` carries its own checksum (it was not edited since it was written).

    >>> sealed = seal({"learner": "Ana"})
    >>> verify(sealed), verify({**sealed, "learner": "Bea"})
    (True, False)
    """
    try:
        return isinstance(content.get("checksum"), str) and content["checksum"] == checksum(content)
    except (ValueError, TypeError, RecursionError):  # content no JSON file holds: not its own checksum
        return False


# ----------------------------------------------------------------------------- the course map
def course_notebooks(source_dir: Path = SOURCE_DIR) -> list[tuple[str, str, list[str]]]:
    """The notebooks that hold exercises, in course order: ``(stem, title, exercise ids)``, read
    from the course sources (``buraco_learn/course/source/*.md``).

    >>> stem, title, ids = course_notebooks()[2]
    >>> stem, title, "ace-high" in ids
    ('03-Melding', 'Melding', True)
    """
    out: list[tuple[str, str, list[str]]] = []
    for path in sorted(source_dir.glob("*.md")):
        text = path.read_text(encoding="utf-8")
        ids = _EXERCISE.findall(text)
        if ids:
            title = _TITLE.search(text)
            out.append((path.stem, title.group(1).strip() if title else path.stem, ids))
    return out


# ----------------------------------------------------------------------------- the file
def _empty() -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "exercises": {}}


_ENTRY_TYPES: dict[str, type | tuple[type, ...]] = {
    "first": str, "last": str, "right": bool, "first_try": bool, "tries": int, "wrong": list, "blanks": int,
    "hint": int, "worked": bool, "missed": dict}


def _problem(data: Any) -> str | None:
    """What is wrong with a progress file's content (``None``: nothing)."""
    if not isinstance(data, dict):
        return tr("it is not a JSON object")
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        return tr("it is not a version-{version} progress file", version=VERSION)
    if not verify(data):
        return tr("it was changed by hand (its integrity check does not match)")
    exercises = data.get("exercises")
    if not isinstance(exercises, dict):
        return tr("it has no exercises")
    for key, entry in exercises.items():
        if not isinstance(entry, dict) or any(not isinstance(entry.get(f), t) or isinstance(entry.get(f), bool)
                                              and t is int for f, t in _ENTRY_TYPES.items()):
            return tr("its entry for {key} is damaged", key=repr(key))
    return None


class Progress:
    """The progress file at ``path`` (default: ``.buraco_progress.json`` in the current folder,
    looked up at each use). Every method reads the file afresh, so two notebooks open at once
    both add to it."""

    def __init__(self, path: str | Path | None = None) -> None:
        self._path = Path(path) if path is not None else None
        #: The one-line reports of files set aside or not written (also printed to stderr).
        self.reports: list[str] = []

    @property
    def path(self) -> Path:
        """Where the file is."""
        return self._path if self._path is not None else Path.cwd() / PROGRESS_FILE

    def _report(self, line: str) -> None:
        self.reports.append(line)
        print(line, file=sys.stderr)

    def load(self) -> dict[str, Any]:
        """The file's content; an empty progress when there is none. A damaged or hand-edited file
        is set aside (renamed ``<name>.bad-<time>``), reported in one line, and not used."""
        path = self.path
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return _empty()
        except OSError as err:
            self._report("buraco_learn: " + tr("cannot read your progress file {path}: {reason}; progress starts "
                                               "afresh.", path=path, reason=err))
            return _empty()
        try:
            data: Any = json.loads(text)
        except ValueError:
            problem: str | None = tr("it is not valid JSON")
        else:
            problem = _problem(data)
        if problem is None:
            return data  # type: ignore[no-any-return]
        bad = path.with_name(f"{path.name}.bad-{time.strftime('%Y%m%d-%H%M%S')}")
        try:
            os.replace(path, bad)
            where = tr("it was set aside as {name}", name=bad.name)
        except OSError:
            where = tr("it could not be set aside")
        self._report("buraco_learn: " + tr("your progress file {name} could not be used ({problem}); {where} and "
                                           "your progress starts afresh.", name=path.name, problem=problem,
                                           where=where))
        return _empty()

    def save(self, data: dict[str, Any]) -> bool:
        """Write ``data`` (sealed with its checksum) atomically: a temporary file renamed over the
        old one. Returns whether it was written; a folder that cannot be written is reported once."""
        path = self.path
        data = seal({**data, "course": _course_version(), "updated": _now()})
        text = json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
        tmp = None
        try:
            fd, tmp = tempfile.mkstemp(prefix=f"{path.name}.", suffix=".tmp", dir=path.parent)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            os.replace(tmp, path)
            return True
        except OSError as err:
            if tmp is not None and os.path.exists(tmp):
                os.unlink(tmp)
            if path.parent.is_dir():  # a file system without rename: write the file in place
                try:
                    path.write_text(text, encoding="utf-8")
                    return True
                except OSError as again:
                    err = again
            if not any("cannot write" in r for r in self.reports):
                self._report("buraco_learn: " + tr("cannot write your progress file {path}: {reason}; it is not "
                                                   "saved.", path=path, reason=err))
            return False

    def record(self, exercise: str, state: str, *, answer: Any = None, attempt: int = 0,
               rules: Iterable[str] = (), worked: bool = False, now: str | None = None) -> None:
        """Add one check of ``exercise`` to the file. ``state``: ``right``, ``wrong``, ``blank`` (or
        ``form``: an answer that could not be read, not a try); ``attempt``: the checker's count of
        wrong answers (1: the hint was shown, 2 and more: the stronger hint); ``rules``: the rule
        IDs the wrong answer broke; ``worked``: a right answer was shown.

        A right answer stays right; a wrong answer already given counts once (re-running a
        notebook counts nothing twice)."""
        now = now or _now()
        data = self.load()
        entry = data["exercises"].setdefault(exercise, {
            "first": now, "last": now, "right": False, "first_try": False, "tries": 0, "wrong": [], "blanks": 0,
            "hint": 0, "worked": False, "missed": {}})
        entry["last"] = now
        if state == "blank":
            entry["blanks"] += 1
        elif state == "right":
            if not entry["right"]:
                entry["right"] = True
                entry["right_at"] = now
                entry["tries"] = len(entry["wrong"]) + 1
                entry["first_try"] = not entry["wrong"]
                kept = answer_value(answer)
                if kept is not None:  # what the class report checks again
                    entry["answer"] = kept
        elif state == "wrong" and not entry["right"]:
            key = _answer_key(answer)
            if key not in entry["wrong"]:
                entry["wrong"].append(key)
                entry["tries"] = len(entry["wrong"])
                for rule in dict.fromkeys(rules):
                    entry["missed"][rule] = entry["missed"].get(rule, 0) + 1
        if state == "wrong":
            entry["hint"] = max(entry["hint"], min(attempt, 2))
            entry["worked"] = entry["worked"] or worked
        self.save(data)

    def reset(self) -> str:
        """Forget all progress (the file is removed); says what was done."""
        try:
            self.path.unlink()
        except FileNotFoundError:
            return tr("No progress to reset.")
        return tr("Your progress is reset: every exercise is not started again.")

    def view(self) -> ProgressView:
        """Progress per notebook of the course (see :class:`ProgressView`)."""
        return ProgressView.of(self.load()["exercises"])

    def results(self, learner: str) -> dict[str, Any]:
        """The results file's content for ``learner`` (see :func:`download_results`)."""
        return results_of(self.load(), learner)


def _answer_key(answer: Any) -> str:
    """A short digest of an answer, to tell a new wrong answer from one given before."""
    try:
        text = answer if isinstance(answer, str) else repr(answer)
    except Exception:  # noqa: BLE001 - an answer whose repr fails is still one answer
        text = f"<{type(answer).__name__}>"
    text = " ".join(str(text).split()).upper()
    return hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()[:12]


# ----------------------------------------------------------------------------- the view
@dataclass(frozen=True)
class NotebookProgress:
    """One notebook's exercises: how many are right, tried (not right yet), not started."""

    stem: str
    title: str
    right: int
    tried: int
    not_started: int

    @property
    def total(self) -> int:
        """How many exercises the notebook has."""
        return self.right + self.tried + self.not_started


_COLOURS = {"right": "#2e7d32", "tried": "#f9a825", "not started": "#d0d0d0"}


def _state_word(state: str) -> str:
    """An exercise state of the progress bars (``right``, ``tried``, ``not started``), as shown."""
    words = {"right": trc("progress", "right"), "tried": trc("progress", "tried"),
             "not started": trc("progress", "not started")}
    return words.get(state, state)


@dataclass(frozen=True)
class ProgressView:
    """The learner's progress, per notebook: a bar each (green right, amber tried, grey not
    started), and what to do next. Shown as HTML in Jupyter, as text elsewhere."""

    notebooks: tuple[NotebookProgress, ...]
    recorded: bool

    @classmethod
    def of(cls, exercises: Mapping[str, Mapping[str, Any]]) -> ProgressView:
        """The view of a progress file's ``exercises``."""
        rows = []
        for stem, title, ids in course_notebooks():
            right = sum(1 for i in ids if exercises.get(i, {}).get("right"))
            tried = sum(1 for i in ids if i in exercises and not exercises[i].get("right")
                        and exercises[i].get("tries", 0) > 0)
            rows.append(NotebookProgress(stem, title, right, tried, len(ids) - right - tried))
        return cls(tuple(rows), bool(exercises))

    def next_step(self) -> str:
        """What to do next: the first notebook with an exercise not right yet."""
        for nb in self.notebooks:
            if nb.right < nb.total:
                left = nb.total - nb.right
                return trn("Next: {notebook} ({title}): {n} exercise to get right.",
                           "Next: {notebook} ({title}): {n} exercises to get right.", left,
                           notebook=nb.stem + ".ipynb", title=tr(nb.title))
        return tr("Every exercise is right: well done! Try the puzzles again, or play a hand (notebook 8).")

    def text(self) -> str:
        """The view as text: a line per notebook with a bar of # (right), + (tried), . (not started)."""
        right = sum(n.right for n in self.notebooks)
        tried = sum(n.tried for n in self.notebooks)
        total = sum(n.total for n in self.notebooks)
        lines = [tr("Your progress: {right} of {total} exercises right, {tried} tried, {rest} not started.",
                    right=right, total=total, tried=tried, rest=total - right - tried)]
        if not self.recorded:
            lines.append(tr("No progress recorded yet: answer an exercise, then run this cell again."))
        width = max((len(n.stem) for n in self.notebooks), default=0)
        most = max((n.total for n in self.notebooks), default=0)
        for n in self.notebooks:
            bar = "#" * n.right + "+" * n.tried + "." * n.not_started
            lines.append(f"  {n.stem:<{width}}  {bar:<{most}}  " + tr("{right}/{total} right", right=n.right,
                                                                         total=n.total))
        lines.append(self.next_step())
        return "\n".join(lines)

    def __repr__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        first = self.text().splitlines()[0]
        rows = []
        for n in self.notebooks:
            segments = "".join(
                f'<span title="{escape(_state_word(k))}: {v}" style="display:inline-block;height:100%;width:{100 * v / n.total:.1f}%;'
                f'background:{_COLOURS[k]}"></span>'
                for k, v in (("right", n.right), ("tried", n.tried), ("not started", n.not_started)) if v)
            rows.append(
                f'<tr><td style="text-align:left;padding:2px 8px 2px 0"><a href="{escape(n.stem)}.ipynb">'
                f"{escape(n.stem)}</a></td>"
                f'<td style="padding:2px 0"><div style="width:180px;height:12px;display:flex;'
                f'border:1px solid #999">{segments}</div></td>'
                f'<td style="text-align:left;padding:2px 8px">'
                + escape(tr("{right}/{total} right", right=n.right, total=n.total)
                         + (", " + tr("{n} tried", n=n.tried) if n.tried else "")) + "</td></tr>")
        legend = " ".join(f'<span style="display:inline-block;width:10px;height:10px;background:{c}"></span> '
                          f"{escape(_state_word(k))}" for k, c in _COLOURS.items())
        note = (f"<p><i>{escape(tr('No progress recorded yet: answer an exercise, then run this cell again.'))}</i></p>"
                if not self.recorded else "")
        return (f'<div class="bl-progress"><p><b>{escape(first)}</b></p>{note}'
                f'<table style="border-collapse:collapse">{"".join(rows)}</table>'
                f"<p>{legend}</p><p><b>{escape(self.next_step())}</b></p></div>")


# ----------------------------------------------------------------------------- results
#: The bounds of what a results file keeps of a right answer (see :func:`answer_value`).
ANSWER_TEXT, ANSWER_ITEMS, ANSWER_ITEM, ANSWER_NUMBER = 500, 120, 40, 10 ** 9
#: The longest learner's name or id a results file holds.
NAME_LENGTH = 200


def answer_value(answer: Any) -> str | int | list[str] | None:
    """What a results file keeps of a right answer, so that the teacher's report can run the
    course's checker on it again: text as typed, a whole number, a card or a meld as notation, a
    list of cards or moves as a list of texts, a widget as what it holds (its ``answer()``, or its
    selected cards). ``None``: nothing that can be kept (too long, or of no such kind).

    >>> answer_value("QH KH AH"), answer_value(" QH\\nKH  AH "), answer_value(108.0), answer_value(True)
    ('QH KH AH', 'QH KH AH', 108, None)
    >>> from buraco_learn.melds import Meld
    >>> answer_value(Meld.from_cards("5H 6H 2C")), answer_value(["QH", "KH"]), answer_value("x" * 501)
    ('2C(=4H) 5H 6H', ['QH', 'KH'], None)
    """
    from .cards import Card
    from .melds import Meld

    try:
        for _ in range(3):  # a widget: what it holds (a puzzle's answer, a table's selection)
            if isinstance(answer, (str, int, float, list, tuple, Card, Meld)):
                break
            selected = getattr(answer, "selected_cards", None)
            if selected is not None:
                answer = list(selected() if callable(selected) else selected)
                continue
            get = getattr(answer, "answer", None)
            if not callable(get):
                return None
            answer = get()
        if isinstance(answer, bool):
            return None
        if isinstance(answer, int):
            number = int.__index__(answer)
            return number if abs(number) <= ANSWER_NUMBER else None
        if isinstance(answer, float):
            return answer_value(int(answer)) if float.is_integer(answer) else None
        if isinstance(answer, Meld):
            answer = answer.notation()
        if isinstance(answer, Card):
            answer = str(answer)
        if isinstance(answer, str):
            text = " ".join(str.__str__(answer).split())  # spaces, tabs and line breaks: one space
            return text if len(text) <= ANSWER_TEXT and _text_ok(text) else None
        if isinstance(answer, (list, tuple)) and len(answer) <= ANSWER_ITEMS:
            items = [str(a) if isinstance(a, Card) else " ".join(str.__str__(a).split()) if isinstance(a, str)
                     else None for a in answer]
            if all(i is not None and len(i) <= ANSWER_ITEM and _text_ok(i) for i in items):
                return [i for i in items if i is not None]
    except Exception:  # noqa: BLE001 - an answer that cannot be kept is not kept, the check still counts
        return None
    return None


def _text_ok(text: str) -> bool:
    """Text a results file can hold: UTF-8 (no lone surrogate), no control character."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return not any(unicodedata.category(c) == "Cc" for c in text)


def _count(value: Any, high: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= high else 0


def _when(value: Any) -> str:
    return value if isinstance(value, str) and len(value) <= 40 and _text_ok(value) else ""


def results_of(data: Mapping[str, Any], learner: str, *, now: str | None = None) -> dict[str, Any]:
    """The file a learner hands in, from a progress file's content: the learner's name or id,
    the course version, per exercise its notebook, tries, hints, worked answer shown, right or
    not (first try or not), the right answer itself (the report checks it again) and dates;
    sealed with a checksum (:func:`seal`). Values of a damaged progress entry are left out, never
    copied.

    >>> r = results_of({"exercises": {"ace-high": {"right": True, "first_try": True, "tries": 1, "hint": 0,
    ...     "worked": False, "first": "2026-01-01T10:00:00Z", "last": "2026-01-01T10:00:00Z",
    ...     "missed": {}, "answer": "QH KH AH"}}}, "Ana", now="2026-01-02T10:00:00Z")
    >>> r["learner"], r["exercises"]["ace-high"]["notebook"], r["exercises"]["ace-high"]["answer"], verify(r)
    ('Ana', '03-Melding', 'QH KH AH', True)
    """
    learner = " ".join("".join(c for c in str(learner) if unicodedata.category(c) not in ("Cc", "Cs")
                               or c.isspace()).split())
    if not learner:
        raise ValueError(tr("type your name or student id, like download_results(\"Ana Silva\")"))
    learner = learner[:NAME_LENGTH]
    where = {i: stem for stem, _, ids in course_notebooks() for i in ids}
    exercises: dict[str, dict[str, Any]] = {}
    given = data.get("exercises")
    for key, e in sorted(given.items() if isinstance(given, dict) else ()):
        if not isinstance(key, str) or not isinstance(e, dict) or not 0 < len(key) <= 100 or not _text_ok(key):
            continue
        missed = e.get("missed")
        entry = {
            "notebook": where.get(key, ""), "right": e.get("right") is True, "first_try": e.get("first_try") is True,
            "attempts": _count(e.get("tries"), 1_000_000), "hints": _count(e.get("hint"), 10),
            "worked": e.get("worked") is True, "first": _when(e.get("first")), "last": _when(e.get("last")),
            "right_at": _when(e.get("right_at")),
            "missed": {r: _count(n, 1_000_000) for r, n in sorted(missed.items())[:100]
                       if isinstance(r, str) and 0 < len(r) <= 40 and _text_ok(r)} if isinstance(missed, dict) else {}}
        kept = answer_value(e.get("answer")) if entry["right"] else None
        if kept is not None:
            entry["answer"] = kept
        exercises[key] = entry
    return seal({"format": RESULTS_FORMAT, "version": VERSION, "learner": learner, "course": _course_version(),
                 "written": now or _now(), "exercises": exercises})


@dataclass(frozen=True)
class _Written:
    path: Path
    learner: str
    right: int
    tried: int

    def __repr__(self) -> str:
        return tr("Your results ({right} exercises right, {tried} tried) are in {file}, beside this notebook: "
                  "download it (right-click it in the file browser, then Download) and hand it in.",
                  right=self.right, tried=self.tried, file=self.path.name)

    def _repr_html_(self) -> str:
        link = f'<a href="{escape(self.path.name)}" download><code>{escape(self.path.name)}</code></a>'
        # TRANSLATORS: {file} is a link, {download} the file browser's menu entry in italics
        text = escape(tr("✓ Your results ({right} right, {tried} tried) are in {file}, beside this notebook. "
                         "Download it (right-click it in the file browser → {download}) and hand it in."))
        return ('<div class="bl-progress"><p>'
                + text.format(right=self.right, tried=self.tried, file=link, download="<i>" + escape(tr("Download")) + "</i>")
                + "</p></div>")


def _slug(name: str) -> str:
    """The name as it goes into a file name: letters and digits of any script kept (``李``, ``zoë``),
    anything else (spaces, slashes, dots, invisible characters) a ``-``, at most 60 characters.

    >>> _slug("Ana Silva"), _slug("李"), _slug("../x"), _slug("...")
    ('ana-silva', '李', 'x', 'learner')
    """
    text = unicodedata.normalize("NFKC", name).casefold()
    slug = re.sub(r"[\W_]+", "-", text).strip("-")[:60].strip("-")
    return slug or "learner"


# ----------------------------------------------------------------------------- the notebook API
_DEFAULT = Progress()


def record_check(exercise: str, state: str, **details: Any) -> None:
    """Record one check in the current folder's progress file, when recording is on
    (:func:`enabled`); never raises."""
    if not enabled():
        return
    try:
        _DEFAULT.record(exercise, state, **details)
    except Exception as err:  # noqa: BLE001 - a check never fails because its record could not be kept
        print("buraco_learn: " + tr("progress not recorded ({reason}).", reason=err), file=sys.stderr)


def progress_view() -> ProgressView:
    """The learner's progress (empty when recording is off, so a build shows the same thing)."""
    return _DEFAULT.view() if enabled() else ProgressView.of({})


def show_progress() -> ProgressView:
    """The learner's progress per notebook, with what to do next (a bar per notebook in Jupyter).

    >>> print(show_progress().text().splitlines()[1])   # no kernel here: nothing is recorded
    No progress recorded yet: answer an exercise, then run this cell again.
    """
    return progress_view()


def reset_progress() -> str:
    """Forget the progress recorded in the current folder (every exercise is not started again)."""
    return _DEFAULT.reset()


def download_results(name: str, folder: str | Path | None = None) -> _Written:
    """Write ``buraco-results-<name>.json`` (in ``folder``, default the current one; the name kept
    readable in any script, ``buraco-results-李.json``): the file to hand in, with your name or id,
    the course version, every exercise's tries, hints and dates, and each right answer, which the
    teacher's class report checks again with the course's checkers. A checksum seals it: the
    report sees whether it was edited afterwards."""
    data = results_of(_DEFAULT.load(), name)
    path = Path(folder if folder is not None else Path.cwd()) / f"buraco-results-{_slug(data['learner'])}.json"
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    ex = data["exercises"].values()
    return _Written(path, data["learner"], sum(e["right"] for e in ex),
                    sum(1 for e in ex if not e["right"] and e["attempts"]))
