"""The classroom app mode (issue 14) in a real browser: ``buraco-learn app play|puzzles|teacher``
serves a page without code cells (Voilà); headless Chromium opens it, the table is drawn (its
canvas has pixels: the green cloth and white card faces), a click on a card and on the buttons
plays, and the feedback box says what happened, on screen. Screenshots of each page at 1366x768
(a laptop) and 1920x1080 (a projector) go to tests/browser/screenshots/app-*.png: look at them."""

from __future__ import annotations

import re
from typing import Any, Iterator

import pytest

from lab_harness import SCREENSHOT_DIR, AppServer, canvas_frame, squeeze, wait_for_text, wait_until, watch_page

from buraco_learn.actions import Discard
from buraco_learn.app import play_page, puzzles_page, teacher_page
from buraco_learn.render.layout import TableGeometry, geometry_for

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 768}
PROJECTOR = {"width": 1920, "height": 1080}
RULE_ID = re.compile(r"\(([A-Z][A-Z0-9]*-\d+)")

# What a drawn table looks like: counts of painted pixels, of the green cloth (#1e6b3a) and of
# the card faces' near-white, over a grid of samples of the canvas's own pixels, and a hash of
# the samples (two different pictures differ in it).
_PIXELS = """c => {
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let n = 0, painted = 0, green = 0, white = 0, hash = 0;
  for (let y = 0; y < c.height; y += 3) for (let x = 0; x < c.width; x += 3) {
    const i = 4 * (y * c.width + x); n++;
    hash = (Math.imul(hash, 31) + ((d[i] << 16) | (d[i + 1] << 8) | d[i + 2])) | 0;
    if (d[i + 3] === 0) continue;
    painted++;
    const [r, g, b] = [d[i], d[i + 1], d[i + 2]];
    if (Math.abs(r - 30) < 12 && Math.abs(g - 107) < 12 && Math.abs(b - 58) < 12) green++;
    if (r > 235 && g > 235 && b > 225) white++;
  }
  return {width: c.width, height: c.height, n, painted, green, white, hash};
}"""


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=LAPTOP)
    p = context.new_page()
    p.set_default_timeout(60_000)
    p.requests = watch_page(p)  # type: ignore[attr-defined]
    p.errors = []  # type: ignore[attr-defined]
    p.on("pageerror", lambda e: p.errors.append(str(e)))  # type: ignore[attr-defined]
    # Console errors, but for resources on the internet (Voila's icon font from a CDN) when the
    # machine has none: a labextension that fails to load says so here.
    p.on("console", lambda m: m.type == "error" and not m.text.startswith("Failed to load resource: net::ERR_")
         and p.errors.append(m.text))  # type: ignore[attr-defined]
    yield p
    context.close()


def _open(page: Any, app: AppServer, query: str = "") -> Any:
    """Open the app page (``query``: its address's query string); return the table's canvas
    once it shows the table the page's words describe, drawn."""
    try:
        page.goto(app.url + (f"?{query}" if query else ""), timeout=120_000)  # Voilà runs the page's notebook before answering
        canvas = page.locator("canvas").first
        canvas.wait_for(state="visible", timeout=180_000)  # the widgets load after the page: minutes on a loaded machine
        _redrawn(page, canvas, "the table")
    except Exception as exc:
        _shot(page, f"FAILED-app-{app.page}")
        raise AssertionError(f"the {app.page} page showed no drawn table: {exc}\n"
                             f"page errors: {page.errors}\nserver log:\n{app.log_tail()}") from exc
    assert page.locator(".jp-InputArea, .jp-CodeMirrorEditor, .cm-editor").count() == 0, "code is shown"
    return canvas


def _pixels(canvas: Any) -> dict[str, int]:
    return dict(canvas.evaluate(_PIXELS))


def _is_drawn(p: dict[str, int]) -> bool:
    return p["painted"] > 0.95 * p["n"] and p["green"] > p["n"] / 4 and p["white"] > p["n"] / 50


def _assert_drawn(canvas: Any) -> dict[str, int]:
    p = _pixels(canvas)
    assert p["painted"] > 0.95 * p["n"], f"part of the table is not painted: {p}"
    assert p["green"] > p["n"] / 4, f"no green cloth: {p}"
    assert p["white"] > p["n"] / 50, f"no card faces: {p}"
    return p


def _words(page: Any) -> tuple[int, str]:
    """The table's words on the page: the number of the redraw they describe, and their text."""
    got = page.evaluate("() => { const e = document.querySelector('details.table-words'); if (!e) return [-1, ''];"
                        " return [e.dataset.frame === undefined ? -1 : Number(e.dataset.frame), e.textContent]; }")
    return int(got[0]), squeeze(str(got[1]))


def _redrawn(page: Any, canvas: Any, what: str, *, since: int = -1, lines: tuple[str, ...] = (),
             unlike: dict[str, int] | None = None) -> dict[str, int]:
    """Wait until the table's words describe a redraw after number ``since`` that holds every one
    of ``lines``, then until ``canvas`` shows that redraw (or a later one), drawn, and, given
    ``unlike``, another picture; return its pixel counts.

    The words are sent just after their redraw, and the page paints a redraw a moment after it
    comes: waiting for the words alone, or for a text set before the redraw, reads the canvas
    too early on a busy machine.
    """
    want = tuple(squeeze(line) for line in lines)
    frame, _ = wait_until(lambda: _words(page), lambda w: w[0] > since and all(line in w[1] for line in want),
                          f"the table's words to describe {what} (after redraw {since}): {list(want)}")
    unlike_hash = None if unlike is None else unlike["hash"]
    _, pixels = wait_until(lambda: (canvas_frame(canvas), _pixels(canvas)),
                           lambda v: v[0] >= frame and _is_drawn(v[1]) and v[1]["hash"] != unlike_hash,
                           f"the canvas to show {what} (redraw {frame}), drawn"
                           + (", and another picture than before" if unlike is not None else ""))
    return dict(pixels)


def _shot(page: Any, name: str) -> None:
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOT_DIR / f"{name}.png"))


def _in_viewport(page: Any, locator: Any) -> None:
    box = locator.bounding_box()
    view = page.viewport_size
    assert box is not None and view is not None
    assert box["y"] >= 0 and box["y"] + min(box["height"], 60) <= view["height"], (
        f"the feedback box is off screen: {box} in {view}")


def _click(canvas: Any, xy: tuple[float, float], geo: TableGeometry) -> None:
    box = canvas.bounding_box()
    assert box is not None
    scale = float(box["width"]) / geo.width
    canvas.click(position={"x": xy[0] * scale, "y": xy[1] * scale})


def _text(locator: Any) -> str:
    return " ".join(locator.inner_text().split())

_ACTIVE_FIRST_CARD = ("() => { const b = document.querySelector('.widget-toggle-button');"
                      " return !!b && b.classList.contains('mod-active'); }")


def _card_buttons(page: Any, n: int) -> None:
    """Wait until the hand's buttons are ``n`` (after a draw the row is made anew, a moment after
    the feedback says so: a button taken before then is gone)."""
    wait_until(lambda: page.locator(".widget-toggle-button").count(), lambda k: k == n,
               f"the hand's {n} card buttons")


@pytest.mark.parametrize("app", ["play"], indirect=True)
def test_play_page_draws_the_table_and_plays_by_click(page: Any, app: AppServer) -> None:
    """The learner's page, opened at ``/?seed=42``: the browser shows what the same table,
    played the same way in this process, says (the same deal, the same computer player)."""
    canvas = _open(page, app, "seed=42")
    twin = play_page(seed=42).table  # the page's table, here
    geo = geometry_for(twin.game, 0, width=twin.width)
    before = _assert_drawn(canvas)
    assert (before["width"], before["height"]) == (geo.width, geo.height)
    assert page.get_by_text("Play a hand of Buraco").is_visible()
    assert page.get_by_text("Hand 42").is_visible()
    _shot(page, "app-play-1366x768")

    # A click on the stock draws a card; the feedback box under the hand says so, on screen.
    since = _words(page)[0]
    _click(canvas, geo.stock.center, geo)
    drew = page.locator(".feedback.ok", has_text="You drew")
    drew.wait_for()
    twin.draw()
    assert twin.feedback_text.startswith("You drew") and twin.feedback_text.split(".")[0] in _text(drew)
    _in_viewport(page, drew)
    drawn = _redrawn(page, canvas, "the table after the draw", since=since,
                     lines=tuple(twin.description_text.splitlines()[:3]), unlike=before)
    _card_buttons(page, len(twin.hand))

    # A click on the first card of the hand selects it (its button below is pressed too).
    geo = geometry_for(twin.game, 0, width=twin.width)
    since = _words(page)[0]
    _click(canvas, geo.hand_center(0), geo)
    page.wait_for_function(_ACTIVE_FIRST_CARD)
    chosen = _redrawn(page, canvas, "the first card selected", since=since, unlike=drawn)
    card = page.locator(".widget-toggle-button").first.inner_text().strip()
    assert card == twin.hand[0].pretty

    # Meld with one card: refused, with the rule's ID and sentence; the card stays selected.
    page.get_by_role("button", name="Meld", exact=True).click()
    refused = page.locator(".feedback.refused")
    refused.wait_for()
    assert RULE_ID.search(refused.inner_text()), refused.inner_text()
    assert page.evaluate(_ACTIVE_FIRST_CARD)
    _in_viewport(page, refused)
    _shot(page, "app-play-refused-1366x768")

    # Discard it: the feedback names the card, and North (the computer) plays its turn.
    since = _words(page)[0]
    page.get_by_role("button", name="Discard", exact=True).click()
    done = page.locator(".feedback.ok", has_text="You discarded")
    done.wait_for()
    twin.play(Discard(twin.hand[0]))
    north = " ".join(twin.feedback_text.split())  # North's moves, in words, as here
    # North's turn is shown a move at a time (TableWidget.pace): wait until all of it is there
    shown = wait_until(lambda: _text(done), lambda text: north in text, "North's moves in the feedback")
    assert f"You discarded {card}" in shown and "North" in shown
    _in_viewport(page, done)
    # The table is drawn again once North has played: the words say North's turn is over (the
    # whole state: an in-between one can share some lines with it), and the canvas shows it.
    _redrawn(page, canvas, "the table after North's turn", since=since,
             lines=tuple(twin.description_text.splitlines()), unlike=chosen)
    _shot(page, "app-play-after-discard-1366x768")

    page.set_viewport_size(PROJECTOR)
    _assert_drawn(canvas)
    _in_viewport(page, done)
    _shot(page, "app-play-1920x1080")
    assert page.errors == []


@pytest.mark.parametrize("app", ["puzzles"], indirect=True)
def test_puzzles_page_draws_a_puzzle_and_checks_an_answer(page: Any, app: AppServer) -> None:
    canvas = _open(page, app)
    first = _assert_drawn(canvas)
    _shot(page, "app-puzzles-1366x768")

    # Pick the second puzzle: its table is drawn, the one the same page here shows.
    picker = page.locator("select").first
    labels = picker.locator("option").all_inner_texts()
    options = [t.replace("\xa0", " ") for t in labels]  # the widget writes its spaces as &nbsp;
    assert len(options) > 10 and options[0] == "1. easy · Can you close this turn? If so, how?"
    twin = puzzles_page()
    twin.show(list(twin.puzzles)[1])
    picker.select_option(label=labels[1])
    canvas = page.locator("canvas").first  # the new puzzle's own canvas
    _redrawn(page, canvas, "the second puzzle", lines=tuple(twin.puzzle.table.description_text.splitlines()),
             unlike=first)

    # Check before playing anything: the feedback says what to do first, as here, on screen.
    page.get_by_role("button", name="Check", exact=True).click()
    twin.puzzle.check()
    want = squeeze(twin.puzzle.table.feedback_text)
    assert want.startswith("Play the moves")
    verdict = page.locator(".feedback").first
    wait_for_text(verdict, lambda t: want in t, f"the verdict {want!r}")
    verdict.scroll_into_view_if_needed()
    _in_viewport(page, verdict)
    _shot(page, "app-puzzles-checked-1366x768")
    page.set_viewport_size(PROJECTOR)
    page.evaluate("document.querySelector('h2').scrollIntoView()")
    _shot(page, "app-puzzles-1920x1080")
    assert page.errors == []


@pytest.mark.parametrize("app", ["teacher"], indirect=True)
def test_teacher_page_plays_the_demo_move_by_move(page: Any, app: AppServer) -> None:
    canvas = _open(page, app)
    start = _assert_drawn(canvas)
    assert page.get_by_text("The deal. Press Next move").is_visible()
    _shot(page, "app-teacher-1366x768")
    twin = teacher_page().demo  # the page's demo, here

    # Next move plays the script's first move and says it in words; the table is drawn again.
    since = _words(page)[0]
    page.get_by_role("button", name="Next move", exact=True).click()
    twin.next_move()
    said = page.locator(".demo-said")
    wait_for_text(said, lambda t: t == squeeze(twin.said_text), f"the first move said: {twin.said_text!r}")
    assert said.is_visible() and said.inner_text().strip().startswith("Move 1.")
    _redrawn(page, canvas, "the table after the first move", since=since,
             lines=tuple(twin.table.description_text.splitlines()), unlike=start)

    # Reveal hands shows every player's hand face up under the table, in large cards.
    page.get_by_role("button", name=re.compile("Reveal hands")).click()
    twin.reveal = True
    cards = sum(len(twin.demo.game.hand(seat)) for seat in range(twin.demo.game.players))
    hands = page.locator(".demo-hands")
    wait_until(lambda: hands.locator("div.card").count(), lambda n: n == cards,
               f"the {cards} cards of every hand under the table")
    assert all(f"{seat} · " in hands.inner_text() for seat in ("South", "West", "North", "East"))
    _assert_drawn(canvas)
    hands.scroll_into_view_if_needed()
    _in_viewport(page, hands)
    _shot(page, "app-teacher-revealed-1366x768")
    page.set_viewport_size(PROJECTOR)
    page.evaluate("document.querySelector('h2').scrollIntoView()")
    _shot(page, "app-teacher-1920x1080")
    assert page.errors == []


@pytest.mark.parametrize("app", ["play"], indirect=True)
@pytest.mark.parametrize("lang", ["fr", "it"])
def test_play_page_in_french_and_italian(app: AppServer, page: Any, lang: str) -> None:
    """Issue 15: ``?lang=fr`` / ``?lang=it`` puts the page in that language: title, buttons, and
    a refusal with its rule ID in the feedback box, on a laptop screen."""
    from buraco_learn.i18n import language, tr

    with language(lang):
        title, meld, draw, refusal_rule = tr("Play a hand of Buraco"), tr("Meld"), tr("Draw"), "SET-1"
    _open(page, app, f"seed=42&lang={lang}")
    twin = play_page(seed=42, lang=lang).table
    assert page.get_by_text(title).count() >= 1, f"the title is not in {lang}"
    page.get_by_role("button", name=draw, exact=True).click()
    page.locator(".feedback.ok").wait_for()
    twin.draw()
    _card_buttons(page, len(twin.hand))
    first = page.locator(".widget-toggle-button").first  # the first card of the hand, selected
    first.click()
    page.wait_for_function(_ACTIVE_FIRST_CARD)
    page.get_by_role("button", name=meld, exact=True).click()  # one card is no meld: refused
    box = page.locator(".feedback.refused")
    box.wait_for()
    text = box.inner_text()
    assert refusal_rule in text, text
    assert "[en]" not in text and "a meld needs" not in text, text
    box.scroll_into_view_if_needed()
    b = box.bounding_box()
    assert b is not None and 0 <= b["y"] <= LAPTOP["height"] - 40, b
    _shot(page, f"app-play-{lang}-1366x768")
    assert not page.errors, page.errors


def _upload(page: Any, path: Any) -> None:
    """Choose ``path`` in the file chooser that the table's upload button opens."""
    with page.expect_file_chooser() as chooser:
        page.locator(".widget-upload").click()
    chooser.value.set_files(str(path))


@pytest.mark.parametrize("app", ["play"], indirect=True)
def test_play_page_saves_by_download_and_loads_by_upload(page: Any, app: AppServer, tmp_path: Any) -> None:
    """Issue 21: the page is public, so **Save / load…** takes no file name on the server: the
    record downloads in the browser (and replays the same table here), a file of the visitor's
    computer is loaded by upload, and a bad one is refused in the feedback box, on screen."""
    from buraco_learn import Game
    from buraco_learn.records import format_position, load_record

    _open(page, app, "seed=42")
    page.get_by_role("button", name="Draw", exact=True).click()
    page.locator(".feedback.ok", has_text="You drew").wait_for()
    page.get_by_role("button", name="Save / load…", exact=True).click()
    link = page.locator("a.bl-download")
    link.wait_for()
    assert page.locator(".widget-text input[type=text]").count() == 0, "a file name box is shown"
    link.scroll_into_view_if_needed()
    _shot(page, "app-play-save-load-1366x768")
    with page.expect_download() as info:
        link.click()
    download = info.value
    saved = tmp_path / download.suggested_filename
    download.save_as(str(saved))
    twin = play_page(seed=42).table
    twin.draw()
    assert saved.name == "buraco-hand-42.json"
    assert load_record(saved.read_text(encoding="utf-8")).position() == twin.game.position()

    other = Game.new(2, seed=7, dealer=1)
    mine = tmp_path / "teacher-position.txt"
    mine.write_text(format_position(other), encoding="utf-8")
    _upload(page, mine)
    loaded = page.locator(".feedback.ok", has_text="Loaded the position from teacher-position.txt")
    loaded.wait_for()
    _in_viewport(page, loaded)
    bad = tmp_path / "notes.txt"
    bad.write_text("shopping: milk, eggs", encoding="utf-8")
    _upload(page, bad)
    refused = page.locator(".feedback.refused", has_text="Could not load notes.txt")
    refused.wait_for()
    assert "The table is unchanged." in _text(refused)
    _in_viewport(page, refused)
    _shot(page, "app-play-upload-refused-1366x768")
    assert page.errors == []
