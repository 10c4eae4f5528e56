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

from typing import TypeVar

from ._api._base import Axes, PadMode, Reduction, Scalar, TensorBase, TensorOrScalar
from ._api.array_object import ArrayObject

__all__ = ["Axes", "PadMode", "Reduction", "Scalar", "Tensor", "TensorOrScalar"]

_C = TypeVar("_C", bound=type)
_NOT_MEMBERS = frozenset({"__slots__", "__module__", "__qualname__", "__doc__", "__dict__"})


def _flattened(cls: _C) -> _C:
    """``cls`` with every chapter's members in its own namespace and one base, ``TensorBase``.

    Type checkers and the documentation see the chain of chapters
    (``Tensor(Autodiff)``, ``Autodiff(Random)``, ...); at run time the class
    users get holds the same members directly, so that an attribute look-up
    on a tensor walks four classes (its backend's, ``Tensor``,
    ``TensorBase``, ``object``) rather than twenty. On small arrays that is
    25 to 35 ns per operation (measured with ``benchmarks/bench.py --ops``).
    The chapters stay in ``__chapters__``, in order.
    """
    chain = [c for c in reversed(cls.__mro__) if c is not object and c is not TensorBase]
    members: dict[str, object] = {}
    for chapter in chain:
        members.update((k, v) for k, v in vars(chapter).items() if k not in _NOT_MEMBERS)
    members.update(
        __slots__=(),
        __module__=cls.__module__,
        __qualname__=cls.__qualname__,
        __doc__=cls.__doc__,
        __chapters__=tuple(chain[:-1]),
    )
    flat = type(cls.__name__, (TensorBase,), members)
    return flat  # type: ignore[return-value]  # the same members as cls


@_flattened
class Tensor(ArrayObject):
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
