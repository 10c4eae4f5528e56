"""The Array API standard (2025.12) on every backend: ``unitensor.array_api.<backend>``.

``import unitensor.array_api.torch as xp`` (or ``.numpy``, ``.tensorflow``,
``.jax``, one module for each backend of the registry, and
``.array_api_strict`` or the like for the generic backend over an Array
API namespace of that module name) is a namespace of
the Python Array API standard, version 2025.12, whose arrays are unitensor
tensors of that framework: ``xp.asarray([1, 2])`` is a ``PyTorchTensor``, and
every tensor's ``__array_namespace__()`` returns its framework's namespace,
so code written against the standard (SciPy with ``SCIPY_ARRAY_API=1``,
scikit-learn with ``array_api_dispatch=True``) runs on it.

The namespace and the tensor methods are one implementation: most of the
namespace's functions are the methods themselves, so a namespace call costs
what the method costs. Where the standard's meaning differs from NumPy's,
the standard's "must" wins in the namespace (and NumPy's meaning keeps the
unitensor names that already have it); ``docs/array-api.md`` lists each case.
``unitensor.array_api.<backend>_2024_12`` (what
``__array_namespace__(api_version="2024.12")`` returns) behaves as the
2024.12 standard where the two differ.

Importing this package imports no framework; a namespace module imports its
framework when it is first imported.

Examples
--------
>>> import unitensor.array_api.numpy as xp
>>> x = xp.asarray([[1.0, 2.0], [3.0, 4.0]])
>>> xp.sum(x, axis=0)
NumPyTensor(array([4., 6.], dtype=float32))
>>> x.__array_namespace__() is xp
True
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import sys
from types import ModuleType
from typing import Any

from .._api.array_object import API_VERSIONS
from .._registry import BACKENDS, entry, is_backend
from ._build import STANDARD, build

__all__ = ["API_VERSIONS", "coverage_markdown", "namespace"]


def namespace(backend: str, api_version: str | None = None) -> ModuleType:
    """The Array API namespace of ``backend`` (a name of ``unitensor._registry.BACKENDS``).

    Parameters
    ----------
    backend
        ``"numpy"``, ``"torch"``, ``"tensorflow"``, ``"jax"`` or another
        registered backend.
    api_version
        ``None`` or ``"2025.12"``, or ``"2024.12"``.

    Returns
    -------
    module
        ``unitensor.array_api.<backend>`` (or its 2024.12 variant).

    Raises
    ------
    ValueError
        If the backend or the version is unknown.
    ImportError
        If the framework is not installed.

    Examples
    --------
    >>> from unitensor.array_api import namespace
    >>> namespace("numpy").__array_api_version__
    '2025.12'
    >>> namespace("numpy", "2024.12").__array_api_version__
    '2024.12'
    """
    if not _known(backend):
        raise ValueError(f"unknown backend {backend!r}; known: {', '.join(BACKENDS)}")
    suffix = "" if api_version in (None, API_VERSIONS[0]) else _suffix(api_version)
    return importlib.import_module(f"{__name__}.{backend}{suffix}")


def _suffix(api_version: str | None) -> str:
    if api_version not in API_VERSIONS:
        raise ValueError(
            f"unitensor implements the Array API standard {' and '.join(API_VERSIONS)}, "
            f"not {api_version!r}"
        )
    return "_" + str(api_version).replace(".", "_")


def _known(backend: str) -> bool:
    """A dedicated backend, or an Array API namespace the generic backend serves."""
    if backend in BACKENDS or is_backend(backend):
        return True
    if backend.startswith("_"):  # this package's own modules
        return False
    try:
        entry(backend)  # imports the module ``backend`` and checks it is a namespace
    except ValueError:
        return False
    return True


def _parse(name: str) -> tuple[str, str] | None:
    """(backend, version) of a namespace module's last name part, or None."""
    for version in API_VERSIONS:
        tail = "" if version == API_VERSIONS[0] else _suffix(version)
        backend = name[: len(name) - len(tail)] if tail and name.endswith(tail) else name
        if (not tail or name.endswith(tail)) and _known(backend):
            return backend, version
    return None


class _Loader(importlib.abc.Loader):
    """Fills a namespace module with the standard's names for its backend and version."""

    def __init__(self, backend: str, version: str) -> None:
        self.backend = backend
        self.version = version

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return None  # the default module object

    def exec_module(self, module: ModuleType) -> None:
        module.__dict__.update(build(self.backend, self.version, module.__name__))


class _Finder(importlib.abc.MetaPathFinder):
    """Makes ``unitensor.array_api.<backend>`` importable for every registered backend."""

    def find_spec(
        self, fullname: str, path: Any = None, target: Any = None
    ) -> importlib.machinery.ModuleSpec | None:
        package, _, name = fullname.rpartition(".")
        if package != __name__:
            return None
        parsed = _parse(name)
        if parsed is None:
            return None
        return importlib.util.spec_from_loader(fullname, _Loader(*parsed))


if not any(isinstance(f, _Finder) for f in sys.meta_path):
    sys.meta_path.append(_Finder())


def coverage_markdown() -> str:
    """The coverage table of the docs: each standard name, each installed backend.

    A cell says whether the backend's namespace defines the name (``✓``) or
    not (``—``); a backend whose framework is not installed has no column.
    ``python -m unitensor.array_api`` prints it.
    """
    spaces: dict[str, ModuleType] = {}
    for name in BACKENDS:
        try:
            spaces[name] = namespace(name)
        except ImportError:
            continue
    lines = [
        "| chapter | name | " + " | ".join(spaces) + " |",
        "|---|---|" + "---|" * len(spaces),
    ]
    for chapter, names in STANDARD.items():
        for fn in names:
            cells: list[str] = []
            for xp in spaces.values():
                where = getattr(xp, chapter) if chapter in ("linalg", "fft") else xp
                cells.append("✓" if hasattr(where, fn) else "—")
            lines.append(f"| {chapter} | `{fn}` | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"
