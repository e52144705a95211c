"""The app's page asks nothing from the internet (issue 22): ``buraco-learn app`` serves its page
with the package's own Voilà template, Voilà's lab template without the stylesheets it asks from
a CDN. (The page in a real browser: ``tests/browser/test_offline_browser.py``.)"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import jinja2
import pytest

from buraco_learn import cli
from buraco_learn.app import page_path

TEMPLATE = Path(page_path("play")).parent / "share" / "jupyter" / "voila" / "templates" / "buraco-app"


def _started(monkeypatch: pytest.MonkeyPatch, *args: str) -> tuple[list[str], str]:
    """The command ``buraco-learn app ARGS`` starts, and the JUPYTER_PATH it starts it with."""
    started: list[list[str]] = []
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: object() if name == "voila" else real(name, *a))
    monkeypatch.setattr(cli.os, "name", "posix")
    monkeypatch.setenv("JUPYTER_PATH", "/somewhere/else")

    def execv(exe: str, cmd: list[str]) -> None:
        started.append(cmd)
        raise SystemExit(0)

    monkeypatch.setattr(cli.os, "execv", execv)
    with pytest.raises(SystemExit):
        cli.main(["app", *args])
    return started[0], os.environ["JUPYTER_PATH"]


def test_the_app_is_served_with_the_packages_template(monkeypatch: pytest.MonkeyPatch) -> None:
    cmd, path = _started(monkeypatch, "play", "--port", "8902")
    assert "--template=buraco-app" in cmd
    first, *rest = path.split(os.pathsep)
    assert Path(first) / "voila" / "templates" / "buraco-app" == TEMPLATE and rest == ["/somewhere/else"]
    assert (TEMPLATE / "index.html.j2").is_file() and (TEMPLATE / "conf.json").is_file()


def test_a_template_given_on_the_command_line_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    cmd, _ = _started(monkeypatch, "play", "--template=reveal")
    assert cmd.index("--template=reveal") > cmd.index("--template=buraco-app")  # Voilà takes the last


def test_the_template_drops_only_the_stylesheets_from_outside() -> None:
    parent = ('{%- block notebook_css -%}\n<style>.cell { margin: 0 }</style>\n'
              '  <link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@^5/css/all.min.css"'
              ' type="text/css" />\n'
              '<link rel="stylesheet" href="static/local.css">\n{%- endblock notebook_css -%}')
    env = jinja2.Environment(loader=jinja2.DictLoader({
        "lab/index.html.j2": parent, "index.html.j2": (TEMPLATE / "index.html.j2").read_text()}))
    html = env.get_template("index.html.j2").render()
    assert "cdn.jsdelivr.net" not in html
    assert "<style>.cell { margin: 0 }</style>" in html and 'href="static/local.css"' in html
