"""``eagerpy.modules``: the frameworks' modules speaking tensors (:mod:`unitensor.modules`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from unitensor.modules import ModuleWrapper, jax, numpy, tensorflow, torch, wrap_function

__all__ = ["ModuleWrapper", "jax", "numpy", "tensorflow", "torch", "wrap"]


def wrap(f: Callable[..., Any]) -> Callable[..., Any]:
    """``f`` taking tensors and returning tensors in place of native arrays."""
    return wrap_function(f)
