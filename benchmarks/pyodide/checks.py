"""Run inside Pyodide by ``run.mjs`` (see ``benchmarks/pyodide_run.py``): the core's doctests with
the standard library's ``doctest`` (pytest is not in Pyodide's bundled packages), engine checks
whose results must equal CPython's, then the issue-12 measures. Prints one JSON line at the end.

argv: ``expected-digests-json measure-names-comma-separated [all|measures-only [repeat]]``:
``measures-only`` skips the doctests and the engine checks; each measure runs ``repeat`` times
(every figure printed, the best kept in the report).
"""

import doctest
import hashlib
import importlib
import json
import random
import sys
import time

sys.path.insert(0, "/home/pyodide/benchmarks")

expected = json.loads(sys.argv[1])
measures = [m for m in sys.argv[2].split(",") if m]
checks = len(sys.argv) <= 3 or sys.argv[3] != "measures-only"
repeat = int(sys.argv[4]) if len(sys.argv) > 4 else 1
report = {"python": sys.version.split()[0], "platform": sys.platform}
failed = 0
mismatch: list[str] = []

if checks:
    # 1. doctests of the core (every module of the package but the widgets and the course builder).
    MODULES = ["cards", "errors", "rules", "melds", "actions", "game", "state", "turn", "legal", "scoring", "records", "match", "solver",
               "bots", "hints", "players", "review", "reference", "render", "exercises.catalog",
               "exercises.checkers", "exercises.show", "puzzles", "puzzles.generate", "puzzles.streak", "i18n", "notes"]
    failed = attempted = 0
    failing: list[str] = []
    # the catalogs under Pyodide: a refusal, a meld error and a hint in French and Italian
    from buraco_learn import Game, InvalidMeld, Meld
    from buraco_learn.hints import hint
    from buraco_learn.i18n import language
    said = {}
    for lang in ("fr", "it"):
        with language(lang):
            try:
                Meld.from_cards("7S JS")
            except InvalidMeld as err:
                said[f"{lang} meld error"] = str(err)
            g = Game.new(2, seed=1)
            try:
                g.discard(g.hand(g.to_move)[0])
            except Exception as err:  # noqa: BLE001
                said[f"{lang} refusal"] = str(err)
            said[f"{lang} hint"] = str(hint(g)).splitlines()[0]
    for k, v in said.items():
        print(f"{k}: {v}", flush=True)
    report["languages"] = said
    for name in MODULES:
        mod = importlib.import_module(f"buraco_learn.{name}")
        res = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
        failed += res.failed
        attempted += res.attempted
        if res.failed:
            failing.append(name)
    report["doctests"] = {"modules": len(MODULES), "examples": attempted, "failed": failed, "failing": failing}
    print(f"doctests: {attempted} examples in {len(MODULES)} modules, {failed} failed {failing or ''}", flush=True)

    # 2. engine checks: seeded hands by bots and random hands must end exactly as under CPython.
    from pyodide_digests import digests  # noqa: E402  (beside run.mjs; shared with the CPython side)

    got = digests()
    mismatch = [k for k in expected if got.get(k) != expected[k]]
    report["engine"] = {"cases": len(expected), "mismatched": mismatch}
    print(f"engine: {len(expected)} seeded cases compared with CPython, {len(mismatch)} differ", flush=True)

# 3. the measures (CPU clock as Pyodide reports it, and wall time).
import _measure  # noqa: E402

# Pyodide has no CPU clock (process_time stays 0): single-threaded, wall time is the CPU time.
_measure.time.process_time = time.perf_counter

HIGHER_IS_BETTER = {"hands4", "greedy2", "legal", "from_cards", "valid"}
for m in measures:
    t = time.perf_counter()
    values = [_measure.MEASURES[m]() for _ in range(repeat)]
    value = max(values) if m in HIGHER_IS_BETTER else min(values)
    report.setdefault("measures", {})[m] = value
    runs = f" of {', '.join(f'{v:.2f}' for v in values)}" if repeat > 1 else ""
    print(f"measure {m}: {value:.2f}{runs} ({time.perf_counter() - t:.1f} s wall)", flush=True)

print("RESULT " + json.dumps(report))
EXIT_CODE = 1 if failed or mismatch else 0  # read by run.mjs
