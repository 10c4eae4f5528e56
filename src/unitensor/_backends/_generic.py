"""The generic backend: ``ArrayAPITensor``, over any Array API namespace.

An array whose type has ``__array_namespace__`` and no dedicated backend
(array-api-strict's, CuPy's, ndonnx's, MLX's) is wrapped by a subclass of
[`ArrayAPITensor`][unitensor.ArrayAPITensor] made for its namespace, with
primitives built here from that namespace alone: the standard's functions by
their names and with the standard's signatures (``axis=`` and ``keepdims=``
as keywords, ``stable=True`` for sorts, ``meshgrid(*arrays)``), never a
NumPy-ism. The registry makes the class and its entry, named after the
namespace's module (``"array_api_strict"``), when the first array is seen.

What the standard does not have, or leaves open, is composed of what it has,
so that every namespace gives NumPy's meaning:

- indexing beyond the standard's (integer arrays beside slices, bool masks
  beside other items, out-of-range slice bounds) is basic indexing, a
  transpose and one ``take`` (``unitensor._indexing.advanced_getitem``);
- ``index_update`` and the ``.at[]`` updates have no standard function: the
  positions an index selects are sorted stably and matched to every element
  with ``searchsorted`` (duplicates of ``add`` / ``multiply`` / ``min`` /
  ``max`` reduced by a segmented scan); arrays that can be written take
  basic-index assignments in place;
- ``pad`` (``concat`` of filled blocks), ``tril`` / ``triu`` (a mask from
  ``arange``), ``einsum`` (diagonals by ``take``, contractions by
  ``matmul``), ``take`` with an n-d index (flattened), and the dtype rules
  unitensor fixes where the standard leaves them open (integer ``/`` gives
  float32, sums of bool and narrow integers int64, bool arithmetic as in
  NumPy, shifts by the width or more);
- random numbers are drawn by NumPy on the host and copied to the array's
  device (the standard has no random functions): an honest copy.

Kept and documented (the semantics table's rows marked for the backend):
dtypes the namespace lacks (array-api-strict has no float16 or bfloat16)
raise ``DTypeError``; there is no autodiff; NumPy scalars and NumPy index
arrays are converted to the namespace's arrays.
"""

from __future__ import annotations

import math
import operator
import threading
from collections.abc import Callable
from typing import Any

import numpy as np

from .._errors import DTypeError, IndexOutOfRangeError
from .._indexing import AdvancedOps, advanced_getitem, as_tuple, too_many_indices
from .._registry import GENERIC_CLASS
from .._tensor import Tensor
from . import KDL_CPU, Primitives, _numpy_transforms, device_error

__all__ = ["ArrayAPITensor", "primitives", "tensor_class"]


class ArrayAPITensor(Tensor):
    """A tensor holding an array of an Array API namespace without a dedicated backend.

    Each namespace gets a subclass of its own (all named ``ArrayAPITensor``),
    whose ``backend`` is the namespace's module name, such as
    ``"array_api_strict"``; ``isinstance(t, ut.ArrayAPITensor)`` holds for
    all of them. It cannot differentiate: the autodiff functions raise
    ``NotImplementedError``, as for NumPy.
    """

    __slots__ = ()


def tensor_class(name: str) -> type[ArrayAPITensor]:
    """The tensor class of the generic backend for namespace ``name`` (the registry's).

    It subclasses [`ArrayAPITensor`][unitensor.ArrayAPITensor] and adds
    nothing; its primitives are ``primitives(namespace)``.
    """
    doc = f"A tensor holding an array of the Array API namespace ``{name}``."
    ns = {"__slots__": (), "__module__": __name__, "__qualname__": GENERIC_CLASS, "__doc__": doc}
    cls: type[ArrayAPITensor] = type(GENERIC_CLASS, (ArrayAPITensor,), ns, backend=name)
    return cls


_KINDS = {
    "bool": "bool",
    "int8": "signed integer",
    "int16": "signed integer",
    "int32": "signed integer",
    "int64": "signed integer",
    "uint8": "unsigned integer",
    "uint16": "unsigned integer",
    "uint32": "unsigned integer",
    "uint64": "unsigned integer",
    "float16": "real floating",
    "bfloat16": "real floating",
    "float32": "real floating",
    "float64": "real floating",
    "complex64": "complex floating",
    "complex128": "complex floating",
}
_WIDTH = {f"{u}int{n}": n for n in (8, 16, 32, 64) for u in ("", "u")}


class _RNG:
    """The NumPy generator behind ``uniform`` / ``normal``; reseeded by ``ut.seed``."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.rng = np.random.default_rng()

    def seed(self, n: int) -> None:
        with self.lock:
            self.rng = np.random.default_rng(n)

    def draw(self, normal: bool, shape: tuple[int, ...], wide: bool) -> Any:
        rng: Any = self.rng
        dtype = np.float64 if wide else np.float32
        with self.lock:
            return rng.standard_normal(shape, dtype) if normal else rng.random(shape, dtype)


class _Ops:
    """The primitives of one namespace ``xp`` that are more than one of its functions.

    Every method takes and returns the namespace's arrays; the dtypes,
    devices and mutability of its arrays are learned once, here.
    """

    def __init__(self, xp: Any) -> None:
        self.xp = xp
        info = xp.__array_namespace_info__() if hasattr(xp, "__array_namespace_info__") else None
        self.info = info
        found: dict[str, Any] = dict(info.dtypes()) if info is not None else {}
        for name in _KINDS:  # a namespace may have more than its info names (float16)
            if name not in found and hasattr(xp, name):
                found[name] = getattr(xp, name)
        self.dtypes = found
        self.names: dict[Any, str] = {}
        for name, dt in found.items():
            self.names.setdefault(dt, name)
        self.bool = found["bool"]
        self.int64 = found["int64"]
        self.float32 = found["float32"]
        self.rng = _RNG()
        probe = xp.zeros((1,))
        kinds: set[type] = {d.__class__ for d in (*found.values(), probe.dtype)}
        self.dtype_types = tuple(kinds)
        try:
            probe[0:1] = probe
            self.mutable = True
        except (TypeError, ValueError, NotImplementedError, AttributeError):
            self.mutable = False
        self._like: dict[Any, Any] = {}
        self._lock = threading.Lock()
        self.advanced = AdvancedOps(
            is_array=self.is_array,
            bool_rank=self.bool_rank,
            nonzero=lambda mask: list(self.nonzero(mask)),
            index_array=self.index_array,
            broadcast=lambda arrays: list(xp.broadcast_arrays(*arrays)),
            basic=self.basic,
            transpose=lambda a, perm: xp.permute_dims(a, tuple(perm)),
            gather_front=self.gather_front,
        )

    # ------------------------------------------------------------ dtypes and devices

    def dtype_name(self, dt: Any) -> str:
        try:
            return self.names[dt]
        except (KeyError, TypeError):
            pass
        for name, known in self.dtypes.items():  # dtype objects equal but not hashed alike
            if known == dt:
                self.names[dt] = name
                return name
        raise DTypeError(f"{dt!r} is not a dtype of {self.xp.__name__}")

    def dtype_from_name(self, name: str) -> Any:
        try:
            return self.dtypes[name]
        except KeyError:
            raise DTypeError(
                f"{self.xp.__name__} has no {name} dtype (it has {', '.join(self.dtypes)})"
            ) from None

    def kind(self, a: Any) -> str:
        return _KINDS[self.dtype_name(a.dtype)]

    def devices(self) -> tuple[Any, ...]:
        if self.info is None:
            return (self.xp.zeros(()).device,)
        return tuple(self.info.devices())

    def default_device(self) -> Any:
        if self.info is None:
            return self.xp.zeros(()).device
        return self.info.default_device()

    def device_arg(self, device: Any) -> Any:
        """The namespace's device that ``device`` names, one of ``devices()``.

        The string ``"cpu"`` is the first device whose arrays DLPack places
        on the host CPU; any other argument must be one of the namespace's
        devices; ``DeviceError`` otherwise.
        """
        there = self.devices()
        if isinstance(device, str) and device == "cpu":
            for d in there:
                if self.xp.zeros((), device=d).__dlpack_device__()[0] == KDL_CPU:
                    return d
        else:
            for d in there:
                try:
                    if d is device or bool(d == device):
                        return d
                except (TypeError, ValueError):  # (an array, say, compared elementwise)
                    pass
        raise device_error(self.xp.__name__, device, [str(d) for d in there])

    def to_device(self, a: Any, device: Any) -> Any:
        return a.to_device(self.device_arg(device))

    def like(self, device: Any) -> Any:
        """A 0-d array on ``device`` (the default device for None), cached."""
        try:
            return self._like[device]
        except (KeyError, TypeError):
            out = self.xp.zeros((), device=None if device is None else self.device_arg(device))
            try:
                return self._like.setdefault(device, out)
            except TypeError:  # a device that cannot be hashed
                return out

    def to_numpy(self, a: Any) -> Any:
        """The values as NumPy's array: through DLPack, sharing CPU memory.

        Memory elsewhere is copied to the host by the exporter (DLPack's
        ``dl_device`` request), which every DLPack 1.0 exporter can be asked
        for.
        """
        try:
            return np.from_dlpack(a)
        except (BufferError, RuntimeError, TypeError, ValueError):
            return np.from_dlpack(a, device="cpu", copy=True)

    def item(self, a: Any) -> Any:
        a = self.xp.reshape(a, ())
        kind = self.kind(a)
        if kind == "bool":
            return bool(a)
        if kind.endswith("integer"):
            return int(a)
        if kind == "complex floating":
            return complex(a)
        return float(a)

    def scalar(self, value: Any, like: Any) -> Any:
        """A Python scalar as a 0-d array of ``like``'s dtype and device; arrays as they are."""
        if isinstance(value, bool | int | float | complex):
            return self.xp.asarray(value, dtype=like.dtype, device=like.device)
        return value

    def pair(self, a: Any, b: Any) -> tuple[Any, Any]:
        """Two operands, either of which may be a Python scalar, as arrays."""
        if isinstance(a, bool | int | float | complex):
            return self.scalar(a, b), b
        return a, self.scalar(b, a)

    # ------------------------------------------------------------ creation and random

    def full(self, shape: tuple[int, ...], value: Any, dtype: Any, like: Any) -> Any:
        kind = _KINDS[self.dtype_name(dtype)]
        if isinstance(value, bool | int | float | complex):
            value = (
                value.real if isinstance(value, complex) and kind != "complex floating" else value
            )
            if kind == "bool":
                value = bool(value)
            elif kind.endswith("integer"):
                value = int(value)
            elif kind == "real floating":
                value = float(value)
            else:
                value = complex(value)
        return self.xp.full(shape, value, dtype=dtype, device=like.device)

    def asarray(self, value: Any, dtype: Any, like: Any) -> Any:
        return self.xp.asarray(value, dtype=dtype, device=like.device)

    def random(self, normal: bool) -> Callable[..., Any]:
        def draw(shape: tuple[int, ...], loc: float, scale: float, dtype: Any, like: Any) -> Any:
            wide = self.dtype_name(dtype) == "float64"
            r = self.rng.draw(normal, shape, wide)
            values = r * scale + loc if normal else r * (scale - loc) + loc
            return self.xp.asarray(
                values.astype(np.float64 if wide else np.float32), dtype=dtype, device=like.device
            )

        return draw

    # ------------------------------------------------------------ operators

    def _is_bool(self, a: Any) -> bool:
        return not isinstance(a, bool | int | float | complex) and a.dtype == self.bool

    def add(self, a: Any, b: Any) -> Any:
        if self._is_bool(a):
            return self.logical_or(a, b)
        return a + b

    def multiply(self, a: Any, b: Any) -> Any:
        if self._is_bool(a):
            return self.logical_and(a, b)
        return a * b

    def ordering(self, op: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
        """An ordering operator; bools ordered False < True, as in NumPy."""

        def compare(a: Any, b: Any) -> Any:
            if self._is_bool(a) or self._is_bool(b):
                a, b = self.pair(a, b)
                i8 = self.dtypes["int8"]
                return op(self.xp.astype(a, i8), self.xp.astype(b, i8))
            return op(a, b)

        return compare

    def divide(self, a: Any, b: Any) -> Any:
        """True division; integer (and bool) operands as float32."""
        xp = self.xp
        if not isinstance(a, bool | int | float | complex) and self.kind(a) in _EXACT:
            a = xp.astype(a, self.float32)
        elif isinstance(a, bool | int):
            a = float(a)
        if not isinstance(b, bool | int | float | complex) and self.kind(b) in _EXACT:
            b = xp.astype(b, self.float32)
        elif isinstance(b, bool | int):
            b = float(b)
        return a / b

    def matmul(self, a: Any, b: Any) -> Any:
        """``matmul``; bool operands give the logical product, as in NumPy."""
        if self._is_bool(a):
            i64 = self.int64
            out = self.xp.matmul(self.xp.astype(a, i64), self.xp.astype(b, i64))
            return out != 0
        return self.xp.matmul(a, b)

    def shift(self, left: bool) -> Callable[[Any, Any], Any]:
        """A shift: by the width or more, or by a negative amount, 0 (-1 for a negative
        value shifted right), as in NumPy."""
        xp = self.xp
        fn = xp.bitwise_left_shift if left else xp.bitwise_right_shift

        def shifted(a: Any, b: Any) -> Any:
            a, b = self.pair(a, b)
            width = _WIDTH[self.dtype_name(a.dtype)]
            signed = self.kind(a) == "signed integer"
            out_of_range = (
                (b < 0) | (b >= width)
                if signed or self.kind(b) == "signed integer"
                else (b >= width)
            )
            safe = xp.where(out_of_range, xp.zeros_like(b), b)
            out = fn(a, safe)
            fill = xp.zeros_like(out)
            if not left and signed:
                fill = xp.where(a < 0, xp.full_like(out, -1), fill)
            return xp.where(out_of_range, fill, out)

        return shifted

    # ------------------------------------------------------------ elementwise

    def sign(self, a: Any) -> Any:
        """``sign`` with the standard's +0.0 for -0.0."""
        out = self.xp.sign(a)
        if self.kind(out) in _INEXACT:
            return self.xp.where(out == 0, self.xp.zeros_like(out), out)
        return out

    def tested(self, fn: Callable[[Any], Any], exact: bool) -> Callable[[Any], Any]:
        """``isnan`` / ``isinf`` (``exact`` False) or ``isfinite`` (True) of any dtype."""
        xp = self.xp

        def test(a: Any) -> Any:
            if self.kind(a) in _EXACT:
                return xp.full(a.shape, exact, dtype=self.bool, device=a.device)
            return fn(a)

        return test

    def truth(self, a: Any) -> Any:
        """``a`` as bool, non-zero counting as true (Python scalars too)."""
        if isinstance(a, bool | int | float | complex):
            return bool(a)
        return a if a.dtype == self.bool else a != 0

    def invert(self, a: Any) -> Any:
        return self.xp.bitwise_invert(a)

    def logical_not(self, a: Any) -> Any:
        return self.xp.logical_not(self.truth(a))

    def logical(self, fn: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
        def logical(a: Any, b: Any) -> Any:
            a, b = self.truth(a), self.truth(b)
            if isinstance(b, bool):
                b = self.xp.asarray(b, dtype=self.bool, device=a.device)
            if isinstance(a, bool):
                a = self.xp.asarray(a, dtype=self.bool, device=b.device)
            return fn(a, b)

        return logical

    def logical_or(self, a: Any, b: Any) -> Any:
        return self.logical(self.xp.logical_or)(a, b)

    def logical_and(self, a: Any, b: Any) -> Any:
        return self.logical(self.xp.logical_and)(a, b)

    def binary(self, fn: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
        """A function of two arrays, either of which may be a Python scalar."""

        def call(a: Any, b: Any) -> Any:
            return fn(*self.pair(a, b))

        return call

    def clip(self, a: Any, lo: Any, hi: Any) -> Any:
        out = a if lo is None else self.extreme(max)(a, lo)
        return out if hi is None else self.extreme(min)(out, hi)

    def extreme(self, which: Callable[..., Any]) -> Callable[[Any, Any], Any]:
        """``minimum`` (``which`` is ``min``) or ``maximum``; of bool, NumPy's and / or.

        The standard defines them for real numbers only (array-api-strict
        refuses bool); NumPy's of bool are the logical and / or.
        """
        xp = self.xp
        fn, logical = (xp.minimum, xp.logical_and) if which is min else (xp.maximum, xp.logical_or)

        def call(a: Any, b: Any) -> Any:
            a, b = self.pair(a, b)
            return logical(a, b) if a.dtype == xp.bool else fn(a, b)

        return call

    def where(self, c: Any, x: Any, y: Any) -> Any:
        if isinstance(x, bool | int | float | complex):
            x = self.scalar(x, y)
        return self.xp.where(c, x, self.scalar(y, x))

    # ------------------------------------------------------------ reductions

    def _accumulated(self, a: Any) -> tuple[Any, Any]:
        """``a`` and the dtype its sum takes: int64 (uint64) for narrower integers and bool."""
        kind = self.kind(a)
        if kind == "bool":
            return self.xp.astype(a, self.int64), self.int64
        if kind == "signed integer":
            return a, self.int64
        if kind == "unsigned integer":
            return a, self.dtypes["uint64"]
        return a, a.dtype

    def summing(self, fn: Callable[..., Any]) -> Callable[[Any, Any, bool], Any]:
        def reduce(a: Any, axes: Any, keepdims: bool) -> Any:
            a, dtype = self._accumulated(a)
            return fn(a, axis=axes, dtype=dtype, keepdims=keepdims)

        return reduce

    def cumulative(self, fn: Callable[..., Any]) -> Callable[[Any, int], Any]:
        def accumulate(a: Any, axis: int) -> Any:
            a, dtype = self._accumulated(a)
            return fn(a, axis=axis, dtype=dtype)

        return accumulate

    def ordered(self, fn: Callable[..., Any]) -> Callable[[Any, Any, bool], Any]:
        """``min`` / ``max``; bools reduced as int8 (the standard's are real numeric only)."""

        def reduce(a: Any, axes: Any, keepdims: bool) -> Any:
            if a.dtype == self.bool:
                i8 = self.dtypes["int8"]
                return self.xp.astype(
                    fn(self.xp.astype(a, i8), axis=axes, keepdims=keepdims), self.bool
                )
            return fn(a, axis=axes, keepdims=keepdims)

        return reduce

    def along(self, fn: Callable[..., Any], index: bool, **kw: Any) -> Callable[[Any, int], Any]:
        """``argmin`` / ``argmax`` / ``sort`` / ``argsort`` (bools as int8); int64 indices."""

        def call(a: Any, axis: int) -> Any:
            b = self.xp.astype(a, self.dtypes["int8"]) if a.dtype == self.bool else a
            out = fn(b, axis=axis, **kw)
            if index:
                return self.xp.astype(out, self.int64) if out.dtype != self.int64 else out
            return self.xp.astype(out, self.bool) if a.dtype == self.bool else out

        return call

    def nonzero(self, a: Any) -> tuple[Any, ...]:
        return tuple(self.xp.astype(i, self.int64) for i in self.xp.nonzero(a))

    def searchsorted(self, a: Any, v: Any, side: str) -> Any:
        return self.xp.astype(self.xp.searchsorted(a, v, side=side), self.int64)

    # ------------------------------------------------------------ indexing

    def is_array(self, item: Any) -> bool:
        return hasattr(item, "__array_namespace__") and hasattr(item, "dtype")

    def bool_rank(self, item: Any) -> int | None:
        return item.ndim if self.is_array(item) and item.dtype == self.bool else None

    def index_array(self, item: Any, n: int) -> Any:
        """An integer item as an int64 array for an axis of length ``n``, negatives made
        positive.

        Raises
        ------
        IndexOutOfRangeError
            For a value out of range.
        """
        xp = self.xp
        idx = item if self.is_array(item) else xp.asarray(item, dtype=self.int64)
        idx = xp.astype(idx, self.int64) if idx.dtype != self.int64 else idx
        if math.prod(idx.shape):
            low, high = int(xp.min(idx)), int(xp.max(idx))
            if low < -n or high >= n:
                bad = high if high >= n else low
                raise IndexOutOfRangeError(f"index {bad} is out of bounds for an axis of size {n}")
        return xp.where(idx < 0, idx + n, idx)

    def basic(self, a: Any, index: tuple[Any, ...]) -> Any:
        """Basic indexing (ints, slices, ``None``, ``...``) the standard's way.

        Slice bounds are clamped to the axis (NumPy's meaning, which the
        standard leaves unspecified out of range), ints checked, and a full
        index passed (the standard's indices name every axis, or end in
        ``...``).
        """
        items: list[Any] = []
        dim = 0
        ndim = len(a.shape)
        explicit = sum(1 for i in index if i is not None and i is not Ellipsis)
        for item in index:
            if item is Ellipsis:
                items.append(item)
                dim += ndim - explicit
                continue
            if item is None:
                items.append(item)
                continue
            n = int(a.shape[dim])
            if item.__class__ is slice:
                items.append(_clamped(item, n))
            else:
                if not -n <= item < n:
                    raise IndexOutOfRangeError(
                        f"index {item} is out of bounds for axis {dim} with size {n}"
                    )
                items.append(item)
            dim += 1
        if Ellipsis not in items:
            items.append(Ellipsis)
        return a[tuple(items)]

    def gather_front(self, a: Any, arrays: list[Any]) -> Any:
        """``a`` indexed along its leading ``len(arrays)`` axes by arrays of one shape ``B``:
        one ``take`` of the flattened leading axes; the result has shape ``B + rest``."""
        xp = self.xp
        k = len(arrays)
        lead = [int(d) for d in a.shape[:k]]
        rest = tuple(int(d) for d in a.shape[k:])
        linear = arrays[-1]
        stride = 1
        for i in range(k - 2, -1, -1):
            stride *= lead[i + 1]
            linear = linear + arrays[i] * stride
        batch = tuple(int(d) for d in linear.shape)
        flat = xp.reshape(a, (math.prod(lead), *rest))
        out = xp.take(flat, xp.reshape(linear, (-1,)), axis=0)
        return xp.reshape(out, batch + rest)

    def getitem(self, a: Any, index: Any) -> Any:
        items = as_tuple(index)
        if any(self.is_array(i) for i in items):
            return advanced_getitem(a, items, self.advanced)
        if items.count(Ellipsis) > 1:
            raise IndexError("an index can only have a single ellipsis ('...')")
        explicit = sum(1 for i in items if i is not None and i is not Ellipsis)
        if explicit > len(a.shape):
            raise too_many_indices(len(a.shape), explicit)
        return self.basic(a, items)

    def _is_basic(self, index: Any) -> bool:
        return not any(self.is_array(i) for i in as_tuple(index))

    def _positions(self, a: Any, index: Any, values: Any) -> tuple[Any, Any, Any]:
        """Flat ``a``, the flat int64 positions ``a[index]`` selects, and ``values`` broadcast
        to them (flat)."""
        xp = self.xp
        shape = tuple(int(d) for d in a.shape)
        n = math.prod(shape)
        grid = xp.reshape(xp.arange(n, dtype=self.int64, device=a.device), shape)
        positions = self.getitem(grid, index)
        values = self.scalar(values, a)
        try:
            vals = xp.broadcast_to(values, positions.shape)
        except (ValueError, TypeError, RuntimeError) as e:
            raise ValueError(
                f"values of shape {list(values.shape)} do not broadcast to the indexed "
                f"shape {list(positions.shape)}"
            ) from e
        return xp.reshape(a, (-1,)), xp.reshape(positions, (-1,)), xp.reshape(vals, (-1,))

    def index_update(self, a: Any, index: Any, values: Any) -> Any:
        if self.mutable and self._is_basic(index):
            out = self.xp.asarray(a, copy=True)
            out[self._basic_index(out, index)] = self.scalar(values, a)
            return out
        flat, pos, vals = self._positions(a, index, values)
        return self.xp.reshape(self._scattered(flat, pos, vals, None), a.shape)

    def setitem(self, a: Any, index: Any, values: Any) -> Any:
        """``a[index] = values`` in place where the arrays can be written, else a new array."""
        if not self.mutable:
            return self.index_update(a, index, values)
        if self._is_basic(index):
            a[self._basic_index(a, index)] = self.scalar(values, a)
        else:
            a[...] = self.index_update(a, index, values)
        return a

    def assign(self, a: Any, values: Any) -> Any:
        """``values`` written into ``a`` (an array of a namespace whose arrays are mutable)."""
        a[...] = values
        return a

    def _basic_index(self, a: Any, index: Any) -> tuple[Any, ...]:
        """A basic index as the standard's full index (checked, slices clamped)."""
        items = as_tuple(index)
        view = self.basic(self.xp.zeros(a.shape, dtype=self.bool, device=a.device), items)
        del view  # (the checks are basic's)
        out: list[Any] = []
        dim = 0
        explicit = sum(1 for i in items if i is not None and i is not Ellipsis)
        for item in items:
            if item is None:
                continue  # an added axis of length 1: values broadcast the same without it
            if item is Ellipsis:
                out.append(item)
                dim += len(a.shape) - explicit
                continue
            out.append(_clamped(item, int(a.shape[dim])) if item.__class__ is slice else item)
            dim += 1
        if Ellipsis not in out:
            out.append(Ellipsis)
        return tuple(out)

    def scatter(self, a: Any, index: Any, values: Any, op: str) -> Any:
        flat, pos, vals = self._positions(a, index, values)
        return self.xp.reshape(self._scattered(flat, pos, vals, op), a.shape)

    def _scattered(self, flat: Any, pos: Any, vals: Any, op: str | None) -> Any:
        """``flat`` with ``vals`` written at ``pos`` (the last of duplicates wins), or
        combined by ``op`` (duplicates reduced): no scatter, which the standard lacks.

        The positions are sorted stably; every element finds the last of its
        run with ``searchsorted``; for ``op`` a segmented scan (log2(m)
        steps of shifted ``where``) first reduces each run into its last
        element.
        """
        xp = self.xp
        m = int(pos.shape[0])
        if m == 0:
            return xp.asarray(flat, copy=True)
        order = xp.argsort(pos, stable=True)
        ps = xp.take(pos, order, axis=0)
        vs = xp.take(vals, order, axis=0)
        combine = None if op is None else _COMBINE[op](xp)
        if combine is not None:
            d = 1
            while d < m:
                same = xp.concat(
                    [xp.zeros((d,), dtype=self.bool, device=ps.device), ps[d:] == ps[: m - d]]
                )
                before = xp.concat([vs[:d], vs[: m - d]])
                vs = xp.where(same, combine(vs, before), vs)
                d *= 2
        n = int(flat.shape[0])
        targets = xp.arange(n, dtype=self.int64, device=flat.device)
        last = xp.astype(xp.searchsorted(ps, targets, side="right"), self.int64) - 1
        safe = xp.where(last < 0, xp.zeros_like(last), last)
        hit = (last >= 0) & (xp.take(ps, safe, axis=0) == targets)
        got = xp.take(vs, safe, axis=0)
        if combine is not None:
            got = combine(flat, got)
        return xp.where(hit, got, flat)

    def take(self, a: Any, idx: Any, axis: int) -> Any:
        """``take`` along ``axis`` with an index of any rank (the standard's is 1-d)."""
        xp = self.xp
        if len(idx.shape) == 1:
            return xp.take(a, idx, axis=axis)
        out = xp.take(a, xp.reshape(idx, (-1,)), axis=axis)
        shape = tuple(a.shape[:axis]) + tuple(idx.shape) + tuple(a.shape[axis + 1 :])
        return xp.reshape(out, shape)

    def take_along_axis(self, a: Any, idx: Any, axis: int) -> Any:
        return self.xp.take_along_axis(a, idx, axis=axis)

    # ------------------------------------------------------------ manipulation

    def pad_constant(self, a: Any, pads: tuple[tuple[int, int], ...], value: Any) -> Any:
        xp = self.xp
        out = a
        for axis, (before, after) in enumerate(pads):
            parts: list[Any] = []
            for width in (before, after):
                shape = list(out.shape)
                shape[axis] = width
                parts.append(self.full(tuple(shape), value, a.dtype, a) if width else None)
            blocks = [p for p in (parts[0], out, parts[1]) if p is not None]
            out = xp.concat(blocks, axis=axis) if len(blocks) > 1 else out
        return out

    def triangle(self, lower: bool) -> Callable[[Any, int], Any]:
        xp = self.xp

        def tri(a: Any, k: int) -> Any:
            n, m = int(a.shape[-2]), int(a.shape[-1])
            rows = xp.reshape(xp.arange(n, dtype=self.int64, device=a.device), (n, 1))
            cols = xp.reshape(xp.arange(m, dtype=self.int64, device=a.device), (1, m))
            keep = (cols - rows <= k) if lower else (cols - rows >= k)
            return xp.where(keep, a, xp.zeros_like(a))

        return tri

    def reshape_copy(self, a: Any, shape: tuple[int, ...], copy: bool) -> Any:
        try:
            return self.xp.reshape(a, shape, copy=copy)
        except (AttributeError, ValueError, TypeError) as e:
            if copy:
                raise
            raise ValueError(f"reshaping this array to {shape} needs a copy") from e

    def meshgrid(self, arrays: list[Any], indexing: str) -> list[Any]:
        return list(self.xp.meshgrid(*arrays, indexing=indexing))

    # ------------------------------------------------------------ linear algebra

    def hermitian_from_lower(self, a: Any) -> Any:
        """The matrices the lower triangles of ``a`` describe (NumPy reads only those)."""
        xp = self.xp
        lower = self.triangle(True)(a, 0)
        strict = self.triangle(True)(a, -1)
        upper = xp.matrix_transpose(strict)
        if self.kind(a) == "complex floating":
            upper = xp.conj(upper)
        return lower + upper

    def linalg(self, name: str) -> Callable[..., Any]:
        """``xp.linalg.<name>``, or a function raising ``NotImplementedError`` without one."""
        ext = getattr(self.xp, "linalg", None)
        fn: Callable[..., Any] | None = getattr(ext, name, None)
        if fn is not None:
            return fn
        xp_name = self.xp.__name__

        def missing(*args: Any, **kwargs: Any) -> Any:
            raise NotImplementedError(f"{xp_name} has no linalg.{name} (the linalg extension)")

        return missing

    def einsum(self, subscripts: str, arrays: list[Any]) -> Any:
        """``einsum`` of explicit subscripts, from ``take`` (diagonals), ``sum`` and ``matmul``.

        Operands are contracted left to right, two at a time: their shared
        letters needed later are a batch, the others summed by one
        ``matmul``; letters of one operand alone are summed first.
        """
        xp = self.xp
        inputs, output = subscripts.split("->")
        terms = inputs.split(",")
        ops: list[tuple[str, Any]] = []
        for letters, arr in zip(terms, arrays, strict=True):
            ops.append(self._distinct(letters, arr))
        sizes: dict[str, int] = {}
        for letters, arr in ops:
            for letter, d in zip(letters, arr.shape, strict=True):
                sizes[letter] = int(d)
        while True:
            ops = [self._sum_alone(i, ops, output) for i in range(len(ops))]
            if len(ops) == 1:
                break
            (la, a), (lb, b) = ops[0], ops[1]
            later = set(output).union(*[set(lt) for lt, _ in ops[2:]])
            ops = [self._contract(la, a, lb, b, later, sizes), *ops[2:]]
        letters, out = ops[0]
        if letters != output:
            out = xp.permute_dims(out, tuple(letters.index(c) for c in output))
        return out

    def _distinct(self, letters: str, a: Any) -> tuple[str, Any]:
        """An operand with its repeated letters replaced by their diagonals."""
        xp = self.xp
        while len(set(letters)) < len(letters):
            letter = next(c for c in letters if letters.count(c) > 1)
            i = letters.index(letter)
            j = letters.index(letter, i + 1)
            rest = [p for p in range(len(letters)) if p not in (i, j)]
            a = xp.permute_dims(a, (*rest, i, j))
            n = int(a.shape[-1])
            flat = xp.reshape(a, (*a.shape[:-2], n * n))
            a = xp.take(
                flat, xp.arange(0, n * n, n + 1, dtype=self.int64, device=a.device), axis=len(rest)
            )
            letters = "".join(letters[p] for p in rest) + letter
        return letters, a

    def _sum_alone(self, i: int, ops: list[tuple[str, Any]], output: str) -> tuple[str, Any]:
        """Operand ``i`` with the letters no other operand and not the output has summed."""
        letters, a = ops[i]
        others = set(output).union(*[set(lt) for k, (lt, _) in enumerate(ops) if k != i])
        alone = tuple(p for p, c in enumerate(letters) if c not in others)
        if not alone:
            return letters, a
        out = self.xp.sum(a, axis=alone, dtype=a.dtype)
        return "".join(c for c in letters if c in others), out

    def _contract(
        self, la: str, a: Any, lb: str, b: Any, later: set[str], sizes: dict[str, int]
    ) -> tuple[str, Any]:
        xp = self.xp
        batch = [c for c in la if c in lb and c in later]
        summed = [c for c in la if c in lb and c not in later]
        fa = [c for c in la if c not in lb]
        fb = [c for c in lb if c not in la]
        a2 = xp.permute_dims(a, tuple(la.index(c) for c in batch + fa + summed))
        b2 = xp.permute_dims(b, tuple(lb.index(c) for c in batch + summed + fb))

        def size(cs: list[str]) -> int:
            return math.prod(sizes[c] for c in cs)

        a2 = xp.reshape(a2, (size(batch), size(fa), size(summed)))
        b2 = xp.reshape(b2, (size(batch), size(summed), size(fb)))
        out = self.matmul(a2, b2)
        shape = tuple(sizes[c] for c in batch + fa + fb)
        return "".join(batch + fa + fb), xp.reshape(out, shape)

    def fft(self, name: str) -> Callable[..., Any]:
        """``xp.fft.<name>`` with the primitive's positional arguments."""
        ext = getattr(self.xp, "fft", None)
        fn = getattr(ext, name, None)
        xp_name = self.xp.__name__
        if name.endswith("shift"):  # a roll, for any dtype (the standard's are float only)
            sign = -1 if name.startswith("i") else 1

            def shift(a: Any, axes: Any) -> Any:
                dims = tuple(range(len(a.shape))) if axes is None else tuple(axes)
                if not dims:
                    return a
                by = tuple(sign * (int(a.shape[d]) // 2) for d in dims)
                return self.xp.roll(a, shift=by, axis=dims)

            return shift
        if fn is None:

            def missing(*args: Any) -> Any:
                raise NotImplementedError(f"{xp_name} has no fft.{name} (the fft extension)")

            return missing
        if name.endswith("n"):

            def many(a: Any, s: Any, axes: Any, norm: str) -> Any:
                return fn(a, s=s, axes=axes, norm=norm)

            return many

        def one(a: Any, n: Any, axis: int, norm: str) -> Any:
            return fn(a, n=n, axis=axis, norm=norm)

        return one


_EXACT = frozenset({"bool", "signed integer", "unsigned integer"})
_INEXACT = frozenset({"real floating", "complex floating"})
_COMBINE: dict[str, Callable[[Any], Callable[[Any, Any], Any]]] = {
    "add": lambda xp: operator.add,
    "multiply": lambda xp: operator.mul,
    "min": lambda xp: xp.minimum,
    "max": lambda xp: xp.maximum,
}


def _clamped(s: slice, n: int) -> slice:
    """A slice whose bounds lie within an axis of length ``n`` (NumPy's meaning)."""
    start, stop, step = s.indices(n)
    if not len(range(start, stop, step)):
        return slice(0, 0, 1) if n else slice(None)
    if step > 0:
        return slice(start, stop, step)
    return slice(start, stop if stop >= 0 else None, step)


def primitives(xp: Any) -> Primitives:
    """The primitives of the generic backend over the Array API namespace ``xp``."""
    g = _Ops(xp)
    la = g.linalg

    def slogdet(a: Any) -> tuple[Any, Any]:
        sign, logabsdet = la("slogdet")(a)
        return sign, logabsdet

    def eigh(a: Any) -> tuple[Any, Any]:
        values, vectors = la("eigh")(g.hermitian_from_lower(a))
        return values, vectors

    def qr(a: Any, complete: bool) -> tuple[Any, Any]:
        q, r = la("qr")(a, mode="complete" if complete else "reduced")
        return q, r

    def eig(a: Any) -> tuple[Any, Any]:
        values, vectors = la("eig")(a)
        return values, vectors

    def svd(a: Any, full_matrices: bool) -> tuple[Any, Any, Any]:
        u, s, vh = la("svd")(a, full_matrices=full_matrices)
        return u, s, vh

    return Primitives(
        dtype_type=g.dtype_types,
        dtype_name=g.dtype_name,
        dtype_from_name=g.dtype_from_name,
        device=lambda a: a.device,
        devices=g.devices,
        default_device=g.default_device,
        to_device=g.to_device,
        like=g.like,
        setitem=g.setitem,
        assign=g.assign if g.mutable else None,
        copy=lambda a: xp.asarray(a, copy=True),
        to_numpy=g.to_numpy,
        item=g.item,
        astype=lambda a, dt: xp.astype(a, dt),
        seed=g.rng.seed,
        add=g.add,
        multiply=g.multiply,
        less=g.ordering(operator.lt),
        less_equal=g.ordering(operator.le),
        greater=g.ordering(operator.gt),
        greater_equal=g.ordering(operator.ge),
        divide=g.divide,
        matmul=g.matmul,
        equal=operator.eq,
        not_equal=operator.ne,
        bitwise_invert=g.invert,
        bitwise_and=g.binary(xp.bitwise_and),
        bitwise_or=g.binary(xp.bitwise_or),
        bitwise_xor=g.binary(xp.bitwise_xor),
        getitem=g.getitem,
        index_update=g.index_update,
        abs=xp.abs,
        sqrt=xp.sqrt,
        square=xp.square,
        exp=xp.exp,
        log=xp.log,
        log1p=xp.log1p,
        log2=xp.log2,
        log10=xp.log10,
        sin=xp.sin,
        cos=xp.cos,
        tan=xp.tan,
        asin=xp.asin,
        acos=xp.acos,
        atan=xp.atan,
        sinh=xp.sinh,
        cosh=xp.cosh,
        tanh=xp.tanh,
        asinh=xp.asinh,
        acosh=xp.acosh,
        atanh=xp.atanh,
        round=xp.round,
        ceil=xp.ceil,
        floor=xp.floor,
        expm1=xp.expm1,
        reciprocal=xp.reciprocal,
        trunc=xp.trunc,
        signbit=xp.signbit,
        conj=xp.conj,
        real=xp.real,
        imag=xp.imag,
        sign=g.sign,
        isnan=g.tested(xp.isnan, False),
        isinf=g.tested(xp.isinf, False),
        isfinite=g.tested(xp.isfinite, True),
        logical_not=g.logical_not,
        logical_and=g.logical_and,
        logical_or=g.logical_or,
        logical_xor=g.logical(xp.logical_xor),
        minimum=g.extreme(min),
        maximum=g.extreme(max),
        atan2=g.binary(xp.atan2),
        copysign=g.binary(xp.copysign),
        hypot=g.binary(xp.hypot),
        logaddexp=g.binary(xp.logaddexp),
        nextafter=g.binary(xp.nextafter),
        bitwise_left_shift=g.shift(True),
        bitwise_right_shift=g.shift(False),
        clip=g.clip,
        where=g.where,
        sum=g.summing(xp.sum),
        prod=g.summing(xp.prod),
        mean=lambda a, axes, keepdims: xp.mean(a, axis=axes, keepdims=keepdims),
        min=g.ordered(xp.min),
        max=g.ordered(xp.max),
        all=lambda a, axes, keepdims: xp.all(a, axis=axes, keepdims=keepdims),
        any=lambda a, axes, keepdims: xp.any(a, axis=axes, keepdims=keepdims),
        argmin=g.along(xp.argmin, True),
        argmax=g.along(xp.argmax, True),
        cumulative_sum=g.cumulative(xp.cumulative_sum),
        cumulative_prod=g.cumulative(xp.cumulative_prod),
        sort=g.along(xp.sort, False, stable=True),
        argsort=g.along(xp.argsort, True, stable=True),
        nonzero=g.nonzero,
        searchsorted=g.searchsorted,
        reshape=lambda a, shape: xp.reshape(a, shape),
        permute_dims=lambda a, axes: xp.permute_dims(a, axes),
        squeeze=lambda a, axes: xp.squeeze(a, axis=axes),
        expand_dims=lambda a, axis: xp.expand_dims(a, axis=axis),
        tile=lambda a, reps: xp.tile(a, reps),
        flip=lambda a, axes: xp.flip(a, axis=axes),
        pad_constant=g.pad_constant,
        take=g.take,
        take_along_axis=g.take_along_axis,
        concat=lambda arrays, axis: xp.concat(arrays, axis=axis),
        stack=lambda arrays, axis: xp.stack(arrays, axis=axis),
        broadcast_to=lambda a, shape: xp.broadcast_to(a, shape),
        repeat=lambda a, counts, axis: xp.repeat(a, counts, axis=axis),
        roll=lambda a, shifts, axes: xp.roll(a, shift=shifts, axis=axes),
        tril=g.triangle(True),
        triu=g.triangle(False),
        reshape_copy=g.reshape_copy,
        inv=la("inv"),
        slogdet=slogdet,
        meshgrid=g.meshgrid,
        tensordot=lambda a, b, axes: xp.tensordot(a, b, axes=axes),
        einsum=g.einsum,
        cholesky=lambda a: la("cholesky")(g.hermitian_from_lower(a)),
        det=la("det"),
        eigh=eigh,
        eigvalsh=lambda a: la("eigvalsh")(g.hermitian_from_lower(a)),
        qr=qr,
        svd=svd,
        svdvals=la("svdvals"),
        solve=la("solve"),
        diagonal=lambda a, offset: la("diagonal")(a, offset=offset),
        scatter=g.scatter,
        from_dlpack=lambda obj, copy: (
            xp.from_dlpack(obj) if copy is None else xp.from_dlpack(obj, copy=copy)
        ),
        fft_fft=g.fft("fft"),
        fft_ifft=g.fft("ifft"),
        fft_fftn=g.fft("fftn"),
        fft_ifftn=g.fft("ifftn"),
        fft_rfft=g.fft("rfft"),
        fft_irfft=g.fft("irfft"),
        fft_rfftn=g.fft("rfftn"),
        fft_irfftn=g.fft("irfftn"),
        fft_hfft=g.fft("hfft"),
        fft_ihfft=g.fft("ihfft"),
        fft_fftshift=g.fft("fftshift"),
        fft_ifftshift=g.fft("ifftshift"),
        full=g.full,
        arange=lambda start, stop, step, dt, like: xp.arange(
            start, stop, step, dtype=dt, device=like.device
        ),
        asarray=g.asarray,
        uniform=g.random(False),
        normal=g.random(True),
        # eig (Array API 2025.12): linalg's
        eig=eig,
        eigvals=la("eigvals"),
        # transformations and random keys (issue 13): NumPy's, on the namespace's arrays
        **_transforms(g),
        # conformance fixes 2 (Array API 2025.12): the namespace's own limit
        max_dimensions=xp.__array_namespace_info__().capabilities().get("max dimensions"),
    )


def _transforms(g: _Ops) -> dict[str, Any]:
    """``vmap`` as a loop with the namespace's ``stack``, and NumPy's keyed draws (the same
    numbers as NumPy's and PyTorch's for a key), their arrays the namespace's."""
    xp = g.xp

    def via_numpy(fn: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any) -> Any:
            device = None
            given: list[Any] = []
            for a in args:
                if hasattr(a, "__array_namespace__") and not isinstance(a, np.ndarray):
                    device = a.device if device is None else device
                    a = np.from_dlpack(a)
                elif isinstance(a, g.dtype_types):  # the namespace's dtype: NumPy's
                    a = np.dtype(g.dtype_name(a))
                given.append(a)
            return xp.asarray(fn(*given), device=device)

        return call

    numpy_ones = _numpy_transforms.primitives(g.rng)
    out = {name: via_numpy(fn) for name, fn in numpy_ones.items() if name != "vmap"}
    return {**out, "vmap": _numpy_transforms.looped_vmap(xp.stack, "the generic backend")}
