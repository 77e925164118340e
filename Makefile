# `make run` (the bot) and `make test` (the whole suite), as in the README; `make help` lists
# every target. Both set up the virtualenv .venv on first use, from the lock: exactly the
# versions of requirements-dev.lock (the runtime closure of requirements.lock, which the
# Docker image installs, plus the development tools), then the bot itself without deps (its
# optional C simulator, kozel_discord/ai/_csim.c, compiled in place: a change to it reinstalls);
# `pip check` fails if a lock misses something (then: `make lock`).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
LOCK := requirements.lock
DEV_LOCK := requirements-dev.lock
# `make lock` keeps the pinned versions it can and adds what is new in pyproject.toml;
# `make lock LOCK_FLAGS=--upgrade` moves every pin to the newest allowed release.
LOCK_FLAGS ?=
# The target of both locks: the Docker image's CPython 3.11 on Linux (glibc, x86_64).
UV_COMPILE = $(BIN)/uv pip compile --quiet --python-version 3.11 \
	--python-platform x86_64-manylinux_2_28 --no-annotate $(LOCK_FLAGS) \
	--custom-compile-command 'make lock' pyproject.toml

.DEFAULT_GOAL := help
.PHONY: help install run test lint simulate doctor lock gallery

help:  ## list the targets
	@awk 'BEGIN {FS = ":.*## "} /^[a-z.-]+:.*## / {printf "  make %-10s %s\n", $$1, $$2}' $(MAKEFILE_LIST)

$(VENV)/.installed: pyproject.toml setup.py kozel_discord/ai/_csim.c kozel_discord/ai/_csim_exact.h $(DEV_LOCK)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --no-deps -r $(DEV_LOCK)
	$(BIN)/python -m pip install --quiet --no-deps -e .
	$(BIN)/python -m pip check
	touch $@

install: $(VENV)/.installed  ## set up .venv: the locked versions, then the bot (editable)

run: $(VENV)/.installed  ## run the bot (settings from the environment or .env)
	$(BIN)/kozel-discord run

doctor: $(VENV)/.installed  ## check settings, token, database and migrations
	$(BIN)/kozel-discord doctor

simulate: $(VENV)/.installed  ## 100 series between computer players
	$(BIN)/kozel-discord simulate --series 100 --seed 1

lint: $(VENV)/.installed  ## ruff, ruff format --check, mypy
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

test: lint  ## lint, then the whole pytest suite
	$(BIN)/pytest

# uv alone (the locked version), so that `make lock` works while the locks are out of date.
$(BIN)/uv:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet "$$(grep -E '^uv==' $(DEV_LOCK) || echo uv)"

lock: $(BIN)/uv  ## recompile both locks from pyproject.toml (LOCK_FLAGS=--upgrade: newest)
	$(UV_COMPILE) -o $(LOCK)
	$(UV_COMPILE) --extra dev -o $(DEV_LOCK)
	$(MAKE) --no-print-directory install

# The real bot against the local Discord stand-in, its messages drawn as Discord's dark-theme
# mobile client shows them: docs/gallery/*.png (English, Russian, Ukrainian, Turkish; no network; ~1 min).
gallery: $(VENV)/.installed  ## draw docs/gallery/*.png: the real bot against the stand-in
	$(BIN)/python -m gallery --out docs/gallery
