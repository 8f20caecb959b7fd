"""`pnp --help` and `pnp validate` load no drawing or site library: they stay quick and work without them."""
from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import FIXTURES, ROOT

PROBE = """
import sys
from generator.cli import main
try:
    code = main(sys.argv[1:])
except SystemExit as exc:
    code = exc.code
heavy = sorted(m for m in ("reportlab", "svgwrite", "mkdocs", "material", "pypdfium2", "PIL", "jinja2")
               if m in sys.modules)
print("HEAVY=" + ",".join(heavy))
"""


@pytest.mark.parametrize("argv", [["--help"], ["validate", "--data", str(FIXTURES)], ["inventory", "demo",
                                                                                       "--data", str(FIXTURES)]])
def test_light_commands_import_no_drawing_library(argv):
    proc = subprocess.run([sys.executable, "-c", PROBE, *argv], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)
    line = [ln for ln in proc.stdout.splitlines() if ln.startswith("HEAVY=")]
    assert line, proc.stdout + proc.stderr
    assert line[-1] == "HEAVY=", f"{argv}: {line[-1]}"


def test_schema_print_methods_are_the_registered_kinds():
    import typing

    from generator.plan.kinds import BY_METHOD
    from generator.schema.components import PrintMethod

    assert set(typing.get_args(PrintMethod)) == set(BY_METHOD) | {"board", "none"}


def test_manifest_kinds_of_print_come_from_the_registry():
    from generator.plan.kinds import SHEETS
    from generator.targets import TARGET_KINDS

    assert set(SHEETS) <= TARGET_KINDS["print"]


def test_a_verb_imports_only_its_own_command_module():
    """`pnp validate` imports the validate verb, not the web server, the build pipeline or the other verbs."""
    probe = PROBE.replace('("reportlab", "svgwrite", "mkdocs", "material", "pypdfium2", "PIL", "jinja2")',
                          '("http.server", "generator.pipeline", "generator.commands.serve", '
                          '"generator.commands.build", "generator.commands.print", "generator.commands.boards")')
    proc = subprocess.run([sys.executable, "-c", probe, "validate", "--data", str(FIXTURES)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    line = [ln for ln in proc.stdout.splitlines() if ln.startswith("HEAVY=")]
    assert line and line[-1] == "HEAVY=", proc.stdout + proc.stderr
