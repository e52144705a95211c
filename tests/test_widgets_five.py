"""Five seats at the table (issue 24, P5-2): the table widget and the app's pages show every seat,
say that everyone plays alone until the 18-card pot is taken, then who is the lone player and
who plays with whom. Driven from Python: what the canvas writes, the words under it, the engine."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import Any

import pytest

from buraco_learn import Game
from buraco_learn.app import play_page, teacher_page
from buraco_learn.render.html import table_html
from buraco_learn.render.layout import Rect, geometry_for
from buraco_learn.widgets import TableWidget
from buraco_learn.widgets import draw as draw_module
from buraco_learn.widgets import table as table_module

# Five players, North-West (seat 2) took the 18-card pot: in turn order after him come
# North-East, East, South, West, so North-East plays with South and East with West (P5-2).
AFTER_18 = (
    "fibur 5p d0 t3 draw solo=2 | h: 4D 5C 6S 8C / 6C 4S 3D 5D KD JC / 9S 5S QS 7C 3C JK JK 4H AS TS 6D TH 8S TD "
    "AH 8C 8H 2S / 7S 4C 3H 4D 5H 8D 6S 7D / 5H | m: 1=9D TD JD 2H(=QD) KD; 2=AS AD AC AC JK(=A); "
    "2=2S(=2C) 3C 4C 5C 6C; 2=4S 4H 4C 2D(=4); 4=AH AH AD 2H(=A); 4=9S TS JK(=JS) QS; 4=QS QH QH QD 2D(=Q); "
    "0=TC JC QC; 3=9S 9H 9H 9D 9C 9C; 0=JS JS JH 2C(=J); 2=KH KH KD; 1=7S 7H 7D; 1=TH TC TC; 0=3S 3S 3C | "
    "p: QH JD 7H | s: KH KS KS QC 3D 9D 6H 9H 5D QD 2H 6D 6S 2C JC 5D AD 8S 5S 2D JH TD QC 7C AC KS 2C 9C 7C TS "
    "3D 5C 4D 7H JK QD 6H 8C JD 6H KC AS 3S | pots: 8H KC 6D TH 7S 5S JK 6C 4S 3H JH / "
    "3H 8S 8D KC 5H JS 8H 2S 7D 4H 8D | took: 2")

SOUTH, WEST, NORTH_WEST, NORTH_EAST, EAST = range(5)


@pytest.fixture
def written(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, float, float]]]:
    """Every text the table widgets write on their canvas: (text, x, y)."""
    texts: list[tuple[str, float, float]] = []

    class Recording(draw_module.Pen):
        def __setattr__(self, name: str, value: Any) -> None:
            if name == "fill_style":
                texts.append(("fill_style", value, 0.0))  # type: ignore[arg-type]
            super().__setattr__(name, value)

        def fill_text(self, text: str, x: float, y: float, max_width: float | None = None) -> None:
            texts.append((text, x, y))
            super().fill_text(text, x, y, max_width)

    monkeypatch.setattr(table_module, "Pen", Recording)
    yield texts


def _in(box: Rect, texts: list[tuple[str, float, float]]) -> list[str]:
    """The texts written at the top-left corner of a label box."""
    return [t for t, x, y in texts if t != "fill_style" and abs(x - box.x) < 0.11 and abs(y - box.y) < 0.11]


def _redrawn(w: TableWidget, written: list[tuple[str, float, float]]) -> list[tuple[str, float, float]]:
    written.clear()
    w.redraw()
    return list(written)


def test_P5_2_before_the_18_is_taken_every_seat_shows_that_it_plays_alone(written: Any) -> None:
    """Five seats once each, in turn order round the table from South; each says "alone for
    now", as does the viewer's own line; the words under the canvas say why (P5-2)."""
    g = Game.new(5, seed=1, dealer=EAST)  # South plays first
    w = TableWidget(g, viewer=SOUTH)
    texts = _redrawn(w, written)
    geo = w.geometry
    assert [s.where for s in geo.seats] == ["west", "north-west", "north-east", "east"]
    assert [s.seat for s in geo.seats] == [WEST, NORTH_WEST, NORTH_EAST, EAST]
    for box in geo.seats:
        name = g.seat_name(box.seat)
        assert _in(geo.labels[f"seat{box.seat}"], texts) == [name]  # the name alone: a chip is narrow
        assert _in(geo.labels[f"count{box.seat}"], texts) == ["11"]  # after the backs
        assert geo.labels[f"count{box.seat}"].x > box.cards[-1].right
        assert _in(geo.labels[f"role{box.seat}"], texts) == ["alone for now"]
    hand_line = _in(geo.labels["hand"], texts)
    assert len(hand_line) == 1 and "South (you): 11 cards · alone for now" in hand_line[0]
    assert g.seating.sides == ((0,), (1,), (2,), (3,), (4,)) and len(geo.sides) == 5
    titles = [_in(geo.labels[f"side{k}"], texts)[0] for k in range(5)]
    assert titles == ["West's melds", "North-West's melds", "North-East's melds", "East's melds",
                      "Your melds (South)"]
    assert "Everyone plays alone until someone takes the 18-card pot (P5-2)." in w.description_text.splitlines()


def test_P5_2_once_the_18_is_taken_the_lone_player_and_both_pairs_are_shown(written: Any) -> None:
    """North-West took the 18: he is marked alone; the canvas says who pairs with whom under
    every seat and over every side's melds, as the engine forms them (P5-2)."""
    g = Game.from_position(AFTER_18)
    assert g.soloist == NORTH_WEST
    assert g.side_of(SOUTH) == (SOUTH, NORTH_EAST) and g.side_of(WEST) == (WEST, EAST)
    w = TableWidget(g, viewer=SOUTH)
    texts = _redrawn(w, written)
    geo = w.geometry
    role = {box.seat: _in(geo.labels[f"role{box.seat}"], texts) for box in geo.seats}
    assert role == {WEST: ["pair with East"], NORTH_WEST: ["alone · took the 18"],
                    NORTH_EAST: ["pair with you"], EAST: ["pair with West"]}
    assert "· pair with North-East" in _in(geo.labels["hand"], texts)[0]
    titles = sorted(_in(geo.labels[f"side{k}"], texts)[0] for k in range(len(geo.sides)))
    assert titles == ["North-West's melds · alone, took the 18", "West & East (pair)",
                      "Your side: South & North-East (pair)"]
    assert [s.seats for s in geo.sides if s.mine] == [(SOUTH, NORTH_EAST)]
    assert ("North-West plays alone (took the 18-card pot); South (you) & North-East (your partner) play as a "
            "pair; West & East play as a pair (P5-2).") in w.description_text.splitlines()


@pytest.mark.parametrize("viewer", [WEST, EAST])
def test_P5_2_every_seat_reads_its_own_partner(viewer: int) -> None:
    """Seen from West or East, the other pair and the lone player are named from there."""
    g = Game.from_position(AFTER_18)
    partner = next(s for s in g.side_of(viewer) if s != viewer)
    html = table_html(g, viewer=viewer)
    assert html.count('class="seat-role"') == 5
    assert "pair with you" in html and f"pair with {g.seat_name(viewer)}" not in html
    assert f"Your side: {' &amp; '.join(g.seat_name(s) for s in g.side_of(viewer))} (pair)" in html
    assert g.seat_name(partner) + " (partner)" in html


def test_a_click_on_a_card_selects_it_on_a_five_seat_table_and_the_seats_stay_apart(written: Any) -> None:
    """South to play among five: a click on a hand card selects it (the widget's click, not the
    engine's), and no text box of the table overlaps another at the widths of a laptop's and a
    projector's page."""
    g = Game.from_position(AFTER_18.replace(" t3 draw ", " t0 play "))
    w = TableWidget(g, viewer=SOUTH)
    w._on_mouse_down(*w.geometry.hand_center(1))
    assert w.selected == [1]
    for width in (1100, 1600, 1900):
        geo = geometry_for(g, SOUTH, width=width)
        for (na, a), (nb, b) in combinations(geo.labels.items(), 2):
            assert not (a.x < b.right and b.x < a.right and a.y < b.bottom and b.y < a.bottom), (na, nb)


def test_the_play_page_deals_to_five_with_a_computer_player_at_every_other_seat() -> None:
    page = play_page(query="players=5&seed=42")
    assert page.table.game.players == 5 and sorted(page.table.bots) == [WEST, NORTH_WEST, NORTH_EAST, EAST]
    assert page.table.viewer == SOUTH and page.table.game.to_move == SOUTH
    assert "?players=5&amp;seed=42" in page.hand_number.value and page.bot.description == "Computer players:"
    page.players.value = 2
    assert page.table.game.players == 2 and page.bot.description == "Computer (North):"
    teacher = teacher_page(query="players=5&seed=3")
    assert teacher.demo.demo.game.players == 5 and 5 in teacher.players.options


def test_five_lone_players_share_the_row_of_melds_by_what_each_shows() -> None:
    """Before the 18 is taken five sides share one row: a side with six melds gets the room the
    sides with one meld do not need, so its melds take two rows, not three (the table stays low
    enough for a laptop's screen)."""
    from buraco_learn.render.layout import table_geometry

    sides = [((1,), [(0, 3)]), ((2,), [(1, 3)]), ((3,), [(2, 3)]), ((4,), [(3, 3)]),
             ((0,), [(k, 3) for k in range(4, 10)])]
    geo = table_geometry(players=5, viewer=0, width=1600, hand_size=5, hand_sizes=[5] * 5, sides=sides,
                         pile_size=3, pots=3)
    mine = next(s for s in geo.sides if s.mine)
    assert len({b.box.y for b in mine.melds}) == 2
    assert all(s.area.w < mine.area.w for s in geo.sides if not s.mine)


def test_P5_3_the_count_shows_each_pairs_half_and_the_lone_players_whole_score() -> None:
    """A five-player hand played out from North-West's 18: the count under the table has a
    table per side, and each pair's says what each partner is credited: its total halved,
    rounded up (P5-3); the lone player's has no such line."""
    from buraco_learn.bots import GreedyBot
    from buraco_learn.render.count import count_sides, count_text

    g = Game.from_position(AFTER_18)
    bots = [GreedyBot(s) for s in range(5)]
    while not g.is_over:
        g.apply(bots[g.to_move].choose(g.view(g.to_move), g.legal_actions()))
    res = g.result()
    sides = dict(count_sides(g))
    assert sorted(sides) == [(0, 3), (1, 4), (2,)]
    for side, rows in sides.items():
        total = next(r.points for r in rows if r.kind == "total")
        credit = [r for r in rows if r.kind == "credit"]
        if len(side) == 2:
            assert [(r.points, r.rules) for r in credit] == [(-(-total // 2), ("P5-3",))]
            assert all(res.credits[s] == -(-total // 2) for s in side)
        else:
            assert credit == [] and res.credits[side[0]] == total
    text = count_text(g, viewer=SOUTH)
    assert "South & North-East (your side)" in text and "North-West · alone, took the 18" in text


def test_P5_2_the_backs_do_not_pair_seats_by_colour(written: Any) -> None:
    """The backs were red at odd seats and blue at even ones (the sides of 4 players): with five
    they paired West with North-East by colour while West plays with East. With 3 or 5 players
    every back is blue; the words say who plays with whom."""
    from buraco_learn.render.style import back_colors

    w = TableWidget(Game.from_position(AFTER_18), viewer=SOUTH)
    styles = [v for name, v, _ in _redrawn(w, written) if name == "fill_style"]
    # Red backs only for the two pots and the stock's middle card (its stack alternates colours).
    assert back_colors("blue")[0] in styles and styles.count(back_colors("red")[0]) == len(w.game.pots) + 1
    assert table_html(w.game, viewer=SOUTH).count("back-red") == len(w.game.pots)  # only the pots' backs


def test_P5_2_lay_off_list_names_only_the_melds_of_the_side_as_formed() -> None:
    """Once the pairs have formed (P5-2), South lays off onto his own and North-East's melds only
    (TURN-2): the "Lay off onto" list holds exactly those, not the lone player's nor West's and East's."""
    g = Game.from_position(AFTER_18)
    w = TableWidget(g, viewer=SOUTH)
    listed = [v for _, v in w.target_choice.options][1:]
    assert listed == [t.id for t in g.table if t.owner in (SOUTH, NORTH_EAST)]
    assert listed and len(listed) < len(g.table)
