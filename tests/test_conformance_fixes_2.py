"""What the Array API conformance suite (and newcomers) found on PyTorch and TensorFlow,
checked on every backend against NumPy.

- complex ``acos``: the imaginary part's sign is that of ``-imag(z)`` (``acos(0j)`` is
  ``pi/2 - 0j``; PyTorch's complex128 kernel gave ``+0j``);
- complex ``log1p``: the standard's special cases (PyTorch and TensorFlow gave
  ``nan + nan j`` for infinite parts) and accuracy near 0;
- ``linalg.qr`` of large float32/complex64 entries (TensorFlow's kernel overflowed to NaN);
- slice bounds that are 0-d integer tensors of any integer dtype, and basic indexing of
  tensors of more than 8 axes (TensorFlow's StridedSlice refused both);
- newcomers' reports: ``where`` with a Python complex, ``clip`` of bool tensors, the
  namespace info's "max dimensions", comparisons with Python ints beyond an integer dtype
  (by value), ``arange`` of an integer dtype with float arguments, bad ``device=`` values.
"""

from __future__ import annotations

import numpy as np
import pytest

import unitensor as ut
from conftest import check, check_meta, expected_dtype, make, supports_float64
from unitensor.array_api import namespace

# NumPy warns of the NaN it computes from infinite parts; JAX of int64 held as int32
pytestmark = [
    pytest.mark.filterwarnings("ignore::RuntimeWarning"),
    pytest.mark.filterwarnings("ignore:JAX holds int32:UserWarning"),
]

_INF, _NAN = np.inf, np.nan


def _complex(pairs: list[tuple[float, float]], dtype: type = np.complex128) -> np.ndarray:
    """Complex numbers built part by part (exactly, infinities and NaN included)."""
    z = np.empty(len(pairs), dtype)
    z.real = [a for a, _ in pairs]
    z.imag = [b for _, b in pairs]
    return z


def _skip_complex128(backend, dtype):
    if dtype == np.complex128 and not supports_float64(backend):
        pytest.skip("JAX without 64-bit mode holds complex64 for complex128")


def _same(got: np.ndarray, want: np.ndarray, rtol: float) -> None:
    """NaN where NumPy has NaN, the same infinities, finite values close."""
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
    inf = np.isinf(want)
    np.testing.assert_array_equal(got[inf], want[inf])
    finite = np.isfinite(want)
    np.testing.assert_allclose(got[finite], want[finite], rtol=rtol, atol=1e-30)


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_acos_imaginary_part_has_the_sign_of_minus_imag(backend, dtype):
    _skip_complex128(backend, dtype)
    z = _complex([(0.0, 0.0), (-0.0, 0.0), (0.5, 0.0), (0.5, -0.0), (2.0, 0.0), (2.0, -0.0)], dtype)
    want = np.arccos(z)
    for got in (make(backend, z).acos(), ut.acos(make(backend, z))):
        out = check_meta(got, backend, z.shape, dtype)
        np.testing.assert_allclose(out, want, rtol=1e-6)
        np.testing.assert_array_equal(np.signbit(out.imag), np.signbit(want.imag))
        np.testing.assert_array_equal(np.signbit(out.imag), ~np.signbit(z.imag))


# the standard's special cases of complex log1p, with NumPy's values (C99's)
_LOG1P_SPECIAL = [
    (-1.0, 0.0),
    (2.0, _INF),
    (-3.0, _INF),
    (2.0, _NAN),
    (-_INF, 2.0),
    (_INF, 2.0),
    (-_INF, _INF),
    (_INF, _INF),
    (_INF, _NAN),
    (-_INF, _NAN),
    (_NAN, 2.0),
    (_NAN, _INF),
    (_NAN, _NAN),
    (0.3, -0.2),
    (-3.0, 4.0),
    (1e300, 1e300),
    (-0.5, 0.75),
]


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_log1p_complex_special_cases(backend, dtype):
    _skip_complex128(backend, dtype)
    z = _complex(_LOG1P_SPECIAL, dtype)
    want = np.log1p(z)
    for got in (make(backend, z).log1p(), ut.log1p(make(backend, z))):
        out = check_meta(got, backend, z.shape, dtype)
        rtol = 1e-5 if dtype == np.complex64 else 1e-12
        _same(out.real, want.real, rtol)
        _same(out.imag, want.imag, rtol)
    # the standard's -1 + 0j: -inf + 0j (TensorFlow gave -inf + nan j)
    assert np.signbit(out.imag[0]) == np.False_ and out.imag[0] == 0


@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_log1p_complex_is_accurate_near_zero(backend, dtype):
    """On the real axis log1p(x + 0j) is log1p(x) + 0j: NumPy's real log1p is the reference
    (NumPy's own complex log1p computes log(1 + z), 0 for 1e-10 in complex64)."""
    _skip_complex128(backend, dtype)
    x = np.array([1e-10, -1e-10, 3e-7, -0.25, 0.4], dtype=np.float64)
    z = x.astype(dtype)
    real = np.float32 if dtype == np.complex64 else np.float64
    out = check_meta(make(backend, z).log1p(), backend, z.shape, dtype)
    np.testing.assert_allclose(out.real, np.log1p(x.astype(real)), rtol=1e-6)
    np.testing.assert_array_equal(out.imag, np.zeros_like(x))


@pytest.mark.parametrize("dtype", [np.float32, np.complex64])
def test_qr_of_large_entries_has_no_nan(backend, dtype):
    """float32 entries near 1e19 square to inf in an unscaled Householder step."""
    rng = np.random.default_rng(0)
    a = (rng.standard_normal((3, 4, 5)) * 2e19).astype(dtype)
    if dtype == np.complex64:
        a = (a + 1j * (rng.standard_normal((3, 4, 5)) * 2e19)).astype(dtype)
    q, r = ut.linalg.qr(make(backend, a))
    want_q, want_r = np.linalg.qr(a)
    check_meta(q, backend, want_q.shape, dtype)
    got_r = check_meta(r, backend, want_r.shape, dtype)
    assert not np.isnan(got_r).any()
    np.testing.assert_array_equal(np.tril(got_r[..., 1:, :], -1), 0)
    # R is unique up to unit factors of its rows: compare magnitudes, and Q R with a
    scale = np.abs(a).max()
    np.testing.assert_allclose(np.abs(got_r), np.abs(want_r), rtol=1e-3, atol=scale * 1e-5)
    got_a = np.asarray(ut.matmul(q, r).numpy())
    np.testing.assert_allclose(got_a, a, rtol=1e-3, atol=scale * 1e-5)


def test_qr_of_a_zero_matrix(backend):
    a = np.zeros((2, 3), np.float32)
    _q, r = ut.linalg.qr(make(backend, a))
    check(r, backend, np.linalg.qr(a)[1], np.float32)


@pytest.mark.parametrize("dtype", ["int8", "int16", "uint8", "int32", "int64"])
def test_slice_bounds_are_0d_integer_tensors_of_any_dtype(backend, dtype):
    a = np.arange(10, dtype=np.float32).reshape(5, 2)
    x = make(backend, a)
    start, stop = make(backend, np.asarray(1, dtype)), make(backend, np.asarray(4, dtype))
    step = make(backend, np.asarray(2, dtype))
    check(x[start:stop], backend, a[1:4], np.float32)
    check(x[start:stop:step, None], backend, a[1:4:2, None], np.float32)
    check(x[start.raw : stop.raw], backend, a[1:4], np.float32)
    check(x[..., start:], backend, a[..., 1:], np.float32)


_NINE = (2, 1, 3, 1, 1, 1, 1, 1, 4)
_MANY_AXES_INDICES = [
    (0, 0, 2, 0, 0, 0, 0, 0, 3),
    (slice(None, None, -1),),
    (Ellipsis, 2),
    (None, 1, Ellipsis, slice(1, 3), None),
    (-1, 0, slice(None, None, 2)),
    (slice(1, 2), Ellipsis, slice(0, 0)),
]


@pytest.mark.parametrize("index", _MANY_AXES_INDICES)
def test_basic_indexing_of_more_than_8_axes(backend, index):
    a = np.arange(24, dtype=np.float32).reshape(_NINE)
    check(make(backend, a)[index], backend, a[index], np.float32)
    want = a.copy()
    want[index] = -1.0
    check(make(backend, a).index_update(index, -1.0), backend, want, np.float32)


def test_indexing_32_axes(backend):
    a = np.arange(2, dtype=np.int64).reshape((2,) + (1,) * 31)
    check(make(backend, a)[(1,) + (0,) * 31], backend, a[(1,) + (0,) * 31], np.int64)
    with pytest.raises(IndexError):
        make(backend, a)[(0,) * 2 + (1,)]


def test_reshape_to_9_axes_then_index(backend):
    a = np.array([False, True])
    x = ut.reshape(make(backend, a), (2, 1, 1, 1, 1, 1, 1, 1, 1))
    check(x[1, 0, 0, 0, 0, 0, 0, 0, 0], backend, np.asarray(True), np.bool_)


# ------------------------------------------------------------------ newcomers' reports


@pytest.mark.parametrize("dtype", [np.float32, np.int64, np.bool_])
def test_where_takes_a_python_complex(backend, dtype):
    """The standard's scalar rule: a complex scalar beside a real tensor gives complex."""
    cond = np.array([True, False, True])
    x = np.array([1, 0, 2], dtype=dtype)
    want = np.where(cond, x.astype(np.complex64), np.complex64(1j))
    check(ut.where(make(backend, cond), make(backend, x), 1j), backend, want, np.complex64)
    want = np.where(cond, np.complex64(2j), x.astype(np.complex64))
    check(make(backend, cond).where(2j, make(backend, x)), backend, want, np.complex64)
    both = np.where(cond, np.complex64(1j), np.complex64(2.0))
    check(ut.where(make(backend, cond), 1j, 2.0), backend, both, np.complex64)


def test_where_of_float64_and_python_complex_is_complex128(backend):
    cond = np.array([True, False])
    x = np.array([1.0, 2.0])
    want = np.where(cond, x, 1j)
    check(ut.where(make(backend, cond), make(backend, x), 1j), backend, want, np.complex128)


@pytest.mark.parametrize(
    ("lo", "hi"), [(False, True), (True, None), (None, False), (True, True), (False, False)]
)
def test_clip_of_bool_is_numpys(backend, lo, hi):
    a = np.array([True, False, True, False])
    want = np.clip(a, lo, hi)
    check(make(backend, a).clip(lo, hi), backend, want, np.bool_)
    check(ut.clip(make(backend, a), lo, hi), backend, want, np.bool_)


def test_clip_of_bool_with_bool_tensor_bounds(backend):
    a = np.array([True, False, True, False])
    lo = np.array([False, True, False, False])
    want = np.clip(a, lo, True)
    check(make(backend, a).clip(make(backend, lo), True), backend, want, np.bool_)
    check(make(backend, a).maximum(make(backend, lo)), backend, np.maximum(a, lo), np.bool_)
    check(make(backend, a).minimum(make(backend, lo)), backend, np.minimum(a, lo), np.bool_)


def test_clip_of_bool_with_int_bounds_promotes(backend):
    a = np.array([True, False])
    check(make(backend, a).clip(0, 1), backend, np.clip(a, 0, 1), expected_dtype(backend, np.int64))


_MAX_DIMENSIONS = {"numpy": 64, "dask": 64, "tensorflow": 64, "torch": None, "jax": None}


def test_max_dimensions_is_the_frameworks_limit(backend):
    if backend not in _MAX_DIMENSIONS:
        pytest.skip("the generic backend reports its namespace's own limit")
    caps = namespace(backend).__array_namespace_info__().capabilities()
    assert caps["max dimensions"] == _MAX_DIMENSIONS[backend]


def test_argmax_and_argmin_of_more_than_7_axes(backend):
    a = np.random.default_rng(1).standard_normal((2, 1, 3, 1, 1, 2, 1, 2)).astype(np.float32)
    index = expected_dtype(backend, np.int64)
    for axis in (0, 2, -1):
        check(make(backend, a).argmax(axis=axis), backend, np.argmax(a, axis=axis), index)
        check(make(backend, a).argmin(axis=axis), backend, np.argmin(a, axis=axis), index)
    check(make(backend, a).argmax(), backend, np.asarray(np.argmax(a)), index)


_BEYOND = [1000, -1000, 300, -129, 2**70, -(2**70)]


@pytest.mark.parametrize("value", _BEYOND)
@pytest.mark.parametrize("dtype", ["int8", "uint8", "int16"])
def test_comparisons_with_an_int_beyond_the_dtype_compare_by_value(backend, dtype, value):
    a = np.array([1, 2, 100], dtype=dtype)
    big = np.array(value, dtype=object)
    x = make(backend, a)
    for got, want in (
        (x < value, a < big),
        (x <= value, a <= big),
        (x > value, a > big),
        (x >= value, a >= big),
        (x == value, a == big),
        (x != value, a != big),
        (value < x, big < a),
        (ut.less(x, value), a < big),
        (ut.greater_equal(x, value), a >= big),
        (ut.equal(x, value), a == big),
    ):
        check(got, backend, np.asarray(want, dtype=bool), np.bool_)


def test_comparison_with_an_int_within_range_is_unchanged(backend):
    a = np.array([1, -2, 100], dtype=np.int8)
    check(make(backend, a) < 5, backend, a < 5, np.bool_)
    with pytest.raises(OverflowError):
        _ = make(backend, np.array([1.0], np.float32)) < 10**400


@pytest.mark.parametrize(
    ("start", "stop", "step", "dtype"),
    [
        (0, 5, 1.5, "int64"),
        (0, 5.0, 1, "int32"),
        (0.5, 5, 0.5, "int64"),
        (5, 0, -1.5, "int16"),
        (-2.5, 3, 1.2, "int8"),
        (1, 2.5, 1, "uint8"),
        (0.0, 10, 3, "int64"),
    ],
)
def test_arange_of_an_integer_dtype_with_float_arguments_is_numpys(
    backend, start, stop, step, dtype
):
    want = np.arange(start, stop, step, dtype=dtype)
    got = namespace(backend).arange(start, stop, step, dtype=dtype)
    check(got, backend, want, expected_dtype(backend, np.dtype(dtype)))
    check(make(backend, np.zeros(1)).arange(start, stop, step, dtype), backend, want)


@pytest.mark.parametrize("device", ["bogus", 12345])
def test_creation_functions_refuse_an_unknown_device(backend, device):
    xp = namespace(backend)
    for create in (
        lambda: xp.zeros(3, device=device),
        lambda: xp.ones((2,), device=device),
        lambda: xp.full(2, 1.0, device=device),
        lambda: xp.arange(3, device=device),
        lambda: xp.eye(2, device=device),
        lambda: xp.asarray([1, 2], device=device),
        lambda: xp.empty(2, device=device),
    ):
        with pytest.raises(ValueError):
            create()


def test_creation_functions_take_the_default_device(backend):
    xp = namespace(backend)
    device = xp.__array_namespace_info__().default_device()
    check(xp.zeros(2, device=device), backend, np.zeros(2, np.float32), np.float32)
    check(
        xp.asarray([1, 2], device=device),
        backend,
        np.array([1, 2]),
        expected_dtype(backend, np.int64),
    )


_ELEVEN = (2, 1, 1, 1, 1, 1, 1, 1, 2, 1, 3)


def test_operations_past_8_axes(backend):
    """TensorFlow's ReverseV2, SelectV2 and Where stop at 8 axes, GatherNd at 7."""
    a = np.arange(12, dtype=np.float32).reshape(_ELEVEN) - 5.5
    x = make(backend, a)
    index = expected_dtype(backend, np.int64)
    check(ut.flip(x), backend, np.flip(a), np.float32)
    check(ut.flip(x, axis=(0, 10)), backend, np.flip(a, axis=(0, 10)), np.float32)
    check(ut.where(x > 0, x, 0.0), backend, np.where(a > 0, a, np.float32(0)), np.float32)
    check(ut.tril(x), backend, np.tril(a), np.float32)
    check(ut.triu(x, k=1), backend, np.triu(a, k=1), np.float32)
    check(x.index_update(x > 0, 0.0), backend, np.where(a > 0, np.float32(0), a), np.float32)
    idx = np.zeros(_ELEVEN, dtype=np.int64)
    idx[..., 1] = -1
    got = ut.take_along_axis(x, make(backend, idx), axis=-1)
    check(got, backend, np.take_along_axis(a, idx, axis=-1), np.float32)
    check(ut.floor_divide(x, 0.7), backend, np.floor_divide(a, np.float32(0.7)), np.float32)
    check(ut.remainder(x, 0.7), backend, np.remainder(a, np.float32(0.7)), np.float32)
    check(ut.copysign(x, -x), backend, np.copysign(a, -a), np.float32)
    check(ut.argmax(x, axis=-1), backend, np.argmax(a, axis=-1), index)


def test_masks_and_nonzero_past_8_axes(backend):
    a = np.arange(12, dtype=np.float32).reshape(_ELEVEN) - 5.5
    x = make(backend, a)
    for got, want in zip(ut.nonzero(x > 0), np.nonzero(a > 0), strict=True):
        check(got, backend, want, expected_dtype(backend, np.int64))
    check(x[x > 0], backend, a[a > 0], np.float32)
    check(x[0][x[0] > -3], backend, a[0][a[0] > -3], np.float32)
