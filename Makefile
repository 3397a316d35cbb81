# wizard-edu: two commands for a newcomer (`make lab`, `make test`); the rest for developers.
SHELL := /bin/bash
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
PORT ?= 8888

.PHONY: lab test lint notebooks bench play doctor setup clean

# Create the virtual environment and install the kit (re-run when the requirements change).
# binder/requirements.txt pins the main libraries, so the tests run with what Binder classes get.
$(STAMP): pyproject.toml binder/requirements.txt
	@test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[test,kid]" -c binder/requirements.txt
	@touch $(STAMP)

setup: $(STAMP)

# Open the kit in JupyterLab, on this computer only, with a login token.
lab: $(STAMP)
	$(VENV)/bin/jupyter lab --ip=127.0.0.1 --port=$(PORT) --ServerApp.root_dir=notebooks \
		$$( [ "$$(id -u)" = 0 ] && echo --allow-root )

# Every test: lint, unit + property + doctests, notebooks (nbval, strict), real-browser tests.
test: $(STAMP)
	$(VENV)/bin/ruff check .
	$(PY) -m pytest -q
	$(PY) -m pytest -q --nbval --nbval-sanitize-with tests/nbval_sanitize.cfg -p no:cacheprovider notebooks

lint: $(STAMP)
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format --check . || true

# Bring each notebook and its text source in notebook-sources/ together (the newer one wins, see
# jupytext.toml), then re-execute every notebook in place, storing fresh outputs (what nbval compares).
notebooks: $(STAMP)
	$(VENV)/bin/jupytext --sync --quiet notebook-sources/*.md notebook-sources/apps/*.md
	$(PY) tools/run_notebooks.py notebooks/*.ipynb notebooks/apps/*.ipynb

# Speed figures (printed, never asserted).
bench: $(STAMP)
	@for f in benchmarks/bench_*.py; do echo "== $$f"; $(PY) $$f || exit 1; done

# Kid mode: the play notebooks as apps (no code shown).
play: $(STAMP)
	$(VENV)/bin/wizard-edu play

# Is this machine ready for a lesson?  Plain-words checklist with a fix for each problem.
doctor: $(STAMP)
	$(VENV)/bin/wizard-edu doctor

clean:
	rm -rf $(VENV) build *.egg-info
