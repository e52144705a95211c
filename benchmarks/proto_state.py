"""A feasibility measurement (issue 12): would a ``Game`` holding its state as small integer
structures list the play phase's legal actions fast enough for random hands at 5x the baseline?

    PYTHONPATH=. python benchmarks/proto_state.py [--reps 7]

Not a change to the engine, and nothing in ``buraco_learn`` uses it. It

1. plays ``_measure.py``'s ``hands4`` workload (15 seeded 4-player fibur hands, ``random_step``)
   and records every play-phase position: the hand's card indices in order, the integer summary a
   redesigned state would keep up to date in ``apply`` (per-suit position masks, each rank's count
   code, the ranks held twice, the wild kinds, the distinct cards as a bit mask and in hand order,
   the cards held twice), the side's melds as small integers with a precomputed lay-off table
   each (a meld's card-index masks of what it may take), and the side's facts;
2. lists the play-phase legal actions from that integer form: the candidate groups and lay-off
   verdict lists looked up under integer keys in tables of interned actions, the discards from a
   per-card-index table; a table miss is filled by the engine's own group and verdict functions
   (``_set_group``, ``_run_group``, ``_lay_offs_of``: the "new work" of a changed hand, which a
   redesign would still have to do, here done at the engine's present cost);
   positions with three cards or fewer, or a one-card pile's card held (TURN-4), where the rest
   of the hand must be checked per action, are handed to the engine's ``legal_actions()`` (and
   timed as the prototype's);
3. checks every list against ``Game.legal_actions()`` (same values, same order) and counts
   mismatches; times both interleaved in one process (perf_counter, medians of ``--reps``), the
   engine with its memos fresh per hand as in a real hand, the prototype with its tables cleared
   per hand ("cold", the comparable figure) and kept across repetitions ("warm", its floor);
4. measures the hands themselves in the same process (with the engine's play-phase listing timed
   inside the loop) and projects what a hand would cost with the listing at the prototype's
   speed, the rest unchanged, with and without the cost of building the integer summary from
   scratch per position (an upper bound on what keeping it up to date in ``apply`` would add).

Restricted to what ``hands4`` meets: fibur rules (lay-offs onto the side's own melds), 4 players.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _measure import random_step  # noqa: E402

import buraco_learn.game as G  # noqa: E402
from buraco_learn import Game  # noqa: E402

CARD = G._CARD_OF  # card index -> Card (0..52, the joker 52)
DISCARDS = G._DISCARDS  # card index -> Discard (interned by the engine too)
POS = G._POS_BITS
WILD_MASK = (1 << 52) | sum(1 << (s * 13 + 1) for s in range(4))  # jokers and 2s
RANK_MASK = [sum(1 << (s * 13 + r - 1) for s in range(4)) if r else 0 for r in range(14)]

# --------------------------------------------------------------------- the integer summary


_WK_ID: dict[tuple[int, ...], int] = {}


def summarize(hand: tuple[int, ...]) -> tuple[Any, ...]:
    """The integer summary of a hand (card indices in order) that a redesigned state would keep
    up to date: ``(n, distinct, dmask, twice, masks, twos2, codes, several, wk_id, wk_cards)``."""
    masks = [0, 0, 0, 0, 0]
    twos = [0, 0, 0, 0]
    codes: dict[int, int] = {}
    several: list[int] = []
    wilds: list[int] = []
    dmask = 0
    twice = 0
    distinct: list[int] = []
    for i in hand:
        b = 1 << i
        if dmask & b:
            twice |= b
        else:
            dmask |= b
            distinct.append(i)
        if i == 52:
            if i not in wilds:
                wilds.append(i)
            continue
        s, r = divmod(i, 13)
        r += 1
        masks[s] |= POS[r]
        if r == 2:
            twos[s] += 1
            if i not in wilds:
                wilds.append(i)
        elif r in codes:
            codes[r] += 1 << (8 * s)
            if r not in several:
                several.append(r)
        else:
            codes[r] = 1 << (8 * s)
            masks[4] |= 1 << r
    several.sort()
    wk = tuple(wilds)
    wk_id = _WK_ID.setdefault(wk, len(_WK_ID))
    # The sets worth a look (two naturals and no wild make no set: the engine's own pre-test),
    # as integer keys; the suits whose positions may hold a run, as integer keys.
    set_keys = []
    for r in several:
        code = codes[r]
        if not wk and (code & 255) + (code >> 8 & 255) + (code >> 16 & 255) + (code >> 24) < 3:
            continue
        set_keys.append((r, ((r << 32) | code) << 9 | wk_id))
    run_keys = []
    for s in range(4):
        m = masks[s]
        if not (m & (m >> 1) & (m >> 2) if not wk else m & ((m >> 1) | (m >> 2))):
            continue
        run_keys.append((((s << 15 | m) << 1 | (twos[s] >= 2)) << 9 | wk_id, s, m, twos[s]))
    return (len(hand), tuple(distinct), dmask, twice, tuple(set_keys), tuple(run_keys), wk)


# A hand kept up to date card by card, as a redesigned state would in ``apply``: the card
# indices in order, the count per card index, the positions per suit (and the natural ranks at
# 4), the 2s per suit, each natural rank's count code, the ranks held twice (bits), the distinct
# cards and the cards held twice (bits). ``derive`` turns it into ``summarize``'s tuple.


def raw_new() -> list[Any]:
    return [[], [0] * 53, [0, 0, 0, 0, 0], [0, 0, 0, 0], [0] * 14, 0, 0, 0]


def raw_add(raw: list[Any], i: int) -> None:
    hand, cnt, masks, twos, codes = raw[0], raw[1], raw[2], raw[3], raw[4]
    hand.append(i)
    k = cnt[i] = cnt[i] + 1
    if k == 1:
        raw[6] |= 1 << i
    else:
        raw[7] |= 1 << i
    if i == 52:
        return
    s, r = divmod(i, 13)
    r += 1
    masks[s] |= POS[r]
    if r == 2:
        twos[s] += 1
        return
    c = codes[r] = codes[r] + (1 << (8 * s))
    masks[4] |= 1 << r
    if c & (c - 1) or c & 0x02020202:  # two naturals or more of this rank
        raw[5] |= 1 << r


def raw_remove(raw: list[Any], i: int) -> None:
    hand, cnt, masks, twos, codes = raw[0], raw[1], raw[2], raw[3], raw[4]
    hand.remove(i)
    k = cnt[i] = cnt[i] - 1
    if k == 0:
        raw[6] &= ~(1 << i)
    elif k == 1:
        raw[7] &= ~(1 << i)
    if i == 52:
        return
    s, r = divmod(i, 13)
    r += 1
    if r == 2:
        twos[s] -= 1
    else:
        c = codes[r] = codes[r] - (1 << (8 * s))
        if not c:
            masks[4] &= ~(1 << r)
        if not (c & (c - 1) or c & 0x02020202):
            raw[5] &= ~(1 << r)
    if k == 0:
        masks[s] &= ~POS[r]


def derive(raw: list[Any]) -> tuple[Any, ...]:
    """``summarize(hand)`` from the kept state, without a pass over the cards' ranks."""
    hand, _cnt, masks, twos, codes, sev, dmask, twice = raw
    distinct = tuple(dict.fromkeys(hand))
    wk = tuple([i for i in distinct if WILD_MASK >> i & 1]) if dmask & WILD_MASK else ()
    wk_id = _WK_ID.setdefault(wk, len(_WK_ID))
    set_keys = []
    while sev:
        low = sev & -sev
        r = low.bit_length() - 1
        sev ^= low
        code = codes[r]
        if not wk and (code & 255) + (code >> 8 & 255) + (code >> 16 & 255) + (code >> 24) < 3:
            continue
        set_keys.append((r, ((r << 32) | code) << 9 | wk_id))
    run_keys = []
    for s in range(4):
        m = masks[s]
        if not (m & (m >> 1) & (m >> 2) if not wk else m & ((m >> 1) | (m >> 2))):
            continue
        run_keys.append((((s << 15 | m) << 1 | (twos[s] >= 2)) << 9 | wk_id, s, m, twos[s]))
    return (len(hand), distinct, dmask, twice, tuple(set_keys), tuple(run_keys), wk)


_MELD_ID: dict[Any, int] = {}


def meld_entry(target: int, meld: Any) -> tuple[int, int, int, int, Any]:
    """A side's meld as small integers: ``(meld key, target, natural mask, wild mask, meld)``;
    the masks are the card indices it may take part of a lay-off of (see Game._legal_lay_offs)."""
    where, _bits, may_wild, lo, hi = meld._probe or G._lay_off_probe(meld)
    if where == 4:
        nat = RANK_MASK[lo]
    else:
        nat = 0
        for r in range(1, 14):
            if lo <= r <= hi or (r == 1 and hi >= 14):
                nat |= 1 << (where * 13 + r - 1)
    key = _MELD_ID.setdefault((target, id(meld)), len(_MELD_ID))
    return (key, target, nat, WILD_MASK if may_wild else 0, meld)


# --------------------------------------------------------------------- recording


MOVES: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []  # (hand number * 4 + seat, gained, lost)


def record(seeds: range) -> list[list[tuple[Game, tuple[Any, ...]]]]:
    """Per hand, every play-phase position: a clone of the game and its integer form; and in
    ``MOVES`` every change of a hand by an action (the cards it gained and lost), for the upkeep."""
    hands: list[list[Any]] = []
    MOVES.clear()
    for seed in seeds:
        game = Game.new(4, rules="fibur", seed=seed)
        rng = random.Random(seed)
        positions = []
        for seat in range(4):
            MOVES.append((len(hands) * 4 + seat, tuple(c.index for c in game.hand(seat)), ()))
        while not game.is_over:
            if game.phase == "play":
                positions.append((game.clone(), integer_form(game)))
            seat = game.to_move
            before = [c.index for c in game.hand(seat)]
            random_step(game, rng)
            after = [c.index for c in game.hand(seat)]
            gained = list(after)
            lost = []
            for i in before:
                if i in gained:
                    gained.remove(i)
                else:
                    lost.append(i)
            MOVES.append((len(hands) * 4 + seat, tuple(gained), tuple(lost)))
        hands.append(positions)
    return hands


def check_upkeep(hands: list[list[tuple[Game, Any]]]) -> int:
    """Positions whose kept state (built card by card) derives another summary than a scan's."""
    bad = 0
    for positions in hands:
        for _, form in positions:
            raw = raw_new()
            for i in form[4]:
                raw_add(raw, i)
            # a card in and out again, as a discard after a draw does
            raw_add(raw, form[4][0])
            raw_remove(raw, form[4][0])
            raw[0] = list(form[4])  # hand order as held
            if derive(raw) != form[1]:
                bad += 1
    return bad


def time_upkeep() -> float:
    """The kept state brought up to date through every hand change of the 15 hands (the cards
    gained and lost by each action, on a hand state per move: the state's own cost only)."""
    raws = [raw_new() for _ in range(4 * (MOVES[-1][0] // 4 + 1))]
    gc.collect()
    t = time.perf_counter()
    for who, gained, lost in MOVES:
        raw = raws[who]
        for i in gained:
            raw_add(raw, i)
        for i in lost:
            raw_remove(raw, i)
    return time.perf_counter() - t


def time_derive(hands: list[list[tuple[Game, Any]]]) -> float:
    raws = []
    for positions in hands:
        for _, form in positions:
            raw = raw_new()
            for i in form[4]:
                raw_add(raw, i)
            raws.append(raw)
    gc.collect()
    t = time.perf_counter()
    for raw in raws:
        derive(raw)
    return time.perf_counter() - t


def integer_form(game: Game) -> tuple[Any, ...]:
    s = game._s
    hand = tuple(c.index for c in s.hands[s.turn])
    mine, has_pot, has_bur, set_ranks = game._facts()
    melds = tuple(meld_entry(t.id, t.meld) for t in mine)
    single = s.pile_single
    restricted = single is not None and not s.held_identical
    simple = len(hand) > 3 and not restricted  # else the rest of the hand is checked per action
    roomy = len(hand) - 2 if not restricted else -1
    si = single.index if single is not None and restricted else -1
    return (simple, summarize(hand), melds, set_ranks, hand, (roomy, si, has_pot, has_bur, s.hands[s.turn]))


# --------------------------------------------------------------------- the prototype's listing

SETS: dict[int, tuple[Any, ...]] = {}
RUNS: dict[int, tuple[Any, ...]] = {}
LAYOFFS: dict[Any, tuple[Any, ...]] = {}
STATS = {"set_miss": 0, "run_miss": 0, "layoff_miss": 0, "rest": 0}


def _set_fill(key: int, r: int, wk: tuple[int, ...]) -> tuple[Any, ...]:
    STATS["set_miss"] += 1
    code = (key >> 9) & 0xFFFFFFFF
    info = G._info(G._set_group(r, code, tuple(CARD[i] for i in wk)), {})
    SETS[key] = found = info[1:]
    return found


def _run_fill(key: int, s: int, m: int, twos: int, wk: tuple[int, ...]) -> tuple[Any, ...]:
    STATS["run_miss"] += 1
    info = G._info(G._run_group(s, m, tuple(CARD[i] for i in wk), twos), {})
    RUNS[key] = found = info[1:]
    return found


def _lay_fill(key: Any, target: int, meld: Any, order: tuple[int, ...], pairs: int) -> tuple[Any, ...]:
    STATS["layoff_miss"] += 1
    maybe = [CARD[i] for i in order]
    twice = tuple([CARD[i] for i in order if pairs >> i & 1])
    LAYOFFS[key] = found = G._lay_offs_of(target, meld, maybe, twice)
    return found


def proto_legal(form: tuple[Any, ...], game: Game) -> list[Any]:
    """The play-phase legal actions from the integer form (see the module's docstring)."""
    simple, summary, melds, set_ranks, _, _ = form
    if not simple:
        return proto_legal_checked(form, game)
    _n, distinct, dmask, twice, set_keys, run_keys, wk = summary
    out: list[Any] = []
    sets = SETS
    for r, key in set_keys:
        if set_ranks >> r & 1:
            continue
        acts = sets.get(key)
        out += (acts if acts is not None else _set_fill(key, r, wk))[0]
    runs = RUNS
    for key, s, m, twos in run_keys:
        acts = runs.get(key)
        out += (acts if acts is not None else _run_fill(key, s, m, twos, wk))[0]
    if melds:
        lay = LAYOFFS
        wilds = dmask & WILD_MASK
        for mkey, target, nat, wmask, meld in melds:
            maybe = dmask & nat
            if wilds and wmask:
                maybe |= wilds
            if not maybe:
                continue
            if maybe & (maybe - 1):  # several cards: their order in the hand matters
                order = tuple([i for i in distinct if maybe >> i & 1])
                key = (mkey, order, twice & maybe)
            else:
                order = (maybe.bit_length() - 1,)
                key = (mkey << 64) | maybe | ((twice & maybe) and 1 << 63)
            acts = lay.get(key)
            out += acts if acts is not None else _lay_fill(key, target, meld, order, twice & maybe)
    out += map(DISCARDS.__getitem__, distinct)
    return out


def proto_legal_checked(form: tuple[Any, ...], game: Game) -> list[Any]:
    """The same from the integer form when the rest of the hand must be checked action by action
    (three cards or fewer, or TURN-4's one-card pile held): the rest is checked by the engine's
    own ``_remove`` and ``_rest_ok`` (counted in ``STATS["rest"]``) where the engine checks it."""
    _, summary, melds, set_ranks, _, (roomy, si, has_pot, has_bur, hand) = form
    _n, distinct, dmask, twice, set_keys, run_keys, wk = summary
    out: list[Any] = []
    groups = []
    for r, key in set_keys:
        if set_ranks >> r & 1:
            continue
        acts = SETS.get(key)
        groups.append(acts if acts is not None else _set_fill(key, r, wk))
    for key, s, m, twos in run_keys:
        acts = RUNS.get(key)
        groups.append(acts if acts is not None else _run_fill(key, s, m, twos, wk))
    for acts, longest in groups:
        if longest <= roomy:
            out += acts
            continue
        for act in acts:
            cards = act.cards
            if len(cards) <= roomy:
                out.append(act)
                continue
            STATS["rest"] += 1
            rest = G._remove(hand, cards)
            if rest is not None and game._rest_ok(rest, has_pot, has_bur or len(cards) >= 7):
                out.append(act)
    if melds:
        wilds = dmask & WILD_MASK
        for mkey, target, nat, wmask, meld in melds:
            maybe = dmask & nat
            if wilds and wmask:
                maybe |= wilds
            if not maybe:
                continue
            if maybe & (maybe - 1):
                order = tuple([i for i in distinct if maybe >> i & 1])
                key = (mkey, order, twice & maybe)
            else:
                order = (maybe.bit_length() - 1,)
                key = (mkey << 64) | maybe | ((twice & maybe) and 1 << 63)
            acts = LAYOFFS.get(key)
            if acts is None:
                acts = _lay_fill(key, target, meld, order, twice & maybe)
            if roomy >= 2:
                out += acts
                continue
            for act in acts:
                cards = act.cards
                if len(cards) <= roomy:
                    out.append(act)
                    continue
                STATS["rest"] += 1
                rest = G._remove(hand, cards)
                burraco = has_bur or len(meld) + len(cards) >= 7
                if rest is not None and game._rest_ok(rest, has_pot, burraco):
                    out.append(act)
    if _n > 1:
        if si < 0:
            out += map(DISCARDS.__getitem__, distinct)
        else:
            out += [DISCARDS[i] for i in distinct if i != si]
    else:  # the last card: CLOSE-1, CLOSE-2, the pot with the discard (the engine's own check)
        STATS["rest"] += 1
        out += game._legal_discards(game._facts(), hand, dict.fromkeys(hand))
    return out


# --------------------------------------------------------------------- measuring


def fresh_engine(hands: list[list[tuple[Game, Any]]]) -> None:
    """The engine as at the start of each hand: its memos empty, no listing remembered."""
    for positions in hands:
        memo: dict[Any, Any] = {}
        groups: dict[Any, Any] = {}
        for g, _ in positions:
            g._memo = memo
            g._groups = groups
            g._s.cache.pop("legal", None)


def time_engine(hands: list[list[tuple[Game, Any]]], warm: bool = False) -> float:
    """``warm``: the memos of a pass just made kept (each state asked again: its groups and
    verdicts remembered, only the listing itself forgotten)."""
    fresh_engine(hands)
    if warm:
        for positions in hands:
            for g, _ in positions:
                g.legal_actions()
                g._s.cache.pop("legal", None)
    gc.collect()
    t = time.perf_counter()
    for positions in hands:
        for g, _ in positions:
            g.legal_actions()
    return time.perf_counter() - t


def time_engine_split(hands: list[list[tuple[Game, Any]]]) -> tuple[float, float]:
    """The engine's time on the simple positions and on the others (per-position timers)."""
    fresh_engine(hands)
    gc.collect()
    split = [0.0, 0.0]
    pc = time.perf_counter
    for positions in hands:
        for g, form in positions:
            t = pc()
            g.legal_actions()
            split[form[0]] += pc() - t
    return split[1], split[0]


def time_proto(hands: list[list[tuple[Game, Any]]], cold: bool, per_hand: bool = True) -> float:
    """``cold``: tables empty at the start of each hand (``per_hand``) or of the 15 hands (as
    process-wide tables would be in ``hands4``'s fresh process); else filled beforehand."""
    fresh_engine(hands)
    if not cold:  # every table filled beforehand: the listing's floor
        for positions in hands:
            for g, form in positions:
                proto_legal(form, g)
        fresh_engine(hands)
    if cold:
        SETS.clear()
        RUNS.clear()
        LAYOFFS.clear()
    gc.collect()
    t = time.perf_counter()
    for positions in hands:
        if cold and per_hand:
            SETS.clear()
            RUNS.clear()
            LAYOFFS.clear()
        for g, form in positions:
            proto_legal(form, g)
    return time.perf_counter() - t


def time_proto_split(hands: list[list[tuple[Game, Any]]]) -> tuple[float, float]:
    """The prototype's time (tables cold per hand) on the simple positions and on the others."""
    fresh_engine(hands)
    gc.collect()
    split = [0.0, 0.0]
    pc = time.perf_counter
    for positions in hands:
        SETS.clear()
        RUNS.clear()
        LAYOFFS.clear()
        for g, form in positions:
            t = pc()
            proto_legal(form, g)
            split[form[0]] += pc() - t
    return split[1], split[0]


def time_fills(hands: list[list[tuple[Game, Any]]]) -> dict[str, float]:
    """One cold pass with each kind of table fill timed (the new work, at the engine's cost)."""
    global _set_fill, _run_fill, _lay_fill
    spent = {"sets": 0.0, "runs": 0.0, "lay-offs": 0.0}
    originals = (_set_fill, _run_fill, _lay_fill)

    def wrap(fn: Any, name: str) -> Any:
        def timed(*args: Any) -> Any:
            t = time.perf_counter()
            out = fn(*args)
            spent[name] += time.perf_counter() - t
            return out
        return timed

    _set_fill, _run_fill, _lay_fill = (wrap(originals[0], "sets"), wrap(originals[1], "runs"),
                                       wrap(originals[2], "lay-offs"))
    try:
        time_proto(hands, cold=True)
    finally:
        _set_fill, _run_fill, _lay_fill = originals
    return spent


def time_summaries(hands: list[list[tuple[Game, Any]]]) -> float:
    gc.collect()
    t = time.perf_counter()
    for positions in hands:
        for _, form in positions:
            summarize(form[4])
    return time.perf_counter() - t


def time_hands(seeds: range) -> tuple[float, float, int]:
    """The 15 hands as ``hands4`` plays them, and the play-phase listing's own time within."""
    spent = [0.0, 0]
    real = Game.legal_actions

    def timed(self: Game) -> list[Any]:
        if self._s.phase != "play":
            return real(self)
        t = time.perf_counter()
        out = real(self)
        spent[0] += time.perf_counter() - t
        spent[1] += 1
        return out

    gc.collect()
    t = time.perf_counter()
    for seed in seeds:
        game = Game.new(4, rules="fibur", seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            random_step(game, rng)
    plain = time.perf_counter() - t
    Game.legal_actions = timed  # type: ignore[method-assign]
    try:
        for seed in seeds:
            game = Game.new(4, rules="fibur", seed=seed)
            rng = random.Random(seed)
            while not game.is_over:
                random_step(game, rng)
    finally:
        Game.legal_actions = real  # type: ignore[method-assign]
    return plain, spent[0], int(spent[1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--reps", type=int, default=7)
    args = ap.parse_args()
    seeds = range(15)
    hands = record(seeds)
    n = sum(len(p) for p in hands)

    # Exactness: every position's list, value by value and in order.
    mismatches = 0
    SETS.clear()
    RUNS.clear()
    LAYOFFS.clear()
    fresh_engine(hands)
    for positions in hands:
        for g, form in positions:
            want = g.legal_actions()
            g._s.cache.pop("legal", None)
            got = proto_legal(form, g)
            if got != want or [type(a) for a in got] != [type(a) for a in want]:
                mismatches += 1
    simple = sum(1 for p in hands for _, f in p if f[0])
    print(f"positions: {n} play-phase over {len(hands)} hands ({n / len(hands):.1f} a hand); "
          f"{simple} with 4 cards or more and no TURN-4 card, {n - simple} with the rest checked per action "
          f"(3 cards or fewer, or TURN-4's one-card pile's card held)")
    print(f"mismatches: {mismatches} of {n}")

    bad = check_upkeep(hands)
    moved = sum(len(a) + len(b) for _, a, b in MOVES)
    print(f"kept hand state: {bad} of {n} positions derive another summary than a scan; "
          f"{len(MOVES)} hand changes, {moved} cards moved in or out over the 15 hands (deals included)")
    eng, cold, warm, summ, plain, inhand, esplit, psplit = [], [], [], [], [], [], [], []
    upk, der, glob, fills, ewarm = [], [], [], [], []
    in_calls = 0
    for _ in range(args.reps):
        eng.append(time_engine(hands))
        ewarm.append(time_engine(hands, warm=True))
        for k in STATS:
            STATS[k] = 0
        cold.append(time_proto(hands, cold=True))
        misses = dict(STATS)
        glob.append(time_proto(hands, cold=True, per_hand=False))
        fills.append(time_fills(hands))
        warm.append(time_proto(hands, cold=False))
        summ.append(time_summaries(hands))
        upk.append(time_upkeep())
        der.append(time_derive(hands))
        esplit.append(time_engine_split(hands))
        psplit.append(time_proto_split(hands))
        p, s, in_calls = time_hands(seeds)
        plain.append(p)
        inhand.append(s)
    us = 1e6 / n
    e, c, w, sm, gl = (statistics.median(x) * us for x in (eng, cold, warm, summ, glob))
    print(f"misses per pass (cold): {misses}")
    print(f"engine legal_actions(), recorded positions, memos fresh per hand: {e:.2f} us a call")
    print(f"engine legal_actions(), memos warm (the same states asked again): "
          f"{statistics.median(ewarm) * us:.2f} us a call")
    print(f"prototype, tables cold per hand: {c:.2f} us a call ({e / c:.2f}x)")
    print(f"prototype, tables cold per 15 hands: {gl:.2f} us a call ({e / gl:.2f}x)")
    print(f"prototype, tables warm:          {w:.2f} us a call ({e / w:.2f}x)")
    es = [statistics.median(x[k] for x in esplit) for k in (0, 1)]
    ps = [statistics.median(x[k] for x in psplit) for k in (0, 1)]
    counts = (simple, n - simple)
    for j, label in ((0, "4+ cards, no TURN-4 card"), (1, "rest checked per action")):
        print(f"  {label} ({counts[j]} positions): engine {es[j] * 1e6 / counts[j]:.2f} us, "
              f"prototype (cold) {ps[j] * 1e6 / counts[j]:.2f} us a call (per-call timers)")
    for k in fills[0]:
        f = statistics.median(x[k] for x in fills)
        key = {"sets": "set_miss", "runs": "run_miss", "lay-offs": "layoff_miss"}[k]
        print(f"  new {k}: {f * 1000 / len(seeds):.3f} ms a hand, {f * 1e6 / misses[key]:.2f} us each "
              f"(the engine's own functions, timer included)")
    print(f"integer summary built from scratch: {sm:.2f} us a position (upper bound on upkeep)")
    d = statistics.median(der) * us
    up_ms = statistics.median(upk) * 1000 / len(seeds)
    print(f"kept state: derive() {d:.2f} us a position; card-by-card upkeep {up_ms * 1000:.1f} us a hand "
          f"({statistics.median(upk) * 1e6 / moved:.2f} us a card moved)")
    hand_ms = statistics.median(plain) * 1000 / len(seeds)
    in_us = statistics.median(inhand) * 1e6 / in_calls
    list_ms = in_us * in_calls / 1000 / len(seeds)
    rest = hand_ms - list_ms
    per = in_calls / len(seeds)
    print(f"hands in this process: {hand_ms:.3f} ms a hand; play-phase listing inside the live "
          f"hand {in_us:.2f} us a call x {per:.1f} calls = {list_ms:.3f} ms ({100 * list_ms / hand_ms:.0f} %)")
    for label, cost, extra in (("cold", c, 0.0), ("cold + kept state (derive + upkeep)", c + d, up_ms),
                               ("cold + summary from scratch", c + sm, 0.0),
                               ("cold per 15 hands + kept state", gl + d, up_ms), ("warm", w, 0.0),
                               ("warm + kept state", w + d, up_ms)):
        proj = rest + per * cost / 1000 + extra
        print(f"  listing at the prototype's {label} speed: {proj:.3f} ms a hand, "
              f"{hand_ms / proj:.2f}x this process's hands")


if __name__ == "__main__":
    main()
