"""The ``Tensor`` base class: the whole API, declared and documented once.

Every operation of unitensor is a method here. A method checks its
arguments, applies the dtype rules of ``unitensor.dtypes`` and calls a
*primitive* of the backend: a plain function on native arrays, looked up in
the backend's namespace ``_ns``. Composite operations (``logsumexp``,
``softmax``, ``crossentropy``, ``onehot_like``, reflect/edge padding, ...)
are written once, here, in terms of other methods. A backend module
(``unitensor/_backends/<framework>.py``) supplies only its namespace of
primitives and what its framework does differently.

The tensor holds one reference, ``raw``, to the framework's own array; every
result is a new tensor around the framework's own result.
"""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

import builtins
import functools
import operator
from collections.abc import Callable, Iterator, Sequence
from typing import (
    TYPE_CHECKING,
    Any,
    ClassVar,
    Generic,
    Literal,
    NoReturn,
    Self,
    TypeAlias,
    TypeVar,
)

import numpy as np

from . import dtypes
from ._errors import (
    AxisError,
    DivisionByZeroError,
    DTypeError,
    FrameworkMixError,
    IndexOutOfRangeError,
    ShapeError,
    UnitensorError,
)
from ._indexing import index_operand, normalize_index

if TYPE_CHECKING:
    from ._backends import Primitives

__all__ = ["Axes", "PadMode", "Scalar", "Tensor", "TensorOrScalar"]

Scalar: TypeAlias = bool | int | float
"""A Python scalar that may be combined with a tensor."""
Axes: TypeAlias = int | tuple[int, ...] | None
"""An axis argument: one axis, several, or ``None`` for all."""
PadMode: TypeAlias = Literal["constant", "reflect", "edge"]
"""The padding modes of [`Tensor.pad`][unitensor.Tensor.pad]."""
TensorOrScalar: TypeAlias = "Tensor | Scalar"

_SCALAR_TYPES = (bool, int, float)
_MISSING: Any = object()
_TensorT = TypeVar("_TensorT", bound="Tensor")
_new = object.__new__


_Method = TypeVar("_Method", bound=Callable[..., Any])


def _fast_path(
    op: Callable[[Any, Any], Any], reflected: bool = False
) -> Callable[[_Method], _Method]:
    """Give a binary operator a fast path for its most common operands.

    A real float tensor with a Python int or float, or two real float
    tensors of one class, dtype and shape, need no promotion or checks: the
    native operator ``op`` applies as it is (``op(other, raw)`` when
    ``reflected``; a Python int goes in as a float, as NumPy converts it). Any
    other operands go to the decorated method, which checks and promotes.
    Calling ``op`` here directly, rather than through ``_pair`` and
    ``_wrap``, saves two Python calls on every small-tensor operation.
    """

    def decorate(method: _Method) -> _Method:
        def fast(self: Tensor, other: Any) -> Any:
            a = self.raw
            kind = other.__class__
            if kind is float or kind is int:
                if a.dtype in self._float_dtypes:
                    b = other if kind is float else float(other)  # as NumPy: 10**400 overflows
                    out = _new(self.__class__)
                    out.raw = op(b, a) if reflected else op(a, b)
                    return out
            elif kind is self.__class__:
                b = other.raw
                if a.dtype is b.dtype and a.dtype in self._float_dtypes and a.shape == b.shape:
                    out = _new(self.__class__)
                    out.raw = op(b, a) if reflected else op(a, b)
                    return out
            return method(self, other)

        functools.update_wrapper(fast, method)
        return fast  # type: ignore[return-value]  # same signature as method

    return decorate


def _truediv(a: Any, b: Any) -> Any:
    """``a / b`` (``operator.truediv`` is only partly typed in typeshed)."""
    return a / b


def _wrap(cls: type[_TensorT], raw: Any) -> _TensorT:
    """A new ``cls`` tensor around ``raw``.

    Every result is built here rather than with ``cls(raw)``: skipping the
    Python-level ``__init__`` call halves the cost of making a tensor, which
    is most of unitensor's overhead on small arrays.
    """
    out = _new(cls)
    out.raw = raw
    return out


def _framework_mix_error(a: type[Tensor], b: object) -> FrameworkMixError:
    """The error for an operation that mixes two frameworks."""
    other = b.framework if isinstance(b, Tensor) else type(b).__qualname__
    return FrameworkMixError(
        f"cannot combine a {a.framework} tensor with a {other} "
        f"{'tensor' if isinstance(b, Tensor) else 'object'}: convert one of them first "
        "(for example with ut.convert or the frameworks' own functions)"
    )


class Tensor:
    """A framework's native array seen through one API.

    A ``Tensor`` holds exactly one thing, the native array ``raw``
    (``numpy.ndarray``, ``torch.Tensor``, ``tf.Tensor`` / ``tf.Variable`` or
    ``jax.Array``), and every operation calls the framework's own operation
    on it. Create tensors with [`unitensor.astensor`][unitensor.astensor];
    the subclasses [`NumPyTensor`][unitensor.NumPyTensor],
    [`PyTorchTensor`][unitensor.PyTorchTensor],
    [`TensorFlowTensor`][unitensor.TensorFlowTensor] and
    [`JAXTensor`][unitensor.JAXTensor] are chosen from the array's type.

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
    """Backend name used by [`unitensor.convert`][unitensor.convert], e.g. ``"torch"``."""
    _ns: ClassVar[Primitives]
    _native_dtype_type: ClassVar[type | tuple[type, ...]] = ()
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
    _nonbool_dtypes: ClassVar[set[Any]]
    """Native dtypes other than bool seen so far (filled by ``_kind``)."""
    _real_dtypes: ClassVar[set[Any]]
    """Native dtypes other than complex seen so far (filled by ``_kind``)."""
    _half_dtypes: ClassVar[set[Any]]
    """Native float16 and bfloat16 dtypes seen so far: their sums accumulate in float32."""
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
        cls._kind_of = {}
        cls._int_bounds = {}
        cls._dtype_arg_cache = {}
        cls._float_dtypes = set()
        cls._nonbool_dtypes = set()
        cls._real_dtypes = set()
        cls._half_dtypes = set()

    def __init__(self, raw: Any) -> None:
        """Wrap ``raw`` without copying it; prefer [`unitensor.astensor`][unitensor.astensor]."""
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
                if cls._dtype_name(native) in ("float16", "bfloat16"):
                    cls._half_dtypes.add(native)
            return k

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
        elif isinstance(dtype, dtypes.DType):
            name = dtype.name
        elif cls._native_dtype_type and isinstance(dtype, cls._native_dtype_type):
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
        key = (a.dtype, scalar.__class__)
        target = self._scalar_cache.get(key, _MISSING)
        if target is _MISSING:
            cls = type(self)
            cls._kind(a.dtype)  # registers a float dtype for _pair's fast path
            name = cls._dtype_name(a.dtype)
            new = dtypes.scalar_result_name(name, scalar)
            target = None if new == name else cls._native_dtype(new)
            self._scalar_cache[key] = target
        return a if target is None else self._ns.astype(a, target)

    def _scalar_operand(self, dtype: Any, value: Scalar) -> Scalar:
        """A Python scalar as the operand of a native array of ``dtype``.

        ``dtype`` is the array's dtype after ``_for_scalar``. A bool with a
        number array counts as 0 or 1; an int with a float or complex array
        goes in as a float (as NumPy converts it: one too large for a float
        is an ``OverflowError`` on every backend); an int with an integer
        array must fit its dtype (``OverflowError``, as in NumPy, where the
        other frameworks would wrap it around).
        """
        if value.__class__ is bool:
            return value if self._is_bool(dtype) else int(value)
        if isinstance(value, int):  # (bool is handled above)
            if self._kind(dtype) in "fc":
                return float(value)
            self._check_int_fits(dtype, value)
        return value

    def _floating(self) -> Any:
        """``raw``, cast to float32 if its dtype is bool or integer."""
        a = self.raw
        if not self._int_to_float or self._kind(a.dtype) in "fc":
            return a  # the framework casts natively, or a float (``_kind`` registers it)
        return self._floating_any()

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
        Python scalar; the result dtypes follow ``unitensor.dtypes``.
        For an ``elementwise`` operation the shapes must broadcast.

        Raises
        ------
        ValueError
            If the shapes of an elementwise operation do not broadcast.
        TypeError
            If ``other`` belongs to another framework or is not an array.
        """
        a = self.raw
        kind = other.__class__
        if kind is float:
            if a.dtype in self._float_dtypes:  # the most common case: nothing to cast
                return a, other
        elif kind is self.__class__:
            b = other.raw
            if elementwise and a.shape != b.shape:
                _check_broadcast(a.shape, b.shape)
            if self._promotes and a.dtype is not b.dtype and a.dtype != b.dtype:
                return self._promote_pair(a, b)
            return a, b
        if kind in _SCALAR_TYPES:
            a = self._for_scalar(a, other)
            return a, self._scalar_operand(a.dtype, other)
        if isinstance(other, np.generic) and not isinstance(self.raw, np.ndarray | np.generic):
            return self._pair(other.item())
        if isinstance(other, complex):
            return self._for_scalar(a, other), other
        return self._pair(_wrap(self.__class__, self._unwrap(other)), elementwise)

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
            value: Any = axis  # callers may pass NumPy integers despite the annotation
            if isinstance(value, bool) or not isinstance(value, int | np.integer):
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

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.zeros((2, 3))).size
        6
        """
        n = 1
        for d in self.raw.shape:
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

    @property
    def T(self) -> Self:
        """The tensor with all axes reversed (``transpose()``).

        Shape reversed, same dtype; a 0-d or 1-d tensor keeps its shape.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.zeros((2, 3, 4))).T.shape
        (4, 3, 2)
        """
        return self.transpose()

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

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([1.5, -2.0], dtype=np.float32))
        >>> x.astype("int32")
        NumPyTensor(array([ 1, -2], dtype=int32))
        >>> x.astype(ut.float64).dtype
        dtype('float64')
        """
        target = self._dtype_arg(dtype)
        return _wrap(self.__class__, self._ns.astype(self.raw, target))

    def float32(self) -> Self:
        """The tensor converted to float32; same shape.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 2])).float32()
        NumPyTensor(array([1., 2.], dtype=float32))
        """
        return self.astype("float32")

    def float64(self) -> Self:
        """The tensor converted to float64; same shape.

        JAX without 64-bit mode gives float32 (and warns), see
        [`astype`][unitensor.Tensor.astype].

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 2])).float64()
        NumPyTensor(array([1., 2.]))
        """
        return self.astype("float64")

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

    def __iter__(self) -> Iterator[Self]:
        """Iterate over the first axis, yielding tensors of rank ``ndim - 1``.

        Raises
        ------
        TypeError
            If the tensor is 0-d.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> [row.sum().item() for row in ut.astensor(np.array([[1, 2], [3, 4]]))]
        [3, 7]
        """
        for i in range(len(self)):
            yield self[i]

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

    # ------------------------------------------------------------------
    # operators

    @_fast_path(operator.add)
    def __add__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``self + other`` (dtype rules: ``docs/semantics.md``).

        ``other`` is a Python scalar or a tensor or native array of this
        framework. The result has the broadcast shape; a scalar of the same
        or a lower kind keeps the tensor's dtype, an int/bool tensor plus a
        Python float gives float32, two tensors promote as NumPy does
        within a kind (int with float gives the float dtype). A Python int
        with a float tensor goes in as a float, as NumPy converts it.

        Raises
        ------
        ValueError
            If the shapes do not broadcast.
        TypeError
            If ``other`` belongs to another framework.
        OverflowError
            If a Python int does not fit an integer tensor's dtype, or is
            too large for a float (``10**400``), as in NumPy.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([1, 2], dtype=np.int32))
        >>> x + 1, x + 0.5
        (NumPyTensor(array([2, 3], dtype=int32)), NumPyTensor(array([1.5, 2.5], dtype=float32)))
        """
        a, b = self._pair(other)
        return _wrap(self.__class__, a + b)

    @_fast_path(operator.add, reflected=True)
    def __radd__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``other + self``; shapes, dtypes and errors as ``+``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> 1 + ut.astensor(np.array([1, 2]))
        NumPyTensor(array([2, 3]))
        """
        a, b = self._pair(other)
        return _wrap(self.__class__, b + a)

    @_fast_path(operator.sub)
    def __sub__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``self - other``; shapes, dtypes and errors as ``+``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 2])) - 1
        NumPyTensor(array([0, 1]))
        """
        a, b = self._pair(other)
        return _wrap(self.__class__, a - b)

    @_fast_path(operator.sub, reflected=True)
    def __rsub__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``other - self``; shapes, dtypes and errors as ``+``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> 1 - ut.astensor(np.array([1, 2]))
        NumPyTensor(array([ 0, -1]))
        """
        a, b = self._pair(other)
        return _wrap(self.__class__, b - a)

    @_fast_path(operator.mul)
    def __mul__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``self * other``; shapes, dtypes and errors as ``+``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1.0, 2.0], dtype=np.float32)) * np.array([3.0, 4.0], np.float32)
        NumPyTensor(array([3., 8.], dtype=float32))
        """
        a, b = self._pair(other)
        return _wrap(self.__class__, a * b)

    @_fast_path(operator.mul, reflected=True)
    def __rmul__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``other * self``; shapes, dtypes and errors as ``+``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> 2 * ut.astensor(np.array([1, 2]))
        NumPyTensor(array([2, 4]))
        """
        a, b = self._pair(other)
        return _wrap(self.__class__, b * a)

    @_fast_path(_truediv)
    def __truediv__(self, other: TensorOrScalar) -> Self:
        """Elementwise true division ``self / other``; integer operands give float32.

        Shapes and errors as ``+``; floats promote as for ``+``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 2])) / 2
        NumPyTensor(array([0.5, 1. ], dtype=float32))
        """
        a, b = self._pair(other)
        return _wrap(self.__class__, self._ns.divide(a, b))

    @_fast_path(_truediv, reflected=True)
    def __rtruediv__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``other / self``; integer operands give float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> 1 / ut.astensor(np.array([2, 4]))
        NumPyTensor(array([0.5 , 0.25], dtype=float32))
        """
        a, b = self._pair(other)
        return _wrap(self.__class__, self._ns.divide(b, a))

    def __floordiv__(self, other: TensorOrScalar) -> Self:
        """Elementwise floor division (rounds toward minus infinity).

        Shapes, dtypes and errors as ``+``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([7, -7])) // 2
        NumPyTensor(array([ 3, -4]))
        """
        a, b = self._pair(other)
        return _wrap(self.__class__, a // self._nonzero_divisor(a, b))

    def __rfloordiv__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``other // self``; shapes, dtypes and errors as ``+``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> 7 // ut.astensor(np.array([2, 3]))
        NumPyTensor(array([3, 2]))
        """
        a, b = self._pair(other)
        return _wrap(self.__class__, b // self._nonzero_divisor(a, a))

    def __mod__(self, other: TensorOrScalar) -> Self:
        """Elementwise remainder with the sign of the divisor (Python's ``%``).

        Shapes, dtypes and errors as ``+``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([7, -7])) % 3
        NumPyTensor(array([1, 2]))
        """
        a, b = self._pair(other)
        return _wrap(self.__class__, a % self._nonzero_divisor(a, b))

    def __rmod__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``other % self``; shapes, dtypes and errors as ``+``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> 7 % ut.astensor(np.array([2, 4]))
        NumPyTensor(array([1, 3]))
        """
        a, b = self._pair(other)
        return _wrap(self.__class__, b % self._nonzero_divisor(a, a))

    def _nonzero_divisor(self, a: Any, divisor: Any) -> Any:
        """``divisor``, checked for zeros when the operands are integers.

        Integer division by zero is an error natively on PyTorch and
        TensorFlow but gives 0 (NumPy) or an unspecified value (JAX), so it
        is an error everywhere. Values traced inside ``jax.jit`` cannot be
        checked.

        Raises
        ------
        DivisionByZeroError
            If an integer divisor is zero.
        """
        if self._kind(a.dtype) not in "biu":
            return divisor
        if divisor.__class__ in _SCALAR_TYPES:
            zero = divisor == 0
        else:
            try:
                zero = bool(self._ns.item(self._ns.any(self._ns.equal(divisor, 0), None, False)))
            except Exception:  # a traced value (jax.jit): cannot be checked
                zero = False
        if zero:
            raise DivisionByZeroError("integer division or modulo by zero")
        return divisor

    def __pow__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``self ** other``; shapes, dtypes and errors as ``+``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([2, 3])) ** 2
        NumPyTensor(array([4, 9]))
        """
        a, b = self._pair(other)
        if b.__class__ is int and b < 0 and self._kind(a.dtype) in "iu":
            raise ValueError("integers to negative integer powers are not allowed")
        return _wrap(self.__class__, a**b)

    def __rpow__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``other ** self``; shapes, dtypes and errors as ``+``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> 2 ** ut.astensor(np.array([1, 3]))
        NumPyTensor(array([2, 8]))
        """
        a, b = self._pair(other)
        return _wrap(self.__class__, b**a)

    def __matmul__(self, other: Tensor) -> Self:
        """Matrix product ``self @ other``, see [`matmul`][unitensor.Tensor.matmul].

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> a = ut.astensor(np.eye(2, dtype=np.float32))
        >>> (a @ np.array([1.0, 2.0], dtype=np.float32))
        NumPyTensor(array([1., 2.], dtype=float32))
        """
        return self.matmul(other)

    def __rmatmul__(self, other: Tensor) -> Self:
        """Matrix product ``other @ self`` (``other`` a native array of this framework).

        Shapes and dtypes as [`matmul`][unitensor.Tensor.matmul]. Unlike
        [`matmul`][unitensor.Tensor.matmul], the shapes are not checked
        here; the framework raises its own error.

        Raises
        ------
        TypeError
            If ``other`` belongs to another framework.

        Examples
        --------
        >>> import torch
        >>> import unitensor as ut
        >>> (torch.ones(1, 2) @ ut.astensor(torch.ones(2, 3))).shape
        (1, 3)
        """
        a, b = self._pair(other, False)
        return _wrap(self.__class__, self._ns.matmul(b, a))

    def __neg__(self) -> Self:
        """Elementwise negation ``-self``; same shape and dtype.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> -ut.astensor(np.array([1, -2]))
        NumPyTensor(array([-1,  2]))
        """
        return self._numeric_op(operator.neg, "negation")

    def __pos__(self) -> Self:
        """``+self``: the tensor itself (the same object).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([1, 2]))
        >>> +x is x
        True
        """
        return self

    def __abs__(self) -> Self:
        """Elementwise absolute value ``abs(self)``, see [`abs`][unitensor.Tensor.abs].

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> abs(ut.astensor(np.array([-1, 2])))
        NumPyTensor(array([1, 2]))
        """
        return self.abs()

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
        out = _new(self.__class__)
        out.raw = fn(self.raw)
        return out

    def _numeric_op(self, fn: Callable[[Any], Any], what: str) -> Self:
        """As ``_op``, for an operation undefined on bool (``DTypeError``)."""
        a = self.raw
        if a.dtype not in self._nonbool_dtypes:
            self._not_bool(a, what)
        out = _new(self.__class__)
        out.raw = fn(a)
        return out

    def _float_op(self, fn: Callable[[Any], Any]) -> Self:
        """As ``_op``, for a float function: bool and integers go in as float32."""
        a = self.raw
        if a.dtype not in self._float_dtypes:
            a = self._floating()
        out = _new(self.__class__)
        out.raw = fn(a)
        return out

    def _integer_indices(self, idx: Any, what: str) -> None:
        """Raise ``DTypeError`` unless ``idx`` (native) has an integer dtype."""
        if self._kind(idx.dtype) not in "iu":
            raise DTypeError(f"{what} need an integer dtype, got {idx.dtype}")

    def _integer_or_bool(self, a: Any, what: str) -> Any:
        """``a`` itself if its dtype is bool or integer; else a ``DTypeError``."""
        if self._kind(a.dtype) in "fc":
            raise DTypeError(f"{what} needs bool or integer tensors, got {a.dtype}")
        return a

    def __invert__(self) -> Self:
        """Bitwise NOT ``~self``; logical NOT for bool tensors.

        Same shape and dtype; bool and integer tensors only (float input
        raises the framework's own error).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ~ut.astensor(np.array([True, False])), ~ut.astensor(np.array([0, 5]))
        (NumPyTensor(array([False,  True])), NumPyTensor(array([-1, -6])))
        """
        return _wrap(self.__class__, self._ns.bitwise_invert(self._integer_or_bool(self.raw, "~")))

    def __and__(self, other: TensorOrScalar) -> Self:
        """Bitwise AND ``self & other``; logical AND for bool tensors.

        Bool and integer operands only; shapes, dtypes and errors as ``+``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([True, True])) & np.array([True, False])
        NumPyTensor(array([ True, False]))
        """
        a, b = self._pair(other)
        return _wrap(self.__class__, self._ns.bitwise_and(self._integer_or_bool(a, "&"), b))

    def __rand__(self, other: TensorOrScalar) -> Self:
        """Bitwise ``other & self``; see ``&``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> 6 & ut.astensor(np.array([3, 4]))
        NumPyTensor(array([2, 4]))
        """
        a, b = self._pair(other)
        return _wrap(self.__class__, self._ns.bitwise_and(b, self._integer_or_bool(a, "&")))

    def __or__(self, other: TensorOrScalar) -> Self:
        """Bitwise OR ``self | other``; logical OR for bool tensors.

        Bool and integer operands only; shapes, dtypes and errors as ``+``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 2])) | 4
        NumPyTensor(array([5, 6]))
        """
        a, b = self._pair(other)
        return _wrap(self.__class__, self._ns.bitwise_or(self._integer_or_bool(a, "|"), b))

    def __ror__(self, other: TensorOrScalar) -> Self:
        """Bitwise ``other | self``; see ``|``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> 4 | ut.astensor(np.array([1, 2]))
        NumPyTensor(array([5, 6]))
        """
        a, b = self._pair(other)
        return _wrap(self.__class__, self._ns.bitwise_or(b, self._integer_or_bool(a, "|")))

    def __xor__(self, other: TensorOrScalar) -> Self:
        """Bitwise XOR ``self ^ other``; logical XOR for bool tensors.

        Bool and integer operands only; shapes, dtypes and errors as ``+``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([True, False])) ^ True
        NumPyTensor(array([False,  True]))
        """
        a, b = self._pair(other)
        return _wrap(self.__class__, self._ns.bitwise_xor(self._integer_or_bool(a, "^"), b))

    def __rxor__(self, other: TensorOrScalar) -> Self:
        """Bitwise ``other ^ self``; see ``^``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> 1 ^ ut.astensor(np.array([1, 2]))
        NumPyTensor(array([0, 3]))
        """
        a, b = self._pair(other)
        return _wrap(self.__class__, self._ns.bitwise_xor(b, self._integer_or_bool(a, "^")))

    @_fast_path(operator.lt)
    def __lt__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``self < other``: a bool tensor of the broadcast shape.

        ``other`` is a Python scalar or a tensor or native array of this
        framework; errors as ``+``.

        Raises
        ------
        DTypeError
            If the tensor is complex: complex numbers have no order.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 2, 3])) < 2
        NumPyTensor(array([ True, False, False]))
        """
        a, b = self._pair(other)
        return _wrap(self.__class__, self._real(a, "<") < b)

    @_fast_path(operator.le)
    def __le__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``self <= other``: a bool tensor of the broadcast shape.

        Raises
        ------
        DTypeError
            If the tensor is complex: complex numbers have no order.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 2, 3])) <= 2
        NumPyTensor(array([ True,  True, False]))
        """
        a, b = self._pair(other)
        return _wrap(self.__class__, self._real(a, "<=") <= b)

    @_fast_path(operator.gt)
    def __gt__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``self > other``: a bool tensor of the broadcast shape.

        Raises
        ------
        DTypeError
            If the tensor is complex: complex numbers have no order.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 2, 3])) > 2
        NumPyTensor(array([False, False,  True]))
        """
        a, b = self._pair(other)
        return _wrap(self.__class__, self._real(a, ">") > b)

    @_fast_path(operator.ge)
    def __ge__(self, other: TensorOrScalar) -> Self:
        """Elementwise ``self >= other``: a bool tensor of the broadcast shape.

        Raises
        ------
        DTypeError
            If the tensor is complex: complex numbers have no order.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 2, 3])) >= 2
        NumPyTensor(array([False,  True,  True]))
        """
        a, b = self._pair(other)
        return _wrap(self.__class__, self._real(a, ">=") >= b)

    def __eq__(self, other: object) -> Self:  # type: ignore[override]  # elementwise, as in NumPy
        """Elementwise ``self == other``: a bool tensor of the broadcast shape.

        This is why tensors are not hashable.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 2, 3])) == np.array([1, 0, 3])
        NumPyTensor(array([ True, False,  True]))
        """
        a, b = self._pair(other)
        return _wrap(self.__class__, self._ns.equal(a, b))

    def __ne__(self, other: object) -> Self:  # type: ignore[override]  # elementwise, as in NumPy
        """Elementwise ``self != other``: a bool tensor of the broadcast shape.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1.0, np.nan])) != 1.0
        NumPyTensor(array([False,  True]))
        """
        a, b = self._pair(other)
        return _wrap(self.__class__, self._ns.not_equal(a, b))

    __array_ufunc__ = None  # NumPy defers to our reflected operators

    def __getitem__(self, index: Any) -> Self:
        """Index with NumPy semantics on every backend.

        Parameters
        ----------
        index
            An int, slice (negative steps included), ``...``, ``None``, a
            bool mask or an integer array (a tensor or native array of this
            framework, or a NumPy array, wrapped or not, or a list, which
            are valid on every backend), or a tuple mixing them.
            Advanced (array) indices broadcast together and their result
            dimensions are placed as NumPy places them.

        Raises
        ------
        IndexError
            If an index is out of range or has an unsupported type.
        TypeError
            If an index tensor belongs to another framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.arange(6).reshape(2, 3))
        >>> x[:, ::-1][0]
        NumPyTensor(array([2, 1, 0]))
        >>> x[x > 3]
        NumPyTensor(array([4, 5]))
        """
        try:
            if index.__class__ is int or index.__class__ is slice:
                return _wrap(self.__class__, self._ns.getitem(self.raw, index))
            return _wrap(self.__class__, self._ns.getitem(self.raw, normalize_index(self, index)))
        except IndexError as e:
            _reraise_index_error(e)

    # ------------------------------------------------------------------
    # elementwise functions

    def abs(self) -> Self:
        """Elementwise absolute value.

        Returns
        -------
        Tensor
            Same shape and dtype.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([-1.5, 2.0], dtype=np.float32)).abs()
        NumPyTensor(array([1.5, 2. ], dtype=float32))
        """
        a = self.raw
        if a.dtype not in self._nonbool_dtypes and self._is_bool(a.dtype):
            return _wrap(self.__class__, a)  # |True| is True
        out = _new(self.__class__)
        out.raw = self._ns.abs(a)
        return out

    def sign(self) -> Self:
        """Elementwise sign: -1, 0 or 1 (NaN stays NaN).

        Returns
        -------
        Tensor
            Same shape and dtype.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([-3, 0, 5])).sign()
        NumPyTensor(array([-1,  0,  1]))
        """
        return self._numeric_op(self._ns.sign, "sign")

    def sqrt(self) -> Self:
        """Elementwise square root (NaN for negative values).

        Returns
        -------
        Tensor
            Same shape; floats keep their dtype, bool and integer input
            gives float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1.0, 4.0, 9.0], dtype=np.float32)).sqrt()
        NumPyTensor(array([1., 2., 3.], dtype=float32))
        """
        return self._float_op(self._ns.sqrt)

    def square(self) -> Self:
        """Elementwise square ``x * x``.

        Returns
        -------
        Tensor
            Same shape and dtype.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([-2, 3])).square()
        NumPyTensor(array([4, 9]))
        """
        return self._numeric_op(self._ns.square, "square")

    def pow(self, exponent: TensorOrScalar) -> Self:
        """Elementwise ``self ** exponent`` (broadcasting, promotion as ``**``).

        Parameters
        ----------
        exponent
            A Python scalar, or a tensor or native array of this framework
            that broadcasts with ``self``.

        Returns
        -------
        Tensor
            The broadcast shape; dtype by the promotion rules of
            ``docs/semantics.md`` (an integer tensor with a float exponent
            gives float32).

        Raises
        ------
        ValueError
            If the shapes do not broadcast.
        TypeError
            If ``exponent`` belongs to another framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1.0, 2.0, 3.0], dtype=np.float32)).pow(2)
        NumPyTensor(array([1., 4., 9.], dtype=float32))
        """
        return self.__pow__(exponent)

    def exp(self) -> Self:
        """Elementwise exponential ``e ** x``.

        Returns
        -------
        Tensor
            Same shape; floats keep their dtype, bool and integer input
            gives float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([0.0, 1.0], dtype=np.float32)).exp()
        NumPyTensor(array([1.      , 2.718282], dtype=float32))
        """
        return self._float_op(self._ns.exp)

    def log(self) -> Self:
        """Elementwise natural logarithm (-inf at 0, NaN for negative values).

        Returns
        -------
        Tensor
            Same shape; floats keep their dtype, bool and integer input
            gives float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1.0, np.e], dtype=np.float32)).log()
        NumPyTensor(array([0., 1.], dtype=float32))
        """
        return self._float_op(self._ns.log)

    def log1p(self) -> Self:
        """Elementwise ``log(1 + x)``, accurate near 0.

        Returns
        -------
        Tensor
            Same shape; floats keep their dtype, bool and integer input
            gives float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([0.0, 1e-8])).log1p()
        NumPyTensor(array([0.e+00, 1.e-08]))
        """
        return self._float_op(self._ns.log1p)

    def log2(self) -> Self:
        """Elementwise base-2 logarithm.

        Returns
        -------
        Tensor
            Same shape; floats keep their dtype, bool and integer input
            gives float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 8])).log2()
        NumPyTensor(array([0., 3.], dtype=float32))
        """
        return self._float_op(self._ns.log2)

    def log10(self) -> Self:
        """Elementwise base-10 logarithm.

        Returns
        -------
        Tensor
            Same shape; floats keep their dtype, bool and integer input
            gives float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 10])).log10()
        NumPyTensor(array([0., 1.], dtype=float32))
        """
        return self._float_op(self._ns.log10)

    def sin(self) -> Self:
        """Elementwise sine (radians).

        Returns
        -------
        Tensor
            Same shape; floats keep their dtype, bool and integer input
            gives float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([0.0, np.pi / 2], dtype=np.float32)).sin()
        NumPyTensor(array([0., 1.], dtype=float32))
        """
        return self._float_op(self._ns.sin)

    def cos(self) -> Self:
        """Elementwise cosine (radians).

        Returns
        -------
        Tensor
            Same shape; floats keep their dtype, bool and integer input
            gives float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([0, 0])).cos()
        NumPyTensor(array([1., 1.], dtype=float32))
        """
        return self._float_op(self._ns.cos)

    def tan(self) -> Self:
        """Elementwise tangent (radians).

        Returns
        -------
        Tensor
            Same shape; floats keep their dtype, bool and integer input
            gives float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([0.0, np.pi / 4])).tan().numpy().round(6)
        array([0., 1.])
        """
        return self._float_op(self._ns.tan)

    def arcsin(self) -> Self:
        """Elementwise inverse sine, in ``[-pi/2, pi/2]``; NaN outside ``[-1, 1]``.

        Returns
        -------
        Tensor
            Same shape; floats keep their dtype, bool and integer input
            gives float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([0.0, 1.0])).arcsin()
        NumPyTensor(array([0.        , 1.57079633]))
        """
        return self._float_op(self._ns.arcsin)

    def arccos(self) -> Self:
        """Elementwise inverse cosine, in ``[0, pi]``; NaN outside ``[-1, 1]``.

        Returns
        -------
        Tensor
            Same shape; floats keep their dtype, bool and integer input
            gives float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 0])).arccos()
        NumPyTensor(array([0.       , 1.5707964], dtype=float32))
        """
        return self._float_op(self._ns.arccos)

    def arctan(self) -> Self:
        """Elementwise inverse tangent, in ``(-pi/2, pi/2)``.

        Returns
        -------
        Tensor
            Same shape; floats keep their dtype, bool and integer input
            gives float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([0.0, 1.0])).arctan()
        NumPyTensor(array([0.        , 0.78539816]))
        """
        return self._float_op(self._ns.arctan)

    def sinh(self) -> Self:
        """Elementwise hyperbolic sine.

        Returns
        -------
        Tensor
            Same shape; floats keep their dtype, bool and integer input
            gives float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([0, 0])).sinh()
        NumPyTensor(array([0., 0.], dtype=float32))
        """
        return self._float_op(self._ns.sinh)

    def cosh(self) -> Self:
        """Elementwise hyperbolic cosine.

        Returns
        -------
        Tensor
            Same shape; floats keep their dtype, bool and integer input
            gives float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([0.0, 1.0])).cosh()
        NumPyTensor(array([1.        , 1.54308063]))
        """
        return self._float_op(self._ns.cosh)

    def tanh(self) -> Self:
        """Elementwise hyperbolic tangent, in ``[-1, 1]``.

        Returns
        -------
        Tensor
            Same shape; floats keep their dtype, bool and integer input
            gives float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([0.0, 1.0])).tanh()
        NumPyTensor(array([0.        , 0.76159416]))
        """
        return self._float_op(self._ns.tanh)

    def arcsinh(self) -> Self:
        """Elementwise inverse hyperbolic sine.

        Returns
        -------
        Tensor
            Same shape; floats keep their dtype, bool and integer input
            gives float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([0.0, 1.0])).arcsinh()
        NumPyTensor(array([0.        , 0.88137359]))
        """
        return self._float_op(self._ns.arcsinh)

    def arccosh(self) -> Self:
        """Elementwise inverse hyperbolic cosine; NaN below 1.

        Returns
        -------
        Tensor
            Same shape; floats keep their dtype, bool and integer input
            gives float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1.0, 2.0])).arccosh()
        NumPyTensor(array([0.        , 1.3169579]))
        """
        return self._float_op(self._ns.arccosh)

    def arctanh(self) -> Self:
        """Elementwise inverse hyperbolic tangent; +-inf at +-1, NaN outside ``[-1, 1]``.

        Returns
        -------
        Tensor
            Same shape; floats keep their dtype, bool and integer input
            gives float32.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([0.0, 0.5])).arctanh()
        NumPyTensor(array([0.        , 0.54930614]))
        """
        return self._float_op(self._ns.arctanh)

    def round(self) -> Self:
        """Round to the nearest integer, halves to even (as NumPy).

        Returns
        -------
        Tensor
            Same shape and dtype (floats stay floats).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([0.5, 1.5, -1.7], dtype=np.float32)).round()
        NumPyTensor(array([ 0.,  2., -2.], dtype=float32))
        """
        return self._op(self._ns.round)

    def ceil(self) -> Self:
        """Elementwise ceiling (smallest integer not below ``x``).

        Returns
        -------
        Tensor
            Same shape and dtype (floats stay floats).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1.2, -1.2], dtype=np.float32)).ceil()
        NumPyTensor(array([ 2., -1.], dtype=float32))
        """
        return self._op(self._ns.ceil)

    def floor(self) -> Self:
        """Elementwise floor (largest integer not above ``x``).

        Returns
        -------
        Tensor
            Same shape and dtype (floats stay floats).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1.2, -1.2], dtype=np.float32)).floor()
        NumPyTensor(array([ 1., -2.], dtype=float32))
        """
        return self._op(self._ns.floor)

    def isnan(self) -> Self:
        """Elementwise test for NaN.

        Returns
        -------
        Tensor
            Same shape, bool (all False for integers).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1.0, np.nan])).isnan()
        NumPyTensor(array([False,  True]))
        """
        return self._op(self._ns.isnan)

    def isinf(self) -> Self:
        """Elementwise test for +-inf.

        Returns
        -------
        Tensor
            Same shape, bool (all False for integers).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1.0, -np.inf, np.nan])).isinf()
        NumPyTensor(array([False,  True, False]))
        """
        return self._op(self._ns.isinf)

    def isfinite(self) -> Self:
        """Elementwise test for finite values (neither NaN nor +-inf).

        Returns
        -------
        Tensor
            Same shape, bool (all True for integers).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1.0, np.inf, np.nan])).isfinite()
        NumPyTensor(array([ True, False, False]))
        """
        return self._op(self._ns.isfinite)

    def logical_not(self) -> Self:
        """Elementwise logical NOT (non-zero counts as True).

        Returns
        -------
        Tensor
            Same shape, bool.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([0, 2])).logical_not()
        NumPyTensor(array([ True, False]))
        """
        return self._op(self._ns.logical_not)

    def logical_and(self, other: TensorOrScalar) -> Self:
        """Elementwise logical AND (non-zero counts as True).

        Parameters
        ----------
        other
            A Python scalar, or a tensor or native array of this framework
            that broadcasts with ``self``.

        Returns
        -------
        Tensor
            The broadcast shape, bool.

        Raises
        ------
        ValueError
            If the shapes do not broadcast.
        TypeError
            If ``other`` belongs to another framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([True, True, False]))
        >>> x.logical_and(np.array([True, False, False]))
        NumPyTensor(array([ True, False, False]))
        """
        a, b = self._pair(other)
        return _wrap(self.__class__, self._ns.logical_and(a, b))

    def logical_or(self, other: TensorOrScalar) -> Self:
        """Elementwise logical OR (non-zero counts as True).

        Parameters
        ----------
        other
            A Python scalar, or a tensor or native array of this framework
            that broadcasts with ``self``.

        Returns
        -------
        Tensor
            The broadcast shape, bool.

        Raises
        ------
        ValueError
            If the shapes do not broadcast.
        TypeError
            If ``other`` belongs to another framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([True, False, False]))
        >>> x.logical_or(np.array([False, True, False]))
        NumPyTensor(array([ True,  True, False]))
        """
        a, b = self._pair(other)
        return _wrap(self.__class__, self._ns.logical_or(a, b))

    def minimum(self, other: TensorOrScalar) -> Self:
        """Elementwise minimum of ``self`` and ``other`` (NaN propagates).

        Parameters
        ----------
        other
            A Python scalar, or a tensor or native array of this framework
            that broadcasts with ``self``.

        Returns
        -------
        Tensor
            The broadcast shape; dtype promoted as for ``+``.

        Raises
        ------
        ValueError
            If the shapes do not broadcast.
        TypeError
            If ``other`` belongs to another framework.
        DTypeError
            If the tensor is complex: complex numbers have no order.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 5, 3])).minimum(2)
        NumPyTensor(array([1, 2, 2]))
        """
        a, b = self._pair(other)
        return _wrap(self.__class__, self._ns.minimum(self._real(a, "minimum"), b))

    def maximum(self, other: TensorOrScalar) -> Self:
        """Elementwise maximum of ``self`` and ``other`` (NaN propagates).

        Parameters
        ----------
        other
            A Python scalar, or a tensor or native array of this framework
            that broadcasts with ``self``.

        Returns
        -------
        Tensor
            The broadcast shape; dtype promoted as for ``+``.

        Raises
        ------
        ValueError
            If the shapes do not broadcast.
        TypeError
            If ``other`` belongs to another framework.
        DTypeError
            If the tensor is complex: complex numbers have no order.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 5, 3])).maximum(2)
        NumPyTensor(array([2, 5, 3]))
        """
        a, b = self._pair(other)
        return _wrap(self.__class__, self._ns.maximum(self._real(a, "maximum"), b))

    def clip(self, min_: TensorOrScalar | None, max_: TensorOrScalar | None) -> Self:
        """Limit values to ``[min_, max_]``; ``None`` leaves that side open.

        The bounds may be scalars or tensors that broadcast against
        ``self``; the result dtype follows the promotion rules (an integer
        tensor clipped to float bounds gives float32). A number bound beyond
        a float dtype's range is the infinity on its side (NumPy converts it
        to the dtype first: 70000 is inf in float16); one beyond an integer
        dtype's range clips nothing on its side.

        Parameters
        ----------
        min_, max_
            Lower and upper bound: a Python scalar, a tensor or native array
            of this framework, or ``None`` for no bound.

        Returns
        -------
        Tensor
            The broadcast shape of ``self`` and the bounds; dtype promoted
            as for ``+``.

        Raises
        ------
        ValueError
            If a bound does not broadcast with ``self``.
        TypeError
            If a bound belongs to another framework.
        DTypeError
            If the tensor is complex: complex numbers have no order.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([-2.0, 0.5, 3.0], dtype=np.float32))
        >>> x.clip(0, 1)
        NumPyTensor(array([0. , 0.5, 1. ], dtype=float32))
        >>> x.clip(None, 1)
        NumPyTensor(array([-2. ,  0.5,  1. ], dtype=float32))
        """
        if isinstance(min_, bool | int | float) and isinstance(max_, bool | int | float):
            a = self.raw
            if a.dtype in self._float_dtypes:  # a float tensor takes float bounds as they are
                if min_.__class__ is not float:
                    min_ = float(min_)
                if max_.__class__ is not float:
                    max_ = float(max_)
            else:
                self._real(a, "clip")
                a = self._for_scalar(self._for_scalar(a, min_), max_)
                min_, max_ = self._clip_bounds(a.dtype, min_, max_)
            out = _new(self.__class__)
            out.raw = self._ns.clip(a, min_, max_)
            return out
        self._real(self.raw, "clip")
        out = self
        if min_ is not None:
            out = out.maximum(min_)
        if max_ is not None:
            out = out.minimum(max_)
        return out

    def where(self, x: TensorOrScalar, y: TensorOrScalar) -> Self:
        """``x`` where ``self`` (the condition) is true, else ``y``.

        See [`unitensor.where`][unitensor.where].

        Parameters
        ----------
        x, y
            Tensors or native arrays of this framework, or Python scalars;
            they broadcast with ``self``. A non-bool condition counts as
            true where non-zero.

        Returns
        -------
        Tensor
            The broadcast shape. Two tensors promote as ``+``; a tensor and
            a scalar follow the scalar rule; two Python ints give int64
            (int32 on JAX without 64-bit mode), two floats float32.

        Raises
        ------
        ValueError
            If the shapes do not broadcast.
        TypeError
            If ``x`` or ``y`` belongs to another framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([-1.0, 2.0], dtype=np.float32))
        >>> (x > 0).where(x, 0)
        NumPyTensor(array([0., 2.], dtype=float32))
        """
        cls = type(self)
        ns = self._ns
        cond = self.raw
        if self._dtype_name(cond.dtype) != "bool":
            cond = ns.astype(cond, cls._native_dtype("bool"))
        x_is_scalar = x.__class__ in _SCALAR_TYPES
        y_is_scalar = y.__class__ in _SCALAR_TYPES
        if isinstance(x, bool | int | float) and isinstance(y, bool | int | float):
            name = dtypes.result_name(
                dtypes.scalar_result_name("bool", x), dtypes.scalar_result_name("bool", y)
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

    def _reduce(self, fn: Any, a: Any, axis: Axes, keepdims: bool) -> Self:
        """Apply a reduction primitive; ``axis=()`` reduces nothing (NumPy)."""
        axes: int | tuple[int, ...] | None
        if axis is None:
            axes = None
        elif type(axis) is int and -(n := len(a.shape)) <= axis < n:  # the common case
            axes = axis + n if axis < 0 else axis
        else:
            axes = self._axes(axis)
            if axes == ():  # reduce over a new axis of length 1: values kept, dtype rule applied
                return _wrap(self.__class__, fn(self._ns.expand_dims(a, 0), (0,), False))
        out = _new(self.__class__)
        out.raw = fn(a, axes, keepdims)
        return out

    def sum(self, axis: Axes = None, keepdims: bool = False) -> Self:
        """Sum over ``axis`` (all axes for ``None``).

        Parameters
        ----------
        axis
            An int, a tuple of ints, or ``None`` for all axes; negative
            axes count from the end. ``()`` reduces nothing.
        keepdims
            Keep the reduced axes with length 1.

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
        TypeError
            If an axis is not an int.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([[1, 2], [3, 4]], dtype=np.int32))
        >>> x.sum()
        NumPyTensor(np.int64(10))
        >>> x.sum(axis=0, keepdims=True)
        NumPyTensor(array([[4, 6]]))
        """
        return self._reduce(self._accumulating(self._ns.sum, self.raw), self.raw, axis, keepdims)

    def prod(self, axis: Axes = None, keepdims: bool = False) -> Self:
        """Product over ``axis`` (all axes for ``None``).

        Parameters
        ----------
        axis
            An int, a tuple of ints, or ``None`` for all axes.
        keepdims
            Keep the reduced axes with length 1.

        Returns
        -------
        Tensor
            The reduced shape. Bool and integer input gives int64 (int32 on
            JAX without 64-bit mode); floats keep their dtype. The product
            of an empty axis is 1.

        Raises
        ------
        AxisError
            If an axis is out of range or repeated.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([[1.0, 2.0], [3.0, 4.0]], dtype=np.float32)).prod(axis=1)
        NumPyTensor(array([ 2., 12.], dtype=float32))
        """
        return self._reduce(self._accumulating(self._ns.prod, self.raw), self.raw, axis, keepdims)

    def mean(self, axis: Axes = None, keepdims: bool = False) -> Self:
        """Arithmetic mean over ``axis`` (all axes for ``None``).

        Parameters
        ----------
        axis
            An int, a tuple of ints, or ``None`` for all axes.
        keepdims
            Keep the reduced axes with length 1.

        Returns
        -------
        Tensor
            The reduced shape; floats keep their dtype, bool and integer
            input gives float32. The mean of an empty axis is NaN.

        Raises
        ------
        AxisError
            If an axis is out of range or repeated.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([[1, 2], [3, 4]])).mean(axis=0)
        NumPyTensor(array([2., 3.], dtype=float32))
        """
        a = self._floating_any()
        return self._reduce(self._accumulating(self._ns.mean, a), a, axis, keepdims)

    def _floating_any(self) -> Any:
        """``raw`` as float32 if integer or bool, on every backend."""
        a = self.raw
        if a.dtype in self._float_dtypes:
            return a
        target = self._float_cache.get(a.dtype, _MISSING)
        if target is _MISSING:
            cls = type(self)
            float_kind = cls._kind(a.dtype) in "fc"
            target = None if float_kind else cls._native_dtype(dtypes.DEFAULT_FLOAT)
            self._float_cache[a.dtype] = target
        return a if target is None else self._ns.astype(a, target)

    def min(self, axis: Axes = None, keepdims: bool = False) -> Self:
        """Minimum over ``axis`` (all axes for ``None``; NaN propagates).

        Parameters
        ----------
        axis
            An int, a tuple of ints, or ``None`` for all axes.
        keepdims
            Keep the reduced axes with length 1.

        Returns
        -------
        Tensor
            The reduced shape, same dtype.

        Raises
        ------
        AxisError
            If an axis is out of range or repeated.
        ValueError
            If a reduced axis is empty (there is no identity).
        DTypeError
            If the tensor is complex: complex numbers have no order.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([[3, 1], [2, 4]])).min(axis=1)
        NumPyTensor(array([1, 2]))
        """
        self._check_nonempty(self._axes(axis), "min")
        return self._reduce(self._ns.min, self._real(self.raw, "min"), axis, keepdims)

    def max(self, axis: Axes = None, keepdims: bool = False) -> Self:
        """Maximum over ``axis`` (all axes for ``None``; NaN propagates).

        Parameters
        ----------
        axis
            An int, a tuple of ints, or ``None`` for all axes.
        keepdims
            Keep the reduced axes with length 1.

        Returns
        -------
        Tensor
            The reduced shape, same dtype.

        Raises
        ------
        AxisError
            If an axis is out of range or repeated.
        ValueError
            If a reduced axis is empty (there is no identity).
        DTypeError
            If the tensor is complex: complex numbers have no order.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([[3, 1], [2, 4]])).max(axis=1)
        NumPyTensor(array([3, 4]))
        """
        self._check_nonempty(self._axes(axis), "max")
        return self._reduce(self._ns.max, self._real(self.raw, "max"), axis, keepdims)

    def _check_nonempty(self, axes: tuple[int, ...] | None, what: str) -> None:
        """Raise ``ValueError`` if a reduction without identity meets an empty axis."""
        shape = self.raw.shape
        if 0 in shape and (axes is None or builtins.any(shape[a] == 0 for a in axes)):
            raise ShapeError(f"{what} of an empty axis has no identity; shape {self.shape}")

    def all(self, axis: Axes = None, keepdims: bool = False) -> Self:
        """Whether all elements along ``axis`` are true (non-zero).

        Parameters
        ----------
        axis
            An int, a tuple of ints, or ``None`` for all axes.
        keepdims
            Keep the reduced axes with length 1.

        Returns
        -------
        Tensor
            The reduced shape, bool (True for an empty axis).

        Raises
        ------
        AxisError
            If an axis is out of range or repeated.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([[1, 0], [2, 3]])).all(axis=1)
        NumPyTensor(array([False,  True]))
        """
        return self._reduce(self._ns.all, self.raw, axis, keepdims)

    def any(self, axis: Axes = None, keepdims: bool = False) -> Self:
        """Whether any element along ``axis`` is true (non-zero).

        Parameters
        ----------
        axis
            An int, a tuple of ints, or ``None`` for all axes.
        keepdims
            Keep the reduced axes with length 1.

        Returns
        -------
        Tensor
            The reduced shape, bool (False for an empty axis).

        Raises
        ------
        AxisError
            If an axis is out of range or repeated.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([[0, 0], [0, 3]])).any(axis=1)
        NumPyTensor(array([False,  True]))
        """
        return self._reduce(self._ns.any, self.raw, axis, keepdims)

    def _arg_reduce(self, name: str, axis: int | None, keepdims: bool) -> Self:
        """Shared body of [`argmin`][unitensor.Tensor.argmin] and
        [`argmax`][unitensor.Tensor.argmax]."""
        fn = getattr(self._ns, name)
        self._real(self.raw, name)
        self._check_nonempty(None if axis is None else (self._axis(axis),), name)
        if axis is None:
            n = len(self.raw.shape)
            out = fn(self._ns.reshape(self.raw, (-1,)), 0)
            if keepdims:
                out = self._ns.reshape(out, (1,) * n)
            return _wrap(self.__class__, out)
        ax = self._axis(axis)
        out = fn(self.raw, ax)
        if keepdims:
            out = self._ns.expand_dims(out, ax)
        return _wrap(self.__class__, out)

    def argmin(self, axis: int | None = None, keepdims: bool = False) -> Self:
        """Index of the first minimum along ``axis`` (flattened for ``None``).

        Parameters
        ----------
        axis
            One axis, or ``None`` to index into the flattened tensor.
        keepdims
            Keep the reduced axis (all axes for ``None``) with length 1.

        Returns
        -------
        Tensor
            The reduced shape (0-d for ``None``), int64 (int32 on JAX
            without 64-bit mode).

        Raises
        ------
        AxisError
            If ``axis`` is out of range.
        TypeError
            If ``axis`` is not an int.
        ValueError
            If the reduced axis (or the tensor, for ``None``) is empty.
        DTypeError
            If the tensor is complex: complex numbers have no order.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([[3, 1, 1], [0, 5, 2]]))
        >>> x.argmin(axis=1)
        NumPyTensor(array([1, 0]))
        >>> x.argmin().item()
        3
        """
        return self._arg_reduce("argmin", axis, keepdims)

    def argmax(self, axis: int | None = None, keepdims: bool = False) -> Self:
        """Index of the first maximum along ``axis`` (flattened for ``None``).

        Parameters
        ----------
        axis
            One axis, or ``None`` to index into the flattened tensor.
        keepdims
            Keep the reduced axis (all axes for ``None``) with length 1.

        Returns
        -------
        Tensor
            The reduced shape (0-d for ``None``), int64 (int32 on JAX
            without 64-bit mode).

        Raises
        ------
        AxisError
            If ``axis`` is out of range.
        TypeError
            If ``axis`` is not an int.
        ValueError
            If the reduced axis (or the tensor, for ``None``) is empty.
        DTypeError
            If the tensor is complex: complex numbers have no order.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([[3, 1, 3], [0, 5, 2]]))
        >>> x.argmax(axis=1, keepdims=True)
        NumPyTensor(array([[0],
                           [1]]))
        >>> x.argmax().item()
        4
        """
        return self._arg_reduce("argmax", axis, keepdims)

    def cumsum(self, axis: int | None = None) -> Self:
        """Cumulative sum along ``axis`` (of the flattened tensor for ``None``).

        Parameters
        ----------
        axis
            One axis, or ``None`` to sum the flattened tensor.

        Returns
        -------
        Tensor
            Same shape (1-d of length ``size`` for ``None``). Bool and
            integer input gives int64 (int32 on JAX without 64-bit mode);
            floats keep their dtype.

        Raises
        ------
        AxisError
            If ``axis`` is out of range.
        TypeError
            If ``axis`` is not an int.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([[1, 2], [3, 4]]))
        >>> x.cumsum()
        NumPyTensor(array([ 1,  3,  6, 10]))
        >>> x.cumsum(axis=0)
        NumPyTensor(array([[1, 2],
                           [4, 6]]))
        """
        fn = self._accumulating(self._ns.cumsum, self.raw)
        if axis is None:
            return _wrap(self.__class__, fn(self._ns.reshape(self.raw, (-1,)), 0))
        return _wrap(self.__class__, fn(self.raw, self._axis(axis)))

    def logsumexp(self, axis: Axes = None, keepdims: bool = False) -> Self:
        """``log(sum(exp(x)))`` over ``axis``, computed without overflow.

        Parameters
        ----------
        axis
            An int, a tuple of ints, or ``None`` for all axes.
        keepdims
            Keep the reduced axes with length 1.

        Returns
        -------
        Tensor
            The reduced shape, as for [`sum`][unitensor.Tensor.sum]. Floats
            keep their dtype; bool and integer input gives float32.

        Raises
        ------
        AxisError
            If an axis is out of range or repeated.
        ValueError
            If a reduced axis is empty, on NumPy (no fused ``logsumexp``);
            PyTorch, TensorFlow and JAX use their own ``logsumexp`` there
            (PyTorch returns -inf).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([[0.0, 0.0], [1000.0, 1000.0]], dtype=np.float32))
        >>> x.logsumexp(axis=1) - np.log(2).astype(np.float32)
        NumPyTensor(array([   0., 1000.], dtype=float32))
        """
        axes = self._axes(axis)
        fused = self._ns.logsumexp
        if fused is not None and axes != ():
            return _wrap(self.__class__, fused(self._floating_any(), axes, keepdims))
        x = _wrap(self.__class__, self._floating_any())
        m = x.max(axes, keepdims=True)
        m = m.isfinite().where(m, 0)
        s = (x - m).exp().sum(axes, keepdims=keepdims).log()
        return s + (m if keepdims else m.reshape(s.shape))

    # ------------------------------------------------------------------
    # sorting

    def sort(self, axis: int = -1) -> Self:
        """Values sorted ascending along ``axis``.

        Parameters
        ----------
        axis
            The axis to sort along (the last by default).

        Returns
        -------
        Tensor
            Same shape and dtype.

        Raises
        ------
        AxisError
            If ``axis`` is out of range.
        TypeError
            If ``axis`` is not an int.
        DTypeError
            If the tensor is complex: complex numbers have no order.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([3, 1, 2])).sort()
        NumPyTensor(array([1, 2, 3]))
        """
        return _wrap(self.__class__, self._ns.sort(self._real(self.raw, "sort"), self._axis(axis)))

    def argsort(self, axis: int = -1) -> Self:
        """Indices that sort ``self`` ascending along ``axis`` (stable).

        Parameters
        ----------
        axis
            The axis to sort along (the last by default).

        Returns
        -------
        Tensor
            Same shape, int64 (int32 on JAX without 64-bit mode). Equal
            values keep their order.

        Raises
        ------
        AxisError
            If ``axis`` is out of range.
        TypeError
            If ``axis`` is not an int.
        DTypeError
            If the tensor is complex: complex numbers have no order.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([3, 1, 3, 0])).argsort()
        NumPyTensor(array([3, 1, 0, 2]))
        """
        return _wrap(
            self.__class__, self._ns.argsort(self._real(self.raw, "argsort"), self._axis(axis))
        )

    def topk(
        self, k: int, axis: int = -1, largest: bool = True, sorted: bool = True
    ) -> tuple[Self, Self]:
        """The ``k`` largest (or smallest) values along ``axis`` and their indices.

        Parameters
        ----------
        k
            How many values to take, in ``[0, shape[axis]]``.
        axis
            The axis to search (the last by default).
        largest
            Take the largest values (``False``: the smallest).
        sorted
            Return the values in order.

        Returns
        -------
        (values, indices)
            Both with ``self``'s shape except ``k`` along ``axis``; values in
            ``self``'s dtype, indices int64 (int32 on JAX). Values are in
            descending order (ascending for ``largest=False``); among equal
            values the lower index comes first; NaN counts as larger than
            every number (as in NumPy's sort). ``sorted=False`` is accepted
            and gives the sorted order.

        Raises
        ------
        ValueError
            If ``k`` is not in ``[0, shape[axis]]``.
        AxisError
            If ``axis`` is out of range.
        DTypeError
            If the tensor is complex: complex numbers have no order.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> values, indices = ut.astensor(np.array([1, 7, 3, 5])).topk(2)
        >>> values, indices
        (NumPyTensor(array([7, 5])), NumPyTensor(array([1, 3])))
        """
        ax = self._axis(axis)
        self._real(self.raw, "topk")
        n = self.raw.shape[ax]
        if not 0 <= k <= n:
            raise ShapeError(f"k={k} is out of range for an axis of length {n}")
        fused = self._ns.topk
        if fused is not None:
            values, indices = fused(self.raw, k, ax, largest, sorted)
            return _wrap(self.__class__, values), _wrap(self.__class__, indices)
        if largest:  # stable descending order: sort the reversed axis, reverse back
            order = (n - 1) - self.flip(ax).argsort(ax).flip(ax)
        else:
            order = self.argsort(ax)
        indices_t = order[(slice(None),) * ax + (slice(0, k),)]
        return self.take_along_axis(indices_t, ax), indices_t

    # ------------------------------------------------------------------
    # shape

    def reshape(self, shape: int | Sequence[int]) -> Self:
        """The same values in a new shape (one entry may be -1).

        Parameters
        ----------
        shape
            An int or a sequence of ints; one entry may be -1 and is then
            inferred from the size.

        Returns
        -------
        Tensor
            Shape ``shape``, same dtype, values in row-major (C) order.

        Raises
        ------
        ValueError
            If the new shape holds a different number of elements, has
            more than one -1, or has another negative entry.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.arange(6))
        >>> x.reshape((2, -1))
        NumPyTensor(array([[0, 1, 2],
                           [3, 4, 5]]))
        """
        shape = (shape,) if isinstance(shape, int) else tuple(int(s) for s in shape)
        known = 1
        unknown = 0
        for s in shape:
            if s == -1:
                unknown += 1
            elif s < 0:
                raise ShapeError(f"invalid dimension {s} in reshape to {shape}")
            else:
                known *= s
        size = self.size
        if (
            unknown > 1
            or (unknown == 0 and known != size)
            or (unknown == 1 and (known == 0 or size % known != 0))
        ):
            raise ShapeError(f"cannot reshape a tensor of shape {self.shape} into {shape}")
        return _wrap(self.__class__, self._ns.reshape(self.raw, shape))

    def flatten(self, start: int = 0, end: int = -1) -> Self:
        """Merge axes ``start`` to ``end`` (inclusive) into one axis.

        Parameters
        ----------
        start, end
            The first and last axis to merge (negative counts from the end).

        Returns
        -------
        Tensor
            Same dtype; the merged axes replaced by one axis of their
            product. A 0-d tensor gives shape ``(1,)``.

        Raises
        ------
        AxisError
            If ``start`` or ``end`` is out of range.
        ValueError
            If ``start`` comes after ``end``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.zeros((2, 3, 4)))
        >>> x.flatten().shape, x.flatten(1).shape, x.flatten(0, 1).shape
        ((24,), (2, 12), (6, 4))
        """
        shape = self.shape
        if not shape:
            return self.reshape((1,))
        s, e = self._axis(start), self._axis(end)
        if s > e:
            raise AxisError(f"flatten: start axis {start} comes after end axis {end}")
        n = 1
        for d in shape[s : e + 1]:
            n *= d
        return _wrap(self.__class__, self._ns.reshape(self.raw, (*shape[:s], n, *shape[e + 1 :])))

    def transpose(self, axes: Sequence[int] | None = None) -> Self:
        """Permute the axes (reverse them for ``None``).

        Parameters
        ----------
        axes
            A permutation of the axes (negative axes allowed): output axis
            ``i`` is input axis ``axes[i]``. ``None`` reverses them.

        Returns
        -------
        Tensor
            Shape ``tuple(shape[a] for a in axes)``, same dtype.

        Raises
        ------
        ValueError
            If ``axes`` is not a permutation of ``range(ndim)``.
        AxisError
            If an axis is out of range.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.zeros((2, 3, 4)))
        >>> x.transpose().shape, x.transpose((0, 2, 1)).shape
        ((4, 3, 2), (2, 4, 3))
        """
        n = len(self.raw.shape)
        if axes is None:
            perm = tuple(range(n - 1, -1, -1))
        else:
            perm = tuple(self._axis(a) for a in axes)
            if sorted(perm) != list(range(n)):
                raise AxisError(f"axes {tuple(axes)} are not a permutation of {n} axes")
        return _wrap(self.__class__, self._ns.transpose(self.raw, perm))

    def squeeze(self, axis: Axes = None) -> Self:
        """Remove axes of length 1 (all of them for ``None``).

        Parameters
        ----------
        axis
            An int or tuple of ints naming axes of length 1, or ``None``
            for every axis of length 1.

        Returns
        -------
        Tensor
            Same values and dtype, without those axes.

        Raises
        ------
        ValueError
            If a named axis does not have length 1.
        AxisError
            If an axis is out of range or repeated.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.zeros((1, 3, 1)))
        >>> x.squeeze().shape, x.squeeze(0).shape
        ((3,), (3, 1))
        """
        shape = self.raw.shape
        axes = self._axes(axis)
        if axes is None:
            axes = tuple(i for i, d in enumerate(shape) if d == 1)
        else:
            for a in axes:
                if shape[a] != 1:
                    raise ShapeError(f"cannot squeeze axis {a} of length {shape[a]}")
        return _wrap(self.__class__, self._ns.squeeze(self.raw, axes))

    def expand_dims(self, axis: int) -> Self:
        """Insert an axis of length 1 at position ``axis`` (in ``[-ndim-1, ndim]``).

        Parameters
        ----------
        axis
            The position of the new axis in the result; negative counts
            from the end of the result.

        Returns
        -------
        Tensor
            Rank ``ndim + 1``, same values and dtype.

        Raises
        ------
        AxisError
            If ``axis`` is not in ``[-ndim-1, ndim]``.
        TypeError
            If ``axis`` is not an int.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.zeros((2, 3)))
        >>> x.expand_dims(0).shape, x.expand_dims(-1).shape
        ((1, 2, 3), (2, 3, 1))
        """
        ax = self._axis(axis, len(self.raw.shape) + 1)
        return _wrap(self.__class__, self._ns.expand_dims(self.raw, ax))

    def tile(self, multiples: Sequence[int]) -> Self:
        """Repeat the tensor ``multiples[i]`` times along axis ``i``.

        Parameters
        ----------
        multiples
            One non-negative int per axis.

        Returns
        -------
        Tensor
            Shape ``shape[i] * multiples[i]``, same dtype.

        Raises
        ------
        ValueError
            If ``len(multiples) != ndim``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 2])).tile((3,))
        NumPyTensor(array([1, 2, 1, 2, 1, 2]))
        """
        multiples = tuple(int(m) for m in multiples)
        if builtins.any(m < 0 for m in multiples):
            raise ShapeError(f"tile: negative multiple in {multiples}")
        if len(multiples) != len(self.raw.shape):
            raise ShapeError(f"tile needs {len(self.raw.shape)} multiples, got {len(multiples)}")
        return _wrap(self.__class__, self._ns.tile(self.raw, multiples))

    def flip(self, axis: Axes = None) -> Self:
        """Reverse the order of elements along ``axis`` (all axes for ``None``).

        Parameters
        ----------
        axis
            An int, a tuple of ints, or ``None`` for all axes.

        Returns
        -------
        Tensor
            Same shape and dtype.

        Raises
        ------
        AxisError
            If an axis is out of range or repeated.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([[1, 2], [3, 4]]))
        >>> x.flip(1)
        NumPyTensor(array([[2, 1],
                           [4, 3]]))
        """
        axes = self._axes(axis)
        if axes is None:
            axes = tuple(range(len(self.raw.shape)))
        return _wrap(self.__class__, self._ns.flip(self.raw, axes))

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

        Returns
        -------
        Tensor
            Shape ``shape[i] + before_i + after_i``, same dtype.

        Raises
        ------
        ValueError
            For a wrong number of pairs, negative pads, an unknown mode, or
            reflect/edge padding of an empty axis.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([1, 2, 3]))
        >>> x.pad(((1, 2),))
        NumPyTensor(array([0, 1, 2, 3, 0, 0]))
        >>> x.pad(((2, 1),), mode="reflect")
        NumPyTensor(array([3, 2, 1, 2, 3, 2]))
        """
        shape = self.raw.shape
        pads = tuple((int(b), int(a)) for b, a in paddings)
        if len(pads) != len(shape):
            raise ShapeError(f"pad needs {len(shape)} (before, after) pairs, got {len(pads)}")
        if builtins.any(b < 0 or a < 0 for b, a in pads):
            raise ShapeError(f"pad widths must be non-negative, got {pads}")
        if not pads:  # a 0-d tensor: nothing to pad
            return _wrap(self.__class__, self.raw)
        if mode == "constant":
            return _wrap(self.__class__, self._ns.pad_constant(self.raw, pads, value))
        if mode not in ("reflect", "edge"):
            raise ValueError(f"unknown pad mode {mode!r}; use 'constant', 'reflect' or 'edge'")
        out = self
        for ax, (before, after) in enumerate(pads):
            if before == 0 and after == 0:
                continue
            n = int(shape[ax])
            if n == 0:
                raise ShapeError(f"cannot {mode}-pad the empty axis {ax}")
            index = [_pad_source(i, n, mode) for i in range(-before, n + after)]
            out = _wrap(
                self.__class__, self._ns.take(out.raw, self._ns.asarray(index, None, self.raw), ax)
            )
        return out

    # ------------------------------------------------------------------
    # linear algebra and machine learning

    def matmul(self, other: Tensor) -> Self:
        """Matrix product with NumPy's ``matmul`` semantics.

        1-d operands are treated as vectors; leading axes broadcast as a
        batch. Dtypes promote as ``+``.

        Parameters
        ----------
        other
            A tensor or native array of this framework, at least 1-d.

        Returns
        -------
        Tensor
            ``(..., n, k) @ (..., k, m)`` gives ``(..., n, m)``; a 1-d
            operand's vector axis is dropped from the result (two vectors
            give a 0-d tensor). Dtype promoted as for ``+``.

        Raises
        ------
        ValueError
            If the inner dimensions differ or an operand is 0-d.
        TypeError
            If ``other`` belongs to another framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> a = ut.astensor(np.array([[1.0, 2.0], [3.0, 4.0]], dtype=np.float32))
        >>> a.matmul(np.array([1.0, 1.0], dtype=np.float32))
        NumPyTensor(array([3., 7.], dtype=float32))
        >>> (a @ a).shape
        (2, 2)
        """
        a, b = self._pair(other, False)
        if not hasattr(b, "shape") or len(a.shape) == 0 or len(b.shape) == 0:
            raise ShapeError("matmul does not take scalars or 0-d tensors; use * instead")
        ka = a.shape[-1]
        kb = b.shape[0] if len(b.shape) == 1 else b.shape[-2]
        if ka != kb:
            raise ShapeError(
                f"matmul: inner dimensions differ, {tuple(a.shape)} @ {tuple(b.shape)}"
            )
        if len(a.shape) > 2 or len(b.shape) > 2:
            _check_broadcast(tuple(a.shape[:-2]), tuple(b.shape[:-2]))
        if self._dtype_name(a.dtype) == "bool":  # as NumPy: any(a_ik and b_kj)
            i32 = self._native_dtype("int32")
            ns = self._ns
            product = ns.matmul(ns.astype(a, i32), ns.astype(b, i32))
            return _wrap(self.__class__, ns.not_equal(product, 0))
        return _wrap(self.__class__, self._ns.matmul(a, b))

    def _check_square(self, what: str) -> None:
        shape = self.shape
        if len(shape) < 2 or shape[-1] != shape[-2]:
            raise ShapeError(f"{what} needs (..., n, n) square matrices, got shape {shape}")

    def inv(self) -> Self:
        """Inverse of the square matrices in the last two axes.

        Input (..., n, n) float; output the same shape and dtype.

        Returns
        -------
        Tensor
            Shape (..., n, n); floats keep their dtype, bool and integer
            input gives float32. What a singular matrix gives depends on
            the framework (an error, or inf/NaN values).

        Raises
        ------
        ValueError
            If the tensor is not at least 2-d or the last two axes are not
            square.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([[2.0, 0.0], [0.0, 4.0]], dtype=np.float32)).inv()
        NumPyTensor(array([[0.5 , 0.  ],
                           [0.  , 0.25]], dtype=float32))
        """
        self._check_square("inv")
        return _wrap(self.__class__, self._ns.inv(self._floating_any()))

    def slogdet(self) -> tuple[Self, Self]:
        """Sign and natural log of the absolute determinant of square matrices.

        Input (..., n, n) float; returns ``(sign, logabsdet)``, each of
        shape (...) and the input's dtype. A singular matrix gives sign 0
        and logabsdet -inf.

        Returns
        -------
        (Tensor, Tensor)
            ``sign`` and ``logabsdet``, each of shape (...); floats keep
            their dtype, bool and integer input gives float32.

        Raises
        ------
        ValueError
            If the tensor is not at least 2-d or the last two axes are not
            square.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([[-2.0, 0.0], [0.0, 3.0]], dtype=np.float32))
        >>> sign, logabsdet = x.slogdet()
        >>> sign.item(), logabsdet.item()
        (-1.0, 1.7918)
        """
        self._check_square("slogdet")
        sign, logabsdet = self._ns.slogdet(self._floating_any())
        return _wrap(self.__class__, sign), _wrap(self.__class__, logabsdet)

    @property
    def at(self) -> AtIndexer[Self]:
        """Functional updates at an index, as JAX's ``x.at[index].add(v)``.

        ``t.at[index]`` takes every index form ``t[index]`` takes and offers
        ``set``, ``add``, ``multiply``, ``min`` and ``max``; each returns a
        new tensor and leaves ``t`` unchanged. Where an integer array index
        names a position twice, ``add`` / ``multiply`` / ``min`` / ``max``
        apply every value (``set`` keeps one of them).

        Returns
        -------
        AtIndexer
            An object to index; ``t.at[index]`` has the update methods,
            each returning a tensor of ``t``'s shape and dtype (values are
            cast to ``t``'s dtype).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.zeros(3, dtype=np.float32))
        >>> x.at[np.array([0, 0, 2])].add(1.0)
        NumPyTensor(array([2., 0., 1.], dtype=float32))
        >>> x.at[1].set(5.0)
        NumPyTensor(array([0., 5., 0.], dtype=float32))
        """
        return AtIndexer(self)

    @property
    def norms(self) -> NormsAccessor[Self]:
        """The norms of [`unitensor.norms`][unitensor.norms] as methods: ``t.norms.l2(axis=-1)``.

        Returns
        -------
        NormsAccessor
            An object with the methods ``l0``, ``l1``, ``l2``, ``linf`` and
            ``lp``, each taking ``axis`` and ``keepdims`` (``lp`` takes
            ``p`` first) and returning the norm in ``t``'s float dtype
            (integer input gives float32).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([[3.0, 4.0], [0.0, -2.0]], dtype=np.float32))
        >>> x.norms.l2(axis=-1)
        NumPyTensor(array([5., 2.], dtype=float32))
        """
        return NormsAccessor(self)

    def softmax(self, axis: int = -1) -> Self:
        """Softmax along ``axis``: ``exp(x) / sum(exp(x))``, computed stably.

        Parameters
        ----------
        axis
            The axis that holds the classes (the last by default).

        Returns
        -------
        Tensor
            Same shape; values in ``[0, 1]`` summing to 1 along ``axis``.
            Floats keep their dtype; bool and integer input gives float32.

        Raises
        ------
        AxisError
            If ``axis`` is out of range.
        TypeError
            If ``axis`` is not an int.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([0.0, 0.0, np.log(2.0)], dtype=np.float32)).softmax()
        NumPyTensor(array([0.25, 0.25, 0.5 ], dtype=float32))
        """
        fused = self._ns.softmax
        if fused is not None:
            return _wrap(self.__class__, fused(self._floating_any(), self._axis(axis)))
        return self.log_softmax(axis).exp()

    def log_softmax(self, axis: int = -1) -> Self:
        """Logarithm of [`softmax`][unitensor.Tensor.softmax] along ``axis``, computed stably.

        Parameters
        ----------
        axis
            The axis that holds the classes (the last by default).

        Returns
        -------
        Tensor
            Same shape; ``x - logsumexp(x, axis, keepdims=True)``. Floats
            keep their dtype; bool and integer input gives float32.

        Raises
        ------
        AxisError
            If ``axis`` is out of range.
        TypeError
            If ``axis`` is not an int.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([1.0, 1.0], dtype=np.float32))
        >>> x.log_softmax().exp()
        NumPyTensor(array([0.5, 0.5], dtype=float32))
        """
        ax = self._axis(axis)
        fused = self._ns.log_softmax
        if fused is not None:
            return _wrap(self.__class__, fused(self._floating_any(), ax))
        x = _wrap(self.__class__, self._floating_any())
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
            If ``self`` is 0-d or ``labels.shape != self.shape[:-1]``.
        TypeError
            If ``labels`` belongs to another framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> logits = ut.astensor(np.array([[0.0, 0.0], [0.0, 0.0]], dtype=np.float32))
        >>> loss = logits.crossentropy(np.array([0, 1]))
        >>> loss.shape, loss.dtype, loss[0].item()
        ((2,), dtype('float32'), 0.6931)
        """
        lab = _wrap(self.__class__, self._unwrap(labels))
        if len(self.raw.shape) < 1 or tuple(lab.shape) != tuple(self.shape[:-1]):
            raise ShapeError(
                f"crossentropy: logits {self.shape} need labels of shape {self.shape[:-1]}, "
                f"got {lab.shape}"
            )
        self._integer_indices(lab.raw, "crossentropy labels")
        fused = self._ns.crossentropy
        if fused is not None:  # the fused kernels check the label range themselves
            return _wrap(self.__class__, fused(self._floating_any(), lab.raw))
        if lab.size and bool(lab.min() < 0):  # take_along_axis below checks the top
            raise IndexOutOfRangeError(f"crossentropy: labels must be in [0, {self.raw.shape[-1]})")
        logp = self.log_softmax(-1)
        return -logp.take_along_axis(lab.expand_dims(-1), -1).squeeze(-1)

    def onehot_like(self, indices: Tensor, *, value: Scalar = 1) -> Self:
        """A tensor shaped and typed like ``self`` (N, C) with ``value`` at ``[i, indices[i]]``.

        Parameters
        ----------
        indices
            Integer class indices of shape (N,), a tensor or native array
            of this framework, in ``[0, C)`` (an index outside that range
            is not an error: its row is all zeros).
        value
            The value at the indexed positions (keyword only); every other
            entry is 0.

        Returns
        -------
        Tensor
            Shape (N, C) and ``self``'s dtype (``value`` is cast to it).

        Raises
        ------
        ValueError
            If ``self`` is not 2-d or ``indices`` is not of shape (N,).
        TypeError
            If ``indices`` belongs to another framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> t = ut.astensor(np.zeros((2, 3), dtype=np.float32))
        >>> t.onehot_like(np.array([2, 0]))
        NumPyTensor(array([[0., 0., 1.],
                           [1., 0., 0.]], dtype=float32))
        """
        idx = _wrap(self.__class__, self._unwrap(indices))
        if len(self.raw.shape) != 2 or tuple(idx.shape) != (self.shape[0],):
            raise ShapeError(
                f"onehot_like needs a (N, C) template and (N,) indices, "
                f"got {self.shape} and {idx.shape}"
            )
        mask = self.arange(self.shape[1]) == idx.expand_dims(-1)
        return mask.where(self.full_like(value), self.zeros_like())

    def take_along_axis(self, indices: Tensor, axis: int) -> Self:
        """Pick values along ``axis`` at ``indices`` (NumPy's ``take_along_axis``).

        ``indices`` is an integer tensor with ``self``'s rank; the other axes
        broadcast. Negative indices count from the end.

        Parameters
        ----------
        indices
            Integer tensor or native array of this framework, or a NumPy
            array (wrapped or not) or nested list, which are valid indices
            on every backend; of ``self``'s rank; its length along ``axis``
            may differ.
        axis
            The axis to pick along.

        Returns
        -------
        Tensor
            The broadcast shape of ``self`` and ``indices`` off ``axis``,
            ``indices.shape[axis]`` along it; ``self``'s dtype.

        Raises
        ------
        ValueError
            If the ranks differ.
        AxisError
            If ``axis`` is out of range.
        TypeError
            If ``indices`` belongs to another framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([[10, 20, 30], [40, 50, 60]]))
        >>> x.take_along_axis(np.array([[2], [-3]]), axis=1)
        NumPyTensor(array([[30],
                           [40]]))
        """
        idx = index_operand(self, indices)
        self._integer_indices(idx, "take_along_axis")
        if len(idx.shape) != len(self.raw.shape):
            raise ShapeError(
                f"take_along_axis: indices of rank {len(idx.shape)} for a tensor of "
                f"rank {len(self.raw.shape)}"
            )
        ax = self._axis(axis)
        _check_broadcast(
            tuple(d for i, d in enumerate(self.raw.shape) if i != ax),
            tuple(d for i, d in enumerate(idx.shape) if i != ax),
        )
        try:
            return _wrap(self.__class__, self._ns.take_along_axis(self.raw, idx, ax))
        except IndexError as e:
            _reraise_index_error(e)

    def index_update(self, index: Any, values: TensorOrScalar) -> Self:
        """A copy of ``self`` with ``self[index] = values``; ``self`` is unchanged.

        ``index`` takes every form ``__getitem__`` takes; ``values`` is a
        scalar or a tensor that broadcasts to ``self[index].shape`` and is
        cast to ``self``'s dtype.

        Parameters
        ----------
        index
            Any index ``self[index]`` accepts.
        values
            A Python scalar, or a tensor or native array of this framework
            that broadcasts to ``self[index].shape``.

        Returns
        -------
        Tensor
            ``self``'s shape and dtype.

        Raises
        ------
        IndexError
            If the index is out of range or of an unsupported type.
        TypeError
            If ``values`` or an index tensor belongs to another framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.zeros(4, dtype=np.float32))
        >>> x.index_update(slice(1, 3), 2.0)
        NumPyTensor(array([0., 2., 2., 0.], dtype=float32))
        >>> x
        NumPyTensor(array([0., 0., 0., 0.], dtype=float32))
        """
        idx, v = self._index_and_values(index, values)
        try:
            return _wrap(self.__class__, self._ns.index_update(self.raw, idx, v))
        except IndexError as e:
            _reraise_index_error(e)

    def _index_and_values(self, index: Any, values: TensorOrScalar) -> tuple[Any, Any]:
        """Normalised index and native ``values`` in ``self``'s dtype, for updates."""
        idx = normalize_index(self, index)
        given: Any = values  # NumPy scalars are floats and ints too
        if isinstance(given, Tensor) or not isinstance(given, _SCALAR_TYPES):
            v = self._unwrap(values)
            if v.dtype != self.raw.dtype:
                v = self._ns.astype(v, self.raw.dtype)
            if len(v.shape):
                target = tuple(self[index].shape)
                if _broadcast_shape(tuple(v.shape), target) != target:
                    raise ShapeError(
                        f"values of shape {tuple(v.shape)} do not broadcast to the indexed "
                        f"shape {target}"
                    )
        else:
            v = self._ns.full((), values, self.raw.dtype, self.raw)
        return idx, v

    def _scatter(self, index: Any, values: TensorOrScalar, op: str) -> Self:
        """Functional ``op`` (add, multiply, min, max) of ``values`` at ``self[index]``."""
        if op in ("add", "multiply"):
            self._not_bool(self.raw, f"at[...].{op}")
        idx, v = self._index_and_values(index, values)
        try:
            return _wrap(self.__class__, self._ns.scatter(self.raw, idx, v, op))
        except IndexError as e:
            _reraise_index_error(e)

    # ------------------------------------------------------------------
    # creation (the template gives framework, device and dtype)

    def _creation_dtype(self, dtype: Any) -> Any:
        return self.raw.dtype if dtype is None else self._dtype_arg(dtype)

    def zeros(self, shape: int | Sequence[int], dtype: Any = None) -> Self:
        """Zeros of ``shape`` on this tensor's framework and device, in its dtype.

        Parameters
        ----------
        shape
            An int or a sequence of ints.
        dtype
            Overrides the dtype: a native dtype, NumPy dtype, ``ut`` dtype
            or name such as ``"int32"``.

        Returns
        -------
        Tensor
            Shape ``shape``; ``self``'s dtype unless ``dtype`` is given.

        Raises
        ------
        TypeError
            If ``dtype`` is unknown to the framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> t = ut.astensor(np.ones(1, dtype=np.float32))
        >>> t.zeros((2, 2))
        NumPyTensor(array([[0., 0.],
                           [0., 0.]], dtype=float32))
        """
        return _wrap(
            self.__class__, self._ns.full(_shape(shape), 0, self._creation_dtype(dtype), self.raw)
        )

    def ones(self, shape: int | Sequence[int], dtype: Any = None) -> Self:
        """Ones of ``shape`` on this tensor's framework and device, in its dtype.

        Parameters
        ----------
        shape
            An int or a sequence of ints.
        dtype
            Overrides the dtype: a native dtype, NumPy dtype, ``ut`` dtype
            or name such as ``"int32"``.

        Returns
        -------
        Tensor
            Shape ``shape``; ``self``'s dtype unless ``dtype`` is given.

        Raises
        ------
        TypeError
            If ``dtype`` is unknown to the framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> t = ut.astensor(np.zeros(1, dtype=np.float32))
        >>> t.ones(3, dtype="int32")
        NumPyTensor(array([1, 1, 1], dtype=int32))
        """
        return _wrap(
            self.__class__, self._ns.full(_shape(shape), 1, self._creation_dtype(dtype), self.raw)
        )

    def full(self, shape: int | Sequence[int], value: Scalar, dtype: Any = None) -> Self:
        """``value`` repeated to ``shape``, in this tensor's dtype (or ``dtype``).

        On this tensor's framework and device.

        Parameters
        ----------
        shape
            An int or a sequence of ints.
        value
            The fill value, cast to the result's dtype.
        dtype
            Overrides the dtype: a native dtype, NumPy dtype, ``ut`` dtype
            or name such as ``"int32"``.

        Returns
        -------
        Tensor
            Shape ``shape``; ``self``'s dtype unless ``dtype`` is given.

        Raises
        ------
        TypeError
            If ``dtype`` is unknown to the framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> t = ut.astensor(np.zeros(1, dtype=np.float32))
        >>> t.full((2,), 7)
        NumPyTensor(array([7., 7.], dtype=float32))
        """
        dt = self._creation_dtype(dtype)
        if type(value) is int:
            self._check_int_fits(dt, value)
        return _wrap(self.__class__, self._ns.full(_shape(shape), value, dt, self.raw))

    def zeros_like(self, dtype: Any = None) -> Self:
        """Zeros with this tensor's shape, dtype (or ``dtype``) and device.

        Parameters
        ----------
        dtype
            Overrides the dtype: a native dtype, NumPy dtype, ``ut`` dtype
            or name such as ``"int32"``.

        Returns
        -------
        Tensor
            ``self``'s shape; ``self``'s dtype unless ``dtype`` is given.

        Raises
        ------
        TypeError
            If ``dtype`` is unknown to the framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 2])).zeros_like()
        NumPyTensor(array([0, 0]))
        """
        return self.zeros(self.shape, dtype)

    def ones_like(self, dtype: Any = None) -> Self:
        """Ones with this tensor's shape, dtype (or ``dtype``) and device.

        Parameters
        ----------
        dtype
            Overrides the dtype: a native dtype, NumPy dtype, ``ut`` dtype
            or name such as ``"int32"``.

        Returns
        -------
        Tensor
            ``self``'s shape; ``self``'s dtype unless ``dtype`` is given.

        Raises
        ------
        TypeError
            If ``dtype`` is unknown to the framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 2])).ones_like(dtype="float32")
        NumPyTensor(array([1., 1.], dtype=float32))
        """
        return self.ones(self.shape, dtype)

    def full_like(self, fill_value: Scalar, dtype: Any = None) -> Self:
        """``fill_value`` with this tensor's shape, dtype (or ``dtype``) and device.

        Parameters
        ----------
        fill_value
            The value, cast to the result's dtype.
        dtype
            Overrides the dtype: a native dtype, NumPy dtype, ``ut`` dtype
            or name such as ``"int32"``.

        Returns
        -------
        Tensor
            ``self``'s shape; ``self``'s dtype unless ``dtype`` is given.

        Raises
        ------
        TypeError
            If ``dtype`` is unknown to the framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.zeros(2, dtype=np.float32)).full_like(0.5)
        NumPyTensor(array([0.5, 0.5], dtype=float32))
        """
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
        64-bit mode), else float32; ``dtype`` overrides. ``self``'s dtype
        and values are not used.

        Parameters
        ----------
        start
            The first value, or ``stop`` if ``stop`` is ``None``.
        stop
            The end (excluded).
        step
            The spacing (default 1); may be negative.
        dtype
            Overrides the dtype: a native dtype, NumPy dtype, ``ut`` dtype
            or name.

        Returns
        -------
        Tensor
            1-d, ``ceil((stop - start) / step)`` values (none if that is
            not positive).

        Raises
        ------
        ValueError
            If ``step`` is 0.
        TypeError
            If ``dtype`` is unknown to the framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> t = ut.astensor(np.zeros(1, dtype=np.float32))
        >>> t.arange(4)
        NumPyTensor(array([0, 1, 2, 3]))
        >>> t.arange(0, 1, 0.25)
        NumPyTensor(array([0.  , 0.25, 0.5 , 0.75], dtype=float32))
        """
        if stop is None:
            start, stop = 0, start
        if step is None:
            step = 1
        if step == 0:
            raise ValueError("arange: step must not be zero")
        if (stop - start) * step <= 0:  # empty (PyTorch and TensorFlow refuse such ranges)
            dt = (
                self._dtype_arg(dtype)
                if dtype is not None
                else self._native_dtype(
                    dtypes.DEFAULT_INT
                    if builtins.all(isinstance(v, int) for v in (start, stop, step))
                    else dtypes.DEFAULT_FLOAT
                )
            )
            return _wrap(self.__class__, self._ns.full((0,), 0, dt, self.raw))
        if dtype is None:
            ints = builtins.all(isinstance(v, int) for v in (start, stop, step))
            dt = self._native_dtype(dtypes.DEFAULT_INT if ints else dtypes.DEFAULT_FLOAT)
        else:
            dt = self._dtype_arg(dtype)
        return _wrap(self.__class__, self._ns.arange(start, stop, step, dt, self.raw))

    def from_numpy(self, a: Any) -> Self:
        """``a`` (a NumPy array or nested list) as a tensor of this framework and device.

        The dtype of ``a`` is kept (a list gives NumPy's dtype for it).

        Parameters
        ----------
        a
            A NumPy array, NumPy scalar, nested list or Python scalar.

        Returns
        -------
        Tensor
            ``a``'s shape and dtype (JAX without 64-bit mode turns 64-bit
            dtypes into 32-bit ones); ``self``'s dtype is not used.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> t = ut.astensor(np.zeros(1, dtype=np.float32))
        >>> t.from_numpy([[1, 2], [3, 4]]).shape, t.from_numpy(np.ones(2, np.int8)).dtype
        ((2, 2), dtype('int8'))
        """
        if isinstance(a, Tensor):
            raise FrameworkMixError(
                f"from_numpy takes NumPy arrays, got a {a.framework} tensor; use ut.convert"
            )
        arr = np.asarray(a)
        return _wrap(self.__class__, self._ns.asarray(arr, None, self.raw))

    def _random_dtype(self, dtype: Any) -> Any:
        if dtype is not None:
            dt = self._dtype_arg(dtype)
            if self._kind(dt) != "f":
                raise DTypeError(f"random numbers need a floating dtype, got {dtype!r}")
            return dt
        dt = self.raw.dtype
        if self._kind(dt) == "f":
            return dt
        return self._native_dtype(dtypes.DEFAULT_FLOAT)

    def uniform(
        self, shape: int | Sequence[int], low: float = 0.0, high: float = 1.0, dtype: Any = None
    ) -> Self:
        """Uniform samples in ``[low, high)`` of ``shape``.

        The dtype is ``dtype`` if given, else this tensor's if it is
        floating, else float32. The samples come from the backend's
        generator, seeded by [`unitensor.seed`][unitensor.seed].

        Parameters
        ----------
        shape
            An int or a sequence of ints.
        low, high
            The bounds of the interval.
        dtype
            A floating dtype for the result.

        Returns
        -------
        Tensor
            Shape ``shape``, on this tensor's framework and device.

        Raises
        ------
        TypeError
            If ``dtype`` is not a floating dtype (or unknown).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> u = ut.astensor(np.zeros(1, dtype=np.int64)).uniform((2, 3), -1.0, 1.0)
        >>> u.shape, u.dtype
        ((2, 3), dtype('float32'))
        """
        if low > high:
            raise ValueError(f"uniform: low={low} is above high={high}")
        dt = self._random_dtype(dtype)
        return _wrap(self.__class__, self._ns.uniform(_shape(shape), low, high, dt, self.raw))

    def normal(
        self, shape: int | Sequence[int], mean: float = 0.0, stddev: float = 1.0, dtype: Any = None
    ) -> Self:
        """Normal (Gaussian) samples of ``shape``.

        The dtype is ``dtype`` if given, else this tensor's if it is
        floating, else float32. The samples come from the backend's
        generator, seeded by [`unitensor.seed`][unitensor.seed].

        Parameters
        ----------
        shape
            An int or a sequence of ints.
        mean, stddev
            The mean and standard deviation of the distribution.
        dtype
            A floating dtype for the result.

        Returns
        -------
        Tensor
            Shape ``shape``, on this tensor's framework and device.

        Raises
        ------
        TypeError
            If ``dtype`` is not a floating dtype (or unknown).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> n = ut.astensor(np.zeros(1, dtype=np.float32)).normal(4, dtype="float64")
        >>> n.shape, n.dtype
        ((4,), dtype('float64'))
        """
        dt = self._random_dtype(dtype)
        return _wrap(self.__class__, self._ns.normal(_shape(shape), mean, stddev, dt, self.raw))

    def value_and_grad(
        self, f: Callable[..., Self], *args: Any, **kwargs: Any
    ) -> tuple[Self, Self]:
        """``ut.value_and_grad(f, self, *args, **kwargs)``: value and gradient at ``self``.

        Parameters
        ----------
        f
            ``f(self, *args, **kwargs)`` returning a 0-d tensor.
        *args, **kwargs
            Passed on to ``f``; not differentiated.

        Returns
        -------
        (Tensor, Tensor)
            The 0-d value and the gradient, of ``self``'s shape and dtype.

        Raises
        ------
        NotImplementedError
            For NumPy tensors (autodiff needs PyTorch, TensorFlow or JAX).
        TypeError
            If ``self`` is not floating, or ``f`` returns another
            framework's tensor.
        ValueError
            If ``f`` does not return a 0-d tensor.

        Examples
        --------
        >>> import torch
        >>> import unitensor as ut
        >>> x = ut.astensor(torch.tensor([1.0, 2.0]))
        >>> value, grad = x.value_and_grad(lambda v: (v * v).sum())
        >>> value.item(), grad.numpy()
        (5.0, array([2., 4.], dtype=float32))
        """
        from ._autodiff import value_and_grad

        return value_and_grad(f, self, *args, **kwargs)

    def value_aux_and_grad(
        self, f: Callable[..., tuple[Self, Any]], *args: Any, **kwargs: Any
    ) -> tuple[Self, Any, Self]:
        """``ut.value_aux_and_grad(f, self, *args, **kwargs)``: value, aux and gradient.

        Parameters
        ----------
        f
            ``f(self, *args, **kwargs)`` returning ``(0-d tensor, aux)``.
        *args, **kwargs
            Passed on to ``f``; not differentiated.

        Returns
        -------
        (Tensor, Any, Tensor)
            The 0-d value, ``aux`` (detached) and the gradient, of
            ``self``'s shape and dtype.

        Raises
        ------
        NotImplementedError
            For NumPy tensors (autodiff needs PyTorch, TensorFlow or JAX).
        TypeError
            If ``self`` is not floating, or ``f`` returns another
            framework's tensor.
        ValueError
            If ``f`` does not return a pair whose first item is 0-d.

        Examples
        --------
        >>> import torch
        >>> import unitensor as ut
        >>> x = ut.astensor(torch.tensor([1.0, 2.0]))
        >>> value, aux, grad = x.value_aux_and_grad(lambda v: ((v * v).sum(), "aux"))
        >>> value.item(), aux, grad.numpy()
        (5.0, 'aux', array([2., 4.], dtype=float32))
        """
        from ._autodiff import value_aux_and_grad

        return value_aux_and_grad(f, self, *args, **kwargs)

    # Defined last: inside the class body the name ``bool`` means this method.
    def bool(self) -> Self:
        """The tensor converted to bool (non-zero is True).

        Returns
        -------
        Tensor
            Same shape, bool.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([0.0, 0.5, -1.0])).bool()
        NumPyTensor(array([False,  True,  True]))
        """
        return self.astype("bool")


def _reraise_index_error(e: IndexError) -> NoReturn:
    """Raise a framework's out-of-range ``IndexError`` as ``IndexOutOfRangeError``.

    The framework's error is kept as ``__cause__``; any other ``IndexError``
    (ours, or about something else) is raised as it is.
    """
    text = str(e)
    if isinstance(e, UnitensorError) or not ("out of bounds" in text or "out of range" in text):
        raise e
    raise IndexOutOfRangeError(text) from e


def _broadcast_shape(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...] | None:
    """NumPy's broadcast of two shapes, or None if they do not broadcast."""
    out: list[int] = []
    for i in range(1, max(len(a), len(b)) + 1):
        x = a[-i] if i <= len(a) else 1
        y = b[-i] if i <= len(b) else 1
        if x != y and x != 1 and y != 1:
            return None
        out.append(y if x == 1 else x)
    return tuple(reversed(out))


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
                        raise ShapeError(
                            "shapes "
                            + ", ".join(str(tuple(s)) for s in shapes)
                            + " do not broadcast together"
                        )
                    size = d
    return


def _shape(shape: int | Sequence[int]) -> tuple[int, ...]:
    """A shape argument as a tuple of non-negative ints.

    Raises
    ------
    ShapeError
        If a size is negative.
    """
    sizes = (shape,) if isinstance(shape, int) else tuple(int(s) for s in shape)
    if any(s < 0 for s in sizes):
        raise ShapeError(f"negative size in shape {sizes}")
    return sizes


def _pad_source(i: int, n: int, mode: str) -> int:
    """The source position of padded position ``i`` on an axis of length ``n``."""
    if mode == "edge" or n == 1:
        return min(max(i, 0), n - 1)
    period = 2 * (n - 1)
    j = i % period
    return period - j if j >= n else j


_T = TypeVar("_T", bound=Tensor)


class AtIndexer(Generic[_T]):
    """``t.at``: indexing it gives the functional updates at that index."""

    __slots__ = ("_t",)

    def __init__(self, t: _T) -> None:
        self._t = t

    def __getitem__(self, index: Any) -> AtUpdate[_T]:
        """The updates of the tensor at ``index`` (any index ``t[index]`` takes).

        The index is checked when an update method is called.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.zeros(3, dtype=np.float32))
        >>> x.at[-1].set(1.0)
        NumPyTensor(array([0., 0., 1.], dtype=float32))
        """
        return AtUpdate(self._t, index)


class AtUpdate(Generic[_T]):
    """``t.at[index]``: functional updates of ``t`` at ``index``."""

    __slots__ = ("_index", "_t")

    def __init__(self, t: _T, index: Any) -> None:
        self._t = t
        self._index = index

    def set(self, values: TensorOrScalar) -> _T:
        """A copy of the tensor with ``values`` at the index.

        See [`Tensor.index_update`][unitensor.Tensor.index_update].

        Parameters
        ----------
        values
            A Python scalar, or a tensor or native array of the tensor's
            framework that broadcasts to ``t[index].shape``; cast to the
            tensor's dtype. Where an index repeats, one value is kept.

        Returns
        -------
        Tensor
            The tensor's shape and dtype; the tensor itself is unchanged.

        Raises
        ------
        IndexError
            If the index is out of range or of an unsupported type.
        TypeError
            If ``values`` belongs to another framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.zeros((2, 2), dtype=np.float32))
        >>> x.at[:, 0].set(np.array([1.0, 2.0], dtype=np.float32))
        NumPyTensor(array([[1., 0.],
                           [2., 0.]], dtype=float32))
        """
        return self._t.index_update(self._index, values)

    def add(self, values: TensorOrScalar) -> _T:
        """A copy of the tensor with ``values`` added at the index.

        Parameters
        ----------
        values
            A Python scalar, or a tensor or native array of the tensor's
            framework that broadcasts to ``t[index].shape``; cast to the
            tensor's dtype. Repeated index positions add every value.

        Returns
        -------
        Tensor
            The tensor's shape and dtype; the tensor itself is unchanged.

        Raises
        ------
        IndexError
            If the index is out of range or of an unsupported type.
        TypeError
            If ``values`` belongs to another framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.zeros(3, dtype=np.float32))
        >>> x.at[np.array([0, 2, 0])].add(1.0)
        NumPyTensor(array([2., 0., 1.], dtype=float32))
        """
        return self._t._scatter(self._index, values, "add")

    def multiply(self, values: TensorOrScalar) -> _T:
        """A copy of the tensor with the index multiplied by ``values``.

        Parameters
        ----------
        values
            A Python scalar, or a tensor or native array of the tensor's
            framework that broadcasts to ``t[index].shape``; cast to the
            tensor's dtype. Repeated index positions apply every value.

        Returns
        -------
        Tensor
            The tensor's shape and dtype; the tensor itself is unchanged.

        Raises
        ------
        IndexError
            If the index is out of range or of an unsupported type.
        TypeError
            If ``values`` belongs to another framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([1.0, 2.0, 3.0], dtype=np.float32))
        >>> x.at[1:].multiply(10.0)
        NumPyTensor(array([ 1., 20., 30.], dtype=float32))
        """
        return self._t._scatter(self._index, values, "multiply")

    def min(self, values: TensorOrScalar) -> _T:
        """A copy of the tensor with the index set to its minimum with ``values``.

        Parameters
        ----------
        values
            A Python scalar, or a tensor or native array of the tensor's
            framework that broadcasts to ``t[index].shape``; cast to the
            tensor's dtype. Repeated index positions apply every value.

        Returns
        -------
        Tensor
            The tensor's shape and dtype; the tensor itself is unchanged.

        Raises
        ------
        IndexError
            If the index is out of range or of an unsupported type.
        TypeError
            If ``values`` belongs to another framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([1.0, 5.0, 3.0], dtype=np.float32))
        >>> x.at[:].min(2.0)
        NumPyTensor(array([1., 2., 2.], dtype=float32))
        """
        return self._t._scatter(self._index, values, "min")

    def max(self, values: TensorOrScalar) -> _T:
        """A copy of the tensor with the index set to its maximum with ``values``.

        Parameters
        ----------
        values
            A Python scalar, or a tensor or native array of the tensor's
            framework that broadcasts to ``t[index].shape``; cast to the
            tensor's dtype. Repeated index positions apply every value.

        Returns
        -------
        Tensor
            The tensor's shape and dtype; the tensor itself is unchanged.

        Raises
        ------
        IndexError
            If the index is out of range or of an unsupported type.
        TypeError
            If ``values`` belongs to another framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([1.0, 5.0, 3.0], dtype=np.float32))
        >>> x.at[:2].max(2.0)
        NumPyTensor(array([2., 5., 3.], dtype=float32))
        """
        return self._t._scatter(self._index, values, "max")


class NormsAccessor(Generic[_T]):
    """``t.norms``: the functions of [`unitensor.norms`][unitensor.norms] bound to ``t``."""

    __slots__ = ("_t",)

    def __init__(self, t: _T) -> None:
        self._t = t

    def l0(self, axis: Axes = None, keepdims: bool = False) -> _T:
        """Number of non-zero elements along ``axis``.

        See [`unitensor.norms.l0`][unitensor.norms.l0].

        Parameters
        ----------
        axis
            An int, a tuple of ints, or ``None`` for all axes.
        keepdims
            Keep the reduced axes with length 1.

        Returns
        -------
        Tensor
            The reduced shape, the tensor's float dtype (integer input
            gives float32).

        Raises
        ------
        AxisError
            If an axis is out of range or repeated.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([0.0, 2.0, -1.0], dtype=np.float32)).norms.l0()
        NumPyTensor(np.float32(2.0))
        """
        from . import norms

        return norms.l0(self._t, axis, keepdims)

    def l1(self, axis: Axes = None, keepdims: bool = False) -> _T:
        """Sum of absolute values along ``axis``.

        See [`unitensor.norms.l1`][unitensor.norms.l1].

        Parameters
        ----------
        axis
            An int, a tuple of ints, or ``None`` for all axes.
        keepdims
            Keep the reduced axes with length 1.

        Returns
        -------
        Tensor
            The reduced shape, the tensor's float dtype (integer input
            gives float32).

        Raises
        ------
        AxisError
            If an axis is out of range or repeated.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([[3, -4], [1, 1]])).norms.l1(axis=1)
        NumPyTensor(array([7., 2.], dtype=float32))
        """
        from . import norms

        return norms.l1(self._t, axis, keepdims)

    def l2(self, axis: Axes = None, keepdims: bool = False) -> _T:
        """Euclidean norm along ``axis``.

        See [`unitensor.norms.l2`][unitensor.norms.l2].

        Parameters
        ----------
        axis
            An int, a tuple of ints, or ``None`` for all axes.
        keepdims
            Keep the reduced axes with length 1.

        Returns
        -------
        Tensor
            The reduced shape, the tensor's float dtype (integer input
            gives float32). The gradient at 0 is 0.

        Raises
        ------
        AxisError
            If an axis is out of range or repeated.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([[3.0, -4.0]], dtype=np.float32)).norms.l2(axis=1, keepdims=True)
        NumPyTensor(array([[5.]], dtype=float32))
        """
        from . import norms

        return norms.l2(self._t, axis, keepdims)

    def linf(self, axis: Axes = None, keepdims: bool = False) -> _T:
        """Largest absolute value along ``axis``.

        See [`unitensor.norms.linf`][unitensor.norms.linf].

        Parameters
        ----------
        axis
            An int, a tuple of ints, or ``None`` for all axes.
        keepdims
            Keep the reduced axes with length 1.

        Returns
        -------
        Tensor
            The reduced shape, the tensor's float dtype (integer input
            gives float32).

        Raises
        ------
        AxisError
            If an axis is out of range or repeated.
        ValueError
            If a reduced axis is empty.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([3.0, -4.0], dtype=np.float32)).norms.linf().item()
        4.0
        """
        from . import norms

        return norms.linf(self._t, axis, keepdims)

    def lp(self, p: float, axis: Axes = None, keepdims: bool = False) -> _T:
        """The p-norm ``sum(|x|**p) ** (1/p)`` along ``axis``.

        See [`unitensor.norms.lp`][unitensor.norms.lp].

        Parameters
        ----------
        p
            The order, ``p >= 0``; 0, 1, 2 and ``inf`` give ``l0``, ``l1``,
            ``l2`` and ``linf``.
        axis
            An int, a tuple of ints, or ``None`` for all axes.
        keepdims
            Keep the reduced axes with length 1.

        Returns
        -------
        Tensor
            The reduced shape, the tensor's float dtype (integer input
            gives float32).

        Raises
        ------
        ValueError
            If ``p`` is negative or NaN.
        AxisError
            If an axis is out of range or repeated.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([3.0, -4.0], dtype=np.float32)).norms.lp(1).item()
        7.0
        """
        from . import norms

        return norms.lp(self._t, p, axis, keepdims)
