"""Distribution checks: the wheel and sdist, Binder (repo2docker) and JupyterLite.

These build real artefacts and fresh virtual environments, so they take a few
minutes (marked ``slow``); they run in the default test command all the same.
Pip's own cache is used; the environments live for one test session only.
"""

from __future__ import annotations

import email.parser
import importlib.util
import json
import os
import re
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path
from typing import Any, Iterator

import pytest

ROOT = Path(__file__).resolve().parents[1]
LITE_PROBE = ROOT / "tests" / "browser" / "fixtures" / "no_language_info.ipynb"
JUPYTER_MODULES = ("ipywidgets", "ipykernel", "ipycanvas", "jupyter", "nbval", "notebook")

pytestmark = pytest.mark.slow


def run(cmd: list[str], timeout: float = 900, **kw: Any) -> subprocess.CompletedProcess[str]:
    """Run ``cmd``; fail the test with the tail of its output if it exits non-zero."""
    env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1", **kw.pop("env", {}))
    env = {k: v for k, v in env.items() if v is not None}  # env={"X": None} unsets X
    proc = subprocess.run(
        cmd, capture_output=True, text=True, timeout=timeout, env=env,
        stdin=subprocess.DEVNULL, **kw,
    )  # fmt: skip
    if proc.returncode != 0:
        pytest.fail(
            f"{' '.join(map(str, cmd))} exited {proc.returncode}\n"
            f"--- stdout ---\n{proc.stdout[-6000:]}\n--- stderr ---\n{proc.stderr[-6000:]}",
            pytrace=False,
        )
    return proc


def make_venv(path: Path) -> Path:
    run([sys.executable, "-m", "venv", str(path)])
    return path / "bin" / "python"


def learner_notebooks() -> list[Path]:
    return sorted((ROOT / "notebooks").glob("*.ipynb"))


def binder_requirements() -> list[str]:
    lines = (ROOT / "binder" / "requirements.txt").read_text().splitlines()
    return [ln.split("#")[0].strip() for ln in lines if ln.split("#")[0].strip()]


# --------------------------------------------------------------------------- build


@pytest.fixture(scope="session")
def dists(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """sdist and wheel from ``python -m build`` (the wheel is built from the sdist)."""
    out = tmp_path_factory.mktemp("dist")
    run([sys.executable, "-m", "build", "--sdist", "--wheel", "--outdir", str(out), str(ROOT)])
    wheels, sdists = list(out.glob("*.whl")), list(out.glob("*.tar.gz"))
    assert len(wheels) == 1 and len(sdists) == 1, list(out.iterdir())
    return {"wheel": wheels[0], "sdist": sdists[0]}


def check_metadata(text: str) -> None:
    meta = email.parser.Parser().parsestr(text)
    assert meta["Name"].replace("-", "_").lower() == "buraco_learn"
    licence = meta.get("License-Expression") or meta.get("License")
    assert licence == "MIT", licence
    classifiers = meta.get_all("Classifier") or []
    assert "Framework :: Jupyter" in classifiers
    assert "Programming Language :: Python :: 3" in classifiers
    for minor in (11, 12, 13):  # each is tested in .ci/run where the interpreter exists
        assert f"Programming Language :: Python :: 3.{minor}" in classifiers
    assert "Typing :: Typed" in classifiers
    assert any(c.startswith("Intended Audience :: Education") for c in classifiers)
    assert meta["Requires-Python"] == ">=3.11"
    urls = dict(u.split(", ", 1) for u in meta.get_all("Project-URL") or [])
    assert set(urls) >= {"Homepage", "Source", "Issues", "Documentation"}, urls
    assert all(u.startswith("https://github.com/buraco-learn/buraco_learn") for u in urls.values())
    assert meta["Description-Content-Type"] == "text/markdown"
    assert meta.get_payload().lstrip().startswith("# buraco_learn")


def test_wheel_is_pure_python_with_metadata(dists: dict[str, Path]) -> None:
    with zipfile.ZipFile(dists["wheel"]) as z:
        names = z.namelist()
        info = next(n.split("/")[0] for n in names if n.endswith(".dist-info/WHEEL"))
        wheel_meta = z.read(f"{info}/WHEEL").decode()
        metadata = z.read(f"{info}/METADATA").decode()
    assert dists["wheel"].name.endswith("-py3-none-any.whl"), dists["wheel"].name
    assert "Root-Is-Purelib: true" in wheel_meta
    assert "buraco_learn/__init__.py" in names
    assert not [n for n in names if n.endswith((".so", ".pyd", ".c"))]
    assert {n.split("/")[0] for n in names} == {"buraco_learn", info}, names
    assert "buraco_learn/py.typed" in names  # the "Typing :: Typed" claim
    assert "buraco_learn/__main__.py" in names and "buraco_learn/cli.py" in names
    shipped = {n for n in names if n.startswith("buraco_learn/_notebooks/")}
    built = {f"buraco_learn/_notebooks/{p.relative_to(ROOT / 'notebooks').as_posix()}"
             for pattern in ("*.ipynb", "*.html")  # the pages the course links to: the cheat sheet
             for p in (ROOT / "notebooks").rglob(pattern) if ".ipynb_checkpoints" not in p.parts}
    assert shipped == built, shipped ^ built
    assert "buraco_learn/_notebooks/Cheat-sheet.html" in shipped
    with zipfile.ZipFile(dists["wheel"]) as z:
        entry_points = z.read(f"{info}/entry_points.txt").decode()
    assert re.search(r"^buraco-learn = buraco_learn\.cli:main$", entry_points, re.M), entry_points
    assert any(n.startswith(f"{info}/licenses/LICENSE") for n in names), names
    check_metadata(metadata)


def test_sdist_has_sources_and_metadata(dists: dict[str, Path]) -> None:
    with tarfile.open(dists["sdist"]) as t:
        names = t.getnames()
        top = names[0].split("/")[0]
        member = t.extractfile(f"{top}/PKG-INFO")
        assert member is not None
        pkg_info = member.read().decode()
    for need in ("pyproject.toml", "README.md", "LICENSE", "buraco_learn/__init__.py"):
        assert f"{top}/{need}" in names, need
    check_metadata(pkg_info)


def test_wheel_imports_without_any_jupyter_package(
    dists: dict[str, Path], tmp_path: Path
) -> None:
    """A venv holding only the wheel (``--no-deps``): ``import buraco_learn`` works."""
    py = make_venv(tmp_path / "venv")
    run([str(py), "-m", "pip", "install", "--quiet", "--no-deps", str(dists["wheel"])])
    out = run([str(py), "-I", "-c", "import buraco_learn; print(buraco_learn.__file__)"],
              cwd=tmp_path).stdout  # fmt: skip
    assert str(tmp_path / "venv") in out


@pytest.fixture(scope="session")
def wheel_venv(dists: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv holding the wheel with its dependencies, and nbval (to run a notebook)."""
    t0 = time.monotonic()
    py = make_venv(tmp_path_factory.mktemp("wheel") / "venv")
    run([str(py), "-m", "pip", "install", "--quiet", str(dists["wheel"]), "nbval"], timeout=1200)
    print(f"\nwheel venv built in {time.monotonic() - t0:.0f}s")
    return py


def test_wheel_command_writes_the_course_from_any_folder(wheel_venv: Path, tmp_path: Path) -> None:
    """A pip user: ``buraco-learn course DIR`` from a folder of theirs writes the learner
    notebooks (the solutions on request), and one of them runs under nbval."""
    home = tmp_path / "elsewhere"
    home.mkdir()
    exe = wheel_venv.with_name("buraco-learn")

    def run(cmd: list[str], **kw: Any) -> subprocess.CompletedProcess[str]:
        return globals()["run"](cmd, env={"PYTHONPATH": None}, **kw)  # nothing of the checkout

    helped = run([str(exe), "--help"], cwd=home).stdout
    assert "course" in helped and "lab" in helped
    out = run([str(exe), "course", "class"], cwd=home).stdout
    assert "from the installed package" in out, out
    want = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    assert sorted(p.name for p in (home / "class").glob("*.ipynb")) == want
    assert not (home / "class" / "solutions").exists()
    assert (home / "class" / "Cheat-sheet.html").is_file()  # the index links it: offline too
    run([str(wheel_venv), "-m", "buraco_learn", "course", "teacher", "--solutions"], cwd=home)
    solutions = sorted(p.name for p in (ROOT / "notebooks" / "solutions").glob("*.ipynb"))
    assert sorted(p.name for p in (home / "teacher" / "solutions").glob("*.ipynb")) == solutions
    # Stored outputs came along (the wheel carries the built notebooks, not only sources).
    nb = json.loads((home / "class" / "02-Cards.ipynb").read_text(encoding="utf-8"))
    assert any(c.get("outputs") for c in nb["cells"] if c["cell_type"] == "code")
    # The package imported is the wheel's, not the checkout.
    where = run([str(wheel_venv), "-I", "-c", "import buraco_learn; print(buraco_learn.__file__)"],
                cwd=home).stdout  # fmt: skip
    assert str(wheel_venv.parents[1]) in where, where
    proc = run([str(wheel_venv), "-m", "pytest", "--nbval-lax", "--nbval-current-env", "-q",
                "-p", "no:cacheprovider", "class/03-Melding.ipynb"], cwd=home, timeout=600)  # fmt: skip
    assert re.search(r"\d+ passed", proc.stdout) and "failed" not in proc.stdout, proc.stdout[-2000:]
    # JupyterLab is an extra: `lab` says how to get it instead of a traceback.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    lab = subprocess.run([str(exe), "lab", "class"], cwd=home, capture_output=True, text=True,
                         timeout=120, stdin=subprocess.DEVNULL, env=env)  # fmt: skip
    assert lab.returncode == 1 and 'pip install "jupyterlab>=4.2"' in lab.stderr, lab.stderr


# -------------------------------------------------------------------------- binder


def lock_binder():  # type: ignore[no-untyped-def]
    """scripts/lock_binder.py as a module."""
    spec = importlib.util.spec_from_file_location("lock_binder", ROOT / "scripts" / "lock_binder.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def binder_pins() -> dict[str, str]:
    """binder/requirements.txt's pins, by normalized name (after its first line, ``.``)."""
    from packaging.requirements import Requirement

    reqs = binder_requirements()
    assert reqs[0] == ".", reqs
    pins = {}
    for line in reqs[1:]:
        r = Requirement(line)
        spec = list(r.specifier)
        assert len(spec) == 1 and spec[0].operator == "==", f"not an exact pin: {line}"
        pins[lock_binder().normalize(r.name)] = spec[0].version
    return pins


def test_binder_lock_is_generated_and_matches_the_project() -> None:
    """binder/requirements.txt: the project itself, then exact pins (written by
    scripts/lock_binder.py) that hold requirements.in and the project's own requirements,
    with the JupyterLab minor of JupyterLite."""
    from packaging.requirements import Requirement
    from packaging.version import Version

    text = (ROOT / "binder" / "requirements.txt").read_text()
    assert text.startswith("# GENERATED by scripts/lock_binder.py"), text[:200]
    pins = binder_pins()
    assert len(pins) > 60, f"only {len(pins)} pins: the lock should pin every distribution"
    assert (ROOT / "binder" / "runtime.txt").read_text().strip() == "python-3.11"
    lb = lock_binder()
    for line in lb.requirements_in():
        r = Requirement(line)
        assert r.specifier.contains(pins[lb.normalize(r.name)], prereleases=True), (line, pins.get(r.name))

    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    for dep in project["dependencies"] + extras["lab"]:
        r = Requirement(dep)
        assert lb.normalize(r.name) in pins, f"{dep} is not pinned for Binder"
        assert r.specifier.contains(pins[lb.normalize(r.name)]), (dep, pins[lb.normalize(r.name)])
    lite_pins = {Requirement(d).name.lower(): Requirement(d) for d in extras["lite"]}
    core = Version(next(iter(lite_pins["jupyterlite-core"].specifier)).version)
    kernel = Version(next(iter(lite_pins["jupyterlite-pyodide-kernel"].specifier)).version)
    assert (core.major, core.minor) == (kernel.major, kernel.minor), lite_pins
    # JupyterLite 0.8.x ships JupyterLab 4.6.x.
    lab = Version(pins["jupyterlab"])
    assert {(0, 8): (4, 6)}.get((core.major, core.minor)) == (lab.major, lab.minor), (core, lab)


def test_repo2docker_base_environment_is_read_from_its_lock() -> None:
    lb = lock_binder()
    base = lb.base_python_packages()
    # Python packages with their versions; no C library, no Python, no installer.
    assert {"jupyterlab", "notebook", "jupyter-server", "ipykernel", "nbconvert"} <= set(base), sorted(base)
    assert not {"python", "openssl", "libgcc", "nodejs", "pip"} & set(base)
    assert all(re.fullmatch(r"\d[\w.]*", v) for v in base.values()), base


def test_binder_lock_resolves_with_repo2dockers_base_environment() -> None:
    """The image = repo2docker's base environment + ``pip install -r binder/requirements.txt``.
    Pip moves what the lock pins and leaves the rest of the base as it is, without checking it:
    so every base package the lock does not pin must still have its requirements met. Resolved
    here with pip's own resolver, together; and the lock holds every distribution installed."""
    lb = lock_binder()
    pins, base = binder_pins(), lb.base_python_packages()
    env = lb.check_against_base(pins, base)
    env.pop("buraco-learn", None)
    assert {n: env[n] for n in pins} == pins
    extra = {n: v for n, v in env.items() if n not in pins and base.get(n) != v}
    assert not extra, f"installed but neither pinned nor in the base: {extra}"
    # The check can fail: the base's notebook (7.4 under JupyterLab 4.6) if the lock let it be.
    assert "notebook" in pins and base["notebook"] != pins["notebook"]
    with pytest.raises(RuntimeError, match=f"notebook=={base['notebook']}"):
        lb.check_against_base({"jupyterlab": pins["jupyterlab"]}, {"notebook": base["notebook"]})


def test_repo2docker_plan_installs_binder_requirements() -> None:
    exe = Path(sys.executable).with_name("jupyter-repo2docker")
    proc = run([str(exe), "--no-build", "--debug", "."], cwd=ROOT, timeout=300)
    plan = proc.stdout + proc.stderr
    assert "python=3.11" in plan, plan[-3000:]
    copy_src = plan.find("COPY --chown=0:0 src/ ${REPO_DIR}/")
    install = re.search(r'RUN .*pip install .*-r "?binder/requirements\.txt"?', plan)
    assert copy_src >= 0 and install, plan[-3000:]
    # `.` in the requirements needs the repository's files: installed after they are copied.
    assert install.start() > copy_src
    assert not re.search(r"pip install[^\n]*(-e )?\.(\s|$)", plan), "root project installed too"
    # The base environment is the conda lock that lock_binder.py read.
    name = lock_binder().base_lock_file().name
    assert name.replace("-", "-2d").replace(".", "-2e") in plan, name
    # postBuild (solutions hidden, no news pop-up) runs after the install.
    post = plan.find("RUN ./binder/postBuild")
    assert post > install.start(), plan[-3000:]


def test_binder_postbuild_hides_the_solutions_from_learners(tmp_path: Path) -> None:
    """On Binder the learner's file browser lists no solutions/ folder; the teacher's link
    opens notebooks/solutions/ by its path. The news pop-up is off."""
    from jupyter_server.services.contents.filemanager import FileContentsManager

    run(["bash", "binder/postBuild"], cwd=ROOT, env={"NB_PYTHON_PREFIX": str(tmp_path)})
    conf = json.loads((tmp_path / "etc/jupyter/jupyter_server_config.d/buraco_learn.json").read_text())
    cm = FileContentsManager(root_dir=str(ROOT), **conf["ContentsManager"])
    listed = {c["name"] for c in cm.get("notebooks")["content"]}
    # the course's notebooks and pages, and the course in French and Italian; never solutions/
    assert listed == {p.name for p in (ROOT / "notebooks").iterdir()
                      if p.is_file() and p.suffix in (".ipynb", ".html") or p.is_dir() and p.name in ("fr", "it")}, listed
    assert cm.get("notebooks/solutions/00-Index.ipynb", content=False)["type"] == "notebook"
    assert {c["name"] for c in cm.get("notebooks/solutions")["content"]} >= {"00-Index.ipynb"}
    overrides = json.loads((tmp_path / "share/jupyter/lab/settings/overrides.json").read_text())
    assert overrides["@jupyterlab/apputils-extension:notification"]["fetchNews"] == "false"


@pytest.fixture(scope="session")
def binder_venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv from binder/requirements.txt (as Binder installs it, from the repo root)."""
    t0 = time.monotonic()
    py = make_venv(tmp_path_factory.mktemp("binder") / "venv")
    run([str(py), "-m", "pip", "install", "--quiet", "-r", "binder/requirements.txt"],
        cwd=ROOT, timeout=1200)  # fmt: skip
    print(f"\nbinder venv built in {time.monotonic() - t0:.0f}s")
    return py


def test_binder_env_has_the_pinned_versions(binder_venv: Path) -> None:
    code = "import json, importlib.metadata as m; print(json.dumps([[d.name, d.version] for d in m.distributions()]))"
    lb = lock_binder()
    got = {lb.normalize(n): v for n, v in json.loads(run([str(binder_venv), "-I", "-c", code]).stdout)}
    pins = binder_pins()
    assert {n: got.get(n) for n in pins} == pins
    unpinned = set(got) - set(pins) - {"buraco-learn", *lb.NOT_PINNED}
    assert not unpinned, f"installed without a pin: {sorted(unpinned)}"


def test_binder_env_runs_every_learner_notebook(binder_venv: Path) -> None:
    notebooks = learner_notebooks()
    assert notebooks, "notebooks/ holds no learner notebook (*.ipynb) yet"
    t0 = time.monotonic()
    proc = run(
        [str(binder_venv), "-m", "pytest", "--nbval-lax", "--nbval-current-env",
         "-p", "no:cacheprovider", "-o", "addopts=", "-q",
         *[str(n.relative_to(ROOT)) for n in notebooks]],
        cwd=ROOT, timeout=1200,
    )  # fmt: skip
    print(f"\nnbval in the binder venv: {time.monotonic() - t0:.0f}s")
    assert re.search(r"\d+ passed", proc.stdout), proc.stdout[-2000:]


def test_import_in_binder_env_loads_no_jupyter_module(binder_venv: Path, tmp_path: Path) -> None:
    """With every Jupyter package installed, ``import buraco_learn`` imports none."""
    code = (
        "import json, sys, buraco_learn;"
        "print(json.dumps([buraco_learn.__file__, sorted(sys.modules)]))"
    )
    where, modules = json.loads(run([str(binder_venv), "-I", "-c", code], cwd=tmp_path).stdout)
    assert "site-packages" in where and not where.startswith(str(ROOT)), where
    loaded = [m for m in modules if m.split(".")[0].startswith(JUPYTER_MODULES)]
    assert not loaded, f"import buraco_learn loaded {loaded}"


def test_runtime_dependencies_install_in_pyodide(dists: dict[str, Path]) -> None:
    from packaging.requirements import Requirement

    with zipfile.ZipFile(dists["wheel"]) as z:
        meta_name = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        meta = email.parser.Parser().parsestr(z.read(meta_name).decode())
    hard = [Requirement(r) for r in meta.get_all("Requires-Dist") or []]
    hard = [r for r in hard if not (r.marker and "extra" in str(r.marker))]
    server_side = {"jupyterlab", "jupyter-server", "jupyter-client", "notebook", "nbval",
                   "pyzmq", "ipykernel"}  # fmt: skip
    bad = [str(r) for r in hard if r.name.lower().replace("_", "-") in server_side]
    assert not bad, f"not installable in Pyodide: {bad}"


# ---------------------------------------------------------------------- jupyterlite


@pytest.fixture(scope="session")
def lite_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site as scripts/build_lite.sh builds it with the package and its ``lite`` extra
    alone (a fresh venv: ``pip install ".[lite]"``), plus a probe notebook whose metadata has a
    ``python3`` kernelspec and no language_info (the case that asks for a kernel)."""
    tmp = tmp_path_factory.mktemp("lite")
    t0 = time.monotonic()
    py = make_venv(tmp / "venv")
    run([str(py), "-m", "pip", "install", "--quiet", f"{ROOT}[lite]"], timeout=1200)
    print(f"\nvenv with .[lite] built in {time.monotonic() - t0:.0f}s")
    return build_lite_site(tmp / "site", python=py)


def build_lite_site(out: Path, python: Path | str = sys.executable) -> Path:
    """Run scripts/build_lite.sh into ``out`` (with the probe notebook); return ``out``."""
    t0 = time.monotonic()
    run(["bash", str(ROOT / "scripts" / "build_lite.sh"), str(out), "--contents", str(LITE_PROBE)],
        env={"PYTHON": str(python)}, timeout=900)  # fmt: skip
    print(f"\nJupyterLite build: {time.monotonic() - t0:.0f}s")
    return out


def test_lite_site_holds_learner_notebooks_wheel_and_settings(lite_site: Path) -> None:
    learner = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    assert learner
    for name in learner:
        assert (lite_site / "files" / name).is_file(), name
    # A learner's site: no worked solutions (scripts/build_lite.sh --solutions adds them).
    assert not (lite_site / "files" / "solutions").exists()
    assert not list((lite_site / "files").rglob("solutions"))
    assert (lite_site / "files" / LITE_PROBE.name).is_file()
    wheels = list((lite_site / "pypi").glob("buraco_learn-*-py3-none-any.whl"))
    assert len(wheels) == 1, list((lite_site / "pypi").iterdir())
    index = json.loads((lite_site / "pypi" / "all.json").read_text())
    assert {k.replace("-", "_").lower() for k in index} >= {"buraco_learn"}, list(index)
    extensions = {p.parent.relative_to(lite_site / "extensions").as_posix()
                  for p in (lite_site / "extensions").glob("**/package.json")}  # fmt: skip
    assert {"ipycanvas", "@jupyter-widgets/jupyterlab-manager"} <= extensions, extensions
    config = json.loads((lite_site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    tracker = config["settingsOverrides"]["@jupyterlab/notebook-extension:tracker"]
    assert tracker["autoStartDefaultKernel"] is True
    assert config["defaultKernelName"] == "python"


def test_lite_site_has_no_source_maps_and_stays_small(lite_site: Path) -> None:
    maps = [p for p in lite_site.rglob("*.map")]
    assert not maps, maps[:5]
    # The README states the size and a bound: the site must stay within it.
    stated = re.search(r"Source maps are left out \(the site is about (\d+) MB, kept under (\d+) MB by a test",
                       (ROOT / "README.md").read_text(encoding="utf-8"))  # fmt: skip
    assert stated, "README: say the site's size and its bound"
    about, bound = int(stated.group(1)), int(stated.group(2))
    size = sum(p.stat().st_size for p in lite_site.rglob("*") if p.is_file())
    assert size < bound * 1e6, f"the site is {size / 1e6:.1f} MB: over the README's bound of {bound} MB"
    assert abs(size / 1e6 - about) <= 2, f"the site is {size / 1e6:.1f} MB, the README says about {about} MB"


def solution_only_lines() -> set[str]:
    """The worked answers: lines of the solution notebooks' code that no learner notebook has."""
    def lines(nb: Path) -> set[str]:
        cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
        return {ln.strip() for c in cells if c["cell_type"] == "code" for ln in "".join(c["source"]).splitlines()}

    notebooks = list((ROOT / "notebooks").rglob("*.ipynb"))
    learner = set().union(*(lines(nb) for nb in notebooks if "solutions" not in nb.parts))
    worked = set().union(*(lines(nb) for nb in notebooks if "solutions" in nb.parts))
    return {ln for ln in worked - learner if len(ln) >= 8}


def site_files(site: Path) -> Iterator[tuple[str, bytes]]:
    """(name, content) of every file of the site, and of every file inside its zips and wheels."""
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        data = path.read_bytes()
        name = path.relative_to(site).as_posix()
        yield name, data
        if zipfile.is_zipfile(path):
            with zipfile.ZipFile(path) as z:
                for member in z.namelist():
                    yield f"{name}!{member}", z.read(member)


def test_learner_lite_site_holds_no_solution_in_any_file(lite_site: Path) -> None:
    """No worked solution in the learners' site: no file named as one, in the site or inside
    its wheels (the package's wheel in pypi/ included), and no file holding a worked answer."""
    answers = solution_only_lines()
    assert len(answers) > 20, len(answers)  # the solutions do have worked answers to look for
    # A whole line of a cell, as a notebook's JSON writes it: "answer = 9\n" or "answer = 9".
    needles = [f'"{json.dumps(a)[1:-1]}{end}"'.encode() for a in answers for end in ("\\n", "")]
    seen = 0
    for name, data in site_files(lite_site):
        seen += 1
        assert "solutions/" not in name.split("!")[-1], name
        if name.endswith((".ipynb", ".json")) or "!" in name:
            found = [n for n in needles if n in data]
            assert not found, f"{name} holds a worked answer: {found[0][:80]!r}"
    assert seen > 100, seen


def test_lite_site_pages_check_the_runtime(lite_site: Path) -> None:
    """Every app page loads runtime-check.js, which probes the Pyodide URL of the site's
    settings: the one the installed kernel uses by default (so the check probes what loads)."""
    assert (lite_site / "runtime-check.js").read_text() == (ROOT / "lite" / "runtime-check.js").read_text()
    pages = list(lite_site.glob("*/index.html"))
    assert any(p.parent.name == "lab" for p in pages)
    for page in pages:
        assert '<script src="../runtime-check.js" defer></script></head>' in page.read_text(), page
    config = json.loads((lite_site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    url = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]["pyodideUrl"]
    ext = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "@jupyterlite" / "pyodide-kernel-extension"
    defaults = {m for js in ext.rglob("*.js")
                for m in re.findall(r"https://cdn\.jsdelivr\.net/pyodide/v[\w.]+/full/pyodide\.m?js", js.read_text(errors="replace"))}  # fmt: skip
    assert defaults == {url}, (defaults, url)


def test_build_lite_without_the_lite_extra_says_what_to_install(tmp_path: Path) -> None:
    bare = make_venv(tmp_path / "venv")
    proc = subprocess.run(["bash", str(ROOT / "scripts" / "build_lite.sh"), str(tmp_path / "site")],
                          env=dict(os.environ, PYTHON=str(bare)), capture_output=True, text=True,
                          timeout=300, stdin=subprocess.DEVNULL)  # fmt: skip
    assert proc.returncode == 1
    assert "jupyterlite-core" in proc.stderr and '[lite]"' in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr and not (tmp_path / "site").exists()


# The page itself is opened in Chromium by tests/browser/test_lite_site.py.
