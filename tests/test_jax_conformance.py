"""What the Array API conformance suite found on JAX, checked on every backend against NumPy.

Complex special values: ``exp``, ``log``, ``log1p``, ``sqrt`` and the
trigonometric and hyperbolic functions and their inverses of numbers with
infinite, NaN or signed-zero parts, as NumPy (C99 Annex G) gives them. JAX's
XLA kernels do not (``exp(inf + nan j)`` was ``nan + nan j``); unitensor
corrects them there. Where the standard leaves a sign unspecified (``sinh(inf
+ inf j)`` is ``+-inf + nan j``), only the kind of value is compared.
"""

from __future__ import annotations

import importlib
import itertools

import numpy as np
import pytest

from conftest import check, check_meta, make

# NumPy warns of the NaN it computes from infinite parts
pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")

_PARTS = [0.0, -0.0, 0.5, -2.5, np.inf, -np.inf, np.nan]


def _special_numbers() -> np.ndarray:
    """Every complex64 number with parts from ``_PARTS``, built part by part (exactly)."""
    pairs = list(itertools.product(_PARTS, _PARTS))
    z = np.empty(len(pairs), np.complex64)
    z.real = [a for a, _ in pairs]
    z.imag = [b for _, b in pairs]
    return z


Z = _special_numbers()

_NUMPY = {
    "acos": np.arccos,
    "acosh": np.arccosh,
    "asin": np.arcsin,
    "asinh": np.arcsinh,
    "atan": np.arctan,
    "atanh": np.arctanh,
}

# log1p: PyTorch's and TensorFlow's kernels give nan + nan j for an infinite part beside
# a NaN one (TensorFlow for any infinite part); see semantics.py's complex special values
_ALL_BACKENDS = (
    "exp log log2 log10 sqrt sinh cosh tanh acos acosh asin asinh atan atanh sin cos tan"
).split()


def _same_kind(got: np.ndarray, want: np.ndarray) -> None:
    """NaN where NumPy has NaN, an infinity where it has one, and finite values close."""
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
    np.testing.assert_array_equal(np.isinf(got), np.isinf(want))
    finite = np.isfinite(want)
    np.testing.assert_allclose(got[finite], want[finite], rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("name", _ALL_BACKENDS)
def test_complex_special_values(backend, name):
    want = _NUMPY.get(name, getattr(np, name))(Z)
    got = check_meta(getattr(make(backend, Z), name)(), backend, Z.shape, np.complex64)
    _same_kind(got.real, want.real)
    _same_kind(got.imag, want.imag)


@pytest.mark.parametrize("name", ["log1p", *_ALL_BACKENDS])
def test_complex_special_values_on_jax_follow_c99(name):
    """Including the signs of zeros, and log1p; the unspecified signs excepted."""
    backend = "jax"
    pytest.importorskip("jax")
    want = _NUMPY.get(name, getattr(np, name))(Z)
    got = check_meta(getattr(make(backend, Z), name)(), backend, Z.shape, np.complex64)
    _same_kind(got.real, want.real)
    _same_kind(got.imag, want.imag)
    # signed zeros (branch cuts: sqrt(-1 - 0j) is -1j); NumPy's zeros where the
    # standard fixes their sign
    for g, w in ((got.real, want.real), (got.imag, want.imag)):
        zero = (w == 0) & (g == 0)
        unspecified = ~np.isfinite(Z.real) | ~np.isfinite(Z.imag)
        mask = zero & ~unspecified
        np.testing.assert_array_equal(np.signbit(g[mask]), np.signbit(w[mask]))


@pytest.mark.parametrize(
    ("name", "z", "want"),
    [
        ("exp", complex(np.inf, np.nan), complex(np.inf, np.nan)),
        ("exp", complex(-np.inf, np.inf), 0j),
        ("log", complex(np.nan, np.inf), complex(np.inf, np.nan)),
        ("sqrt", complex(-np.inf, np.nan), complex(np.nan, np.inf)),
        ("cosh", complex(0.0, np.inf), complex(np.nan, 0.0)),
        ("tanh", complex(0.0, np.nan), complex(0.0, np.nan)),
        ("acos", complex(0.0, np.nan), complex(np.pi / 2, np.nan)),
        ("atanh", complex(np.inf, np.nan), complex(0.0, np.nan)),
    ],
)
def test_standard_special_cases(backend, name, z, want):
    """A few of the standard's listed cases, each as the standard writes it."""
    x = np.empty(1, np.complex128)
    x.real, x.imag = z.real, z.imag
    got = check_meta(getattr(make(backend, x), name)(), backend, (1,), np.complex128)[0]
    for g, w in ((got.real, want.real), (got.imag, want.imag)):
        assert (np.isnan(g) and np.isnan(w)) or np.isclose(g, w), (name, z, got)


# 0-d bool masks: they consume no axis and add one of length 1 (True) or 0 (False)
_MASK_SHAPES = [(), (2,), (2, 3)]


def _mask_indices(ndim: int, mask: object) -> list[object]:
    out: list[object] = [mask, (Ellipsis, mask)]
    if ndim:
        out.append((mask, 0))
    if ndim == 2:
        out.append((0, mask, slice(None)))
    return out


@pytest.mark.parametrize("shape", _MASK_SHAPES)
@pytest.mark.parametrize("value", [True, False])
def test_getitem_and_setitem_with_a_0d_bool_mask(backend, shape, value):
    a = np.arange(float(np.prod(shape)), dtype=np.float32).reshape(shape)
    for k in range(len(_mask_indices(len(shape), None))):
        np_index = _mask_indices(len(shape), np.asarray(value))[k]
        index = _mask_indices(len(shape), make(backend, np.asarray(value)))[k]
        x = make(backend, a)
        check(x[index], backend, a[np_index], np.float32)
        want = a.copy()
        want[np_index] = 7.0
        x[index] = 7.0
        check(x, backend, want, np.float32)
        check(make(backend, a).index_update(index, 7.0), backend, want, np.float32)
        added = a.copy()
        added[np_index] += 1.0
        check(make(backend, a).at[index].add(1.0), backend, added, np.float32)


def test_setitem_with_a_0d_bool_mask_writes_in_place_on_numpy():
    a = np.zeros(3, np.float32)
    x = make("numpy", a)
    x[np.asarray(True)] = 1.0
    np.testing.assert_array_equal(x.numpy(), np.ones(3, np.float32))


@pytest.mark.parametrize("copy", [None, False, True])
def test_asarray_of_a_tensor_shares_it_unless_copied(backend, copy):
    """``asarray(x, copy=False)`` sees a later ``x[i] = v`` (JAX and TensorFlow too)."""
    xp = importlib.import_module(f"unitensor.array_api.{backend}")
    x = xp.asarray(make(backend, np.array([1.0, 2.0], np.float32)))
    out = xp.asarray(x, copy=copy)
    x[0] = 5.0
    check(out, backend, np.array([1.0 if copy else 5.0, 2.0], np.float32))


@pytest.mark.parametrize("max_version", [(0, 0), (1, 0), (2, 0)])
def test_dunder_dlpack_with_max_version(backend, max_version):
    """A DLPack 0.x consumer gets the legacy capsule (JAX refused max_version (0, 0))."""
    a = np.array([1.0, 2.0], np.float32)
    x = make(backend, a)
    capsule = x.__dlpack__(max_version=max_version)
    assert type(capsule).__name__ == "PyCapsule"
    np.testing.assert_array_equal(np.from_dlpack(x), a)
