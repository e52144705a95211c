#!/usr/bin/env bash
# Set up .venv with the test extras and run the tests.
# Tests run on one pytest-xdist worker per core ($TEST_WORKERS sets how many; 1 = none).
#
#   bash scripts/test.sh                        # everything: runs 1. and 2. below
#   bash scripts/test.sh -m "not slow and not browser"   # options only: everything, with them
#   bash scripts/test.sh tests/test_melds.py -x # files or folders named: just those
#
# 1. tests/ plus the learner notebooks (notebooks/, without notebooks/solutions/)
#    under `--nbval-lax --nbval-current-env`: every cell must run (cells tagged
#    raises-exception must raise), outputs compared only where marked NBVAL_CHECK_OUTPUT.
# 2. notebooks/solutions/*.ipynb and notebooks/<lang>/solutions/*.ipynb, if any, under strict
#    `--nbval --nbval-current-env`.
# An argument that names a file or folder of the repository (pytest's `path::test` included)
# is a target: then only the targets run, those in a solutions/ folder under 2., the others
# under 1.; the solution notebooks run only when named. The other arguments are pytest's
# options and go to every run.
#
# Browser tests need /usr/bin/chromium: installed here with apt-get when missing and
# running as root; otherwise they fail and say how to install it.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
venv="${VENV:-.venv}"
case "$venv" in /*) ;; *) venv="$root/$venv" ;; esac
VENV="$venv" bash scripts/setup.sh test
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ]; then
    echo "==> installing Debian's chromium for the browser tests"
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
  else
    echo "warning: /usr/bin/chromium is missing: the browser tests will fail." \
         "Install it with: sudo apt-get install -y chromium" >&2
  fi
fi
py="$venv/bin/python"
# The notebooks' kernels record no learner progress (no .buraco_progress.json in notebooks/).
export BURACO_PROGRESS=0

workers="${TEST_WORKERS:-auto}"
[ "$workers" = 1 ] && workers=0
explain() {  # pytest exit code 5 = no test collected: a failure here, never a pass
  [ "$1" -eq 5 ] && echo "error: pytest collected no test in: $2" >&2
  return 0
}

# The arguments: targets (files or folders that exist, "path::test" too) and pytest's options.
# The value of an option that takes one (-m EXPR, -k EXPR, --deselect PATH, ...) is an option.
targets=() solution_targets=() options=() value=0
for a in "$@"; do
  if [ "$value" = 1 ]; then
    options+=("$a"); value=0
  elif [[ "$a" =~ ^(-[mkpncoW]|--(deselect|ignore|ignore-glob|dist|rootdir|basetemp|confcutdir|maxfail|durations|tb|junit-xml))$ ]]; then
    options+=("$a"); value=1
  elif [ -e "${a%%::*}" ]; then
    case "/$a" in
      */solutions|*/solutions/*) solution_targets+=("$a") ;;
      *) targets+=("$a") ;;
    esac
  else
    options+=("$a")
  fi
done
named=$(( ${#targets[@]} + ${#solution_targets[@]} ))

status=0
ignores=(--ignore=notebooks/solutions)
for d in notebooks/*/solutions; do [ -d "$d" ] && ignores+=(--ignore="$d"); done
if [ "$named" -eq 0 ]; then
  paths=(tests buraco_learn)  # buraco_learn: the doctests of every public example
  [ -d notebooks ] && paths+=(notebooks)  # git keeps no empty folder
else
  paths=("${targets[@]}")
fi
# loadgroup: a notebook's cells, the browser tests and each group of distribution checks
# stay on one worker (tests/conftest.py); the other tests are spread one by one.
# notebooks/<lang>/ (the course in French, Italian) like notebooks/: learner ones here,
# their solutions strictly below
if [ "${#paths[@]}" -gt 0 ]; then
  echo "==> pytest ${paths[*]} (learner notebooks under --nbval-lax)"
  "$py" -m pytest "${paths[@]}" "${ignores[@]}" \
    --nbval-lax --nbval-current-env -n "$workers" --dist loadgroup "${options[@]}" || status=$?
  explain "$status" "${paths[*]}"
fi

shopt -s nullglob
if [ "$named" -eq 0 ]; then
  solutions=(notebooks/solutions/*.ipynb notebooks/*/solutions/*.ipynb)
  [ "${#solutions[@]}" -gt 0 ] || echo "==> no notebooks/solutions/*.ipynb yet: nothing to compare strictly"
else
  solutions=("${solution_targets[@]}")
fi
if [ "${#solutions[@]}" -gt 0 ]; then
  echo "==> pytest solution notebooks (--nbval, outputs compared)"
  sol_status=0
  "$py" -m pytest --nbval --nbval-current-env -n "$workers" --dist loadfile "${options[@]}" "${solutions[@]}" || sol_status=$?
  explain "$sol_status" "${solutions[*]}"
  [ "$status" -eq 0 ] && status=$sol_status
fi
exit "$status"
