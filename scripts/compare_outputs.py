"""Refactoring check: two builds of the same data must write the same bytes.

    python scripts/compare_outputs.py build OUT      # `pnp build --out OUT` with the engine hash pinned
    python scripts/compare_outputs.py compare A B    # every file under A and B, byte for byte

The engine hash (write/cache.py: every file of the generator package) changes with any edit of the code
and travels into each artifact's ``input_hash`` and the manifest's ``inputs``; ``build`` pins it to a
constant so that two builds made by different code can be compared whole, manifest included. Sitemaps
(dated by mkdocs) are left out of the comparison. Exit 0 when the trees are identical."""
from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

SKIP_NAMES = {"sitemap.xml", "sitemap.xml.gz"}


def build(out: Path) -> int:
    from generator import cli
    from generator.write import cache

    cache.engine_hash = lambda: "pinned-engine"  # the code's own hash: the one input a refactoring changes
    if out.exists():
        shutil.rmtree(out)
    return cli.main(["build", "--out", str(out)])


def files(root: Path) -> dict[str, Path]:
    return {p.relative_to(root).as_posix(): p for p in sorted(root.rglob("*"))
            if p.is_file() and p.name not in SKIP_NAMES}


def compare(a: Path, b: Path) -> int:
    left, right = files(a), files(b)
    only_a, only_b = sorted(set(left) - set(right)), sorted(set(right) - set(left))
    differ = [rel for rel in sorted(set(left) & set(right)) if left[rel].read_bytes() != right[rel].read_bytes()]
    for rel in only_a:
        print(f"only in {a}: {rel}")
    for rel in only_b:
        print(f"only in {b}: {rel}")
    for rel in differ:
        print(f"differs: {rel}")
        if rel == "manifest.json":
            _manifest_diff(left[rel], right[rel])
    same = len(set(left) & set(right)) - len(differ)
    print(f"{same} files identical, {len(differ)} differ, {len(only_a)} only in {a}, {len(only_b)} only in {b}")
    return 0 if not (only_a or only_b or differ) else 1


def _manifest_diff(a: Path, b: Path, limit: int = 20) -> None:
    docs = [json.loads(p.read_text(encoding="utf-8")) for p in (a, b)]
    by_path = [{e["path"]: e for e in d.get("artifacts", [])} for d in docs]
    shown = 0
    for path in sorted(set(by_path[0]) | set(by_path[1])):
        x, y = by_path[0].get(path, {}), by_path[1].get(path, {})
        for key in sorted(set(x) | set(y)):
            if x.get(key, "<absent>") != y.get(key, "<absent>") and shown < limit:
                print(f"  {path} {key}: {x.get(key, '<absent>')!r} → {y.get(key, '<absent>')!r}")
                shown += 1
    if docs[0].get("inputs") != docs[1].get("inputs"):
        print(f"  inputs: {docs[0].get('inputs')} → {docs[1].get('inputs')}")


def main(argv: list[str]) -> int:
    if len(argv) == 2 and argv[0] == "build":
        return build(Path(argv[1]))
    if len(argv) == 3 and argv[0] == "compare":
        return compare(Path(argv[1]), Path(argv[2]))
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
