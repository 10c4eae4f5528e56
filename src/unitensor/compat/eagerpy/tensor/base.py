"""``eagerpy.tensor.base``: unwrapping helpers of EagerPy's base class."""

from __future__ import annotations

from typing import Any

from . import Tensor

__all__ = ["BaseTensor", "unwrap1", "unwrap_"]

BaseTensor = Tensor
"""EagerPy's concrete base class; unitensor has one base class, [`Tensor`][unitensor.Tensor]."""


def unwrap1(t: Any) -> Any:
    """``t.raw`` for a tensor, anything else unchanged.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor.compat.eagerpy as ep
    >>> from unitensor.compat.eagerpy.tensor.base import unwrap1
    >>> unwrap1(ep.astensor(np.array([1.0, 2.0]))), unwrap1(3)
    (array([1., 2.]), 3)
    """
    return t.raw if isinstance(t, Tensor) else t


def unwrap_(*args: Any) -> tuple[Any, ...]:
    """``unwrap1`` of each argument.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor.compat.eagerpy as ep
    >>> from unitensor.compat.eagerpy.tensor.base import unwrap_
    >>> unwrap_(ep.astensor(np.zeros(2)), 3)
    (array([0., 0.]), 3)
    """
    return tuple(unwrap1(a) for a in args)
