"""Test configuration shared by every test module: make ``tests/helpers.py`` importable."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))


def pytest_collection_modifyitems(config: "pytest.Config", items: "list[pytest.Item]") -> None:
    """Under pytest-xdist with ``--dist loadgroup`` (scripts/test.sh), keep together on one
    worker what shares one costly thing: the cells of one notebook (nbval runs them in one
    kernel, in order), the browser tests (one JupyterLab server, one Chromium) and each group
    of distribution checks (a session's wheel, venvs and JupyterLite site). The rest is spread
    test by test."""
    import pytest

    for item in items:
        path = Path(str(item.fspath)).resolve()
        if path.suffix == ".ipynb":
            group = f"notebook:{path.parent.name}/{path.name}"
        elif "browser" in path.parts and path.parent.name == "browser":
            group = "browser"
        elif path.name == "test_distribution.py":
            fixtures = set(getattr(item, "fixturenames", ()))
            group = ("distribution:binder" if fixtures & {"binder_venv"} or "binder" in item.name
                     else "distribution:lite" if "lite" in item.name
                     else "distribution:wheel")
        else:
            continue
        item.add_marker(pytest.mark.xdist_group(group))
