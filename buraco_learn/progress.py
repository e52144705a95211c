"""A learner's progress through the course, kept in a small JSON file beside the notebooks.

Every check of an exercise (right, wrong or blank), the hint level it reached and a worked
answer shown are recorded in ``.buraco_progress.json`` in the kernel's working folder: the
folder of the notebooks in JupyterLab and on Binder, the browser's storage in JupyterLite. The
file is plain JSON, written whole to a temporary file and renamed over the old one, so a kernel
that dies mid-write never leaves half a file. Each check is first appended as one line to a
journal beside it (``.buraco_progress.jsonl``), then folded into the file by the kernel holding
the lock (``.buraco_progress.lock``), so several notebooks and kernels checking at once all add
to it: no check is lost, none counted twice.

Recording is on in a notebook kernel, off elsewhere (a script, a doctest, a test run), and
``BURACO_PROGRESS`` decides when set: ``0``/``off`` never records (the course build and the
test runs set it), ``1``/``on`` always records. Re-running a notebook counts nothing twice: a
right answer stays right, and the same wrong answer given again is one try, not two. A file
that cannot be used (not valid JSON or not UTF-8, nested too deep, too large, not a file, a field
of a wrong type, edited by hand: its integrity check no longer matches) is reported in one line,
once, and set aside as ``.buraco_progress.json.bad-<time>``; a new one starts. Dates come from
the module's clock, :data:`now`.

The same file keeps what brings mistakes back (:mod:`buraco_learn.practice`): each puzzle's
results (``puzzles``, :func:`record_puzzle`), the retry positions made from a reviewed hand
(``retries``) and the Leitner box of every item of the review queue (``boxes``,
:data:`BOX_DAYS`). They are written to a journal of their own (``.buraco_progress.review.jsonl``),
so a kernel of an earlier version, which reads only the checks' journal, never sets a line aside
that it does not know; the file keeps its format and version 1, and an earlier version loads it
and keeps these sections when it writes. Each of their fields is validated as strictly as an
exercise's: a file that holds a wrong one is set aside as a damaged file is.

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
import itertools
import json
import os
import re
import secrets
import stat
import sys
import tempfile
import threading
import time
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from html import escape
from pathlib import Path
from typing import Any

from .errors import NotationError, excerpt
from .files import NotAFile, TooLarge, read_limited
from .i18n import tr, trc, trn

try:
    import fcntl
except ImportError:  # Windows, Pyodide: a lock-file, or nothing where one process is the only writer
    fcntl = None  # type: ignore[assignment]

__all__ = ["PROGRESS_FILE", "FORMAT", "RESULTS_FORMAT", "VERSION", "Progress", "ProgressView", "NotebookProgress",
           "JOURNAL_FILE",
           "enabled", "record_check", "reset_progress", "show_progress", "progress_view", "download_results",
           "course_notebooks", "checksum", "seal", "verify", "results_of", "answer_value",
           "record_puzzle", "BOX_DAYS", "LEARNED", "MAX_RETRIES", "MAX_POSITION", "REVIEW_JOURNAL_SUFFIX", "box_of",
           "retry_problem"]

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


def _utc_now() -> datetime:
    return datetime.now(timezone.utc)


#: The clock every date of the progress file comes from: a callable giving the time as an aware
#: :class:`~datetime.datetime` (a test sets it to a fixed time, as a review schedule may).
now: Callable[[], datetime] = _utc_now


def _now() -> str:
    """The clock's time as the progress file writes it (UTC, to the second).

    >>> import buraco_learn.progress as progress
    >>> before, progress.now = progress.now, lambda: datetime(2027, 3, 4, 5, 6, 7, tzinfo=timezone.utc)
    >>> progress._now()
    '2027-03-04T05:06:07Z'
    >>> progress.now = before
    """
    return now().astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


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


#: The journal beside the progress file: one line per check, appended, folded into the file.
JOURNAL_FILE = ".buraco_progress.jsonl"
#: How a kernel keeps others out while it folds the journal in: ``flock`` (Linux, macOS), a
#: lock-file created exclusively (``exclusive``: systems without ``fcntl``), or ``none`` (Pyodide:
#: one kernel, one process, its threads kept apart in memory).
_LOCKING = "none" if sys.platform == "emscripten" else "flock" if fcntl is not None else "exclusive"
#: Where no kernel can keep the others out (``none``: JupyterLite, whose kernels share the browser's
#: storage, each in its own worker, with no lock between them), each kernel appends to a journal of
#: its own, ``.buraco_progress.<kernel>.jsonl``, and a journal is not removed when it is folded in:
#: another kernel may be writing the file from a reading made just before, without these checks,
#: and the journal is what brings them back at the next reading (the ids already folded in are
#: never counted twice). A journal is removed once all its checks were in the file as read and its
#: last check is :data:`_JOURNAL_KEEP` seconds old: every kernel has read them by then, and its
#: kernel appends to it no more (it starts a new one every half of that time, :func:`_kernel_token`).
_JOURNAL_KEEP = 600.0
_KERNEL: list[Any] = [secrets.token_hex(6), time.monotonic()]  # this kernel's journal name, and since when
_KERNEL_JOURNAL = re.compile(r"\.[0-9a-f]{12}\.jsonl\Z")
#: Seconds a kernel waits for another one to finish folding; after that its check is only appended.
_LOCK_WAIT = 5.0
#: Seconds after which a lock-file is taken as left by a kernel that died holding it.
_LOCK_STALE = 30.0
#: A progress file or journal larger than this is damaged (a whole course's is some tens of KB).
_MAX_BYTES = 4 << 20
#: The longest exercise id, rule id, answer key or date kept.
_MAX_TEXT = 120
_MAX_COUNT = 10**9
_STATES = ("right", "wrong", "blank", "form")
#: How the package starts every line of the journal (a piece starting so but cut short is a torn write).
_CHECK_HEAD = b'{"v":1,'
_CHECK_START = re.compile(rb'(?=\{"v":1,)')
_THREAD_LOCKS: dict[str, threading.RLock] = {}
_THREAD_LOCKS_GUARD = threading.Lock()

_ENTRY_TYPES: dict[str, type | tuple[type, ...]] = {
    "first": str, "last": str, "right": bool, "first_try": bool, "tries": int, "wrong": list, "blanks": int,
    "hint": int, "worked": bool, "missed": dict}


def _text(value: Any, limit: int = _MAX_TEXT) -> bool:
    return isinstance(value, str) and len(value) <= limit


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= _MAX_COUNT


def _entry_problem(entry: Any) -> bool:
    """Whether a progress file's entry for one exercise is damaged (a field missing or of a wrong
    type, a count negative, NaN or huge, a text too long)."""
    if not isinstance(entry, dict):
        return True
    for field, kind in _ENTRY_TYPES.items():
        value = entry.get(field)
        if kind is int:
            if not _count(value):
                return True
        elif kind is str:
            if not _text(value):
                return True
        elif not isinstance(value, kind):
            return True
    if "right_at" in entry and not _text(entry["right_at"]):
        return True
    if "answer" in entry and not _answer_kept(entry["answer"]):
        return True
    wrong, missed = entry["wrong"], entry["missed"]
    return (len(wrong) > _MAX_COUNT or not all(_text(k) for k in wrong)
            or not all(_text(k) and _count(v) for k, v in missed.items()))


def _problem(data: Any) -> str | None:
    """What is wrong with a progress file's content (``None``: nothing).

    >>> _problem([1, 2])
    'it is not a JSON object'
    >>> _problem(_sealed_progress({**_empty(), "exercises": {"x": {"tries": "abc"}}}))
    "its entry for 'x' is damaged"
    """
    if not isinstance(data, dict):
        return tr("it is not a JSON object")
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        return tr("it is not a version-{version} progress file", version=VERSION)
    if data.get("checksum") != _progress_checksum(data):
        return tr("it was changed by hand (its integrity check does not match)")
    exercises = data.get("exercises")
    if not isinstance(exercises, dict):
        return tr("it has no exercises")
    applied = data.get("applied", [])
    if not isinstance(applied, list) or not all(_text(i) for i in applied):
        return tr("it has no exercises")
    for key, entry in exercises.items():
        if not _text(key) or _entry_problem(entry):
            return tr("its entry for {key} is damaged", key=repr(key[:_MAX_TEXT]))
    return _practice_problem(data)


def _progress_checksum(content: Mapping[str, Any]) -> str:
    """The progress file's integrity check: the SHA-256 of its content written canonically, without
    its ``checksum`` field (the files of every version so far carry it; a results file's check may
    change without the progress files of the class being set aside)."""
    body = {k: v for k, v in content.items() if k != "checksum"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def _sealed_progress(content: dict[str, Any]) -> dict[str, Any]:
    content = {k: v for k, v in content.items() if k != "checksum"}
    content["checksum"] = _progress_checksum(content)
    return content


def _event_ok(event: Any) -> bool:
    """Whether a line of the journal is a check (the fields :meth:`Progress.record` writes)."""
    return (isinstance(event, dict) and event.get("v") == 1 and _text(event.get("id")) and bool(event["id"])
            and _text(event.get("x")) and bool(event["x"]) and _text(event.get("s")) and _text(event.get("t"))
            and _text(event.get("k", "")) and _count(event.get("a", 0)) and event.get("a", 0) <= 2
            and isinstance(event.get("w", False), bool) and isinstance(event.get("r", []), list)
            and len(event.get("r", [])) <= 50 and all(_text(r) for r in event.get("r", []))
            and ("ans" not in event or _answer_kept(event["ans"])))


def _answer_kept(value: Any) -> bool:
    """Whether ``value`` is a right answer as a progress file keeps it (what :func:`answer_value`
    makes of it is itself)."""
    return isinstance(value, (str, int, list)) and not isinstance(value, bool) and answer_value(value) == value


# ----------------------------------------------------------------------------- practice: puzzles, retries, boxes
#: The review journal beside the progress file: puzzle results, retry positions and the answers
#: given in the review queue, one line each (``{"v":2,...}``), folded in as the checks' journal is.
#: It is a file of its own so that a kernel running an older version of the package, which reads
#: only the checks' journal, never sees a line it does not know (it would set its journal aside).
REVIEW_JOURNAL_SUFFIX = ".review.jsonl"
_REVIEW_HEAD = b'{"v":2,'
_REVIEW_START = re.compile(rb'(?=\{"v":2,)')
#: The Leitner boxes of the review queue: an item in box ``b`` comes back ``BOX_DAYS[b - 1]`` days
#: after its last review; a right answer on the day it is due moves it one box up, a wrong one
#: back to box 1; right in the last box, it is learned and leaves the queue (box ``len(BOX_DAYS) + 1``).
BOX_DAYS = (1, 2, 4, 8, 16)
LEARNED = len(BOX_DAYS) + 1
#: The most retry positions kept (the oldest go first) and puzzles counted; the longest position.
MAX_RETRIES = 200
_MAX_PUZZLES = 5000
_MAX_BOXES = 10000
MAX_POSITION = 2000
_TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ")
_DAY = re.compile(r"\d{4}-\d\d-\d\d")
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:+-]{0,79}")
_ITEM_KINDS = ("exercise", "puzzle", "retry")
_RETRY_KINDS = ("lay", "choice")
_PUZZLE_TYPES: dict[str, type] = {"theme": str, "id": str, "first": str, "last": str, "tries": int,
                                  "solved": int, "first_ok": bool, "ok": bool}
_RETRY_TYPES: dict[str, type] = {"position": str, "kind": str, "played": str, "cost": int, "target": int,
                                 "accept": list, "better": str, "theme": str, "rules": list, "added": str, "tries": int,
                                 "solved": int, "first_ok": bool}
_BOX_TYPES: dict[str, type] = {"box": int, "due": str, "reviews": int, "last": str}


def _dated(value: Any, pattern: re.Pattern[str], layout: str) -> bool:
    """Whether ``value`` is a string of ``pattern`` that is a real date in ``layout``."""
    if not isinstance(value, str) or not pattern.fullmatch(value):
        return False
    try:
        datetime.strptime(value, layout)
    except ValueError:
        return False
    return True


def _time_ok(value: Any) -> bool:
    """Whether ``value`` is a date and time as the package writes it (``2027-03-04T05:06:07Z``)."""
    return _dated(value, _TIME, "%Y-%m-%dT%H:%M:%SZ")


def _day_ok(value: Any) -> bool:
    """Whether ``value`` is a day written ``2027-03-04``."""
    return _dated(value, _DAY, "%Y-%m-%d")


def _word(value: Any) -> bool:
    """A theme, a puzzle id or a retry id: ASCII letters, digits and ``_.:+-``, at most 80."""
    return isinstance(value, str) and _WORD.fullmatch(value) is not None


def _typed(entry: Any, types: Mapping[str, type]) -> bool:
    """Whether ``entry`` is an object with exactly ``types``' fields, each of its type (a count a
    whole number from 0 to a billion, never a bool)."""
    if not isinstance(entry, dict) or set(entry) != set(types):
        return False
    for field, kind in types.items():
        value = entry[field]
        if kind is int:
            if not _count(value):
                return False
        elif kind is bool:
            if not isinstance(value, bool):
                return False
        elif not isinstance(value, kind) or isinstance(value, bool):
            return False
    return True


def _plain_text(value: Any, limit: int) -> bool:
    return isinstance(value, str) and len(value) <= limit and _text_ok(value)


def retry_problem(retry: Any) -> str | None:
    """What is wrong with a retry position as the progress file keeps it (``None``: nothing).

    >>> retry_problem({"position": "x"})
    'a retry position has the fields accept, added, better, cost, first_ok, kind, played, position, rules, solved, target, theme, tries'
    """
    if not _typed(retry, _RETRY_TYPES):
        return tr("a retry position has the fields {fields}", fields=", ".join(sorted(_RETRY_TYPES)))
    if retry["kind"] not in _RETRY_KINDS:
        return tr("a retry position's kind is one of {kinds}, not {kind}", kinds=", ".join(_RETRY_KINDS),
                  kind=repr(retry["kind"][:20]))
    if not _plain_text(retry["position"], MAX_POSITION) or not retry["position"]:
        return tr("a retry position's position is position notation of at most {n} characters", n=MAX_POSITION)
    if not _plain_text(retry["played"], 500) or not _plain_text(retry["better"], 500):
        return tr("a retry position's played and better moves are text of at most {n} characters", n=500)
    accept = retry["accept"]
    if (len(accept) > 50 or not all(_plain_text(a, 200) and a for a in accept)
            or (retry["kind"] == "choice") != bool(accept)):
        return tr("a retry position's accepted moves are 1 to 50 actions for a choice, none for a lay")
    rules = retry["rules"]
    if len(rules) > 20 or not all(_word(r) for r in rules) or not _word(retry["theme"]):
        return tr("a retry position's theme and rule IDs are short words like most or RUN-2")
    if not _time_ok(retry["added"]) or retry["solved"] > retry["tries"]:
        return tr("a retry position's date or counts are damaged")
    return None


def _practice_problem(data: Mapping[str, Any]) -> str | None:
    """What is wrong with the practice sections of a progress file (``None``: nothing): the
    puzzles' results, the retry positions and the Leitner boxes, each validated field by field.
    A file without them (every file written before they existed) has none."""
    puzzles = data.get("puzzles", {})
    if not isinstance(puzzles, dict) or len(puzzles) > _MAX_PUZZLES:
        return tr("its puzzle results are damaged")
    for key, entry in puzzles.items():
        if (not _typed(entry, _PUZZLE_TYPES) or not _word(entry["theme"]) or not _word(entry["id"])
                or key != f"{entry['theme']}/{entry['id']}" or not _time_ok(entry["first"])
                or not _time_ok(entry["last"]) or entry["solved"] > entry["tries"] or entry["tries"] < 1):
            return tr("its puzzle results are damaged")
    retries = data.get("retries", {})
    if not isinstance(retries, dict) or len(retries) > MAX_RETRIES:
        return tr("its retry positions are damaged")
    for key, retry in retries.items():
        if not _word(key) or retry_problem(retry) is not None:
            return tr("its retry positions are damaged")
    boxes = data.get("boxes", {})
    if not isinstance(boxes, dict) or len(boxes) > _MAX_BOXES:
        return tr("its review boxes are damaged")
    for key, box in boxes.items():
        kind, _, name = key.partition(":") if isinstance(key, str) else ("", "", "")
        if (kind not in _ITEM_KINDS or not name or len(key) > 2 * _MAX_TEXT or not _plain_text(key, 2 * _MAX_TEXT)
                or not _typed(box, _BOX_TYPES) or not 1 <= box["box"] <= LEARNED
                or not (_day_ok(box["due"]) or (box["box"] == LEARNED and box["due"] == ""))
                or not (_time_ok(box["last"]) or box["last"] == "")):
            return tr("its review boxes are damaged")
    applied = data.get("applied_review", [])
    if not isinstance(applied, list) or len(applied) > _MAX_BOXES or not all(_text(i) for i in applied):
        return tr("its review boxes are damaged")
    return None


def _review_event_ok(event: Any) -> bool:
    """Whether a line of the review journal is one the package writes: a puzzle's result, a retry
    position added, or an answer given in the review queue."""
    if not (isinstance(event, dict) and event.get("v") == 2 and _text(event.get("id")) and bool(event["id"])
            and _time_ok(event.get("t"))):
        return False
    kind = event.get("e")
    if kind == "puzzle":
        return set(event) == {"v", "id", "t", "e", "th", "p", "ok"} and _word(event["th"]) and _word(
            event["p"]) and isinstance(event["ok"], bool)
    if kind == "retry":
        return (set(event) == {"v", "id", "t", "e", "rid", "r"} and _word(event["rid"])
                and retry_problem(event["r"]) is None)
    if kind == "review":
        item = event.get("i")
        return (set(event) == {"v", "id", "t", "e", "i", "ok"} and _plain_text(item, 2 * _MAX_TEXT)
                and isinstance(item, str) and item.partition(":")[0] in _ITEM_KINDS and bool(item.partition(":")[2])
                and isinstance(event["ok"], bool))
    return False


def _day(at: str) -> str:
    return at[:10]


def _after(day: str, days: int) -> str:
    return (datetime.strptime(day, "%Y-%m-%d") + timedelta(days=days)).strftime("%Y-%m-%d")


def box_of(data: Mapping[str, Any], item: str) -> dict[str, Any] | None:
    """The Leitner box of a review item (``exercise:<id>``, ``puzzle:<theme>/<id>``,
    ``retry:<id>``) in a progress file's content: its box, the day it is due, how many reviews;
    ``None`` when the item is not in the queue. A missed exercise is in box 1 from the day after
    its first check until it is first reviewed (at once when that check's date is not one).

    >>> box_of({"exercises": {"x": {"wrong": ["k"], "worked": False, "first": "2027-03-04T05:06:07Z"}}}, "exercise:x")
    {'box': 1, 'due': '2027-03-05', 'reviews': 0, 'last': ''}
    """
    boxes = data.get("boxes", {})
    if item in boxes:
        return dict(boxes[item])
    kind, _, name = item.partition(":")
    if kind == "exercise":
        entry = data.get("exercises", {}).get(name)
        if entry is not None and (entry.get("wrong") or entry.get("worked")):
            first = entry.get("first")  # only ever checked as short text: a date that is not one is due at once
            due = _after(_day(first), BOX_DAYS[0]) if _time_ok(first) else "0000-00-00"
            return {"box": 1, "due": due, "reviews": 0, "last": ""}
    return None


def _review(data: dict[str, Any], item: str, ok: bool, at: str) -> None:
    """One answer to a review item, on the Leitner boxes: right on or after its day, one box up
    (learned after the last box); right before its day, no change; wrong, back to box 1."""
    boxes = data.setdefault("boxes", {})
    box = box_of(data, item)
    today = _day(at)
    if box is None:
        if ok:
            return  # never missed: nothing to bring back
        box = {"box": 1, "due": today, "reviews": 0, "last": ""}
    box["reviews"] = min(box["reviews"] + 1, _MAX_COUNT)
    box["last"] = at
    if not ok:
        box["box"], box["due"] = 1, _after(today, BOX_DAYS[0])
    elif box["box"] < LEARNED and box["due"] <= today:
        box["box"] += 1
        box["due"] = "" if box["box"] == LEARNED else _after(today, BOX_DAYS[box["box"] - 1])
    if len(boxes) < _MAX_BOXES or item in boxes:
        boxes[item] = box


def _apply_review(data: dict[str, Any], event: Mapping[str, Any]) -> None:
    """Fold one line of the review journal into a progress file's content."""
    at, kind = event["t"], event["e"]
    if kind == "puzzle":
        puzzles = data.setdefault("puzzles", {})
        key = f"{event['th']}/{event['p']}"
        entry = puzzles.get(key)
        if entry is None:
            if len(puzzles) >= _MAX_PUZZLES:
                return
            entry = puzzles[key] = {"theme": event["th"], "id": event["p"], "first": at, "last": at, "tries": 0,
                                    "solved": 0, "first_ok": event["ok"], "ok": event["ok"]}
        entry["tries"] = min(entry["tries"] + 1, _MAX_COUNT)
        entry["solved"] = min(entry["solved"] + event["ok"], entry["tries"])
        entry["last"], entry["ok"] = at, event["ok"]
        _review(data, "puzzle:" + key, event["ok"], at)
    elif kind == "retry":
        retries = data.setdefault("retries", {})
        if event["rid"] in retries:
            return
        while len(retries) >= MAX_RETRIES:
            oldest = min(retries, key=lambda k: (retries[k]["added"], k))
            del retries[oldest]
            data.get("boxes", {}).pop("retry:" + oldest, None)
        retries[event["rid"]] = dict(event["r"])
        boxes = data.setdefault("boxes", {})
        if len(boxes) < _MAX_BOXES:
            boxes["retry:" + event["rid"]] = {"box": 1, "due": _day(event["r"]["added"]), "reviews": 0, "last": ""}
    else:
        item = event["i"]
        if item.startswith("retry:"):
            retry = data.get("retries", {}).get(item[len("retry:"):])
            if retry is None:
                return  # a retry position no longer kept
            if retry["tries"] == 0:
                retry["first_ok"] = event["ok"]
            retry["tries"] = min(retry["tries"] + 1, _MAX_COUNT)
            retry["solved"] = min(retry["solved"] + event["ok"], retry["tries"])
        _review(data, item, event["ok"], at)


def _apply(data: dict[str, Any], event: Mapping[str, Any]) -> None:
    """Fold one check of the journal into a progress file's content: a right answer stays right; a
    wrong answer already given counts once; every blank counts."""
    at, state = event["t"], event["s"]
    entry = data["exercises"].setdefault(event["x"], {
        "first": at, "last": at, "right": False, "first_try": False, "tries": 0, "wrong": [], "blanks": 0,
        "hint": 0, "worked": False, "missed": {}})
    entry["last"] = at
    if state == "blank":
        entry["blanks"] = min(entry["blanks"] + 1, _MAX_COUNT)
    elif state == "right":
        if not entry["right"]:
            entry["right"] = True
            entry["right_at"] = at
            entry["tries"] = len(entry["wrong"]) + 1
            entry["first_try"] = not entry["wrong"]
            if "ans" in event:
                entry["answer"] = event["ans"]
    elif state == "wrong" and not entry["right"]:
        key = event.get("k", "")
        if key not in entry["wrong"]:
            entry["wrong"].append(key)
            entry["tries"] = len(entry["wrong"])
            for rule in dict.fromkeys(event.get("r", [])):
                entry["missed"][rule] = min(entry["missed"].get(rule, 0) + 1, _MAX_COUNT)
    if state == "wrong":
        entry["hint"] = max(entry["hint"], event.get("a", 0))
        entry["worked"] = entry["worked"] or event.get("w", False)


def _read_limited(path: Path) -> bytes | None:
    """The bytes of the file at ``path`` (``None``: there is none), read without waiting on a pipe
    or a device and without reading more than :data:`_MAX_BYTES`. Raises :class:`_Damaged` for
    something that is not a file or too large, :class:`OSError` when it cannot be read."""
    try:
        return read_limited(path, _MAX_BYTES)
    except FileNotFoundError:
        return None
    except NotAFile:
        raise _Damaged(tr("it is not a file")) from None
    except TooLarge:
        raise _Damaged(tr("it is larger than {size} MB", size=_MAX_BYTES >> 20)) from None


class _Damaged(Exception):
    """A progress file or journal that is not usable: set aside, with its reason."""


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_PAIR = re.compile(r"\[\]|\{\}")
#: How deep a progress file or a journal line may nest (they nest 4 deep; the browser's Python
#: overflows its stack parsing some thousands, where CPython raises RecursionError).
_MAX_DEPTH = 32


def _nesting(text: str, depth: int = _MAX_DEPTH) -> str | None:
    """What is wrong with the nesting of the JSON text ``text`` (``None``: nothing), found without
    parsing it: its brackets outside strings, innermost pairs taken away ``depth`` times (what is
    left then nests deeper; brackets that never pair are not JSON).

    >>> _nesting('{"a": [[1], "]]]"]}', 3) is None, _nesting("[[[[]]]]", 3), _nesting("[" * 100_000, 3)
    (True, 'it is nested more than 3 deep', 'it is not valid JSON')
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    for _ in range(depth):
        if not brackets:
            return None
        brackets, pairs = _PAIR.subn("", brackets)
        if not pairs:
            return tr("it is not valid JSON")
    return tr("it is nested more than {depth} deep", depth=depth) if brackets else None


def _parse(raw: bytes) -> Any:
    """JSON from bytes; :class:`_Damaged` when they are not UTF-8 JSON, or nest too deep."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise _Damaged(tr("it is not valid JSON")) from None
    problem = _nesting(text)
    if problem is not None:
        raise _Damaged(problem)
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise _Damaged(tr("it is not valid JSON")) from None


def _in_order(journals: list[tuple[Path, list[dict[str, Any]], str | None]]) -> list[dict[str, Any]]:
    """The lines of ``journals`` (the kernels' own first, the shared one last) in the order they
    were written, as near as it can be known: the kernels' own by their dates (each journal's
    order kept within a date), then the shared one's, which a kernel holding the lock has just
    appended (a right answer after a wrong one written meanwhile stays right, not the reverse)."""
    *own, (_shared, last, _problem) = journals
    return [*sorted((e for _path, events, _bad in own for e in events), key=lambda e: str(e["t"])), *last]


def _kernel_token() -> str:
    """This kernel's journal name (12 hex digits), new every ``_JOURNAL_KEEP / 2`` seconds."""
    with _THREAD_LOCKS_GUARD:
        if time.monotonic() - float(_KERNEL[1]) > _JOURNAL_KEEP / 2:
            _KERNEL[:] = [secrets.token_hex(6), time.monotonic()]
        return str(_KERNEL[0])


def _thread_lock(path: Path) -> threading.RLock:
    key = os.path.abspath(path)
    with _THREAD_LOCKS_GUARD:
        return _THREAD_LOCKS.setdefault(key, threading.RLock())


def _flock(path: Path) -> Callable[[], None] | None:
    """Hold the lock-file at ``path`` with ``flock`` (``None``: another kernel held it longer than
    :data:`_LOCK_WAIT`). The holder removes the file before letting go, so a kernel that locked a
    file already removed tries again on the one now at ``path``."""
    assert fcntl is not None
    deadline = time.monotonic() + _LOCK_WAIT
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644)
        try:
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if time.monotonic() > deadline:
                        os.close(fd)
                        return None
                    time.sleep(0.002)
            try:
                here = os.stat(path)
                mine = os.fstat(fd)
                same = (here.st_ino, here.st_dev) == (mine.st_ino, mine.st_dev)
            except FileNotFoundError:
                same = False
        except BaseException:
            os.close(fd)
            raise
        if same:
            def release(fd: int = fd) -> None:
                try:
                    os.unlink(path)
                except OSError:
                    pass
                os.close(fd)
            return release
        os.close(fd)


def _exclusive(path: Path) -> Callable[[], None] | None:
    """Hold the lock-file at ``path`` by creating it exclusively (``None``: not within
    :data:`_LOCK_WAIT`); one older than :data:`_LOCK_STALE` was left by a kernel that died, and is
    broken."""
    deadline = time.monotonic() + _LOCK_WAIT
    while True:
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            try:
                held = os.stat(path)
            except FileNotFoundError:
                continue
            if time.time() - held.st_mtime > _LOCK_STALE:
                try:
                    again = os.stat(path)
                    if (again.st_ino, again.st_mtime) == (held.st_ino, held.st_mtime):
                        os.unlink(path)
                except FileNotFoundError:
                    pass
                except OSError:  # it cannot be broken (a directory, a folder that cannot be written)
                    return None
                continue
            if time.monotonic() > deadline:
                return None
            time.sleep(0.002)
            continue
        try:
            os.write(fd, f"{os.getpid()}\n".encode())
        finally:
            os.close(fd)

        def release() -> None:
            try:
                os.unlink(path)
            except OSError:
                pass
        return release


class Progress:
    """The progress file at ``path`` (default: ``.buraco_progress.json`` in the current folder,
    looked up at each use), with its journal beside it. Every method reads the files afresh, so two
    notebooks open at once both add to it.

    A check is one line appended to the journal (``.buraco_progress.jsonl``: a single small write,
    kept whole by the system even when several kernels append at once), then folded into the file
    by the kernel holding the lock (``.buraco_progress.lock``): the file is written whole to a
    temporary file and renamed over the old one, and the journal removed. A kernel that cannot get
    the lock in time leaves its line in the journal for the next one to fold in; reading folds the
    journal in too, so no check is lost or counted twice. In JupyterLite, whose kernels cannot lock
    a file, each kernel keeps a journal of its own, removed only once every kernel has read it
    (:data:`_JOURNAL_KEEP`).
    """

    def __init__(self, path: str | Path | None = None) -> None:
        self._path = Path(path) if path is not None else None
        self._kernel: str | None = None  # this kernel's journal name, when fixed (else _kernel_token())
        #: The one-line reports of files set aside or not written (also printed to stderr, once each).
        self.reports: list[str] = []

    @property
    def path(self) -> Path:
        """Where the file is."""
        return self._path if self._path is not None else Path.cwd() / PROGRESS_FILE

    def _beside(self, suffix: str) -> Path:
        path = self.path
        stem = path.name[:-len(".json")] if path.name.endswith(".json") else path.name
        return path.with_name(stem + suffix)

    @property
    def journal(self) -> Path:
        """The journal of checks not folded in yet (``.buraco_progress.jsonl``), which a kernel
        holding the lock appends to (see :meth:`_journal_for`)."""
        return self._beside(".jsonl")

    def _journals(self, *, review: bool) -> list[Path]:
        """Every journal of checks (``review``: of review lines) beside the file: the shared one and
        the kernels' own, in a fixed order."""
        shared = self.review_journal if review else self.journal
        stem = self._beside("").name
        kind = ".review" if review else ""
        try:
            names = sorted(n for n in os.listdir(shared.parent)
                           if n.startswith(stem + kind + ".") and _KERNEL_JOURNAL.fullmatch(n[len(stem + kind):]))
        except OSError:
            names = []
        return [*(shared.with_name(n) for n in names), shared]

    def _journal_for(self, *, review: bool, held: bool) -> Path:
        """Where this kernel appends a line: the shared journal while it holds the lock; its own
        journal where it could not get the lock in time, or where kernels cannot lock (JupyterLite),
        so that no kernel removes a journal another one is appending to."""
        if held and _LOCKING != "none":
            return self.review_journal if review else self.journal
        return self._beside(f"{'.review' if review else ''}.{self._kernel or _kernel_token()}.jsonl")

    @property
    def review_journal(self) -> Path:
        """Where the journal of puzzle results, retry positions and review answers not folded in
        yet is (see :data:`REVIEW_JOURNAL_SUFFIX`)."""
        return self._beside(REVIEW_JOURNAL_SUFFIX)

    def _report(self, line: str, *, once: bool = False) -> None:
        """Print ``line`` to stderr and keep it; ``once``: a fault that lasts (a folder that cannot be
        written) is said the first time only."""
        if once and line in self.reports:
            return
        self.reports.append(line)
        print(line, file=sys.stderr)

    @contextmanager
    def _locked(self) -> Iterator[bool]:
        """Keep other kernels and threads out; says whether the lock is held (else: only append)."""
        with _thread_lock(self.path):
            release: Callable[[], None] | None = None
            if _LOCKING == "none":
                held = True
            else:
                lock = self._beside(".lock")
                try:
                    release = _flock(lock) if _LOCKING == "flock" else _exclusive(lock)
                except OSError:  # a file system without flock: the lock-file instead
                    try:
                        release = _exclusive(lock)
                    except OSError:
                        release = None
                held = release is not None
            try:
                yield held
            finally:
                if release is not None:
                    release()

    def _set_aside(self, path: Path) -> str:
        """Rename a damaged file beside itself (``<name>.bad-<time>``); says what was done."""
        stamp = now().astimezone(timezone.utc).strftime("%Y%m%d-%H%M%S")
        bad = path.with_name(f"{path.name}.bad-{stamp}")
        n = 1
        while os.path.lexists(bad):
            n += 1
            bad = path.with_name(f"{path.name}.bad-{stamp}-{n}")
        try:
            os.replace(path, bad)
        except FileNotFoundError:  # another kernel set it aside meanwhile
            return tr("it was set aside as {name}", name=bad.name)
        except OSError:
            return tr("it could not be set aside")
        return tr("it was set aside as {name}", name=bad.name)

    def _read_file(self) -> tuple[dict[str, Any], str | None, bool]:
        """The file's content, what is wrong with it (``None``: nothing), and whether it may be
        written over (not when it is there but cannot be read: it is not lost for a passing fault)."""
        path = self.path
        try:
            raw = _read_limited(path)
            if raw is None:
                return _empty(), None, True
            data = _parse(raw)
        except _Damaged as err:
            return _empty(), str(err), True
        except OSError as err:
            self._report("buraco_learn: " + tr("cannot read your progress file {path}: {reason}; progress starts "
                                               "afresh.", path=path, reason=err), once=True)
            return _empty(), None, False
        problem = _problem(data)
        return (_empty(), problem, True) if problem is not None else (data, None, True)

    def _read_journal(self, journal: Path, *, review: bool = False) -> tuple[list[dict[str, Any]], str | None]:
        """The checks in ``journal`` (``review``: the lines of a review journal), and what is wrong
        with it (``None``: nothing). The last line, when it has no end, is a write cut short by a
        kernel that died: not a check, not damage."""
        start, head = (_REVIEW_START, _REVIEW_HEAD) if review else (_CHECK_START, _CHECK_HEAD)
        try:
            raw = _read_limited(journal)
        except _Damaged as err:
            return [], str(err)
        except OSError:
            return [], None
        if not raw:
            return [], None
        events: list[dict[str, Any]] = []
        damaged = False
        lines = raw.split(b"\n")
        for at, line in enumerate(lines):
            # a write cut short (a kernel that died) leaves the start of a line, at the end of the
            # journal or followed by the next check's line: each check's piece is read on its own
            pieces = start.split(line)
            for n, piece in enumerate(pieces):
                if not piece.strip():
                    continue
                torn = piece.startswith(head) and (n < len(pieces) - 1 or at == len(lines) - 1)
                try:
                    event = _parse(piece)
                except _Damaged:
                    damaged = damaged or not torn
                    continue
                if _review_event_ok(event) if review else _event_ok(event) and event["s"] in _STATES:
                    events.append(event)
                else:
                    damaged = True
        return events, tr("it has lines that are not checks") if damaged else None

    def _state(self, *, fold: bool) -> tuple[dict[str, Any], bool]:
        """The progress: the file with the journals' checks folded in, and whether something is
        damaged. ``fold`` (the lock held): damaged files are set aside and reported, the result is
        written to the file and the journals folded in removed (see :meth:`_may_remove`)."""
        checks = [(path, *self._read_journal(path)) for path in self._journals(review=False)]  # first: a
        reviews = [(path, *self._read_journal(path, review=True)) for path in self._journals(review=True)]
        data, problem, writable = self._read_file()  # kernel folding meanwhile is seen in the file
        applied = set(data.get("applied", ()))
        seen: dict[str, None] = {}
        for event in _in_order(checks):
            if event["id"] not in applied and event["id"] not in seen:
                _apply(data, event)
            seen[event["id"]] = None
        data["applied"] = list(seen)
        if any(events for _path, events, _bad in reviews) or "applied_review" in data:
            applied_review = set(data.get("applied_review", ()))
            seen = {}
            for event in _in_order(reviews):
                if event["id"] not in applied_review and event["id"] not in seen:
                    _apply_review(data, event)
                seen[event["id"]] = None
            data["applied_review"] = list(seen)
        else:
            applied_review = set()
        journals = [(*c, applied) for c in checks] + [(*r, applied_review) for r in reviews]
        journal_problem = any(bad is not None for _path, _events, bad, _applied in journals)
        if not fold:
            return data, problem is not None or journal_problem
        if problem is not None:
            where = self._set_aside(self.path)
            self._report("buraco_learn: " + tr("your progress file {name} could not be used ({problem}); {where} "
                                               "and your progress starts afresh.", name=self.path.name,
                                               problem=problem, where=where))
        if not (journal_problem or any(events for _path, events, _bad, _applied in journals)) or not writable:
            return data, False
        if not self._write(data):
            return data, False
        for path, events, bad, done in journals:
            if bad is not None:
                where = self._set_aside(path)
                self._report("buraco_learn: " + tr("some recent checks in {name} could not be read ({problem}); "
                                                   "{where}, and every other check is kept.",
                                                   name=path.name, problem=bad, where=where))
            elif events and self._may_remove(path, events, done):
                try:
                    os.unlink(path)
                except OSError:
                    pass
        return data, False

    def _may_remove(self, journal: Path, events: list[dict[str, Any]], applied: set[str]) -> bool:
        """Whether a journal just folded in may go. The shared one, where kernels lock: only a
        kernel holding the lock appends to it. A kernel's own (written where it could not lock):
        once all its lines were in the file as read and its last one is :data:`_JOURNAL_KEEP`
        seconds old: every kernel has read them, and its kernel writes a newer journal by then."""
        if journal in (self.journal, self.review_journal) and _LOCKING != "none":
            return True
        if not all(event["id"] in applied for event in events):
            return False
        try:
            return time.time() - os.stat(journal).st_mtime > _JOURNAL_KEEP
        except OSError:
            return False

    def load(self) -> dict[str, Any]:
        """The progress (the file with the journal's checks folded in); an empty progress when there
        is none. A damaged file (not JSON, nested too deep, not UTF-8, a field of a wrong type, too
        large, not a file, edited by hand) is set aside (renamed ``<name>.bad-<time>``), reported in
        one line, once, and not used."""
        data, damaged = self._state(fold=False)
        if damaged:
            with self._locked() as held:
                if held:
                    data, _ = self._state(fold=True)
        return data

    def _write(self, data: dict[str, Any]) -> bool:
        path = self.path
        data = _sealed_progress({**data, "course": _course_version(), "updated": _now()})
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
            if path.parent.is_dir() and not os.path.isdir(path):  # a file system without rename: in place
                try:
                    path.write_text(text, encoding="utf-8")
                    return True
                except OSError as again:
                    err = again
            self._report("buraco_learn: " + tr("cannot write your progress file {path}: {reason}; it is not "
                                               "saved.", path=path, reason=err), once=True)
            return False

    def save(self, data: dict[str, Any]) -> bool:
        """Write ``data`` (as :meth:`load` gives it) as the file, sealed with its checksum, atomically:
        a temporary file renamed over the old one. Returns whether it was written; a folder that
        cannot be written is reported once."""
        with self._locked():
            return self._write(data)

    def _append(self, line: bytes, journal: Path | None = None) -> OSError | None:
        """Append one line to the journal (or ``journal``) in a single write; what went wrong
        (``None``: written)."""
        flags = (os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
                 | getattr(os, "O_NOFOLLOW", 0))  # never through a link to a file elsewhere
        try:
            fd = os.open(journal or self.journal, flags, 0o644)
        except OSError as err:
            return err
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                return IsADirectoryError(tr("it is not a file"))
            if os.write(fd, line) != len(line):
                return OSError(tr("it was not written whole"))
            return None
        except OSError as err:
            return err
        finally:
            os.close(fd)

    def record(self, exercise: str, state: str, *, answer: Any = None, attempt: int = 0,
               rules: Iterable[str] = (), worked: bool = False, now: str | None = None) -> None:
        """Add one check of ``exercise`` to the file. ``state``: ``right``, ``wrong``, ``blank`` (or
        ``form``: an answer that could not be read, not a try); ``attempt``: the checker's count of
        wrong answers (1: the hint was shown, 2 and more: the stronger hint); ``rules``: the rule
        IDs the wrong answer broke; ``worked``: a right answer was shown; ``now``: the date (default:
        the module's clock, :data:`now`).

        A right answer stays right; a wrong answer already given counts once (re-running a
        notebook counts nothing twice)."""
        try:
            level = max(0, min(int(attempt), 2))
        except (TypeError, ValueError, OverflowError):
            level = 0
        event: dict[str, Any] = {
            "v": 1, "id": secrets.token_hex(8), "t": str(now or _now())[:40], "x": str(exercise)[:_MAX_TEXT] or "?",
            "s": state if state in _STATES else "form", "a": level, "w": bool(worked),
            "r": [str(r)[:_MAX_TEXT] for r in itertools.islice(rules, 50)]}
        if event["s"] == "right":
            kept = answer_value(answer)
            if kept is not None:  # what the class report checks again
                event["ans"] = kept
        if state == "wrong":
            event["k"] = _answer_key(answer)
        line = (json.dumps(event, ensure_ascii=True, separators=(",", ":")) + "\n").encode("ascii")
        with self._locked() as held:
            journal = self._journal_for(review=False, held=held)
            failed = self._append(line, journal)
            if held:
                data, _ = self._state(fold=True)
                if failed is not None:  # no journal here (a file system without appending): the file itself
                    _apply(data, event)
                    self._write(data)
            elif failed is not None:
                self._report("buraco_learn: " + tr("cannot write your progress file {path}: {reason}; it is not "
                                                   "saved.", path=journal, reason=failed), once=True)

    def _record_review(self, event: dict[str, Any]) -> None:
        """Append one line to the review journal and fold it in when the lock is held (as
        :meth:`record` does with a check)."""
        event = {"v": 2, "id": secrets.token_hex(8), **event}
        if not _review_event_ok(event):
            raise NotationError(tr("a review line is refused: its date must be like 2027-03-04T05:06:07Z"))
        line = (json.dumps(event, ensure_ascii=True, separators=(",", ":")) + "\n").encode("ascii")
        with self._locked() as held:
            journal = self._journal_for(review=True, held=held)
            failed = self._append(line, journal)
            if held:
                data, _ = self._state(fold=True)
                if failed is not None:  # no journal here: the file itself
                    _apply_review(data, event)
                    self._write(data)
            elif failed is not None:
                self._report("buraco_learn: " + tr("cannot write your progress file {path}: {reason}; it is not "
                                                   "saved.", path=journal, reason=failed), once=True)

    def record_puzzle(self, theme: str, puzzle: str, ok: bool, *, now: str | None = None) -> None:
        """Record one result of a puzzle: its theme (``most``, ``safe``, ...), its id (a name or a
        generated puzzle's seed) and whether it was solved. A failed puzzle goes into the review
        queue (box 1); solved again on its day, it moves up (see :data:`BOX_DAYS`).

        >>> import tempfile, pathlib
        >>> p = Progress(pathlib.Path(tempfile.mkdtemp()) / PROGRESS_FILE)
        >>> p.record_puzzle("safe", "s-12", False, now="2027-03-04T05:06:07Z")
        >>> p.load()["puzzles"]["safe/s-12"]["solved"], p.load()["boxes"]["puzzle:safe/s-12"]["due"]
        (0, '2027-03-05')
        >>> p.record_puzzle("safe", "../x", True)
        Traceback (most recent call last):
        ...
        buraco_learn.errors.NotationError: a puzzle's theme and id are short words (letters, digits, _.:+-, at most 80), like safe and s-12, not '../x'
        """
        for word in (theme, puzzle):
            if not _word(word):
                raise NotationError(tr("a puzzle's theme and id are short words (letters, digits, _.:+-, at most 80), "
                                       "like safe and s-12, not {word}", word=excerpt(word)))
        if not isinstance(ok, bool):
            raise NotationError(tr("a puzzle's result is True (solved) or False, not {value}", value=excerpt(ok)))
        self._record_review({"t": str(now or _now()), "e": "puzzle", "th": theme, "p": puzzle, "ok": ok})

    def add_retry(self, retry_id: str, retry: Mapping[str, Any]) -> None:
        """Keep a retry position (as :mod:`buraco_learn.practice` makes it) in the queue, due at
        once; the same id added again is kept once. A retry refused by :func:`retry_problem` raises
        :class:`~buraco_learn.errors.NotationError` and nothing is written."""
        if not _word(retry_id):
            raise NotationError(tr("a retry position's id is a short word, not {word}", word=excerpt(retry_id)))
        problem = retry_problem(dict(retry))
        if problem is not None:
            raise NotationError(problem)
        self._record_review({"t": str(retry["added"]), "e": "retry", "rid": retry_id, "r": dict(retry)})

    def record_review(self, item: str, ok: bool, *, now: str | None = None) -> None:
        """Record an answer given to a review item (``exercise:<id>``, ``puzzle:<theme>/<id>``,
        ``retry:<id>``): right moves it one box up on its day, wrong back to box 1."""
        if (not isinstance(item, str) or item.partition(":")[0] not in _ITEM_KINDS or not item.partition(":")[2]
                or not _plain_text(item, 2 * _MAX_TEXT)):
            raise NotationError(tr("a review item is exercise:<id>, puzzle:<theme>/<id> or retry:<id>, not {item}",
                                   item=excerpt(item)))
        if not isinstance(ok, bool):
            raise NotationError(tr("a review's result is True (right) or False, not {value}", value=excerpt(ok)))
        self._record_review({"t": str(now or _now()), "e": "review", "i": item, "ok": ok})

    def reset(self) -> str:
        """Forget all progress (the file and its journal are removed); says what was done."""
        removed = False
        with self._locked():
            for path in (self.path, *self._journals(review=False), *self._journals(review=True)):
                try:
                    if os.path.isdir(path) and not os.path.islink(path):
                        self._set_aside(path)
                    else:
                        path.unlink()
                    removed = True
                except FileNotFoundError:
                    pass
                except OSError as err:
                    return tr("cannot write your progress file {path}: {reason}; it is not saved.", path=path,
                              reason=err)
        return tr("Your progress is reset: every exercise is not started again.") if removed else tr(
            "No progress to reset.")

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


def _clamped_count(value: Any, high: int) -> int:
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
        if key.startswith("puzzle:") and key.count(":") == 3:  # a generated puzzle: practice without end,
            continue  # not an exercise of the course (a long streak would pass the report's limit of entries)
        missed = e.get("missed")
        entry = {
            "notebook": where.get(key, ""), "right": e.get("right") is True, "first_try": e.get("first_try") is True,
            "attempts": _clamped_count(e.get("tries"), 1_000_000), "hints": _clamped_count(e.get("hint"), 10),
            "worked": e.get("worked") is True, "first": _when(e.get("first")), "last": _when(e.get("last")),
            "right_at": _when(e.get("right_at")),
            "missed": {r: _clamped_count(n, 1_000_000) for r, n in sorted(missed.items())[:100]
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


def record_puzzle(theme: str, puzzle: str, ok: bool) -> None:
    """Record a puzzle's result (its theme, its id, solved or not) in the current folder's progress,
    when recording is on (:func:`enabled`): per-theme success, "my failed puzzles" and the review
    queue read it. A theme or id that is not a short word raises
    :class:`~buraco_learn.errors.NotationError` at once; a file that cannot be written is reported,
    never raised.

    >>> record_puzzle("most", "m-3", True)      # no kernel here: nothing is recorded
    >>> record_puzzle("most", "", True)
    Traceback (most recent call last):
    ...
    buraco_learn.errors.NotationError: a puzzle's theme and id are short words (letters, digits, _.:+-, at most 80), like safe and s-12, not ''
    """
    for word in (theme, puzzle):
        if not _word(word):
            raise NotationError(tr("a puzzle's theme and id are short words (letters, digits, _.:+-, at most 80), "
                                   "like safe and s-12, not {word}", word=excerpt(word)))
    if not isinstance(ok, bool):
        raise NotationError(tr("a puzzle's result is True (solved) or False, not {value}", value=excerpt(ok)))
    if not enabled():
        return
    try:
        _DEFAULT.record_puzzle(theme, puzzle, ok)
    except Exception as err:  # noqa: BLE001 - a puzzle never fails because its record could not be kept
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
