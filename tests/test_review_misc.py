"""Fixes of the newcomer review: bfloat16 in ut.convert, huge Python ints as fill values,
ut.seed leaving the frameworks' global generators alone, and the docs' hand-written lists."""

from __future__ import annotations

import os
import subprocess
import sys

import ml_dtypes
import numpy as np
import pytest

import unitensor as ut
from conftest import ALL_BACKENDS, SRC_DIR, check, make, selected_backends, to_numpy
from unitensor._registry import BACKENDS

BF16 = np.dtype(ml_dtypes.bfloat16)
# exactly representable in bfloat16 (8 significant bits), so every copy must keep them
BF16_VALUES = np.array([[1.5, -2.0, 3.25], [0.0, -0.0078125, 65280.0]], dtype=np.float32)


def need(name):
    if name not in selected_backends():
        pytest.skip(f"backend {name} not selected / installed")


def values_of(t):
    """The values of a tensor as float64 NumPy (bfloat16 read through ml_dtypes)."""
    return np.asarray(to_numpy(t)).astype(np.float64)


# --------------------------------------------------------------------- convert: bfloat16


@pytest.mark.parametrize("target", ALL_BACKENDS)
def test_convert_bfloat16_every_pair(backend, target):
    need(target)
    t = make(backend, BF16_VALUES.astype(BF16))
    out = ut.convert(t, target)
    assert type(out) is getattr(ut, BACKENDS[target].class_name)
    assert out.dtype == ut.bfloat16, out.dtype
    assert out.shape == BF16_VALUES.shape
    np.testing.assert_array_equal(values_of(out), BF16_VALUES)
    np.testing.assert_array_equal(values_of(t), BF16_VALUES)  # the source is unchanged


@pytest.mark.parametrize("target", ALL_BACKENDS)
@pytest.mark.parametrize("dtype", ["bfloat16", "float32"])
def test_convert_torch_tensor_requiring_grad(target, dtype):
    need("torch")
    need(target)
    torch = pytest.importorskip("torch")
    raw = torch.tensor(BF16_VALUES).to(getattr(torch, dtype)).requires_grad_(True)
    out = ut.convert(raw, target)
    assert type(out) is getattr(ut, BACKENDS[target].class_name)
    assert out.dtype == getattr(ut, dtype)
    np.testing.assert_array_equal(values_of(out), BF16_VALUES)
    assert raw.grad is None  # nothing written on the source


@pytest.mark.parametrize("target", ALL_BACKENDS)
def test_convert_bfloat16_round_trip(backend, target):
    need(target)
    t = make(backend, BF16_VALUES.astype(BF16))
    back = ut.convert(ut.convert(t, target), backend)
    assert type(back) is type(t) and back.dtype == ut.bfloat16
    np.testing.assert_array_equal(values_of(back), BF16_VALUES)


def test_from_numpy_bfloat16(backend):
    t = make(backend, np.zeros(1, np.float32))
    out = t.from_numpy(BF16_VALUES.astype(BF16))
    assert type(out) is type(t)
    assert out.dtype == ut.bfloat16
    np.testing.assert_array_equal(values_of(out), BF16_VALUES)
    sliced = t.from_numpy(BF16_VALUES.astype(BF16)[:, ::-2])  # not C-contiguous
    np.testing.assert_array_equal(values_of(sliced), BF16_VALUES[:, ::-2])


# --------------------------------------------------------- Python ints as fill values

FILLS = {
    "full_like": (lambda t, v: ut.full_like(t, v), lambda a, v: np.full_like(a, v)),
    "full": (lambda t, v: t.full((3,), v), lambda a, v: np.full((3,), v, a.dtype)),
    "pad": (
        lambda t, v: t.pad(((1, 2),), value=v),
        lambda a, v: np.pad(a, (1, 2), constant_values=v),
    ),
    "index_update": (lambda t, v: t.index_update(0, v), lambda a, v: _np_at(a, "set", v)),
    "setitem": (lambda t, v: _setitem(t, v), lambda a, v: _np_at(a, "set", v)),
    "at.set": (lambda t, v: t.at[0].set(v), lambda a, v: _np_at(a, "set", v)),
    "at.add": (lambda t, v: t.at[0].add(v), lambda a, v: _np_at(a, "add", v)),
    "at.multiply": (lambda t, v: t.at[0].multiply(v), lambda a, v: _np_at(a, "multiply", v)),
    "at.min": (lambda t, v: t.at[0].min(v), lambda a, v: _np_at(a, "minimum", v)),
    "at.max": (lambda t, v: t.at[0].max(v), lambda a, v: _np_at(a, "maximum", v)),
}


def _np_at(a, op, v):
    out = a.copy()
    if op == "set":
        out[0] = v
    else:
        getattr(np, op).at(out, 0, v)
    return out


def _setitem(t, v):
    t = t.at[:].set(t)  # a copy, so that the input array stays as it was
    t[0] = v
    return t


# (dtype, Python value): NumPy 2 converts the value to the dtype first (np.asarray(v, dtype))
FILL_CASES = [
    ("float16", 10**400),  # too large for any float: OverflowError
    ("float32", -(10**400)),
    ("complex64", 10**400),
    ("float16", 10**40),  # fits float64, not float16: inf
    ("float32", 10**40),
    ("float32", -(10**39)),
    ("float16", 70000),
    ("float16", 65510),  # rounds to float16's largest finite value
    ("float16", 65520.0),  # rounds to inf
    ("float32", 1e39),
    ("complex64", 1e39),
    ("float16", True),
    ("int8", 1000),  # does not fit: OverflowError (other frameworks would wrap it)
    ("int8", -129),
    ("uint8", -1),
    ("uint8", 255),
    ("int32", 2**31 - 1),
    ("int32", True),
]


@pytest.mark.filterwarnings("ignore:invalid value encountered:RuntimeWarning")  # inf * 1+0j
@pytest.mark.parametrize(("dtype", "value"), FILL_CASES, ids=lambda v: str(v)[:12])
@pytest.mark.parametrize("op", list(FILLS))
def test_python_scalar_fill_values(backend, op, dtype, value):
    if dtype.startswith("complex") and op in ("at.min", "at.max"):
        pytest.skip("complex numbers have no order")
    a = np.array([1, 2, 3], dtype=dtype)
    ours, numpys = FILLS[op]
    t = make(backend, a)
    try:
        with np.errstate(all="ignore"):  # NumPy warns where it makes an infinity
            expected = numpys(a, np.asarray(value, dtype=dtype))
    except OverflowError:
        with pytest.raises(OverflowError):
            ours(t, value)
        return
    check(ours(t, value), backend, expected, dtype)


# ------------------------------------------------- ut.seed and the frameworks' own generators

# the frameworks' global generators: (seed it, draw from it); JAX has none
GLOBAL_STREAMS = {
    "numpy": ("np.random.seed", "np.random.rand(3).tolist()"),
    "torch": ("torch.manual_seed", "torch.rand(3).tolist()"),
    "tensorflow": ("tf.random.set_seed", "tf.random.uniform((3,)).numpy().tolist()"),
}

SEED_SCRIPT = """
import numpy as np, unitensor as ut
from unitensor._registry import BACKENDS, resolve
import {module}
tf = torch = {module}
seed_global = {seed}
def draw():
    return {draw}
seed_global(123)
first = draw()
ut.seed(0)  # before the backend loads: remembered, applied to unitensor's generator
x = ut.astensor(resolve(BACKENDS["{backend}"].asarray)(np.zeros(2, np.float32)))
ours = (x.uniform((4,)).numpy().tolist(), x.normal((3,)).numpy().tolist())
second = draw()
ut.seed(0)
again = (x.uniform((4,)).numpy().tolist(), x.normal((3,)).numpy().tolist())
third = draw()
seed_global(123)
assert [first, second, third] == [draw(), draw(), draw()], "the global stream was disturbed"
assert ours == again, "ut.seed(0) does not reproduce unitensor's draws"
print("ok")
"""


@pytest.mark.parametrize("name", list(GLOBAL_STREAMS))
def test_seed_leaves_the_frameworks_global_generator_alone(name):
    need(name)
    seed, draw = GLOBAL_STREAMS[name]
    module = BACKENDS[name].modules[0]
    script = SEED_SCRIPT.format(module=module, seed=seed, draw=draw, backend=name)
    env = {**os.environ, "PYTHONPATH": str(SRC_DIR)}
    proc = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0 and proc.stdout.strip().endswith("ok"), proc.stderr[-2000:]


def test_seed_reproduces_and_leaves_torch_stream_after_load():
    need("torch")
    torch = pytest.importorskip("torch")
    x = ut.astensor(torch.zeros(2))
    torch.manual_seed(5)
    expected = [torch.rand(2) for _ in range(3)]
    torch.manual_seed(5)
    got = [torch.rand(2)]
    ut.seed(11)
    a = x.uniform((6,)).numpy()
    got.append(torch.rand(2))
    ut.seed(11)
    b = x.uniform((6,)).numpy()
    got.append(torch.rand(2))
    np.testing.assert_array_equal(a, b)
    for e, g in zip(expected, got, strict=True):
        assert torch.equal(e, g)
