"""Random numbers: ut.seed on every backend, dtypes kept, no silent repeats under jax.jit."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

import unitensor as ut
from conftest import make, to_numpy


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_seed_reproduces_uniform_and_normal(backend, dtype):
    t = make(backend, np.zeros(2, dtype=dtype))
    ut.seed(7)
    a, b = ut.uniform(t, (50,), -2.0, 3.0), ut.normal(t, (4, 5), 1.0, 0.5)
    ut.seed(7)
    c, d = ut.uniform(t, (50,), -2.0, 3.0), ut.normal(t, (4, 5), 1.0, 0.5)
    np.testing.assert_array_equal(to_numpy(a), to_numpy(c))
    np.testing.assert_array_equal(to_numpy(b), to_numpy(d))
    ut.seed(8)
    assert not np.array_equal(to_numpy(ut.uniform(t, (50,), -2.0, 3.0)), to_numpy(a))
    assert a.dtype == t.dtype and b.dtype == t.dtype  # the template's dtype, NumPy included
    values = to_numpy(a)
    assert values.min() >= -2.0 and values.max() < 3.0


SEED_BEFORE_JIT = """
import unitensor as ut
ut.seed(5)  # the JAX backend is not loaded yet: applied when it loads
import jax, jax.numpy as jnp
jax.jit(lambda raw: (ut.astensor(raw) * 2).raw)(jnp.zeros(2))  # it loads inside the trace
after_jit = ut.astensor(jnp.zeros(2)).uniform((3,)).raw
ut.seed(5)
again = ut.astensor(jnp.zeros(2)).uniform((3,)).raw
print(bool((after_jit == again).all()))
"""


def test_a_seed_applied_inside_jax_jit_leaks_no_tracer():
    """A ``ut.seed`` made before the JAX backend loads is applied when it loads; where that
    is inside ``jax.jit``, the key is still made eagerly (a traced key would leak out, and
    every later draw raise ``UnexpectedTracerError``), and gives the seed's draws."""
    pytest.importorskip("jax")
    proc = subprocess.run(
        [sys.executable, "-c", SEED_BEFORE_JIT], capture_output=True, text=True, timeout=300
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.strip() == "True"


def test_jax_random_inside_jit_raises():
    jax = pytest.importorskip("jax")
    jnp = jax.numpy

    def f(raw):
        return ut.astensor(raw).uniform((3,)).raw

    with pytest.raises(RuntimeError, match=r"jax\.jit"):
        jax.jit(f)(jnp.zeros(2))
    assert ut.astensor(jnp.zeros(2)).uniform((3,)).shape == (3,)  # outside jit: fine
