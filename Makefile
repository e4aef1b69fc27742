# `make run` and `make test` do all the set-up on a fresh machine that has python3 (3.11+) and make.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint typecheck pytest docs bench screenshots soak clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test,bench]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/fatekit serve

test: lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check fatekit tests tools
	$(BIN)/ruff format --check fatekit tests tools

typecheck: $(STAMP)
	$(BIN)/mypy --strict fatekit

pytest: $(STAMP)
	$(BIN)/pytest

# Long randomized runs, beside make test's short ones: the table-layer agent plays thousands of
# games from seeds make test does not play, longer, and prints the commands it reached; the
# probe's random commands go to a real server with many more examples (FATEKIT_PROBE_EXAMPLES).
soak: $(STAMP)
	FATEKIT_SOAK_GAMES=3000 FATEKIT_SOAK_STEPS=60 FATEKIT_SOAK_SEED=100000 $(BIN)/pytest -q -s tests/table/test_agent.py
	FATEKIT_PROBE_EXAMPLES=$${FATEKIT_PROBE_EXAMPLES:-2000} $(BIN)/pytest -q tests/server/test_probe.py -k random

# Regenerate docs/rules-coverage.md from the rules the engine declares and the tests that mark them.
docs: $(STAMP)
	$(BIN)/python tools/rules_coverage.py --write

# Benchmarks print their figures; the tests never assert timings.
bench: $(STAMP)
	$(BIN)/python benchmarks/bench_odds.py
	$(BIN)/python benchmarks/bench_simulate.py
	$(BIN)/python benchmarks/bench_foresight.py
	$(BIN)/python benchmarks/bench_server.py
	$(BIN)/python benchmarks/bench_page.py
	$(BIN)/python benchmarks/bench_campaign.py
	$(BIN)/python benchmarks/bench_limits.py
	$(BIN)/python benchmarks/bench_redaction.py

# Play the browser flows again and save the screenshots of the main views in docs/.
screenshots: $(STAMP)
	FATEKIT_SCREENSHOTS=1 $(BIN)/pytest -q tests/web/test_flow.py tests/web/test_screen_page.py tests/web/test_foresight_page.py tests/web/test_rulesets_page.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
