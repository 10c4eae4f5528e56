"""Exception types raised by unitensor.

unitensor raises the builtin exception a NumPy user would expect, so code
that catches ``ValueError`` or ``IndexError`` keeps working, and adds a
few subclasses that name the problem more precisely:

- ``TypeError``: an unsupported array type, tensors of two frameworks mixed
  in one operation, autodiff asked of a framework or dtype that cannot
  differentiate.
- :class:`AxisError` (a ``ValueError`` and an ``IndexError``, like NumPy's):
  an axis outside ``[-ndim, ndim)`` or repeated.
- ``ValueError``: shapes that do not fit, a reshape to a different size, an
  unknown mode or option.
- ``IndexError``: an index outside the axis it indexes.

Where a framework raised first, its own exception is kept as ``__cause__``.
"""

from __future__ import annotations

__all__ = ["AxisError"]


class AxisError(ValueError, IndexError):
    """An axis argument is out of range for the tensor's rank, or repeated.

    Subclasses both ``ValueError`` and ``IndexError`` (as
    ``numpy.exceptions.AxisError`` does), so either ``except`` clause
    catches it.
    """
