"""Moving tensors between frameworks: [`convert`][unitensor.convert]."""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

from typing import Any

import numpy as np

from ._api._base import wrap
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
        ``"numpy"``, ``"torch"``, ``"tensorflow"`` or ``"jax"``, or the
        module name of an Array API namespace served by the generic backend
        (``"array_api_strict"``: the result is an
        [`ArrayAPITensor`][unitensor.ArrayAPITensor]).

    Returns
    -------
    Tensor
        A tensor of ``backend`` with ``t``'s shape, dtype and values. Where
        DLPack allows (same device, a dtype both frameworks share, memory
        the target may alias) no copy is made and the result shares memory
        with ``t``; otherwise the values are copied through the host.
        A copy lies on the target framework's default device (bfloat16
        goes this way to and from NumPy, as NumPy's DLPack has no
        bfloat16, and so does a PyTorch tensor that requires grad).
        A tensor already of ``backend`` comes back unchanged.

    Notes
    -----
    Which conversions copy (measured on the CPU by
    ``tests/test_convert_pairs.py``): between NumPy, PyTorch, TensorFlow
    (eager tensors export DLPack), JAX and the generic backend, every
    conversion into NumPy, PyTorch or the generic backend shares memory,
    for every dtype both sides have, and so does one into TensorFlow of a
    buffer 64-byte aligned (its kernels check the alignment; another is
    copied, aligned). Into JAX, XLA takes a
    buffer only when it is aligned as it needs: TensorFlow's and JAX's are,
    NumPy's and PyTorch's (and NumPy-backed ones such as array-api-strict's)
    usually are not, and JAX copies them; without 64-bit mode a 64-bit
    source is narrowed, which copies too. A source DLPack refuses (a
    non-contiguous PyTorch view, a dtype the target lacks, another device)
    is copied through the host, once.

    Raises
    ------
    ValueError
        If ``backend`` is unknown.
    ImportError
        If the target framework is not installed.
    TypeError
        If ``t`` is not an array of a supported framework.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> x = ut.astensor(np.array([1.0, 2.0], dtype=np.float32))
    >>> ut.convert(x, "torch")
    PyTorchTensor(tensor([1., 2.]))
    >>> ut.convert(x, "numpy") is x
    True
    """
    src: Tensor = astensor(t)
    cls = backend_class(backend)
    if type(src) is cls:
        return src
    raw = src.raw
    try:
        return wrap(cls, cls._ns.from_dlpack(src._ns.dlpack_source(raw)))
    except Exception:  # DLPack refused (device, dtype, layout): copy through the host
        # (NumPy exports no bfloat16 through DLPack, so the copy goes in by the target's
        # asarray, which reads ml_dtypes' bfloat16 too)
        host = np.array(src.numpy(), order="C", copy=True)
        return wrap(cls, cls._ns.asarray(host, None, cls._ns.like(None)))
