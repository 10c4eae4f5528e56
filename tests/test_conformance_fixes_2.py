"""What the Array API conformance suite (and newcomers) found on PyTorch and TensorFlow,
checked on every backend against NumPy.

- complex ``acos``: the imaginary part's sign is that of ``-imag(z)`` (``acos(0j)`` is
  ``pi/2 - 0j``; PyTorch's complex128 kernel gave ``+0j``);
- complex ``log1p``: the standard's special cases (PyTorch and TensorFlow gave
  ``nan + nan j`` for infinite parts) and accuracy near 0;
- ``linalg.qr`` of large float32/complex64 entries (TensorFlow's kernel overflowed to NaN);
- slice bounds that are 0-d integer tensors of any integer dtype, and basic indexing of
  tensors of more than 8 axes (TensorFlow's StridedSlice refused both).
"""

from __future__ import annotations

import numpy as np
import pytest

import unitensor as ut
from conftest import check, check_meta, make, supports_float64

# NumPy warns of the NaN it computes from infinite parts
pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")

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
