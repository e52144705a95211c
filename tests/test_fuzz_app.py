"""A seeded fuzz test of what a visitor of the app can reach (issue 21): the pages' address
options and the save / load box, fed hostile queries, file names and file contents. Only the
package's errors may come out (or, for a page, a notice), every message is of bounded length,
and no file outside the test's folder is read into a message or touched.

The counts are fixed and small, so the test takes a few seconds; the seed makes every run the
same (change ``SEED`` to explore further)."""

from __future__ import annotations

import datetime
import os
import random
from pathlib import Path
from typing import Any

from buraco_learn import Game
from buraco_learn.app import play_page, puzzles_page, teacher_page, url_options
from buraco_learn.errors import BuracoError
from buraco_learn.records import format_position, game_record
from buraco_learn.widgets import TableWidget
from buraco_learn.widgets.table import MAX_LOAD_BYTES
from helpers import all_widgets, folder_listing

SEED = 2112
SECRET = "hunter2-do-not-show"

_NAMES = ["seed", "bot", "players", "puzzle", "lang", "utm", "", "seed[]", "SEED", "séed"]
_VALUES = ["42", "0", "-1", "²", "١٢", "①", "4", "2", "5", "٣", str(2**64 - 1), str(2**64), "9" * 5000, "1e3", "0x10",
           " 7 ", "+3", "", "greedy", "strong", "nope", "fr", "it", "de", "<script>alert(1)</script>", "%00", "%FF%FE",
           "x" * 5000, "\u200b", "😀", "../../etc/passwd", "'; DROP", "1_000", "NaN", "=HYPERLINK(1)"]
_SEPARATORS = ["&", ";", "&&", "=", "?", "#"]


def _query(rng: random.Random) -> str:
    parts = []
    for _ in range(rng.randint(0, 5)):
        name, value = rng.choice(_NAMES), rng.choice(_VALUES)
        parts.append(rng.choice([f"{name}={value}", name, f"{name}=={value}", f"={value}"]))
    return rng.choice(_SEPARATORS).join(parts)


def test_hostile_addresses_give_options_or_a_notice_never_another_error() -> None:
    rng = random.Random(SEED)
    for _ in range(400):
        page, query = rng.choice(["play", "puzzles", "teacher"]), _query(rng)
        try:
            options = url_options(page, query)
        except BuracoError as err:
            assert len(str(err)) < 300, (page, query)
            continue
        assert set(options) <= {"seed", "bot", "players", "puzzle", "lang"}
        assert isinstance(options.get("seed", 0), int) and 0 <= options.get("seed", 0) < 2**64
        assert options.get("players", 2) in (2, 3, 4)
    builders = {"play": play_page, "puzzles": puzzles_page, "teacher": teacher_page}
    for _ in range(12):  # whole pages are slower: a dozen, each with a hostile address
        page, query = rng.choice(sorted(builders)), _query(rng)
        built = builders[page](query=query)
        notice = getattr(built, "notice", None)
        assert notice is None or len(notice.value) < 3000, (page, query)



def _contents(rng: random.Random) -> bytes:
    record = game_record(Game.new(2, seed=rng.randint(0, 50))).encode("utf-8")
    position = format_position(Game.new(2, seed=rng.randint(0, 50))).encode("utf-8")
    choices = [
        record, position, record[: rng.randint(0, len(record))], position[: rng.randint(0, len(position))],
        bytes(rng.getrandbits(8) for _ in range(rng.randint(0, 200))), b"\xff\xfe" + record, b"",
        b"{" * rng.randint(1, 50_000), b"[" * rng.randint(1, 50_000), b'{"format": "buraco_learn-record", "x": "'
        + SECRET.encode() + b'"}', (SECRET + "=1\n").encode() * rng.randint(1, 20), b" " * (MAX_LOAD_BYTES + 1),
        record.replace(b"draw", b"meld 5H 5H 5H", 1), b"\x00" * 100, "é".encode("latin-1") * 10,
    ]
    return rng.choice(choices)


def test_hostile_file_names_and_contents_stay_in_the_folder_and_give_package_refusals(tmp_path: Path) -> None:
    """A table kept to ``box``; the names mix good ones, ``..``, absolute paths, links out,
    pipes, devices and odd text; the files hold records, positions, cuts of them, random bytes,
    deep brackets and secrets. Nothing outside ``box`` changes, no secret is quoted."""
    rng = random.Random(SEED)
    box = tmp_path / "box"
    box.mkdir()
    outside = tmp_path / "outside.txt"
    outside.write_text(SECRET, encoding="utf-8")
    (box / "out-link.json").symlink_to(outside)
    (box / "up").symlink_to(tmp_path)
    os.mkfifo(box / "pipe.json")
    names = ["hand.json", "a.json", "b.txt", "../outside.txt", "../x.json", str(outside), str(tmp_path / "new.json"),
             "up/outside.txt", "up/new.json", "out-link.json", "pipe.json", "/dev/zero", "/dev/null",
             "/proc/self/environ", "", ".", "..", ".hidden", "a\0b", "x" * 300, "dir/", "é.json", "  ",
             str(box / "c.json"), "up", "box"]
    outside_before = {k: v for k, v in folder_listing(tmp_path).items() if not k.startswith("box")}
    table = TableWidget(Game.new(2, seed=1), viewer=0, folder=box)
    free = TableWidget(Game.new(2, seed=1), viewer=0)  # a notebook's table: any path, but only plain files, bounded
    anywhere = [str(box / "pipe.json"), "/dev/zero", "/dev/urandom", "/proc/self/environ", "/proc/self/mem", "/",
                str(box / "up"), str(box / "out-link.json"), str(box / "hand.json"), str(box / "a.json"), "a\0b", ""]
    browser = TableWidget(Game.new(2, seed=1), viewer=0, files="browser")
    for step in range(150):
        name = rng.choice(names)
        what = rng.random()
        plain = 0 < len(name) < 200 and not {"/", "\0"} & set(name)
        if what < 0.3 and plain and name not in (".", "..", "up", "pipe.json", "out-link.json"):
            target = box / name
            if not target.is_symlink() and (not target.exists() or target.is_file()):
                target.write_bytes(_contents(rng))  # the visitor's file, as the folder holds it
        elif what < 0.55:
            saved = table.save_record(name)
            assert saved is None or saved.parent == box, (name, saved)
        elif what < 0.85:
            before = table.game.position()
            if not table.load(name):
                assert table.game.position() == before
            before = free.game.position()
            if not free.load(rng.choice(anywhere)):
                assert free.game.position() == before
            assert len(free.feedback_text) < 1000 and "PATH=" not in free.feedback_text
        else:
            data = _contents(rng)
            before = browser.game.position()
            browser.upload.value = ({"name": name or "x", "type": "", "size": len(data), "content": memoryview(data),
                                     "last_modified": datetime.datetime(2026, 12, 1)},)
            if browser.feedback_kind == "refused":
                assert browser.game.position() == before
        for w in (table, browser):
            assert len(w.feedback_text) < 1000, (step, name, w.feedback_text[:200])
        assert SECRET not in table.feedback_text, (step, name)
    assert outside.read_text(encoding="utf-8") == SECRET
    assert {k: v for k, v in folder_listing(tmp_path).items() if not k.startswith("box")} == outside_before



def test_every_button_of_the_play_page_leaves_the_disk_alone(tmp_path: Path, monkeypatch: Any) -> None:
    """Whatever a visitor clicks, in any order, the page writes nothing where its kernel runs."""
    from ipywidgets import Button

    monkeypatch.chdir(tmp_path)
    rng = random.Random(SEED)
    page = play_page(seed=5)
    for _ in range(40):
        buttons = [w for w in all_widgets(page) if isinstance(w, Button) and w.layout.display != "none"]
        rng.choice(buttons).click()
    assert list(tmp_path.iterdir()) == []
