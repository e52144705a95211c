#!/usr/bin/env bash
# Create (or reuse) .venv and install the package into it, editable.
#
#   bash scripts/setup.sh         # pip install -e .  (the package and its widgets)
#   bash scripts/setup.sh lab     # pip install -e ".[lab]"  (plus JupyterLab)
#   bash scripts/setup.sh app     # pip install -e ".[app]"  (plus Voilà: buraco-learn app)
#   bash scripts/setup.sh test    # pip install -e ".[test]"
#
# Needs only python3 (3.11+) with venv; $PYTHON picks another interpreter and $VENV
# another folder (default .venv), e.g. VENV=.venv-3.12 PYTHON=python3.12.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
extras="${1:-}"
python="${PYTHON:-python3}"
venv="${VENV:-.venv}"
"$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' || {
  echo "buraco_learn needs Python 3.11 or newer; $python is $("$python" --version 2>&1)" >&2
  exit 1
}
if ! "$venv/bin/python" -c 'import sys' >/dev/null 2>&1; then
  echo "==> creating $venv with $("$python" --version 2>&1)"
  rm -rf "$venv"
  "$python" -m venv "$venv"
fi
target="."
[ -n "$extras" ] && target=".[$extras]"
# Skip the install when nothing it depends on changed since the last one. The test extras
# hold the lab and app extras, which hold the package: a bigger install serves a smaller request.
want="$( (cat pyproject.toml; "$venv/bin/python" --version) | sha256sum | cut -d' ' -f1)"
case "$extras" in
  "") enough=("" lab test) ;;
  lab) enough=(lab test) ;;
  app) enough=(app test) ;;
  *) enough=("$extras") ;;
esac
for e in "${enough[@]}"; do
  if [ "$(cat "$venv/.buraco_learn-installed${e:+-$e}" 2>/dev/null)" = "$want" ] \
     && "$venv/bin/python" -I -c 'import buraco_learn' 2>/dev/null; then
    echo "==> $venv is up to date (pyproject.toml unchanged since the last install): nothing to install"
    exit 0
  fi
done
stamp="$venv/.buraco_learn-installed${extras:+-$extras}"
echo "==> pip install -e \"$target\" into $venv (the first time 3-10 minutes; a line per package as pip collects it)"
rm -f "$stamp"
# Unbuffered: pip's lines come through the pipe as they happen, not all at the end; each filter
# passes a line on at once (--line-buffered, sed -u).
PYTHONUNBUFFERED=1 PIP_DISABLE_PIP_VERSION_CHECK=1 "$venv/bin/python" -m pip install --progress-bar off -e "$target" \
  | { grep --line-buffered -E '^(Collecting|Building|Installing collected|Successfully installed)' \
        | sed -u -E 's/ \(from .*//; s/^(.{150}).+$/\1 .../; s/^/    /' || true; }
echo "$want" > "$stamp"
echo "==> $venv is ready"
