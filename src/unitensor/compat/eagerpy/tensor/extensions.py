"""``eagerpy.tensor.extensions``: the ``t.norms`` accessor class."""

from unitensor._tensor import _Norms as NormsMethods

__all__ = ["NormsMethods"]
