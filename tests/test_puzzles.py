"""Puzzles: at least 30 in three levels; every stored answer re-verified by the solver; a wrong
answer is explained with rule IDs."""

from __future__ import annotations

import pytest

from buraco_learn.errors import NotationError
from buraco_learn.puzzles import KINDS, LEVELS, Puzzle, load_puzzles, parse_puzzles, solve_puzzle
from buraco_learn.puzzles.generate import compact, to_text

PUZZLES = load_puzzles()


def test_at_least_thirty_puzzles_in_three_levels_and_four_kinds() -> None:
    assert len(PUZZLES) >= 30
    assert {p.level for p in PUZZLES} == set(LEVELS) and {p.kind for p in PUZZLES} == set(KINDS)
    assert len({p.name for p in PUZZLES}) == len(PUZZLES)


@pytest.mark.parametrize("puzzle", PUZZLES, ids=[p.name for p in PUZZLES])
def test_stored_answer_is_what_the_solver_finds(puzzle: Puzzle) -> None:
    """Re-verify: the solver (or the engine's count) gives exactly the stored answer and solution."""
    assert solve_puzzle(puzzle.kind, puzzle.game()) == (puzzle.answer, puzzle.solution)
    assert puzzle.check(puzzle.answer).correct


@pytest.mark.parametrize("puzzle", [p for p in PUZZLES if p.kind in ("most", "close") and p.answer != "no"],
                         ids=lambda p: p.name)
def test_the_worked_solution_is_accepted(puzzle: Puzzle) -> None:
    """The stored solution, played on the engine, is a right answer."""
    assert puzzle.check(puzzle.solution).correct


def test_wrong_answers_are_explained_with_rule_ids() -> None:
    most = next(p for p in PUZZLES if p.kind == "most")
    v = most.check(int(most.answer) - 5)
    assert not v.correct and most.answer in v.message and "EQ-2" in v.rules
    bad = most.check("meld 5H 6D 7H")
    assert not bad.correct
    score = next(p for p in PUZZLES if p.kind == "score")
    v = score.check(int(score.answer) + 10)
    assert not v.correct and "SCORE-1" in v.rules
    safe = next(p for p in PUZZLES if p.kind == "safe")
    g = safe.game()
    unsafe = [c for c in g.hand(g.to_move) if str(c) not in safe.answer.split() and g.can_discard(c)]
    if unsafe:
        v = safe.check(str(unsafe[0]))
        assert not v.correct and "TURN-2" in v.rules
    assert safe.check(safe.answer.split()[0]).correct
    yes = [p for p in PUZZLES if p.kind == "close" and p.answer == "yes"]
    assert yes and not yes[0].check("no").correct and "CLOSE-1" in yes[0].check("no").rules


def test_unreadable_answer_is_a_verdict_not_a_crash() -> None:
    v = next(p for p in PUZZLES if p.kind == "safe").check("1Z")
    assert not v.correct and "could not read" in v.message


def test_text_round_trips() -> None:
    assert parse_puzzles(to_text(PUZZLES)) == sorted(PUZZLES, key=lambda p: (LEVELS.index(p.level),
                                                                             list(KINDS).index(p.kind), p.name))
    with pytest.raises(NotationError, match="lacks"):
        parse_puzzles("[x]\nlevel: easy\n")
    with pytest.raises(NotationError, match="kind must be"):
        parse_puzzles("[x]\nlevel: easy\nkind: chess\nposition: p\nanswer: 1\nsolution: s\n")


def test_positions_are_compact_and_complete() -> None:
    for p in PUZZLES[:5]:
        g = p.game()
        assert compact(g) == p.position
        g.check_invariants()
