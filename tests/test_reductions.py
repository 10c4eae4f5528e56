"""Reductions: sum prod mean min max all any argmin argmax cumsum logsumexp."""

import numpy as np
import pytest

import unitensor as ut
from conftest import check, distinct, make, randint, randn, selected_backends

X = randn(2, 3, 4)
XD = distinct(2, 3, 4)  # distinct values: no ties for argmin/argmax
XI = randint(2, 3, 4, low=-9, high=10)
XP = (1.0 + 0.3 * randn(2, 3, 4, seed=3)).astype(np.float32)  # near 1 for prod
XIP = np.where(randint(2, 3, 4, seed=4) > 0, 1, -1) * randint(2, 3, 4, low=1, high=3, seed=5)
XIP = XIP.astype(np.int32)  # values in {-2, -1, 1, 2}
B = XI > 0

AXES = [None, 0, 1, 2, -1, -2, (0, 2), (-1, 0), (0, 1, 2)]
AXES_IDS = [repr(a) for a in AXES]


def forms(backend, name, arr, **kwargs):
    yield getattr(make(backend, arr), name)(**kwargs)
    yield getattr(ut, name)(make(backend, arr), **kwargs)


@pytest.mark.parametrize("keepdims", [False, True])
@pytest.mark.parametrize("axis", AXES, ids=AXES_IDS)
def test_sum(backend, axis, keepdims):
    kw = {"axis": axis, "keepdims": keepdims}
    for out in forms(backend, "sum", X, **kw):
        check(out, backend, np.sum(X.astype(np.float64), **kw), np.float32)
    for out in forms(backend, "sum", XI, **kw):
        check(out, backend, np.sum(XI, **kw), np.int64)  # np.sum of int32 -> int64 too
    for out in forms(backend, "sum", B, **kw):
        check(out, backend, np.sum(B, **kw), np.int64)


@pytest.mark.parametrize("keepdims", [False, True])
@pytest.mark.parametrize("axis", AXES, ids=AXES_IDS)
def test_prod(backend, axis, keepdims):
    kw = {"axis": axis, "keepdims": keepdims}
    for out in forms(backend, "prod", XP, **kw):
        check(out, backend, np.prod(XP.astype(np.float64), **kw), np.float32)
    for out in forms(backend, "prod", XIP, **kw):
        check(out, backend, np.prod(XIP.astype(np.int64), **kw), np.int64)
    for out in forms(backend, "prod", B, **kw):
        check(out, backend, np.prod(B, **kw), np.int64)


@pytest.mark.parametrize("keepdims", [False, True])
@pytest.mark.parametrize("axis", AXES, ids=AXES_IDS)
def test_mean(backend, axis, keepdims):
    kw = {"axis": axis, "keepdims": keepdims}
    for out in forms(backend, "mean", X, **kw):
        check(out, backend, np.mean(X.astype(np.float64), **kw), np.float32)
    # np.mean of int32 gives float64; the spec says float32
    for out in forms(backend, "mean", XI, **kw):
        check(out, backend, np.mean(XI, **kw), np.float32)


@pytest.mark.parametrize("dtype", ["float16", "float64", "complex64"])
@pytest.mark.parametrize("axis", [None, -1, (0, 2)], ids=repr)
def test_mean_keeps_the_float_dtype(backend, axis, dtype):
    a = (X * 3).astype(dtype)
    want = np.mean(a, axis=axis)  # float16 is summed in float32 by NumPy, then cast back
    for out in forms(backend, "mean", a, axis=axis):
        check(out, backend, want, dtype, rtol=1e-3 if dtype == "float16" else None)


def test_numpy_masked_array_reductions_respect_the_mask():
    # the NumPy backend calls ufunc.reduce directly, except on ndarray subclasses
    if "numpy" not in selected_backends():
        pytest.skip("numpy backend not selected")
    m = np.ma.masked_array([[1.0, 2.0, 100.0]], mask=[[False, False, True]], dtype=np.float32)
    t = ut.astensor(m)
    for name in ("sum", "prod", "mean", "min", "max"):
        for axis in (None, 1):
            got, want = getattr(t, name)(axis=axis).raw, getattr(m, name)(axis=axis)
            np.testing.assert_allclose(np.asarray(got), np.asarray(want), rtol=1e-6)
            assert np.asarray(got).dtype == np.asarray(want).dtype


def test_mean_of_an_empty_axis_is_nan(backend):
    a = np.zeros((2, 0), dtype=np.float32)
    with np.errstate(invalid="ignore"):
        check(make(backend, a).mean(axis=1), backend, np.full(2, np.nan, np.float32))


@pytest.mark.parametrize("name", ["min", "max"])
@pytest.mark.parametrize("keepdims", [False, True])
@pytest.mark.parametrize("axis", AXES, ids=AXES_IDS)
def test_min_max(backend, name, axis, keepdims):
    kw = {"axis": axis, "keepdims": keepdims}
    fn = getattr(np, name)
    for arr in (X, XI, B):
        for out in forms(backend, name, arr, **kw):
            check(out, backend, fn(arr, **kw), arr.dtype)


@pytest.mark.parametrize("name", ["all", "any"])
@pytest.mark.parametrize("keepdims", [False, True])
@pytest.mark.parametrize("axis", AXES, ids=AXES_IDS)
def test_all_any(backend, name, axis, keepdims):
    kw = {"axis": axis, "keepdims": keepdims}
    fn = getattr(np, name)
    b2 = XI > -6  # mostly True, so "all" is not trivially False
    for arr in (B, b2, XI):
        for out in forms(backend, name, arr, **kw):
            check(out, backend, fn(arr, **kw), np.bool_)


def test_float64_reductions_keep_dtype(backend):
    a = X.astype(np.float64)
    check(make(backend, a).sum(axis=1), backend, a.sum(axis=1), np.float64, rtol=1e-6)
    check(make(backend, a).mean(), backend, a.mean(), np.float64, rtol=1e-6)
    check(make(backend, a).max(axis=0), backend, a.max(axis=0), np.float64)


def test_int64_reductions(backend):
    a = XI.astype(np.int64)
    check(make(backend, a).sum(axis=-1), backend, a.sum(axis=-1), np.int64)
    check(make(backend, a).mean(axis=0), backend, a.mean(axis=0), np.float32)
    check(make(backend, a).min(), backend, a.min(), np.int64)


def test_empty_axis_tuple_reduces_nothing(backend):
    check(make(backend, X).sum(axis=()), backend, np.sum(X, axis=()), np.float32)
    check(make(backend, XI).max(axis=()), backend, np.max(XI, axis=()), np.int32)


def test_reductions_on_1d_and_0d(backend):
    v = X[0, 0]
    check(make(backend, v).sum(), backend, v.astype(np.float64).sum(), np.float32)
    check(make(backend, v).sum(axis=0, keepdims=True), backend, v.sum(axis=0, keepdims=True))
    s = np.array(2.5, dtype=np.float32)
    check(make(backend, s).sum(), backend, s.sum())
    check(make(backend, s).max(), backend, s.max())


def test_reduction_result_is_0d_tensor(backend):
    out = make(backend, X).sum()
    assert ut.istensor(out)
    assert out.shape == ()
    assert abs(out.item() - float(X.astype(np.float64).sum())) < 1e-4


# ---------------------------------------------------------------- argmin / argmax


@pytest.mark.parametrize("name", ["argmin", "argmax"])
@pytest.mark.parametrize("keepdims", [False, True])
@pytest.mark.parametrize("axis", [None, 0, 1, 2, -1, -3])
def test_argmin_argmax(backend, name, axis, keepdims):
    fn = getattr(np, name)
    kw = {"axis": axis, "keepdims": keepdims}
    for arr in (XD, distinct(2, 3, 4, dtype=np.int32, seed=8)):
        for out in forms(backend, name, arr, **kw):
            check(out, backend, fn(arr, **kw), np.int64)


def test_argmax_default_and_1d(backend):
    v = distinct(7)
    check(make(backend, v).argmax(), backend, np.argmax(v), np.int64)
    check(make(backend, v).argmin(axis=0), backend, np.argmin(v, axis=0), np.int64)
    check(ut.argmax(make(backend, XD)), backend, np.argmax(XD), np.int64)


# ---------------------------------------------------------------- cumsum


@pytest.mark.parametrize("axis", [None, 0, 1, 2, -1, -2])
def test_cumsum(backend, axis):
    for out in forms(backend, "cumsum", X, axis=axis):
        check(out, backend, np.cumsum(X.astype(np.float64), axis=axis), np.float32)
    for out in forms(backend, "cumsum", XI, axis=axis):
        check(out, backend, np.cumsum(XI, axis=axis), np.int64)
    for out in forms(backend, "cumsum", B, axis=axis):
        check(out, backend, np.cumsum(B, axis=axis), np.int64)


def test_cumsum_default_flattens(backend):
    check(make(backend, X).cumsum(), backend, np.cumsum(X.astype(np.float64)), np.float32)
    check(ut.cumsum(make(backend, XI)), backend, np.cumsum(XI), np.int64)


# ---------------------------------------------------------------- logsumexp


def np_logsumexp(a, axis=None, keepdims=False):
    a = np.asarray(a, dtype=np.float64)
    m = np.max(a, axis=axis, keepdims=True)
    out = np.log(np.sum(np.exp(a - m), axis=axis, keepdims=True)) + m
    if not keepdims:
        out = np.squeeze(out, axis=axis) if axis is not None else out.reshape(())
    return out


@pytest.mark.parametrize("keepdims", [False, True])
@pytest.mark.parametrize("axis", AXES, ids=AXES_IDS)
def test_logsumexp(backend, axis, keepdims):
    kw = {"axis": axis, "keepdims": keepdims}
    for out in forms(backend, "logsumexp", X, **kw):
        check(out, backend, np_logsumexp(X, **kw), np.float32)


def test_logsumexp_is_stable(backend):
    big = np.array([[1000.0, 1001.0, 999.0], [-1000.0, -1002.0, -1001.0]], dtype=np.float32)
    out = make(backend, big).logsumexp(axis=1)
    check(out, backend, np_logsumexp(big, axis=1), np.float32)
    out_all = make(backend, big).logsumexp()
    check(out_all, backend, np_logsumexp(big), np.float32)


def test_logsumexp_float64(backend):
    a = X.astype(np.float64)
    check(make(backend, a).logsumexp(axis=-1), backend, np_logsumexp(a, axis=-1), np.float64)


def test_reductions_do_not_modify_input(backend):
    t = make(backend, X)
    t.sum(axis=0)
    t.cumsum(axis=1)
    t.logsumexp()
    check(t, backend, X)


def test_sum_prod_of_empty(backend):
    e = np.zeros((0, 3), dtype=np.float32)
    check(make(backend, e).sum(axis=0), backend, e.sum(axis=0))
    check(make(backend, e).prod(axis=0), backend, e.prod(axis=0))
    check(make(backend, e).sum(), backend, e.sum())
    ei = np.zeros((0, 3), dtype=np.int32)
    check(make(backend, ei).sum(axis=0), backend, ei.sum(axis=0), np.int64)


@pytest.mark.parametrize("name", ["min", "max"])
def test_min_max_propagate_nan(backend, name):
    a = np.array([[1.0, np.nan, 3.0], [4.0, 5.0, -6.0]], dtype=np.float32)
    fn = getattr(np, name)
    check(getattr(make(backend, a), name)(axis=1), backend, fn(a, axis=1))
    check(getattr(make(backend, a), name)(), backend, fn(a))


# Half precision accumulates in float32 and gives the input's dtype, on every backend: the
# native kernels differ (NumPy's bfloat16 sum of 4096 values of 1.1 gave 512, TensorFlow's
# bfloat16 cumulative sum too).
HALF_REDUCTIONS = {
    "sum": lambda x: x.sum(),
    "sum_axis": lambda x: x.sum(axis=1),
    "mean": lambda x: x.mean(),
    "mean_axis": lambda x: x.mean(axis=0, keepdims=True),
    "prod": lambda x: x.prod(),
    "cumsum": lambda x: x.cumsum(),
    "cumsum_axis": lambda x: x.cumsum(axis=1),
}


def _half_input(name, dtype):
    if name == "prod":
        return np.full((8, 8), 1.01, dtype=dtype)
    return np.full((64, 64), 1.1, dtype=dtype)


@pytest.mark.parametrize("name", list(HALF_REDUCTIONS))
@pytest.mark.parametrize("dtype_name", ["float16", "bfloat16"])
def test_half_precision_accumulates_in_float32(backend, name, dtype_name):
    ml_dtypes = pytest.importorskip("ml_dtypes")
    dtype = np.dtype(np.float16) if dtype_name == "float16" else np.dtype(ml_dtypes.bfloat16)
    a = _half_input(name, dtype)
    x = make(backend, a)
    out = HALF_REDUCTIONS[name](x)
    expected = HALF_REDUCTIONS[name](a.astype(np.float32)).astype(dtype)  # NumPy's own methods
    assert out.dtype == getattr(ut, dtype_name)
    got = np.asarray(out.numpy()).astype(np.float32)
    np.testing.assert_allclose(got, expected.astype(np.float32), rtol=1e-2)


FULL_REDUCTIONS = {
    "sum": lambda x: x.sum(),
    "prod": lambda x: x.prod(),
    "mean": lambda x: x.mean(),
    "min": lambda x: x.min(),
    "max": lambda x: x.max(),
    "all": lambda x: x.all(),
    "any": lambda x: x.any(),
    "argmin": lambda x: x.argmin(),
    "argmax": lambda x: x.argmax(),
    "logsumexp": lambda x: x.logsumexp(),
    "l0": lambda x: ut.norms.l0(x),
    "l1": lambda x: ut.norms.l1(x),
    "l2": lambda x: ut.norms.l2(x),
    "l2_method": lambda x: x.norms.l2(),
    "linf": lambda x: ut.norms.linf(x),
    "lp": lambda x: ut.norms.lp(x, 3),
    "float16_mean": lambda x: x.astype("float16").mean(),
    "int_mean": lambda x: x.astype("int32").mean(),
}


@pytest.mark.parametrize("name", list(FULL_REDUCTIONS))
def test_full_reductions_on_numpy_give_numpy_scalars(name):
    """As NumPy's own reductions: a NumPy scalar, on every code path (isinstance float works)."""
    x = ut.astensor(np.array([[3.0, -4.0], [0.5, 2.0]]))
    out = FULL_REDUCTIONS[name](x)
    assert isinstance(out.raw, np.generic), type(out.raw)
    assert out.raw.shape == ()


# ------------------------------------------------ the standard's cumulative functions

CUMULATIVE = {"cumulative_sum": np.cumulative_sum, "cumulative_prod": np.cumulative_prod}
XPI = XIP  # products of values in {-2, -1, 1, 2} stay small


@pytest.mark.parametrize("include_initial", [False, True])
@pytest.mark.parametrize("axis", [0, 1, 2, -1, -3])
@pytest.mark.parametrize("name", list(CUMULATIVE))
def test_cumulative(backend, name, axis, include_initial):
    fn = CUMULATIVE[name]
    kw = {"axis": axis, "include_initial": include_initial}
    data = XP if name == "cumulative_prod" else X
    for out in forms(backend, name, data, **kw):
        check(out, backend, fn(data.astype(np.float64), **kw), np.float32)
    for out in forms(backend, name, XPI, **kw):
        check(out, backend, fn(XPI, **kw), np.int64)  # NumPy: int32 widens to int64
    for out in forms(backend, name, B, **kw):
        check(out, backend, fn(B, **kw), np.int64)


@pytest.mark.parametrize("name", list(CUMULATIVE))
def test_cumulative_of_1d_needs_no_axis_and_takes_a_dtype(backend, name):
    fn = CUMULATIVE[name]
    v = XPI[0, 0]
    check(getattr(make(backend, v), name)(), backend, fn(v), np.int64)
    check(getattr(ut, name)(make(backend, v), dtype="float32"), backend, fn(v, dtype=np.float32))
    check(
        getattr(make(backend, v[:0]), name)(include_initial=True),
        backend,
        fn(v[:0], include_initial=True),
        np.int64,
    )


@pytest.mark.parametrize("name", list(CUMULATIVE))
def test_cumulative_of_nd_needs_an_axis(backend, name):
    with pytest.raises(ut.ShapeError, match="needs an axis"):
        getattr(make(backend, X), name)()
    with pytest.raises(ut.AxisError):
        getattr(make(backend, X), name)(axis=3)
