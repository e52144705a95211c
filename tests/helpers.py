"""Shared helpers for the engine tests: set up a table from position notation."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from buraco_learn import Game, IllegalMove, parse_position


def played(players: int, seed: int, actions: int) -> Game:
    """The seeded ``players``-player deal after ``actions`` moves of strong bots (fewer if the hand
    ends first): a mid-hand table with melds on it."""
    from buraco_learn.bots import StrongBot

    game = Game.new(players, seed=seed)
    bots = [StrongBot(s) for s in range(players)]
    for _ in range(actions):
        if game.is_over:
            break
        s = game.to_move
        game.apply(bots[s].choose(game.view(s), game.legal_actions()))
    return game


def table(hands: Sequence[str], *, melds: str = "-", pile: str = "3C", took: str = "-",
          pots: str | None = None, stock: str = "*", head: str = "fibur 4p d3 t0 play", study: bool = False) -> Game:
    """A game from a few facts; the stock (and pots, by default) take every card not listed.
    ``study``: a shorthand no play reaches, read as parse_position's study form (a player to move
    whose last card may not be discarded, to test the refusal of that discard)."""
    players = len(hands)
    if pots is None:
        pots = "*18 / *11" if players == 3 else "*11 / *11"
    text = (f"{head} | h: {' / '.join(h or '-' for h in hands)} | m: {melds} | p: {pile or '-'} | s: {stock}"
            f" | pots: {pots} | took: {took}")
    return parse_position(text, study=True) if study else Game.from_position(text)


def two(hand: str, *, melds: str = "-", pile: str = "3C", took: str = "-", phase: str = "play",
        north: str = "-") -> Game:
    """A two-player fibur table, South (``hand``) to move, North holding ``north``: one pot left
    once a side has taken one (``took``)."""
    pots = "*11" if took != "-" else "*11 / *11"
    return table([hand, north], melds=melds, pile=pile, took=took, pots=pots, head=f"fibur 2p d1 t0 {phase}")


class EveryStr(str):
    """A text answer that claims to equal everything (a checker must not be fooled by it)."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = str.__hash__


class EveryInt(int):
    """A number answer that claims to equal everything."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = int.__hash__


def folder_listing(folder: Path) -> dict[str, tuple[int, int, int]]:
    """Every entry under ``folder`` (links not followed) with its kind, size and change time: two
    listings are equal when nothing under the folder was written, made or removed."""
    out = {}
    for p in sorted(folder.rglob("*")):
        st = p.lstat()
        out[str(p.relative_to(folder))] = (st.st_mode, st.st_size, st.st_mtime_ns)
    return out


def all_widgets(root: Any) -> list[Any]:
    """``root`` and every widget inside it (through ``children``)."""
    out, todo = [], [root]
    while todo:
        w = todo.pop()
        out.append(w)
        todo.extend(getattr(w, "children", ()))
    return out


def refusal(game: Game, action: str) -> tuple[str, tuple[str, ...]]:
    """The sentence and rule IDs of the refusal of ``action``; the state is unchanged (TURN-6)."""
    before, history = game.position(), game.history
    assert not game.can(action)
    with pytest.raises(IllegalMove) as info:
        game.apply(action)
    assert game.position() == before and game.history == history
    return str(info.value), info.value.rules
