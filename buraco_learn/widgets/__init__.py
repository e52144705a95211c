"""Interactive widgets (ipywidgets + ipycanvas) on top of the engine and the renderers.

* :class:`HandWidget`: one hand; click cards to select them, sort, keyboard buttons.
* :class:`MeldWidget`: a side's melds with burraco badges; click one to choose it.
* :class:`TableWidget`: the whole table for 2, 3 or 4 players, played through the engine,
  with computer players (:class:`~buraco_learn.players.Player`) at the other seats.
"""

from ..players import Player, RandomPlayer
from .hand import HandWidget
from .melds import MeldWidget
from .table import TableWidget

__all__ = ["HandWidget", "MeldWidget", "TableWidget", "Player", "RandomPlayer"]
