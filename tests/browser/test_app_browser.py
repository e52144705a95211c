"""The classroom app mode (issue 14) in a real browser: ``buraco-learn app play|puzzles|teacher``
serves a page without code cells (Voilà); headless Chromium opens it, the table is drawn (its
canvas has pixels: the green cloth and white card faces), a click on a card and on the buttons
plays, and the feedback box says what happened, on screen. Screenshots of each page at 1366x768
(a laptop) and 1920x1080 (a projector) go to tests/browser/screenshots/app-*.png: look at them."""

from __future__ import annotations

import re
from typing import Any, Iterator

import pytest

from lab_harness import SCREENSHOT_DIR, AppServer, watch_page

from buraco_learn.actions import Discard
from buraco_learn.app import play_page
from buraco_learn.render.layout import TableGeometry, geometry_for

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 768}
PROJECTOR = {"width": 1920, "height": 1080}
RULE_ID = re.compile(r"\(([A-Z][A-Z0-9]*-\d+)")

# What a drawn table looks like: counts of painted pixels, of the green cloth (#1e6b3a) and of
# the card faces' near-white, over a grid of samples of the canvas's own pixels.
_PIXELS = """c => {
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let n = 0, painted = 0, green = 0, white = 0;
  for (let y = 0; y < c.height; y += 3) for (let x = 0; x < c.width; x += 3) {
    const i = 4 * (y * c.width + x); n++;
    if (d[i + 3] === 0) continue;
    painted++;
    const [r, g, b] = [d[i], d[i + 1], d[i + 2]];
    if (Math.abs(r - 30) < 12 && Math.abs(g - 107) < 12 && Math.abs(b - 58) < 12) green++;
    if (r > 235 && g > 235 && b > 225) white++;
  }
  return {width: c.width, height: c.height, n, painted, green, white};
}"""


@pytest.fixture
def app(request: pytest.FixtureRequest) -> Iterator[AppServer]:
    server = AppServer(request.param)
    server.start()
    yield server
    server.stop()


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
    once it is drawn."""
    try:
        page.goto(app.url + (f"?{query}" if query else ""), timeout=120_000)  # Voilà runs the page's notebook before answering
        canvas = page.locator("canvas").first
        canvas.wait_for(state="visible", timeout=60_000)
        page.wait_for_function(f"() => {{ const c = document.querySelector('canvas'); if (!c) return false;"
                               f" const p = ({_PIXELS})(c); return p.green > p.n / 4 && p.white > p.n / 50; }}",
                               timeout=60_000)
    except Exception as exc:
        _shot(page, f"FAILED-app-{app.page}")
        raise AssertionError(f"the {app.page} page showed no drawn table: {exc}\n"
                             f"page errors: {page.errors}\nserver log:\n{app.log_tail()}") from exc
    assert page.locator(".jp-InputArea, .jp-CodeMirrorEditor, .cm-editor").count() == 0, "code is shown"
    return canvas


def _pixels(canvas: Any) -> dict[str, int]:
    return dict(canvas.evaluate(_PIXELS))


def _assert_drawn(canvas: Any) -> dict[str, int]:
    p = _pixels(canvas)
    assert p["painted"] > 0.95 * p["n"], f"part of the table is not painted: {p}"
    assert p["green"] > p["n"] / 4, f"no green cloth: {p}"
    assert p["white"] > p["n"] / 50, f"no card faces: {p}"
    return p


def _settled(canvas: Any) -> dict[str, int]:
    """The canvas's pixel counts once two reads half a second apart agree (drawn, not mid-redraw)."""
    last = _pixels(canvas)
    for _ in range(40):
        canvas.page.wait_for_timeout(500)
        now = _pixels(canvas)
        if now == last:
            return _assert_drawn(canvas)
        last = now
    raise AssertionError(f"the canvas kept changing: {last}")


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
    _click(canvas, geo.stock.center, geo)
    drew = page.locator(".feedback.ok", has_text="You drew")
    drew.wait_for()
    twin.draw()
    assert twin.feedback_text.startswith("You drew") and twin.feedback_text.split(".")[0] in _text(drew)
    _in_viewport(page, drew)

    # A click on the first card of the hand selects it (its button below is pressed too).
    _click(canvas, geo.hand_center(0), geo)
    first = page.locator(".widget-toggle-button").first
    page.wait_for_function("b => b.classList.contains('mod-active')", arg=first.element_handle())
    card = first.inner_text().strip()
    assert card == twin.hand[0].pretty

    # Meld with one card: refused, with the rule's ID and sentence; the card stays selected.
    page.get_by_role("button", name="Meld", exact=True).click()
    refused = page.locator(".feedback.refused")
    refused.wait_for()
    assert RULE_ID.search(refused.inner_text()), refused.inner_text()
    _in_viewport(page, refused)
    _shot(page, "app-play-refused-1366x768")

    # Discard it: the feedback names the card, and North (the computer) plays its turn.
    page.get_by_role("button", name="Discard", exact=True).click()
    done = page.locator(".feedback.ok", has_text="You discarded")
    done.wait_for()
    twin.play(Discard(twin.hand[0]))
    assert f"You discarded {card}" in _text(done) and "North" in _text(done)
    assert " ".join(twin.feedback_text.split()) in _text(done)  # North's moves, in words, as here
    _in_viewport(page, done)
    # The table is drawn again once North has played (the words beside it are set just after).
    words = page.locator("details.table-words")
    # (the words' element is looked up at every poll: a new value of the HTML widget replaces it,
    # so a handle taken before North's turn was drawn would never change; and the whole state is
    # waited for, since an in-between state can share some lines with the final one)
    page.wait_for_function("want => { const e = document.querySelector('details.table-words');"
                           " return !!e && want.every(line => e.textContent.includes(line)); }",
                           arg=twin.description_text.splitlines()[:3], timeout=60_000)
    assert twin.description_text.splitlines()[0] in words.text_content()
    after = _settled(canvas)
    assert after != before  # the table was drawn again
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

    # Pick the second puzzle: a new table is drawn.
    picker = page.locator("select").first
    labels = picker.locator("option").all_inner_texts()
    options = [t.replace("\xa0", " ") for t in labels]  # the widget writes its spaces as &nbsp;
    assert len(options) > 10 and options[0] == "1. easy · Can you close this turn? If so, how?"
    picker.select_option(label=labels[1])
    page.wait_for_function(f"p => {{ const c = document.querySelector('canvas'); const q = ({_PIXELS})(c);"
                           " return q.green > q.n / 4 && JSON.stringify(q) !== JSON.stringify(p); }",
                           arg=first)
    canvas = page.locator("canvas").first
    _assert_drawn(canvas)

    # Check before playing anything: the feedback says it is not the answer yet, on screen.
    page.get_by_role("button", name="Check", exact=True).click()
    verdict = page.locator(".feedback.wrong, .feedback.refused, .feedback.info").first
    verdict.wait_for()
    assert verdict.inner_text().strip()
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

    # Next move plays the script's first move and says it in words; the table is drawn again.
    page.get_by_role("button", name="Next move", exact=True).click()
    page.get_by_text("The deal. Press Next move").wait_for(state="hidden")
    moved = _assert_drawn(canvas)
    assert moved != start

    said = page.locator(".demo-said")
    assert said.is_visible() and said.inner_text().strip()

    # Reveal hands shows every player's hand face up under the table, in large cards.
    page.get_by_role("button", name=re.compile("Reveal hands")).click()
    hands = page.locator(".demo-hands")
    hands.wait_for()
    assert hands.locator("div.card").count() >= 40
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
    assert page.get_by_text(title).count() >= 1, f"the title is not in {lang}"
    page.get_by_role("button", name=draw, exact=True).click()
    page.locator(".feedback.ok").wait_for()
    first = page.locator(".widget-toggle-button").first  # the first card of the hand, selected
    first.click()
    page.wait_for_function("b => b.classList.contains('mod-active')", arg=first.element_handle())
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
