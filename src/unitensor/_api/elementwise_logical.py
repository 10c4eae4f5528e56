"""Elementwise logical and bitwise operations: ``~ & | ^ << >>`` and their standard names
(``bitwise_invert``, ``bitwise_and``, ..., ``bitwise_right_shift``), ``logical_not``,
``logical_and``, ``logical_or``, ``logical_xor``.
"""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from .._errors import DTypeError
from ._base import (
    Scalar,
    TensorBase,
    TensorOrScalar,
    as_tensor,
    operand_pair,
    wrap,
)
from .elementwise_comparison import Comparison

if TYPE_CHECKING:
    from .._tensor import Tensor

_T = TypeVar("_T", bound="Tensor")


class Logical(Comparison):
    """The methods of this chapter (see [`unitensor.Tensor`][unitensor.Tensor])."""

    __slots__ = ()

    def bitwise_invert(self) -> Self:
        """Elementwise bitwise NOT ``~self`` (the operator ``~``); logical NOT for bool tensors.

        Returns
        -------
        Tensor
            Same shape and dtype.

        Raises
        ------
        DTypeError
            If the tensor is float or complex.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ~ut.astensor(np.array([True, False])), ~ut.astensor(np.array([0, 5]))
        (NumPyTensor(array([False,  True])), NumPyTensor(array([-1, -6])))
        """
        return wrap(self.__class__, self._ns.bitwise_invert(self._integer_or_bool(self.raw, "~")))

    __invert__ = bitwise_invert

    def bitwise_and(self, other: TensorOrScalar) -> Self:
        """Elementwise bitwise AND ``self & other`` (the operator ``&``); logical for bools.

        Parameters
        ----------
        other
            A Python scalar, or a tensor or native array of this framework
            that broadcasts with ``self``.

        Returns
        -------
        Tensor
            The broadcast shape; the promoted dtype.

        Raises
        ------
        DTypeError
            If an operand is float or complex.
        ShapeError, FrameworkMixError, OverflowError
            As [`add`][unitensor.Tensor.add].

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([True, True])) & np.array([True, False])
        NumPyTensor(array([ True, False]))
        """
        a, b = self._operands(other)
        return wrap(self.__class__, self._ns.bitwise_and(self._integer_or_bool(a, "&"), b))

    __and__ = bitwise_and

    def __rand__(self, other: TensorOrScalar) -> Self:
        """Bitwise ``other & self``; see ``&``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> 6 & ut.astensor(np.array([3, 4]))
        NumPyTensor(array([2, 4]))
        """
        a, b = self._operands(other)
        return wrap(self.__class__, self._ns.bitwise_and(b, self._integer_or_bool(a, "&")))

    def bitwise_or(self, other: TensorOrScalar) -> Self:
        """Elementwise bitwise OR ``self | other`` (the operator ``|``); logical for bools.

        Parameters
        ----------
        other
            A Python scalar, or a tensor or native array of this framework
            that broadcasts with ``self``.

        Returns
        -------
        Tensor
            The broadcast shape; the promoted dtype.

        Raises
        ------
        DTypeError
            If an operand is float or complex.
        ShapeError, FrameworkMixError, OverflowError
            As [`add`][unitensor.Tensor.add].

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 2])) | 4
        NumPyTensor(array([5, 6]))
        """
        a, b = self._operands(other)
        return wrap(self.__class__, self._ns.bitwise_or(self._integer_or_bool(a, "|"), b))

    __or__ = bitwise_or

    def __ror__(self, other: TensorOrScalar) -> Self:
        """Bitwise ``other | self``; see ``|``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> 4 | ut.astensor(np.array([1, 2]))
        NumPyTensor(array([5, 6]))
        """
        a, b = self._operands(other)
        return wrap(self.__class__, self._ns.bitwise_or(b, self._integer_or_bool(a, "|")))

    def bitwise_xor(self, other: TensorOrScalar) -> Self:
        """Elementwise bitwise XOR ``self ^ other`` (the operator ``^``); logical for bools.

        Parameters
        ----------
        other
            A Python scalar, or a tensor or native array of this framework
            that broadcasts with ``self``.

        Returns
        -------
        Tensor
            The broadcast shape; the promoted dtype.

        Raises
        ------
        DTypeError
            If an operand is float or complex.
        ShapeError, FrameworkMixError, OverflowError
            As [`add`][unitensor.Tensor.add].

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([True, False])) ^ True
        NumPyTensor(array([False,  True]))
        """
        a, b = self._operands(other)
        return wrap(self.__class__, self._ns.bitwise_xor(self._integer_or_bool(a, "^"), b))

    __xor__ = bitwise_xor

    def __rxor__(self, other: TensorOrScalar) -> Self:
        """Bitwise ``other ^ self``; see ``^``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> 1 ^ ut.astensor(np.array([1, 2]))
        NumPyTensor(array([0, 3]))
        """
        a, b = self._operands(other)
        return wrap(self.__class__, self._ns.bitwise_xor(b, self._integer_or_bool(a, "^")))

    def _integer(self, a: Any, what: str) -> Any:
        """``a`` itself if its dtype is an integer; else a ``DTypeError`` (bool too)."""
        if self._kind(a.dtype) not in "iu":
            raise DTypeError(f"{what} needs integer tensors, got {self._dtype_name(a.dtype)}")
        return a

    def bitwise_left_shift(self, other: TensorOrScalar) -> Self:
        """Elementwise ``self << other`` (the operator ``<<``): bits shifted left.

        A shift by the width of the dtype or more, or by a negative amount
        (which the standard leaves unspecified), gives 0, as in NumPy.

        Parameters
        ----------
        other
            The shift amounts: a Python int, or an integer tensor or native
            array of this framework that broadcasts with ``self``.

        Returns
        -------
        Tensor
            The broadcast shape; the promoted integer dtype.

        Raises
        ------
        DTypeError
            If an operand is not an integer (bool included).
        ShapeError, FrameworkMixError, OverflowError
            As [`add`][unitensor.Tensor.add].

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 3], dtype=np.int32)) << 2
        NumPyTensor(array([ 4, 12], dtype=int32))
        """
        a, b = self._operands(other)
        return wrap(self.__class__, self._ns.bitwise_left_shift(self._integer(a, "<<"), b))

    __lshift__ = bitwise_left_shift

    def __rlshift__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``other << self``; see ``<<``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> 1 << ut.astensor(np.array([0, 3]))
        NumPyTensor(array([1, 8]))
        """
        a, b = self._operands(other)
        return wrap(self.__class__, self._ns.bitwise_left_shift(b, self._integer(a, "<<")))

    def bitwise_right_shift(self, other: TensorOrScalar) -> Self:
        """Elementwise ``self >> other`` (the operator ``>>``): an arithmetic shift right.

        The sign propagates (``-8 >> 1`` is -4, floor division by a power of
        two). A shift by the width of the dtype or more, or by a negative
        amount (which the standard leaves unspecified), gives 0, or -1 for
        negative values, as in NumPy.

        Parameters
        ----------
        other
            The shift amounts: a Python int, or an integer tensor or native
            array of this framework that broadcasts with ``self``.

        Returns
        -------
        Tensor
            The broadcast shape; the promoted integer dtype.

        Raises
        ------
        DTypeError
            If an operand is not an integer (bool included).
        ShapeError, FrameworkMixError, OverflowError
            As [`add`][unitensor.Tensor.add].

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([-8, 8], dtype=np.int32)) >> 1
        NumPyTensor(array([-4,  4], dtype=int32))
        """
        a, b = self._operands(other)
        return wrap(self.__class__, self._ns.bitwise_right_shift(self._integer(a, ">>"), b))

    __rshift__ = bitwise_right_shift

    def __rrshift__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``other >> self``; see ``>>``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> 16 >> ut.astensor(np.array([1, 3]))
        NumPyTensor(array([8, 2]))
        """
        a, b = self._operands(other)
        return wrap(self.__class__, self._ns.bitwise_right_shift(b, self._integer(a, ">>")))

    def logical_not(self) -> Self:
        """Elementwise logical NOT (non-zero counts as True).

        Returns
        -------
        Tensor
            Same shape, bool.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([0, 2])).logical_not()
        NumPyTensor(array([ True, False]))
        """
        return self._op(self._ns.logical_not)

    def logical_and(self, other: TensorOrScalar) -> Self:
        """Elementwise logical AND (non-zero counts as True).

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
        ValueError
            If the shapes do not broadcast.
        TypeError
            If ``other`` belongs to another framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([True, True, False]))
        >>> x.logical_and(np.array([True, False, False]))
        NumPyTensor(array([ True, False, False]))
        """
        a, b = self._operands(other)
        return wrap(self.__class__, self._ns.logical_and(a, b))

    def logical_or(self, other: TensorOrScalar) -> Self:
        """Elementwise logical OR (non-zero counts as True).

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
        ValueError
            If the shapes do not broadcast.
        TypeError
            If ``other`` belongs to another framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([True, False, False]))
        >>> x.logical_or(np.array([False, True, False]))
        NumPyTensor(array([ True,  True, False]))
        """
        a, b = self._operands(other)
        return wrap(self.__class__, self._ns.logical_or(a, b))

    def logical_xor(self, other: TensorOrScalar) -> Self:
        """Elementwise logical XOR (non-zero counts as True).

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
        ShapeError, FrameworkMixError
            As [`add`][unitensor.Tensor.add].

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([True, True, False]))
        >>> x.logical_xor(np.array([True, False, False]))
        NumPyTensor(array([False,  True, False]))
        """
        a, b = self._operands(other)
        return wrap(self.__class__, self._ns.logical_xor(a, b))


def logical_and(x: _T | Scalar, y: _T | Scalar) -> _T:
    """Elementwise logical AND of ``x`` and ``y`` (non-zero counts as true).

    Either argument may be a Python scalar; the other must be a tensor (or
    native array). The meaning, dtypes and errors are those of
    [`Tensor.logical_and`][unitensor.Tensor.logical_and].

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.logical_and(True, ut.astensor(np.array([0, 2])))
    NumPyTensor(array([False,  True]))
    """
    if isinstance(x, TensorBase):
        return x.logical_and(y)
    return cast(_T, as_tensor(y).logical_and(x))


def logical_or(x: _T | Scalar, y: _T | Scalar) -> _T:
    """Elementwise logical OR of ``x`` and ``y`` (non-zero counts as true).

    Either argument may be a Python scalar; the other must be a tensor (or
    native array). The meaning, dtypes and errors are those of
    [`Tensor.logical_or`][unitensor.Tensor.logical_or].

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.logical_or(ut.astensor(np.array([0, 0])), np.array([0, 1]))
    NumPyTensor(array([False,  True]))
    """
    if isinstance(x, TensorBase):
        return x.logical_or(y)
    return cast(_T, as_tensor(y).logical_or(x))


def bitwise_and(x1: _T | Scalar, x2: _T | Scalar, /) -> _T:
    """Elementwise ``x1 & x2``: [`Tensor.bitwise_and`][unitensor.Tensor.bitwise_and] as a function.

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
        The broadcast shape; the promoted dtype.

    Raises
    ------
    UnsupportedTypeError
        If neither operand is a tensor or native array.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.bitwise_and(6, ut.astensor(np.array([3, 4])))
    NumPyTensor(array([2, 4]))
    """
    t, other, swapped = operand_pair(x1, x2)
    return cast(_T, t.__rand__(other) if swapped else t.bitwise_and(other))


def bitwise_or(x1: _T | Scalar, x2: _T | Scalar, /) -> _T:
    """Elementwise ``x1 | x2``: [`Tensor.bitwise_or`][unitensor.Tensor.bitwise_or] as a function.

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
        The broadcast shape; the promoted dtype.

    Raises
    ------
    UnsupportedTypeError
        If neither operand is a tensor or native array.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.bitwise_or(4, ut.astensor(np.array([1, 2])))
    NumPyTensor(array([5, 6]))
    """
    t, other, swapped = operand_pair(x1, x2)
    return cast(_T, t.__ror__(other) if swapped else t.bitwise_or(other))


def bitwise_xor(x1: _T | Scalar, x2: _T | Scalar, /) -> _T:
    """Elementwise ``x1 ^ x2``: [`Tensor.bitwise_xor`][unitensor.Tensor.bitwise_xor] as a function.

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
        The broadcast shape; the promoted dtype.

    Raises
    ------
    UnsupportedTypeError
        If neither operand is a tensor or native array.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.bitwise_xor(1, ut.astensor(np.array([1, 2])))
    NumPyTensor(array([0, 3]))
    """
    t, other, swapped = operand_pair(x1, x2)
    return cast(_T, t.__rxor__(other) if swapped else t.bitwise_xor(other))


def bitwise_left_shift(x1: _T | Scalar, x2: _T | Scalar, /) -> _T:
    """Elementwise ``x1 << x2``, as a function.

    See [`Tensor.bitwise_left_shift`][unitensor.Tensor.bitwise_left_shift].

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
        The broadcast shape; the promoted integer dtype.

    Raises
    ------
    UnsupportedTypeError
        If neither operand is a tensor or native array.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.bitwise_left_shift(1, ut.astensor(np.array([0, 3])))
    NumPyTensor(array([1, 8]))
    """
    t, other, swapped = operand_pair(x1, x2)
    return cast(_T, t.__rlshift__(other) if swapped else t.bitwise_left_shift(other))


def bitwise_right_shift(x1: _T | Scalar, x2: _T | Scalar, /) -> _T:
    """Elementwise ``x1 >> x2``, as a function.

    See [`Tensor.bitwise_right_shift`][unitensor.Tensor.bitwise_right_shift].

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
        The broadcast shape; the promoted integer dtype.

    Raises
    ------
    UnsupportedTypeError
        If neither operand is a tensor or native array.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.bitwise_right_shift(ut.astensor(np.array([-8, 8])), 2)
    NumPyTensor(array([-2,  2]))
    """
    t, other, swapped = operand_pair(x1, x2)
    return cast(_T, t.__rrshift__(other) if swapped else t.bitwise_right_shift(other))


def logical_xor(x1: _T | Scalar, x2: _T | Scalar, /) -> _T:
    """Elementwise ``x1 xor x2``, as a function.

    See [`Tensor.logical_xor`][unitensor.Tensor.logical_xor].

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
        The broadcast shape; bool.

    Raises
    ------
    UnsupportedTypeError
        If neither operand is a tensor or native array.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.logical_xor(True, ut.astensor(np.array([0, 2])))
    NumPyTensor(array([ True, False]))
    """
    t, other, _ = operand_pair(x1, x2)  # symmetric: the order does not matter
    return cast(_T, t.logical_xor(other))
