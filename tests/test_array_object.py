"""The tensor is the Array API standard's array object: namespace, devices, DLPack,
conversions, in-place operators and item assignment, on every backend."""

from __future__ import annotations

import operator

import numpy as np
import pytest

import unitensor as ut
from conftest import check, make, native, to_numpy

A = np.arange(6, dtype=np.float32).reshape(2, 3)


def test_array_namespace_is_the_backends_and_versions_are_checked(backend):
    t = make(backend, A)
    xp = t.__array_namespace__()
    assert xp.__name__ == f"unitensor.array_api.{backend}"
    assert xp.__array_api_version__ == "2025.12"
    assert t.__array_namespace__(api_version="2025.12") is xp
    old = t.__array_namespace__(api_version="2024.12")
    assert old.__array_api_version__ == "2024.12" and old is not xp
    with pytest.raises(ValueError, match=r"2021\.12"):
        t.__array_namespace__(api_version="2021.12")


def test_to_device(backend):
    t = make(backend, A)
    assert t.to_device(t.device) is t
    for device in t.__array_namespace__().__array_namespace_info__().devices():
        check(t.to_device(device), backend, A)


def test_dlpack_round_trip(backend):
    t = make(backend, A)
    assert t.__dlpack_device__() == (1, 0)  # the CPU
    np.testing.assert_array_equal(np.from_dlpack(t), A)
    xp = t.__array_namespace__()
    check(xp.from_dlpack(t), backend, A)


def test_dlpack_of_zero_d_results(backend):
    """A reduction's 0-d result (on NumPy a NumPy scalar inside the tensor) exports as a
    0-d array of its dtype."""
    t = make(backend, A).sum()
    expected = np.sum(A)
    assert t.__dlpack_device__() == (1, 0)
    out = np.from_dlpack(t)
    assert out.shape == () and out.dtype == expected.dtype
    np.testing.assert_allclose(out, expected, rtol=1e-6)
    check(t.__array_namespace__().from_dlpack(t), backend, expected, rtol=1e-6)


def test_numpy_array_protocol(backend):
    for values in (A, A[0, 0], np.array(True)):  # 0-d too: an array, never a NumPy scalar
        out = np.asarray(make(backend, values))
        assert type(out) is np.ndarray
        np.testing.assert_array_equal(out, values)
        assert out.dtype == values.dtype and out.shape == values.shape
    converted = np.asarray(make(backend, A), dtype=np.float64)
    assert converted.dtype == np.float64
    np.testing.assert_array_equal(converted, A)
    if backend == "numpy":  # NumPy's own memory is shared, not copied
        raw = native(backend, A)
        assert np.shares_memory(np.asarray(ut.astensor(raw)), raw)
    with pytest.raises(ValueError, match="copy"):
        make(backend, A).__array__(np.float64, copy=False)


NUMPY_FUNCTIONS = {
    "var": lambda a: np.var(a),
    "sum_axis": lambda a: np.sum(a, axis=0),
    "sum_dtype": lambda a: np.sum(a, dtype=np.float64),
    "mean": lambda a: np.mean(a, axis=1, keepdims=True),
    "std": lambda a: np.std(a, ddof=1),
    "max": lambda a: np.max(a),
    "prod": lambda a: np.prod(a, axis=-1),
    "any": lambda a: np.any(a > 2),
    "cumsum": lambda a: np.cumsum(a),
    "sort": lambda a: np.sort(a[::-1], axis=0),
    "reshape": lambda a: np.reshape(a, (3, 2)),
    "transpose": lambda a: np.transpose(a),
    "clip": lambda a: np.clip(a, 1, 4),
    "round": lambda a: np.round(a / 3, 2),
    "argmax": lambda a: np.argmax(a, axis=1),
    "where": lambda a: np.where(a > 2, a, 0),
    "concatenate": lambda a: np.concatenate([a, a[:1]]),
    "stack_nested": lambda a: np.stack((a, [a[0], a[1]])),
    "dot": lambda a: np.dot(a, a.T),
    "median": lambda a: np.median(a),
    "allclose": lambda a: np.allclose(a, a),
    "array_equal": lambda a: np.array_equal(a, a),
    "linalg_norm": lambda a: np.linalg.norm(a),
}


@pytest.mark.parametrize("name", list(NUMPY_FUNCTIONS))
def test_numpy_functions_compute_on_numpy_arrays(backend, name):
    """Every NumPy function given tensors (nested in lists and tuples too) returns exactly
    what NumPy returns for the arrays: NumPy arrays and scalars, never tensors."""
    fn = NUMPY_FUNCTIONS[name]
    t = make(backend, A)
    a = np.array(A)
    expected, got = fn(a), fn(t)
    assert not isinstance(got, ut.Tensor)
    assert type(got) is type(expected), (type(got), type(expected))
    assert np.shape(got) == np.shape(expected)
    assert np.asarray(got).dtype == np.asarray(expected).dtype
    np.testing.assert_allclose(got, expected, rtol=1e-6)


def test_numpy_shape_functions_and_conversions(backend):
    t = make(backend, A)
    assert np.shape(t) == A.shape and np.ndim(t) == 2 and np.size(t) == 6
    assert np.shape(t.sum()) == () and np.ndim(t.sum()) == 0
    assert np.size(t, axis=1) == 3
    assert np.iterable(t)
    np.testing.assert_allclose(t, A)
    np.testing.assert_array_equal(t[0], A[0])
    out = np.asarray(t)
    assert type(out) is np.ndarray and out.dtype == A.dtype
    np.testing.assert_array_equal(out, A)


def test_numpy_ufuncs_on_tensors_raise_and_operators_stay_tensors(backend):
    """ufuncs are not functions here (__array_ufunc__ = None): np.exp(t) raises TypeError,
    and an ndarray operand defers to the tensor's reflected operator."""
    t = make(backend, A)
    with pytest.raises(TypeError):
        np.exp(t)
    with pytest.raises(TypeError):
        np.add(t, 1)
    check(np.float32(2) * t, backend, 2 * A)
    if backend == "numpy":
        check(A + t, backend, A + A)


def test_numpy_functions_that_write_into_a_tensor(backend):
    """A NumPy tensor is written as its array is; another framework's values reach NumPy
    read-only, so a write raises rather than go into a copy that is then lost."""
    t = make(backend, A.copy())
    if backend == "numpy":
        np.copyto(t, np.zeros_like(A))
        np.sum(make(backend, A), axis=0, out=t[0])
        check(t, backend, np.array([[3, 5, 7], [0, 0, 0]], np.float32))
        return
    with pytest.raises(ValueError, match="read-only"):
        np.copyto(t, np.zeros_like(A))
    check(t, backend, A)


@pytest.mark.parametrize(
    ("convert", "value", "expected"),
    [
        (int, np.array(-2.7, np.float32), -2),
        (int, np.array([7], np.int32), 7),
        (float, np.array(2, np.int64), 2.0),
        (complex, np.array(1.5), 1.5 + 0j),
        (operator.index, np.array(3, np.int16), 3),
        (bool, np.array([0.0]), False),
    ],
)
def test_python_conversions(backend, convert, value, expected):
    out = convert(make(backend, value))
    assert out == expected and type(out) is type(expected)


def test_python_conversions_refuse(backend):
    with pytest.raises(TypeError):
        int(make(backend, A))
    with pytest.raises(TypeError, match="integer"):
        operator.index(make(backend, np.array(1.0)))
    with pytest.raises(TypeError, match="complex"):
        float(make(backend, np.array(1 + 2j, np.complex64)))
    with pytest.raises(ValueError):
        int(make(backend, np.array(np.nan)))
    with pytest.raises(OverflowError):
        int(make(backend, np.array(np.inf)))


# NumPy and PyTorch write x op= y into the array (as their own a op= b); TensorFlow, JAX and
# Dask arrays are immutable: x is rebound and the array it held keeps its values
WRITES_THROUGH = {"numpy", "torch", "array_api_strict"}

IN_PLACE = [
    ("+=", operator.iadd, 2.0),
    ("-=", operator.isub, 1.5),
    ("*=", operator.imul, 3),
    ("/=", operator.itruediv, 2.0),
    ("//=", operator.ifloordiv, 2.0),
    ("%=", operator.imod, 4.0),
    ("**=", operator.ipow, 2),
]
INT_IN_PLACE = [
    ("&=", operator.iand, 6),
    ("|=", operator.ior, 3),
    ("^=", operator.ixor, 3),
    ("<<=", operator.ilshift, 2),
    (">>=", operator.irshift, 1),
]


def _numpy_in_place(iop, a, b):
    """NumPy's own ``a op= b`` (casting="same_kind"), on a copy of ``a``."""
    out = np.array(a, copy=True)
    return iop(out, b)


def _assert_in_place(backend, t, out, raw, expected, before):
    """x op= y wrote ``expected`` through on NumPy and PyTorch, rebound x elsewhere."""
    check(out, backend, expected)
    if backend in WRITES_THROUGH:
        assert out is t and t.raw is raw
        np.testing.assert_array_equal(to_numpy(raw), expected)
    else:
        assert out is not t
        np.testing.assert_array_equal(to_numpy(raw), before)  # the array is immutable
        check(t, backend, before)


@pytest.mark.parametrize(("symbol", "iop", "other"), IN_PLACE, ids=[c[0] for c in IN_PLACE])
def test_in_place_operators_write_into_the_array(backend, symbol, iop, other):
    for b in (other, A[0] + 1):  # a Python scalar, a tensor that broadcasts to x's shape
        raw = native(backend, A)
        t = ut.astensor(raw)
        operand = b if np.isscalar(b) else make(backend, b)
        expected = _numpy_in_place(iop, A, b if np.isscalar(b) else b.astype(np.float32))
        _assert_in_place(backend, t, iop(t, operand), raw, expected, A)


@pytest.mark.parametrize(("symbol", "iop", "other"), INT_IN_PLACE, ids=[c[0] for c in INT_IN_PLACE])
def test_in_place_integer_operators_write_into_the_array(backend, symbol, iop, other):
    n = np.array([[1, 6, 12], [-3, 7, 40]], dtype=np.int32)
    raw = native(backend, n)
    t = ut.astensor(raw)
    _assert_in_place(backend, t, iop(t, other), raw, _numpy_in_place(iop, n, other), n)


def test_in_place_matmul_and_bool_operators_write_into_the_array(backend):
    eye = np.eye(3, dtype=np.float32)
    twos = np.full((3, 3), 2.0, np.float32) + np.arange(3, dtype=np.float32)
    raw = native(backend, eye)
    t = ut.astensor(raw)
    _assert_in_place(backend, t, operator.imatmul(t, make(backend, twos)), raw, eye @ twos, eye)
    mask = A > 2
    raw = native(backend, mask)
    t = ut.astensor(raw)
    out = operator.iand(t, make(backend, A < 5))
    _assert_in_place(backend, t, out, raw, mask & (A < 5), mask)


def test_in_place_through_a_view_reaches_the_array(backend):
    """The issue's example: SciPy's oaconvolve writes through such a view."""
    r = ut.zeros(make(backend, np.zeros(1, np.float32)), (2, 4))
    v = r[1:, :2]
    v += 1
    expected = np.zeros((2, 4), np.float32)
    view = expected[1:, :2]
    view += 1
    check(v, backend, np.ones((1, 2), np.float32))
    check(r, backend, expected if backend in WRITES_THROUGH else np.zeros((2, 4), np.float32))


VIEWS = [
    # name, unitensor's view of a (4, 6) tensor, NumPy's of a (4, 6) array (a view too)
    ("slice", lambda r: r[1:, ::2], lambda a: a[1:, ::2]),
    ("slice_of_slice", lambda r: r[1:, ::2][:2, 1:], lambda a: a[1:, ::2][:2, 1:]),
    ("row", lambda r: r[2], lambda a: a[2]),
    ("ellipsis_none", lambda r: r[None, ..., 1:3], lambda a: a[None, ..., 1:3]),
    ("T", lambda r: r.T, lambda a: a.T),
    ("mT", lambda r: r.mT, lambda a: a.mT),
    ("permute_dims", lambda r: ut.permute_dims(r, (1, 0)), lambda a: np.permute_dims(a, (1, 0))),
    ("matrix_transpose", ut.matrix_transpose, np.matrix_transpose),
    ("reshape", lambda r: ut.reshape(r, (3, 8)), lambda a: np.reshape(a, (3, 8))),
    ("reshape_flat", lambda r: ut.reshape(r, (-1,)), lambda a: np.reshape(a, (-1,))),
    ("expand_dims", lambda r: ut.expand_dims(r, 0), lambda a: np.expand_dims(a, 0)),
    (
        "squeeze",
        lambda r: ut.squeeze(ut.expand_dims(r, 1), 1),
        lambda a: np.squeeze(np.expand_dims(a, 1), 1),
    ),
    ("moveaxis", lambda r: ut.moveaxis(r, 0, 1), lambda a: np.moveaxis(a, 0, 1)),
    ("transposed_slice", lambda r: r.T[::2, 1:], lambda a: a.T[::2, 1:]),
]


@pytest.mark.parametrize(("name", "view", "np_view"), VIEWS, ids=[c[0] for c in VIEWS])
def test_writes_through_views_as_numpy(backend, name, view, np_view):
    """x op= y and item assignment on a view reach the array on NumPy and PyTorch, as
    NumPy's own on its views; on TensorFlow and JAX the view alone changes."""
    base = np.arange(24, dtype=np.float32).reshape(4, 6)
    for write in ("iadd", "setitem"):
        raw = native(backend, base)
        r = ut.astensor(raw)
        v = view(r)
        expected = base.copy()
        ev = np_view(expected)
        assert np.shares_memory(ev, expected)  # NumPy gives a view: so must unitensor
        if write == "iadd":
            ev += 100
            v += 100
        else:
            ev[..., :1] = -1
            v[..., :1] = -1
        check(v, backend, ev)
        np.testing.assert_array_equal(
            to_numpy(raw), expected if backend in WRITES_THROUGH else base
        )


def test_namespace_functions_give_views_where_numpy_does(backend):
    xp = make(backend, A).__array_namespace__()
    for f in (
        lambda r: xp.reshape(r, (3, 2)),
        lambda r: xp.permute_dims(r, (1, 0)),
        lambda r: xp.squeeze(xp.expand_dims(r, axis=0), axis=0),
        lambda r: xp.expand_dims(r, axis=1),
        xp.matrix_transpose,
        lambda r: r[...],
    ):
        raw = native(backend, A)
        v = f(ut.astensor(raw))
        v *= 0
        np.testing.assert_array_equal(to_numpy(v), np.zeros(tuple(v.shape), np.float32))
        expected = np.zeros_like(A) if backend in WRITES_THROUGH else A
        np.testing.assert_array_equal(to_numpy(raw), expected)


def test_in_place_of_a_tensor_with_an_overlapping_view(backend):
    """x += x.T (PyTorch refuses operands that share memory): NumPy's result."""
    sq = np.arange(9, dtype=np.float32).reshape(3, 3)
    t = make(backend, sq)
    t += t.T
    check(t, backend, sq + sq.T)
    row = np.arange(5, dtype=np.float32)
    expected = row.copy()
    tail = expected[1:]
    tail += expected[:-1]
    t = make(backend, row)
    v = t[1:]
    v += t[:-1]
    check(v, backend, expected[1:])


# x's dtype, y (a NumPy array or a Python scalar), the in-place operator
DTYPE_RULE = [
    ("int32", np.array([1, 2, 3], np.int64), operator.iadd),
    ("int8", np.array([1, 2, 3], np.int16), operator.imul),
    ("int8", np.array([1, 2, 3], np.uint8), operator.iadd),
    ("int32", np.array([True, False, True]), operator.iadd),
    ("float32", np.array([0.5, 1.5, 2.5], np.float64), operator.iadd),
    ("float32", np.array([1, 2, 3], np.int64), operator.isub),
    ("float16", np.array([1.0, 2.0, 4.0], np.float32), operator.itruediv),
    ("complex64", np.array([1 + 1j, 2, 0.5j], np.complex128), operator.itruediv),
    ("complex64", np.array([1.0, 2.0, 0.5], np.float64), operator.imul),
    ("bool", np.array([True, False, False]), operator.ior),
    ("int32", 1.5, operator.iadd),
    ("int32", np.array([0.5, 1.0, 1.5], np.float32), operator.iadd),
    ("int64", np.array([2.0, 1.0, 4.0], np.float64), operator.itruediv),
    ("float32", 1j, operator.iadd),
    ("float32", np.array([1j, 2, 3], np.complex64), operator.imul),
    ("bool", 1, operator.iadd),
    ("bool", np.array([1, 0, 2], np.int32), operator.iadd),
    ("uint8", np.array([1, 2, 3], np.int8), operator.iadd),
    ("uint8", np.array([1, 2, 3], np.int16), operator.iadd),
]


def _dtype_case_id(case):
    x, y, op = case
    other = type(y).__name__ if np.isscalar(y) else str(y.dtype)
    return f"{x}-{op.__name__}-{other}"


@pytest.mark.parametrize(("dtype", "other", "iop"), DTYPE_RULE, ids=map(_dtype_case_id, DTYPE_RULE))
def test_in_place_dtype_rule_is_numpys_same_kind_casting(backend, dtype, other, iop):
    """The result of x op y is cast to x's dtype where NumPy's casting="same_kind"
    allows it (NumPy's own a op= b decides), else DTypeError, on every framework
    (PyTorch's own would cast an int8 result into uint8)."""
    x = np.array([4, 6, 8], dtype=dtype) if dtype != "bool" else np.array([True, False, True])
    try:
        expected = _numpy_in_place(iop, x, other)
    except TypeError:  # NumPy's UFuncOutputCastingError
        expected = None
    t = make(backend, x)
    operand = other if np.isscalar(other) else make(backend, other)
    if expected is None:
        with pytest.raises(ut.DTypeError, match="same_kind"):
            iop(t, operand)
        check(t, backend, x)  # unchanged
        return
    out = iop(t, operand)
    check(out, backend, expected, rtol=1e-3 if dtype == "float16" else None)
    assert out.dtype == t.dtype


FAST_IN_PLACE = ["__iadd__", "__isub__", "__imul__", "__itruediv__"]


@pytest.mark.parametrize("name", FAST_IN_PLACE)
def test_in_place_fast_path_equals_the_checked_path(backend, name):
    """The fast path (the framework's own a op= b) and the checked method give the same
    values, the same tensor back, and write the same array, for each kind of operand."""
    fast = getattr(ut.Tensor, name)
    checked = fast.__wrapped__
    for other in (0.5, 3, 0.0, A + 1, A[0] + 1, A.astype(np.float64) + 1, A[0, :1]):
        outcomes = []
        for f in (fast, checked, fast):  # (the second fast call has every cache filled)
            raw = native(backend, A)
            t = ut.astensor(raw)
            operand = other if np.isscalar(other) else make(backend, other)
            with np.errstate(divide="ignore", invalid="ignore"):  # (x / 0 on NumPy)
                out = f(t, operand)
            outcomes.append((to_numpy(out), out is t, to_numpy(raw)))
        for values, same, written in outcomes[1:]:
            np.testing.assert_array_equal(values, outcomes[0][0])
            assert same == outcomes[0][1]
            np.testing.assert_array_equal(written, outcomes[0][2])
    f = make(backend, A[0])
    for method in (fast, checked):
        with pytest.raises(ut.ShapeError, match="shape"):
            method(f, make(backend, A + 1))


def test_in_place_keeps_the_shape(backend):
    f = make(backend, A[0])
    with pytest.raises(ut.ShapeError, match="shape"):
        f += make(backend, A)
    check(f, backend, A[0])


def test_in_place_on_a_read_only_numpy_array_raises_numpys_error():
    a = np.arange(3.0)
    a.flags.writeable = False
    t = ut.astensor(a)
    for other in (1.0, ut.astensor(np.ones(3)), ut.astensor(np.ones(3, np.int64))):
        with pytest.raises(ValueError, match="read-only"):
            t += other
    np.testing.assert_array_equal(a, np.arange(3.0))


def test_in_place_of_a_numpy_scalar_result_rebinds():
    """NumPy's 0-d results are NumPy scalars, immutable as in NumPy: x += 1 rebinds."""
    s = ut.astensor(np.arange(4.0)).sum()
    before = s.raw
    s += 1.0
    assert s.item() == 7.0 and before == 6.0
    s += ut.astensor(np.array(1, np.int64))
    assert s.item() == 8.0 and s.dtype == ut.float64
    with pytest.raises(ut.ShapeError):  # (NumPy's scalar += array would broadcast)
        s += ut.astensor(np.ones(3))
    assert s.item() == 8.0


SETITEM = [
    ("int", 1, 9.0),
    ("slice", (slice(None), slice(1, None)), -1.0),
    ("negative_step", (slice(None), slice(None, None, -2)), 5.0),
    ("mask", A > 2, 0.5),
    ("int_array", ([0, 1], [2, 0]), 7.0),
    ("broadcast_row", (slice(None),), np.array([1.0, 2.0, 3.0], np.float32)),
    ("ellipsis", Ellipsis, 3),
]


@pytest.mark.parametrize(("name", "key", "value"), SETITEM, ids=[c[0] for c in SETITEM])
def test_setitem(backend, name, key, value):
    raw = native(backend, A)
    t = ut.astensor(raw)
    key_t = make(backend, key) if isinstance(key, np.ndarray) else key
    value_t = make(backend, value) if isinstance(value, np.ndarray) else value
    t[key_t] = value_t
    expected = A.copy()
    expected[key] = value
    check(t, backend, expected)
    # NumPy and PyTorch write in place; TensorFlow and JAX arrays are immutable
    in_place = backend in ("numpy", "torch")
    np.testing.assert_array_equal(to_numpy(raw), expected if in_place else A)
    assert (t.raw is raw) is in_place


def test_setitem_casts_to_the_tensors_dtype_and_checks(backend):
    t = make(backend, A.astype(np.int32))
    t[0, 0] = 2.9
    assert to_numpy(t)[0, 0] == 2
    assert t.dtype == ut.int32
    with pytest.raises(ut.IndexOutOfRangeError):
        t[5] = 1
    with pytest.raises(ut.ShapeError):
        t[0] = make(backend, np.ones(4, np.int32))


def test_setitem_of_a_0d_result(backend):
    s = make(backend, A).sum()
    s[()] = 1.0
    check(s, backend, np.float32(1.0))
