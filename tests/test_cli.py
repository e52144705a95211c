"""The ``buraco-learn`` command (``python -m buraco_learn``): the course in a folder of the user's.

The wheel install is checked in tests/test_distribution.py; here the command runs from the
source checkout, and from the course sources alone.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from buraco_learn import cli

ROOT = Path(__file__).resolve().parents[1]
LEARNER = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
SOLUTIONS = sorted(p.name for p in (ROOT / "notebooks" / "solutions").glob("*.ipynb"))
LINK = re.compile(r"\]\(([^)\s]+)\)")


def run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "buraco_learn", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)


def relative_links(folder: Path) -> list[tuple[Path, str]]:
    """(notebook, link) for every relative Markdown link of the notebooks under ``folder``."""
    out = []
    for nb in folder.rglob("*.ipynb"):
        for cell in json.loads(nb.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "markdown":
                text = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
                out += [(nb, t) for t in LINK.findall(text) if not t.startswith(("http:", "https:", "#"))]
    return out


def test_course_writes_the_learner_notebooks_only(tmp_path: Path) -> None:
    proc = run_cli("course", "my course", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    folder = tmp_path / "my course"
    assert sorted(p.name for p in folder.glob("*.ipynb")) == LEARNER
    assert not (folder / "solutions").exists()
    assert f"{len(LEARNER)} notebook(s) written to {folder}" in proc.stdout
    assert "--solutions" in proc.stdout  # says how to get them


def test_course_with_solutions_and_default_folder(tmp_path: Path) -> None:
    proc = run_cli("course", "--solutions", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    folder = tmp_path / cli.DEFAULT_DIR
    assert sorted(p.name for p in folder.glob("*.ipynb")) == LEARNER
    assert sorted(p.name for p in (folder / "solutions").glob("*.ipynb")) == SOLUTIONS


def test_every_link_of_the_written_course_works_offline(tmp_path: Path) -> None:
    """Every link of the course opens a file of the course folder (no network): the rules
    reference, the printable cheat sheet, and the solutions when they are written; a notebook,
    never a folder (JupyterLab cannot open a folder from a link). Without the solutions, the
    index names them and says how to write them."""
    for lang in ("en", "fr", "it"):
        for solutions in (False, True):
            folder = tmp_path / f"{lang}-{solutions}"
            cli.write_course(folder, solutions=solutions, lang=lang)
            links = relative_links(folder)
            assert links, "the course has no relative link at all?"
            broken = [(nb.name, t) for nb, t in links if not (nb.parent / t.split("#")[0]).is_file()]
            assert not broken, broken
            assert (folder / "Cheat-sheet.html").is_file()
            text = "".join((folder / n).read_text(encoding="utf-8") for n in ("00-Index.ipynb", "Cheat-sheet.ipynb"))
            assert "Cheat-sheet.html" in text
            for nb in folder.rglob("*.ipynb"):
                assert f"{cli.REPOSITORY}/blob/" not in nb.read_text(encoding="utf-8"), nb
            index = (folder / "00-Index.ipynb").read_text(encoding="utf-8")
            if solutions:
                assert "](solutions/00-Index.ipynb)" in index
            else:
                assert "`solutions/00-Index.ipynb`" in index and "buraco-learn course --solutions" in index


def test_course_keeps_the_learners_answers_unless_forced(tmp_path: Path) -> None:
    folder = tmp_path / "c"
    cli.write_course(folder)
    mine = folder / LEARNER[1]
    mine.write_text("my answers", encoding="utf-8")
    assert cli.write_course(folder) == []
    assert mine.read_text(encoding="utf-8") == "my answers"
    (folder / LEARNER[2]).unlink()
    assert cli.write_course(folder) == [Path(LEARNER[2])]  # a missing one comes back
    assert Path(LEARNER[1]) in cli.write_course(folder, force=True)
    assert json.loads(mine.read_text(encoding="utf-8"))["cells"]


def test_course_is_built_from_the_sources_when_no_notebook_is_installed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli, "PACKAGED", tmp_path / "none")
    monkeypatch.setattr(cli, "CHECKOUT", tmp_path / "none")
    assert cli.course_source()[0] is None
    written = cli.write_course(tmp_path / "c", solutions=True)
    assert sorted(p.name for p in written if p.parent == Path(".")) == LEARNER
    assert sorted(p.name for p in written if p.parent == Path("solutions")) == SOLUTIONS


def test_help_says_both_commands_and_where_extra_arguments_go(tmp_path: Path) -> None:
    proc = run_cli("--help", cwd=tmp_path)
    assert proc.returncode == 0
    for words in ("course", "lab", "--solutions", "extra arguments go to JupyterLab", "python -m buraco_learn"):
        assert words in proc.stdout, words
    bare = run_cli(cwd=tmp_path)
    assert bare.returncode == 2 and "usage: buraco-learn" in bare.stdout
    wrong = run_cli("course", "a", "b", cwd=tmp_path)
    assert wrong.returncode == 2 and "unrecognized arguments: b" in wrong.stderr


def test_unwritable_folder_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    proc = run_cli("course", "file/sub", cwd=tmp_path)
    assert proc.returncode == 1
    assert "cannot write the course into file/sub" in proc.stderr
    assert "Traceback" not in proc.stderr


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_lab_serves_the_course_folder_and_passes_extra_arguments(tmp_path: Path) -> None:
    """``buraco-learn lab DIR --port P ...``: the notebooks are written, and JupyterLab
    (given the extra arguments) serves DIR as its root."""
    port, token = _free_port(), "t" + os.urandom(8).hex()
    jupyter = {v: str(tmp_path / "jupyter" / v) for v in
               ("JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTER_DATA_DIR", "IPYTHONDIR")}
    env = dict(os.environ, PYTHONPATH=str(ROOT), **jupyter)
    cmd = [sys.executable, "-m", "buraco_learn", "lab", "course", "--no-browser", "--port", str(port),
           "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}", "--ServerApp.ip=127.0.0.1"]
    log = tmp_path / "lab.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, cwd=tmp_path, env=env, stdout=out, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 90
        listing = None
        while listing is None:
            assert proc.poll() is None, log.read_text()
            assert time.monotonic() < deadline, log.read_text()
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/contents?token={token}",
                                            timeout=2) as r:
                    listing = json.load(r)
            except OSError:
                time.sleep(0.3)
        url = f"http://127.0.0.1:{port}/lab/api/settings/@jupyterlab/apputils-extension:notification?token={token}"
        with urllib.request.urlopen(url, timeout=10) as r:
            schema = json.load(r)["schema"]["properties"]
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    names = sorted(item["name"] for item in listing["content"])
    assert names == sorted([*LEARNER, "Cheat-sheet.html"]), names  # the settings folder is hidden (a dot folder)
    assert "starting JupyterLab" in log.read_text()
    # No "get notified about Jupyter news?" pop-up: the overrides set the defaults.
    assert schema["fetchNews"]["default"] == "false" and schema["checkForUpdates"]["default"] is False


def test_output_into_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    """``buraco-learn ... | head``: when the reader has gone, no BrokenPipeError traceback."""
    for args in (["--help"], ["course", str(tmp_path / "c")]):
        read, write = os.pipe()
        os.close(read)  # the reader (head) has already gone
        try:
            proc = subprocess.run([sys.executable, "-m", "buraco_learn", *args], cwd=tmp_path,
                                  env=dict(os.environ, PYTHONPATH=str(ROOT)), stdout=write, stderr=subprocess.PIPE,
                                  text=True, timeout=120, stdin=subprocess.DEVNULL)  # fmt: skip
        finally:
            os.close(write)
        assert proc.stderr == "", proc.stderr
        if args[0] == "course":  # (argparse's --help already drops a write error, and exits 0)
            assert proc.returncode == 1, args  # as a shell tool: the output did not all arrive
