"""Index normalisation shared by every backend.

``t[index]`` and ``index_update`` accept the NumPy index forms. Before a
backend sees an index, ``normalize_index`` turns each of its items into an
``int``, ``slice``, ``None``, ``Ellipsis`` or a native integer / bool array
of the tensor's own framework, keeping its form (a single item stays a
single item, a tuple a tuple; ``as_tuple`` makes a tuple of either). The
backends then do what their framework lacks (negative slice steps on
PyTorch, advanced indexing on TensorFlow) on those forms.
"""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from ._errors import IndexOutOfRangeError, IndexTypeError

if TYPE_CHECKING:
    from ._api._base import TensorBase

__all__ = [
    "AdvancedOps",
    "UnrepresentableIndex",
    "adjacent_advanced",
    "advanced_getitem",
    "as_tuple",
    "axes_taken",
    "bool_rank_of",
    "expand_ellipsis",
    "index_operand",
    "int_out_of_range",
    "normalize_index",
    "signed_index",
    "too_many_error",
    "too_many_indices",
    "zero_d_masks_as_axes",
    "zero_step_error",
]


"""The types of basic index items, which need no normalisation."""


def _numpy_index(item: Any) -> Any:
    """The NumPy array inside a NumPy tensor; any other item as it is.

    NumPy index arrays are valid indices on every backend, wrapped or not
    (EagerPy code indexes PyTorch and JAX tensors with ``ep.astensor(np_array)``).
    """
    raw: Any = getattr(item, "raw", None)
    return raw if _is_numpy(raw) else item


def _is_numpy(x: object) -> bool:
    """Whether ``x`` is a NumPy array or scalar (a test that narrows nothing)."""
    return isinstance(x, (np.ndarray, np.generic))


def _item(t: TensorBase, item: Any) -> Any:
    """Normalise one index item (see the module docstring).

    Raises
    ------
    IndexTypeError
        If the item cannot index (a float, a str, a float array, ...).
    UnrepresentableIndex
        If an integer array holds a value beyond what ``t``'s framework
        indexes with (out of range for every axis; ``normalize_index``
        names the axis).
    """
    if item is None or item is Ellipsis or item.__class__ is int or item.__class__ is slice:
        return item
    cls = type(t)
    if item.__class__ is t.raw.__class__ and (
        cls._kind_of.get(item.dtype) == "b" or cls._dtype_name(item.dtype) in _WIDE_INTS
    ):
        return item  # a native int32, int64 or bool array of t's own type (the common index)
    item = _numpy_index(item)
    if isinstance(item, bool):  # NumPy's 0-d mask: an axis of length 1 (True) or 0 (False)
        item = np.bool_(item)
    value: Any = list(item) if isinstance(item, range) else item  # (not narrowed below)
    if isinstance(item, (int, np.integer)):
        return int(value)
    if isinstance(item, (list, tuple, range, np.ndarray, np.generic)):  # made native everywhere
        # (NumPy's too; a NumPy scalar left, np.bool_ say, is its 0-d array; a tuple inside
        # an index is a sequence, as in NumPy)
        try:
            arr = np.asarray(value)
        except ValueError:  # (ragged lists)
            raise _type_error(item) from None
        if arr.dtype.kind not in "biu":
            if arr.size:
                raise _type_error(item) if arr.ndim == 0 else _array_type_error(arr.dtype)
            arr = arr.astype(np.int64)  # (an empty list)
        elif arr.dtype.kind != "b":  # (PyTorch reads uint8 as a mask, refuses int8)
            arr = _fitted(arr, t._ns.narrow("int64"))
        return t._ns.asarray(arr, None, t.raw)
    if not hasattr(item, "dtype"):  # no array of any framework
        if hasattr(value.__class__, "__index__"):
            return operator.index(item)  # (an int-like object, as NumPy takes it)
        raise _type_error(item)
    raw = t._unwrap(item)
    k = cls._kind(raw.dtype)
    if k not in "biu":
        raise _array_type_error(raw.dtype)
    if k == "u":  # (PyTorch reads uint8 as a mask)
        return signed_index(t, raw)
    if k == "i" and cls._dtype_name(raw.dtype) not in _WIDE_INTS:  # (PyTorch refuses int8)
        return t._ns.astype(raw, cls._native_dtype("int64"))
    return raw


_WIDE_INTS = ("int32", "int64")  # the index dtypes every framework takes


def _type_error(item: Any) -> IndexTypeError:
    """NumPy's error for an index item that cannot index."""
    shown = repr(item) if len(repr(item)) <= 80 else type(item).__qualname__
    return IndexTypeError(
        "only integers, slices (`:`), ellipsis (`...`), None and integer or boolean arrays "
        f"are valid indices, got {shown}"
    )


def _array_type_error(dtype: Any) -> IndexTypeError:
    """NumPy's error for an index array of a dtype that cannot index."""
    return IndexTypeError(f"arrays used as indices must be of integer or boolean type, got {dtype}")


class UnrepresentableIndex(IndexOutOfRangeError):
    """An index value beyond the integers a framework indexes with.

    Such a value (``2**40`` where JAX without 64-bit mode indexes with int32,
    a uint64 of ``2**63`` or more) is out of range for every axis; it is
    raised where the array is converted, before it could wrap around, and
    the callers that know the axis raise NumPy's message for it instead.
    """

    def __init__(self, value: int) -> None:
        super().__init__(f"index {value} is out of bounds for every axis")
        self.value = value


def _fitted(arr: np.ndarray[Any, Any], name: str) -> np.ndarray[Any, Any]:
    """The NumPy integer array ``arr`` as dtype ``name``, its values kept.

    Raises
    ------
    UnrepresentableIndex
        If a value of ``arr`` lies outside the range of ``name``.
    """
    target = np.dtype(name)
    if arr.dtype == target:
        return arr
    if arr.size and not np.can_cast(arr.dtype, target):
        info = np.iinfo(target)
        low, high = int(arr.min()), int(arr.max())
        if high > info.max or low < info.min:
            raise UnrepresentableIndex(high if high > info.max else low)
    return arr.astype(target)


def signed_index(t: TensorBase, raw: Any) -> Any:
    """The native unsigned integer array ``raw`` as ``t``'s int64 (JAX's 32-bit mode: int32).

    Where ``raw``'s dtype holds values beyond it (uint64; uint32 in JAX's
    32-bit mode), a concrete array holding one raises, before the cast
    could wrap it around; a traced one saturates at its maximum, out of
    range for every axis where a later check sees it.

    Raises
    ------
    UnrepresentableIndex
        If a concrete ``raw`` holds a value beyond the signed dtype.
    """
    cls = type(t)
    ns = t._ns
    target = cls._native_dtype("int64")
    limit = int(np.iinfo(cls._dtype_name(target)).max)
    if np.iinfo(cls._dtype_name(raw.dtype)).max > limit:
        if not ns.is_concrete(raw):
            raw = ns.minimum(raw, limit)
        elif math.prod(raw.shape):
            high = int(ns.item(ns.max(raw, None, False)))
            if high > limit:
                raise UnrepresentableIndex(high)
    return ns.astype(raw, target)


def index_operand(t: TensorBase, indices: Any) -> Any:
    """An integer index array for ``t`` as a native array of ``t``'s framework.

    ``indices`` is a tensor or native array of ``t``'s framework, or a NumPy
    array (wrapped or not) or a list, which are valid on every backend; a
    NumPy array or list keeps its dtype where the framework has it (JAX
    without 64-bit mode narrows 64-bit integers to 32 bits).

    Raises
    ------
    FrameworkMixError
        If ``indices`` belongs to another framework (NumPy excepted).
    UnrepresentableIndex
        If a NumPy array or list holds a value the framework's narrowed
        dtype cannot hold (out of range for every axis).
    """
    item: Any = _numpy_index(indices)
    if isinstance(indices, list) or _is_numpy(item):  # made native on every backend, NumPy's too
        arr = np.asarray(item)
        if arr.dtype.kind in "iu":
            arr = _fitted(arr, t._ns.narrow(arr.dtype.name))
        return t._ns.asarray(arr, None, t.raw)
    return t._unwrap(item)


def _basic(item: Any) -> bool:
    """Whether an index item is a Python int, a slice, ``None`` or ``...`` (kept as is).

    (Compared by identity, not looked up in a set of types: TorchDynamo
    guards a set's contents wrongly, and AutoGraph cannot convert a
    ``for``/``else``.)
    """
    cls = item.__class__
    return cls is int or cls is slice or item is None or item is Ellipsis


def _all_basic(items: tuple[Any, ...]) -> bool:
    """Whether every item is ``_basic`` (one loop, no generator: the common tuple index)."""
    for item in items:
        cls = item.__class__
        if not (cls is int or cls is slice or item is None or item is Ellipsis):
            return False
    return True


def normalize_index(t: TensorBase, index: Any) -> Any:
    """``index`` with tensors unwrapped and lists / foreign arrays made native.

    A single item stays a single item; a tuple stays a tuple.

    Raises
    ------
    IndexTypeError
        If an item is of a kind that cannot index (float, str, ...).
    IndexOutOfRangeError
        If an integer array holds a value beyond every axis (one the
        framework could not hold as an index: ``2**40`` on JAX without
        64-bit mode, a uint64 of ``2**63`` or more).
    FrameworkMixError
        If an index tensor belongs to another framework.
    """
    if isinstance(index, tuple):
        given: tuple[Any, ...] = cast(Any, index)
        if _all_basic(given):  # nothing to normalise (the common case)
            if given.count(Ellipsis) > 1:
                raise IndexError("an index can only have a single ellipsis ('...')")
            return given
        items = _items(t, given)
        if sum(1 for i in items if i is Ellipsis) > 1:
            raise IndexError("an index can only have a single ellipsis ('...')")
        shapes = [
            tuple(i.shape)
            for i in items
            if not _basic(i) and type(t)._dtype_name(i.dtype) != "bool"  # (native arrays)
        ]
        if len(shapes) > 1:
            try:
                np.broadcast_shapes(*shapes)
            except ValueError:
                raise IndexError(
                    f"shape mismatch: index arrays of shapes {shapes} do not broadcast"
                ) from None
        return items
    return _items(t, (index,))[0]


def _items(t: TensorBase, index: tuple[Any, ...]) -> tuple[Any, ...]:
    """Each item of ``index`` normalised (``_item``).

    An integer array with a value beyond every axis (``UnrepresentableIndex``)
    raises NumPy's ``IndexOutOfRangeError`` for the axis it indexes, or
    NumPy's error for too many indices where it indexes none.
    """
    items: list[Any] = []
    bad: tuple[int, int] | None = None  # (position, value) of the first such array
    for p, item in enumerate(index):
        try:
            items.append(_item(t, item))
        except UnrepresentableIndex as e:
            bad = bad or (p, e.value)
            items.append(0)  # (an int: one axis, as the array it stands for)
    if bad is None:
        return tuple(items)
    p, value = bad
    too_many = too_many_error(t, tuple(items))
    if too_many is not None:
        raise too_many
    rank = bool_rank_of(t)
    before = items[:p]
    if any(i is Ellipsis for i in before):  # (counted from the end)
        dim = len(t.shape) - _axes(items[p:], rank)
    else:
        dim = _axes(before, rank)
    raise IndexOutOfRangeError(
        f"index {value} is out of bounds for axis {dim} with size {t.shape[dim]}"
    )


def bool_rank_of(t: TensorBase) -> Callable[[Any], int | None]:
    """``bool_rank`` (see :func:`axes_taken`) for the normalised index items of ``t``."""
    cls = type(t)

    def rank(item: Any) -> int | None:
        if _basic(item) or cls._dtype_name(item.dtype) != "bool":
            return None
        return len(item.shape)

    return rank


def too_many_indices(ndim: int, consumed: int) -> IndexError:
    """NumPy's error for an index of ``consumed`` axes into a tensor of rank ``ndim``."""
    return IndexError(
        f"too many indices for array: array is {ndim}-dimensional, but {consumed} were indexed"
    )


def too_many_error(t: TensorBase, index: Any) -> IndexError | None:
    """NumPy's error where ``index`` names more axes than ``t`` has, else None.

    For the error path of a framework's own ``IndexError``, whose message
    differs by framework (PyTorch: "too many indices for tensor of dimension
    2", "invalid index of a 0-dim tensor").
    """
    consumed = _axes(as_tuple(normalize_index(t, index)), bool_rank_of(t))
    ndim = len(t.shape)
    return too_many_indices(ndim, consumed) if consumed > ndim else None


def _axes(items: Sequence[Any], bool_rank: Callable[[Any], int | None]) -> int:
    """How many axes normalised index items index (``None`` and ``...`` none)."""
    return sum(axes_taken(i, bool_rank) for i in items if i is not None and i is not Ellipsis)


def as_tuple(index: Any) -> tuple[Any, ...]:
    """A normalised index as a tuple of items (a single item becomes a 1-tuple)."""
    if isinstance(index, tuple):
        items: tuple[Any, ...] = cast(Any, index)
        return items
    return (index,)


def axes_taken(item: Any, bool_rank: Callable[[Any], int | None]) -> int:
    """How many axes an index item other than ``None`` and ``...`` indexes.

    ``bool_rank(item)`` is the rank of a native bool array item and ``None``
    for any other item; a bool array of rank k takes k axes (a 0-d mask none:
    it adds an axis, as NumPy's), every other item one.
    """
    k = bool_rank(item)
    return 1 if k is None else k


def int_out_of_range(
    index: Any, shape: Sequence[Any], bool_rank: Callable[[Any], int | None]
) -> IndexOutOfRangeError | None:
    """The error for the first Python int of ``index`` outside its axis, or None.

    Only axes of a known length count (``shape`` may hold ``None``, as a
    TensorFlow graph tensor's shape does, or NaN, as a Dask array's). This is the check of a static
    shape that eager indexing makes through the framework's own error and
    a traced one needs before the framework sees the index (TensorFlow's
    graph builder raises a ``ValueError``; TorchDynamo raises PyTorch's
    ``IndexError`` past unitensor's ``except``).
    """
    dim = 0
    for item in expand_ellipsis(as_tuple(index), len(shape), bool_rank):
        if item is None:
            continue
        n = shape[dim]
        if item.__class__ is int and n is not None and n == n and not -n <= item < n:
            return IndexOutOfRangeError(
                f"index {item} is out of bounds for axis {dim} with size {n}"
            )
        dim += axes_taken(item, bool_rank)
    return None


def zero_step_error(
    index: Any, shape: Sequence[Any], bool_rank: Callable[[Any], int | None]
) -> Exception | None:
    """NumPy's error for an index with a zero slice step, or None for an index without.

    NumPy reads an index from the left: an int out of range before the first
    zero step is its ``IndexError`` (``int_out_of_range``), else the step is
    ``ValueError("slice step cannot be zero")``.
    """
    items = as_tuple(index)
    for k, item in enumerate(items):
        if item.__class__ is slice and item.step.__class__ is int and not item.step:
            before = int_out_of_range(items[:k], shape, bool_rank)
            return before or ValueError("slice step cannot be zero")
    return None


def expand_ellipsis(
    index: tuple[Any, ...], ndim: int, bool_rank: Callable[[Any], int | None]
) -> tuple[Any, ...]:
    """Replace ``...`` by full slices and append full slices for trailing axes.

    ``bool_rank`` is as for :func:`axes_taken`: a bool array of rank k
    consumes k axes, every other item but ``None`` one axis.

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
            consumed += axes_taken(item, bool_rank)
    if ellipses > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    if consumed > ndim:
        raise too_many_indices(ndim, consumed)
    fill = (slice(None),) * (ndim - consumed)
    if ellipses:
        i = next(p for p, item in enumerate(index) if item is Ellipsis)
        return index[:i] + fill + index[i + 1 :]
    return index + fill


@dataclass(frozen=True)
class AdvancedOps:
    """What :func:`advanced_getitem` needs of a framework, on native arrays.

    Attributes
    ----------
    is_array
        Whether an index item is a native array (integer or bool).
    bool_rank
        The rank of a bool array item, ``None`` for any other item.
    nonzero
        The coordinates of a bool mask: one 1-d int64 array per axis.
    index_array
        ``(item, n)``: an integer item as an int64 array for an axis of
        length ``n``, negatives made positive; raises
        :class:`~unitensor.IndexOutOfRangeError` for values out of range.
    broadcast
        Integer arrays broadcast to one shape.
    basic
        Basic indexing (ints, slices of any step, ``None``).
    transpose
        ``(a, perm)``: axes permuted.
    gather_front
        ``(a, arrays)``: ``a`` indexed along its leading ``len(arrays)`` axes
        by arrays of one shape ``B``; the result has shape ``B + rest``.
    """

    is_array: Callable[[Any], bool]
    bool_rank: Callable[[Any], int | None]
    nonzero: Callable[[Any], list[Any]]
    index_array: Callable[[Any, int], Any]
    broadcast: Callable[[list[Any]], list[Any]]
    basic: Callable[[Any, tuple[Any, ...]], Any]
    transpose: Callable[[Any, list[int]], Any]
    gather_front: Callable[[Any, list[Any]], Any]


def adjacent_advanced(index: tuple[Any, ...], is_array: Callable[[Any], bool]) -> bool:
    """NumPy's rule: do the advanced items (arrays, and ints beside arrays) stand together?

    A slice, ``None`` or ``...`` between two of them separates them, even an
    ``...`` that stands for no axes; then the broadcast axes go first.
    """
    positions = [p for p, item in enumerate(index) if is_array(item) or item.__class__ is int]
    return positions == list(range(positions[0], positions[0] + len(positions)))


def zero_d_masks_as_axes(
    a: Any,
    items: list[Any],
    basic: Callable[[Any, tuple[Any, ...]], Any],
    bool_rank: Callable[[Any], int | None],
) -> tuple[Any, list[int]]:
    """Give each 0-d bool mask of ``items`` the new axis of length 1 it selects.

    ``items`` is an index with ``...`` expanded (:func:`expand_ellipsis`);
    each 0-d mask in it becomes a 1-d mask of shape (1,), in place. Returns
    ``a`` with those axes inserted (``basic`` indexing with ``None``) and
    their positions in it: ``result[items]`` is NumPy's ``a[index]``, and an
    update of the result squeezed at the positions is NumPy's update of ``a``.
    """
    axes: list[int] = []
    dim = 0
    for p, item in enumerate(items):
        if item is None:
            continue
        if bool_rank(item) == 0:
            a = basic(a, (*(slice(None),) * dim, None))
            items[p] = basic(item, (None,))
            axes.append(dim)
        dim += axes_taken(items[p], bool_rank)
    return a, axes


def advanced_getitem(a: Any, index: tuple[Any, ...], ops: AdvancedOps) -> Any:
    """NumPy's advanced indexing from basic indexing, a transpose and a gather.

    ``index`` is normalised (see :func:`normalize_index`) and holds at least
    one array. Bool masks become their coordinates (a 0-d mask adds an axis
    of length 1 first, which it masks); ints beside arrays count
    as advanced indices (as in NumPy); the broadcast axes of the advanced
    indices replace them where they stand together, else they go first.

    Raises
    ------
    IndexError
        If a bool mask does not match the axes it indexes.
    IndexOutOfRangeError
        If an index is out of range.
    """
    expanded = list(expand_ellipsis(index, len(a.shape), ops.bool_rank))
    a, _ = zero_d_masks_as_axes(a, expanded, ops.basic, ops.bool_rank)
    shape = list(a.shape)
    items: list[Any] = []
    dim = 0
    for item in expanded:
        k = ops.bool_rank(item)
        if k is not None:
            if list(item.shape) != shape[dim : dim + k]:
                raise IndexError(
                    f"bool mask of shape {list(item.shape)} does not match the indexed "
                    f"axes of shape {shape[dim : dim + k]}"
                )
            items.extend(ops.nonzero(item))
            dim += k
        else:
            items.append(item)
            dim += item is not None
    is_adv = [ops.is_array(i) or i.__class__ is int for i in items]
    y = ops.basic(a, tuple(slice(None) if adv else i for i, adv in zip(items, is_adv, strict=True)))
    adv_pos = [p for p, adv in enumerate(is_adv) if adv]
    arrays = ops.broadcast([ops.index_array(items[p], y.shape[p]) for p in adv_pos])
    rest = [p for p in range(len(y.shape)) if p not in adv_pos]
    out = ops.gather_front(ops.transpose(y, adv_pos + rest), arrays)
    if adjacent_advanced(index, ops.is_array):
        nb = len(out.shape) - len(rest)
        before = sum(1 for p in rest if p < adv_pos[0])
        perm = [*range(nb, nb + before), *range(nb), *range(nb + before, nb + len(rest))]
        out = ops.transpose(out, perm)
    return out
