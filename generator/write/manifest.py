"""output/manifest.json: every artifact with what it holds, so counts can be checked against inventory.

One typed entry per file, ``Artifact``: the targets write them (``Manifest.add``), the site, the pipeline and
the checks read them — by field, never by parsing a path or a label. Each field a target does not record
for its kind is *absent* from the JSON (not ``null``): ``Artifact.to_json`` writes exactly the fields the
entry was made with, so the file says what it said before it was typed (docs/REPORTS.md).

A build of some games keeps the other games' entries; entries of rebuilt games are replaced whole.
Each entry may carry ``input_hash`` (write/cache.py: what it was made from), and the manifest an ``inputs``
map of build-level keys (the whole build, the site), so the next build can tell what is unchanged."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from generator.write import cache
from generator.write.atomic import OutputDir

MANIFEST = "manifest.json"

Number = int | float  # a measure as the target computed it: 0 stays 0, 3.0 stays 3.0 (the JSON is unchanged)


class Placement(BaseModel):
    """Where one component sits in a print file: its pages (1-based)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    component: str
    pages: tuple[int, ...]


class Artifact(BaseModel):
    """One file of the build and what it holds.

    Every target fills ``path``, ``bytes`` and ``sha256`` (``Manifest.add``) and the fields of its kind:
    print sheets (``profile``, ``paper``, ``pages``, ``items``, ``contents``, ``components`` …), print-shop
    images (``dpi``, ``pod``, ``pixels``), boards (``board``, ``side``, ``players``, ``variant``, ``scale``,
    ``overlap_mm``, ``grid``, ``size_assumed``, ``unit_order``), the printable rules (``lang``). A field that
    was never given is absent from the JSON; one given as ``None`` is written as ``null``, as before."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    path: str
    game: str | None = None
    kind: str | None = None
    lang: str | None = None
    profile: str | None = None
    paper: str | None = None
    pages: int | None = None
    items: int | None = None
    item_size_mm: tuple[Number, Number] | None = None
    bleed_mm: Number | None = None
    duplex: str | None = None
    color: str | None = None
    contents: dict[str, int] | None = None
    components: tuple[Placement, ...] | None = None
    # print-shop images
    dpi: int | None = None
    pod: str | None = None
    pixels: tuple[int, int] | None = None
    # boards: the design's ids, never read back from the file name
    board: str | None = None
    side: str | None = None
    players: int | None = None
    variant: str | None = None
    scale: Number | None = None
    overlap_mm: Number | None = None
    grid: tuple[int, int] | None = None
    size_assumed: bool | None = None
    unit_order: int | None = None  # boards: the order within the game's unit (so a kept unit keeps it)
    # the file itself
    bytes: int | None = None
    sha256: str | None = None
    input_hash: str | None = None  # write/cache.py: the key of everything it was made from

    def to_json(self) -> dict[str, Any]:
        """The manifest entry: exactly the fields this artifact was made with."""
        return self.model_dump(mode="json", exclude_unset=True)

    @classmethod
    def from_json(cls, entry: Any) -> Artifact | None:
        """A manifest entry read back, or None when it is not one this program writes (then it is dropped)."""
        if not isinstance(entry, dict):
            return None
        try:
            return cls.model_validate(entry)
        except ValidationError:
            return None

    def with_fields(self, **fields) -> Artifact:
        """The same artifact with some fields set (checked like the fields it was made with)."""
        return type(self).model_validate({**self.to_json(), **fields})


class Manifest:
    def __init__(self, artifacts: list[Artifact] | None = None, inputs: dict | None = None):
        self.artifacts: list[Artifact] = artifacts or []
        self.inputs: dict = inputs or {}

    @staticmethod
    def read(root: Path) -> tuple[list[Artifact], dict, bool]:
        """The manifest under ``root``: (artifacts, inputs, whole) — ``whole`` is False when the file is
        missing or unreadable or some entry was dropped as broken."""
        try:
            doc = json.loads((root / MANIFEST).read_text(encoding="utf-8"))
            old, inputs = doc.get("artifacts", []), doc.get("inputs", {})
        except (OSError, ValueError, AttributeError):
            return [], {}, False
        if not isinstance(old, list):
            return [], inputs if isinstance(inputs, dict) else {}, False
        artifacts = [a for a in (Artifact.from_json(entry) for entry in old) if a is not None]
        return artifacts, inputs if isinstance(inputs, dict) else {}, len(artifacts) == len(old)

    @classmethod
    def load(cls, out: OutputDir, rebuilding: set[str], kinds: set[str] | None = None,
             keep_inputs: bool = False) -> Manifest:
        """The previous manifest minus what this build replaces (its games, or only some kinds of them).

        The build-level ``inputs`` keys are kept only for ``pnp build`` (``keep_inputs``): any other command
        that changes outputs drops them, so the next build cannot mistake its outputs for its own."""
        old, inputs, _ = cls.read(out.root)
        keep = [a for a in old if not (a.game in rebuilding and (kinds is None or a.kind in kinds))]
        return cls(keep, inputs if keep_inputs else {})

    def of_game(self, game: str) -> list[Artifact]:
        return [a for a in self.artifacts if a.game == game]

    def put(self, artifact: Artifact) -> Artifact:
        """Record ``artifact``, replacing any entry of the same path."""
        self.artifacts = [a for a in self.artifacts if a.path != artifact.path]
        self.artifacts.append(artifact)
        return artifact

    def amend(self, artifact: Artifact, **fields) -> Artifact:
        """Set some fields of a recorded artifact; it keeps its place in the list."""
        new = artifact.with_fields(**fields)
        self.artifacts = [new if a.path == artifact.path else a for a in self.artifacts]
        return new

    def drop_under(self, folder: str) -> None:
        """Forget every entry of a folder that is being rewritten whole."""
        self.artifacts = [a for a in self.artifacts if not a.path.startswith(folder + "/")]

    def add(self, out: OutputDir, target: Path, **fields) -> Artifact:
        """Record the file just written at ``target`` with the fields of its kind (see ``Artifact``)."""
        data = Path(target).read_bytes()
        path = out.relative(target)
        entry = {**fields, "path": path, "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}
        key = cache.pending_key(path)
        if key is not None:
            entry["input_hash"] = key
        return self.put(Artifact(**entry))

    def to_json(self) -> dict:
        doc: dict[str, Any] = {"version": 1, "artifacts": [a.to_json() for a in sorted(self.artifacts,
                                                                                       key=lambda a: a.path)]}
        if self.inputs:
            doc["inputs"] = self.inputs
        return doc

    def text(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=2, sort_keys=True) + "\n"

    def save(self, out: OutputDir) -> None:
        """Stage the manifest — unless the one in place already says exactly this (then it is left alone)."""
        text = self.text()
        try:
            if (out.root / MANIFEST).read_text(encoding="utf-8") == text:
                return
        except OSError:
            pass
        out.write_text(MANIFEST, text)


def read_manifest(root: Path) -> dict:
    return json.loads((root / MANIFEST).read_text(encoding="utf-8"))
