"""Vector norms over any axes, on every backend: ``ut.norms.l2(x, axis=-1)``.

Each function takes a tensor ``x``, an ``axis`` (``None`` for all axes,
an int or a tuple) and ``keepdims``, and returns the norm with the reduced
shape in ``x``'s float dtype (integer input gives float32). The same
functions are methods of ``t.norms``: ``x.norms.linf(axis=1)``, where
they are written (``unitensor._api.linear_algebra``).
"""

from __future__ import annotations

from typing import TypeVar, cast

from ._registry import astensor
from ._tensor import Axes, Scalar, Tensor

__all__ = ["l0", "l1", "l2", "linf", "lp"]

T = TypeVar("T", bound=Tensor)


def _w(x: T | Scalar) -> T:
    """``x`` as a tensor (native arrays are wrapped)."""
    return x if isinstance(x, Tensor) else cast(T, astensor(x))


def l0(x: T, axis: Axes = None, keepdims: bool = False) -> T:
    """Number of non-zero elements along ``axis``, in ``x``'s float dtype.

    Parameters
    ----------
    x
        A tensor of any framework and dtype.
    axis
        An int, a tuple of ints, or ``None`` for all axes.
    keepdims
        Keep the reduced axes with length 1.

    Returns
    -------
    Tensor
        The reduced shape; ``x``'s dtype if floating, else float32.

    Raises
    ------
    AxisError
        If an axis is out of range or repeated.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.norms.l0(ut.astensor(np.array([0.0, 2.0, -1.0]))).item()
    2.0
    """
    return _w(x).norms.l0(axis, keepdims)


def l1(x: T, axis: Axes = None, keepdims: bool = False) -> T:
    """Sum of absolute values along ``axis``.

    Parameters
    ----------
    x
        A tensor of any framework and dtype.
    axis
        An int, a tuple of ints, or ``None`` for all axes.
    keepdims
        Keep the reduced axes with length 1.

    Returns
    -------
    Tensor
        The reduced shape; ``x``'s dtype if floating, else float32.

    Raises
    ------
    AxisError
        If an axis is out of range or repeated.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.norms.l1(ut.astensor(np.array([3.0, -4.0]))).item()
    7.0
    >>> ut.norms.l1(ut.astensor(np.array([[1, -2], [3, 0]])), axis=1)
    NumPyTensor(array([3., 3.], dtype=float32))
    """
    return _w(x).norms.l1(axis, keepdims)


def l2(x: T, axis: Axes = None, keepdims: bool = False) -> T:
    """Euclidean norm along ``axis``.

    The gradient at the zero vector is 0 (not NaN), as for a subgradient.

    Parameters
    ----------
    x
        A tensor of any framework and dtype.
    axis
        An int, a tuple of ints, or ``None`` for all axes.
    keepdims
        Keep the reduced axes with length 1.

    Returns
    -------
    Tensor
        The reduced shape; ``x``'s dtype if floating, else float32.

    Raises
    ------
    AxisError
        If an axis is out of range or repeated.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.norms.l2(ut.astensor(np.array([3.0, -4.0]))).item()
    5.0
    """
    return _w(x).norms.l2(axis, keepdims)


def linf(x: T, axis: Axes = None, keepdims: bool = False) -> T:
    """Largest absolute value along ``axis``.

    Parameters
    ----------
    x
        A tensor of any framework and dtype.
    axis
        An int, a tuple of ints, or ``None`` for all axes.
    keepdims
        Keep the reduced axes with length 1.

    Returns
    -------
    Tensor
        The reduced shape; ``x``'s dtype if floating, else float32.

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
    >>> ut.norms.linf(ut.astensor(np.array([3.0, -4.0]))).item()
    4.0
    """
    return _w(x).norms.linf(axis, keepdims)


def lp(x: T, p: float, axis: Axes = None, keepdims: bool = False) -> T:
    """The p-norm ``sum(|x|**p) ** (1/p)`` along ``axis``, for ``p >= 0``.

    ``p`` of 0, 1, 2 and ``inf`` give [`l0`][unitensor.norms.l0],
    [`l1`][unitensor.norms.l1], [`l2`][unitensor.norms.l2] and
    [`linf`][unitensor.norms.linf].

    Parameters
    ----------
    x
        A tensor of any framework and dtype.
    p
        The order, ``p >= 0`` (``math.inf`` allowed).
    axis
        An int, a tuple of ints, or ``None`` for all axes.
    keepdims
        Keep the reduced axes with length 1.

    Returns
    -------
    Tensor
        The reduced shape; ``x``'s dtype if floating, else float32.

    Raises
    ------
    ValueError
        If ``p`` is negative or NaN (or, for ``p = inf``, a reduced axis
        is empty).
    AxisError
        If an axis is out of range or repeated.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> round(ut.norms.lp(ut.astensor(np.array([3.0, -4.0])), 3).item(), 4)
    4.4979
    """
    return _w(x).norms.lp(p, axis, keepdims)
