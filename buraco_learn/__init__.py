"""buraco_learn: learn the card game Buraco (Burraco) in Jupyter.

The core (cards, rules, melds, game, scoring, records) uses only the standard library;
widgets live in :mod:`buraco_learn.widgets` and are imported only when asked for.

>>> from buraco_learn import Meld
>>> Meld.from_cards("QH KH AH").points
35
"""

from .cards import ALL_CARDS, JOKER, Card, Rank, Suit, check_copies, format_cards, make_deck, parse_cards
from .errors import BuracoError, DeckError, IllegalMove, InvalidMeld, NotationError, RulesError
from .melds import Meld, Placement, burraco_bonus, is_valid_meld, meld_error
from .actions import Action, Discard, Draw, LayDown, LayOff, TakePile, parse_action
from .game import Event, Game, HandResult, PlayerView, TableMeld, seat_names
from .match import Match
from .records import format_position, game_record, load_record, parse_position
from .scoring import ScoreLine, SideScore, hand_points, score_side, victory_points
from .rules import CLASSIC_FR, FIBUR, PRESETS, RAMIROYAL, WIKIPEDIA_FR, Rules, get_rules
from .i18n import LANGUAGES, get_language, set_language

__version__ = "0.1.0"

__all__ = [
    "ALL_CARDS", "JOKER", "Card", "Rank", "Suit", "check_copies", "format_cards", "make_deck", "parse_cards",
    "BuracoError", "DeckError", "IllegalMove", "InvalidMeld", "NotationError", "RulesError",
    "Meld", "Placement", "burraco_bonus", "is_valid_meld", "meld_error",
    "Action", "Discard", "Draw", "LayDown", "LayOff", "TakePile", "parse_action",
    "Event", "Game", "HandResult", "PlayerView", "TableMeld", "seat_names",
    "Match",
    "format_position", "game_record", "load_record", "parse_position",
    "ScoreLine", "SideScore", "hand_points", "score_side", "victory_points",
    "CLASSIC_FR", "FIBUR", "PRESETS", "RAMIROYAL", "WIKIPEDIA_FR", "Rules", "get_rules",
    "LANGUAGES", "get_language", "set_language",
]
