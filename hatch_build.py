"""Hatch build hook: the wheel carries the built course, ``notebooks/**/*.ipynb`` and the pages
they link to (``notebooks/**/*.html``, the printable cheat sheet) as ``buraco_learn/_notebooks/...``
(for ``buraco-learn course``), whatever notebooks there are when the wheel is built, and nothing
else of that folder (no ``.ipynb_checkpoints``).

``BURACO_LEARN_WHEEL_SOLUTIONS=0`` in the environment leaves the worked solutions (every
``solutions/`` folder) out: the wheel of the learners' JupyterLite site (scripts/build_lite.sh)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CourseNotebooks(BuildHookInterface):  # type: ignore[misc]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return  # an editable install reads the checkout's notebooks/ directly
        notebooks = Path(self.root) / "notebooks"
        solutions = os.environ.get("BURACO_LEARN_WHEEL_SOLUTIONS", "1") != "0"
        for path in sorted([*notebooks.rglob("*.ipynb"), *notebooks.rglob("*.html")]):
            rel = path.relative_to(notebooks)
            if any(part.startswith(".") for part in rel.parts):
                continue
            if not solutions and "solutions" in rel.parts:
                continue
            build_data["force_include"][str(path)] = f"buraco_learn/_notebooks/{rel.as_posix()}"
