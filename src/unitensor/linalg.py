"""The ``linalg`` extension of the Array API standard 2025.12, on every backend.

``ut.linalg.solve(a, b)``, ``ut.linalg.svd(x)``, ...: the standard's
functions with its signatures, result tuples and batches (matrices are the
last two axes, every leading axis a batch), giving the same shapes, dtypes
and values on NumPy, PyTorch, TensorFlow and JAX. Each takes tensors (or
native arrays) of one framework and returns that framework's tensors.

>>> import numpy as np
>>> import unitensor as ut
>>> a = ut.astensor(np.array([[4.0, 2.0], [2.0, 3.0]], dtype=np.float32))
>>> ut.linalg.solve(a, np.array([2.0, 1.0], dtype=np.float32))
NumPyTensor(array([0.5, 0. ], dtype=float32))
>>> w, q = ut.linalg.eigh(a)
>>> w.shape, q.shape
((2,), (2, 2))

The rules, everywhere:

- the float functions (the decompositions, ``det``, ``inv``, ``solve``,
  ``pinv``, ``matrix_power``, ``matrix_rank``'s input, the norms) give
  float32 for bool and integer input; float16 and bfloat16 are computed in
  float32 and returned in their own dtype (NumPy has no half precision
  linear algebra); complex64 and complex128 input keeps its dtype, with
  the standard's complex meaning (``vecdot`` conjugates ``x1``, ``cholesky``
  and ``eigh`` take Hermitian matrices, ``pinv`` and ``svd`` use the
  conjugate transpose) and real float results where they are real (the
  norms, singular values, ``eigh``'s eigenvalues, ``logabsdet``);
- ``eig`` and ``eigvals`` (of any square matrices) are always complex:
  complex128 for float64 and complex128 input, complex64 otherwise;
- ``cross``, ``outer``, ``tensordot``, ``vecdot``, ``matmul``, ``trace``,
  ``diagonal`` and ``matrix_transpose`` keep the promoted dtype (dtypes
  promote as ``+``);
- ``eig`` and ``eigh`` return ``(eigenvalues, eigenvectors)``, ``qr`` ``(Q, R)``,
  ``svd`` ``(U, S, Vh)`` and ``slogdet`` ``(sign, logabsdet)``, as named
  tuples; eigenvalues are ascending and singular values descending on every
  framework, but the signs of eigenvectors, singular vectors and ``Q``'s
  columns are each framework's (compare ``Q @ R``, not ``Q``);
- shapes that do not fit raise ``ShapeError``, bad axes ``AxisError``, the
  same on every backend; a singular or indefinite matrix gives each
  framework's own result (NumPy and PyTorch raise their ``LinAlgError``,
  TensorFlow and JAX may give inf or NaN).

``matmul``, ``matrix_transpose``, ``tensordot`` and ``vecdot`` are also in
the main namespace and methods of [`Tensor`][unitensor.Tensor], as are
``inv`` and ``slogdet``; ``ut.einsum`` is NumPy's ``einsum``.
"""

from __future__ import annotations

from ._api.linalg import (
    EighResult,
    EigResult,
    QRResult,
    SlogdetResult,
    SVDResult,
    cholesky,
    cross,
    det,
    diagonal,
    eig,
    eigh,
    eigvals,
    eigvalsh,
    inv,
    matmul,
    matrix_norm,
    matrix_power,
    matrix_rank,
    matrix_transpose,
    outer,
    pinv,
    qr,
    slogdet,
    solve,
    svd,
    svdvals,
    tensordot,
    trace,
    vecdot,
    vector_norm,
)

__all__ = [
    "EigResult",
    "EighResult",
    "QRResult",
    "SVDResult",
    "SlogdetResult",
    "cholesky",
    "cross",
    "det",
    "diagonal",
    "eig",
    "eigh",
    "eigvals",
    "eigvalsh",
    "inv",
    "matmul",
    "matrix_norm",
    "matrix_power",
    "matrix_rank",
    "matrix_transpose",
    "outer",
    "pinv",
    "qr",
    "slogdet",
    "solve",
    "svd",
    "svdvals",
    "tensordot",
    "trace",
    "vecdot",
    "vector_norm",
]
