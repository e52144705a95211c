"""Rule sets: one frozen :class:`Rules` value per written tradition (buraco_learn/reference/rules.md, section 12).

The engine reads only the parameters of a :class:`Rules` value, never a preset's name, so a new
preset is a new value and no engine change.

>>> get_rules("fibur").semi_clean_bonus
150
>>> get_rules("wikipedia").name
'wikipedia-fr'
>>> get_rules("ramiroyal").jokers
2
>>> get_rules("bridge")
Traceback (most recent call last):
...
buraco_learn.errors.RulesError: unknown rule set 'bridge'; known: fibur, wikipedia-fr, classic-fr, ramiroyal (aliases: app, burraco-fr, classic, codice, default, federation, fr, fr-wikipedia, french, italian, rami royal, rami-royal, wiki, wikipedia)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from .errors import RulesError

__all__ = ["Rules", "FIBUR", "WIKIPEDIA_FR", "CLASSIC_FR", "RAMIROYAL", "PRESETS", "get_rules"]


@dataclass(frozen=True)
class Rules:
    """Every parameter a preset may change. Defaults are the FIBUR rules.

    ``dataclasses.replace(FIBUR, target=1500)`` makes a custom rule set.
    """

    #: Preset name, as used in records and positions.
    name: str = "fibur"
    #: Other names the preset is found by (lower case).
    aliases: tuple[str, ...] = ()
    #: Where the rules come from.
    source: str = "FIBUR Codice di Gara"
    #: Player counts the preset allows (DEAL-1..3, P3-*).
    players: tuple[int, ...] = (2, 3, 4)
    #: Jokers in the deck (EQ-1).
    jokers: int = 4
    #: Cards dealt to each player (DEAL-1).
    hand_size: int = 11
    #: Size of the first pot with 3 players (DEAL-2, P3-1); the other pots have ``hand_size``.
    soloist_pot_size: int = 18
    #: Points of a 2 standing as a natural 2 in a meld (EQ-2; 20 unless a preset says).
    natural_two_meld_points: int = 20
    #: Points of an ace standing low (A-2-3) in a run on the table (EQ-2; 15 unless a preset says).
    low_ace_meld_points: int = 15
    #: A 2 of a run's suit that could stand natural in the 2 position may be played as a wild
    #: instead (``wikipedia-fr``: "au choix", WILD-6); ``False``: it is natural whenever it can be
    #: (RUN-5).
    natural_two_optional: bool = False
    #: A wild whose card is laid off moves to the high end of the run if it can, else the low end
    #: (``wikipedia-fr``: "à la fin de la série", WILD-3); ``False``: a freed bound wild takes the
    #: low end if it can and a free wild keeps its end (WILD-1, WILD-2).
    freed_wild_high: bool = False
    #: Bonus of a clean burraco (BUR-2).
    clean_bonus: int = 200
    #: Bonus of a semi-clean burraco (BUR-3); ``None``: the kind does not exist and such a
    #: burraco is dirty.
    semi_clean_bonus: int | None = 150
    #: Bonus of a dirty burraco (BUR-4).
    dirty_bonus: int = 100
    #: Bonus for closing (CLOSE-5).
    close_bonus: int = 100
    #: Penalty for a side that did not take its pot while another did (SCORE-1).
    pot_penalty: int = 100
    #: The pot penalty applies to a side without its pot even when no side took one (``ramiroyal``:
    #: "-100 without using a pot"); ``False``: only when some side took one (SCORE-1).
    pot_penalty_always: bool = False
    #: Cards left in the stock that are never drawn; a draw leaving this many ends the hand
    #: after that turn (STOCK-1: 2; ``classic-fr``: 1).
    stock_reserve: int = 2
    #: An untaken pot becomes the new stock when the stock runs out (``ramiroyal``).
    pots_become_stock: bool = False
    #: A side may close without a pot once no pot is left to take (``ramiroyal``).
    close_without_pot_when_none_left: bool = False
    #: Lay off onto a partner's melds too (TURN-2); ``False``: only onto one's own.
    lay_off_onto_partner: bool = True
    #: A player whose side has its pot but no burraco may empty his hand and play on with no
    #: cards (``classic-fr``); ``False``: he must keep a card (CLOSE-4).
    play_on_with_empty_hand: bool = False
    #: Match target (GAME-1).
    target: int = 2005
    #: Hands in a tournament match (GAME-2).
    tournament_hands: int = 4

    def __post_init__(self) -> None:
        problems = []
        if not self.players or any(p not in (2, 3, 4) for p in self.players):
            problems.append(f"players must be among 2, 3, 4, not {self.players!r}")
        if not 0 <= self.jokers <= 4:
            problems.append(f"jokers must be 0..4, not {self.jokers}")
        if not 1 <= self.hand_size <= 15:
            problems.append(f"hand_size must be 1..15, not {self.hand_size}")
        if self.stock_reserve < 0:
            problems.append(f"stock_reserve must be >= 0, not {self.stock_reserve}")
        if self.target <= 0 or self.tournament_hands <= 0:
            problems.append("target and tournament_hands must be positive")
        if problems:
            raise RulesError(f"rule set {self.name!r}: " + "; ".join(problems))

    @property
    def has_semi_clean(self) -> bool:
        """Whether semi-clean burracos exist (BUR-3)."""
        return self.semi_clean_bonus is not None

    def deck_size(self) -> int:
        """Cards in the deck: 104 plus the jokers (EQ-1)."""
        return 104 + self.jokers

    def pot_sizes(self, players: int) -> tuple[int, ...]:
        """The pots dealt for ``players`` players, in the order they are taken (DEAL-2)."""
        self.check_players(players)
        if players == 3:
            return (self.soloist_pot_size, self.hand_size)
        return (self.hand_size, self.hand_size)

    def stock_size(self, players: int) -> int:
        """Cards in the stock right after the deal (DEAL-3): 63, 45 or 41 with 108 cards."""
        return self.deck_size() - players * self.hand_size - sum(self.pot_sizes(players)) - 1

    def check_players(self, players: int) -> None:
        """Refuse a player count the preset does not allow."""
        if players not in self.players:
            allowed = ", ".join(map(str, self.players))
            raise RulesError(
                f"rule set {self.name!r} is played by {allowed} players, not {players}"
            )

    def to_dict(self) -> dict[str, Any]:
        """Every parameter, as plain JSON-ready values."""
        out = dataclasses.asdict(self)
        out["aliases"] = list(self.aliases)
        out["players"] = list(self.players)
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """The inverse of :meth:`to_dict`; unknown keys are refused."""
        if not isinstance(data, dict):
            raise RulesError(f"rules must be a mapping of parameters, not {type(data).__name__}")
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise RulesError(f"unknown rule parameter(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}")
        values = dict(data)
        for key in ("aliases", "players"):
            if key in values:
                values[key] = tuple(values[key])
        try:
            return cls(**values)
        except TypeError as err:  # pragma: no cover - dataclass signature errors
            raise RulesError(str(err)) from None

    def __str__(self) -> str:
        return self.name


FIBUR = Rules(aliases=("default", "federation", "italian", "codice"))

WIKIPEDIA_FR = Rules(
    name="wikipedia-fr",
    aliases=("wikipedia", "wiki", "fr-wikipedia"),
    source='French Wikipedia "Buraco"',
    natural_two_meld_points=5,
    low_ace_meld_points=5,
    natural_two_optional=True,
    freed_wild_high=True,
)

CLASSIC_FR = Rules(
    name="classic-fr",
    aliases=("classic", "fr", "french", "burraco-fr"),
    source='French "Burraco" page: 2 v 2, 3-player variant',
    players=(3, 4),
    semi_clean_bonus=None,
    stock_reserve=1,
    play_on_with_empty_hand=True,
    target=2000,
)

RAMIROYAL = Rules(
    name="ramiroyal",
    aliases=("rami-royal", "rami royal", "app"),
    source="RamiRoyal app, 2 players",
    players=(2,),
    jokers=2,
    semi_clean_bonus=None,
    stock_reserve=0,
    pots_become_stock=True,
    close_without_pot_when_none_left=True,
    pot_penalty_always=True,
    lay_off_onto_partner=False,
)

#: The presets by name, ``fibur`` first.
PRESETS: dict[str, Rules] = {r.name: r for r in (FIBUR, WIKIPEDIA_FR, CLASSIC_FR, RAMIROYAL)}
_ALIASES: dict[str, Rules] = {}
for _r in PRESETS.values():
    _ALIASES[_r.name] = _r
    for _a in _r.aliases:
        _ALIASES[_a] = _r


def get_rules(name: str | Rules | None = None) -> Rules:
    """The preset of that name or alias (case-insensitive); ``None`` gives ``fibur``.

    A :class:`Rules` value is returned as it is.
    """
    if name is None:
        return FIBUR
    if isinstance(name, Rules):
        return name
    found = _ALIASES.get(str(name).strip().lower().replace("_", "-"))
    if found is None:
        found = _ALIASES.get(str(name).strip().lower())
    if found is None:
        aliases = sorted(a for a in _ALIASES if a not in PRESETS)
        raise RulesError(
            f"unknown rule set {name!r}; known: {', '.join(PRESETS)} "
            f"(aliases: {', '.join(aliases)})"
        )
    return found
