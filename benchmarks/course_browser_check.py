"""A look at the French and Italian course in a real browser (issue 25), as a teacher would take it.

Not a test (nothing is asserted; it is too slow for CI): it starts JupyterLab and headless Chromium
(tests/browser/lab_harness.py), and for each notebook asked

* opens it at 1366×768, runs every cell, screenshots every code cell that shows something;
* answers the notebook's first exercise wrong, then right (the solution notebook's answer), and
  screenshots the feedback box after each;
* prints what it measured: the cells whose output is much taller than what it shows (an empty gap),
  the table canvases' smallest label in CSS pixels.

``--zoom`` also opens a small notebook of tables at 1920×1080 and 150 % (a CSS window of
1280×720) and prints each table's smallest label in CSS pixels.

    ./.venv/bin/python benchmarks/course_browser_check.py fr/02-Cards it/07-Scoring --zoom

Screenshots go to ``.screens/course25/`` (gitignored): look at them.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "browser"))

from lab_harness import REPO_ROOT, VISIBLE_NOTEBOOK, JupyterLabServer, LabPage, launch_chromium  # noqa: E402

OUT = REPO_ROOT / ".screens" / "course25"
SCRATCH = "tests/browser/screenshots/course25_zoom.ipynb"  # gitignored

_SET_AND_RUN = """(a) => { const app = window.jupyterapp; const panel = app.shell.currentWidget;
  const nb = panel.content; const cell = nb.widgets[a.i]; cell.model.sharedModel.setSource(a.src);
  nb.activeCellIndex = a.i; return app.commands.execute('notebook:run-cell'); }"""
_OUTPUT_TEXT = """(a) => { const nb = window.jupyterapp.shell.currentWidget.content;
  const n = nb.widgets[a.i].node.querySelector('.jp-OutputArea'); return n ? n.innerText : ''; }"""
_GAPS = """() => { const out = []; const nb = window.jupyterapp.shell.currentWidget.content;
  nb.widgets.forEach((w, i) => { const area = w.node.querySelector('.jp-OutputArea'); if (!area) return;
    const r = area.getBoundingClientRect(); let used = 0;
    area.querySelectorAll('.jp-OutputArea-output *').forEach(e => { const b = e.getBoundingClientRect();
      if (e.children.length === 0 && b.height > 0) used = Math.max(used, b.bottom - r.top); });
    if (r.height > 80 && r.height - used > 120) out.push([i, Math.round(r.height), Math.round(used)]); });
  return out; }"""


def _wrong(answer_src: str) -> str:
    """A wrong answer of the same kind as the solution's ``answer = ...`` line."""
    m = re.search(r"^answer = (.+?)(\s*#.*)?$", answer_src, re.M)
    value = m.group(1).strip() if m else "..."
    if re.fullmatch(r"-?\d+", value):
        return str(int(value) + 1)
    if re.fullmatch(r"['\"][a-e]['\"]", value):
        return repr("b" if value[1] == "a" else "a")
    return '"7H"'


def check_notebook(lab: LabPage, name: str, report: list[str]) -> None:
    path = f"notebooks/{name}.ipynb"
    solution = REPO_ROOT / "notebooks" / name.replace("/", "/solutions/", 1)
    solution = solution.with_suffix(".ipynb")
    tag = name.replace("/", "-")
    lab.page.set_viewport_size({"width": 1366, "height": 768})
    lab.open_notebook(path)
    t0 = time.monotonic()
    lab.run_all(timeout=300)
    report.append(f"{name}: ran in {time.monotonic() - t0:.0f} s")
    cells = lab.page.locator(f"{VISIBLE_NOTEBOOK} .jp-Cell")
    nb = json.loads((REPO_ROOT / path).read_text(encoding="utf-8"))
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "code":
            continue
        loc = cells.nth(i)
        if loc.locator(".jp-OutputArea-output").count():
            loc.scroll_into_view_if_needed()
            time.sleep(0.3)
            loc.screenshot(path=str(OUT / f"{tag}-cell{i:02d}.png"))
    gaps = lab.page.evaluate(f"({_GAPS})")
    for i, height, used in gaps:
        report.append(f"{name}: cell {i} output {height} px high, its content ends at {used} px")
    # The first exercise: wrong, then right.
    sol = json.loads(solution.read_text(encoding="utf-8"))
    for i, cell in enumerate(nb["cells"]):
        src = "".join(cell["source"])
        if cell["cell_type"] == "code" and re.search(r"^answer = \.\.\.", src, re.M):
            right = "".join(sol["cells"][i]["source"])
            wrong = re.sub(r"^answer = .*$", f"answer = {_wrong(right)}", right, count=1, flags=re.M)
            for what, source in (("wrong", wrong), ("right", right)):
                lab.page.evaluate(f"({_SET_AND_RUN})", {"i": i, "src": source})
                time.sleep(2.5)
                loc = cells.nth(i)
                loc.scroll_into_view_if_needed()
                loc.screenshot(path=str(OUT / f"{tag}-exercise-{what}.png"))
                text = lab.page.evaluate(f"({_OUTPUT_TEXT})", {"i": i})
                report.append(f"{name}: exercise (cell {i}) {what}: {' '.join(text.split())[:300]}")
            break
    lab.shutdown_kernel()


def check_zoom(browser: Any, server: JupyterLabServer, report: list[str]) -> None:
    cells = [
        "from buraco_learn import Game\nfrom buraco_learn.bots import StrongBot\n"
        "from buraco_learn.widgets import TableWidget\nfrom buraco_learn.i18n import set_language\n"
        "from buraco_learn.course.teacher import Demo\nset_language('fr')\n"
        "def played(p, seed, moves):\n    g = Game.new(p, seed=seed)\n    bots = [StrongBot(s) for s in range(p)]\n"
        "    for _ in range(moves):\n        if g.is_over: break\n        s = g.to_move\n"
        "        g.apply(bots[s].choose(g.view(s), g.legal_actions()))\n    return g\n",
        "t4 = TableWidget(played(4, 3, 70), viewer=0)\nt4",
        "t5 = TableWidget(played(5, 4, 90), viewer=0)\nt5",
        "demo = Demo(players=4, seed=11).widget()\ndemo",
    ]
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {}, "outputs": [],
                     "source": c} for i, c in enumerate(cells)],
          "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}},
          "nbformat": 4, "nbformat_minor": 5}
    (REPO_ROOT / SCRATCH).parent.mkdir(parents=True, exist_ok=True)
    (REPO_ROOT / SCRATCH).write_text(json.dumps(nb))
    for name, viewport, scale in (("zoom150", {"width": 1280, "height": 720}, 1.5),
                                  ("laptop", {"width": 1366, "height": 768}, 1.0)):
        context = browser.new_context(viewport=viewport, device_scale_factor=scale)
        page = context.new_page()
        page.set_default_timeout(60_000)
        lab = LabPage(page=page, server=server)
        lab.open_notebook(SCRATCH)
        lab.run_all(timeout=300)
        time.sleep(2)
        for k, table in ((1, "t4"), (2, "t5"), (3, "demo.table")):
            canvas = page.locator(f"{VISIBLE_NOTEBOOK} .jp-Cell").nth(k).locator("canvas").first
            canvas.scroll_into_view_if_needed()
            time.sleep(0.5)
            box = canvas.bounding_box()
            small = lab.value(f"min(r.h for r in {table}._geo.labels.values()) * 0.8")
            width = lab.value(f"{table}._geo.width")
            css = small * box["width"] / width
            report.append(f"{name}: {table}: canvas shown {box['width']:.0f}×{box['height']:.0f} CSS px, "
                          f"smallest label {css:.1f} CSS px")
            page.locator(f"{VISIBLE_NOTEBOOK} .jp-Cell").nth(k).screenshot(path=str(OUT / f"{name}-{table}.png"))
        lab.shutdown_kernel()
        context.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", help="lang/name, as fr/02-Cards")
    parser.add_argument("--zoom", action="store_true", help="measure the tables at 150 %% on 1920×1080")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    report: list[str] = []
    from playwright.sync_api import sync_playwright

    with JupyterLabServer(root_dir=REPO_ROOT) as server, sync_playwright() as p:
        browser = launch_chromium(p)
        if args.zoom:
            check_zoom(browser, server, report)
        for name in args.notebooks:
            context = browser.new_context(viewport={"width": 1366, "height": 768})
            page = context.new_page()
            page.set_default_timeout(60_000)
            try:
                check_notebook(LabPage(page=page, server=server), name, report)
            except Exception as exc:  # one notebook's trouble does not stop the others
                report.append(f"{name}: FAILED {type(exc).__name__}: {str(exc)[:300]}")
            context.close()
        browser.close()
    print("\n".join(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
