"""Dask's transformation and random-key primitives (for ``dask.py``).

As on NumPy: no gradient family (``NotImplementedError`` naming the
frameworks that can differentiate), ``vmap`` a Python loop over the mapped
axis with a lazy stack of the results (``ValueError`` for an axis of length
0), and keyed random numbers from ``_threefry`` built of Dask's operations,
lazily: the same numbers as NumPy's and PyTorch's for the same key. The
stable argsort a keyed permutation needs runs in one chunk.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import _threefry
from ._numpy_transforms import looped_vmap, stable_argsort, threefry_ops

__all__ = ["primitives"]


def _argsort_in_one_chunk(a: Any) -> Any:
    return a.rechunk(-1).map_blocks(stable_argsort, dtype=np.int64)


def primitives(da: Any, state: Any) -> dict[str, Any]:
    """The primitives; ``da`` is ``dask.array``, ``state`` dask.py's generator (``draw``)."""

    ops = threefry_ops(da, _argsort_in_one_chunk)

    def randint(shape: tuple[int, ...], low: int, high: int, dtype: Any, like: Any) -> Any:
        return state.integers(shape, low, high).astype(dtype)

    def permutation(n: int, like: Any) -> Any:
        return state.permutation(n).astype(np.int64)

    return {
        "vmap": looped_vmap(da.stack, "Dask"),
        **_threefry.primitives(ops),
        "randint": randint,
        "permutation": permutation,
    }
