"""The widgets and renderers speak the chosen language: every label and text line goes through the
catalog (issue 15), while rule IDs and card notation stay as they are.

The French catalog is still being written, so these tests install a fake one: it "translates"
every sentence to the English wrapped in ⟪ ⟫. A text line is then fully translated when nothing
but numbers, punctuation, card notation and rule IDs is left outside the brackets.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterator

import pytest

import buraco_learn.i18n as i18n
from buraco_learn import Game
from buraco_learn.i18n import get_language, language, set_language
from buraco_learn.puzzles import load_puzzles
from buraco_learn.render.text import describe_table, status_line
from buraco_learn.widgets import HandWidget, MeldWidget, ReplayWidget, TableWidget
from buraco_learn.widgets.puzzle import PuzzleWidget

OPEN, CLOSE = "⟪", "⟫"


class Bracketing(gettext.NullTranslations):
    """A catalog that translates every sentence: ``Draw`` -> ``⟪Draw⟫``."""

    def gettext(self, message: str) -> str:
        return OPEN + message + CLOSE

    def pgettext(self, context: str, message: str) -> str:
        return OPEN + message + CLOSE

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return OPEN + (singular if n == 1 else plural) + CLOSE


@pytest.fixture
def fake_catalog(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The bracketing catalog for every language but English; English after the test."""
    fake = Bracketing()
    monkeypatch.setattr(i18n, "_catalog", lambda lang: fake)
    yield
    set_language("en")


_INNER = re.compile(OPEN + "[^" + OPEN + CLOSE + "]*" + CLOSE)
# What may stand outside a translation: card notation (5H, 7♥, JK, 10♣), rule IDs, the number
# of a meld, numbers, punctuation and the marks the widgets draw.
_ALLOWED = re.compile(r"(?:[2-9TJQKA]|10)[SHDC♠♥♦♣]|JK|\b[A-Z][A-Z0-9]*-\d+\b|[\d\W_]+")


def untranslated(text: str) -> str:
    """What is left of ``text`` once every translated sentence and every card, rule ID, number
    and punctuation mark is taken out: English that did not go through the catalog."""
    while True:
        shorter = _INNER.sub(" ", text)
        if shorter == text:
            break
        text = shorter
    return _ALLOWED.sub(" ", text).strip()


def test_the_fake_catalog_finds_english_left_over() -> None:
    """The checker itself: a translated line leaves nothing, an English word is found."""
    assert untranslated("⟪You drew {card}⟫ 7♥ (TURN-1): ⟪⟪South⟫ to play⟫ · 12") == ""
    assert untranslated("⟪Draw⟫ the stock") == "the stock"


BUTTONS = {"draw": "Draw", "pile": "Take pile", "meld": "Meld", "layoff": "Lay off", "discard": "Discard",
           "clear": "Clear", "suit": "Sort by suit", "rank": "Sort by rank", "spread": "Spread pile",
           "hint": "Hint", "copy": "Copy position"}


def test_table_buttons_use_the_fixed_msgids(fake_catalog: None) -> None:
    """The table's buttons and lists are labelled through the catalog, with the English msgids the
    translators have fixed translations for."""
    w = TableWidget(Game.new(4, seed=7, dealer=3), viewer=0, language="fr")
    for key, label in BUTTONS.items():
        assert w.buttons[key].description == f"⟪{label}⟫"
    assert w.target_choice.description == "⟪Lay off onto⟫" and w.deck_choice.description == "⟪Deck⟫"
    assert all(untranslated(label) == "" for label, _value in w.deck_choice.options)


def test_table_language_does_not_change_the_global_one(fake_catalog: None) -> None:
    """``language="fr"`` on a widget: the widget speaks French, the notebook stays in its own
    language, before and after every call."""
    assert get_language() == "en"
    w = TableWidget(Game.new(2, seed=4), viewer=1, language="fr")
    assert get_language() == "en"
    w.draw()
    assert get_language() == "en" and w.feedback_text.startswith("⟪You drew")
    set_language("it")
    w.discard_selected()
    assert get_language() == "it" and w.feedback_text.startswith("⟪Select")
    english = TableWidget(Game.new(2, seed=4), viewer=0, language="en")
    assert english.buttons["draw"].description == "Draw" and get_language() == "it"


def test_table_follows_the_current_language_without_a_parameter(fake_catalog: None) -> None:
    """``language=None`` (the default): the widget speaks the language chosen with set_language."""
    set_language("fr")
    w = TableWidget(Game.new(2, seed=4), viewer=0)
    assert w.buttons["discard"].description == "⟪Discard⟫"
    set_language("en")
    assert TableWidget(Game.new(2, seed=4), viewer=0).buttons["discard"].description == "Discard"


def test_table_refusal_keeps_the_rule_id_and_translates_the_frame(fake_catalog: None) -> None:
    """A refused move (TURN-1: draw first): the widget's own words are translated, the rule ID
    stays in the text and its rule's sentence is shown."""
    g = Game.new(4, seed=7, dealer=3)
    w = TableWidget(g, viewer=0, language="fr")
    w.discard_selected()
    assert w.feedback_text == "⟪Select the card to discard first.⟫"
    w.select(0)
    w.discard_selected()
    assert w.feedback_kind == "refused" and "(TURN-1)" in w.feedback_text
    assert "⟪✗ Not allowed:⟫" in w.feedback.value and 'data-rule="TURN-1"' in w.feedback.value


def test_table_moves_and_words_are_translated_with_cards_kept(fake_catalog: None) -> None:
    """After a draw (TURN-1), the feedback line names the card in notation inside a translated
    sentence; the text description, status line and hint frame leave no English behind."""
    g = Game.new(4, seed=7, dealer=3)
    w = TableWidget(g, viewer=0, language="fr")
    w.click(*w.geometry.stock.center)
    drawn = w.highlighted
    assert g.phase == "play" and len(drawn) == 1
    (card,) = drawn
    assert w.feedback_text.startswith(f"⟪You drew {card.pretty} from the stock⟫")  # the field filled in
    assert "⟪✓ Done:⟫" in w.feedback.value
    assert untranslated(w.description_text) == ""
    assert untranslated(w.words.value.split("<summary")[1].split(">", 1)[1].split("<")[0]) == ""
    assert untranslated(repr(w)) == "" and untranslated(w.static_html().split("</div>")[0].split(">")[-1]) == ""
    with language("fr"):
        assert untranslated(status_line(g, 0)) == ""
        assert untranslated(describe_table(g, 0)) == ""


def test_table_save_and_load_messages_are_translated(fake_catalog: None, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Saving and a refused load speak the widget's language; the table is unchanged."""
    w = TableWidget(Game.new(2, seed=4), viewer=1, language="fr")
    w.draw()
    assert w.save_record(tmp_path / "hand.json") is not None
    assert w.feedback_text == "⟪Saved the hand (1 move) to hand.json.⟫"
    before = w.game.position()
    assert not w.load_text("")
    assert w.feedback_text.startswith("⟪Could not load ⟪the text⟫: ⟪it is empty") and w.game.position() == before


def test_hand_and_meld_widgets_speak_their_language(fake_catalog: None) -> None:
    """The hand's and the melds' buttons and text lines; the cards and meld numbers stay."""
    from buraco_learn import Meld

    hand = HandWidget("7H 5S JK 6S", language="fr")
    assert [b.description for b in hand.children[2].children[:3]] == ["⟪Sort by suit⟫", "⟪Sort by rank⟫",
                                                                        "⟪Clear⟫"]
    hand.toggle(1)
    assert "7♥" in hand.description_text and untranslated(hand.description_text) == ""
    melds = MeldWidget([Meld.from_cards("3H 4H 5H 6H 7H 8H 9H")], language="fr")
    melds.target = 0
    text = melds.description_text
    assert "#0" in text and "3♥" in text and "⟪clean burraco⟫" in text and untranslated(text) == ""
    assert get_language() == "en"


def test_puzzle_widget_question_buttons_and_verdicts(fake_catalog: None) -> None:
    """A puzzle in French: the question, the buttons, a wrong answer's verdict (rule IDs kept,
    the hint translated) and a right one."""
    p = next(p for p in load_puzzles() if p.kind == "score")
    w = PuzzleWidget(p, language="fr")
    assert untranslated(w.question.value.replace("<b>", "").replace("</b>", "").replace(p.name, "")) == ""
    assert (w.check_button.description, w.reset_button.description, w.no_close_button.description) == (
        "⟪Check⟫", "⟪Reset⟫", "⟪It cannot close⟫")
    assert w.table.buttons["draw"].description == "⟪Draw⟫"
    w.score_box.value = int(p.answer) + 1
    w.check()
    assert w.table.feedback_kind == "refused" and 'data-rule="SCORE-1"' in w.table.feedback.value
    assert w.table.feedback_text.startswith(f"⟪{int(p.answer) + 1} is not the side's score")
    assert "⟪Hint⟫" in w.table.feedback_text and "(SCORE-1)" in w.table.feedback_text
    w.score_box.value = int(p.answer)
    w.check()
    assert w.verdict is not None and w.verdict.correct and w.table.feedback_kind == "ok"
    assert "⟪Right: " not in w.table.feedback_text and "⟪✓ Right⟫" in w.table.feedback.value
    assert get_language() == "en"


def test_replay_widget_speaks_its_language(fake_catalog: None) -> None:
    """The replay's buttons, turn list and narration frame; the global language is untouched."""
    from buraco_learn.bots import make_bot, play_hand

    g = Game.new(2, seed=5)
    play_hand(g, [make_bot("greedy", 1), make_bot("random", 2)])
    w = ReplayWidget(g, viewer=None, language="fr")
    assert w.reveal_toggle.description == "⟪Every hand⟫" and w.buttons["start"].description == "⟪Start⟫"
    assert untranslated(w.said_text.replace("▶", "")) == ""
    assert all(untranslated(label) == "" for label, _ in w.turn_choice.options)
    assert untranslated(w.table.description_text) == ""
    assert get_language() == "en"


def test_english_is_unchanged_without_a_catalog() -> None:
    """The package's default stays English: the same words as before."""
    w = TableWidget(Game.new(4, seed=7, dealer=3), viewer=0)
    assert [w.buttons[k].description for k in BUTTONS] == list(BUTTONS.values())
    assert w.description_text.splitlines()[1].startswith("You are South.")


def test_static_table_and_cards_speak_the_language(fake_catalog: None) -> None:
    """The still HTML table (what a notebook shows without a kernel) and a card's tooltip."""
    from buraco_learn.cards import Card
    from buraco_learn.render.html import card_title, table_html

    g = Game.new(4, seed=7)
    with language("fr"):
        html = table_html(g)
        assert card_title(Card.parse("QH")) == "⟪⟪queen⟫ of ⟪hearts⟫⟫"
    assert "⟪⟪West⟫ to play: ⟪draw from the stock or take the discard pile⟫⟫" in html
    assert "<b>⟪Discard pile⟫</b>" in html and "<b>⟪Pots⟫⟪:⟫</b>" in html
    assert "West to play" in table_html(g)  # English again outside the block


def test_review_report_speaks_the_language(fake_catalog: None) -> None:
    """A hand's review: every line translated, cards, points and rule IDs kept."""
    from buraco_learn.bots import make_bot, play_hand
    from buraco_learn.review import review

    g = Game.new(2, seed=5)
    play_hand(g, [make_bot("greedy", 1), make_bot("random", 2)])
    r = review(g, seat=1)
    with language("fr"):
        lines = r.lines()
        html = r._repr_html_()
    assert all(untranslated(line) == "" for line in lines), [line for line in lines if untranslated(line)]
    assert "(SCORE-1)" in lines[-1] and "⟪Where the most was lost⟫" in html


def test_progress_view_and_next_step_speak_the_language(fake_catalog: None) -> None:
    """The index's progress view and "what to do next" (the notebook titles are the course
    catalog's, so only the view's own words are checked here)."""
    from buraco_learn.progress import ProgressView

    view = ProgressView.of({})
    with language("fr"):
        text = view.text()
        html = view._repr_html_()
    first = view.notebooks[0]
    assert text.splitlines()[0].startswith("⟪Your progress: 0 of ")
    assert text.splitlines()[-1].startswith(f"⟪Next: {first.stem}.ipynb (") and "⟪not started⟫" in html
    assert "⟪No progress recorded yet" in html


def test_teacher_demo_narrates_in_its_language(fake_catalog: None) -> None:
    """The classroom demo: buttons and narration translated, rule IDs and cards kept."""
    from buraco_learn.course.teacher import Demo

    w = Demo(players=4, seed=11).widget(language="fr")
    assert w.buttons["next"].description == "⟪Next move⟫" and w.table.buttons["draw"].description == "⟪Draw⟫"
    w.next_move()
    w.next_move()
    assert "(SET-1, SET-2)" in w.said_text and "3♥" in w.said_text and untranslated(w.said_text) == ""
    assert get_language() == "en"


def test_pictures_speak_the_language(fake_catalog: None) -> None:
    """The course's pictures: titles and notes translated, rule IDs and notation kept."""
    from buraco_learn.course.pictures import burraco_kinds, card_values, cheat_sheet

    with language("fr"):
        values = repr(card_values())
        kinds = burraco_kinds()._repr_html_()
        sheet = cheat_sheet()._repr_html_()
    assert values.startswith("⟪Card values (EQ-2): ") and "⟪joker⟫ 30" in values
    assert "⟪Three kinds of burraco (7 cards or more, BUR-1)⟫" in kinds and "⟪clean (pulito): 200⟫" in kinds
    assert "⟪Buraco on one page⟫" in sheet and "<code>fibur</code>" in sheet


def test_an_unknown_language_is_refused_before_anything_is_built() -> None:
    """``language="de"``: the package's own error naming the languages there are; nothing changes."""
    with pytest.raises(ValueError, match="no language 'de'.*fr \\(Français\\)"):
        TableWidget(Game.new(2, seed=4), viewer=0, language="de")
    assert get_language() == "en"


FIXED_LABELS = ("Draw", "Take pile", "Meld", "Lay off", "Discard", "Clear", "Sort by suit", "Sort by rank",
                "Spread pile", "Hint", "Copy position", "Check", "Reset", "It cannot close", "New hand",
                "Every hand", "Lay off onto", "Deck")


def test_the_template_holds_the_fixed_button_labels() -> None:
    """The buttons' labels are in the runtime catalog's template as the English msgids the
    translators have fixed translations for (no context), and the seat names with context."""
    from importlib.resources import files

    pot = files("buraco_learn").joinpath("locale", "buraco_learn.pot").read_text(encoding="utf-8")
    entries = pot.split("\n\n")

    def has(msgid: str, context: str | None = None) -> bool:
        for entry in entries:
            lines = [ln for ln in entry.splitlines() if not ln.startswith("#")]
            ctx = next((ln for ln in lines if ln.startswith("msgctxt ")), None)
            if f'msgid "{msgid}"' in lines and ctx == (None if context is None else f'msgctxt "{context}"'):
                return True
        return False

    # "New hand" labels no button in the package yet: it joins the list when such a button exists.
    missing = [label for label in FIXED_LABELS if label != "New hand" and not has(label)]
    assert missing == []
    assert all(has(seat, "seat") for seat in ("South", "West", "North", "East"))


def test_court_cards_carry_the_letters_of_the_languages_cards() -> None:
    """French cards print R D V (roi, dame, valet), Italian and English ones K Q J; the
    notation stays KS (the rules reference, section 1; issue 25)."""
    from buraco_learn.cards import Card
    from buraco_learn.i18n import language
    from buraco_learn.render import card_html

    def corner(card: str, lang: str) -> str:
        with language(lang):
            html = card_html(Card.parse(card))
        return re.search(r">(\w+)<br>", html).group(1)  # type: ignore[union-attr]

    assert [corner(c, "fr") for c in ("KS", "QH", "JD", "AS")] == ["R", "D", "V", "A"]
    assert [corner(c, "it") for c in ("KS", "QH", "JD")] == ["K", "Q", "J"] == [corner(c, "en") for c in ("KS", "QH", "JD")]


# -- French sentences built from parts, in the real catalog (issue 25) ------------------------------


def _discard_line(card: str, *, you: bool) -> str:
    from buraco_learn.actions import Discard
    from buraco_learn.cards import Card
    from buraco_learn.state import Event
    from buraco_learn.widgets.common import event_words

    game = Game.new(2, seed=3)
    event = Event(seat=1, action=Discard(Card.parse(card)), note="")
    with language("fr"):
        return event_words(game, event, you=you)


def test_french_discard_line_says_a_defausse_le() -> None:
    """The table's line for a discard reads « Nord a défaussé le 8♠ », not « s'est défaussé de 8♠ »;
    the review's and the coach's words too."""
    from buraco_learn import parse_action
    from buraco_learn.review import action_words

    line = _discard_line("8S", you=False)
    assert "a défaussé le 8♠" in line and "s'est" not in line
    assert "Vous avez défaussé le 8♠" in _discard_line("8S", you=True)
    with language("fr"):
        assert action_words(parse_action("discard 8S")) == "a défaussé le 8♠"


def test_french_article_before_a_card_elides_and_agrees() -> None:
    """« le A♠ » is « l'A♠ », « de A♠ » « de l'A♠ », « de 8♠ » « du 8♠ », a queen « la D♥ »; the
    discard line and the hints use it."""
    from buraco_learn import parse_action
    from buraco_learn.lang import typeset
    from buraco_learn.review import action_words

    assert "a défaussé l'A♠" in _discard_line("AS", you=False)
    with language("fr"):
        assert action_words(parse_action("discard AD")) == "a défaussé l'A♦"
    assert typeset("ne vous défaussez pas de A♣ ni de 9♣ ; le 8♠ va au A♠", "fr") == (
        "ne vous défaussez pas de l'A♣ ni du 9♣\u202f; le 8♠ va à l'A♠")
    assert typeset("les combinaisons de 5♥ 6♥ 7♥", "fr") == "les combinaisons de 5♥ 6♥ 7♥"  # several cards
    assert typeset("écrivez `le AS`", "fr") == "écrivez `le AS`"  # what a learner types


def test_french_sentences_read_court_cards_as_r_d_v() -> None:
    """Where a French learner reads a card (a sentence, the table's text, a feedback box, a wild's
    stand-in) a king, queen and jack are R D V; what a learner types stays KS QH JD."""
    from buraco_learn.cards import Card
    from buraco_learn.game import TableMeld
    from buraco_learn.melds import Meld
    from buraco_learn.render.feedback import feedback_html
    from buraco_learn.render.text import describe_hand, describe_meld

    assert "Vous avez défaussé la D♥" in _discard_line("QH", you=True)
    assert "Nord a défaussé le R♠" in _discard_line("KS", you=False)
    with language("fr"):
        hand = describe_hand([Card.parse(c) for c in ("KC", "QD", "JH", "AS")])
        meld = describe_meld(TableMeld(id=0, owner=0, meld=Meld.parse("2C(=KC) QC AC")))
        box = feedback_html("wrong", "défaussez le KD, pas le 9C", hint='écrivez `discard KD` ou "discard QS"')
    assert "R♣ D♦ V♥ A♠" in hand and "K" not in hand
    assert "D♣ 2♣(=R♣) A♣" in meld
    assert "le R♦" in box and "<code>discard KD</code>" in box and '"discard QS"' in box
    with language("en"):
        assert "Q♣ 2♣(=K♣) A♣" in describe_meld(TableMeld(id=0, owner=0, meld=Meld.parse("2C(=KC) QC AC")))


def test_french_outputs_space_their_punctuation_and_group_thousands() -> None:
    """The wild-moves picture's text puts a narrow no-break space before its « ; », and a French
    number of four digits groups its thousands (« 2 005 »), in a sentence and in the count."""
    from buraco_learn.course.pictures import wild_moves
    from buraco_learn.match import HandResult, Match
    from buraco_learn.render.count import _points
    from buraco_learn.render.text import match_words

    with language("fr"):
        text = wild_moves().text
        m = Match(2, seed=1)
        m.add_result(HandResult("stock", None, ((0,), (1,)), (), (2005, 1990)))
        words = match_words(m)
        points = _points(1350, "total"), _points(-1005, "line")
    assert "(WILD-2)\u202f; " in text and " ; " not in text and "; " not in text.replace("\u202f;", "")
    assert "2\u202f005" in words and "1\u202f990" in words and "2005" not in words
    assert points == ("1\u202f350", "−1\u202f005")
    assert "(WILD-2); " in wild_moves().text  # English as it was
    with language("en"):
        assert _points(1350, "total") == "1350"


def test_french_card_buttons_and_wild_tags_read_r_d_v() -> None:
    """The table's card buttons and a wild's tag on a drawn meld read as French cards print them
    (R♥, 2♣ tagged = R♣); English keeps K♥."""
    from buraco_learn.melds import Meld
    from buraco_learn.render import meld_html

    game = Game.from_position("fibur 2p d0 t0 play | h: KH QS JD 5C / 9H TH JH | m: - | p: 3C | s: * "
                              "| pots: *11 / *11 | took: -")
    with language("fr"):
        table = TableWidget(game, viewer=0)
        labels = [b.description for b in table.card_buttons.children]
        html = meld_html(Meld.parse("2C(=KC) QC AC"))
    assert sorted(labels) == sorted(["R♥", "D♠", "V♦", "5♣"])
    assert "= R♣</div>" in html
    with language("en"):
        assert "K♥" in [b.description for b in TableWidget(game, viewer=0).card_buttons.children]


def test_french_spread_pile_label_is_no_longer_than_the_english() -> None:
    """« Défausse 1 · étalée (cliquez pour empiler) » stays on one line where the English does
    (at 1366×768 « étalée ci-dessous (cliquez pour empiler) » fell to a line of its own)."""
    from buraco_learn.render.layout import pile_words, text_width

    def width(lang: str) -> float:
        with language(lang):
            head, hint = pile_words(1, True)
        return text_width(f"{head} · {hint}")

    with language("fr"):
        assert pile_words(1, True) == ("Défausse 1", "étalée (cliquez pour empiler)")
    assert width("fr") <= width("en")
