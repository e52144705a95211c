"""The puzzle widget: answers by clicks (through the table widget), checked, explained."""

from __future__ import annotations

from buraco_learn.puzzles import load_puzzles
from buraco_learn.widgets.puzzle import PuzzleWidget

PUZZLES = load_puzzles()


def test_most_puzzle_answered_by_playing() -> None:
    """Playing the worked solution on the table and pressing Check is right."""
    p = next(p for p in PUZZLES if p.kind == "most")
    w = PuzzleWidget(p)
    for action in p.solution.split("; "):
        w.table.play(action)
    w.check()
    assert w.verdict is not None and w.verdict.correct and w.table.feedback_kind == "ok"


def test_most_puzzle_wrong_answer_is_explained() -> None:
    """Playing nothing is wrong (every stored 'most' answer gains points), with rule IDs."""
    p = next(p for p in PUZZLES if p.kind == "most")
    w = PuzzleWidget(p)
    w.check()
    assert w.verdict is not None and not w.verdict.correct and "EQ-2" in w.verdict.rules
    assert w.table.feedback_kind == "refused"


def test_safe_puzzle_by_selection_turn2() -> None:
    p = next(p for p in PUZZLES if p.kind == "safe")
    w = PuzzleWidget(p)
    w.check()
    assert w.verdict is None and "Select exactly one card" in w.table.feedback_text
    w.table.select(p.answer.split()[0])
    w.check()
    assert w.verdict is not None and w.verdict.correct and "TURN-2" in w.verdict.rules


def test_score_puzzle_and_reset() -> None:
    p = next(p for p in PUZZLES if p.kind == "score")
    w = PuzzleWidget(p)
    w.score_box.value = int(p.answer) + 5
    w.check()
    assert w.verdict is not None and not w.verdict.correct and "SCORE-1" in w.verdict.rules
    w.reset()
    assert w.verdict is None and w.table.game.position() == p.game().position()


def test_close_puzzle_answered_by_playing() -> None:
    p = next(p for p in PUZZLES if p.kind == "close" and p.answer == "yes")
    w = PuzzleWidget(p)
    for action in p.solution.split("; "):
        w.table.play(action)
    w.check()
    assert w.verdict is not None and w.verdict.correct and "CLOSE-1" in w.verdict.rules


def test_puzzle_table_gives_nothing_away() -> None:
    """A scoring puzzle hides the running count, and no puzzle offers the Hint button."""
    from buraco_learn.puzzles import load_puzzles

    score = next(p for p in load_puzzles() if p.kind == "score")
    w = PuzzleWidget(score)
    assert "count" not in w.table.description_text.splitlines()[0].lower()
    assert str(score.answer) not in w.table.description_text.splitlines()[0]
    most = next(p for p in load_puzzles() if p.kind == "most")
    w2 = PuzzleWidget(most)
    assert "score now" in w2.table.description_text.splitlines()[0]
    assert w2.table.hints is False and w2.table.buttons["hint"].layout.display == "none"
    assert repr(w2).startswith("<PuzzleWidget")
