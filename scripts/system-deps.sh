#!/usr/bin/env bash
# Installs the non-Python tools the test-suite uses, only if they are missing.
# pdffonts/pdftoppm (poppler-utils), qpdf, chromium (browser tests of the rules site).
set -euo pipefail
# axe-core (accessibility checks of the rules site) from npm into .tools/, when npm is there
root="$(cd "$(dirname "$0")/.." && pwd)"
if [ ! -f "$root/.tools/node_modules/axe-core/axe.min.js" ] && command -v npm >/dev/null 2>&1; then
  npm install --silent --no-audit --no-fund --prefix "$root/.tools" axe-core@4 >/dev/null 2>&1 \
    || echo "system-deps: WARNING: could not install axe-core from npm; the accessibility test will skip" >&2
fi
need=()
command -v pdffonts >/dev/null 2>&1 || need+=(poppler-utils)
command -v qpdf >/dev/null 2>&1 || need+=(qpdf)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
if [ ${#need[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" != "0" ]; then
  echo "system-deps: missing ${need[*]}; install them (apt-get install ${need[*]}) or run as root" >&2
  exit 0
fi
echo "system-deps: installing ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
# A failed install must not hide the rest of the suite: the tests that need a missing tool skip and say so.
if ! { apt-get update -qq >/dev/null && apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null; }; then
  echo "system-deps: WARNING: could not install ${need[*]}; tests that need them will be skipped" >&2
fi
