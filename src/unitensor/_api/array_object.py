"""The array object of the Array API standard: namespace, devices, DLPack, conversions,
in-place operators and item assignment.

A unitensor tensor is the standard's array object: ``x.__array_namespace__()``
gives the namespace of its framework (``unitensor.array_api.<backend>``),
``x.to_device(d)``, ``x.__dlpack__()`` and ``x.__dlpack_device__()`` work
where the framework can, ``int(x)``, ``float(x)``, ``complex(x)`` and
``operator.index(x)`` convert a one-element tensor, and ``x += y`` and
``x[key] = value`` follow the standard (see the methods).
"""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

import importlib
import operator
import sys
import threading
from collections.abc import Callable
from types import ModuleType
from typing import Any, Self, TypeVar, cast

import numpy as np

from .. import dtypes
from .._errors import DTypeError, ShapeError
from .._tree import map_containers
from ._base import TensorBase, TensorOrScalar, as_tensor, reraise_index_error, wrap
from ._fast import in_place_fast_path
from .autodiff import Autodiff

__all__ = ["API_VERSIONS", "ArrayObject", "compute"]

API_VERSIONS = ("2025.12", "2024.12")
"""The Array API standard versions a namespace can be asked for (the first is the default)."""


_LOCKS = tuple(threading.Lock() for _ in range(61))
"""The locks of item assignment on immutable arrays (TensorFlow, JAX, Dask), by ``id(t)``.

``t[key] = v`` there reads ``t.raw``, computes the updated array and rebinds
``t.raw``: two threads writing one tensor at once would each start from the
same array and one write would be lost. Holding the tensor's lock around
the three steps makes them one. A tensor has no lock of its own (that
would cost every tensor a slot); two tensors may share one of these, which
only makes their assignments wait for each other.
"""


def _namespace_module(backend: str, api_version: str | None) -> ModuleType:
    """The namespace module of ``backend`` for ``api_version`` (None: the newest)."""
    if api_version is None or api_version == API_VERSIONS[0]:
        name = f"unitensor.array_api.{backend}"
    elif api_version in API_VERSIONS:
        name = f"unitensor.array_api.{backend}_{api_version.replace('.', '_')}"
    else:
        raise ValueError(
            f"unitensor implements the Array API standard {' and '.join(API_VERSIONS)}, "
            f"not {api_version!r}"
        )
    module = sys.modules.get(name)
    return module if module is not None else importlib.import_module(name)


def _on_host(x: Any) -> Any:
    """``x`` with every tensor, in lists, tuples and dicts too, as NumPy's array.

    A NumPy tensor's own array; any other tensor's values on the host,
    read-only (``__array_function__`` says why).
    """
    if isinstance(x, TensorBase):
        raw: Any = x.raw
        return x.numpy() if not isinstance(raw, np.ndarray | np.generic) else cast(Any, raw)
    return map_containers(_on_host, x, x)


_SHAPE_ONLY: dict[Any, Callable[[TensorBase], Any]] = {
    np.shape: lambda t: t.shape,
    np.ndim: lambda t: t.ndim,
    np.size: lambda t: t.size,
}
"""NumPy's functions of an array's shape alone: a tensor's shape answers them."""


class ArrayObject(Autodiff):
    """The methods of this chapter (see [`unitensor.Tensor`][unitensor.Tensor])."""

    __slots__ = ()

    def __array_namespace__(self, /, *, api_version: str | None = None) -> ModuleType:
        """The Array API namespace of this tensor's framework.

        Parameters
        ----------
        api_version
            ``None`` or ``"2025.12"`` for the standard's 2025.12 version,
            ``"2024.12"`` for a namespace that behaves as 2024.12 where the
            two differ.

        Returns
        -------
        module
            ``unitensor.array_api.<backend>``, whose arrays are tensors of
            this framework.

        Raises
        ------
        ValueError
            For any other ``api_version``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> xp = ut.astensor(np.zeros(2)).__array_namespace__()
        >>> xp.__name__, xp.__array_api_version__
        ('unitensor.array_api.numpy', '2025.12')
        """
        return _namespace_module(self.backend, api_version)

    def to_device(self, device: Any, /, *, stream: Any = None) -> Self:
        """The tensor's values on ``device``; the tensor itself if it is there already.

        Parameters
        ----------
        device
            ``"cpu"`` (the host CPU, on every framework), or a device of the
            framework as it takes them: ``t.device`` of another tensor, an
            item of the namespace's ``__array_namespace_info__().devices()``,
            a device string of its own (``"cuda:0"`` on PyTorch, ``"GPU:0"``
            on TensorFlow, ``"gpu:0"`` on JAX).
        stream
            Accepted for the standard's signature; no framework here uses it.

        Returns
        -------
        Tensor
            Same shape, dtype and values, on ``device``.

        Raises
        ------
        DeviceError
            (a ``ValueError``) If ``device`` names no device the framework
            has on this machine (NumPy and Dask: anything but ``"cpu"``);
            the message names the devices there are.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.arange(3))
        >>> x.to_device("cpu") is x
        True
        """
        if device == self.device:
            return self
        return wrap(self.__class__, self._ns.to_device(self.raw, device))

    def __dlpack__(
        self,
        /,
        *,
        stream: Any = None,
        max_version: tuple[int, int] | None = None,
        dl_device: tuple[int, int] | None = None,
        copy: bool | None = None,
    ) -> Any:
        """Export the tensor's memory as a DLPack capsule (``from_dlpack`` imports it).

        The keyword arguments are the standard's and go to the framework's
        own ``__dlpack__`` where it takes them; a ``max_version`` of major
        version 0 asks for the legacy (unversioned) capsule.

        Returns
        -------
        PyCapsule
            A DLPack capsule of the tensor's memory.

        Raises
        ------
        BufferError, TypeError, RuntimeError
            What the framework raises where it cannot export (a PyTorch
            tensor that requires a gradient, an unsupported dtype or
            device); a TensorFlow variable exports its current value.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.arange(3.0))
        >>> np.from_dlpack(x)
        array([0., 1., 2.])
        """
        source = self._ns.dlpack_source(self.raw)
        if max_version is not None and max_version[0] < 1:
            # a consumer of DLPack 0.x takes the legacy capsule, what every framework gives
            # without max_version (JAX refuses max_version below (0, 5))
            max_version = None
        given = {"stream": stream, "max_version": max_version, "dl_device": dl_device, "copy": copy}
        kwargs = {k: v for k, v in given.items() if v is not None}
        return source.__dlpack__(**kwargs)

    def __dlpack_device__(self) -> tuple[int, int]:
        """The DLPack device type and id of the tensor's memory, such as ``(1, 0)`` for the CPU.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.arange(3)).__dlpack_device__()
        (1, 0)
        """
        device: tuple[int, int] = self._ns.dlpack_source(self.raw).__dlpack_device__()
        return tuple(int(d) for d in device)  # type: ignore[return-value]  # a pair

    def __array__(self, dtype: Any = None, copy: bool | None = None) -> Any:
        """``numpy.asarray(t)``: the values as a NumPy array (NumPy's protocol).

        Not part of the Array API standard; it lets code that calls
        ``numpy.asarray`` on arrays (plotting, scikit-learn's fallback)
        take tensors. Arrays on an accelerator are copied to the host.

        Raises
        ------
        ValueError
            If ``copy=False`` and the values cannot be shared without a copy.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> np.asarray(ut.astensor(np.arange(3)), dtype=np.float32)
        array([0., 1., 2.], dtype=float32)
        """
        values = np.asarray(self._ns.to_numpy(self.raw))  # (TensorFlow's 0-d: a NumPy scalar)
        if dtype is not None and values.dtype != dtype:
            if copy is False:
                raise ValueError("__array__(copy=False) cannot change the dtype without a copy")
            return values.astype(dtype)
        return values.copy() if copy else values

    def __array_function__(
        self, func: Any, types: Any, args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> Any:
        """NumPy's functions given tensors (``np.var(t)``, ``np.concatenate([t, u])``).

        NumPy's protocol (NEP 18), the same for every NumPy function: the
        tensors among the arguments, in lists, tuples and dicts too, become
        NumPy arrays and NumPy computes, so the result is exactly NumPy's
        (NumPy arrays and scalars, never tensors), as for PyTorch's,
        TensorFlow's and JAX's own arrays given to NumPy. A NumPy tensor
        gives its own array (no copy: ``np.copyto(t, v)``, ``out=t`` write
        into it as into the array); any other tensor gives its values on
        the host, read-only (``t.numpy()``: a copy from an accelerator), so
        a NumPy function that would write into it raises ``ValueError``
        rather than write into a copy that is then lost or into an
        immutable framework's memory. ``np.shape``, ``np.ndim`` and
        ``np.size`` of a tensor read its shape (no copy, a Dask array is not
        computed). ufuncs are not functions here: ``np.exp(t)`` raises
        ``TypeError`` (``__array_ufunc__ = None``), and
        ``ndarray + t`` is ``t``'s reflected operator, a tensor. unitensor's
        own operations never go through this method.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> t = ut.astensor(np.array([1.0, 2.0, 3.0]))
        >>> np.var(t), np.concatenate([t, t[:1]])
        (np.float64(0.6666666666666666), array([1., 2., 3., 1.]))
        """
        shape_only = _SHAPE_ONLY.get(func)
        if shape_only is not None and len(args) == 1 and not kwargs and args[0] is self:
            return shape_only(self)
        return func(*_on_host(args), **_on_host(kwargs))

    def _one_value(self, what: str) -> Any:
        """The Python value of a one-element tensor, for ``int()`` and friends."""
        if self.size != 1:
            raise TypeError(f"only a tensor with one element converts to {what}, not {self.shape}")
        value = self._ns.item(self.raw)
        if isinstance(value, complex) and what != "complex":
            raise TypeError(f"{what}() of a complex tensor; take .real first")
        return value

    def __int__(self) -> int:
        """``int(t)`` of a one-element tensor (floats truncate toward zero).

        Raises
        ------
        TypeError
            If the tensor has more or fewer than one element, or is complex.
        ValueError, OverflowError
            For NaN and infinities, as Python's ``int()``.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> int(ut.astensor(np.array([-2.7])))
        -2
        """
        return int(self._one_value("int"))

    def __float__(self) -> float:
        """``float(t)`` of a one-element tensor.

        Raises
        ------
        TypeError
            If the tensor has more or fewer than one element, or is complex.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> float(ut.astensor(np.array(2, dtype=np.int32)))
        2.0
        """
        return float(self._one_value("float"))

    def __complex__(self) -> complex:
        """``complex(t)`` of a one-element tensor.

        Raises
        ------
        TypeError
            If the tensor has more or fewer than one element.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> complex(ut.astensor(np.array(1.5)))
        (1.5+0j)
        """
        return complex(self._one_value("complex"))

    def __index__(self) -> int:
        """``operator.index(t)`` of a one-element integer tensor (so it can index a list).

        Raises
        ------
        TypeError
            If the tensor has more or fewer than one element, or is not of
            an integer dtype (bool included, as in the standard).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ["a", "b", "c"][ut.astensor(np.array(2))]
        'c'
        """
        if self._kind(self.raw.dtype) not in "iu":
            raise TypeError(f"only integer tensors can be indices, not {self.dtype}")
        return operator.index(self._one_value("an index"))

    def _in_place(self, result: Self, symbol: str) -> Self:
        """``self (op)= other`` from ``result``, ``self (op) other``: the checked path.

        ``result`` must have ``self``'s shape and is cast to ``self``'s dtype
        where NumPy's ``same_kind`` casting allows it. Where the framework's
        arrays are mutable (the primitive ``assign``: NumPy, PyTorch) it is
        written into ``self``'s array and ``self`` comes back; elsewhere
        (TensorFlow, JAX, Dask, and the EagerPy layer's classes) a new tensor.
        """
        a, out = self.raw, result.raw
        if tuple(out.shape) != tuple(a.shape):
            raise ShapeError(
                f"x {symbol}= y would change x's shape from {tuple(a.shape)} to "
                f"{tuple(out.shape)}; write x = x {symbol} y"
            )
        if out.dtype != a.dtype:
            source, target = self._dtype_name(out.dtype), self._dtype_name(a.dtype)
            if not dtypes.same_kind(source, target):
                raise DTypeError(
                    f"x {symbol}= y cannot cast x {symbol} y ({source}) to x's dtype {target} "
                    f"(NumPy's same_kind casting); write x = x {symbol} y"
                )
            out = self._ns.astype(out, a.dtype)
        assign = self._ns.assign
        if assign is None or self._rebinds:
            return result if out is result.raw else wrap(self.__class__, out)
        held = assign(a, out)
        return self if held is a else wrap(self.__class__, held)

    @in_place_fast_path("+")
    def __iadd__(self, other: TensorOrScalar) -> Self:
        """``x += y``: ``x + y`` written into ``x``'s array, in ``x``'s dtype and shape.

        As NumPy's and PyTorch's own ``a += b``: on NumPy and PyTorch the
        result is written into the array ``x`` holds, so every view of it
        (``x`` itself may be a view, ``r[1:]``) and every other holder of it
        sees the change, and ``x`` stays the same tensor. TensorFlow's,
        JAX's and Dask's arrays are immutable: ``x`` is rebound to a new
        tensor, and a view taken before keeps the old values. The tensors of
        the EagerPy layer (``unitensor.compat.eagerpy``) rebind on every
        framework, as EagerPy's. The same rule holds for ``-= *= /= //= %=
        **= @= &= |= ^= <<= >>=``.

        ``x + y`` follows unitensor's promotion and is then cast to ``x``'s
        dtype where NumPy's ``casting="same_kind"`` allows it: within a kind
        (``int32 += int64``, ``float32 += float64``, ``complex64 /=
        complex128``) or up from bool to integer to floating to complex
        (``float32 += int64``); not down (``int32 += 1.5``, ``float32 +=
        1j``, ``bool += 1``, ``uint8 += int8``).

        Raises
        ------
        DTypeError
            If the result cannot be cast to ``x``'s dtype (see above).
        ShapeError
            If broadcasting would change ``x``'s shape.
        ValueError, RuntimeError
            The framework's own, where its array cannot be written: a
            read-only NumPy array, a PyTorch leaf tensor that requires a
            gradient.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> a = np.zeros((2, 3))
        >>> r = ut.astensor(a)
        >>> v = r[1:, :2]
        >>> v += 1
        >>> a
        array([[0., 0., 0.],
               [1., 1., 0.]])
        >>> i = ut.astensor(np.array([1, 2], dtype=np.int32))
        >>> i += ut.astensor(np.array([10, 20]))  # int64, cast back to int32
        >>> i
        NumPyTensor(array([11, 22], dtype=int32))
        """
        return self._in_place(self + other, "+")

    @in_place_fast_path("-")
    def __isub__(self, other: TensorOrScalar) -> Self:
        """``x -= y``; see [`__iadd__`][unitensor.Tensor.__iadd__]."""
        return self._in_place(self - other, "-")

    @in_place_fast_path("*")
    def __imul__(self, other: TensorOrScalar) -> Self:
        """``x *= y``; see [`__iadd__`][unitensor.Tensor.__iadd__]."""
        return self._in_place(self * other, "*")

    @in_place_fast_path("/")
    def __itruediv__(self, other: TensorOrScalar) -> Self:
        """``x /= y``; see [`__iadd__`][unitensor.Tensor.__iadd__]."""
        return self._in_place(self / other, "/")

    # mypy misreads a method's Self through the alias ``__add__ = add`` and calls each
    # in-place operator incompatible with its operator (it is not; the decorated ones above
    # it does not see through)
    def __ifloordiv__(self, other: TensorOrScalar) -> Self:  # type: ignore[misc]
        """``x //= y``; see [`__iadd__`][unitensor.Tensor.__iadd__]."""
        return self._in_place(self // other, "//")

    def __imod__(self, other: TensorOrScalar) -> Self:  # type: ignore[misc]  # see __ifloordiv__
        """``x %= y``; see [`__iadd__`][unitensor.Tensor.__iadd__]."""
        return self._in_place(self % other, "%")

    def __ipow__(self, other: TensorOrScalar) -> Self:  # type: ignore[misc]  # see __ifloordiv__
        """``x **= y``; see [`__iadd__`][unitensor.Tensor.__iadd__]."""
        return self._in_place(self**other, "**")

    def __imatmul__(self, other: TensorBase) -> Self:
        """``x @= y``; see [`__iadd__`][unitensor.Tensor.__iadd__]."""
        return self._in_place(self @ other, "@")

    def __iand__(self, other: TensorOrScalar) -> Self:  # type: ignore[misc]  # see __ifloordiv__
        """``x &= y``; see [`__iadd__`][unitensor.Tensor.__iadd__]."""
        return self._in_place(self & other, "&")

    def __ior__(self, other: TensorOrScalar) -> Self:  # type: ignore[misc]  # see __ifloordiv__
        """``x |= y``; see [`__iadd__`][unitensor.Tensor.__iadd__]."""
        return self._in_place(self | other, "|")

    def __ixor__(self, other: TensorOrScalar) -> Self:  # type: ignore[misc]  # see __ifloordiv__
        """``x ^= y``; see [`__iadd__`][unitensor.Tensor.__iadd__]."""
        return self._in_place(self ^ other, "^")

    def __ilshift__(self, other: TensorOrScalar) -> Self:  # type: ignore[misc]  # see __ifloordiv__
        """``x <<= y``; see [`__iadd__`][unitensor.Tensor.__iadd__]."""
        return self._in_place(self << other, "<<")

    def __irshift__(self, other: TensorOrScalar) -> Self:  # type: ignore[misc]  # see __ifloordiv__
        """``x >>= y``; see [`__iadd__`][unitensor.Tensor.__iadd__]."""
        return self._in_place(self >> other, ">>")

    def __setitem__(self, key: Any, value: TensorOrScalar) -> None:
        """``t[key] = value``: NumPy's item assignment, ``value`` cast to ``t``'s dtype.

        On NumPy and PyTorch the framework's array is written in place, as
        their users expect (other tensors and arrays sharing its memory see
        the change). TensorFlow and JAX arrays are immutable: the tensor
        takes the updated array (``t.raw`` is a new array; the old one is
        unchanged), as ``t = t.index_update(key, value)`` would; there the
        read of ``t.raw``, the update and the rebinding happen under a lock,
        so threads writing parts of one tensor lose no write (on NumPy and
        PyTorch the framework's own item assignment writes them).

        Parameters
        ----------
        key
            Any index ``t[key]`` takes.
        value
            A Python scalar, or a tensor or native array of this framework
            that broadcasts to ``t[key].shape``.

        Raises
        ------
        IndexError
            If the index is out of range or of an unsupported type.
        ValueError
            If ``value`` does not broadcast to the indexed shape.
        TypeError
            If ``value`` or an index tensor belongs to another framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> a = np.zeros(3)
        >>> x = ut.astensor(a)
        >>> x[1:] = 2
        >>> a
        array([0., 2., 2.])
        """
        idx, v = self._index_and_values(key, value)
        try:
            if self._ns.assign is None:  # immutable arrays: read, update and rebind at once
                with _LOCKS[id(self) % len(_LOCKS)]:
                    self.raw = self._ns.setitem(self.raw, idx, v)
            else:
                self.raw = self._ns.setitem(self.raw, idx, v)
        except IndexError as e:
            reraise_index_error(e, self, key)

    # lazy backends (issue 14: Dask)
    def compute(self) -> Self:
        """The tensor with its values computed, of the same framework.

        A lazy tensor ([`DaskTensor`][unitensor.DaskTensor]) computes its task
        graph (on the scheduler in use: threads, or the workers of a
        ``dask.distributed`` cluster) and holds the values, still as a Dask
        array in the same chunks (Dask's ``persist``; on a cluster the chunks
        stay on the workers), with sizes that depended on the values known
        now. Eager frameworks' tensors have their values already: the tensor
        itself comes back. [`ut.compute`][unitensor.compute] computes several
        in one pass. (Dask's own ``dask_array.compute()`` gives a NumPy
        array: that is ``t.numpy()`` here.)

        Returns
        -------
        Tensor
            Same class, shape, dtype and values; the tensor itself on eager
            frameworks.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([1.0, 2.0]))
        >>> x.compute() is x
        True
        """
        (out,) = compute(self)
        return out


_T = TypeVar("_T", bound=TensorBase)


def compute(*tensors: _T) -> tuple[_T, ...]:
    """Compute several tensors in one pass; each comes back of its framework.

    The tensors of a lazy framework (Dask) are computed together, so work
    they share (reading the data, a common intermediate) is done once:
    ``mean, std = ut.compute(x.mean(), x.std())`` reads ``x`` once. Each
    result holds its values in the same framework (Dask: a Dask array of
    computed chunks, as ``dask.persist`` gives, on the workers of a cluster
    where one is in use; sizes that depended on the values known now), so it
    combines with the other tensors of its framework as before. Tensors of
    eager frameworks come back as they are.

    Parameters
    ----------
    *tensors
        Tensors (or native arrays) of any frameworks, mixed.

    Returns
    -------
    tuple of Tensor
        One tensor per argument, in order, of the same class, shape, dtype
        and values.

    Raises
    ------
    TypeError
        If an argument is not an array of a supported framework.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> x = ut.astensor(np.array([1.0, 2.0, 3.0]))
    >>> mean, total = ut.compute(x.mean(), x.sum())
    >>> mean.item(), total.item()
    (2.0, 6.0)
    """
    ts: list[TensorBase] = [as_tensor(t) for t in tensors]  # native arrays wrapped
    out: list[TensorBase] = list(ts)
    classes: dict[type[TensorBase], list[int]] = {}
    for i, t in enumerate(ts):
        classes.setdefault(type(t), []).append(i)
    for cls, positions in classes.items():
        raws = tuple(ts[i].raw for i in positions)
        done = cls._ns.compute(raws)
        for i, raw in zip(positions, done, strict=True):
            out[i] = ts[i] if raw is ts[i].raw else wrap(cls, raw)
    return cast("tuple[_T, ...]", tuple(out))
