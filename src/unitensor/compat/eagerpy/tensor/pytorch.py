"""``eagerpy.tensor.pytorch``: :class:`PyTorchTensor`."""

from . import backend_class_or_stand_in

__all__ = ["PyTorchTensor"]

PyTorchTensor = backend_class_or_stand_in("PyTorchTensor")
