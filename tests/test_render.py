"""The HTML renderers and the text descriptions: semantic classes, wild tags, natural 2s,
face-down cards that reveal nothing, the four-colour deck, tables for 2, 3 and 4 players."""

from __future__ import annotations

import re

import pytest

from buraco_learn import ALL_CARDS, JOKER, Card, Game, Meld, Suit, parse_cards
from buraco_learn.render import (Hand, card_html, describe_table, hand_html, meld_html, pile_html, side_html,
                                 sort_cards, status_line, table_html)
from buraco_learn.render.style import card_color, suit_color


def classes(html: str, cls: str = "card") -> list[list[str]]:
    """The class lists of every element whose classes include ``cls``."""
    return [c.split() for c in re.findall(r'class="([^"]*)"', html) if cls in c.split()]


def test_card_carries_semantic_classes() -> None:
    assert classes(card_html(Card.parse("2C")))[0] == ["card", "2C", "clubs", "pip"]
    assert classes(card_html(Card.parse("KD")))[0] == ["card", "KD", "diamonds", "court"]
    assert classes(card_html(JOKER))[0] == ["card", "JK", "joker"]


def test_court_cards_and_jokers_are_drawn_differently_from_pips() -> None:
    assert "court-panel" in card_html(Card.parse("QS")) and "court-panel" not in card_html(Card.parse("9S"))
    joker = card_html(JOKER)
    assert "★" in joker and "court-panel" not in joker


def test_every_face_shows_rank_and_suit_symbol_in_both_decks() -> None:
    """Suit is never shown by colour alone: every face prints its symbol beside the rank."""
    for deck in ("classic", "four-color"):
        for card in ALL_CARDS:
            html = card_html(card, deck=deck)
            if card.suit is not None:
                assert card.suit.symbol in html
                assert (">10<" if card.r == 10 else f">{card.rank.char if card.rank else ''}<") in html.replace("<br>", "<")


def test_four_color_deck_gives_each_suit_its_own_colour() -> None:
    four = {suit_color(s, "four-color") for s in Suit}
    classic = {suit_color(s, "classic") for s in Suit}
    assert len(four) == 4 and len(classic) == 2
    assert suit_color(Suit.DIAMONDS, "four-color") in card_html(Card.parse("5D"), deck="four-color")
    assert suit_color(Suit.DIAMONDS, "classic") in card_html(Card.parse("5D"))
    assert card_color(JOKER, "four-color") == card_color(JOKER, "classic")


def test_face_down_card_reveals_nothing() -> None:
    html = card_html(Card.parse("QH"), face_down=True, back="red")
    assert classes(html)[0] == ["card", "back", "back-red"]
    assert "QH" not in html and "♥" not in html and "queen" not in html
    assert card_html(Card.parse("QH"), face_down=True) == card_html(Card.parse("2C"), face_down=True)


def test_two_back_colours() -> None:
    blue = card_html(Card.parse("5S"), face_down=True, back="blue")
    red = card_html(Card.parse("5S"), face_down=True, back="red")
    assert blue != red and "back-blue" in blue and "back-red" in red


def test_selected_and_highlighted_cards_are_marked() -> None:
    assert "selected" in classes(card_html(Card.parse("5S"), selected=True))[0]
    assert "highlight" in classes(card_html(Card.parse("5S"), highlight=True))[0]
    assert "selected" not in classes(card_html(Card.parse("5S")))[0]


@pytest.mark.parametrize("kwargs, message", [
    ({"deck": "4-colour"}, "unknown deck"),
    ({"size": "huge"}, "unknown size"),
    ({"size": 2}, "unknown size"),
    ({"back": "green"}, "unknown back colour"),
])
def test_bad_options_are_refused_with_the_choices(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        card_html(Card.parse("5S"), **kwargs)  # type: ignore[arg-type]


def test_size_sets_the_card_width() -> None:
    assert "width:84px" in card_html(Card.parse("5S"), size="large")
    assert "width:100px;height:140px" in card_html(Card.parse("5S"), size=100)


def test_RUN6_wild_in_a_run_is_tagged_with_what_it_stands_for() -> None:
    meld = Meld.from_cards("5C 6C 2D")
    html = meld_html(meld)
    wild = [c for c in classes(html) if "wild" in c]
    assert wild == [["card", "2D", "diamonds", "pip", "wild"]]
    assert "= 4♣" in html and html.count("wild-tag") == 1


def test_RUN5_natural_two_is_shown_as_natural() -> None:
    html = meld_html(Meld.from_cards("AH 2H 3H"))
    assert ["card", "2H", "hearts", "pip", "natural"] in classes(html)
    assert "wild-tag" not in html


def test_SET2_wild_in_a_set_is_tagged_with_the_rank() -> None:
    html = meld_html(Meld.from_cards("7H 7D JK"))
    assert ["card", "JK", "joker", "wild"] in classes(html)
    assert "= 7<" in html


@pytest.mark.parametrize("cards, kind", [
    ("3H 4H 5H 6H 7H 8H 9H", "clean"),              # BUR-2
    ("3H 4H 5H 6H 7H 8H 9H JK", "semi-clean"),      # BUR-3: the wild at an end
    ("3H 4H JK 6H 7H 8H 9H", "dirty"),              # BUR-4: the wild inside
])
def test_BUR2_BUR4_burraco_badge_follows_the_engine(cards: str, kind: str) -> None:
    meld = Meld.from_cards(cards)
    assert meld.burraco == kind
    html = meld_html(meld)
    assert classes(html, "meld")[0][-2:] == ["burraco", kind]
    assert f"{kind} burraco" in html


def test_meld_without_burraco_has_no_badge() -> None:
    html = meld_html(Meld.from_cards("5C 6C 7C"))
    assert "badge" not in html and classes(html, "meld")[0] == ["meld", "run", "clubs"]


def test_hand_sorts_and_selects_by_shown_position() -> None:
    html = hand_html(parse_cards("KC 3S JK 3H"), selected=[1], sort="rank")
    shown = [c[1] for c in classes(html)]
    assert shown == ["3S", "3H", "KC", "JK"]
    assert [c[1] for c in classes(html) if "selected" in c] == ["3H"]


def test_sort_cards_orders() -> None:
    cards = parse_cards("5H JK 5S AH 2C")
    assert [str(c) for c in sort_cards(cards, "suit")] == ["5S", "AH", "5H", "2C", "JK"]
    assert [str(c) for c in sort_cards(cards, "rank")] == ["AH", "2C", "5S", "5H", "JK"]
    assert sort_cards(cards, None) == cards


def test_side_and_pile() -> None:
    html = side_html([Meld.from_cards("5C 6C 7C")], title="Your side", target=0)
    assert "target" in classes(html, "meld")[0] and "Your side" in html
    assert "no melds yet" in side_html([], title="Them")
    assert [c[1] for c in classes(pile_html(parse_cards("9C KD JK")))] == ["9C", "KD", "JK"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_table_shows_the_viewer_hand_and_only_backs_of_the_others(players: int) -> None:
    g = Game.new(players, seed=5)
    html = table_html(g, viewer=0)
    assert f'class="table players-{players}"' in html
    others = sum(len(g.hand(s)) for s in range(1, players))
    backs = len([c for c in classes(html) if "back" in c])
    assert backs == min(others, 11 * (players - 1)) + min(3, len(g.stock)) + len(g.pots)
    hand_part = html[html.index('class="seat south'):]
    assert sorted(c[1] for c in classes(hand_part)) == sorted(str(c) for c in g.hand(0))
    assert g.seat_name(g.to_move) in html


def test_table_reveal_shows_every_hand() -> None:
    g = Game.new(4, seed=5)
    html = table_html(g, reveal=True)
    assert len([c for c in classes(html) if "back" in c]) == 3 + len(g.pots)


def test_renderers_emit_no_svg_and_no_script() -> None:
    """Untrusted JupyterLab output strips <svg> and <script>: the HTML must not need them."""
    g = Game.new(4, seed=5)
    for html in (table_html(g), meld_html(Meld.from_cards("2C 5C 6C")), card_html(JOKER, face_down=True)):
        assert "<svg" not in html and "<script" not in html


def test_core_objects_display_through_the_renderer() -> None:
    g = Game.new(2, seed=3)
    m = Meld.from_cards("5C 6C 7C")
    c = Card.parse("7D")
    assert c._repr_html_() == card_html(c)
    assert m._repr_html_() == meld_html(m)
    assert g._repr_html_() == table_html(g)


def test_hand_helper_round_trips_its_notation() -> None:
    h = Hand("5H 6H JK", selected=[1])
    assert repr(h) == "Hand.parse('5H 6H JK')"
    assert Hand.parse(repr(h)[len("Hand.parse('"):-2]).cards == h.cards
    assert str(h) == "5♥ 6♥ JK" and list(h) == parse_cards("5H 6H JK")
    assert "selected" in h._repr_html_()


def test_status_and_description_follow_the_game() -> None:
    g = Game.new(4, seed=7, dealer=3)
    assert status_line(g, 0).startswith("Your turn (South): draw")
    g.draw()
    text = describe_table(g, 0, selected=[0])
    assert "meld, lay off, then discard" in text
    assert f"Selected: {g.hand(0)[0].pretty}." in text
    assert "Discard pile (1, bottom to top)" in text
    assert "West has 11 cards" in text


def _px(style: str, prop: str) -> int:
    m = re.search(rf"(?:^|;){prop}:(-?\d+)px", style)
    return int(m.group(1)) if m else 0


def _row_widths(html: str, cls: str) -> list[int]:
    """The drawn width of every row of cards of class ``cls``: each card's width less the part
    its negative left margin pulls over the previous card."""
    out = []
    for row in re.findall(rf'<div class="{cls}" style="[^"]*">(.*?)</div></div>(?=<div class="{cls}"|</div>|$)', html):
        styles = re.findall(r'<div class="card [^"]*" title="[^"]*" style="([^"]*)"', row)
        out.append(sum(_px(s, "width") + _px(s, "margin-left") for s in styles))
    return out


@pytest.mark.parametrize("n", [1, 8, 30, 61, 100])
def test_a_big_discard_pile_wraps_inside_its_band(n: int) -> None:
    """Exercise 6.7: a 61-card pile must not run past the table; with ``max_width`` every row of
    the pile is at most that wide, and every card is still there, bottom to top (TURN-1)."""
    cards = (list(ALL_CARDS) * 2)[:n]
    html = pile_html(cards, max_width=480)
    shown = [c[1] for c in classes(html)]
    assert shown == [str(c) for c in cards]
    rows = html.count('class="pile-row"') or 1
    assert rows <= 3
    styles = re.findall(r'<div class="card [^"]*" title="[^"]*" style="([^"]*)"', html)
    w = _px(styles[0], "width")
    per = -(-n // rows)
    steps = {w + _px(s, "margin-left") for s in styles if _px(s, "margin-left")}
    assert all(w + (per - 1) * step <= 480 for step in steps)


def test_table_pile_band_is_bounded_and_pots_keep_their_label() -> None:
    """A table whose pile holds 61 cards: the pile sits in a band of fixed maximum width, and
    the stock and pots columns do not shrink or wrap (``flex:none``, ``nowrap``)."""
    g = Game.new(2, seed=5)  # played draw-discard until the stock is down to 3, as in exercise 6.7
    while not (g.phase == "draw" and len(g.stock) == 3):
        if g.phase == "draw":
            g.draw()
        else:
            g.discard(g.legal_discards()[-1].card)
    assert len(g.pile) > 40
    html = table_html(g)
    assert "pile wrapped" in html and re.search(r'class="pile-area" style="[^"]*max-width:\d+px', html)
    assert re.search(r'class="pots" style="flex:none;white-space:nowrap"', html)
    assert "<b>Pots:</b>" in html and "2 × 11 cards" in html


@pytest.mark.parametrize("size", [30, 37, 40, 46, 60, 84])
def test_WILD_a_jokers_letters_end_above_its_wild_tag(size: int) -> None:
    """Reader shot 04-05: the "= 6♦" tag covered the R of the joker's vertical "JOKER" (it read
    "JOKE R"). The five letters, one line each, end above the tag's top edge."""
    html = card_html(JOKER, size=size, wild_for="6♦")
    index = re.search(r'<div class="index" style="([^"]*)">J<br>O<br>K<br>E<br>R</div>', html)
    tag = re.search(r'<div class="wild-tag" style="([^"]*)">', html)
    assert index is not None and tag is not None
    h = round(size * 1.4)
    line = float(re.search(r"line-height:([\d.]+)px", index.group(1)).group(1))  # type: ignore[union-attr]
    font = float(re.search(r"font-size:([\d.]+)px", index.group(1)).group(1))  # type: ignore[union-attr]
    assert font <= line
    letters_bottom = _px(index.group(1), "top") + 5 * line
    t = tag.group(1)
    tag_h = _px(t, "font-size") + 2 + 2  # line-height 1, 1px padding and 1px border, top and bottom
    assert "line-height:1" in t
    tag_top = (h - 2) - _px(t, "bottom") - tag_h  # in the card's padding box (1px border)
    assert letters_bottom <= tag_top, (letters_bottom, tag_top)
