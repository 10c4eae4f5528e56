"""``eagerpy.norms``: [`unitensor.norms`][unitensor.norms] (l0, l1, l2, linf, lp)."""

from unitensor.norms import l0, l1, l2, linf, lp

__all__ = ["l0", "l1", "l2", "linf", "lp"]
