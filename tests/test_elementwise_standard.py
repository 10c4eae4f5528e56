"""The Array API standard 2025.12's elementwise functions on every backend, against NumPy 2.

Every function, as a method and as ``ut.<name>``, against NumPy's function of the same
name on float32, float64, int32, uint8, bool and complex64 where the standard takes the
dtype (bool and integer input to a float function gives float32, the project's rule);
the functions of two operands with broadcasting and a Python scalar on either side; and
the standard's special cases (NaN, +-0, +-inf), taken from the docstrings of the 2025.12
stubs (``array_api_stubs/_2025_12/elementwise_functions.py``), on every backend, signs of
zeros (and of NaN, where the standard gives one) included.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

import unitensor as ut
from conftest import check, expected_dtype, make, native, supports_float64, to_numpy

# ------------------------------------------------------------------ inputs

_F = np.array([[-2.5, -1.0, -0.3, 0.0], [0.4, 1.0, 1.5, 3.0], [-0.7, 2.2, -3.3, 0.9]])
_I = np.array([[-3, -1, 0, 2], [5, 1, -4, 7], [3, -2, 6, 1]])
_U = np.array([[3, 1, 0, 2], [5, 1, 4, 7], [3, 2, 6, 1]])
_Z = np.array(
    [[1 + 2j, -1.5 + 0.5j, 0.3 - 0.7j, -2 - 3j], [0.5j, 2 + 0.25j, -0.4 + 1.2j, 1 - 1j]] * 2
)[:3]
_B = np.array([[True, False, True, False], [False, False, True, True], [True, True, False, True]])

# the domain of a function, applied to the values above
DOMAINS = {
    "any": lambda x: x,
    "pos": lambda x: np.abs(x) + 0.5,  # > 0
    "unit": lambda x: np.tanh(x) * 0.9,  # in (-1, 1)
    "ge1": lambda x: np.abs(x) + 1.0,  # >= 1
    "gtm1": lambda x: np.abs(x) - 0.2,  # > -1
    "nonzero": lambda x: np.where(x == 0, 1.5, x),
    "small": lambda x: np.clip(x, -2, 2),
}
INT_DOMAINS = {
    "any": lambda x: x,
    "pos": lambda x: np.abs(x) + 1,
    "unit": lambda x: np.clip(x, -1, 1) * 0,  # atanh(+-1) is +-inf: keep to 0
    "ge1": lambda x: np.abs(x) + 1,
    "gtm1": lambda x: np.abs(x),
    "nonzero": lambda x: np.where(x == 0, 1, x),
    "small": lambda x: np.clip(x, -2, 2),
}
FLOATS = ("float32", "float64")
INTS = ("int32", "uint8")


def values(dtype, domain="any"):
    """The (3, 4) input of a dtype, in a function's domain."""
    if dtype == "bool":
        return _B.copy()
    if dtype == "complex64":
        return _Z.astype(np.complex64)
    if dtype in INTS:
        base = _I if dtype == "int32" else _U
        return INT_DOMAINS[domain](base).astype(dtype)
    return DOMAINS[domain](_F).astype(dtype)


def _skip_float64(backend, dtype):
    if dtype in ("float64",) and not supports_float64(backend):
        pytest.skip("JAX without 64-bit mode holds float32 for float64")


# ------------------------------------------------------------------ unary functions

# name: (domain, dtypes the standard takes, float function: bool/int input gives float32);
# integer input to the older float functions (sqrt, ...) is tested in test_elementwise.py
UNARY = {
    "abs": ("any", (*FLOATS, *INTS, "complex64"), False),
    "negative": ("any", (*FLOATS, *INTS, "complex64"), False),
    "positive": ("any", (*FLOATS, *INTS, "complex64"), False),
    "sign": ("any", (*FLOATS, "int32", "complex64"), False),
    "square": ("any", (*FLOATS, *INTS, "complex64"), False),
    "sqrt": ("pos", (*FLOATS, "complex64"), True),
    "exp": ("small", (*FLOATS, "complex64"), True),
    "expm1": ("small", (*FLOATS, "int32", "complex64"), True),
    "log": ("pos", (*FLOATS, "complex64"), True),
    "log1p": ("gtm1", (*FLOATS, "complex64"), True),
    "log2": ("pos", (*FLOATS, "complex64"), True),
    "log10": ("pos", (*FLOATS, "complex64"), True),
    "sin": ("any", (*FLOATS, "complex64"), True),
    "cos": ("any", (*FLOATS, "complex64"), True),
    "tan": ("small", (*FLOATS, "complex64"), True),
    "asin": ("unit", (*FLOATS, "complex64"), True),
    "acos": ("unit", (*FLOATS, "complex64"), True),
    "atan": ("any", (*FLOATS, "complex64"), True),
    "sinh": ("small", (*FLOATS, "complex64"), True),
    "cosh": ("small", (*FLOATS, "complex64"), True),
    "tanh": ("any", (*FLOATS, "complex64"), True),
    "asinh": ("any", (*FLOATS, "complex64"), True),
    "acosh": ("ge1", (*FLOATS, "complex64"), True),
    "atanh": ("unit", (*FLOATS, "complex64"), True),
    "reciprocal": ("nonzero", (*FLOATS, "int32", "complex64"), True),
    "round": ("any", (*FLOATS, *INTS, "complex64"), False),
    "ceil": ("any", (*FLOATS, *INTS), False),
    "floor": ("any", (*FLOATS, *INTS), False),
    "trunc": ("any", (*FLOATS, *INTS), False),
    "signbit": ("any", (*FLOATS, "int32"), True),
    "conj": ("any", ("complex64", "float32", "int32"), False),
    "real": ("any", ("complex64", "float32", "int32"), False),
    "imag": ("any", ("complex64", "float32", "int32"), False),
    "isnan": ("any", (*FLOATS, "int32", "complex64"), False),
    "isinf": ("any", (*FLOATS, "int32", "complex64"), False),
    "isfinite": ("any", (*FLOATS, "int32", "complex64"), False),
    "bitwise_invert": ("any", (*INTS, "bool"), False),
}
UNARY_CASES = [(name, dtype) for name, (_, dts, _) in UNARY.items() for dtype in dts]


def _expected_unary(name, x, float_function):
    fn = getattr(np, name)
    if float_function and x.dtype.kind in "biu":
        out = fn(x.astype(np.float64))
        return out, (np.bool_ if out.dtype == np.bool_ else np.float32)
    if x.dtype.kind == "f" and x.dtype != np.float64:
        out = fn(x.astype(np.float64))  # a better reference for float32
        return out, (np.bool_ if out.dtype == np.bool_ else x.dtype)
    out = fn(x)
    return out, out.dtype


@pytest.mark.parametrize(("name", "dtype"), UNARY_CASES, ids=[f"{n}-{d}" for n, d in UNARY_CASES])
def test_unary(backend, name, dtype):
    _skip_float64(backend, dtype)
    domain, _, float_function = UNARY[name]
    x = values(dtype, domain)
    expected, want = _expected_unary(name, x, float_function)
    check(getattr(make(backend, x), name)(), backend, expected, want)
    check(getattr(ut, name)(make(backend, x)), backend, expected, want)


# ------------------------------------------------------------------ binary functions

# name: (domain of x2, dtypes, scalar of each kind (bool/int, float), float function)
BINARY = {
    "add": ("any", (*FLOATS, *INTS, "complex64"), False),
    "subtract": ("any", (*FLOATS, *INTS, "complex64"), False),
    "multiply": ("any", (*FLOATS, *INTS, "complex64"), False),
    "divide": ("nonzero", (*FLOATS, "int32", "complex64"), True),
    "floor_divide": ("nonzero", (*FLOATS, *INTS), False),
    "remainder": ("nonzero", (*FLOATS, *INTS), False),
    "pow": ("small", (*FLOATS, "complex64"), False),
    "equal": ("any", (*FLOATS, *INTS, "bool", "complex64"), False),
    "not_equal": ("any", (*FLOATS, *INTS, "bool", "complex64"), False),
    "less": ("any", (*FLOATS, *INTS, "bool"), False),
    "less_equal": ("any", (*FLOATS, *INTS, "bool"), False),
    "greater": ("any", (*FLOATS, *INTS, "bool"), False),
    "greater_equal": ("any", (*FLOATS, *INTS, "bool"), False),
    "bitwise_and": ("any", (*INTS, "bool"), False),
    "bitwise_or": ("any", (*INTS, "bool"), False),
    "bitwise_xor": ("any", (*INTS, "bool"), False),
    "bitwise_left_shift": ("shift", INTS, False),
    "bitwise_right_shift": ("shift", INTS, False),
    "logical_xor": ("any", ("bool", "int32"), False),
    "atan2": ("any", (*FLOATS, "int32"), True),
    "copysign": ("any", (*FLOATS, "int32"), True),
    "hypot": ("any", (*FLOATS, "int32"), True),
    "logaddexp": ("any", (*FLOATS, "int32"), True),
    "nextafter": ("any", FLOATS, True),
}
BINARY_CASES = [(name, dtype) for name, (_, dts, _) in BINARY.items() for dtype in dts]
# the bases of pow: positive floats (any real exponent), small non-negative integers
POW_BASE = {"float32": "pos", "float64": "pos"}


def _operands(name, dtype):
    """(x1 of shape (3, 4), x2 of shape (4,), a Python scalar of the dtype's kind)."""
    domain = BINARY[name][0]
    x1 = values(dtype, POW_BASE.get(dtype, "any") if name == "pow" else "any")
    if domain == "shift":
        x1 = np.abs(x1).astype(dtype)
        x2 = np.array([0, 1, 3, 7], dtype=dtype)
        return x1, x2, 2
    x2 = values(dtype, domain)[1]
    if name in ("floor_divide", "remainder") and dtype in INTS:
        x2 = np.where(x2 == 0, 3, x2).astype(dtype)
    scalar = {"bool": True, "int32": 3, "uint8": 3}.get(dtype, 1.5)
    if name == "pow" and dtype == "complex64":
        scalar = 2.0
    return x1, x2, scalar


def _numpy_binary(name, a, b, float_function):
    """NumPy's result and the dtype the standard (with the project's rules) gives."""
    fn = getattr(np, name)
    arrays = [x for x in (a, b) if isinstance(x, np.ndarray)]
    dtype = arrays[0].dtype
    if float_function and dtype.kind in "biu":
        wide = [x.astype(np.float64) if isinstance(x, np.ndarray) else float(x) for x in (a, b)]
        return fn(*wide), np.float32
    with np.errstate(all="ignore"):
        out = fn(a, b)
    return out, out.dtype


@pytest.mark.parametrize(("name", "dtype"), BINARY_CASES, ids=[f"{n}-{d}" for n, d in BINARY_CASES])
def test_binary(backend, name, dtype):
    _skip_float64(backend, dtype)
    float_function = BINARY[name][2]
    x1, x2, scalar = _operands(name, dtype)
    fn = getattr(ut, name)
    # two tensors, broadcast (3, 4) with (4,): the method and the function
    expected, want = _numpy_binary(name, x1, x2, float_function)
    check(getattr(make(backend, x1), name)(make(backend, x2)), backend, expected, want)
    check(fn(make(backend, x1), make(backend, x2)), backend, expected, want)
    # a Python scalar on either side
    expected, want = _numpy_binary(name, x1, scalar, float_function)
    check(fn(make(backend, x1), scalar), backend, expected, want)
    check(getattr(make(backend, x1), name)(scalar), backend, expected, want)
    if name == "pow" and dtype in FLOATS:
        scalar = 2.0  # a positive base for any exponent
    # on the left, a scalar divides (or shifts) x2, which has no zeros
    x = x2 if name in ("floor_divide", "remainder", "divide") or "shift" in name else x1
    left = 1 if "shift" in name else scalar
    check(fn(left, make(backend, x)), backend, *_numpy_binary(name, left, x, float_function))


def test_pow_of_integers(backend):
    x1 = np.array([[0, 1, 2], [3, -2, 5]], dtype=np.int32)
    x2 = np.array([3, 0, 2], dtype=np.int32)
    check(ut.pow(make(backend, x1), make(backend, x2)), backend, np.pow(x1, x2), np.int32)
    check(ut.pow(2, make(backend, x2)), backend, np.pow(2, x2), np.int32)
    check(ut.pow(make(backend, x1), 2), backend, np.pow(x1, 2), np.int32)


@pytest.mark.parametrize("dtype", ["int32", "uint8", "int8", "int64"])
def test_shifts_beyond_the_width(backend, dtype):
    """NumPy's meaning, which TensorFlow leaves implementation-defined: 0 (or -1)."""
    if expected_dtype(backend, dtype) != np.dtype(dtype):
        pytest.skip("JAX without 64-bit mode holds int32 for int64")
    signed = np.dtype(dtype).kind == "i"
    x1 = np.array([1, 7, 100, 1, 3] + ([-1, -100] if signed else [255, 200]), dtype=dtype)
    width = np.dtype(dtype).itemsize * 8
    x2 = np.array([width, width + 1, 70, width - 1, 0, width, 3], dtype=dtype)
    if signed:
        x2[2] = -1  # negative amounts count as too large, as in NumPy
    t1, t2 = make(backend, x1), make(backend, x2)
    check(t1 << t2, backend, np.left_shift(x1, x2), dtype)
    check(t1 >> t2, backend, np.right_shift(x1, x2), dtype)
    check(t1 << width, backend, np.left_shift(x1, width), dtype)
    check(t1 >> width, backend, np.right_shift(x1, width), dtype)
    check(3 << t2[4:], backend, np.left_shift(np.array(3, dtype), x2[4:]), dtype)
    check(100 >> t2[3:5], backend, np.right_shift(np.array(100, dtype), x2[3:5]), dtype)


def test_operators_are_the_methods():
    """The standard's names and the operators are one implementation each."""
    T = ut.Tensor
    pairs = {
        "add": "__add__",
        "subtract": "__sub__",
        "multiply": "__mul__",
        "divide": "__truediv__",
        "floor_divide": "__floordiv__",
        "remainder": "__mod__",
        "pow": "__pow__",
        "negative": "__neg__",
        "positive": "__pos__",
        "equal": "__eq__",
        "not_equal": "__ne__",
        "less": "__lt__",
        "less_equal": "__le__",
        "greater": "__gt__",
        "greater_equal": "__ge__",
        "bitwise_and": "__and__",
        "bitwise_or": "__or__",
        "bitwise_xor": "__xor__",
        "bitwise_invert": "__invert__",
        "bitwise_left_shift": "__lshift__",
        "bitwise_right_shift": "__rshift__",
    }
    for name, dunder in pairs.items():
        assert getattr(T, name) is getattr(T, dunder), name


def test_functions_take_native_arrays_and_keep_the_framework(backend):
    x = make(backend, np.array([1.0, -2.0], dtype=np.float32))
    assert type(ut.add(x.raw, 1.0)) is type(x)
    assert type(ut.atan2(1.0, x.raw)) is type(x)
    check(ut.subtract(x.raw, x), backend, np.zeros(2, np.float32))
    with pytest.raises(ut.UnsupportedTypeError):
        ut.add(1, 2)


# ------------------------------------------------------------------ gradients

# away from the jumps of remainder, floor_divide and trunc (their gradients there vary)
_X = np.array([-2.5, -0.7, 0.4, 1.3, 3.1], dtype=np.float32)
_C = np.array([1.5, -2.0, 0.3, 0.5, -1.0], dtype=np.float32)
_SIG = 1 / (1 + np.exp(-(_X - _C)))
# (function of x (and the constant c), its derivative in x)
GRADIENTS = {
    "expm1": (lambda x, c: ut.expm1(x), np.exp(_X)),
    "reciprocal": (lambda x, c: ut.reciprocal(x), -1 / _X**2),
    "atan2": (lambda x, c: ut.atan2(x, c), _C / (_X**2 + _C**2)),
    "atan2 (x second)": (lambda x, c: ut.atan2(c, x), -_C / (_X**2 + _C**2)),
    "hypot": (lambda x, c: ut.hypot(x, c), _X / np.hypot(_X, _C)),
    "logaddexp": (lambda x, c: ut.logaddexp(x, c), _SIG),
    "logaddexp (ties)": (lambda x, c: ut.logaddexp(x, x * 1.0), np.ones(5)),
    "logaddexp (scalar)": (lambda x, c: ut.logaddexp(0.5, x), 1 / (1 + np.exp(0.5 - _X))),
    "copysign": (lambda x, c: ut.copysign(x, c), np.sign(_X) * np.sign(_C)),
    "remainder": (lambda x, c: ut.remainder(x, c), np.ones(5)),
    "floor_divide": (lambda x, c: ut.floor_divide(x, c) + x, np.ones(5)),
    "trunc": (lambda x, c: ut.trunc(x) + x, np.ones(5)),
    "sign": (lambda x, c: ut.sign(x) + x, np.ones(5)),
}


@pytest.mark.parametrize("name", list(GRADIENTS))
def test_gradients(grad_backend, name):
    f, expected = GRADIENTS[name]
    c = make(grad_backend, _C)
    g = ut.grad(lambda x: f(x, c).sum(), make(grad_backend, _X))
    check(g, grad_backend, expected, np.float32, rtol=1e-5)


# ------------------------------------------------------------------ errors


@pytest.mark.parametrize(
    "name",
    ["ceil", "floor", "trunc", "signbit"],
)
def test_complex_input_to_real_functions_raises(backend, name):
    z = make(backend, np.array([1 + 1j], dtype=np.complex64))
    with pytest.raises(ut.DTypeError):
        getattr(z, name)()
    with pytest.raises(ut.DTypeError):
        getattr(ut, name)(z)


@pytest.mark.parametrize(
    "name",
    ["atan2", "copysign", "hypot", "logaddexp", "nextafter", "floor_divide", "remainder"],
)
def test_complex_operands_to_real_functions_raise(backend, name):
    z = make(backend, np.array([1 + 1j], dtype=np.complex64))
    with pytest.raises(ut.DTypeError):
        getattr(z, name)(z)
    with pytest.raises(ut.DTypeError):
        getattr(ut, name)(1.0, z)


@pytest.mark.parametrize(
    "name",
    ["subtract", "floor_divide", "remainder", "pow", "bitwise_left_shift", "bitwise_right_shift"],
)
def test_bool_operands_raise(backend, name):
    b = make(backend, _B[0])
    with pytest.raises(ut.DTypeError):
        getattr(b, name)(b)
    with pytest.raises(ut.DTypeError):
        getattr(ut, name)(True, b)


@pytest.mark.parametrize("name", ["negative", "positive"])
def test_bool_input_raises(backend, name):
    with pytest.raises(ut.DTypeError):
        getattr(ut, name)(make(backend, _B[0]))


@pytest.mark.parametrize("name", ["bitwise_left_shift", "bitwise_right_shift", "bitwise_and"])
def test_float_operands_to_bitwise_functions_raise(backend, name):
    x = make(backend, np.array([1.0, 2.0], dtype=np.float32))
    with pytest.raises(ut.DTypeError):
        getattr(ut, name)(x, 1)
    with pytest.raises(ut.DTypeError):
        getattr(ut, name)(make(backend, np.array([1, 2], dtype=np.int32)), 1.5)


def test_shapes_that_do_not_broadcast_raise(backend):
    a = make(backend, np.ones((2, 3), np.float32))
    b = make(backend, np.ones((4,), np.float32))
    for fn in (ut.add, ut.atan2, ut.equal, ut.copysign, ut.logaddexp):
        with pytest.raises(ut.ShapeError):
            fn(a, b)


# ------------------------------------------------------------------ special cases

NAN = math.nan
INF = math.inf
PI = math.pi
NNAN = -math.nan  # NaN with its sign bit set


class Approx(float):
    """An expected value the standard gives as "an implementation-dependent approximation"."""


class Signed(float):
    """An expected NaN whose sign bit the standard fixes (copysign)."""


def nan_with_sign(negative):
    return Signed(NNAN if negative else NAN)


# The real-valued special cases of the 2025.12 stubs, one row per bullet ("greater than 0"
# is represented by 2.5 or 1.5, "a finite number" likewise). Where the standard allows two
# results, the row holds NumPy's (noted).
UNARY_SPECIAL = {
    "abs": [(NAN, NAN), (-0.0, 0.0), (-INF, INF), (-2.5, 2.5)],
    "acos": [(NAN, NAN), (1.5, NAN), (-1.5, NAN), (1.0, 0.0)],
    "acosh": [(NAN, NAN), (0.5, NAN), (1.0, 0.0), (INF, INF)],
    "asin": [(NAN, NAN), (1.5, NAN), (-1.5, NAN), (0.0, 0.0), (-0.0, -0.0)],
    "asinh": [(NAN, NAN), (0.0, 0.0), (-0.0, -0.0), (INF, INF), (-INF, -INF)],
    "atan": [(NAN, NAN), (0.0, 0.0), (-0.0, -0.0), (INF, Approx(PI / 2)), (-INF, Approx(-PI / 2))],
    "atanh": [
        (NAN, NAN), (-1.5, NAN), (1.5, NAN), (-1.0, -INF), (1.0, INF), (0.0, 0.0), (-0.0, -0.0),
    ],
    "ceil": [(2.0, 2.0), (INF, INF), (-INF, -INF), (0.0, 0.0), (-0.0, -0.0), (NAN, NAN)],
    "cos": [(NAN, NAN), (0.0, 1.0), (-0.0, 1.0), (INF, NAN), (-INF, NAN)],
    "cosh": [(NAN, NAN), (0.0, 1.0), (-0.0, 1.0), (INF, INF), (-INF, INF)],
    "exp": [(NAN, NAN), (0.0, 1.0), (-0.0, 1.0), (INF, INF), (-INF, 0.0)],
    "expm1": [(NAN, NAN), (0.0, 0.0), (-0.0, -0.0), (INF, INF), (-INF, -1.0)],
    "floor": [(2.0, 2.0), (INF, INF), (-INF, -INF), (0.0, 0.0), (-0.0, -0.0), (NAN, NAN)],
    "isfinite": [(INF, False), (-INF, False), (NAN, False), (2.5, True)],
    "isinf": [(INF, True), (-INF, True), (NAN, False), (2.5, False)],
    "isnan": [(NAN, True), (INF, False), (2.5, False)],
    "log": [(NAN, NAN), (-1.0, NAN), (0.0, -INF), (-0.0, -INF), (1.0, 0.0), (INF, INF)],
    "log1p": [(NAN, NAN), (-1.5, NAN), (-1.0, -INF), (-0.0, -0.0), (0.0, 0.0), (INF, INF)],
    "log2": [(NAN, NAN), (-1.0, NAN), (0.0, -INF), (-0.0, -INF), (1.0, 0.0), (INF, INF)],
    "log10": [(NAN, NAN), (-1.0, NAN), (0.0, -INF), (-0.0, -INF), (1.0, 0.0), (INF, INF)],
    "negative": [(NAN, NAN), (0.0, -0.0), (-0.0, 0.0), (INF, -INF), (-2.5, 2.5)],
    "positive": [(NAN, NAN), (-0.0, -0.0), (-INF, -INF)],
    # as 1.0 / x
    "reciprocal": [(NAN, NAN), (0.0, INF), (-0.0, -INF), (INF, 0.0), (-INF, -0.0), (2.0, 0.5)],
    "round": [
        (2.0, 2.0), (INF, INF), (-INF, -INF), (0.0, 0.0), (-0.0, -0.0), (NAN, NAN),
        (0.5, 0.0), (1.5, 2.0), (2.5, 2.0), (-0.5, -0.0), (-1.5, -2.0), (-2.5, -2.0),
    ],
    "sign": [(-2.5, -1.0), (-0.0, 0.0), (0.0, 0.0), (2.5, 1.0), (NAN, NAN), (-INF, -1.0)],
    "signbit": [
        (0.0, False), (-0.0, True), (INF, False), (-INF, True), (2.5, False), (-2.5, True),
        (NAN, False), (NNAN, True),
    ],
    "sin": [(NAN, NAN), (0.0, 0.0), (-0.0, -0.0), (INF, NAN), (-INF, NAN)],
    "sinh": [(NAN, NAN), (0.0, 0.0), (-0.0, -0.0), (INF, INF), (-INF, -INF)],
    "sqrt": [(NAN, NAN), (-1.0, NAN), (0.0, 0.0), (-0.0, -0.0), (INF, INF)],
    # as x * x
    "square": [(NAN, NAN), (-0.0, 0.0), (INF, INF), (-INF, INF), (-2.5, 6.25)],
    "tan": [(NAN, NAN), (0.0, 0.0), (-0.0, -0.0), (INF, NAN), (-INF, NAN)],
    "tanh": [(NAN, NAN), (0.0, 0.0), (-0.0, -0.0), (INF, 1.0), (-INF, -1.0)],
    "trunc": [
        (2.0, 2.0), (INF, INF), (-INF, -INF), (0.0, 0.0), (-0.0, -0.0), (NAN, NAN),
        (-0.5, -0.0), (1.7, 1.0), (-1.7, -1.0),
    ],
}  # fmt: skip

_ZEROS = [(0.0, 0.0), (0.0, -0.0), (-0.0, 0.0), (-0.0, -0.0)]
_INFS = [(INF, INF), (INF, -INF), (-INF, INF), (-INF, -INF)]

BINARY_SPECIAL = {
    "add": [
        (NAN, 1.5, NAN), (1.5, NAN, NAN), (INF, -INF, NAN), (-INF, INF, NAN), (INF, INF, INF),
        (-INF, -INF, -INF), (INF, 2.5, INF), (-INF, 2.5, -INF), (2.5, INF, INF),
        (2.5, -INF, -INF), (-0.0, -0.0, -0.0), (-0.0, 0.0, 0.0), (0.0, -0.0, 0.0),
        (0.0, 0.0, 0.0), (0.0, 2.5, 2.5), (-0.0, -2.5, -2.5), (2.5, -0.0, 2.5), (2.5, -2.5, 0.0),
    ],
    # as x1 + (-x2)
    "subtract": [
        (NAN, 1.5, NAN), (INF, INF, NAN), (-INF, -INF, NAN), (INF, -INF, INF),
        (-0.0, 0.0, -0.0), (0.0, 0.0, 0.0), (-0.0, -0.0, 0.0), (2.5, 2.5, 0.0),
    ],
    "multiply": [
        (NAN, 1.5, NAN), (1.5, NAN, NAN), (INF, 0.0, NAN), (-INF, -0.0, NAN), (0.0, INF, NAN),
        (-0.0, -INF, NAN), (2.5, -1.5, -3.75), (-2.5, -1.5, 3.75), (-0.0, 2.5, -0.0),
        (-0.0, -2.5, 0.0), (INF, INF, INF), (INF, -INF, -INF), (-INF, -INF, INF),
        (INF, 2.5, INF), (INF, -2.5, -INF), (2.5, -INF, -INF),
    ],
    "divide": [
        (NAN, 1.5, NAN), (1.5, NAN, NAN), *[(a, b, NAN) for a, b in _INFS + _ZEROS],
        (0.0, 2.5, 0.0), (-0.0, 2.5, -0.0), (0.0, -2.5, -0.0), (-0.0, -2.5, 0.0),
        (2.5, 0.0, INF), (2.5, -0.0, -INF), (-2.5, 0.0, -INF), (-2.5, -0.0, INF),
        (INF, 2.5, INF), (INF, -2.5, -INF), (-INF, 2.5, -INF), (-INF, -2.5, INF),
        (2.5, INF, 0.0), (2.5, -INF, -0.0), (-2.5, INF, -0.0), (-2.5, -INF, 0.0),
        (5.0, 2.0, 2.5), (-5.0, 2.0, -2.5),
    ],
    "floor_divide": [
        (NAN, 1.5, NAN), (1.5, NAN, NAN), *[(a, b, NAN) for a, b in _INFS + _ZEROS],
        (0.0, 2.5, 0.0), (-0.0, 2.5, -0.0), (0.0, -2.5, -0.0), (-0.0, -2.5, 0.0),
        (2.5, 0.0, INF), (2.5, -0.0, -INF), (-2.5, 0.0, -INF), (-2.5, -0.0, INF),
        # the standard allows NaN here "to match Python behavior", as NumPy does
        (INF, 2.5, NAN), (INF, -2.5, NAN), (-INF, 2.5, NAN), (-INF, -2.5, NAN),
        (2.5, INF, 0.0), (-2.5, -INF, 0.0),
        # the standard allows -1.0 here "to match Python behavior", as NumPy does
        (2.5, -INF, -1.0), (-2.5, INF, -1.0),
        (5.0, 2.0, 2.0), (-5.0, 2.0, -3.0), (5.0, -2.0, -3.0), (-5.0, -2.0, 2.0),
        # the rest as Python's //: 1.0 == 9 * 0.1 + 0.0999...
        (1.0, 0.1, 9.0), (-1.0, 0.1, -10.0),
    ],
    "remainder": [
        (NAN, 1.5, NAN), (1.5, NAN, NAN), *[(a, b, NAN) for a, b in _INFS + _ZEROS],
        (0.0, 2.5, 0.0), (-0.0, 2.5, 0.0), (0.0, -2.5, -0.0), (-0.0, -2.5, -0.0),
        (2.5, 0.0, NAN), (2.5, -0.0, NAN), (-2.5, 0.0, NAN), (-2.5, -0.0, NAN),
        (INF, 2.5, NAN), (INF, -2.5, NAN), (-INF, 2.5, NAN), (-INF, -2.5, NAN),
        (2.5, INF, 2.5), (2.5, -INF, -INF), (-2.5, INF, INF), (-2.5, -INF, -2.5),
        # the rest as Python's %
        (5.0, 3.0, 2.0), (-5.0, 3.0, 1.0), (5.0, -3.0, -1.0), (2.0, -1.0, -0.0), (-2.0, 1.0, 0.0),
    ],
    "pow": [
        (1.5, NAN, NAN), (NAN, 0.0, 1.0), (NAN, -0.0, 1.0), (2.5, 0.0, 1.0), (NAN, 1.5, NAN),
        (2.5, INF, INF), (-2.5, INF, INF), (2.5, -INF, 0.0), (-2.5, -INF, 0.0),
        (1.0, INF, 1.0), (-1.0, INF, 1.0), (1.0, -INF, 1.0), (-1.0, -INF, 1.0),
        (1.0, NAN, 1.0), (1.0, 2.5, 1.0), (0.5, INF, 0.0), (-0.5, INF, 0.0),
        (0.5, -INF, INF), (-0.5, -INF, INF), (INF, 2.5, INF), (INF, -2.5, 0.0),
        (-INF, 3.0, -INF), (-INF, 2.5, INF), (-INF, 2.0, INF), (-INF, -3.0, -0.0),
        (-INF, -2.5, 0.0), (-INF, -2.0, 0.0), (0.0, 2.5, 0.0), (0.0, -2.5, INF),
        (-0.0, 3.0, -0.0), (-0.0, 2.5, 0.0), (-0.0, -3.0, -INF), (-0.0, -2.5, INF),
        (-0.0, -2.0, INF), (-2.5, 1.5, NAN),
    ],
    "atan2": [
        (NAN, 1.5, NAN), (1.5, NAN, NAN), (1.5, 0.0, Approx(PI / 2)), (1.5, -0.0, Approx(PI / 2)),
        (0.0, 1.5, 0.0), (0.0, 0.0, 0.0), (0.0, -0.0, Approx(PI)), (0.0, -1.5, Approx(PI)),
        (-0.0, 1.5, -0.0), (-0.0, 0.0, -0.0), (-0.0, -0.0, Approx(-PI)),
        (-0.0, -1.5, Approx(-PI)), (-1.5, 0.0, Approx(-PI / 2)), (-1.5, -0.0, Approx(-PI / 2)),
        (1.5, INF, 0.0), (1.5, -INF, Approx(PI)), (-1.5, INF, -0.0), (-1.5, -INF, Approx(-PI)),
        (INF, 1.5, Approx(PI / 2)), (-INF, 1.5, Approx(-PI / 2)), (INF, INF, Approx(PI / 4)),
        (INF, -INF, Approx(3 * PI / 4)), (-INF, INF, Approx(-PI / 4)),
        (-INF, -INF, Approx(-3 * PI / 4)),
    ],
    "copysign": [
        (2.5, -1.5, -2.5), (2.5, -0.0, -2.5), (-2.5, 0.0, 2.5), (-2.5, 1.5, 2.5),
        (2.5, NNAN, -2.5), (-2.5, NAN, 2.5),
        (NAN, -1.5, nan_with_sign(True)), (NAN, -0.0, nan_with_sign(True)),
        (NNAN, 0.0, nan_with_sign(False)), (NNAN, 1.5, nan_with_sign(False)),
        (NAN, NNAN, nan_with_sign(True)), (NNAN, NAN, nan_with_sign(False)),
    ],
    "hypot": [
        (INF, NAN, INF), (-INF, NAN, INF), (NAN, INF, INF), (NAN, -INF, INF), (INF, 2.5, INF),
        (2.5, -INF, INF), (0.0, -2.5, 2.5), (-0.0, 2.5, 2.5), (2.5, -0.0, 2.5),
        (NAN, 2.5, NAN), (2.5, NAN, NAN), (NAN, NAN, NAN),
        # no undue overflow: a naive sqrt(x1**2 + x2**2) is inf in float32
        (2e38, 1e38, Approx(math.hypot(2e38, 1e38))), (3.0, -4.0, 5.0),
    ],
    "logaddexp": [
        (NAN, 1.5, NAN), (1.5, NAN, NAN), (INF, 2.5, INF), (INF, -INF, INF), (INF, INF, INF),
        (2.5, INF, INF), (-INF, INF, INF), (-INF, -INF, -INF), (-INF, 2.5, 2.5),
        (1e4, 1e4, Approx(1e4 + math.log(2))),
    ],
    "nextafter": [
        (NAN, 1.5, NAN), (1.5, NAN, NAN), (-0.0, 0.0, 0.0), (0.0, -0.0, -0.0), (2.5, 2.5, 2.5),
    ],
    "equal": [
        (NAN, NAN, False), (NAN, 1.5, False), (1.5, NAN, False), (INF, INF, True),
        (-INF, -INF, True), (-0.0, 0.0, True), (-0.0, -0.0, True), (0.0, 0.0, True),
        (0.0, -0.0, True), (2.5, 2.5, True), (2.5, 1.5, False), (INF, -INF, False),
    ],
    "not_equal": [
        (NAN, NAN, True), (NAN, 1.5, True), (1.5, NAN, True), (INF, -INF, True),
        (-INF, INF, True), (2.5, 1.5, True), (2.5, 2.5, False), (0.0, -0.0, False),
        (INF, INF, False),
    ],
    "less": [(NAN, 1.5, False), (1.5, NAN, False), (-INF, INF, True), (-0.0, 0.0, False)],
    "less_equal": [(NAN, NAN, False), (1.5, NAN, False), (-0.0, 0.0, True), (INF, INF, True)],
    "greater": [(NAN, 1.5, False), (1.5, NAN, False), (INF, -INF, True), (0.0, -0.0, False)],
    "greater_equal": [(NAN, NAN, False), (NAN, 1.5, False), (0.0, -0.0, True)],
    "maximum": [(NAN, 1.5, NAN), (1.5, NAN, NAN), (INF, NAN, NAN)],
    "minimum": [(NAN, 1.5, NAN), (1.5, NAN, NAN), (-INF, NAN, NAN)],
}  # fmt: skip

SPECIAL_CASES = [
    (name, dtype) for name in [*UNARY_SPECIAL, *BINARY_SPECIAL] for dtype in ("float32", "float64")
]


def _matches(got, want, dtype):
    """Whether a result is the standard's: signs of zeros count, NaN's where it fixes one."""
    if isinstance(want, bool):
        return bool(got) is want
    got = float(got)
    if isinstance(want, Signed):
        return math.isnan(got) and math.copysign(1, got) == math.copysign(1, want)
    if math.isnan(want):
        return math.isnan(got)
    if isinstance(want, Approx):
        want = float(np.asarray(want, dtype))
        return math.isclose(got, want, rel_tol=1e-6, abs_tol=0.0)
    want = float(np.asarray(want, dtype))
    return got == want and math.copysign(1, got) == math.copysign(1, want)


@pytest.mark.parametrize(
    ("name", "dtype"), SPECIAL_CASES, ids=[f"{n}-{d}" for n, d in SPECIAL_CASES]
)
def test_special_cases(backend, name, dtype):
    _skip_float64(backend, dtype)
    rows = UNARY_SPECIAL.get(name) or BINARY_SPECIAL[name]
    columns = list(zip(*rows, strict=True))
    inputs = [np.array(c, dtype=np.float64).astype(dtype) for c in columns[:-1]]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # NumPy's divide by zero, ...
        fn = getattr(ut, name)
        out = fn(*[make(backend, x) for x in inputs])
        method = getattr(make(backend, inputs[0]), name)(*[make(backend, x) for x in inputs[1:]])
    for result in (out, method):
        got = to_numpy(result)
        bad = [
            (row[:-1], got[i], row[-1])
            for i, row in enumerate(rows)
            if not _matches(got[i], row[-1], dtype)
        ]
        assert not bad, f"{name} {dtype} on {backend}: (inputs, got, want) {bad}"


def test_special_cases_when_compiled(backend):
    """The table again inside ``jax.jit`` and ``tf.function``: the compilers' rewrites
    (XLA's ``x + 0.0 -> x``, Grappler's ``x / 1 -> x``) must not undo the fixes."""
    if backend not in ("jax", "tensorflow"):
        pytest.skip("NumPy and PyTorch (eager) compile nothing")
    tables = {**UNARY_SPECIAL, **BINARY_SPECIAL}
    inputs = {
        name: [
            native(backend, np.array(c).astype(np.float32))
            for c in list(zip(*rows, strict=True))[:-1]
        ]
        for name, rows in tables.items()
    }
    inputs.update(
        {
            f"complex {name}": [native(backend, np.array([z for z, _ in rows], np.complex64))]
            for name, rows in COMPLEX_SPECIAL.items()
        }
    )

    def run(arrays):
        return {
            key: getattr(ut, key.removeprefix("complex "))(*[ut.astensor(x) for x in xs]).raw
            for key, xs in arrays.items()
        }

    if backend == "jax":
        import jax

        compiled = jax.jit(run)
    else:
        import tensorflow as tf

        compiled = tf.function(run, autograph=False)
    out = compiled(inputs)
    bad = {}
    for key, result in out.items():
        got = to_numpy(ut.astensor(result))
        if key.startswith("complex "):
            rows = COMPLEX_SPECIAL[key.removeprefix("complex ")]
            wrong = [z for i, (z, want) in enumerate(rows) if not _complex_matches(got[i], want)]
        else:
            rows = tables[key]
            wrong = [r[:-1] for i, r in enumerate(rows) if not _matches(got[i], r[-1], "float32")]
        if wrong:
            bad[key] = wrong
    assert not bad, f"compiled on {backend}: {bad}"


def test_clip_special_cases(backend):
    x = make(backend, np.array([NAN, -INF, 0.5, INF], dtype=np.float32))
    nan = make(backend, np.array([NAN, NAN, NAN, NAN], dtype=np.float32))
    got = to_numpy(x.clip(0.0, 1.0))
    assert math.isnan(got[0]) and got[1:].tolist() == [0.0, 0.5, 1.0]
    assert np.isnan(to_numpy(x.clip(nan, 1.0))).all()
    assert np.isnan(to_numpy(x.clip(0.0, nan))).all()


# complex special cases the standard lists for abs and sign, and the classification
# functions; other complex infinities and NaNs follow each framework (docs/semantics.md)
COMPLEX_SPECIAL = {
    "abs": [
        (complex(INF, NAN), INF), (complex(NAN, -INF), INF), (complex(-INF, 1.0), INF),
        (complex(0.0, -2.0), 2.0), (complex(-3.0, 0.0), 3.0), (complex(NAN, 1.0), NAN),
        (complex(1.0, NAN), NAN), (complex(NAN, NAN), NAN), (complex(3.0, -4.0), 5.0),
    ],
    "sign": [
        (complex(0.0, 0.0), complex(0.0, 0.0)), (complex(-0.0, -0.0), complex(0.0, 0.0)),
        (complex(NAN, 1.0), complex(NAN, NAN)), (complex(1.0, NAN), complex(NAN, NAN)),
        (complex(3.0, -4.0), complex(0.6, -0.8)),
    ],
    "isnan": [(complex(NAN, 1.0), True), (complex(1.0, NAN), True), (complex(INF, 1.0), False)],
    "isinf": [(complex(NAN, INF), True), (complex(-INF, 1.0), True), (complex(NAN, 1.0), False)],
    "isfinite": [(complex(1.0, 2.0), True), (complex(1.0, INF), False), (complex(NAN, 0.0), False)],
    "sqrt": [(complex(0.0, 0.0), complex(0.0, 0.0)), (complex(-4.0, 0.0), complex(0.0, 2.0))],
    "exp": [(complex(0.0, 0.0), complex(1.0, 0.0)), (complex(-0.0, 0.0), complex(1.0, 0.0))],
    "log": [(complex(1.0, 0.0), complex(0.0, 0.0)), (complex(0.0, 0.0), complex(-INF, 0.0))],
    "log2": [(complex(0.0, 0.0), complex(-INF, 0.0)), (complex(4.0, 0.0), complex(2.0, 0.0))],
    "log10": [(complex(0.0, 0.0), complex(-INF, 0.0)), (complex(100.0, 0.0), complex(2.0, 0.0))],
    "round": [(complex(2.5, -1.5), complex(2.0, -2.0)), (complex(NAN, 0.5), complex(NAN, 0.0))],
    "conj": [(complex(1.0, 2.0), complex(1.0, -2.0)), (complex(NAN, INF), complex(NAN, -INF))],
    "real": [(complex(1.5, NAN), 1.5), (complex(-INF, 2.0), -INF)],
    "imag": [(complex(NAN, 1.5), 1.5), (complex(2.0, -0.0), -0.0)],
}  # fmt: skip


def _part_matches(got, want):
    if math.isfinite(want) and want != 0:
        return math.isclose(float(got), want, rel_tol=1e-6)
    return _matches(got, want, "float32")


def _complex_matches(got, want):
    if isinstance(want, complex):
        return _part_matches(got.real, want.real) and _part_matches(got.imag, want.imag)
    if isinstance(want, bool):
        return bool(got) is want
    return _part_matches(got, want)


@pytest.mark.parametrize("name", list(COMPLEX_SPECIAL))
def test_complex_special_cases(backend, name):
    rows = COMPLEX_SPECIAL[name]
    x = np.array([z for z, _ in rows], dtype=np.complex64)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        got = to_numpy(getattr(ut, name)(make(backend, x)))
    bad = [
        (z, got[i], want) for i, (z, want) in enumerate(rows) if not _complex_matches(got[i], want)
    ]
    assert not bad, f"{name} on {backend}: (input, got, want) {bad}"
