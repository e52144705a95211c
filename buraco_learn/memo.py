"""Every remembered result of the core in one place: each table says what it maps, its bound and
what invalidates it. All are pure functions of immutable values (cards, melds, rules), so nothing
but their bound ever drops an entry (a table at its bound is cleared and refills); a game's own
memos (``Game._memo``, ``Game._groups``) are dropped when its hand ends, and a meld's ``_fits``
and ``_probe`` fields remember what that immutable meld accepts. The code that fills a table is
beside its use (named with each); nothing here is built at import: every table starts empty.

Rules: none of its own (each table remembers an answer of the module that fills it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeAlias

if TYPE_CHECKING:  # the tables' types only: this module imports nothing of the package at run time
    from .actions import LayDown
    from .cards import Card
    from .melds import Meld
    from .rules import Rules
    from .solver import Plan


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
_Group: TypeAlias = "tuple[tuple[tuple[Card, ...], tuple[Any, ...]], ...]"
#: A group as remembered: its candidates, their actions (a game's), the most cards one takes.
_GroupInfo: TypeAlias = "tuple[_Group, tuple[LayDown, ...], int]"

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

# ---------------------------------------------------------------------- the solver (solver.py)
#: solver._best_seven: a suit's positions (15 bits) -> the most of them within seven in a row.
#: At most 2**15 entries; nothing invalidates it.
_SEVEN: dict[int, int] = {}

#: solver._block_links: a suit's positions (15 bits) -> which blocks one wild joins (RUN-4). At
#: most 2**15 entries; nothing invalidates it.
_LINKS: dict[int, dict[int, int]] = {}

#: The facts a card brings to the solver's bound (solver._card_static): card -> (bits, wild kinds,
#: reach). At most one entry per card kind (54); nothing invalidates it.
_STATIC: dict[Card, tuple[int, tuple[int, ...], int]] = {}

#: solver._pts: every card's points by card index, per rules (id -> the rules, the points). One
#: entry per rule set in use; the rules are kept so that the id stays theirs.
_PTS_OF: dict[int, tuple[Rules, list[int]]] = {}

#: The engine's lone-card answers (``Game._last_cards_ok``), per card, under what they depend on
#: (the side's pot and burraco, whether a pot is left, the one-card pile's card and whether an
#: identical card was held, the rules), so that a search reads a hand's cards with one look-up
#: each. Bound 512; nothing invalidates it.
_LONE: dict[tuple[object, ...], tuple[Rules, dict[Card, bool]]] = {}
_LONE_MAX = 512

#: solver._lay_off_additions: (meld, the relevant hand cards in order) -> the additions. A pure
#: function of its key (melds are immutable), asked again and again as a bot plans each turn and
#: imagines the pile's cards in its hand. Bound 20,000; nothing invalidates it.
_ADDITIONS: dict[tuple[Meld, bytes], tuple[tuple[tuple[Card, ...], Meld, int], ...]] = {}
_ADDITIONS_MAX = 20_000

#: ``Meld.from_cards(cards, rules=rules)`` for the candidate melds of the hands the solver is given
#: (the same few melds from turn to turn): (id of the rules, card indices in order) -> (the rules,
#: the meld, ...); the rules are kept so that their id stays theirs. Bound 20,000.
_MELDS: dict[tuple[int, bytes], tuple[Rules, Meld, int, bool]] = {}
_MELDS_MAX = 20_000

# ---------------------------------------------------------------------- the bots (bots.py)
#: The deck (``make_deck(jokers, copies)``) as a count per card index (bots._unseen), by (jokers,
#: copies): one entry per deck; nothing invalidates it.
_DECK_COUNTS: dict[tuple[int, int], list[int]] = {}

#: Plans already found for a position, keyed by everything the solver reads of it (bots._plan_key):
#: a bot asks again about the same position (the pile it weighed taking, once taken). Bound 4,000.
_PLANS: dict[tuple[object, ...], tuple[object, Plan | None, bool, int | None]] = {}
_PLANS_MAX = 4_000

#: bots._lay_off_cards for runs: (meld, the relevant hand cards' indices in order) -> the cards
#: (melds are immutable values). Bound 20,000.
_LAY_OFF_CARDS: dict[tuple[Meld, bytes], frozenset[Card]] = {}
_LAY_OFF_CARDS_MAX = 20_000

# ---------------------------------------------------------------------- the melds' words (melds.py)
#: The rank words of a meld's refusal in another language than English, by (language, mask): at
#: most the languages times 2**13 masks; a change of language reads other keys, nothing goes stale.
_RANK_WORDS_IN: dict[tuple[str, int], str] = {}
