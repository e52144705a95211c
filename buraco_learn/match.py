"""A match: a series of hands to a target (GAME-1) or a fixed number of hands scored in
victory points (GAME-2).

>>> m = Match(players=2, seed=5)
>>> m.target, m.competitors
(2005, ((0,), (1,)))
>>> m.add_result(HandResult("stock", None, ((0,), (1,)), (), (1200, -80)))
>>> m.totals, m.is_over
((1200, -80), False)
>>> m.add_result(HandResult("closed", 0, ((0,), (1,)), (), (900, 300)))
>>> m.totals, m.is_over, m.winner
((2100, 220), True, (0,))
"""

from __future__ import annotations

import random
from typing import Literal

from .errors import IllegalMove, RulesError
from .game import Game, HandResult
from .rules import Rules, get_rules
from .scoring import victory_points

__all__ = ["Match"]


class Match:
    """Hands dealt in turn (the deal passes to the left, DEAL-4), totals kept per competitor.

    Competitors are the two sides with 2 or 4 players, and each player with 3 (P3-2 credits).
    ``form="target"``: play until a competitor reaches ``target`` (default: the rules' 2005);
    the higher total wins, an exact tie plays one more hand (GAME-1). ``form="tournament"``:
    play ``hands`` hands (default: the rules' 4), then convert the difference into victory points
    (GAME-2; two sides only).
    """

    def __init__(self, players: int = 4, *, rules: Rules | str | None = None, seed: int | None = None,
                 form: Literal["target", "tournament"] = "target", target: int | None = None,
                 hands: int | None = None, first_dealer: int = 0) -> None:
        self.rules = get_rules(rules)
        self.rules.check_players(players)
        if form not in ("target", "tournament"):
            raise RulesError(f"a match is played to a 'target' (GAME-1) or as a 'tournament' (GAME-2), not {form!r}")
        if form == "tournament" and players == 3:
            raise RulesError("victory points (GAME-2) compare two sides; with 3 players play to a target (GAME-1)")
        self.players = players
        self.form = form
        self.target = self.rules.target if target is None else target
        self.hands = self.rules.tournament_hands if hands is None else hands
        if self.target <= 0 or self.hands <= 0:
            raise RulesError("the target and the number of hands must be positive")
        self.seed = random.SystemRandom().randrange(2**32) if seed is None else seed
        self.first_dealer = first_dealer
        self.results: list[HandResult] = []
        self._rng = random.Random(self.seed)
        self._seeds: list[int] = []

    @property
    def competitors(self) -> tuple[tuple[int, ...], ...]:
        """The seats scored together: sides with 2 or 4 players, single seats with 3."""
        if self.players == 4:
            return ((0, 2), (1, 3))
        return tuple((s,) for s in range(self.players))

    def _hand_seed(self, i: int) -> int:
        while len(self._seeds) <= i:
            self._seeds.append(self._rng.randrange(2**32))
        return self._seeds[i]

    def next_hand(self) -> Game:
        """Deal the next hand (seeded from the match seed; the dealer moves left each hand)."""
        if self.is_over:
            raise IllegalMove("the match is over (GAME-1, GAME-2)", ("GAME-1", "GAME-2"))
        i = len(self.results)
        return Game.new(self.players, rules=self.rules, seed=self._hand_seed(i),
                        dealer=(self.first_dealer + i) % self.players)

    def add(self, game: Game) -> None:
        """Count a finished hand into the match."""
        self.add_result(game.result())

    def add_result(self, result: HandResult) -> None:
        """Count a hand's result (its per-seat credits) into the match."""
        if self.is_over:
            raise IllegalMove("the match is over (GAME-1, GAME-2)", ("GAME-1", "GAME-2"))
        if len(result.credits) != self.players:
            raise IllegalMove(f"a {len(result.credits)}-player result does not belong to a {self.players}-player match")
        self.results.append(result)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each competitor's total so far, in the order of :attr:`competitors`."""
        return tuple(sum(r.credits[c[0]] for r in self.results) for c in self.competitors)

    @property
    def is_over(self) -> bool:
        """GAME-1: a competitor reached the target and the top total is not tied. GAME-2: all hands played."""
        if self.form == "tournament":
            return len(self.results) >= self.hands
        totals = sorted(self.totals, reverse=True)
        return bool(self.results) and totals[0] >= self.target and (len(totals) == 1 or totals[0] != totals[1])

    @property
    def winner(self) -> tuple[int, ...] | None:
        """The winning competitor's seats, or ``None`` while the match goes on (or a tournament tie)."""
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
            raise IllegalMove("victory points belong to the tournament form (GAME-2)", ("GAME-2",))
        a, b = self.totals
        win, lose = victory_points(a - b)
        return (win, lose) if a >= b else (lose, win)
