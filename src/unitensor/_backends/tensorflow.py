"""TensorFlow backend: ``TensorFlowTensor`` (``tf.Tensor`` and ``tf.Variable``).

TensorFlow differs from unitensor's meaning in more places than the other
frameworks, and this module hides each of them:

- mixed dtypes are refused natively: ``Tensor._operands`` promotes first;
- bool tensors have no arithmetic or ordering natively: ``+`` is logical
  or, ``*`` logical and, and ``False < True``, as in NumPy (the primitives
  ``add``, ``multiply`` and the orderings); unsigned negation wraps around;
- indexing with integer arrays and bool masks (NumPy's advanced indexing)
  is built from ``tf.gather_nd`` with NumPy's placement rules (one integer
  array on one axis is a ``tf.gather``, whose gradient on the first axis
  is sparse), and
  ``index_update`` scatters into the positions the same index selects;
- integer sums, products and cumulative sums keep int32 natively (int64
  here); integer ``/`` gives float64 natively (float32 here); empty
  ``min`` / ``max`` give +-inf natively (an error here, checked in the base);
- ``log2``, ``log10``, ``take_along_axis`` and ``matmul`` of 1-d operands
  have no native form and are composed here;
- integer ``argsort`` / ``top_k`` indices are int32 natively (int64 here);
- the standard's elementwise functions: float floor division is ``floor(a / b)``
  natively (NumPy's algorithm here), zero remainders take the dividend's sign,
  shifts by the width or more are implementation-defined; ``copysign``,
  ``signbit``, ``trunc``, ``hypot``, ``logaddexp`` and half-precision
  ``nextafter`` have no native form and are composed (on the bits where that is
  cheapest); complex ``round``, ``isnan``, ``isinf`` and ``isfinite`` are
  composed of the parts.
- TensorFlow caches the constants it makes of Python numbers by value, and
  ``-0.0 == 0.0``: once ``x / 0.0`` has run, ``x / -0.0`` divides by +0.0.
  A Python float zero divisor (``/``, ``//``) and the Python float zeros of
  ``full``, ``pad`` and ``where`` go in as NumPy arrays here, which keep
  their sign.

Native errors (``InvalidArgumentError``) on bad indices become
``IndexError`` with the native error as ``__cause__``. TensorFlow is
imported when the primitives are first needed, not with this module.
"""

from __future__ import annotations

import dataclasses
import importlib
import math
import threading
from collections.abc import Callable
from typing import Any

import numpy as np

from .._errors import CompileError, IndexOutOfRangeError
from .._indexing import (
    AdvancedOps,
    advanced_getitem,
    as_tuple,
    expand_ellipsis,
    int_out_of_range,
    zero_step_error,
)
from .._tensor import Tensor
from . import (
    Primitives,
    _tensorflow_devices,
    _tensorflow_elementwise,
    _tensorflow_fft,
    _tensorflow_floats,
    _tensorflow_gradients,
    _tensorflow_indexing,
    _tensorflow_linalg,
    _tensorflow_transforms,
)
from ._after_import import after_import

_select = _tensorflow_indexing.select  # tf.where(c, x, y) past 8 axes too
_assert_traced = _tensorflow_indexing.assert_traced
_index_array = _tensorflow_indexing.index_array

__all__ = ["TensorFlowTensor", "primitives"]

# TensorFlow itself and dtype sets made of its dtypes, set by primitives(). TensorFlow
# ships no type information; its module is typed as what it is to a checker.
tf: Any = None
_widen: frozenset[Any] = frozenset()  # widened to 64 bits by sums
_range_dtypes: tuple[Any, ...] = ()  # tf.range's dtypes
_bits: dict[Any, Any] = {}  # float dtype -> the signed integer dtype of its width
_unsigned: dict[Any, Any] = {}  # signed integer dtype -> the unsigned one of its width
_LN2 = math.log(2.0)
_LN10 = math.log(10.0)


class TensorFlowTensor(Tensor, backend="tensorflow"):
    """A tensor holding a ``tf.Tensor`` or ``tf.Variable``.

    Operations on a variable read its value and return plain tensors; the
    variable itself is never assigned to.
    """

    __slots__ = ()


class _Generator:
    """The ``tf.random.Generator`` behind uniform / normal; reseeded by ``ut.seed``."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.gen: Any = None

    def get(self) -> Any:
        if self.gen is None:
            with self.lock:
                if self.gen is None:
                    self.gen = tf.random.Generator.from_non_deterministic_state()
        return self.gen

    def seed(self, n: int) -> None:
        with self.lock:
            self.gen = tf.random.Generator.from_seed(n)


_GEN = _Generator()


def _is_int(a: Any) -> bool:
    return bool(a.dtype.is_integer) or a.dtype == tf.bool


def _to_int64(a: Any) -> Any:
    """Bool and integers narrower than 64 bits widened as NumPy sums them."""
    if a.dtype in _widen:
        return tf.cast(a, tf.uint64 if a.dtype.is_unsigned else tf.int64)
    return a


def _signed(value: Any, dtype: Any) -> Any:
    """A Python float zero as a NumPy 0-d array of ``dtype``; any other value as it is.

    TensorFlow's cache of the constants it makes of Python numbers finds
    the one made of 0.0 for -0.0 (they are equal), so -0.0 would lose its
    sign once 0.0 has been used; a NumPy array is not cached.
    """
    if value.__class__ is float and value == 0.0:
        return np.asarray(value, dtype.as_numpy_dtype)
    return value


def _const(value: Any, dtype: Any) -> Any:
    """A 0-d constant of ``dtype`` from a Python scalar, converting the kind if needed."""
    if isinstance(value, bool):
        same = dtype == tf.bool
    elif isinstance(value, int):
        same = dtype.is_integer
    elif isinstance(value, float):
        same = dtype.is_floating
    else:
        same = dtype.is_complex
    if same:
        return tf.constant(_signed(value, dtype), dtype=dtype)
    return tf.cast(tf.constant(value), dtype)


def _operands(a: Any, b: Any) -> tuple[Any, Any]:
    """Two tensors of one dtype from a tensor and a tensor or Python scalar."""
    if not isinstance(a, tf.Tensor | tf.Variable):
        a = _const(a, b.dtype)
    if not isinstance(b, tf.Tensor | tf.Variable):
        b = _const(b, a.dtype)
    return a, b


def _bitwise(logical: Any, bitwise: Any) -> Any:
    def op(a: Any, b: Any) -> Any:
        a, b = _operands(a, b)
        return logical(a, b) if a.dtype == tf.bool else bitwise(a, b)

    return op


def _invert(a: Any) -> Any:
    return tf.math.logical_not(a) if a.dtype == tf.bool else tf.bitwise.invert(a)


def _divide(a: Any, b: Any) -> Any:
    if isinstance(a, tf.Tensor | tf.Variable) and _is_int(a):
        a = tf.cast(a, tf.float32)
    if isinstance(b, tf.Tensor | tf.Variable) and _is_int(b):
        b = tf.cast(b, tf.float32)
    elif isinstance(a, tf.Tensor | tf.Variable):
        b = _signed(b, a.dtype)
    return a / b


def _matmul(a: Any, b: Any) -> Any:
    wide = _tensorflow_linalg.widened(a.dtype)  # TensorFlow lacks narrow integer kernels
    if wide != a.dtype:
        return tf.cast(_matmul(tf.cast(a, wide), tf.cast(b, wide)), a.dtype)
    if len(a.shape) == 1 and len(b.shape) == 1:
        return tf.reduce_sum(a * b)
    if len(a.shape) == 1:
        return tf.squeeze(tf.linalg.matmul(a[None, :], b), -2)
    if len(b.shape) == 1:
        return tf.squeeze(tf.linalg.matmul(a, b[:, None]), -1)
    return tf.linalg.matmul(a, b)


def _bool_rank(item: Any) -> int | None:
    return len(item.shape) if isinstance(item, tf.Tensor) and item.dtype == tf.bool else None


def _is_basic(index: Any) -> bool:
    items = as_tuple(index)
    return not any(isinstance(i, tf.Tensor | tf.Variable) for i in items)


def _index_error(e: Exception) -> IndexError:
    return IndexOutOfRangeError(f"index out of range: {getattr(e, 'message', e)}")


def _getitem(a: Any, index: Any) -> Any:
    if _is_basic(index):
        return _basic_getitem(a, index)
    rank = _bool_rank(index)
    if rank and len(a.shape) <= 8 and tuple(index.shape) == tuple(a.shape[:rank]):
        # x[mask]: TensorFlow's own kernel, also in a graph (unknown size; 8 axes at most)
        return tf.boolean_mask(a, index)
    items = as_tuple(index)
    gathered = _gather_one_axis(a, items)
    return _advanced(a, items) if gathered is None else gathered


def _basic_getitem(a: Any, index: Any) -> Any:
    """``a[index]``; past 8 axes (StridedSlice's limit) by gathers (``_tensorflow_indexing``)."""
    index = _tensorflow_indexing.plain_bounds(index)
    rank = a.shape.rank
    if (
        rank is not None
        and rank > _tensorflow_indexing.MAX_STRIDED_RANK
        and a.shape.is_fully_defined()
    ):
        return _tensorflow_indexing.many_axes(a, index)
    try:
        out = _tensorflow_indexing.strided_slice(a, index)  # (eager: one raw op, 7x faster)
        return a[index] if out is None else out
    except (tf.errors.InvalidArgumentError, ValueError) as e:  # (ValueError: in a graph)
        zero_step = zero_step_error(index, a.shape, _bool_rank)
        if zero_step is not None:
            raise zero_step from e
        error = int_out_of_range(index, a.shape, _bool_rank)
        if error is None and isinstance(e, ValueError):
            raise
        raise error or _index_error(e) from e


_FULL = slice(None)


def _gather_one_axis(a: Any, items: tuple[Any, ...]) -> Any:
    """``a[items]`` as ``tf.gather`` when one integer array indexes one axis, else None.

    That is an index of slices, ``None`` and ``...`` around a single integer
    array (no ints beside it, which NumPy would count as advanced indices).
    On the first axis its gradient under a ``tf.GradientTape`` is then a
    sparse ``tf.IndexedSlices``, as for EagerPy's ``x[int_array]``, instead
    of a dense tensor of ``a``'s size (TensorFlow's gradient of a gather on
    another axis is dense); where the other items are all ``:``, the gather
    reads ``a`` itself, so the gradient with respect to a variable stays
    sparse.
    """
    arrays = [i for i in items if isinstance(i, tf.Tensor | tf.Variable)]
    if len(arrays) != 1 or arrays[0].dtype == tf.bool:
        return None
    if any(i.__class__ is int for i in items):
        return None
    array = arrays[0]
    expanded = expand_ellipsis(items, len(a.shape), _bool_rank)
    axis = 0
    for item in expanded:
        if item is array:
            break
        axis += 1  # a slice keeps its axis and None adds one
    basic = tuple(_FULL if item is array else item for item in expanded)
    y = a if all(item == _FULL for item in basic) else _basic_getitem(a, basic)
    idx = _index_array(array, y.shape[axis])  # (a variable's gather: sparse_read, as tf.gather)
    gather = tf.gather if isinstance(y, tf.Variable) else _tensorflow_floats.gather
    return gather(y, idx, axis=axis)


def _broadcast(arrays: list[Any]) -> list[Any]:
    shape: Any = arrays[0].shape
    for arr in arrays[1:]:
        shape = tf.broadcast_static_shape(shape, arr.shape)
    return [tf.broadcast_to(arr, shape) for arr in arrays]


def _gather_front(a: Any, arrays: list[Any]) -> Any:
    if 0 in a.shape[len(arrays) :]:  # gather_nd refuses empty trailing axes
        return tf.zeros([*arrays[0].shape, *a.shape[len(arrays) :]], a.dtype)
    if len(arrays) > 7:  # GatherNd takes at most 7 coordinates: a gather of flat positions
        return _tensorflow_indexing.gather_flat(a, arrays)
    return tf.gather_nd(a, tf.stack(arrays, axis=-1))


_ADVANCED = AdvancedOps(
    is_array=lambda item: isinstance(item, tf.Tensor),
    bool_rank=_bool_rank,
    nonzero=lambda mask: list(
        tf.unstack(_tensorflow_indexing.positions(mask), num=len(mask.shape), axis=1)
    ),
    index_array=_index_array,
    broadcast=_broadcast,
    basic=lambda a, index: _basic_getitem(a, index) if index else a,
    transpose=lambda a, perm: tf.transpose(a, perm),
    gather_front=_gather_front,
)


def _advanced(a: Any, index: tuple[Any, ...]) -> Any:
    """NumPy advanced indexing (see :func:`unitensor._indexing.advanced_getitem`)."""
    return advanced_getitem(a, index, _ADVANCED)


def _positions(a: Any, index: Any, values: Any) -> tuple[Any, Any, Any]:
    """Flat ``a``, the flat positions ``a[index]`` selects, and ``values`` broadcast to them."""
    n = math.prod(a.shape)
    positions = _getitem(tf.reshape(tf.range(n, dtype=tf.int64), a.shape), index)
    try:
        vals = tf.broadcast_to(values, tf.shape(positions))
    except tf.errors.InvalidArgumentError as e:
        raise ValueError(
            f"values of shape {list(values.shape)} do not broadcast to the indexed "
            f"shape {list(positions.shape)}"
        ) from e
    return tf.reshape(a, [-1]), tf.reshape(positions, [-1, 1]), tf.reshape(vals, [-1])


def _index_update(a: Any, index: Any, values: Any) -> Any:
    flat, pos, vals = _positions(a, index, values)
    return tf.reshape(tf.tensor_scatter_nd_update(flat, pos, vals), a.shape)


def _scatter(a: Any, index: Any, values: Any, op: str) -> Any:
    flat, pos, vals = _positions(a, index, values)
    if op == "add":
        out = tf.tensor_scatter_nd_add(flat, pos, vals)
    elif op == "min":
        out = tf.tensor_scatter_nd_min(flat, pos, vals)
    elif op == "max":
        out = tf.tensor_scatter_nd_max(flat, pos, vals)
    else:
        out = flat * tf.math.unsorted_segment_prod(vals, pos[:, 0], flat.shape[0])
    return tf.reshape(out, a.shape)


def _crossentropy(logits: Any, labels: Any) -> Any:
    if labels.dtype not in (tf.int32, tf.int64):  # the only two TensorFlow's kernel takes
        labels = tf.cast(labels, tf.int64)  # (uint64 past 2**63: negative, out of range)
    if not tf.executing_eagerly():  # traced: checked when the graph runs (not under XLA)
        n = logits.shape[-1]
        ok = tf.reduce_all((labels >= 0) & (labels < tf.cast(n, labels.dtype)))
        labels = _assert_traced(
            labels, ok, IndexOutOfRangeError(f"crossentropy: labels must be in [0, {n})")
        )
    try:
        return tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits)
    except tf.errors.InvalidArgumentError as e:  # TensorFlow checks the label range itself
        raise IndexOutOfRangeError(f"crossentropy: labels out of range: {e.message}") from e


def _axes(axes: int | tuple[int, ...] | None) -> int | list[int] | None:
    """TensorFlow's axis argument: an int takes its fast path, a list a slow one."""
    if axes is None or isinstance(axes, int):
        return axes
    return axes[0] if len(axes) == 1 else list(axes)


def _min(a: Any, axes: int | tuple[int, ...] | None, keepdims: bool) -> Any:
    if a.dtype == tf.bool:
        return tf.reduce_all(a, _axes(axes), keepdims)
    return tf.reduce_min(a, _axes(axes), keepdims)


def _max(a: Any, axes: int | tuple[int, ...] | None, keepdims: bool) -> Any:
    if a.dtype == tf.bool:
        return tf.reduce_any(a, _axes(axes), keepdims)
    return tf.reduce_max(a, _axes(axes), keepdims)


def _as_bool(a: Any) -> Any:
    return a if a.dtype == tf.bool else tf.cast(a, tf.bool)


def _take_along_axis(a: Any, idx: Any, axis: int) -> Any:
    n = a.shape[axis]
    idx = tf.cast(idx, tf.int64)
    other_a = [d for i, d in enumerate(a.shape) if i != axis]
    other_i = [d for i, d in enumerate(idx.shape) if i != axis]
    batch = list(tf.broadcast_static_shape(tf.TensorShape(other_a), tf.TensorShape(other_i)))
    a = tf.broadcast_to(a, [*batch[:axis], n, *batch[axis:]])
    idx = tf.broadcast_to(idx, [*batch[:axis], idx.shape[axis], *batch[axis:]])

    def gather_last(x: Any, i: Any) -> tuple[Any]:
        return (tf.gather(x, i, batch_dims=len(x.shape) - 1, axis=len(x.shape) - 1),)

    last = len(a.shape) - 1
    perm = list(range(len(a.shape)))
    perm[axis], perm[last] = last, axis
    try:
        (out,) = gather_last(tf.transpose(a, perm), tf.transpose(idx, perm))
    except tf.errors.InvalidArgumentError as e:
        raise _index_error(e) from e
    return tf.transpose(out, perm)


def _argsort(a: Any, axis: int) -> Any:
    """Stable argsort with NaN last (TensorFlow orders NaN arbitrarily)."""
    if a.dtype == tf.bool:
        a = tf.cast(a, tf.int8)
    if not a.dtype.is_floating:
        return tf.cast(tf.argsort(a, axis, stable=True), tf.int64)
    nan = tf.math.is_nan(a)
    by_value = tf.argsort(_select(nan, tf.constant(float("inf"), a.dtype), a), axis, stable=True)
    nan_sorted = tf.cast(_take_along_axis(nan, by_value, axis), tf.int8)
    nan_last = tf.argsort(nan_sorted, axis, stable=True)
    return _take_along_axis(tf.cast(by_value, tf.int64), nan_last, axis)


def _sort(a: Any, axis: int) -> Any:
    if a.dtype.is_floating:
        return _take_along_axis(a, _argsort(a, axis), axis)
    if a.dtype == tf.bool:
        return tf.cast(tf.sort(tf.cast(a, tf.int8), axis), tf.bool)
    return tf.sort(a, axis)


def _nonzero(a: Any) -> tuple[Any, ...]:
    """The int64 indices of ``a``'s non-zero elements, one array per axis."""
    return tuple(tf.unstack(_tensorflow_indexing.positions(a), num=len(a.shape), axis=1))


def _searchsorted(a: Any, v: Any, side: str) -> Any:
    """``tf.searchsorted`` of values of any shape, int64, with NaN after every number.

    ``tf.searchsorted`` takes 1-d values for a 1-d ``a``, gives int32 by
    default, and compares NaN as neither smaller nor larger. Searched with
    NaN as +inf in ``a`` (and 0 in ``v``), the indices are right but for NaN
    values (after the numbers of ``a`` on the left, at the end on the right)
    and for +inf on the right (before the first NaN of ``a``).
    """
    flat = tf.reshape(v, [-1])
    if not a.dtype.is_floating:
        out = tf.searchsorted(a, flat, side=side, out_type=tf.int64)
        return tf.reshape(out, tf.shape(v))
    a_nan, v_nan = tf.math.is_nan(a), tf.math.is_nan(flat)
    inf = tf.constant(math.inf, a.dtype)
    out = tf.searchsorted(
        _select(a_nan, inf, a), _select(v_nan, tf.zeros_like(flat), flat), side, tf.int64
    )
    n = tf.size(a, out_type=tf.int64)
    numbers = n - tf.math.count_nonzero(a_nan, dtype=tf.int64)
    if side == "left":
        out = _select(v_nan, numbers, out)
    else:
        out = _select(v_nan, n, _select(flat == inf, numbers, out))
    return tf.reshape(out, tf.shape(v))


def _minimum(a: Any, b: Any) -> Any:
    """``tf.math.minimum``; of bool, NumPy's ``a & b`` (TensorFlow has no bool kernel).

    Of floats, a tie of two tensors splits the gradient (``_tensorflow_gradients``).
    """
    if a.dtype.is_floating:
        return _tensorflow_gradients.minimum(a, b)
    return tf.math.logical_and(a, b) if a.dtype == tf.bool else tf.math.minimum(a, b)


def _maximum(a: Any, b: Any) -> Any:
    """``tf.math.maximum``; of bool, NumPy's ``a | b``; of floats, as ``_minimum``."""
    if a.dtype.is_floating:
        return _tensorflow_gradients.maximum(a, b)
    return tf.math.logical_or(a, b) if a.dtype == tf.bool else tf.math.maximum(a, b)


def _arg_extreme(fn: Any) -> Any:
    """argmax / argmin returning the first NaN where there is one (as NumPy)."""

    def arg(a: Any, axis: int) -> Any:
        if a.dtype == tf.bool:
            a = tf.cast(a, tf.int8)
        if len(a.shape) > 7:  # TensorFlow's ArgMax takes at most 7 axes: on a matrix
            axis %= len(a.shape)
            moved = tf.transpose(a, [*(i for i in range(len(a.shape)) if i != axis), axis])
            flat = tf.reshape(moved, [-1, moved.shape[-1]])
            return tf.reshape(arg(flat, 1), moved.shape[:-1])
        out = fn(a, axis, output_type=tf.int64)
        if a.dtype.is_floating:
            nan = tf.math.is_nan(a)
            first_nan = tf.math.argmax(tf.cast(nan, tf.int8), axis, output_type=tf.int64)
            out = _select(tf.reduce_any(nan, axis), first_nan, out)
        return out

    return arg


def _take(a: Any, idx: Any, axis: int) -> Any:
    return tf.gather(a, idx, axis=axis)


def _triangle(lower: bool) -> Any:
    """``tril`` / ``triu`` (TensorFlow's ``band_part`` takes no diagonal offset below 0)."""

    def tri(a: Any, k: int) -> Any:
        shape = tf.shape(a)
        above = tf.range(shape[-1])[None, :] - tf.range(shape[-2])[:, None]  # j - i
        keep = above <= k if lower else above >= k
        return _select(keep, a, tf.zeros_like(a))

    return tri


def _tile(a: Any, reps: Any) -> Any:
    if a.dtype == tf.uint16:  # TensorFlow's Tile has no uint16 kernel: tile the bits
        return tf.bitcast(tf.tile(tf.bitcast(a, tf.int16), reps), tf.uint16)
    return tf.tile(a, reps)


def _repeat(a: Any, counts: Any, axis: int) -> Any:
    """``tf.repeat``, which fails for an empty tensor with a tensor of counts."""
    if a.dtype == tf.uint16:  # tf.repeat tiles, and Tile has no uint16 kernel
        return tf.bitcast(_repeat(tf.bitcast(a, tf.int16), counts, axis), tf.uint16)
    if isinstance(counts, int) or a.shape.num_elements() != 0:
        return tf.repeat(a, counts, axis)
    total = tf.reduce_sum(tf.cast(counts, tf.int64))
    shape = tf.tensor_scatter_nd_update(tf.shape(a, out_type=tf.int64), [[axis]], [total])
    return tf.zeros(shape, a.dtype)


def _reshape_copy(a: Any, shape: tuple[int, ...], copy: bool) -> Any:
    """TensorFlow's tensors cannot be written, so no copy is observable."""
    out = tf.reshape(a, shape)
    return tf.identity(out) if copy else out


def _on_device(fn: Any) -> Any:
    """Run a creation function on the device of the template ``like``."""

    def create(*args: Any) -> Any:
        like = args[-1]
        try:
            device = like.device
        except (AttributeError, RuntimeError):  # symbolic tensors have no device
            return fn(*args)
        with tf.device(device):
            return fn(*args)

    return create


def _full(shape: tuple[int, ...], value: Any, dtype: Any, like: Any) -> Any:
    return tf.fill(shape, _const(value, dtype))


def _arange(start: Any, stop: Any, step: Any, dtype: Any, like: Any) -> Any:
    if dtype in _range_dtypes:
        return tf.range(start, stop, step, dtype=dtype)
    exact = all(isinstance(v, int) for v in (start, stop, step))
    if dtype == tf.uint64 and exact and max(start, stop) >= 2**63:  # beyond int64: count, step
        i = tf.cast(tf.range(len(range(start, stop, step)), dtype=tf.int64), dtype)
        return i * _const(step % 2**64, dtype) + _const(start, dtype)
    # TensorFlow's CPU range kernel lacks the narrow integer types: count in int64, cast
    return tf.cast(tf.range(start, stop, step, dtype=tf.int64), dtype)


def _asarray(value: Any, dtype: Any, like: Any) -> Any:
    return tf.constant(value, dtype=dtype)


def _uniform(shape: tuple[int, ...], low: float, high: float, dtype: Any, like: Any) -> Any:
    return _GEN.get().uniform(shape, low, high, dtype=dtype)


def _normal(shape: tuple[int, ...], mean: float, std: float, dtype: Any, like: Any) -> Any:
    return _GEN.get().normal(shape, mean, std, dtype=dtype)


def _float_only(fn: Any, for_ints: Callable[[Any], Any]) -> Any:
    """``fn`` for floats; ``for_ints(a)`` for integer and bool input."""

    def op(a: Any) -> Any:
        return for_ints(a) if _is_int(a) else fn(a)

    return op


# TensorFlow has no arithmetic or ordering on bool tensors; NumPy's meaning is logical
# or for +, logical and for *, and False < True for comparisons.


_PY_SCALARS = (bool, int, float, complex)


def _is_bool_pair(a: Any, b: Any) -> bool:
    """Whether ``a (op) b`` is between bools (one of them may be a Python scalar)."""
    t = b if a.__class__ in _PY_SCALARS else a
    return t.dtype is tf.bool


def _add(a: Any, b: Any) -> Any:
    if _is_bool_pair(a, b):
        return tf.math.logical_or(
            tf.convert_to_tensor(a, tf.bool), tf.convert_to_tensor(b, tf.bool)
        )
    return a + b


def _multiply(a: Any, b: Any) -> Any:
    if _is_bool_pair(a, b):
        return tf.math.logical_and(
            tf.convert_to_tensor(a, tf.bool), tf.convert_to_tensor(b, tf.bool)
        )
    return a * b


def _ordering(op: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    def compare(a: Any, b: Any) -> Any:
        if _is_bool_pair(a, b):
            return op(
                tf.cast(tf.convert_to_tensor(a, tf.bool), tf.int8),
                tf.cast(tf.convert_to_tensor(b, tf.bool), tf.int8),
            )
        return op(a, b)

    return compare


def _negative(a: Any) -> Any:
    """``-a``; unsigned integers wrap around, as in NumPy."""
    if a.dtype.is_unsigned:
        return tf.math.subtract(tf.zeros_like(a), a)
    return -a


# The standard's elementwise functions where TensorFlow's kernels differ or are missing.
# Each form is the cheapest found; the passes counted are elementwise kernels (a
# bitcast to an integer of the same width is free: it reinterprets the buffer).


def _copysign(a: Any, b: Any) -> Any:
    """``|a|`` with ``b``'s sign bit, NaNs' included (TensorFlow has no copysign).

    ``-a`` where the sign bits of ``a`` and ``b`` differ (negation flips the
    sign bit, a NaN's too), else ``a``: five passes, differentiable (a form on
    the bits alone takes three, but TensorFlow cannot differentiate bitcasts).
    """
    a, b = _operands(a, b)
    return _select(_signbit(a) != _signbit(b), -a, a)


def _unsigned_pow(a: Any, b: Any) -> Any:
    """``a ** b`` of unsigned integers (TensorFlow's Pow has no kernels for them).

    By squaring, one bit of the exponent a step (as many steps as the dtype
    has bits, or as a Python exponent has), in the dtype itself: products
    wrap around modulo ``2**n``, as NumPy's.
    """
    if isinstance(b, int):
        result, base = tf.ones_like(a), a
        while b:
            if b & 1:
                result = result * base
            b >>= 1
            if b:
                base = base * base
        return result
    a, b = _operands(a, b)
    shape = tf.broadcast_static_shape(a.shape, b.shape)
    base, e = tf.broadcast_to(a, shape), tf.broadcast_to(b, shape)
    result, one = tf.ones_like(base), tf.ones((), e.dtype)
    for _ in range(e.dtype.size * 8):
        result = _select(tf.bitwise.bitwise_and(e, one) != 0, result * base, result)
        base, e = base * base, tf.bitwise.right_shift(e, one)
    return result


def _pow(a: Any, b: Any) -> Any:
    """``a ** b``; unsigned integers by squaring, a float tensor ``a`` with the rule's gradient.

    (``_tensorflow_gradients.pow_``: 0 for ``a`` where ``b == 0``, and NaN for
    ``b`` where ``a < 0``.)
    """
    if not isinstance(a, tf.Tensor | tf.Variable):
        if b.dtype.is_unsigned:
            return _unsigned_pow(_const(a, b.dtype), b)
        return a**b
    if a.dtype.is_floating:
        return _tensorflow_gradients.pow_(a, b)
    if a.dtype.is_unsigned:
        return _unsigned_pow(a, b)
    return a**b


def _sign(a: Any) -> Any:
    if a.dtype.is_unsigned:  # TensorFlow's Sign has no unsigned kernels
        return tf.cast(a != 0, a.dtype)
    return tf.math.sign(a)


def _signbit(a: Any) -> Any:
    """The sign bit, set for ``-0.0`` and negative NaNs too: one comparison on the bits."""
    return tf.bitcast(a, _bits[a.dtype]) < 0


def _trunc(a: Any) -> Any:
    """Rounding toward zero (TensorFlow has no trunc).

    Eagerly ``truncatediv(a, 1)``, one pass: TensorFlow's truncating
    division of floats is ``trunc(a / b)``, and ``a / 1`` is exact, signed
    zeros, infinities and NaN included. In a graph (``tf.function``) Grappler
    rewrites a division by 1 as ``a`` itself, so there it is ``ceil`` below 0
    and ``floor`` elsewhere, which the graph's optimizer may fuse.
    """
    if tf.executing_eagerly():
        return tf.truncatediv(a, tf.constant(1, a.dtype))
    return _select(a < 0, tf.math.ceil(a), tf.math.floor(a))


def _remainder(a: Any, b: Any) -> Any:
    """``a % b``; a zero float result takes the divisor's sign, as in NumPy and Python.

    TensorFlow's floormod gives zeros the dividend's sign; every other
    remainder has the divisor's sign already. The zeros are replaced by
    ``b``'s sign bit seen as a float (which is +-0.0): three more passes.
    """
    out = a % b
    if not out.dtype.is_floating:
        return out
    b = _const(b, out.dtype) if isinstance(b, _PY_SCALARS) else b
    ints = _bits[out.dtype]
    zero = tf.bitcast(
        tf.bitwise.bitwise_and(tf.bitcast(b, ints), tf.constant(ints.min, ints)), out.dtype
    )
    return _select(out == 0, tf.stop_gradient(zero), out)


def _floor_divide(a: Any, b: Any) -> Any:
    """``a // b``; floats as NumPy (and Python) divide them.

    TensorFlow's float floordiv is ``floor(a / b)``, which the rounding of
    ``a / b`` makes one too large (``1.0 // 0.1`` gives 10.0; NumPy gives 9.0,
    as ``1.0 == 9 * 0.1 + 0.09999999999999995``), and which gives +-inf for
    ``inf // 2`` (NumPy: NaN) and -0.0 for ``1.0 // -inf`` (NumPy: -1.0).
    This is NumPy's algorithm: the exact ``fmod``, the quotient of what is
    left, one less where the floored remainder differs from it (it had the
    other sign than ``b``), rounded; a zero quotient takes the sign of
    ``a / b``, a zero divisor gives ``a / b``. It is fourteen passes where
    NumPy's and PyTorch's kernels make one: TensorFlow has no fused form.
    """
    a, b = _operands(a, b)
    if not a.dtype.is_floating:
        return tf.math.floordiv(a, b)
    if a.dtype in (tf.float16, tf.bfloat16):  # no truncatemod kernel; NumPy goes via float32
        wide = _floor_divide(tf.cast(a, tf.float32), tf.cast(b, tf.float32))
        return tf.cast(wide, a.dtype)
    mod = tf.truncatemod(a, b)
    div = (a - mod) / b
    div = _select(tf.math.floormod(a, b) != mod, div - 1, div)
    out = tf.math.round(div)  # div is within rounding of an integer
    q = a / b
    # piecewise constant: no gradient, as TensorFlow's own floordiv
    return tf.stop_gradient(_select(b == 0, q, _select(out == 0, q * 0, out)))


def _hypot(a: Any, b: Any) -> Any:
    """``sqrt(a**2 + b**2)`` as the magnitude of the complex number ``a + b j``.

    TensorFlow has no hypot; its complex ``abs`` scales to avoid overflow and
    gives +inf where either part is infinite (even beside a NaN), the
    standard's special cases: two passes. Half precision goes through
    float32, as ``tf.complex`` takes no narrower parts.
    """
    a, b = _operands(a, b)
    if a.dtype in (tf.float32, tf.float64):
        return tf.math.abs(tf.complex(a, b))
    wide = tf.math.abs(tf.complex(tf.cast(a, tf.float32), tf.cast(b, tf.float32)))
    return tf.cast(wide, a.dtype)


def _logaddexp(a: Any, b: Any) -> Any:
    """``log(exp(a) + exp(b))`` (TensorFlow has none: ``_tensorflow_gradients.logaddexp``)."""
    return _tensorflow_gradients.logaddexp(*_operands(a, b))


def _softmax(a: Any, axis: int) -> Any:
    """``tf.nn.softmax``, NaN along a row that holds a NaN (as NumPy's ``exp(a - max) / sum``).

    TensorFlow's kernel gives NaN only where the row's NaN is and 0
    elsewhere (``[nan, 0, nan, 0]``). The row's sum is NaN there, and adding
    it times 0 makes such a row NaN, the others unchanged. An eager CPU
    tensor does that only where a sum is NaN (the sums cost a quarter of the
    kernel on 1000x1000; adding to every row, as a graph and other devices
    do rather than wait for the check, two thirds). Along the last axis the
    kernel is its raw op (``axis`` is non-negative), 30 µs less than ``tf.nn.softmax``.
    """
    raw = tf.raw_ops
    out = raw.Softmax(logits=a) if axis == len(a.shape) - 1 else tf.nn.softmax(a, axis)
    sums = raw.Sum(input=out, axis=axis, keep_dims=True)
    axes = _tensorflow_floats.all_axes(sums, None)  # (None unless eager)
    if axes is not None and "CPU" in out.device:
        if not bool(raw.Any(input=raw.IsNan(x=sums), axis=axes)):
            return out
    return raw.AddV2(x=out, y=raw.Mul(x=sums, y=0.0))


def _nextafter(a: Any, b: Any) -> Any:
    """The next float after ``a`` toward ``b``; half precision on the bits.

    TensorFlow's ``nextafter`` takes float32 and float64 only. For float16
    and bfloat16 the bits step by one (away from zero where ``b`` is farther
    from zero than ``a`` on its side); from zero the step is the smallest
    subnormal with ``b``'s sign; ``a == b`` gives ``b``, a NaN gives NaN.
    """
    a, b = _operands(a, b)
    if a.dtype in (tf.float32, tf.float64):
        return tf.math.nextafter(a, b)
    ints = _bits[a.dtype]
    one = tf.constant(1, ints)
    step = _select((b > a) == (a > 0), one, -one)
    tiny = _select(b > 0, one, tf.constant(ints.min + 1, ints))
    out = tf.bitcast(_select(a == 0, tiny, tf.bitcast(a, ints) + step), a.dtype)
    out = _select(a == b, b, out)
    # no gradient through the bits (TensorFlow has none for bitcasts)
    return tf.stop_gradient(_select(tf.math.is_nan(a) | tf.math.is_nan(b), a + b, out))


def _shift(left: bool) -> Callable[[Any, Any], Any]:
    """A shift as NumPy's: by the width or more, or a negative amount, 0 (or -1).

    TensorFlow leaves those shifts implementation-defined (on the CPU it
    shifts by ``width - 1``). The amount is compared as unsigned (a free
    bitcast), so a negative one counts as too large, as in NumPy: left
    shifts and unsigned right shifts choose 0 there (two more passes), and
    signed right shifts shift by at most ``width - 1``, which propagates the
    sign (one more pass).
    """

    def shift(a: Any, b: Any) -> Any:
        a, b = _operands(a, b)
        width = a.dtype.size * 8
        count = tf.bitcast(b, _unsigned[a.dtype]) if a.dtype in _unsigned else b
        if left:
            return _select(count < width, tf.bitwise.left_shift(a, b), tf.constant(0, a.dtype))
        if a.dtype.is_unsigned:
            return _select(count < width, tf.bitwise.right_shift(a, b), tf.constant(0, a.dtype))
        return tf.bitwise.right_shift(a, tf.bitcast(tf.math.minimum(count, width - 1), a.dtype))

    return shift


def _complex_parts(fn: Any) -> Any:
    """``fn`` for real input; for complex input ``fn`` of each part (TensorFlow refuses it)."""

    def op(a: Any) -> Any:
        if a.dtype.is_complex:
            return tf.complex(fn(tf.math.real(a)), fn(tf.math.imag(a)))
        return fn(a)

    return op


def _classification(fn: Any, both: Any, for_ints: Callable[[Any], Any]) -> Any:
    """``isnan`` and friends: complex input combines its parts' (TensorFlow refuses it)."""

    def op(a: Any) -> Any:
        if _is_int(a):
            return for_ints(a)
        if a.dtype.is_complex:
            return both(fn(tf.math.real(a)), fn(tf.math.imag(a)))
        return fn(a)

    return op


def _log_base(ln_base: float) -> Any:
    """``log(a) / ln(base)``; a complex logarithm's parts are divided one by one.

    TensorFlow divides a complex number by a real one as by a complex one,
    which makes ``log(0) / ln 2`` NaN + NaN j where the standard (dividing
    each part) and NumPy give -inf + 0j.
    """

    def log(a: Any) -> Any:
        out = tf.math.log(a)
        if out.dtype.is_complex:
            return tf.complex(tf.math.real(out) / ln_base, tf.math.imag(out) / ln_base)
        return out / ln_base

    return log


def _item(a: Any) -> Any:
    """The Python value of a 0-d tensor (of a 1-element one)."""
    try:
        numpy = a.numpy
    except AttributeError:  # a graph tensor inside tf.function: no value yet
        raise CompileError(
            "a traced TensorFlow tensor (inside tf.function or ut.jit) has no Python value: "
            "bool(), int(), float() and .item() of it cannot run there; branch with ut.where "
            "(or tf.cond), or take the value outside the compiled function"
        ) from None
    return numpy().item()


def _autograph_leaves_unitensor_alone() -> None:
    """Tell AutoGraph (``tf.function``) to call unitensor's code as it is.

    AutoGraph rewrites the Python control flow of the functions a
    ``tf.function`` calls; unitensor's own code branches only on Python
    values (shapes, dtypes, arguments), so converting it gains nothing and
    printed warnings where AutoGraph cannot ("could not transform
    <function _gcd_import>", an import in the first look-up of a graph
    tensor's type). The rule is the one AutoGraph has for ``numpy`` and
    ``tensorflow`` itself. A user function called *by* unitensor (the loss
    in ``ut.value_and_grad``) then runs unconverted too, as under
    ``tf.GradientTape``: its tensor-valued ``if`` needs ``ut.where`` or
    ``tf.cond``.
    """
    try:  # AutoGraph's internals (TensorFlow 2.21); nothing public adds a rule
        config: Any = importlib.import_module("tensorflow.python.autograph.core.config")
        rules: tuple[Any, ...] = config.CONVERSION_RULES
        if not any(getattr(r, "_prefix", None) == "unitensor" for r in rules):
            config.CONVERSION_RULES = (config.DoNotConvert("unitensor"), *rules)
    except (ImportError, AttributeError):  # another release: AutoGraph converts (and warns)
        pass


def _as_native_tensor(
    t: TensorFlowTensor, dtype: Any = None, name: Any = None, as_ref: bool = False
) -> Any:
    """``t``'s tensor for TensorFlow's functions (``tf.convert_to_tensor(t)``, ``x * t``).

    Registered with ``tf.register_tensor_conversion_function``: no trip through
    NumPy (``__array__``: a copy, impossible in a graph); another dtype refused.
    """
    raw = t.raw
    if dtype is not None and not tf.as_dtype(dtype).is_compatible_with(raw.dtype):
        return NotImplemented
    return raw if as_ref or not isinstance(raw, tf.Variable) else tf.convert_to_tensor(raw)


def primitives() -> Primitives:
    """TensorFlow's primitives; imports TensorFlow."""
    global tf, _widen, _range_dtypes
    tf = importlib.import_module("tensorflow")
    _tensorflow_indexing.set_tensorflow(tf)
    _tensorflow_devices.set_tensorflow(tf)
    _tensorflow_gradients.set_tensorflow(tf)
    tf.register_tensor_conversion_function(TensorFlowTensor, _as_native_tensor)
    _widen = frozenset((tf.bool, tf.int8, tf.int16, tf.int32, tf.uint8, tf.uint16, tf.uint32))
    _range_dtypes = (tf.int32, tf.int64, tf.float16, tf.bfloat16, tf.float32, tf.float64)
    _bits.update(
        {tf.float16: tf.int16, tf.bfloat16: tf.int16, tf.float32: tf.int32, tf.float64: tf.int64}
    )
    _unsigned.update(
        {tf.int8: tf.uint8, tf.int16: tf.uint16, tf.int32: tf.uint32, tf.int64: tf.uint64}
    )
    ns = Primitives(
        dtype_type=tf.dtypes.DType,
        is_concrete=lambda a: tf.executing_eagerly(),
        assert_traced=_assert_traced,
        add=_add,
        multiply=_multiply,
        negative=_negative,
        less=_ordering(tf.math.less),
        less_equal=_ordering(tf.math.less_equal),
        greater=_ordering(tf.math.greater),
        greater_equal=_ordering(tf.math.greater_equal),
        dtype_name=lambda dt: tf.as_dtype(dt).name,
        dtype_from_name=tf.as_dtype,
        **_tensorflow_devices.primitives(),
        setitem=_index_update,
        copy=tf.identity,
        to_numpy=lambda a: np.asarray(a.numpy()),  # a 0-d tensor gives a NumPy scalar
        item=_item,
        astype=tf.cast,
        seed=_GEN.seed,
        divide=_divide,
        matmul=_matmul,
        equal=tf.math.equal,
        not_equal=tf.math.not_equal,
        bitwise_invert=_invert,
        bitwise_and=_bitwise(tf.math.logical_and, tf.bitwise.bitwise_and),
        bitwise_or=_bitwise(tf.math.logical_or, tf.bitwise.bitwise_or),
        bitwise_xor=_bitwise(tf.math.logical_xor, tf.bitwise.bitwise_xor),
        getitem=_getitem,
        index_update=_index_update,
        abs=lambda a: a if a.dtype.is_unsigned else tf.math.abs(a),  # no unsigned kernel
        sign=_sign,
        sqrt=lambda a: _tensorflow_gradients.sqrt(a) if a.dtype.is_floating else tf.math.sqrt(a),
        square=tf.math.square,
        exp=tf.math.exp,
        log=tf.math.log,
        log2=_log_base(_LN2),
        log10=_log_base(_LN10),
        sin=tf.math.sin,
        cos=tf.math.cos,
        tan=tf.math.tan,
        asin=tf.math.asin,
        acos=tf.math.acos,
        atan=tf.math.atan,
        sinh=tf.math.sinh,
        cosh=tf.math.cosh,
        tanh=tf.math.tanh,
        asinh=tf.math.asinh,
        acosh=tf.math.acosh,
        atanh=tf.math.atanh,
        round=_float_only(_complex_parts(tf.math.round), tf.identity),
        ceil=_float_only(tf.math.ceil, tf.identity),
        floor=_float_only(tf.math.floor, tf.identity),
        isnan=_classification(
            tf.math.is_nan, tf.math.logical_or, lambda a: tf.zeros_like(a, dtype=tf.bool)
        ),
        isinf=_classification(
            tf.math.is_inf, tf.math.logical_or, lambda a: tf.zeros_like(a, dtype=tf.bool)
        ),
        isfinite=_classification(
            tf.math.is_finite, tf.math.logical_and, lambda a: tf.ones_like(a, dtype=tf.bool)
        ),
        logical_not=lambda a: tf.math.logical_not(_as_bool(a)),
        logical_and=lambda a, b: tf.math.logical_and(
            _as_bool(a), bool(b) if isinstance(b, int | float) else _as_bool(b)
        ),
        logical_or=lambda a, b: tf.math.logical_or(
            _as_bool(a), bool(b) if isinstance(b, int | float) else _as_bool(b)
        ),
        minimum=_minimum,
        maximum=_maximum,
        clip=lambda a, lo, hi: _minimum(_maximum(a, lo), hi),
        where=_tensorflow_indexing.select,
        sum=lambda a, axes, keepdims: tf.reduce_sum(_to_int64(a), _axes(axes), keepdims),
        prod=lambda a, axes, keepdims: tf.reduce_prod(_to_int64(a), _axes(axes), keepdims),
        mean=lambda a, axes, keepdims: tf.reduce_mean(a, _axes(axes), keepdims),
        min=_min,
        max=_max,
        all=lambda a, axes, keepdims: tf.reduce_all(_as_bool(a), _axes(axes), keepdims),
        any=lambda a, axes, keepdims: tf.reduce_any(_as_bool(a), _axes(axes), keepdims),
        argmin=_arg_extreme(tf.math.argmin),
        argmax=_arg_extreme(tf.math.argmax),
        cumulative_sum=lambda a, axis: tf.math.cumsum(_to_int64(a), axis),
        cumulative_prod=lambda a, axis: (
            _tensorflow_gradients.cumulative_prod(a, axis)
            if a.dtype.is_floating
            else tf.math.cumprod(_to_int64(a), axis)
        ),
        sort=_sort,
        argsort=_argsort,
        reshape=tf.reshape,
        permute_dims=tf.transpose,
        squeeze=lambda a, axes: tf.squeeze(a, list(axes)) if axes else a,
        expand_dims=tf.expand_dims,
        tile=_tile,
        flip=_tensorflow_indexing.reverse,
        pad_constant=lambda a, pads, value: tf.pad(
            a, [list(p) for p in pads], constant_values=_const(value, a.dtype)
        ),
        take=_take,
        take_along_axis=_take_along_axis,
        concat=tf.concat,
        stack=tf.stack,
        inv=tf.linalg.inv,
        slogdet=_tensorflow_linalg.slogdet,
        meshgrid=lambda arrays, indexing: list(tf.meshgrid(*arrays, indexing=indexing)),
        scatter=_scatter,
        full=_on_device(_full),
        arange=_on_device(_arange),
        asarray=_on_device(_asarray),
        uniform=_on_device(_uniform),
        normal=_on_device(_normal),
        logsumexp=lambda a, axes, keepdims: tf.reduce_logsumexp(a, _axes(axes), keepdims),
        log_softmax=lambda a, axis: tf.nn.log_softmax(a, axis),
        softmax=_softmax,
        crossentropy=_crossentropy,
        crossentropy_mean=lambda logits, labels: tf.reduce_mean(_crossentropy(logits, labels)),
        # fft (Array API 2025.12)
        **_tensorflow_fft.primitives(tf),
        # manipulation (Array API 2025.12)
        broadcast_to=tf.broadcast_to,
        repeat=_repeat,
        roll=lambda a, shifts, axes: tf.roll(a, list(shifts), list(axes)),
        tril=_triangle(lower=True),
        triu=_triangle(lower=False),
        reshape_copy=_reshape_copy,
        # searching, set, sorting, statistical (Array API 2025.12)
        nonzero=_nonzero,
        searchsorted=_searchsorted,
        # linear algebra (Array API 2025.12): see _tensorflow_linalg
        **_tensorflow_linalg.primitives(),
        # elementwise (Array API 2025.12)
        floor_divide=_floor_divide,
        remainder=_remainder,
        expm1=tf.math.expm1,
        reciprocal=lambda a: (
            _tensorflow_gradients.reciprocal(a) if a.dtype.is_floating else tf.math.reciprocal(a)
        ),
        trunc=_trunc,
        signbit=_signbit,
        conj=tf.math.conj,
        real=tf.math.real,
        imag=tf.math.imag,
        atan2=lambda a, b: tf.math.atan2(*_operands(a, b)),
        copysign=_copysign,
        hypot=_hypot,
        logaddexp=_logaddexp,
        nextafter=_nextafter,
        logical_xor=lambda a, b: tf.math.logical_xor(
            _as_bool(a), bool(b) if isinstance(b, int | float) else _as_bool(b)
        ),
        bitwise_left_shift=_shift(left=True),
        bitwise_right_shift=_shift(left=False),
        # transformations and random keys (issue 13)
        **_tensorflow_transforms.primitives(tf, _GEN),
        # unsigned integers (Array API 2025.12): TensorFlow's Pow has no kernels for them
        pow=_pow,
        # conformance fixes (Array API 2025.12): complex log1p, see _tensorflow_elementwise
        **_tensorflow_elementwise.primitives(tf),
        # TensorFlow's tensors take 254 axes, but one of more than 64 cannot become a NumPy
        # array (to_numpy, repr); its 8-axis kernels are avoided (_tensorflow_indexing)
        max_dimensions=64,
    )
    p = _tensorflow_floats.with_floats(tf, ns)
    assert p.floats is not None  # (with_floats sets them)
    # the raw ops of sqrt, reciprocal, maximum and minimum, recorded with unitensor's gradient
    # where a tape records (_tensorflow_gradients)
    floats = dataclasses.replace(
        p.floats,
        sqrt=_tensorflow_gradients.sqrt,
        reciprocal=_tensorflow_gradients.reciprocal,
        maximum=_tensorflow_gradients.maximum,
        minimum=_tensorflow_gradients.minimum,
    )
    return dataclasses.replace(p, floats=floats)


after_import("tensorflow", _autograph_leaves_unitensor_alone)  # before its first trace
