"""Backends: one module per framework, each a namespace of primitives.

A backend module defines its tensor class (a subclass of
:class:`unitensor.Tensor`) and gives it a namespace ``_ns`` of
*primitives*: plain functions on native arrays whose meaning is fixed by
:data:`PRIMITIVES`. The module states only where its framework differs
from the meaning unitensor defines; everything else (argument checks,
dtype rules, composite operations) lives in ``unitensor/_tensor.py``.
:func:`namespace` checks that a backend supplies every primitive.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

__all__ = ["OPTIONAL_PRIMITIVES", "PRIMITIVES", "namespace", "topk_via_last_axis"]

PRIMITIVES: dict[str, str] = {
    # type and conversion
    "accepts": "accepts(tp) -> bool: is tp a native array type of the framework",
    "dtype_name": "dtype_name(native_dtype) -> canonical name such as 'float32'",
    "dtype_from_name": "dtype_from_name(name) -> native dtype",
    "device": "device(a) -> the framework's device object for a",
    "to_numpy": "to_numpy(a) -> numpy.ndarray with a's values",
    "item": "item(a) -> Python scalar of a one-element array",
    "astype": "astype(a, native_dtype) -> a converted",
    "seed": "seed(n) -> None: seed the generator used by uniform/normal",
    # operators the native array operators don't cover identically
    "divide": "divide(a, b) -> true division, integers giving float32",
    "matmul": "matmul(a, b) -> NumPy matmul semantics, 1-d operands included",
    "equal": "equal(a, b) -> bool array",
    "not_equal": "not_equal(a, b) -> bool array",
    "bitwise_invert": "bitwise_invert(a) -> ~a (logical for bool)",
    "bitwise_and": "bitwise_and(a, b) (logical for bool)",
    "bitwise_or": "bitwise_or(a, b) (logical for bool)",
    "bitwise_xor": "bitwise_xor(a, b) (logical for bool)",
    "getitem": "getitem(a, index) -> NumPy indexing; index from normalize_index",
    "index_update": "index_update(a, index, values) -> copy of a with a[index] = values",
    # elementwise (float functions receive float input)
    **{
        name: f"{name}(a) -> elementwise, NumPy meaning"
        for name in (
            "abs sign sqrt square exp log log1p log2 log10 sin cos tan arcsin arccos arctan "
            "sinh cosh tanh arcsinh arccosh arctanh round ceil floor isnan isinf isfinite "
            "logical_not"
        ).split()
    },
    **{
        name: f"{name}(a, b) -> elementwise; b may be a Python scalar"
        for name in ("logical_and", "logical_or", "minimum", "maximum")
    },
    "clip": "clip(a, lo, hi) with Python scalar bounds of a's kind",
    "where": "where(cond, x, y): bool cond, x and y arrays of one dtype",
    # reductions: axes is None (all) or a tuple of non-negative ints
    **{
        name: f"{name}(a, axes, keepdims) -> reduction with unitensor's dtype rules"
        for name in ("sum", "prod", "mean", "min", "max", "all", "any")
    },
    "argmin": "argmin(a, axis: int) -> int64 indices",
    "argmax": "argmax(a, axis: int) -> int64 indices",
    "cumsum": "cumsum(a, axis: int) -> int64 for bool/int input",
    "sort": "sort(a, axis)",
    "argsort": "argsort(a, axis) -> int64, stable",
    "topk": "topk(a, k, axis, largest, sorted) -> (values, int64 indices)",
    # shape
    "reshape": "reshape(a, shape tuple)",
    "transpose": "transpose(a, perm tuple)",
    "squeeze": "squeeze(a, axes tuple)",
    "expand_dims": "expand_dims(a, axis)",
    "tile": "tile(a, multiples tuple of len ndim)",
    "flip": "flip(a, axes tuple)",
    "pad_constant": "pad_constant(a, ((before, after), ...), value)",
    "take": "take(a, int array, axis) -> gather along axis",
    "take_along_axis": "take_along_axis(a, indices, axis), broadcasting, negative indices",
    "concatenate": "concatenate(list of arrays of one dtype, axis)",
    "stack": "stack(list of arrays of one dtype, axis)",
    # linear algebra
    "inv": "inv(a) -> inverse of (..., n, n) matrices",
    "slogdet": "slogdet(a) -> (sign, log|det|) of (..., n, n) matrices",
    "meshgrid": "meshgrid(list of 1-d arrays, indexing) -> list of arrays",
    # functional scatter: positions are the flat positions an index selects
    "scatter": "scatter(a, index, values, op) -> copy of a with op in add/multiply/min/max "
    "applied at a[index] (duplicates accumulate)",
    "from_dlpack": "from_dlpack(obj) -> native array sharing obj's memory (obj has __dlpack__)",
    # creation: `like` is a native array giving the device
    "full": "full(shape, value, native_dtype, like)",
    "arange": "arange(start, stop, step, native_dtype, like)",
    "asarray": "asarray(numpy array or list, native_dtype or None, like)",
    "uniform": "uniform(shape, low, high, native_dtype, like)",
    "normal": "normal(shape, mean, stddev, native_dtype, like)",
}
"""Every primitive a backend namespace provides, with its contract."""

OPTIONAL_PRIMITIVES: dict[str, str] = {
    "logsumexp": "logsumexp(a, axes, keepdims) on float input",
    "log_softmax": "log_softmax(a, axis) on float input",
    "softmax": "softmax(a, axis) on float input",
    "crossentropy": "crossentropy(logits, labels) -> per-sample loss, logits (..., C)",
}
"""Fused native forms of composite operations; ``None`` where a backend has none.

``Tensor`` composes these operations from primitives when the backend
leaves them out; a backend supplies them only to be faster.
"""


def namespace(functions: dict[str, Any]) -> SimpleNamespace:
    """A backend namespace from ``functions``, checked against :data:`PRIMITIVES`.

    Raises
    ------
    TypeError
        If a primitive is missing, naming it.
    """
    missing = sorted(set(PRIMITIVES) - set(functions))
    if missing:
        raise TypeError(f"backend namespace lacks primitives: {', '.join(missing)}")
    unknown = sorted(set(functions) - set(PRIMITIVES) - set(OPTIONAL_PRIMITIVES))
    if unknown:
        raise TypeError(f"backend namespace has unknown primitives: {', '.join(unknown)}")
    return SimpleNamespace(
        **{k: functions[k] for k in PRIMITIVES},
        **{k: functions.get(k) for k in OPTIONAL_PRIMITIVES},
    )


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
