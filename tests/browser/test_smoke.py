"""Smoke test of the browser harness: a real click on an ipycanvas Canvas in JupyterLab
reaches the Python ``on_mouse_down`` callback with the clicked coordinates."""

from __future__ import annotations

import time

import pytest

from lab_harness import LabPage, near, wait_until

pytestmark = pytest.mark.browser

FIXTURE = "tests/browser/fixtures/canvas_click.ipynb"


def test_canvas_click_reaches_kernel(lab: LabPage) -> None:
    t0 = time.monotonic()
    lab.open_notebook(FIXTURE)
    t_open = time.monotonic() - t0
    state = lab.run_all()
    t_run = time.monotonic() - t0 - t_open
    assert all(c["count"] is not None for c in state["cells"]), state
    assert lab.value("ready") is True
    assert lab.value("clicks") == []

    canvas = lab.canvas()
    box = canvas.bounding_box()
    assert box is not None and round(box["width"]) == 320 and round(box["height"]) == 200

    t1 = time.monotonic()
    lab.click_canvas(57, 83)
    got = lab.wait_for_value("clicks", lambda v: len(v) == 1)
    t_click = time.monotonic() - t1
    assert near(got, [[57, 83]]), got

    lab.click_canvas(250, 150)
    got = lab.wait_for_value("clicks", lambda v: len(v) == 2)
    assert near(got, [[57, 83], [250, 150]]), got
    assert not near(got, [[60, 83], [250, 150]])  # the check tells 3 px apart

    # The redraw after the click reached the page: the pixel under the dot is red.
    wait_until(lambda: canvas.evaluate("c => Array.from(c.getContext('2d').getImageData(250, 150, 1, 1).data)"),
               lambda pixel: pixel[:3] == [255, 0, 0], "the red dot under the second click, at (250, 150)")

    shot = lab.screenshot("smoke-canvas-click")
    assert shot.stat().st_size > 1000
    print(
        f"server start {lab.server.startup_seconds:.1f}s, open+kernel {t_open:.1f}s, "
        f"run-all {t_run:.1f}s, click->kernel {t_click:.2f}s"
    )
