"""The README's commands, its per-notebook Binder links and CI stay in step."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def readme_links():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("readme_links", ROOT / "scripts" / "readme_links.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def command(label: str) -> str:
    """The command given on the README line that starts with ``label``."""
    m = re.search(rf"^{re.escape(label)}: `([^`]+)`$", README, re.M)
    assert m, f"README has no line '{label}: `...`'"
    return m.group(1)


def test_two_commands_come_first() -> None:
    paragraphs = [p for p in README.split("\n\n") if p.strip()]
    assert paragraphs[0].startswith("# buraco_learn")
    assert paragraphs[2] == f"Open the notebooks: `{command('Open the notebooks')}`"
    assert paragraphs[3] == f"Run every test: `{command('Run every test')}`"
    for label in ("Open the notebooks", "Run every test"):
        script = command(label).split()[-1]
        assert (ROOT / script).is_file(), script


def test_ci_runs_exactly_the_readme_test_command() -> None:
    test_cmd = command("Run every test")
    ci = [ln.strip() for ln in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert ci[-1] == test_cmd
    assert "set -euo pipefail" in ci
    workflow = (ROOT / ".github" / "workflows" / "ci.yml").read_text()
    assert re.search(rf"run: {re.escape(test_cmd)}$", workflow, re.M)


def test_readme_lists_every_notebook_with_a_binder_link() -> None:
    links = readme_links()
    for nb in sorted((ROOT / "notebooks").glob("*.ipynb")):
        assert f"({links.file_url(nb.name)})" in README, nb.name
        assert f"({links.launch_url(nb.name)})" in README, nb.name
    assert links.render(README) == README, "run: python scripts/readme_links.py"


def test_readme_links_block_follows_the_notebooks(tmp_path: Path) -> None:
    links = readme_links()
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "notebooks" / "02_melds.ipynb").write_text(
        '{"cells": [{"cell_type": "markdown", "metadata": {}, "source": ["# Melds\\n"]}],'
        ' "metadata": {}, "nbformat": 4, "nbformat_minor": 5}'
    )
    text = links.render(README, root=tmp_path)
    assert f"- [Melds]({links.file_url('02_melds.ipynb')})" in text
    assert links.launch_url("02_melds.ipynb") in text
    assert "_No notebooks yet._" not in text
    assert links.render(text, root=tmp_path) == text


def test_every_link_and_image_is_absolute() -> None:
    """The README is also the package's page on a package index, where relative links and
    images break: every one is an absolute https URL."""
    targets = re.findall(r"\]\(([^)\s]+)\)", README) + re.findall(r'src="([^"]+)"', README)
    assert targets
    relative = [t for t in targets if not t.startswith("https://")]
    assert not relative, relative
    image = re.search(r"!\[[^\]]*\]\((https://raw\.githubusercontent\.com/buraco-learn/buraco_learn/main/([^)]+))\)",
                      README)  # fmt: skip
    assert image and (ROOT / image.group(2)).is_file(), image


def test_repository_links_name_files_that_exist() -> None:
    blob = "https://github.com/buraco-learn/buraco_learn/blob/main/"
    for path in re.findall(rf"\]\({re.escape(blob)}([^)#\s]+)\)", README):
        assert (ROOT / path).exists(), path
    binder = "https://mybinder.org/v2/gh/buraco-learn/buraco_learn/main?urlpath=lab/tree/"
    for path in re.findall(rf"\]\({re.escape(binder)}([^)#\s]+)\)", README):
        assert (ROOT / path).exists(), path


GIT_INSTALL = 'pip install "buraco_learn[lab] @ git+https://github.com/buraco-learn/buraco_learn"'


def test_readme_says_nothing_is_on_pypi_yet_and_gives_routes_that_work() -> None:
    """``pip install "buraco_learn[lab]"`` finds nothing until a release: the README says so, and
    gives the routes that work today (git+, a clone, a wheel built by one command)."""
    pip = README[README.index("### With pip"):README.index("## What this is")]
    assert "Nothing is published on PyPI yet" in pip
    assert f"```bash\n{GIT_INSTALL}\n" in pip  # the first command shown
    assert 'pip install ".[lab]"' in pip
    assert "`python -m pip wheel --no-deps --wheel-dir dist .`" in pip
    release = pip[pip.index("After a release (not made yet)"):]
    assert 'pip install "buraco_learn[lab]"' in release and ".github/workflows/release.yml" in release
    workflow = (ROOT / ".github" / "workflows" / "release.yml").read_text()
    assert re.search(r"tags: \[\"v\*\"\]", workflow) and "twine check" in workflow
    # Before the first release no page tells a user to pip install the unpublished name alone.
    for line in README.splitlines():
        if re.search(r'pip install "buraco_learn\[\w+\]"', line):
            assert "release" in line, line


def test_the_package_gives_the_same_install_words_everywhere() -> None:
    """The JupyterLite notice, the command line and the README: the same route that works today."""
    from buraco_learn import cli

    notice = (ROOT / "lite" / "runtime-check.js").read_text()
    assert GIT_INSTALL.replace('"', '\\"') in notice, "lite/runtime-check.js"
    assert "nothing is on PyPI yet" in notice
    import tomllib

    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    # What the command line tells a user to add is exactly what the extras add, from PyPI.
    assert cli.LAB_INSTALL == f'pip install "{extras["lab"][0]}"'
    assert cli.APP_INSTALL == f'pip install "{extras["app"][0]}"'
    assert cli.LAB_INSTALL in README


def test_readme_gives_the_pip_path_the_quick_subset_and_the_times() -> None:
    assert "buraco-learn lab" in README and "buraco-learn course [DIR]" in README
    quick = 'bash scripts/test.sh -m "not slow and not browser"'
    assert quick in README
    import tomllib

    markers = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]["markers"]
    assert {m.split(":")[0] for m in markers} >= {"slow", "browser"}
    assert "go to JupyterLab" in README and "go to pytest" in README
    # Times as measured ranges, a quiet and a busy machine: "3–6 minutes"; no figure left to measure.
    assert "TODO" not in README
    span = r"(\d+–\d+)"
    assert re.search(rf"The first time, with nothing in pip's cache, that takes {span} minutes", README)
    assert re.search(rf"tests in {span} \(quiet machine\) to {span} \(busy\) minutes on two cores", README)
    assert re.search(rf"the first time {span} minutes more for the test extras", README)
    assert re.search(rf"about [\d,]+ tests in {span} minutes \(about \d+ on a quiet machine; no browser", README)


def test_binder_has_a_learner_link_and_a_teacher_link() -> None:
    base = "https://mybinder.org/v2/gh/buraco-learn/buraco_learn/main?urlpath=lab/tree/"
    assert f"({base}notebooks/00-Index.ipynb)" in README
    assert f"({base}notebooks/solutions/00-Index.ipynb)" in README
    assert '"solutions"' in (ROOT / "binder" / "jupyter_server_config.json").read_text()


def test_ci_tests_the_newest_python_first_then_runs_the_readme_command() -> None:
    """``.ci/run`` runs the quick tests on the newest Python the package declares (the one most
    likely to break), then the README's command; the workflow runs every declared version."""
    ci = [ln.strip() for ln in (ROOT / ".ci" / "run").read_text().splitlines()]
    quick = [i for i, ln in enumerate(ci) if ln.endswith("bash scripts/test_pythons.sh")]
    assert len(quick) == 1 and quick[0] < len(ci) - 1
    declared = re.findall(r"Programming Language :: Python :: (3\.\d+)", (ROOT / "pyproject.toml").read_text())
    newest = max(declared, key=lambda v: tuple(map(int, v.split("."))))
    assert f'VERSIONS="${{CI_PYTHONS:-{newest}}}"' in ci[quick[0]]
    workflow = (ROOT / ".github" / "workflows" / "ci.yml").read_text()
    for v in declared:
        assert v == "3.11" or f'"{v}"' in workflow, f"the workflow runs no job on Python {v}"


def test_class_report_is_described_as_the_folder_it_writes() -> None:
    """``class-report --out report`` writes a folder (a page to open and a table for a
    spreadsheet): the README says so with the paths a teacher will find."""
    import contextlib
    import io

    from buraco_learn.cli import main

    m = re.search(r"`buraco-learn class-report results/\*\.json --out (\w+)`", README)
    assert m, "README: the class-report command"
    out = m.group(1)
    said = README[m.end():m.end() + 400]
    assert f"the folder `{out}/`" in said
    assert f"`{out}/report.html`" in said and f"`{out}/report.csv`" in said
    # and the command's own help says the same
    helped = io.StringIO()
    with contextlib.redirect_stdout(helped), contextlib.suppress(SystemExit):
        main(["class-report", "--help"])
    assert "DIR/report.html and DIR/report.csv" in " ".join(helped.getvalue().split())
