#!/usr/bin/env bash
# Set up .venv (see scripts/setup.sh: skipped when pyproject.toml is unchanged) and open the
# course: JupyterLab on notebooks/, the index open, the worked solutions hidden.
#
#   bash scripts/lab.sh                        # the learner's view
#   bash scripts/lab.sh --solutions            # the teacher's: notebooks/solutions/ listed too
#   bash scripts/lab.sh --port=8890 --no-browser   # other arguments go to JupyterLab
#
# JupyterLab serves notebooks/, or the folder above it if a link of the course leads out of
# notebooks/ (buraco_learn.cli.serve_root), so that every link of the course opens.
# The "Would you like to get notified about official Jupyter news?" pop-up is turned off.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
venv="${VENV:-.venv}"
case "$venv" in /*) ;; *) venv="$root/$venv" ;; esac
solutions=0
args=()
for a in "$@"; do
  if [ "$a" = "--solutions" ]; then solutions=1; else args+=("$a"); fi
done
VENV="$venv" bash scripts/setup.sh lab
py="$venv/bin/python"

# Application-level settings of this JupyterLab only (the user's own settings still win).
settings="$venv/share/buraco_learn/lab-settings"
mkdir -p "$settings"
cat > "$settings/overrides.json" <<'JSON'
{
  "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": false}
}
JSON

serve="$("$py" -c 'import sys; from pathlib import Path; from buraco_learn.cli import serve_root; print(serve_root(Path(sys.argv[1])))' "$root/notebooks")"
index="$(realpath --relative-to="$serve" "$root/notebooks/00-Index.ipynb")"
# Hidden from the file browser: JupyterLab's defaults, and the worked solutions for learners.
hide="'__pycache__', '*.pyc', '*.pyo', '.DS_Store', '*~', '*.so', '*.dylib'"
[ "$solutions" = 1 ] || hide="$hide, 'solutions'"
[ "$(id -u)" = 0 ] && args=(--allow-root "${args[@]}")  # JupyterLab refuses root without it
echo "==> JupyterLab on $serve (opening $index$([ "$solutions" = 1 ] && echo ', solutions shown' || echo ', solutions hidden: --solutions shows them'))"
exec "$py" -m jupyterlab \
  "--ServerApp.root_dir=$serve" \
  "--LabApp.default_url=/lab/tree/$index" \
  "--LabApp.app_settings_dir=$settings" \
  "--ContentsManager.hide_globs=[$hide]" \
  "${args[@]}"
