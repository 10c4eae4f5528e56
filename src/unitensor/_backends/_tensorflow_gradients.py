"""TensorFlow's operations whose gradient unitensor's rule sets, for ``tensorflow.py``.

unitensor's rule for each gradient is in the semantics table (its
"gradient" column) and in docs/autodiff.md. TensorFlow's own gradient differs from it for:

- ``maximum``/``minimum`` of two float tensors at a tie: TensorFlow gives the
  first operand all of it, the rule half to each (PyTorch and JAX); where an
  operand is NaN neither gets any (JAX);
- ``sqrt`` and ``reciprocal`` where the incoming gradient is 0: TensorFlow's
  kernels give 0 there, the rule the chain rule's ``0 * inf``, NaN, as
  PyTorch and JAX (``where(x > 0, sqrt(x), 0)`` has a NaN gradient at 0);
- ``cumulative_prod`` at zeros: TensorFlow divides by the input, which
  loses the derivative of the factors after a zero (the rule's is exact);
- ``pow``: 0 for the base where the exponent is 0 (``x ** 0`` is 1 for every
  ``x``; TensorFlow's ``0 * x**-1`` is NaN at 0), and for an exponent tensor
  ``log(x) * x**y`` with ``log(0)`` read as 0 (TensorFlow gives 0 for
  ``x < 0``, the rule NaN, as PyTorch and JAX).

``logaddexp``, which TensorFlow lacks, is composed here with its exact
gradient. The forward pass is TensorFlow's own op, unchanged, and where
nothing can differentiate it (eager tensors, no ``tf.GradientTape`` or
``tf.autodiff.ForwardAccumulator`` recording) it runs alone. Under a tape it
runs with recording stopped, and ``record_operation`` records it with the
rule's gradient function: what ``tf.custom_gradient`` does in eager mode,
without its Python layers, which cost 140 µs per op under a tape where the
op itself takes 12. That is TensorFlow's tape module
(``tensorflow.python.eager.record``), not public API (as AutoGraph's
configuration in ``tensorflow.py``); where it cannot be imported,
``tf.custom_gradient`` does the same, slower. In a graph (``tf.function``,
``ut.jit``) the op is ``tf.custom_gradient``'s, which puts the gradient
function in the graph once, when it is traced.

TensorFlow itself is handed to ``set_tensorflow``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from . import _tensorflow_indexing

__all__ = [
    "cumulative_prod",
    "differentiated",
    "logaddexp",
    "maximum",
    "minimum",
    "pow_",
    "reciprocal",
    "set_tensorflow",
    "sqrt",
]

tf: Any = None  # TensorFlow, set by set_tensorflow()
_raw: Any = None  # tf.raw_ops
_eager: Any = None  # the class of eager tensors
_record: Any = None  # tensorflow.python.eager.record, None where it cannot be imported
_recording: Callable[[], bool] = bool  # whether a tape may record (True without _record)
_select = _tensorflow_indexing.select  # tf.where(c, x, y) past 8 axes too

Gradient = Callable[..., tuple[Any, ...]]
"""``gradient(g, out, *inputs)``: the gradients of the inputs, in their shapes."""
Tangent = Callable[..., Any]
"""``tangent(out, tangents, *inputs)``: the output's tangent (forward mode)."""


def set_tensorflow(module: Any) -> None:
    """Hand TensorFlow to this module (``tensorflow.primitives`` does, once)."""
    global tf, _raw, _eager, _record, _recording, maximum, minimum
    tf = module
    _raw = module.raw_ops
    with tf.init_scope():  # (eagerly even where TensorFlow loads inside a tf.function)
        _eager = tf.constant(0.0).__class__
    try:  # TensorFlow's tape (2.21); nothing public records an op with its gradient
        record = importlib.import_module("tensorflow.python.eager.record")
        _recording = record.could_possibly_record
        if not callable(record.stop_recording) or not callable(record.record_operation):
            raise AttributeError("record_operation")
        _record = record
    except (ImportError, AttributeError):  # another release: tf.custom_gradient alone
        _record, _recording = None, lambda: True
    maximum = _extreme(_raw.Maximum, "Maximum", tf.math.greater)
    minimum = _extreme(_raw.Minimum, "Minimum", tf.math.less)


def differentiated(
    name: str,
    forward: Callable[..., Any],
    gradient: Gradient,
    *inputs: Any,
    tangent: Tangent | None = None,
) -> Any:
    """``forward(*inputs)``, whose gradient TensorFlow takes from ``gradient``.

    ``inputs`` are tensors or variables. Eager tensors without a recording
    tape run ``forward`` alone; under one, it runs unrecorded and is
    recorded with ``gradient`` (as the op ``name``); a variable goes in as
    its value (the read is what a tape records). In a graph, and where
    TensorFlow's tape module is missing, ``tf.custom_gradient`` makes it.
    A ``ForwardAccumulator`` takes the JVP from ``tangent`` where given,
    else from ``gradient`` transposed.
    """
    if _record is not None:
        for x in inputs:
            if x.__class__ is not _eager:
                break
        else:  # eager tensors
            if not _recording():
                return forward(*inputs)
            return _recorded(name, forward, gradient, tangent, inputs)
        if tf.executing_eagerly():  # a variable among them
            values = [tf.convert_to_tensor(x) for x in inputs]
            return differentiated(name, forward, gradient, *values, tangent=tangent)

    def custom(*xs: Any) -> tuple[Any, Callable[[Any], list[Any]]]:
        out = forward(*xs)
        return out, lambda g: list(gradient(g, out, *xs))

    in_graph = tf.custom_gradient(custom)
    if _record is not None and _recording():
        # a tape or a ForwardAccumulator inside the graph: tf.custom_gradient records its
        # op for tapes, but a ForwardAccumulator takes the JVP of the ops inside it
        return _recorded(name, in_graph, gradient, tangent, inputs)
    return in_graph(*inputs)


def _recorded(
    name: str,
    forward: Callable[..., Any],
    gradient: Gradient,
    tangent: Tangent | None,
    inputs: Any,
) -> Any:
    """``forward(*inputs)`` run unrecorded, then recorded as ``name`` with ``gradient``.

    A ``ForwardAccumulator`` computes its JVPs with ``tangent``, or where it
    is None through ``gradient`` (which it transposes).
    """
    with _record.stop_recording():
        out = forward(*inputs)

    def backward(g: Any) -> list[Any]:
        return list(gradient(g, out, *inputs))

    def jvp(*tangents: Any) -> list[Any]:
        assert tangent is not None
        return [tangent(out, tangents, *inputs)]

    _record.record_operation(name, [out], list(inputs), backward, None if tangent is None else jvp)
    return out


def summed_to(g: Any, x: Any) -> Any:
    """``g`` summed over the axes that broadcasting added to (or stretched in) ``x``'s shape."""
    if g.shape == x.shape and g.shape.is_fully_defined():
        return g
    shape = tf.shape(x)
    axes, _ = _raw.BroadcastGradientArgs(s0=shape, s1=tf.shape(g))
    return tf.reshape(tf.reduce_sum(g, axes), shape)


def _extreme(op: Any, name: str, above: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    """``op(a, b)`` (``Maximum`` or ``Minimum``) of float operands, ties of two tensors split.

    With a Python float on either side, TensorFlow's own op: the tensor
    takes the whole gradient at a tie, as the rule says. Of two tensors,
    ``above(a, b)`` is where ``a`` alone is the result (``a > b`` for the
    maximum); where ``a == b`` each takes half the gradient, and where
    either is NaN (the result too) neither takes any.
    """

    def forward(a: Any, b: Any) -> Any:
        return op(x=a, y=b)

    def gradient(g: Any, out: Any, a: Any, b: Any) -> tuple[Any, Any]:
        half = 0.5 * tf.cast(tf.math.equal(a, b), g.dtype)
        ga = g * (tf.cast(above(a, b), g.dtype) + half)
        gb = g * (tf.cast(above(b, a), g.dtype) + half)
        return summed_to(ga, a), summed_to(gb, b)

    def extreme(a: Any, b: Any) -> Any:
        kind = b.__class__
        if kind is float or (kind is _eager and a.__class__ is _eager and not _recording()):
            return op(x=a, y=b)
        if a.__class__ is float:  # (a graph's op takes its dtype from its first input)
            return op(x=b, y=a)
        return differentiated(name, forward, gradient, a, b)

    return extreme


maximum: Any = None  # (a, b) -> the maximum of float operands, set by set_tensorflow()
minimum: Any = None  # (a, b) -> the minimum of float operands, set by set_tensorflow()


def _sqrt_forward(a: Any) -> Any:
    return _raw.Sqrt(x=a)


def _sqrt_gradient(g: Any, out: Any, a: Any) -> tuple[Any]:
    return (0.5 * g / out,)  # TensorFlow's SqrtGrad without its 0 for a zero g


def sqrt(a: Any) -> Any:
    """``Sqrt`` of a real float tensor; its gradient ``0.5 * g / sqrt(a)`` (NaN for g = a = 0)."""
    if a.__class__ is _eager and not _recording():  # (the common case without a call more)
        return _raw.Sqrt(x=a)
    return differentiated("Sqrt", _sqrt_forward, _sqrt_gradient, a)


def _reciprocal_forward(a: Any) -> Any:
    return _raw.Reciprocal(x=a)


def _reciprocal_gradient(g: Any, out: Any, a: Any) -> tuple[Any]:
    return (-g * out * out,)  # TensorFlow's ReciprocalGrad without its 0 for a zero g


def reciprocal(a: Any) -> Any:
    """``Reciprocal`` of a real float tensor; its gradient ``-g / a**2`` (NaN for g = a = 0)."""
    if a.__class__ is _eager and not _recording():
        return _raw.Reciprocal(x=a)
    return differentiated("Reciprocal", _reciprocal_forward, _reciprocal_gradient, a)


def cumulative_prod(a: Any, axis: int) -> Any:
    """``tf.math.cumprod`` of a float tensor along ``axis``, with the exact gradient at zeros.

    Before the first zero along the axis the gradient is TensorFlow's, the
    reversed cumulative sum of ``g * out`` over ``a``; at the first zero
    that sum over the products with that factor left out (the cumulative
    product of ``a`` with it made 1); after it 0, as every product there
    holds the zero. TensorFlow's own divides by ``a`` everywhere.
    """

    def forward(x: Any) -> Any:
        return tf.math.cumprod(x, axis)

    def gradient(g: Any, out: Any, x: Any) -> tuple[Any]:
        zero = tf.math.equal(x, 0)
        zeros_so_far = tf.math.cumsum(tf.cast(zero, tf.int32), axis)
        before = tf.math.equal(zeros_so_far, 0)  # no zero at or before this position
        first = tf.math.logical_and(zero, tf.math.equal(zeros_so_far, 1))
        one = tf.ones((), x.dtype)
        by_division = tf.math.cumsum(g * out, axis, reverse=True) / tf.where(before, x, one)
        without_it = tf.math.cumsum(
            g * tf.math.cumprod(tf.where(first, one, x), axis), axis, reverse=True
        )
        nothing = tf.zeros((), x.dtype)
        return (tf.where(before, by_division, tf.where(first, without_it, nothing)),)

    return differentiated("Cumprod", forward, gradient, a)


def _constant_forward(a: Any) -> Any:
    return a**0.0


def _constant_gradient(g: Any, out: Any, a: Any) -> tuple[Any]:
    return (tf.zeros_like(a),)


def _power_forward(a: Any, b: Any) -> Any:
    return tf.math.pow(a, b)


def _power_slopes(out: Any, a: Any, b: Any) -> tuple[Any, Any]:
    """The derivatives of ``a ** b`` for ``a`` (0 where ``b == 0``) and ``b`` (JAX's)."""
    zero = tf.math.equal(b, 0)
    one = tf.ones((), a.dtype)
    by_a = tf.where(zero, tf.zeros((), a.dtype), b * tf.math.pow(a, tf.where(zero, one, b - 1)))
    by_b = out * tf.math.log(tf.where(tf.math.equal(a, 0), one, a))
    return by_a, by_b


def _power_gradient(g: Any, out: Any, a: Any, b: Any) -> tuple[Any, Any]:
    by_a, by_b = _power_slopes(out, a, b)
    return summed_to(g * by_a, a), summed_to(g * by_b, b)


def _power_tangent(out: Any, tangents: tuple[Any, Any], a: Any, b: Any) -> Any:
    """A zero tangent adds nothing, though its slope may be NaN (``log(a)`` for ``a < 0``)."""
    by_a, by_b = _power_slopes(out, a, b)
    ta, tb = tangents
    return tf.math.multiply_no_nan(by_a, ta) + tf.math.multiply_no_nan(by_b, tb)


def pow_(a: Any, b: Any) -> Any:
    """``a ** b`` of a float tensor ``a``: 0 for ``a`` where ``b == 0``.

    ``b`` a Python number (not 0) takes TensorFlow's own, which is the
    rule's there; a float tensor ``b`` takes the rule's gradient for both.
    """
    if b.__class__ is float or b.__class__ is int:
        if b == 0:
            return differentiated("Pow", _constant_forward, _constant_gradient, a)
        return a**b
    return differentiated("Pow", _power_forward, _power_gradient, a, b, tangent=_power_tangent)


def logaddexp(a: Any, b: Any) -> Any:
    """``log(exp(a) + exp(b))`` of two float tensors as ``max + softplus(min - max)``.

    ``min - max`` is NaN for a NaN (the result is NaN through ``max`` then)
    and for two equal infinities, where it is replaced by 0: ``inf + log 2``
    is the standard's ``+inf`` (and ``-inf`` for two ``-inf``). Seven passes.
    The gradient is the exact one, ``sigmoid(a - b)`` and ``sigmoid(b - a)``
    (through ``max`` and ``min`` it would be 1 and 0 where ``a == b``).
    """
    return differentiated("Logaddexp", _logaddexp_forward, _logaddexp_gradient, a, b)


def _logaddexp_forward(a: Any, b: Any) -> Any:
    big = tf.math.maximum(a, b)
    gap = tf.math.minimum(a, b) - big
    gap = _select(tf.math.is_nan(gap), tf.constant(0, gap.dtype), gap)
    return big + tf.math.softplus(gap)


def _logaddexp_gradient(g: Any, out: Any, a: Any, b: Any) -> tuple[Any, Any]:
    return summed_to(g * tf.math.sigmoid(a - b), a), summed_to(g * tf.math.sigmoid(b - a), b)
