"""``eagerpy.tensor.pytorch``: [`PyTorchTensor`][unitensor.PyTorchTensor]."""

from . import backend_class_or_stand_in

__all__ = ["PyTorchTensor"]

PyTorchTensor = backend_class_or_stand_in("PyTorchTensor")
