"""Generated puzzles in the learner's progress: each check recorded, success per theme, the
puzzles failed (to replay), and the sequence of a streak.

A generated puzzle is recorded under its :attr:`~buraco_learn.puzzles.Puzzle.key`,
``puzzle:<theme>:<level>:<seed>``, through the progress API
(:func:`buraco_learn.progress.record_check`): the key says its theme (for the success per theme)
and replays it (:func:`failed_puzzles`). Each answer read also moves the puzzle's box in the review
queue (:meth:`~buraco_learn.progress.Progress.record_puzzle`, id ``<level>:<seed>``): a failed
puzzle comes back on its day, made again from its seed.

>>> import tempfile, pathlib
>>> from buraco_learn.progress import Progress
>>> from buraco_learn.puzzles.generate import make_puzzle
>>> prog = Progress(pathlib.Path(tempfile.mkdtemp()) / ".buraco_progress.json")
>>> p = make_puzzle("safe", "easy", 4)
>>> record_puzzle(p, p.check("nothing like a card"), progress=prog)   # not read: not a try
>>> record_puzzle(p, p.check(p.answer.split()[0] + "X"), progress=prog)
>>> [q.key for q in failed_puzzles(progress=prog)], theme_success(progress=prog)
([], {})
>>> wrong = next(c for c in p.game().hand(p.game().to_move) if str(c) not in p.answer.split())
>>> record_puzzle(p, p.check(str(wrong)), attempt=1, worked=True, progress=prog)
>>> [q.key for q in failed_puzzles(progress=prog)], theme_success(progress=prog)
(['puzzle:safe:easy:4'], {'safe': (1, 0, 0)})
>>> record_puzzle(p, p.check(p.answer.split()[0]), progress=prog)
>>> failed_puzzles(progress=prog), theme_success(progress=prog)
([], {'safe': (1, 1, 0)})
>>> print(theme_summary(progress=prog))
Safe discard: 1 right of 1 tried (0 at the first try)
0 puzzles to play again.
"""

from __future__ import annotations

from typing import Any

from ..errors import BuracoError
from ..i18n import tr, trn
from ..progress import Progress, enabled, record_check
from ..progress import record_puzzle as queue_puzzle
from . import LEVELS, Puzzle, Verdict
from .generate import THEMES, make_puzzle

__all__ = ["record_puzzle", "theme_success", "theme_summary", "failed_puzzles", "puzzle_of_key", "streak_seeds"]


def record_puzzle(puzzle: Puzzle, verdict: Verdict, *, attempt: int = 0, worked: bool = False,
                  answer: Any = None, progress: Progress | None = None) -> None:
    """Record one check of ``puzzle`` (right or wrong; an answer that could not be read is recorded
    as ``form``, not a try). ``progress``: a progress file (default: the current folder's, when
    recording is on, :func:`buraco_learn.progress.enabled`)."""
    state = "right" if verdict.correct else "wrong" if verdict.read else "form"
    details: dict[str, Any] = {"answer": answer if answer is not None else verdict.message[:60],
                               "attempt": attempt, "rules": verdict.rules, "worked": worked}
    if progress is None:
        record_check(puzzle.key, state, **details)
    else:
        progress.record(puzzle.key, state, **details)
    if state != "form" and puzzle.theme and puzzle.seed is not None:  # the review queue's Leitner box
        if progress is None:
            queue_puzzle(puzzle.theme, f"{puzzle.level}:{puzzle.seed}", verdict.correct)
        else:
            progress.record_puzzle(puzzle.theme, f"{puzzle.level}:{puzzle.seed}", verdict.correct)


def _entries(progress: Progress | None) -> dict[str, Any]:
    if progress is None:
        if not enabled():
            return {}
        progress = Progress()
    return {k: v for k, v in progress.load()["exercises"].items() if k.startswith("puzzle:")}


def puzzle_of_key(key: str) -> Puzzle | None:
    """The generated puzzle a progress key names (``puzzle:<theme>:<level>:<seed>``), made again;
    ``None`` for a key of the fixed set or one that names no puzzle."""
    parts = key.split(":")
    if len(parts) != 4 or parts[1] not in THEMES or parts[2] not in LEVELS or not parts[3].isdigit():
        return None
    try:
        return make_puzzle(parts[1], parts[2], int(parts[3]))
    except BuracoError:
        return None


def theme_success(*, progress: Progress | None = None) -> dict[str, tuple[int, int, int]]:
    """Per theme of the generated puzzles tried: ``(tried, right, right at the first try)``."""
    out: dict[str, tuple[int, int, int]] = {}
    for key, entry in _entries(progress).items():
        parts = key.split(":")
        if len(parts) != 4 or parts[1] not in THEMES or not (entry["tries"] or entry["right"]):
            continue
        tried, right, first = out.get(parts[1], (0, 0, 0))
        out[parts[1]] = (tried + 1, right + entry["right"], first + (entry["right"] and entry["first_try"]))
    return out


def theme_summary(*, progress: Progress | None = None) -> str:
    """:func:`theme_success` and :func:`failed_puzzles` as a learner reads them: one line per theme
    tried, by the theme's name in the current language, then how many puzzles to play again
    (the module's example shows one).
    """
    success = theme_success(progress=progress)
    if not success:
        return tr("No generated puzzle tried yet.")
    lines = [tr("{theme}: {right} right of {tried} tried ({first} at the first try)", theme=tr(THEMES[theme]),
                right=right, tried=tried, first=first) for theme, (tried, right, first) in success.items()]
    failed = len(failed_puzzles(progress=progress))
    lines.append(trn("{n} puzzle to play again.", "{n} puzzles to play again.", failed))
    return "\n".join(lines)


def failed_puzzles(*, progress: Progress | None = None) -> list[Puzzle]:
    """The generated puzzles answered wrong and not right since, the latest first, made again from
    their keys (to replay: a right answer takes one off the list)."""
    failed = [(entry["last"], key) for key, entry in _entries(progress).items()
              if entry["wrong"] and not entry["right"]]
    out = []
    for _, key in sorted(failed, reverse=True):
        puzzle = puzzle_of_key(key)
        if puzzle is not None:
            out.append(puzzle)
    return out


def streak_seeds(start: int) -> range:
    """The seeds a streak from ``start`` uses, one puzzle each."""
    return range(start, 10**9)
