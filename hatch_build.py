"""Hatch build hook: the wheel carries the built course, ``notebooks/**/*.ipynb`` as
``buraco_learn/_notebooks/...`` (for ``buraco-learn course``), whatever notebooks there are
when the wheel is built, and nothing else of that folder (no ``.ipynb_checkpoints``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CourseNotebooks(BuildHookInterface):  # type: ignore[misc]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return  # an editable install reads the checkout's notebooks/ directly
        notebooks = Path(self.root) / "notebooks"
        for path in sorted(notebooks.rglob("*.ipynb")):
            rel = path.relative_to(notebooks)
            if any(part.startswith(".") for part in rel.parts):
                continue
            build_data["force_include"][str(path)] = f"buraco_learn/_notebooks/{rel.as_posix()}"
