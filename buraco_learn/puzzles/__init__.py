"""Puzzles with verified answers: a position, a question, and the answer the solver proves.

Five kinds of question, each on a position in the engine's notation (:meth:`Game.from_position`),
always asked of the seat to move:

- ``most``: lay down the most points this turn (answer: the points; a learner may also answer
  with actions, which the engine replays);
- ``close``: can you close this turn, and how (answer: ``no``, or the actions ending in the
  closing discard);
- ``safe``: which discard is safe, that is no opponent meld takes it (answer: the safe cards);
- ``score``: the count of a finished hand for the side of the seat to move (answer: the total);
- ``pile``: at the start of a turn, take the pile or draw from the stock (answer: ``pile`` when the
  pile lays down more points this turn than any stock card could, ``stock`` when it lays down no
  more than the worst one: certain by count, never a guess).

The fixed set (the same for a whole class) lives in ``puzzles.txt`` beside this module, a readable text file made by
``python -m buraco_learn.puzzles.generate``; the tests re-verify every answer with the solver.

>>> puzzles = load_puzzles()
>>> len(puzzles) >= 30, sorted({p.level for p in puzzles})
(True, ['easy', 'hard', 'medium'])
>>> p = next(p for p in puzzles if p.kind == "most")
>>> p.check(p.answer).correct
True
>>> print(p.check(-5).message)
-5 points is not the most you can lay down this turn: it is more than that.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence

from dataclasses import dataclass
from importlib import resources

from ..actions import Discard, parse_action
from ..cards import Card, excerpt, format_cards, parse_cards
from ..errors import BuracoError, IllegalMove, NotationError
from ..game import Game
from ..melds import Meld
from ..i18n import N_, tr, trc, trn
from ..scoring import LINE_LABELS
from ..solver import find_close, meld_value, solve

__all__ = ["Puzzle", "Verdict", "load_puzzles", "parse_puzzles", "KINDS", "LEVELS", "LEVEL_WORDS", "right_prefix", "HINTS", "FORMS", "solve_puzzle",
           "pile_counts", "FIXED_KINDS", "THEME_QUESTIONS", "THEME_HINTS", "pile_meld", "close_or_build", "KIND_WORDS"]

#: The question kinds and how each is asked.
KINDS: dict[str, str] = {
    "most": N_("Lay down the most points you can this turn. How many points, and how?"),
    "close": N_("Can you close this turn? If so, how?"),
    "safe": N_("Which of your cards can you discard safely (no opponent meld takes it)?"),
    "score": N_("The hand is over. What does your side score?"),
    "pile": N_("Take the discard pile or draw from the stock? Take the pile only if it lays down more points "
               "this turn than any card of the stock could."),
    "build": N_("Your side can close this turn. Close now, or build on? (A judgement: say what a strong player "
                "would do, and why.)"),
}
#: A question asked in words of its own by a theme (the kind's otherwise).
THEME_QUESTIONS: dict[str, str] = {
    "pile-size": N_("Which of your cards can you discard safely? Safe here: no opponent meld takes it (TURN-2), and "
                    "it makes no meld with two cards of the pile, which the next player takes whole with your discard "
                    "on top (TURN-1)."),
}
#: The kinds of the fixed set (``puzzles.txt``); a pile-or-stock question is only generated.
FIXED_KINDS = ("most", "close", "safe", "score")
#: How each level is named where it is shown (``"easy"`` stays the key).
#: What each kind of question is called in a list of puzzles (the kind itself is an id: ``most``).
KIND_WORDS: dict[str, str] = {"most": N_("most points"), "close": N_("close this turn"), "safe": N_("safe discard"),
                              "score": N_("score the hand"), "pile": N_("pile or stock"), "build": N_("close or build")}
LEVEL_WORDS: dict[str, str] = {"easy": N_("Easy puzzle"), "medium": N_("Medium puzzle"), "hard": N_("Hard puzzle")}
LEVELS = ("easy", "medium", "hard")

#: For each kind: a first hint (the rule) and a stronger one; the third wrong try gets :meth:`Puzzle.worked`.
HINTS: dict[str, tuple[str, str]] = {
    "most": (N_("Count each card's points (EQ-2); a card laid off onto your side's melds counts as much as a card "
                "in a new meld (TURN-2)."),
             N_("Try every meld your hand makes and every card your side's melds can take, and keep the combination "
                "worth the most; seven cards in a meld also earn a burraco bonus (BUR-1, EQ-2).")),
    "close": (N_("To close, your side needs its pot taken and a burraco, and your turn must end by discarding your "
                 "last card (CLOSE-1)."),
              N_("Meld or lay off every card but one, and keep as the last card one that is not a wild "
                 "(CLOSE-1, CLOSE-2).")),
    "safe": (N_("A discard is safe when no opponent meld can take it (TURN-2)."),
             N_("For each card ask: does it extend an opponent run at one end, or match the rank of an opponent set "
                "(RUN-1, SET-1)?")),
    "score": (N_("Add the points of the side's melded cards and its burraco bonuses, then take off the cards left "
                 "in its players' hands (SCORE-1)."),
              N_("Melded card points, plus each burraco's bonus (BUR-2, BUR-3, BUR-4), plus 100 for closing "
                 "(CLOSE-5), minus the cards left in hand, minus 100 if the side never took its pot (SCORE-1).")),
    "pile": (N_("Count what you could lay down this turn with the pile's cards, and with one unknown card of the "
                "stock (TURN-1, TURN-2)."),
             N_("The stock's card can be any card you do not see: the pile is worth taking by count only when it "
                "lays down more than the best of them; when it lays down no more than the worst, its cards only "
                "weigh in your hand (SCORE-1).")),
    "build": (N_("Ask who can close next: an opponent side with its pot and a burraco may close at its next turn "
                 "(CLOSE-1), and then the 100 for closing is theirs (CLOSE-5)."),
              N_("Count the table: your side's melds and bonuses, plus 100 for closing, against the opponents' melds "
                 "and bonuses (less 100 if they have no pot yet). Ahead, close; behind, build on while they cannot "
                 "close.")),
}
#: The hints of a theme whose question is its own (:data:`THEME_QUESTIONS`).
THEME_HINTS: dict[str, tuple[str, str]] = {
    "pile-size": (N_("The next player may take the whole pile with your discard on top (TURN-1): look at the pile's "
                     "cards as well as the opponents' melds."),
                  N_("For each card ask: does it make a set or a run with two cards of the pile? The bigger the pile, "
                     "the more cards it makes a meld with.")),
}
#: How an answer of each kind is written.
FORMS: dict[str, str] = {
    "most": N_('your moves, like "meld 5H 6H 7H; layoff 0: 8H" (or the number of points)'),
    "close": N_('"no", or your moves ending with the closing discard, like "layoff 0: 8H; discard 9C"'),
    "safe": N_('one card, like "9C"'),
    "score": N_("a whole number, like 120"),
    "pile": N_('"pile" or "stock"'),
    "build": N_('"close" or "build"'),
}
#: The words a stored solution may hold besides actions (translated where shown).
_SOLUTION_WORDS = frozenset((N_("nothing"), N_("no way to close this turn"), N_("cards no opponent meld takes (TURN-2)"),
                             N_("cards no opponent meld takes (TURN-2) and that make no meld with the pile (TURN-1)")))


def _said(solution: str) -> str:
    """A stored solution as it is shown: its words in the current language, its actions as they are
    (a count's lines, ``melded cards +270; closing +100``, with their labels said)."""
    if solution in _SOLUTION_WORDS:
        return tr(solution)
    parts = solution.split("; ")
    lines = [re.fullmatch(r"(.+) ([+-]\d+)", part) for part in parts]
    if all(m is not None and m.group(1) in LINE_LABELS for m in lines):
        return tr("; ").join(f"{tr(m.group(1))} {m.group(2)}" for m in lines if m is not None)
    return solution


def _right(text: str, rules: tuple[str, ...]) -> Verdict:
    """A right answer's verdict: ``Right: `` and what makes it right."""
    # TRANSLATORS: keep {text} at the end: the puzzle widget shows the verdict without this prefix
    return Verdict(True, tr("Right: {text}", text=text), rules)


def right_prefix() -> str:
    """What a right verdict's message starts with, in the current language (``Right: ``)."""
    return tr("Right: {text}").partition("{text}")[0]


@dataclass(frozen=True)
class Verdict:
    """The check of an answer: right or not, and a message that explains (citing rule IDs)."""

    correct: bool
    message: str
    rules: tuple[str, ...] = ()
    #: False when the answer could not be read (no try counted: say it the way the form asks).
    read: bool = True

    def __str__(self) -> str:
        return self.message


def _side_value(game: Game, seat: int) -> int:
    return sum(meld_value(t.meld) for t in game.side_melds(seat))


def _actions(answer: object) -> list[str]:
    if isinstance(answer, str):
        return [a.strip() for a in answer.replace("\n", ";").split(";") if a.strip()]
    if isinstance(answer, (list, tuple)):
        return [str(a) for a in answer]
    raise NotationError(tr("an answer made of actions is text like 'meld 5H 6H 7H; layoff 0: 8H', not {answer}",
                           answer=excerpt(answer)))


_NUMBER = re.compile(r"[+-]?[0-9]{1,9}")


def _number(answer: object) -> int | None:
    """The whole number an answer gives: an int, or text of ASCII digits (``120``, ``-5``);
    ``None`` when it is not written as a number. A number no hand can count (``²``, which
    ``str.isdigit`` takes and ``int`` refuses, or one of ten digits or more) is a
    :class:`NotationError`.

    >>> _number(" -5 "), _number("meld 5H 6H 7H"), _number(120)
    (-5, None, 120)
    """
    if isinstance(answer, int) and not isinstance(answer, bool):
        if -10**9 < answer < 10**9:
            return int(answer)
    elif not isinstance(answer, str):
        return None
    else:
        text = answer.strip()
        if _NUMBER.fullmatch(text):
            return int(text)
        if not text.lstrip("+-").isdigit():
            return None
    raise NotationError(tr("a count is a whole number of at most 9 digits 0 to 9, like 120, not {answer}",
                           answer=excerpt(answer)))


def _too_big(game: Game) -> str:
    """Why a puzzle's answer cannot be verified: the solver's budget ran out before it proved it."""
    return tr("this puzzle's hand ({n} cards) is too big for the solver to prove its answer within its limit; a "
              "puzzle needs a hand it can solve exactly (fewer cards, fewer melds to lay off onto)",
              n=len(game.hand(game.to_move)))


def _near(c: Card, game: Game, seat: int) -> bool:
    """Whether a drawn natural card ``c`` could take part in a meld or a lay-off this turn: a card of
    the hand of its rank, or of its suit within two ranks (the ace low or high), or a side meld of
    its suit or rank. A card far from all of them can only be kept (a conservative test: a card it
    calls near may still be kept)."""
    rank, suit = int(c.rank or 0), c.suit
    for h in game.hand(seat):
        if h.is_joker:
            continue
        if h.rank == c.rank:
            return True
        if h.suit == suit:
            a, b = int(h.rank or 0), rank
            if min(abs(a - b), abs((14 if a == 1 else a) - (14 if b == 1 else b))) <= 2:
                return True
    return any(t.meld.suit == suit if t.meld.kind == "run" else t.meld.rank == c.rank for t in game.side_melds(seat))


def pile_counts(game: Game,
                hopeless: Callable[[int, int, int], bool] | None = None) -> tuple[int, str, int, int]:
    """For a position at the start of a turn: the most points the pile lays down this turn, how,
    and the fewest and the most any card of the stock could lay down (every card the player to
    move does not see is tried: the hand's cards, the table and the pile are seen). Raises
    :class:`NotationError` when the solver could not prove one of them within its budget, and,
    given ``hopeless``, as soon as ``hopeless(pile points, fewest, most)`` is true of the stock
    cards tried so far (the generator's early way out: the fewest only falls, the most only rises).

    >>> g = Game.from_position("fibur 2p d1 t0 draw | h: 9C KD 4S JH / 4C 4D | m: - | p: 5H 6H 7H | s: * "
    ...                        "| pots: *11 / *11 | took: -")
    >>> pile_counts(g)          # no stock card makes a meld with this hand
    (15, 'meld 5H 6H 7H', 0, 0)
    >>> pile_counts(Game.from_position("fibur 2p d1 t0 draw | h: 5H 6H 9C KD / 4C 4D | m: - | p: 7H 8H "
    ...                                "| s: * | pots: *11 / *11 | took: -"))   # a joker would lay 40
    (25, 'meld 5H 6H 7H 8H', 0, 40)
    """
    seat = game.to_move
    taken = game.clone()
    taken.take_pile()
    plan = solve(taken)
    if not plan.proven:
        raise NotationError(_too_big(taken))
    drawn = game.clone()
    drawn.draw()
    x = drawn.hand(seat)[-1]
    unseen: dict[Card, None] = dict.fromkeys([x])
    for i, h in enumerate(drawn.hands):
        if i != seat:
            unseen.update(dict.fromkeys(h))
    unseen.update(dict.fromkeys(drawn.stock))
    for pot in drawn.pots:
        unseen.update(dict.fromkeys(pot))
    near = [c for c in unseen if c.is_wild or _near(c, game, seat)]
    far = [c for c in unseen if c not in near]
    low = high = None
    for c in near + far[:1]:  # every far card is only kept: one of them stands for all
        got = solve(drawn if c == x else drawn.with_swapped(seat, x, c))
        if not got.proven:
            raise NotationError(_too_big(drawn))
        low = got.points if low is None else min(low, got.points)
        high = got.points if high is None else max(high, got.points)
        if hopeless is not None and hopeless(plan.points, low, high):
            raise NotationError(tr("pile or stock is not certain by count here: the pile lays down {points} points, a "
                                   "stock card from {low} to {high}", points=plan.points, low=low, high=high))
    assert low is not None and high is not None
    return plan.points, "; ".join(str(a) for a in plan.actions()) or "nothing", low, high


_PILE_SOLUTION = re.compile(r"pile (-?\d+): (.+) \| stock (-?\d+) to (-?\d+)")
_BUILD_SOLUTION = re.compile(r"(near|ahead|behind|clean|clean-far) (-?\d+) (-?\d+)(?: (\d+) (\d+) (\S+) (\d+))? \| (.+)")


def pile_meld(card: Card, pile: Sequence[Card]) -> tuple[tuple[Card, Card], Meld] | None:
    """Two natural cards of ``pile`` that make a meld with ``card`` (the first found), or ``None``:
    the meld the next player lays down if ``card`` is discarded and he takes the pile (TURN-1). The
    hint's test of a discard (:func:`buraco_learn.hints.discard_faults`) is the same.

    >>> pile_meld(Card.parse("9D"), parse_cards("8D 3C TD"))
    ((Card.parse('8D'), Card.parse('TD')), Meld.parse('8D 9D TD'))
    >>> pile_meld(Card.parse("9D"), parse_cards("8D 3C")) is None
    True
    """
    near = [x for x in dict.fromkeys(pile) if not x.is_wild and x != card]
    for i, a in enumerate(near):
        for b in near[i + 1:]:
            try:
                return (a, b), Meld.from_cards([a, b, card])
            except BuracoError:
                continue
    return None


def _table_count(game: Game, seat: int) -> int:
    """What ``seat``'s side counts from the table alone: its melds' points and bonuses, less 100
    without its pot (SCORE-1); the cards in hand left out."""
    value = sum(meld_value(t.meld) for t in game.side_melds(seat))
    return value - (0 if game.side_has_pot(seat) else 100)


def _far_from_closing(game: Game, seat: int) -> bool:
    """Whether ``seat``'s side is far from closing: it has no pot yet (POT-1), or it has no burraco
    and no meld of more than four cards, so that it must lay three cards or more onto one meld,
    or a new meld of seven, before it can close (CLOSE-1, BUR-1)."""
    if not game.side_has_pot(seat):
        return True
    return all(len(t.meld) <= 4 for t in game.side_melds(seat))


def one_card_burraco(game: Game, done: Game) -> tuple[int, int, list[Card], int] | None:
    """A clean meld of six cards of the side to move in ``game`` that one natural card would make a
    clean burraco (BUR-1, BUR-2), left as it is by the close played in ``done``: its number, what
    that card adds to the side's count (the engine's meld value: the 200 bonus and the card), the
    cards that do it (none of them in the hand) and how many of them the player does not see (not
    in his hand, on the table or in the pile: two at least, a chance worth waiting a turn for);
    what the card adds is the least of theirs. ``None`` when there is no such meld.

    >>> g = Game.from_position("fibur 2p d1 t0 play | h: 5H 6H 7H KS / 9C 9D 9H | m: 0=3S 4S 5S 6S 7S 8S "
    ...                        "| p: 3C | s: * | pots: - | took: 0")
    >>> one_card_burraco(g, g)
    (0, 210, [Card.parse('2S'), Card.parse('9S')], 4)
    """
    seat = game.to_move
    hand = set(game.hand(seat))
    seen = Counter(game.hand(seat)) + Counter(game.pile)
    for t in game.table:
        seen.update(t.meld.cards)
    deck = game.all_cards()
    for t in game.side_melds(seat):
        m = t.meld
        if len(m) != 6 or m.wild is not None or done.table[t.id].meld != m:
            continue
        cards = sorted((c for c in deck if not c.is_joker and m.can_lay_off([c])), key=lambda c: c.sort_key)
        grown = [(c, m.lay_off([c])) for c in cards]
        cards = [c for c, g in grown if g.wild is None and len(g) == 7]
        if not cards or any(c in hand for c in cards):
            continue
        unseen = sum(deck[c] - seen[c] for c in cards)
        if unseen >= 2:
            return t.id, min(meld_value(g) for c, g in grown if c in cards) - meld_value(m), cards, unseen
    return None


def close_or_build(game: Game) -> tuple[str, str]:
    """The judgement ``close`` or ``build`` at a position where the side to move can close this turn
    (:func:`~buraco_learn.solver.find_close`, proven), as notebook 8b teaches it:

    - close when an opponent side has its pot and a burraco (it may close at its next turn,
      CLOSE-1): ``near``;
    - build on when no opponent side has its pot yet (each must first empty a hand to take it,
      POT-1, before it can close), and a clean meld of six cards of your side, which the close
      leaves as it is, is one natural card from a clean burraco (:func:`one_card_burraco`): that
      card adds the 200 bonus (BUR-2), more than the 100 for closing (CLOSE-5), which a close a
      turn later still earns: ``clean``; the same when an opponent side has its pot but no meld
      of more than four cards (:func:`_far_from_closing`): ``clean-far``;
    - close when the table already counts more for your side after the close (your melds, your
      bonuses and the 100 for closing) than for any opponent side (their melds and bonuses, less
      100 without a pot: the cards in their hands only lower it): ``ahead``; else build on:
      ``behind``.

    The solution: the reason, the two counts (``clean``: then the meld's number, what the card adds,
    the cards that do it, comma-separated, and how many of them are out of sight), ``|`` and the
    closing moves. A judgement, not a proof: the verdict says so.
    """
    closing = find_close(game)
    if not closing.proven:
        raise NotationError(_too_big(game))
    if closing.plan is None:
        raise NotationError(tr("this hand cannot close this turn: no close-or-build question here"))
    seat = game.to_move
    done = game.clone()
    for action in closing.plan.actions():
        done.apply(action)
    mine = game.side_of(seat)
    ours = sum(meld_value(t.meld) for t in done.side_melds(seat)) + 100
    others = [s for s in range(game.players) if s not in mine]
    theirs = max(_table_count(game, s) for s in others)
    near = any(game.side_has_pot(s) and game.side_has_burraco(s) for s in others)
    steps = "; ".join(str(a) for a in closing.plan.actions())
    if not near and all(_far_from_closing(game, s) for s in others):
        found = one_card_burraco(game, done)
        if found is not None:
            meld, gain, cards, unseen = found
            why = "clean" if not any(game.side_has_pot(s) for s in others) else "clean-far"
            return "build", f"{why} {ours} {theirs} {meld} {gain} {','.join(map(str, cards))} {unseen} | {steps}"
    why = "near" if near else "ahead" if ours > theirs else "behind"
    return ("build" if why == "behind" else "close"), f"{why} {ours} {theirs} | {steps}"


def solve_puzzle(kind: str, game: Game, theme: str = "",
                 hopeless: Callable[[int, int, int], bool] | None = None) -> tuple[str, str]:
    """The verified answer and a worked solution for a puzzle of ``kind`` on ``game`` (``theme``:
    a generated puzzle's, where it changes the question: ``pile-size``'s safe discards also make no
    meld with the pile; ``hopeless``: for pile or stock, :func:`pile_counts`'s early way out)."""
    seat = game.to_move
    if kind == "most":
        plan = solve(game)
        if not plan.proven:
            raise NotationError(_too_big(game))
        return str(plan.points), "; ".join(str(a) for a in plan.actions()) or "nothing"
    if kind == "close":
        answer = find_close(game)
        if not answer.proven:
            raise NotationError(_too_big(game))
        closing = answer.plan
        if closing is None:
            return "no", "no way to close this turn"
        return "yes", "; ".join(str(a) for a in closing.actions())
    if kind == "safe":
        mine = game.side_of(seat)
        opp = [t for t in game.table if t.owner not in mine]
        safe = [c for c in dict.fromkeys(game.hand(seat)) if game.can_discard(c)
                and not any(t.meld.can_lay_off([c]) for t in opp)]
        if theme == "pile-size":
            safe = [c for c in safe if pile_meld(c, game.pile) is None]
            safe.sort(key=lambda c: c.sort_key)
            return format_cards(safe) or "none", "cards no opponent meld takes (TURN-2) and that make no meld with the pile (TURN-1)"
        safe.sort(key=lambda c: c.sort_key)
        return format_cards(safe) or "none", "cards no opponent meld takes (TURN-2)"
    if kind == "score":
        res = game.result()
        side = next(i for i, s in enumerate(res.sides) if seat in s)
        sc = res.scores[side]
        return str(sc.total), "; ".join(f"{ln.label} {ln.points:+d}" for ln in sc.lines)
    if kind == "pile":
        pts, how, low, high = pile_counts(game, hopeless)
        solution = f"pile {pts}: {how} | stock {low} to {high}"
        if pts > high:
            return "pile", solution
        if pts <= low:
            return "stock", solution
        raise NotationError(tr("pile or stock is not certain by count here: the pile lays down {points} points, a "
                               "stock card from {low} to {high}", points=pts, low=low, high=high))
    if kind == "build":
        return close_or_build(game)
    raise ValueError(f"unknown puzzle kind {kind!r}; kinds: {', '.join(KINDS)}")


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: its name, level, kind, position, the verified answer and a worked solution."""

    name: str
    level: str
    kind: str
    position: str
    answer: str
    solution: str
    #: The theme of a generated puzzle (see :mod:`buraco_learn.puzzles.generate`; ``""``: the fixed set).
    theme: str = ""
    #: The seed a generated puzzle comes from (the same theme, level and seed give the same puzzle).
    seed: int | None = None

    @property
    def key(self) -> str:
        """Its name in the progress file: ``puzzle:<theme>:<level>:<seed>`` for a generated puzzle
        (what replays it), ``puzzle:<name>`` for one of the fixed set."""
        if self.theme and self.seed is not None:
            return f"puzzle:{self.theme}:{self.level}:{self.seed}"
        return f"puzzle:{self.name}"

    @property
    def question(self) -> str:
        """The question, in words (in the current language)."""
        return tr(THEME_QUESTIONS.get(self.theme, KINDS[self.kind]))

    @property
    def given(self) -> str:
        """What the question must say because the table cannot show it once it is in the hand:
        the card taken alone from a one-card pile this turn, which TURN-4 may forbid to discard
        (``""``: none). Shown with the question (:class:`~buraco_learn.widgets.PuzzleWidget`).

        >>> [p.given for p in load_puzzles() if p.name == "easy-safe-2-9"]
        ['North took A♣ alone from the discard pile this turn (TURN-4).']
        """
        from ..render.text import taken_alone_words

        g = self.game()
        return taken_alone_words(g) if g.pile_taken is not None and not g.is_over and g.phase == "play" else ""

    @property
    def kind_word(self) -> str:
        """What its question is called (``most points`` for the kind ``most``), in the current language."""
        return tr(KIND_WORDS[self.kind])

    @property
    def title(self) -> str:
        """``Easy puzzle``, ``Medium puzzle`` or ``Hard puzzle``, in the current language."""
        return tr(LEVEL_WORDS[self.level])

    def game(self) -> Game:
        """A fresh game at the puzzle's position."""
        return Game.from_position(self.position)

    def verify(self) -> bool:
        """Whether the solver, run now, finds exactly the stored answer."""
        return solve_puzzle(self.kind, self.game(), self.theme)[0] == self.answer

    @property
    def hints(self) -> tuple[str, str]:
        """The first hint (the rule) and the stronger one, for this puzzle's kind (in the current language)."""
        first, stronger = THEME_HINTS.get(self.theme, HINTS[self.kind])
        return tr(first), tr(stronger)

    def worked(self) -> str:
        """The worked answer in words (given only after two wrong tries)."""
        if self.kind == "most":
            return tr("the most is {points} points: {solution}.", points=self.answer, solution=_said(self.solution))
        if self.kind == "close":
            if self.answer == "yes":
                return tr("one way to close: {solution}.", solution=_said(self.solution))
            return tr("this hand cannot close this turn.")
        if self.kind == "safe" and self.theme == "pile-size":
            g = self.game()
            gifts = [(c, pile_meld(c, g.pile)) for c in dict.fromkeys(g.hand(g.to_move))]
            shown = [tr("{card} makes {meld} with the pile", card=c, meld=m[1]) for c, m in gifts if m is not None]
            return trn("the safe cards are {cards}; with the pile's {n} card (TURN-1): {gifts}.",
                       "the safe cards are {cards}; with the pile's {n} cards (TURN-1): {gifts}.", len(g.pile),
                       cards=self.answer, gifts=tr(", ").join(shown[:4]) or tr("no card of your hand makes a meld"))
        if self.kind == "safe":
            return tr("the safe cards are {cards}.", cards=self.answer)
        if self.kind == "build":
            return self._build_words()
        if self.kind == "pile":
            m = _PILE_SOLUTION.fullmatch(self.solution)
            if m is None:  # pragma: no cover - every pile solution is written by solve_puzzle
                return self.solution
            pts, how, low, high = m.groups()
            if self.answer == "pile":
                return tr("take the pile: with it you lay down {points} points this turn ({solution}), and no card "
                          "of the stock lays down more than {high}.", points=pts, solution=_said(how), high=high)
            return tr("draw from the stock: the pile lays down only {points} points this turn, and even the worst "
                      "card of the stock lays down {low}; the pile's cards would only weigh in your hand.",
                      points=pts, low=low)
        return tr("the side scores {points}: {solution}.", points=self.answer, solution=_said(self.solution))

    def check(self, answer: object) -> Verdict:
        """Check a learner's answer. A wrong one says what is wrong, with the rule IDs that decide,
        and never gives the solution away (:meth:`worked` does, when asked).

        ``most``: the points (an int, or digits) or the actions (``'meld 5H 6H 7H; layoff 0: 8H'``);
        ``close``: ``'no'``/``False`` or the actions ending in the closing discard (a bare ``'yes'``
        is not enough: show how); ``safe``: one card (``'9C'``); ``score``: the total.
        Only the moves of the player to move, in this one turn, count: a move after the turn's
        discard, or another seat's move, is not part of an answer.
        """
        if isinstance(answer, bool) and self.kind != "close" or not isinstance(answer, (str, int, Card, list, tuple)):
            return Verdict(False, tr("that is not an answer to this puzzle: {form}", form=tr(FORMS[self.kind])), read=False)
        if isinstance(answer, (list, tuple)) and not all(isinstance(a, str) for a in answer):
            return Verdict(False, tr("that is not an answer to this puzzle: {form}", form=tr(FORMS[self.kind])), read=False)
        if isinstance(answer, str):
            answer = str.__str__(answer)  # a str subclass cannot bend the comparison
        elif isinstance(answer, int) and not isinstance(answer, bool):
            answer = int(answer)
        try:
            if self.kind == "most":
                return self._check_most(answer)
            if self.kind == "close":
                return self._check_close(answer)
            if self.kind == "safe":
                return self._check_safe(answer)
            if self.kind == "pile":
                return self._check_pile(answer)
            if self.kind == "build":
                return self._check_build(answer)
            return self._check_score(answer)
        except BuracoError as err:
            return Verdict(False, tr("I could not read that answer: {reason}. Write {form}.", reason=err,
                                     form=tr(FORMS[self.kind])), read=False)

    def _play_turn(self, game: Game, answer: object, *, stop_at_discard: bool = False) -> Verdict | None:
        """Play the learner's moves on ``game``: only the mover's own turn counts."""
        seat = game.to_move
        texts = _actions(answer)
        ended = False
        for k, text in enumerate(texts):
            if ended or game.is_over or game.to_move != seat:
                return Verdict(False, tr("only your own turn counts: {move} comes after your turn ended "
                                         "(a discard ends the turn, TURN-3). Give only the moves of this turn.",
                                         move=repr(text)), ("TURN-3",))
            action = parse_action(text)
            if stop_at_discard and isinstance(action, Discard):
                return None
            try:
                game.apply(action)
            except IllegalMove as err:
                if k:
                    return Verdict(False, tr("the engine refuses {move} (after {before}): {reason}", move=repr(text),
                                             before="; ".join(texts[:k]), reason=err), err.rules)
                return Verdict(False, tr("the engine refuses {move}: {reason}", move=repr(text), reason=err), err.rules)
            ended = isinstance(action, Discard)
        return None

    # -- the kinds ----------------------------------------------------------------------
    def _check_most(self, answer: object) -> Verdict:
        best = int(self.answer)
        rules = ("EQ-2", "TURN-2", "BUR-1")
        got = _number(answer)
        if got is not None:
            if got == best:
                return _right(tr("{points} points ({solution}).", points=best, solution=_said(self.solution)), rules)
            if got < best:
                return Verdict(False, tr("{points} points is not the most you can lay down this turn: it is more "
                                         "than that.", points=got), rules)
            return Verdict(False, tr("{points} points is not the most you can lay down this turn: it is fewer "
                                     "than that.", points=got), rules)
        g = self.game()
        seat = g.to_move
        before = _side_value(g, seat)
        refused = self._play_turn(g, answer, stop_at_discard=True)
        if refused is not None:
            return refused
        got = _side_value(g, seat) - before
        if got == best:
            return _right(tr("that lays down {points} points, the most possible.", points=got), rules)
        if not g.actions:
            if _actions(answer):  # only a discard: the turn ended with nothing laid down
                return Verdict(False, tr("your turn ended with the discard and nothing laid down (0 points), but "
                                         "you can lay down more this turn: meld and lay off before you discard "
                                         "(TURN-2, TURN-3)."), rules + ("TURN-3",))
            return Verdict(False, tr("no move played yet: lay down your melds and lay-offs, then check."), rules)
        return Verdict(False, tr("those moves are legal and lay down {points} points, but you can lay down more this "
                                 "turn.", points=got), rules)

    def _check_close(self, answer: object) -> Verdict:
        # "no" in the notation, or the word of the language the form names beside it (« non »)
        says_no = answer is False or (isinstance(answer, str) and answer.strip().lower() in (
            "no", "n", "cannot", trc("truth", "no").lower()))
        if says_no:
            if self.answer == "no":
                return _right(tr("there is no way to close this turn (CLOSE-1, CLOSE-4)."), ("CLOSE-1", "CLOSE-4"))
            return Verdict(False, tr("this hand can close this turn: look again at what your side has and what "
                                     "you hold."), ("CLOSE-1",))
        if answer is True or (isinstance(answer, str) and answer.strip().lower() in ("yes", "y",
                                                                                     trc("truth", "yes").lower())):
            if self.answer == "yes":
                return Verdict(False, tr("yes is right, but show how: give the moves of this turn, ending with the "
                                         "closing discard."), ("CLOSE-1",))
            return Verdict(False, tr("this hand cannot close this turn: closing needs the pot, a burraco and a last "
                                     "card that is not a wild."), ("CLOSE-1", "CLOSE-2", "CLOSE-4"))
        g = self.game()
        seat = g.to_move
        refused = self._play_turn(g, answer)
        if refused is not None:
            return refused
        if g.is_over and g.result().closed_by == seat:
            return _right(tr("that closes the hand (CLOSE-1); the close earns 100 (CLOSE-5)."), ("CLOSE-1", "CLOSE-5"))
        if not g.actions:
            return Verdict(False, tr("no move played yet: give the moves that close, or answer no."), ("CLOSE-1",))
        return Verdict(False, tr("those moves do not close the hand: a close ends your turn by discarding your last "
                                 "card, with your side's pot taken and a burraco on the table."), ("CLOSE-1",))

    def _check_safe(self, answer: object) -> Verdict:
        if isinstance(answer, int):
            raise NotationError(tr("name a card to discard, like '9C'"))
        cards = [answer] if isinstance(answer, Card) else parse_cards(str(answer))
        if not cards:
            raise NotationError(tr("name a card to discard, like '9C'"))
        if len(cards) > 1:
            for c in cards:
                v = self._check_safe(c)
                if not v.correct:
                    return v
            return _right(tr("{cards} are all safe (TURN-2).", cards=format_cards(cards)), ("TURN-2",))
        card = cards[0]
        g = self.game()
        seat = g.to_move
        if card not in g.hand(seat):
            return Verdict(False, tr("{card} is not in your hand ({hand}).", card=card, hand=format_cards(g.hand(seat))))
        if not g.can_discard(card):
            try:
                g.verify_discard(card)
            except IllegalMove as err:
                return Verdict(False, tr("you may not discard {card}: {reason}", card=card,
                                                  reason=err.reason or err), err.rules)
        mine = g.side_of(seat)
        for t in g.table:
            if t.owner not in mine and t.meld.can_lay_off([card]):
                return Verdict(False, tr("{card} is not safe: the opponents would lay it off onto their meld {number} "
                                         "({meld}) (TURN-2).", card=card, number=t.id, meld=t.meld), ("TURN-2",))
        if self.theme == "pile-size":
            gift = pile_meld(card, g.pile)
            if gift is not None:
                return Verdict(False, tr("{card} is not safe: with {cards} of the pile it makes {meld}, and the next "
                                         "player takes the whole pile with it on top (TURN-1).", card=card,
                                         cards=format_cards(gift[0]), meld=gift[1]), ("TURN-1",))
            return _right(trn("no opponent meld takes {card} (TURN-2) and it makes no meld with the pile's {n} card "
                              "(TURN-1). All safe cards: {cards}.", "no opponent meld takes {card} (TURN-2) and it "
                              "makes no meld with the pile's {n} cards (TURN-1). All safe cards: {cards}.", len(g.pile),
                              card=card, cards=self.answer),
                          ("TURN-1", "TURN-2"))
        return _right(tr("no opponent meld takes {card} (TURN-2). All safe cards: {cards}.", card=card,
                         cards=self.answer), ("TURN-2",))

    def _check_pile(self, answer: object) -> Verdict:
        text = " ".join(str(answer).split()).lower() if isinstance(answer, str) else ""
        pile, stock = {"pile", tr("pile").lower()}, {"stock", tr("stock").lower()}
        if text not in pile | stock:
            raise NotationError(tr("answer {pile} or {stock}, not {answer}", pile=repr(tr("pile")),
                                   stock=repr(tr("stock")), answer=excerpt(answer)))
        said = "pile" if text in pile else "stock"
        rules = ("TURN-1", "TURN-2")
        if said == self.answer:
            return _right(self.worked(), rules)
        if said == "pile":
            return Verdict(False, tr("the pile does not lay down more this turn than the stock would: count what its "
                                     "cards make with your hand, then what the worst card of the stock makes."), rules)
        return Verdict(False, tr("the pile lays down more this turn than any card of the stock could: count what "
                                 "its cards make with your hand and your side's melds."), rules)

    def _build_words(self) -> str:
        m = _BUILD_SOLUTION.fullmatch(self.solution)
        if m is None:  # pragma: no cover - every build solution is written by close_or_build
            return self.solution
        why, ours, theirs, meld, gain, cards, unseen, steps = m.groups()
        head = tr("a judgement, not a proof, as a strong player makes it:")
        if why in ("clean", "clean-far"):
            said = tr("build on: closing now your side's table counts {ours} (the 100 for closing in it, CLOSE-5). "
                      "Your meld #{meld} is a clean meld of six cards: one more {cards} ({unseen} of them out of your "
                      "sight) makes it a clean burraco, +{gain} (BUR-1, BUR-2), and closing after it counts {built}.",
                      ours=ours, meld=meld, gain=gain, built=int(ours) + int(gain), unseen=unseen,
                      cards=tr(" or ").join(Card.parse(c).pretty for c in cards.split(",")))
            if why == "clean":
                said += " " + tr("The opponents have no pot yet: before they can close one of them must empty his "
                                 "hand to take it (POT-1, CLOSE-1).")
            else:
                said += " " + tr("The opponents are far from closing: they have no burraco and no meld of more than "
                                 "four cards (CLOSE-1, BUR-1).")
        elif why == "near":
            said = tr("close now ({steps}): the opponents have their pot and a burraco and may close at their next "
                      "turn (CLOSE-1); then every card in your hand counts against you and the 100 for closing is "
                      "theirs (CLOSE-5).", steps=steps)
        elif why == "ahead":
            said = tr("close now ({steps}): after the close the table counts {ours} for your side (the 100 for "
                      "closing in it, CLOSE-5), against at most {theirs} for the opponents, whose cards in hand only "
                      "lower theirs.", steps=steps, ours=ours, theirs=theirs)
        else:
            said = tr("build on: even with the 100 for closing the table counts {ours} for your side against {theirs} "
                      "for the opponents, and they cannot close yet (no pot or no burraco, CLOSE-1); another meld or "
                      "a burraco first, then close.", ours=ours, theirs=theirs)
        return f"{head} {said}"

    def _check_build(self, answer: object) -> Verdict:
        text = " ".join(str(answer).split()).lower() if isinstance(answer, str) else ""
        close, build = {"close", tr("close").lower()}, {"build", tr("build").lower()}
        if text not in close | build:
            raise NotationError(tr("answer {close} or {build}, not {answer}", close=repr(tr("close")),
                                   build=repr(tr("build")), answer=excerpt(answer)))
        said = "close" if text in close else "build"
        rules = ("CLOSE-1", "CLOSE-5")
        if said == self.answer:
            return _right(self.worked(), rules)
        if said == "close":
            return Verdict(False, tr("a strong player builds on here (a judgement): count the table for both sides "
                                     "after your close, and ask whether the opponents can close yet."), rules)
        return Verdict(False, tr("a strong player closes here (a judgement): ask who can close next, and count the "
                                 "table for both sides after your close."), rules)

    def _check_score(self, answer: object) -> Verdict:
        got = _number(answer)
        if got is None:
            raise NotationError(tr("a score is a whole number, not {answer}", answer=excerpt(answer)))
        if got == int(self.answer):
            return _right(tr("{points} ({solution}).", points=self.answer, solution=_said(self.solution)), ("SCORE-1",))
        return Verdict(False, tr("{points} is not the side's score: go through the count line by line.", points=got),
                       ("SCORE-1", "SCORE-2", "SCORE-4"))


def parse_puzzles(text: str) -> list[Puzzle]:
    """Read puzzles from their text form: blocks of ``key: value`` lines, a ``[name]`` line first.

    >>> parse_puzzles("[p1]\\nlevel: easy\\nkind: score\\nposition: x\\nanswer: 5\\nsolution: s\\n")[0].answer
    '5'
    >>> parse_puzzles("[p1]\\nlevel: easy\\n")
    Traceback (most recent call last):
    ...
    buraco_learn.errors.NotationError: puzzle 'p1' lacks kind, position, answer, solution
    >>> parse_puzzles(None)
    Traceback (most recent call last):
    ...
    buraco_learn.errors.NotationError: puzzles are text (blocks of 'key: value' lines, a [name] line first), not None
    """
    if not isinstance(text, str):
        raise NotationError(f"puzzles are text (blocks of 'key: value' lines, a [name] line first), not {excerpt(text)}")
    out: list[Puzzle] = []
    block: dict[str, str] = {}
    name = ""

    def flush() -> None:
        if not name:
            return
        missing = [k for k in ("level", "kind", "position", "answer", "solution") if k not in block]
        if missing:
            raise NotationError(f"puzzle {excerpt(name)} lacks {', '.join(missing)}")
        if block["kind"] not in KINDS or block["level"] not in LEVELS:
            raise NotationError(f"puzzle {excerpt(name)}: kind must be one of {', '.join(KINDS)} and level one of "
                                f"{', '.join(LEVELS)}")
        out.append(Puzzle(name, block["level"], block["kind"], block["position"], block["answer"], block["solution"],
                          block.get("theme", "")))

    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            flush()
            name, block = line[1:-1].strip(), {}
            continue
        key, colon, value = line.partition(":")
        if not colon or not name:
            raise NotationError(f"bad puzzle line {excerpt(line)}: write 'key: value' inside a [name] block")
        block[key.strip()] = value.strip()
    flush()
    return out


def load_puzzles() -> list[Puzzle]:
    """Every puzzle shipped with the package, easy first."""
    text = resources.files(__package__).joinpath("puzzles.txt").read_text(encoding="utf-8")
    puzzles = parse_puzzles(text)
    return sorted(puzzles, key=lambda p: (LEVELS.index(p.level), p.name))


def _check_puzzles(puzzles: list[Puzzle]) -> list[str]:  # pragma: no cover - used by the generator
    return [p.name for p in puzzles if not p.verify()]

