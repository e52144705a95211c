"""The classroom app mode (issue 14): ``buraco-learn app [play|puzzles|teacher] [--port N]``."""

from __future__ import annotations

import importlib.util
import json
from typing import Any

import pytest

from buraco_learn import cli
from buraco_learn.app import PAGES, page_path, play_page, puzzles_page, teacher_page
from helpers import all_widgets


def test_app_help_names_the_pages_the_port_and_the_install(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        cli.main(["app", "--help"])
    assert exc.value.code == 0
    out = " ".join(capsys.readouterr().out.split())  # argparse wraps lines
    for word in ("play", "puzzles", "teacher", "--port", 'pip install "voila>=0.5.13,<0.6"'):
        assert word in out


def test_app_without_voila_says_how_to_install_it_and_exits_1(monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "voila" else real(name, *a))
    monkeypatch.setattr(cli.os, "execv", lambda *a: pytest.fail("must not start anything without Voilà"))
    assert cli.main(["app", "puzzles", "--port", "8999"]) == 1
    err = capsys.readouterr().err
    assert 'pip install "voila>=0.5.13,<0.6"' in err and "Voilà" in err


def test_app_starts_voila_on_the_page_file_and_port(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[list[str]] = []
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: object() if name == "voila" else real(name, *a))

    def execv(exe: str, cmd: list[str]) -> None:
        started.append(cmd)
        raise SystemExit(0)  # the real execv never returns

    monkeypatch.setattr(cli.os, "execv", execv)
    monkeypatch.setattr(cli.os, "name", "posix")
    monkeypatch.setattr(cli.subprocess, "call", lambda *a, **k: pytest.fail("must not start a server"))
    with pytest.raises(SystemExit):
        cli.main(["app", "teacher", "--port", "8901", "--no-browser"])
    cmd = started[0]
    assert cmd[1:3] == ["-m", "voila"] and cmd[3] == str(page_path("teacher"))
    assert "--port=8901" in cmd and "--no-browser" in cmd and "--strip_sources=True" in cmd
    assert "--VoilaConfiguration.extension_denylist=@jupyterlite/pyodide-kernel-extension" in cmd


def test_app_refuses_an_unknown_page(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        cli.main(["app", "lobby"])
    assert exc.value.code == 2 and "invalid choice: 'lobby'" in capsys.readouterr().err


@pytest.mark.parametrize("name", sorted(PAGES))
def test_each_page_file_exists_is_a_notebook_and_builds_its_page_from_the_package(name: str) -> None:
    nb = json.loads(page_path(name).read_text(encoding="utf-8"))
    assert nb["nbformat"] == 4
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    source = "".join(code[0]["source"])
    assert len(code) == 1 and f"from buraco_learn.app import {name}_page" in source
    assert len(source.splitlines()) <= 3  # thin: the page lives in the package


def test_pages_build_the_widgets_and_their_buttons_work() -> None:
    play = play_page(seed=5)
    first = play.table
    play.table.play("draw")
    assert play.table.feedback_text.startswith("You drew")
    play.bot.value = "strong"
    play.new_hand.click()
    assert play.table is not first and play.children[-1] is play.table
    puzzles = puzzles_page()
    last = list(puzzles.puzzles)[-1]
    puzzles.picker.value = last
    assert puzzles.puzzle.puzzle.name == last and puzzles.children[-1] is puzzles.puzzle
    teacher = teacher_page()
    teacher.players.value = 2
    teacher.seed.value = 3
    teacher.deal_button.click()
    assert teacher.children[-1] is teacher.demo


def test_a_front_end_that_connects_after_the_first_drawing_gets_a_redraw_that_names_its_canvas() -> None:
    """Voilà runs the page before the browser shows it: the table's first drawing (which named its
    canvas) went nowhere. The redraw that answers the browser's ``client_ready`` must name the
    canvas again ("switchCanvas"), or it is drawn on no canvas and the page shows a blank table."""
    from ipycanvas.canvas import COMMANDS

    page = play_page(seed=5)
    canvas = page.table.canvas
    manager = canvas._canvas_manager
    sent: list[object] = []
    real_send = manager._send_custom
    manager._send_custom = lambda command, buffers=[]: sent.append(command)  # noqa: B006
    try:
        canvas._handle_frontend_event(canvas, {"event": "client_ready"}, [])
    finally:
        manager._send_custom = real_send
    assert sent, "the browser's client_ready must redraw the table"
    batch = sent[0]
    assert isinstance(batch, list) and batch[0][0] == COMMANDS["switchCanvas"]
    assert batch[0][1] == [f"IPY_MODEL_{canvas.model_id}"]


def test_the_address_deals_the_same_hand_for_everyone() -> None:
    """`/?seed=42` on the play page deals hand 42 (DEAL-5: same seed, same cards) and says so."""
    from buraco_learn.app import url_options

    a, b = play_page(query="seed=42&bot=strong"), play_page(query="seed=42")
    assert a.table.game.position() == b.table.game.position() and a.table.game.seed == 42
    assert a.bot.value == "strong" and "?seed=42" in a.hand_number.value
    other = play_page()
    assert 1 <= other.table.game.seed <= 9999 and f"?seed={other.table.game.seed}" in other.hand_number.value
    assert url_options("teacher", "players=3&seed=9&bot=x") == {"players": 3, "seed": 9}
    t = teacher_page(query="players=3&seed=9")
    assert t.demo.demo.game.players == 3 and t.seed.value == 9


@pytest.mark.parametrize(("page", "query", "words"), [
    ("play", "seed=-1", "seed must be a whole number from 0, e.g. ?seed=42"),
    ("play", "bot=clever", "bot must be one of greedy, strong, random"),
    ("teacher", "players=6", "players must be 2, 3, 4 or 5"),
    ("play", "players=6", "players must be 2, 3, 4 or 5"),
])
def test_a_bad_address_says_what_would_be_right(page: str, query: str, words: str) -> None:
    from buraco_learn.app import url_options
    from buraco_learn.errors import NotationError

    with pytest.raises(NotationError) as exc:
        url_options(page, query)
    assert words in str(exc.value) and query.split("=")[1] in str(exc.value)


def test_an_unknown_puzzle_is_named() -> None:
    from buraco_learn.app import PuzzlesPage
    from buraco_learn.errors import NotationError

    with pytest.raises(NotationError, match="no puzzle called 'nope'"):
        PuzzlesPage(puzzle="nope")


def test_a_bad_address_shows_what_was_wrong_on_the_page_and_the_usual_hand() -> None:
    """Voilà shows no Python error (only "There was an error when executing cell"), so the page
    itself says what the address got wrong, and still works."""
    page = play_page(query="seed=forty")
    assert page.children[1] is page.notice
    assert "seed must be a whole number from 0, e.g. ?seed=42" in page.notice.value and "✗" in page.notice.value
    page.new_hand.click()
    assert page.children[:3] == (page.children[0], page.notice, page.children[2])
    assert page.children[2].children[0] is page.bot and page.children[-1] is page.table and len(page.children) == 4
    puzzles = puzzles_page(query="puzzle=nope")
    assert "no puzzle called 'nope'" in puzzles.notice.value and puzzles.children[-1] is puzzles.puzzle
    teacher = teacher_page(query="players=9")
    teacher.deal_button.click()
    assert "players must be 2, 3, 4 or 5" in teacher.notice.value and len(teacher.children) == 4


def test_pages_speak_the_language_of_their_address_and_leave_the_kernels_language_alone() -> None:
    """Issue 15: ``?lang=fr`` (or ``buraco-learn app --lang fr``) puts a page in French: its title,
    controls and table; a bad language is said on the page, not raised."""
    from buraco_learn.app import play_page, puzzles_page, teacher_page, url_options
    from buraco_learn.i18n import get_language, language, tr

    page = play_page(query="seed=3&lang=fr")
    with language("fr"):
        new_hand, meld = tr("New hand"), tr("Meld")
    assert page.new_hand.description == new_hand != "New hand"
    assert any(b.description == meld for b in page.table.buttons.values())
    assert get_language() == "en"
    page.deal()  # a new hand keeps the page's language
    assert any(b.description == meld for b in page.table.buttons.values())
    assert puzzles_page(query="lang=it").picker.description != "Puzzle:"
    assert teacher_page(lang="it").deal_button.description != "Deal"
    bad = play_page(query="lang=de")
    assert "lang=de" in bad.notice.value and "fr" in bad.notice.value
    with pytest.raises(Exception, match="lang must be one of en, fr, it"):
        url_options("play", "lang=de")


# ---------------------------------------------------------------------- a public page (issue 21)

def test_no_page_of_the_app_takes_a_path_on_the_server() -> None:
    """Each visitor's kernel acts for the server's user: the tables of every page save by a
    download and load by an upload (``files="browser"``); no text box takes a file name."""
    from ipywidgets import Text

    from buraco_learn.widgets import TableWidget

    pages = [play_page(seed=3), puzzles_page(), teacher_page()]
    pages[0].new_hand.click()
    pages[1].picker.value = list(pages[1].puzzles)[-1]
    pages[2].deal_button.click()
    for page in pages:
        tables = [w for w in all_widgets(page) if isinstance(w, TableWidget)]
        assert tables and all(t.files == "browser" and t.path_box is None for t in tables), type(page).__name__
        assert not [w for w in all_widgets(page) if type(w) is Text], type(page).__name__


@pytest.mark.parametrize(("page", "query", "words"), [
    ("play", "seed=²", "seed must be a whole number from 0"),
    ("play", "seed=١٢", "seed must be a whole number from 0"),
    ("play", f"seed={2**64}", "seed must be a whole number from 0 to"),
    ("play", "seed=" + "9" * 5000, "seed must be a whole number from 0 to"),
    ("teacher", "players=²", "players must be 2, 3, 4 or 5"),
    ("teacher", f"seed={2**64}&players=2", "seed must be a whole number from 0 to"),
    ("puzzles", "puzzle=" + "x" * 5000, "no puzzle called"),
    ("play", "bot=" + "b" * 5000, "bot must be one of"),
])
def test_odd_digits_and_huge_seeds_are_a_notice_on_the_page(page: str, query: str, words: str) -> None:
    """Issue 21: ``isdigit()`` took ``²``, which ``int`` refuses (a ValueError), and a seed from
    2**64 escaped the page builders as an IllegalMove. Now both are a NotationError from
    :func:`url_options` and a notice on the page, which goes on with its usual hand; the bad
    value is quoted in a bounded excerpt."""
    from buraco_learn.app import url_options
    from buraco_learn.errors import NotationError

    if page != "puzzles":
        with pytest.raises(NotationError) as exc:
            url_options(page, query)
        assert words in str(exc.value) and len(str(exc.value)) < 300
    built = {"play": play_page, "puzzles": puzzles_page, "teacher": teacher_page}[page](query=query)
    assert words in built.notice.value and len(built.notice.value) < 2000


def test_the_page_builders_raise_only_the_packages_errors() -> None:
    """Bad Python arguments to a page builder are the package's errors, not a widget's TraitError."""
    from buraco_learn.errors import BuracoError

    for build in (lambda: play_page(bot="clever"), lambda: play_page(seed=2**64), lambda: play_page(seed=-1),
                  lambda: teacher_page(players=6), lambda: play_page(players=6), lambda: teacher_page(seed=2**64),
                  lambda: puzzles_page(puzzle="x" * 5000), lambda: play_page(bot=[]),  # type: ignore[arg-type]
                  lambda: puzzles_page(puzzle={}), lambda: teacher_page(players=[])):  # type: ignore[arg-type]
        with pytest.raises(BuracoError) as exc:
            build()
        assert len(str(exc.value)) < 300
    from buraco_learn.app import page_path, url_options

    with pytest.raises(BuracoError):
        url_options("lobby", "")
    with pytest.raises(BuracoError):
        page_path("lobby")


def test_the_teachers_seed_box_cannot_break_the_page() -> None:
    """The teacher's page takes any whole number in its Seed box: one the deal refuses is a
    notice, and the demo stays as it was."""
    page = teacher_page(players=2, seed=7)
    demo = page.demo
    for seed in (-1, 2**64, 10**5000):
        page.seed.value = seed
        page.deal()
        notice = page.deal_notice
        assert page.demo is demo and notice is not None and "seed" in notice.value and notice in page.children
        assert len(notice.value) < 2000
    page.seed.value = 8
    page.deal()
    assert page.demo is not demo and page.deal_notice is None and page.children[-1] is page.demo
    assert len(page.children) == 3
