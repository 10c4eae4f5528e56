"""bfloat16 on every backend, NumPy's (``ml_dtypes``) included.

The dtype tests of ``test_dtypes.py`` for bfloat16, and its operations: a
Python scalar never widens it (``ml_dtypes`` has no weak scalars: a Python
float made NumPy's bfloat16 float32), ``matmul`` and ``clip`` keep it (their
NumPy kernels gave float32), and the bfloat16 NumPy scalars that NumPy's
reductions give wrap and combine as NumPy scalars do. Expected values are
computed in float32 from bfloat16 inputs and rounded to bfloat16 once, as
the frameworks' kernels do.
"""

from __future__ import annotations

import operator
import warnings

import numpy as np
import pytest

import unitensor as ut
from conftest import check, make, native_type, to_numpy

ml_dtypes = pytest.importorskip("ml_dtypes")
BF16 = np.dtype(ml_dtypes.bfloat16)

# bfloat16-exact values, no zeros (divisors), both signs
A32 = np.array([[1.5, -2.5, 3.0], [0.25, -0.75, 2.0]], dtype=np.float32)
B32 = np.array([[0.5, 1.25, -4.0], [2.0, 3.5, -0.5]], dtype=np.float32)
A = A32.astype(BF16)
B = B32.astype(BF16)
POSITIVE = np.abs(A32).astype(BF16)


def _bf16(x):
    """float32 (or bool) values as bfloat16 rounds them, back in float32 for comparisons."""
    x = np.asarray(x)
    return x if x.dtype == np.bool_ else x.astype(BF16).astype(np.float32)


def _check_bf16(out, backend, expected32, rtol=1e-2, atol=1e-2):
    """``check`` for a bfloat16 result (``conftest.as_np_dtype`` cannot map PyTorch's)."""
    exp = _bf16(expected32)
    if exp.dtype == np.bool_:
        check(out, backend, exp)
        return
    assert ut.istensor(out), f"expected a unitensor Tensor, got {type(out)!r}"
    assert isinstance(out.raw, native_type(backend)), type(out.raw)
    assert out.dtype == ut.bfloat16, f"dtype {out.dtype} != bfloat16"
    assert out.shape == exp.shape, f"shape {out.shape} != expected {exp.shape}"
    # the values through float32, an exact cast (TensorFlow's 0-d bfloat16 has no __array__)
    got = to_numpy(out.astype(ut.float32))
    assert got.shape == exp.shape
    np.testing.assert_allclose(got.astype(np.float64), exp, rtol=rtol, atol=atol, equal_nan=True)


# ------------------------------------------------------------------ the dtype


def test_bfloat16_dtype_object():
    d = ut.bfloat16
    assert isinstance(d, ut.DType)
    assert d.name == "bfloat16" and repr(d) == "ut.bfloat16" and d.kind == "f"
    assert np.dtype(d) == BF16 and d.dtype == BF16
    assert ut.bfloat16 == BF16 and ut.bfloat16 != ut.float16 and ut.bfloat16 != ut.float32
    assert {BF16: "bf16"}[ut.bfloat16] == "bf16"


def test_native_bfloat16_equals_ut_bfloat16(backend):
    t = make(backend, A)
    assert t.dtype == ut.bfloat16 and ut.bfloat16 == t.dtype
    for other in ("float16", "float32", "float64", "int16"):
        assert t.dtype != getattr(ut, other)


@pytest.mark.parametrize("src", ["float32", "int32", "bfloat16"])
def test_astype_to_and_from_bfloat16(backend, src):
    data = np.array([[0, 1, 2], [3, 4, 0]], dtype=np.float32)
    t = make(backend, data.astype(BF16) if src == "bfloat16" else data.astype(src))
    _check_bf16(t.astype(ut.bfloat16), backend, data)
    _check_bf16(t.astype("bfloat16"), backend, data)
    check(make(backend, data.astype(BF16)).astype(ut.float32), backend, data)
    check(make(backend, data.astype(BF16)).astype(ut.int32), backend, data.astype(np.int32))


def test_creation_in_bfloat16(backend):
    tmpl = make(backend, A32)
    _check_bf16(ut.zeros(tmpl, 3, dtype=ut.bfloat16), backend, np.zeros(3))
    _check_bf16(ut.ones(tmpl, (2, 3), dtype=ut.bfloat16), backend, np.ones((2, 3)))
    _check_bf16(ut.full(tmpl, (2, 2), 1.5, dtype=ut.bfloat16), backend, np.full((2, 2), 1.5))
    _check_bf16(ut.full_like(make(backend, A), 2), backend, np.full((2, 3), 2.0))
    _check_bf16(ut.zeros_like(make(backend, A)), backend, np.zeros((2, 3)))


def test_random_draws_in_bfloat16(backend):
    tmpl = make(backend, A)  # a bfloat16 template: bfloat16 draws
    for out in (ut.uniform(tmpl, (50,), 2.0, 3.0), ut.normal(tmpl, (2, 5))):
        assert out.dtype == ut.bfloat16
        assert out.shape == ((50,) if out.size == 50 else (2, 5))
    u = ut.uniform(tmpl, (50,), 2.0, 3.0).astype(ut.float32).numpy()
    assert np.all((u >= 2.0) & (u <= 3.0))


# ------------------------------------------------------------------ with Python scalars

SCALAR_OPS = {
    "t + 1.0": (lambda t: t + 1.0, lambda a: a + 1.0),
    "t + 1": (lambda t: t + 1, lambda a: a + 1),
    "1.0 + t": (lambda t: 1.0 + t, lambda a: 1.0 + a),
    "t - True": (lambda t: t - True, lambda a: a - 1.0),
    "1.0 - t": (lambda t: 1.0 - t, lambda a: 1.0 - a),
    "t * 2.5": (lambda t: t * 2.5, lambda a: a * 2.5),
    "t / 2.0": (lambda t: t / 2.0, lambda a: a / 2.0),
    "3.0 / t": (lambda t: 3.0 / t, lambda a: 3.0 / a),
    "t ** 2": (lambda t: t**2, lambda a: a**2),
    "t // 2.0": (lambda t: t // 2.0, lambda a: a // 2.0),
    "t % 2.0": (lambda t: t % 2.0, lambda a: a % 2.0),
    "t < 1.0": (lambda t: t < 1.0, lambda a: a < 1.0),
    "t == 1.5": (lambda t: t == 1.5, lambda a: a == 1.5),
    "t.minimum(1.0)": (lambda t: t.minimum(1.0), lambda a: np.minimum(a, 1.0)),
    "ut.maximum(0.5, t)": (lambda t: ut.maximum(0.5, t), lambda a: np.maximum(a, 0.5)),
    "t.clip(0, 1)": (lambda t: t.clip(0, 1), lambda a: np.clip(a, 0, 1)),
    "t.clip(-1.0, None)": (lambda t: t.clip(-1.0, None), lambda a: np.maximum(a, -1.0)),
    "t.clip(-1e39, 1e39)": (lambda t: t.clip(-1e39, 1e39), lambda a: a),
    "t * 1e39": (lambda t: t * 1e39, lambda a: a * np.float32(np.inf)),
    "ut.where(t > 0, t, 9.0)": (
        lambda t: ut.where(t > 0, t, 9.0),
        lambda a: np.where(a > 0, a, 9.0),
    ),
    "t + np.float64(1)": (lambda t: t + np.float64(1), lambda a: a + 1.0),
    "t * bfloat16(2)": (lambda t: t * ml_dtypes.bfloat16(2), lambda a: a * 2.0),
}


@pytest.mark.parametrize("name", list(SCALAR_OPS))
def test_python_scalars_keep_bfloat16(backend, name):
    op, reference = SCALAR_OPS[name]
    with np.errstate(over="ignore", invalid="ignore"):
        expected = reference(A32)
    for _ in range(2):  # the second call may take a fast path
        _check_bf16(op(make(backend, A)), backend, expected)


def test_pow_with_a_float_exponent(backend):
    _check_bf16(make(backend, POSITIVE) ** 0.5, backend, np.abs(A32) ** 0.5)
    _check_bf16(make(backend, POSITIVE).pow(1.5), backend, np.abs(A32) ** 1.5)


# ------------------------------------------------------------------ with tensors

TENSOR_OPS = {
    "add": operator.add,
    "sub": operator.sub,
    "mul": operator.mul,
    "truediv": operator.truediv,
    "floordiv": operator.floordiv,
    "mod": operator.mod,
    "lt": operator.lt,
    "eq": operator.eq,
    "minimum": lambda a, b: a.minimum(b) if ut.istensor(a) else np.minimum(a, b),
}


@pytest.mark.parametrize("name", list(TENSOR_OPS))
def test_bfloat16_with_bfloat16(backend, name):
    op = TENSOR_OPS[name]
    _check_bf16(op(make(backend, A), make(backend, B)), backend, op(A32, B32))


def test_matmul_keeps_bfloat16(backend):
    a, b = make(backend, A), make(backend, B)
    _check_bf16(a @ b.T, backend, A32 @ B32.T)
    _check_bf16(ut.matmul(a[0], b[1]), backend, A32[0] @ B32[1])


@pytest.mark.parametrize(
    ("other", "result"),
    [("int32", "bfloat16"), ("bool", "bfloat16"), ("float16", "float32"), ("float32", "float32")],
)
def test_bfloat16_promotion(backend, other, result):
    o = np.array([[1, 0, 2], [0, 1, 1]]).astype(other)
    out = make(backend, A) + make(backend, o)
    expected = A32 + o.astype(np.float32)
    if result == "bfloat16":
        _check_bf16(out, backend, expected)
    else:
        check(out, backend, expected.astype(result))


UNARY = ["abs", "sign", "square", "exp", "tanh", "sin", "round", "floor", "ceil", "isnan"]


@pytest.mark.parametrize("name", UNARY)
def test_elementwise_functions_keep_bfloat16(backend, name):
    out = getattr(make(backend, A), name)()
    _check_bf16(out, backend, getattr(np, name)(A32))


@pytest.mark.parametrize("name", ["sqrt", "log", "log1p"])
def test_float_functions_of_positive_bfloat16(backend, name):
    _check_bf16(getattr(make(backend, POSITIVE), name)(), backend, getattr(np, name)(np.abs(A32)))


# ------------------------------------------------------------------ reductions

REDUCTIONS = {
    "sum": (lambda t: t.sum(axis=1), lambda a: a.sum(axis=1)),
    "mean": (lambda t: t.mean(), lambda a: a.mean()),
    "max": (lambda t: t.max(axis=0), lambda a: a.max(axis=0)),
    "min": (lambda t: t.min(), lambda a: a.min()),
    "prod": (lambda t: t.prod(axis=1), lambda a: a.prod(axis=1)),
    "logsumexp": (
        lambda t: t.logsumexp(axis=1),
        lambda a: np.log(np.exp(a.astype(np.float64)).sum(axis=1)),
    ),
    "softmax": (
        lambda t: t.softmax(),
        lambda a: np.exp(a) / np.exp(a.astype(np.float64)).sum(axis=-1, keepdims=True),
    ),
    "l2": (lambda t: t.norms.l2(axis=1), lambda a: np.sqrt((a.astype(np.float64) ** 2).sum(1))),
}


@pytest.mark.parametrize("name", list(REDUCTIONS))
def test_reductions_keep_bfloat16(backend, name):
    op, reference = REDUCTIONS[name]
    _check_bf16(op(make(backend, A)), backend, reference(A32), rtol=2e-2)


# ------------------------------------------------------------------ NumPy's bfloat16 scalars


def test_bfloat16_numpy_scalars_wrap():
    t = ut.astensor(A)
    total = t.sum().raw
    assert type(total) is ml_dtypes.bfloat16
    wrapped = ut.astensor(total)
    assert type(wrapped) is ut.NumPyTensor and wrapped.raw is total
    assert wrapped.dtype == ut.bfloat16 and wrapped.shape == ()
    assert ut.astensor(t[0, 1].raw).item() == -2.5
    _check_bf16(t + total, "numpy", A32 + np.float32(A32.sum()).astype(BF16).astype(np.float32))


def test_bfloat16_numpy_scalars_combine_with_every_backend(backend):
    total = ut.astensor(A).sum().raw  # an ml_dtypes.bfloat16 scalar: a NumPy scalar
    expected = A32 + _bf16(A32.sum())
    _check_bf16(make(backend, A) + total, backend, expected)
    check(make(backend, A32) + total, backend, A32 + _bf16(A32.sum()))  # weak: float32


def test_no_float32_warning_from_numpy_kernels(backend):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        (make(backend, A) * 2.0 + 1).clip(0, 1)
