"""Elementwise comparison: ``< <= > >= == !=`` and their standard names (``less``, ...,
``not_equal``), ``minimum``, ``maximum``, ``clip`` and the classification functions
``isnan``, ``isinf``, ``isfinite``, ``signbit``, with ``copysign`` and ``nextafter``
beside ``signbit``.
"""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from ._base import (
    Scalar,
    TensorBase,
    TensorOrScalar,
    as_tensor,
    clip_fast_path,
    fast_path,
    operand_pair,
    python_scalar,
    sharding_error,
    unary_fast_path,
    wrap,
)
from .elementwise_transcendental import Transcendental

if TYPE_CHECKING:
    from .._tensor import Tensor

_T = TypeVar("_T", bound="Tensor")


class Comparison(Transcendental):
    """The methods of this chapter (see [`unitensor.Tensor`][unitensor.Tensor])."""

    __slots__ = ()

    def _compare(
        self,
        other: object,
        fn: Callable[[Any, Any], Any],
        above: bool,
        below: bool,
        order: str | None = None,
    ) -> Self:
        """``fn(self, other)``, a comparison primitive; ``order`` names an ordering one.

        ``above`` and ``below`` are its value for a Python int beyond this
        integer tensor's dtype, above or below it (see ``_by_value``).
        """
        try:
            a, b = self._operands(other)
        except OverflowError:
            out = self._by_value(other, above, below)
            if out is None:
                raise
            return out
        try:
            return wrap(self.__class__, fn(a if order is None else self._real(a, order), b))
        except self._ns.sharding_errors as e:
            raise sharding_error(e) from e

    def _by_value(self, other: object, above: bool, below: bool) -> Self | None:
        """A comparison with a Python int beyond an integer tensor's dtype, by value.

        NumPy 2 (and the standard) compare by value: ``int8 tensor < 1000`` is
        true everywhere. The result is ``above`` everywhere for an int above the
        dtype's range, ``below`` for one below it; None if ``other`` is no such
        int (the caller raises).
        """
        value = python_scalar(other)
        bounds = self._int_range(self.raw.dtype)
        if value.__class__ is not int or bounds is None:
            return None
        a = self.raw
        same = (value > bounds[1] and above) or (value < bounds[0] and below)
        return wrap(self.__class__, self._ns.equal(a, a) if same else self._ns.not_equal(a, a))

    @fast_path("<")
    def less(self, other: TensorOrScalar) -> Self:
        """Elementwise ``self < other`` (the operator ``<``): a bool tensor.

        Parameters
        ----------
        other
            A Python scalar, or a tensor or native array of this framework
            that broadcasts with ``self``.

        Returns
        -------
        Tensor
            The broadcast shape, bool.

        Raises
        ------
        DTypeError
            If the tensor is complex: complex numbers have no order.
        ShapeError, FrameworkMixError, OverflowError
            As [`add`][unitensor.Tensor.add].

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 2, 3])) < 2
        NumPyTensor(array([ True, False, False]))
        """
        return self._compare(other, self._ns.less, True, False, "<")

    __lt__ = less

    @fast_path("<=")
    def less_equal(self, other: TensorOrScalar) -> Self:
        """Elementwise ``self <= other`` (the operator ``<=``): a bool tensor.

        Parameters
        ----------
        other
            A Python scalar, or a tensor or native array of this framework
            that broadcasts with ``self``.

        Returns
        -------
        Tensor
            The broadcast shape, bool.

        Raises
        ------
        DTypeError
            If the tensor is complex: complex numbers have no order.
        ShapeError, FrameworkMixError, OverflowError
            As [`add`][unitensor.Tensor.add].

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 2, 3])) <= 2
        NumPyTensor(array([ True,  True, False]))
        """
        return self._compare(other, self._ns.less_equal, True, False, "<=")

    __le__ = less_equal

    @fast_path(">")
    def greater(self, other: TensorOrScalar) -> Self:
        """Elementwise ``self > other`` (the operator ``>``): a bool tensor.

        Parameters
        ----------
        other
            A Python scalar, or a tensor or native array of this framework
            that broadcasts with ``self``.

        Returns
        -------
        Tensor
            The broadcast shape, bool.

        Raises
        ------
        DTypeError
            If the tensor is complex: complex numbers have no order.
        ShapeError, FrameworkMixError, OverflowError
            As [`add`][unitensor.Tensor.add].

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 2, 3])) > 2
        NumPyTensor(array([False, False,  True]))
        """
        return self._compare(other, self._ns.greater, False, True, ">")

    __gt__ = greater

    @fast_path(">=")
    def greater_equal(self, other: TensorOrScalar) -> Self:
        """Elementwise ``self >= other`` (the operator ``>=``): a bool tensor.

        Parameters
        ----------
        other
            A Python scalar, or a tensor or native array of this framework
            that broadcasts with ``self``.

        Returns
        -------
        Tensor
            The broadcast shape, bool.

        Raises
        ------
        DTypeError
            If the tensor is complex: complex numbers have no order.
        ShapeError, FrameworkMixError, OverflowError
            As [`add`][unitensor.Tensor.add].

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 2, 3])) >= 2
        NumPyTensor(array([False,  True,  True]))
        """
        return self._compare(other, self._ns.greater_equal, False, True, ">=")

    __ge__ = greater_equal

    def __eq__(self, other: object) -> Self:  # type: ignore[override]  # elementwise, as in NumPy
        """Elementwise ``self == other`` (the operator ``==``): a bool tensor.

        NaN equals nothing, ``-0.0`` equals ``0.0``. The operator is why
        tensors are not hashable.

        Parameters
        ----------
        other
            A Python scalar, or a tensor or native array of this framework
            that broadcasts with ``self``.

        Returns
        -------
        Tensor
            The broadcast shape, bool.

        Raises
        ------
        ShapeError, FrameworkMixError, OverflowError
            As [`add`][unitensor.Tensor.add].

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 2, 3])) == np.array([1, 0, 3])
        NumPyTensor(array([ True, False,  True]))
        """
        return self._compare(other, self._ns.equal, False, False)

    equal = __eq__
    """The standard's name for ``==``: elementwise ``self == other``, a bool tensor."""

    def __ne__(self, other: object) -> Self:  # type: ignore[override]  # elementwise, as in NumPy
        """Elementwise ``self != other`` (the operator ``!=``): a bool tensor.

        NaN differs from everything, itself included.

        Parameters
        ----------
        other
            A Python scalar, or a tensor or native array of this framework
            that broadcasts with ``self``.

        Returns
        -------
        Tensor
            The broadcast shape, bool.

        Raises
        ------
        ShapeError, FrameworkMixError, OverflowError
            As [`add`][unitensor.Tensor.add].

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1.0, np.nan])) != 1.0
        NumPyTensor(array([False,  True]))
        """
        return self._compare(other, self._ns.not_equal, True, True)

    not_equal = __ne__
    """The standard's name for ``!=``: elementwise ``self != other``, a bool tensor."""

    @fast_path("minimum")
    def minimum(self, other: TensorOrScalar) -> Self:
        """Elementwise minimum of ``self`` and ``other`` (NaN propagates).

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
        ValueError
            If the shapes do not broadcast.
        TypeError
            If ``other`` belongs to another framework.
        DTypeError
            If the tensor is complex: complex numbers have no order.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 5, 3])).minimum(2)
        NumPyTensor(array([1, 2, 2]))
        """
        a, b = self._operands(other)
        return wrap(self.__class__, self._ns.minimum(self._real(a, "minimum"), b))

    @fast_path("maximum")
    def maximum(self, other: TensorOrScalar) -> Self:
        """Elementwise maximum of ``self`` and ``other`` (NaN propagates).

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
        ValueError
            If the shapes do not broadcast.
        TypeError
            If ``other`` belongs to another framework.
        DTypeError
            If the tensor is complex: complex numbers have no order.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 5, 3])).maximum(2)
        NumPyTensor(array([2, 5, 3]))
        """
        a, b = self._operands(other)
        return wrap(self.__class__, self._ns.maximum(self._real(a, "maximum"), b))

    @clip_fast_path
    def clip(self, min_: TensorOrScalar | None, max_: TensorOrScalar | None) -> Self:
        """Limit values to ``[min_, max_]``; ``None`` leaves that side open.

        The bounds may be scalars or tensors that broadcast against
        ``self``; the result dtype follows the promotion rules (an integer
        tensor clipped to float bounds gives float32). A number bound beyond
        a float dtype's range is the infinity on its side (NumPy converts it
        to the dtype first: 70000 is inf in float16); one beyond an integer
        dtype's range clips nothing on its side. NumPy scalar bounds count
        as Python scalars of their kind, on every backend.

        Parameters
        ----------
        min_, max_
            Lower and upper bound: a Python scalar, a tensor or native array
            of this framework, or ``None`` for no bound.

        Returns
        -------
        Tensor
            The broadcast shape of ``self`` and the bounds; dtype promoted
            as for ``+``.

        Raises
        ------
        ValueError
            If a bound does not broadcast with ``self``.
        TypeError
            If a bound belongs to another framework.
        DTypeError
            If the tensor is complex: complex numbers have no order.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([-2.0, 0.5, 3.0], dtype=np.float32))
        >>> x.clip(0, 1)
        NumPyTensor(array([0. , 0.5, 1. ], dtype=float32))
        >>> x.clip(None, 1)
        NumPyTensor(array([-2. ,  0.5,  1. ], dtype=float32))
        """
        if isinstance(min_, (bool, int, float)) and isinstance(max_, (bool, int, float)):
            a = self.raw
            ns = self._float_ns
            if a.dtype in self._weak_float_dtypes:  # a float tensor takes float bounds as they are
                if min_.__class__ is not float:
                    min_ = float(min_)
                if max_.__class__ is not float:
                    max_ = float(max_)
            else:
                ns = self._ns
                self._real(a, "clip")
                a = self._for_scalar(self._for_scalar(a, min_), max_)
                if a.dtype in self._float_operands:  # NumPy's bfloat16: no clip of its own
                    return wrap(self.__class__, a).maximum(min_).minimum(max_)
                min_, max_ = self._clip_bounds(a.dtype, min_, max_)
            try:
                return wrap(self.__class__, ns.clip(a, min_, max_))
            except self._ns.sharding_errors as e:
                raise sharding_error(e) from e
        lo, hi = python_scalar(min_), python_scalar(max_)
        if lo is not min_ or hi is not max_:  # NumPy scalars, as the Python scalars they hold
            return self.clip(lo, hi)
        self._real(self.raw, "clip")
        out = self
        if min_ is not None:
            out = out.maximum(min_)
        if max_ is not None:
            out = out.minimum(max_)
        return out

    @unary_fast_path("isnan")
    def isnan(self) -> Self:
        """Elementwise test for NaN.

        Returns
        -------
        Tensor
            Same shape, bool (all False for integers).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1.0, np.nan])).isnan()
        NumPyTensor(array([False,  True]))
        """
        return self._op(self._ns.isnan)

    @unary_fast_path("isinf")
    def isinf(self) -> Self:
        """Elementwise test for +-inf.

        Returns
        -------
        Tensor
            Same shape, bool (all False for integers).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1.0, -np.inf, np.nan])).isinf()
        NumPyTensor(array([False,  True, False]))
        """
        return self._op(self._ns.isinf)

    @unary_fast_path("signbit")
    def signbit(self) -> Self:
        """Elementwise test of the sign bit: True for negative numbers, ``-0.0`` and ``-nan``.

        Returns
        -------
        Tensor
            Same shape, bool (bool and integer input counts as float32).

        Raises
        ------
        DTypeError
            If the tensor is complex.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([-1.0, -0.0, 0.0, -np.nan])).signbit()
        NumPyTensor(array([ True,  True, False,  True]))
        """
        return wrap(
            self.__class__, self._ns.signbit(self._real_only(self._floating_any(), "signbit"))
        )

    @fast_path("copysign")
    def copysign(self, other: TensorOrScalar) -> Self:
        """Elementwise ``abs(self)`` with the sign bit of ``other``.

        The sign bit counts, not the value: ``other`` of ``-0.0`` or of a
        NaN with its sign bit set gives a negative result; a NaN ``self``
        gives a NaN with ``other``'s sign bit.

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
        >>> x = ut.astensor(np.array([1.5, -2.0, 3.0], dtype=np.float32))
        >>> x.copysign(np.array([-1.0, 0.0, -0.0], dtype=np.float32))
        NumPyTensor(array([-1.5,  2. , -3. ], dtype=float32))
        """
        a, b = self._real_floats(other, "copysign")
        return wrap(self.__class__, self._ns.copysign(a, b))

    @fast_path("nextafter")
    def nextafter(self, other: TensorOrScalar) -> Self:
        """Elementwise the next representable float after ``self`` toward ``other``.

        ``self`` itself where the two are equal (``nextafter(-0.0, 0.0)`` is
        ``+0.0``); NaN where either is NaN.

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
        >>> x = ut.astensor(np.array([1.0, 1.0], dtype=np.float32))
        >>> (x.nextafter(2.0) - x).numpy().tolist()
        [1.1920928955078125e-07, 0.0]
        """
        a, b = self._real_floats(other, "nextafter")
        return wrap(self.__class__, self._ns.nextafter(a, b))

    @unary_fast_path("isfinite")
    def isfinite(self) -> Self:
        """Elementwise test for finite values (neither NaN nor +-inf).

        Returns
        -------
        Tensor
            Same shape, bool (all True for integers).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1.0, np.inf, np.nan])).isfinite()
        NumPyTensor(array([ True, False, False]))
        """
        return self._op(self._ns.isfinite)


def minimum(x: _T | Scalar, y: _T | Scalar) -> _T:
    """Elementwise minimum of ``x`` and ``y`` (NaN propagates).

    Either argument may be a Python scalar; the other must be a tensor (or
    native array). The meaning, dtypes and errors are those of
    [`Tensor.minimum`][unitensor.Tensor.minimum]: ``ut.minimum(t, 2)`` is
    ``t.minimum(2)``, and ``ut.minimum(2, t)`` too.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.minimum(2, ut.astensor(np.array([1, 5, 3])))
    NumPyTensor(array([1, 2, 2]))
    """
    if isinstance(x, TensorBase):
        return x.minimum(y)
    return cast(_T, as_tensor(y).minimum(x))


def maximum(x: _T | Scalar, y: _T | Scalar) -> _T:
    """Elementwise maximum of ``x`` and ``y`` (NaN propagates).

    Either argument may be a Python scalar; the other must be a tensor (or
    native array). The meaning, dtypes and errors are those of
    [`Tensor.maximum`][unitensor.Tensor.maximum].

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.maximum(ut.astensor(np.array([1, 5, 3])), 2)
    NumPyTensor(array([2, 5, 3]))
    """
    if isinstance(x, TensorBase):
        return x.maximum(y)
    return cast(_T, as_tensor(y).maximum(x))


def equal(x1: _T | Scalar, x2: _T | Scalar, /) -> _T:
    """Elementwise ``x1 == x2``: [`Tensor.equal`][unitensor.Tensor.equal] as a function.

    Either operand may be a Python scalar; the other must be a tensor (or
    native array). The meaning and errors are the method's.

    Parameters
    ----------
    x1, x2
        Tensors (or native arrays) of one framework that broadcast together,
        or one of them a Python scalar.

    Returns
    -------
    Tensor
        The broadcast shape, bool.

    Raises
    ------
    UnsupportedTypeError
        If neither operand is a tensor or native array.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.equal(2, ut.astensor(np.array([1, 2])))
    NumPyTensor(array([False,  True]))
    """
    t, other, _ = operand_pair(x1, x2)  # symmetric: the order does not matter
    return cast(_T, t.equal(other))


def not_equal(x1: _T | Scalar, x2: _T | Scalar, /) -> _T:
    """Elementwise ``x1 != x2``: [`Tensor.not_equal`][unitensor.Tensor.not_equal] as a function.

    Either operand may be a Python scalar; the other must be a tensor (or
    native array). The meaning and errors are the method's.

    Parameters
    ----------
    x1, x2
        Tensors (or native arrays) of one framework that broadcast together,
        or one of them a Python scalar.

    Returns
    -------
    Tensor
        The broadcast shape, bool.

    Raises
    ------
    UnsupportedTypeError
        If neither operand is a tensor or native array.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.not_equal(ut.astensor(np.array([1, 2])), 2)
    NumPyTensor(array([ True, False]))
    """
    t, other, _ = operand_pair(x1, x2)  # symmetric: the order does not matter
    return cast(_T, t.not_equal(other))


def less(x1: _T | Scalar, x2: _T | Scalar, /) -> _T:
    """Elementwise ``x1 < x2``: [`Tensor.less`][unitensor.Tensor.less] as a function.

    Either operand may be a Python scalar; the other must be a tensor (or
    native array): ``x1 < x2`` is ``x2.greater(x1)``. The meaning and errors
    are the method's.

    Parameters
    ----------
    x1, x2
        Tensors (or native arrays) of one framework that broadcast together,
        or one of them a Python scalar.

    Returns
    -------
    Tensor
        The broadcast shape, bool.

    Raises
    ------
    UnsupportedTypeError
        If neither operand is a tensor or native array.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.less(2, ut.astensor(np.array([1, 3])))
    NumPyTensor(array([False,  True]))
    """
    t, other, swapped = operand_pair(x1, x2)
    return cast(_T, t.greater(other) if swapped else t.less(other))


def less_equal(x1: _T | Scalar, x2: _T | Scalar, /) -> _T:
    """Elementwise ``x1 <= x2``: [`Tensor.less_equal`][unitensor.Tensor.less_equal] as a function.

    Either operand may be a Python scalar; the other must be a tensor (or
    native array): ``x1 <= x2`` is ``x2.greater_equal(x1)``. The meaning and errors
    are the method's.

    Parameters
    ----------
    x1, x2
        Tensors (or native arrays) of one framework that broadcast together,
        or one of them a Python scalar.

    Returns
    -------
    Tensor
        The broadcast shape, bool.

    Raises
    ------
    UnsupportedTypeError
        If neither operand is a tensor or native array.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.less_equal(2, ut.astensor(np.array([1, 2])))
    NumPyTensor(array([False,  True]))
    """
    t, other, swapped = operand_pair(x1, x2)
    return cast(_T, t.greater_equal(other) if swapped else t.less_equal(other))


def greater(x1: _T | Scalar, x2: _T | Scalar, /) -> _T:
    """Elementwise ``x1 > x2``: [`Tensor.greater`][unitensor.Tensor.greater] as a function.

    Either operand may be a Python scalar; the other must be a tensor (or
    native array): ``x1 > x2`` is ``x2.less(x1)``. The meaning and errors
    are the method's.

    Parameters
    ----------
    x1, x2
        Tensors (or native arrays) of one framework that broadcast together,
        or one of them a Python scalar.

    Returns
    -------
    Tensor
        The broadcast shape, bool.

    Raises
    ------
    UnsupportedTypeError
        If neither operand is a tensor or native array.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.greater(2, ut.astensor(np.array([1, 3])))
    NumPyTensor(array([ True, False]))
    """
    t, other, swapped = operand_pair(x1, x2)
    return cast(_T, t.less(other) if swapped else t.greater(other))


def greater_equal(x1: _T | Scalar, x2: _T | Scalar, /) -> _T:
    """Elementwise ``x1 >= x2``, as a function.

    See [`Tensor.greater_equal`][unitensor.Tensor.greater_equal].

    Either operand may be a Python scalar; the other must be a tensor (or
    native array): ``x1 >= x2`` is ``x2.less_equal(x1)``. The meaning and errors
    are the method's.

    Parameters
    ----------
    x1, x2
        Tensors (or native arrays) of one framework that broadcast together,
        or one of them a Python scalar.

    Returns
    -------
    Tensor
        The broadcast shape, bool.

    Raises
    ------
    UnsupportedTypeError
        If neither operand is a tensor or native array.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.greater_equal(2, ut.astensor(np.array([2, 3])))
    NumPyTensor(array([ True, False]))
    """
    t, other, swapped = operand_pair(x1, x2)
    return cast(_T, t.less_equal(other) if swapped else t.greater_equal(other))


def copysign(x1: _T | Scalar, x2: _T | Scalar, /) -> _T:
    """Elementwise ``abs(x1)`` with the sign bit of ``x2``, as a function.

    See [`Tensor.copysign`][unitensor.Tensor.copysign].

    Either operand may be a Python scalar; the other must be a tensor (or
    native array). The meaning, dtypes and errors are those of the method.

    Parameters
    ----------
    x1, x2
        The magnitudes and the signs: tensors (or native arrays) of one
        framework that broadcast together, or one of them a Python scalar.

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
    >>> ut.copysign(2.0, ut.astensor(np.array([-1.0, 1.0])))
    NumPyTensor(array([-2.,  2.]))
    """
    t, other, swapped = operand_pair(x1, x2)
    if not swapped:
        return cast(_T, t.copysign(other))
    a, b = t._real_floats(other, "copysign")
    return cast(_T, wrap(t.__class__, t._ns.copysign(b, a)))


def nextafter(x1: _T | Scalar, x2: _T | Scalar, /) -> _T:
    """Elementwise the next float after ``x1`` toward ``x2``, as a function.

    See [`Tensor.nextafter`][unitensor.Tensor.nextafter].

    Either operand may be a Python scalar; the other must be a tensor (or
    native array). The meaning, dtypes and errors are those of the method.

    Parameters
    ----------
    x1, x2
        The starting points and the directions: tensors (or native arrays)
        of one framework that broadcast together, or one of them a Python
        scalar.

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
    >>> ut.nextafter(0.0, ut.astensor(np.array([1.0, -1.0]))).numpy().tolist()
    [5e-324, -5e-324]
    """
    t, other, swapped = operand_pair(x1, x2)
    if not swapped:
        return cast(_T, t.nextafter(other))
    a, b = t._real_floats(other, "nextafter")
    return cast(_T, wrap(t.__class__, t._ns.nextafter(b, a)))
