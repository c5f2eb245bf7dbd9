# Everything works on a fresh machine with only Python 3.11+ and make: the first target that
# needs it creates .venv and installs the project with the versions pinned in constraints.txt.
# `make help` lists the targets.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
GAME ?= gin_rummy
DEALS ?= 1
# pytest-xdist workers: the end-to-end tests spend most of their time waiting on the fake
# Discord's pacing, so three share two cores well (TEST_WORKERS=0 runs the suite in one process).
TEST_WORKERS ?= 3

.DEFAULT_GOAL := help
.PHONY: help run test lint bench bench-each demo docs dist constraints clean

help: ## list the targets
	@awk 'BEGIN {FS = ":.*## "} /^[a-z]+:.*## / {printf "  make %-12s %s\n", $$1, $$2}' $(MAKEFILE_LIST)

$(BIN)/python:
	@echo "make: creating the virtualenv $(VENV) (once)"
	$(PYTHON) -m venv $(VENV)

# Reinstall only when the project's metadata or the pinned versions change.
$(STAMP): pyproject.toml constraints.txt | $(BIN)/python
	@echo "make: installing the project and its pinned dependencies into $(VENV); the first time takes a minute or two"
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --progress-bar on -c constraints.txt -e '.[test,lint]'
	@echo "make: installed"
	touch $(STAMP)

run: $(STAMP) ## start the bot (reads .env; SQLite database at data/bot.db by default)
	@$(BIN)/python -m bot

test: $(STAMP) ## the gates (ruff, mypy) and then the whole test suite, beside a throwaway PostgreSQL server
	$(BIN)/ruff check .
	$(BIN)/mypy
	scripts/with-postgres.sh $(BIN)/python -m pytest -n $(TEST_WORKERS)

lint: $(STAMP) ## ruff (style, imports, likely bugs) and mypy (types), both configured in pyproject.toml
	@status=0; \
	$(BIN)/ruff check . || status=1; \
	$(BIN)/mypy || status=1; \
	exit $$status

bench: $(STAMP) ## run every benchmark in bench/, one progress line each (beside a throwaway PostgreSQL server)
	@scripts/with-postgres.sh $(MAKE) --no-print-directory bench-each

bench-each:
	@set -e; total=$$(ls bench/*.py | wc -l); n=0; \
	for f in bench/*.py; do \
		n=$$((n + 1)); start=$$(date +%s); \
		echo "[$$n/$$total] $$f ..."; \
		$(BIN)/python -u $$f; \
		echo "[$$n/$$total] $$f done in $$(( $$(date +%s) - start )) s"; \
	done

demo: $(STAMP) ## a game between seat bots in the console: GAME=gin_rummy, DEALS=1 (DEALS= plays the whole game)
	$(BIN)/python -m bot demo $(GAME) $(if $(DEALS),--deals $(DEALS))

dist: $(STAMP) ## the release step: build the source release and the wheel into dist/ (see CONTRIBUTING.md)
	rm -rf dist build
	$(BIN)/python -m build --outdir dist .
	@ls -l dist

docs: $(STAMP) ## regenerate the table-option tables in docs/games/ and docs/ja/games/ from the code
	$(BIN)/python -m bot docs

constraints: ## re-pin constraints.txt to the newest releases pyproject.toml allows (then run make test)
	rm -rf .venv-pin
	$(PYTHON) -m venv .venv-pin
	.venv-pin/bin/python -m pip install --quiet '.[test,lint]'
	{ echo "# The exact versions the suite was run with; make installs with pip install -c constraints.txt."; \
	  echo "# Regenerate with make constraints."; \
	  .venv-pin/bin/python -m pip freeze --exclude cardroom; } > constraints.txt
	rm -rf .venv-pin build

clean: ## remove the virtualenv and caches (not data/)
	rm -rf $(VENV) .venv-pin .pytest_cache .hypothesis .mypy_cache .ruff_cache build dist
