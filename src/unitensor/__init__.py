"""unitensor: write tensor code once, run it natively on PyTorch, TensorFlow, JAX and NumPy.

>>> import numpy as np
>>> import unitensor as ut
>>> x = ut.astensor(np.array([3.0, 4.0], dtype=np.float32))
>>> x.square().sum().sqrt().item()
5.0

Importing unitensor imports no framework but NumPy. A framework's backend
is loaded the first time one of its arrays is wrapped; the backend tensor
classes (``ut.PyTorchTensor`` and so on) are imported on first access.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._autodiff import grad, value_and_grad, value_and_grad_fn, value_aux_and_grad
from ._backends.numpy import NumPyTensor
from ._errors import AxisError
from ._functions import *  # noqa: F403
from ._functions import __all__ as _function_names
from ._registry import astensor, astensor_, astensors, astensors_, istensor, seed
from ._tensor import Tensor

if TYPE_CHECKING:
    from ._backends.jax import JAXTensor
    from ._backends.tensorflow import TensorFlowTensor
    from ._backends.torch import PyTorchTensor

__version__ = "0.1.0"

_LAZY_CLASSES = {
    "PyTorchTensor": "torch",
    "TensorFlowTensor": "tensorflow",
    "JAXTensor": "jax",
}


def __getattr__(name: str) -> Any:
    """Import a backend tensor class (and so its framework) on first access."""
    if name in _LAZY_CLASSES:
        from ._registry import backend_class

        return backend_class(_LAZY_CLASSES[name])
    raise AttributeError(f"module 'unitensor' has no attribute {name!r}")


__all__ = [
    "AxisError",
    "JAXTensor",
    "NumPyTensor",
    "PyTorchTensor",
    "Tensor",
    "TensorFlowTensor",
    "__version__",
    "astensor",
    "astensor_",
    "astensors",
    "astensors_",
    "grad",
    "istensor",
    "seed",
    "value_and_grad",
    "value_and_grad_fn",
    "value_aux_and_grad",
    *_function_names,
]
