"""``eagerpy.tensor.numpy``: [`NumPyTensor`][unitensor.NumPyTensor]."""

from . import backend_class_or_stand_in

__all__ = ["NumPyTensor"]

NumPyTensor = backend_class_or_stand_in("NumPyTensor")
