"""Data types: ``astype`` and the dtype shortcuts ``float32()``, ``float64()``, ``bool()``;
the functions of dtypes ``finfo``, ``iinfo``, ``isdtype``, ``result_type`` and ``can_cast``.
"""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, Self

import numpy as np

from .. import dtypes
from .._errors import DTypeError, FrameworkMixError
from .._registry import array_types, astensor, backend_class, backend_of_module
from ._base import (
    TensorBase,
    wrap,
)

if TYPE_CHECKING:
    pass


class DataTypes(TensorBase):
    """The methods of this chapter (see [`unitensor.Tensor`][unitensor.Tensor])."""

    __slots__ = ()

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
        return wrap(self.__class__, self._ns.astype(self.raw, target))

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


# ------------------------------------------------------------------ functions of dtypes


class _Resolved(NamedTuple):
    """A dtype argument: its canonical name, the dtype as given, and its family."""

    name: str
    native: Any  # the framework's dtype object (a ut dtype for ut dtypes and names)
    of: Callable[[str], Any]  # canonical name -> a dtype of the same framework
    cls: type[TensorBase] | None  # the backend class of a tensor argument


def _ut_dtype(name: str) -> Any:
    return dtypes.DTYPES[name]


def _numpy_dtype(name: str) -> Any:
    return dtypes.DTYPES[name].dtype


def _resolve(x: Any, arrays: bool, what: str) -> _Resolved:
    """The dtype of ``x``: a tensor or native array (if ``arrays``), or a dtype of any framework.

    Raises
    ------
    DTypeError
        If ``x`` is neither (or a tensor where ``arrays`` is false).
    """
    if isinstance(x, TensorBase):
        if not arrays:
            raise DTypeError(f"{what} takes a dtype, not a tensor: use t.dtype")
        cls = type(x)
        return _Resolved(cls._dtype_name(x.raw.dtype), x.raw.dtype, cls._native_dtype, cls)
    if isinstance(x, (dtypes.DType, str)):
        name = x if isinstance(x, str) else x.name
        if name not in dtypes.DTYPES:
            raise DTypeError(f"{what}: {x!r} is not a dtype; use one of {', '.join(dtypes.DTYPES)}")
        return _Resolved(name, dtypes.DTYPES[name], _ut_dtype, None)
    backend = backend_of_module(type(x).__module__.partition(".")[0])
    if backend is not None:
        cls = backend_class(backend)
        if isinstance(x, cls._ns.dtype_type):
            return _Resolved(cls._dtype_name(x), x, cls._native_dtype, None)
        if isinstance(x, array_types(backend)):
            return _resolve(astensor(x), arrays, what)
    found = dtypes.name_of(x)  # NumPy's scalar types, JAX's
    if found is None or found not in dtypes.DTYPES:
        raise DTypeError(f"{what}: {x!r} is neither a dtype nor a tensor")
    return _Resolved(found, _numpy_dtype(found), _numpy_dtype, None)


@dataclass(frozen=True, slots=True)
class FInfo:
    """The limits of a floating dtype, as [`finfo`][unitensor.finfo] gives them.

    Attributes
    ----------
    bits
        Bits of the (real) floating type.
    eps
        The difference between 1.0 and the next larger representable number.
    max
        The largest finite number.
    min
        The smallest (most negative) finite number.
    smallest_normal
        The smallest positive normal number.
    dtype
        The real floating dtype, the framework's own.
    """

    bits: int
    eps: float
    max: float
    min: float
    smallest_normal: float
    dtype: Any


@dataclass(frozen=True, slots=True)
class IInfo:
    """The limits of an integer dtype, as [`iinfo`][unitensor.iinfo] gives them.

    Attributes
    ----------
    bits
        Bits of the type.
    max
        The largest number.
    min
        The smallest number.
    dtype
        The integer dtype, the framework's own.
    """

    bits: int
    max: int
    min: int
    dtype: Any


@functools.cache
def _float_limits(name: str) -> tuple[int, float, float, float, float]:
    if name == "bfloat16":
        import ml_dtypes  # NumPy's finfo does not know bfloat16

        limits: Any = ml_dtypes.finfo  # untyped
        info: Any = limits(ml_dtypes.bfloat16)
    else:
        info = np.finfo(np.dtype(name))
    return (
        int(info.bits),
        float(info.eps),
        float(info.max),
        float(info.min),
        float(info.smallest_normal),
    )


def finfo(type: Any, /) -> FInfo:
    """Machine limits of a floating dtype (the standard's ``finfo``), on every backend.

    Parameters
    ----------
    type
        A floating or complex dtype of any framework (``torch.float16``,
        ``tf.float32``, ``np.float64``, ``jnp.bfloat16``), a ``ut`` dtype or
        name, or a tensor (or native array). Complex dtypes give their
        real component's limits.

    Returns
    -------
    FInfo
        ``bits`` (int), ``eps``, ``max``, ``min``, ``smallest_normal``
        (Python floats, as NumPy's ``finfo`` and ``ml_dtypes`` give them)
        and ``dtype``: the real floating dtype in the framework's own
        terms (the tensor's or the dtype's framework; a ``ut`` dtype for a
        ``ut`` dtype or a name).

    Raises
    ------
    TypeError
        If ``type`` is not a floating or complex dtype, or a tensor of one.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> info = ut.finfo(ut.float32)
    >>> info.bits, info.eps, info.max, info.dtype
    (32, 1.1920928955078125e-07, 3.4028234663852886e+38, ut.float32)
    >>> ut.finfo(ut.astensor(np.zeros(2, np.complex128))).dtype
    dtype('float64')
    """
    r = _resolve(type, True, "finfo")
    kind = dtypes.kind(r.name)
    if kind not in "fc":
        raise DTypeError(f"finfo needs a floating dtype, got {r.name}; see iinfo for integers")
    name = {"complex64": "float32", "complex128": "float64"}.get(r.name, r.name)
    bits, eps, big, small, normal = _float_limits(name)
    return FInfo(bits, eps, big, small, normal, r.native if name == r.name else r.of(name))


def iinfo(type: Any, /) -> IInfo:
    """Machine limits of an integer dtype (the standard's ``iinfo``), on every backend.

    Parameters
    ----------
    type
        An integer dtype of any framework, a ``ut`` dtype or name, or a
        tensor (or native array).

    Returns
    -------
    IInfo
        ``bits``, ``max`` and ``min`` (Python ints) and ``dtype``, in the
        framework's own terms (a ``ut`` dtype for a ``ut`` dtype or a name).

    Raises
    ------
    TypeError
        If ``type`` is not an integer dtype (bool is not), or a tensor of one.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.iinfo(np.int8)
    IInfo(bits=8, max=127, min=-128, dtype=dtype('int8'))
    """
    r = _resolve(type, True, "iinfo")
    if dtypes.kind(r.name) not in "iu":
        raise DTypeError(f"iinfo needs an integer dtype, got {r.name}; see finfo for floats")
    info = np.iinfo(np.dtype(r.name))
    return IInfo(int(info.bits), int(info.max), int(info.min), r.native)


_KINDS = {
    "bool": "b",
    "signed integer": "i",
    "unsigned integer": "u",
    "integral": "iu",
    "real floating": "f",
    "complex floating": "c",
    "numeric": "iufc",
}


def _one_or_more(x: Any) -> tuple[Any, ...]:
    """``x`` if it is a tuple, else ``(x,)``."""
    items: tuple[Any, ...] = x if x.__class__ is tuple else (x,)
    return items


def isdtype(dtype: Any, kind: Any) -> bool:
    """Whether ``dtype`` is of the kind ``kind`` (the standard's ``isdtype``).

    Parameters
    ----------
    dtype
        A dtype of any framework, or a ``ut`` dtype or name.
    kind
        A dtype (equality), one of the standard's kinds ``"bool"``,
        ``"signed integer"``, ``"unsigned integer"``, ``"integral"``,
        ``"real floating"``, ``"complex floating"``, ``"numeric"``, or a
        tuple of them (any one matching). ``"real floating"`` includes
        float16 and bfloat16 (an extension the standard allows).

    Returns
    -------
    bool

    Raises
    ------
    TypeError
        If ``dtype`` (or a dtype in ``kind``) is not a dtype.
    ValueError
        If a kind string is not one of the standard's.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.isdtype(np.float32, "real floating"), ut.isdtype(ut.uint8, ("bool", "signed integer"))
    (True, False)
    """
    name = _resolve(dtype, False, "isdtype").name
    letter = dtypes.kind(name)
    for k in _one_or_more(kind):
        if isinstance(k, str):
            if k not in _KINDS:
                raise ValueError(f"unknown dtype kind {k!r}; use one of {', '.join(_KINDS)}")
            if letter in _KINDS[k]:
                return True
        elif _resolve(k, False, "isdtype").name == name:
            return True
    return False


_PY_SCALARS = (bool, int, float, complex)


def result_type(*tensors_and_dtypes: Any) -> Any:
    """The dtype an operation on these tensors, dtypes and Python scalars gives.

    unitensor's one promotion rule (``unitensor.dtypes``): within a kind
    NumPy's promotion; across kinds the higher kind with its own width
    (int64 with float32 gives float32); a Python scalar never widens a
    tensor or dtype of its kind or a higher one, and of a higher kind gives
    that kind's default (float32, int64, complex64).

    Parameters
    ----------
    *tensors_and_dtypes
        Tensors (or native arrays) of one framework, dtypes of any
        framework, ``ut`` dtypes or names, and Python scalars; at least one
        tensor or dtype.

    Returns
    -------
    dtype
        In the framework of the tensors (JAX without 64-bit mode narrows a
        64-bit result), else of the first native dtype given; a ``ut``
        dtype if only ``ut`` dtypes and names are given.

    Raises
    ------
    ValueError
        If no tensor or dtype is given.
    TypeError
        If an argument is none of those, or tensors of two frameworks meet.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.result_type(ut.int64, ut.float32), ut.result_type(np.int8, 1.5)
    (ut.float32, dtype('float32'))
    >>> ut.result_type(ut.astensor(np.zeros(2, np.int16)), np.uint8, 7)
    dtype('int16')
    """
    name: str | None = None
    family: Callable[[str], Any] | None = None
    tensor_cls: type[TensorBase] | None = None
    scalars: list[bool | int | float | complex] = []
    for x in tensors_and_dtypes:
        if x.__class__ in _PY_SCALARS:
            scalars.append(x)
            continue
        r = _resolve(x, True, "result_type")
        if r.cls is not None:
            if tensor_cls is None:
                tensor_cls, family = r.cls, r.of
            elif r.cls is not tensor_cls:
                raise FrameworkMixError(
                    f"result_type: tensors of {tensor_cls.framework} and {r.cls.framework}"
                )
        elif family is None and r.of is not _ut_dtype:
            family = r.of
        name = r.name if name is None else dtypes.result_name(name, r.name)
    if name is None:
        raise ValueError("result_type needs at least one tensor or dtype")
    for v in scalars:
        name = dtypes.scalar_result_name(name, v)
    return (family or _ut_dtype)(name)


def can_cast(from_: Any, to: Any, /) -> bool:
    """Whether values of ``from_``'s dtype convert to ``to`` without loss (the standard's).

    NumPy's ``can_cast`` with its default ``"safe"`` casting: within a
    kind to a wider type, and across kinds only where every value fits
    (int16 to float32, not int32 to float32). bfloat16 follows
    ``ml_dtypes`` (from bool, int8 and uint8; to float32 and wider).

    Parameters
    ----------
    from_
        A dtype of any framework, ``ut`` dtype or name, or a tensor.
    to
        A dtype of any framework, or a ``ut`` dtype or name.

    Returns
    -------
    bool

    Raises
    ------
    TypeError
        If an argument is not a dtype (or ``from_`` a tensor).

    Examples
    --------
    >>> import unitensor as ut
    >>> ut.can_cast(ut.int8, ut.int16), ut.can_cast(ut.int64, ut.float32)
    (True, False)
    """
    a = _resolve(from_, True, "can_cast").name
    b = _resolve(to, False, "can_cast").name
    return bool(np.can_cast(_numpy_dtype(a), _numpy_dtype(b)))
