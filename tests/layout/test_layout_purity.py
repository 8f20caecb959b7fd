"""geom/ and layout/ must stay pure: no drawing libraries and no file or OS access (ARCHITECTURE.md habit 2)."""
import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "generator"
BANNED_MODULES = {"reportlab", "svgwrite", "pypdfium2", "cairosvg", "fontTools", "PIL",
                  "os", "io", "pathlib", "shutil", "tempfile", "glob", "subprocess", "sys", "builtins"}
BANNED_CALLS = {"open", "exec", "eval", "__import__"}


def _modules():
    files = sorted(PACKAGE.glob("layout/*.py")) + sorted(PACKAGE.glob("geom/*.py"))
    assert len(files) > 8, "layout and geom packages not found"
    return files


@pytest.mark.parametrize("path", _modules(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_layout_module_is_pure(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [] if node.level else [node.module or ""]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in BANNED_CALLS, f"{path.name}:{node.lineno} calls {node.func.id}()"
            continue
        else:
            continue
        for name in names:
            assert name.split(".")[0] not in BANNED_MODULES, f"{path.name}:{node.lineno} imports {name}"
