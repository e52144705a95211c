"""scripts/lab.sh (the README's "Open the notebooks" command) and scripts/setup.sh.

JupyterLab is started for real by ``scripts/lab.sh``; the venv it uses stands for an
up-to-date ``.venv``: a folder whose ``bin/python`` runs this interpreter, with the stamp
``scripts/setup.sh`` writes after an install (so the test also checks the install is skipped).
"""

from __future__ import annotations

import hashlib
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any, Iterator

import pytest

from buraco_learn.cli import serve_root

ROOT = Path(__file__).resolve().parents[1]
#: What a learner's file browser lists: the course's notebooks and pages, no solutions/ folder.
# The learner's file browser: the course's notebooks and pages, and the course in French and Italian
# (notebooks/fr/, notebooks/it/); never solutions/.
LEARNER = sorted(p.name for p in (ROOT / "notebooks").iterdir()
                 if p.is_file() and p.suffix in (".ipynb", ".html") or p.is_dir() and p.name in ("fr", "it"))


def fake_venv(tmp: Path, extras: str) -> Path:
    """A venv folder whose python is this one, stamped as installed with ``extras``."""
    venv = tmp / "venv"
    (venv / "bin").mkdir(parents=True)
    py = venv / "bin" / "python"
    py.write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n')
    py.chmod(0o755)
    version = subprocess.run([str(py), "--version"], capture_output=True, text=True).stdout
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + version.encode()).hexdigest()
    (venv / f".buraco_learn-installed-{extras}").write_text(digest + "\n")
    return venv


class Lab:
    def __init__(self, proc: subprocess.Popen[bytes], port: int, token: str, log: Path) -> None:
        self.proc, self.port, self.token, self.log = proc, port, token, log

    def get(self, path: str) -> Any:
        url = f"http://127.0.0.1:{self.port}/{urllib.parse.quote(path)}?token={self.token}"
        with urllib.request.urlopen(url, timeout=10) as r:
            return json.load(r)


def start_lab(tmp: Path, *args: str, extras: str = "test") -> Iterator[Lab]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    token = os.urandom(8).hex()
    venv = fake_venv(tmp, extras)
    env = dict(os.environ, VENV=str(venv), PYTHONPATH=str(ROOT),
               **{v: str(tmp / v) for v in ("JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR",
                                            "JUPYTER_DATA_DIR", "JUPYTERLAB_SETTINGS_DIR",
                                            "JUPYTERLAB_WORKSPACES_DIR", "IPYTHONDIR")})  # fmt: skip
    log = tmp / "lab.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            ["bash", str(ROOT / "scripts" / "lab.sh"), *args, "--no-browser", f"--port={port}",
             "--ServerApp.port_retries=0", "--ServerApp.ip=127.0.0.1", f"--IdentityProvider.token={token}"],
            cwd=tmp, env=env, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)  # fmt: skip
    lab = Lab(proc, port, token, log)
    try:
        deadline = time.monotonic() + 90
        while True:
            assert proc.poll() is None, log.read_text()
            assert time.monotonic() < deadline, log.read_text()
            try:
                lab.get("api/status")
                break
            except (OSError, urllib.error.URLError):
                time.sleep(0.3)
        yield lab
    finally:
        proc.terminate()
        proc.wait(timeout=20)


@pytest.fixture
def learner_lab(tmp_path: Path) -> Iterator[Lab]:
    yield from start_lab(tmp_path)


def test_lab_sh_skips_the_install_and_serves_the_course_without_solutions(learner_lab: Lab) -> None:
    out = learner_lab.log.read_text()
    assert "nothing to install" in out, out
    assert "solutions hidden" in out, out
    served = serve_root(ROOT / "notebooks")
    rel = (ROOT / "notebooks").relative_to(served).as_posix()
    listing = learner_lab.get(f"api/contents/{rel}".rstrip("/."))
    names = sorted(item["name"] for item in listing["content"])
    assert names == LEARNER, names  # no solutions/ folder in the learner's file browser
    # The index opens first.
    assert f"/lab/tree/{rel + '/' if rel != '.' else ''}00-Index.ipynb" in out


def test_lab_sh_serves_every_link_of_the_course(learner_lab: Lab) -> None:
    """Every relative link of a learner notebook opens on the server lab.sh starts."""
    served = serve_root(ROOT / "notebooks")
    targets = set()
    for nb in (ROOT / "notebooks").glob("*.ipynb"):
        for cell in json.loads(nb.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "markdown":
                text = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
                for t in __import__("re").findall(r"\]\(([^)\s]+)\)", text):
                    if not t.startswith(("http:", "https:", "#", "mailto:")):
                        targets.add(os.path.normpath(nb.parent / t.partition("#")[0]))
    assert targets
    for target in sorted(targets):
        rel = Path(target).relative_to(served).as_posix()  # raises if outside the served root
        # A hidden folder (solutions/, for learners) is not listed but opens by its path.
        learner_lab.get(f"api/contents/{rel}")


def test_lab_sh_turns_the_news_popup_off(learner_lab: Lab) -> None:
    setting = learner_lab.get("lab/api/settings/@jupyterlab/apputils-extension:notification")
    # JupyterLab applies the application's overrides to the schema's defaults.
    defaults = {k: v.get("default") for k, v in setting["schema"]["properties"].items()}
    assert defaults["fetchNews"] == "false", defaults
    assert defaults["checkForUpdates"] is False, defaults


def test_lab_sh_solutions_shows_them(tmp_path: Path) -> None:
    for lab in start_lab(tmp_path, "--solutions", extras="lab"):
        served = serve_root(ROOT / "notebooks")
        rel = (ROOT / "notebooks").relative_to(served).as_posix()
        names = {i["name"] for i in lab.get(f"api/contents/{rel}".rstrip("/."))["content"]}
        assert "solutions" in names
        assert "solutions shown" in lab.log.read_text()


def test_test_pythons_skips_a_missing_interpreter_with_a_line_that_says_so() -> None:
    proc = subprocess.run(["bash", str(ROOT / "scripts" / "test_pythons.sh")],
                          env=dict(os.environ, VERSIONS="3.99", MAIN_VERSION="none"),
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert "Python 3.99: SKIPPED, no python3.99 on this machine (its tests did not run)" in proc.stdout
    assert "0 tested" in proc.stdout



def run_test_sh(tmp: Path, *args: str) -> list[list[str]]:
    """Run scripts/test.sh with ``args`` on a venv whose ``python -m pytest`` only records its
    arguments (one JSON line per pytest run); return the pytest runs it made, in order."""
    venv = fake_venv(tmp, "test")
    calls = tmp / "pytest-calls.jsonl"
    (venv / "bin" / "python").write_text(
        "#!/bin/sh\n"
        'if [ "$1" = -m ] && [ "$2" = pytest ]; then\n'
        f'  shift 2; exec "{sys.executable}" -c "import json, sys; print(json.dumps(sys.argv[1:]))" "$@" >> "{calls}"\n'
        "fi\n"
        f'exec "{sys.executable}" "$@"\n')  # fmt: skip
    proc = subprocess.run(["bash", str(ROOT / "scripts" / "test.sh"), *args], cwd=tmp,
                          env=dict(os.environ, VENV=str(venv)), capture_output=True, text=True,
                          timeout=120, stdin=subprocess.DEVNULL)  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "nothing to install" in proc.stdout, proc.stdout
    return [json.loads(line) for line in calls.read_text().splitlines()] if calls.exists() else []


def test_test_sh_with_a_file_runs_that_file_only(tmp_path: Path) -> None:
    runs = run_test_sh(tmp_path, "tests/test_melds.py", "-x")
    assert len(runs) == 1, runs  # no solutions run: none was named
    (run,) = runs
    assert "tests/test_melds.py" in run and "-x" in run
    for everything in ("tests", "buraco_learn", "notebooks"):
        assert everything not in run, run


def test_test_sh_runs_a_solution_notebook_strictly_only_when_named(tmp_path: Path) -> None:
    solution = "notebooks/solutions/01-Welcome.ipynb"
    runs = run_test_sh(tmp_path, "tests/test_cards.py", solution)
    assert len(runs) == 2, runs
    assert "tests/test_cards.py" in runs[0] and solution not in runs[0] and "--nbval-lax" in runs[0]
    assert solution in runs[1] and "--nbval" in runs[1] and "tests/test_cards.py" not in runs[1]


def test_test_sh_with_options_only_runs_everything_with_them(tmp_path: Path) -> None:
    runs = run_test_sh(tmp_path, "-m", "not slow and not browser")
    assert len(runs) == 2, runs
    assert len(run_test_sh(tmp_path / "k", "-k", "tests")) == 2  # an option's value, not a target
    assert {"tests", "buraco_learn", "notebooks"} <= set(runs[0]), runs[0]
    assert runs[0][-2:] == ["-m", "not slow and not browser"]
    assert any(a.startswith("notebooks/solutions/") for a in runs[1]), runs[1]
    assert ["-m", "not slow and not browser"] == runs[1][runs[1].index("-m"):runs[1].index("-m") + 2]


def test_test_sh_without_arguments_runs_everything(tmp_path: Path) -> None:
    runs = run_test_sh(tmp_path)
    assert len(runs) == 2, runs
    assert {"tests", "buraco_learn", "notebooks", "--ignore=notebooks/solutions"} <= set(runs[0]), runs[0]
    solutions = sorted(a for a in runs[1] if a.endswith(".ipynb"))
    assert solutions == sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "notebooks").glob("**/solutions/*.ipynb"))


def test_setup_sh_shows_each_package_as_pip_collects_it(tmp_path: Path) -> None:
    """pip's lines reach the terminal as they happen, not all at the end: here a pip that says
    what it collects, then waits until the line has been seen."""
    venv = fake_venv(tmp_path, "other")  # a venv, but stamped for another request: setup installs
    seen = tmp_path / "seen"
    (venv / "bin" / "python").write_text(
        "#!/bin/sh\n"
        'if [ "$1" = -m ] && [ "$2" = pip ]; then\n'
        f'  exec "{sys.executable}" -c "import os, time\n'
        "print('Collecting ipywidgets>=8.1 (from buraco_learn==0.1.0)')\n"
        "print('  Downloading ipywidgets-8.1.7-py3-none-any.whl.metadata (2.4 kB)')\n"
        "end = time.monotonic() + 60\n"
        f"while not os.path.exists('{seen}') and time.monotonic() < end: time.sleep(0.05)\n"
        f"if not os.path.exists('{seen}'): raise SystemExit('pip: my lines never reached the reader')\n"
        "print('Successfully installed ipywidgets-8.1.7')\"\n"
        "fi\n"
        f'exec "{sys.executable}" "$@"\n')  # fmt: skip
    proc = subprocess.Popen(["bash", str(ROOT / "scripts" / "setup.sh"), "lab"], cwd=tmp_path,
                            env=dict(os.environ, VENV=str(venv)), stdout=subprocess.PIPE, text=True,
                            stdin=subprocess.DEVNULL)  # fmt: skip
    assert proc.stdout is not None
    try:
        lines = []
        for line in proc.stdout:  # blocks until the line arrives: it must, before pip ends
            lines.append(line)
            if "Collecting" in line:
                seen.touch()
                break
        assert lines[-1] == "    Collecting ipywidgets>=8.1\n", lines
        rest = proc.stdout.read()
    finally:
        seen.touch()
        proc.wait(timeout=60)
    assert proc.returncode == 0
    assert "    Successfully installed ipywidgets-8.1.7\n" in rest, rest
    assert (venv / ".buraco_learn-installed-lab").is_file()
