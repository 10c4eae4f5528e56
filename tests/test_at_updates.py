"""Functional updates t.at[index].set / add / multiply / min / max."""

import numpy as np
import pytest

import unitensor as ut
from conftest import check, make, to_numpy

BASE = {
    "float32": ((np.arange(12) - 4) * 1.5).reshape(3, 4).astype(np.float32),
    "int32": (np.arange(12) - 4).reshape(3, 4).astype(np.int32),
}
MASK = np.array(
    [[True, False, False, True], [False, True, True, False], [False, False, True, True]]
)

# name -> (numpy index, builder of the index for a backend, duplicates in the last axis)
INDICES = {
    "int": (1, lambda b: 1, False),
    "slice": (slice(1, None), lambda b: slice(1, None), False),
    "neg_step_slice": (slice(None, None, -2), lambda b: slice(None, None, -2), False),
    "tuple_ints": ((1, 2), lambda b: (1, 2), False),
    "tuple_int_slice": ((2, slice(1, 3)), lambda b: (2, slice(1, 3)), False),
    "ut_index_col": ((slice(None), 1), lambda b: ut.index[:, 1], False),
    "list_dup": ([0, 0, 2], lambda b: [0, 0, 2], False),
    "list_neg_dup": ([-1, 2, 0], lambda b: [-1, 2, 0], False),
    "tensor_dup": (
        np.array([0, 0, 2]),
        lambda b: make(b, np.array([0, 0, 2], dtype=np.int32)),
        False,
    ),
    "pairs_dup": (
        ([0, 0, 1, 0], [1, 1, 3, 1]),
        lambda b: ([0, 0, 1, 0], [1, 1, 3, 1]),
        True,
    ),
    "col_dup": ((slice(None), [0, 0, 3]), lambda b: ut.index[:, [0, 0, 3]], True),
    "mask_ndarray": (MASK, lambda b: MASK, False),
    "mask_tensor": (MASK, lambda b: make(b, MASK), False),
    "row_mask_list": ([True, False, True], lambda b: [True, False, True], False),
}

OPS = {
    "set": None,
    "add": np.add,
    "multiply": np.multiply,
    "min": np.minimum,
    "max": np.maximum,
}

SCALARS = {
    ("float32", "set"): 2.5,
    ("float32", "add"): 2.5,
    ("float32", "multiply"): -2.0,
    ("float32", "min"): 0.5,
    ("float32", "max"): 0.5,
    ("int32", "set"): 3,
    ("int32", "add"): 3,
    ("int32", "multiply"): -2,
    ("int32", "min"): 1,
    ("int32", "max"): 1,
}

VALUE_POOL = {
    "set": [3, -2, 5, 7, 1, -6, 4, 0],
    "add": [3, -2, 5, 7, 1, -6, 4, 0],
    "multiply": [2, -1, 3, 2, -2, 1, 3, -1],
    "min": [3, -2, 5, -7, 1, -6, 4, 0],
    "max": [3, -2, 5, 7, 1, -6, 4, 0],
}


# every index form on float32; the integer-array and basic forms on int32 too
CASES = [(i, "float32") for i in INDICES] + [
    (i, "int32") for i in ("ut_index_col", "list_dup", "pairs_dup", "mask_tensor")
]


def np_expected(a, np_index, op, values):
    e = a.copy()
    if op == "set":
        e[np_index] = values
    else:
        OPS[op].at(e, np_index, values)
    return e


def tensor_values(op, dtype, indexed_shape, dup_inner):
    """Values broadcast against the indexed region: a row of its last axis, or 0-d."""
    if (op == "set" and dup_inner) or len(indexed_shape) == 0:
        return np.array(VALUE_POOL[op][0], dtype=dtype)
    n = indexed_shape[-1]
    v = np.array(VALUE_POOL[op][:n], dtype=dtype)
    if dtype == "float32" and op in ("set", "add", "min", "max"):
        v = v * np.float32(0.5)
    return v


def apply(t, index, op, values):
    return getattr(t.at[index], op)(values)


@pytest.mark.parametrize("op", list(OPS))
@pytest.mark.parametrize(("index", "dtype"), CASES)
def test_at_scalar(backend, index, dtype, op):
    a = BASE[dtype]
    np_index, build, _ = INDICES[index]
    value = SCALARS[(dtype, op)]
    t = make(backend, a)
    out = apply(t, build(backend), op, value)
    assert out is not t
    assert type(out) is type(t)
    check(out, backend, np_expected(a, np_index, op, value), dtype)
    check(t, backend, a)  # t unchanged


@pytest.mark.parametrize("op", list(OPS))
@pytest.mark.parametrize(("index", "dtype"), CASES)
def test_at_tensor_values(backend, index, dtype, op):
    a = BASE[dtype]
    np_index, build, dup_inner = INDICES[index]
    v = tensor_values(op, dtype, a[np_index].shape, dup_inner)
    t = make(backend, a)
    vt = make(backend, v)
    out = apply(t, build(backend), op, vt)
    check(out, backend, np_expected(a, np_index, op, v), dtype)
    check(t, backend, a)  # t unchanged
    check(vt, backend, v)  # values unchanged


@pytest.mark.parametrize("op", list(OPS))
def test_at_zero_d_tensor_value(backend, op):
    a = BASE["float32"]
    v = np.array(VALUE_POOL[op][2], dtype=np.float32)
    out = apply(make(backend, a), [0, 0, 2], op, make(backend, v))
    check(out, backend, np_expected(a, [0, 0, 2], op, v), np.float32)


@pytest.mark.parametrize("op", list(OPS))
def test_at_float_tensor_int_values_keeps_dtype(backend, op):
    a = BASE["float32"]
    v = np.array(VALUE_POOL[op][:4], dtype=np.int32)
    out = apply(make(backend, a), [2, 0, 2], op, make(backend, v))
    check(out, backend, np_expected(a, [2, 0, 2], op, v.astype(np.float32)), np.float32)


def test_at_add_duplicates_accumulate(backend):
    a = np.zeros(4, dtype=np.float32)
    out = make(backend, a).at[[0, 0, 2]].add(1)
    check(out, backend, np.array([2.0, 0.0, 1.0, 0.0]), np.float32)
    ai = np.zeros(4, dtype=np.int32)
    out = make(backend, ai).at[[0, 0, 0, 3]].add(1)
    check(out, backend, np.array([3, 0, 0, 1]), np.int32)


def test_at_multiply_min_max_duplicates_accumulate(backend):
    a = np.array([1.0, 2.0, 3.0, 4.0], dtype=np.float32)
    t = make(backend, a)
    idx = [0, 0, 3, 3]
    check(t.at[idx].multiply(3), backend, np.array([9.0, 2.0, 3.0, 36.0]), np.float32)
    v = make(backend, np.array([5.0, -1.0, 0.0, 7.0], dtype=np.float32))
    check(t.at[idx].min(v), backend, np.array([-1.0, 2.0, 3.0, 0.0]), np.float32)
    check(t.at[idx].max(v), backend, np.array([5.0, 2.0, 3.0, 7.0]), np.float32)
    check(t.at[idx].add(v), backend, np.array([5.0, 2.0, 3.0, 11.0]), np.float32)
    check(t, backend, a)


def test_at_results_independent(backend):
    a = BASE["float32"]
    t = make(backend, a)
    u = t.at[0].set(100.0)
    w = u.at[0].add(1.0)
    check(t, backend, a)
    e = a.copy()
    e[0] = 100.0
    check(u, backend, e)
    e2 = e.copy()
    e2[0] += 1.0
    check(w, backend, e2)
    assert not np.shares_memory(to_numpy(t), to_numpy(u)) or backend != "numpy"


# index forms that mix tensors, slices and several advanced indices
MIXED = {
    "tensor_rows_slice": (
        (np.array([0, 0, 2]), slice(1, 3)),
        lambda b: (make(b, np.array([0, 0, 2], dtype=np.int32)), slice(1, 3)),
    ),
    "tensor_pairs_dup": (
        (np.array([0, 2, 0]), np.array([1, 3, 1])),
        lambda b: (
            make(b, np.array([0, 2, 0], dtype=np.int32)),
            make(b, np.array([1, 3, 1], dtype=np.int32)),
        ),
    ),
    "list_int": (([0, 0], 1), lambda b: ut.index[[0, 0], 1]),
    "index_2d": (np.array([[0, 0], [2, 0]]), lambda b: [[0, 0], [2, 0]]),
}


@pytest.mark.parametrize("op", ["add", "multiply", "max"])
@pytest.mark.parametrize("index", list(MIXED))
def test_at_mixed_index_forms(backend, index, op):
    a = BASE["float32"]
    np_index, build = MIXED[index]
    value = SCALARS[("float32", op)]
    t = make(backend, a)
    check(apply(t, build(backend), op, value), backend, np_expected(a, np_index, op, value))
    check(t, backend, a)


@pytest.mark.parametrize("op", list(OPS))
def test_at_broadcast_column_values(backend, op):
    a = BASE["float32"]
    v = np.array([[2.0], [-1.0], [3.0]], dtype=np.float32)  # (3, 1) against (3, 4)
    out = apply(make(backend, a), [0, 0, 2], op, make(backend, v))
    check(out, backend, np_expected(a, [0, 0, 2], op, v), np.float32)


@pytest.mark.parametrize("op", ["set", "add", "min"])
def test_at_float64_values_keep_float32(backend, op):
    a = BASE["float32"]
    v = np.array([2.0, -1.0, 3.0, 0.5])
    out = apply(make(backend, a), 1, op, make(backend, v))
    check(out, backend, np_expected(a, 1, op, v.astype(np.float32)), np.float32)


@pytest.mark.parametrize("op", ["set", "add", "max"])
@pytest.mark.parametrize("index", [5, -6, [0, 5], ([0, 1], [1, 9])], ids=str)
def test_at_index_out_of_range(backend, op, index):
    t = make(backend, np.zeros((4, 4), dtype=np.float32)[0])  # shape (4,)
    if isinstance(index, tuple):
        t = make(backend, np.zeros((4, 4), dtype=np.float32))
    with pytest.raises(IndexError):
        apply(t, index, op, 1.0)


# Index values JAX without 64-bit mode wrapped around in its int32, and below -size
WIDE = [2**31, 2**32, 2**40, -(2**31) - 1, -(2**32)]
B = np.arange(12, dtype=np.float32).reshape(3, 4)


@pytest.mark.parametrize("value", WIDE, ids=str)
def test_updates_at_index_arrays_beyond_int32_raise(backend, value):
    """``t.at[np.array([2**32])].set(9.0)`` wrote row 0 on JAX (its int32 wrapped the index
    around); every update raises, as NumPy's ``t[idx] = v`` does, and changes nothing."""
    for idx in (np.array([value]), [value]):
        t = make(backend, B)
        for update in (
            lambda t, i: t.at[i].set(9.0),
            lambda t, i: t.at[:, i].add(1.0),
            lambda t, i: t.at[i, 1].max(5.0),
            lambda t, i: t.index_update(i, 9.0),
        ):
            with pytest.raises(ut.IndexOutOfRangeError, match=rf"index {value} is out of bounds"):
                update(t, idx).numpy()
        with pytest.raises(ut.IndexOutOfRangeError, match=rf"index {value} is out of bounds"):
            t[idx] = 9.0
        check(t, backend, B)  # unchanged
    expected = B.copy()
    expected[[2, -3]] = 9.0
    check(make(backend, B).at[np.array([2, -3])].set(9.0), backend, expected)
