"""``eagerpy.tensor.tensorflow``: :class:`TensorFlowTensor`."""

from . import backend_class_or_stand_in

__all__ = ["TensorFlowTensor"]

TensorFlowTensor = backend_class_or_stand_in("TensorFlowTensor")
