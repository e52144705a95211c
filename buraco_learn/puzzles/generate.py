"""Puzzles made from seeded hands, stopped where a question is worth asking.

**Puzzles without end.** :func:`make_puzzle` makes one puzzle of a theme and a level from a seed,
in the kernel, on demand (pure Python, no thread: it runs under Pyodide too). The same theme,
level and seed always give the same puzzle. The hand is played up to the puzzle's position by a
quick player that lays down what it can as the greedy bot does, without the solver
(:func:`_lead_up`): the solver is asked only about the positions of the theme. Every answer is
proved by the solver, all the searches of one puzzle under one
:func:`~buraco_learn.solver.shared_budget`: a position whose answer is not proven within it is
passed over, never served. The themes (:data:`THEMES`):

- ``most``: lay down the most points this turn;
- ``close``: can you close now, and how (``no`` answers too);
- ``safe``: which discard is safe (no opponent meld takes it), at least two opponent melds down;
- ``pile``: a big pile worth taking or a trap; pile or stock, asked only where the count makes it
  certain: the pile lays down more this turn than any stock card could, or no more than the worst;
- ``clean``: keep the burraco clean: your side has a clean meld of six cards or more that a wild
  of your hand could go onto, and the most points this turn keep it clean (laying the wild there
  first is proved to lay down fewer);
- ``wild``: spending or keeping a wild: the most points with a wild in hand (the worked answer
  says whether it is spent);
- ``soloist``: the three-player game, you play alone against the pair (P3-1): most points, safe
  discard or close;
- ``defend``: the opponents are near closing (their pot taken, a burraco down): which discard is
  safe.
- ``close-or-build``: your side can close this turn: close now or build on? A judgement, as notebook
  8b teaches it (:func:`~buraco_learn.puzzles.close_or_build`: close when the opponents may close
  next or the table counts more for your side after the close; else build), said to be one; the
  close itself is proved by the solver;
- ``pile-size``: what the pile's size changes: which discard is safe when the next player takes
  the whole pile with it (no opponent meld takes it, and it makes no meld with two cards of the
  pile, TURN-1); the level goes by the pile's size.
- ``five``: at a five-player table once the pairs have formed (P5-2): you are the lone player or
  one of a pair (your partner sits two seats away): most points, safe discard or close.

The levels differ so (``level_of``, :func:`pile_level`): *easy*: at most 9 cards in hand and one
move for the most points, at most two moves to close, at most two opponent melds to check for a
safe discard, a pile of at most three cards; *hard*: 15 cards or more or three moves and more
for the most points, four moves or more to close, five opponent melds or more, a pile of seven
cards or more; *medium* between. To close and to keep the burraco clean, the level goes by the
cards in hand (close: easy up to 5, hard from 10; clean: easy up to 4, hard from 8); a defence, by
the opponent melds (easy up to 3, hard from 6); close or build, by the moves of the close (easy
two, hard four or more); the pile's size, by the pile's cards (easy two, hard five or more).

>>> p = make_puzzle("pile", "easy", 2)
>>> p.kind, p.level, p.theme, p == make_puzzle("pile", "easy", 2)
('pile', 'easy', 'pile', True)
>>> p.check(p.answer).correct
True

**The fixed set.** ``python -m buraco_learn.puzzles.generate [--out path] [--per 4]`` makes
``puzzles.txt``, the set a class solves together. Every answer is computed by the solver (or the
engine's count) and the file is read back and each answer re-verified before it is written. The
same arguments always give the same file.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

from ..actions import Action, Discard, Draw, LayDown, LayOff, TakePile
from ..bots import GreedyBot, _cannot_close
from ..cards import Card, excerpt
from ..errors import BuracoError, NotationError
from ..game import Game
from ..melds import Meld
from ..i18n import N_, tr
from ..records import format_position
from ..solver import find_close, meld_value, shared_budget, solve
from . import FIXED_KINDS, KINDS, LEVELS, Puzzle, _far_from_closing, parse_puzzles, pile_meld, solve_puzzle

PRESET_PLAYERS = (("fibur", 2), ("fibur", 4), ("wikipedia-fr", 2), ("classic-fr", 4), ("ramiroyal", 2),
                  ("fibur", 3))


def compact(game: Game) -> str:
    """The position with the unseen stock and pots written as fills (``s: *``, ``pots: *11``)."""
    parts = [p.strip() for p in format_position(game).split("|")]
    out = []
    for p in parts:
        if p.startswith("s:"):
            out.append("s: *")
        elif p.startswith("pots:"):
            sizes = [len(pot) for pot in game.pots]
            out.append("pots: " + (" / ".join(f"*{n}" for n in sizes) or "-"))
        else:
            out.append(p)
    return " | ".join(out)


def positions(seed: int) -> Iterator[Game]:
    """Play-phase positions (right after a draw) of a hand played by greedy bots, then the end."""
    rules, players = PRESET_PLAYERS[seed % len(PRESET_PLAYERS)]
    g = Game.new(players, rules=rules, seed=seed, dealer=seed % players)
    bots = [GreedyBot(seed * 10 + s) for s in range(players)]
    for _ in range(3000):
        if g.is_over:
            break
        seat = g.to_move
        if g.phase == "play" and g.history and g.history[-1].seat == seat and str(g.history[-1].action) in (
                "draw", "pile"):
            yield g.clone()
        a = bots[seat].choose(g.view(seat), g.legal_actions())
        g.apply(a)
    if g.is_over:
        yield g


def level_of(kind: str, game: Game, solution: str) -> str:
    steps = solution.count(";") + 1 if solution not in ("nothing", "no way to close this turn") else 0
    hand = len(game.hand(game.to_move))
    if kind == "most":
        return "easy" if hand <= 9 and steps <= 1 else ("hard" if hand >= 15 or steps >= 3 else "medium")
    if kind == "close":
        return "easy" if steps <= 2 else ("medium" if steps == 3 else "hard")
    if kind == "safe":
        mine = game.side_of(game.to_move)
        opp = sum(1 for t in game.table if t.owner not in mine)
        return "easy" if opp <= 2 else ("medium" if opp <= 4 else "hard")
    return "easy" if game.players == 2 and not game.result().scores[0].burracos else (
        "hard" if game.seating.halves else "medium")  # 3 or 5 players: the pairs form during the hand



def theme_level(theme: str, kind: str, game: Game, solution: str) -> str:
    """A generated puzzle's level (the fixed set's :func:`level_of` for most points and a safe
    discard; to close, by the cards in hand; a defence, by the opponent melds; pile or stock, by
    the pile's size)."""
    if theme == "pile-size":  # after the draw a pile is seldom big: 2 cards easy, 5 or more hard
        n = len(game.pile)
        return "easy" if n <= 2 else "hard" if n >= 5 else "medium"
    if theme == "close-or-build":  # by the moves of the close: two (one meld or lay-off, the discard) easy, 4 or more hard
        n = solution.partition(" | ")[2].count(";") + 1
        return "easy" if n <= 2 else "hard" if n >= 4 else "medium"
    if kind == "pile":
        return pile_level(game)
    if kind == "close":
        n = len(game.hand(game.to_move))
        return "easy" if n <= 5 else "hard" if n >= 10 else "medium"
    if theme == "clean":
        n = len(game.hand(game.to_move))
        return "easy" if n <= 4 else "hard" if n >= 8 else "medium"
    if theme == "defend":
        n = _opp_melds(game)
        return "easy" if n <= 3 else "hard" if n >= 6 else "medium"
    return level_of(kind, game, solution)

def generate(per: int = 4, max_seeds: int = 400) -> list[Puzzle]:
    """At least ``per`` puzzles of each kind and level (fewer only if the seeds run out)."""
    want = {(k, lv): per for k in FIXED_KINDS for lv in LEVELS}
    out: list[Puzzle] = []
    rng = random.Random(2025)
    for seed in range(1, max_seeds):
        if not any(want.values()):
            break
        for g in positions(seed):
            kinds = ["score"] if g.is_over else ["most", "close", "safe"]
            for kind in kinds:
                if rng.random() < 0.6 and kind != "score":
                    continue
                # (An answer the solver could not prove within its budget makes no puzzle.)
                if kind == "most":
                    plan = solve(g)
                    if plan.is_empty or not plan.proven:
                        continue
                if kind == "close" and not g.side_has_pot(g.to_move):
                    continue
                if kind == "close":
                    closing = find_close(g)
                    if not closing.proven or (closing.plan is None and rng.random() < 0.7):
                        continue
                if kind == "safe":
                    mine = g.side_of(g.to_move)
                    if sum(1 for t in g.table if t.owner not in mine) < 2:
                        continue
                answer, solution = solve_puzzle(kind, g)
                if kind == "safe" and (answer == "none" or len(answer.split()) == len(set(g.hand(g.to_move)))):
                    continue
                lv = level_of(kind, g, solution)
                if want[(kind, lv)] <= 0:
                    continue
                want[(kind, lv)] -= 1
                name = f"{lv}-{kind}-{seed}-{len(g.history)}"
                out.append(Puzzle(name, lv, kind, compact(g), answer, solution))
    return out


#: The themes of generated puzzles, each with how it is named where it is shown.
THEMES: dict[str, str] = {
    "most": N_("Most points"),
    "close": N_("Close now"),
    "safe": N_("Safe discard"),
    "pile": N_("Pile or stock"),
    "clean": N_("Keep the burraco clean"),
    "wild": N_("Spend or keep a wild"),
    "soloist": N_("The three-player soloist"),
    "defend": N_("Defend: the opponents are near closing"),
    "close-or-build": N_("Close now or build"),
    "pile-size": N_("The pile's size"),
    "five": N_("At a five-player table"),
}
#: How many hands :func:`make_puzzle` plays looking for a position, at most, before it gives up.
MAX_HANDS = 40
_DRAW, _TAKE = Draw(), TakePile()


def pile_level(game: Game) -> str:
    """A pile-or-stock puzzle's level, by the pile's size: easy up to 3 cards, hard from 7."""
    n = len(game.pile)
    return "easy" if n <= 3 else "hard" if n >= 7 else "medium"


def _opp_melds(game: Game) -> int:
    mine = game.side_of(game.to_move)
    return sum(1 for t in game.table if t.owner not in mine)


def _near_closing(game: Game) -> bool:
    """Whether an opponent side of the player to move has its pot and a burraco (it may close)."""
    mine = game.side_of(game.to_move)
    return any(seat not in mine and game.side_has_pot(seat) and game.side_has_burraco(seat)
               for seat in range(game.players))


def _keeps_clean(game: Game) -> bool:
    """Whether the side has a clean meld of six cards or more that a wild of the hand could go onto,
    the most points this turn keep every such meld clean, and laying the wild there first lays down
    fewer (all proved by the solver, within the budget in force)."""
    seat = game.to_move
    wilds = [c for c in dict.fromkeys(game.hand(seat)) if c.is_wild]
    targets = [t for t in game.side_melds(seat) if len(t.meld) >= 6 and t.meld.wild is None]
    pairs = [(t, w) for t in targets for w in wilds if game.can_lay_off(t.id, [w])]
    if not pairs:
        return False
    best = solve(game)
    if not best.proven:
        return False
    ids = {t.id for t, _ in pairs}
    if any(getattr(a, "target", None) in ids and any(c.is_wild for c in getattr(a, "cards", ()))
           for a in best.actions()):
        return False
    for t, w in pairs:
        g = game.clone()
        before = sum(meld_value(m.meld) for m in g.side_melds(seat))
        g.lay_off(t.id, [w])
        after = solve(g)
        gained = sum(meld_value(m.meld) for m in g.side_melds(seat)) - before
        if not after.proven or gained + after.points >= best.points:
            return False
    return True


def _kinds(theme: str, game: Game, rng: random.Random) -> str | None:
    """The kind of question ``theme`` asks at ``game`` (``None``: not a position for it), by cheap
    tests first; the solver's answer is asked later."""
    seat = game.to_move
    hand = game.hand(seat)
    if theme == "pile":
        return "pile" if game.phase == "draw" and len(game.pile) >= 2 and game.can_take_pile() else None
    if game.phase != "play" or len(hand) < 3:
        return None
    if theme == "soloist":
        if game.soloist is None or game.soloist != seat:  # the lone player of 3 or 5 (P3-1, P5-2)
            return None
        return rng.choice(["most", "safe", "close"] if game.side_has_pot(seat) else ["most", "safe"])
    if theme == "five":  # five players, the pairs formed (P5-2): the lone player or a pair's partner
        if game.soloist is None:
            return None
        return rng.choice(["most", "safe", "close"] if game.side_has_pot(seat) else ["most", "safe"])
    if theme == "clean":
        return "most" if any(len(t.meld) >= 7 and t.meld.wild is None for t in game.side_melds(seat)) else None
    if theme in ("most", "wild"):
        if theme == "wild" and not any(c.is_wild for c in hand):
            return None
        return "most"
    if theme == "close":
        return "close" if game.side_has_pot(seat) else None
    if theme == "safe":
        return "safe" if _opp_melds(game) >= 2 else None
    if theme == "defend":
        return "safe" if _near_closing(game) and _opp_melds(game) >= 1 else None
    if theme == "close-or-build":  # (no close to be found: passed over before the solver is asked)
        return "build" if game.side_has_pot(seat) and game.side_has_burraco(seat) and not _cannot_close(game) else None
    if theme == "pile-size":
        return "safe" if len(game.pile) >= 2 else None
    raise AssertionError(theme)  # pragma: no cover - make_puzzle checks the theme


def _turns(seed: int, players: int, rules: str, build_only: bool = False) -> Iterator[Game]:
    """The start (draw phase) and the play phase after the draw of every turn of a hand played by
    the quick lead-up player (:func:`_lead_up`) at every seat; the live game, not a copy: look, do
    not touch. ``build_only``: stop as soon as the hand can no longer give a position where
    building on is right (:func:`_no_build_left`)."""
    g = Game.new(players, rules=rules, seed=seed, dealer=seed % players)
    for _ in range(3000):
        if g.is_over or build_only and g.phase == "draw" and _no_build_left(g):
            return
        if g.phase == "draw" or g.history and g.history[-1].seat == g.to_move and str(g.history[-1].action) in (
                "draw", "pile"):
            yield g
        g.apply(_lead_up(g))


def _lead_up(game: Game) -> Action:
    """The next action of the quick player that plays a generated puzzle's hand up to its position.

    Like the greedy bot it lays down what it can, but without the solver (the greedy bots' turns
    were most of a puzzle's time, the lead-up of the position): it takes the pile when a card of it lays off onto its side's melds or makes a
    meld with two natural cards of its hand (:func:`_pile_pays`), else draws; then lays down, one
    action at a time, the legal meld or lay-off with the most natural cards (then the fewest wilds,
    then the most points; the first listed of equals), never a wild onto a clean meld of five cards
    or more (a clean burraco kept in sight); then discards its highest-point card that is not a wild.
    Every action is one :meth:`~buraco_learn.game.Game.legal_actions` lists: the engine's rules
    decide what may be laid and when the hand may be emptied (a close, CLOSE-1; the pot, POT-2)."""
    legal = game.legal_actions()
    if game.phase == "draw":
        if _TAKE in legal and _pile_pays(game):
            return _TAKE
        return _DRAW if _DRAW in legal else legal[0]
    best: Action | None = None
    best_key: tuple[int, int, int] = (0, 0, 0)
    discard: Discard | None = None
    discard_key: tuple[bool, int] = (False, -1)
    table = game.table
    for a in legal:
        if isinstance(a, Discard):
            key = (not a.card.is_wild, a.card.points)
            if discard is None or key > discard_key:
                discard, discard_key = a, key
            continue
        if not isinstance(a, (LayDown, LayOff)):  # pragma: no cover - the play phase lists no draw
            continue
        cards = a.cards
        wilds = sum(1 for c in cards if c.is_wild)
        if wilds and isinstance(a, LayOff):
            meld = table[a.target].meld
            if meld.wild is None and len(meld) >= 5:
                continue
        play_key = (len(cards) - wilds, -wilds, sum(c.points for c in cards))
        if best is None or play_key > best_key:
            best, best_key = a, play_key
    if best is not None:
        return best
    return discard if discard is not None else legal[0]


def _pile_pays(game: Game) -> bool:
    """Whether a natural card of the pile lays off alone onto a meld the player to move may lay off
    onto, or makes a meld with two natural cards of his hand (three of a rank, or three in a row of
    a suit, the ace low or high). Cheap tests by rank and suit first; the meld itself is the rules'."""
    held: dict[tuple[int, int], Card] = {}
    ranks: dict[int, list[Card]] = {}
    masks = [0, 0, 0, 0]  # per suit, the places held (an ace at 1 and 14)
    for x in game.hand(game.to_move):
        if not x.is_wild:
            held.setdefault((x.s, x.r), x)
            ranks.setdefault(x.r, []).append(x)
            masks[x.s] |= 1 << x.r | (1 << 14 if x.r == 1 else 0)
    targets = []
    for t in game.lay_off_targets():
        natural = next((x for x in t.meld.cards if not x.is_wild), None)
        if natural is not None:
            targets.append((t.meld, t.meld.kind == "set", natural))
    for c in dict.fromkeys(game.pile):
        if c.is_wild:
            continue
        for meld, is_set, natural in targets:
            if (c.r == natural.r if is_set else c.s == natural.s) and meld.can_lay_off([c]):
                return True
        same = ranks.get(c.r)
        if same is not None and len(same) >= 2:
            others = [x for x in same if x is not c]
            if len(others) >= 2 and _is_meld([others[0], others[1], c]):
                return True
        mask = masks[c.s]
        for at in (1, 14) if c.r == 1 else (c.r,):
            for lo in (at - 2, at - 1, at):
                places = [r for r in (lo, lo + 1, lo + 2) if r != at]
                if lo >= 1 and lo + 2 <= 14 and all(mask >> r & 1 for r in places) and _is_meld(
                        [held[(c.s, 1 if r == 14 else r)] for r in places] + [c]):
                    return True
    return False


def _is_meld(cards: list[Card]) -> bool:
    try:
        Meld.from_cards(cards)
    except BuracoError:
        return False
    return True


def _no_build_left(game: Game) -> bool:
    """Whether no later position of this hand can call for building on by a clean burraco one card
    away (:func:`~buraco_learn.puzzles.close_or_build`): that needs every side but the one to move
    far from closing (:func:`~buraco_learn.puzzles._far_from_closing`), and a side that has its
    pot and a meld of more than four cards stays so for the rest of the hand (a pot is kept, melds
    only grow). So: two sides or more are not far."""
    near = 0
    for side in game.sides:
        if not _far_from_closing(game, side[0]):
            near += 1
    return near >= 2


def _puzzle_at(theme: str, kind: str, level: str, game: Game, rng: random.Random,
               want: str | None = None) -> Puzzle | None:
    """The puzzle of ``kind`` at ``game`` if it is of ``level`` and its answer is proved (and is
    ``want``, when given), else ``None``. A position whose level is not ``level`` by what can be
    seen without the solver (:func:`_may_be_level`) is passed over first, before it is written out
    and read back and before any search (the same puzzles: only positions refused later are)."""
    if theme not in ("clean", "close-or-build") and not _may_be_level(theme, kind, level, game):
        return None  # (these two themes draw from rng first: their positions are not passed over here)
    text: str | None = compact(game)
    if theme == "clean":
        text = _with_wild(game, compact(game), rng)
    if theme == "close-or-build" and want == "build":
        text = _one_card_short(game, compact(game), rng)
    if text is None:
        return None
    g = Game.from_position(text)
    with shared_budget():
        if kind == "most":
            plan = solve(g)
            if plan.is_empty or not plan.proven:
                return None
        if kind == "close":
            closing = find_close(g)
            if not closing.proven or want is not None and want != ("no" if closing.plan is None else "yes"):
                return None
        if kind in ("safe", "close", "pile") and theme_level(theme, kind, g, "") != level:
            return None
        if theme == "clean" and not _keeps_clean(g):
            return None
        try:
            answer, solution = solve_puzzle(kind, g, theme, _pile_hopeless(want) if kind == "pile" else None)
        except NotationError:  # not proven within the budget, (pile) not certain by count, (build) no close
            return None
    if kind == "build" and want is not None and answer != want:
        return None
    if theme == "pile-size" and not any(_no_opp_meld_takes(g, c) and pile_meld(c, g.pile) is not None
                                        for c in g.hand(g.to_move)):
        return None  # the pile changes nothing here: no card that would be safe without it is unsafe
    if kind == "pile" and want is not None and answer != want:
        return None
    if kind == "pile" and want is not None and answer != want:
        return None
    if kind == "safe" and (answer == "none" or len(answer.split()) == len(set(g.hand(g.to_move)))):
        return None
    if theme_level(theme, kind, g, solution) != level:
        return None
    return Puzzle(f"{theme}-{level}-{seed_name(rng)}", level, kind, text, answer, solution)


def _pile_hopeless(want: str | None) -> Callable[[int, int, int], bool]:
    """When a pile-or-stock count (:func:`~buraco_learn.puzzles.pile_counts`) can stop: once the
    stock cards tried so far make the answer uncertain (one lays down the pile's points or more,
    another fewer), or not ``want`` (``pile``: one lays down as much as the pile; ``stock``: one
    lays down fewer). Such a position was refused after the whole count; now before its end."""
    def hopeless(points: int, low: int, high: int) -> bool:
        return low < points <= high or want == "pile" and high >= points or want == "stock" and low < points
    return hopeless


def _past_level(theme: str, level: str, game: Game) -> bool:
    """Whether no later position of this hand can give a safe discard (``safe``, ``defend``) of
    ``level``: those go by the opponent melds, easy and medium up to a number of them, and where the
    sides are fixed (two or four players) melds only come, so once every seat has more opponent
    melds than that, the hand is done for the theme."""
    most = {"safe": {"easy": 2, "medium": 4}, "defend": {"easy": 3, "medium": 5}}.get(theme, {}).get(level)
    if most is None or game.players not in (2, 4):
        return False
    return all(sum(1 for t in game.table if t.owner not in game.side_of(seat)) > most for seat in range(game.players))


def _may_be_level(theme: str, kind: str, level: str, game: Game) -> bool:
    """Whether the puzzle of ``theme`` and ``kind`` at ``game`` may be of ``level``
    (:func:`theme_level`), by what needs no solver: the level of a safe discard, a close or a pile
    (it does not depend on the answer), and for the most points the hand's size (easy needs 9 cards
    or fewer, medium fewer than 15)."""
    if kind in ("safe", "close", "pile"):
        return theme_level(theme, kind, game, "") == level
    if kind == "most" and theme != "clean":
        hand = len(game.hand(game.to_move))
        return hand <= 9 if level == "easy" else hand < 15 if level == "medium" else True
    return True


def _no_opp_meld_takes(game: Game, card: Card) -> bool:
    mine = game.side_of(game.to_move)
    return game.can_discard(card) and not any(t.meld.can_lay_off([card]) for t in game.table if t.owner not in mine)


def _with_wild(game: Game, text: str, rng: random.Random) -> str | None:
    """``text`` (the compact position of ``game``) with one natural card of the hand to move, picked
    by ``rng``, changed for a wild no one holds (a joker, else a 2): the card goes back to the
    unseen stock. ``None`` when the hand already holds a wild (``text`` is then used as it is,
    by returning it) or no wild is left unseen."""
    seat = game.to_move
    hand = game.hand(seat)
    if any(c.is_wild for c in hand):
        return text
    seen = Counter(c for h in game.hands for c in h) + Counter(c for t in game.table for c in t.meld.cards) \
        + Counter(game.pile)
    left = [c for c, n in game.all_cards().items() if c.is_wild and n > seen[c]]
    if not left:
        return None
    wild = max(left, key=lambda c: (c.is_joker, c.sort_key))
    out = rng.choice(sorted(set(hand), key=lambda c: c.sort_key))
    head, rest = text.split(" | h: ", 1)
    hands, tail = rest.split(" | ", 1)
    groups = hands.split(" / ")
    cards = groups[seat].split()
    cards[cards.index(str(out))] = str(wild)
    groups[seat] = " ".join(cards)
    return f"{head} | h: {' / '.join(groups)} | {tail}"


def _one_card_short(game: Game, text: str, rng: random.Random) -> str | None:
    """``text`` (the compact position of ``game``) with a clean meld of three to five cards of the side
    to move grown to six with cards nobody holds (picked by ``rng``, taken from the unseen stock):
    a clean burraco one card away, where building on may pay more than closing now
    (:func:`~buraco_learn.puzzles.close_or_build`). ``text`` as it is when the side already has a
    clean meld of six cards; ``None`` when an opponent side is not far from closing (then that
    judgement never says build, :func:`~buraco_learn.puzzles._far_from_closing`) or no meld can grow so."""
    seat = game.to_move
    mine = game.side_of(seat)
    if not all(_far_from_closing(game, s) for s in range(game.players) if s not in mine):
        return None
    melds = [t for t in game.side_melds(seat) if t.meld.wild is None and 3 <= len(t.meld) <= 6]
    if any(len(t.meld) == 6 for t in melds):
        return text
    if not melds:
        return None
    seen = Counter(c for h in game.hands for c in h) + Counter(c for t in game.table for c in t.meld.cards) \
        + Counter(game.pile)
    rng.shuffle(melds)
    hand = Counter(game.hand(seat))
    for target in melds:
        pool = game.all_cards() - seen
        meld = target.meld
        while len(meld) < 6:
            grow = [c for c in _clean_lay_offs(meld, pool) if len(meld) < 5 or c not in hand]
            if not grow:
                break
            card = rng.choice(grow)
            pool -= Counter([card])
            meld = meld.lay_off([card])
        # One card short, and that card out of the player's sight twice or more, none in his hand.
        if len(meld) == 6:
            last = _clean_lay_offs(meld, game.all_cards())
            out = pool + Counter(c for s, h in enumerate(game.hands) if s != seat for c in h)
            if last and not any(c in hand for c in last) and sum(out[c] for c in last) >= 2:
                break
    else:
        return None
    head, rest = text.split(" | m: ", 1)
    melds_text, tail = rest.split(" | ", 1)
    items = melds_text.split("; ")
    items[target.id] = f"{target.owner}={meld}"
    return f"{head} | m: {'; '.join(items)} | {tail}"


def _clean_lay_offs(meld: Meld, cards: Counter[Card]) -> list[Card]:
    """The natural cards of ``cards`` that lay off alone onto ``meld`` and leave it clean, in card order."""
    found = [c for c in cards if cards[c] > 0 and not c.is_wild and meld.can_lay_off([c])]
    return sorted((c for c in found if meld.lay_off([c]).wild is None), key=lambda c: c.sort_key)


def seed_name(rng: random.Random) -> str:
    return str(getattr(rng, "puzzle_seed", ""))


def make_puzzle(theme: str, level: str = "easy", seed: int = 0) -> Puzzle:
    """One verified puzzle of ``theme`` (see :data:`THEMES`) at ``level`` (``easy``, ``medium``,
    ``hard``), the same for the same ``seed``. Raises :class:`NotationError` for an unknown theme
    or level or a seed that is not a whole number, and when no position of the kind is found in
    :data:`MAX_HANDS` hands (a rare seed: try the next).

    >>> make_puzzle("most", "easy", 1).kind
    'most'
    >>> make_puzzle("chess")
    Traceback (most recent call last):
    ...
    buraco_learn.errors.NotationError: unknown puzzle theme 'chess': the themes are most, close, safe, pile, clean, wild, soloist, defend, close-or-build, pile-size, five
    """
    if not isinstance(theme, str) or theme not in THEMES:
        raise NotationError(tr("unknown puzzle theme {theme}: the themes are {themes}", theme=excerpt(theme),
                               themes=", ".join(THEMES)))
    if not isinstance(level, str) or level not in LEVELS:
        raise NotationError(tr("unknown puzzle level {level}: the levels are {levels}", level=excerpt(level),
                               levels=", ".join(LEVELS)))
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 10**9:
        raise NotationError(tr("a puzzle's seed is a whole number from 0 to 999999999, not {seed}",
                               seed=excerpt(seed)))
    wanted = random.Random(f"{theme}/{level}/{seed}").random() < 0.5
    for attempt in range(MAX_HANDS):
        rng = random.Random(f"{theme}/{level}/{seed}/{attempt}")
        rng.puzzle_seed = seed  # type: ignore[attr-defined]
        rules, players = ("fibur", 3) if theme == "soloist" else ("fibur", 5) if theme == "five" else rng.choice(
            PRESET_PLAYERS)
        hand_seed = rng.randrange(10**6)
        # A hand that wants a build (below) is left as soon as it can no longer give one.
        build_only = theme == "close-or-build" and attempt < MAX_HANDS // 2 and wanted
        for game in _turns(hand_seed, players, rules, build_only):
            if game.phase == "draw" and _past_level(theme, level, game):
                break  # (positions refused all: the next hand's rng is its own, so the same puzzles)
            kind = _kinds(theme, game, rng)
            if kind is None or theme in ("most", "safe", "wild") and rng.random() < 0.5:
                continue
            if kind == "pile" and pile_level(game) != level or theme == "pile-size" and theme_level(
                    theme, kind, game, "") != level:
                continue
            if kind in ("close", "most") and theme in ("close", "clean") and theme_level(
                    theme, kind, game, "") != level:
                continue
            # Half the time a yes/no or close/build question wants its rarer answer, and a pile or
            # stock question either answer half the time each, for as long as half the hands allow:
            # a learner cannot win by always saying the same.
            want = None
            if kind in ("close", "pile", "build") and attempt < MAX_HANDS // 2 and (wanted or kind == "pile"):
                want = {"close": "yes", "pile": "pile" if wanted else "stock", "build": "build"}[kind]
            found = _puzzle_at(theme, kind, level, game, rng, want)
            if found is not None:
                return dataclasses.replace(found, name=f"{theme}-{level}-{seed}", theme=theme, seed=seed)
    raise NotationError(tr("no {theme} puzzle of level {level} found from seed {seed} in {hands} hands: try another "
                           "seed", theme=theme, level=level, seed=seed, hands=MAX_HANDS))


def to_text(puzzles: list[Puzzle]) -> str:
    lines = ["# buraco_learn puzzles: made by `python -m buraco_learn.puzzles.generate`; every answer is",
             "# verified by the solver (tests/test_puzzles.py checks them again). The question is asked",
             "# of the seat to move (t<seat> in the position header).", ""]
    for p in sorted(puzzles, key=lambda p: (LEVELS.index(p.level), list(KINDS).index(p.kind), p.name)):
        lines += [f"[{p.name}]", f"level: {p.level}", f"kind: {p.kind}", f"question: {p.question}",
                  f"position: {p.position}", f"answer: {p.answer}", f"solution: {p.solution}", ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Generate the puzzle file from seeds.")
    ap.add_argument("--out", default=str(Path(__file__).with_name("puzzles.txt")))
    ap.add_argument("--per", type=int, default=3, help="puzzles per kind and level")
    args = ap.parse_args(argv)
    puzzles = generate(args.per)
    text = to_text(puzzles)
    back = parse_puzzles(text)
    bad = [p.name for p in back if not p.verify()]
    if bad:
        print(f"answers that do not verify: {', '.join(bad)}", file=sys.stderr)
        return 1
    Path(args.out).write_text(text, encoding="utf-8")
    print(f"wrote {len(back)} puzzles to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
