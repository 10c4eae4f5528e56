"""Framework-agnostic dtypes: ut.bool, ut.int8, ..., ut.float64 and ut.DType."""

import copy
import pickle
import platform
import warnings

import numpy as np
import pytest

import unitensor as ut
from conftest import (
    check,
    check_meta,
    expected_dtype,
    jax_x64_enabled,
    make,
    selected_backends,
)

NAMES = ["bool", "int8", "int16", "int32", "int64", "uint8", "float16", "float32", "float64"]

# Non-negative integral values: every cast of them is exact and well defined.
SRC_F = np.array([[0.0, 1.0, 2.0], [3.0, 4.0, 0.0]], dtype=np.float32)
SRC_I = SRC_F.astype(np.int32)


def narrowed(backend, name):
    """True where ``backend`` cannot hold dtype ``name`` (JAX without 64-bit mode)."""
    return expected_dtype(backend, name) != np.dtype(name)


def call_maybe_narrowing(backend, name, fn):
    """Run ``fn``; on JAX without x64 a 64-bit request must warn (UserWarning)."""
    if backend == "jax" and narrowed(backend, name):
        with pytest.warns(UserWarning):
            return fn()
    return fn()


# ---------------------------------------------------------------- the objects


@pytest.mark.parametrize("name", NAMES)
def test_dtype_objects(name):
    d = getattr(ut, name)
    assert isinstance(d, ut.DType)
    assert d.name == name
    assert repr(d) == f"ut.{name}"
    assert np.dtype(d) == np.dtype(name)


def test_np_dtype_of_float32():
    assert np.dtype(ut.float32) == np.float32
    assert repr(ut.float32) == "ut.float32"
    assert ut.bool == np.bool_
    assert np.dtype(ut.bool) == np.dtype(bool)


def test_dtypes_hashable():
    objs = [getattr(ut, n) for n in NAMES]
    assert len(set(objs)) == len(NAMES)
    assert hash(ut.float32) == hash(ut.float32)
    table = {d: d.name for d in objs}
    for n in NAMES:
        assert table[getattr(ut, n)] == n


def test_dtypes_immutable():
    with pytest.raises(AttributeError):
        ut.float32.name = "float64"
    with pytest.raises(AttributeError):
        ut.int32.something = 1
    assert ut.float32.name == "float32"
    assert repr(ut.float32) == "ut.float32"


def test_dtypes_equal_each_other_only_when_same():
    for a in NAMES:
        for b in NAMES:
            assert (getattr(ut, a) == getattr(ut, b)) is (a == b)


# ---------------------------------------------------------------- astype


@pytest.mark.parametrize("src", ["float32", "int32"])
@pytest.mark.parametrize("name", NAMES)
def test_astype_ut_dtype(backend, name, src):
    a = SRC_F if src == "float32" else SRC_I
    t = make(backend, a)
    out = call_maybe_narrowing(backend, name, lambda: t.astype(getattr(ut, name)))
    check(out, backend, a.astype(name), name)
    # the input is unchanged
    check(t, backend, a)


@pytest.mark.parametrize("name", NAMES)
def test_astype_then_dtype_compares_equal(backend, name):
    t = make(backend, SRC_F)
    out = call_maybe_narrowing(backend, name, lambda: t.astype(getattr(ut, name)))
    effective = expected_dtype(backend, name).name
    assert out.dtype == getattr(ut, effective)


INTEGERS = ["int8", "int16", "int32", "int64", "uint8", "uint16"]
IN_RANGE = np.array([2.7, -2.7, 0.0, -0.0, 100.0, 126.9], dtype=np.float32)
OUT_OF_RANGE = np.array(
    [np.nan, np.inf, -np.inf, 3e9, -3e9, 1e20, 300.0, -300.0, -1.5], dtype=np.float32
)


@pytest.mark.parametrize("src", ["float32", "float64"])
@pytest.mark.parametrize("name", INTEGERS)
def test_astype_float_to_integer_truncates_toward_zero(backend, name, src):
    a = IN_RANGE.astype(src)
    if name.startswith("u"):
        a = np.abs(a)
    out = call_maybe_narrowing(backend, name, lambda: make(backend, a).astype(getattr(ut, name)))
    check(out, backend, a.astype(name), name)


@pytest.mark.skipif(
    platform.machine().lower() not in ("x86_64", "amd64"),
    reason="the values of these casts are the processor's (x86-64's here)",
)
@pytest.mark.filterwarnings("ignore:invalid value encountered in cast:RuntimeWarning")
@pytest.mark.parametrize("name", INTEGERS)
def test_astype_float_beyond_an_integer_dtype(backend, name):
    """NaN, infinities and numbers the dtype cannot hold: the processor's value (documented).

    C leaves the conversion undefined; NumPy, PyTorch and TensorFlow give what
    x86-64 gives (the lowest int32 or int64, that value's low bits for the
    narrower types); JAX saturates and gives 0 for NaN: a ``Differs`` row of
    the semantics table (``astype``) marks it here.
    """
    expected = OUT_OF_RANGE.astype(name)
    t = make(backend, OUT_OF_RANGE)
    check(
        call_maybe_narrowing(backend, name, lambda: t.astype(getattr(ut, name))),
        backend,
        expected,
        name,
    )


def test_jax_astype_float_beyond_an_integer_dtype_saturates():
    """JAX's rule, as the semantics table's astype row states it."""
    if "jax" not in selected_backends():
        pytest.skip("jax backend not selected")
    for name in ("int8", "uint8", "int32"):
        info = np.iinfo(name)
        wide = np.nan_to_num(OUT_OF_RANGE.astype(np.float64), nan=0.0)
        expected = np.clip(wide, info.min, info.max)
        out = make("jax", OUT_OF_RANGE).astype(getattr(ut, name))
        check(out, "jax", np.trunc(expected).astype(name), name)


def test_astype_unknown_dtype_string(backend):
    t = make(backend, SRC_F)
    with pytest.raises(TypeError):
        t.astype("float7")


# ---------------------------------------------------------------- comparisons


@pytest.mark.parametrize("name", NAMES)
def test_native_dtype_equals_ut_dtype(backend, name):
    effective = expected_dtype(backend, name).name
    t = make(backend, SRC_F.astype(name))
    if effective != name:  # JAX without 64-bit mode holds the narrowed type
        assert (t.dtype == getattr(ut, effective)) is True
        assert (t.dtype == getattr(ut, name)) is False
        return
    assert (t.dtype == getattr(ut, name)) is True
    assert (getattr(ut, name) == t.dtype) is True
    assert (t.dtype != getattr(ut, name)) is False
    for other in NAMES:
        if other != name:
            assert (t.dtype == getattr(ut, other)) is False, other
            assert (getattr(ut, other) == t.dtype) is False, other
            assert (t.dtype != getattr(ut, other)) is True, other


# ---------------------------------------------------------------- creation


CREATION_NAMES = ["bool", "int8", "int32", "uint8", "float16", "float32", "float64", "int64"]


@pytest.mark.parametrize("name", CREATION_NAMES)
def test_zeros_ones_full_dtype(backend, name):
    tmpl = make(backend, SRC_F)
    d = getattr(ut, name)
    with warnings.catch_warnings():
        if backend == "jax" and not jax_x64_enabled():
            warnings.simplefilter("ignore", UserWarning)
        check(ut.zeros(tmpl, 3, dtype=d), backend, np.zeros(3, dtype=name), name)
        check(ut.ones(tmpl, (2, 3), dtype=d), backend, np.ones((2, 3), dtype=name), name)
        check(ut.full(tmpl, (2, 2), 1, dtype=d), backend, np.full((2, 2), 1, dtype=name), name)
        check(tmpl.zeros(3, dtype=d), backend, np.zeros(3, dtype=name), name)


@pytest.mark.parametrize(
    "name", ["int8", "uint8", "int32", "int64", "float16", "float32", "float64"]
)
def test_arange_dtype(backend, name):
    tmpl = make(backend, SRC_F)
    with warnings.catch_warnings():
        if backend == "jax" and not jax_x64_enabled():
            warnings.simplefilter("ignore", UserWarning)
        out = ut.arange(tmpl, 0, 5, dtype=getattr(ut, name))
        check(out, backend, np.arange(0, 5, dtype=name), name)
        out = ut.arange(tmpl, 1, 7, 2, dtype=getattr(ut, name))
        check(out, backend, np.arange(1, 7, 2, dtype=name), name)


@pytest.mark.parametrize("name", ["float16", "float32", "float64"])
def test_uniform_normal_dtype(backend, name):
    tmpl = make(backend, SRC_I)  # an int template: the dtype comes from dtype=
    d = getattr(ut, name)
    with warnings.catch_warnings():
        if backend == "jax" and not jax_x64_enabled():
            warnings.simplefilter("ignore", UserWarning)
        u = check_meta(ut.uniform(tmpl, (50,), 2.0, 3.0, dtype=d), backend, (50,), name)
        assert np.all(u >= 2.0) and np.all(u <= 3.0)
        n = check_meta(ut.normal(tmpl, (2, 5), dtype=d), backend, (2, 5), name)
        assert np.all(np.isfinite(n))


def test_dtype_attribute_cannot_be_deleted():
    d = ut.DType("float32")  # a fresh instance: a failed check must not break ut.float32
    with pytest.raises(AttributeError):
        del d.name
    assert d.name == "float32"


def test_dtype_copy_and_pickle():
    assert copy.deepcopy(ut.float32) == ut.float32
    assert pickle.loads(pickle.dumps(ut.int16)) == ut.int16
