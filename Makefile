# Two commands do everything on a fresh machine: `make demo` and `make test`.
# Both create .venv when it is missing and install the project with the exact
# versions in constraints.txt.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

.PHONY: demo demo-dask test checks lint typecheck pytest pytest-pure pytest-dask pytest-generic docs install clean bench bench-docs generate

$(STAMP): pyproject.toml constraints.txt src/unitensor/_speedups.c src/unitensor/_kernels.c
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --disable-pip-version-check -q -c constraints.txt -e ".[dev]"
	touch $(STAMP)

install: $(STAMP)

demo: $(STAMP)
	$(PY) -m unitensor.demo

# The demo's unitensor code on 800 MB of data generated chunk by chunk on a dask.distributed
# cluster of 2 worker processes limited to 400 MB each (docs/scaling.md).
demo-dask: $(STAMP)
	$(PY) -m unitensor.demo_dask

lint: $(STAMP)
	$(PY) -m ruff check src tests $(wildcard benchmarks) tools
	$(PY) -m ruff format --check src tests $(wildcard benchmarks) tools

typecheck: $(STAMP)
	$(PY) -m mypy
	$(PY) -m pyright

# Every backend (each entry of unitensor._registry.BACKENDS) must be installed and
# exercised: the suite fails (rather than skips) when one is missing. pytest's exit
# code 5 (no tests) fails make too.
BACKEND_NAMES = $(PY) -c 'from unitensor._registry import BACKENDS; print(",".join(BACKENDS))'
# The suite runs in PYTEST_WORKERS processes (pytest-xdist): 12.5 to 14.5 minutes alone
# on a 2-core VM (5 on a faster one, 2026-12-04; 6 to 7 on an earlier one, 10.5 there in
# one process). Each
# worker loads the four frameworks (about 2 GB), hence a number, not "auto".
PYTEST_WORKERS ?= 2
# JAX compiles each new operation, shape and dtype on first use (about 60 ms each on a
# 2-core VM: most of the suite's JAX time). Its persistent compilation cache, in the
# virtual environment, keeps the executables for the workers, the pure-Python run and the
# next `make test` (the same executables as without it: only XLA's compilation is skipped).
# Each process keeps its own directory (the workers gw0, gw1, ... through tests/conftest.py,
# the pure-Python run `pure`), so no entry is read while another process writes it, and a
# second `make test` compiles about 40 % less. No size limit: with one, JAX rescans the
# whole directory on every write (minutes over a run). A run from scratch fills about
# 50 MB; later runs add what they compile anew (`rm -rf .venv/jax-cache` empties it).
JAX_CACHE_DIR := $(abspath $(VENV))/jax-cache
JAX_CACHE := JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS=0 JAX_PERSISTENT_CACHE_MIN_ENTRY_SIZE_BYTES=-1
pytest: $(STAMP)
	names=$$($(BACKEND_NAMES)) && \
	UNITENSOR_REQUIRE_BACKENDS=$$names $(JAX_CACHE) JAX_COMPILATION_CACHE_DIR=$(JAX_CACHE_DIR) \
		$(PY) -m pytest -q -n $(PYTEST_WORKERS) \
		--doctest-modules src/unitensor tests

# The hot path's Python fallback (what runs where unitensor._speedups is not built, and
# what TorchDynamo traces): the operator and elementwise tests with the extension turned
# off, and the two tests of test_speedups.py that check it is off and find every fast
# path (about 1 minute). test_speedups.py's comparisons of the Python templates with the
# C fast paths and with the checked methods run in the main run on every backend; with
# the extension off its C side is the template itself, so they would repeat them.
PURE_SUBSET := $(addprefix tests/,test_operators.py test_elementwise.py \
	test_speedups.py::test_the_extension_is_active \
	test_speedups.py::test_every_operator_and_function_with_a_fast_path_is_found)
pytest-pure: $(STAMP)
	UNITENSOR_PURE_PYTHON=1 $(JAX_CACHE) JAX_COMPILATION_CACHE_DIR=$(JAX_CACHE_DIR)/pure \
		$(PY) -m pytest -q $(PURE_SUBSET)

# The suite on the generic backend (over array-api-strict, any Array API namespace's
# stand-in): its kept differences are strict xfails generated from the semantics table.
# The whole suite takes 3.5 to 4.5 minutes on it (`pytest --backend array_api_strict tests`,
# run by hand); `make test` runs these modules (about 2,600 tests, about 1 minute), which
# cover elementwise functions, operators, reductions, statistics, searching, sorting,
# indexing and updates, manipulation, linear algebra, fft, dtypes, creation and the
# standard's namespace and array object.
GENERIC_SUBSET := $(addprefix tests/,test_elementwise.py test_elementwise_standard.py \
	test_operators.py test_reductions.py test_statistical_standard.py \
	test_searching_standard.py test_sorting.py test_indexing.py test_at_updates.py \
	test_manipulation_standard.py test_shape.py test_linalg_standard.py test_fft.py \
	test_dtypes.py test_creation.py test_array_api_namespace.py test_array_object.py)

pytest-generic: $(STAMP)
	$(PY) -m pytest -q --backend array_api_strict $(GENERIC_SUBSET)

# The documentation site (mkdocs-material + mkdocstrings) in site/. --strict turns
# every warning (a broken link or reference) into a failure. NO_MKDOCS_2_WARNING
# silences mkdocs-material's end-of-life banner, which is not about this site.
docs: $(STAMP)
	$(PY) -m unitensor.semantics > docs/semantics-table.md
	$(PY) -m unitensor.array_api > docs/array-api-table.md
	NO_MKDOCS_2_WARNING=1 $(PY) -m mkdocs build --strict -q

# The suite on the Dask backend (never selected by default: lazy graphs are slow on tiny
# arrays): every test module and test function, a DASK_SUBSET-th of each function's
# parametrizations (tests/conftest.py's --subset; DASK_SUBSET=0 runs them all), the
# differences of docs/scaling.md as strict xfails, in PYTEST_WORKERS processes (about
# 1.5 minutes on 2 cores). One test is left to the whole run by hand (DASK_SUBSET=0
# DASK_DESELECT=): six threads of matmuls in 64-byte chunks, 75 s.
DASK_SUBSET ?= 8
DASK_DESELECT ?= --deselect "tests/test_threads.py::test_seed_reproduces_in_one_thread_while_others_compute[dask]"
pytest-dask: $(STAMP)
	UNITENSOR_REQUIRE_BACKENDS=dask $(PY) -m pytest -q -n $(PYTEST_WORKERS) --backend dask \
		--subset $(DASK_SUBSET) $(DASK_DESELECT) tests

# Lint first (a second); then the main pytest run, which keeps both cores busy for most of
# `make test`, with the other stages (`make checks`: type checks, docs, the pure-Python,
# generic and Dask runs) one after another beside it: 17-20 minutes on a 2-core VM
# (16.9 and 19.5 from clean clones), where every stage in turn took 20.4 before that day's
# trims; 6.3 to 8.4 on a faster 2-core VM (2026-12-04). The checks go on past a failing stage (make -k), with
# their own pytest cache (so `pytest --lf` keeps the main run's failures), in a process
# group of their own that Ctrl-C stops too (a job started with & ignores SIGINT); their
# output goes to .venv/checks.log, printed when both are done (a line says at once when
# the checks have failed). Either failing fails `make test`.
CHECKS_FAILED = make checks failed ($(VENV)/checks.log, printed at the end); the main run goes on
test: lint
	@echo "make checks runs beside the main pytest run (tail -f $(VENV)/checks.log); its output follows"
	@PYTEST_ADDOPTS="-o cache_dir=$(VENV)/pytest-cache-checks" $(PY) -c \
		'import os, sys; os.setpgid(0, 0); os.execvp(sys.argv[1], sys.argv[1:])' \
		sh -c '"$$@" > $(VENV)/checks.log 2>&1 || { echo "$(CHECKS_FAILED)" >&2; exit 1; }' \
		sh $(MAKE) --no-print-directory -k checks & checks=$$!; \
	trap 'kill -TERM -$$checks 2>/dev/null; wait $$checks; exit 130' INT TERM HUP; \
	$(MAKE) --no-print-directory pytest; main=$$?; \
	wait $$checks; rest=$$?; \
	echo "---- make checks ($(VENV)/checks.log)"; cat $(VENV)/checks.log; \
	[ $$rest -eq 0 ] || echo "make checks failed (above)"; \
	[ $$main -eq 0 ] || echo "make pytest failed (the main run, before make checks' output)"; \
	[ $$main -eq 0 ] && [ $$rest -eq 0 ] && echo "make test: every stage passed"

checks: typecheck docs pytest-pure pytest-generic pytest-dask

# The function forms (ut.sum(t) for t.sum()) and the backends' public names are generated
# from the Tensor class and the registry into src/unitensor/_functions.py; run this after
# adding or changing an operation or a backend (tests/test_layout.py fails when it is stale).
generate: $(STAMP)
	$(PY) -m unitensor._codegen

clean:
	rm -rf $(VENV) build dist site src/*.egg-info .pytest_cache .mypy_cache .ruff_cache

# Overhead against native code, every installed backend (EagerPy as a third column
# when installed). `make bench-docs` also writes the table and plot into docs/, with
# more time per measurement (about a minute in all) for narrower intervals.
bench: $(STAMP)
	$(PY) benchmarks/bench.py

bench-docs: $(STAMP)
	$(PY) benchmarks/bench.py --docs --budget 2
