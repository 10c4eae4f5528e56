"""Creation: new tensors on a template tensor's framework and device, and ``meshgrid``."""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

import builtins
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

import numpy as np

from .. import dtypes
from .._errors import (
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
            If ``dtype`` is unknown to the framework.

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
        return wrap(self.__class__, self._ns.arange(start, stop, step, dt, self.raw))

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
