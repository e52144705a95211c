#!/usr/bin/env bash
# Build the JupyterLite site (a static site, no server) of the course.
#
#   scripts/build_lite.sh OUTDIR [more `jupyter lite build` arguments]
#
# Uses the Python of $PYTHON (default: .venv/bin/python if present, else python3),
# which needs the test extras (jupyterlite-core, jupyterlite-pyodide-kernel and the
# widget labextensions ipywidgets and ipycanvas, which are copied into the site).
# The package's own wheel goes into the site's pypi/ folder, so that
# `%pip install buraco_learn` works in the browser. Settings for the site live in lite/
# (the --lite-dir: relative paths in extra arguments are taken from there).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:?usage: scripts/build_lite.sh OUTDIR [jupyter lite build args]}"
shift
case "$out" in /*) ;; *) out="$PWD/$out" ;; esac
if [ -z "${PYTHON:-}" ]; then
  if [ -x "$root/.venv/bin/python" ]; then PYTHON="$root/.venv/bin/python"; else PYTHON=python3; fi
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
wheels="$work/wheels"
"$PYTHON" -m pip wheel --quiet --no-deps --wheel-dir "$wheels" "$root"
shopt -s nullglob
wheel=("$wheels"/buraco_learn-*.whl)
[ "${#wheel[@]}" -eq 1 ] || { echo "expected one buraco_learn wheel in $wheels" >&2; exit 1; }
# Run from a scratch folder: the build's task database and caches stay out of the repo.
contents=()
[ -d "$root/notebooks" ] && contents+=(--contents "$root/notebooks")  # git keeps no empty folder
cd "$work"
JUPYTERLITE_CACHE_DIR="$work/cache" "$PYTHON" -m jupyterlite_core build \
  --lite-dir "$root/lite" \
  "${contents[@]}" \
  --piplite-wheels "${wheel[0]}" \
  --output-dir "$out" \
  "$@"
echo "JupyterLite site built in $out"
