"""The suite's own hygiene: no test contains a check that cannot fail.

A check that cannot fail passes whatever the engine does, so a rule could change and the suite
would not notice (the mutation runs of tests/README.md find them). Looked for in every test file,
by reading its syntax tree (comments and strings do not count):

- an ``assert`` whose condition is a constant (``assert True``) or an ``or`` with a true constant
  (``assert x is False or True``);
- a conditional expression on a constant (``check() if False else None``: the check never runs);
- a broad ``except`` (bare, ``Exception``, ``BaseException``) whose body only passes or continues:
  it turns a regression into a smaller sample; name the error expected instead.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
_BROAD = {"Exception", "BaseException"}


def _truthy_constant(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and bool(node.value)


def _is_broad(handler: ast.ExceptHandler) -> bool:
    kind = handler.type
    if kind is None:
        return True
    names = kind.elts if isinstance(kind, ast.Tuple) else [kind]
    return any(isinstance(n, ast.Name) and n.id in _BROAD for n in names)


def checks_that_cannot_fail(source: str, filename: str = "<test>") -> list[str]:
    """Each check in ``source`` that cannot fail, as ``file:line: why``."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Assert):
            test = node.test
            if isinstance(test, ast.Constant):
                found.append(f"{filename}:{node.lineno}: assert on a constant")
            elif isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or) and any(
                    _truthy_constant(v) for v in test.values):
                found.append(f"{filename}:{node.lineno}: assert ... or <true constant>")
        elif isinstance(node, ast.IfExp) and isinstance(node.test, ast.Constant):
            found.append(f"{filename}:{node.lineno}: ... if <constant> else ...: one branch never runs")
        elif isinstance(node, ast.ExceptHandler) and _is_broad(node) and all(
                isinstance(s, (ast.Pass, ast.Continue)) for s in node.body):
            found.append(f"{filename}:{node.lineno}: broad except that only passes or continues")
    return found


@pytest.mark.parametrize("source", [
    "assert True\n",
    "assert game.can(junk) is False or True\n",
    "check() if False else None\n",
    "for x in xs:\n    try:\n        f(x)\n    except Exception:\n        continue\n",
    "try:\n    f()\nexcept (ValueError, BaseException):\n    pass\n",
    "try:\n    f()\nexcept:\n    pass\n",
])
def test_the_check_finds_each_kind(source: str) -> None:
    assert len(checks_that_cannot_fail(source)) == 1


@pytest.mark.parametrize("source", [
    "assert x or y\n",
    "a = b if flag else c\n",
    "try:\n    f()\nexcept ValueError:\n    pass\n",
    "try:\n    f()\nexcept Exception as e:\n    raise AssertionError(e)\n",
    "s = 'assert True or True'  # in a string, not a check\n",
])
def test_the_check_leaves_real_checks(source: str) -> None:
    assert checks_that_cannot_fail(source) == []


def test_no_test_file_holds_a_check_that_cannot_fail() -> None:
    """Every tests/**/test_*.py (a conftest's failure hook may swallow a failed screenshot)."""
    files = sorted(TESTS.rglob("test_*.py"))
    assert len(files) > 20  # the suite is found
    found = [f for p in files
             for f in checks_that_cannot_fail(p.read_text(encoding="utf-8"), str(p.relative_to(TESTS)))]
    assert found == []
