"""Backends: one module per framework, each a namespace of primitives.

A backend module defines its tensor class (a subclass of
[`unitensor.Tensor`][unitensor.Tensor]) and gives it ``_ns``, an instance of
``Primitives``: plain functions on native arrays whose meaning is
fixed there. The module states only where its framework differs from the
meaning unitensor defines; everything else (argument checks, dtype rules,
composite operations) lives in ``unitensor/_tensor.py``. A backend that
leaves out a required primitive fails when its module is imported.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeAlias

__all__ = ["Primitives", "topk_via_last_axis"]

Unary: TypeAlias = Callable[[Any], Any]
Binary: TypeAlias = Callable[[Any, Any], Any]
Reduction: TypeAlias = Callable[[Any, "int | tuple[int, ...] | None", bool], Any]
AlongAxis: TypeAlias = Callable[[Any, int], Any]
Shape: TypeAlias = tuple[int, ...]
Random: TypeAlias = Callable[[Shape, float, float, Any, Any], Any]


@dataclass(frozen=True, slots=True, kw_only=True)
class Primitives:
    """The functions on native arrays that a backend supplies.

    Every field is a plain function on native arrays; its meaning is fixed
    here, so ``Tensor`` can rely on it. Arguments arrive checked and
    normalised (axes non-negative, dtypes native, shapes tuples); dtype
    rules the framework does not follow natively are the primitive's job
    (for example integer ``sum`` giving int64). The last four fields are
    optional fused forms of composite operations: ``None`` where a backend
    has none, and ``Tensor`` composes them from other primitives.
    """

    # types and conversion
    accepts: Callable[[type], bool]  # is this a native array type of the framework
    dtype_name: Callable[[Any], str]  # native dtype -> canonical name such as "float32"
    dtype_from_name: Callable[[str], Any]  # canonical name -> native dtype
    device: Unary  # the framework's device object of an array
    to_numpy: Unary  # numpy.ndarray with the array's values
    item: Unary  # Python scalar of a one-element array
    astype: Binary  # (a, native dtype) -> a converted
    seed: Callable[[int], Any]  # seed the generator behind uniform / normal
    # operators the arrays' own operators do not cover identically
    divide: Binary  # true division, integer operands giving float32
    matmul: Binary  # NumPy matmul semantics, 1-d operands included
    equal: Binary  # elementwise ==, bool result
    not_equal: Binary  # elementwise !=, bool result
    bitwise_invert: Unary  # ~a, logical for bool
    bitwise_and: Binary  # a & b, logical for bool
    bitwise_or: Binary  # a | b, logical for bool
    bitwise_xor: Binary  # a ^ b, logical for bool
    getitem: Binary  # NumPy indexing, index from _indexing.normalize_index
    index_update: Callable[[Any, Any, Any], Any]  # copy of a with a[index] = values
    # elementwise, NumPy meaning (float functions receive float input)
    abs: Unary
    sign: Unary
    sqrt: Unary
    square: Unary
    exp: Unary
    log: Unary
    log1p: Unary
    log2: Unary
    log10: Unary
    sin: Unary
    cos: Unary
    tan: Unary
    arcsin: Unary
    arccos: Unary
    arctan: Unary
    sinh: Unary
    cosh: Unary
    tanh: Unary
    arcsinh: Unary
    arccosh: Unary
    arctanh: Unary
    round: Unary  # halves to even
    ceil: Unary
    floor: Unary
    isnan: Unary  # bool result, also for integer input
    isinf: Unary
    isfinite: Unary
    logical_not: Unary  # non-zero counts as true
    logical_and: Binary  # b may be a Python scalar
    logical_or: Binary
    minimum: Binary  # NaN propagates; b may be a Python scalar
    maximum: Binary
    clip: Callable[[Any, Any, Any], Any]  # Python scalar bounds of a's kind
    where: Callable[[Any, Any, Any], Any]  # bool condition, x and y of one dtype
    # reductions: axes is None (all), one non-negative int (the common case, passed
    # as an int because the frameworks take that fastest) or a tuple of them
    sum: Reduction  # bool and integers narrower than 64 bits sum as int64
    prod: Reduction  # as sum
    mean: Reduction  # float input
    min: Reduction
    max: Reduction
    all: Reduction  # bool result, non-zero counts as true
    any: Reduction
    argmin: AlongAxis  # int64 indices
    argmax: AlongAxis
    cumsum: AlongAxis  # int64 for bool and narrow integer input
    sort: AlongAxis
    argsort: AlongAxis  # int64 indices, stable
    # shape
    reshape: Callable[[Any, Shape], Any]
    transpose: Callable[[Any, Shape], Any]  # (a, permutation)
    squeeze: Callable[[Any, Shape], Any]  # (a, axes of length 1)
    expand_dims: AlongAxis
    tile: Callable[[Any, Shape], Any]  # multiples, one per axis
    flip: Callable[[Any, Shape], Any]  # (a, axes)
    pad_constant: Callable[[Any, tuple[tuple[int, int], ...], Any], Any]
    take: Callable[[Any, Any, int], Any]  # gather along an axis
    take_along_axis: Callable[[Any, Any, int], Any]  # NumPy's, negative indices too
    concatenate: Callable[[list[Any], int], Any]  # arrays of one dtype
    stack: Callable[[list[Any], int], Any]  # arrays of one dtype
    # linear algebra
    inv: Unary  # of (..., n, n) matrices
    slogdet: Callable[[Any], tuple[Any, Any]]  # (sign, log|det|) of (..., n, n) matrices
    meshgrid: Callable[[list[Any], Any], list[Any]]  # (1-d arrays, "xy" or "ij")
    # functional updates: op is "add", "multiply", "min" or "max"; duplicates accumulate
    scatter: Callable[[Any, Any, Any, str], Any]
    from_dlpack: Unary  # array sharing the memory of an object with __dlpack__
    # creation: the last argument is a native array whose device the result takes
    full: Callable[[Shape, Any, Any, Any], Any]  # (shape, value, dtype, like)
    arange: Callable[[Any, Any, Any, Any, Any], Any]  # (start, stop, step, dtype, like)
    asarray: Callable[[Any, Any, Any], Any]  # (numpy array or list, dtype or None, like)
    uniform: Random  # (shape, low, high, dtype, like)
    normal: Random  # (shape, mean, stddev, dtype, like)
    # optional fused forms (float input)
    logsumexp: Reduction | None = None
    log_softmax: AlongAxis | None = None
    softmax: AlongAxis | None = None
    crossentropy: Binary | None = None  # (logits (..., C), integer labels (...))
    # (a, k, axis, largest, sorted) -> (values, int64 indices); equal values: lower index
    # first; NaN counts as the largest value
    topk: Callable[[Any, int, int, bool, bool], tuple[Any, Any]] | None = None


def topk_via_last_axis(topk_last: Any, transpose: Any) -> Any:
    """A ``topk`` primitive from one that works on the last axis only.

    ``topk_last(a, k, largest, sorted)`` returns ``(values, indices)`` along
    the last axis; the axis asked for is swapped with the last one around it.
    """

    def topk(a: Any, k: int, axis: int, largest: bool, sorted: bool) -> tuple[Any, Any]:
        last = len(a.shape) - 1
        if axis == last:
            values, indices = topk_last(a, k, largest, sorted)
            return values, indices
        perm = list(range(len(a.shape)))
        perm[axis], perm[last] = last, axis
        values, indices = topk_last(transpose(a, perm), k, largest, sorted)
        return transpose(values, perm), transpose(indices, perm)

    return topk
