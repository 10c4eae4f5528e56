"""``eagerpy.lib``: [`unitensor.kl_div_with_logits`][unitensor.kl_div_with_logits].

Unlike EagerPy's, it is correct for any axis.
"""

from unitensor import kl_div_with_logits

__all__ = ["kl_div_with_logits"]
