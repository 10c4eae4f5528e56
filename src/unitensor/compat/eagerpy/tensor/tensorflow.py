"""``eagerpy.tensor.tensorflow``: [`TensorFlowTensor`][unitensor.TensorFlowTensor]."""

from . import backend_class_or_stand_in

__all__ = ["TensorFlowTensor"]

TensorFlowTensor = backend_class_or_stand_in("TensorFlowTensor")
