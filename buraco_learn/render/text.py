"""Words for what a table shows: whose turn, who is who, the running score, and a full text
description of a table (the "alt text" that goes beside a canvas).

>>> from buraco_learn import Game
>>> g = Game.new(4, seed=7)
>>> status_line(g, 0)
'West to play: draw from the stock or take the discard pile · stock 41 · Count if the hand ended now: South & North -230, West & East -205'
>>> seat_title(g, 2, viewer=0)
'North (your partner)'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..cards import Card
from ..game import Game, TableMeld, seat_names
from ..i18n import N_, colon, get_language, seat_word, semicolon, tr, trc, trn
from ..lang import typeset

if TYPE_CHECKING:
    from ..match import Match

__all__ = ["kind_word", "pots_count", "status_parts", "badge_word", "seat_word", "seat_name", "suit_word", "pots_words", "status_line", "turn_line", "score_line", "seat_title", "side_title", "side_names", "seat_role", "sides_words", "side_caption", "burraco_word", "describe_table",
           "describe_hand", "describe_meld", "pile_words", "stock_words", "match_words"]

_BURRACO_WORD = {"clean": N_("clean burraco"), "semi-clean": N_("semi-clean burraco"), "dirty": N_("dirty burraco")}
#: What a run of each suit is called (the suit's name as ``Suit.name.lower()`` gives it).
_RUN_OF = {"spades": N_("run of spades"), "hearts": N_("run of hearts"), "diamonds": N_("run of diamonds"),
           "clubs": N_("run of clubs")}


def seat_name(game: Game, seat: int) -> str:
    """``game.seat_name(seat)`` in the current language (what a person reads)."""
    return seat_word(game.seat_name(seat))


def suit_word(suit: str) -> str:
    """A suit's name (``"hearts"``) in the current language."""
    words = {"spades": trc("suit", "spades"), "hearts": trc("suit", "hearts"), "diamonds": trc("suit", "diamonds"),
             "clubs": trc("suit", "clubs")}
    return words.get(suit, suit)


def burraco_word(kind: str) -> str:
    """The badge text of a burraco kind (BUR-2..4).

    >>> burraco_word("semi-clean")
    'semi-clean burraco'
    """
    return tr(_BURRACO_WORD[kind])


def badge_word(kind: str) -> str:
    """The short badge of a burraco kind on a drawn meld (``clean``, ``semi-clean``, ``dirty``).

    >>> badge_word("dirty")
    'dirty'
    """
    words = {"clean": trc("burraco badge", "clean"), "semi-clean": trc("burraco badge", "semi-clean"),
             "dirty": trc("burraco badge", "dirty")}
    return words[kind]


def kind_word(kind: str) -> str:
    """A meld kind (``"set"``, ``"run"``, as :attr:`Meld.kind` holds it) in the current language.

    >>> kind_word("run")
    'run'
    """
    words = {"set": trc("meld kind", "set"), "run": trc("meld kind", "run")}
    return words.get(kind, kind)


def side_names(game: Game, side: Sequence[int]) -> str:
    """``South & North``: the seat names of a side (``Sud et Nord`` in French: no « & » in prose).

    >>> from buraco_learn import Game
    >>> from buraco_learn.i18n import language
    >>> with language("it"):
    ...     side_names(Game.new(4, seed=1), (0, 2))
    'Sud e Nord'
    """
    return typeset(" & ".join(seat_name(game, s) for s in side), get_language())


def seat_title(game: Game, seat: int, viewer: int | None, *, short: bool = False) -> str:
    """A seat's name as the viewer reads it: ``South (you)``, ``North (your partner)``, ``West``
    (``short``: ``North (partner)``, where room is scarce)."""
    name = seat_name(game, seat)
    if viewer is None:
        return name
    if seat == viewer:
        return tr("{seat} (you)", seat=name)
    if seat in game.side_of(viewer):
        return tr("{seat} (partner)", seat=name) if short else tr("{seat} (your partner)", seat=name)
    return name


def side_title(game: Game, side: Sequence[int], viewer: int | None) -> str:
    """``Your side: South & North`` or ``Them: West & East``."""
    names = side_names(game, side)
    if viewer is not None and viewer in side:
        return tr("Your side: {names}", names=names) if len(side) > 1 else tr("Your melds ({names})", names=names)
    return tr("Them: {names}", names=names) if len(side) > 1 else tr("{names}'s melds", names=names)


def _pair_rule(game: Game) -> str:
    """The rule that forms the pairs: P3-1 with three players, P5-2 with five."""
    return "P3-1" if game.players == 3 else "P5-2"


def _pairs_form(game: Game) -> bool:
    """Whether this hand has a lone player and pairs once the 18-card pot is taken (3 or 5
    players, P3-1, P5-2), as against fixed sides (2, 4) or every player alone (P5-4's option)."""
    return game.players in (3, 5) and not game.seating.alone


def seat_role(game: Game, seat: int, viewer: int | None = None) -> str:
    """How ``seat`` plays this hand, with 3 or 5 players: ``alone for now`` before anyone took the
    18-card pot, ``alone · took the 18`` for the lone player, ``pair with East`` for a partner
    (P3-1, P5-2); ``""`` with 2 or 4 players (fixed sides).

    >>> from buraco_learn import Game
    >>> g = Game.from_position("fibur 3p d2 t0 play solo=1 | h: KD / 5C 5D QS / 3C 4C 9C JK | "
    ...                        "m: 0=3H 4H 5H 6H 7H 8H 9H; 2=JS QS KS | p: 3C | s: * | pots: - | took: 0,1")
    >>> seat_role(g, 1), seat_role(g, 2), seat_role(g, 2, viewer=0)
    ('alone · took the 18', 'pair with South', 'pair with you')
    >>> seat_role(Game.new(3, seed=1), 0), seat_role(Game.new(4, seed=1), 0)
    ('alone for now', '')
    """
    if game.players not in (3, 5):
        return ""
    if not _pairs_form(game):
        return tr("plays alone")
    if game.soloist is None:
        return tr("alone for now")
    if seat == game.soloist:
        return tr("alone · took the 18")
    partner = next(s for s in game.side_of(seat) if s != seat)
    if viewer is not None and partner == viewer:
        return tr("pair with you")
    return tr("pair with {seat}", seat=seat_name(game, partner))


def sides_words(game: Game, viewer: int | None = None) -> str:
    """Who plays with whom, in one sentence, with 3 or 5 players (``""`` with 2 or 4).

    >>> from buraco_learn import Game
    >>> sides_words(Game.new(3, seed=1))
    'Everyone plays alone until someone takes the 18-card pot (P3-1).'
    """
    if game.players not in (3, 5):
        return ""
    if not _pairs_form(game):
        return tr("Every player plays alone this hand: five pots of 11, no pairs (P5-4).")
    rule = _pair_rule(game)
    if game.soloist is None:
        return tr("Everyone plays alone until someone takes the 18-card pot ({rule}).", rule=rule)
    parts = [tr("{seat} plays alone (took the 18-card pot)", seat=seat_title(game, game.soloist, viewer))]
    for side in game.sides:
        if game.soloist not in side:
            parts.append(tr("{names} play as a pair", names=" & ".join(seat_title(game, s, viewer) for s in side)))
    return "; ".join(parts) + f" ({rule})."


def side_caption(game: Game, side: Sequence[int], viewer: int | None) -> str:
    """The title over a side's melds on a drawn table: :func:`side_title`, and with 3 or 5
    players who is the lone player and which side is a pair (P3-1, P5-2).

    >>> from buraco_learn import Game
    >>> g = Game.from_position("fibur 3p d2 t0 play solo=1 | h: KD / 5C 5D QS / 3C 4C 9C JK | "
    ...                        "m: 0=3H 4H 5H 6H 7H 8H 9H; 2=JS QS KS | p: 3C | s: * | pots: - | took: 0,1")
    >>> side_caption(g, (0, 2), 0), side_caption(g, (1,), 0)
    ('Your side: South & East (pair)', "West's melds · alone, took the 18")
    """
    if not _pairs_form(game) or game.soloist is None:
        return side_title(game, side, viewer)
    names = side_names(game, side)
    if game.soloist in side:
        return side_title(game, side, viewer) + " · " + tr("alone, took the 18")
    if viewer is not None and viewer in side:
        return tr("Your side: {names} (pair)", names=names)
    return tr("{names} (pair)", names=names)


def _phase_words(game: Game) -> str:
    if game.phase == "draw":
        return tr("draw from the stock or take the discard pile")
    return tr("meld, lay off, then discard one card")


def score_words(game: Game) -> str:
    """``South & North 0, West & East 0``: the count as if the hand ended now."""
    now = game.score_now()
    return ", ".join(f"{side_names(game, side)} {sc.total}" for side, sc in zip(now.sides, now.scores))


def turn_line(game: Game, viewer: int | None = None) -> str:
    """Whose turn and what to do, or how the hand ended.

    >>> from buraco_learn import Game
    >>> turn_line(Game.new(2, seed=1, dealer=1), viewer=0)
    'Your turn (South): draw from the stock or take the discard pile'
    """
    if game.is_over:
        return _over_words(game)
    who = seat_name(game, game.to_move)
    if viewer is not None and game.to_move == viewer:
        head = tr("Your turn ({seat}): {what}", seat=who, what=_phase_words(game))
    else:
        head = tr("{seat} to play: {what}", seat=who, what=_phase_words(game))
    if game.last_turn:
        head += " " + tr("(last turn)")
    return head


def _over_words(game: Game) -> str:
    """``Hand over: South closed`` (or: the stock ran out)."""
    res = game.result()
    if res.closed_by is not None:
        return tr("Hand over: {seat} closed", seat=seat_name(game, res.closed_by))
    return tr("Hand over: the stock ran out")


def pots_words(game: Game) -> str:
    """The pots as every table labels them (static tables and the canvas alike).

    >>> from buraco_learn import Game
    >>> pots_words(Game.new(2, seed=1))
    'Pots: 2 × 11 cards'
    """
    return tr("Pots: {pots}", pots=pots_count(game))


def pots_count(game: Game) -> str:
    """What :func:`pots_words` says after ``Pots:``: ``2 × 11 cards``, ``taken``."""
    sizes = [len(p) for p in game.pots]
    if not sizes:
        return trc("pots", "taken")
    if len(set(sizes)) == 1:
        return trn("{pots} × {n} card", "{pots} × {n} cards", sizes[0], pots=len(sizes))
    return tr("{sizes} cards", sizes=" + ".join(str(n) for n in sizes))


def score_line(game: Game) -> str:
    """The running score: the count as if the hand ended now, or the final count.

    >>> from buraco_learn import Game
    >>> score_line(Game.new(2, seed=1))
    'Count if the hand ended now: South -105, North -80'
    """
    if game.is_over:
        return tr("Final count: {scores}", scores=score_words(game))
    return tr("Count if the hand ended now: {scores}", scores=score_words(game))


def status_line(game: Game, viewer: int | None = None, *, show_score: bool = True) -> str:
    """Whose turn and what to do, the stock, the running score (``game.score_now()``);
    ``show_score=False`` leaves the score out (a puzzle that asks for it)."""
    return " · ".join(status_parts(game, viewer, show_score=show_score))


def status_parts(game: Game, viewer: int | None = None, *, show_score: bool = True) -> list[str]:
    """The parts of :func:`status_line`: whose turn, the stock, the count (unless ``show_score``
    is false)."""
    if game.is_over:
        head = _over_words(game)
    else:
        who = seat_name(game, game.to_move)
        if viewer is not None and game.to_move == viewer:
            head = tr("Your turn ({seat}): {what}", seat=who, what=_phase_words(game))
        else:
            head = tr("{seat} to play: {what}", seat=who, what=_phase_words(game))
        if game.last_turn:
            head += " " + tr("(last turn: the stock is down to its reserve)")
    parts = [head, tr("stock {n}", n=len(game.stock))]
    if show_score:
        parts.append(score_line(game))
    return parts


def describe_meld(t: TableMeld) -> str:
    """``#0 run of hearts 5♥ 6♥ 2♣(=7♥), 25 pts, clean burraco``."""
    m = t.meld
    what = tr(_RUN_OF[m.suit.name.lower()]) if m.kind == "run" and m.suit else kind_word("set")
    text = tr("#{number} {what} {cards}, {points} pts", number=t.id, what=what, cards=m.notation(pretty=True),
              points=m.points)
    return text + (", " + burraco_word(m.burraco) if m.burraco else "")


def describe_hand(cards: Sequence[Card], selected: Sequence[int] = ()) -> str:
    """``5♥ 6♥ [7♥] JK`` with the selected positions in brackets.

    >>> from buraco_learn import parse_cards
    >>> describe_hand(parse_cards("5H 6H JK"), [1])
    '5♥ [6♥] JK'
    """
    chosen = set(selected)
    text = " ".join(f"[{c.pretty}]" if i in chosen else c.pretty for i, c in enumerate(cards))
    return typeset(text, get_language()) if text else tr("(empty)")  # French R D V for K Q J


def describe_table(game: Game, viewer: int, *, hand: Sequence[Card] | None = None, selected: Sequence[int] = (),
                   target: int | None = None, pile_open: bool = False, show_score: bool = True) -> str:
    """A full text description of the table as ``viewer`` sees it (what a canvas cannot say).

    ``hand`` is the viewer's hand in display order (default: as dealt); ``selected`` positions in it.

    >>> from buraco_learn import Game
    >>> text = describe_table(Game.new(2, seed=1), 0)
    >>> text.splitlines()[1]
    'You are South. North has 11 cards.'
    """
    lines = [status_line(game, viewer, show_score=show_score)]
    others = []
    for s in range(game.players):
        if s == viewer:
            continue
        n = len(game.hand(s))
        if game.took_pot[s]:
            others.append(trn("{seat} has {n} card and took a pot", "{seat} has {n} cards and took a pot", n,
                              seat=seat_name(game, s)))
        else:
            others.append(trn("{seat} has {n} card", "{seat} has {n} cards", n, seat=seat_name(game, s)))
    lines.append(tr("You are {seat}.", seat=seat_name(game, viewer)) + " " + "; ".join(others) + ".")
    sides = sides_words(game, viewer)
    if sides:  # 3 or 5 players: who plays alone, who with whom (P3-1, P5-2)
        lines.append(sides)
    cards = list(game.hand(viewer) if hand is None else hand)
    sel = [cards[i].pretty for i in selected if 0 <= i < len(cards)]
    lines.append(tr("Your hand ({n}): {cards}.", n=len(cards), cards=describe_hand(cards, selected)) + " "
                 + (tr("Selected: {cards}.", cards=" ".join(sel)) if sel else tr("Nothing selected.")))
    for side in game.sides:
        melds = game.side_melds(side[0])
        title = side_title(game, side, viewer)
        body = semicolon().join(describe_meld(t) for t in melds) or tr("none yet")
        lines.append(f"{title}{colon()} {body}.")
    if target is not None:
        lines.append(tr("Lay-off target: meld #{number}.", number=target))
    lines.append(pile_words(game.pile, spread=pile_open))
    if game.pile_taken is not None and not game.is_over and game.phase == "play":
        lines.append(taken_alone_words(game))
    lines.append(stock_words(len(game.stock), [len(p) for p in game.pots], sizes=True))
    return "\n".join(lines)


def taken_alone_words(game: Game) -> str:
    """The card the seat to move took alone from a one-card pile this turn, which TURN-4 may
    forbid it to discard, in words (the table shows it nowhere else once it is in the hand).

    >>> g = Game.from_position("wikipedia-fr 2p d0 t1 play single=AC | h: 5C 3C KS 5S / 7S KD TC 8C KH AC"
    ...                        " | m: - | p: - | s: * | pots: *11 / *11 | took: -")
    >>> taken_alone_words(g)
    'North took A♣ alone from the discard pile this turn (TURN-4).'
    """
    card = game.pile_taken
    return tr("{seat} took {card} alone from the discard pile this turn (TURN-4).",
              seat=seat_name(game, game.to_move), card="" if card is None else card.pretty)


def stock_words(stock: int, pots: Sequence[int], *, sizes: bool = False) -> str:
    """The stock's count and the pots waiting (with their sizes if ``sizes``), the count's noun in
    the plural its number asks for.

    >>> stock_words(1, []), stock_words(40, [11, 11], sizes=True)
    ('Stock: 1 card. Pots waiting: 0.', 'Stock: 40 cards. Pots waiting: 2 (11, 11 cards).')
    """
    if sizes and pots:
        return trn("Stock: {n} card. Pots waiting: {pots} ({sizes} cards).",
                   "Stock: {n} cards. Pots waiting: {pots} ({sizes} cards).", stock, pots=len(pots),
                   sizes=", ".join(str(p) for p in pots))
    return trn("Stock: {n} card. Pots waiting: {pots}.", "Stock: {n} cards. Pots waiting: {pots}.", stock,
               pots=len(pots))


def pile_words(pile: Sequence[Card], *, spread: bool = True) -> str:
    """The discard pile in words: every card (``spread``, or a pile of at most one card), or its top.

    >>> from buraco_learn import parse_cards
    >>> pile_words(parse_cards("9C KD"), spread=False)
    'Discard pile (2): top card K♦.'
    """
    if spread or len(pile) <= 1:
        pile_text = " ".join(c.pretty for c in pile) or tr("empty")
        return tr("Discard pile ({n}, bottom to top): {cards}.", n=len(pile), cards=pile_text)
    return tr("Discard pile ({n}): top card {card}.", n=len(pile), card=pile[-1].pretty)


def match_words(match: Match) -> str:
    """A match's standing in a sentence: each competitor's total by seat name, and whether the
    match is over and who won (GAME-1, GAME-3), not the tuples of :class:`~buraco_learn.match.Match`.

    >>> from buraco_learn import HandResult, Match
    >>> m = Match(3, rules="classic-fr", hands=1, seed=1)
    >>> m.add_result(HandResult("stock", None, ((0,), (1, 2)), (), (150, 60, 60)))
    >>> match_words(m)
    'Totals: South 150, West 60, East 60 · the match is over · winner: South'
    """
    names = seat_names(match.players)

    def who(seats: Sequence[int]) -> str:
        return " & ".join(seat_word(names[s]) for s in seats)

    totals = tr("Totals: {totals}", totals=", ".join(f"{who(c)} {t}" for c, t in zip(match.competitors,
                                                                                       match.totals)))
    if not match.is_over:
        return totals + " · " + tr("the match goes on")
    winner = match.winner
    end = tr("winner: {names}", names=who(winner)) if winner is not None else tr("a tie")
    return totals + " · " + tr("the match is over") + " · " + end
