"""From a click to the repainted canvas, in JupyterLab in headless Chromium (issue 26).

Run: ``./.venv/bin/python benchmarks/bench_click.py [--busy] [--turns N] [--demo N] [--shots]``

It starts JupyterLab and Chromium with the browser tests' harness (``tests/browser/lab_harness.py``),
opens the play notebook (``notebooks/08-Play.ipynb``), runs it, and plays South's hand on its
table as a learner would: a click on the stock (draw), clicks on cards (select), **Meld**, a
click on a meld and **Lay off**, a click on a card and **Discard** (then the opponent's turn).
Then it opens the teacher notebook (``notebooks/11-Teacher.ipynb``) and presses **Next move**;
then, twice, a click on another cell and a press, a click on the demo's narration and a press
(the first press in a cell pays for JupyterLab making that cell the active one: these rows show
that cost apart from the press's own).

Every click is timed in the page: from the ``mousedown`` the browser dispatches to the moment
the canvas shows a new redraw of its widget (the ``data-frame`` counter of
:func:`lab_harness.watch_page`, set when the frame is copied onto the visible canvas). For a
discard it also times the click to the last redraw of the opponents' turn. It prints, per kind
of click and over all of them, the count, the median, the 95th percentile and the largest time.

``--busy`` starts one spinning process per core for the whole run (the "busy machine" figure of
``benchmarks/README.md``); ``--shots`` saves a screenshot after each kind of click at 1366×768 to
``tests/browser/screenshots/click-*.png`` (look at them). ``--root DIR`` serves another checkout
(with ``PYTHONPATH=DIR``, its kernel imports that checkout's package): a "before" figure.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from lab_harness import (JupyterLabServer, LabPage, canvas_frame, launch_chromium,  # noqa: E402
                         require_chromium, wait_until)

PLAY = "notebooks/08-Play.ipynb"
TEACHER = "notebooks/11-Teacher.ipynb"

#: Installed in the page: the time of the last mousedown, and of every new frame a canvas shows.
_TIMER_JS = """(() => {
  if (window.__clickTimer) return;
  window.__clickTimer = true;
  window.__downAt = 0;
  document.addEventListener('mousedown', () => { window.__downAt = performance.now(); }, true);
  window.__watch = (canvas) => {
    if (canvas.__watched) return;
    canvas.__watched = true;
    canvas.__frames = [];
    new MutationObserver(() => {
      canvas.__frames.push([Number(canvas.dataset.frame), performance.now()]);
    }).observe(canvas, {attributes: true, attributeFilter: ['data-frame']});
  };
})()"""


#: The teacher rows that tell JupyterLab's cell activation apart (not in "every click").
_ACTIVATION = ("teacher: Next move after another cell", "teacher: Next move, its cell active")


def _pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


class Clicker:
    """Clicks on a page and times each one to the repaint of ``canvas``."""

    def __init__(self, lab: LabPage, canvas: Any, table: str) -> None:
        self.lab, self.canvas, self.table = lab, canvas, table
        lab.page.evaluate(_TIMER_JS)
        canvas.evaluate("c => window.__watch(c)")
        box = canvas.bounding_box()
        self.scale = float(box["width"]) / float(lab.value(f"{table}.width"))
        self.times: dict[str, list[float]] = {}

    def _after(self, frame: int) -> float:
        """Milliseconds from the last mousedown to the first frame after ``frame`` shown."""
        def first() -> float | None:
            got = self.canvas.evaluate(
                "(c, old) => { const f = c.__frames.find(([n, t]) => n > old && t >= window.__downAt);"
                " return f ? f[1] - window.__downAt : null; }", frame)
            return None if got is None else float(got)
        return float(wait_until(first, lambda v: v is not None, "a repaint after the click", interval=0.01))

    def _last(self) -> float:
        """Milliseconds from the last mousedown to the frame of the kernel's last redraw (once the
        opponents' turns, shown one by one, are all shown)."""
        wait_until(lambda: self.lab.value(f"getattr({self.table}, '_reveal', None) is None"), bool,
                   "the opponents' turns to be shown", interval=0.05)
        want = int(self.lab.value(f"{self.table}.redraws"))
        def last() -> float | None:
            got = self.canvas.evaluate(
                "(c, want) => { const f = c.__frames.find(([n, t]) => n >= want && t >= window.__downAt);"
                " return f ? f[1] - window.__downAt : null; }", want)
            return None if got is None else float(got)
        return float(wait_until(last, lambda v: v is not None, "the last repaint of the turn", interval=0.02))

    def _record(self, kind: str, ms: float) -> None:
        self.times.setdefault(kind, []).append(ms)

    def settle(self) -> None:
        """Wait until the page shows the kernel's last redraw (nothing still on its way)."""
        want = int(self.lab.value(f"{self.table}.redraws"))
        wait_until(lambda: canvas_frame(self.canvas), lambda n: n >= want, "the canvas to settle")

    def on_canvas(self, kind: str, x: float, y: float) -> None:
        self.settle()
        frame = canvas_frame(self.canvas)
        self.canvas.click(position={"x": x * self.scale, "y": y * self.scale})
        self._record(kind, self._after(frame))

    def button(self, kind: str, name: str, *, whole_turn: bool = False) -> None:
        self.settle()
        frame = canvas_frame(self.canvas)
        self.lab.notebook().get_by_role("button", name=name, exact=True).first.click()
        self._record(kind, self._after(frame))
        if whole_turn:
            self._record(kind + " + opponents", self._last())


def _shot(lab: LabPage, enabled: bool, name: str) -> None:
    if enabled:
        lab.screenshot(f"click-{name}")


def play_turns(lab: LabPage, turns: int, shots: bool) -> Clicker:
    lab.open_notebook(PLAY)
    lab.run_all(timeout=240)
    lab.execute("from buraco_learn.actions import LayDown, LayOff, Discard")
    canvas = lab.canvas(0)
    canvas.scroll_into_view_if_needed()
    ck = Clicker(lab, canvas, "table")
    seen: set[str] = set()

    def shot(kind: str) -> None:
        if kind not in seen:
            seen.add(kind)
            ck.settle()
            _shot(lab, shots, kind)

    for _ in range(turns):
        if lab.value("game.is_over"):
            break
        if lab.value("game.phase") == "draw":
            ck.on_canvas("draw (stock)", *lab.value("table.geometry.stock.center"))
            shot("draw")
        melds = lab.value("[[table.hand.index(c) for c in a.cards] for a in game.legal_actions() "
                          "if isinstance(a, LayDown) and len(a.cards) < len(table.hand) - 1][:1]")
        if melds:
            for i in melds[0]:
                ck.on_canvas("select a card", *lab.value(f"table.geometry.hand_center({i})"))
            shot("select")
            ck.button("meld", "Meld")
            shot("meld")
        offs = lab.value("[[a.target, table.hand.index(a.cards[0])] for a in game.legal_actions() "
                         "if isinstance(a, LayOff) and len(a.cards) == 1 and len(table.hand) > 2][:1]")
        if offs:
            target, i = offs[0]
            k = lab.value(f"[t.id for t in game.table].index({target})")
            ck.on_canvas("choose a meld", *lab.value(f"table.geometry.meld_center({k})"))
            shot("target")
            ck.on_canvas("select a card", *lab.value(f"table.geometry.hand_center({i})"))
            ck.button("lay off", "Lay off")
            shot("layoff")
        if lab.value("game.is_over") or lab.value("game.phase") != "play":
            continue
        i = lab.value("table.hand.index(sorted((a for a in game.legal_actions() if isinstance(a, Discard)), "
                      "key=lambda a: (a.card.r if a.card.r != 2 else 99))[0].card)")
        ck.on_canvas("select a card", *lab.value(f"table.geometry.hand_center({i})"))
        ck.button("discard", "Discard", whole_turn=True)
        shot("discard")
    lab.shutdown_kernel()
    return ck


def teacher_steps(lab: LabPage, steps: int, shots: bool) -> Clicker:
    lab.open_notebook(TEACHER)
    lab.run_all(timeout=240)
    canvas = lab.canvas(0)
    canvas.scroll_into_view_if_needed()
    ck = Clicker(lab, canvas, "board.table")
    for k in range(steps):
        ck.button("teacher: first Next move" if k == 0 else "teacher: Next move", "Next move")
    # The first press is the first mousedown in the demo's cell: JupyterLab makes that cell the
    # active one before the click reaches the button. Each activation again, to tell it apart:
    # a press after a click on another cell, then one after a click on the narration (the demo's
    # cell made active first, by a click that is no press).
    for _ in range(2):
        lab.notebook().locator(".jp-MarkdownOutput").first.click()
        time.sleep(0.5)
        ck.button("teacher: Next move after another cell", "Next move")
        lab.notebook().locator(".demo-said").first.click()
        time.sleep(0.5)
        ck.button("teacher: Next move, its cell active", "Next move")
    _shot(lab, shots, "teacher")
    lab.shutdown_kernel()
    return ck


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--busy", action="store_true", help="one spinning process per core during the run")
    parser.add_argument("--turns", type=int, default=6, help="South's turns to play (default 6)")
    parser.add_argument("--demo", type=int, default=8, help="Next move presses in the teacher demo (default 8)")
    parser.add_argument("--shots", action="store_true", help="a screenshot after each kind of click")
    parser.add_argument("--json", type=Path, help="also write the times to this file")
    parser.add_argument("--root", type=Path, default=ROOT,
                        help="the checkout whose notebooks are served (for a 'before' figure: another worktree, "
                             "with PYTHONPATH set to it so the kernel imports its package)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"], stdin=subprocess.DEVNULL)
            for _ in range(os.cpu_count() or 1)] if args.busy else []
    load0 = os.getloadavg()[0]
    try:
        with JupyterLabServer(root_dir=args.root) as server, sync_playwright() as p:
            browser = launch_chromium(p, require_chromium())
            context = browser.new_context(viewport={"width": 1366, "height": 768})
            page = context.new_page()
            page.set_default_timeout(60_000)
            lab = LabPage(page=page, server=server)
            t0 = time.monotonic()
            times = play_turns(lab, args.turns, args.shots).times
            times.update(teacher_steps(lab, args.demo, args.shots).times)
            wall = time.monotonic() - t0
            context.close()
            browser.close()
    finally:
        for proc in busy:
            proc.terminate()
        for proc in busy:
            proc.wait(timeout=10)
    load1 = os.getloadavg()[0]
    print(f"{'busy' if args.busy else 'quiet'} run: {len(busy)} busy processes, load {load0:.1f} -> {load1:.1f}, "
          f"{wall:.0f} s")
    # The figure of every click as before: the opponents' pace and the activation rows left out.
    clicks = [t for kind, ts in times.items() if "opponents" not in kind and kind not in _ACTIVATION for t in ts]
    rows = [*times.items(), ("every click to its first repaint", clicks)]
    print(f"{'click':40s} {'n':>3s} {'median':>8s} {'p95':>8s} {'max':>8s}  (ms)")
    for kind, ts in rows:
        print(f"{kind:40s} {len(ts):3d} {statistics.median(ts):8.0f} {_pct(ts, 95):8.0f} {max(ts):8.0f}")
    if args.json:
        args.json.write_text(json.dumps({"busy": args.busy, "load": [load0, load1], "times": times}, indent=1))


if __name__ == "__main__":
    main()
