"""Generated puzzles: every answer proved again by the solver, the same seed the same puzzle,
each theme of its kind, the levels as documented, the streak mode and the failed puzzles."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from buraco_learn.errors import NotationError
from buraco_learn.game import Game
from buraco_learn.progress import Progress
from buraco_learn.cards import Card
from buraco_learn.puzzles import LEVELS, Puzzle, close_or_build, pile_meld, solve_puzzle
from buraco_learn.puzzles.generate import PRESET_PLAYERS, THEMES, _turns, make_puzzle
from buraco_learn.puzzles.streak import failed_puzzles, theme_success
from buraco_learn.solver import find_close, shared_budget
from buraco_learn.widgets.puzzle import PuzzleStreak, PuzzleWidget

#: (theme, level, seed): every theme, every level three times over, two seeds each.
CASES = [(theme, LEVELS[(i + k) % 3], seed) for i, theme in enumerate(THEMES) for k, seed in ((0, 0), (1, 1))]


@pytest.fixture(scope="module")
def made() -> dict[tuple[str, str, int], Puzzle]:
    return {case: make_puzzle(*case) for case in CASES}


def test_every_generated_answer_is_proved_again_by_the_solver(made: dict[tuple[str, str, int], Puzzle]) -> None:
    for (theme, level, seed), p in made.items():
        with shared_budget():
            answer, solution = solve_puzzle(p.kind, Game.from_position(p.position), p.theme)
        assert (answer, solution) == (p.answer, p.solution), p.name
        assert p.check(p.answer).correct or p.kind in ("close", "most", "safe"), p.name
        assert (p.theme, p.level, p.seed, p.key) == (theme, level, seed, f"puzzle:{theme}:{level}:{seed}")


def test_the_same_seed_gives_the_same_puzzle_and_another_seed_another(made: dict[tuple[str, str, int], Puzzle]) -> None:
    for case in CASES[::5]:
        assert make_puzzle(*case) == made[case]
    positions = [p.position for p in made.values()]
    assert len(set(positions)) == len(positions)


def test_the_same_seed_gives_the_same_puzzle_in_another_python_process(
        made: dict[tuple[str, str, int], Puzzle]) -> None:
    """A failed puzzle comes back from its seed in a later session: another interpreter, its hashes
    seeded otherwise, makes the same positions and answers."""
    cases = CASES[::4]
    code = ("from buraco_learn.puzzles.generate import make_puzzle\n"
            f"for case in {cases!r}:\n"
            "    p = make_puzzle(*case)\n"
            "    print(p.position, '#', p.answer, '#', p.solution)\n")
    env = dict(os.environ, PYTHONHASHSEED="12345")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env).stdout
    assert out.splitlines() == [f"{made[c].position} # {made[c].answer} # {made[c].solution}" for c in cases]


@pytest.mark.parametrize("rules, players", PRESET_PLAYERS + (("fibur", 5),))
def test_the_lead_up_to_a_puzzle_plays_whole_hands_by_the_rules(rules: str, players: int) -> None:
    """The quick player that plays a generated puzzle's hand up to its position plays as players do:
    the hand ends (closed, CLOSE-1, or by the stock, STOCK-1), every side lays down and someone takes
    the pile (TURN-1), every card where it belongs; a wild never goes onto a clean meld of five
    cards or more (a clean burraco kept in sight)."""
    for seed in (1, 8):
        game = None
        clean: dict[int, bool] = {}
        for game in _turns(seed, players, rules):
            for t in game.table:
                if clean.get(t.id) and len(t.meld) >= 6:
                    assert t.meld.wild is None, (seed, t)
                clean[t.id] = t.meld.wild is None and len(t.meld) >= 5
        assert game is not None and game.is_over and game.result().reason in ("closed", "stock"), seed
        game.check_invariants()
        assert all(any(t.owner in side for t in game.table) for side in game.sides), seed
        assert any(str(e.action) == "pile" for e in game.history), seed


def _opp_melds(g: Game) -> int:
    return sum(1 for t in g.table if t.owner not in g.side_of(g.to_move))


def test_each_theme_makes_puzzles_of_its_kind(made: dict[tuple[str, str, int], Puzzle]) -> None:
    for (theme, _, _), p in made.items():
        g = p.game()
        seat = g.to_move
        if theme == "pile":
            assert p.kind == "pile" and g.phase == "draw" and len(g.pile) >= 2 and p.answer in ("pile", "stock")
            continue
        assert g.phase == "play"
        kind = {"most": "most", "wild": "most", "clean": "most", "safe": "safe", "defend": "safe", "close": "close",
                "close-or-build": "build", "pile-size": "safe"}
        if theme in kind:
            assert p.kind == kind[theme], p.name
        if theme == "wild":
            assert any(c.is_wild for c in g.hand(seat))
        if theme == "clean":  # a clean burraco a wild of the hand could dirty, kept clean by the best answer
            clean = [t for t in g.side_melds(seat) if len(t.meld) >= 7 and t.meld.wild is None]
            wilds = [c for c in g.hand(seat) if c.is_wild]
            assert any(g.can_lay_off(t.id, [w]) for t in clean for w in wilds), p.name
            replay = p.game()
            for action in p.solution.split("; "):
                replay.apply(action)
            assert all(replay.table[t.id].meld.wild is None for t in clean), p.name
        if theme == "soloist":
            assert g.players == 3 and g.soloist == seat and p.kind in ("most", "safe", "close")
        if theme == "five":  # five players, the pairs formed (P5-2): two pairs and the lone player
            assert g.players == 5 and g.soloist is not None and p.kind in ("most", "safe", "close"), p.name
            assert sorted(len(side) for side in g.sides) == [1, 2, 2], p.name
        if theme == "defend":
            assert any(s not in g.side_of(seat) and g.side_has_pot(s) and g.side_has_burraco(s)
                       for s in range(g.players))
        if theme == "close-or-build":  # the close is proved; close or build is a judgement, and says so
            closing = find_close(p.game())
            assert closing.proven and closing.plan is not None and p.answer in ("close", "build"), p.name
            assert p.worked().startswith("a judgement, not a proof"), p.name
        if theme == "pile-size":  # the pile changes the answer: a card no opponent meld takes melds with the pile
            safe = p.answer.split()
            assert all(pile_meld(Card.parse(c), g.pile) is None for c in safe), p.name
            assert any(pile_meld(c, g.pile) is not None and str(c) not in safe for c in g.hand(seat)), p.name


def test_levels_differ_as_documented(made: dict[tuple[str, str, int], Puzzle]) -> None:
    for (theme, level, _), p in made.items():
        g = p.game()
        hand = len(g.hand(g.to_move))
        steps = 0 if p.solution in ("nothing", "no way to close this turn") else p.solution.count(";") + 1
        if theme == "pile-size":
            n = len(g.pile)
            assert {"easy": n <= 2, "medium": 3 <= n <= 4, "hard": n >= 5}[level], p.name
        elif theme == "close-or-build":
            moves = p.solution.partition(" | ")[2].count(";") + 1
            assert {"easy": moves <= 2, "medium": moves == 3, "hard": moves >= 4}[level], p.name
        elif p.kind == "pile":
            n = len(g.pile)
            assert {"easy": n <= 3, "medium": 4 <= n <= 6, "hard": n >= 7}[level], p.name
        elif p.kind == "close":
            assert {"easy": hand <= 5, "medium": 6 <= hand <= 9, "hard": hand >= 10}[level], p.name
        elif theme == "clean":
            assert {"easy": hand <= 4, "medium": 5 <= hand <= 7, "hard": hand >= 8}[level], p.name
        elif theme == "defend":
            n = _opp_melds(g)
            assert {"easy": n <= 3, "medium": 4 <= n <= 5, "hard": n >= 6}[level], p.name
        elif p.kind == "safe":
            n = _opp_melds(g)
            assert {"easy": n <= 2, "medium": 3 <= n <= 4, "hard": n >= 5}[level], p.name
        else:
            easy = hand <= 9 and steps <= 1
            assert {"easy": easy, "medium": not easy and hand < 15 and steps < 3,
                    "hard": hand >= 15 or steps >= 3}[level], p.name


def test_bad_theme_level_or_seed_is_refused_clearly() -> None:
    with pytest.raises(NotationError, match="unknown puzzle theme 'chess': the themes are most, close"):
        make_puzzle("chess", "easy", 1)
    with pytest.raises(NotationError, match="unknown puzzle level 'expert': the levels are easy, medium, hard"):
        make_puzzle("most", "expert", 1)
    for seed in (-1, 10**9, "3", 2.0, True):
        with pytest.raises(NotationError, match="seed is a whole number from 0 to 999999999"):
            make_puzzle("most", "easy", seed)  # type: ignore[arg-type]


def test_pile_puzzle_answered_by_its_buttons(made: dict[tuple[str, str, int], Puzzle]) -> None:
    p = next(p for p in made.values() if p.kind == "pile")
    other = "stock" if p.answer == "pile" else "pile"
    w = PuzzleWidget(p)
    w.check()
    assert w.verdict is None and "Take the pile" in w.table.feedback_text
    w.check(choice=other)
    assert w.verdict is not None and not w.verdict.correct and w.misses == 1
    w.check(choice=p.answer)
    assert w.verdict.correct and w.table.feedback_kind == "ok"
    assert not p.check("both").correct and not p.check("both").read


def test_pile_or_stock_is_not_always_the_same_answer() -> None:
    """Saying "pile" every time (or "stock") must not win: over 18 seeded pile puzzles, each
    answer is at least a third of them."""
    answers = Counter(make_puzzle("pile", level, seed).answer for level in LEVELS for seed in range(6))
    assert set(answers) == {"pile", "stock"} and min(answers.values()) >= 6, answers


def test_close_or_build_puzzle_answered_by_its_buttons_a_judgement(made: dict[tuple[str, str, int], Puzzle]) -> None:
    p = next(p for p in made.values() if p.kind == "build")
    w = PuzzleWidget(p)
    w.check()
    assert w.verdict is None and "Close now" in w.table.feedback_text and "Build on" in w.table.feedback_text
    w.check(choice=_wrong(p))
    assert w.verdict is not None and not w.verdict.correct and "(a judgement)" in w.verdict.message
    w.check(choice=p.answer)
    assert w.verdict.correct and "a judgement, not a proof" in w.verdict.message
    assert not p.check("both").correct and not p.check("both").read


CLOSABLE = ("fibur 2p d1 t0 play | h: 5H 6H 7H KS / 9C 9D {north} | m: 0=3S 4S 5S 6S 7S 8S 9S{theirs} | p: 3C "
            "| s: * | pots: {pots} | took: 0{took}")


def test_close_or_build_closes_when_the_opponents_may_close_next_close1() -> None:
    """North's side has its pot and a burraco: he may close at his next turn, so close now."""
    g = Game.from_position(CLOSABLE.format(north="9H", theirs="; 1=3H 4H 5H 6H 7H 8H 9H", pots="-", took=",1"))
    answer, solution = close_or_build(g)
    assert answer == "close" and solution.startswith("near ")


def test_close_or_build_builds_when_behind_on_the_table_and_they_cannot_close() -> None:
    """North has no pot: he cannot close yet; his melds count more than the close would give South."""
    theirs = "; 1=TC JC QC KC AC 2C; 1=3D 4D 5D 6D 7D 8D 9D; 1=3C 4C 5C 6C 7C 8C 9C"
    g = Game.from_position(CLOSABLE.format(north="9H", theirs=theirs, pots="*11", took=""))
    answer, solution = close_or_build(g)
    ours, theirs_count = (int(x) for x in solution.split(" | ")[0].split()[1:])
    assert answer == "build" and solution.startswith("behind ") and ours <= theirs_count


def test_pile_size_safe_discard_says_the_pile_makes_the_meld_turn1() -> None:
    g = Game.from_position("fibur 2p d1 t0 play | h: 9D 4C KS / 3S 5C JH | m: - | p: 8D TD QH QC | s: * "
                           "| pots: *11 / *11 | took: -")
    answer, solution = solve_puzzle("safe", g, "pile-size")
    assert sorted(answer.split()) == ["4C", "KS"]  # 9D makes 8D 9D TD with the pile; K Q Q is no meld
    p = Puzzle("x", "medium", "safe", "fibur 2p d1 t0 play | h: 9D 4C KS / 3S 5C JH | m: - | p: 8D TD QH QC | s: * "
               "| pots: *11 / *11 | took: -", answer, solution, theme="pile-size")
    v = p.check("9D")
    assert not v.correct and "8D TD" in v.message.replace("♦", "D") and "TURN-1" in v.rules
    assert p.check("4C").correct and "TURN-1" in p.question


def _wrong(p: Puzzle) -> str:
    g = p.game()
    if p.kind == "safe":
        return next(str(c) for c in g.hand(g.to_move) if str(c) not in p.answer.split())
    if p.kind == "pile":
        return "stock" if p.answer == "pile" else "pile"
    if p.kind == "build":
        return "build" if p.answer == "close" else "close"
    return "no" if p.answer == "yes" else "yes" if p.kind == "close" else str(int(p.answer) + 5)


def test_streak_wrong_then_right_and_the_failed_puzzles_replayed(tmp_path: Path) -> None:
    prog = Progress(tmp_path / ".buraco_progress.json")
    s = PuzzleStreak("safe", "medium", seed=7, progress=prog)
    first = s.puzzle
    assert first is not None and "Streak: 0" in s.header.value
    s.answer(first.answer.split()[0])
    second = s.puzzle
    assert s.streak == 1 and second is not None and second != first and "Streak: 1" in s.header.value
    s.answer(_wrong(second))                        # a miss ends the streak and shows the right answer
    assert s.ended and s.streak == 0 and "Streak ended at 1" in s.header.value
    assert s.widget is not None and s.widget.puzzle == second and "The safe cards are" in s.widget.table.feedback_text
    s.answer(second.answer.split()[0])              # once ended, nothing more is counted
    assert [p.key for p in failed_puzzles(progress=prog)] == [second.key]
    assert theme_success(progress=prog) == {"safe": (2, 1, 1)}
    s.new_streak()
    assert not s.ended and s.puzzle not in (first, second)
    replay = PuzzleStreak(puzzles=failed_puzzles(progress=prog), progress=prog)
    assert replay.puzzle == second
    replay.answer(second.answer.split()[0])         # right at last: off the list
    assert failed_puzzles(progress=prog) == [] and theme_success(progress=prog) == {"safe": (2, 2, 1)}
    assert replay.widget is None and "no more puzzles" in replay.header.value


def test_a_streaks_printed_line_speaks_its_language_with_its_typography() -> None:
    """The line a notebook prints for a streak or a puzzle (its repr, where the widget cannot show) is in the
    learner's language, with French's no-break space before the colon (« facile : », issue 25:
    it read « facile: enchaînement de 0 »)."""
    from buraco_learn.lang import NBSP

    assert repr(PuzzleStreak("pile", "easy", seed=1)) == "<PuzzleStreak Pile or stock · easy: streak 0>"
    fr = repr(PuzzleStreak("pile", "easy", seed=1, language="fr"))
    assert fr == f"<PuzzleStreak Défausse ou pioche · facile{NBSP}: enchaînement de 0>", fr
    it = repr(PuzzleStreak("pile", "easy", seed=1, language="it"))
    assert ": " in it and NBSP not in it and "easy" not in it, it
    one = make_puzzle("safe", "easy", 4)
    assert repr(PuzzleWidget(one)).startswith(f"<PuzzleWidget {one.name}: ")
    assert repr(PuzzleWidget(one, language="fr")).startswith(f"<PuzzleWidget {one.name}{NBSP}: Laquelle")


def test_a_failed_generated_puzzle_comes_back_in_the_review_queue_and_stays_out_of_the_results(
        tmp_path: Path) -> None:
    """A generated puzzle answered wrong is due in the review queue the next day and is served
    again from its seed; solved, it moves up a box. The results file a learner hands in holds
    the course's exercises only (a long streak of generated puzzles must not fill it)."""
    from buraco_learn import practice
    from buraco_learn.puzzles.streak import record_puzzle

    prog = Progress(tmp_path / ".buraco_progress.json")
    p = make_puzzle("safe", "easy", 4)
    wrong = next(c for c in p.game().hand(p.game().to_move) if str(c) not in p.answer.split())
    record_puzzle(p, p.check(str(wrong)), progress=prog, answer=str(wrong))
    box = prog.load()["boxes"][f"puzzle:safe/easy:4"]
    assert box["box"] == 1
    again = practice.find_puzzle("safe", "easy:4")
    assert again is not None and again.key == p.key and again.answer == p.answer
    record_puzzle(p, p.check(p.answer.split()[0]), progress=prog, answer=p.answer.split()[0])
    assert "puzzle:safe:easy:4" in prog.load()["exercises"]
    assert not [k for k in prog.results("Ana")["exercises"] if k.startswith("puzzle:")]


#: Seeded close-or-build puzzles: (level, seed) -> the answer their position calls for.
CLOSE_OR_BUILD = {("easy", 11): "build", ("medium", 10): "build", ("hard", 5): "build", ("easy", 0): "close",
                  ("hard", 0): "close"}


def _side_table(g: Game, seat: int) -> int:
    from buraco_learn.solver import meld_value

    return sum(meld_value(t.meld) for t in g.side_melds(seat))


def test_close_or_build_has_both_answers_and_each_explanation_counts_as_the_engine() -> None:
    """Building on is sometimes right (it always said "close"): here the opponents are far from
    closing and a clean meld of six is one card from a clean burraco, worth more than the 100 for
    closing now. Every count the explanation shows is the engine's: the side's table after the
    close played, the meld's value with the card, the cards out of sight."""
    from buraco_learn.melds import Meld
    from buraco_learn.solver import meld_value

    answers = set()
    for (level, seed), want in CLOSE_OR_BUILD.items():
        p = make_puzzle("close-or-build", level, seed)
        assert p.answer == want, (p.name, p.solution)
        answers.add(p.answer)
        g = p.game()
        seat = g.to_move
        head, steps = p.solution.split(" | ")
        why, ours, theirs, *rest = head.split()
        done = p.game()
        for action in steps.split("; "):
            done.apply(action)
        assert done.is_over and done.result().reason == "closed", p.name  # the close is the engine's
        assert int(ours) == _side_table(done, seat) + 100, p.name
        others = [s for s in range(g.players) if s not in g.side_of(seat)]
        words = p.worked()
        assert words.startswith("a judgement, not a proof") and (why == "near" or ours in words), p.name
        if why in ("clean", "clean-far"):
            meld_id, gain, cards, unseen = int(rest[0]), int(rest[1]), rest[2].split(","), int(rest[3])
            meld = g.table[meld_id].meld
            assert g.table[meld_id].owner in g.side_of(seat) and len(meld) == 6 and meld.wild is None, p.name
            assert done.table[meld_id].meld == meld, p.name  # the close leaves it one card short
            for c in map(Card.parse, cards):
                grown = meld.lay_off([c])
                assert len(grown) == 7 and grown.wild is None and c not in g.hand(seat), p.name
                assert meld_value(grown) - meld_value(meld) >= gain, p.name
            assert gain == min(meld_value(meld.lay_off([Card.parse(c)])) for c in cards) - meld_value(meld)
            visible = list(g.hand(seat)) + list(g.pile) + [c for t in g.table for c in t.meld.cards]
            deck = g.all_cards()
            assert unseen == sum(deck[Card.parse(c)] - visible.count(Card.parse(c)) for c in cards) >= 2, p.name
            assert f"+{gain}" in words and str(int(ours) + gain) in words, p.name
            if why == "clean":
                assert not any(g.side_has_pot(s) for s in others), p.name
            else:
                assert all(len(t.meld) <= 4 for s in others for t in g.side_melds(s)), p.name
            assert isinstance(meld, Meld)
        elif why == "near":
            assert any(g.side_has_pot(s) and g.side_has_burraco(s) for s in others), p.name
        else:
            best = max(_side_table(g, s) - (0 if g.side_has_pot(s) else 100) for s in others)
            assert int(theirs) == best and (int(ours) > best) == (why == "ahead"), p.name
    assert answers == {"close", "build"}
