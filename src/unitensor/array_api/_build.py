"""Builds an Array API namespace for one backend: the standard's names bound to unitensor.

Each name of the standard (``STANDARD``) is resolved once, when a namespace
module is first imported, to what implements it, in this order:

1. an adapter written here, where the standard's signature or meaning
   needs one (creation functions take ``device=`` rather than a template
   tensor, ``asarray``, ``astype``'s ``copy=``, ``clip``'s ``min``/``max``
   names, ...);
2. Python's operator for the operator functions (``add`` is
   ``operator.add``: ``xp.add(x1, x2)`` is ``x1 + x2``, a Python scalar
   allowed on either side);
3. the ``Tensor`` method of that name itself (``xp.sum`` is
   ``Tensor.sum``), so a namespace call costs what the method costs;
4. the ``unitensor`` function of that name (functions of several tensors,
   such as ``concat``, ``stack``, ``where``).

A backend whose 0-d results may be something else than its array type
(NumPy gives NumPy scalars, as NumPy's reductions do) gets every function
wrapped so that results are its arrays (0-d ``numpy.ndarray``), as the
standard requires of a namespace.
"""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

import functools
import inspect
import math
import operator
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any, cast

import numpy as np

import unitensor as _ut

from .._api._base import SPEEDUPS_MODULE as speedups
from .._api._base import TensorBase, wrap
from .._api.array_object import API_VERSIONS
from .._codegen import METHOD_ONLY
from .._convert import dlpack_import
from .._errors import DTypeError
from .._registry import array_types, backend_class
from .._tensor import Tensor

__all__ = ["ADDED", "STANDARD", "build"]

STANDARD: dict[str, Sequence[str]] = {
    "constants": ("e", "inf", "nan", "newaxis", "pi"),
    "creation": (
        "arange asarray empty empty_like eye from_dlpack full full_like linspace meshgrid "
        "ones ones_like tril triu zeros zeros_like"
    ).split(),
    "data types": "astype can_cast finfo iinfo isdtype result_type".split(),
    "elementwise": (
        "abs acos acosh add asin asinh atan atan2 atanh bitwise_and bitwise_left_shift "
        "bitwise_invert bitwise_or bitwise_right_shift bitwise_xor ceil clip conj copysign cos "
        "cosh divide equal exp expm1 floor floor_divide greater greater_equal hypot imag "
        "isfinite isinf isnan less less_equal log log1p log2 log10 logaddexp logical_and "
        "logical_not logical_or logical_xor maximum minimum multiply negative nextafter "
        "not_equal positive pow real reciprocal remainder round sign signbit sin sinh square "
        "sqrt subtract tan tanh trunc"
    ).split(),
    "indexing": ("take", "take_along_axis"),
    "linear algebra": ("matmul", "matrix_transpose", "tensordot", "vecdot"),
    "manipulation": (
        "broadcast_arrays broadcast_shapes broadcast_to concat expand_dims flip moveaxis "
        "permute_dims repeat reshape roll squeeze stack tile unstack"
    ).split(),
    "searching": "argmax argmin count_nonzero nonzero searchsorted where".split(),
    "set": "isin unique_all unique_counts unique_inverse unique_values".split(),
    "sorting": ("argsort", "sort"),
    "statistical": ("cumulative_sum cumulative_prod max mean min prod std sum var".split()),
    "utility": ("all", "any", "diff"),
    "linalg": (
        "cholesky cross det diagonal eig eigh eigvals eigvalsh inv matmul matrix_norm "
        "matrix_power matrix_rank matrix_transpose outer pinv qr slogdet solve svd svdvals "
        "tensordot trace vecdot vector_norm"
    ).split(),
    "fft": (
        "fft ifft fftn ifftn rfft irfft rfftn irfftn hfft ihfft fftfreq rfftfreq fftshift ifftshift"
    ).split(),
}
"""The standard's names (2025.12), by chapter (``linalg`` and ``fft`` are its extensions)."""

ADDED: dict[str, tuple[str, ...]] = {
    "2025.12": ("broadcast_shapes", "isin", "linalg.eig", "linalg.eigvals"),
}
"""Names a version added: a namespace for an earlier version has none of them."""

DTYPE_NAMES = (
    "bool int8 int16 int32 int64 uint8 uint16 uint32 uint64 float32 float64 complex64 complex128"
).split()

_OPERATOR_NAMES = {
    "add": "add",
    "subtract": "sub",
    "multiply": "mul",
    "divide": "truediv",
    "floor_divide": "floordiv",
    "remainder": "mod",
    "pow": "pow",
    "equal": "eq",
    "not_equal": "ne",
    "less": "lt",
    "less_equal": "le",
    "greater": "gt",
    "greater_equal": "ge",
    "bitwise_and": "and_",
    "bitwise_or": "or_",
    "bitwise_xor": "xor",
    "bitwise_left_shift": "lshift",
    "bitwise_right_shift": "rshift",
    "bitwise_invert": "invert",
    "negative": "neg",
    "positive": "pos",
    "matmul": "matmul",
}
_OPERATORS: dict[str, Callable[..., Any]] = {
    name: getattr(operator, op) for name, op in _OPERATOR_NAMES.items()
}
"""The operator functions: ``xp.add(x1, x2)`` is ``x1 + x2`` (a scalar on either side)."""

_POSITIONAL = {"clip": 3}
"""Adapters whose calls of that many positional arguments are the method of that name's:
``clip(x, lo, hi)`` is ``x.clip(lo, hi)``; any other call (the standard's
``min=``, ``max=``, a bound left out) takes the adapter."""

_LINALG_METHODS = {"matmul": "matmul", "matrix_transpose": "matrix_transpose"}


class _Namespace:
    """What the adapters need of one backend: its class, defaults and device templates."""

    def __init__(self, backend: str) -> None:
        self.cls = backend_class(backend)
        self.ns = self.cls._ns  # loads the framework
        narrow = self.ns.narrow
        self.dtypes = {n: self.cls._native_dtype(n) for n in DTYPE_NAMES if narrow(n) == n}
        # the namespace's attributes: every dtype, also those the framework narrows (JAX
        # without 64-bit mode has jnp.float64 too, and consumers name it; its arrays are
        # float32, with unitensor's warning), while the inspection API lists what it holds
        self.names = {n: self.ns.dtype_from_name(n) for n in DTYPE_NAMES}
        held = {n: self.cls._native_dtype(n) for n in ("int64", "float32", "complex64")}
        self.default_int = held["int64"]
        self.default_float = held["float32"]
        self.default_complex = held["complex64"]

    def template(self, device: Any) -> Any:
        """A tensor on ``device`` (the default device for None), for the creation methods."""
        return wrap(self.cls, self.ns.like(device))

    def dtype(self, dtype: Any, default: Any) -> Any:
        return default if dtype is None else self.cls._dtype_arg(dtype)

    def scalar_dtype(self, value: Any) -> Any:
        """The default dtype of a Python scalar's kind (the standard's rule)."""
        if isinstance(value, bool):
            return self.cls._native_dtype("bool")
        if isinstance(value, int):
            return self.default_int
        if isinstance(value, float):
            return self.default_float
        if isinstance(value, complex):
            return self.default_complex
        raise TypeError(f"fill value must be a Python bool, int, float or complex, got {value!r}")


def _creation(space: _Namespace) -> dict[str, Callable[..., Any]]:
    """The creation functions: ``device=`` picks the template the methods create on."""
    t = space.template

    def zeros(shape: int | Sequence[int], *, dtype: Any = None, device: Any = None) -> Any:
        """Zeros of ``shape`` (the standard's ``zeros``); default dtype float32."""
        return t(device).zeros(shape, space.dtype(dtype, space.default_float))

    def ones(shape: int | Sequence[int], *, dtype: Any = None, device: Any = None) -> Any:
        """Ones of ``shape`` (the standard's ``ones``); default dtype float32."""
        return t(device).ones(shape, space.dtype(dtype, space.default_float))

    def empty(shape: int | Sequence[int], *, dtype: Any = None, device: Any = None) -> Any:
        """An array of ``shape`` (zeros, as unitensor's ``empty``); default dtype float32."""
        tmpl = t(device)
        make = getattr(tmpl, "empty", tmpl.zeros)
        return make(shape, space.dtype(dtype, space.default_float))

    def full(
        shape: int | Sequence[int], fill_value: Any, *, dtype: Any = None, device: Any = None
    ) -> Any:
        """``fill_value`` everywhere; the default dtype follows its kind."""
        dt = space.scalar_dtype(fill_value) if dtype is None else space.cls._dtype_arg(dtype)
        return t(device).full(shape, fill_value, dt)

    def _like(name: str) -> Callable[..., Any]:
        def like(x: Any, /, *args: Any, dtype: Any = None, device: Any = None) -> Any:
            out: Any = getattr(x, name)(*args, dtype=dtype)
            return out if device is None else out.to_device(device)

        like.__name__ = like.__qualname__ = name
        like.__doc__ = f"``x.{name}(...)`` (the standard's ``{name}``), placed on ``device``."
        return like

    def full_like(x: Any, /, fill_value: Any, *, dtype: Any = None, device: Any = None) -> Any:
        """``x``'s shape filled with ``fill_value``, in ``x``'s dtype unless ``dtype``."""
        out = x.full_like(fill_value, dtype)
        return out if device is None else out.to_device(device)

    def arange(
        start: int | float,
        /,
        stop: int | float | None = None,
        step: int | float = 1,
        *,
        dtype: Any = None,
        device: Any = None,
    ) -> Any:
        """``[start, stop)`` in steps of ``step`` (the standard's ``arange``)."""
        return t(device).arange(start, stop, step, dtype)

    def linspace(
        start: int | float | complex,
        stop: int | float | complex,
        /,
        num: int,
        *,
        dtype: Any = None,
        device: Any = None,
        endpoint: bool = True,
    ) -> Any:
        """``num`` evenly spaced values from ``start`` to ``stop`` (the standard's)."""
        return t(device).linspace(start, stop, num, dtype=dtype, endpoint=endpoint)

    def eye(
        n_rows: int,
        n_cols: int | None = None,
        /,
        *,
        k: int = 0,
        dtype: Any = None,
        device: Any = None,
    ) -> Any:
        """Ones on the ``k``-th diagonal of an ``n_rows`` x ``n_cols`` matrix."""
        return t(device).eye(n_rows, n_cols, k=k, dtype=space.dtype(dtype, space.default_float))

    def from_dlpack(x: Any, /, *, device: Any = None, copy: bool | None = None) -> Any:
        """An array sharing ``x``'s memory (any object with ``__dlpack__``) where it can."""
        out = wrap(space.cls, dlpack_import(space.cls, x, copy))  # BufferError: copy=False
        return out if device is None else out.to_device(device)

    def asarray(
        obj: Any, /, *, dtype: Any = None, device: Any = None, copy: bool | None = None
    ) -> Any:
        """``obj`` as an array of this namespace (the standard's ``asarray``).

        ``obj`` may be a tensor or native array of this framework (no copy
        unless ``copy=True`` or a dtype or device change needs one), another
        framework's array or tensor (through DLPack where possible), a
        NumPy array, a Python scalar or nested sequence of them (bool, int
        and float give bool, int64 and float32, as the standard's defaults
        here), or an object with the buffer protocol.

        Raises
        ------
        ValueError
            If ``copy=False`` and a copy is needed.
        """
        return _asarray(space, obj, dtype, device, copy)

    out: dict[str, Callable[..., Any]] = {
        f.__name__: f for f in (zeros, ones, empty, full, full_like, arange, from_dlpack, asarray)
    }
    out["zeros_like"] = _like("zeros_like")
    out["ones_like"] = _like("ones_like")
    out["empty_like"] = _like("empty_like" if hasattr(Tensor, "empty_like") else "zeros_like")
    if hasattr(Tensor, "linspace"):
        out["linspace"] = linspace
    if hasattr(Tensor, "eye"):
        out["eye"] = eye
    return out


def _kind_of_nested(obj: Any) -> str | None:
    """The kind (``b i f c``) a Python scalar or nested sequence of them needs, or None."""
    if isinstance(obj, bool):
        return "b"
    if isinstance(obj, int):
        return "i"
    if isinstance(obj, float):
        return "f"
    if isinstance(obj, complex):
        return "c"
    if isinstance(obj, list | tuple):
        items: Sequence[Any] = cast(Any, obj)
        kinds = {_kind_of_nested(o) for o in items}
        if None in kinds:
            return None
        for k in "cfib":
            if k in kinds:
                return k
        return "f"  # an empty sequence: the default float
    return None


def _asarray(space: _Namespace, obj: Any, dtype: Any, device: Any, copy: bool | None) -> Any:
    cls, ns = space.cls, space.ns
    target = None if dtype is None else cls._dtype_arg(dtype)
    if isinstance(obj, TensorBase) and obj.backend != cls.backend:  # (copy=False: shared or
        # ValueError; a class of the EagerPy layer is its backend's own)
        obj = _ut.convert(obj, cls.backend, copy=False if copy is False else None)
    if isinstance(obj, TensorBase) or isinstance(obj, array_types(cls.backend)):
        raw: Any = obj.raw if isinstance(obj, TensorBase) else obj
        copied = False
        if target is not None and raw.dtype != target:
            if copy is False:
                raise ValueError("asarray(copy=False) cannot change the dtype without a copy")
            raw, copied = ns.astype(raw, target), True
        if device is not None and ns.device(raw) != device:
            if copy is False:
                raise ValueError("asarray(copy=False) cannot move to another device")
            raw, copied = ns.to_device(raw, device), True
        if copy and not copied:
            raw = ns.copy(raw)
        elif not copied and isinstance(obj, TensorBase):
            # the tensor itself: on TensorFlow and JAX, whose arrays are immutable, item
            # assignment gives the tensor a new array, which a second wrapper would not see
            return obj
        return wrap(cls, raw)
    kind = _kind_of_nested(obj)
    if kind is not None and copy is False:
        raise ValueError("asarray(copy=False) of Python scalars or sequences needs a copy")
    if kind is not None:  # Python scalars and nested sequences: the standard's defaults
        default = {"b": "bool", "i": "int64", "f": "float32", "c": "complex64"}[kind]
        name = default if target is None else cls._dtype_name(target)
        dt = cls._native_dtype(name)
        try:
            values = np.array(obj, dtype=np.dtype(cls._dtype_name(dt)))
        except OverflowError as e:
            raise OverflowError(f"asarray: {e}") from e
        return wrap(cls, ns.asarray(values, dt, ns.like(device)))
    if hasattr(obj, "__dlpack__") and not isinstance(obj, np.ndarray):
        try:
            raw = dlpack_import(cls, obj, copy)
        except BufferError as e:
            if copy is not False:
                raise
            raise ValueError(f"asarray(copy=False): {e}") from e  # (the standard's error)
        return _asarray(space, wrap(cls, raw), dtype, device, False if not copy else None)
    given = cast(object, obj)
    try:
        values = np.asarray(_buffer_view(given))
    except TypeError as e:
        raise TypeError(f"asarray cannot make an array of {type(given).__name__}") from e
    if values.dtype.kind not in "biufc":
        raise TypeError(f"asarray cannot make an array of dtype {values.dtype}")
    if copy is False and not isinstance(obj, np.ndarray):
        raise ValueError("asarray(copy=False) of this object needs a copy")
    if target is None and values.dtype == np.float64 and not isinstance(obj, np.ndarray):
        target = space.default_float
    dt = target if target is not None else cls._dtype_arg(values.dtype)
    return wrap(cls, ns.asarray(values, dt, ns.like(device)))


def _buffer_view(obj: object) -> Any:
    """``obj``, or a view of its bytes when it is ``bytes`` or ``bytearray``."""
    if isinstance(obj, bytes | bytearray):
        return memoryview(obj)
    return obj


def _adapters(space: _Namespace) -> dict[str, Callable[..., Any]]:
    """The functions whose standard signature or meaning needs a line of its own."""

    def astype(x: Any, dtype: Any, /, *, copy: bool = True, device: Any = None) -> Any:
        """``x`` converted to ``dtype``; a new array unless ``copy=False`` and nothing changes."""
        given = cast(_ut.Tensor, x)
        out: Any = given
        if copy or given.raw.dtype != given._dtype_arg(dtype):
            out = given.astype(dtype)
            if out.raw is given.raw:
                out = wrap(type(given), space.ns.copy(given.raw))
        return out if device is None else out.to_device(device)

    def clip(x: Any, /, min: Any = None, max: Any = None) -> Any:  # the standard's
        """``x`` limited to ``[min, max]`` (the standard's parameter names)."""
        return x.clip(min, max)

    def take_along_axis(x: Any, indices: Any, /, *, axis: int = -1) -> Any:
        """``Tensor.take_along_axis`` with the standard's default axis, -1."""
        return x.take_along_axis(indices, axis)

    def where(condition: Any, x1: Any, x2: Any, /) -> Any:
        """``x1`` where ``condition`` is true, else ``x2``; the condition must be bool."""
        given: Any = condition
        if isinstance(given, TensorBase) and given._kind(given.raw.dtype) != "b":
            raise DTypeError(f"where needs a bool condition, got {given.dtype}")
        return _ut.where(condition, x1, x2)

    def matrix_transpose(x: Any, /) -> Any:
        """The last two axes swapped."""
        return x.mT

    def isin(x1: Any, x2: Any, /, *, invert: bool = False) -> Any:
        """Whether each element of ``x1`` is in ``x2``; either may be a Python int."""
        if isinstance(x1, Tensor) and not isinstance(x2, TensorBase | int):
            return x1.isin(x2, invert=invert)
        tensor = x1 if isinstance(x1, Tensor) else x2
        if not isinstance(tensor, Tensor):
            raise TypeError("isin needs at least one array")
        scalar = x2 if tensor is x1 else x1
        try:  # a Python int as a 0-d array of the other's dtype
            values: Tensor = _asarray(space, scalar, tensor.dtype, tensor.device, None)
        except OverflowError:  # not representable: equal to no element
            found = tensor.zeros(tensor.shape if tensor is x1 else (), "bool")
            return ~found if invert else found
        if tensor is x1:
            return tensor.isin(values, invert=invert)
        return values.isin(tensor, invert=invert)

    fns = (astype, clip, take_along_axis, where, matrix_transpose, isin)
    return {f.__name__: f for f in fns}


def _info(space: _Namespace) -> Callable[[], Any]:
    """``__array_namespace_info__``: the standard's inspection functions."""
    kinds = {
        "bool": ("bool",),
        "signed integer": ("int8", "int16", "int32", "int64"),
        "unsigned integer": ("uint8", "uint16", "uint32", "uint64"),
        "integral": ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"),
        "real floating": ("float32", "float64"),
        "complex floating": ("complex64", "complex128"),
        "numeric": tuple(n for n in DTYPE_NAMES if n != "bool"),
    }

    class Info:
        """The inspection utilities of the namespace."""

        __slots__ = ()

        def capabilities(self) -> dict[str, Any]:
            """Boolean indexing and data-dependent shapes (eagerly), the framework's most axes.

            "max dimensions" is 64 on NumPy and Dask (NumPy 2's limit) and on
            TensorFlow (its tensors take 254 axes, but one of more than 64 cannot
            become a NumPy array), None (any number) on PyTorch (no limit on the
            CPU; its CUDA kernels take 25 axes after merging contiguous ones) and
            JAX.
            """
            return {
                "boolean indexing": True,
                "data-dependent shapes": True,
                "max dimensions": space.ns.max_dimensions,
            }

        def default_device(self) -> Any:
            """Where new arrays go."""
            return space.ns.default_device()

        def devices(self) -> tuple[Any, ...]:
            """The devices of the framework here."""
            return tuple(space.ns.devices())

        def default_dtypes(self, *, device: Any = None) -> dict[str, Any]:
            """float32, complex64 and int64 (int32 on JAX without 64-bit mode)."""
            return {
                "real floating": space.default_float,
                "complex floating": space.default_complex,
                "integral": space.default_int,
                "indexing": space.default_int,
            }

        def dtypes(
            self, *, device: Any = None, kind: str | tuple[str, ...] | None = None
        ) -> dict[str, Any]:
            """The standard's dtypes the framework holds here (by kind)."""
            if kind is None:
                names: tuple[str, ...] = tuple(DTYPE_NAMES)
            else:
                chosen = (kind,) if isinstance(kind, str) else kind
                if any(k not in kinds for k in chosen):
                    raise ValueError(f"unknown dtype kind in {kind!r}; known: {', '.join(kinds)}")
                names = tuple(n for n in DTYPE_NAMES if any(n in kinds[k] for k in chosen))
            return {n: space.dtypes[n] for n in names if n in space.dtypes}

    info = Info()

    def __array_namespace_info__() -> Any:  # the standard's name
        """The namespace's inspection utilities (``capabilities``, ``devices``, ``dtypes``, ...)."""
        return info

    return __array_namespace_info__


def _resolve(name: str, adapters: dict[str, Callable[..., Any]]) -> Any:
    """What implements the standard's ``name`` (see the module docstring), or None."""
    if name in adapters:
        return adapters[name]
    if name in _OPERATORS:
        return _OPERATORS[name]
    if name in METHOD_ONLY and callable(getattr(_ut, name, None)):  # a scalar on either side
        return getattr(_ut, name)
    method = inspect.getattr_static(Tensor, name, None)
    if method is not None and callable(method):
        return method
    return getattr(_ut, name, None)


def _as_arrays(as_array: Callable[[Any], Any], scalar: type, out: Any) -> Any:
    """Results with every tensor's 0-d raw (an instance of ``scalar``) as the framework's array."""
    if isinstance(out, TensorBase):
        raw = out.raw
        return wrap(type(out), as_array(raw)) if isinstance(raw, scalar) else out
    if isinstance(out, tuple | list):
        given = cast(Any, out)
        items = [_as_arrays(as_array, scalar, o) for o in given]
        kind = cast(Any, type(given))
        return kind(*items) if hasattr(given, "_fields") else kind(items)
    return out


def _arrays_only(
    fn: Callable[..., Any],
    as_array: Callable[[Any], Any],
    scalar: type,
    other: Callable[..., Any] | None = None,
    positional: int = 0,
) -> Callable[..., Any]:
    """``fn`` whose results are the framework's arrays, never its scalars.

    A tensor result holding an instance of ``scalar`` (NumPy's ``generic``)
    gets ``as_array`` of it; any other is returned without a look at it.
    Where ``other`` is given, only a call of ``positional`` positional
    arguments and no keyword arguments calls ``fn``; any other call calls
    ``other`` (``_POSITIONAL``). Where ``SPEEDUPS``, the wrapper is C's
    ``ArraysOnly``, which costs a few tens of nanoseconds per call rather than
    a Python call's few hundred (``benchmarks/bench.py``'s namespace column).
    """
    fix = functools.partial(_as_arrays, as_array, scalar)
    shown = fn if other is None else other
    if speedups is not None:
        fast: Callable[..., Any] = speedups.ArraysOnly(fn, fix, scalar, as_array, other, positional)
        functools.update_wrapper(fast, shown)
        return fast

    @functools.wraps(shown)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        direct = other is None or (not kwargs and len(args) == positional)
        return fix((fn if direct else cast(Callable[..., Any], other))(*args, **kwargs))

    return wrapped


def _module(name: str, doc: str, members: dict[str, Any]) -> ModuleType:
    module = ModuleType(name, doc)
    module.__dict__.update(members)
    module.__all__ = sorted(members)  # type: ignore[attr-defined]
    return module


def build(backend: str, version: str, module_name: str) -> dict[str, Any]:
    """The attributes of the namespace module ``module_name`` for ``backend`` and ``version``.

    Raises
    ------
    ValueError
        If ``version`` is not one of ``API_VERSIONS``.
    """
    if version not in API_VERSIONS:
        raise ValueError(f"unknown Array API version {version!r}")
    space = _Namespace(backend)
    later = {n for v, names in ADDED.items() if v > version for n in names}
    adapters = {**_creation(space), **_adapters(space)}
    as_array = space.ns.as_array
    scalar = space.ns.scalar_type

    def finish(fn: Any, name: str = "") -> Any:
        if scalar is None or not callable(fn):  # (no scalar results: nothing to wrap)
            return fn
        if name in _POSITIONAL:  # positional calls skip the adapter's Python frame
            return _arrays_only(getattr(Tensor, name), as_array, scalar, fn, _POSITIONAL[name])
        return _arrays_only(fn, as_array, scalar)

    members: dict[str, Any] = {
        "__array_api_version__": version,
        "__doc__": (
            f"The Array API standard ({version}) over {space.cls.framework}: its arrays "
            f"are unitensor's {space.cls.__name__}. See unitensor.array_api."
        ),
        "e": math.e,
        "inf": math.inf,
        "nan": math.nan,
        "newaxis": None,
        "pi": math.pi,
        "__array_namespace_info__": _info(space),
        **space.names,
    }
    for chapter, names in STANDARD.items():
        if chapter in ("constants", "linalg", "fft"):
            continue
        for name in names:
            if name in later:
                continue
            fn = _resolve(name, adapters)
            if fn is not None:
                members[name] = finish(fn, name)
    if version < "2025.12":
        for name in ("broadcast_arrays", "meshgrid"):
            if name in members:
                members[name] = _as_list(members[name])
    members["linalg"] = _extension(
        module_name, "linalg", STANDARD["linalg"], later, finish, adapters
    )
    fft_adapters = {**adapters, **_fft_creation(space)}
    members["fft"] = _extension(module_name, "fft", STANDARD["fft"], later, finish, fft_adapters)
    return members


def _fft_creation(space: _Namespace) -> dict[str, Callable[..., Any]]:
    """``fftfreq`` and ``rfftfreq`` with ``device=`` (unitensor's take a template tensor)."""
    fft = getattr(_ut, "fft", None)
    if fft is None:
        return {}

    def fftfreq(n: int, /, *, d: float = 1.0, dtype: Any = None, device: Any = None) -> Any:
        """The sample frequencies of an ``n``-point FFT with sample spacing ``d``."""
        return fft.fftfreq(space.template(device), n, d=d, dtype=dtype)

    def rfftfreq(n: int, /, *, d: float = 1.0, dtype: Any = None, device: Any = None) -> Any:
        """The sample frequencies of an ``n``-point real FFT with sample spacing ``d``."""
        return fft.rfftfreq(space.template(device), n, d=d, dtype=dtype)

    return {"fftfreq": fftfreq, "rfftfreq": rfftfreq}


def _as_list(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn`` returning a list (2024.12) rather than a tuple (2025.12)."""

    @functools.wraps(fn)
    def listed(*args: Any, **kwargs: Any) -> Any:
        return list(fn(*args, **kwargs))

    return listed


def _extension(
    module_name: str,
    extension: str,
    names: Sequence[str],
    later: set[str],
    finish: Callable[[Any], Any],
    adapters: dict[str, Callable[..., Any]],
) -> ModuleType:
    """``xp.linalg`` or ``xp.fft``: the functions of ``unitensor.<extension>`` there are."""
    source = getattr(_ut, extension, None)
    members: dict[str, Any] = {}
    for name in names:
        if f"{extension}.{name}" in later:
            continue
        fn = adapters.get(name) if extension == "fft" and name.endswith("freq") else None
        if fn is None and source is not None:
            fn = getattr(source, name, None)
        if fn is None and extension == "linalg" and name in _LINALG_METHODS:
            fn = adapters.get(name) or _OPERATORS.get(name)
        if fn is not None:
            members[name] = finish(fn)
    return _module(f"{module_name}.{extension}", f"The standard's {extension} extension.", members)
