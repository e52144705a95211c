#!/usr/bin/env bash
# Build the JupyterLite site (a static site, no server) of the course.
#
#   scripts/build_lite.sh OUTDIR [--solutions] [more `jupyter lite build` arguments]
#
# Needs the package and its `lite` extra in the Python of $PYTHON (default: .venv/bin/python
# if present, else python3):  pip install -e ".[lite]"  (jupyterlite-core and the Pyodide
# kernel; the widget labextensions of ipywidgets and ipycanvas come with the package).
#
# The site holds the learner notebooks only (written by `python -m buraco_learn course`);
# --solutions adds notebooks/solutions/ (a teacher's site). The package's own wheel goes into
# the site's pypi/ folder (without the solutions in a learners' site), so that `%pip install buraco_learn` works in the browser. Source
# maps are left out. lite/ holds the site's settings (relative paths in extra arguments are
# taken from there) and runtime-check.js, added to every page: it tells the reader, in words,
# when the Python runtime (Pyodide, from a CDN) cannot be loaded.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:?usage: scripts/build_lite.sh OUTDIR [--solutions] [jupyter lite build args]}"
shift
solutions=()
if [ "${1:-}" = "--solutions" ]; then solutions=(--solutions); shift; fi
case "$out" in /*) ;; *) out="$PWD/$out" ;; esac
if [ -z "${PYTHON:-}" ]; then
  if [ -x "$root/.venv/bin/python" ]; then PYTHON="$root/.venv/bin/python"; else PYTHON=python3; fi
fi
missing="$(cd / && "$PYTHON" - <<'PY'
import importlib.util
need = {"jupyterlite_core": "jupyterlite-core", "jupyterlite_pyodide_kernel": "jupyterlite-pyodide-kernel",
        "ipywidgets": "ipywidgets", "ipycanvas": "ipycanvas"}
print(" ".join(v for k, v in need.items() if importlib.util.find_spec(k) is None))
PY
)"
if [ -n "$missing" ]; then
  echo "error: $PYTHON lacks $missing, which the JupyterLite build needs." >&2
  echo "Install the package with its lite extra:  $PYTHON -m pip install -e \"$root[lite]\"" >&2
  exit 1
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
wheels="$work/wheels"
# The learners' site: a wheel without the worked solutions (hatch_build.py), so that no file of
# the site holds one; the teacher's (--solutions): the whole course.
with_solutions=0
[ "${#solutions[@]}" -gt 0 ] && with_solutions=1
echo "==> the package's wheel (for %pip install buraco_learn in the browser$([ "$with_solutions" = 1 ] || echo ', without the solutions'))"
BURACO_LEARN_WHEEL_SOLUTIONS=$with_solutions "$PYTHON" -m pip wheel --quiet --no-deps \
  --wheel-dir "$wheels" "$root"
shopt -s nullglob
wheel=("$wheels"/buraco_learn-*.whl)
[ "${#wheel[@]}" -eq 1 ] || { echo "expected one buraco_learn wheel in $wheels" >&2; exit 1; }
echo "==> the course notebooks${solutions:+ and their solutions}"
(cd "$root" && "$PYTHON" -m buraco_learn course "$work/contents" "${solutions[@]}")
for lang in fr it; do  # the course in French and Italian, each in its own folder
  (cd "$root" && "$PYTHON" -m buraco_learn course "$work/contents/$lang" --lang "$lang" "${solutions[@]}")
done
# Run from a scratch folder: the build's task database and caches stay out of the repo.
cd "$work"
echo "==> jupyter lite build"
JUPYTERLITE_CACHE_DIR="$work/cache" "$PYTHON" -m jupyterlite_core build \
  --lite-dir "$root/lite" \
  --contents "$work/contents" \
  --piplite-wheels "${wheel[0]}" \
  --no-sourcemaps \
  --output-dir "$out" \
  "$@"
# Tell the reader when Python cannot start (see lite/runtime-check.js).
cp "$root/lite/runtime-check.js" "$out/runtime-check.js"
for page in "$out"/*/index.html; do
  grep -q 'runtime-check.js' "$page" && continue
  sed -i 's|</head>|<script src="../runtime-check.js" defer></script></head>|' "$page"
done
find "$out" -name '*.map' -delete  # whatever --no-sourcemaps left
echo "JupyterLite site built in $out ($(du -sb "$out" | awk '{printf "%.1f MB", $1 / 1e6}'))"
