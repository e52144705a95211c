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
        assert f"(notebooks/{nb.name})" in README, nb.name
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
    assert "- [Melds](notebooks/02_melds.ipynb)" in text
    assert links.launch_url("02_melds.ipynb") in text
    assert "_No notebooks yet._" not in text
    assert links.render(text, root=tmp_path) == text
