#!/usr/bin/env bash
# Create (or reuse) .venv and install the package into it, editable.
#
#   bash scripts/setup.sh         # pip install -e .  (the package and its widgets)
#   bash scripts/setup.sh lab     # pip install -e ".[lab]"  (plus JupyterLab)
#   bash scripts/setup.sh test    # pip install -e ".[test]"
#
# Needs only python3 (3.11+) with venv; $PYTHON picks another interpreter.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
extras="${1:-}"
python="${PYTHON:-python3}"
"$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' || {
  echo "buraco_learn needs Python 3.11 or newer; $python is $("$python" --version 2>&1)" >&2
  exit 1
}
if ! .venv/bin/python -c 'import sys' >/dev/null 2>&1; then
  echo "==> creating .venv with $("$python" --version 2>&1)"
  rm -rf .venv
  "$python" -m venv .venv
fi
target="."
[ -n "$extras" ] && target=".[$extras]"
echo "==> pip install -e \"$target\" into .venv"
PIP_DISABLE_PIP_VERSION_CHECK=1 .venv/bin/python -m pip install --quiet -e "$target"
