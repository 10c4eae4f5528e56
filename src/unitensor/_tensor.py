"""``Tensor``: the one class users see, with every operation of every chapter.

The operations are declared, checked and documented once, one chapter of
the Array API standard per module of ``unitensor._api`` (see its
docstring for the order); ``Tensor`` is the last of those mixins. A backend
module (``unitensor/_backends/<framework>.py``) subclasses it with no
methods of its own and supplies its framework's primitives.

The tensor holds one reference, ``raw``, to the framework's own array; every
result is a new tensor around the framework's own result.
"""

from __future__ import annotations

from ._api._base import Axes, PadMode, Scalar, TensorOrScalar
from ._api.autodiff import Autodiff

__all__ = ["Axes", "PadMode", "Scalar", "Tensor", "TensorOrScalar"]


class Tensor(Autodiff):
    """A framework's native array seen through one API.

    A ``Tensor`` holds exactly one thing, the native array ``raw``
    (``numpy.ndarray``, ``torch.Tensor``, ``tf.Tensor`` / ``tf.Variable`` or
    ``jax.Array``), and every operation calls the framework's own operation
    on it. Create tensors with [`unitensor.astensor`][unitensor.astensor];
    the subclasses [`NumPyTensor`][unitensor.NumPyTensor],
    [`PyTorchTensor`][unitensor.PyTorchTensor],
    [`TensorFlowTensor`][unitensor.TensorFlowTensor] and
    [`JAXTensor`][unitensor.JAXTensor] are chosen from the array's type.

    Every method returns a new tensor of the same class (typed ``Self``), so
    calls chain: ``x.square().sum(axis=-1).sqrt()``. Tensors are not
    hashable, since ``==`` is elementwise.
    """

    __slots__ = ()
