"""Tensor properties and basic methods: shape, dtype, numpy(), item, astype, len, ..."""

import warnings

import numpy as np
import pytest

import unitensor as ut
from conftest import (
    as_np_dtype,
    check,
    expected_dtype,
    make,
    native,
    randint,
    randn,
    supports_float64,
    to_numpy,
)

X3 = randn(2, 3, 4)
XI = randint(2, 3)


@pytest.mark.parametrize("dtype", [np.float32, np.int32, np.bool_])
def test_shape_ndim_size_dtype(backend, dtype):
    a = X3.astype(dtype)
    t = make(backend, a)
    assert t.shape == (2, 3, 4)
    assert isinstance(t.shape, tuple)
    assert all(type(s) is int for s in t.shape)
    assert t.ndim == 3
    assert type(t.ndim) is int
    assert t.size == 24
    assert type(t.size) is int
    assert as_np_dtype(t.dtype) == np.dtype(dtype)
    assert t.dtype == t.raw.dtype


def test_scalar_and_empty_shapes(backend):
    t0 = make(backend, np.array(1.5, dtype=np.float32))
    assert t0.shape == ()
    assert t0.ndim == 0
    assert t0.size == 1
    te = make(backend, np.zeros((0, 3), dtype=np.float32))
    assert te.shape == (0, 3)
    assert te.ndim == 2
    assert te.size == 0


def test_raw_is_native_and_unchanged(backend):
    raw = native(backend, XI)
    t = ut.astensor(raw)
    assert t.raw is raw
    check(t, backend, XI)


def test_device(backend):
    raw = native(backend, XI)
    t = ut.astensor(raw)
    assert t.device is not None
    if backend == "torch":
        assert t.device == raw.device


@pytest.mark.parametrize("dtype", [np.float32, np.int32, np.bool_])
def test_T_reverses_all_axes(backend, dtype):
    a = X3.astype(dtype)
    t = make(backend, a)
    check(t.T, backend, a.T)
    check(make(backend, a[0]).T, backend, a[0].T)
    check(make(backend, a[0, 0]).T, backend, a[0, 0])


@pytest.mark.parametrize("dtype", [np.float32, np.int32, np.bool_])
def test_numpy_returns_readonly_array(backend, dtype):
    a = X3.astype(dtype)
    t = make(backend, a)
    n = t.numpy()
    assert isinstance(n, np.ndarray)
    assert n.dtype == expected_dtype(backend, dtype)
    np.testing.assert_array_equal(n, a)
    assert not n.flags.writeable
    with pytest.raises(ValueError):
        n[0, 0, 0] = 1
    # the tensor is unaffected
    np.testing.assert_array_equal(to_numpy(t), a)


def test_numpy_of_numpy_tensor_does_not_make_raw_readonly():
    raw = XI.copy()
    t = ut.astensor(raw)
    n = t.numpy()
    assert not n.flags.writeable
    assert raw.flags.writeable
    raw[0, 0] = 42  # must still be possible
    assert raw[0, 0] == 42


@pytest.mark.parametrize(
    ("value", "dtype", "pytype"),
    [(1.5, np.float32, float), (-3, np.int32, int), (True, np.bool_, bool)],
)
def test_item(backend, value, dtype, pytype):
    t = make(backend, np.array(value, dtype=dtype))
    v = t.item()
    assert type(v) is pytype
    assert v == value
    t1 = make(backend, np.array([[value]], dtype=dtype))
    v1 = t1.item()
    assert type(v1) is pytype
    assert v1 == value


A_FRAC = np.array([[1.7, -2.5, 0.0], [3.2, -0.4, 5.9]], dtype=np.float32)


@pytest.mark.parametrize("name", ["float32", "float64", "int32", "int64", "bool", "int8", "uint8"])
def test_astype_string(backend, name):
    a = np.abs(A_FRAC) if name == "uint8" else A_FRAC
    t = make(backend, a)
    out = t.astype(name)
    check(out, backend, a.astype(name))


@pytest.mark.parametrize("name", ["float32", "float64", "int32", "int64", "bool"])
def test_astype_numpy_dtype(backend, name):
    t = make(backend, A_FRAC)
    check(t.astype(np.dtype(name)), backend, A_FRAC.astype(name))
    check(t.astype(getattr(np, name if name != "bool" else "bool_")), backend, A_FRAC.astype(name))


def _native_dtype(backend, name):
    if backend == "numpy":
        return np.dtype(name)
    if backend == "torch":
        import torch

        return getattr(torch, name)
    if backend == "tensorflow":
        import tensorflow as tf

        return tf.as_dtype(name)
    import jax.numpy as jnp

    return getattr(jnp, name if name != "bool" else "bool_")


@pytest.mark.parametrize("name", ["float32", "int32", "bool", "float64", "int64"])
def test_astype_native_dtype(backend, name):
    t = make(backend, A_FRAC)
    out = t.astype(_native_dtype(backend, name))
    check(out, backend, A_FRAC.astype(name))


def test_astype_from_int_and_bool(backend):
    t = make(backend, XI)
    check(t.astype("float32"), backend, XI.astype(np.float32))
    check(t.astype("bool"), backend, XI.astype(bool))
    tb = make(backend, XI > 0)
    check(tb.astype("int32"), backend, (XI > 0).astype(np.int32))
    check(tb.astype("float32"), backend, (XI > 0).astype(np.float32))


def test_astype_does_not_modify_input(backend):
    t = make(backend, A_FRAC)
    t.astype("int32")
    check(t, backend, A_FRAC)


def test_float32_method(backend):
    check(make(backend, XI).float32(), backend, XI.astype(np.float32))
    check(make(backend, A_FRAC).float32(), backend, A_FRAC)
    check(make(backend, XI > 0).float32(), backend, (XI > 0).astype(np.float32))


def test_float64_method(backend):
    out = make(backend, XI).float64()
    # values are always checked; on JAX without x64 the dtype is float32 (expected_dtype)
    check(out, backend, XI.astype(np.float64))
    out2 = make(backend, A_FRAC).float64()
    check(out2, backend, A_FRAC.astype(np.float64))
    if supports_float64(backend):
        assert as_np_dtype(out2.dtype) == np.float64


def test_len(backend):
    assert len(make(backend, X3)) == 2
    assert len(make(backend, X3[0])) == 3
    assert len(make(backend, np.zeros((0, 2), np.float32))) == 0


def test_len_of_scalar_raises_typeerror(backend):
    t = make(backend, np.array(1.0, dtype=np.float32))
    with pytest.raises(TypeError):
        len(t)


def test_iter_of_scalar_raises_typeerror(backend):
    t = make(backend, np.array(1.0, dtype=np.float32))
    with pytest.raises(TypeError):
        list(t)


def test_iter_of_a_0d_tensor_raises_at_once(backend):
    """iter() itself raises for a 0-d tensor, as for a 0-d NumPy array, so np.iterable is
    False (matplotlib, through SciPy's dendrogram, asks np.iterable of 0-d results)."""
    a = np.array(1.5, dtype=np.float32)
    t = make(backend, a)
    with pytest.raises(TypeError, match="iteration over a 0-d tensor"):
        iter(t)
    assert np.iterable(t) is np.iterable(a) is False
    assert np.iterable(make(backend, X3)) is True
    assert np.iterable(make(backend, np.zeros((0, 2), np.float32))) is True
    assert list(make(backend, np.zeros((0, 2), np.float32))) == []
    check(make(backend, X3).sum(), backend, X3.sum())  # a reduction's 0-d result too
    with pytest.raises(TypeError, match="0-d"):
        iter(make(backend, X3).sum())


@pytest.mark.parametrize("dtype", [np.float32, np.int32])
def test_iter_over_first_dim(backend, dtype):
    a = X3.astype(dtype)
    t = make(backend, a)
    rows = list(t)
    assert len(rows) == 2
    for row, expected in zip(rows, a, strict=True):
        assert isinstance(row, type(t))
        check(row, backend, expected)
    vals = list(make(backend, a[0, :, 0]))
    assert len(vals) == 3
    for v, expected in zip(vals, a[0, :, 0], strict=True):
        check(v, backend, expected)


@pytest.mark.parametrize(
    ("value", "dtype", "truth"),
    [
        (0.0, np.float32, False),
        (2.5, np.float32, True),
        (0, np.int32, False),
        (-1, np.int32, True),
        (True, np.bool_, True),
        (False, np.bool_, False),
    ],
)
def test_bool_of_size_one(backend, value, dtype, truth):
    assert bool(make(backend, np.array(value, dtype=dtype))) is truth
    assert bool(make(backend, np.array([[value]], dtype=dtype))) is truth


def test_bool_of_larger_tensor_raises_valueerror(backend):
    t = make(backend, np.array([True, False]))
    with pytest.raises(ValueError):
        bool(t)
    with pytest.raises(ValueError):
        if make(backend, X3) > 0:
            pass


def test_comparison_result_usable_in_if(backend):
    t = make(backend, np.array(3.0, dtype=np.float32))
    assert (t > 2) is not None
    if t > 2:
        ok = True
    else:
        ok = False
    assert ok


def test_repr(backend):
    t = make(backend, np.array([1.5, -2.25], dtype=np.float32))
    r = repr(t)
    assert isinstance(r, str)
    assert "1.5" in r
    assert "-2.25" in r
    assert isinstance(str(t), str)


def test_format(backend):
    t = make(backend, np.array(1.23456, dtype=np.float32))
    assert f"{t:.2f}" == "1.23"
    assert format(t, ".3f") == "1.235"
    ti = make(backend, np.array(42, dtype=np.int32))
    assert f"{ti:5d}" == "   42"
    assert f"{ti}" == format(ti, "")
    assert "42" in f"{ti}"


def test_not_hashable(backend):
    t = make(backend, XI)
    with pytest.raises(TypeError):
        hash(t)
    with pytest.raises(TypeError):
        {t}  # noqa: B018
    t0 = make(backend, np.array(1.0, dtype=np.float32))
    with pytest.raises(TypeError):
        hash(t0)


def test_methods_return_new_tensor_of_same_class(backend):
    t = make(backend, X3)
    out = t.square()
    assert type(out) is type(t)
    assert out is not t
    check(t, backend, X3)


@pytest.mark.parametrize("name", ["int32", "float64", "bool", "uint8"])
def test_astype_function_form(backend, name):
    a = np.array([[1.5, -2.0], [0.0, 3.0]], dtype=np.float32)
    if name == "uint8":
        a = np.abs(a)  # casting a negative float to an unsigned type is undefined
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # JAX without 64-bit mode narrows
        check(ut.astype(make(backend, a), name), backend, a.astype(name))
