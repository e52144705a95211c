#!/usr/bin/env bash
# Mutation testing of one module of the rules core, with mutmut 3 (not part of CI's time).
#
#   bash scripts/mutation.sh scoring     # or rules, match, melds, game
#   bash scripts/mutation.sh scoring match melds rules   # several in one run, a score for each
#   bash scripts/mutation.sh melds 'buraco_learn.melds.x__analyse*'   # other functions of a module
#
# mutmut copies buraco_learn/ and tests/ into mutants/ (gitignored), writes every mutant of the
# modules listed under [tool.mutmut] only_mutate in pyproject.toml, runs the fast rule tests
# listed there once to learn which tests call which function, then runs, for each mutant of
# MODULE, only the tests that reach it. melds and game are checked on their scoring and
# turn/close functions (the rest of those modules is listed with a pattern as above). The
# score printed is killed / (killed + survived + no tests); `./.venv/bin/mutmut show NAME` shows
# a mutant, `./.venv/bin/mutmut results` the survivors. The scores and the equivalent
# mutants left are in tests/README.md.
#
# $MUTATION_CHILDREN: mutants run at once (default 1: the machine is shared); $MUTATION_NICE: the
# run's niceness (default 10). mutmut 3 does not mutate decorated
# functions (properties such as Meld.points, Match.winner): their tests are hand-made mutants.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
# Several modules in one run share the mutant writing, the test mapping and the clean run.
modules=()
while [ "$#" -gt 0 ] && [[ "$1" =~ ^(scoring|rules|match|melds|game)$ ]]; do modules+=("$1"); shift; done
if [ "${#modules[@]}" -eq 0 ]; then
  echo "usage: bash scripts/mutation.sh scoring|rules|match|melds|game [MODULE ...] [MUTANT_PATTERN ...]" >&2; exit 2
fi
patterns=()
groups=()  # one "module pattern pattern ..." line per module, for the scores
for module in "${modules[@]}"; do
  mine=()
  case "$module" in
    scoring|rules|match) mine=("buraco_learn.$module.*") ;;
    melds) mine=("buraco_learn.melds.x__burraco_kind__*" "buraco_learn.melds.x_burraco_bonus__*"
                 "buraco_learn.melds.x__layout_value__*" "buraco_learn.melds.x__run_points__*"
                 "buraco_learn.melds.x__key__*") ;;
    game) for f in _not_over verify_draw verify_take_pile _in_play _cards_in_hand _can_end_turn _discard_problem \
                   verify_discard _plan_discard _plan_meld _plan_lay_off check_rest _check_rest _rest_problem _rest_ok \
                   _last_cards_ok _rest_problem_of side_has_pot side_has_burraco _do_draw _do_take_pile \
                   _after_empty_by_play _lone _do_meld _do_lay_off _do_discard; do
            case "$f" in  # where game.py's turn and close rules live since the split: turn.py, state.py
              side_has_pot|side_has_burraco) mine+=("buraco_learn.state.xǁ_Tableǁ${f}__mutmut_*") ;;
              *) mine+=("buraco_learn.turn.xǁ_Turnǁ${f}__mutmut_*") ;;
            esac
          done ;;
  esac
  patterns+=("${mine[@]}")
  groups+=("$module ${mine[*]}")
done
if [ "$#" -gt 0 ]; then patterns=("$@"); groups=("given $*"); fi
py=.venv/bin/python
if ! "$py" -c 'import mutmut' 2>/dev/null; then
  echo "==> installing mutmut (the mutation extra) into .venv"
  "$py" -m pip install -q -e ".[mutation]"
fi
export BURACO_PROGRESS=0
mkdir -p mutants
nice -n "${MUTATION_NICE:-10}" .venv/bin/mutmut run --max-children "${MUTATION_CHILDREN:-1}" "${patterns[@]}" > mutants/run.log 2>&1 || {
  tail -c 4000 mutants/run.log >&2; exit 1; }
.venv/bin/mutmut results --all true | "$py" -c '
import fnmatch, sys
lines = [line.strip().rpartition(": ") for line in sys.stdin]
for group in sys.argv[1:]:
    module, *patterns = group.split(" ")
    counts = {}
    for name, _, status in lines:
        if name and any(fnmatch.fnmatchcase(name, p) for p in patterns):
            counts[status] = counts.get(status, 0) + 1
            if status not in ("killed", "timeout"):
                print(f"  {status:10} {name}")
    killed = counts.get("killed", 0) + counts.get("timeout", 0)
    checked = killed + counts.get("survived", 0) + counts.get("no tests", 0)
    print(f"{module}: " + ", ".join(f"{v} {k}" for k, v in sorted(counts.items())))
    print(f"{module} score: {killed}/{checked} killed ({100 * killed / max(checked, 1):.1f} %)")
' "${groups[@]}"
