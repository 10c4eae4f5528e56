"""``eagerpy.utils``: ``get_dummy``."""

from __future__ import annotations

from unitensor._tensor import Tensor

from . import modules

__all__ = ["get_dummy"]


def get_dummy(framework: str) -> Tensor:
    """An empty 1-d float32 tensor of ``framework``, to use as a template.

    Parameters
    ----------
    framework
        ``"pytorch"``, ``"pytorch-gpu"`` (on ``cuda:0``), ``"tensorflow"``,
        ``"jax"`` or ``"numpy"``.

    Raises
    ------
    ValueError
        For any other name.

    Examples
    --------
    >>> from unitensor.compat.eagerpy.utils import get_dummy
    >>> get_dummy("numpy")
    NumPyTensor(array([], dtype=float32))
    """
    x: Tensor
    if framework == "pytorch":
        x = modules.torch.zeros(0)
    elif framework == "pytorch-gpu":
        x = modules.torch.zeros(0, device="cuda:0")
    elif framework == "tensorflow":
        x = modules.tensorflow.zeros(0)
    elif framework == "jax":
        x = modules.jax.numpy.zeros(0)
    elif framework == "numpy":
        x = modules.numpy.zeros(0)
    else:
        raise ValueError(f"unknown framework: {framework}")
    return x.float32()
