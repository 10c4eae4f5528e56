"""Searching: ``argmin``, ``argmax`` and ``where``."""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

from typing import TYPE_CHECKING, Self

from .. import dtypes
from ._base import (
    SCALAR_TYPES,
    TensorOrScalar,
    check_broadcast,
    python_scalar,
    wrap,
)
from .indexing import Indexing

if TYPE_CHECKING:
    pass


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
        x_is_scalar = x.__class__ in SCALAR_TYPES
        y_is_scalar = y.__class__ in SCALAR_TYPES
        if isinstance(x, bool | int | float) and isinstance(y, bool | int | float):
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
        return wrap(cls, ns.where(cond, xr, yr))
