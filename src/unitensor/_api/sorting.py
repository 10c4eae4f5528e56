"""Sorting: ``sort``, ``argsort`` (ascending or descending, stable) and ``topk``."""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

from typing import TYPE_CHECKING, Self

from .._errors import (
    ShapeError,
)
from ._base import (
    wrap,
)
from .utility import Utility

if TYPE_CHECKING:
    pass


class Sorting(Utility):
    """The methods of this chapter (see [`unitensor.Tensor`][unitensor.Tensor])."""

    __slots__ = ()

    def sort(self, axis: int = -1, descending: bool = False, stable: bool = True) -> Self:
        """Values sorted along ``axis``, ascending or descending (the standard's ``sort``).

        Parameters
        ----------
        axis
            The axis to sort along (the last by default).
        descending
            Sort from the largest value to the smallest.
        stable
            Keep equal values in their order (the standard's ``stable``);
            ``False`` is accepted and sorts stably too, as the standard allows.

        Returns
        -------
        Tensor
            Same shape and dtype. NaN counts as larger than every number: last
            in ascending order, first in descending order (the exact reverse,
            as PyTorch's and JAX's descending sorts give it; NumPy has none).
            A descending sort keeps equal values in their order too (so
            ``-0.0`` and ``0.0`` keep theirs).

        Raises
        ------
        AxisError
            If ``axis`` is out of range.
        TypeError
            If ``axis`` is not an int.
        DTypeError
            If the tensor is complex: complex numbers have no order.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([3, 1, 2]))
        >>> x.sort()
        NumPyTensor(array([1, 2, 3]))
        >>> x.sort(descending=True)
        NumPyTensor(array([3, 2, 1]))
        """
        ns = self._ns
        a = self._real(self.raw, "sort")
        ax = self._axis(axis)
        if not descending:
            return wrap(self.__class__, ns.sort(a, ax))
        # stable descending: the stable ascending sort of the reversed axis, reversed back
        return wrap(self.__class__, ns.flip(ns.sort(ns.flip(a, (ax,)), ax), (ax,)))

    def argsort(self, axis: int = -1, descending: bool = False, stable: bool = True) -> Self:
        """Indices that sort ``self`` along ``axis`` (stable; the standard's ``argsort``).

        Parameters
        ----------
        axis
            The axis to sort along (the last by default).
        descending
            Sort from the largest value to the smallest.
        stable
            Keep equal values in their order (the standard's ``stable``);
            ``False`` is accepted and sorts stably too, as the standard allows.

        Returns
        -------
        Tensor
            Same shape, int64 (int32 on JAX without 64-bit mode). Equal
            values keep their order, descending too (the first of two equal
            values comes first). NaN counts as larger than every number:
            last in ascending order, first in descending order.

        Raises
        ------
        AxisError
            If ``axis`` is out of range.
        TypeError
            If ``axis`` is not an int.
        DTypeError
            If the tensor is complex: complex numbers have no order.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([3, 1, 3, 0]))
        >>> x.argsort()
        NumPyTensor(array([3, 1, 0, 2]))
        >>> x.argsort(descending=True)
        NumPyTensor(array([0, 2, 1, 3]))
        """
        ns = self._ns
        a = self._real(self.raw, "argsort")
        ax = self._axis(axis)
        if not descending:
            return wrap(self.__class__, ns.argsort(a, ax))
        # stable descending: the stable ascending order of the reversed axis, reversed back,
        # as positions in the original axis
        reversed_order = ns.flip(ns.argsort(ns.flip(a, (ax,)), ax), (ax,))
        return wrap(self.__class__, ns.add(ns.negative(reversed_order), a.shape[ax] - 1))

    def topk(
        self, k: int, axis: int = -1, largest: bool = True, sorted: bool = True
    ) -> tuple[Self, Self]:
        """The ``k`` largest (or smallest) values along ``axis`` and their indices.

        Parameters
        ----------
        k
            How many values to take, in ``[0, shape[axis]]``.
        axis
            The axis to search (the last by default).
        largest
            Take the largest values (``False``: the smallest).
        sorted
            Return the values in order.

        Returns
        -------
        (values, indices)
            Both with ``self``'s shape except ``k`` along ``axis``; values in
            ``self``'s dtype, indices int64 (int32 on JAX). Values are in
            descending order (ascending for ``largest=False``); among equal
            values the lower index comes first; NaN counts as larger than
            every number (as in NumPy's sort). ``sorted=False`` is accepted
            and gives the sorted order.

        Raises
        ------
        ValueError
            If ``k`` is not in ``[0, shape[axis]]``.
        AxisError
            If ``axis`` is out of range.
        DTypeError
            If the tensor is complex: complex numbers have no order.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> values, indices = ut.astensor(np.array([1, 7, 3, 5])).topk(2)
        >>> values, indices
        (NumPyTensor(array([7, 5])), NumPyTensor(array([1, 3])))
        """
        ax = self._axis(axis)
        self._real(self.raw, "topk")
        n = self.raw.shape[ax]
        if not 0 <= k <= n:
            raise ShapeError(f"k={k} is out of range for an axis of length {n}")
        fused = self._ns.topk
        if fused is not None:
            values, indices = fused(self.raw, k, ax, largest, sorted)
            return wrap(self.__class__, values), wrap(self.__class__, indices)
        if largest:  # stable descending order: sort the reversed axis, reverse back
            order = (n - 1) - self.flip(ax).argsort(ax).flip(ax)
        else:
            order = self.argsort(ax)
        indices_t = order[(slice(None),) * ax + (slice(0, k),)]
        return self.take_along_axis(indices_t, ax), indices_t
