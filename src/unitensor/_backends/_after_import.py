"""Run a function once a module has been imported, without importing it.

Some frameworks' compilers need telling about unitensor (TorchDynamo how to
trace ``@`` of its tensors, AutoGraph to call its code as it is) before they
first trace unitensor code, and importing them here would cost every program
the import of TensorFlow or ``torch._dynamo``. ``after_import(name, then)``
calls ``then()`` at once if ``name`` is imported already, and otherwise right
after its import, whenever that happens.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from importlib.abc import MetaPathFinder
from types import ModuleType
from typing import Any

__all__ = ["after_import"]


class _AfterImport(MetaPathFinder):
    """Runs ``then()`` once the module ``name`` has been imported (one time).

    It stays in ``sys.meta_path`` until the module is executed: a look-up
    that finds the module without importing it (``importlib.util.find_spec``,
    a common test of whether a framework is installed) leaves it waiting.
    """

    def __init__(self, name: str, then: Callable[[], None]) -> None:
        self.name = name
        self.then = then

    def find_spec(self, fullname: str, path: Any, target: Any = None) -> Any:
        if fullname != self.name:
            return None
        spec: Any = None
        for finder in sys.meta_path:  # the other finders find the module itself
            find = getattr(finder, "find_spec", None)
            if finder is not self and find is not None:
                spec = find(fullname, path, target)
                if spec is not None:
                    break
        loader: Any = None if spec is None else spec.loader
        if loader is None:
            return spec
        execute = loader.exec_module

        def exec_module(module: ModuleType) -> None:
            execute(module)
            if self in sys.meta_path:  # (only the first import runs then())
                sys.meta_path.remove(self)
                self.then()

        loader.exec_module = exec_module  # this look-up's loader only
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
