"""The one reader of a file a user names (issue 21): a plain file only, never more than its limit,
nothing that blocks; and the entry points that read a user's file go through it."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from buraco_learn import Game
from buraco_learn.errors import NotationError
from buraco_learn.files import NotAFile, TooLarge, read_limited
from buraco_learn.records import game_record
from buraco_learn.review import MAX_RECORD_BYTES, as_game


def _fifo(tmp_path: Path) -> Path:
    path = tmp_path / "pipe.json"
    os.mkfifo(path)
    return path


def _within(seconds: float, call: object) -> object:
    """Run ``call()`` in a thread; fail if it has not returned after ``seconds`` (it would block)."""
    box: list[object] = []
    thread = threading.Thread(target=lambda: box.append(_catch(call)), daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "the call blocked (a pipe opened to read waits for a writer)"
    return box[0]


def _catch(call: object) -> object:
    try:
        return call()  # type: ignore[operator]
    except Exception as err:  # noqa: BLE001 - returned to the test, which asserts its type
        return err


def test_a_plain_file_is_read_up_to_its_limit(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_bytes(b"x" * 10)
    assert read_limited(path, 10) == b"x" * 10
    with pytest.raises(TooLarge, match="more than 9 bytes"):
        read_limited(path, 9)


def test_a_folder_a_pipe_and_a_device_are_refused_without_blocking(tmp_path: Path) -> None:
    assert isinstance(_within(10, lambda: read_limited(tmp_path, 100)), NotAFile)
    assert isinstance(_within(10, lambda: read_limited(_fifo(tmp_path), 100)), NotAFile)
    assert isinstance(_within(10, lambda: read_limited("/dev/zero", 100)), NotAFile)  # size 0, never ends


def test_a_link_is_followed_only_when_asked(tmp_path: Path) -> None:
    target = tmp_path / "secret.txt"
    target.write_text("secret")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    assert read_limited(link, 100) == b"secret"
    with pytest.raises(NotAFile, match="a link"):
        read_limited(link, 100, follow_links=False)


def test_review_reads_a_record_file_but_no_pipe_device_or_huge_file(tmp_path: Path) -> None:
    """review.as_game(Path): a record file replays; a pipe is refused at once (it used to wait for
    ever), /dev/zero is refused (it used to fill memory), a huge file is refused after reading at
    most MAX_RECORD_BYTES + 1 bytes, invalid UTF-8 is named; no content is quoted."""
    g = Game.new(2, seed=3)
    g.apply("draw")
    good = tmp_path / "hand.json"
    good.write_text(game_record(g))
    assert as_game(good).history == g.history
    for bad, words in ((_fifo(tmp_path), "not a file"), (Path("/dev/zero"), "not a file"), (tmp_path, "not a file")):
        err = _within(10, lambda bad=bad: as_game(bad))
        assert isinstance(err, NotationError) and words in str(err), err
    huge = tmp_path / "huge.json"
    huge.write_bytes(b" " * (MAX_RECORD_BYTES + 1))
    with pytest.raises(NotationError, match="more than"):
        as_game(huge)
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'{"secret": "\xe9t\xe9"}')
    with pytest.raises(NotationError, match="not UTF-8") as caught:
        as_game(latin)
    assert "secret" not in str(caught.value)
