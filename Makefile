# `make run` and `make test` do all the set-up on a fresh machine that has python3 (3.11+) and make
# (and, for `make test`, Node.js with npm for the page's JavaScript checks).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The page's JavaScript checks (eslint, prettier, TypeScript's checkJs), from package-lock.json.
NODE_STAMP := node_modules/.installed
NODE_BIN := node_modules/.bin

.PHONY: run test lint typecheck pytest docs bundle bench screenshots soak soak-page soak-keyboard soak-discord golden-record clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test,bench]'
	touch $(STAMP)

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

run: $(STAMP)
	$(BIN)/fatekit serve

test: lint typecheck pytest

lint: $(STAMP) $(NODE_STAMP)
	$(BIN)/ruff check fatekit tests tools
	$(BIN)/ruff format --check fatekit tests tools
	$(NODE_BIN)/eslint --max-warnings 0 fatekit/web/js
	$(NODE_BIN)/prettier --check --log-level warn fatekit/web/js

typecheck: $(STAMP) $(NODE_STAMP)
	$(BIN)/mypy --strict fatekit
	$(BIN)/python tools/page_types.py --check
	$(BIN)/python tools/page_lines.py --check
	$(BIN)/python tools/page_bundle.py --check
	$(NODE_BIN)/tsc -p jsconfig.json

# Every core: worksteal hands a long test's neighbours to whichever worker is free, so one slow
# browser evening does not hold a whole share of the suite behind it. The slowest tests are
# printed at the end, so CI's own log says where its time goes (it must stay well under 30 min).
pytest: $(STAMP)
	$(BIN)/pytest -n auto --dist worksteal --durations=60

# Long randomized runs, beside make test's short ones: every table an earlier release recorded
# (tests/golden_releases: each evening opened every way, every random game); the table-layer
# agent plays thousands of games from seeds make test does not play, longer, and prints the
# commands it reached; the probe's random commands go to a real server with many more examples
# (FATEKIT_PROBE_EXAMPLES); then the page agent plays evenings in Chromium (docs/web.md, "The
# page agent"). `make soak-page PAGE_SEEDS=100-119 PAGE_STEPS=400` plays only the page agent's;
# after the seeds, up to PAGE_SWEEPS more evenings go after the command types they left unreached,
# and it fails if any command type the page can send stays unreached. Two evenings of each plan
# (seed n plays plan n mod 7) and ten sweeps aimed at what they missed: 24 evenings of 250 steps,
# two at a time, 3 to 5 hours on a shared two-core machine, where forty seeds and eight sweeps of
# 300 steps would take 7 to 12 (docs/web.md). Every evening runs axe-core on every page after each
# step (--axe); each violation is a finding.
PAGE_SEEDS ?= 100-113
PAGE_STEPS ?= 250
PAGE_JOBS ?= 2
PAGE_SWEEPS ?= 10

soak: $(STAMP)
	FATEKIT_GOLDEN_RELEASES=all $(BIN)/pytest -q tests/golden_releases
	FATEKIT_SOAK_GAMES=3000 FATEKIT_SOAK_STEPS=60 FATEKIT_SOAK_SEED=100000 $(BIN)/pytest -q -s -n auto tests/table/test_agent.py
	FATEKIT_OFFERS_GAMES=40 $(BIN)/pytest -q -n auto tests/table/test_offers_by_construction.py
	FATEKIT_INCREMENTAL_GAMES=100 $(BIN)/pytest -q tests/table/test_incremental_documents.py -k random
	FATEKIT_RECAP_GAMES=200 $(BIN)/pytest -q -n auto tests/table/test_recap_agent.py
	FATEKIT_SOAK_BROWSERS=1 $(BIN)/pytest -q -n auto tests/web/test_flow.py tests/web/test_foresight_page.py
	FATEKIT_PROBE_EXAMPLES=$${FATEKIT_PROBE_EXAMPLES:-2000} $(BIN)/pytest -q tests/server/test_probe.py -k random
	$(MAKE) soak-discord
	$(MAKE) soak-page
	$(MAKE) soak-keyboard

# The Discord agent's evenings through the stand-in, both ways in (docs/discord.md).
DISCORD_SEEDS ?= 100-139
DISCORD_STEPS ?= 300

soak-discord: $(STAMP)
	$(BIN)/python -m tests.discord --seeds $(DISCORD_SEEDS) --steps $(DISCORD_STEPS)

soak-page: $(STAMP)
	CI=true $(BIN)/python -m tests.web.agent --seeds $(PAGE_SEEDS) --steps $(PAGE_STEPS) --jobs $(PAGE_JOBS) --sweeps $(PAGE_SWEEPS) --axe

# The keyboard agent's evenings (docs/web.md, "Keyboard"): the page agent's, by keys alone.
KEYBOARD_SEEDS ?= 100-119
KEYBOARD_STEPS ?= 150

soak-keyboard: $(STAMP)
	CI=true $(BIN)/python -m tests.web.agent.keyboard --seeds $(KEYBOARD_SEEDS) --steps $(KEYBOARD_STEPS)

# Record a release's golden fixtures with that release's own code (docs/table.md, "Golden
# releases"): `make golden-record RELEASE=<commit>` plays its page agent's evenings in Chromium
# against its own server on a SQLite file, and its table agent's random games, into
# tests/golden_releases/<day>-<commit>/. Every release that lands adds its set.
golden-record:
	tools/golden_release/record.sh $(RELEASE)

# Regenerate docs/rules-coverage.md from the rules the engine declares and the tests that mark them,
# and the JSON Schemas docs/ publishes from the code that defines them, and the page's types
# (docs/page.d.ts) from the same page contract, the log's lines the page reads
# (fatekit/web/js/told.js) from the events' declarations, and the page's bundle (make bundle).
docs: $(STAMP) $(NODE_STAMP)
	$(BIN)/python tools/published_schemas.py
	$(BIN)/python tools/page_types.py
	$(BIN)/python tools/page_lines.py
	$(BIN)/python tools/rules_coverage.py --write
	$(BIN)/python tools/page_bundle.py

# The page's bundle (fatekit/web/bundle/: app.js, its chunk, source maps) from its modules, by esbuild
# from package-lock.json: run after changing a module (make typecheck and the tests say when).
# Committed, so `make run` needs no Node.js.
bundle: $(STAMP) $(NODE_STAMP)
	$(BIN)/python tools/page_bundle.py

# Benchmarks print their figures; the tests never assert timings.
bench: $(STAMP)
	$(BIN)/python benchmarks/bench_odds.py
	$(BIN)/python benchmarks/bench_roll_odds.py
	$(BIN)/python benchmarks/bench_simulate.py
	$(BIN)/python benchmarks/bench_foresight.py
	$(BIN)/python benchmarks/bench_server.py
	$(BIN)/python benchmarks/bench_command_path.py
	$(BIN)/python benchmarks/bench_page.py
	$(BIN)/python benchmarks/bench_start.py
	$(BIN)/python benchmarks/bench_campaign.py
	$(BIN)/python benchmarks/bench_recap.py
	$(BIN)/python benchmarks/bench_limits.py
	$(BIN)/python benchmarks/bench_redaction.py
	$(BIN)/python benchmarks/bench_replay.py
	$(BIN)/python benchmarks/bench_publish.py
	$(BIN)/python benchmarks/bench_decide.py
	$(BIN)/python benchmarks/bench_discord.py
	$(BIN)/python benchmarks/bench_views.py

# Play the browser flows again and save the screenshots of the main views in docs/.
screenshots: $(STAMP)
	FATEKIT_SCREENSHOTS=1 $(BIN)/pytest -q tests/web/test_flow.py tests/web/test_screen_page.py tests/web/test_foresight_page.py tests/web/test_rulesets_page.py

clean:
	rm -rf $(VENV) node_modules .mypy_cache .ruff_cache .pytest_cache .hypothesis
