"""The solver's time budget (issue 21): every answer within a bound on nodes, exact within it.

Big hands (22 and 30 cards, reachable after a big pile) made ``can_close`` run for minutes and a
hint for 25 s. The solver now counts the nodes it searches (``_Search.nodes``; no clock, so the
same position gets the same answer on any machine) and stops at ``NODE_BUDGET``; past it, its
answer is the best found (``Plan.proven`` False), legal and at least as good as laying down
greedily. No test here times anything: they assert on node counts and the proven flag.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

from buraco_learn import Draw, Game, LayDown, LayOff, format_cards, get_rules, make_deck, parse_cards
from buraco_learn import bots
from buraco_learn.bots import _cannot_close, make_bot
from buraco_learn.hints import hint
from buraco_learn.i18n import language
from buraco_learn.review import TurnReview
from buraco_learn.solver import NODE_BUDGET, _Search, find_close, meld_value, solve

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from _measure import solver_position  # noqa: E402  # the positions of benchmarks/solver_same.py


def position(rules: str, hand: str, melds: str, pile: str, took: bool = True) -> Game:
    """A 2-player play-phase position: ``hand`` for South, the side's ``melds``, the ``pile``;
    North holds the first 11 cards left (in card order), the rest is the stock."""
    used = Counter(parse_cards(hand)) + Counter(parse_cards(pile))
    for m in melds.split(";"):
        used.update(parse_cards(" ".join(w.split("(")[0] for w in m.split("=", 1)[1].split())))
    left = sorted((Counter(make_deck(get_rules(rules).jokers)) - used).elements(), key=lambda c: c.index)
    return Game.from_position(f"{rules} 2p d1 t0 play | h: {hand} / {format_cards(left[:11])} | m: {melds} "
                              f"| p: {pile} | s: * | pots: {'*11' if took else '*11 / *11'} | took: {'0' if took else '-'}")


#: 22 cards, ten melds of the side to lay off onto, the pot taken: the exact close search needs
#: 46,453 nodes (about 0.7 s of one core here; larger hands like it took minutes, issue 21).
HAND22 = ("wikipedia-fr", "JK 2S 2H 2D 4S 8S KS AH TH 6H KS 8H 7S 5S 9H QS 9H JH TS 7H 9S JS",
          "0=6C 2C(=7C) 8C 9C TC JC QC; 0=3S 3H 3C; 0=AS AD AC; 0=2D 3D JK(=4D) 5D 6D; 0=QH QH QC 2S(=Q); "
          "0=9S 9D 9D; 0=3H 2H(=4H) 5H; 0=4S 4H 4D 4C; 0=7S 7H 7D; 0=JK(=4C) 5C 6C 7C", "3S")
#: 22 cards again, nine wilds and 2s: both the close and the plan run out (106,430 nodes to close).
HAND22_WILD = ("fibur", "2D 2D JK 2C 2H 2S 7H 3D 4H QH 8H 9S JH AC 7C 4D AH 5S 6H 9H 4S 4C",
               "0=7S 8S 2H(=9S) TS JS QS KS; 0=6C 7C 2C(=8C) 9C; 0=AH AC JK(=A); 0=6D 6C JK(=6); 0=4H 5H 6H 7H; "
               "0=KS KH KD; 0=8C 9C TC JC QC KC; 0=9H TH JH QH; 0=3S 3S 3D 3C 2S(=3); 0=4D 5D JK(=6D) 7D 8D 9D",
               "3H")
#: 30 cards, ten of them wilds, a burraco on the table: no close exists, and proving it takes
#: 56,084 nodes; the plan itself is proven within the budget.
HAND30 = ("fibur", "JK 2H JK 2C 2S 2H 2C 2S JK 2D JD 4D KC 8H 5D 9S 5S KH AH 3S QH 3S 6H 4H 5S TC 9H AC 6D 5C",
          "0=9D TD JD QD KD AD 8D", "3H")


def side_value(g: Game) -> int:
    return sum(meld_value(t.meld) for t in g.side_melds(g.to_move))


def greedy_points(game: Game) -> int:
    """A simple greedy answer on the engine: the legal meld or lay-off that gains most, again and
    again, until none is left (stopping if the hand empties and takes the pot, POT-2)."""
    g = game.clone()
    seat = g.to_move
    start = side_value(g)
    had_pot = g.took_pot[seat]
    while g.took_pot[seat] == had_pot:
        best = None
        base = side_value(g)
        for action in [*g.legal_melds(), *g.legal_lay_offs()]:
            trial = g.clone()
            trial.apply(action)
            gain = side_value(trial) - base
            if best is None or gain > best[0]:
                best = (gain, action)
        if best is None or best[0] <= 0:
            break
        g.apply(best[1])
    return side_value(g) - start


def replayed(game: Game, actions: list) -> Game:
    """The actions played on a clone: the engine refuses any illegal one."""
    g = game.clone()
    for a in actions:
        g.apply(a)
    return g


def search_nodes(game: Game, close: bool) -> int:
    search = _Search(game, 0, close)
    search.run()
    return search.nodes


@pytest.mark.parametrize("spec", [HAND22, HAND22_WILD, HAND30], ids=["22 cards", "22 cards, wilds", "30 cards"])
def test_can_close_returns_within_the_budget_with_its_best_found(spec: tuple[str, str, str, str]) -> None:
    """CLOSE-1: past the budget the close is the best found (proven False), a close the engine
    plays to the end of the hand; within it, exact. The exact search needs more nodes than the
    budget: that is why the answer is not proven."""
    game = position(*spec)
    assert len(game.hand(0)) in (22, 30)
    assert search_nodes(game, close=True) > NODE_BUDGET
    answer = find_close(game)
    assert not answer.proven
    exact = find_close(game, budget=None)
    assert exact.proven
    if answer.plan is None:
        return
    assert not answer.plan.proven and exact.plan is not None
    assert answer.plan.points <= exact.plan.points
    g = replayed(game, answer.plan.actions())
    assert g.is_over and g.result().closed_by == 0


@pytest.mark.parametrize("spec", [HAND22_WILD, HAND30], ids=["22 cards", "30 cards"])
def test_solve_is_proven_or_the_best_found_is_legal_and_beats_greedy(spec: tuple[str, str, str, str]) -> None:
    """The plan, proven or not, is legal (the engine plays it, with the points it says) and lays
    down at least as much as the simple greedy answer."""
    game = position(*spec)
    plan = solve(game)
    g = replayed(game, plan.actions())
    assert side_value(g) - side_value(game) == plan.points
    assert plan.points >= greedy_points(game)
    assert plan.proven == (search_nodes(game, close=False) <= NODE_BUDGET)


def test_a_small_budget_gives_a_best_found_at_least_greedy() -> None:
    """Whatever the budget, even one node, the answer is legal and at least the greedy plan; the
    the plan the engine plays with the points it says."""
    game = position(*HAND22_WILD)
    greedy = greedy_points(game)
    for budget in (1, 500, 5_000):
        plan = solve(game, budget=budget)
        assert not plan.proven
        g = replayed(game, plan.actions())
        assert side_value(g) - side_value(game) == plan.points >= greedy


def test_the_node_count_stops_at_the_budget() -> None:
    """The search counts nodes, not seconds: it stops at exactly one node past its budget."""
    from buraco_learn.solver import _OutOfBudget

    search = _Search(position(*HAND30), 0, True, budget=1_000)
    with pytest.raises(_OutOfBudget):
        search.run()
    assert search.nodes == 1_001


def test_positions_exact_today_stay_exact() -> None:
    """A sample of ``benchmarks/solver_same.py``'s positions (the hardest of its 30-card ones
    among them): proven, with the value of the search without a budget."""
    for size, seed, pot in [(30, 10053, 100), (30, 10059, 100), (30, 10022, 0), (20, 20007, 0), (11, 3, 100)]:
        game = solver_position(seed, size)
        plan = solve(game, pot_value=pot)
        free = solve(game, pot_value=pot, budget=None)
        assert plan.proven and plan == free


def test_hint_says_best_found_when_not_proven() -> None:
    """The hint of a big hand returns, names a legal first action, and says "best found" (in
    French and Italian too) when the solver's budget ran out; a small hand's hint does not."""
    game = position(*HAND22)
    h = hint(game)
    assert h.action is not None and game.can(h.action)
    assert "best found" in str(h)
    with language("fr"):
        assert "meilleur trouvé" in str(hint(game)).lower()
    with language("it"):
        assert "migliore trovat" in str(hint(game)).lower()
    # No pot, so no close: the plan alone, which runs out of budget (45,679 nodes to prove it).
    plan_only = position(*HAND22_WILD, took=False)
    assert search_nodes(plan_only, close=False) > NODE_BUDGET
    h = hint(plan_only)
    assert h.action is not None and plan_only.can(h.action) and h.plan is not None and not h.plan.proven
    assert "best found" in str(h)
    # 30 cards where no close exists: the bots' own check proves it before any search, and the
    # plan is proven, so nothing is said.
    big = position(*HAND30)
    h30 = hint(big)
    assert h30.action is not None and big.can(h30.action)
    assert "best found" not in str(h30)
    small = position("fibur", "5H 6H 7H 9C 8D", "0=9S 9H 9D", "3C", took=False)
    assert "best found" not in str(hint(small))


@pytest.mark.parametrize("level", ["greedy", "strong"])
def test_bots_choose_a_legal_move_on_big_hands(level: str) -> None:
    """The greedy and strong bots decide on the 22- and 30-card hands (within the budget, its
    best found) and play the hand's turn to its end with legal actions."""
    for spec in (HAND22, HAND22_WILD, HAND30):
        game = position(*spec)
        bot = make_bot(level, 1)
        for _ in range(40):
            if game.is_over or game.to_move != 0 or game.phase != "play":
                break
            legal = game.legal_actions()
            action = bot.choose(game.view(0), legal)
            assert action in legal
            game.apply(action)
        assert game.is_over or game.to_move != 0


def test_review_says_best_found_when_not_proven() -> None:
    """A reviewed turn on a hand the solver could not prove says its best is the best found."""
    game = position(*HAND22_WILD)
    best = solve(game)
    assert not best.proven
    laid = [a for a in best.actions() if isinstance(a, (LayDown, LayOff))][:1]
    g = replayed(game, laid)
    turn = TurnReview(1, 1, Draw(), 0, tuple(laid), side_value(g) - side_value(game), best, game.position())
    assert "best found" in str(turn)
    with language("fr"):
        assert "meilleur trouvé" in str(turn).lower()


#: 44 cards (the 30 above and 14 more, a pile taken late), the pot taken and a burraco on the
#: table: both the close search and the plan search run out. Each had its own budget, and the
#: hint searched about 90,000 nodes (1.86 s of one core).
HAND44 = ("fibur", HAND30[1] + " TS JS QS KS AH 4H 5H 7H 8H TH JH QH AD 3D", HAND30[2], HAND30[3])


def searches_of(monkeypatch: pytest.MonkeyPatch) -> list[_Search]:
    """Every search made from now on (each is released once done with)."""
    done: list[_Search] = []
    release = _Search.release

    def recorded(self: _Search) -> None:
        done.append(self)
        release(self)

    monkeypatch.setattr(_Search, "release", recorded)
    monkeypatch.setattr(bots, "_PLANS", {})  # no answer remembered from another test
    return done


def work(searches: list[_Search]) -> int:
    """The searches' work as one budget counts it: nodes, a quarter node a memo answer, half a node
    for each meld or lay-off listed."""
    return sum(s.nodes + getattr(s, "hits", 0) // 4 + len(s.items) // 2 for s in searches)


def test_a_44_card_hint_does_one_budget_of_work_in_all(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint's close search and plan search share one budget: the hint answers with its best
    found, and all its searches together did no more than NODE_BUDGET nodes of work (and the
    listing of one hand's items, the one thing done when the budget is nearly spent)."""
    game = position(*HAND44)
    assert len(game.hand(0)) == 44 and not _cannot_close(game)  # the close is searched
    one_listing = len(_Search(game, 0, close=False).items) // 2
    done = searches_of(monkeypatch)
    h = hint(game)
    assert h.action is not None and game.can(h.action)
    assert h.plan is not None and not h.plan.proven and "best found" in str(h)
    assert any(s.close for s in done) and any(not s.close for s in done)  # both were asked
    assert NODE_BUDGET // 2 < work(done) <= NODE_BUDGET + one_listing + len(done)


@pytest.mark.parametrize("level", ["greedy", "strong"])
def test_a_bot_move_on_44_cards_does_one_budget_of_work(level: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot's decision on the 44-card hand: legal, and all its searches within one budget."""
    game = position(*HAND44)
    one_listing = len(_Search(game, 0, close=False).items) // 2
    done = searches_of(monkeypatch)
    legal = game.legal_actions()
    assert make_bot(level, 1).choose(game.view(0), legal) in legal
    assert work(done) <= NODE_BUDGET + one_listing + len(done)
