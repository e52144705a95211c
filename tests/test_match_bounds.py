"""A match at its edges (GAME-1..3, DEAL-4, DEAL-5): each parameter's bounds on both sides, the
forms and their refusals, the deal passing left, what a match counts and when it is over."""

from __future__ import annotations

import pytest

from buraco_learn import Game, HandResult, IllegalMove, Match, RulesError
from buraco_learn.i18n import language


@pytest.fixture(autouse=True)
def _english() -> object:
    with language("en"):
        yield


def refusal(*args: object, **kwargs: object) -> str:
    with pytest.raises(RulesError) as info:
        Match(*args, **kwargs)  # type: ignore[arg-type]
    return str(info.value)


def result(*credits: int) -> HandResult:
    sides = ((0, 2), (1, 3)) if len(credits) == 4 else tuple((s,) for s in range(len(credits)))
    return HandResult("stock", None, sides, (), credits)


def test_game_1_target_and_hands_bounds() -> None:
    """GAME-1..3: a target from 1 to 1,000,000 points, a number of hands from 1 to 1000."""
    for target in (1, 1_000_000):
        assert Match(2, target=target, seed=1).target == target
    for hands in (1, 1000):
        assert Match(4, form="tournament", hands=hands, seed=1).hands == hands
    for target in (0, 1_000_001, True, 2.5):
        assert refusal(2, target=target) == f"target must be a whole number from 1 to 1000000, not {target!r} (GAME-1..3)"
    for hands in (0, 1001, True, "4"):
        assert refusal(4, form="tournament", hands=hands) == (
            f"hands must be a whole number from 1 to 1000, not {hands!r} (GAME-1..3)")


def test_game_1_defaults_come_from_the_rules() -> None:
    """GAME-1, GAME-2: the target and the number of hands default to the rules' (2005 / 2000, 4)."""
    m = Match(4, seed=1)
    assert (m.form, m.target, m.hands, m.players, m.first_dealer, m.seed) == ("target", 2005, 4, 4, 0, 1)
    assert Match(3, rules="classic-fr", seed=1).target == 2000
    assert Match(3, rules="classic-fr", hands=6, seed=1).form == "hands"


def test_deal_4_first_dealer_bounds() -> None:
    """DEAL-4: the first dealer is a seat of the table."""
    assert Match(3, first_dealer=2, seed=1).first_dealer == 2
    for seat in (-1, 3, True, "0"):
        assert refusal(3, first_dealer=seat) == f"first_dealer must be a seat from 0 to 2, not {seat!r} (DEAL-4)"


def test_deal_5_seed_bounds() -> None:
    """DEAL-5: a match seed from 0 to 2**64 - 1; none given: one is drawn."""
    for seed in (0, 2**64 - 1):
        assert Match(2, seed=seed).seed == seed
    for seed in (-1, 2**64, True, 1.0):
        assert refusal(2, seed=seed) == f"a match seed is a whole number from 0 to 2**64 - 1, not {seed!r} (DEAL-5)"
    drawn = Match(2).seed
    assert isinstance(drawn, int) and 0 <= drawn < 2**32
    # Drawn from the whole range, so two matches seldom share their deals: three draws all below
    # 2**16 would come once in 2**48 runs.
    assert max(Match(2).seed for _ in range(3)) >= 2**16


def test_game_1_3_forms_and_their_refusals() -> None:
    """The three forms; a parameter of another form is refused with the rule that owns it."""
    assert refusal(2, form="league") == ("a match is played to a 'target' (GAME-1), as a 'tournament' (GAME-2) or as "
                                         "a number of 'hands' (GAME-3), not 'league'")
    assert refusal(3, form="tournament") == ("victory points (GAME-2) compare two sides; with 3 players play to a "
                                             "target (GAME-1)")
    assert refusal(2, form="target", hands=4) == (
        "hands= is the number of hands of a tournament (GAME-2) or of a fixed-hands match (GAME-3); a match to a "
        "target (GAME-1) plays until the target is reached")
    assert refusal(4, form="tournament", target=1500) == (
        "target= belongs to a match to a target (GAME-1), not to form='tournament'")
    assert refusal(4, form="hands") == (
        "a match of a fixed number of hands where the highest total wins (GAME-3) is not part of rule set 'fibur'; "
        "play to a target (GAME-1), or with 4 players as a tournament (form='tournament', GAME-2)")
    assert Match(2, form="tournament", seed=1).form == "tournament"
    with pytest.raises(RulesError, match="ramiroyal' is played by 2 players, not 4"):
        Match(4, rules="ramiroyal")


def test_game_1_competitors_per_player_count() -> None:
    """Sides with 2 or 4 players, each seat its own competitor with 3 (P3-2)."""
    assert Match(2, seed=1).competitors == ((0,), (1,))
    assert Match(3, seed=1).competitors == ((0,), (1,), (2,))
    assert Match(4, seed=1).competitors == ((0, 2), (1, 3))


def test_deal_4_the_deal_passes_left_each_hand() -> None:
    """DEAL-4: hand i is dealt by seat (first_dealer + i) mod players, from the match's seeds."""
    m = Match(3, first_dealer=2, seed=7)
    dealers = []
    for _ in range(4):
        game = m.next_hand()
        dealers.append(game.dealer)
        m.add_result(result(0, 0, 0))
    assert dealers == [2, 0, 1, 2]
    again = Match(3, first_dealer=2, seed=7)
    assert again.next_hand().hands == Match(3, first_dealer=2, seed=7).next_hand().hands
    other = Match(3, first_dealer=2, seed=8)
    assert other.next_hand().hands != again.next_hand().hands


def test_game_1_over_at_the_target_unless_tied() -> None:
    """GAME-1: over once a competitor reaches the target with the top total not tied."""
    m = Match(2, target=1000, seed=1)
    m.add_result(result(999, 0))
    assert not m.is_over and m.winner is None
    m.add_result(result(1, 1000))
    assert m.totals == (1000, 1000) and not m.is_over and m.winner is None  # a tie plays on
    m.add_result(result(5, 0))
    assert m.is_over and m.winner == (0,)
    with pytest.raises(IllegalMove) as info:
        m.add_result(result(0, 0))
    assert (str(info.value), info.value.rules) == ("the match is over (GAME-1): no more hands are counted", ("GAME-1",))
    with pytest.raises(IllegalMove) as info:
        m.next_hand()
    assert (str(info.value), info.value.rules) == ("the match is over (GAME-1): no more hands", ("GAME-1",))
    three = Match(3, target=100, seed=1)
    three.add_result(result(100, 100, 50))
    assert not three.is_over
    three.add_result(result(0, 5, 0))
    assert three.is_over and three.winner == (1,)
    assert not Match(2, target=1, seed=1).is_over  # no hand played yet


def test_game_2_victory_points_of_each_side() -> None:
    """GAME-2: after the hands, the difference in victory points, the winner's first in its place."""
    m = Match(4, form="tournament", hands=2, seed=1)
    m.add_result(result(100, 400, 100, 400))
    assert not m.is_over
    m.add_result(result(0, 105, 0, 105))
    assert m.totals == (100, 505) and m.is_over and m.winner == (1, 3)
    assert m.victory_points == (8, 12)  # a difference of 405, the loser's first
    with pytest.raises(IllegalMove, match=r"the match is over \(GAME-2\): no more hands are counted"):
        m.add_result(result(0, 0, 0, 0))
    ahead = Match(4, form="tournament", hands=1, seed=1)
    ahead.add_result(result(1000, 0, 1000, 0))
    assert ahead.victory_points == (15, 5)
    even = Match(2, form="tournament", hands=1, seed=1)
    even.add_result(result(50, 50))
    assert even.is_over and even.winner is None and even.victory_points == (10, 10)
    with pytest.raises(IllegalMove, match=r"the match is over \(GAME-2\)"):
        m.next_hand()
    with pytest.raises(IllegalMove, match=r"^victory points belong to the tournament form \(GAME-2\)$"):
        _ = Match(2, seed=1).victory_points


def test_score_1_what_a_match_counts() -> None:
    """SCORE-1, P3-2: a finished Game or its HandResult, one whole-number credit per seat."""
    m = Match(2, seed=1)
    for bad in ("hand", None):
        with pytest.raises(IllegalMove) as info:
            m.add(bad)  # type: ignore[arg-type]
        assert str(info.value) == f"a match counts a finished Game (or its result), not {bad!r} (SCORE-1)"
        assert info.value.rules == ("SCORE-1",)
    with pytest.raises(IllegalMove) as info:
        m.add_result("hand")  # type: ignore[arg-type]
    assert str(info.value) == "a match counts a HandResult (what Game.result() returns), not 'hand' (SCORE-1)"
    assert info.value.rules == ("SCORE-1",)
    sides = ((0,), (1,))
    for bad in ("hand", HandResult("stock", None, sides, (), [1, 2]),  # type: ignore[arg-type]
                HandResult("stock", None, sides, (), (1, True)),
                HandResult("stock", None, sides, (), (1, 2.0))):  # type: ignore[arg-type]
        with pytest.raises(IllegalMove, match=r"^a match counts a HandResult \(what Game.result\(\) returns\), not "):
            m.add_result(bad)  # type: ignore[arg-type]
    with pytest.raises(IllegalMove) as info:
        m.add_result(result(1, 2, 3))
    assert str(info.value) == ("this result credits 3 seat(s), but the match has 2 players: a hand counts one credit "
                               "per seat (SCORE-1, P3-2)")
    assert info.value.rules == ("SCORE-1", "P3-2")
    assert m.results == []
    game = m.next_hand()
    while not game.is_over:
        acts = game.legal_actions()
        game.apply(acts[0] if game.phase == "draw" else acts[-1])
    m.add(game)
    assert m.results == [game.result()] and m.totals == tuple(game.result().credits)
    assert isinstance(game, Game)


def test_deal_5_each_hand_is_dealt_from_the_match_seed() -> None:
    """DEAL-5, DEAL-4: hand i is dealt from the i-th draw of a generator seeded with the match
    seed (a whole number below 2**32), under the match's rules; a match of 4 players by default."""
    import random

    for seed in (7, 2**40 + 3):
        rng = random.Random(seed)
        m = Match(2, rules="ramiroyal", seed=seed, first_dealer=1)
        for i in range(2):
            expected = Game.new(2, rules="ramiroyal", seed=rng.randrange(2**32), dealer=(1 + i) % 2)
            game = m.next_hand()
            assert game.rules.name == "ramiroyal" and game.seed == expected.seed
            assert game.hands == expected.hands and game.stock == expected.stock
            m.add_result(result(0, 0))
    assert Match(seed=1).players == 4 and Match(seed=1).next_hand().players == 4


# -- five players (P5-3, P5-4): the competitors, the tournament refused, alone_from ---------------

def test_p5_3_five_competitors_and_no_tournament() -> None:
    """P5-3: with five players each seat is its own competitor (the pairs form anew each hand); a
    tournament's victory points compare two sides (GAME-2), so five are refused, as three."""
    assert Match(5, seed=1).competitors == ((0,), (1,), (2,), (3,), (4,))
    assert refusal(5, form="tournament") == ("victory points (GAME-2) compare two sides; with 5 players play to a "
                                             "target (GAME-1)")
    assert Match(4, form="tournament", seed=1).form == Match(2, form="tournament", seed=1).form == "tournament"


def _alone_refusal(value: object, players: int) -> str:
    return (f"alone_from (every player alone once a total reaches it, P5-4) is an option of the five-player game, "
            f"a whole number from 1 to 1000000 like 1005; not {value!r} with {players} players")


def test_p5_4_alone_from_bounds() -> None:
    """P5-4 (eburraco's option): ``alone_from`` is a whole number from 1 to 1,000,000, with five
    players only; None (the default) is no option."""
    for value in (1, 1_000_000):
        assert Match(5, seed=1, alone_from=value).alone_from == value
    assert Match(5, seed=1).alone_from is None and Match(4, seed=1, alone_from=None).alone_from is None
    for value in (0, 1_000_001, True, 2.5, "1005"):
        assert refusal(5, alone_from=value) == _alone_refusal(value, 5)
    for players in (2, 3, 4):
        assert refusal(players, alone_from=1005) == _alone_refusal(1005, players)


def test_p5_4_every_player_alone_once_a_total_reaches_alone_from() -> None:
    """P5-4: the hands after any player's total reaches ``alone_from`` (reaches: equal counts) are
    every player alone; below it, and before any hand, they are not; without the option, never."""
    m = Match(5, seed=4, alone_from=1005)
    assert m.every_player_alone is False
    m.add_result(HandResult("stock", None, ((0,), (1, 3), (2, 4)), (), (0, 0, 0, 1004, 0)))
    assert m.every_player_alone is False and not m.next_hand().alone
    m.add_result(HandResult("stock", None, ((0,), (1, 3), (2, 4)), (), (0, 0, 0, 1, 0)))
    assert m.totals == (0, 0, 0, 1005, 0) and m.every_player_alone is True and m.next_hand().alone
    low = Match(5, seed=4, alone_from=1)
    assert low.every_player_alone is False  # no hand yet, though every total (0) is below 1 anyway
    low.add_result(HandResult("stock", None, ((0,), (1, 3), (2, 4)), (), (0, 0, 0, 0, 0)))
    assert low.every_player_alone is False
    negative = Match(5, seed=4, alone_from=1)
    negative.add_result(HandResult("stock", None, ((0,), (1, 3), (2, 4)), (), (-50, 0, 1, -30, 0)))
    assert negative.every_player_alone is True  # the highest total counts, not the first
    never = Match(5, seed=4)
    never.add_result(HandResult("stock", None, ((0,), (1, 3), (2, 4)), (), (1900, 0, 0, 0, 0)))
    assert never.every_player_alone is False and not never.next_hand().alone
