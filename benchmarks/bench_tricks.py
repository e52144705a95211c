"""What each construction shortcut of the core pays on compare.py's random 4-player hands (issue 26).

A shortcut (a frozen value built by ``object.__new__`` with its slots set through their
descriptors, instead of its ``__init__``) is kept only where it pays at least 3 % of a measured
path. This counts how many values of each kind the ``hands4`` workload builds, times one
construction each way, and prints the share of the workload's CPU time the shortcut saves:

    python benchmarks/bench_tricks.py

The plain construction is the dataclass's own ``__init__`` (what the code does without the trick).
"""

from __future__ import annotations

import sys
import time
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _measure import random_hand  # noqa: E402

from buraco_learn import legal, state, turn  # noqa: E402
from buraco_learn.actions import Draw, LayDown, LayOff  # noqa: E402
from buraco_learn.cards import parse_cards  # noqa: E402
from buraco_learn.melds import Meld  # noqa: E402
from buraco_learn.state import Event, TableMeld  # noqa: E402

HANDS = 15


def counts() -> dict[str, int]:
    """How many values of each kind the hands4 workload builds (counted by wrapping their builders:
    a TableMeld per meld or lay-off done, the LayOffs each meld's listing makes, the LayDowns of
    each new group of a game's candidates)."""
    n = {"Event": 0, "TableMeld": 0, "LayDown": 0, "LayOff": 0}
    T = turn._Turn
    record, do_meld, do_lay_off = T._record, T._do_meld, T._do_lay_off
    info, lay_offs_of = legal._info, legal._lay_offs_of

    def counted_record(self, *a, **k):  # type: ignore[no-untyped-def]
        n["Event"] += 1
        return record(self, *a, **k)

    def counted_meld(self, *a, **k):  # type: ignore[no-untyped-def]
        n["TableMeld"] += 1
        return do_meld(self, *a, **k)

    def counted_lay_off(self, *a, **k):  # type: ignore[no-untyped-def]
        n["TableMeld"] += 1
        return do_lay_off(self, *a, **k)

    def counted_info(group, laid):  # type: ignore[no-untyped-def]
        if laid is not None:
            n["LayDown"] += len(group)
        return info(group, laid)

    def counted_lay_offs_of(*a):  # type: ignore[no-untyped-def]
        out = lay_offs_of(*a)
        n["LayOff"] += len(out)
        return out

    T._record, T._do_meld, T._do_lay_off = counted_record, counted_meld, counted_lay_off  # type: ignore[method-assign]
    legal._info, legal._lay_offs_of = counted_info, counted_lay_offs_of
    try:
        for seed in range(HANDS):
            random_hand(seed)
    finally:
        T._record, T._do_meld, T._do_lay_off = record, do_meld, do_lay_off  # type: ignore[method-assign]
        legal._info, legal._lay_offs_of = info, lay_offs_of
    return n


def _event_by_slots(seat: int, action: object, note: str) -> Event:
    """An event as Game._record built it with the shortcut."""
    ev = state._new_object(Event)
    state._set_seat(ev, seat)
    state._set_action(ev, action)
    state._set_note(ev, note)
    return ev  # type: ignore[no-any-return]


def _lay_downs_by_slots(cards: tuple[object, ...]) -> None:
    """100 LayDowns as legal._info's loop builds them (its lookups hoisted out of the loop)."""
    set_cards, set_high, set_layout = legal._SET_LAY_DOWN
    new = state._new_object
    for _ in range(100):
        act = new(LayDown)
        set_cards(act, cards)
        set_high(act, None)
        set_layout(act, None)


def _lay_downs(cards: tuple[object, ...]) -> None:
    """100 LayDowns built by their __init__."""
    for _ in range(100):
        LayDown(cards)  # type: ignore[arg-type]


def per_call() -> dict[str, tuple[float, float]]:
    """Seconds per construction: (plain ``__init__``, the shortcut if the tree still has it)."""
    cards = tuple(parse_cards("5H 6H 7H"))
    meld = Meld.from_cards(cards)
    draw = Draw()
    out: dict[str, tuple[float, float]] = {}
    number = 200_000
    plain = {
        "Event": lambda: Event(1, draw, "drew from the stock"),
        "TableMeld": lambda: TableMeld(3, 1, meld),
        "LayDown": lambda: _lay_downs(cards),
        "LayOff": lambda: LayOff(2, cards),
    }
    quick = {
        "Event": getattr(state, "_set_seat", None) and (lambda: _event_by_slots(1, draw, "drew from the stock")),
        "TableMeld": getattr(state, "_table_meld", None) and (lambda: state._table_meld(3, 1, meld)),
        "LayDown": getattr(legal, "_SET_LAY_DOWN", None) and (lambda: _lay_downs_by_slots(cards)),
        "LayOff": getattr(legal, "_lay_off_act", None) and (lambda: legal._lay_off_act(2, cards)),
    }
    for name, fn in plain.items():
        a = min(timeit.repeat(fn, number=number, repeat=5)) / number
        q = quick[name]
        b = min(timeit.repeat(q, number=number, repeat=5)) / number if q else a
        out[name] = (a / 100, b / 100) if name == "LayDown" else (a, b)
    return out


def main() -> None:
    t = time.process_time()
    for seed in range(HANDS):
        random_hand(seed)
    total = time.process_time() - t
    n = counts()
    costs = per_call()
    print(f"hands4 workload: {HANDS} hands in {total * 1000:.0f} ms CPU")
    print("| value | built | __init__ (us) | shortcut (us) | share of the workload saved |")
    print("|---|---|---|---|---|")
    for name, (a, b) in costs.items():
        print(f"| {name} | {n[name]:,} | {a * 1e6:.2f} | {b * 1e6:.2f} | {(a - b) * n[name] / total * 100:.1f} % |")


if __name__ == "__main__":
    main()
