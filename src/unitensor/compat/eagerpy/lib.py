"""``eagerpy.lib``: :func:`unitensor.kl_div_with_logits` (correct for any axis)."""

from unitensor import kl_div_with_logits

__all__ = ["kl_div_with_logits"]
