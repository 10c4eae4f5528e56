"""Elementwise logical and bitwise operations: ``~ & | ^`` and ``logical_not``,
``logical_and``, ``logical_or``.
"""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

from typing import TYPE_CHECKING, Self, TypeVar, cast

from ._base import (
    Scalar,
    TensorBase,
    TensorOrScalar,
    as_tensor,
    wrap,
)
from .elementwise_comparison import Comparison

if TYPE_CHECKING:
    from .._tensor import Tensor

_T = TypeVar("_T", bound="Tensor")


class Logical(Comparison):
    """The methods of this chapter (see [`unitensor.Tensor`][unitensor.Tensor])."""

    __slots__ = ()

    def __invert__(self) -> Self:
        """Bitwise NOT ``~self``; logical NOT for bool tensors.

        Same shape and dtype; bool and integer tensors only (float input
        raises the framework's own error).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ~ut.astensor(np.array([True, False])), ~ut.astensor(np.array([0, 5]))
        (NumPyTensor(array([False,  True])), NumPyTensor(array([-1, -6])))
        """
        return wrap(self.__class__, self._ns.bitwise_invert(self._integer_or_bool(self.raw, "~")))

    def __and__(self, other: TensorOrScalar) -> Self:
        """Bitwise AND ``self & other``; logical AND for bool tensors.

        Bool and integer operands only; shapes, dtypes and errors as ``+``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([True, True])) & np.array([True, False])
        NumPyTensor(array([ True, False]))
        """
        a, b = self._operands(other)
        return wrap(self.__class__, self._ns.bitwise_and(self._integer_or_bool(a, "&"), b))

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

    def __or__(self, other: TensorOrScalar) -> Self:
        """Bitwise OR ``self | other``; logical OR for bool tensors.

        Bool and integer operands only; shapes, dtypes and errors as ``+``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 2])) | 4
        NumPyTensor(array([5, 6]))
        """
        a, b = self._operands(other)
        return wrap(self.__class__, self._ns.bitwise_or(self._integer_or_bool(a, "|"), b))

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

    def __xor__(self, other: TensorOrScalar) -> Self:
        """Bitwise XOR ``self ^ other``; logical XOR for bool tensors.

        Bool and integer operands only; shapes, dtypes and errors as ``+``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([True, False])) ^ True
        NumPyTensor(array([False,  True]))
        """
        a, b = self._operands(other)
        return wrap(self.__class__, self._ns.bitwise_xor(self._integer_or_bool(a, "^"), b))

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
