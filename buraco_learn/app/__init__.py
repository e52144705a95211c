"""The classroom app: the play table, the puzzles and the teacher's demo as pages without code.

``buraco-learn app [play|puzzles|teacher]`` serves one of the small notebooks of this folder
(``play.ipynb``, ``puzzles.ipynb``, ``teacher.ipynb``) with Voilà, which shows the widgets and
hides the code. Each notebook only calls one builder of this module:

>>> page = play_page(seed=3)
>>> type(page.table).__name__, page.table.game.players
('TableWidget', 2)
>>> page.new_hand.description
'New hand'
>>> p = puzzles_page()
>>> type(p.puzzle).__name__, p.puzzle.puzzle.name == p.picker.value == next(iter(p.puzzles))
('PuzzleWidget', True)
>>> t = teacher_page()
>>> type(t.demo).__name__
'DemoWidget'
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from ipywidgets import HTML, Button, Dropdown, HBox, IntText, Layout, VBox

from ..bots import make_bot
from ..course.teacher import Demo
from ..game import Game
from ..puzzles import load_puzzles
from ..widgets import TableWidget
from ..widgets.puzzle import PuzzleWidget

__all__ = ["PAGES", "PlayPage", "PuzzlesPage", "TeacherPage", "page_path", "play_page", "puzzles_page",
           "teacher_page"]

#: The pages ``buraco-learn app`` can serve, and what each shows.
PAGES = {
    "play": "a hand of two-player Buraco against a computer player",
    "puzzles": "the puzzle set, one puzzle at a time, with a picker",
    "teacher": "the teacher's demo: a seeded hand played move by move for the class",
}

_BOTS = (("greedy (lays down the most)", "greedy"), ("strong (also guards its discards)", "strong"),
         ("random (any legal move)", "random"))


def page_path(name: str) -> Path:
    """The notebook file of page ``name`` (one of :data:`PAGES`).

    >>> page_path("play").name
    'play.ipynb'
    >>> page_path("lobby")
    Traceback (most recent call last):
    ...
    ValueError: no app page 'lobby': choose one of play, puzzles, teacher
    """
    if name not in PAGES:
        raise ValueError(f"no app page {name!r}: choose one of {', '.join(PAGES)}")
    return Path(str(resources.files(__package__).joinpath(f"{name}.ipynb")))


def _title(text: str, sub: str) -> HTML:
    return HTML(f"<h2 style='margin:4px 0'>{text}</h2><div style='margin-bottom:6px'>{sub}</div>")


class PlayPage(VBox):  # type: ignore[misc]
    """The play page: the table against a bot, the bot picker and a **New hand** button."""

    def __init__(self, *, bot: str = "greedy", seed: int | None = None) -> None:
        self.bot = Dropdown(options=_BOTS, value=bot, description="North:", layout=Layout(width="340px"))
        self.new_hand = Button(description="New hand", tooltip="deal a new hand against the chosen player")
        self.new_hand.on_click(lambda _: self.deal())
        self.table: TableWidget
        self._seed = seed
        super().__init__([_title("Play a hand of Buraco",
                                 "You are South; North is a computer player. Draw, meld, lay off, discard: the "
                                 "line under the table says what happened and which rule decides."),
                          HBox([self.bot, self.new_hand])])
        self.deal()

    def deal(self) -> None:
        """Deal a new two-player hand against the chosen bot (the first with the page's seed)."""
        game = Game.new(2, seed=self._seed, dealer=1)
        self._seed = None
        self.table = TableWidget(game, viewer=0, opponents={1: make_bot(self.bot.value, seed=game.seed)})
        self.children = (*self.children[:2], self.table)


class PuzzlesPage(VBox):  # type: ignore[misc]
    """The puzzles page: a picker of every shipped puzzle and the puzzle widget."""

    def __init__(self) -> None:
        self.puzzles = {p.name: p for p in load_puzzles()}
        first = next(iter(self.puzzles.values()))
        self.picker = Dropdown(options=[(f"{p.level} · {p.kind} · {p.name}", p.name) for p in self.puzzles.values()],
                               value=first.name, description="Puzzle:", layout=Layout(width="480px"))
        self.puzzle = PuzzleWidget(first)
        self.picker.observe(lambda change: self.show(change["new"]), names="value")
        super().__init__([_title("Buraco puzzles", f"{len(self.puzzles)} puzzles, easy first. Pick one and solve it "
                                 "on the table; Check says whether it is the best play, and why."),
                          self.picker, self.puzzle])

    def show(self, name: str) -> None:
        """Show the puzzle called ``name``."""
        self.puzzle = PuzzleWidget(self.puzzles[name])
        self.children = (*self.children[:2], self.puzzle)


class TeacherPage(VBox):  # type: ignore[misc]
    """The teacher's page: the demo widget for 2, 3 or 4 players and a seed, and a **Deal** button."""

    def __init__(self, *, players: int = 4, seed: int = 11) -> None:
        self.players = Dropdown(options=[2, 3, 4], value=players, description="Players:", layout=Layout(width="160px"))
        self.seed = IntText(value=seed, description="Seed:", layout=Layout(width="180px"))
        self.deal_button = Button(description="Deal", tooltip="deal the hand of that seed (every class sees the same)")
        self.deal_button.on_click(lambda _: self.deal())
        self.demo = Demo(players=players, seed=seed).widget()
        super().__init__([_title("Teacher's demo", "Next move plays the script's next move and says it in words; "
                                 "Reveal hands shows every hand for the class."),
                          HBox([self.players, self.seed, self.deal_button]), self.demo])

    def deal(self) -> None:
        """Deal the hand of the chosen players and seed."""
        self.demo = Demo(players=int(self.players.value), seed=int(self.seed.value)).widget()
        self.children = (*self.children[:2], self.demo)


def play_page(*, bot: str = "greedy", seed: int | None = None) -> PlayPage:
    """The play page (see :class:`PlayPage`)."""
    return PlayPage(bot=bot, seed=seed)


def puzzles_page() -> PuzzlesPage:
    """The puzzles page (see :class:`PuzzlesPage`)."""
    return PuzzlesPage()


def teacher_page(*, players: int = 4, seed: int = 11) -> TeacherPage:
    """The teacher's page (see :class:`TeacherPage`)."""
    return TeacherPage(players=players, seed=seed)
