"""TensorFlow's complex ``log1p`` with the standard's special cases, for ``tensorflow.py``.

TensorFlow's complex ``Log1p`` kernel gives ``-inf + nan j`` for
``log1p(-1 + 0j)`` (the standard: ``-inf + 0j``) and ``nan + nan j``
wherever a part is infinite. Complex input is computed here as
``log|1 + z| + j atan2(imag(z), 1 + real(z))``, with ``log|1 + z|`` as
``0.5 * log1p(x (x + 2) + y**2)`` where ``|z| < 1/2`` (accurate for small
``z``, where ``1 + z`` would cancel) and as ``log(|1 + z|)`` elsewhere
(TensorFlow's complex ``abs`` scales, so it cannot overflow, and gives
``inf`` for an infinite part beside a NaN one); ``atan2`` gives the
standard's angles for the infinite cases. Real input goes to
``tf.math.log1p`` untouched.

TensorFlow itself is handed to ``primitives``.
"""

from __future__ import annotations

from typing import Any

from ._tensorflow_indexing import select

__all__ = ["primitives"]

tf: Any = None  # TensorFlow, set by primitives()


def log1p(a: Any) -> Any:
    """``log(1 + a)``, accurate near 0, with the standard's complex special cases."""
    if not a.dtype.is_complex:
        return tf.math.log1p(a)
    x, y = tf.math.real(a), tf.math.imag(a)
    near = 0.5 * tf.math.log1p(x * (x + 2) + y * y)
    far = tf.math.log(tf.math.abs(tf.complex(x + 1, y)))
    real = select(tf.math.abs(a) < 0.5, near, far)
    return tf.complex(real, tf.math.atan2(y, x + 1))


def primitives(module: Any) -> dict[str, Any]:
    """The corrected elementwise fields of TensorFlow's ``Primitives``; ``module`` is TensorFlow."""
    global tf
    tf = module
    return {"log1p": log1p}
