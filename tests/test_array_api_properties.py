"""The Array API namespaces against NumPy: the promotion table and property-based checks.

The promotion table is the standard's (NumPy 2 agrees with it within a kind)
plus the project's rule for mixed kinds (the floating type wins); each pair
is checked with operators, functions and ``where`` on every backend. The
properties draw arrays from the namespace under test with
``hypothesis.extra.array_api`` and compare each function with NumPy's on the
same values: value (NaN where NumPy has NaN), shape and dtype.
"""

from __future__ import annotations

import itertools
import operator
import warnings
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.array_api import make_strategies_namespace

from conftest import expected_dtype, to_numpy
from unitensor.array_api import namespace

pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")  # NumPy: log(0), 0/0, ...

INTS = ["int8", "int16", "int32", "int64"]
UINTS = ["uint8", "uint16", "uint32", "uint64"]
FLOATS = ["float32", "float64"]
COMPLEX = ["complex64", "complex128"]
KIND = {**dict.fromkeys(INTS, "i"), **dict.fromkeys(UINTS, "u"), **dict.fromkeys(FLOATS, "f")}
KIND |= {**dict.fromkeys(COMPLEX, "c"), "bool": "b"}


def _standard_result(a: str, b: str) -> str | None:
    """The result dtype of ``a (op) b``: the standard's table, the project's rule across kinds.

    None where neither defines one (uint64 with a signed integer).
    """
    ka, kb = KIND[a], KIND[b]
    if ka == kb or {ka, kb} <= {"i", "u"}:
        if {a, b} & {"uint64"} and {ka, kb} == {"i", "u"}:
            return None
        return str(np.result_type(a, b))  # NumPy 2 is the standard's table within numbers
    if "b" in (ka, kb):  # bool with a number: the number's dtype
        return b if ka == "b" else a
    # mixed kinds: the float (or complex) operand's dtype; int with complex: the complex
    floating = a if ka in "fc" else b
    other = b if floating == a else a
    if KIND[other] in "fc":  # float with complex: the complex of the wider precision
        return str(np.result_type(a, b))
    return floating


PAIRS = [
    (a, b)
    for a, b in itertools.product([*INTS, *UINTS, *FLOATS, *COMPLEX, "bool"], repeat=2)
    if _standard_result(a, b) is not None
]


def _held(backend: str, names: list[str]) -> bool:
    """Whether the backend holds every dtype of ``names`` (JAX without 64-bit mode does not)."""
    return all(expected_dtype(backend, n) == np.dtype(n) for n in names)


def test_promotion_table(backend: str) -> None:
    xp = namespace(backend)
    checked = 0
    for a, b in PAIRS:
        result = _standard_result(a, b)
        assert result is not None
        if not _held(backend, [a, b, result]):
            continue
        x = xp.ones((2,), dtype=getattr(xp, a))
        y = xp.ones((1,), dtype=getattr(xp, b))
        want = getattr(xp, result)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            if "bool" not in (a, b):
                assert (x + y).dtype == want, (a, b)
                assert xp.multiply(x, y).dtype == want, (a, b)
            assert xp.where(xp.asarray([True, False]), x, y).dtype == want, (a, b)
            assert xp.equal(x, y).dtype == xp.bool, (a, b)
            assert xp.result_type(x, y) == want, (a, b)
            if result == a and "bool" not in (a, b):  # an in-place operation keeps x's dtype
                x += y
                assert x.dtype == want, (a, b)
        checked += 1
    assert checked >= 70  # about 170 pairs; 75 on JAX without 64-bit mode


# --------------------------------------------------------------------------- properties


def _numpy(t: Any) -> np.ndarray:
    return np.asarray(to_numpy(t.raw))


def _same(got: Any, expected: np.ndarray, rtol: float = 2e-5, atol: float = 0.0) -> None:
    values = _numpy(got)
    assert values.shape == expected.shape
    assert values.dtype == expected.dtype, (values.dtype, expected.dtype)
    if expected.dtype.kind == "f":
        scale = np.where(np.isfinite(expected), np.abs(expected), 0)
        atol = atol or 1e-6 * float(scale.max(initial=1.0))
    np.testing.assert_allclose(values, expected, rtol=rtol, atol=atol, equal_nan=True)


UNARY_FLOAT = {
    "abs": np.abs,
    "negative": np.negative,
    "sqrt": np.sqrt,
    "exp": np.exp,
    "expm1": np.expm1,
    "log": np.log,
    "log1p": np.log1p,
    "log2": np.log2,
    "sin": np.sin,
    "tanh": np.tanh,
    "atan": np.arctan,
    "floor": np.floor,
    "ceil": np.ceil,
    "trunc": np.trunc,
    "round": np.round,
    "sign": np.sign,
    "square": np.square,
    "signbit": np.signbit,
    "isnan": np.isnan,
    "isfinite": np.isfinite,
}
BINARY_FLOAT = {
    "add": np.add,
    "subtract": np.subtract,
    "multiply": np.multiply,
    "divide": np.divide,
    "maximum": np.maximum,
    "minimum": np.minimum,
    "atan2": np.arctan2,
    "hypot": np.hypot,
    "copysign": np.copysign,
    "logaddexp": np.logaddexp,
    "less": np.less,
    "equal": np.equal,
}
BINARY_INT = {
    "add": np.add,
    "multiply": np.multiply,
    "floor_divide": np.floor_divide,
    "remainder": np.remainder,
    "bitwise_and": np.bitwise_and,
    "bitwise_xor": np.bitwise_xor,
    "greater_equal": np.greater_equal,
    "maximum": np.maximum,
}
REDUCTIONS = {
    "sum": np.sum,
    "prod": np.prod,
    "max": np.max,
    "min": np.min,
    "mean": np.mean,
    "std": np.std,
    "var": np.var,
    "cumulative_sum": None,
}

_FLOAT_ELEMENTS = {"allow_subnormal": False, "min_value": -1e6, "max_value": 1e6}


def _strategies(backend: str) -> Any:
    return make_strategies_namespace(namespace(backend))


def _float_arrays(xps: Any, shape: Any) -> Any:
    return xps.arrays(xps.floating_dtypes(sizes=32), shape, elements=_FLOAT_ELEMENTS)


@given(data=st.data())
def test_unary_elementwise_functions(backend: str, data: st.DataObject) -> None:
    xp, xps = namespace(backend), _strategies(backend)
    name = data.draw(st.sampled_from(sorted(UNARY_FLOAT)), label="function")
    x = data.draw(_float_arrays(xps, xps.array_shapes(min_dims=0, max_dims=3, max_side=4)))
    expected = UNARY_FLOAT[name](_numpy(x))
    _same(getattr(xp, name)(x), np.asarray(expected), rtol=1e-5)


@given(data=st.data())
def test_binary_elementwise_functions_broadcast(backend: str, data: st.DataObject) -> None:
    xp, xps = namespace(backend), _strategies(backend)
    name = data.draw(st.sampled_from(sorted(BINARY_FLOAT)), label="function")
    shapes = data.draw(xps.mutually_broadcastable_shapes(2, max_dims=3, max_side=3))
    x1 = data.draw(_float_arrays(xps, shapes.input_shapes[0]), label="x1")
    x2 = data.draw(_float_arrays(xps, shapes.input_shapes[1]), label="x2")
    a, b = _numpy(x1), _numpy(x2)
    if name == "logaddexp":  # NumPy computes float32 in float32 too: compare in float64
        expected = np.logaddexp(a.astype(np.float64), b.astype(np.float64)).astype(a.dtype)
    else:
        expected = np.asarray(BINARY_FLOAT[name](a, b))
    _same(getattr(xp, name)(x1, x2), expected, rtol=1e-5)


@given(data=st.data())
def test_integer_functions(backend: str, data: st.DataObject) -> None:
    xp, xps = namespace(backend), _strategies(backend)
    name = data.draw(st.sampled_from(sorted(BINARY_INT)), label="function")
    dtype = data.draw(st.sampled_from(["int8", "int16", "int32", "uint8"]), label="dtype")
    shapes = data.draw(xps.mutually_broadcastable_shapes(2, max_dims=2, max_side=3))
    x1 = data.draw(xps.arrays(getattr(xp, dtype), shapes.input_shapes[0]), label="x1")
    x2 = data.draw(xps.arrays(getattr(xp, dtype), shapes.input_shapes[1]), label="x2")
    a, b = _numpy(x1), _numpy(x2)
    if name in ("floor_divide", "remainder"):
        nonzero = np.where(np.broadcast_to(b, np.broadcast_shapes(a.shape, b.shape)) == 0, 1, b)
        b = nonzero.astype(dtype)
        x2 = xp.asarray(b)
    with np.errstate(over="ignore"):
        expected = np.asarray(BINARY_INT[name](a, b))
    _same(getattr(xp, name)(x1, x2), expected)


@given(data=st.data())
def test_reductions(backend: str, data: st.DataObject) -> None:
    xp, xps = namespace(backend), _strategies(backend)
    name = data.draw(st.sampled_from(sorted(REDUCTIONS)), label="function")
    shape = data.draw(xps.array_shapes(min_dims=1, max_dims=3, min_side=1, max_side=4))
    x = data.draw(
        xps.arrays(
            xp.float32, shape, elements={"allow_nan": False, "min_value": -10, "max_value": 10}
        )
    )
    axis = data.draw(st.integers(-len(shape), len(shape) - 1), label="axis")
    a = _numpy(x)
    if name == "cumulative_sum":
        _same(xp.cumulative_sum(x, axis=axis), np.cumsum(a, axis=axis), atol=1e-4)
        return
    keepdims = data.draw(st.booleans(), label="keepdims")
    expected = np.asarray(REDUCTIONS[name](a, axis=axis, keepdims=keepdims))
    atol = 1e-3 * float(np.abs(expected).max(initial=1.0)) if name == "prod" else 1e-4
    _same(getattr(xp, name)(x, axis=axis, keepdims=keepdims), expected, rtol=1e-4, atol=atol)


@given(data=st.data())
def test_manipulation(backend: str, data: st.DataObject) -> None:
    xp, xps = namespace(backend), _strategies(backend)
    shape = data.draw(xps.array_shapes(min_dims=1, max_dims=3, max_side=4))
    held = [n for n in [*INTS, *UINTS, *FLOATS, *COMPLEX, "bool"] if _held(backend, [n])]
    dtype = data.draw(st.sampled_from(held), label="dtype")
    x = data.draw(xps.arrays(getattr(xp, dtype), shape))
    a = _numpy(x)
    axis = data.draw(st.integers(-len(shape), len(shape) - 1), label="axis")
    shift = data.draw(st.integers(-5, 5), label="shift")
    _same(xp.flip(x, axis=axis), np.flip(a, axis=axis))
    _same(xp.roll(x, shift, axis=axis), np.roll(a, shift, axis=axis))
    _same(xp.moveaxis(x, axis, 0), np.moveaxis(a, axis, 0))
    _same(xp.concat([x, x], axis=axis), np.concatenate([a, a], axis=axis))
    _same(xp.stack([x, x], axis=axis), np.stack([a, a], axis=axis))
    _same(xp.reshape(x, (-1,)), a.reshape(-1))
    _same(xp.expand_dims(x, axis=0), np.expand_dims(a, 0))
    if a.dtype.kind not in "c":
        _same(xp.sort(x, axis=axis), np.sort(a, axis=axis, kind="stable"))
        np.testing.assert_array_equal(
            _numpy(xp.argsort(x, axis=axis, stable=True)),
            np.argsort(a, axis=axis, kind="stable"),
        )


def test_operators_and_functions_agree(backend: str) -> None:
    xp = namespace(backend)
    x = xp.asarray([[1.0, -2.0], [3.5, 0.0]])
    y = xp.asarray([2.0, -1.0])
    for function, op in [
        (xp.add, operator.add),
        (xp.subtract, operator.sub),
        (xp.multiply, operator.mul),
        (xp.divide, operator.truediv),
        (xp.less, operator.lt),
        (xp.pow, operator.pow),
    ]:
        np.testing.assert_array_equal(_numpy(function(x, y)), _numpy(op(x, y)))
