"""JAX's transformation and random-key primitives (for ``jax.py``).

The transformations are JAX's own (``jax.value_and_grad``, ``jax.jvp``,
``jax.vjp``, ``jax.vmap``), which nest and trace under ``jax.jit``. A key
is JAX's raw ``uint32`` key of shape (2,), as ``jax.random.PRNGKey`` makes
(``ut.random.key(0, like=t)`` equals ``jax.random.PRNGKey(0)``), so keys
pass between unitensor and ``jax.random`` both ways, and the keyed draws
are ``jax.random``'s: they work inside ``jax.jit`` and ``jax.vmap``, where
the draws without a key raise.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ._threefry import MASK

__all__ = ["primitives"]

jax: Any = None  # set by primitives()


def _value_and_grads(f: Callable[..., Any], xs: tuple[Any, ...]) -> tuple[Any, Any, Any]:
    (loss, aux), grads = jax.value_and_grad(f, argnums=tuple(range(len(xs))), has_aux=True)(*xs)
    return loss, aux, tuple(grads)


def _jvp(f: Callable[..., Any], primals: tuple[Any, ...], tangents: tuple[Any, ...]) -> Any:
    return jax.jvp(f, primals, tangents, has_aux=True)


def _vjp(f: Callable[..., Any], primals: tuple[Any, ...]) -> Any:
    outs, pullback, aux = jax.vjp(f, *primals, has_aux=True)

    def vjp_fn(cotangents: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(pullback(tuple(cotangents)))

    return outs, aux, vjp_fn


def _key(key: Any) -> Any:
    return key if key.dtype == np.uint32 else key.astype(np.uint32)


def primitives(framework: Any, keys: Any, no_tracer: Any, place: Any) -> dict[str, Any]:
    """The primitives, given ``jax``, and from jax.py its key source, tracer check and placing."""
    global jax
    jax = framework
    jnp = jax.numpy
    rnd = jax.random

    def random_key(seed: int, like: Any) -> Any:
        return place(jnp.array([(seed >> 32) & MASK, seed & MASK], dtype=np.uint32), like)

    def random_fold_in(key: Any, data: Any) -> Any:
        return rnd.fold_in(_key(key), data & MASK if isinstance(data, int) else data)

    def random_split(key: Any, num: int) -> Any:
        return rnd.split(_key(key), num)

    def uniform_key(key: Any, shape: Any, low: float, high: float, dtype: Any, like: Any) -> Any:
        return place(rnd.uniform(_key(key), shape, dtype, low, high), like)

    def normal_key(key: Any, shape: Any, mean: float, std: float, dtype: Any, like: Any) -> Any:
        return place(rnd.normal(_key(key), shape, dtype) * std + mean, like)

    def randint_key(key: Any, shape: Any, low: int, high: int, dtype: Any, like: Any) -> Any:
        return place(rnd.randint(_key(key), shape, low, high, dtype), like)

    def permutation_key(key: Any, n: int, like: Any) -> Any:
        return place(rnd.permutation(_key(key), n), like)

    def randint(shape: tuple[int, ...], low: int, high: int, dtype: Any, like: Any) -> Any:
        no_tracer(like)
        return place(rnd.randint(keys.next(), shape, low, high, dtype), like)

    def permutation(n: int, like: Any) -> Any:
        no_tracer(like)
        return place(rnd.permutation(keys.next(), n), like)

    return {
        "value_and_grads": _value_and_grads,
        "jvp": _jvp,
        "vjp": _vjp,
        "vmap": jax.vmap,
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
