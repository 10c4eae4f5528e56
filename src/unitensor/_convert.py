"""Moving tensors between frameworks: :func:`convert`."""

from __future__ import annotations

from typing import Any

import numpy as np

from ._registry import astensor, backend_class
from ._tensor import Tensor

__all__ = ["convert"]


def convert(t: Any, backend: str) -> Tensor:
    """The values of ``t`` as a tensor of another framework.

    Parameters
    ----------
    t
        A tensor or native array of any framework.
    backend
        ``"numpy"``, ``"torch"``, ``"tensorflow"`` or ``"jax"``.

    Returns
    -------
    Tensor
        A tensor of ``backend`` with ``t``'s shape, dtype and values. Where
        DLPack allows (same device, a dtype both frameworks share, memory
        the target may alias) no copy is made and the result shares memory
        with ``t``; otherwise the values are copied through the host.
        A tensor already of ``backend`` comes back unchanged.

    Raises
    ------
    ValueError
        If ``backend`` is unknown.
    ImportError
        If the target framework is not installed.
    """
    src = astensor(t)
    cls = backend_class(backend)
    if type(src) is cls:
        return src
    raw = src.raw
    source = getattr(type(src), "_dlpack_source", None)
    try:
        return cls(cls._ns.from_dlpack(source(raw) if source is not None else raw))
    except Exception:  # DLPack refused (device, dtype, layout): copy through the host
        copy = np.array(src.numpy(), order="C", copy=True)
        return cls(cls._ns.from_dlpack(copy))
