"""Issue 23 in a real JupyterLab (headless Chromium): a 4-player hand is played to its end on the
table widget (a seeded position one discard from South's close is loaded, then the card and
**Discard** are clicked), and the count shows line by line for both sides (SCORE-4), with the
same totals as the kernel's game, inside the window at 1366x768 and at 1920x1080, in English,
French and Italian. Screenshots: tests/browser/screenshots/count-end-<lang>-*.png (look at them:
can a learner see where each total came from?)."""

from __future__ import annotations

import contextlib

import re
from typing import Any, Iterator

import pytest

from lab_harness import LabPage

pytestmark = pytest.mark.browser

DEMO = "tests/browser/fixtures/table_demo.ipynb"
LAPTOP = {"width": 1366, "height": 768}
PROJECTOR = {"width": 1920, "height": 1080}

# Strong bots, seed 2, played until South (seat 0) holds one card, the 4♣, and the side (North
# took a pot) may close with it: a burraco, the closing, West & East's pot penalty and hands.
NEAR_END = ("fibur 4p d0 t0 play | h: 4C / 7S 5S / QD TD TH KS QC 7C 8D / 3S JS JC | m: 1=AS AS AC 2S(=A); "
            "1=4S 4S 4D; 2=AH AD AD AC JK(=A); 2=3S JK(=4S) 5S 6S 7S 8S 9S TS; 3=9H 9H 9D; 3=QH QC JK(=Q); "
            "3=KS KH KD KD KC; 0=3H 4H 5H 6H 7H; 0=6S 6H 6D 6C; 2=JH JD JC; 1=TS TH TC; 2=3C 4C 5C | "
            "p: 8C 5D 7H 9C 8S 5D 3C | s: 8H JD 7C 2H 3H QS TD KC 8D 2D QH 8H 4D JK 2S 9C 5H 7D 3D 9D JH 7D KH "
            "2C 2D JS 5C QD | pots: 6D TC 4H 8C AH 6C 2H 3D QS 2C 9S | took: 2")


@pytest.fixture
def laptop_lab(browser: Any, lab_server: Any) -> Iterator[LabPage]:
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    page.set_default_timeout(60_000)
    lab = LabPage(page=page, server=lab_server)
    try:
        yield lab
    finally:
        # The test puts the demo's kernel in another language: shut it down, so the next test that
        # opens the same notebook on this server gets a new kernel (in English), not this one.
        with contextlib.suppress(Exception):  # teardown: a test that failed before opening it has no kernel
            lab.shutdown_kernel()
        context.close()


def _inside(page: Any, locator: Any) -> dict[str, float]:
    box = locator.bounding_box()
    view = page.viewport_size
    assert box is not None and view is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= view["height"], f"the count is off screen: {box} in {view}"
    assert box["x"] >= 0 and box["x"] + box["width"] <= view["width"], f"the count is off screen: {box} in {view}"
    return dict(box)


def _totals(text: str, word: str) -> list[int]:
    return [int(m.replace("−", "-")) for m in re.findall(rf"{re.escape(word)}\s+(−?\d+)", text)]


@pytest.mark.parametrize("lang", ["en", "fr", "it"])
def test_the_end_of_a_hand_shows_the_count_line_by_line_on_screen(laptop_lab: LabPage, lang: str) -> None:
    lab = laptop_lab
    lab.open_notebook(DEMO)
    lab.run_all()
    lab.execute(f"from buraco_learn import set_language; from buraco_learn.i18n import tr; set_language({lang!r})")
    lab.execute(f"assert table.load_text({NEAR_END!r}), table.feedback_text")
    lab.wait_for_value("(table.game.to_move, table.game.phase, len(table.game.hand(0)))", lambda v: v == [0, "play", 1])
    count = lab.notebook().locator(".bl-count")
    assert count.count() == 0  # no count while the hand runs

    canvas = lab.canvas(0)
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    assert box is not None
    scale = float(box["width"]) / float(lab.value("table.width"))
    x, y = lab.value("table.geometry.hand_center(table.hand.index(Card.parse('4C')))")
    canvas.click(position={"x": x * scale, "y": y * scale})
    lab.wait_for_value("len(table.selected)", lambda v: v == 1)
    discard = lab.value("table.buttons['discard'].description")  # as the table's language says it
    lab.notebook().get_by_role("button", name=discard, exact=True).click()
    lab.wait_for_value("table.game.phase", lambda v: v == "over")
    count.wait_for(state="visible")

    # What the browser shows is the kernel's count: both sides, their lines, their totals.
    want = lab.value("[[[tr(ln.label), ln.points] for ln in sc.lines] + [[tr('total'), sc.total]] "
                     "for sc in table.game.result().scores]")
    words = lab.value("[tr(w) for w in ('The count of the hand (SCORE-4)', 'pot not taken', 'closing')]"
                      " + [tr('{seat} closed', seat=tr('South')), tr('{names} (your side)', names=tr('South') + ' & '"
                      " + tr('North'))]")
    text = count.inner_text()
    assert lang == "en" or words[0] != "The count of the hand (SCORE-4)"  # the catalog speaks the language
    assert all(w in text for w in words), (words, text)
    assert _totals(text, want[0][-1][0]) == [side[-1][1] for side in want] == [395, 105]
    sides = count.locator("table.bl-count-side")
    assert sides.count() == 2
    for i, lines in enumerate(want):
        shown = " ".join(sides.nth(i).inner_text().split())
        for label, points in lines[:-1]:
            sign = "\\+" if points > 0 else "−"
            assert re.search(rf"{re.escape(label)}.*?{sign}{abs(points)}", shown), (label, shown)
    assert "BUR-" in text and "CLOSE-5" in text

    lab.wait_for_redraw(canvas)  # the canvas shows the table's last redraw before the picture
    # The count opens where the buttons were, which the learner just clicked: its heading is in
    # sight. How much of it is, depends on where the page stood (Playwright scrolls the button
    # into view only if it has to). A learner who sees the heading scrolls to it: then it fits.
    top = count.bounding_box()
    assert top is not None and 0 <= top["y"] < LAPTOP["height"] - 40, f"the count's heading is off screen: {top}"
    count.scroll_into_view_if_needed()
    _inside(lab.page, count)
    lab.screenshot(f"count-end-{lang}-1366x768")
    lab.page.set_viewport_size(PROJECTOR)
    count.wait_for(state="visible")
    lab.wait_for_redraw(canvas)
    _inside(lab.page, count)
    lab.screenshot(f"count-end-{lang}-1920x1080")
