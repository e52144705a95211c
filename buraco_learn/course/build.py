"""Build the course notebooks from their one source.

``source/NN-Title.md`` holds a notebook as cells separated by marker lines::

    %% meta
    title: Melding
    teaches: sets and runs, ace high and low, laying off
    %% md
    # Markdown text ...
    %% code
    Meld.from_cards("5H 6H 7H")
    %% code nbval-ignore-output
    ...
    %% exercise run-ace-high

An ``exercise`` line places an exercise of :mod:`buraco_learn.exercises.catalog`: a Markdown
cell with its question, an optional setup cell, and the answer cell, which holds a blank
(``answer = ...``, tagged ``raises-exception``) in the learner notebook and the worked answer in
the solution notebook. Words after ``code`` are cell tags.

Run ``python -m buraco_learn.course.build`` from the repository root to write
``notebooks/NN-Title.ipynb`` and ``notebooks/solutions/NN-Title.ipynb`` and execute them
(``--no-execute`` writes them without outputs). Only executing needs ``nbclient``.

>>> src = load_sources()["03-Melding"]
>>> src.number, src.title
(3, 'Melding')
>>> cells = notebook_cells(src, solution=False)
>>> any("raises-exception" in c["metadata"].get("tags", []) for c in cells)
True
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import time
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from ..exercises.catalog import EXERCISES
from ..i18n import LANGUAGES, N_, colon, language, tr, trn

__all__ = ["NOTEBOOKS", "Cell", "NotebookSource", "load_sources", "notebook_cells", "notebook_json",
           "SOURCE_DIR", "main", "RULES_NOTEBOOK", "CHEAT_SHEET", "rules_notebook_cells", "cheat_sheet_cells",
           "cheat_sheet_page", "exercise_markdown", "link_rules", "rule_link"]

SOURCE_DIR = Path(__file__).resolve().parent / "source"
#: The first code cell of every notebook: install the package in the browser (JupyterLite).
INSTALL_CELL = ('import sys\nif sys.platform == "emscripten":  # in JupyterLite, install the package first\n'
                '    %pip install -q buraco_learn')

#: In another language, the first code cell also chooses the package's language.
LANGUAGE_LINE = 'import buraco_learn\nburaco_learn.set_language("{lang}")  # {name}'

#: Words the build writes inside f-strings (where the catalog's extractor does not look).
_WORDS = (N_("Contents"), N_("Rules"), N_("Cheat sheet"), N_("Buraco cheat sheet"))

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
#: The rules reference as a notebook inside the course (one cell per rule, whose cell id is the
#: rule ID, so a link ``Rules.ipynb#cell-id=RUN-5`` opens it at the rule), and the one-page cheat sheet.
RULES_NOTEBOOK = "Rules"
CHEAT_SHEET = "Cheat-sheet"
#: A rule ID in running text (not inside a link, a heading anchor or a word).
_RULE_REF = re.compile(r"(?<![\[#\w/-])\b([A-Z][A-Z0-9]*[A-Z]-\d+|P3-\d+)\b(?![\]\w(-])")

_MARK = re.compile(r"^%% ?(\w+)(.*)$")


def rule_link(rule_id: str, notebook: str = f"{RULES_NOTEBOOK}.ipynb") -> str:
    """The link target of a rule: its cell in the Rules notebook, by cell id. JupyterLab finds a
    heading anchor (``#RUN-5``) only in a Markdown cell it has already rendered, so a Rules
    notebook opened by the link stayed at its top; a ``cell-id`` is found in the notebook's
    model, rendered or not, so the first click lands on the rule too.

    >>> rule_link("RUN-5")
    'Rules.ipynb#cell-id=RUN-5'
    """
    return f"{notebook}#cell-id={rule_id}"


@dataclass(frozen=True)
class Cell:
    """One cell of a source: ``kind`` is ``md``, ``code`` or ``exercise`` (then ``text`` is the id)."""

    kind: str
    text: str
    tags: tuple[str, ...] = ()


@dataclass(frozen=True)
class NotebookSource:
    """One notebook's source: its stem (``03-Melding``), title, what it teaches, its cells."""

    stem: str
    title: str
    teaches: str
    cells: tuple[Cell, ...]
    meta: dict[str, str] = field(default_factory=dict)

    @property
    def number(self) -> int:
        """The notebook's number (``0`` for the index; ``8`` for ``08b-...``)."""
        return int(re.match(r"\d+", self.stem).group(0))  # type: ignore[union-attr]

    @property
    def label(self) -> str:
        """The notebook's number as the course writes it: ``3``, ``8b``."""
        head = self.stem.split("-", 1)[0]
        return str(int(re.match(r"\d+", head).group(0))) + head.lstrip("0123456789")  # type: ignore[union-attr]

    def exercises(self) -> list[str]:
        """The ids of the exercises in this notebook, in order."""
        return [c.text for c in self.cells if c.kind == "exercise"]

    def markdown(self) -> str:
        """All the notebook's own Markdown (exercise questions excluded)."""
        return "\n\n".join(c.text for c in self.cells if c.kind == "md")


def parse_source(stem: str, text: str) -> NotebookSource:
    """Read one source file (see the module docstring for the format)."""
    cells: list[Cell] = []
    meta: dict[str, str] = {}
    kind: str | None = None
    args: list[str] = []
    lines: list[str] = []

    def flush() -> None:
        if kind is None:
            if "".join(lines).strip():
                raise ValueError(f"{stem}: text before the first %% marker")
            return
        body = "\n".join(lines).strip("\n")
        if kind == "meta":
            for line in body.splitlines():
                if line.strip():
                    key, _, value = line.partition(":")
                    meta[key.strip()] = value.strip()
        elif kind == "exercise":
            if not args or body.strip():
                raise ValueError(f"{stem}: '%% exercise ID' takes an id and no body")
            cells.append(Cell("exercise", args[0]))
        elif kind in ("md", "code"):
            if not body.strip():
                raise ValueError(f"{stem}: empty {kind} cell")
            cells.append(Cell(kind, body, tuple(args)))
        else:
            raise ValueError(f"{stem}: unknown cell marker %% {kind}")

    for line in text.splitlines():
        m = _MARK.match(line)
        if m:
            flush()
            kind, args, lines = m.group(1), m.group(2).split(), []
        else:
            lines.append(line)
    flush()
    if "title" not in meta or "teaches" not in meta:
        raise ValueError(f"{stem}: the %% meta cell needs a title and a teaches line")
    for c in cells:
        if c.kind == "exercise" and c.text not in EXERCISES:
            raise ValueError(f"{stem}: no exercise {c.text!r} in the catalog")
    return NotebookSource(stem, meta["title"], meta["teaches"], tuple(cells), meta)


def load_sources(directory: Path = SOURCE_DIR) -> dict[str, NotebookSource]:
    """Every notebook source, by stem, in order."""
    out = {}
    for path in sorted(directory.glob("*.md")):
        out[path.stem] = parse_source(path.stem, path.read_text(encoding="utf-8"))
    return out


NOTEBOOKS: tuple[str, ...] = tuple(p.stem for p in sorted(SOURCE_DIR.glob("*.md")))


def _cell(kind: str, source: str, tags: tuple[str, ...] = ()) -> dict[str, Any]:
    cell: dict[str, Any] = {"cell_type": "markdown" if kind == "md" else "code", "metadata": {}, "source": source}
    if tags:
        cell["metadata"]["tags"] = list(tags)
    if kind != "md":
        cell["execution_count"] = None
        cell["outputs"] = []
    return cell


def link_rules(markdown: str) -> str:
    """Every rule ID in running text becomes a link to its rule in the Rules notebook (code spans
    and existing links are left alone).

    >>> link_rules("A run (RUN-1); `RUN-2` stays; [RUN-3](x) too.")
    'A run ([RUN-1](Rules.ipynb#cell-id=RUN-1)); `RUN-2` stays; [RUN-3](x) too.'
    """
    parts = re.split(r"(`[^`]*`|\[[^\]]*\]\([^)]*\))", markdown)
    for i in range(0, len(parts), 2):
        parts[i] = _RULE_REF.sub(lambda m: f"[{m.group(1)}]({rule_link(m.group(1))})", parts[i])
    return "".join(parts)


@cache
def _course_text(lang: str) -> Any:
    """``text -> text in lang`` for the course's own Markdown (English, marked, where the
    catalog has no translation); the identity in English. One per language and build: the
    catalog is read once, not for every notebook and navigation line."""
    if lang == "en":
        return lambda text: text
    from .translate import translate_markdown, translations

    table = translations(lang, "course")
    return lambda text: translate_markdown(text, table.get)


@cache
def _code_text(lang: str) -> dict[str, str]:
    """``{English code cell: the cell in lang}`` for the code cells whose printed words the
    course catalog translates (the code the same, see :func:`translate.same_code`)."""
    if lang == "en":
        return {}
    from .translate import code_translations

    return code_translations(lang)


@cache
def _comment_text(lang: str) -> Any:
    """``code -> code in lang``: the code cell with its comments in ``lang`` (from the course
    catalog; the code itself unchanged); the identity in English."""
    if lang == "en":
        return lambda code: code
    from .translate import comment_translations, translate_comments

    table = comment_translations(lang)
    return lambda code: translate_comments(code, table.get)


def _nav(src: NotebookSource, sources: dict[str, NotebookSource], solution: bool, lang: str = "en") -> str:
    t = _course_text(lang)
    stems = list(sources)
    i = stems.index(src.stem)
    parts = []
    if i > 0:
        prev = sources[stems[i - 1]]
        parts.append(f"[‹ {prev.label}. {t(prev.title)}]({prev.stem}.ipynb)")
    if src.number != 0:
        parts.append(f"[{tr('Contents')}]({stems[0]}.ipynb)")
    if i + 1 < len(stems):
        nxt = sources[stems[i + 1]]
        parts.append(f"[{nxt.label}. {t(nxt.title)} ›]({nxt.stem}.ipynb)")
    parts.append(f"[{tr('Rules')}]({RULES_NOTEBOOK}.ipynb) · [{tr('Cheat sheet')}]({CHEAT_SHEET}.ipynb)")
    line = " | ".join(parts)
    if solution:
        link = f"[{src.stem}.ipynb](LEARNER/{src.stem}.ipynb)"
        line += " | *" + tr("worked solutions; the exercises are in {link}", link=link) + "*"
    return line


def _contents(sources: dict[str, NotebookSource], lang: str = "en") -> str:
    t = _course_text(lang)
    lines = []
    for src in sources.values():
        if src.number == 0:
            continue
        n = len(src.exercises())
        lines.append(f"- {src.label}\\. **[{t(src.title)}]({src.stem}.ipynb)** — {t(src.teaches)}"
                     + (" *(" + trn("{n} exercise", "{n} exercises", n) + ")*" if n else ""))
    return "\n".join(lines)


def notebook_cells(src: NotebookSource, *, solution: bool,
                   sources: dict[str, NotebookSource] | None = None, lang: str = "en") -> list[dict[str, Any]]:
    """The cells of the learner (``solution=False``) or solution notebook made from ``src``, in
    ``lang`` (the Markdown from the course's catalog; code cells the same in every language
    but for their comments and printed words, also from the catalog, and the first, which also
    sets the language)."""
    with language(lang):
        return _notebook_cells(src, solution=solution, sources=sources, lang=lang)


def install_cell(lang: str = "en") -> str:
    """The first code cell: install the package in JupyterLite; in another language, choose it."""
    if lang == "en":
        return INSTALL_CELL
    return INSTALL_CELL + "\n" + LANGUAGE_LINE.format(lang=lang, name=LANGUAGES.get(lang, lang))


def _notebook_cells(src: NotebookSource, *, solution: bool, sources: dict[str, NotebookSource] | None,
                    lang: str) -> list[dict[str, Any]]:
    sources = sources if sources is not None else load_sources()
    t = _course_text(lang)
    nav = _nav(src, sources, solution, lang)
    cells = [_cell("md", f"<!-- generated from buraco_learn/course/source/{src.stem}.md: edit that, "
                         f"then run python -m buraco_learn.course.build -->\n{nav}")]
    n = 0
    for i, c in enumerate(src.cells):
        if i == 1 or (i == 0 and c.kind != "md"):  # after the title and what the notebook teaches
            cells.append(_cell("code", install_cell(lang)))
        if c.kind == "exercise":
            n += 1
            ex = EXERCISES[c.text]
            cells.append(_cell("md", exercise_markdown(ex, f"{src.label}.{n}")))
            setup = ex.setup_code()
            if setup:
                cells.append(_cell("code", setup))
            if solution:
                worked = ex.solution_code or f"answer = {ex.answer_code()}"
                cells.append(_cell("code", f"{worked}\n{ex.check_call()}"))
            else:
                code = f"answer = ...  # {tr(ex.blank_hint or ex.form)}\n{ex.check_call()}"
                cells.append(_cell("code", code, ("raises-exception",)))
        elif "{{contents}}" in c.text:
            cells.append(_cell(c.kind, link_rules(t(c.text).replace("{{contents}}", _contents(sources, lang))),
                               c.tags))
        elif c.kind == "md":
            cells.append(_cell(c.kind, link_rules(t(c.text)), c.tags))
        else:
            cells.append(_cell(c.kind, _code_text(lang).get(c.text, c.text), c.tags))
    cells.append(_cell("md", nav))
    comments = _comment_text(lang)
    for cell in cells:
        if cell["cell_type"] == "code":
            cell["source"] = comments(cell["source"])
    if solution:  # one folder deeper: links out of notebooks/ need one more ../
        for cell in cells:
            if cell["cell_type"] == "markdown":
                cell["source"] = (cell["source"].replace("](../", "](../../").replace("](solutions/", "](")
                                  .replace("](LEARNER/", "](../")
                                  .replace(f"]({RULES_NOTEBOOK}.ipynb", f"](../{RULES_NOTEBOOK}.ipynb")
                                  .replace(f"]({CHEAT_SHEET}.", f"](../{CHEAT_SHEET}."))
    for i, cell in enumerate(cells):
        cell["id"] = f"{src.stem.split('-')[0]}-{i:02d}"
    return cells


def exercise_markdown(ex: Any, number: str) -> str:
    """The Markdown above an exercise: its question, its options as a lettered list (a choice),
    the form of the answer, and its rules as links to the Rules notebook."""
    lines = ["### " + tr("Exercise {number}", number=number), "", tr(ex.question)]
    options = ex.options_markdown()
    if options:
        lines += ["", options]
    rules = ", ".join(f"[{r}]({rule_link(r)})" for r in ex.rules)
    lines += ["", "*" + tr("How to answer: {form}. Rules: {rules}.", form=tr(ex.blank_hint or ex.form), rules=rules)
              + "*"]
    return "\n".join(lines)


def rules_notebook_cells(lang: str = "en") -> list[dict[str, Any]]:
    """The rules reference (``buraco_learn/reference/rules.md``) as a notebook: one cell per
    section and one per rule, under its own small heading (its ID); the rule's cell id is the rule
    ID, so ``Rules.ipynb#cell-id=RUN-5`` finds it (:func:`rule_link`)."""
    with language(lang):
        return _rules_notebook_cells(lang)


def _rules_notebook_cells(lang: str) -> list[dict[str, Any]]:
    from ..reference import RULE_ANCHOR, rules_text

    head = (f"<!-- generated from buraco_learn/reference/rules.md by python -m buraco_learn.course.build -->\n"
            f"[{tr('Contents')}](00-Index.ipynb) | [{tr('Cheat sheet')}]({CHEAT_SHEET}.ipynb) | "
            + tr("in code: {code}", code="`from buraco_learn.exercises import rule; rule(\"RUN-5\")`"))
    sections: list[list[str]] = [[]]
    for line in rules_text(lang).splitlines():
        if line.startswith("<!--"):
            continue
        if line.startswith("## ") and sections[-1]:
            sections.append([])
        m = RULE_ANCHOR.match(line)
        if m:
            sections[-1] += ["\x00" + m.group(1), f"#### {m.group(1)}", "", m.group(2)]
        elif line.startswith("  ") and sections[-1] and sections[-1][-1] and not line.lstrip().startswith(("-", "|")):
            sections[-1][-1] += " " + line.strip()
        else:
            sections[-1].append(line)
    index_lines = []
    for sec in sections:
        title = next((line[3:] for line in sec if line.startswith("## ")), "")
        ids = [line[5:] for line in sec if line.startswith("#### ")]
        if title and ids:
            index_lines.append(f"- **{title}**{colon()} " + " · ".join(f"[{i}]({rule_link(i)})" for i in ids))
    index = (tr("**Find a rule**: click its ID (the course's links open this notebook; the rule's own sentence is "
                "also shown in every hint that cites it).") + "\n\n" + "\n".join(index_lines))
    cells = [_cell("md", head), _cell("md", index)]
    cell_ids: list[str | None] = [None, None]
    for sec in sections:
        # a section's lead (its title and text), then one cell per rule (a rule's own lines,
        # a list or a table under it included), whose cell id is the rule ID
        parts: list[tuple[str | None, list[str]]] = [(None, [])]
        for line in sec:
            if line.startswith("\x00"):
                parts.append((line[1:], []))
            else:
                parts[-1][1].append(line)
        for rule_id, lines in parts:
            text = re.sub(r"\n{3,}", "\n\n", "\n".join(lines).strip("\n"))
            if text:
                cells.append(_cell("md", text))
                cell_ids.append(rule_id)
    cells.append(_cell("md", head.split("\n", 1)[1]))
    cell_ids.append(None)
    for i, (cell, rule_id) in enumerate(zip(cells, cell_ids)):
        cell["id"] = rule_id or f"rules-{i:02d}"
    return cells


CHEAT_SHEET_LINK = f"[{CHEAT_SHEET}.html]({CHEAT_SHEET}.html)"


def cheat_sheet_cells(lang: str = "en") -> list[dict[str, Any]]:
    """The one-page cheat sheet: the picture from :func:`buraco_learn.course.pictures.cheat_sheet`
    (stored, so it shows before the notebook is run), printable with the browser's Print."""
    with language(lang):
        head = ("<!-- generated by python -m buraco_learn.course.build -->\n"
                f"[{tr('Contents')}](00-Index.ipynb) | [{tr('Rules')}]({RULES_NOTEBOOK}.ipynb)\n\n"
                "# " + tr("Cheat sheet") + "\n\n"
                + tr("The whole game on one page. To print it, open {page} in a browser tab (or use *File → Print*). "
                     "The four-colour deck (spades black, hearts red, diamonds blue, clubs green) is one argument "
                     "away: {code}.", page=CHEAT_SHEET_LINK, code="`cheat_sheet(deck=\"four-color\")`"))
    cells = [_cell("md", head), _cell("code", install_cell(lang)),
             _cell("code", "from buraco_learn.course.pictures import cheat_sheet\ncheat_sheet()")]
    for cell in cells:
        if cell["cell_type"] == "code":
            cell["source"] = _comment_text(lang)(cell["source"])
    for i, cell in enumerate(cells):
        cell["id"] = f"cheat-{i:02d}"
    return cells


def cheat_sheet_page(lang: str = "en") -> str:
    """The cheat sheet as a printable HTML page (served beside the notebooks)."""
    from .pictures import cheat_sheet

    with language(lang):
        return (f"<!DOCTYPE html>\n<html lang=\"{lang}\"><head><meta charset=\"utf-8\">"
                f"<title>{tr('Buraco cheat sheet')}</title>"
                "<style>@page { size: A4; margin: 12mm } body { margin: 12px }</style></head><body>\n"
                + cheat_sheet()._repr_html_() + "\n</body></html>\n")


def notebook_json(cells: list[dict[str, Any]]) -> dict[str, Any]:
    """A whole notebook (nbformat 4.5) around ``cells``."""
    return {
        "cells": cells,
        "metadata": {
            "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
            "language_info": {"name": "python", "pygments_lexer": "ipython3"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def dumps(nb: dict[str, Any]) -> str:
    """Notebook JSON as written to disk (stable key order, one-space indent, final newline)."""
    return json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def _execute(path: Path, *, learner: bool) -> float:
    """Run a notebook in place with nbclient; returns the seconds it took."""
    import nbformat  # type: ignore[import-untyped, unused-ignore]
    from nbclient import NotebookClient  # type: ignore[import-untyped, unused-ignore]

    nb = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call, unused-ignore]
    start = time.perf_counter()
    client = NotebookClient(nb, timeout=120, kernel_name="python3", record_timing=False,
                            resources={"metadata": {"path": str(path.parent)}})
    # the kernel records no progress: no .buraco_progress.json in the course folder, and the
    # index's progress view stores the same "no progress yet" at every build
    before = os.environ.get("BURACO_PROGRESS")
    os.environ["BURACO_PROGRESS"] = "0"
    try:
        client.execute()
    finally:
        if before is None:
            del os.environ["BURACO_PROGRESS"]
        else:
            os.environ["BURACO_PROGRESS"] = before
    took = time.perf_counter() - start
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.metadata.pop("execution", None)
            merged: list[Any] = []
            for out in cell.get("outputs", []):
                # A widget view names a random model id, and with no widget state stored it has
                # nothing to show: keep the widget's text (its repr says to run the cell).
                out.get("data", {}).pop(WIDGET_VIEW, None)
                # The kernel may flush one print() in two stream messages: store them as one,
                # so two builds write the same file.
                if (merged and out.get("output_type") == "stream" and merged[-1].get("output_type") == "stream"
                        and merged[-1].get("name") == out.get("name")):
                    merged[-1]["text"] = "".join(merged[-1]["text"]) + "".join(out["text"])
                else:
                    merged.append(out)
            cell["outputs"] = merged
            if learner and "raises-exception" in cell.metadata.get("tags", []):
                cell.outputs = []
                cell.execution_count = None
    # Widget state holds random model ids: storing it would churn every rebuild's diff, and a
    # canvas has nothing to show without a kernel anyway.
    nb.metadata.pop("widgets", None)
    text = dumps(json.loads(nbformat.writes(nb)))  # type: ignore[no-untyped-call, unused-ignore]
    path.write_text(text, encoding="utf-8")
    return took


def build(out: Path, *, execute: bool = True, only: list[str] | None = None, lang: str = "en") -> dict[str, float]:
    """Write (and execute) the learner and solution notebooks of ``lang`` into ``out``; returns
    run times."""
    sources = load_sources()
    (out / "solutions").mkdir(parents=True, exist_ok=True)
    times: dict[str, float] = {}
    if not only or any(o in (RULES_NOTEBOOK, CHEAT_SHEET) for o in only):
        (out / f"{RULES_NOTEBOOK}.ipynb").write_text(dumps(notebook_json(rules_notebook_cells(lang))),
                                                     encoding="utf-8")
        (out / f"{CHEAT_SHEET}.html").write_text(cheat_sheet_page(lang), encoding="utf-8")
        sheet = out / f"{CHEAT_SHEET}.ipynb"
        sheet.write_text(dumps(notebook_json(cheat_sheet_cells(lang))), encoding="utf-8")
        if execute:
            times[CHEAT_SHEET] = _execute(sheet, learner=False)
    for stem, src in sources.items():
        if only and not any(stem.startswith(o) for o in only):
            continue
        for solution in (False, True):
            path = out / ("solutions" if solution else "") / f"{stem}.ipynb"
            path.write_text(dumps(notebook_json(notebook_cells(src, solution=solution, sources=sources,
                                                               lang=lang))), encoding="utf-8")
            if execute:
                key = f"{'solutions/' if solution else ''}{stem}"
                times[key] = _execute(path, learner=not solution)
                print(f"{key}: {times[key]:.1f} s", file=sys.stderr)
    return times


def main(argv: list[str] | None = None) -> int:
    """Command line: ``python -m buraco_learn.course.build [--out notebooks] [--no-execute] [NN ...]``."""
    parser = argparse.ArgumentParser(description="Build the course notebooks from buraco_learn/course/source.")
    parser.add_argument("only", nargs="*", help="build only the notebooks whose stem starts with these")
    parser.add_argument("--out", type=Path, default=Path("notebooks"))
    parser.add_argument("--no-execute", action="store_true", help="write the notebooks without running them")
    parser.add_argument("--lang", action="append", choices=list(LANGUAGES),
                        help="the course in these languages (default: every one); English goes to --out, "
                             "another language to --out/<lang>")
    args = parser.parse_args(argv)
    times: dict[str, float] = {}
    for lang in args.lang or list(LANGUAGES):
        out = args.out if lang == "en" else args.out / lang
        for key, took in build(out, execute=not args.no_execute, only=args.only, lang=lang).items():
            times[key if lang == "en" else f"{lang}/{key}"] = took
    if times:
        learner = sum(v for k, v in times.items() if "solutions/" not in k)
        print(f"learner notebooks ran in {learner:.1f} s, solutions in {sum(times.values()) - learner:.1f} s",
              file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
