"""Time and message size of one full 4-player TableWidget redraw, and of the redraw that answers
a selection (only the hand's band) (run: python benchmarks/bench_redraw.py).

A mid-game table (seeded: the same table every run) is redrawn many times. For each redraw we
capture what ipycanvas would send to the browser: the ``hold_canvas()`` batch is ONE comm message
whose payload is a JSON command buffer (``commands_to_buffer``) plus binary buffers. We print the
median Python time of a redraw, the message count, commands and bytes per redraw, and as a
baseline in the same run the time to only compute the layout (the pure part), so the ratio
shows what drawing costs on top of geometry.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from ipycanvas import canvas as ipycanvas_canvas
from ipycanvas.utils import commands_to_buffer

from buraco_learn import Game
from buraco_learn.players import RandomPlayer, play_turn
from buraco_learn.render.layout import geometry_for
from buraco_learn.widgets import TableWidget

RUNS = 30


def mid_game(seed: int = 10, turns: int = 12) -> Game:
    g = Game.new(4, seed=seed, dealer=3)
    players = {s: RandomPlayer(seed=s) for s in range(4)}
    for _ in range(turns):
        if g.is_over:
            break
        play_turn(g, players[g.to_move])
    return g


def main() -> None:
    g = mid_game()
    w = TableWidget(g, viewer=0)
    w.select(0, 1)
    manager = ipycanvas_canvas._CANVAS_MANAGER
    messages: list[tuple[int, int, int]] = []  # (commands, json bytes, binary bytes)
    original = manager._send_custom

    def capture(command: Any, buffers: Any = ()) -> None:
        _metadata, buffer = commands_to_buffer(command)
        messages.append((len(command), len(bytes(buffer)), sum(len(bytes(b)) for b in buffers)))

    manager._send_custom = capture
    try:
        times = []
        for _ in range(RUNS):
            messages.clear()
            t0 = time.perf_counter()
            w.redraw()
            times.append(time.perf_counter() - t0)
        full = messages[0]
        band = getattr(w, "redraw_hand", w.redraw)  # before issue 26 a selection redrew the whole table
        sel_times = []
        for _ in range(RUNS):
            messages.clear()
            t0 = time.perf_counter()
            band()
            sel_times.append(time.perf_counter() - t0)
        sel = messages[0]
    finally:
        manager._send_custom = original
    messages[:] = [full]
    geo_times = []
    for _ in range(RUNS):
        t0 = time.perf_counter()
        geometry_for(g, 0, width=960, selected=[0, 1])
        geo_times.append(time.perf_counter() - t0)
    t_draw = statistics.median(times)
    t_geo = statistics.median(geo_times)
    n_cmd, n_json, n_bin = messages[0]
    cards = len(g.hand(0)) + sum(len(t.meld.cards) for t in g.table) + len(g.pile)
    print(f"table: 4 players, {len(g.table)} melds, {len(g.pile)} in pile, {len(g.hand(0))} in South's hand, "
          f"{cards} face-up cards, canvas {w.canvas.width}x{w.canvas.height}")
    print(f"redraw (median of {RUNS}): {t_draw * 1000:.2f} ms Python")
    print(f"layout only (baseline):    {t_geo * 1000:.3f} ms  -> redraw/layout = {t_draw / t_geo:.0f}x")
    print(f"messages per redraw: {len(messages)}; commands: {n_cmd}; "
          f"command buffer {n_json / 1024:.1f} KiB JSON + {n_bin} B binary")
    print(f"selection redraw (median of {RUNS}): {statistics.median(sel_times) * 1000:.2f} ms Python; "
          f"commands: {sel[0]}; command buffer {sel[1] / 1024:.1f} KiB JSON + {sel[2]} B binary")


if __name__ == "__main__":
    main()
