"""Notebook 8's table with the coach on, played a few turns in a real browser (issues 23 and 25).

Not a test (nothing is asserted): it starts JupyterLab and headless Chromium
(tests/browser/lab_harness.py), opens a copy of notebook 8's table made with ``coach=True``, and
at 1366×768 and 1920×1080 plays a few of South's turns with the table's own buttons (the cards
chosen from the kernel by the strong computer player, the buttons clicked in the page, so the
coach judges each move). After each turn it screenshots the window and prints whether the
coach's verdict, North's last turn, the action buttons and the Hint button are inside the window.
With ``--spread`` the discard pile is spread out (the **Spread pile** button) before the first turn,
so the table is at its tallest.

    ./.venv/bin/python benchmarks/coach_table_check.py [--turns 6] [--out DIR] [--lang en] [--spread]

Screenshots go to ``.screens/coach23/`` (gitignored) unless ``--out`` says where: look at them.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "browser"))

from lab_harness import REPO_ROOT, VISIBLE_NOTEBOOK, JupyterLabServer, LabPage, launch_chromium  # noqa: E402

SCRATCH = "tests/browser/screenshots/coach23_{}.ipynb"  # gitignored

_SETUP = """from buraco_learn import Game, i18n
from buraco_learn.bots import make_bot, StrongBot
from buraco_learn.actions import Draw, TakePile, LayDown, LayOff, Discard
from buraco_learn.widgets import TableWidget
from buraco_learn.exercises.catalog import PLAY
i18n.set_language({lang!r})
game = Game.from_position(PLAY)
table = TableWidget(game, viewer=0, opponents={{1: make_bot("greedy")}}, coach=True)
table"""

# The strong player's next action for South, as the button to press and the cards to select.
_NEXT = """def _next():
    g = table.game
    if g.is_over or g.to_move != 0:
        return None
    a = StrongBot(0).choose(g.view(0), g.legal_actions())
    table.clear_selection()
    if isinstance(a, Draw):
        return "draw"
    if isinstance(a, TakePile):
        return "pile"
    cards = list(a.cards) if not isinstance(a, Discard) else [a.card]
    for c in cards:
        table.select(c)
    if isinstance(a, LayOff):
        table.target = a.target
        return "layoff"
    return "meld" if isinstance(a, LayDown) else "discard"
"""

def _where(lab: LabPage, loc: Any) -> Any:
    """Where an element is on the screen, and whether it is inside the window (above the status bar)."""
    if not loc.count():
        return None
    box = loc.bounding_box()
    bar = lab.page.locator("#jp-main-statusbar").bounding_box()
    bottom = bar["y"] if bar else lab.page.viewport_size["height"]
    width = lab.page.viewport_size["width"]
    return None if box is None else {"top": round(box["y"]), "bottom": round(box["y"] + box["height"]),
                                     "right": round(box["x"] + box["width"]),
                                     "inside": box["y"] >= 0 and box["y"] + box["height"] <= bottom + 1
                                     and box["x"] + box["width"] <= width}


def _notebook(lang: str) -> dict[str, Any]:
    src = _SETUP.format(lang=lang)
    return {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "id": "c0",
                       "source": src.splitlines(keepends=True)}],
            "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                        "name": "python3"}, "language_info": {"name": "python"}},
            "nbformat": 4, "nbformat_minor": 5}


def _button(lab: LabPage, key: str) -> Any:
    label = lab.value(f"table.buttons[{key!r}].description")
    return lab.page.locator(f"{VISIBLE_NOTEBOOK} .jp-OutputArea-output button.jupyter-button",
                            has_text=label).first


def play(lab: LabPage, size: dict[str, int], turns: int, out: Path, tag: str, report: list[str],
         spread: bool = False) -> None:
    lab.page.set_viewport_size(size)
    lab.open_notebook(SCRATCH.format(tag))
    lab.run_all(timeout=120)
    lab.execute(_NEXT)
    lab.canvas(0).scroll_into_view_if_needed()
    if spread:
        _button(lab, "spread").click()
        lab.wait_for_value("table.pile_open", lambda v: bool(v))
    shot = 0
    for _turn in range(turns):
        for _step in range(8):
            key = lab.value("_next()")
            if key is None:
                break
            _button(lab, key).click()
            lab.wait_for_value("table._reveal is None and table.game.to_move == 0 or table.game.is_over",
                               lambda v: bool(v))
            time.sleep(1.0)
            if key in ("draw", "pile"):  # the learner has drawn: North's last turn is still in its line
                drawn = out / f"{tag}-turn{shot + 1}-drawn.png"
                lab.page.screenshot(path=str(drawn))
                line = _where(lab, lab.page.locator(f"{VISIBLE_NOTEBOOK} .bl-turns").first)
                report.append(f"{tag} turn {shot + 1} after the draw: opponents {json.dumps(line)}; {drawn.name}")
            if key == "discard":
                break
        # the canvas's top at the window's top (a learner looking at the melds): are the buttons in sight?
        lab.page.locator(f"{VISIBLE_NOTEBOOK} canvas").first.evaluate("e => e.scrollIntoView({block: 'start'})")
        time.sleep(0.5)
        shot += 1
        path = out / f"{tag}-turn{shot}.png"
        lab.page.screenshot(path=str(path))
        seen = {k: _where(lab, loc) for k, loc in (
            ("verdict", lab.page.locator(f"{VISIBLE_NOTEBOOK} .bl-feedback").first),
            ("opponents", lab.page.locator(f"{VISIBLE_NOTEBOOK} .bl-turns").first),
            ("discard", _button(lab, "discard")), ("hint", _button(lab, "hint")))}
        canvas = lab.page.locator(f"{VISIBLE_NOTEBOOK} canvas").first.bounding_box()
        report.append(f"{tag} turn {shot}: {json.dumps(seen)} canvas {canvas and round(canvas['height'])} px high; "
                      f"{path.name}")
        if lab.value("table.game.is_over"):
            break
    lab.shutdown_kernel()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=6)
    parser.add_argument("--lang", default="en")
    parser.add_argument("--out", type=Path, default=REPO_ROOT / ".screens" / "coach23")
    parser.add_argument("--spread", action="store_true", help="spread the discard pile before the first turn")
    parser.add_argument("--sizes", default="1366x768,1920x1080", help="window sizes, comma-separated")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    report: list[str] = []
    from playwright.sync_api import sync_playwright

    sizes = {name: {"width": int(name.split("x")[0]), "height": int(name.split("x")[1])}
             for name in args.sizes.split(",")}
    with JupyterLabServer(root_dir=REPO_ROOT) as server, sync_playwright() as p:
        browser = launch_chromium(p)
        for name, size in sizes.items():
            tag = f"{args.lang}-{name}" + ("-spread" if args.spread else "")
            (REPO_ROOT / SCRATCH.format(tag)).parent.mkdir(parents=True, exist_ok=True)
            (REPO_ROOT / SCRATCH.format(tag)).write_text(json.dumps(_notebook(args.lang)))
            context = browser.new_context(viewport=size)
            page = context.new_page()
            page.set_default_timeout(60_000)
            try:
                play(LabPage(page=page, server=server), size, args.turns, args.out, tag, report, args.spread)
            except Exception as exc:  # one size's trouble does not stop the other
                report.append(f"{tag}: FAILED {type(exc).__name__}: {str(exc)[:400]}")
            context.close()
        browser.close()
    print("\n".join(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
