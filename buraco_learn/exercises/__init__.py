"""Self-checking exercises for the course notebooks.

A notebook cell holds a blank and a check::

    answer = ...  # a meld in notation, like "5H 6H 7H"
    check_meld("ace-high", answer)

A blank or wrong answer raises :class:`NotYet` (an ``AssertionError``) with a hint that names
the rule; a second wrong answer gets a stronger hint, a third the worked answer; a right answer
returns a short confirmation. In Jupyter each verdict is the course's feedback box
(✎ not answered yet / ✗ not yet / ✓ right, with the rule's sentence), and a blank or wrong
answer's exception shows as one short line, never as Python frames. The exercises themselves are
in :mod:`.catalog`.

>>> check_number("deck-size", 108)
Right: 108. (EQ-1)
>>> check_choice("always-wild", "a")
Traceback (most recent call last):
...
buraco_learn.exercises.checkers.NotYet: Not yet: a) is not right: a 2 is wild unless it stands as a natural 2 in a run of its suit (EQ-3, RUN-5). Hint: Only one kind of card is wild wherever it lies (EQ-3).
"""

from __future__ import annotations

import sys
from typing import Any

from ..progress import download_results, record_check, reset_progress, show_progress
from .catalog import EXERCISES, by_rule
from .checkers import (RULE_ID, ActionExercise, Blank, CardsExercise, Checker, ChoiceExercise, Exercise, Feedback,
                       LayOffExercise, MeldExercise, NotYet, NumberExercise, PuzzleExercise, UnknownExercise, Verdict,
                       WrongChecker, cards_of)
from .show import CardsView, CountView, RuleView, TableView, count_text, course_deck, rule, table_text, use_deck

__all__ = [
    "check", "check_meld", "check_layoff", "check_number", "check_choice", "check_cards", "check_action",
    "check_puzzle", "show", "CHECKER", "EXERCISES", "by_rule", "NotYet", "Blank", "Feedback", "Verdict",
    "UnknownExercise", "WrongChecker", "friendly_errors", "Checker", "Exercise", "MeldExercise", "LayOffExercise",
    "NumberExercise", "ChoiceExercise", "CardsExercise", "ActionExercise", "PuzzleExercise", "rule", "RuleView",
    "CardsView", "TableView", "CountView", "table_text", "count_text", "cards_of", "RULE_ID", "use_deck",
    "course_deck", "show_progress", "reset_progress", "download_results",
]

#: The checker the notebooks use: it remembers wrong answers for the kernel's lifetime, and in a
#: notebook kernel records every verdict in the progress file (:mod:`buraco_learn.progress`).
CHECKER = Checker(EXERCISES, record=record_check)


def _display(obj: Any) -> bool:
    """Show ``obj`` (its HTML) in a running Jupyter kernel; ``False`` when there is none.

    IPython is only used when the kernel has already imported it: ``import buraco_learn`` never
    pulls in Jupyter.
    """
    ipython = sys.modules.get("IPython")
    get = getattr(ipython, "get_ipython", None)
    if get is None or get() is None:
        return False
    display = getattr(getattr(ipython, "display", None), "display", None)
    if display is None:  # pragma: no cover - IPython always has it
        return False
    display(obj)
    return True


def _run_check(exercise: str, answer: Any, kind: str | None) -> Feedback | None:
    __tracebackhide__ = True
    fb = CHECKER.feedback(exercise, answer, kind=kind)
    if fb.state == "right":
        # in a notebook the box is shown wherever the check stands in the cell; elsewhere (a
        # script, a doctest) the verdict is returned
        return None if _display(fb) else fb
    ex = CHECKER.get(exercise)
    _display(fb)  # the box; the exception below then shows as one short line
    error = Blank if fb.state == "blank" else NotYet
    raise error(fb.text(), exercise=ex.id, rules=fb.rules, attempt=fb.attempt, feedback=fb)


def check(exercise: str, answer: Any) -> Feedback | None:
    """Check an answer to any exercise. Right: in Jupyter, show the ✓ box (and return ``None``);
    elsewhere return the ✓ :class:`Feedback`. Blank or wrong: show the ✎ / ✗ box and raise
    :class:`NotYet` (a cell tagged ``raises-exception`` stops there)."""
    __tracebackhide__ = True
    return _run_check(exercise, answer, None)


def _checker(kind: str, what: str) -> Any:
    def check_kind(exercise: str, answer: Any) -> Feedback | None:
        __tracebackhide__ = True
        return _run_check(exercise, answer, kind)

    check_kind.__name__ = f"check_{kind}"
    check_kind.__qualname__ = f"check_{kind}"
    check_kind.__doc__ = (f"Check {what} given as the answer to exercise ``exercise``: show the ✓ box "
                          "in Jupyter (elsewhere return the ✓ feedback), or show the ✗ feedback box and "
                          "raise :class:`NotYet` with a hint naming the rule.")
    return check_kind


check_meld = _checker("meld", "a meld (notation, cards, or a hand widget's selection)")
check_layoff = _checker("layoff", "the cards to lay off (notation, cards, or a hand widget's selection)")
check_number = _checker("number", "a number")
check_choice = _checker("choice", "the letter of an option")
check_cards = _checker("cards", "cards (notation, cards, or a hand widget's selection)")
check_action = _checker("action", "a move in action notation")
check_puzzle = _checker("puzzle", "the answer to a puzzle (typed, or a puzzle widget played by clicks)")


def _name_error_box(shell: Any, etype: type, value: BaseException, tb: Any, tb_offset: Any = None) -> list[str]:
    """IPython's handler for a ``NameError`` in a course notebook: a ✗ box saying what to do (the
    usual cause: cards typed without quotes), and one short line instead of Python frames."""
    name = getattr(value, "name", None) or str(value)
    fb = Feedback("wrong", f"Python does not know the name `{name}`.",
                  hint=f'If it is a card, cards or a move, put it in quotes: `answer = "{name}"`, like '
                       '`answer = "QH KH AH"`. If it is a name made in an earlier cell, run that cell first '
                       "(Run → Run All Above Selected Cell).", hint_label="What to do")
    _display(fb)
    return [f"\x1b[2m✗ NameError: {value}\x1b[0m"]


def friendly_errors() -> bool:
    """In a Jupyter kernel, show a ``NameError`` (cards typed without quotes, a cell not run yet) as
    the course's ✗ box with what to do, and one short line instead of Python frames. Called when
    this module is imported; does nothing outside IPython, or when the kernel already has a
    custom exception handler. Returns whether the handler is in place."""
    ipython = sys.modules.get("IPython")
    get = getattr(ipython, "get_ipython", None)
    shell = get() if get is not None else None
    if shell is None or not hasattr(shell, "set_custom_exc"):
        return False
    try:
        if getattr(shell, "custom_exceptions", ()) and NameError not in shell.custom_exceptions:
            return False
        shell.set_custom_exc((NameError,), _name_error_box)
    except Exception:  # noqa: BLE001 - a shell without this hook keeps its usual tracebacks
        return False
    return True


friendly_errors()


def show(exercise: str) -> TableView | CardsView:
    """The table an exercise is about (every hand if the exercise says so, else the mover's); a
    finished hand is laid out for counting, without its result. An exercise without a table shows
    the cards it names (its hand, the meld to lay off onto)."""
    ex = CHECKER.get(exercise)
    if ex.position is None:
        hand, meld = ex.cards_shown()
        return CardsView(hand=hand, meld=meld)
    game = ex.game()
    if game.is_over:
        return CountView(game)
    return TableView(game, reveal=ex.reveal)
