"""The parallel runner: units run in worker processes merge like serial ones, and a data error raised in a
worker reaches the user whole (the same issues, exit 1), never as a crash of the pool."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.errors import DataErrors, Issue, SourceSpan
from generator.pipeline import BuildOptions, run_units
from generator.write.atomic import OutputDir
from generator.write.manifest import Manifest

OPTIONS = BuildOptions(data=Path("."), out=Path("."))


def _writes(name: str):
    def generate(indexes, out, manifest, options):
        target = out.write_text(f"{name}/{indexes[0]}.txt", f"{name} {indexes[0]}\n")
        manifest.add(out, target, game=indexes[0], kind="test")
    return generate


def _fails(indexes, out, manifest, options):
    raise DataErrors([Issue(SourceSpan("g.yaml", 3, 5), "cards[0].name", "a broken name", game=indexes[0])])


@pytest.mark.parametrize("jobs", [1, 2])
def test_units_merge_the_same_serial_or_parallel(tmp_path, jobs):
    out = OutputDir(tmp_path / "out")
    try:
        manifest = Manifest()
        units = [("a", _writes("a"), [g]) for g in ("x", "y", "z")]
        run_units(units, out, manifest, OPTIONS, jobs)
        assert sorted(a.path for a in manifest.artifacts) == ["a/x.txt", "a/y.txt", "a/z.txt"]
        assert {p.name for p in out.written} >= {"x.txt", "y.txt", "z.txt"}
        assert (out.stage / "a" / "y.txt").read_text() == "a y\n"
    finally:
        out.abandon()


def test_a_data_error_in_a_worker_is_raised_whole(tmp_path):
    out = OutputDir(tmp_path / "out")
    try:
        with pytest.raises(DataErrors) as caught:
            run_units([("a", _writes("a"), ["x"]), ("b", _fails, ["y"])], out, Manifest(), OPTIONS, 2)
    finally:
        out.abandon()
    (issue,) = caught.value.issues
    assert issue.message == "a broken name" and issue.span.line == 3 and issue.game == "y"
