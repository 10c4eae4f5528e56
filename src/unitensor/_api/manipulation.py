"""Manipulation: shapes and axes (``reshape``, ``permute_dims``, ``squeeze``, ...),
``pad``, and the functions of several tensors ``concat`` and ``stack``.
"""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

import builtins
from collections.abc import Sequence
from typing import TYPE_CHECKING, Self, TypeVar, cast

from .._errors import (
    AxisError,
    ShapeError,
)
from ._base import (
    Axes,
    PadMode,
    Scalar,
    joined,
    wrap,
)
from .elementwise_logical import Logical

if TYPE_CHECKING:
    from .._tensor import Tensor

_T = TypeVar("_T", bound="Tensor")


class Manipulation(Logical):
    """The methods of this chapter (see [`unitensor.Tensor`][unitensor.Tensor])."""

    __slots__ = ()

    @property
    def T(self) -> Self:
        """The tensor with all axes reversed (``transpose()``).

        Shape reversed, same dtype; a 0-d or 1-d tensor keeps its shape.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.zeros((2, 3, 4))).T.shape
        (4, 3, 2)
        """
        return self.transpose()

    def reshape(self, shape: int | Sequence[int]) -> Self:
        """The same values in a new shape (one entry may be -1).

        Parameters
        ----------
        shape
            An int or a sequence of ints; one entry may be -1 and is then
            inferred from the size.

        Returns
        -------
        Tensor
            Shape ``shape``, same dtype, values in row-major (C) order.

        Raises
        ------
        ValueError
            If the new shape holds a different number of elements, has
            more than one -1, or has another negative entry.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.arange(6))
        >>> x.reshape((2, -1))
        NumPyTensor(array([[0, 1, 2],
                           [3, 4, 5]]))
        """
        shape = (shape,) if isinstance(shape, int) else tuple(int(s) for s in shape)
        known = 1
        unknown = 0
        for s in shape:
            if s == -1:
                unknown += 1
            elif s < 0:
                raise ShapeError(f"invalid dimension {s} in reshape to {shape}")
            else:
                known *= s
        size = self.size
        if (
            unknown > 1
            or (unknown == 0 and known != size)
            or (unknown == 1 and (known == 0 or size % known != 0))
        ):
            raise ShapeError(f"cannot reshape a tensor of shape {self.shape} into {shape}")
        return wrap(self.__class__, self._ns.reshape(self.raw, shape))

    def flatten(self, start: int = 0, end: int = -1) -> Self:
        """Merge axes ``start`` to ``end`` (inclusive) into one axis.

        Parameters
        ----------
        start, end
            The first and last axis to merge (negative counts from the end).

        Returns
        -------
        Tensor
            Same dtype; the merged axes replaced by one axis of their
            product. A 0-d tensor gives shape ``(1,)``.

        Raises
        ------
        AxisError
            If ``start`` or ``end`` is out of range.
        ValueError
            If ``start`` comes after ``end``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.zeros((2, 3, 4)))
        >>> x.flatten().shape, x.flatten(1).shape, x.flatten(0, 1).shape
        ((24,), (2, 12), (6, 4))
        """
        shape = self.shape
        if not shape:
            return self.reshape((1,))
        s, e = self._axis(start), self._axis(end)
        if s > e:
            raise AxisError(f"flatten: start axis {start} comes after end axis {end}")
        n = 1
        for d in shape[s : e + 1]:
            n *= d
        return wrap(self.__class__, self._ns.reshape(self.raw, (*shape[:s], n, *shape[e + 1 :])))

    def transpose(self, axes: Sequence[int] | None = None) -> Self:
        """Permute the axes (reverse them for ``None``).

        Parameters
        ----------
        axes
            A permutation of the axes (negative axes allowed): output axis
            ``i`` is input axis ``axes[i]``. ``None`` reverses them.

        Returns
        -------
        Tensor
            Shape ``tuple(shape[a] for a in axes)``, same dtype.

        Raises
        ------
        ValueError
            If ``axes`` is not a permutation of ``range(ndim)``.
        AxisError
            If an axis is out of range.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.zeros((2, 3, 4)))
        >>> x.transpose().shape, x.transpose((0, 2, 1)).shape
        ((4, 3, 2), (2, 4, 3))
        """
        n = len(self.raw.shape)
        if axes is None:
            perm = tuple(range(n - 1, -1, -1))
        else:
            perm = tuple(self._axis(a) for a in axes)
            if sorted(perm) != list(range(n)):
                raise AxisError(f"axes {tuple(axes)} are not a permutation of {n} axes")
        return wrap(self.__class__, self._ns.permute_dims(self.raw, perm))

    def squeeze(self, axis: Axes = None) -> Self:
        """Remove axes of length 1 (all of them for ``None``).

        Parameters
        ----------
        axis
            An int or tuple of ints naming axes of length 1, or ``None``
            for every axis of length 1.

        Returns
        -------
        Tensor
            Same values and dtype, without those axes.

        Raises
        ------
        ValueError
            If a named axis does not have length 1.
        AxisError
            If an axis is out of range or repeated.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.zeros((1, 3, 1)))
        >>> x.squeeze().shape, x.squeeze(0).shape
        ((3,), (3, 1))
        """
        shape = self.raw.shape
        axes = self._axes(axis)
        if axes is None:
            axes = tuple(i for i, d in enumerate(shape) if d == 1)
        else:
            for a in axes:
                if shape[a] != 1:
                    raise ShapeError(f"cannot squeeze axis {a} of length {shape[a]}")
        return wrap(self.__class__, self._ns.squeeze(self.raw, axes))

    def expand_dims(self, axis: int) -> Self:
        """Insert an axis of length 1 at position ``axis`` (in ``[-ndim-1, ndim]``).

        Parameters
        ----------
        axis
            The position of the new axis in the result; negative counts
            from the end of the result.

        Returns
        -------
        Tensor
            Rank ``ndim + 1``, same values and dtype.

        Raises
        ------
        AxisError
            If ``axis`` is not in ``[-ndim-1, ndim]``.
        TypeError
            If ``axis`` is not an int.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.zeros((2, 3)))
        >>> x.expand_dims(0).shape, x.expand_dims(-1).shape
        ((1, 2, 3), (2, 3, 1))
        """
        ax = self._axis(axis, len(self.raw.shape) + 1)
        return wrap(self.__class__, self._ns.expand_dims(self.raw, ax))

    def tile(self, multiples: Sequence[int]) -> Self:
        """Repeat the tensor ``multiples[i]`` times along axis ``i``.

        Parameters
        ----------
        multiples
            One non-negative int per axis.

        Returns
        -------
        Tensor
            Shape ``shape[i] * multiples[i]``, same dtype.

        Raises
        ------
        ValueError
            If ``len(multiples) != ndim``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 2])).tile((3,))
        NumPyTensor(array([1, 2, 1, 2, 1, 2]))
        """
        multiples = tuple(int(m) for m in multiples)
        if builtins.any(m < 0 for m in multiples):
            raise ShapeError(f"tile: negative multiple in {multiples}")
        if len(multiples) != len(self.raw.shape):
            raise ShapeError(f"tile needs {len(self.raw.shape)} multiples, got {len(multiples)}")
        return wrap(self.__class__, self._ns.tile(self.raw, multiples))

    def flip(self, axis: Axes = None) -> Self:
        """Reverse the order of elements along ``axis`` (all axes for ``None``).

        Parameters
        ----------
        axis
            An int, a tuple of ints, or ``None`` for all axes.

        Returns
        -------
        Tensor
            Same shape and dtype.

        Raises
        ------
        AxisError
            If an axis is out of range or repeated.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([[1, 2], [3, 4]]))
        >>> x.flip(1)
        NumPyTensor(array([[2, 1],
                           [4, 3]]))
        """
        axes = self._axes(axis)
        if axes is None:
            axes = tuple(range(len(self.raw.shape)))
        return wrap(self.__class__, self._ns.flip(self.raw, axes))

    def pad(
        self,
        paddings: Sequence[tuple[int, int]],
        mode: PadMode = "constant",
        value: Scalar = 0,
    ) -> Self:
        """Pad each axis with ``paddings[i] = (before, after)`` elements.

        Parameters
        ----------
        paddings
            One ``(before, after)`` pair of non-negative ints per axis.
        mode
            ``"constant"`` fills with ``value``; ``"reflect"`` mirrors
            without repeating the edge (as NumPy, also for pads longer than
            the axis); ``"edge"`` repeats the edge value.
        value
            The fill value for ``"constant"``, cast to the tensor's dtype.

        Returns
        -------
        Tensor
            Shape ``shape[i] + before_i + after_i``, same dtype.

        Raises
        ------
        ValueError
            For a wrong number of pairs, negative pads, an unknown mode, or
            reflect/edge padding of an empty axis.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([1, 2, 3]))
        >>> x.pad(((1, 2),))
        NumPyTensor(array([0, 1, 2, 3, 0, 0]))
        >>> x.pad(((2, 1),), mode="reflect")
        NumPyTensor(array([3, 2, 1, 2, 3, 2]))
        """
        shape = self.raw.shape
        pads = tuple((int(b), int(a)) for b, a in paddings)
        if len(pads) != len(shape):
            raise ShapeError(f"pad needs {len(shape)} (before, after) pairs, got {len(pads)}")
        if builtins.any(b < 0 or a < 0 for b, a in pads):
            raise ShapeError(f"pad widths must be non-negative, got {pads}")
        if not pads:  # a 0-d tensor: nothing to pad
            return wrap(self.__class__, self.raw)
        if mode == "constant":
            return wrap(self.__class__, self._ns.pad_constant(self.raw, pads, value))
        if mode not in ("reflect", "edge"):
            raise ValueError(f"unknown pad mode {mode!r}; use 'constant', 'reflect' or 'edge'")
        out = self
        for ax, (before, after) in enumerate(pads):
            if before == 0 and after == 0:
                continue
            n = int(shape[ax])
            if n == 0:
                raise ShapeError(f"cannot {mode}-pad the empty axis {ax}")
            index = [_pad_source(i, n, mode) for i in range(-before, n + after)]
            out = wrap(
                self.__class__, self._ns.take(out.raw, self._ns.asarray(index, None, self.raw), ax)
            )
        return out

    def permute_dims(self, axes: Sequence[int]) -> Self:
        """Permute the axes: output axis ``i`` is input axis ``axes[i]`` (the standard's).

        Unlike [`transpose`][unitensor.Tensor.transpose], the permutation is
        required.

        Parameters
        ----------
        axes
            A permutation of ``range(ndim)`` (negative axes allowed).

        Returns
        -------
        Tensor
            Shape ``tuple(shape[a] for a in axes)``, same dtype.

        Raises
        ------
        ValueError
            If ``axes`` is not a permutation of the axes.
        AxisError
            If an axis is out of range.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.zeros((2, 3, 4))).permute_dims((2, 0, 1)).shape
        (4, 2, 3)
        """
        return self.transpose(axes)


def _pad_source(i: int, n: int, mode: str) -> int:
    """The source position of padded position ``i`` on an axis of length ``n``."""
    if mode == "edge" or n == 1:
        return min(max(i, 0), n - 1)
    period = 2 * (n - 1)
    j = i % period
    return period - j if j >= n else j


def concat(tensors: Sequence[_T], axis: int | None = 0) -> _T:
    """Join tensors along an existing axis (the standard's ``concat``).

    Parameters
    ----------
    tensors
        One or more tensors of one framework with equal shapes except along
        ``axis``; dtypes promote as ``+``.
    axis
        The axis to join along; ``None`` joins the flattened tensors.

    Returns
    -------
    Tensor
        Shape of the inputs with the sizes along ``axis`` added (1-d for
        ``None``); the common dtype of the inputs.

    Raises
    ------
    ValueError
        If the list is empty, or ranks or shapes differ off ``axis``.
    AxisError
        If ``axis`` is out of range.
    TypeError
        If the tensors belong to different frameworks.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> a = ut.astensor(np.array([[1, 2]]))
    >>> ut.concat([a, a + 2], axis=0)
    NumPyTensor(array([[1, 2],
                       [3, 4]]))
    >>> ut.concat([a, a], axis=1).shape, ut.concat([a, a], axis=None).shape
    ((1, 4), (4,))
    """
    cls, raws = joined(tensors, "concatenate")
    ns = cls._ns
    if axis is None:
        return cast(_T, wrap(cls, ns.concat([ns.reshape(r, (-1,)) for r in raws], 0)))
    shapes = [tuple(r.shape) for r in raws]
    ax = wrap(cls, raws[0])._axis(axis)
    for s in shapes[1:]:
        if len(s) != len(shapes[0]) or s[:ax] + s[ax + 1 :] != shapes[0][:ax] + shapes[0][ax + 1 :]:
            raise ShapeError(f"concatenate: shapes {shapes} differ off axis {axis}")
    return cast(_T, wrap(cls, ns.concat(raws, ax)))  # the class of the inputs


concatenate = concat
"""NumPy's name for [`concat`][unitensor.concat]."""


def stack(tensors: Sequence[_T], axis: int = 0) -> _T:
    """Join tensors of equal shape along a new axis.

    Parameters
    ----------
    tensors
        One or more tensors of one framework and one shape; dtypes promote
        as ``+``.
    axis
        Position of the new axis in the result, in ``[-ndim-1, ndim]``.

    Returns
    -------
    Tensor
        Shape ``shape[:axis] + (len(tensors),) + shape[axis:]`` (with a
        negative ``axis`` taken modulo ``ndim + 1``); the common dtype of
        the inputs.

    Raises
    ------
    ValueError
        If the list is empty or the shapes differ.
    AxisError
        If ``axis`` is out of range.
    TypeError
        If the tensors belong to different frameworks.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> a = ut.astensor(np.array([1.0, 2.0], dtype=np.float32))
    >>> ut.stack([a, a * 2])
    NumPyTensor(array([[1., 2.],
                       [2., 4.]], dtype=float32))
    >>> ut.stack([a, a], axis=-1).shape
    (2, 2)
    """
    cls, raws = joined(tensors, "stack")
    shapes = {tuple(r.shape) for r in raws}
    if len(shapes) != 1:
        raise ShapeError(f"stack needs tensors of one shape, got {sorted(shapes)}")
    n = len(raws[0].shape)
    if not -n - 1 <= axis <= n:
        raise AxisError(f"axis {axis} is out of bounds for stacking tensors of rank {n}")
    return cast(_T, wrap(cls, cls._ns.stack(raws, axis % (n + 1))))  # the class of the inputs
