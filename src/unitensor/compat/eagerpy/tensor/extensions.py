"""``eagerpy.tensor.extensions``: the ``t.norms`` accessor class."""

from unitensor._tensor import NormsAccessor as NormsMethods

__all__ = ["NormsMethods"]
