"""uint16, uint32 and uint64 (and uint8) on every backend, against NumPy.

PyTorch holds these dtypes but has few kernels for them (``_torch_unsigned``
computes them on the signed view, on order keys or in a wider dtype); the
results must be NumPy's everywhere: wraparound modulo ``2**n``, unsigned
order, uint64 sums of unsigned integers. The values include the largest
ones and those with the top bit set, where a signed view would go wrong.
JAX without 64-bit mode holds uint32 for uint64 (documented): its uint64
cases are skipped there.
"""

from __future__ import annotations

import importlib
import operator

import numpy as np
import pytest

import unitensor as ut
from conftest import check, jax_x64_enabled, make

UNSIGNED = [np.uint8, np.uint16, np.uint32, np.uint64]
WIDE = [np.uint16, np.uint32, np.uint64]


def values(dtype):
    """(2, 4) values of ``dtype``: zero, small ones, the top bit, the largest."""
    mx = int(np.iinfo(dtype).max)
    top = mx // 2 + 1
    return np.array([[0, 1, 2, 7], [mx, mx - 1, top, top + 3]], dtype=dtype)


def others(dtype):
    """Second operands, non-zero (divisors): small, large, the top bit."""
    mx = int(np.iinfo(dtype).max)
    return np.array([[3, 1, mx, 2], [5, mx // 2 + 1, 7, mx - 2]], dtype=dtype)


def skip_big_scalars(backend, dtype):
    if backend == "jax" and np.dtype(dtype) == np.uint32 and not jax_x64_enabled():
        pytest.skip("JAX without 64-bit mode: a Python int above int32's range overflows")


def skip_narrowed(backend, dtype):
    if backend == "jax" and np.dtype(dtype) == np.uint64 and not jax_x64_enabled():
        pytest.skip("JAX without 64-bit mode holds uint32 for uint64 (documented)")


@pytest.fixture(params=UNSIGNED, ids=lambda d: np.dtype(d).name)
def dtype(request, backend):
    skip_narrowed(backend, request.param)
    return request.param


# ---------------------------------------------------------------- arithmetic

BINARY = {
    "add": operator.add,
    "subtract": operator.sub,
    "multiply": operator.mul,
    "floor_divide": operator.floordiv,
    "remainder": operator.mod,
    "bitwise_and": operator.and_,
    "bitwise_or": operator.or_,
    "bitwise_xor": operator.xor,
    "maximum": np.maximum,
    "minimum": np.minimum,
}


@pytest.mark.parametrize("name", list(BINARY))
def test_binary_arithmetic_wraps_around(backend, dtype, name):
    a, b = values(dtype), others(dtype)
    ta, tb = make(backend, a), make(backend, b)
    with np.errstate(over="ignore"):
        expected = BINARY[name](a, b)
    fn = getattr(ut, name)
    check(fn(ta, tb), backend, expected, dtype)
    if name not in ("maximum", "minimum"):
        check(BINARY[name](ta, tb), backend, expected, dtype)
    if name not in ("floor_divide", "remainder"):  # a has zeros
        with np.errstate(over="ignore"):
            expected = BINARY[name](b, a)
        check(fn(tb, ta), backend, expected, dtype)


@pytest.mark.parametrize("scalar", [0, 1, 3, "top", "max"])
def test_python_scalars_take_the_tensors_dtype(backend, dtype, scalar):
    mx = int(np.iinfo(dtype).max)
    s = {"top": mx // 2 + 1, "max": mx}.get(scalar, scalar)
    if s > 2**31 - 1:
        skip_big_scalars(backend, dtype)
    fns = {
        "+": lambda x: x + s,
        "-": lambda x: x - s,
        "*": lambda x: x * s,
        "//": lambda x: x // s,
        "%": lambda x: x % s,
        "r-": lambda x: s - x,
        "r//": lambda x: s // x,
        "r%": lambda x: s % x,
    }
    for op, fn in fns.items():
        if op in ("//", "%") and s == 0:
            continue  # division by zero: DivisionByZeroError
        a = others(dtype) if op in ("r//", "r%") else values(dtype)  # non-zero divisors
        with np.errstate(over="ignore"):
            expected = fn(a)
        check(fn(make(backend, a)), backend, expected.astype(dtype), dtype)


def test_pow_wraps_around(backend, dtype):
    a = values(dtype)
    t = make(backend, a)
    for exponent in [0, 1, 2, 3, 13, 64, 65]:
        with np.errstate(over="ignore"):
            expected = a ** np.asarray(exponent, dtype=dtype)
        check(t**exponent, backend, expected, dtype)
        e = make(backend, np.full(a.shape, exponent, dtype))
        check(ut.pow(t, e), backend, expected, dtype)


def test_pow_of_tensor_exponents(backend, dtype):
    a = values(dtype) % 5
    b = np.array([[0, 1, 2, 3], [9, 31, 63, 64]], dtype=dtype)
    with np.errstate(over="ignore"):
        expected = a**b
    check(make(backend, a) ** make(backend, b), backend, expected, dtype)


@pytest.mark.parametrize("shift", [0, 1, 3, "width-1"])
def test_shifts(backend, dtype, shift):
    bits = np.dtype(dtype).itemsize * 8
    s = bits - 1 if shift == "width-1" else shift
    a = values(dtype)
    t = make(backend, a)
    k = np.asarray(s, dtype=dtype)
    check(t << s, backend, a << k, dtype)
    check(t >> s, backend, a >> k, dtype)
    tk = make(backend, np.full(a.shape, s, dtype))
    check(ut.bitwise_left_shift(t, tk), backend, a << k, dtype)
    check(ut.bitwise_right_shift(t, tk), backend, a >> k, dtype)


def test_unary_functions(backend, dtype):
    a = values(dtype)
    t = make(backend, a)
    check(-t, backend, np.negative(a), dtype)
    check(ut.negative(t), backend, np.negative(a), dtype)
    check(~t, backend, np.invert(a), dtype)
    check(ut.bitwise_invert(t), backend, np.invert(a), dtype)
    check(abs(t), backend, np.abs(a), dtype)
    check(ut.abs(t), backend, np.abs(a), dtype)
    check(ut.sign(t), backend, np.sign(a), dtype)
    with np.errstate(over="ignore"):
        check(ut.square(t), backend, np.square(a), dtype)
    check(+t, backend, a, dtype)
    for name in ("floor", "ceil", "trunc", "round"):
        check(getattr(ut, name)(t), backend, a, dtype)


def test_true_division_gives_float32(backend, dtype):
    a, b = values(dtype), others(dtype)
    expected = (a.astype(np.float64) / b.astype(np.float64)).astype(np.float32)
    check(make(backend, a) / make(backend, b), backend, expected, np.float32, rtol=1e-6)


# ---------------------------------------------------------------- comparison

COMPARISONS = {
    "less": operator.lt,
    "less_equal": operator.le,
    "greater": operator.gt,
    "greater_equal": operator.ge,
    "equal": operator.eq,
    "not_equal": operator.ne,
}


@pytest.mark.parametrize("name", list(COMPARISONS))
def test_comparisons_order_unsigned_values(backend, dtype, name):
    a, b = values(dtype), others(dtype)
    ta, tb = make(backend, a), make(backend, b)
    op = COMPARISONS[name]
    check(op(ta, tb), backend, op(a, b), np.bool_)
    check(getattr(ut, name)(ta, tb), backend, op(a, b), np.bool_)
    mx = int(np.iinfo(dtype).max)
    skip_big_scalars(backend, dtype)
    for s in (0, 2, mx // 2 + 1, mx):
        check(op(ta, s), backend, op(a, np.asarray(s, dtype)), np.bool_)


def test_clip_and_where(backend, dtype):
    a = values(dtype)
    mx = int(np.iinfo(dtype).max)
    skip_big_scalars(backend, dtype)
    t = make(backend, a)
    check(ut.clip(t, 1, mx - 1), backend, np.clip(a, 1, mx - 1), dtype)
    check(ut.clip(t, mx // 2, None), backend, np.clip(a, mx // 2, None), dtype)
    b = others(dtype)
    check(ut.where(t > make(backend, b), t, make(backend, b)), backend, np.maximum(a, b), dtype)


# ---------------------------------------------------------------- reductions


@pytest.mark.parametrize("axis", [None, 0, 1])
def test_sums_and_products_give_uint64(backend, dtype, axis):
    a = values(dtype)
    t = make(backend, a)
    skip_narrowed(backend, np.uint64)  # the result's dtype
    with np.errstate(over="ignore"):
        check(t.sum(axis=axis), backend, np.sum(a, axis=axis), np.uint64)
        check(t.prod(axis=axis), backend, np.prod(a, axis=axis), np.uint64)
        check(ut.sum(t, axis=axis, dtype=dtype), backend, np.sum(a, axis=axis, dtype=dtype), dtype)
    if axis is not None:
        with np.errstate(over="ignore"):
            check(ut.cumulative_sum(t, axis=axis), backend, np.cumsum(a, axis=axis), np.uint64)
            expected = np.cumprod(a, axis=axis)
            check(ut.cumulative_prod(t, axis=axis), backend, expected, np.uint64)


@pytest.mark.parametrize("axis", [None, 0, 1])
def test_order_reductions(backend, dtype, axis):
    a = values(dtype)
    t = make(backend, a)
    check(t.max(axis=axis), backend, np.max(a, axis=axis), dtype)
    check(t.min(axis=axis), backend, np.min(a, axis=axis), dtype)
    check(t.argmax(axis=axis), backend, np.argmax(a, axis=axis), np.int64)
    check(t.argmin(axis=axis), backend, np.argmin(a, axis=axis), np.int64)
    ax = -1 if axis is None else axis
    check(ut.sort(t, axis=ax), backend, np.sort(a, axis=ax), dtype)


def test_mean_any_all_count(backend, dtype):
    a = values(dtype)
    t = make(backend, a)
    expected = np.mean(a.astype(np.float64), axis=0).astype(np.float32)
    check(t.mean(axis=0), backend, expected, np.float32, rtol=1e-6)
    check(t.any(axis=0), backend, np.any(a, axis=0), np.bool_)
    check(t.all(), backend, np.all(a), np.bool_)
    check(t.all(axis=1), backend, np.all(a, axis=1), np.bool_)
    check(ut.count_nonzero(t, axis=1), backend, np.count_nonzero(a, axis=1), np.int64)


# ---------------------------------------------------------------- casting, creation, indexing


@pytest.mark.parametrize("target", ["int8", "int64", "uint8", "uint64", "float32", "bool"])
def test_astype_from_unsigned(backend, dtype, target):
    if target in ("int64", "uint64"):
        skip_narrowed(backend, np.uint64)  # int64 narrowed too
    a = values(dtype)
    if target == "float32":
        a = a % np.asarray(200, dtype)  # exact in float32
    with np.errstate(over="ignore"):
        expected = a.astype(target)
    check(make(backend, a).astype(target), backend, expected, target)


def test_astype_to_unsigned_wraps_around(backend, dtype):
    ints = np.array([-1, -5, 0, 3, 300, -(2**15)], dtype=np.int64)
    check(make(backend, ints).astype(np.dtype(dtype).name), backend, ints.astype(dtype), dtype)
    floats = np.array([0.0, 1.5, 3.9, 200.0], dtype=np.float32)
    check(make(backend, floats).astype(np.dtype(dtype).name), backend, floats.astype(dtype), dtype)


def test_creation(backend, dtype):
    skip_narrowed(backend, dtype)
    xp = importlib.import_module(f"unitensor.array_api.{backend}")
    dt = getattr(xp, np.dtype(dtype).name)
    mx = int(np.iinfo(dtype).max)
    check(
        xp.asarray([mx, 0, mx // 2 + 1], dtype=dt), backend, np.array([mx, 0, mx // 2 + 1], dtype)
    )
    check(xp.full((2, 2), mx, dtype=dt), backend, np.full((2, 2), mx, dtype))
    check(xp.arange(0, 10, 3, dtype=dt), backend, np.arange(0, 10, 3, dtype=dtype))
    check(xp.arange(mx - 3, mx, dtype=dt), backend, np.arange(mx - 3, mx, dtype=dtype))
    check(xp.zeros((3,), dtype=dt), backend, np.zeros(3, dtype))
    check(xp.ones((3,), dtype=dt), backend, np.ones(3, dtype))
    check(xp.eye(3, k=1, dtype=dt), backend, np.eye(3, k=1, dtype=dtype))
    check(xp.linspace(0, 100, 5, dtype=dt), backend, np.linspace(0, 100, 5).astype(dtype))
    t = make(backend, values(dtype))
    check(xp.full_like(t, mx), backend, np.full((2, 4), mx, dtype))
    assert t[1, 0].item() == mx and int(t[1, 0]) == mx


def test_indexing(backend, dtype):
    a = values(dtype)
    mx = int(np.iinfo(dtype).max)
    t = make(backend, a)
    check(t[t > 2], backend, a[a > 2], dtype)
    for index in (slice(1, None), slice(None, 1), slice(None, None, 2), slice(None, None, -1), 1):
        check(t[index], backend, a[index], dtype)  # (a slice of step None is PyTorch's view)
    check(ut.flip(t, axis=1), backend, np.flip(a, axis=1), dtype)
    check(ut.concat([t, t], axis=0), backend, np.concatenate([a, a]), dtype)
    u = t + 0
    u[0, 1] = mx
    u[u == 2] = mx // 2 + 1
    b = a.copy()
    b[0, 1] = mx
    b[b == 2] = mx // 2 + 1
    check(u, backend, b, dtype)


@pytest.mark.parametrize("dtype_", WIDE, ids=lambda d: np.dtype(d).name)
def test_products(backend, dtype_):
    skip_narrowed(backend, dtype_)
    a, b = values(dtype_), others(dtype_).T
    ta, tb = make(backend, a), make(backend, b)
    with np.errstate(over="ignore"):
        check(ta @ tb, backend, a @ b, dtype_)
        check(ut.tensordot(ta, tb, axes=1), backend, np.tensordot(a, b, 1), dtype_)


def test_manipulation(backend, dtype):
    a = values(dtype)
    t = make(backend, a)
    check(ut.tile(t, (2, 1)), backend, np.tile(a, (2, 1)), dtype)
    check(ut.repeat(t, 2, axis=0), backend, np.repeat(a, 2, axis=0), dtype)
    counts = np.array([1, 2])
    check(ut.repeat(t, make(backend, counts), axis=0), backend, np.repeat(a, counts, 0), dtype)
    check(ut.reshape(t, (4, 2)), backend, a.reshape(4, 2), dtype)
    check(ut.roll(t, 1, axis=1), backend, np.roll(a, 1, axis=1), dtype)
    check(ut.stack([t, t]), backend, np.stack([a, a]), dtype)
    check(ut.moveaxis(t, 0, 1), backend, np.moveaxis(a, 0, 1), dtype)
