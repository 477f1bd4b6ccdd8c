# Two commands do all the set-up: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test lint bench bytecode clean arm64-check

# The system packages the build needs are checked first: one line names each missing package.
$(STAMP): pyproject.toml setup.py engines/monopoly/_fastsim.c engines/monopoly_dice/_turnkernel.c \
	  engines/yahtzee/_turnkernel.c engines/_pybuffers.h
	@$(PYTHON) -m app.prereqs
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --upgrade pip >/dev/null
	$(BIN)/pip install -e '.[test]'
	$(MAKE) bytecode
	touch $(STAMP)

# Compiled once at install, not by the box at its first start (about 60 ms before the first frame).
bytecode:
	$(BIN)/python -m compileall -q app engines remote

run: $(STAMP)
	$(BIN)/tvgames $(ARGS)

# The phone tests drive Debian's chromium (playwright's own browser download cannot work offline).
test: $(STAMP)
	@command -v chromium >/dev/null 2>&1 || { echo "installing chromium for the phone tests"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO="sudo -n"; fi; \
	  $$SUDO apt-get install -y chromium || { $$SUDO apt-get update && $$SUDO apt-get install -y chromium; } \
	  || echo "chromium could not be installed: the phone browser tests will skip"; }
	$(BIN)/python -m pytest -n 2 $(PYTEST_ARGS)

lint: $(STAMP)
	$(BIN)/ruff check app engines remote tests

bench: $(STAMP)
	$(BIN)/tvgames bench

# Not part of `test`: builds arm64 Debian 13 and 12 roots under qemu and follows the README's Pi
# set-up in each (root needed; about an hour; see tools/arm64-check.sh).
arm64-check:
	sh tools/arm64-check.sh $(RELEASES)

clean:
	rm -rf $(VENV) build *.egg-info
