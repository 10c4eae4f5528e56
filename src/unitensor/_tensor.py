"""The ``Tensor`` base class: the whole API, declared and documented once.

Every operation of unitensor is a method here. A method checks its
arguments, applies the dtype rules of :mod:`unitensor._dtypes` and calls a
*primitive* of the backend: a plain function on native arrays, looked up in
the backend's namespace ``_ns``. Composite operations (``logsumexp``,
``softmax``, ``crossentropy``, ``onehot_like``, reflect/edge padding, ...)
are written once, here, in terms of other methods. A backend module
(``unitensor/_backends/<framework>.py``) supplies only its namespace of
primitives and what its framework does differently.

The tensor holds one reference, ``raw``, to the framework's own array; every
result is a new tensor around the framework's own result.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, Self, TypeAlias, TypeVar

import numpy as np

from . import _dtypes
from ._errors import AxisError

if TYPE_CHECKING:
    from types import SimpleNamespace

__all__ = ["Axes", "PadMode", "Scalar", "Tensor", "TensorOrScalar"]

Scalar: TypeAlias = bool | int | float
"""A Python scalar that may be combined with a tensor."""
Axes: TypeAlias = int | tuple[int, ...] | None
"""An axis argument: one axis, several, or ``None`` for all."""
PadMode: TypeAlias = Literal["constant", "reflect", "edge"]
"""The padding modes of :meth:`Tensor.pad`."""
TensorOrScalar: TypeAlias = "Tensor | Scalar"

_SCALAR_TYPES = (bool, int, float)
_MISSING: Any = object()


def _framework_mix_error(a: type[Tensor], b: object) -> TypeError:
    """The error for an operation that mixes two frameworks."""
    other = b.framework if isinstance(b, Tensor) else type(b).__qualname__
    return TypeError(
        f"cannot combine a {a.framework} tensor with a {other} "
        f"{'tensor' if isinstance(b, Tensor) else 'object'}: convert one of them first "
        "(for example with ut.convert or the frameworks' own functions)"
    )


class Tensor:
    """A framework's native array seen through one API.

    A ``Tensor`` holds exactly one thing, the native array ``raw``
    (``numpy.ndarray``, ``torch.Tensor``, ``tf.Tensor`` / ``tf.Variable`` or
    ``jax.Array``), and every operation calls the framework's own operation
    on it. Create tensors with :func:`unitensor.astensor`; the subclasses
    :class:`~unitensor.NumPyTensor`, :class:`~unitensor.PyTorchTensor`,
    :class:`~unitensor.TensorFlowTensor` and :class:`~unitensor.JAXTensor`
    are chosen from the array's type.

    Every method returns a new tensor of the same class (typed ``Self``), so
    calls chain: ``x.square().sum(axis=-1).sqrt()``. Tensors are not
    hashable, since ``==`` is elementwise.
    """

    __slots__ = ("raw",)

    raw: Any
    """The framework's own array. ``ut.astensor(x).raw is x``."""

    framework: ClassVar[str] = "abstract"
    """Human-readable framework name, e.g. ``"PyTorch"``."""
    backend: ClassVar[str] = "abstract"
    """Backend name used by :func:`unitensor.convert`, e.g. ``"torch"``."""
    _ns: ClassVar[SimpleNamespace]
    _native_dtype_type: ClassVar[type | tuple[type, ...]] = ()
    _name_of: ClassVar[dict[Any, str]]
    _native_of: ClassVar[dict[str, Any]]
    _pair_cache: ClassVar[dict[tuple[Any, Any], tuple[Any, Any]]]
    _scalar_cache: ClassVar[dict[tuple[Any, type], Any]]
    _float_cache: ClassVar[dict[Any, Any]]
    _dtype_arg_cache: ClassVar[dict[Any, Any]]
    _promotes: ClassVar[bool] = True
    """Whether tensors of two dtypes are cast to their common dtype here."""
    _int_to_float: ClassVar[bool] = True
    """Whether float functions (sqrt, exp, ...) need integer input cast here."""

    __hash__: ClassVar[None]  # type: ignore[assignment]  # elementwise __eq__

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._name_of = {}
        cls._native_of = {}
        cls._pair_cache = {}
        cls._scalar_cache = {}
        cls._float_cache = {}
        cls._dtype_arg_cache = {}

    def __init__(self, raw: Any) -> None:
        """Wrap ``raw`` without copying it; prefer :func:`unitensor.astensor`."""
        self.raw = raw

    # ------------------------------------------------------------------
    # dtype machinery (cached per backend class; runs once per dtype pair)

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
    def _native_dtype(cls, name: str) -> Any:
        """Native dtype object for a canonical dtype name."""
        try:
            return cls._native_of[name]
        except KeyError:
            native = cls._ns.dtype_from_name(name)
            cls._native_of[name] = native
            return native

    @classmethod
    def _dtype_arg(cls, dtype: Any) -> Any:
        """Resolve a user's dtype argument to this backend's native dtype.

        Accepts the native dtype, a NumPy dtype or scalar type, or a name.

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
        elif isinstance(dtype, _dtypes.DType):
            name = dtype.name
        elif cls._native_dtype_type and isinstance(dtype, cls._native_dtype_type):
            name = cls._dtype_name(dtype)
        else:
            try:
                name = np.dtype(dtype).name
            except TypeError as e:
                raise TypeError(f"{dtype!r} is not a dtype {cls.framework} understands") from e
        try:
            native = cls._native_dtype(name)
        except (TypeError, AttributeError, ValueError) as e:
            raise TypeError(f"{dtype!r} is not a dtype {cls.framework} supports") from e
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
            name = _dtypes.result_name(cls._dtype_name(a.dtype), cls._dtype_name(b.dtype))
            target = cls._native_dtype(name)
            ta = None if a.dtype == target else target
            tb = None if b.dtype == target else target
            self._pair_cache[key] = (ta, tb)
        ns = self._ns
        return (a if ta is None else ns.astype(a, ta)), (b if tb is None else ns.astype(b, tb))

    def _for_scalar(self, a: Any, scalar: Scalar | complex) -> Any:
        """Cast ``a`` (a native array) to the kind a Python scalar needs."""
        key = (a.dtype, scalar.__class__)
        target = self._scalar_cache.get(key, _MISSING)
        if target is _MISSING:
            cls = type(self)
            name = cls._dtype_name(a.dtype)
            new = _dtypes.scalar_result_name(name, scalar)
            target = None if new == name else cls._native_dtype(new)
            self._scalar_cache[key] = target
        return a if target is None else self._ns.astype(a, target)

    def _floating(self) -> Any:
        """``raw``, cast to float32 if its dtype is bool or integer."""
        a = self.raw
        if not self._int_to_float:  # the framework does it natively
            return a
        target = self._float_cache.get(a.dtype, _MISSING)
        if target is _MISSING:
            cls = type(self)
            k = _dtypes.kind(cls._dtype_name(a.dtype))
            target = None if k in "fc" else cls._native_dtype(_dtypes.DEFAULT_FLOAT)
            self._float_cache[a.dtype] = target
        return a if target is None else self._ns.astype(a, target)

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
        if isinstance(other, Tensor):
            raise _framework_mix_error(cls, other)
        from ._registry import astensor

        try:
            t = astensor(other)
        except TypeError:
            raise _framework_mix_error(cls, other) from None
        if t.__class__ is not cls:
            raise _framework_mix_error(cls, t)
        return t.raw

    def _pair(self, other: Any, elementwise: bool = True) -> tuple[Any, Any]:
        """Native operands for ``self (op) other`` after dtype promotion.

        ``other`` may be a tensor or native array of the same framework or a
        Python scalar; the result dtypes follow :mod:`unitensor._dtypes`.
        For an ``elementwise`` operation the shapes must broadcast.

        Raises
        ------
        ValueError
            If the shapes of an elementwise operation do not broadcast.
        TypeError
            If ``other`` belongs to another framework or is not an array.
        """
        a = self.raw
        if other.__class__ is self.__class__:
            b = other.raw
            if elementwise and a.shape != b.shape:
                _check_broadcast(a.shape, b.shape)
            if self._promotes and a.dtype != b.dtype:
                return self._promote_pair(a, b)
            return a, b
        if other.__class__ in _SCALAR_TYPES:
            return self._for_scalar(a, other), other
        if isinstance(other, np.generic) and not isinstance(self.raw, np.ndarray | np.generic):
            return self._pair(other.item())
        if isinstance(other, complex):
            return self._for_scalar(a, other), other
        return self._pair(type(self)(self._unwrap(other)), elementwise)

    # ------------------------------------------------------------------
    # axis checks

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
            if isinstance(axis, int | np.integer) and not isinstance(axis, bool):
                axis = int(axis)
            else:
                raise TypeError(f"axis must be an int, got {type(axis).__name__}")
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
        if isinstance(axis, tuple | list):
            axes = tuple(self._axis(a) for a in axis)
            if len(set(axes)) != len(axes):
                raise AxisError(f"repeated axis in {axis!r}")
            return axes
        return (self._axis(axis),)

    # ------------------------------------------------------------------
    # properties and conversion

    @property
    def shape(self) -> tuple[int, ...]:
        """The shape, a tuple of Python ints."""
        return tuple(self.raw.shape)

    @property
    def ndim(self) -> int:
        """The number of dimensions (rank)."""
        return len(self.raw.shape)

    @property
    def size(self) -> int:
        """The number of elements (1 for a 0-d tensor)."""
        n = 1
        for d in self.raw.shape:
            n *= int(d)
        return n

    @property
    def dtype(self) -> Any:
        """The native dtype (``torch.float32``, ``tf.float32``, ``np.dtype``)."""
        return self.raw.dtype

    @property
    def device(self) -> Any:
        """The device holding the data, in the framework's own terms.

        NumPy: the string ``"cpu"``; PyTorch: a ``torch.device``;
        TensorFlow: the device string; JAX: a ``jax.Device``.
        """
        return self._ns.device(self.raw)

    @property
    def T(self) -> Self:
        """The tensor with all axes reversed (``transpose()``)."""
        return self.transpose()

    def numpy(self) -> np.ndarray[Any, Any]:
        """The values as a read-only ``numpy.ndarray``.

        On the CPU the array may share memory with the tensor; it is marked
        read-only on every backend so that writing to it cannot change the
        tensor behind the framework's back. Arrays on an accelerator are
        copied to the host.
        """
        a: np.ndarray[Any, Any] = self._ns.to_numpy(self.raw)
        if a.flags.writeable:
            a = a.view()
            a.flags.writeable = False
        return a

    def item(self) -> Scalar:
        """The value of a one-element tensor as a Python scalar.

        Raises
        ------
        ValueError
            If the tensor has more than one element.
        """
        if self.size != 1:
            raise ValueError(f"item() needs a tensor with one element, got shape {self.shape}")
        value: Scalar = self._ns.item(self.raw)
        return value

    def astype(self, dtype: Any) -> Self:
        """The tensor converted to ``dtype``.

        Parameters
        ----------
        dtype
            A native dtype of this framework, a NumPy dtype or scalar type,
            or a name such as ``"float32"``.

        Returns
        -------
        Tensor
            Same shape, dtype ``dtype``. JAX without 64-bit mode turns 64-bit
            requests into their 32-bit types (and warns).

        Raises
        ------
        TypeError
            If the dtype is unknown to the framework.
        """
        target = self._dtype_arg(dtype)
        return type(self)(self._ns.astype(self.raw, target))

    def float32(self) -> Self:
        """The tensor converted to float32."""
        return self.astype("float32")

    def float64(self) -> Self:
        """The tensor converted to float64 (see :meth:`astype` for JAX)."""
        return self.astype("float64")

    def __len__(self) -> int:
        """Length of the first axis; a 0-d tensor raises ``TypeError``."""
        if len(self.raw.shape) == 0:
            raise TypeError("len() of a 0-d tensor")
        return int(self.raw.shape[0])

    def __iter__(self) -> Iterator[Self]:
        """Iterate over the first axis, yielding tensors of rank ``ndim - 1``."""
        for i in range(len(self)):
            yield self[i]

    def __bool__(self) -> bool:
        """Truth value of a one-element tensor.

        Raises
        ------
        ValueError
            If the tensor has more or fewer than one element.
        """
        if self.size != 1:
            raise ValueError(
                f"the truth value of a tensor with {self.size} elements is ambiguous; "
                "use .any() or .all()"
            )
        return bool(self._ns.item(self.raw))

    def __repr__(self) -> str:
        """``ClassName(<native repr>)``."""
        return f"{type(self).__name__}({self.raw!r})"

    def __format__(self, format_spec: str) -> str:
        """Format a one-element tensor like its value; otherwise like ``str``."""
        if format_spec and self.size == 1:
            return format(self.item(), format_spec)
        return format(str(self), format_spec)

    # ------------------------------------------------------------------
    # operators

    def __add__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``self + other`` (dtype rules: ``docs/semantics.md``)."""
        a, b = self._pair(other)
        return type(self)(a + b)

    def __radd__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``other + self``."""
        a, b = self._pair(other)
        return type(self)(b + a)

    def __sub__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``self - other``."""
        a, b = self._pair(other)
        return type(self)(a - b)

    def __rsub__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``other - self``."""
        a, b = self._pair(other)
        return type(self)(b - a)

    def __mul__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``self * other``."""
        a, b = self._pair(other)
        return type(self)(a * b)

    def __rmul__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``other * self``."""
        a, b = self._pair(other)
        return type(self)(b * a)

    def __truediv__(self, other: TensorOrScalar) -> Self:
        """Elementwise true division; integer operands give float32."""
        a, b = self._pair(other)
        return type(self)(self._ns.divide(a, b))

    def __rtruediv__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``other / self``; integer operands give float32."""
        a, b = self._pair(other)
        return type(self)(self._ns.divide(b, a))

    def __floordiv__(self, other: TensorOrScalar) -> Self:
        """Elementwise floor division (rounds toward minus infinity)."""
        a, b = self._pair(other)
        return type(self)(a // b)

    def __rfloordiv__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``other // self``."""
        a, b = self._pair(other)
        return type(self)(b // a)

    def __mod__(self, other: TensorOrScalar) -> Self:
        """Elementwise remainder with the sign of the divisor (Python's ``%``)."""
        a, b = self._pair(other)
        return type(self)(a % b)

    def __rmod__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``other % self``."""
        a, b = self._pair(other)
        return type(self)(b % a)

    def __pow__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``self ** other``."""
        a, b = self._pair(other)
        return type(self)(a**b)

    def __rpow__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``other ** self``."""
        a, b = self._pair(other)
        return type(self)(b**a)

    def __matmul__(self, other: Tensor) -> Self:
        """Matrix product, see :meth:`matmul`."""
        return self.matmul(other)

    def __rmatmul__(self, other: Tensor) -> Self:
        """Matrix product ``other @ self``."""
        a, b = self._pair(other, False)
        return type(self)(self._ns.matmul(b, a))

    def __neg__(self) -> Self:
        """Elementwise negation."""
        return type(self)(-self.raw)

    def __pos__(self) -> Self:
        """The tensor itself."""
        return self

    def __abs__(self) -> Self:
        """Elementwise absolute value, see :meth:`abs`."""
        return self.abs()

    def __invert__(self) -> Self:
        """Bitwise NOT; logical NOT for bool tensors."""
        return type(self)(self._ns.bitwise_invert(self.raw))

    def __and__(self, other: TensorOrScalar) -> Self:
        """Bitwise AND; logical AND for bool tensors."""
        a, b = self._pair(other)
        return type(self)(self._ns.bitwise_and(a, b))

    def __rand__(self, other: TensorOrScalar) -> Self:
        """Bitwise ``other & self``."""
        a, b = self._pair(other)
        return type(self)(self._ns.bitwise_and(b, a))

    def __or__(self, other: TensorOrScalar) -> Self:
        """Bitwise OR; logical OR for bool tensors."""
        a, b = self._pair(other)
        return type(self)(self._ns.bitwise_or(a, b))

    def __ror__(self, other: TensorOrScalar) -> Self:
        """Bitwise ``other | self``."""
        a, b = self._pair(other)
        return type(self)(self._ns.bitwise_or(b, a))

    def __xor__(self, other: TensorOrScalar) -> Self:
        """Bitwise XOR; logical XOR for bool tensors."""
        a, b = self._pair(other)
        return type(self)(self._ns.bitwise_xor(a, b))

    def __rxor__(self, other: TensorOrScalar) -> Self:
        """Bitwise ``other ^ self``."""
        a, b = self._pair(other)
        return type(self)(self._ns.bitwise_xor(b, a))

    def __lt__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``<``, a bool tensor."""
        a, b = self._pair(other)
        return type(self)(a < b)

    def __le__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``<=``, a bool tensor."""
        a, b = self._pair(other)
        return type(self)(a <= b)

    def __gt__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``>``, a bool tensor."""
        a, b = self._pair(other)
        return type(self)(a > b)

    def __ge__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``>=``, a bool tensor."""
        a, b = self._pair(other)
        return type(self)(a >= b)

    def __eq__(self, other: object) -> Self:  # type: ignore[override]  # elementwise, as in NumPy
        """Elementwise ``==``, a bool tensor."""
        a, b = self._pair(other)
        return type(self)(self._ns.equal(a, b))

    def __ne__(self, other: object) -> Self:  # type: ignore[override]  # elementwise, as in NumPy
        """Elementwise ``!=``, a bool tensor."""
        a, b = self._pair(other)
        return type(self)(self._ns.not_equal(a, b))

    __array_ufunc__ = None  # NumPy defers to our reflected operators

    def __getitem__(self, index: Any) -> Self:
        """Index with NumPy semantics on every backend.

        Parameters
        ----------
        index
            An int, slice (negative steps included), ``...``, ``None``, a
            bool mask or an integer array (a tensor of this framework, a
            native array, a NumPy array or a list), or a tuple mixing them.
            Advanced (array) indices broadcast together and their result
            dimensions are placed as NumPy places them.

        Raises
        ------
        IndexError
            If an index is out of range or has an unsupported type.
        TypeError
            If an index tensor belongs to another framework.
        """
        if index.__class__ is int or index.__class__ is slice:
            return type(self)(self._ns.getitem(self.raw, index))
        from ._indexing import normalize_index

        return type(self)(self._ns.getitem(self.raw, normalize_index(self, index)))

    # ------------------------------------------------------------------
    # elementwise functions

    def abs(self) -> Self:
        """Elementwise absolute value; same shape and dtype."""
        return type(self)(self._ns.abs(self.raw))

    def sign(self) -> Self:
        """Elementwise sign (-1, 0 or 1; NaN stays NaN); same dtype."""
        return type(self)(self._ns.sign(self.raw))

    def sqrt(self) -> Self:
        """Elementwise square root; integer input gives float32."""
        return type(self)(self._ns.sqrt(self._floating()))

    def square(self) -> Self:
        """Elementwise square; same dtype."""
        return type(self)(self._ns.square(self.raw))

    def pow(self, exponent: TensorOrScalar) -> Self:
        """Elementwise ``self ** exponent`` (broadcasting, promotion as ``**``)."""
        return self.__pow__(exponent)

    def exp(self) -> Self:
        """Elementwise exponential; integer input gives float32."""
        return type(self)(self._ns.exp(self._floating()))

    def log(self) -> Self:
        """Elementwise natural logarithm; integer input gives float32."""
        return type(self)(self._ns.log(self._floating()))

    def log1p(self) -> Self:
        """Elementwise ``log(1 + x)``, accurate near 0; integer input gives float32."""
        return type(self)(self._ns.log1p(self._floating()))

    def log2(self) -> Self:
        """Elementwise base-2 logarithm; integer input gives float32."""
        return type(self)(self._ns.log2(self._floating()))

    def log10(self) -> Self:
        """Elementwise base-10 logarithm; integer input gives float32."""
        return type(self)(self._ns.log10(self._floating()))

    def sin(self) -> Self:
        """Elementwise sine (radians); integer input gives float32."""
        return type(self)(self._ns.sin(self._floating()))

    def cos(self) -> Self:
        """Elementwise cosine (radians); integer input gives float32."""
        return type(self)(self._ns.cos(self._floating()))

    def tan(self) -> Self:
        """Elementwise tangent (radians); integer input gives float32."""
        return type(self)(self._ns.tan(self._floating()))

    def arcsin(self) -> Self:
        """Elementwise inverse sine; NaN outside [-1, 1]; integer input gives float32."""
        return type(self)(self._ns.arcsin(self._floating()))

    def arccos(self) -> Self:
        """Elementwise inverse cosine; NaN outside [-1, 1]; integer input gives float32."""
        return type(self)(self._ns.arccos(self._floating()))

    def arctan(self) -> Self:
        """Elementwise inverse tangent; integer input gives float32."""
        return type(self)(self._ns.arctan(self._floating()))

    def sinh(self) -> Self:
        """Elementwise hyperbolic sine; integer input gives float32."""
        return type(self)(self._ns.sinh(self._floating()))

    def cosh(self) -> Self:
        """Elementwise hyperbolic cosine; integer input gives float32."""
        return type(self)(self._ns.cosh(self._floating()))

    def tanh(self) -> Self:
        """Elementwise hyperbolic tangent; integer input gives float32."""
        return type(self)(self._ns.tanh(self._floating()))

    def arcsinh(self) -> Self:
        """Elementwise inverse hyperbolic sine; integer input gives float32."""
        return type(self)(self._ns.arcsinh(self._floating()))

    def arccosh(self) -> Self:
        """Elementwise inverse hyperbolic cosine; NaN below 1; integer input gives float32."""
        return type(self)(self._ns.arccosh(self._floating()))

    def arctanh(self) -> Self:
        """Elementwise inverse hyperbolic tangent; integer input gives float32."""
        return type(self)(self._ns.arctanh(self._floating()))

    def round(self) -> Self:
        """Round to the nearest integer, halves to even (as NumPy); same dtype."""
        return type(self)(self._ns.round(self.raw))

    def ceil(self) -> Self:
        """Elementwise ceiling; same dtype."""
        return type(self)(self._ns.ceil(self.raw))

    def floor(self) -> Self:
        """Elementwise floor; same dtype."""
        return type(self)(self._ns.floor(self.raw))

    def isnan(self) -> Self:
        """Elementwise test for NaN; a bool tensor (all False for integers)."""
        return type(self)(self._ns.isnan(self.raw))

    def isinf(self) -> Self:
        """Elementwise test for +-inf; a bool tensor (all False for integers)."""
        return type(self)(self._ns.isinf(self.raw))

    def isfinite(self) -> Self:
        """Elementwise test for finite values; a bool tensor (all True for integers)."""
        return type(self)(self._ns.isfinite(self.raw))

    def logical_not(self) -> Self:
        """Elementwise logical NOT (non-zero counts as True); a bool tensor."""
        return type(self)(self._ns.logical_not(self.raw))

    def logical_and(self, other: TensorOrScalar) -> Self:
        """Elementwise logical AND (non-zero counts as True); a bool tensor."""
        a, b = self._pair(other)
        return type(self)(self._ns.logical_and(a, b))

    def logical_or(self, other: TensorOrScalar) -> Self:
        """Elementwise logical OR (non-zero counts as True); a bool tensor."""
        a, b = self._pair(other)
        return type(self)(self._ns.logical_or(a, b))

    def minimum(self, other: TensorOrScalar) -> Self:
        """Elementwise minimum (NaN propagates); broadcasting and promotion as ``+``."""
        a, b = self._pair(other)
        return type(self)(self._ns.minimum(a, b))

    def maximum(self, other: TensorOrScalar) -> Self:
        """Elementwise maximum (NaN propagates); broadcasting and promotion as ``+``."""
        a, b = self._pair(other)
        return type(self)(self._ns.maximum(a, b))

    def clip(self, min_: TensorOrScalar | None, max_: TensorOrScalar | None) -> Self:
        """Limit values to ``[min_, max_]``; ``None`` leaves that side open.

        The bounds may be scalars or tensors that broadcast against
        ``self``; the result dtype follows the promotion rules (an integer
        tensor clipped to float bounds gives float32).
        """
        if isinstance(min_, bool | int | float) and isinstance(max_, bool | int | float):
            a = self._for_scalar(self._for_scalar(self.raw, min_), max_)
            return type(self)(self._ns.clip(a, min_, max_))
        out = self
        if min_ is not None:
            out = out.maximum(min_)
        if max_ is not None:
            out = out.minimum(max_)
        return out

    def where(self, x: TensorOrScalar, y: TensorOrScalar) -> Self:
        """``x`` where ``self`` (the condition) is true, else ``y``; see :func:`unitensor.where`."""
        cls = type(self)
        ns = self._ns
        cond = self.raw
        if self._dtype_name(cond.dtype) != "bool":
            cond = ns.astype(cond, cls._native_dtype("bool"))
        x_is_scalar = x.__class__ in _SCALAR_TYPES
        y_is_scalar = y.__class__ in _SCALAR_TYPES
        if x_is_scalar and y_is_scalar:
            name = _dtypes.result_name(
                _dtypes.scalar_result_name("bool", x),  # type: ignore[arg-type]
                _dtypes.scalar_result_name("bool", y),  # type: ignore[arg-type]
            )
            dt = cls._native_dtype(name)
            xr, yr = ns.full((), x, dt, cond), ns.full((), y, dt, cond)
        elif y_is_scalar:
            xr, ys = cls(self._unwrap(x))._pair(y)
            yr = ns.full((), ys, xr.dtype, cond)
        elif x_is_scalar:
            yr, xs = cls(self._unwrap(y))._pair(x)
            xr = ns.full((), xs, yr.dtype, cond)
        else:
            xr, yr = cls(self._unwrap(x))._pair(cls(self._unwrap(y)))
        if not (cond.shape == getattr(xr, "shape", ()) == getattr(yr, "shape", ())):
            _check_broadcast(cond.shape, getattr(xr, "shape", ()), getattr(yr, "shape", ()))
        return cls(ns.where(cond, xr, yr))

    # ------------------------------------------------------------------
    # reductions

    def _reduce(self, fn: Any, a: Any, axis: Axes, keepdims: bool) -> Self:
        """Apply a reduction primitive; ``axis=()`` reduces nothing (NumPy)."""
        axes = self._axes(axis)
        if axes == ():  # reduce over a new axis of length 1: values kept, dtype rule applied
            return type(self)(fn(self._ns.expand_dims(a, 0), (0,), False))
        return type(self)(fn(a, axes, keepdims))

    def sum(self, axis: Axes = None, keepdims: bool = False) -> Self:
        """Sum over ``axis`` (all axes for ``None``).

        Returns
        -------
        Tensor
            The reduced shape (reduced axes kept as size 1 with
            ``keepdims``). Bool and integer input sums as int64 (int32 on
            JAX without 64-bit mode); floats keep their dtype.

        Raises
        ------
        AxisError
            If an axis is out of range or repeated.
        """
        return self._reduce(self._ns.sum, self.raw, axis, keepdims)

    def prod(self, axis: Axes = None, keepdims: bool = False) -> Self:
        """Product over ``axis``; dtypes as :meth:`sum`."""
        return self._reduce(self._ns.prod, self.raw, axis, keepdims)

    def mean(self, axis: Axes = None, keepdims: bool = False) -> Self:
        """Arithmetic mean over ``axis``; integer input gives float32."""
        return self._reduce(self._ns.mean, self._floating_any(), axis, keepdims)

    def _floating_any(self) -> Any:
        """``raw`` as float32 if integer or bool, on every backend."""
        a = self.raw
        if _dtypes.kind(self._dtype_name(a.dtype)) in "fc":
            return a
        return self._ns.astype(a, self._native_dtype(_dtypes.DEFAULT_FLOAT))

    def min(self, axis: Axes = None, keepdims: bool = False) -> Self:
        """Minimum over ``axis`` (NaN propagates); same dtype.

        Raises
        ------
        ValueError
            If a reduced axis is empty (there is no identity).
        """
        self._check_nonempty(self._axes(axis), "min")
        return self._reduce(self._ns.min, self.raw, axis, keepdims)

    def max(self, axis: Axes = None, keepdims: bool = False) -> Self:
        """Maximum over ``axis`` (NaN propagates); same dtype; see :meth:`min`."""
        self._check_nonempty(self._axes(axis), "max")
        return self._reduce(self._ns.max, self.raw, axis, keepdims)

    def _check_nonempty(self, axes: tuple[int, ...] | None, what: str) -> None:
        """Raise ``ValueError`` if a reduction without identity meets an empty axis."""
        shape = self.raw.shape
        if 0 in shape and (axes is None or builtins.any(shape[a] == 0 for a in axes)):
            raise ValueError(f"{what} of an empty axis has no identity; shape {self.shape}")

    def all(self, axis: Axes = None, keepdims: bool = False) -> Self:
        """Whether all elements along ``axis`` are true (non-zero); a bool tensor."""
        return self._reduce(self._ns.all, self.raw, axis, keepdims)

    def any(self, axis: Axes = None, keepdims: bool = False) -> Self:
        """Whether any element along ``axis`` is true (non-zero); a bool tensor."""
        return self._reduce(self._ns.any, self.raw, axis, keepdims)

    def _arg_reduce(self, name: str, axis: int | None, keepdims: bool) -> Self:
        """Shared body of :meth:`argmin` and :meth:`argmax`."""
        fn = getattr(self._ns, name)
        self._check_nonempty(None if axis is None else (self._axis(axis),), name)
        if axis is None:
            n = len(self.raw.shape)
            out = fn(self._ns.reshape(self.raw, (-1,)), 0)
            if keepdims:
                out = self._ns.reshape(out, (1,) * n)
            return type(self)(out)
        ax = self._axis(axis)
        out = fn(self.raw, ax)
        if keepdims:
            out = self._ns.expand_dims(out, ax)
        return type(self)(out)

    def argmin(self, axis: int | None = None, keepdims: bool = False) -> Self:
        """Index of the first minimum along ``axis`` (flattened for ``None``).

        Returns an int64 tensor (int32 on JAX without 64-bit mode).
        """
        return self._arg_reduce("argmin", axis, keepdims)

    def argmax(self, axis: int | None = None, keepdims: bool = False) -> Self:
        """Index of the first maximum along ``axis``; see :meth:`argmin`."""
        return self._arg_reduce("argmax", axis, keepdims)

    def cumsum(self, axis: int | None = None) -> Self:
        """Cumulative sum along ``axis`` (of the flattened tensor for ``None``).

        Same shape (1-d for ``None``); dtypes as :meth:`sum`.
        """
        if axis is None:
            return type(self)(self._ns.cumsum(self._ns.reshape(self.raw, (-1,)), 0))
        return type(self)(self._ns.cumsum(self.raw, self._axis(axis)))

    def logsumexp(self, axis: Axes = None, keepdims: bool = False) -> Self:
        """``log(sum(exp(x)))`` over ``axis``, computed without overflow.

        Integer input gives float32; the shape is as for :meth:`sum`.
        """
        axes = self._axes(axis)
        fused = self._ns.logsumexp
        if fused is not None and axes != ():
            return type(self)(fused(self._floating_any(), axes, keepdims))
        x = type(self)(self._floating_any())
        m = x.max(axes, keepdims=True)
        m = m.isfinite().where(m, 0)
        s = (x - m).exp().sum(axes, keepdims=keepdims).log()
        return s + (m if keepdims else m.reshape(s.shape))

    # ------------------------------------------------------------------
    # sorting

    def sort(self, axis: int = -1) -> Self:
        """Values sorted ascending along ``axis``; same shape and dtype."""
        return type(self)(self._ns.sort(self.raw, self._axis(axis)))

    def argsort(self, axis: int = -1) -> Self:
        """Indices that sort along ``axis`` (stable); int64 (int32 on JAX)."""
        return type(self)(self._ns.argsort(self.raw, self._axis(axis)))

    def topk(
        self, k: int, axis: int = -1, largest: bool = True, sorted: bool = True
    ) -> tuple[Self, Self]:
        """The ``k`` largest (or smallest) values along ``axis`` and their indices.

        Returns
        -------
        (values, indices)
            Both with ``self``'s shape except ``k`` along ``axis``; values in
            ``self``'s dtype, indices int64 (int32 on JAX). Values are in
            descending order (ascending for ``largest=False``); with
            ``sorted=False`` the order is unspecified.

        Raises
        ------
        ValueError
            If ``k`` is not in ``[0, shape[axis]]``.
        """
        ax = self._axis(axis)
        n = self.raw.shape[ax]
        if not 0 <= k <= n:
            raise ValueError(f"k={k} is out of range for an axis of length {n}")
        values, indices = self._ns.topk(self.raw, k, ax, largest, sorted)
        return type(self)(values), type(self)(indices)

    # ------------------------------------------------------------------
    # shape

    def reshape(self, shape: int | Sequence[int]) -> Self:
        """The same values in a new shape (one entry may be -1).

        Raises
        ------
        ValueError
            If the new shape holds a different number of elements.
        """
        shape = (shape,) if isinstance(shape, int) else tuple(int(s) for s in shape)
        known = 1
        unknown = 0
        for s in shape:
            if s == -1:
                unknown += 1
            elif s < 0:
                raise ValueError(f"invalid dimension {s} in reshape to {shape}")
            else:
                known *= s
        size = self.size
        if (
            unknown > 1
            or (unknown == 0 and known != size)
            or (unknown == 1 and (known == 0 or size % known != 0))
        ):
            raise ValueError(f"cannot reshape a tensor of shape {self.shape} into {shape}")
        return type(self)(self._ns.reshape(self.raw, shape))

    def flatten(self, start: int = 0, end: int = -1) -> Self:
        """Merge axes ``start`` to ``end`` (inclusive) into one axis."""
        shape = self.shape
        if not shape:
            return self.reshape((1,))
        s, e = self._axis(start), self._axis(end)
        if s > e:
            raise ValueError(f"flatten: start axis {start} comes after end axis {end}")
        n = 1
        for d in shape[s : e + 1]:
            n *= d
        return type(self)(self._ns.reshape(self.raw, (*shape[:s], n, *shape[e + 1 :])))

    def transpose(self, axes: Sequence[int] | None = None) -> Self:
        """Permute the axes (reverse them for ``None``).

        Raises
        ------
        ValueError
            If ``axes`` is not a permutation of ``range(ndim)``.
        """
        n = len(self.raw.shape)
        if axes is None:
            perm = tuple(range(n - 1, -1, -1))
        else:
            perm = tuple(self._axis(a) for a in axes)
            if sorted(perm) != list(range(n)):
                raise ValueError(f"axes {tuple(axes)} are not a permutation of {n} axes")
        return type(self)(self._ns.transpose(self.raw, perm))

    def squeeze(self, axis: Axes = None) -> Self:
        """Remove axes of length 1 (all of them for ``None``).

        Raises
        ------
        ValueError
            If a named axis does not have length 1.
        """
        shape = self.raw.shape
        axes = self._axes(axis)
        if axes is None:
            axes = tuple(i for i, d in enumerate(shape) if d == 1)
        else:
            for a in axes:
                if shape[a] != 1:
                    raise ValueError(f"cannot squeeze axis {a} of length {shape[a]}")
        return type(self)(self._ns.squeeze(self.raw, axes))

    def expand_dims(self, axis: int) -> Self:
        """Insert an axis of length 1 at position ``axis`` (in ``[-ndim-1, ndim]``)."""
        ax = self._axis(axis, len(self.raw.shape) + 1)
        return type(self)(self._ns.expand_dims(self.raw, ax))

    def tile(self, multiples: Sequence[int]) -> Self:
        """Repeat the tensor ``multiples[i]`` times along axis ``i``.

        Raises
        ------
        ValueError
            If ``len(multiples) != ndim``.
        """
        multiples = tuple(int(m) for m in multiples)
        if len(multiples) != len(self.raw.shape):
            raise ValueError(f"tile needs {len(self.raw.shape)} multiples, got {len(multiples)}")
        return type(self)(self._ns.tile(self.raw, multiples))

    def flip(self, axis: Axes = None) -> Self:
        """Reverse the order of elements along ``axis`` (all axes for ``None``)."""
        axes = self._axes(axis)
        if axes is None:
            axes = tuple(range(len(self.raw.shape)))
        return type(self)(self._ns.flip(self.raw, axes))

    def pad(
        self,
        paddings: Sequence[tuple[int, int]],
        mode: PadMode = "constant",
        value: Scalar = 0,
    ) -> Self:
        """Pad each axis with ``paddings[i] = (before, after)`` elements.

        Parameters
        ----------
        paddings
            One ``(before, after)`` pair of non-negative ints per axis.
        mode
            ``"constant"`` fills with ``value``; ``"reflect"`` mirrors
            without repeating the edge (as NumPy, also for pads longer than
            the axis); ``"edge"`` repeats the edge value.
        value
            The fill value for ``"constant"``, cast to the tensor's dtype.

        Raises
        ------
        ValueError
            For a wrong number of pairs, negative pads, an unknown mode, or
            reflect/edge padding of an empty axis.
        """
        shape = self.raw.shape
        pads = tuple((int(b), int(a)) for b, a in paddings)
        if len(pads) != len(shape):
            raise ValueError(f"pad needs {len(shape)} (before, after) pairs, got {len(pads)}")
        if builtins.any(b < 0 or a < 0 for b, a in pads):
            raise ValueError(f"pad widths must be non-negative, got {pads}")
        if mode == "constant":
            return type(self)(self._ns.pad_constant(self.raw, pads, value))
        if mode not in ("reflect", "edge"):
            raise ValueError(f"unknown pad mode {mode!r}; use 'constant', 'reflect' or 'edge'")
        out = self
        for ax, (before, after) in enumerate(pads):
            if before == 0 and after == 0:
                continue
            n = int(shape[ax])
            if n == 0:
                raise ValueError(f"cannot {mode}-pad the empty axis {ax}")
            index = [_pad_source(i, n, mode) for i in range(-before, n + after)]
            out = type(self)(self._ns.take(out.raw, self._ns.asarray(index, None, self.raw), ax))
        return out

    # ------------------------------------------------------------------
    # linear algebra and machine learning

    def matmul(self, other: Tensor) -> Self:
        """Matrix product with NumPy's ``matmul`` semantics.

        1-d operands are treated as vectors; leading axes broadcast as a
        batch. Dtypes promote as ``+``.

        Raises
        ------
        ValueError
            If the inner dimensions differ or an operand is 0-d.
        """
        a, b = self._pair(other, False)
        if len(a.shape) == 0 or len(b.shape) == 0:
            raise ValueError("matmul does not take 0-d tensors; use * instead")
        ka = a.shape[-1]
        kb = b.shape[0] if len(b.shape) == 1 else b.shape[-2]
        if ka != kb:
            raise ValueError(
                f"matmul: inner dimensions differ, {tuple(a.shape)} @ {tuple(b.shape)}"
            )
        return type(self)(self._ns.matmul(a, b))

    def _check_square(self, what: str) -> None:
        shape = self.shape
        if len(shape) < 2 or shape[-1] != shape[-2]:
            raise ValueError(f"{what} needs (..., n, n) square matrices, got shape {shape}")

    def inv(self) -> Self:
        """Inverse of the square matrices in the last two axes.

        Input (..., n, n) float; output the same shape and dtype.

        Raises
        ------
        ValueError
            If the last two axes are not square.
        """
        self._check_square("inv")
        return type(self)(self._ns.inv(self._floating_any()))

    def slogdet(self) -> tuple[Self, Self]:
        """Sign and natural log of the absolute determinant of square matrices.

        Input (..., n, n) float; returns ``(sign, logabsdet)``, each of
        shape (...) and the input's dtype. A singular matrix gives sign 0
        and logabsdet -inf.

        Raises
        ------
        ValueError
            If the last two axes are not square.
        """
        self._check_square("slogdet")
        sign, logabsdet = self._ns.slogdet(self._floating_any())
        return type(self)(sign), type(self)(logabsdet)

    @property
    def at(self) -> _At[Self]:
        """Functional updates at an index, as JAX's ``x.at[index].add(v)``.

        ``t.at[index]`` takes every index form ``t[index]`` takes and offers
        ``set``, ``add``, ``multiply``, ``min`` and ``max``; each returns a
        new tensor and leaves ``t`` unchanged. Where an integer array index
        names a position twice, ``add`` / ``multiply`` / ``min`` / ``max``
        apply every value (``set`` keeps one of them).
        """
        return _At(self)

    @property
    def norms(self) -> _Norms[Self]:
        """The norms of :mod:`unitensor.norms` as methods: ``t.norms.l2(axis=-1)``."""
        return _Norms(self)

    def softmax(self, axis: int = -1) -> Self:
        """Softmax along ``axis``: ``exp(x) / sum(exp(x))``, computed stably.

        Same shape; integer input gives float32.
        """
        fused = self._ns.softmax
        if fused is not None:
            return type(self)(fused(self._floating_any(), self._axis(axis)))
        return self.log_softmax(axis).exp()

    def log_softmax(self, axis: int = -1) -> Self:
        """Logarithm of :meth:`softmax` along ``axis``, computed stably.

        Same shape; integer input gives float32.
        """
        ax = self._axis(axis)
        fused = self._ns.log_softmax
        if fused is not None:
            return type(self)(fused(self._floating_any(), ax))
        x = type(self)(self._floating_any())
        return x - x.logsumexp(ax, keepdims=True)

    def crossentropy(self, labels: Tensor) -> Self:
        """Softmax cross-entropy of logits ``self`` against integer ``labels``.

        Parameters
        ----------
        labels
            Integer class indices, shape ``self.shape[:-1]``.

        Returns
        -------
        Tensor
            ``-log_softmax(self)[..., labels]``, shape ``self.shape[:-1]``,
            the float dtype of the logits.

        Raises
        ------
        ValueError
            If the shapes do not fit.
        """
        lab = type(self)(self._unwrap(labels))
        if len(self.raw.shape) < 1 or tuple(lab.shape) != tuple(self.shape[:-1]):
            raise ValueError(
                f"crossentropy: logits {self.shape} need labels of shape {self.shape[:-1]}, "
                f"got {lab.shape}"
            )
        fused = self._ns.crossentropy
        if fused is not None:
            return type(self)(fused(self._floating_any(), lab.raw))
        logp = self.log_softmax(-1)
        return -logp.take_along_axis(lab.expand_dims(-1), -1).squeeze(-1)

    def onehot_like(self, indices: Tensor, *, value: Scalar = 1) -> Self:
        """A tensor shaped and typed like ``self`` (N, C) with ``value`` at ``[i, indices[i]]``.

        Raises
        ------
        ValueError
            If ``self`` is not 2-d or ``indices`` is not of shape (N,).
        """
        idx = type(self)(self._unwrap(indices))
        if len(self.raw.shape) != 2 or tuple(idx.shape) != (self.shape[0],):
            raise ValueError(
                f"onehot_like needs a (N, C) template and (N,) indices, "
                f"got {self.shape} and {idx.shape}"
            )
        mask = self.arange(self.shape[1]) == idx.expand_dims(-1)
        return mask.where(self.full_like(value), self.zeros_like())

    def take_along_axis(self, indices: Tensor, axis: int) -> Self:
        """Pick values along ``axis`` at ``indices`` (NumPy's ``take_along_axis``).

        ``indices`` is an integer tensor with ``self``'s rank; the other axes
        broadcast. Negative indices count from the end.

        Raises
        ------
        ValueError
            If the ranks differ.
        """
        idx = self._unwrap(indices)
        if len(idx.shape) != len(self.raw.shape):
            raise ValueError(
                f"take_along_axis: indices of rank {len(idx.shape)} for a tensor of "
                f"rank {len(self.raw.shape)}"
            )
        return type(self)(self._ns.take_along_axis(self.raw, idx, self._axis(axis)))

    def index_update(self, index: Any, values: TensorOrScalar) -> Self:
        """A copy of ``self`` with ``self[index] = values``; ``self`` is unchanged.

        ``index`` takes every form ``__getitem__`` takes; ``values`` is a
        scalar or a tensor that broadcasts to ``self[index].shape`` and is
        cast to ``self``'s dtype.
        """
        idx, v = self._index_and_values(index, values)
        return type(self)(self._ns.index_update(self.raw, idx, v))

    def _index_and_values(self, index: Any, values: TensorOrScalar) -> tuple[Any, Any]:
        """Normalised index and native ``values`` in ``self``'s dtype, for updates."""
        from ._indexing import normalize_index

        idx = normalize_index(self, index)
        if isinstance(values, Tensor) or not isinstance(values, _SCALAR_TYPES):
            v = self._unwrap(values)
            if v.dtype != self.raw.dtype:
                v = self._ns.astype(v, self.raw.dtype)
        else:
            v = self._ns.full((), values, self.raw.dtype, self.raw)
        return idx, v

    def _scatter(self, index: Any, values: TensorOrScalar, op: str) -> Self:
        """Functional ``op`` (add, multiply, min, max) of ``values`` at ``self[index]``."""
        idx, v = self._index_and_values(index, values)
        return type(self)(self._ns.scatter(self.raw, idx, v, op))

    # ------------------------------------------------------------------
    # creation (the template gives framework, device and dtype)

    def _creation_dtype(self, dtype: Any) -> Any:
        return self.raw.dtype if dtype is None else self._dtype_arg(dtype)

    def zeros(self, shape: int | Sequence[int], dtype: Any = None) -> Self:
        """Zeros of ``shape`` on this tensor's framework and device, in its dtype."""
        return type(self)(self._ns.full(_shape(shape), 0, self._creation_dtype(dtype), self.raw))

    def ones(self, shape: int | Sequence[int], dtype: Any = None) -> Self:
        """Ones of ``shape`` on this tensor's framework and device, in its dtype."""
        return type(self)(self._ns.full(_shape(shape), 1, self._creation_dtype(dtype), self.raw))

    def full(self, shape: int | Sequence[int], value: Scalar, dtype: Any = None) -> Self:
        """``value`` repeated to ``shape``, in this tensor's dtype (or ``dtype``)."""
        dt = self._creation_dtype(dtype)
        return type(self)(self._ns.full(_shape(shape), value, dt, self.raw))

    def zeros_like(self, dtype: Any = None) -> Self:
        """Zeros with this tensor's shape, dtype (or ``dtype``) and device."""
        return self.zeros(self.shape, dtype)

    def ones_like(self, dtype: Any = None) -> Self:
        """Ones with this tensor's shape, dtype (or ``dtype``) and device."""
        return self.ones(self.shape, dtype)

    def full_like(self, fill_value: Scalar, dtype: Any = None) -> Self:
        """``fill_value`` with this tensor's shape, dtype (or ``dtype``) and device."""
        return self.full(self.shape, fill_value, dtype)

    def arange(
        self,
        start: int | float,
        stop: int | float | None = None,
        step: int | float | None = None,
        dtype: Any = None,
    ) -> Self:
        """Evenly spaced values in ``[start, stop)`` on this tensor's framework and device.

        With one argument it is ``stop`` (start 0). The dtype comes from the
        arguments, as in NumPy: int64 if all are ints (int32 on JAX without
        64-bit mode), else float32; ``dtype`` overrides.
        """
        if stop is None:
            start, stop = 0, start
        if step is None:
            step = 1
        if step == 0:
            raise ValueError("arange: step must not be zero")
        if dtype is None:
            ints = builtins.all(isinstance(v, int) for v in (start, stop, step))
            dt = self._native_dtype(_dtypes.DEFAULT_INT if ints else _dtypes.DEFAULT_FLOAT)
        else:
            dt = self._dtype_arg(dtype)
        return type(self)(self._ns.arange(start, stop, step, dt, self.raw))

    def from_numpy(self, a: Any) -> Self:
        """``a`` (a NumPy array or nested list) as a tensor of this framework and device.

        The dtype of ``a`` is kept (a list gives NumPy's dtype for it).
        """
        arr = np.asarray(a)
        return type(self)(self._ns.asarray(arr, None, self.raw))

    def _random_dtype(self, dtype: Any) -> Any:
        if dtype is not None:
            dt = self._dtype_arg(dtype)
            if _dtypes.kind(self._dtype_name(dt)) != "f":
                raise TypeError(f"random numbers need a floating dtype, got {dtype!r}")
            return dt
        dt = self.raw.dtype
        if _dtypes.kind(self._dtype_name(dt)) == "f":
            return dt
        return self._native_dtype(_dtypes.DEFAULT_FLOAT)

    def uniform(
        self, shape: int | Sequence[int], low: float = 0.0, high: float = 1.0, dtype: Any = None
    ) -> Self:
        """Uniform samples in ``[low, high)`` of ``shape``.

        The dtype is ``dtype`` if given, else this tensor's if it is
        floating, else float32. The samples come from the backend's
        generator, seeded by :func:`unitensor.seed`.

        Raises
        ------
        TypeError
            If ``dtype`` is not a floating dtype.
        """
        dt = self._random_dtype(dtype)
        return type(self)(self._ns.uniform(_shape(shape), low, high, dt, self.raw))

    def normal(
        self, shape: int | Sequence[int], mean: float = 0.0, stddev: float = 1.0, dtype: Any = None
    ) -> Self:
        """Normal samples of ``shape``; dtype, seeding and errors as :meth:`uniform`."""
        dt = self._random_dtype(dtype)
        return type(self)(self._ns.normal(_shape(shape), mean, stddev, dt, self.raw))

    def value_and_grad(
        self, f: Callable[..., Self], *args: Any, **kwargs: Any
    ) -> tuple[Self, Self]:
        """``ut.value_and_grad(f, self, *args, **kwargs)``: value and gradient at ``self``."""
        from ._autodiff import value_and_grad

        return value_and_grad(f, self, *args, **kwargs)

    def value_aux_and_grad(
        self, f: Callable[..., tuple[Self, Any]], *args: Any, **kwargs: Any
    ) -> tuple[Self, Any, Self]:
        """``ut.value_aux_and_grad(f, self, *args, **kwargs)``: value, aux and gradient."""
        from ._autodiff import value_aux_and_grad

        return value_aux_and_grad(f, self, *args, **kwargs)

    # Defined last: inside the class body the name ``bool`` means this method.
    def bool(self) -> Self:
        """The tensor converted to bool (non-zero is True)."""
        return self.astype("bool")


def _check_broadcast(*shapes: Any) -> None:
    """Raise ``ValueError`` unless the shapes broadcast together (NumPy's rule)."""
    longest = max(len(s) for s in shapes)
    for i in range(1, longest + 1):
        size = 1
        for s in shapes:
            if i <= len(s):
                d = s[-i]
                if d != 1:
                    if size != 1 and d != size:
                        raise ValueError(
                            "shapes "
                            + ", ".join(str(tuple(s)) for s in shapes)
                            + " do not broadcast together"
                        )
                    size = d
    return


def _shape(shape: int | Sequence[int]) -> tuple[int, ...]:
    """A shape argument as a tuple of ints."""
    if isinstance(shape, int):
        return (shape,)
    return tuple(int(s) for s in shape)


def _pad_source(i: int, n: int, mode: str) -> int:
    """The source position of padded position ``i`` on an axis of length ``n``."""
    if mode == "edge" or n == 1:
        return min(max(i, 0), n - 1)
    period = 2 * (n - 1)
    j = i % period
    return period - j if j >= n else j


_T = TypeVar("_T", bound=Tensor)


class _At(Generic[_T]):
    """``t.at``: indexing it gives the functional updates at that index."""

    __slots__ = ("_t",)

    def __init__(self, t: _T) -> None:
        self._t = t

    def __getitem__(self, index: Any) -> _AtIndex[_T]:
        return _AtIndex(self._t, index)


class _AtIndex(Generic[_T]):
    """``t.at[index]``: functional updates of ``t`` at ``index``."""

    __slots__ = ("_index", "_t")

    def __init__(self, t: _T, index: Any) -> None:
        self._t = t
        self._index = index

    def set(self, values: TensorOrScalar) -> _T:
        """A copy of the tensor with ``values`` at the index (:meth:`Tensor.index_update`)."""
        return self._t.index_update(self._index, values)

    def add(self, values: TensorOrScalar) -> _T:
        """A copy of the tensor with ``values`` added at the index."""
        return self._t._scatter(self._index, values, "add")

    def multiply(self, values: TensorOrScalar) -> _T:
        """A copy of the tensor with the index multiplied by ``values``."""
        return self._t._scatter(self._index, values, "multiply")

    def min(self, values: TensorOrScalar) -> _T:
        """A copy of the tensor with the index set to its minimum with ``values``."""
        return self._t._scatter(self._index, values, "min")

    def max(self, values: TensorOrScalar) -> _T:
        """A copy of the tensor with the index set to its maximum with ``values``."""
        return self._t._scatter(self._index, values, "max")


class _Norms(Generic[_T]):
    """``t.norms``: the functions of :mod:`unitensor.norms` bound to ``t``."""

    __slots__ = ("_t",)

    def __init__(self, t: _T) -> None:
        self._t = t

    def l0(self, axis: Axes = None, keepdims: bool = False) -> _T:
        """See :func:`unitensor.norms.l0`."""
        from . import norms

        return norms.l0(self._t, axis, keepdims)

    def l1(self, axis: Axes = None, keepdims: bool = False) -> _T:
        """See :func:`unitensor.norms.l1`."""
        from . import norms

        return norms.l1(self._t, axis, keepdims)

    def l2(self, axis: Axes = None, keepdims: bool = False) -> _T:
        """See :func:`unitensor.norms.l2`."""
        from . import norms

        return norms.l2(self._t, axis, keepdims)

    def linf(self, axis: Axes = None, keepdims: bool = False) -> _T:
        """See :func:`unitensor.norms.linf`."""
        from . import norms

        return norms.linf(self._t, axis, keepdims)

    def lp(self, p: float, axis: Axes = None, keepdims: bool = False) -> _T:
        """See :func:`unitensor.norms.lp`."""
        from . import norms

        return norms.lp(self._t, p, axis, keepdims)
