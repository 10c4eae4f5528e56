"""TensorFlow's fft primitives: the standard's ``fft`` extension built from ``tf.signal``.

``tf.signal`` transforms the innermost axes only (``fft``/``ifft``/``rfft``/
``irfft`` the last one, ``fft2d``/``fft3d`` and their inverses the last two
or three), has no ``norm`` argument (its forward transforms are unscaled, its
inverse ones scale by ``1/n``: the standard's ``"backward"``), and takes
complex64/complex128 (``rfft``: float32/float64, with an ``fft_length``).
So each primitive here

- trims or zero-pads the input to the sizes asked for (``rfft`` and
  ``irfft`` do it themselves through ``fft_length``),
- moves the transformed axes to the end and back (one transposition each
  way; more than three axes take several ``fft3d`` calls),
- scales the result for ``"ortho"`` and ``"forward"``,

and ``hfft``/``ihfft``, which TensorFlow lacks, are ``irfft``/``rfft`` of the
conjugate with the direction of ``norm`` swapped, as NumPy defines them. The
base class has cast the input to the precision TensorFlow takes, so no dtype
is left that TensorFlow cannot transform. TensorFlow itself is imported by
the backend and handed to ``primitives``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

__all__ = ["primitives"]

tf: Any = None  # TensorFlow, set by primitives()

_SWAPPED = {"backward": "forward", "ortho": "ortho", "forward": "backward"}


def _fitted(a: Any, sizes: Sequence[int], axes: Sequence[int]) -> Any:
    """``a`` trimmed or zero-padded to ``sizes[i]`` along ``axes[i]``."""
    shape = a.shape
    index = [slice(None)] * len(shape)
    pads = [[0, 0] for _ in shape]
    trim = pad = False
    for n, ax in zip(sizes, axes, strict=True):
        m = shape[ax]
        if n < m:
            index[ax] = slice(0, n)
            trim = True
        elif n > m:
            pads[ax][1] = n - m
            pad = True
    if trim:
        a = a[tuple(index)]
    if pad:
        a = tf.pad(a, pads)
    return a


def _to_end(rank: int, axes: Sequence[int]) -> list[int]:
    """The permutation that moves ``axes`` (in their order) behind the other axes."""
    return [d for d in range(rank) if d not in axes] + list(axes)


def _inverse(perm: list[int]) -> list[int]:
    out = [0] * len(perm)
    for i, p in enumerate(perm):
        out[p] = i
    return out


def _innermost(a: Any, k: int, inverse: bool) -> Any:
    """The complex transform over the last ``k`` axes (TensorFlow's own scaling)."""
    if k <= 3:
        if inverse:
            return (tf.signal.ifft, tf.signal.ifft2d, tf.signal.ifft3d)[k - 1](a)
        return (tf.signal.fft, tf.signal.fft2d, tf.signal.fft3d)[k - 1](a)
    a = _innermost(a, 3, inverse)
    rank = len(a.shape)
    # the transform is separable: bring the other k - 3 axes to the end and go on
    perm = [*range(rank - k), *range(rank - 3, rank), *range(rank - k, rank - 3)]
    a = _innermost(tf.transpose(a, perm), k - 3, inverse)
    return tf.transpose(a, _inverse(perm))


def _over(a: Any, axes: Sequence[int], transform: Any) -> Any:
    """``transform(b)`` of ``a`` with ``axes`` moved to the end, moved back after."""
    perm = _to_end(len(a.shape), axes)
    if perm == list(range(len(perm))):
        return transform(a)
    return tf.transpose(transform(tf.transpose(a, perm)), _inverse(perm))


def _c2c(a: Any, sizes: Sequence[int], axes: Sequence[int], inverse: bool) -> Any:
    """The complex transform over ``axes`` at ``sizes``, scaled as ``"backward"``."""
    if not axes:
        return a
    k = len(axes)

    def transform(b: Any) -> Any:
        return _innermost(b, k, inverse)

    return _over(_fitted(a, sizes, axes), axes, transform)


def _scaled(a: Any, n: int, norm: str, inverse: bool) -> Any:
    """A transform of logical size ``n`` scaled as ``"backward"``, rescaled to ``norm``."""
    if norm == "backward":
        return a
    if norm == "ortho":
        factor = math.sqrt(n) if inverse else 1.0 / math.sqrt(n)
    else:  # "forward"
        factor = float(n) if inverse else 1.0 / n
    return a * tf.constant(factor, a.dtype)  # (tf.cast of a float would round it to float32)


def _rfft_backward(a: Any, n: int, axis: int) -> Any:
    def transform(b: Any) -> Any:
        return tf.signal.rfft(b, [n])

    return _over(a, (axis,), transform)


def _irfft_backward(a: Any, n: int, axis: int) -> Any:
    def transform(b: Any) -> Any:
        return tf.signal.irfft(b, [n])

    return _over(a, (axis,), transform)


def fft(a: Any, n: int, axis: int, norm: str) -> Any:
    return _scaled(_c2c(a, (n,), (axis,), False), n, norm, False)


def ifft(a: Any, n: int, axis: int, norm: str) -> Any:
    return _scaled(_c2c(a, (n,), (axis,), True), n, norm, True)


def fftn(a: Any, s: Sequence[int], axes: Sequence[int], norm: str) -> Any:
    return _scaled(_c2c(a, s, axes, False), math.prod(s), norm, False)


def ifftn(a: Any, s: Sequence[int], axes: Sequence[int], norm: str) -> Any:
    return _scaled(_c2c(a, s, axes, True), math.prod(s), norm, True)


def rfft(a: Any, n: int, axis: int, norm: str) -> Any:
    return _scaled(_rfft_backward(a, n, axis), n, norm, False)


def irfft(a: Any, n: int, axis: int, norm: str) -> Any:
    return _scaled(_irfft_backward(a, n, axis), n, norm, True)


def rfftn(a: Any, s: Sequence[int], axes: Sequence[int], norm: str) -> Any:
    """The real transform over the last of ``axes``, then the complex one over the others."""
    out = _c2c(_rfft_backward(a, s[-1], axes[-1]), s[:-1], axes[:-1], False)
    return _scaled(out, math.prod(s), norm, False)


def irfftn(a: Any, s: Sequence[int], axes: Sequence[int], norm: str) -> Any:
    """The complex inverse over all of ``axes`` but the last, then the real one over it."""
    out = _irfft_backward(_c2c(a, s[:-1], axes[:-1], True), s[-1], axes[-1])
    return _scaled(out, math.prod(s), norm, True)


def hfft(a: Any, n: int, axis: int, norm: str) -> Any:
    """NumPy's ``hfft``: ``irfft`` of the conjugate, ``norm``'s direction swapped."""
    return irfft(tf.math.conj(a), n, axis, _SWAPPED[norm])


def ihfft(a: Any, n: int, axis: int, norm: str) -> Any:
    """NumPy's ``ihfft``: the conjugate of ``rfft``, ``norm``'s direction swapped."""
    return tf.math.conj(rfft(a, n, axis, _SWAPPED[norm]))


def fftshift(a: Any, axes: Sequence[int]) -> Any:
    return tf.signal.fftshift(a, list(axes))


def ifftshift(a: Any, axes: Sequence[int]) -> Any:
    return tf.signal.ifftshift(a, list(axes))


def primitives(module: Any) -> dict[str, Any]:
    """The fft fields of TensorFlow's ``Primitives``; ``module`` is TensorFlow."""
    global tf
    tf = module
    return {
        "fft_fft": fft,
        "fft_ifft": ifft,
        "fft_fftn": fftn,
        "fft_ifftn": ifftn,
        "fft_rfft": rfft,
        "fft_irfft": irfft,
        "fft_rfftn": rfftn,
        "fft_irfftn": irfftn,
        "fft_hfft": hfft,
        "fft_ihfft": ihfft,
        "fft_fftshift": fftshift,
        "fft_ifftshift": ifftshift,
    }
