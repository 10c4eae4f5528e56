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


IN_PLACE = [
    ("+=", operator.iadd, operator.add, 2.0),
    ("-=", operator.isub, operator.sub, 1.5),
    ("*=", operator.imul, operator.mul, 3),
    ("/=", operator.itruediv, operator.truediv, 2.0),
    ("//=", operator.ifloordiv, operator.floordiv, 2.0),
    ("%=", operator.imod, operator.mod, 4.0),
    ("**=", operator.ipow, operator.pow, 2),
]


@pytest.mark.parametrize(("symbol", "iop", "op", "other"), IN_PLACE, ids=[c[0] for c in IN_PLACE])
def test_in_place_operators_rebind_and_leave_the_input_alone(backend, symbol, iop, op, other):
    raw = native(backend, A)
    t = ut.astensor(raw)
    out = iop(t, other)
    check(out, backend, op(A, np.float32(other)).astype(np.float32))
    np.testing.assert_array_equal(to_numpy(raw), A)  # EagerPy's x -= step relies on this
    check(t, backend, A)


def test_in_place_keeps_dtype_and_shape(backend):
    t = make(backend, A.astype(np.int32))
    with pytest.raises(ut.DTypeError, match="dtype"):
        t += 1.5
    f = make(backend, A[0])
    with pytest.raises(ut.ShapeError, match="shape"):
        f += make(backend, A)
    g = make(backend, A)
    g += make(backend, A[0])  # broadcasting that keeps the shape is fine
    check(g, backend, A + A[0])
    b = make(backend, A > 2)
    b &= make(backend, A < 5)
    check(b, backend, (A > 2) & (A < 5))
    m = make(backend, np.eye(3, dtype=np.float32))
    m @= make(backend, np.full((3, 3), 2.0, np.float32))
    check(m, backend, np.eye(3, dtype=np.float32) @ np.full((3, 3), 2.0, np.float32))


def test_in_place_bitwise_operators(backend):
    n = np.array([1, 6, 12], dtype=np.int32)
    expected = {"|=": n | 3, "^=": n ^ 3, "<<=": n << 2, ">>=": n >> 1}
    for symbol, iop, other in [
        ("|=", operator.ior, 3),
        ("^=", operator.ixor, 3),
        ("<<=", operator.ilshift, 2),
        (">>=", operator.irshift, 1),
    ]:
        out = iop(make(backend, n), other)
        check(out, backend, expected[symbol])


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
