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


def test_readme_gives_the_pip_path_the_quick_subset_and_the_times() -> None:
    assert 'pip install "buraco_learn[lab]"' in README
    assert "buraco-learn lab" in README and "buraco-learn course [DIR]" in README
    quick = 'bash scripts/test.sh -m "not slow and not browser"'
    assert quick in README
    import tomllib

    markers = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]["markers"]
    assert {m.split(":")[0] for m in markers} >= {"slow", "browser"}
    assert "go to JupyterLab" in README and "go to pytest" in README
    assert re.search(r"about \d+(–\d+)? minutes? the first time", README)
    assert re.search(r"tests in about \d+ minutes on two cores", README)
    assert re.search(r"about [\d,]+ tests in \d+(–\d+)? minutes \(no browser", README)  # the quick subset


def test_binder_has_a_learner_link_and_a_teacher_link() -> None:
    base = "https://mybinder.org/v2/gh/buraco-learn/buraco_learn/main?urlpath=lab/tree/"
    assert f"({base}notebooks/00-Index.ipynb)" in README
    assert f"({base}notebooks/solutions/00-Index.ipynb)" in README
    assert '"solutions"' in (ROOT / "binder" / "jupyter_server_config.json").read_text()


def test_ci_tests_the_other_python_versions_first() -> None:
    ci = [ln.strip() for ln in (ROOT / ".ci" / "run").read_text().splitlines()]
    assert "bash scripts/test_pythons.sh" in ci
    assert ci.index("bash scripts/test_pythons.sh") < len(ci) - 1
