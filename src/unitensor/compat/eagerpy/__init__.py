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
import sys
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

_SUBMODULES = (
    "astensor",
    "framework",
    "lib",
    "modules",
    "norms",
    "tensor",
    "tensor.base",
    "tensor.extensions",
    "tensor.jax",
    "tensor.numpy",
    "tensor.pytorch",
    "tensor.tensor",
    "tensor.tensorflow",
    "types",
    "utils",
)


def __getattr__(name: str) -> Any:
    """The backend tensor classes, loaded on first access."""
    if name in ("PyTorchTensor", "TensorFlowTensor", "JAXTensor", "NumPyTensor"):
        return getattr(tensor, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def install() -> None:
    """Make ``import eagerpy`` and ``import eagerpy.<submodule>`` give this package.

    Entries of a real EagerPy already in ``sys.modules`` are replaced;
    objects that were imported from it before the call keep pointing to
    it, so call ``install()`` before importing libraries built on EagerPy.
    Calling it again does nothing more.

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
    sys.modules["eagerpy"] = sys.modules[__name__]
    sys.modules["eagerpy.astensor"] = _astensor_submodule
    for sub in _SUBMODULES:
        sys.modules[f"eagerpy.{sub}"] = importlib.import_module(f"{__name__}.{sub}")


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
