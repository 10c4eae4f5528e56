"""Creation functions: zeros ones full *_like arange from_numpy uniform normal seed."""

import numpy as np
import pytest

import unitensor as ut
from conftest import (
    as_np_dtype,
    check,
    check_meta,
    expected_dtype,
    make,
    native_type,
    randint,
    randn,
)

TF32 = randn(2, 3)
TI32 = randint(2, 3)
TB = TI32 > 0
TEMPLATES = {"float32": TF32, "int32": TI32, "bool": TB}


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

    return jnp.dtype(name)


@pytest.mark.parametrize("tname", list(TEMPLATES))
@pytest.mark.parametrize("name", ["zeros", "ones"])
def test_zeros_ones(backend, name, tname):
    tmpl = TEMPLATES[tname]
    t = make(backend, tmpl)
    fn = getattr(np, name)
    for shape in [(4, 5), (3,), (), (2, 0, 3)]:
        expected = fn(shape, dtype=tmpl.dtype)
        check(getattr(ut, name)(t, shape), backend, expected)
        check(getattr(t, name)(shape), backend, expected)


@pytest.mark.parametrize("name", ["zeros", "ones"])
def test_zeros_ones_dtype_override(backend, name):
    t = make(backend, TF32)
    fn = getattr(np, name)
    check(getattr(ut, name)(t, (2, 2), dtype="int32"), backend, fn((2, 2), np.int32))
    check(getattr(ut, name)(t, (2, 2), dtype=np.int64), backend, fn((2, 2), np.int64))
    check(getattr(ut, name)(t, (2,), dtype=np.dtype("bool")), backend, fn((2,), bool))
    native_dt = _native_dtype(backend, "float64")
    check(getattr(t, name)((3,), dtype=native_dt), backend, fn((3,), np.float64))
    ti = make(backend, TI32)
    check(getattr(ut, name)(ti, (2, 1), dtype="float32"), backend, fn((2, 1), np.float32))


def test_full(backend):
    t = make(backend, TF32)
    check(ut.full(t, (3, 2), 2.5), backend, np.full((3, 2), 2.5, dtype=np.float32))
    check(t.full((4,), -1.0), backend, np.full((4,), -1.0, dtype=np.float32))
    ti = make(backend, TI32)
    check(ut.full(ti, (2, 2), 7), backend, np.full((2, 2), 7, dtype=np.int32))
    check(ut.full(ti, (2, 2), 7, dtype="float32"), backend, np.full((2, 2), 7.0, np.float32))
    check(ut.full(t, (2,), 3, dtype=np.int64), backend, np.full((2,), 3, np.int64))
    tb = make(backend, TB)
    check(ut.full(tb, (2,), True), backend, np.full((2,), True))


def test_full_dtype_comes_from_template(backend):
    # the template's dtype wins: int32 template with a float value -> int32
    ti = make(backend, TI32)
    check(ut.full(ti, (3,), 2.0), backend, np.full((3,), 2, dtype=np.int32))


@pytest.mark.parametrize("tname", list(TEMPLATES))
def test_like_functions(backend, tname):
    tmpl = TEMPLATES[tname]
    t = make(backend, tmpl)
    check(ut.zeros_like(t), backend, np.zeros_like(tmpl))
    check(ut.ones_like(t), backend, np.ones_like(tmpl))
    check(t.zeros_like(), backend, np.zeros_like(tmpl))
    check(t.ones_like(), backend, np.ones_like(tmpl))
    value = {"float32": -3.5, "int32": 4, "bool": True}[tname]
    check(ut.full_like(t, value), backend, np.full_like(tmpl, value))
    check(t.full_like(value), backend, np.full_like(tmpl, value))
    check(t, backend, tmpl)  # template unchanged


def test_like_functions_dtype_override(backend):
    t = make(backend, TF32)
    check(ut.zeros_like(t, dtype="int32"), backend, np.zeros_like(TF32, dtype=np.int32))
    check(ut.ones_like(t, dtype=np.int64), backend, np.ones_like(TF32, dtype=np.int64))
    check(ut.full_like(t, 2, dtype="int32"), backend, np.full_like(TF32, 2, dtype=np.int32))
    ti = make(backend, TI32)
    check(
        ut.full_like(ti, 1.5, dtype=_native_dtype(backend, "float32")),
        backend,
        np.full_like(TI32, 1.5, dtype=np.float32),
    )


ARANGE_INT = [(5,), (2, 10), (2, 11, 3), (10, 0, -2), (-3, 3)]
ARANGE_FLOAT = [(2.5,), (0.5, 3.0), (0, 1, 0.25), (3.0, 0.0, -0.5), (1, 2.5)]


@pytest.mark.parametrize("args", ARANGE_INT, ids=repr)
@pytest.mark.parametrize("tname", ["float32", "int32"])
def test_arange_int_args_give_int64(backend, args, tname):
    t = make(backend, TEMPLATES[tname])
    expected = np.arange(*args, dtype=np.int64)
    check(ut.arange(t, *args), backend, expected, np.int64)
    check(t.arange(*args), backend, expected, np.int64)


@pytest.mark.parametrize("args", ARANGE_FLOAT, ids=repr)
@pytest.mark.parametrize("tname", ["float32", "int32"])
def test_arange_float_args_give_float32(backend, args, tname):
    t = make(backend, TEMPLATES[tname])
    expected = np.arange(*args)
    check(ut.arange(t, *args), backend, expected, np.float32)


def test_arange_keywords_and_dtype(backend):
    t = make(backend, TF32)
    check(ut.arange(t, 1, stop=7, step=2), backend, np.arange(1, 7, 2), np.int64)
    check(ut.arange(t, 0, 4, dtype="float32"), backend, np.arange(0, 4, dtype=np.float32))
    check(ut.arange(t, 5, dtype=np.int32), backend, np.arange(5, dtype=np.int32))


@pytest.mark.parametrize(
    "dtype", [np.float32, np.float64, np.int32, np.int64, np.bool_, np.uint8, np.int8]
)
def test_from_numpy_keeps_dtype(backend, dtype):
    a = (randn(3, 4) * 5).astype(dtype)
    t = make(backend, TF32)
    out = ut.from_numpy(t, a)
    check(out, backend, a, dtype)
    check(t.from_numpy(a), backend, a, dtype)


def test_from_numpy_of_template_other_dtype(backend):
    t = make(backend, TI32)
    a = randn(5)
    check(ut.from_numpy(t, a), backend, a)
    check(ut.from_numpy(t, np.array(3.5)), backend, np.array(3.5))


def test_from_numpy_framework(backend):
    a = randn(4)
    out = ut.from_numpy(make(backend, TF32), a)
    assert isinstance(out.raw, native_type(backend))
    np.testing.assert_array_equal(out.numpy(), a)


# ---------------------------------------------------------------- random

N_RANDOM = 20_000


@pytest.mark.parametrize("tname", ["float32", "int32", "bool"])
def test_uniform(backend, tname):
    t = make(backend, TEMPLATES[tname])
    out = ut.uniform(t, (N_RANDOM,), low=-2.0, high=3.0)
    assert isinstance(out.raw, native_type(backend))
    got = check_meta(out, backend, (N_RANDOM,), np.float32)
    assert got.min() >= -2.0
    assert got.max() < 3.0
    assert abs(got.mean() - 0.5) < 0.05
    assert abs(got.std() - 5 / np.sqrt(12)) < 0.05
    assert len(np.unique(got)) > N_RANDOM // 2


def test_uniform_defaults_and_shape(backend):
    t = make(backend, TF32)
    out = ut.uniform(t, (50, 40))
    got = check_meta(out, backend, (50, 40), np.float32)
    assert got.min() >= 0.0
    assert got.max() < 1.0
    assert 0.45 < got.mean() < 0.55
    out2 = t.uniform((7,), 1.0, 2.0)
    got2 = check_meta(out2, backend, (7,), np.float32)
    assert np.all((got2 >= 1.0) & (got2 < 2.0))


def test_uniform_float64_template(backend):
    t = make(backend, TF32.astype(np.float64))
    out = ut.uniform(t, (100,))
    got = check_meta(out, backend, (100,), np.float64)
    assert np.all((got >= 0) & (got < 1))


@pytest.mark.parametrize("tname", ["float32", "int32"])
def test_normal(backend, tname):
    t = make(backend, TEMPLATES[tname])
    out = ut.normal(t, (N_RANDOM,), mean=1.5, stddev=2.0)
    got = check_meta(out, backend, (N_RANDOM,), np.float32)
    assert abs(got.mean() - 1.5) < 0.1
    assert abs(got.std() - 2.0) < 0.1
    assert np.all(np.isfinite(got))


def test_normal_defaults(backend):
    t = make(backend, TF32)
    got = check_meta(ut.normal(t, (N_RANDOM,)), backend, (N_RANDOM,), np.float32)
    assert abs(got.mean()) < 0.05
    assert abs(got.std() - 1.0) < 0.05
    out2 = t.normal((3, 4), 0.0, 0.5)
    got2 = check_meta(out2, backend, (3, 4), np.float32)
    assert np.all(np.isfinite(got2))
    assert got2.std() > 0


def test_random_dtype_override(backend):
    t = make(backend, TF32)
    out = ut.uniform(t, (10,), dtype="float64")
    assert as_np_dtype(out.raw.dtype) == expected_dtype(backend, np.float64)
    out = ut.normal(t, (10,), dtype=np.float64)
    assert as_np_dtype(out.raw.dtype) == expected_dtype(backend, np.float64)


@pytest.mark.parametrize("name", ["uniform", "normal"])
def test_seed_reproducibility(backend, name):
    t = make(backend, TF32)
    fn = getattr(ut, name)
    ut.seed(123)
    a = fn(t, (20,)).numpy().copy()
    b = fn(t, (20,)).numpy().copy()
    ut.seed(123)
    a2 = fn(t, (20,)).numpy().copy()
    b2 = fn(t, (20,)).numpy().copy()
    np.testing.assert_array_equal(a, a2)
    np.testing.assert_array_equal(b, b2)
    assert not np.array_equal(a, b)  # successive draws differ
    ut.seed(124)
    c = fn(t, (20,)).numpy()
    assert not np.array_equal(a, c)


def test_from_numpy_non_contiguous_and_readonly(backend):
    t = make(backend, TF32)
    a = randn(4, 6)
    rev = a[:, ::-1]
    check(ut.from_numpy(t, rev), backend, rev)
    strided = a[::2, 1::3]
    check(ut.from_numpy(t, strided), backend, strided)
    ro = a.copy()
    ro.flags.writeable = False
    check(ut.from_numpy(t, ro), backend, ro)
    check(ut.from_numpy(t, a.T), backend, a.T)
