"""Discrete Fourier transforms on every backend: the Array API standard's ``fft`` extension.

``ut.fft.rfft(t)``, ``ut.fft.fftn(t, axes=(0, 1))``, ... take a tensor (or a
native array) of any framework and return a tensor of the same one, with
the standard's signatures (``n`` / ``s``, ``axis`` / ``axes``, ``norm`` of
``"backward"``, ``"ortho"`` or ``"forward"``) and NumPy's meaning. They are
functions only, as in the standard: there are no ``Tensor`` methods.

| function | input | result |
|---|---|---|
| `fft`, `ifft`, `fftn`, `ifftn` | complex (real: made complex) | complex, `n` (`s[i]`) long |
| `rfft`, `rfftn` | real | complex, `n // 2 + 1` along the (last) axis |
| `irfft`, `irfftn` | complex (real: made complex) | real, `n` (`s[i]`) long |
| `hfft` | complex (real: made complex) | real, `n` long |
| `ihfft` | real | complex, `n // 2 + 1` along the axis |
| `fftfreq`, `rfftfreq` | a template tensor and `n` | real floats (float32 by default) |
| `fftshift`, `ifftshift` | any | the same dtype and shape |

Dtypes, the same on every backend: float32 input gives complex64 (and
complex64 input float32 for the real outputs), float64 gives complex128;
bool and integer input goes in as float32 (as unitensor's other float
functions take it; NumPy would compute in float64), float16 and bfloat16 are
computed in float32. The real-input transforms (``rfft``, ``rfftn``,
``ihfft``) refuse complex input with a ``DTypeError``.

``fftfreq`` and ``rfftfreq`` are creation functions: like unitensor's
other creation functions they take a template tensor first for the
framework and device, ``ut.fft.fftfreq(t, n, d=1.0, dtype=None)``.

Backends: NumPy, PyTorch and JAX call their own ``fft`` modules.
TensorFlow's ``tf.signal`` transforms only the innermost axes, has no
``norm`` and no ``hfft``/``ihfft``; unitensor moves the axes to the end and
back, scales for ``"ortho"`` and ``"forward"``, and builds ``hfft`` /
``ihfft`` from ``irfft`` / ``rfft`` of the conjugate, so the results agree.
Where the frameworks differ on an edge, one rule holds everywhere: a
repeated axis is an ``AxisError`` (NumPy transforms it twice, PyTorch
refuses it), ``s`` needs ``axes`` (NumPy 2 deprecates ``s`` alone), and
``norm`` must be one of the three strings (NumPy and PyTorch also take
``None``).

>>> import numpy as np
>>> import unitensor as ut
>>> x = ut.astensor(np.array([1.0, 2.0, 3.0, 4.0], dtype=np.float32))
>>> ut.fft.rfft(x)
NumPyTensor(array([10.+0.j, -2.+2.j, -2.+0.j], dtype=complex64))
>>> ut.fft.irfft(ut.fft.rfft(x), n=4)
NumPyTensor(array([1., 2., 3., 4.], dtype=float32))
"""

from __future__ import annotations

from ._api.fft import (
    Norm,
    fft,
    fftfreq,
    fftn,
    fftshift,
    hfft,
    ifft,
    ifftn,
    ifftshift,
    ihfft,
    irfft,
    irfftn,
    rfft,
    rfftfreq,
    rfftn,
)

__all__ = [
    "fft",
    "ifft",
    "fftn",
    "ifftn",
    "rfft",
    "irfft",
    "rfftn",
    "irfftn",
    "hfft",
    "ihfft",
    "fftfreq",
    "rfftfreq",
    "fftshift",
    "ifftshift",
    "Norm",
]
