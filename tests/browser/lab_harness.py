"""A small Playwright harness for driving JupyterLab in Debian's headless Chromium.

Everything here follows the checked recipe of the project (JupyterLab 4.6, Python
Playwright, ``/usr/bin/chromium``); no Node, no Xvfb, no ``playwright install``.

Typical use in a test (the fixtures in ``tests/browser/conftest.py`` do the setup)::

    pytestmark = pytest.mark.browser

    def test_something(lab):                      # lab is a LabPage
        lab.open_notebook("tests/browser/fixtures/canvas_click.ipynb")
        lab.run_all()                             # waits for every cell
        lab.click_canvas(40, 30)                  # canvas coordinates
        assert lab.wait_for_value("clicks", lambda v: v == [[40, 30]])
        lab.screenshot("after-click")             # tests/browser/screenshots/

Building blocks, usable on their own:

* :class:`JupyterLabServer` starts ``python -m jupyterlab`` (this interpreter) on a
  free loopback port, with a random token and throw-away config/runtime/settings/
  workspaces/IPython folders, the news pop-up disabled and
  ``--expose-app-in-browser`` (so ``window.jupyterapp`` exists).
* :func:`launch_chromium` starts ``/usr/bin/chromium`` headless with the flags this
  machine needs; :func:`require_chromium` fails (never skips) when it is missing.
* :class:`LabPage` wraps a Playwright ``Page`` on that server: open a notebook,
  wait for the kernel, run all cells, execute Python in the notebook's kernel and
  read values back, click a canvas, wait for a redraw or a text, take screenshots.
* :func:`watch_page` makes a new page record, before any of its own code runs, which redraw
  of its widget every ``<canvas>`` shows (:func:`canvas_frame`, :func:`wait_for_frame`) and
  every address it asks for (:func:`outside_requests`).

Waiting: never read a canvas, a text or a count right after a click, and never after a fixed
pause. Wait for the state the test asserts, with :func:`wait_until` (or
:func:`wait_for_text`, :func:`wait_for_frame`, :meth:`LabPage.wait_for_value`,
:meth:`LabPage.wait_for_redraw`): they poll for up to :data:`WAIT` seconds and fail saying what
was awaited and what was seen last. A busy machine (a classroom server, CI) paints late.

Paths given to :class:`LabPage` are relative to the server's root directory, which
the fixtures set to the repository root (so ``notebooks/01_cards.ipynb`` works).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

REPO_ROOT = Path(__file__).resolve().parents[2]
SCREENSHOT_DIR = Path(__file__).resolve().parent / "screenshots"
CHROMIUM_PATH = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]

#: How long a wait lasts before it fails, in seconds: generous, for a busy machine.
WAIT = 60.0

#: Selector of the notebook panel that is on screen (a restored, hidden tab of an
#: earlier test may still exist on the same server).
VISIBLE_NOTEBOOK = ".jp-NotebookPanel:visible"


def find_free_port() -> int:
    """Return a TCP port on 127.0.0.1 that was free a moment ago (bind to port 0)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def require_chromium(path: str = CHROMIUM_PATH) -> str:
    """Return ``path`` if Chromium is there, else fail the test with a clear message.

    Browser tests must not be skipped: CI installs Chromium (``apt-get install -y
    chromium``), so a missing binary is a broken environment, not an optional extra.
    """
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        import pytest

        pytest.fail(
            f"{path} is missing: browser tests need Debian's Chromium. Install it with "
            "`apt-get update && apt-get install -y chromium` (scripts/test.sh does this "
            "when run as root). Never run `playwright install`.",
            pytrace=False,
        )
    return path


def launch_chromium(playwright: Any, path: str = CHROMIUM_PATH) -> Any:
    """Launch Debian's Chromium headless through Playwright and return the Browser."""
    require_chromium(path)
    return playwright.chromium.launch(
        executable_path=path, headless=True, args=list(CHROMIUM_ARGS)
    )


# -- what the page does: canvas frames and the addresses it asks ----------------------------

#: Page code run before the page's own (``context.add_init_script``). The table widget ends
#: each redraw with an invisible marker text, ``buraco-frame:N`` (see
#: ``buraco_learn.widgets.common.mark_frame``), drawn on ipycanvas's hidden canvas of the widget;
#: the widget's ``<canvas>`` on the page is then painted from that hidden canvas. This records,
#: on the page's canvas, the number of the redraw it shows (``data-frame``) and how many times it
#: was painted (``data-paints``). ``PAINT_DELAY`` (ms, 0 = none) paints every frame that much
#: later, as a slow machine would: a test that reads a canvas too early then fails every time.
_FRAME_RECORDER_JS = """(() => {
  const MARK = 'buraco-frame:';
  const PAINT_DELAY = %d;
  const P = CanvasRenderingContext2D.prototype;
  const fillText = P.fillText, drawImage = P.drawImage, clearRect = P.clearRect;
  P.fillText = function (text, ...rest) {
    if (typeof text === 'string' && text.startsWith(MARK)) {
      this.canvas.__buracoFrame = Number(text.slice(MARK.length));
      return;
    }
    return fillText.call(this, text, ...rest);
  };
  const painted = (target, frame) => {
    target.dataset.paints = String(Number(target.dataset.paints || 0) + 1);
    if (frame !== undefined) { target.__buracoFrame = frame; target.dataset.frame = String(frame); }
  };
  if (PAINT_DELAY > 0) {  // a canvas on the page is cleared just before it is painted: late too, in order
    P.clearRect = function (...args) {
      if (!this.canvas.isConnected) return clearRect.apply(this, args);
      setTimeout(() => clearRect.apply(this, args), PAINT_DELAY);
    };
  }
  P.drawImage = function (source, ...rest) {
    if (!(source instanceof HTMLCanvasElement) || source === this.canvas) return drawImage.call(this, source, ...rest);
    const frame = source.__buracoFrame;
    if (PAINT_DELAY > 0) {
      const copy = document.createElement('canvas');
      copy.width = source.width; copy.height = source.height;
      drawImage.call(copy.getContext('2d'), source, 0, 0);
      setTimeout(() => { drawImage.call(this, copy, ...rest); painted(this.canvas, frame); }, PAINT_DELAY);
      return;
    }
    const out = drawImage.call(this, source, ...rest);
    painted(this.canvas, frame);
    return out;
  };
})();"""


def paint_delay_ms() -> int:
    """The artificial paint delay of the browser tests, from ``$BURACO_PAINT_DELAY_MS`` (0 by
    default; ``--paint-delay MS`` of ``tests/browser/conftest.py`` sets it)."""
    try:
        return max(0, int(os.environ.get("BURACO_PAINT_DELAY_MS", "0") or 0))
    except ValueError:
        raise ValueError(f"BURACO_PAINT_DELAY_MS must be a whole number of milliseconds, not "
                         f"{os.environ['BURACO_PAINT_DELAY_MS'][:20]!r}") from None


def watch_page(page: Any) -> list[str]:
    """Make ``page`` record its canvases' frames (call before it opens anything: the recorder is
    installed for every document it loads), and return the list that collects the address of
    every request it makes, in order."""
    page.add_init_script(_FRAME_RECORDER_JS % paint_delay_ms())
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    return requests


_LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]"}


def outside_requests(urls: list[str]) -> list[str]:
    """The addresses in ``urls`` that leave this machine: anything but ``data:``, ``blob:``,
    ``about:`` and http(s)/ws(s) to 127.0.0.1 or localhost. Each listed once, in order.

    >>> outside_requests(["http://127.0.0.1:8888/lab", "data:,x", "ws://localhost:1/api",
    ...                   "https://cdn.jsdelivr.net/npm/a.css", "https://cdn.jsdelivr.net/npm/a.css"])
    ['https://cdn.jsdelivr.net/npm/a.css']
    """
    out: list[str] = []
    for url in urls:
        parts = urllib.parse.urlsplit(url)
        if parts.scheme in ("data", "blob", "about"):
            continue
        if parts.scheme in ("http", "https", "ws", "wss") and parts.hostname in _LOCAL_HOSTS:
            continue
        if url not in out:
            out.append(url)
    return out


def wait_until(probe: Callable[[], Any], ok: Callable[[Any], bool], what: str,
               timeout: float = WAIT, interval: float = 0.2) -> Any:
    """Call ``probe()`` until ``ok(value)`` holds; return that value. After ``timeout`` seconds
    fail with ``AssertionError``: ``what`` was awaited, and the last value seen. A probe that
    raises (an element not there yet) counts as not yet."""
    deadline = time.monotonic() + timeout
    last: Any = "(nothing: the probe failed every time)"
    while True:
        try:
            value = probe()
        except AssertionError:
            raise
        except Exception as exc:  # an element not attached yet, a page busy navigating
            last = f"(the probe failed: {str(exc).splitlines()[0][:200]})"
        else:
            if ok(value):
                return value
            last = value
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout:.0f} s for {what}; last seen: {str(last)[:600]!r}")
        time.sleep(interval)


def squeeze(text: str) -> str:
    """``text`` with every run of white space (the page's line breaks, non-breaking spaces) as one space."""
    return " ".join(text.replace("\xa0", " ").split())


def wait_for_text(locator: Any, ok: Callable[[str], bool], what: str, timeout: float = WAIT) -> str:
    """Wait until the text of ``locator`` (white space squeezed, see :func:`squeeze`) satisfies
    ``ok``; return it. ``locator`` is looked up again at every poll (a widget's new value
    replaces its element)."""
    return str(wait_until(lambda: squeeze(locator.inner_text(timeout=2_000)), ok, what, timeout))


def canvas_frame(canvas: Any) -> int:
    """The number of the widget redraw the page's ``canvas`` shows, -1 before the first (see
    :func:`watch_page`)."""
    return int(canvas.evaluate("c => c.dataset.frame === undefined ? -1 : Number(c.dataset.frame)",
                               timeout=2_000))


def wait_for_frame(canvas: Any, at_least: int, what: str, timeout: float = WAIT) -> int:
    """Wait until ``canvas`` shows redraw ``at_least`` of its widget or a later one; return the
    number it shows. ``what`` says which redraw it is, for the error."""
    return int(wait_until(lambda: canvas_frame(canvas), lambda n: n >= at_least,
                          f"the canvas to show {what} (redraw {at_least})", timeout))


class _ServerProcess:
    """A server started as a child process with its own temporary folder and log: started and
    waited for (:meth:`_launch`), its log's tail, and stopped (terminated, then killed after
    10 s) with the folder removed."""

    def __init__(self, prefix: str, log_name: str, start_timeout: float) -> None:
        self.start_timeout = start_timeout
        self.port = find_free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self._tmp = Path(tempfile.mkdtemp(prefix=prefix))
        self.log_path = self._tmp / log_name

    def _launch(self, cmd: list[str], env: dict[str, str], cwd: Path, is_up: Callable[[], bool],
                what: str, probe: str) -> float:
        """Start ``cmd`` and wait until ``is_up()``; the seconds it took. ``what`` names the
        server and ``probe`` the address asked, in the errors."""
        t0 = time.monotonic()
        log = open(self.log_path, "wb")
        self.proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, cwd=cwd)
        log.close()
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"{what} exited early:\n{self.log_tail()}")
            try:
                if is_up():
                    break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            if time.monotonic() - t0 > self.start_timeout:
                self.stop()
                raise RuntimeError(f"{what} did not answer {probe} within {self.start_timeout}s:\n"
                                   f"{self.log_tail()}")
            time.sleep(0.25)
        return time.monotonic() - t0

    def log_tail(self, chars: int = 4000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-chars:]
        except OSError:
            return "(no log)"

    def stop(self) -> None:
        """Terminate the server (then kill it after 10 s) and remove its temp folders."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        self.proc = None
        shutil.rmtree(self._tmp, ignore_errors=True)

    def __exit__(self, *exc: object) -> None:
        self.stop()


class JupyterLabServer(_ServerProcess):
    """A JupyterLab server of this interpreter on a free loopback port.

    Use as a context manager, or call :meth:`start` / :meth:`stop`::

        with JupyterLabServer(root_dir=REPO_ROOT) as server:
            page.goto(server.url("lab/tree/notebooks/x.ipynb", reset=True))

    ``server.log_path`` holds the server's output (shown in the error if it does
    not come up within ``start_timeout`` seconds). ``server.startup_seconds`` is the
    measured time until ``/api/status`` answered.
    """

    def __init__(self, root_dir: Path | str = REPO_ROOT, start_timeout: float = 60.0):
        super().__init__("buraco-lab-", "jupyterlab.log", start_timeout)
        self.root_dir = Path(root_dir).resolve()
        self.token = os.urandom(16).hex()
        self.startup_seconds: float | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def url(self, path: str = "lab", reset: bool = False, **query: str) -> str:
        """URL of ``path`` on the server, with the token (and ``&reset`` if asked)."""
        q = urllib.parse.urlencode({"token": self.token, **query})
        url = f"{self.base_url}{path.lstrip('/')}?{q}"
        return url + "&reset" if reset else url

    def _env(self) -> dict[str, str]:
        env = dict(os.environ)
        folders = {
            "JUPYTER_CONFIG_DIR": "config",
            "JUPYTER_RUNTIME_DIR": "runtime",
            "JUPYTER_DATA_DIR": "data",  # no stray user kernelspecs
            "JUPYTERLAB_SETTINGS_DIR": "settings",
            "JUPYTERLAB_WORKSPACES_DIR": "workspaces",
            "IPYTHONDIR": "ipython",
        }
        for var, name in folders.items():
            folder = self._tmp / name
            folder.mkdir(parents=True, exist_ok=True)
            env[var] = str(folder)
        notification = self._tmp / "settings" / "@jupyterlab" / "apputils-extension"
        notification.mkdir(parents=True, exist_ok=True)
        (notification / "notification.jupyterlab-settings").write_text(
            json.dumps({"fetchNews": "false", "checkForUpdates": False})
        )
        # Never write test outputs back into the repository's notebooks.
        docmanager = self._tmp / "settings" / "@jupyterlab" / "docmanager-extension"
        docmanager.mkdir(parents=True, exist_ok=True)
        (docmanager / "plugin.jupyterlab-settings").write_text(json.dumps({"autosave": False}))
        env.pop("JUPYTER_TOKEN", None)
        return env

    def start(self) -> "JupyterLabServer":
        cmd = [
            sys.executable, "-m", "jupyterlab", "--no-browser",
            "--ServerApp.ip=127.0.0.1", f"--port={self.port}",
            "--ServerApp.port_retries=0", f"--ServerApp.token={self.token}",
            "--allow-root", f"--ServerApp.root_dir={self.root_dir}",
            "--expose-app-in-browser",
            # Checkpoints go to the temporary folder, not .ipynb_checkpoints/ in the repository
            # (where a wheel built meanwhile would find them).
            f"--FileCheckpoints.checkpoint_dir={self._tmp / 'checkpoints'}",
        ]  # fmt: skip
        status = f"{self.base_url}api/status?token={self.token}"

        def answers() -> bool:
            with urllib.request.urlopen(status, timeout=2) as r:
                return bool(r.status == 200)

        self.startup_seconds = self._launch(cmd, self._env(), self.root_dir, answers, "JupyterLab", status)
        return self

    def __enter__(self) -> "JupyterLabServer":
        return self.start()


class AppServer(_ServerProcess):
    """``buraco-learn app PAGE`` (the classroom page served by Voilà) on a free loopback port.

    Started by the command a teacher types (the ``buraco-learn`` script beside this
    interpreter, else ``python -m buraco_learn.cli``), with ``--no-browser`` and throw-away
    Jupyter/IPython folders. Voilà runs the page's notebook when the browser asks for ``/``;
    ``start`` only waits until the server answers HTTP. ``log_tail()`` shows its output.
    """

    def __init__(self, page: str, start_timeout: float = 60.0):
        super().__init__(f"buraco-app-{page}-", "voila.log", start_timeout)
        self.page = page

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def command(self) -> list[str]:
        script = Path(sys.executable).with_name("buraco-learn")
        head = [str(script)] if script.is_file() else [sys.executable, "-m", "buraco_learn.cli"]
        return [*head, "app", self.page, "--port", str(self.port), "--no-browser", "--Voila.ip=127.0.0.1"]

    def _env(self) -> dict[str, str]:
        env = dict(os.environ)
        for var, name in {"JUPYTER_CONFIG_DIR": "config", "JUPYTER_RUNTIME_DIR": "runtime",
                          "JUPYTER_DATA_DIR": "data", "IPYTHONDIR": "ipython"}.items():
            folder = self._tmp / name
            folder.mkdir(parents=True, exist_ok=True)
            env[var] = str(folder)
        env["BURACO_PROGRESS"] = "0"
        return env

    def start(self) -> "AppServer":
        probe = f"{self.url}voila/static/"  # any answer (a 404 too) says the server is up

        def answers() -> bool:
            try:
                urllib.request.urlopen(probe, timeout=2).close()
            except urllib.error.HTTPError:
                pass
            return True

        self._launch(self.command(), self._env(), self._tmp, answers, f"buraco-learn app {self.page}", probe)
        return self

    def __enter__(self) -> "AppServer":
        return self.start()


# JavaScript run in the page. `findPanel(path)` returns the NotebookPanel of `path`.
_JS_FIND_PANEL = """
  const findPanel = (path) => {
    const app = window.jupyterapp;
    if (!app) throw new Error('window.jupyterapp missing: start lab with --expose-app-in-browser');
    for (const w of app.shell.widgets('main')) {
      if (w.context && w.context.path === path && w.sessionContext) return w;
    }
    return null;
  };
"""


def _js(params: str, body: str) -> str:
    """An arrow function ``params => { findPanel...; body }`` for page.evaluate."""
    return params + " => {" + _JS_FIND_PANEL + body + "}"


_JS_KERNEL_READY = _js('(path)', """  const p = findPanel(path);
  if (!p || !p.sessionContext.isReady) return false;
  const k = p.sessionContext.session && p.sessionContext.session.kernel;
  return !!k && k.status === 'idle' && k.connectionStatus === 'connected';""")

_JS_RUN_ALL = _js('async (path)', """  const app = window.jupyterapp;
  const p = findPanel(path);
  app.shell.activateById(p.id);
  await app.commands.execute('notebook:run-all-cells');
  return true;""")

_JS_CELL_STATE = _js('(path)', """  const p = findPanel(path);
  const cells = [];
  const model = p.content.model;
  for (let i = 0; i < model.cells.length; i++) {
    const c = model.cells.get(i);
    if (c.type !== 'code') continue;
    const errors = [];
    for (let j = 0; j < c.outputs.length; j++) {
      const o = c.outputs.get(j).toJSON();
      if (o.output_type === 'error') errors.push(o.ename + ': ' + o.evalue);
    }
    const tags = c.getMetadata('tags') || [];
    cells.push({index: i, count: c.executionCount, state: c.executionState,
                source: c.sharedModel.getSource().slice(0, 80), errors,
                raises: tags.includes('raises-exception')});
  }
  const k = p.sessionContext.session && p.sessionContext.session.kernel;
  return {cells, kernel: k ? k.status : null};""")

_JS_EXECUTE = _js('async ({path, code})', """  const p = findPanel(path);
  const kernel = p.sessionContext.session.kernel;
  const future = kernel.requestExecute({code, silent: false, store_history: false});
  const out = []; let error = null;
  future.onIOPub = (msg) => {
    const t = msg.header.msg_type;
    if (t === 'stream') out.push(msg.content.text);
    else if (t === 'execute_result') out.push(msg.content.data['text/plain']);
    else if (t === 'error') error = msg.content.ename + ': ' + msg.content.evalue;
  };
  const reply = await future.done;
  return {out: out.join(''), error, status: reply.content.status};""")


_JS_SHUTDOWN = _js('async (path)', """  const p = findPanel(path);
  if (p && p.sessionContext.session) await p.sessionContext.shutdown();
  return true;""")

def near(got: Any, want: Any, tol: float = 1.0) -> bool:
    """True if the numbers (or equally long nested lists of numbers) in ``got`` and
    ``want`` differ by less than ``tol`` each: for click coordinates."""
    if isinstance(want, (list, tuple)):
        return (
            isinstance(got, (list, tuple))
            and len(got) == len(want)
            and all(near(g, w, tol) for g, w in zip(got, want))
        )
    return isinstance(got, (int, float)) and abs(got - want) < tol


class KernelError(AssertionError):
    """Code sent with :meth:`LabPage.execute` raised in the kernel."""


@dataclass
class LabPage:
    """A Playwright page on a :class:`JupyterLabServer`, with notebook helpers.

    ``page`` is the Playwright ``Page``; ``console`` and ``page_errors`` collect the
    browser console messages and uncaught page errors, for assertions or debugging.
    ``path`` is the notebook opened last (the default for every helper).
    """

    page: Any
    server: JupyterLabServer
    path: str | None = None
    console: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    #: Every address the page asked for (see :func:`watch_page` and :func:`outside_requests`).
    requests: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}"))
        self.page.on("pageerror", lambda e: self.page_errors.append(str(e)))
        self.requests = watch_page(self.page)

    # -- opening and waiting -------------------------------------------------
    def open_notebook(self, path: str, timeout: float = 60.0) -> "LabPage":
        """Open ``path`` (relative to the server root) in a reset workspace.

        Goes to ``/lab/tree/PATH?token=..&reset`` so that no tab of an earlier test
        is restored, waits for the visible notebook panel, then for the kernel
        (:meth:`wait_for_kernel`).
        """
        path = Path(path).as_posix()
        if not (self.server.root_dir / path).is_file():
            raise FileNotFoundError(self.server.root_dir / path)
        self.path = path
        self.page.goto(self.server.url(f"lab/tree/{path}", reset=True))
        self.page.locator(VISIBLE_NOTEBOOK).first.wait_for(timeout=timeout * 1000)
        self.wait_for_kernel(timeout=timeout)
        return self

    def notebook(self) -> Any:
        """Locator of the visible notebook panel (scope your own locators to it)."""
        return self.page.locator(VISIBLE_NOTEBOOK).first

    def wait_for_kernel(self, path: str | None = None, timeout: float = 60.0) -> None:
        """Wait until the notebook's kernel exists, is ``idle`` AND ``connected``.

        The execution indicator reads "idle" for a moment before the kernel exists;
        a run-all in that moment skips cells, hence this stricter check.
        """
        self.page.wait_for_function(
            f"({_JS_KERNEL_READY})({json.dumps(path or self._path())})",
            timeout=timeout * 1000,
            polling=200,
        )

    def _path(self) -> str:
        if self.path is None:
            raise RuntimeError("open a notebook first (LabPage.open_notebook)")
        return self.path

    # -- running -------------------------------------------------------------
    def cell_state(self, path: str | None = None) -> dict[str, Any]:
        """Per code cell: index, execution count, state, first source chars, errors
        and whether it carries the ``raises-exception`` tag; plus the kernel status."""
        result: dict[str, Any] = self.page.evaluate(
            f"({_JS_CELL_STATE})", path or self._path()
        )
        return result

    def run_all(
        self, path: str | None = None, timeout: float = 120.0, allow_errors: bool = False
    ) -> dict[str, Any]:
        """Run every cell (``notebook:run-all-cells``) and wait until all are done.

        Done means: every code cell has an execution count, none is running, and the
        kernel is idle. Raises ``AssertionError`` if a cell errored that is not tagged
        ``raises-exception`` (unless ``allow_errors``). Returns :meth:`cell_state`.
        """
        path = path or self._path()
        self.wait_for_kernel(path, timeout=timeout)
        self.page.evaluate(f"({_JS_RUN_ALL})", path)
        deadline = time.monotonic() + timeout
        while True:
            state = self.cell_state(path)
            cells = state["cells"]
            done = state["kernel"] == "idle" and all(
                c["count"] is not None and c["state"] != "running" for c in cells
            )
            if done:
                break
            if time.monotonic() > deadline:
                raise TimeoutError(f"run-all did not finish in {timeout}s: {cells}")
            time.sleep(0.2)
        bad = [c for c in cells if c["errors"] and not c["raises"]]
        if bad and not allow_errors:
            raise AssertionError(f"cells raised in {path}: {bad}")
        return state

    def execute(self, code: str, path: str | None = None) -> str:
        """Execute ``code`` in the notebook's kernel; return its stdout + results.

        Raises :class:`KernelError` if the code raised. The code runs in the same
        namespace as the notebook's cells, without being added to the notebook.
        """
        path = path or self._path()
        result = self.page.evaluate(f"({_JS_EXECUTE})", {"path": path, "code": code})
        if result["error"] or result["status"] != "ok":
            raise KernelError(f"{code!r} raised: {result['error']}")
        return str(result["out"])

    def value(self, expr: str, path: str | None = None) -> Any:
        """Evaluate the Python expression ``expr`` in the kernel, return it via JSON
        (tuples come back as lists)."""
        marker = "@@buraco-json@@"
        out = self.execute(
            f"import json as _j; print({marker!r} + _j.dumps({expr}))", path
        )
        line = [s for s in out.splitlines() if s.startswith(marker)][-1]
        return json.loads(line[len(marker):])

    def wait_for_value(
        self,
        expr: str,
        predicate: Callable[[Any], bool],
        timeout: float = WAIT,
        path: str | None = None,
    ) -> Any:
        """Poll :meth:`value` of ``expr`` until ``predicate(value)`` holds; return it.

        Use this after a click: the widget callback runs when the comm message
        reaches the kernel, a moment after Playwright's click returns.
        Raises ``AssertionError`` with the last value on timeout.
        """
        deadline = time.monotonic() + timeout
        while True:
            v = self.value(expr, path)
            if predicate(v):
                return v
            if time.monotonic() > deadline:
                raise AssertionError(f"{expr} is still {v!r} after {timeout}s")
            time.sleep(0.2)

    def wait_for_redraw(self, canvas: Any, table: str = "table", timeout: float = WAIT) -> int:
        """Wait until ``canvas`` shows the last redraw the kernel's table widget ``table`` (a
        Python expression) has made so far; return its number.

        Call it once the kernel has done what the test did (after :meth:`wait_for_value` on the
        game, or :meth:`execute`): the kernel handles one message at a time, so its count then
        holds every redraw that action made, and the page paints each one a moment later.
        """
        n = int(self.value(f"{table}.redraws"))
        return wait_for_frame(canvas, n, f"{table}'s last redraw", timeout)

    def shutdown_kernel(self, path: str | None = None) -> None:
        """Shut the notebook's kernel down (a test that opens many notebooks frees each one's)."""
        self.page.evaluate(f"({_JS_SHUTDOWN})", path or self._path())

    # -- widgets and pictures -------------------------------------------------
    def canvas(self, index: int = 0, timeout: float = WAIT) -> Any:
        """Locator of the ``index``-th ``<canvas>`` in the visible notebook's outputs
        (waits until it is attached and visible)."""
        loc = self.page.locator(
            f"{VISIBLE_NOTEBOOK} .jp-OutputArea-output canvas"
        ).nth(index)
        loc.wait_for(state="visible", timeout=timeout * 1000)
        return loc

    def click_canvas(self, x: float, y: float, index: int = 0) -> None:
        """Click the ``index``-th canvas at canvas coordinates (``x``, ``y``).

        With an unscaled canvas an ipycanvas ``on_mouse_down`` callback receives
        these coordinates to within one pixel: Chromium's ``MouseEvent.clientX/Y``
        are whole CSS pixels while the canvas may sit at a fractional page offset,
        so compare with :func:`near` (or ``abs(got - want) < 1``), not ``==``.
        """
        loc = self.canvas(index)
        loc.scroll_into_view_if_needed()
        loc.click(position={"x": x, "y": y})

    def screenshot(self, name: str, full_page: bool = False, locator: Any = None) -> Path:
        """Save a PNG to ``tests/browser/screenshots/NAME.png`` (gitignored) and
        return its path: of ``locator`` if given, else of the page. Look at it."""
        SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
        out = SCREENSHOT_DIR / f"{name}.png"
        if locator is not None:
            locator.screenshot(path=str(out))
        else:
            self.page.screenshot(path=str(out), full_page=full_page)
        return out
