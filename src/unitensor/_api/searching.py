"""Searching: ``argmin``, ``argmax``, ``where``, ``count_nonzero``, ``nonzero`` and
``searchsorted``.
"""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Self

from .. import dtypes
from .._errors import DataDependentShapeError, ShapeError
from .._indexing import index_operand
from ._base import (
    SCALAR_TYPES,
    Axes,
    TensorBase,
    TensorOrScalar,
    check_broadcast,
    python_scalar,
    sharding_error,
    wrap,
)
from .indexing import Indexing

if TYPE_CHECKING:
    pass

# where's Python scalars: complex too (a float tensor and 1j give complex64, as for +)
_WHERE_SCALARS = (*SCALAR_TYPES, complex)


class Searching(Indexing):
    """The methods of this chapter (see [`unitensor.Tensor`][unitensor.Tensor])."""

    __slots__ = ()

    def _arg_reduce(self, name: str, axis: int | None, keepdims: bool) -> Self:
        """Shared body of [`argmin`][unitensor.Tensor.argmin] and
        [`argmax`][unitensor.Tensor.argmax]."""
        fn = getattr(self._ns, name)
        self._real(self.raw, name)
        self._check_nonempty(None if axis is None else (self._axis(axis),), name)
        if axis is None:
            n = len(self.raw.shape)
            out = fn(self._ns.reshape(self.raw, (-1,)), 0)
            if keepdims:
                out = self._ns.reshape(out, (1,) * n)
            return wrap(self.__class__, out)
        ax = self._axis(axis)
        out = fn(self.raw, ax)
        if keepdims:
            out = self._ns.expand_dims(out, ax)
        return wrap(self.__class__, out)

    def argmin(self, axis: int | None = None, keepdims: bool = False) -> Self:
        """Index of the first minimum along ``axis`` (flattened for ``None``).

        Parameters
        ----------
        axis
            One axis, or ``None`` to index into the flattened tensor.
        keepdims
            Keep the reduced axis (all axes for ``None``) with length 1.

        Returns
        -------
        Tensor
            The reduced shape (0-d for ``None``), int64 (int32 on JAX
            without 64-bit mode).

        Raises
        ------
        AxisError
            If ``axis`` is out of range.
        TypeError
            If ``axis`` is not an int.
        ValueError
            If the reduced axis (or the tensor, for ``None``) is empty.
        DTypeError
            If the tensor is complex: complex numbers have no order.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([[3, 1, 1], [0, 5, 2]]))
        >>> x.argmin(axis=1)
        NumPyTensor(array([1, 0]))
        >>> x.argmin().item()
        3
        """
        return self._arg_reduce("argmin", axis, keepdims)

    def argmax(self, axis: int | None = None, keepdims: bool = False) -> Self:
        """Index of the first maximum along ``axis`` (flattened for ``None``).

        Parameters
        ----------
        axis
            One axis, or ``None`` to index into the flattened tensor.
        keepdims
            Keep the reduced axis (all axes for ``None``) with length 1.

        Returns
        -------
        Tensor
            The reduced shape (0-d for ``None``), int64 (int32 on JAX
            without 64-bit mode).

        Raises
        ------
        AxisError
            If ``axis`` is out of range.
        TypeError
            If ``axis`` is not an int.
        ValueError
            If the reduced axis (or the tensor, for ``None``) is empty.
        DTypeError
            If the tensor is complex: complex numbers have no order.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([[3, 1, 3], [0, 5, 2]]))
        >>> x.argmax(axis=1, keepdims=True)
        NumPyTensor(array([[0],
                           [1]]))
        >>> x.argmax().item()
        4
        """
        return self._arg_reduce("argmax", axis, keepdims)

    def where(self, x: TensorOrScalar, y: TensorOrScalar) -> Self:
        """``x`` where ``self`` (the condition) is true, else ``y``.

        Parameters
        ----------
        x, y
            Tensors or native arrays of this framework, or Python scalars
            (NumPy scalars count as Python scalars of their kind, on every
            backend); they broadcast with ``self``. A non-bool condition
            counts as true where non-zero.

        Returns
        -------
        Tensor
            The broadcast shape. Two tensors promote as ``+``; a tensor and
            a scalar follow the scalar rule; two Python ints give int64
            (int32 on JAX without 64-bit mode), two floats float32.

        Raises
        ------
        ValueError
            If the shapes do not broadcast.
        TypeError
            If ``x`` or ``y`` belongs to another framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([-1.0, 2.0], dtype=np.float32))
        >>> (x > 0).where(x, 0)
        NumPyTensor(array([0., 2.], dtype=float32))
        """
        cls = type(self)
        ns = self._ns
        cond = self.raw
        if x.__class__ is not cls:
            x = python_scalar(x)
        if y.__class__ is not cls:
            y = python_scalar(y)
        if self._dtype_name(cond.dtype) != "bool":
            cond = ns.astype(cond, cls._native_dtype("bool"))
        x_is_scalar = x.__class__ in _WHERE_SCALARS
        y_is_scalar = y.__class__ in _WHERE_SCALARS
        if isinstance(x, (bool, int, float, complex)) and isinstance(
            y, (bool, int, float, complex)
        ):
            name = dtypes.result_name(
                dtypes.scalar_result_name("bool", x), dtypes.scalar_result_name("bool", y)
            )
            dt = cls._native_dtype(name)
            xr, yr = ns.full((), x, dt, cond), ns.full((), y, dt, cond)
        elif y_is_scalar:
            xr, ys = wrap(cls, self._unwrap(x))._operands(y)
            yr = ns.full((), ys, xr.dtype, cond)
        elif x_is_scalar:
            yr, xs = wrap(cls, self._unwrap(y))._operands(x)
            xr = ns.full((), xs, yr.dtype, cond)
        else:
            xr, yr = wrap(cls, self._unwrap(x))._operands(wrap(cls, self._unwrap(y)))
        if not (cond.shape == getattr(xr, "shape", ()) == getattr(yr, "shape", ())):
            check_broadcast(cond.shape, getattr(xr, "shape", ()), getattr(yr, "shape", ()))
        try:
            return wrap(cls, ns.where(cond, xr, yr))
        except ns.sharding_errors as e:
            raise sharding_error(e) from e

    def count_nonzero(self, axis: Axes = None, keepdims: bool = False) -> Self:
        """How many elements along ``axis`` are non-zero (the standard's ``count_nonzero``).

        Parameters
        ----------
        axis
            An int, a tuple of ints, or ``None`` for all axes; ``()`` counts
            each element alone (0 or 1).
        keepdims
            Keep the reduced axes with length 1.

        Returns
        -------
        Tensor
            The reduced shape (0-d for ``None``), int64 (int32 on JAX
            without 64-bit mode). True, NaN and complex numbers with a
            non-zero part count as non-zero.

        Raises
        ------
        AxisError
            If an axis is out of range or repeated.
        TypeError
            If an axis is not an int.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([[0, 1, 7], [0, 0, 3]]))
        >>> x.count_nonzero()
        NumPyTensor(np.int64(3))
        >>> x.count_nonzero(axis=1, keepdims=True)
        NumPyTensor(array([[2],
                           [1]]))
        """
        cls = self.__class__
        ns = self._ns
        axes = self._axes(axis)
        a = self.raw
        if self._kind(a.dtype) == "c":  # TensorFlow casts complex to bool by the real part
            a = ns.not_equal(a, ns.full((), 0, a.dtype, a))
        elif not self._is_bool(a.dtype):
            a = ns.astype(a, cls._native_dtype("bool"))
        if axes == ():  # each element on its own
            return wrap(cls, ns.astype(a, cls._native_dtype(dtypes.DEFAULT_INT)))
        if axes is not None and len(axes) == 1:
            return wrap(cls, ns.sum(a, axes[0], keepdims))
        return wrap(cls, ns.sum(a, axes, keepdims))  # bool sums as int64

    def _nonzero(self, a: Any, what: str) -> tuple[Any, ...]:
        """The ``nonzero`` primitive of ``a``; its error names the operation ``what``."""
        try:
            return self._ns.nonzero(a)
        except DataDependentShapeError as e:
            raise DataDependentShapeError(f"{what}: {e}") from None

    def nonzero(self) -> tuple[Self, ...]:
        """Indices of the non-zero elements, one 1-d tensor per axis (the standard's).

        The shape of the result depends on the values: inside ``jax.jit``
        (where an array has no values yet) it raises
        [`DataDependentShapeError`][unitensor.DataDependentShapeError].
        TensorFlow computes it inside ``tf.function`` too.

        Returns
        -------
        tuple of Tensor
            ``ndim`` tensors of shape ``(n,)``, ``n`` the number of non-zero
            elements, int64 (int32 on JAX without 64-bit mode); the indices
            come in row-major (C) order. True, NaN and complex numbers with a
            non-zero part count as non-zero.

        Raises
        ------
        ShapeError
            If the tensor is 0-d (as NumPy 2 and the standard say).
        DataDependentShapeError
            On JAX inside ``jax.jit`` or another transformation.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> rows, cols = ut.astensor(np.array([[0, 5], [3, 0]])).nonzero()
        >>> rows, cols
        (NumPyTensor(array([0, 1])), NumPyTensor(array([1, 0])))
        """
        if len(self.raw.shape) == 0:
            raise ShapeError(
                "nonzero of a 0-d tensor is not defined; use t.reshape(1).nonzero() instead"
            )
        cls = self.__class__
        return tuple(wrap(cls, r) for r in self._nonzero(self.raw, "nonzero"))

    def searchsorted(
        self, x2: TensorOrScalar, side: str = "left", sorter: TensorBase | None = None
    ) -> Self:
        """Where ``x2``'s values would be inserted into ``self`` to keep it sorted.

        ``self`` is a sorted 1-d tensor (ascending, NaN last, as
        [`sort`][unitensor.Tensor.sort] puts it), or any 1-d tensor with
        ``sorter``, the indices that sort it.

        Parameters
        ----------
        x2
            The values to look up: a tensor or native array of this
            framework, or a Python scalar (which takes ``self``'s dtype of
            its kind); any shape. Dtypes promote as ``+``.
        side
            ``"left"``: the first index ``i`` with ``x2 <= self[i]``
            (``self[i-1] < x2 <= self[i]``); ``"right"``: the first with
            ``x2 < self[i]`` (``self[i-1] <= x2 < self[i]``). 0 for values
            before every element, ``len(self)`` for values after them all.
        sorter
            Integer indices of ``self``'s shape that sort it ascending
            (``self.argsort()``), or ``None`` if ``self`` is sorted.

        Returns
        -------
        Tensor
            ``x2``'s shape (0-d for a scalar), int64 (int32 on JAX without
            64-bit mode). NaN counts as larger than every number, as in
            ``sort``: a NaN value goes after the numbers (``"left"``) or at
            the end (``"right"``).

        Raises
        ------
        ShapeError
            If ``self`` is not 1-d, or ``sorter`` has another shape.
        ValueError
            If ``side`` is neither ``"left"`` nor ``"right"``.
        DTypeError
            If a tensor is complex (no order), or ``sorter`` is not integer.
        IndexOutOfRangeError
            If ``sorter`` holds an index out of range.
        TypeError
            If ``x2`` or ``sorter`` belongs to another framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([1.0, 2.0, 2.0, 5.0], dtype=np.float32))
        >>> x.searchsorted(np.array([2.0, 6.0], dtype=np.float32))
        NumPyTensor(array([1, 4]))
        >>> x.searchsorted(2, side="right")
        NumPyTensor(np.int64(3))
        """
        cls = self.__class__
        ns = self._ns
        a = self.raw
        if len(a.shape) != 1:
            raise ShapeError(f"searchsorted needs a 1-d sorted tensor, got shape {self.shape}")
        if side != "left" and side != "right":
            raise ValueError(f"side must be 'left' or 'right', got {side!r}")
        if sorter is not None:
            order = index_operand(self, sorter)
            self._integer_indices(order, "searchsorted: sorter")
            if tuple(order.shape) != tuple(a.shape):
                raise ShapeError(
                    f"searchsorted: sorter of shape {tuple(order.shape)} for a tensor of "
                    f"shape {self.shape}"
                )
            a = self.take_along_axis(wrap(cls, order), 0).raw
        a, v = wrap(cls, a)._operands(x2, elementwise=False)
        if v.__class__ in SCALAR_TYPES:
            v = ns.full((), v, a.dtype, a)
        self._real(a, "searchsorted")
        if self._is_bool(a.dtype):  # False < True, searched as 0 and 1
            uint8 = cls._native_dtype("uint8")
            a, v = ns.astype(a, uint8), ns.astype(v, uint8)
        return wrap(cls, ns.searchsorted(a, v, side))
