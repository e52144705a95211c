#!/usr/bin/env bash
# Set up .venv (see scripts/setup.sh) and open the course: JupyterLab on notebooks/.
# Extra arguments go to JupyterLab (e.g. --port=8890 --no-browser).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
bash scripts/setup.sh lab
args=()
[ "$(id -u)" = 0 ] && args+=(--allow-root)  # JupyterLab refuses root without it
exec .venv/bin/python -m jupyterlab "${args[@]}" "$@" notebooks/
