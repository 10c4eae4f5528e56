"""``eagerpy.tensor``: the tensor classes.

The classes are unitensor's own (``eagerpy.tensor.PyTorchTensor is
unitensor.PyTorchTensor``). Looking at one imports no framework, as with
EagerPy: ``isinstance(x, ep.PyTorchTensor)`` works without PyTorch.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar, Union

from unitensor._registry import BACKENDS, backend_class
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

_CLASSES = {b.class_name: name for name, b in BACKENDS.items()}
"""Class name -> backend name: EagerPy's four, and any other registered backend's."""


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


def backend_class_or_stand_in(name: str) -> type[Tensor]:
    """The tensor class ``name`` (``"PyTorchTensor"``, ...), whether or not its framework is here.

    Looking at the class imports no framework; where the framework is not
    installed, no object is an instance of it, and calling it raises
    ``ImportError``, as EagerPy's classes do.

    Raises
    ------
    KeyError
        If ``name`` is not the class name of a registered backend.

    Examples
    --------
    >>> import unitensor as ut
    >>> from unitensor.compat.eagerpy.tensor import backend_class_or_stand_in
    >>> backend_class_or_stand_in("NumPyTensor") is ut.NumPyTensor
    True
    """
    return backend_class(_CLASSES[name])


def __getattr__(name: str) -> Any:
    """Load a backend tensor class on first access."""
    if name in _CLASSES:
        return backend_class_or_stand_in(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
