"""Random numbers: ``uniform`` and ``normal``, from each backend's generator
(seeded by [`unitensor.seed`][unitensor.seed]).
"""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Self

from .. import dtypes
from .._errors import (
    DTypeError,
)
from ._base import (
    shape_tuple,
    wrap,
)
from .nn import NeuralNetwork

if TYPE_CHECKING:
    pass


class Random(NeuralNetwork):
    """The methods of this chapter (see [`unitensor.Tensor`][unitensor.Tensor])."""

    __slots__ = ()

    def _random_dtype(self, dtype: Any) -> Any:
        if dtype is not None:
            dt = self._dtype_arg(dtype)
            if self._kind(dt) != "f":
                raise DTypeError(f"random numbers need a floating dtype, got {dtype!r}")
            return dt
        dt = self.raw.dtype
        if self._kind(dt) == "f":
            return dt
        return self._native_dtype(dtypes.DEFAULT_FLOAT)

    def uniform(
        self, shape: int | Sequence[int], low: float = 0.0, high: float = 1.0, dtype: Any = None
    ) -> Self:
        """Uniform samples in ``[low, high)`` of ``shape``.

        The dtype is ``dtype`` if given, else this tensor's if it is
        floating, else float32. The samples come from the backend's
        generator, seeded by [`unitensor.seed`][unitensor.seed].

        Parameters
        ----------
        shape
            An int or a sequence of ints.
        low, high
            The bounds of the interval.
        dtype
            A floating dtype for the result.

        Returns
        -------
        Tensor
            Shape ``shape``, on this tensor's framework and device.

        Raises
        ------
        TypeError
            If ``dtype`` is not a floating dtype (or unknown).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> u = ut.astensor(np.zeros(1, dtype=np.int64)).uniform((2, 3), -1.0, 1.0)
        >>> u.shape, u.dtype
        ((2, 3), dtype('float32'))
        """
        if low > high:
            raise ValueError(f"uniform: low={low} is above high={high}")
        dt = self._random_dtype(dtype)
        return wrap(self.__class__, self._ns.uniform(shape_tuple(shape), low, high, dt, self.raw))

    def normal(
        self, shape: int | Sequence[int], mean: float = 0.0, stddev: float = 1.0, dtype: Any = None
    ) -> Self:
        """Normal (Gaussian) samples of ``shape``.

        The dtype is ``dtype`` if given, else this tensor's if it is
        floating, else float32. The samples come from the backend's
        generator, seeded by [`unitensor.seed`][unitensor.seed].

        Parameters
        ----------
        shape
            An int or a sequence of ints.
        mean, stddev
            The mean and standard deviation of the distribution.
        dtype
            A floating dtype for the result.

        Returns
        -------
        Tensor
            Shape ``shape``, on this tensor's framework and device.

        Raises
        ------
        TypeError
            If ``dtype`` is not a floating dtype (or unknown).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> n = ut.astensor(np.zeros(1, dtype=np.float32)).normal(4, dtype="float64")
        >>> n.shape, n.dtype
        ((4,), dtype('float64'))
        """
        dt = self._random_dtype(dtype)
        return wrap(self.__class__, self._ns.normal(shape_tuple(shape), mean, stddev, dt, self.raw))
