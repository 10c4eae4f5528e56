"""``eagerpy.modules``: the frameworks' modules speaking tensors.

The same as [`unitensor.modules`][unitensor.modules].
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from unitensor.modules import ModuleWrapper, wrap_function, wrapper

__all__ = ["ModuleWrapper", "jax", "numpy", "tensorflow", "torch", "wrap"]

numpy = wrapper("numpy")
"""``numpy``, speaking tensors: ``unitensor.numpy``."""
torch = wrapper("torch")
"""``torch``, speaking tensors: ``unitensor.torch``."""
tensorflow = wrapper("tensorflow")
"""``tensorflow``, speaking tensors: ``unitensor.tensorflow``."""
jax = wrapper("jax")
"""``jax``, speaking tensors: ``unitensor.jax``."""


def wrap(f: Callable[..., Any]) -> Callable[..., Any]:
    """``f`` taking tensors and returning tensors in place of native arrays.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor.compat.eagerpy as ep
    >>> x = ep.astensor(np.array([1.0, 2.0]))
    >>> ep.modules.wrap(np.add)(x, x)
    NumPyTensor(array([2., 4.]))
    """
    return wrap_function(f)
