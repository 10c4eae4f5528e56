"""Utility functions: ``all``, ``any`` and ``diff``."""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Self

from .._errors import ShapeError
from ._base import (
    SCALAR_TYPES,
    Axes,
    TensorOrScalar,
    as_tensor,
    joined,
    wrap,
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

    def diff(
        self,
        axis: int = -1,
        n: int = 1,
        prepend: TensorOrScalar | None = None,
        append: TensorOrScalar | None = None,
    ) -> Self:
        """The ``n``-th forward difference along ``axis`` (the standard's ``diff``).

        ``out[i] = x[i + 1] - x[i]`` along ``axis``, applied ``n`` times, of
        ``x`` = ``prepend``, ``self`` and ``append`` joined along ``axis``.

        Parameters
        ----------
        axis
            The axis to difference along (the last by default).
        n
            How many times to difference; 0 returns ``self``'s values
            (``prepend`` and ``append`` unused, as in NumPy).
        prepend, append
            Values joined before and after ``self`` along ``axis``: tensors
            of this framework with ``self``'s shape off ``axis`` (a 0-d
            tensor or a Python scalar counts as one value at each position);
            dtypes promote as ``+``, and a Python scalar takes ``self``'s
            dtype of its kind (NumPy makes it an int64 or float64 array first).

        Returns
        -------
        Tensor
            ``self``'s shape but ``max(M + N1 + N2 - n, 0)`` along ``axis``
            (``M`` the axis's length, ``N1`` and ``N2`` those of ``prepend``
            and ``append``); the (promoted) dtype. Bool input gives bool,
            ``x[i + 1] != x[i]`` (as NumPy); unsigned integers wrap around.

        Raises
        ------
        ShapeError
            If the tensor is 0-d, or ``prepend`` / ``append`` do not fit.
        AxisError
            If ``axis`` is out of range.
        ValueError
            If ``n`` is negative.
        TypeError
            If ``n`` is not an int, or ``prepend`` / ``append`` belong to another
            framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([1, 4, 9, 16]))
        >>> x.diff()
        NumPyTensor(array([3, 5, 7]))
        >>> x.diff(n=2, prepend=0)
        NumPyTensor(array([2, 2, 2]))
        """
        cls = self.__class__
        a = self.raw
        if len(a.shape) == 0:
            raise ShapeError("diff of a 0-d tensor: it needs at least one axis")
        ax = self._axis(axis)
        order: Any = n  # callers may pass anything despite the annotation
        if isinstance(order, bool) or not isinstance(order, int):
            raise TypeError(f"n must be an int, got {n!r}")
        if n < 0:
            raise ValueError(f"n must be non-negative, got {n}")
        if n == 0:
            return wrap(cls, a)
        x = self
        if prepend is not None or append is not None:
            x = wrap(cls, self._joined_along(ax, prepend, append))
        bool_input = self._is_bool(x.raw.dtype)
        head = (slice(None),) * ax
        later, earlier = (*head, slice(1, None)), (*head, slice(None, -1))
        for _ in range(n):
            x = x[later] != x[earlier] if bool_input else x[later] - x[earlier]
        return x

    def _joined_along(
        self, ax: int, prepend: TensorOrScalar | None, append: TensorOrScalar | None
    ) -> Any:
        """``prepend``, ``self`` and ``append`` joined along ``ax`` (native), for ``diff``."""
        ns = self._ns
        a = self.raw
        edge = tuple(1 if i == ax else d for i, d in enumerate(a.shape))
        parts: list[Any] = []
        for values in (prepend, self, append):
            if values is None:
                continue
            if values.__class__ in SCALAR_TYPES:
                b, v = self._operands(values)
                parts.append(ns.full(edge, v, b.dtype, b))
                continue
            t = as_tensor(values)
            if len(t.raw.shape) == 0:  # one value at each position, as NumPy broadcasts it
                t = t.reshape((1,) * len(a.shape)).tile(edge)
            parts.append(t)
        cls, raws = joined(parts, "diff")  # promoted as +, of one framework
        off = [tuple(r.shape)[:ax] + tuple(r.shape)[ax + 1 :] for r in raws]
        if len(set(off)) != 1 or any(len(r.shape) != len(a.shape) for r in raws):
            shapes = [tuple(r.shape) for r in raws]
            raise ShapeError(f"diff: prepend or append of shapes {shapes} differ off axis {ax}")
        return cls._ns.concat(raws, ax)
