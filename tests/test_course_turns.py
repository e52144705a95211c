"""The turns the course works through card by card are legal on the engine, and every figure the
text gives for them is the engine's (exercises/turns.py, sources 07 and 08b)."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from buraco_learn.bots import StrongBot, make_bot, opponent_melds_accepting
from buraco_learn.cards import Card
from buraco_learn.course.build import load_sources
from buraco_learn.exercises.turns import TURNS, Walk, memory_drill
from buraco_learn.game import Game

SOURCES = load_sources()
_START = re.compile(r'worked_turn\("([\w-]+)"\)')
_PLAY = re.compile(r'^turn\.play\("([^"]+)"\)$')


def _pretty(card: str) -> str:
    """A card as the course's running text writes it: ``TS`` is 10♠, ``JK`` a joker."""
    if card == "JK":
        return "joker"
    rank = {"T": "10"}.get(card[:-1], card[:-1])
    return rank + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card[-1]]


def _walks() -> list[tuple[str, str, list[tuple[str, str]]]]:
    """(stem, turn name, [(the Markdown before the move, the move)]) for every walk in a source."""
    out: list[tuple[str, str, list[tuple[str, str]]]] = []
    for stem, src in SOURCES.items():
        text = ""
        for cell in src.cells:
            if cell.kind == "md":
                text = cell.text
            elif cell.kind == "code":
                if m := _START.search(cell.text):
                    out.append((stem, m.group(1), []))
                elif m := _PLAY.match(cell.text.strip()):
                    out[-1][2].append((text, m.group(1)))
    return out


WALKS = _walks()


def test_the_course_works_through_three_turns_one_of_them_before_notebook_8() -> None:
    assert sorted(name for _, name, _ in WALKS) == sorted(TURNS)
    assert any(SOURCES[stem].number < 8 for stem, _, _ in WALKS)
    assert all(len(moves) >= 3 for _, _, moves in WALKS)


@pytest.mark.parametrize("stem,name,moves", WALKS, ids=[name for _, name, _ in WALKS])
def test_each_move_is_legal_and_its_points_are_the_engines(stem: str, name: str,
                                                           moves: list[tuple[str, str]]) -> None:
    walk = Walk(name)
    for text, action in moves:
        walk.play(action)  # an illegal move raises (TURN-6)
        gained = walk.gained()
        if gained:
            assert f"**{gained} points**" in text, f"{stem}, {action!r}: the engine says {gained} points"
        words = action.split(":")[-1].split()
        for c in [w for w in words if w not in ("meld", "discard", "layoff", "high", "low", "draw", "pile")]:
            named = any(c in code.split() for code in re.findall(r"`([^`]+)`", text))
            assert named or _pretty(c) in text, f"{stem}: {action!r} is not spelled out in the text"
    last_text = moves[-1][0]
    if walk.total() >= 50:  # the long turns end by saying what they put on the table
        assert f"**{walk.total()} points**" in last_text, f"{stem}: the turn put {walk.total()} points down"


def test_the_big_pile_turn_discards_what_the_strong_player_discards() -> None:
    """The text says the strong player throws the 9♦ there and that West would lay off the A♦."""
    walk = Walk("big-pile")
    for action in ("pile", "meld 5S 6S 7S 8S 9S", "meld 5D 5C 5H", "meld KH KC KS", "layoff 2: 4H"):
        walk.play(action)
    g = walk.game
    assert StrongBot().take_pile(Walk("big-pile").game.view(0))
    assert str(StrongBot().discard(g.view(0), g, g.legal_discards()).card) == "9D"
    assert opponent_melds_accepting(g.view(0), Card.parse("AD"))
    assert not opponent_melds_accepting(g.view(0), Card.parse("9D"))


def test_the_hand_of_wilds_ends_with_every_wild_on_the_table_and_the_pot_taken() -> None:
    walk = Walk("wild-hand")
    for _, action in next(moves for _, name, moves in WALKS if name == "wild-hand"):
        walk.play(action)
    assert walk.game.took_pot[0]
    assert not any(c.is_wild for c in walk.game.pile)
    laid = [c for m in walk.game.side_melds(0) for c in m.meld.cards]
    assert sum(c.is_wild for c in laid) == 4


def test_the_memory_drill_counts_the_pile_minus_what_north_played() -> None:
    """The exercise's hint says: seven cards, four laid down, one discarded."""
    d = memory_drill()
    pile = Counter(d.before.pile)
    assert sum(pile.values()) == 7
    north = [ev for ev in d.after.history[len(d.before.history):] if ev.seat == 2]
    laid = Counter(c for ev in north for c in getattr(ev.action, "cards", ()))
    thrown = Counter(ev.action.card for ev in north if hasattr(ev.action, "card"))
    assert sum((pile & laid).values()) == 4 and sum((pile & thrown).values()) == 1
    assert d.held() == 7 - 4 - 1
    assert "took the whole discard pile" in repr(d) and d._repr_html_().count("<li>") == len(d.moves)


def test_after_the_pot_the_reserve_builds_a_burraco_as_the_strong_player_keeps_it() -> None:
    """Part 5 of 8b: after the pot with no burraco, the text keeps the queens, as the strong
    player does (it lays the spades and the 9♥ and discards the K♦, keeping the queens and 4♣ 4♦),
    while the greedy one lays them down and keeps only 4♣ 4♦;
    with the queens kept a 4♠ then a 10♠ make a clean burraco and the 4♦ closes (CLOSE-1,
    CLOSE-4, BUR-2)."""
    bot_walk = Walk("after-pot")
    bot_walk.play("draw")
    g = bot_walk.game
    bot = StrongBot()
    while g.to_move == 0 and not g.is_over:
        g.apply(bot.choose(g.view(0), g.legal_actions()))
    assert sorted(map(str, g.hand(0))) == sorted(["QD", "QC", "QS", "4C", "4D"])
    greedy_walk = Walk("after-pot")  # the greedy player lays the queens down, as the text says
    greedy_walk.play("draw")
    g = greedy_walk.game
    greedy = make_bot("greedy")
    while g.to_move == 0 and not g.is_over:
        g.apply(greedy.choose(g.view(0), g.legal_actions()))
    assert sorted(map(str, g.hand(0))) == ["4C", "4D"]
    walk = Walk("after-pot")
    for _, action in next(moves for _, name, moves in WALKS if name == "after-pot"):
        walk.play(action)
    g = walk.game
    assert sorted(map(str, g.hand(0))) == sorted(["QD", "QC", "QS", "4C", "4D"]) and len(g.stock) == 62
    assert not g.side_has_burraco(0) and not g.side_has_pot(1)
    # the next turns, drawn by hand: a 4S goes on the spades and the 4C is the discard ...
    tail = ("8D 8C 4S JC 2H 6H 6D AD 3H | m: 0=9H TH JH QH KH; 0=7H 7D 7C; 0={spades}; 1=9C TC JC; "
            "1=5H 5D 5C | p: 3C KD{pile} | s: *{stock} | pots: *11 | took: 0")
    g = Game.from_position("fibur 2p d1 t0 play | h: QD QC QS 4C 4D 4S / "
                           + tail.format(spades="5S 6S 7S 8S 9S", pile="", stock=61))
    g.lay_off(next(t.id for t in g.table if Card.parse("9S") in t.meld.cards), "4S")
    g.discard("4C")
    # ... then a 10S makes a clean burraco of seven, the queens go down and the 4D closes
    g = Game.from_position("fibur 2p d1 t0 play | h: QD QC QS 4D TS / "
                           + tail.format(spades="4S 5S 6S 7S 8S 9S", pile=" 4C", stock=60))
    g.lay_off(next(t.id for t in g.table if Card.parse("9S") in t.meld.cards), "TS")
    assert g.side_has_burraco(0)
    g.meld("QD QC QS")
    g.discard("4D")
    assert g.is_over and g.result().closed_by == 0


def test_the_planning_turn_counts_the_copies_the_text_counts() -> None:
    """08b part 3: six of the eight nines are on the table before the draw, seven after the 9S is
    laid off, so South's set can never be a burraco (at most 5 naturals and a wild, SET-2, BUR-1);
    one 9H is on North's nines; the queens are the only ones in sight; the strong player plays the
    same turn (it lays the 9S, 4H, 8H and throws the K♠), and four cards worth 30 stay in hand."""
    walk = Walk("plan")
    g = walk.game
    nines = [c for t in g.table for c in t.meld.cards if c.r == 9]
    assert len(nines) == 6 and sum(str(c) == "9H" for c in nines) == 1
    queens = [c for t in g.table for c in t.meld.cards if c.r == 12] + [c for c in g.pile if c.r == 12]
    assert not queens and sum(c.r == 12 for c in g.hand(0)) == 2
    assert not StrongBot().take_pile(g.view(0))  # the text draws from the stock: the J♦ makes nothing
    walk.play("draw")
    assert str(walk.game.hand(0)[-1]) == "9S"
    bot_game = walk.game.clone()
    bot = StrongBot()
    played = []
    while bot_game.to_move == 0:
        action = bot.choose(bot_game.view(0), bot_game.legal_actions())
        played.append(str(action))
        bot_game.apply(action)
    for _, action in next(moves for _, name, moves in WALKS if name == "plan")[1:]:
        walk.play(action)
    assert sorted(map(str, bot_game.hand(0))) == sorted(map(str, walk.game.hand(0))) == ["3D", "6S", "QC", "QD"]
    assert sum(c.points for c in walk.game.hand(0)) == 30
    assert sum(c.r == 9 for t in walk.game.table for c in t.meld.cards) == 7
    assert not any(c.is_wild for c in walk.game.hand(0))
    hearts = next(t.meld for t in walk.game.table if t.owner == 0 and str(t.meld.cards[0]) == "4H")
    assert len(hearts.cards) == 5
