"""Eager JAX indexing without JAX's per-call Python (for ``jax.py``).

JAX's own ``x[index]`` of a concrete array reads the index in Python and
dispatches one primitive after another on every call: about 57 µs for
``x[:, 0]`` of a 10x10 array and 410 µs for ``x[mask]``, where the data
movement itself takes a few (2026-12-04, ``benchmarks/bench.py --ops``).
Two common forms take a shorter way here, after unitensor's own checks
(``jax.py``'s ``_check_bounds``) have run, for an array on one device, in
its default memory, with no mesh set (``jax.set_mesh``):

- ``basic``: an index of Python ints, full slices (``:``), ``None`` and
  ``...``, with at least one int or ``None``, is one call of a function
  compiled once per index pattern, in which JAX's own indexing runs on the
  traced array. The ints are its arguments, not constants: ``x[i]`` in a
  loop compiles once per pattern, shape and dtype, as JAX's own eager
  operations do, never once per ``i``. At most 256 patterns are kept; any
  other indexes as JAX does, and so do slices with bounds (compiled in,
  they would compile once per distinct slice), an index of only ``:`` and
  ``...`` (JAX gives ``x`` itself), arrays of 2**31 elements or more (the
  ints are int32 arguments without 64-bit mode) and sharded arrays (a
  traced int index of those is a gather where JAX's own is a slice, whose
  sharding rules differ).
- ``masked``: ``x[mask]`` with a boolean mask over the leading axes of an
  array on one CPU device, of a type that is not weak, is NumPy's
  ``x[mask]`` of the array's own buffer (read without a copy), copied to
  the device where JAX puts its own result: committed to ``x``'s device if
  ``x`` is committed, else uncommitted on the default device (JAX reads
  the mask to the host wherever it is). The values, dtype, shape and order
  are JAX's. A weak type, a 64-bit array while 64-bit mode is off (made
  before it was turned off: the device copy would narrow it), another
  platform or memory, or a mask of another shape index as JAX does.

Tracers (inside ``jax.jit``, ``jax.grad``, ``jax.vmap``) index as JAX does,
so gradients are unchanged; a concrete array captured by a traced function
takes these paths too: the same values, but the function's jaxpr holds the
compiled call, or the masked result as a constant.

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
_WIDE = frozenset(np.dtype(n) for n in ("int64", "uint64", "float64", "complex128"))


def set_jax(module: Any) -> None:
    """Hand JAX to this module (the backend imports it)."""
    global jax, _single
    jax = module
    _single = module.sharding.SingleDeviceSharding


def _plain(a: Any) -> bool:
    """Whether ``a`` is a concrete array on one device, in its default memory, with no mesh set.

    The first concrete array of a NumPy dtype seen gives the class (typed
    PRNG keys are another); found from an array, not by making one, which
    would start JAX's backends at import, before a user configures them.
    """
    global _array
    if a.__class__ is not _array:
        if (
            _array is not None
            or not isinstance(a, jax.Array)
            or isinstance(a, jax.core.Tracer)
            or not isinstance(a.dtype, np.dtype)
        ):
            return False
        _array = a.__class__
    sharding = a.sharding
    return (
        sharding.__class__ is _single
        and sharding.memory_kind == "device"
        and jax.sharding.get_abstract_mesh().empty
    )


def getitem(a: Any, index: Any) -> Any:
    """``a[index]`` by ``basic`` or ``masked``, or None where neither applies."""
    kind = index.__class__
    return basic(a, index) if kind is tuple or kind is int else masked(a, index)


def basic(a: Any, index: Any) -> Any:
    """``a[index]`` by a function compiled once per index pattern, or None.

    ``index`` is an int or a tuple of ints, full slices, ``None`` and at
    most one ``...`` (one int or ``None`` at least), already checked against
    ``a``'s shape; anything else, and arrays the module's docstring lists,
    give None: the caller indexes as JAX does.
    """
    if not _plain(a) or a.size >= _INT32[1]:  # (in-range ints, and i + n, fit int32)
        return None
    if index.__class__ is int:
        index = (index,)
    elif index.__class__ is not tuple:
        return None
    pattern: list[Any] = []
    ints: list[int] = []
    taken = False  # (an int or None: else the index is x itself, as JAX gives it)
    for item in index:
        kind = item.__class__
        if kind is int:
            if not _INT32[0] <= item < _INT32[1]:  # (an axis of a 0-size array may be longer)
                return None
            pattern.append(_INT)
            ints.append(item)
            taken = True
        elif item is None:
            pattern.append(item)
            taken = True
        elif item is Ellipsis:
            pattern.append(item)
        elif kind is slice and item.start is None and item.stop is None and item.step is None:
            pattern.append(_ALL)
        else:
            return None
    fn = _compiled(tuple(pattern)) if taken else None
    return None if fn is None else fn(a, *ints)


def _compiled(pattern: tuple[Any, ...]) -> Callable[..., Any] | None:
    """The compiled ``a[index]`` of a pattern; None once ``_MAX_COMPILED`` are kept."""
    fn = _COMPILED.get(pattern)
    if fn is None and len(_COMPILED) < _MAX_COMPILED:
        fn = _COMPILED.setdefault(pattern, jax.jit(_indexer(pattern)))
    return fn


def _indexer(pattern: tuple[Any, ...]) -> Callable[..., Any]:
    """``(a, *ints) -> a[index]`` for the index the pattern stands for."""

    def getitem(a: Any, *ints: Any) -> Any:
        given = iter(ints)
        items = tuple(
            next(given) if item is _INT else _FULL if item is _ALL else item for item in pattern
        )
        return a[items]

    return getitem


def masked(a: Any, mask: Any) -> Any:
    """``a[mask]`` by NumPy on ``a``'s CPU buffer, or None (see the module's docstring).

    ``mask`` is a native boolean array whose shape is ``a``'s leading axes
    (at least one), ``a`` a concrete array of a strong type on one CPU
    device; anything else gives None.
    """
    if (
        mask.__class__ is not a.__class__
        or not _plain(a)
        or a.weak_type
        or a.platform() != "cpu"
        or mask.sharding.memory_kind != "device"
        or mask.dtype != np.bool_
    ):
        return None
    k = mask.ndim
    if not k or mask.shape != a.shape[:k]:
        return None
    out = np.asarray(a)[np.asarray(mask)]
    if out.dtype in _WIDE and not jax.config.jax_enable_x64:
        return None  # (a 64-bit array from before 64-bit mode was turned off)
    # (JAX's result is committed to a's device where a is, the mask's placement aside)
    return jax.device_put(out, a.device) if a.committed else jax.numpy.asarray(out)
