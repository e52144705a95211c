"""The solver against brute force, and its rules (CLOSE-3, CLOSE-4, SET-4, POT-2, CLOSE-1/2).

The brute force knows nothing of the solver: it walks every sequence of legal melds and
lay-offs the engine offers (``Game.legal_melds``/``legal_lay_offs`` on clones) and keeps the
best table. The solver must find exactly the same number of points on thousands of random
small positions, for every preset.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from buraco_learn import (PRESETS, Card, Game, IllegalMove, InvalidMeld, LayOff, Meld, format_cards, make_deck,
                          parse_position)
from buraco_learn.game import candidate_melds
from buraco_learn.solver import Plan, _Search, can_close, dead_cards, meld_value, solve


def side_value(g: Game, seat: int) -> int:
    return sum(meld_value(t.meld) for t in g.side_melds(seat))


def engine_lay_offs(g: Game) -> list[LayOff]:
    """Every lay-off of one or two hand cards the engine accepts (``legal_lay_offs``, and
    ``can_lay_off`` asked of every card and pair, so that the reference does not depend on the
    filters of ``legal_lay_offs``)."""
    out = dict.fromkeys(g.legal_lay_offs())
    hand = list(dict.fromkeys(g.hand(g.to_move)))
    for t in g.lay_off_targets():
        for x, a in enumerate(hand):
            for cards in [(a,)] + [(a, b) for b in hand[x:] if b != a or g.hand(g.to_move).count(a) > 1]:
                if g.can_lay_off(t.id, list(cards)):
                    out.setdefault(LayOff(t.id, cards))
    return list(out)


def brute_force(game: Game, *, pot_value: int = 0, close: bool = False) -> int | None:
    """The best points over every state the engine lets the player reach this turn."""
    seat = game.to_move
    base = side_value(game, seat)
    had_pot = game.took_pot[seat]
    seen: set[tuple[object, ...]] = set()
    best: list[int | None] = [None]

    def offer(v: int) -> None:
        if best[0] is None or v > best[0]:
            best[0] = v

    def visit(g: Game) -> None:
        key = (tuple(sorted(c.index for c in g.hand(seat))), tuple(str(t.meld) for t in g.table))
        if key in seen:
            return
        seen.add(key)
        value = side_value(g, seat) - base
        if g.took_pot[seat] != had_pot:  # the pot was taken on the fly (POT-2): its cards are unknown
            if not close:
                offer(value + pot_value)
            return
        if close:
            hand = g.hand(seat)
            if len(hand) == 1 and g.can_discard(hand[0]):
                g2 = g.clone()
                g2.discard(hand[0])
                if g2.is_over and g2.result().closed_by == seat:
                    offer(value)
        else:
            offer(value)
        for action in [*g.legal_melds(), *engine_lay_offs(g)]:
            g2 = g.clone()
            g2.apply(action)
            visit(g2)

    visit(game)
    return best[0]


def random_position(rng: random.Random, closing: bool = False) -> Game:
    """A small concentrated position: few ranks and suits, so that melds and lay-offs abound."""
    name = rng.choice(list(PRESETS))
    rules = PRESETS[name]
    players = 4 if 2 not in rules.players else rng.choice([p for p in rules.players if p not in (3, 5)])
    span = 8 if closing else rng.choice([5, 5, 8])
    low = rng.randint(1, 14 - span)
    suits = rng.sample("SHDC", 2)
    ranks = "A23456789TJQK"
    pool = [c for c in make_deck(rules.jokers)
            if c.is_joker or c.is_two or (c.suit is not None and c.suit.value in suits
                                          and ranks.index(c.rank.char) + 1 in range(low, low + span))]
    rng.shuffle(pool)
    melds: list[tuple[int, Meld]] = []
    for n in range(rng.choice([1, 2]) if closing else rng.choice([0, 1, 1, 2])):
        sample = pool[:9] if rng.random() < 0.6 and not closing else pool[:24]
        cands = candidate_melds(sample)
        if not cands:
            continue
        cands.sort(key=len)
        cards = cands[-1] if closing and n == 0 else rng.choice(cands[len(cands) // 2:])
        try:
            meld = Meld.from_cards(cards, rules=rules)
        except InvalidMeld:  # pragma: no cover - a candidate the preset does not allow
            continue
        if meld.kind == "set" and any(m.kind == "set" and m.rank == meld.rank for _, m in melds):
            continue
        for c in cards:
            pool.remove(c)
        owner = rng.choice([0, 0, 2]) if players == 4 else 0
        melds.append((owner, meld))
    hand = [pool.pop() for _ in range(rng.randint(2, 7))]
    took = closing or rng.random() < 0.4
    pots = " / ".join(["*11"] * (1 if took else 2))
    hands = [format_cards(hand)] + ["-"] * (players - 1)
    mtext = "; ".join(f"{o}={m}" for o, m in melds) or "-"
    text = (f"{name} {players}p d{players - 1} t0 play | h: {' / '.join(hands)} | m: {mtext} | p: - | s: * "
            f"| pots: {pots} | took: {'0' if took else '-'}")
    return parse_position(text, study=True)


def positions(n: int, seed: int, closing: bool = False) -> Iterator[Game]:
    rng = random.Random(seed)
    for _ in range(n):
        yield random_position(rng, closing)


@pytest.mark.parametrize("seed", range(4))
def test_solver_equals_brute_force(seed: int) -> None:
    """Exactness: the solver's points equal brute force over the engine's legal moves."""
    for g in positions(600, seed):
        plan = solve(g)
        expect = brute_force(g)
        assert expect is not None
        assert plan.points == expect, g.position()


def test_bound_never_cuts_the_best_plan() -> None:
    """The branch and bound finds the same value as the search without any bound, on dealt hands
    of 14 to 22 cards with melds on the table (where brute force would be too slow)."""
    rng = random.Random(3)
    for n in range(200):
        g = Game.new(2 if n % 2 else 4, seed=rng.randrange(10**6), rules="fibur" if n % 3 else "wikipedia-fr")
        g.draw()
        seat = g.to_move
        size = rng.randint(14, 22)
        hand = list(g.hand(seat)) + list(g.stock[:size - 12])
        table = list(g.pots[0])
        melds = [m for m in candidate_melds(table) if len(m) >= 4][:1]
        players = g.players
        hands = [format_cards(hand)] + ["-"] * (players - 1)
        mtext = "; ".join(f"0={Meld.from_cards(m, rules=g.rules)}" for m in melds) or "-"
        took = rng.random() < 0.5
        text = (f"{g.rules.name} {players}p d{players - 1} t0 play | h: {' / '.join(hands)} | m: {mtext} | p: - "
                f"| s: * | pots: {'*11' if took else '*11 / *11'} | took: {'0' if took else '-'}")
        pos = parse_position(text, study=True)
        for close in (False, True):
            fast = _Search(pos, 0, close).run()
            slow = _Search(pos, 0, close, prune=False).run()
            assert (fast is None) == (slow is None), text
            if fast is not None and slow is not None:
                assert fast[0] == slow[0], text


@pytest.mark.parametrize("seed", range(2))
def test_can_close_equals_brute_force(seed: int) -> None:
    """CLOSE-1, CLOSE-2: can_close finds a close exactly when one exists, with the most points."""
    closes = 0
    for g in positions(400, 100 + seed, closing=True):
        plan = can_close(g)
        expect = brute_force(g, close=True)
        if expect is None:
            assert plan is None, g.position()
        else:
            closes += 1
            assert plan is not None and plan.points == expect, g.position()
    assert closes > 40


def test_pot_value_prefers_emptying_the_hand() -> None:
    """POT-2: with pot_value the objective rewards emptying the hand; brute force agrees."""
    for g in positions(300, 7):
        plan = solve(g, pot_value=150)
        expect = brute_force(g, pot_value=150)
        got = plan.points + (150 if plan.takes_pot else 0)
        assert got == expect, g.position()


POS = "fibur 2p d1 t0 play | h: {hand} / - | m: {melds} | p: 3C | s: * | pots: {pots} | took: {took}"


def game(hand: str, melds: str = "-", took: bool = False) -> Game:
    return parse_position(POS.format(hand=hand, melds=melds, pots="*11" if took else "*11 / *11",
                                      took="0" if took else "-"), study=True)


def test_close3_keeps_a_card_once_the_side_has_its_pot() -> None:
    """CLOSE-3: with the pot and a burraco, the plan keeps exactly one card to discard."""
    g = game("5H 6H 7H 8H", melds="0=3S 4S 5S 6S 7S 8S 9S", took=True)
    plan = solve(g)
    assert len(plan.rest) == 1 and plan.points == 20 and not plan.takes_pot


def test_close4_keeps_two_cards_without_a_burraco() -> None:
    """CLOSE-4: with the pot but no burraco, one card left could not end the turn."""
    plan = solve(game("5H 6H 7H 8H 9C", took=True))
    assert len(plan.rest) == 2 and plan.points == 20


def test_pot2_empties_the_hand_without_a_pot() -> None:
    """POT-2: without a pot, laying down every card takes the pot on the fly."""
    plan = solve(game("5H 6H 7H 8H"))
    assert plan.takes_pot and plan.rest == () and plan.points == 25


def test_set4_one_set_per_rank() -> None:
    """SET-4: a second set of a rank the side has is refused; the cards are laid off instead."""
    g = game("9C 9D 9H 4S", melds="0=9S 9S 9H")
    plan = solve(g)
    assert plan.melds == () and [(t, sorted(map(str, cards))) for t, cards in plan.lay_offs] == [
        (0, ["9C", "9D", "9H"])]
    assert plan.points == 30


def test_one_wild_per_meld() -> None:
    """RUN-4/SET-2: two wilds never go into one meld; the best split is found."""
    plan = solve(game("5H 6H JK 2C 9S 9D 4D"))
    assert all(sum(1 for c in m.cards if c.is_wild and m.wild is not None) <= 1 for m in plan.melds)
    assert plan.points == 5 + 5 + 30 + 10 + 10 + 20


def test_clean_burraco_not_spoiled_for_points() -> None:
    """BUR-5: laying a wild onto a clean burraco lowers its bonus, so the solver keeps it."""
    g = game("2C 4S 4D", melds="0=3H 4H 5H 6H 7H 8H 9H")
    assert solve(g).lay_offs == ()


def test_can_close_needs_a_burraco() -> None:
    """CLOSE-1/CLOSE-4: no burraco on the table and none possible: no close."""
    assert can_close(game("5H 6H 7H 9C", took=True)) is None
    plan = can_close(game("5H 6H 7H 8H 9H TH JH 4C", took=True))
    assert plan is not None and plan.discard == Card.parse("4C") and plan.points == 55 + 200


def test_can_close_never_with_a_wild() -> None:
    """CLOSE-2: the closing discard may not be a wild, so the wild is laid off instead."""
    plan = can_close(game("JH 2S", melds="0=3H 4H 5H 6H 7H 8H 9H TH", took=True))
    assert plan is not None and plan.discard == Card.parse("JH")
    assert can_close(game("2S", melds="0=3H 4H 5H 6H 7H 8H 9H TH", took=True)) is None


def test_solve_needs_the_play_phase() -> None:
    """TURN-1: the solver plans after the draw and says so."""
    g = Game.new(2, seed=1)
    with pytest.raises(IllegalMove, match="TURN-1"):
        solve(g)


def test_plan_actions_replay_on_the_game() -> None:
    """The plan's actions are legal engine actions that gain exactly plan.points."""
    for g in positions(50, 11):
        plan = solve(g)
        before = side_value(g, 0)
        for a in plan.actions():
            g.apply(a)
        assert side_value(g, 0) - before == plan.points
        assert isinstance(plan, Plan)


def test_dead_cards() -> None:
    """A card whose every partner lies in the opponents' melds can never be melded."""
    g = Game.from_position(
        "fibur 2p d1 t0 play | h: 7H KS / - | m: 1=7S 7S 7D 7D 7C 7C 7H; 1=4H 5H 6H JK(=7H) 8H 9H TH; "
        "1=5H 6H 2S(=7H) 8H 9H | p: 3C | s: * | pots: *11 / *11 | took: -")
    assert dead_cards(g) == [Card.parse("7H")]
    # Own side's set of 7s: the 7H can still be laid off onto it (TURN-2).
    g2 = Game.from_position(
        "fibur 2p d1 t0 play | h: 7H KS / - | m: 0=7S 7S 7D 7D 7C 7C 7H; 1=4H 5H 6H JK(=7H) 8H 9H TH; "
        "1=5H 6H 2S(=7H) 8H 9H | p: 3C | s: * | pots: *11 / *11 | took: -")
    assert dead_cards(g2) == []


def test_big_hands_are_solved_and_replayed() -> None:
    """30-card hands (after a big pile) are solved and the engine accepts the plan."""
    rng = random.Random(5)
    for _ in range(5):
        g = Game.new(2, seed=rng.randrange(10**6))
        g.draw()
        # Give the player to move 30 cards by setting up a position.
        deck = list(g.stock) + list(g.pots[0])
        hand = list(g.hand(g.to_move)) + deck[:19]
        text = (f"fibur 2p d1 t0 play | h: {format_cards(hand)} / - | m: - | p: - | s: * | pots: *11 / *11 "
                "| took: -")
        big = parse_position(text, study=True)
        plan = solve(big)
        assert plan.points > 0
        for a in plan.actions():
            big.apply(a)


def test_turn4_orders_the_lay_offs() -> None:
    """TURN-4: emptying the hand with one-card lay-offs, the card just taken from a one-card pile
    is not the one left alone before the last lay-off (the engine would refuse that order)."""
    g = Game.from_position("fibur 2p d1 t0 play single=QD | h: 3C QD / - | m: 0=4C 5C 6C; 0=QS QH QC | p: - "
                           "| s: * | pots: *11 / *11 | took: -")
    plan = solve(g)
    assert plan.takes_pot and plan.points == 15
    for a in plan.actions():
        g.apply(a)
    assert g.took_pot[0]


def _bot_play_positions(hands: int) -> Iterator[Game]:
    """Every play-phase position of seeded greedy-bot hands (hands of 2 to 25 cards, the pile's
    cards among them), with each preset and its player counts."""
    from buraco_learn.bots import make_bot

    presets = sorted(PRESETS)
    for seed in range(hands):
        rules = PRESETS[presets[seed % len(presets)]]
        players = rules.players[seed // len(presets) % len(rules.players)]
        g = Game.new(players, rules=rules.name, seed=seed)
        bots = [make_bot("greedy", seed * 10 + s) for s in range(players)]
        while not g.is_over:
            if g.phase == "play":
                yield g.clone()
            g.apply(bots[g.to_move].choose(g.view(g.to_move), g.legal_actions()))


def test_a_plan_keeping_a_card_is_the_one_the_replay_returns() -> None:
    """``solve`` replays on the engine only a plan that empties the hand (its order may matter,
    TURN-4); a plan that keeps a card is returned as found. Replaying those here, the engine
    accepts them in that order, with the points and the rest the plan says (the check skipped)."""
    from buraco_learn.solver import _replay_in_order

    checked = 0
    for g in [*positions(300, 21), *_bot_play_positions(16)]:
        plan = solve(g)
        if not plan.rest or not (plan.melds or plan.lay_offs):
            continue
        replayed, after = _replay_in_order(g, plan)  # raises if the engine refuses or the points differ
        assert replayed == plan
        assert sorted(after.hand(after.to_move), key=lambda c: c.sort_key) == list(plan.rest)
        checked += 1
    assert checked > 100


def test_a_finished_search_leaves_no_garbage_cycle() -> None:
    """``solve`` and ``can_close`` release their search (its bound, kept as a bound method, made a
    reference cycle through it): once they return, the search with its items and memo is freed at
    once by reference counting, and the collector finds nothing of theirs to collect."""
    import gc

    games = [*positions(60, 31), *positions(20, 32, closing=True)]
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()  # so that no automatic collection hides a cycle left behind
    try:
        for g in games:
            solve(g)
            can_close(g)
        assert gc.collect() == 0
        _Search(games[0], 0, False).run()  # a search not released: the collector finds it
        assert gc.collect() > 0
    finally:
        if enabled:
            gc.enable()


def test_set_additions_equal_the_set_group_path() -> None:
    """SET-1, SET-2: a set's lay-off additions worked out from its rank's counts
    (``_set_additions``) are those read from the candidates of its set group
    (``_group_additions``, the general path): the same cards, melds (value, repr, hash, points,
    bonus) and values, in the same order, for random sets under every preset and random hands
    (those holding a card three times or more go to the general path)."""
    from buraco_learn.solver import _group_additions, _near_cards, _set_additions

    rng = random.Random(5)
    deck = list(make_deck(4))
    fast = general = 0
    for _ in range(2500):
        cards = rng.sample(deck, rng.randint(8, 40))
        sets = [m for m in candidate_melds(cards) if Meld.from_cards(m).kind == "set"]
        if not sets:
            continue
        meld = Meld.from_cards(rng.choice(sets), rules=PRESETS[rng.choice(list(PRESETS))])
        relevant = _near_cards(meld, rng.sample(deck, rng.randint(1, 25)))
        got = _set_additions(meld, relevant)
        if got is None:
            general += 1
            continue
        want = _group_additions(meld, relevant)
        assert [(c, m, repr(m), hash(m), m.points, m.bonus, v) for c, m, v in got] == \
            [(c, m, repr(m), hash(m), m.points, m.bonus, v) for c, m, v in want], (str(meld), str(relevant))
        fast += bool(want)
    assert fast > 1000 and general > 50, (fast, general)


def test_rest_ok_of_one_card_is_the_engines_rest_check() -> None:
    """CLOSE-2, CLOSE-3, CLOSE-4, TURN-4, TURN-5: the search's rest check (``_rest_ok``), read for one
    card from the engine's lone-card check, answers as the engine's ``_rest_problem`` of that rest,
    for every shape (one card, none, several) with and without a burraco, over random positions
    (to close and not) under every preset."""
    counts: Counter[bool] = Counter()
    for g in [*positions(300, 41), *positions(100, 42, closing=True)]:
        for close in (False, True):
            s = _Search(g, 0, close)
            for kept in [*((i,) for i in range(len(s.cards))), (), (-1, -1)]:
                for bur in (False, True):
                    rest = list(g.hand(g.to_move)) if kept == (-1, -1) else [s.cards[i] for i in kept]
                    expected = g._rest_problem(rest, s.has_pot, bur or s.had_burraco) is None
                    assert s._rest_ok(kept, bur) == expected, (g.position(), kept, bur)
                    counts[expected] += 1
    assert counts[True] > 1000 and counts[False] > 300, counts


def test_search_tables_equal_their_definitions() -> None:
    """The search's set-up read from tables equals what they stand for, for random hands (every
    card up to four times) under every preset: the cards in ``_order`` with their counts, the
    bound's card points (``_card_pts``), the guard bits, the kept cards sorted by ``sort_key``;
    and the lone-card answers (``_lone_ok``, remembered per card) equal the engine's
    ``_last_cards_ok`` and ``_rest_problem`` (CLOSE-2, CLOSE-4, TURN-4) on random positions."""
    from buraco_learn.solver import _SORT_KEY, _card_pts, _lone_ok, _order

    rng = random.Random(17)
    deck = list(make_deck(4)) * 2
    for g in [*positions(200, 51), *positions(60, 52, closing=True)]:
        s = _Search(g, 0, False)
        hand = list(g.hand(g.to_move))
        assert s.cards == sorted(set(hand), key=_order)
        assert s.counts == tuple(hand.count(c) for c in s.cards)
        assert s.pts == _card_pts(s.cards, g.rules)
        assert s.guard == sum(8 << (4 * j) for j in range(len(s.cards)))
        seat = g.to_move
        for bur in (False, True):
            for pot in (g.side_has_pot(seat), not g.side_has_pot(seat)):
                cards = rng.sample(deck, rng.randint(0, 12))
                expected = [g._rest_problem([c], pot, bur) is None for c in cards]
                assert g._last_cards_ok(cards, pot, bur) == expected
                assert _lone_ok(g, cards, pot, bur) == expected, (g.position(), cards, pot, bur)
    for _ in range(500):
        cards = rng.sample(deck, rng.randint(0, 30))
        assert sorted(cards, key=_SORT_KEY) == sorted(cards, key=lambda c: c.sort_key)
