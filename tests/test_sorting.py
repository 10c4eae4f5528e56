"""sort, argsort (stable) and topk."""

import numpy as np
import pytest

import unitensor as ut
from conftest import check, distinct, make, to_numpy

X = distinct(3, 4, 5)  # distinct values: no tie ambiguity
XI = distinct(3, 4, 5, dtype=np.int32, seed=99)
AXES = [0, 1, 2, -1, -2, -3]


@pytest.mark.parametrize("axis", AXES)
@pytest.mark.parametrize("arr", [X, XI], ids=["float32", "int32"])
def test_sort(backend, arr, axis):
    expected = np.sort(arr, axis=axis)
    check(make(backend, arr).sort(axis=axis), backend, expected)
    check(ut.sort(make(backend, arr), axis=axis), backend, expected)


def test_sort_default_axis_is_last(backend):
    check(make(backend, X).sort(), backend, np.sort(X, axis=-1))
    check(make(backend, X[0, 0]).sort(), backend, np.sort(X[0, 0]))


@pytest.mark.parametrize("axis", AXES)
@pytest.mark.parametrize("arr", [X, XI], ids=["float32", "int32"])
def test_argsort(backend, arr, axis):
    expected = np.argsort(arr, axis=axis, kind="stable")
    check(make(backend, arr).argsort(axis=axis), backend, expected, np.int64)
    check(ut.argsort(make(backend, arr), axis=axis), backend, expected, np.int64)


def test_argsort_default_axis(backend):
    check(make(backend, X).argsort(), backend, np.argsort(X, axis=-1), np.int64)


def test_argsort_is_stable(backend):
    ties = np.array([[3, 1, 2, 1, 3, 0, 1, 2], [0, 0, 0, 0, 1, 1, 0, 0]], dtype=np.int32)
    expected = np.argsort(ties, axis=-1, kind="stable")
    check(make(backend, ties).argsort(axis=-1), backend, expected, np.int64)
    expected0 = np.argsort(ties.T, axis=0, kind="stable")
    check(make(backend, ties.T).argsort(axis=0), backend, expected0, np.int64)
    tf_ = ties.astype(np.float32)
    check(make(backend, tf_).argsort(), backend, np.argsort(tf_, kind="stable"), np.int64)


def _np_topk(a, k, axis, largest):
    order = np.argsort(-a if largest else a, axis=axis, kind="stable")
    idx = np.take(order, np.arange(k), axis=axis)
    return np.take_along_axis(a, idx, axis=axis), idx


@pytest.mark.parametrize("largest", [True, False])
@pytest.mark.parametrize("axis", AXES)
@pytest.mark.parametrize("arr", [X, XI], ids=["float32", "int32"])
def test_topk_sorted(backend, arr, axis, largest):
    k = 2
    exp_values, exp_idx = _np_topk(arr, k, axis, largest)
    for values, indices in (
        make(backend, arr).topk(k, axis=axis, largest=largest),
        ut.topk(make(backend, arr), k, axis=axis, largest=largest),
    ):
        check(values, backend, exp_values, arr.dtype)
        check(indices, backend, exp_idx, np.int64)
        # values == take_along_axis(x, indices), computed independently with numpy
        gathered = np.take_along_axis(arr, to_numpy(indices).astype(np.int64), axis=axis)
        np.testing.assert_array_equal(to_numpy(values), gathered)


@pytest.mark.parametrize("k", [1, 3, 5])
def test_topk_default_axis_and_k(backend, k):
    exp_values, exp_idx = _np_topk(X, k, -1, True)
    values, indices = make(backend, X).topk(k)
    check(values, backend, exp_values)
    check(indices, backend, exp_idx, np.int64)


@pytest.mark.parametrize("largest", [True, False])
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_topk_unsorted_has_right_set(backend, axis, largest):
    k = 3
    exp_values, _ = _np_topk(X, k, axis, largest)
    values, indices = make(backend, X).topk(k, axis=axis, largest=largest, sorted=False)
    got_v = to_numpy(values)
    got_i = to_numpy(indices).astype(np.int64)
    assert got_v.shape == exp_values.shape
    np.testing.assert_array_equal(np.sort(got_v, axis=axis), np.sort(exp_values, axis=axis))
    np.testing.assert_array_equal(got_v, np.take_along_axis(X, got_i, axis=axis))
    check(indices, backend, got_i, np.int64)  # dtype and framework


def test_topk_1d(backend):
    v = distinct(9, seed=5)
    exp_values, exp_idx = _np_topk(v, 4, 0, True)
    values, indices = make(backend, v).topk(4)
    check(values, backend, exp_values)
    check(indices, backend, exp_idx, np.int64)
    values, indices = make(backend, v).topk(4, largest=False)
    exp_values, exp_idx = _np_topk(v, 4, 0, False)
    check(values, backend, exp_values)
    check(indices, backend, exp_idx, np.int64)


def test_sorting_does_not_modify_input(backend):
    t = make(backend, X)
    t.sort(axis=0)
    t.argsort()
    t.topk(2, axis=1)
    check(t, backend, X)
