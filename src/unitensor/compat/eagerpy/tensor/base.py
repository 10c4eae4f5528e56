"""``eagerpy.tensor.base``: unwrapping helpers of EagerPy's base class."""

from __future__ import annotations

from typing import Any

from . import Tensor

__all__ = ["BaseTensor", "unwrap1", "unwrap_"]

BaseTensor = Tensor
"""EagerPy's concrete base class; unitensor has one base class, :class:`Tensor`."""


def unwrap1(t: Any) -> Any:
    """``t.raw`` for a tensor, anything else unchanged."""
    return t.raw if isinstance(t, Tensor) else t


def unwrap_(*args: Any) -> tuple[Any, ...]:
    """:func:`unwrap1` of each argument."""
    return tuple(unwrap1(a) for a in args)
