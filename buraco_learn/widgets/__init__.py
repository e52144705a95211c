"""Interactive widgets (ipywidgets + ipycanvas) on top of the engine and the renderers.

* :class:`HandWidget`: one hand; click cards to select them, sort, keyboard buttons.
* :class:`MeldWidget`: a side's melds with burraco badges; click one to choose it.
* :class:`TableWidget`: the whole table for 2, 3 or 4 players, played through the engine,
  with computer players (:class:`~buraco_learn.players.Player`) at the other seats.
* :class:`ReplayWidget`: a played hand stepped through move by move, each move in words.

Every widget takes ``language="fr"`` (or ``"it"``, ``"en"``): its buttons, feedback and text
lines are then in that language, whatever :func:`buraco_learn.i18n.set_language` chose for the
rest of the notebook; without it, the widget speaks the current language. Rule IDs (``TURN-1``)
and card notation (``5H``, ``7♥``) are the same in every language.
"""

from ..players import Player, RandomPlayer
from .hand import HandWidget
from .melds import MeldWidget
from .table import TableWidget
from .replay import ReplayWidget

__all__ = ["HandWidget", "MeldWidget", "TableWidget", "ReplayWidget", "Player", "RandomPlayer"]
