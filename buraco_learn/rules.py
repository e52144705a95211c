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


from .errors import RulesError, excerpt
from .i18n import N_, semicolon, tr

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
    #: Player counts the preset allows (DEAL-1..3, P3-*, P5-*).
    players: tuple[int, ...] = (2, 3, 4, 5)
    #: Jokers in the two-pack deck (EQ-1); three packs (five players, P5-1) hold half as many again.
    jokers: int = 4
    #: Copies of each card a meld may hold: the deck's packs (EQ-1: 2; SET-3's limit is the
    #: rank's naturals and one wild). A five-player game plays ``for_players(5)``: 3 (P5-1).
    copies: int = 2
    #: Cards dealt to each player (DEAL-1).
    hand_size: int = 11
    #: Size of the first pot with 3 or 5 players (DEAL-2, P3-1, P5-1); the other pots have ``hand_size``.
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
    #: The pot penalty applies to a side without its pot even when no side took one
    #: (``wikipedia-fr``: "de ne pas avoir pris son puits retranche 100 points"; ``ramiroyal``:
    #: "sans utiliser de pioche annexe: pénalité de 100 points"); ``False``: only when some side
    #: took one (SCORE-1).
    pot_penalty_always: bool = False
    #: The closing bonus goes only to a side that took its pot (``ramiroyal``'s "bonus gagnant",
    #: CLOSE-5); ``False``: to any side that closes.
    close_bonus_needs_pot: bool = False
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
    #: A match may be a fixed number of hands agreed in advance, highest total wins, no victory
    #: points (GAME-3; ``classic-fr``).
    fixed_hands: bool = False

    def __post_init__(self) -> None:
        # Lists are accepted for the tuple fields (as JSON gives them) and stored as tuples.
        for key in ("aliases", "players"):
            value = getattr(self, key)
            if isinstance(value, list):
                object.__setattr__(self, key, tuple(value))
        problems = _problems(self)
        if problems:
            name = self.name if isinstance(self.name, str) and len(self.name) <= 40 else "(custom)"
            raise RulesError(tr("rule set {name}: {problems}", name=_short(name), problems=semicolon().join(problems)))

    @property
    def has_semi_clean(self) -> bool:
        """Whether semi-clean burracos exist (BUR-3)."""
        return self.semi_clean_bonus is not None

    def for_players(self, players: int) -> Rules:
        """These rules as a game of ``players`` players plays them: with five, three copies of each
        card (P5-1, SET-3's limit 13); otherwise two. The same value each time.

        >>> FIBUR.for_players(4) is FIBUR, FIBUR.for_players(5).copies, FIBUR.for_players(5).name
        (True, 3, 'fibur')
        >>> FIBUR.for_players(5) is FIBUR.for_players(5), FIBUR.for_players(5).for_players(3) is FIBUR
        (True, True)
        """
        copies = self.packs(players)
        if copies == self.copies:
            return self
        found = _BY_COPIES.get((self, copies))  # every field is checked, so a rule set is hashable
        if found is None:
            found = _BY_COPIES[(self, copies)] = dataclasses.replace(self, copies=copies)
            _BY_COPIES[(found, self.copies)] = self
        return found

    @staticmethod
    def packs(players: int = 4) -> int:
        """Packs in the deck: two, three with five players (EQ-1, P5-1); every card exists in as
        many copies.

        >>> FIBUR.packs(4), FIBUR.packs(5)
        (2, 3)
        """
        return 3 if players == 5 else 2

    def deck_jokers(self, players: int = 4) -> int:
        """Jokers in the deck for ``players`` players: :attr:`jokers`, half as many again with
        three packs (P5-1: 6).

        >>> FIBUR.deck_jokers(4), FIBUR.deck_jokers(5)
        (4, 6)
        """
        return self.jokers * self.packs(players) // 2

    def deck_size(self, players: int = 4) -> int:
        """Cards in the deck: 104 plus the jokers (EQ-1); 156 plus the jokers with five players (P5-1).

        >>> FIBUR.deck_size(), FIBUR.deck_size(5)
        (108, 162)
        """
        return 52 * self.packs(players) + self.deck_jokers(players)

    def pot_sizes(self, players: int, alone: bool = False) -> tuple[int, ...]:
        """The pots dealt for ``players`` players, in the order they are taken (DEAL-2, P3-1,
        P5-1); with ``alone`` (five players, every one for himself: P5-4's option) one pot each.

        >>> FIBUR.pot_sizes(5), FIBUR.pot_sizes(5, alone=True)
        ((18, 11, 11), (11, 11, 11, 11, 11))
        """
        self.check_players(players)
        if alone and players == 5:
            return (self.hand_size,) * players
        if players == 3:
            return (self.soloist_pot_size, self.hand_size)
        if players == 5:
            return (self.soloist_pot_size, self.hand_size, self.hand_size)
        return (self.hand_size, self.hand_size)

    def stock_size(self, players: int, alone: bool = False) -> int:
        """Cards in the stock right after the deal (DEAL-3, P5-1, P5-4): 63, 45, 41 or 66 (51
        with every player alone) with 108 cards a two packs.

        >>> [FIBUR.stock_size(n) for n in (2, 3, 4, 5)], FIBUR.stock_size(5, alone=True)
        ([63, 45, 41, 66], 51)
        """
        pots = sum(self.pot_sizes(players, alone))  # checks the player count first
        return self.deck_size(players) - players * self.hand_size - pots - 1

    def check_players(self, players: int) -> None:
        """Refuse a player count the preset does not allow (one, or six and more: DEAL-1, GAME-4;
        ``ramiroyal``'s five: P5-5).

        >>> get_rules("fibur").check_players(6)
        Traceback (most recent call last):
        ...
        buraco_learn.errors.RulesError: Buraco is played by 2 to 5 players, not 6: each gets 11 cards (DEAL-1) and five already take three packs (GAME-4, P5-1)
        >>> get_rules("ramiroyal").check_players(5)
        Traceback (most recent call last):
        ...
        buraco_learn.errors.RulesError: rule set 'ramiroyal' is played by 2 players, not 5: five players play the presets four players play, and this one is not among them (P5-5, section 12)
        """
        if isinstance(players, bool) or not isinstance(players, int):
            raise RulesError(tr("the number of players is a whole number from 2 to 5, not {players} (DEAL-1)",
                                players=_short(players)))
        if not 2 <= players <= 5:
            raise RulesError(tr(PLAYER_COUNT, players=_short(players)))
        if players == 5 and 5 not in self.players:
            raise RulesError(tr("rule set {name} is played by {allowed} players, not 5: five players play the presets "
                                "four players play, and this one is not among them (P5-5, section 12)",
                                name=_short(self.name), allowed=", ".join(map(str, self.players))))
        if players not in self.players:
            allowed = ", ".join(map(str, self.players))
            raise RulesError(tr("rule set {name} is played by {allowed} players, not {players} (DEAL-1, section 12)",
                                name=_short(self.name), allowed=allowed, players=_short(players)))

    def to_dict(self) -> dict[str, Any]:
        """Every parameter, as plain JSON-ready values."""
        out = dataclasses.asdict(self)
        out["aliases"] = list(self.aliases)
        out["players"] = list(self.players)
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """The inverse of :meth:`to_dict`; unknown keys and values of the wrong type are refused.

        >>> Rules.from_dict({"name": "mine", "jokers": 2.5})
        Traceback (most recent call last):
        ...
        buraco_learn.errors.RulesError: rule set 'mine': jokers must be a whole number from 0 to 4 (EQ-1), not 2.5
        """
        if not isinstance(data, dict):
            raise RulesError(tr("rules must be a mapping of parameters, not {kind}", kind=type(data).__name__))
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(map(str, data)) - known)
        if unknown or not all(isinstance(k, str) for k in data):
            shown = ", ".join(_short(k, 30) for k in unknown[:5]) + (", ..." if len(unknown) > 5 else "")
            raise RulesError(tr("unknown rule parameter(s) {shown}; known: {known}", shown=shown,
                                known=", ".join(sorted(known))))
        values = dict(data)
        for key in ("aliases", "players"):
            if key in values and isinstance(values[key], list):
                values[key] = tuple(values[key])
        return cls(**values)

    def __str__(self) -> str:
        return self.name

#: Rules.for_players's values, by (rules, copies): each derived value made once.
_BY_COPIES: dict[tuple[Rules, int], Rules] = {}

#: Why one player, or six and more, are refused (DEAL-1, GAME-4).
PLAYER_COUNT = N_("Buraco is played by 2 to 5 players, not {players}: each gets 11 cards (DEAL-1) and five already "
                  "take three packs (GAME-4, P5-1)")

#: The largest absolute value of a points parameter (bonuses, penalties, card points, target).
_MAX_POINTS = 1_000_000


def _short(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters (error messages quote a short excerpt only)."""
    return excerpt(value, limit)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _problems(r: Rules) -> list[str]:
    """Every way the parameters of ``r`` are of the wrong type or do not fit together."""
    out: list[str] = []

    def whole(key: str, lo: int, hi: int, rule: str, none_ok: bool = False) -> bool:
        value = getattr(r, key)
        if not _is_int(value) or not lo <= value <= hi:
            if none_ok:
                out.append(tr("{key} must be a whole number from {lo} to {hi}, or None when the kind does not "
                              "exist ({rule}), not {value}", key=key, lo=lo, hi=hi, rule=rule, value=_short(value)))
            else:
                out.append(tr("{key} must be a whole number from {lo} to {hi} ({rule}), not {value}", key=key,
                              lo=lo, hi=hi, rule=rule, value=_short(value)))
            return False
        return True

    for key in ("name", "source"):
        value = getattr(r, key)
        if not isinstance(value, str) or not value.strip() or len(value) > 200:
            out.append(tr("{key} must be a non-empty text of at most 200 characters, not {value}", key=key,
                          value=_short(value)))
    if isinstance(r.name, str) and (any(ch.isspace() or ch in "|/;=" for ch in r.name) or len(r.name) > 40):
        out.append(tr("name is one word of at most 40 characters without | / ; = (it heads a position), "
                      "not {value}", value=_short(r.name)))
    if not isinstance(r.aliases, tuple) or not all(isinstance(a, str) and len(a) <= 40 for a in r.aliases):
        out.append(tr("aliases must be a list of short names, not {value}", value=_short(r.aliases)))
    players_ok = False
    if not isinstance(r.players, tuple) or not r.players or not all(_is_int(p) for p in r.players):
        out.append(tr("players must be a non-empty list of player counts among 2, 3, 4, 5, not {value}",
                      value=_short(r.players)))
    elif any(p not in (2, 3, 4, 5) for p in r.players) or len(set(r.players)) != len(r.players):
        out.append(tr("players must be distinct player counts among 2, 3, 4, 5 (DEAL-1, GAME-4), not {value}",
                      value=_short(r.players)))
    else:
        players_ok = True
    deck_ok = whole("jokers", 0, 4, "EQ-1")
    whole("copies", 2, 3, "EQ-1, P5-1")
    deck_ok = whole("hand_size", 1, 15, "DEAL-1") and deck_ok
    deck_ok = whole("soloist_pot_size", 1, 30, "DEAL-2, P3-1") and deck_ok
    deck_ok = whole("stock_reserve", 0, 100, "STOCK-1") and deck_ok
    for key, rule in (("natural_two_meld_points", "EQ-2"), ("low_ace_meld_points", "EQ-2"),
                      ("clean_bonus", "BUR-2"), ("dirty_bonus", "BUR-4"), ("close_bonus", "CLOSE-5"),
                      ("pot_penalty", "SCORE-1")):
        whole(key, -_MAX_POINTS, _MAX_POINTS, rule)
    if r.semi_clean_bonus is not None:
        whole("semi_clean_bonus", -_MAX_POINTS, _MAX_POINTS, "BUR-3", none_ok=True)
    for key in ("pot_penalty_always", "close_bonus_needs_pot", "pots_become_stock",
                "close_without_pot_when_none_left", "lay_off_onto_partner", "play_on_with_empty_hand",
                "fixed_hands", "natural_two_optional", "freed_wild_high"):
        if not isinstance(getattr(r, key), bool):
            out.append(tr("{key} must be true or false, not {value}", key=key, value=_short(getattr(r, key))))
    whole("target", 1, _MAX_POINTS, "GAME-1")
    whole("tournament_hands", 1, 1000, "GAME-2")
    if deck_ok and r.hand_size < 2:
        out.append(tr("hand_size must be at least 2, not {value}: each pot holds hand_size cards (DEAL-2), and a "
                      "player who takes a pot of one card on the fly (POT-2) could neither discard it nor keep a card "
                      "(TURN-3, CLOSE-3), so the hand could not go on", value=r.hand_size))
    if deck_ok and players_ok and (3 in r.players or 5 in r.players) and r.soloist_pot_size < 2:
        out.append(tr("soloist_pot_size must be at least 2 when 3 or 5 players may play, not {value}: a player who takes "
                      "a pot of one card on the fly (POT-2, P3-1) could neither discard it nor keep a card (TURN-3, "
                      "CLOSE-3), so the hand could not go on", value=r.soloist_pot_size))
    if players_ok and deck_ok:
        for p in r.players:
            pots = (r.soloist_pot_size + r.hand_size) if p == 3 else 2 * r.hand_size
            if p == 5:
                pots = max(r.soloist_pot_size + 2 * r.hand_size, 5 * r.hand_size)  # P5-1, P5-4
            stock = 52 * r.packs(p) + r.jokers * r.packs(p) // 2 - p * r.hand_size - pots - 1
            if stock <= r.stock_reserve:
                out.append(tr("with {players} players the deal leaves {stock} cards in the stock, but the stock must "
                              "hold more than its reserve of {reserve} never drawn (DEAL-3, STOCK-1)", players=p,
                              stock=stock, reserve=r.stock_reserve))
    return out


FIBUR = Rules(aliases=("default", "federation", "italian", "codice"))

WIKIPEDIA_FR = Rules(
    name="wikipedia-fr",
    aliases=("wikipedia", "wiki", "fr-wikipedia"),
    source='French Wikipedia "Buraco"',
    natural_two_meld_points=5,
    low_ace_meld_points=5,
    natural_two_optional=True,
    freed_wild_high=True,
    pot_penalty_always=True,
)

CLASSIC_FR = Rules(
    name="classic-fr",
    aliases=("classic", "fr", "french", "burraco-fr"),
    source='French "Burraco" page: 2 v 2, 3-player variant',
    players=(3, 4, 5),
    semi_clean_bonus=None,
    stock_reserve=1,
    play_on_with_empty_hand=True,
    target=2000,
    fixed_hands=True,
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
    close_bonus_needs_pot=True,
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
    if not isinstance(name, str):
        raise RulesError(tr("a rule set is given by its name (like 'fibur') or a Rules value, not {value}",
                            value=_short(name)))
    found = _ALIASES.get(name.strip().lower().replace("_", "-")) if len(name) <= 100 else None
    if found is None:
        found = _ALIASES.get(name.strip().lower())
    if found is None:
        aliases = sorted(a for a in _ALIASES if a not in PRESETS)
        raise RulesError(tr("unknown rule set {name}; known: {known} (aliases: {aliases})", name=_short(name),
                            known=", ".join(PRESETS), aliases=", ".join(aliases)))
    return found
