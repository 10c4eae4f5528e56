"""Shared configuration and helpers for the unitensor test suite.

Backend selection (the backends are those of ``unitensor._registry.BACKENDS``):

* ``--backend NAME`` (repeatable, or comma separated) picks the backends to run;
  by default every installed one is used.
* ``UNITENSOR_REQUIRE_BACKENDS=numpy,torch,...`` turns a missing (not importable)
  framework into a hard session failure instead of a silent omission.
* ``--backend dask`` runs the suite on the Dask backend; it is never selected by default
  (``OPT_IN``), ``make test`` runs it on its own. ``--subset K`` keeps, of each test
  function's parametrizations, the first and every K-th after it (each module and each
  test function on a backend still runs), the others deselected, and the tests that take
  no backend (they run in the default run): ``make test`` runs Dask with
  ``--subset`` to fit its time budget, the whole suite on Dask is the same command
  without it. ``--backend array_api_strict`` (any Array API namespace's module name)
  runs the suite on the generic backend over that namespace; it is never selected by
  default either. Each difference a backend keeps is a ``Differs`` row of
  ``unitensor.semantics``: the tests it names become ``xfail(strict=True)`` for that
  backend (``pytest_collection_modifyitems``), so an undocumented difference fails
  and a documented one that went away fails too.

Helpers (import them with ``from conftest import ...``):

* ``make(backend, np_array)``: a unitensor Tensor wrapping a *native* array of that
  framework built from ``np_array`` with the framework's own function (the registry
  entry's ``asarray``), independently of unitensor's own conversion.
* ``to_numpy(tensor_or_raw)``: the raw native array converted with the framework's own
  method (never through unitensor).
* ``expected_dtype(backend, np_dtype)``: the dtype the spec prescribes, adjusted for JAX
  without 64-bit mode.
* ``as_np_dtype(dtype)``: maps a native dtype (torch, tf, jax, numpy, string) to a numpy
  dtype for comparisons.
* ``check(t, backend, expected, dtype=None)``: asserts that ``t`` is a unitensor Tensor
  holding a native array of ``backend`` with the expected shape, dtype and values.
"""

from __future__ import annotations

import fnmatch
import importlib
import importlib.util
import os
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, settings

from unitensor._registry import (
    BACKENDS,
    array_types,
    backend_class,
    backend_of_module,
    entry,
    is_backend,
    resolve,
)
from unitensor.semantics import TABLE


def _jax_cache_per_worker() -> None:
    """Give each pytest-xdist worker its own directory of JAX's compilation cache.

    ``make test`` points ``JAX_COMPILATION_CACHE_DIR`` at ``.venv/jax-cache``. JAX writes
    an entry in place and, without a size limit, takes no lock, so a worker could read
    an entry the other one is half way through writing (a warning, an error in the tests
    that turn warnings into errors). With a size limit it locks, but then scans the
    whole directory on every write: minutes over a full run. One directory per worker
    (``gw0``, ``gw1``, ...) has one writer and no scan.
    """
    root = os.environ.get("JAX_COMPILATION_CACHE_DIR")
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not root or not worker:
        return
    path = os.path.join(root, worker)
    os.environ["JAX_COMPILATION_CACHE_DIR"] = path
    if "jax" in sys.modules:  # imported already: its config read the variable
        sys.modules["jax"].config.update("jax_compilation_cache_dir", path)


_jax_cache_per_worker()

# Hypothesis: a short, derandomized profile in `make test`, a long one by hand
# (UNITENSOR_HYPOTHESIS_PROFILE=long make pytest)
_HYPOTHESIS = {
    "deadline": None,
    "database": None,
    "suppress_health_check": [
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
        HealthCheck.filter_too_much,
    ],
}
settings.register_profile("ci", max_examples=30, derandomize=True, **_HYPOTHESIS)
settings.register_profile("long", max_examples=500, **_HYPOTHESIS)
settings.load_profile(os.environ.get("UNITENSOR_HYPOTHESIS_PROFILE", "ci"))

ALL_BACKENDS = tuple(BACKENDS)
OPT_IN = ("dask",)
"""Backends tested only when ``--backend`` names them (lazy: the default run stays fast)."""
_MODULES = {name: b.modules[0] for name, b in BACKENDS.items()}
_ROOTS = {root: name for name, b in BACKENDS.items() for root in b.modules}

SRC_DIR = Path(__file__).resolve().parent.parent / "src"

_SELECTED: list[str] = []


# --------------------------------------------------------------------------- options


def pytest_addoption(parser):
    group = parser.getgroup("unitensor")
    group.addoption(
        "--backend",
        action="append",
        default=[],
        metavar="NAME",
        help=(
            f"backend(s) to test: {', '.join(ALL_BACKENDS)}; repeatable or comma "
            f"separated (default: every installed one but {', '.join(OPT_IN)})"
        ),
    )
    group.addoption(
        "--subset",
        type=int,
        default=0,
        metavar="K",
        help=(
            "of each test function's parametrizations, run the first and every K-th "
            "after it (deselecting the others); 0, the default: all"
        ),
    )


def _split_names(values):
    names = []
    for value in values:
        for name in value.split(","):
            name = name.strip().lower()
            if name and name not in names:
                names.append(name)
    return names


def _importable(name):
    try:
        importlib.import_module(_MODULES.get(name, name))
    except Exception as exc:  # a broken install counts as "not importable"
        return exc
    return None


# ---------------------------------------------- the generic backend, and kept differences


def _known(name):
    """A dedicated backend, or an importable Array API namespace (the generic backend)."""
    if name in ALL_BACKENDS:
        return True
    try:
        entry(name)
    except ValueError:
        return False
    return True


def _differs_for(backend):
    """(test id pattern, reason) of every ``Differs`` row of the semantics table for ``backend``."""
    found = []
    for op, rule in TABLE.items():
        for d in rule.differs:
            if d.backend == backend:
                found.extend((pattern, f"{op}: {d.what}") for pattern in d.tests)
    return found


def _subset(config, items):
    """``--subset K``: of each test function's items, the first and every K-th after it;
    the tests that take no ``backend`` are deselected (they run in the default run)."""
    k = config.getoption("--subset")
    if k <= 1:
        return items
    seen: dict[tuple[str, str], int] = {}
    kept, dropped = [], []
    for item in items:
        callspec = getattr(item, "callspec", None)
        if callspec is None or "backend" not in callspec.params:
            dropped.append(item)  # no backend: the default run has it
            continue
        key = (item.nodeid.partition("::")[0], getattr(item, "originalname", item.name))
        n = seen.get(key, 0)
        seen[key] = n + 1
        (kept if n % k == 0 else dropped).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
    return kept


def pytest_collection_modifyitems(config, items):
    """Mark the tests a documented backend difference makes fail ``xfail(strict=True)``;
    with ``--subset K``, deselect all but a K-th of each test function's parametrizations."""
    items[:] = _subset(config, items)
    patterns = {b: _differs_for(b) for b in _SELECTED}
    for item in items:
        callspec = getattr(item, "callspec", None)
        params = {} if callspec is None else callspec.params
        backend = params.get("backend", params.get("grad_backend"))
        # a test without a backend parameter is about the selection: every backend's rows
        candidates = list(patterns) if backend is None else [backend]
        test_id = item.nodeid.partition("tests/")[2] or item.nodeid
        found = [
            reason
            for b in candidates
            for pattern, reason in patterns.get(b, ())
            if fnmatch.fnmatchcase(test_id, pattern.replace("[", "[[]"))  # "[" literal
        ]
        if found:
            item.add_marker(pytest.mark.xfail(strict=True, reason=found[0]))


def _generic_as_np_dtype(dtype):
    """The NumPy dtype of a dtype of a generic backend's namespace, asked of the namespace."""
    name = backend_of_module(type(dtype).__module__.split(".")[0])
    if name is None or name in BACKENDS:
        return None
    xp = importlib.import_module(entry(name).asarray.rpartition(".")[0])
    for dtype_name, d in xp.__array_namespace_info__().dtypes().items():
        if d == dtype:
            return np.dtype(dtype_name)
    return None


def pytest_configure(config):
    requested = _split_names(config.getoption("--backend"))
    required = _split_names([os.environ.get("UNITENSOR_REQUIRE_BACKENDS", "")])

    unknown = [n for n in requested + required if not _known(n)]
    if unknown:
        raise pytest.UsageError(
            f"unknown backend(s) {unknown}; choose among {', '.join(ALL_BACKENDS)}, or "
            "an Array API namespace's module name (the generic backend)"
        )

    # Required frameworks must be importable: fail the session, never skip.
    for name in required:
        err = _importable(name)
        if err is not None:
            raise pytest.UsageError(
                f"UNITENSOR_REQUIRE_BACKENDS requires {name!r} but it cannot be imported: "
                f"{type(err).__name__}: {err}"
            )

    if requested:
        selected = requested
        for name in selected:
            err = _importable(name)
            if err is not None:
                raise pytest.UsageError(
                    f"--backend {name} was requested but it cannot be imported: "
                    f"{type(err).__name__}: {err}"
                )
    else:
        selected = [
            n
            for n in ALL_BACKENDS
            if n not in OPT_IN
            and importlib.util.find_spec(_MODULES[n]) is not None
            and _importable(n) is None
        ]

    # an opt-in backend (Dask) runs only when asked for: a default run requires it importable
    missing_required = [n for n in required if n not in selected and (requested or n not in OPT_IN)]
    if missing_required:
        raise pytest.UsageError(
            f"UNITENSOR_REQUIRE_BACKENDS requires {missing_required} but --backend "
            f"selected only {selected}"
        )

    _SELECTED[:] = selected


def pytest_report_header(config):
    return f"unitensor backends: {', '.join(_SELECTED) or '(none)'}"


def selected_backends():
    return list(_SELECTED)


def differentiable(name):
    """Whether backend ``name`` can differentiate (its primitives have ``value_and_grads``)."""
    return backend_class(name)._ns.value_and_grads is not None


def grad_backends():
    """The selected backends that can differentiate."""
    return [b for b in selected_backends() if differentiable(b)]


class _GradBackends:
    """``name in GRAD_BACKENDS``: whether a backend can differentiate (asked of it)."""

    def __contains__(self, name):
        return is_backend(name) and differentiable(name)

    def __iter__(self):
        return iter([b for b in ALL_BACKENDS if differentiable(b)])


GRAD_BACKENDS = _GradBackends()


def pytest_generate_tests(metafunc):
    if "backend" in metafunc.fixturenames:
        metafunc.parametrize("backend", selected_backends(), indirect=True)
    if "grad_backend" in metafunc.fixturenames:
        metafunc.parametrize("grad_backend", grad_backends(), indirect=True)


@pytest.fixture
def backend(request):
    """Name of the backend under test (parametrized over the selected backends)."""
    return request.param


@pytest.fixture
def grad_backend(request):
    """Name of a backend with autodiff support (torch, tensorflow, jax) under test."""
    return request.param


# --------------------------------------------------------------------------- helpers


def _unitensor():
    import unitensor

    return unitensor


def jax_x64_enabled():
    if "jax" not in sys.modules:
        return False
    import jax

    return bool(jax.config.read("jax_enable_x64"))


def native(backend, np_array):
    """A native array of ``backend`` built from ``np_array`` without unitensor.

    The framework's own function named by the registry entry makes it from a
    fresh C-contiguous copy. A framework that cannot take a NumPy bfloat16
    array directly gets it as float32 and casts it (with unitensor's astype,
    the one place this helper uses unitensor).
    """
    a = np.array(np_array, copy=True, order="C")
    asarray = resolve(entry(backend).asarray)
    try:
        return asarray(a)
    except ZeroDivisionError:  # Dask's automatic chunks of an empty array: one chunk
        return asarray(a, chunks=-1)
    except (TypeError, ValueError, RuntimeError):
        if a.dtype.name != "bfloat16":
            raise
        return _unitensor().astensor(asarray(a.astype(np.float32))).astype("bfloat16").raw


def make(backend, np_array):
    """A unitensor Tensor holding a native ``backend`` array built from ``np_array``."""
    return _unitensor().astensor(native(backend, np_array))


def native_type(backend):
    """The native array types of ``backend`` (0-d NumPy results may be NumPy scalars)."""
    return array_types(backend)


def backend_of_raw(raw):
    """The backend a raw (native) array belongs to, by the module of its type."""
    name = backend_of_module(type(raw).__module__.split(".")[0])
    if name is None or not isinstance(raw, array_types(name)):
        raise TypeError(f"unknown native array type {type(raw)!r}")
    return name


def to_numpy(x):
    """Convert a Tensor's raw array (or a raw array) to numpy with the framework itself.

    ``numpy.asarray`` reads every framework's CPU arrays; a tensor that
    requires a gradient (PyTorch) is detached first.
    """
    raw = x.raw if _unitensor().istensor(x) else x
    backend_of_raw(raw)  # a native array of a known framework
    detach = getattr(raw, "detach", None)
    if callable(detach):
        raw = detach()
    try:
        return np.asarray(raw)
    except (TypeError, RuntimeError):  # a dtype NumPy lacks (PyTorch bfloat16), another device
        return np.asarray(_unitensor().astensor(raw).numpy())


def as_np_dtype(dtype):
    """Map a native dtype (numpy, torch, tensorflow, jax, or a name) to a numpy dtype."""
    mod = type(dtype).__module__.split(".")[0]
    if mod == "torch":
        import torch

        return torch.empty((), dtype=dtype).numpy().dtype
    if mod == "tensorflow" or hasattr(dtype, "as_numpy_dtype"):
        return np.dtype(dtype.as_numpy_dtype)
    generic = _generic_as_np_dtype(dtype)
    return np.dtype(dtype) if generic is None else generic


_HELD: dict[tuple[str, str], np.dtype] = {}


def expected_dtype(backend, np_dtype):
    """The dtype ``backend`` must produce where the spec prescribes ``np_dtype``.

    That is the dtype the framework itself holds for an array of that dtype
    (JAX without 64-bit mode holds int32 for int64), asked of the framework.
    """
    d = np.dtype(np_dtype)
    key = (backend, d.name)
    if key not in _HELD:
        _HELD[key] = as_np_dtype(native(backend, np.zeros(1, dtype=d)).dtype)
    return _HELD[key]


def supports_float64(backend):
    return expected_dtype(backend, np.float64) == np.dtype(np.float64)


def default_rtol(dtype):
    d = np.dtype(dtype)
    if d == np.float16:
        return 1e-3
    if d == np.float64:
        return 1e-10
    return 1e-5


def check(t, backend, expected, dtype=None, *, rtol=None, atol=None):
    """Assert that ``t`` is a ``backend`` Tensor equal to ``expected`` (numpy computed).

    ``dtype`` is the dtype the spec prescribes (before the JAX 64-bit adjustment); when
    omitted, ``expected``'s own dtype is used.
    """
    ut = _unitensor()
    assert ut.istensor(t), f"expected a unitensor Tensor, got {type(t)!r}"
    assert isinstance(t.raw, native_type(backend)), (
        f"expected a native {backend} array, got {type(t.raw)!r}"
    )
    exp = np.asarray(expected)
    got = to_numpy(t)
    want = expected_dtype(backend, exp.dtype if dtype is None else dtype)
    assert tuple(got.shape) == exp.shape, f"shape {got.shape} != expected {exp.shape}"
    assert tuple(t.shape) == exp.shape, f"t.shape {t.shape} != expected {exp.shape}"
    assert as_np_dtype(t.raw.dtype) == want, f"dtype {t.raw.dtype} != expected {want}"
    if want.kind in "fc":
        if rtol is None:
            rtol = default_rtol(want)
        if atol is None:
            atol = 1e-6 if want != np.float64 else 1e-12
        np.testing.assert_allclose(
            got.astype(np.float64) if want.kind == "f" else got,
            exp,
            rtol=rtol,
            atol=atol,
            equal_nan=True,
        )
    else:
        np.testing.assert_array_equal(got, exp)
    return got


def check_meta(t, backend, shape, dtype):
    """Assert framework, shape and (spec) dtype of ``t``; return its values as numpy."""
    ut = _unitensor()
    assert ut.istensor(t), f"expected a unitensor Tensor, got {type(t)!r}"
    assert isinstance(t.raw, native_type(backend)), (
        f"expected a native {backend} array, got {type(t.raw)!r}"
    )
    got = to_numpy(t)
    assert tuple(got.shape) == tuple(shape), f"shape {got.shape} != expected {shape}"
    assert tuple(t.shape) == tuple(shape), f"t.shape {t.shape} != expected {shape}"
    want = expected_dtype(backend, dtype)
    assert as_np_dtype(t.raw.dtype) == want, f"dtype {t.raw.dtype} != expected {want}"
    return got


def run_python(source, timeout=300):
    """Run ``source`` in a fresh interpreter (``python -c``); assert it exits 0; its stdout."""
    import subprocess

    done = subprocess.run(
        [sys.executable, "-c", source], capture_output=True, text=True, timeout=timeout
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def check_native(raw, backend, expected, dtype=None, **kwargs):
    """Like :func:`check` for a raw native array."""
    return check(_unitensor().astensor(raw), backend, expected, dtype, **kwargs)


# ------------------------------------------------------------------ shared test data

RNG_SEED = 1234


def rng(seed=RNG_SEED):
    return np.random.default_rng(seed)


def randn(*shape, dtype=np.float32, seed=RNG_SEED):
    return rng(seed).standard_normal(shape).astype(dtype)


def randint(*shape, low=-5, high=6, dtype=np.int32, seed=RNG_SEED):
    return rng(seed).integers(low, high, size=shape).astype(dtype)


def distinct(*shape, dtype=np.float32, seed=RNG_SEED):
    """Values that are all distinct (a shuffled range, scaled) so sorting has no ties."""
    n = int(np.prod(shape))
    values = rng(seed).permutation(n).astype(np.float64) - n // 2
    if np.dtype(dtype).kind == "f":
        values = values * 0.5 + 0.25
    return values.reshape(shape).astype(dtype)


# --------------------------------------------------------- lazy backends (issue 14: Dask)
#
# * On Dask the suite's arrays come in chunks of at most 64 bytes (``array.chunk-size``),
#   so that small test arrays are split into several chunks and every operation meets
#   chunk boundaries; the synchronous scheduler keeps the run fast and deterministic.
# * A NumPy function Dask does not implement would compute its input silently (Dask
#   warns with a FutureWarning): that warning is an error here, as is any compute while
#   a graph is built (tests/test_dask.py checks that).

DASK_CHUNK_SIZE = "64B"


def pytest_sessionstart(session):
    if "dask" in _SELECTED:
        import dask

        dask.config.set({"array.chunk-size": DASK_CHUNK_SIZE, "scheduler": "synchronous"})
        import warnings

        warnings.filterwarnings("error", message=r".*is not implemented by Dask array")
