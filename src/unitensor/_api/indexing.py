"""Indexing: ``t[index]`` with NumPy's semantics on every backend, ``take``,
``take_along_axis``, the functional updates ``index_update`` and ``t.at[index]``.
"""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Generic, Self, TypeVar

import numpy as np

from .._errors import (
    DataDependentShapeError,
    DTypeError,
    IndexOutOfRangeError,
    ShapeError,
)
from .._indexing import UnrepresentableIndex, index_operand, normalize_index, signed_index
from ._base import (
    SCALAR_TYPES,
    TensorBase,
    TensorOrScalar,
    broadcast_shape,
    check_broadcast,
    python_scalar,
    reraise_index_error,
    sharding_error,
    wrap,
)
from .manipulation import Manipulation

if TYPE_CHECKING:
    pass


class Indexing(Manipulation):
    """The methods of this chapter (see [`unitensor.Tensor`][unitensor.Tensor])."""

    __slots__ = ()

    def __getitem__(self, index: Any) -> Self:
        """Index with NumPy semantics on every backend.

        Parameters
        ----------
        index
            An int, slice (negative steps included), ``...``, ``None``, a
            bool (NumPy's 0-d mask: an axis of length 1 or 0), a bool
            mask or an integer array (a tensor or native array of this
            framework, or a NumPy array, wrapped or not, or a list, which
            are valid on every backend), or a tuple mixing them.
            Advanced (array) indices broadcast together and their result
            dimensions are placed as NumPy places them.

        Raises
        ------
        IndexError
            If an index is out of range or has an unsupported type.
        ValueError
            If a slice's step is zero.
        TypeError
            If an index tensor belongs to another framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.arange(6).reshape(2, 3))
        >>> x[:, ::-1][0]
        NumPyTensor(array([2, 1, 0]))
        >>> x[x > 3]
        NumPyTensor(array([4, 5]))
        """
        try:
            if index.__class__ is int or index.__class__ is slice:  # the common case
                return wrap(self.__class__, self._ns.getitem(self.raw, index))
            return wrap(self.__class__, self._ns.getitem(self.raw, normalize_index(self, index)))
        except IndexError as e:
            reraise_index_error(e, self, index)
        except self._ns.sharding_errors as e:
            raise sharding_error(e) from e

    def __iter__(self) -> Iterator[Self]:
        """Iterate over the first axis, yielding tensors of rank ``ndim - 1``.

        Raises
        ------
        TypeError
            If the tensor is 0-d: at once, from ``iter(t)`` itself, as NumPy
            raises it for a 0-d array (so ``np.iterable(t)`` is False).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> [row.sum().item() for row in ut.astensor(np.array([[1, 2], [3, 4]]))]
        [3, 7]
        """
        if len(self.raw.shape) == 0:
            raise TypeError("iteration over a 0-d tensor")
        return map(self.__getitem__, range(len(self)))

    def take_along_axis(self, indices: TensorBase, axis: int) -> Self:
        """Pick values along ``axis`` at ``indices`` (NumPy's ``take_along_axis``).

        ``indices`` is an integer tensor with ``self``'s rank; the other axes
        broadcast. Negative indices count from the end.

        Parameters
        ----------
        indices
            Integer tensor or native array of this framework, or a NumPy
            array (wrapped or not) or nested list, which are valid indices
            on every backend; of ``self``'s rank; its length along ``axis``
            may differ.
        axis
            The axis to pick along.

        Returns
        -------
        Tensor
            The broadcast shape of ``self`` and ``indices`` off ``axis``,
            ``indices.shape[axis]`` along it; ``self``'s dtype.

        Raises
        ------
        IndexOutOfRangeError
            If an index is outside ``[-n, n)`` along ``axis`` (of length
            ``n``), whatever its integer dtype; traced indices are checked
            where ``take`` checks them, in the graph without a graph break.
        ValueError
            If the ranks differ.
        AxisError
            If ``axis`` is out of range.
        TypeError
            If ``indices`` is not an integer array (``DTypeError``), or
            belongs to another framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([[10, 20, 30], [40, 50, 60]]))
        >>> x.take_along_axis(np.array([[2], [-3]]), axis=1)
        NumPyTensor(array([[30],
                           [40]]))
        """
        idx = self._index_operand(indices, axis, "take_along_axis")
        self._integer_indices(idx, "take_along_axis")
        if len(idx.shape) != len(self.raw.shape):
            raise ShapeError(
                f"take_along_axis: indices of rank {len(idx.shape)} for a tensor of "
                f"rank {len(self.raw.shape)}"
            )
        ax = self._axis(axis)
        check_broadcast(
            tuple(d for i, d in enumerate(self.raw.shape) if i != ax),
            tuple(d for i, d in enumerate(idx.shape) if i != ax),
        )
        idx = self._positions(idx, ax, "take_along_axis")
        return wrap(self.__class__, self._ns.take_along_axis(self.raw, idx, ax))

    def take(self, indices: Any, axis: int | None = None) -> Self:
        """The elements at ``indices`` along ``axis`` (the standard's ``take``).

        Parameters
        ----------
        indices
            A 1-d integer tensor or native array of this framework, or a
            NumPy array (wrapped or not) or list, which are valid on every
            backend. Negative indices count from the end.
        axis
            The axis to take along; optional for a 1-d tensor, required
            beyond (the standard's rule: NumPy would flatten).

        Returns
        -------
        Tensor
            ``self``'s shape with ``shape[axis]`` replaced by
            ``len(indices)``; ``self``'s dtype.

        Raises
        ------
        IndexOutOfRangeError
            If an index is outside ``[-n, n)`` for an axis of length ``n``,
            whatever its integer dtype (traced indices are checked when the
            graph runs, raising the framework's error, on TensorFlow without
            XLA and PyTorch; on JAX under ``ut.jit(f, checks=True)`` only,
            raising this error).
        ValueError
            If ``indices`` is not 1-d, or ``axis`` is missing beyond 1-d.
        AxisError
            If ``axis`` is out of range.
        TypeError
            If ``indices`` is not an integer array, or belongs to another
            framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([[10, 20, 30], [40, 50, 60]]))
        >>> x.take(np.array([2, -3]), axis=1)
        NumPyTensor(array([[30, 10],
                           [60, 40]]))
        >>> x[0].take([1])
        NumPyTensor(array([20]))
        """
        ns = self._ns
        a = self.raw
        if axis is None:
            if len(a.shape) != 1:
                raise ShapeError(f"take from a tensor of rank {len(a.shape)} needs an axis")
            ax = 0
        else:
            ax = self._axis(axis)
        if isinstance(indices, list) and not indices:
            indices = np.zeros(0, np.int64)
        idx = self._index_operand(indices, ax, "take")
        self._integer_indices(idx, "take: indices")
        if len(idx.shape) != 1:
            raise ShapeError(f"take needs 1-d indices, got shape {tuple(idx.shape)}")
        return wrap(self.__class__, ns.take(a, self._positions(idx, ax, "take"), ax))

    def _index_operand(self, indices: Any, axis: int, what: str) -> Any:
        """``index_operand`` of ``indices`` for ``what`` along ``axis`` (``take``'s, ...).

        Raises
        ------
        IndexOutOfRangeError
            If a NumPy array or list holds a value the framework cannot
            index with (out of range for every axis: ``2**40`` in JAX's
            32-bit mode), named as ``_positions`` names it.
        """
        try:
            return index_operand(self, indices)
        except UnrepresentableIndex as e:
            ax = self._axis(axis)
            n = self.raw.shape[ax]
            raise IndexOutOfRangeError(
                f"{what}: index {e.value} is out of bounds for axis {ax} with size {n}"
            ) from None

    def _positions(self, idx: Any, ax: int, what: str) -> Any:
        """The native integer array ``idx`` as positions in ``[0, n)`` along axis ``ax``.

        ``idx`` holds indices in ``[-n, n)``, negative ones from the end; the
        result is int32 or int64, which every framework gathers with. A
        concrete ``idx`` is checked here; a traced one in the graph where the
        framework can (``assert_traced``: TensorFlow, PyTorch, JAX under
        ``ut.jit(f, checks=True)``), without a graph break.

        Raises
        ------
        IndexOutOfRangeError
            If a concrete index is outside ``[-n, n)``.
        """
        ns = self._ns
        n = int(self.raw.shape[ax])
        kind = self._kind(idx.dtype)
        negative = kind == "i"
        size = math.prod(idx.shape)
        if size and ns.is_concrete(idx):
            lo = int(ns.item(ns.min(idx, None, False)))
            hi = int(ns.item(ns.max(idx, None, False)))
            if lo < -n or hi >= n:
                raise IndexOutOfRangeError(
                    f"{what}: index {hi if hi >= n else lo} is out of bounds for axis {ax} "
                    f"with size {n}"
                )
            negative = lo < 0
        # (int32 or int64, where -n and n fit; a traced uint64 beyond int64 saturates)
        idx = signed_index(self, idx) if kind == "u" else self._index_dtype(idx)
        if size and not ns.is_concrete(idx):  # checked in the graph where it can be
            ok = ns.logical_and(ns.greater_equal(idx, -n), ns.less(idx, n))
            error = IndexOutOfRangeError(
                f"{what}: an index is out of bounds for axis {ax} with size {n}"
            )
            idx = ns.assert_traced(idx, ns.all(ok, None, False), error)
            if negative:  # (out of range stays so where unchecked: JAX's fill under jax.jit)
                idx = ns.where(ns.less(idx, 0), ns.add(idx, n), idx)
        elif negative and n:
            idx = ns.remainder(idx, n)  # [-n, n) to [0, n): floored, on every framework
        return idx

    def index_update(self, indices: Any, values: TensorOrScalar) -> Self:
        """A copy of ``self`` with ``self[index] = values``; ``self`` is unchanged.

        ``index`` takes every form ``__getitem__`` takes; ``values`` is a
        scalar or a tensor that broadcasts to ``self[index].shape`` and is
        cast to ``self``'s dtype.

        Parameters
        ----------
        indices
            Any index ``self[indices]`` accepts.
        values
            A Python scalar, or a tensor or native array of this framework
            that broadcasts to ``self[index].shape``.

        Returns
        -------
        Tensor
            ``self``'s shape and dtype.

        Raises
        ------
        IndexError
            If the index is out of range or of an unsupported type.
        TypeError
            If ``values`` or an index tensor belongs to another framework.
        OverflowError
            If ``values`` is a Python int that does not fit an integer dtype,
            or one too large for any float (a number beyond a float dtype's
            range becomes what NumPy makes of it: an infinity or the largest
            finite value).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.zeros(4, dtype=np.float32))
        >>> x.index_update(slice(1, 3), 2.0)
        NumPyTensor(array([0., 2., 2., 0.], dtype=float32))
        >>> x
        NumPyTensor(array([0., 0., 0., 0.], dtype=float32))
        """
        idx, v = self._index_and_values(indices, values)
        try:
            return wrap(self.__class__, self._ns.index_update(self.raw, idx, v))
        except IndexError as e:
            reraise_index_error(e, self, indices)

    def _index_and_values(self, index: Any, values: TensorOrScalar) -> tuple[Any, Any]:
        """Normalised index and native ``values`` in ``self``'s dtype, for updates."""
        idx = normalize_index(self, index)
        given: Any = python_scalar(values)  # NumPy scalars count as Python scalars
        if isinstance(given, complex) and self._kind(self.raw.dtype) != "c":
            raise DTypeError(
                f"a complex value cannot go into a {self._dtype_name(self.raw.dtype)} tensor"
            )
        if isinstance(given, TensorBase) or not isinstance(given, (*SCALAR_TYPES, complex)):
            v = self._unwrap(values)
            if v.dtype != self.raw.dtype:
                v = self._ns.astype(v, self.raw.dtype)
            if len(v.shape):
                target = tuple(self[index].shape)
                needs = zip(reversed(tuple(v.shape)), reversed(target), strict=False)
                if any(d != d and n == n and n != 1 for n, d in needs):  # nan: unknown
                    raise DataDependentShapeError(
                        f"values of shape {tuple(v.shape)} for a selection of shape {target}, "
                        "whose size depends on the values of the index (a boolean mask, "
                        "on Dask) and is not known before they are computed: use a Python "
                        "scalar as the value, or ut.where(mask, values, t) with values of "
                        "t's shape"
                    )
                target = tuple(1 if d != d else d for d in target)
                given_shape = tuple(1 if n != n else n for n in v.shape)
                if broadcast_shape(given_shape, target) != target:
                    raise ShapeError(
                        f"values of shape {tuple(v.shape)} do not broadcast to the indexed "
                        f"shape {target}"
                    )
        else:
            dt = self.raw.dtype
            v = self._ns.full((), self._fill_value(dt, given), dt, self.raw)
        return idx, v

    def _scatter(self, index: Any, values: TensorOrScalar, op: str) -> Self:
        """Functional ``op`` (add, multiply, min, max) of ``values`` at ``self[index]``."""
        if op in ("add", "multiply"):
            self._not_bool(self.raw, f"at[...].{op}")
        idx, v = self._index_and_values(index, values)
        try:
            return wrap(self.__class__, self._ns.scatter(self.raw, idx, v, op))
        except IndexError as e:
            reraise_index_error(e, self, index)

    @property
    def at(self) -> AtIndexer[Self]:
        """Functional updates at an index, as JAX's ``x.at[index].add(v)``.

        ``t.at[index]`` takes every index form ``t[index]`` takes and offers
        ``set``, ``add``, ``multiply``, ``min`` and ``max``; each returns a
        new tensor and leaves ``t`` unchanged. Where an integer array index
        names a position twice, ``add`` / ``multiply`` / ``min`` / ``max``
        apply every value (``set`` keeps one of them).

        Returns
        -------
        AtIndexer
            An object to index; ``t.at[index]`` has the update methods,
            each returning a tensor of ``t``'s shape and dtype (values are
            cast to ``t``'s dtype).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.zeros(3, dtype=np.float32))
        >>> x.at[np.array([0, 0, 2])].add(1.0)
        NumPyTensor(array([2., 0., 1.], dtype=float32))
        >>> x.at[1].set(5.0)
        NumPyTensor(array([0., 5., 0.], dtype=float32))
        """
        return AtIndexer(self)


_T = TypeVar("_T", bound="Indexing")


class AtIndexer(Generic[_T]):
    """``t.at``: indexing it gives the functional updates at that index."""

    __slots__ = ("_t",)

    def __init__(self, t: _T) -> None:
        self._t = t

    def __getitem__(self, index: Any) -> AtUpdate[_T]:
        """The updates of the tensor at ``index`` (any index ``t[index]`` takes).

        The index is checked when an update method is called.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.zeros(3, dtype=np.float32))
        >>> x.at[-1].set(1.0)
        NumPyTensor(array([0., 0., 1.], dtype=float32))
        """
        return AtUpdate(self._t, index)


class AtUpdate(Generic[_T]):
    """``t.at[index]``: functional updates of ``t`` at ``index``."""

    __slots__ = ("_index", "_t")

    def __init__(self, t: _T, index: Any) -> None:
        self._t = t
        self._index = index

    def set(self, values: TensorOrScalar) -> _T:
        """A copy of the tensor with ``values`` at the index.

        See [`Tensor.index_update`][unitensor.Tensor.index_update].

        Parameters
        ----------
        values
            A Python scalar, or a tensor or native array of the tensor's
            framework that broadcasts to ``t[index].shape``; cast to the
            tensor's dtype. Where an index repeats, one value is kept.

        Returns
        -------
        Tensor
            The tensor's shape and dtype; the tensor itself is unchanged.

        Raises
        ------
        IndexError
            If the index is out of range or of an unsupported type.
        TypeError
            If ``values`` belongs to another framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.zeros((2, 2), dtype=np.float32))
        >>> x.at[:, 0].set(np.array([1.0, 2.0], dtype=np.float32))
        NumPyTensor(array([[1., 0.],
                           [2., 0.]], dtype=float32))
        """
        return self._t.index_update(self._index, values)

    def add(self, values: TensorOrScalar) -> _T:
        """A copy of the tensor with ``values`` added at the index.

        Parameters
        ----------
        values
            A Python scalar, or a tensor or native array of the tensor's
            framework that broadcasts to ``t[index].shape``; cast to the
            tensor's dtype. Repeated index positions add every value.

        Returns
        -------
        Tensor
            The tensor's shape and dtype; the tensor itself is unchanged.

        Raises
        ------
        IndexError
            If the index is out of range or of an unsupported type.
        TypeError
            If ``values`` belongs to another framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.zeros(3, dtype=np.float32))
        >>> x.at[np.array([0, 2, 0])].add(1.0)
        NumPyTensor(array([2., 0., 1.], dtype=float32))
        """
        return self._t._scatter(self._index, values, "add")

    def multiply(self, values: TensorOrScalar) -> _T:
        """A copy of the tensor with the index multiplied by ``values``.

        Parameters
        ----------
        values
            A Python scalar, or a tensor or native array of the tensor's
            framework that broadcasts to ``t[index].shape``; cast to the
            tensor's dtype. Repeated index positions apply every value.

        Returns
        -------
        Tensor
            The tensor's shape and dtype; the tensor itself is unchanged.

        Raises
        ------
        IndexError
            If the index is out of range or of an unsupported type.
        TypeError
            If ``values`` belongs to another framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([1.0, 2.0, 3.0], dtype=np.float32))
        >>> x.at[1:].multiply(10.0)
        NumPyTensor(array([ 1., 20., 30.], dtype=float32))
        """
        return self._t._scatter(self._index, values, "multiply")

    def min(self, values: TensorOrScalar) -> _T:
        """A copy of the tensor with the index set to its minimum with ``values``.

        Parameters
        ----------
        values
            A Python scalar, or a tensor or native array of the tensor's
            framework that broadcasts to ``t[index].shape``; cast to the
            tensor's dtype. Repeated index positions apply every value.

        Returns
        -------
        Tensor
            The tensor's shape and dtype; the tensor itself is unchanged.

        Raises
        ------
        IndexError
            If the index is out of range or of an unsupported type.
        TypeError
            If ``values`` belongs to another framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([1.0, 5.0, 3.0], dtype=np.float32))
        >>> x.at[:].min(2.0)
        NumPyTensor(array([1., 2., 2.], dtype=float32))
        """
        return self._t._scatter(self._index, values, "min")

    def max(self, values: TensorOrScalar) -> _T:
        """A copy of the tensor with the index set to its maximum with ``values``.

        Parameters
        ----------
        values
            A Python scalar, or a tensor or native array of the tensor's
            framework that broadcasts to ``t[index].shape``; cast to the
            tensor's dtype. Repeated index positions apply every value.

        Returns
        -------
        Tensor
            The tensor's shape and dtype; the tensor itself is unchanged.

        Raises
        ------
        IndexError
            If the index is out of range or of an unsupported type.
        TypeError
            If ``values`` belongs to another framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([1.0, 5.0, 3.0], dtype=np.float32))
        >>> x.at[:2].max(2.0)
        NumPyTensor(array([2., 5., 3.], dtype=float32))
        """
        return self._t._scatter(self._index, values, "max")
