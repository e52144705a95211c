"""Five seats at the table in a real JupyterLab (issue 24): after North-West took the 18-card
pot, the table shows the five seats with who plays alone and who with whom; a click on a card of
South's hand selects it. Screenshots at a laptop's 1366×768 and a projector's 1920×1080 go to
``tests/browser/screenshots/five-*.png``: look at them."""

from __future__ import annotations

import json
from typing import Any

import pytest

from lab_harness import REPO_ROOT, LabPage, canvas_frame, wait_for_frame

pytestmark = pytest.mark.browser

NOTEBOOK = "tests/browser/screenshots/five_seats.ipynb"  # gitignored, written by the test
# The position of tests/test_widgets_five.py (North-West took the 18), South to play.
POSITION = (
    "fibur 5p d0 t0 play solo=2 | h: 4D 5C 6S 8C / 6C 4S 3D 5D KD JC / 9S 5S QS 7C 3C JK JK 4H AS TS 6D TH 8S TD "
    "AH 8C 8H 2S / 7S 4C 3H 4D 5H 8D 6S 7D / 5H | m: 1=9D TD JD 2H(=QD) KD; 2=AS AD AC AC JK(=A); "
    "2=2S(=2C) 3C 4C 5C 6C; 2=4S 4H 4C 2D(=4); 4=AH AH AD 2H(=A); 4=9S TS JK(=JS) QS; 4=QS QH QH QD 2D(=Q); "
    "0=TC JC QC; 3=9S 9H 9H 9D 9C 9C; 0=JS JS JH 2C(=J); 2=KH KH KD; 1=7S 7H 7D; 1=TH TC TC; 0=3S 3S 3C | "
    "p: QH JD 7H | s: KH KS KS QC 3D 9D 6H 9H 5D QD 2H 6D 6S 2C JC 5D AD 8S 5S 2D JH TD QC 7C AC KS 2C 9C 7C TS "
    "3D 5C 4D 7H JK QD 6H 8C JD 6H KC AS 3S | pots: 8H KC 6D TH 7S 5S JK 6C 4S 3H JH / "
    "3H 8S 8D KC 5H JS 8H 2S 7D 4H 8D | took: 2")


def _write_notebook() -> None:
    source = ("from buraco_learn import Game\n"
              "from buraco_learn.widgets import TableWidget\n"
              f"table = TableWidget(Game.from_position({POSITION!r}), viewer=0)\n"
              "table")
    cell = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "id": "five",
            "source": source.splitlines(keepends=True)}
    notebook = {"cells": [cell], "nbformat": 4, "nbformat_minor": 5,
                "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                            "name": "python3"}, "language_info": {"name": "python"}}}
    path = REPO_ROOT / NOTEBOOK
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(notebook))


def _shown_scale(lab: LabPage, canvas: Any) -> float:
    """How many screen pixels one pixel of the table's drawing takes."""
    return float(canvas.bounding_box()["width"]) / float(lab.value("table.width"))


def test_five_seats_show_the_pairs_and_a_click_selects_a_card(lab: LabPage) -> None:
    _write_notebook()
    lab.page.set_viewport_size({"width": 1366, "height": 768})
    lab.open_notebook(NOTEBOOK)
    lab.run_all()
    canvas = lab.canvas(0)
    lab.wait_for_redraw(canvas)
    assert lab.value("[s.where for s in table.geometry.seats]") == ["west", "north-west", "north-east", "east"]
    words = lab.value("table.description_text")
    assert "North-West plays alone (took the 18-card pot)" in words and "West & East play as a pair" in words
    # Readable on a laptop: the canvas fits the window's width, a hand card is at least 40 px
    # wide and a seat's "pair with ..." line at least 9 px high on the screen.
    scale = _shown_scale(lab, canvas)
    box = canvas.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 1366
    assert lab.value("table.geometry.card[0]") * scale >= 40
    assert lab.value("table.geometry.labels['role1'].h") * 0.8 * scale >= 9
    frame = canvas_frame(canvas)
    x, y = lab.value("table.geometry.hand_center(1)")
    canvas.scroll_into_view_if_needed()
    canvas.click(position={"x": x * scale, "y": y * scale})
    wait_for_frame(canvas, frame + 1, "the redraw answering the click")
    assert lab.value("table.selected") == [1]
    lab.screenshot("five-1366", locator=canvas)
    lab.screenshot("five-1366-page")
    lab.page.set_viewport_size({"width": 1920, "height": 1080})
    lab.page.wait_for_timeout(300)
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    assert box["x"] + box["width"] <= 1920 and _shown_scale(lab, canvas) >= scale
    lab.screenshot("five-1920", locator=canvas)
    lab.screenshot("five-1920-page")
