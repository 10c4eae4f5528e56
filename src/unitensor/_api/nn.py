"""Neural-network functions: ``softmax``, ``log_softmax``, ``crossentropy``,
``onehot_like`` and ``kl_div_with_logits``.
"""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

from typing import TYPE_CHECKING, Self

from .._errors import (
    IndexOutOfRangeError,
    ShapeError,
)
from ._base import (
    Reduction,
    Scalar,
    TensorBase,
    wrap,
)
from .linear_algebra import LinearAlgebra

if TYPE_CHECKING:
    pass


class NeuralNetwork(LinearAlgebra):
    """The methods of this chapter (see [`unitensor.Tensor`][unitensor.Tensor])."""

    __slots__ = ()

    def softmax(self, axis: int = -1) -> Self:
        """Softmax along ``axis``: ``exp(x) / sum(exp(x))``, computed stably.

        Parameters
        ----------
        axis
            The axis that holds the classes (the last by default).

        Returns
        -------
        Tensor
            Same shape; values in ``[0, 1]`` summing to 1 along ``axis``.
            Floats keep their dtype; bool and integer input gives float32.

        Raises
        ------
        AxisError
            If ``axis`` is out of range.
        TypeError
            If ``axis`` is not an int.
        DTypeError
            If the tensor is complex, on every backend (JAX would compute
            it, NumPy, PyTorch and TensorFlow refuse it).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([0.0, 0.0, np.log(2.0)], dtype=np.float32)).softmax()
        NumPyTensor(array([0.25, 0.25, 0.5 ], dtype=float32))
        """
        fused = self._ns.softmax
        if fused is not None:
            return wrap(self.__class__, fused(self._real_floating("softmax"), self._axis(axis)))
        return self.log_softmax(axis).exp()

    def log_softmax(self, axis: int = -1) -> Self:
        """Logarithm of [`softmax`][unitensor.Tensor.softmax] along ``axis``, computed stably.

        Parameters
        ----------
        axis
            The axis that holds the classes (the last by default).

        Returns
        -------
        Tensor
            Same shape; ``x - logsumexp(x, axis, keepdims=True)``. Floats
            keep their dtype; bool and integer input gives float32.

        Raises
        ------
        AxisError
            If ``axis`` is out of range.
        TypeError
            If ``axis`` is not an int.
        DTypeError
            If the tensor is complex, on every backend (as
            [`softmax`][unitensor.Tensor.softmax]).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([1.0, 1.0], dtype=np.float32))
        >>> x.log_softmax().exp()
        NumPyTensor(array([0.5, 0.5], dtype=float32))
        """
        ax = self._axis(axis)
        fused = self._ns.log_softmax
        if fused is not None:
            return wrap(self.__class__, fused(self._real_floating("log_softmax"), ax))
        x = wrap(self.__class__, self._real_floating("log_softmax"))
        return x - x.logsumexp(ax, keepdims=True)

    def crossentropy(self, labels: TensorBase, *, reduction: Reduction = "none") -> Self:
        """Softmax cross-entropy of logits ``self`` against integer ``labels``.

        Parameters
        ----------
        labels
            Integer class indices, shape ``self.shape[:-1]``.
        reduction
            ``"none"`` (the default) gives one loss per label; ``"mean"``
            and ``"sum"`` their mean and sum, as PyTorch's ``reduction``
            (where PyTorch computes the mean in the same kernel as the
            losses: its float32 and float64 logits do).

        Returns
        -------
        Tensor
            ``-log_softmax(self)[..., labels]``, shape ``self.shape[:-1]``,
            the float dtype of the logits; 0-d with ``"mean"`` or ``"sum"``
            (the mean of no labels is NaN).

        Raises
        ------
        ValueError
            If ``self`` is 0-d, ``labels.shape != self.shape[:-1]``, or
            ``reduction`` is none of the three.
        TypeError
            If ``labels`` belongs to another framework.
        DTypeError
            If the logits are complex, on every backend.
        IndexOutOfRangeError
            If a label is outside ``[0, self.shape[-1])``, where its value
            can be read: eagerly (traced code checks it only under
            ``ut.jit(f, checks=True)``; Dask raises its own error when it
            computes). PyTorch's kernel inside ``torch.compile`` or
            ``torch.func`` leaves out a label of -2**63 instead.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> logits = ut.astensor(np.array([[0.0, 0.0], [0.0, 0.0]], dtype=np.float32))
        >>> loss = logits.crossentropy(np.array([0, 1]))
        >>> loss.shape, loss.dtype, loss[0].item()
        ((2,), dtype('float32'), 0.6931)
        >>> logits.crossentropy(np.array([0, 1]), reduction="sum").item()
        1.3863
        """
        a = self.raw
        if reduction == "mean" and labels.__class__ is self.__class__:  # the common call first
            fused = self._float_ns.crossentropy_mean
            b = labels.raw
            sa, sb, dt = a.shape, b.shape, a.dtype
            if (
                fused is not None
                and dt in self._float_dtypes
                and dt not in self._half_dtypes
                and self._kind_of.get(b.dtype) in ("i", "u")
                and len(sa) == 2
                and len(sb) == 1
                and sb[0] == sa[0]  # (rather than sb == sa[:1]: a new torch.Size, 0.5 µs)
            ):  # what the checks below pass: the fused mean of float logits (N, C)
                return wrap(self.__class__, fused(a, b))
        if reduction not in ("none", "mean", "sum"):
            raise ValueError(
                f"crossentropy: reduction must be 'none', 'mean' or 'sum', got {reduction!r}"
            )
        lab = wrap(self.__class__, self._unwrap(labels))
        if len(self.raw.shape) < 1 or tuple(lab.shape) != tuple(self.shape[:-1]):
            raise ShapeError(
                f"crossentropy: logits {self.shape} need labels of shape {self.shape[:-1]}, "
                f"got {lab.shape}"
            )
        self._integer_indices(lab.raw, "crossentropy labels")
        logits = self._real_floating("crossentropy")
        if reduction == "mean" and self._ns.crossentropy_mean is not None:
            if logits.dtype not in self._half_dtypes:  # (half precision: a float32 mean below)
                return wrap(self.__class__, self._ns.crossentropy_mean(logits, lab.raw))
        fused = self._ns.crossentropy
        if fused is not None:  # the fused kernels check the label range themselves
            losses = wrap(self.__class__, fused(logits, lab.raw))
        else:
            if lab.size and bool(lab.min() < 0):  # take_along_axis below checks the top
                n = self.raw.shape[-1]
                raise IndexOutOfRangeError(f"crossentropy: labels must be in [0, {n})")
            logp = self.log_softmax(-1)
            losses = -logp.take_along_axis(lab.expand_dims(-1), -1).squeeze(-1)
        if reduction == "none":
            return losses
        return losses.mean() if reduction == "mean" else losses.sum()

    def onehot_like(self, indices: TensorBase, *, value: Scalar = 1) -> Self:
        """A tensor shaped and typed like ``self`` (N, C) with ``value`` at ``[i, indices[i]]``.

        Parameters
        ----------
        indices
            Integer class indices of shape (N,), a tensor or native array
            of this framework, in ``[0, C)`` (an index outside that range
            is not an error: its row is all zeros).
        value
            The value at the indexed positions (keyword only); every other
            entry is 0.

        Returns
        -------
        Tensor
            Shape (N, C) and ``self``'s dtype (``value`` is cast to it).

        Raises
        ------
        ValueError
            If ``self`` is not 2-d or ``indices`` is not of shape (N,).
        TypeError
            If ``indices`` belongs to another framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> t = ut.astensor(np.zeros((2, 3), dtype=np.float32))
        >>> t.onehot_like(np.array([2, 0]))
        NumPyTensor(array([[0., 0., 1.],
                           [1., 0., 0.]], dtype=float32))
        """
        idx = wrap(self.__class__, self._unwrap(indices))
        if len(self.raw.shape) != 2 or tuple(idx.shape) != (self.shape[0],):
            raise ShapeError(
                f"onehot_like needs a (N, C) template and (N,) indices, "
                f"got {self.shape} and {idx.shape}"
            )
        mask = self.arange(self.shape[1]) == idx.expand_dims(-1)
        return mask.where(self.full_like(value), self.zeros_like())

    def kl_div_with_logits(
        self, logits_q: TensorBase, axis: int = -1, keepdims: bool = False
    ) -> Self:
        """Kullback-Leibler divergence KL(p || q) of two distributions given as logits.

        ``p = softmax(self, axis)`` and ``q = softmax(logits_q, axis)``; the
        result is ``sum(p * (log p - log q), axis)``, computed from
        log-softmax for stability.

        Parameters
        ----------
        logits_q
            A float tensor or native array of this framework that broadcasts
            with ``self``.
        axis
            The axis that holds the classes (any axis).
        keepdims
            Keep the reduced axis with length 1.

        Returns
        -------
        Tensor
            Shape of the broadcast inputs without ``axis`` (or with length 1
            there), their float dtype (integer input gives float32);
            non-negative up to rounding.

        Raises
        ------
        AxisError
            If ``axis`` is out of range.
        ValueError
            If the shapes do not broadcast.
        TypeError
            If ``logits_q`` belongs to another framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> p = ut.astensor(np.array([[0.0, 0.0], [1.0, 2.0]], dtype=np.float32))
        >>> p.kl_div_with_logits(p)
        NumPyTensor(array([0., 0.], dtype=float32))
        >>> p[0].kl_div_with_logits(np.array([0.0, 2.0], dtype=np.float32)).item()
        0.4338
        """
        log_p = self.log_softmax(axis)
        log_q = wrap(self.__class__, self._unwrap(logits_q)).log_softmax(axis)
        return (log_p.exp() * (log_p - log_q)).sum(axis, keepdims)
