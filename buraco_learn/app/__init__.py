"""The classroom app: the play table, the puzzles and the teacher's demo as pages without code.

``buraco-learn app [play|puzzles|teacher]`` serves one of the small notebooks of this folder
(``play.ipynb``, ``puzzles.ipynb``, ``teacher.ipynb``) with Voilà, which shows the widgets and
hides the code. Each notebook only calls one builder of this module, with the query string of
the page's address (Voilà gives it to the kernel as ``QUERY_STRING``): ``/?seed=42`` deals
hand 42 on the play page (the same hand for every learner who opens that address; ``players=5``
deals it to five, the four others computer players), ``/?players=2&seed=7`` on the teacher's page, ``/?puzzle=NAME`` on the puzzles page; ``lang=fr``
or ``lang=it`` on any page puts it in French or Italian (``buraco-learn app --lang fr`` does it for
every page it serves).

The pages are public: each visitor's kernel acts for the server's user, so nothing a visitor
does reaches the server's files. The tables of every page save a hand as a download (the
record as a ``data:`` address the visitor's browser saves) and load one by an upload (the bytes
the browser sends, at most :data:`~buraco_learn.widgets.table.MAX_LOAD_BYTES`): no page takes a
file name (``TableWidget(files="browser")``). An address the page cannot read is said in a
notice on the page, which goes on with its usual hand.

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

import random
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import parse_qs

from ipywidgets import HTML, Button, Dropdown, HBox, IntText, Layout, VBox  # type: ignore[import-untyped]

from ..bots import make_bot
from ..cards import excerpt, is_number
from ..course.teacher import Demo
from ..errors import BuracoError, NotationError
from ..game import MAX_SEED, Game
from ..i18n import LANGUAGES, N_, language, tr, trc
from ..puzzles import load_puzzles
from ..render.feedback import feedback_html
from ..widgets import TableWidget
from ..widgets.puzzle import PuzzleWidget

__all__ = ["PAGES", "PlayPage", "PuzzlesPage", "TeacherPage", "page_path", "play_page", "puzzles_page",
           "teacher_page", "url_options"]

#: The pages ``buraco-learn app`` can serve, and what each shows.
PAGES = {
    "play": "a hand of Buraco against computer players (two to five at the table)",
    "puzzles": "the puzzle set, one puzzle at a time, with a picker",
    "teacher": "the teacher's demo: a seeded hand played move by move for the class",
}

#: The player counts the pages deal (GAME-4: five play *burraco a cinque*, section 11b).
PLAYERS = (2, 3, 4, 5)

_BOTS = ((N_("greedy (lays down the most)"), "greedy"), (N_("strong (also guards its discards)"), "strong"),
         (N_("random (any legal move)"), "random"))


def page_path(name: str) -> Path:
    """The notebook file of page ``name`` (one of :data:`PAGES`).

    >>> page_path("play").name
    'play.ipynb'
    >>> page_path("lobby")
    Traceback (most recent call last):
    ...
    buraco_learn.errors.NotationError: no app page 'lobby': choose one of play, puzzles, teacher
    """
    if not isinstance(name, str) or name not in PAGES:
        raise NotationError(f"no app page {excerpt(name)}: choose one of {', '.join(PAGES)}")
    return Path(str(resources.files(__package__).joinpath(f"{name}.ipynb")))


#: What each page reads from its address's query string, and how.
_LANG = "one of " + ", ".join(LANGUAGES)
_OPTIONS: dict[str, dict[str, str]] = {
    "play": {"seed": "a whole number from 0", "bot": "one of " + ", ".join(b for _, b in _BOTS),
             "players": "2, 3, 4 or 5", "lang": _LANG},
    "puzzles": {"puzzle": "a puzzle's name", "lang": _LANG},
    "teacher": {"players": "2, 3, 4 or 5", "seed": "a whole number from 0", "lang": _LANG},
}


def url_options(page: str, query: str) -> dict[str, Any]:
    """The options of app page ``page`` in the query string ``query`` of its address.

    Unknown names are ignored (a link may carry others); a known name with a bad value is a
    :class:`~buraco_learn.errors.NotationError` that says what would be right, quoting the value
    by its start only. A number is written in the digits 0 to 9 (``²`` or ``١`` is not one), and a
    seed is below 2**64 (what a deal takes, DEAL-5).

    >>> url_options("play", "seed=42&bot=strong")
    {'seed': 42, 'bot': 'strong'}
    >>> url_options("teacher", "players=2&utm=x")
    {'players': 2}
    >>> url_options("play", "")
    {}
    >>> url_options("play", "seed=forty")
    Traceback (most recent call last):
    ...
    buraco_learn.errors.NotationError: the address says seed=forty: seed must be a whole number from 0, e.g. ?seed=42
    >>> url_options("play", "seed=²")
    Traceback (most recent call last):
    ...
    buraco_learn.errors.NotationError: the address says seed=²: seed must be a whole number from 0, e.g. ?seed=42
    >>> url_options("play", "seed=18446744073709551616")
    Traceback (most recent call last):
    ...
    buraco_learn.errors.NotationError: the address says seed=18446744073709551616: seed must be a whole number from 0 to 2**64 - 1 (DEAL-5), e.g. ?seed=42
    """
    if not isinstance(page, str) or page not in _OPTIONS:
        raise NotationError(f"no app page {excerpt(page)}: choose one of {', '.join(PAGES)}")
    if not isinstance(query, str):
        raise NotationError(f"an address's query string is text, like 'seed=42', not {excerpt(query)}")
    out: dict[str, Any] = {}
    for name, values in parse_qs(query, keep_blank_values=True).items():
        if name not in _OPTIONS[page]:
            continue
        value = values[-1].strip()
        example = {"seed": "42", "bot": "strong", "players": "2", "puzzle": "NAME", "lang": "fr"}[name]
        shown = value if len(value) <= 40 else value[:24] + f"... ({len(value):,} characters)"
        bad = NotationError(f"the address says {name}={shown}: {name} must be {_OPTIONS[page][name]}, "
                            f"e.g. ?{name}={example}")
        if name in ("seed", "players"):
            if not is_number(value, digits=len(value)):
                raise bad
            if name == "players" and (len(value) > 1 or int(value) not in PLAYERS):
                raise bad
            number = int(value) if len(value) <= 20 else MAX_SEED  # a longer one is past 2**64 anyway
            if name == "seed" and number >= MAX_SEED:
                raise NotationError(f"the address says {name}={shown}: {name} must be a whole number from 0 to "
                                    f"2**64 - 1 (DEAL-5), e.g. ?{name}={example}")
            out[name] = number
        elif name == "bot":
            if value not in {b for _, b in _BOTS}:
                raise bad
            out[name] = value
        elif name == "lang":
            if value not in LANGUAGES:
                raise bad
            out[name] = value
        else:
            out[name] = value
    return out


def _notice(message: str) -> HTML:
    return HTML(feedback_html("wrong", message + ". " + tr("The page below goes on without it."),
                              title=tr("✗ Not understood:")))


def _from_address(page: str, query: str) -> tuple[dict[str, Any], HTML | None]:
    """The page's options from its address, or none and a notice saying what was wrong (a page
    served by Voilà shows no Python error, only "There was an error when executing cell")."""
    try:
        return url_options(page, query), None
    except NotationError as err:
        return {}, _notice(str(err))


_Page = TypeVar("_Page", "PlayPage", "PuzzlesPage", "TeacherPage")


def _with_notice(page: _Page, notice: HTML | None) -> _Page:
    if notice is not None:
        page.notice = notice
        page._top.insert(1, notice)
        page.children = (*page._top, page.children[-1])
    return page


def _title(text: str, sub: str) -> HTML:
    return HTML(f"<h2 style='margin:4px 0'>{text}</h2><div style='margin-bottom:6px'>{sub}</div>")


class PlayPage(VBox):  # type: ignore[misc]
    """The play page: the table against a bot, the bot picker and a **New hand** button."""

    def __init__(self, *, bot: str = "greedy", seed: int | None = None, players: int = 2,
                 lang: str | None = None) -> None:
        if not isinstance(bot, str) or bot not in {b for _, b in _BOTS}:
            raise NotationError(f"unknown bot level {excerpt(bot)}; levels: {', '.join(b for _, b in _BOTS)}")
        if players.__class__ is not int or players not in PLAYERS:
            raise NotationError(f"the play page deals to 2, 3, 4 or 5 players, not {excerpt(players)} (GAME-4)")
        if seed is not None:
            Game.new(players, seed=seed, dealer=players - 1)  # a seed the deal refuses is refused here
        #: The page's language (``None``: the current one, see :func:`buraco_learn.set_language`).
        self.lang = lang
        self.bot = Dropdown(options=[(tr(text), b) for text, b in _BOTS], value=bot, description=self._bot_words(players),
                            style={"description_width": "initial"}, layout=Layout(width="380px"))
        #: How many play: you (South) and computer players at every other seat.
        self.players = Dropdown(options=list(PLAYERS), value=players, description=tr("Players:"),
                                layout=Layout(width="160px"))
        self.players.observe(lambda _: self.deal(), names="value")
        self.new_hand = Button(description=tr("New hand"), tooltip=tr("deal a new hand against the chosen player"))
        self.new_hand.on_click(lambda _: self.deal())
        self.table: TableWidget
        self.hand_number = HTML()
        self._seed = seed
        #: What stays above the table: the title and the controls (and a notice about the address).
        self._top: list[Any] = [_title(tr("Play a hand of Buraco"), self._intro_words(players)),
                                HBox([self.bot, self.players, self.new_hand, self.hand_number],
                                     layout=Layout(align_items="center"))]
        super().__init__(self._top)
        self.deal()

    @staticmethod
    def _intro_words(players: int) -> str:
        if players == 2:
            return tr("You are South; North is a computer player. Draw, meld, lay off, discard: "
                      "the line under the table says what happened and which rule decides.")
        return tr("You are South; the {n} other seats are computer players. Draw, meld, lay off, discard: "
                  "the line under the table says what happened and which rule decides.", n=players - 1)

    @staticmethod
    def _bot_words(players: int) -> str:
        return tr("Computer (North):") if players == 2 else tr("Computer players:")

    def deal(self) -> None:
        """Deal a new hand to the chosen number of players, South against the chosen bot at every
        other seat (the first with the page's seed, then a random hand number from 1 to 9999).
        South plays first (the dealer is the seat before South, DEAL-4)."""
        seed = self._seed if self._seed is not None else random.randint(1, 9999)
        self._seed = None
        players = int(self.players.value)
        game = Game.new(players, seed=seed, dealer=players - 1)
        bots = {s: make_bot(self.bot.value, seed=seed + s - 1) for s in range(1, players)}
        with language(self.lang):
            self.bot.description = self._bot_words(players)
            self._top[0] = _title(tr("Play a hand of Buraco"), self._intro_words(players))
            self.table = TableWidget(game, viewer=0, opponents=bots, language=self.lang, files="browser")
            query = f"?seed={seed}" if players == 2 else f"?players={players}&amp;seed={seed}"
            said = tr("Hand {number} · the same hand for everyone: add {query} to this page's address",
                      number="<b>" + str(seed) + "</b>", query="<code>" + query + "</code>")
        self.hand_number.value = f"<span style='margin-left:12px;color:#444'>{said}</span>"
        self.children = (*self._top, self.table)


class PuzzlesPage(VBox):  # type: ignore[misc]
    """The puzzles page: a picker of every shipped puzzle and the puzzle widget."""

    def __init__(self, *, puzzle: str | None = None, lang: str | None = None) -> None:
        #: The page's language (``None``: the current one, see :func:`buraco_learn.set_language`).
        self.lang = lang
        self.puzzles = {p.name: p for p in load_puzzles()}
        if puzzle is not None and (not isinstance(puzzle, str) or puzzle not in self.puzzles):
            raise NotationError(tr("no puzzle called {name}: the names look like {example} (the picker on the "
                                   "puzzles page lists them all)", name=excerpt(puzzle),
                                   example=repr(next(iter(self.puzzles)))))
        first = self.puzzles[puzzle] if puzzle is not None else next(iter(self.puzzles.values()))
        self.picker = Dropdown(options=[(f"{i}. {tr(p.level)} · {p.question}", p.name)
                                        for i, p in enumerate(self.puzzles.values(), 1)],
                               value=first.name, description=tr("Puzzle:"), layout=Layout(width="620px"))
        self.puzzle = PuzzleWidget(first, language=lang, files="browser")
        self.picker.observe(lambda change: self.show(change["new"]), names="value")
        self._top: list[Any] = [_title(tr("Buraco puzzles"),
                                       tr("{n} puzzles, easy first. Pick one and solve it on the table; Check says "
                                          "whether it is the best play, and why.", n=len(self.puzzles))),
                                self.picker]
        super().__init__([*self._top, self.puzzle])

    def show(self, name: str) -> None:
        """Show the puzzle called ``name``."""
        self.puzzle = PuzzleWidget(self.puzzles[name], language=self.lang, files="browser")
        self.children = (*self._top, self.puzzle)


class TeacherPage(VBox):  # type: ignore[misc]
    """The teacher's page: the demo widget for 2 to 5 players and a seed, and a **Deal** button.

    A seed the deal refuses (typed in the **Seed** box) is said in :attr:`deal_notice`, above the
    demo, which stays as it was."""

    def __init__(self, *, players: int = 4, seed: int = 11, lang: str | None = None) -> None:
        #: The page's language (``None``: the current one, see :func:`buraco_learn.set_language`).
        self.lang = lang
        demo = Demo(players=players, seed=seed)  # bad players or seed: the package's error, before any widget
        #: The notice of the last refused deal, or ``None``.
        self.deal_notice: HTML | None = None
        self.players = Dropdown(options=list(PLAYERS), value=players, description=tr("Players:"),
                                layout=Layout(width="160px"))
        self.seed = IntText(value=seed, description=tr("Seed:"), layout=Layout(width="180px"))
        self.deal_button = Button(description=tr("Deal"),
                                  tooltip=tr("deal the hand of that seed (every class sees the same)"))
        self.deal_button.on_click(lambda _: self.deal())
        self.demo = demo.widget(language=lang, files="browser")
        self._top: list[Any] = [
            _title(tr("Teacher's demo"),
                   tr("A hand played move by move for the class. {next} plays one move and says it in words (with its "
                      "rule), {finish} plays the rest of the turn, {back} takes a move back; {reveal} shows every hand "
                      "under the table. {players} and {seed} choose the hand: the same seed deals the same cards.",
                      next=tr("Next move"), finish=tr("Finish the turn"), back=trc("demo", "Back"),
                      reveal=tr("Reveal hands"), players=tr("Players"), seed=tr("Seed"))),
            HBox([self.players, self.seed, self.deal_button])]
        super().__init__([*self._top, self.demo])

    def deal(self) -> None:
        """Deal the hand of the chosen players and seed (a seed the deal refuses: a notice)."""
        with language(self.lang):
            try:
                demo = Demo(players=int(self.players.value), seed=int(self.seed.value))
            except BuracoError as err:
                self.deal_notice = _notice(str(err))
                self.children = (*self._top, self.deal_notice, self.demo)
                return
            self.deal_notice = None
            self.demo = demo.widget(language=self.lang, files="browser")
        self.children = (*self._top, self.demo)


def play_page(*, bot: str = "greedy", seed: int | None = None, players: int = 2, query: str = "",
              lang: str | None = None) -> PlayPage:
    """The play page (see :class:`PlayPage`); ``query``: its address's query string, whose
    ``seed``, ``bot`` and ``players`` win over the arguments (:func:`url_options`).

    >>> play_page(query="seed=42").table.game.seed
    42
    >>> sorted(play_page(query="players=5&seed=42").table.bots)
    [1, 2, 3, 4]
    """
    options, notice = _from_address("play", query)
    lang = options.pop("lang", lang)
    with language(lang):
        return _with_notice(PlayPage(**{"bot": bot, "seed": seed, "players": players, **options}, lang=lang), notice)


def puzzles_page(*, puzzle: str | None = None, query: str = "", lang: str | None = None) -> PuzzlesPage:
    """The puzzles page (see :class:`PuzzlesPage`), showing ``puzzle`` (a name) first.

    >>> p = puzzles_page(query="puzzle=" + list(puzzles_page().puzzles)[2])
    >>> p.picker.value == list(p.puzzles)[2] == p.puzzle.puzzle.name
    True
    """
    options, notice = _from_address("puzzles", query)
    lang = options.pop("lang", lang)
    with language(lang):
        try:
            page = PuzzlesPage(**{"puzzle": puzzle, **options}, lang=lang)
        except NotationError as err:
            if "puzzle" not in options:
                raise
            page, notice = PuzzlesPage(puzzle=puzzle, lang=lang), _notice(str(err))
        return _with_notice(page, notice)


def teacher_page(*, players: int = 4, seed: int = 11, query: str = "", lang: str | None = None) -> TeacherPage:
    """The teacher's page (see :class:`TeacherPage`).

    >>> t = teacher_page(query="players=2&seed=7")
    >>> (t.players.value, t.seed.value, t.demo.demo.game.players)
    (2, 7, 2)
    """
    options, notice = _from_address("teacher", query)
    lang = options.pop("lang", lang)
    with language(lang):
        return _with_notice(TeacherPage(**{"players": players, "seed": seed, **options}, lang=lang), notice)
