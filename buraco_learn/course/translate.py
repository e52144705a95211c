"""The course in other languages: catalogs made from the English sources, and the text put back.

English is the source. Its text goes into three gettext catalogs (templates in
``buraco_learn/locale/*.pot``, one ``.po`` per language beside them):

- ``course``: every paragraph, heading, list item and table row of the notebooks' Markdown
  (``course/source/*.md``), and each notebook's title and "teaches" line; the code cells that
  print words, whole (context ``code cell``: the strings and comments translated, the code kept,
  see :func:`same_code`); and every comment of a code cell, alone (context ``code comment``:
  the text after ``#``, put back by the build in every cell that has it, see
  :func:`translate_comments`);
- ``rules``: the same units of the rules reference (``reference/rules.md``);
- ``buraco_learn``: the package's own sentences, written ``tr("...")`` or ``N_("...")`` in the
  code (the exercises' questions and hints, the checkers' verdicts, the widgets' labels, ...),
  compiled to ``.mo`` for :mod:`buraco_learn.i18n` at run time.

A unit is translated whole, so a translation may reorder its sentences. A unit its catalog lacks
(or marks fuzzy) stays English and is marked, so a reader sees it:

>>> md = "# Melding\\n\\nA **set** is three cards (SET-1).\\nIt may hold a wild.\\n\\n- one\\n- two"
>>> [u.text for u in segment(md) if u.text is not None]
['Melding', 'A **set** is three cards (SET-1).\\nIt may hold a wild.', 'one', 'two']
>>> print(translate_markdown(md, {"Melding": "Combiner", "one": "un", "two": "deux"}.get))
# Combiner
<BLANKLINE>
[en] A **set** is three cards (SET-1).
It may hold a wild.
<BLANKLINE>
- un
- deux

Commands (from the repository root; they need Babel, which JupyterLab already installs)::

    python -m buraco_learn.course.translate extract   # write the three templates
    python -m buraco_learn.course.translate update    # merge them into every language's .po
    python -m buraco_learn.course.translate compile   # .po -> .mo (the runtime catalog)
    python -m buraco_learn.course.translate report    # how complete each language is
"""

from __future__ import annotations

import argparse
import datetime as _dt
import io
import re
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..i18n import DOMAIN, LANGUAGES, PLANNED, UNTRANSLATED, needs_translation
from ..lang import typeset

__all__ = ["CODE_CELL", "CODE_COMMENT", "code_comments", "translate_comments", "comment_translations", "code_cell_words", "same_code", "code_translations", "Unit", "segment", "translate_markdown", "LOCALE_DIR", "DOMAINS", "extract", "update", "compile_catalogs",
           "report", "translations", "markdown_messages", "main"]

PACKAGE_DIR = Path(__file__).resolve().parent.parent
LOCALE_DIR = PACKAGE_DIR / "locale"
#: The catalogs: the course's Markdown, the rules reference, the package's sentences.
DOMAINS = ("course", "rules", DOMAIN)
#: Every language with a catalog: the complete ones and those being written.
CATALOG_LANGUAGES = tuple(k for k in (*LANGUAGES, *PLANNED) if k != "en")
#: Templates and catalogs carry this date, not the day they were written, so a fresh extract
#: equals the committed one.
_DATE = _dt.datetime(2026, 11, 30, tzinfo=_dt.timezone.utc)

_FENCE = re.compile(r"^\s*(```|~~~)")
_ITEM = re.compile(r"^(\s*(?:[-*+]|\d+\\?\.)\s+)(.*)$")
_HEADING = re.compile(r"^(#{1,6}\s+)(.*)$")
_WORD = re.compile(r"[^\W\d_]{2,}")


@dataclass
class Unit:
    """One translatable unit of Markdown (``text``; ``None`` for text kept as it is, in ``raw``),
    with what stands before it (``prefix``: a list marker, ``## ``) and its block's separator."""

    prefix: str
    text: str | None
    raw: str = ""
    sep: str = "\n"  # what comes before this unit: "\n" inside a block, "\n\n" between blocks

    def render(self, lookup: Callable[[str], str | None]) -> str:
        if self.text is None:
            return self.raw
        found = lookup(self.text)
        if found:
            text = found
        else:  # marked, after a rule's bold ID so the rule is still found by its anchor
            head = re.match(r"\*\*[A-Z0-9]+-\d+\*\*\s*", self.text)
            cut = head.end() if head else 0
            text = self.text[:cut] + UNTRANSLATED + self.text[cut:]
        indent = " " * len(self.prefix) if _ITEM.match(self.prefix + "x") else ""
        return self.prefix + text.replace("\n", "\n" + indent)


def _translatable(text: str) -> bool:
    """Whether a unit holds words to translate (not only code, links' targets, numbers, IDs)."""
    bare = re.sub(r"`[^`]*`|\]\([^)]*\)|<[^>]*>|\b[A-Z0-9]+-\d+\b|https?://\S+|\{\{\w+\}\}", " ", text)
    return bool(_WORD.search(bare))


def _runtime_message(text: str) -> bool:
    """Whether an exercise's string goes into the catalog (it has words, not only cards)."""
    return needs_translation(text)


def segment(markdown: str) -> list[Unit]:
    """Cut Markdown into units: a heading, a paragraph, a list item (with its continuation
    lines), a table row; fenced code, HTML comments and table rules stay as they are."""
    units: list[Unit] = []
    lines = markdown.split("\n")
    i = 0
    sep = ""
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            sep = "\n\n" if units else ""
            while i < len(lines) and not lines[i].strip():
                i += 1
            if i == len(lines):
                break
            continue
        if _FENCE.match(line):  # a fenced block, whole
            j = i + 1
            while j < len(lines) and not _FENCE.match(lines[j]):
                j += 1
            units.append(Unit("", None, "\n".join(lines[i:j + 1]), sep or ("\n" if units else "")))
            i, sep = j + 1, ""
            continue
        if line.lstrip().startswith("<!--"):
            j = i
            while j < len(lines) and "-->" not in lines[j]:
                j += 1
            units.append(Unit("", None, "\n".join(lines[i:j + 1]), sep or ("\n" if units else "")))
            i, sep = j + 1, ""
            continue
        this_sep = sep or ("\n" if units else "")
        sep = ""
        stripped = line.strip()
        heading = _HEADING.match(line)
        item = _ITEM.match(line)
        if stripped.startswith("|"):
            if re.fullmatch(r"\|?[\s:|-]+\|?", stripped) or not _translatable(stripped):
                units.append(Unit("", None, line, this_sep))
            else:  # a row keeps its indentation (a table inside a list item)
                units.append(Unit(line[:len(line) - len(line.lstrip())], stripped, "", this_sep))
            i += 1
            continue
        if heading:
            units.append(_unit(heading.group(1), heading.group(2).rstrip(), this_sep))
            i += 1
            continue
        # a list item or a paragraph: its lines run to a blank line, a heading, a table row or
        # (for a paragraph) a list item
        prefix = item.group(1) if item else ""
        body = [item.group(2) if item else line.strip()]
        j = i + 1
        while j < len(lines):
            nxt = lines[j]
            if (not nxt.strip() or _FENCE.match(nxt) or _HEADING.match(nxt) or nxt.strip().startswith("|")
                    or _ITEM.match(nxt) or nxt.lstrip().startswith("<!--")):
                break
            body.append(nxt.strip())
            j += 1
        units.append(_unit(prefix, "\n".join(body), this_sep))
        i = j
    return units


def _unit(prefix: str, text: str, sep: str) -> Unit:
    if _translatable(text):
        return Unit(prefix, text, "", sep)
    return Unit(prefix, None, prefix + text, sep)


def translate_markdown(markdown: str, lookup: Callable[[str], str | None]) -> str:
    """``markdown`` with every unit replaced by ``lookup(unit)`` (English, marked, where ``None``)."""
    out = []
    for unit in segment(markdown):
        out.append(unit.sep + unit.render(lookup))
    return "".join(out)


def markdown_messages(markdown: str) -> list[str]:
    """The units of ``markdown`` a translator translates, in order."""
    return [u.text for u in segment(markdown) if u.text is not None]


# ----------------------------------------------------------------------------- catalogs

#: The context of a code cell in the course catalog: the cell whole, whose printed strings (and
#: comments) the translator translates, the code itself kept (see :func:`same_code`).
CODE_CELL = "code cell"


#: The context of a code cell's comment in the course catalog: the text after ``#``, translated
#: alone (in every cell that has it), the code before it never touched.
CODE_COMMENT = "code comment"
_COMMENT_HEAD = re.compile(r"#+\s*")


def _comment_spans(code: str) -> list[tuple[int, int, int, str]]:
    """``(line, start, end, text)`` of every comment of ``code`` with words (line from 0; the
    columns of the text after ``# ``), found by the tokenizer (a ``#`` inside a string is not one)."""
    import tokenize

    out: list[tuple[int, int, int, str]] = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(code).readline):
            if tok.type == tokenize.COMMENT:
                head = _COMMENT_HEAD.match(tok.string)
                cut = head.end() if head else 0
                text = tok.string[cut:].rstrip()
                if needs_translation(text):
                    row, col = tok.start
                    out.append((row - 1, col + cut, col + cut + len(text), text))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return []
    return out


def code_comments(code: str) -> list[str]:
    """The comments of a code cell a translator translates (the text after ``#``, with words).

    >>> code_comments('x = "# not one"  # free: low end\\nprint(x)  # 5H 6H')
    ['free: low end']
    """
    return [text for _row, _a, _b, text in _comment_spans(code)]


def translate_comments(code: str, lookup: Callable[[str], str | None]) -> str:
    """``code`` with each comment the catalog translates (``lookup``) replaced; the code, and a
    comment it lacks, unchanged.

    >>> translate_comments('f(x)  # bound\\ng()  # free', {"bound": "liée"}.get)
    'f(x)  # liée\\ng()  # free'
    """
    spans = _comment_spans(code)
    if not spans:
        return code
    lines = code.split("\n")
    for row, a, b, text in reversed(spans):
        found = lookup(text)
        if found:
            line = lines[row]
            lines[row] = line[:a] + re.sub(r"\s*\n\s*", " ", found.strip()) + line[b:]
    return "\n".join(lines)


def _printed_strings(tree: Any) -> list[str]:
    import ast

    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "print":
            for arg in node.args:
                for sub in ast.walk(arg):
                    if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
                        out.append(sub.value)
    return out


def code_cell_words(code: str) -> bool:
    """Whether a code cell prints English words of its own (a string in a ``print`` call with
    words, not only cards), or a colon or question mark a language spaces otherwise, so that it is
    translated whole.

    >>> code_cell_words('print(meld, "·", meld.points, "points")'), code_cell_words('print(meld, "·", "5H 6H")')
    (True, False)
    """
    import ast

    try:
        tree = ast.parse(code)
    except SyntaxError:
        return False
    # words, or the punctuation whose spacing differs by language (French « : » « ? »)
    return any(needs_translation(text) or re.search(r"[:;?!]\s*$", text) for text in _printed_strings(tree))


def same_code(english: str, translated: str) -> bool:
    """Whether a translated code cell is the English one but for its strings and comments (the
    same names, calls and numbers: what it does is the same in every language).

    >>> same_code('print(x, "points")', 'print(x, "punti")  # i punti'), same_code('print(x)', 'print(y)')
    (True, False)
    """
    import ast

    class Blank(ast.NodeTransformer):
        def visit_Constant(self, node: ast.Constant) -> ast.Constant:
            return ast.Constant("") if isinstance(node.value, str) else node

    try:
        a, b = (Blank().visit(ast.parse(text)) for text in (english, translated))
    except SyntaxError:
        return False
    return ast.dump(a) == ast.dump(b)


def _typeset_strings(code: str, lang: str) -> str:
    """``code`` with the typography of ``lang`` in the strings it prints (a translator types
    ordinary spaces); the code around them unchanged.

    >>> _typeset_strings('print(x, "refusée :", y)', "fr") == 'print(x, "refusée\\u00a0:", y)'
    True
    """
    import ast

    data = code.encode("utf-8")  # ast's columns count bytes
    starts = [0]
    for line in data.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    spans: list[tuple[int, int]] = []  # every string printed (an f-string whole, not its parts)
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "print":
            for sub in (n for arg in node.args for n in ast.walk(arg)):
                if (isinstance(sub, ast.JoinedStr) or (isinstance(sub, ast.Constant) and isinstance(sub.value, str))) \
                        and sub.end_lineno is not None:
                    spans.append((starts[sub.lineno - 1] + sub.col_offset,
                                  starts[sub.end_lineno - 1] + (sub.end_col_offset or 0)))
    edits: list[tuple[int, int, bytes]] = []
    for a, b in set(spans):
        if any(c <= a and b <= d and (c, d) != (a, b) for c, d in spans):
            continue  # a part of an f-string: typeset with it
        source = data[a:b].decode("utf-8")
        text = typeset(source, lang)
        if text != source:
            edits.append((a, b, text.encode("utf-8")))
    for a, b, new in sorted(edits, reverse=True):
        data = data[:a] + new + data[b:]
    text = data.decode("utf-8")
    return text if same_code(code, text) else code


def code_translations(lang: str) -> dict[str, str]:
    """``{English cell: cell in lang}`` for the code cells the course catalog translates (a
    translation that changes the code, not only its strings, is left out: the cell stays English)."""
    path = po_path(lang, "course")
    if lang == "en" or not path.exists():
        return {}
    out: dict[str, str] = {}
    for msg in _read_po(path, locale=lang):
        if msg.context == CODE_CELL and msg.string and not msg.fuzzy and same_code(msg.id, msg.string):
            out[msg.id] = _typeset_strings(msg.string, lang)
    return out


def comment_translations(lang: str) -> dict[str, str]:
    """``{English comment: comment in lang}`` for the code cells' comments the course catalog
    translates (with ``lang``'s typography)."""
    path = po_path(lang, "course")
    if lang == "en" or not path.exists():
        return {}
    return {msg.id: typeset(msg.string, lang) for msg in _read_po(path, locale=lang)
            if msg.context == CODE_COMMENT and msg.string and not msg.fuzzy}


def _babel() -> Any:
    try:
        import babel.messages.catalog  # noqa: F401
        import babel.messages.mofile  # noqa: F401
        import babel.messages.pofile  # noqa: F401
    except ImportError as err:  # pragma: no cover - Babel comes with JupyterLab
        raise SystemExit("the catalogs need Babel: pip install babel (JupyterLab installs it)") from err
    import babel.messages as messages

    return messages


def _new_catalog(domain: str, locale: str | None = None) -> Any:
    from babel.messages.catalog import Catalog

    return Catalog(locale=locale, domain=domain, project="buraco_learn", version="0.1",
                   copyright_holder="buraco_learn developers", msgid_bugs_address="",
                   creation_date=_DATE, revision_date=_DATE, charset="utf-8", fuzzy=False)


def course_messages() -> list[tuple[str, str, str]]:
    """``(message, where, note)`` for every unit of the course's Markdown sources."""
    from .build import load_sources

    out: list[tuple[str, str, str]] = []
    for stem, src in load_sources().items():
        where = f"course/source/{stem}.md"
        out.append((src.title, where, "the notebook's title"))
        out.append((src.teaches, where, "what the notebook teaches (the contents list)"))
        for cell in src.cells:
            if cell.kind == "md":
                for text in markdown_messages(cell.text.replace("{{contents}}", "")):
                    out.append((text, where, ""))
            elif cell.kind == "code" and code_cell_words(cell.text):
                out.append((cell.text, where, CODE_CELL))
    return out


def comment_messages() -> list[tuple[str, str]]:
    """``(comment, where)`` for every comment with words of the notebooks' code cells: the
    install cell, the sources' code cells, the exercises' setup and worked solutions."""
    from ..exercises.catalog import EXERCISES
    from .build import INSTALL_CELL, load_sources

    out: list[tuple[str, str]] = [(text, "course/build.py") for text in code_comments(INSTALL_CELL)]
    for stem, src in load_sources().items():
        where = f"course/source/{stem}.md"
        for cell in src.cells:
            if cell.kind == "code":
                out += [(text, where) for text in code_comments(cell.text)]
            elif cell.kind == "exercise":
                ex = EXERCISES[cell.text]
                for code in (ex.setup_code() or "", ex.solution_code or ""):
                    out += [(text, where) for text in code_comments(code)]
    return out


def rules_messages() -> list[tuple[str, str, str]]:
    """``(message, where, note)`` for every unit of the rules reference."""
    from ..reference import rules_text

    return [(text, "reference/rules.md", "") for text in markdown_messages(rules_text())]


_KEYWORDS = {"tr": (1,), "trc": ((1, "c"), 2), "trn": (1, 2), "N_": None}


def code_messages() -> list[tuple[str | tuple[str, str], str, str, str | None]]:
    """``(message, where, note, context)`` for every ``tr``/``trc``/``trn``/``N_`` in the package."""
    from babel.messages.extract import extract

    out: list[tuple[Any, str, str, str | None]] = []
    keywords = {"tr": None, "N_": None, "trc": ((1, "c"), 2), "trn": (1, 2)}
    for path in sorted(PACKAGE_DIR.rglob("*.py")):
        rel = path.relative_to(PACKAGE_DIR).as_posix()
        if rel.startswith("course/translate") or "__pycache__" in rel:
            continue
        with path.open("rb") as fh:
            for _line, message, comments, context in extract("python", fh, keywords=keywords,
                                                              comment_tags=("TRANSLATORS:",)):
                out.append((message, rel, " ".join(comments), context))
    return out


def exercise_messages() -> list[tuple[str, str, str]]:
    """``(message, where, note)`` for every sentence of every exercise of the catalog: its
    question, options, hints, explanations, and the form its answer takes."""
    from collections.abc import Mapping

    from ..exercises.catalog import EXERCISES
    from ..exercises import checkers

    out: list[tuple[str, str, str]] = []
    kinds: list[type[checkers.Exercise]] = [checkers.Exercise, *checkers.Exercise.__subclasses__()]
    for cls in kinds:
        out.append((cls.form, "exercises/checkers.py", f"how an answer is written (exercises of the kind '{cls.kind}')"))
    for ex in EXERCISES.values():
        where = "exercises/catalog.py"
        for name in ("question", "hint", "stronger", "blank_hint", "todo", "why", "options", "mistakes"):
            value = getattr(ex, name, None)
            items = value.items() if isinstance(value, Mapping) else [("", value)]
            for key, text in items:
                if isinstance(text, str) and text.strip() and _runtime_message(text):
                    label = f"{name} {key}".strip()
                    out.append((text, where, f"exercise {ex.id}: {label}"))
    return out


def _add(cat: Any, message: Any, where: str, note: str, context: str | None = None, *,
         merge: str = "location") -> None:
    """Add one unit to the template ``cat``; a unit it has already gets the new place
    (``merge="location"``) or the new comment (``merge="note"``)."""
    existing = cat.get(message, context=context)
    if existing is None:
        cat.add(message, locations=[(where, None)], auto_comments=[note] if note else [], context=context)
    elif merge == "note":
        if note and note not in existing.auto_comments:
            existing.auto_comments.append(note)
    elif (where, None) not in existing.locations:
        existing.locations.append((where, None))


def _template(domain: str) -> Any:
    cat = _new_catalog(domain)
    if domain == DOMAIN:
        from .build import load_sources

        # the notebooks' titles, which the package shows too (the learner's progress): filled from
        # the course catalog by update()
        titles = [(src.title, f"course/source/{stem}.md", "a notebook's title (as in the course catalog)")
                  for stem, src in load_sources().items()]
        for text, where, note in [*titles, *exercise_messages()]:
            _add(cat, text, where, note, merge="note")
        for message, where, note, context in code_messages():
            if message and not (isinstance(message, tuple) and not message[0]):
                _add(cat, message, where, note, context)
        return cat
    source = course_messages() if domain == "course" else rules_messages()
    for message, where, note in source:
        if note == CODE_CELL:
            _add(cat, message, where, "a code cell: translate the strings it prints and its comments, "
                                       "keep the code itself", CODE_CELL)
        else:
            _add(cat, message, where, note)
    if domain == "course":
        for message, where in comment_messages():
            _add(cat, message, where, "a comment in a code cell (the text after #): translate it; keep the "
                                      "code, card notation (5H, JK), names and rule IDs in it as they are",
                 CODE_COMMENT)
    return cat


def _write_po(cat: Any, path: Path) -> None:
    from babel.messages.pofile import write_po

    buf = io.BytesIO()
    write_po(buf, cat, width=100, include_lineno=False, sort_output=False, omit_header=False)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buf.getvalue())


def _read_po(path: Path, locale: str | None = None) -> Any:
    from babel.messages.pofile import read_po

    with path.open("rb") as fh:
        return read_po(fh, locale=locale, abort_invalid=True)


def template_text(domain: str) -> bytes:
    """The template of ``domain`` as a fresh extract writes it."""
    from babel.messages.pofile import write_po

    buf = io.BytesIO()
    write_po(buf, _template(domain), width=100, include_lineno=False, sort_output=False)
    return buf.getvalue()


def extract() -> list[Path]:
    """Write ``locale/<domain>.pot`` for every domain from the English sources."""
    written = []
    for domain in DOMAINS:
        path = LOCALE_DIR / f"{domain}.pot"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(template_text(domain))
        written.append(path)
    return written


def po_path(lang: str, domain: str) -> Path:
    """Where ``lang``'s catalog of ``domain`` lives."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


def update(languages: Iterable[str] = CATALOG_LANGUAGES) -> list[Path]:
    """Merge every template into each language's catalog: new units come in untranslated, units
    whose English changed keep their old translation marked fuzzy (so it shows as English until
    a translator confirms it), units gone from the English are dropped."""
    written = []
    for lang in languages:
        for domain in DOMAINS:
            template = _read_po(LOCALE_DIR / f"{domain}.pot")
            path = po_path(lang, domain)
            cat = _read_po(path, locale=lang) if path.exists() else _new_catalog(domain, lang)
            cat.update(template, no_fuzzy_matching=False, update_header_comment=False)
            cat.obsolete.clear()
            if domain == DOMAIN:  # a unit the course catalog translates already gets that translation
                course = translations(lang, "course")
                for msg in cat:
                    if isinstance(msg.id, str) and msg.id in course and (not msg.string or msg.fuzzy):
                        msg.string = course[msg.id]
                        msg.flags.discard("fuzzy")
            cat.revision_date = _DATE
            cat.creation_date = _DATE
            _write_po(cat, path)
            written.append(path)
    return written


def mo_bytes(lang: str) -> bytes:
    """The compiled runtime catalog of ``lang`` (fuzzy entries left out, so they fall back)."""
    from babel.messages.mofile import write_mo

    buf = io.BytesIO()
    write_mo(buf, _read_po(po_path(lang, DOMAIN), locale=lang), use_fuzzy=False)
    return buf.getvalue()


def rules_markdown(lang: str) -> str:
    """The rules reference in ``lang``: the English cut into units, each replaced by the
    ``rules`` catalog's translation (English, marked, where it has none)."""
    from ..reference import _rules_text

    head = (f"<!-- generated from rules.md and locale/{lang}/LC_MESSAGES/rules.po by "
            "python -m buraco_learn.course.translate compile: edit those -->\n")
    return head + translate_markdown(_rules_text("en"), translations(lang, "rules").get) + "\n"


def compile_catalogs(languages: Iterable[str] = CATALOG_LANGUAGES) -> list[Path]:
    """Write ``locale/<lang>/LC_MESSAGES/buraco_learn.mo`` from its ``.po``, and the rules
    reference in that language (``reference/rules.<lang>.md``)."""
    written = []
    for lang in languages:
        path = po_path(lang, DOMAIN).with_suffix(".mo")
        path.write_bytes(mo_bytes(lang))
        rules = PACKAGE_DIR / "reference" / f"rules.{lang}.md"
        rules.write_text(rules_markdown(lang), encoding="utf-8")
        written += [path, rules]
    return written


def translations(lang: str, domain: str) -> dict[str, str]:
    """``{English: translation}`` for the units ``lang`` translates (fuzzy ones left out)."""
    path = po_path(lang, domain)
    if lang == "en" or not path.exists():
        return {}
    out: dict[str, str] = {}
    for msg in _read_po(path, locale=lang):
        if msg.id and msg.string and not msg.fuzzy and isinstance(msg.id, str) and msg.context not in (CODE_CELL, CODE_COMMENT):
            out[msg.id] = typeset(msg.string, lang) if domain != DOMAIN else msg.string
    return out


def report(languages: Iterable[str] = CATALOG_LANGUAGES) -> dict[str, dict[str, tuple[int, int, int]]]:
    """``{lang: {domain: (translated, fuzzy, total)}}``."""
    out: dict[str, dict[str, tuple[int, int, int]]] = {}
    for lang in languages:
        out[lang] = {}
        for domain in DOMAINS:
            path = po_path(lang, domain)
            if not path.exists():
                total = sum(1 for m in _read_po(LOCALE_DIR / f"{domain}.pot") if m.id)
                out[lang][domain] = (0, 0, total)
                continue
            msgs = [m for m in _read_po(path, locale=lang) if m.id]
            done = sum(1 for m in msgs if m.string and not m.fuzzy and (not isinstance(m.string, tuple) or all(m.string)))
            fuzzy = sum(1 for m in msgs if m.fuzzy)
            out[lang][domain] = (done, fuzzy, len(msgs))
    return out


def _key(msg: Any) -> str:
    """A unit's key in a translator's JSON: its English, after its context and a U+0004 if it has one."""
    english = msg.id[0] if isinstance(msg.id, tuple) else msg.id
    return f"{msg.context}\x04{english}" if msg.context else english


def dump(lang: str, domain: str, *, missing_only: bool = True) -> dict[str, Any]:
    """``{English: translation}`` of a catalog, in its order, as a translator fills it in as JSON
    (untranslated and fuzzy units only, by default; a fuzzy one holds the translation of a
    similar older English, to be checked). A unit with a context has the key ``context\x04English``;
    a unit with plural forms has a list of translations, one per plural form of the language."""
    out: dict[str, Any] = {}
    cat = _read_po(po_path(lang, domain), locale=lang)
    for msg in cat:
        if not msg.id:
            continue
        done = msg.string and not msg.fuzzy and (not isinstance(msg.string, tuple) or all(msg.string))
        if missing_only and done:
            continue
        if isinstance(msg.id, tuple):
            strings = list(msg.string) if isinstance(msg.string, tuple) else []
            out[_key(msg)] = strings + [""] * (cat.num_plurals - len(strings))
        else:
            out[_key(msg)] = msg.string or ""
    return out


def fill(lang: str, domain: str, entries: dict[str, Any]) -> tuple[int, list[str]]:
    """Put ``{key: translation}`` (keys as :func:`dump` writes them) into ``lang``'s catalog (a
    complete translation clears the fuzzy mark); returns how many were set and the keys the
    catalog does not have."""
    path = po_path(lang, domain)
    cat = _read_po(path, locale=lang)
    by_key = {_key(m): m for m in cat if m.id}
    unknown = []
    n = 0
    for key, text in entries.items():
        msg = by_key.get(key)
        if msg is None:
            unknown.append(key)
            continue
        if isinstance(msg.id, tuple):
            if isinstance(text, list) and text and all(isinstance(t, str) and t.strip() for t in text):
                msg.string = tuple(text)
                msg.flags.discard("fuzzy")
                n += 1
            continue
        if isinstance(text, str) and text.strip():
            msg.string = text
            msg.flags.discard("fuzzy")
            n += 1
    _write_po(cat, path)
    return n, unknown


def main(argv: list[str] | None = None) -> int:
    """Command line: ``python -m buraco_learn.course.translate extract|update|compile|report``,
    and for translators ``dump``/``fill`` (``--lang fr --domain course --json FILE``)."""
    import json

    parser = argparse.ArgumentParser(description="The course's translation catalogs.")
    parser.add_argument("command", choices=["extract", "update", "compile", "report", "all", "dump", "fill"])
    parser.add_argument("--lang", action="append", help="only these languages (update, compile, report)")
    parser.add_argument("--domain", choices=DOMAINS, help="dump, fill: which catalog")
    parser.add_argument("--json", type=Path, help="dump: write to; fill: read from")
    parser.add_argument("--all", action="store_true", help="dump: translated units too")
    args = parser.parse_args(argv)
    langs = tuple(args.lang) if args.lang else CATALOG_LANGUAGES
    if args.command in ("dump", "fill"):
        if not (args.lang and len(args.lang) == 1 and args.domain and args.json):
            parser.error(f"{args.command} needs one --lang, a --domain and --json FILE")
        if args.command == "dump":
            data = dump(args.lang[0], args.domain, missing_only=not args.all)
            args.json.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
            print(f"{len(data)} units to {args.json}")
        else:
            data = json.loads(args.json.read_text(encoding="utf-8"))
            n, unknown = fill(args.lang[0], args.domain, data)
            print(f"{n} translations set in {po_path(args.lang[0], args.domain).relative_to(PACKAGE_DIR.parent)}")
            for english in unknown:
                print(f"not in the catalog (English changed?): {english[:70]!r}", file=sys.stderr)
            return 1 if unknown else 0
        return 0
    if args.command in ("extract", "all"):
        for p in extract():
            print(f"wrote {p.relative_to(PACKAGE_DIR.parent)}")
    if args.command in ("update", "all"):
        for p in update(langs):
            print(f"updated {p.relative_to(PACKAGE_DIR.parent)}")
    if args.command in ("compile", "all"):
        for p in compile_catalogs(langs):
            print(f"compiled {p.relative_to(PACKAGE_DIR.parent)}")
    if args.command in ("report", "all"):
        for lang, domains in report(langs).items():
            parts = [f"{d} {t}/{n}" + (f" ({f} fuzzy)" if f else "") for d, (t, f, n) in domains.items()]
            print(f"{lang}: " + "; ".join(parts))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
