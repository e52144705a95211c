"""The solver's bound: an upper bound at every state, the same on bit masks as card by card.

The branch and bound is exact only if its bound never falls below what a state can still gain.
These tests check that state by state (not only the best value at the root, which
``test_solver.py`` compares with brute force and with the search without a bound): every state
the search without a bound solves exactly is worth at most its bound, and the two ways of
computing the bound (``_Search.bound`` on bit masks, used from 16 distinct cards, and
``_Search._bound_cards``) agree on every state.
"""

from __future__ import annotations

import random
from typing import Any

from buraco_learn import Game, Meld, format_cards, solver
from buraco_learn.game import candidate_melds
from buraco_learn.solver import _Search


def big_position(rng: random.Random, size: int) -> Game:
    """A dealt hand grown to ``size`` cards, a meld of the side on the table half of the time."""
    g = Game.new(2, seed=rng.randrange(10**6), rules=rng.choice(["fibur", "fibur", "wikipedia-fr"]))
    hand = list(g.hand(g.to_move)) + list(g.stock)[: size - 11]
    melds = "-"
    if rng.random() < 0.5:
        cands = [m for m in candidate_melds(list(g.pots[0])) if len(m) >= 3]
        if cands:
            melds = f"0={Meld.from_cards(rng.choice(cands), rules=g.rules)}"
    took = rng.random() < 0.3
    return Game.from_position(
        f"{g.rules.name} 2p d1 t0 play | h: {format_cards(hand)} / - | m: {melds} | p: - | s: * "
        f"| pots: {'*11' if took else '*11 / *11'} | took: {'0' if took else '-'}")


def lowest(rem: int) -> int:
    return ((rem & -rem).bit_length() - 1) // 4


def test_bound_is_an_upper_bound_at_every_state() -> None:
    """Every state the unbounded search values exactly is worth at most its bound (``capped``,
    the tightest figure the bound gives, and its card-splittable ``total``)."""
    rng = random.Random(12)
    checked = 0
    for n in range(40):
        pos = big_position(rng, rng.randint(12, 17))
        for close in (False, True):
            search = _Search(pos, rng.choice([0, 0, 100]), close, prune=False)
            search.run()
            for (rem, tmask, rmask, _, _), (value, exact, _) in search.memo.items():
                if not exact:
                    continue
                total, _, capped = search.bound(rem, lowest(rem), tmask, rmask)
                assert value <= capped <= total, (pos.position(), rem, tmask, rmask, value, capped, total)
                checked += 1
    assert checked > 2000


def test_bound_is_an_upper_bound_on_small_concentrated_positions() -> None:
    """The same state by state on the small positions of ``test_solver`` (two suits, a few ranks,
    every preset, jokers and 2s, natural 2s under ``wikipedia-fr``, melds on the table), where
    wilds are short and the bound's wild cap bites."""
    from test_solver import positions

    checked = 0
    for pos in positions(1500, 0):
        for close in (False, True):
            search = _Search(pos, 0, close, prune=False)
            search.run()
            for (rem, tmask, rmask, _, _), (value, exact, _) in search.memo.items():
                if exact:
                    total, _, capped = search.bound(rem, lowest(rem), tmask, rmask)
                    assert value <= capped <= total, (pos.position(), rem, tmask, rmask, value, capped, total)
                    checked += 1
    assert checked > 2000


def test_mask_bound_equals_card_bound() -> None:
    """From 16 distinct cards the bound is computed on bit masks with memos per suit; it gives the
    same three figures as the bound computed card by card, on every state the search visits."""
    rng = random.Random(7)
    compared = 0
    for n in range(12):
        pos = big_position(rng, rng.choice([24, 28, 30]))
        search = _Search(pos, rng.choice([0, 100]), close=False)
        if search.bound == search._bound_cards:
            continue  # fewer than 16 distinct cards
        search.run()
        for rem, tmask, rmask, _, _ in search.memo:
            i = lowest(rem)
            assert search.bound(rem, i, tmask, rmask) == search._bound_cards(rem, i, tmask, rmask), pos.position()
            compared += 1
    assert compared > 2000


def test_single_profiles_equal_the_profile_of_each_card() -> None:
    """The kept-card leaf values asked of the engine directly equal ``_profile`` card by card
    (CLOSE-3, CLOSE-4, TURN-4: with and without the pot, a burraco, a one-card pile's card)."""
    rng = random.Random(5)
    seen = set()
    for n in range(150):
        g = Game.new(2, seed=rng.randrange(10**6), rules=rng.choice(["fibur", "wikipedia-fr"]))
        burraco = "0=3H 4H 5H 6H 7H 8H 9H" if rng.random() < 0.4 else "-"
        # At most two copies of a card in all: no card of the burraco in the hand.
        hand = [c for c in g.hand(g.to_move) if burraco == "-" or str(c) not in burraco][: rng.randint(2, 11)]
        single = f" single={hand[0]}" if rng.random() < 0.3 else ""
        took = rng.random() < 0.5
        pos = Game.from_position(
            f"{g.rules.name} 2p d1 t0 play{single} | h: {format_cards(hand)} / - | m: {burraco} | p: - | s: * "
            f"| pots: {'*11' if took else '*11 / *11'} | took: {'0' if took else '-'}")
        search = _Search(pos, 0, close=False)
        expect = [search._profile((i,)) for i in range(len(search.cards))]
        assert search._single_profiles() == expect, pos.position()
        seen.update(expect)
    assert len(seen) > 1  # both kinds of last card met


def test_symmetric_twos_as_with_the_items_needs() -> None:
    """Where two 2s become interchangeable (``pair_from``, from the items swapped on their 4-bit
    fields) equals the same computed on the items' needs, swapped and sorted."""
    rng = random.Random(9)
    pairs = 0
    for n in range(40):
        pos = big_position(rng, rng.choice([20, 26, 30]))
        search = _Search(pos, 0, close=False)
        index = {(it.needs, it.target_bit, it.rank_bit): it for it in search.items}
        twos = [j for j, c in enumerate(search.cards) if c.is_two]
        expect = {}
        for x, a in enumerate(twos):
            for b in twos[x + 1:]:
                start = 0
                for it in search.items:
                    if it.low >= start and any(j in (a, b) for j, _ in it.needs):
                        other = index.get(search._swapped(it, {a: b, b: a}))
                        if other is None or (other.gain, other.burraco) != (it.gain, it.burraco):
                            start = it.low + 1
                expect[(a, b)] = start
        assert search.pair_from == expect, pos.position()
        pairs += len(expect)
        # The walk back's permutations of 2s, on the fields, find the same items as on the needs.
        by_packed = {(it.packed, it.target_bit, it.rank_bit): it for it in search.items}
        for _ in range(5):
            moved = rng.sample(twos, len(twos))
            perm = dict(zip(twos, moved))
            for it in search.items:
                assert by_packed.get(search._permuted(it, perm)) is index.get(search._swapped(it, perm))
    assert pairs > 20


def test_small_hands_searched_without_the_bound_give_the_same_plans(monkeypatch: Any) -> None:
    """Below ``_BOUND_FROM`` distinct cards ``best`` asks no bound (``_no_bound``: nothing pruned,
    card ``i`` counted). The same values and the same plans as the search asking the real bound,
    on the small positions of ``test_solver`` and on dealt hands of 11 to 13 cards; and wherever
    the search asks the real bound it counts card ``i`` (``alive_i``), as ``_no_bound`` says, so
    the children come in the same order."""
    from test_solver import positions

    rng = random.Random(21)
    games = list(positions(800, 31)) + list(positions(300, 32, closing=True))
    games += [big_position(rng, rng.randint(11, 13)) for _ in range(150)]
    small = 0
    asked = 0
    for pos in games:
        n_cards = len(set(pos.hand(pos.to_move)))
        small += n_cards < solver._BOUND_FROM
        for close in (False, True):
            pot = rng.choice([0, 0, 100])
            plain = _Search(pos, pot, close)
            got = plain.run()
            with monkeypatch.context() as m:
                m.setattr(solver, "_BOUND_FROM", 0)
                bounded = _Search(pos, pot, close)
                real = bounded.bound

                def checked(rem: int, i: int, tmask: int, rmask: int, alpha: int = -(10**9),
                            real: Any = real) -> tuple[int, bool, int]:
                    nonlocal asked
                    out = real(rem, i, tmask, rmask, alpha)
                    assert out[1], (pos.position(), rem, i)
                    asked += 1
                    return out  # type: ignore[no-any-return]

                bounded.bound = checked  # type: ignore[method-assign]
                want = bounded.run()
            assert (got is None) == (want is None), pos.position()
            if got is not None and want is not None:
                assert got[0] == want[0], pos.position()
                assert [plain.items.index(it) for it in got[1]] == [bounded.items.index(it) for it in want[1]]
                assert got[2] == want[2]
        with monkeypatch.context() as m:
            m.setattr(solver, "_BOUND_FROM", 0)
            want_plan = solver.solve(pos, pot_value=100)
            want_close = solver.can_close(pos)
        assert str(solver.solve(pos, pot_value=100)) == str(want_plan), pos.position()
        close_plan = solver.can_close(pos)
        assert str(close_plan) == str(want_close), pos.position()
    assert small > 1000 and asked > 1000


def test_canonical_twos_read_from_the_twos_fields() -> None:
    """WILD-1: the canonical form of a state (the counts of interchangeable 2s sorted), which the
    search remembers per card index and the 2s' fields alone, equals ``_canonical`` of the whole
    state, on random remaining hands (every count from none to the hand's) of 30-card hands with
    two 2s or more, from every card index where 2s are interchangeable."""
    rng = random.Random(23)
    compared = changed = 0
    for n in range(60):
        pos = big_position(rng, rng.choice([24, 28, 30]))
        search = _Search(pos, 0, close=False)
        search.run()
        tw = search.two_fields
        points = [i for i in range(len(search.cards)) if search.canon[i]]
        for _ in range(200 if points else 0):
            rem = sum(rng.randint(0, n) << (4 * j) for j, n in enumerate(search.counts))
            i = rng.choice(points)
            rem &= ~((1 << (4 * i)) - 1)  # the cards from i on, as the search's states
            twos = rem & tw
            whole = search._canonical(rem, i)[0]
            assert rem - twos + search._canonical(twos, i)[0] == whole, pos.position()
            compared += 1
            changed += whole != rem
        search.release()
    assert compared > 1000 and changed > 100, (compared, changed)
