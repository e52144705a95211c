"""The progress file in JupyterLite: two notebooks open in one browser are two kernels that share
the browser's storage with no lock between them. A check must not be lost when both fold their
journals into the file at the same moment (issue 21: "two kernels folding the same millisecond can
lose a check")."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

import buraco_learn.progress as progress
from buraco_learn.progress import PROGRESS_FILE, Progress


@pytest.fixture
def lite(monkeypatch: pytest.MonkeyPatch) -> None:
    """The locking of JupyterLite's kernels: none."""
    monkeypatch.setattr(progress, "_LOCKING", "none", raising=False)


def _kernel(path: Path, name: str) -> Progress:
    """The progress as one kernel sees it (its own journal)."""
    p = Progress(path)
    p._kernel = name * 12
    return p


def _own(p: Progress) -> Path:
    """The kernel's own journal of checks."""
    return p._journal_for(review=False, held=True)


def _stale_write(b: Progress, meanwhile: Any) -> None:
    """Make ``b``'s next write of the file happen after ``meanwhile()`` ran, from what ``b`` had read
    before: the interleaving of two kernels folding at once."""
    real = b._write
    done = []

    def write(data: dict[str, Any]) -> bool:
        if not done:
            done.append(True)
            meanwhile()
        return real(data)

    b._write = write  # type: ignore[method-assign]


def test_two_kernels_folding_at_once_keep_both_checks(tmp_path: Path, lite: None) -> None:
    """Kernel B reads the file and journals, kernel A records a check and folds it in, then B writes
    the file from its earlier reading (without A's check): A's check is still counted."""
    path = tmp_path / PROGRESS_FILE
    a, b = _kernel(path, "a"), _kernel(path, "b")
    _stale_write(b, lambda: a.record("deck-size", "right", answer=108))
    b.record("ace-high", "wrong", answer="A 2 3", attempt=1)
    exercises = Progress(path).load()["exercises"]
    assert exercises["deck-size"]["right"] is True, "A's check, folded in while B was writing"
    assert exercises["ace-high"]["tries"] == 1
    assert (tmp_path / f".buraco_progress.{'a' * 12}.jsonl").exists(), "A's journal is kept until read by all"


def test_a_check_is_counted_once_however_many_kernels_fold_it(tmp_path: Path, lite: None) -> None:
    """Journals kept after folding are never counted twice: each kernel folds every journal at
    each check."""
    path = tmp_path / PROGRESS_FILE
    a, b = _kernel(path, "a"), _kernel(path, "b")
    for j in range(3):
        a.record("deck-size", "wrong", answer=100 + j, attempt=1)
        b.record("deck-size", "wrong", answer=200 + j, attempt=1)
        b.record("ace-high", "blank")
    assert a.load()["exercises"]["deck-size"]["tries"] == 6
    assert b.load()["exercises"]["ace-high"]["blanks"] == 3


def test_an_old_journal_already_in_the_file_is_removed_and_one_not_in_it_is_kept(tmp_path: Path,
                                                                                  lite: None) -> None:
    """A journal goes once its checks were all in the file and are old enough for every kernel to
    have read them; one whose checks a stale write left out of the file stays, and is folded in."""
    path = tmp_path / PROGRESS_FILE
    a, b = _kernel(path, "a"), _kernel(path, "b")
    a.record("deck-size", "right", answer=108)
    old = progress.time.time() - progress._JOURNAL_KEEP - 5
    os.utime(_own(a), (old, old))
    b.record("ace-high", "blank")  # reads the file holding A's check: A's journal may go
    assert not _own(a).exists()
    assert _own(b).exists(), "B's own journal is new"
    assert Progress(path).load()["exercises"]["deck-size"]["right"] is True

    # a forged file that lost B's check (a stale write): B's journal, however old, stays
    data = json.loads(path.read_text(encoding="utf-8"))
    data["exercises"].pop("ace-high")
    data["applied"] = []
    progress.Progress(path).save(data)
    os.utime(_own(b), (old, old))
    a.record("deck-size", "blank")
    assert _own(b).exists()
    assert Progress(path).load()["exercises"]["ace-high"]["blanks"] == 1


def test_a_kernel_starts_a_new_journal_before_its_old_one_may_be_removed(monkeypatch: pytest.MonkeyPatch) -> None:
    """A journal is removed only when its last line is _JOURNAL_KEEP seconds old: its kernel has
    moved to a new journal well before (half that time), so no line is appended to a journal
    being removed."""
    monkeypatch.setattr(progress, "_KERNEL", ["0" * 12, progress.time.monotonic()])
    assert progress._kernel_token() == "0" * 12
    monkeypatch.setattr(progress, "_KERNEL", ["0" * 12, progress.time.monotonic() - progress._JOURNAL_KEEP / 2 - 1])
    token = progress._kernel_token()
    assert token != "0" * 12 and len(token) == 12
    assert progress._kernel_token() == token


def test_reset_removes_every_kernels_journal(tmp_path: Path, lite: None) -> None:
    path = tmp_path / PROGRESS_FILE
    a, b = _kernel(path, "a"), _kernel(path, "b")
    a.record("deck-size", "right", answer=108)
    b.record("ace-high", "blank")
    a.reset()
    assert sorted(p.name for p in tmp_path.iterdir()) == []
    assert Progress(path).load()["exercises"] == {}


def test_a_file_named_like_a_journal_that_is_not_one_is_set_aside(tmp_path: Path, lite: None) -> None:
    """A hostile or broken file named like a kernel's journal is reported and set aside once; the
    checks of the other journals are kept."""
    path = tmp_path / PROGRESS_FILE
    (tmp_path / f".buraco_progress.{'f' * 12}.jsonl").write_text("[" * 10_000)
    a = _kernel(path, "a")
    a.record("deck-size", "right", answer=108)
    assert Progress(path).load()["exercises"]["deck-size"]["right"] is True
    assert [r for r in a.reports if "could not be read" in r]
    assert not (tmp_path / f".buraco_progress.{'f' * 12}.jsonl").exists()


def test_a_check_appended_while_another_kernel_folds_is_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Where kernels lock (flock): kernel X waits for the lock past its patience while kernel Y,
    holding it, folds the journal in; X's check, appended meanwhile, is not removed with the
    journal Y folded (before: one check in 160 was lost at a load of 17)."""
    pytest.importorskip("fcntl")
    monkeypatch.setattr(progress, "_LOCKING", "flock", raising=False)
    monkeypatch.setattr(progress, "_LOCK_WAIT", 0.05, raising=False)
    path = tmp_path / PROGRESS_FILE
    x, y = _kernel(path, "a"), _kernel(path, "b")
    _stale_write(y, lambda: x.record("deck-size", "right", answer=108))
    y.record("ace-high", "blank")
    exercises = Progress(path).load()["exercises"]
    assert exercises["deck-size"]["right"] is True, "X's check, appended while Y held the lock"
    assert exercises["ace-high"]["blanks"] == 1
