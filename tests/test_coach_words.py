"""Issue 23, a second reader's findings on the coach's and the hint's words at the table: a discard
near a card of the pile, said plainly; what was done and what is possible; which 2 is which in a
meld with two 2s; counts in the singular; by how much a costly move costs; and, over seeded hands,
every sentence checked for the faults that reader found."""

from __future__ import annotations

import re

import pytest

from buraco_learn import Card, Game
from buraco_learn.actions import LayDown
from buraco_learn.bots import make_bot
from buraco_learn.coach import judge
from buraco_learn.hints import advised_discard, hint, twos_words
from buraco_learn.i18n import language
from buraco_learn.melds import Meld
from tests.helpers import two

C = Card.parse


# -- a discard near a card of the pile (TURN-1) -------------------------------------------------------
def test_a_card_near_a_pile_card_of_its_suit_is_not_the_advised_discard() -> None:
    """The reader's second hand: with K♣ on the pile, 10♣ was "safe" (no meld takes it), North took
    the pile and melded 9♣ 10♣ J♣ Q♣ K♣. A card two cards short of a run with the pile's K♣ now goes
    after the cards that go with nothing on the pile; the coach says why, as a judgement."""
    g = two("5S TC 4H 4C 7C 7D", pile="KC AS", melds="0=9D 9H 9S")
    assert advised_discard(g) != C("TC")
    v = judge(g, "discard TC")
    assert not v.mistake and v.sentences[1].startswith("≈ A matter of judgement"), str(v)
    assert "10♣ goes with K♣ on the pile" in str(v) and "J♣ and Q♣ from his hand" in str(v), str(v)
    assert "North could take the pile and lay down a run (TURN-1)" in str(v), str(v)


def test_when_every_card_goes_with_the_pile_the_least_near_is_advised_and_said_to_be_a_risk() -> None:
    """The reader's first hand: 9♦ after Q♦ (North then melded 8♦ to Q♦ with the pile). With
    9♦, J♠ and 5♦ each near a card of the pile (Q♦, 8♠, 5♠), the set needs one card of North's
    hand, the runs two: the advice is a run's card, and the hint says it is still a risk."""
    g = two("9D JS 5D", pile="5S QD 8S", melds="0=QH KH AH; 0=7S 7D 7C")
    card = advised_discard(g)
    assert card in (C("9D"), C("JS")), card
    text = str(hint(g))
    assert "it is still a risk, as every card you may discard is" in text, text
    assert "goes with" in text and "on the pile" in text, text
    worse = judge(g, "discard 5D")  # the set needs only one more 5 or a wild
    assert not worse.mistake and "5♦ goes with 5♠ on the pile" in str(worse), str(worse)
    assert "one more card of that rank" in str(worse), str(worse)


def test_a_card_that_goes_with_nothing_on_the_pile_is_still_the_plain_safe_discard() -> None:
    g = two("9D 4C", pile="QD 8S")
    assert advised_discard(g) == C("4C")
    text = str(hint(g))
    assert "Then discard 4♣" in text and "still a risk" not in text, text


# -- what was done, what is possible ------------------------------------------------------------------
def test_a_partial_lay_says_what_is_possible_and_a_finished_one_what_was_done() -> None:
    g = two("5H 6H 7H 8C 8D 8S 4C KD")
    part = judge(g, "meld 8C 8D 8S")
    assert "you could lay down 45 points this turn" in part.sentences[1], str(part)
    assert "Still to lay down this turn: meld 5♥ 6♥ 7♥." in str(part), str(part)
    g.apply("meld 8C 8D 8S")
    done = judge(g, "meld 5H 6H 7H")
    assert "you have laid down 45 points this turn" in done.sentences[1], str(done)
    assert "Still to lay down" not in str(done), str(done)


# -- which 2 is which (RUN-5, RUN-4) ------------------------------------------------------------------
def test_a_run_with_two_2s_says_which_is_natural_and_which_is_the_wild() -> None:
    said = twos_words(Meld.from_cards("2C 2D 4C"))
    assert said == ("In 2♣ 2♦(=3♣) 4♣, 2♣ is a natural 2 in its own place (RUN-5) and 2♦ is the run's one wild, "
                    "standing for 3♣ (RUN-4).")
    assert twos_words(Meld.from_cards("AC 2C 3C")) is None  # no wild: nothing to tell apart
    assert twos_words(Meld.from_cards("7C 7D 2C")) is None  # a set: a 2 is always wild there (SET-2)
    g = two("2C 2D 4C 9S KD JH")
    h = hint(g)
    assert isinstance(h.action, LayDown) and C("2D") in h.action.cards, str(h)
    assert "2♣ is a natural 2 in its own place (RUN-5)" in str(h), str(h)


def test_the_table_says_which_2_is_which_after_the_meld() -> None:
    from buraco_learn.widgets import TableWidget

    w = TableWidget(two("2C 2D 4C 9S KD JH"), viewer=0)
    w.play("meld 2C 2D 4C")
    assert w.feedback_text.startswith("You melded 2♣ 2♦(=3♣) 4♣ (meld #0).")
    assert "2♦ is the run's one wild, standing for 3♣ (RUN-4)." in w.feedback_text


def test_a_refusal_on_the_table_ends_as_a_sentence() -> None:
    from buraco_learn.widgets import TableWidget

    w = TableWidget(two("3H 4H 6H 9S KD"), viewer=0)
    w.play("meld 3H 4H 6H")
    assert "RUN-1" in w.feedback_text and w.feedback_text.endswith("."), w.feedback_text


# -- by how much ---------------------------------------------------------------------------------------
def test_a_costly_discard_says_how_many_points_it_gives_away() -> None:
    g = two("KD 5C 9S", melds="1=8D 9D TD JD QD")
    v = judge(g, "discard KD")
    assert v.mistake and v.loss == 10, str(v)
    assert "takes K♦ (TURN-2), 10 points more on their side at the count (EQ-2)" in str(v), str(v)
    w = judge(two("2S 5C 9S"), "discard 2S")
    assert w.mistake and w.loss == 20 and "it is 20 points for whoever melds it (EQ-2)" in str(w), str(w)


# -- every sentence, over seeded hands -------------------------------------------------------------------
#: The words a capital may start after a colon: a seat, a card, a rule ID, "I".
_NAMES = re.compile(r"(?:North|South|East|West|North-West|North-East|JK|Joker|I)\b|(?:10|[2-9AJQK])[♠♥♦♣]"
                    r"|[A-Z][A-Z0-9]*-\d")
_ONE = re.compile(r"\b1 (?:cards|points|other cards)\b|\bits 1 card\b|\bholds 1 card")


def _faults(sentence: str, lang: str) -> list[str]:
    out = []
    if not sentence.rstrip().endswith((".", "!", "?")):
        out.append("no final stop")
    if lang == "en":
        if _ONE.search(sentence):
            out.append("a plural after 1")
        for m in re.finditer(r": ([A-Z][\w-]*)", sentence):
            if not _NAMES.match(sentence, m.start(1)):
                out.append(f"a capital after a colon: {m.group(1)!r}")
    elif re.search(r"\b1 (?:cartes|carte [a-zé]+s)\b|\b1 altre\b", sentence):
        out.append("a plural after 1")
    return out


def _sentences(game: Game) -> list[str]:
    h = hint(game)
    out = list(h.sentences)
    if h.action is not None:
        out += list(judge(game, h.action).sentences)
    legal = game.legal_actions()
    other = next((a for a in legal if a != h.action and not isinstance(a, LayDown)), None)
    if other is not None:
        out += list(judge(game, other).sentences)
    return out


@pytest.mark.parametrize("players,seed,lang", [(2, 3, "en"), (2, 11, "en"), (4, 8, "en"), (2, 5, "fr"),
                                               (2, 6, "it")])
def test_seeded_hands_every_coach_and_hint_sentence_reads_right(players: int, seed: int, lang: str) -> None:
    """Over seeded hands of strong bots, every sentence the hint and the coach say to South (on the
    hint's move and on another legal move): no "1 cards", no capital after a colon unless a name,
    a card or a rule ID follows, and a final full stop."""
    g = Game.new(players, seed=seed)
    bots = [make_bot("strong", s) for s in range(players)]
    checked, seen = 0, 0
    with language(lang):
        while not g.is_over and checked < 18:
            seat = g.to_move
            if seat == 0:
                for sentence in _sentences(g):
                    faults = _faults(sentence, lang)
                    assert not faults, (faults, sentence, g.position())
                    seen += 1
                checked += 1
            g.apply(bots[seat].choose(g.view(seat), g.legal_actions()))
    assert checked > 5 and seen > 30, (checked, seen)


def test_the_sentence_check_finds_the_readers_faults() -> None:
    """The check above is not one that cannot fail: the reader's sentences fail it."""
    assert _faults("North may close (he holds 1 cards, CLOSE-1).", "en") == ["a plural after 1"]
    assert _faults("✓ Good move: Take the discard pile (TURN-1): with it.", "en") == [
        "a capital after a colon: 'Take'"]
    assert _faults("3H 4H 6H: a run has no gap (RUN-1)", "en") == ["no final stop"]
    assert _faults("Then discard 9♦: North could meld 10♦ J♦: 9♦ goes (TURN-1).", "en") == []
    assert _faults("Avec 1 cartes.", "fr") == ["a plural after 1"]


def test_a_refused_meld_with_two_2s_says_which_2_may_be_natural() -> None:
    from buraco_learn.widgets import TableWidget

    w = TableWidget(two("2C 2D 5C 9S KD JH"), viewer=0)
    w.play("meld 2C 2D 5C")
    text = w.feedback_text
    assert text.startswith("2C 2D 5C: the cards are not consecutive") and "(RUN-5)" in text, text
    assert "the 2 of the run's own suit, in the 2 position" in text and text.endswith("."), text
    w.play("meld 9S KD JH")  # no 2: the reason alone
    assert "RUN-5" not in w.feedback_text, w.feedback_text


def test_the_draw_hint_says_less_when_the_pile_lays_down_less_and_nothing_only_when_equal() -> None:
    """Over a seeded 4-player hand (South greedy, so it takes piles the strong player would not),
    every "draw from the stock" hint that counts both ways says what the counts say: "adds nothing"
    only for equal counts, "less now, not more" when the pile lays down less (TURN-1)."""
    g = Game.new(4, seed=4)  # at move 13 the pile would lay down 130 points, the stock 140
    bots = [make_bot("greedy", 1), make_bot("strong", 2), make_bot("greedy", 3), make_bot("strong", 4)]
    counted = re.compile(r"\((\d+) points with it, (\d+) without\)")
    kinds: set[str] = set()
    while not g.is_over:
        seat = g.to_move
        if seat == 0 and g.phase == "draw":
            for sentence in hint(g).sentences:
                m = counted.search(sentence)
                if m and sentence.startswith("Draw from the stock"):
                    with_pile, without = int(m.group(1)), int(m.group(2))
                    if with_pile < without:
                        assert "you would lay down less now, not more" in sentence, sentence
                        kinds.add("less")
                    else:
                        assert with_pile == without and "adds nothing" in sentence, sentence
                        kinds.add("equal")
        g.apply(bots[seat].choose(g.view(seat), g.legal_actions()))
    assert "less" in kinds, kinds
