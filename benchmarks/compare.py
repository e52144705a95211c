"""Speed and memory of this tree against a baseline commit, measured side by side in one run.

The baseline is an older commit checked out beside the tree as a ``git worktree`` (made on first
use, kept for the next run). Each measure runs in a fresh subprocess whose ``PYTHONPATH`` puts one
tree's ``buraco_learn`` first; the two trees alternate (baseline, current, current, baseline, ...)
so that a slow moment of the shared machine hits both, and each figure is the median of
``--reps`` runs on the CPU clock (``time.process_time``). Ratios say how many times better the
current tree is (above 1 is faster, or smaller for memory). Speed is never asserted in a test.

The "paired" column is the median of the ratios of each rep's two runs, taken back to back. On
this shared machine the CPU clock itself has moods: the same measure of the same tree reads 110
or 175 hands/s from one process to the next (the other core's load shares its caches), so a
ratio of two medians can be off by 15 % when the moods fall unevenly between the trees; a pair
run seconds apart mostly shares one mood, and the median of the pairs is the steadier figure.

    python benchmarks/compare.py --baseline ca0a1f1            # every measure, 5 reps
    python benchmarks/compare.py --baseline ca0a1f1 --only hands4,melds --reps 3
    python benchmarks/compare.py --list

The measures use only the public API both trees have (``Game.new``, ``legal_actions``, ``apply``,
``Meld.from_cards``, ``is_valid_meld``, ``bots.make_bot``/``play_hand``, ``hints.hint``,
``solver.solve``), so any commit since the engine landed can be the baseline. Targets are those of
issue 12 ("five to ten times faster").
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
WORKER = HERE / "_measure.py"


@dataclass(frozen=True)
class Measure:
    """One figure: its name, what it says, whether higher is better, and the target."""

    name: str
    label: str
    unit: str
    higher_is_better: bool
    target: str


MEASURES: tuple[Measure, ...] = (
    Measure("hands4", "random 4-player hands", "hands/s", True, ">= 5x"),
    Measure("greedy2", "greedy-bot 2-player hands", "hands/s", True, ">= 10x"),
    Measure("legal", "legal_actions() over positions of real play", "calls/s", True, ">= 5x"),
    Measure("from_cards", "Meld.from_cards on the meld corpus", "melds/s", True, ">= 2x"),
    Measure("valid", "is_valid_meld on the meld corpus", "melds/s", True, ">= 1.5x"),
    Measure("hint08", "hint() on notebook 08's positions, median", "ms", False, "<= 100 ms"),
    Measure("solve11", "solver, 11-card hands, median", "ms", False, "<= 0.3 ms"),
    Measure("solve30", "solver, 30-card hands, p95", "ms", False, "<= 25 ms"),
    Measure("memory4", "a finished 4-player hand, undo included", "KiB", False, "<= 100 KiB"),
)


def baseline_tree(rev: str) -> Path:
    """The worktree of ``rev`` beside this tree (``../buraco_baseline_<rev>``), made if missing."""
    short = subprocess.run(["git", "rev-parse", "--short", rev], cwd=ROOT, check=True,
                           capture_output=True, text=True).stdout.strip()
    path = ROOT.parent / f"buraco_baseline_{short}"
    if not (path / "buraco_learn").is_dir():
        subprocess.run(["git", "worktree", "add", "--detach", str(path), short], cwd=ROOT, check=True)
    return path


def run_measure(tree: Path, name: str) -> float:
    """One run of one measure against ``tree``'s package, in a fresh interpreter."""
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    out = subprocess.run([sys.executable, str(WORKER), name], env=env, check=True, capture_output=True,
                         text=True, cwd=HERE).stdout
    result = json.loads(out.strip().splitlines()[-1])
    if result["tree"] != str(tree / "buraco_learn" / "__init__.py"):
        raise RuntimeError(f"measured {result['tree']}, not {tree}: is buraco_learn installed non-editable?")
    return float(result["value"])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", default="ca0a1f1", help="commit to compare against (default: ca0a1f1)")
    ap.add_argument("--baseline-tree", default="", help="an existing checkout of --baseline to use "
                    "instead of making ../buraco_baseline_<rev>")
    ap.add_argument("--reps", type=int, default=5, help="runs per tree and measure (median kept)")
    ap.add_argument("--only", default="", help="comma-separated measure names")
    ap.add_argument("--list", action="store_true", help="list the measures and exit")
    args = ap.parse_args(argv)
    if args.list:
        for m in MEASURES:
            print(f"{m.name:11} {m.label} ({m.unit}; target {m.target})")
        return 0
    wanted = [m for m in MEASURES if not args.only or m.name in args.only.split(",")]
    base = Path(args.baseline_tree).resolve() if args.baseline_tree else baseline_tree(args.baseline)
    print(f"baseline {args.baseline} at {base}; current {ROOT}; {args.reps} reps, CPU clock, medians")
    print(f"| measure | unit | baseline | current | ratio | paired | target |\n|---|---|---|---|---|---|---|")
    for m in wanted:
        runs: dict[str, list[float]] = {"base": [], "cur": []}
        for i in range(args.reps):
            order = [("base", base), ("cur", ROOT)] if i % 2 == 0 else [("cur", ROOT), ("base", base)]
            for key, tree in order:
                runs[key].append(run_measure(tree, m.name))
        b, c = statistics.median(runs["base"]), statistics.median(runs["cur"])
        ratio = (c / b) if m.higher_is_better else (b / c)
        pairs = [(cr / br) if m.higher_is_better else (br / cr) for br, cr in zip(runs["base"], runs["cur"])]
        print(f"| {m.label} | {m.unit} | {b:,.2f} | {c:,.2f} | {ratio:.2f}x | {statistics.median(pairs):.2f}x "
              f"| {m.target} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
