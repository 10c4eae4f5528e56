"""Statistical functions: the reductions ``sum``, ``prod``, ``mean``, ``min``, ``max``,
``var``, ``std``, the cumulative sums and ``logsumexp``.
"""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

import math
from typing import Any, Self

from .._errors import (
    DTypeError,
    ShapeError,
)
from ._base import (
    Axes,
    reduction_fast_path,
    sharding_error,
    wrap,
)
from .searching import Searching


class Statistical(Searching):
    """The methods of this chapter (see [`unitensor.Tensor`][unitensor.Tensor])."""

    __slots__ = ()

    def _reduce(
        self, fn: Any, a: Any, axis: Axes, keepdims: bool, accumulating: bool = False
    ) -> Self:
        """Apply a reduction primitive; ``axis=()`` reduces nothing (NumPy).

        An ``accumulating`` reduction (sum, prod, mean) of half precision
        accumulates in float32 (see ``_accumulating``).
        """
        if accumulating and a.dtype not in self._full_width_dtypes:
            fn = self._accumulating(fn, a)
        axes: int | tuple[int, ...] | None
        if axis is None:  # (no rank needed: a TensorFlow graph's may be unknown)
            axes = None
        elif type(axis) is int and -(n := len(a.shape)) <= axis < n:  # the common case
            axes = axis + n if axis < 0 else axis
        else:
            axes = self._axes(axis)
            if axes == ():  # reduce over a new axis of length 1: values kept, dtype rule applied
                return wrap(self.__class__, fn(self._ns.expand_dims(a, 0), (0,), False))
        try:  # (no cost until JAX refuses a sharding)
            return wrap(self.__class__, fn(a, axes, keepdims))
        except self._ns.sharding_errors as e:
            raise sharding_error(e) from e

    @reduction_fast_path("sum", dtype=True)
    def sum(self, axis: Axes = None, keepdims: bool = False, dtype: Any = None) -> Self:
        """Sum over ``axis`` (all axes for ``None``).

        Parameters
        ----------
        axis
            An int, a tuple of ints, or ``None`` for all axes; negative
            axes count from the end. ``()`` reduces nothing.
        keepdims
            Keep the reduced axes with length 1.
        dtype
            The result's dtype (the standard's ``dtype``): the input is
            cast to it first, and integers wrap around in it as in NumPy
            (``dtype=bool`` gives whether any element is non-zero).
            ``None``: the default below.

        Returns
        -------
        Tensor
            The reduced shape (reduced axes kept as size 1 with
            ``keepdims``). Bool and integer input sums as int64 (int32 on
            JAX without 64-bit mode); floats keep their dtype; float16 and
            bfloat16 accumulate in float32.

        Raises
        ------
        AxisError
            If an axis is out of range or repeated.
        TypeError
            If an axis is not an int.
        DTypeError
            If ``dtype`` is unknown to the framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([[1, 2], [3, 4]], dtype=np.int32))
        >>> x.sum()
        NumPyTensor(np.int64(10))
        >>> x.sum(axis=0, keepdims=True)
        NumPyTensor(array([[4, 6]]))
        >>> x.sum(axis=1, dtype="float32")
        NumPyTensor(array([3., 7.], dtype=float32))
        """
        if dtype is None:
            a = self.raw
            ns = self._float_ns if a.dtype in self._float_dtypes else self._ns
            return self._reduce(ns.sum, a, axis, keepdims, True)
        return self._reduce_as(self._ns.sum, dtype, axis, keepdims)

    def _reduce_as(self, fn: Any, dtype: Any, axis: Axes, keepdims: bool) -> Self:
        """``sum`` or ``prod`` with ``dtype=``: cast, reduce, and give that dtype.

        The primitives sum narrow integers as int64; the result cast back to
        ``dtype`` wraps around as NumPy's sum in that dtype does (sums and
        products modulo 2**64 agree modulo every narrower width).
        """
        ns = self._ns
        target = self._dtype_arg(dtype)
        a = self.raw
        if a.dtype != target:
            a = ns.astype(a, target)
        out = self._reduce(fn, a, axis, keepdims, True).raw
        return wrap(self.__class__, out if out.dtype == target else ns.astype(out, target))

    def prod(self, axis: Axes = None, keepdims: bool = False, dtype: Any = None) -> Self:
        """Product over ``axis`` (all axes for ``None``).

        Parameters
        ----------
        axis
            An int, a tuple of ints, or ``None`` for all axes.
        keepdims
            Keep the reduced axes with length 1.
        dtype
            The result's dtype (the standard's ``dtype``): the input is
            cast to it first, and integers wrap around in it as in NumPy
            (``dtype=bool`` gives whether every element is non-zero).
            ``None``: the default below.

        Returns
        -------
        Tensor
            The reduced shape. Bool and integer input gives int64 (int32 on
            JAX without 64-bit mode); floats keep their dtype. The product
            of an empty axis is 1.

        Raises
        ------
        AxisError
            If an axis is out of range or repeated.
        DTypeError
            If ``dtype`` is unknown to the framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([[1.0, 2.0], [3.0, 4.0]], dtype=np.float32)).prod(axis=1)
        NumPyTensor(array([ 2., 12.], dtype=float32))
        >>> ut.astensor(np.array([100, 3], dtype=np.int16)).prod(dtype="int8").item()
        44
        """
        if dtype is None:
            return self._reduce(self._ns.prod, self.raw, axis, keepdims, True)
        return self._reduce_as(self._ns.prod, dtype, axis, keepdims)

    @reduction_fast_path("mean")
    def mean(self, axis: Axes = None, keepdims: bool = False) -> Self:
        """Arithmetic mean over ``axis`` (all axes for ``None``).

        Parameters
        ----------
        axis
            An int, a tuple of ints, or ``None`` for all axes.
        keepdims
            Keep the reduced axes with length 1.

        Returns
        -------
        Tensor
            The reduced shape; floats keep their dtype, bool and integer
            input gives float32. The mean of an empty axis is NaN.

        Raises
        ------
        AxisError
            If an axis is out of range or repeated.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([[1, 2], [3, 4]])).mean(axis=0)
        NumPyTensor(array([2., 3.], dtype=float32))
        """
        a = self.raw
        if a.dtype in self._float_dtypes:
            return self._reduce(self._float_ns.mean, a, axis, keepdims, True)
        return self._reduce(self._ns.mean, self._floating_any(), axis, keepdims, True)

    def min(self, axis: Axes = None, keepdims: bool = False) -> Self:
        """Minimum over ``axis`` (all axes for ``None``; NaN propagates).

        Parameters
        ----------
        axis
            An int, a tuple of ints, or ``None`` for all axes.
        keepdims
            Keep the reduced axes with length 1.

        Returns
        -------
        Tensor
            The reduced shape, same dtype.

        Raises
        ------
        AxisError
            If an axis is out of range or repeated.
        ValueError
            If a reduced axis is empty (there is no identity).
        DTypeError
            If the tensor is complex: complex numbers have no order.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([[3, 1], [2, 4]])).min(axis=1)
        NumPyTensor(array([1, 2]))
        """
        self._check_nonempty(self._axes(axis), "min")
        a = self.raw
        if a.dtype in self._float_dtypes:
            return self._reduce(self._float_ns.min, a, axis, keepdims)
        return self._reduce(self._ns.min, self._real(a, "min"), axis, keepdims)

    def max(self, axis: Axes = None, keepdims: bool = False) -> Self:
        """Maximum over ``axis`` (all axes for ``None``; NaN propagates).

        Parameters
        ----------
        axis
            An int, a tuple of ints, or ``None`` for all axes.
        keepdims
            Keep the reduced axes with length 1.

        Returns
        -------
        Tensor
            The reduced shape, same dtype.

        Raises
        ------
        AxisError
            If an axis is out of range or repeated.
        ValueError
            If a reduced axis is empty (there is no identity).
        DTypeError
            If the tensor is complex: complex numbers have no order.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([[3, 1], [2, 4]])).max(axis=1)
        NumPyTensor(array([3, 4]))
        """
        self._check_nonempty(self._axes(axis), "max")
        a = self.raw
        if a.dtype in self._float_dtypes:
            return self._reduce(self._float_ns.max, a, axis, keepdims)
        return self._reduce(self._ns.max, self._real(a, "max"), axis, keepdims)

    def var(self, axis: Axes = None, correction: float = 0.0, keepdims: bool = False) -> Self:
        """Variance over ``axis`` (all axes for ``None``): the standard's ``var``.

        The mean of the squared deviations from the mean, with the divisor
        ``M - correction`` for ``M`` elements per result (NumPy's ``ddof``).

        Parameters
        ----------
        axis
            An int, a tuple of ints, or ``None`` for all axes.
        correction
            Subtracted from the number of elements in the divisor: 0 for
            the population variance, 1 for the sample variance (Bessel's
            correction).
        keepdims
            Keep the reduced axes with length 1.

        Returns
        -------
        Tensor
            The reduced shape; floats keep their dtype, bool and integer
            input gives float32. NaN propagates; where ``M - correction``
            is 0 or less (an empty axis included) the variance is NaN, as
            the standard says (NumPy gives inf where the squared deviations
            do not sum to 0, with a warning).

        Raises
        ------
        AxisError
            If an axis is out of range or repeated.
        DTypeError
            If the tensor is complex.
        TypeError
            If ``correction`` is not a real number.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([[1.0, 3.0], [2.0, 2.0]], dtype=np.float32))
        >>> x.var(axis=1)
        NumPyTensor(array([1., 0.], dtype=float32))
        >>> x.var(correction=1).item()
        0.6666666865348816
        """
        c: Any = correction  # callers may pass anything despite the annotation
        if isinstance(c, bool) or not isinstance(c, (int, float)):
            raise TypeError(f"correction must be an int or a float, got {correction!r}")
        a = self._floating_any()
        if self._kind(a.dtype) == "c":
            raise DTypeError("var and std need real tensors, got a complex one")
        axes = self._axes(axis)
        shape = a.shape
        count = math.prod(shape if axes is None else [shape[i] for i in axes])
        x = wrap(self.__class__, a)
        divisor = count - correction
        if divisor <= 0:  # NaN, in the reduced shape (the empty sum is 0)
            return x.sum(axes, keepdims=keepdims) * math.nan
        deviations = x - x.mean(axes, keepdims=True)
        return (deviations * deviations).sum(axes, keepdims=keepdims) / float(divisor)

    def std(self, axis: Axes = None, correction: float = 0.0, keepdims: bool = False) -> Self:
        """Standard deviation over ``axis``: the square root of [`var`][unitensor.Tensor.var].

        Parameters
        ----------
        axis
            An int, a tuple of ints, or ``None`` for all axes.
        correction
            Subtracted from the number of elements in the divisor of the
            variance: 0 for the population, 1 for a sample.
        keepdims
            Keep the reduced axes with length 1.

        Returns
        -------
        Tensor
            The reduced shape; floats keep their dtype, bool and integer
            input gives float32. NaN where the variance is NaN (NaN input,
            or ``M - correction`` of 0 or less).

        Raises
        ------
        AxisError
            If an axis is out of range or repeated.
        DTypeError
            If the tensor is complex.
        TypeError
            If ``correction`` is not a real number.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([[1, 3], [2, 2]])).std(axis=1)
        NumPyTensor(array([1., 0.], dtype=float32))
        """
        return self.var(axis, correction, keepdims).sqrt()

    def cumsum(self, axis: int | None = None) -> Self:
        """Cumulative sum along ``axis`` (of the flattened tensor for ``None``).

        Parameters
        ----------
        axis
            One axis, or ``None`` to sum the flattened tensor.

        Returns
        -------
        Tensor
            Same shape (1-d of length ``size`` for ``None``). Bool and
            integer input gives int64 (int32 on JAX without 64-bit mode);
            floats keep their dtype.

        Raises
        ------
        AxisError
            If ``axis`` is out of range.
        TypeError
            If ``axis`` is not an int.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([[1, 2], [3, 4]]))
        >>> x.cumsum()
        NumPyTensor(array([ 1,  3,  6, 10]))
        >>> x.cumsum(axis=0)
        NumPyTensor(array([[1, 2],
                           [4, 6]]))
        """
        fn = self._accumulating(self._ns.cumulative_sum, self.raw)
        if axis is None:
            return wrap(self.__class__, fn(self._ns.reshape(self.raw, (-1,)), 0))
        return wrap(self.__class__, fn(self.raw, self._axis(axis)))

    def logsumexp(self, axis: Axes = None, keepdims: bool = False) -> Self:
        """``log(sum(exp(x)))`` over ``axis``, computed without overflow.

        Parameters
        ----------
        axis
            An int, a tuple of ints, or ``None`` for all axes.
        keepdims
            Keep the reduced axes with length 1.

        Returns
        -------
        Tensor
            The reduced shape, as for [`sum`][unitensor.Tensor.sum]. Floats
            keep their dtype; bool and integer input gives float32.

        Raises
        ------
        AxisError
            If an axis is out of range or repeated.
        ValueError
            If a reduced axis is empty, on NumPy (no fused ``logsumexp``);
            PyTorch, TensorFlow and JAX use their own ``logsumexp`` there
            (PyTorch returns -inf).
        DTypeError
            If the tensor is complex, on every backend (PyTorch and JAX
            would compute it, NumPy and TensorFlow refuse it).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([[0.0, 0.0], [1000.0, 1000.0]], dtype=np.float32))
        >>> x.logsumexp(axis=1) - np.log(2).astype(np.float32)
        NumPyTensor(array([   0., 1000.], dtype=float32))
        """
        axes = self._axes(axis)
        fused = self._ns.logsumexp
        if fused is not None and axes != ():
            return wrap(self.__class__, fused(self._real_floating("logsumexp"), axes, keepdims))
        x = wrap(self.__class__, self._real_floating("logsumexp"))
        m = x.max(axes, keepdims=True)
        m = m.isfinite().where(m, 0)
        s = (x - m).exp().sum(axes, keepdims=keepdims).log()
        return s + (m if keepdims else m.reshape(s.shape))

    def cumulative_sum(
        self, axis: int | None = None, dtype: Any = None, include_initial: bool = False
    ) -> Self:
        """Cumulative sum along ``axis`` (the standard's ``cumulative_sum``).

        Unlike [`cumsum`][unitensor.Tensor.cumsum], a tensor of more than
        one axis needs ``axis`` (it is never flattened), and the sums may
        start with 0.

        Parameters
        ----------
        axis
            The axis to sum along; may be ``None`` only for a 1-d tensor.
        dtype
            The result's dtype (the input is cast to it first); ``None``:
            bool and integers narrower than 64 bits give int64 (int32 on
            JAX without 64-bit mode), other dtypes stay.
        include_initial
            Start each sum with 0: the result is one longer along ``axis``.

        Returns
        -------
        Tensor
            ``self``'s shape (``shape[axis] + 1`` along ``axis`` with
            ``include_initial``); float16 and bfloat16 accumulate in float32.

        Raises
        ------
        ValueError
            If ``axis`` is ``None`` and the tensor is not 1-d.
        AxisError
            If ``axis`` is out of range.
        TypeError
            If ``dtype`` is unknown to the framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([[1, 2], [3, 4]]))
        >>> x.cumulative_sum(axis=1)
        NumPyTensor(array([[1, 3],
                           [3, 7]]))
        >>> x[0].cumulative_sum(include_initial=True)
        NumPyTensor(array([0, 1, 3]))
        """
        return self._cumulative(self._ns.cumulative_sum, 0, axis, dtype, include_initial)

    def cumulative_prod(
        self, axis: int | None = None, dtype: Any = None, include_initial: bool = False
    ) -> Self:
        """Cumulative product along ``axis`` (the standard's ``cumulative_prod``).

        As [`cumulative_sum`][unitensor.Tensor.cumulative_sum], with products;
        with ``include_initial`` the products start with 1.

        Parameters
        ----------
        axis
            The axis to multiply along; may be ``None`` only for a 1-d tensor.
        dtype
            The result's dtype (the input is cast to it first); ``None``:
            bool and integers narrower than 64 bits give int64 (int32 on
            JAX without 64-bit mode), other dtypes stay.
        include_initial
            Start each product with 1: the result is one longer along ``axis``.

        Returns
        -------
        Tensor
            ``self``'s shape (``shape[axis] + 1`` along ``axis`` with
            ``include_initial``); float16 and bfloat16 accumulate in float32.

        Raises
        ------
        ValueError
            If ``axis`` is ``None`` and the tensor is not 1-d.
        AxisError
            If ``axis`` is out of range.
        TypeError
            If ``dtype`` is unknown to the framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([[1, 2], [3, 4]]))
        >>> x.cumulative_prod(axis=0)
        NumPyTensor(array([[1, 2],
                           [3, 8]]))
        >>> x[1].cumulative_prod(include_initial=True)
        NumPyTensor(array([ 1,  3, 12]))
        """
        return self._cumulative(self._ns.cumulative_prod, 1, axis, dtype, include_initial)

    def _cumulative(
        self, fn: Any, initial: int, axis: int | None, dtype: Any, include_initial: bool
    ) -> Self:
        """The standard's cumulative functions: ``fn`` along ``axis``, ``initial`` first."""
        a = self.raw
        if axis is None:
            if len(a.shape) != 1:
                raise ShapeError(
                    f"a cumulative function of a tensor of rank {len(a.shape)} needs an axis"
                )
            axis = 0
        ax = self._axis(axis)
        if dtype is not None:
            a = self._ns.astype(a, self._dtype_arg(dtype))
        out = self._accumulating(fn, a)(a, ax)
        if include_initial:
            shape = list(out.shape)
            shape[ax] = 1
            first = self._ns.full(tuple(shape), initial, out.dtype, out)
            out = self._ns.concat([first, out], ax)
        return wrap(self.__class__, out)
