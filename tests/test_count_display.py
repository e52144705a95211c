"""Issue 23: the end of a hand on the table shows the count line by line for every side (SCORE-4),
as notebook 07 teaches it (burraco bonuses by kind, the cards laid down, the closing bonus, the
pot penalty when it applies, the cards left in hand, the total; 3 players: the pair's credit).

Before this, the table said only "Final count: South 80, North 675". Hands are played to their end
through the table widget's own callbacks (``play``) by bots, and the text shown is read back from
the widget's HTML and checked against the engine's breakdown (``game.result()``)."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

from buraco_learn import Game
from buraco_learn.bots import make_bot, play_hand
from buraco_learn.i18n import language, tr
from buraco_learn.records import format_position
from buraco_learn.render.count import LINE_RULES, count_html, count_text
from buraco_learn.widgets.table import TableWidget


class _CountReader(HTMLParser):
    """The sides of a ``div.bl-count`` as shown: heading, then (kind, label, points, rules) rows."""

    def __init__(self) -> None:
        super().__init__()
        self.title = ""
        self.sides: list[dict[str, object]] = []
        self._cell: str | None = None
        self._row: dict[str, str] | None = None
        self._in_title = False
        self._in_head = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        cls = a.get("class") or ""
        if cls == "bl-count-title":
            self._in_title = True
        elif tag == "table" and cls == "bl-count-side":
            self.sides.append({"seats": a.get("data-seats"), "head": "", "rows": []})
        elif tag == "th" and cls == "bl-count-head":
            self._in_head = True
        elif tag == "tr" and cls.startswith("bl-count-"):
            self._row = {"kind": cls.removeprefix("bl-count-"), "rules": a.get("data-rules") or "",
                         "label": "", "points": "", "cards": ""}
        elif self._row is not None and cls in ("bl-count-label", "bl-count-points", "bl-count-cards"):
            self._cell = cls.removeprefix("bl-count-")

    def handle_endtag(self, tag: str) -> None:
        if tag == "div" and self._in_title:
            self._in_title = False
        if tag == "th":
            self._in_head = False
        if tag == "tr" and self._row is not None:
            rows = self.sides[-1]["rows"]
            assert isinstance(rows, list)
            rows.append(self._row)
            self._row = None
        if tag in ("td", "div") and self._cell in ("points", "cards"):
            self._cell = "label" if self._cell == "cards" else None
        elif tag == "td":
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data
        if self._in_head:
            self.sides[-1]["head"] = str(self.sides[-1]["head"]) + data
        if self._row is not None and self._cell is not None:
            self._row[self._cell] += data


def read_count(html: str) -> _CountReader:
    reader = _CountReader()
    reader.feed(html)
    return reader


def _points(text: str) -> int:
    return int(text.strip().replace("−", "-"))


def play_through_table(players: int, seed: int, levels: tuple[str, ...] = ("greedy",)) -> TableWidget:
    """A hand played to its end on the table: the viewer (South) by a bot through the widget's
    ``play`` callback, the other seats by the widget's own computer players."""
    game = Game.new(players, seed=seed)
    bots = {s: make_bot(levels[s % len(levels)], seed=seed + s) for s in range(1, players)}
    w = TableWidget(game, viewer=0, opponents=bots)
    me = make_bot(levels[0], seed=seed)
    for _ in range(3000):
        if game.is_over:
            break
        assert "bl-count" not in w.feedback.value and w.count_text == ""  # no count while the hand runs
        action = me.choose(game.view(0), game.legal_actions())
        assert w.play(action) is not None, w.feedback_text
    assert game.is_over
    return w


def check_shown_count(w: TableWidget) -> _CountReader:
    """Every side's rows shown equal the engine's lines, in order, with their rule IDs; the lines
    add up to the total the engine gives; a 3-player pair's credit is the engine's."""
    g = w.game
    res = g.result()
    shown = read_count(w.feedback.value)
    assert "SCORE-4" in shown.title
    assert len(shown.sides) == len(res.sides)
    for side, score, box in zip(res.sides, res.scores, shown.sides):
        assert box["seats"] == " ".join(map(str, side))
        rows = box["rows"]
        assert isinstance(rows, list)
        lines = [r for r in rows if r["kind"] == "line"]
        assert [(r["label"].strip(), _points(r["points"])) for r in lines] == [
            (tr(ln.label), ln.points) for ln in score.lines]
        for r, ln in zip(lines, score.lines):
            assert r["rules"].split() == list(LINE_RULES[ln.label])
        total = [r for r in rows if r["kind"] == "total"]
        assert len(total) == 1
        assert _points(total[0]["points"]) == score.total == sum(_points(r["points"]) for r in lines)
        assert "SCORE-1" in total[0]["rules"].split()
        credit = [r for r in rows if r["kind"] == "credit"]
        if g.players == 3 and len(side) == 2:
            assert len(credit) == 1 and _points(credit[0]["points"]) == res.credits[side[0]]
            assert credit[0]["rules"] == "P3-2"
        else:
            assert credit == []
        held = [c for seat in side for c in g.hand(seat)]
        in_hand = [r for r in lines if r["label"].strip().startswith(tr("cards in hand"))]
        if held:
            assert len(in_hand) == 1
            if len(side) == 1:
                assert sorted(in_hand[0]["cards"].split()) == sorted(c.pretty for c in held)
            else:  # whose cards they are: each partner's own, under his name
                parts = dict(part.split(": ") for part in in_hand[0]["cards"].split(" · "))
                assert {name: sorted(cards.split()) for name, cards in parts.items()} == {
                    g.seat_name(seat): sorted(c.pretty for c in g.hand(seat)) for seat in side if g.hand(seat)}
        for ln, r in zip(score.lines, lines):
            if ln.meld:  # a burraco names its meld as the table numbers it, then its cards
                number, _, cards = r["cards"].partition(" ")
                ids = [t.id for t in g.table if t.owner in side and str(t.meld) == ln.meld]
                assert number.startswith("#") and int(number[1:]) in ids and cards.split()
    return shown


@pytest.mark.parametrize("players,seed", [(2, 3), (2, 8), (3, 4), (4, 7), (4, 12)])
def test_the_end_of_a_hand_played_on_the_table_shows_every_sides_count_line_by_line(players: int, seed: int) -> None:
    w = play_through_table(players, seed)
    shown = check_shown_count(w)
    assert w.count_text.splitlines()[0].startswith("The count of the hand (SCORE-4)")
    heads = [str(s["head"]) for s in shown.sides]
    assert any("(you)" in h or "(your side)" in h for h in heads)


def test_a_burraco_line_names_its_kind_its_bonus_and_its_cards() -> None:
    """Over seeded hands, each burraco of the engine's count is shown with its kind's words,
    its bonus, its cards (the layout as laid) and its BUR rule."""
    seen: set[str] = set()
    for seed in range(1, 30):
        g = Game.new(4, seed=seed)
        play_hand(g, [make_bot("strong", seed + s) for s in range(4)])
        shown = read_count(count_html(g, viewer=0))
        for score, box in zip(g.result().scores, shown.sides):
            rows = [r for r in box["rows"] if r["kind"] == "line"]  # type: ignore[union-attr]
            for ln in score.burracos:
                row = next(r for r in rows if r["label"].startswith(tr(ln.label)) and _points(r["points"]) == ln.points)
                assert row["rules"] == LINE_RULES[ln.label][0] and len(row["cards"].split()) >= 8
                seen.add(ln.label)
        if len(seen) >= 2:
            break
    assert len(seen) >= 2, seen


def test_the_pot_penalty_is_shown_only_when_the_engine_counts_it() -> None:
    shown_penalty = shown_none = False
    for seed in range(1, 40):
        g = Game.new(2, seed=seed)
        play_hand(g, [make_bot("random", seed), make_bot("greedy", seed + 1)])
        text = count_text(g, viewer=0)
        for score in g.result().scores:
            if score.pot_penalty:
                shown_penalty = True
                assert "pot not taken −100 [SCORE-1]" in text
        if not any(sc.pot_penalty for sc in g.result().scores):
            shown_none = True
            assert "pot not taken" not in text
        if shown_penalty and shown_none:
            break
    assert shown_penalty and shown_none


def test_three_players_show_the_soloist_and_the_pair_with_each_partners_credit() -> None:
    w = play_through_table(3, 9)
    shown = check_shown_count(w)
    sizes = sorted(len(str(s["seats"]).split()) for s in shown.sides)
    assert sizes == [1, 2]
    assert "each partner is credited half, rounded up" in w.count_text and "[P3-2]" in w.count_text


def test_a_closing_bonus_is_shown_for_the_side_that_closed() -> None:
    for seed in range(1, 40):
        g = Game.new(4, seed=seed)
        play_hand(g, [make_bot("strong", seed + s) for s in range(4)])
        res = g.result()
        if res.closed_by is None:
            continue
        text = count_text(g, viewer=0)
        assert f"{g.seat_name(res.closed_by)} closed" in text.splitlines()[0]
        assert "closing +100 [CLOSE-5]" in text
        return
    pytest.fail("no seeded 4-player hand closed")


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_the_count_speaks_the_tables_language(lang: str) -> None:
    g = Game.new(2, seed=3)
    play_hand(g, [make_bot("greedy", 3), make_bot("greedy", 4)])
    w = TableWidget(g, viewer=0, language=lang)
    shown = read_count(w.feedback.value)
    with language(lang):
        title = tr("The count of the hand (SCORE-4)")
        labels = [tr(ln.label) for sc in g.result().scores for ln in sc.lines] + [tr("total")]
    assert title != "The count of the hand (SCORE-4)" and "SCORE-4" in title and shown.title.startswith(title)
    assert "melded cards" not in labels and "cards in hand" not in labels
    shown_labels = [r["label"] for side in shown.sides for r in side["rows"]]  # type: ignore[union-attr]
    assert all(any(s.startswith(label) for s in shown_labels) for label in labels)


def test_a_scoring_puzzle_table_keeps_the_count_hidden() -> None:
    g = Game.new(2, seed=3)
    play_hand(g, [make_bot("greedy", 3), make_bot("greedy", 4)])
    w = TableWidget(g, viewer=0, show_score=False)
    assert "bl-count" not in w.feedback.value and w.count_text == ""


def test_loading_a_running_position_after_the_end_takes_the_count_away() -> None:
    w = play_through_table(2, 3)
    assert "bl-count" in w.feedback.value
    assert w.load_text(format_position(Game.new(2, seed=5)))
    assert "bl-count" not in w.feedback.value and w.count_text == ""
    over = Game.new(2, seed=6)
    play_hand(over, [make_bot("greedy", 1), make_bot("greedy", 2)])
    assert w.load_text(format_position(over))
    check_shown_count(w)


def test_a_click_after_the_end_keeps_the_count_on_screen() -> None:
    w = play_through_table(2, 8)
    w.show_hint()   # "The hand is over: no hint to give. The count is on the table."
    assert w.feedback_text.startswith("The hand is over")
    check_shown_count(w)


def test_a_pass_and_play_table_or_the_teachers_demo_names_no_side_as_yours() -> None:
    """With no fixed viewer (pass-and-play, the class's demo) the seat to move changes hands; the
    count says whose side is whose by the seats' names only."""
    from buraco_learn.course.teacher import Demo

    demo = Demo(players=4, seed=11).widget()
    for _ in range(400):
        if demo.table.game.is_over:
            break
        demo.finish_turn()
    shown = check_shown_count(demo.table)
    assert [s["head"] for s in shown.sides] == ["South & North", "West & East"]
    assert "your side" not in demo.table.count_text


def test_the_apps_play_page_shows_the_count_at_the_end_of_its_hand() -> None:
    from buraco_learn.app import play_page

    w = play_page(seed=3).table
    me = make_bot("greedy", seed=3)
    while not w.game.is_over:
        assert w.play(me.choose(w.game.view(0), w.game.legal_actions())) is not None, w.feedback_text
    shown = check_shown_count(w)
    assert [s["head"] for s in shown.sides] == ["South (you)", "North"]
