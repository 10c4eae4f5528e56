"""Elementwise functions (method and function forms), pow/clip/minimum/maximum,
logical functions and where."""

import warnings

import numpy as np
import pytest

import unitensor as ut
from conftest import check, make, randint, randn

X = randn(3, 4)
POS = np.abs(X) + 0.1  # > 0
UNIT = np.tanh(X) * 0.9  # in (-1, 1)
GE1 = np.abs(X) + 1.0  # >= 1
XI = randint(3, 4, low=-6, high=7)
POS_I = np.abs(XI) + 1
UNIT_I = np.clip(XI, -1, 1)
B = XI > 0


def both(backend, name, arr, *args):
    """Yield the results of the method form and of the function form."""
    t = make(backend, arr)
    yield getattr(t, name)(*args)
    yield getattr(ut, name)(make(backend, arr), *args)


# (name, numpy function, float input, int input or None)
FLOAT_VALUED = [
    ("sqrt", np.sqrt, POS, POS_I),
    ("exp", np.exp, X, XI),
    ("log", np.log, POS, POS_I),
    ("log1p", np.log1p, POS - 0.05, POS_I),
    ("log2", np.log2, POS, POS_I),
    ("log10", np.log10, POS, POS_I),
    ("sin", np.sin, X, XI),
    ("cos", np.cos, X, XI),
    ("tan", np.tan, X, XI),
    ("arcsin", np.arcsin, UNIT, UNIT_I),
    ("arccos", np.arccos, UNIT, UNIT_I),
    ("arctan", np.arctan, X, XI),
    ("sinh", np.sinh, X, XI),
    ("cosh", np.cosh, X, XI),
    ("tanh", np.tanh, X, XI),
    ("arcsinh", np.arcsinh, X, XI),
    ("arccosh", np.arccosh, GE1, POS_I),
    ("arctanh", np.arctanh, UNIT, np.zeros_like(XI)),
    # the standard's names (NumPy 2 has both)
    ("asin", np.asin, UNIT, UNIT_I),
    ("acos", np.acos, UNIT, UNIT_I),
    ("atan", np.atan, X, XI),
    ("asinh", np.asinh, X, XI),
    ("acosh", np.acosh, GE1, POS_I),
    ("atanh", np.atanh, UNIT, np.zeros_like(XI)),
]
FV_IDS = [c[0] for c in FLOAT_VALUED]


@pytest.mark.parametrize(("name", "fn", "xf", "xi"), FLOAT_VALUED, ids=FV_IDS)
def test_float_valued_on_float32(backend, name, fn, xf, xi):
    expected = fn(xf.astype(np.float64))
    for out in both(backend, name, xf):
        check(out, backend, expected, np.float32)


@pytest.mark.parametrize(("name", "fn", "xf", "xi"), FLOAT_VALUED, ids=FV_IDS)
def test_float_valued_on_float64(backend, name, fn, xf, xi):
    a = xf.astype(np.float64)
    for out in both(backend, name, a):
        check(out, backend, fn(a), np.float64, rtol=1e-5)


@pytest.mark.parametrize(("name", "fn", "xf", "xi"), FLOAT_VALUED, ids=FV_IDS)
def test_float_valued_on_int32_gives_float32(backend, name, fn, xf, xi):
    # np.<fn> of int32 gives float64; the spec says float32
    expected = fn(xi.astype(np.float64))
    for out in both(backend, name, xi):
        check(out, backend, expected, np.float32)


@pytest.mark.parametrize("name", ["sqrt", "exp", "sin", "log1p", "tanh", "arctan"])
def test_float_valued_on_bool_gives_float32(backend, name):
    expected = getattr(np, name)(B.astype(np.float64))
    for out in both(backend, name, B):
        check(out, backend, expected, np.float32)


def test_float_valued_on_int64_gives_float32(backend):
    a = POS_I.astype(np.int64)
    for out in both(backend, "sqrt", a):
        check(out, backend, np.sqrt(a), np.float32)
    for out in both(backend, "log", a):
        check(out, backend, np.log(a), np.float32)


KEEP_DTYPE = [
    ("abs", np.abs),
    ("sign", np.sign),
    ("square", np.square),
    ("round", np.round),
    ("ceil", np.ceil),
    ("floor", np.floor),
]


@pytest.mark.parametrize(("name", "fn"), KEEP_DTYPE, ids=[c[0] for c in KEEP_DTYPE])
@pytest.mark.parametrize("dtype", [np.float32, np.int32, np.int64])
def test_keep_dtype_functions(backend, name, fn, dtype):
    a = (X * 3).astype(dtype) if np.dtype(dtype).kind == "f" else XI.astype(dtype)
    expected = fn(a.astype(np.float64)) if np.dtype(dtype).kind == "f" else fn(a)
    for out in both(backend, name, a):
        check(out, backend, expected, dtype)


def test_sign_of_zero_and_negative(backend):
    a = np.array([-2.5, -0.0, 0.0, 3.0], dtype=np.float32)
    for out in both(backend, "sign", a):
        check(out, backend, np.sign(a))


def test_round_half_to_even(backend):
    a = np.array([0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.49, 1.51, -3.7], dtype=np.float32)
    for out in both(backend, "round", a):
        check(out, backend, np.round(a))


def test_ceil_floor_negative(backend):
    a = np.array([-1.5, -0.2, 0.0, 0.2, 1.5, 2.0], dtype=np.float32)
    for out in both(backend, "ceil", a):
        check(out, backend, np.ceil(a))
    for out in both(backend, "floor", a):
        check(out, backend, np.floor(a))


SPECIAL = np.array([1.0, np.nan, np.inf, -np.inf, -0.0, 3.5], dtype=np.float32)


@pytest.mark.parametrize("name", ["isnan", "isinf", "isfinite"])
def test_isnan_isinf_isfinite(backend, name):
    fn = getattr(np, name)
    for out in both(backend, name, SPECIAL):
        check(out, backend, fn(SPECIAL), np.bool_)
    for out in both(backend, name, XI):
        check(out, backend, fn(XI), np.bool_)
    for out in both(backend, name, B):
        check(out, backend, fn(B), np.bool_)


def test_logical_not(backend):
    for out in both(backend, "logical_not", B):
        check(out, backend, np.logical_not(B), np.bool_)
    for out in both(backend, "logical_not", XI):
        check(out, backend, np.logical_not(XI), np.bool_)


def test_nan_propagation(backend):
    for out in both(backend, "exp", SPECIAL):
        check(out, backend, np.exp(SPECIAL.astype(np.float64)), np.float32)
    for out in both(backend, "abs", SPECIAL):
        check(out, backend, np.abs(SPECIAL), np.float32)


def test_elementwise_does_not_modify_input(backend):
    t = make(backend, X)
    t.exp()
    t.abs()
    t.square()
    check(t, backend, X)


# ---------------------------------------------------------------- pow


def test_pow(backend):
    for out in both(backend, "pow", POS, 2):
        check(out, backend, POS**2, np.float32)
    for out in both(backend, "pow", POS, 0.5):
        check(out, backend, POS.astype(np.float64) ** 0.5, np.float32)
    for out in both(backend, "pow", POS, -1.5):
        check(out, backend, POS.astype(np.float64) ** -1.5, np.float32)
    t = make(backend, POS)
    check(t.pow(make(backend, X)), backend, POS.astype(np.float64) ** X, np.float32)
    check(ut.pow(t, make(backend, X)), backend, POS.astype(np.float64) ** X, np.float32)


def test_pow_int(backend):
    for out in both(backend, "pow", XI, 3):
        check(out, backend, XI**3, np.int32)
    e = np.abs(randint(3, 4, seed=5)) % 4
    check(make(backend, XI).pow(make(backend, e)), backend, XI**e, np.int32)
    for out in both(backend, "pow", POS_I, 0.5):
        check(out, backend, POS_I**0.5, np.float32)


# ---------------------------------------------------------------- clip


def test_clip_float(backend):
    for out in both(backend, "clip", X, -0.5, 0.7):
        check(out, backend, np.clip(X, -0.5, 0.7), np.float32)
    for out in both(backend, "clip", X, 0, 1):
        check(out, backend, np.clip(X, 0, 1), np.float32)


def test_clip_int(backend):
    for out in both(backend, "clip", XI, -2, 3):
        check(out, backend, np.clip(XI, -2, 3), np.int32)
    # int tensor with float bounds -> float32 (scalar rule)
    for out in both(backend, "clip", XI, -1.5, 2.5):
        check(out, backend, np.clip(XI.astype(np.float64), -1.5, 2.5), np.float32)


# Number bounds beyond a float dtype's range saturate, as NumPy converts them to the dtype
# first (70000 is inf in float16); PyTorch refused them with a RuntimeError.
BEYOND_RANGE = [
    ("float16", -300, 70000),
    ("float16", -70000, 0.5),
    ("float16", 70000, None),
    ("float32", -1e39, 1e39),
    ("float32", 0, 10**40),
]


@pytest.mark.parametrize(("dtype", "lo", "hi"), BEYOND_RANGE)
def test_clip_bounds_beyond_the_float_range_saturate(backend, dtype, lo, hi):
    x = np.array([-2.0, 0.25, 3.0, np.inf, -np.inf], dtype=dtype)
    with np.errstate(over="ignore"):
        expected = np.clip(x, lo, hi)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # NumPy's own overflow warning
        check(make(backend, x).clip(lo, hi), backend, expected, dtype)
        if hi is not None:
            check(make(backend, x).minimum(hi), backend, np.minimum(x, hi), dtype)
        check(make(backend, x).maximum(lo), backend, np.maximum(x, lo), dtype)


def test_float_operations_take_python_ints_as_floats(backend):
    """10**40 with a float32 tensor is inf, as NumPy converts it (PyTorch and JAX raised)."""
    x = X[:2, :2]
    with np.errstate(over="ignore"):
        expected = x * np.float32(1e40)
    check(make(backend, x) * 10**40, backend, expected, np.float32)
    check(10**40 * make(backend, x), backend, expected, np.float32)
    check(make(backend, x) < 10**40, backend, x < np.float32(1e40), np.bool_)


def test_clip_tensor_bounds(backend):
    lo = np.full((4,), -0.5, dtype=np.float32)
    hi = np.linspace(0.0, 1.0, 4).astype(np.float32)
    t = make(backend, X)
    check(t.clip(make(backend, lo), make(backend, hi)), backend, np.clip(X, lo, hi))
    check(ut.clip(t, make(backend, lo), 0.8), backend, np.clip(X, lo, 0.8))


# ---------------------------------------------------------------- minimum/maximum

Y = randn(3, 4, seed=42)
YI = randint(3, 4, low=-6, high=7, seed=42)


@pytest.mark.parametrize("name", ["minimum", "maximum"])
def test_minimum_maximum(backend, name):
    fn = getattr(np, name)
    t = make(backend, X)
    check(getattr(t, name)(make(backend, Y)), backend, fn(X, Y))
    check(getattr(ut, name)(t, make(backend, Y)), backend, fn(X, Y))
    for out in both(backend, name, X, 0.25):
        check(out, backend, fn(X, 0.25), np.float32)
    for out in both(backend, name, X, 0):
        check(out, backend, fn(X, 0), np.float32)
    # broadcasting
    check(getattr(t, name)(make(backend, Y[0])), backend, fn(X, Y[0]))


@pytest.mark.parametrize("name", ["minimum", "maximum"])
def test_minimum_maximum_int_and_mixed(backend, name):
    fn = getattr(np, name)
    ti = make(backend, XI)
    check(getattr(ti, name)(make(backend, YI)), backend, fn(XI, YI), np.int32)
    check(getattr(ti, name)(2), backend, fn(XI, 2), np.int32)
    check(getattr(ti, name)(1.5), backend, fn(XI, 1.5), np.float32)
    check(getattr(ti, name)(make(backend, Y)), backend, fn(XI, Y.astype(np.float64)), np.float32)
    i64 = YI.astype(np.int64)
    check(getattr(ti, name)(make(backend, i64)), backend, fn(XI, i64), np.int64)


# ---------------------------------------------------------------- logical


@pytest.mark.parametrize("name", ["logical_and", "logical_or"])
def test_logical_binary(backend, name):
    fn = getattr(np, name)
    b2 = YI > 0
    check(getattr(make(backend, B), name)(make(backend, b2)), backend, fn(B, b2), np.bool_)
    check(getattr(ut, name)(make(backend, B), make(backend, b2)), backend, fn(B, b2), np.bool_)
    for scalar in (True, False):
        for out in both(backend, name, B, scalar):
            check(out, backend, fn(B, scalar), np.bool_)
    check(
        getattr(make(backend, B), name)(make(backend, b2[0])),
        backend,
        fn(B, b2[0]),
        np.bool_,
    )


# ---------------------------------------------------------------- where

COND = X > 0


def test_where_tensors(backend):
    c, x, y = make(backend, COND), make(backend, X), make(backend, Y)
    check(ut.where(c, x, y), backend, np.where(COND, X, Y))
    check(c.where(x, y), backend, np.where(COND, X, Y))
    ci, yi = make(backend, COND), make(backend, YI)
    check(ut.where(ci, make(backend, XI), yi), backend, np.where(COND, XI, YI), np.int32)


def test_where_broadcasting(backend):
    c = make(backend, COND)
    row = Y[0]
    check(ut.where(c, make(backend, X), make(backend, row)), backend, np.where(COND, X, row))
    check(
        ut.where(make(backend, COND[:, :1]), make(backend, X), make(backend, Y)),
        backend,
        np.where(COND[:, :1], X, Y),
    )


def test_where_mixed_dtypes(backend):
    c = make(backend, COND)
    check(
        ut.where(c, make(backend, XI), make(backend, Y)),
        backend,
        np.where(COND, XI, Y),
        np.float32,
    )
    i64 = YI.astype(np.int64)
    check(ut.where(c, make(backend, XI), make(backend, i64)), backend, np.where(COND, XI, i64))


def test_where_tensor_and_scalar(backend):
    c = make(backend, COND)
    check(ut.where(c, make(backend, X), 0), backend, np.where(COND, X, 0), np.float32)
    check(ut.where(c, 1.5, make(backend, X)), backend, np.where(COND, 1.5, X), np.float32)
    check(ut.where(c, make(backend, XI), -1), backend, np.where(COND, XI, -1), np.int32)
    check(
        ut.where(c, make(backend, XI), 0.5),
        backend,
        np.where(COND, XI.astype(np.float64), 0.5),
        np.float32,
    )
    check(c.where(make(backend, X), -2.0), backend, np.where(COND, X, -2.0), np.float32)
    check(ut.where(c, make(backend, B), 3), backend, np.where(COND, B, 3), np.int64)


def test_where_two_scalars(backend):
    c = make(backend, COND)
    check(ut.where(c, 1, 2), backend, np.where(COND, 1, 2), np.int64)
    check(ut.where(c, 1.0, -2.5), backend, np.where(COND, 1.0, -2.5), np.float32)
    check(c.where(3, 4), backend, np.where(COND, 3, 4), np.int64)


@pytest.mark.parametrize("name", ["minimum", "maximum"])
def test_minimum_maximum_propagate_nan(backend, name):
    a = np.array([1.0, np.nan, 3.0, np.nan], dtype=np.float32)
    b = np.array([np.nan, 2.0, 0.0, np.nan], dtype=np.float32)
    fn = getattr(np, name)
    check(getattr(make(backend, a), name)(make(backend, b)), backend, fn(a, b))
    check(getattr(make(backend, a), name)(0.5), backend, fn(a, np.float32(0.5)))


@pytest.mark.parametrize("name", ["logical_and", "logical_or"])
def test_logical_binary_on_int(backend, name):
    fn = getattr(np, name)
    check(getattr(make(backend, XI), name)(make(backend, YI)), backend, fn(XI, YI), np.bool_)


@pytest.mark.parametrize("dtype", ["int8", "uint8", "int32"])
@pytest.mark.parametrize(
    "lo, hi", [(-1000, 1000), (0, 300), (-5, 5), (0, 2**70), (-(2**70), 3), (True, 5)]
)
def test_clip_integer_tensor_with_bounds_outside_its_dtype(backend, dtype, lo, hi):
    # NumPy: a bound beyond the dtype on its own side clips nothing there;
    # PyTorch, TensorFlow and JAX would wrap it around (-1000 -> 24 in int8)
    a = np.array([0, 5, 100], dtype=dtype)
    for _ in range(2):  # first call fills the dtype caches, the second takes the fast path
        check(make(backend, a).clip(lo, hi), backend, np.clip(a, lo, hi), dtype)


@pytest.mark.parametrize("lo, hi", [(200, 300), (-300, -200)])
def test_clip_integer_bound_beyond_the_other_end_raises_overflowerror(backend, lo, hi):
    a = np.array([0, 5, 100], dtype=np.int8)
    with pytest.raises(OverflowError):
        np.clip(a, lo, hi)  # the reference behaviour
    with pytest.raises(OverflowError):
        make(backend, a).clip(lo, hi)


@pytest.mark.parametrize(
    "numpy_name", ["arcsin", "arccos", "arctan", "arcsinh", "arccosh", "arctanh"]
)
def test_numpy_names_are_aliases_of_the_standards(numpy_name):
    standard = "a" + numpy_name.removeprefix("arc")
    assert getattr(ut.Tensor, numpy_name) is getattr(ut.Tensor, standard)
    assert getattr(ut, numpy_name) is getattr(ut, standard)
