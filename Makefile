# The two commands of the README: `make run` and `make test`.
# Both create a virtualenv in .venv and install everything the project needs on a fresh machine;
# `make test` also installs PostgreSQL's server (the tests start a throwaway one) when it is missing.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: run test install lint format clean postgres-server

# Root installs packages itself; anyone else through sudo.
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Maester needs Python 3.11 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test]"
	@touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(BIN)/python bot.py

test: $(STAMP) postgres-server
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m pytest -q

# The tests (tests/postgres.py) run initdb and pg_ctl from PATH or from Debian's
# /usr/lib/postgresql/<version>/bin; when neither has them, Debian's postgresql package is installed.
postgres-server:
	@if command -v initdb >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
		exit 0; \
	elif command -v apt-get >/dev/null 2>&1; then \
		echo "PostgreSQL's server is missing (the tests need initdb and pg_ctl): installing it with apt-get"; \
		$(SUDO) apt-get update -q && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends postgresql; \
	else \
		echo "The tests need PostgreSQL's server programs (initdb, pg_ctl) on PATH: install PostgreSQL." >&2; \
		exit 1; \
	fi

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
