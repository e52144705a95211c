"""Meld validations per second on a fixed corpus of distinct candidate melds.

Run: ``python benchmarks/bench_melds.py``. Prints medians of several runs of three measures over
the same 20,000 melds (valid and invalid, 3..14 cards, shuffled order), under every preset:

- ``is_valid_meld``: the yes/no check (what ``can_meld`` and the solver ask);
- ``Meld.from_cards``: the full layout, points and burraco kind of a valid meld, or the
  InvalidMeld sentence of an invalid one;
- baseline: ``sorted()`` of each candidate, to express the others as a ratio that does not
  depend on the machine's speed.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from meld_corpus import corpus  # noqa: E402

from buraco_learn import PRESETS, InvalidMeld, Meld, is_valid_meld  # noqa: E402

RUNS = 7


def _time(fn) -> float:  # type: ignore[no-untyped-def]
    samples = []
    for _ in range(RUNS):
        t = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - t)
    return statistics.median(samples)


def main() -> None:
    melds = corpus()
    n = len(melds)
    valid = sum(map(is_valid_meld, melds))

    def baseline() -> None:
        for m in melds:
            sorted(m, key=id)

    def check() -> None:
        for m in melds:
            is_valid_meld(m)

    valid_melds = [m for m in melds if is_valid_meld(m)]
    invalid_melds = [m for m in melds if not is_valid_meld(m)]

    def build_valid() -> None:
        for m in valid_melds:
            x = Meld.from_cards(m)
            x.points, x.burraco

    def refuse_invalid() -> None:
        for m in invalid_melds:
            try:
                Meld.from_cards(m)
            except InvalidMeld as err:
                str(err)

    results = {"baseline sorted()": _time(baseline), "is_valid_meld": _time(check)}
    per_item = {"Meld.from_cards, valid only (layout, points, kind)": (_time(build_valid), len(valid_melds)),
                "Meld.from_cards, invalid only (the InvalidMeld sentence)": (_time(refuse_invalid),
                                                                            len(invalid_melds))}
    for name, rules in PRESETS.items():
        def build(rules=rules) -> None:  # type: ignore[no-untyped-def]
            for m in melds:
                try:
                    x = Meld.from_cards(m, rules=rules)
                    x.points, x.burraco
                except InvalidMeld:
                    pass
        results[f"Meld.from_cards + points + kind, all ({name})"] = _time(build)
    print(f"corpus: {n} distinct candidate melds, {valid} valid, {n - valid} invalid, 3..14 cards")
    base = results["baseline sorted()"]
    for label, secs in results.items():
        print(f"{label:<58} {n / secs:>12,.0f} /s   {secs / base:5.1f}x baseline   (median of {RUNS})")
    for label, (secs, count) in per_item.items():
        per_base = base / n * count
        print(f"{label:<58} {count / secs:>12,.0f} /s   {secs / per_base:5.1f}x baseline   (median of {RUNS})")


if __name__ == "__main__":
    main()
