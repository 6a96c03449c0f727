# The README's commands: `make install`, `make play`, `make test` and `make serve`. Each sets up
# .venv itself: playing needs only the package, serving its web extra; the suite's tools come
# with `make test`. `make install` is a designer's: the package, the browser table, pytest, and
# what the report, sweep pages and tuning need.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PLAY := $(BIN)/rulebook play the-game --seat human --seat heuristic
STAMP := $(VENV)/.installed
DEV_STAMP := $(VENV)/.installed-dev
WEB_STAMP := $(VENV)/.installed-web
DESIGNER_STAMP := $(VENV)/.installed-designer
I18N_STAMP := $(VENV)/.installed-i18n
# The message catalogs (gettext, managed with Babel): each language's .po is written by
# people; its .mo is compiled from it by every command below that runs rulebook.
LOCALE := src/rulebook/locale
CATALOGS := $(patsubst %.po,%.mo,$(wildcard $(LOCALE)/*/LC_MESSAGES/messages.po))
KEYWORDS := -k _ -k N_ -k n_:1,2 -k msg -k msgn:1,2 -k param:2

.PHONY: install play test test-needs serve bench web-load conformance clean catalogs messages

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
play: $(STAMP) catalogs
	@echo '$(PLAY)'
	@trap : INT; $(PLAY) || [ $$? -eq 130 ]

install: $(DESIGNER_STAMP) catalogs
	@echo 'Installed in $(VENV): run ". $(BIN)/activate" to use rulebook, pip and python from there.'

$(DESIGNER_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[web,test,report,tune]'
	touch $(DESIGNER_STAMP)

$(WEB_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[web]'
	touch $(WEB_STAMP)

serve: $(WEB_STAMP) catalogs
	@trap : INT; $(BIN)/rulebook serve || [ $$? -eq 130 ]

# Babel compiles the catalogs (rulebook itself reads them with the standard library).
$(I18N_STAMP): pyproject.toml | $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[i18n]'
	touch $(I18N_STAMP)

catalogs: $(CATALOGS)

$(LOCALE)/%/LC_MESSAGES/messages.mo: $(LOCALE)/%/LC_MESSAGES/messages.po | $(I18N_STAMP)
	$(BIN)/pybabel -q compile -D messages -l $* -i $< -o $@

# A translator's step after changing messages in the code: extract them all into the
# template (messages.pot), then merge it into every language's .po (new messages untranslated,
# which read in English until translated). `make catalogs` then compiles.
messages: $(I18N_STAMP)
	$(BIN)/pybabel -q extract -F babel.cfg $(KEYWORDS) --add-comments Translators: --no-location --sort-output \
		--project rulebook --version 0.1.0 --copyright-holder "the rulebook contributors" -o $(LOCALE)/messages.pot src
	$(BIN)/pybabel -q update -D messages -i $(LOCALE)/messages.pot -d $(LOCALE) --no-fuzzy-matching

# What the tests need from the machine (Chromium, tmux, a Japanese font): installed as root
# with apt-get, else one line saying what to install (tests/needs.py; .ci/run relies on it).
NEEDS ?= $(PYTHON) -m tests.needs
test-needs:
	@$(NEEDS)

# Every check runs even when one fails; make still fails if any did, naming which.
test: test-needs $(DEV_STAMP) catalogs
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
