"""The frameworks' own modules, speaking tensors: ``ut.torch``, ``ut.numpy``, ...

``ut.torch.cdist(a, b)`` calls ``torch.cdist`` with the native arrays
inside ``a`` and ``b`` (tensors are unwrapped, also inside lists, tuples
and dicts) and wraps every array in the result as a tensor (a result that
is not of a framework's array type, such as the NumPy scalar
``ut.numpy.tanh(3)`` gives, comes back as it is, as in EagerPy), so any
framework function can be used in the middle of unitensor code. Attributes
that are not functions (dtypes such as ``ut.numpy.float32``, constants,
classes) come back exactly as the framework defines them; submodules
(``ut.torch.linalg``) are wrapped the same way. The framework is imported
on first attribute access, not when unitensor is imported.
"""

from __future__ import annotations

import functools
import importlib
import types
from collections.abc import Callable
from typing import Any

import numpy as np

from ._registry import BACKENDS, astensor
from ._tensor import Tensor
from ._tree import map_containers

__all__ = ["ModuleWrapper", "map_containers", "wrap_function", "wrapper"]


def _unwrap(x: Any) -> Any:
    if isinstance(x, Tensor):
        return x.raw
    return map_containers(_unwrap, x, x)


def _wrap(x: Any, make: Callable[[Any], Any] = astensor) -> Any:
    """A framework's array as a tensor (``make(x)``), inside containers too; anything else as is.

    EagerPy's rule: only objects of a framework's array type are wrapped, so
    NumPy scalars (``numpy.float64``, what NumPy's functions return for 0-d
    results) come back unchanged, as do Python scalars and other objects.
    """
    mapped = map_containers(functools.partial(_wrap, make=make), x, map_containers)
    if mapped is not map_containers:
        return mapped
    if _is_numpy_scalar(x):
        return x
    try:
        return make(x)
    except TypeError:
        return x


def _is_numpy_scalar(x: object) -> bool:
    return isinstance(x, np.generic)


class ModuleWrapper:
    """A framework module (or submodule) whose functions take and return tensors.

    Parameters
    ----------
    name
        The module's import name, such as ``"torch"`` or ``"jax.numpy"``;
        it is imported on first attribute access.
    make
        What makes a tensor of a native result: ``ut.astensor`` (the EagerPy
        layer's modules give its own tensors).

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> x = ut.astensor(np.array([1.0, 4.0], dtype=np.float32))
    >>> ut.numpy.sqrt(x)
    NumPyTensor(array([1., 2.], dtype=float32))
    >>> ut.numpy.float32 is np.float32
    True
    """

    __slots__ = ("_make", "_module", "_name")

    def __init__(self, name: str, make: Callable[[Any], Any] = astensor) -> None:
        self._name = name
        self._make = make
        self._module: types.ModuleType | None = None

    def _load(self) -> types.ModuleType:
        if self._module is None:
            self._module = importlib.import_module(self._name)
        return self._module

    def __getattr__(self, name: str) -> Any:
        """The module's attribute, functions wrapped (see the module docstring).

        Parameters
        ----------
        name
            The attribute name; names starting with ``__`` are not looked up.

        Returns
        -------
        Any
            A callable taking and returning tensors for a callable that is
            not a class (its attributes, such as ``numpy.add.reduce``, are
            wrapped the same way); a
            [`ModuleWrapper`][unitensor.modules.ModuleWrapper] for a
            submodule; anything else (classes, dtypes, constants) unchanged.

        Raises
        ------
        AttributeError
            If the module has no such attribute.
        ImportError
            If the framework is not installed.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.numpy.linalg
        <unitensor wrapper of module 'numpy.linalg'>
        >>> ut.numpy.linalg.norm(ut.astensor(np.array([3.0, 4.0]))).item()
        5.0
        """
        if name.startswith("__"):
            raise AttributeError(name)
        attr = getattr(self._load(), name)
        if isinstance(attr, types.ModuleType):
            return ModuleWrapper(attr.__name__, self._make)
        if isinstance(attr, type) or not callable(attr):
            return attr
        return wrap_function(attr, self._make)

    def __dir__(self) -> list[str]:
        return dir(self._load())

    def __repr__(self) -> str:
        return f"<unitensor wrapper of module {self._name!r}>"


class _Function:
    """A framework callable taking tensors and returning tensors for native arrays.

    Attributes of the callable (``numpy.add.reduce``) are wrapped the same way.
    """

    __slots__ = ("__wrapped__", "_make")

    def __init__(self, fn: Callable[..., Any], make: Callable[[Any], Any]) -> None:
        self.__wrapped__ = fn
        self._make = make

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return _wrap(self.__wrapped__(*_unwrap(args), **_unwrap(kwargs)), self._make)

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self.__wrapped__, name)
        if callable(attr) and not isinstance(attr, type):
            return _Function(attr, self._make)
        return attr

    def __repr__(self) -> str:
        return f"<unitensor wrapper of {self.__wrapped__!r}>"


def wrap_function(
    fn: Callable[..., Any], make: Callable[[Any], Any] = astensor
) -> Callable[..., Any]:
    """``fn`` taking tensors and returning tensors (``make(result)``) in place of native arrays.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> from unitensor.modules import wrap_function
    >>> cumsum = wrap_function(np.cumsum)
    >>> cumsum(ut.astensor(np.array([1.0, 2.0, 3.0])))
    NumPyTensor(array([1., 3., 6.]))
    """
    return _Function(fn, make)


_WRAPPERS: dict[str, ModuleWrapper] = {}


def wrapper(name: str) -> ModuleWrapper:
    """The module wrapper of backend ``name``: ``ut.torch`` is ``wrapper("torch")``.

    Each backend of the registry has one, wrapping its framework's module;
    ``unitensor.modules.torch`` and ``ut.torch`` are the same object.

    Raises
    ------
    AttributeError
        If ``name`` is not a backend.

    Examples
    --------
    >>> import unitensor as ut
    >>> from unitensor.modules import wrapper
    >>> wrapper("torch") is ut.torch
    True
    """
    try:
        return _WRAPPERS[name]
    except KeyError:
        pass
    if name not in BACKENDS:
        raise AttributeError(f"no backend named {name!r}; known: {', '.join(BACKENDS)}")
    return _WRAPPERS.setdefault(name, ModuleWrapper(BACKENDS[name].modules[0]))


def __getattr__(name: str) -> ModuleWrapper:
    """``unitensor.modules.<backend>``: the backend's module wrapper (see ``wrapper``)."""
    return wrapper(name)
