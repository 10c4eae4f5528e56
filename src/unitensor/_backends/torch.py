"""PyTorch backend: ``PyTorchTensor`` and its primitives.

Where PyTorch differs from unitensor's meaning, this module hides it:
slices with negative steps (PyTorch refuses them) become a positive slice
and a flip; ``prod`` over several axes reduces one axis at a time;
``matmul`` and ``where`` promote mixed dtypes first, and products of
uint16, uint32 and uint64 (``matmul``, ``tensordot``, ``einsum``: PyTorch has
no kernels) are computed in int64; ``take_along_axis``
accepts negative indices; ``sign`` keeps NaN and gives +0.0 for -0.0, a zero
float remainder takes the divisor's sign, complex ``sign`` and ``round`` work
(PyTorch refuses them); uint16, uint32 and uint64, for which PyTorch has
few kernels, are completed in ``_torch_unsigned``. Gradients use ``torch.autograd.grad`` on a
detached copy of the input, so no ``.grad`` is ever written; inside another
gradient call the graph is kept (``create_graph``), so gradients of
gradients work as on TensorFlow and JAX. PyTorch is imported when the
primitives are first needed, not with this module.
"""

from __future__ import annotations

import ctypes
import dataclasses
import importlib
import math
import os
import threading
from collections.abc import Callable
from typing import Any, cast

import numpy as np

from .._api._base import FAST_PATH_TYPE, KERNELS_MODULE, PYTHON_VERSIONS
from .._errors import IndexOutOfRangeError, tagged
from .._indexing import (
    AdvancedOps,
    advanced_getitem,
    as_tuple,
    axes_taken,
    expand_ellipsis,
    int_out_of_range,
)
from .._registry import load_primitives
from .._tensor import Tensor
from . import (
    Primitives,
    _torch_dynamo,
    _torch_gradients,
    _torch_transforms,
    _torch_unsigned,
    device_error,
    dlpack_importer,
)

__all__ = ["PyTorchTensor", "primitives"]

# PyTorch itself, set by primitives(). Its annotations are partial (many functions have
# untyped parameters); this module handles native tensors as ``Any`` anyway.
torch: Any = None
_is_compiling: Callable[[], bool] = bool  # torch.compiler.is_compiling, set by _primitives()
_is_tracing: Callable[[], bool] = bool  # torch.jit.is_tracing's test, set by _primitives()
_dispatch_modes: Callable[[], int] = int  # the depth of dispatch modes, set by _primitives()
_function_modes: Callable[[], bool] = bool  # whether a __torch_function__ mode is on (same)
tnf: Any = None
_hardtanh_: Any = None  # torch._C._nn.hardtanh_, set by _primitives()
_functorch_level: Any = None  # torch._C._functorch.maybe_current_level
_forward_ad: Any = None  # torch.autograd.forward_ad
# KERNELS_MODULE.torch_sign once set up (_primitives), None without the extension
_one_pass_sign: Callable[[Any], Any] | None = None


class PyTorchTensor(Tensor, backend="torch"):
    """A tensor holding a ``torch.Tensor`` (on any device)."""

    __slots__ = ()


def _has_negative_step(index: Any) -> bool:
    if index.__class__ is slice:
        return index.step is not None and index.step < 0
    if index.__class__ is tuple:
        return any(i.__class__ is slice and i.step is not None and i.step < 0 for i in index)
    return False


def _bool_rank(item: Any) -> int | None:
    return item.ndim if isinstance(item, torch.Tensor) and item.dtype == torch.bool else None


def _positive_steps(a: Any, index: Any) -> tuple[Any, Any]:
    """Apply the negative-step slices of ``index`` to ``a`` (as flips).

    Returns the new array and the index with those slices made full.
    """
    items = expand_ellipsis(as_tuple(index), a.ndim, _bool_rank)
    out: list[Any] = []
    dim = 0
    for item in items:
        if item.__class__ is slice and item.step is not None and item.step < 0:
            r = range(*item.indices(a.shape[dim]))
            before = (slice(None),) * dim
            if len(r) == 0:
                a = a[(*before, slice(0, 0))]
            else:
                a = torch.flip(a[(*before, slice(r[-1], r[0] + 1, -item.step))], (dim,))
            item = slice(None)
        out.append(item)
        if item is not None:
            dim += axes_taken(item, _bool_rank)
    return a, tuple(out)


def _ints_as_arrays(index: Any) -> Any:
    """With integer arrays present, make ints arrays too.

    NumPy counts an int beside an integer array as an advanced index (which
    decides where the result axes go); PyTorch counts it as a basic index.
    A one-element array broadcasts like the int and restores NumPy's rule.
    """
    if index.__class__ is not tuple:
        return index
    has_array = any(isinstance(i, torch.Tensor) and i.dtype != torch.bool for i in index)
    if not has_array or not any(i.__class__ is int for i in index):
        return index
    return tuple(torch.tensor([i]) if i.__class__ is int else i for i in index)


def _needs_numpy_placement(index: Any) -> bool:
    """Whether PyTorch would place this index's advanced axes unlike NumPy.

    That is a bool mask beside other advanced indices (PyTorch counts ints
    beside masks as basic indices), or ``...`` / ``None`` among advanced
    indices (NumPy counts them as separators even when ``...`` stands for no
    axes).
    """
    if index.__class__ is not tuple:
        return False
    arrays = [i for i in index if isinstance(i, torch.Tensor)]
    if not arrays:
        return False
    if any(i is None or i is Ellipsis for i in index):
        return True
    masks = sum(1 for i in arrays if i.dtype == torch.bool)
    advanced = len(arrays) + sum(1 for i in index if i.__class__ is int)
    return masks > 0 and advanced > 1


def _index_array(item: Any, n: int) -> Any:
    idx = torch.as_tensor(item).to(torch.int64)
    if idx.numel() and bool(((idx < -n) | (idx >= n)).any()):
        bad = int(idx.max()) if int(idx.max()) >= n else int(idx.min())
        raise IndexOutOfRangeError(f"index {bad} is out of bounds for an axis of size {n}")
    return torch.where(idx < 0, idx + n, idx)


def _basic(a: Any, index: tuple[Any, ...]) -> Any:
    if _has_negative_step(index):
        a, index = _positive_steps(a, index)
    return a[index]


_ADVANCED = AdvancedOps(
    is_array=lambda item: isinstance(item, torch.Tensor),
    bool_rank=_bool_rank,
    nonzero=lambda mask: list(torch.nonzero(mask, as_tuple=True)),
    index_array=lambda item, n: _index_array(item, n).to(
        item.device if isinstance(item, torch.Tensor) else "cpu"
    ),
    broadcast=lambda arrays: list(torch.broadcast_tensors(*arrays)),
    basic=_basic,
    transpose=lambda a, perm: a.permute(perm),
    gather_front=lambda a, arrays: a[tuple(arrays)],
)


def _check_traced_ints(a: Any, index: Any) -> None:
    """Under ``torch.compile``, the ``IndexOutOfRangeError`` eager indexing raises for an int.

    Eagerly, PyTorch's own ``IndexError`` becomes it (``reraise_index_error``);
    TorchDynamo raises PyTorch's error past that ``except``, so a traced call
    checks each int against its axis's length before PyTorch sees it.
    Called only where ``_is_compiling()`` (a call less on eager indexing).
    """
    error = int_out_of_range(index, a.shape, _bool_rank)
    if error is not None:
        raise error


def _basic_only(index: tuple[Any, ...]) -> bool:
    """Whether every item is an int, a slice of positive or no step, ``None`` or ``...``.

    PyTorch's meaning of such an index is NumPy's (one loop, the common case).
    """
    for i in index:
        cls = i.__class__
        if not (
            cls is int
            or (cls is slice and (i.step is None or i.step > 0))
            or i is None
            or i is Ellipsis
        ):
            return False
    return True


def _getitem(a: Any, index: Any) -> Any:
    if _is_compiling():
        _check_traced_ints(a, index)
    elif index.__class__ is tuple:
        if _basic_only(index):
            return a[index]
    elif index.__class__ is int or (
        index.__class__ is slice and (index.step is None or index.step > 0)
    ):  # (one int or slice: PyTorch's meaning is NumPy's, as _basic_only's)
        return a[index]
    if _needs_numpy_placement(index):
        return advanced_getitem(a, index, _ADVANCED)
    if _has_negative_step(index):
        a, index = _positive_steps(a, index)
    return a[_ints_as_arrays(index)]


def _index_update(a: Any, index: Any, values: Any) -> Any:
    if _is_compiling():
        _check_traced_ints(a, index)
    if _has_negative_step(index) or _needs_numpy_placement(index):
        pos = _getitem(torch.arange(a.numel(), device=a.device).reshape(a.shape), index)
        out = a.clone().reshape(-1)
        out[pos.reshape(-1)] = values.expand(pos.shape).reshape(-1)
        return out.reshape(a.shape)
    out = a.clone()
    out[_ints_as_arrays(index)] = values
    return out


def _setitem(a: Any, index: Any, values: Any) -> Any:
    """``a[index] = values`` in place, for every index form ``_getitem`` takes."""
    if _is_compiling():
        _check_traced_ints(a, index)
    if _has_negative_step(index) or _needs_numpy_placement(index):
        a.copy_(_index_update(a, index, values))
    else:
        a[_ints_as_arrays(index)] = values
    return a


def _assign(a: Any, values: Any) -> Any:
    """``values`` written into ``a`` (PyTorch's ``copy_``, which autograd records)."""
    return a.copy_(values)


def _devices() -> tuple[Any, ...]:
    cuda = [torch.device("cuda", i) for i in range(torch.cuda.device_count())]
    return (torch.device("cpu"), *cuda)


_LIKE: dict[Any, Any] = {}


def _like(device: Any) -> Any:
    """A 0-d tensor on ``device`` (the default device for None), cached."""
    try:
        return _LIKE[device]
    except (KeyError, TypeError):  # (TypeError: a device argument that cannot be hashed)
        out = torch.zeros(()) if device is None else _to_device(torch.zeros(()), device)
        return _LIKE.setdefault(device, out)


def _device_arg(device: Any) -> Any:
    """The ``torch.device`` that ``device`` names, where this machine has it.

    What ``torch.device`` takes (``"cpu"``, ``"cuda:1"``, an int for a CUDA
    index, a ``torch.device``); ``DeviceError`` for anything else and for a
    device the machine lacks: PyTorch itself raises ``AssertionError``
    ("Torch not compiled with CUDA enabled") or ``RuntimeError`` for those,
    each a different message.
    """
    try:
        d = torch.device(device)
    except (RuntimeError, TypeError, ValueError) as e:
        raise _device_error(device) from e
    if d.type == "cuda" and (d.index or 0) >= torch.cuda.device_count():
        raise _device_error(device)
    if d.type not in ("cpu", "cuda", "meta"):  # mps, xpu, ...: is it there?
        try:
            torch.empty(0, device=d)
        except (AssertionError, RuntimeError) as e:
            raise _device_error(device) from e
    return d


def _device_error(device: Any) -> Exception:
    return device_error("PyTorch", device, [str(d) for d in _devices()])


def _to_device(a: Any, device: Any) -> Any:
    """``a.to(device)``; ``DeviceError`` for what names no device here (``_device_arg``)."""
    return a.to(_device_arg(device))


def _negative_or_read_only(obj: Any, host: Any) -> str | None:
    """Why PyTorch cannot hold the memory of ``host``, a NumPy view of ``obj``'s, as it is.

    ``torch.from_dlpack`` aborts the process on negative strides; and PyTorch
    has no read-only tensors, so a NumPy array NumPy marks read-only (a
    memory map opened with ``mode="r"``, ``np.frombuffer`` of ``bytes``)
    would be written through, which crashes on read-only pages.
    """
    if any(s < 0 for s in host.strides):
        return "has negative strides"
    if isinstance(obj, np.ndarray) and not obj.flags.writeable:
        return "NumPy marks read-only (PyTorch has no read-only tensors)"
    return None


_REDUCE = {"add": "sum", "multiply": "prod", "min": "amin", "max": "amax"}


def _scatter(a: Any, index: Any, values: Any, op: str) -> Any:
    pos = _getitem(torch.arange(a.numel(), device=a.device).reshape(a.shape), index)
    vals = values.expand(pos.shape).reshape(-1)
    flat = a.reshape(-1).scatter_reduce(0, pos.reshape(-1), vals, _REDUCE[op], include_self=True)
    return flat.reshape(a.shape)


def _slogdet(a: Any) -> tuple[Any, Any]:
    sign, logabsdet = torch.linalg.slogdet(a)
    return sign, logabsdet


def _as_tensor(b: Any, like: Any) -> Any:
    return b if isinstance(b, torch.Tensor) else torch.as_tensor(b, device=like.device)


def _same_dtype(a: Any, b: Any) -> tuple[Any, Any]:
    if a.dtype != b.dtype:
        dt = torch.promote_types(a.dtype, b.dtype)
        return a.to(dt), b.to(dt)
    return a, b


_NO_PRODUCTS: set[Any] = set()
"""uint16, uint32, uint64 (filled by primitives()): PyTorch has no matmul kernels for them."""


def _products(fn: Callable[[Any], Any], arrays: Any) -> Any:
    """``fn(arrays)``, a sum of products of arrays of one dtype (uint16, uint32, uint64 too).

    Those are computed in int64 and cast back, which wraps around as NumPy's kernels do.
    """
    dtype = arrays[0].dtype
    if dtype not in _NO_PRODUCTS:
        return fn(arrays)
    return fn([r.to(torch.int64) for r in arrays]).to(dtype)


def _matmul(a: Any, b: Any) -> Any:
    if a.dtype is not b.dtype:
        a, b = _same_dtype(a, b)
    if a.dtype in _NO_PRODUCTS:
        return torch.matmul(a.to(torch.int64), b.to(torch.int64)).to(a.dtype)
    return torch.matmul(a, b)


def _tensordot(a: Any, b: Any, axes: tuple[tuple[int, ...], tuple[int, ...]]) -> Any:
    dims = (list(axes[0]), list(axes[1]))
    return _products(lambda r: torch.tensordot(r[0], r[1], dims=dims), (a, b))


def _einsum(subscripts: str, arrays: list[Any]) -> Any:
    # a pure sum of integers ("ij->j") gives int64, as torch.sum: cast back
    out = _products(lambda r: torch.einsum(subscripts, *r), arrays)
    return out.to(arrays[0].dtype)


def _saturated(a: Any, bound: Any) -> Any:
    """A Python-number bound beyond ``a``'s float range as NumPy converts it to the dtype.

    NumPy rounds the number to ``a``'s dtype first: the largest finite value
    where it rounds to that (65519 in float16), else the infinity on its side;
    PyTorch refuses to convert it (``RuntimeError``: "value cannot be
    converted to type ... without overflow").
    """
    if bound is None or isinstance(bound, torch.Tensor) or not a.is_floating_point():
        return bound
    big = torch.finfo(a.dtype).max
    if -big <= bound <= big:
        return bound
    return torch.tensor(float(bound), dtype=torch.float64).to(a.dtype).item()


def _clip(a: Any, lo: Any, hi: Any) -> Any:
    """``torch.clamp``; number bounds beyond a float dtype's range saturate, as in NumPy.

    PyTorch has no clamp of bool: there it is NumPy's ``(a | lo) & hi``.
    """
    if a.dtype == torch.bool:
        out = a if lo is None else a | lo
        return out if hi is None else out & hi
    if a.is_floating_point():
        return _float_clip(a, lo, hi)
    return torch.clamp(a, lo, hi)


def _minimum(a: Any, b: Any) -> Any:
    if isinstance(b, torch.Tensor):
        return torch.minimum(a, b)
    return _clip(a, None, b)


def _maximum(a: Any, b: Any) -> Any:
    if isinstance(b, torch.Tensor):
        return torch.maximum(a, b)
    return _clip(a, b, None)


def _all_axes(a: Any, axes: int | tuple[int, ...] | None) -> int | tuple[int, ...]:
    """``dim`` for the reductions that take no ``None``."""
    return tuple(range(a.ndim)) if axes is None else axes


def _prod(a: Any, axes: int | tuple[int, ...] | None, keepdims: bool) -> Any:
    if a.dtype == torch.bool or (not a.is_floating_point() and not a.is_complex()):
        a = a.to(torch.int64)
    if axes is None:
        axes = tuple(range(a.ndim))
    elif isinstance(axes, int):
        return torch.prod(a, axes, keepdims)
    for ax in sorted(axes, reverse=True):
        a = torch.prod(a, dim=ax, keepdim=keepdims)
    return a


def _topk(a: Any, k: int, axis: int, largest: bool, sorted: bool) -> tuple[Any, Any]:
    # a stable sort, not torch.topk, so that equal values come lower index first
    values, indices = torch.sort(a, dim=axis, descending=largest, stable=True)
    return values.narrow(axis, 0, k), indices.narrow(axis, 0, k)


def _searchsorted(a: Any, v: Any, side: str) -> Any:
    """``torch.searchsorted`` with NaN after every number, as ``sort`` puts it.

    PyTorch compares NaN as neither smaller nor larger. Searched with NaN
    as +inf in ``a`` (and 0 in ``v``), the indices are right but for NaN
    values (after the numbers of ``a`` on the left, at the end on the right)
    and for +inf on the right (before the first NaN of ``a``).
    """
    if not a.is_floating_point():
        return torch.searchsorted(a, v, side=side)
    a_nan, v_nan = torch.isnan(a), torch.isnan(v)
    inf = torch.tensor(math.inf, dtype=a.dtype, device=a.device)
    out = torch.searchsorted(torch.where(a_nan, inf, a), torch.where(v_nan, 0, v), side=side)
    numbers = a.shape[0] - a_nan.sum()
    if side == "left":
        return torch.where(v_nan, numbers, out)
    return torch.where(v_nan, a.shape[0], torch.where(v == inf, numbers, out))


# Per float dtype: (0-d zero, 0-d factor f = 2**e, factor v = 2**w) with |a| * v * f >= 1 for
# the smallest subnormal a (2**-149 for float32: 2**-149 * 2**100 * 2**49 = 1), f and v finite
# in the dtype (v: in the float32 that PyTorch computes half precision in).
_SIGN_SCALE_EXPONENTS = {"float16": (12, 12), "bfloat16": (33, 100), "float32": (49, 100)}
_SIGN_SCALES: dict[Any, tuple[Any, Any, float]] = {}
_SMALL_SIGN = 1024  # elements: above it torch.sign and a sum cost less than the small form
_SERIAL_SIGN = 32768  # elements: up to it the one-pass kernel (PyTorch's grain size: one thread)
_REAL_FLOATS: set[Any] = set()  # PyTorch's real float dtypes (set by _primitives)


def _sign_scale(dtype: Any) -> tuple[Any, Any, float]:
    scale = _SIGN_SCALES.get(dtype)
    if scale is None:  # (plain CPU tensors: _sign makes them only where _no_mode())
        e, w = _SIGN_SCALE_EXPONENTS.get(str(dtype).removeprefix("torch."), (74, 1000))
        with torch.inference_mode(False):
            zero = torch.zeros((), dtype=dtype, device="cpu")
            factor = torch.tensor(2.0**e, dtype=dtype, device="cpu")
        scale = _SIGN_SCALES[dtype] = (zero, factor, 2.0**w)
    return scale


def _sign(a: Any) -> Any:
    """``torch.sign`` with NaN kept (PyTorch gives 0 for NaN), and ``a / |a|`` for complex.

    PyTorch's own ``sign`` gives 0 for NaN; no single PyTorch kernel gives
    the standard's sign, and the cheapest form depends on the size
    (docs/benchmarks.md compares them). A plain CPU tensor (no autograd,
    forward AD, ``torch.func``, mode, trace or ``torch.compile``) takes:
    contiguous float32/float64, ``unitensor._kernels``' one-pass sign where
    the extension is built (``_real_sign``, split over PyTorch's OpenMP
    threads above ``_SERIAL_SIGN`` elements); other layouts up to
    ``_SMALL_SIGN`` elements, ``addcmul`` clamped in place by ``hardtanh_``
    (NaN stays NaN, ``-0.0`` gives ``+0.0``); above it, ``torch.sign`` and
    one sum of ``a``, finite unless ``a`` holds NaN or an infinity. The
    general form (every other tensor, and a large one with NaN or infinity)
    is ``clamp(a.detach(), s, s) + 0.0`` with ``s = sign(a)``: NaN where
    ``a`` is NaN, ``+0.0`` for ``-0.0``, gradient 0; Inductor fuses it under
    ``torch.compile``. Complex input takes ``torch.sgn``.
    """
    if a.dtype not in _REAL_FLOATS:
        return torch.sgn(a) if a.is_complex() else torch.sign(a)
    return _real_sign(a)


def _real_sign(a: Any) -> Any:
    """``_sign`` of a real float tensor (``Primitives.floats``' ``sign``).

    A plain float32 or float64 CPU tensor in contiguous strided memory (not
    nested), without the negative bit (its memory holds the negated numbers), outside
    autograd, forward AD, ``torch.func``, modes and traces, takes the one-pass
    kernel: ``KERNELS_MODULE.torch_sign`` makes these tests in C (each is a
    call into PyTorch; in Python they cost 2.5 µs, in C about 1.5), fills a
    tensor from ``torch.empty_like`` (contiguous format: ``torch.sign``'s
    strides) and gives None where a test fails. Above ``_SERIAL_SIGN``
    elements the kernel runs on PyTorch's OpenMP threads (as many as
    ``torch.get_num_threads()`` gives in the calling thread, asked on each
    call, at most one per ``_SERIAL_SIGN`` elements, as PyTorch's
    ``parallel_for``): at 1000x1000 on 2 cores it costs what
    ``torch.sign`` costs, where ``torch.sign`` with the check of its sum cost
    1.5 to 1.8 times as much, and one pass on one thread about 1.9 times
    (2026-12-02). Without OpenMP entry points (``_openmp_entry_points``) it
    makes the large form after the same tests (``torch.sign`` where the sum
    is finite) or gives False for the general form: Python's tests there
    ran 2-4 µs between two parallel kernels, which the 1000x1000 step paid
    several times over. On 10x10 the kernel and ``empty_like`` cost 2.4 µs
    where ``torch.sign`` costs 2.1-3.5 and the small form's two dispatches
    8.6 (a slower 2-core VM, 2026-12-02). A
    functionalization wrapper (data address 0) is left out. The small form
    needs no ``_no_mode`` test once its constants exist (made outside any
    mode and trace, they are plain tensors that any mode may take, as it
    takes any constant); a ``FakeTensor`` is no plain tensor, and
    ``torch.func`` transformations, forward AD and autograd (whose gradient
    of the scaled form would not be sign's 0, and whose result of the
    kernel would have no ``grad_fn``) take the general form.
    """
    out = None  # (from torch_sign: a result, None where not taken, False for the general form)
    # (the compile test first: Dynamo reads no functorch level, calls no C)
    if _one_pass_sign is not None and not _is_compiling():
        out = _one_pass_sign(a)
        if out is not None and out is not False:
            return out
    return _sign_otherwise(a, out)


def _sign_otherwise(a: Any, out: Any) -> Any:
    """``_real_sign`` of ``a`` where the kernel gave ``out`` (None or False), not a result.

    The fast path's sign in C (``_real_sign._in_c``, from
    ``KERNELS_MODULE.sign_then``) calls the kernel and then this, without
    ``_real_sign``'s Python frame and compile test: the C fast paths never
    run inside a trace of TorchDynamo, which reads their Python versions.
    """
    compiling = _is_compiling()
    if (
        out is None
        and not compiling
        and a.__class__ in _PLAIN_TENSORS
        and not a.requires_grad
        and a.is_cpu
        and _functorch_level() is None
        and _forward_ad._current_level < 0  # no dual level entered
    ):
        n = a.numel()
        if n <= _SMALL_SIGN:
            scale = _SIGN_SCALES.get(a.dtype)
            if scale is not None or _no_mode():
                zero, factor, value = scale or _sign_scale(a.dtype)
                return _hardtanh_(torch.addcmul(zero, a, factor, value=value))
        elif _no_mode():  # (no .item() in a trace: make_fx, jit.trace)
            out = torch.sign(a)
            if math.isfinite(a.sum().item()):  # (a sum in float64 reads ten times slower)
                return out
    if out is None or out is False:  # (the large form's sign serves the general form too)
        out = torch.sign(a)
    return torch.clamp(a.detach(), out, out).add_(0.0)


_MEAN_DIVISORS: dict[tuple[Any, int], Any] = {}  # (dtype, count) -> 0-d tensor (_float_mean)


def _float_mean(a: Any, axes: int | tuple[int, ...] | None, keepdims: bool) -> Any:
    """``torch.mean`` of a float32 or float64 tensor, as its sum over the count.

    PyTorch's CPU mean is that sum and that division (``div_`` by the
    count), and costs a microsecond more on a small tensor than the two
    called here with the count as a kept 0-d tensor (``_scalar_operand``;
    under a transformation or mode the count as a float). Same values,
    NaN for an empty axis (0 / 0), same gradients; subclasses
    (``FakeTensor``), half precision, ``torch.compile`` and ``torch.jit.trace``
    (whose graph would hold the count of the traced shape) take ``torch.mean``.
    """
    if a.__class__ not in _PLAIN_TENSORS or _is_compiling() or _is_tracing():
        return torch.mean(a, axes, keepdims)  # (a trace would keep the count as a constant)
    if axes is None:
        n = a.numel()
    elif isinstance(axes, int):
        n = a.shape[axes]
    else:
        n = math.prod([a.shape[i] for i in axes])
    divisor = _MEAN_DIVISORS.get((a.dtype, n))
    if divisor is None:
        divisor = _scalar_operand(a, float(n))
        if divisor is None:  # (half precision)
            return torch.mean(a, axes, keepdims)
        if divisor.__class__ is not float and len(_MEAN_DIVISORS) < 256:
            _MEAN_DIVISORS[a.dtype, n] = divisor
    return torch.sum(a, axes, keepdims).div_(divisor)


def _float_clip(a: Any, lo: Any, hi: Any) -> Any:
    """``_clip`` of a real float tensor (``Primitives.floats``' ``clip``)."""
    try:
        return torch.clamp(a, lo, hi)
    except RuntimeError:  # a number beyond the dtype's range
        return torch.clamp(a, _saturated(a, lo), _saturated(a, hi))


_CACHED_SCALAR_DTYPES: set[Any] = set()  # float32, float64 (set by _primitives)
_PLAIN_TENSORS: set[Any] = set()  # torch.Tensor and Parameter (set by _primitives)


def _scalar_operand(a: Any, value: float) -> Any:
    """A 0-d CPU tensor of ``a``'s dtype for the Python float ``value``, or None.

    PyTorch turns a Python scalar into a tensor on every call (about 1 µs of
    the 2 µs of ``x - 0.5`` on a 10x10 tensor); the fast paths keep what this
    makes (``Primitives.scalar_operand``). For float32 and float64 a 0-d tensor of
    the dtype gives what the scalar gives: PyTorch computes in the tensor's
    dtype, a 0-d CPU tensor combines with a tensor on any device, and a
    divisor's reciprocal is taken for both alike. Half precision computes a
    Python scalar in float32 unrounded, so it keeps the scalar (None), as do
    subclasses of tensors other than ``Parameter`` (``FakeTensor``, a
    ``__torch_function__`` class). The tensor is made on the CPU outside
    inference mode, so that autograd may save it later; under a
    transformation or a mode (``_no_mode``) the float itself comes back, which
    the fast path uses that once and does not keep.
    """
    if a.dtype not in _CACHED_SCALAR_DTYPES or a.__class__ not in _PLAIN_TENSORS:
        return None
    if not _no_mode():  # (under a transform or mode: the float this once, nothing kept)
        return value
    with torch.inference_mode(False):
        return torch.tensor(value, dtype=a.dtype, device="cpu")


def _no_mode() -> bool:
    """Whether a tensor made now is a plain tensor that may be kept and used later.

    Not under a ``torch.func`` transformation (``functionalize`` wraps what
    is made), a dispatch mode (``FakeTensorMode``, ``make_fx``'s proxies), a
    ``__torch_function__`` mode or ``torch.jit.trace`` (which records what is
    made: a tensor made in the trace's first run and kept for its check's
    run would make the two graphs differ).
    """
    return (
        _functorch_level() is None
        and not _dispatch_modes()
        and not _function_modes()
        and not _is_tracing()
    )


def _pair(a: Any, b: Any) -> tuple[Any, Any]:
    """Two tensors from a tensor and a tensor or Python number (as the tensor's dtype).

    A number becomes a 0-d CPU tensor, which PyTorch combines with tensors on
    any device without a copy to it.
    """
    if not isinstance(a, torch.Tensor):
        return torch.tensor(a, dtype=b.dtype), b
    if not isinstance(b, torch.Tensor):
        return a, torch.tensor(b, dtype=a.dtype)
    return a, b


def _on_pair(fn: Any) -> Any:
    """``fn`` of two tensors, taking a Python number on either side (see ``_pair``)."""

    def op(a: Any, b: Any) -> Any:
        return fn(*_pair(a, b))

    return op


def _differentiable(a: Any, b: Any) -> bool:
    """Whether PyTorch may differentiate an operation on ``a`` and ``b`` made now.

    One requires grad (autograd, a ``torch.func`` gradient), or a
    ``torch.func`` transformation or forward AD (``jvp``: no
    ``requires_grad``) is on, or ``torch.compile`` is tracing (its graph
    serves both).
    """
    return (
        a.requires_grad
        or b.requires_grad
        or _is_compiling()
        or _functorch_level() is not None
        or _forward_ad._current_level >= 0  # a dual level entered
    )


def _remainder(a: Any, b: Any) -> Any:
    """``a % b``; a zero float result takes the divisor's sign, as in NumPy and Python.

    PyTorch gives a zero remainder the dividend's sign (``0.0 % -1.0`` is
    ``0.0``, NumPy's ``-0.0``). Every other remainder has the divisor's sign
    already, so ``copysign(r, b)`` changes only the zeros: one extra pass.
    (Its gradient is 0 at the zeros, where the remainder jumps, as on
    TensorFlow and JAX here; 1 elsewhere.)
    """
    out = a % b
    if not out.is_floating_point():
        return out
    return torch.copysign(out, b)


def _divide(a: Any, b: Any) -> Any:
    """``a / b``; a Python number ``a`` goes through ``torch.div``.

    PyTorch's ``2.5 / x`` is ``2.5 * (1 / x)``, two roundings: about a
    quarter of float results came out one ulp from NumPy's (``2.5 / 3.0``
    gave 0.8333333333333333, NumPy 0.8333333333333334). ``torch.div`` of a
    number and a tensor divides once.
    """
    return a / b if isinstance(a, torch.Tensor) else torch.div(a, b)


def _floor_divide(a: Any, b: Any) -> Any:
    """``a // b`` without a gradient (it is piecewise constant: 0 where it exists).

    PyTorch raises "derivative for floor_divide is not implemented" when a
    gradient reaches it; TensorFlow and JAX give 0, and so does this, on
    detached operands (a detach makes no copy).
    """
    if isinstance(a, torch.Tensor):
        a = a.detach()
    if isinstance(b, torch.Tensor):
        b = b.detach()
    return a // b


def _round(a: Any) -> Any:
    """``torch.round``; complex numbers round their two parts (PyTorch refuses them)."""
    if a.is_complex():
        return torch.complex(torch.round(a.real), torch.round(a.imag))
    return torch.round(a)


def _acos(a: Any) -> Any:
    """``torch.acos``; a complex result's imaginary part has the sign of ``-imag(a)`` (C99).

    PyTorch's complex128 kernel gives ``acos(+-0 + 0j)`` as ``pi/2 + 0j``; the
    standard (and C99, and NumPy) give ``pi/2 - 0j``. ``acos(conj(z))`` is
    ``conj(acos(z))``, so the sign copied from ``-imag(a)`` is right for every
    input, zeros included.
    """
    w = torch.acos(a)
    if a.is_complex():
        return torch.complex(w.real, torch.copysign(w.imag, -a.imag))
    return w


def _log1p(a: Any) -> Any:
    """``torch.log1p``; complex input as ``log|1 + z| + j atan2(imag, 1 + real)``.

    PyTorch's complex kernel gives ``nan + nan j`` for an infinite part beside
    a NaN one (the standard: ``inf + nan j``). Here ``log|1 + z|`` is
    ``0.5 * log1p(x (x + 2) + y**2)`` where ``|z| < 1/2`` (no cancellation in
    ``1 + z``, PyTorch's own rule), else ``log(hypot(1 + x, y))``, which
    cannot overflow; ``atan2`` and ``hypot`` give the standard's special cases.
    """
    if not a.is_complex():
        return torch.log1p(a)
    x, y = a.real, a.imag
    near = 0.5 * torch.log1p(x * (x + 2) + y * y)
    far = torch.log(torch.hypot(x + 1, y))
    return torch.complex(torch.where(torch.hypot(x, y) < 0.5, near, far), torch.atan2(y, x + 1))


def _arg_extreme(fn: Any) -> Any:
    def arg(a: Any, axis: int) -> Any:
        return fn(a.to(torch.uint8) if a.dtype == torch.bool else a, dim=axis)

    return arg


def _take_along_axis(a: Any, idx: Any, axis: int) -> Any:
    return torch.take_along_dim(a, idx.to(torch.int64), dim=axis)  # (checked by the caller)


def _pad_constant(a: Any, pads: tuple[tuple[int, int], ...], value: Any) -> Any:
    flat = [p for pair in reversed(pads) for p in pair]
    return tnf.pad(a, flat, mode="constant", value=value) if flat else a.clone()


def _repeat(a: Any, counts: Any, axis: int) -> Any:
    if isinstance(counts, torch.Tensor):
        counts = counts.to(device=a.device, dtype=torch.int64)
    return torch.repeat_interleave(a, counts, dim=axis)


def _reshape_copy(a: Any, shape: tuple[int, ...], copy: bool) -> Any:
    """A new contiguous tensor (``copy``), or a view (``view`` refuses where it cannot be one)."""
    if copy:
        return a.clone(memory_format=torch.contiguous_format).view(shape)
    try:
        return a.view(shape)
    except RuntimeError as e:
        raise ValueError(f"reshaping this tensor to {shape} needs a copy: {e}") from e


class _Generators:
    """unitensor's own ``torch.Generator``s behind uniform / normal, one per device.

    ``ut.seed(n)`` reseeds them (a device's generator starts from ``n`` when
    first used after it); unseeded, each starts from a non-deterministic seed.
    PyTorch's global generator (``torch.manual_seed``, ``torch.rand``) is never
    used or reseeded.
    """

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.n: int | None = None
        self.gens: dict[Any, Any] = {}

    def get(self, device: Any) -> Any:
        gen = self.gens.get(device)
        if gen is None:
            with self.lock:
                gen = self.gens.get(device)
                if gen is None:
                    gen = torch.Generator(device=device)
                    if self.n is None:
                        gen.seed()  # a new generator's seed is otherwise always the same
                    else:
                        gen.manual_seed(self.n)
                    self.gens[device] = gen
        return gen

    def seed(self, n: int) -> None:
        with self.lock:
            self.n = n
            self.gens = {}


_GENERATORS = _Generators()


def _uniform(shape: tuple[int, ...], low: float, high: float, dtype: Any, like: Any) -> Any:
    device = like.device
    r = torch.rand(shape, dtype=dtype, device=device, generator=_GENERATORS.get(device))
    return r * (high - low) + low


def _normal(shape: tuple[int, ...], mean: float, std: float, dtype: Any, like: Any) -> Any:
    device = like.device
    r = torch.randn(shape, dtype=dtype, device=device, generator=_GENERATORS.get(device))
    return r * std + mean


def _crossentropy(logits: Any, labels: Any, reduction: int = 0) -> Any:
    if logits.ndim > 2:  # (PyTorch's classes are axis 1: (N, C, d1, ...); (C,) is one sample)
        logits = logits.movedim(-1, 1)
    wide = labels.dtype is torch.int64 or labels.dtype is torch.uint64  # (may hold _NO_LABEL)
    if labels.dtype is not torch.int64:
        labels = labels.to(torch.int64)  # (uint64 from 2**63: negative, out of range)
    try:  # (ignore_index: a label of -100, PyTorch's default, is out of range as elsewhere)
        # the kernel F.cross_entropy calls, without its Python (argument checks for the
        # deprecated size_average/reduce, reduction by name): reduction 0 none, 1 mean
        out = _cross_entropy_loss(logits, labels, None, reduction, _NO_LABEL, 0.0)
    except IndexError as e:  # PyTorch checks the label range itself
        raise IndexOutOfRangeError(f"crossentropy: labels out of range: {e}") from e
    # but leaves out a label of _NO_LABEL, which 64-bit labels can hold: read where values
    # may be read (not in a trace, a transformation or a mode). KERNELS_MODULE.torch_holds
    # reads a plain contiguous CPU tensor's memory in C (0.7 µs where labels.min().item()
    # costs 1.4, and 3-5 µs less in the demo's training step, between its kernels); None
    # for any other tensor, which takes that reduction.
    if wide and not _is_compiling():
        held = None if _holds is None else _holds(labels, _NO_LABEL)
        if held is None:
            held = _no_mode() and labels.numel() > 0 and labels.min().item() == _NO_LABEL
        if held:
            raise IndexOutOfRangeError(
                f"crossentropy: labels out of range: a label is {_NO_LABEL} (or 2**63 of "
                f"uint64), not in [0, {logits.shape[1 if logits.ndim > 1 else 0]})"
            )
    return out


def _crossentropy_mean(logits: Any, labels: Any) -> Any:
    return _crossentropy(logits, labels, 1)


_NO_LABEL = -(2**63)  # int64's least: the one label PyTorch leaves out (uint64 2**63 too)
_cross_entropy_loss: Any = None  # torch._C._nn.cross_entropy_loss, set by _primitives()
_holds: Any = None  # KERNELS_MODULE.torch_holds once set up (_primitives), None without it


def _asarray(value: Any, dtype: Any, like: Any) -> Any:
    if isinstance(value, np.ndarray):
        array = cast("np.ndarray[Any, np.dtype[Any]]", value)
        if not array.flags.c_contiguous:
            value = array = array.copy()  # torch refuses negative strides
        if array.dtype.name == "bfloat16":  # ml_dtypes' bfloat16, which torch cannot read:
            bits = torch.tensor(array.view(np.int16), device=like.device)  # copy its bits
            out = bits.view(torch.bfloat16)
            return out if dtype is None else out.to(dtype)
    return torch.tensor(value, dtype=dtype, device=like.device)


def _to_numpy(a: Any) -> Any:
    # a lazily conjugated or negated view (x.conj(), x.conj().imag), which .numpy() refuses,
    # is made real first
    a = a.detach().cpu().resolve_conj().resolve_neg()
    if a.dtype == torch.bfloat16:  # NumPy has no bfloat16: the bits, seen as ml_dtypes'
        import ml_dtypes  # shipped with JAX and TensorFlow; only needed for this dtype

        return a.view(torch.int16).numpy().view(ml_dtypes.bfloat16)
    return a.numpy()


def _assert_traced(value: Any, ok: Any, error: Exception) -> Any:
    torch._assert_async(ok, tagged(error))  # checked when the compiled graph runs
    return value


def primitives() -> Primitives:
    """PyTorch's primitives, completed for uint16, uint32 and uint64; imports PyTorch."""
    p = _torch_unsigned.completed(_primitives())
    assert p.floats is not None  # (completed() keeps PyTorch's own as the floats')
    floats = dataclasses.replace(
        p.floats,
        sign=_real_sign,
        mean=_float_mean,
        clip=_float_clip,
        matmul=torch.matmul,  # (one float dtype: _matmul's tests have nothing to do)
    )
    return dataclasses.replace(p, floats=floats)


_OPENMP_ENTRY_POINTS = ("GOMP_parallel", "omp_get_thread_num", "omp_get_num_threads")


def _openmp_entry_points(maps: str = "/proc/self/maps") -> tuple[int, ...] | None:
    """The addresses of ``_OPENMP_ENTRY_POINTS`` in PyTorch's OpenMP runtime, or None.

    ``unitensor._kernels`` splits its large sign over PyTorch's own threads
    with them, as PyTorch's ``parallel_for`` does (GNU OpenMP's ABI, which
    compilers emit for ``#pragma omp parallel``). They are looked up the way
    PyTorch's own library binds them: in the scope of the one
    ``libtorch_cpu`` mapped into the process (``maps``), opened with
    ``RTLD_NOLOAD`` (nothing new is loaded), and each must lie in a GNU
    OpenMP library (``libgomp``; the Linux wheels' own): a copy that another
    package loaded (scikit-learn's wheels map one) is never taken. Anywhere
    else (no ``/proc``: macOS, Windows; a PyTorch without OpenMP, or on
    LLVM's or Intel's runtime) the sign above PyTorch's grain size is
    ``torch.sign`` with a check of the sum (``_real_sign``).
    """
    if not torch._C.has_openmp or not hasattr(os, "RTLD_NOLOAD"):
        return None
    try:
        with open(maps, encoding="utf-8", errors="replace") as lines:
            regions = [
                (int(start, 16), int(end, 16), fields[5])
                for fields in (line.rstrip("\n").split(maxsplit=5) for line in lines)
                if len(fields) == 6
                for start, _, end in [fields[0].partition("-")]
            ]
        torch_cpu = {p for _, _, p in regions if os.path.basename(p).startswith("libtorch_cpu")}
        if len(torch_cpu) != 1:
            return None
        scope = ctypes.CDLL(torch_cpu.pop(), mode=os.RTLD_NOLOAD | os.RTLD_NOW)
        found = [
            ctypes.cast(getattr(scope, name), ctypes.c_void_p).value or 0
            for name in _OPENMP_ENTRY_POINTS
        ]
    except (OSError, AttributeError, ValueError):  # (no /proc, not loaded, no such symbol)
        return None
    homes = {p for address in found for low, high, p in regions if low <= address < high}
    if len(homes) != 1 or not os.path.basename(homes.pop()).startswith("libgomp"):
        return None  # (another runtime's GOMP entry points, or not found in one library)
    return tuple(found)


def _primitives() -> Primitives:
    """PyTorch's primitives as its kernels give them (see ``_torch_unsigned`` for the rest)."""
    global torch, tnf, _is_compiling, _is_tracing, _hardtanh_, _functorch_level, _forward_ad
    global _dispatch_modes, _function_modes, _one_pass_sign, _cross_entropy_loss, _holds
    torch = importlib.import_module("torch")
    tnf = importlib.import_module("torch.nn.functional")
    _cross_entropy_loss = torch._C._nn.cross_entropy_loss
    _is_compiling = torch.compiler.is_compiling
    _is_tracing = torch._C._is_tracing
    _dispatch_modes = torch._C._len_torch_dispatch_stack
    _function_modes = torch._C._is_torch_function_mode_enabled
    _NO_PRODUCTS.update((torch.uint16, torch.uint32, torch.uint64))
    _CACHED_SCALAR_DTYPES.update((torch.float32, torch.float64))
    _REAL_FLOATS.update((torch.float16, torch.bfloat16, torch.float32, torch.float64))
    _hardtanh_ = torch._C._nn.hardtanh_
    _functorch_level = torch._C._functorch.maybe_current_level
    _forward_ad = torch.autograd.forward_ad
    _PLAIN_TENSORS.update((torch.Tensor, torch.nn.Parameter))
    if KERNELS_MODULE is not None:
        points = _openmp_entry_points()
        KERNELS_MODULE.torch_setup(
            (torch.Tensor, torch.nn.Parameter),
            torch.float32,
            torch.float64,
            torch.int64,
            torch.strided,
            _functorch_level,
            (_dispatch_modes, _function_modes, _is_tracing),
            _forward_ad,
            torch.empty_like,
            torch.contiguous_format,
            torch.sign,
            _SERIAL_SIGN,
            None if points is None else (*points, torch.get_num_threads),
        )
        _one_pass_sign = KERNELS_MODULE.torch_sign
        _holds = KERNELS_MODULE.torch_holds
        # (what the C fast paths call in _real_sign's and _float_mean's place:
        # unitensor._speedups' primitive_of)
        setattr(_real_sign, "_in_c", KERNELS_MODULE.sign_then(_sign_otherwise))  # noqa: B010
        off = (_is_compiling, _is_tracing)  # (_float_mean's tests: non-strict export too)
        in_c = KERNELS_MODULE.mean_then(_float_mean, _MEAN_DIVISORS, torch.sum, off)
        setattr(_float_mean, "_in_c", in_c)  # noqa: B010
    return Primitives(
        scalar_operand=_scalar_operand,
        clip_int_bounds=True,
        dtype_type=torch.dtype,
        dtype_name=lambda dt: str(dt).removeprefix("torch."),
        dtype_from_name=lambda name: getattr(torch, name),
        device=lambda a: a.device,
        devices=_devices,
        default_device=lambda: torch.get_default_device(),
        to_device=_to_device,
        like=_like,
        setitem=_setitem,
        assign=_assign,
        in_place_operators=True,
        copy=lambda a: a.clone(),
        to_numpy=_to_numpy,
        item=lambda a: a.item(),
        is_concrete=lambda a: not torch.compiler.is_compiling(),
        assert_traced=_assert_traced,
        astype=lambda a, dt: a.to(dt),
        seed=_GENERATORS.seed,
        divide=_divide,
        matmul=_matmul,
        equal=lambda a, b: a == b,
        not_equal=lambda a, b: a != b,
        bitwise_invert=lambda a: ~a,
        bitwise_and=lambda a, b: a & b,
        bitwise_or=lambda a, b: a | b,
        bitwise_xor=lambda a, b: a ^ b,
        getitem=_getitem,
        index_update=_index_update,
        **{
            name: getattr(torch, name)
            for name in (
                "abs sqrt square exp log log2 log10 sin cos tan asin atan sinh "
                "cosh tanh asinh acosh atanh ceil floor isnan isinf isfinite "
                "logical_not reshape tile stack"
            ).split()
        },
        logical_and=lambda a, b: torch.logical_and(a, _as_tensor(b, a)),
        logical_or=lambda a, b: torch.logical_or(a, _as_tensor(b, a)),
        minimum=_minimum,
        maximum=_maximum,
        clip=_clip,
        where=lambda c, x, y: torch.where(c, *_same_dtype(x, y)),
        sum=torch.sum,  # (a, dim, keepdim): called positionally, PyTorch's fastest path
        prod=_prod,
        mean=torch.mean,
        min=lambda a, axes, keepdims: torch.amin(a, _all_axes(a, axes), keepdims),
        max=lambda a, axes, keepdims: torch.amax(a, _all_axes(a, axes), keepdims),
        # PyTorch's all and any of uint8 give uint8: bool here, as for every other dtype
        all=lambda a, axes, keepdims: torch.all(a, _all_axes(a, axes), keepdims).bool(),
        any=lambda a, axes, keepdims: torch.any(a, _all_axes(a, axes), keepdims).bool(),
        argmin=_arg_extreme(torch.argmin),
        argmax=_arg_extreme(torch.argmax),
        cumulative_sum=lambda a, axis: torch.cumsum(a, dim=axis),
        cumulative_prod=lambda a, axis: torch.cumprod(a, dim=axis),
        sort=lambda a, axis: torch.sort(a, dim=axis, stable=True).values,
        argsort=lambda a, axis: torch.argsort(a, dim=axis, stable=True),
        topk=_topk,
        sign=_sign,
        permute_dims=lambda a, perm: a.permute(perm),
        squeeze=lambda a, axes: torch.squeeze(a, dim=axes) if axes else a,
        expand_dims=torch.unsqueeze,
        flip=lambda a, axes: torch.flip(a, axes),
        pad_constant=_pad_constant,
        take=lambda a, idx, axis: torch.index_select(a, axis, idx),
        take_along_axis=_take_along_axis,
        concat=lambda arrays, axis: torch.cat(arrays, dim=axis),
        inv=torch.linalg.inv,
        slogdet=_slogdet,
        meshgrid=lambda arrays, indexing: list(torch.meshgrid(*arrays, indexing=indexing)),
        scatter=_scatter,
        from_dlpack=dlpack_importer(
            "PyTorch",
            lambda obj, copy: torch.from_dlpack(obj, copy=copy),
            _negative_or_read_only,
            lambda view: torch.from_numpy(np.array(view, order="C")),
            torch.Tensor,
        ),
        full=lambda shape, v, dt, like: torch.full(shape, v, dtype=dt, device=like.device),
        arange=lambda start, stop, step, dt, like: torch.arange(
            start, stop, step, dtype=dt, device=like.device
        ),
        asarray=_asarray,
        uniform=_uniform,
        normal=_normal,
        logsumexp=lambda a, axes, keepdims: torch.logsumexp(
            a, dim=_all_axes(a, axes), keepdim=keepdims
        ),
        log_softmax=lambda a, axis: torch.log_softmax(a, dim=axis),
        softmax=lambda a, axis: torch.softmax(a, dim=axis),
        crossentropy=_crossentropy,
        crossentropy_mean=_crossentropy_mean,
        # fft (Array API 2025.12)
        **{
            f"fft_{name}": getattr(torch.fft, name)
            for name in (
                "fft ifft fftn ifftn rfft irfft rfftn irfftn hfft fftshift ifftshift"
            ).split()
        },
        # ihfft gives a lazily conjugated view, which .numpy() refuses: resolved here
        fft_ihfft=lambda a, n, axis, norm: torch.fft.ihfft(a, n, axis, norm).resolve_conj(),
        # manipulation (Array API 2025.12)
        broadcast_to=torch.broadcast_to,
        repeat=_repeat,
        roll=lambda a, shifts, axes: torch.roll(a, shifts, axes),
        tril=lambda a, k: torch.tril(a, k),
        triu=lambda a, k: torch.triu(a, k),
        reshape_copy=_reshape_copy,
        # searching, set, sorting, statistical (Array API 2025.12)
        nonzero=lambda a: tuple(torch.nonzero(a, as_tuple=True)),
        searchsorted=_searchsorted,
        # linear algebra (Array API 2025.12)
        tensordot=_tensordot,
        einsum=_einsum,
        cholesky=torch.linalg.cholesky,
        det=torch.linalg.det,
        eigh=lambda a: tuple(torch.linalg.eigh(a)),
        eigvalsh=torch.linalg.eigvalsh,
        qr=lambda a, complete: tuple(torch.linalg.qr(a, "complete" if complete else "reduced")),
        svd=lambda a, full_matrices: tuple(torch.linalg.svd(a, full_matrices=full_matrices)),
        svdvals=torch.linalg.svdvals,
        # PyTorch reads b of shape (..., n) as a stack of vectors where a is (..., n, n):
        # with b's batch axes filled up to a's, b is always read as matrices
        solve=lambda a, b: torch.linalg.solve(a, b[(None,) * (a.ndim - b.ndim)]),
        diagonal=lambda a, offset: torch.diagonal(a, offset, -2, -1),
        # elementwise (Array API 2025.12)
        round=_round,
        floor_divide=_floor_divide,
        remainder=_remainder,
        expm1=torch.expm1,
        reciprocal=torch.reciprocal,
        trunc=torch.trunc,
        signbit=torch.signbit,
        conj=torch.conj_physical,  # torch.conj only sets a bit, which .numpy() and DLPack refuse
        real=torch.real,
        imag=torch.imag,
        # atan2, copysign, hypot: where autodiff may see them, with unitensor's gradient
        **_torch_gradients.primitives(torch, _differentiable, _pair),
        logaddexp=_on_pair(torch.logaddexp),
        nextafter=_on_pair(torch.nextafter),
        logical_xor=lambda a, b: torch.logical_xor(a, _as_tensor(b, a)),
        bitwise_left_shift=lambda a, b: a << b,
        bitwise_right_shift=lambda a, b: a >> b,
        # transformations and random keys (issue 13)
        **_torch_transforms.primitives(torch, _GENERATORS),
        # eig (Array API 2025.12)
        eig=lambda a: tuple(torch.linalg.eig(a)),
        eigvals=torch.linalg.eigvals,
        # conformance fixes (Array API 2025.12): complex special cases
        acos=_acos,
        log1p=_log1p,
    )


# torch.compile: @ and ~ of tensors, the hot path's Python versions, primitives loaded
_torch_dynamo.teach_when_imported(
    Tensor, FAST_PATH_TYPE, PYTHON_VERSIONS, lambda: load_primitives(PyTorchTensor)
)
