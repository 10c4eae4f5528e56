"""Linear algebra: ``matmul`` (``@``), ``inv``, ``slogdet`` and the vector norms ``t.norms``."""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Generic, Self, TypeVar

from .._errors import (
    ShapeError,
)
from ._base import (
    Axes,
    TensorBase,
    check_broadcast,
    wrap,
)
from .set import Set

if TYPE_CHECKING:
    pass


class LinearAlgebra(Set):
    """The methods of this chapter (see [`unitensor.Tensor`][unitensor.Tensor])."""

    __slots__ = ()

    def matmul(self, other: TensorBase) -> Self:
        """Matrix product with NumPy's ``matmul`` semantics.

        1-d operands are treated as vectors; leading axes broadcast as a
        batch. Dtypes promote as ``+``.

        Parameters
        ----------
        other
            A tensor or native array of this framework, at least 1-d.

        Returns
        -------
        Tensor
            ``(..., n, k) @ (..., k, m)`` gives ``(..., n, m)``; a 1-d
            operand's vector axis is dropped from the result (two vectors
            give a 0-d tensor). Dtype promoted as for ``+``.

        Raises
        ------
        ValueError
            If the inner dimensions differ or an operand is 0-d.
        TypeError
            If ``other`` belongs to another framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> a = ut.astensor(np.array([[1.0, 2.0], [3.0, 4.0]], dtype=np.float32))
        >>> a.matmul(np.array([1.0, 1.0], dtype=np.float32))
        NumPyTensor(array([3., 7.], dtype=float32))
        >>> (a @ a).shape
        (2, 2)
        """
        a, b = self._operands(other, False)
        if not hasattr(b, "shape") or len(a.shape) == 0 or len(b.shape) == 0:
            raise ShapeError("matmul does not take scalars or 0-d tensors; use * instead")
        ka = a.shape[-1]
        kb = b.shape[0] if len(b.shape) == 1 else b.shape[-2]
        if ka != kb:
            raise ShapeError(
                f"matmul: inner dimensions differ, {tuple(a.shape)} @ {tuple(b.shape)}"
            )
        if len(a.shape) > 2 or len(b.shape) > 2:
            check_broadcast(tuple(a.shape[:-2]), tuple(b.shape[:-2]))
        if self._dtype_name(a.dtype) == "bool":  # as NumPy: any(a_ik and b_kj)
            i32 = self._native_dtype("int32")
            ns = self._ns
            product = ns.matmul(ns.astype(a, i32), ns.astype(b, i32))
            return wrap(self.__class__, ns.not_equal(product, 0))
        return wrap(self.__class__, self._ns.matmul(a, b))

    def __matmul__(self, other: TensorBase) -> Self:
        """Matrix product ``self @ other``, see [`matmul`][unitensor.Tensor.matmul].

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> a = ut.astensor(np.eye(2, dtype=np.float32))
        >>> (a @ np.array([1.0, 2.0], dtype=np.float32))
        NumPyTensor(array([1., 2.], dtype=float32))
        """
        return self.matmul(other)

    def __rmatmul__(self, other: TensorBase) -> Self:
        """Matrix product ``other @ self`` (``other`` a native array of this framework).

        Shapes and dtypes as [`matmul`][unitensor.Tensor.matmul]. Unlike
        [`matmul`][unitensor.Tensor.matmul], the shapes are not checked
        here; the framework raises its own error.

        Raises
        ------
        TypeError
            If ``other`` belongs to another framework.

        Examples
        --------
        >>> import torch
        >>> import unitensor as ut
        >>> (torch.ones(1, 2) @ ut.astensor(torch.ones(2, 3))).shape
        (1, 3)
        """
        a, b = self._operands(other, False)
        return wrap(self.__class__, self._ns.matmul(b, a))

    def _check_square(self, what: str) -> None:
        shape = self.shape
        if len(shape) < 2 or shape[-1] != shape[-2]:
            raise ShapeError(f"{what} needs (..., n, n) square matrices, got shape {shape}")

    def inv(self) -> Self:
        """Inverse of the square matrices in the last two axes.

        Input (..., n, n) float; output the same shape and dtype.

        Returns
        -------
        Tensor
            Shape (..., n, n); floats keep their dtype, bool and integer
            input gives float32. What a singular matrix gives depends on
            the framework (an error, or inf/NaN values).

        Raises
        ------
        ValueError
            If the tensor is not at least 2-d or the last two axes are not
            square.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([[2.0, 0.0], [0.0, 4.0]], dtype=np.float32)).inv()
        NumPyTensor(array([[0.5 , 0.  ],
                           [0.  , 0.25]], dtype=float32))
        """
        self._check_square("inv")
        return wrap(self.__class__, self._ns.inv(self._floating_any()))

    def slogdet(self) -> tuple[Self, Self]:
        """Sign and natural log of the absolute determinant of square matrices.

        Input (..., n, n) float; returns ``(sign, logabsdet)``, each of
        shape (...) and the input's dtype. A singular matrix gives sign 0
        and logabsdet -inf.

        Returns
        -------
        (Tensor, Tensor)
            ``sign`` and ``logabsdet``, each of shape (...); floats keep
            their dtype, bool and integer input gives float32.

        Raises
        ------
        ValueError
            If the tensor is not at least 2-d or the last two axes are not
            square.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([[-2.0, 0.0], [0.0, 3.0]], dtype=np.float32))
        >>> sign, logabsdet = x.slogdet()
        >>> sign.item(), logabsdet.item()
        (-1.0, 1.7918)
        """
        self._check_square("slogdet")
        sign, logabsdet = self._ns.slogdet(self._floating_any())
        return wrap(self.__class__, sign), wrap(self.__class__, logabsdet)

    @property
    def norms(self) -> NormsAccessor[Self]:
        """The norms of [`unitensor.norms`][unitensor.norms] as methods: ``t.norms.l2(axis=-1)``.

        Returns
        -------
        NormsAccessor
            An object with the methods ``l0``, ``l1``, ``l2``, ``linf`` and
            ``lp``, each taking ``axis`` and ``keepdims`` (``lp`` takes
            ``p`` first) and returning the norm in ``t``'s float dtype
            (integer input gives float32).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([[3.0, 4.0], [0.0, -2.0]], dtype=np.float32))
        >>> x.norms.l2(axis=-1)
        NumPyTensor(array([5., 2.], dtype=float32))
        """
        return NormsAccessor(self)


_T = TypeVar("_T", bound="Set")


class NormsAccessor(Generic[_T]):
    """``t.norms``: the functions of [`unitensor.norms`][unitensor.norms] bound to ``t``."""

    __slots__ = ("_t",)

    def __init__(self, t: _T) -> None:
        self._t = t

    def l0(self, axis: Axes = None, keepdims: bool = False) -> _T:
        """Number of non-zero elements along ``axis``.

        See [`unitensor.norms.l0`][unitensor.norms.l0].

        Parameters
        ----------
        axis
            An int, a tuple of ints, or ``None`` for all axes.
        keepdims
            Keep the reduced axes with length 1.

        Returns
        -------
        Tensor
            The reduced shape, the tensor's float dtype (integer input
            gives float32).

        Raises
        ------
        AxisError
            If an axis is out of range or repeated.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([0.0, 2.0, -1.0], dtype=np.float32)).norms.l0()
        NumPyTensor(np.float32(2.0))
        """
        t = self._t
        xf = wrap(t.__class__, t._floating_any())
        return xf.astype("bool").astype(xf.dtype).sum(axis, keepdims)

    def l1(self, axis: Axes = None, keepdims: bool = False) -> _T:
        """Sum of absolute values along ``axis``.

        See [`unitensor.norms.l1`][unitensor.norms.l1].

        Parameters
        ----------
        axis
            An int, a tuple of ints, or ``None`` for all axes.
        keepdims
            Keep the reduced axes with length 1.

        Returns
        -------
        Tensor
            The reduced shape, the tensor's float dtype (integer input
            gives float32).

        Raises
        ------
        AxisError
            If an axis is out of range or repeated.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([[3, -4], [1, 1]])).norms.l1(axis=1)
        NumPyTensor(array([7., 2.], dtype=float32))
        """
        t = self._t
        return wrap(t.__class__, t._floating_any()).abs().sum(axis, keepdims)

    def l2(self, axis: Axes = None, keepdims: bool = False) -> _T:
        """Euclidean norm along ``axis``.

        See [`unitensor.norms.l2`][unitensor.norms.l2].

        Parameters
        ----------
        axis
            An int, a tuple of ints, or ``None`` for all axes.
        keepdims
            Keep the reduced axes with length 1.

        Returns
        -------
        Tensor
            The reduced shape, the tensor's float dtype (integer input
            gives float32). The gradient at 0 is 0.

        Raises
        ------
        AxisError
            If an axis is out of range or repeated.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([[3.0, -4.0]], dtype=np.float32)).norms.l2(axis=1, keepdims=True)
        NumPyTensor(array([[5.]], dtype=float32))
        """
        t = self._t
        s = wrap(t.__class__, t._floating_any()).square().sum(axis, keepdims)
        positive = s > 0
        return positive.where(positive.where(s, 1).sqrt(), 0)

    def linf(self, axis: Axes = None, keepdims: bool = False) -> _T:
        """Largest absolute value along ``axis``.

        See [`unitensor.norms.linf`][unitensor.norms.linf].

        Parameters
        ----------
        axis
            An int, a tuple of ints, or ``None`` for all axes.
        keepdims
            Keep the reduced axes with length 1.

        Returns
        -------
        Tensor
            The reduced shape, the tensor's float dtype (integer input
            gives float32).

        Raises
        ------
        AxisError
            If an axis is out of range or repeated.
        ValueError
            If a reduced axis is empty.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([3.0, -4.0], dtype=np.float32)).norms.linf().item()
        4.0
        """
        t = self._t
        return wrap(t.__class__, t._floating_any()).abs().max(axis, keepdims)

    def lp(self, p: float, axis: Axes = None, keepdims: bool = False) -> _T:
        """The p-norm ``sum(|x|**p) ** (1/p)`` along ``axis``.

        See [`unitensor.norms.lp`][unitensor.norms.lp].

        Parameters
        ----------
        p
            The order, ``p >= 0``; 0, 1, 2 and ``inf`` give ``l0``, ``l1``,
            ``l2`` and ``linf``.
        axis
            An int, a tuple of ints, or ``None`` for all axes.
        keepdims
            Keep the reduced axes with length 1.

        Returns
        -------
        Tensor
            The reduced shape, the tensor's float dtype (integer input
            gives float32).

        Raises
        ------
        ValueError
            If ``p`` is negative or NaN.
        AxisError
            If an axis is out of range or repeated.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([3.0, -4.0], dtype=np.float32)).norms.lp(1).item()
        7.0
        """
        if not p >= 0:
            raise ValueError(f"lp norm needs p >= 0, got {p}")
        if p == 0:
            return self.l0(axis, keepdims)
        if p == 1:
            return self.l1(axis, keepdims)
        if p == 2:
            return self.l2(axis, keepdims)
        if math.isinf(p):
            return self.linf(axis, keepdims)
        t = self._t
        return (wrap(t.__class__, t._floating_any()).abs() ** p).sum(axis, keepdims) ** (1 / p)
