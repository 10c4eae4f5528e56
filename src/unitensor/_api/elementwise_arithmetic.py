"""Elementwise arithmetic: the operators ``+ - * / // % **`` and unary ``- +`` with their
standard names (``add``, ``subtract``, ..., ``negative``, ``positive``), ``abs``, ``sign``,
``square``, ``pow``, ``reciprocal``, rounding (``round``, ``ceil``, ``floor``,
``trunc``) and the complex parts (``conj``, ``real``, ``imag``).

A method and its operator are one implementation (``__add__ = add``); the functions
``ut.add(x1, x2)``, ... take a Python scalar on either side.
"""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from .. import dtypes
from .._errors import (
    DivisionByZeroError,
    DTypeError,
)
from ._base import (
    SCALAR_TYPES,
    Scalar,
    TensorOrScalar,
    fast_path,
    operand_pair,
    unary_fast_path,
    wrap,
)
from .creation import Creation

if TYPE_CHECKING:
    from .._tensor import Tensor

_T = TypeVar("_T", bound="Tensor")
_BY_ZERO = "integer division or modulo by zero"  # (the message eagerly and in a graph)


class Arithmetic(Creation):
    """The methods of this chapter (see [`unitensor.Tensor`][unitensor.Tensor])."""

    __slots__ = ()

    @fast_path("+")
    def add(self, other: TensorOrScalar) -> Self:
        """Elementwise sum ``self + other`` (the operator ``+``).

        A scalar of the same or a lower kind keeps the tensor's dtype, an
        int/bool tensor plus a Python float gives float32, two tensors
        promote as NumPy does within a kind (int with float gives the float
        dtype). A Python int with a float tensor goes in as a float, as NumPy
        converts it. Bool tensors add as logical or, as in NumPy. A NumPy
        scalar (``np.float64(2)``) counts as a Python scalar of its kind on
        every backend (NumPy 2 would widen float32 to float64).

        Framework notes: PyTorch computes float16 and bfloat16 with a Python
        scalar in float32, the scalar not rounded to the dtype first
        (float16 ``0 * 70000`` is 0 there, NaN elsewhere, 70000 being inf in
        float16). TensorFlow may take a Python ``-0.0`` for ``0.0`` once
        ``0.0`` has been used (its constants are cached by value), except as
        a divisor.

        Parameters
        ----------
        other
            A Python scalar, or a tensor or native array of this framework
            that broadcasts with ``self``.

        Returns
        -------
        Tensor
            The broadcast shape; the promoted dtype (``docs/semantics.md``).

        Raises
        ------
        ShapeError
            If the shapes do not broadcast.
        FrameworkMixError
            If ``other`` belongs to another framework.
        OverflowError
            If a Python int does not fit an integer tensor's dtype, or is
            too large for a float (``10**400``), as in NumPy.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([1, 2], dtype=np.int32))
        >>> x + 1, x.add(0.5)
        (NumPyTensor(array([2, 3], dtype=int32)), NumPyTensor(array([1.5, 2.5], dtype=float32)))
        """
        a, b = self._operands(other)
        return wrap(self.__class__, self._ns.add(a, b))

    __add__ = add

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
    def subtract(self, other: TensorOrScalar) -> Self:
        """Elementwise difference ``self - other`` (the operator ``-``).

        Parameters
        ----------
        other
            A Python scalar, or a tensor or native array of this framework
            that broadcasts with ``self``.

        Returns
        -------
        Tensor
            The broadcast shape; dtype promoted as for ``+``.

        Raises
        ------
        DTypeError
            If both operands are bool (NumPy's ``-`` refuses them too).
        ShapeError, FrameworkMixError, OverflowError
            As [`add`][unitensor.Tensor.add].

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 2])) - 1
        NumPyTensor(array([0, 1]))
        """
        a, b = self._operands(other)
        return wrap(self.__class__, self._ns.subtract(self._number(a, "subtract"), b))

    __sub__ = subtract

    @fast_path("-", reflected=True)
    def __rsub__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``other - self``; shapes, dtypes and errors as ``-``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> 1 - ut.astensor(np.array([1, 2]))
        NumPyTensor(array([ 0, -1]))
        """
        a, b = self._operands(other)
        return wrap(self.__class__, self._ns.subtract(b, self._number(a, "subtract")))

    @fast_path("*")
    def multiply(self, other: TensorOrScalar) -> Self:
        """Elementwise product ``self * other`` (the operator ``*``).

        Bool tensors multiply as logical and, as in NumPy.

        Parameters
        ----------
        other
            A Python scalar, or a tensor or native array of this framework
            that broadcasts with ``self``.

        Returns
        -------
        Tensor
            The broadcast shape; dtype promoted as for ``+``.

        Raises
        ------
        ShapeError, FrameworkMixError, OverflowError
            As [`add`][unitensor.Tensor.add].

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1.0, 2.0], dtype=np.float32)) * np.array([3.0, 4.0], np.float32)
        NumPyTensor(array([3., 8.], dtype=float32))
        """
        a, b = self._operands(other)
        return wrap(self.__class__, self._ns.multiply(a, b))

    __mul__ = multiply

    @fast_path("*", reflected=True)
    def __rmul__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``other * self``; shapes, dtypes and errors as ``*``.

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
    def divide(self, other: TensorOrScalar) -> Self:
        """Elementwise true division ``self / other`` (the operator ``/``).

        Integer and bool operands give float32; floats promote as for ``+``.
        A Python ``-0.0`` divisor keeps its sign on every backend
        (TensorFlow's cache of constants would take it for ``0.0``).

        Parameters
        ----------
        other
            A Python scalar, or a tensor or native array of this framework
            that broadcasts with ``self``.

        Returns
        -------
        Tensor
            The broadcast shape; a float (or complex) dtype.

        Raises
        ------
        ShapeError, FrameworkMixError, OverflowError
            As [`add`][unitensor.Tensor.add].

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 2])) / 2
        NumPyTensor(array([0.5, 1. ], dtype=float32))
        """
        a, b = self._operands(other)
        return wrap(self.__class__, self._ns.divide(a, b))

    __truediv__ = divide

    @fast_path("divide", reflected=True)  # (PyTorch's 2.5 / x rounds twice: its divide)
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

    def floor_divide(self, other: TensorOrScalar) -> Self:
        """Elementwise floor division ``self // other``: rounds toward minus infinity.

        Floats follow NumPy (and Python): ``1.0 // 0.1`` is 9.0, since
        ``1.0 == 9 * 0.1 + 0.0999...``; ``inf // 2`` is NaN and ``1.0 // -inf``
        is -1.0 (both of which the standard allows); a zero divisor gives
        ``self / other`` (+-inf or NaN).

        Parameters
        ----------
        other
            A Python scalar, or a tensor or native array of this framework
            that broadcasts with ``self``.

        Returns
        -------
        Tensor
            The broadcast shape; dtype promoted as for ``+``.

        Raises
        ------
        DivisionByZeroError
            If integer operands divide by zero (not checked inside
            ``jax.jit`` or ``tf.function``).
        DTypeError
            If the operands are bool or complex.
        ShapeError, FrameworkMixError, OverflowError
            As [`add`][unitensor.Tensor.add].

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([7, -7])) // 2
        NumPyTensor(array([ 3, -4]))
        """
        a, b = self._operands(other)
        a = self._real_number(a, "floor_divide")
        return wrap(self.__class__, self._ns.floor_divide(a, self._nonzero_divisor(a, b)))

    __floordiv__ = floor_divide

    def __rfloordiv__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``other // self``; shapes, dtypes and errors as ``//``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> 7 // ut.astensor(np.array([2, 3]))
        NumPyTensor(array([3, 2]))
        """
        a, b = self._operands(other)
        a = self._real_number(a, "floor_divide")
        return wrap(self.__class__, self._ns.floor_divide(b, self._nonzero_divisor(a, a)))

    def remainder(self, other: TensorOrScalar) -> Self:
        """Elementwise remainder ``self % other``, with the sign of the divisor (Python's ``%``).

        A zero remainder takes the divisor's sign too (``0.0 % -1.0`` is
        ``-0.0``); ``inf % 2`` and ``x % 0.0`` are NaN, ``1.0 % inf`` is 1.0
        and ``1.0 % -inf`` is ``-inf``, as in NumPy and Python.

        Parameters
        ----------
        other
            A Python scalar, or a tensor or native array of this framework
            that broadcasts with ``self``.

        Returns
        -------
        Tensor
            The broadcast shape; dtype promoted as for ``+``.

        Raises
        ------
        DivisionByZeroError
            If integer operands divide by zero (not checked inside
            ``jax.jit`` or ``tf.function``).
        DTypeError
            If the operands are bool or complex.
        ShapeError, FrameworkMixError, OverflowError
            As [`add`][unitensor.Tensor.add].

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([7, -7])) % 3
        NumPyTensor(array([1, 2]))
        """
        a, b = self._operands(other)
        a = self._real_number(a, "remainder")
        return wrap(self.__class__, self._ns.remainder(a, self._nonzero_divisor(a, b)))

    __mod__ = remainder

    def __rmod__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``other % self``; shapes, dtypes and errors as ``%``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> 7 % ut.astensor(np.array([2, 4]))
        NumPyTensor(array([1, 3]))
        """
        a, b = self._operands(other)
        a = self._real_number(a, "remainder")
        return wrap(self.__class__, self._ns.remainder(b, self._nonzero_divisor(a, a)))

    def _nonzero_divisor(self, a: Any, divisor: Any) -> Any:
        """``divisor``, checked for zeros when the operands are integers.

        Integer division by zero is an error natively on PyTorch and
        TensorFlow but gives 0 (NumPy) or an unspecified value (JAX), so it
        is an error everywhere. Values that cannot be read (traced inside
        ``jax.jit``, ``tf.function`` or ``torch.compile``) are checked inside
        the graph where the framework can (TensorFlow, PyTorch: the
        framework's error when it runs), not on JAX or under XLA.

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
        elif not ns.is_concrete(divisor):  # a traced value: checked in the graph, if it can
            ok = ns.logical_not(ns.any(ns.equal(divisor, 0), None, False))
            return ns.assert_traced(divisor, ok, DivisionByZeroError(_BY_ZERO))
        else:
            zero = bool(ns.item(ns.any(ns.equal(divisor, 0), None, False)))
        if zero:
            raise DivisionByZeroError(_BY_ZERO)
        return divisor

    def _number(self, a: Any, what: str) -> Any:
        """``a`` itself unless its dtype is bool (``DTypeError``): arithmetic needs numbers."""
        if a.dtype not in self._nonbool_dtypes and self._is_bool(a.dtype):
            raise DTypeError(f"{what} of bool tensors; cast them to a number dtype first")
        return a

    def _real_number(self, a: Any, what: str) -> Any:
        """``a`` itself if its dtype is an integer or real float; else ``DTypeError``."""
        dtype = a.dtype
        if dtype in self._nonbool_dtypes and dtype in self._real_dtypes:
            return a
        self._number(a, what)
        return self._real_only(a, what)

    def _real_only(self, a: Any, what: str) -> Any:
        """``a`` itself unless its dtype is complex (``DTypeError``)."""
        if a.dtype not in self._real_dtypes and self._kind(a.dtype) == "c":
            raise DTypeError(
                f"{what} is defined for real numbers only, got {self._dtype_name(a.dtype)}"
            )
        return a

    def _real_floats(self, other: Any, what: str) -> tuple[Any, Any]:
        """Native operands of a function of two real floats (``atan2``, ``copysign``, ...).

        Promoted as for ``+``; bool and integer operands go in as float32
        and a Python scalar as a float.

        Raises
        ------
        DTypeError
            If an operand is complex.
        """
        a, b = self._operands(other)
        if a.dtype not in self._float_dtypes:
            self._real_only(a, what)
            if self._kind(a.dtype) != "f":
                ns = self._ns
                f32 = self._native_dtype(dtypes.DEFAULT_FLOAT)
                a = ns.astype(a, f32)
                if b.__class__ not in SCALAR_TYPES:
                    b = ns.astype(b, f32)
        if b.__class__ is not float and b.__class__ in SCALAR_TYPES:
            b = float(b)
        return a, b

    def pow(self, exponent: TensorOrScalar) -> Self:
        """Elementwise power ``self ** exponent`` (the operator ``**``).

        Floats follow C's ``pow`` and the standard's special cases
        (``x ** 0`` is 1 even for NaN, ``(-8.0) ** (1/3)`` is NaN, ...).

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
            If an integer tensor is raised to a negative Python int.
        DTypeError
            If the operands are bool.
        ShapeError, FrameworkMixError, OverflowError
            As [`add`][unitensor.Tensor.add].

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1.0, 2.0, 3.0], dtype=np.float32)).pow(2)
        NumPyTensor(array([1., 4., 9.], dtype=float32))
        >>> ut.astensor(np.array([2, 3])) ** 2
        NumPyTensor(array([4, 9]))
        """
        a, b = self._operands(exponent)
        a = self._number(a, "pow")
        if b.__class__ is int and b < 0 and self._kind(a.dtype) in "iu":
            raise ValueError("integers to negative integer powers are not allowed")
        return wrap(self.__class__, self._ns.pow(a, b))

    __pow__ = pow

    def __rpow__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``other ** self``; shapes, dtypes and errors as ``**``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> 2 ** ut.astensor(np.array([1, 3]))
        NumPyTensor(array([2, 8]))
        """
        a, b = self._operands(other)
        return wrap(self.__class__, self._ns.pow(b, self._number(a, "pow")))

    @unary_fast_path("negative")
    def negative(self) -> Self:
        """Elementwise negation ``-self`` (the operator ``-``).

        Unsigned integers wrap around, as in NumPy.

        Returns
        -------
        Tensor
            Same shape and dtype.

        Raises
        ------
        DTypeError
            If the tensor is bool.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> -ut.astensor(np.array([1, -2]))
        NumPyTensor(array([-1,  2]))
        """
        return self._numeric_op(self._ns.negative, "negation")

    __neg__ = negative

    def positive(self) -> Self:
        """Elementwise ``+self`` (the operator ``+``): the tensor itself, the same object.

        Returns
        -------
        Tensor
            ``self``.

        Raises
        ------
        DTypeError
            If the tensor is bool (as NumPy 2's ``+``).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([1, 2]))
        >>> +x is x, x.positive() is x
        (True, True)
        """
        a = self.raw
        if a.dtype not in self._nonbool_dtypes:
            self._not_bool(a, "positive")
        return self

    __pos__ = positive

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

    @unary_fast_path("abs")
    def abs(self) -> Self:
        """Elementwise absolute value; for complex numbers the magnitude.

        ``abs(-0.0)`` is ``+0.0``; a complex number with an infinite part has
        magnitude ``+inf``, even when its other part is NaN.

        Returns
        -------
        Tensor
            Same shape and dtype; complex input gives the real dtype of its
            precision (complex64: float32).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([-1.5, 2.0], dtype=np.float32)).abs()
        NumPyTensor(array([1.5, 2. ], dtype=float32))
        >>> ut.astensor(np.array([3 + 4j], dtype=np.complex64)).abs()
        NumPyTensor(array([5.], dtype=float32))
        """
        a = self.raw
        if a.dtype not in self._nonbool_dtypes and self._is_bool(a.dtype):
            return wrap(self.__class__, a)  # |True| is True
        return wrap(self.__class__, self._ns.abs(a))

    @unary_fast_path("sign")
    def sign(self) -> Self:
        """Elementwise sign: -1, 0 or 1; NaN stays NaN, ``-0.0`` gives ``+0.0``.

        For complex numbers the standard's ``self / abs(self)`` (0 for 0).

        Returns
        -------
        Tensor
            Same shape and dtype.

        Raises
        ------
        DTypeError
            If the tensor is bool.

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

        Raises
        ------
        DTypeError
            If the tensor is bool.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([-2, 3])).square()
        NumPyTensor(array([4, 9]))
        """
        return self._numeric_op(self._ns.square, "square")

    @unary_fast_path("reciprocal")
    def reciprocal(self) -> Self:
        """Elementwise reciprocal ``1 / x`` (``1 / -0.0`` is ``-inf``).

        Returns
        -------
        Tensor
            Same shape; floats and complex numbers keep their dtype, bool
            and integer input gives float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([2, 4])).reciprocal()
        NumPyTensor(array([0.5 , 0.25], dtype=float32))
        """
        return self._float_op(self._ns.reciprocal)

    @unary_fast_path("round")
    def round(self) -> Self:
        """Round to the nearest integer, halves to even (as NumPy).

        Complex numbers round their real and imaginary parts.

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

        Raises
        ------
        DTypeError
            If the tensor is complex.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1.2, -1.2], dtype=np.float32)).ceil()
        NumPyTensor(array([ 2., -1.], dtype=float32))
        """
        return wrap(self.__class__, self._ns.ceil(self._real_only(self.raw, "ceil")))

    @unary_fast_path("floor")
    def floor(self) -> Self:
        """Elementwise floor (largest integer not above ``x``).

        Returns
        -------
        Tensor
            Same shape and dtype (floats stay floats).

        Raises
        ------
        DTypeError
            If the tensor is complex.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1.2, -1.2], dtype=np.float32)).floor()
        NumPyTensor(array([ 1., -2.], dtype=float32))
        """
        return wrap(self.__class__, self._ns.floor(self._real_only(self.raw, "floor")))

    @unary_fast_path("trunc")
    def trunc(self) -> Self:
        """Elementwise rounding toward zero (``trunc(-0.5)`` is ``-0.0``).

        Returns
        -------
        Tensor
            Same shape and dtype; bool and integer tensors are returned as
            they are (the same object).

        Raises
        ------
        DTypeError
            If the tensor is complex.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1.7, -1.7], dtype=np.float32)).trunc()
        NumPyTensor(array([ 1., -1.], dtype=float32))
        """
        kind = self._kind(self.raw.dtype)
        if kind in "biu":
            return self
        return wrap(self.__class__, self._ns.trunc(self._real_only(self.raw, "trunc")))

    def conj(self) -> Self:
        """Elementwise complex conjugate; real tensors are returned as they are.

        Returns
        -------
        Tensor
            Same shape and dtype (a real tensor: ``self``, the same object).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1 + 2j], dtype=np.complex64)).conj()
        NumPyTensor(array([1.-2.j], dtype=complex64))
        """
        a = self.raw
        if a.dtype in self._real_dtypes or self._kind(a.dtype) != "c":
            return self
        return wrap(self.__class__, self._ns.conj(a))

    def real(self) -> Self:
        """Elementwise real part; real tensors are returned as they are.

        Returns
        -------
        Tensor
            Same shape; complex input gives the real dtype of its precision
            (complex64: float32), real input is ``self``, the same object.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1 + 2j], dtype=np.complex64)).real()
        NumPyTensor(array([1.], dtype=float32))
        """
        a = self.raw
        if a.dtype in self._real_dtypes or self._kind(a.dtype) != "c":
            return self
        return wrap(self.__class__, self._ns.real(a))

    def imag(self) -> Self:
        """Elementwise imaginary part; zeros for real tensors (as NumPy).

        Returns
        -------
        Tensor
            Same shape; complex input gives the real dtype of its precision
            (complex64: float32), real input zeros of its own dtype.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1 + 2j], dtype=np.complex64)).imag()
        NumPyTensor(array([2.], dtype=float32))
        """
        a = self.raw
        if a.dtype in self._real_dtypes or self._kind(a.dtype) != "c":
            return self.zeros_like()
        return wrap(self.__class__, self._ns.imag(a))


# The functions of two operands: a Python scalar on either side (at least one operand is a
# tensor or native array); the scalar on the left takes the operator's reflected form.


def add(x1: _T | Scalar, x2: _T | Scalar, /) -> _T:
    """Elementwise sum ``x1 + x2``: [`Tensor.add`][unitensor.Tensor.add] as a function.

    Either operand may be a Python scalar; the other must be a tensor (or
    native array). The meaning, dtypes and errors are those of ``+``.

    Parameters
    ----------
    x1, x2
        Tensors (or native arrays) of one framework that broadcast together,
        or one of them a Python scalar.

    Returns
    -------
    Tensor
        The broadcast shape; the promoted dtype.

    Raises
    ------
    UnsupportedTypeError
        If neither operand is a tensor or native array.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.add(1, ut.astensor(np.array([1, 2])))
    NumPyTensor(array([2, 3]))
    """
    t, other, swapped = operand_pair(x1, x2)
    return cast(_T, t.__radd__(other) if swapped else t.add(other))


def subtract(x1: _T | Scalar, x2: _T | Scalar, /) -> _T:
    """Elementwise difference ``x1 - x2``: [`Tensor.subtract`][unitensor.Tensor.subtract].

    Either operand may be a Python scalar; the other must be a tensor (or
    native array). The meaning, dtypes and errors are those of ``-``.

    Parameters
    ----------
    x1, x2
        Tensors (or native arrays) of one framework that broadcast together,
        or one of them a Python scalar.

    Returns
    -------
    Tensor
        The broadcast shape; the promoted dtype.

    Raises
    ------
    UnsupportedTypeError
        If neither operand is a tensor or native array.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.subtract(1, ut.astensor(np.array([1, 2])))
    NumPyTensor(array([ 0, -1]))
    """
    t, other, swapped = operand_pair(x1, x2)
    return cast(_T, t.__rsub__(other) if swapped else t.subtract(other))


def multiply(x1: _T | Scalar, x2: _T | Scalar, /) -> _T:
    """Elementwise product ``x1 * x2``: [`Tensor.multiply`][unitensor.Tensor.multiply].

    Either operand may be a Python scalar; the other must be a tensor (or
    native array). The meaning, dtypes and errors are those of ``*``.

    Parameters
    ----------
    x1, x2
        Tensors (or native arrays) of one framework that broadcast together,
        or one of them a Python scalar.

    Returns
    -------
    Tensor
        The broadcast shape; the promoted dtype.

    Raises
    ------
    UnsupportedTypeError
        If neither operand is a tensor or native array.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.multiply(ut.astensor(np.array([1, 2])), 3)
    NumPyTensor(array([3, 6]))
    """
    t, other, swapped = operand_pair(x1, x2)
    return cast(_T, t.__rmul__(other) if swapped else t.multiply(other))


def divide(x1: _T | Scalar, x2: _T | Scalar, /) -> _T:
    """Elementwise true division ``x1 / x2``: [`Tensor.divide`][unitensor.Tensor.divide].

    Either operand may be a Python scalar; the other must be a tensor (or
    native array). The meaning, dtypes and errors are those of ``/``.

    Parameters
    ----------
    x1, x2
        Tensors (or native arrays) of one framework that broadcast together,
        or one of them a Python scalar.

    Returns
    -------
    Tensor
        The broadcast shape; a float dtype (integer operands: float32).

    Raises
    ------
    UnsupportedTypeError
        If neither operand is a tensor or native array.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.divide(1, ut.astensor(np.array([2, 4])))
    NumPyTensor(array([0.5 , 0.25], dtype=float32))
    """
    t, other, swapped = operand_pair(x1, x2)
    return cast(_T, t.__rtruediv__(other) if swapped else t.divide(other))


def floor_divide(x1: _T | Scalar, x2: _T | Scalar, /) -> _T:
    """Elementwise ``x1 // x2``: [`Tensor.floor_divide`][unitensor.Tensor.floor_divide].

    Either operand may be a Python scalar; the other must be a tensor (or
    native array). The meaning, dtypes and errors are those of ``//``.

    Parameters
    ----------
    x1, x2
        Tensors (or native arrays) of one framework that broadcast together,
        or one of them a Python scalar.

    Returns
    -------
    Tensor
        The broadcast shape; the promoted dtype.

    Raises
    ------
    UnsupportedTypeError
        If neither operand is a tensor or native array.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.floor_divide(7, ut.astensor(np.array([2, -2])))
    NumPyTensor(array([ 3, -4]))
    """
    t, other, swapped = operand_pair(x1, x2)
    return cast(_T, t.__rfloordiv__(other) if swapped else t.floor_divide(other))


def remainder(x1: _T | Scalar, x2: _T | Scalar, /) -> _T:
    """Elementwise ``x1 % x2``: [`Tensor.remainder`][unitensor.Tensor.remainder].

    Either operand may be a Python scalar; the other must be a tensor (or
    native array). The meaning, dtypes and errors are those of ``%``.

    Parameters
    ----------
    x1, x2
        Tensors (or native arrays) of one framework that broadcast together,
        or one of them a Python scalar.

    Returns
    -------
    Tensor
        The broadcast shape; the promoted dtype.

    Raises
    ------
    UnsupportedTypeError
        If neither operand is a tensor or native array.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.remainder(7, ut.astensor(np.array([2, -2])))
    NumPyTensor(array([ 1, -1]))
    """
    t, other, swapped = operand_pair(x1, x2)
    return cast(_T, t.__rmod__(other) if swapped else t.remainder(other))


def pow(x1: _T | Scalar, x2: _T | Scalar, /) -> _T:
    """Elementwise power ``x1 ** x2``: [`Tensor.pow`][unitensor.Tensor.pow] as a function.

    Either operand may be a Python scalar; the other must be a tensor (or
    native array). The meaning, dtypes and errors are those of ``**``.

    Parameters
    ----------
    x1, x2
        The bases and the exponents: tensors (or native arrays) of one
        framework that broadcast together, or one of them a Python scalar.

    Returns
    -------
    Tensor
        The broadcast shape; the promoted dtype.

    Raises
    ------
    UnsupportedTypeError
        If neither operand is a tensor or native array.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.pow(2, ut.astensor(np.array([1, 3]))), ut.pow(ut.astensor(np.array([1, 3])), 2)
    (NumPyTensor(array([2, 8])), NumPyTensor(array([1, 9])))
    """
    t, other, swapped = operand_pair(x1, x2)
    return cast(_T, t.__rpow__(other) if swapped else t.pow(other))
