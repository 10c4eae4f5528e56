"""TensorFlow's operations whose gradient unitensor's rule sets, for ``tensorflow.py``.

unitensor's rule for each gradient is in the semantics table (its
"gradient" column) and in docs/autodiff.md. TensorFlow's own gradient differs from it for:

- ``maximum``/``minimum`` of two float tensors at a tie: TensorFlow gives the
  first operand all of it, the rule half to each (PyTorch and JAX); where an
  operand is NaN neither gets any (JAX);
- ``sqrt`` and ``reciprocal`` where the incoming gradient is 0: TensorFlow's
  kernels give 0 there, the rule the chain rule's ``0 * inf``, NaN, as
  PyTorch and JAX (``where(x > 0, sqrt(x), 0)`` has a NaN gradient at 0);
- ``cumulative_prod`` at zeros: TensorFlow divides by the input (0 where it
  is 0), which loses the derivative of the factors after a zero (the rule's
  is exact);
- ``pow``: 0 for the base where the exponent is 0 (``x ** 0`` is 1 for every
  ``x``; TensorFlow's ``0 * x**-1`` is NaN at 0), and for an exponent tensor
  ``log(x) * x**y`` with ``log(0)`` read as 0 (TensorFlow gives 0 for
  ``x < 0``, the rule NaN, as PyTorch and JAX).

``logaddexp``, which TensorFlow lacks, is composed here, with the exact
gradient as its rule (through TensorFlow's ``maximum`` and ``minimum`` the
composition's own is 1 and 0 where ``a == b``).

The forward pass is TensorFlow's own op, unchanged. Where the gradient is
unitensor's own to take, the op carries the rule's gradient through
``tf.custom_gradient``:

- in eager mode, while unitensor's own tape or forward accumulator records
  (``ut.grad``, ``ut.value_and_grad``, ``ut.vjp``, ``ut.jvp`` and the
  transformations built on them: ``recording``, entered by
  ``_tensorflow_transforms``), the forward op runs on ``tf.stop_gradient``
  of its inputs inside the custom function: tapes then record the custom
  op alone, and a ``ForwardAccumulator`` (whose JVP of a recorded op
  TensorFlow takes by transposing its gradient function) takes the rule's
  derivative too;
- in a graph (``tf.function``, ``ut.jit``), always: its cost is paid once,
  when the function is traced, and a ``tf.GradientTape`` inside the graph
  (the user's own too) takes the rule's gradient. A ``ForwardAccumulator``
  inside a graph does not see ``tf.custom_gradient`` (it differentiates the
  ops inside it), so forward mode in a graph (``ut.jvp`` under ``ut.jit``;
  ``ut.jacfwd`` and ``ut.hessian``, whose ``vmap`` traces a graph) takes
  TensorFlow's own derivative of these ops;
- in eager mode otherwise, TensorFlow's op alone, at the cost of one check:
  ``tf.custom_gradient`` costs 60 to 70 µs per call in eager mode where the
  op takes 5 to 9 (10x10 float32), and TensorFlow has no public way to ask
  whether a tape of the user's records. A user's own eager ``tf.GradientTape`` (or
  ``ForwardAccumulator``) around unitensor's operations therefore gets
  TensorFlow's own gradient of these ops, as listed above (the semantics
  table and docs/autodiff.md say so). (An op whose operands are all eager
  tensors captured by a graph, with no unitensor tape recording, is
  TensorFlow's op alone as well.)

TensorFlow itself is handed to ``set_tensorflow``.
"""

from __future__ import annotations

import contextlib
import functools
import threading
from collections.abc import Callable, Generator
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
    "recording",
    "set_tensorflow",
    "sqrt",
]

tf: Any = None  # TensorFlow, set by set_tensorflow()
_raw: Any = None  # tf.raw_ops
_eager: Any = None  # the class of eager tensors
_select = _tensorflow_indexing.select  # tf.where(c, x, y) past 8 axes too

Gradient = Callable[..., tuple[Any, ...]]
"""``gradient(g, *inputs)``: the gradients of the inputs, in their shapes.

It computes what it needs of the output again from the inputs: a
``ForwardAccumulator`` calls it (to transpose it) before the op's output
exists, and so the gradient of the gradient follows the inputs.
"""


class _Tapes(threading.local):
    """How many of unitensor's own tapes and forward accumulators record in this thread.

    (TensorFlow's tapes are per thread too.)
    """

    depth = 0


_tapes = _Tapes()


@contextlib.contextmanager
def recording() -> Generator[None]:
    """Mark, for the ``with`` block, that unitensor's own tape or accumulator records.

    ``_tensorflow_transforms`` enters it around each ``tf.GradientTape`` and
    ``tf.autodiff.ForwardAccumulator`` it records with; blocks nest.
    """
    _tapes.depth += 1
    try:
        yield
    finally:
        _tapes.depth -= 1


def set_tensorflow(module: Any) -> None:
    """Hand TensorFlow to this module (``tensorflow.primitives`` does, once)."""
    global tf, _raw, _eager, maximum, minimum
    tf = module
    _raw = module.raw_ops
    with tf.init_scope():  # (eagerly even where TensorFlow loads inside a tf.function)
        _eager = tf.constant(0.0).__class__
    maximum = _extreme(_raw.Maximum, tf.math.greater)
    minimum = _extreme(_raw.Minimum, tf.math.less)


def differentiated(forward: Callable[..., Any], gradient: Gradient, *inputs: Any) -> Any:
    """``forward(*inputs)``, whose gradient TensorFlow takes from ``gradient``.

    ``inputs`` are tensors or variables. In eager mode with no unitensor
    tape recording, ``forward`` runs alone; otherwise ``tf.custom_gradient``
    makes the op (see the module's docstring). A variable goes in as its
    value (the read is what a tape records).
    """
    if not _tapes.depth:
        for x in inputs:
            if x.__class__ is not _eager:
                break
        else:  # eager tensors
            return forward(*inputs)
        if tf.executing_eagerly():  # a variable among them
            return forward(*inputs)
    eager = tf.executing_eagerly()
    if eager:
        inputs = tuple(tf.convert_to_tensor(x) for x in inputs)

    def custom(*xs: Any) -> tuple[Any, Callable[[Any], list[Any]]]:
        # eager: the forward op unrecorded (a ForwardAccumulator then transposes `gradient`)
        out = forward(*(tf.stop_gradient(x) for x in xs)) if eager else forward(*xs)
        return out, lambda g: list(gradient(g, *xs))

    return tf.custom_gradient(custom)(*inputs)


def summed_to(g: Any, x: Any) -> Any:
    """``g`` summed over the axes that broadcasting added to (or stretched in) ``x``'s shape."""
    if g.shape == x.shape and g.shape.is_fully_defined():
        return g
    shape = tf.shape(x)
    axes, _ = _raw.BroadcastGradientArgs(s0=shape, s1=tf.shape(g))
    return tf.reshape(tf.reduce_sum(g, axes), shape)


def _extreme(op: Any, above: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    """``op(a, b)`` (``Maximum`` or ``Minimum``) of float operands, ties of two tensors split.

    With a Python float on either side, TensorFlow's own op: the tensor
    takes the whole gradient at a tie, as the rule says. Of two tensors,
    ``above(a, b)`` is where ``a`` alone is the result (``a > b`` for the
    maximum); where ``a == b`` each takes half the gradient, and where
    either is NaN (the result too) neither takes any.
    """

    def forward(a: Any, b: Any) -> Any:
        return op(x=a, y=b)

    def gradient(g: Any, a: Any, b: Any) -> tuple[Any, Any]:
        half = 0.5 * tf.cast(tf.math.equal(a, b), g.dtype)
        ga = g * (tf.cast(above(a, b), g.dtype) + half)
        gb = g * (tf.cast(above(b, a), g.dtype) + half)
        return summed_to(ga, a), summed_to(gb, b)

    def extreme(a: Any, b: Any) -> Any:
        kind = b.__class__
        if kind is float or (kind is _eager and a.__class__ is _eager and not _tapes.depth):
            return op(x=a, y=b)
        if a.__class__ is float:  # (a graph's op takes its dtype from its first input)
            return op(x=b, y=a)
        return differentiated(forward, gradient, a, b)

    return extreme


maximum: Any = None  # (a, b) -> the maximum of float operands, set by set_tensorflow()
minimum: Any = None  # (a, b) -> the minimum of float operands, set by set_tensorflow()


def _sqrt_forward(a: Any) -> Any:
    return _raw.Sqrt(x=a)


def _sqrt_gradient(g: Any, a: Any) -> tuple[Any]:
    return (0.5 * g / _raw.Sqrt(x=a),)  # TensorFlow's SqrtGrad without its 0 for a zero g


def sqrt(a: Any) -> Any:
    """``Sqrt`` of a real float tensor; its gradient ``0.5 * g / sqrt(a)`` (NaN for g = a = 0)."""
    if a.__class__ is _eager and not _tapes.depth:  # (the common case without a call more)
        return _raw.Sqrt(x=a)
    return differentiated(_sqrt_forward, _sqrt_gradient, a)


def _reciprocal_forward(a: Any) -> Any:
    return _raw.Reciprocal(x=a)


def _reciprocal_gradient(g: Any, a: Any) -> tuple[Any]:
    out = _raw.Reciprocal(x=a)
    return (-g * out * out,)  # TensorFlow's ReciprocalGrad without its 0 for a zero g


def reciprocal(a: Any) -> Any:
    """``Reciprocal`` of a real float tensor; its gradient ``-g / a**2`` (NaN for g = a = 0)."""
    if a.__class__ is _eager and not _tapes.depth:
        return _raw.Reciprocal(x=a)
    return differentiated(_reciprocal_forward, _reciprocal_gradient, a)


def cumulative_prod(a: Any, axis: int) -> Any:
    """``tf.math.cumprod`` of a float tensor along ``axis``, with the exact gradient at zeros.

    Before the first zero along the axis the gradient is TensorFlow's, the
    reversed cumulative sum of ``g * out`` over ``a``; at the first zero
    that sum over the products with that factor left out (the cumulative
    product of ``a`` with it made 1); after it 0, as every product there
    holds the zero. TensorFlow's own divides by ``a`` everywhere.
    """
    if a.__class__ is _eager and not _tapes.depth:
        return tf.math.cumprod(a, axis)
    return differentiated(
        functools.partial(_cumprod_forward, axis=axis),
        functools.partial(_cumprod_gradient, axis=axis),
        a,
    )


def _cumprod_forward(x: Any, axis: int) -> Any:
    return tf.math.cumprod(x, axis)


def _cumprod_gradient(g: Any, x: Any, axis: int) -> tuple[Any]:
    out = tf.math.cumprod(x, axis)
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


def _constant_forward(a: Any) -> Any:
    return a**0.0


def _constant_gradient(g: Any, a: Any) -> tuple[Any]:
    return (tf.zeros_like(a),)


def _power_forward(a: Any, b: Any) -> Any:
    return tf.math.pow(a, b)


def _power_gradient(g: Any, a: Any, b: Any) -> tuple[Any, Any]:
    """For ``a``: ``b * a**(b - 1)``, 0 where ``b == 0``; for ``b``: ``log(a) * a**b``, JAX's."""
    out = tf.math.pow(a, b)
    zero = tf.math.equal(b, 0)
    one = tf.ones((), a.dtype)
    by_a = tf.where(zero, tf.zeros((), a.dtype), b * tf.math.pow(a, tf.where(zero, one, b - 1)))
    by_b = out * tf.math.log(tf.where(tf.math.equal(a, 0), one, a))
    return summed_to(g * by_a, a), summed_to(g * by_b, b)


def pow_(a: Any, b: Any) -> Any:
    """``a ** b`` of a float tensor ``a``: 0 for ``a`` where ``b == 0``.

    ``b`` a Python number (not 0) takes TensorFlow's own, which is the
    rule's there; a float tensor ``b`` takes the rule's gradient for both.
    """
    if b.__class__ is float or b.__class__ is int:
        if b == 0:
            return differentiated(_constant_forward, _constant_gradient, a)
        return a**b
    return differentiated(_power_forward, _power_gradient, a, b)


def logaddexp(a: Any, b: Any) -> Any:
    """``log(exp(a) + exp(b))`` of two float tensors as ``max + softplus(min - max)``.

    ``min - max`` is NaN for a NaN (the result is NaN through ``max`` then)
    and for two equal infinities, where it is replaced by 0: ``inf + log 2``
    is the standard's ``+inf`` (and ``-inf`` for two ``-inf``). Seven passes.
    The rule's gradient is the exact one, ``sigmoid(a - b)`` and
    ``sigmoid(b - a)``; the composition's own (a user's eager tape: see the
    module's docstring) is 1 and 0 where ``a == b``, through TensorFlow's
    ``maximum`` and ``minimum``.
    """
    return differentiated(_logaddexp_forward, _logaddexp_gradient, a, b)


def _logaddexp_forward(a: Any, b: Any) -> Any:
    big = tf.math.maximum(a, b)
    gap = tf.math.minimum(a, b) - big
    gap = _select(tf.math.is_nan(gap), tf.constant(0, gap.dtype), gap)
    return big + tf.math.softplus(gap)


def _logaddexp_gradient(g: Any, a: Any, b: Any) -> tuple[Any, Any]:
    return summed_to(g * tf.math.sigmoid(a - b), a), summed_to(g * tf.math.sigmoid(b - a), b)
