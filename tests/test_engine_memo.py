"""The engine's memos (issue 12) are keyed by everything their answer depends on: the legal
actions of a position are the same, in the same order, whether the memos are warm from other
hands or cleared (TURN-2, TURN-3, SET-4, CLOSE-3)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from buraco_learn import Game, InvalidMeld, NotationError
from buraco_learn import game as game_module
from buraco_learn.cards import Card, make_deck
from buraco_learn.melds import _analyse


def _clear() -> None:
    game_module._SET_GROUPS.clear()
    game_module._RUN_GROUPS.clear()
    game_module._CANDIDATES.clear()
    game_module._MELD_OF.clear()
    game_module._LAST_CARD.clear()
    game_module._SET_COMBOS.clear()


def _positions(seed: int, players: int, rules: str) -> list[Game]:
    g = Game.new(players, rules=rules, seed=seed)
    rng = random.Random(seed)
    out = []
    while not g.is_over:
        out.append(g.clone())
        acts = g.legal_actions()
        plays = [a for a in acts if type(a).__name__ in ("LayDown", "LayOff")]
        g.apply(rng.choice(plays) if plays and rng.random() < 0.8 else rng.choice(acts))
    return out


@pytest.mark.parametrize("rules,players", [("fibur", 4), ("classic-fr", 3), ("wikipedia-fr", 2), ("ramiroyal", 2)])
def test_legal_actions_same_with_warm_or_cleared_memos(rules: str, players: int) -> None:
    """TURN-2: every position's legal actions, in order, do not depend on what the memos hold."""
    positions = [p for seed in range(3) for p in _positions(seed, players, rules)]
    warm = [[str(a) for a in p.clone().legal_actions()] for p in positions]
    cold = []
    for p in positions:
        _clear()
        fresh = p.clone()
        fresh._memo, fresh._groups = {}, {}  # the hand's own memos, shared with clones
        fresh._s.fixed.clear()  # the facts of the table, copied by clone()
        cold.append([str(a) for a in fresh.legal_actions()])
    assert warm == cold
    assert any(len(w) > 5 for w in warm)


def test_candidate_melds_same_with_warm_or_cleared_memos() -> None:
    """RUN-1, SET-1: the candidate melds of a hand, in order, are the same whatever hands came before
    (hands with repeated cards, several wilds and the suits' own 2s)."""
    rng = random.Random(5)
    deck = make_deck(4)
    hands = [rng.sample(deck, rng.randint(3, 18)) for _ in range(600)]
    warm = [game_module._candidate_results(h) for h in hands]
    for h, w in zip(hands, warm):
        _clear()
        assert [(e[0], e[1]) for e in game_module._candidate_results(h)] == [(e[0], e[1]) for e in w]


def test_candidate_melds_carry_the_analysis_of_their_cards() -> None:
    """RUN-1, WILD-1, WILD-6: each candidate meld comes with the layout the meld analysis gives its
    cards (the enumeration builds some layouts directly: sets, runs from 3 to K with a wild)."""
    rng = random.Random(11)
    deck = make_deck(4)
    suit_heavy = [c for c in deck if c.s == 1 or c.r in (0, 2)]
    for n in range(1500):
        pool = suit_heavy if n % 2 else deck
        hand = rng.sample(pool, rng.randint(3, 16))
        _clear()
        for cards, res in game_module._candidate_results(hand):
            assert _analyse(list(cards), None) == res, cards


def test_candidate_entries_build_the_melds_from_cards_builds() -> None:
    """RUN-1, SET-1, WILD-6: the solver's candidates with their analysis (``_candidate_entries``) are
    ``candidate_melds`` in order, and under fibur the meld built from each analysis is the meld
    ``Meld.from_cards`` builds from the cards (value, layout, hash, points); under another preset
    the solver builds it from the cards."""
    from buraco_learn import solver
    from buraco_learn.melds import Meld
    from buraco_learn.rules import FIBUR, get_rules

    rng = random.Random(23)
    deck = make_deck(4)
    suit_heavy = [c for c in deck if c.s == 2 or c.r in (0, 2)]
    other = get_rules("wikipedia-fr")
    for n in range(800):
        hand = rng.sample(suit_heavy if n % 2 else deck, rng.randint(3, 16))
        if n % 3 == 0:
            _clear()
        entries = game_module._candidate_entries(hand)
        assert [e[0] for e in entries] == game_module.candidate_melds(hand)
        for cards, res in entries:
            for rules in (FIBUR, other):
                solver._MELDS.clear()
                _, meld, value, burraco = solver._meld_of(cards, rules, res)
                ref = Meld.from_cards(cards, rules=rules)
                assert (meld, repr(meld), hash(meld), meld.points, meld.bonus) == (
                    ref, repr(ref), hash(ref), ref.points, ref.bonus), cards
                assert meld.rules is rules
                # What the replay tells the engine (_known_meld): the meld is from_cards of its own cards.
                assert Meld.from_cards(meld.cards, rules=rules) == meld, cards
                assert (value, burraco) == (ref.points + ref.bonus, ref.is_burraco)


@pytest.mark.parametrize("rules,players", [("fibur", 2), ("classic-fr", 3), ("wikipedia-fr", 2)])
def test_last_cards_ok_is_the_rest_check_of_each_card(rules: str, players: int) -> None:
    """CLOSE-2, CLOSE-4, TURN-4: which single cards may be left alone in the hand (``_last_cards_ok``,
    the solver's one call) is the engine's rest check of each card, with memos warm or cleared."""
    seen = 0
    for n, g in enumerate(p for seed in range(2) for p in _positions(seed, players, rules)):
        if g.phase != "play":
            continue
        if n % 4 == 0:
            _clear()
        cards = list(dict.fromkeys(g.hand(g.to_move)))
        if g._s.pile_single is not None:
            cards.append(g._s.pile_single)
        for has_pot in (False, True):
            for has_burraco in (False, True):
                got = g._last_cards_ok(cards, has_pot, has_burraco)
                assert got == [g._rest_problem([c], has_pot, has_burraco) is None for c in cards]
                seen += got.count(False)
    assert seen > 0  # some cards refused



@pytest.mark.parametrize("rules,players", [("fibur", 4), ("classic-fr", 3), ("wikipedia-fr", 2)])
def test_rest_ok_is_the_rest_check(rules: str, players: int) -> None:
    """CLOSE-2, CLOSE-3, CLOSE-4, TURN-4, TURN-5: the rest check without a sentence (``_rest_ok``,
    asked by the legal lists of small hands) answers as the rest check, for empty rests, every card
    alone, pairs and three cards of each play position's hand (with the one-card pile's card),
    with and without pot and burraco, memos warm or cleared."""
    seen = refused = 0
    for n, g in enumerate(p for seed in range(2) for p in _positions(seed, players, rules)):
        if g.phase != "play":
            continue
        if n % 3 == 0:
            _clear()
        hand = list(g.hand(g.to_move))
        if g._s.pile_single is not None:
            hand.append(g._s.pile_single)
        rests = [[]] + [[c] for c in dict.fromkeys(hand)] + [hand[i:i + 2] for i in range(len(hand) - 1)]
        rests += [hand[-1:] + hand[:1], hand[:3]]
        for rest in rests:
            for has_pot in (False, True):
                for has_burraco in (False, True):
                    ok = g._rest_ok(list(rest), has_pot, has_burraco)
                    assert ok == (g._rest_problem(list(rest), has_pot, has_burraco) is None), (rest, has_pot)
                    seen += 1
                    refused += not ok
    assert seen > 1000 and refused > 50

def test_candidate_melds_equal_the_reference_enumeration_in_order() -> None:
    """RUN-1, SET-1, WILD-1: the grouped, remembered enumeration lists the same melds with the same
    layouts in the same order as the whole-hand enumeration it replaced."""
    rng = random.Random(12)
    deck = make_deck(4)
    suit_heavy = [c for c in deck if c.s == 2 or c.r in (0, 2)]
    wild_cards = [c for c in deck if c.r in (0, 2)]
    for n in range(1500):
        hand = rng.sample(suit_heavy if n % 3 == 0 else deck, rng.randint(3, 18))
        if n % 3 == 1:  # a long run and cards near it, as the solver asks about a meld and a hand
            suit, lo = rng.randrange(4), rng.randint(1, 9)
            run = [game_module._CARD_OF[suit * 13 + (r - 1) % 13] for r in range(lo, min(lo + rng.randint(3, 11), 15))]
            near = [c for c in deck if c.s == suit]
            hand = run + rng.sample(near, rng.randint(0, 3)) + rng.sample(wild_cards, rng.randint(0, 2))
        got = [(e[0], e[1]) for e in game_module._candidate_results(hand)]
        assert got == _reference_candidates(hand), hand


def _reference_candidates(hand: Sequence[Card]) -> list[tuple[tuple[Card, ...], tuple[Any, ...]]]:
    """The enumeration before issue 12 (commit d18648f), whole-hand and unmemoised: the reference."""
    counts = Counter(hand)
    wild_kinds = [c for c in counts if c.r == 0 or c.r == 2]
    out: list[tuple[tuple[Card, ...], tuple[Any, ...]]] = []
    seen: set[tuple[int, ...]] = set()

    def add(cards: list[Card]) -> None:
        key = tuple(sorted(c.index for c in cards))
        if key in seen:
            return
        res = _analyse(cards, None)
        if res[0] == "error":
            return
        seen.add(key)
        if res[0] == "set":
            laid = list(res[2]) + ([res[3]] if res[3] is not None else [])
        else:
            laid = list(res[3])
        out.append((tuple(laid), res))

    # Sets: every multiset of naturals of one rank (2 or more), with no wild or one wild.
    by_rank: dict[int, list[Card]] = {}
    for c in counts:
        if c.r not in (0, 2):
            by_rank.setdefault(c.r, []).append(c)
    for r in sorted(by_rank):
        kinds = sorted(by_rank[r], key=lambda c: c.s)
        if len(kinds) == 1 and counts[kinds[0]] < 2:
            continue
        combos: list[list[Card]] = [[]]
        for k in kinds:
            combos = [base + [k] * n for base in combos for n in range(counts[k] + 1)]
        # With at most two copies of each card (any real hand), every such set is legal and its
        # analysis is known: the naturals in suit order (as built), then the wild. Distinct by
        # construction, and no run holds two cards of a rank, so no check against ``seen``.
        plain = all(counts[k] <= 2 for k in kinds)
        for combo in combos:
            if len(combo) < 2:
                continue
            if plain and len(combo) < 9:
                t = tuple(combo)
                if len(combo) >= 3:
                    out.append((t, ("set", r, t, None)))
                for w in wild_kinds:
                    out.append((t + (w,), ("set", r, t, w)))
                continue
            if len(combo) >= 3:
                add(combo)
            for w in wild_kinds:
                add(combo + [w])
    # Runs: every window of consecutive positions per suit, its ends natural, with at most one
    # position given to a wild (a missing card, or one held but left out); a wild at an end is the
    # shorter window with a free wild.
    for suit in range(4):
        have: dict[int, Card] = {}
        for c in counts:
            if c.s == suit and c.r != 0:
                if c.r == 1:
                    have[1] = c
                    have[14] = c
                else:
                    have[c.r] = c
        if len(have) < 2:
            continue
        for lo in range(1, 14):
            if lo not in have:
                continue
            naturals: list[Card] = []
            gap = 0
            for pos in range(lo, 15):
                card = have.get(pos)
                if card is None:
                    if gap:
                        break
                    gap = pos
                    continue
                if pos == 14 and lo == 1:
                    break  # one ace only (RUN-2)
                naturals.append(card)
                n_nat = len(naturals)
                if n_nat < 2:
                    continue
                spare = [w for w in wild_kinds if counts[w] > naturals.count(w)]
                if gap:
                    for w in spare:
                        add(naturals + [w])
                    continue
                if n_nat >= 3:
                    if lo >= 3 and pos <= 13:
                        # Naturals 3 to K in a row, no wild: one layout, as they lie (RUN-1);
                        # no other candidate has these cards, so ``seen`` need not know it.
                        t = tuple(naturals)
                        out.append((t, ("run", suit, lo, t, -1)))
                    else:
                        add(list(naturals))
                plain = lo >= 3 and pos <= 13
                for w in spare:
                    if plain and w.s != suit:
                        # Naturals 3 to K in a row and a joker or another suit's 2: the wild is
                        # free at either end, worth the same, and goes low (WILD-1, WILD-6).
                        cards = [w, *naturals]
                        key = tuple(sorted([c.index for c in cards]))
                        if key not in seen:
                            seen.add(key)
                            t = tuple(cards)
                            out.append((t, ("run", suit, lo - 1, t, 0)))
                    else:
                        add(naturals + [w])
                    if n_nat >= 3:
                        for i in range(1, n_nat - 1):
                            add(naturals[:i] + naturals[i + 1:] + [w])
    return out


def test_bots_solver_game_plans_like_the_dealt_imagined_game() -> None:
    """TURN-1, CLOSE-1, POT-2: the solver's plans on a bot's unshuffled imagined game are those on
    game_from_view's randomly dealt one (it reads only what the seat sees)."""
    from buraco_learn.bots import _solver_game, game_from_view, make_bot
    from buraco_learn.solver import can_close, solve

    checked = 0
    for seed, players in ((1, 2), (2, 4), (3, 3)):
        g = Game.new(players, rules="fibur", seed=seed)
        bots = [make_bot("greedy", seed + i) for i in range(players)]
        while not g.is_over:
            view = g.view(g.to_move)
            if view.phase == "play":
                cheap, dealt = _solver_game(view), game_from_view(view, seed=checked)
                assert cheap.hand(view.seat) == dealt.hand(view.seat)
                assert [len(h) for h in cheap.hands] == [len(h) for h in dealt.hands]
                assert solve(cheap) == solve(dealt) and can_close(cheap) == can_close(dealt)
                checked += 1
            g.apply(bots[g.to_move].choose(view, g.legal_actions()))
    assert checked > 50


@pytest.mark.parametrize("rules", ["fibur", "classic-fr", "wikipedia-fr", "ramiroyal"])
def test_run_fit_agrees_with_the_meld(rules: str) -> None:
    """RUN-1, RUN-4, WILD-1, WILD-2, WILD-3, WILD-5, WILD-6: the quick test of one or two cards onto
    a run gives the meld's own verdict wherever it answers, and where they fit the meld built
    directly is Meld.lay_off's (layout and the wild's end included): runs of 3 to 7 places from 2 to the high ace,
    with no wild or a joker, another suit's 2 or the suit's own 2 in each place, and every card and
    pair of the suit's thirteen (aces laid low or high), a joker, another suit's 2 and a card of
    another suit."""
    from buraco_learn import Meld

    card = game_module._CARD_OF
    checked = answered = builds = 0
    for suit in (0, 3):
        pool = [card[suit * 13 + r - 1] for r in range(1, 14)]
        pool += [card[52], card[((suit + 1) % 4) * 13 + 1], card[((suit + 2) % 4) * 13 + 5]]
        wilds = [None, card[52], card[((suit + 1) % 4) * 13 + 1], card[suit * 13 + 1]]
        for lo in range(2, 14):
            for hi in range(lo + 2, min(lo + 7, 15)):
                for w in wilds:
                    for at in [lo] if w is None else range(lo, hi + 1):
                        slots = [card[suit * 13 + (r - 1) % 13] for r in range(lo, hi + 1)]
                        if w is not None:
                            stands = slots[at - lo]
                            slots[at - lo] = w
                        text = " ".join(f"{c}(={stands})" if c is w else str(c) for c in slots)
                        try:
                            meld = Meld.parse(text, rules=rules)
                        except (InvalidMeld, NotationError):  # not a legal layout (a natural 2 inside, say)
                            continue
                        for i, a in enumerate(pool):
                            for cards in [(a,)] + [(a, b) for b in pool[i:]]:
                                quick = game_module._run_fit(meld, cards)
                                checked += 1
                                if quick is not None:
                                    assert quick == meld.can_lay_off(list(cards)), (text, cards)
                                    answered += 1
                                built = game_module._run_lay_off(meld, list(cards))
                                if built is not None:  # the meld it builds directly is Meld.lay_off's
                                    assert quick
                                    slow = meld.lay_off(list(cards))
                                    assert built == slow and str(built) == str(slow), (text, cards)
                                    builds += 1
    assert answered > 20_000 and answered < checked and builds > 2_000


@pytest.mark.parametrize("rules", ["fibur", "classic-fr", "wikipedia-fr", "ramiroyal"])
def test_set_fit_agrees_with_the_meld(rules: str) -> None:
    """SET-1, SET-2, SET-3: the quick one-card test for a set gives the meld's own verdict on every
    card of the deck, for sets of 2 to 8 naturals with and without a wild."""
    from buraco_learn import Meld

    deck = sorted(set(make_deck(4)), key=lambda c: c.index)
    rng = random.Random(3)
    checked = 0
    for rank in (1, 3, 7, 13):
        copies = [game_module._CARD_OF[s * 13 + rank - 1] for s in range(4) for _ in range(2)]
        for n in range(2, 9):
            for wild in (None, game_module._CARD_OF[52], game_module._CARD_OF[1], game_module._CARD_OF[40]):
                if n == 2 and wild is None:
                    continue
                naturals = rng.sample(copies, n)
                meld = Meld.from_cards(naturals + ([wild] if wild else []), rules=rules)
                for c in deck:
                    assert game_module._set_fit(meld, c) == meld.can_lay_off([c]), (str(meld), c)
                    checked += 1
    assert checked > 5000


@pytest.mark.parametrize("rules,players", [("fibur", 4), ("classic-fr", 3), ("wikipedia-fr", 2), ("ramiroyal", 2)])
def test_plain_lay_off_builds_what_the_meld_builds(rules: str, players: int) -> None:
    """SET-1, SET-2, RUN-1: for every listed lay-off onto a set or onto a run of naturals 3 to K, the
    meld built directly equals Meld.lay_off's, layout, wild and rules included."""
    from buraco_learn import LayOff

    checked = 0
    for seed in range(6):
        for p in _positions(seed, players, rules):
            for a in p.legal_actions():
                if isinstance(a, LayOff):
                    meld = p.table[a.target].meld
                    quick = game_module._plain_lay_off(meld, list(a.cards))
                    if quick is not None:
                        slow = meld.lay_off(list(a.cards))
                        assert quick == slow and quick.notation() == slow.notation(), (str(meld), a)
                        checked += 1
    assert checked > 20


def _reference_lay_offs(g: Game) -> list[str]:
    """The slow path: every distinct card of the hand, and every pair onto a run unless each of the
    two alone fits, asked of the meld itself (Meld.can_lay_off) and then of the game (Game.can:
    TURN-4, CLOSE-3, CLOSE-4), target by target in the lay-off order of legal_actions."""
    from buraco_learn import LayOff

    hand = list(g.hand(g.to_move))
    distinct = list(dict.fromkeys(hand))
    out: list[str] = []
    for t in g.lay_off_targets():
        singles = [c for c in distinct if t.meld.can_lay_off([c])]
        listed = [LayOff(t.id, (c,)) for c in singles]
        if t.meld.kind == "run":
            for i, a in enumerate(distinct):
                for b in distinct[i:]:
                    if a == b and hand.count(a) < 2:
                        continue
                    if a in singles and b in singles:
                        continue
                    if t.meld.can_lay_off([a, b]):
                        listed.append(LayOff(t.id, (a, b)))
        out += [str(a) for a in listed if g.can(a)]
    return out


@pytest.mark.parametrize("rules,players", [("fibur", 4), ("classic-fr", 3), ("wikipedia-fr", 2), ("ramiroyal", 2)])
def test_lay_offs_equal_the_whole_hand_enumeration_in_order(rules: str, players: int) -> None:
    """TURN-2, WILD-2, SET-2: the lay-offs listed through each meld's quick filter (the hand's cards
    near a run's ends or of a set's rank, and the wilds it may take) are those of asking the meld
    about every card and pair of the hand, in the same order."""
    checked = 0
    for seed in range(5):
        for p in _positions(seed, players, rules):
            if p.phase != "play":
                continue
            assert [str(a) for a in p.legal_lay_offs()] == _reference_lay_offs(p), p.position()
            checked += 1
    assert checked > 100


def test_meld_notation_equals_the_card_by_card_text() -> None:
    """WILD-1, SET-2: a meld's notation (what notes and records write) is each card's text in layout
    order, the wild followed by what it stands for, on the candidate melds of random hands."""
    from buraco_learn import Meld, Rank

    rng = random.Random(21)
    deck = make_deck(4)
    checked = 0
    for _ in range(400):
        for cards in game_module.candidate_melds(rng.sample(deck, 12)):
            m = Meld.from_cards(cards)
            words = [str(c) for c in m.cards]
            if m.wild_index is not None:
                i = m.wild_index
                words[i] += f"(={m.position_card(i) if m.kind == 'run' else Rank(m.rank).char})"
            assert m.notation() == " ".join(words)
            checked += 1
    assert checked > 1000


@pytest.mark.parametrize("rules,players", [("fibur", 4), ("classic-fr", 3), ("wikipedia-fr", 2)])
def test_legal_actions_through_undo_equal_a_fresh_game_of_the_position(rules: str, players: int) -> None:
    """TURN-6, SET-4, CLOSE-3: after any mix of actions and undos (melds, lay-offs and pots taken
    change the table's facts, draws and discards keep them), the legal actions are those of a game
    set up from the same position, which has remembered nothing."""
    checked = burracos = 0
    for seed in range(4):
        g = Game.new(players, rules=rules, seed=seed)
        rng = random.Random(seed)
        while not g.is_over and checked < 300 * (seed + 1):
            acts = g.legal_actions()
            assert [str(a) for a in acts] == [str(a) for a in Game.from_position(g.position()).legal_actions()]
            if g.phase == "play":  # the table's facts kept up to date equal those worked out afresh
                kept = g._facts()
                g._s.fixed.clear()
                assert g._facts() == kept
                burracos += kept[2]
            checked += 1
            plays = [a for a in acts if type(a).__name__ in ("LayDown", "LayOff")]
            g.apply(rng.choice(plays) if plays and rng.random() < 0.8 else rng.choice(acts))
            if rng.random() < 0.3 and not g.is_over:
                g.legal_actions()
                g.undo()
    assert checked > 300 and burracos > 0


@pytest.mark.parametrize("rules,players", [("fibur", 4), ("classic-fr", 3)])
def test_actions_and_events_built_directly_equal_their_constructors(rules: str, players: int) -> None:
    """TURN-2, TURN-3: the listed melds and lay-offs and the history's events, whose slots the engine
    sets directly, and the table's melds, equal (value, hash, repr, text) what their dataclass
    constructors build."""
    from buraco_learn import LayDown, LayOff
    from buraco_learn.game import Event, TableMeld

    checked = tables = 0
    for seed in range(3):
        positions = _positions(seed, players, rules)
        for p in positions:
            for a in p.legal_actions():
                if isinstance(a, LayDown):
                    twin: Any = LayDown(a.cards)
                elif isinstance(a, LayOff):
                    twin = LayOff(a.target, a.cards)
                else:
                    continue
                assert (a, hash(a), repr(a), str(a)) == (twin, hash(twin), repr(twin), str(twin))
                checked += 1
        for e in positions[-1].history:
            twin = Event(e.seat, e.action, e.note)
            assert (e, hash(e), repr(e)) == (twin, hash(twin), repr(twin))
        for p in positions:  # the table's melds, built directly by every meld and lay-off
            for t in p._s.table:
                twin = TableMeld(t.id, t.owner, t.meld)
                assert (t, hash(t), repr(t)) == (twin, hash(twin), repr(twin))
                tables += 1
    assert checked > 100 and tables > 100


def test_run_position_card_is_card_of() -> None:
    """RUN-2: the natural card of a run's position (an ace at 1 and 14) is Card.of its rank and suit."""
    from buraco_learn.cards import Card
    from buraco_learn.melds import _SUITS, _pos_card

    for suit in range(4):
        for pos in range(1, 15):
            assert _pos_card(pos, suit) is Card.of(1 if pos == 14 else pos, _SUITS[suit])


def test_candidate_sets_with_three_copies_equal_the_reference() -> None:
    """SET-1, SET-3: a hand holding three copies of a card (candidate_melds takes any cards) lists
    the sets the reference enumeration lists, in order (the quick path is for two copies at most)."""
    rng = random.Random(8)
    deck = make_deck(4)
    for _ in range(300):
        c = rng.choice([x for x in deck if x.r not in (0, 2)])
        same_rank = [x for x in deck if x.r == c.r]
        hand = [c, c, c] + rng.sample(same_rank, rng.randint(0, 3)) + rng.sample(deck, rng.randint(0, 4))
        _clear()
        assert [(e[0], e[1]) for e in game_module._candidate_results(hand)] == _reference_candidates(hand), hand


def test_target_group_lists_the_candidates_holding_a_meld_in_order() -> None:
    """The solver's lay-off additions list only the candidates of the target meld's own group and
    windows (``game._target_group``): the candidates of ``candidate_melds(meld + cards)`` that hold
    every card of the meld are among them, in the same order, on random melds and hands."""

    from buraco_learn.game import _target_group, candidate_melds
    from buraco_learn.melds import Meld

    rng = random.Random(41)
    deck = list(make_deck(4))
    checked = 0
    for _ in range(1500):
        cards = rng.sample(deck, rng.randint(8, 30))
        melds = [m for m in candidate_melds(cards) if len(m) >= 3]
        if not melds:
            continue
        meld = Meld.from_cards(rng.choice(melds))
        if meld.kind == "set":
            rel = [c for c in rng.sample(deck, rng.randint(1, 14)) if c.r in (meld.rank, 0, 2)]
        else:
            rel = [c for c in rng.sample(deck, rng.randint(1, 20)) if c.s == meld.cards[0].s or c.r in (0, 2)
                   or any(c.s == k.s and k.r > 2 for k in meld.cards)]
        union = list(meld.cards) + rel
        need = Counter(meld.cards)
        holding = [m for m in candidate_melds(union) if not need - Counter(m)]
        got = [e[0] for e in _target_group(union, meld.cards, meld._rank, meld._suit)]
        assert [m for m in got if not need - Counter(m)] == holding, (meld, rel)
        checked += len(holding)
    assert checked > 500


def _written_at_once(g: Game, a: Any, seat: int, took_before: bool, soloist_before: Any) -> str | None:
    """The note of a meld or lay-off just done, as the engine wrote it at once before its notes were
    written when read: the meld's notation, then what emptying the hand caused (POT-2, P3-1)."""
    from buraco_learn import LayDown, LayOff

    if isinstance(a, LayDown):
        text = f"laid down meld {len(g.table) - 1}: {g.table[-1].meld.notation()}"
    elif isinstance(a, LayOff):
        text = f"meld {a.target} is now {g.table[a.target].meld.notation()}"
    else:
        return None
    if g.took_pot[seat] and not took_before:
        text += (f"; the hand is empty, so {g.seat_name(seat)} takes the pot on the fly ({len(g.hand(seat))} cards,"
                 " POT-2)")
        if g.players == 3 and soloist_before is None:
            text += "; the other two now play as partners (P3-1)"
    return text


@pytest.mark.parametrize("rules,players", [("fibur", 4), ("classic-fr", 3), ("wikipedia-fr", 2), ("ramiroyal", 2)])
def test_meld_notes_written_when_read_equal_the_notes_written_at_once(rules: str, players: int) -> None:
    """TURN-2, POT-2, TURN-6: a meld's or lay-off's note (written the first time it is read) equals
    the text written at once, read long after, through undos, in clones, in a finished hand's
    history, and as events built by Event's own constructor (value, hash, repr)."""
    from buraco_learn.game import Event

    checked = pots = 0
    for seed in range(8):
        g = Game.new(players, rules=rules, seed=seed)
        rng = random.Random(seed)
        expected: list[tuple[Event, str]] = []
        clones: list[tuple[Game, int]] = []
        while not g.is_over:
            acts = g.legal_actions()
            plays = [a for a in acts if type(a).__name__ in ("LayDown", "LayOff")]
            a = rng.choice(plays) if plays and rng.random() < 0.85 else rng.choice(acts)
            seat, took, solo = g.to_move, g.took_pot[g.to_move], g.soloist
            ev = g.apply(a)
            text = _written_at_once(g, a, seat, took, solo)
            if text is not None:
                pots += text.count("on the fly")
                expected.append((ev, text))
                if rng.random() < 0.2:
                    clones.append((g.clone(), len(g.history)))
            if rng.random() < 0.15 and not g.is_over:
                g.undo()  # the popped event's note is still readable, and the replay makes a new one
        for ev, text in expected:  # read only now, long after the action
            assert ev.note == text
            twin = Event(ev.seat, ev.action, text)
            assert (ev, hash(ev), repr(ev)) == (twin, hash(twin), repr(twin))
            checked += 1
        texts = {id(ev): text for ev, text in expected}
        for clone, n in clones:  # a clone's history shares the events it was made with
            shared = [e for e in clone.history[:n] if id(e) in texts]
            assert shared and all(e.note == texts[id(e)] for e in shared)
    assert checked > 100 and (pots > 0 or (rules, players) != ("fibur", 4))


@pytest.mark.parametrize("rules,players", [("fibur", 4), ("classic-fr", 3), ("wikipedia-fr", 2), ("ramiroyal", 2)])
def test_trusted_apply_does_what_the_checked_path_does(rules: str, players: int) -> None:
    """TURN-1, TURN-2, TURN-3, TURN-6: an action applied as listed by legal_actions() (the trusted
    path: no checks, the hand without its cards worked out directly) leaves the same position,
    event, history and undo record as the same action applied with the listing forgotten (every
    check made again), and undo takes either back to the exact position."""
    checked = 0
    for seed in range(3):
        for p in _positions(seed, players, rules)[::3]:
            before = p.position()
            for a in p.legal_actions():
                fast, slow = p.clone(), p.clone()
                slow._s.cache.clear()  # no listing: apply checks the action and takes the slow path
                ev_fast, ev_slow = fast.apply(a), slow.apply(a)
                assert (ev_fast, ev_fast.note) == (ev_slow, ev_slow.note)
                assert fast.position() == slow.position() and fast.history == slow.history
                assert fast._undo == slow._undo
                assert fast.undo() == a and slow.undo() == a
                assert fast.position() == slow.position() == before
                checked += 1
    assert checked > 300
