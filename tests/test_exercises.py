"""Tests of buraco_learn.exercises: the checkers a learner's answers go through."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import EveryInt, EveryStr

from buraco_learn import Card, Game, parse_cards
from buraco_learn.exercises import (CHECKER, EXERCISES, RULE_ID, ActionExercise, Blank, CardsExercise, Checker,
                                    ChoiceExercise, LayOffExercise, MeldExercise, NotYet, NumberExercise,
                                    cards_of, check, check_meld, check_number, show, table_text)

RULES_MD = Path(__file__).resolve().parents[1] / "buraco_learn" / "reference" / "rules.md"


def rule_ids() -> list[str]:
    text = RULES_MD.read_text(encoding="utf-8")
    return re.findall(r"^- \*\*([A-Z0-9]+-\d+)\*\*", text, flags=re.M)


@pytest.fixture
def checker() -> Checker:
    return Checker(EXERCISES)


@pytest.mark.parametrize("ex_id", sorted(EXERCISES))
def test_worked_answer_is_right(checker: Checker, ex_id: str) -> None:
    """The answer written into the solution notebook passes its own checker."""
    ex = EXERCISES[ex_id]
    message = checker.check(ex_id, ex.worked_answer())
    assert message.startswith("Right: ")
    assert ex_id in checker.solved and checker.attempts[ex_id] == 0


@pytest.mark.parametrize("ex_id", sorted(EXERCISES))
def test_blank_restates_the_question(checker: Checker, ex_id: str) -> None:
    ex = EXERCISES[ex_id]
    with pytest.raises(Blank) as info:
        checker.check(ex_id, ...)
    assert isinstance(info.value, AssertionError)
    first_words = " ".join(ex.question.replace("`", "").replace("*", "").split()[:4])
    assert first_words in str(info.value)
    assert checker.attempts[ex_id] == 0, "a blank is not a wrong answer"


@pytest.mark.parametrize("ex_id", sorted(EXERCISES))
def test_every_exercise_names_known_rules_in_its_hints(ex_id: str) -> None:
    ex = EXERCISES[ex_id]
    known = set(rule_ids())
    assert ex.rules and set(ex.rules) <= known, f"{ex_id} exercises unknown rules {set(ex.rules) - known}"
    assert RULE_ID.search(ex.hint), f"{ex_id}: the first hint names no rule"
    assert RULE_ID.search(ex.stronger), f"{ex_id}: the stronger hint names no rule"
    assert ex.hint != ex.stronger
    assert set(RULE_ID.findall(ex.hint + ex.stronger)) <= known


def test_hints_grow_stronger_then_give_the_answer(checker: Checker) -> None:
    with pytest.raises(NotYet) as first:
        checker.check("ace-high", "AH 2H 3H")
    assert "Hint: The ace is high after the king" in str(first.value)
    assert first.value.attempt == 1 and "RUN-2" in first.value.rules
    with pytest.raises(NotYet) as second:
        checker.check("ace-high", "QH KH 3H")
    assert "Stronger hint:" in str(second.value) and second.value.attempt == 2
    assert "One right answer" not in str(second.value)
    with pytest.raises(NotYet) as third:
        checker.check("ace-high", "QH KH 3H")
    assert "One right answer: answer = 'QH KH AH'" in str(third.value)


def test_attempts_are_counted_per_exercise(checker: Checker) -> None:
    with pytest.raises(NotYet):
        checker.check("ace-high", "AH 2H 3H")
    with pytest.raises(NotYet) as other:
        checker.check("first-set", "7H 7D 9C")
    assert other.value.attempt == 1 and "Hint:" in str(other.value)
    checker.reset("ace-high")
    with pytest.raises(NotYet) as again:
        checker.check("ace-high", "AH 2H 3H")
    assert again.value.attempt == 1


def test_a_refused_meld_quotes_the_engine_rule(checker: Checker) -> None:
    """The meld checker relays the engine's InvalidMeld and its rule IDs (SET-1, RUN-1)."""
    with pytest.raises(NotYet) as info:
        checker.check("first-set", "7H 9C KH")
    assert set(info.value.rules) == {"SET-1", "RUN-1"}
    assert "not a meld: 7H 9C KH" in str(info.value)


def test_a_criterion_the_meld_misses_is_named(checker: Checker) -> None:
    """RUN-5: the exercise asks for four cards using both 2s; three legal cards are not enough."""
    with pytest.raises(NotYet, match="has 3 cards; at least 4"):
        checker.check("natural-two", "AH 2H 2C")


def test_a_meld_must_come_from_the_hand(checker: Checker) -> None:
    with pytest.raises(NotYet, match="7C not in the hand"):
        checker.check("first-set", "7H 7D 7C")


def test_an_illegal_move_quotes_the_engine(checker: Checker) -> None:
    """Laying off onto an opponent's meld is refused by the game engine (TURN-2)."""
    with pytest.raises(NotYet) as info:
        checker.check("partner-layoff", "layoff 0: 8C")
    assert "belongs to the other side" in str(info.value) and info.value.rules == ("TURN-2",)


def test_a_legal_move_that_misses_the_goal_says_so(checker: Checker) -> None:
    with pytest.raises(NotYet, match="that is legal .* but the hand is not closed yet"):
        checker.check("close-now", "discard 2C")


def test_several_moves_are_played_in_order(checker: Checker) -> None:
    assert "closes (CLOSE-1)" in checker.check("close-now", ["layoff 1: 2C", "discard KD"])


def test_a_wrong_number_names_the_likely_mistake(checker: Checker) -> None:
    with pytest.raises(NotYet) as info:
        checker.check("ns-count", 350)
    assert "closing earns 100 (CLOSE-5)" in str(info.value) and info.value.rules == ("CLOSE-5",)
    with pytest.raises(NotYet, match="not a whole number"):
        checker.check("ns-count", "450 points")


def test_numbers_come_from_the_engine() -> None:
    """The count exercises agree with the rules' worked example (section 13): 450 and 10."""
    assert EXERCISES["ns-count"].worked_answer() == 450
    assert EXERCISES["ew-count"].worked_answer() == 10


@pytest.mark.parametrize("ex_id", sorted(k for k, v in EXERCISES.items() if isinstance(v, ChoiceExercise)))
def test_the_right_option_does_not_give_itself_away(ex_id: str) -> None:
    """An option is an answer, not its reason: the right one carries no rule ID the wrong ones lack
    and is not far longer than they are (issue 25: exercises 5.8, 8c.2 and 10.8 explained their
    right option, so it read as the answer)."""
    ex = EXERCISES[ex_id]
    assert isinstance(ex, ChoiceExercise)
    right = ex.options[ex.right()]
    wrong = [text for letter, text in ex.options.items() if letter != ex.right()]
    ids = re.compile(r"\b[A-Z][A-Z0-9]*-\d+\b")
    assert not set(ids.findall(right)) - {i for w in wrong for i in ids.findall(w)}, right
    assert len(right) <= 1.5 * max(map(len, wrong)) + 10, (right, wrong)


@pytest.mark.parametrize("ex_id", sorted(k for k, v in EXERCISES.items() if isinstance(v, ChoiceExercise)))
def test_choices_have_one_right_option(checker: Checker, ex_id: str) -> None:
    ex = EXERCISES[ex_id]
    assert isinstance(ex, ChoiceExercise)
    right = ex.right()
    assert right in ex.options
    for letter in ex.options:
        assert ex.judge(letter).ok is (letter == right)
        assert ex.judge(letter.upper()).ok is (letter == right)
    with pytest.raises(NotYet, match="not one of the options"):
        checker.check(ex_id, "z")


def test_cards_exercise_needs_every_card_in_all_mode(checker: Checker) -> None:
    """TURN-4: the one card taken from a one-card pile may not be discarded at once."""
    with pytest.raises(NotYet, match="9C does not fit.*TURN-4"):
        checker.check("single-pile", "9C 5H KD QS")
    with pytest.raises(NotYet, match="some cards are missing"):
        checker.check("single-pile", "5H KD")
    assert checker.check("single-pile", "QS KD 5H").startswith("Right")


def test_kind_specific_checkers_refuse_the_wrong_kind() -> None:
    with pytest.raises(TypeError, match="check_number") as info:
        check_meld("deck-size", 108)
    assert info.value._render_traceback_() == [f"✗ {info.value}"]  # type: ignore[attr-defined]


def test_check_returns_a_right_box() -> None:
    """A right answer comes back as the ✓ box (the cell's result), with the reason and the rule."""
    fb = check_number("deck-size", 108)
    assert str(fb) == "Right: 108. (EQ-1)"
    html = fb._repr_html_()
    assert "bl-right" in html and "✓ Right" in html and "EQ-1" in html
    assert "joker" in str(check("always-wild", "b"))
    CHECKER.reset()


def test_blank_and_wrong_answers_show_no_python_frames() -> None:
    """In IPython a NotYet shows as one short line (``_render_traceback_``); the box says the rest."""
    with pytest.raises(Blank) as blank:
        check_number("deck-size", ...)
    lines = blank.value._render_traceback_()
    assert len(lines) == 1 and "Traceback" not in lines[0] and "File" not in lines[0]
    html = blank.value.feedback._repr_html_()
    assert "bl-blank" in html and "✎ Not answered yet" in html and "How many cards" in html
    assert "Replace the ... after answer = with a whole number" in html
    with pytest.raises(NotYet) as wrong:
        check_number("deck-size", 104)
    assert len(wrong.value._render_traceback_()) == 1
    html = wrong.value.feedback._repr_html_()
    assert "bl-wrong" in html and "✗ Not yet" in html
    assert "two packs" in html.lower()  # EQ-1's own sentence is shown inline
    CHECKER.reset()


def test_graded_feedback_rule_then_stronger_then_worked_answer(checker: Checker) -> None:
    boxes = []
    for _ in range(3):
        with pytest.raises(NotYet) as info:
            checker.check("hand-points", 70)
        boxes.append(info.value.feedback._repr_html_())
    assert "<b>Hint:</b>" in boxes[0] and 'data-rule="EQ-2"' in boxes[0] and "One right answer" not in boxes[0]
    assert "Stronger hint:" in boxes[1] and "One right answer" not in boxes[1]
    assert "One right answer" in boxes[2] and "answer = 85" in boxes[2]


@pytest.mark.parametrize("typed", ["450", " 450 ", 450.0])
def test_numbers_typed_as_text_are_read(checker: Checker, typed: object) -> None:
    assert checker.check("ns-count", typed).startswith("Right: 450")


def test_a_number_that_is_not_whole_says_the_form(checker: Checker) -> None:
    with pytest.raises(NotYet, match="not a whole number; write it like 45") as info:
        checker.check("ns-count", "four hundred")
    assert checker.attempts["ns-count"] == 0, "an unreadable answer does not use up a try"
    assert "How to write it" in info.value.feedback._repr_html_()


class Everything:
    """An answer that pretends to equal everything."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0




@pytest.mark.parametrize("ex_id", sorted(EXERCISES))
@pytest.mark.parametrize("answer", [Everything(), EveryStr("zz"), EveryInt(-98765), None, [1, 2], {"a": 1}, 3.5,
                                    True], ids=["eq-all", "str-eq-all", "int-eq-all", "None", "list", "dict",
                                               "float", "bool"])
def test_any_answer_gets_feedback_and_nothing_tricks_the_checker(checker: Checker, ex_id: str, answer: object) -> None:
    """Whatever its type, an answer gets a ✗ verdict with the form expected, never a crash."""
    fb = checker.feedback(ex_id, answer)
    assert fb.state == "wrong" and fb.message
    assert fb._repr_html_()


def test_a_close_played_on_later_turns_is_refused(checker: Checker) -> None:
    """TURN-3: a "close now" answer counts only this turn's moves; a bare discard then others' moves fails."""
    with pytest.raises(NotYet, match="only your own turn counts"):
        checker.check("close-now", "discard KD; draw; discard QD")


def test_unknown_exercise_id_is_a_clear_error() -> None:
    with pytest.raises(KeyError, match="no exercise 'nope'") as info:
        check("nope", 1)
    assert info.value._render_traceback_() == ["✗ no exercise 'nope'; check the id in the cell"]  # type: ignore[attr-defined]


class FakeHandWidget:
    """Stands for a hand widget: what matters is the selection it exposes."""

    def __init__(self, cards: str) -> None:
        self.selected = parse_cards(cards)


def test_answers_may_be_a_widget_selection(checker: Checker) -> None:
    assert cards_of(FakeHandWidget("QH KH AH")) == parse_cards("QH KH AH")
    assert checker.check("ace-high", FakeHandWidget("AH KH QH")).startswith("Right")


def test_answers_may_be_cards_or_annotated_layouts() -> None:
    assert cards_of([Card.parse("5H"), "6H"]) == parse_cards("5H 6H")
    assert cards_of("5C 6C 2C(=7C)") == parse_cards("5C 6C 2C")


def test_layout_exercise_wants_the_wild_stand_in(checker: Checker) -> None:
    """RUN-6/WILD-1: A-2-K-Q is laid out as J-Q-K-A with the 2 standing for the jack (no K-A-2, RUN-2)."""
    with pytest.raises(NotYet, match="stand-in"):
        checker.check("engine-layout", "AC 2C KC QC")
    assert checker.check("engine-layout", "2C(=JC) QC KC AC").startswith("Right")


def test_lay_off_exercise_follows_the_engine(checker: Checker) -> None:
    """WILD-3: a bound joker does not move for a card it does not stand for."""
    with pytest.raises(NotYet) as info:
        checker.check("bound-wild", "KH")
    assert "WILD-3" in info.value.rules
    assert checker.check("bound-wild", "KH TH").startswith("Right")


def test_exercise_kinds_are_all_used() -> None:
    kinds = {type(ex) for ex in EXERCISES.values()}
    assert {MeldExercise, LayOffExercise, NumberExercise, ChoiceExercise, CardsExercise, ActionExercise} <= kinds


def test_show_hides_the_other_hands_unless_revealed() -> None:
    view = show("partner-layoff")
    text = repr(view)
    assert "South: 8C 4D KS" in text and "West: 2 cards" in text
    assert "[1] 9C TC JC" in text
    three = repr(show("three-credit"))
    assert "West: 5C 5D QS" in three  # revealed: a scoring exercise needs every hand


def test_table_text_tracks_the_game() -> None:
    g = Game.new(2, seed=3)
    who = g.seat_name(g.to_move)
    before = table_text(g)
    g.draw()
    after = table_text(g)
    assert f"{who} to draw" in before and f"{who} to play" in after
    assert f"{who}: {' '.join(map(str, g.hand(g.to_move)[:-1]))}" in before
    assert "stock: 63 cards" in before and "stock: 62 cards" in after


# ---------------------------------------------------------------------- puzzles (notebook 9)
PUZZLE_EXERCISES = sorted(k for k, ex in EXERCISES.items() if ex.kind == "puzzle")


@pytest.mark.parametrize("ex_id", PUZZLE_EXERCISES)
def test_puzzle_hints_grow_and_only_the_third_wrong_answer_gives_the_solution(checker: Checker, ex_id: str) -> None:
    ex = EXERCISES[ex_id]
    worked = str(ex.worked_answer())
    puzzle = ex.puzzle  # type: ignore[attr-defined]
    g = ex.game()
    unsafe = [c for c in g.hand(g.to_move) if c not in parse_cards(puzzle.answer)] if puzzle.kind == "safe" else []
    wrong = {"most": 1, "close": "no" if puzzle.answer == "yes" else "yes",
             "safe": str(unsafe[0]) if unsafe else "", "score": 1}[puzzle.kind]
    messages = []
    for _ in range(3):
        with pytest.raises(NotYet) as info:
            checker.check(ex_id, wrong)
        messages.append(str(info.value))
    assert worked not in messages[0] and worked not in messages[1], "the solution is given away too early"
    assert ex.hint in messages[0] and ex.stronger in messages[1]
    assert f"answer = {ex.answer_code()}" in messages[2]


def test_puzzle_answer_refused_by_the_engine_names_the_rule(checker: Checker) -> None:
    with pytest.raises(NotYet) as info:
        checker.check("puzzle-medium-most", "meld 5H 6H 7H")
    assert "the engine refuses 'meld 5H 6H 7H'" in str(info.value) and "does not hold 5H 6H 7H" in str(info.value)


def test_puzzle_answered_by_clicks_on_the_puzzle_widget(checker: Checker) -> None:
    from buraco_learn.widgets.puzzle import PuzzleWidget

    ex = EXERCISES["puzzle-hard-safe"]
    w = PuzzleWidget(ex.puzzle)  # type: ignore[attr-defined]
    g = w.table.game
    unsafe = next(c for c in g.hand(g.to_move) if c not in parse_cards(ex.puzzle.answer))  # type: ignore[attr-defined]
    w.table.select(unsafe)
    with pytest.raises(NotYet) as info:
        checker.check("puzzle-hard-safe", w)
    assert "TURN-2" in str(info.value)
    w.table.clear_selection()
    w.table.select(str(ex.worked_answer()))
    assert checker.check("puzzle-hard-safe", w).startswith("Right: ")
    most = EXERCISES["puzzle-easy-most"]
    w2 = PuzzleWidget(most.puzzle)  # type: ignore[attr-defined]
    for move in str(most.worked_answer()).split(";"):
        w2.table.play(move.strip())
    assert checker.check("puzzle-easy-most", w2).startswith("Right: ")


def test_a_right_puzzle_answer_reads_as_the_language_writes_after_a_colon() -> None:
    """English capitalises the sentence after « Right: », French does not: the solutions of
    notebook 9 read « Juste : cela pose 15 points », not « Juste : Cela » (issue 25)."""
    from buraco_learn.i18n import language

    checker = Checker(EXERCISES)
    answer = str(EXERCISES["puzzle-easy-most"].worked_answer())
    assert checker.check("puzzle-easy-most", answer).startswith("Right: That lays down")
    with language("fr"):
        said = checker.check("puzzle-easy-most", answer)
    assert said.startswith("Juste\u00a0: cela pose "), said


def test_a_finished_hand_is_shown_for_counting_without_its_result() -> None:
    ex = EXERCISES["puzzle-easy-score"]
    view = show("puzzle-easy-score")
    html, text = view._repr_html_(), repr(view)
    total = str(ex.worked_answer())
    assert total not in html and total not in text and "final" not in html.lower()
    g = ex.game()
    for seat in range(g.players):
        for card in g.hand(seat):
            assert str(card) in text
    assert "Count for: North" in text


def test_an_unsafe_discard_says_who_takes_it(checker: Checker) -> None:
    """TURN-2: the playing-well exercise names the opponent meld that would take the card."""
    with pytest.raises(NotYet, match="North can lay it off onto their meld 5H 6H 7H") as info:
        checker.check("safe-discard", "8H")
    assert "TURN-2" in info.value.rules


def test_an_untouched_puzzle_widget_is_not_a_wrong_try(checker: Checker) -> None:
    """Giving the puzzle before playing on it says what to do, and uses up no try."""
    from buraco_learn.widgets.puzzle import PuzzleWidget

    most = EXERCISES["puzzle-easy-most"]
    with pytest.raises(NotYet, match="nothing is played on the puzzle yet"):
        checker.check("puzzle-easy-most", PuzzleWidget(most.puzzle))  # type: ignore[attr-defined]
    safe = EXERCISES["puzzle-hard-safe"]
    with pytest.raises(NotYet, match="select exactly one card"):
        checker.check("puzzle-hard-safe", PuzzleWidget(safe.puzzle))  # type: ignore[attr-defined]
    assert checker.attempts["puzzle-easy-most"] == 0 and checker.attempts["puzzle-hard-safe"] == 0


def test_with_discard_refuses_the_pot_taken_on_the_fly_POT_3_vs_POT_2() -> None:
    """Exercise 6.2 asks for the pot taken with the discard (POT-3): a lay-off that empties the
    hand takes it on the fly (POT-2), which is legal but not what is asked."""
    ex = EXERCISES["with-discard"]
    fly = ex.judge("layoff 0: JK")
    assert not fly.ok
    assert "POT-3" in fly.message and "POT-2" in fly.message
    assert "POT-3" in fly.rules
    assert ex.judge("discard JK").ok
    fb = Checker(EXERCISES).feedback("with-discard", "layoff 0: JK")
    assert fb.state == "wrong"


def test_a_right_answer_starts_the_count_of_wrong_answers_again() -> None:
    """After a right answer, the next wrong answer is a first try again (first hint, no 'try 2')."""
    seen: list[tuple[str, int]] = []
    checker = Checker(EXERCISES, record=lambda ex, state, **kw: seen.append((state, kw["attempt"])))
    first = checker.feedback("ace-high", "QH KH 2H")
    second = checker.feedback("ace-high", "QH KH 3H")
    assert (first.attempt, second.attempt, second.hint_label) == (1, 2, "Stronger hint")
    assert checker.feedback("ace-high", "QH KH AH").state == "right"
    again = checker.feedback("ace-high", "QH KH 2H")
    assert again.attempt == 1 and again.hint_label == "Hint" and "try" not in again.text()
    assert [s for s, _ in seen] == ["wrong", "wrong", "right", "wrong"]


def test_pick_a_run_is_judged_against_the_table_widgets_hand_after_the_draw_RUN_1() -> None:
    """Exercise 8.1 is answered on the table widget after the notebook's draw: a card drawn is
    in the hand, and Q♦ K♥ A♥ is refused as two suits (RUN-1), not as 'not in the hand'."""
    from buraco_learn.exercises.catalog import PLAY
    from buraco_learn.widgets import TableWidget

    table = TableWidget(Game.from_position(PLAY), viewer=0)
    table.play("draw")
    drawn = [c for c in table.game.hand(0) if c not in parse_cards(EXERCISES["pick-a-run"].from_hand or "")]
    assert len(drawn) == 1
    wrong_pick = [drawn[0], Card.parse("KH"), Card.parse("AH")]
    table.select(*[str(c) for c in wrong_pick])
    verdict = EXERCISES["pick-a-run"].judge(table)
    assert not verdict.ok
    assert "not in the hand" not in verdict.message
    assert drawn[0].suit != "H" and "RUN-1" in verdict.rules
    assert "2 suits" in verdict.message and "♥" in verdict.message
    table2 = TableWidget(Game.from_position(PLAY), viewer=0)
    table2.play("draw")
    table2.select("QH", "KH", "AH")
    assert EXERCISES["pick-a-run"].judge(table2).ok


def test_victory_wrong_answer_box_shows_GAME_2s_table_rows() -> None:
    """GAME-2's sentence leads into its table: the rule shown in the box carries the rows, so the
    learner of exercise 7.6 can look the difference up (GAME-2)."""
    from buraco_learn.reference import rule

    sentence = rule("GAME-2")
    assert not sentence.endswith(":")
    assert "505 to 700 → 13–7" in sentence and "more than 2000 → 20–0" in sentence
    fb = Checker(EXERCISES).feedback("victory", 1)
    assert "GAME-2" in fb.rules and "505 to 700" in fb._repr_html_()


def test_no_rule_sentence_stops_at_a_colon() -> None:
    from buraco_learn.reference import rule, rule_ids

    assert [r for r in rule_ids() if rule(r).rstrip().endswith(":")] == []


def test_three_credit_right_answer_shows_the_count_P3_2() -> None:
    """The ✓ box of exercise 7.8 says the numbers: the pair's side score and its half (P3-2)."""
    ex = EXERCISES["three-credit"]
    answer = ex.worked_answer()
    fb = Checker(EXERCISES).feedback("three-credit", answer)
    assert fb.state == "right" and fb.hint_label == "Why"
    assert f"= {2 * answer - 1}" in fb.hint and f"{answer} (P3-2)" in fb.hint
    assert str(answer) not in ex.stronger  # the second wrong try still does not give it away


#: Exercises whose answer is a rule's own fact, so the rule shown on a first wrong answer holds it:
#: the question asks the learner to recall or look up exactly that fact.
GIVEAWAY_ALLOWED = {
    ("deck-size", "EQ-1"): "recall: the deck is 108 cards",
    ("hand-size", "DEAL-1"): "recall: a hand is 11 cards",
    ("pot-3p", "DEAL-2"): "recall: the larger pot with 3 players",
    ("longest-run", "RUN-3"): "recall: a run holds at most 14 cards",
    ("semi-set", "BUR-3"): "recall: a semi-clean bonus",
    ("victory", "GAME-2"): "the skill asked is looking the difference up in GAME-2's table",
    ("wiki-points", "EQ-2"): "recall: an ace's value",
    ("pick-a-run", "RUN-2"): "notebook 8's fixed hand; the learner picks the cards on the table, RUN-2 met in notebook 3",
    ("ace-high", "RUN-2"): "recall: RUN-2's own example of an ace high is the point of the exercise",
}


def test_a_first_wrong_answer_does_not_show_the_worked_answer_in_a_rule_sentence() -> None:
    """The rules shown inline on a first wrong answer help without being the answer: the worked
    answer (cards, a layout, or a number of 10 or more) is not written in their sentences."""
    from buraco_learn.exercises.checkers import ChoiceExercise
    from buraco_learn.reference import cited_rules
    from buraco_learn.reference import rule, rule_ids

    ids = set(rule_ids())

    def plain(text: str) -> str:
        return " ".join(text.replace("`", "").split())

    found = set()
    for ex in EXERCISES.values():
        if isinstance(ex, ChoiceExercise):
            continue
        worked = ex.worked_answer()
        texts: list[tuple[str, str]] = []
        if isinstance(worked, int) and not isinstance(worked, bool):
            if abs(worked) >= 10:
                texts.append(("number", str(worked)))
        elif isinstance(worked, str):
            texts.append(("cards", plain(worked)))
        for attr in ("result", "layout"):
            value = getattr(ex, attr, None)
            if isinstance(value, str):
                texts.append(("cards", plain(value)))
        for rid in dict.fromkeys(ex.rules + cited_rules(ex.hint)):
            if rid not in ids:
                continue
            sentence = plain(rule(rid))
            for kind, text in texts:
                if kind == "number":
                    hit = re.search(rf"(?<![\w.−-]){re.escape(text)}(?!\w)", sentence) is not None
                else:
                    hit = len(text) >= 4 and text in sentence
                if hit:
                    found.add((ex.id, rid))
    assert found - set(GIVEAWAY_ALLOWED) == set(), "a rule sentence shown on a first miss holds the answer"
    assert set(GIVEAWAY_ALLOWED) - found == set(), "an allowed exception no longer happens: drop it"


def test_single_pile_wrong_answer_names_the_card_once_TURN_4() -> None:
    """Exercise 6.6: the wrong box says why 9C may not go back (TURN-4) without repeating itself."""
    verdict = EXERCISES["single-pile"].judge("9C")
    assert not verdict.ok and "TURN-4" in verdict.rules
    assert "may not discard 9C" not in verdict.message
    assert verdict.message.count("9C") == 1


def test_a_right_answer_that_spoils_a_clean_burraco_warns_of_its_cost() -> None:
    """Exercise 6.3 (issue 25): laying the 2C onto the clean burraco (meld 0) and discarding the KD
    closes the hand, but the burraco turns semi-clean: the ✓ says the 50 points it costs; the
    worked answer (the 2C onto the spades) costs nothing and says nothing of the kind."""
    checker = Checker(EXERCISES)
    costly = checker.feedback("close-now", "layoff 0: 2C; discard KD")
    assert costly.state == "right"
    assert "Legal, but it costs 50: the burraco turns semi-clean" in str(costly)
    assert "BUR-3" in costly.rules
    plain = checker.feedback("close-now", "layoff 1: 2C; discard KD")
    assert plain.state == "right" and "costs" not in str(plain)


def test_three_credit_names_only_the_real_side_score_as_the_side_score() -> None:
    """Exercise 7.8 (issue 25): the pair's side score is 325; 326 was also called "the pair's whole
    side score". Only the side score itself gets that sentence."""
    g = Game.from_position(EXERCISES["three-credit"].position)  # type: ignore[arg-type]
    g.apply("discard KD")
    r = g.result()
    side = next(k for k, seats in enumerate(r.sides) if 2 in seats)
    total = r.scores[side].total
    checker = Checker(EXERCISES)
    assert "whole side score" in checker.feedback("three-credit", total).message
    for near in (total + 1, total - 1):
        if near != EXERCISES["three-credit"].worked_answer():
            assert "whole side score" not in Checker(EXERCISES).feedback("three-credit", near).message, near


#: Exercises answered by giving a widget (cards clicked on a table, moves played on a puzzle).
WIDGET_ANSWERS = sorted(i for i, ex in EXERCISES.items() if "answer = " in (ex.solution_code or "")
                        and re.search(r"^answer = [a-z_]+$", ex.solution_code, flags=re.M))


def test_every_widget_answer_exercise_is_found() -> None:
    assert {"pick-a-run", "puzzle-easy-most", "puzzle-medium-close", "puzzle-hard-safe"} <= set(WIDGET_ANSWERS)


@pytest.mark.parametrize("ex_id", WIDGET_ANSWERS)
def test_widget_answers_get_plain_instructions(ex_id: str) -> None:
    """Issue 25: 8.1 said "Replace the ... after answer = with click the cards on the table, then
    write: answer = table", 9.1 "Write play on the puzzle, then write: answer = easy". A widget
    answer's instructions are one plain sentence naming what to do on the widget and what to
    write after answer =, in the blank box and after an answer of the wrong form."""
    ex = EXERCISES[ex_id]
    widget = re.search(r"^answer = ([a-z_]+)$", ex.solution_code, flags=re.M).group(1)  # type: ignore[union-attr]
    blank = Checker(EXERCISES).feedback(ex_id, ...)
    unreadable = Checker(EXERCISES).feedback(ex_id, 3.5)
    for said in (blank.hint, unreadable.hint):
        assert said.startswith(("Click", "Play", "Select")), said
        assert f"replace the ... after answer = with {widget} and run the cell" in said, said
        for garble in ("with click", "with play", "with select", "Write play", "Write click", "then write:"):
            assert garble not in said, said


def test_feedback_shows_cards_as_cards_and_keeps_the_notation_to_type() -> None:
    """Issue 25: a learner who does not program reads `2C(=2H) 3H 4H` with difficulty. In the
    feedback box the cards a learner reads are drawn with suit symbols (2♣(=2♥) 3♥ 4♥); what
    they type keeps its notation: a code span, a quoted move, the worked answer."""
    checker = Checker(EXERCISES)
    html = checker.feedback("close-now", "layoff 0: 2C; discard KD")._repr_html_()
    assert "2♣(=2♥) 3♥ 4♥" in html and "2C(=2H)" not in html
    for _ in range(3):
        fb = checker.feedback("ace-high", "JH QH KH")
    html = fb._repr_html_()
    assert "J♥ not in the hand Q♥ K♥ A♥ 3♥" in html  # the cards read back
    assert "answer = " in html and re.search(r"<code>answer = [^<]*[SHDC]\b", html), "the worked answer, to type"
    blank = checker.feedback("ace-high", ...)._repr_html_()
    assert '"5H 6H 7H"' in blank  # the form of an answer, to type


def test_plan_count_counts_the_sevens_left_of_the_eight(checker: Checker) -> None:
    """08b part 3 (issue 23): eight natural 7s in the two packs, six on the table (South's and
    North's sets): two can still come. A wrong count says what was missed; a blank asks again."""
    assert checker.check("plan-count", 2).startswith("Right: ")
    with pytest.raises(NotYet, match="North's three sevens count too"):
        Checker(EXERCISES).check("plan-count", 5)
    with pytest.raises(NotYet, match="eight is how many natural 7s the two packs hold"):
        Checker(EXERCISES).check("plan-count", 8)
    with pytest.raises(NotYet, match="not a whole number"):
        Checker(EXERCISES).check("plan-count", "two")
    with pytest.raises(Blank):
        Checker(EXERCISES).check("plan-count", ...)
    g = Game.from_position(EXERCISES["plan-count"].position)  # type: ignore[arg-type]
    sevens = [c for t in g.table for c in t.meld.cards if c.r == 7]
    assert len(sevens) == 6 and not any(c.r == 7 for c in list(g.pile) + list(g.hand(0)))
    assert {str(t.meld.cards[0])[0] for t in g.table if t.owner == 0} == {"7", "9"}
