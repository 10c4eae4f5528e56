"""``eagerpy.astensor``: wrapping native arrays, EagerPy's way.

The same functions as unitensor's, except that an object of an unknown
type raises ``ValueError`` (EagerPy's choice, which client code such as
Foolbox catches) rather than ``TypeError``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import unitensor as _ut
from unitensor._registry import restore_type_for
from unitensor._tensor import Tensor

from .tensor import eager

__all__ = ["RestoreTypeFunc", "T", "astensor", "astensor_", "astensors", "astensors_"]

T = TypeVar("T")
"""A type variable, as EagerPy exports it from this module."""


class RestoreTypeFunc:
    """Turns results back into what the first input was: native arrays or tensors.

    ``RestoreTypeFunc(x)(a)`` is ``a.raw`` if ``x`` was a native array and
    ``a`` if it was a tensor; several arguments give a tuple.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor.compat.eagerpy as ep
    >>> from unitensor.compat.eagerpy.astensor import RestoreTypeFunc
    >>> a = np.array([1.0, 2.0])
    >>> restore_type = RestoreTypeFunc(a)
    >>> restore_type(ep.astensor(a) * 2)
    array([2., 4.])
    """

    __slots__ = ("_restore",)

    def __init__(self, x: Any) -> None:
        self._restore: Callable[..., Any] = restore_type_for(x)

    def __call__(self, *args: Any) -> Any:
        """Restore one result (returned as is) or several (returned as a tuple)."""
        return self._restore(*args)


def astensor(x: Any) -> Tensor:
    """[`unitensor.astensor`][unitensor.astensor], raising ``ValueError`` for unknown types.

    The tensor is of this layer ([`eager`][unitensor.compat.eagerpy.tensor.eager]):
    its in-place operators rebind, as EagerPy's, so ``x -= y`` in EagerPy
    code never writes into the array ``x`` was made from. A tensor of this
    layer comes back as it is; one of unitensor's own as a new tensor of
    the same array.

    Raises
    ------
    ValueError
        If ``x`` is not an array of a supported framework.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor.compat.eagerpy as ep
    >>> ep.astensor(np.array([1.0, 2.0]))
    NumPyTensor(array([1., 2.]))
    >>> ep.astensor([1.0, 2.0])
    Traceback (most recent call last):
        ...
    ValueError: Unknown type: <class 'list'>
    """
    try:
        t: Tensor = _ut.astensor(x)
    except TypeError as e:
        raise ValueError(f"Unknown type: {type(x)}") from e
    return eager(t)


def astensors(*xs: Any) -> tuple[Tensor, ...]:
    """``astensor`` of each argument.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor.compat.eagerpy as ep
    >>> a, b = ep.astensors(np.zeros(2), np.ones(3))
    >>> a.shape, b.shape
    ((2,), (3,))
    """
    return tuple(astensor(x) for x in xs)


def astensor_(x: Any) -> tuple[Tensor, RestoreTypeFunc]:
    """``(astensor(x), RestoreTypeFunc(x))``.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor.compat.eagerpy as ep
    >>> t, restore_type = ep.astensor_(np.array([1.0, 2.0]))
    >>> restore_type(t * 2)
    array([2., 4.])
    """
    return astensor(x), RestoreTypeFunc(x)


def astensors_(x: Any, *xs: Any) -> tuple[tuple[Tensor, ...], RestoreTypeFunc]:
    """``(astensors(x, *xs), RestoreTypeFunc(x))``: the first argument decides.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor.compat.eagerpy as ep
    >>> (a, b), restore_type = ep.astensors_(np.array([1.0]), np.array([2.0]))
    >>> restore_type(a + b)
    array([3.])
    """
    return astensors(x, *xs), RestoreTypeFunc(x)
