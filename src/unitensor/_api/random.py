"""Random numbers: ``uniform``, ``normal``, ``randint``, ``permutation`` and ``bernoulli``.

Without ``key=``, a draw comes from the backend's generator, seeded by
[`unitensor.seed`][unitensor.seed]: state that changes with every draw, so
it cannot be traced by a compiler (inside ``jax.jit`` it raises). With
``key=`` (a key of [`unitensor.random`][unitensor.random], made with
``ut.random.key(seed, like=t)`` and split with ``ut.random.split``), a
draw is a pure function of the key, as in JAX: the same key gives the same
numbers on the same framework, and a compiled function (``jax.jit``,
``tf.function``, ``torch.compile``) that takes the key as an argument draws
fresh numbers for every key it is called with.
"""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Self

import numpy as np

from .. import _registry, dtypes
from .._errors import (
    DTypeError,
    FrameworkMixError,
    ShapeError,
)
from ._base import (
    TensorBase,
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

    def _key_raw(self, key: Any, name: str) -> Any:
        """The native key of ``key`` for a draw like ``self``.

        Raises
        ------
        TypeError
            If ``key`` is not an integer tensor of ``self``'s framework.
        ValueError
            If ``key`` is not of shape (2,).
        """
        k: Any = key if isinstance(key, TensorBase) else _registry.astensor(key)
        if k.backend != self.backend:
            raise FrameworkMixError(
                f"{name}: the key is a {k.framework} tensor, the template a {self.framework} one; "
                f"make keys with ut.random.key(seed, like=template)"
            )
        if self._kind(k.raw.dtype) not in "iu":
            raise DTypeError(f"{name}: a key is an integer tensor (ut.random.key), got {k.dtype}")
        if tuple(k.raw.shape) != (2,):
            raise ShapeError(
                f"{name}: a key has shape (2,), got {tuple(k.raw.shape)}; ut.random.split "
                "gives (num, 2): take one key out of it (keys[0]), or vmap over them"
            )
        return k.raw

    def uniform(
        self,
        shape: int | Sequence[int],
        low: float = 0.0,
        high: float = 1.0,
        dtype: Any = None,
        *,
        key: Self | None = None,
    ) -> Self:
        """Uniform samples in ``[low, high)`` of ``shape``.

        The dtype is ``dtype`` if given, else this tensor's if it is
        floating, else float32. The samples come from ``key``, or without
        it from the backend's generator, seeded by
        [`unitensor.seed`][unitensor.seed].

        Parameters
        ----------
        shape
            An int or a sequence of ints.
        low, high
            The bounds of the interval.
        dtype
            A floating dtype for the result.
        key
            A key of this tensor's framework (``ut.random.key``): the
            samples are a function of it (NumPy and PyTorch: Threefry-2x32;
            TensorFlow: its stateless ops; JAX: ``jax.random``).

        Returns
        -------
        Tensor
            Shape ``shape``, on this tensor's framework and device.

        Raises
        ------
        TypeError
            If ``dtype`` is not a floating dtype (or unknown), or ``key`` is
            not an integer tensor of this framework.
            Also if ``shape`` is not an int or a sequence of ints.
        ValueError
            If ``low > high``, or ``key`` is not of shape (2,).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> u = ut.astensor(np.zeros(1, dtype=np.int64)).uniform((2, 3), -1.0, 1.0)
        >>> u.shape, u.dtype
        ((2, 3), dtype('float32'))
        >>> t = ut.astensor(np.zeros(1, dtype=np.float32))
        >>> key = ut.random.key(0, like=t)
        >>> bool((t.uniform(3, key=key) == t.uniform(3, key=key)).all())
        True
        """
        if low > high:
            raise ValueError(f"uniform: low={low} is above high={high}")
        dt = self._random_dtype(dtype)
        if key is not None:
            k = self._key_raw(key, "uniform")
            return wrap(
                self.__class__, self._ns.uniform_key(k, shape_tuple(shape), low, high, dt, self.raw)
            )
        return wrap(self.__class__, self._ns.uniform(shape_tuple(shape), low, high, dt, self.raw))

    def normal(
        self,
        shape: int | Sequence[int],
        mean: float = 0.0,
        stddev: float = 1.0,
        dtype: Any = None,
        *,
        key: Self | None = None,
    ) -> Self:
        """Normal (Gaussian) samples of ``shape``.

        The dtype is ``dtype`` if given, else this tensor's if it is
        floating, else float32. The samples come from ``key``, or without
        it from the backend's generator, seeded by
        [`unitensor.seed`][unitensor.seed].

        Parameters
        ----------
        shape
            An int or a sequence of ints.
        mean, stddev
            The mean and standard deviation of the distribution.
        dtype
            A floating dtype for the result.
        key
            A key of this tensor's framework (``ut.random.key``); NumPy and
            PyTorch transform Threefry-2x32 words with Box-Muller (their
            float32 samples lie within 5.8 standard deviations).

        Returns
        -------
        Tensor
            Shape ``shape``, on this tensor's framework and device.

        Raises
        ------
        TypeError
            If ``dtype`` is not a floating dtype (or unknown), or ``key`` is
            not an integer tensor of this framework.
            Also if ``shape`` is not an int or a sequence of ints.
        ValueError
            If ``key`` is not of shape (2,).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> n = ut.astensor(np.zeros(1, dtype=np.float32)).normal(4, dtype="float64")
        >>> n.shape, n.dtype
        ((4,), dtype('float64'))
        """
        dt = self._random_dtype(dtype)
        if key is not None:
            k = self._key_raw(key, "normal")
            return wrap(
                self.__class__,
                self._ns.normal_key(k, shape_tuple(shape), mean, stddev, dt, self.raw),
            )
        return wrap(self.__class__, self._ns.normal(shape_tuple(shape), mean, stddev, dt, self.raw))

    def randint(
        self,
        shape: int | Sequence[int],
        low: int,
        high: int | None = None,
        dtype: Any = None,
        *,
        key: Self | None = None,
    ) -> Self:
        """Random integers in ``[low, high)`` of ``shape`` (NumPy's ``Generator.integers``).

        With ``high`` omitted, the integers are in ``[0, low)``. The dtype is
        ``dtype`` if given, else this tensor's if it is an integer dtype,
        else int64 (int32 on JAX without 64-bit mode). The integers come
        from ``key``, or without it from the backend's generator, seeded by
        [`unitensor.seed`][unitensor.seed].

        Parameters
        ----------
        shape
            An int or a sequence of ints.
        low, high
            The bounds: ``low`` included, ``high`` excluded.
        dtype
            An integer dtype (not bool) holding both bounds.
        key
            A key of this tensor's framework (``ut.random.key``).

        Returns
        -------
        Tensor
            Shape ``shape``, on this tensor's framework and device.

        Raises
        ------
        TypeError
            If ``dtype`` is not an integer dtype, or ``key`` is not an
            integer tensor of this framework.
            Also if ``shape`` is not an int or a sequence of ints.
        ValueError
            If ``low >= high``, a bound does not fit the dtype (or int64),
            the range is wider than ``2**63 - 1``, or ``key`` is not of
            shape (2,).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> t = ut.astensor(np.zeros(1, dtype=np.float32))
        >>> r = t.randint((2, 5), 3, 7, key=ut.random.key(1, like=t))
        >>> r.shape, r.dtype, bool(((r >= 3) & (r < 7)).all())
        ((2, 5), dtype('int64'), True)
        """
        if high is None:
            low, high = 0, low
        if isinstance(low, bool) or isinstance(high, bool):
            raise TypeError("randint: the bounds are ints, not bools")
        low, high = int(low), int(high)
        if dtype is not None:
            dt = self._dtype_arg(dtype)
        elif self._kind(self.raw.dtype) in "iu":
            dt = self.raw.dtype
        else:
            dt = self._native_dtype(dtypes.DEFAULT_INT)
        if self._kind(dt) not in "iu":
            raise DTypeError(f"randint needs an integer dtype, got {dtype!r}")
        if low >= high:
            raise ValueError(f"randint: low={low} must be below high={high}")
        info = np.iinfo(self._dtype_name(dt))
        if low < max(int(info.min), -(2**63)) or high - 1 > min(int(info.max), 2**63 - 1):
            raise ValueError(
                f"randint: [{low}, {high}) does not fit {self._dtype_name(dt)} (and int64)"
            )
        if high - low > 2**63 - 1:
            raise ValueError(f"randint: the range [{low}, {high}) is wider than 2**63 - 1")
        if key is not None:
            k = self._key_raw(key, "randint")
            return wrap(
                self.__class__, self._ns.randint_key(k, shape_tuple(shape), low, high, dt, self.raw)
            )
        return wrap(self.__class__, self._ns.randint(shape_tuple(shape), low, high, dt, self.raw))

    def permutation(self, axis: int = 0, *, key: Self | None = None) -> Self:
        """This tensor with its slices along ``axis`` in a random order (NumPy's ``permutation``).

        A random permutation of ``range(n)`` is ``ut.arange(t, n).permutation()``.
        The order comes from ``key``, or without it from the backend's
        generator, seeded by [`unitensor.seed`][unitensor.seed].

        Parameters
        ----------
        axis
            The axis to shuffle.
        key
            A key of this tensor's framework (``ut.random.key``).

        Returns
        -------
        Tensor
            This tensor's shape and dtype.

        Raises
        ------
        AxisError
            If ``axis`` is out of range (a 0-d tensor has none).
        TypeError
            If ``key`` is not an integer tensor of this framework.
        ValueError
            If ``key`` is not of shape (2,).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> t = ut.astensor(np.arange(5))
        >>> p = t.permutation(key=ut.random.key(3, like=t))
        >>> sorted(p.numpy().tolist())
        [0, 1, 2, 3, 4]
        """
        ax = self._axis(axis)
        n = self.raw.shape[ax]
        if key is not None:
            idx = self._ns.permutation_key(self._key_raw(key, "permutation"), n, self.raw)
        else:
            idx = self._ns.permutation(n, self.raw)
        return wrap(self.__class__, self._ns.take(self.raw, idx, ax))

    def bernoulli(
        self, shape: int | Sequence[int], p: float | Self = 0.5, *, key: Self | None = None
    ) -> Self:
        """Random booleans of ``shape``, each true with probability ``p``.

        ``uniform(shape, key=key) < p``, drawn in float32 (or in ``p``'s
        floating dtype when ``p`` is a tensor).

        Parameters
        ----------
        shape
            An int or a sequence of ints.
        p
            The probability, in ``[0, 1]``: a number, or a floating tensor of
            this framework that broadcasts to ``shape``.
        key
            A key of this tensor's framework (``ut.random.key``).

        Returns
        -------
        Tensor
            Shape ``shape``, dtype bool, on this tensor's framework and device.

        Raises
        ------
        ValueError
            If a number ``p`` is not in ``[0, 1]``.
        TypeError
            If ``key`` is not an integer tensor of this framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> t = ut.astensor(np.zeros(1, dtype=np.float32))
        >>> b = t.bernoulli((2, 3), 0.0, key=ut.random.key(0, like=t))
        >>> b.dtype, bool(b.any())
        (dtype('bool'), False)
        """
        if isinstance(p, TensorBase):
            dt = p.raw.dtype if self._kind(p.raw.dtype) == "f" else dtypes.DEFAULT_FLOAT
            u = self.uniform(shape, dtype=dt, key=key)
            return u < p
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"bernoulli: p={p} is not a probability in [0, 1]")
        return self.uniform(shape, dtype=dtypes.DEFAULT_FLOAT, key=key) < p
