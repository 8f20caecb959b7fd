"""Two builds of the same data are byte-identical: PDFs, SVGs, PNGs, the manifest and the site pages —
apart from what mkdocs stamps with the build date (the sitemaps)."""
from __future__ import annotations

from tests.conftest import FIXTURES

STAMPED = {"sitemap.xml", "sitemap.xml.gz"}


def _files(root):
    return sorted(p.relative_to(root) for p in root.rglob("*") if p.is_file() and p.name not in STAMPED)


def test_full_builds_are_byte_identical(tmp_path, run_cli):
    a, b = tmp_path / "a", tmp_path / "b"
    for out in (a, b):
        assert run_cli("build", "--data", FIXTURES, "--out", out).code == 0
    files = _files(a)
    assert files == _files(b)
    suffixes = {p.suffix for p in files}
    assert {".pdf", ".svg", ".png", ".json", ".html", ".md"} <= suffixes
    different = [str(rel) for rel in files if (a / rel).read_bytes() != (b / rel).read_bytes()]
    assert different == []
