"""Moving tensors between frameworks: [`convert`][unitensor.convert]."""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

from typing import Any

import numpy as np

from ._api._base import TensorBase, wrap
from ._registry import astensor, backend_class
from ._tensor import Tensor

__all__ = ["convert", "dlpack_import"]


def convert(t: Any, backend: str, *, copy: bool | None = None) -> Tensor:
    """The values of ``t`` as a tensor of another framework.

    Parameters
    ----------
    t
        A tensor or native array of any framework.
    backend
        ``"numpy"``, ``"torch"``, ``"tensorflow"``, ``"jax"`` or ``"dask"``,
        or the module name of an Array API namespace served by the generic
        backend (``"array_api_strict"``: the result is an
        [`ArrayAPITensor`][unitensor.ArrayAPITensor]).
    copy
        ``None`` (the default): share ``t``'s memory where the target can
        hold it as it is, else copy. ``False``: share it, or raise. ``True``:
        always a new array (the standard's ``copy`` of ``from_dlpack``).

    Returns
    -------
    Tensor
        A tensor of ``backend`` with ``t``'s shape, dtype and values (a
        64-bit dtype narrowed for JAX without 64-bit mode). A tensor
        already of ``backend`` comes back unchanged (a copy for
        ``copy=True``).

    Notes
    -----
    **When memory is shared.** Through DLPack, where the target can take
    the source's memory as it is: the same device, a dtype both
    frameworks have, and a layout the target takes. Measured on the CPU
    (``tests/test_convert_pairs.py``): every conversion between NumPy,
    PyTorch, TensorFlow (eager tensors export DLPack), JAX and the generic
    backend shares memory (a Dask array is computed into one NumPy array
    first, which the target shares), except

    - into TensorFlow, a buffer not 64-byte aligned or not C-contiguous
      (its kernels check the alignment, its import the strides);
    - into JAX, a buffer not 64-byte aligned (NumPy's and PyTorch's
      usually are not; TensorFlow's and JAX's are) or not contiguous, and
      without 64-bit mode a 64-bit dtype (narrowed);
    - into PyTorch, a NumPy view with negative strides (``x[::-1]``), which
      PyTorch's own ``torch.from_dlpack`` aborts the process on, and a
      read-only NumPy array (a memory map opened with ``mode="r"``):
      PyTorch has no read-only tensors, and a write through it would
      crash on read-only pages. (An array JAX exports is shared, and
      PyTorch does not keep JAX's arrays read-only: writing into such a
      tensor changes the JAX array.)

    Those are copied once on the host, C-contiguous. So is a source DLPack
    refuses (a PyTorch tensor that requires grad, bfloat16 to or from NumPy,
    which has no bfloat16 in DLPack, another device); such a copy lies on
    the target's default device. Writes into a shared tensor (NumPy's and
    PyTorch's item assignment) are seen by the source, and the reverse.

    Raises
    ------
    ValueError
        If ``backend`` is unknown, or ``copy=False`` and the memory cannot
        be shared (the message says why).
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
    >>> ut.convert(x[::-1], "torch")  # (a copy: PyTorch has no negative strides)
    PyTorchTensor(tensor([2., 1.]))
    >>> ut.convert(x, "numpy") is x
    True
    """
    src: Tensor = astensor(t)
    cls = backend_class(backend)
    if type(src) is cls:
        return wrap(cls, cls._ns.copy(src.raw)) if copy else src
    try:
        return wrap(cls, dlpack_import(cls, src, copy))
    except Exception as e:  # DLPack refused (device, dtype): copy through the host
        if copy is False:
            raise ValueError(f"convert(copy=False) to {backend}: {e}") from e
        # (NumPy exports no bfloat16 through DLPack, so the copy goes in by the target's
        # asarray, which reads ml_dtypes' bfloat16 too)
        host = np.array(src.numpy(), order="C", copy=True)
        return wrap(cls, cls._ns.asarray(host, None, cls._ns.like(None)))


def dlpack_import(cls: type[TensorBase], obj: Any, copy: bool | None) -> Any:
    """The native array of ``cls``'s framework that DLPack makes of ``obj``.

    ``obj`` is a tensor (its framework's DLPack source is exported, so the
    importer sees the array itself: a read-only NumPy array as such) or any
    object with ``__dlpack__``. ``copy`` as the primitive ``from_dlpack``
    takes it: ``None`` shares where the framework can hold the memory as
    it is, else copies on the host; ``False`` shares or raises
    ``BufferError``; ``True`` copies.
    """
    if isinstance(obj, TensorBase):
        obj = obj._ns.dlpack_source(obj.raw)
    return cls._ns.from_dlpack(obj, copy)
