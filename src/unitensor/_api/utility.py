"""Utility functions: ``all`` and ``any``."""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

from typing import TYPE_CHECKING, Self

from ._base import (
    Axes,
)
from .statistical import Statistical

if TYPE_CHECKING:
    pass


class Utility(Statistical):
    """The methods of this chapter (see [`unitensor.Tensor`][unitensor.Tensor])."""

    __slots__ = ()

    def all(self, axis: Axes = None, keepdims: bool = False) -> Self:
        """Whether all elements along ``axis`` are true (non-zero).

        Parameters
        ----------
        axis
            An int, a tuple of ints, or ``None`` for all axes.
        keepdims
            Keep the reduced axes with length 1.

        Returns
        -------
        Tensor
            The reduced shape, bool (True for an empty axis).

        Raises
        ------
        AxisError
            If an axis is out of range or repeated.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([[1, 0], [2, 3]])).all(axis=1)
        NumPyTensor(array([False,  True]))
        """
        return self._reduce(self._ns.all, self.raw, axis, keepdims)

    def any(self, axis: Axes = None, keepdims: bool = False) -> Self:
        """Whether any element along ``axis`` is true (non-zero).

        Parameters
        ----------
        axis
            An int, a tuple of ints, or ``None`` for all axes.
        keepdims
            Keep the reduced axes with length 1.

        Returns
        -------
        Tensor
            The reduced shape, bool (False for an empty axis).

        Raises
        ------
        AxisError
            If an axis is out of range or repeated.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([[0, 0], [0, 3]])).any(axis=1)
        NumPyTensor(array([False,  True]))
        """
        return self._reduce(self._ns.any, self.raw, axis, keepdims)
