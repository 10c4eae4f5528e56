"""``eagerpy.modules``: the frameworks' modules speaking tensors.

As [`unitensor.modules`][unitensor.modules], with the tensors of this
layer ([`eager`][unitensor.compat.eagerpy.tensor.eager]: in-place
operators rebind, as EagerPy's).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from unitensor._registry import BACKENDS
from unitensor.modules import ModuleWrapper, wrap_function

from .tensor import eager_of

__all__ = ["ModuleWrapper", "jax", "numpy", "tensorflow", "torch", "wrap"]

numpy = ModuleWrapper(BACKENDS["numpy"].modules[0], eager_of)
"""``numpy``, speaking tensors (this layer's)."""
torch = ModuleWrapper(BACKENDS["torch"].modules[0], eager_of)
"""``torch``, speaking tensors (this layer's)."""
tensorflow = ModuleWrapper(BACKENDS["tensorflow"].modules[0], eager_of)
"""``tensorflow``, speaking tensors (this layer's)."""
jax = ModuleWrapper(BACKENDS["jax"].modules[0], eager_of)
"""``jax``, speaking tensors (this layer's)."""


def wrap(f: Callable[..., Any]) -> Callable[..., Any]:
    """``f`` taking tensors and returning tensors (this layer's) in place of native arrays.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor.compat.eagerpy as ep
    >>> x = ep.astensor(np.array([1.0, 2.0]))
    >>> ep.modules.wrap(np.add)(x, x)
    NumPyTensor(array([2., 4.]))
    """
    return wrap_function(f, eager_of)
