"""Basic indexing TensorFlow's ``StridedSlice`` cannot do, for ``tensorflow.py``.

- ``StridedSlice`` takes slice bounds only as Python ints or int32/int64
  tensors: bounds that are 0-d tensors of another integer dtype (int8,
  uint8, ...; the standard's ``x[i:j]`` with array bounds) are made int64
  first, and unitensor tensors their native arrays.
- Its kernel handles at most 8 axes (``Unhandled input dimensions 9``) and
  its masks at most 32 index items: an index of a tensor of more than 8
  axes is applied as one ``tf.gather`` per indexed axis (an int, or the
  positions a slice keeps) and ``tf.expand_dims`` per ``None``, which take
  any rank.

TensorFlow itself is handed to ``set_tensorflow``.
"""

from __future__ import annotations

import operator
from typing import Any

from .._errors import IndexOutOfRangeError
from .._indexing import as_tuple, expand_ellipsis
from .._tensor import Tensor

__all__ = ["MAX_STRIDED_RANK", "many_axes", "plain_bounds", "set_tensorflow"]

tf: Any = None  # TensorFlow, set by set_tensorflow()

MAX_STRIDED_RANK = 8  # the most axes TensorFlow's StridedSlice kernel takes


def set_tensorflow(module: Any) -> None:
    """Hand TensorFlow to this module (the backend imports it)."""
    global tf
    tf = module


def _plain(item: Any) -> bool:
    """Whether an index item is not a slice, or a slice of ints and None only."""
    if item.__class__ is not slice:
        return True
    return all(b is None or b.__class__ is int for b in (item.start, item.stop, item.step))


def _bound(b: Any) -> Any:
    if b is None or b.__class__ is int:
        return b
    if isinstance(b, Tensor):
        b = b.raw
    if isinstance(b, tf.Tensor | tf.Variable):
        return b if b.dtype in (tf.int32, tf.int64) else tf.cast(b, tf.int64)
    return operator.index(b)


def plain_bounds(index: Any) -> Any:
    """``index`` with each slice's bounds ints, None or int32/int64 tensors."""
    items = as_tuple(index)
    if all(_plain(i) for i in items):
        return index
    made = tuple(
        i if _plain(i) else slice(_bound(i.start), _bound(i.stop), _bound(i.step)) for i in items
    )
    return made if isinstance(index, tuple) else made[0]


def many_axes(a: Any, index: Any) -> Any:
    """``a[index]`` for a basic index (ints, slices, None, ...) by gathers, for any rank.

    The shape of ``a`` must be known (an eager tensor, or a traced one of static
    shape); slice bounds must be Python ints or None.
    """
    shape = a.shape.as_list()
    items = expand_ellipsis(as_tuple(index), len(shape), lambda item: None)
    out, axis, dim = a, 0, 0  # axis: of out; dim: of a
    for item in items:
        if item is None:
            out = tf.expand_dims(out, axis)
            axis += 1
            continue
        n = shape[dim]
        if item.__class__ is int:
            if not -n <= item < n:
                raise IndexOutOfRangeError(
                    f"index {item} is out of bounds for axis {dim} with size {n}"
                )
            out = tf.gather(out, item % n, axis=axis)
        else:
            start, stop, step = slice(
                *(
                    operator.index(b) if b is not None else None
                    for b in (item.start, item.stop, item.step)
                )
            ).indices(n)
            if (start, stop, step) != (0, n, 1):
                out = tf.gather(out, tf.range(start, stop, step), axis=axis)
            axis += 1
        dim += 1
    return out
