"""Notebook 8b (Playing well) in a real JupyterLab (headless Chromium) at 1366×768: the notebook
runs top to bottom, and each exercise of its newer sections (7: partner play and the memory
drill, 8: close now or build, 9: defending) is answered wrong, then right, by editing its answer
cell and running it, as a learner does: the feedback says "Not yet" then "Right", and the box is
read whole on screen (inside the viewport, nothing scrolled inside it).

Screenshots go to ``.screens/`` at the repository root (gitignored): look at them.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from lab_harness import REPO_ROOT, LabPage, _js, wait_for_text

pytestmark = pytest.mark.browser

NOTEBOOK = "notebooks/08b-Playing-well.ipynb"
SCREENS = REPO_ROOT / ".screens"
LAPTOP = {"width": 1366, "height": 768}
#: exercise: (wrong answer, right answer), as the learner types them.
ANSWERS = {"partner-signal": ("'b'", "'a'"), "memory-drill": ("3", "2"), "close-or-build": ("'b'", "'a'"),
           "defend": ("'a'", "'b'")}

_JS_ANSWER = _js("async ({path, exercise, code})", """  const app = window.jupyterapp;
  const p = findPanel(path);
  app.shell.activateById(p.id);
  const cells = p.content.model.cells;
  for (let i = 0; i < cells.length; i++) {
    const c = cells.get(i);
    const src = c.sharedModel.getSource();
    if (c.type === 'code' && src.includes("('" + exercise + "'") && src.startsWith('answer = ')) {
      c.sharedModel.setSource(src.replace(/^answer = [^\\n]*/, 'answer = ' + code));
      p.content.activeCellIndex = i;
      await app.commands.execute('notebook:run-cell');
      return i;
    }
  }
  return -1;""")


def _answer(lab: LabPage, exercise: str, code: str) -> Any:
    """Type ``code`` as the exercise's answer, run its cell; the cell's output area."""
    index = lab.page.evaluate(f"({_JS_ANSWER})", {"path": NOTEBOOK, "exercise": exercise, "code": code})
    assert index >= 0, f"no answer cell for {exercise}"
    cell = lab.notebook().locator(".jp-Cell").nth(index)
    cell.evaluate("e => e.scrollIntoView({block: 'center'})")
    return cell.locator(".jp-OutputArea-output").first


def _read_whole_on_screen(lab: LabPage, out: Any, name: str) -> None:
    out.evaluate("e => e.scrollIntoView({block: 'nearest'})")
    box, view = out.bounding_box(), lab.page.viewport_size
    assert box is not None and view is not None
    assert 0 <= box["y"] and box["y"] + box["height"] <= view["height"], (name, box)
    heights = out.evaluate("e => [e, ...e.querySelectorAll('*')].map(x => [x.scrollHeight, x.clientHeight,"
                           " getComputedStyle(x).overflowY])")
    scrolled = [h for h in heights if h[2] in ("auto", "scroll") and h[0] > h[1] + 1]
    assert not scrolled, (name, scrolled)
    SCREENS.mkdir(exist_ok=True)
    lab.page.screenshot(path=str(SCREENS / f"08b-{name}.png"))


def test_the_newer_sections_exercises_wrong_then_right_at_1366x768(lab: LabPage) -> None:
    lab.page.set_viewport_size(LAPTOP)
    lab.open_notebook(NOTEBOOK)
    lab.run_all(timeout=240)
    for exercise, (wrong, right) in ANSWERS.items():
        out = _answer(lab, exercise, wrong)
        wait_for_text(out, lambda t: "Not yet" in t, f"{exercise}: Not yet after {wrong}")
        _read_whole_on_screen(lab, out, f"{exercise}-wrong")
        out = _answer(lab, exercise, right)
        wait_for_text(out, lambda t: t.lstrip().startswith("Right") or "✓ Right" in t or "Right:" in t,
                      f"{exercise}: Right after {right}")
        _read_whole_on_screen(lab, out, f"{exercise}-right")
    assert json.dumps(lab.page_errors) == "[]", lab.page_errors
