"""Eager JAX indexing without JAX's per-call Python (for ``jax.py``).

JAX's own ``x[index]`` of a concrete array reads the index in Python and
dispatches one primitive after another on every call: about 57 µs for
``x[:, 0]`` of a 10x10 array and 410 µs for ``x[mask]``, where the data
movement itself takes a few (2026-12-04, ``benchmarks/bench.py --ops``).
Two common forms take a shorter way here, after unitensor's own checks
(``jax.py``'s ``_check_bounds``) have run:

- ``basic``: an index of Python ints, full slices (``:``), ``None`` and
  ``...`` is one call of a function compiled once per index pattern, in
  which JAX's own indexing runs on the traced array. The ints are its
  arguments, not constants: ``x[i]`` in a loop compiles once per pattern,
  shape and dtype, as JAX's own eager operations do, never once per ``i``.
  Slices with bounds would be compiled into the function (one compilation
  per distinct slice), and a sharded array's traced int index is a gather
  where JAX's own is a slice (whose sharding rules differ), so both index
  as JAX does.
- ``masked``: ``x[mask]`` with a boolean mask over the leading axes of an
  array on one CPU device, of a type that is not weak, is NumPy's
  ``x[mask]`` of the same buffer (no copy on the CPU), put where JAX puts
  its own result: committed to ``x``'s device if ``x`` is committed, else
  uncommitted on the default device (JAX reads the mask to the host
  wherever it is). The values, dtype, shape and order are JAX's. A weak
  type, a sharded array, another platform or a mask of another shape
  index as JAX does.

Tracers (inside ``jax.jit``, ``jax.grad``, ``jax.vmap``) and any other index
take JAX's own indexing, so gradients and traced code are unchanged; both
functions then return None.

JAX itself is handed to ``set_jax``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

__all__ = ["basic", "getitem", "masked", "set_jax"]

jax: Any = None  # set by set_jax()
_array: type[Any] | None = None  # JAX's concrete array class (a tracer is another class)
_single: type[Any] | None = None  # jax.sharding.SingleDeviceSharding

_INT = 0  # an index pattern's item for a Python int (an argument of the compiled function)
_ALL = 1  # ... for a full slice (slices are unhashable before Python 3.12)
_FULL = slice(None)
_COMPILED: dict[tuple[Any, ...], Callable[..., Any]] = {}  # index pattern -> jitted a[index]
_MAX_COMPILED = 256
_INT32 = (-(2**31), 2**31)


def set_jax(module: Any) -> None:
    """Hand JAX to this module (the backend imports it)."""
    global jax, _single
    jax = module
    _single = module.sharding.SingleDeviceSharding


def _concrete(a: Any) -> bool:
    """Whether ``a`` is a concrete JAX array; the first one seen gives the class.

    (Found from an array, not by making one: making one would start JAX's
    backends at import, before a user's configuration of them.)
    """
    global _array
    if a.__class__ is _array:
        return True
    if _array is None and isinstance(a, jax.Array) and not isinstance(a, jax.core.Tracer):
        _array = a.__class__
        return True
    return False


def getitem(a: Any, index: Any) -> Any:
    """``a[index]`` by ``basic`` or ``masked``, or None where neither applies."""
    kind = index.__class__
    return basic(a, index) if kind is tuple or kind is int else masked(a, index)


def basic(a: Any, index: Any) -> Any:
    """``a[index]`` by a function compiled once per index pattern, or None.

    ``index`` is an int or a tuple of ints, full slices, ``None`` and at
    most one ``...``, already checked against ``a``'s shape; ``a`` a
    concrete array on one device. Anything else gives None: the caller
    indexes as JAX does.
    """
    if not _concrete(a) or a.sharding.__class__ is not _single:
        return None
    if index.__class__ is int:
        return _compiled((_INT,))(a, index) if _INT32[0] <= index < _INT32[1] else None
    if index.__class__ is not tuple or not index:
        return None
    pattern: list[Any] = []
    ints: list[int] = []
    for item in index:
        kind = item.__class__
        if kind is int:
            if not _INT32[0] <= item < _INT32[1]:  # (a jitted function's int argument is int32)
                return None
            pattern.append(_INT)
            ints.append(item)
        elif item is None or item is Ellipsis:
            pattern.append(item)
        elif kind is slice and item.start is None and item.stop is None and item.step is None:
            pattern.append(_ALL)
        else:
            return None
    return _compiled(tuple(pattern))(a, *ints)


def _compiled(pattern: tuple[Any, ...]) -> Callable[..., Any]:
    fn = _COMPILED.get(pattern)
    if fn is None:
        fn = jax.jit(_indexer(pattern))
        if len(_COMPILED) < _MAX_COMPILED:
            _COMPILED[pattern] = fn
    return fn


def _indexer(pattern: tuple[Any, ...]) -> Callable[..., Any]:
    """``(a, *ints) -> a[index]`` for the index the pattern stands for."""

    def index(a: Any, *ints: Any) -> Any:
        given = iter(ints)
        items = tuple(
            next(given) if item is _INT else _FULL if item is _ALL else item for item in pattern
        )
        return a[items]

    return index


def masked(a: Any, mask: Any) -> Any:
    """``a[mask]`` by NumPy on the same CPU buffers, or None (see the module's docstring).

    ``mask`` is a native boolean array, ``a`` a concrete array of a strong
    type on one CPU device, and ``mask``'s shape ``a``'s leading axes (at
    least one); anything else gives None.
    """
    if (
        not _concrete(a)
        or mask.__class__ is not a.__class__
        or a.weak_type
        or mask.dtype != np.bool_
        or a.sharding.__class__ is not _single
        or a.device.platform != "cpu"
    ):
        return None
    k = mask.ndim
    if not k or mask.shape != a.shape[:k]:
        return None
    out = np.asarray(a)[np.asarray(mask)]
    # (JAX's result is committed to a's device where a is, the mask's placement aside)
    return jax.device_put(out, a.device) if a.committed else jax.numpy.asarray(out)
