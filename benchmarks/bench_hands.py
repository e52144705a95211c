"""Complete 4-player hands per second under a simple random legal policy.

Run: ``python benchmarks/bench_hands.py [hands]``.

The policy (``random_policy``): at the draw, stock or pile with equal chance among the legal
ones; in play, among ``game.legal_actions()`` (every legal meld, lay-off and discard), a meld or
lay-off with probability 0.7 when there is one, else a uniformly random legal discard. Every
action goes through ``Game.apply`` (verify, then do). Hands are seeded 0..N-1 under ``fibur``.
A baseline in the same run (dealing N hands with ``Game.new``) gives a machine-independent ratio.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from buraco_learn import Discard, Game


def random_policy(game: Game, rng: random.Random) -> None:
    """Play one random legal action."""
    acts = game.legal_actions()
    if game.phase == "play":
        discards = [a for a in acts if isinstance(a, Discard)]
        others = [a for a in acts if not isinstance(a, Discard)]
        a = rng.choice(others) if others and rng.random() < 0.7 else rng.choice(discards)
    else:
        a = rng.choice(acts)
    game.apply(a)


def play_hand(seed: int, players: int = 4, rules: str = "fibur") -> tuple[Game, int]:
    """Play one whole hand with the random policy; returns the game and its number of actions."""
    game = Game.new(players, rules=rules, seed=seed)
    rng = random.Random(seed)
    n = 0
    while not game.is_over:
        random_policy(game, rng)
        n += 1
    return game, n


def main(hands: int = 100, runs: int = 5) -> None:
    rates, deal_rates, actions = [], [], []
    for _ in range(runs):
        t = time.perf_counter()
        for seed in range(hands):
            Game.new(4, seed=seed)
        deal_rates.append(hands / (time.perf_counter() - t))
        t = time.perf_counter()
        total = 0
        for seed in range(hands):
            _, n = play_hand(seed)
            total += n
        rates.append(hands / (time.perf_counter() - t))
        actions.append(total / hands)
    hps = statistics.median(rates)
    print(f"4-player fibur hands, random legal policy, {hands} seeded hands x {runs} runs")
    print(f"complete hands/s: {hps:,.1f} (median; runs: {', '.join(f'{r:.1f}' for r in rates)})")
    print(f"actions per hand: {statistics.median(actions):.0f}; actions/s: {hps * statistics.median(actions):,.0f}")
    print(f"baseline deals/s: {statistics.median(deal_rates):,.0f}; a whole hand costs "
          f"{statistics.median(deal_rates) / hps:,.0f} deals")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
