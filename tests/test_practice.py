"""Mistakes that come back: retry positions checked by the engine, the review queue on Leitner
boxes, mastery per rule and theme; all under a fixed clock, on old files and against hostile ones."""

from __future__ import annotations

import hashlib
import json
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

import buraco_learn.progress as progress
from buraco_learn import Game
from buraco_learn.bots import make_bot, play_hand
from buraco_learn.errors import NotationError
from buraco_learn.practice import (CostlyDecision, costly_decisions, due, keep_retries, keep_review, mastery,
                                   mastery_view, practice_items, queue, retries, weakest)
from buraco_learn.progress import BOX_DAYS, PROGRESS_FILE, Progress, record_puzzle
from buraco_learn.report import ClassReport
from buraco_learn.review import review

FIXTURE = Path(__file__).parent / "fixtures" / "progress-v1.json"
START = datetime(2027, 3, 4, 9, 0, 0, tzinfo=timezone.utc)


class Clock:
    """The progress clock, fixed, moved by whole days."""

    def __init__(self) -> None:
        self.at = START

    def __call__(self) -> datetime:
        return self.at

    def day(self, n: int) -> str:
        """Move to ``n`` days after the start; that day as ``2027-03-04``."""
        self.at = START + timedelta(days=n)
        return self.at.strftime("%Y-%m-%d")


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    c = Clock()
    monkeypatch.setattr(progress, "now", c)
    return c


@pytest.fixture
def store(tmp_path: Path) -> Progress:
    return Progress(tmp_path / PROGRESS_FILE)


def _box(p: Progress, item: str) -> tuple[int, str]:
    box = p.load()["boxes"][item]
    return box["box"], box["due"]


def _sealed(content: dict[str, Any]) -> str:
    body = {k: v for k, v in content.items() if k != "checksum"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    body["checksum"] = "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()
    return json.dumps(body, indent=1)


# ----------------------------------------------------------------------------- Leitner boxes
def test_a_failed_puzzle_climbs_the_boxes_on_its_days_and_falls_back_when_missed(store: Progress, clock: Clock) -> None:
    """Box 1 the day after it failed; right on its day: one box up, due after 2, 4, 8, 16 days;
    right before its day: no change; wrong: box 1 again, due the next day."""
    store.record_puzzle("safe", "s-1", False)
    assert _box(store, "puzzle:safe/s-1") == (1, clock.day(1))
    assert [i.key for i in due(store.load(), clock.day(0))] == []
    day = 1
    for box in (2, 3, 4):
        clock.day(day)
        store.record_puzzle("safe", "s-1", True)
        day += BOX_DAYS[box - 1]
        assert _box(store, "puzzle:safe/s-1") == (box, clock.day(day))
    clock.day(day - 1)  # the day before it is due: right changes nothing
    store.record_puzzle("safe", "s-1", True)
    assert _box(store, "puzzle:safe/s-1") == (4, clock.day(day))
    clock.day(day)
    store.record_puzzle("safe", "s-1", False)
    assert _box(store, "puzzle:safe/s-1") == (1, clock.day(day + 1))
    entry = store.load()["puzzles"]["safe/s-1"]
    assert (entry["tries"], entry["solved"], entry["first_ok"], entry["ok"]) == (6, 4, False, False)


def test_right_in_the_last_box_is_learned_and_leaves_the_queue(store: Progress, clock: Clock) -> None:
    store.record_puzzle("most", "m-2", False)
    day = 1
    for box in range(1, len(BOX_DAYS) + 1):
        clock.day(day)
        assert [i.key for i in due(store.load())] == ["puzzle:most/m-2"]
        store.record_puzzle("most", "m-2", True)
        day += BOX_DAYS[box] if box < len(BOX_DAYS) else 0   # the new box's interval
    assert store.load()["boxes"]["puzzle:most/m-2"]["box"] == progress.LEARNED
    clock.day(day + 100)
    assert queue(store.load()) == [] and due(store.load()) == []


def test_a_puzzle_solved_at_once_never_enters_the_queue(store: Progress, clock: Clock) -> None:
    store.record_puzzle("close", "c-1", True)
    assert "boxes" not in store.load() or not store.load()["boxes"]
    assert mastery(store.load())[-1].key == "close" and mastery(store.load())[-1].percent == 100


# ----------------------------------------------------------------------------- the queue's count
def test_the_count_due_today_adds_missed_exercises_failed_puzzles_and_retries(store: Progress, clock: Clock) -> None:
    store.record("ace-high", "wrong", answer="QH KH", attempt=1)
    store.record("ace-high", "right", answer="QH KH AH")      # right later: still comes back
    store.record("deck-size", "right", answer=108)             # right at once: never comes back
    store.record_puzzle("safe", "s-1", False)
    keep_retries([CostlyDecision(_lay_position(), "laid nothing down (0 points)", 15, target=15)], store)
    data = store.load()
    assert [i.key for i in due(data, clock.day(0))] == [i.key for i in queue(data) if i.kind == "retry"]
    assert len(due(data, clock.day(0))) == 1                   # the retry position: due the day it is made
    assert sorted(i.kind for i in due(data, clock.day(1))) == ["exercise", "puzzle", "retry"]
    clock.day(1)
    store.record_review("exercise:ace-high", True)
    assert sorted(i.kind for i in due(store.load(), clock.day(1))) == ["puzzle", "retry"]
    assert sorted(i.kind for i in due(store.load(), clock.day(3))) == ["exercise", "puzzle", "retry"]


# ----------------------------------------------------------------------------- mastery
def _entry(right: bool, wrong: int = 0, worked: bool = False) -> dict[str, Any]:
    return {"right": right, "first_try": right and not wrong, "tries": wrong + right, "hint": min(wrong, 2),
            "worked": worked, "wrong": [f"k{i}" for i in range(wrong)], "first": "2027-03-04T09:00:00Z",
            "last": "2027-03-04T09:00:00Z", "blanks": 0, "missed": {}}


def test_mastery_counts_a_first_try_more_than_one_after_a_hint_or_a_worked_answer() -> None:
    """An exercise of RUN-2 right at the first try counts 1, after the hint 0.6, after the stronger
    hint 0.4, after the worked answer 0.2, not right 0: the mean of the tried ones."""
    from buraco_learn.exercises.catalog import by_rule

    run2 = by_rule()["RUN-2"]
    assert len(run2) >= 2
    cases = [(_entry(True), 100), (_entry(True, 1), 60), (_entry(True, 2), 40), (_entry(True, 3, worked=True), 20),
             (_entry(False, 2), 0)]
    for entry, percent in cases:
        skill = next(s for s in mastery({"exercises": {run2[0]: entry}}) if s.key == "RUN-2")
        assert (skill.percent, skill.items) == (percent, 1)
    both = {"exercises": {run2[0]: _entry(True), run2[1]: _entry(True, 1)}}
    assert next(s for s in mastery(both) if s.key == "RUN-2").percent == 80
    assert next(s for s in mastery(both) if s.key == "RUN-2").items == 2


def test_weakest_is_the_lowest_figure_and_practise_serves_its_exercises(store: Progress, clock: Clock) -> None:
    from buraco_learn.exercises.catalog import EXERCISES, by_rule

    store.record("deck-size", "right", answer=108)
    store.record("ace-high", "wrong", answer="QH KH", attempt=1)
    store.record("ace-high", "wrong", answer="KH", attempt=2)
    data = store.load()
    worst = weakest(data)
    assert worst is not None and worst.percent == 0 and worst.key in EXERCISES["ace-high"].rules
    items = practice_items(worst, data)
    assert items[0] == "exercise:ace-high" or "exercise:ace-high" in items
    assert {i.partition(":")[2] for i in items} == set(by_rule()[worst.key])


def test_puzzles_and_retries_count_in_their_theme(store: Progress, clock: Clock) -> None:
    store.record_puzzle("safe", "s-1", True)
    store.record_puzzle("safe", "s-2", False)
    store.record_puzzle("safe", "s-2", True)
    store.record_puzzle("safe", "s-3", False)
    safe = next(s for s in mastery(store.load()) if s.key == "safe")
    assert (safe.percent, safe.items) == (50, 3)   # (1 + 0.5 + 0) / 3


def test_the_mastery_picture_shows_a_bar_per_skill_and_the_weakest() -> None:
    view = mastery_view({"exercises": {"ace-high": _entry(True, 1)}, "puzzles": {}})
    html = view._repr_html_()
    assert "RUN-2" in html and "width:60%" in html and "<svg" not in html
    assert "RUN-2" in view.note() and "60%" in view.text()


# ----------------------------------------------------------------------------- retry positions
def _lay_position() -> str:
    from buraco_learn.exercises.catalog import FLY

    return FLY


@pytest.fixture(scope="module")
def reviewed() -> Any:
    g = Game.new(2, seed=5)
    play_hand(g, [make_bot("greedy", 1), make_bot("random", 2)])
    return review(g, seat=1)


def test_costly_turns_become_retry_positions_the_solver_checks(reviewed: Any, store: Progress, clock: Clock) -> None:
    """The costliest turns, kept in the progress and due today; the solver's best is right (never a
    mistake), what was played is wrong, and each check moves the position's box."""
    ids = keep_review(reviewed, store, most=3)
    assert len(ids) == 3
    kept = retries(store.load())
    assert sorted(kept) == sorted(ids) and len(due(store.load())) == 3
    worst = reviewed.worst[0]
    retry = kept[ids[0]]
    assert (retry.target, retry.cost) == (worst.best_points, worst.loss)
    played = "; ".join(str(a) for a in worst.laid) or "0"
    assert not retry.check(played).correct
    best = "; ".join(str(a) for a in worst.best.actions())
    assert retry.check(best).correct
    store.record_review("retry:" + ids[0], False)
    assert _box(store, "retry:" + ids[0]) == (1, clock.day(1))
    assert keep_review(reviewed, store, most=3) == ids and len(store.load()["retries"]) == 3  # kept once


def test_every_kept_retry_accepts_the_solvers_best(reviewed: Any) -> None:
    decisions = costly_decisions(reviewed, most=5)
    puzzles = {d.position: d for d in decisions}
    from buraco_learn.practice import retry_puzzle

    for turn in reviewed.worst[:5]:
        d = puzzles[turn.position]
        kept = {"position": d.position, "kind": "lay", "played": d.played, "cost": d.cost, "target": d.target,
                "accept": [], "better": d.better, "theme": "most", "rules": ["EQ-2"], "added": "2027-03-04T09:00:00Z",
                "tries": 0, "solved": 0, "first_ok": False}
        assert retry_puzzle("r1", kept).check("; ".join(str(a) for a in turn.best.actions())).correct


def test_a_choice_retry_accepts_only_its_better_moves(store: Progress, clock: Clock) -> None:
    from buraco_learn.exercises.catalog import SAFE
    from buraco_learn.practice import retry_puzzle

    [rid] = keep_retries([CostlyDecision(SAFE, "discarded 8H", 30, kind="choice", accept=("discard 3D", "discard KC"),
                                         theme="safe", rules=("TURN-2",))], store)
    retry = retry_puzzle(rid, store.load()["retries"][rid])
    assert retry.check("discard KC").correct and not retry.check("discard 8H").correct
    assert "TURN-2" in retry.check("discard 8H").rules


@pytest.mark.parametrize("decision, says", [
    (CostlyDecision("fibur 2p nonsense", "x", 10), "cannot be read"),
    (CostlyDecision("FLY", "x", 0), "cost"),
    (CostlyDecision("FLY", "x", 10, kind="choice", accept=("discard ZZ",)), "card"),
    (CostlyDecision("FLY", "x", 10, theme="<script>"), "short words"),
])
def test_a_bad_decision_is_refused_whole(decision: CostlyDecision, says: str, store: Progress, clock: Clock) -> None:
    good = CostlyDecision(_lay_position(), "x", 10, target=10)
    if decision.position == "FLY":
        decision = CostlyDecision(_lay_position(), decision.played, decision.cost, decision.kind, decision.target,
                                  decision.accept, theme=decision.theme)
    with pytest.raises(NotationError, match=says):
        keep_retries([good, decision], store)
    assert not store.path.exists() and not store.review_journal.exists()


def test_a_long_played_move_is_kept_cut_to_its_bound(store: Progress, clock: Clock) -> None:
    [rid] = keep_retries([CostlyDecision(_lay_position(), "x" * 600, 10, target=10)], store)
    assert store.load()["retries"][rid]["played"] == "x" * 500


# ----------------------------------------------------------------------------- old files, hostile files
def test_an_old_file_loads_its_missed_exercises_come_back_and_count_in_mastery(tmp_path: Path, clock: Clock) -> None:
    """tests/fixtures/progress-v1.json (the format before the queue): it loads, its missed
    exercises are in the queue and its checks count in mastery; puzzles added to it keep it whole."""
    path = tmp_path / PROGRESS_FILE
    path.write_bytes(FIXTURE.read_bytes())
    old = json.loads(FIXTURE.read_text())
    p = Progress(path)
    missed = {k for k, e in old["exercises"].items() if e["wrong"] or e["worked"]}
    assert missed and {i.name for i in queue(p.load()) if i.kind == "exercise"} == missed
    assert mastery(p.load()) and not p.reports
    p.record_puzzle("safe", "s-1", False)
    after = json.loads(path.read_text())
    assert after["exercises"] == old["exercises"] and after["format"] == old["format"]
    assert after["version"] == old["version"] == 1 and "safe/s-1" in after["puzzles"]


def test_new_entries_never_reach_the_checks_journal_an_older_kernel_reads(tmp_path: Path, clock: Clock,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """An older kernel reads only the checks' journal and sets aside any line that is not a check:
    puzzle results, retries and reviews go to a journal of their own, and the file keeps format
    and version 1 (an older kernel loads it, keeps unknown sections when it writes)."""
    p = Progress(tmp_path / PROGRESS_FILE)
    monkeypatch.setattr(progress, "_LOCK_WAIT", 0.0)
    with p._locked():  # another kernel holds the lock: every line stays in its journal
        other = Progress(tmp_path / PROGRESS_FILE)
        monkeypatch.setattr(progress, "_thread_lock", lambda path: __import__("threading").RLock())
        other.record("ace-high", "wrong", answer="x", attempt=1)
        other.record_puzzle("safe", "s-1", False)
        other.record_review("exercise:ace-high", False)
    def lines(journals: list[Path]) -> list[bytes]:
        return [line for j in journals if j.exists() for line in j.read_bytes().splitlines()]

    checks = lines(p._journals(review=False))  # the shared journal, and this kernel's own (no lock)
    assert checks and all(line.startswith(b'{"v":1,') for line in checks)
    assert len(lines(p._journals(review=True))) == 2
    data = p.load()
    assert "safe/s-1" in data["puzzles"] and data["exercises"]["ace-high"]["tries"] == 1


def _forge(field: str, value: Any) -> dict[str, Any]:
    data = json.loads(FIXTURE.read_text())
    good = {"puzzles": {"safe/s-1": {"theme": "safe", "id": "s-1", "first": "2027-03-04T09:00:00Z",
                                     "last": "2027-03-04T09:00:00Z", "tries": 1, "solved": 0, "first_ok": False,
                                     "ok": False}},
            "boxes": {"puzzle:safe/s-1": {"box": 1, "due": "2027-03-05", "reviews": 0, "last": ""}}}
    data.update(good)
    section, _, rest = field.partition(".")
    node: Any = data
    keys = [section] + (rest.split("|") if rest else [])
    for k in keys[:-1]:
        node = node[k]
    node[keys[-1]] = value
    return data


@pytest.mark.parametrize("field, value", [
    ("puzzles", []),
    ("puzzles.safe/s-1|tries", -1),
    ("puzzles.safe/s-1|tries", True),
    ("puzzles.safe/s-1|solved", 5),
    ("puzzles.safe/s-1|theme", "../etc"),
    ("puzzles.safe/s-1|first", "yesterday"),
    ("puzzles.safe/s-1|extra", 1),
    ("puzzles.other/x", {"theme": "safe", "id": "s-1", "first": "2027-03-04T09:00:00Z",
                         "last": "2027-03-04T09:00:00Z", "tries": 1, "solved": 0, "first_ok": False, "ok": False}),
    ("boxes.puzzle:safe/s-1|box", 9),
    ("boxes.puzzle:safe/s-1|box", 1.0),
    ("boxes.puzzle:safe/s-1|due", "2027-02-30"),
    ("boxes.puzzle:safe/s-1|due", "\u0000"),
    ("boxes.hack:x", {"box": 1, "due": "2027-03-05", "reviews": 0, "last": ""}),
    ("retries", {"r1": {"position": "x"}}),
    ("retries", {"r1": {"position": "p" * 3000, "kind": "lay", "played": "", "cost": 1, "target": 1, "accept": [],
                        "better": "", "theme": "most", "rules": [], "added": "2027-03-04T09:00:00Z", "tries": 0,
                        "solved": 0, "first_ok": False}}),
    ("retries", {"r1": {"position": "fibur", "kind": "eval", "played": "", "cost": 1, "target": 1, "accept": [],
                        "better": "", "theme": "most", "rules": [], "added": "2027-03-04T09:00:00Z", "tries": 0,
                        "solved": 0, "first_ok": False}}),
    ("retries", {"r" * 200: {}}),
    ("applied_review", "abc"),
])
def test_a_forged_file_with_a_bad_new_field_is_set_aside(tmp_path: Path, field: str, value: Any,
                                                         capsys: pytest.CaptureFixture[str], clock: Clock) -> None:
    """A file whose checksum matches (forged with care) but whose new sections hold a wrong type,
    a count out of bounds, an impossible date or a key that does not match is set aside, said
    once, and recording goes on."""
    path = tmp_path / PROGRESS_FILE
    path.write_text(_sealed(_forge(field, value)))
    p = Progress(path)
    assert p.load()["exercises"] == {}
    assert len(list(tmp_path.glob(PROGRESS_FILE + ".bad-*"))) == 1
    assert capsys.readouterr().err.count("buraco_learn:") == 1
    p.record_puzzle("safe", "s-9", True)
    assert "safe/s-9" in p.load()["puzzles"]


def test_the_forged_fixture_itself_loads(tmp_path: Path) -> None:
    """The good version of the forged file above loads (so each refusal is its field's)."""
    path = tmp_path / PROGRESS_FILE
    path.write_text(_sealed(_forge("puzzles.safe/s-1|tries", 1)))
    assert Progress(path).load()["puzzles"]["safe/s-1"]["tries"] == 1


@pytest.mark.parametrize("line", [
    {"e": "puzzle", "th": "safe", "p": "s-1", "ok": "yes"},
    {"e": "puzzle", "th": "safe", "p": "s-1", "ok": True, "more": 1},
    {"e": "review", "i": "exec:rm", "ok": True},
    {"e": "retry", "rid": "r1", "r": {"position": "x"}},
    {"e": "other"},
])
def test_a_hostile_review_journal_line_is_set_aside_and_the_good_ones_kept(tmp_path: Path, line: dict[str, Any],
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    p = Progress(tmp_path / PROGRESS_FILE)
    good = {"v": 2, "id": "g1", "t": "2027-03-04T09:00:00Z", "e": "puzzle", "th": "most", "p": "m-1", "ok": False}
    bad = {"v": 2, "id": "b1", "t": "2027-03-04T09:00:00Z", **line}
    p.review_journal.write_text(json.dumps(good, separators=(",", ":")) + "\n"
                                + json.dumps(bad, separators=(",", ":")) + "\n")
    data = p.load()
    assert list(data["puzzles"]) == ["most/m-1"]
    assert len(list(tmp_path.glob("*.review.jsonl.bad-*"))) == 1
    assert capsys.readouterr().err.count("buraco_learn:") == 1


@pytest.mark.parametrize("theme, pid, ok", [("", "x", True), ("safe", "a/b", True), ("safe", "x" * 81, True),
                                            ("safe", "s-1", 1), (None, "x", True)])
def test_record_puzzle_refuses_what_is_not_a_short_word(theme: Any, pid: Any, ok: Any, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("BURACO_PROGRESS", "1")
    with pytest.raises(NotationError):
        record_puzzle(theme, pid, ok)
    assert list(tmp_path.iterdir()) == []
    record_puzzle("safe", "s-1", True)
    assert Progress(tmp_path / PROGRESS_FILE).load()["puzzles"]["safe/s-1"]["solved"] == 1


def test_the_class_report_reads_a_results_file_from_a_progress_file_with_new_sections(tmp_path: Path,
                                                                                     clock: Clock) -> None:
    p = Progress(tmp_path / PROGRESS_FILE)
    p.record("deck-size", "right", answer=108)
    p.record_puzzle("safe", "s-1", False)
    keep_retries([CostlyDecision(_lay_position(), "x", 10, target=10)], p)
    out = tmp_path / "buraco-results-ana.json"
    out.write_text(json.dumps(p.results("Ana")))
    report = ClassReport.from_files([out])
    assert [learner.learner for learner in report.learners] == ["Ana"] and not report.left_out


# ----------------------------------------------------------------------------- the widgets
def test_a_retry_played_wrong_then_right_on_the_table_is_recorded(store: Progress, clock: Clock) -> None:
    """On the table: a discard with nothing laid is wrong, the meld that lays the better move's 15
    points is right; both are kept, and the wrong one put the position back in box 1 for tomorrow."""
    from buraco_learn.widgets.practice import RetryWidget

    [rid] = keep_retries([CostlyDecision(_lay_position(), "laid nothing down (0 points)", 15, target=15)], store)
    w = RetryWidget(retries(store.load())[rid], store)
    w.check()                                   # nothing played: asked to play, nothing recorded
    assert store.load()["retries"][rid]["tries"] == 0
    w.table.play("discard 4C")
    w.check()
    assert w.verdict is not None and not w.verdict.correct
    w.reset()
    w.table.play("meld 4C 5C 6C")
    w.check()
    assert w.verdict is not None and w.verdict.correct
    kept = store.load()["retries"][rid]
    assert (kept["tries"], kept["solved"], kept["first_ok"]) == (2, 1, False)
    assert _box(store, "retry:" + rid) == (1, clock.day(1))


def test_the_queue_widget_counts_serves_and_practises_the_weakest(store: Progress, clock: Clock) -> None:
    from buraco_learn.widgets.practice import ReviewQueueWidget

    store.record("ace-high", "wrong", answer="QH KH", attempt=1)
    store.record_puzzle("safe", "easy-safe-1-12", False)
    clock.day(1)
    w = ReviewQueueWidget(store)
    assert w.count == 2 and "To review today: 2 items" in w.header.value
    assert w.next_item() == "exercise:ace-high"
    w.answer_box.value = "QH KH"
    w.check_exercise()                          # wrong again: back to box 1, due tomorrow
    assert w.count == 1 and _box(store, "exercise:ace-high") == (1, clock.day(2))
    clock.day(1)
    assert w.next_item() == "puzzle:safe/easy-safe-1-12"
    assert w.practise_weakest() is not None and w.current is not None
    assert ReviewQueueWidget(None).count == 0


def test_next_passes_over_an_item_it_cannot_serve(store: Progress, clock: Clock) -> None:
    """A failed puzzle no finder knows (made elsewhere) is counted but passed over: Next serves
    the next item instead of showing nothing."""
    from buraco_learn.widgets.practice import ReviewQueueWidget

    store.record_puzzle("safe", "a-generated-one", False)          # due on day 1: the first in the queue
    clock.day(1)
    store.record("ace-high", "wrong", answer="QH KH", attempt=1)    # due on day 2
    clock.day(2)
    w = ReviewQueueWidget(store)
    assert [i.key for i in due(store.load())][0] == "puzzle:safe/a-generated-one"
    assert w.count == 2 and w.next_item() == "exercise:ace-high"


_HOSTILE = [None, True, -1, 10**12, 1.5, float("nan"), "", "x" * 5000, "\u0000", "2027-13-40", "9999-12-31",
            [], {}, [1], {"a": 1}, "retry:../../x", "../", "RUN-2"]


def test_fuzz_the_new_sections_never_break_loading_the_queue_or_mastery(tmp_path: Path, clock: Clock,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """Seeded random damage to a file's puzzles, retries and boxes (its checksum made to match):
    loading never raises; a file kept is one the queue, mastery and retries read without error;
    recording goes on after it."""
    import random

    base = Progress(tmp_path / "base" / PROGRESS_FILE)
    base.path.parent.mkdir()
    base.record("ace-high", "wrong", answer="QH KH", attempt=1)
    base.record_puzzle("safe", "easy-safe-1-12", False)
    keep_retries([CostlyDecision(_lay_position(), "x", 15, target=15)], base)
    base.record_review("exercise:ace-high", False)
    good = json.loads(base.path.read_text())
    rng = random.Random(20270304)
    for case in range(80):
        data = json.loads(json.dumps(good))
        node: Any = data[rng.choice(["puzzles", "retries", "boxes"])]
        while isinstance(node, dict) and node and rng.random() < 0.8:
            key = rng.choice(sorted(node))
            if not isinstance(node[key], dict):
                break
            node = node[key]
        if isinstance(node, dict) and node:
            key = rng.choice(sorted(node))
            if rng.random() < 0.2:
                node[rng.choice(["extra", key + "x"])] = node.pop(key)
            else:
                node[key] = rng.choice(_HOSTILE)
        folder = tmp_path / f"case-{case}"
        folder.mkdir()
        (folder / PROGRESS_FILE).write_text(_sealed(data))
        p = Progress(folder / PROGRESS_FILE)
        loaded = p.load()
        queue(loaded), mastery(loaded), retries(loaded), mastery_view(loaded)._repr_html_()
        p.record_puzzle("most", "m-1", True)
        assert "most/m-1" in p.load()["puzzles"], case
    capsys.readouterr()


def test_a_missed_exercise_whose_date_is_not_a_date_comes_back_at_once(store: Progress, clock: Clock) -> None:
    """An exercise's dates were only ever checked as short text: one that is not a date (written by
    hand through record's now=) does not break the queue; the exercise is due at once."""
    store.record("ace-high", "wrong", answer="QH KH", attempt=1, now="yesterday")
    assert [i.key for i in due(store.load(), clock.day(0))] == ["exercise:ace-high"]
    store.record_review("exercise:ace-high", True)
    assert _box(store, "exercise:ace-high") == (2, clock.day(2))


def _hand_at_the_table(seed: int) -> Any:
    """A seeded 2-player hand played to its end in the table widget: South's moves by a random
    player through ``table.play`` (as the learner's clicks are), North the greedy bot."""
    from buraco_learn.widgets.table import TableWidget

    g = Game.new(2, seed=seed)
    table = TableWidget(g, viewer=0, opponents={1: make_bot("greedy", seed=seed)})
    me = make_bot("random", seed=seed)
    moves = 0
    while not g.is_over and moves < 600:
        table.play(me.choose(g.view(0), g.legal_actions()))
        moves += 1
    assert g.is_over
    return table


@pytest.fixture
def recording(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, clock: Clock) -> Progress:
    """Recording on (as in a notebook kernel), the progress file in a fresh folder."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("BURACO_PROGRESS", "1")
    return Progress(tmp_path / PROGRESS_FILE)


def test_a_hand_ended_at_the_table_keeps_its_costly_turns_once(recording: Progress) -> None:
    """The learner calls nothing: the hand's end keeps the costly turns as retries, due today, and
    the table says so in one line; the same hand played again keeps no second copy."""
    table = _hand_at_the_table(5)
    kept = recording.load()["retries"]
    assert kept and len(due(recording.load())) == len(kept)
    n = len(kept)
    line = f"{n} turns kept to retry: see the index's To review today." if n > 1 else \
        "1 turn kept to retry: see the index's To review today."
    assert line in table.feedback_text
    assert sorted(kept) == sorted(table.kept_retries)
    table.play("discard 5H")  # the hand is over: nothing more is kept
    again = _hand_at_the_table(5)
    assert sorted(recording.load()["retries"]) == sorted(kept) and sorted(again.kept_retries) == sorted(kept)


def test_a_hand_at_the_table_keeps_nothing_when_recording_is_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    table = _hand_at_the_table(5)
    assert not (tmp_path / PROGRESS_FILE).exists() and "kept to retry" not in table.feedback_text


def test_a_review_shown_keeps_the_costly_turns_and_says_so(recording: Progress) -> None:
    g = Game.new(2, seed=5)
    play_hand(g, [make_bot("greedy", 1), make_bot("random", 2)])
    shown = review(g, seat=1)
    kept = recording.load()["retries"]
    assert kept and sorted(shown.kept) == sorted(kept)
    assert any("kept to retry: see the index's To review today." in line for line in shown.lines())
    assert "kept to retry" in shown._repr_html_()
    review(g, seat=1)
    assert sorted(recording.load()["retries"]) == sorted(kept)
    assert review(g, seat=1, keep=False).kept == ()
