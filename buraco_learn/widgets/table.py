"""The whole table as one interactive widget: the viewer plays through the engine, computer
players (any :class:`~buraco_learn.players.Player`) play the other seats.

Every action goes through the engine (``Game.apply``, which verifies first); a refused action
shows the engine's sentence, rule ID included, in the feedback line and changes nothing.
The widget holds no rule logic. Everything can be driven from Python, as the tests do:

>>> from buraco_learn import Game
>>> g = Game.new(4, seed=7, dealer=3)          # South (seat 0) plays first
>>> w = TableWidget(g, viewer=0)
>>> w.discard_selected()                      # nothing drawn yet: the engine refuses
>>> w.feedback_kind, "(TURN-1)" in w.feedback_text
('info', False)
>>> w.select(0); w.discard_selected()
>>> w.feedback_kind, "(TURN-1)" in w.feedback_text, g.phase
('refused', True, 'draw')
>>> "✗ Not allowed" in w.feedback.value and "Refused" not in w.feedback.value
True
>>> w.click(*w.geometry.stock.center)         # a click on the stock draws
>>> g.phase, w.feedback_text.startswith("You drew")
('play', True)

The **Hint** button (``hints=True``, the default) asks :func:`buraco_learn.hints.hint` for advice
on the viewer's move, shows its sentences (with the rule IDs that decide) in the feedback line and
outlines the cards it is about; it never changes the game:

>>> before = g.position()
>>> w.show_hint()
>>> w.feedback_text.startswith("Hint: "), g.position() == before
(True, True)

Once the hand is over, the feedback area shows the count line by line for every side (SCORE-4,
:func:`buraco_learn.render.count.count_html`), each line with the rules that decide it:

>>> from buraco_learn.bots import make_bot, play_hand
>>> over = Game.new(2, seed=3); _ = play_hand(over, [make_bot("greedy", 1), make_bot("greedy", 2)])
>>> done = TableWidget(over, viewer=0)
>>> 'class="bl-count"' in done.feedback.value, done.count_text.splitlines()[1]
(True, 'South (you)')
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import stat
import tempfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from html import escape
from pathlib import Path

import traitlets
from ipycanvas import hold_canvas  # type: ignore[import-untyped]
from ipywidgets import (HTML, Button, Dropdown, FileUpload, HBox, Layout, Text, Textarea,  # type: ignore[import-untyped]
                        ToggleButton, VBox)

from ..actions import Action, Discard, Draw, LayDown, LayOff, TakePile, parse_action
from ..cards import Card, excerpt
from ..errors import BuracoError, NotationError
from ..files import NotAFile, TooLarge, read_limited
from ..game import Event, Game
from ..coach import Verdict, judge
from ..hints import Hint, hint
from ..i18n import N_, get_language, tr, trn
from ..lang import after_colon
from ..records import format_position, game_record, load_record, parse_position
from ..players import Player, PlayerLike, as_player
from ..render.count import count_html, count_text
from ..render.feedback import card_symbols
from ..render.html import card_title, sort_cards, table_html
from ..render.layout import Hit, TableGeometry, geometry_for
from ..render.style import card_label, check_deck
from ..render.text import describe_table, seat_name
from .common import (COACH_FEEDBACK_HEIGHT, FEEDBACK_MAX_HEIGHT, FeedbackKind, event_words, move_words, turn_words, full_stop, feedback_html, make_canvas, make_feedback,
                     new_cards, resize_canvas, deck_dropdown, mark_frame, speaks, static_bundle, warm_up, words_html)
from .draw import Pen, draw_hand_layer, draw_table

__all__ = ["TableWidget", "Player"]

_SORTS = ("suit", "rank", "dealt")
_START = N_("Click cards to select them, then press a button below. Every move is checked by the rules engine.")
#: The most screen height a table's canvas takes by default (a CSS length): 60 % of the window,
#: and at most the window less what JupyterLab's bars and the lines and buttons under the canvas
#: take (about 310 px), so the action buttons stay in sight under a table full of melds.
TABLE_HEIGHT = "min(60vh, 100vh - 310px)"
#: The largest file :meth:`TableWidget.load` reads (a record of a whole hand is a few kB).
MAX_LOAD_BYTES = 1_000_000
#: How the save / load box reaches files: ``"paths"`` (a file name box: a notebook, whose kernel
#: is the learner's own) or ``"browser"`` (a download link and an upload button: a public page,
#: whose kernel acts for the server's user; see :class:`TableWidget`).
FILES = ("paths", "browser")


class _Refused(Exception):
    """A file refused before it is read or written, with the reason for the learner (which
    never holds the file's content)."""


def _not_plain(mode: int) -> str | None:
    """Why a file of this mode is refused (``None``: a plain file, which is read or written)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return tr("it is a folder, not a file")
    if stat.S_ISLNK(mode):
        return tr("it is a link, and no link is followed in this table's folder")
    return tr("it is not a plain file (a device or a pipe): a record or a position is a small text file")


def _short(name: str, limit: int = 60) -> str:
    """A file name as said in a message: at most about ``limit`` characters."""
    return name if len(name) <= limit else name[:limit - 20] + f"... ({len(name):,} characters)"


def _check_path(path: object) -> str:
    """``path`` as text, or :class:`_Refused` when it cannot name a file (not text, a NUL)."""
    if not isinstance(path, (str, os.PathLike)):
        raise _Refused(tr("a file is named by text, like 'hand.json', not {path}", path=excerpt(path)))
    text = os.fspath(path)
    if not isinstance(text, str) or not text or "\0" in text:
        raise _Refused(tr("{path} is not a file name", path=excerpt(text)))
    return text


def _in_folder(folder: Path, path: object) -> Path:
    """The file ``path`` names in ``folder``: a bare name (``hand.json``), or a path whose folder
    is ``folder`` itself. A name with a folder in it, ``..``, an absolute path elsewhere, a
    hidden name or a link is refused (:class:`_Refused`), so nothing outside is reached."""
    text = _check_path(path)
    given = Path(text)
    name = given.name
    bad = (not name or name.startswith(".") or len(name) > 200 or "/" in name or "\\" in name
           or name != text and not _same_folder(given.parent, folder))
    if bad:
        raise _Refused(tr("{path} is not a file name in this table's folder: give a name like 'hand.json', with no "
                          "folder, '..' or link in it", path=excerpt(text)))
    return folder / name


def _same_folder(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return False


def _read_file(path: object, folder: Path | None) -> bytes:
    """The bytes of a plain file, at most :data:`MAX_LOAD_BYTES` (never more are read, whatever
    its size says; :func:`~buraco_learn.files.read_limited`). A pipe, a device or a folder is
    refused without being opened for reading in a way that blocks; in ``folder``, a link is not
    followed."""
    where = _in_folder(folder, path) if folder is not None else Path(_check_path(path))
    try:
        return read_limited(where, MAX_LOAD_BYTES, follow_links=folder is None)
    except NotAFile as err:
        raise _Refused(_not_plain(err.mode) or "") from None
    except TooLarge:
        raise _Refused(_too_big()) from None


def _too_big() -> str:
    return tr("the file holds more than {most} bytes; a record or a position is far smaller",
              most=format(MAX_LOAD_BYTES, ","))


def _write_file(path: object, data: bytes, folder: Path | None) -> Path:
    """Write ``data`` to a plain file, whole or not at all: into a new file beside it, then
    renamed over it (a refused or failed write leaves the old file as it was). A pipe, a device
    or a folder is refused; in ``folder`` a link is refused too (a rename replaces a link, it
    never writes through one)."""
    if folder is not None:
        target = _in_folder(folder, path)
        try:
            old: os.stat_result | None = os.lstat(target)
        except FileNotFoundError:
            old = None
        real = target
    else:
        target = Path(_check_path(path))
        try:
            old = os.stat(target)
        except FileNotFoundError:
            old = None
        real = Path(os.path.realpath(target)) if old is not None else target
    why = _not_plain(old.st_mode) if old is not None else None
    if why:
        raise _Refused(why)
    fd, temp = tempfile.mkstemp(dir=real.parent, prefix="." + real.name[:40] + ".", suffix=".part")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(temp, stat.S_IMODE(old.st_mode) if old is not None else 0o644)
        os.replace(temp, real)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise
    return target


def _unquoted_reason(body: str) -> str:
    """Why a file read from a path is not a record or a position, without a word of its content
    (a file anywhere on the disk could be a secret one)."""
    if body.startswith("{"):
        try:
            json.loads(body)
        except json.JSONDecodeError as err:
            return tr("bad record: it is not JSON (line {line}, column {column})", line=err.lineno, column=err.colno)
        except RecursionError:
            return tr("bad record: it is not JSON (it is nested too deeply)")
        return tr("bad record: it is JSON, but not a game record that replays here")
    return tr("bad position: it is neither a game record nor a position in notation")


def _with_twos(reason: str, action: Action | str) -> str:
    """A refused meld or lay-off's reason, and, when its cards hold two wilds of which one is a 2
    (``2♣ 2♦ 5♣``), which 2 may be natural: the run's own 2 in the 2 position only (RUN-5)."""
    try:
        a = parse_action(action) if isinstance(action, str) else action
    except BuracoError:
        return reason
    cards = a.cards if isinstance(a, (LayDown, LayOff)) else None
    if not isinstance(cards, (tuple, list)) or not all(isinstance(c, Card) for c in cards):
        return reason  # not a meld or a lay-off, or a malformed one (its own reason says what is wrong)
    if sum(c.is_wild for c in cards) < 2 or not any(c.is_two for c in cards):
        return reason
    return tr("{reason}. A 2 is natural only as the 2 of the run's own suit, in the 2 position beside the ace or the 3 "
              "(RUN-5); any other 2, like the joker, is a wild, and a meld holds one wild at most (RUN-4, SET-2).",
              reason=full_stop(reason).rstrip("."))


@speaks
class TableWidget(VBox):  # type: ignore[misc]
    """The table for 2, 3 or 4 players, seen from ``viewer``'s seat.

    Parameters
    ----------
    game:
        The :class:`~buraco_learn.game.Game` to show and play. The widget changes it only
        through the engine's actions.
    viewer:
        The seat whose hand is face up and who plays with the buttons (default South, 0);
        ``None`` is pass-and-play: the hand shown is always the player to move's.
    opponents:
        Computer players by seat, each a :class:`~buraco_learn.players.Player`
        (``choose(view, legal) -> action``) or a function ``(view, legal) -> action``. When it is
        such a seat's turn, the widget asks it for actions and applies them until the turn passes.
    on_change:
        Called with the game after every change (the viewer's action or a computer's turn).
    extra_buttons:
        Buttons appended to the tool row; they may call :meth:`set_feedback`,
        :meth:`highlight`, :meth:`select`.
    hints:
        Show the **Hint** button (:meth:`show_hint`): advice for the viewer's move from
        :func:`buraco_learn.hints.hint`, citing rule IDs. It never changes the game.
    coach:
        Coach mode (off by default): after each move the viewer makes with a click (a button,
        a card of the table), the coach's verdict on it (:func:`buraco_learn.coach.judge`: exact
        or a judgement, with rule IDs) in the feedback box, under what was done; the last one is
        kept in :attr:`last_verdict`. A move played by code (:meth:`play`) is not judged.
    width:
        The canvas resolution in pixels (default 1600). On screen the canvas fills the page's
        width, but is never taller than ``max_height``.
    max_height:
        The most screen height the canvas takes, as a CSS length (default :data:`TABLE_HEIGHT`:
        60 % of the window, about 460 px in a 768-px-high window and 650 px on a 1920×1080
        projector, and never more than the window less 310 px: JupyterLab's bars, the other
        players' line, the feedback line and the action buttons), so the hand, the feedback line
        and the buttons fit on screen together, even in a laptop's browser whose own bars leave
        the page some 650 px.
    readonly:
        Only show the game (a replay): no play buttons, no card buttons, no feedback line, and
        clicks on the hand, the melds and the stock do nothing. Sorting, the deck, the spread
        pile and **Copy position** still work.
    language:
        The language of everything the widget shows (``"fr"``, ``"it"``; see
        :mod:`buraco_learn.i18n`), set when it is made; ``None`` (the default): the current
        language. The language chosen outside the widget does not change.

    files:
        How the **Save / load…** box reaches files. ``"paths"`` (the default, for a notebook,
        whose kernel is the learner's own): a file name box with **Save record** and **Load
        file**. ``"browser"`` (the app's pages, which are public: each visitor's kernel acts for
        the server's user): a **Save record (download)** link, the record as a ``data:``
        address that the visitor's browser saves, and a **Load a file…** upload button; no file
        name is taken, nothing on the server's disk is read or written by the box.
    folder:
        The one folder :meth:`save_record` and :meth:`load` (and the file name box) reach:
        a bare file name (``"hand.json"``) inside it; ``..``, another folder, an absolute path
        elsewhere, a hidden name and a link are refused. ``None`` (the default): any path.

    **Save, load and copy position.** :meth:`save_record` writes the hand as a JSON record
    (:func:`~buraco_learn.records.game_record`); :meth:`load` reads a record or a position from a
    file, :meth:`load_text` from text (a teacher's position pasted in); a bad file is refused
    whole with the reason in the feedback line, and the table stays as it was.
    **Copy position** (:meth:`copy_position`) puts :attr:`position_text` in a text box to copy
    from; **Save / load…** opens the same box with the file controls (see ``files``).

    Whatever the path, :meth:`load` reads only a plain file (a pipe, a device such as
    ``/dev/zero``, a folder: refused without blocking), at most :data:`MAX_LOAD_BYTES` of it
    (whatever its size says), and never quotes a file read from a path in its message (a
    refusal says what is wrong, and that the text pasted in the box above shows where);
    :meth:`save_record` writes whole or not at all, and only to a plain file.

    Traits: ``width``, ``deck`` (``"classic"`` or ``"four-color"``), ``sort`` (``"suit"``,
    ``"rank"`` or ``"dealt"``), ``selected`` (positions in the shown hand), ``target`` (the meld
    number chosen for a lay-off, or ``None``), ``pile_open`` (the discard pile spread out),
    ``hints`` (the Hint button shown).
    """

    width = traitlets.Int(1600)
    deck = traitlets.Enum(("classic", "four-color"), "classic")
    sort = traitlets.Enum(("suit", "rank", "dealt"), "suit")
    selected = traitlets.List(traitlets.Int())
    target = traitlets.Int(None, allow_none=True)
    pile_open = traitlets.Bool(False)
    hints = traitlets.Bool(True)

    def __init__(self, game: Game, viewer: int | None = 0, *, opponents: Mapping[int, PlayerLike] | None = None,
                 on_change: Callable[[Game], None] | None = None, extra_buttons: Sequence[Button] = (),
                 width: int = 1600, deck: str = "classic", sort: str = "suit", max_bot_actions: int = 2000,
                 hints: bool = True, show_score: bool = True, max_height: str | None = TABLE_HEIGHT,
                 readonly: bool = False, language: str | None = None, files: str = "paths",
                 folder: str | Path | None = None, coach: bool = False) -> None:
        if files not in FILES:
            raise ValueError(tr("files must be 'paths' or 'browser', not {files}", files=excerpt(files)))
        if folder is not None and not Path(folder).is_dir():
            raise ValueError(tr("folder must be a folder that exists, not {folder}", folder=excerpt(str(folder))))
        if viewer is not None and not 0 <= viewer < game.players:
            raise ValueError(tr("viewer must be a seat from 0 to {last} or None, not {viewer}", last=game.players - 1,
                                viewer=viewer))
        bots = {int(s): as_player(p) for s, p in (opponents or {}).items()}
        for s in bots:
            if not 0 <= s < game.players:
                raise ValueError(tr("opponents: no seat {seat} in a {players}-player game", seat=s, players=game.players))
        if viewer is not None and viewer in bots:
            raise ValueError(tr("seat {seat} is the viewer; it cannot also be a computer player", seat=viewer))
        if sort not in _SORTS:
            raise ValueError(tr("unknown sort {sort}: choose 'suit', 'rank' or 'dealt'", sort=repr(sort)))
        check_deck(deck)
        if readonly and bots:
            raise ValueError(tr("a read-only table has no computer players: it only shows the game"))
        self.game = game
        #: How the save / load box reaches files: ``"paths"`` or ``"browser"`` (see the class docstring).
        self.files = files
        #: The one folder :meth:`save_record` and :meth:`load` reach, or ``None`` (any path).
        self.folder: Path | None = Path(folder) if folder is not None else None
        #: Only show the game: nothing can be played on it (see the class docstring).
        self.readonly = bool(readonly)
        #: Whether the status bar and the description show the running count (a scoring
        #: puzzle hides it).
        self.show_score = show_score
        self.fixed_viewer = viewer
        self.bots: dict[int, Player] = bots
        self.on_change = on_change
        self.max_bot_actions = max_bot_actions
        self._highlight: frozenset[Card] = frozenset()
        self._feedback_text = ""
        self._feedback_kind: FeedbackKind = "info"
        #: The last hint shown by :meth:`show_hint` (``None`` before the first).
        self.last_hint: Hint | None = None
        #: Coach mode: a verdict after each of the viewer's moves (see the class docstring).
        self.coach = bool(coach)
        # The feedback's state and title for the viewer's last move: "✓ Done:", or, for a move the
        # coach calls costly, a neutral "Played:" (no green tick above the coach's ✗).
        self._done: tuple[FeedbackKind, str] = ("ok", tr("✓ Done:"))
        #: The coach's verdict on the viewer's last move (``None`` before the first, or off).
        self.last_verdict: Verdict | None = None
        #: The retry positions kept from the viewer's hand once it ended at this table
        #: (:func:`buraco_learn.practice.keep_hand`: its costly turns, when recording is on).
        self.kept_retries: tuple[str, ...] = ()
        self._kept_game: Game | None = None
        self._syncing = False
        self.redraws = 0
        # A click from the page is being answered (> 0): the opponents' turns are then shown one by one.
        self._live = 0
        self._hold_redraw = False
        #: ``call_later(seconds, fn)`` for the opponents' turns shown one by one (``None``: the
        #: running event loop's, if any); a test puts its own here.
        self._later: Callable[[float, Callable[[], None]], Any] | None = None
        self._reveal: tuple[Any, tuple[list[str], list[str], list[str]]] | None = None
        self._bot_lines: list[str] = []
        self._reveal_token: object | None = None
        self._geo: TableGeometry | None = None
        #: The most screen height the canvas takes (a CSS length), or ``None`` for no limit.
        self.max_height = max_height
        self.canvas = make_canvas(width, 600, self._on_mouse_down, self.redraw, budget=max_height)
        self.feedback = make_feedback(tr(_START))
        self.feedback.add_class("bl-feedback-box")  # found by the browser tests, placeholder or message
        if self.coach:  # room for a whole verdict, kept from the start: the buttons never move
            self.feedback.layout.min_height = self.feedback.layout.max_height = COACH_FEEDBACK_HEIGHT
        self._feedback_box: str = self.feedback.value
        self._start_box = self._feedback_box  # the invitation to click, before any message
        self.words = HTML("")
        #: The other players' last turns, in words, in a line of its own right above the feedback
        #: line: with the coach on, the verdict stays under it and neither hides the other.
        self.turns = HTML("", layout=Layout(display="none"))
        self._turn_lines: list[str] = []
        self.card_buttons = HBox(layout=Layout(flex_flow="row wrap"))
        self.target_choice = Dropdown(description=tr("Lay off onto"), options=[(tr("(click a meld)"), -1)], value=-1,
                                      style={"description_width": "initial"}, layout=Layout(width="auto"))
        self.target_choice.observe(self._on_target_choice, "value")
        self.deck_choice = deck_dropdown(deck)
        self.deck_choice.observe(self._on_deck_choice, "value")
        b = self._button
        self.buttons = {
            "draw": b(tr("Draw"), tr("Take the top card of the stock"), self.draw),
            "pile": b(tr("Take pile"), tr("Take the whole discard pile"), self.take_pile),
            "meld": b(tr("Meld"), tr("Lay down the selected cards as a new meld"), self.meld_selected),
            "layoff": b(tr("Lay off"), tr("Add the selected cards to the chosen meld"), self.lay_off_selected),
            "discard": b(tr("Discard"), tr("Discard the one selected card; this ends your turn"),
                         self.discard_selected),
            "clear": b(tr("Clear"), tr("Deselect every card"), self.clear_selection),
            "suit": b(tr("Sort by suit"), tr("Sort your hand by suit, then rank"), lambda: self._set_sort("suit")),
            "rank": b(tr("Sort by rank"), tr("Sort your hand by rank"), lambda: self._set_sort("rank")),
            "spread": b(tr("Spread pile"), tr("Show every card of the discard pile"), self.toggle_pile),
            "hint": b(tr("Hint"), tr("Advice for your move, with the rules that decide it (changes nothing)"),
                      self.show_hint),
            "copy": b(tr("Copy position"), tr("Show this table in position notation, to copy and hand out"),
                      self.copy_position),
            "file": b(tr("Save / load…"), tr("Save the hand to a file, or load a hand or a position"),
                      self.toggle_file_box),
        }
        # The save / load / copy box, closed until asked for (so the table keeps its screen budget).
        self.position_box = Textarea(placeholder=tr("Paste a position (fibur 4p d0 t1 draw | h: ...) or a game record "
                                                    "here"),
                                     layout=Layout(width="100%", height="84px"))
        self.file_buttons = {
            "use": b(tr("Load the text above"), tr("Set up the table from the position or record in the box"),
                     self._use_text_clicked),
        }
        #: The file name box (``files="paths"``), or ``None``.
        self.path_box: Text | None = None
        #: The upload button and the download link (``files="browser"``), or ``None``.
        self.upload: FileUpload | None = None
        self.download: HTML | None = None
        if files == "paths":
            self.path_box = Text(value="hand.json", description=tr("File"), style={"description_width": "initial"},
                                 layout=Layout(width="260px"))
            self.file_buttons["save"] = b(tr("Save record"), tr("Write this hand, move by move, to the file as JSON"),
                                          self._save_clicked)
            self.file_buttons["load"] = b(tr("Load file"), tr("Read a record or a position from the file"),
                                          self._load_clicked)
            file_row = [self.path_box, *self.file_buttons.values()]
        else:
            self.upload = FileUpload(accept=".json,.txt", multiple=False, description=tr("Load a file…"),
                                     tooltip=tr("Read a record or a position from a file of your computer"),
                                     layout=Layout(width="auto"))
            self.upload.observe(self._on_upload, names="value")
            self.download = HTML()
            file_row = [self.file_buttons["use"], self.upload, self.download]
        self.file_box = VBox([self.position_box, HBox(file_row, layout=Layout(flex_flow="row wrap",
                                                                               align_items="center"))],
                             layout=Layout(display="none", width="100%"))
        self.buttons["hint"].button_style = "info"
        for key in ("draw", "pile", "meld", "layoff", "discard"):
            self.buttons[key].button_style = "primary"
        # Hint sits with the moves, in the first row under the feedback: the second row falls below
        # a 1366×768 window once the spread pile makes the table taller.
        actions = HBox([*(self.buttons[k] for k in ("draw", "pile", "meld", "layoff", "discard")),
                        self.target_choice, self.buttons["hint"]], layout=Layout(flex_flow="row wrap"))
        tools = HBox([*(self.buttons[k] for k in ("clear", "suit", "rank", "spread", "copy", "file")),
                      *extra_buttons, self.deck_choice], layout=Layout(flex_flow="row wrap"))
        if self.readonly:
            for box in (self.feedback, actions, self.card_buttons):
                box.layout.display = "none"
            for key in ("clear", "hint", "file"):
                self.buttons[key].layout.display = "none"
            for box in (self.file_buttons["use"], self.file_buttons.get("load"), self.upload):
                if box is not None:
                    box.layout.display = "none"
        # The feedback line sits right under the table's hand and right above the buttons, so
        # whatever was clicked, its answer is on screen.
        super().__init__([self.canvas, self.turns, self.feedback, actions, tools, self.file_box, self.card_buttons, self.words],
                         layout=Layout(width="100%"))
        self.set_trait("width", width)
        self.set_trait("deck", deck)
        self.set_trait("sort", sort)
        self.set_trait("hints", bool(hints))
        self._show_hint_button()
        self.observe(self._on_view_trait, names=["deck", "sort", "selected", "target", "pile_open"])
        self.observe(self._on_width, names=["width"])
        self.observe(lambda _change: self._show_hint_button(), names=["hints"])
        self._show_turns(self._run_bots())  # an opponent who plays first: its turn is told too
        self.refresh()
        warm_up()

    def __repr__(self) -> str:
        # The plain-text output a saved notebook shows before it is run (no model ids in it).
        if self.fixed_viewer is None:
            return tr("TableWidget({players} players, pass-and-play; run the cell to play on it)",
                      players=self.game.players)
        return tr("TableWidget({players} players, {seat}'s view; run the cell to play on it)",
                  players=self.game.players, seat=seat_name(self.game, self.fixed_viewer))

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        # Beside the widget view, a static picture of the table (render.table_html): what a
        # notebook shows without a kernel (GitHub, nbviewer, a course notebook not yet run).
        return static_bundle(super()._repr_mimebundle_(**kwargs), self.static_html())

    def static_html(self) -> str:
        """The table as still HTML (the cards as the viewer sees them), with a line saying to
        run the cell to play."""
        note = ('<div class="static-note" style="font-size:13px;color:#555;margin:2px 0 6px">'
                + escape(tr("A picture of the table: run the cell to play on it.")) + "</div>")
        return note + table_html(self.game, viewer=self.viewer, deck=self.deck, size="small", you=self._says_you())

    # ------------------------------------------------------------------ reading
    @property
    def viewer(self) -> int:
        """The seat shown face up (the player to move in pass-and-play)."""
        return self.game.to_move if self.fixed_viewer is None else self.fixed_viewer

    @property
    def hand(self) -> list[Card]:
        """The viewer's hand in the order shown (after sorting)."""
        cards = self.game.hand(self.viewer)
        return list(cards) if self.sort == "dealt" else sort_cards(cards, self.sort)

    @property
    def selected_cards(self) -> list[Card]:
        """The selected cards, in the order shown."""
        hand = self.hand
        return [hand[i] for i in sorted(self.selected) if 0 <= i < len(hand)]

    @property
    def geometry(self) -> TableGeometry:
        """The rectangles of the table as last drawn (what clicks are tested against)."""
        if self._geo is None:
            self._geo = self._compute_geometry()
        return self._geo

    @property
    def feedback_text(self) -> str:
        """The feedback line as plain text (the engine's sentence after a refusal)."""
        return self._feedback_text

    @property
    def feedback_kind(self) -> FeedbackKind:
        """``"ok"`` after a done action, ``"refused"`` after a refusal, ``"info"`` otherwise."""
        return self._feedback_kind

    @property
    def count_text(self) -> str:
        """The count shown in the feedback area once the hand is over, as plain text: each side
        under its name, one line per row with its rule IDs (SCORE-4); ``""`` while the hand runs or
        with ``show_score=False``."""
        if not self._shows_count():
            return ""
        return count_text(self.game, self._count_viewer())

    @property
    def highlighted(self) -> frozenset[Card]:
        """The cards outlined in the hand (the cards just gained, or a hint's cards)."""
        return self._highlight

    @property
    def description_text(self) -> str:
        """What the canvas shows, in words (also shown under it)."""
        return describe_table(self.game, self.viewer, hand=self.hand, selected=sorted(self.selected),
                              target=self.target, pile_open=self.pile_open, show_score=self.show_score)

    # ------------------------------------------------------------------ changing the view
    def select(self, *items: int | Card | str) -> None:
        """Toggle cards by position in the shown hand, or by card (``"5H"``: the first unselected copy).

        A position past the hand, a card not in it or anything else is a
        :class:`~buraco_learn.errors.NotationError`, and nothing is selected."""
        chosen = set(self.selected)
        hand = self.hand
        for item in items:
            if isinstance(item, int):
                if not 0 <= item < len(hand):
                    raise NotationError(trn("no card at position {index}: the hand shows {n} card (0 to {last})",
                                            "no card at position {index}: the hand shows {n} cards (0 to {last})",
                                            len(hand), index=excerpt(item), last=len(hand) - 1))
                chosen ^= {int(item)}
                continue
            card = Card.parse(item) if isinstance(item, str) else item
            if not isinstance(card, Card):
                raise NotationError(tr("select takes positions in the hand (0, 1, ...) or cards ('5H'), not {item}",
                                       item=excerpt(item)))
            spots = [i for i, c in enumerate(hand) if c == card]
            if not spots:
                raise NotationError(tr("{card} is not in {seat}'s hand", card=card,
                                       seat=seat_name(self.game, self.viewer)))
            free = [i for i in spots if i not in chosen]
            chosen ^= {free[0] if free else spots[0]}
        self.selected = sorted(chosen)

    def clear_selection(self) -> None:
        """Deselect every card."""
        self.selected = []

    def toggle_pile(self) -> None:
        """Spread the discard pile out (every card visible), or stack it again."""
        self.pile_open = not self.pile_open

    def highlight(self, cards: Iterable[Card | str]) -> None:
        """Outline these cards of the viewer's hand (for hints); an empty list clears it."""
        self._highlight = frozenset(Card.parse(c) if isinstance(c, str) else c for c in cards)
        self.redraw_hand()

    def set_feedback(self, text: str, kind: FeedbackKind = "info", *, rules: Sequence[str] | None = None,
                     hint: str = "", title: str | None = None) -> None:
        """Show ``text`` in the feedback line, under the table's hand and above the buttons.

        ``kind``: ``"ok"`` or ``"right"`` (✓), ``"refused"`` or ``"wrong"`` (✗ Not yet),
        ``"info"`` (ℹ). The box is the course's shared one
        (:func:`buraco_learn.render.feedback.feedback_html`): each rule the text cites (or each
        of ``rules``) is followed by its sentence; ``hint`` adds a hint line; ``title`` replaces
        the state's title.
        """
        if kind == "refused":  # the engine's reasons are clauses: the table says them as sentences
            text = full_stop(text)
        self._feedback_text = text
        self._feedback_kind = kind
        self._feedback_box = feedback_html(text, kind, rules=rules, hint=hint, title=title, placeholder=tr(_START))
        self._show_feedback()

    def _shows_count(self) -> bool:
        return self.game.is_over and self.show_score

    def _says_you(self) -> bool:
        """Whether the words speak to the viewer ("Your turn", "(you)"); a read-only table seen by
        nobody in particular, and the class's demo (:mod:`buraco_learn.course.teacher`), name every
        seat plainly."""
        return not (self.readonly and self.fixed_viewer is None)

    def _count_viewer(self) -> int | None:
        # Pass-and-play and the class's demo have no one "you": the sides go by their seats' names.
        return self.fixed_viewer

    def _show_feedback(self) -> None:
        """The feedback line, and under it, once the hand is over, the count line by line for every
        side (SCORE-4, :func:`buraco_learn.render.count.count_html`): the line then grows to hold it."""
        if self._shows_count():
            # a hand that ended without a message (played to its end from code) shows the count alone
            box = "" if self._feedback_box == self._start_box else self._feedback_box
            self.feedback.value = box + count_html(self.game, self._count_viewer())
            self.feedback.layout.max_height = None
        else:
            self.feedback.value = self._feedback_box
            self.feedback.layout.max_height = COACH_FEEDBACK_HEIGHT if self.coach else FEEDBACK_MAX_HEIGHT

    def show_hint(self) -> None:
        """Advice for the viewer's move (the **Hint** button): :func:`buraco_learn.hints.hint`'s
        sentences in the feedback line, the cards it is about outlined in the hand. The game is
        not changed; the advice is kept in :attr:`last_hint`."""
        g = self.game
        if g.is_over:
            self.set_feedback(tr("The hand is over: no hint to give. The count is on the table."))
            return
        if g.to_move != self.viewer:
            self.set_feedback(tr("It is {seat}'s turn: a hint is for your own turn.", seat=seat_name(g, g.to_move)))
            return
        try:
            advice = hint(g.clone())
        except BuracoError as err:  # pragma: no cover - the hints only ask the engine
            self.set_feedback(tr("No hint this time: {reason}", reason=err))
            return
        self.last_hint = advice
        hand = set(self.game.hand(self.viewer))
        self.set_feedback(tr("Hint: {hint}", hint=after_colon(str(advice), get_language())), "info")
        self.highlight([c for c in advice.cards if c in hand])

    def _show_hint_button(self) -> None:
        self.buttons["hint"].layout.display = None if self.hints and not self.readonly else "none"

    def _set_sort(self, how: str) -> None:
        self.selected = []
        self.sort = how

    # ------------------------------------------------------------------ actions (through the engine only)
    def draw(self) -> None:
        """Draw from the stock (TURN-1)."""
        self.play(Draw())

    def take_pile(self) -> None:
        """Take the whole discard pile (TURN-1)."""
        self.play(TakePile())

    def meld_selected(self) -> None:
        """Lay down the selected cards as a new meld."""
        cards = self.selected_cards
        if not cards:
            self.set_feedback(tr("Select the cards of the new meld first: click them, or use the card buttons."))
            return
        self.play(LayDown(tuple(cards)))

    def lay_off_selected(self) -> None:
        """Lay the selected cards off onto the chosen meld (click a meld, or pick it in the list)."""
        cards = self.selected_cards
        if self.target is None:
            self.set_feedback(tr("Choose the meld to lay off onto: click it on the table, or pick it in the list."))
            return
        if not cards:
            self.set_feedback(tr("Select the cards to lay off first."))
            return
        self.play(LayOff(self.target, tuple(cards)))

    def discard_selected(self) -> None:
        """Discard the one selected card, ending the turn."""
        cards = self.selected_cards
        if len(cards) != 1:
            self.set_feedback(tr("Select exactly one card to discard.") if cards else
                              tr("Select the card to discard first."))
            return
        self.play(Discard(cards[0]))

    def play(self, action: Action | str) -> Event | None:
        """Play ``action`` for the viewer through the engine; on refusal show the engine's sentence.

        Returns the :class:`~buraco_learn.game.Event`, or ``None`` when refused.
        """
        g = self.game
        if self.readonly:
            self.set_feedback(tr("This table only shows a game: nothing can be played on it."), "info")
            return None
        if g.is_over:
            self.set_feedback(tr("The hand is over."), "info")
            return None
        if g.to_move != self.viewer:
            self.set_feedback(tr("It is {seat}'s turn, not yours: wait for them to play.", seat=seat_name(g, g.to_move)))
            return None
        self._finish_reveal()
        before = g.hand(self.viewer)
        seat = self.viewer
        # The coach judges the learner's own moves (a click); a move played by code is not theirs.
        position = g.clone() if self.coach and self._live else None
        try:
            event = g.apply(action)
        except BuracoError as err:
            self.set_feedback(_with_twos(str(err), action), "refused", title=tr("✗ Not allowed:"))
            self.redraw()
            return None
        gained = new_cards(before, g.hand(seat))
        # The other players' turns stay in their line through the viewer's whole turn (read while
        # drawing and melding), and go when it ends: the discard, or the end of the hand.
        turn_over = g.is_over or g.to_move != seat
        lines = [event_words(g, event, you=self._says_you(), gained=gained)]
        self._done = ("ok", tr("✓ Done:"))
        if position is not None:
            self.last_verdict = judge(position, event.action)
            lines.append(tr("Coach: {verdict}", verdict=" ".join(self.last_verdict.sentences[1:])))
            if self.last_verdict.costly:  # played, but no green ✓ above the coach's ✗
                self._done = ("info", tr("Played:"))
        elif self.coach:
            lines.append(tr("Coach: this move was played by code, not by your click: it is not judged."))
        self._highlight = frozenset(gained)
        self._hold_redraw = True  # one redraw for the move, not one per trait
        try:
            self.set_trait("selected", [])
            self.set_trait("target", None)
        finally:
            self._hold_redraw = False
        later = self._scheduler() if self._live and self.fixed_viewer is not None else None
        if turn_over:
            self._show_turns([])
        if later is not None and not g.is_over and g.to_move in self.bots:
            self._play_bots_paced(lines, later)
        else:
            self._tell(lines, self._run_bots(), self._keep_hand())
            self.refresh()
        if self.on_change is not None:
            self.on_change(g)
        return event

    def _keep_hand(self) -> list[str]:
        """Once the viewer's hand is over, its costly turns kept as retry positions (once a hand:
        :func:`buraco_learn.practice.keep_hand`), and the line that says so (``[]``: none kept)."""
        g = self.game
        if not g.is_over or self.fixed_viewer is None or self._kept_game is g:
            return []
        from .. import progress
        from ..practice import kept_words
        from ..review import review

        self._kept_game = g
        if not progress.enabled():
            return []
        self.kept_retries = review(g, seat=self.fixed_viewer, decisions=False).kept
        return [kept_words(len(self.kept_retries))] if self.kept_retries else []

    # ------------------------------------------------------------------ the opponents' turns, one by one
    #: Seconds between two opponents' turns shown on the table after a click (the moves are all
    #: played at once by the engine, then shown one turn at a time, so a learner can follow).
    pace: float = 0.8

    def _scheduler(self) -> Callable[[float, Callable[[], None]], Any] | None:
        """How to call something later: the running event loop's ``call_later`` (a kernel
        answering a click from the page), else ``None`` (Python calling the widget: all at once).
        Only in an IPython shell: outside one, a running loop is someone else's (Playwright's sync
        API leaves one running in its thread), and nothing there would show the turns later."""
        if self._later is not None:
            return self._later
        from IPython import get_ipython

        if get_ipython() is None:
            return None
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return None
        return loop.call_later

    def _play_bots_paced(self, lines: list[str], later: Callable[[float, Callable[[], None]], Any]) -> None:
        """The computer players' turns, all played now, then shown one turn at a time: first the
        table right after the viewer's move, then after each turn, every :attr:`pace` seconds.
        A click in between shows the table as it is at once (:meth:`_finish_reveal`)."""
        g = self.game
        frames: list[tuple[Game, int]] = [(g.clone(), 0)]
        bot_lines = self._run_bots(turns=frames)
        final = (lines, bot_lines, self._keep_hand())
        frames.append((g, -1))

        token = object()
        self._reveal_token = token

        def show(k: int) -> None:
            if self._reveal_token is not token:
                return  # shown whole already (a click came in between)
            shown, upto = frames[k]
            if k == len(frames) - 1:
                self._reveal = None
                self._reveal_token = None
                self._tell(*final)
                self.refresh()
                return
            self._tell(lines, self._bot_lines[:upto], [])
            real = self.game
            self.game = shown
            try:
                self.redraw()
            finally:
                self.game = real
            self._geo = None  # clicks are tested against the real table
            if k == 0:
                self._sync_controls()
            handle = later(self.pace, lambda: show(k + 1))
            self._reveal = (handle, final)

        show(0)

    def _finish_reveal(self, *, show: bool = False) -> None:
        """Stop showing the opponents' turns one by one: the feedback line says them all (and with
        ``show``, the table is redrawn as it is)."""
        pending = self._reveal
        if pending is None:
            return
        self._reveal = None
        self._reveal_token = None
        handle, final = pending
        cancel = getattr(handle, "cancel", None)
        if callable(cancel):
            cancel()
        self._tell(*final)
        if show:
            self.refresh()

    def _tell(self, mine: list[str], theirs: list[str], kept: list[str]) -> None:
        """Say the viewer's move (and the coach's verdict), the other players' turns and the kept
        retries. With the coach on, the other players' turns go to their own line above the
        feedback (:attr:`turns_text`), so a long verdict never pushes them out of sight;
        otherwise they follow the viewer's move in the feedback line."""
        if self.coach:
            if theirs:  # (none: the line stays as it is until the viewer's turn ends, see play)
                self._show_turns(theirs)
            box = mine + kept
        else:
            box = mine + theirs + kept
        self.set_feedback("\n".join(box), self._done[0], title=self._done[1], rules=())

    def _show_turns(self, lines: list[str]) -> None:
        """Show the other players' last turns in their line above the feedback (none: hidden)."""
        self._turn_lines = list(lines)
        if not lines:
            self.turns.value = ""
            self.turns.layout.display = "none"
            return
        label = escape(tr("The other players:"))
        said = "<br>".join(escape(card_symbols(line)) for line in lines)  # a line for each seat's turn
        self.turns.value = (f'<div class="bl-turns" role="status" aria-live="polite" style="color:#3d3d3d;'
                            'background:#f3f3f3;border-left:5px solid #9e9e9e;border-radius:4px;padding:3px 10px;'
                            'margin:2px 0;font-size:14px;line-height:1.35;font-family:system-ui,-apple-system,'
                            f'Segoe UI,Roboto,sans-serif"><b>{label}</b> {said}</div>')
        self.turns.layout.display = None

    @property
    def turns_text(self) -> str:
        """The other players' last turns as shown in their line above the feedback, one turn's
        move a line (``""``: none shown): the turn an opponent played before the viewer's first
        move, or, with the coach on, the turns played since the viewer's last turn. They stay
        through the viewer's whole next turn (its draw, melds and lay-offs, so what North just did
        can still be read while deciding) and go when that turn ends: its discard, or the end of
        the hand."""
        return "\n".join(self._turn_lines)

    def _run_bots(self, turns: list[tuple[Game, int]] | None = None) -> list[str]:
        """Let computer players play while it is their turn; return what they did, in words: one
        line for each seat's turn (:func:`~buraco_learn.widgets.common.turn_words`: what it took,
        laid and discarded, the partner's turn whole), so in a four-player game the partner's
        turn is never cut out of sight. ``turns``: gets a copy of the game after each turn but
        the last, with how many lines (turns, of :attr:`_bot_lines`) it had said."""
        g = self.game
        lines: list[str] = []
        self._bot_lines = lines
        steps = 0
        last = -1
        moves: list[str] = []

        def close_turn() -> None:
            if moves:
                lines.append(turn_words(g, last, self.fixed_viewer, moves))
                moves.clear()

        while not g.is_over and g.to_move in self.bots and g.to_move != self.fixed_viewer:
            seat = g.to_move
            if seat != last:
                close_turn()
                if turns is not None and steps:
                    turns.append((g.clone(), len(lines)))
            last = seat
            if steps >= self.max_bot_actions:
                close_turn()
                lines.append(tr("{seat}'s player made {n} moves without finishing; stopped.", seat=seat_name(g, seat),
                                n=steps))
                break
            try:
                action = self.bots[seat].choose(g.view(seat), g.legal_actions())
                pile_size = len(g.pile)
                event = g.apply(action)
            except BuracoError as err:
                close_turn()
                lines.append(tr("{seat}'s player chose a move the engine refused: {reason}", seat=seat_name(g, seat),
                                reason=err))
                break
            steps += 1
            moves.append(move_words(g, event, pile_size=pile_size))
        close_turn()
        return lines

    # ------------------------------------------------------------------ save, load, copy position
    @property
    def position_text(self) -> str:
        """The table in position notation (:func:`~buraco_learn.records.format_position`): every
        card listed, so ``Game.from_position(text)`` sets up the same table.

        >>> w = TableWidget(Game.new(2, seed=4), viewer=0)
        >>> Game.from_position(w.position_text).position() == w.game.position()
        True
        """
        return format_position(self.game)

    def copy_position(self) -> None:
        """Open the save / load box with :attr:`position_text` in it, ready to copy (a notebook's
        kernel cannot reach the browser's clipboard)."""
        self.position_box.value = self.position_text
        self.file_box.layout.display = None
        self._update_download()
        self.set_feedback(tr("The position is in the box under the buttons: select it all and copy it "
                             "(Ctrl+C, or ⌘C on a Mac). To set it up again, paste it into that box and press "
                             "'{button}', or call Game.from_position(text).", button=tr("Load the text above")))

    def toggle_file_box(self) -> None:
        """Open or close the save / load box."""
        self.file_box.layout.display = "none" if self.file_box.layout.display is None else None
        self._update_download()

    def save_record(self, path: str | Path) -> Path | None:
        """Write the hand as a JSON record (:func:`~buraco_learn.records.game_record`): the deal
        and every move, so :meth:`load` or ``load_record`` replays it. Returns the path written,
        or ``None`` (with the reason in the feedback line) when the file cannot be written.

        The file is written whole or not at all (a new file beside it, renamed over it), and only
        a plain file: a folder, a pipe or a device is refused. With ``folder=``, ``path`` is a
        file name in that folder (see :class:`TableWidget`).

        >>> import tempfile, pathlib
        >>> w = TableWidget(Game.new(2, seed=4), viewer=1); w.draw()
        >>> path = w.save_record(pathlib.Path(tempfile.mkdtemp()) / "hand.json")
        >>> w.feedback_text
        'Saved the hand (1 move) to hand.json.'
        >>> w.save_record("/dev/null"), w.feedback_text
        (None, "Could not save to '/dev/null': it is not a plain file (a device or a pipe): a record or a position is a small text file.")
        """
        data = (game_record(self.game) + "\n").encode("utf-8")
        try:
            target = _write_file(path, data, self.folder)
        except (_Refused, OSError) as err:
            why = _why(err)
            self.set_feedback(tr("Could not save to {path}: {reason}.", path=excerpt(_shown(path)), reason=why),
                              "refused", title=tr("✗ Not saved:"), rules=())
            return None
        n = len(self.game.history)
        self.set_feedback(trn("Saved the hand ({n} move) to {file}.", "Saved the hand ({n} moves) to {file}.", n,
                              file=_short(target.name)), "ok", title=tr("✓ Saved:"), rules=())
        return target

    def load(self, path: str | Path) -> bool:
        """Set up the table from a file holding a JSON game record (:meth:`save_record`) or a
        position (one line of position notation). A missing, unreadable or bad file is refused
        whole: the reason goes to the feedback line and the table stays as it was. Returns
        whether the table changed.

        Only a plain file is read (a pipe, a device or a folder is refused without blocking), at
        most :data:`MAX_LOAD_BYTES` of it; the reason a file is refused never quotes its content
        (paste its text in the box to see where it goes wrong). With ``folder=``, ``path`` is a
        file name in that folder (see :class:`TableWidget`).

        >>> w = TableWidget(Game.new(2, seed=4), viewer=0)
        >>> w.load("no-such-file.json"), w.feedback_kind
        (False, 'refused')
        >>> w.load("/dev/zero"), "not a plain file" in w.feedback_text
        (False, True)
        """
        source = _short(Path(_shown(path)).name or _shown(path))
        try:
            data = _read_file(path, self.folder)
        except FileNotFoundError:
            return self._refuse_load(source, tr("there is no file {path}", path=excerpt(_shown(path))))
        except (_Refused, OSError) as err:
            return self._refuse_load(source, _why(err))
        return self._load_bytes(data, source, quote=False)

    def _load_bytes(self, data: bytes, source: str, *, quote: bool) -> bool:
        if len(data) > MAX_LOAD_BYTES:
            return self._refuse_load(source, _too_big())
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            return self._refuse_load(source, tr("it is not UTF-8 text (a record and a position are)"))
        return self._load(text, source, quote=quote)

    def load_text(self, text: str, *, source: str | None = None) -> bool:
        """Set up the table from a JSON game record or a position in notation (what a teacher
        hands out). Refused whole, with the reason in the feedback line, when it cannot be read.

        >>> w = TableWidget(Game.new(2, seed=4), viewer=0)
        >>> w.load_text("fibur 2p d1 t0 play | h: 5H 6H 7H 9C / 9D | m: - | p: 3C | s: * | pots: *11 / *11 | took: -")
        True
        >>> [str(c) for c in w.game.hand(0)], w.game.phase
        (['5H', '6H', '7H', '9C'], 'play')
        >>> w.load_text("fibur 2p d1 t0 play | h: 5H"), w.game.hand(0)[0]
        (False, Card.parse('5H'))
        """
        if not isinstance(text, str):
            return self._refuse_load(tr("the text"), tr("a position or a record is text, not {value}",
                                                        value=excerpt(text)))
        return self._load(text, tr("the text") if source is None else source, quote=True)

    def _load(self, text: str, source: str, *, quote: bool) -> bool:
        """:meth:`load_text`; ``quote=False``: the reason of a refusal says nothing of the text."""
        if self.readonly:
            self.set_feedback(tr("This table only shows a game: nothing can be loaded into it."), "info")
            return False
        body = text.strip()
        if not body:
            return self._refuse_load(source, tr("it is empty: paste a position (like 'fibur 2p d0 t1 draw | h: ...') "
                                                "or a game record"))
        try:
            game = load_record(body) if body.startswith("{") else parse_position(body)
        except (BuracoError, RecursionError) as err:
            if quote:
                why = str(err) if isinstance(err, BuracoError) else tr("it is nested too deeply")
            else:
                why = tr("{reason} (paste its text into the box above and press '{button}' to see where)",
                         reason=_unquoted_reason(body), button=tr("Load the text above"))
            return self._refuse_load(source, why)
        if self.fixed_viewer is not None and self.fixed_viewer >= game.players:
            return self._refuse_load(source, tr("it is a {players}-player game, and this table is seen from "
                                                "seat {seat}", players=game.players, seat=self.fixed_viewer))
        if any(s >= game.players for s in self.bots):
            return self._refuse_load(source, tr("it is a {players}-player game, and this table has computer "
                                                "players at seats {seats}", players=game.players,
                                                seats=sorted(self.bots)))
        self.game = game
        self._highlight = frozenset()
        self.last_hint = None
        self._show_turns([])
        self.set_trait("selected", [])
        self.set_trait("target", None)
        self.set_trait("pile_open", False)
        self._geo = None
        if game.is_over:
            state = tr("the hand is over")
        elif game.phase == "draw":
            state = tr("{seat} to draw", seat=seat_name(game, game.to_move))
        else:
            state = tr("{seat} to play", seat=seat_name(game, game.to_move))
        fields = dict(source=source, players=game.players, moves=len(game.history), state=state)
        if body.startswith("{"):
            lines = [tr("Loaded the record from {source}: {players} players, {moves} moves, {state}.", **fields)]
        else:
            lines = [tr("Loaded the position from {source}: {players} players, {moves} moves, {state}.", **fields)]
        lines += self._run_bots()
        self.set_feedback("\n".join(lines), "ok", title=tr("✓ Loaded:"), rules=())
        self.refresh()
        if self.on_change is not None:
            self.on_change(game)
        return True

    def _refuse_load(self, source: str, why: str) -> bool:
        self.set_feedback(tr("Could not load {source}: {reason}. The table is unchanged.", source=source, reason=why),
                          "refused", title=tr("✗ Not loaded:"))
        return False

    def _use_text_clicked(self) -> None:
        self.load_text(self.position_box.value)

    def _save_clicked(self) -> None:
        if self.path_box is not None:  # the button exists only with files="paths"
            self.save_record(self.path_box.value.strip() or "hand.json")

    def _load_clicked(self) -> None:
        if self.path_box is not None:
            self.load(self.path_box.value.strip() or "hand.json")

    def _on_upload(self, change: dict[str, Any]) -> None:
        """A file uploaded by the page's visitor (``files="browser"``): read like :meth:`load`,
        from the bytes the browser sent (never from the server's disk), then let go of."""
        value = change["new"]
        if not value or self.upload is None:
            return
        try:
            item = value[0]
            name, content = item.get("name"), item.get("content")
        except (TypeError, KeyError, IndexError, AttributeError):
            name, content = None, None
        self.upload.value = ()  # let go of the bytes; the same file can be loaded again
        source = _short(name.strip()) if isinstance(name, str) and name.strip() else tr("the uploaded file")
        if not isinstance(content, (bytes, bytearray, memoryview)):
            self._refuse_load(source, tr("the upload holds no file"))
            return
        if memoryview(content).nbytes > MAX_LOAD_BYTES:
            self._refuse_load(source, _too_big())
            return
        self._load_bytes(bytes(content), source, quote=True)

    def _update_download(self) -> None:
        """The download link holds the hand's record as it is now (only while the box is open)."""
        if self.download is None or self.file_box.layout.display == "none":
            return
        data = base64.b64encode((game_record(self.game) + "\n").encode("utf-8")).decode("ascii")
        seed = self.game.seed
        name = f"buraco-hand-{seed}.json" if isinstance(seed, int) else "buraco-hand.json"
        tip = escape(tr("Your browser saves this hand, move by move, as a JSON file"), quote=True)
        label = escape(tr("Save record (download)"))
        self.download.value = (
            f'<a class="bl-download jupyter-button" download="{name}" href="data:application/json;base64,{data}" '
            f'title="{tip}" style="display:inline-flex;align-items:center;height:28px;padding:0 12px;margin:2px 4px;'
            'text-decoration:none;color:inherit;background:var(--jp-layout-color2,#eee);border-radius:2px">'
            f"⬇ {label}</a>")

    # ------------------------------------------------------------------ events
    def click(self, x: float, y: float) -> None:
        """A click at canvas coordinates (what the browser sends)."""
        self._on_mouse_down(x, y)

    def _on_mouse_down(self, x: float, y: float) -> None:
        self._live += 1
        try:
            self._finish_reveal(show=True)
            self._mouse_down(x, y)
        finally:
            self._live -= 1

    def _mouse_down(self, x: float, y: float) -> None:
        hit: Hit | None = self.geometry.hit(x, y)
        if hit is None or self.readonly and hit.kind in ("hand", "meld", "stock"):
            return
        if hit.kind == "hand":
            self.select(hit.index)
        elif hit.kind == "meld":
            self.target = None if self.target == hit.index else hit.index
        elif hit.kind == "pile":
            self.toggle_pile()
        elif hit.kind == "stock":
            self.draw()
        elif hit.kind == "pot":
            self.set_feedback(tr("A pot is taken the first time a hand of your side empties (POT-1)."))
        elif hit.kind == "seat":
            n = len(self.game.hand(hit.index))
            self.set_feedback(trn("{seat} holds {n} card.", "{seat} holds {n} cards.", n,
                                  seat=seat_name(self.game, hit.index)))

    def _on_target_choice(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        value = change["new"]
        self.target = None if value == -1 else int(value)

    def _on_view_trait(self, change: dict[str, Any]) -> None:
        self._finish_reveal(show=True)  # the table as it is, then the change
        if change["name"] == "deck":
            check_deck(change["new"])
            if self.deck_choice.value != change["new"]:
                self._syncing = True
                try:
                    self.deck_choice.value = change["new"]
                finally:
                    self._syncing = False
        if change["name"] == "sort" and change["new"] not in _SORTS:
            raise traitlets.TraitError(tr("unknown sort {sort}: choose 'suit', 'rank' or 'dealt'", sort=repr(change["new"])))
        if self._hold_redraw and change["name"] in ("selected", "target"):
            self._sync_values()
        elif change["name"] == "sort":
            self.refresh()
        elif change["name"] == "selected":  # the canvas first: its message leaves before the buttons'
            self.redraw_hand()
            self._sync_values()
        elif change["name"] == "target":
            self.redraw()
            self._sync_values()
        else:
            self.redraw()

    def _on_deck_choice(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.deck = change["new"]

    def _on_width(self, change: dict[str, Any]) -> None:
        w = int(change["new"])
        if w < 320:
            raise traitlets.TraitError(tr("width must be at least 320 pixels, not {width}", width=w))
        resize_canvas(self.canvas, w, budget=self.max_height)
        self.redraw()

    # ------------------------------------------------------------------ drawing
    def _compute_geometry(self) -> TableGeometry:
        return geometry_for(self.game, self.viewer, width=self.width, selected=self.selected,
                            pile_open=self.pile_open)

    def refresh(self, buttons: bool = True) -> None:
        """Redraw the canvas and update the buttons and the text line from the game.

        The canvas goes first (its message leaves before the buttons' updates), so the page
        repaints the table at once."""
        self._finish_reveal()
        self.redraw()
        self._show_feedback()
        if buttons:
            self._sync_controls()
        self._update_download()

    def redraw(self) -> None:
        """Draw the whole table from the game: one ``hold_canvas()`` batch (one message)."""
        geo = self._compute_geometry()
        self._geo = geo
        if self.canvas.height != geo.height:
            resize_canvas(self.canvas, self.width, geo.height, budget=self.max_height)
        with hold_canvas():
            draw_table(Pen(self.canvas), self.game, geo, viewer=self.viewer, hand=self.hand,
                       selected=set(self.selected), target=self.target, deck=self.deck, highlight=self._highlight,
                       pile_open=self.pile_open, show_score=self.show_score,
                       you=self._says_you(), readonly=self.readonly)
            mark_frame(self.canvas, self.redraws + 1)  # which redraw the page shows (the browser tests wait on it)
        self.redraws += 1
        self.words.value = words_html(self.description_text, frame=self.redraws)

    def redraw_hand(self) -> None:
        """Redraw only the hand's band of the canvas (a selection, a highlight: nothing else of
        the table changes), one ``hold_canvas()`` batch; the whole table when the canvas was never
        drawn or its height would change."""
        old = self._geo
        geo = self._compute_geometry()
        if old is None or self.redraws == 0 or geo.height != self.canvas.height or geo.hand_area != old.hand_area:
            self.redraw()
            return
        self._geo = geo
        with hold_canvas():
            draw_hand_layer(Pen(self.canvas), self.game, geo, viewer=self.viewer, hand=self.hand,
                            selected=set(self.selected), deck=self.deck, highlight=self._highlight,
                            you=self._says_you(), readonly=self.readonly)
            mark_frame(self.canvas, self.redraws + 1)
        self.redraws += 1
        self.words.value = words_html(self.description_text, frame=self.redraws)

    def _sync_controls(self) -> None:
        self._syncing = True
        try:
            hand = self.hand
            chosen = set(self.selected)
            # The card buttons are kept and relabelled (a new widget per card per move cost the
            # page a model each): only the buttons past the hand's end are made or let go.
            buttons = list(self.card_buttons.children[:len(hand)])
            for i, c in enumerate(hand):
                if i < len(buttons):
                    tb = buttons[i]
                    if tb.description != card_label(c):
                        tb.description, tb.tooltip = card_label(c), card_title(c)
                    if tb.value != (i in chosen):
                        tb.value = i in chosen
                    continue
                tb = ToggleButton(value=i in chosen, description=card_label(c), tooltip=card_title(c),
                                  layout=Layout(width="52px"))
                tb.observe(self._card_toggler(i), "value")
                buttons.append(tb)
            if len(buttons) != len(self.card_buttons.children) or any(
                    a is not b for a, b in zip(buttons, self.card_buttons.children)):
                self.card_buttons.children = buttons
            options: list[tuple[str, int]] = [(tr("(click a meld)"), -1)]
            # Only the melds the viewer may lay off onto: his side's (TURN-2; five players: the side
            # as the engine formed it, P5-2), or his own where the rules allow no partner's.
            targets = self.game.lay_off_targets(self.viewer)
            options += [(f"#{t.id} {t.meld.notation(pretty=True)}", t.id) for t in targets]
            self.target_choice.options = options
            self.target_choice.value = self.target if self.target is not None and any(
                t.id == self.target for t in targets) else -1
        finally:
            self._syncing = False

    def _sync_values(self) -> None:
        self._syncing = True
        try:
            chosen = set(self.selected)
            for i, tb in enumerate(self.card_buttons.children):
                tb.value = i in chosen
            ids = {t.id for t in self.game.lay_off_targets(self.viewer)}
            self.target_choice.value = self.target if self.target in ids else -1
        finally:
            self._syncing = False

    def _card_toggler(self, i: int) -> Callable[[dict[str, Any]], None]:
        def toggle(change: dict[str, Any]) -> None:
            if self._syncing:
                return
            chosen = set(self.selected)
            if change["new"]:
                chosen.add(i)
            else:
                chosen.discard(i)
            self.selected = sorted(chosen)

        return toggle

    def _button(self, label: str, tip: str, fn: Callable[[], None]) -> Button:
        button = Button(description=label, tooltip=tip, layout=Layout(width="auto"))

        def clicked(_b: Button) -> None:
            self._live += 1
            try:
                fn()
            finally:
                self._live -= 1

        button.on_click(clicked)
        return button


def _why(err: Exception) -> str:
    """The reason of a refused or failed file, in words (an OS error's own, without its path)."""
    if isinstance(err, OSError):
        return err.strerror or type(err).__name__
    return str(err)


def _shown(path: object) -> str:
    """A path as text for a message (whatever was given)."""
    try:
        text = os.fspath(path) if isinstance(path, (str, os.PathLike)) else repr(path)
    except Exception:  # noqa: BLE001 - a broken os.PathLike of a foreign object
        text = type(path).__name__
    return text if isinstance(text, str) else repr(text)
