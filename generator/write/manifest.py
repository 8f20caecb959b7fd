"""output/manifest.json: every artifact with what it holds, so counts can be checked against inventory.

A build of some games keeps the other games' entries; entries of rebuilt games are replaced whole."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from generator.write.atomic import OutputDir

MANIFEST = "manifest.json"


class Manifest:
    def __init__(self, artifacts: list[dict] | None = None):
        self.artifacts: list[dict] = artifacts or []

    @classmethod
    def load(cls, out: OutputDir, rebuilding: set[str], kinds: set[str] | None = None) -> Manifest:
        """The previous manifest minus what this build replaces (its games, or only some kinds of them)."""
        path = out.root / MANIFEST
        try:
            old = json.loads(path.read_text(encoding="utf-8")).get("artifacts", [])
        except (OSError, ValueError, AttributeError):
            old = []
        keep = [a for a in old if isinstance(a, dict) and not (
            a.get("game") in rebuilding and (kinds is None or a.get("kind") in kinds))]
        return cls(keep)

    def add(self, out: OutputDir, target: Path, **fields) -> dict:
        data = Path(target).read_bytes()
        entry = {**fields, "path": out.relative(target), "bytes": len(data),
                 "sha256": hashlib.sha256(data).hexdigest()}
        self.artifacts = [a for a in self.artifacts if a.get("path") != entry["path"]]
        self.artifacts.append(entry)
        return entry

    def save(self, out: OutputDir) -> None:
        ordered = sorted(self.artifacts, key=lambda a: a["path"])
        out.write_text(MANIFEST, json.dumps({"version": 1, "artifacts": ordered}, ensure_ascii=False,
                                            indent=2, sort_keys=True) + "\n")


def read_manifest(root: Path) -> dict:
    return json.loads((root / MANIFEST).read_text(encoding="utf-8"))
