"""Every operation as a function: ``ut.sum(t, axis=0)`` is ``t.sum(axis=0)``.

Each function takes a [`Tensor`][unitensor.Tensor] (a native array is
wrapped with [`astensor`][unitensor.astensor] first) and returns the same
tensor class, and has the meaning documented on the method of the same
name. Functions of several tensors (``concatenate``, ``stack``, ``where``,
``matmul``) check that all of them belong to one framework.
"""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

import builtins
import inspect
from collections.abc import Callable, Sequence
from typing import Any, TypeVar, cast

from . import dtypes
from ._errors import AxisError, ShapeError
from ._registry import astensor
from ._tensor import Axes, PadMode, Scalar, Tensor, TensorOrScalar

__all__ = [
    "abs",
    "all",
    "any",
    "arange",
    "arccos",
    "arccosh",
    "arcsin",
    "arcsinh",
    "arctan",
    "arctanh",
    "argmax",
    "argmin",
    "argsort",
    "ceil",
    "clip",
    "concatenate",
    "cos",
    "cosh",
    "crossentropy",
    "cumsum",
    "exp",
    "expand_dims",
    "flatten",
    "flip",
    "floor",
    "from_numpy",
    "full",
    "full_like",
    "index_update",
    "inv",
    "isfinite",
    "isinf",
    "isnan",
    "kl_div_with_logits",
    "log",
    "log10",
    "log1p",
    "log2",
    "log_softmax",
    "logical_and",
    "logical_not",
    "logical_or",
    "logsumexp",
    "matmul",
    "max",
    "maximum",
    "mean",
    "meshgrid",
    "min",
    "minimum",
    "normal",
    "onehot_like",
    "ones",
    "ones_like",
    "pad",
    "pow",
    "prod",
    "reshape",
    "round",
    "sign",
    "sin",
    "sinh",
    "slogdet",
    "softmax",
    "sort",
    "sqrt",
    "square",
    "squeeze",
    "stack",
    "sum",
    "take_along_axis",
    "tan",
    "tanh",
    "tile",
    "topk",
    "transpose",
    "uniform",
    "where",
    "zeros",
    "zeros_like",
]

T = TypeVar("T", bound=Tensor)
F = TypeVar("F", bound=Callable[..., Any])


def _doc(method: Callable[..., Any], note: str = "") -> Callable[[F], F]:
    """Append the documentation of the method a function calls to its own summary.

    The function's static one-line docstring names the method (so that
    documentation tools reading the source see it); at run time ``help()``
    and the doctests get the method's whole docstring after it.
    """

    def decorate(fn: F) -> F:
        fn.__doc__ = (
            inspect.cleandoc(fn.__doc__ or "")
            + "\n\n"
            + (note + "\n\n" if note else "")
            + inspect.cleandoc(method.__doc__ or "")
        )
        return fn

    return decorate


def _w(t: T | Scalar) -> T:
    """``t`` as a tensor (native arrays are wrapped)."""
    return t if isinstance(t, Tensor) else cast(T, astensor(t))


@_doc(Tensor.abs)
def abs(t: T) -> T:
    """Function form of [`Tensor.abs`][unitensor.Tensor.abs]."""
    return _w(t).abs()


@_doc(Tensor.sign)
def sign(t: T) -> T:
    """Function form of [`Tensor.sign`][unitensor.Tensor.sign]."""
    return _w(t).sign()


@_doc(Tensor.sqrt)
def sqrt(t: T) -> T:
    """Function form of [`Tensor.sqrt`][unitensor.Tensor.sqrt]."""
    return _w(t).sqrt()


@_doc(Tensor.square)
def square(t: T) -> T:
    """Function form of [`Tensor.square`][unitensor.Tensor.square]."""
    return _w(t).square()


@_doc(Tensor.exp)
def exp(t: T) -> T:
    """Function form of [`Tensor.exp`][unitensor.Tensor.exp]."""
    return _w(t).exp()


@_doc(Tensor.log)
def log(t: T) -> T:
    """Function form of [`Tensor.log`][unitensor.Tensor.log]."""
    return _w(t).log()


@_doc(Tensor.log1p)
def log1p(t: T) -> T:
    """Function form of [`Tensor.log1p`][unitensor.Tensor.log1p]."""
    return _w(t).log1p()


@_doc(Tensor.log2)
def log2(t: T) -> T:
    """Function form of [`Tensor.log2`][unitensor.Tensor.log2]."""
    return _w(t).log2()


@_doc(Tensor.log10)
def log10(t: T) -> T:
    """Function form of [`Tensor.log10`][unitensor.Tensor.log10]."""
    return _w(t).log10()


@_doc(Tensor.sin)
def sin(t: T) -> T:
    """Function form of [`Tensor.sin`][unitensor.Tensor.sin]."""
    return _w(t).sin()


@_doc(Tensor.cos)
def cos(t: T) -> T:
    """Function form of [`Tensor.cos`][unitensor.Tensor.cos]."""
    return _w(t).cos()


@_doc(Tensor.tan)
def tan(t: T) -> T:
    """Function form of [`Tensor.tan`][unitensor.Tensor.tan]."""
    return _w(t).tan()


@_doc(Tensor.arcsin)
def arcsin(t: T) -> T:
    """Function form of [`Tensor.arcsin`][unitensor.Tensor.arcsin]."""
    return _w(t).arcsin()


@_doc(Tensor.arccos)
def arccos(t: T) -> T:
    """Function form of [`Tensor.arccos`][unitensor.Tensor.arccos]."""
    return _w(t).arccos()


@_doc(Tensor.arctan)
def arctan(t: T) -> T:
    """Function form of [`Tensor.arctan`][unitensor.Tensor.arctan]."""
    return _w(t).arctan()


@_doc(Tensor.sinh)
def sinh(t: T) -> T:
    """Function form of [`Tensor.sinh`][unitensor.Tensor.sinh]."""
    return _w(t).sinh()


@_doc(Tensor.cosh)
def cosh(t: T) -> T:
    """Function form of [`Tensor.cosh`][unitensor.Tensor.cosh]."""
    return _w(t).cosh()


@_doc(Tensor.tanh)
def tanh(t: T) -> T:
    """Function form of [`Tensor.tanh`][unitensor.Tensor.tanh]."""
    return _w(t).tanh()


@_doc(Tensor.arcsinh)
def arcsinh(t: T) -> T:
    """Function form of [`Tensor.arcsinh`][unitensor.Tensor.arcsinh]."""
    return _w(t).arcsinh()


@_doc(Tensor.arccosh)
def arccosh(t: T) -> T:
    """Function form of [`Tensor.arccosh`][unitensor.Tensor.arccosh]."""
    return _w(t).arccosh()


@_doc(Tensor.arctanh)
def arctanh(t: T) -> T:
    """Function form of [`Tensor.arctanh`][unitensor.Tensor.arctanh]."""
    return _w(t).arctanh()


@_doc(Tensor.round)
def round(t: T) -> T:
    """Function form of [`Tensor.round`][unitensor.Tensor.round]."""
    return _w(t).round()


@_doc(Tensor.ceil)
def ceil(t: T) -> T:
    """Function form of [`Tensor.ceil`][unitensor.Tensor.ceil]."""
    return _w(t).ceil()


@_doc(Tensor.floor)
def floor(t: T) -> T:
    """Function form of [`Tensor.floor`][unitensor.Tensor.floor]."""
    return _w(t).floor()


@_doc(Tensor.isnan)
def isnan(t: T) -> T:
    """Function form of [`Tensor.isnan`][unitensor.Tensor.isnan]."""
    return _w(t).isnan()


@_doc(Tensor.isinf)
def isinf(t: T) -> T:
    """Function form of [`Tensor.isinf`][unitensor.Tensor.isinf]."""
    return _w(t).isinf()


@_doc(Tensor.isfinite)
def isfinite(t: T) -> T:
    """Function form of [`Tensor.isfinite`][unitensor.Tensor.isfinite]."""
    return _w(t).isfinite()


@_doc(Tensor.logical_not)
def logical_not(t: T) -> T:
    """Function form of [`Tensor.logical_not`][unitensor.Tensor.logical_not]."""
    return _w(t).logical_not()


@_doc(Tensor.minimum, "Either argument may be a scalar; the other must be a tensor.")
def minimum(x: T | Scalar, y: T | Scalar) -> T:
    """Function form of [`Tensor.minimum`][unitensor.Tensor.minimum]."""
    if isinstance(x, Tensor):
        return x.minimum(y)
    return _w(y).minimum(x)


@_doc(Tensor.maximum, "Either argument may be a scalar; the other must be a tensor.")
def maximum(x: T | Scalar, y: T | Scalar) -> T:
    """Function form of [`Tensor.maximum`][unitensor.Tensor.maximum]."""
    if isinstance(x, Tensor):
        return x.maximum(y)
    return _w(y).maximum(x)


@_doc(Tensor.logical_and, "Either argument may be a scalar; the other must be a tensor.")
def logical_and(x: T | Scalar, y: T | Scalar) -> T:
    """Function form of [`Tensor.logical_and`][unitensor.Tensor.logical_and]."""
    if isinstance(x, Tensor):
        return x.logical_and(y)
    return _w(y).logical_and(x)


@_doc(Tensor.logical_or, "Either argument may be a scalar; the other must be a tensor.")
def logical_or(x: T | Scalar, y: T | Scalar) -> T:
    """Function form of [`Tensor.logical_or`][unitensor.Tensor.logical_or]."""
    if isinstance(x, Tensor):
        return x.logical_or(y)
    return _w(y).logical_or(x)


@_doc(Tensor.sum)
def sum(t: T, axis: Axes = None, keepdims: bool = False) -> T:
    """Function form of [`Tensor.sum`][unitensor.Tensor.sum]."""
    return _w(t).sum(axis, keepdims)


@_doc(Tensor.prod)
def prod(t: T, axis: Axes = None, keepdims: bool = False) -> T:
    """Function form of [`Tensor.prod`][unitensor.Tensor.prod]."""
    return _w(t).prod(axis, keepdims)


@_doc(Tensor.mean)
def mean(t: T, axis: Axes = None, keepdims: bool = False) -> T:
    """Function form of [`Tensor.mean`][unitensor.Tensor.mean]."""
    return _w(t).mean(axis, keepdims)


@_doc(Tensor.min)
def min(t: T, axis: Axes = None, keepdims: bool = False) -> T:
    """Function form of [`Tensor.min`][unitensor.Tensor.min]."""
    return _w(t).min(axis, keepdims)


@_doc(Tensor.max)
def max(t: T, axis: Axes = None, keepdims: bool = False) -> T:
    """Function form of [`Tensor.max`][unitensor.Tensor.max]."""
    return _w(t).max(axis, keepdims)


@_doc(Tensor.all)
def all(t: T, axis: Axes = None, keepdims: bool = False) -> T:
    """Function form of [`Tensor.all`][unitensor.Tensor.all]."""
    return _w(t).all(axis, keepdims)


@_doc(Tensor.any)
def any(t: T, axis: Axes = None, keepdims: bool = False) -> T:
    """Function form of [`Tensor.any`][unitensor.Tensor.any]."""
    return _w(t).any(axis, keepdims)


@_doc(Tensor.logsumexp)
def logsumexp(t: T, axis: Axes = None, keepdims: bool = False) -> T:
    """Function form of [`Tensor.logsumexp`][unitensor.Tensor.logsumexp]."""
    return _w(t).logsumexp(axis, keepdims)


@_doc(Tensor.argmin)
def argmin(t: T, axis: int | None = None, keepdims: bool = False) -> T:
    """Function form of [`Tensor.argmin`][unitensor.Tensor.argmin]."""
    return _w(t).argmin(axis, keepdims)


@_doc(Tensor.argmax)
def argmax(t: T, axis: int | None = None, keepdims: bool = False) -> T:
    """Function form of [`Tensor.argmax`][unitensor.Tensor.argmax]."""
    return _w(t).argmax(axis, keepdims)


@_doc(Tensor.pow)
def pow(t: T, exponent: TensorOrScalar) -> T:
    """Function form of [`Tensor.pow`][unitensor.Tensor.pow]."""
    return _w(t).pow(exponent)


@_doc(Tensor.clip)
def clip(t: T, min_: TensorOrScalar | None, max_: TensorOrScalar | None) -> T:
    """Function form of [`Tensor.clip`][unitensor.Tensor.clip]."""
    return _w(t).clip(min_, max_)


def where(condition: T, x: TensorOrScalar, y: TensorOrScalar) -> T:
    """``x`` where ``condition`` is true, else ``y``, elementwise.

    Parameters
    ----------
    condition
        A tensor; non-bool values count as true when non-zero.
    x, y
        Tensors of ``condition``'s framework or Python scalars; all three
        broadcast together.

    Returns
    -------
    Tensor
        The broadcast shape. Two tensors promote as ``+``; a tensor and a
        scalar follow the scalar rule; two Python ints give int64 (int32 on
        JAX without 64-bit mode), two floats float32, two bools bool.

    Raises
    ------
    TypeError
        If the tensors belong to different frameworks, or ``condition`` is
        not an array.
    ValueError
        If the shapes do not broadcast.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> x = ut.astensor(np.array([-1.0, 2.0, -3.0], dtype=np.float32))
    >>> ut.where(x > 0, x, 0.0)
    NumPyTensor(array([0., 2., 0.], dtype=float32))
    >>> ut.where(x > 0, 1, 0)
    NumPyTensor(array([0, 1, 0]))
    """
    return _w(condition).where(x, y)


@_doc(Tensor.cumsum)
def cumsum(t: T, axis: int | None = None) -> T:
    """Function form of [`Tensor.cumsum`][unitensor.Tensor.cumsum]."""
    return _w(t).cumsum(axis)


@_doc(Tensor.sort)
def sort(t: T, axis: int = -1) -> T:
    """Function form of [`Tensor.sort`][unitensor.Tensor.sort]."""
    return _w(t).sort(axis)


@_doc(Tensor.argsort)
def argsort(t: T, axis: int = -1) -> T:
    """Function form of [`Tensor.argsort`][unitensor.Tensor.argsort]."""
    return _w(t).argsort(axis)


@_doc(Tensor.topk)
def topk(t: T, k: int, axis: int = -1, largest: bool = True, sorted: bool = True) -> tuple[T, T]:
    """Function form of [`Tensor.topk`][unitensor.Tensor.topk]."""
    return _w(t).topk(k, axis, largest, sorted)


@_doc(Tensor.reshape)
def reshape(t: T, shape: int | Sequence[int]) -> T:
    """Function form of [`Tensor.reshape`][unitensor.Tensor.reshape]."""
    return _w(t).reshape(shape)


@_doc(Tensor.flatten)
def flatten(t: T, start: int = 0, end: int = -1) -> T:
    """Function form of [`Tensor.flatten`][unitensor.Tensor.flatten]."""
    return _w(t).flatten(start, end)


@_doc(Tensor.transpose)
def transpose(t: T, axes: Sequence[int] | None = None) -> T:
    """Function form of [`Tensor.transpose`][unitensor.Tensor.transpose]."""
    return _w(t).transpose(axes)


@_doc(Tensor.squeeze)
def squeeze(t: T, axis: Axes = None) -> T:
    """Function form of [`Tensor.squeeze`][unitensor.Tensor.squeeze]."""
    return _w(t).squeeze(axis)


@_doc(Tensor.expand_dims)
def expand_dims(t: T, axis: int) -> T:
    """Function form of [`Tensor.expand_dims`][unitensor.Tensor.expand_dims]."""
    return _w(t).expand_dims(axis)


@_doc(Tensor.tile)
def tile(t: T, multiples: Sequence[int]) -> T:
    """Function form of [`Tensor.tile`][unitensor.Tensor.tile]."""
    return _w(t).tile(multiples)


@_doc(Tensor.flip)
def flip(t: T, axis: Axes = None) -> T:
    """Function form of [`Tensor.flip`][unitensor.Tensor.flip]."""
    return _w(t).flip(axis)


@_doc(Tensor.pad)
def pad(
    t: T, paddings: Sequence[tuple[int, int]], mode: PadMode = "constant", value: Scalar = 0
) -> T:
    """Function form of [`Tensor.pad`][unitensor.Tensor.pad]."""
    return _w(t).pad(paddings, mode, value)


def _joined(tensors: Sequence[Any], what: str) -> tuple[type[Tensor], list[Any]]:
    """Tensor class and promoted native arrays of a sequence of tensors."""
    ts: list[Tensor] = [_w(t) for t in tensors]
    if not ts:
        raise ValueError(f"{what} needs at least one tensor")
    cls: type[Tensor] = type(ts[0])
    raws = [ts[0]._unwrap(t) for t in ts]
    name = cls._dtype_name(raws[0].dtype)
    for r in raws[1:]:
        name = dtypes.result_name(name, cls._dtype_name(r.dtype))
    target = cls._native_dtype(name)
    return cls, [r if r.dtype == target else cls._ns.astype(r, target) for r in raws]


def concatenate(tensors: Sequence[T], axis: int = 0) -> T:
    """Join tensors along an existing axis.

    Parameters
    ----------
    tensors
        One or more tensors of one framework with equal shapes except along
        ``axis``; dtypes promote as ``+``.
    axis
        The axis to join along.

    Returns
    -------
    Tensor
        Shape of the inputs with the sizes along ``axis`` added; the common
        dtype of the inputs.

    Raises
    ------
    ValueError
        If the list is empty, or ranks or shapes differ off ``axis``.
    AxisError
        If ``axis`` is out of range.
    TypeError
        If the tensors belong to different frameworks.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> a = ut.astensor(np.array([[1, 2]], dtype=np.int32))
    >>> b = ut.astensor(np.array([[3, 4]], dtype=np.int64))
    >>> ut.concatenate([a, b])
    NumPyTensor(array([[1, 2],
                       [3, 4]]))
    >>> ut.concatenate([a, b], axis=1).shape
    (1, 4)
    """
    cls, raws = _joined(tensors, "concatenate")
    shapes = [tuple(r.shape) for r in raws]
    ax = cls(raws[0])._axis(axis)
    for s in shapes[1:]:
        if len(s) != len(shapes[0]) or s[:ax] + s[ax + 1 :] != shapes[0][:ax] + shapes[0][ax + 1 :]:
            raise ShapeError(f"concatenate: shapes {shapes} differ off axis {axis}")
    return cast(T, cls(cls._ns.concatenate(raws, ax)))  # the class of the inputs


def stack(tensors: Sequence[T], axis: int = 0) -> T:
    """Join tensors of equal shape along a new axis.

    Parameters
    ----------
    tensors
        One or more tensors of one framework and one shape; dtypes promote
        as ``+``.
    axis
        Position of the new axis in the result, in ``[-ndim-1, ndim]``.

    Returns
    -------
    Tensor
        Shape ``shape[:axis] + (len(tensors),) + shape[axis:]`` (with a
        negative ``axis`` taken modulo ``ndim + 1``); the common dtype of
        the inputs.

    Raises
    ------
    ValueError
        If the list is empty or the shapes differ.
    AxisError
        If ``axis`` is out of range.
    TypeError
        If the tensors belong to different frameworks.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> a = ut.astensor(np.array([1.0, 2.0], dtype=np.float32))
    >>> ut.stack([a, a * 2])
    NumPyTensor(array([[1., 2.],
                       [2., 4.]], dtype=float32))
    >>> ut.stack([a, a], axis=-1).shape
    (2, 2)
    """
    cls, raws = _joined(tensors, "stack")
    shapes = {tuple(r.shape) for r in raws}
    if len(shapes) != 1:
        raise ShapeError(f"stack needs tensors of one shape, got {sorted(shapes)}")
    n = len(raws[0].shape)
    if not -n - 1 <= axis <= n:
        raise AxisError(f"axis {axis} is out of bounds for stacking tensors of rank {n}")
    return cast(T, cls(cls._ns.stack(raws, axis % (n + 1))))  # the class of the inputs


@_doc(Tensor.matmul)
def matmul(x: T, y: T) -> T:
    """Function form of [`Tensor.matmul`][unitensor.Tensor.matmul]."""
    return _w(x).matmul(y)


@_doc(Tensor.softmax)
def softmax(t: T, axis: int = -1) -> T:
    """Function form of [`Tensor.softmax`][unitensor.Tensor.softmax]."""
    return _w(t).softmax(axis)


@_doc(Tensor.log_softmax)
def log_softmax(t: T, axis: int = -1) -> T:
    """Function form of [`Tensor.log_softmax`][unitensor.Tensor.log_softmax]."""
    return _w(t).log_softmax(axis)


@_doc(Tensor.crossentropy)
def crossentropy(logits: T, labels: T) -> T:
    """Function form of [`Tensor.crossentropy`][unitensor.Tensor.crossentropy]."""
    return _w(logits).crossentropy(labels)


@_doc(Tensor.onehot_like)
def onehot_like(t: T, indices: T, *, value: Scalar = 1) -> T:
    """Function form of [`Tensor.onehot_like`][unitensor.Tensor.onehot_like]."""
    return _w(t).onehot_like(indices, value=value)


@_doc(Tensor.take_along_axis)
def take_along_axis(t: T, indices: T, axis: int) -> T:
    """Function form of [`Tensor.take_along_axis`][unitensor.Tensor.take_along_axis]."""
    return _w(t).take_along_axis(indices, axis)


@_doc(Tensor.index_update)
def index_update(t: T, indices: Any, values: TensorOrScalar) -> T:
    """Function form of [`Tensor.index_update`][unitensor.Tensor.index_update]."""
    return _w(t).index_update(indices, values)


@_doc(Tensor.zeros)
def zeros(t: T, shape: int | Sequence[int], dtype: Any = None) -> T:
    """Function form of [`Tensor.zeros`][unitensor.Tensor.zeros]."""
    return _w(t).zeros(shape, dtype)


@_doc(Tensor.ones)
def ones(t: T, shape: int | Sequence[int], dtype: Any = None) -> T:
    """Function form of [`Tensor.ones`][unitensor.Tensor.ones]."""
    return _w(t).ones(shape, dtype)


@_doc(Tensor.full)
def full(t: T, shape: int | Sequence[int], value: Scalar, dtype: Any = None) -> T:
    """Function form of [`Tensor.full`][unitensor.Tensor.full]."""
    return _w(t).full(shape, value, dtype)


@_doc(Tensor.zeros_like)
def zeros_like(t: T, dtype: Any = None) -> T:
    """Function form of [`Tensor.zeros_like`][unitensor.Tensor.zeros_like]."""
    return _w(t).zeros_like(dtype)


@_doc(Tensor.ones_like)
def ones_like(t: T, dtype: Any = None) -> T:
    """Function form of [`Tensor.ones_like`][unitensor.Tensor.ones_like]."""
    return _w(t).ones_like(dtype)


@_doc(Tensor.full_like)
def full_like(t: T, fill_value: Scalar, dtype: Any = None) -> T:
    """Function form of [`Tensor.full_like`][unitensor.Tensor.full_like]."""
    return _w(t).full_like(fill_value, dtype)


@_doc(Tensor.arange)
def arange(
    t: T,
    start: int | float,
    stop: int | float | None = None,
    step: int | float | None = None,
    dtype: Any = None,
) -> T:
    """Function form of [`Tensor.arange`][unitensor.Tensor.arange]."""
    return _w(t).arange(start, stop, step, dtype)


@_doc(Tensor.from_numpy)
def from_numpy(t: T, a: Any) -> T:
    """Function form of [`Tensor.from_numpy`][unitensor.Tensor.from_numpy]."""
    return _w(t).from_numpy(a)


@_doc(Tensor.uniform)
def uniform(
    t: T, shape: int | Sequence[int], low: float = 0.0, high: float = 1.0, dtype: Any = None
) -> T:
    """Function form of [`Tensor.uniform`][unitensor.Tensor.uniform]."""
    return _w(t).uniform(shape, low, high, dtype)


@_doc(Tensor.normal)
def normal(
    t: T, shape: int | Sequence[int], mean: float = 0.0, stddev: float = 1.0, dtype: Any = None
) -> T:
    """Function form of [`Tensor.normal`][unitensor.Tensor.normal]."""
    return _w(t).normal(shape, mean, stddev, dtype)


@_doc(Tensor.inv)
def inv(t: T) -> T:
    """Function form of [`Tensor.inv`][unitensor.Tensor.inv]."""
    return _w(t).inv()


@_doc(Tensor.slogdet)
def slogdet(t: T) -> tuple[T, T]:
    """Function form of [`Tensor.slogdet`][unitensor.Tensor.slogdet]."""
    return _w(t).slogdet()


def meshgrid(*tensors: T, indexing: str = "xy") -> tuple[T, ...]:
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
    >>> xx, yy = ut.meshgrid(x, y)
    >>> xx.shape, ut.meshgrid(x, y, indexing="ij")[0].shape
    ((2, 3), (3, 2))
    >>> yy
    NumPyTensor(array([[10, 10, 10],
                       [20, 20, 20]]))
    """
    if indexing not in ("xy", "ij"):
        raise ValueError(f"indexing must be 'xy' or 'ij', got {indexing!r}")
    cls, raws = _joined(tensors, "meshgrid")
    if builtins.any(len(r.shape) != 1 for r in raws):
        raise ShapeError("meshgrid needs 1-d tensors")
    return tuple(cast(T, cls(g)) for g in cls._ns.meshgrid(raws, indexing))


def kl_div_with_logits(logits_p: T, logits_q: T, axis: int = -1, keepdims: bool = False) -> T:
    """Kullback-Leibler divergence KL(p || q) of two distributions given as logits.

    ``p = softmax(logits_p, axis)`` and ``q = softmax(logits_q, axis)``; the
    result is ``sum(p * (log p - log q), axis)``, computed from log-softmax
    for stability.

    Parameters
    ----------
    logits_p, logits_q
        Float tensors of one framework that broadcast together.
    axis
        The axis that holds the classes (any axis).
    keepdims
        Keep the reduced axis with length 1.

    Returns
    -------
    Tensor
        Shape of the broadcast inputs without ``axis`` (or with length 1
        there), their float dtype (integer input gives float32);
        non-negative up to rounding.

    Raises
    ------
    AxisError
        If ``axis`` is out of range.
    ValueError
        If the shapes do not broadcast.
    TypeError
        If the tensors belong to different frameworks.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> p = ut.astensor(np.array([[0.0, 0.0], [0.0, 2.0]], dtype=np.float32))
    >>> kl = ut.kl_div_with_logits(p, p)
    >>> kl
    NumPyTensor(array([0., 0.], dtype=float32))
    >>> kl_pq = ut.kl_div_with_logits(p[0], p[1])
    >>> kl_pq.item()
    0.4338
    """
    p = _w(logits_p)
    log_p = p.log_softmax(axis)
    log_q = _w(logits_q).log_softmax(axis)
    return (log_p.exp() * (log_p - log_q)).sum(axis, keepdims)
