"""The widgets in a real JupyterLab (headless Chromium): stored outputs of a saved, untrusted
notebook show cards; a TableWidget is played by clicking its canvas and its buttons, and the
kernel's game agrees. Screenshots go to tests/browser/screenshots/ (look at them)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from lab_harness import LabPage, wait_until

pytestmark = pytest.mark.browser

DEMO = "tests/browser/fixtures/table_demo.ipynb"
TRUST = "tests/browser/fixtures/trust_check.ipynb"


def _outputs(lab: LabPage) -> Any:
    return lab.notebook().locator(".jp-OutputArea-output")


def test_stored_outputs_show_cards(lab: LabPage) -> None:
    """A saved notebook, opened untrusted: SVG is withheld, inline SVG is stripped, our HTML
    cards are shown with their styles (the choice documented in buraco_learn.render)."""
    lab.open_notebook(TRUST)
    outputs = _outputs(lab)
    outputs.nth(3).wait_for()
    # The stored image/svg+xml is not rendered: JupyterLab falls back to the text/plain repr.
    assert outputs.nth(0).locator("svg").count() == 0
    assert outputs.nth(0).inner_text().strip() == "<svg card>"
    assert outputs.nth(1).locator("svg").count() == 0
    card = outputs.nth(2).locator("div.card")
    assert card.count() == 1
    assert "QS" in (card.get_attribute("class") or "").split()
    style = card.evaluate("e => { const s = getComputedStyle(e); return [s.position, s.borderTopLeftRadius,"
                          " s.width, s.height, s.backgroundColor]; }")
    assert style[0] == "relative" and style[1] != "0px" and style[2] == "60px" and style[3] == "84px", style
    index = outputs.nth(2).locator("div.index").first
    assert index.evaluate("e => getComputedStyle(e).position") == "absolute"
    assert "Q" in index.inner_text() and "♠" in index.inner_text()
    back = outputs.nth(3).locator("div.card.back")
    assert back.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(31, 78, 156)"
    lab.screenshot("stored-outputs-untrusted", locator=lab.notebook())


def _scale(lab: LabPage, canvas: Any) -> float:
    box = canvas.bounding_box()
    assert box is not None
    width = lab.value("table.width")
    return float(box["width"]) / float(width)


def _click_at(lab: LabPage, canvas: Any, x: float, y: float, scale: float) -> None:
    canvas.scroll_into_view_if_needed()
    canvas.click(position={"x": x * scale, "y": y * scale})


def test_table_widget_click_meld_and_refusal(lab: LabPage) -> None:
    t0 = time.monotonic()
    lab.open_notebook(DEMO)
    # Before running: the stored table output is visible, with real cards.
    stored = lab.notebook().locator(".jp-OutputArea-output div.table.players-4")
    stored.wait_for()
    assert stored.locator("div.card").count() > 30
    lab.screenshot("demo-stored-table", locator=stored)
    lab.run_all()
    t_run = time.monotonic() - t0
    assert lab.value("ready") is True
    canvas = lab.canvas(0)
    scale = _scale(lab, canvas)

    # Click the stock: South draws.
    sx, sy = lab.value("table.geometry.stock.center")
    t1 = time.monotonic()
    _click_at(lab, canvas, sx, sy, scale)
    lab.wait_for_value("game.phase", lambda v: v == "play")
    t_click = time.monotonic() - t1
    fb = lab.notebook().locator(".feedback.ok")
    fb.wait_for()
    assert "You drew" in fb.inner_text()

    # Click three cards of the hand, computed from the layout, then the Meld button.
    spots = lab.value("[table.geometry.hand_center(table.hand.index(Card.parse(c))) for c in ('8D', '9D', 'TD')]")
    for x, y in spots:
        _click_at(lab, canvas, x, y, scale)
    chosen = lab.wait_for_value("[str(c) for c in table.selected_cards]", lambda v: len(v) == 3)
    assert sorted(chosen) == ["8D", "9D", "TD"]
    lab.wait_for_redraw(canvas)
    lab.screenshot("table-three-selected", locator=canvas)
    lab.notebook().get_by_role("button", name="Meld", exact=True).click()
    lab.wait_for_value("len(game.table)", lambda v: v == 1)
    assert lab.value("str(game.table[0].meld)") == "8D 9D TD"
    assert lab.value("game.table[0].owner") == 0
    lab.notebook().locator(".feedback.ok", has_text="You melded").wait_for()

    # A refused move: taking the pile after drawing. The engine's sentence shows; nothing changes.
    before = lab.value("game.position()")
    lab.notebook().get_by_role("button", name="Take pile", exact=True).click()
    refused = lab.notebook().locator(".feedback.refused")
    refused.wait_for()
    assert "(TURN-1)" in refused.inner_text()
    assert lab.value("game.position()") == before
    lab.screenshot("table-refused", locator=lab.notebook())

    # The discard pile can be inspected: a click spreads it out.
    px, py = lab.value("table.geometry.pile[-1].center")
    _click_at(lab, canvas, px, py, scale)
    lab.wait_for_value("table.pile_open", lambda v: v is True)
    lab.notebook().get_by_role("button", name="Spread pile", exact=True).click()
    lab.wait_for_value("table.pile_open", lambda v: v is False)

    # Lay off onto the meld: click the meld (target), a card, then Lay off.
    mx, my = lab.value("table.geometry.meld_center(0)")
    _click_at(lab, canvas, mx, my, scale)
    lab.wait_for_value("table.target", lambda v: v == 0)
    jx, jy = lab.value("table.geometry.hand_center(table.hand.index(Card.parse('JD')))")
    _click_at(lab, canvas, jx, jy, scale)
    lab.wait_for_value("len(table.selected)", lambda v: v == 1)
    lab.notebook().get_by_role("button", name="Lay off", exact=True).click()
    lab.wait_for_value("str(game.table[0].meld)", lambda v: v == "8D 9D TD JD")

    # Discard by click + button: the computer players then play their turns.
    kx, ky = lab.value("table.geometry.hand_center(table.hand.index(Card.parse('KC')))")
    _click_at(lab, canvas, kx, ky, scale)
    lab.wait_for_value("len(table.selected)", lambda v: v == 1)
    lab.notebook().get_by_role("button", name="Discard", exact=True).click()
    lab.wait_for_value("(game.to_move, game.phase)", lambda v: v == [0, "draw"] or v[1] == "over")
    lab.execute("game.check_invariants()")

    # A few more turns through the widget's Python API, to fill the table for the picture.
    lab.execute(
        "for _ in range(3):\n"
        "    if game.is_over: break\n"
        "    table.draw()\n"
        "    for m in game.legal_melds()[:1]: table.play(m)\n"
        "    for l in game.legal_lay_offs()[:1]: table.play(l)\n"
        "    d = game.legal_discards()\n"
        "    if d: table.play(d[-1])\n"
    )
    lab.execute("table.draw()")
    lab.execute("table.select(*range(min(2, len(table.hand))))")
    lab.execute("table.pile_open = True")
    lab.wait_for_redraw(canvas)
    lab.screenshot("table-4p-pile-spread", locator=canvas)
    lab.execute("table.pile_open = False")
    assert lab.wait_for_redraw(canvas) > 10
    # the felt is drawn (FELT = #1e6b3a)
    wait_until(lambda: canvas.evaluate("c => Array.from(c.getContext('2d').getImageData(5, c.height / 2, 1, 1).data)"),
               lambda pixel: pixel[:3] == [30, 107, 58], "the felt on the canvas, at its left edge")
    shot = lab.screenshot("table-4p", locator=canvas)
    lab.screenshot("table-4p-page", full_page=True)
    assert shot.stat().st_size > 20_000
    print(f"server start {lab.server.startup_seconds:.1f}s, open+run {t_run:.1f}s, click->kernel {t_click:.2f}s")
