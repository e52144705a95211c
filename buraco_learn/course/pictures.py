"""Pictures for the course, where a learner would rather look than read: the card values, the
three burraco kinds side by side, a wild moving within a run, the pot, and a one-page cheat sheet.

Each function returns a :class:`Picture`: HTML drawn by :mod:`buraco_learn.render` (``div``\\ s with
inline styles, so a stored, untrusted notebook still shows it) and a plain-text twin for a
terminal, a screen reader or a test. The notebooks call these functions; no drawing code lives
in a notebook.

>>> print(card_values())
Card values (EQ-2): joker 30 · any 2 (pinella) 20 · ace 15 · K Q J 10 9 8: 10 points each · 7 6 5 4 3: 5 points each
>>> "four-color" in DECKS and 'class="hand"' in card_values(deck="four-color")._repr_html_()
True
"""

from __future__ import annotations

from html import escape
from typing import Any

from ..cards import parse_cards
from ..i18n import N_, colon, get_language, tr
from ..lang import typeset
from ..melds import Meld
from ..reference import rule
from ..render import DECKS, card_html, hand_html, meld_html
from ..render.style import rank_label
from ..exercises.show import course_deck
from ..render.feedback import inline_markdown

__all__ = ["Picture", "card_values", "burraco_kinds", "wild_moves", "the_pot", "cheat_sheet", "presets_table", "DECKS"]

#: Sentences written inside f-strings below (where the catalog's extractor does not look).
_IN_FSTRINGS = (N_('Three kinds of burraco (7 cards or more, BUR-1)'), N_('Buraco on one page'),)

_FONT = "system-ui,-apple-system,Segoe UI,Roboto,sans-serif"
_BOX = (f"background:#f4f1e8;border-radius:10px;padding:8px 12px;color:#222;display:inline-block;"
        f"max-width:100%;font-family:{_FONT};font-size:15px;line-height:1.4")


class Picture:
    """HTML to look at, with the same content as text (``repr``)."""

    def __init__(self, html: str, text: str) -> None:
        self.html = html
        self.text = text

    def __repr__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        return self.html


def _column(title: str, body: str, note: str = "") -> str:
    return (f'<div style="display:inline-block;vertical-align:top;margin:4px 14px 6px 0">'
            f'<div style="font-weight:bold;margin-bottom:2px">{escape(title)}</div>{body}'
            + (f'<div style="font-size:13px;max-width:320px">{inline_markdown(note)}</div>' if note else "")
            + "</div>")


_VALUE_GROUPS: tuple[tuple[str, str, str], ...] = (
    (N_("joker"), "JK", "30"),
    (N_("any 2 (pinella)"), "2S 2H", "20"),
    (N_("ace"), "AS", "15"),
    ("K Q J 10 9 8", "KH QS JD TC 9H 8S", N_("10 points each")),
    ("7 6 5 4 3", "7D 6C 5H 4S 3D", N_("5 points each")),
)


def _said(text: str, cards: str = "") -> str:
    """A label or a value of the pictures as shown: words through the catalog, numbers (``30``)
    as they are, ranks (``K Q J 10 9 8``, of ``cards``) as the language's cards print them."""
    if any(c.islower() for c in text):
        return tr(text)
    return " ".join(rank_label(c) for c in parse_cards(cards)) if cards and not text.isdigit() else text


def card_values(*, deck: str | None = None, size: str = "small") -> Picture:
    """The point value of every card (EQ-2), as cards with their points under them."""
    deck = deck or course_deck()
    cols = []
    for label, cards, points in _VALUE_GROUPS:
        head = tr("{points} points", points=points) if points.isdigit() else _said(points)
        cols.append(_column(head,
                            hand_html(parse_cards(cards), deck=deck, size=size), _said(label, cards)))  # type: ignore[arg-type]
    html = (f'<div class="bl-picture card-values" style="{_BOX}"><div style="font-weight:bold">'
            f"{escape(tr('What each card is worth (EQ-2)'))}</div>{''.join(cols)}<div style=\"font-size:13px\">"
            + inline_markdown(tr("On the table the points count **for** you; left in your hand at the end they count "
                                 "**against** you.")) + "</div></div>")
    text = tr("Card values (EQ-2): {values}", values=" · ".join(
        f"{_said(label)} {points}" if points.isdigit()
        else f"{_said(label, cards)}{colon()} {_said(points)}" for label, cards, points in _VALUE_GROUPS))
    return Picture(html, text)


_KINDS: tuple[tuple[str, str, str], ...] = (
    ("5C 6C 7C 8C 9C TC JC", N_("clean (pulito): 200"), N_("no wild at all (BUR-2)")),
    ("5C 6C 7C 8C 9C TC JC JK", N_("semi-clean (semipulito): 150"),
     N_("one wild at an **end**, 7 naturals beside it (BUR-3)")),
    ("5C 6C JK 8C 9C TC JC QC", N_("dirty (sporco): 100"),
     N_("a wild **inside** the run, or too few natural cards beside it (BUR-4)")),
)


def burraco_kinds(*, deck: str | None = None) -> Picture:
    """The three kinds of burraco side by side, with their bonuses (BUR-2, BUR-3, BUR-4)."""
    deck = deck or course_deck()
    cols = [_column(tr(title), meld_html(Meld.from_cards(cards), deck=deck), tr(note)) for cards, title, note in _KINDS]
    html = (f'<div class="bl-picture burraco-kinds" style="{_BOX}"><div style="font-weight:bold">'
            f"{escape(tr('Three kinds of burraco (7 cards or more, BUR-1)'))}</div>{''.join(cols)}</div>")
    text = tr("Burracos: {kinds}", kinds=" | ".join(f"{Meld.from_cards(c).notation()} = {tr(t)}" for c, t, _ in _KINDS))
    return Picture(html, text)


def wild_moves(*, deck: str | None = None) -> Picture:
    """A wild moving within a run: a free wild slides into a gap (WILD-2); a bound wild moves
    only when its own card arrives (WILD-3). Different cards from the exercises."""
    deck = deck or course_deck()
    free = Meld.parse("JK(=6D) 7D 8D")
    free_after = free.lay_off("TD")
    bound = Meld.parse("4S JK(=5S) 6S")
    bound_after = bound.lay_off("5S 8S")
    arrow = '<span style="font-size:26px;margin:0 8px;vertical-align:middle">→</span>'

    def row(before: Meld, add: str, after: Meld, note: str) -> str:
        return (f'<div style="margin:4px 0"><div style="display:flex;align-items:center;flex-wrap:wrap">'
                f"{meld_html(before, deck=deck)}<span style=\"margin:0 6px\">+ "
                f"{hand_html(parse_cards(add), deck=deck, size='small')}</span>{arrow}{meld_html(after, deck=deck)}"
                f'</div><div style="font-size:13px">{inline_markdown(note)}</div></div>')

    html = (f'<div class="bl-picture wild-moves" style="{_BOX}"><div style="font-weight:bold">'
            + escape(tr("A wild moves within its run, never out of it (WILD-4)")) + "</div>"
            + row(free, "TD", free_after, tr("A **free** wild (at an end) may slide into a gap (WILD-2)."))
            + row(bound, "5S 8S", bound_after, tr("A **bound** wild (between two cards) moves only when its own card "
                                                  "is laid off (WILD-3)."))
            + "</div>")
    text = typeset(f"{free} + TD -> {free_after} (WILD-2); {bound} + 5S 8S -> {bound_after} (WILD-3)", get_language())
    return Picture(html, text)


def the_pot(*, deck: str | None = None) -> Picture:
    """The pot: a hand that runs out picks up the 11-card spare hand (POT-1, POT-2, POT-3)."""
    deck = deck or course_deck()
    stack = hand_html(parse_cards("AS " * 11), face_down=True, deck=deck, size="small")
    melded = meld_html(Meld.from_cards("9C TC JC"), deck=deck)
    html = (f'<div class="bl-picture the-pot" style="{_BOX}"><div style="font-weight:bold">'
            + escape(tr("The pot (pozzetto): a second hand of 11 cards")) + "</div>"
            '<div style="display:flex;align-items:center;flex-wrap:wrap">'
            + _column(tr("Your last cards go down…"), melded, tr("your hand is now empty"))
            + '<span style="font-size:26px;margin:0 10px">→</span>'
            + _column(tr("…you pick up the pot"), stack, tr("11 face-down cards: your side's only pot (POT-1)"))
            + "</div><div style=\"font-size:13px\">"
            + escape(tr("Emptied by melding or laying off: take it at once and play on (POT-2). Emptied by the "
                        "discard: take it and play it next turn (POT-3)."), quote=False) + "</div></div>")
    text = tr("The pot: when your hand first empties, pick up the 11-card pot (POT-1); at once if by melding (POT-2), "
              "after the discard if by discarding (POT-3).")
    return Picture(html, text)


def _section(title: str, body: str) -> str:
    return (f'<div style="break-inside:avoid;page-break-inside:avoid;margin:6px 0 10px">'
            f'<div style="font-size:17px;font-weight:bold;border-bottom:2px solid #c9b98a;margin-bottom:4px">'
            f"{escape(title)}</div>{body}</div>")


def _rules_list(ids: tuple[str, ...]) -> str:
    return "".join(f'<div style="margin:2px 0"><b>{escape(i)}</b> {inline_markdown(rule(i))}</div>' for i in ids)


def cheat_sheet(*, deck: str | None = None) -> Picture:
    """The whole game on one printable page: card values, melds, burracos, the pot, closing, the count."""
    deck = deck or course_deck()
    small = "small"
    melds = "".join([
        _column(tr("A set: one rank, 3 to 9 cards"), meld_html(Meld.from_cards("7H 7D 7S"), deck=deck), "SET-1, SET-3"),
        _column(tr("A run: one suit, in order"), meld_html(Meld.from_cards("5H 6H 7H"), deck=deck), "RUN-1"),
        _column(tr("Ace low or high, never both"), meld_html(Meld.from_cards("QS KS AS"), deck=deck),
                tr("A-2-3 or Q-K-A; K-A-2 is not a run (RUN-2)")),
        _column(tr("One wild at most"), meld_html(Meld.from_cards("5C JK 7C"), deck=deck),
                tr("a joker, or a 2 (RUN-4, SET-2)")),
        _column(tr("A natural 2 is not a wild"), meld_html(Meld.from_cards("AD 2D 3D"), deck=deck), "RUN-5"),
    ])
    parts = [
        f'<div style="font-size:22px;font-weight:bold">{escape(tr("Buraco on one page"))}</div>'
        '<div style="font-size:13px;margin-bottom:4px">'
        + inline_markdown(tr("Rule set `fibur` (the Italian federation). Every ID (EQ-2, RUN-5 ...) is in the Rules "
                             "notebook.")) + "</div>",
        _section(tr("A turn"), _rules_list(("TURN-1", "TURN-2", "TURN-3"))
                 + '<div style="font-size:13px">'
                 + inline_markdown(tr("No minimum for a first meld. The only condition on taking the pile: a one-card "
                                      "pile may not be thrown straight back (TURN-4).")) + "</div>"),
        _section(tr("What each card is worth (EQ-2)"), "".join(
            _column(_said(points), hand_html(parse_cards(cards), deck=deck, size=small), _said(label, cards))  # type: ignore[arg-type]
            for label, cards, points in _VALUE_GROUPS)),
        _section(tr("Melds"), melds),
        _section(tr("Burracos: 7 cards or more (BUR-1)"), "".join(
            _column(tr(title), meld_html(Meld.from_cards(cards), deck=deck), tr(note))
            for cards, title, note in _KINDS)),
        _section(tr("The pot and closing"), _rules_list(("POT-1", "CLOSE-1", "CLOSE-2", "CLOSE-3", "CLOSE-5"))),
        _section(tr("The count (SCORE-1)"),
                 '<table style="border-collapse:collapse;font-size:14px">'
                 + "".join(f'<tr><td style="padding:1px 8px 1px 0;font-weight:bold;text-align:left">{a}</td><td style="text-align:left">{escape(tr(b), quote=False)}</td></tr>'
                           for a, b in (("+", N_("the points of every card in your side's melds")),
                                        ("+", N_("each burraco: clean 200, semi-clean 150, dirty 100")),
                                        ("+", N_("100 for closing")),
                                        ("−", N_("the points of every card left in your side's hands")),
                                        ("−", N_("100 if your side never took its pot (when the other side did)"))))
                 + "</table>"
                 + '<div style="font-size:13px">'
                 + inline_markdown(tr("A joker standing for a 5 still counts 30 (SCORE-2). A hand can score below "
                                      "zero: the hole, *buraco* (SCORE-3). A match ends after the hand in which a "
                                      "side reaches 2005 (GAME-1).")) + "</div>"),
    ]
    html = (f'<div class="bl-picture cheat-sheet" style="{_BOX};display:block;max-width:900px">'
            + "".join(parts) + "</div>")
    text = (tr("Buraco on one page: a turn = draw (stock or whole pile), meld and lay off, discard one card.") + " "
            + card_values().text + ". " + burraco_kinds().text + ". "
            + tr("Close: your side has its pot and a burraco; discard your last card, not a wild. "
                 "Count: melds + bonuses + 100 for closing − cards in hand − 100 without the pot (only when the other side took its own)."))
    return Picture(html, text)


_ = card_html


def _yes(value: bool) -> str:
    return tr("yes") if value else tr("no")


#: The rows of :func:`presets_table`: what the rule is about, its rule IDs, and what a preset says.
_PRESET_ROWS: tuple[tuple[str, str, Any], ...] = (
    (N_("Players"), "DEAL-2", lambda r: ", ".join(map(str, r.players))),
    (N_("Jokers in the deck"), "EQ-1", lambda r: tr("{jokers} jokers", jokers=r.jokers)),  # (the deck's size is an exercise)
    (N_("A natural 2 lying in a meld"), "EQ-2", lambda r: tr("{n} points", n=r.natural_two_meld_points)),
    (N_("A low ace lying in a meld"), "EQ-2", lambda r: tr("{n} points", n=r.low_ace_meld_points)),
    (N_("A 2 of the run's suit in its own place"), "RUN-5",
     lambda r: tr("natural or wild, the layout worth most") if r.natural_two_optional else tr("natural")),
    (N_("A wild freed by its own card"), "WILD-3",
     lambda r: tr("moves to the high end") if r.freed_wild_high else tr("takes the low end if it can")),
    (N_("Semi-clean burraco"), "BUR-3",
     lambda r: tr("{n} points", n=r.semi_clean_bonus) if r.semi_clean_bonus is not None
     else tr("none: a burraco with a wild is dirty")),
    (N_("The hand ends when the stock is down to"), "STOCK-1",
     lambda r: tr("no card: an untaken pot becomes the stock") if r.pots_become_stock
     else tr("{n} cards", n=r.stock_reserve) if r.stock_reserve != 1 else tr("1 card")),
    (N_("Laying off onto the partner's melds"), "TURN-2", lambda r: _yes(r.lay_off_onto_partner)),
    (N_("With the pot but no burraco, empty the hand and play on"), "CLOSE-4",
     lambda r: _yes(r.play_on_with_empty_hand)),
    (N_("The pot penalty, for a side without its pot"), "SCORE-1",
     lambda r: tr("always") if r.pot_penalty_always else tr("only when another side took its pot")),
    (N_("The closing bonus"), "CLOSE-5",
     lambda r: tr("only to a side that took its pot") if r.close_bonus_needs_pot else tr("to the side that closes")),
    (N_("A match is played"), "GAME-1",
     lambda r: tr("to {n} points, or an agreed number of hands", n=r.target) if r.fixed_hands
     else tr("to {n} points", n=r.target)),
)


def presets_table() -> Picture:
    """The presets side by side (notebook 10): one row per rule a preset changes, what each
    preset says, in words, with the rule's ID.

    >>> t = presets_table()
    >>> "Semi-clean burraco (BUR-3)" in repr(t) and "natural_two_meld_points" not in repr(t)
    True
    >>> "<table" in t._repr_html_()
    True
    """
    from ..rules import PRESETS

    names = list(PRESETS)
    cell = "padding:3px 10px;border-bottom:1px solid #d8d2c0;text-align:left;vertical-align:top"
    head = "".join(f'<th style="{cell}"><code>{escape(n)}</code></th>' for n in names)
    rows, lines = [], []
    for label, rule_id, say in _PRESET_ROWS:
        values = [say(PRESETS[n]) for n in names]
        rows.append(f'<tr><th style="{cell};font-weight:normal">{escape(tr(label))} ({rule_id})</th>'
                    + "".join(f'<td style="{cell}">{escape(v)}</td>' for v in values) + "</tr>")
        lines.append(f"{tr(label)} ({rule_id}){colon()} " + " | ".join(f"{n} {v}" for n, v in zip(names, values)))
    box = _BOX.replace("max-width:100%", "max-width:none")  # (no number an exercise below asks for)
    html = (f'<div style="{box}"><table style="border-collapse:collapse;font-size:14px">'
            f'<tr><th style="{cell}"></th>{head}</tr>{"".join(rows)}</table></div>')
    return Picture(html, "\n".join(lines))
