"""NumPy's transformation and random-key primitives (for ``numpy.py``).

NumPy cannot differentiate, so the gradient family has no primitive here
(``None``: unitensor raises ``NotImplementedError`` naming the frameworks
that can). ``vmap`` is a Python loop over the mapped axis with a stack of
the results: the same values as a vectorising map, at a loop's speed, and
it cannot map over an empty axis (``ValueError``: the shapes of the
results are unknown without one call). Keyed random numbers come from
``_threefry``, the same numbers as PyTorch's for the same key.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from . import _threefry

__all__ = ["looped_vmap", "primitives", "stable_argsort", "threefry_ops"]


def looped_vmap(
    stack: Callable[[list[Any]], Any], framework: str
) -> Callable[[Callable[..., tuple[Any, ...]]], Callable[..., tuple[Any, ...]]]:
    """``vmap`` as a loop over the leading axis with ``stack`` of the results."""

    def vmap(f: Callable[..., tuple[Any, ...]]) -> Callable[..., tuple[Any, ...]]:
        def mapped(*xs: Any) -> tuple[Any, ...]:
            n = xs[0].shape[0]
            if n == 0:
                raise ValueError(
                    f"vmap over an axis of length 0 on {framework}: the loop that maps f "
                    "cannot tell the shapes of its results without calling it once"
                )
            outs = [f(*(x[i, ...] for x in xs)) for i in range(n)]
            return tuple(stack([o[j] for o in outs]) for j in range(len(outs[0])))

        return mapped

    return vmap


def threefry_ops(lib: Any, argsort: Callable[[Any], Any]) -> _threefry.Ops:
    """The Threefry operations over ``lib``, NumPy or a library of NumPy's API (Dask's
    ``dask.array``), with ``argsort`` a stable argsort giving int64."""

    def key(w0: Any, w1: Any, like: Any) -> Any:
        return lib.stack([lib.asarray(w0).astype(np.int64), lib.asarray(w1).astype(np.int64)], -1)

    return _threefry.Ops(
        words=lambda k: (
            k[0].astype(np.int64) & _threefry.MASK,
            k[1].astype(np.int64) & _threefry.MASK,
        ),
        key=key,
        arange=lambda n, like: lib.arange(n, dtype=np.int64),
        as_int64=lambda a: lib.asarray(a).astype(np.int64),
        to_float=lambda a, name: a.astype(name),
        cast=lambda a, dtype: lib.asarray(a).astype(dtype, copy=False),
        log=lib.log,
        cos=lib.cos,
        sqrt=lib.sqrt,
        concat=lib.concatenate,
        reshape=lib.reshape,
        argsort=argsort,
        dtype_name=lambda dt: np.dtype(dt).name,
    )


def stable_argsort(a: Any) -> Any:
    """NumPy's stable argsort, as int64."""
    return np.argsort(a, kind="stable").astype(np.int64)


_OPS = threefry_ops(np, stable_argsort)


def primitives(state: Any) -> dict[str, Any]:
    """The primitives; ``state`` is numpy.py's generator (``random``, a lock and ``rng``)."""

    def randint(shape: tuple[int, ...], low: int, high: int, dtype: Any, like: Any) -> Any:
        with state.lock:
            out = state.rng.integers(low, high, size=shape, dtype=np.int64)
        return np.asarray(out).astype(dtype, copy=False)

    def permutation(n: int, like: Any) -> Any:
        with state.lock:
            out = state.rng.permutation(n)
        return np.asarray(out, dtype=np.int64)

    return {
        "vmap": looped_vmap(np.stack, "NumPy"),
        **_threefry.primitives(_OPS),
        "randint": randint,
        "permutation": permutation,
    }
