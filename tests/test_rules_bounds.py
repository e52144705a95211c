"""Rule sets at their edges: the deal of each player count (DEAL-1..3), every bound a custom
:class:`Rules` is checked against (tried on both sides of the edge), the names and aliases
presets are found by, and the exact refusals (their rule IDs first of all).

The accepted side of each bound uses values a hand can be played with; the refused side would
stay refused under any stricter check.
"""

from __future__ import annotations

import dataclasses

import pytest

from buraco_learn import CLASSIC_FR, FIBUR, PRESETS, RAMIROYAL, WIKIPEDIA_FR, Game, Rules, RulesError, get_rules
from buraco_learn.cards import excerpt
from buraco_learn.i18n import language


@pytest.fixture(autouse=True)
def _english() -> object:
    with language("en"):
        yield


def refusal(**params: object) -> str:
    """The text of the refusal of ``Rules(name="mine", **params)``."""
    with pytest.raises(RulesError) as info:
        Rules(**{"name": "mine", **params})  # type: ignore[arg-type]
    return str(info.value)


def problems(**params: object) -> list[str]:
    """The problems listed in that refusal, in order."""
    text = refusal(**params)
    head = "rule set 'mine': "
    assert text.startswith(head), text
    return text[len(head):].split("; ")


# -- DEAL-1..3: the deal and the stock per player count ---------------------------------------

@pytest.mark.parametrize("players, stock", [(2, 63), (3, 45), (4, 41)])
def test_deal_3_stock_size_per_player_count(players: int, stock: int) -> None:
    """DEAL-3: with 108 cards, 63 / 45 / 41 cards stay in the stock after the hands, the pots and
    the first card of the pile; a dealt hand holds exactly that many."""
    for rules in (FIBUR, WIKIPEDIA_FR, CLASSIC_FR):
        if players in rules.players:
            assert rules.stock_size(players) == stock
            assert len(Game.new(players, rules=rules, seed=3).stock) == stock
    assert RAMIROYAL.stock_size(2) == 61 == len(Game.new(2, rules=RAMIROYAL, seed=3).stock)  # 106 cards


def test_deal_2_pot_sizes_and_eq_1_deck_size() -> None:
    """DEAL-2: two pots of the hand's size, the soloist's pot first with 3 players (P3-1); EQ-1:
    104 cards plus the jokers."""
    assert FIBUR.pot_sizes(2) == FIBUR.pot_sizes(4) == (11, 11)
    assert FIBUR.pot_sizes(3) == (18, 11)
    custom = Rules(name="mine", hand_size=10, soloist_pot_size=16, jokers=0)
    assert custom.pot_sizes(3) == (16, 10) and custom.pot_sizes(4) == (10, 10)
    assert custom.deck_size() == 104 and FIBUR.deck_size() == 108 and RAMIROYAL.deck_size() == 106
    assert custom.stock_size(2) == 104 - 20 - 20 - 1
    assert custom.stock_size(3) == 104 - 30 - 26 - 1
    assert custom.stock_size(4) == 104 - 40 - 20 - 1
    game = Game.new(3, rules=custom, seed=1)
    assert [len(p) for p in game.pots] == [16, 10] and len(game.stock) == 104 - 30 - 26 - 1


def test_deal_1_stock_size_checks_the_player_count_first() -> None:
    """DEAL-1, GAME-4: no stock size for a count the rules do not allow."""
    with pytest.raises(RulesError, match=r"played by 2 to 5 players, not 6: .*\(GAME-4, P5-1\)"):
        FIBUR.stock_size(6)
    with pytest.raises(RulesError, match=r"rule set 'ramiroyal' is played by 2 players, not 3 \(DEAL-1"):
        RAMIROYAL.stock_size(3)
    with pytest.raises(RulesError) as info:
        CLASSIC_FR.pot_sizes(2)
    assert str(info.value) == "rule set 'classic-fr' is played by 3, 4, 5 players, not 2 (DEAL-1, section 12)"


@pytest.mark.parametrize("value", [True, "2", 2.0, None])
def test_deal_1_player_count_is_a_whole_number(value: object) -> None:
    """DEAL-1: the number of players is a whole number (a bool is not one)."""
    with pytest.raises(RulesError) as info:
        FIBUR.check_players(value)  # type: ignore[arg-type]
    assert str(info.value) == f"the number of players is a whole number from 2 to 5, not {value!r} (DEAL-1)"


@pytest.mark.parametrize("players, stock", [(2, 63), (3, 45), (4, 41)])
def test_deal_3_a_custom_deal_must_leave_more_than_the_reserve(players: int, stock: int) -> None:
    """DEAL-3, STOCK-1: a reserve as large as the stock the deal leaves is refused, with the count."""
    assert problems(players=(players,), stock_reserve=stock) == [
        f"with {players} players the deal leaves {stock} cards in the stock, but the stock must hold more than its "
        f"reserve of {stock} never drawn (DEAL-3, STOCK-1)"]


def test_deal_3_the_custom_deal_is_checked_for_each_player_count() -> None:
    """DEAL-3: each allowed count is checked with its own pots (the soloist's with 3, P3-1)."""
    assert problems(stock_reserve=45) == [
        "with 3 players the deal leaves 45 cards in the stock, but the stock must hold more than its reserve of 45 "
        "never drawn (DEAL-3, STOCK-1)",
        "with 4 players the deal leaves 41 cards in the stock, but the stock must hold more than its reserve of 45 "
        "never drawn (DEAL-3, STOCK-1)"]
    # The soloist's pot counts with 3 players only: 108 - 33 - (30 + 11) - 1 = 33.
    assert problems(players=(2, 3, 4), soloist_pot_size=30, stock_reserve=33) == [
        "with 3 players the deal leaves 33 cards in the stock, but the stock must hold more than its reserve of 33 "
        "never drawn (DEAL-3, STOCK-1)"]
    # Fewer jokers and larger hands: 106 - 2 * 12 - 24 - 1 = 57 with 2 players.
    assert problems(players=(2,), jokers=2, hand_size=12, stock_reserve=57) == [
        "with 2 players the deal leaves 57 cards in the stock, but the stock must hold more than its reserve of 57 "
        "never drawn (DEAL-3, STOCK-1)"]
    assert Rules(name="mine", players=(2,), jokers=2, hand_size=12, stock_reserve=2).stock_size(2) == 57


@pytest.mark.parametrize("bad, problem", [
    ({"jokers": 5}, "jokers must be a whole number from 0 to 4 (EQ-1), not 5"),
    ({"hand_size": 16}, "hand_size must be a whole number from 1 to 15 (DEAL-1), not 16"),
    ({"soloist_pot_size": 31}, "soloist_pot_size must be a whole number from 1 to 30 (DEAL-2, P3-1), not 31"),
    ({"players": (6,)}, "players must be distinct player counts among 2, 3, 4, 5 (DEAL-1, GAME-4), not (6,)"),
])
def test_deal_3_no_deal_check_on_a_deck_already_refused(bad: dict[str, object], problem: str) -> None:
    """DEAL-3: the deal is counted only from parameters that are right; a wrong one is the only
    problem named (the reserve of 100 would refuse any deal)."""
    assert problems(stock_reserve=100, **bad) == [problem]


def test_stock_1_reserve_bounds() -> None:
    """STOCK-1: a reserve from 0 to 100 cards; 100 is refused only by the deal."""
    assert Rules(name="mine", stock_reserve=0).stock_reserve == 0
    assert problems(stock_reserve=-1) == ["stock_reserve must be a whole number from 0 to 100 (STOCK-1), not -1"]
    assert problems(stock_reserve=101) == ["stock_reserve must be a whole number from 0 to 100 (STOCK-1), not 101"]
    assert all("(DEAL-3, STOCK-1)" in p for p in problems(stock_reserve=100))
    assert len(problems(stock_reserve=100)) == 4  # 2, 3, 4 and 5 players


# -- every numeric bound, on both sides ----------------------------------------------------------

_BOUNDS = [  # key, lowest accepted, highest accepted, rule; each edge is played with
    ("jokers", 0, 4, "EQ-1"),
    ("copies", 2, 3, "EQ-1, P5-1"),  # two packs, or three with five players
    ("hand_size", None, 15, "DEAL-1"),  # 1 is the bound, but a hand of one card is no hand to play
    ("soloist_pot_size", None, 30, "DEAL-2, P3-1"),  # 1 only without 3 players: see the test below
    ("natural_two_meld_points", -1_000_000, 1_000_000, "EQ-2"),
    ("low_ace_meld_points", -1_000_000, 1_000_000, "EQ-2"),
    ("clean_bonus", -1_000_000, 1_000_000, "BUR-2"),
    ("dirty_bonus", -1_000_000, 1_000_000, "BUR-4"),
    ("close_bonus", -1_000_000, 1_000_000, "CLOSE-5"),
    ("pot_penalty", -1_000_000, 1_000_000, "SCORE-1"),
    ("target", 1, 1_000_000, "GAME-1"),
    ("tournament_hands", 1, 1000, "GAME-2"),
]
_LOWEST = {"jokers": 0, "copies": 2, "hand_size": 1, "soloist_pot_size": 1, "target": 1, "tournament_hands": 1}


@pytest.mark.parametrize("key, lo, hi, rule", _BOUNDS)
def test_each_bound_at_its_edge(key: str, lo: int | None, hi: int, rule: str) -> None:
    """Every whole-number parameter: its bounds accepted, one past them refused, with the rule ID."""
    low = _LOWEST.get(key, -1_000_000)
    for value in (lo, hi):
        if value is not None:
            assert getattr(Rules(name="mine", **{key: value}), key) == value
    for value in (low - 1, hi + 1):
        assert problems(**{key: value}) == [f"{key} must be a whole number from {low} to {hi} ({rule}), not {value}"]


def test_p3_1_a_one_card_soloist_pot_only_without_three_players() -> None:
    """DEAL-2, P3-1: the bound is 1, but the 3-player soloist's pot must hold 2 cards (a pot of one
    card taken would leave him no card to discard); without 3 players the size is never used."""
    assert Rules(name="mine", players=(2, 4), soloist_pot_size=1).soloist_pot_size == 1
    assert Rules(name="mine", soloist_pot_size=2).soloist_pot_size == 2
    assert problems(soloist_pot_size=1) == [
        "soloist_pot_size must be at least 2 when 3 or 5 players may play, not 1: a player who takes a pot of one card "
        "on the fly (POT-2, P3-1) could neither discard it nor keep a card (TURN-3, CLOSE-3), so the hand could "
        "not go on"]


def test_deal_2_a_hand_holds_two_cards_at_least() -> None:
    """DEAL-1, DEAL-2, POT-2: the bound is 1, but a hand (and so each pot) of one card is refused: a
    player taking such a pot on the fly could neither discard it nor keep a card; two cards are a
    hand."""
    assert Rules(name="mine", hand_size=2).hand_size == 2
    assert Rules(name="mine", players=(2,), hand_size=2).stock_size(2) == 108 - 4 * 2 - 1
    assert problems(hand_size=1) == [
        "hand_size must be at least 2, not 1: each pot holds hand_size cards (DEAL-2), and a player who takes a pot "
        "of one card on the fly (POT-2) could neither discard it nor keep a card (TURN-3, CLOSE-3), so the hand "
        "could not go on"]


@pytest.mark.parametrize("key", [b[0] for b in _BOUNDS])
@pytest.mark.parametrize("value", [2.5, True, "3", None])
def test_each_bound_wants_a_whole_number(key: str, value: object) -> None:
    """A float, a bool, a text or None is not a whole number."""
    (problem,) = problems(**{key: value})
    assert problem.startswith(f"{key} must be a whole number from ") and problem.endswith(f"), not {value!r}")


def test_bur_3_semi_clean_bonus_bounds_or_none() -> None:
    """BUR-3: a bonus within the points bound, or None when the kind does not exist."""
    assert Rules(name="mine", semi_clean_bonus=None).has_semi_clean is False
    assert Rules(name="mine", semi_clean_bonus=0).has_semi_clean is True
    for value in (-1_000_000, 1_000_000):
        assert Rules(name="mine", semi_clean_bonus=value).semi_clean_bonus == value
    for value in (-1_000_001, 1_000_001, 2.5, "150", True):
        assert problems(semi_clean_bonus=value) == [
            f"semi_clean_bonus must be a whole number from -1000000 to 1000000, or None when the kind does not "
            f"exist (BUR-3), not {value!r}"]


@pytest.mark.parametrize("key", ["pot_penalty_always", "close_bonus_needs_pot", "pots_become_stock",
                                 "close_without_pot_when_none_left", "lay_off_onto_partner",
                                 "play_on_with_empty_hand", "fixed_hands", "natural_two_optional",
                                 "freed_wild_high"])
def test_switches_are_true_or_false(key: str) -> None:
    """A switch is a bool: 1, 0 or "yes" are refused (``natural_two_optional="no"`` once switched
    the option on, the string being truthy: WILD-6's and WILD-3's switches were not checked)."""
    for value in (True, False):
        assert getattr(Rules(name="mine", **{key: value}), key) is value
    for value in (1, 0, "yes", None):
        assert problems(**{key: value}) == [f"{key} must be true or false, not {value!r}"]


# -- names, sources, aliases, players ------------------------------------------------------------

def test_name_and_source_bounds() -> None:
    """A name is one word of 1 to 40 characters without | / ; = (it heads a position); a source
    any text of 1 to 200 characters."""
    assert Rules(name="n" * 40).name == "n" * 40
    assert Rules(name="XX-rules").name == "XX-rules"  # any letter, upper case too
    assert Rules(name="x", source="s" * 200).source == "s" * 200
    assert problems(source="s" * 201) == [_text_problem("source", "s" * 201)]
    for value in ("", "   "):
        assert problems(source=value) == [_text_problem("source", value)]
    one_word = "name is one word of at most 40 characters without | / ; = (it heads a position), not "
    with pytest.raises(RulesError) as info:
        Rules(name="n" * 41)
    assert str(info.value) == f"rule set '(custom)': {one_word}{_excerpt('n' * 41)}"
    for bad in ("my rules", "a|b", "a/b", "a;b", "a=b", "tab\tbed"):
        with pytest.raises(RulesError) as info:
            Rules(name=bad)
        assert str(info.value) == f"rule set {bad!r}: {one_word}{bad!r}"
    with pytest.raises(RulesError) as info:
        Rules(name="")
    assert str(info.value) == f"rule set '': {_text_problem('name', '')}"
    with pytest.raises(RulesError) as info:
        Rules(name=5)  # type: ignore[arg-type]
    assert str(info.value) == f"rule set '(custom)': {_text_problem('name', 5)}"
    with pytest.raises(RulesError) as info:
        Rules(name="n" * 201)
    assert str(info.value) == (f"rule set '(custom)': {_text_problem('name', 'n' * 201)}; "
                               f"{one_word}{_excerpt('n' * 201)}")


def _excerpt(value: object) -> str:
    return excerpt(value, 40)


def _text_problem(key: str, value: object) -> str:
    return f"{key} must be a non-empty text of at most 200 characters, not {_excerpt(value)}"


def test_a_refusal_names_the_rule_set_if_it_is_short() -> None:
    """The refusal starts with the rule set's name when it is a text of at most 40 characters."""
    assert refusal(jokers=5).startswith("rule set 'mine': ")
    with pytest.raises(RulesError) as info:
        Rules(name="n" * 40, jokers=5)
    assert str(info.value).startswith(f"rule set '{'n' * 40}': jokers")


def test_aliases_bounds() -> None:
    """Aliases: a list (or tuple) of texts of at most 40 characters, stored as a tuple."""
    assert Rules(name="mine", aliases=["a" * 40, "b"]).aliases == ("a" * 40, "b")  # type: ignore[arg-type]
    assert Rules(name="mine", aliases=()).aliases == ()
    for bad in (("a" * 41,), ("ok", 5), "abc", None):
        assert problems(aliases=bad) == [f"aliases must be a list of short names, not {_excerpt(bad)}"]


def test_deal_1_players_bounds() -> None:
    """DEAL-1: a non-empty list of distinct counts among 2, 3, 4 and 5 (six: GAME-4)."""
    assert Rules(name="mine", players=[3, 4]).players == (3, 4)  # type: ignore[arg-type]
    assert Rules(name="mine", players=(4, 2)).players == (4, 2)
    for bad in ((), (True,), ("2",), "234", None):
        assert problems(players=bad) == [
            f"players must be a non-empty list of player counts among 2, 3, 4, 5, not {_excerpt(bad)}"]
    for bad in ((1,), (2, 2), (2, 6)):
        assert problems(players=bad) == [
            f"players must be distinct player counts among 2, 3, 4, 5 (DEAL-1, GAME-4), not {bad!r}"]
    assert Rules(name="mine", players=(2, 5)).players == (2, 5)


def test_every_problem_is_listed_at_once() -> None:
    """Several wrong parameters: every one named, in the order of the fields."""
    assert problems(jokers=-1, target=0, fixed_hands="no") == [
        "jokers must be a whole number from 0 to 4 (EQ-1), not -1",
        "fixed_hands must be true or false, not 'no'",
        "target must be a whole number from 1 to 1000000 (GAME-1), not 0"]


# -- get_rules: names, aliases, the bound on a name's length ------------------------------------

@pytest.mark.parametrize("name, preset", [
    ("fibur", FIBUR), ("FIBUR", FIBUR), ("default", FIBUR), ("codice", FIBUR),
    ("wikipedia-fr", WIKIPEDIA_FR), ("wikipedia_fr", WIKIPEDIA_FR), (" Wikipedia_FR ", WIKIPEDIA_FR),
    ("fr_wikipedia", WIKIPEDIA_FR), ("wiki", WIKIPEDIA_FR),
    ("classic_fr", CLASSIC_FR), ("burraco_fr", CLASSIC_FR), ("French", CLASSIC_FR),
    ("rami_royal", RAMIROYAL), ("rami royal", RAMIROYAL), ("Rami-Royal", RAMIROYAL), ("app", RAMIROYAL),
])
def test_presets_are_found_by_name_alias_any_case_and_underscores(name: str, preset: Rules) -> None:
    """Section 12: a preset by its name or an alias, any case, spaces around, ``_`` for ``-``."""
    assert get_rules(name) is preset


def test_get_rules_defaults_and_values() -> None:
    """None gives fibur; a Rules value is returned as it is."""
    custom = dataclasses.replace(FIBUR, name="mine")
    assert get_rules() is FIBUR and get_rules(None) is FIBUR and get_rules(custom) is custom
    assert list(PRESETS) == ["fibur", "wikipedia-fr", "classic-fr", "ramiroyal"]


_UNKNOWN_TAIL = ("; known: fibur, wikipedia-fr, classic-fr, ramiroyal (aliases: app, burraco-fr, classic, codice, "
                 "default, federation, fr, fr-wikipedia, french, italian, rami royal, rami-royal, wiki, wikipedia)")


def test_get_rules_long_names() -> None:
    """A name of up to 100 characters is read with ``_`` as ``-``; a longer one only as it is,
    spaces around taken off."""
    assert get_rules("wikipedia_fr".ljust(100)) is WIKIPEDIA_FR
    assert get_rules("fibur" + " " * 300) is FIBUR
    with pytest.raises(RulesError) as info:
        get_rules("wikipedia_fr".ljust(101))
    assert str(info.value) == f"unknown rule set {_excerpt('wikipedia_fr'.ljust(101))}{_UNKNOWN_TAIL}"


def test_get_rules_refusals() -> None:
    """An unknown name lists the presets and aliases; a value of another type is refused."""
    with pytest.raises(RulesError) as info:
        get_rules("bridge")
    assert str(info.value) == f"unknown rule set 'bridge'{_UNKNOWN_TAIL}"
    for bad in (5, ["fibur"], b"fibur"):
        with pytest.raises(RulesError) as info:
            get_rules(bad)  # type: ignore[arg-type]
        assert str(info.value) == (f"a rule set is given by its name (like 'fibur') or a Rules value, not "
                                   f"{_excerpt(bad)}")


# -- to_dict / from_dict -------------------------------------------------------------------------

@pytest.mark.parametrize("name", list(PRESETS))
def test_rules_round_trip_through_plain_values(name: str) -> None:
    """to_dict gives JSON-ready values (lists for the tuples); from_dict reads them back."""
    rules = PRESETS[name]
    data = rules.to_dict()
    assert data["aliases"] == list(rules.aliases) and data["players"] == list(rules.players)
    assert data["name"] == name and data["semi_clean_bonus"] == rules.semi_clean_bonus
    assert Rules.from_dict(data) == rules
    assert str(rules) == name


def test_from_dict_refusals() -> None:
    """from_dict: a mapping of known parameters only; the unknown ones named (five at most)."""
    known = ", ".join(sorted(f.name for f in dataclasses.fields(Rules)))
    for bad in ([("name", "x")], "fibur", None):
        with pytest.raises(RulesError) as info:
            Rules.from_dict(bad)  # type: ignore[arg-type]
        assert str(info.value) == f"rules must be a mapping of parameters, not {type(bad).__name__}"
    with pytest.raises(RulesError) as info:
        Rules.from_dict({"name": "x", "colour": 1, "b": 2, "c": 3, "d": 4, "e": 5})
    assert str(info.value) == f"unknown rule parameter(s) 'b', 'c', 'colour', 'd', 'e'; known: {known}"
    with pytest.raises(RulesError) as info:
        Rules.from_dict({"a": 1, "b": 2, "c": 3, "d": 4, "e": 5, "f": 6})
    assert str(info.value) == f"unknown rule parameter(s) 'a', 'b', 'c', 'd', 'e', ...; known: {known}"
    with pytest.raises(RulesError) as info:
        Rules.from_dict({"k" * 35: 1})
    assert str(info.value) == f"unknown rule parameter(s) {excerpt('k' * 35, 30)}; known: {known}"  # cut at 30
    with pytest.raises(RulesError) as info:
        Rules.from_dict({1: 2})  # type: ignore[dict-item]
    assert str(info.value) == f"unknown rule parameter(s) '1'; known: {known}"
    assert Rules.from_dict({"name": "x", "players": [4], "aliases": ["y"]}).players == (4,)
    assert Rules.from_dict({"name": "x", "aliases": ["y"]}).aliases == ("y",)
    assert Rules.from_dict({}) == dataclasses.replace(FIBUR, aliases=())


# -- five players (P5-1, P5-4, P5-5): three packs, the pots, the deal check, the copies ----------

def test_p5_1_three_packs_one_value_per_rule_set_and_player_count() -> None:
    """P5-1, EQ-1: five players play three packs (three copies of each card, SET-3's 13), any other
    count two; ``for_players`` gives the same value each time and finds its way back."""
    assert FIBUR.for_players(2) is FIBUR.for_players(3) is FIBUR.for_players(4) is FIBUR
    five = FIBUR.for_players(5)
    assert five.copies == 3 and five == dataclasses.replace(FIBUR, copies=3) and FIBUR.copies == 2
    assert FIBUR.for_players(5) is five and five.for_players(5) is five
    assert five.for_players(4) is FIBUR and five.for_players(2) is FIBUR
    custom = Rules(name="mine", jokers=2, hand_size=9)
    assert custom.for_players(5).copies == 3 and custom.for_players(5).hand_size == 9
    assert custom.for_players(5) is custom.for_players(5) and custom.for_players(5).for_players(3) is custom
    assert Game.new(5, rules=custom, seed=2).rules is custom.for_players(5)


@pytest.mark.parametrize("jokers, five_jokers", [(0, 0), (1, 1), (2, 3), (3, 4), (4, 6)])
def test_p5_1_the_three_packs_hold_half_as_many_jokers_again(jokers: int, five_jokers: int) -> None:
    """P5-1, EQ-1: three packs hold half as many jokers again as two (rounded down), every other
    card three times: 156 cards and the jokers; a dealt five-player hand holds them all."""
    rules = Rules(name="mine", jokers=jokers)
    assert rules.deck_jokers(4) == rules.deck_jokers(2) == jokers and rules.deck_jokers(5) == five_jokers
    assert rules.deck_jokers() == jokers and rules.packs() == rules.packs(3) == 2 and rules.packs(5) == 3  # four
    assert rules.deck_size() == rules.deck_size(3) == 104 + jokers and rules.deck_size(5) == 156 + five_jokers
    game = Game.new(5, rules=rules, seed=1)
    assert sum(game.all_cards().values()) == 156 + five_jokers
    assert rules.stock_size(5) == 156 + five_jokers - 5 * 11 - (18 + 11 + 11) - 1 == len(game.stock)


def test_p5_1_p5_4_pot_sizes_and_stock_of_five_players() -> None:
    """P5-1: the soloist's pot (18) and two of the hand's size; P5-4's option, every player alone:
    one pot of the hand's size each; that option changes nothing with fewer players."""
    assert FIBUR.pot_sizes(5) == FIBUR.pot_sizes(5, alone=False) == (18, 11, 11)
    assert FIBUR.pot_sizes(5, alone=True) == (11,) * 5
    assert FIBUR.pot_sizes(4, alone=True) == (11, 11) and FIBUR.pot_sizes(3, alone=True) == (18, 11)
    custom = Rules(name="mine", hand_size=10, soloist_pot_size=16)
    assert custom.pot_sizes(5) == (16, 10, 10) and custom.pot_sizes(5, alone=True) == (10,) * 5
    assert FIBUR.stock_size(5) == 162 - 55 - 40 - 1 == 66 and FIBUR.stock_size(5, alone=True) == 162 - 55 - 55 - 1
    assert custom.stock_size(5, alone=True) == 162 - 50 - 50 - 1
    assert len(Game.new(5, rules=custom, seed=1, alone=True).stock) == 162 - 50 - 50 - 1


def test_p5_5_a_rule_set_without_five_names_its_counts() -> None:
    """P5-5: a rule set that does not list five refuses them, naming the counts it allows."""
    mine = Rules(name="mine", players=(2, 4))
    with pytest.raises(RulesError) as info:
        mine.check_players(5)
    assert str(info.value) == ("rule set 'mine' is played by 2, 4 players, not 5: five players play the presets "
                               "four players play, and this one is not among them (P5-5, section 12)")
    for players in (2, 5):
        Rules(name="mine", players=(2, 5)).check_players(players)  # allowed: no refusal
    for players in (1, 6):
        with pytest.raises(RulesError) as info:
            FIBUR.check_players(players)
        assert str(info.value) == (f"Buraco is played by 2 to 5 players, not {players}: each gets 11 cards (DEAL-1) "
                                   f"and five already take three packs (GAME-4, P5-1)")


@pytest.mark.parametrize("players", [(2, 5), (4, 5), (5,), (3,), (3, 4)])
def test_p5_1_a_one_card_soloist_pot_with_three_or_five_players(players: tuple[int, ...]) -> None:
    """P3-1, P5-1: the 18-card pot exists with 3 and with 5 players; either count, alone or with
    others, refuses a soloist's pot of one card."""
    assert problems(players=players, soloist_pot_size=1) == [
        "soloist_pot_size must be at least 2 when 3 or 5 players may play, not 1: a player who takes a pot of one card "
        "on the fly (POT-2, P3-1) could neither discard it nor keep a card (TURN-3, CLOSE-3), so the hand could "
        "not go on"]
    assert Rules(name="mine", players=players, soloist_pot_size=2).soloist_pot_size == 2


def _deal_problem(players: int, stock: int, reserve: int) -> str:
    return (f"with {players} players the deal leaves {stock} cards in the stock, but the stock must hold more than "
            f"its reserve of {reserve} never drawn (DEAL-3, STOCK-1)")


@pytest.mark.parametrize("params, stock", [
    ({}, 162 - 55 - 55 - 1),  # five pots of 11 (every player alone, P5-4) take more than 18 + 11 + 11
    ({"hand_size": 5, "soloist_pot_size": 30}, 162 - 25 - (30 + 10) - 1),  # here 30 + 5 + 5 takes more
    ({"jokers": 1}, 157 - 55 - 55 - 1),  # one joker in two packs, one in three (1.5 rounded down)
    ({"jokers": 3, "hand_size": 12}, 160 - 60 - 60 - 1),
])
def test_p5_1_p5_4_the_deal_check_of_five_players(params: dict[str, int], stock: int) -> None:
    """DEAL-3, STOCK-1, P5-1, P5-4: with five players the check counts three packs and the larger
    of the two deals (the pots of 18, 11, 11, or one pot each): a reserve as large as that stock is
    refused, one card less is accepted and deals."""
    assert problems(players=(5,), stock_reserve=stock, **params) == [_deal_problem(5, stock, stock)]
    rules = Rules(name="mine", players=(5,), stock_reserve=stock - 1, **params)
    assert min(rules.stock_size(5), rules.stock_size(5, alone=True)) == stock
    assert len(Game.new(5, rules=rules, seed=1, alone=rules.stock_size(5, alone=True) == stock).stock) == stock
