"""Every exercise of the course, in one place: question, rule IDs, hints, worked answer, judge.

The notebooks place exercises by id (``%% exercise ace-high`` in ``buraco_learn/course/source``);
the learner notebook gets a blank, the solution notebook the worked answer below, and both call
the same checker. Right answers are computed by the engine wherever a rule decides them.

>>> EXERCISES["ace-high"].rules
('RUN-2',)
>>> EXERCISES["ace-high"].judge("QH KH AH").ok
True
"""

from __future__ import annotations

from ..cards import Card, make_deck, parse_cards
from ..errors import BuracoError
from ..game import Game, HandResult, seat_names
from ..i18n import N_, seat_word, tr
from ..match import Match
from ..melds import Meld, is_valid_meld
from ..rules import get_rules
from ..scoring import hand_points, score_side, victory_points
from ..seating import seating
from ..puzzles import FORMS, HINTS, load_puzzles
from .checkers import (ActionExercise, CardsExercise, ChoiceExercise, Exercise, LayOffExercise,
                       MeldExercise, NumberExercise, PuzzleExercise)

__all__ = ["EXERCISES", "PUZZLES", "by_rule"]


def _first_valid(options: dict[str, str]) -> str:
    """The letter of the first option that the engine accepts as a meld."""
    return next(k for k, v in options.items() if is_valid_meld(parse_cards(v)))


def _first_invalid(options: dict[str, str]) -> str:
    """The letter of the first option that the engine refuses as a meld."""
    return next(k for k, v in options.items() if not is_valid_meld(parse_cards(v)))


def _kind_letter(cards: str, rules: str | None = None) -> str:
    """a/b/c/d for a clean/semi-clean/dirty burraco or no burraco, as the engine reads the meld."""
    kind = Meld.from_cards(cards, rules=rules).burraco
    return {"clean": "a", "semi-clean": "b", "dirty": "c", None: "d"}[kind]


_BURRACO_KINDS = {"a": "clean (200)", "b": "semi-clean (150)", "c": "dirty (100)", "d": "not a burraco"}


def _near_stock_end() -> str:
    """A seeded 2-player hand played (draw, first legal discard) until the stock holds 3 cards."""
    g = Game.new(2, seed=5)
    while not (g.phase == "draw" and len(g.stock) == 3):
        if g.phase == "draw":
            g.draw()
        else:
            g.discard(g.legal_discards()[-1].card)
    return g.position()


_NEAR_STOCK_END = _near_stock_end()
_NEAR_MOVER = Game.from_position(_NEAR_STOCK_END).seat_name(Game.from_position(_NEAR_STOCK_END).to_move)
_NEAR_NEXT = next(n for n in seat_names(2) if n != _NEAR_MOVER)


def _stock_end_letter() -> str:
    g = Game.from_position(_NEAR_STOCK_END)
    g.draw()
    g.discard(g.legal_discards()[0].card)
    if not g.is_over:
        return "a"
    return "b" if g.result().closed_by is None else "c"


# ----------------------------------------------------------------------------- positions
# 2 players, South to play, no pot taken: South can empty their hand by melding.
FLY = "fibur 2p d1 t0 play | h: 4C 5C 6C / 9D 9S KD | m: - | p: 3C | s: * | pots: *11 / *11 | took: -"
# 2 players, South holds only a joker after drawing.
LAST_JOKER = "fibur 2p d1 t0 play | h: JK / 9D 9S KD | m: 0=5H 6H 7H | p: 3C | s: * | pots: *11 / *11 | took: -"
# 4 players, North-South took their pot and have a burraco; South holds 2C KD.
CLOSE = ("fibur 4p d3 t0 play | h: 2C KD / 4S 9D 9H / QD QC / 8S JH | m: 0=3H 4H 5H 6H 7H 8H 9H; 2=9S TS JS | "
         "p: 3C | s: * | pots: *11 | took: 2")
# 4 players, North-South took their pot and have a burraco; South holds three hearts only.
KEEP_ONE = ("fibur 4p d3 t0 play | h: 7D 8D 9D / 4S 9D 9H / QD QC / 8S JH | m: 0=3H 4H 5H 6H 7H 8H 9H | "
            "p: 3C | s: * | pots: *11 | took: 0")
# 4 players, North-South took their pot but have no burraco yet.
NO_BURRACO = ("fibur 4p d3 t0 play | h: 4D 5D 6D KS / 4S 9D 9H / QD QC / 8S JH | m: 0=9S TS JS | "
              "p: 3C | s: * | pots: *11 | took: 2")
# 2 players: South took a one-card pile (9C) and holds no other 9C.
SINGLE = "fibur 2p d1 t0 play single=9C | h: 5H KD 9C QS / 9D 9S KH | m: - | p: - | s: * | pots: *11 / *11 | took: -"
# 4 players: South already has a set of 7s on the table.
SECOND_SET = ("fibur 4p d3 t0 play | h: 7C 7C 7D 9D KS / 4S 9H / QD QC / 8S JH | m: 0=7H 7D 7S | p: 3C | "
              "s: * | pots: *11 / *11 | took: -")
# 4 players: West's run and North's run both take the 8C.
PARTNER = ("fibur 4p d3 t0 play | h: 8C 4D KS / 4S 9H / QD QC / 8S JH | m: 1=5C 6C 7C; 2=9C TC JC | p: 3C | "
           "s: * | pots: *11 / *11 | took: -")
# 3 players, nobody has a pot yet; West can empty their hand.
SOLO = ("fibur 3p d0 t1 play | h: 9H 4S KD / 5S 6S 7S / JD 2C QH | m: - | p: 3C | s: * | pots: *18 / *11 | "
        "took: -")
# 3 players, West is the soloist; South and East are partners; South closes.
THREE_END = ("fibur 3p d2 t0 play solo=1 | h: KD / 5C 5D QS / 3C 4C 9C JK | m: 0=3H 4H 5H 6H 7H 8H 9H; "
             "2=JS QS KS | p: 3C | s: * | pots: - | took: 0,1")
# 2 players: the hand notebook 8 is played from (South to draw).
PLAY_HAND = "QH KH AH 7S 7D 7C 4C 9D JS 2C 5D"
PLAY = (f"fibur 2p d1 t0 draw | h: {PLAY_HAND} / 8S 8D 3H 3S TC TD 6H 6C KS 4D 9S | m: - | p: 5S | s: * | "
        "pots: *11 / *11 | took: -")
# A position to try a refused meld on.
REFUSED = "fibur 2p d1 t0 play | h: 5H 6H 8H KS / 9D 9S KD | m: - | p: 3C | s: * | pots: *11 / *11 | took: -"


def _hand_unchanged() -> str:
    g = Game.from_position(REFUSED)
    before = g.hand(0)
    ok = g.can_meld("5H 6H 8H")
    return "a" if not ok and g.hand(0) == before else "b"


def _sides_after_solo() -> str:
    g = Game.from_position(SOLO)
    g.apply("meld 5S 6S 7S")
    names = seat_names(3)
    pair = next(side for side in g.sides if len(side) == 2)
    text = " and ".join(names[s] for s in pair)
    return {"South and East": "a", "South and West": "b", "West and East": "c"}[text]


def _ns() -> int:
    melds = [Meld.from_cards(m) for m in ("3H 4H 5H 6H 7H 8H 9H TH", "KC KD KS JK", "AS 2S 3S 4S 5S")]
    return score_side(melds, parse_cards("QD 4C"), closed=True, took_pot=True, any_pot_taken=True).total


def _ew() -> int:
    melds = [Meld.from_cards(m) for m in ("8D 9D TD JD QD KD 2C", "5C 5D 5H")]
    return score_side(melds, parse_cards("JK 7S 7S AC 2D 9H"), took_pot=False, any_pot_taken=True).total


def _hole() -> int:
    return score_side([Meld.from_cards("5C 5D 5H")], parse_cards("JK 2D AC"), took_pot=False,
                      any_pot_taken=True).total


def _three_end() -> int:
    g = Game.from_position(THREE_END)
    g.apply("discard KD")
    return g.result().credits[2]


def _three_side() -> int:
    """The side score of South-East, the pair of exercise three-credit (before it is halved)."""
    g = Game.from_position(THREE_END)
    g.apply("discard KD")
    r = g.result()
    return r.scores[next(k for k, seats in enumerate(r.sides) if 2 in seats)].total


def _three_end_why() -> str:
    """The count of exercise three-credit in numbers: the pair's side score, then its half."""
    g = Game.from_position(THREE_END)
    g.apply("discard KD")
    r = g.result()
    side = next(k for k, seats in enumerate(r.sides) if 2 in seats)
    sc = r.scores[side]
    return (f"South-East's side: melds {sc.melded} + clean burraco {sum(b.points for b in sc.burracos)} + closing "
            f"{sc.closing} − East's cards {-sc.in_hand} = {sc.total}; half of {sc.total}, rounded up: "
            f"{r.credits[2]} (P3-2).")


def _letter_of_seat(seat: int, players: int, letters: dict[str, str]) -> str:
    name = seat_names(players)[seat]
    return next(k for k, v in letters.items() if v == name)


_FIRST = {"a": "North", "b": "East", "c": "West", "d": "South"}


# 2 players, South has drawn, melded two runs from the hand of notebook 8, and holds four cards.
PLAY_LATER = ("fibur 2p d1 t0 play | h: 4C 9D JS 5D / 8S 8D 3H 3S TC TD 6H 6C KS 4D | m: 0=QH KH AH; 0=7S 7D 7C; "
              "1=3C 4C 5C | p: 9S | s: * | pots: *11 / *11 | took: -")


# ----------------------------------------------------------------------------- playing well (notebook 8b)
# 2 players, South to draw; the pile's 7C and 9H make melds with South's hand at once.
TAKE_PILE = ("fibur 2p d1 t0 draw | h: 7S 7H TH JH 4C 5D QS KD 3S 9S AC / 8S 8D 3H 3D TC TD 6H 6C KS 4D 5S | "
             "m: - | p: 7C 9H | s: * | pots: *11 / *11 | took: -")
# 2 players, South has drawn; North has a run of hearts and a set of queens on the table.
SAFE = ("fibur 2p d1 t0 play | h: 8H 4H QH 9S 3D KC / 8S 8D 3C | m: 1=5H 6H 7H; 1=QC QD QS | p: 4C | s: * | "
        "pots: *11 / *11 | took: -")
# 2 players, South has drawn; South's clean run of six diamonds is one card from a burraco.
CLEAN_RUN = ("fibur 2p d1 t0 play | h: 2C JD KS 4S / 8S 8D 3C | m: 0=5D 6D 7D 8D 9D TD | p: 4C | s: * | "
             "pots: *11 / *11 | took: -")
# 2 players, South has drawn; South's set of sevens and North's hold six of the eight natural 7s,
# none is in the pile or in South's hand: two can still come, and the set can never reach seven.
PLAN_COUNT = ("fibur 2p d1 t0 play | h: 4S 8H 8C JC 3D KS / 8S 8D 3C 5D 6H 6D AD KH | m: 0=7S 7D 7C; "
              "0=9H TH JH; 1=7H 7H 7C; 1=QS QD QC | p: 5C | s: * | pots: *11 / *11 | took: -")


def _naturals_left(position: str, rank: int, seat: int = 0) -> int:
    """How many cards of ``rank`` (3 to 13, or 1 for the ace) the player at ``seat`` cannot see:
    the two packs' eight (EQ-1) minus those on every meld, in the pile and in that player's hand."""
    g = Game.from_position(position)
    seen = [c for t in g.table for c in t.meld.cards] + list(g.pile) + list(g.hand(seat))
    return 8 - sum(1 for c in seen if not c.is_joker and c.r == rank)


# 2 players, South has drawn and holds a run and one more card; no pot taken yet.
TO_POT = ("fibur 2p d1 t0 play | h: 9H TH JH KS / 8S 8D 3C 5D | m: - | p: 4C | s: * | pots: *11 / *11 | took: -")


def _strong_takes_pile() -> str:
    from ..bots import StrongBot

    g = Game.from_position(TAKE_PILE)
    return "a" if StrongBot().take_pile(g.view(g.to_move)) else "b"


def _clean_letter() -> str:
    run = Game.from_position(CLEAN_RUN).table[0].meld
    only_jd = run.lay_off("JD")
    both = run.lay_off("JD 2C")
    value = {"b": only_jd.bonus + 10, "c": both.bonus + 30}
    return max(value, key=lambda k: value[k])


def _pot_with_discard(g: Game) -> str | None:
    """None when South took the pot with the discard (POT-3); else what happened instead."""
    if not g.took_pot[0]:
        return N_("South has not taken the pot (POT-3)")
    if any(e.seat == 0 and "with the discard" in e.note for e in g.history):
        return None
    return N_("South took the pot on the fly, by emptying the hand before the discard (POT-2); this exercise "
              "asks for the pot taken with the discard itself (POT-3): let the discard be the card that "
              "empties the hand")


def _pot_letter() -> str:
    g = Game.from_position(TO_POT)
    g.apply("meld 9H TH JH")
    g.apply("discard KS")
    return "a" if g.took_pot[0] else "b"


def _unsafe_why(g: Game, c: Card) -> str | None:
    """Why a discard is not safe: the opponent meld that takes it, or it is a wild."""
    mine = g.side_of(g.to_move)
    for t in g.table:
        if t.owner not in mine and t.meld.can_lay_off([c]):
            return tr("{seat} can lay it off onto their meld {meld} (TURN-2)", seat=seat_word(g.seat_name(t.owner)),
                      meld=t.meld)
    if c.is_wild:
        return tr("it is a wild, the most useful card in the game: never hand one over while another card will do")
    return None


def _safe_for(g: Game, c: Card) -> bool:
    mine = g.side_of(g.to_move)
    return (g.can_discard(c) and not c.is_wild
            and not any(t.meld.can_lay_off([c]) for t in g.table if t.owner not in mine))


def _close_letter(position: str) -> str:
    """a: South can close now; b: no pot yet; c: no burraco yet; d: other (asked of the engine)."""
    g = Game.from_position(position)
    seat = g.to_move
    if not g.side_has_pot(seat):
        return "b"
    if not g.side_has_burraco(seat):
        return "c"
    from ..solver import can_close

    return "a" if can_close(g) is not None else "d"


# 2 players, South has drawn the 10S; South's side has its pot and no burraco; its run 5S..9S takes
# the 10S, but a lay-off that leaves one card and makes no burraco cannot end the turn (CLOSE-4).
LAST_TWO = ("fibur 2p d1 t0 play | h: 4C TS / 8D 8C 4S JC 2H 6H 6D AD 3H | m: 0=5S 6S 7S 8S 9S; 0=TH JH QH KH; "
            "1=9C TC JC | p: 3C | s: *73 | pots: *11 | took: 0")


def _last_two_letter() -> str:
    """a: the lay-off of the 10S then the discard of the 4C is legal; b: it is not (asked of the engine)."""
    g = Game.from_position(LAST_TWO)
    try:
        g.lay_off(0, "TS")
        g.discard("4C")
    except BuracoError:
        return "b"
    return "a"


# 4 players, South to draw; East-West have their pot and a clean burraco; the pile of seven makes
# no meld with South's hand now.
PILE_TRAP = ("fibur 4p d3 t0 draw | h: 4S 7H 9S JD KS 3D 5H / 2D JC 5C 5S / 8C 7D 8S 9C 2H 7D 3S / JS AH KD 4C AD | "
             "m: 1=8D 9D TD JD QD KD AD; 3=6S 6H 6D; 2=9H TH JH | p: QC 6C TC 4D JH 8C 9H | s: *54 | pots: *11 | "
             "took: 1")
# 4 players, South has drawn; West holds one card, East-West have their pot and a burraco.
DEFEND = ("fibur 4p d3 t0 play | h: 8H KC 9S 4D / JS / 7S 7D TH AH TC QH / JH 6H TS 6C 8C | "
          "m: 1=8D 9D TD JD QD KD AD; 3=5H 6H 7H; 2=9C TC JC | p: 3S | s: *67 | pots: *11 | took: 1")
# 4 players, South has drawn; both sides have their pot and a burraco; South holds 8C KD.
CLOSE_NOW = ("fibur 4p d3 t0 play | h: 8C KD / 6S TS 8D / TD KS JK 3S 4C 4D / TC 4S JS 7S 9C | "
             "m: 0=3H 4H 5H 6H 7H 8H 9H; 2=6C 7C JK(=5C); 1=8D 9D TD JD QD KD AD; 3=5S 5H 5C | p: 3S | s: *71 | "
             "pots: - | took: 0, 1")


def _strong_takes_trap() -> str:
    from ..bots import StrongBot

    g = Game.from_position(PILE_TRAP)
    return "a" if StrongBot().take_pile(g.view(g.to_move)) else "b"


def _defend_letter() -> str:
    """The option whose card no opponent's meld takes (TURN-2)."""
    from ..bots import opponent_melds_accepting

    g = Game.from_position(DEFEND)
    cards = {"a": "8H", "b": "KC"}
    return next(k for k, c in cards.items() if not opponent_melds_accepting(g.view(0), Card.parse(c)))


def _close_now_letter() -> str:
    g = Game.from_position(CLOSE_NOW)
    g.lay_off(1, "8C")
    g.discard("KD")
    return "a" if g.is_over and g.result().closed_by == 0 else "b"


def _drill_held() -> int:
    from .turns import memory_drill

    return memory_drill().held()


# ----------------------------------------------------------------------------- puzzles (notebook 9)
PUZZLES = {p.name: p for p in load_puzzles()}
_PUZZLE_RULES = {"most": ("EQ-2", "TURN-2"), "close": ("CLOSE-1", "CLOSE-2"), "safe": ("TURN-2",),
                 "score": ("SCORE-1", "SCORE-4")}
_PUZZLE_HINTS = HINTS
_TYPED_FORM = FORMS
_TYPED_ASK = {
    "most": "Type the moves that lay down the most points (melds and lay-offs, separated by `;`), or just the "
            "number of points.",
    "close": "Type `\"no\"`, or the moves that close, ending with the closing discard (separated by `;`).",
    "safe": "Type one card you can discard safely.",
    "score": "Type the total.",
}


#: What to do on a puzzle played on its widget, as one sentence (``{widget}``: its variable).
_PUZZLE_TODO = {
    "most": "Play your moves on the puzzle above, then replace the ... after answer = with {widget} and run the cell.",
    "close": "Play your moves on the puzzle above, then replace the ... after answer = with {widget} and run the "
             "cell.",
    "safe": "Select your card on the puzzle above, then replace the ... after answer = with {widget} and run the cell.",
    "score": "Play on the puzzle above, then replace the ... after answer = with {widget} and run the cell.",
}


def _puzzle(id: str, name: str, *, widget: str = "") -> PuzzleExercise:
    """The exercise for puzzle ``name``: typed, or (``widget``: the variable) played on a PuzzleWidget."""
    p = PUZZLES[name]
    hint, stronger = _PUZZLE_HINTS[p.kind]
    g = p.game()
    who = f"you are {g.seat_name(g.to_move)}" if g.is_over else f"{g.seat_name(g.to_move)} to play"
    head = f"**{p.level.capitalize()} puzzle** `{p.name}` ({who}). "
    if g.pile_taken is not None and not g.is_over:  # not shown by the table once in the hand (TURN-4)
        head += f"{g.seat_name(g.to_move)} took {g.pile_taken.pretty} alone from the discard pile this turn (TURN-4). "
    if not widget:
        return PuzzleExercise(id=id, puzzle=p, rules=_PUZZLE_RULES[p.kind], position=p.position,
                              question=head + f"{p.question} {_TYPED_ASK[p.kind]}",
                              hint=hint, stronger=stronger, blank_hint=_TYPED_FORM[p.kind])
    how = {"most": "play your melds and lay-offs on the table (select cards, then **Meld**, or click one of your "
                   "melds and **Lay off**)",
           "close": "play your moves on the table, ending with the closing discard",
           "safe": "select the one card you would discard (click it, or use its button)",
           "score": "type the total in the box"}[p.kind]
    setup = f"{widget} = PuzzleWidget(PUZZLES[{p.name!r}])\n{widget}"
    if p.kind == "safe":
        worked = f"{widget}.table.select({p.answer.split()[0]!r})  # or click the card on the table"
    else:
        worked = "\n".join(f"{widget}.table.play({a.strip()!r})" for a in p.solution.split(";"))
        worked += "  # or play the moves by clicks and buttons"
    return PuzzleExercise(id=id, puzzle=p, rules=_PUZZLE_RULES[p.kind], position=p.position, setup=setup,
                          question=head + f"{p.question} On the puzzle below, {how}; press **Check** to see the "
                                          f"verdict, then give the puzzle as the answer: `answer = {widget}`.",
                          solution_code=f"{worked}\nanswer = {widget}",
                          blank_hint=f"play on the puzzle, then write: answer = {widget}",
                          todo=_PUZZLE_TODO[p.kind].replace("{widget}", widget),
                          hint=hint, stronger=stronger)



def _fixed_hands_winner_total() -> int:
    """GAME-3: the winner's total of the ``fixed-hands`` exercise, played through :class:`Match`."""
    match = Match(3, rules="classic-fr", hands=4, seed=1)
    for credits in [(120, 40, 40), (-30, 150, 150), (210, -15, -15), (60, 95, 95)]:
        match.add_result(HandResult("stock", None, ((0,), (1, 2)), (), credits))
    assert match.is_over and match.winner is not None
    return match.totals[match.winner[0]]


def _six_players_letter() -> str:
    """GAME-4: "a" when the engine refuses six players."""
    try:
        Game.new(6)
    except BuracoError:
        return "a"
    return "b"


#: The five seats in turn order (DEAL-4), as the five-player exercises name them.
_FIVE = seat_names(5)


def _five_partner(lone: str, seat: str) -> str:
    """P5-2: the name of ``seat``'s partner once ``lone`` took the 18-card pot (the engine's seating)."""
    after = seating(5).after_pot(_FIVE.index(lone))
    (partner,) = after.partners(_FIVE.index(seat))
    return _FIVE[partner]


_FIVE_PARTNER = {"a": "North-West", "b": "North-East", "c": "East"}


def _five_pairs_letter(lone: str, options: dict[str, str]) -> str:
    """P5-2: the option naming the two pairs formed when ``lone`` took the 18-card pot."""
    after = seating(5).after_pot(_FIVE.index(lone))
    pairs = {frozenset(_FIVE[s] for s in side) for side in after.sides if len(side) == 2}
    return next(k for k, v in options.items()
                if {frozenset(pair.split(" & ")) for pair in v.split(", ")} == pairs)


_FIVE_PAIRS = {"a": "East & West, South & North-West", "b": "East & South, West & North-West",
               "c": "South & West, North-West & East"}


def _five_count() -> int:
    """P5-3: what North-West is credited of his pair's count (exercise five-count)."""
    melds = [Meld.from_cards(m) for m in ("5H 6H 7H 8H 9H TH JH", "KC KD KS")]
    total = score_side(melds, parse_cards("QS 4D 7C"), took_pot=True, any_pot_taken=True).total
    after = seating(5).after_pot(_FIVE.index("West"))
    return after.credit(after.side[_FIVE.index("North-West")], total)

_LIST: list[Exercise] = [
    # ------------------------------------------------------------------ 01 Welcome
    ChoiceExercise(
        id="words-pot", rules=("POT-1",),
        question="An Italian friend says *pozzetto*. Which English word of the course is it?",
        options={"a": "the stock", "b": "the pot", "c": "a pinella"}, correct="b",
        why={"a": "the stock is the *tallone* (Italian) or *pioche* (French)",
             "c": "a pinella is any 2 (EQ-3)"},
        hint="The pozzetto is the reserve hand of 11 cards each side takes once (POT-1).",
        stronger="Pozzetto, puits (French), pot (English): the 11-card reserve hand (POT-1)."),
    ChoiceExercise(
        id="turn-shape", rules=("TURN-1", "TURN-2", "TURN-3"),
        question="Which of these is a whole turn?",
        options={"a": "draw one card or take the whole discard pile; meld; discard one card",
                 "b": "discard a card, then draw one",
                 "c": "take the top card of the discard pile; meld; discard one card"},
        correct="a",
        why={"b": "a turn starts with the draw and ends with the discard (TURN-1, TURN-3)",
             "c": "taking from the discard pile means taking every card in it, however many there are; "
                  "you may not pick only the top one (TURN-1)"},
        hint="A turn starts with a draw (TURN-1) and ends with a discard (TURN-3).",
        stronger="Draw from the stock or take the WHOLE pile (TURN-1), play (TURN-2), discard one card (TURN-3)."),
    # ------------------------------------------------------------------ 02 Cards and the deal
    NumberExercise(
        id="deck-size", rules=("EQ-1",),
        question="How many cards are in the Buraco deck (rule set `fibur`)?",
        expected=lambda: len(make_deck(get_rules("fibur").jokers)),
        mistakes={104: "two packs of 52 are 104; and the jokers? (EQ-1)",
                  106: "106 is the deck with 2 jokers (preset ramiroyal); fibur has 4 (EQ-1)",
                  52: "Buraco is played with two packs (EQ-1)"},
        hint="Two packs of 52 cards, plus the jokers (EQ-1).",
        stronger="2 × 52 + 4 jokers (EQ-1)."),
    NumberExercise(
        id="hand-points", rules=("EQ-2",),
        question="What are the cards `JK AD 2S 9C 4H 4S` worth, counted in a hand?",
        expected=lambda: hand_points(parse_cards("JK AD 2S 9C 4H 4S")),
        mistakes={70: "the 2 is worth 20, not 5 (EQ-2)", 75: "the ace is worth 15 (EQ-2)",
                  80: "the ace is worth 15 (EQ-2)"},
        hint="Joker 30, any 2 20, ace 15, K to 8 10, 7 to 3 5 (EQ-2).",
        stronger="30 + 15 + 20 + 10 + 5 + 5 (EQ-2)."),
    ChoiceExercise(
        id="always-wild", rules=("EQ-3",),
        question="Which card is **always** wild?",
        options={"a": "the 2♣", "b": "the joker", "c": "the ace of spades"}, correct="b",
        why={"a": "a 2 is wild unless it stands as a natural 2 in a run of its suit (EQ-3, RUN-5)",
             "c": "an ace is a natural card (EQ-3)"},
        hint="Only one kind of card is wild wherever it lies (EQ-3).",
        stronger="A 2 can be natural (RUN-5); the joker never is (EQ-3)."),
    NumberExercise(
        id="hand-size", rules=("DEAL-1",),
        question="How many cards does each player get in the deal?",
        expected=lambda: len(Game.new(4, seed=1).hand(0)),
        hint="Count the cards in one hand of `Game.new(4, seed=1)` (DEAL-1).",
        stronger="The same number as in a pot for 2 or 4 players (DEAL-1, DEAL-2)."),
    NumberExercise(
        id="pot-3p", rules=("DEAL-2",),
        question="With 3 players, how many cards does the **larger** pot hold?",
        expected=lambda: max(len(p) for p in Game.new(3, seed=1).pots),
        mistakes={11: "11 is the smaller pot; the first player to empty their hand takes a bigger one (DEAL-2)"},
        hint="With 3 players the two pots differ in size (DEAL-2).",
        stronger="One pot of the usual size, one bigger; check `Game.new(3, seed=1).pots` (DEAL-2).",
        why="With 3 players one pot holds 18 cards and the other 11; the first player whose hand runs out "
            "takes the 18 (DEAL-2; more in notebook 6)."),
    NumberExercise(
        id="stock-3p", rules=("DEAL-3",),
        question="With 3 players, each player in turn draws one card from the stock. How many cards are left "
                 "in the stock when all three have drawn once?",
        expected=lambda: len(Game.new(3, seed=1).stock) - 3,
        mistakes={45: "that is the stock right after the deal (DEAL-3); then each of the three players draws "
                      "one card from it (TURN-1)",
                  43: "one card is turned up to start the discard pile (DEAL-3)"},
        hint="First the stock right after the deal: 108 cards, minus the hands, the pots, and the up-card "
             "(DEAL-3); then the three draws.",
        stronger="108 − 3 × 11 − 18 − 11 − 1, then − 3 (DEAL-1, DEAL-2, DEAL-3, TURN-1)."),
    ChoiceExercise(
        id="first-player", rules=("DEAL-4",),
        question="Four players; North deals (`Game.new(4, seed=1, dealer=2)`). Who plays first?",
        options=_FIRST,
        correct=lambda: _letter_of_seat(Game.new(4, seed=1, dealer=2).to_move, 4, _FIRST),
        why={"a": "the dealer does not play first (DEAL-4)", "c": "play passes to the left (DEAL-4)",
             "d": "South sits opposite North; the player on the dealer's left starts (DEAL-4)"},
        hint="The player on the dealer's left plays first (DEAL-4); seats go South, West, North, East.",
        stronger="After North comes East in turn order (DEAL-4)."),
    ChoiceExercise(
        id="same-seed", rules=("DEAL-5",),
        question="Two classrooms each run `Game.new(4, seed=11)`. What do they get?",
        options={"a": "exactly the same cards in every hand, pot and stock",
                 "b": "different cards in the hands, the pots and the stock"},
        correct=lambda: "a" if Game.new(4, seed=11).position() == Game.new(4, seed=11).position() else "b",
        why={"b": "a deal is reproducible from its seed (DEAL-5)"},
        hint="A deal is reproducible from a seed (DEAL-5).",
        stronger="Same seed, same rules, same players: same cards (DEAL-5)."),
    # ------------------------------------------------------------------ 03 Melding
    MeldExercise(
        id="first-set", rules=("SET-1",), meld_kind="set", from_hand="7H 9C 7D KH 7S 4D",
        answer="7H 7D 7S",
        question="Your hand is `7H 9C 7D KH 7S 4D`. Write a **set** you can lay down.",
        hint="A set is three or more cards of one rank (SET-1).",
        stronger="You hold three 7s (SET-1)."),
    ChoiceExercise(
        id="suits-run", rules=("RUN-1",),
        question="Which of these is a run?",
        options={"a": "5H 6D 7H", "b": "5H 6H 8H", "c": "5H 6H 7H"},
        correct=lambda: _first_valid({"a": "5H 6D 7H", "b": "5H 6H 8H", "c": "5H 6H 7H"}),
        why={"a": "a run is all of one suit (RUN-1)", "b": "a run has no gap (RUN-1)"},
        hint="A run is three or more consecutive cards of one suit (RUN-1).",
        stronger="Look for one suit and no missing rank (RUN-1)."),
    MeldExercise(
        id="ace-high", rules=("RUN-2",), meld_kind="run", ace="high", from_hand="QH KH AH 3H 4S 9C",
        answer="QH KH AH",
        question="Your hand is `QH KH AH 3H 4S 9C`. Write a run in which the ace stands **high**.",
        hint="The ace is high after the king: Q-K-A (RUN-2).",
        stronger="Use the queen, the king and the ace of hearts (RUN-2)."),
    ChoiceExercise(
        id="no-wrap", rules=("RUN-2",),
        question="Which of these is **not** a meld?",
        options={"a": "AS 2S 3S", "b": "QS KS AS", "c": "KS AS 2S 3S"},
        correct=lambda: _first_invalid({"a": "AS 2S 3S", "b": "QS KS AS", "c": "KS AS 2S 3S"}),
        why={"a": "A-2-3 is a run with the ace low and a natural 2 (RUN-2, RUN-5)",
             "b": "Q-K-A is a run with the ace high (RUN-2)"},
        hint="The ace is low or high, never both: no wrap-around (RUN-2).",
        stronger="K-A-2 would go round the corner (RUN-2)."),
    NumberExercise(
        id="max-set", rules=("SET-3",),
        question="At most how many cards can a set hold?",
        expected=lambda: len(Meld.from_cards("7H 7H 7D 7D 7S 7S 7C 7C JK")),
        mistakes={8: "there are 8 natural cards of a rank in two packs; and one wild may join (SET-3)",
                  10: "only one wild per set (SET-2, SET-3)"},
        hint="Two packs hold 8 cards of each rank; a set may add one wild (SET-3).",
        stronger="8 naturals + 1 wild (SET-3)."),
    NumberExercise(
        id="longest-run", rules=("RUN-3",),
        question="At most how many cards can a run hold?",
        expected=lambda: len(Meld.from_cards("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH JK")),
        mistakes={13: "the 13 ranks, and one wild may still join (RUN-3)"},
        hint="The thirteen ranks, and one wild (RUN-3).",
        stronger="A to K is 13 cards; a joker can stand as the high ace (RUN-3)."),
    ActionExercise(
        id="second-set", rules=("SET-4", "TURN-2"), position=SECOND_SET,
        answer="layoff 0: 7C 7C 7D",
        goal=lambda g: (N_("some 7s are still in your hand: all three go on the table (SET-4)")
                        if any(c.r == 7 for c in g.hand(0)) else None),
        question="You are South, with your set of 7s on the table as meld 0. Put **all three** 7s of your "
                 "hand on the table in one move.",
        hint="A side has only one set of each rank (SET-4): add the cards to the set you have.",
        stronger="Lay off onto meld 0: `layoff 0: 7C 7C 7D` style (SET-4, TURN-2)."),
    ActionExercise(
        id="partner-layoff", rules=("TURN-2",), position=PARTNER,
        answer="layoff 1: 8C",
        goal=lambda g: N_("the 8C is still in your hand (TURN-2)") if "8C" in map(str, g.hand(0)) else None,
        question="You are South; North is your partner. Both meld 0 and meld 1 would take your 8♣. "
                 "Lay it off where you may.",
        hint="You lay off only onto your own side's melds (TURN-2). Which meld lies on your side of the "
             "table, North–South?",
        stronger="Meld 0 is on the opponents' side (East–West); meld 1 is on your side, North–South (TURN-2)."),
    ChoiceExercise(
        id="refused-whole", rules=("TURN-6",), position=REFUSED,
        question="You (South) try `meld 5H 6H 8H` and the engine refuses it. What is in your hand afterwards?",
        options={"a": "the same four cards as before", "b": "only 8H and KS", "c": "only KS"},
        correct=_hand_unchanged,
        why={"b": "a refused move changes nothing (TURN-6)", "c": "a refused move changes nothing (TURN-6)"},
        hint="A move that breaks a rule is refused whole (TURN-6).",
        stronger="Refused whole: the state stays exactly as it was (TURN-6)."),
    # ------------------------------------------------------------------ 04 Pinellas and jokers
    ChoiceExercise(
        id="one-wild", rules=("RUN-4",),
        question="Which of these is a legal meld?",
        options={"a": "2S 4H 5H 6H 2D", "b": "JK JK 7H", "c": "2C 4H 5H 6H"},
        correct=lambda: _first_valid({"a": "2S 4H 5H 6H 2D", "b": "JK JK 7H", "c": "2C 4H 5H 6H"}),
        why={"a": "2S and 2D would both be wild (RUN-4)", "b": "two jokers: two wilds (RUN-4, SET-2)"},
        hint="A meld holds at most one wild (RUN-4).",
        stronger="Count the wilds in each option: only one may have a single wild (RUN-4)."),
    ChoiceExercise(
        id="set-of-twos", rules=("SET-2",),
        question="Which of these is a legal set?",
        options={"a": "2C 2C 2D", "b": "JK 2C 7H 7D", "c": "7H 7D JK"},
        correct=lambda: _first_valid({"a": "2C 2C 2D", "b": "JK 2C 7H 7D", "c": "7H 7D JK"}),
        why={"a": "a 2 in a set is always wild, so a set of 2s does not exist (SET-2)",
             "b": "JK and 2C would both be wild (SET-2)"},
        hint="A set needs at least two naturals and at most one wild (SET-2).",
        stronger="In a set every 2 is wild (SET-2)."),
    MeldExercise(
        id="natural-two", rules=("RUN-5",), meld_kind="run", from_hand="AH 2H 3H 2C 9S", include="2H 2C",
        min_cards=4, answer="AH 2H 3H 2C",
        question="Your hand is `AH 2H 3H 2C 9S`. Write a run of four cards that uses **both** 2s.",
        hint="A 2 of the run's suit in the 2 position is natural, not wild (RUN-5).",
        stronger="2H is natural between AH and 3H; 2C is then the one wild (RUN-5, RUN-4)."),
    MeldExercise(
        id="engine-layout", rules=("RUN-6", "WILD-1"), layout_of="AC 2C KC QC",
        question="You hand over `AC 2C KC QC`. Write the layout the engine finds, with the wild's "
                 "stand-in, like `2C(=7C)`.",
        hint="The order you give does not matter (RUN-6); a run does not go round the corner from the king "
             "to the 2 (RUN-2).",
        stronger="With the queen and the king, the ace must be high, so the 2C is a wild: it stands for the "
                 "card just below the queen (RUN-6, WILD-1)."),
    MeldExercise(
        id="wild-high", rules=("WILD-1",), layout="5H 6H JK(=7H)",
        question="Lay down `5H 6H JK` with the joker at the **high** end. Write the layout with the "
                 "stand-in, like `JK(=4H)`.",
        hint="A free wild may stand at either end (WILD-1): write what it stands for.",
        stronger="Above the 6H comes the 7H (WILD-1)."),
    LayOffExercise(
        id="wild-moves", rules=("WILD-2",), onto="2S(=8S) 9S TS", from_hand="QS 3D",
        result="9S TS 2S(=JS) QS", answer="QS",
        question="Your side's meld is `2S(=8S) 9S TS`. Which card of your hand `QS 3D` can you lay "
                 "off, making the wild move into a gap?",
        hint="A free wild may move to the other end or into a gap when you lay off (WILD-2).",
        stronger="With the QS, the 2S moves up to stand for the JS (WILD-2)."),
    LayOffExercise(
        id="bound-wild", rules=("WILD-3",), onto="9H JK(=TH) JH", from_hand="TH KH 4C",
        result="9H TH JH JK(=QH) KH", answer="TH KH",
        question="Your side's meld is `9H JK(=TH) JH`. You hold `TH KH 4C`. Lay off so that the "
                 "KH joins the run.",
        hint="A bound wild moves only when the card it stands for is laid off (WILD-3).",
        stronger="Give the TH and the KH together: the joker moves to QH (WILD-3)."),
    ChoiceExercise(
        id="wild-stays", rules=("WILD-4",),
        question="Your side's meld is `5D 6D JK(=7D)`. You lay off the 7D. What happens to the joker?",
        options={"a": "it comes back into your hand", "b": "it takes another place in the same run",
                 "c": "you may move it to another meld"},
        correct=lambda: "b" if Meld.parse("5D 6D JK(=7D)").lay_off("7D").wild is not None else "a",
        why={"a": "a wild never leaves its meld (WILD-4)", "c": "a wild never leaves its meld (WILD-4)"},
        hint="A wild never leaves its meld (WILD-4).",
        stronger="It stays in the run, at an end: 4D or 8D (WILD-4)."),
    LayOffExercise(
        id="drop-in", rules=("WILD-5",), onto="2D(=3D) 4D 5D 6D", from_hand="3D 7D",
        result="2D 3D 4D 5D 6D", answer="3D",
        question="Your side's meld is `2D(=3D) 4D 5D 6D`, with the 2♦ wild. Lay off one card of your hand "
                 "`3D 7D` so that the 2♦ becomes natural.",
        hint="A 2 of the run's suit drops into the 2 position when that becomes its slot (WILD-5).",
        stronger="Supply the card the 2D stands for (WILD-5)."),
    # ------------------------------------------------------------------ 05 Burracos
    NumberExercise(
        id="seven-cards", rules=("BUR-1",),
        question="How many cards does a meld need, at least, to be a burraco?",
        expected=lambda: min(n for n in range(3, 14)
                             if Meld.from_cards(parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS")[:n]).is_burraco),
        hint="A burraco is a long meld (BUR-1).",
        stronger="Seven or more (BUR-1)."),
    MeldExercise(
        id="clean-burraco", rules=("BUR-1", "BUR-2"), burraco="clean", from_hand="3S 4S 5S 6S 7S 8S 9S JK KD",
        answer="3S 4S 5S 6S 7S 8S 9S",
        question="Your hand is `3S 4S 5S 6S 7S 8S 9S JK KD`. Write a **clean** burraco.",
        hint="Clean means no wild at all (BUR-2); a burraco has 7 cards or more (BUR-1).",
        stronger="Seven spades, no joker (BUR-2)."),
    MeldExercise(
        id="semi-clean", rules=("BUR-3",), burraco="semi-clean", from_hand="3S 4S 5S 6S 7S 8S 9S JK KD",
        answer="3S 4S 5S 6S 7S 8S 9S JK",
        question="Same hand, `3S 4S 5S 6S 7S 8S 9S JK KD`. Write a **semi-clean** burraco.",
        hint="Semi-clean: a run whose one wild is at an end with at least 7 naturals beside it (BUR-3).",
        stronger="All seven spades and the joker at an end (BUR-3)."),
    ChoiceExercise(
        id="dirty-kind", rules=("BUR-4",),
        question="What kind is `3H 4H 5H JK 7H 8H 9H TH`?",
        options=_BURRACO_KINDS, correct=lambda: _kind_letter("3H 4H 5H JK 7H 8H 9H TH"),
        why={"a": "it holds a wild (BUR-2)", "b": "the wild is inside the run, not at an end (BUR-3, BUR-4)",
             "d": "it has 8 cards (BUR-1)"},
        hint="Where is the wild: at an end or inside (BUR-3, BUR-4)?",
        stronger="A wild inside a run makes it dirty however long the run (BUR-4)."),
    NumberExercise(
        id="semi-set", rules=("BUR-3",),
        question="What bonus does the set `7H 7H 7D 7D 7S 7S 7C JK` earn?",
        expected=lambda: Meld.from_cards("7H 7H 7D 7D 7S 7S 7C JK").bonus,
        mistakes={100: "a set of exactly 8 cards with one wild is semi-clean (BUR-3)",
                  200: "it holds a wild, so it is not clean (BUR-2)"},
        hint="A set of exactly 8 cards, one of them wild, is semi-clean (BUR-3).",
        stronger="Semi-clean earns 150 (BUR-3)."),
    ChoiceExercise(
        id="nine-set", rules=("BUR-4",),
        question="What kind is the set `7H 7H 7D 7D 7S 7S 7C 7C JK`?",
        options=_BURRACO_KINDS, correct=lambda: _kind_letter("7H 7H 7D 7D 7S 7S 7C 7C JK"),
        why={"a": "it holds a wild (BUR-2)", "b": "only a set of exactly 8 with one wild is semi-clean (BUR-3)",
             "d": "it has 9 cards (BUR-1)"},
        hint="Semi-clean sets have exactly 8 cards (BUR-3).",
        stronger="A 9-card set with a wild is dirty (BUR-4)."),
    ChoiceExercise(
        id="review-loss", rules=("EQ-2", "BUR-1"),
        question="The review says of one of your turns: *(+35 points); the best was ... (+85 points): 50 points "
                 "lost*. What does it mean?",
        options={"a": "right after your draw, the cards in your hand could have laid down 50 more points than "
                      "you laid down",
                 "b": "your discard that turn gave the opponents 50 points",
                 "c": "your side's count for the hand is 50 points lower than the other side's"},
        correct="a",
        why={"b": "the review compares what you laid down with the solver's best from the same hand; it does "
                  "not look at the opponents' turns",
             "c": "the loss is about one turn's melds and lay-offs, not the count of the hand (SCORE-1)"},
        hint="The review puts what you laid down beside the most the solver finds from the same cards, "
             "counted in card points (EQ-2) and burraco bonuses (BUR-1).",
        stronger="Best (85) minus what you laid down (35): points (EQ-2) you left in your hand that turn."),
    ChoiceExercise(
        id="replay-seed", rules=("DEAL-5",),
        question="You press **◀ Back** three times in the replay. What happens to the hand you played?",
        options={"a": "nothing changes in your game",
                 "b": "your last three moves are taken back in your game",
                 "c": "the cards are dealt again with a new seed"},
        correct="a",
        why={"b": "the replay never changes the game it was given: it rebuilds a copy from the seed and the "
                  "moves, and shows an earlier position of the copy",
             "c": "the same seed always gives the same cards (DEAL-5): that is what lets the replay rebuild the hand"},
        hint="A deal is reproducible from its seed (DEAL-5): what does the replay need to show an earlier position?",
        stronger="The replay starts from the same seed (DEAL-5), replays the moves up to the one shown, and "
                 "leaves your game alone."),
    ChoiceExercise(
        id="best-layout", rules=("WILD-6", "WILD-1"),
        question="The cards `JK 4S 5S 6S 7S 8S 9S TS` can lie with the joker as the 3♠ (low end) or as "
                 "the J♠ (high end). You lay them down without naming an end. Where does the engine put "
                 "the joker?",
        options={"a": "as the 3♠, at the low end",
                 "b": "as the J♠, at the high end",
                 "c": "nowhere yet: it refuses the meld until you name an end"},
        correct=lambda: "a" if Meld.from_cards("JK 4S 5S 6S 7S 8S 9S TS").notation().startswith("JK") else "b",
        why={"b": "a wild counts its own points wherever it stands (SCORE-2), and both layouts are a "
                  "semi-clean burraco (BUR-3): they are worth the same, so the low end decides (WILD-6, WILD-1)",
             "c": "the engine picks a layout itself, the one worth most at the count, and the low end when two "
                  "are worth the same (WILD-6, WILD-1); you may still name the other end"},
        hint="First compare what each layout is worth at the count (WILD-6); only a tie is decided by the end.",
        stronger="The joker scores 30 as the 3♠ or as the J♠ (SCORE-2), and either way it is a semi-clean "
                 "burraco (BUR-3): a tie, so the low end (WILD-1)."),
    LayOffExercise(
        id="lower-it", rules=("BUR-5",), onto="4D 5D 6D 7D 8D 9D TD", from_hand="JK 3D",
        burraco="semi-clean", answer="JK",
        question="Your side's clean burraco is `4D 5D 6D 7D 8D 9D TD`. Lay off one card of `JK 3D` that "
                 "makes it **semi-clean**.",
        hint="The kind is read from the meld as it lies (BUR-5): a wild lowers it.",
        stronger="The joker goes to an end with 7 naturals beside it (BUR-3, BUR-5)."),
    LayOffExercise(
        id="raise-it", rules=("BUR-5", "WILD-5"), onto="2D(=3D) 4D 5D 6D 7D 8D 9D", from_hand="3D TD",
        burraco="clean", answer="3D",
        question="Your side's dirty burraco is `2D(=3D) 4D 5D 6D 7D 8D 9D`. Lay off one card of `3D TD` "
                 "that makes it **clean**.",
        hint="A 2 of the run's suit that drops into its natural slot is no longer wild (WILD-5, BUR-5).",
        stronger="Give the card the 2D stands for: the 2D drops into the 2 position (WILD-5)."),
    # ------------------------------------------------------------------ 06 The pot and closing
    ActionExercise(
        id="on-the-fly", rules=("POT-1", "POT-2"), position=FLY, answer="meld 4C 5C 6C",
        goal=lambda g: None if g.took_pot[0] and not g.is_over else N_("South has not taken the pot (POT-2)"),
        question="You are South and have drawn. Empty your hand by melding, and take the pot on the fly.",
        hint="A hand emptied by melding takes the pot at once (POT-2).",
        stronger="Lay down all three clubs as one meld (POT-1, POT-2)."),
    ActionExercise(
        id="with-discard", rules=("POT-3",), position=LAST_JOKER, answer="discard JK",
        goal=lambda g: _pot_with_discard(g),
        question="You are South and hold only a joker. End your turn so that you take the pot.",
        hint="A hand emptied by the discard takes the pot (POT-3); any card may be discarded then.",
        stronger="Discard the joker: with the pot still to take, a wild is allowed (POT-3)."),
    ActionExercise(
        id="close-now", rules=("CLOSE-1", "CLOSE-2"), position=CLOSE, answer="layoff 1: 2C; discard KD",
        goal=lambda g: None if g.is_over and g.result().closed_by == 0 else N_("the hand is not closed yet (CLOSE-1)"),
        question="You are South; your side has its pot and a burraco. You hold `2C KD`. Close the hand "
                 "(several moves: separate them with `;`).",
        hint="The closing discard may not be a wild (CLOSE-2): get rid of the 2C first.",
        stronger="Lay the 2C off onto North's spades (meld 1), then discard the KD (CLOSE-1, CLOSE-2)."),
    ChoiceExercise(
        id="keep-one", rules=("CLOSE-3",), position=KEEP_ONE,
        question="You are South; your side has its pot and a burraco. May you meld `7D 8D 9D`, your whole hand?",
        options={"a": "yes, and that closes the hand", "b": "no: a card must be kept to discard",
                 "c": "yes, and South takes another pot"},
        correct=lambda: "a" if Game.from_position(KEEP_ONE).can_meld("7D 8D 9D") else "b",
        why={"a": "a hand closes only by a discard (CLOSE-1, CLOSE-3)", "c": "each side takes one pot (POT-1)"},
        hint="Once the side has its pot, one card must be kept for the discard (CLOSE-3).",
        stronger="Closing is by discarding the last card, never by melding it (CLOSE-3)."),
    ChoiceExercise(
        id="no-burraco", rules=("CLOSE-4", "TURN-5"), position=NO_BURRACO,
        question="You are South; your side has its pot but no burraco. May you meld `4D 5D 6D`, keeping `KS`?",
        options={"a": "yes, then discard KS and close", "b": "no, the turn could not end", "c": "yes, and play on with no cards"},
        correct=lambda: "a" if Game.from_position(NO_BURRACO).can_meld("4D 5D 6D") else "b",
        why={"a": "closing needs a burraco (CLOSE-1, CLOSE-4)", "c": "a turn never ends with an empty hand "
             "except by closing or taking the pot (TURN-5)"},
        hint="Without a burraco you cannot close, so you must keep a card after the discard (CLOSE-4).",
        stronger="With one card left and no burraco, the discard would empty the hand: not allowed (CLOSE-4, TURN-5)."),
    CardsExercise(
        id="single-pile", rules=("TURN-4",), position=SINGLE,
        fits=lambda g, c: g.can_discard(c),
        question="You are South. You took a discard pile of one card, the 9♣, and held no other 9♣. Which "
                 "cards of your hand may you discard? Name them all.",
        hint="A one-card pile may not be thrown straight back (TURN-4).",
        stronger="Every card but the 9C (TURN-4)."),
    ChoiceExercise(
        id="stock-end", rules=("STOCK-1",), position=_NEAR_STOCK_END,
        question=f"The stock holds 3 cards (the table below). {_NEAR_MOVER} is to draw: {_NEAR_MOVER} draws, then "
                 "discards without closing. What happens?",
        options={"a": f"{_NEAR_NEXT} plays next, as usual", "b": "the hand ends, with no closing bonus",
                 "c": f"the hand ends and {_NEAR_MOVER} gets the closing bonus"},
        correct=_stock_end_letter,
        why={"a": "the last two cards of the stock are never drawn (STOCK-1)",
             "c": "there is no closing bonus when the stock ends the hand (STOCK-1)"},
        hint="The last two cards of the stock are never drawn (STOCK-1).",
        stronger="The draw that leaves two cards starts the last turn (STOCK-1)."),
    ChoiceExercise(
        id="soloist", rules=("P3-1",), position=SOLO,
        question="Three players. West melds `5S 6S 7S`, their whole hand, and takes the 18-card pot. Who "
                 "plays together from now on?",
        options={"a": "South and East", "b": "South and West", "c": "West and East"},
        correct=_sides_after_solo,
        why={"b": "the one who takes the 18-card pot plays alone (P3-1)",
             "c": "the one who takes the 18-card pot plays alone (P3-1)"},
        hint="The first to empty their hand takes the big pot and plays alone (P3-1).",
        stronger="West is now alone; the other two are partners (P3-1)."),
    # ------------------------------------------------------------------ 07 Scoring
    NumberExercise(
        id="meld-points", rules=("EQ-2", "SCORE-2"),
        question="How many points are the cards of the meld `AS 2S 3S 4S 5S` worth (rule set `fibur`)?",
        expected=lambda: Meld.from_cards("AS 2S 3S 4S 5S").points,
        mistakes={35: "under fibur a natural 2 still counts 20 and the ace 15 (EQ-2)"},
        hint="Ace 15, a 2 20, 3 to 7 5 each (EQ-2).",
        stronger="15 + 20 + 5 + 5 + 5 (EQ-2, SCORE-2)."),
    NumberExercise(
        id="joker-points", rules=("SCORE-2",),
        question="How many points are the cards of the meld `5H JK(=6H) 7H` worth?",
        expected=lambda: Meld.parse("5H JK(=6H) 7H").points,
        mistakes={15: "the joker counts 30 whatever it stands for (SCORE-2)"},
        hint="Points are those of the physical card, not of the card it stands for (SCORE-2).",
        stronger="5 + 30 + 5 (SCORE-2)."),
    NumberExercise(
        id="ns-count", rules=("SCORE-1", "SCORE-4", "CLOSE-5"),
        question="North-South closed and took their pot. Their melds: `3H 4H 5H 6H 7H 8H 9H TH`, "
                 "`KC KD KS JK`, `AS 2S 3S 4S 5S`; South still holds `QD 4C`. What is their score?",
        expected=_ns, mistakes={350: "closing earns 100 (CLOSE-5)", 250: "the clean burraco earns 200 (BUR-2)",
                                465: "the cards left in hand count against you (SCORE-1)"},
        hint="Melded points + burraco bonuses + 100 for closing − cards in hand (SCORE-1, CLOSE-5).",
        stronger="55 + 60 + 50 + 200 + 100 − 15 (SCORE-1, SCORE-4)."),
    NumberExercise(
        id="ew-count", rules=("SCORE-1",),
        question="East-West did not take their pot. Their melds: `8D 9D TD JD QD KD 2C` and `5C 5D 5H`; "
                 "East holds `JK 7S 7S`, West `AC 2D 9H`. What is their score?",
        expected=_ew, mistakes={110: "without the pot a side loses 100 when the other took theirs (SCORE-1)"},
        hint="Don't forget the hands of both partners, and the pot penalty (SCORE-1).",
        stronger="80 + 15 + 100 (dirty) − 40 − 45 − 100 (SCORE-1)."),
    NumberExercise(
        id="hole", rules=("SCORE-3", "SCORE-1"),
        question="A side melded only `5C 5D 5H`, still holds `JK 2D AC`, and never took its pot (the other "
                 "side did). What is its score?",
        expected=_hole, mistakes={150: "a score can be negative (SCORE-3)",
                                  -50: "the pot penalty: −100 (SCORE-1)"},
        hint="A hand's score can be negative (SCORE-3).",
        stronger="15 − 65 − 100 (SCORE-1, SCORE-3)."),
    NumberExercise(
        id="victory", rules=("GAME-2",),
        question="A tournament match ends 2620 to 2000. How many victory points does the winner get?",
        expected=lambda: victory_points(2620 - 2000)[0],
        hint="Look the difference up in the table (GAME-2).",
        stronger="620 is in the band 505–700 (GAME-2)."),
    ChoiceExercise(
        id="match-end", rules=("GAME-1",),
        question="After a hand the totals are North-South 2010, East-West 1990 (rule set `fibur`). What next?",
        options={"a": "the match is over: North-South win", "b": "one more hand, since it is close",
                 "c": "the match is over: a tie"},
        correct=lambda: "a" if max(2010, 1990) >= get_rules("fibur").target else "b",
        why={"b": "the match ends after the hand in which a side reaches the target (GAME-1)",
             "c": "only an exact tie plays another hand (GAME-1)"},
        hint="The target under fibur is 2005 (GAME-1).",
        stronger="A side reached 2005: the higher total wins (GAME-1)."),
    NumberExercise(
        id="three-credit", rules=("P3-2",), position=THREE_END, reveal=True,
        question="Three players: West plays alone, South and East together. South closes by discarding the "
                 "KD. How many points is **East** credited for this hand? (The half of an odd side score is "
                 "rounded up, toward the higher number: 335 gives 168, −95 gives −47.)",
        expected=_three_end,
        mistakes={_three_side(): "that is the pair's whole side score; each partner is credited half of it (P3-2)",
                  _three_end() - 1: "halve, then round up toward the higher number: 335 gives 168 (P3-2)"},
        hint="The pair's side score is halved, and each partner gets that half, rounded up toward the higher "
             "number (P3-2).",
        stronger="Count South-East's side (melds, bonus, closing, East's cards), then halve it and round up: "
                 "335 gives 168, −95 gives −47 (P3-2).",
        why=_three_end_why()),
    # ------------------------------------------------------------------ 08 Play a hand
    MeldExercise(
        id="pick-a-run", rules=("RUN-1", "RUN-2"), meld_kind="run", ace="high",
        from_hand=PLAY_HAND, answer="QH KH AH",
        solution_code='table.select("QH", "KH", "AH")  # or click the three cards on the table\nanswer = table',
        blank_hint="click the cards on the table, then write: answer = table",
        todo="Click the cards on the table above, then replace the ... after answer = with table and run the cell.",
        question="On the table above, **select** (click) three cards of your hand that form a run with the "
                 "ace high, then give the table as the answer: `answer = table`.",
        hint="A run is one suit, consecutive; the ace is high after the king (RUN-1, RUN-2).",
        stronger="Your hearts: the queen, the king and the ace (RUN-2)."),
    ChoiceExercise(
        id="play-can-close", rules=("CLOSE-1", "POT-1"), position=PLAY_LATER,
        question="Later in the hand of this notebook: you have drawn, melded a run and a set, and hold four cards "
                 "(the table below). Can you close this turn?",
        options={"a": "yes: discard the last card after melding the rest",
                 "b": "no: your side has not taken its pot yet",
                 "c": "no: your side has no burraco yet, though it took its pot",
                 "d": "no: the last card would be a wild"},
        correct=lambda: _close_letter(PLAY_LATER),
        why={"a": "closing needs the pot first (CLOSE-1)",
             "c": "look at the pots: yours is still on the table (POT-1)",
             "d": "you hold no wild; something else is missing (CLOSE-1)"},
        hint="CLOSE-1 names three things a close needs; check each against the table.",
        stronger="Your hand has not run out yet, so your side has not taken its pot (POT-1, CLOSE-1)."),
    # ------------------------------------------------------------------ 08b Playing well
    ChoiceExercise(
        id="take-the-pile", rules=("TURN-1", "TURN-2"), position=TAKE_PILE,
        question="You are South, two players, and it is your turn to draw. The discard pile holds `7C 9H`. "
                 "Draw from the stock, or take the pile?",
        options={"a": "take the pile: the 7♣ makes a set with my 7♠ 7♥, the 9♥ a run with my 10♥ J♥",
                 "b": "draw from the stock: taking the pile only gives the opponent ideas"},
        correct=_strong_takes_pile,
        why={"b": "two cards that make two melds at once are points on the table this turn; with two players "
                  "the strong computer player takes such a pile every time (TURN-1, TURN-2)"},
        hint="Look at what each card of the pile makes with your hand right now (TURN-1, TURN-2).",
        stronger="7♣ with 7♠ 7♥ is a set; 9♥ with 10♥ J♥ is a run: the pile puts two melds down this turn (TURN-2)."),
    ChoiceExercise(
        id="keep-it-clean", rules=("BUR-2", "BUR-3", "BUR-5"), position=CLEAN_RUN,
        question="You are South. Your side's run `5D 6D 7D 8D 9D TD` is clean and one card short of a burraco. "
                 "You hold `2C JD KS 4S`. What do you lay off onto it?",
        options={"a": "the 2♣ alone: +20 points now",
                 "b": "the J♦ alone: seven natural cards, a clean burraco worth 200",
                 "c": "the J♦ and the 2♣: eight cards, even more points"},
        correct=_clean_letter,
        why={"a": "a wild in the run now means the burraco will never be clean: 200 becomes 150 or 100 (BUR-3, BUR-4)",
             "c": "the 2♣ turns the clean burraco semi-clean: 150 + 20 is less than 200 (BUR-3, BUR-5)"},
        hint="Compare the burraco bonuses: clean 200, semi-clean 150, dirty 100 (BUR-2, BUR-3).",
        stronger="The kind is read at the count (BUR-5): keep the wild out of a run that can be clean (BUR-2)."),
    NumberExercise(
        id="plan-count", rules=("EQ-1", "SET-2", "BUR-1"), position=PLAN_COUNT,
        question="You are South. Your side has the set `7S 7D 7C` and the run `9H TH JH`; North has the sevens "
                 "`7H 7H 7C`. How many natural 7s can still come to your set (from the stock or from North's "
                 "hand)?",
        expected=lambda: _naturals_left(PLAN_COUNT, 7),
        mistakes={8: "eight is how many natural 7s the two packs hold (EQ-1); count the ones already on the table",
                  5: "North's three sevens count too: a card on a meld stays on the table until the hand ends",
                  6: "six is how many are on the table; the question asks how many are left of the eight (EQ-1)",
                  0: "not every 7 is on the table: count them, yours and North's, and take them from eight "
                     "(EQ-1)"},
        why="Eight natural 7s in the two packs (EQ-1), six on the table: two can still come. Your set can reach five "
            "natural cards, six with a wild (SET-2): never seven, never a burraco (BUR-1). Your hearts run, which "
            "the 8♥ of your hand extends, is the meld to build.",
        hint="The two packs hold eight natural cards of each rank (EQ-1); count the 7s you can see.",
        stronger="Three 7s are in your set and three in North's (EQ-1); none is in the pile or in your hand."),
    CardsExercise(
        id="safe-discard", rules=("TURN-2", "TURN-3"), position=SAFE, mode="one", fits=_safe_for,
        explain=_unsafe_why,
        question="You are South and must end your turn with a discard. North has the run `5H 6H 7H` and the set "
                 "`QC QD QS` on the table. Name **one** card of your hand that North cannot lay off.",
        hint="North may lay off any card that extends their run at an end or joins their set (TURN-2).",
        stronger="4♥ and 8♥ extend North's run, Q♥ joins the queens: any other card is safe (TURN-2, RUN-1, SET-1)."),
    ChoiceExercise(
        id="go-for-the-pot", rules=("POT-1", "POT-3", "SCORE-1"), position=TO_POT,
        question="You are South and have drawn; your side has no pot yet. You hold `9H TH JH KS`. What is the "
                 "best plan for this turn?",
        options={"a": "meld 9♥ 10♥ J♥ and discard the K♠: the hand empties and you take the pot",
                 "b": "keep the run in hand, so the opponent does not see it, and discard the K♠"},
        correct=_pot_letter,
        why={"b": "cards kept in hand count against you at the end (SCORE-1), and the pot — 11 new cards — "
                  "waits until your hand empties (POT-1, POT-3)"},
        hint="Your side's pot is 11 more cards to play, and a side without its pot loses 100 at the count (POT-1, "
             "SCORE-1).",
        stronger="Melding the run and discarding the K♠ empties your hand: you take the pot with the discard "
                 "(POT-3)."),
    ChoiceExercise(
        id="pile-trap", rules=("TURN-1", "CLOSE-1", "SCORE-1"), position=PILE_TRAP,
        question="You are South, four players. West-East have taken their pot and have a clean burraco: they may "
                 "close at any turn. The pile holds seven cards, none of which makes a meld with your hand now. "
                 "Take the pile, or draw from the stock?",
        options={"a": "take the pile: seven cards mean more melds later",
                 "b": "draw from the stock: the seven cards could count against me"},
        correct=_strong_takes_trap,
        why={"a": "nothing of the pile goes down this turn, and the opponents can close at any moment: every card "
                  "still in your hand then counts against you (CLOSE-1, SCORE-1)"},
        hint="Count what the pile lets you lay down this turn, and think of who may close (CLOSE-1, SCORE-1).",
        stronger="The pile makes no meld now and West-East can close: the strong player draws from the stock "
                 "(TURN-1, SCORE-1)."),
    ChoiceExercise(
        id="after-the-pot", rules=("CLOSE-1", "CLOSE-3", "CLOSE-4"), position=LAST_TWO,
        question="You are South, two players. Your side has taken its pot but has no burraco yet. You held only "
                 "the 4♣ and have just drawn the 10♠; your run `5S 6S 7S 8S 9S` takes it. What can you do this "
                 "turn?",
        options={"a": "lay off the 10♠ onto the spades, then discard the 4♣",
                 "b": "lay nothing down: discard one of the two cards and keep the other"},
        correct=_last_two_letter,
        why={"a": "the run would have six cards, not a burraco, and the discard would empty your hand: without a "
                  "burraco you cannot close, so you must keep a card (CLOSE-1, CLOSE-4)"},
        hint="Count the cards you would still hold after your discard, and ask whether your side could close "
             "(CLOSE-1, CLOSE-4).",
        stronger="With two cards and no burraco nothing can go down: a lay-off leaves one card, and discarding it "
                 "would empty your hand (CLOSE-3, CLOSE-4). That is why you keep more cards after the pot."),
    NumberExercise(
        id="memory-drill", rules=("TURN-1", "TURN-2"),
        setup="from buraco_learn.exercises.turns import memory_drill\nmemory_drill()",
        question="The table below is the moment North draws; under it, North's whole turn. Read them once, then "
                 "collapse the output (click the blue bar at its left) and answer from memory: how many of the "
                 "cards North took with the pile is North **sure** to hold still?",
        expected=_drill_held,
        mistakes={7: "North did not keep the whole pile: some of its cards went down in melds, one was discarded "
                     "(TURN-2, TURN-3)",
                  0: "North laid down and discarded only some of the pile's cards; the others are in his hand "
                     "(TURN-1)"},
        hint="Start from the pile's cards, then cross out each one North laid down or discarded (TURN-1, TURN-2).",
        stronger="The pile's seven cards, minus the four North laid down and the one he discarded (TURN-1, TURN-2)."),
    ChoiceExercise(
        id="partner-signal", rules=("TURN-3",),
        question="Your partner and you agreed, before the match, on the *principio della prossimità*. Which of "
                 "these ways of telling your partner something is lawful?",
        options={"a": "discarding a spade, which by the agreed convention asks your partner for hearts",
                 "b": "putting your discard down turned sideways, so your partner knows you want that suit",
                 "c": "saying \"I could do with a heart\" as you discard"},
        correct="a",
        why={"b": "a sign made by how a card is placed is not lawful: only the card you discard may speak",
             "c": "nothing may be said about your hand: the discard is the only lawful message"},
        hint="Only one thing may carry a message between partners: the card itself (TURN-3).",
        stronger="An agreed convention read from the discarded card is lawful; words and the way a card is put "
                 "down are not (TURN-3)."),
    ChoiceExercise(
        id="close-or-build", rules=("CLOSE-1", "CLOSE-3", "CLOSE-5"), position=CLOSE_NOW,
        question="You are South and have drawn. Your side has its pot and a clean burraco; so do West-East, who "
                 "may close at their next turn. You hold `8C KD`. What do you do?",
        options={"a": "lay off the 8♣ onto your clubs and discard the K♦: you close, +100",
                 "b": "lay off nothing, discard the K♦ and keep the 8♣, to build a second burraco first"},
        correct=_close_now_letter,
        why={"b": "West-East can close at their turn: then the card you kept counts against you and the 100 for "
                  "closing is theirs (CLOSE-1, CLOSE-5)"},
        hint="Can you close now (CLOSE-1)? Who may close if you do not?",
        stronger="The 8♣ goes onto 5♣ 6♣ 7♣ and the K♦ is your closing discard (CLOSE-1, CLOSE-3): +100 (CLOSE-5)."),
    ChoiceExercise(
        id="defend", rules=("TURN-2", "CLOSE-1"), position=DEFEND,
        question="You are South and must discard. West plays next and holds **one** card; West-East have their "
                 "pot and a burraco, so West may close. Which card do you discard?",
        options={"a": "the 8♥", "b": "the K♣"},
        correct=_defend_letter,
        why={"a": "East's run 5♥ 6♥ 7♥ takes the 8♥: West takes the pile, lays it off and can close with his "
                  "last card (TURN-2, CLOSE-1)"},
        hint="Look at the opponents' melds: which card would they lay off (TURN-2)?",
        stronger="8♥ extends West-East's 5♥ 6♥ 7♥ (TURN-2); nothing of theirs takes the K♣."),
    # ------------------------------------------------------------------ 09 Puzzles
    _puzzle("puzzle-easy-most", "easy-most-1-42", widget="easy"),
    _puzzle("puzzle-easy-safe", "easy-safe-2-9"),
    _puzzle("puzzle-easy-score", "easy-score-4-84"),
    _puzzle("puzzle-medium-close", "medium-close-300-141", widget="medium"),
    _puzzle("puzzle-medium-most", "medium-most-2-1"),
    _puzzle("puzzle-medium-safe", "medium-safe-3-21"),
    _puzzle("puzzle-hard-safe", "hard-safe-1-63", widget="hard"),
    _puzzle("puzzle-hard-most", "hard-most-2-78"),
    _puzzle("puzzle-hard-score", "hard-score-5-37"),
    # ------------------------------------------------------------------ 10 Variants
    NumberExercise(
        id="classic-bonus", rules=("BUR-3",),
        question="Under `classic-fr`, what bonus does `3H 4H 5H 6H 7H 8H 9H JK` earn?",
        expected=lambda: Meld.from_cards("3H 4H 5H 6H 7H 8H 9H JK", rules="classic-fr").bonus,
        mistakes={150: "classic-fr has no semi-clean burraco (BUR-3, section 12)"},
        hint="classic-fr knows only clean (200) and other (100) burracos (BUR-3).",
        stronger="No semi-clean in classic-fr: it is dirty (BUR-3, BUR-4)."),
    NumberExercise(
        id="wiki-points", rules=("EQ-2",),
        question="Under `wikipedia-fr`, how many points is the meld `AH 2H 3H` worth?",
        expected=lambda: Meld.from_cards("AH 2H 3H", rules="wikipedia-fr").points,
        mistakes={40: "wikipedia-fr counts a natural 2 and a low ace 5 each in a meld (EQ-2)"},
        hint="wikipedia-fr changes two card values in melds (EQ-2).",
        stronger="A low ace and a natural 2 are 5 each there (EQ-2)."),
    NumberExercise(
        id="fixed-hands", rules=("GAME-3",),
        question="A `classic-fr` match of 4 hands for three players (seats 0, 1 and 2). Their credits per "
                 "hand are `(120, 40, 40)`, `(-30, 150, 150)`, `(210, -15, -15)` and `(60, 95, 95)`. "
                 "What is the **winning** player's total after the fourth hand?",
        expected=lambda: _fixed_hands_winner_total(),
        hint="Add each player's four credits; after the agreed number of hands the highest total wins (GAME-3).",
        stronger="Seat 0: 120 − 30 + 210 + 60; seats 1 and 2: 40 + 150 − 15 + 95. The higher one wins (GAME-3)."),
    ChoiceExercise(
        id="five-partner", rules=("P5-2",),
        question="Five players sit in turn order South, West, North-West, North-East, East. West is the first to "
                 "empty his hand and takes the 18-card pot. Who plays with South for the rest of the hand?",
        options=_FIVE_PARTNER,
        correct=lambda: next(k for k, v in _FIVE_PARTNER.items() if v == _five_partner("West", "South")),
        why={"a": "North-West is the first after West: he plays with the third after West, East (P5-2)",
             "c": "East sits next to South, and partners never sit side by side (P5-2)"},
        hint="Count in turn order from the lone player: the 1st plays with the 3rd, the 2nd with the 4th (P5-2).",
        stronger="After West come North-West (1st), North-East (2nd), East (3rd), South (4th): the 2nd and the 4th "
                 "are a pair (P5-2)."),
    ChoiceExercise(
        id="five-pairs", rules=("P5-2",),
        question="Same table, another hand: this time North-East takes the 18-card pot. Which are the two pairs?",
        options=_FIVE_PAIRS,
        correct=lambda: _five_pairs_letter("North-East", _FIVE_PAIRS),
        why={"b": "East and South sit side by side, and partners never do (P5-2)",
             "c": "South and West sit side by side, and partners never do (P5-2)"},
        hint="Start counting at the seat after North-East: the 1st with the 3rd, the 2nd with the 4th (P5-2).",
        stronger="After North-East come East (1st), South (2nd), West (3rd), North-West (4th) (P5-2)."),
    ChoiceExercise(
        id="five-setup", rules=("P5-1", "P5-4", "P5-5"),
        question="Which of these is the five-player game?",
        options={"a": "three packs, 11 cards each, a stock of 66 after the deal, a match to 2005",
                 "b": "two packs, 11 cards each, a stock of 41 after the deal, a match to 2005",
                 "c": "three packs, and any preset may be played, `ramiroyal` too"},
        correct="a",
        why={"b": "two packs cannot deal five hands and three pots: the game takes three packs, 162 cards (P5-1)",
             "c": "`ramiroyal` stays a two-player game (P5-5)"},
        hint="Count the cards: 162, less five hands of 11, three pots (18 + 11 + 11) and the up-card (P5-1).",
        stronger="162 - 55 - 40 - 1 = 66 in the stock (P5-1); the match goes to 2005 (P5-4); every preset "
                 "but `ramiroyal` (P5-5)."),
    NumberExercise(
        id="five-count", rules=("P5-3", "SCORE-1"),
        question="Five players; West took the 18-card pot, so North-West and East are a pair, and they took "
                 "their 11-card pot. The stock runs out. Their melds: `5H 6H 7H 8H 9H TH JH` (a clean burraco) "
                 "and `KC KD KS`; North-West still holds `QS 4D`, East holds `7C`. What is North-West credited "
                 "for the hand?",
        expected=_five_count,
        mistakes={265: "that is the pair's whole score; each partner is credited half of it (P5-3)",
                  132: "half of an odd score is rounded up, toward the higher number (P5-3)",
                  143: "the cards left in both partners' hands count against the pair (SCORE-1)",
                  135: "East's 7C counts against the pair too: partners are counted as one side (SCORE-1)"},
        hint="Count the pair as one side (SCORE-1): melded cards, the burraco's bonus, minus the cards both "
             "partners still hold. Then halve it, rounding up (P5-3).",
        stronger="Melds 55 + 30 = 85, clean burraco 200, cards in hand −15 − 5: the pair scores 265; half of it, "
                 "rounded up (P5-3)."),
    ChoiceExercise(
        id="six-players", rules=("GAME-4", "DEAL-1"),
        question="Six friends want to play one game of Buraco with the engine: `Game.new(6)`. What happens?",
        options={"a": "the engine refuses to deal",
                 "b": "it deals 11 cards each from four packs",
                 "c": "it plays as five, one player sitting out"},
        correct=lambda: _six_players_letter(),
        why={"b": "no source gives a six-player game: the engine refuses it (GAME-4)",
             "c": "the engine never leaves players out: it refuses six (GAME-4)"},
        hint="Which player counts does the engine play? Two to five (GAME-4).",
        stronger="Try it: `Game.new(6)` raises a RulesError whose sentence names DEAL-1: the engine plays 2 to 5 "
                 "players (GAME-4)."),
    NumberExercise(
        id="ramiroyal-deck", rules=("EQ-1",),
        question="How many cards are in the `ramiroyal` deck?",
        expected=lambda: get_rules("ramiroyal").deck_size(),
        mistakes={108: "ramiroyal plays with 2 jokers (EQ-1)"},
        hint="ramiroyal changes the number of jokers (EQ-1).",
        stronger="104 + 2 jokers (EQ-1)."),
]

#: Every exercise of the course, by id.
EXERCISES: dict[str, Exercise] = {}
for _ex in _LIST:
    if _ex.id in EXERCISES:  # pragma: no cover - caught by the tests
        raise ValueError(f"two exercises with id {_ex.id!r}")
    EXERCISES[_ex.id] = _ex


def by_rule() -> dict[str, list[str]]:
    """The exercise ids that exercise each rule ID.

    >>> "ace-high" in by_rule()["RUN-2"]
    True
    """
    out: dict[str, list[str]] = {}
    for ex in EXERCISES.values():
        for rule in ex.rules:
            out.setdefault(rule, []).append(ex.id)
    return out
