"""``eagerpy.framework``: the free functions and constants.

Every function of [`unitensor`][unitensor] (EagerPy's and the ones unitensor
adds), with EagerPy's signatures. The one signature that differs between
the two libraries is ``topk``: EagerPy's ``topk(t, k, sorted=True)``
works on the last axis and is kept here; unitensor's ``ut.topk`` also
takes ``axis`` and ``largest``.
"""

from __future__ import annotations

from typing import TypeVar

from unitensor import inf, nan, newaxis
from unitensor._autodiff import grad, value_and_grad, value_and_grad_fn, value_aux_and_grad
from unitensor._functions import (
    abs,
    all,
    any,
    arange,
    arccos,
    arccosh,
    arcsin,
    arcsinh,
    arctan,
    arctanh,
    argmax,
    argmin,
    argsort,
    ceil,
    clip,
    concatenate,
    cos,
    cosh,
    crossentropy,
    cumsum,
    exp,
    expand_dims,
    flatten,
    flip,
    floor,
    from_numpy,
    full,
    full_like,
    index_update,
    inv,
    isfinite,
    isinf,
    isnan,
    kl_div_with_logits,
    log,
    log1p,
    log2,
    log10,
    log_softmax,
    logical_and,
    logical_not,
    logical_or,
    logsumexp,
    matmul,
    max,
    maximum,
    mean,
    meshgrid,
    min,
    minimum,
    normal,
    onehot_like,
    ones,
    ones_like,
    pad,
    pow,
    prod,
    reshape,
    round,
    sign,
    sin,
    sinh,
    slogdet,
    softmax,
    sort,
    sqrt,
    square,
    squeeze,
    stack,
    sum,
    take_along_axis,
    tan,
    tanh,
    tile,
    transpose,
    uniform,
    where,
    zeros,
    zeros_like,
)
from unitensor._tensor import Tensor

T = TypeVar("T", bound=Tensor)


def topk(t: T, k: int, sorted: bool = True) -> tuple[T, T]:
    """The ``k`` largest values along the last axis and their indices (EagerPy's signature).

    See [`unitensor.Tensor.topk`][unitensor.Tensor.topk].

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor.compat.eagerpy as ep
    >>> values, indices = ep.topk(ep.astensor(np.array([3.0, 1.0, 2.0])), 2)
    >>> values
    NumPyTensor(array([3., 2.]))
    >>> indices.numpy().tolist()
    [0, 2]
    """
    return t.topk(k, axis=-1, largest=True, sorted=sorted)


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
    "transpose",
    "uniform",
    "where",
    "zeros",
    "zeros_like",
    "grad",
    "inf",
    "nan",
    "newaxis",
    "topk",
    "value_and_grad",
    "value_and_grad_fn",
    "value_aux_and_grad",
]
