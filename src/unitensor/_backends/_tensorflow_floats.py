"""TensorFlow's primitives of real float operands as raw ops, for ``tensorflow.py``.

TensorFlow's public functions and Python operators run layers of Python
before the kernel: type-based dispatch, argument conversion, name scopes.
On small tensors those layers are most of the call: ``x - 0.5`` takes about
14 µs where the op it runs, ``tf.raw_ops.Sub``, takes 7; ``x / 2.0`` 23 µs
against 7; ``tf.reduce_mean(x)`` 18 µs against 8 (10x10 float32, this
project's machine; ``benchmarks/bench.py --ops``). ``tf.raw_ops`` is
TensorFlow's public, stable API to the same ops: the same kernels, the same
gradients on a ``tf.GradientTape``, the same graph nodes in a
``tf.function``.

The fast paths of real float operands (``Primitives.floats``, the class's
``_float_ns``) call the raw ops below: a tensor with a Python float or with
a tensor of its own dtype whose shapes broadcast, where no dtype rule and no
check applies, and TensorFlow's meaning for real floats is the standard's.
Where the public function does more than its op for real floats, the field
is left as it is (``trunc``, ``signbit``, ``log2``, ``copysign``, ...).

- A reduction over one axis gives the raw op that axis as a Python int;
  over several axes or all of them, an eager tensor gets a cached constant
  of the axes (converting a list of axes costs 20 µs), and anything else
  (a graph's tensor, where XLA needs the axes as a constant of the graph, or
  a ``tf.Variable``) takes the public function.
- ``matmul`` of two matrices is ``MatMul``; any other rank, the public path.
- The fast paths of the operators call these primitives, not TensorFlow's
  Python operators (``float_operators``).

TensorFlow itself is handed to ``with_floats``.
"""

from __future__ import annotations

import dataclasses
from typing import Any, cast

from . import Primitives

__all__ = ["all_axes", "eager", "gather", "with_floats"]

tf: Any = None  # TensorFlow, set by primitives()
_raw: Any = None  # tf.raw_ops
_eager: Any = None  # the class of eager tensors
_axes_constants: dict[tuple[int, ...], Any] = {}  # eager int32 constants of reduction axes


_COMMUTATIVE = frozenset({"add", "multiply", "minimum", "maximum"})


def _unary(op: Any) -> Any:
    def unary(a: Any) -> Any:
        return op(x=a)

    return unary


def _binary(op: Any, commutative: bool) -> Any:
    """A primitive ``(a, b)`` of the raw op ``op``; either may be a Python float.

    A graph's op takes its dtype from its first input, so a Python float
    first (a reflected operator: ``1.0 - x``) would make it float32: it goes
    second where the operation commutes (IEEE addition and multiplication
    do), and is converted to the other operand's dtype first otherwise, as
    TensorFlow's own reflected operators convert it.
    """

    def binary(a: Any, b: Any) -> Any:
        if a.__class__ is float:
            if commutative:
                return op(x=b, y=a)
            a = tf.convert_to_tensor(a, b.dtype)
        return op(x=a, y=b)

    return binary


def eager(a: Any) -> bool:
    """Whether ``a`` is an eager tensor (not a variable) and TensorFlow runs eagerly."""
    return a.__class__ is _eager and bool(tf.executing_eagerly())


def all_axes(a: Any, axes: tuple[int, ...] | None) -> Any:
    """The axes as an eager constant (cached), or None where the public function must go."""
    if not eager(a):
        return None
    key = tuple(range(len(a.shape))) if axes is None else axes
    constant = _axes_constants.get(key)
    if constant is None:
        constant = _axes_constants[key] = tf.constant(key, tf.int32)
    return constant


def gather(a: Any, indices: Any, axis: int) -> Any:
    """``tf.gather(a, indices, axis=axis)`` of a tensor as the raw op (10 µs where it takes 29)."""
    return _raw.GatherV2(params=a, indices=indices, axis=axis)


def _reduction(op: Any, public: Any) -> Any:
    """A reduction primitive ``(a, axes, keepdims)`` of the raw op ``op``."""

    def reduce(a: Any, axes: int | tuple[int, ...] | None, keepdims: bool) -> Any:
        if axes.__class__ is int:
            return op(input=a, axis=axes, keep_dims=keepdims)
        constant = all_axes(a, cast("tuple[int, ...] | None", axes))
        if constant is None:
            return public(a, axes, keepdims)
        return op(input=a, axis=constant, keep_dims=keepdims)

    return reduce


def with_floats(module: Any, ns: Primitives) -> Primitives:
    """TensorFlow's primitives ``ns``, with raw ops for real float operands as ``floats``."""
    global tf, _raw, _eager
    tf = module
    _raw = raw = tf.raw_ops
    with tf.init_scope():  # (eagerly even where TensorFlow loads inside a tf.function)
        _eager = tf.constant(0.0).__class__

    def matmul(a: Any, b: Any) -> Any:
        if len(a.shape) == 2 and len(b.shape) == 2:
            return raw.MatMul(a=a, b=b)
        return ns.matmul(a, b)

    def clip(a: Any, lo: Any, hi: Any) -> Any:  # NumPy's minimum(maximum(a, lo), hi)
        return raw.Minimum(x=raw.Maximum(x=a, y=lo), y=hi)

    unary = {
        "negative": raw.Neg,
        "abs": raw.Abs,
        "sign": raw.Sign,
        "square": raw.Square,
        "reciprocal": raw.Reciprocal,
        "round": raw.Round,
        "ceil": raw.Ceil,
        "floor": raw.Floor,
        "sqrt": raw.Sqrt,
        "exp": raw.Exp,
        "expm1": raw.Expm1,
        "log": raw.Log,
        "log1p": raw.Log1p,
        "sin": raw.Sin,
        "cos": raw.Cos,
        "tan": raw.Tan,
        "asin": raw.Asin,
        "acos": raw.Acos,
        "atan": raw.Atan,
        "sinh": raw.Sinh,
        "cosh": raw.Cosh,
        "tanh": raw.Tanh,
        "asinh": raw.Asinh,
        "acosh": raw.Acosh,
        "atanh": raw.Atanh,
        "isnan": raw.IsNan,
        "isinf": raw.IsInf,
        "isfinite": raw.IsFinite,
    }
    binary = {
        "add": raw.AddV2,
        "subtract": raw.Sub,
        "multiply": raw.Mul,
        "divide": raw.RealDiv,
        "less": raw.Less,
        "less_equal": raw.LessEqual,
        "greater": raw.Greater,
        "greater_equal": raw.GreaterEqual,
        "minimum": raw.Minimum,
        "maximum": raw.Maximum,
    }
    reductions = {
        "sum": (raw.Sum, ns.sum),
        "mean": (raw.Mean, ns.mean),
        "min": (raw.Min, ns.min),
        "max": (raw.Max, ns.max),
    }
    floats = dataclasses.replace(
        ns,
        **{name: _unary(op) for name, op in unary.items()},
        **{name: _binary(op, name in _COMMUTATIVE) for name, op in binary.items()},
        **{name: _reduction(op, public) for name, (op, public) in reductions.items()},
        matmul=matmul,
        clip=clip,
        float_operators=True,
    )
    return dataclasses.replace(ns, floats=floats)
