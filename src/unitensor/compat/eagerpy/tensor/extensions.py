"""``eagerpy.tensor.extensions``: the ``t.norms`` accessor class."""

from unitensor._api.linear_algebra import NormsAccessor as NormsMethods

__all__ = ["NormsMethods"]
