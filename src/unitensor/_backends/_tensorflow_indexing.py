"""Basic indexing TensorFlow's ``StridedSlice`` cannot do, and index arrays (``tensorflow.py``).

- ``StridedSlice`` takes slice bounds only as Python ints or int32/int64
  tensors: bounds that are 0-d tensors of another integer dtype (int8,
  uint8, ...; the standard's ``x[i:j]`` with array bounds) are made int64
  first, and unitensor tensors their native arrays.
- Its kernel handles at most 8 axes (``Unhandled input dimensions 9``) and
  its masks at most 32 index items: an index of a tensor of more than 8
  axes is applied as one ``tf.gather`` per indexed axis (an int, or the
  positions a slice keeps) and ``tf.expand_dims`` per ``None``, which take
  any rank.
- ``ReverseV2`` (flip), ``SelectV2`` (``tf.where`` of three operands) and
  ``Where`` (``tf.where`` of a mask: nonzero, boolean masks) stop at 8 axes
  too: past 8, flip is a gather per axis, and the other two work on the
  operands flattened to one axis (positions unravelled back); ``GatherNd``
  takes at most 7 coordinates: past 7, a gather of flat positions.
- An integer index array is checked against its axis (``index_array``):
  eagerly from its min and max, traced by an assertion in the graph
  (``assert_traced``).

TensorFlow itself is handed to ``set_tensorflow``.
"""

from __future__ import annotations

import operator
from typing import Any

from .._errors import IndexOutOfRangeError, tagged
from .._indexing import as_tuple, expand_ellipsis
from .._tensor import Tensor
from ._tensorflow_floats import all_axes, eager

__all__ = [
    "MAX_STRIDED_RANK",
    "assert_traced",
    "gather_flat",
    "index_array",
    "many_axes",
    "plain_bounds",
    "positions",
    "reverse",
    "select",
    "set_tensorflow",
    "strided_slice",
]

tf: Any = None  # TensorFlow, set by set_tensorflow()

MAX_STRIDED_RANK = 8  # the most axes TensorFlow's StridedSlice (ReverseV2, SelectV2, Where) takes


def set_tensorflow(module: Any) -> None:
    """Hand TensorFlow to this module (the backend imports it)."""
    global tf
    tf = module


_Spec = tuple[Any, Any, Any, dict[str, int]]
_SPECS: dict[tuple[Any, ...], _Spec] = {}  # (strided_slice) index key -> StridedSlice's inputs
_MAX_SPECS = 512
_INT32 = (-(2**31), 2**31)


def strided_slice(a: Any, index: Any) -> Any:
    """``a[index]`` of an eager tensor as one raw ``StridedSlice``, or None.

    TensorFlow's own ``a[index]`` builds the op's ``begin``, ``end`` and
    ``strides`` from the index on every call and converts them to three
    tensors: about 75 µs for ``x[:, 0]`` of a 10x10 tensor, where the op
    itself takes 11 (2026-12-04, ``benchmarks/bench.py --ops``). Here an
    index of Python ints, ``None``, ``...`` and slices of ints and None
    (no zero step, one ``...`` at most, 32 items at most: the op's masks)
    gives the same op with the same inputs and masks as TensorFlow's
    ``__getitem__`` gives it (``begin_mask`` and ``end_mask`` for an
    omitted bound, ``shrink_axis_mask`` for an int, ``new_axis_mask``,
    ``ellipsis_mask``; int32 bounds where they fit, else int64), whose
    three tensors are made once per index and kept (at most 512 indices).
    The kernel is the same, so are its results, gradients and errors. Any
    other index, a ``tf.Variable`` and graph tensors give None: the caller
    indexes as TensorFlow does.
    """
    if not eager(a):
        return None
    items = index if index.__class__ is tuple else (index,)
    if not items or len(items) > 32:
        return None
    key: list[Any] = []
    ellipses = 0
    for item in items:
        kind = item.__class__
        if kind is int or item is None:
            key.append(item)
        elif item is Ellipsis:
            ellipses += 1
            key.append(item)
        elif kind is slice:
            if item.step == 0 or not _plain(item):
                return None
            key.append((item.start, item.stop, item.step))
        else:
            return None
    if ellipses > 1:
        return None
    spec = _SPECS.get(tuple(key))
    if spec is None:
        spec = _spec(key)
        if len(_SPECS) < _MAX_SPECS:
            _SPECS[tuple(key)] = spec
    begin, end, strides, masks = spec
    return tf.raw_ops.StridedSlice(input=a, begin=begin, end=end, strides=strides, **masks)


def _spec(key: list[Any]) -> _Spec:
    """StridedSlice's begin, end and strides (eager constants) and masks for an index key."""
    begin: list[int] = []
    end: list[int] = []
    strides: list[int] = []
    masks: dict[str, int] = dict.fromkeys(
        ("begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask"), 0
    )
    for i, item in enumerate(key):
        bit = 1 << i
        if item.__class__ is int:  # (as TensorFlow: begin i, end i + 1, the axis shrunk)
            begin.append(item)
            end.append(item + 1)
            strides.append(1)
            masks["shrink_axis_mask"] |= bit
        elif item is None or item is Ellipsis:
            begin.append(0)
            end.append(0)
            strides.append(1)
            masks["new_axis_mask" if item is None else "ellipsis_mask"] |= bit
        else:
            start, stop, step = item
            begin.append(0 if start is None else start)
            end.append(0 if stop is None else stop)
            strides.append(1 if step is None else step)
            if start is None:
                masks["begin_mask"] |= bit
            if stop is None:
                masks["end_mask"] |= bit
    values = begin + end + strides
    dtype = tf.int32 if all(_INT32[0] <= v < _INT32[1] for v in values) else tf.int64
    with tf.init_scope():
        made = tuple(tf.constant(v, dtype) for v in (begin, end, strides))
    return made[0], made[1], made[2], masks


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


def reverse(a: Any, axes: Any) -> Any:
    """``tf.reverse(a, axes)`` for any rank (ReverseV2 takes at most 8 axes)."""
    if not axes:
        return a
    if len(a.shape) <= MAX_STRIDED_RANK:
        return tf.reverse(a, list(axes))
    for axis in axes:
        a = tf.gather(a, tf.range(tf.shape(a)[axis] - 1, -1, -1), axis=axis)
    return a


def select(c: Any, x: Any, y: Any) -> Any:
    """``tf.where(c, x, y)`` for any rank: past 8 axes on the broadcast operands, flattened."""
    tensors = [t for t in (c, x, y) if isinstance(t, tf.Tensor | tf.Variable)]
    if max(len(t.shape) for t in tensors) <= MAX_STRIDED_RANK:
        return tf.where(c, x, y)
    dtype = next(t.dtype for t in (x, y) if isinstance(t, tf.Tensor | tf.Variable))
    c, x, y = (
        tf.convert_to_tensor(c),
        tf.convert_to_tensor(x, dtype),
        tf.convert_to_tensor(y, dtype),
    )
    shape = tf.broadcast_dynamic_shape(
        tf.shape(c), tf.broadcast_dynamic_shape(tf.shape(x), tf.shape(y))
    )
    flat = [tf.reshape(tf.broadcast_to(t, shape), [-1]) for t in (c, x, y)]
    return tf.reshape(tf.where(*flat), shape)


def positions(mask: Any) -> Any:
    """``tf.where(mask)``, the int64 positions ``(n, ndim)`` of the true elements, any rank."""
    if len(mask.shape) <= MAX_STRIDED_RANK:
        return tf.where(mask)
    flat = tf.where(tf.reshape(mask, [-1]))[:, 0]
    return tf.transpose(tf.unravel_index(flat, tf.shape(mask, out_type=tf.int64)))


def gather_flat(a: Any, arrays: list[Any]) -> Any:
    """``tf.gather_nd(a, stack(arrays, -1))`` for any number of coordinate arrays.

    The leading ``len(arrays)`` axes of ``a`` are merged into one, indexed by
    the flat (C order) position of each coordinate tuple.
    """
    k = len(arrays)
    shape = tf.shape(a, out_type=tf.int64)
    flat = tf.zeros_like(arrays[0], dtype=tf.int64)
    for i, arr in enumerate(arrays):
        flat = flat * shape[i] + tf.cast(arr, tf.int64)
    merged = tf.reshape(a, tf.concat([[-1], shape[k:]], axis=0))
    return tf.gather(merged, flat, axis=0)


def assert_traced(value: Any, ok: Any, error: Exception) -> Any:
    """``value``, once a traced check ``ok`` has passed (else ``error``, tagged, when it runs)."""
    with tf.control_dependencies([tf.debugging.Assert(ok, [tagged(error)])]):
        return tf.identity(value)


def index_array(item: Any, n: int) -> Any:
    """An integer index array for an axis of size ``n``: checked, negatives counted from the end.

    Eagerly from its min and max (two scalars to the host, no NumPy; raw ops, 9 µs each
    where tf.reduce_min takes 21), wrapped (FloorMod) only if there are negatives;
    traced, checked when the graph runs.
    """
    idx = tf.cast(tf.convert_to_tensor(item), tf.int64)  # (no operation for int64 itself)
    if tf.executing_eagerly():
        if not idx.shape.num_elements():
            return idx
        axes = all_axes(idx, None)
        if axes is None:  # (not an EagerTensor: a subclass of tf.Tensor's own)
            low, high = int(tf.reduce_min(idx)), int(tf.reduce_max(idx))
        else:
            low, high = (int(op(input=idx, axis=axes)) for op in (tf.raw_ops.Min, tf.raw_ops.Max))
        if low < -n or high >= n:
            bad = high if high >= n else low
            raise IndexOutOfRangeError(f"index {bad} is out of bounds for an axis of size {n}")
        return tf.raw_ops.FloorMod(x=idx, y=tf.constant(n, tf.int64)) if low < 0 else idx
    ok = tf.reduce_all((idx >= -n) & (idx < n))  # (not under XLA)
    idx = assert_traced(
        idx, ok, IndexOutOfRangeError(f"index out of bounds for an axis of size {n}")
    )
    return select(idx < 0, idx + n, idx)
