"""The course in French and Italian in a real JupyterLab (issue 15), on a 1366×768 laptop screen:
notebook 8 (Play a hand) runs top to bottom in the language; the table's buttons carry the
language's labels; a refused meld (a meld error), a refused move (an engine refusal) and the
Hint button each answer in the language, with their rule IDs, in the feedback box inside the
viewport. Screenshots: ``tests/browser/screenshots/lang-<lang>-*.png``."""

from __future__ import annotations

import re
from typing import Any

import pytest

from buraco_learn.i18n import language
from buraco_learn.render.feedback import card_symbols
from lab_harness import LabPage, squeeze, wait_for_text, wait_until

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 768}
UNTRANSLATED = "[en]"
RULE = re.compile(r"\b[A-Z][A-Z0-9]+-\d+\b")


def _feedback(lab: LabPage) -> Any:
    return lab.notebook().locator(".feedback").first


def _shown(lab: LabPage, text: str, lang: str) -> str:
    """Wait until the page's feedback box shows ``text`` (the kernel's feedback, its cards drawn
    with suit symbols as the box draws them in ``lang``: French R D V): the kernel has it a moment
    before the page."""
    with language(lang):
        seen = squeeze(card_symbols(text))
    return wait_for_text(_feedback(lab), lambda t: seen in t, f"the feedback box to show {seen!r}")


def _inside_viewport(lab: LabPage, locator: Any) -> bool:
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    view = lab.page.viewport_size
    return box is not None and box["y"] >= 0 and box["y"] + min(box["height"], 120) <= view["height"]


def _tr(lab: LabPage, message: str) -> str:
    """``message`` as the notebook's kernel says it (its language was set by the first cell)."""
    return str(lab.value(f"__import__('buraco_learn.i18n', fromlist=['tr']).tr({message!r})"))


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_play_notebook_speaks_the_language_with_rule_ids(lab: LabPage, lang: str) -> None:
    lab.page.set_viewport_size(LAPTOP)
    lab.open_notebook(f"notebooks/{lang}/08-Play.ipynb")
    state = lab.run_all()
    blanks = [c for c in state["cells"] if c["raises"]]
    assert blanks and all(b["errors"] for b in blanks), "the blank exercise cells must stop with NotYet"
    assert lab.value("__import__('buraco_learn').get_language()") == lang

    # The learner's screen: the blank boxes and the buttons are in the language.
    not_answered = _tr(lab, "✎ Not answered yet")
    assert not_answered != "✎ Not answered yet" and not not_answered.startswith(UNTRANSLATED)
    # (the page renders the outputs and the widgets a moment after the kernel is done: wait for them)
    wait_until(lambda: lab.notebook().locator(".jp-OutputArea-output", has_text=not_answered).count(),
               lambda n: n == len(blanks), f"{len(blanks)} boxes saying {not_answered!r}")
    for label in ("Meld", "Discard", "Hint", "Draw"):
        shown = _tr(lab, label)
        assert shown != label, (label, shown)
        wait_until(lambda: lab.notebook().get_by_role("button", name=shown, exact=True).count(), lambda n: n >= 1,
                   f"the {label} button, labelled {shown!r}")
    text = lab.notebook().inner_text()
    assert UNTRANSLATED not in text, text[text.index(UNTRANSLATED) - 200:text.index(UNTRANSLATED) + 200]

    # A meld error: two cards are no meld (SET-1, RUN-1), said in the language.
    lab.execute("table.set_feedback(''); table.selected = [table.hand.index(__import__('buraco_learn').Card.parse(c))"
                " for c in ('7S', 'JS')]")
    lab.notebook().get_by_role("button", name=_tr(lab, "Meld"), exact=True).first.click()
    refused = lab.wait_for_value("table.feedback_text", lambda v: "SET-1" in v or "RUN-1" in v)
    assert UNTRANSLATED not in refused
    assert "a meld needs" not in refused and " cards" not in refused, refused
    _shown(lab, refused, lang)
    box = _feedback(lab)
    assert _inside_viewport(lab, box), "the refusal is not on the screen"
    lab.screenshot(f"lang-{lang}-meld-refused")

    # An engine refusal: South has drawn already, so Draw is refused (TURN-1), in the language.
    assert lab.value("game.phase") == "play"
    lab.execute("table.set_feedback(''); table.selected = []")
    lab.notebook().get_by_role("button", name=_tr(lab, "Draw"), exact=True).first.click()
    said = lab.wait_for_value("table.feedback_text", lambda v: "TURN-1" in v)
    assert UNTRANSLATED not in said and "already drawn" not in said, said
    _shown(lab, said, lang)

    # The hint: advice with rule IDs, in the language, and the game unchanged.
    before = lab.value("game.position()")
    lab.execute("table.set_feedback('')")
    lab.notebook().get_by_role("button", name=_tr(lab, "Hint"), exact=True).first.click()
    advice = lab.wait_for_value("table.feedback_text", lambda v: bool(RULE.search(v)))
    assert UNTRANSLATED not in advice and "Then discard" not in advice and "card points" not in advice, advice
    assert lab.value("game.position()") == before
    _shown(lab, advice, lang)
    assert _inside_viewport(lab, _feedback(lab))
    lab.screenshot(f"lang-{lang}-hint")
