"""Bots: every level plays whole seeded hands for 2, 3 and 4 players and every preset without an
illegal move or an exception, through the Player protocol, seeing only its seat's view."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from buraco_learn import PRESETS, Card, Game, IllegalMove
from buraco_learn.actions import Discard, Draw, TakePile
from buraco_learn.bots import (GreedyBot, RandomBot, StrongBot, closing_risk, game_from_view, known_holdings,
                               make_bot, opponent_melds_accepting, play_hand)
from buraco_learn.players import Player
from buraco_learn.solver import can_close

CASES = [(name, n) for name, rules in PRESETS.items() for n in rules.players]


def greedy_hand(name: str, players: int, seed: int) -> tuple[Game, list[GreedyBot]]:
    """A freshly dealt seeded hand of preset ``name`` and its greedy bots, for a test to play through."""
    return (Game.new(players, rules=name, seed=seed, dealer=seed % players),
            [GreedyBot(seed * 10 + s) for s in range(players)])


def greedy_hands(seeds: int) -> Iterator[tuple[tuple[str, int, int], Game, list[GreedyBot]]]:
    """:func:`greedy_hand` for every preset and player count and ``seeds`` seeds:
    ``((preset, players, seed), game, bots)``."""
    for name, players in CASES:
        for seed in range(seeds):
            yield ((name, players, seed), *greedy_hand(name, players, seed))


@pytest.mark.parametrize("name,players", CASES)
def test_bots_play_whole_hands_legally(name: str, players: int) -> None:
    """Mixed levels play seeded hands to the end; play_hand refuses any action outside legal."""
    for seed in range(6):
        levels = ["random", "greedy", "strong", "greedy"]
        g = Game.new(players, rules=name, seed=seed, dealer=seed % players)
        bots = [make_bot(levels[(seed + s) % 4], seed * 7 + s) for s in range(players)]
        result = play_hand(g, bots)
        assert g.is_over and result.reason in ("closed", "stock")
        g.check_invariants()


def test_bots_are_players() -> None:
    """Every level implements the one Player protocol."""
    for bot in (RandomBot(), GreedyBot(), StrongBot()):
        assert isinstance(bot, Player)


def test_bots_see_only_their_view() -> None:
    """The game a bot rebuilds keeps its own hand, the table and the pile, and guesses the rest."""
    g = Game.new(4, seed=11)
    g.draw()
    v = g.view(g.to_move)
    h = game_from_view(v, seed=1)
    assert h.hand(g.to_move) == g.hand(g.to_move) and h.pile == g.pile and h.table == g.table
    assert [len(x) for x in h.hands] == [len(x) for x in g.hands]
    assert h.hands != g.hands  # the hidden hands are not read
    # The view carries no other hand: choose() works from it alone.
    assert not hasattr(v, "hands")


def test_greedy_lays_down_its_best_plan() -> None:
    """The greedy bot's first play is the solver's plan (it melds 5H 6H 7H before discarding)."""
    g = Game.from_position("fibur 2p d1 t0 play | h: 5H 6H 7H 9C KD / - | m: - | p: 3C | s: * "
                           "| pots: *11 / *11 | took: -")
    a = GreedyBot().choose(g.view(0), g.legal_actions())
    assert str(a) == "meld 5H 6H 7H"


def test_strong_never_feeds_an_opponent_meld() -> None:
    """TURN-2: with a safe card available, the strong bot does not discard one the opponents take."""
    g = Game.from_position("fibur 2p d1 t0 play | h: 8H 4C / - | m: 1=5H 6H 7H | p: 3C | s: * "
                           "| pots: *11 / *11 | took: -")
    a = StrongBot().choose(g.view(0), g.legal_actions())
    assert a == Discard(g.hand(0)[1]) and opponent_melds_accepting(g.view(0), g.hand(0)[0]) == [0]


def test_known_holdings_follow_the_public_pile() -> None:
    """TURN-1: the cards taken with the pile are public; a seat's known cards shrink as it discards."""
    g = Game.from_position("fibur 4p d3 t0 play | h: 8H 4C 9D / 5D 9S / 6C 6D / 7C 7D | m: - | p: 3C | s: * "
                           "| pots: *11 / *11 | took: -")
    g.discard(Card.parse("9D"))
    g.take_pile()
    assert known_holdings(g.view(2))[1] == Counter([Card.parse("9D")])  # 3C came before the history
    g.discard(Card.parse("9D"))
    assert known_holdings(g.view(2)) == {0: Counter(), 1: Counter(), 3: Counter()}


def test_strong_does_not_hand_the_next_player_a_meld_in_the_pile() -> None:
    """With 4 players the strong bot keeps a card that makes a run with the pile's top cards (the next
    player, an opponent, would take the pile, TURN-1), though greedy throws it as the higher card."""
    g = Game.from_position("fibur 4p d3 t0 play | h: 8H 4C / 5D 9S / 6C 6D / 7C 7D | m: - | p: 6H 7H | s: * "
                           "| pots: *11 / *11 | took: -")
    assert GreedyBot().choose(g.view(0), g.legal_actions()) == Discard(Card.parse("8H"))
    assert StrongBot().choose(g.view(0), g.legal_actions()) == Discard(Card.parse("4C"))


def test_greedy_takes_a_useful_pile() -> None:
    """TURN-1: the pile is taken when it lets the bot lay down more now."""
    g = Game.from_position("fibur 2p d1 t0 draw | h: 5H 6H 9C 8D KS / - | m: - | p: 4C 7H | s: * "
                           "| pots: *11 / *11 | took: -")
    assert GreedyBot().choose(g.view(0), g.legal_actions()) == TakePile()
    g2 = Game.from_position("fibur 2p d1 t0 draw | h: 5H 6H 9C 8D KS / - | m: - | p: QD 4C | s: * "
                            "| pots: *11 / *11 | took: -")
    assert GreedyBot().choose(g2.view(0), g2.legal_actions()) == Draw()


def test_play_hand_refuses_an_illegal_choice() -> None:
    """TURN-6: a bot that answers outside the legal actions is stopped with a clear error."""
    g = Game.new(2, seed=1)
    with pytest.raises(IllegalMove, match="not among the legal actions"):
        play_hand(g, [lambda view, legal: Discard(view.hand[0]), RandomBot()])


def test_make_bot_levels() -> None:
    assert [type(make_bot(x)).__name__ for x in ("random", "greedy", "strong")] == [
        "RandomBot", "GreedyBot", "StrongBot"]
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("expert")


def test_strong_takes_a_small_pile_that_closes_at_once() -> None:
    """CLOSE-1: with the pot and a burraco on its side, the strong bot takes a one-card pile that it
    lays off and then closes by discarding its last card, though the pile gains only 10 points."""
    g = Game.from_position("fibur 4p d3 t0 draw | h: 4C / 5D 9S / 6C 6D / 7C 7D | m: 0=3H 4H 5H 6H 7H 8H 2S "
                           "| p: 9H | s: * | pots: *11 | took: 0")
    assert StrongBot().choose(g.view(0), g.legal_actions()) == TakePile()
    g.take_pile()
    play_hand(g, [StrongBot(), GreedyBot(), GreedyBot(), GreedyBot()])
    assert g.result().closed_by == 0


def test_strong_does_not_let_the_next_player_close_with_the_pile() -> None:
    """CLOSE-1, TURN-1: East, whose side has the pot and a burraco, took 7C 6C with the pile, so
    everyone knows he holds them. Greedy throws its higher card, the 8C, with which East would take
    the pile, meld 6C 7C 8C, lay off the 10H and close; the strong bot keeps it (closing_risk)."""
    g = Game.from_position("fibur 4p d2 t3 play | h: 8C 4D 4S 6C / 9S KS / 5S 5H JD / 7C TH JS "
                           "| m: 1=3H 4H 5H 6H 7H 8H 9H | p: - | s: * | pots: *11 | took: 1")
    for action in ("discard 7C", "draw", "discard 6C", "take", "discard KS", "draw", "discard JD",
                   "take", "discard TH", "draw"):
        g.apply(action)
    view = g.view(0)
    assert g.to_move == 0 and known_holdings(view)[1] == Counter([Card.parse("7C"), Card.parse("6C")])
    eight = Card.parse("8C")
    risk = closing_risk(view, list(view.hand), random.Random(1))
    assert risk[eight] == 8 and all(n < 8 for c, n in risk.items() if c != eight)
    assert GreedyBot().choose(view, g.legal_actions()) == Discard(eight)
    fed = g.clone()
    fed.apply(Discard(eight))
    fed.apply("take")
    assert can_close(fed) is not None  # what greedy's discard would allow
    chosen = StrongBot().choose(view, g.legal_actions())
    assert isinstance(chosen, Discard) and chosen.card != eight
    g.apply(chosen)  # East cannot close with what he is known to hold and the pile
    g.apply("take")
    assert can_close(g) is None


# ---------------------------------------------------------------------------------------
# The turn's plan, kept across the play phase; the draw decision's shortcut
# ---------------------------------------------------------------------------------------
def _value(plan, pot_value: int) -> int:  # type: ignore[no-untyped-def]
    """The solver's objective for a plan: its points, plus ``pot_value`` when it takes the pot (POT-2)."""
    return plan.points + (pot_value if plan.takes_pot else 0)


def _checked_hand(name: str, players: int, seed: int, counts: Counter[str]) -> None:
    """Play a hand of greedy bots; before each decision where a bot will play what is left of its
    plan, solve the real position afresh and compare the values (the solver reads only the seat's
    view, so the real game answers as the bot's imagined one)."""
    from buraco_learn.bots import _plan_after, _side_may_close, _step_gain
    from buraco_learn.solver import solve

    g, bots = greedy_hand(name, players, seed)
    while not g.is_over:
        seat = g.to_move
        bot, view = bots[seat], g.view(seat)
        turn = bot._turn
        gain = None
        if view.phase == "play" and turn is not None and turn.step is not None:
            gain = _step_gain(turn.then, turn.step, view)
        if gain is not None:
            left = _plan_after(turn.plan, turn.step, gain)
            assert left is not None
            closing = can_close(g) if _side_may_close(view, seat) else None
            if turn.closes:
                assert closing is not None and closing.points == left.points, (name, seed, str(left), str(closing))
                counts["close"] += 1
            else:
                assert closing is None, (name, seed, str(left), str(closing))
                fresh = solve(g, pot_value=bot.pot_value)
                assert _value(fresh, bot.pot_value) == _value(left, bot.pot_value), (name, seed, str(left), str(fresh))
                counts["empty" if left.is_empty else "steps"] += 1
        g.apply(bot.choose(view, g.legal_actions()))


@pytest.mark.parametrize("name,players", CASES)
def test_the_rest_of_a_turns_plan_is_worth_a_new_solve(name: str, players: int) -> None:
    """What is left of the turn's best plan after each step is worth what a new solve of the
    position finds (the solver's objective, POT-2 included), and a close (CLOSE-1) found after a
    step is one the plan already was: over seeded hands of every preset and player count."""
    counts: Counter[str] = Counter()
    for seed in range(4):
        _checked_hand(name, players, seed, counts)
    assert counts["steps"] >= 5 and counts["empty"] >= 5, counts


@pytest.mark.slow
def test_the_rest_of_a_turns_plan_is_worth_a_new_solve_many_hands() -> None:
    """The same check over 60 more seeded hands of fibur, 2 and 4 players."""
    counts: Counter[str] = Counter()
    for seed in range(100, 130):
        for players in (2, 4):
            _checked_hand("fibur", players, seed, counts)
    assert counts["steps"] >= 200 and counts["close"] >= 1, counts


def _count_solves(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Count the bots' questions to the solver (``solve``, ``close``), remembered answers included."""
    import buraco_learn.bots as bots

    calls: Counter[str] = Counter()
    real = bots._remembered

    def remembered(game: Game, what: str, pot_value: int = 0):  # type: ignore[no-untyped-def]
        calls[what] += 1
        return real(game, what, pot_value)

    monkeypatch.setattr(bots, "_remembered", remembered)
    return calls


def test_the_turns_plan_is_played_without_solving_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """A turn of two melds solves once: the second meld and the discard follow the plan."""
    calls = _count_solves(monkeypatch)
    g = Game.from_position("fibur 2p d1 t0 play | h: 5H 6H 7H 9C 9D 9S KD 4C / - | m: - | p: 3C | s: * "
                           "| pots: *11 / *11 | took: -")
    bot = GreedyBot()
    played = []
    while g.to_move == 0 and g.phase == "play":
        a = bot.choose(g.view(0), g.legal_actions())
        played.append(a)
        g.apply(a)
    assert {frozenset(map(str, a.cards)) for a in played[:2]} == {frozenset(("5H", "6H", "7H")),  # type: ignore[attr-defined]
                                                                   frozenset(("9C", "9D", "9S"))}
    assert len(played) == 3 and played[2] == Discard(Card.parse("KD"))
    assert calls == Counter(solve=1)


def test_a_position_the_plan_did_not_lead_to_is_solved_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """After a step the bot keeps the rest of its plan only for the position that step leads to:
    asked about another one (here the step taken back, then another hand) it solves again, and
    chooses what a new bot chooses."""
    calls = _count_solves(monkeypatch)
    g = Game.from_position("fibur 2p d1 t0 play | h: 5H 6H 7H 9C 9D 9S KD 4C / - | m: - | p: 3C | s: * "
                           "| pots: *11 / *11 | took: -")
    bot = GreedyBot()
    first = bot.choose(g.view(0), g.legal_actions())
    g.apply(first)
    assert bot._turn is not None and calls["solve"] == 1
    g.undo()  # the position before the step: the plan's rest does not apply to it
    again = bot.choose(g.view(0), g.legal_actions())
    assert calls["solve"] == 2 and again == GreedyBot().choose(g.view(0), g.legal_actions())
    # A new bot lays down 5H 6H 7H, then is shown the table that step leads to with another hand.
    g = Game.from_position("fibur 2p d1 t0 play | h: 5H 6H 7H 9C 9D 9S KD 4C / - | m: - | p: 3C | s: * "
                           "| pots: *11 / *11 | took: -")
    bot = GreedyBot()
    assert str(bot.choose(g.view(0), g.legal_actions())) == "meld 5H 6H 7H"
    other = Game.from_position("fibur 2p d1 t0 play | h: 9C 9D 9S QD 4C / - | m: 0=5H 6H 7H | p: 3C | s: * "
                               "| pots: *11 / *11 | took: -")
    n = calls["solve"]
    assert bot.choose(other.view(0), other.legal_actions()) == GreedyBot().choose(other.view(0), other.legal_actions())
    assert calls["solve"] == n + 2  # this bot's, and the new bot's


def test_greedy_takes_the_pile_exactly_when_it_gains(monkeypatch: pytest.MonkeyPatch) -> None:
    """TURN-1: the greedy bot's draw decision is ``pile_gain(view) > 0`` (but not for under 15
    points its own discard back a third turn running), over the draw decisions of seeded hands, though it solves the hand as it is only when it must: not when the plan with
    the pile lays down no pile card and keeps two hand cards, nor when its previous turn ended with
    nothing left to lay down and the same side's melds and flags (``_nothing_now``), nor the hand
    with the pile when no pile card can be used (``_gains_nothing``), nor the hand with the pile
    when no pile card can be used and its plans keep what the hand as it is may keep
    (``_pile_cannot_pay``): each such answer is checked against a solve (``pile_gain``)."""
    import buraco_learn.bots as bots_module
    from buraco_learn.solver import solve

    counts: Counter[str] = Counter()
    real_now, real_nothing, real_gains = GreedyBot._plan_now, bots_module._nothing_now, bots_module._gains_nothing

    def plan_now(self: GreedyBot, view):  # type: ignore[no-untyped-def]
        counts["solved"] += self in playing
        return real_now(self, view)

    def nothing_now(view, ended):  # type: ignore[no-untyped-def]
        said = real_nothing(view, ended)
        if said:
            counts["nothing"] += 1
            assert solve(bots_module._solver_game(view, phase="play")).points == 0, str(view.hand)
        return said

    def gains_nothing(view, ended, before, new):  # type: ignore[no-untyped-def]
        said = real_gains(view, ended, before, new)
        if said and view.phase == "draw":
            counts["pile"] += 1
            taken = bots_module._solver_game(view)
            taken.take_pile()
            assert solve(taken).points == 0, (str(view.hand), str(view.pile))
        return said

    real_cannot_pay = bots_module._pile_cannot_pay

    def pile_cannot_pay(view, taken):  # type: ignore[no-untyped-def]
        said = real_cannot_pay(view, taken)
        if said:
            counts["cannot pay"] += 1
            assert GreedyBot().pile_gain(view) <= 0, (str(view.hand), str(view.pile))
        return said

    monkeypatch.setattr(GreedyBot, "_plan_now", plan_now)
    monkeypatch.setattr(bots_module, "_nothing_now", nothing_now)
    monkeypatch.setattr(bots_module, "_gains_nothing", gains_nothing)
    monkeypatch.setattr(bots_module, "_pile_cannot_pay", pile_cannot_pay)
    decisions = 0
    playing: list[GreedyBot] = []
    for case, g, bots in greedy_hands(3):
        playing[:] = bots
        while not g.is_over:
            seat = g.to_move
            view = g.view(seat)
            legal = g.legal_actions()
            if view.phase == "draw" and TakePile() in legal:
                gain = GreedyBot().pile_gain(view)
                # its own discard back a third turn running for under 15 points: no pile back and forth
                loop = gain < 15 and bots_module._own_takes_running(view) >= 2 and bots_module.own_discards_in_pile(view)[0]
                expected = gain > 0 and not loop
                action = bots[seat].choose(view, legal)
                assert (action == TakePile()) == expected, (case, str(view.hand))
                decisions += 1
            else:
                action = bots[seat].choose(view, legal)
            g.apply(action)
    assert decisions >= 500 and counts["solved"] < decisions / 3 and counts["nothing"] >= 100, (decisions, counts)
    assert counts["pile"] >= 200 and counts["cannot pay"] >= 30, counts


def test_a_close_is_not_looked_for_where_none_can_be() -> None:
    """CLOSE-1: wherever the bots skip can_close (two cards of the hand in no meld or lay-off, or
    no burraco on the side and none to be made, BUR-1, CLOSE-4), can_close indeed finds nothing;
    over the play-phase positions of seeded hands where the side may close."""
    from buraco_learn.bots import _cannot_close, _side_may_close

    counts: Counter[str] = Counter()
    for case, g, bots in greedy_hands(3):
        while not g.is_over:
            seat = g.to_move
            view = g.view(seat)
            if view.phase == "play" and _side_may_close(view, seat):
                found = can_close(g)
                if _cannot_close(g):
                    assert found is None, (case, str(found))
                    counts["skipped"] += 1
                else:
                    counts["asked"] += 1
                    counts["closes"] += found is not None
            g.apply(bots[seat].choose(view, g.legal_actions()))
    assert counts["skipped"] >= 100 and counts["closes"] >= 10, counts


def test_a_drawn_card_that_fits_nowhere_is_not_solved_for(monkeypatch: pytest.MonkeyPatch) -> None:
    """TURN-1, TURN-3: after a turn that ended with nothing to lay down, a card drawn from the stock
    that lies in no meld or lay-off lays nothing down: the bot discards without solving, and its
    discard is a new bot's (which solves); checked each time over seeded hands."""
    import buraco_learn.bots as bots_module
    from buraco_learn.solver import solve

    counts: Counter[str] = Counter()
    real = bots_module._drawn_nothing

    def drawn_nothing(view, before, ended):  # type: ignore[no-untyped-def]
        said = real(view, before, ended)
        counts["said" if said else "solved"] += 1
        if said:
            assert solve(bots_module._solver_game(view)).points == 0, str(view.hand)
        return said

    monkeypatch.setattr(bots_module, "_drawn_nothing", drawn_nothing)
    for case, g, bots in greedy_hands(3):
        while not g.is_over:
            seat = g.to_move
            view, legal = g.view(seat), g.legal_actions()
            n = counts["said"]
            action = bots[seat].choose(view, legal)
            if counts["said"] > n:
                assert action == GreedyBot().choose(view, legal), (case, str(view.hand))
            g.apply(action)
    assert counts["said"] >= 100, counts


def test_the_pile_taken_is_not_solved_again_in_the_play_phase(monkeypatch: pytest.MonkeyPatch) -> None:
    """TURN-1: the plan with the pile, solved to decide to take it, is the one played: the play
    phase of that turn runs no solve."""
    import buraco_learn.bots as bots

    runs: Counter[str] = Counter()
    real = bots.solve

    def solve(game: Game, **kw: int):  # type: ignore[no-untyped-def]
        runs[game.phase + str(len(game.hand(game.to_move)))] += 1
        return real(game, **kw)

    monkeypatch.setattr(bots, "solve", solve)
    monkeypatch.setattr(bots, "_PLANS", {})
    g = Game.from_position("fibur 2p d1 t0 draw | h: 5H 6H 9C 8D KS / - | m: - | p: 4C 7H | s: * "
                           "| pots: *11 / *11 | took: -")
    bot = GreedyBot()
    played = []
    while g.to_move == 0:
        a = bot.choose(g.view(0), g.legal_actions())
        played.append(str(a))
        g.apply(a)
    assert played[0] == "pile" and played[-1].startswith("discard") and any("meld" in p for p in played)
    assert runs == Counter({"play7": 1, "play5": 1}), runs  # the hand with the pile, the hand as it is


def test_new_cards_used_lists_the_hand_once() -> None:
    """SET-1, RUN-1: whether a pile card or a drawn card can lie in a meld of the hand is decided on
    the candidate melds of the whole hand, listed once; it equals the question asked card by card
    on the cards of its rank or suit and the wilds (the melds that can hold it), over every draw
    decision of seeded hands, with the pile or with each card of the pile alone."""
    from buraco_learn.bots import _cards_used, _lay_off_cards, _side_melds
    from buraco_learn.game import candidate_melds

    def card_by_card(view, before, new):  # type: ignore[no-untyped-def]
        hand = [*before, *new]
        for x in dict.fromkeys(new):
            if x.r == 0 or x.r == 2:
                return True
            near = [c for c in hand if c.r == x.r or c.s == x.s or c.r == 0 or c.r == 2]
            if any(x in m for m in candidate_melds(near)):
                return True
            for meld in _side_melds(view):
                if (meld._rank == x.r) if meld.kind == "set" else (meld._suit == x.s):
                    if x in _lay_off_cards(meld, hand):
                        return True
        return False

    counts: Counter[bool] = Counter()
    for case, g, bots in greedy_hands(2):
        while not g.is_over:
            seat = g.to_move
            view = g.view(seat)
            if view.phase == "draw" and view.pile:
                for new in [view.pile, *([c] for c in view.pile)]:
                    expected = card_by_card(view, view.hand, new)
                    assert _cards_used(view, view.hand, new) == expected, (case, str(view.hand), str(new))
                    counts[expected] += 1
            g.apply(bots[seat].choose(view, g.legal_actions()))
    assert counts[True] >= 200 and counts[False] >= 200, counts


def test_lay_off_cards_read_the_target_group() -> None:
    """SET-1, SET-2, RUN-1: the cards a lay-off onto a meld may hold (``_lay_off_cards``) are read
    from the candidates of the meld's own group (``game._target_group``), and for a set from its
    rank's counts; they equal the cards beyond the meld's of every candidate meld of the meld's
    cards and the hand's cards of its rank or suit and the wilds that holds the meld, over every
    side meld and hand of seeded bot hands (each preset) and random melds and hands (some holding
    a card three or four times: the set's general path)."""
    from buraco_learn.bots import (_LAY_OFF_CARDS, _group_lay_off_cards, _lay_off_cards, _set_lay_off_cards,
                                   _side_melds)
    from buraco_learn.cards import make_deck
    from buraco_learn.game import candidate_melds
    from buraco_learn.melds import Meld
    from buraco_learn.solver import _near_cards

    def reference(meld: Meld, hand: list[Card]) -> set[Card]:
        copies = meld.rules.copies  # three with five players (P5-1)
        if meld.kind == "set":
            relevant = [c for c in hand if c.r == meld._rank or c.r in (0, 2)]
        else:
            relevant = [c for c in hand if c.s == meld._suit or c.r in (0, 2)]
        out: set[Card] = set()
        if not relevant:
            return out
        for m in candidate_melds([*meld.cards, *relevant], copies):
            extra = Counter(m)
            extra.subtract(meld.cards)
            if len(m) > len(meld.cards) and min(extra.values()) >= 0:
                out.update(+extra)
        return out

    counts: Counter[str] = Counter()

    def check(meld: Meld, hand: list[Card]) -> None:
        expected = reference(meld, hand)
        assert set(_lay_off_cards(meld, hand)) == expected, (str(meld), str(hand))
        if meld.kind == "set":
            relevant = _near_cards(meld, hand)
            fast = _set_lay_off_cards(meld, relevant) if relevant else None
            if fast is not None:
                assert set(fast) == set(_group_lay_off_cards(meld, relevant)) == expected, (str(meld), str(hand))
            counts["set" if fast is not None else "set, general"] += bool(expected)
        else:
            counts["run"] += bool(expected)

    for name, players in CASES:
        g = Game.new(players, rules=name, seed=3, dealer=0)
        bots = [GreedyBot(30 + s) for s in range(players)]
        while not g.is_over:
            view = g.view(g.to_move)
            for meld in _side_melds(view):
                for hand in (list(view.hand), [*view.hand, *view.pile]):
                    _LAY_OFF_CARDS.clear()
                    check(meld, hand)
            g.apply(bots[g.to_move].choose(view, g.legal_actions()))
    rng = random.Random(12)
    deck = list(make_deck(4))
    for _ in range(1500):
        cards = rng.sample(deck, rng.randint(8, 30))
        melds = [m for m in candidate_melds(cards) if len(m) >= 3]
        if melds:
            check(Meld.from_cards(rng.choice(melds)), rng.sample(deck, rng.randint(1, 25)))
    assert counts["set"] > 300 and counts["run"] > 300 and counts["set, general"] > 10, counts


def test_lone_card_answers_as_check_rest() -> None:
    """CLOSE-2, CLOSE-4, TURN-4: whether the card a bot discarded could have been kept alone
    (``_LoneCard.ok``, read from the engine's lone-card check) is ``Game.check_rest([card])`` and
    ``check_rest([card], makes_burraco=True)`` both passing, for every card of every play-phase
    position of seeded greedy hands of each preset and player count (with and without a pot, a
    burraco, a one-card pile's card)."""
    from buraco_learn.bots import _LoneCard, _solver_game

    counts: Counter[bool] = Counter()
    for case, g, bots in greedy_hands(2):
        while not g.is_over:
            view = g.view(g.to_move)
            if view.phase == "play":
                game = _solver_game(view)
                for card in dict.fromkeys(view.hand):
                    try:
                        game.check_rest([card])
                        game.check_rest([card], makes_burraco=True)
                        expected = True
                    except IllegalMove:
                        expected = False
                    assert _LoneCard(game, card).ok() == expected, (case, str(card), game.position())
                    counts[expected] += 1
            g.apply(bots[g.to_move].choose(view, g.legal_actions()))
    assert counts[True] > 1000 and counts[False] > 300, counts


def test_multiset_helpers_equal_counters() -> None:
    """The bots' multiset questions by card index equal the Counter forms they replace, on random
    hands (each card up to four times, jokers and 2s included): ``_holds`` (a sub-multiset),
    ``_indices`` (equal multisets), and the count of a natural's near cards from the hand's counts
    (``_near_count``, which :func:`_cards_used` filters on: RUN-1, SET-1, the ace next to the king
    and to the 2)."""
    from buraco_learn.bots import _hand_counts, _holds, _indices, _near_count
    from buraco_learn.cards import make_deck

    rng = random.Random(8)
    deck = list(make_deck(4)) * 2
    held = 0
    for _ in range(4000):
        cards = rng.sample(deck, rng.randint(0, 30))
        part = rng.sample(cards, rng.randint(0, len(cards))) if rng.random() < 0.5 else rng.sample(deck, rng.randint(0, 8))
        expected = not Counter(part) - Counter(cards)
        assert _holds(cards, part) == expected, (cards, part)
        held += expected
        other = rng.sample(cards, len(cards)) if rng.random() < 0.5 else rng.sample(deck, len(cards))
        assert (_indices(cards) == _indices(other)) == (Counter(cards) == Counter(other))
        counts = _hand_counts(cards)
        for x in rng.sample(deck, 5):
            if x.r in (0, 2):
                continue
            near = sum(1 for c in cards if c.r == x.r or (c.s == x.s and c.r != 0 and (abs(c.r - x.r) <= 2
                                                                                      or abs(c.r - x.r) >= 11)))
            assert _near_count(x, counts) == near, (x, cards)
    assert 1000 < held < 3000, held


def test_next_step_and_plan_after_equal_the_counter_forms() -> None:
    """TURN-2, WILD-3: the first action of a plan found among the legal actions (``_next_step``:
    a meld's cards as a multiset, the longest lay-off within a planned one) and what is left of a
    plan after a step (``_plan_after``) equal their Counter and ``dataclasses.replace`` forms, over
    the plans (solve's and can_close's) of every play-phase position of seeded greedy hands of
    each preset and player count, each legal meld and lay-off tried as the step."""
    import dataclasses

    from buraco_learn.actions import LayDown, LayOff
    from buraco_learn.bots import _next_step, _plan_after, _solver_game
    from buraco_learn.solver import solve

    def next_step(plan, legal):  # type: ignore[no-untyped-def]
        for m in plan.melds:
            want = Counter(m.cards)
            for a in legal:
                if isinstance(a, LayDown) and Counter(a.cards) == want:
                    return a
        for target, cards in plan.lay_offs:
            want = Counter(cards)
            best = None
            for a in legal:
                if isinstance(a, LayOff) and a.target == target and not Counter(a.cards) - want:
                    if best is None or len(a.cards) > len(best.cards):
                        best = a
            if best is not None:
                return best
        return None

    def plan_after(plan, step, gain):  # type: ignore[no-untyped-def]
        if isinstance(step, LayDown):
            want = Counter(step.cards)
            for k, m in enumerate(plan.melds):
                if Counter(m.cards) == want:
                    return dataclasses.replace(plan, melds=plan.melds[:k] + plan.melds[k + 1:],
                                               points=plan.points - gain)
            return None
        for k, (target, cards) in enumerate(plan.lay_offs):
            if target == step.target:
                left = list(cards)
                for c in step.cards:
                    if c not in left:
                        return None
                    left.remove(c)
                rest = ((target, tuple(left)),) if left else ()
                return dataclasses.replace(plan, lay_offs=plan.lay_offs[:k] + rest + plan.lay_offs[k + 1:],
                                           points=plan.points - gain)
        return None

    steps = 0
    for case, g, bots in greedy_hands(1):
        while not g.is_over:
            view, legal = g.view(g.to_move), g.legal_actions()
            if view.phase == "play":
                game = _solver_game(view)
                for plan in (solve(game), can_close(game)):
                    if plan is None:
                        continue
                    assert _next_step(plan, legal) == next_step(plan, legal), (case, str(plan))
                    for a in legal:
                        if isinstance(a, (LayDown, LayOff)):
                            got = _plan_after(plan, a, 7)
                            assert got == plan_after(plan, a, 7), (case, str(plan), str(a))
                            steps += got is not None
            g.apply(bots[g.to_move].choose(view, legal))
    assert steps > 200, steps
