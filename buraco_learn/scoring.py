"""The count of a hand (SCORE-1..4), match totals (GAME-1) and victory points (GAME-2).

:func:`score_side` is a pure function of what lies on the table and in the hands:

>>> from buraco_learn import Meld, parse_cards
>>> ns = score_side(
...     [Meld.from_cards("3H 4H 5H 6H 7H 8H 9H TH"), Meld.from_cards("KC KD KS JK"),
...      Meld.from_cards("AS 2S 3S 4S 5S")],
...     hand=parse_cards("QD 4C"), closed=True, took_pot=True, any_pot_taken=True)
>>> ns.total
450
>>> print(ns)
melded cards       +165
clean burraco      +200  (3H 4H 5H 6H 7H 8H 9H TH)
closing            +100
cards in hand       -15
total               450
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .i18n import N_, tr
from .cards import Card, excerpt, parse_cards
from .errors import InvalidMeld, NotationError
from .melds import Meld
from .rules import FIBUR, Rules, get_rules

#: The labels of a count's lines: data in English (records, widgets), shown in the chosen language.
LINE_LABELS = (N_("melded cards"), N_("clean burraco"), N_("semi-clean burraco"), N_("dirty burraco"), N_("closing"),
               N_("cards in hand"), N_("pot not taken"), N_("total"))

__all__ = ["ScoreLine", "SideScore", "score_side", "hand_points", "victory_points", "VICTORY_POINTS"]


@dataclass(frozen=True)
class ScoreLine:
    """One line of a count: what it is, its points, and (for a burraco) which meld."""

    label: str
    points: int
    meld: str = ""

    def __str__(self) -> str:
        tail = f"  ({self.meld})" if self.meld else ""
        return f"{tr(self.label):<18}{self.points:+5d}{tail}"


@dataclass(frozen=True)
class SideScore:
    """A side's count as a breakdown (SCORE-4); ``total`` is the sum of the lines."""

    melded: int
    burracos: tuple[ScoreLine, ...]
    closing: int
    in_hand: int
    pot_penalty: int
    lines: tuple[ScoreLine, ...] = field(repr=False)

    @property
    def total(self) -> int:
        """The side's score for the hand (SCORE-1); it may be negative (SCORE-3)."""
        return sum(line.points for line in self.lines)

    @property
    def burraco_bonus(self) -> int:
        """The sum of the burraco bonuses."""
        return sum(line.points for line in self.burracos)

    def __str__(self) -> str:
        return "\n".join([*map(str, self.lines), f"{tr('total'):<18}{self.total:5d}"])

    def to_dict(self) -> dict[str, object]:
        """Plain values, for records and widgets."""
        return {"lines": [[ln.label, ln.points, ln.meld] for ln in self.lines], "total": self.total}


def hand_points(cards: Iterable[Card]) -> int:
    """Points of cards left in a hand (EQ-2): a joker 30, a 2 20, an ace 15 ...

    >>> from buraco_learn import parse_cards
    >>> hand_points(parse_cards("JK 7S 7S"))
    40
    """
    return sum(c.points for c in parse_cards(cards))


def score_side(melds: Sequence[Meld], hand: Iterable[Card] = (), *, closed: bool = False,
               took_pot: bool = True, any_pot_taken: bool = True, rules: Rules | None = None) -> SideScore:
    """Count one side's hand (SCORE-1): melded points, burraco bonuses, closing, cards in hand,
    pot penalty.

    ``hand`` holds every card left in the side's hands (both partners, and a pot taken with the
    discard but not yet played). The pot penalty applies when the side did not take its pot and
    ``any_pot_taken`` (some side did), or whatever the others did under ``pot_penalty_always``
    (``wikipedia-fr``, ``ramiroyal``). The closing bonus needs ``closed``, and under
    ``close_bonus_needs_pot`` (``ramiroyal``) ``took_pot`` too. ``rules`` defaults to the melds' own rules.

    >>> from buraco_learn import Meld, parse_cards
    >>> ew = score_side([Meld.from_cards("8D 9D TD JD QD KD 2C"), Meld.from_cards("5C 5D 5H")],
    ...                 parse_cards("JK 7S 7S AC 2D 9H"), took_pot=False, any_pot_taken=True)
    >>> ew.total, ew.pot_penalty
    (10, -100)
    """
    if isinstance(melds, (str, bytes)) or not isinstance(melds, Iterable):
        raise NotationError(f"score_side counts a list of Meld values, not {excerpt(melds)} (SCORE-1)")
    melds = list(itertools.islice(melds, 1000))
    for m in melds:
        if not isinstance(m, Meld):
            raise NotationError(f"score_side counts Meld values (Meld.parse('5H 6H 7H')), not {excerpt(m)} (SCORE-1)")
    hand = parse_cards(hand)
    if rules is None:
        rules = melds[0].rules if melds else FIBUR
    else:
        rules = get_rules(rules)
    melded = 0
    bonuses: list[ScoreLine] = []
    for m in melds:
        if m.rules != rules:  # the same layout read under the count's rules (WILD-6), if it is legal there
            try:
                m = Meld.parse(m.notation(), rules=rules)
            except InvalidMeld:
                m = Meld.from_cards(m.cards, rules=rules)
        melded += m.points
        kind = m.burraco
        if kind is not None:
            bonuses.append(ScoreLine(f"{kind} burraco", m.bonus, str(m)))
    # CLOSE-5; ramiroyal's "bonus gagnant" goes only to a side that used its pot.
    closing = rules.close_bonus if closed and (took_pot or not rules.close_bonus_needs_pot) else 0
    in_hand = -hand_points(hand)
    penalty = -rules.pot_penalty if (not took_pot and (any_pot_taken or rules.pot_penalty_always)) else 0
    lines = [ScoreLine("melded cards", melded), *bonuses]
    if closing:
        lines.append(ScoreLine("closing", closing))
    if in_hand:
        lines.append(ScoreLine("cards in hand", in_hand))
    if penalty:
        lines.append(ScoreLine("pot not taken", penalty))
    return SideScore(melded, tuple(bonuses), closing, in_hand, penalty, tuple(lines))


#: GAME-2: (largest difference, winner's VP, loser's VP); over 2000: 20-0.
VICTORY_POINTS: tuple[tuple[int, int, int], ...] = (
    (100, 10, 10), (300, 11, 9), (500, 12, 8), (700, 13, 7), (900, 14, 6), (1100, 15, 5),
    (1300, 16, 4), (1500, 17, 3), (1700, 18, 2), (2000, 19, 1),
)


def victory_points(difference: int) -> tuple[int, int]:
    """Victory points (winner, loser) for a difference of match points (GAME-2).

    Differences are multiples of 5, so the table's bands (0–100, 105–300, ...) cover them all.

    >>> victory_points(0), victory_points(105), victory_points(2000), victory_points(2005)
    ((10, 10), (11, 9), (19, 1), (20, 0))
    """
    if isinstance(difference, bool) or not isinstance(difference, int):
        raise NotationError(f"victory points are read from a difference of match points, a whole number, not "
                            f"{excerpt(difference)} (GAME-2)")
    d = abs(difference)
    for limit, win, lose in VICTORY_POINTS:
        if d <= limit:
            return (win, lose)
    return (20, 0)
