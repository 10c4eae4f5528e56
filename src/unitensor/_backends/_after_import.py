"""Run a function once a module has been imported, without importing it.

Some frameworks' compilers need telling about unitensor (TorchDynamo how to
trace ``@`` of its tensors, AutoGraph to call its code as it is) before they
first trace unitensor code, and importing them here would cost every program
the import of TensorFlow or ``torch._dynamo``. ``after_import(name, then)``
calls ``then()`` at once if ``name`` is imported already, and otherwise right
after its import, whenever that happens.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from importlib.abc import MetaPathFinder
from types import ModuleType
from typing import Any

__all__ = ["after_import"]


class _AfterImport(MetaPathFinder):
    """Runs ``then()`` once the module ``name`` has been imported (one time)."""

    def __init__(self, name: str, then: Callable[[], None]) -> None:
        self.name = name
        self.then = then

    def find_spec(self, fullname: str, path: Any, target: Any = None) -> Any:
        if fullname != self.name:
            return None
        sys.meta_path.remove(self)  # the other finders find the module itself
        spec = importlib.util.find_spec(fullname)
        loader: Any = None if spec is None else spec.loader
        if loader is None:
            return spec
        execute = loader.exec_module
        then = self.then

        def exec_module(module: ModuleType) -> None:
            execute(module)
            then()

        loader.exec_module = exec_module  # this module's loader only
        return spec


def after_import(name: str, then: Callable[[], None]) -> None:
    """Call ``then()`` now if module ``name`` is imported, else right after its import.

    Parameters
    ----------
    name
        A module's full name, such as ``"torch._dynamo"``.
    then
        Called once, with no arguments; it must not raise.
    """
    if name in sys.modules:
        then()
    elif not any(isinstance(f, _AfterImport) and f.name == name for f in sys.meta_path):
        sys.meta_path.insert(0, _AfterImport(name, then))
