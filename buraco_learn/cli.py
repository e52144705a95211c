"""The ``buraco-learn`` command: put the course notebooks in a folder of yours and open them.

::

    buraco-learn course [DIR] [--solutions] [--force] [--lang fr]   # write the notebooks into DIR
    buraco-learn lab [DIR] [--solutions] [JUPYTERLAB ARGS...]  # ... and open JupyterLab there
    buraco-learn class-report FILES... [--out DIR] [--lang fr]  # a class's results: report.html, .csv
    buraco-learn app [play|puzzles|teacher] [--port N]   # a page without code cells (Voilà)
    python -m buraco_learn ...                           # the same command

``DIR`` defaults to ``buraco-course`` in the current folder. A notebook already in ``DIR`` is
kept as it is (your answers are never overwritten) unless you give ``--force``. The notebooks
come from the installed package: a wheel carries them, built and run, as package data; in a
source checkout they are the repository's ``notebooks/`` folder; failing both, they are built
from the course sources without outputs.

>>> import tempfile, pathlib
>>> with tempfile.TemporaryDirectory() as d:
...     written = write_course(pathlib.Path(d) / "course")
...     names = sorted(p.name for p in written)
>>> "00-Index.ipynb" in names, any(p.startswith("solutions") for p in names)
(True, False)
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Sequence

from .i18n import language, tr, trn

__all__ = ["DEFAULT_DIR", "REPOSITORY", "course_source", "main", "serve_root", "write_course"]

#: Where ``buraco-learn course`` writes when no folder is given.
DEFAULT_DIR = "buraco-course"
#: The project's repository: links of the course that leave the course folder point there.
REPOSITORY = "https://github.com/buraco-learn/buraco_learn"

PACKAGE = Path(__file__).resolve().parent
#: Where a wheel keeps the built notebooks (added by ``hatch_build.py`` when the wheel is built).
PACKAGED = PACKAGE / "_notebooks"
#: A source checkout's built notebooks.
CHECKOUT = PACKAGE.parent / "notebooks"

_LINK = re.compile(r"\]\((?!https?:|mailto:|#|/)([^)\s]+)\)")
#: The same links with their words (no image: a course image is never out of the folder).
_LABELLED_LINK = re.compile(r"(?<!!)\[([^\]]*)\]\((?!https?:|mailto:|#|/)([^)\s]+)\)")


def course_source() -> tuple[Path | None, str]:
    """The folder of built notebooks to copy from, and where it comes from (for messages).

    ``None`` means: no built notebooks here, build them from the course sources.
    """
    if any(PACKAGED.glob("*.ipynb")):
        return PACKAGED, tr("the installed package")
    if any(CHECKOUT.glob("*.ipynb")):
        return CHECKOUT, tr("the source checkout ({path})", path=CHECKOUT)
    return None, tr("the course sources (no outputs: run the cells)")


def _built(tmp: Path, lang: str = "en") -> Path:
    from buraco_learn.course import build as course_build  # the course's own builder

    course_build.build(tmp, execute=False, lang=lang)
    return tmp


def _fix_links(text: str, course_dir: str, repo_dir: str, course_files: set[str]) -> str:
    """Rewrite the relative Markdown links of a cell whose target is not in the course folder.

    A link to the worked solutions when they are not written becomes its words alone (the
    course says how to write them: ``buraco-learn course --solutions``), so that no link of the
    course needs the network; any other link that leaves the folder points to the repository.
    ``course_dir`` is the notebook's folder in the course, ``repo_dir`` in the repository,
    ``course_files`` every file of the course folder.

    >>> _fix_links("[rules](../x/rules.md) [next](02-Cards.ipynb)", "", "notebooks", {"02-Cards.ipynb"})
    '[rules](https://github.com/buraco-learn/buraco_learn/blob/main/x/rules.md) [next](02-Cards.ipynb)'
    >>> _fix_links("start at [solutions/00-Index.ipynb](solutions/00-Index.ipynb)", "", "notebooks", set())
    'start at `solutions/00-Index.ipynb`'
    """
    course_dirs = {os.path.dirname(f) for f in course_files}

    def fix(m: re.Match[str]) -> str:
        target, _, anchor = m.group(2).partition("#")
        if not target:
            return m.group(0)
        here = os.path.normpath(os.path.join(course_dir, target))
        if here in course_files or here in course_dirs or (here == "." and course_dirs):
            return m.group(0)
        if here.split(os.sep)[0] == "solutions":
            return f"`{m.group(1).strip('`')}`"
        there = Path(os.path.normpath(os.path.join(repo_dir, target))).as_posix()
        return f"[{m.group(1)}]({REPOSITORY}/blob/main/{there}{'#' + anchor if anchor else ''})"

    return _LABELLED_LINK.sub(fix, text)


def serve_root(notebooks: Path) -> Path:
    """The folder JupyterLab should serve so that every relative link of the notebooks in
    ``notebooks`` (the learner ones, not ``solutions/``) works: ``notebooks`` itself, or the
    nearest folder above it that holds every link's target.

    >>> serve_root(CHECKOUT) in (CHECKOUT, CHECKOUT.parent)
    True
    """
    notebooks = Path(notebooks).resolve()
    root = notebooks
    for nb in notebooks.glob("*.ipynb"):
        for cell in json.loads(nb.read_text(encoding="utf-8")).get("cells", []):
            if cell.get("cell_type") != "markdown":
                continue
            source = cell["source"]
            for target in _LINK.findall("".join(source) if isinstance(source, list) else source):
                path = target.partition("#")[0]
                if path:
                    resolved = Path(os.path.normpath(notebooks / path))
                    root = Path(os.path.commonpath([root, resolved]))
    return root


def _copy_notebook(src: Path, dst: Path, course_dir: str, repo_dir: str, course_files: set[str]) -> None:
    nb = json.loads(src.read_text(encoding="utf-8"))
    for cell in nb.get("cells", []):
        if cell.get("cell_type") == "markdown":
            source = cell["source"]
            text = "".join(source) if isinstance(source, list) else source
            cell["source"] = _fix_links(text, course_dir, repo_dir, course_files)
    dst.write_text(json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")


def write_course(directory: Path, *, solutions: bool = False, force: bool = False, lang: str = "en") -> list[Path]:
    """Write the learner notebooks (and with ``solutions`` the worked solutions, in
    ``DIR/solutions/``) into ``directory``, in ``lang`` (``"en"``, ``"fr"``, ``"it"``); return
    the notebooks written, relative to it. The pages the course links to (the printable
    ``Cheat-sheet.html``) are copied beside them.

    A notebook already there is kept unless ``force``. Links that leave the course folder
    (to the rules reference, say) are rewritten to the project's repository.
    """
    from .i18n import LANGUAGES

    if lang not in LANGUAGES:
        raise ValueError(tr("no course in {lang}: the course is in {languages}", lang=repr(lang),
                            languages=", ".join(LANGUAGES)))
    directory = Path(directory)
    source, _ = course_source()
    repo = "notebooks" if lang == "en" else f"notebooks/{lang}"
    with tempfile.TemporaryDirectory() as tmp:
        if source is not None and lang != "en":
            source = source / lang if any((source / lang).glob("*.ipynb")) else None
        if source is None:
            source = _built(Path(tmp), lang)
        plan = [(p, Path(p.name), repo) for p in sorted(source.glob("*.ipynb"))]
        if solutions:
            plan += [(p, Path("solutions", p.name), f"{repo}/solutions")
                     for p in sorted((source / "solutions").glob("*.ipynb"))]
        if not plan:
            raise FileNotFoundError(tr("no notebook found in {folder}", folder=source))
        # The pages beside the notebooks (the printable cheat sheet), that the course links to.
        pages = sorted(source.glob("*.html"))
        course_files = {rel.as_posix() for _, rel, _ in plan} | {p.name for p in pages}
        if directory.is_dir():
            course_files |= {p.relative_to(directory).as_posix() for p in directory.rglob("*") if p.is_file()}
        written = []
        for src, rel, repo_dir in plan:
            dst = directory / rel
            if dst.exists() and not force:
                continue
            dst.parent.mkdir(parents=True, exist_ok=True)
            _copy_notebook(src, dst, "" if rel.parent == Path(".") else rel.parent.as_posix(), repo_dir, course_files)
            written.append(rel)
        for page in pages:
            if force or not (directory / page.name).exists():
                directory.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(page, directory / page.name)
    return written


def _say_written(directory: Path, written: list[Path], solutions: bool) -> None:
    _, origin = course_source()
    if written:
        said = trn("{n} notebook(s) written to {folder} from {origin}", "{n} notebook(s) written to {folder} from "
                   "{origin}", len(written), folder=directory.resolve(), origin=origin)
    else:
        said = tr("{n} notebook(s) written to {folder} from {origin} (every notebook was already there: kept as "
                  "it is)", n=len(written), folder=directory.resolve(), origin=origin)
    print("buraco-learn: " + said)
    if written and not solutions:
        print("buraco-learn: " + tr("the worked solutions are not included; add --solutions for them"))


#: JupyterLab's "Would you like to get notified about official Jupyter news?" pop-up, off.
NEWS_OFF = {"@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False}}


def _lab_settings(directory: Path) -> Path:
    """Application settings for this JupyterLab: the environment's own (copied), and the news
    pop-up off; in ``DIR/.buraco-lab-settings`` (a hidden folder). The user's settings still win."""
    # JupyterLab's own answer (this module imports no third-party package).
    app_dir = subprocess.run([sys.executable, "-c", "from jupyterlab.commands import get_app_dir; print(get_app_dir())"],
                             capture_output=True, text=True, check=True).stdout.strip()
    settings = directory.resolve() / ".buraco-lab-settings"
    if settings.exists():
        shutil.rmtree(settings)
    source = Path(app_dir) / "settings"
    if source.is_dir():
        shutil.copytree(source, settings)
    (settings / "overrides.d").mkdir(parents=True, exist_ok=True)
    (settings / "overrides.d" / "zz-buraco_learn.json").write_text(json.dumps(NEWS_OFF, indent=1) + "\n")
    return settings


def _lab(directory: Path, extra: list[str]) -> int:
    if importlib.util.find_spec("jupyterlab") is None:
        print("buraco-learn: " + tr("JupyterLab is not installed in this Python. Install it with:\n"
                                    "    {python} -m {install}\n"
                                    "then run this command again. The notebooks are in {folder}.",
                                    python=Path(sys.executable).name, install=LAB_INSTALL,
                                    folder=directory.resolve()), file=sys.stderr)
        return 1
    cmd = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={directory.resolve()}",
           f"--LabApp.app_settings_dir={_lab_settings(directory)}"]
    if hasattr(os, "getuid") and os.getuid() == 0 and "--allow-root" not in extra:
        cmd.append("--allow-root")  # JupyterLab refuses to run as root without it
    index = directory / "00-Index.ipynb"
    if index.is_file() and not any(a.startswith("--LabApp.default_url") for a in extra):
        cmd.append("--LabApp.default_url=/lab/tree/00-Index.ipynb")
    cmd += extra
    print("buraco-learn: " + tr("starting JupyterLab: {command}", command=" ".join(cmd)), flush=True)
    if os.name == "posix":  # become JupyterLab: Ctrl-C and signals reach it directly
        os.execv(sys.executable, cmd)
    return subprocess.call(cmd)  # pragma: no cover (Windows)


#: What the ``lab`` and ``app`` extras add to the installed package (pyproject.toml), to install
#: when missing: from PyPI, whatever way the package itself came (nothing of it is on PyPI yet).
LAB_INSTALL = 'pip install "jupyterlab>=4.2"'
APP_INSTALL = 'pip install "voila>=0.5.13,<0.6"'


def _app(page: str, port: int | None, extra: list[str], lang: str = "en") -> int:
    """Serve one app page (``buraco_learn/app/PAGE.ipynb``) with Voilà: widgets, no code cells."""
    if importlib.util.find_spec("voila") is None:
        print("buraco-learn: " + tr("the app mode needs Voilà, which is not installed in this Python. Install it "
                                    "with:\n    {install}\nthen run this command again.", install=APP_INSTALL),
              file=sys.stderr)
        return 1
    from .app import page_path  # imports the widgets: only once Voilà is known to be there

    # JupyterLite's kernel extension (the `lite` extra) is built for JupyterLab 4.6 and fails in
    # Voila 0.5's JupyterLab 4.2 front end (TypeError: ... 'LicensesClient'); the page needs no
    # in-browser kernel, so Voila does not load it.
    cmd = [sys.executable, "-m", "voila", str(page_path(page)), "--strip_sources=True",
           "--VoilaConfiguration.extension_denylist=@jupyterlite/pyodide-kernel-extension"]
    # The page's template (buraco_learn/app/share/jupyter/voila/templates/buraco-app): Voila's lab
    # template without the stylesheets it asks from a CDN, so the page loads nothing from outside.
    share = page_path(page).parent / "share" / "jupyter"
    os.environ["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(share), os.environ.get("JUPYTER_PATH", "")) if p)
    cmd.append("--template=buraco-app")
    if port is not None:
        cmd += [f"--port={port}", "--Voila.port_retries=0"]
    cmd += extra
    # the page's language: the page reads it from its kernel's environment (an address's ?lang= wins)
    os.environ["BURACO_APP_LANG"] = lang
    print("buraco-learn: " + tr("serving the {page} page with Voilà: {command}", page=page, command=" ".join(cmd)),
          flush=True)
    if os.name == "posix":  # become Voilà: Ctrl-C and signals reach it directly
        os.execv(sys.executable, cmd)
    return subprocess.call(cmd)  # pragma: no cover (Windows)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="buraco-learn",
        description="Learn the card game Buraco in Jupyter: write the course notebooks into a folder "
                    "of yours, and open them in JupyterLab.",
        epilog="Examples:\n"
               "  buraco-learn course                 write the notebooks into ./buraco-course\n"
               "  buraco-learn course ~/buraco --solutions\n"
               "  buraco-learn lab                    write them if needed, then open JupyterLab\n"
               "  buraco-learn lab cours --lang fr    the course in French (--lang it: in Italian)\n"
               "  buraco-learn lab --port 8890 --no-browser   (extra arguments go to JupyterLab)\n"
               "  buraco-learn class-report results/*.json --out report   (teachers)\n"
               "  buraco-learn app puzzles --port 8866   the puzzles as a page without code (Voila)\n"
               "Notebooks already in the folder are kept (your answers stay) unless --force.\n"
               "Also: python -m buraco_learn ...",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", metavar="{course,lab,class-report,app}")
    for name, help_text in (
        ("course", "write the learner notebooks (and with --solutions the worked solutions) into DIR"),
        ("lab", "write the notebooks into DIR if they are not there, then open JupyterLab on DIR; "
                "arguments after DIR that this command does not know go to JupyterLab "
                f"(needs JupyterLab: {LAB_INSTALL})"),
    ):
        p = sub.add_parser(name, help=help_text, description=help_text)
        p.add_argument("dir", nargs="?", default=DEFAULT_DIR, metavar="DIR",
                       help=f"the course folder (default: ./{DEFAULT_DIR}); created if missing")
        p.add_argument("--solutions", action="store_true",
                       help="also write the worked solutions, in DIR/solutions/ (for teachers)")
        p.add_argument("--force", action="store_true",
                       help="overwrite notebooks already in DIR (your answers in them are lost)")
        p.add_argument("--lang", default="en", choices=["en", "fr", "it"],
                       help="the course's language: en (English, the default), fr (français), it (italiano)")
    help_text = ("combine the results files a class handed in (download_results() in the course) into "
                 "DIR/report.html and DIR/report.csv; each right answer is checked again; foreign, damaged or "
                 "tampered files are named and left out")
    p = sub.add_parser("class-report", help=help_text, description=help_text)
    p.add_argument("files", nargs="+", metavar="FILES", help="results files (.json), or folders holding them")
    p.add_argument("--out", default="class-report", metavar="DIR",
                   help="where to write report.html and report.csv (default: ./class-report)")
    p.add_argument("--lang", default="en", choices=["en", "fr", "it"],
                   help="the report's language: en (English, the default), fr (français), it (italiano)")
    help_text = ("serve a page without code cells for the classroom, with Voila: play (a hand against a "
                 "computer player), puzzles, or teacher (the teacher's demo); arguments this command does not "
                 f"know go to Voila (needs Voila: {APP_INSTALL})")
    p = sub.add_parser("app", help=help_text, description=help_text)
    p.add_argument("page", nargs="?", default="play", choices=["play", "puzzles", "teacher"],
                   help="which page (default: play)")
    p.add_argument("--port", type=int, default=None, metavar="N", help="the port to serve on (default: Voila's, 8866)")
    p.add_argument("--lang", default="en", choices=["en", "fr", "it"],
                   help="the page's language: en (English, the default), fr (français), it (italiano); "
                        "an address's ?lang= wins")
    return parser


def _class_report(files: list[str], out: str) -> int:
    from .report import _left_out_line, shown, write_report

    try:
        report = write_report(files, out)
    except OSError as exc:
        print("buraco-learn: " + tr("cannot write the report into {folder}: {error}", folder=out, error=exc),
              file=sys.stderr)
        return 1
    for r in report.left_out:
        print("buraco-learn: " + tr("left out {file} ({why})", file=shown(str(r.path), 300), why=_left_out_line(r)),
              file=sys.stderr)
    for group in report.groups().values():
        if len(group) > 1:
            print("buraco-learn: " + tr("{files}: the same learner ({learner}); all are in the report, side by "
                                        "side: decide which is theirs", files=", ".join(shown(l.path.name, 80)
                                                                                       for l in group),
                                        learner=shown(group[0].learner, 80)), file=sys.stderr)
    if not report.learners:
        print("buraco-learn: " + tr("no results file could be counted; a learner writes one with "
                                    'download_results("name") in the course\'s index notebook'), file=sys.stderr)
        return 1
    folder = Path(out)
    print("buraco-learn: " + trn("{n} learners counted, {left} files left out: {html}, {csv}",
                                 "{n} learners counted, {left} files left out: {html}, {csv}", len(report.groups()),
                                 left=len(report.left_out), html=folder / "report.html", csv=folder / "report.csv"))
    return 0


def _split_lab_args(argv: list[str]) -> tuple[list[str], list[str]]:
    """Split ``lab ...`` into this command's arguments and JupyterLab's: from the first option
    this command does not know (or after ``--``), everything goes to JupyterLab.

    >>> _split_lab_args(["lab", "my-course", "--solutions", "--port", "8890", "--no-browser"])
    (['lab', 'my-course', '--solutions'], ['--port', '8890', '--no-browser'])
    >>> _split_lab_args(["lab", "--", "--port=8890"])
    (['lab'], ['--port=8890'])
    """
    ours = {"--solutions", "--force", "-h", "--help", "--lang"}
    for i, arg in enumerate(argv[1:], start=1):
        if arg == "--":
            return argv[:i], argv[i + 1:]
        if arg.startswith("-") and arg not in ours and not arg.startswith("--lang="):
            return argv[:i], argv[i:]
    return argv, []


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    Output piped into a reader that stops early (``buraco-learn --help | head -3``) ends
    quietly, with status 1, as a shell tool's: no ``BrokenPipeError`` traceback.
    """
    try:
        try:
            return _main(argv)
        finally:
            sys.stdout.flush()  # here, not at exit: a closed pipe is caught below
    except BrokenPipeError:
        # The reader has gone: send what is still buffered nowhere, so that Python's own
        # flush at exit does not fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


def _main(argv: Sequence[str] | None) -> int:
    args_in = list(sys.argv[1:] if argv is None else argv)
    parser = _parser()
    extra: list[str] = []
    if args_in[:1] == ["lab"]:
        args_in, extra = _split_lab_args(args_in)
    if args_in[:1] == ["app"]:
        args, extra = parser.parse_known_args(args_in)
    else:
        args = parser.parse_args(args_in)
    if args.command is None:
        parser.print_help()
        return 2
    with language(args.lang):  # the command's messages, and the report, in the language asked for
        return _run(args, extra)


def _run(args: argparse.Namespace, extra: list[str]) -> int:
    """Run one sub-command (in the language already chosen)."""
    if args.command == "class-report":
        return _class_report(args.files, args.out)
    if args.command == "app":
        return _app(args.page, args.port, extra, args.lang)
    directory = Path(args.dir).expanduser()
    try:
        written = write_course(directory, solutions=args.solutions, force=args.force, lang=args.lang)
    except OSError as exc:
        print("buraco-learn: " + tr("cannot write the course into {folder}: {error}", folder=directory, error=exc),
              file=sys.stderr)
        return 1
    _say_written(directory, written, args.solutions)
    if args.command == "lab":
        return _lab(directory, extra)
    command = "buraco-learn lab " + str(args.dir)
    print("buraco-learn: " + tr("open it with: {command}", command=command))
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
