"""``eagerpy.types``: the type aliases EagerPy exports."""

from __future__ import annotations

from typing import TYPE_CHECKING, Union

if TYPE_CHECKING:
    import jax
    import numpy
    import tensorflow
    import torch

__all__ = ["Axes", "AxisAxes", "NativeTensor", "Shape", "ShapeOrScalar"]

Axes = tuple[int, ...]
"""Several axes."""
AxisAxes = Union[int, Axes]  # noqa: UP007  # a runtime alias, as EagerPy's
"""One axis or several."""
Shape = tuple[int, ...]
"""A shape."""
ShapeOrScalar = Union[Shape, int]  # noqa: UP007
"""A shape, or one int for a 1-d shape."""
NativeTensor = Union["torch.Tensor", "tensorflow.Tensor", "jax.numpy.ndarray", "numpy.ndarray"]
"""A native array of one of the four frameworks (forward references only)."""
