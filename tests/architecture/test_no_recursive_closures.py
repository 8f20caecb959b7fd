"""No function nested in another calls itself: a recursive closure is a reference cycle (the function's cell
holds the function), made each time the outer function runs, and with it everything the closure captured
stays alive until the cyclic collector runs — which pnp pauses while it validates and prints
(generator/memory.py). Recursion goes in a module-level function or a method, with its state passed in."""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "generator"


def _recursive_closures(source: str) -> list[tuple[int, str]]:
    found = []
    for outer in ast.walk(ast.parse(source)):
        if not isinstance(outer, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for inner in ast.walk(outer):
            if inner is outer or not isinstance(inner, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            if any(isinstance(n, ast.Name) and n.id == inner.name for n in ast.walk(inner)):
                found.append((inner.lineno, f"{outer.name}.{inner.name}"))
    return found


def test_the_scanner_finds_a_recursive_closure():
    assert _recursive_closures("def f(x):\n    def walk(n):\n        return walk(n - 1) if n else 0\n"
                               "    return walk(x)\n") == [(2, "f.walk")]
    assert _recursive_closures("def walk(n):\n    return walk(n - 1) if n else 0\n") == []


def test_no_recursive_closures_in_the_package():
    found = [f"{path.relative_to(PACKAGE.parent)}:{line} {name}"
             for path in sorted(PACKAGE.rglob("*.py"))
             for line, name in _recursive_closures(path.read_text(encoding="utf-8"))]
    assert not found, "recursive closures (reference cycles):\n" + "\n".join(found)
