# wizard-edu: two commands for a newcomer (`make lab`, `make test`); the rest for developers.
SHELL := /bin/bash
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
PORT ?= 8888

.PHONY: lab lab-teacher test lint notebooks bench bench-classroom play doctor worksheet setup clean hub

# Create the virtual environment and install the kit (re-run when the requirements change).
# binder/requirements.txt pins the main libraries, so the tests run with what Binder classes get.
$(STAMP): pyproject.toml binder/requirements.txt
	@test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	@# The filter hides setuptools' "Editable installation" notice box (information only, not a problem).
	PYTHONWARNINGS="ignore:Editable installation" $(PY) -m pip install --quiet -e ".[test,kid]" -c binder/requirements.txt
	@touch $(STAMP)

# Everything a newcomer needs (the engine is plain Python: no compiler).
READY := $(STAMP)
setup: $(READY)

# Servers refuse to run as root unless told --allow-root. Containers and school images often run
# everything as root; there (and only there) these targets pass it, so `make lab` still just works.
ALLOW_ROOT := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)

# Open the kit in JupyterLab, on this computer only, with a login token (kept out of `ps`).
# Learners get the STUDENT edition (answers show only after they try), in their own folder
# ~/wizard-edu-notebooks, made at the first start and refreshed later without ever overwriting a
# notebook they changed. The teacher edition (notebooks/, every answer shown): `make lab-teacher`
# or `make lab EDITION=teacher`.
EDITION ?= student
lab: $(READY)
	$(VENV)/bin/wizard-edu lab --port=$(PORT) $(ALLOW_ROOT)$(if $(filter teacher,$(EDITION)), --teacher)

lab-teacher: $(READY)
	$(VENV)/bin/wizard-edu lab --port=$(PORT) $(ALLOW_ROOT) --teacher

# Every test: lint, types (mypy, see [tool.mypy] in pyproject.toml), unit + property + doctests, notebooks (nbval, strict), real-browser tests.
test: $(READY)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy
	@# Unit, property and doctests, then the real-browser and real-hub tests, each on both cores
	@# (pytest-xdist, one file per worker so a file's fixtures, browser and servers stay together;
	@# every server takes a free port); then the notebooks. The browser tests mostly wait for pages
	@# and kernels (they kept the two cores under half busy), so they run three files at a time.
	$(PY) -m pytest -q -n 2 --dist loadfile -m "not browser"
	$(PY) -m pytest -q -n 3 --dist loadfile -m browser
	$(PY) -m pytest -q --nbval --nbval-sanitize-with tests/nbval_sanitize.cfg -p no:cacheprovider notebooks

lint: $(STAMP)
	$(VENV)/bin/ruff check --fix .
	$(VENV)/bin/ruff format --check . || true

# Bring each notebook and its text source in notebook-sources/ together (the newer one wins, see
# jupytext.toml), then re-execute every notebook in place, storing fresh outputs (what nbval compares).
notebooks: $(STAMP)
	$(VENV)/bin/jupytext --sync --quiet notebook-sources/*.md notebook-sources/apps/*.md
	$(PY) tools/run_notebooks.py notebooks/*.ipynb notebooks/apps/*.ipynb

# Speed figures (printed, never asserted). Runs every benchmark EXCEPT the class benchmark, which
# starts a real JupyterHub and, as root, creates and removes Unix accounts: that one only runs when
# asked, with `make bench-classroom` (PUPILS=10 by default).
bench: $(READY)
	@for f in benchmarks/bench_*.py; do [ "$$f" = benchmarks/bench_classroom.py ] && continue; \
	  echo "== $$f"; $(PY) $$f || exit 1; done

PUPILS ?= 10
bench-classroom: $(STAMP)
	$(PY) benchmarks/bench_classroom.py --pupils $(PUPILS)

# Kid mode: the play notebooks as apps (no code shown), this computer only.
# For a class on the network: `make play ARGS=--classroom` (prints the class code in big letters and the
# teacher's board link; the class tables, "Play with your class", run behind the same code).
play: $(READY)
	$(VENV)/bin/wizard-edu play $(ALLOW_ROOT) $(ARGS)

# The class hub (JupyterHub, hub/): on 127.0.0.1 for a try-out; it prints how to open it to the
# class network (make hub HUB_IP=0.0.0.0) and where the teacher's admin password is.
# Pupils get a copy of the STUDENT edition of HUB_NOTEBOOKS (made afresh at each hub start);
# HUB_EDITION=teacher gives them the teacher edition (every answer shown) instead.
HUB_IP ?= 127.0.0.1
HUB_PORT ?= 8000
HUB_NOTEBOOKS ?= notebooks
HUB_EDITION ?= student
hub: $(STAMP)
	$(PY) hub/start_hub.py --ip $(HUB_IP) --port $(HUB_PORT) --notebooks $(HUB_NOTEBOOKS) --edition $(HUB_EDITION)

# Is this machine ready for a lesson?  Plain-words checklist with a fix for each problem.
doctor: $(STAMP)
	$(VENV)/bin/wizard-edu doctor

# A print-ready worksheet with its answer key, e.g. `make worksheet ARGS="--topic legal --seed 3 --pupils 25"`.
# It never overwrites a file: add --force to ARGS to replace one.
worksheet: $(STAMP)
	$(VENV)/bin/wizard-edu worksheet $(ARGS)

# The printable pack (lessons/printable-pack.html, lessons/table-map.html, the lessons' worksheets),
# rebuilt from the rules, the engine's seats and the lesson plans (tests/content/test_pack.py checks it).
.PHONY: pack
pack: $(STAMP)
	$(VENV)/bin/wizard-edu pack

clean:
	rm -rf $(VENV) build *.egg-info
