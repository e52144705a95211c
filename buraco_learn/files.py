"""Reading a file a user names, safely: the one reader every entry point that opens a user's
file goes through (a progress file, a results file handed in, a record or a position loaded into
a table, a record reviewed).

A file named by a user may be anything: a folder, a pipe (opened to read, it waits for a writer
for ever), a device (``/dev/zero`` never ends and says its size is 0), a link out of a folder, or
a file far larger than any record. :func:`read_limited` reads only a plain file, opened so that
nothing blocks, and never more than ``limit + 1`` bytes whatever its size says; what it refuses
it raises as :class:`NotAFile` or :class:`TooLarge` (both :class:`OSError`), and the caller says
so in its own words. Standard library only (it runs under Pyodide).

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> (folder / "hand.json").write_text("{}")
2
>>> read_limited(folder / "hand.json", 100)
b'{}'
>>> read_limited(folder, 100)
Traceback (most recent call last):
...
buraco_learn.files.NotAFile: not a plain file: a folder
>>> read_limited(folder / "hand.json", 1)
Traceback (most recent call last):
...
buraco_learn.files.TooLarge: more than 1 bytes
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

__all__ = ["NotAFile", "TooLarge", "read_limited"]

_READ_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
               | getattr(os, "O_CLOEXEC", 0))
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


class NotAFile(OSError):
    """The path names something other than a plain file; :attr:`mode` is its ``st_mode``."""

    def __init__(self, mode: int) -> None:
        self.mode = mode
        kind = ("a folder" if stat.S_ISDIR(mode) else "a link" if stat.S_ISLNK(mode)
                else "a pipe or a device")
        super().__init__(f"not a plain file: {kind}")

    def __str__(self) -> str:
        return str(self.args[0])


class TooLarge(OSError):
    """The file holds more than :attr:`limit` bytes (only ``limit + 1`` of them were read)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        super().__init__(f"more than {limit} bytes")

    def __str__(self) -> str:
        return str(self.args[0])


def read_limited(path: str | os.PathLike[str], limit: int, *, follow_links: bool = True) -> bytes:
    """The bytes of the plain file at ``path``, at most ``limit`` of them.

    Raises :class:`NotAFile` for a folder, a pipe or a device (and, with ``follow_links=False``,
    a link: the last part of the path is then opened with ``O_NOFOLLOW``), looked at before the
    file is opened and again once it is open (it may have changed in between); :class:`TooLarge`
    past ``limit`` bytes; :class:`FileNotFoundError` and the other :class:`OSError` as the system
    raises them (and :class:`ValueError` for a path holding a NUL character)."""
    where = Path(path)
    mode = (os.stat(where) if follow_links else os.lstat(where)).st_mode
    if not stat.S_ISREG(mode):
        raise NotAFile(mode)
    fd = os.open(where, _READ_FLAGS | (0 if follow_links else _NOFOLLOW))
    try:
        mode = os.fstat(fd).st_mode  # what was opened, not what was looked at before
        if not stat.S_ISREG(mode):
            raise NotAFile(mode)
        chunks: list[bytes] = []
        total = 0
        while total <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    finally:
        os.close(fd)
    if total > limit:
        raise TooLarge(limit)
    return b"".join(chunks)
