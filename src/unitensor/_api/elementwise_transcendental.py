"""Elementwise transcendental functions: ``sqrt``, exponentials and logarithms
(``expm1``, ``logaddexp``), the trigonometric and hyperbolic functions and their inverses
(the standard's names, ``acos``, ..., with NumPy's, ``arccos``, ..., as aliases), ``atan2``
and ``hypot``.
"""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

from typing import TYPE_CHECKING, Self, TypeVar, cast

from ._base import Scalar, TensorOrScalar, fast_path, operand_pair, unary_fast_path, wrap
from .elementwise_arithmetic import Arithmetic

if TYPE_CHECKING:
    from .._tensor import Tensor

_T = TypeVar("_T", bound="Tensor")


class Transcendental(Arithmetic):
    """The methods of this chapter (see [`unitensor.Tensor`][unitensor.Tensor])."""

    __slots__ = ()

    @unary_fast_path("sqrt")
    def sqrt(self) -> Self:
        """Elementwise square root (NaN for negative values).

        Returns
        -------
        Tensor
            Same shape; floats keep their dtype, bool and integer input
            gives float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1.0, 4.0, 9.0], dtype=np.float32)).sqrt()
        NumPyTensor(array([1., 2., 3.], dtype=float32))
        """
        return self._float_op(self._ns.sqrt)

    @unary_fast_path("exp")
    def exp(self) -> Self:
        """Elementwise exponential ``e ** x``.

        Returns
        -------
        Tensor
            Same shape; floats keep their dtype, bool and integer input
            gives float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([0.0, 1.0], dtype=np.float32)).exp()
        NumPyTensor(array([1.      , 2.718282], dtype=float32))
        """
        return self._float_op(self._ns.exp)

    @unary_fast_path("expm1")
    def expm1(self) -> Self:
        """Elementwise ``exp(x) - 1``, accurate near 0 (``expm1(-0.0)`` is ``-0.0``).

        Returns
        -------
        Tensor
            Same shape; floats and complex numbers keep their dtype, bool
            and integer input gives float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([0.0, 1e-10])).expm1()
        NumPyTensor(array([0.e+00, 1.e-10]))
        """
        return self._float_op(self._ns.expm1)

    @fast_path("logaddexp")
    def logaddexp(self, other: TensorOrScalar) -> Self:
        """Elementwise ``log(exp(self) + exp(other))`` without overflow.

        ``+inf`` where either operand is ``+inf`` (and neither is NaN).

        Parameters
        ----------
        other
            A Python scalar, or a tensor or native array of this framework
            that broadcasts with ``self``.

        Returns
        -------
        Tensor
            The broadcast shape; the promoted float dtype (bool and integer
            operands give float32).

        Raises
        ------
        DTypeError
            If an operand is complex.
        ShapeError, FrameworkMixError, OverflowError
            As [`add`][unitensor.Tensor.add].

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1000.0, 0.0])).logaddexp(np.array([1000.0, 0.0]))
        NumPyTensor(array([1.00069315e+03, 6.93147181e-01]))
        """
        a, b = self._real_floats(other, "logaddexp")
        return wrap(self.__class__, self._ns.logaddexp(a, b))

    @unary_fast_path("log")
    def log(self) -> Self:
        """Elementwise natural logarithm (-inf at 0, NaN for negative values).

        Returns
        -------
        Tensor
            Same shape; floats keep their dtype, bool and integer input
            gives float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1.0, np.e], dtype=np.float32)).log()
        NumPyTensor(array([0., 1.], dtype=float32))
        """
        return self._float_op(self._ns.log)

    @unary_fast_path("log1p")
    def log1p(self) -> Self:
        """Elementwise ``log(1 + x)``, accurate near 0.

        Returns
        -------
        Tensor
            Same shape; floats keep their dtype, bool and integer input
            gives float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([0.0, 1e-8])).log1p()
        NumPyTensor(array([0.e+00, 1.e-08]))
        """
        return self._float_op(self._ns.log1p)

    @unary_fast_path("log2")
    def log2(self) -> Self:
        """Elementwise base-2 logarithm.

        Returns
        -------
        Tensor
            Same shape; floats keep their dtype, bool and integer input
            gives float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 8])).log2()
        NumPyTensor(array([0., 3.], dtype=float32))
        """
        return self._float_op(self._ns.log2)

    @unary_fast_path("log10")
    def log10(self) -> Self:
        """Elementwise base-10 logarithm.

        Returns
        -------
        Tensor
            Same shape; floats keep their dtype, bool and integer input
            gives float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 10])).log10()
        NumPyTensor(array([0., 1.], dtype=float32))
        """
        return self._float_op(self._ns.log10)

    @unary_fast_path("sin")
    def sin(self) -> Self:
        """Elementwise sine (radians).

        Returns
        -------
        Tensor
            Same shape; floats keep their dtype, bool and integer input
            gives float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([0.0, np.pi / 2], dtype=np.float32)).sin()
        NumPyTensor(array([0., 1.], dtype=float32))
        """
        return self._float_op(self._ns.sin)

    @unary_fast_path("cos")
    def cos(self) -> Self:
        """Elementwise cosine (radians).

        Returns
        -------
        Tensor
            Same shape; floats keep their dtype, bool and integer input
            gives float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([0, 0])).cos()
        NumPyTensor(array([1., 1.], dtype=float32))
        """
        return self._float_op(self._ns.cos)

    @unary_fast_path("tan")
    def tan(self) -> Self:
        """Elementwise tangent (radians).

        Returns
        -------
        Tensor
            Same shape; floats keep their dtype, bool and integer input
            gives float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([0.0, np.pi / 4])).tan().numpy().round(6)
        array([0., 1.])
        """
        return self._float_op(self._ns.tan)

    @unary_fast_path("asin")
    def asin(self) -> Self:
        """Elementwise inverse sine, in ``[-pi/2, pi/2]``; NaN outside ``[-1, 1]``.

        Returns
        -------
        Tensor
            Same shape; floats keep their dtype, bool and integer input
            gives float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([0.0, 1.0])).asin()
        NumPyTensor(array([0.        , 1.57079633]))
        """
        return self._float_op(self._ns.asin)

    arcsin = asin
    """NumPy's name for [`asin`][unitensor.Tensor.asin]."""

    @unary_fast_path("acos")
    def acos(self) -> Self:
        """Elementwise inverse cosine, in ``[0, pi]``; NaN outside ``[-1, 1]``.

        Returns
        -------
        Tensor
            Same shape; floats keep their dtype, bool and integer input
            gives float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 0])).acos()
        NumPyTensor(array([0.       , 1.5707964], dtype=float32))
        """
        return self._float_op(self._ns.acos)

    arccos = acos
    """NumPy's name for [`acos`][unitensor.Tensor.acos]."""

    @unary_fast_path("atan")
    def atan(self) -> Self:
        """Elementwise inverse tangent, in ``(-pi/2, pi/2)``.

        Returns
        -------
        Tensor
            Same shape; floats keep their dtype, bool and integer input
            gives float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([0.0, 1.0])).atan()
        NumPyTensor(array([0.        , 0.78539816]))
        """
        return self._float_op(self._ns.atan)

    arctan = atan
    """NumPy's name for [`atan`][unitensor.Tensor.atan]."""

    @fast_path("atan2")
    def atan2(self, other: TensorOrScalar) -> Self:
        """Elementwise angle of the point ``(other, self)``: the arc tangent of ``self / other``.

        ``self`` is the y-coordinate and ``other`` the x-coordinate, as in C's
        ``atan2``; the result is in ``[-pi, pi]`` and the signs of zeros
        count (``atan2(+0.0, -0.0)`` is ``pi``, ``atan2(-0.0, -0.0)`` is ``-pi``).

        Parameters
        ----------
        other
            The x-coordinates: a Python scalar, or a tensor or native array
            of this framework that broadcasts with ``self``.

        Returns
        -------
        Tensor
            The broadcast shape; the promoted float dtype (bool and integer
            operands give float32).

        Raises
        ------
        DTypeError
            If an operand is complex.
        ShapeError, FrameworkMixError, OverflowError
            As [`add`][unitensor.Tensor.add].

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1.0, 1.0, -1.0])).atan2(np.array([1.0, -1.0, 0.0]))
        NumPyTensor(array([ 0.78539816,  2.35619449, -1.57079633]))
        """
        a, b = self._real_floats(other, "atan2")
        return wrap(self.__class__, self._ns.atan2(a, b))

    @fast_path("hypot")
    def hypot(self, other: TensorOrScalar) -> Self:
        """Elementwise ``sqrt(self**2 + other**2)`` without undue overflow or underflow.

        ``+inf`` where either operand is infinite, even when the other is NaN.

        Parameters
        ----------
        other
            A Python scalar, or a tensor or native array of this framework
            that broadcasts with ``self``.

        Returns
        -------
        Tensor
            The broadcast shape; the promoted float dtype (bool and integer
            operands give float32).

        Raises
        ------
        DTypeError
            If an operand is complex.
        ShapeError, FrameworkMixError, OverflowError
            As [`add`][unitensor.Tensor.add].

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([3.0, 3e200])).hypot(np.array([4.0, 4e200]))
        NumPyTensor(array([5.e+000, 5.e+200]))
        """
        a, b = self._real_floats(other, "hypot")
        return wrap(self.__class__, self._ns.hypot(a, b))

    @unary_fast_path("sinh")
    def sinh(self) -> Self:
        """Elementwise hyperbolic sine.

        Returns
        -------
        Tensor
            Same shape; floats keep their dtype, bool and integer input
            gives float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([0, 0])).sinh()
        NumPyTensor(array([0., 0.], dtype=float32))
        """
        return self._float_op(self._ns.sinh)

    @unary_fast_path("cosh")
    def cosh(self) -> Self:
        """Elementwise hyperbolic cosine.

        Returns
        -------
        Tensor
            Same shape; floats keep their dtype, bool and integer input
            gives float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([0.0, 1.0])).cosh()
        NumPyTensor(array([1.        , 1.54308063]))
        """
        return self._float_op(self._ns.cosh)

    @unary_fast_path("tanh")
    def tanh(self) -> Self:
        """Elementwise hyperbolic tangent, in ``[-1, 1]``.

        Returns
        -------
        Tensor
            Same shape; floats keep their dtype, bool and integer input
            gives float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([0.0, 1.0])).tanh()
        NumPyTensor(array([0.        , 0.76159416]))
        """
        return self._float_op(self._ns.tanh)

    @unary_fast_path("asinh")
    def asinh(self) -> Self:
        """Elementwise inverse hyperbolic sine.

        Returns
        -------
        Tensor
            Same shape; floats keep their dtype, bool and integer input
            gives float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([0.0, 1.0])).asinh()
        NumPyTensor(array([0.        , 0.88137359]))
        """
        return self._float_op(self._ns.asinh)

    arcsinh = asinh
    """NumPy's name for [`asinh`][unitensor.Tensor.asinh]."""

    @unary_fast_path("acosh")
    def acosh(self) -> Self:
        """Elementwise inverse hyperbolic cosine; NaN below 1.

        Returns
        -------
        Tensor
            Same shape; floats keep their dtype, bool and integer input
            gives float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1.0, 2.0])).acosh()
        NumPyTensor(array([0.        , 1.3169579]))
        """
        return self._float_op(self._ns.acosh)

    arccosh = acosh
    """NumPy's name for [`acosh`][unitensor.Tensor.acosh]."""

    @unary_fast_path("atanh")
    def atanh(self) -> Self:
        """Elementwise inverse hyperbolic tangent; +-inf at +-1, NaN outside ``[-1, 1]``.

        Returns
        -------
        Tensor
            Same shape; floats keep their dtype, bool and integer input
            gives float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([0.0, 0.5])).atanh()
        NumPyTensor(array([0.        , 0.54930614]))
        """
        return self._float_op(self._ns.atanh)

    arctanh = atanh
    """NumPy's name for [`atanh`][unitensor.Tensor.atanh]."""


def atan2(x1: _T | Scalar, x2: _T | Scalar, /) -> _T:
    """Elementwise angle of the point ``(x2, x1)``: [`Tensor.atan2`][unitensor.Tensor.atan2].

    Either operand may be a Python scalar; the other must be a tensor (or
    native array). The meaning, dtypes and errors are those of the method.

    Parameters
    ----------
    x1, x2
        The y- and x-coordinates: tensors (or native arrays) of one framework
        that broadcast together, or one of them a Python scalar.

    Returns
    -------
    Tensor
        The broadcast shape; the promoted float dtype (integers: float32).

    Raises
    ------
    UnsupportedTypeError
        If neither operand is a tensor or native array.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.atan2(1.0, ut.astensor(np.array([1.0, -1.0])))
    NumPyTensor(array([0.78539816, 2.35619449]))
    """
    t, other, swapped = operand_pair(x1, x2)
    if not swapped:
        return cast(_T, t.atan2(other))
    a, b = t._real_floats(other, "atan2")
    return cast(_T, wrap(t.__class__, t._ns.atan2(b, a)))


def hypot(x1: _T | Scalar, x2: _T | Scalar, /) -> _T:
    """Elementwise ``sqrt(x1**2 + x2**2)``: [`Tensor.hypot`][unitensor.Tensor.hypot].

    Either operand may be a Python scalar; the other must be a tensor (or
    native array). The meaning, dtypes and errors are those of the method.

    Parameters
    ----------
    x1, x2
        Tensors (or native arrays) of one framework that broadcast together,
        or one of them a Python scalar.

    Returns
    -------
    Tensor
        The broadcast shape; the promoted float dtype (integers: float32).

    Raises
    ------
    UnsupportedTypeError
        If neither operand is a tensor or native array.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.hypot(3.0, ut.astensor(np.array([4.0, 0.0])))
    NumPyTensor(array([5., 3.]))
    """
    t, other, swapped = operand_pair(x1, x2)
    if not swapped:
        return cast(_T, t.hypot(other))
    a, b = t._real_floats(other, "hypot")
    return cast(_T, wrap(t.__class__, t._ns.hypot(b, a)))


def logaddexp(x1: _T | Scalar, x2: _T | Scalar, /) -> _T:
    """Elementwise ``log(exp(x1) + exp(x2))``: [`Tensor.logaddexp`][unitensor.Tensor.logaddexp].

    Either operand may be a Python scalar; the other must be a tensor (or
    native array). The meaning, dtypes and errors are those of the method.

    Parameters
    ----------
    x1, x2
        Tensors (or native arrays) of one framework that broadcast together,
        or one of them a Python scalar.

    Returns
    -------
    Tensor
        The broadcast shape; the promoted float dtype (integers: float32).

    Raises
    ------
    UnsupportedTypeError
        If neither operand is a tensor or native array.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.logaddexp(0.0, ut.astensor(np.array([0.0, -np.inf])))
    NumPyTensor(array([0.69314718, 0.        ]))
    """
    t, other, swapped = operand_pair(x1, x2)
    if not swapped:
        return cast(_T, t.logaddexp(other))
    a, b = t._real_floats(other, "logaddexp")
    return cast(_T, wrap(t.__class__, t._ns.logaddexp(b, a)))
