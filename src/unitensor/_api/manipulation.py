"""Manipulation: shapes and axes (``reshape``, ``permute_dims``, ``squeeze``, ...),
``pad``, ``repeat``, ``roll``, and the functions of several tensors ``concat``, ``stack``
and ``broadcast_arrays`` (with ``broadcast_shapes``, of shapes).
"""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

import builtins
import operator
import sys
import warnings
from collections.abc import Sequence
from types import FrameType
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

import numpy as np

from .._broadcast import shape_ints
from .._errors import (
    AxisError,
    ShapeError,
)
from .._indexing import index_operand
from ._base import (
    Axes,
    PadMode,
    Scalar,
    TensorBase,
    as_tensor,
    broadcast_shape,
    joined,
    shape_tuple,
    sharding_error,
    wrap,
)
from .elementwise_logical import Logical

if TYPE_CHECKING:
    from .._tensor import Tensor

_T = TypeVar("_T", bound="Tensor")


def _reshape_arguments(shape: Any, more: tuple[Any, ...], copy: Any) -> tuple[Any, Any]:
    """``(shape, copy)`` of ``reshape(shape, *more, copy=copy)`` with ``more`` not empty.

    Sizes as separate arguments (``reshape(2, 3)``) make the shape, checked
    by ``shape_ints`` as any shape. One bool or None after the shape is
    ``copy`` given by position, as before ``copy`` was keyword only
    (deprecated; a bool is no size).

    Raises
    ------
    TypeError
        If ``copy`` is given by position and by keyword.
    """
    flag: Any = more[0]
    if len(more) == 1 and (flag is None or isinstance(flag, (bool, np.bool_))):
        if copy is not None:
            raise TypeError("reshape: copy given by position and by keyword")
        warnings.warn(
            "reshape(shape, copy): copy by position is deprecated; pass copy=...",
            DeprecationWarning,
            stacklevel=_caller_level(),
        )
        return shape, more[0]
    return (shape, *more), copy


def _caller_level() -> int:
    """The ``stacklevel`` of the first frame outside unitensor, seen from the caller's caller."""
    level = 3
    frame: FrameType | None = sys._getframe(3)
    while frame is not None and frame.f_globals.get("__name__", "").startswith("unitensor."):
        level, frame = level + 1, frame.f_back
    return level


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

    def reshape(self, shape: int | Sequence[int], *more: int, copy: bool | None = None) -> Self:
        """The same values in a new shape (one entry may be -1).

        Parameters
        ----------
        shape
            An int or a sequence of ints; one entry may be -1 and is then
            inferred from the size.
        *more
            Further sizes after an int ``shape``, as NumPy's and PyTorch's
            methods take them: ``t.reshape(2, 3)`` is ``t.reshape((2, 3))``.
        copy
            Keyword only, as in the standard: ``None`` makes a view where
            the framework can (and copies otherwise), ``True`` always
            copies, ``False`` never does. TensorFlow's and JAX's arrays
            cannot be written, so no copy is observable there and ``False``
            never raises. Passing it by position (``t.reshape((2, 3),
            True)``) is deprecated: it still works, with a
            ``DeprecationWarning``.

        Returns
        -------
        Tensor
            Shape ``shape``, same dtype, values in row-major (C) order.

        Raises
        ------
        TypeError
            If ``shape`` is not an int or a sequence of ints (a bool, a
            float or a string, as NumPy), if sizes follow a sequence
            (``reshape((2, 3), 4)``), or if ``copy`` is not a bool or None.
        DataDependentShapeError
            On Dask, if ``self`` or ``shape`` holds a size not known yet.
        ValueError
            If the new shape holds a different number of elements, has
            more than one -1, or has another negative entry; with
            ``copy=False``, if NumPy or PyTorch would have to copy (a
            transposed matrix flattened). Inside ``tf.function``, where a
            size of ``self`` is not known yet (None), TensorFlow checks the
            number of elements when the graph runs (its
            ``InvalidArgumentError``).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.arange(6))
        >>> x.reshape((2, -1))
        NumPyTensor(array([[0, 1, 2],
                           [3, 4, 5]]))
        >>> x.reshape(3, 2).shape
        (3, 2)
        >>> x.reshape(6, copy=True).shape
        (6,)
        >>> try:
        ...     x.reshape((2, 3)).T.reshape(-1, copy=False)
        ... except ut.ShapeError as e:
        ...     print(e)
        reshape(copy=False): a tensor of shape (3, 2) needs a copy for shape (-1,)
        """
        if copy is None and not more and _same_size(shape, self.raw.shape):  # the common call
            sizes = cast("tuple[int, ...]", shape)
            try:
                return wrap(self.__class__, self._ns.reshape(self.raw, sizes))
            except self._ns.sharding_errors as e:
                raise sharding_error(e) from e
        if more:
            shape, copy = _reshape_arguments(shape, more, copy)
        copy_arg: Any = copy  # (annotated bool | None; any value can come)
        if copy_arg is not None and not isinstance(copy_arg, (bool, np.bool_)):
            raise TypeError(f"reshape: copy must be a bool or None, got {copy!r}")
        shape = shape_ints(shape, "reshape: shape")
        known = 1
        unknown = 0
        for s in shape:
            if s == -1:
                unknown += 1
            elif s < 0:
                raise ShapeError(f"invalid dimension {s} in reshape to {shape}")
            else:
                known *= s
        try:
            size: int | None = self.size
        except TypeError:  # a size a TensorFlow graph does not know yet: it checks when it runs
            size = None
        if unknown > 1 or (
            size is not None
            and (
                (unknown == 0 and known != size)
                or (unknown == 1 and (known == 0 or size % known != 0))
            )
        ):
            raise ShapeError(f"cannot reshape a tensor of shape {self.shape} into {shape}")
        if copy is None:
            try:
                return wrap(self.__class__, self._ns.reshape(self.raw, shape))
            except self._ns.sharding_errors as e:
                raise sharding_error(e) from e
        try:
            return wrap(self.__class__, self._ns.reshape_copy(self.raw, shape, bool(copy)))
        except ValueError as e:
            raise ShapeError(
                f"reshape(copy=False): a tensor of shape {self.shape} needs a copy "
                f"for shape {shape}"
            ) from e

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
        try:
            raw = self._ns.reshape(self.raw, (*shape[:s], n, *shape[e + 1 :]))
        except self._ns.sharding_errors as e:
            raise sharding_error(e) from e
        return wrap(self.__class__, raw)

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
        try:
            return wrap(self.__class__, self._ns.permute_dims(self.raw, perm))
        except self._ns.sharding_errors as e:
            raise sharding_error(e) from e

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

    def expand_dims(self, axis: int | tuple[int, ...]) -> Self:
        """Insert axes of length 1 at the positions ``axis`` names in the result.

        Parameters
        ----------
        axis
            The position of the new axis in the result, in ``[-ndim-1,
            ndim]`` (negative counts from the end of the result); or a tuple
            of ``m`` distinct positions in the result, each in ``[-ndim-m,
            ndim+m)`` (the standard's and NumPy's).

        Returns
        -------
        Tensor
            Rank ``ndim + 1`` (``ndim + m`` for a tuple), same values and
            dtype.

        Raises
        ------
        AxisError
            If a position is out of range, or two name the same axis.
        TypeError
            If a position is not an int.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.zeros((2, 3)))
        >>> x.expand_dims(0).shape, x.expand_dims(-1).shape, x.expand_dims((0, -1)).shape
        ((1, 2, 3), (2, 3, 1), (1, 2, 3, 1))
        """
        n = len(self.raw.shape)
        if not isinstance(axis, (tuple, list)):
            ax = self._axis(axis, n + 1)
            return wrap(self.__class__, self._ns.expand_dims(self.raw, ax))
        m = n + len(axis)
        new = {self._axis(a, m) for a in axis}
        if len(new) != len(axis):
            raise AxisError(f"repeated axis in expand_dims({tuple(axis)!r})")
        sizes = iter(self.raw.shape)
        shape = tuple(1 if i in new else int(next(sizes)) for i in range(m))
        try:
            return wrap(self.__class__, self._ns.reshape(self.raw, shape))
        except self._ns.sharding_errors as e:
            raise sharding_error(e) from e

    def tile(self, multiples: int | Sequence[int]) -> Self:
        """Repeat the tensor ``multiples[i]`` times along axis ``i``.

        As the standard's (and NumPy's) ``tile``: fewer multiples than axes
        are filled with leading ones; more multiples than axes add leading
        axes of length 1 to the tensor first.

        Parameters
        ----------
        multiples
            Non-negative ints (one int counts as ``(multiples,)``).

        Returns
        -------
        Tensor
            Rank ``max(ndim, len(multiples))``; along each axis the
            (padded) size times the (padded) multiple; same dtype.

        Raises
        ------
        ValueError
            If a multiple is negative.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 2])).tile((3,))
        NumPyTensor(array([1, 2, 1, 2, 1, 2]))
        >>> ut.astensor(np.array([1, 2])).tile((2, 1))
        NumPyTensor(array([[1, 2],
                           [1, 2]]))
        """
        reps = (
            (operator.index(multiples),)
            if isinstance(multiples, (int, np.integer))
            else tuple(operator.index(m) for m in multiples)
        )
        if builtins.any(m < 0 for m in reps):
            raise ShapeError(f"tile: negative multiple in {reps}")
        a = self.raw
        n = len(a.shape)
        if len(reps) < n:
            reps = (1,) * (n - len(reps)) + reps
        elif len(reps) > n:
            a = self._ns.reshape(a, (1,) * (len(reps) - n) + tuple(a.shape))
        return wrap(self.__class__, self._ns.tile(a, reps))

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
        OverflowError
            If ``value`` is a Python int that does not fit an integer dtype,
            or one too large for any float (a number beyond a float dtype's
            range becomes what NumPy makes of it: an infinity or the largest
            finite value).

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
            value = self._fill_value(self.raw.dtype, value)
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

    def broadcast_to(self, shape: int | Sequence[int]) -> Self:
        """The tensor broadcast to ``shape`` (NumPy's rule; a view where the framework has one).

        Parameters
        ----------
        shape
            The shape to broadcast to: an int or a sequence of ints, of at
            least ``ndim`` entries; each axis of ``self`` (aligned from the
            end) has length 1 or that entry.

        Returns
        -------
        Tensor
            Shape ``shape``, same dtype.

        Raises
        ------
        ValueError
            If the tensor does not broadcast to ``shape``, or a size is
            negative.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 2, 3])).broadcast_to((2, 3))
        NumPyTensor(array([[1, 2, 3],
                           [1, 2, 3]]))
        """
        target = shape_tuple(shape)
        if broadcast_shape(tuple(self.raw.shape), target) != target:
            raise ShapeError(f"cannot broadcast a tensor of shape {self.shape} to {target}")
        return wrap(self.__class__, self._ns.broadcast_to(self.raw, target))

    def moveaxis(self, source: int | tuple[int, ...], destination: int | tuple[int, ...]) -> Self:
        """Move axes to new positions; the other axes keep their order (the standard's).

        Parameters
        ----------
        source
            The axis or axes to move (distinct; negative counts from the end).
        destination
            Their positions in the result, one per source axis (distinct).

        Returns
        -------
        Tensor
            The same values with the axes permuted; same dtype.

        Raises
        ------
        AxisError
            If an axis is out of range or repeated, or ``source`` and
            ``destination`` name different numbers of axes.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.zeros((2, 3, 4)))
        >>> x.moveaxis(0, -1).shape, x.moveaxis((0, 1), (-1, 0)).shape
        ((3, 4, 2), (3, 4, 2))
        """
        src = self._axes(source) or ()
        dst = self._axes(destination) or ()
        if len(src) != len(dst):
            raise AxisError(
                f"moveaxis: source {source!r} and destination {destination!r} "
                "name different numbers of axes"
            )
        order = [i for i in range(len(self.raw.shape)) if i not in src]
        for d, s in sorted(zip(dst, src, strict=True)):
            order.insert(d, s)
        try:
            return wrap(self.__class__, self._ns.permute_dims(self.raw, tuple(order)))
        except self._ns.sharding_errors as e:
            raise sharding_error(e) from e

    def repeat(self, repeats: int | TensorBase, axis: int | None = None) -> Self:
        """Repeat each element ``repeats`` times along ``axis`` (the standard's, NumPy's).

        With ``axis=None`` the tensor is flattened (row-major) first.

        Parameters
        ----------
        repeats
            A non-negative int for every element, or an integer tensor of
            counts (of this framework, or a NumPy array or list, which are
            valid on every backend): 1-d of the axis's length, or of length
            1 (or 0-d) for every element.
        axis
            The axis to repeat along; ``None`` flattens first.

        Returns
        -------
        Tensor
            Same dtype; 1-d for ``axis=None``, else ``self``'s shape with
            the axis's length the sum of the counts.

        Raises
        ------
        ValueError
            If a count is negative, or the counts do not fit the axis.
        AxisError
            If ``axis`` is out of range.
        TypeError
            If the counts are not integers or belong to another framework.

        Notes
        -----
        A tensor of counts fixes the result's shape by its values: on an
        accelerator that reads them back (a synchronisation), and inside
        ``jax.jit`` JAX refuses traced counts (its ``ConcretizationTypeError``);
        an int works everywhere.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([[1, 2], [3, 4]]))
        >>> x.repeat(2)
        NumPyTensor(array([1, 1, 2, 2, 3, 3, 4, 4]))
        >>> x.repeat(np.array([1, 2]), axis=0)
        NumPyTensor(array([[1, 2],
                           [3, 4],
                           [3, 4]]))
        """
        ns = self._ns
        a = self.raw
        if axis is None:
            a = ns.reshape(a, (-1,))
            ax = 0
        else:
            ax = self._axis(axis)
        n = int(a.shape[ax])
        given: Any = repeats  # NumPy integers are ints too
        if isinstance(given, (int, np.integer)):
            count = operator.index(cast(int, given))
            if count < 0:
                raise ShapeError(f"repeat: negative count {count}")
            return wrap(self.__class__, ns.repeat(a, count, ax))
        counts = index_operand(self, repeats)
        self._integer_indices(counts, "repeat: the counts")
        shape = tuple(counts.shape)
        if shape not in ((), (1,), (n,)):
            raise ShapeError(f"repeat: counts of shape {shape} for an axis of length {n}")
        if ns.is_concrete(counts) and n and int(ns.item(ns.min(counts, None, False))) < 0:
            raise ShapeError("repeat: negative count")
        counts = self._index_dtype(counts)
        if shape != (n,):
            counts = ns.broadcast_to(ns.reshape(counts, (1,)), (n,))
        return wrap(self.__class__, ns.repeat(a, counts, ax))

    def roll(self, shift: int | tuple[int, ...], axis: int | tuple[int, ...] | None = None) -> Self:
        """Shift elements along axes, those past the end coming back at the start.

        The standard's (and NumPy's) ``roll``: with ``axis=None`` the
        flattened tensor rolls and is given its shape back; ``shift`` and
        ``axis`` pair up, one of them broadcast when it has one entry; an
        axis named twice rolls by the sum of its shifts.

        Parameters
        ----------
        shift
            Places to shift by (an int or a tuple of ints; negative shifts
            toward smaller indices).
        axis
            An int, a tuple of ints, or ``None`` for the flattened tensor.

        Returns
        -------
        Tensor
            Same shape and dtype.

        Raises
        ------
        AxisError
            If an axis is out of range, or ``shift`` and ``axis`` have
            different lengths (neither 1).
        TypeError
            If a shift is not an int.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.arange(6).reshape(2, 3))
        >>> x.roll(1)
        NumPyTensor(array([[5, 0, 1],
                           [2, 3, 4]]))
        >>> x.roll((1, -1), axis=(0, 1))
        NumPyTensor(array([[4, 5, 3],
                           [1, 2, 0]]))
        """
        ns = self._ns
        a = self.raw
        shape = tuple(a.shape)
        shifts = (
            tuple(operator.index(s) for s in shift)
            if isinstance(shift, (tuple, list))
            else (operator.index(shift),)
        )
        if axis is None:
            flat = ns.reshape(a, (-1,))
            n = int(flat.shape[0])
            total = builtins.sum(shifts) % n if n else 0
            if not total:
                return wrap(self.__class__, a)
            return wrap(self.__class__, ns.reshape(ns.roll(flat, (total,), (0,)), shape))
        axes = tuple(axis) if isinstance(axis, (tuple, list)) else (axis,)
        if len(shifts) != len(axes):
            if len(shifts) == 1:
                shifts = shifts * len(axes)
            elif len(axes) == 1:
                axes = axes * len(shifts)
            else:
                raise AxisError(f"roll: {len(shifts)} shifts for {len(axes)} axes")
        by_axis: dict[int, int] = {}
        for s, ax in zip(shifts, axes, strict=True):
            k = self._axis(ax)
            by_axis[k] = by_axis.get(k, 0) + s
        moves = [(k, s % shape[k]) for k, s in by_axis.items() if shape[k] and s % shape[k]]
        if not moves:
            return wrap(self.__class__, a)
        return wrap(
            self.__class__,
            ns.roll(a, tuple(s for _, s in moves), tuple(k for k, _ in moves)),
        )

    def unstack(self, axis: int = 0) -> tuple[Self, ...]:
        """The slices along ``axis``, as a tuple of tensors (the standard's, NumPy's).

        Parameters
        ----------
        axis
            The axis to split along (negative counts from the end).

        Returns
        -------
        tuple of Tensor
            ``shape[axis]`` tensors of ``self``'s shape without that axis,
            same dtype (an empty tuple for an empty axis).

        Raises
        ------
        AxisError
            If ``axis`` is out of range (a 0-d tensor has none).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([[1, 2], [3, 4]]))
        >>> x.unstack()
        (NumPyTensor(array([1, 2])), NumPyTensor(array([3, 4])))
        >>> [t.shape for t in x.unstack(axis=-1)]
        [(2,), (2,)]
        """
        ax = self._axis(axis)
        a = self.raw
        getitem = self._ns.getitem
        cls = self.__class__
        if ax == 0:
            return tuple(wrap(cls, getitem(a, i)) for i in range(int(a.shape[0])))
        before = (slice(None),) * ax
        return tuple(wrap(cls, getitem(a, (*before, i))) for i in range(int(a.shape[ax])))

    def _index_dtype(self, idx: Any) -> Any:
        """A native integer array as int32 or int64, which every framework indexes with."""
        if self._dtype_name(idx.dtype) in ("int32", "int64"):
            return idx
        return self._ns.astype(idx, self._native_dtype("int64"))


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


def broadcast_arrays(*arrays: _T) -> tuple[_T, ...]:
    """The tensors broadcast against each other (NumPy's rule), each keeping its dtype.

    Parameters
    ----------
    *arrays
        Tensors of one framework (or its native arrays); none gives ``()``.

    Returns
    -------
    tuple of Tensor
        One tensor per input, all of the broadcast shape (views where the
        framework has them), each in its input's dtype.

    Raises
    ------
    ValueError
        If the shapes do not broadcast together.
    TypeError
        If the tensors belong to different frameworks.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> a = ut.astensor(np.array([[1], [2]]))
    >>> b = ut.astensor(np.array([0.5, 1.5, 2.5], dtype=np.float32))
    >>> x, y = ut.broadcast_arrays(a, b)
    >>> x.shape, y.shape, x.dtype, y.dtype
    ((2, 3), (2, 3), dtype('int64'), dtype('float32'))
    """
    if not arrays:
        return ()
    first: TensorBase = as_tensor(arrays[0])
    cls = type(first)
    raws = [first._unwrap(as_tensor(t)) for t in arrays]
    shape = broadcast_shapes(*(tuple(r.shape) for r in raws))
    ns = cls._ns
    return tuple(
        cast(_T, wrap(cls, r if tuple(r.shape) == shape else ns.broadcast_to(r, shape)))
        for r in raws
    )


def broadcast_shapes(*shapes: int | Sequence[int]) -> tuple[int, ...]:
    """The shape that shapes broadcast to together (NumPy's rule; the standard's).

    Parameters
    ----------
    *shapes
        Shapes, as sequences of non-negative ints (an int is a 1-d
        shape); none gives ``()``.

    Returns
    -------
    tuple of int
        The broadcast shape.

    Raises
    ------
    ValueError
        If the shapes do not broadcast together, or a size is negative.

    Examples
    --------
    >>> import unitensor as ut
    >>> ut.broadcast_shapes((2, 1), (3,), ())
    (2, 3)
    """
    out: tuple[int, ...] = ()
    sizes = [shape_tuple(s) for s in shapes]
    for s in sizes:
        joint = broadcast_shape(out, s)
        if joint is None:
            raise ShapeError(
                "shapes " + ", ".join(str(t) for t in sizes) + " do not broadcast together"
            )
        out = joint
    return out


def _same_size(sizes: Any, shape: Any) -> bool:
    """Whether ``sizes`` is a tuple of Python ints, none negative, whose product is the
    number of elements of ``shape``, a native array's shape of Python ints (not a size
    not known yet: NaN, None, a symbolic size of a trace or an export):
    ``reshape``'s common call, which needs none of its checks."""
    if sizes.__class__ is not tuple:
        return False
    n = 1
    for s in sizes:
        if s.__class__ is not int or s < 0:
            return False
        n *= s
    m = 1
    for d in shape:
        if d.__class__ is not int:
            return False
        m *= d
    return n == m
