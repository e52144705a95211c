"""The layering of the package: the core imports only the standard library, rendering imports the
core, widgets import both, nothing in the core imports widgets; ``import buraco_learn`` pulls in no
Jupyter package."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PKG = Path(__file__).resolve().parent.parent / "buraco_learn"
# Sub-packages that may import third-party (Jupyter) code: the widgets, and the course's notebook
# builder (nbformat), which is tooling that no core module imports, and the classroom app pages.
JUPYTER_LAYERS = {"widgets", "course", "app"}
# Modules that are not core: rendering imports the core only (checked separately).
RENDER_LAYERS = {"render"}
STDLIB = set(sys.stdlib_module_names)


def _module_imports(path: Path) -> list[tuple[str, int, bool]]:
    """(module, relative level, at module level?) of every import in a file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = set(map(id, tree.body))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.extend((a.name, 0, id(node) in top) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            out.append((node.module or "", node.level, id(node) in top))
    return out


def _layer(path: Path) -> str:
    rel = path.relative_to(PKG)
    return rel.parts[0] if len(rel.parts) > 1 else rel.stem


def test_core_imports_only_the_standard_library_and_no_widgets() -> None:
    for path in PKG.rglob("*.py"):
        layer = _layer(path)
        if layer in JUPYTER_LAYERS:
            continue
        for module, level, _ in _module_imports(path):
            if level == 0:
                root = module.split(".")[0]
                assert root in STDLIB or root == "buraco_learn" and "widgets" not in module, (path, module)
            else:
                assert not module.startswith(("widgets", "course")), (path, module)


def test_core_imports_render_only_lazily() -> None:
    for path in PKG.rglob("*.py"):
        layer = _layer(path)
        if layer in JUPYTER_LAYERS | RENDER_LAYERS:
            continue
        for module, level, at_top in _module_imports(path):
            if "render" in module.split("."):
                assert not at_top, f"{path.name} imports {module} at module level; import it inside _repr_html_"


def test_import_pulls_in_no_jupyter_package() -> None:
    code = ("import sys, buraco_learn, buraco_learn.render; "
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
            "{'ipywidgets', 'ipycanvas', 'ipykernel', 'IPython', 'jupyterlab', 'traitlets', 'nbformat'}); "
            "print(bad); sys.exit(1 if bad else 0)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
