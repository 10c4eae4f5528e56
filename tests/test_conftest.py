"""The test harness itself: backend selection and UNITENSOR_REQUIRE_BACKENDS."""

import os
import subprocess
import sys

import numpy as np
import pytest

from conftest import (
    ALL_BACKENDS,
    SRC_DIR,
    _split_names,
    as_np_dtype,
    expected_dtype,
    jax_x64_enabled,
    make,
    selected_backends,
    to_numpy,
)

ROOT = SRC_DIR.parent

BLOCK_JAX = """
import importlib.abc
import sys


class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "jax" or name.startswith("jax."):
            raise ImportError("jax blocked for this test")
        return None


sys.meta_path.insert(0, Block())
import pytest

sys.exit(pytest.main(sys.argv[1:]))
"""


def _run_pytest(args, require, block_jax=True):
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(SRC_DIR), env.get("PYTHONPATH", "")) if p)
    env.pop("UNITENSOR_REQUIRE_BACKENDS", None)
    if require is not None:
        env["UNITENSOR_REQUIRE_BACKENDS"] = require
    runner = ["-c", BLOCK_JAX] if block_jax else ["-m", "pytest"]
    return subprocess.run(
        [sys.executable, *runner, "-q", "-p", "no:cacheprovider", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


SMOKE = ["--backend", "numpy", "tests/test_errors.py", "-k", "hierarchy"]


def test_required_backend_missing_fails_session():
    proc = _run_pytest(SMOKE, require="numpy,jax")
    assert proc.returncode not in (0, 5), proc.stdout + proc.stderr
    assert "jax" in proc.stdout + proc.stderr


def test_required_backends_present_runs():
    proc = _run_pytest(SMOKE, require="numpy")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "1 passed" in proc.stdout


def test_required_opt_in_backend_need_only_be_importable():
    """make test requires every registered backend; Dask (opt-in) runs on its own."""
    pytest.importorskip("dask.array")
    args = ["tests/test_errors.py", "-k", "hierarchy"]
    proc = _run_pytest(args, require="numpy,dask", block_jax=False)  # the default selection
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "passed" in proc.stdout


def test_unknown_backend_name_fails():
    proc = _run_pytest(["--backend", "numpyy", "tests/test_errors.py", "-k", "hierarchy"], None)
    assert proc.returncode not in (0, 5), proc.stdout + proc.stderr


def test_requested_backend_not_importable_fails():
    proc = _run_pytest(["--backend", "numpy,jax", "tests/test_errors.py", "-k", "hierarchy"], None)
    assert proc.returncode not in (0, 5), proc.stdout + proc.stderr


def test_split_names():
    assert _split_names(["numpy,torch", " jax ", "torch"]) == ["numpy", "torch", "jax"]
    assert _split_names([""]) == []


def test_selection_is_nonempty_and_known():
    names = selected_backends()
    assert names
    assert set(names) <= set(ALL_BACKENDS)  # the registry's


def test_expected_dtype_rules(backend):
    for name in ("int32", "float32", "bool", "int16", "uint8"):
        assert expected_dtype(backend, name) == np.dtype(name)
    jax_narrow = backend == "jax" and not jax_x64_enabled()
    for wide, narrow in (("int64", "int32"), ("float64", "float32"), ("uint64", "uint32")):
        assert expected_dtype(backend, wide) == np.dtype(narrow if jax_narrow else wide)


def test_make_and_to_numpy_round_trip(backend):
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    t = make(backend, a)
    assert as_np_dtype(t.raw.dtype) == np.float32
    np.testing.assert_array_equal(to_numpy(t), a)
    np.testing.assert_array_equal(to_numpy(t.raw), a)
    s = make(backend, np.array(2.5, dtype=np.float32))
    assert to_numpy(s).shape == ()


@pytest.mark.parametrize("name", ["float32", "int32", "bool", "int64", "float64", "uint8"])
def test_as_np_dtype_native(backend, name):
    raw = make(backend, np.zeros(2, dtype=name)).raw
    assert as_np_dtype(raw.dtype) == expected_dtype(backend, name)
    assert as_np_dtype(name) == np.dtype(name)
