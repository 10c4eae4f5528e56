"""``eagerpy.tensor.tensor``: the base class and its type helpers."""

from . import Tensor, TensorOrScalar, TensorType, istensor

__all__ = ["Tensor", "TensorOrScalar", "TensorType", "istensor"]
