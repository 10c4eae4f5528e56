"""Elementwise arithmetic: the operators ``+ - * / // % **`` and unary ``- + abs``,
``abs``, ``sign``, ``square``, ``pow`` and rounding (``round``, ``ceil``, ``floor``).
"""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Self

from .._errors import (
    DivisionByZeroError,
)
from ._base import (
    SCALAR_TYPES,
    TensorOrScalar,
    fast_path,
    unary_fast_path,
    wrap,
)
from .creation import Creation

if TYPE_CHECKING:
    pass


class Arithmetic(Creation):
    """The methods of this chapter (see [`unitensor.Tensor`][unitensor.Tensor])."""

    __slots__ = ()

    @fast_path("+")
    def __add__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``self + other`` (dtype rules: ``docs/semantics.md``).

        ``other`` is a Python scalar or a tensor or native array of this
        framework. The result has the broadcast shape; a scalar of the same
        or a lower kind keeps the tensor's dtype, an int/bool tensor plus a
        Python float gives float32, two tensors promote as NumPy does
        within a kind (int with float gives the float dtype). A Python int
        with a float tensor goes in as a float, as NumPy converts it. A
        NumPy scalar (``np.float64(2)``) counts as a Python scalar of its
        kind on every backend (NumPy 2 would widen float32 to float64).

        Framework notes: PyTorch computes float16 and bfloat16 with a Python
        scalar in float32, the scalar not rounded to the dtype first
        (float16 ``0 * 70000`` is 0 there, NaN elsewhere, 70000 being inf in
        float16). TensorFlow may take a Python ``-0.0`` for ``0.0`` once
        ``0.0`` has been used (its constants are cached by value), except as
        a divisor.

        Raises
        ------
        ValueError
            If the shapes do not broadcast.
        TypeError
            If ``other`` belongs to another framework.
        OverflowError
            If a Python int does not fit an integer tensor's dtype, or is
            too large for a float (``10**400``), as in NumPy.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([1, 2], dtype=np.int32))
        >>> x + 1, x + 0.5
        (NumPyTensor(array([2, 3], dtype=int32)), NumPyTensor(array([1.5, 2.5], dtype=float32)))
        """
        a, b = self._operands(other)
        return wrap(self.__class__, self._ns.add(a, b))

    @fast_path("+", reflected=True)
    def __radd__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``other + self``; shapes, dtypes and errors as ``+``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> 1 + ut.astensor(np.array([1, 2]))
        NumPyTensor(array([2, 3]))
        """
        a, b = self._operands(other)
        return wrap(self.__class__, self._ns.add(b, a))

    @fast_path("-")
    def __sub__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``self - other``; shapes, dtypes and errors as ``+``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 2])) - 1
        NumPyTensor(array([0, 1]))
        """
        a, b = self._operands(other)
        return wrap(self.__class__, self._ns.subtract(a, b))

    @fast_path("-", reflected=True)
    def __rsub__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``other - self``; shapes, dtypes and errors as ``+``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> 1 - ut.astensor(np.array([1, 2]))
        NumPyTensor(array([ 0, -1]))
        """
        a, b = self._operands(other)
        return wrap(self.__class__, self._ns.subtract(b, a))

    @fast_path("*")
    def __mul__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``self * other``; shapes, dtypes and errors as ``+``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1.0, 2.0], dtype=np.float32)) * np.array([3.0, 4.0], np.float32)
        NumPyTensor(array([3., 8.], dtype=float32))
        """
        a, b = self._operands(other)
        return wrap(self.__class__, self._ns.multiply(a, b))

    @fast_path("*", reflected=True)
    def __rmul__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``other * self``; shapes, dtypes and errors as ``+``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> 2 * ut.astensor(np.array([1, 2]))
        NumPyTensor(array([2, 4]))
        """
        a, b = self._operands(other)
        return wrap(self.__class__, self._ns.multiply(b, a))

    @fast_path("/")
    def __truediv__(self, other: TensorOrScalar) -> Self:
        """Elementwise true division ``self / other``; integer operands give float32.

        Shapes and errors as ``+``; floats promote as for ``+``. A Python
        ``-0.0`` divisor keeps its sign on every backend (TensorFlow's cache
        of constants would take it for ``0.0``).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 2])) / 2
        NumPyTensor(array([0.5, 1. ], dtype=float32))
        """
        a, b = self._operands(other)
        return wrap(self.__class__, self._ns.divide(a, b))

    @fast_path("/", reflected=True)
    def __rtruediv__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``other / self``; integer operands give float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> 1 / ut.astensor(np.array([2, 4]))
        NumPyTensor(array([0.5 , 0.25], dtype=float32))
        """
        a, b = self._operands(other)
        return wrap(self.__class__, self._ns.divide(b, a))

    def __floordiv__(self, other: TensorOrScalar) -> Self:
        """Elementwise floor division (rounds toward minus infinity).

        Shapes, dtypes and errors as ``+``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([7, -7])) // 2
        NumPyTensor(array([ 3, -4]))
        """
        a, b = self._operands(other)
        return wrap(self.__class__, self._ns.floor_divide(a, self._nonzero_divisor(a, b)))

    def __rfloordiv__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``other // self``; shapes, dtypes and errors as ``+``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> 7 // ut.astensor(np.array([2, 3]))
        NumPyTensor(array([3, 2]))
        """
        a, b = self._operands(other)
        return wrap(self.__class__, self._ns.floor_divide(b, self._nonzero_divisor(a, a)))

    def __mod__(self, other: TensorOrScalar) -> Self:
        """Elementwise remainder with the sign of the divisor (Python's ``%``).

        Shapes, dtypes and errors as ``+``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([7, -7])) % 3
        NumPyTensor(array([1, 2]))
        """
        a, b = self._operands(other)
        return wrap(self.__class__, self._ns.remainder(a, self._nonzero_divisor(a, b)))

    def __rmod__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``other % self``; shapes, dtypes and errors as ``+``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> 7 % ut.astensor(np.array([2, 4]))
        NumPyTensor(array([1, 3]))
        """
        a, b = self._operands(other)
        return wrap(self.__class__, self._ns.remainder(b, self._nonzero_divisor(a, a)))

    def _nonzero_divisor(self, a: Any, divisor: Any) -> Any:
        """``divisor``, checked for zeros when the operands are integers.

        Integer division by zero is an error natively on PyTorch and
        TensorFlow but gives 0 (NumPy) or an unspecified value (JAX), so it
        is an error everywhere. Values that cannot be read (traced inside
        ``jax.jit`` or ``tf.function``) are not checked.

        Raises
        ------
        DivisionByZeroError
            If an integer divisor is zero.
        """
        if self._kind(a.dtype) not in "biu":
            return divisor
        ns = self._ns
        if divisor.__class__ in SCALAR_TYPES:
            zero = divisor == 0
        elif not ns.is_concrete(divisor):
            return divisor  # a traced value: cannot be checked
        else:
            zero = bool(ns.item(ns.any(ns.equal(divisor, 0), None, False)))
        if zero:
            raise DivisionByZeroError("integer division or modulo by zero")
        return divisor

    def __pow__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``self ** other``; shapes, dtypes and errors as ``+``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([2, 3])) ** 2
        NumPyTensor(array([4, 9]))
        """
        a, b = self._operands(other)
        if b.__class__ is int and b < 0 and self._kind(a.dtype) in "iu":
            raise ValueError("integers to negative integer powers are not allowed")
        return wrap(self.__class__, self._ns.pow(a, b))

    def __rpow__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``other ** self``; shapes, dtypes and errors as ``+``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> 2 ** ut.astensor(np.array([1, 3]))
        NumPyTensor(array([2, 8]))
        """
        a, b = self._operands(other)
        return wrap(self.__class__, self._ns.pow(b, a))

    @unary_fast_path("negative")
    def __neg__(self) -> Self:
        """Elementwise negation ``-self``; same shape and dtype.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> -ut.astensor(np.array([1, -2]))
        NumPyTensor(array([-1,  2]))
        """
        return self._numeric_op(self._ns.negative, "negation")

    def __pos__(self) -> Self:
        """``+self``: the tensor itself (the same object).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([1, 2]))
        >>> +x is x
        True
        """
        return self

    def __abs__(self) -> Self:
        """Elementwise absolute value ``abs(self)``, see [`abs`][unitensor.Tensor.abs].

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> abs(ut.astensor(np.array([-1, 2])))
        NumPyTensor(array([1, 2]))
        """
        return self.abs()

    def abs(self) -> Self:
        """Elementwise absolute value.

        Returns
        -------
        Tensor
            Same shape and dtype.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([-1.5, 2.0], dtype=np.float32)).abs()
        NumPyTensor(array([1.5, 2. ], dtype=float32))
        """
        a = self.raw
        if a.dtype not in self._nonbool_dtypes and self._is_bool(a.dtype):
            return wrap(self.__class__, a)  # |True| is True
        return wrap(self.__class__, self._ns.abs(a))

    @unary_fast_path("sign")
    def sign(self) -> Self:
        """Elementwise sign: -1, 0 or 1 (NaN stays NaN).

        Returns
        -------
        Tensor
            Same shape and dtype.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([-3, 0, 5])).sign()
        NumPyTensor(array([-1,  0,  1]))
        """
        return self._numeric_op(self._ns.sign, "sign")

    @unary_fast_path("square")
    def square(self) -> Self:
        """Elementwise square ``x * x``.

        Returns
        -------
        Tensor
            Same shape and dtype.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([-2, 3])).square()
        NumPyTensor(array([4, 9]))
        """
        return self._numeric_op(self._ns.square, "square")

    def pow(self, exponent: TensorOrScalar) -> Self:
        """Elementwise ``self ** exponent`` (broadcasting, promotion as ``**``).

        Parameters
        ----------
        exponent
            A Python scalar, or a tensor or native array of this framework
            that broadcasts with ``self``.

        Returns
        -------
        Tensor
            The broadcast shape; dtype by the promotion rules of
            ``docs/semantics.md`` (an integer tensor with a float exponent
            gives float32).

        Raises
        ------
        ValueError
            If the shapes do not broadcast.
        TypeError
            If ``exponent`` belongs to another framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1.0, 2.0, 3.0], dtype=np.float32)).pow(2)
        NumPyTensor(array([1., 4., 9.], dtype=float32))
        """
        return self.__pow__(exponent)

    @unary_fast_path("round")
    def round(self) -> Self:
        """Round to the nearest integer, halves to even (as NumPy).

        Returns
        -------
        Tensor
            Same shape and dtype (floats stay floats).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([0.5, 1.5, -1.7], dtype=np.float32)).round()
        NumPyTensor(array([ 0.,  2., -2.], dtype=float32))
        """
        return self._op(self._ns.round)

    @unary_fast_path("ceil")
    def ceil(self) -> Self:
        """Elementwise ceiling (smallest integer not below ``x``).

        Returns
        -------
        Tensor
            Same shape and dtype (floats stay floats).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1.2, -1.2], dtype=np.float32)).ceil()
        NumPyTensor(array([ 2., -1.], dtype=float32))
        """
        return self._op(self._ns.ceil)

    @unary_fast_path("floor")
    def floor(self) -> Self:
        """Elementwise floor (largest integer not above ``x``).

        Returns
        -------
        Tensor
            Same shape and dtype (floats stay floats).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1.2, -1.2], dtype=np.float32)).floor()
        NumPyTensor(array([ 1., -2.], dtype=float32))
        """
        return self._op(self._ns.floor)
