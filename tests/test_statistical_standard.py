"""The standard's var, std, sum/prod with dtype= and diff against NumPy 2, on every backend.

Every expected value is computed with NumPy directly (``np.var`` / ``np.std``
with ``correction``, ``np.sum`` / ``np.prod`` with ``dtype``, ``np.diff``).
"""

import math
import warnings

import numpy as np
import pytest

import unitensor as ut
from conftest import check, make, supports_float64

NAN = np.nan

X = np.array([[1.0, 2.5, -3.0, 4.0], [0.5, 0.5, 0.5, 0.5], [7.0, -1.0, 2.0, 8.0]], np.float32)
XN = X.copy()
XN[1, 2] = NAN
XI = np.array([[3, -1, 4, 1], [5, 9, -2, 6], [5, 3, 5, 8]], np.int32)
X3 = (np.arange(24, dtype=np.float64).reshape(2, 3, 4) % 7) * 1.25 - 3.0  # exact in float32

# (array, axes that are valid for it)
VAR_CASES = {
    "float32": (X, [None, 0, -1, (0, 1), ()]),
    "float32-nan": (XN, [None, 1]),
    "int32": (XI, [None, (1,)]),
    "bool": (XI > 2, [1]),
    "float64-3d": (X3, [(0, 2)]),
    "float16": (X.astype(np.float16), [None]),
    "0-d": (np.array(3.0, np.float32), [None, ()]),
    "empty": (np.zeros((2, 0), np.float32), [None, 1]),
}


def _var_params():
    for name, (arr, axes) in VAR_CASES.items():
        for axis in axes:
            yield pytest.param(arr, axis, id=f"{name}-{axis}")


def _np_var(arr, axis, correction, keepdims):
    """NumPy's var with the standard's special case: NaN where M - correction <= 0."""
    a = arr.astype(np.float64)
    axes = tuple(range(a.ndim)) if axis is None else axis if isinstance(axis, tuple) else (axis,)
    count = math.prod(a.shape[i] for i in axes)
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore", RuntimeWarning)
        out = np.var(a, axis=axis, correction=correction, keepdims=keepdims)
    if count - correction <= 0:
        out = np.full(np.shape(out), NAN)
    return np.asarray(out)


def _result_dtype(arr):
    return arr.dtype if arr.dtype.kind == "f" else np.dtype(np.float32)


@pytest.mark.parametrize("correction", [0, 1, 1.5, 40])
@pytest.mark.parametrize(("arr", "axis"), list(_var_params()))
def test_var_std(backend, arr, axis, correction):
    dtype = _result_dtype(arr)
    rtol = 1e-2 if dtype == np.float16 else None
    t = make(backend, arr)
    for keepdims in (False, True):
        var = _np_var(arr, axis, correction, keepdims)
        got = t.var(axis=axis, correction=correction, keepdims=keepdims)
        check(got, backend, var, dtype, rtol=rtol)
        check(ut.var(t, axis, correction, keepdims), backend, var, dtype, rtol=rtol)
        std = np.sqrt(var)
        got = t.std(axis=axis, correction=correction, keepdims=keepdims)
        check(got, backend, std, dtype, rtol=rtol)
        check(ut.std(t, axis, correction, keepdims), backend, std, dtype, rtol=rtol)


def test_var_defaults_and_no_warnings(backend):
    t = make(backend, X)
    check(t.var(), backend, np.var(X), np.float32)
    check(t.std(1), backend, np.std(X, axis=1), np.float32)
    # M - correction <= 0 is NaN, and no framework warns about it
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check(t.var(axis=0, correction=3), backend, np.full(4, NAN), np.float32)
        check(make(backend, X[:0]).std(), backend, np.array(NAN), np.float32)


def test_var_errors(backend):
    t = make(backend, X)
    with pytest.raises(ut.AxisError):
        t.var(axis=2)
    with pytest.raises(ut.AxisError):
        t.std(axis=(0, 0))
    with pytest.raises(ut.DTypeError, match="complex"):
        make(backend, np.array([1, 1j], np.complex64)).var()
    with pytest.raises(TypeError, match="correction"):
        t.var(correction="1")


# ------------------------------------------------------------------ sum / prod with dtype=

SUM_CASES = [
    # (array, requested dtype)
    (np.array([[100, 100, 27], [-128, 127, 5]], np.int8), "int8"),  # wraps around in int8
    (np.array([[100, 100, 27], [-128, 127, 5]], np.int8), "int16"),
    (np.array([[200, 100, 3], [255, 1, 0]], np.uint8), "uint8"),
    (XI, "float32"),
    (XI, "int64"),
    (X, "float16"),
    (X.astype(np.float16), "float32"),
    (XI > 2, "int32"),
    (XI > 2, "bool"),
    (XI, "bool"),
    (X, "int32"),
]


@pytest.mark.parametrize(("axis", "keepdims"), [(None, False), (0, True), (-1, False)])
@pytest.mark.parametrize(("arr", "dtype"), SUM_CASES, ids=[f"{a.dtype}-{d}" for a, d in SUM_CASES])
def test_sum_prod_dtype(backend, arr, dtype, axis, keepdims):
    if dtype == "int64" and not supports_float64(backend):
        pytest.skip("JAX without 64-bit mode narrows int64 (a warned, documented difference)")
    want = np.dtype(dtype)
    rtol = 1e-2 if want == np.float16 else None
    t = make(backend, arr)
    with np.errstate(all="ignore"):
        expected_sum = np.asarray(np.sum(arr, axis=axis, dtype=want, keepdims=keepdims))
        expected_prod = np.asarray(np.prod(arr, axis=axis, dtype=want, keepdims=keepdims))
    sums = (t.sum(axis, keepdims, dtype), ut.sum(t, axis=axis, keepdims=keepdims, dtype=dtype))
    for got in sums:
        check(got, backend, expected_sum, want, rtol=rtol)
    prods = (t.prod(axis=axis, keepdims=keepdims, dtype=dtype), ut.prod(t, axis, keepdims, dtype))
    for got in prods:
        check(got, backend, expected_prod, want, rtol=rtol)


def test_sum_dtype_accepts_every_dtype_form(backend):
    t = make(backend, XI)
    expected = np.sum(XI, axis=1, dtype=np.float32)
    for dtype in ("float32", np.float32, ut.float32, t.astype("float32").dtype):
        check(t.sum(axis=1, dtype=dtype), backend, expected, np.float32)
    check(t.sum(), backend, np.sum(XI), np.int64)  # dtype=None keeps the default rule
    with pytest.raises(ut.DTypeError):
        t.sum(dtype="float7")
    with pytest.raises(ut.DTypeError):
        t.prod(dtype=object)


# ------------------------------------------------------------------ diff

D = np.array([[1, 4, 9, 16, 25], [2, -3, 5, 0, 7], [0, 0, 1, 1, 0]], np.int32)
DIFF_CASES = {
    "int32": D,
    "float32-nan": XN,
    "float64-3d": X3,
    "uint8": np.array([[3, 1, 0, 255], [0, 200, 100, 7]], np.uint8),  # wraps around
    "bool": np.array([[True, False, False, True], [True, True, False, False]]),
    "1-d": D[0].astype(np.float32),
    "empty": np.zeros((3, 0), np.float32),
}


def _diff_params():
    for name, arr in DIFF_CASES.items():
        cases = [(-1, 1), (-1, 2), (-1, 6), (0, 1)] + ([(1, 2)] if arr.ndim > 2 else [])
        if name == "int32":
            cases += [(-1, 0), (0, 3)]
        for axis, n in cases:
            yield pytest.param(arr, axis, n, id=f"{name}-{axis}-{n}")


@pytest.mark.parametrize(("arr", "axis", "n"), list(_diff_params()))
def test_diff(backend, arr, axis, n):
    expected = np.diff(arr, n=n, axis=axis)
    t = make(backend, arr)
    check(t.diff(axis=axis, n=n), backend, expected, arr.dtype)
    check(ut.diff(t, axis, n), backend, expected, arr.dtype)


def test_diff_default_axis_is_last(backend):
    check(make(backend, D).diff(), backend, np.diff(D), np.int32)
    check(make(backend, X3).diff(n=2), backend, np.diff(X3, n=2), X3.dtype)


@pytest.mark.parametrize("axis", [0, 1, -1])
def test_diff_prepend_append(backend, axis):
    shape = list(D.shape)
    shape[axis] = 2
    pre = np.arange(np.prod(shape), dtype=np.int32).reshape(shape) - 3
    shape[axis] = 1
    app = np.full(shape, 10, np.int32)
    t = make(backend, D)
    for p, a in ((pre, None), (None, app), (pre, app)):
        extra = {k: v for k, v in (("prepend", p), ("append", a)) if v is not None}
        expected = np.diff(D, axis=axis, **extra)
        pt = None if p is None else make(backend, p)
        at = None if a is None else make(backend, a)
        check(t.diff(axis=axis, prepend=pt, append=at), backend, expected, np.int32)
        check(ut.diff(t, axis, 1, pt, at), backend, expected, np.int32)
    # a 0-d tensor or a Python scalar is one value at each position (NumPy broadcasts it)
    zero = np.array(0, np.int32)
    expected = np.diff(D, axis=axis, prepend=zero, append=zero)
    check(t.diff(axis=axis, prepend=make(backend, zero), append=0), backend, expected, np.int32)
    # n=2 with both, and the promoted dtype (int32 with float32 gives float32)
    pf = pre.astype(np.float32)
    expected = np.diff(D, n=2, axis=axis, prepend=pf, append=app)
    check(
        t.diff(axis=axis, n=2, prepend=make(backend, pf), append=make(backend, app)),
        backend,
        expected,
        np.float32,
    )


def test_diff_python_scalar_takes_the_tensors_dtype(backend):
    """NumPy would make prepend=1 an int64 array; here it is int8, as the tensor."""
    x = np.array([5, -7, 100], np.int8)
    expected = np.diff(x, prepend=np.array(1, np.int8), append=np.array(-100, np.int8))
    check(make(backend, x).diff(prepend=1, append=-100), backend, expected, np.int8)
    # a float scalar with an integer tensor gives float32 (int + float gives the float's dtype)
    expected = np.diff(x.astype(np.float32), prepend=np.float32(0.5))
    check(make(backend, x).diff(prepend=0.5), backend, expected, np.float32)


def test_diff_errors(backend):
    t = make(backend, D)
    with pytest.raises(ut.ShapeError, match="0-d"):
        make(backend, np.array(1.0, np.float32)).diff()
    with pytest.raises(ut.AxisError):
        t.diff(axis=2)
    with pytest.raises(ValueError, match="non-negative"):
        t.diff(n=-1)
    with pytest.raises(TypeError, match="n must be an int"):
        t.diff(n=1.0)
    with pytest.raises(ut.ShapeError, match="differ off axis"):
        t.diff(axis=1, prepend=make(backend, np.zeros((2, 1), np.int32)))
    with pytest.raises(ut.ShapeError, match="differ off axis"):
        t.diff(axis=0, append=make(backend, np.zeros(5, np.int32)))
    other = "numpy" if backend != "numpy" else "torch"
    with pytest.raises(ut.FrameworkMixError):
        t.diff(prepend=make(other, np.zeros((3, 1), np.int32)))
