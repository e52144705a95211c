"""Rendering: cards, hands, melds and tables as HTML, text descriptions, and layout geometry.

Pure functions that import only the core (no Jupyter package): the widgets and the core's
``_repr_html_`` methods call them.

Why HTML and not SVG
--------------------
JupyterLab shows a saved notebook's outputs *untrusted* until the learner trusts or re-runs it.
Checked in JupyterLab 4.6 with headless Chromium (``tests/browser/test_widgets_browser.py``,
``test_stored_outputs_show_cards``): a stored ``image/svg+xml`` output is replaced by
"Cannot display an untrusted SVG", and stored HTML goes through the sanitizer, which keeps
``div``/``span`` with ``class``, ``title`` and ``style`` (``display``, ``position``, borders,
``border-radius``, ``box-shadow``, colours, fonts, flex layout ...) but strips every ``<svg>``
element, so inline SVG inside HTML vanishes too (only its text is left), and it drops a
``repeating-linear-gradient`` background (a card back then shows as plain colour with its frame). So every renderer returns HTML built from
``div``s with inline styles and Unicode suit symbols; a saved, untrusted notebook still shows
real-looking cards, and GitHub's and nbviewer's static views show the same.

>>> from buraco_learn import Card, Meld, Game
>>> "<svg" in card_html(Card.parse("7D")) + meld_html(Meld.from_cards("7D 7S 7H"))
False
>>> Card.parse("7D")._repr_html_() == card_html(Card.parse("7D"))
True
"""

from .html import Hand, card_html, card_title, hand_html, meld_html, pile_html, side_html, sort_cards, table_html
from .style import DECKS, SIZES, card_color, card_height, card_width, suit_color
from .text import describe_hand, describe_meld, describe_table, status_line

__all__ = [
    "Hand", "card_html", "card_title", "hand_html", "meld_html", "pile_html", "side_html", "sort_cards",
    "table_html", "DECKS", "SIZES", "card_color", "card_height", "card_width", "suit_color",
    "describe_hand", "describe_meld", "describe_table", "status_line",
]
