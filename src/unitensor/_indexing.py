"""Index normalisation shared by every backend.

``t[index]`` and ``index_update`` accept the NumPy index forms. Before a
backend sees an index, ``normalize_index`` turns it into a tuple whose
items are only ``int``, ``slice``, ``None``, ``Ellipsis`` or a native
integer / bool array of the tensor's own framework. The backends then do
what their framework lacks (negative slice steps on PyTorch, advanced
indexing on TensorFlow) on that one form.
"""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import numpy as np

if TYPE_CHECKING:
    from ._tensor import Tensor

__all__ = ["as_tuple", "expand_ellipsis", "normalize_index"]


def _item(t: Tensor, item: Any) -> Any:
    """Normalise one index item (see the module docstring)."""
    cls = type(t)
    value: Any = list(item) if isinstance(item, range) else item  # (not narrowed below)
    if item is None or item is Ellipsis or item.__class__ is int or item.__class__ is slice:
        return item
    if isinstance(item, bool):
        raise IndexError("a bool scalar is not a supported index; use a bool tensor mask")
    if isinstance(item, int | np.integer):
        return int(value)
    if isinstance(item, float | np.floating):
        raise IndexError(
            f"only integers, slices, None, ... and integer or bool arrays are "
            f"valid indices, got {item!r}"
        )
    if isinstance(item, list | range) or (
        isinstance(item, np.ndarray) and not isinstance(t.raw, np.ndarray | np.generic)
    ):
        arr = np.asarray(value)
        if arr.dtype.kind == "u":
            arr = arr.astype(np.int64)
        if arr.dtype.kind not in "biu":
            if arr.size == 0:
                arr = arr.astype(np.int64)
            else:
                raise IndexError(f"index arrays must be integer or bool, got {arr.dtype}")
        return t._ns.asarray(arr, None, t.raw)
    raw = t._unwrap(item)
    from .dtypes import kind

    k = kind(cls._dtype_name(raw.dtype))
    if k not in "biu":
        raise IndexError(f"index arrays must be integer or bool, got {raw.dtype}")
    if k == "u":  # PyTorch would read uint8 as a mask: make unsigned indices int64
        raw = t._ns.astype(raw, cls._native_dtype("int64"))
    return raw


def normalize_index(t: Tensor, index: Any) -> Any:
    """``index`` with tensors unwrapped and lists / foreign arrays made native.

    A single item stays a single item; a tuple stays a tuple.

    Raises
    ------
    IndexError
        If an item is of an unsupported type (float, str, ...).
    TypeError
        If an index tensor belongs to another framework.
    """
    if isinstance(index, tuple):
        return tuple(_item(t, i) for i in as_tuple(index))
    return _item(t, index)


def as_tuple(index: Any) -> tuple[Any, ...]:
    """A normalised index as a tuple of items (a single item becomes a 1-tuple)."""
    if isinstance(index, tuple):
        items: tuple[Any, ...] = cast(Any, index)
        return items
    return (index,)


def expand_ellipsis(
    index: tuple[Any, ...], ndim: int, bool_rank: Callable[[Any], int]
) -> tuple[Any, ...]:
    """Replace ``...`` by full slices and append full slices for trailing axes.

    ``bool_rank(item)`` is the rank of a native bool array item and 0 for
    any other item; a bool array of rank k consumes k axes, every other item
    but ``None`` one axis.

    Raises
    ------
    IndexError
        If the index has more than one ``...`` or names too many axes.
    """
    consumed = 0
    ellipses = 0
    for item in index:
        if item is None:
            continue
        if item is Ellipsis:
            ellipses += 1
        else:
            consumed += bool_rank(item) or 1
    if ellipses > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    if consumed > ndim:
        raise IndexError(f"too many indices: {consumed} for a tensor of rank {ndim}")
    fill = (slice(None),) * (ndim - consumed)
    if ellipses:
        i = next(p for p, item in enumerate(index) if item is Ellipsis)
        return index[:i] + fill + index[i + 1 :]
    return index + fill
