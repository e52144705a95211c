#!/usr/bin/env bash
# Run the fast tests (unit tests and doctests: -m "not slow and not browser", no notebooks)
# on other Python versions, each in its own venv (.venv-X.Y). Extra arguments go to pytest.
#
#   bash scripts/test_pythons.sh              # every version the package declares but the main one
#   VERSIONS="3.12" bash scripts/test_pythons.sh -x
#
# An interpreter is looked for as pythonX.Y on the PATH, then under pyenv's versions
# ($PYENV_ROOT, default ~/.pyenv) and /usr/bin. A version that is not on this machine is
# skipped with a line that says so; one whose tests fail makes the script fail.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
# The main version (scripts/test.sh's, python3's) is left to scripts/test.sh; MAIN_VERSION=none
# tests every version here.
main="${MAIN_VERSION:-$(${PYTHON:-python3} -c 'import sys; print("%d.%d" % sys.version_info[:2])')}"
if [ -z "${VERSIONS:-}" ]; then  # the classifiers of pyproject.toml
  VERSIONS="$(grep -oE 'Programming Language :: Python :: 3\.[0-9]+' pyproject.toml | grep -oE '3\.[0-9]+$' | tr '\n' ' ')"
fi

find_python() {  # print a working interpreter of version $1, or nothing
  local v="$1" c
  for c in "python$v" "${PYENV_ROOT:-$HOME/.pyenv}"/versions/"$v"*/bin/"python$v" "/usr/bin/python$v" "/usr/local/bin/python$v"; do
    [ -e "$c" ] || command -v "$c" >/dev/null 2>&1 || continue
    if [ "$("$c" -c 'import sys; print("%d.%d" % sys.version_info[:2])' 2>/dev/null)" = "$v" ]; then
      command -v "$c"
      return 0
    fi
  done
  return 0
}

ran=0
for v in $VERSIONS; do
  if [ "$v" = "$main" ]; then
    echo "==> Python $v: the main version (scripts/test.sh runs every test on it)"
    continue
  fi
  py="$(find_python "$v")"
  if [ -z "$py" ]; then
    echo "==> Python $v: SKIPPED, no python$v on this machine (its tests did not run)"
    continue
  fi
  echo "==> Python $v ($py): unit tests and doctests, -m \"not slow and not browser\""
  VENV=".venv-$v" PYTHON="$py" bash scripts/setup.sh test
  ".venv-$v/bin/python" -m pytest tests buraco_learn -m "not slow and not browser" \
    -p no:cacheprovider -q -n "${WORKERS:-2}" "$@"
  ran=$((ran + 1))
done
echo "==> other Python versions: $ran tested"
