"""Layout geometry and hit-testing: cards fit, nothing overlaps what it should not, and a click
at the point the layout names for a thing lands on that thing."""

from __future__ import annotations

import statistics

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from buraco_learn import Game
from buraco_learn.render.layout import (Hit, Rect, fan, flow_melds, geometry_for, hand_geometry, hit_index,
                                        meld_strip, melds_geometry, table_geometry, wild_tag_box)
from helpers import played


def overlap(a: Rect, b: Rect) -> bool:
    return a.x < b.right and b.x < a.right and a.y < b.bottom and b.y < a.bottom


def inside(r: Rect, width: float, height: float) -> bool:
    return r.x >= 0 and r.y >= 0 and r.right <= width + 1e-6 and r.bottom <= height + 1e-6


def test_fan_keeps_the_step_and_fits_the_width() -> None:
    short = fan(5, x=0, y=0, width=1000, card_w=60, card_h=84, max_step=40)
    assert [r.x for r in short] == [0, 40, 80, 120, 160]
    long = fan(30, x=10, y=0, width=500, card_w=60, card_h=84, max_step=40)
    assert long[0].x == 10 and long[-1].right == pytest.approx(510)
    steps = {round(b.x - a.x, 6) for a, b in zip(long, long[1:])}
    assert len(steps) == 1 and steps.pop() < 40


def test_fan_lifts_selected_cards_and_can_centre() -> None:
    rects = fan(4, x=0, y=100, width=400, card_w=50, card_h=70, selected={0, 3}, lift=12)
    assert [r.y for r in rects] == [88, 100, 100, 88]
    centred = fan(2, x=0, y=0, width=400, card_w=50, card_h=70, max_step=30, center=True)
    assert centred[0].x == pytest.approx((400 - 80) / 2)
    assert fan(0, x=0, y=0, width=100, card_w=50, card_h=70) == []


def test_hit_index_prefers_the_card_on_top() -> None:
    rects = fan(3, x=0, y=0, width=300, card_w=60, card_h=84, max_step=30)
    assert hit_index(rects, 35, 10) == 1  # cards 0 and 1 overlap there; 1 is on top
    assert hit_index(rects, 5, 10) == 0
    assert hit_index(rects, 119, 83) == 2
    assert hit_index(rects, 121, 10) is None and hit_index(rects, 10, 85) is None


def test_meld_strip_widens_the_wild_slot() -> None:
    plain = meld_strip(4, x=0, y=0, card_w=40, card_h=56, step=20)
    wide = meld_strip(4, x=0, y=0, card_w=40, card_h=56, step=20, wide=1)
    assert [r.x for r in plain] == [0, 20, 40, 60]
    assert wide[2].x - wide[1].x >= 30 and wide[3].x - wide[2].x == 20


def tag_rect(card: Rect, text: str = "=10♥") -> Rect:
    """Where both renderers put a wild's tag: the bottom left of the card."""
    w, h = wild_tag_box(card.w, text)
    return Rect(card.x + 1, card.bottom - h - 2, w, h)


@pytest.mark.parametrize("card_w", [22, 31, 40, 46, 60, 77])
@pytest.mark.parametrize("step", [8, 14, 19, 26])
@pytest.mark.parametrize("wild", [0, 1, 5])
def test_RUN6_a_wilds_tag_is_never_covered_by_the_next_card(card_w: int, step: int, wild: int) -> None:
    """Issue 10: the =Q♥ tag of 2H(=QH) and a joker's tag were covered by the next card."""
    rects = meld_strip(8, x=3, y=0, card_w=card_w, card_h=card_w * 1.4, step=step, wide=wild)
    tag = tag_rect(rects[wild])
    assert tag.right <= rects[wild + 1].x, (tag, rects[wild + 1])
    assert tag.x >= rects[wild].x and tag.bottom <= rects[wild].bottom


@pytest.mark.parametrize("wild", [0, 3, 9])
def test_a_squeezed_meld_still_shows_the_wilds_tag_and_fits_its_row(wild: int) -> None:
    boxes, _ = flow_melds([(0, 14, wild)], x=0, y=0, width=260, card_w=46, card_h=64, step=19, gap=8, caption_h=15)
    cards = boxes[0].cards
    assert cards[-1].right <= 260 + 1e-6
    assert tag_rect(cards[wild]).right <= cards[wild + 1].x


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("actions", [0, 40, 90])
@pytest.mark.parametrize("pile_open", [False, True])
def test_no_label_overlaps_another_or_any_card(players: int, actions: int, pile_open: bool) -> None:
    """Issue 10: "Pots taken" overlapped "Discard pile". Every text box of the table is on the
    canvas, overlaps no other text box and no card (the drawing squeezes each text into its box)."""
    g = played(players, seed=5, actions=actions)
    for width in (640, 960, 1600):
        geo = geometry_for(g, 0, width=width, pile_open=pile_open)
        boxes = geo.labels
        assert {"turn", "score", "stock", "pots", "pile", "hand"} <= set(boxes)
        for r in boxes.values():
            assert inside(r, geo.width, geo.height), r
        for (na, a), (nb, b) in combinations(boxes.items(), 2):
            assert not overlap(a, b), (na, a, nb, b)
        cards = [*geo.hand, geo.stock, *geo.pots, *geo.pile]
        cards += [r for s in geo.seats for r in s.cards]
        cards += [r for s in geo.sides for b in s.melds for r in b.cards]
        lifted = [Rect(r.x, r.y - 2 * geo.unit, r.w, r.h) for r in cards]  # the stock's stacked backs
        for name, r in boxes.items():
            for c in lifted:
                assert not overlap(r, c), (name, r, c)


def test_pots_taken_and_discard_pile_labels_are_apart() -> None:
    geo = table_geometry(players=2, viewer=0, width=960, hand_size=11, hand_sizes=[11, 11],
                         sides=[((0,), []), ((1,), [])], pile_size=9, pots=0)
    assert geo.labels["pots"].right < geo.labels["pile"].x


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_table_is_wide_and_low(players: int) -> None:
    """Issue 10: the table fits a laptop screen: mid-hand tables with melds on both sides (ten
    seeded hands of strong bots, 60 moves in) keep a shape about 1.7 times as wide as high in the
    median (so at 60 % of a 768 px window it fills about 800 px of width), never under 1.3 (a
    table of 15 melds or more, their rows wrapped), and the hand spreads across the width. One seed was
    asked for 1.8 before: a 4-player table with 12-14 melds is 1.74, and that seed passed by luck."""
    shapes = []
    for seed in range(1, 11):
        g = played(players, seed=seed, actions=60)
        geo = geometry_for(g, 0, width=1600)
        shapes.append(geo.width / geo.height)
        hand = geo.hand
        if len(hand) > 1:
            assert hand[-1].right - hand[0].x >= 0.6 * geo.width or hand[1].x - hand[0].x >= geo.card[0]
    assert statistics.median(shapes) >= 1.7 and min(shapes) >= 1.3, shapes


def test_flow_melds_wraps_rows_and_squeezes_a_meld_wider_than_a_row() -> None:
    boxes, height = flow_melds([(0, 3), (1, 3), (2, 14)], x=0, y=0, width=200, card_w=40, card_h=56, step=20,
                               gap=10, caption_h=14)
    assert [b.box.y for b in boxes] == [0, 0, 80]
    assert boxes[2].box.w == pytest.approx(200) and boxes[2].cards[-1].right <= 200 + 1e-6
    assert height == 160


@pytest.mark.parametrize("n", [1, 2, 11, 18, 30])
@pytest.mark.parametrize("width", [480, 960, 1400])
def test_a_click_at_hand_center_selects_that_card(n: int, width: int) -> None:
    g = table_geometry(players=4, viewer=0, width=width, hand_size=n, hand_sizes=[n, 11, 11, 11],
                       sides=[((0, 2), []), ((1, 3), [])], pile_size=3, pots=2, selected={0})
    for i in range(n):
        assert g.hit(*g.hand_center(i)) == Hit("hand", i)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("viewer", [0, 1])
def test_table_regions_are_inside_and_do_not_overlap(players: int, viewer: int) -> None:
    g = Game.new(players, seed=4)
    geo = geometry_for(g, viewer, width=960)
    regions = [geo.status, geo.hand_area, geo.centre, *(s.area for s in geo.sides), *(s.area for s in geo.seats)]
    for r in regions:
        assert inside(r, geo.width, geo.height), r
    for a, b in combinations(regions, 2):
        assert not overlap(a, b), (a, b)
    assert len(geo.seats) == players - 1
    assert sum(1 for s in geo.sides if s.mine) == 1


def test_three_players_show_every_side_side_by_side() -> None:
    geo = geometry_for(Game.new(3, seed=4), 0)
    others = [s for s in geo.sides if not s.mine]
    mine = next(s for s in geo.sides if s.mine)
    assert len(others) == 2
    assert others[0].area.y == others[1].area.y == mine.area.y
    assert others[0].area.right < others[1].area.x < others[1].area.right < mine.area.x
    assert [s.where for s in geo.seats] == ["west", "east"]


def test_hit_finds_stock_pile_pots_melds_and_seats() -> None:
    geo = table_geometry(players=4, viewer=0, width=960, hand_size=11, hand_sizes=[11] * 4,
                         sides=[((0, 2), [(0, 3), (2, 7, 3)]), ((1, 3), [(1, 4)])], pile_size=4, pots=2)
    assert geo.hit(*geo.stock.center) == Hit("stock")
    assert geo.hit(*geo.pile[-1].center) == Hit("pile")
    assert geo.hit(*geo.pots[1].center) == Hit("pot", 1)
    for mid in (0, 1, 2):
        assert geo.hit(*geo.meld_center(mid)) == Hit("meld", mid)
    west = next(s for s in geo.seats if s.where == "west")
    assert geo.hit(*west.cards[0].center) == Hit("seat", west.seat)
    assert geo.hit(geo.width - 2, geo.height - 2) is None


def test_empty_pile_area_still_answers_to_a_click() -> None:
    geo = table_geometry(players=2, viewer=0, width=960, hand_size=11, hand_sizes=[11, 11],
                         sides=[((0,), []), ((1,), [])], pile_size=0, pots=2)
    assert geo.pile == () and geo.hit(*geo.pile_area.center) == Hit("pile")


def test_spread_pile_shows_more_of_each_card() -> None:
    args = dict(players=2, viewer=0, width=960, hand_size=11, hand_sizes=[11, 11], sides=[((0,), []), ((1,), [])],
                pile_size=6, pots=2)
    closed = table_geometry(**args)  # type: ignore[arg-type]
    opened = table_geometry(**args, pile_open=True)  # type: ignore[arg-type]
    assert opened.pile[1].x - opened.pile[0].x > closed.pile[1].x - closed.pile[0].x


def test_bad_table_arguments() -> None:
    with pytest.raises(ValueError, match="2, 3, 4 or 5 players"):
        table_geometry(players=6, viewer=0, width=960, hand_size=1, hand_sizes=[1] * 6, sides=[], pile_size=0, pots=0)
    with pytest.raises(ValueError, match="viewer must be a seat from 0 to 1"):
        table_geometry(players=2, viewer=2, width=960, hand_size=1, hand_sizes=[1, 1], sides=[], pile_size=0, pots=0)


def test_lone_hand_and_meld_geometry() -> None:
    rects, height = hand_geometry(5, width=720, selected=[0])
    assert all(inside(r, 720, height) for r in rects) and rects[0].y < rects[1].y
    boxes, h = melds_geometry([(0, 3), (1, 14, 0)], width=500)
    assert all(inside(b.box, 500, h) for b in boxes)


@settings(max_examples=60, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), width=st.integers(400, 1600), hand=st.integers(0, 30),
       pile=st.integers(0, 60), pots=st.integers(0, 2),
       melds=st.lists(st.integers(3, 14), max_size=14), viewer=st.integers(0, 3))
def test_every_rectangle_lies_on_the_canvas(players: int, width: int, hand: int, pile: int, pots: int,
                                            melds: list[int], viewer: int) -> None:
    viewer %= players
    sides: list[tuple[tuple[int, ...], list[tuple[int, int]]]] = (
        [((0, 2), []), ((1, 3), [])] if players == 4 else [((s,), []) for s in range(players)])
    for i, n in enumerate(melds):
        sides[i % len(sides)][1].append((i, n))
    geo = table_geometry(players=players, viewer=viewer, width=width, hand_size=hand,
                         hand_sizes=[hand if s == viewer else 11 for s in range(players)], sides=sides,
                         pile_size=pile, pots=pots, selected={0})
    rects = [*geo.hand, geo.stock, *geo.pots, *geo.pile]
    rects += [r for s in geo.seats for r in s.cards]
    rects += [b.box for s in geo.sides for b in s.melds] + [r for s in geo.sides for b in s.melds for r in b.cards]
    for r in rects:
        assert inside(r, geo.width, geo.height), r
    for mid in range(len(melds)):
        assert geo.hit(*geo.meld_center(mid)) == Hit("meld", mid)


@pytest.mark.parametrize("pile_open", [False, True])
@pytest.mark.parametrize("width", [640, 960, 1280])
def test_a_61_card_pile_stays_on_the_table_and_the_pots_label_keeps_its_width(pile_open: bool, width: int) -> None:
    """Exercise 6.7's pile of 61 cards: every card inside the pile's area and the table, and the
    stock's and pots' labels as wide as with a one-card pile."""
    def geo(pile: int):  # type: ignore[no-untyped-def]
        return table_geometry(players=2, viewer=0, width=width, hand_size=11, hand_sizes=[11, 11],
                              sides=[((0,), []), ((1,), [])], pile_size=pile, pots=2, pile_open=pile_open)
    big, small = geo(61), geo(1)
    assert len(big.pile) == 61
    for r in big.pile:
        assert r.x >= big.pile_area.x - 1e-6 and r.right <= big.pile_area.right + 1e-6
        assert r.right <= big.width - 1e-6
    assert big.labels["pots"].w == small.labels["pots"].w and big.labels["stock"].w == small.labels["stock"].w
    assert big.labels["pots"].w >= 120 * big.unit  # room for "Pots: 2 × 11 cards"


@pytest.mark.parametrize("card_w", [30, 40, 46, 60, 74, 84])
def test_WILD_a_jokers_letters_end_above_its_wild_tag_on_the_canvas(card_w: int) -> None:
    """Reader shot 04-05: the "= 6♦" tag covered the R of the joker's "JOKER". Drawn on a canvas,
    every letter of JOKER ends above the tag's top edge."""
    from buraco_learn import JOKER
    from buraco_learn.widgets.draw import draw_card

    class Recorder:
        def __init__(self) -> None:
            object.__setattr__(self, "calls", [])
            object.__setattr__(self, "font", "")

        def __setattr__(self, name: str, value: object) -> None:
            object.__setattr__(self, name, value)

        def __getattr__(self, name: str):  # type: ignore[no-untyped-def]
            return lambda *a, **k: self.calls.append((name, a, self.font))

    c = Recorder()
    r = Rect(10, 20, card_w, round(card_w * 1.4))
    draw_card(c, JOKER, r, wild_for="6♦")
    letters = [(a, font) for name, a, font in c.calls if name == "fill_text" and a[0] in "JOKER" and len(a[0]) == 1]
    assert [a[0] for a, _ in letters] == list("JOKER")
    tag_top = next(a[1] for name, a, _ in c.calls if name == "fill_rect" and a[3] == wild_tag_box(card_w, "=6♦")[1])
    for a, font in letters:
        size = float(font.split("px")[0].split()[-1])
        assert a[2] + size <= tag_top, (a, font, tag_top)
