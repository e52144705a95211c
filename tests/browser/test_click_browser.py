"""A click on a card repaints the table in JupyterLab (issue 26): the canvas shows the
redraw that answers it, the hand's band changes (the card is lifted and outlined) and the table
above it is exactly as it was, pixel for pixel (a selection repaints only the hand's band, and
nothing is left half-drawn). Figures of how fast: benchmarks/bench_click.py."""

from __future__ import annotations

from typing import Any

import pytest

from lab_harness import LabPage, canvas_frame, wait_for_frame

pytestmark = pytest.mark.browser

DEMO = "tests/browser/fixtures/table_demo.ipynb"

_PIXELS_JS = """(c, [y0, y1]) => {
  const data = c.getContext('2d').getImageData(0, y0, c.width, y1 - y0).data;
  let h = 0;
  for (let i = 0; i < data.length; i += 1) h = (h * 31 + data[i]) >>> 0;
  return [h, data.length];
}"""


def _band(canvas: Any, y0: float, y1: float) -> list[int]:
    return list(canvas.evaluate(_PIXELS_JS, [int(y0), int(y1)]))


def test_a_click_on_a_card_repaints_only_the_hand(lab: LabPage) -> None:
    lab.page.set_viewport_size({"width": 1366, "height": 768})
    lab.open_notebook(DEMO)
    lab.run_all()
    canvas = lab.canvas(0)
    lab.wait_for_redraw(canvas)
    band_y = float(lab.value("table.geometry.hand_area.y"))
    height = int(lab.value("table.canvas.height"))
    above, below = _band(canvas, 0, band_y), _band(canvas, band_y, height)
    frame = canvas_frame(canvas)
    x, y = lab.value("table.geometry.hand_center(2)")
    scale = float(canvas.bounding_box()["width"]) / float(lab.value("table.width"))
    canvas.scroll_into_view_if_needed()
    canvas.click(position={"x": x * scale, "y": y * scale})
    wait_for_frame(canvas, frame + 1, "the redraw answering the click")
    assert lab.value("table.selected") == [2]
    assert _band(canvas, band_y, height) != below  # the card is lifted and outlined
    assert _band(canvas, 0, band_y) == above  # the rest of the table is untouched
    lab.screenshot("click-select-1366", locator=canvas)
