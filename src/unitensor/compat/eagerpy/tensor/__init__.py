"""``eagerpy.tensor``: the tensor classes.

The classes are unitensor's own (``eagerpy.tensor.PyTorchTensor is
unitensor.PyTorchTensor``). Looking at one imports no framework, as with
EagerPy: ``isinstance(x, ep.PyTorchTensor)`` works without PyTorch.

The tensors this layer makes (``ep.astensor`` and its friends, the module
wrappers ``ep.torch``, ...) are of a subclass of their backend's class
([`eager`][unitensor.compat.eagerpy.tensor.eager]) whose in-place operators
rebind, as EagerPy's tensors, which have none: ``x -= y`` is ``x = x - y``
and never writes into the caller's array. Every tensor computed from them
keeps that class.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any, TypeVar, Union, cast

from unitensor._api._fast import wrap
from unitensor._registry import BACKENDS, astensor, backend_class
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
    "eager",
    "eager_of",
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


_EAGER: dict[type[Tensor], type[Tensor]] = {}
_LOCK = threading.Lock()


def eager(t: Tensor) -> Tensor:
    """``t``'s array as a tensor of this layer: its in-place operators rebind, as EagerPy's.

    EagerPy's tensors have no in-place operators, so in EagerPy code
    ``x -= y`` is ``x = x - y``: ``x`` names a new tensor and the array
    it held is not written to (Foolbox's attacks subtract steps from the
    tensor wrapping the caller's input). unitensor's own tensors write
    ``x -= y`` into the array on NumPy and PyTorch, as those frameworks do.
    The tensor returned is of a subclass of ``t``'s class (an instance of
    ``ep.PyTorchTensor``, ... and of [`unitensor.Tensor`][unitensor.Tensor]
    still), whose results keep that subclass; ``x op= y`` on it gives a new
    tensor with the dtype rule of
    [`Tensor.__iadd__`][unitensor.Tensor.__iadd__] (the result cast to
    ``x``'s dtype where NumPy's ``same_kind`` casting allows it).

    Parameters
    ----------
    t
        A tensor of any backend.

    Returns
    -------
    Tensor
        ``t`` itself if it is of this layer already, else a new tensor of
        the same array (``eager(t).raw is t.raw``).

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> from unitensor.compat.eagerpy.tensor import eager
    >>> a = np.zeros(2)
    >>> x = eager(ut.astensor(a))
    >>> x -= 1
    >>> x, a
    (NumPyTensor(array([-1., -1.])), array([0., 0.]))
    >>> isinstance(x, ut.NumPyTensor)
    True
    """
    cls = t.__class__
    if cls._rebinds:  # pyright: ignore[reportPrivateUsage]  # (the class attribute it sets)
        return t
    sub = _EAGER.get(cls)
    if sub is None:
        sub = _eager_class(cls)
    return wrap(sub, t.raw)


def _eager_class(cls: type[Tensor]) -> type[Tensor]:
    """The subclass of backend class ``cls`` whose in-place operators rebind (made once)."""
    with _LOCK:
        sub = _EAGER.get(cls)
        if sub is None:
            namespace = {
                "__slots__": (),
                "__module__": __name__,
                "__qualname__": cls.__qualname__,
                "__doc__": f"{cls.__doc__} (EagerPy's: in-place operators rebind)",
                "__reduce__": _reduce,
                "_rebinds": True,
            }
            sub = cast("type[Tensor]", type(cls.__name__, (cls,), namespace, shares_caches=True))
            _EAGER[cls] = sub
    return sub


def _reduce(t: Tensor) -> tuple[Any, tuple[Any]]:
    """Pickle a tensor of this layer as its array (``eager_of`` makes it again)."""
    return eager_of, (t.raw,)


def eager_of(x: Any) -> Tensor:
    """A native array (or a tensor) as a tensor of this layer: ``eager(ut.astensor(x))``.

    Raises
    ------
    TypeError
        If ``x`` is not an array of a supported framework.

    Examples
    --------
    >>> import numpy as np
    >>> from unitensor.compat.eagerpy.tensor import eager_of
    >>> eager_of(np.ones(2))._rebinds
    True
    """
    return eager(astensor(x))


def __getattr__(name: str) -> Any:
    """Load a backend tensor class on first access."""
    if name in _CLASSES:
        return backend_class_or_stand_in(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
