"""The coach: a verdict on every decision, exact where the answer is certain, a judgement where it is
not, and the same judgement as the hint."""

from __future__ import annotations

import pytest

from buraco_learn import Card, Game
from buraco_learn.actions import Discard, Draw, LayDown, LayOff, TakePile
from buraco_learn.bots import make_bot
from buraco_learn.coach import judge, judge_hand
from buraco_learn.errors import BuracoError
from buraco_learn.hints import discard_faults, hint
from buraco_learn.i18n import language
from tests.helpers import table, two

C = Card.parse


# -- the points laid down this turn (exact, the solver) ------------------------------------------
def test_a_meld_that_lays_less_than_the_best_is_an_exact_mistake_eq2() -> None:
    g = two("5H 6H 7H 8H 8C 8D 4S")
    v = judge(g, "meld 5H 6H 7H 8H")
    assert v.kind == "lay" and v.mistake and v.exact and v.loss == 20
    assert v.sentences[1].startswith("✗ Costly") and "45" in str(v) and "EQ-2" not in v.sentences[0]


def test_a_step_of_the_best_plan_is_never_a_mistake() -> None:
    g = two("5H 6H 7H 8H 8C 8D 4S")
    for step in ("meld 8H 8C 8D", "meld 5H 6H 7H"):
        v = judge(g, step)
        assert not v.mistake and v.loss == 0 and v.sentences[1].startswith("✓ Best move"), step


def test_judge_refuses_an_illegal_move_and_changes_nothing() -> None:
    g = two("5H 6H 7H 8H 8C 8D 4S")
    before = g.position()
    with pytest.raises(BuracoError, match="SET-1|RUN-1|meld"):
        judge(g, "meld 5H 8C 4S")
    assert g.position() == before


# -- the discard ------------------------------------------------------------------------------------
def test_a_wild_thrown_away_while_another_card_will_do_is_an_exact_mistake() -> None:
    g = two("2S 9C KD")
    v = judge(g, "discard 2S")
    assert v.mistake and v.exact and v.kind == "discard" and "wild" in str(v) and "CLOSE-2" in v.rules
    assert not judge(g, "discard 9C").mistake and not judge(g, "discard KD").mistake


def test_a_discard_an_opponents_meld_takes_is_an_exact_mistake_turn2() -> None:
    g = two("9C 4D KS", melds="1=9S 9H 9D")
    v = judge(g, "discard 9C")
    assert v.mistake and "TURN-2" in v.rules and "meld #0" in str(v)
    assert not judge(g, "discard KS").mistake


def test_a_discard_that_makes_a_meld_with_the_pile_is_an_exact_mistake_turn1() -> None:
    """The issue's case: 9♦ advised as safe, and North took the pile and melded 8♦ 9♦ 10♦."""
    g = two("9D 4C 4S KS QS", pile="8D TD")
    v = judge(g, "discard 9D")
    assert v.mistake and "TURN-1" in v.rules and "8♦ 9♦ 10♦" in str(v)
    assert hint(g).action != Discard(C("9D"))


def test_the_next_players_known_cards_from_a_pile_count_for_the_discard() -> None:
    """What North took with the pile is public (known_holdings): 9♦ makes a meld with his 8♦ 10♦."""
    g = Game.from_position("fibur 2p d1 t0 play | h: TD 8D 9D KS QS 4C / 5S 6C JH | m: - | p: 3C | s: * "
                           "| pots: *11 / *11 | took: -")
    g.discard(C("TD"))
    g.draw()
    g.discard(C("JH"))
    g.draw()
    g.discard(C("8D"))
    g.take_pile()
    g.discard(C("5S"))
    g.draw()
    assert [f.cards for f in discard_faults(g, C("9D")) if f.kind == "pile"] == [(C("TD"), C("8D"))]


def test_closing_missed_when_it_was_possible_is_exact_close1() -> None:
    g = two("TH 4C", melds="0=3H 4H 5H 6H 7H 8H 9H", took="0")
    v = judge(g, "discard TH")
    assert v.kind == "close" and v.mistake and v.exact and "CLOSE-1" in v.rules
    assert not judge(g, "layoff 0: TH").mistake
    after = g.clone()
    after.apply("layoff 0: TH")
    done = judge(after, "discard 4C")
    assert done.kind == "close" and not done.mistake and "CLOSE-5" in done.rules


def test_a_card_kept_that_the_partners_meld_takes_is_exact() -> None:
    g = table(["8H 4C KS QD", "5S 6C", "9S JD", "4D 7C"], melds="2=5H 6H 7H", head="fibur 4p d3 t0 play")
    v = judge(g, "discard 4C")
    assert v.mistake and v.loss == 10 and "partner's meld #0" in str(v)


# -- judgement: stock or pile ---------------------------------------------------------------------
def test_stock_or_pile_is_a_judgement_with_the_strong_bots_reason() -> None:
    g = two("5H 6H 9C 8D JK", pile="4C 7H", phase="draw")
    drew, took = judge(g, "draw"), judge(g, "pile")
    # counted as the play advice counts it: with the pile the JK is kept off 5♥ 6♥ 7♥ (BUR-2)
    assert not drew.exact and not drew.mistake and drew.better == TakePile() and drew.loss is None
    assert "judgement" in drew.sentences[1] and "15 points this turn, against 40" in str(drew)
    assert not took.exact and took.better is None and "agrees" in str(took)


# -- the hint says the same, and what notebook 8b teaches ----------------------------------------
def test_the_hint_keeps_a_wild_off_every_meld_that_can_grow_clean() -> None:
    """The issue: "keep the 2♣ out of the 7s" one turn, "lay it onto Q-K-A" the next."""
    for melds in ("0=7H 7C 7D 7S", "0=QH KH AH", "0=7H 7C 7D 7S; 0=QH KH AH"):
        h = hint(two("2C 4D 9S KD", melds=melds))
        assert "Keep 2♣" in str(h), (melds, str(h))
        assert not (isinstance(h.action, LayOff) and C("2C") in h.action.cards), (melds, str(h))
        # ... and it is not thrown away either (8b: never discard a wild while another card will do)
        assert h.action != Discard(C("2C")) and "think twice" not in str(h), (melds, str(h))


def test_a_set_is_never_described_as_a_run() -> None:
    g = two("2C 4D 9S KD", melds="0=7H 7C 7D 7S")
    text = str(hint(g))
    assert "Keep 2♣" in text and "at an end" not in text and "eight cards" in text


def test_the_hint_lays_a_hand_of_wilds_when_the_opponents_may_close() -> None:
    """A hand of wilds is a liability when the other side has its pot and a burraco (8b)."""
    g = two("2C JK 4D 9S", melds="0=7H 7C 7D 7S; 1=3S 4S 5S 6S 7S 8S 9S", took="1", north="5D 6C KH")
    assert "Keep" not in str(hint(g))


# -- seeded hands -------------------------------------------------------------------------------------
@pytest.mark.parametrize("players,seed", [(2, 3), (4, 8)])
def test_seeded_hands_the_hint_is_never_a_mistake_and_keeps_the_principles(players: int, seed: int) -> None:
    """Over a seeded hand of strong bots, at every decision of South: the coach never calls the
    hint's move a mistake, the hint never throws a wild while another discard is possible nor a card
    with a certain fault when a faultless one exists, and its words stay those of notebook 8b."""
    g = Game.new(players, seed=seed)
    bots = [make_bot("strong", s) for s in range(players)]
    checked = 0
    while not g.is_over and checked < 25:
        seat = g.to_move
        if seat == 0:
            h = hint(g)
            text = str(h)
            assert "think twice" not in text and "big gift" not in text
            if h.action is not None:
                v = judge(g, h.action)
                assert not v.mistake, (g.position(), text, str(v))
            if isinstance(h.action, Discard) and "close now" not in text:
                legal = [a.card for a in g.legal_actions() if isinstance(a, Discard)]
                if h.action.card.is_wild:
                    assert all(c.is_wild for c in legal), text
                kinds = {f.kind for f in discard_faults(g, h.action.card)}
                if "feeds" in kinds or "pile" in kinds:  # only when every other card has such a fault
                    assert all(discard_faults(g, c) for c in legal), text
            checked += 1
        g.apply(bots[seat].choose(g.view(seat), g.legal_actions()))
    assert checked > 5


def test_judge_hand_covers_every_move_of_the_seat_and_the_review_ranks_them() -> None:
    from buraco_learn.review import review

    g = Game.new(2, seed=5)
    from buraco_learn.bots import play_hand

    play_hand(g, [make_bot("greedy", 1), make_bot("random", 2)])
    mine = sum(1 for e in g.history if e.seat == 1)
    verdicts = judge_hand(g, 1)
    assert len(verdicts) == mine and all(v.seat == 1 and v.move for v in verdicts)
    r = review(g, seat=1)
    assert r.decisions == verdicts
    costs = [v.cost for v in r.costliest]
    assert costs == sorted(costs, reverse=True) and costs[0] > 0
    assert "Every decision, the costliest first" in str(r)
    html = r._repr_html_()
    assert "Every decision, the costliest first" in html and 'class="decision mistake"' in html
    # the review's best stays the solver's own
    from buraco_learn.records import parse_position
    from buraco_learn.solver import solve

    for t in r.turns[:4]:
        assert t.best.points == solve(parse_position(t.position, rules=g.rules, study=True)).points


def test_the_verdicts_speak_french_and_italian() -> None:
    g = two("2S 9C KD")
    with language("fr"):
        fr = str(judge(g, "discard 2S"))
    with language("it"):
        it = str(judge(g, "discard 2S"))
    assert "Coûteux" in fr and "Costly" not in fr and "Your move" not in fr and "CLOSE-2" in fr
    assert "Costa punti" in it and "Costoso" not in it and "Costly" not in it and "Your move" not in it and "CLOSE-2" in it


# -- coach mode on the table widget ----------------------------------------------------------------
def test_coach_mode_puts_the_verdict_of_each_move_in_the_feedback_box() -> None:
    from buraco_learn.bots import StrongBot
    from buraco_learn.widgets import TableWidget

    g = two("2S 9C KD 5H", phase="draw", pile="QD", north="4D 7C 8S JH")
    w = TableWidget(g.clone(), viewer=0, opponents={1: StrongBot(1)}, coach=True)
    w.buttons["draw"].click()  # the learner's clicks are judged (a move played by code is not)
    assert w.last_verdict is not None and w.last_verdict.kind == "draw"
    assert "Coach: " in w.feedback_text and "judgement" in w.feedback_text
    w.select(w.game.hand(0).index(C("2S")))
    w.buttons["discard"].click()
    assert w.last_verdict.mistake and "CLOSE-2" in w.feedback_text and "Coach: " in w.feedback.value
    off = TableWidget(g.clone(), viewer=0, opponents={1: StrongBot(1)})
    off.play("draw")
    assert off.last_verdict is None and "Coach" not in off.feedback_text


def test_discard_advice_keeps_the_wild_even_when_every_other_card_feeds() -> None:
    """8b: never a wild while another card will do (it said "a wild is a big gift, so think twice")."""
    from buraco_learn.hints import discard_advice

    card, words = discard_advice(two("2S 9C", melds="1=9S 9H 2D"))
    assert card == C("9C") and "think twice" not in " ".join(words)
