"""Set functions: ``unique_all``, ``unique_counts``, ``unique_inverse``, ``unique_values``
and ``isin``.

The unique values are written once, with the sorting chapter: a stable
sort of the flattened tensor, the positions where a value differs from the
one before it (``nonzero``, the one step whose size depends on the values),
and gathers. So every backend gives NumPy's sorted order, and NaN, which
equals nothing, is a value of its own each time, as the standard says.
"""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, NamedTuple, Self, TypeVar

from ._base import (
    SCALAR_TYPES,
    TensorOrScalar,
    wrap,
)
from .sorting import Sorting

if TYPE_CHECKING:
    pass

__all__ = ["Set", "UniqueAllResult", "UniqueCountsResult", "UniqueInverseResult"]

_T = TypeVar("_T")


class UniqueAllResult(NamedTuple, Generic[_T]):
    """What [`unique_all`][unitensor.Tensor.unique_all] returns: four tensors, by name."""

    values: _T
    """The unique values, sorted, 1-d, the tensor's dtype."""
    indices: _T
    """The index of each value's first occurrence in the flattened tensor."""
    inverse_indices: _T
    """The index into ``values`` of each element, in the tensor's shape."""
    counts: _T
    """How many times each value occurs."""


class UniqueCountsResult(NamedTuple, Generic[_T]):
    """What [`unique_counts`][unitensor.Tensor.unique_counts] returns."""

    values: _T
    """The unique values, sorted, 1-d, the tensor's dtype."""
    counts: _T
    """How many times each value occurs."""


class UniqueInverseResult(NamedTuple, Generic[_T]):
    """What [`unique_inverse`][unitensor.Tensor.unique_inverse] returns."""

    values: _T
    """The unique values, sorted, 1-d, the tensor's dtype."""
    inverse_indices: _T
    """The index into ``values`` of each element, in the tensor's shape."""


class Set(Sorting):
    """The methods of this chapter (see [`unitensor.Tensor`][unitensor.Tensor])."""

    __slots__ = ()

    def _unique(self, what: str) -> tuple[Any, Any, Any, Any]:
        """(sorted flat values, stable sort order, group starts, new-group flags), native.

        The group starts are the positions in the sorted values where a value
        differs from the one before it (NaN differs from everything, itself
        included); the stable sort makes a group's first member its first
        occurrence.
        """
        ns = self._ns
        flat = ns.reshape(self._real(self.raw, what), (-1,))
        n = flat.shape[0]
        order = ns.argsort(flat, 0)
        ordered = ns.take(flat, order, 0)
        first = ns.full((min(n, 1),), True, self._native_dtype("bool"), flat)
        changed = ns.not_equal(ns.getitem(ordered, slice(1, None)), ns.getitem(ordered, slice(-1)))
        flags = ns.concat([first, changed], 0)
        (starts,) = self._nonzero(flags, what)
        return ordered, order, starts, flags

    def _counts(self, starts: Any) -> Any:
        """How many elements each group has: the distance to the next start (or the end)."""
        ns = self._ns
        end = ns.full((1,), self.size, starts.dtype, starts)
        return ns.subtract(ns.concat([ns.getitem(starts, slice(1, None)), end], 0), starts)

    def _inverse(self, order: Any, flags: Any) -> Any:
        """The group of every element, in ``self``'s shape."""
        ns = self._ns
        counts = ns.astype(flags, order.dtype)  # the index dtype (int32 on JAX without x64)
        group = ns.add(ns.cumulative_sum(counts, 0), -1)  # of each sorted position
        return ns.reshape(ns.take(group, ns.argsort(order, 0), 0), tuple(self.raw.shape))

    def unique_all(self) -> UniqueAllResult[Self]:
        """The unique values with their first indices, inverse indices and counts.

        The standard's ``unique_all``, with NumPy's order (sorted). Its
        result's shape depends on the values: inside ``jax.jit`` it raises
        [`DataDependentShapeError`][unitensor.DataDependentShapeError].

        Returns
        -------
        UniqueAllResult
            A named tuple ``(values, indices, inverse_indices, counts)``:
            ``values`` the unique values of the flattened tensor, sorted
            ascending (1-d, ``self``'s dtype); ``indices`` the index of
            each one's first occurrence in the flattened tensor;
            ``inverse_indices`` the index into ``values`` of every element
            (``self``'s shape, so ``values[inverse_indices]`` rebuilds
            ``self``); ``counts`` how often each occurs. The three index
            tensors are int64 (int32 on JAX without 64-bit mode). Each NaN
            is a value of its own (count 1), sorted last; ``-0.0`` and
            ``0.0`` are one value, the one that occurs first.

        Raises
        ------
        DTypeError
            If the tensor is complex: the values are sorted, and complex
            numbers have no order.
        DataDependentShapeError
            On JAX inside ``jax.jit`` or another transformation.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([[3, 1], [3, 2]]))
        >>> values, indices, inverse, counts = x.unique_all()
        >>> values
        NumPyTensor(array([1, 2, 3]))
        >>> indices, counts
        (NumPyTensor(array([1, 3, 0])), NumPyTensor(array([1, 1, 2])))
        >>> inverse
        NumPyTensor(array([[2, 0],
                           [2, 1]]))
        """
        ns = self._ns
        cls = self.__class__
        ordered, order, starts, flags = self._unique("unique_all")
        return UniqueAllResult(
            wrap(cls, ns.take(ordered, starts, 0)),
            wrap(cls, ns.take(order, starts, 0)),
            wrap(cls, self._inverse(order, flags)),
            wrap(cls, self._counts(starts)),
        )

    def unique_counts(self) -> UniqueCountsResult[Self]:
        """The unique values and how often each occurs (the standard's ``unique_counts``).

        As [`unique_all`][unitensor.Tensor.unique_all], without the indices.

        Returns
        -------
        UniqueCountsResult
            A named tuple ``(values, counts)``: the unique values of the
            flattened tensor, sorted ascending (1-d, ``self``'s dtype), and
            their counts (int64; int32 on JAX without 64-bit mode). Each
            NaN counts once, on its own.

        Raises
        ------
        DTypeError
            If the tensor is complex.
        DataDependentShapeError
            On JAX inside ``jax.jit`` or another transformation.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([2.0, np.nan, 1.0, 2.0, np.nan], dtype=np.float32))
        >>> result = x.unique_counts()
        >>> result.values
        NumPyTensor(array([ 1.,  2., nan, nan], dtype=float32))
        >>> result.counts
        NumPyTensor(array([1, 2, 1, 1]))
        """
        cls = self.__class__
        ordered, _, starts, _ = self._unique("unique_counts")
        return UniqueCountsResult(
            wrap(cls, self._ns.take(ordered, starts, 0)), wrap(cls, self._counts(starts))
        )

    def unique_inverse(self) -> UniqueInverseResult[Self]:
        """The unique values and the index of every element among them (the standard's).

        As [`unique_all`][unitensor.Tensor.unique_all], without the first
        indices and the counts.

        Returns
        -------
        UniqueInverseResult
            A named tuple ``(values, inverse_indices)``: the unique values
            of the flattened tensor, sorted ascending (1-d, ``self``'s
            dtype), and the index into them of every element (``self``'s
            shape, int64; int32 on JAX without 64-bit mode).

        Raises
        ------
        DTypeError
            If the tensor is complex.
        DataDependentShapeError
            On JAX inside ``jax.jit`` or another transformation.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> values, inverse = ut.astensor(np.array([5, 3, 5, 5])).unique_inverse()
        >>> values, inverse
        (NumPyTensor(array([3, 5])), NumPyTensor(array([1, 0, 1, 1])))
        """
        cls = self.__class__
        ordered, order, starts, flags = self._unique("unique_inverse")
        return UniqueInverseResult(
            wrap(cls, self._ns.take(ordered, starts, 0)), wrap(cls, self._inverse(order, flags))
        )

    def unique_values(self) -> Self:
        """The unique values of the flattened tensor, sorted (the standard's ``unique_values``).

        Returns
        -------
        Tensor
            1-d, ``self``'s dtype, ascending; each NaN is a value of its own,
            last. The shape depends on the values: inside ``jax.jit`` it
            raises [`DataDependentShapeError`][unitensor.DataDependentShapeError].

        Raises
        ------
        DTypeError
            If the tensor is complex.
        DataDependentShapeError
            On JAX inside ``jax.jit`` or another transformation.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([[4, 1], [1, 0]])).unique_values()
        NumPyTensor(array([0, 1, 4]))
        """
        ordered, _, starts, _ = self._unique("unique_values")
        return wrap(self.__class__, self._ns.take(ordered, starts, 0))

    def isin(self, test_elements: TensorOrScalar, invert: bool = False) -> Self:
        """Whether each element is one of ``test_elements`` (the standard's ``isin``).

        Parameters
        ----------
        test_elements
            The values to look for: a tensor or native array of this
            framework of any shape, or a Python scalar (which takes
            ``self``'s dtype of its kind). Dtypes promote as ``+``.
        invert
            Whether each element is *not* one of them.

        Returns
        -------
        Tensor
            ``self``'s shape, bool. Elements compare as ``==`` does: NaN is
            never found, ``-0.0`` and ``0.0`` are equal. Computed without
            data-dependent shapes, so it runs inside ``jax.jit``.

        Raises
        ------
        DTypeError
            If a tensor is complex.
        TypeError
            If ``test_elements`` belongs to another framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([[1, 2], [3, 4]]))
        >>> x.isin(np.array([4, 1, 7]))
        NumPyTensor(array([[ True, False],
                           [False,  True]]))
        >>> x.isin(2, invert=True)
        NumPyTensor(array([[ True, False],
                           [ True,  True]]))
        """
        cls = self.__class__
        ns = self._ns
        a, b = self._operands(test_elements, elementwise=False)
        if b.__class__ in SCALAR_TYPES:
            b = ns.full((1,), b, a.dtype, a)
        self._real(a, "isin")
        bool_dtype = self._native_dtype("bool")
        if self._is_bool(a.dtype):  # False < True, searched as 0 and 1
            uint8 = self._native_dtype("uint8")
            a, b = ns.astype(a, uint8), ns.astype(b, uint8)
        candidates = ns.sort(ns.reshape(b, (-1,)), 0)
        m = candidates.shape[0]
        if m == 0:
            return wrap(cls, ns.full(tuple(a.shape), bool(invert), bool_dtype, a))
        # the first candidate not below each element (the last one for elements above all)
        position = ns.minimum(ns.searchsorted(candidates, a, "left"), m - 1)
        nearest = ns.reshape(ns.take(candidates, ns.reshape(position, (-1,)), 0), tuple(a.shape))
        found = ns.equal(nearest, a)
        return wrap(cls, ns.logical_not(found) if invert else found)
