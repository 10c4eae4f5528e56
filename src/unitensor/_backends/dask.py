"""Dask backend: ``DaskTensor`` (a ``dask.array.Array``, lazy, in chunks).

Every operation on a ``DaskTensor`` adds to the array's task graph and
returns at once; nothing is computed until the values are asked for:
``t.numpy()``, ``t.item()``, ``bool(t)``, ``float(t)``, ``ut.convert`` to an
eager framework, or [`ut.compute`][unitensor.compute] /
[`Tensor.compute`][unitensor.Tensor.compute], which compute (on the
scheduler in use: threads by default, the workers of a
``dask.distributed`` cluster when a ``Client`` is active) and keep the
values as Dask arrays. Each chunk is a NumPy array, so values, shapes and
dtypes are NumPy's.

Chunks. An operation keeps the chunks of its input along every axis it
does not need whole. Where an operation needs an axis (or the whole array)
in one chunk, that axis alone is rechunked to one chunk, and it says so
here:

- ``sort``, ``argsort``, ``topk``, ``cumulative_*`` are Dask's own where
  Dask has them (``cumsum``, ``cumprod``); ``sort`` and ``argsort`` rechunk
  the sorted axis;
- ``take_along_axis`` rechunks the axis it gathers along;
- the linear algebra of ``unitensor.linalg`` (``inv``, ``det``, ``slogdet``,
  ``cholesky``, ``eigh``, ``qr``, ``svd``, ``solve``, ...) rechunks the
  matrix axes (the last two) and keeps the batch axes' chunks;
- the fft functions rechunk the axes they transform;
- ``tril`` / ``triu`` rechunk the last two axes;
- ``reshape``, where Dask's cannot split or merge the chunks evenly,
  rechunks the axes after the leading ones it leaves alone;
- functional updates that Dask's item assignment cannot express
  (``t.at[i].add(v)``, several index arrays) and indices Dask's indexing
  cannot (several index arrays, an index array beside an int) are done in
  one task on the whole array (still lazy).

Data-dependent shapes follow Dask's rule: ``nonzero``, boolean masks,
``unique_*`` and ``repeat`` with a tensor of counts give sizes of ``nan``
(unknown until computed). Elementwise operations and reductions work on
them; an operation that needs the size (``reshape``, ``t.size``, slicing
such an axis, ...) raises
[`DataDependentShapeError`][unitensor.DataDependentShapeError], whose
message says to compute first (``ut.compute(t)`` learns the sizes).

Checks that read values are not made before the values are computed, as
inside ``jax.jit`` (integer division by zero gives NumPy's 0, an index
array out of range raises Dask's ``IndexError`` when computed). Dask cannot
differentiate: the autodiff functions raise the error they raise for NumPy.
Dask is imported when the primitives are first needed, not with this
module.
"""

from __future__ import annotations

import dataclasses
import importlib
import math
import operator
import sys
import threading
import warnings
from collections.abc import Callable
from typing import Any, cast

import numpy as np

from .._errors import DataDependentShapeError
from .._indexing import axes_taken, expand_ellipsis, zero_step_error
from .._tensor import Tensor
from . import Primitives, _dask_transforms, device_error
from . import numpy as _numpy_backend

__all__ = ["CONVERT_WARN_BYTES", "DaskTensor", "primitives"]

# Dask itself, set by primitives(); its annotations are partial for this module's uses.
dask: Any = None
da: Any = None

_NP = _numpy_backend.primitives()
"""NumPy's primitives: what runs on each chunk where Dask has no function of its own."""

CONVERT_WARN_BYTES = 2**30
"""``ut.convert`` from Dask to an eager framework warns above this many bytes (1 GiB)."""


class DaskTensor(Tensor, backend="dask"):
    """A tensor holding a ``dask.array.Array``: lazy, in chunks, NumPy's meaning.

    Operations build the task graph; ``numpy()``, ``item()``, ``bool()``,
    ``float()`` and [`compute`][unitensor.Tensor.compute] compute it. Dask
    cannot differentiate: the autodiff functions raise
    ``NotImplementedError``, as for NumPy tensors.
    """

    __slots__ = ()


def _unknown(a: Any) -> bool:
    """Whether some size of ``a`` (a Dask array, or anything else) is not known yet."""
    shape = getattr(a, "shape", ())
    return any(math.isnan(d) for d in shape)


def _data_dependent(e: Exception) -> DataDependentShapeError:
    return DataDependentShapeError(
        "this needs the size of an axis that depends on the values (a boolean mask, "
        "nonzero, unique_*, repeat with a tensor of counts), which Dask does not know "
        "before it computes; compute it first: t, = ut.compute(t) (or t = t.compute()) "
        f"learns the sizes. Dask said: {str(e).splitlines()[0]}"
    )


def _sizes_known(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn`` with Dask's errors for unknown chunk sizes as ``DataDependentShapeError``."""

    def checked(*args: Any) -> Any:
        try:
            return fn(*args)
        except ValueError as e:
            text = str(e)
            if "unknown" in text or "cannot convert float NaN" in text:
                raise _data_dependent(e) from e
            raise

    checked.__name__ = getattr(fn, "__name__", "primitive")
    checked.__doc__ = fn.__doc__
    return checked


def _chunks(shape: tuple[int, ...]) -> Any:
    """Dask's automatic chunks for ``shape``; one chunk for an empty array (Dask's
    automatic chunking divides by zero there)."""
    return -1 if 0 in shape else "auto"


def _one_chunk(a: Any, axes: tuple[int, ...]) -> Any:
    """``a`` with each of ``axes`` in one chunk (the others keep theirs)."""
    if all(len(a.chunks[ax]) <= 1 for ax in axes):
        return a
    return a.rechunk({ax: -1 for ax in axes})


def _whole(fn: Callable[..., Any], shape: tuple[float, ...], dtype: Any, *args: Any) -> Any:
    """``fn(*args)`` in one task, on NumPy arrays (Dask arrays among ``args`` computed
    first, also inside tuples), as a one-chunk Dask array of ``shape`` and ``dtype``.

    Lazy still: the task runs when the result is computed.
    """
    task = dask.delayed(fn, pure=True)(*args)
    return da.from_delayed(task, shape=shape, dtype=dtype)


def _sort(a: Any, axis: int) -> Any:
    if len(a.shape) == 0:
        return a
    b = _one_chunk(a, (axis,))
    return b.map_blocks(np.sort, axis=axis, kind="stable", dtype=a.dtype)


def _argsort(a: Any, axis: int) -> Any:
    b = _one_chunk(a, (axis,))
    return b.map_blocks(np.argsort, axis=axis, kind="stable", dtype=np.dtype(np.int64))


def _take_along_axis(a: Any, idx: Any, axis: int) -> Any:
    """NumPy's ``take_along_axis`` (the other axes broadcast), chunk by chunk."""
    nd = len(a.shape)
    other = [1] * nd
    for i in range(nd):
        if i != axis:
            x, y = a.shape[i], idx.shape[i]
            other[i] = y if x == 1 else x
    a_shape = tuple(a.shape[i] if i == axis else other[i] for i in range(nd))
    i_shape = tuple(idx.shape[i] if i == axis else other[i] for i in range(nd))
    a = _one_chunk(da.broadcast_to(a, a_shape), (axis,))
    idx = da.asarray(idx)
    idx = _one_chunk(da.broadcast_to(idx, i_shape), (axis,))
    chunks = tuple(idx.chunks[i] if i == axis else a.chunks[i] for i in range(nd))
    idx = idx.rechunk(chunks)
    return da.map_blocks(np.take_along_axis, a, idx, axis=axis, dtype=a.dtype, chunks=chunks)


def _index_arrays(index: Any) -> int:
    """How many index arrays (integer or boolean, not 0-d) an index holds."""
    return sum(
        1
        for i in index
        if hasattr(i, "dtype") and np.dtype(i.dtype).kind in "iub" and len(i.shape) > 0
    )


def _items(index: Any) -> tuple[Any, ...]:
    """An index as a tuple of its items."""
    if isinstance(index, tuple):
        return cast("tuple[Any, ...]", index)  # type: ignore[redundant-cast]  # for pyright
    return (index,)


def _is_mask(i: Any) -> bool:
    return isinstance(i, da.Array) and np.dtype(i.dtype).kind == "b"


def _probe_shape(a: Any, index: Any) -> tuple[float, ...]:
    """The shape of ``a[index]``, found on a zero-stride stand-in of ``a``'s shape.

    A Dask index array stands in as zeros of its shape (its values do not
    change the shape); the axis a Dask boolean mask makes has an unknown
    size (``nan``), found as the one axis whose size changes between an
    all-true and a one-true stand-in of the mask.
    """
    if _unknown(a) or any(_unknown(i) for i in index):
        raise _data_dependent(ValueError("unknown sizes in indexing"))
    probe = np.lib.stride_tricks.as_strided(np.zeros(1, np.bool_), a.shape, (0,) * len(a.shape))

    def stand_in(fill: bool) -> tuple[Any, ...]:
        out: list[Any] = []
        for i in index:
            if _is_mask(i):
                m = np.zeros(i.shape, np.bool_)  # one true (none for one element)
                if m.size > 1:
                    m.flat[0] = True
                out.append(np.ones(i.shape, np.bool_) if fill else m)
            elif isinstance(i, da.Array):
                out.append(np.zeros(i.shape, np.intp))
            else:
                out.append(i)
        return tuple(out)

    shape: tuple[float, ...] = probe[stand_in(True)].shape
    if any(_is_mask(i) for i in index):
        other = probe[stand_in(False)].shape
        shape = tuple(math.nan if x != y else x for x, y in zip(shape, other, strict=True))
    return shape


def _mask_rank(item: Any) -> int | None:
    kind = np.dtype(item.dtype).kind if hasattr(item, "dtype") else None
    return len(item.shape) if kind == "b" else None


def _negative_steps_resolved(a: Any, index: Any) -> Any:
    """``index`` with each negative-step slice's bounds resolved against its axis.

    Dask takes a negative-step slice that starts below ``-n`` (``x[-7::-1]``
    of 5 elements) as starting at the last element, where NumPy selects
    nothing; the resolved slice (``slice.indices``) means the same to both.
    """
    items = _items(index)
    if not any(i.__class__ is slice and i.step is not None and i.step < 0 for i in items):
        return index
    out: list[Any] = []
    axis = 0
    for item in expand_ellipsis(items, len(a.shape), _mask_rank):
        if item is None:
            out.append(item)
            continue
        n = a.shape[axis]
        if item.__class__ is slice and item.step is not None and item.step < 0 and n == n:
            start, stop, step = item.indices(int(n))
            if len(range(start, stop, step)) == 0:
                item = slice(0, 0)
            else:  # (a stop of -1, before the first element, is None to a slice)
                item = slice(start, None if stop < 0 else stop, step)
        out.append(item)
        axis += axes_taken(item, _mask_rank)
    return tuple(out)


def _getitem(a: Any, index: Any) -> Any:
    """Dask's indexing; NumPy's in one task where Dask's cannot express the index.

    Dask takes one integer index array of one axis at a time (NumPy's rules
    for several, or for one beside an int, place the new axes differently):
    those, index arrays beside a ``None``, and index arrays of several axes,
    run in one task.
    """
    zero_step = zero_step_error(index, a.shape, _mask_rank)
    if zero_step is not None:  # (Dask checks every int first; NumPy reads from the left)
        raise zero_step
    index = _negative_steps_resolved(a, index)
    items = _items(index)
    arrays = _index_arrays(items)
    if (
        arrays > 1
        or (arrays == 1 and any(i.__class__ is int for i in items))
        or (arrays and any(i is None for i in items))  # Dask misplaces the new axes
        or any(_is_mask(i) and len(i.shape) == 0 for i in items)  # a 0-d mask: a new axis
    ):
        return _whole(operator.getitem, _probe_shape(a, items), a.dtype, a, items)
    try:
        return a[index]
    except (NotImplementedError, AssertionError):  # an index array of several axes
        return _whole(operator.getitem, _probe_shape(a, items), a.dtype, a, items)


def _index_update(a: Any, index: Any, values: Any) -> Any:
    """A new array with ``a[index] = values``: Dask's item assignment, or one task."""
    _axes_checked(a, index)
    index = _negative_steps_resolved(a, index)
    items = _items(index)
    arrays = _index_arrays(items)
    if arrays == 0 or (arrays == 1 and not any(i.__class__ is int for i in items)):
        out = a.copy()
        try:
            out[index] = values
            return out
        except (NotImplementedError, ValueError, IndexError, TypeError, AttributeError):
            pass  # what Dask's item assignment cannot do (None in the index, ...)
    return _whole(_NP.index_update, a.shape, a.dtype, a, index, values)


def _scatter(a: Any, index: Any, values: Any, op: str) -> Any:
    """NumPy's ``ufunc.at`` in one task (Dask has no scatter with accumulation)."""
    _axes_checked(a, index)
    return _whole(_NP.scatter, a.shape, a.dtype, a, index, values, op)


def _axes_checked(a: Any, index: Any) -> None:
    """Raise NumPy's ``IndexError`` for too many indices now, not when an update computes."""
    expand_ellipsis(_items(index), len(a.shape), _mask_rank)


def _matrices(a: Any) -> Any:
    """``a`` with its last two axes (the matrix axes) in one chunk, the batch axes' kept."""
    nd = len(a.shape)
    return _one_chunk(a, (nd - 2, nd - 1))


def _real(a: Any) -> Any:
    """The real dtype of ``a``'s precision (complex64: float32)."""
    return np.empty(0, a.dtype).real.dtype


def _gufunc(fn: Callable[..., Any], signature: str, outputs: int = 1, **sizes: int) -> Any:
    """A NumPy function over the matrix axes of ``signature``, chunk by chunk of the batch
    axes (the matrix axes rechunked to one chunk each), via ``dask.array.apply_gufunc``."""

    def apply(a: Any, *rest: Any) -> Any:
        dtypes = [np.result_type(a.dtype, *(r.dtype for r in rest if hasattr(r, "dtype")))]
        return da.apply_gufunc(
            fn,
            signature,
            _matrices(a),
            *(_matrices(r) for r in rest),
            output_dtypes=dtypes[0] if outputs == 1 else dtypes * outputs,
            output_sizes=sizes or None,
            allow_rechunk=True,
            vectorize=False,
        )

    return apply


def _inv(a: Any) -> Any:
    return _gufunc(np.linalg.inv, "(n,n)->(n,n)")(a)


def _det(a: Any) -> Any:
    return _gufunc(np.linalg.det, "(n,n)->()")(a)


def _slogdet(a: Any) -> tuple[Any, Any]:
    sign, logabsdet = da.apply_gufunc(
        _NP.slogdet, "(n,n)->(),()", _matrices(a), output_dtypes=(a.dtype, _real(a))
    )
    return sign, logabsdet


def _cholesky(a: Any) -> Any:
    return _gufunc(np.linalg.cholesky, "(n,n)->(n,n)")(a)


def _eigh(a: Any) -> tuple[Any, Any]:
    def eigh(x: Any) -> tuple[Any, Any]:
        w, v = np.linalg.eigh(x)
        return w, v

    w, v = da.apply_gufunc(
        eigh, "(n,n)->(n),(n,n)", _matrices(a), output_dtypes=(_real(a), a.dtype)
    )
    return w, v


def _eig(a: Any) -> tuple[Any, Any]:
    """NumPy's primitive ``eig`` (complex results of the input's precision) per batch chunk."""
    dtype = np.result_type(a.dtype, np.complex64)
    w, v = da.apply_gufunc(_NP.eig, "(n,n)->(n),(n,n)", _matrices(a), output_dtypes=(dtype, dtype))
    return w, v


def _eigvals(a: Any) -> Any:
    dtype = np.result_type(a.dtype, np.complex64)
    return da.apply_gufunc(_NP.eigvals, "(n,n)->(n)", _matrices(a), output_dtypes=dtype)


def _eigvalsh(a: Any) -> Any:
    return da.apply_gufunc(np.linalg.eigvalsh, "(n,n)->(n)", _matrices(a), output_dtypes=_real(a))


def _qr(a: Any, complete: bool) -> tuple[Any, Any]:
    m, n = int(a.shape[-2]), int(a.shape[-1])
    k = m if complete else min(m, n)

    def qr(x: Any) -> tuple[Any, Any]:
        q, r = _NP.qr(x, complete)
        return q, r

    q, r = _gufunc(qr, "(m,n)->(m,k),(k,n)", 2, k=k)(a)
    return q, r


def _svd(a: Any, full_matrices: bool) -> tuple[Any, Any, Any]:
    m, n = int(a.shape[-2]), int(a.shape[-1])
    k = min(m, n)
    p, q = (m, n) if full_matrices else (k, k)
    real = np.empty(0, a.dtype).real.dtype

    def svd(x: Any) -> tuple[Any, Any, Any]:
        u, s, vh = _NP.svd(x, full_matrices)
        return u, s, vh

    u, s, vh = da.apply_gufunc(
        svd,
        "(m,n)->(m,p),(k),(q,n)",
        _matrices(a),
        output_dtypes=(a.dtype, real, a.dtype),
        output_sizes={"p": p, "k": k, "q": q},
        allow_rechunk=True,
    )
    return u, s, vh


def _svdvals(a: Any) -> Any:
    real = np.empty(0, a.dtype).real.dtype
    k = min(int(a.shape[-2]), int(a.shape[-1]))
    return da.apply_gufunc(
        _NP.svdvals,
        "(m,n)->(k)",
        _matrices(a),
        output_dtypes=real,
        output_sizes={"k": k},
        allow_rechunk=True,
    )


def _solve(a: Any, b: Any) -> Any:
    batch = np.broadcast_shapes(tuple(a.shape[:-2]), tuple(b.shape[:-2]))
    a = da.broadcast_to(a, (*batch, *a.shape[-2:]))
    b = da.broadcast_to(b, (*batch, *b.shape[-2:]))
    return _gufunc(np.linalg.solve, "(n,n),(n,k)->(n,k)")(a, b)


def _tril(a: Any, k: int) -> Any:
    nd = len(a.shape)
    b = _one_chunk(a, (nd - 2, nd - 1))
    return b.map_blocks(np.tril, k, dtype=a.dtype)


def _triu(a: Any, k: int) -> Any:
    nd = len(a.shape)
    b = _one_chunk(a, (nd - 2, nd - 1))
    return b.map_blocks(np.triu, k, dtype=a.dtype)


def _typed(out: Any, *arrays: Any) -> Any:
    """``out`` in the operands' promoted dtype: Dask's blocked products sum integer
    chunks in int64 (NumPy keeps int32, int8, ...)."""
    dtype = np.result_type(*(a.dtype for a in arrays))
    return out if out.dtype == dtype else out.astype(dtype)


def _matmul(a: Any, b: Any) -> Any:
    return _typed(da.matmul(a, b), a, b)


def _tensordot(a: Any, b: Any, axes: Any) -> Any:
    return _typed(da.tensordot(a, b, axes=axes), a, b)


def _reshape(a: Any, shape: tuple[int, ...]) -> Any:
    """``dask.array.reshape``; where Dask's cannot split the chunks evenly, the axes
    after those the reshape leaves alone are rechunked to one chunk first."""
    try:
        return da.reshape(a, shape)
    except NotImplementedError:
        keep = 0
        while keep < min(len(shape), len(a.shape)) and shape[keep] == a.shape[keep]:
            keep += 1
        return da.reshape(_one_chunk(a, tuple(range(keep, len(a.shape)))), shape)


def _einsum(subscripts: str, arrays: list[Any]) -> Any:
    """``dask.array.einsum``; a letter repeated within one operand (a diagonal), which
    Dask's cannot take, in one task."""
    inputs = subscripts.split("->")[0].split(",")
    if all(len(set(s)) == len(s) for s in inputs):
        return _typed(da.einsum(subscripts, *arrays), *arrays)
    out = subscripts.split("->")[1]
    size: dict[str, float] = {}
    for s, arr in zip(inputs, arrays, strict=True):
        size.update(zip(s, arr.shape, strict=True))
    dtype = np.result_type(*(arr.dtype for arr in arrays))
    return _whole(_NP.einsum, tuple(size[c] for c in out), dtype, subscripts, list(arrays))


def _repeat(a: Any, counts: Any, axis: int) -> Any:
    """``dask.array.repeat`` for an int count; a tensor of counts in one task, its length
    along ``axis`` unknown (``nan``) until computed, as for a boolean mask."""
    if isinstance(counts, int):
        if counts == 0 or 0 in a.shape:
            empty = list(a.shape)
            empty[axis] *= counts
            return da.zeros(tuple(empty), dtype=a.dtype, chunks=-1)
        return da.repeat(a, counts, axis=axis)
    shape = tuple(math.nan if i == axis else d for i, d in enumerate(a.shape))
    return _whole(_NP.repeat, shape, a.dtype, a, counts, axis)


def _tile(a: Any, reps: tuple[int, ...]) -> Any:
    """``dask.array.tile``; an empty result made directly (Dask's divides by zero)."""
    if 0 in a.shape or 0 in reps:
        probe = np.lib.stride_tricks.as_strided(np.zeros(1, np.bool_), a.shape, (0,) * a.ndim)
        return da.zeros(np.tile(probe, reps).shape, dtype=a.dtype, chunks=-1)
    return da.tile(a, reps)


def _searchsorted(a: Any, v: Any, side: str) -> Any:
    """``dask.array.searchsorted``; a 0-d ``v`` goes in as one value (Dask's needs an axis)."""
    if 0 in v.shape:
        return da.zeros(v.shape, dtype=np.int64, chunks=-1)
    if len(v.shape) == 0:
        return da.searchsorted(a, da.reshape(v, (1,)), side=side).reshape(())
    return da.searchsorted(a, v, side=side)


def _fft(name: str) -> Any:
    fn = getattr(da.fft, name)

    def one(a: Any, n: int, axis: int, norm: str) -> Any:
        return fn(_one_chunk(a, (axis,)), n, axis, norm)

    return one


def _fftn(name: str) -> Any:
    fn = getattr(da.fft, name)

    def many(a: Any, s: tuple[int, ...], axes: tuple[int, ...], norm: str) -> Any:
        return fn(_one_chunk(a, axes), s, axes, norm)

    return many


class _RNG:
    """The Dask generator behind ``uniform`` / ``normal``; reseeded by ``ut.seed``."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.rng: Any = None

    def seed(self, n: int) -> None:
        with self.lock:
            self.rng = da.random.default_rng(n)

    def draw(self, method: str, shape: tuple[int, ...], dtype: Any) -> Any:
        with self.lock:
            if self.rng is None:
                self.rng = da.random.default_rng()
            return getattr(self.rng, method)(shape, dtype=dtype, chunks=_chunks(shape))

    def integers(self, shape: tuple[int, ...], low: int, high: int) -> Any:
        with self.lock:
            if self.rng is None:
                self.rng = da.random.default_rng()
            return self.rng.integers(low, high, size=shape, dtype=np.int64, chunks=_chunks(shape))

    def permutation(self, n: int) -> Any:
        with self.lock:
            if self.rng is None:
                self.rng = da.random.default_rng()
            return self.rng.permutation(n)


_STATE = _RNG()


def _uniform(shape: tuple[int, ...], low: float, high: float, dtype: Any, like: Any) -> Any:
    r = _STATE.draw("random", shape, np.float64 if dtype == np.float64 else np.float32)
    return (r * (high - low) + low).astype(dtype)


def _normal(shape: tuple[int, ...], mean: float, std: float, dtype: Any, like: Any) -> Any:
    r = _STATE.draw("standard_normal", shape, np.float64 if dtype == np.float64 else np.float32)
    return (r * std + mean).astype(dtype)


def _to_device(a: Any, device: Any) -> Any:
    if not (isinstance(device, str) and device == "cpu"):
        raise device_error("Dask", device, ["cpu"])
    return a


def _item(a: Any) -> Any:
    return np.asarray(a).item()


def _compute(arrays: tuple[Any, ...]) -> tuple[Any, ...]:
    """The arrays computed in one pass, kept as Dask arrays (``dask.persist``).

    On a ``dask.distributed`` cluster the chunks stay on the workers, and this
    waits until they are there. Unknown sizes become known.
    """
    out = dask.persist(*arrays)
    if "distributed" in sys.modules:
        distributed = sys.modules["distributed"]
        try:
            distributed.get_client()
        except ValueError:  # no client: the local scheduler has finished already
            pass
        else:
            distributed.wait(out)
    return tuple(o.compute_chunk_sizes() if _unknown(o) else o for o in out)


def _dlpack_source(a: Any) -> Any:
    """The values as a NumPy array, computed; a warning above ``CONVERT_WARN_BYTES``."""
    nbytes = a.nbytes
    if math.isnan(nbytes) or nbytes > CONVERT_WARN_BYTES:
        size = "of unknown size" if math.isnan(nbytes) else f"of {nbytes / 2**30:.1f} GiB"
        warnings.warn(
            f"converting a Dask array {size} computes it and holds all of it in this "
            "process's memory",
            UserWarning,
            stacklevel=3,
        )
    return np.asarray(a, order="C")  # (not ascontiguousarray, which makes 0-d arrays 1-d)


def _from_dlpack(x: Any, copy: bool | None) -> Any:
    """A Dask array of an object with ``__dlpack__``, in Dask's automatic chunks.

    Dask's chunks hold their own copy of the values (``da.from_array``), so
    ``copy=False`` raises ``BufferError``.
    """
    if copy is False:
        raise BufferError("Dask cannot share memory: its chunks hold copies, a copy is needed")
    a = np.from_dlpack(x)
    return da.from_array(a, chunks=_chunks(a.shape))


def _asarray(value: Any, dtype: Any, like: Any) -> Any:
    if isinstance(value, da.Array):
        return value if dtype is None else value.astype(dtype)
    a = np.asarray(value, dtype=dtype)
    return da.from_array(a, chunks=_chunks(a.shape))


_BINARY = {
    "add": operator.add,
    "subtract": operator.sub,
    "multiply": operator.mul,
    "less": operator.lt,
    "less_equal": operator.le,
    "greater": operator.gt,
    "greater_equal": operator.ge,
}

# elementwise functions: NumPy's ufuncs, which Dask applies chunk by chunk (lazily)
_UFUNCS = (
    "abs sign sqrt square exp log log2 log10 sin cos tan asin acos atan sinh cosh tanh "
    "asinh acosh atanh round ceil floor isnan isinf isfinite logical_not logical_and "
    "logical_or minimum maximum expm1 reciprocal trunc signbit conj real imag atan2 copysign "
    "hypot logaddexp nextafter logical_xor bitwise_left_shift bitwise_right_shift"
).split()


_UNWRAPPED = frozenset({"dtype_type"})
"""Fields of the primitives that are no function on arrays (all others are wrapped)."""


def primitives() -> Primitives:
    """Dask's primitives; imports ``dask`` and ``dask.array``.

    Every primitive is wrapped so that Dask's error for an unknown chunk size
    becomes [`DataDependentShapeError`][unitensor.DataDependentShapeError].
    """
    global dask, da
    dask = importlib.import_module("dask")
    da = importlib.import_module("dask.array")
    plain = Primitives(
        dtype_type=np.dtype,
        dtype_name=lambda dt: np.dtype(dt).name,
        dtype_from_name=_NP.dtype_from_name,
        device=lambda a: "cpu",
        devices=lambda: ("cpu",),
        default_device=lambda: "cpu",
        to_device=_to_device,
        like=lambda device: device if device is None else _to_device(None, device),
        to_numpy=np.asarray,
        item=_item,
        seed=_STATE.seed,
        is_concrete=lambda a: False,  # values are read only when computed
        dlpack_source=_dlpack_source,
        compute=_compute,
        float_operand=_NP.float_operand,  # bfloat16 (ml_dtypes) chunks: as NumPy's
        divide=_NP.divide,
        matmul=_matmul,
        equal=np.equal,
        not_equal=np.not_equal,
        bitwise_invert=np.invert,
        bitwise_and=np.bitwise_and,
        bitwise_or=np.bitwise_or,
        bitwise_xor=np.bitwise_xor,
        floor_divide=np.floor_divide,
        remainder=np.remainder,
        pow=np.power,
        negative=np.negative,
        getitem=_getitem,
        index_update=_index_update,
        setitem=_index_update,
        copy=lambda a: a.copy(),
        astype=lambda a, dt: a.astype(dt),
        where=da.where,
        clip=lambda a, lo, hi: da.clip(a, lo, hi),
        **{name: getattr(np, name) for name in _UFUNCS},
        **cast("dict[str, Any]", _BINARY),
        sum=_NP.sum,
        prod=_NP.prod,
        mean=_NP.mean,
        min=_NP.min,
        max=_NP.max,
        all=_NP.all,
        any=_NP.any,
        argmin=lambda a, axis: da.argmin(a, axis=axis),
        argmax=lambda a, axis: da.argmax(a, axis=axis),
        cumulative_sum=lambda a, axis: da.cumsum(a, axis=axis),
        cumulative_prod=lambda a, axis: da.cumprod(a, axis=axis),
        sort=_sort,
        argsort=_argsort,
        reshape=_reshape,
        permute_dims=lambda a, perm: da.transpose(a, perm),
        squeeze=lambda a, axes: da.squeeze(a, axis=axes),
        expand_dims=lambda a, axis: da.expand_dims(a, axis),
        tile=_tile,
        flip=lambda a, axes: da.flip(a, axes),
        pad_constant=lambda a, pads, value: da.pad(a, pads, constant_values=value),
        take=lambda a, idx, axis: da.take(a, idx, axis=axis),
        take_along_axis=_take_along_axis,
        concat=lambda arrays, axis: da.concatenate(arrays, axis=axis),
        stack=lambda arrays, axis: da.stack(arrays, axis=axis),
        inv=_inv,
        slogdet=_slogdet,
        meshgrid=lambda arrays, indexing: list(da.meshgrid(*arrays, indexing=indexing)),
        scatter=_scatter,
        from_dlpack=_from_dlpack,
        full=lambda shape, value, dtype, like: da.full(
            shape, value, dtype=dtype, chunks=_chunks(shape)
        ),
        arange=lambda start, stop, step, dtype, like: da.arange(start, stop, step, dtype=dtype),
        asarray=_asarray,
        uniform=_uniform,
        normal=_normal,
        # fft (Array API 2025.12): Dask's, the transformed axes rechunked to one chunk each
        **{f"fft_{name}": _fft(name) for name in "fft ifft rfft irfft hfft ihfft".split()},
        **{f"fft_{name}": _fftn(name) for name in "fftn ifftn rfftn irfftn".split()},
        fft_fftshift=lambda a, axes: da.fft.fftshift(a, axes),
        fft_ifftshift=lambda a, axes: da.fft.ifftshift(a, axes),
        # manipulation (Array API 2025.12)
        broadcast_to=lambda a, shape: da.broadcast_to(a, shape),
        repeat=_repeat,
        roll=lambda a, shifts, axes: da.roll(a, shifts, axis=axes),
        tril=_tril,
        triu=_triu,
        reshape_copy=lambda a, shape, copy: _reshape(a, shape),  # nothing can write to it
        # searching, set, sorting, statistical (Array API 2025.12)
        nonzero=lambda a: tuple(da.nonzero(a)),
        searchsorted=_searchsorted,
        # linear algebra (Array API 2025.12)
        tensordot=_tensordot,
        einsum=_einsum,
        cholesky=_cholesky,
        det=_det,
        eigh=_eigh,
        eigvalsh=_eigvalsh,
        # eig (Array API 2025.12): NumPy's, per chunk of the batch axes
        eig=_eig,
        eigvals=_eigvals,
        qr=_qr,
        svd=_svd,
        svdvals=_svdvals,
        solve=_solve,
        diagonal=lambda a, offset: da.diagonal(a, offset, -2, -1),
        # transformations and random keys (issue 13): as NumPy's, lazily
        **_dask_transforms.primitives(da, _STATE),
        # conformance fixes (Array API 2025.12): NumPy's complex log1p, per chunk
        log1p=lambda a: a.map_blocks(_NP.log1p, dtype=a.dtype),
        max_dimensions=64,  # its chunks are NumPy's arrays
    )
    wrapped: dict[str, Any] = {
        f.name: _sizes_known(value)
        for f in dataclasses.fields(plain)
        if f.name not in _UNWRAPPED and callable(value := getattr(plain, f.name))
    }
    return dataclasses.replace(plain, **wrapped)
