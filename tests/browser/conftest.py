"""Fixtures for browser tests: one JupyterLab server and one Chromium per session.

Every test under ``tests/browser/`` is marked ``browser`` automatically (mark your
module with ``pytestmark = pytest.mark.browser`` as well, for readers). Fixtures:

* ``lab_server`` (session): a :class:`lab_harness.JupyterLabServer` whose root is the
  repository root, so notebook paths look like ``notebooks/01_x.ipynb``.
* ``browser`` (session): Debian Chromium launched headless through Playwright. If
  ``/usr/bin/chromium`` is missing the tests FAIL with the install command.
* ``lab`` (function): a fresh browser context + page wrapped in
  :class:`lab_harness.LabPage`. On a failing test a screenshot is saved as
  ``tests/browser/screenshots/FAILED-<test name>.png``.

Helpers are importable in test modules as ``from lab_harness import ...``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from lab_harness import (  # noqa: E402
    REPO_ROOT,
    JupyterLabServer,
    LabPage,
    launch_chromium,
    require_chromium,
)

# The fixture notebooks are driven in the browser by the tests; nbval must not
# collect them when the test command passes --nbval-lax.
collect_ignore_glob = ["fixtures/*"]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: Any) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    if report.when == "call" and report.failed:
        lab = item.funcargs.get("lab") if hasattr(item, "funcargs") else None
        if isinstance(lab, LabPage):
            try:
                lab.screenshot(f"FAILED-{item.name}")
            except Exception:  # the page may be gone; the failure says enough
                pass


@pytest.fixture(scope="session")
def chromium_path() -> str:
    return require_chromium()


@pytest.fixture(scope="session")
def lab_server() -> Iterator[JupyterLabServer]:
    server = JupyterLabServer(root_dir=REPO_ROOT)
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(chromium_path: str, playwright_instance: Any) -> Iterator[Any]:
    b = launch_chromium(playwright_instance, chromium_path)
    yield b
    b.close()


@pytest.fixture
def lab(browser: Any, lab_server: JupyterLabServer) -> Iterator[LabPage]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(60_000)
    yield LabPage(page=page, server=lab_server)
    context.close()
