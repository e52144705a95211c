"""The core under Pyodide (CPython compiled to WebAssembly, as in JupyterLite), run in Node.

    python benchmarks/pyodide_run.py                       # doctests, engine checks, hint08 + hands4
    python benchmarks/pyodide_run.py --measures hint08,hands4,legal,solve11
    python benchmarks/pyodide_run.py --cache ~/.cache/buraco_learn-pyodide
    python benchmarks/pyodide_run.py --tree ../buraco_baseline_ca0a1f1 --measures-only --repeat 5 \
        --measures from_cards,valid                        # another tree's package, best of 5

Installs the npm ``pyodide`` package (runtime and standard library) into a cache folder outside
git on first use (``npm install``; Node 18+ needed), zips the package without its widgets and
course builder, and runs ``pyodide/checks.py`` there through ``pyodide/run.mjs``: the doctests of
every core module (with ``doctest``: pytest is only in Pyodide's CDN package set), seeded hands
whose records must equal CPython's, and the measures of ``_measure.py``. Not part of the test
command (it takes a minute or two); speed is never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
PYODIDE_VERSION = "0.26.4"  # Python 3.12; JupyterLite's Pyodide kernel is of this generation
SKIP = {"widgets", "course", "__pycache__"}


def install(cache: Path) -> Path:
    """The ``pyodide`` npm package in ``cache`` (installed if missing)."""
    pkg = cache / "node_modules" / "pyodide"
    if not (pkg / "pyodide.mjs").is_file():
        cache.mkdir(parents=True, exist_ok=True)
        if not (cache / "package.json").is_file():
            (cache / "package.json").write_text('{"name": "buraco-pyodide-cache", "private": true}\n')
        subprocess.run(["npm", "install", "--no-audit", "--no-fund", f"pyodide@{PYODIDE_VERSION}"], cwd=cache,
                       check=True)
    return pkg


def package_zip(dest: Path, tree: Path = ROOT) -> None:
    """``buraco_learn`` of ``tree`` (without widgets and course builder) and this folder's
    measures, as one zip."""
    with zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as z:
        for path in sorted((tree / "buraco_learn").rglob("*")):
            rel = path.relative_to(tree)
            if path.is_file() and not SKIP & set(rel.parts) and path.suffix != ".pyc":
                z.write(path, rel.as_posix())
        for name in ("_measure.py", "meld_corpus.py", "pyodide/pyodide_digests.py"):
            z.write(HERE / name, f"benchmarks/{Path(name).name}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cache", type=Path, default=Path(os.environ.get(
        "BURACO_PYODIDE_CACHE", Path.home() / ".cache" / "buraco_learn-pyodide")))
    ap.add_argument("--measures", default="hint08,hands4")
    ap.add_argument("--tree", type=Path, default=ROOT,
                    help="the checkout whose buraco_learn is measured (default: this one), e.g. a baseline worktree")
    ap.add_argument("--measures-only", action="store_true",
                    help="skip the doctests and the engine checks (an older tree may lack what they use)")
    ap.add_argument("--repeat", type=int, default=1, help="runs of each measure (all printed, the best kept)")
    args = ap.parse_args()
    pkg = install(args.cache)
    expected: dict[str, str] = {}
    if not args.measures_only:
        sys.path.insert(0, str(args.tree))
        sys.path.insert(0, str(HERE / "pyodide"))
        from pyodide_digests import digests  # the same cases under CPython, for comparison

        expected = digests()
    with tempfile.TemporaryDirectory() as tmp:
        z = Path(tmp) / "buraco_learn.zip"
        package_zip(z, args.tree.resolve())
        proc = subprocess.run(["node", str(HERE / "pyodide" / "run.mjs"), str(pkg), str(z),
                               str(HERE / "pyodide" / "checks.py"), json.dumps(expected), args.measures,
                               "measures-only" if args.measures_only else "all", str(args.repeat)])
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
