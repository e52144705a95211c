"""Settings for every pytest run in the repository, the notebooks' included (``pytest --nbval
notebooks/...`` loads this file too, not tests/conftest.py)."""

from __future__ import annotations

import os

import pytest

# No test run records a learner's progress: the kernels nbval and nbclient start inherit this,
# so no .buraco_progress.json appears beside the notebooks and the index's stored progress view
# ("no progress recorded yet") compares equal at every run.
os.environ["BURACO_PROGRESS"] = "0"


def xdist_group(nodeid: str) -> str:
    """The unit of work a test belongs to under ``--dist loadgroup`` (scripts/test.sh), here so that a run naming only notebooks groups them too: what
    shares one costly thing stays on one worker. The cells of one notebook (nbval runs them in
    one kernel, in order), the browser tests (one JupyterLab server, one Chromium), each group
    of distribution checks (a session's wheel, venvs or JupyterLite site); any other test is
    its own unit.

    >>> xdist_group("notebooks/03-Melding.ipynb::Cell 4")
    'notebooks/03-Melding.ipynb'
    >>> xdist_group("tests/browser/test_smoke.py::test_canvas_click_reaches_kernel")
    'browser'
    >>> xdist_group("tests/test_distribution.py::test_binder_env_runs_every_learner_notebook")
    'distribution:binder'
    >>> xdist_group("tests/test_melds.py::test_run[3]")
    'tests/test_melds.py::test_run[3]'
    """
    path, _, name = nodeid.partition("::")
    if path.endswith(".ipynb"):
        return path
    if path.startswith("tests/browser/"):
        return "browser"
    if path == "tests/test_distribution.py":
        return next((f"distribution:{g}" for g in ("binder", "lite") if g in name), "distribution:wheel")
    return nodeid


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
    """``--dist loadgroup`` groups by :func:`xdist_group` (xdist's own ``xdist_group`` marks do
    not reach the scheduler under pytest 9, whose items keep their node id elsewhere)."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class GroupScheduling(LoadScopeScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            return xdist_group(nodeid)

    return GroupScheduling(config, log)
