# Two commands set everything up on a fresh machine with only python3 and make:
#   make build   venv + install + every output of every game into output/
#   make test    the whole test suite
PY      ?= python3
VENV    := .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed

.PHONY: build test venv clean lint system-deps bench

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

venv: $(STAMP)

# Tools the tests call from outside Python (poppler's pdffonts/pdftoppm, qpdf, Chromium).
# Installed only when missing; needs root and apt-get (CI runs as root).
system-deps:
	@bash scripts/system-deps.sh

build: $(STAMP)
	$(BIN)/pnp build

# One worker per CPU (pytest-xdist); a test file stays on one worker, so its session fixtures are built once there.
test: $(STAMP) system-deps
	$(BIN)/python -m pytest -q -p no:cacheprovider -n auto --dist loadfile

lint: $(STAMP)
	$(BIN)/ruff check generator tests

bench: $(STAMP)
	$(BIN)/python bench/run.py

clean:
	rm -rf output
