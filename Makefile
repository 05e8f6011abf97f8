# Hexwright: `make run` opens the editor, `make test` runs every check CI runs.
# Both create .venv and install what they need on first use (the dev and cluster extras: the
# Dask tests run too).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test lint typecheck contracts schema pytest bench fuzz fuzz-tests mutate clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,cluster]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/hexwright

test: lint typecheck contracts schema pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

contracts: $(STAMP)
	$(BIN)/lint-imports

schema: $(STAMP)
	$(BIN)/hexwright schema --check

pytest: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(BIN)/pytest -n 2 -q

bench: $(STAMP)
	$(BIN)/python -m bench

# The seeded fuzz campaign: FUZZ_GAMES random games of each system, every promise checked
# (tools/fuzz.py); results in build/fuzz/SYSTEM.jsonl, so a stopped run goes on where it
# stopped (`make fuzz FUZZ_GAMES=10000`); `make fuzz FUZZ_BOTS=heuristic` puts each system's
# heuristic bot on one side (build/fuzz/SYSTEM-heuristic.jsonl). fuzz-tests: the fuzz test
# files at size (slower checks a step: every listed Armor order judged legal).
FUZZ_GAMES ?= 1000
FUZZ_BOTS ?= random
fuzz: $(STAMP)
	$(BIN)/python -m tools.fuzz --games $(FUZZ_GAMES) --bots $(FUZZ_BOTS) --jobs 2 --out build/fuzz

# The mutation fuzz: MUTATE_TRIES position, scenario, replay, board and Tiled files, each
# changed at one place (tools/mutate.py), read or refused with its place, never a traceback.
MUTATE_TRIES ?= 2000
mutate: $(STAMP)
	for kind in position scenario editor replay board tmx; do \
		$(BIN)/python -m tools.mutate --kind $$kind --tries $(MUTATE_TRIES) || exit 1; done

fuzz-tests: $(STAMP)
	HEXWRIGHT_FUZZ_GAMES=1000 $(BIN)/pytest -n 2 -q tests/test_p44_fuzz.py
	HEXWRIGHT_FUZZ_GAMES=200 $(BIN)/pytest -n 2 -q tests/test_armor_fuzz.py
	HEXWRIGHT_FUZZ_GAMES=1000 $(BIN)/pytest -n 2 -q tests/test_fuzz_systems.py

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
