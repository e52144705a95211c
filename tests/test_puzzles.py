"""Puzzles: at least 30 in three levels; every stored answer re-verified by the solver; a wrong
answer is explained with rule IDs."""

from __future__ import annotations

import pytest
from helpers import EveryInt, EveryStr

from buraco_learn.errors import NotationError
from buraco_learn.puzzles import FIXED_KINDS, KINDS, LEVELS, Puzzle, load_puzzles, parse_puzzles, solve_puzzle
from buraco_learn.puzzles.generate import compact, to_text

PUZZLES = load_puzzles()


def test_at_least_thirty_puzzles_in_three_levels_and_four_kinds() -> None:
    assert len(PUZZLES) >= 30
    assert {p.level for p in PUZZLES} == set(LEVELS) and {p.kind for p in PUZZLES} == set(FIXED_KINDS)
    assert len({p.name for p in PUZZLES}) == len(PUZZLES)


@pytest.mark.parametrize("puzzle", PUZZLES, ids=[p.name for p in PUZZLES])
def test_stored_answer_is_what_the_solver_finds(puzzle: Puzzle) -> None:
    """Re-verify: the solver (or the engine's count) gives exactly the stored answer and solution."""
    assert solve_puzzle(puzzle.kind, puzzle.game()) == (puzzle.answer, puzzle.solution)
    answer = puzzle.solution if puzzle.kind == "close" and puzzle.answer == "yes" else puzzle.answer
    assert puzzle.check(answer).correct


@pytest.mark.parametrize("puzzle", [p for p in PUZZLES if p.kind in ("most", "close") and p.answer != "no"],
                         ids=lambda p: p.name)
def test_the_worked_solution_is_accepted(puzzle: Puzzle) -> None:
    """The stored solution, played on the engine, is a right answer."""
    assert puzzle.check(puzzle.solution).correct


def test_wrong_answers_are_explained_with_rule_ids() -> None:
    most = next(p for p in PUZZLES if p.kind == "most")
    v = most.check(int(most.answer) - 5)
    assert not v.correct and "EQ-2" in v.rules
    assert most.answer not in v.message and most.solution not in v.message, "a wrong try gives the answer away"
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


CLOSE_YES = [p for p in PUZZLES if p.kind == "close" and p.answer == "yes"]


@pytest.mark.parametrize("puzzle", CLOSE_YES, ids=lambda p: p.name)
def test_a_bare_yes_is_not_a_close(puzzle: Puzzle) -> None:
    """CLOSE-1: saying "yes" is not closing; the moves must be shown (and it is not marked wrong-headed)."""
    v = puzzle.check("yes")
    assert not v.correct and "show how" in v.message and puzzle.solution not in v.message


@pytest.mark.parametrize("puzzle", CLOSE_YES, ids=lambda p: p.name)
def test_only_the_movers_turn_counts(puzzle: Puzzle) -> None:
    """TURN-3: moves after the turn's discard (another seat's turn) are not part of the answer."""
    g = puzzle.game()
    seat = g.to_move
    # this turn: discard a card that is not the close, then let the game go on to others' moves
    discard = next(d for d in g.legal_discards() if g.clone().apply(d) is not None)
    moves = [str(discard)]
    g.apply(discard)
    for _ in range(6):
        if g.is_over:
            break
        action = g.legal_actions()[0]
        moves.append(str(action))
        g.apply(action)
    assert g.to_move != seat or len(moves) > 1
    v = puzzle.check("; ".join(moves))
    assert not v.correct
    assert "only your own turn counts" in v.message or "do not close" in v.message


def test_a_close_reached_on_a_later_turn_is_refused() -> None:
    """A "close now" answer that plays on into later turns until a close happens is refused (TURN-3)."""
    from buraco_learn.game import Game

    # South discards without closing; North then closes: the answer is South's turn only.
    pos = ("fibur 2p d1 t0 play | h: 9D KS / 5C | m: 0=3H 4H 5H 6H 7H 8H 9H; 1=3S 4S 5S 6S 7S 8S 9S | p: 3C | "
           "s: * | pots: - | took: 0,1")
    p = Puzzle("t", "easy", "close", pos, "no", "no way to close this turn")
    g = Game.from_position(pos)
    g.apply("discard 9D")
    assert g.to_move == 1
    v = p.check("discard 9D; draw; discard 5C")
    assert not v.correct and "only your own turn counts" in v.message and v.rules == ("TURN-3",)


@pytest.mark.parametrize("answer", [None, 3.5, {"a": 1}, [1, 2], object()])
def test_any_answer_gets_a_verdict(answer: object) -> None:
    for p in PUZZLES[:8]:
        v = p.check(answer)
        assert not v.correct and v.message


def test_an_object_equal_to_everything_is_not_right() -> None:

    for p in PUZZLES:
        assert not p.check(EveryStr("zz")).correct
        if p.kind in ("most", "score"):
            assert not p.check(EveryInt(-12345)).correct


def test_worked_answer_is_only_in_worked() -> None:
    for p in PUZZLES:
        assert p.worked() and p.hints[0] != p.hints[1]


def test_turn3_a_bare_discard_is_a_turn_that_laid_nothing() -> None:
    """TURN-2, TURN-3: a "most points" answer that only discards ended the turn with 0 points laid;
    the verdict says so (it is not "no move played yet")."""
    from buraco_learn.puzzles import load_puzzles

    p = next(p for p in load_puzzles() if p.name == "easy-most-1-24")
    g = p.game()
    card = g.hand(g.to_move)[0]
    verdict = p.check(f"discard {card}")
    assert not verdict.correct
    assert "nothing laid down" in verdict.message and "no move played" not in verdict.message
    assert "TURN-3" in verdict.rules


#: A pile-or-stock puzzle (generated ones only): the pile's run, no stock card melds with the hand.
PILE = Puzzle("pile-by-hand", "easy", "pile", "fibur 2p d1 t0 draw | h: 9C KD 4S JH / 4C 4D | m: - | p: 5H 6H 7H "
              "| s: * | pots: *11 / *11 | took: -", "pile", "pile 15: meld 5H 6H 7H | stock 0 to 0")


def test_pile_or_stock_is_answered_by_a_word() -> None:
    assert PILE.verify() and PILE.check("pile").correct and PILE.check(" Pile ").correct
    wrong = PILE.check("stock")
    assert not wrong.correct and wrong.read and "lays down more this turn than any card of the stock" in wrong.message
    unread = PILE.check("the pile, I think")
    assert not unread.correct and not unread.read and "answer 'pile' or 'stock'" in unread.message
    assert "take the pile: with it you lay down 15 points this turn (meld 5H 6H 7H)" in PILE.worked()


ODD_ANSWERS = ["²", "-²", "١٢", "9" * 5000, "-" + "9" * 5000, 10**5000, -(10**5000), " " * 5000 + "x",
               "meld " + "5H " * 3000]


@pytest.mark.parametrize("answer", ODD_ANSWERS, ids=[f"answer{i}" for i in range(len(ODD_ANSWERS))])
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_odd_digits_and_huge_numbers_get_a_verdict_not_an_error(kind: str, answer: object) -> None:
    """Issue 21: ``isdigit()`` took ``²`` and ``int`` then raised a ValueError; a number of
    5,000 digits could not even be printed. Every answer gets a verdict, and its message quotes
    the answer in a bounded excerpt."""
    puzzle = next((p for p in PUZZLES if p.kind == kind), PILE)
    verdict = puzzle.check(answer)
    assert not verdict.correct and len(verdict.message) < 600, verdict.message


@pytest.mark.parametrize("text", [None, 42, b"[p1]", ["[p1]"]])
def test_parse_puzzles_refuses_what_is_not_text(text: object) -> None:
    with pytest.raises(NotationError, match="puzzles are text"):
        parse_puzzles(text)  # type: ignore[arg-type]


def test_parse_puzzles_quotes_a_long_line_by_its_start_only() -> None:
    for text in ("x" * 5000, "[" + "n" * 5000 + "]\nlevel: easy\n", "[p]\nkind: " + "k" * 5000 + "\nlevel: easy\n"
                 "position: x\nanswer: 1\nsolution: s\n"):
        with pytest.raises(NotationError) as exc:
            parse_puzzles(text)
        assert len(str(exc.value)) < 300, str(exc.value)[:400]
