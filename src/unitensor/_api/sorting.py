"""Sorting: ``sort``, ``argsort`` and ``topk``."""

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

    def sort(self, axis: int = -1) -> Self:
        """Values sorted ascending along ``axis``.

        Parameters
        ----------
        axis
            The axis to sort along (the last by default).

        Returns
        -------
        Tensor
            Same shape and dtype.

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
        >>> ut.astensor(np.array([3, 1, 2])).sort()
        NumPyTensor(array([1, 2, 3]))
        """
        return wrap(self.__class__, self._ns.sort(self._real(self.raw, "sort"), self._axis(axis)))

    def argsort(self, axis: int = -1) -> Self:
        """Indices that sort ``self`` ascending along ``axis`` (stable).

        Parameters
        ----------
        axis
            The axis to sort along (the last by default).

        Returns
        -------
        Tensor
            Same shape, int64 (int32 on JAX without 64-bit mode). Equal
            values keep their order.

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
        >>> ut.astensor(np.array([3, 1, 3, 0])).argsort()
        NumPyTensor(array([3, 1, 0, 2]))
        """
        return wrap(
            self.__class__, self._ns.argsort(self._real(self.raw, "argsort"), self._axis(axis))
        )

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
