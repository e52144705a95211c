#!/usr/bin/env bash
# Set up .venv with the test extras and run every test. Extra arguments go to pytest.
# Tests run on one pytest-xdist worker per core ($TEST_WORKERS sets how many; 1 = none).
#
# 1. tests/ plus the learner notebooks (notebooks/, without notebooks/solutions/)
#    under `--nbval-lax --nbval-current-env`: every cell must run (cells tagged
#    raises-exception must raise), outputs compared only where marked NBVAL_CHECK_OUTPUT.
# 2. notebooks/solutions/*.ipynb and notebooks/<lang>/solutions/*.ipynb, if any, under strict
#    `--nbval --nbval-current-env`.
#
# Browser tests need /usr/bin/chromium: installed here with apt-get when missing and
# running as root; otherwise they fail and say how to install it.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
bash scripts/setup.sh test
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
py=.venv/bin/python
# The notebooks' kernels record no learner progress (no .buraco_progress.json in notebooks/).
export BURACO_PROGRESS=0

workers="${TEST_WORKERS:-auto}"
[ "$workers" = 1 ] && workers=0
explain() {  # pytest exit code 5 = no test collected: a failure here, never a pass
  [ "$1" -eq 5 ] && echo "error: pytest collected no test in: $2" >&2
  return 0
}

paths=(tests buraco_learn)  # buraco_learn: the doctests of every public example
[ -d notebooks ] && paths+=(notebooks)  # git keeps no empty folder
status=0
echo "==> pytest ${paths[*]} (learner notebooks under --nbval-lax)"
# loadgroup: a notebook's cells, the browser tests and each group of distribution checks
# stay on one worker (tests/conftest.py); the other tests are spread one by one.
# notebooks/<lang>/ (the course in French, Italian) like notebooks/: learner ones here,
# their solutions strictly below
ignores=(--ignore=notebooks/solutions)
for d in notebooks/*/solutions; do [ -d "$d" ] && ignores+=(--ignore="$d"); done
"$py" -m pytest "${paths[@]}" "${ignores[@]}" \
  --nbval-lax --nbval-current-env -n "$workers" --dist loadgroup "$@" || status=$?
explain "$status" "${paths[*]}"

shopt -s nullglob
solutions=(notebooks/solutions/*.ipynb notebooks/*/solutions/*.ipynb)
if [ "${#solutions[@]}" -gt 0 ]; then
  echo "==> pytest solution notebooks (--nbval, outputs compared)"
  sol_status=0
  "$py" -m pytest --nbval --nbval-current-env -n "$workers" --dist loadfile "$@" "${solutions[@]}" || sol_status=$?
  explain "$sol_status" "notebooks/solutions"
  [ "$status" -eq 0 ] && status=$sol_status
else
  echo "==> no notebooks/solutions/*.ipynb yet: nothing to compare strictly"
fi
exit "$status"
