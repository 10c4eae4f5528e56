"""NumPy backend: ``NumPyTensor`` and its primitives.

NumPy is the reference meaning, so this module mostly names NumPy's own
functions. Where NumPy differs from unitensor's rules it says so here:
integer true division and integer means give float64 in NumPy (float32
here), mixed int/float tensors promote to float64 in NumPy (the float's
dtype here, done in ``Tensor._operands``). Full reductions may give NumPy
scalars (``numpy.float32``) as ``raw``; they behave as 0-d arrays.
"""

from __future__ import annotations

import operator
import threading
from typing import Any

import numpy as np

from .._api import _fast
from .._tensor import Tensor
from . import Primitives, _numpy_transforms, device_error

__all__ = ["NumPyTensor", "primitives"]

_F32 = np.dtype(np.float32)


class _RNG:
    """The one generator behind ``uniform`` / ``normal``, shared by all threads.

    Reseeded by ``ut.seed``; a lock serialises draws, since a NumPy
    ``Generator`` is not thread-safe.
    """

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.rng = np.random.default_rng()

    def seed(self, n: int) -> None:
        with self.lock:
            self.rng = np.random.default_rng(n)

    def random(self, shape: tuple[int, ...], dtype: Any) -> Any:
        rng: Any = self.rng  # the dtype argument is only partly annotated in NumPy
        with self.lock:
            return rng.random(shape, dtype=dtype)

    def standard_normal(self, shape: tuple[int, ...], dtype: Any) -> Any:
        rng: Any = self.rng
        with self.lock:
            return rng.standard_normal(shape, dtype=dtype)


_STATE = _RNG()


def _dtype_from_name(name: str) -> np.dtype[Any]:
    if name == "bfloat16":
        import ml_dtypes  # shipped with JAX and TensorFlow

        bf16: np.dtype[Any] = np.dtype(ml_dtypes.bfloat16)
        return bf16
    return np.dtype(name)


def _divide(a: Any, b: Any) -> Any:
    if getattr(a, "dtype", _F32).kind in "biu":
        a = a.astype(_F32)
    if getattr(b, "dtype", _F32).kind in "biu":
        b = b.astype(_F32)
    return np.true_divide(a, b)


def _reduction(ufunc: Any, method: str) -> Any:
    """``ufunc.reduce`` as a reduction primitive.

    This is what ``ndarray.sum``, ``prod``, ``min`` and ``max`` compute, the
    same dtypes included (bool and small integers sum as 64-bit), without
    the Python layer NumPy puts in front of it. Subclasses of ``ndarray``
    (``MaskedArray`` and the like) get their own ``method``, which may
    mean something else (a masked sum skips masked values).
    """
    reduce = ufunc.reduce

    def reduction(a: Any, axes: int | tuple[int, ...] | None, keepdims: bool) -> Any:
        if a.__class__ not in _PLAIN:
            return getattr(a, method)(axes, keepdims=keepdims)
        return reduce(a, axes, None, None, keepdims)

    return reduction


_PLAIN = frozenset({np.ndarray, *np.sctypeDict.values()})
"""ndarray and NumPy's scalar types: no subclass with reductions of its own."""


_add_reduce: Any = np.add.reduce  # NumPy's stubs want a literal keepdims


def _mean(a: Any, axes: int | tuple[int, ...] | None, keepdims: bool) -> Any:
    """``ndarray.mean`` for float input: the sum divided by the count.

    NumPy's own ``mean`` computes it the same way, behind about 4 µs of
    Python that this skips (half precision arrives as float32: the base
    class widens it). An empty axis
    gives NaN with NumPy's "invalid value" warning. Subclasses of
    ``ndarray`` (``MaskedArray``, ...) get their own ``mean``.
    """
    if a.__class__ not in _PLAIN:
        return a.mean(axes, keepdims=keepdims)
    if axes is None:
        count = a.size
    elif isinstance(axes, int):
        count = a.shape[axes]
    else:
        count = 1
        for ax in axes:
            count *= a.shape[ax]
    return _add_reduce(a, axes, None, None, keepdims=keepdims) / count


def _python_operators(tp: type) -> bool:
    """Whether ``tp``'s Python operators are NumPy's ufuncs: not for ``MaskedArray`` and the like.

    ``MaskedArray``'s operators make a Python float a float64 array (a
    float32 array plus 1.0 is float64), where ``np.add`` and the other ufuncs
    keep float32, as for a plain array.
    """
    return tp in _PLAIN


def _float_operand(dtype: Any) -> Any:
    """ml_dtypes' scalar type for bfloat16, whose arrays a Python float widens to float32."""
    return dtype.type if dtype.name == "bfloat16" else None


_IN_PLACE = {
    "add": np.add,
    "subtract": np.subtract,
    "multiply": np.multiply,
    "divide": np.true_divide,
}
_ELIDED_BYTES = 256 * 1024
"""NumPy's own threshold for temporary elision (NPY_MIN_ELIDE_BYTES): below it, allocating
a new array costs less than the test."""


def _in_place(name: str, a: Any, b: Any) -> Any:
    """The ufunc that may write ``a <name> b`` (or ``b <name> a``) into ``a``, or None.

    What NumPy's operators do to a temporary operand (``Primitives.in_place``): only for
    a plain ``ndarray`` that owns its memory and is writeable (not a view, whose memory
    another array shares), beside a Python float, a 0-d ``ndarray`` or a plain ``ndarray``
    of ``a``'s shape (NumPy's own test: an operand that broadcasts is not written into,
    and the result's memory order is NumPy's from both operands); the fast paths have
    checked the dtypes (one real float dtype, or a Python float beside it). The C fast
    path calls the ufunc with ``out=a``.
    """
    if type(a) is not np.ndarray:
        return None
    flags = a.flags
    if not (flags.owndata and flags.writeable):
        return None
    if type(b) is not float and (type(b) is not np.ndarray or (b.ndim and b.shape != a.shape)):
        return None
    return _IN_PLACE[name]


def _refused(tp: type) -> str | None:
    if issubclass(tp, np.matrix):
        return (
            "unitensor does not wrap numpy.matrix, whose * is a matrix product and whose "
            "reductions keep two axes: wrap np.asarray(x) instead"
        )
    return None


_np_matmul: Any = np.matmul


def _matmul(a: Any, b: Any) -> Any:
    """``np.matmul``, its result in the operands' dtype (ml_dtypes' bfloat16 gives float32)."""
    out = _np_matmul(a, b)
    return out if out.dtype == a.dtype else out.astype(a.dtype)


_cumprod: Any = np.cumprod  # its stubs leave the result unknown to a checker
_searchsorted: Any = np.searchsorted  # its stubs take side as a Literal only
_np_where: Any = np.where  # its overloads leave the result unknown to a checker


def _where(condition: Any, x: Any, y: Any) -> Any:
    """``numpy.where``, with a 0-d result as a NumPy scalar, as NumPy's ufuncs give it.

    So a full reduction written with ``where`` (``norms.l2``) gives the same
    kind of object as ``sum`` or ``max``.
    """
    out = _np_where(condition, x, y)
    return out[()] if out.ndim == 0 else out


_CPU = np.zeros(())
"""The creation primitives' template for NumPy's one device."""


def _to_device(a: Any, device: Any) -> Any:
    if not (isinstance(device, str) and device == "cpu"):
        raise device_error("NumPy", device, ["cpu"])
    return a


def _like(device: Any) -> Any:
    if device is not None:
        _to_device(_CPU, device)  # DeviceError (a ValueError, the standard's) for another
    return _CPU


def _is_scalar(a: object) -> bool:
    return isinstance(a, np.generic)


_np_asarray: Any = np.asarray


def _setitem(a: Any, index: Any, values: Any) -> Any:
    """``a[index] = values`` in place; a NumPy scalar (a 0-d result) becomes a 0-d array first."""
    if a.__class__ is not np.ndarray and _is_scalar(a):
        a = _np_asarray(a).copy()
    a[index] = values
    return a


def _assign(a: Any, values: Any) -> Any:
    """``values`` written into ``a``; a NumPy scalar (a 0-d result, immutable) gives ``values``."""
    if a.__class__ is not np.ndarray and _is_scalar(a):
        return values
    np.copyto(a, values)
    return a


def _index_update(a: Any, index: Any, values: Any) -> Any:
    out = np.array(a, copy=True)
    out[index] = values
    return out


_UFUNC_AT = {"add": np.add, "multiply": np.multiply, "min": np.minimum, "max": np.maximum}


def _scatter(a: Any, index: Any, values: Any, op: str) -> Any:
    out = np.array(a, copy=True)
    _UFUNC_AT[op].at(out, index, values)
    return out


def _slogdet(a: Any) -> tuple[Any, Any]:
    sign, logabsdet = np.linalg.slogdet(a)
    return sign, logabsdet


_may_share_memory: Any = np.may_share_memory  # (its stubs want known array types)


def _reshape_copy(a: Any, shape: tuple[int, ...], copy: bool) -> Any:
    """``reshape`` that always copies (``copy``) or never does (``ValueError`` then).

    ``numpy.reshape`` gives a view wherever one is possible, so a result that
    shares no memory with ``a`` was copied. A NumPy scalar cannot be written:
    its copy is not observable.
    """
    out: Any = np.reshape(a, shape)
    if copy:
        return out.copy() if np.may_share_memory(out, a) else out
    if out.size and isinstance(a, np.ndarray) and not _may_share_memory(out, a):
        raise ValueError(f"reshaping this array to {shape} needs a copy")
    return out


def _full(shape: tuple[int, ...], value: Any, dtype: Any, like: Any) -> Any:
    return np.full(shape, value, dtype=dtype)


def _arange(start: Any, stop: Any, step: Any, dtype: Any, like: Any) -> Any:
    return np.arange(start, stop, step, dtype=dtype)


def _asarray(value: Any, dtype: Any, like: Any) -> Any:
    return np.asarray(value, dtype=dtype)


def _uniform(shape: tuple[int, ...], low: float, high: float, dtype: Any, like: Any) -> Any:
    r = _STATE.random(shape, np.float64 if dtype == np.float64 else np.float32)
    return (r * (high - low) + low).astype(dtype, copy=False)


def _normal(shape: tuple[int, ...], mean: float, std: float, dtype: Any, like: Any) -> Any:
    r = _STATE.standard_normal(shape, np.float64 if dtype == np.float64 else np.float32)
    return (r * std + mean).astype(dtype, copy=False)


def _complex(x: Any, a: Any) -> Any:
    """``x`` in the complex dtype of ``a``'s precision."""
    return x.astype(np.result_type(a.dtype, np.complex64))


def _eig(a: Any) -> tuple[Any, Any]:
    w, v = np.linalg.eig(a)
    return _complex(w, a), _complex(v, a)


def _log1p(a: Any) -> Any:
    """``np.log1p``; the real part of a complex result near 0 as ``0.5 log1p(|1 + z|**2 - 1)``.

    NumPy's complex kernel computes ``log(1 + z)``, which loses the digits of a
    small ``z`` (``log1p(1e-10 + 0j)`` is 0 in complex64). Where ``|z| < 1/2``
    the real part is ``0.5 * log1p(x (x + 2) + y**2)``, as PyTorch's kernel
    computes it; NumPy's imaginary part (``atan2(y, 1 + x)``) and its special
    cases (infinite and NaN parts: the standard's) are kept.
    """
    out = np.log1p(a)
    if a.dtype.kind != "c":
        return out
    x, y = a.real, a.imag
    small = np.hypot(x, y) < 0.5
    if not small.any():
        return out
    fixed: Any = np.array(out)  # writable, 0-d included
    xs, ys = x[small], y[small]
    fixed.real[small] = 0.5 * np.log1p(xs * (xs + 2) + ys * ys)
    return fixed if fixed.ndim else fixed[()]


def _dlpack_source(a: Any) -> Any:
    """What exports ``a``'s DLPack capsule: a 0-d array for a NumPy scalar (a reduction's
    result, which has no ``__dlpack__``), else the array itself."""
    return _np_asarray(a) if isinstance(a, np.generic) else a


_NS = Primitives(
    dtype_type=np.dtype,
    dtype_name=lambda dt: np.dtype(dt).name,
    dtype_from_name=_dtype_from_name,
    device=lambda a: "cpu",
    devices=lambda: ("cpu",),
    default_device=lambda: "cpu",
    to_device=_to_device,
    like=_like,
    setitem=_setitem,
    assign=_assign,
    in_place_operators=True,
    copy=lambda a: np.array(a, copy=True),
    as_array=np.asarray,  # (of a NumPy scalar: a C call, no Python frame)
    scalar_type=np.generic,
    dlpack_source=_dlpack_source,
    to_numpy=np.asarray,
    item=lambda a: a.item(),
    astype=lambda a, dt: a.astype(dt),
    seed=_STATE.seed,
    divide=_divide,
    matmul=_matmul,
    equal=np.equal,
    not_equal=np.not_equal,
    bitwise_invert=np.invert,
    bitwise_and=np.bitwise_and,
    bitwise_or=np.bitwise_or,
    bitwise_xor=np.bitwise_xor,
    getitem=operator.getitem,
    index_update=_index_update,
    where=_where,
    **{
        name: getattr(np, name)
        for name in (
            "abs sign sqrt square exp log log2 log10 sin cos tan asin acos atan "
            "sinh cosh tanh asinh acosh atanh round ceil floor isnan isinf isfinite "
            "logical_not logical_and logical_or minimum maximum clip reshape permute_dims "
            "expand_dims tile flip take_along_axis concat stack"
        ).split()
    },
    # the ufuncs' reduce: np.sum and ndarray.sum add Python layers around it
    sum=_reduction(np.add, "sum"),
    prod=_reduction(np.multiply, "prod"),
    mean=_mean,
    min=_reduction(np.minimum, "min"),
    max=_reduction(np.maximum, "max"),
    # the arrays' own methods: NumPy's functions add a dispatch layer around them
    all=lambda a, axes, keepdims: a.all(axes, keepdims=keepdims),
    any=lambda a, axes, keepdims: a.any(axes, keepdims=keepdims),
    argmin=lambda a, axis: np.argmin(a, axis=axis),
    argmax=lambda a, axis: np.argmax(a, axis=axis),
    cumulative_sum=lambda a, axis: np.cumsum(a, axis=axis),
    cumulative_prod=lambda a, axis: _cumprod(a, axis=axis),
    sort=lambda a, axis: np.sort(a, axis=axis, kind="stable"),
    argsort=lambda a, axis: np.argsort(a, axis=axis, kind="stable"),
    squeeze=lambda a, axes: np.squeeze(a, axis=axes),
    pad_constant=lambda a, pads, value: np.pad(a, pads, constant_values=value),
    take=lambda a, idx, axis: np.take(a, idx, axis=axis),
    inv=np.linalg.inv,
    slogdet=_slogdet,
    meshgrid=lambda arrays, indexing: list(np.meshgrid(*arrays, indexing=indexing)),
    scatter=_scatter,
    from_dlpack=lambda obj, copy: np.from_dlpack(obj, copy=copy),  # (every layout, shared)
    full=_full,
    arange=_arange,
    asarray=_asarray,
    uniform=_uniform,
    normal=_normal,
    # fft (Array API 2025.12)
    **{
        f"fft_{name}": getattr(np.fft, name)
        for name in (
            "fft ifft fftn ifftn rfft irfft rfftn irfftn hfft ihfft fftshift ifftshift"
        ).split()
    },
    # manipulation (Array API 2025.12)
    broadcast_to=np.broadcast_to,
    repeat=lambda a, counts, axis: np.repeat(a, counts, axis=axis),
    roll=lambda a, shifts, axes: np.roll(a, shifts, axis=axes),
    tril=lambda a, k: np.tril(a, k),
    triu=lambda a, k: np.triu(a, k),
    reshape_copy=_reshape_copy,
    # searching, set, sorting, statistical (Array API 2025.12)
    nonzero=np.nonzero,
    searchsorted=lambda a, v, side: _searchsorted(a, v, side=side),  # NaN last, as sort
    # linear algebra (Array API 2025.12)
    tensordot=np.tensordot,
    einsum=lambda subscripts, arrays: np.einsum(subscripts, *arrays),
    cholesky=np.linalg.cholesky,
    det=np.linalg.det,
    eigh=np.linalg.eigh,
    eigvalsh=np.linalg.eigvalsh,
    qr=lambda a, complete: np.linalg.qr(a, mode="complete" if complete else "reduced"),
    svd=lambda a, full_matrices: np.linalg.svd(a, full_matrices=full_matrices),
    svdvals=np.linalg.svdvals,
    solve=np.linalg.solve,
    diagonal=lambda a, offset: np.linalg.diagonal(a, offset=offset),
    # elementwise (Array API 2025.12)
    **{
        name: getattr(np, name)
        for name in (
            "expm1 reciprocal trunc signbit conj real imag atan2 copysign hypot logaddexp "
            "nextafter logical_xor bitwise_left_shift bitwise_right_shift"
        ).split()
    },
    # transformations and random keys (issue 13)
    **_numpy_transforms.primitives(_STATE),
    # operands (review of dtypes): the checked path's operators are the ufuncs, which
    # subclasses (MaskedArray) take as plain arrays do; no fast path for those subclasses,
    # nor for bfloat16 with a Python float; numpy.matrix refused
    add=np.add,
    subtract=np.subtract,
    multiply=np.multiply,
    floor_divide=np.floor_divide,
    remainder=np.remainder,
    pow=np.power,
    negative=np.negative,
    less=np.less,
    less_equal=np.less_equal,
    greater=np.greater,
    greater_equal=np.greater_equal,
    python_operators=_python_operators,
    float_operand=_float_operand,
    refused=_refused,
    # performance (issue 15): NumPy's temporary elision through the C fast paths
    in_place=_in_place,
    in_place_bytes=_ELIDED_BYTES,
    # eig (Array API 2025.12): NumPy's are real where every eigenvalue is
    eig=_eig,
    eigvals=lambda a: _complex(np.linalg.eigvals(a), a),
    # conformance fixes (Array API 2025.12): complex log1p accurate near 0
    log1p=_log1p,
    max_dimensions=64,  # NumPy 2's NPY_MAXDIMS
)


class NumPyTensor(Tensor, backend="numpy"):
    """A tensor holding a ``numpy.ndarray`` (or a NumPy scalar for 0-d results).

    NumPy cannot differentiate: the autodiff functions raise
    ``NotImplementedError`` for NumPy tensors.
    """

    __slots__ = ()


def primitives() -> Primitives:
    """NumPy's primitives (NumPy is always imported, so they are built with the module)."""
    return _NS


def _calibrate_in_place() -> None:
    """The interpreter's own operators on a NumPy tensor, for ``loaded`` to show the C fast paths.

    Each as ``x op y`` in this function's own code (a tensor and a float, a float and a
    tensor, two tensors), then as a call of the Array API namespace's function of the
    operator (``xp.add(x, y)``: ``operator.add`` in the C wrapper ``ArraysOnly`` that
    ``unitensor.array_api`` gives NumPy's namespace, called from Python code; another
    caller's call stack differs).
    """
    x = NumPyTensor(np.ones(2))
    _ = x + 1.0, x - 1.0, x * 1.0, x / 1.0, 1.0 + x, 1.0 * x
    _ = x + x, x - x, x * x, x / x
    speedups = _fast.SPEEDUPS_MODULE
    if speedups is not None:
        add, subtract, multiply, divide = [
            speedups.ArraysOnly(getattr(operator, name), _same, np.generic, np.asarray)
            for name in ("add", "sub", "mul", "truediv")
        ]
        _ = add(x, 1.0), subtract(x, 1.0), multiply(x, 1.0), divide(x, 1.0)
        _ = add(1.0, x), multiply(1.0, x)
        _ = add(x, x), subtract(x, x), multiply(x, x), divide(x, x)


def _same(out: Any) -> Any:
    return out


def loaded(cls: type[Tensor]) -> None:
    """Run once the NumPy tensor class works (``unitensor._registry.load_primitives``).

    ``Primitives.in_place`` is for the operands of ``x op y`` that only the interpreter's
    stack holds: ``unitensor._speedups.calibrate`` keeps the C call stacks of the operators
    that ``_calibrate_in_place`` applies in this thread, and an operator called any other
    way (by C code that may use its operand again) is never done in place.
    """
    if _fast.SPEEDUPS_MODULE is not None and cls is NumPyTensor:
        _fast.SPEEDUPS_MODULE.calibrate(_calibrate_in_place)
