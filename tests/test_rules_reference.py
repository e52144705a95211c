"""Tests of ``buraco_learn/reference/rules.md``, the project's rules reference.

The reference is what error messages, tests and notebooks cite, so it must hold every rule ID
exactly once, name the four presets, cover every ID the engine cites, and agree with the engine
on its worked examples.
"""

from __future__ import annotations

import doctest
import io
import re
import tokenize
from collections import Counter
from pathlib import Path

import pytest

from buraco_learn import PRESETS, InvalidMeld, Meld, meld_error

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "buraco_learn" / "reference" / "rules.md"
PACKAGE = ROOT / "buraco_learn"

#: A rule's anchor in the reference: a list item starting with the bold ID.
ANCHOR = re.compile(r"^- \*\*([A-Z0-9]+-\d+)\*\*", re.MULTILINE)
#: A rule ID cited in engine text, optionally a range such as ``SCORE-1..4``. The prefix has two
#: characters or more and is not glued to a word or a dash, so ``A-2-3`` and regex text such as
#: ``[A-Z0-9]*-\d+`` are not taken for IDs.
CITED = re.compile(r"(?<![\w-])([A-Z][A-Z0-9]+)-(\d+)(?:\.\.(\d+))?")
#: Any rule ID in a cell of a table.
ID_IN_TEXT = re.compile(r"(?<![\w-])[A-Z][A-Z0-9]+-\d+\b")

#: The rule IDs of sections 1 to 11 of the project's rules (copied once from the source of truth;
#: the reference must hold exactly these).
RULE_IDS = frozenset({
    "EQ-1", "EQ-2", "EQ-3",
    "DEAL-1", "DEAL-2", "DEAL-3", "DEAL-4", "DEAL-5",
    "TURN-1", "TURN-2", "TURN-3", "TURN-4", "TURN-5", "TURN-6",
    "SET-1", "SET-2", "SET-3", "SET-4",
    "RUN-1", "RUN-2", "RUN-3", "RUN-4", "RUN-5", "RUN-6",
    "WILD-1", "WILD-2", "WILD-3", "WILD-4", "WILD-5", "WILD-6",
    "BUR-1", "BUR-2", "BUR-3", "BUR-4", "BUR-5",
    "POT-1", "POT-2", "POT-3",
    "CLOSE-1", "CLOSE-2", "CLOSE-3", "CLOSE-4", "CLOSE-5",
    "STOCK-1", "SCORE-1", "SCORE-2", "SCORE-3", "SCORE-4", "GAME-1", "GAME-2", "GAME-3", "GAME-4",
    "P3-1", "P3-2",
    "P5-1", "P5-2", "P5-3", "P5-4", "P5-5",
})

PRESET_NAMES = ("fibur", "wikipedia-fr", "classic-fr", "ramiroyal")


def _text() -> str:
    return DOC.read_text(encoding="utf-8")


def _section(text: str, number: int) -> str:
    """The body of the ``## <number>.`` section, up to the next ``## `` heading."""
    match = re.search(rf"^## {number}\.[^\n]*\n(.*?)(?=^## |\Z)", text, re.MULTILINE | re.DOTALL)
    assert match is not None, f"buraco_learn/reference/rules.md has no section '## {number}.'"
    return match.group(1)


def _table(section: str, first_header: str) -> list[list[str]]:
    """The body rows of the markdown table whose header row starts with ``first_header``."""
    lines = section.splitlines()
    for i, line in enumerate(lines):
        cells = _cells(line)
        if cells and cells[0] == first_header:
            rows = []
            for row in lines[i + 2:]:
                if not row.startswith("|"):
                    break
                rows.append(_cells(row))
            return rows
    raise AssertionError(f"no table with a header starting {first_header!r}")


def _cells(line: str) -> list[str]:
    if not line.startswith("|"):
        return []
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _code(cell: str) -> str:
    """The first backquoted span of a cell: ``'`5H 6H` (note)'`` -> ``'5H 6H'``."""
    match = re.search(r"`([^`]*)`", cell)
    assert match is not None, f"no `code` in table cell {cell!r}"
    return match.group(1)


def _engine_citations() -> dict[str, set[str]]:
    """Every rule ID in a string or comment of the package's modules, with the files citing it."""
    kinds = {tokenize.STRING, tokenize.COMMENT}
    fstring_middle = getattr(tokenize, "FSTRING_MIDDLE", None)  # Python 3.12+
    if fstring_middle is not None:
        kinds.add(fstring_middle)
    cited: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type not in kinds:
                continue
            for prefix, first, last in CITED.findall(tok.string):
                for n in range(int(first), int(last or first) + 1):
                    cited.setdefault(f"{prefix}-{n}", set()).add(path.relative_to(ROOT).as_posix())
    return cited


def test_every_rule_id_is_an_anchor_exactly_once() -> None:
    """Sections 1-11: each rule ID starts exactly one '- **ID**' line, and no other ID does."""
    counts = Counter(ANCHOR.findall(_text()))
    repeated = sorted(i for i, n in counts.items() if n > 1)
    assert repeated == [], f"rule anchors written more than once: {repeated}"
    missing = sorted(RULE_IDS - set(counts))
    unknown = sorted(set(counts) - RULE_IDS)
    assert (missing, unknown) == ([], []), f"missing anchors {missing}, anchors of unknown rules {unknown}"


def test_anchors_follow_the_order_of_the_rules() -> None:
    """Rules appear section by section (EQ before DEAL ... before P3, P5), numbered upwards."""
    order = ["EQ", "DEAL", "TURN", "SET", "RUN", "WILD", "BUR", "POT", "CLOSE", "STOCK", "SCORE", "GAME", "P3", "P5"]
    found = ANCHOR.findall(_text())
    keys = [(order.index(i.rsplit("-", 1)[0]), int(i.rsplit("-", 1)[1])) for i in found]
    assert keys == sorted(keys)


def test_presets_table_names_the_four_presets() -> None:
    """Section 12's parameter table has one column per preset, in the engine's order."""
    rows = _table(_section(_text(), 12), "parameter")
    header = _cells(next(line for line in _section(_text(), 12).splitlines() if line.startswith("| parameter")))
    names = tuple(_code(cell) for cell in header[1:])
    assert names == PRESET_NAMES
    assert names == tuple(PRESETS)
    assert all(len(row) == 1 + len(PRESET_NAMES) for row in rows), "every preset row has a value per preset"


def test_every_rule_id_the_engine_cites_is_documented() -> None:
    """Error messages and docstrings may only cite rules that buraco_learn/reference/rules.md defines."""
    cited = _engine_citations()
    assert {"RUN-4", "TURN-4", "CLOSE-2"} <= set(cited), "the scan found the engine's citations"
    anchors = set(ANCHOR.findall(_text()))
    not_rules = {"SHA-256", "UTF-8"}  # names of standards that look like rule IDs
    undocumented = {i: sorted(files) for i, files in cited.items() if i not in anchors | not_rules}
    assert undocumented == {}, f"cited in the engine but not in buraco_learn/reference/rules.md: {undocumented}"


def test_every_rule_id_mentioned_in_the_reference_exists() -> None:
    """A rule cited in running text ('see CLOSE-4') is one of the rules."""
    mentioned = set(ID_IN_TEXT.findall(_text()))
    assert mentioned - RULE_IDS == set()


_MELD_ROWS = _table(_section(_text(), 13), "cards handed over")
_LAY_OFF_ROWS = _table(_section(_text(), 13), "before")


@pytest.mark.parametrize("row", _MELD_ROWS, ids=[f"{r[1]}: {_code(r[0])}" for r in _MELD_ROWS])
def test_worked_meld_example_agrees_with_the_engine(row: list[str]) -> None:
    """Section 13's meld table: refusals name the rules the engine names; layouts and points match."""
    cards, preset, verdict, layout, points, bonus = row
    cards = _code(cards)
    if verdict.startswith("refused"):
        err = meld_error(cards)
        assert err is not None, f"{cards} is legal, but the reference says {verdict!r}"
        assert set(ID_IN_TEXT.findall(verdict)) <= set(err.rules)
    else:
        meld = Meld.from_cards(cards, rules=preset)
        assert (str(meld), meld.points, meld.bonus) == (_code(layout), int(points), int(bonus))


@pytest.mark.parametrize("row", _LAY_OFF_ROWS, ids=[f"{_code(r[0])} + {_code(r[1])}" for r in _LAY_OFF_ROWS])
def test_worked_lay_off_example_agrees_with_the_engine(row: list[str]) -> None:
    """Section 13's lay-off table (WILD-2, WILD-3, WILD-5): the result or the refusal's rules."""
    before, laid, after = row
    meld = Meld.parse(_code(before))
    if after.startswith("refused"):
        with pytest.raises(InvalidMeld) as info:
            meld.lay_off(_code(laid))
        assert set(ID_IN_TEXT.findall(after)) <= set(info.value.rules)
    else:
        assert str(meld.lay_off(_code(laid))) == _code(after)


def test_worked_count_agrees_with_the_engine() -> None:
    """The counted hand of section 13 (450 and 10, SCORE-1) runs as a doctest."""
    result = doctest.testfile(str(DOC), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 3
    assert result.failed == 0


def test_the_learners_last_sections_hold_no_developer_material() -> None:
    """Sections 14 and 15 are read in the Rules notebook by learners: what the engine decides is
    said in play's words, and its internals (attributes, test files, docstrings) are in
    docs/engine-choices.md, which holds the full record (issue 25)."""
    text = DOC.read_text(encoding="utf-8")
    tail = text[text.index("\n## 14. "):]
    internals = re.findall(r"`(?:Rules|Game|Placement|Meld)\.\w+|\btests/|docstring|`\w+=True`", tail)
    assert not internals, internals
    dev = (ROOT / "docs" / "engine-choices.md").read_text(encoding="utf-8")
    assert "Rules.stock_reserve" in dev and "tests/test_rules_reference.py" in dev
