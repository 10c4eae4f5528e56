"""Creation: new tensors on a template tensor's framework and device, ``tril`` / ``triu``
of a matrix, and ``meshgrid``.
"""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

import builtins
import math
import operator
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

import numpy as np

from .. import dtypes
from .._errors import (
    DTypeError,
    FrameworkMixError,
    ShapeError,
)
from ._base import (
    Scalar,
    TensorBase,
    joined,
    shape_tuple,
    wrap,
)
from .data_types import DataTypes

if TYPE_CHECKING:
    from .._tensor import Tensor

_T = TypeVar("_T", bound="Tensor")


class Creation(DataTypes):
    """The methods of this chapter (see [`unitensor.Tensor`][unitensor.Tensor])."""

    __slots__ = ()

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
            If ``dtype`` is unknown to the framework, or ``shape`` is not an
            int or a sequence of ints (a float or a string, as NumPy).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> t = ut.astensor(np.ones(1, dtype=np.float32))
        >>> t.zeros((2, 2))
        NumPyTensor(array([[0., 0.],
                           [0., 0.]], dtype=float32))
        """
        return wrap(
            self.__class__,
            self._ns.full(shape_tuple(shape), 0, self._creation_dtype(dtype), self.raw),
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
            If ``dtype`` is unknown to the framework, or ``shape`` is not an
            int or a sequence of ints (a float or a string, as NumPy).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> t = ut.astensor(np.zeros(1, dtype=np.float32))
        >>> t.ones(3, dtype="int32")
        NumPyTensor(array([1, 1, 1], dtype=int32))
        """
        return wrap(
            self.__class__,
            self._ns.full(shape_tuple(shape), 1, self._creation_dtype(dtype), self.raw),
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
            If ``dtype`` is unknown to the framework, or ``shape`` is not an
            int or a sequence of ints (a float or a string, as NumPy).
        OverflowError
            If ``value`` is a Python int that does not fit an integer dtype,
            or one too large for any float (a number beyond a float dtype's
            range becomes what NumPy makes of it: an infinity or the largest
            finite value).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> t = ut.astensor(np.zeros(1, dtype=np.float32))
        >>> t.full((2,), 7)
        NumPyTensor(array([7., 7.], dtype=float32))
        """
        dt = self._creation_dtype(dtype)
        value = self._fill_value(dt, value)
        return wrap(self.__class__, self._ns.full(shape_tuple(shape), value, dt, self.raw))

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
        OverflowError
            If ``value`` is a Python int that does not fit an integer dtype,
            or one too large for any float (a number beyond a float dtype's
            range becomes what NumPy makes of it: an infinity or the largest
            finite value).

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
            return wrap(self.__class__, self._ns.full((0,), 0, dt, self.raw))
        if dtype is None:
            ints = builtins.all(isinstance(v, int) for v in (start, stop, step))
            dt = self._native_dtype(dtypes.DEFAULT_INT if ints else dtypes.DEFAULT_FLOAT)
        else:
            dt = self._dtype_arg(dtype)
            if self._kind(dt) in "iu" and not builtins.all(
                isinstance(v, int) for v in (start, stop, step)
            ):
                # NumPy's integer arange of float bounds: ceil((stop - start) / step) values
                # from int(start), spaced by int(start + step) - int(start)
                n = math.ceil((stop - start) / step)
                first = int(start)
                delta = int(start + step) - first
                if delta == 0:
                    return wrap(self.__class__, self._ns.full((n,), first, dt, self.raw))
                last = first + n * delta
                return wrap(self.__class__, self._ns.arange(first, last, delta, dt, self.raw))
        return wrap(self.__class__, self._ns.arange(start, stop, step, dt, self.raw))

    def empty(self, shape: int | Sequence[int], dtype: Any = None) -> Self:
        """A tensor of ``shape`` on this tensor's framework and device, in its dtype.

        The standard leaves the values uninitialised; unitensor fills them
        with zeros on every backend, so no result depends on leftover
        memory (JAX and TensorFlow have no uninitialised arrays anyway).

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
        ValueError
            If a size is negative.
        TypeError
            If ``dtype`` is unknown to the framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> t = ut.astensor(np.ones(1, dtype=np.float32))
        >>> t.empty((2, 3)).shape, t.empty(2, dtype="int8").dtype
        ((2, 3), dtype('int8'))
        """
        return self.zeros(shape, dtype)

    def empty_like(self, dtype: Any = None) -> Self:
        """A tensor with this tensor's shape, dtype (or ``dtype``) and device (zeros).

        As [`empty`][unitensor.Tensor.empty], the values are zeros on every
        backend.

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
        >>> ut.astensor(np.array([1, 2])).empty_like(dtype="float32").shape
        (2,)
        """
        return self.zeros(self.shape, dtype)

    def eye(self, n_rows: int, n_cols: int | None = None, k: int = 0, dtype: Any = None) -> Self:
        """Ones on the ``k``-th diagonal, zeros elsewhere (the standard's ``eye``).

        On this tensor's framework and device, in its dtype (as ``zeros``:
        the standard's default dtype is float32; ``dtype`` overrides).

        Parameters
        ----------
        n_rows
            The number of rows.
        n_cols
            The number of columns (``n_rows`` for ``None``).
        k
            The diagonal: 0 the main one, positive above it, negative below.
        dtype
            Overrides the dtype: a native dtype, NumPy dtype, ``ut`` dtype
            or name such as ``"int32"``.

        Returns
        -------
        Tensor
            Shape ``(n_rows, n_cols)``; ``self``'s dtype unless ``dtype``
            is given (complex: ``1 + 0j`` on the diagonal).

        Raises
        ------
        ValueError
            If a size is negative.
        TypeError
            If a size or ``k`` is not an int, or ``dtype`` is unknown.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> t = ut.astensor(np.zeros(1, dtype=np.float32))
        >>> t.eye(2, 3, k=1)
        NumPyTensor(array([[0., 1., 0.],
                           [0., 0., 1.]], dtype=float32))
        >>> t.eye(2, dtype=bool)
        NumPyTensor(array([[ True, False],
                           [False,  True]]))
        """
        rows = operator.index(n_rows)
        cols = rows if n_cols is None else operator.index(n_cols)
        shape_tuple((rows, cols))
        k = max(-rows, min(operator.index(k), cols))  # beyond the matrix: all zeros
        dt = self._creation_dtype(dtype)
        ns = self._ns
        index = self._native_dtype(dtypes.DEFAULT_INT)
        i = ns.reshape(ns.arange(0, rows, 1, index, self.raw), (rows, 1))
        j = ns.reshape(ns.arange(0, cols, 1, index, self.raw), (1, cols))
        diagonal = ns.equal(ns.add(i, k) if k else i, j)
        if self._is_bool(dt):
            return wrap(self.__class__, diagonal)
        return wrap(self.__class__, ns.astype(diagonal, dt))

    def linspace(
        self,
        start: int | float | complex,
        stop: int | float | complex,
        num: int,
        dtype: Any = None,
        endpoint: bool = True,
    ) -> Self:
        """``num`` evenly spaced values from ``start`` to ``stop`` (NumPy's ``linspace``).

        On this tensor's framework and device. As with ``arange``, the
        dtype comes from the arguments (``self``'s dtype and values are not
        used): float32, or complex64 if ``start`` or ``stop`` is complex;
        ``dtype`` overrides. The values are NumPy's (computed in double
        precision, rounded once to the dtype, floored for integer dtypes),
        so they are the same on every backend.

        Parameters
        ----------
        start, stop
            The first value and the end of the interval (Python numbers).
        num
            The number of values, a non-negative int.
        dtype
            Overrides the dtype: a native dtype, NumPy dtype, ``ut`` dtype
            or name.
        endpoint
            Whether ``stop`` is the last value (``True``) or excluded, with
            spacing ``(stop - start) / num``.

        Returns
        -------
        Tensor
            1-d, ``num`` values.

        Raises
        ------
        ValueError
            If ``num`` is negative.
        TypeError
            If ``num`` is not an int, ``start`` or ``stop`` is not a number,
            a complex bound meets a real ``dtype``, or ``dtype`` is unknown.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> t = ut.astensor(np.zeros(1, dtype=np.float32))
        >>> t.linspace(0, 1, 5)
        NumPyTensor(array([0.  , 0.25, 0.5 , 0.75, 1.  ], dtype=float32))
        >>> t.linspace(0, 1, 4, endpoint=False)
        NumPyTensor(array([0.  , 0.25, 0.5 , 0.75], dtype=float32))
        """
        count = operator.index(num)
        if count < 0:
            raise ShapeError(f"linspace: num must be non-negative, got {count}")
        bounds: Any = (start, stop)  # NumPy numbers are numbers too
        if not builtins.all(isinstance(v, (int, float, complex, np.number)) for v in bounds):
            raise TypeError(f"linspace takes Python numbers, got {start!r} and {stop!r}")
        is_complex = builtins.any(isinstance(v, (complex, np.complexfloating)) for v in bounds)
        if dtype is None:
            dt = self._native_dtype("complex64" if is_complex else dtypes.DEFAULT_FLOAT)
        else:
            dt = self._dtype_arg(dtype)
        name = self._dtype_name(dt)
        if is_complex and dtypes.kind(name) != "c":
            raise DTypeError(f"linspace: complex bounds need a complex dtype, got {name}")
        # bfloat16 (NumPy has none) goes in as float64 and is rounded once by the framework
        values = np.linspace(
            start, stop, count, endpoint=endpoint, dtype="float64" if name == "bfloat16" else name
        )
        return wrap(self.__class__, self._ns.asarray(values, dt, self.raw))

    def tril(self, k: int = 0) -> Self:
        """The lower triangle of the matrix (or each matrix of a stack): zeros above diagonal ``k``.

        Parameters
        ----------
        k
            The diagonal kept last: 0 the main one, positive above it,
            negative below.

        Returns
        -------
        Tensor
            ``self``'s shape and dtype; the elements ``[..., i, j]`` with
            ``j - i > k`` are zero.

        Raises
        ------
        ValueError
            If the tensor has fewer than two axes.
        TypeError
            If ``k`` is not an int.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.arange(1, 10).reshape(3, 3))
        >>> x.tril()
        NumPyTensor(array([[1, 0, 0],
                           [4, 5, 0],
                           [7, 8, 9]]))
        >>> x.tril(-1)
        NumPyTensor(array([[0, 0, 0],
                           [4, 0, 0],
                           [7, 8, 0]]))
        """
        return wrap(self.__class__, self._ns.tril(self._matrices("tril"), operator.index(k)))

    def triu(self, k: int = 0) -> Self:
        """The upper triangle of the matrix (or each matrix of a stack): zeros below diagonal ``k``.

        Parameters
        ----------
        k
            The diagonal kept first: 0 the main one, positive above it,
            negative below.

        Returns
        -------
        Tensor
            ``self``'s shape and dtype; the elements ``[..., i, j]`` with
            ``j - i < k`` are zero.

        Raises
        ------
        ValueError
            If the tensor has fewer than two axes.
        TypeError
            If ``k`` is not an int.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.arange(1, 7).reshape(2, 3))
        >>> x.triu(1)
        NumPyTensor(array([[0, 2, 3],
                           [0, 0, 6]]))
        """
        return wrap(self.__class__, self._ns.triu(self._matrices("triu"), operator.index(k)))

    def _matrices(self, what: str) -> Any:
        """``raw``, checked to be a matrix or a stack of matrices."""
        if len(self.raw.shape) < 2:
            raise ShapeError(f"{what} needs a tensor of rank >= 2, got shape {self.shape}")
        return self.raw

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
        if isinstance(a, TensorBase):
            raise FrameworkMixError(
                f"from_numpy takes NumPy arrays, got a {a.framework} tensor; use ut.convert"
            )
        arr = np.asarray(a)
        return wrap(self.__class__, self._ns.asarray(arr, None, self.raw))


def meshgrid(*tensors: _T, indexing: str = "xy") -> tuple[_T, ...]:
    """Coordinate grids from 1-d coordinate vectors (NumPy's ``meshgrid``).

    Parameters
    ----------
    *tensors
        N 1-d tensors of one framework, of lengths ``n1, ..., nN``; dtypes
        promote as ``+``.
    indexing
        ``"xy"`` (Cartesian: the first two output axes swapped, shape
        ``(n2, n1, n3, ...)``) or ``"ij"`` (matrix: shape ``(n1, n2, ...)``).

    Returns
    -------
    tuple of Tensor
        N tensors of the grid's shape.

    Raises
    ------
    ValueError
        If no tensor is given, one is not 1-d, or ``indexing`` is unknown.
    TypeError
        If the tensors belong to different frameworks.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> x = ut.astensor(np.array([1, 2, 3]))
    >>> y = ut.astensor(np.array([10, 20]))
    >>> gx, gy = ut.meshgrid(x, y)
    >>> gx.shape, ut.meshgrid(x, y, indexing="ij")[0].shape
    ((2, 3), (3, 2))
    >>> gy
    NumPyTensor(array([[10, 10, 10],
                       [20, 20, 20]]))
    """
    if indexing not in ("xy", "ij"):
        raise ValueError(f"indexing must be 'xy' or 'ij', got {indexing!r}")
    cls, raws = joined(tensors, "meshgrid")
    if builtins.any(len(r.shape) != 1 for r in raws):
        raise ShapeError("meshgrid needs 1-d tensors")
    return tuple(cast(_T, wrap(cls, g)) for g in cls._ns.meshgrid(raws, indexing))
