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

Where the hot path runs in C (``unitensor._speedups``, see
``unitensor._api._fast.SPEEDUPS``), Dynamo, which inlines Python code and
cannot see into C, is given the Python versions instead: ``wrap`` becomes
its Python twin through ``torch.compiler.substitute_in_graph`` (PyTorch's
public way of giving a C function a traceable polyfill), and a fast path in C
found on a tensor's class (Dynamo walks the class itself, for attributes,
operators and comparisons) is read as the Python function it was built from
(``__python__``, compiled from the same template). Traced code is then the
code that runs without the extension.

Importing ``torch._dynamo`` takes about as long as importing PyTorch, and
most programs never compile, so the PyTorch backend does not import it:
``teach_when_imported`` teaches Dynamo at once where it has been imported
already, and otherwise right after its import, whenever that happens (the
first ``torch.compile`` imports it).
"""

from __future__ import annotations

import operator
import types
import warnings
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ._after_import import after_import

__all__ = ["internal_guards_dropped", "teach", "teach_when_imported"]

_DYNAMO = "torch._dynamo"
_TAUGHT: list[type] = []
_MATMULS: tuple[Any, ...] = (getattr(operator, "matmul"), getattr(operator, "imatmul"))  # noqa: B009  # (typeshed types them partly unknown)


def teach(
    tensor_base: type,
    fast_path_type: type | None = None,
    python_versions: Mapping[Callable[..., Any], Callable[..., Any]] | None = None,
) -> None:
    """Make Dynamo trace ``@`` and ``~`` of ``tensor_base`` instances by their methods.

    Parameters
    ----------
    tensor_base
        The base class of unitensor's tensors; other objects keep Dynamo's
        own handling.
    fast_path_type
        The type of the fast paths in C (``unitensor._speedups.FastPath``),
        or None where they run in Python: Dynamo reads each as its
        ``__python__``.
    python_versions
        C functions (``wrap``) and the Python function of the same meaning
        Dynamo traces in their place.
    """
    if _TAUGHT:
        return
    _TAUGHT.append(tensor_base)
    for c_function, python in (python_versions or {}).items():
        import torch.compiler

        torch.compiler.substitute_in_graph(c_function)(python)
    if fast_path_type is not None:
        _read_python_fast_paths(fast_path_type)
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


def _read_python_fast_paths(fast_path_type: type) -> None:
    """Make Dynamo read a fast path in C on a class as its Python function.

    Dynamo looks a tensor's attributes up in its class's ``__dict__`` itself
    (``lookup_class_mro_attr`` for attributes and operators,
    ``_maybe_get_baseclass_method`` for method calls, ``richcompare_impl``
    for comparisons) and inlines the Python functions it finds; a fast path
    in C becomes the Python function compiled from the same template.
    """
    # Dynamo's internals (PyTorch 2.13), as above
    from torch._dynamo.variables.user_defined import UserDefinedObjectVariable

    def seen(value: Any) -> Any:
        return getattr(value, "__python__") if type(value) is fast_path_type else value  # noqa: B009

    lookup = UserDefinedObjectVariable.lookup_class_mro_attr
    baseclass_method = UserDefinedObjectVariable._maybe_get_baseclass_method  # pyright: ignore[reportPrivateUsage]
    richcompare = UserDefinedObjectVariable.richcompare_impl

    def lookup_class_mro_attr(self: Any, name: str) -> object:
        return seen(lookup(self, name))

    def maybe_get_baseclass_method(self: Any, name: str) -> Any:
        return seen(baseclass_method(self, name))

    def richcompare_impl(self: Any, tx: Any, other: Any, op: str) -> Any:
        method: Any = lookup(self, op)
        if type(method) is not fast_path_type:
            return richcompare(self, tx, other, op)
        python: types.FunctionType = getattr(method, "__python__")  # noqa: B009
        return self.resolve_type_attr(tx, op, python, source=None).call_function(tx, [other], {})

    setattr(UserDefinedObjectVariable, "lookup_class_mro_attr", lookup_class_mro_attr)  # noqa: B010
    setattr(UserDefinedObjectVariable, "_maybe_get_baseclass_method", maybe_get_baseclass_method)  # noqa: B010
    setattr(UserDefinedObjectVariable, "richcompare_impl", richcompare_impl)  # noqa: B010


def _teach_safely(
    tensor_base: type,
    fast_path_type: type | None,
    python_versions: Mapping[Callable[..., Any], Callable[..., Any]] | None,
) -> None:
    try:
        teach(tensor_base, fast_path_type, python_versions)
    except Exception as e:  # another PyTorch release's internals: compile without it
        warnings.warn(
            f"unitensor could not tell TorchDynamo how to trace @ and ~ of its tensors "
            f"({type(e).__name__}: {e}); under torch.compile they break the graph",
            RuntimeWarning,
            stacklevel=2,
        )


def teach_when_imported(
    tensor_base: type,
    fast_path_type: type | None = None,
    python_versions: Mapping[Callable[..., Any], Callable[..., Any]] | None = None,
    load: Callable[[], object] | None = None,
) -> None:
    """``teach`` now if ``torch._dynamo`` is imported, else right after its import.

    Parameters
    ----------
    tensor_base, fast_path_type, python_versions
        As [`teach`][unitensor._backends._torch_dynamo.teach].
    load
        Called then too: it loads the PyTorch backend's primitives, so that
        a program whose first unitensor call is inside ``torch.compile``
        does not trace their loading (Dynamo cannot trace its look-ups of
        dtypes a framework lacks, which raise ``AttributeError``, and with
        ``fullgraph=True`` the compilation failed).
    """

    def then() -> None:
        _teach_safely(tensor_base, fast_path_type, python_versions)
        if load is not None:
            load()

    after_import(_DYNAMO, then)


# The names TorchDynamo gives the globals it guards, for the globals that are unitensor's
# or PyTorch's private modules and builtins (``G['__import_unitensor_dot__api_dot__base']``)
_INTERNAL_GLOBALS = (
    "__import_unitensor_dot_",  # (and _PACKAGE itself, not a user's unitensor_extras)
    "__import_torch_dot__",  # torch._functorch, torch._C, torch._dynamo, ...
    "__import_torch_dot_utils_dot__pytree",
    "__builtins_dict",
)
_PACKAGE = "__import_unitensor"


def _root(name: str, is_global: bool) -> str:
    """The variable a guard's source starts from: ``cls`` of ``cls._ns.matmul``, ``x`` of
    ``G['x'].y`` and of ``list(dict.keys(G['x'].y))[0]``."""
    if is_global:
        start = name.find("G['") + 3
        return "" if start < 3 else name[start : name.find("'", start)]
    for i, c in enumerate(name):
        if c in ".[(":
            return name[:i]
    return name


def internal_guards_dropped(
    fn: types.FunctionType, constants: frozenset[str], scopes: frozenset[int]
) -> Callable[[Sequence[Any]], list[bool]]:
    """A ``guard_filter_fn`` for ``torch.compile`` of ``ut.jit``'s function ``fn``.

    TorchDynamo guards every global, closure variable and attribute a trace
    read, and checks them all on each call: on the demo's training step 247
    guards, about 17 µs a call against 3 µs for the native step's 33. Most
    are unitensor's own, constant once a backend has loaded (its primitives,
    dtype caches, modules, the templates' scopes, ``fn``'s closure
    variables ``constants``), or PyTorch's private modules and builtins;
    the filter drops those and keeps every guard of the arguments, of the
    global state (grad mode, ...) and of the user's own code (its function,
    closures, globals and public ``torch`` functions), so what a user can
    change still recompiles.
    """
    own = fn.__globals__
    scope_names = {f"___unnamed_scope_{i}_c0" for i in scopes}

    def kept(entry: Any) -> bool:
        root = _root(entry.name, entry.is_global)
        if not entry.is_global:
            return root not in constants
        if root.startswith(_INTERNAL_GLOBALS) or root in scope_names or root == _PACKAGE:
            return False
        # (Dynamo adds the modules and scopes it names to the globals: only ut.jit's own
        # names of its module are its own)
        return root.startswith(("__import_", "___")) or root not in own

    def keep(entries: Sequence[Any]) -> list[bool]:
        return [kept(e) for e in entries]

    return keep
