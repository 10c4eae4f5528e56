"""``ut.jit``: compile a function written against unitensor with its arguments' framework.

The function's tensor arguments (unitensor tensors or native arrays, alone
or inside tuples, lists and dicts) are flattened into a list of native
arrays; the function the framework compiles takes that list, rebuilds the
arguments (the same containers, unitensor tensors where unitensor tensors
went in), calls the user's function and returns its results with unitensor
tensors unwrapped. The framework's own compiler then sees native arrays only
(``jax.jit``, ``tf.function``, ``torch.compile``; NumPy calls the function as
it is) and retraces where it would for native code: on a new shape or dtype.
Static arguments (``static_argnums`` / ``static_argnames``, and any leaf that
is neither a tensor nor a Python number, such as a string) pick one compiled
function each, kept in a dict.
"""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

import functools
import inspect
import itertools
import types
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, Generic, ParamSpec, TypeVar, cast, overload

import numpy as np

from . import _registry, dtypes
from ._api._base import MISSING, TEMPLATE_SCOPES, TensorBase, reraise_index_error, wrap
from ._backends._torch_dynamo import internal_guards_dropped
from ._errors import (
    CompileError,
    FrameworkMixError,
    IndexOutOfRangeError,
    UnitensorError,
    untagged,
)
from ._tree import map_containers

__all__ = ["Jitted", "jit"]

P = ParamSpec("P")
R = TypeVar("R")

_NUMBERS = (bool, int, float, complex)
_DEFAULT_OF_SCALAR = {
    bool: "bool",
    int: dtypes.DEFAULT_INT,
    float: dtypes.DEFAULT_FLOAT,
    complex: "complex64",
}
"""The dtype a traced Python number becomes (that of ``ut.asarray`` of it)."""

_COMPILERS = ("jax", "tensorflow", "torch")
_SERIAL = itertools.count()

# A leaf of the flattened arguments: ("ut", None) a unitensor tensor, ("native", None) a
# native array, ("numpy", None) a NumPy array, ("number", python type) a Python number,
# ("static", value) anything else.
_Tree = Any
_NATIVE = ("native", None)
_NUMPY = ("numpy", None)


def _flatten(x: Any, leaves: list[Any]) -> _Tree:
    """The structure of ``x`` (hashable), appending its dynamic leaves to ``leaves``."""
    kind: Any = x.__class__
    if kind in _registry._CLASS_OF_TYPE:  # a native array type seen before (the common case)
        leaves.append(x)
        return _NUMPY if kind is np.ndarray else _NATIVE
    values: Any = x  # (the isinstance tests narrow x, not this)
    if kind is list or kind is tuple:
        return (kind, tuple(_flatten(v, leaves) for v in values))
    if kind is dict:
        return (dict, tuple(values), tuple(_flatten(v, leaves) for v in values.values()))
    if hasattr(kind, "_fields") and isinstance(x, tuple):  # a named tuple
        return (kind, tuple(_flatten(v, leaves) for v in values))
    if isinstance(x, TensorBase):
        leaves.append(x)
        return ("ut", None)
    if kind in _NUMBERS:
        leaves.append(x)
        return ("number", kind)
    if kind.__module__.partition(".")[0] in _registry._ROOT_MODULE and _is_array(x):
        leaves.append(x)
        return _NUMPY if kind is np.ndarray else _NATIVE
    return ("static", x)  # (hashed with the key: an unhashable value raises there)


def _is_array(x: Any) -> bool:
    try:
        _registry.astensor(x)
    except TypeError:
        return False
    return True


def _unflatten(tree: _Tree, leaves: Sequence[Any], at: list[int]) -> Any:
    """Rebuild what ``_flatten`` flattened, taking dynamic leaves from ``leaves``."""
    kind = tree[0]
    if kind == "static":
        return tree[1]
    if isinstance(kind, str):
        i = at[0]
        at[0] = i + 1
        return leaves[i]
    if kind is dict:
        return dict(zip(tree[1], (_unflatten(t, leaves, at) for t in tree[2]), strict=True))
    items = [_unflatten(t, leaves, at) for t in tree[1]]
    if kind is list:
        return items
    if kind is tuple:
        return tuple(items)
    return kind(*items)  # a named tuple


def _results_to_raw(x: Any) -> Any:
    """``x`` with unitensor tensors replaced by their native arrays (inside containers)."""
    if isinstance(x, TensorBase):
        return x.raw
    return map_containers(_results_to_raw, x, x)


def _results_to_tensors(x: Any, cls: type[TensorBase]) -> Any:
    """Native arrays of ``cls``'s framework in ``x`` wrapped as ``cls`` tensors."""
    if x is None or x.__class__ in _NUMBERS or isinstance(x, TensorBase):
        return x
    out = map_containers(lambda v: _results_to_tensors(v, cls), x, MISSING)
    return wrap(cls, x) if out is MISSING else out


class Jitted(Generic[P, R]):
    """A function compiled by [`jit`][unitensor.jit]; call it as the function itself.

    Attributes
    ----------
    __wrapped__
        The function as written (``f``).
    """

    def __init__(
        self,
        f: Callable[P, R],
        static_argnums: tuple[int, ...],
        static_argnames: tuple[str, ...],
        jit_compile: bool | None,
        options: Mapping[str, Mapping[str, Any]],
        checks: bool = False,
    ) -> None:
        self.__wrapped__ = f
        self._static_argnums = static_argnums
        self._static_argnames = static_argnames
        self._jit_compile = jit_compile
        self._options = options
        self._checks = checks
        self._compiled: dict[Hashable, _Reported] = {}
        self._flat: dict[tuple[type, ...], _FlatCall] = {}
        functools.update_wrapper(self, f)

    def __repr__(self) -> str:
        return f"ut.jit({getattr(self.__wrapped__, '__qualname__', self.__wrapped__)!r})"

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        if not kwargs:  # the common call: positional arguments, each a tensor, array or number
            flat = self._flat.get(tuple(map(type, args)))
            if flat is not None:
                return cast("R", flat(args))
        return cast("R", self._call(args, kwargs))

    def _call(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        """A call through the general path (it also learns the flat calls, ``_FlatCall``)."""
        n = len(args)
        static_pos = tuple(i % n for i in self._static_argnums if -n <= i < n)
        dynamic_args = [a for i, a in enumerate(args) if i not in static_pos]
        static_args = tuple((i, args[i]) for i in sorted(static_pos))
        static_kw = tuple(sorted((k, v) for k, v in kwargs.items() if k in self._static_argnames))
        dynamic_kw = {k: v for k, v in kwargs.items() if k not in self._static_argnames}
        leaves: list[Any] = []
        tree = _flatten((tuple(dynamic_args), dynamic_kw), leaves)
        cls, wrapped = _framework(leaves)
        if cls is None or cls.backend not in _COMPILERS:  # NumPy, or no tensor at all
            return self.__wrapped__(*args, **kwargs)
        raws = _native_leaves(cls, tree, leaves)
        key = (cls.backend, tree, static_args, static_kw)
        try:
            compiled = self._compiled[key]
        except KeyError:
            compiled = self._compiled[key] = self._compile(cls, tree, static_args, static_kw, n)
        except TypeError as e:  # an unhashable static argument
            raise TypeError(
                f"ut.jit: the static arguments of {self!r} must be hashable ({e}); a value "
                "that is neither a tensor nor a Python number is static"
            ) from None
        if not kwargs and not static_pos and tree == _flat_tree(args):
            flat = _FlatCall.of(cls, compiled, args, wrapped)
            if flat is not None:
                self._flat[tuple(map(type, args))] = flat
        out = compiled(*raws)
        return _results_to_tensors(out, cls) if wrapped else out

    def _compile(
        self,
        cls: type[TensorBase],
        tree: _Tree,
        static_args: tuple[tuple[int, Any], ...],
        static_kw: tuple[tuple[str, Any], ...],
        n: int,
    ) -> _Reported:
        """The framework's compiled function of the native leaves, for one static key."""
        f: Callable[..., Any] = self.__wrapped__
        kinds = _leaf_kinds(tree)
        # NumPy arrays beside unitensor tensors come in as tensors too (converted to cls's
        # framework): a mixed `tensor - native` breaks TorchDynamo's graph
        native = ("native",) if "ut" in kinds else ("native", "numpy")

        def call_flat(*raws: Any) -> Any:
            leaves = [r if k in native else wrap(cls, r) for k, r in zip(kinds, raws, strict=True)]
            dynamic_args, kwargs = _unflatten(tree, leaves, [0])
            it = iter(dynamic_args)
            given = dict(static_args)
            args = [given[i] if i in given else next(it) for i in range(n)]
            return _results_to_raw(f(*args, **dict(kwargs, **dict(static_kw))))

        name = getattr(f, "__name__", "f")
        # A code object of its own for each compiled function: TorchDynamo keeps its
        # compiled graphs on the code object, and shared code would share its cache limit.
        code = call_flat.__code__.replace(co_name=f"{name}_jit{next(_SERIAL)}")
        fn = types.FunctionType(
            code, call_flat.__globals__, code.co_name, None, call_flat.__closure__
        )
        options = dict(self._options.get(cls.backend, {}))
        if cls.backend == "jax":
            jax: Any = _registry.resolve("jax.jit")
            checked = cls._ns.checked if self._checks else None
            if checked is None:
                return _Reported(jax(fn, **options), "jax.jit", name, fn)
            return _Reported(_raising(jax(checked(fn), **options), cls), "jax.jit", name, fn)
        if cls.backend == "tensorflow":
            function: Any = _registry.resolve("tensorflow.function")
            if self._jit_compile is not None:
                options.setdefault("jit_compile", self._jit_compile)
            # AutoGraph converts Python control flow on TensorFlow tensors, and unitensor
            # tensors are none: it would only convert (and re-raise unitensor's errors as
            # its own StagingError)
            options.setdefault("autograph", False)
            return _Reported(function(fn, **options), "tf.function", name, fn)
        compile_: Any = _registry.resolve("torch.compile")
        # A graph break is a compiler failure, as on JAX and TensorFlow (fullgraph=False
        # in options lets TorchDynamo split f instead, running the rest eagerly)
        options.setdefault("fullgraph", True)
        if options.get("mode") is None:  # (torch.compile takes a mode or options, not both)
            backend_options = dict(options.get("options") or {})
            constants = frozenset(fn.__code__.co_freevars) - {"f", "static_args", "static_kw"}
            scopes = frozenset(id(s) for s in TEMPLATE_SCOPES)
            backend_options.setdefault(
                "guard_filter_fn", internal_guards_dropped(fn, constants, scopes)
            )
            options["options"] = backend_options
        return _Reported(compile_(fn, **options), "torch.compile", name, fn)


def _raising(compiled: Callable[..., Any], cls: type[TensorBase]) -> Callable[..., Any]:
    """A function of ``checked``'s compiled ``(error, result)`` giving the result, raising
    the check that failed first (as eagerly) where one did."""
    raise_failed = cls._ns.raise_failed

    def run(*raws: Any) -> Any:
        error, out = compiled(*raws)
        raise_failed(error)
        return out

    return run


def _flat_tree(args: tuple[Any, ...]) -> _Tree:
    """The tree of positional arguments that are one leaf each, with no keyword arguments."""
    return (tuple, ((tuple, tuple(_leaf_of(a) for a in args)), (dict, (), ())))


def _static_both(
    f: Callable[..., Any], nums: tuple[int, ...], names: tuple[str, ...]
) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """``static_argnums`` and ``static_argnames`` completed from each other, as in JAX.

    A static parameter is static whether it is passed by position or by
    name: its name joins ``names`` for a number, and its position ``nums``
    for a name (from ``f``'s signature, where it has one).
    """
    try:
        params = list(inspect.signature(f).parameters.values())
    except (TypeError, ValueError):  # no signature (some builtins): as given
        return nums, names
    kinds = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    positional = [p for p in params if p.kind in kinds]
    by_name = {p.name: i for i, p in enumerate(positional)}
    more_nums = [by_name[n] for n in names if n in by_name]
    more_names = [
        positional[i].name
        for i in nums
        if 0 <= i < len(positional) and positional[i].kind is not inspect.Parameter.POSITIONAL_ONLY
    ]
    return (
        tuple(dict.fromkeys((*nums, *more_nums))),
        tuple(dict.fromkeys((*names, *more_names))),
    )


def _leaf_of(x: Any) -> _Tree:
    """The tree ``_flatten`` gives an argument that is one leaf (a container gives another)."""
    if isinstance(x, TensorBase):
        return ("ut", None)
    if x.__class__ in _NUMBERS:
        return ("number", x.__class__)
    return _NATIVE


class _FlatCall:
    """A compiled call for one tuple of argument classes, each argument one dynamic leaf.

    ``Jitted`` keeps one per tuple of classes it has seen (no static
    arguments among them, no keyword arguments), and calls it without
    flattening: each argument goes in through its position's conversion
    (a tensor's ``raw``, a native array as it is, a Python number as
    ``_native_leaves`` converts it). The framework's compiled function
    checks shapes and dtypes itself, as for native code.
    """

    __slots__ = ("cls", "compiled", "convert", "like", "mode", "wrapped")

    def __init__(
        self,
        cls: type[TensorBase],
        compiled: _Reported,
        convert: tuple[int, ...],
        wrapped: bool,
    ) -> None:
        self.cls, self.compiled, self.convert, self.wrapped = cls, compiled, convert, wrapped
        self.like = next((i for i, k in enumerate(convert) if k != 2), -1)  # (as _native_leaves)
        # 0: native arrays only (passed as they are), 1: tensors only (their raws), 2: mixed
        self.mode = convert[0] if len(set(convert)) == 1 and convert[0] != 2 else 2

    @classmethod
    def of(
        cls,
        kind: type[TensorBase],
        compiled: _Reported,
        args: tuple[Any, ...],
        wrapped: bool,
    ) -> _FlatCall | None:
        """The flat call for ``args``' classes, or None if one needs the general path."""
        convert: list[int] = []
        for a in args:
            if a.__class__ is kind:
                convert.append(1)  # a tensor of the framework: its raw
            elif _registry._CLASS_OF_TYPE.get(a.__class__) is kind:
                convert.append(0)  # a native array of the framework
            elif a.__class__ in _NUMBERS:
                convert.append(2)
            else:
                return None  # a NumPy array given to another framework, ...
        if 2 in convert and convert.count(2) == len(convert):
            return None  # numbers only: no array to place them beside
        return cls(kind, compiled, tuple(convert), wrapped)

    def __call__(self, args: tuple[Any, ...]) -> Any:
        mode = self.mode
        raws: Any
        if mode == 1:
            raws = [a.raw for a in args]
        elif mode == 0:
            raws = args
        else:
            convert = self.convert
            like = args[self.like]
            like = like.raw if convert[self.like] == 1 else like
            raws = [
                a.raw if k == 1 else a if k == 0 else _number_leaf(self.cls, a, like)
                for a, k in zip(args, convert, strict=True)
            ]
        compiled = self.compiled
        try:
            out = compiled.compiled(*raws)
        except Exception as e:
            error = compiled.reported(e, raws)
            if error is e:
                raise
            raise error from e
        if not self.wrapped:
            return out
        if out.__class__ in _registry._CLASS_OF_TYPE:
            return wrap(self.cls, out)
        return _results_to_tensors(out, self.cls)


def _number_leaf(cls: type[TensorBase], x: Any, like: Any) -> Any:
    """A Python number as the compiled function's argument (as ``_native_leaves`` gives it)."""
    if cls.backend == "jax":  # jax.jit traces a Python number as a value itself
        return x  # (a weakly typed 0-d array of the default dtype of its kind)
    value = np.asarray(x, dtype=cls._ns.narrow(_DEFAULT_OF_SCALAR[x.__class__]))
    # (tf.function takes a NumPy array as a tensor argument too, but a call with one cost
    # 45 µs more than with a tensor)
    return cls._ns.asarray(value, None, like)


class _Reported:
    """A compiled function; its compiler's failures become [`CompileError`][unitensor.CompileError].

    (Its compiled function and ``reported`` are also called directly by ``_FlatCall``.)
    """

    __slots__ = ("compiled", "compiler", "eager", "name")

    def __init__(
        self, compiled: Callable[..., Any], compiler: str, name: str, eager: Callable[..., Any]
    ) -> None:
        self.compiled, self.compiler, self.name = compiled, compiler, name
        self.eager = eager  # the function compiled, uncompiled

    def __call__(self, *raws: Any) -> Any:
        try:
            return self.compiled(*raws)
        except Exception as e:
            error = self.reported(e, raws)
            if error is e:
                raise
            raise error from e

    def reported(self, e: Exception, raws: Sequence[Any]) -> Exception:
        """``e`` itself if ``f`` raised it (unitensor's, the framework's), else a CompileError.

        TorchDynamo with ``fullgraph=True`` reports an exception ``f``
        raises while it is traced (unitensor's ``AxisError``, ...) as a graph
        break ("Observed exception") that keeps only its text: ``f`` then
        runs eagerly on the same arguments, to raise that exception itself.

        Where the compiled graph runs, a failed check of unitensor's
        (TensorFlow's ``InvalidArgumentError`` of an assertion, PyTorch's
        ``RuntimeError`` of ``torch._assert_async``), a framework's
        out-of-range ``IndexError`` and the ``RuntimeError`` of an index
        range check in an Inductor kernel become the exception unitensor raises
        eagerly (``IndexOutOfRangeError``, ``DivisionByZeroError``), with
        the framework's as ``__cause__``.
        """
        if not _is_compiler_error(e):
            if isinstance(e, UnitensorError):
                return e
            checked = untagged(str(e))
            if checked is not None:
                return checked
            if isinstance(e, IndexError):  # (PyTorch's kernels: "... out of bounds")
                try:
                    reraise_index_error(e)
                except IndexError as mapped:
                    return mapped
            _, found, bounds = str(e).partition("index out of bounds: ")
            if found and isinstance(e, RuntimeError):  # Inductor's kernels' own range check
                return IndexOutOfRangeError(f"index out of range in a compiled kernel: {bounds}")
            return e
        if _raised_while_traced(e):
            try:
                self.eager(*raws)
            except Exception as raised:
                return raised
        return CompileError(
            f"{self.compiler} could not compile {self.name}: {type(e).__name__}: {_first_line(e)}"
        )


def _raised_while_traced(e: Exception) -> bool:
    """Whether ``e`` is TorchDynamo's report of an exception the traced code raised."""
    if not type(e).__module__.startswith("torch._dynamo"):
        return False  # (and torch._dynamo, imported here, is imported already)
    observed: Any = _registry.resolve("torch._dynamo.exc.ObservedException")
    return isinstance(e.__cause__, observed)


def _is_compiler_error(e: Exception) -> bool:
    """Whether ``e`` is the compiler's (graph break, unsupported construct), not ``f``'s."""
    module = type(e).__module__
    return module.startswith(("torch._dynamo", "torch._inductor")) or type(e).__name__ in (
        "ConcretizationTypeError",
        "TracerBoolConversionError",
        "TracerIntegerConversionError",
        "TracerArrayConversionError",
        "OperatorNotAllowedInGraphError",
    )


def _first_line(e: Exception) -> str:
    text = str(e).strip()
    return text.splitlines()[0] if text else ""


def _leaf_kinds(tree: _Tree) -> tuple[str, ...]:
    """The kinds of the dynamic leaves of ``tree``, in order."""
    kind = tree[0]
    if kind == "static":
        return ()
    if isinstance(kind, str):
        return (kind,)
    children = tree[2] if kind is dict else tree[1]
    return tuple(k for t in children for k in _leaf_kinds(t))


def _framework(leaves: list[Any]) -> tuple[type[TensorBase] | None, bool]:
    """The tensor class of the leaves' framework (NumPy yields to any other), and
    whether a unitensor tensor is among them (then results come back as tensors).

    Raises
    ------
    FrameworkMixError
        If tensors of two frameworks other than NumPy are among the leaves.
    """
    found: type[TensorBase] | None = None
    wrapped = False
    for x in leaves:
        if x.__class__ in _NUMBERS:
            continue
        cls: Any = _registry._CLASS_OF_TYPE.get(x.__class__)
        if cls is None:
            wrapped = wrapped or isinstance(x, TensorBase)
            cls = type(_registry.astensor(x))
        if found is None or found.backend == "numpy":
            found = cls
        elif cls is not found and cls.backend != "numpy":
            raise FrameworkMixError(
                f"ut.jit got tensors of two frameworks, {found.framework} and "
                f"{cls.framework}: convert one of them first (for example with ut.convert)"
            )
    return found, wrapped


def _native_leaves(cls: type[TensorBase], tree: _Tree, leaves: list[Any]) -> list[Any]:
    """The leaves as native arrays of ``cls``'s framework (numbers as 0-d arrays)."""
    like: Any = None
    for x in leaves:
        if x.__class__ not in _NUMBERS:
            t = _registry.astensor(x)
            if type(t) is cls:
                like = t.raw
                break
    out: list[Any] = []
    for x in leaves:
        kind = x.__class__
        if kind in _NUMBERS:
            out.append(_number_leaf(cls, x, like))
            continue
        t = _registry.astensor(x)
        out.append(t.raw if type(t) is cls else cls._ns.asarray(t.numpy(), None, like))
    return out


@overload
def jit(
    f: Callable[P, R],
    *,
    static_argnums: int | Sequence[int] = (),
    static_argnames: str | Sequence[str] = (),
    jit_compile: bool | None = None,
    options: Mapping[str, Mapping[str, Any]] | None = None,
    checks: bool = False,
) -> Jitted[P, R]: ...
@overload
def jit(
    f: None = None,
    *,
    static_argnums: int | Sequence[int] = (),
    static_argnames: str | Sequence[str] = (),
    jit_compile: bool | None = None,
    options: Mapping[str, Mapping[str, Any]] | None = None,
    checks: bool = False,
) -> Callable[[Callable[P, R]], Jitted[P, R]]: ...


def jit(
    f: Callable[P, R] | None = None,
    *,
    static_argnums: int | Sequence[int] = (),
    static_argnames: str | Sequence[str] = (),
    jit_compile: bool | None = None,
    options: Mapping[str, Mapping[str, Any]] | None = None,
    checks: bool = False,
) -> Jitted[P, R] | Callable[[Callable[P, R]], Jitted[P, R]]:
    """Compile ``f`` with the framework of its tensor arguments.

    JAX's ``jax.jit``, TensorFlow's ``tf.function`` (with XLA where
    ``jit_compile=True``), PyTorch's ``torch.compile``; with NumPy tensors
    ``f`` runs as it is. ``f`` is traced on its first call and again only
    when the shapes or dtypes of its tensor arguments, the structure of its
    containers or its static arguments change.

    Parameters
    ----------
    f
        A function of unitensor tensors or native arrays, alone or inside
        tuples, lists, dicts and named tuples, returning tensors (or such
        containers of them). Without ``f``, ``jit(...)`` is a decorator.
    static_argnums, static_argnames
        The positions and names of arguments that are not traced (shapes,
        flags, modes): ``f`` is compiled once per value (they must be
        hashable). Any other argument that is neither a tensor nor a Python
        number (a string, ``None``) is static as well.
    jit_compile
        TensorFlow only: ``tf.function``'s ``jit_compile`` (``True``: XLA;
        ``None``: TensorFlow's default).
    options
        Keyword arguments of the framework's compiler, by backend name: for
        example ``{"torch": {"backend": "aot_eager"}, "jax": {"donate_argnums": 0}}``.
        ``torch.compile`` gets ``fullgraph=True`` unless they say otherwise
        (``{"torch": {"fullgraph": False}}`` allows graph breaks), and
        ``tf.function`` ``autograph=False``.
    checks
        Check traced values as eagerly, raising unitensor's exceptions: index
        ranges of integer arrays, integer division by zero and the labels of
        ``crossentropy``. On JAX, where ``jax.jit`` alone skips these checks
        (it clamps indices), ``f`` is compiled with JAX's ``checkify``, and
        the exception is raised when the compiled function returns (its
        error state is read once a call, a wait for the result). TensorFlow
        (without XLA) and PyTorch check inside the graph either way, and
        ``ut.jit`` raises unitensor's exception where the graph's check or a
        kernel's range check fails; XLA (``jit_compile=True``) skips them;
        NumPy checks eagerly. ``False`` (the default): JAX skips them.

    Returns
    -------
    Jitted
        Called as ``f`` is. Tensors come back as unitensor tensors where any
        tensor argument was one, and as native arrays otherwise (as
        [`astensors_`][unitensor.astensors_]' ``restore_type`` does).

    Raises
    ------
    FrameworkMixError
        (when called) If tensor arguments of two frameworks are given (NumPy
        arrays next to another framework's are converted to it).
    CompileError
        (when called) If the framework's compiler cannot compile ``f`` (the
        message names its cause): Python control flow on a traced value,
        a TorchDynamo graph break. An error ``f`` itself raises while it is
        traced (unitensor's, for a bad axis, ...) is raised as it is.
    ShardingError
        (when called) If JAX refuses an operation unitensor calls in ``f`` for
        its operands' shardings (``Explicit`` mode), where native ``jax.jit``
        of the same function raises ``ShardingTypeError`` (kept as
        ``__cause__``). JAX's errors from ``f``'s own native calls, as the
        framework's other errors of ``f`` itself, are raised as they are.
    IndexOutOfRangeError
        (when called, on JAX with ``checks=True``) If a traced integer index
        array or ``crossentropy`` label is out of range, as eagerly.
    DivisionByZeroError
        (when called, on JAX with ``checks=True``) If a traced integer
        divisor is zero, as eagerly. (A failed ``checkify.check`` of ``f``'s
        own raises JAX's ``JaxRuntimeError``.)

    Notes
    -----
    A Python number that is not declared static is traced as a value, so a
    new learning rate does not recompile: inside ``f`` it is a 0-d unitensor
    tensor of the default dtype of its kind (``float32``, ``int64``,
    ``bool``, ``complex64``), so it promotes as a tensor does (with a
    ``float16`` tensor it gives ``float32``, unlike the Python number
    eagerly); declare it static to keep the eager rules. Python control flow
    on traced values needs ``ut.where``, as under every tracing compiler.
    On PyTorch, ``torch.compile`` keeps its graphs per function and
    recompiles at most ``torch._dynamo.config.recompile_limit`` times
    (then runs eagerly with a warning). See the transformations page.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> @ut.jit
    ... def step(w, g, lr):
    ...     return w - lr * g
    >>> w = ut.astensor(np.ones(3, dtype=np.float32))
    >>> step(w, w, 0.5)
    NumPyTensor(array([0.5, 0.5, 0.5], dtype=float32))
    """
    nums = (static_argnums,) if isinstance(static_argnums, int) else tuple(static_argnums)
    names = (static_argnames,) if isinstance(static_argnames, str) else tuple(static_argnames)
    given = {} if options is None else dict(options)

    def decorate(g: Callable[P, R]) -> Jitted[P, R]:
        static_nums, static_names = _static_both(g, nums, names)
        return Jitted(g, static_nums, static_names, jit_compile, given, checks)

    return decorate if f is None else decorate(f)
