"""The one safe-file rule for every file a game brings (YAML and images alike), and sound images only.

FIFOs, sockets, devices (a /dev/null symlink), directories named like data files, symlinks leaving the
game folder, symlink loops and broken links are refused with a located message and exit 1 — nothing
blocks, nothing outside is read. Images: a header claiming 40000×40000 px, a PNG with valid CRCs but a
broken compressed stream, a truncated file, an image too long to print at 300 dpi are data errors found
by `pnp validate`, never crashes of the PDF backend."""
from __future__ import annotations

import shutil
import threading

import pytest

from generator.load.safe_files import UnsafeFile, read_safe
from generator.validate.assets import inspect_image, inspect_svg
from tests.conftest import FIXTURES
from tests.reliability import _bad_files as bad

YAML_CASES = {
    "fifo": (bad.fifo, "is a FIFO (named pipe), expected a YAML file"),
    "dev-null-link": (bad.dev_null_link, "leads outside its folder"),
    "char-device": (bad.char_device, "is a character device, expected a YAML file"),
    "socket": (bad.unix_socket, "is a socket, expected a YAML file"),
    "loop": (bad.loop_link, "is a symlink loop"),
    "self-loop": (bad.self_link, "is a symlink loop"),
    "broken-link": (bad.broken_link, "is a broken symlink"),
    "outward-link": (bad.outward_link(b"cards: []\nnotes: SECRET\n"), "leads outside its folder"),
}

IMAGE_CASES = {
    "fifo": (bad.image_special(bad.fifo), "is a FIFO (named pipe), expected an image file"),
    "dev-null-link": (bad.image_special(bad.dev_null_link), "leads outside its folder"),
    "char-device": (bad.image_special(bad.char_device), "is a character device, expected an image file"),
    "loop": (bad.image_special(bad.loop_link), "is a symlink loop"),
    "outward-link": (bad.image_special(bad.outward_link(bad.good_png())), "leads outside its folder"),
    "directory": (bad.image_special(lambda p: p.mkdir()), "is a directory, expected an image file"),
    "missing": (lambda game: bad.use_image(game), "does not exist"),
    "bomb": (bad.image_file(bad.BOMB_PNG), "40000×40000 px"),
    "corrupt-stream": (bad.image_file(bad.CORRUPT_STREAM_PNG), "is not a readable PNG or JPEG image"),
    "truncated": (bad.image_file(bad.TRUNCATED_PNG), "is not a readable PNG or JPEG image"),
    "too-long-to-print": (bad.image_file(bad.HUGE_MM_PNG), "1693 mm at 300 dpi"),
    "not-an-image": (bad.image_file(b"just text, not a PNG"), "is not a readable PNG or JPEG image"),
}


def _validate(run_cli, data, timeout=60):
    """Run `pnp validate` in a thread so a blocking read fails the test instead of hanging it."""
    result = {}
    thread = threading.Thread(target=lambda: result.setdefault("r", run_cli("validate", "--data", data)),
                              daemon=True)
    thread.start()
    thread.join(timeout)
    assert "r" in result, "pnp validate blocked (a FIFO or device was opened for reading?)"
    return result["r"]


@pytest.fixture
def game(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(FIXTURES / "demo", data / "demo")
    return data / "demo"


@pytest.mark.parametrize("case", sorted(YAML_CASES))
def test_yaml_file_refused(case, game, run_cli):
    make, message = YAML_CASES[case]
    make(game / "extra.yaml")
    result = _validate(run_cli, game.parent)
    assert result.code == 1, result.err
    assert "Traceback" not in result.err and "SECRET" not in result.out + result.err
    assert any("extra.yaml" in line and message in line for line in result.err.splitlines()), result.err


@pytest.mark.parametrize("case", sorted(IMAGE_CASES))
def test_image_refused(case, game, run_cli):
    make, message = IMAGE_CASES[case]
    make(game)
    result = _validate(run_cli, game.parent)
    assert result.code == 1, result.err
    assert "Traceback" not in result.err
    lines = [line for line in result.err.splitlines() if "decks.yaml:" in line and "art/knight.png" in line]
    assert any(message in line for line in lines), result.err


def test_good_image_passes(game, run_cli):
    bad.image_file(bad.good_png())(game)
    assert _validate(run_cli, game.parent).code == 0


def test_game_folder_symlinked_outside_is_refused(tmp_path, run_cli):
    elsewhere = tmp_path / "elsewhere" / "demo"
    shutil.copytree(FIXTURES / "demo", elsewhere)
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "demo").symlink_to(elsewhere)
    result = _validate(run_cli, tmp_path / "data")
    assert result.code == 1 and "leads outside the data folder" in result.err, result.err


def test_read_safe_limits_and_types(tmp_path):
    (tmp_path / "big.yaml").write_bytes(b"x" * 101)
    with pytest.raises(UnsafeFile, match="the limit is 100"):
        read_safe(tmp_path, tmp_path / "big.yaml", 100)
    bad.fifo(tmp_path / "pipe.yaml")
    with pytest.raises(UnsafeFile, match="FIFO"):
        read_safe(tmp_path, tmp_path / "pipe.yaml", 100)
    (tmp_path / "ok.yaml").write_bytes(b"a: 1\n")
    assert read_safe(tmp_path, tmp_path / "ok.yaml", 100) == b"a: 1\n"


def test_inspect_image_directly():
    assert inspect_image(bad.good_png()) == ""
    assert "decompression bomb" in inspect_image(bad.BOMB_PNG)
    assert inspect_image(bad.CORRUPT_STREAM_PNG).startswith("is not a readable")


@pytest.mark.parametrize("svg, message", [
    (b'<svg xmlns="http://www.w3.org/2000/svg"><circle r="3"/></svg>', ""),
    (b'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "y">]><svg>&x;</svg>', "DOCTYPE or entities"),
    (b'<svg xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="file:///etc/passwd"/></svg>',
     "outside file"),
    (b'<svg><image href="http://example.org/a.png"/></svg>', "outside file"),
    (b'<svg><rect style="fill: url(http://x/y)"/></svg>', "outside file"),
    (b'<svg><script>alert(1)</script></svg>', "script"),
    (b'<svg><use href="#a"/></svg>', ""),
    (b"<svg>" + b" " * (1024 * 1024) + b"</svg>", "the limit for an SVG"),
    (b"<svg><unclosed></svg>", "not well-formed"),
    (b"<html/>", "expected <svg>"),
])
def test_inspect_svg(svg, message):
    reason = inspect_svg(svg)
    assert (message in reason) if message else reason == "", reason
