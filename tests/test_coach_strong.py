"""Issue 23, the second reader's findings 1, 2, 8 and 11: the strong bot, the hint and the coach
decide one thing. After the pot with no burraco the reserve covers lay-offs too (CLOSE-1,
CLOSE-4, notebook 8b part 5), the strong bot keeps it as the hint says, the coach's "the strong
player would..." is what ``make_bot("strong")`` plays, and the pile advice says its reason and
which meld the pile makes (TURN-1)."""

from __future__ import annotations

from buraco_learn import Card, Game
from buraco_learn.actions import Discard, Draw, LayDown, LayOff, TakePile
from buraco_learn.bots import StrongBot, make_bot
from buraco_learn.coach import judge
from buraco_learn.hints import KEEP_IN_HAND, _part_of, hint, play_advice
from tests.helpers import two

C = Card.parse

#: South's side has its pot and no burraco: hearts of four and spades of three on the table.
AFTER_POT = dict(melds="0=TH JH QH KH; 0=5S 6S 7S", took="0")


def _bot_turn(g: Game, seed: int = 0) -> list[object]:
    """The strong bot's moves to the end of South's turn (played on ``g``)."""
    bot = make_bot("strong", seed)
    moves = []
    while g.to_move == 0 and not g.is_over:
        a = bot.choose(g.view(0), g.legal_actions())
        moves.append(a)
        g.apply(a)  # type: ignore[arg-type]
    return moves


# -- finding 1: the reserve after the pot covers lay-offs ------------------------------------------
def test_after_the_pot_a_lay_off_is_kept_in_hand_rather_than_leave_three_cards() -> None:
    """9♥ and 8♠ both lay off, but laying both leaves 3 cards, 2 after the discard (CLOSE-4: the
    hand may not empty without a burraco): the hint keeps one of them, the strong bot plays just
    that, and the coach does not call laying off both the best move."""
    g = two("9H 8S 4C 4D KD", **AFTER_POT)
    advice = play_advice(g)
    assert [type(a) for a in advice.held] == [LayOff] and len(advice.actions) == 1, advice
    text = str(hint(g))
    assert "Keep 8♠ (for meld #1) in your hand for now" in text and "best reserve" in text, text
    moves = _bot_turn(g.clone())
    laid = [a for a in moves if isinstance(a, (LayDown, LayOff))]
    assert laid == list(advice.actions) and isinstance(moves[-1], Discard), moves
    assert len(g.hand(0)) - 1 - 1 >= KEEP_IN_HAND - 1
    verdict = judge(g, "layoff 1: 8S")
    assert "Best move" not in str(verdict) and "keep it in hand" in str(verdict) and not verdict.mistake, str(verdict)
    # the same advice once the 9♥ is down: the reserve holds through the turn
    g.apply("layoff 0: 9H")
    assert "Keep 8♠ (for meld #1)" in str(hint(g)) and play_advice(g).actions == ()


def test_the_readers_hand_of_lay_offs_is_not_laid_down_to_one_card() -> None:
    """The reader's case: after the pot, no burraco, every card but the discard lays off; laid
    down, one card would be left after the discard and the next turns only draw and discard. The
    strong bot, the hint and the coach keep them all (four cards) and discard."""
    g = two("9H 8S 4C KD", **AFTER_POT)
    h = hint(g)
    assert isinstance(h.action, Discard) and h.action.card not in (C("9H"), C("8S")), str(h)  # not the reserve
    assert "Keep 9♥ (for meld #0), 8♠ (for meld #1)" in str(h) or "Keep 8♠ (for meld #1), 9♥ (for meld #0)" in str(h)
    moves = _bot_turn(g.clone())
    assert len(moves) == 1 and moves[0] == h.action, moves
    assert "Best move" not in str(judge(g, "layoff 0: 9H"))


def test_the_reserve_goes_down_when_the_stock_runs_low_or_the_opponents_may_close() -> None:
    """Notebook 8b part 5: "when the stock runs low (STOCK-1), or when the opponents can close, lay
    down what you kept, since cards in hand count against you (SCORE-1)"."""
    low = Game.from_position("fibur 2p d1 t0 play | h: 9H 8S 4C KD / 5C 6C 7D AD | m: 0=TH JH QH KH; 0=5S 6S 7S "
                             "| p: 3C | s: *8 | pots: * | took: 0")
    assert not play_advice(low).held and len(play_advice(low).actions) == 2
    near = Game.from_position("fibur 2p d1 t0 play | h: 9H 8S 4C KD / 5C 6C 7D AD | m: 0=TH JH QH KH; 0=5S 6S 7S; "
                              "1=3D 3D 3C 3C 3H 3S 3S | p: 3H | s: * | pots: - | took: 0, 1")
    assert not play_advice(near).held and len(play_advice(near).actions) == 2
    moves = _bot_turn(near.clone())
    assert sum(isinstance(a, LayOff) for a in moves) == 2, moves


def test_a_lay_off_that_makes_six_cards_is_never_held() -> None:
    """A meld of six is one card from a burraco (BUR-1): the lay-off that makes it goes down, the
    other is kept."""
    g = two("9H 8H 8S 4C KD", melds="0=TH JH QH KH; 0=5S 6S 7S", took="0")
    advice = play_advice(g)
    assert LayOff(0, (C("8H"), C("9H"))) in advice.actions or any(
        isinstance(a, LayOff) and a.target == 0 and len(a.cards) == 2 for a in advice.actions), advice
    assert all(not (isinstance(a, LayOff) and a.target == 0) for a in advice.held), advice


# -- finding 11: the coach's strong player is make_bot("strong") ------------------------------------
def _strong_decisions(players: int, seed: int) -> list[tuple[Game, object, int]]:
    """Every decision of the strong seats of a seeded hand, strong bots against greedy ones: the
    position (a copy), the strong bot's move, the bot's seed."""
    g = Game.new(players, rules="fibur", seed=seed, dealer=seed % players)
    seeds = [seed * 10 + s for s in range(players)]
    bots = [make_bot("strong" if s % 2 == 0 else "greedy", seeds[s]) for s in range(players)]
    out = []
    for _ in range(5000):
        if g.is_over:
            return out
        seat = g.to_move
        a = bots[seat].choose(g.view(seat), g.legal_actions())
        if isinstance(bots[seat], StrongBot):
            out.append((g.clone(), a, seeds[seat]))
        g.apply(a)  # type: ignore[arg-type]
    raise AssertionError("the hand did not end")


def test_the_hint_and_the_coach_advise_what_the_strong_bot_plays_over_seeded_hands() -> None:
    """At every decision of the strong bot over seeded hands (2 and 4 players), the hint's move is
    the bot's (the same draw, a step of the same lays, the same discard), and the coach's verdict
    on the bot's move is never "the strong player would rather" nor a mistake."""
    wrong = []
    checked = 0
    for players, seed in [(2, 1), (2, 2), (4, 1)]:
        for g, a, bot_seed in _strong_decisions(players, seed)[::2]:
            checked += 1
            h = hint(g.clone(), seed=bot_seed)
            same = h.action == a or (isinstance(a, (LayDown, LayOff)) and h.action is not None
                                     and _part_of(a, h.action))
            v = judge(g.clone(), a, seed=bot_seed)  # type: ignore[arg-type]
            if not same or v.mistake or "would rather" in str(v) or "would keep it in hand" in str(v):
                wrong.append(f"{players}p seed {seed}, move {len(g.history)}: bot {a}, hint {h.action}\n{v}")
    assert checked > 80
    assert not wrong, "\n\n".join(wrong[:5]) + f"\n({len(wrong)} of {checked})"


# -- findings 2 and 8: the pile advice says why, and which meld the pile makes ----------------------
def test_the_pile_advice_says_which_meld_the_pile_makes() -> None:
    """Finding 8: "Take the pile" with no word of what it makes; now the meld and the pile's cards
    in it are said (TURN-1)."""
    g = two("5H 6H 9C 8D KS", pile="4C 7H", phase="draw")
    h = hint(g)
    assert h.action == TakePile(), str(h)
    assert "With the pile you could meld 5♥ 6♥ 7♥ (7♥ from the pile)." in str(h), str(h)


def test_two_similar_piles_get_the_same_advice_and_a_different_one_says_why() -> None:
    """Finding 2: "take" a 0-point 2-card pile, then "draw" on a similar one. Two piles of two
    cards that lay nothing down get the same advice (take: more cards to build with, two players);
    the pile that holds the card South threw back at its last turn gets "draw", and the reason
    names that card: taking it again passes the same cards back and forth."""
    a = two("5H 9C 8D KS QD", pile="4C JS", phase="draw")
    b = two("5H 9C 8D KS QC", pile="4C JS", phase="draw")
    ha, hb = hint(a), hint(b)
    assert ha.action == hb.action == TakePile(), (str(ha), str(hb))
    assert ha.sentences[0] == hb.sentences[0] and "either way" in ha.sentences[0], ha.sentences
    # South threw Q♦ back with a 2-card pile last turn: the same pile again is the loop
    g = Game.from_position("fibur 2p d1 t0 play | h: 8H 4C QD / 7S 4H 8C | m: 1=5H 6H 7H; 1=5C 6C 7C | p: - "
                           "| s: * | pots: *11 / *11 | took: -")
    g.discard(C("QD"))
    g.draw()
    g.discard(C("4H"))
    g.take_pile()
    g.discard(C("QD"))
    g.draw()
    g.discard(C("8C"))
    h = hint(g)
    assert h.action == Draw() == StrongBot().choose(g.view(0), g.legal_actions()), str(h)
    assert "the pile holds Q♦, which you discarded yourself" in h.sentences[0] and "back and forth" in h.sentences[0], str(h)
