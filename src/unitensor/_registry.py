"""Backend registry: from a native array's type to its tensor class.

A native array is recognised by the top-level module its type comes from
(``torch``, ``tensorflow``, ``jax`` / ``jaxlib``, ``numpy``), so no
framework is imported until one of its arrays is seen, and the backend
module (``unitensor._backends.<name>``) is imported on first use. After the
first look-up of a type, finding its tensor class costs one dict access.

Adding a backend means one new module in ``_backends`` and one line in
``BACKENDS``.
"""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar, overload

import numpy as np

from ._errors import UnsupportedTypeError
from ._tensor import Tensor, _new

if TYPE_CHECKING:
    import jax
    import torch

    from ._backends.jax import JAXTensor
    from ._backends.numpy import NumPyTensor
    from ._backends.torch import PyTorchTensor

T = TypeVar("T", bound=Tensor)

__all__ = [
    "BACKENDS",
    "astensor",
    "astensor_",
    "astensors",
    "astensors_",
    "backend_class",
    "istensor",
    "seed",
]

BACKENDS: dict[str, tuple[str, str]] = {
    # backend name: (module in unitensor._backends, tensor class)
    "numpy": ("numpy", "NumPyTensor"),
    "torch": ("torch", "PyTorchTensor"),
    "tensorflow": ("tensorflow", "TensorFlowTensor"),
    "jax": ("jax", "JAXTensor"),
}
"""Backend name -> (backend module, tensor class name)."""

_ROOT_MODULE: dict[str, str] = {
    "numpy": "numpy",
    "torch": "torch",
    "tensorflow": "tensorflow",
    "keras": "tensorflow",
    "jax": "jax",
    "jaxlib": "jax",
}
"""Top-level module of an array type -> backend name."""

_CLASS_OF_TYPE: dict[type, type[Tensor]] = {}
_LOADED: dict[str, type[Tensor]] = {}
_LOCK = threading.Lock()
_SEED: list[int] = []


def backend_class(name: str) -> type[Tensor]:
    """The tensor class of backend ``name``, importing the backend on first use.

    Parameters
    ----------
    name
        A backend name: ``"numpy"``, ``"torch"``, ``"tensorflow"`` or
        ``"jax"`` (the keys of ``BACKENDS``).

    Returns
    -------
    type[Tensor]
        The backend's tensor class, such as
        [`NumPyTensor`][unitensor.NumPyTensor]. If [`seed`][unitensor.seed]
        was called before, the backend is seeded on load.

    Raises
    ------
    ValueError
        If ``name`` is not one of ``BACKENDS``.
    ImportError
        If the framework is not installed.

    Examples
    --------
    >>> import unitensor as ut
    >>> from unitensor._registry import backend_class
    >>> backend_class("numpy").__name__
    'NumPyTensor'
    """
    try:
        return _LOADED[name]
    except KeyError:
        pass
    if name not in BACKENDS:
        raise ValueError(f"unknown backend {name!r}; known: {', '.join(BACKENDS)}")
    module, cls_name = BACKENDS[name]
    with _LOCK:
        mod = importlib.import_module(f"unitensor._backends.{module}")
        cls: type[Tensor] = getattr(mod, cls_name)
        if _SEED:
            cls._ns.seed(_SEED[-1])
        _LOADED[name] = cls
    return cls


def _class_for_type(tp: type) -> type[Tensor]:
    """Find (and cache) the tensor class for a native array type.

    Raises
    ------
    TypeError
        If ``tp`` is not an array type of a supported framework.
    """
    root = tp.__module__.partition(".")[0]
    name = _ROOT_MODULE.get(root)
    if name is not None:
        cls = backend_class(name)
        if cls._ns.accepts(tp):
            _CLASS_OF_TYPE[tp] = cls
            return cls
    raise UnsupportedTypeError(
        f"unitensor cannot wrap an object of type {tp.__module__}.{tp.__qualname__}; "
        "supported: numpy.ndarray, torch.Tensor, tf.Tensor, tf.Variable and jax.Array"
    )


@overload
def astensor(x: T) -> T: ...
@overload
def astensor(x: torch.Tensor) -> PyTorchTensor: ...
@overload
def astensor(x: jax.Array) -> JAXTensor: ...
@overload
def astensor(x: np.ndarray[Any, Any] | np.generic[Any]) -> NumPyTensor: ...
@overload
def astensor(x: Any) -> Tensor: ...


def astensor(x: Any) -> Tensor:
    """Wrap a native array as a [`Tensor`][unitensor.Tensor], without copying.

    Parameters
    ----------
    x
        A ``numpy.ndarray`` (or NumPy scalar), ``torch.Tensor``,
        ``tf.Tensor``, ``tf.Variable`` or ``jax.Array`` (JAX tracers
        included), or a unitensor tensor.

    Returns
    -------
    Tensor
        The tensor class of ``x``'s framework, with ``.raw is x``; a tensor
        comes back unchanged.

    Raises
    ------
    TypeError
        If ``x`` is not an array of a supported framework (the message
        names its type).

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> a = np.array([1.0, 2.0], dtype=np.float32)
    >>> x = ut.astensor(a)
    >>> x
    NumPyTensor(array([1., 2.], dtype=float32))
    >>> x.raw is a, ut.astensor(x) is x
    (True, True)
    """
    try:  # the hot path: one dict lookup, no isinstance and no __init__ call
        cls = _CLASS_OF_TYPE[x.__class__]
    except KeyError:
        if isinstance(x, Tensor):
            return x
        cls = _class_for_type(x.__class__)
    out = _new(cls)
    out.raw = x
    return out


def astensors(*xs: Any) -> tuple[Tensor, ...]:
    """[`astensor`][unitensor.astensor] applied to each argument; returns a tuple.

    Parameters
    ----------
    *xs
        Native arrays or tensors, of any supported frameworks.

    Returns
    -------
    tuple of Tensor
        One tensor per argument, in order (tensors come back unchanged).

    Raises
    ------
    TypeError
        If an argument is not an array of a supported framework.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> a, b = ut.astensors(np.zeros(2), np.ones(3))
    >>> a.shape, b.shape
    ((2,), (3,))
    """
    return tuple(astensor(x) for x in xs)


def restore_type_for(x: Any) -> Callable[[Any], Any]:
    """The ``restore_type`` function for an input ``x``."""
    if isinstance(x, Tensor):
        return _identity
    return _to_raw


def _identity(*ts: Any) -> Any:
    """Return the tensors unchanged (inputs were tensors): one, or a tuple of several."""
    return ts[0] if len(ts) == 1 else ts


def _to_raw(*ts: Any) -> Any:
    """Return the native arrays of the tensors (inputs were native arrays)."""
    raws = tuple(t.raw if isinstance(t, Tensor) else t for t in ts)
    return raws[0] if len(raws) == 1 else raws


@overload
def astensor_(x: T) -> tuple[T, Callable[[Any], Any]]: ...
@overload
def astensor_(x: torch.Tensor) -> tuple[PyTorchTensor, Callable[[Any], Any]]: ...
@overload
def astensor_(x: jax.Array) -> tuple[JAXTensor, Callable[[Any], Any]]: ...
@overload
def astensor_(x: np.ndarray[Any, Any]) -> tuple[NumPyTensor, Callable[[Any], Any]]: ...
@overload
def astensor_(x: Any) -> tuple[Tensor, Callable[[Any], Any]]: ...


def astensor_(x: Any) -> tuple[Tensor, Callable[[Any], Any]]:
    """Wrap ``x`` and return ``(tensor, restore_type)``.

    ``restore_type(result)`` gives ``result.raw`` if ``x`` was a native array
    and ``result`` itself if ``x`` was a tensor, so a library function can
    take and return native arrays while its body uses unitensor.
    ``restore_type(a, b)`` restores several results and returns a tuple.

    Parameters
    ----------
    x
        A native array or tensor (see [`astensor`][unitensor.astensor]).

    Returns
    -------
    (Tensor, callable)
        ``astensor(x)`` and the ``restore_type`` function.

    Raises
    ------
    TypeError
        As [`astensor`][unitensor.astensor].

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> t, restore_type = ut.astensor_(np.array([1.0, 2.0]))
    >>> restore_type(t * 2)
    array([2., 4.])
    """
    return astensor(x), restore_type_for(x)


def astensors_(x: Any, *xs: Any) -> tuple[tuple[Tensor, ...], Callable[[Any], Any]]:
    """Wrap several arrays; ``restore_type`` follows the first one.

    See [`astensor_`][unitensor.astensor_].

    Parameters
    ----------
    x, *xs
        Native arrays or tensors; whether ``x`` is a tensor decides what
        ``restore_type`` returns.

    Returns
    -------
    (tuple of Tensor, callable)
        ``(astensor(x), *astensors(*xs))`` and the ``restore_type`` function.

    Raises
    ------
    TypeError
        If an argument is not an array of a supported framework.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> (a, b), restore_type = ut.astensors_(np.array([1.0]), np.array([2.0]))
    >>> restore_type(a + b)
    array([3.])
    """
    return (astensor(x), *astensors(*xs)), restore_type_for(x)


def istensor(x: Any) -> bool:
    """Whether ``x`` is a unitensor [`Tensor`][unitensor.Tensor] (not a native array).

    Parameters
    ----------
    x
        Any object.

    Returns
    -------
    bool
        ``True`` for unitensor tensors, ``False`` for anything else,
        native arrays included.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> a = np.zeros(2)
    >>> ut.istensor(a), ut.istensor(ut.astensor(a))
    (False, True)
    """
    return isinstance(x, Tensor)


def seed(n: int) -> None:
    """Seed the random number generators of every backend.

    Backends loaded later are seeded with ``n`` when they load. After
    ``seed(n)`` the sequence of [`Tensor.uniform`][unitensor.Tensor.uniform]
    and [`Tensor.normal`][unitensor.Tensor.normal] draws of each backend is
    reproducible.
    NumPy and JAX use generators owned by unitensor; PyTorch and TensorFlow
    use their global generators (``torch.manual_seed``, a
    ``tf.random.Generator``).

    Parameters
    ----------
    n
        The seed, converted with ``int()``.

    Returns
    -------
    None

    Raises
    ------
    TypeError, ValueError
        If ``n`` cannot be converted to an int.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> x = ut.astensor(np.zeros(1, dtype=np.float32))
    >>> ut.seed(0); a = x.uniform(3).numpy()
    >>> ut.seed(0); b = x.uniform(3).numpy()
    >>> bool((a == b).all())
    True
    """
    n = int(n)
    with _LOCK:
        _SEED.append(n)
        del _SEED[:-1]
        loaded = list(_LOADED.values())
    for cls in loaded:
        cls._ns.seed(n)
