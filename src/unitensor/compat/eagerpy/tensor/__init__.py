"""``eagerpy.tensor``: the tensor classes.

The classes are unitensor's own (``eagerpy.tensor.PyTorchTensor is
unitensor.PyTorchTensor``). A backend class is loaded on first access; if
its framework is not installed, a stand-in class of the same name is
returned, which no object is an instance of and which raises
``ImportError`` when called.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, TypeVar, Union

from unitensor._registry import backend_class
from unitensor._tensor import Tensor

if TYPE_CHECKING:
    from unitensor import JAXTensor, NumPyTensor, PyTorchTensor, TensorFlowTensor

__all__ = [
    "JAXTensor",
    "NumPyTensor",
    "PyTorchTensor",
    "Tensor",
    "TensorFlowTensor",
    "TensorOrScalar",
    "TensorType",
    "istensor",
]

TensorType = TypeVar("TensorType", bound=Tensor)
"""A type variable bound to [`Tensor`][unitensor.Tensor], as EagerPy's."""
TensorOrScalar = Union[Tensor, int, float]  # noqa: UP007  # a runtime alias, as EagerPy's
"""A tensor or a Python scalar."""

_CLASSES = {
    "PyTorchTensor": "torch",
    "TensorFlowTensor": "tensorflow",
    "JAXTensor": "jax",
    "NumPyTensor": "numpy",
}


def istensor(x: Any) -> bool:
    """Whether ``x`` is a tensor (not a native array).

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor.compat.eagerpy as ep
    >>> a = np.zeros(2)
    >>> ep.istensor(a), ep.istensor(ep.astensor(a))
    (False, True)
    """
    return isinstance(x, Tensor)


@functools.cache
def backend_class_or_stand_in(name: str) -> type[Tensor]:
    """The tensor class ``name``, or a stand-in if its framework is missing.

    Examples
    --------
    >>> import unitensor as ut
    >>> from unitensor.compat.eagerpy.tensor import backend_class_or_stand_in
    >>> backend_class_or_stand_in("NumPyTensor") is ut.NumPyTensor
    True
    """
    backend = _CLASSES[name]
    try:
        return backend_class(backend)
    except ImportError as e:
        reason = str(e)

        def unavailable(self: Tensor, raw: Any) -> None:
            raise ImportError(f"{name} needs {backend}, which is not installed: {reason}")

        return type(name, (Tensor,), {"__slots__": (), "__init__": unavailable})


def __getattr__(name: str) -> Any:
    """Load a backend tensor class on first access."""
    if name in _CLASSES:
        return backend_class_or_stand_in(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
