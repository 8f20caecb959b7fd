"""output/manifest.json: every artifact with what it holds, so counts can be checked against inventory.

A build of some games keeps the other games' entries; entries of rebuilt games are replaced whole.
Each entry may carry ``input_hash`` (write/cache.py: what it was made from), and the manifest an ``inputs``
map of build-level keys (the whole build, the site), so the next build can tell what is unchanged."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from generator.write import cache
from generator.write.atomic import OutputDir

MANIFEST = "manifest.json"


class Manifest:
    def __init__(self, artifacts: list[dict] | None = None, inputs: dict | None = None):
        self.artifacts: list[dict] = artifacts or []
        self.inputs: dict = inputs or {}

    @classmethod
    def load(cls, out: OutputDir, rebuilding: set[str], kinds: set[str] | None = None,
             keep_inputs: bool = False) -> Manifest:
        """The previous manifest minus what this build replaces (its games, or only some kinds of them).

        The build-level ``inputs`` keys are kept only for ``pnp build`` (``keep_inputs``): any other command
        that changes outputs drops them, so the next build cannot mistake its outputs for its own."""
        path = out.root / MANIFEST
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
            old, inputs = doc.get("artifacts", []), doc.get("inputs", {})
        except (OSError, ValueError, AttributeError):
            old, inputs = [], {}
        keep = [a for a in old if isinstance(a, dict) and not (
            a.get("game") in rebuilding and (kinds is None or a.get("kind") in kinds))]
        return cls(keep, inputs if keep_inputs and isinstance(inputs, dict) else {})

    def add(self, out: OutputDir, target: Path, **fields) -> dict:
        data = Path(target).read_bytes()
        entry = {**fields, "path": out.relative(target), "bytes": len(data),
                 "sha256": hashlib.sha256(data).hexdigest()}
        key = cache.pending_key(entry["path"])
        if key is not None:
            entry["input_hash"] = key
        self.artifacts = [a for a in self.artifacts if a.get("path") != entry["path"]]
        self.artifacts.append(entry)
        return entry

    def save(self, out: OutputDir) -> None:
        """Stage the manifest — unless the one in place already says exactly this (then it is left alone)."""
        ordered = sorted(self.artifacts, key=lambda a: a["path"])
        doc = {"version": 1, "artifacts": ordered}
        if self.inputs:
            doc["inputs"] = self.inputs
        text = json.dumps(doc, ensure_ascii=False, indent=2, sort_keys=True) + "\n"
        try:
            if (out.root / MANIFEST).read_text(encoding="utf-8") == text:
                return
        except OSError:
            pass
        out.write_text(MANIFEST, text)


def read_manifest(root: Path) -> dict:
    return json.loads((root / MANIFEST).read_text(encoding="utf-8"))
