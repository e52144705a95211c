"""The JupyterLite site (scripts/build_lite.sh) loads in headless Chromium.

Pyodide, which runs the notebooks in the browser, comes from a CDN that these
machines cannot reach: here the static site is checked (every file it asks for is
found, and a notebook gets the Pyodide kernel without a kernel dialog), and the
notice that tells a teacher when Python cannot be loaded: shown with the network
blocked, not shown when the runtime answers.
"""

from __future__ import annotations

import functools
import http.server
import re
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Iterator

import pytest

from lab_harness import REPO_ROOT, SCREENSHOT_DIR

pytestmark = pytest.mark.browser

# A python3 kernelspec and no language_info: the case in which JupyterLite asks
# which kernel to start unless lite/overrides.json makes it start its own.
PROBE = REPO_ROOT / "tests" / "browser" / "fixtures" / "no_language_info.ipynb"


@pytest.fixture(scope="module")
def lite_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    site = tmp_path_factory.mktemp("lite") / "site"
    proc = subprocess.run(
        ["bash", str(REPO_ROOT / "scripts" / "build_lite.sh"), str(site), "--contents", str(PROBE)],
        capture_output=True, text=True, timeout=900, stdin=subprocess.DEVNULL,
        env={**__import__("os").environ, "PYTHON": sys.executable},
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

    class Server(http.server.ThreadingHTTPServer):
        daemon_threads = True  # keep-alive connections must not hold up teardown
        block_on_close = False

    server = Server(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def test_lite_site_opens_a_notebook_with_its_own_kernel(browser: Any, lite_url: str) -> None:
    local_failures: list[str] = []
    page_errors: list[str] = []
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.on("pageerror", lambda e: page_errors.append(str(e)))

        def on_response(r: Any) -> None:
            # /favicon.ico is the browser's own guess, not a file the site names.
            if r.url.startswith(lite_url) and r.status >= 400 and not r.url.endswith("/favicon.ico"):
                local_failures.append(f"{r.status} {r.url}")

        page.on("response", on_response)
        page.on("requestfailed", lambda r: local_failures.append(f"failed {r.url}")
                if r.url.startswith(lite_url) else None)  # fmt: skip

        page.goto(f"{lite_url}index.html")  # the site's front door redirects to lab/
        page.wait_for_url(re.compile(r"/lab/"), timeout=30_000)
        listing = page.locator(".jp-DirListing-content")
        listing.wait_for(timeout=60_000)
        page.get_by_text(PROBE.name).first.wait_for(timeout=30_000)

        page.goto(f"{lite_url}lab/index.html?path={PROBE.name}")
        panel = page.locator(".jp-NotebookPanel:visible").first
        panel.locator(".jp-Cell").first.wait_for(timeout=60_000)
        kernel_name = panel.locator(".jp-KernelName, .jp-Toolbar-kernelName").first
        try:
            page.wait_for_function(
                "el => el.textContent.includes('Pyodide')",
                arg=kernel_name.element_handle(),
                timeout=30_000,
            )
        except Exception:
            pytest.fail(
                f"no Pyodide kernel after 30 s; kernel {kernel_name.inner_text()!r}, "
                f"dialogs {page.locator('.jp-Dialog').all_inner_texts()}",
                pytrace=False,
            )
        time.sleep(1)  # a kernel dialog would be up by now
        dialogs = page.locator(".jp-Dialog").all_inner_texts()
        SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOT_DIR / "lite-notebook.png"))
    finally:
        context.close()
    assert not dialogs, dialogs
    assert not local_failures, local_failures
    # Only the unreachable Pyodide CDN may fail; nothing of the site itself.
    unexpected = [e for e in page_errors if "/pyodide/" not in e]
    assert not unexpected, unexpected


def open_probe(browser: Any, lite_url: str, pyodide: str) -> tuple[Any, Any]:
    """A page on the probe notebook, with every request off the site blocked, except
    the Pyodide runtime when ``pyodide`` is "answers" (a stub stands in for it)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})

    def route(r: Any) -> None:
        url = r.request.url
        if url.startswith(lite_url):
            r.continue_()
        elif pyodide == "answers" and "/pyodide/" in url:
            r.fulfill(status=200, content_type="text/javascript", body="export {};")
        else:
            r.abort("internetdisconnected")

    context.route("**/*", route)
    page = context.new_page()
    page.goto(f"{lite_url}lab/index.html?path={PROBE.name}")
    page.locator(".jp-NotebookPanel:visible .jp-Cell").first.wait_for(timeout=60_000)
    return context, page


NOTICE = "#buraco-runtime-notice"
#: JupyterLab's menu bar, the notebook's tab and its toolbar (the first button of it).
SHELL_PARTS = ("#jp-menu-panel .lm-MenuBar-item",
               ".lm-DockPanel-tabBar .lm-TabBar-tab.lm-mod-current",
               ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-NotebookPanel-toolbar .jp-ToolbarButton")
#: Whether the element the selector names is the one on top at its own centre (not covered).
ON_TOP = """sel => { const el = document.querySelector(sel); if (!el) return 'missing';
    const r = el.getBoundingClientRect(); if (!r.width || !r.height) return 'no size';
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!top && (el === top || el.contains(top)); }"""
WHERE = """sel => { const el = document.querySelector(sel); if (!el) return null;
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return [r.top, r.height, top && (top.id || top.className)]; }"""


def test_lite_site_says_in_words_when_python_cannot_be_loaded(browser: Any, lite_url: str) -> None:
    context, page = open_probe(browser, lite_url, pyodide="blocked")
    try:
        notice = page.locator(NOTICE)
        notice.wait_for(timeout=40_000)
        text = notice.inner_text()
        # What failed, where from, and what to do: network, filter, another browser, Python.
        for words in ("Python could not start", "could not be downloaded", "cdn.jsdelivr.net",
                      "stays at [*]", "online", "allowed", "another browser", "buraco-learn lab"):
            assert words in text, (words, text)
        assert "git+https://github.com/buraco-learn/buraco_learn" in text  # a route that works today
        assert notice.get_attribute("role") == "alert"
        box = notice.bounding_box()
        assert box and box["y"] <= 1 and box["width"] >= 1000  # across the top of the page
        # It hides nothing: JupyterLab's menu bar, the notebook's tab and its toolbar are pushed
        # below the bar, and each is what the page shows (and a click reaches) at its centre.
        bottom = box["y"] + box["height"]
        page.wait_for_function(f"document.querySelector('#jp-top-panel').getBoundingClientRect().top >= {bottom - 1}",
                               timeout=10_000)  # fmt: skip
        for part in SHELL_PARTS:
            assert page.evaluate(ON_TOP, part) is True, (part, page.evaluate(WHERE, part), box)
        SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)  # the page as a learner sees it: pushed down
        page.screenshot(path=str(SCREENSHOT_DIR / "lite-runtime-blocked.png"))
        page.get_by_role("button", name="Close this notice").click()
        assert page.locator(NOTICE).count() == 0
        # Closed: JupyterLab has the whole page again.
        page.wait_for_function("document.querySelector('#jp-top-panel').getBoundingClientRect().top <= 1",
                               timeout=10_000)  # fmt: skip
        for part in SHELL_PARTS:
            assert page.evaluate(ON_TOP, part) is True, (part, page.evaluate(WHERE, part))
    finally:
        context.close()


def test_lite_site_shows_no_notice_when_the_runtime_answers(browser: Any, lite_url: str) -> None:
    context, page = open_probe(browser, lite_url, pyodide="answers")
    try:
        assert page.evaluate("window.buracoRuntimeCheck") == "ok"
        assert page.locator(NOTICE).count() == 0
    finally:
        context.close()
