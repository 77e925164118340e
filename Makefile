# The two commands of the README: `make run` (the bot) and `make test` (the whole suite).
# Both create the virtualenv in .venv on first use.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: run test lint simulate doctor gallery

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@

run: $(VENV)/.installed
	$(BIN)/kozel-discord run

doctor: $(VENV)/.installed
	$(BIN)/kozel-discord doctor

simulate: $(VENV)/.installed
	$(BIN)/kozel-discord simulate --series 100 --seed 1

lint: $(VENV)/.installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

test: lint
	$(BIN)/pytest

# The real bot against the local Discord stand-in, its messages drawn as Discord's dark-theme
# mobile client shows them: docs/gallery/*.png (English and Russian; no network; ~1 min).
gallery: $(VENV)/.installed
	$(BIN)/python -m gallery --out docs/gallery
