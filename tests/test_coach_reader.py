"""Issue 23, what a second reader who had never played found wrong with the coach and the hint at
the table (three hands in coach mode): each test is that reader's position, rebuilt by hand."""

from __future__ import annotations

import re

from buraco_learn import Card, Game
from buraco_learn.actions import Discard, Draw, TakePile
from buraco_learn.coach import judge
from buraco_learn.hints import hint, play_advice
from buraco_learn.i18n import language
from tests.helpers import two

C = Card.parse

#: A card written in the engine's notation (9D, TC, JK) rather than with its suit symbol.
RAW_CARD = re.compile(r"(?<![\w`\"'])(?:[2-9TJQKA][SHDC])(?![\w`\"'])")


# -- 1. what kind of verdict it is, in its first words --------------------------------------------
def test_a_verdicts_first_words_say_what_kind_of_verdict_it_is() -> None:
    g = two("5H 6H 7H 8H 8C 8D 4S")
    best, costly = judge(g, "meld 8H 8C 8D"), judge(g, "meld 5H 6H 7H 8H")
    assert best.sentences[1].startswith("✓ Best move (proven by search):"), best.sentences
    assert costly.sentences[1].startswith("✗ Costly:"), costly.sentences
    d = two("5H 6H 9C 8D JK", pile="4C 7H", phase="draw")
    drew, took = judge(d, "draw"), judge(d, "pile")
    assert drew.sentences[1].startswith("≈ A matter of judgement"), drew.sentences
    assert took.sentences[1].startswith("≈ A matter of judgement"), took.sentences
    # praise and correction no longer open alike: the judgement says which one it is
    assert "agrees" in took.sentences[1] and "rather" in drew.sentences[1] and "rather" not in took.sentences[1]
    for v in (best, costly, drew, took):
        assert not any(s.startswith(("Exact", "Judgement")) for s in v.sentences), v.sentences


def test_the_verdict_kinds_have_their_words_in_french_and_italian() -> None:
    g = two("2S 9C KD")
    for lang, costly in (("fr", "✗ Coûteux"), ("it", "✗ Costa punti")):
        with language(lang):
            assert judge(g, "discard 2S").sentences[1].startswith(costly), lang


def test_notebook_08_explains_both_kinds_of_verdict() -> None:
    from pathlib import Path

    text = (Path(__file__).parent.parent / "buraco_learn" / "course" / "source" / "08-Play.md").read_text("utf-8")
    for label in ("✓ Best move (proven by search)", "≈ A matter of judgement", "✗ Costly"):
        assert label in text, label


# -- 2. what the points count ----------------------------------------------------------------------
def test_the_points_say_what_they_count() -> None:
    g = two("5H 6H 7H 8H 8C 8D 4S")
    v = str(judge(g, "meld 8H 8C 8D"))
    assert "you could lay down 45 points this turn" in v and "in all" not in v and "+45" not in v, v
    h = str(hint(g))
    assert "you lay down 45 points this turn" in h and "+45" not in h, h


# -- 3. a "safe" discard weighs what the pile gives the next player --------------------------------
def test_a_discard_that_lays_off_with_the_piles_card_on_the_next_players_meld_is_not_safe() -> None:
    """9♦ alone fits no meld, but with the 8♦ of the pile it lays off onto North's 5♦ 6♦ 7♦."""
    g = two("9D 4C KS QS", pile="8D", melds="1=5D 6D 7D")
    v = judge(g, "discard 9D")
    assert v.mistake and "TURN-1" in v.rules and "8♦" in str(v), str(v)
    assert hint(g).action != Discard(C("9D"))


def test_a_discard_that_makes_a_meld_with_a_wild_of_the_pile_is_not_safe() -> None:
    g = two("9D 4C KS QS", pile="8D 2C")
    v = judge(g, "discard 9D")
    assert v.mistake and "TURN-1" in v.rules, str(v)


def test_a_discard_is_called_safe_only_when_it_is() -> None:
    """7♦ makes 6♦ 7♦ 8♦ with the pile: less harm than 9♣ onto North's set, not safe."""
    g = two("9C 7D", melds="1=9S 9H 9S", pile="8D 6D")
    v = str(judge(g, "discard 9C"))
    assert "7♦ was safe" not in v, v
    h = str(hint(g))
    assert "Then discard 7♦" in h and "6♦" in h, h


# -- 4. the pile when the next player can close ---------------------------------------------------
def test_the_hint_draws_from_the_stock_when_the_opponent_may_close_next_turn() -> None:
    """North holds 2 cards, has a burraco down and his pot: the 6-card pile would stay in hand."""
    g = two("5H 6H 9C 8D KS QS", phase="draw", pile="JD JH QH KD AD 3C", north="4C 7D",
            melds="1=3S 4S 5S 6S 7S 8S 9S", took="1")
    h = hint(g)
    assert h.action == Draw(), str(h)
    assert "North" in str(h) and "close" in str(h) and "SCORE-1" in h.rules, str(h)
    v = judge(g, "pile")
    assert not v.mistake and "rather" in v.sentences[1] and "draw from the stock" in v.sentences[1], str(v)
    # without a burraco on the table North cannot close (CLOSE-1): no such warning
    far = two("5H 6H 9C 8D KS QS", phase="draw", pile="JD JH QH KD AD 3C", north="4C 7D", melds="1=3S 4S 5S 6S",
              took="1")
    assert "may close at his next turn" not in str(hint(far)), str(hint(far))


# -- 5. why this discard rather than that one ------------------------------------------------------
def test_the_coach_says_why_it_throws_the_higher_card() -> None:
    g = two("KS 4C 5D 6H", pile="QH")  # nothing of the hand goes with the pile
    v = judge(g, "discard 4C")
    text = str(v)
    assert "K♠" in text and "10" in text and "5" in text and "SCORE-1" in v.rules, text
    assert "SCORE-1" in hint(g).rules, str(hint(g))


# -- 6. verdicts found wrong ------------------------------------------------------------------------
def test_a_move_played_by_code_is_not_judged_as_the_learners() -> None:
    from buraco_learn.bots import StrongBot
    from buraco_learn.widgets import TableWidget

    g = two("2S 9C KD 5H", phase="draw", pile="QD", north="4D 7C 8S JH")
    w = TableWidget(g.clone(), viewer=0, opponents={1: StrongBot(1)}, coach=True)
    w.play("draw")  # what notebook 08's own cell does
    assert w.last_verdict is None and "mistake" not in w.feedback_text and "Costly" not in w.feedback_text
    assert "not judged" in w.feedback_text
    w.select(w.game.hand(0).index(C("2S")))  # the learner's own click is judged
    w.buttons["discard"].click()
    assert w.last_verdict is not None and w.last_verdict.mistake and "CLOSE-2" in w.feedback_text


def test_drawing_from_the_stock_is_never_called_a_mistake() -> None:
    d = two("5H 6H 9C 8D JK", pile="4C 7H", phase="draw")
    v = judge(d, "draw")
    assert not v.mistake and v.cost == 0 and "mistake" not in str(v) and "✗" not in str(v)
    # and it says so: the learner read "Judgement: the strong player would rather..." as a reproach
    assert "drawing from the stock is a reasonable choice" in v.sentences[1], v.sentences


def test_the_reason_for_preferring_a_discard_is_true_of_the_two_cards() -> None:
    """'would rather discard 9♦ ... it goes with fewer of your cards' when J♠ went with none: the
    reason compares the advised card with the card played, and holds for both."""
    g = two("9D 4C 5C KS", pile="QH")  # nothing of the hand goes with the pile
    v = str(judge(g, "discard 4C"))  # 4♣ goes with 5♣; 9♦ with nothing
    assert ("9♦ rather than 4♣: 4♣ links with 1 other card of your hand (its rank, its suit one or two ranks "
            "away, or a wild), 9♦ with none") in v, v
    tie = str(judge(g, "discard KS"))  # K♠ and 9♦: no link, 10 points each: nothing tells them apart
    assert "rather than K♠" not in tie and "fewer" not in tie, tie
    assert "fewer of your cards than any other" not in str(hint(g))


def test_the_draw_advice_and_the_next_verdict_follow_one_plan() -> None:
    """'Take the pile to lay down 20' (with its 2♠), then 'Keep 2♠' the next moment."""
    g = two("9C 4D KS", phase="draw", pile="5C 2S", melds="0=JH QH KH AH", north="4C 7D 8H TS JS")
    h = hint(g)
    taken = g.clone()
    taken.take_pile()
    then = play_advice(taken)
    assert "Keep 2♠" in str(hint(taken))
    if h.action == TakePile():
        assert f"lay down {then.points} points" in str(h) or "either way" in str(h), str(h)
        assert "20 points" not in str(h), str(h)


# -- 7. cards as symbols ----------------------------------------------------------------------------
def test_the_hint_and_the_coach_write_cards_with_their_suit_symbols() -> None:
    g = two("5H 6H 7H 9C 8D", melds="1=9S 9H 9D")
    for text in (str(hint(g)), str(judge(g, "discard 9C")), str(judge(g, "discard 8D"))):
        assert not RAW_CARD.search(text), text
    closing = two("TH 4C", melds="0=3H 4H 5H 6H 7H 8H 9H", took="0")
    for text in (str(hint(closing)), str(judge(closing, "discard TH"))):
        assert not RAW_CARD.search(text), text


def test_best_move_is_said_only_of_the_most_the_hand_can_lay_down() -> None:
    """Melding 5♥ 6♥ 7♥ and keeping 2♣ off J♥ Q♥ K♥ A♥ is the advice (BUR-2), but the hand could lay
    down 20 points more: the verdict may not say "the most your hand allows"."""
    g = two("2C 5H 6H 7H 9S KD", melds="0=JH QH KH AH")
    v = judge(g, "meld 5H 6H 7H")
    assert not v.mistake and v.sentences[1].startswith("✓ Good move"), v.sentences
    assert "the most your hand allows" not in str(v) and "20 points more" in str(v), str(v)


def test_a_costly_move_is_not_ticked_green_above_the_coachs_cross() -> None:
    """The screen said "✓ Done: You discarded K♣." in a green box, then "Coach: ✗ Costly: ...":
    a learner reads the green tick as praise. A move the coach calls costly is shown as played,
    in the neutral box; a good move keeps its "✓ Done"."""
    from buraco_learn.bots import StrongBot
    from buraco_learn.widgets import TableWidget

    g = two("2S 9C KD 5H", phase="draw", pile="QD", north="4D 7C 8S JH")
    w = TableWidget(g.clone(), viewer=0, opponents={1: StrongBot(1)}, coach=True)
    w.play("draw")
    w.select(w.game.hand(0).index(C("2S")))
    w.buttons["discard"].click()
    assert w.last_verdict is not None and w.last_verdict.mistake and w.last_verdict.costly
    assert w.feedback_kind == "info" and "✓" not in w.feedback.value and "Played:" in w.feedback.value
    assert "✗ Costly" in w.feedback_text

    good = TableWidget(two("5H 6H 7H 9C KD", phase="draw", pile="QD", north="4D 7C 8S JH"), viewer=0,
                       opponents={1: StrongBot(1)}, coach=True)
    good.buttons["draw"].click()
    assert good.last_verdict is not None and not good.last_verdict.mistake and not good.last_verdict.costly
    assert good.feedback_kind == "ok" and "✓ Done:" in good.feedback.value


# -- issue 23, second reader ------------------------------------------------------------------------
def test_after_the_pot_without_a_burraco_the_advice_keeps_cards_in_hand() -> None:
    """Laying both melds leaves 2 cards after the pot with no burraco: only draw and discard (CLOSE-1)."""
    g = two("5H 6H 7H 8C 8D 8S 4C KD", took="0")
    h = str(hint(g))
    assert "Keep 5♥ 6♥ 7♥ in your hand" in h and "no burraco yet" in h and "CLOSE-1" in h, h
    v = judge(g, "meld 5H 6H 7H")
    assert not v.sentences[1].startswith("✓") and "keep" in v.sentences[1], str(v)
    assert judge(g, "meld 8C 8D 8S").sentences[1].startswith("✓"), str(judge(g, "meld 8C 8D 8S"))


def test_the_wild_is_laid_when_the_opponents_may_close() -> None:
    """Notebook 8b section 10: a wild in hand costs its points when they close; lay it (SCORE-1)."""
    g = two("2C 9C KD 4S", melds="0=5H 6H 7H 8H; 1=3S 4S 5S 6S 7S 8S 9S", took="1", north="4D 7C")
    h = str(hint(g))
    assert "Keep 2♣" not in h and "Lay 2♣ now" in h and "SCORE-1" in h, h
    far = two("2C 9C KD 4S", melds="0=5H 6H 7H 8H; 1=3S 4S 5S 6S", took="1", north="4D 7C")
    assert "Keep 2♣" in str(hint(far)), str(hint(far))


def test_the_points_of_a_turn_never_shrink_after_a_meld() -> None:
    g = two("5H 6H 7H 8C 8D 8S 4C KD")
    assert "45 points" in str(hint(g)), str(hint(g))
    g.apply("meld 8C 8D 8S")
    h = str(hint(g))
    assert "15 points more this turn" in h and "45 in all" in h, h
    assert "45 points this turn" in str(judge(g, "meld 5H 6H 7H")), str(judge(g, "meld 5H 6H 7H"))


def test_an_obvious_pile_is_said_plainly() -> None:
    g = two("KH KD 4C 9S", pile="3C KS", phase="draw")
    took, drew = judge(g, "pile"), judge(g, "draw")
    assert took.sentences[1].startswith("✓ Good move") and "30 points" in took.sentences[1], str(took)
    assert "clearly better" in drew.sentences[1] and "judgement" not in drew.sentences[1], str(drew)
    assert not drew.mistake


def test_a_one_card_pile_that_adds_nothing_is_left() -> None:
    """Notebook 08c's hand (seed 21): "Take the discard pile: ... its 1 card give you more" for a
    3♦ that lays down nothing; the pile of one card is left, and no sentence says "1 card give"."""
    from buraco_learn.bots import make_bot, play_hand
    from buraco_learn.review import start_of

    game = Game.new(2, seed=21)
    play_hand(game, [make_bot("random", seed=3), make_bot("greedy")])
    g = start_of(game)
    for a in game.actions[:10]:
        g.apply(a)
    assert g.to_move == 0 and g.phase == "draw" and g.pile == (C("3D"),)
    h = hint(g)
    assert h.action == Draw() and "1 card give" not in str(h) and "costs nothing" not in str(h), str(h)
    assert not judge(g, "draw").sentences[1].startswith("≈ A matter of judgement: drawing")
    for lang in ("en", "fr", "it"):
        with language(lang):
            assert "1 card give" not in str(hint(two("5H 6H 9C 8D KS", phase="draw", pile="QD 4C")))


def test_the_least_harmful_discard_is_not_said_to_give_something_and_nothing() -> None:
    g = two("9C 7D", melds="1=9S 9H 9S", pile="8D 6D")
    h = str(hint(g))
    assert "every card you may discard gives North something, and 7♦ gives the least" in h, h
    assert "does give" not in h and "but every other card" not in h, h


def test_keeping_two_cards_is_said_plainly() -> None:
    h = str(hint(two("9H 4C KD", melds="0=5H 6H 7H 8H", took="0")))
    assert "Keep at least two cards in your hand: one to discard and one to keep" in h and "CLOSE-4" in h, h
    assert "one card could not end the turn" not in h


def test_a_discard_an_opponents_meld_takes_is_never_called_the_least_useful_card() -> None:
    """8♣ went onto North's clubs at once after "it is the least useful card", and the same hint
    warned against 3♠ for what 8♣ does too: when every card is taken, the hint says so."""
    g = two("3S 8C 4C", melds="1=3H 3D 3C; 1=5C 6C 7C")
    h = hint(g)
    assert isinstance(h.action, Discard), str(h)
    text = str(h)
    card = h.action.card.pretty
    assert f"Then discard {card}: the opponents' meld" in text and "every other card you may discard is taken too" in text
    assert "Do not discard" not in text and "least useful" not in text, text
    v = judge(g, "discard 3S" if card != "3♠" else "discard 8C")
    assert "taken too" in str(v) and not v.mistake, str(v)


def test_the_advice_to_keep_a_reserve_holds_through_the_turn() -> None:
    """Notebook 08b's turn after the pot (CLOSE-1, CLOSE-4): the hint says to keep the queens at
    the draw; once the spades and the 9♥ are down (six cards laid, six left), it still says so, and
    the coach does not call laying them the best move."""
    from buraco_learn.exercises.turns import TURNS
    g = Game.from_position(TURNS["after-pot"])
    g.draw()
    assert "Keep Q♠ Q♦ Q♣ in your hand" in str(hint(g.clone()))
    g.apply("meld 5S 6S 7S 8S 9S")
    g.apply("layoff 0: 9H")
    assert "Keep Q♠ Q♦ Q♣ in your hand" in str(hint(g.clone()))
    queens = next(a for a in g.legal_actions() if sorted(str(c) for c in getattr(a, "cards", ())) == ["QC", "QD", "QS"])
    verdict = str(judge(g.clone(), queens))
    assert "Best move" not in verdict and "keep it in hand" in verdict
