"""The fft extension (``ut.fft``): every function on every backend, against ``numpy.fft``.

Expected values are computed by NumPy in double precision from the same
input; results are checked for shape, dtype (the standard's: float32 input
gives complex64, float64 complex128, integers go in as float32) and values
within the precision of the result.
"""

import warnings

import numpy as np
import pytest

import unitensor as ut
import unitensor.fft
from conftest import check, expected_dtype, make, native, randn, selected_backends

NORMS = ["backward", "ortho", "forward"]

X = randn(3, 4, 5)  # real float32
C = (randn(3, 4, 5, seed=1) + 1j * randn(3, 4, 5, seed=2)).astype(np.complex64)
X4 = randn(2, 3, 2, 4, seed=3)  # four axes: TensorFlow's fft3d and one more
C4 = (X4 + 1j * randn(2, 3, 2, 4, seed=4)).astype(np.complex64)

C2C = ["fft", "ifft"]  # complex in, complex out
R2C = ["rfft", "ihfft"]  # real in, n // 2 + 1 complex out
C2R = ["irfft", "hfft"]  # complex in, n real out
ONE_AXIS = C2C + R2C + C2R


def _input(name, single=True):
    """The standard's input for ``name`` (real for the real-input transforms)."""
    data = X if name in R2C or name == "rfftn" else C
    return data if single else data.astype(np.float64 if data.dtype.kind == "f" else np.complex128)


def _result_dtype(name, input_dtype):
    real_out = name in C2R or name == "irfftn"
    double = np.dtype(input_dtype) in (np.float64, np.complex128)
    if real_out:
        return np.float64 if double else np.float32
    return np.complex128 if double else np.complex64


def _tolerance(backend, dtype):
    if expected_dtype(backend, dtype) in (np.float32, np.complex64):
        return {"rtol": 2e-5, "atol": 2e-5}
    return {"rtol": 1e-10, "atol": 1e-10}


def _expected(name, data, **kwargs):
    """``numpy.fft.<name>`` in double precision."""
    wide = data.astype(np.complex128 if data.dtype.kind == "c" else np.float64)
    return getattr(np.fft, name)(wide, **kwargs)


def _check(out, backend, name, data, **kwargs):
    dtype = _result_dtype(name, data.dtype)
    check(out, backend, _expected(name, data, **kwargs), dtype, **_tolerance(backend, dtype))


# ------------------------------------------------------------------ one axis

# (n, axis): the axis's own length, shorter, longer, odd and even, each axis
ONE_AXIS_CASES = [(None, -1), (3, -1), (8, 0), (1, 2), (6, -2)]


@pytest.mark.parametrize("name", ONE_AXIS)
def test_one_axis_transforms_match_numpy(backend, name):
    data = _input(name)
    fn = getattr(ut.fft, name)
    for n, axis in ONE_AXIS_CASES:
        out = fn(make(backend, data), n=n, axis=axis)
        _check(out, backend, name, data, n=n, axis=axis)


@pytest.mark.parametrize("norm", NORMS)
@pytest.mark.parametrize("name", [*ONE_AXIS, "fftn", "ifftn", "rfftn", "irfftn"])
def test_every_norm(backend, name, norm):
    data = _input(name)
    fn = getattr(ut.fft, name)
    if name.endswith("n"):  # several axes, sizes shorter and longer
        out = fn(make(backend, data), s=(3, 6), axes=(2, 0), norm=norm)
        _check(out, backend, name, data, s=(3, 6), axes=(2, 0), norm=norm)
    else:
        out = fn(make(backend, data), n=7, axis=1, norm=norm)
        _check(out, backend, name, data, n=7, axis=1, norm=norm)


@pytest.mark.parametrize("name", C2R)
@pytest.mark.parametrize("n", [None, 5, 6])
def test_complex_to_real_odd_and_even_lengths(backend, name, n):
    # the input's imaginary parts at frequency 0 (and n / 2 for even n) are dropped
    data = C[0]  # (4, 5): 2 * (5 - 1) = 8 by default
    out = getattr(ut.fft, name)(make(backend, data), n=n)
    _check(out, backend, name, data, n=n)
    assert out.shape[-1] == (8 if n is None else n)


@pytest.mark.parametrize("name", ONE_AXIS)
def test_one_axis_transforms_in_double_precision(backend, name):
    data = _input(name, single=False)
    out = getattr(ut.fft, name)(make(backend, data), n=7, axis=1, norm="ortho")
    _check(out, backend, name, data, n=7, axis=1, norm="ortho")


@pytest.mark.parametrize("name", ["fft", "ifft", "rfft", "ihfft", "fftn", "rfftn"])
def test_positional_arguments_as_numpy(backend, name):
    data = _input(name)
    if name.endswith("n"):
        out = getattr(ut.fft, name)(make(backend, data), (3, 6), (2, 0), "forward")
        _check(out, backend, name, data, s=(3, 6), axes=(2, 0), norm="forward")
    else:
        out = getattr(ut.fft, name)(make(backend, data), 7, 1, "forward")
        _check(out, backend, name, data, n=7, axis=1, norm="forward")


def test_round_trips(backend):
    x = make(backend, X)  # the last axis has 5 values: an odd length needs n
    check(ut.fft.irfft(ut.fft.rfft(x), n=5), backend, X, np.float32, atol=1e-5)
    check(ut.fft.hfft(ut.fft.ihfft(x), n=5), backend, X, np.float32, atol=1e-5)
    c = make(backend, C)
    back = ut.fft.ifftn(ut.fft.fftn(c, norm="ortho"), norm="ortho")
    check(back, backend, C, np.complex64, atol=1e-5)


# ------------------------------------------------------------------ several axes

# (s, axes): every axis, some in either order, shorter and longer sizes, -1 for "as is"
SEVERAL_AXES_CASES = [
    (None, None),
    (None, (2, 0)),
    (None, (-1,)),
    ((4, 3), (1, 2)),
    ((-1, 6), (0, 1)),
    ((5, 2, 3), (0, 1, 2)),
]


@pytest.mark.parametrize("name", ["fftn", "ifftn", "rfftn", "irfftn"])
def test_several_axes_match_numpy(backend, name):
    data = _input(name)
    fn = getattr(ut.fft, name)
    for s, axes in SEVERAL_AXES_CASES:
        out = fn(make(backend, data), s=s, axes=axes)
        _check(out, backend, name, data, s=s, axes=axes)


@pytest.mark.parametrize("name", ["fftn", "ifftn", "rfftn", "irfftn"])
def test_four_axes(backend, name):
    data = X4 if name == "rfftn" else C4
    fn = getattr(ut.fft, name)
    _check(fn(make(backend, data)), backend, name, data)
    kw = {"s": (3, 2, 3, 4), "axes": (3, 0, 2, 1), "norm": "ortho"}
    _check(fn(make(backend, data), **kw), backend, name, data, **kw)


def test_irfftn_odd_last_size_and_minus_one(backend):
    c = make(backend, C)
    _check(ut.fft.irfftn(c, s=(4, 7), axes=(1, 2)), backend, "irfftn", C, s=(4, 7), axes=(1, 2))
    # s[-1] == -1 is the default 2 * (m - 1), as the standard says (NumPy reads m)
    out = ut.fft.irfftn(c, s=(-1, -1), axes=(0, 2))
    _check(out, backend, "irfftn", C, s=(3, 8), axes=(0, 2))


def test_no_axes_leaves_the_input_as_complex(backend):
    out = ut.fft.fftn(make(backend, X), axes=())
    check(out, backend, X.astype(np.complex64), np.complex64)
    out = ut.fft.ifftn(make(backend, np.array(2.5, dtype=np.float32)))  # 0-d: no axes
    check(out, backend, np.array(2.5 + 0j), np.complex64)


def test_empty_batches_and_empty_axes(backend):
    # PyTorch's CPU (MKL) refuses a transform of an empty batch: the empty result here
    z = np.zeros((0, 4), dtype=np.float32)
    _check(ut.fft.fft(make(backend, z), axis=1), backend, "fft", z, axis=1)
    z3 = np.zeros((2, 0, 3), dtype=np.float32)
    _check(ut.fft.rfft(make(backend, z3)), backend, "rfft", z3)
    _check(ut.fft.ihfft(make(backend, z3), n=5), backend, "ihfft", z3, n=5)
    c = np.zeros((0, 3), dtype=np.complex64)
    _check(ut.fft.irfftn(make(backend, c), axes=(1,)), backend, "irfftn", c, axes=(1,))
    _check(ut.fft.hfft(make(backend, c), n=3), backend, "hfft", c, n=3)
    _check(ut.fft.rfftn(make(backend, z3), axes=(0, 2)), backend, "rfftn", z3, axes=(0, 2))
    # an empty transformed axis, padded
    e = np.ones((2, 0), dtype=np.float32)
    kw = {"s": (2, 3), "axes": (0, 1)}
    _check(ut.fft.fftn(make(backend, e), **kw), backend, "fftn", e, **kw)
    _check(ut.fft.fft(make(backend, e), n=4), backend, "fft", e, n=4)


# ------------------------------------------------------------------ dtypes


@pytest.mark.parametrize(
    ("name", "dtype", "result"),
    [
        ("fft", np.float32, np.complex64),
        ("fft", np.float64, np.complex128),
        ("fft", np.int32, np.complex64),
        ("fft", np.bool_, np.complex64),
        ("fft", np.float16, np.complex64),
        ("ifft", np.complex128, np.complex128),
        ("fftn", np.int64, np.complex64),
        ("rfft", np.float64, np.complex128),
        ("rfft", np.int32, np.complex64),
        ("rfft", np.float16, np.complex64),
        ("rfftn", np.uint8, np.complex64),
        ("ihfft", np.int16, np.complex64),
        ("irfft", np.float32, np.float32),
        ("irfft", np.complex128, np.float64),
        ("irfftn", np.int32, np.float32),
        ("hfft", np.float64, np.float64),
    ],
)
def test_dtype_rule(backend, name, dtype, result):
    data = (X * 3).astype(dtype)
    out = getattr(ut.fft, name)(make(backend, data))
    wide = data.astype(np.complex128 if data.dtype.kind == "c" else np.float64)
    check(out, backend, getattr(np.fft, name)(wide), result, **_tolerance(backend, result))


def test_native_arrays_and_the_module(backend):
    out = ut.fft.rfft(native(backend, X))
    _check(out, backend, "rfft", X)
    assert unitensor.fft is ut.fft
    assert set(ut.fft.__all__) >= {"fft", "rfftn", "hfft", "fftfreq", "ifftshift"}


# ------------------------------------------------------------------ frequencies and shifts


@pytest.mark.parametrize("name", ["fftfreq", "rfftfreq"])
def test_frequencies(backend, name):
    t = make(backend, np.zeros(2, dtype=np.int32))  # the template's dtype is not used
    fn = getattr(ut.fft, name)
    expected = getattr(np.fft, name)
    for n in (1, 2, 5, 8):
        check(fn(t, n), backend, expected(n), np.float32)
    check(fn(t, 5, d=0.25), backend, expected(5, d=0.25), np.float32)
    with warnings.catch_warnings():  # JAX without 64-bit mode warns that it holds float32
        warnings.simplefilter("ignore", UserWarning)
        check(fn(t, 8, 2.0, "float64"), backend, expected(8, 2.0), np.float64)
    out = fn(t, 8, dtype=ut.float16)
    check(out, backend, expected(8), np.float16, rtol=1e-3, atol=1e-3)
    assert out.device == t.device


@pytest.mark.parametrize("name", ["fftshift", "ifftshift"])
@pytest.mark.parametrize("axes", [None, 0, -1, (0, 2), (2, 1, 0)])
def test_shifts(backend, name, axes):
    fn = getattr(ut.fft, name)
    expected = getattr(np.fft, name)
    check(fn(make(backend, X), axes=axes), backend, expected(X, axes=axes), np.float32)
    ints = np.arange(3 * 4 * 5).reshape(3, 4, 5).astype(np.int32)  # odd and even lengths
    check(fn(make(backend, ints), axes), backend, expected(ints, axes), np.int32)


def test_shift_of_a_0d_tensor(backend):
    check(ut.fft.fftshift(make(backend, np.float32(3.0))), backend, np.float32(3.0))


# ------------------------------------------------------------------ errors


def _raises(exc, fn, match):
    with pytest.raises(exc, match=match) as info:
        fn()
    assert type(info.value) is exc, f"{type(info.value).__name__} instead of {exc.__name__}"


ERRORS = {
    "axis": (lambda x, c: ut.fft.fft(c, axis=3), ut.AxisError, "axis 3"),
    "axis_negative": (lambda x, c: ut.fft.rfft(x, axis=-4), ut.AxisError, "axis -4"),
    "axes": (lambda x, c: ut.fft.fftn(c, axes=(0, 5)), ut.AxisError, "axis 5"),
    "axes_repeated": (lambda x, c: ut.fft.ifftn(c, axes=(0, -3)), ut.AxisError, "repeated"),
    "no_axes": (lambda x, c: ut.fft.rfftn(x, axes=()), ut.AxisError, "at least one"),
    "shift_axis": (lambda x, c: ut.fft.fftshift(x, axes=3), ut.AxisError, "axis 3"),
    "shift_repeated": (lambda x, c: ut.fft.ifftshift(x, (1, 1)), ut.AxisError, "repeated"),
    "norm": (lambda x, c: ut.fft.fft(c, norm="ortho2"), ValueError, "norm"),
    "norm_none": (lambda x, c: ut.fft.irfftn(c, norm=None), ValueError, "norm"),
    "norm_n": (lambda x, c: ut.fft.hfft(c, norm="Forward"), ValueError, "norm"),
    "rfft_complex": (lambda x, c: ut.fft.rfft(c), ut.DTypeError, "real"),
    "rfftn_complex": (lambda x, c: ut.fft.rfftn(c), ut.DTypeError, "real"),
    "ihfft_complex": (lambda x, c: ut.fft.ihfft(c), ut.DTypeError, "real"),
    "n_zero": (lambda x, c: ut.fft.fft(c, n=0), ut.ShapeError, "data points 0"),
    "n_negative": (lambda x, c: ut.fft.irfft(c, n=-2), ut.ShapeError, "data points -2"),
    "n_float": (lambda x, c: ut.fft.rfft(x, n=4.0), TypeError, "int"),
    "s_zero": (lambda x, c: ut.fft.fftn(c, s=(0, 2), axes=(0, 1)), ut.ShapeError, "points 0"),
    "s_length": (lambda x, c: ut.fft.rfftn(x, s=(2, 2), axes=(0,)), ut.ShapeError, "2 sizes"),
    "s_without_axes": (lambda x, c: ut.fft.fftn(c, s=(2, 2)), ValueError, "needs axes"),
    "irfft_length_1": (lambda x, c: ut.fft.irfft(c[:, :, :1]), ut.ShapeError, "points 0"),
    "freq_dtype": (lambda x, c: ut.fft.fftfreq(x, 4, dtype="int32"), ut.DTypeError, "floating"),
    "freq_complex": (
        lambda x, c: ut.fft.rfftfreq(x, 4, dtype="complex64"),
        ut.DTypeError,
        "floating",
    ),
    "freq_n": (lambda x, c: ut.fft.fftfreq(x, 0), ut.ShapeError, "data points 0"),
}


@pytest.mark.parametrize("case", list(ERRORS))
def test_errors_are_the_same_everywhere(backend, case):
    fn, exc, match = ERRORS[case]
    _raises(exc, lambda: fn(make(backend, X), make(backend, C)), match)


# ------------------------------------------------------------------ transformations


@pytest.mark.skipif("jax" not in selected_backends(), reason="JAX is not selected")
def test_under_jax_jit():
    import jax

    @jax.jit
    def spectrum(a):
        return ut.fft.rfft(ut.astensor(a), n=6, norm="ortho").raw

    got = np.asarray(spectrum(make("jax", X).raw))
    np.testing.assert_allclose(got, np.fft.rfft(X, 6, norm="ortho"), rtol=2e-5, atol=2e-5)
