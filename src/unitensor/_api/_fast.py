"""The hot path's fast paths: Python templates, and their C versions.

A fast path is a tensor method's version for its most common operands (a
real float tensor with a Python number or a tensor of its own dtype and
shape; see docs/architecture.md, the hot path). Each is written once, as
Python source compiled per method (``fast_path``, ``unary_fast_path``,
``reduction_fast_path``, ``clip_fast_path``); where the C extension ``unitensor._speedups`` is
built, a C object makes the same tests and calls, and keeps the Python
function for the calls it does not handle and for TorchDynamo. ``wrap``
builds every result tensor.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from types import ModuleType
from typing import Any, Protocol, TypeVar, cast

from .._broadcast import broadcastable
from .._errors import ShardingError

_speedups: ModuleType | None = None
if os.environ.get("UNITENSOR_PURE_PYTHON") != "1":
    try:  # the hot path in C, built by pip where a compiler is found (pyproject.toml)
        from .. import _speedups
    except ImportError:  # no compiler at install: the same code in Python
        _speedups = None

_kernels: ModuleType | None = None
if _speedups is not None:  # (UNITENSOR_PURE_PYTHON turns both off)
    try:  # kernels over raw memory, built beside _speedups (pyproject.toml)
        from .. import _kernels
    except ImportError:
        _kernels = None

SPEEDUPS: bool = _speedups is not None
"""Whether the hot path runs in C (``unitensor._speedups``; docs/architecture.md).

``wrap`` and the fast paths of ``fast_path``, ``unary_fast_path``,
``reduction_fast_path`` and ``clip_fast_path`` are
the C versions where the extension was built and the environment variable
``UNITENSOR_PURE_PYTHON`` is not ``1``; otherwise the Python templates below,
which are also what TorchDynamo traces. Both give the same results and errors.
"""
SPEEDUPS_MODULE: ModuleType | None = _speedups
"""``unitensor._speedups`` where ``SPEEDUPS`` (the namespaces' wrappers use it too), else None."""
KERNELS_MODULE: ModuleType | None = _kernels
"""``unitensor._kernels`` (``sign`` in one pass over raw memory) where built and
``SPEEDUPS`` is true, else None; a backend that uses it keeps a form without it."""
FAST_PATH_TYPE: type | None = None if _speedups is None else _speedups.FastPath
"""The type of the fast paths in C, None where ``SPEEDUPS`` is false."""


class _Wrapper(Protocol):
    raw: Any


_T = TypeVar("_T", bound=_Wrapper)
_Method = TypeVar("_Method", bound=Callable[..., Any])
_new = object.__new__


def python_wrap(cls: type[_T], raw: Any, /) -> _T:
    """A new ``cls`` tensor around ``raw``: every result tensor is built here.

    It allocates the object and sets ``raw`` without calling ``__init__``,
    half the cost of ``cls(raw)``, which is most of a wrapper's overhead on
    small arrays. This is the Python version; ``wrap`` is the C one of
    ``unitensor._speedups`` where ``SPEEDUPS`` is true.
    """
    out = _new(cls)
    out.raw = raw
    return out


wrap = python_wrap
"""A new ``cls`` tensor around ``raw`` (``python_wrap``, in C where ``SPEEDUPS``)."""
if _speedups is not None:
    wrap = _speedups.wrap
PYTHON_VERSIONS: dict[Callable[..., Any], Callable[..., Any]] = (
    {} if _speedups is None else {_speedups.wrap: python_wrap}
)
"""The C functions in use and their Python versions (what TorchDynamo traces)."""


_OPERATORS = {
    "+": "add",
    "-": "subtract",
    "*": "multiply",
    "/": "divide",
    "<": "less",
    "<=": "less_equal",
    ">": "greater",
    ">=": "greater_equal",
}

# The fast paths are written as source, the way ``dataclasses`` writes methods, so
# that the operation is an operator or an attribute look-up in the code itself
# (``a + b``, ``self._ns.exp(a)``), not a call through ``operator.add`` or
# ``getattr``: on small arrays that call was a tenth of unitensor's overhead.
# A binary operator's operands can have shardings that JAX refuses to combine (``x + x.T``
# in Explicit mode): the ``try`` costs nothing until JAX raises (Python 3.11's exception
# tables), and the ``except`` clause's tuple is looked up only then.
_BINARY = """
def fast(self, other):
    try:
        a = self.raw
        kind = type(other)
        if kind is float or kind is int:
            if a.dtype not in self._weak_float_dtypes or a.__class__ not in self._operator_types:
                return method(self, other)
            b = other if kind is float else float(other){zero}
        elif kind is self.__class__:
            b = other.raw
            if (
                a.dtype is not b.dtype
                or (a.shape != b.shape and not broadcastable(a.shape, b.shape))
                or a.dtype not in self._float_dtypes
            ):
                return method(self, other)
        else:
            return method(self, other)
        return wrap(self.__class__, {expression})
    except self._ns.sharding_errors as e:
        raise sharding_error(e) from e
"""
_UNARY = """
def fast(self):
    a = self.raw
    if a.dtype in self._float_dtypes:
        return wrap(self.__class__, self._float_ns.{name}(a))
    return method(self)
"""
_REDUCTION = """
def fast(self, axis=None, keepdims=False{parameter}):
    a = self.raw
    if (
        {test}(keepdims is False or keepdims is True)
        and a.dtype in self._float_dtypes
        and a.dtype in self._full_width_dtypes
    ):
        if axis is not None:
            if type(axis) is not int:
                return method(self, axis, keepdims{argument})
            n = len(a.shape)
            if not -n <= axis < n:
                return method(self, axis, keepdims{argument})
            if axis < 0:
                axis += n
        try:
            return wrap(self.__class__, self._float_ns.{name}(a, axis, keepdims))
        except self._ns.sharding_errors as e:
            raise sharding_error(e) from e
    return method(self, axis, keepdims{argument})
"""
_CLIP = """
def fast(self, min_, max_):
    a = self.raw
    lo = type(min_)
    hi = type(max_)
    if (
        (lo is float or lo is int)
        and (hi is float or hi is int)
        and a.dtype in self._weak_float_dtypes
    ):
        try:
            return wrap(self.__class__, self._float_ns.clip(a, float(min_), float(max_)))
        except self._ns.sharding_errors as e:
            raise sharding_error(e) from e
    return method(self, min_, max_)
"""

# ``x op= y`` (+ - * /) where the framework's own augmented assignment writes ``a op b``
# into ``a`` (the primitive ``in_place_operators``: NumPy, PyTorch), for the binary fast
# path's operands; where it refuses them (the shapes, or PyTorch's operands that share
# memory) before writing anything, the checked path decides, as it does for a NumPy scalar
# (an immutable 0-d result, which ``a op= b`` rebinds: NumPy's own ``s += 1``)
_IN_PLACE = """
def fast(self, other):
    a = self.raw
    kind = type(other)
    if kind is self.__class__:
        b = other.raw
        dtype = a.dtype
        if dtype is not b.dtype or dtype not in self._float_dtypes:
            return method(self, other)
    elif kind is float or kind is int:
        if a.dtype not in self._weak_float_dtypes or a.__class__ not in self._operator_types:
            return method(self, other)
        b = other if kind is float else float(other){zero}
    else:
        return method(self, other)
    if self._rebinds or not self._ns.in_place_operators:
        return method(self, other)
    try:
        a {op}= b
    except (RuntimeError, ValueError):  # b not broadcasting to a's shape; PyTorch: b and a
        return method(self, other)  # sharing memory, which the checked path copies first
    return self if a is self.raw else method(self, other)  # (a NumPy scalar: immutable)
"""


TEMPLATE_SCOPES: list[dict[str, Any]] = []
"""The globals of the fast paths' Python functions (``ut.jit`` tells TorchDynamo of them)."""


def _compiled(source: str, method: Callable[..., Any], name: str = "<string>") -> Any:
    """The Python function of the template ``source`` for ``method`` (its checked path).

    ``name`` is the code's file name: ``"<string>"`` for the templates that
    have a C version (``tests/test_speedups.py`` finds them by it).
    """
    scope: dict[str, Any] = {"wrap": python_wrap, "method": method}
    TEMPLATE_SCOPES.append(scope)
    scope["sharding_error"] = sharding_error
    scope["broadcastable"] = broadcastable
    exec(compile(source, name, "exec"), scope)  # a template above, with an operator or name
    fast = scope["fast"]
    functools.update_wrapper(fast, method)
    return fast


def _written(
    source: str,
    method: Callable[..., Any],
    op: str,
    reflected: bool = False,
    unary: bool = False,
    form: str = "",
) -> Any:
    """The fast path of ``method``: the template ``source`` compiled, in C where ``SPEEDUPS``.

    The C version (``unitensor._speedups.FastPath``) makes the template's
    tests, calls ``method`` where the template does, and calls the Python
    function (its ``__python__``) for any call it does not handle itself,
    and where the framework's operation raises (the template turns JAX's
    sharding refusals into ``ShardingError``).
    """
    fast = _compiled(source, method)
    if _speedups is None:
        return fast
    accelerated = _speedups.FastPath(method, fast, op, reflected, unary, form)
    functools.update_wrapper(accelerated, method)
    return accelerated


def pure_python(fast: Callable[..., Any]) -> Callable[..., Any]:
    """The Python function of a fast path (itself where ``SPEEDUPS`` is false).

    It is compiled from the template (``_BINARY``, ``_UNARY`` or
    ``_REDUCTION``, ``_CLIP``); the C
    version keeps it as ``__python__``. The tests compare the two.
    """
    python: Callable[..., Any] = getattr(fast, "__python__", fast)
    return python


def fast_path(op: str, reflected: bool = False) -> Callable[[_Method], _Method]:
    """Give a binary operation its fast path for the most common operands.

    A real float tensor with a Python int or float, or two real float
    tensors of one class and dtype whose shapes are equal or broadcast
    (``broadcastable``: known sizes, rank at most 8), need no promotion or
    checks: ``op`` applies as it is. ``op`` is Python's operator (``"+"``, ``"<="``,
    ...; ``other op self`` when ``reflected``), or its float primitive (``add``, ...)
    where the backend's ``float_operators`` says that is faster, or the name of a
    primitive (``"maximum"``); a Python int goes in as a float, as NumPy converts it.
    With a Python scalar, only arrays whose Python operators keep NumPy 2's
    meaning take it (the primitives ``python_operators`` and
    ``float_operand`` say which), and a zero divisor of ``/`` takes the
    checked path, which keeps its sign (TensorFlow's cache of scalar
    constants takes -0.0 for 0.0). Any other operands go to the decorated
    method, the checked path, which starts with ``_operands``. This, with
    ``unary_fast_path``, is the one place the test is written.
    """
    zero = ""
    if op == "/" and not reflected:
        zero = "\n            if not b:\n                return method(self, other)"
    if op in _OPERATORS:  # (the float primitive where a backend's is faster: float_operators)
        pair = "b, a" if reflected else "a, b"
        expression = (
            f"self._float_ns.{_OPERATORS[op]}({pair}) if self._float_ns.float_operators "
            f"else {'b' if reflected else 'a'} {op} {'a' if reflected else 'b'}"
        )
    elif op.isidentifier():
        expression = f"self._float_ns.{op}(b, a)" if reflected else f"self._float_ns.{op}(a, b)"
    else:
        raise ValueError(f"not an operator or a primitive's name: {op!r}")
    source = _BINARY.format(expression=expression, zero=zero)

    def decorate(method: _Method) -> _Method:
        return cast(_Method, _written(source, method, op, reflected))

    return decorate


def unary_fast_path(name: str) -> Callable[[_Method], _Method]:
    """Give an elementwise function its fast path for real float tensors.

    A real float tensor goes straight to the primitive ``name``: no dtype
    rule applies to it. Any other tensor goes to the decorated method, the
    checked path (bool and integers cast or refused, complex handled).
    """
    if not name.isidentifier():
        raise ValueError(f"not a primitive's name: {name!r}")
    source = _UNARY.format(name=name)

    def decorate(method: _Method) -> _Method:
        return cast(_Method, _written(source, method, name, unary=True))

    return decorate


def reduction_fast_path(name: str, dtype: bool = False) -> Callable[[_Method], _Method]:
    """Give a reduction (``sum``, ``mean``) its fast path for real float tensors.

    A float32 or float64 tensor (no half precision, which accumulates
    wider) with ``axis`` None or one in-range int, ``keepdims`` a bool and
    (where the method takes ``dtype``) ``dtype=None`` goes straight to the
    float primitive ``name`` with the axis made non-negative. Any other
    call goes to the decorated method, the checked path: its signature
    must be ``(self, axis=None, keepdims=False[, dtype=None])``.
    """
    if not name.isidentifier():
        raise ValueError(f"not a primitive's name: {name!r}")
    source = _REDUCTION.format(
        name=name,
        parameter=", dtype=None" if dtype else "",
        test="dtype is None\n        and " if dtype else "",
        argument=", dtype" if dtype else "",
    )

    def decorate(method: _Method) -> _Method:
        form = "reduction with dtype" if dtype else "reduction"
        return cast(_Method, _written(source, method, name, form=form))

    return decorate


def clip_fast_path(method: _Method) -> _Method:
    """Give ``clip(self, min_, max_)`` its fast path for two Python number bounds.

    A real float tensor whose Python operators take a Python float as its
    own dtype (``_weak_float_dtypes``) with two Python ints or floats as
    bounds goes straight to the float primitive ``clip`` with the bounds as
    floats, as the checked path does; any other call goes to ``method``.
    """
    return cast(_Method, _written(_CLIP, method, "clip", form="clip"))


def in_place_fast_path(op: str) -> Callable[[_Method], _Method]:
    """Give ``x op= y`` (``op`` one of ``+ - * /``) its fast path: the array's own ``a op= b``.

    Where the backend's ``in_place_operators`` says the framework's
    augmented assignment writes ``a op b`` into ``a`` (NumPy, PyTorch) and
    the class's in-place operators write through (not the EagerPy layer's),
    a real float tensor with a Python int or float (not a zero divisor of
    ``/``), or with a tensor of its class and dtype, runs ``a op= b`` on the
    native arrays. Anything else goes to the decorated method, the checked
    path, as do the framework's refusals, which come before it writes: a
    ``b`` that does not broadcast to ``a``'s shape (``ShapeError`` there),
    PyTorch's operands sharing memory (``x += x.T``, which the checked path
    computes first, as NumPy does), a read-only NumPy array (whose error the
    checked path raises again). Python only (TorchDynamo traces it as it is).
    """
    if op not in ("+", "-", "*", "/"):
        raise ValueError(f"not an operator with an in-place fast path: {op!r}")
    zero = "\n        if not b:\n            return method(self, other)" if op == "/" else ""

    def decorate(method: _Method) -> _Method:
        source = _IN_PLACE.format(op=op, zero=zero)
        return cast(_Method, _compiled(source, method, "<in-place fast path>"))

    return decorate


def sharding_error(e: Exception) -> ShardingError:
    """The [`ShardingError`][unitensor.ShardingError] for a framework's sharding refusal ``e``.

    Its message is ``e``'s, after its class name; raise it ``from e``, so
    that the framework's error is kept as ``__cause__``.
    """
    return ShardingError(f"{type(e).__name__}: {e}")
