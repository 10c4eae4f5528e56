"""The standard's searching, set and sorting functions against NumPy 2, on every backend.

count_nonzero, nonzero, searchsorted (Array API 2025.12's searching
functions), unique_all / unique_counts / unique_inverse / unique_values and
isin (its set functions), and sort / argsort with ``descending`` and
``stable``. Every expected value is computed with NumPy directly.
"""

import warnings

import numpy as np
import pytest

import unitensor as ut
from conftest import check, make, to_numpy

NAN = np.nan
INF = np.inf

F = np.array([[1.0, NAN, -0.0, 0.0], [2.0, 1.0, NAN, 3.0], [-1.5, 2.0, 0.0, 1.0]], np.float32)
I = np.array([[3, 0, -2, 3], [0, 5, 5, -2], [7, 0, 3, 1]], np.int32)
B = np.array([[True, False, True, True], [False, False, True, False]])
C = np.array([0, 1j, 2 + 0j, 0, NAN], np.complex64)
I3 = np.arange(24, dtype=np.int64).reshape(2, 3, 4) % 5
U8 = np.array([0, 200, 3, 200, 0, 255], np.uint8)

# (array, axes that are valid for it)
COUNT_CASES = {
    "float32": (F, [None, 0, 1, -1, (0, 1), ()]),
    "int32": (I, [None, 0, -1, (1, 0)]),
    "bool": (B, [None, 1, (0, 1)]),
    "complex64": (C, [None, 0]),
    "int64-3d": (I3, [None, 0, (0, 2), -2]),
    "0-d": (np.array(2.5, np.float32), [None, ()]),
    "empty": (np.zeros((2, 0), np.float32), [None, 0, 1]),
}


def _count_params():
    for name, (arr, axes) in COUNT_CASES.items():
        for axis in axes:
            yield pytest.param(arr, axis, id=f"{name}-{axis}")


@pytest.mark.parametrize("keepdims", [False, True])
@pytest.mark.parametrize(("arr", "axis"), list(_count_params()))
def test_count_nonzero(backend, arr, axis, keepdims):
    expected = np.asarray(np.count_nonzero(arr, axis=axis, keepdims=keepdims), np.int64)
    t = make(backend, arr)
    check(t.count_nonzero(axis=axis, keepdims=keepdims), backend, expected, np.int64)
    check(ut.count_nonzero(t, axis, keepdims), backend, expected, np.int64)


@pytest.mark.parametrize(
    "arr",
    [F, I, B, C, I3, U8, np.zeros((3, 0), np.float32), np.zeros(4, np.int32)],
    ids=["float32", "int32", "bool", "complex64", "int64-3d", "uint8", "empty", "zeros"],
)
def test_nonzero(backend, arr):
    expected = np.nonzero(arr)
    t = make(backend, arr)
    for got in (t.nonzero(), ut.nonzero(t)):
        assert isinstance(got, tuple) and len(got) == arr.ndim
        for g, e in zip(got, expected, strict=True):
            check(g, backend, e.astype(np.int64), np.int64)


def test_nonzero_of_0d_raises(backend):
    with pytest.raises(ut.ShapeError, match="0-d"):
        make(backend, np.array(1.0, np.float32)).nonzero()


def test_data_dependent_shapes_inside_jax_jit(backend):
    if backend != "jax":
        pytest.skip("only JAX traces arrays without values (TensorFlow's tf.where works there)")
    import jax

    x = make(backend, np.array([1, 0, 2, 2], np.int32))
    for name in ("nonzero", "unique_all", "unique_counts", "unique_inverse", "unique_values"):

        def f(raw, name=name):
            return getattr(ut.astensor(raw), name)()

        with pytest.raises(ut.DataDependentShapeError, match=f"{name}: .*jax.jit") as info:
            jax.jit(f)(x.raw)
        assert isinstance(info.value, TypeError)
    # isin, searchsorted and count_nonzero have static shapes: they trace
    out = jax.jit(lambda r: ut.astensor(r).isin(ut.astensor(r)[:2]).raw)(x.raw)
    np.testing.assert_array_equal(np.asarray(out), [True, True, False, False])


# ------------------------------------------------------------------ searchsorted

SORTED = {
    "float32": np.array([-INF, -1.0, 0.0, 0.0, 2.0, 2.0, 2.0, 5.5, INF, NAN, NAN], np.float32),
    "int32": np.array([-5, -1, 0, 0, 3, 3, 8], np.int32),
    "uint8": np.array([0, 7, 7, 200, 255], np.uint8),
    "bool": np.array([False, False, True, True, True]),
    "empty": np.zeros(0, np.float32),
}
VALUES = {
    "float32": np.array([[NAN, INF, 2.0], [-INF, 0.0, -0.0], [5.5, 6.0, -7.0]], np.float32),
    "int32": np.array([[0, 3, -6], [8, 9, 1]], np.int32),
    "uint8": np.array([7, 0, 255, 100], np.uint8),
    "bool": np.array([True, False]),
    "empty": np.array([1.0, NAN, -1.0], np.float32),
}


@pytest.mark.parametrize("side", ["left", "right"])
@pytest.mark.parametrize("name", list(SORTED))
def test_searchsorted(backend, name, side):
    x1, x2 = SORTED[name], VALUES[name]
    expected = np.searchsorted(x1, x2, side=side).astype(np.int64)
    t = make(backend, x1)
    check(t.searchsorted(make(backend, x2), side=side), backend, expected, np.int64)
    check(ut.searchsorted(t, make(backend, x2), side), backend, expected, np.int64)
    # 0-d values and empty values
    v0 = x2.reshape(-1)[0]
    e0 = np.asarray(np.searchsorted(x1, v0, side=side), np.int64)
    check(t.searchsorted(make(backend, np.asarray(v0)), side=side), backend, e0, np.int64)
    empty = np.searchsorted(x1, x2[:0], side=side).astype(np.int64)
    check(t.searchsorted(make(backend, x2[:0]), side=side), backend, empty, np.int64)


@pytest.mark.parametrize("side", ["left", "right"])
def test_searchsorted_python_scalars_and_promotion(backend, side):
    ints = SORTED["int32"]
    t = make(backend, ints)
    for v in (3, 2.5, -100, 8.0, True):
        expected = np.asarray(np.searchsorted(ints, v, side=side), np.int64)
        check(t.searchsorted(v, side=side), backend, expected, np.int64)
    floats = SORTED["float32"]
    for v in (2.0, NAN, INF, -INF):
        expected = np.asarray(np.searchsorted(floats, np.float32(v), side=side), np.int64)
        check(make(backend, floats).searchsorted(v, side=side), backend, expected, np.int64)
    # int32 sorted, float32 values: promoted as +, to float32
    vals = np.array([0.5, 3.0, -1.0], np.float32)
    expected = np.searchsorted(ints.astype(np.float32), vals, side=side).astype(np.int64)
    check(t.searchsorted(make(backend, vals), side=side), backend, expected, np.int64)


@pytest.mark.parametrize("side", ["left", "right"])
@pytest.mark.parametrize("dtype", [np.float32, np.int32])
def test_searchsorted_sorter(backend, side, dtype):
    x1 = np.array([5, 1, 3, 3, 9, 0, 1], dtype)
    sorter = np.argsort(x1, kind="stable")
    x2 = np.array([[3, 0], [10, 1]], dtype)
    expected = np.searchsorted(x1, x2, side=side, sorter=sorter).astype(np.int64)
    t = make(backend, x1)
    got = t.searchsorted(make(backend, x2), side=side, sorter=make(backend, sorter))
    check(got, backend, expected, np.int64)
    check(t.searchsorted(make(backend, x2), side, t.argsort()), backend, expected, np.int64)


def test_searchsorted_errors(backend):
    t = make(backend, np.array([1.0, 2.0, 3.0], np.float32))
    with pytest.raises(ut.ShapeError, match="1-d"):
        make(backend, np.zeros((2, 2), np.float32)).searchsorted(1.0)
    with pytest.raises(ut.ShapeError, match="1-d"):
        make(backend, np.array(1.0, np.float32)).searchsorted(1.0)
    with pytest.raises(ValueError, match="side"):
        t.searchsorted(1.0, side="middle")
    with pytest.raises(ut.ShapeError, match="sorter"):
        t.searchsorted(1.0, sorter=make(backend, np.array([0, 1])))
    with pytest.raises(ut.DTypeError, match="sorter"):
        t.searchsorted(1.0, sorter=make(backend, np.array([0.0, 1.0, 2.0], np.float32)))
    with pytest.raises(ut.IndexOutOfRangeError):
        t.searchsorted(1.0, sorter=make(backend, np.array([0, 1, 3])))
    with pytest.raises(ut.DTypeError, match="complex"):
        make(backend, np.array([1, 2], np.complex64)).searchsorted(1.0)
    other = "numpy" if backend != "numpy" else "torch"
    with pytest.raises(ut.FrameworkMixError):
        t.searchsorted(make(other, np.array([1.0], np.float32)))


# ------------------------------------------------------------------ set functions

UNIQUE_CASES = {
    "float32-nan-zeros": F,  # NaN twice, -0.0 before 0.0
    "float16": np.array([1.5, NAN, 1.5, -2.0], np.float16),
    "int8-3d": (I3 - 2).astype(np.int8),
    "uint8": U8,
    "bool": B,
    "0-d": np.array(4, np.int32),
    "empty": np.zeros((0, 3), np.float32),
}


@pytest.mark.parametrize("arr", list(UNIQUE_CASES.values()), ids=list(UNIQUE_CASES))
def test_unique_all(backend, arr):
    e = np.unique_all(arr)
    t = make(backend, arr)
    for got in (t.unique_all(), ut.unique_all(t)):
        assert type(got).__name__ == "UniqueAllResult" and len(got) == 4
        assert got._fields == ("values", "indices", "inverse_indices", "counts")
        check(got.values, backend, e.values, arr.dtype)
        check(got.indices, backend, e.indices, np.int64)
        check(got.inverse_indices, backend, e.inverse_indices.reshape(arr.shape), np.int64)
        check(got.counts, backend, e.counts, np.int64)
        # the inverse rebuilds the input (NaN included)
        rebuilt = to_numpy(got.values)[to_numpy(got.inverse_indices)]
        np.testing.assert_array_equal(rebuilt, arr)
    if arr is F:  # -0.0 and 0.0 are one value: the first occurrence's, -0.0
        values = to_numpy(t.unique_values())
        assert np.signbit(values[values == 0]).tolist() == [True]


def _same_set(got_values, got_counts, np_result):
    """Values and counts equal NumPy's, up to order (NumPy 2.3+ leaves some unsorted)."""
    order = np.argsort(np_result.values, stable=True)
    np.testing.assert_array_equal(to_numpy(got_values), np_result.values[order])
    np.testing.assert_array_equal(to_numpy(got_counts), np_result.counts[order])


@pytest.mark.parametrize("arr", list(UNIQUE_CASES.values()), ids=list(UNIQUE_CASES))
def test_unique_counts_inverse_values(backend, arr):
    # NumPy's sorted order: np.unique (np.unique_counts and np.unique_values are hash-based
    # and unsorted for integers since NumPy 2.3; the standard leaves the order open)
    values, counts = np.unique(arr, return_counts=True, equal_nan=False)
    t = make(backend, arr)
    for got in (t.unique_counts(), ut.unique_counts(t)):
        assert got._fields == ("values", "counts")
        check(got.values, backend, values, arr.dtype)
        check(got.counts, backend, counts, np.int64)
        _same_set(got.values, got.counts, np.unique_counts(arr))
    inverse = np.unique_inverse(arr)
    for got in (t.unique_inverse(), ut.unique_inverse(t)):
        assert got._fields == ("values", "inverse_indices")
        check(got.values, backend, inverse.values, arr.dtype)
        check(got.inverse_indices, backend, inverse.inverse_indices.reshape(arr.shape), np.int64)
    check(t.unique_values(), backend, values, arr.dtype)
    check(ut.unique_values(t), backend, values, arr.dtype)
    np.testing.assert_array_equal(to_numpy(t.unique_values()), np.sort(np.unique_values(arr)))


def test_unique_of_complex_raises(backend):
    t = make(backend, np.array([1, 1j], np.complex64))
    for name in ("unique_all", "unique_counts", "unique_inverse", "unique_values"):
        with pytest.raises(ut.DTypeError, match="complex"):
            getattr(t, name)()


ISIN_CASES = {
    "float32": (F, np.array([NAN, -0.0, 2.0, 9.0], np.float32)),
    "int32-int64": (I, np.array([[0, 7], [-2, 100]], np.int64)),
    "int8-float32": (I3.astype(np.int8), np.array([1.0, 2.5, 4.0], np.float32)),
    "bool": (B, np.array([False])),
    "0-d": (np.array(3.0, np.float32), np.array([1.0, 3.0], np.float32)),
    "empty-x": (np.zeros((2, 0), np.float32), np.array([1.0], np.float32)),
    "empty-test": (F, np.zeros(0, np.float32)),
    "0-d-test": (U8, np.array(200, np.uint8)),
}


@pytest.mark.parametrize("invert", [False, True])
@pytest.mark.parametrize(("x", "test"), list(ISIN_CASES.values()), ids=list(ISIN_CASES))
def test_isin(backend, x, test, invert):
    expected = np.isin(x, test, invert=invert)
    t = make(backend, x)
    check(t.isin(make(backend, test), invert=invert), backend, expected, np.bool_)
    check(ut.isin(t, make(backend, test), invert), backend, expected, np.bool_)


def test_isin_python_scalar(backend):
    t = make(backend, I)
    check(t.isin(5), backend, np.isin(I, 5), np.bool_)
    check(t.isin(3.0, invert=True), backend, np.isin(I, 3.0, invert=True), np.bool_)
    check(make(backend, F).isin(NAN), backend, np.zeros(F.shape, bool), np.bool_)


def test_isin_errors(backend):
    with pytest.raises(ut.DTypeError, match="complex"):
        make(backend, np.array([1, 2], np.complex64)).isin(make(backend, np.array([1 + 0j])))
    other = "numpy" if backend != "numpy" else "torch"
    with pytest.raises(ut.FrameworkMixError):
        make(backend, I).isin(make(other, np.array([1], np.int32)))


# ------------------------------------------------------------------ sort / argsort


def _np_sort_desc(a, axis):
    """Stable descending sort, as the array API's NumPy (array_api_compat) defines it."""
    return np.flip(np.sort(np.flip(a, axis), axis=axis, stable=True), axis)


def _np_argsort_desc(a, axis):
    n = a.shape[axis]
    return (n - 1) - np.flip(np.argsort(np.flip(a, axis), axis=axis, stable=True), axis)


TIES_F = np.array([[2.0, NAN, 1.0, 2.0, -0.0, 0.0, NAN, 1.0], [INF, 0.0, 3.0, -INF, 3.0, 0, 1, 1]])
TIES_F = TIES_F.astype(np.float32)
TIES_I = np.array([[3, 1, 2, 1, 3, 0, 1, 2], [0, 0, 0, 0, 1, 1, 0, 0]], np.int32)
SORT_CASES = {
    "float32": TIES_F,
    "int32": TIES_I,
    "int8-3d": (I3 % 3).astype(np.int8),
    "bool": B,
    "empty": np.zeros((0, 3), np.float32),
}


def _axes(arr):
    return sorted({-1, 0, arr.ndim - 1} if arr.ndim > 1 else {-1, 0})


def _sort_params():
    for name, arr in SORT_CASES.items():
        for axis in _axes(arr):
            yield pytest.param(arr, axis, id=f"{name}-{axis}")


@pytest.mark.parametrize("stable", [True, False])
@pytest.mark.parametrize(("arr", "axis"), list(_sort_params()))
def test_sort_descending_and_stable(backend, arr, axis, stable):
    t = make(backend, arr)
    asc = np.sort(arr, axis=axis, stable=True)
    desc = _np_sort_desc(arr, axis)
    check(t.sort(axis=axis, stable=stable), backend, asc, arr.dtype)
    check(t.sort(axis=axis, descending=True, stable=stable), backend, desc, arr.dtype)
    check(ut.sort(t, axis, True, stable), backend, desc, arr.dtype)
    asc_i = np.argsort(arr, axis=axis, stable=True)
    desc_i = _np_argsort_desc(arr, axis)
    check(t.argsort(axis=axis, stable=stable), backend, asc_i, np.int64)
    check(t.argsort(axis=axis, descending=True, stable=stable), backend, desc_i, np.int64)
    check(ut.argsort(t, axis, True, stable), backend, desc_i, np.int64)


def test_descending_order_in_detail(backend):
    """Ties keep their order, NaN comes first, -0.0 and 0.0 keep their order."""
    ints = make(backend, np.array([1, 3, 1, 3], np.int32))
    check(ints.argsort(descending=True), backend, np.array([1, 3, 0, 2]), np.int64)
    floats = np.array([1.0, NAN, 0.0, -0.0, 3.0, NAN], np.float32)
    t = make(backend, floats)
    check(t.argsort(descending=True), backend, np.array([1, 5, 4, 0, 2, 3]), np.int64)
    got = to_numpy(t.sort(descending=True))
    np.testing.assert_array_equal(got, [NAN, NAN, 3.0, 1.0, 0.0, -0.0])
    assert list(np.signbit(got[-2:])) == [False, True]
    check(t[:0].sort(descending=True), backend, floats[:0])
    check(t[:0].argsort(descending=True), backend, np.zeros(0, np.int64), np.int64)


def test_sort_errors(backend):
    with pytest.raises(ut.AxisError):
        make(backend, TIES_I).sort(axis=2, descending=True)
    with pytest.raises(ut.AxisError):
        make(backend, TIES_I).argsort(axis=-3, descending=True)
    with pytest.raises(ut.DTypeError, match="complex"):
        make(backend, C).argsort(descending=True)


def test_no_warnings(backend):
    """The set functions and searchsorted warn nowhere (JAX without 64-bit mode included)."""
    t = make(backend, F)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        t.unique_all()
        t.reshape(-1).sort().searchsorted(t)
        t.isin(t)
        t.count_nonzero(axis=0)
