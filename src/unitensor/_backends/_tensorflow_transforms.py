"""TensorFlow's transformation and random-key primitives (for ``tensorflow.py``).

TensorFlow has no function transformations; they are built here from its
tapes, which nest:

- gradients: a non-persistent ``tf.GradientTape`` watching ``tf.identity``
  of each input (a new tensor: the same array passed again, or closed over,
  is a constant, as in JAX), dropped on return;
- ``jvp``: a ``tf.autodiff.ForwardAccumulator`` (forward mode);
- ``vjp``: a persistent tape, kept by the returned ``vjp_fn`` (which may be
  called many times, as in a Jacobian's rows) and freed with it;
- ``vmap``: ``tf.vectorized_map`` (TensorFlow's ``pfor``), which converts
  gradients, forward accumulators and stateless random ops inside it; it
  traces the mapped function every call when run eagerly, so a loop should
  call it inside ``tf.function``.

Keyed random numbers are TensorFlow's stateless ops (``stateless_uniform``,
``stateless_normal``, ``stateless_split``, ``stateless_fold_in``) on an
int64 key of shape (2,): pure functions of the key, fresh in a
``tf.function`` for every key tensor it is called with.

While the tapes of the gradients, ``jvp`` and ``vjp`` record, the function
runs inside ``_tensorflow_gradients.recording()``: the operations whose
gradient at kinks and ties is unitensor's rule carry it then
(``_tensorflow_gradients``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from ._tensorflow_gradients import recording
from ._threefry import MASK

__all__ = ["primitives"]

tf: Any = None  # set by primitives()


def _watched(xs: tuple[Any, ...]) -> list[Any]:
    return [tf.identity(x) for x in xs]


def _dense(g: Any) -> Any:
    """A gradient as a dense tensor; a complex one in JAX's convention, the conjugate of
    TensorFlow's (see ``_torch_transforms._conj``)."""
    g = tf.convert_to_tensor(g) if isinstance(g, tf.IndexedSlices) else g
    return tf.math.conj(g) if g.dtype.is_complex else g


def _value_and_grads(f: Callable[..., Any], xs: tuple[Any, ...]) -> tuple[Any, Any, Any]:
    with recording(), tf.GradientTape() as tape:
        ws = _watched(xs)
        for w in ws:
            tape.watch(w)
        loss, aux = f(*ws)
    gs = tape.gradient(loss, ws, unconnected_gradients=tf.UnconnectedGradients.ZERO)
    return loss, aux, tuple(_dense(g) for g in gs)


def _jvp(f: Callable[..., Any], primals: tuple[Any, ...], tangents: tuple[Any, ...]) -> Any:
    ws = _watched(primals)
    with recording(), tf.autodiff.ForwardAccumulator(ws, list(tangents)) as acc:
        outs, aux = f(*ws)
    zero = tf.UnconnectedGradients.ZERO
    return outs, tuple(acc.jvp(o, unconnected_gradients=zero) for o in outs), aux


def _vjp(f: Callable[..., Any], primals: tuple[Any, ...]) -> Any:
    with recording(), tf.GradientTape(persistent=True) as tape:
        ws = _watched(primals)
        for w in ws:
            tape.watch(w)
        outs, aux = f(*ws)

    def vjp_fn(cotangents: tuple[Any, ...]) -> tuple[Any, ...]:
        gs = tape.gradient(
            list(outs),
            ws,
            output_gradients=[tf.math.conj(c) if c.dtype.is_complex else c for c in cotangents],
            unconnected_gradients=tf.UnconnectedGradients.ZERO,
        )
        return tuple(_dense(g) for g in gs)

    return outs, aux, vjp_fn


def _vmap(f: Callable[..., tuple[Any, ...]]) -> Callable[..., tuple[Any, ...]]:
    def one(elems: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(f(*elems))

    def mapped(*xs: Any) -> tuple[Any, ...]:
        return tuple(tf.vectorized_map(one, tuple(xs), warn=False))

    return mapped


def _on(like: Any) -> Any:
    """A device scope for ``like``'s device (none for a symbolic tensor)."""
    try:
        return tf.device(like.device)
    except (AttributeError, RuntimeError):  # symbolic tensors have no device
        return contextlib.nullcontext()


def _seed(key: Any) -> Any:
    return tf.cast(key, tf.int64) if key.dtype != tf.int64 else key


def primitives(framework: Any, gen: Any) -> dict[str, Any]:
    """The primitives, given the ``tensorflow`` module and tensorflow.py's generator."""
    global tf
    tf = framework

    def random_key(seed: int, like: Any) -> Any:
        with _on(like):
            return tf.constant([(seed >> 32) & MASK, seed & MASK], dtype=tf.int64)

    def _words(keys: Any) -> Any:
        """New keys as int64 words below 2**32, the layout of every backend's keys."""
        return tf.bitwise.bitwise_and(tf.cast(keys, tf.int64), tf.constant(MASK, tf.int64))

    def random_split(key: Any, num: int) -> Any:
        return _words(tf.random.experimental.stateless_split(_seed(key), num))

    def random_fold_in(key: Any, data: Any) -> Any:
        d = tf.constant(data & MASK, tf.int64) if isinstance(data, int) else _words(data)
        return _words(tf.random.experimental.stateless_fold_in(_seed(key), d))

    def uniform_key(key: Any, shape: Any, low: float, high: float, dtype: Any, like: Any) -> Any:
        with _on(like):
            return tf.random.stateless_uniform(
                shape, seed=_seed(key), minval=low, maxval=high, dtype=dtype
            )

    def normal_key(key: Any, shape: Any, mean: float, std: float, dtype: Any, like: Any) -> Any:
        with _on(like):
            return tf.random.stateless_normal(
                shape, seed=_seed(key), mean=mean, stddev=std, dtype=dtype
            )

    def randint_key(key: Any, shape: Any, low: int, high: int, dtype: Any, like: Any) -> Any:
        with _on(like):
            out = tf.random.stateless_uniform(
                shape, seed=_seed(key), minval=low, maxval=high, dtype=tf.int64
            )
            return tf.cast(out, dtype)

    def _argsort_of_bits(bits: Any) -> Any:
        return tf.cast(tf.argsort(bits, stable=True), tf.int64)

    def permutation_key(key: Any, n: int, like: Any) -> Any:
        with _on(like):
            bits = tf.random.stateless_uniform(
                (n,), seed=_seed(key), minval=None, maxval=None, dtype=tf.int64
            )
            return _argsort_of_bits(bits)

    def randint(shape: Any, low: int, high: int, dtype: Any, like: Any) -> Any:
        with _on(like):
            out = gen.get().uniform(shape, minval=low, maxval=high, dtype=tf.int64)
            return tf.cast(out, dtype)

    def permutation(n: int, like: Any) -> Any:
        with _on(like):
            return _argsort_of_bits(gen.get().uniform_full_int((n,), dtype=tf.int64))

    return {
        "value_and_grads": _value_and_grads,
        "jvp": _jvp,
        "vjp": _vjp,
        "vmap": _vmap,
        "random_key": random_key,
        "random_split": random_split,
        "random_fold_in": random_fold_in,
        "uniform_key": uniform_key,
        "normal_key": normal_key,
        "randint_key": randint_key,
        "permutation_key": permutation_key,
        "randint": randint,
        "permutation": permutation,
    }
