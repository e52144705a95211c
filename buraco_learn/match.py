"""A match: a series of hands to a target (GAME-1), a fixed number of hands scored in victory
points (GAME-2), or, where a preset allows it, a fixed number of hands agreed in advance where the
highest total wins (GAME-3).

>>> m = Match(players=2, seed=5)
>>> m.target, m.competitors
(2005, ((0,), (1,)))
>>> m.add_result(HandResult("stock", None, ((0,), (1,)), (), (1200, -80)))
>>> m.totals, m.is_over
((1200, -80), False)
>>> m.add_result(HandResult("closed", 0, ((0,), (1,)), (), (900, 300)))
>>> m.totals, m.is_over, m.winner
((2100, 220), True, (0,))

GAME-3 under ``classic-fr``: four hands (one round of the table) for three players, then the
highest total wins:

>>> m = Match(3, rules="classic-fr", hands=4, seed=1)
>>> m.form, m.hands
('hands', 4)
>>> for credits in [(300, 40, 40), (-50, 210, 210), (120, 95, 95), (80, -10, 400)]:
...     m.add_result(HandResult("stock", None, ((0,), (1, 2)), (), credits))
>>> m.totals, m.is_over, m.winner
((450, 335, 745), True, (2,))
>>> Match(4, hands=4)
Traceback (most recent call last):
...
buraco_learn.errors.RulesError: a match of a fixed number of hands where the highest total wins (GAME-3) is not part of rule set 'fibur'; play to a target (GAME-1), or with 4 players as a tournament (form='tournament', GAME-2)

Five players play to 2005, each his own total (P5-4); with ``alone_from=1005`` (eburraco's option)
the hands after a player's total reaches 1005 are every player for himself:

>>> m = Match(5, seed=2, alone_from=1005)
>>> m.competitors, m.next_hand().alone
(((0,), (1,), (2,), (3,), (4,)), False)
>>> m.add_result(HandResult("stock", None, ((0,), (1,), (2,), (3,), (4,)), (), (1010, 0, 0, 0, 0)))
>>> g = m.next_hand()
>>> g.alone, [len(p) for p in g.pots], len(g.stock)
(True, [11, 11, 11, 11, 11], 51)
"""

from __future__ import annotations

import random
from typing import Literal

from .i18n import tr
from .errors import IllegalMove, RulesError
from .game import Game, HandResult
from .rules import Rules, _short, get_rules
from .scoring import victory_points
from .seating import seating

__all__ = ["Match"]


class Match:
    """Hands dealt in turn (the deal passes to the left, DEAL-4), totals kept per competitor.

    Competitors are the two sides with 2 or 4 players, and each player with 3 or 5 (P3-2, P5-3
    credits: the sides of 3 and 5 players form anew each hand).
    ``form="target"``: play until a competitor reaches ``target`` (default: the rules' 2005);
    the higher total wins, an exact tie plays one more hand (GAME-1). ``form="tournament"``:
    play ``hands`` hands (default: the rules' 4), then convert the difference into victory points
    (GAME-2; two sides only). ``form="hands"``, where the rules allow it (``fixed_hands``,
    ``classic-fr``): play ``hands`` hands, the highest total wins (GAME-3). With no ``form``,
    giving ``hands`` asks for GAME-3, else the match is played to a target. ``alone_from`` (five
    players, eburraco's option of P5-4, usually 1005): once a player's total reaches it, the
    remaining hands are dealt every player alone (five pots of 11, no pairs, no halving).
    """

    def __init__(self, players: int = 4, *, rules: Rules | str | None = None, seed: int | None = None,
                 form: Literal["target", "tournament", "hands"] | None = None, target: int | None = None,
                 hands: int | None = None, first_dealer: int = 0, alone_from: int | None = None) -> None:
        self.rules = get_rules(rules)
        self.rules.check_players(players)
        if form is None:
            form = "target" if hands is None else "hands"
        if form not in ("target", "tournament", "hands"):
            raise RulesError(f"a match is played to a 'target' (GAME-1), as a 'tournament' (GAME-2) or as a "
                             f"number of 'hands' (GAME-3), not {_short(form)}")
        if form == "tournament" and len(seating(players).sides) != 2:
            raise RulesError(tr("victory points (GAME-2) compare two sides; with {players} players play to a target "
                                "(GAME-1)", players=players))
        if alone_from is not None and (players != 5 or isinstance(alone_from, bool) or not isinstance(alone_from, int)
                                       or not 1 <= alone_from <= 1_000_000):
            raise RulesError(tr("alone_from (every player alone once a total reaches it, P5-4) is an option of the "
                                "five-player game, a whole number from 1 to 1000000 like 1005; not {value} with "
                                "{players} players", value=_short(alone_from), players=players))
        if form == "hands" and not self.rules.fixed_hands:
            raise RulesError(f"a match of a fixed number of hands where the highest total wins (GAME-3) is not part "
                             f"of rule set {self.rules.name!r}; play to a target (GAME-1), or with 4 players as a "
                             "tournament (form='tournament', GAME-2)")
        if form == "target" and hands is not None:
            raise RulesError("hands= is the number of hands of a tournament (GAME-2) or of a fixed-hands match "
                             "(GAME-3); a match to a target (GAME-1) plays until the target is reached")
        if form != "target" and target is not None:
            raise RulesError(f"target= belongs to a match to a target (GAME-1), not to form={form!r}")
        for name, value, limit in (("target", target, 1_000_000), ("hands", hands, 1000)):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                      or not 1 <= value <= limit):
                raise RulesError(f"{name} must be a whole number from 1 to {limit}, not {_short(value)} (GAME-1..3)")
        if isinstance(first_dealer, bool) or not isinstance(first_dealer, int) or not 0 <= first_dealer < players:
            raise RulesError(f"first_dealer must be a seat from 0 to {players - 1}, not {_short(first_dealer)} "
                             "(DEAL-4)")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64):
            raise RulesError(f"a match seed is a whole number from 0 to 2**64 - 1, not {_short(seed)} (DEAL-5)")
        self.players = players
        self.form: Literal["target", "tournament", "hands"] = form
        self.target = self.rules.target if target is None else target
        self.hands = self.rules.tournament_hands if hands is None else hands
        self.seed = random.SystemRandom().randrange(2**32) if seed is None else seed
        self.first_dealer = first_dealer
        #: P5-4's option: every player alone once a total reaches this (``None``: never).
        self.alone_from = alone_from
        self.results: list[HandResult] = []
        self._rng = random.Random(self.seed)
        self._seeds: list[int] = []

    @property
    def competitors(self) -> tuple[tuple[int, ...], ...]:
        """The seats scored together: sides with 2 or 4 players, single seats with 3 or 5 (the
        sides as dealt, before any pot: see :mod:`~buraco_learn.seating`)."""
        return seating(self.players).sides

    def _hand_seed(self, i: int) -> int:
        while len(self._seeds) <= i:
            self._seeds.append(self._rng.randrange(2**32))
        return self._seeds[i]

    def next_hand(self) -> Game:
        """Deal the next hand (seeded from the match seed; the dealer moves left each hand)."""
        if self.is_over:
            raise IllegalMove(tr("the match is over ({rule}): no more hands", rule=self._rule), (self._rule,))
        i = len(self.results)
        return Game.new(self.players, rules=self.rules, seed=self._hand_seed(i),
                        dealer=(self.first_dealer + i) % self.players, alone=self.every_player_alone)

    @property
    def every_player_alone(self) -> bool:
        """Whether the next hand is every player for himself (P5-4's option: a total reached
        :attr:`alone_from`)."""
        return self.alone_from is not None and bool(self.results) and max(self.totals) >= self.alone_from

    def add(self, game: Game) -> None:
        """Count a finished hand into the match."""
        if not isinstance(game, Game):
            raise IllegalMove(f"a match counts a finished Game (or its result), not {_short(game)} (SCORE-1)",
                              ("SCORE-1",))
        self.add_result(game.result())

    def add_result(self, result: HandResult) -> None:
        """Count a hand's result (its per-seat credits) into the match."""
        if self.is_over:
            raise IllegalMove(tr("the match is over ({rule}): no more hands are counted", rule=self._rule), (self._rule,))
        credits = getattr(result, "credits", None)
        if not isinstance(result, HandResult) or not isinstance(credits, tuple) or not all(
                isinstance(c, int) and not isinstance(c, bool) for c in credits):
            raise IllegalMove(f"a match counts a HandResult (what Game.result() returns), not {_short(result)} "
                              "(SCORE-1)", ("SCORE-1",))
        if len(credits) != self.players:
            raise IllegalMove(f"this result credits {len(credits)} seat(s), but the match has {self.players} "
                              f"players: a hand counts one credit per seat (SCORE-1, P3-2)", ("SCORE-1", "P3-2"))
        self.results.append(result)

    @property
    def _rule(self) -> str:
        return {"target": "GAME-1", "tournament": "GAME-2", "hands": "GAME-3"}[self.form]

    @property
    def totals(self) -> tuple[int, ...]:
        """Each competitor's total so far, in the order of :attr:`competitors`."""
        return tuple(sum(r.credits[c[0]] for r in self.results) for c in self.competitors)

    @property
    def is_over(self) -> bool:
        """GAME-1: a competitor reached the target and the top total is not tied. GAME-2, GAME-3: all hands
        played."""
        if self.form != "target":
            return len(self.results) >= self.hands
        totals = sorted(self.totals, reverse=True)
        return bool(self.results) and totals[0] >= self.target and (len(totals) == 1 or totals[0] != totals[1])

    @property
    def winner(self) -> tuple[int, ...] | None:
        """The winning competitor's seats, or ``None`` while the match goes on (or on a tie after a fixed
        number of hands, GAME-2, GAME-3)."""
        if not self.is_over:
            return None
        totals = self.totals
        best = max(totals)
        if totals.count(best) > 1:
            return None
        return self.competitors[totals.index(best)]

    @property
    def victory_points(self) -> tuple[int, int]:
        """GAME-2: victory points of the two sides, from the difference of their totals.

        >>> m = Match(players=4, form="tournament", hands=1, seed=1)
        >>> m.add_result(HandResult("closed", 0, ((0, 2), (1, 3)), (), (650, 300, 650, 300)))
        >>> m.victory_points
        (12, 8)
        """
        if self.form != "tournament":
            raise IllegalMove(tr("victory points belong to the tournament form (GAME-2)"), ("GAME-2",))
        a, b = self.totals
        win, lose = victory_points(a - b)
        return (win, lose) if a >= b else (lose, win)
