"""A fixed corpus of distinct candidate melds, valid and invalid, 3 to 14 cards (seeded)."""

from __future__ import annotations

import random

from buraco_learn import JOKER, Card, Rank, Suit, is_valid_meld

SUITS = list(Suit)
WILDS = [JOKER] + [Card.of(Rank.TWO, s) for s in SUITS]


def _run(rng: random.Random) -> list[Card]:
    suit = rng.choice(SUITS)
    length = rng.randint(3, 13)
    lo = rng.randint(1, 15 - length)  # positions 1..14, 14 is the high ace
    cards = [Card.of(1 if p == 14 else p, suit) for p in range(lo, lo + length)]
    if rng.random() < 0.5:  # one wild, replacing a card or added at an end
        w = rng.choice(WILDS)
        if rng.random() < 0.5 and length > 3:
            cards[rng.randrange(1, length - 1)] = w
        elif length < 13:
            cards.append(w)
    return cards


def _set(rng: random.Random) -> list[Card]:
    rank = rng.choice([r for r in Rank if r != Rank.TWO])
    n = rng.randint(2, 8)
    cards = [Card.of(rank, s) for s in SUITS for _ in range(2)]
    rng.shuffle(cards)
    cards = cards[:n]
    if n < 3 or rng.random() < 0.4:
        cards.append(rng.choice(WILDS))
    return cards


def _spoil(rng: random.Random, cards: list[Card]) -> list[Card]:
    """A near miss: swap one card, add a second wild, or drop a middle card."""
    cards = list(cards)
    kind = rng.randrange(3)
    if kind == 0:
        cards[rng.randrange(len(cards))] = Card.of(rng.choice(list(Rank)), rng.choice(SUITS))
    elif kind == 1:
        cards.append(rng.choice(WILDS))
    elif len(cards) > 3:
        del cards[rng.randrange(1, len(cards) - 1)]
    return cards


def corpus(size: int = 20_000, seed: int = 2026) -> list[tuple[Card, ...]]:
    """``size`` distinct candidate melds (as multisets), about half of them valid, shuffled."""
    rng = random.Random(seed)
    seen: set[tuple[int, ...]] = set()
    out: list[tuple[Card, ...]] = []
    while len(out) < size:
        base = _run(rng) if rng.random() < 0.6 else _set(rng)
        cand = base if rng.random() < 0.5 else _spoil(rng, base)
        if not 3 <= len(cand) <= 14:
            continue
        key = tuple(sorted(c.index for c in cand))
        if key in seen:
            continue
        seen.add(key)
        rng.shuffle(cand)
        out.append(tuple(cand))
    return out


if __name__ == "__main__":
    c = corpus()
    print(len(c), "melds,", sum(map(is_valid_meld, c)), "valid")
