"""TensorFlow's linear algebra primitives (Array API 2025.12), for ``tensorflow.py``.

``tf.linalg`` has most of the standard's ``linalg``; where its kernels
differ from the meaning fixed in ``Primitives``, the functions here hide it:

- ``tf.linalg.svd`` returns ``(S, U, V)``, not ``(U, S, Vh)``: reordered,
  and ``V`` made ``Vh``; ``compute_uv=False`` gives ``svdvals``;
- ``tf.linalg.solve`` does not broadcast the batch axes of its operands:
  both are broadcast first;
- ``tf.linalg.diag_part`` refuses an offset beyond the matrix (NumPy gives
  an empty diagonal), and bool input;
- ``tf.tensordot`` and ``tf.einsum`` have no kernels for int8, int16,
  uint8, uint16 or uint32: those are computed in int32 (int64 for uint32)
  and cast back, which wraps around as NumPy's own kernels do.

TensorFlow is imported by ``primitives()``, when the backend loads.
"""

from __future__ import annotations

import importlib
from typing import Any

from ._tensorflow_indexing import select

__all__ = ["primitives", "real", "widened"]

tf: Any = None  # TensorFlow itself, set by primitives()
_WIDER: dict[Any, Any] = {}  # narrow integer dtype -> the one its products are computed in
# float dtype (and complex, by its parts' dtype) -> (same-width integer dtype, exponent bits)
_EXPONENT: dict[Any, tuple[Any, int]] = {}


def widened(dtype: Any) -> Any:
    """The dtype to compute products of ``dtype`` in (``dtype`` itself if TF has kernels)."""
    return _WIDER.get(dtype, dtype)


def _tensordot(a: Any, b: Any, axes: tuple[tuple[int, ...], tuple[int, ...]]) -> Any:
    wide = widened(a.dtype)
    if wide != a.dtype:
        out = tf.tensordot(tf.cast(a, wide), tf.cast(b, wide), [list(axes[0]), list(axes[1])])
        return tf.cast(out, a.dtype)
    return tf.tensordot(a, b, [list(axes[0]), list(axes[1])])


def _einsum(subscripts: str, arrays: list[Any]) -> Any:
    dtype = arrays[0].dtype
    wide = widened(dtype)
    if wide != dtype:
        return tf.cast(tf.einsum(subscripts, *[tf.cast(a, wide) for a in arrays]), dtype)
    return tf.einsum(subscripts, *arrays)


def slogdet(a: Any) -> tuple[Any, Any]:
    sign, logabsdet = tf.linalg.slogdet(a)
    return sign, real(logabsdet)  # complex input: TensorFlow's is complex


def real(a: Any) -> Any:
    """``a``'s real part if complex (TensorFlow's real results of complex input), else ``a``."""
    return tf.math.real(a) if a.dtype.is_complex else a


def _svd(a: Any, full_matrices: bool) -> tuple[Any, Any, Any]:
    s, u, v = tf.linalg.svd(a, full_matrices=full_matrices)
    return u, real(s), tf.linalg.adjoint(v)


def _qr(a: Any, complete: bool) -> tuple[Any, Any]:
    """``tf.linalg.qr`` of each matrix scaled by a power of 2 near its largest magnitude.

    TensorFlow's Householder kernel squares the entries unscaled: float32 or
    complex64 entries near 1e19 overflow to inf and fill R with NaN (LAPACK's
    scaled norms, NumPy's, do not). ``qr(a / s)`` is ``(Q, R / s)``, and a
    power of 2 divides exactly (the exponent bits of the largest magnitude);
    a matrix of zeros, subnormals, inf or NaN is left unscaled.
    """
    if a.dtype not in _EXPONENT:
        q, r = tf.linalg.qr(a, full_matrices=complete)
        return q, r
    part = real(a).dtype
    bits, mask = _EXPONENT[part]
    big = tf.reduce_max(tf.math.abs(a), axis=[-2, -1], keepdims=True)
    power = tf.bitcast(tf.bitwise.bitwise_and(tf.bitcast(big, bits), mask), part)
    scale = select(tf.math.is_finite(big) & (power > 0), power, tf.ones_like(power))
    q, r = tf.linalg.qr(a / tf.cast(scale, a.dtype), full_matrices=complete)
    return q, r * tf.cast(scale, a.dtype)


def _eigh(a: Any) -> tuple[Any, Any]:
    w, v = tf.linalg.eigh(a)
    return real(w), v


def _eigvalsh(a: Any) -> Any:
    return real(tf.linalg.eigvalsh(a))


def _svdvals(a: Any) -> Any:
    return real(tf.linalg.svd(a, compute_uv=False))


def _eig(a: Any) -> tuple[Any, Any]:
    w, v = tf.linalg.eig(a)
    return w, v


def _solve(a: Any, b: Any) -> Any:
    batch = tf.broadcast_static_shape(a.shape[:-2], b.shape[:-2])
    a = tf.broadcast_to(a, [*batch, *a.shape[-2:]])
    b = tf.broadcast_to(b, [*batch, *b.shape[-2:]])
    return tf.linalg.solve(a, b)


def _diagonal(a: Any, offset: int) -> Any:
    n, m = a.shape[-2], a.shape[-1]
    length = min(n + min(offset, 0), m - max(offset, 0))
    if length <= 0:
        return tf.zeros([*a.shape[:-2], 0], a.dtype)
    if a.dtype == tf.bool:
        return tf.cast(tf.linalg.diag_part(tf.cast(a, tf.int8), k=offset), tf.bool)
    return tf.linalg.diag_part(a, k=offset)


def primitives() -> dict[str, Any]:
    """The linear algebra fields of TensorFlow's ``Primitives``; imports TensorFlow."""
    global tf
    tf = importlib.import_module("tensorflow")
    _WIDER.update(
        {
            tf.int8: tf.int32,
            tf.int16: tf.int32,
            tf.uint8: tf.int32,
            tf.uint16: tf.int32,
            tf.uint32: tf.int64,
            tf.uint64: tf.int64,
        }
    )
    f32, f64 = (tf.int32, 0x7F800000), (tf.int64, 0x7FF0000000000000)
    _EXPONENT.update({tf.float32: f32, tf.complex64: f32, tf.float64: f64, tf.complex128: f64})
    return {
        "tensordot": _tensordot,
        "einsum": _einsum,
        "cholesky": tf.linalg.cholesky,
        "det": tf.linalg.det,
        "eigh": _eigh,
        "eigvalsh": _eigvalsh,
        "qr": _qr,
        "svd": _svd,
        "svdvals": _svdvals,
        "solve": _solve,
        "diagonal": _diagonal,
        # eig (Array API 2025.12)
        "eig": _eig,
        "eigvals": tf.linalg.eigvals,
    }
