#!/bin/bash
# `pnp validate` of the five games: an older commit against this checkout, alternating, 5 rounds (issue #10).
#   bench/compare_validate.sh [OLD_COMMIT]        (default b9bcfa8, main before the architecture work)
# Both trees get compiled bytecode first (a sandbox with PYTHONDONTWRITEBYTECODE would otherwise recompile
# every module of one of them on each run). new-cold: a fresh user cache primed by validating the test
# fixtures (catalogs and font tables warm, the five games' files never parsed); new-warm: the same again.
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OLD=${1:-b9bcfa8}
PY=$ROOT/.venv/bin/python
TREE=$(mktemp -d)
git -C "$ROOT" worktree add -q --detach "$TREE" "$OLD"
trap 'git -C "$ROOT" worktree remove --force "$TREE"' EXIT
$PY -m compileall -q "$ROOT/generator" "$TREE/generator" >/dev/null
t() { local s=$(date +%s%N); "$@" >/dev/null 2>&1 || true; local e=$(date +%s%N); echo $(( (e-s)/1000000 )); }
for i in 1 2 3 4 5; do
  old=$(cd "$TREE" && PYTHONPATH="$TREE" t $PY -m generator validate --data "$TREE/cards_data")
  c=$(mktemp -d)
  (cd "$ROOT" && PNPFORGE_CACHE_DIR=$c PYTHONPATH="$ROOT" $PY -m generator validate --data tests/fixtures/data >/dev/null 2>&1 || true)
  cold=$(cd "$ROOT" && PNPFORGE_CACHE_DIR=$c PYTHONPATH="$ROOT" t $PY -m generator validate --data "$ROOT/cards_data")
  warm=$(cd "$ROOT" && PNPFORGE_CACHE_DIR=$c PYTHONPATH="$ROOT" t $PY -m generator validate --data "$ROOT/cards_data")
  rm -rf "$c"
  awk -v o="$old" -v c="$cold" -v w="$warm" 'BEGIN {printf "old %d ms  new-cold %d ms (%.2fx)  new-warm %d ms (%.2fx)\n", o, c, o/c, w, o/w}'
done
