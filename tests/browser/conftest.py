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

Two options check that the tests hold on a busy machine (both off by default; the same as
environment variables, for ``scripts/test.sh``)::

    pytest tests/browser --browser-load 2        # BURACO_BROWSER_LOAD=2: two busy processes beside
    pytest tests/browser --paint-delay 1500      # BURACO_PAINT_DELAY_MS=1500: every canvas frame painted 1.5 s late

``--browser-load N`` starts N processes that spin (``while True: pass``, one a core is the
classroom case) for the whole session and stops them at its end. ``--paint-delay MS`` makes the
browser paint every canvas frame MS milliseconds late (see ``lab_harness.watch_page``): a test
that reads a canvas before its redraw then fails every time, not once in a while.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from lab_harness import (  # noqa: E402
    REPO_ROOT,
    AppServer,
    JupyterLabServer,
    LabPage,
    launch_chromium,
    require_chromium,
)

# The fixture notebooks are driven in the browser by the tests; nbval must not
# collect them when the test command passes --nbval-lax.
collect_ignore_glob = ["fixtures/*"]


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("browser", "browser tests (tests/browser)")
    group.addoption("--browser-load", type=int, default=None, metavar="N",
                    help="run N busy processes beside the browser tests (default $BURACO_BROWSER_LOAD or 0)")
    group.addoption("--paint-delay", type=int, default=None, metavar="MS",
                    help="paint every canvas frame MS ms late in the browser (default $BURACO_PAINT_DELAY_MS or 0)")


def pytest_configure(config: pytest.Config) -> None:
    delay = config.getoption("--paint-delay", default=None)
    if delay is not None:
        os.environ["BURACO_PAINT_DELAY_MS"] = str(max(0, int(delay)))


def _load_count(config: pytest.Config) -> int:
    n = config.getoption("--browser-load", default=None)
    if n is None:
        raw = os.environ.get("BURACO_BROWSER_LOAD", "0") or "0"
        if not raw.isdigit():
            raise pytest.UsageError(f"BURACO_BROWSER_LOAD must be a number of busy processes, not {raw[:20]!r}")
        n = int(raw)
    return max(0, int(n))


@pytest.fixture(scope="session", autouse=True)
def busy_load(request: pytest.FixtureRequest) -> Iterator[int]:
    """The artificial load of a ``--browser-load N`` run: N spinning processes, stopped at the end."""
    n = _load_count(request.config)
    procs = [subprocess.Popen([sys.executable, "-c", "while True: pass"], stdin=subprocess.DEVNULL)
             for _ in range(n)]
    if n:
        print(f"\nbrowser tests under load: {n} busy processes (pids {', '.join(str(p.pid) for p in procs)})")
    try:
        yield n
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=10)


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


@pytest.fixture
def app(request: pytest.FixtureRequest) -> Iterator[AppServer]:
    """A ``buraco-learn app`` server for the page named by the test's parameter (``indirect=True``)."""
    server = AppServer(request.param)
    server.start()
    yield server
    server.stop()
