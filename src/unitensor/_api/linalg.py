"""The ``linalg`` extension of the Array API standard 2025.12: functions, no methods.

Every function of the standard's ``linalg`` namespace, written once on the
primitives and the methods of the chapters before; the public module is
[`unitensor.linalg`][unitensor.linalg], whose docstring states the rules.
"""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Generic, Literal, NamedTuple, TypeVar, cast

from .._errors import DTypeError, ShapeError
from ._base import as_tensor, check_broadcast, joined, wrap
from .linear_algebra import (
    LinearAlgebra,
    _to_last,
    adjoint,
    float_values,
    int_arg,
    matrices,
    result_of,
    tolerance,
)

if TYPE_CHECKING:
    from .._tensor import Tensor


_T = TypeVar("_T", bound="Tensor")


class EigResult(NamedTuple, Generic[_T]):
    """The result of [`eig`][unitensor.linalg.eig]: ``(eigenvalues, eigenvectors)``."""

    eigenvalues: _T
    """Shape ``(..., n)``, complex, in the framework's order."""
    eigenvectors: _T
    """Shape ``(..., n, n)``, complex: the eigenvectors (of norm 1) are the columns."""


class EighResult(NamedTuple, Generic[_T]):
    """The result of [`eigh`][unitensor.linalg.eigh]: ``(eigenvalues, eigenvectors)``."""

    eigenvalues: _T
    """Shape ``(..., n)``, ascending."""
    eigenvectors: _T
    """Shape ``(..., n, n)``: the eigenvectors are the columns."""


class QRResult(NamedTuple, Generic[_T]):
    """The result of [`qr`][unitensor.linalg.qr]: ``(Q, R)``."""

    Q: _T
    """Orthonormal columns: ``(..., m, k)`` (``"reduced"``) or ``(..., m, m)``."""
    R: _T
    """Upper triangular: ``(..., k, n)`` (``"reduced"``) or ``(..., m, n)``."""


class SVDResult(NamedTuple, Generic[_T]):
    """The result of [`svd`][unitensor.linalg.svd]: ``(U, S, Vh)``."""

    U: _T
    """Left singular vectors as columns: ``(..., m, m)`` or ``(..., m, k)``."""
    S: _T
    """Singular values, descending: ``(..., k)``."""
    Vh: _T
    """Right singular vectors as rows: ``(..., n, n)`` or ``(..., k, n)``."""


class SlogdetResult(NamedTuple, Generic[_T]):
    """The result of [`slogdet`][unitensor.linalg.slogdet]: ``(sign, logabsdet)``."""

    sign: _T
    """The sign of the determinant (0 for a singular matrix): shape ``(...)``."""
    logabsdet: _T
    """The natural log of its absolute value (-inf if singular): shape ``(...)``."""


# ---------------------------------------------------------------- the functions


def cholesky(x: _T, /, upper: bool = False) -> _T:
    """The Cholesky factor of symmetric positive-definite matrices.

    ``x = L @ L.mT`` with ``L`` lower triangular, or ``x = U.mT @ U`` with
    ``U`` upper triangular; as NumPy, only the lower (``upper``: the upper)
    triangle of ``x`` is read.

    Parameters
    ----------
    x
        Shape ``(..., n, n)``.
    upper
        Return the upper factor ``U`` instead of the lower ``L``.

    Returns
    -------
    Tensor
        Shape ``(..., n, n)``; ``x``'s float dtype (float32 for bool and
        integers). A matrix that is not positive definite gives each
        framework's result: NumPy and PyTorch raise their ``LinAlgError``,
        TensorFlow and JAX give NaN.

    Raises
    ------
    ValueError
        If the matrices are not square (``ShapeError``).

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> x = ut.astensor(np.array([[4.0, 2.0], [2.0, 5.0]]))
    >>> ut.linalg.cholesky(x)
    NumPyTensor(array([[2., 0.],
                       [1., 2.]]))
    >>> ut.linalg.cholesky(x, upper=True)
    NumPyTensor(array([[2., 1.],
                       [0., 2.]]))
    """
    t = matrices(x, "cholesky", square=True)
    a, back = float_values(t)
    ns = t._ns
    if upper:  # the lower factor of the adjoint, adjoint: NumPy's reads x's upper triangle
        cls = type(t)
        out = adjoint(cls, ns.cholesky(adjoint(cls, a)))
    else:
        out = ns.cholesky(a)
    return cast(_T, result_of(type(t), out, back))


def cross(x1: _T, x2: _T, /, axis: int = -1) -> _T:
    """Cross products of the 3-element vectors along ``axis``.

    The other axes broadcast; dtypes promote as ``+``.

    Parameters
    ----------
    x1, x2
        Tensors of one framework with 3 elements along ``axis``; numeric
        (not bool).
    axis
        The axis holding the vectors, of each operand (the standard allows
        only negative ones, counting from the end).

    Returns
    -------
    Tensor
        The broadcast shape, the vectors along ``axis``; the promoted dtype.

    Raises
    ------
    ValueError
        If an operand has not 3 elements along ``axis``, or the other axes
        do not broadcast (``ShapeError``).
    AxisError
        If ``axis`` is out of range for an operand.
    TypeError
        If the operands are bool (``DTypeError``) or of two frameworks.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> x = ut.astensor(np.array([1.0, 0.0, 0.0]))
    >>> ut.linalg.cross(x, np.array([0.0, 1.0, 0.0]))
    NumPyTensor(array([0., 0., 1.]))
    """
    cls, (a, b) = joined([x1, x2], "cross")
    if cls._kind(a.dtype) == "b":
        raise DTypeError("cross needs numeric tensors, got bool")
    ns = cls._ns
    ax_a, ax_b = wrap(cls, a)._axis(axis), wrap(cls, b)._axis(axis)
    if a.shape[ax_a] != 3 or b.shape[ax_b] != 3:
        raise ShapeError(
            f"cross needs 3 elements along axis {axis}, got shapes "
            f"{tuple(a.shape)} and {tuple(b.shape)}"
        )
    ta = cast(LinearAlgebra, wrap(cls, _to_last(ns, a, ax_a)))  # the class of the inputs
    tb = cast(LinearAlgebra, wrap(cls, _to_last(ns, b, ax_b)))
    check_broadcast(ta.shape[:-1], tb.shape[:-1])
    a0, a1, a2 = ta[..., 0], ta[..., 1], ta[..., 2]
    b0, b1, b2 = tb[..., 0], tb[..., 1], tb[..., 2]
    c = [(a1 * b2 - a2 * b1).raw, (a2 * b0 - a0 * b2).raw, (a0 * b1 - a1 * b0).raw]
    return cast(_T, wrap(cls, ns.stack(c, axis % (len(c[0].shape) + 1))))


def det(x: _T, /) -> _T:
    """Determinants of square matrices.

    Parameters
    ----------
    x
        Shape ``(..., n, n)``.

    Returns
    -------
    Tensor
        Shape ``(...)`` (0-d for one matrix); ``x``'s float dtype (float32
        for bool and integers).

    Raises
    ------
    ValueError
        If the matrices are not square (``ShapeError``).

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.linalg.det(ut.astensor(np.array([[[1, 2], [3, 4]], [[2, 0], [0, 3]]])))
    NumPyTensor(array([-2.,  6.], dtype=float32))
    """
    t = matrices(x, "det", square=True)
    a, back = float_values(t)
    return cast(_T, result_of(type(t), t._ns.det(a), back))


def diagonal(x: _T, /, offset: int = 0) -> _T:
    """The diagonals of the matrices in the last two axes.

    Parameters
    ----------
    x
        Shape ``(..., m, n)``, any dtype.
    offset
        Which diagonal: 0 the main one, positive above it, negative below.

    Returns
    -------
    Tensor
        Shape ``(..., d)``, ``d`` the diagonal's length (0 beyond the
        matrix); ``x``'s dtype.

    Raises
    ------
    ValueError
        If ``x`` has fewer than 2 axes (``ShapeError``).
    TypeError
        If ``offset`` is not an int.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> x = ut.astensor(np.arange(6).reshape(2, 3))
    >>> ut.linalg.diagonal(x), ut.linalg.diagonal(x, offset=1)
    (NumPyTensor(array([0, 4])), NumPyTensor(array([1, 5])))
    """
    t = matrices(x, "diagonal")
    return cast(_T, wrap(type(t), t._ns.diagonal(t.raw, int_arg(offset, "offset"))))


def _complex_dtype(cls: Any, a: Any) -> Any:
    """The complex dtype of ``a``'s precision (float32 and complex64: complex64)."""
    name = cls._dtype_name(a.dtype)
    return cls._native_dtype("complex64" if name in ("float32", "complex64") else "complex128")


def eig(x: _T, /) -> EigResult[_T]:
    """The eigenvalues and eigenvectors of square matrices (new in the standard 2025.12).

    ``x @ v[..., :, i] = w[..., i] * v[..., :, i]`` for each eigenvalue
    ``w[..., i]``; ``x`` need not be symmetric (for symmetric or Hermitian
    matrices [`eigh`][unitensor.linalg.eigh] is faster and exact in order).

    Parameters
    ----------
    x
        Shape ``(..., n, n)``, real or complex.

    Returns
    -------
    EigResult
        ``(eigenvalues, eigenvectors)``: shapes ``(..., n)`` and
        ``(..., n, n)`` with columns of norm 1, always complex: complex64
        for float32, float16, bfloat16, bool and integer input, complex128
        for float64 (NumPy gives real arrays where every eigenvalue is
        real; unitensor does not). The order of the eigenvalues and the
        phase of each eigenvector are each framework's.

    Raises
    ------
    ValueError
        If the matrices are not square (``ShapeError``).

    Notes
    -----
    JAX computes ``eig`` on the CPU only; PyTorch and TensorFlow on any
    device they have kernels for.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> w, v = ut.linalg.eig(ut.astensor(np.array([[2.0, 0.0], [0.0, 3.0]])))
    >>> w
    NumPyTensor(array([2.+0.j, 3.+0.j]))
    >>> v.dtype, v.shape
    (dtype('complex128'), (2, 2))
    """
    t = matrices(x, "eig", square=True)
    a, _ = float_values(t)  # the results stay complex, of the precision computed in
    cls = type(t)
    if t.shape[-1] == 0:
        dtype, ns = _complex_dtype(cls, a), t._ns
        w, v = ns.full(t.shape[:-1], 0, dtype, a), ns.full(t.shape, 0, dtype, a)
    else:
        w, v = t._ns.eig(a)
    return EigResult(cast(_T, wrap(cls, w)), cast(_T, wrap(cls, v)))


def eigvals(x: _T, /) -> _T:
    """The eigenvalues of square matrices (new in the standard 2025.12): ``eig``'s first.

    Parameters
    ----------
    x
        Shape ``(..., n, n)``, real or complex.

    Returns
    -------
    Tensor
        Shape ``(..., n)``, complex as [`eig`][unitensor.linalg.eig]'s
        eigenvalues (complex64 but for float64 and complex128 input), in
        the framework's order.

    Raises
    ------
    ValueError
        If the matrices are not square (``ShapeError``).

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.linalg.eigvals(ut.astensor(np.array([[0, -1], [1, 0]])))
    NumPyTensor(array([0.+1.j, 0.-1.j], dtype=complex64))
    """
    t = matrices(x, "eigvals", square=True)
    a, _ = float_values(t)
    cls = type(t)
    if t.shape[-1] == 0:
        return cast(_T, wrap(cls, t._ns.full(t.shape[:-1], 0, _complex_dtype(cls, a), a)))
    return cast(_T, wrap(cls, t._ns.eigvals(a)))


def eigh(x: _T, /) -> EighResult[_T]:
    """Eigenvalues and eigenvectors of symmetric matrices.

    ``x = Q @ diag(w) @ Q.mT``; as NumPy, only the lower triangle of ``x``
    is read.

    Parameters
    ----------
    x
        Shape ``(..., n, n)``, symmetric.

    Returns
    -------
    EighResult
        ``(eigenvalues, eigenvectors)``: shape ``(..., n)``, ascending, and
        ``(..., n, n)`` with orthonormal columns; ``x``'s float dtype
        (float32 for bool and integers). Each eigenvector's sign is the
        framework's.

    Raises
    ------
    ValueError
        If the matrices are not square (``ShapeError``).

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> w, q = ut.linalg.eigh(ut.astensor(np.array([[2.0, 1.0], [1.0, 2.0]])))
    >>> w
    NumPyTensor(array([1., 3.]))
    >>> q.shape
    (2, 2)
    """
    t = matrices(x, "eigh", square=True)
    a, back = float_values(t)
    w, v = t._ns.eigh(a)
    cls = type(t)
    return EighResult(result_of(cls, w, back), result_of(cls, v, back))


def eigvalsh(x: _T, /) -> _T:
    """Eigenvalues of symmetric matrices, ascending (those of [`eigh`][unitensor.linalg.eigh]).

    Parameters
    ----------
    x
        Shape ``(..., n, n)``, symmetric (only the lower triangle is read).

    Returns
    -------
    Tensor
        Shape ``(..., n)``, ascending; ``x``'s float dtype (float32 for
        bool and integers).

    Raises
    ------
    ValueError
        If the matrices are not square (``ShapeError``).

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.linalg.eigvalsh(ut.astensor(np.array([[2.0, 1.0], [1.0, 2.0]], dtype=np.float32)))
    NumPyTensor(array([1., 3.], dtype=float32))
    """
    t = matrices(x, "eigvalsh", square=True)
    a, back = float_values(t)
    return cast(_T, result_of(type(t), t._ns.eigvalsh(a), back))


def inv(x: _T, /) -> _T:
    """Inverses of square matrices ([`Tensor.inv`][unitensor.Tensor.inv]).

    Parameters
    ----------
    x
        Shape ``(..., n, n)``.

    Returns
    -------
    Tensor
        Shape ``(..., n, n)``; ``x``'s float dtype (float32 for bool and
        integers; float16 and bfloat16 computed in float32). A singular
        matrix gives each framework's result (an error, or inf/NaN).

    Raises
    ------
    ValueError
        If the matrices are not square (``ShapeError``).

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.linalg.inv(ut.astensor(np.array([[2.0, 0.0], [0.0, 4.0]])))
    NumPyTensor(array([[0.5 , 0.  ],
                       [0.  , 0.25]]))
    """
    t = matrices(x, "inv", square=True)
    a, back = float_values(t)
    cls = type(t)
    return cast(_T, result_of(cls, wrap(cls, a).inv().raw, back))


def matmul(x1: _T, x2: _T, /) -> _T:
    """Matrix product, NumPy's ``matmul`` ([`Tensor.matmul`][unitensor.Tensor.matmul]).

    Parameters
    ----------
    x1, x2
        Tensors of one framework, at least 1-d; dtypes promote as ``+``.

    Returns
    -------
    Tensor
        ``(..., n, k) @ (..., k, m)`` gives ``(..., n, m)``, the batch axes
        broadcast; a 1-d operand's vector axis is dropped from the result.

    Raises
    ------
    ValueError
        If the inner dimensions differ or an operand is 0-d (``ShapeError``).
    TypeError
        If the operands belong to different frameworks.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.linalg.matmul(ut.astensor(np.ones((4, 2, 3))), np.ones((3, 5))).shape
    (4, 2, 5)
    """
    return cast(_T, as_tensor(x1).matmul(x2))


def matrix_norm(
    x: _T,
    /,
    keepdims: bool = False,
    ord: float | Literal["fro", "nuc"] = "fro",
) -> _T:
    """Norms of the matrices in the last two axes.

    Parameters
    ----------
    x
        Shape ``(..., m, n)``.
    keepdims
        Keep the last two axes, with length 1.
    ord
        ``"fro"`` (Frobenius, the default), ``"nuc"`` (nuclear: the sum of
        the singular values), ``2`` / ``-2`` (the largest / smallest
        singular value), ``1`` / ``-1`` (the largest / smallest sum of
        absolute values of a column) or ``inf`` / ``-inf`` (of a row).

    Returns
    -------
    Tensor
        Shape ``(...)`` (``(..., 1, 1)`` with ``keepdims``); ``x``'s float
        dtype (float32 for bool and integers).

    Raises
    ------
    ValueError
        If ``ord`` is not one of these, or ``x`` has fewer than 2 axes
        (``ShapeError``).

    Examples
    --------
    >>> import math
    >>> import numpy as np
    >>> import unitensor as ut
    >>> x = ut.astensor(np.array([[3.0, 0.0], [-4.0, 1.0]]))
    >>> ut.linalg.matrix_norm(x).item(), ut.linalg.matrix_norm(x, ord=1).item()
    (5.0990, 7.0)
    >>> ut.linalg.matrix_norm(x, ord=math.inf, keepdims=True)
    NumPyTensor(array([[5.]]))
    """
    t = matrices(x, "matrix_norm")
    if isinstance(ord, bool) or ord not in ("fro", "nuc", 1, -1, 2, -2, math.inf, -math.inf):
        raise ValueError(
            f"matrix_norm: ord must be 'fro', 'nuc', 1, -1, 2, -2, inf or -inf, got {ord!r}"
        )
    a, back = float_values(t)
    cls = type(t)
    m = wrap(cls, a)
    if cls._kind(a.dtype) == "c":
        m = m.abs()  # the norms of the magnitudes; singular values are of a itself
    out: LinearAlgebra
    if ord == "fro":
        out = m.norms.l2(axis=(-2, -1))
    elif ord == "nuc" or ord in (2, -2):
        s = wrap(cls, t._ns.svdvals(a))
        out = s.sum(axis=-1) if ord == "nuc" else s.max(axis=-1) if ord == 2 else s.min(axis=-1)
    else:
        sums = m.abs().sum(axis=-2 if ord in (1, -1) else -1)
        out = sums.max(axis=-1) if ord in (1, math.inf) else sums.min(axis=-1)
    if keepdims:
        out = out.reshape((*t.shape[:-2], 1, 1))
    return cast(_T, result_of(cls, out.raw, back))


def matrix_power(x: _T, n: int, /) -> _T:
    """Square matrices raised to the integer power ``n``.

    Parameters
    ----------
    x
        Shape ``(..., m, m)``.
    n
        The exponent: 0 gives identity matrices, a negative one the powers
        of the inverses.

    Returns
    -------
    Tensor
        Shape ``(..., m, m)``; ``x``'s float dtype (float32 for bool and
        integers, where NumPy keeps integers for ``n >= 0``).

    Raises
    ------
    ValueError
        If the matrices are not square (``ShapeError``).
    TypeError
        If ``n`` is not an int.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> x = ut.astensor(np.array([[1.0, 1.0], [0.0, 1.0]]))
    >>> ut.linalg.matrix_power(x, 3)
    NumPyTensor(array([[1., 3.],
                       [0., 1.]]))
    >>> ut.linalg.matrix_power(x, -1)
    NumPyTensor(array([[ 1., -1.],
                       [ 0.,  1.]]))
    """
    t = matrices(x, "matrix_power", square=True)
    k = int_arg(n, "matrix_power's n")
    a, back = float_values(t)
    cls = type(t)
    base = wrap(cls, a)
    if k == 0:
        size = t.shape[-1]
        i = base.arange(size)
        eye = (i.reshape((size, 1)) == i.reshape((1, size))).astype(a.dtype)
        return cast(_T, result_of(cls, (base.zeros_like() + eye).raw, back))
    if k < 0:
        base, k = base.inv(), -k
    out: LinearAlgebra | None = None
    while True:  # by squaring, as NumPy: the binary digits of k, lowest first
        if k & 1:
            out = base if out is None else out @ base
        k >>= 1
        if not k:
            break
        base = base @ base
    assert out is not None
    return cast(_T, result_of(cls, out.raw, back))


def matrix_rank(x: _T, /, rtol: float | _T | None = None) -> _T:
    """Ranks of matrices: how many singular values exceed ``rtol`` times the largest.

    Parameters
    ----------
    x
        Shape ``(..., m, n)``.
    rtol
        The relative tolerance: a float, or a float tensor whose shape
        broadcasts against ``(...)``; ``None`` gives the standard's default,
        ``max(m, n)`` times the machine epsilon of ``x``'s float dtype (as
        NumPy's).

    Returns
    -------
    Tensor
        Shape ``(...)``; int64, the default integer (int32 on JAX without
        64-bit mode).

    Raises
    ------
    ValueError
        If ``x`` has fewer than 2 axes (``ShapeError``: NumPy's
        ``matrix_rank`` also takes vectors), or ``rtol`` does not broadcast.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> x = ut.astensor(np.array([[1.0, 2.0], [2.0, 4.0]]))
    >>> ut.linalg.matrix_rank(x)
    NumPyTensor(np.int64(1))
    >>> ut.linalg.matrix_rank(ut.astensor(np.eye(3)[None].repeat(2, 0)))
    NumPyTensor(array([3, 3]))
    """
    t = matrices(x, "matrix_rank")
    a, back = float_values(t)
    cls = type(t)
    ns = t._ns
    if min(t.shape[-2:]) == 0:
        return cast(_T, wrap(cls, ns.full(t.shape[:-2], 0, cls._native_dtype("int64"), a)))
    s = wrap(cls, ns.svdvals(a))
    dtype_name = cls._dtype_name(a.dtype if back is None else back)
    return cast(_T, (s > tolerance(t, s, rtol, dtype_name)).sum(axis=-1))


def matrix_transpose(x: _T, /) -> _T:
    """The matrices of the last two axes transposed ([`Tensor.mT`][unitensor.Tensor.mT]).

    Parameters
    ----------
    x
        Shape ``(..., m, n)``, any dtype.

    Returns
    -------
    Tensor
        Shape ``(..., n, m)``; ``x``'s dtype.

    Raises
    ------
    ValueError
        If ``x`` has fewer than 2 axes (``ShapeError``).

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.linalg.matrix_transpose(ut.astensor(np.zeros((4, 2, 3)))).shape
    (4, 3, 2)
    """
    return cast(_T, as_tensor(x).matrix_transpose())


def outer(x1: _T, x2: _T, /) -> _T:
    """The outer product of two vectors.

    Parameters
    ----------
    x1, x2
        1-d tensors of one framework, lengths ``n`` and ``m``; dtypes
        promote as ``+`` (bool: logical and).

    Returns
    -------
    Tensor
        Shape ``(n, m)``: ``x1[i] * x2[j]``; the promoted dtype.

    Raises
    ------
    ValueError
        If an operand is not 1-d (``ShapeError``).
    TypeError
        If the operands belong to different frameworks.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.linalg.outer(ut.astensor(np.array([1, 2])), np.array([1, 10, 100]))
    NumPyTensor(array([[  1,  10, 100],
                       [  2,  20, 200]]))
    """
    cls, (a, b) = joined([x1, x2], "outer")
    if len(a.shape) != 1 or len(b.shape) != 1:
        raise ShapeError(
            f"outer needs two 1-d tensors, got shapes {tuple(a.shape)} and {tuple(b.shape)}"
        )
    ns = cls._ns
    column = cast(LinearAlgebra, wrap(cls, ns.reshape(a, (a.shape[0], 1))))
    return cast(_T, column * wrap(cls, ns.reshape(b, (1, b.shape[0]))))


def pinv(x: _T, /, rtol: float | _T | None = None) -> _T:
    """Moore-Penrose pseudo-inverses, from the singular value decomposition.

    Singular values up to ``rtol`` times the largest count as zero.

    Parameters
    ----------
    x
        Shape ``(..., m, n)``.
    rtol
        The relative tolerance: a float, or a float tensor whose shape
        broadcasts against ``(...)``; ``None`` gives the standard's default,
        ``max(m, n)`` times the machine epsilon of ``x``'s float dtype (as
        ``numpy.linalg.pinv(x, rtol=None)``; NumPy's own default is 1e-15,
        TensorFlow's ten times the standard's).

    Returns
    -------
    Tensor
        Shape ``(..., n, m)``; ``x``'s float dtype (float32 for bool and
        integers).

    Raises
    ------
    ValueError
        If ``x`` has fewer than 2 axes, or ``rtol`` does not broadcast
        (``ShapeError``).

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.linalg.pinv(ut.astensor(np.array([[1.0, 0.0], [0.0, 0.0], [0.0, 2.0]])))
    NumPyTensor(array([[1. , 0. , 0. ],
                       [0. , 0. , 0.5]]))
    """
    t = matrices(x, "pinv")
    a, back = float_values(t)
    cls = type(t)
    ns = t._ns
    m, n = t.shape[-2:]
    if min(m, n) == 0:
        return cast(_T, result_of(cls, ns.full((*t.shape[:-2], n, m), 0, a.dtype, a), back))
    u, s, vh = (wrap(cls, r) for r in ns.svd(a, False))
    dtype_name = cls._dtype_name(a.dtype if back is None else back)
    large = s > tolerance(t, s, rtol, dtype_name)
    s_inv = large.where(1 / large.where(s, 1), 0)
    u_h, v = wrap(cls, adjoint(cls, u.raw)), wrap(cls, adjoint(cls, vh.raw))
    out = v @ (s_inv.expand_dims(-1).astype(a.dtype) * u_h)
    return cast(_T, result_of(cls, out.raw, back))


def qr(x: _T, /, mode: Literal["reduced", "complete"] = "reduced") -> QRResult[_T]:
    """QR decompositions: ``x = Q @ R``, ``Q`` orthonormal, ``R`` upper triangular.

    Parameters
    ----------
    x
        Shape ``(..., m, n)``.
    mode
        ``"reduced"``: ``Q`` of shape ``(..., m, k)`` and ``R`` of
        ``(..., k, n)``, ``k = min(m, n)``; ``"complete"``: ``(..., m, m)``
        and ``(..., m, n)``.

    Returns
    -------
    QRResult
        ``(Q, R)``, in ``x``'s float dtype (float32 for bool and integers).
        The signs of ``R``'s diagonal (and of ``Q``'s columns) are each
        framework's.

    Raises
    ------
    ValueError
        If ``mode`` is neither, or ``x`` has fewer than 2 axes
        (``ShapeError``).

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> q, r = ut.linalg.qr(ut.astensor(np.ones((4, 2))))
    >>> q.shape, r.shape, ut.linalg.qr(ut.astensor(np.ones((4, 2))), mode="complete").Q.shape
    ((4, 2), (2, 2), (4, 4))
    """
    t = matrices(x, "qr")
    if mode not in ("reduced", "complete"):
        raise ValueError(f"qr: mode must be 'reduced' or 'complete', got {mode!r}")
    a, back = float_values(t)
    q, r = t._ns.qr(a, mode == "complete")
    cls = type(t)
    return QRResult(result_of(cls, q, back), result_of(cls, r, back))


def slogdet(x: _T, /) -> SlogdetResult[_T]:
    """Signs and logs of the absolute determinants ([`Tensor.slogdet`][unitensor.Tensor.slogdet]).

    Parameters
    ----------
    x
        Shape ``(..., n, n)``.

    Returns
    -------
    SlogdetResult
        ``(sign, logabsdet)``, each of shape ``(...)`` in ``x``'s float dtype
        (float32 for bool and integers); a singular matrix gives sign 0 and
        logabsdet -inf.

    Raises
    ------
    ValueError
        If the matrices are not square (``ShapeError``).

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> sign, logabsdet = ut.linalg.slogdet(ut.astensor(np.array([[-2.0, 0.0], [0.0, 3.0]])))
    >>> sign.item(), logabsdet.item()
    (-1.0, 1.7918)
    """
    t = matrices(x, "slogdet", square=True)
    a, back = float_values(t)
    cls = type(t)
    sign, logabsdet = wrap(cls, a).slogdet()
    return SlogdetResult(result_of(cls, sign.raw, back), result_of(cls, logabsdet.raw, back))


def solve(x1: _T, x2: _T, /) -> _T:
    """Solutions ``x`` of the linear systems ``x1 @ x = x2``.

    Parameters
    ----------
    x1
        Shape ``(..., n, n)``, invertible matrices.
    x2
        Shape ``(n,)``, one vector (solved for every matrix of ``x1``), or
        ``(..., n, k)``, stacks of ``k`` right-hand sides as columns whose
        batch axes broadcast against ``x1``'s. Dtypes promote as ``+``.

    Returns
    -------
    Tensor
        Shape ``x1.shape[:-2] + (n,)`` for a vector ``x2``, else the
        broadcast batch shape and ``(n, k)``; the promoted float dtype
        (float32 for bool and integers). A singular matrix gives each
        framework's result (an error, or inf/NaN).

    Raises
    ------
    ValueError
        If ``x1``'s matrices are not square, ``x2``'s rows differ from
        them, or the batch axes do not broadcast (``ShapeError``).
    TypeError
        If the operands belong to different frameworks.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> a = ut.astensor(np.array([[2.0, 0.0], [0.0, 4.0]]))
    >>> ut.linalg.solve(a, np.array([2.0, 2.0]))
    NumPyTensor(array([1. , 0.5]))
    >>> ut.linalg.solve(a, np.ones((3, 2, 5))).shape
    (3, 2, 5)
    """
    cls, (a, b) = joined([x1, x2], "solve")
    shape_a, shape_b = tuple(a.shape), tuple(b.shape)
    if len(shape_a) < 2 or shape_a[-1] != shape_a[-2]:
        raise ShapeError(f"solve needs (..., n, n) square matrices x1, got shape {shape_a}")
    n = shape_a[-1]
    vector = len(shape_b) == 1
    if len(shape_b) == 0 or (shape_b[0] if vector else shape_b[-2]) != n:
        raise ShapeError(
            f"solve: x2 of shape {shape_b} does not fit x1 of shape {shape_a}: it needs "
            f"shape ({n},) or (..., {n}, k)"
        )
    if not vector:
        check_broadcast(shape_a[:-2], shape_b[:-2])
    ns = cls._ns
    fa, back = float_values(wrap(cls, a))
    fb, _ = float_values(wrap(cls, b))
    if vector:
        return cast(
            _T,
            result_of(
                cls, ns.squeeze(ns.solve(fa, ns.expand_dims(fb, 1)), (len(shape_a) - 1,)), back
            ),
        )
    return cast(_T, result_of(cls, ns.solve(fa, fb), back))


def svd(x: _T, /, full_matrices: bool = True) -> SVDResult[_T]:
    """Singular value decompositions: ``x = U @ diag(S) @ Vh``.

    Parameters
    ----------
    x
        Shape ``(..., m, n)``.
    full_matrices
        ``U`` of shape ``(..., m, m)`` and ``Vh`` of ``(..., n, n)``; else
        ``(..., m, k)`` and ``(..., k, n)``, ``k = min(m, n)``.

    Returns
    -------
    SVDResult
        ``(U, S, Vh)``, ``S`` of shape ``(..., k)`` descending; in ``x``'s
        float dtype (float32 for bool and integers). The signs of each pair
        of singular vectors are the framework's.

    Raises
    ------
    ValueError
        If ``x`` has fewer than 2 axes (``ShapeError``).

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> u, s, vh = ut.linalg.svd(ut.astensor(np.array([[3.0, 0.0], [0.0, -4.0], [0.0, 0.0]])))
    >>> s
    NumPyTensor(array([4., 3.]))
    >>> u.shape, vh.shape
    ((3, 3), (2, 2))
    """
    t = matrices(x, "svd")
    a, back = float_values(t)
    u, s, vh = t._ns.svd(a, bool(full_matrices))
    cls = type(t)
    return SVDResult(result_of(cls, u, back), result_of(cls, s, back), result_of(cls, vh, back))


def svdvals(x: _T, /) -> _T:
    """Singular values of matrices, descending (those of [`svd`][unitensor.linalg.svd]).

    Parameters
    ----------
    x
        Shape ``(..., m, n)``.

    Returns
    -------
    Tensor
        Shape ``(..., k)``, ``k = min(m, n)``, descending; ``x``'s float
        dtype (float32 for bool and integers).

    Raises
    ------
    ValueError
        If ``x`` has fewer than 2 axes (``ShapeError``).

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.linalg.svdvals(ut.astensor(np.array([[0, 2], [1, 0]])))
    NumPyTensor(array([2., 1.], dtype=float32))
    """
    t = matrices(x, "svdvals")
    a, back = float_values(t)
    return cast(_T, result_of(type(t), t._ns.svdvals(a), back))


def tensordot(x1: _T, x2: _T, /, axes: int | tuple[Sequence[int], Sequence[int]] = 2) -> _T:
    """Tensor contraction over ``axes`` ([`Tensor.tensordot`][unitensor.Tensor.tensordot]).

    Parameters
    ----------
    x1, x2
        Tensors of one framework; dtypes promote as ``+``.
    axes
        An int ``N >= 0``: the last ``N`` axes of ``x1`` with the first
        ``N`` of ``x2``; or a pair of equally long sequences of axes.

    Returns
    -------
    Tensor
        The axes of ``x1`` not contracted, then those of ``x2``; the
        promoted dtype.

    Raises
    ------
    ValueError
        If contracted axes differ in size (``ShapeError``), or ``N`` is
        negative.
    AxisError
        If an axis is out of range or repeated.
    TypeError
        If the operands belong to different frameworks.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.linalg.tensordot(ut.astensor(np.ones((2, 3, 4))), np.ones((3, 4, 5))).shape
    (2, 5)
    """
    return cast(_T, as_tensor(x1).tensordot(x2, axes))


def trace(x: _T, /, offset: int = 0, dtype: Any = None) -> _T:
    """Sums along the diagonals of the matrices in the last two axes.

    Parameters
    ----------
    x
        Shape ``(..., m, n)``.
    offset
        Which diagonal: 0 the main one, positive above it, negative below.
    dtype
        The result's dtype (``x`` is cast to it first); ``None``: ``x``'s,
        except that bool and integers narrower than 64 bits give int64
        (uint64 for unsigned ones), as ``sum``.

    Returns
    -------
    Tensor
        Shape ``(...)``; an empty diagonal sums to 0.

    Raises
    ------
    ValueError
        If ``x`` has fewer than 2 axes (``ShapeError``).
    TypeError
        If ``offset`` is not an int, or ``dtype`` is unknown.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> x = ut.astensor(np.arange(9, dtype=np.int32).reshape(3, 3))
    >>> ut.linalg.trace(x), ut.linalg.trace(x, offset=-1)
    (NumPyTensor(np.int64(12)), NumPyTensor(np.int64(10)))
    >>> ut.linalg.trace(x, dtype=ut.float32)
    NumPyTensor(np.float32(12.0))
    """
    t = matrices(x, "trace")
    k = int_arg(offset, "offset")
    if dtype is not None:
        t = t.astype(dtype)
    out = wrap(type(t), t._ns.diagonal(t.raw, k)).sum(axis=-1)
    if dtype is not None and out.dtype != t.dtype:
        out = out.astype(t.dtype)
    return cast(_T, out)


def vecdot(x1: _T, x2: _T, /, axis: int = -1) -> _T:
    """Dot products of the vectors along ``axis`` ([`Tensor.vecdot`][unitensor.Tensor.vecdot]).

    Parameters
    ----------
    x1, x2
        Tensors of one framework whose other axes broadcast; dtypes promote
        as ``+``.
    axis
        The axis holding the vectors (negative counts from each operand's
        end).

    Returns
    -------
    Tensor
        The broadcast shape of the other axes; the promoted dtype.

    Raises
    ------
    ValueError
        If the vector axes differ in size or the other axes do not
        broadcast (``ShapeError``).
    AxisError
        If ``axis`` is out of range.
    TypeError
        If the operands belong to different frameworks.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.linalg.vecdot(ut.astensor(np.ones((4, 3))), np.arange(3.0))
    NumPyTensor(array([3., 3., 3., 3.]))
    """
    return cast(_T, as_tensor(x1).vecdot(x2, axis))


def vector_norm(
    x: _T, /, axis: int | tuple[int, ...] | None = None, keepdims: bool = False, ord: float = 2
) -> _T:
    """Vector norms along ``axis`` (all axes for ``None``).

    Parameters
    ----------
    x
        A tensor of any shape.
    axis
        An int, a tuple of ints (the norm of the values of those axes
        together), or ``None`` for all.
    keepdims
        Keep the reduced axes, with length 1.
    ord
        ``2`` (Euclidean, the default), ``1``, ``inf`` (the largest
        absolute value), ``-inf`` (the smallest), ``0`` (how many are
        non-zero), or any other number ``p``: ``sum(abs(x)**p)**(1/p)``.

    Returns
    -------
    Tensor
        The reduced shape; ``x``'s float dtype (float32 for bool and
        integers). The gradient of the 2-norm at 0 is 0.

    Raises
    ------
    ValueError
        If ``ord`` is NaN or not a number, or a reduced axis of ``inf`` /
        ``-inf`` is empty (``ShapeError``).
    AxisError
        If an axis is out of range or repeated.

    Examples
    --------
    >>> import math
    >>> import numpy as np
    >>> import unitensor as ut
    >>> x = ut.astensor(np.array([[3.0, -4.0], [0.0, 1.0]], dtype=np.float32))
    >>> ut.linalg.vector_norm(x).item(), ut.linalg.vector_norm(x, ord=0).item()
    (5.0990, 3.0)
    >>> ut.linalg.vector_norm(x, axis=1, ord=math.inf)
    NumPyTensor(array([4., 1.], dtype=float32))
    """
    t: LinearAlgebra = as_tensor(x)
    value: Any = ord  # callers may pass anything despite the annotation
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or math.isnan(value):
        raise ValueError(f"vector_norm: ord must be a number, got {ord!r}")
    v = wrap(type(t), t._floating_any())
    if type(t)._kind(t.raw.dtype) == "c":
        v = v.abs()  # the norms of the magnitudes, real
    norms = v.norms
    if ord == 2:
        out = norms.l2(axis, keepdims)
    elif ord == 1:
        out = norms.l1(axis, keepdims)
    elif ord == math.inf:
        out = norms.linf(axis, keepdims)
    elif ord == -math.inf:
        out = v.abs().min(axis, keepdims)
    elif ord == 0:
        out = norms.l0(axis, keepdims)
    elif ord > 0:
        out = norms.lp(ord, axis, keepdims)
    else:
        out = (v.abs() ** ord).sum(axis, keepdims) ** (1 / ord)
    return cast(_T, out)
