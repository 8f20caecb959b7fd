"""The pipeline's phases import one way only: a module may import its own phase or an earlier one.

    base (errors, console, i18n, geom, write, memory, forked) → load → schema → model → validate → text → plan →
    layout → render → rules_site → targets → pipeline → commands → cli

Every import in the package counts, top-level or inside a function: a lazy import is still a
dependency. The test reads the source (AST), so it fails on the line that breaks the order."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "generator"

PHASES = ["base", "load", "schema", "model", "validate", "text", "plan", "layout", "render", "rules_site",
          "targets", "pipeline", "commands", "cli"]
BASE = {"__init__", "errors", "console", "i18n", "geom", "write", "fonts", "resources", "memory", "forked"}


def phase_of(module: str) -> str:
    parts = module.split(".")
    assert parts[0] == "generator", module
    head = parts[1] if len(parts) > 1 else "__init__"
    if head in BASE:
        return "base"
    if head == "__main__":
        return "cli"
    assert head in PHASES, f"{module}: package '{head}' has no phase; add it to PHASES or BASE"
    return head


def _module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _imports(path: Path):
    module = _module_name(path)
    is_pkg = path.name == "__init__.py"
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".")
                base = base if is_pkg else base[:-1]
                base = base[:len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            yield node.lineno, target


def _files():
    return sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", _files(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_follow_the_phase_order(path):
    mine = PHASES.index(phase_of(_module_name(path)))
    for line, target in _imports(path):
        if target.split(".")[0] != "generator":
            continue
        theirs = PHASES.index(phase_of(target))
        assert theirs <= mine, (f"{path.relative_to(PACKAGE.parent)}:{line} imports {target} "
                                f"({PHASES[theirs]}) from the earlier phase {PHASES[mine]}")


def test_every_package_has_a_phase():
    for sub in sorted(p for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()):
        phase_of(f"generator.{sub.name}")
