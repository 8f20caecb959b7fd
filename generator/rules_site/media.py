"""Pictures and downloads for the site: card previews, board images, emblems and the print files.

Card previews come from the print engine (``generator.render.previews.card_svgs``) when it is there;
without it the gallery draws a text card box and the home page a generated emblem. Downloads are the
manifest's artifacts of each game, linked (or copied) into the docs so mkdocs checks every link.
"""
from __future__ import annotations

import inspect
import os
import re
import shutil
import sys
from pathlib import Path, PurePosixPath

from generator.model.index import GameIndex
from generator.write.manifest import Artifact


def card_previews(index: GameIndex, lang: str) -> dict[str, str]:
    """card id → SVG text from the print engine, or {} when it has not landed (or fails: then say so)."""
    try:
        from generator.render.previews import card_svgs
    except ImportError:
        return {}
    try:
        params = inspect.signature(card_svgs).parameters
        svgs = card_svgs(index, lang=lang) if "lang" in params else card_svgs(index)
    except Exception as exc:  # noqa: BLE001 - a print-engine bug must not take the rules site down
        print(f"pnp site: card previews unavailable for {index.game_id} ({type(exc).__name__}: {exc}); "
              "the gallery shows text boxes", file=sys.stderr)
        return {}
    ids = _data_ids(index)
    return {str(k): without_ids(v.decode() if isinstance(v, bytes) else v, ids)
            for k, v in (svgs or {}).items() if isinstance(v, (str, bytes))}


def _data_ids(index: GameIndex) -> set[str]:
    data = index.data
    ids = {c.id for c in data.cards} | {d.id for d in data.decks} | set(index.components)
    ids |= {tr for c in data.cards for tr in c.traits} | {f.id for f in data.factions}
    for c in data.cards:
        ids |= {str(v) for v in c.stats.values() if isinstance(v, str)}
    return {i for i in ids if "_" in i}  # a plain word may be real text; a snake_case id never is


_TEXT_NODE = re.compile(r"(<text\b[^>]*>)([^<]*)(</text>)")


def without_ids(svg: str, ids: set[str]) -> str:
    """The print engine may print data ids on a card (a sorting aid on paper); people on the site read
    names, so ids are taken out of the preview's text (with the ' · ' that joined them)."""
    if not ids:
        return svg
    pattern = re.compile(r"(?:\s*·\s*)?\b(?:" + "|".join(re.escape(i) for i in sorted(ids, key=len, reverse=True))
                         + r")\b(?:\s*·\s*)?")

    def clean(m: re.Match) -> str:
        text = pattern.sub(lambda x: " · " if x.group(0).strip().startswith("·") and x.group(0).strip().endswith("·")
                           and x.group(0).strip() != "·" else "", m.group(2)).strip(" ·")
        return m.group(1) + text + m.group(3)
    return _TEXT_NODE.sub(clean, svg)


def download_names(game_id: str, artifacts: list[Artifact]) -> dict[str, str]:
    """artifact path → a flat, unique file name for the site ('print/demo/a4/cards.pdf' → 'a4-cards.pdf')."""
    names: dict[str, str] = {}
    used: set[str] = set()
    for art in sorted(artifacts, key=lambda a: a.path):
        path = art.path
        if not path:
            continue
        parts = [p for p in PurePosixPath(path).parts[:-1] if p not in (game_id,)]
        stem = PurePosixPath(path).name
        # keep the folders below the game's own (paper, profile …) as a prefix, drop the generic top one
        prefix = parts[1:] if len(parts) > 1 else []
        name = re.sub(r"[^A-Za-z0-9._-]+", "-", "-".join([*prefix, stem]))
        name = re.sub(r"\.{2,}", ".", name).strip("-.") or "file"
        base, dot, ext = name.rpartition(".")
        n = 2
        while name in used:
            name = f"{base}-{n}{dot}{ext}"
            n += 1
        used.add(name)
        names[path] = name
    return names


def link_or_copy(src: Path, dst: Path) -> None:
    """A hard link when the file system allows (no second copy of big PDFs), else a copy."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    if dst.exists():
        dst.unlink()
    try:
        os.link(src, dst)
    except OSError:
        shutil.copyfile(src, dst)


def dedupe(first: Path, second: Path) -> None:
    """Make identical files under two built trees one file (hard links), e.g. the PDFs of pl/ and en/."""
    for path in first.rglob("*"):
        if not path.is_file() or path.suffix.lower() not in (".pdf", ".svg", ".png"):
            continue
        twin = second / path.relative_to(first)
        if not twin.is_file() or twin.stat().st_size != path.stat().st_size:
            continue
        if os.path.samefile(path, twin) or path.read_bytes() != twin.read_bytes():
            continue
        tmp = twin.with_name(f".{twin.name}.link")
        try:
            os.link(path, tmp)
            os.replace(tmp, twin)
        except OSError:
            tmp.unlink(missing_ok=True)
