"""Every remembered result of the core in one place: each table says what it maps, its bound and
what invalidates it. All are pure functions of immutable values (cards, melds, rules), so nothing
but their bound ever drops an entry; a game's own memos (:attr:`Game._memo`, :attr:`Game._groups`)
are dropped when its hand ends. Nothing here is built at import: every table starts empty.

Rules: none of its own (each table remembers an answer of the module that fills it).
"""

from __future__ import annotations

from typing import Any

from .actions import LayDown
from .cards import Card
from .melds import Meld
from .rules import Rules


# ---------------------------------------------------------------------- the engine (game.py and its parts)
#: The bound of the engine's larger tables: at this many entries a table is cleared and refills.
_MEMO_MAX = 20_000

#: ``Meld.from_cards(cards, rules=rules)`` (an immutable value; a refusal is not remembered):
#: (cards, id of the rules) -> (the rules, the meld), the rules kept so that the id stays theirs.
#: Planners replay the same melds turn after turn. Bound ``_MEMO_MAX``; nothing invalidates it.
_MELD_OF: dict[tuple[Any, ...], tuple[Any, Meld]] = {}

#: The scalars an undo restores (turn, phase, flags, the mover's ``took_pot``), one shared tuple per
#: combination (a hand repeats a few dozen, so the undo stack shares them). Bound: at most
#: ``_MEMO_MAX`` (cleared when full); nothing invalidates it.
_SCALARS: dict[tuple[Any, ...], tuple[Any, ...]] = {}

#: Game._rest_problem for a one-card rest (CLOSE-2, CLOSE-4, TURN-4): (card, flags, id of the
#: rules) -> (rules, whether the card can end the turn). Bound 4,096; nothing invalidates it.
_LAST_CARD: dict[tuple[Any, ...], tuple[Rules, bool]] = {}
_LAST_CARD_MAX = 4096

#: The candidate melds of one group of a hand (the sets of one rank, the runs of one suit), with
#: the analysis of each: see :func:`~buraco_learn.legal._candidate_results`.
_Group = tuple[tuple[tuple[Card, ...], tuple[Any, ...]], ...]
#: A group as remembered: its candidates, their actions (a game's), the most cards one takes.
_GroupInfo = tuple[_Group, tuple[LayDown, ...], int]

#: :func:`~buraco_learn.legal.candidate_melds` and ``_candidate_entries`` (pure functions of the
#: hand in its order; the solver and the bots ask them of the same hands many times a turn): the
#: hand's card indexes -> (candidates, entries). The entries are the groups' own (shared with the
#: group memos, not copied). Bound 5,000; nothing invalidates it.
_CANDIDATES: dict[bytes, tuple[tuple[tuple[Card, ...], ...], tuple[tuple[tuple[Card, ...], tuple[Any, ...]], ...]]] = {}
_CANDIDATES_MAX = 5_000

#: The candidates of one group outside a game (a game keeps its own in ``Game._groups``, with their
#: actions, dropped when its hand ends): the sets of a rank by (rank, code, wilds), the runs of a
#: suit by (suit, positions, wilds, 2s, window). Bound 50,000 each; nothing invalidates them.
_SET_GROUPS: dict[tuple[Any, ...], _GroupInfo] = {}
_RUN_GROUPS: dict[tuple[Any, ...], _GroupInfo] = {}
_GROUPS_MAX = 50_000

#: ``_set_combos``' answers by rank and code (13 ranks times 3**4 codes at most, so it needs no
#: bound: they recur from hand to hand, unlike the groups, which depend on the wilds held too).
_SET_COMBOS: dict[int, tuple[tuple[Card, ...], ...]] = {}


def _meld_of(cards: list[Card], rules: Rules) -> Meld:
    """``Meld.from_cards(cards, rules=rules)``, remembered."""
    key = (tuple(cards), id(rules))
    found = _MELD_OF.get(key)
    if found is not None and found[0] is rules:
        return found[1]
    meld = Meld.from_cards(cards, rules=rules)
    if len(_MELD_OF) >= _MEMO_MAX:
        _MELD_OF.clear()
    _MELD_OF[key] = (rules, meld)
    return meld


def _known_meld(meld: Meld) -> None:
    """Remember ``meld`` as :func:`_meld_of` of its own cards: the caller vouches that it is
    ``Meld.from_cards(meld.cards, rules=meld.rules)`` (the solver, for the melds of a plan it is
    about to replay, built from the engine's analysis of these cards; tests/test_engine_memo.py)."""
    if len(_MELD_OF) >= _MEMO_MAX:
        _MELD_OF.clear()
    _MELD_OF[(meld.cards, id(meld.rules))] = (meld.rules, meld)


def _laid_off(meld: Meld, cards: list[Card], memo: dict[Any, Any]) -> Meld:
    """``meld.lay_off(cards)``, remembered in the game's ``memo`` (a refusal is not remembered)."""
    key = ("laid", tuple(cards), id(meld))
    found = memo.get(key)
    if found is not None and found[0] is meld:
        return found[1]  # type: ignore[no-any-return]
    new = meld.lay_off(cards)
    if len(memo) >= _MEMO_MAX:
        memo.clear()
    memo[key] = (meld, new)
    return new
