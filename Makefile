# The README's commands: `make install`, `make play`, `make test` and `make serve`. Each sets up
# .venv itself: playing needs only the package, serving its web extra; the suite's tools come
# with `make test`. `make install` is a designer's: the package, the browser table and pytest.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PLAY := $(BIN)/rulebook play the-game --seat human --seat heuristic
STAMP := $(VENV)/.installed
DEV_STAMP := $(VENV)/.installed-dev
WEB_STAMP := $(VENV)/.installed-web
DESIGNER_STAMP := $(VENV)/.installed-designer

.PHONY: install play test test-needs serve bench web-load conformance clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	touch $(STAMP)

$(DEV_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(DEV_STAMP)

# Ctrl-C ends a game with exit code 130 after offering to save: not a failure. `trap : INT`
# lets the recipe's shell outlive the Ctrl-C and wait for the game (the game itself still
# gets the signal: a caught signal is reset for the commands the shell starts).
play: $(STAMP)
	@echo '$(PLAY)'
	@trap : INT; $(PLAY) || [ $$? -eq 130 ]

install: $(DESIGNER_STAMP)
	@echo 'Installed in $(VENV): run ". $(BIN)/activate" to use rulebook, pip and python from there.'

$(DESIGNER_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[web,test]'
	touch $(DESIGNER_STAMP)

$(WEB_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[web]'
	touch $(WEB_STAMP)

serve: $(WEB_STAMP)
	@trap : INT; $(BIN)/rulebook serve || [ $$? -eq 130 ]

# What the tests need from the machine (Chromium, tmux, a Japanese font): installed as root
# with apt-get, else one line saying what to install (tests/needs.py; .ci/run relies on it).
NEEDS ?= $(PYTHON) -m tests.needs
test-needs:
	@$(NEEDS)

# Every check runs even when one fails; make still fails if any did, naming which.
test: test-needs $(DEV_STAMP)
	@failed=; \
	$(BIN)/python -m pytest -q -n 2 || failed="$$failed pytest"; \
	$(BIN)/ruff check src tests benchmarks || failed="$$failed ruff-check"; \
	$(BIN)/ruff format --check src tests benchmarks || failed="$$failed ruff-format"; \
	$(BIN)/mypy || failed="$$failed mypy"; \
	if [ -n "$$failed" ]; then echo "make test failed:$$failed" >&2; exit 1; fi

# Every game over 500 seeded games a player count (or mode): the sweeps the games' issues ask
# for, too long for the test suite (which checks a sample of each).
JOBS ?= 2
CHECK := $(BIN)/rulebook conformance --games 500 --jobs $(JOBS)
conformance: $(DEV_STAMP)
	$(CHECK) the-game
	$(CHECK) ribbon-of-bone
	$(CHECK) solo-bound-female
	$(CHECK) solo-bound-female --set mode=basic
	$(CHECK) solo-bound-female --set mode=standard
	$(CHECK) solo-bound-female --set mode=cooperative
	$(CHECK) susumuka-modoruka --players 2 --players 4 --players 6
	$(CHECK) swing --players 2 --players 3 --players 6

BENCH_ISMCTS ?= 1000
bench: $(DEV_STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,bench]'
	$(BIN)/python benchmarks/bench.py --ismcts $(BENCH_ISMCTS)

# The browser table under load: 200 rooms at once, then again with the server killed 5 s in.
web-load: $(DEV_STAMP)
	$(BIN)/python benchmarks/web_load.py --rooms 200
	$(BIN)/python benchmarks/web_load.py --rooms 200 --kill-after 5

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
