"""The single orchestrator of `pnp build`: explicit phase order, everything gathered, then written.

load + validate every game → stop on errors (nothing written) → generators (print, boards, site) →
everything is staged and moved into place only at the end (manifest last), so a failed or killed build
leaves the previous outputs and manifest as they were."""
from __future__ import annotations

import json

from rich.table import Table

from generator.console import out_console
from generator.errors import DataErrors, Severity
from generator.plan.check import validated_games
from generator.validate.report import to_json
from generator.write.atomic import OutputDir
from generator.write.manifest import Manifest

GENERATORS: list = []  # (name, callable(indexes, out, manifest, args)) registered by targets as they land


def run_build(args) -> int:
    results = validated_games(args.data, args.games, getattr(args, "overlay", None))
    errors = [i for r in results for i in r.issues if i.severity == Severity.ERROR]
    if errors:
        raise DataErrors(errors)
    out = OutputDir(args.out)
    indexes = [r.index for r in results]
    from generator.targets import TARGET_KINDS

    rebuilt = set().union(*(kinds for name, kinds in TARGET_KINDS.items() if name not in args.skip))
    manifest = Manifest.load(out, {r.game_id for r in results}, kinds=rebuilt)
    with out.transaction():  # nothing half-built replaces the previous outputs
        out.write_text("validation.json", json.dumps(to_json(results), ensure_ascii=False, indent=2) + "\n")
        for name, generate in _generators():
            if name in args.skip:
                continue
            generate(indexes, out, manifest, args)
        manifest.save(out)
    _summary(results, manifest)
    return 0


def _generators():
    from generator.targets import registry

    return registry()


def _summary(results, manifest: Manifest) -> None:
    table = Table(title="Build")
    for col in ("game", "warnings", "findings", "artifacts", "pages", "items printed"):
        table.add_column(col, justify="left" if col == "game" else "right")
    for r in results:
        arts = [a for a in manifest.artifacts if a.get("game") == r.game_id]
        table.add_row(r.game_id, str(r.count(Severity.WARNING)), str(r.count(Severity.FINDING)), str(len(arts)),
                      str(sum(a.get("pages") or 0 for a in arts)),
                      str(sum(a.get("items") or 0 for a in arts if a.get("kind") != "png")))
    out_console().print(table)
