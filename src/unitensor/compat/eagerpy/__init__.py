"""EagerPy's public API, running on unitensor: a drop-in replacement.

``import unitensor.compat.eagerpy as ep`` gives EagerPy's names, submodules
(``tensor``, ``types``, ``norms``, ``utils``, ``astensor``, ``modules``,
``lib``, ``framework``) and class names (``PyTorchTensor``,
``TensorFlowTensor``, ``JAXTensor``, ``NumPyTensor``), backed by
unitensor's tensors. [`install`][unitensor.compat.eagerpy.install] makes ``import eagerpy`` (and its
submodules) resolve to this package, so code written for EagerPy runs
unchanged, whether or not EagerPy itself is installed.

Behaviour follows unitensor where EagerPy was wrong or broken on current
releases (JAX ``index_update``, JAX ``float64()``, TensorFlow mixed-dtype
comparisons, ``kl_div_with_logits`` on other axes, ...); the migration
page (``docs/migration.md``) lists every difference.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
from types import ModuleType as _ModuleType
from typing import TYPE_CHECKING, Any

from unitensor import index

from . import astensor as _astensor_submodule  # loaded before the name is rebound below
from . import framework, lib, modules, norms, tensor, types, utils
from .astensor import astensor, astensor_, astensors, astensors_
from .framework import *  # noqa: F403  # EagerPy puts every framework function at the top
from .modules import jax, numpy, tensorflow, torch
from .tensor import Tensor, TensorOrScalar, TensorType, istensor

if TYPE_CHECKING:
    from unitensor import JAXTensor, NumPyTensor, PyTorchTensor, TensorFlowTensor

__version__ = "0.30.0"
"""The EagerPy release whose API this package provides."""


def __getattr__(name: str) -> Any:
    """The backend tensor classes, loaded on first access."""
    try:
        return tensor.backend_class_or_stand_in(name)
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None


class _AliasLoader(importlib.abc.Loader):
    """Loads ``eagerpy.<name>`` as this package's module ``<name>`` (the same object)."""

    def __init__(self, target: str) -> None:
        self.target = target

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> _ModuleType:
        return importlib.import_module(self.target)

    def exec_module(self, module: _ModuleType) -> None:
        """Nothing to run: the module was loaded under its own name."""


class _AliasFinder(importlib.abc.MetaPathFinder):
    """Resolves ``import eagerpy.<name>`` to this package's submodule, on first import.

    Nothing is imported before it is asked for, so ``install()`` and ``import
    eagerpy`` import no framework; ``import eagerpy.tensor.pytorch`` imports
    PyTorch. It acts only while ``eagerpy`` in ``sys.modules`` is this package.
    """

    def find_spec(
        self, fullname: str, path: Any = None, target: Any = None
    ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith("eagerpy.") or sys.modules.get("eagerpy") is not _PACKAGE:
            return None
        name = __name__ + fullname[len("eagerpy") :]
        if importlib.util.find_spec(name) is None:
            return None
        return importlib.util.spec_from_loader(fullname, _AliasLoader(name))


_PACKAGE = sys.modules[__name__]
_FINDER = _AliasFinder()


def install() -> None:
    """Make ``import eagerpy`` and ``import eagerpy.<submodule>`` give this package.

    Entries of a real EagerPy already in ``sys.modules`` are replaced;
    objects that were imported from it before the call keep pointing to
    it, so call ``install()`` before importing libraries built on EagerPy.
    Calling it again does nothing more. No framework is imported, neither
    by the call nor by importing a submodule (``eagerpy.tensor.pytorch``
    included): a framework loads when the first of its arrays is wrapped
    (``ep.astensor(torch.ones(2))``), as the real EagerPy imports PyTorch
    when its first ``PyTorchTensor`` is made.

    Examples
    --------
    >>> import sys
    >>> import unitensor.compat.eagerpy as compat
    >>> saved = {k: m for k, m in sys.modules.items() if k.partition(".")[0] == "eagerpy"}
    >>> compat.install()
    >>> import eagerpy
    >>> eagerpy.__name__
    'unitensor.compat.eagerpy'

    There is no ``uninstall()``; removing the entries undoes it (done here so
    that the real EagerPy, if installed, is importable again):

    >>> for k in [k for k in sys.modules if k.partition(".")[0] == "eagerpy"]:
    ...     del sys.modules[k]
    >>> sys.modules.update(saved)
    """
    for name in [n for n in sys.modules if n == "eagerpy" or n.startswith("eagerpy.")]:
        del sys.modules[name]
    sys.modules["eagerpy"] = _PACKAGE
    # The submodules this package has loaded already, under both names; the name
    # ``eagerpy.astensor`` must be registered here, or importing it as a module would
    # rebind the package's function ``astensor`` to the module.
    prefix = __name__ + "."
    for name, module in list(sys.modules.items()):
        if name.startswith(prefix):
            sys.modules["eagerpy." + name[len(prefix) :]] = module
    sys.modules["eagerpy.astensor"] = _astensor_submodule
    if _FINDER not in sys.meta_path:
        sys.meta_path.insert(0, _FINDER)


__all__ = [
    "JAXTensor",
    "NumPyTensor",
    "PyTorchTensor",
    "Tensor",
    "TensorFlowTensor",
    "TensorOrScalar",
    "TensorType",
    "__version__",
    "astensor",
    "astensor_",
    "astensors",
    "astensors_",
    "framework",
    "index",
    "install",
    "istensor",
    "jax",
    "lib",
    "modules",
    "norms",
    "numpy",
    "tensor",
    "tensorflow",
    "torch",
    "types",
    "utils",
]
__all__ += framework.__all__
