"""What TorchDynamo (``torch.compile``) is told about unitensor's tensors.

Dynamo traces a unitensor tensor as an ordinary Python object and calls its
operator methods (``__add__``, ``__neg__``, ``__lt__``, ...) for the
operators Python dispatches through a type's number slots. PyTorch 2.13's
Dynamo dispatches every such operator except two: ``a @ b`` and ``~a`` of a
Python object stop the trace ("Dynamo does not know how to trace builtin
operator `matmul` with argument types ['PyTorchTensor', 'PyTorchTensor']"),
a graph break, and an error under ``torch.compile(fullgraph=True)``.
``teach`` registers both for unitensor's tensors only: ``a @ b`` calls
``a.__matmul__(b)`` (or ``b.__rmatmul__(a)`` where only ``b`` is one),
``~a`` calls ``a.__invert__()``, as Python itself does.

``teach`` also sets ``torch._dynamo.config.trace_autograd_ops`` (PyTorch's
default breaks the graph at ``torch.autograd.grad``, which unitensor's
gradients call), so a training step with its gradient is one graph; this
is a process-wide setting of PyTorch's and applies to native code as well.

Importing ``torch._dynamo`` takes about as long as importing PyTorch, and
most programs never compile, so the PyTorch backend does not import it:
``teach_when_imported`` teaches Dynamo at once where it has been imported
already, and otherwise right after its import, whenever that happens (the
first ``torch.compile`` imports it).
"""

from __future__ import annotations

import operator
import warnings
from typing import Any

from ._after_import import after_import

__all__ = ["teach", "teach_when_imported"]

_DYNAMO = "torch._dynamo"
_TAUGHT: list[type] = []
_MATMULS: tuple[Any, ...] = (getattr(operator, "matmul"), getattr(operator, "imatmul"))  # noqa: B009  # (typeshed types them partly unknown)


def teach(tensor_base: type) -> None:
    """Make Dynamo trace ``@`` and ``~`` of ``tensor_base`` instances by their methods.

    Parameters
    ----------
    tensor_base
        The base class of unitensor's tensors; other objects keep Dynamo's
        own handling.
    """
    if _TAUGHT:
        return
    _TAUGHT.append(tensor_base)
    # Dynamo's internals (PyTorch 2.13); nothing public registers an operator handler
    import torch._dynamo.config as config
    from torch._dynamo.variables.base import VariableTracker
    from torch._dynamo.variables.builtin import BuiltinVariable
    from torch._dynamo.variables.user_defined import UserDefinedObjectVariable

    def ours(v: Any) -> bool:
        return isinstance(v, UserDefinedObjectVariable) and issubclass(v.python_type(), tensor_base)

    def matmul(tx: Any, a: Any, b: Any) -> Any:
        if ours(a):
            return a.call_method(tx, "__matmul__", [b], {})
        if ours(b):
            return b.call_method(tx, "__rmatmul__", [a], {})
        return None  # not ours: the next handler, or Dynamo's own error

    def call_invert(self: Any, tx: Any, a: Any) -> Any:
        return a.call_method(tx, "__invert__", [], {}) if ours(a) else None

    handlers: dict[Any, list[Any]] = BuiltinVariable._binop_handlers()  # pyright: ignore[reportPrivateUsage]
    for op in _MATMULS:
        handlers.setdefault(op, []).extend(
            [((UserDefinedObjectVariable, VariableTracker), matmul),
             ((VariableTracker, UserDefinedObjectVariable), matmul)]
        )  # fmt: skip
    setattr(BuiltinVariable, "call_invert", call_invert)  # noqa: B010  # Dynamo looks it up by name
    # unitensor's gradients call torch.autograd.grad, where Dynamo breaks the graph by
    # default (PyTorch 2.13): traced, a training step with its gradient is one graph
    config.trace_autograd_ops = True
    cache: dict[tuple[Any, ...], Any] = BuiltinVariable.call_function_handler_cache
    for key in [k for k in cache if k[0] in (*_MATMULS, operator.invert)]:
        del cache[key]  # handlers made before, without ours


def _teach_safely(tensor_base: type) -> None:
    try:
        teach(tensor_base)
    except Exception as e:  # another PyTorch release's internals: compile without it
        warnings.warn(
            f"unitensor could not tell TorchDynamo how to trace @ and ~ of its tensors "
            f"({type(e).__name__}: {e}); under torch.compile they break the graph",
            RuntimeWarning,
            stacklevel=2,
        )


def teach_when_imported(tensor_base: type) -> None:
    """``teach`` now if ``torch._dynamo`` is imported, else right after its import.

    Parameters
    ----------
    tensor_base
        As [`teach`][unitensor._backends._torch_dynamo.teach].
    """
    after_import(_DYNAMO, lambda: _teach_safely(tensor_base))
