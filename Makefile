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

.PHONY: setup test test-rust test-py pool report bench clean

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

test: setup test-rust test-py

test-rust:
	cd engine/native && cargo test -q --release

test-py: setup
	$(BIN)/python -m pytest

pool: setup
	$(BIN)/dealpool --data $(DATA) pool $(POOL_ARGS)

report: setup
	$(BIN)/dealpool --data $(DATA) report

# Benchmarks print figures beside the peers; never part of `make test`.
bench: setup
	$(BIN)/pip install -q -e '.[dev,bench]'
	$(BIN)/python -m pipeline.bench

clean:
	rm -rf $(VENV) engine/native/target
