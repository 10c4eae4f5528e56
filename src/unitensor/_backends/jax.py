"""JAX backend: ``JAXTensor`` (``jax.Array`` on any device, and tracers).

JAX follows NumPy closely; what differs and is kept, documented:

- without 64-bit mode (``jax_enable_x64``) JAX has no 64-bit types, so where
  unitensor's rules give int64 / float64 (index results, integer sums,
  ``arange``), JAX gives int32 / float32. An explicit 64-bit request
  (``astype("float64")``, ``float64()``) warns with ``UserWarning``;
- integer array indices out of range are clamped by JAX, not reported;
- JAX's CPU kernels flush subnormal floats to zero in places (``atan2``,
  ``nextafter``), which the standard allows.

Hidden: ``sign(-0.0)`` is +0.0, a zero float quotient or remainder has NumPy's
sign, a complex ``abs`` is +inf for an infinite part beside a NaN one, and
complex ``exp``, the logarithms, ``sqrt`` and the trigonometric and hyperbolic
functions give C99's values for infinite and NaN parts (``_jax_complex``).

``JAXTensor`` is registered as a JAX pytree node, so tensors pass through
``jax.jit``, ``jax.grad`` and friends, and can be auxiliary outputs of
[`unitensor.value_and_grad_fn`][unitensor.value_and_grad_fn]. Random
numbers use explicit keys split (under a lock, so threads are safe) from a
key that [`unitensor.seed`][unitensor.seed] sets; no traced value is ever stored. Inside
``jax.jit`` a draw would become a compiled-in constant, so ``uniform`` and
``normal`` raise ``RuntimeError`` there instead. JAX is imported when the
primitives are first needed, not with this module.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import secrets
import threading
import weakref
from collections.abc import Callable
from typing import Any

import numpy as np

from .._api._base import sharding_error, wrap
from .._errors import DataDependentShapeError, IndexOutOfRangeError
from .._indexing import (
    as_tuple,
    axes_taken,
    expand_ellipsis,
    zero_d_masks_as_axes,
    zero_step_error,
)
from .._tensor import Tensor
from . import (
    Primitives,
    _jax_checkify,
    _jax_complex,
    _jax_gradients,
    _jax_indexing,
    _jax_transforms,
    device_error,
    dlpack_importer,
    topk_via_last_axis,
)

__all__ = ["JAXTensor", "primitives"]

# JAX itself, set by primitives(). Its annotations are partial for this module's uses
# (device arguments, pytree registration); native arrays are handled as ``Any`` here.
jax: Any = None
jnp: Any = None


class JAXTensor(Tensor, backend="jax"):
    """A tensor holding a ``jax.Array`` (or a JAX tracer inside a transformation)."""

    __slots__ = ()


_NARROW = {"int64": "int32", "uint64": "uint32", "float64": "float32", "complex128": "complex64"}


def _x64() -> bool:
    return bool(jax.dtypes.canonicalize_dtype(np.int64) == np.int64)


class _Keys:
    """The key that ``uniform`` / ``normal`` split from; reset by ``ut.seed``.

    The key is made eagerly (``jax.ensure_compile_time_eval``) even where
    the call comes inside a JAX trace: a ``ut.seed`` made before the JAX
    backend loaded is applied when it loads, which may be inside
    ``jax.jit``, and a key made there as a tracer would leak out of it.
    """

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.key: Any = None

    def next(self) -> Any:
        with self.lock:
            if self.key is None:
                with jax.ensure_compile_time_eval():
                    self.key = jax.random.key(secrets.randbits(31))
            self.key, sub = jax.random.split(self.key)
        return sub

    def seed(self, n: int) -> None:
        with self.lock, jax.ensure_compile_time_eval():
            self.key = jax.random.key(n)


_KEYS = _Keys()


def _narrow(name: str) -> str:
    """The dtype JAX holds for ``name``: 32-bit types for 64-bit ones without 64-bit mode."""
    return name if _x64() else _NARROW.get(name, name)


def _is_concrete(a: Any) -> bool:
    """Whether ``a``'s values can be read: not a tracer inside a JAX transformation."""
    return not isinstance(a, jax.core.Tracer)


def _device_kw(like: Any, shape: tuple[int, ...] | None = None) -> dict[str, Any]:
    """``device=`` of a concrete template array; nothing for tracers.

    A template on one device gives its device where it is committed to it;
    an uncommitted one gives nothing, so the result is uncommitted too, as
    JAX's own results of uncommitted operands are. A template sharded over
    several devices gives its sharding to a result of its own ``shape``; a
    result of another shape is left uncommitted, so JAX places it where the
    operation using it needs it, as it does a Python scalar (no gather to
    one device, no sharding that does not fit).
    """
    if not _is_concrete(like):
        return {}
    sharding = like.sharding
    if len(sharding.device_set) == 1:  # (uncommitted for an uncommitted template, as JAX's)
        return {"device": like.device} if like.committed else {}
    if shape is not None and tuple(shape) == tuple(like.shape):
        return {"device": sharding}
    return {}


def _device(a: Any) -> Any:
    try:
        return a.device
    except Exception:  # tracers have no device
        return None


_LIKE: dict[Any, Any] = {}


def _like(device: Any) -> Any:
    """A 0-d array on ``device`` (the default device for None), cached."""
    try:
        return _LIKE[device]
    except (KeyError, TypeError):  # (TypeError: a device argument that cannot be hashed)
        place = None if device is None else _device_arg(device)
        return _LIKE.setdefault(device, jax.device_put(jnp.zeros(()), place))


def _device_arg(device: Any) -> Any:
    """What ``jax.device_put`` is given for ``device``, where this process has it.

    JAX's own ``jax.Device`` and ``Sharding`` objects as they are; a string
    names a platform as ``jax.devices`` takes it, with an optional index
    (``"cpu"``, ``"gpu:1"``, ``"tpu"``), which ``jax.device_put`` itself
    refuses; ``DeviceError`` for anything else and for a platform or index
    this process does not have.
    """
    if isinstance(device, jax.Device | jax.sharding.Sharding):
        return device
    if isinstance(device, str):
        platform, _, index = device.partition(":")
        try:
            found: list[Any] = jax.devices(platform) if platform else []
            i = int(index) if index else 0
            if 0 <= i < len(found):
                return found[i]
        except (RuntimeError, ValueError) as e:  # "Unknown backend", "failed to initialize"
            raise _device_error(device) from e
    raise _device_error(device)


def _device_error(device: Any) -> Exception:
    return device_error("JAX", device, [repr(d) for d in jax.devices()])


def _strided_misaligned_or_narrowed(obj: Any, host: Any) -> str | None:
    """Why JAX cannot hold ``host``, a NumPy view of ``obj``'s memory, as it is.

    Its DLPack import refuses strides that are not compact (a transposition
    of a contiguous buffer), XLA copies a buffer not 64-byte aligned, and
    without 64-bit mode a 64-bit dtype is narrowed, a copy too.
    """
    if not (host.flags.c_contiguous or host.flags.f_contiguous):
        return "is not contiguous (JAX's import takes compact strides only)"
    if host.ctypes.data % 64:
        return "is not 64-byte aligned (XLA needs it)"
    if _narrow(host.dtype.name) != host.dtype.name:
        return f"holds {host.dtype.name}, which JAX narrows without 64-bit mode"
    return None


def _bool_rank(item: Any) -> int | None:
    return item.ndim if isinstance(item, jax.Array) and item.dtype == np.bool_ else None


_BOUNDS: dict[int, tuple[weakref.ref[Any], tuple[int, int]]] = {}


def _bounds(a: Any) -> tuple[int, int]:
    """The smallest and largest values of a concrete integer array (not empty).

    Evaluated at once even inside a JAX transformation, where ``a`` is a
    concrete array captured from outside (its reductions would be traced
    there): JAX's ``ensure_compile_time_eval``. JAX arrays cannot be
    written, so the bounds of an array are kept while it lives: labels or
    an index array used again (each step of a training loop) are checked
    once. Inside an eager ``jax.grad`` the two reductions cost a millisecond.
    """
    key = id(a)
    hit = _BOUNDS.get(key)
    if hit is not None and hit[0]() is a:
        return hit[1]
    with jax.ensure_compile_time_eval():
        out = int(a.min()), int(a.max())

    def forget(ref: weakref.ref[Any], key: int = key) -> None:
        if _BOUNDS.get(key, (None,))[0] is ref:
            del _BOUNDS[key]

    try:
        _BOUNDS[key] = (weakref.ref(a, forget), out)
    except TypeError:  # (a NumPy scalar index cannot be referred to weakly)
        pass
    return out


def _check_range(a: Any, low: int, high: int, message: str) -> None:
    """Raise ``IndexOutOfRangeError`` unless the integers of ``a`` are in [low, high).

    ``message`` is the error's, its ``{}`` filled with the index out of
    range (eagerly) or "an index" (traced). A traced ``a`` (inside
    ``jax.jit``) is checked only where ``ut.jit(f, checks=True)`` traces it
    inside ``checkify``; elsewhere JAX's behaviour is kept (it clamps).
    """
    if _is_concrete(a):
        if a.size:
            lo, hi = _bounds(a)
            if lo < low or hi >= high:
                raise IndexOutOfRangeError(message.format(f"index {hi if hi >= high else lo}"))
    elif _jax_checkify.checking():
        info = jnp.iinfo(a.dtype)  # (a bound beyond a's dtype would wrap around in it)
        ok = jnp.ones((), bool)
        if low > info.min:
            ok = ok & jnp.all(a >= low)
        if high <= info.max:
            ok = ok & jnp.all(a < high)
        _jax_checkify.assert_traced(a, ok, IndexOutOfRangeError(message.format("an index")))


def _out_of_bounds(a: Any, item: int, dim: int, before: tuple[Any, ...]) -> Exception:
    """NumPy's error for an int out of range on axis ``dim`` after the items ``before`` it.

    NumPy reads an index from the left: a zero slice step before the int is
    its ``ValueError`` (``zero_step_error``; JAX raises it too, after this check).
    """
    n = a.shape[dim]
    return zero_step_error(before, a.shape, _bool_rank) or IndexOutOfRangeError(
        f"index {item} is out of bounds for axis {dim} with size {n}"
    )


def _check_bounds(a: Any, index: Any) -> None:
    """Raise ``IndexError`` for out-of-range ints and integer arrays.

    JAX clamps out-of-range indices silently; NumPy raises. Tracers (inside
    ``jax.jit``) are checked only under ``ut.jit(f, checks=True)``
    (``_check_range``) and keep JAX's behaviour elsewhere; a traced boolean
    mask is a ``DataDependentShapeError``.
    """
    if index.__class__ is tuple and len(index) <= a.ndim:  # ints and slices: the common case
        shape = a.shape
        for dim, item in enumerate(index):
            if item.__class__ is int:
                if not -shape[dim] <= item < shape[dim]:
                    raise _out_of_bounds(a, item, dim, index[:dim])
            elif item.__class__ is not slice:
                break
        else:
            return
    items = expand_ellipsis(as_tuple(index), a.ndim, _bool_rank)
    dim = 0
    for k, item in enumerate(items):
        if item is None:
            continue
        if isinstance(item, jax.Array) and item.dtype == np.bool_ and not _is_concrete(item):
            raise DataDependentShapeError(
                "indexing with a boolean mask selects as many elements as the mask has True "
                "values, and inside jax.jit or another JAX transformation the mask has no "
                "values yet; use ut.where(mask, x, fill) (same shape), or index outside the "
                "transformation"
            )
        if item.__class__ is int:
            n = a.shape[dim]
            if not -n <= item < n:
                raise _out_of_bounds(a, item, dim, items[:k])
        elif isinstance(item, jax.Array) and item.dtype != np.bool_:
            n = a.shape[dim]
            _check_range(item, -n, n, f"{{}} is out of bounds for axis {dim} with size {n}")
        dim += axes_taken(item, _bool_rank)


def _pow(a: Any, b: Any) -> Any:
    """``a ** b``; integer exponent arrays by squaring over all their bits.

    ``jax.numpy.power`` of integer arrays reads only the low 6 bits of an
    exponent array (64 and more give wrong values); NumPy's wrap around.
    The derivative for ``a`` of ``a ** 0`` is 0 (the rule's; JAX's is NaN at
    ``a == 0``): a Python exponent 0 goes in as the int 0 (JAX's integer
    power, whose derivative is 0), two float arrays through ``_float_pow``.
    """
    if isinstance(b, jax.Array):
        if jnp.issubdtype(b.dtype, jnp.integer):
            base = a if isinstance(a, jax.Array) else jnp.asarray(a, dtype=b.dtype)
            if jnp.issubdtype(base.dtype, jnp.integer):
                return _integer_power(base, b)
        elif isinstance(a, jax.Array) and a.dtype.kind in "fV" and b.dtype.kind in "fV":
            return _float_pow(a, b)
    elif b.__class__ is float and b == 0:
        return a**0
    return a**b


def _integer_power_uncompiled(base: Any, e: Any) -> Any:
    """``base ** e`` of integer arrays by squaring over every bit of ``e``'s dtype."""
    shape = jnp.broadcast_shapes(base.shape, e.shape)
    base, e = jnp.broadcast_to(base, shape), jnp.broadcast_to(e, shape)
    result = jnp.ones_like(base)
    for _ in range(e.dtype.itemsize * 8):
        result = jnp.where((e & 1) != 0, result * base, result)
        base, e = base * base, e >> 1
    return result


def _with_0d_masks_as_axes(a: Any, index: Any) -> tuple[Any, Any, tuple[int, ...]]:
    """``(b, index, axes)`` for ``_indexing.zero_d_masks_as_axes`` of a tuple index.

    JAX read a 0-d mask wrongly after a ``None`` (``x[None, True]`` lost an
    axis of ``x``, ``x[..., None, True]`` raised); ``b[index]`` is NumPy's
    ``a[index]``, and an update of ``b`` squeezed at ``axes`` NumPy's update
    of ``a``. An index without a 0-d mask is returned as it is, with no axes.
    """
    if index.__class__ is tuple:
        for item in index:
            if _bool_rank(item) == 0:
                items = list(expand_ellipsis(index, a.ndim, _bool_rank))
                a, axes = zero_d_masks_as_axes(a, items, _basic, _bool_rank)
                return a, tuple(items), tuple(axes)
    return a, index, ()


def _basic(a: Any, index: tuple[Any, ...]) -> Any:
    return a[index]


def _getitem(a: Any, index: Any) -> Any:
    if index.__class__ is not slice:
        _check_bounds(a, index)
        out = _jax_indexing.getitem(a, index)  # (concrete arrays: 6-15x faster than JAX's)
        if out is not None:
            return out
        a, index, _ = _with_0d_masks_as_axes(a, index)
    return a[index]


def _index_update(a: Any, index: Any, values: Any) -> Any:
    return _scatter(a, index, values, "set")


def _scatter(a: Any, index: Any, values: Any, op: str) -> Any:
    axes: tuple[int, ...] = ()
    if index.__class__ is not slice:
        _check_bounds(a, index)
        a, index, axes = _with_0d_masks_as_axes(a, index)
    out = getattr(a.at[index], op)(values)
    return jnp.squeeze(out, axes) if axes else out


def _slogdet(a: Any) -> tuple[Any, Any]:
    sign, logabsdet = jnp.linalg.slogdet(a)
    return sign, logabsdet


_np_repeat: Any = np.repeat  # its overloads leave the result unknown to a checker


def _repeat(a: Any, counts: Any, axis: int) -> Any:
    """``jnp.repeat``; concrete counts become one gather (``jnp.repeat`` of an array of
    counts takes about 0.3 s a call on a CPU, a gather 0.03 s)."""
    if isinstance(counts, int) or not _is_concrete(counts):
        return jnp.repeat(a, counts, axis=axis)
    positions = _np_repeat(np.arange(a.shape[axis]), np.asarray(counts))
    return jnp.take(a, positions, axis=axis)


def _reshape_copy(a: Any, shape: tuple[int, ...], copy: bool) -> Any:
    """JAX's arrays cannot be written, so no copy is observable."""
    out = jnp.reshape(a, shape)
    return jnp.array(out, copy=True) if copy else out


def _picked(logits: Any, labels: Any) -> Any:
    """``log_softmax(logits)`` at each label, shape ``labels.shape + (1,)``; checked labels."""
    classes = logits.shape[-1]
    _check_range(labels, 0, classes, f"crossentropy: labels must be in [0, {classes})")
    log_p = jax.nn.log_softmax(logits, axis=-1)
    return jnp.take_along_axis(log_p, labels[..., None], axis=-1)


def _crossentropy(logits: Any, labels: Any) -> Any:
    return -_picked(logits, labels)[..., 0]


def _crossentropy_mean(logits: Any, labels: Any) -> Any:
    return -_picked(logits, labels).mean()  # (no squeeze: the ops of a native JAX loss)


def _widened(a: Any) -> Any:
    """Bool and integers narrower than 32 bits as the default integer (JAX keeps them)."""
    if a.dtype == np.bool_ or (a.dtype.kind in "iu" and a.dtype.itemsize < 4):
        return a.astype(jnp.int_ if a.dtype.kind != "u" else jnp.uint)
    return a


def _inexact_sign_uncompiled(a: Any) -> Any:
    out = jnp.sign(a)
    return jnp.where(out == 0, jnp.zeros((), out.dtype), out)


# The compiled forms of the ``_uncompiled`` functions here, set by primitives() (which
# imports JAX): one dispatch eagerly, and one compilation for each shape and dtype
# instead of one for each of their operations; inlined into a caller's trace
_inexact_sign: Any = None
_complex_abs: Any = None
_integer_power: Any = None
_real_abs: Any = None  # abs of real floats with the rule's derivative (_jax_gradients)
_float_pow: Any = None  # pow of two float arrays with the rule's derivative (_jax_gradients)
_clip_numbers: Any = None  # clip with two float bounds, the rule's derivative (_jax_gradients)


def _sign(a: Any) -> Any:
    """``jnp.sign`` with the standard's ``+0.0`` for ``-0.0`` (JAX keeps ``-0.0``).

    Float and complex input go through one compiled function: the sign, and
    zero for the zeros, which XLA fuses into one kernel, one pass over
    memory as ``jnp.sign`` alone (XLA would simplify an added ``0.0`` away),
    called eagerly at the cost of one dispatch, and inlined into the
    caller's computation inside ``jax.jit`` and other transformations.
    Integer input needs none of this.
    """
    if a.dtype.kind in "fcV":  # (V: ml_dtypes' bfloat16 and 8-bit floats)
        return _inexact_sign(a)
    return jnp.sign(a)


def _abs(a: Any) -> Any:
    """``jnp.abs``; a complex number's magnitude as ``hypot(real, imag)``.

    JAX's complex ``abs`` gives NaN for ``inf + nan j``, where the standard
    (and NumPy) give ``+inf``; ``jnp.hypot`` handles the infinities. Complex
    input only (compiled as one function); real floats take ``jnp.abs`` with
    the derivative ``sign(x)`` (``_jax_gradients``: JAX's is 1 at 0),
    integers ``jnp.abs`` itself.
    """
    kind = a.dtype.kind
    if kind == "c":
        return _complex_abs(a)
    if kind in "fV":  # (V: ml_dtypes' bfloat16 and 8-bit floats)
        return _real_abs(a)
    return jnp.abs(a)


def _complex_abs_uncompiled(a: Any) -> Any:
    return jnp.hypot(jnp.real(a), jnp.imag(a))


def _floor_divide_uncompiled(a: Any, b: Any) -> Any:
    """``jnp.floor_divide``; a zero float quotient takes the sign of ``a / b``, as in NumPy.

    JAX gives ``-0.0 // 1.0`` as ``+0.0`` (NumPy and the standard: ``-0.0``).
    A nonzero quotient has the sign of ``a / b`` already, so ``copysign``
    changes only the zeros: two more elementwise operations (the division
    and ``copysign``). The three are compiled as one function, one dispatch
    eagerly (``primitives``).
    """
    out = jnp.floor_divide(a, b)
    if not jnp.issubdtype(out.dtype, jnp.floating):
        return out
    return jnp.copysign(out, jnp.true_divide(a, b))


def _remainder_uncompiled(a: Any, b: Any) -> Any:
    """``jnp.remainder``; a zero float remainder takes the divisor's sign, as in NumPy.

    JAX gives a zero remainder the dividend's sign (``0.0 % -1.0`` is
    ``0.0``, NumPy's ``-0.0``); every other remainder has the divisor's sign
    already. The zeros become ``copysign(0, b)``: three more elementwise
    operations, compiled with it as one function, one dispatch eagerly
    (``primitives``). (``copysign(r, b)`` alone would give the zeros a
    gradient of -1 where ``b < 0``; this way it is 0 there, as on PyTorch
    and TensorFlow, and 1 elsewhere.)
    """
    out = jnp.remainder(a, b)
    if not jnp.issubdtype(out.dtype, jnp.floating):
        return out
    return jnp.where(out == 0, jnp.copysign(jnp.zeros((), out.dtype), b), out)


def _topk_last(a: Any, k: int, largest: bool, sorted: bool) -> tuple[Any, Any]:
    if largest:
        values, idx = jax.lax.top_k(a, k)
    else:
        values, idx = jax.lax.top_k(-a, k)
        values = -values
    return values, idx


def _nonzero(a: Any) -> tuple[Any, ...]:
    """The indices of the non-zero elements of a concrete array, as ``jnp.nonzero``.

    A tracer (inside ``jax.jit``) has no values yet: JAX itself raises
    ``ConcretizationTypeError`` there; unitensor's error says why, and what
    to do instead. An array on the CPU is searched by NumPy on the same
    memory: ``jnp.nonzero`` compiles anew for every shape (about 0.5 s the
    first time, against microseconds), and the count it needs is read on
    the host anyway.
    """
    if not _is_concrete(a):
        raise DataDependentShapeError(
            "the result's shape depends on the values of the array (how many elements are "
            "non-zero, or unique), and inside jax.jit or another JAX transformation an array "
            "has no values yet; call it outside the transformation, or natively with a fixed "
            "size (jnp.nonzero(x, size=n), jnp.unique(x, size=n))"
        )
    devices = a.devices()
    if len(devices) != 1 or next(iter(devices)).platform != "cpu":
        return tuple(jnp.nonzero(a))
    device = next(iter(devices))
    index = _index_dtype()
    return tuple(jax.device_put(i.astype(index), device) for i in np.nonzero(np.asarray(a)))


def _index_dtype() -> Any:
    """The default index dtype: int64 in 64-bit mode, int32 without."""
    return np.dtype(np.int64) if _x64() else np.dtype(np.int32)


def _searchsorted(a: Any, v: Any, side: str) -> Any:
    """``jnp.searchsorted`` (NaN last, as ``sort``) in the default index dtype.

    JAX gives int32 indices also in 64-bit mode.
    """
    return jnp.searchsorted(a, v, side=side).astype(_index_dtype())


def _place(x: Any, like: Any) -> Any:
    return _placed(x, _device_kw(like, x.shape))


def _placed(x: Any, kw: dict[str, Any]) -> Any:
    """``x`` put where ``_device_kw``'s ``kw`` says (``x`` itself for none).

    ``jax.device_put(jnp.asarray(v), device)`` takes a third of the time of
    ``jnp.asarray(v, device=device)``: 35 against 110 µs for a small NumPy
    array (2026-12-04), the same array on the same device, committed.
    """
    return jax.device_put(x, kw["device"]) if kw else x


def _no_tracer(like: Any) -> None:
    """Refuse to draw random numbers for a traced template (inside ``jax.jit``).

    The key is split eagerly, so inside a jitted function the draw would be
    compiled in as a constant and repeat on every call.
    """
    if not _is_concrete(like):
        raise RuntimeError(
            "unitensor cannot draw random numbers inside a JAX transformation such as "
            "jax.jit: they would be compiled in as constants and repeat on every call; "
            "pass a key instead (t.uniform(shape, key=key), with key = ut.random.key(seed, "
            "like=t) an argument of the function, split for every draw)"
        )


def _uniform(shape: tuple[int, ...], low: float, high: float, dtype: Any, like: Any) -> Any:
    _no_tracer(like)
    return _place(jax.random.uniform(_KEYS.next(), shape, dtype, low, high), like)


def _normal(shape: tuple[int, ...], mean: float, std: float, dtype: Any, like: Any) -> Any:
    _no_tracer(like)
    return _place(jax.random.normal(_KEYS.next(), shape, dtype) * std + mean, like)


def _reduction(fn: Any) -> Any:
    def reduce(a: Any, axes: int | tuple[int, ...] | None, keepdims: bool) -> Any:
        return fn(a, axis=axes, keepdims=keepdims)

    return reduce


# The primitives whose JAX functions can refuse their operands' shardings (JAX's sharding
# rules raise ShardingTypeError in Explicit mode), wrapped by _refusals_raised: those of
# several operands (broadcasting, contractions, concatenation, indexing, updates) and those
# that move or combine elements along an axis (shape changes, scans, sorts, linear algebra,
# fft). The elementwise functions of one operand keep the sharding and are left as they
# are. So are the hot ones, whose callers catch JAX's error at no cost instead (a ``try``
# costs nothing until it raises, a wrapper's call does): the binary operators' fast and
# checked paths (_base's template: add ... maximum), ==, !=, clip, where, t[...], matmul,
# reshape, permute_dims and the reductions (sum ... any).
_MAY_REFUSE = (
    "floor_divide remainder pow bitwise_and bitwise_or bitwise_xor bitwise_left_shift "
    "bitwise_right_shift logical_and logical_or logical_xor index_update setitem scatter "
    "take take_along_axis argmin argmax cumulative_sum cumulative_prod sort argsort topk "
    "searchsorted reshape_copy squeeze expand_dims tile flip pad_constant concat stack "
    "broadcast_to repeat roll tril triu meshgrid tensordot einsum inv slogdet cholesky det "
    "eigh eigvalsh qr svd svdvals solve diagonal eig eigvals logsumexp log_softmax softmax "
    "crossentropy fft_fft fft_ifft fft_fftn fft_ifftn fft_rfft fft_irfft fft_rfftn "
    "fft_irfftn fft_hfft fft_ihfft fft_fftshift fft_ifftshift"
).split()


def _refusals_raised(p: Primitives) -> Primitives:
    """``p`` with JAX's sharding refusals raised as [`ShardingError`][unitensor.ShardingError].

    Each primitive of ``_MAY_REFUSE`` is wrapped: JAX's ``ShardingTypeError``
    (not public API: ``jax._src.core``) becomes a ``ShardingError`` with
    JAX's error as ``__cause__``. The wrapper's call is one Python call
    beside JAX's dispatch of many microseconds for these.
    """
    refusal: type[Exception] = jax._src.core.ShardingTypeError

    def checked(fn: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except refusal as e:
                raise sharding_error(e) from e

        return functools.wraps(fn)(call)

    fields: dict[str, Any] = {name: checked(getattr(p, name)) for name in _MAY_REFUSE}
    return dataclasses.replace(p, sharding_errors=(refusal,), **fields)


def _flatten(t: JAXTensor) -> tuple[tuple[Any], None]:
    return (t.raw,), None


def _unflatten(aux: None, children: tuple[Any]) -> JAXTensor:
    return wrap(JAXTensor, children[0])


def primitives() -> Primitives:
    """JAX's primitives; imports JAX and registers ``JAXTensor`` as a pytree node.

    As a pytree node, a tensor passes through ``jax.jit``, ``jax.grad`` and
    friends, and can be an auxiliary output of a gradient function.
    """
    global jax, jnp, _inexact_sign, _complex_abs, _integer_power, _real_abs, _float_pow
    global _clip_numbers
    jax = importlib.import_module("jax")
    jnp = importlib.import_module("jax.numpy")
    _jax_indexing.set_jax(jax)
    gradients = _jax_gradients.primitives(jax)
    _real_abs = gradients.pop("real_abs")
    _float_pow = gradients.pop("float_pow")
    _clip_numbers = gradients.pop("clip_numbers")
    _inexact_sign = jax.jit(_inexact_sign_uncompiled)
    _complex_abs = jax.jit(_complex_abs_uncompiled, inline=True)
    _integer_power = jax.jit(_integer_power_uncompiled, inline=True)
    compiled = _compiled_operators()
    jax.tree_util.register_pytree_node(JAXTensor, _flatten, _unflatten)
    p = Primitives(
        dtype_type=np.dtype,
        dtype_name=lambda dt: np.dtype(dt).name,
        dtype_from_name=jnp.dtype,
        narrow=_narrow,
        narrow_hint="enable 64-bit mode with jax.config.update('jax_enable_x64', True)",
        is_concrete=_is_concrete,
        device=_device,
        devices=lambda: tuple(jax.devices()),
        default_device=lambda: jax.devices()[0],
        to_device=lambda a, device: jax.device_put(a, _device_arg(device)),
        like=_like,
        setitem=_index_update,
        copy=lambda a: jnp.array(a, copy=True),
        to_numpy=np.asarray,
        item=lambda a: a.item(),
        astype=lambda a, dt: a.astype(dt),
        seed=_KEYS.seed,
        matmul=jnp.matmul,
        equal=jnp.equal,
        not_equal=jnp.not_equal,
        bitwise_invert=jnp.invert,
        bitwise_and=jnp.bitwise_and,
        bitwise_or=jnp.bitwise_or,
        bitwise_xor=jnp.bitwise_xor,
        getitem=_getitem,
        index_update=_index_update,
        **{
            name: getattr(jnp, name)
            for name in (
                "square round ceil floor isnan isinf isfinite "
                "logical_not logical_and logical_or where reshape "
                "permute_dims expand_dims tile flip stack"
            ).split()
        },
        **compiled,
        argmin=lambda a, axis: jnp.argmin(a, axis=axis),
        argmax=lambda a, axis: jnp.argmax(a, axis=axis),
        cumulative_sum=lambda a, axis: jnp.cumsum(_widened(a), axis=axis),
        cumulative_prod=lambda a, axis: jnp.cumprod(_widened(a), axis=axis),
        concat=lambda arrays, axis: jnp.concatenate(arrays, axis=axis),
        sort=lambda a, axis: jnp.sort(a, axis=axis, stable=True),
        argsort=lambda a, axis: jnp.argsort(a, axis=axis, stable=True),
        topk=topk_via_last_axis(_topk_last, jnp.transpose),
        squeeze=lambda a, axes: jnp.squeeze(a, axis=axes),
        pad_constant=lambda a, pads, value: jnp.pad(a, pads, constant_values=value),
        take=lambda a, idx, axis: jnp.take(a, idx, axis=axis),
        take_along_axis=lambda a, idx, axis: jnp.take_along_axis(a, idx, axis=axis),
        inv=jnp.linalg.inv,
        slogdet=_slogdet,
        meshgrid=lambda arrays, indexing: list(jnp.meshgrid(*arrays, indexing=indexing)),
        scatter=_scatter,
        from_dlpack=dlpack_importer(
            "JAX",
            lambda obj, copy: jnp.from_dlpack(obj, copy=copy),
            _strided_misaligned_or_narrowed,
            lambda view: jnp.array(view, copy=True, device=jax.devices("cpu")[0]),
            jax.Array,
        ),
        full=lambda shape, v, dt, like: jnp.full(shape, v, dtype=dt, **_device_kw(like, shape)),
        arange=lambda start, stop, step, dt, like: _place(
            jnp.arange(start, stop, step, dtype=dt), like
        ),
        asarray=lambda v, dt, like: _placed(jnp.asarray(v, dtype=dt), _device_kw(like)),
        uniform=_uniform,
        normal=_normal,
        logsumexp=jax.jit(_logsumexp, static_argnums=(1, 2), inline=True),
        log_softmax=lambda a, axis: jax.nn.log_softmax(a, axis=axis),
        softmax=jax.jit(_softmax, static_argnums=1, inline=True),
        crossentropy=_crossentropy,
        crossentropy_mean=_crossentropy_mean,
        # fft (Array API 2025.12): each compiled once per size, axes and norm, so that a call
        # is one dispatch, not one per step (padding, transform, scaling)
        **{
            f"fft_{name}": jax.jit(getattr(jnp.fft, name), static_argnums=(1, 2, 3))
            for name in "fft ifft fftn ifftn rfft irfft rfftn irfftn hfft ihfft".split()
        },
        fft_fftshift=jax.jit(jnp.fft.fftshift, static_argnums=1),
        fft_ifftshift=jax.jit(jnp.fft.ifftshift, static_argnums=1),
        # manipulation (Array API 2025.12)
        broadcast_to=jnp.broadcast_to,
        repeat=_repeat,
        roll=lambda a, shifts, axes: jnp.roll(a, shifts, axis=axes),
        tril=lambda a, k: jnp.tril(a, k),
        triu=lambda a, k: jnp.triu(a, k),
        reshape_copy=_reshape_copy,
        # searching, set, sorting, statistical (Array API 2025.12)
        nonzero=_nonzero,
        searchsorted=_searchsorted,
        # linear algebra (Array API 2025.12): JAX symmetrises the input of eigh and
        # cholesky by default, (a + a^T) / 2; NumPy reads the lower triangle
        tensordot=jnp.tensordot,
        einsum=lambda subscripts, arrays: jnp.einsum(subscripts, *arrays),
        cholesky=lambda a: jax.lax.linalg.cholesky(a, symmetrize_input=False),
        det=jnp.linalg.det,
        eigh=lambda a: tuple(jnp.linalg.eigh(a, UPLO="L", symmetrize_input=False)),
        eigvalsh=lambda a: jnp.linalg.eigvalsh(a, UPLO="L", symmetrize_input=False),
        qr=lambda a, complete: tuple(jnp.linalg.qr(a, mode="complete" if complete else "reduced")),
        svd=lambda a, full_matrices: tuple(jnp.linalg.svd(a, full_matrices=full_matrices)),
        svdvals=jnp.linalg.svdvals,
        solve=jnp.linalg.solve,
        diagonal=lambda a, offset: jnp.linalg.diagonal(a, offset=offset),
        # elementwise (Array API 2025.12)
        abs=_abs,
        sign=_sign,
        floor_divide=jax.jit(_floor_divide_uncompiled, inline=True),
        remainder=jax.jit(_remainder_uncompiled, inline=True),
        **{
            name: getattr(jnp, name)
            for name in (
                "expm1 reciprocal trunc signbit conj real imag atan2 "
                "logical_xor bitwise_left_shift bitwise_right_shift"
            ).split()
        },
        # derivatives at kinks and ties (issue 38): maximum, minimum, clip, logaddexp,
        # hypot, copysign, nextafter
        **gradients,
        # transformations and random keys (issue 13)
        **_jax_transforms.primitives(jax, _KEYS, _no_tracer, _place),
        # eig (Array API 2025.12): JAX computes them on the CPU only
        eig=lambda a: tuple(jnp.linalg.eig(a)),
        eigvals=jnp.linalg.eigvals,
        # unsigned integers (Array API 2025.12): integer powers of exponent arrays
        pow=_pow,
        # complex special values (Array API 2025.12): exp, log, sqrt, the trigonometric
        # and hyperbolic functions and their inverses with C99's values for infinite and
        # NaN parts, which XLA's complex kernels do not give
        **_jax_complex.primitives(jax),
        # checks of traced values (issue 13): with checkify under ut.jit(f, checks=True)
        **_jax_checkify.primitives(jax),
    )
    p = _refusals_raised(p)
    return dataclasses.replace(p, floats=_floats(p))


def _logsumexp(a: Any, axes: int | tuple[int, ...] | None, keepdims: bool) -> Any:
    return jax.nn.logsumexp(a, axis=axes, keepdims=keepdims)


def _softmax(a: Any, axis: int) -> Any:
    return jax.nn.softmax(a, axis=axis)


def _compiled_operators() -> dict[str, Any]:
    """The binary operators and the reductions, each a compiled function of its own.

    The checked path and the fast paths (``_floats``) call the same
    functions, so an operation compiles once for each shape and dtype, not
    once for each path (``jax.numpy.add`` and a function of ``a + b`` are
    two computations to JAX's caches). JAX's C++ dispatch calls a compiled
    function at once: ``a - 0.5`` is 5.5 µs where the Python operator takes
    7.4 (it converts the scalar before its compiled function), ``sum(a,
    axis)`` 4.0 µs where ``jnp.sum`` takes 4.9 (10x10 float32). ``inline``:
    a transformation's trace holds their operations, not a call. The
    reductions' axes and ``keepdims`` are static (an int, a tuple or None).
    """
    ops: dict[str, Callable[[Any, Any], Any]] = {
        "add": lambda a, b: a + b,
        "subtract": lambda a, b: a - b,
        "multiply": lambda a, b: a * b,
        "divide": lambda a, b: a / b,
        "less": lambda a, b: a < b,
        "less_equal": lambda a, b: a <= b,
        "greater": lambda a, b: a > b,
        "greater_equal": lambda a, b: a >= b,
    }
    reductions = {
        "sum": jnp.sum,
        "prod": jnp.prod,
        "mean": jnp.mean,
        "min": jnp.min,
        "max": jnp.max,
        "all": jnp.all,
        "any": jnp.any,
    }
    return {
        **{name: jax.jit(op, inline=True) for name, op in ops.items()},
        **{
            name: jax.jit(_reduction(fn), static_argnums=(1, 2), inline=True)
            for name, fn in reductions.items()
        },
    }


def _floats(p: Primitives) -> Primitives:
    """The primitives of real float operands, which the fast paths call (issue 15).

    The complex-fixed functions are ``jax.numpy``'s own (their fixes' Python
    frame cost 0.1-0.3 µs). The operators and the reductions are ``p``'s
    own compiled functions (``_compiled_operators``), which the fast paths
    call instead of the Python operators (``float_operators``).
    """
    return dataclasses.replace(
        p,
        **{name: getattr(jnp, name) for name in _jax_complex.FIXED},
        abs=_real_abs,
        clip=_clip_numbers,  # (the fast path and the checked one give it two floats)
        sign=_inexact_sign,
        float_operators=True,
        dtype_holder="aval",
    )
