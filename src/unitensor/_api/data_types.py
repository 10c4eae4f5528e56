"""Data types: ``astype`` and the dtype shortcuts ``float32()``, ``float64()``, ``bool()``."""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Self

from ._base import (
    TensorBase,
    wrap,
)

if TYPE_CHECKING:
    pass


class DataTypes(TensorBase):
    """The methods of this chapter (see [`unitensor.Tensor`][unitensor.Tensor])."""

    __slots__ = ()

    def astype(self, dtype: Any) -> Self:
        """The tensor converted to ``dtype``.

        Parameters
        ----------
        dtype
            A native dtype of this framework, a NumPy dtype or scalar type,
            or a name such as ``"float32"``.

        Returns
        -------
        Tensor
            Same shape, dtype ``dtype``. JAX without 64-bit mode turns 64-bit
            requests into their 32-bit types (and warns).

        Raises
        ------
        TypeError
            If the dtype is unknown to the framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([1.5, -2.0], dtype=np.float32))
        >>> x.astype("int32")
        NumPyTensor(array([ 1, -2], dtype=int32))
        >>> x.astype(ut.float64).dtype
        dtype('float64')
        """
        target = self._dtype_arg(dtype)
        return wrap(self.__class__, self._ns.astype(self.raw, target))

    def float32(self) -> Self:
        """The tensor converted to float32; same shape.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 2])).float32()
        NumPyTensor(array([1., 2.], dtype=float32))
        """
        return self.astype("float32")

    def float64(self) -> Self:
        """The tensor converted to float64; same shape.

        JAX without 64-bit mode gives float32 (and warns), see
        [`astype`][unitensor.Tensor.astype].

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([1, 2])).float64()
        NumPyTensor(array([1., 2.]))
        """
        return self.astype("float64")

    # Defined last: inside the class body the name ``bool`` means this method.
    def bool(self) -> Self:
        """The tensor converted to bool (non-zero is True).

        Returns
        -------
        Tensor
            Same shape, bool.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([0.0, 0.5, -1.0])).bool()
        NumPyTensor(array([False,  True,  True]))
        """
        return self.astype("bool")
