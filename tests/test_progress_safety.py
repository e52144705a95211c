"""The progress file holds against a classroom: several notebooks and kernels writing at once keep
every check, a damaged file of any kind is set aside with one message and recording goes on,
files written by earlier versions still load, and dates come from a clock the tests fix."""

from __future__ import annotations

import hashlib
import json
import math
import os
import random
import subprocess
import sys
import threading
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest

import buraco_learn.progress as progress
from buraco_learn.progress import PROGRESS_FILE, Progress, record_check, show_progress

FIXTURE = Path(__file__).parent / "fixtures" / "progress-v1.json"


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A learner's folder as the current folder, with recording switched on."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("BURACO_PROGRESS", "1")
    return tmp_path


def _sealed(content: dict[str, Any]) -> str:
    """``content`` with a matching integrity check, written as the package writes it: a file
    forged with care (the check alone does not catch it)."""
    body = {k: v for k, v in content.items() if k != "checksum"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    body["checksum"] = "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()
    return json.dumps(body, indent=1)


def _fixture() -> dict[str, Any]:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def _forged(field: str, value: Any, exercise: str = "ace-high") -> str:
    data = _fixture()
    data["exercises"][exercise][field] = value
    return _sealed(data)


def _bad_files(folder: Path) -> list[Path]:
    return sorted(folder.glob(f"{PROGRESS_FILE}.bad-*"))


# ----------------------------------------------------------------------------- many writers
_WORKER = """
import os, sys, time
import buraco_learn.progress as progress
path, worker, checks, go, locking = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
if locking != "default":
    progress._LOCKING = locking
p = progress.Progress(path)
while not os.path.exists(go):
    time.sleep(0.002)
for j in range(checks):
    p.record("ex-" + worker, "wrong", answer="answer %d" % j, attempt=1)
    p.record("ex-" + worker, "blank")
"""


@pytest.mark.parametrize("locking", ["default", "exclusive"])
def test_four_processes_recording_at_once_keep_every_check(tmp_path: Path, locking: str) -> None:
    """Four kernels (processes) record 40 checks each, started together: all 160 tries and all
    160 blanks are kept, none counted twice (with the system's lock, and with the lock-file used
    where the system has none)."""
    path, go = tmp_path / PROGRESS_FILE, tmp_path / "go"
    workers, checks = 4, 40
    env = {**os.environ, "BURACO_PROGRESS": "1"}
    procs = [subprocess.Popen([sys.executable, "-c", _WORKER, str(path), str(w), str(checks), str(go), locking],
                              env=env, stderr=subprocess.PIPE, text=True) for w in range(workers)]
    go.touch()
    for proc in procs:
        _out, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, err
        assert "buraco_learn:" not in err, err
    exercises = Progress(path).load()["exercises"]
    assert sorted(exercises) == [f"ex-{w}" for w in range(workers)]
    assert [exercises[f"ex-{w}"]["tries"] for w in range(workers)] == [checks] * workers
    assert [exercises[f"ex-{w}"]["blanks"] for w in range(workers)] == [checks] * workers
    assert not _bad_files(tmp_path)


@pytest.mark.parametrize("locking", ["default", "none"])
def test_threads_of_one_kernel_keep_every_check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                locking: str) -> None:
    """Widgets' callbacks and threads of one kernel (the only writer in JupyterLite's Pyodide,
    which has no file lock) record at once: every check kept."""
    if locking != "default":
        monkeypatch.setattr(progress, "_LOCKING", locking, raising=False)
    path = tmp_path / PROGRESS_FILE

    def work(w: int) -> None:
        p = Progress(path)  # each its own object, as two notebooks' checkers would be
        for j in range(25):
            p.record(f"ex-{w}", "blank")
            p.record(f"ex-{w}", "wrong", answer=f"a{j}")

    threads = [threading.Thread(target=work, args=(w,)) for w in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    exercises = Progress(path).load()["exercises"]
    assert [(exercises[f"ex-{w}"]["tries"], exercises[f"ex-{w}"]["blanks"]) for w in range(4)] == [(25, 25)] * 4


def test_a_check_made_while_another_kernel_holds_the_file_is_kept(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A kernel that cannot get the file (another one holds it, or died holding it) still keeps its
    check, and the next check folds both in."""
    fcntl = pytest.importorskip("fcntl")
    monkeypatch.setattr(progress, "_LOCK_WAIT", 0.05, raising=False)
    path = tmp_path / PROGRESS_FILE
    p = Progress(path)
    p.record("deck-size", "wrong", answer=104, attempt=1)
    lock = tmp_path / ".buraco_progress.lock"
    fd = os.open(lock, os.O_RDWR | os.O_CREAT)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        p.record("deck-size", "wrong", answer=106, attempt=2)
        assert Progress(path).load()["exercises"]["deck-size"]["tries"] == 2, "the check is kept meanwhile"
    finally:
        os.close(fd)
    p.record("deck-size", "right", answer=108)
    entry = Progress(path).load()["exercises"]["deck-size"]
    assert (entry["tries"], entry["right"], entry["hint"]) == (3, True, 2)


def test_a_lock_file_left_by_a_dead_kernel_does_not_stop_recording(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the system has no lock (the lock-file fallback), a lock-file left behind by a kernel
    that died is old: it is broken, and checks go on being folded in."""
    monkeypatch.setattr(progress, "_LOCKING", "exclusive", raising=False)
    lock = tmp_path / ".buraco_progress.lock"
    lock.write_text("12345\n")
    os.utime(lock, (1_000_000_000, 1_000_000_000))
    path = tmp_path / PROGRESS_FILE
    Progress(path).record("deck-size", "right", answer=108)
    assert json.loads(path.read_text())["exercises"]["deck-size"]["right"], "folded into the file itself"
    assert not lock.exists()


# ----------------------------------------------------------------------------- damaged files
_DAMAGED: dict[str, Any] = {
    "deep nesting": "[" * 100_000,
    "deep nesting of objects": '{"a":' * 50_000 + "1" + "}" * 50_000,
    "invalid UTF-8": b'{"format": "buraco_learn-progress", "x": "\xff\xfe"}',
    "empty": "",
    "not an object (list)": "[1, 2]",
    "not an object (null)": "null",
    "not an object (string)": '"progress"',
    "wrong type (tries)": _forged("tries", "abc"),
    "wrong type (wrong)": _forged("wrong", [1, 2]),
    "wrong type (missed)": _forged("missed", {"RUN-1": "x"}),
    "wrong type (exercises)": _sealed({**_fixture(), "exercises": [1]}),
    "wrong type (entry)": _sealed({**_fixture(), "exercises": {"ace-high": "right"}}),
    "NaN": _forged("tries", math.nan),
    "Infinity": _forged("missed", {"RUN-1": math.inf}),
    "negative count": _forged("blanks", -3),
    "boolean as count": _forged("hint", True),
    "forged entry (missing field)": _sealed({**_fixture(), "exercises": {"x": {"right": True}}}),
    "huge file": '{"format": "buraco_learn-progress", "pad": "' + "x" * (9 << 20) + '"}',
}


@pytest.mark.parametrize("kind", list(_DAMAGED))
def test_a_damaged_file_is_set_aside_once_and_recording_goes_on(here: Path, kind: str,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    content = _DAMAGED[kind]
    path = here / PROGRESS_FILE
    (path.write_bytes if isinstance(content, bytes) else path.write_text)(content)
    view = show_progress()
    assert not view.recorded, "nothing of a damaged file is shown"
    record_check("deck-size", "wrong", answer=104, attempt=1)
    record_check("deck-size", "right", answer=108)
    show_progress().text()
    err = capsys.readouterr().err
    assert "progress not recorded" not in err, err[:500]
    assert err.count("set aside") == 1 and len(err.strip().splitlines()) == 1, err[:500]
    bad = _bad_files(here)
    assert len(bad) == 1, "the damaged file is kept, renamed beside the new one"
    assert bad[0].read_bytes() == (content if isinstance(content, bytes) else content.encode())
    entry = Progress(path).load()["exercises"]["deck-size"]
    assert entry["right"] and entry["tries"] == 2, "recording goes on in a new file"
    assert sum(n.right for n in show_progress().notebooks) == 1


def test_a_directory_in_place_of_the_file_is_set_aside(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (here / PROGRESS_FILE).mkdir()
    (here / PROGRESS_FILE / "inside.txt").write_text("kept")
    for _ in range(3):
        record_check("deck-size", "right", answer=108)
        show_progress()
    err = capsys.readouterr().err
    assert "progress not recorded" not in err and err.count("set aside") == 1, err
    (bad,) = _bad_files(here)
    assert (bad / "inside.txt").read_text() == "kept"
    assert Progress(here / PROGRESS_FILE).load()["exercises"]["deck-size"]["right"]


def test_a_pipe_in_place_of_the_file_does_not_hang_the_kernel(tmp_path: Path) -> None:
    """A FIFO named like the progress file: opening it to read would wait forever for a writer."""
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    os.mkfifo(tmp_path / PROGRESS_FILE)
    code = ("from buraco_learn.progress import record_check, show_progress\n"
            "record_check('deck-size', 'right', answer=108); show_progress()\n"
            "print(show_progress().notebooks[1].right)")
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=120,
                         env={**os.environ, "BURACO_PROGRESS": "1"})
    assert out.stdout.strip() == "1" and out.stderr.count("set aside") == 1, out.stderr
    assert (tmp_path / PROGRESS_FILE).is_file() and len(_bad_files(tmp_path)) == 1


def test_a_damaged_journal_is_set_aside_once_and_its_good_lines_kept(here: Path,
                                                                    capsys: pytest.CaptureFixture[str],
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(progress, "_LOCK_WAIT", 0.0, raising=False)
    journal = here / progress.JOURNAL_FILE
    record_check("deck-size", "wrong", answer=104, attempt=1)
    with open(journal, "ab") as f:
        f.write(b"[" * 50_000 + b"\n\xff\xfe\n" + b'{"x": 1}\n' + b"null\n")
    record_check("deck-size", "right", answer=108)
    record_check("ace-high", "blank")
    show_progress()
    err = capsys.readouterr().err
    assert "progress not recorded" not in err and err.count("set aside") == 1, err[:500]
    data = Progress(here / PROGRESS_FILE).load()["exercises"]
    assert data["deck-size"]["right"] and data["deck-size"]["tries"] == 2 and data["ace-high"]["blanks"] == 1


def test_a_torn_last_line_of_the_journal_is_not_damage(here: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A kernel killed in the middle of a write leaves half a line at the end: it is skipped
    quietly (it was never a check), the rest is kept."""
    journal = here / progress.JOURNAL_FILE
    journal.write_bytes(b'{"v":1,"id":"5e2a","x":"deck-si')
    record_check("deck-size", "right", answer=108)
    assert Progress(here / PROGRESS_FILE).load()["exercises"]["deck-size"]["tries"] == 1
    assert capsys.readouterr().err == "" and not _bad_files(here)


# ----------------------------------------------------------------------------- old files, the clock
def test_a_file_written_by_the_version_before_loads_and_grows(tmp_path: Path) -> None:
    """tests/fixtures/progress-v1.json was written by the package before the journal: it loads as
    it is, nothing lost, and new checks add to it."""
    path = tmp_path / PROGRESS_FILE
    path.write_bytes(FIXTURE.read_bytes())
    p = Progress(path)
    assert p.load()["exercises"] == _fixture()["exercises"]
    p.record("ace-high", "right", answer="QH KH AH")
    p.record("reach-pot", "blank")
    after = Progress(path).load()["exercises"]
    assert after["deck-size"] == _fixture()["exercises"]["deck-size"]
    assert after["ace-high"]["right"] and after["ace-high"]["tries"] == 3 and after["reach-pot"]["blanks"] == 1
    assert not p.reports and not _bad_files(tmp_path)
    assert json.loads(path.read_text())["format"] == "buraco_learn-progress"


def test_dates_come_from_the_clock(here: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    clock = [datetime(2027, 3, 4, 5, 6, 7, tzinfo=timezone.utc)]
    monkeypatch.setattr(progress, "now", lambda: clock[0])
    record_check("deck-size", "wrong", answer=104)
    clock[0] = datetime(2027, 3, 5, 8, 0, 0, tzinfo=timezone.utc)
    record_check("deck-size", "right", answer=108)
    entry = Progress(here / PROGRESS_FILE).load()["exercises"]["deck-size"]
    assert (entry["first"], entry["last"], entry["right_at"]) == (
        "2027-03-04T05:06:07Z", "2027-03-05T08:00:00Z", "2027-03-05T08:00:00Z")
    (here / PROGRESS_FILE).write_text("{broken")
    show_progress()
    assert [p.name for p in _bad_files(here)] == [f"{PROGRESS_FILE}.bad-20270305-080000"]


def test_two_files_set_aside_in_the_same_second_are_both_kept(here: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(progress, "now", lambda: datetime(2027, 3, 4, 5, 6, 7, tzinfo=timezone.utc))
    for content in ("{one", "{two"):
        (here / PROGRESS_FILE).write_text(content)
        show_progress()
    assert sorted(p.read_text() for p in _bad_files(here)) == ["{one", "{two"]


def test_reset_forgets_the_journal_too(here: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (here / progress.JOURNAL_FILE).write_text(json.dumps({"v": 1, "id": "a1", "x": "deck-size", "s": "blank",
                                                          "t": "2027-01-01T00:00:00Z"}) + "\n")
    assert show_progress().recorded
    assert "reset" in progress.reset_progress()
    assert not show_progress().recorded and not list(here.iterdir())


# ----------------------------------------------------------------------------- fuzz
_VALUES: list[Any] = [None, True, False, -1, 0, 2, 10**30, 1.0, 1.5, math.nan, math.inf, "", "x" * 300, "é\u202e",
                      [], [1], {}, {"a": 1}, [[[]]]]


def _mutate(rng: random.Random, raw: bytes) -> bytes:
    kind = rng.randrange(6)
    if kind == 0 and raw:  # flip bytes
        b = bytearray(raw)
        for _ in range(rng.randint(1, 8)):
            b[rng.randrange(len(b))] = rng.randrange(256)
        return bytes(b)
    if kind == 1:  # cut
        return raw[:rng.randrange(len(raw) + 1)]
    if kind == 2:  # insert a hostile chunk
        chunk = rng.choice([b"[" * rng.randint(1, 30_000), b"\xff\xfe", b"NaN", b"1e999", b"-1", b'"', b"{}",
                            b"null", b"\n", b"\x00" * 50, "\u2028".encode()])
        at = rng.randrange(len(raw) + 1)
        return raw[:at] + chunk + raw[at:]
    # change one value anywhere in the structure, then seal it again so the types are what is tested
    try:
        data = json.loads(raw)
    except ValueError:  # several journal lines: one changed
        return raw.replace(b'"a": 1', b'"a": ' + json.dumps(rng.choice(_VALUES)).encode(), 1)
    node, key = data, None
    for _ in range(rng.randint(1, 4)):
        if isinstance(node, dict) and node:
            key = rng.choice(sorted(node))
            if isinstance(node[key], (dict, list)) and rng.random() < 0.6 and node[key]:
                node = node[key]
                continue
        elif isinstance(node, list) and node:
            key = rng.randrange(len(node))
        break
    if isinstance(node, dict) and isinstance(key, str):
        node[key] = rng.choice(_VALUES) if kind != 5 else None
        if kind == 5:
            del node[key]
    elif isinstance(node, list) and isinstance(key, int):
        node[key] = rng.choice(_VALUES)
    return _sealed(data).encode() if kind != 4 else json.dumps(data).encode()


def test_fuzz_progress_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                             capsys: pytest.CaptureFixture[str]) -> None:
    """Seeded random damage to the progress file and its journal: recording and the view never
    raise, every damaged file is reported once, and the check made after it is kept."""
    monkeypatch.setenv("BURACO_PROGRESS", "1")
    monkeypatch.setattr(progress, "_LOCK_WAIT", 0.0, raising=False)
    rng = random.Random(20261201)
    base = FIXTURE.read_bytes()
    for case in range(150):
        folder = tmp_path / f"case-{case}"
        folder.mkdir()
        monkeypatch.chdir(folder)
        target = folder / (PROGRESS_FILE if rng.random() < 0.7 else getattr(progress, "JOURNAL_FILE", "j"))
        if target.name != PROGRESS_FILE:
            (folder / PROGRESS_FILE).write_bytes(base)
            line = json.dumps({"v": 1, "id": f"c{case}", "x": "deck-size", "s": "wrong", "k": "abc", "a": 1,
                               "r": ["EQ-1"], "w": False, "t": "2027-01-01T00:00:00Z"}).encode() + b"\n"
            raw = line * 3
            target.write_bytes(_mutate(rng, raw[:-1]) + b"\n" if rng.random() < 0.5 else raw + _mutate(rng, line))
        else:
            target.write_bytes(_mutate(rng, base))
        record_check("case-check", "wrong", answer=f"a{case}", attempt=1)
        view = show_progress()
        view.text()
        view._repr_html_()
        record_check("case-check", "blank")
        err = capsys.readouterr().err
        assert "progress not recorded" not in err, (case, err[:300])
        assert err.count("buraco_learn:") <= 2, (case, err[:300])
        entry = Progress(folder / PROGRESS_FILE).load()["exercises"]["case-check"]
        assert (entry["tries"], entry["blanks"]) == (1, 1), case
        again = capsys.readouterr().err
        assert again == "", (case, "a message shown a second time", again[:300])


def test_the_messages_about_a_damaged_journal_speak_the_language(here: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    from buraco_learn.i18n import language

    (here / progress.JOURNAL_FILE).write_bytes(b"not a check\n")
    with language("fr"):
        record_check("deck-size", "right", answer=108)
    err = capsys.readouterr().err
    assert "mis de côté" in err and "ne sont pas des vérifications" in err and "[en]" not in err, err


class _Hostile:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


def test_hostile_arguments_to_record_never_damage_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Whatever a caller passes (an id of 100,000 characters, a rule list without end, an attempt
    that is no number, an answer whose repr fails), the file written stays one that loads."""
    import itertools

    path = tmp_path / PROGRESS_FILE
    p = Progress(path)
    p.record("x" * 100_000, "wrong", answer=_Hostile(), attempt="two", rules=itertools.count())  # type: ignore[arg-type]
    p.record("deck-size", "wrong", answer="é" * 10_000, attempt=10**100, rules=["R" * 10_000, "EQ-1"])
    p.record("deck-size", "no such state", answer=None, attempt=-5)
    p.record("deck-size", "wrong", answer=[1, {2: 3}], attempt=1.0, worked="yes")  # type: ignore[arg-type]
    assert len(Progress(path).load()["exercises"]) == 2
    assert Progress(path).load()["exercises"]["deck-size"]["tries"] == 2
    assert capsys.readouterr().err == "" and not _bad_files(tmp_path)


def test_a_forged_journal_line_with_a_float_does_not_spoil_the_file(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / PROGRESS_FILE
    Progress(path).record("deck-size", "wrong", answer=104, attempt=1)
    forged = {"v": 1, "id": "f1", "x": "deck-size", "s": "wrong", "t": "2027-01-01T00:00:00Z", "k": "k2", "a": 2.0}
    (tmp_path / progress.JOURNAL_FILE).write_text(json.dumps(forged, separators=(",", ":")) + "\n")
    Progress(path).record("ace-high", "blank")
    for _ in range(2):
        assert Progress(path).load()["exercises"]["deck-size"]["tries"] == 1
    assert "deck-size" in json.loads(path.read_text())["exercises"]
    assert not _bad_files(tmp_path), "the file itself is never set aside because of one journal line"


def test_a_file_nested_deeper_than_a_progress_file_can_be_is_set_aside(here: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """Nesting 10,000 deep is valid JSON to CPython's parser (no RecursionError there), but
    overflows the stack of the browser's Python (Pyodide) and kills the JupyterLite kernel; a
    progress file is four levels deep, so one nested far deeper is set aside before it is parsed."""
    data = _fixture()
    data["notes"] = json.loads("[" * 500 + "]" * 500)
    (here / PROGRESS_FILE).write_text(_sealed(data))
    (here / progress.JOURNAL_FILE).write_text('{"v":1,"id":"d1","x":"deck-size","s":"blank","t":"t","r":'
                                              + "[" * 10_000 + "]" * 10_000 + "}\n")
    record_check("deck-size", "right", answer=108)
    err = capsys.readouterr().err
    assert err.count("set aside") == 2 and "deep" in err, err
    assert Progress(here / PROGRESS_FILE).load()["exercises"]["deck-size"]["blanks"] == 0


@pytest.mark.parametrize("locking", ["default", "exclusive"])
def test_a_directory_in_place_of_the_lock_file_does_not_stop_recording(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch,
                                                                      locking: str) -> None:
    """An old directory named like the lock-file can be neither locked nor broken: the checks are
    kept all the same (in the journal, read with the file)."""
    if locking != "default":
        monkeypatch.setattr(progress, "_LOCKING", locking, raising=False)
    monkeypatch.setattr(progress, "_LOCK_WAIT", 0.05, raising=False)
    lock = tmp_path / ".buraco_progress.lock"
    lock.mkdir()
    os.utime(lock, (1_000_000_000, 1_000_000_000))
    path = tmp_path / PROGRESS_FILE
    Progress(path).record("deck-size", "wrong", answer=104, attempt=1)
    Progress(path).record("deck-size", "right", answer=108)
    entry = Progress(path).load()["exercises"]["deck-size"]
    assert entry["right"] and entry["tries"] == 2


def test_checks_are_never_appended_through_a_link_to_another_file(tmp_path: Path) -> None:
    if not hasattr(os, "symlink"):
        pytest.skip("no symbolic links here")
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("someone's notes\n")
    (tmp_path / progress.JOURNAL_FILE).symlink_to(elsewhere)
    path = tmp_path / PROGRESS_FILE
    Progress(path).record("deck-size", "right", answer=108)
    assert elsewhere.read_text() == "someone's notes\n"
    assert Progress(path).load()["exercises"]["deck-size"]["right"]
