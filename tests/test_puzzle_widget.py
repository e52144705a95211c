"""The puzzle widget: answers by clicks (through the table widget), checked, explained."""

from __future__ import annotations

from typing import Any

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


def test_check_with_nothing_played_asks_to_play_first() -> None:
    """Check before any move is no verdict and no miss: the box says to play first."""
    p = next(p for p in PUZZLES if p.kind == "most")
    w = PuzzleWidget(p)
    w.check()
    assert w.verdict is None and w.misses == 0 and w.table.feedback_kind == "info"
    assert "Play your melds" in w.table.feedback_text and p.solution not in w.table.feedback_text


def _a_weak_move(p):  # type: ignore[no-untyped-def]
    """A legal meld or lay-off that is not the whole solution."""
    g = p.game()
    best = [a.strip() for a in p.solution.split(";")]
    for action in g.legal_melds() + g.legal_lay_offs():
        if str(action) not in best:
            return str(action)
    return None


def test_wrong_checks_get_graded_help_never_the_solution_first() -> None:
    """First miss: what is wrong and the rule (its sentence shown); second: a stronger hint; third:
    the worked answer. Never the word "Refused" for a verdict."""
    for p in PUZZLES:
        if p.kind != "most" or ";" not in p.solution:
            continue
        move = _a_weak_move(p)
        if move is None:
            continue
        w = PuzzleWidget(p)
        w.table.play(move)
        seen = []
        for _ in range(3):
            w.check()
            assert w.verdict is not None and not w.verdict.correct
            seen.append((w.table.feedback_text, w.table.feedback.value))
        (t1, h1), (t2, h2), (t3, h3) = seen
        assert p.solution not in t1 and p.solution not in t2 and p.solution in t3
        assert p.hints[0] in t1 and p.hints[1] in t2
        assert 'data-rule="EQ-2"' in h1 and "✗ Not yet" in h1 and "Stronger hint" in h2 and "One right answer" in h3
        assert not any("Refused" in text or "Refused" in html for text, html in seen)
        assert w.table.feedback.layout.max_height is None  # the worked answer read whole, not scrolled
        return
    raise AssertionError("no 'most' puzzle with a weak move to try")


def test_close_puzzle_answer_no_by_button() -> None:
    """CLOSE-1: a close puzzle that cannot close is answered with the "It cannot close" button."""
    p = next(p for p in PUZZLES if p.kind == "close" and p.answer == "no")
    w = PuzzleWidget(p)
    assert w.no_close_button.layout.display is None
    w.check(no=True)
    assert w.verdict is not None and w.verdict.correct and "✓ Right" in w.table.feedback.value


def test_close_puzzle_judges_only_this_turn() -> None:
    """TURN-3: a discard that does not close ends the answer; moves after it do not count."""
    p = next(p for p in PUZZLES if p.kind == "close" and p.answer == "yes")
    w = PuzzleWidget(p)
    g = w.table.game
    discard = next(d for d in g.legal_discards() if not (lambda c: (c.apply(d), c.is_over)[1])(g.clone()))
    w.table.play(str(discard))
    w.check()
    assert w.verdict is not None and not w.verdict.correct


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
    assert "Count if the hand ended now" in w2.table.description_text.splitlines()[0]
    assert w2.table.hints is False and w2.table.buttons["hint"].layout.display == "none"
    assert repr(w2).startswith("<PuzzleWidget")


def test_a_puzzle_seen_without_a_kernel_is_a_picture_of_its_table() -> None:
    """The widget's output also carries text/html: its question and table, drawn by the renderer
    (a scoring puzzle without its result), which GitHub, nbviewer and a stored notebook show."""
    import json
    from pathlib import Path

    for p in PUZZLES:
        html = PuzzleWidget(p)._repr_mimebundle_()["text/html"]
        assert p.question in html and 'class="card ' in html
        if p.kind == "score":
            assert f">{p.answer}<" not in html and "final count" not in html.lower()
    nb = json.loads((Path(__file__).resolve().parents[1] / "notebooks" / "09-Puzzles.ipynb").read_text())
    stored = [o for c in nb["cells"] if c["cell_type"] == "code" and "PuzzleWidget(" in "".join(c["source"])
              for o in c["outputs"]]
    assert stored and all('class="puzzle-static"' in "".join(o["data"]["text/html"]) for o in stored)


def test_a_card_taken_alone_from_the_pile_is_shown_where_turn_4_can_refuse_it(monkeypatch: Any) -> None:
    """Issue 23 (item k): easy-safe-2-9 refuses A♣ under TURN-4, but its table showed "discard
    pile: empty" and nothing said A♣ had just come from it. Every fixed puzzle whose position
    holds a card taken alone from the pile now says it, in the question, in the hand's line on
    the canvas and in the table's words; the others say nothing of the kind."""
    import buraco_learn.widgets.table as table_module
    from buraco_learn.widgets import draw as draw_module

    written: list[str] = []

    class Recording(draw_module.Pen):
        def fill_text(self, text: str, x: float, y: float, max_width: float | None = None) -> None:
            written.append(text)
            super().fill_text(text, x, y, max_width)

    monkeypatch.setattr(table_module, "Pen", Recording)
    singles = [p for p in PUZZLES if "single=" in p.position]
    assert {"easy-safe-2-9", "hard-safe-1-63"} <= {p.name for p in singles}
    for p in PUZZLES:
        g = p.game()
        card = g.pile_taken
        written.clear()
        w = PuzzleWidget(p)
        w.table.redraw()
        if p not in singles:
            assert card is None and not p.given and "alone from" not in w.question.value
            continue
        assert card is not None and card in g.hand(g.to_move)
        said = f"took {card.pretty} alone from the discard pile this turn (TURN-4)"
        assert said in p.given and said in w.question.value, (p.name, w.question.value)
        assert said in w.table.description_text, p.name
        assert any(f"{card.pretty} just taken alone from the pile" in t for t in written), (p.name, written)
    # the answer still refuses it, with the reason the question now gives
    p = next(p for p in PUZZLES if p.name == "easy-safe-2-9")
    assert "AC" not in p.answer.split() and "TURN-4" in p.check("AC").message
