# dealpool: `make pool` builds the pool, `make test` runs every test.
# Both set up the virtual environment themselves when it is missing or stale.
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c
PY ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
RUST_SRC := $(shell find engine/native/src -name "*.rs") engine/native/Cargo.toml
DATA ?= data
POOL_ARGS ?=

.PHONY: setup test test-rust test-stub test-py test-js browser pool report bench bench-deps golden golden-js docs clean

setup: $(VENV)/.installed $(VENV)/.native

# The environment and the project, editable, with its dev extras.
$(VENV)/.installed: pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev]'
	touch $@ $(VENV)/.native

# Rebuild the native module when the crate changed since the last build.
$(VENV)/.native: $(RUST_SRC) $(VENV)/.installed
	VIRTUAL_ENV=$(CURDIR)/$(VENV) $(BIN)/maturin develop -q --release 2>&1 | tail -n 3
	$(BIN)/python -c 'import engine._native'
	touch $@

test: setup test-rust test-stub test-py test-js

test-rust:
	cd engine/native && cargo test -q --release

# The native module's stubs (engine/_native/*.pyi: the module and its submodule testing) against the built module.
test-stub: setup
	$(BIN)/python -m mypy.stubtest engine._native

test-py: setup browser
	$(BIN)/python -m pytest

# The JavaScript kit (clients/js/): its own tests on the golden vectors made from Python (make golden-js).
# Node >= 18, nothing installed: the kit has no dependencies. tests/test_js_kit.py (pytest) adds the
# differential runs; tests/test_js_browser.py the kit in Chromium.
test-js:
	node --test clients/js/test/

# The report's browser test drives Debian's chromium (PyPI playwright cannot download a browser
# here); installed once, skipped at once when present.
browser:
	@command -v chromium >/dev/null 2>&1 || { $(SUDO) apt-get update -q && $(SUDO) apt-get install -y -q chromium; }

pool: setup
	$(BIN)/dealpool --data $(DATA) pool $(POOL_ARGS)

report: setup
	$(BIN)/dealpool --data $(DATA) report

# Benchmarks (bench/, not shipped) print figures beside the peers; never part of `make test`.
# BENCH_ARGS passes options through, e.g. BENCH_ARGS='--games klondike --deals 1-200 --no-peer'.
bench: setup bench-deps
	$(BIN)/pip install -q -e '.[dev,bench]'
	$(BIN)/python -m bench $(BENCH_ARGS)

# Re-measure the golden fixtures (tests/golden/README.md); only after an intended change of search.
golden: setup golden-js
	$(BIN)/python tests/golden/make.py

# The docs' generated parts (docs/make.py): tables made from the registry and the game folders.
docs: setup
	$(BIN)/python docs/make.py

# The JS kit's golden vectors (clients/js/test/golden/), from the engine; GOLDEN_JS_ARGS=--pool also
# remakes the small signed pool (a new key and server seed).
golden-js: setup
	$(BIN)/python clients/js/test/golden/make.py $(GOLDEN_JS_ARGS)

# Freecell Solver for the FreeCell bench: Debian's library (loaded by the PyPI `freecell-solver`
# binding) and freecell-solver-bin, which holds the presets (`-l lg`) the library reads.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
bench-deps:
	@dpkg -s libfreecell-solver0 freecell-solver-bin >/dev/null 2>&1 || \
	  { $(SUDO) apt-get update -q && $(SUDO) apt-get install -y -q libfreecell-solver0 freecell-solver-bin; }

clean:
	rm -rf $(VENV) engine/native/target
