# Two entry points that work on a fresh machine with only Python 3.11+:
#   make run   start the bot (SQLite under data/ by default)
#   make test  run the whole test suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench demo clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Reinstall only when the project's metadata changes.
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	@$(BIN)/python -m bot

test: $(STAMP)
	$(BIN)/python -m pytest

bench: $(STAMP)
	for f in bench/*.py; do $(BIN)/python $$f || exit 1; done

demo: $(STAMP)
	$(BIN)/python -m bot demo $(GAME)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
