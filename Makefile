# Build and test the canasta engine (pycore/ -> pure py3-none-any wheel).
#
#   make test   everything CI runs: setup, wheel, pyodide, typecheck, test-py, test-pyodide, test-e2e
#   make play   build the website and serve it at http://127.0.0.1:8000
#
# Every step runs in order (no parallel make jobs; test-py, test-pyodide and test-e2e each
# spread their own tests over two cores); any failing step fails `make`.
# pytest's exit code 5 (no tests collected) is passed through, so it fails too.

PYTHON ?= python3
NODE   ?= node
NPM    ?= npm

VENV        := .venv
VPY         := $(VENV)/bin/python
VENV_STAMP  := $(VENV)/.requirements-dev.stamp
E2E_STAMP   := $(VENV)/.requirements-e2e.stamp

WHEEL_DIR   := dist/wheels
WHEEL_SRC   := dist/.wheel-src
WHEEL_STAMP := $(WHEEL_DIR)/.stamp
# Everything that goes into the wheel; directories too, so deleting a file rebuilds.
WHEEL_INPUTS := pyproject.toml README.md $(wildcard LICENSE* COPYING*) \
                $(shell find pycore -name __pycache__ -prune -o -name '*.egg-info' -prune -o -print)

NPM_STAMP   := build/node_modules/.install.stamp
PYODIDE_REQ := build/pyodide-test-requirements.txt
PYODIDE_WHEELS := build/cache/wheels-py314
PYODIDE_WHEELS_STAMP := $(PYODIDE_WHEELS)/.stamp

SITE_DIR    := dist/site
PORT        ?= 8000
CHROMIUM    ?= /usr/bin/chromium

.NOTPARALLEL:
.DELETE_ON_ERROR:
.PHONY: help setup wheel pyodide site typecheck test-py test-pyodide chromium test-e2e test play bench bench-openspiel bench-site bench-phone-cap bench-embed bench-guide fuzz soak clean

help:
	@echo "make play          build the site and serve it at http://127.0.0.1:$(PORT)"
	@echo "make test          setup, wheel, pyodide, typecheck, test-py, test-pyodide, test-e2e"
	@echo "make setup         create .venv and install requirements-dev.txt"
	@echo "make wheel         build $(WHEEL_DIR)/canasta-<version>-py3-none-any.whl"
	@echo "make pyodide       install the Pyodide runtime (build/) and the test wheels for it"
	@echo "make site          build the static site into $(SITE_DIR)/ (wheel + npm runtimes + web/)"
	@echo "make typecheck     mypy --strict on pycore/"
	@echo "make test-py       pytest tests/ on CPython (.venv)"
	@echo "make test-pyodide  pytest tests/engine/ inside Pyodide against the built wheel"
	@echo "make test-e2e      build the site, then pytest tests/e2e (Playwright + Debian's Chromium)"
	@echo "make bench         engine speed on CPython and in Pyodide, with their ratio"
	@echo "make bench-openspiel REF=path  a random Classic 4 hand: ours against the OpenSpiel Python Canasta at path"
	@echo "make bench-site    the site in headless Chromium: start screen, boot vs bare Pyodide, long tasks, bot latency"
	@echo "make bench-phone-cap  the capped expert in the app's worker, CPU slowed 4x, against CPython caps"
	@echo "make bench-embed   embedded examples on another origin: drawn, bytes, first verdict vs bare Pyodide"
	@echo "make bench-guide   the rules guide in headless Chromium: time to a readable page, cold and warm; its size"
	@echo "make fuzz          hostile-input probes, longer than the tests' (FUZZ_ARGS=\"--seconds 60 --seed 2\")"
	@echo "make soak          100,000 hands of random play over every preset, invariants checked, on every core"
	@echo "make clean         remove everything generated (.venv, dist/, build caches)"

# --- setup: the CPython dev environment --------------------------------------
setup: $(VENV_STAMP)

$(VENV_STAMP): requirements-dev.txt
	test -x $(VPY) || $(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --disable-pip-version-check -q -r requirements-dev.txt
	touch $@

# --- wheel: the engine package ------------------------------------------------
# Built from a copy of the sources in dist/.wheel-src: setuptools writes build/lib,
# build/bdist.* and *.egg-info next to the sources it builds, which would litter
# pycore/ and our own build/ folder (and could ship stale modules from build/lib).
# Reproducible: the wheel's entries carry this fixed time (wheel honours SOURCE_DATE_EPOCH)
# and are written in sorted order, so the same sources give the same bytes, the same
# content hash in the site's file names, and no new download for returning players
# (tests/e2e/test_reproducible.py builds twice and compares).
SOURCE_DATE_EPOCH ?= 315532800
wheel: $(WHEEL_STAMP)

$(WHEEL_STAMP): $(VENV_STAMP) $(WHEEL_INPUTS)
	rm -rf $(WHEEL_SRC) && mkdir -p $(WHEEL_SRC) $(WHEEL_DIR)
	tar -cf - --exclude=__pycache__ --exclude='*.egg-info' \
	    pyproject.toml README.md $(wildcard LICENSE* COPYING*) pycore | tar -xf - -C $(WHEEL_SRC)
	rm -f $(WHEEL_DIR)/canasta-*.whl
	SOURCE_DATE_EPOCH=$(SOURCE_DATE_EPOCH) $(VPY) -m build --wheel --outdir $(WHEEL_DIR) $(WHEEL_SRC)
	rm -rf $(WHEEL_SRC)
	@ls $(WHEEL_DIR)/canasta-*-py3-none-any.whl
	touch $@

# --- pyodide: runtime (npm) and the pure test wheels for CPython 3.14 ---------
pyodide: $(NPM_STAMP) $(PYODIDE_WHEELS_STAMP)

$(NPM_STAMP): build/package.json $(wildcard build/package-lock.json)
	if [ -f build/package-lock.json ]; then cd build && $(NPM) ci --no-audit --no-fund; \
	else cd build && $(NPM) install --no-audit --no-fund; fi
	touch $@

# Downloaded afresh whenever the list changes, so no stale version lingers.
$(PYODIDE_WHEELS_STAMP): $(PYODIDE_REQ) $(VENV_STAMP)
	rm -rf $(PYODIDE_WHEELS) && mkdir -p $(PYODIDE_WHEELS)
	$(VPY) -m pip download --disable-pip-version-check -q --no-deps \
	    --python-version 3.14 --only-binary=:all: --platform any \
	    -r $(PYODIDE_REQ) -d $(PYODIDE_WHEELS)
	touch $@

# --- site: the static website (dist/site), see build/build_site.py ---------------
# Always rebuilt from scratch (a few seconds): web/, the vendored runtimes from
# build/node_modules, the engine wheel, icons, manifest, build-info.json and sw.js.
site: wheel $(NPM_STAMP)
	$(VPY) build/build_site.py --out $(SITE_DIR)

# --- checks -------------------------------------------------------------------
typecheck: setup
	$(VENV)/bin/mypy

# PYTHONDONTWRITEBYTECODE: no __pycache__ written into pycore/ by these runs.
# tests/e2e needs the built site and a browser: `make test-e2e` runs it.
test-py: setup
	PYTHONDONTWRITEBYTECODE=1 $(VPY) -m pytest tests --ignore=tests/e2e -n 2

# Two shards in two Node processes at once (build/pytest_shard.py): Pyodide runs on one
# core, so on 2 cores they take ~0.6x the time of one run (PYODIDE_SHARDS=1: one process).
PYODIDE_SHARDS ?= 2
test-pyodide: wheel pyodide
	$(NODE) build/run-pyodide-tests.mjs --shards=$(PYODIDE_SHARDS)

# End-to-end: the built site in Debian's Chromium, driven by Playwright for Python.
$(E2E_STAMP): requirements-e2e.txt $(VENV_STAMP)
	$(VPY) -m pip install --disable-pip-version-check -q -r requirements-e2e.txt
	touch $@

# Debian's chromium, installed only when missing (needs root, or sudo).
chromium:
	@if [ -x "$(CHROMIUM)" ]; then :; \
	elif [ "$$(id -u)" = 0 ]; then \
	    apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; \
	elif command -v sudo >/dev/null; then \
	    sudo apt-get update && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; \
	else echo "$(CHROMIUM) is missing: install Debian's chromium (apt-get install chromium) as root" >&2; exit 1; fi

# Two workers, each with its own browser and server of the one built site: the browser
# tests wait on Pyodide in Chromium, so two at once take ~0.6x the time of one after the
# other on 2 cores (E2E_ARGS="-n 0" runs them serially). test_reproducible builds the site
# twice (no browser): it runs alone first, since two builds beside a browser test starve
# it (test_why's offline step saw its network never settle).
E2E_ARGS ?= -n 2 --dist worksteal
test-e2e: site $(E2E_STAMP) chromium
	CHROMIUM=$(CHROMIUM) PYTHONDONTWRITEBYTECODE=1 $(VPY) -m pytest tests/e2e/test_reproducible.py
	CHROMIUM=$(CHROMIUM) PYTHONDONTWRITEBYTECODE=1 $(VPY) -m pytest tests/e2e --ignore=tests/e2e/test_reproducible.py $(E2E_ARGS)

test: setup wheel pyodide typecheck test-py test-pyodide test-e2e

# --- play ---------------------------------------------------------------------
# Builds the site and serves it with the headers of netlify.toml (Ctrl+C stops).
play: site
	$(VPY) build/serve_site.py --port $(PORT) $(SITE_DIR)

# --- bench: engine speed on CPython and in Pyodide (prints figures, asserts nothing)
bench: setup wheel pyodide
	PYTHONDONTWRITEBYTECODE=1 PYTHONPATH=pycore $(VPY) tools/bench_engine.py $(BENCH_ARGS)

# --- bench-openspiel: ours against the OpenSpiel Python Canasta (prints figures, asserts nothing)
# REF: a checkout of jhtschultz/canasta-openspiel. open_spiel lives in its own venv (pinned in
# build/openspiel-bench-requirements.txt), never in the project's requirements.
OPENSPIEL_VENV := build/cache/venv-openspiel
OPENSPIEL_REQ  := build/openspiel-bench-requirements.txt
OPENSPIEL_STAMP := $(OPENSPIEL_VENV)/.requirements.stamp

$(OPENSPIEL_STAMP): $(OPENSPIEL_REQ)
	test -x $(OPENSPIEL_VENV)/bin/python || $(PYTHON) -m venv $(OPENSPIEL_VENV)
	$(OPENSPIEL_VENV)/bin/python -m pip install --disable-pip-version-check -q -r $(OPENSPIEL_REQ)
	touch $@

bench-openspiel: $(OPENSPIEL_STAMP)
	@test -n "$(REF)" || { echo "usage: make bench-openspiel REF=path/to/canasta-openspiel" >&2; exit 2; }
	PYTHONDONTWRITEBYTECODE=1 $(OPENSPIEL_VENV)/bin/python tools/bench_openspiel.py --ref $(REF) $(BENCH_OPENSPIEL_ARGS)

# --- bench-site: the built site in headless Chromium (prints figures, asserts nothing)
# Start screen, time to a playable table cold and warm against a bare Pyodide boot, long
# tasks, bot move latency; 3 repeats (BENCH_SITE_ARGS="--repeats 1" etc.), a few minutes.
bench-site: site $(E2E_STAMP) chromium
	CHROMIUM=$(CHROMIUM) PYTHONDONTWRITEBYTECODE=1 $(VPY) tools/bench_site.py $(BENCH_SITE_ARGS)

# --- bench-phone-cap: the app's capped expert in Chromium's engine worker, CPU slowed 4x,
# against CPython caps on the same positions (prints figures, asserts nothing; about 4 min).
bench-phone-cap: site $(E2E_STAMP) chromium
	CHROMIUM=$(CHROMIUM) PYTHONDONTWRITEBYTECODE=1 PYTHONPATH=pycore $(VPY) tools/bench_phone_cap.py $(BENCH_PHONE_CAP_ARGS)

# --- bench-embed: embedded examples in headless Chromium (prints figures, asserts nothing)
bench-embed: site $(E2E_STAMP) chromium
	CHROMIUM=$(CHROMIUM) PYTHONDONTWRITEBYTECODE=1 $(VPY) tools/bench_embed.py $(BENCH_EMBED_ARGS)

# --- bench-guide: the rules guide in headless Chromium (prints figures, asserts nothing)
bench-guide: site $(E2E_STAMP) chromium
	CHROMIUM=$(CHROMIUM) PYTHONDONTWRITEBYTECODE=1 $(VPY) tools/bench_guide.py $(BENCH_GUIDE_ARGS)

# --- fuzz: the hostile-input probes of tests/engine/test_hostile.py, longer ------
# Per probe: inputs tried / accepted / refused / crashed (canasta.lab.fuzz); fails on a crash.
FUZZ_ARGS ?= --seed 1 --count 2000 --seconds 60
fuzz: setup
	PYTHONDONTWRITEBYTECODE=1 PYTHONPATH=pycore $(VPY) -m canasta.lab.fuzz $(FUZZ_ARGS)

# --- soak: many hands over every preset and player count, every invariant checked --
# Spread over the cores (tools/soak.py: --jobs, --hands, --seconds); prints hands/s and violations.
SOAK_ARGS ?= --hands 100000
soak: setup
	PYTHONDONTWRITEBYTECODE=1 PYTHONPATH=pycore $(VPY) tools/soak.py $(SOAK_ARGS)

clean:
	rm -rf $(VENV) dist build/node_modules build/cache .mypy_cache .pytest_cache .hypothesis
	find tests -name __pycache__ -type d -prune -exec rm -rf {} +
