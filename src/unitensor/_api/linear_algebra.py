"""Linear algebra: ``matmul`` (``@``), ``matrix_transpose`` (``mT``), ``tensordot``,
``vecdot``, ``inv``, ``slogdet``, the vector norms ``t.norms``, and ``einsum``.
"""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

import math
import string
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Generic, Self, TypeVar, cast

from .._errors import (
    AxisError,
    ShapeError,
)
from ._base import (
    Axes,
    TensorBase,
    as_tensor,
    check_broadcast,
    joined,
    sharding_error,
    wrap,
)
from .set import Set

if TYPE_CHECKING:
    from .._tensor import Tensor

_TensorT = TypeVar("_TensorT", bound="Tensor")


class LinearAlgebra(Set):
    """The methods of this chapter (see [`unitensor.Tensor`][unitensor.Tensor])."""

    __slots__ = ()

    def matmul(self, other: TensorBase) -> Self:
        """Matrix product with NumPy's ``matmul`` semantics.

        1-d operands are treated as vectors; leading axes broadcast as a
        batch. Dtypes promote as ``+``.

        Parameters
        ----------
        other
            A tensor or native array of this framework, at least 1-d.

        Returns
        -------
        Tensor
            ``(..., n, k) @ (..., k, m)`` gives ``(..., n, m)``; a 1-d
            operand's vector axis is dropped from the result (two vectors
            give a 0-d tensor). Dtype promoted as for ``+``.

        Raises
        ------
        ValueError
            If the inner dimensions differ or an operand is 0-d.
        TypeError
            If ``other`` belongs to another framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> a = ut.astensor(np.array([[1.0, 2.0], [3.0, 4.0]], dtype=np.float32))
        >>> a.matmul(np.array([1.0, 1.0], dtype=np.float32))
        NumPyTensor(array([3., 7.], dtype=float32))
        >>> (a @ a).shape
        (2, 2)
        """
        a = self.raw
        if other.__class__ is self.__class__:  # the common case first: two float matrices
            b = other.raw
            sa, sb = a.shape, b.shape
            try:  # (no cost unless it raises)
                matrices = len(sa) == 2 and len(sb) == 2 and sa[1].__class__ is int
            except ValueError:  # a TensorFlow graph's shape of unknown rank has no len
                matrices = False
            if matrices and a.dtype is b.dtype and sa[1] == sb[0] and a.dtype in self._float_dtypes:
                try:
                    return wrap(self.__class__, self._float_ns.matmul(a, b))
                except self._ns.sharding_errors as e:
                    raise sharding_error(e) from e
        a, b = self._operands(other, False)
        if not hasattr(b, "shape") or len(a.shape) == 0 or len(b.shape) == 0:
            raise ShapeError("matmul does not take scalars or 0-d tensors; use * instead")
        ka = a.shape[-1]
        kb = b.shape[0] if len(b.shape) == 1 else b.shape[-2]
        if ka != kb:
            raise ShapeError(
                f"matmul: inner dimensions differ, {tuple(a.shape)} @ {tuple(b.shape)}"
            )
        if len(a.shape) > 2 or len(b.shape) > 2:
            check_broadcast(tuple(a.shape[:-2]), tuple(b.shape[:-2]))
        if self._dtype_name(a.dtype) == "bool":  # as NumPy: any(a_ik and b_kj)
            i32 = self._native_dtype("int32")
            ns = self._ns
            product = ns.matmul(ns.astype(a, i32), ns.astype(b, i32))
            return wrap(self.__class__, ns.not_equal(product, 0))
        try:
            return wrap(self.__class__, self._ns.matmul(a, b))
        except self._ns.sharding_errors as e:
            raise sharding_error(e) from e

    def __matmul__(self, other: TensorBase) -> Self:
        """Matrix product ``self @ other``, see [`matmul`][unitensor.Tensor.matmul].

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> a = ut.astensor(np.eye(2, dtype=np.float32))
        >>> (a @ np.array([1.0, 2.0], dtype=np.float32))
        NumPyTensor(array([1., 2.], dtype=float32))
        """
        return self.matmul(other)

    def __rmatmul__(self, other: TensorBase) -> Self:
        """Matrix product ``other @ self`` (``other`` a native array of this framework).

        Shapes and dtypes as [`matmul`][unitensor.Tensor.matmul]. Unlike
        [`matmul`][unitensor.Tensor.matmul], the shapes are not checked
        here; the framework raises its own error.

        Raises
        ------
        TypeError
            If ``other`` belongs to another framework.

        Examples
        --------
        >>> import torch
        >>> import unitensor as ut
        >>> (torch.ones(1, 2) @ ut.astensor(torch.ones(2, 3))).shape
        (1, 3)
        """
        a, b = self._operands(other, False)
        try:
            return wrap(self.__class__, self._ns.matmul(b, a))
        except self._ns.sharding_errors as e:
            raise sharding_error(e) from e

    @property
    def mT(self) -> Self:
        """The matrices of the last two axes transposed (the standard's ``mT``).

        See [`matrix_transpose`][unitensor.Tensor.matrix_transpose].

        Raises
        ------
        ValueError
            If the tensor is not at least 2-d (``ShapeError``).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.zeros((5, 2, 3))).mT.shape
        (5, 3, 2)
        """
        return self.matrix_transpose()

    def matrix_transpose(self) -> Self:
        """The matrices of the last two axes transposed (the standard's ``matrix_transpose``).

        Returns
        -------
        Tensor
            Shape ``(..., n, m)`` for ``(..., m, n)`` input; the same dtype.

        Raises
        ------
        ValueError
            If the tensor is not at least 2-d (``ShapeError``).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([[1, 2, 3], [4, 5, 6]])).matrix_transpose()
        NumPyTensor(array([[1, 4],
                           [2, 5],
                           [3, 6]]))
        """
        a = self.raw
        n = len(a.shape)
        if n < 2:
            raise ShapeError(f"matrix_transpose needs a tensor of at least 2 axes, got {n}")
        try:
            return wrap(self.__class__, self._ns.permute_dims(a, (*range(n - 2), n - 1, n - 2)))
        except self._ns.sharding_errors as e:
            raise sharding_error(e) from e

    def tensordot(
        self, other: TensorBase, axes: int | tuple[Sequence[int], Sequence[int]] = 2
    ) -> Self:
        """Tensor contraction over ``axes`` (the standard's and NumPy's ``tensordot``).

        Dtypes promote as ``+``; bool operands contract as NumPy's (products
        are logical and, sums logical or).

        Parameters
        ----------
        other
            A tensor or native array of this framework.
        axes
            An int ``N >= 0``: contract the last ``N`` axes of ``self`` with
            the first ``N`` of ``other`` (0 gives the outer product); or a
            pair ``(self_axes, other_axes)`` of equally long sequences of
            axes (negative counts from the end; an int stands for one axis),
            contracted pairwise.

        Returns
        -------
        Tensor
            The axes of ``self`` not contracted, then those of ``other``;
            the promoted dtype.

        Raises
        ------
        ValueError
            If contracted axes differ in size, the two sequences differ in
            length, ``N`` exceeds a rank (``ShapeError``), or ``N`` is
            negative.
        AxisError
            If an axis is out of range or repeated.
        TypeError
            If ``axes`` is neither an int nor a pair, or ``other`` belongs
            to another framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> a = ut.astensor(np.arange(6.0).reshape(2, 3))
        >>> a.tensordot(np.ones((3, 4)), axes=1).shape
        (2, 4)
        >>> a.tensordot(np.ones((2, 3)))
        NumPyTensor(array(15.))
        >>> a.tensordot(np.ones((4, 2)), axes=([0], [1])).shape
        (3, 4)
        """
        a, b = self._operands(other, False)
        if not hasattr(b, "shape"):
            raise ShapeError("tensordot needs two tensors, not a Python scalar")
        na, nb = len(a.shape), len(b.shape)
        value: Any = axes  # callers may pass anything despite the annotation
        if isinstance(value, bool) or not isinstance(value, (int, tuple, list)):
            raise TypeError(f"tensordot: axes must be an int or a pair of sequences, got {axes!r}")
        if isinstance(axes, int):
            if axes < 0:
                raise ValueError(f"tensordot: axes must be non-negative, got {axes}")
            if axes > min(na, nb):
                raise ShapeError(
                    f"tensordot: cannot contract {axes} axes of shapes "
                    f"{tuple(a.shape)} and {tuple(b.shape)}"
                )
            axes_a = tuple(range(na - axes, na))
            axes_b = tuple(range(axes))
        else:
            if len(axes) != 2:
                raise TypeError(f"tensordot: axes must be a pair of sequences, got {axes!r}")
            first, second = ((s,) if isinstance(s, int) else tuple(s) for s in axes)
            if len(first) != len(second):
                raise ShapeError(f"tensordot: axes {axes!r} name different numbers of axes")
            axes_a = tuple(self._axis(i, na) for i in first)
            axes_b = tuple(self._axis(i, nb) for i in second)
            if len(set(axes_a)) != len(axes_a) or len(set(axes_b)) != len(axes_b):
                raise AxisError(f"tensordot: repeated axis in {axes!r}")
        for i, j in zip(axes_a, axes_b, strict=True):
            if a.shape[i] != b.shape[j]:
                raise ShapeError(
                    f"tensordot: contracted axes differ in size, {tuple(a.shape)} axis {i} "
                    f"and {tuple(b.shape)} axis {j}"
                )
        ns = self._ns
        cls = self.__class__
        return wrap(
            cls, _products(cls, [a, b], lambda r: ns.tensordot(r[0], r[1], (axes_a, axes_b)))
        )

    def vecdot(self, other: TensorBase, axis: int = -1) -> Self:
        """Dot products of the vectors along ``axis`` (the standard's and NumPy's ``vecdot``).

        Complex ``self`` is conjugated: ``sum(conj(self) * other)``.

        The other axes broadcast; dtypes promote as ``+`` (bool as logical
        and / or).

        Parameters
        ----------
        other
            A tensor or native array of this framework.
        axis
            The axis holding the vectors, of each operand (negative counts
            from its end; the standard allows only negative ones).

        Returns
        -------
        Tensor
            The broadcast shape of the other axes (0-d for two vectors); the
            promoted dtype.

        Raises
        ------
        ValueError
            If the vector axes differ in size, the other axes do not
            broadcast, or an operand is 0-d (``ShapeError``).
        AxisError
            If ``axis`` is out of range for an operand.
        TypeError
            If ``other`` belongs to another framework.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> v = ut.astensor(np.array([[1.0, 2.0], [3.0, 4.0]], dtype=np.float32))
        >>> v.vecdot(np.array([1.0, 1.0], dtype=np.float32))
        NumPyTensor(array([3., 7.], dtype=float32))
        >>> v.vecdot(v, axis=0)
        NumPyTensor(array([10., 20.], dtype=float32))
        """
        a, b = self._operands(other, False)
        if not hasattr(b, "shape") or len(a.shape) == 0 or len(b.shape) == 0:
            raise ShapeError("vecdot needs two tensors of at least 1 axis")
        cls = self.__class__
        ax_a, ax_b = self._axis(axis, len(a.shape)), self._axis(axis, len(b.shape))
        if a.shape[ax_a] != b.shape[ax_b]:
            raise ShapeError(
                f"vecdot: the vector axes differ in size, {tuple(a.shape)} axis {ax_a} and "
                f"{tuple(b.shape)} axis {ax_b}"
            )
        ns = self._ns
        if cls._kind(a.dtype) == "c":  # the standard's complex dot product conjugates x1
            a = ns.conj(a)
        a, b = _to_last(ns, a, ax_a), _to_last(ns, b, ax_b)
        check_broadcast(tuple(a.shape[:-1]), tuple(b.shape[:-1]))
        return wrap(cls, _einsum_raw(cls, "...i,...i->...", [a, b]))

    def _check_square(self, what: str) -> None:
        shape = self.shape
        if len(shape) < 2 or shape[-1] != shape[-2]:
            raise ShapeError(f"{what} needs (..., n, n) square matrices, got shape {shape}")

    def inv(self) -> Self:
        """Inverse of the square matrices in the last two axes.

        Input (..., n, n) float; output the same shape and dtype.

        Returns
        -------
        Tensor
            Shape (..., n, n); floats keep their dtype, bool and integer
            input gives float32. What a singular matrix gives depends on
            the framework (an error, or inf/NaN values).

        Raises
        ------
        ValueError
            If the tensor is not at least 2-d or the last two axes are not
            square.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([[2.0, 0.0], [0.0, 4.0]], dtype=np.float32)).inv()
        NumPyTensor(array([[0.5 , 0.  ],
                           [0.  , 0.25]], dtype=float32))
        """
        self._check_square("inv")
        return wrap(self.__class__, self._ns.inv(self._floating_any()))

    def slogdet(self) -> tuple[Self, Self]:
        """Sign and natural log of the absolute determinant of square matrices.

        Input (..., n, n) float; returns ``(sign, logabsdet)``, each of
        shape (...) and the input's dtype. A singular matrix gives sign 0
        and logabsdet -inf.

        Returns
        -------
        (Tensor, Tensor)
            ``sign`` and ``logabsdet``, each of shape (...); floats keep
            their dtype, bool and integer input gives float32.

        Raises
        ------
        ValueError
            If the tensor is not at least 2-d or the last two axes are not
            square.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([[-2.0, 0.0], [0.0, 3.0]], dtype=np.float32))
        >>> sign, logabsdet = x.slogdet()
        >>> sign.item(), logabsdet.item()
        (-1.0, 1.7918)
        """
        self._check_square("slogdet")
        sign, logabsdet = self._ns.slogdet(self._floating_any())
        return wrap(self.__class__, sign), wrap(self.__class__, logabsdet)

    @property
    def norms(self) -> NormsAccessor[Self]:
        """The norms of [`unitensor.norms`][unitensor.norms] as methods: ``t.norms.l2(axis=-1)``.

        Returns
        -------
        NormsAccessor
            An object with the methods ``l0``, ``l1``, ``l2``, ``linf`` and
            ``lp``, each taking ``axis`` and ``keepdims`` (``lp`` takes
            ``p`` first) and returning the norm in ``t``'s float dtype
            (integer input gives float32).

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> x = ut.astensor(np.array([[3.0, 4.0], [0.0, -2.0]], dtype=np.float32))
        >>> x.norms.l2(axis=-1)
        NumPyTensor(array([5., 2.], dtype=float32))
        """
        return NormsAccessor(self)


def _to_last(ns: Any, a: Any, axis: int) -> Any:
    """``a`` with ``axis`` moved to the end."""
    n = len(a.shape)
    if axis == n - 1:
        return a
    return ns.permute_dims(a, (*range(axis), *range(axis + 1, n), axis))


def _products(cls: type[TensorBase], raws: list[Any], fn: Callable[[list[Any]], Any]) -> Any:
    """``fn(raws)``, a sum of products; bool operands as NumPy's (and, then or).

    PyTorch and TensorFlow have no such kernels for bool: the operands go in
    as int32 and the result comes out ``!= 0``.
    """
    if cls._kind(raws[0].dtype) != "b":
        return fn(raws)
    ns = cls._ns
    i32 = cls._native_dtype("int32")
    return ns.not_equal(fn([ns.astype(r, i32) for r in raws]), 0)


_LETTERS = frozenset(string.ascii_letters)


def _einsum_term(term: str, k: int) -> list[str]:
    """The labels of one operand's subscripts: letters, and ``"..."`` at most once."""
    labels: list[str] = []
    i = 0
    while i < len(term):
        c = term[i]
        if c == ".":
            if term[i : i + 3] != "...":
                raise ValueError(f"einsum: operand {k} has a '.' that is not part of '...'")
            if "..." in labels:
                raise ValueError(f"einsum: operand {k} has more than one '...'")
            labels.append("...")
            i += 3
        elif c in _LETTERS:
            labels.append(c)
            i += 1
        else:
            raise ValueError(f"einsum: invalid subscript {c!r}; subscripts are letters")
    return labels


def _einsum_plan(
    subscripts: str, shapes: Sequence[tuple[int, ...]]
) -> tuple[str, list[tuple[int, ...]]]:
    """NumPy's ``einsum`` subscripts as the ``einsum`` primitive takes them.

    Returns the explicit subscripts of letters only (``"..."`` replaced by
    letters of its own, the implicit output made explicit: the ``...`` axes,
    then the labels used once, in alphabetical order) and, for each operand,
    its axes of length 1 that broadcast against a longer axis of the same
    label: those are squeezed out and their labels dropped.

    Raises
    ------
    ValueError
        If the subscripts are malformed, name a wrong number of operands, or
        an output label twice or not among the inputs; ``ShapeError`` if an
        operand's rank or sizes do not fit its subscripts.
    """
    value: Any = subscripts  # callers may pass anything despite the annotation
    if not isinstance(value, str):
        raise TypeError(f"einsum: subscripts must be a str, got {type(value).__name__}")
    text = subscripts.replace(" ", "")
    inputs, arrow, output = text.partition("->")
    if "->" in output:
        raise ValueError(f"einsum: invalid subscripts {subscripts!r} (two '->')")
    terms = [_einsum_term(t, k) for k, t in enumerate(inputs.split(","))]
    if len(terms) != len(shapes):
        raise ValueError(
            f"einsum: the subscripts {subscripts!r} name {len(terms)} operands, {len(shapes)} given"
        )
    used = {c for term in terms for c in term if c != "..."}
    ranks: list[int] = []
    for k, (term, shape) in enumerate(zip(terms, shapes, strict=True)):
        named = len(term) - ("..." in term)
        rank = len(shape) - named
        if rank < 0 or (rank > 0 and "..." not in term):
            raise ShapeError(
                f"einsum: operand {k} of shape {shape} does not fit its subscripts {term}"
            )
        ranks.append(rank)
    fresh = sorted(set(string.ascii_letters) - used)
    width = max(ranks, default=0)
    if width > len(fresh):
        raise ValueError("einsum: too many axes for the 52 letters of the subscripts")
    ellipsis = fresh[:width]
    expanded: list[list[str]] = []
    for term, rank in zip(terms, ranks, strict=True):
        if "..." in term:
            i = term.index("...")
            term = [*term[:i], *ellipsis[width - rank :], *term[i + 1 :]]
        expanded.append(term)
    size: dict[str, int] = {}
    for k, (term, shape) in enumerate(zip(expanded, shapes, strict=True)):
        own: dict[str, int] = {}
        for c, n in zip(term, shape, strict=True):
            if own.setdefault(c, n) != n:
                raise ShapeError(f"einsum: operand {k} has sizes {own[c]} and {n} for {c!r}")
        for c, n in own.items():
            m = size.setdefault(c, n)
            if m != n and 1 not in (m, n):
                raise ShapeError(
                    f"einsum: sizes {m} and {n} for {c!r} do not broadcast (operand {k})"
                )
            if m == 1:
                size[c] = n
    if arrow:
        out = _einsum_term(output, len(terms))
        if len(set(out)) != len(out):
            raise ValueError(f"einsum: the output {output!r} names a subscript twice")
        for c in out:
            if c != "..." and c not in used:
                raise ValueError(f"einsum: the output subscript {c!r} is not among the inputs")
        if "..." in out:
            i = out.index("...")
            out = [*out[:i], *ellipsis, *out[i + 1 :]]
        elif width:
            raise ShapeError("einsum: the output needs '...' for the axes the inputs' '...' cover")
    else:
        counts: dict[str, int] = {}
        for term in terms:
            for c in term:
                counts[c] = counts.get(c, 0) + 1
        out = [*ellipsis, *sorted(c for c, n in counts.items() if n == 1 and c != "...")]
    squeezed: list[tuple[int, ...]] = []
    kept: list[str] = []
    for term, shape in zip(expanded, shapes, strict=True):
        drop = tuple(i for i, (c, n) in enumerate(zip(term, shape, strict=True)) if n != size[c])
        squeezed.append(drop)
        kept.append("".join(c for i, c in enumerate(term) if i not in drop))
    return ",".join(kept) + "->" + "".join(out), squeezed


def _einsum_raw(cls: type[TensorBase], subscripts: str, raws: list[Any]) -> Any:
    """``einsum`` of native arrays of one dtype (NumPy's subscripts)."""
    plan, squeezed = _einsum_plan(subscripts, [tuple(r.shape) for r in raws])
    ns = cls._ns
    raws = [ns.squeeze(r, drop) if drop else r for r, drop in zip(raws, squeezed, strict=True)]
    return _products(cls, raws, lambda rs: ns.einsum(plan, rs))


def einsum(subscripts: str, *operands: _TensorT) -> _TensorT:
    """Einstein summation, NumPy's ``einsum``, on every framework.

    Each operand's axes get a letter in ``subscripts`` (``"ij,jk->ik"`` is
    a matrix product); letters that are not in the output are summed over.
    Without ``->`` the output is implicit: the letters used once, in
    alphabetical order (uppercase first). ``...`` stands for the leading (or
    any contiguous) axes not named, broadcast between operands; axes of
    length 1 broadcast against a longer axis of the same letter, as in
    NumPy. A letter repeated in one operand takes a diagonal (``"ii->i"``).

    Parameters
    ----------
    subscripts
        The subscripts, such as ``"bij,bjk->bik"``, ``"ii"`` or
        ``"...i,...i"``; spaces are ignored.
    *operands
        Tensors (or native arrays) of one framework, one per comma-separated
        term; dtypes promote as ``+`` (bool products are logical and, sums
        logical or, as in NumPy).

    Returns
    -------
    Tensor
        The output's axes in the order of its letters; the promoted dtype.

    Raises
    ------
    ValueError
        If the subscripts are malformed (a character other than letters,
        ``,``, ``->`` and ``...``), name another number of operands than
        given, or an output letter twice or not among the inputs; as
        ``ShapeError`` if an operand's rank does not fit its subscripts or
        the sizes of a letter neither match nor broadcast.
    TypeError
        If ``subscripts`` is not a str (NumPy's interleaved form
        ``einsum(a, [0, 1], b, [1, 2])`` is not supported), or the operands
        belong to different frameworks.

    Notes
    -----
    The subscripts are checked and made explicit here, so every framework
    receives letters only (no ``...``, no implicit output, no axes of length
    1 to broadcast, which TensorFlow refuses), and raises the same errors.
    PyTorch and TensorFlow have no bool kernels (the bools are contracted as
    int32, then compared with 0); TensorFlow has none for int8, int16, uint8,
    uint16 and uint32 (computed in int32 or int64 and cast back, wrapping
    around as NumPy does). NumPy's ``optimize`` argument is not offered:
    each framework orders the contractions itself.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> a = ut.astensor(np.arange(6.0).reshape(2, 3))
    >>> ut.einsum("ij,kj->ik", a, a)
    NumPyTensor(array([[ 5., 14.],
                       [14., 50.]]))
    >>> ut.einsum("ij", a).shape, ut.einsum("ji", a).shape, ut.einsum("ij->", a).item()
    ((2, 3), (3, 2), 15.0)
    >>> ut.einsum("...j,j", a, np.ones(3))
    NumPyTensor(array([ 3., 12.]))
    """
    cls, raws = joined(operands, "einsum")
    return cast(_TensorT, wrap(cls, _einsum_raw(cls, subscripts, raws)))


_T = TypeVar("_T", bound="Set")


class NormsAccessor(Generic[_T]):
    """``t.norms``: the functions of [`unitensor.norms`][unitensor.norms] bound to ``t``."""

    __slots__ = ("_t",)

    def __init__(self, t: _T) -> None:
        self._t = t

    def l0(self, axis: Axes = None, keepdims: bool = False) -> _T:
        """Number of non-zero elements along ``axis``.

        See [`unitensor.norms.l0`][unitensor.norms.l0].

        Parameters
        ----------
        axis
            An int, a tuple of ints, or ``None`` for all axes.
        keepdims
            Keep the reduced axes with length 1.

        Returns
        -------
        Tensor
            The reduced shape, the tensor's float dtype (integer input
            gives float32).

        Raises
        ------
        AxisError
            If an axis is out of range or repeated.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([0.0, 2.0, -1.0], dtype=np.float32)).norms.l0()
        NumPyTensor(np.float32(2.0))
        """
        t = self._t
        xf = wrap(t.__class__, t._floating_any())
        return xf.astype("bool").astype(xf.dtype).sum(axis, keepdims)

    def l1(self, axis: Axes = None, keepdims: bool = False) -> _T:
        """Sum of absolute values along ``axis``.

        See [`unitensor.norms.l1`][unitensor.norms.l1].

        Parameters
        ----------
        axis
            An int, a tuple of ints, or ``None`` for all axes.
        keepdims
            Keep the reduced axes with length 1.

        Returns
        -------
        Tensor
            The reduced shape, the tensor's float dtype (integer input
            gives float32).

        Raises
        ------
        AxisError
            If an axis is out of range or repeated.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([[3, -4], [1, 1]])).norms.l1(axis=1)
        NumPyTensor(array([7., 2.], dtype=float32))
        """
        t = self._t
        return wrap(t.__class__, t._floating_any()).abs().sum(axis, keepdims)

    def l2(self, axis: Axes = None, keepdims: bool = False) -> _T:
        """Euclidean norm along ``axis``.

        See [`unitensor.norms.l2`][unitensor.norms.l2].

        Parameters
        ----------
        axis
            An int, a tuple of ints, or ``None`` for all axes.
        keepdims
            Keep the reduced axes with length 1.

        Returns
        -------
        Tensor
            The reduced shape, the tensor's float dtype (integer input
            gives float32). The gradient at 0 is 0.

        Raises
        ------
        AxisError
            If an axis is out of range or repeated.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([[3.0, -4.0]], dtype=np.float32)).norms.l2(axis=1, keepdims=True)
        NumPyTensor(array([[5.]], dtype=float32))
        """
        t = self._t
        s = wrap(t.__class__, t._floating_any()).square().sum(axis, keepdims)
        nonzero = s.not_equal(0)  # NaN counts as nonzero: its norm is NaN
        return nonzero.where(nonzero.where(s, 1).sqrt(), 0)

    def linf(self, axis: Axes = None, keepdims: bool = False) -> _T:
        """Largest absolute value along ``axis``.

        See [`unitensor.norms.linf`][unitensor.norms.linf].

        Parameters
        ----------
        axis
            An int, a tuple of ints, or ``None`` for all axes.
        keepdims
            Keep the reduced axes with length 1.

        Returns
        -------
        Tensor
            The reduced shape, the tensor's float dtype (integer input
            gives float32).

        Raises
        ------
        AxisError
            If an axis is out of range or repeated.
        ValueError
            If a reduced axis is empty.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([3.0, -4.0], dtype=np.float32)).norms.linf().item()
        4.0
        """
        t = self._t
        return wrap(t.__class__, t._floating_any()).abs().max(axis, keepdims)

    def lp(self, p: float, axis: Axes = None, keepdims: bool = False) -> _T:
        """The p-norm ``sum(|x|**p) ** (1/p)`` along ``axis``.

        See [`unitensor.norms.lp`][unitensor.norms.lp].

        Parameters
        ----------
        p
            The order, ``p >= 0``; 0, 1, 2 and ``inf`` give ``l0``, ``l1``,
            ``l2`` and ``linf``.
        axis
            An int, a tuple of ints, or ``None`` for all axes.
        keepdims
            Keep the reduced axes with length 1.

        Returns
        -------
        Tensor
            The reduced shape, the tensor's float dtype (integer input
            gives float32).

        Raises
        ------
        ValueError
            If ``p`` is negative or NaN.
        AxisError
            If an axis is out of range or repeated.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> ut.astensor(np.array([3.0, -4.0], dtype=np.float32)).norms.lp(1).item()
        7.0
        """
        if not p >= 0:
            raise ValueError(f"lp norm needs p >= 0, got {p}")
        if p == 0:
            return self.l0(axis, keepdims)
        if p == 1:
            return self.l1(axis, keepdims)
        if p == 2:
            return self.l2(axis, keepdims)
        if math.isinf(p):
            return self.linf(axis, keepdims)
        t = self._t
        return (wrap(t.__class__, t._floating_any()).abs() ** p).sum(axis, keepdims) ** (1 / p)


_EPS = {"float16": 2.0**-10, "bfloat16": 2.0**-7, "float32": 2.0**-23, "float64": 2.0**-52}
_EPS.update(complex64=_EPS["float32"], complex128=_EPS["float64"])
"""Machine epsilon of the float dtypes: the default ``rtol`` of ``pinv`` and ``matrix_rank``."""


# ---------------------------------------------------------------- helpers of linalg


def matrices(x: Any, what: str, square: bool = False) -> LinearAlgebra:
    """``x`` as a tensor of at least 2 axes (square in the last two if ``square``).

    Raises
    ------
    ShapeError
        If it has fewer axes, or its matrices are not square.
    """
    t: LinearAlgebra = as_tensor(x)
    shape = t.shape
    if len(shape) < 2:
        raise ShapeError(f"{what} needs (..., m, n) matrices, got shape {shape}")
    if square and shape[-1] != shape[-2]:
        raise ShapeError(f"{what} needs (..., n, n) square matrices, got shape {shape}")
    return t


def float_values(t: TensorBase) -> tuple[Any, Any]:
    """``t``'s values for a float primitive, and the dtype its results get back.

    Bool and integers go in as float32 (the results stay float32); float16
    and bfloat16 go in as float32, and the results are cast back to them
    (``None`` is returned where nothing is cast back); complex64 and
    complex128 go in as they are.
    """
    cls = type(t)
    a = t.raw
    kind = cls._kind(a.dtype)
    if kind == "c":
        return a, None
    if kind == "f" and a.dtype not in cls._half_dtypes:
        return a, None
    back = a.dtype if kind == "f" else None
    return cls._ns.astype(a, cls._native_dtype("float32")), back


def result_of(cls: type[TensorBase], raw: Any, back: Any) -> Any:
    """A result tensor of ``cls``, cast back to ``back`` unless it is ``None``."""
    return wrap(cls, raw if back is None else cls._ns.astype(raw, back))


def _swap_last(ns: Any, a: Any) -> Any:
    """``a`` with its last two axes swapped."""
    n = len(a.shape)
    return ns.permute_dims(a, (*range(n - 2), n - 1, n - 2))


def adjoint(cls: type[TensorBase], a: Any) -> Any:
    """``a``'s conjugate transpose in the last two axes (the transpose if ``a`` is real)."""
    ns = cls._ns
    return _swap_last(ns, ns.conj(a) if cls._kind(a.dtype) == "c" else a)


def int_arg(value: Any, what: str) -> int:
    """An int argument (NumPy integers too; not bool)."""
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError(f"{what} must be an int, got {type(value).__name__}")
    return int(value.__index__())


def tolerance(t: LinearAlgebra, s: LinearAlgebra, rtol: Any, dtype_name: str) -> LinearAlgebra:
    """``rtol`` times the largest singular value, shape ``(..., 1)`` against ``s`` (..., k)."""
    m, n = t.shape[-2:]
    largest = s.max(axis=-1, keepdims=True)
    if rtol is None:
        return largest * (max(m, n) * _EPS[dtype_name])
    if isinstance(rtol, (int, float)) and not isinstance(rtol, bool):
        return largest * float(rtol)
    r = wrap(type(s), s._unwrap(rtol)).astype(s.dtype)
    return largest * r.expand_dims(-1)
