"""Backend registry: one entry per backend, and from a native array to its tensor class.

``BACKENDS`` has one entry per backend, and everything about a backend that
is not its primitives follows from it: where its module is
(``unitensor._backends.<name>``), its tensor class and framework name, the
top-level modules its array types come from, the "supported" list in
errors, the public class names ``ut.<ClassName>``, the module wrappers
``ut.<name>``, and the test suite's ``--backend`` choices. Adding a backend
is one new module in ``unitensor._backends`` and one line here (then ``make
generate``, which writes the public names into ``_functions.py``).

A native array is recognised by the top-level module its type comes from,
so no framework is imported until one of its arrays is seen; the backend's
primitives (and with them its framework) load on first use. After the first
look-up of a type, finding its tensor class costs one dict access.

An array of any other library whose type has ``__array_namespace__`` (the
Array API standard's protocol) is wrapped by the generic backend
(``unitensor._backends._generic``), built from that namespace: it gets an
entry of its own, named after the namespace's module (``"array_api_strict"``),
when its first array is seen or its name is first asked for. Dedicated
backends come first: NumPy and JAX arrays, and unitensor's tensors, have
``__array_namespace__`` too.
"""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

import importlib
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar, cast, overload

import numpy as np

from ._api._fast import PYTHON_VERSIONS, SPEEDUPS_MODULE
from ._api._fast import wrap as _wrap
from ._errors import UnsupportedTypeError

if TYPE_CHECKING:
    import jax
    import torch

    from ._api._base import TensorBase
    from ._backends import Primitives
    from ._backends.jax import JAXTensor
    from ._backends.numpy import NumPyTensor
    from ._backends.torch import PyTorchTensor
    from ._tensor import Tensor

T = TypeVar("T", bound="Tensor")

__all__ = [
    "BACKENDS",
    "GENERIC_CLASS",
    "Backend",
    "array_types",
    "backend_of_module",
    "astensor",
    "astensor_",
    "astensors",
    "astensors_",
    "backend_class",
    "entry",
    "generic_dtype_name",
    "is_backend",
    "istensor",
    "load_primitives",
    "register_base",
    "register_class",
    "resolve",
    "seed",
]


@dataclass(frozen=True, slots=True)
class Backend:
    """One backend: what unitensor needs to know of it besides its primitives.

    Attributes
    ----------
    name
        The backend's name (``ut.convert(t, name)``, ``--backend name``); its
        module is ``unitensor._backends.<name>``, and ``ut.<name>`` wraps the
        framework's module ``modules[0]``.
    framework
        The framework's name in messages, such as ``"PyTorch"``.
    class_name
        The tensor class, defined in the backend module with
        ``class <class_name>(Tensor, backend=name)``.
    modules
        The top-level modules its array types come from (the first is the
        framework's import name).
    array_types
        Its array types, as ``module.name``: ``ut.astensor`` wraps their
        instances (subclasses included), and errors name them.
    asarray
        The framework's own function making one of its arrays from a NumPy
        array (the test suite builds its inputs with it, not with unitensor).
        JAX's is ``jax.device_put``: ``jax.numpy.asarray`` compiles a copy
        for each new shape and dtype, hundreds of compilations over the suite.
    """

    name: str
    framework: str
    class_name: str
    modules: tuple[str, ...]
    array_types: tuple[str, ...]
    asarray: str


BACKENDS: dict[str, Backend] = {
    b.name: b
    for b in (
        Backend(
            "numpy",
            "NumPy",
            "NumPyTensor",
            ("numpy", "ml_dtypes"),  # ml_dtypes: its bfloat16 scalars are NumPy scalars
            ("numpy.ndarray", "numpy.generic"),
            "numpy.asarray",
        ),
        Backend(
            "torch", "PyTorch", "PyTorchTensor", ("torch",), ("torch.Tensor",), "torch.asarray"
        ),
        Backend(
            "tensorflow",
            "TensorFlow",
            "TensorFlowTensor",
            ("tensorflow", "keras"),
            ("tensorflow.Tensor", "tensorflow.Variable"),
            "tensorflow.constant",
        ),
        Backend(
            "jax",
            "JAX",
            "JAXTensor",
            ("jax", "jaxlib"),
            ("jax.Array", "jax.core.Tracer"),
            "jax.device_put",
        ),
        # lazy, in chunks, on one machine or a dask.distributed cluster (issue 14)
        Backend(
            "dask", "Dask", "DaskTensor", ("dask",), ("dask.array.Array",), "dask.array.asarray"
        ),
    )
}
"""Backend name -> ``Backend``: one entry per backend."""

_ROOT_MODULE: dict[str, str] = {root: b.name for b in BACKENDS.values() for root in b.modules}
"""Top-level module of an array type -> backend name."""

GENERIC_CLASS = "ArrayAPITensor"
"""The generic backend's tensor class (``ut.ArrayAPITensor``), one subclass per namespace."""
_GENERIC_MODULE = "unitensor._backends._generic"
_GENERIC: dict[str, Backend] = {}
"""Namespace name -> the generic backend's entry for it, made on first use."""
_NAMESPACES: dict[str, Any] = {}
"""Namespace name -> the namespace (the object ``__array_namespace__()`` returns)."""
_GENERIC_ROOTS: dict[str, str] = {}
"""Top-level module of a generic namespace's types -> its backend name."""

_CLASS_OF_TYPE: dict[type, type[Tensor]] = {}
_CLASSES: dict[str, type[Tensor]] = {}
_LOADED: dict[str, type[Tensor]] = {}
_LOCK = threading.RLock()
_SEED: list[int] = []
_BASE: list[type[TensorBase]] = []


def register_base(cls: type[TensorBase]) -> None:
    """Learn the base class of every tensor (``unitensor._api._base`` calls this once)."""
    _BASE[:] = [cls]


def register_class(cls: Any) -> None:
    """Learn a backend's tensor class (its ``__init_subclass__`` calls this)."""
    _CLASSES[cls.backend] = cls


def backend_class(name: str) -> type[Tensor]:
    """The tensor class of backend ``name``, importing its module (not its framework).

    Parameters
    ----------
    name
        A backend name: ``"numpy"``, ``"torch"``, ``"tensorflow"`` or
        ``"jax"`` (the keys of ``BACKENDS``), or the module name of an Array
        API namespace without a dedicated backend (``"array_api_strict"``),
        which the generic backend serves.

    Returns
    -------
    type[Tensor]
        The backend's tensor class, such as
        [`NumPyTensor`][unitensor.NumPyTensor]. Its framework is imported
        when its primitives are first used (a generic namespace's module is
        imported now).

    Raises
    ------
    ValueError
        If ``name`` is neither one of ``BACKENDS`` nor an importable Array
        API namespace.

    Examples
    --------
    >>> import unitensor as ut
    >>> from unitensor._registry import backend_class
    >>> backend_class("numpy").__name__
    'NumPyTensor'
    """
    try:
        return _CLASSES[name]
    except KeyError:
        pass
    if name in BACKENDS:
        importlib.import_module(f"unitensor._backends.{name}")
        return _CLASSES[name]
    return _generic_class(name, _namespace_named(name))


def entry(name: str) -> Backend:
    """The registry entry of backend ``name``: a dedicated one, or a generic namespace's.

    Parameters
    ----------
    name
        A key of ``BACKENDS``, or the module name of an Array API namespace
        (``"array_api_strict"``), whose entry is made (and its module
        imported) the first time.

    Returns
    -------
    Backend
        The entry. A generic namespace's has the namespace's name as its
        framework, its module as its only module, the type of its arrays,
        and the namespace's ``asarray``.

    Raises
    ------
    ValueError
        If ``name`` is neither.

    Examples
    --------
    >>> from unitensor._registry import entry
    >>> entry("torch").class_name
    'PyTorchTensor'
    """
    try:
        return BACKENDS[name]
    except KeyError:
        pass
    try:
        return _GENERIC[name]
    except KeyError:
        backend_class(name)
        return _GENERIC[name]


def is_backend(name: str) -> bool:
    """Whether ``name`` is a backend that has been registered (a generic one once made)."""
    return name in BACKENDS or name in _GENERIC


def backend_of_module(root: str) -> str | None:
    """The backend whose types come from top-level module ``root``, if any is known yet."""
    return _ROOT_MODULE.get(root) or _GENERIC_ROOTS.get(root)


def generic_dtype_name(dtype: object) -> str | None:
    """The canonical name of a dtype of a generic backend's namespace seen so far, or None."""
    name = _GENERIC_ROOTS.get(type(dtype).__module__.partition(".")[0])
    if name is None:
        return None
    try:
        found: str = backend_class(name)._ns.dtype_name(dtype)
    except TypeError:  # DTypeError: not one of its dtypes
        return None
    return found


def _namespace_named(name: str) -> Any:
    """The Array API namespace module ``name`` (importing it).

    Raises
    ------
    ValueError
        If there is no such module or it is not an Array API namespace.
    """
    known = ", ".join(BACKENDS)
    try:
        xp = importlib.import_module(name)
    except ImportError:
        raise ValueError(
            f"unknown backend {name!r}; known: {known}, or the module name of an "
            "Array API namespace"
        ) from None
    if not hasattr(xp, "__array_api_version__") or not hasattr(xp, "asarray"):
        raise ValueError(
            f"unknown backend {name!r}; known: {known}; module {name} is no Array API "
            "namespace (it has no __array_api_version__)"
        )
    return xp


def _generic_class(name: str, xp: Any) -> type[Tensor]:
    """The generic backend's tensor class for namespace ``xp`` (named ``name``), made once."""
    with _LOCK:
        try:
            return _CLASSES[name]
        except KeyError:
            pass
        tp: type = xp.asarray(0).__class__
        root = tp.__module__.partition(".")[0]
        _GENERIC[name] = Backend(
            name,
            name,
            GENERIC_CLASS,
            (root,),
            (f"{tp.__module__}.{tp.__qualname__}",),
            f"{name}.asarray",
        )
        _NAMESPACES[name] = xp
        _GENERIC_ROOTS.setdefault(root, name)
        cls: type[Tensor] = importlib.import_module(_GENERIC_MODULE).tensor_class(name)
        return cls


def load_primitives(cls: type[TensorBase]) -> Primitives:
    """Load the primitives of a backend class, importing its framework; seed its generator.

    Called once per backend, by the first look-up of ``cls._ns``; the
    primitives are stored on the class, where later look-ups find them. A
    backend module's function ``loaded(cls)``, where it has one, runs then, once
    the class works (the NumPy backend's shows the C fast paths its operators).

    Raises
    ------
    TypeError
        If ``cls`` is not a backend's tensor class.
    ImportError
        If the framework is not installed.
    """
    if not is_backend(cls.backend):
        raise TypeError(f"{cls.__name__} is not a backend's tensor class: it has no primitives")
    cls = _CLASSES.get(cls.backend, cls)  # a subclass (the EagerPy layer's) shares its base's
    with _LOCK:
        loaded: Primitives | None = cls.__dict__.get("_ns")
        if loaded is not None:  # another thread loaded it meanwhile
            return loaded
        module = sys.modules[cls.__module__]
        ns: Primitives = (
            module.primitives()
            if cls.backend in BACKENDS
            else module.primitives(_NAMESPACES[cls.backend])  # the generic backend's
        )
        if _SEED:
            ns.seed(_SEED[-1])
        cls._ns = ns
        cls._float_ns = ns if ns.floats is None else ns.floats  # (the fast paths of floats)
        cls._learn_dtypes()
        _LOADED[cls.backend] = cls  # type: ignore[assignment]  # a backend's class
    loaded_hook = getattr(module, "loaded", None)  # (once, outside the lock: it may compute)
    if loaded_hook is not None:
        loaded_hook(cls)
    return ns


def resolve(dotted: str) -> Any:
    """The object a ``module.name`` string names, importing the module.

    Examples
    --------
    >>> from unitensor._registry import resolve
    >>> resolve("numpy.ndarray").__name__
    'ndarray'
    """
    module, _, name = dotted.rpartition(".")
    return getattr(importlib.import_module(module), name)


_TYPES: dict[str, tuple[type, ...]] = {}


def array_types(name: str) -> tuple[type, ...]:
    """The array types of backend ``name`` (importing its framework), cached."""
    try:
        return _TYPES[name]
    except KeyError:
        types = tuple(resolve(t) for t in entry(name).array_types)
        return _TYPES.setdefault(name, types)


def _supported() -> str:
    types = ", ".join(t for b in BACKENDS.values() for t in b.array_types)
    return f"{types}, and any array whose type has __array_namespace__ (the Array API standard)"


def _class_for(x: Any) -> type[Tensor]:
    """Find (and cache) the tensor class for a native array's type.

    A dedicated backend's array types come first; then an array whose type
    has ``__array_namespace__`` gets the generic backend over its namespace.

    Raises
    ------
    TypeError
        If ``x`` is not an array of a supported framework, or one its
        backend refuses (the primitive ``refused``: ``numpy.matrix``).
    """
    tp = x.__class__
    if _ROOT_MODULE.get(tp.__module__.partition(".")[0]) is not None:
        return _CLASSES[_backend_for_type(tp)]
    if hasattr(tp, "__array_namespace__"):
        xp = x.__array_namespace__()
        if _ROOT_MODULE.get(xp.__name__.partition(".")[0]) is None:  # no dedicated one's
            cls = _generic_class(xp.__name__, xp)
            _refuse(cls, tp)
            _CLASS_OF_TYPE[tp] = cls
            return cls
    raise _unsupported(tp)


def _refuse(cls: type[Tensor], tp: type) -> None:
    """Raise ``UnsupportedTypeError`` if ``cls``'s backend refuses arrays of type ``tp``."""
    why = cls._ns.refused(tp)  # the framework's primitives load with its first array
    if why is not None:
        raise UnsupportedTypeError(why)


def _unsupported(tp: type) -> UnsupportedTypeError:
    return UnsupportedTypeError(
        f"unitensor cannot wrap an object of type {tp.__module__}.{tp.__qualname__}; "
        f"supported: {_supported()}"
    )


def _backend_for_type(tp: type) -> str:
    """The backend of a dedicated framework's array type, its class learnt and loaded.

    Raises
    ------
    TypeError
        If ``tp`` is not an array type of a supported framework.
    """
    name = _ROOT_MODULE.get(tp.__module__.partition(".")[0])
    if name is not None and issubclass(tp, array_types(name)):
        cls = backend_class(name)
        _refuse(cls, tp)
        _CLASS_OF_TYPE[tp] = cls
        return name
    raise _unsupported(tp)


# What torch._dynamo.assume_constant_result does (PyTorch is not imported here): inside
# torch.compile, TorchDynamo calls this function as it is rather than tracing into it (it
# imports modules and takes a lock), and takes its result, a backend's name, as a constant.
setattr(_backend_for_type, "_dynamo_marked_constant", True)  # noqa: B010


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
        A ``numpy.ndarray`` (or NumPy scalar, ``ml_dtypes``' bfloat16
        included), ``torch.Tensor``, ``tf.Tensor``, ``tf.Variable`` or
        ``jax.Array`` (JAX tracers included), any other array whose type
        has ``__array_namespace__`` (array-api-strict's, CuPy's, ...: the
        generic backend), or a unitensor tensor. Subclasses of
        ``numpy.ndarray`` such as ``MaskedArray`` are wrapped as they are;
        ``numpy.matrix`` is not (its ``*`` is a matrix product and its
        reductions keep two axes): wrap ``np.asarray(x)``.

    Returns
    -------
    Tensor
        The tensor class of ``x``'s framework, with ``.raw is x``; a tensor
        comes back unchanged. An array of the generic backend gives an
        [`ArrayAPITensor`][unitensor.ArrayAPITensor].

    Raises
    ------
    TypeError
        If ``x`` is not an array of a supported framework (the message
        names its type), or is a ``numpy.matrix``
        (``UnsupportedTypeError`` naming ``np.asarray``).

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
    try:  # the hot path: one dict lookup and one C call (wrap), no isinstance, no __init__
        cls = _CLASS_OF_TYPE[x.__class__]
    except KeyError:
        if isinstance(x, _BASE[0]):
            return cast("Tensor", x)
        cls = _class_for(x)
    return _wrap(cls, x)


def _accelerate_astensor() -> None:
    """Make ``astensor`` the C function of the same meaning, where the hot path is in C.

    ``unitensor._speedups.accelerate_astensor`` wraps an array whose class
    is a key of ``_CLASS_OF_TYPE`` in C and leaves every other call to the
    Python function above (tensors, classes not seen yet, errors): about
    30 ns a call less (issue 15). It carries the Python function's
    docstring and signature (``help``, ``inspect.signature``), and
    TorchDynamo traces the Python function in its place
    (``PYTHON_VERSIONS``). With ``UNITENSOR_PURE_PYTHON=1`` the Python
    function stays.
    """
    if SPEEDUPS_MODULE is not None:
        python = globals()["astensor"]
        fast = SPEEDUPS_MODULE.accelerate_astensor(_CLASS_OF_TYPE, python)
        PYTHON_VERSIONS[fast] = python
        globals()["astensor"] = fast


_accelerate_astensor()


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
    return tuple([astensor(x) for x in xs])


def restore_type_for(x: Any) -> Callable[[Any], Any]:
    """The ``restore_type`` function for an input ``x``."""
    if isinstance(x, _BASE[0]):
        return _identity
    return _to_raw


def _identity(*ts: Any) -> Any:
    """Return the tensors unchanged (inputs were tensors): one, or a tuple of several."""
    return ts[0] if len(ts) == 1 else ts


def _to_raw(*ts: Any) -> Any:
    """Return the native arrays of the tensors (inputs were native arrays)."""
    base = _BASE[0]
    if len(ts) == 1:  # (the common call: one result)
        t = ts[0]
        return t.raw if isinstance(t, base) else t
    return tuple([t.raw if isinstance(t, base) else t for t in ts])


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
    return (astensor(x), *[astensor(y) for y in xs]), restore_type_for(x)


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
    return isinstance(x, _BASE[0])


def seed(n: int) -> None:
    """Seed unitensor's own random number generators, one per backend.

    Backends loaded later are seeded with ``n`` when they load. After
    ``seed(n)`` the sequence of [`Tensor.uniform`][unitensor.Tensor.uniform]
    and [`Tensor.normal`][unitensor.Tensor.normal] draws of each backend is
    reproducible.
    The generators are unitensor's own (a ``numpy.random.Generator``, a
    ``torch.Generator`` per device, a ``tf.random.Generator``, a JAX key), so
    neither ``seed`` nor a backend loading ever reseeds a framework's global
    generator: ``torch.rand``, ``np.random.rand`` and ``tf.random.uniform``
    (also through ``ut.torch`` and the other module wrappers) go on with
    their own streams, which ``seed`` does not make reproducible.

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
