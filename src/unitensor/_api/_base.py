"""``TensorBase``: the array object, the dtype machinery and the hot path.

Every chapter of the API (``unitensor._api.*``) builds on this class. It
holds the one attribute a tensor has, ``raw`` (the framework's own array),
and what every operation needs:

- the dtype machinery, cached per backend class so that the promotion rule
  runs once per pair of dtypes, not once per operation;
- ``_operands``, the checked path that turns ``self (op) other`` into two
  native operands (promotion, Python scalars, broadcasting checks);
- the fast paths' decorators (``fast_path``, ``unary_fast_path``,
  ``reduction_fast_path``, ``clip_fast_path``) and ``wrap``, the one helper
  that builds every result tensor, which live in ``_fast`` and are
  re-exported here for the chapters.
"""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

import builtins
import operator
import warnings
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Literal, NoReturn, Self, TypeAlias, TypeVar, cast

import numpy as np

from .. import _registry, dtypes
from .._broadcast import broadcast_shape, check_broadcast, shape_tuple
from .._errors import (
    AxisError,
    DataDependentShapeError,
    DTypeError,
    FrameworkMixError,
    IndexOutOfRangeError,
    ShapeError,
    UnitensorError,
)
from .._indexing import too_many_error
from ._fast import (
    FAST_PATH_TYPE,
    KERNELS_MODULE,
    PYTHON_VERSIONS,
    SPEEDUPS,
    SPEEDUPS_MODULE,
    TEMPLATE_SCOPES,
    clip_fast_path,
    fast_path,
    pure_python,
    python_wrap,
    reduction_fast_path,
    sharding_error,
    unary_fast_path,
    wrap,
)

if TYPE_CHECKING:
    from .._backends import Primitives

__all__ = [
    "FAST_PATH_TYPE",
    "KERNELS_MODULE",
    "MISSING",
    "PYTHON_VERSIONS",
    "SCALAR_TYPES",
    "SPEEDUPS",
    "SPEEDUPS_MODULE",
    "Axes",
    "PadMode",
    "TEMPLATE_SCOPES",
    "Reduction",
    "Scalar",
    "TensorBase",
    "TensorOrScalar",
    "as_tensor",
    "broadcast_shape",
    "check_broadcast",
    "clip_fast_path",
    "fast_path",
    "joined",
    "operand_pair",
    "pure_python",
    "python_scalar",
    "python_wrap",
    "reduction_fast_path",
    "reraise_index_error",
    "sharding_error",
    "shape_tuple",
    "unary_fast_path",
    "wrap",
]

Scalar: TypeAlias = bool | int | float
"""A Python scalar that may be combined with a tensor."""
Axes: TypeAlias = int | tuple[int, ...] | None
"""An axis argument: one axis, several, or ``None`` for all."""
PadMode: TypeAlias = Literal["constant", "reflect", "edge"]
"""The padding modes of [`Tensor.pad`][unitensor.Tensor.pad]."""
Reduction: TypeAlias = Literal["none", "mean", "sum"]
"""The reductions of a loss ([`Tensor.crossentropy`][unitensor.Tensor.crossentropy])."""
TensorOrScalar: TypeAlias = "TensorBase | Scalar"
"""A tensor (or a native array of its framework) or a Python scalar."""

SCALAR_TYPES = (bool, int, float)
MISSING: Any = object()
_TensorT = TypeVar("_TensorT", bound="TensorBase")
_Method = TypeVar("_Method", bound=Callable[..., Any])
_new = object.__new__


def python_scalar(x: Any) -> Any:
    """A NumPy scalar as the Python scalar of its kind; anything else as it is.

    NumPy scalars (``np.float64(2)``, ``np.int8(1)``, an ``ml_dtypes``
    bfloat16) count as Python scalars on every backend, NumPy's included:
    like a Python number they take the tensor's dtype of their kind.
    """
    value: Any = x  # (isinstance would narrow it to a partly unknown np.generic)
    return value.item() if isinstance(x, np.generic) else value


def _framework_mix_error(a: type[TensorBase], b: object) -> FrameworkMixError:
    """The error for an operation that mixes two frameworks."""
    other = b.framework if isinstance(b, TensorBase) else type(b).__qualname__
    return FrameworkMixError(
        f"cannot combine a {a.framework} tensor with a {other} "
        f"{'tensor' if isinstance(b, TensorBase) else 'object'}: convert one of them first "
        "(for example with ut.convert or the frameworks' own functions)"
    )


def reraise_index_error(e: IndexError, t: TensorBase | None = None, index: Any = None) -> NoReturn:
    """Raise a framework's out-of-range ``IndexError`` as ``IndexOutOfRangeError``.

    The framework's error is kept as ``__cause__``; any other ``IndexError``
    (ours, or about something else) is raised as it is. PyTorch's "for
    dimension 0" reads "for axis 0" and Dask's "Index 5" "index 5", as
    NumPy's message and the other backends'. Given the tensor ``t`` and the
    ``index`` that failed, an index of more axes than ``t`` has raises
    NumPy's ``IndexError`` for it, whatever the framework's message.
    """
    if t is not None and not isinstance(e, UnitensorError):
        too_many = too_many_error(t, index)
        if too_many is not None:
            raise too_many from e
    text = str(e)
    if isinstance(e, UnitensorError) or not ("out of bounds" in text or "out of range" in text):
        raise e
    if text.startswith("Index "):  # (Dask's capital)
        text = "index " + text[6:]
    raise IndexOutOfRangeError(text.replace(" for dimension ", " for axis ")) from e


def as_tensor(x: Any) -> Any:
    """``x`` as a tensor: a tensor as it is, a native array wrapped."""
    return x if isinstance(x, TensorBase) else _registry.astensor(x)


def operand_pair(x1: Any, x2: Any) -> tuple[Any, Any, bool]:
    """``(tensor, other, swapped)`` for a function of two operands, one of them a tensor.

    The functions of two operands (``ut.add(x1, x2)``, ...) take a Python
    scalar on either side. This is ``(x1, x2, False)`` when ``x1`` is a
    tensor (or a native array, wrapped, with ``x2`` not a tensor), and
    ``(x2, x1, True)`` when ``x2`` is the tensor and ``x1`` a (Python or
    NumPy) scalar or a native array: the function's reflected form then
    applies (``x2.__rsub__(x1)``).

    Raises
    ------
    UnsupportedTypeError
        If neither operand is a tensor or native array.
    """
    if isinstance(x1, TensorBase):
        return x1, x2, False
    first: Any = x1  # (not narrowed by the test below)
    if isinstance(x2, TensorBase) or isinstance(x1, (*SCALAR_TYPES, complex, np.generic)):
        return as_tensor(x2), first, True
    return as_tensor(x1), x2, False


def joined(tensors: Sequence[Any], what: str) -> tuple[type[TensorBase], list[Any]]:
    """Tensor class and promoted native arrays of a sequence of tensors of one framework.

    Raises
    ------
    ValueError
        If the sequence is empty.
    FrameworkMixError
        If the tensors belong to different frameworks.
    """
    ts: list[TensorBase] = [as_tensor(t) for t in tensors]
    if not ts:
        raise ValueError(f"{what} needs at least one tensor")
    cls: type[TensorBase] = type(ts[0])
    raws = [ts[0]._unwrap(t) for t in ts]
    name = cls._dtype_name(raws[0].dtype)
    for r in raws[1:]:
        name = dtypes.result_name(name, cls._dtype_name(r.dtype))
    target = cls._native_dtype(name)
    return cls, [r if r.dtype == target else cls._ns.astype(r, target) for r in raws]


_FLOAT_PARTS = {"complex64": "float32", "complex128": "float64"}
# The largest finite value of each float dtype, known in advance: a cache filled as
# values come would change inside a compiled function (TorchDynamo guards on it), and
# NumPy's finfo does not know ml_dtypes' bfloat16 (3.3895313892515355e38).
_FLOAT_MAX = {
    "float16": float(np.finfo(np.float16).max),
    "bfloat16": 3.3895313892515355e38,
    "float32": float(np.finfo(np.float32).max),
    "float64": float(np.finfo(np.float64).max),
}


def _as_float_of(name: str, value: float) -> float:
    """``value`` as NumPy converts it to the float (or complex) dtype ``name``.

    A value within the dtype's range comes back unchanged (rounding happens
    in the framework, as for any value); one beyond it becomes what NumPy's
    cast gives: the largest finite value for one that rounds to it, else an
    infinity. NaN and infinities come back unchanged.
    """
    part = _FLOAT_PARTS.get(name, name)
    big = _FLOAT_MAX[part]
    if -big <= value <= big or value != value:  # in range, or NaN
        return value
    with np.errstate(over="ignore"):
        return float(np.asarray(value).astype(dtypes.DTYPES[part].dtype))


class _Primitives:
    """``cls._ns`` of a backend class whose primitives have not been loaded yet.

    On first access it loads them (``unitensor._registry.load_primitives``,
    which imports the framework) and stores them on the class itself, where
    later look-ups find them before this descriptor: after the first
    operation, ``self._ns`` is a plain class attribute. So is ``_float_ns``.
    """

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name  # "_ns" or "_float_ns" (see load_primitives)

    def __get__(self, obj: object, owner: type[TensorBase]) -> Primitives:
        if not _registry.is_backend(owner.backend):  # Tensor itself, a chapter, a stand-in
            raise AttributeError(f"{owner.__name__} is not a backend's class: it has no primitives")
        ns = _registry.load_primitives(owner)
        return ns if self.name == "_ns" else cast("Primitives", getattr(owner, self.name))


class TensorBase:
    """The array object: ``raw``, its properties, and what every operation needs.

    See [`unitensor.Tensor`][unitensor.Tensor], the class users see.
    """

    __slots__ = ("raw",)

    raw: Any
    """The framework's own array. ``ut.astensor(x).raw is x``."""

    framework: ClassVar[str] = "abstract"
    """Human-readable framework name, e.g. ``"PyTorch"`` (from the registry)."""
    backend: ClassVar[str] = "abstract"
    """Backend name used by [`unitensor.convert`][unitensor.convert], e.g. ``"torch"``."""
    if TYPE_CHECKING:
        _ns: ClassVar[Primitives]
        _float_ns: ClassVar[Primitives]
    else:
        _ns, _float_ns = _Primitives(), _Primitives()
    _name_of: ClassVar[dict[Any, str]]
    _native_of: ClassVar[dict[str, Any]]
    _pair_cache: ClassVar[dict[tuple[Any, Any], tuple[Any, Any]]]
    _scalar_cache: ClassVar[dict[tuple[Any, type], Any]]
    _float_cache: ClassVar[dict[Any, Any]]
    _kind_of: ClassVar[dict[Any, str]]
    _int_bounds: ClassVar[dict[Any, tuple[int, int] | None]]
    _dtype_arg_cache: ClassVar[dict[Any, Any]]
    _float_dtypes: ClassVar[set[Any]]
    """Native real float dtypes seen so far (filled by ``_kind``).

    The hot paths test ``raw.dtype in _float_dtypes`` (a hash lookup)
    before anything else; a miss (complex, integer, bool, or a dtype not
    seen yet) takes the general path, which fills it.
    """
    _weak_float_dtypes: ClassVar[set[Any]]
    """The native dtypes of ``_float_dtypes`` whose Python operators cast a Python float to them.

    The fast path's test for a tensor and a Python scalar. The others (the
    primitive ``float_operand`` names them: NumPy's bfloat16) are in
    ``_float_operands``.
    """
    _float_operands: ClassVar[dict[Any, Callable[[float], Any]]]
    """Native float dtype -> the function making a Python float its operand (``float_operand``)."""
    _operator_types: ClassVar[set[type]]
    """Native array types whose Python operators with a Python scalar are the checked path's.

    Filled by ``_operands`` (the primitive ``python_operators`` decides);
    the fast path's other test for a tensor and a Python scalar.
    """
    _nonbool_dtypes: ClassVar[set[Any]]
    """Native dtypes other than bool seen so far (filled by ``_kind``)."""
    _real_dtypes: ClassVar[set[Any]]
    """Native dtypes other than complex seen so far (filled by ``_kind``)."""
    _half_dtypes: ClassVar[set[Any]]
    """Native float16 and bfloat16 dtypes seen so far: their sums accumulate in float32."""
    _full_width_dtypes: ClassVar[set[Any]]
    """Native dtypes other than float16 and bfloat16 seen so far: sums need no widening."""

    _rebinds: ClassVar[bool] = False
    """Whether ``x op= y`` gives a new tensor even where the framework's arrays are mutable.

    True on the classes of the EagerPy layer (``unitensor.compat.eagerpy``),
    whose code relies on EagerPy's rule: its tensors have no in-place
    operators, so ``x -= y`` is ``x = x - y``.
    """

    __hash__: ClassVar[None]  # type: ignore[assignment]  # elementwise __eq__
    __array_ufunc__ = None  # NumPy defers to our reflected operators

    def __init_subclass__(
        cls, backend: str | None = None, shares_caches: bool = False, **kwargs: Any
    ) -> None:
        """Give each class its own caches; ``backend=`` names its registry entry.

        A backend's tensor class is declared ``class PyTorchTensor(Tensor,
        backend="torch")``: its framework name comes from the registry entry,
        and the registry learns the class. ``shares_caches=True`` makes a
        subclass of a backend's class that keeps its base's caches (the
        EagerPy layer's classes, whose in-place operators rebind); its
        primitives are its base's in any case.
        """
        super().__init_subclass__(**kwargs)
        if shares_caches:
            return
        cls._name_of = {}
        cls._native_of = {}
        cls._pair_cache = {}
        cls._scalar_cache = {}
        cls._float_cache = {}
        cls._kind_of = {}
        cls._int_bounds = {}
        cls._dtype_arg_cache = {}
        cls._float_dtypes = set()
        cls._weak_float_dtypes = set()
        cls._float_operands = {}
        cls._operator_types = set()
        cls._nonbool_dtypes = set()
        cls._real_dtypes = set()
        cls._half_dtypes = set()
        cls._full_width_dtypes = set()
        if backend is not None:
            cls.framework = _registry.entry(backend).framework
            cls.backend = backend
            _registry.register_class(cls)

    def __init__(self, raw: Any) -> None:
        """Wrap ``raw`` without copying it; prefer [`unitensor.astensor`][unitensor.astensor]."""
        self.raw = raw
        type(self)._ns  # noqa: B018  # a backend used for the first time loads here

    @classmethod
    def _dtype_name(cls, native: Any) -> str:
        """Canonical name ("float32", ...) of a native dtype."""
        try:
            return cls._name_of[native]
        except KeyError:
            name: str = cls._ns.dtype_name(native)
            cls._name_of[native] = name
            return name

    @classmethod
    def _kind(cls, native: Any) -> str:
        """Kind letter (``b i u f c``) of a native dtype, cached."""
        try:
            return cls._kind_of[native]
        except KeyError:
            k = dtypes.kind(cls._dtype_name(native))
            cls._kind_of[native] = k
            if k != "b":
                cls._nonbool_dtypes.add(native)
            if k != "c":
                cls._real_dtypes.add(native)
            if k == "f":
                cls._float_dtypes.add(native)
                convert = cls._ns.float_operand(native)
                if convert is None:
                    cls._weak_float_dtypes.add(native)
                else:
                    cls._float_operands[native] = convert
            if cls._dtype_name(native) in ("float16", "bfloat16"):
                cls._half_dtypes.add(native)
            else:
                cls._full_width_dtypes.add(native)
            return k

    @classmethod
    def _learn_dtypes(cls) -> None:
        """Fill the dtype caches for every dtype the backend holds (once, as it loads).

        With them the set of the framework's array types whose Python
        operators the fast path may use (``python_operators``). The caches
        then never change: code compiled once keeps seeing what
        it was traced with (TorchDynamo guards on their contents, and a
        cache filled inside ``torch.compile`` recompiled the function on its
        next call). The promotion rule runs once per pair of dtypes here,
        about a millisecond.
        """
        natives: list[Any] = []
        for name in dtypes.DTYPES:
            try:
                native = cls._native_dtype(name)
            except (TypeError, AttributeError, ValueError, KeyError):
                continue  # a dtype the framework does not have
            if native in natives:
                continue  # JAX without 64-bit mode: int32 for int64
            natives.append(native)
            kind = cls._kind(native)
            if kind in "iu":
                info = np.iinfo(np.dtype(name))
                cls._int_bounds[native] = (int(info.min), int(info.max))
            else:
                cls._int_bounds[native] = None
            if cls._ns.narrow(name) == name:
                cls._dtype_arg_cache[name] = cls._dtype_arg_cache[dtypes.DTYPES[name]] = native
                cls._dtype_arg_cache[native] = native
        for a in natives:
            ta = cls._native_dtype(dtypes.DEFAULT_FLOAT)
            cls._float_cache[a] = None if cls._kind(a) in "fc" else ta
            for scalar in (True, 1, 1.0, 1j):
                new = dtypes.scalar_result_name(cls._dtype_name(a), scalar)
                target = None if new == cls._dtype_name(a) else cls._native_dtype(new)
                cls._scalar_cache[(a, scalar.__class__)] = target
            for b in natives:
                try:
                    name = dtypes.result_name(cls._dtype_name(a), cls._dtype_name(b))
                except (TypeError, ValueError):
                    continue  # no common dtype: the operation raises each time
                target = cls._native_dtype(name)
                pair = (None if a == target else target, None if b == target else target)
                cls._pair_cache[(a, b)] = pair
        for t in _registry.array_types(cls.backend):  # (subclasses are learnt when met)
            if cls._ns.python_operators(t):
                cls._operator_types.add(t)

    @classmethod
    def _native_dtype(cls, name: str) -> Any:
        """Native dtype object for a canonical dtype name."""
        try:
            return cls._native_of[name]
        except KeyError:
            ns = cls._ns
            native = ns.dtype_from_name(ns.narrow(name))
            cls._native_of[name] = native
            return native

    @classmethod
    def _dtype_arg(cls, dtype: Any) -> Any:
        """Resolve a user's dtype argument to this backend's native dtype.

        Accepts the native dtype, a NumPy dtype or scalar type, or a name.
        Where the backend holds a narrower dtype than the one asked for (JAX
        without 64-bit mode: int32 for int64), it warns (``UserWarning``).

        Raises
        ------
        TypeError
            If ``dtype`` is not a dtype this backend knows.
        """
        try:
            return cls._dtype_arg_cache[dtype]
        except (KeyError, TypeError):
            pass
        if isinstance(dtype, str):
            name = dtype
        elif isinstance(dtype, dtypes.DType):
            name = dtype.name
        elif isinstance(dtype, cls._ns.dtype_type):
            name = cls._dtype_name(dtype)
        else:
            try:
                name = np.dtype(dtype).name
            except TypeError as e:
                raise DTypeError(f"{dtype!r} is not a dtype {cls.framework} understands") from e
        if name not in dtypes.DTYPES:
            raise DTypeError(
                f"{dtype!r} is not a tensor dtype; use one of {', '.join(dtypes.DTYPES)}"
            )
        try:
            native = cls._native_dtype(name)
        except (TypeError, AttributeError, ValueError) as e:
            raise DTypeError(f"{dtype!r} is not a dtype {cls.framework} supports") from e
        held = cls._ns.narrow(name)
        if held != name:  # warned on every request: not cached
            warnings.warn(
                f"{cls.framework} holds {held} for {name} here ({cls._ns.narrow_hint})",
                UserWarning,
                stacklevel=3,
            )
            return native
        try:
            cls._dtype_arg_cache[dtype] = native
        except TypeError:
            pass
        return native

    def _promote_pair(self, a: Any, b: Any) -> tuple[Any, Any]:
        """Cast two native arrays of different dtypes to their common dtype."""
        key = (a.dtype, b.dtype)
        try:
            ta, tb = self._pair_cache[key]
        except KeyError:
            cls = type(self)
            name = dtypes.result_name(cls._dtype_name(a.dtype), cls._dtype_name(b.dtype))
            target = cls._native_dtype(name)
            ta = None if a.dtype == target else target
            tb = None if b.dtype == target else target
            self._pair_cache[key] = (ta, tb)
        ns = self._ns
        return (a if ta is None else ns.astype(a, ta)), (b if tb is None else ns.astype(b, tb))

    def _for_scalar(self, a: Any, scalar: Scalar | complex) -> Any:
        """Cast ``a`` (a native array) to the kind a Python scalar needs."""
        key = (a.dtype, type(scalar))  # (TorchDynamo misreads scalar.__class__ in a dict key)
        target = self._scalar_cache.get(key, MISSING)
        if target is MISSING:
            cls = type(self)
            cls._kind(a.dtype)  # registers a float dtype for the fast path
            name = cls._dtype_name(a.dtype)
            new = dtypes.scalar_result_name(name, scalar)
            target = None if new == name else cls._native_dtype(new)
            self._scalar_cache[key] = target
        return a if target is None else self._ns.astype(a, target)

    def _scalar_operand(self, dtype: Any, value: Scalar) -> Any:
        """A Python scalar as the operand of a native array of ``dtype``.

        ``dtype`` is the array's dtype after ``_for_scalar``. A bool with a
        number array counts as 0 or 1; an int with a float or complex array
        goes in as a float (as NumPy converts it: one too large for a float
        is an ``OverflowError`` on every backend); an int with an integer
        array must fit its dtype (``OverflowError``, as in NumPy, where the
        other frameworks would wrap it around). A float for a dtype whose
        operators would widen it (the primitive ``float_operand``: NumPy's
        bfloat16) becomes the operand that keeps the dtype.
        """
        if value.__class__ is bool:
            return value if self._is_bool(dtype) else int(value)
        if isinstance(value, int):  # (bool is handled above)
            if self._kind(dtype) not in "fc":
                self._check_int_fits(dtype, value)
                return value
            value = float(value)
        if dtype not in self._weak_float_dtypes:
            convert = self._float_operands.get(dtype)
            if convert is not None:
                return convert(value)
        return value

    def _unwrap(self, other: Any) -> Any:
        """Native array for a tensor or array of this tensor's framework.

        Raises
        ------
        TypeError
            If ``other`` is a tensor or array of another framework, or not
            an array at all.
        """
        cls = type(self)
        if other.__class__ is cls:
            return other.raw
        if isinstance(other, TensorBase):
            if other.backend == cls.backend:  # (a class of the EagerPy layer and its base)
                return other.raw
            raise _framework_mix_error(cls, other)
        try:
            t = _registry.astensor(other)
        except TypeError:
            raise _framework_mix_error(cls, other) from None
        if t.backend != cls.backend:
            raise _framework_mix_error(cls, t)
        return t.raw

    def _operands(self, other: Any, elementwise: bool = True) -> tuple[Any, Any]:
        """Native operands for ``self (op) other`` after dtype promotion: the checked path.

        ``other`` may be a tensor or native array of the same framework or a
        Python scalar; the result dtypes follow ``unitensor.dtypes``.
        For an ``elementwise`` operation the shapes must broadcast. (The
        common operands that need none of this take ``fast_path`` first.)

        Raises
        ------
        ValueError
            If the shapes of an elementwise operation do not broadcast.
        TypeError
            If ``other`` belongs to another framework or is not an array.
        """
        a = self.raw
        given: object = other  # (typed: type() of Any is partly unknown to pyright)
        kind = type(given)
        if kind is self.__class__:
            b = other.raw
            if elementwise and a.shape != b.shape:
                check_broadcast(a.shape, b.shape)
            if a.dtype is not b.dtype and a.dtype != b.dtype:
                return self._promote_pair(a, b)
            return a, b
        if kind in SCALAR_TYPES:
            if a.__class__ not in self._operator_types and self._ns.python_operators(a.__class__):
                self._operator_types.add(a.__class__)
            a = self._for_scalar(a, other)
            return a, self._scalar_operand(a.dtype, other)
        if isinstance(other, np.generic):  # a NumPy scalar is a Python scalar of its kind
            return self._operands(other.item())
        if isinstance(other, complex):
            return self._for_scalar(a, other), other
        return self._operands(wrap(self.__class__, self._unwrap(other)), elementwise)

    def _axis(self, axis: int, ndim: int | None = None) -> int:
        """Validate one axis and make it non-negative.

        Raises
        ------
        AxisError
            If ``axis`` is not in ``[-ndim, ndim)``.
        TypeError
            If ``axis`` is not an integer.
        """
        n = len(self.raw.shape) if ndim is None else ndim
        if axis.__class__ is not int:
            value: Any = axis  # callers may pass NumPy integers despite the annotation
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
                raise TypeError(f"axis must be an int, got {type(axis).__name__}")
            axis = operator.index(axis)
        if axis < -n or axis >= n:
            raise AxisError(f"axis {axis} is out of bounds for a tensor of rank {n}")
        return axis + n if axis < 0 else axis

    def _axes(self, axis: Axes) -> tuple[int, ...] | None:
        """Validate an ``axis`` argument; ``None`` stays ``None``.

        Raises
        ------
        AxisError
            If an axis is out of range or repeated.
        """
        if axis is None:
            return None
        if isinstance(axis, (tuple, list)):
            axes = tuple(self._axis(a) for a in axis)
            if len(set(axes)) != len(axes):
                raise AxisError(f"repeated axis in {axis!r}")
            return axes
        return (self._axis(axis),)

    @property
    def shape(self) -> tuple[int, ...]:
        """The shape, a tuple of Python ints.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.zeros((2, 3))).shape
        (2, 3)
        """
        return tuple(self.raw.shape)

    @property
    def ndim(self) -> int:
        """The number of dimensions (rank), an int.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.zeros((2, 3))).ndim
        2
        """
        return len(self.raw.shape)

    @property
    def size(self) -> int:
        """The number of elements (1 for a 0-d tensor), an int.

        Raises
        ------
        DataDependentShapeError
            If a size depends on the values and is not known yet (a Dask
            tensor after a boolean mask, ``nonzero`` or ``unique_*``, whose
            ``shape`` holds ``nan``): compute it first (``ut.compute``).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.zeros((2, 3))).size
        6
        """
        n = 1
        for d in self.raw.shape:
            if d != d:  # nan: Dask's size that depends on the values
                raise DataDependentShapeError(
                    f"the size of a tensor of shape {tuple(self.raw.shape)} depends on its "
                    "values, which are not computed yet; compute it first: "
                    "t, = ut.compute(t) learns the sizes"
                )
            n *= int(d)
        return n

    @property
    def dtype(self) -> Any:
        """The native dtype (``torch.float32``, ``tf.float32``, ``np.dtype``).

        It compares equal to the matching ``ut`` dtype (``ut.float32``, ...)
        on every backend.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.zeros(2, dtype=np.float32))
        >>> x.dtype, x.dtype == ut.float32
        (dtype('float32'), True)
        """
        return self.raw.dtype

    @property
    def device(self) -> Any:
        """The device holding the data, in the framework's own terms.

        NumPy: the string ``"cpu"``; PyTorch: a ``torch.device``;
        TensorFlow: the device string; JAX: a ``jax.Device``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.zeros(2)).device
        'cpu'
        """
        return self._ns.device(self.raw)

    def numpy(self) -> np.ndarray[Any, Any]:
        """The values as a read-only ``numpy.ndarray``.

        On the CPU the array may share memory with the tensor; it is marked
        read-only on every backend so that writing to it cannot change the
        tensor behind the framework's back. Arrays on an accelerator are
        copied to the host.

        Returns
        -------
        numpy.ndarray
            Same shape and values; the NumPy dtype of the same name
            (``bfloat16`` via ``ml_dtypes``). Not writeable.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> a = ut.astensor(np.array([1.0, 2.0], dtype=np.float32)).numpy()
        >>> a, a.flags.writeable
        (array([1., 2.], dtype=float32), False)
        """
        a: np.ndarray[Any, Any] = self._ns.to_numpy(self.raw)
        if a.flags.writeable:
            a = a.view()
            a.flags.writeable = False
        return a

    def item(self) -> Scalar:
        """The value of a one-element tensor as a Python scalar.

        Works for any shape with exactly one element, such as ``()`` or
        ``(1, 1)``.

        Returns
        -------
        bool, int, float or complex
            The Python scalar matching the dtype's kind.

        Raises
        ------
        ValueError
            If the tensor does not have exactly one element.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([[2.5]])).item()
        2.5
        """
        if self.size != 1:
            raise ShapeError(f"item() needs a tensor with one element, got shape {self.shape}")
        value: Scalar = self._ns.item(self.raw)
        return value

    def __len__(self) -> int:
        """Length of the first axis; a 0-d tensor raises ``TypeError``.

        Raises
        ------
        TypeError
            If the tensor is 0-d.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> len(ut.astensor(np.zeros((3, 2))))
        3
        """
        if len(self.raw.shape) == 0:
            raise TypeError("len() of a 0-d tensor")
        return int(self.raw.shape[0])

    def __bool__(self) -> bool:
        """Truth value of a one-element tensor.

        Raises
        ------
        ValueError
            If the tensor has more or fewer than one element.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([1.0, 2.0]))
        >>> bool(x.sum() > 2), bool((x > 0).all())
        (True, True)
        """
        if self.size != 1:
            raise ValueError(
                f"the truth value of a tensor with {self.size} elements is ambiguous; "
                "use .any() or .all()"
            )
        return bool(self._ns.item(self.raw))

    def __repr__(self) -> str:
        """``ClassName(<native repr>)``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 2]))
        NumPyTensor(array([1, 2]))
        """
        return f"{type(self).__name__}({self.raw!r})"

    def __format__(self, format_spec: str) -> str:
        """Format a one-element tensor like its value; otherwise like ``str``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> f"{ut.astensor(np.array(2.0 / 3.0)):.3f}"
        '0.667'
        """
        if format_spec and self.size == 1:
            return format(self.item(), format_spec)
        return format(str(self), format_spec)

    def _check_int_fits(self, dtype: Any, value: int) -> None:
        """Raise ``OverflowError`` if a Python int does not fit an integer ``dtype``.

        NumPy raises; PyTorch, TensorFlow and JAX would wrap the value around.
        """
        bounds = self._int_range(dtype)
        if bounds is not None and not bounds[0] <= value <= bounds[1]:
            raise OverflowError(f"Python int {value} out of bounds for {self._dtype_name(dtype)}")

    def _int_range(self, dtype: Any) -> tuple[int, int] | None:
        """(min, max) of an integer native ``dtype``, None for other kinds (cached)."""
        try:
            return self._int_bounds[dtype]
        except KeyError:
            name = self._dtype_name(dtype)
            bounds = None
            if dtypes.kind(name) in "iu":
                info = np.iinfo(np.dtype(name))
                bounds = (int(info.min), int(info.max))
            self._int_bounds[dtype] = bounds
            return bounds

    def _fill_value(self, dtype: Any, value: Any) -> Any:
        """A Python scalar to be stored in an array of native ``dtype``, as NumPy stores it.

        The one conversion of fill values: ``full`` / ``full_like``, ``pad``'s
        ``value``, and the values of ``index_update``, ``t[index] = v`` and
        ``t.at[index]``. It is ``_scalar_operand``'s (a bool in a number
        array counts as 0 or 1; an int in a float or complex array goes in as
        a float, ``OverflowError`` for one too large for any float; an int in
        an integer array must fit its dtype, ``OverflowError``), and a float
        beyond a float dtype's range becomes what NumPy's cast gives (an
        infinity, or the largest finite value it rounds to), where PyTorch
        and TensorFlow would raise their own errors. Anything else (an
        array, a complex number) is returned unchanged.
        """
        value = self._scalar_operand(dtype, value)
        if isinstance(value, float) and self._kind(dtype) in "fc":
            return _as_float_of(self._dtype_name(dtype), value)
        return value

    def _clip_bounds(self, dtype: Any, lo: Scalar, hi: Scalar) -> tuple[Scalar, Scalar]:
        """Python-number clip bounds for an array of ``dtype``.

        For a float or complex ``dtype`` the bounds become floats (an int too
        large for a float is an ``OverflowError``, as in NumPy). For an
        integer ``dtype``, as in NumPy, a lower bound below the dtype's
        minimum (or an upper bound above its maximum) clips nothing on that
        side; a lower bound above the maximum, or an upper bound below the
        minimum, is an ``OverflowError``. PyTorch, TensorFlow and JAX would
        wrap the value. A bool bound counts as 0 or 1 (TensorFlow refuses
        bools here).
        """
        bounds = self._int_range(dtype)
        if bounds is None:
            if self._kind(dtype) in "fc":
                return float(lo), float(hi)
            return lo, hi
        if type(lo) is bool:
            lo = int(lo)
        if type(hi) is bool:
            hi = int(hi)
        if type(lo) is int:
            lo = max(lo, bounds[0])
            self._check_int_fits(dtype, lo)
        if type(hi) is int:
            hi = min(hi, bounds[1])
            self._check_int_fits(dtype, hi)
        return lo, hi

    def _real(self, a: Any, what: str) -> Any:
        """``a`` itself unless its dtype is complex (``DTypeError``: no order).

        NumPy orders complex numbers lexicographically, PyTorch and
        TensorFlow refuse them and JAX does either; the Array API standard
        defines ordering for real numbers only, as unitensor does.
        """
        if a.dtype not in self._real_dtypes and self._kind(a.dtype) == "c":
            raise DTypeError(f"{what} needs real tensors: complex numbers have no order")
        return a

    def _is_bool(self, dtype: Any) -> bool:
        """Whether a native ``dtype`` is bool (a set lookup once it has been seen)."""
        return dtype not in self._nonbool_dtypes and self._kind(dtype) == "b"

    def _not_bool(self, a: Any, what: str) -> Any:
        """``a`` itself unless its dtype is bool (``DTypeError``, as NumPy's ``-``)."""
        if self._is_bool(a.dtype):
            raise DTypeError(f"{what} of a bool tensor; use logical_not or cast first")
        return a

    def _op(self, fn: Callable[[Any], Any]) -> Self:
        """``fn`` (a unary primitive) applied to ``raw``, as a new tensor."""
        return wrap(self.__class__, fn(self.raw))

    def _numeric_op(self, fn: Callable[[Any], Any], what: str) -> Self:
        """As ``_op``, for an operation undefined on bool (``DTypeError``)."""
        a = self.raw
        if a.dtype not in self._nonbool_dtypes:
            self._not_bool(a, what)
        return wrap(self.__class__, fn(a))

    def _float_op(self, fn: Callable[[Any], Any]) -> Self:
        """As ``_op``, for a float function: bool and integers go in as float32.

        Real float tensors take ``unary_fast_path`` before they get here.
        """
        return wrap(self.__class__, fn(self._floating_any()))

    def _integer_indices(self, idx: Any, what: str) -> None:
        """Raise ``DTypeError`` unless ``idx`` (native) has an integer dtype."""
        if self._kind(idx.dtype) not in "iu":
            raise DTypeError(f"{what} need an integer dtype, got {idx.dtype}")

    def _integer_or_bool(self, a: Any, what: str) -> Any:
        """``a`` itself if its dtype is bool or integer; else a ``DTypeError``."""
        if self._kind(a.dtype) in "fc":
            raise DTypeError(f"{what} needs bool or integer tensors, got {a.dtype}")
        return a

    def _accumulating(self, fn: Callable[..., Any], a: Any) -> Callable[..., Any]:
        """``fn``, a sum-like primitive, made to accumulate half precision in float32.

        Sums, products, means and cumulative sums of float16 and bfloat16
        arrays accumulate in float32 and give the input's dtype, on every
        backend: the frameworks' own kernels differ (PyTorch and JAX widen,
        NumPy and TensorFlow mostly do not, and a bfloat16 sum of 4096
        values of 1.1 gives 512 in bfloat16).
        """
        dtype = a.dtype
        if dtype not in self._kind_of:
            self._kind(dtype)
        if dtype not in self._half_dtypes:
            return fn
        ns = self._ns
        f32 = self._native_dtype("float32")

        def widened(x: Any, *args: Any) -> Any:
            return ns.astype(fn(ns.astype(x, f32), *args), dtype)

        return widened

    def _floating_any(self) -> Any:
        """``raw`` as float32 if integer or bool, on every backend."""
        a = self.raw
        if a.dtype in self._float_dtypes:
            return a
        target = self._float_cache.get(a.dtype, MISSING)
        if target is MISSING:
            cls = type(self)
            float_kind = cls._kind(a.dtype) in "fc"
            target = None if float_kind else cls._native_dtype(dtypes.DEFAULT_FLOAT)
            self._float_cache[a.dtype] = target
        return a if target is None else self._ns.astype(a, target)

    def _real_floating(self, what: str) -> Any:
        """``raw`` as ``_floating_any`` gives it; complex input is a ``DTypeError``.

        For the functions of real input (``logsumexp``, ``softmax``, ...):
        PyTorch and JAX compute some of them for complex numbers, TensorFlow
        and NumPy refuse them, each with its own error.
        """
        a = self._floating_any()
        if a.dtype not in self._real_dtypes and self._kind(a.dtype) == "c":
            raise DTypeError(f"{what} needs a real tensor, got {self._dtype_name(a.dtype)}")
        return a

    def _check_nonempty(self, axes: tuple[int, ...] | None, what: str) -> None:
        """Raise ``ValueError`` if a reduction without identity meets an empty axis."""
        shape = self.raw.shape
        if 0 in shape and (axes is None or builtins.any(shape[a] == 0 for a in axes)):
            raise ShapeError(f"{what} of an empty axis has no identity; shape {self.shape}")


if SPEEDUPS_MODULE is not None:
    SPEEDUPS_MODULE.setup(TensorBase)  # the offset of the raw slot
_registry.register_base(TensorBase)
