"""Complex linear algebra, and ``eig`` / ``eigvals``, on every backend, against NumPy.

Every function of ``ut.linalg`` (and ``matmul``, ``tensordot``, ``vecdot``,
``einsum``, ``Tensor.inv``, ``Tensor.slogdet``) on complex64 and
complex128 input: values, shapes and dtypes against NumPy computed
directly in complex128. The standard's complex meaning is checked where it
differs from the real one: ``vecdot`` conjugates ``x1`` (``matmul`` and
``tensordot`` conjugate nothing), ``cholesky`` and ``eigh`` take Hermitian
matrices, ``pinv`` uses the conjugate transpose, and the norms, singular
values, ``eigh``'s eigenvalues and ``logabsdet`` are real. Decompositions,
unique only up to phases, are checked by their invariants
(reconstruction, unitarity) and NumPy's values where those are unique.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import unitensor as ut
from conftest import check, check_meta, make, randn, supports_float64

C64, C128 = np.complex64, np.complex128
COMPLEX = [C64, C128]
REAL = {np.dtype(C64): np.float32, np.dtype(C128): np.float64}
COMPLEX_OF = {np.dtype(np.float32): C64, np.dtype(np.float64): C128}


def crandn(*shape, seed):
    return randn(*shape, dtype=np.float64, seed=seed) + 1j * randn(
        *shape, dtype=np.float64, seed=seed + 100
    )


EYE = np.eye(3)
A = crandn(2, 3, 3, seed=1) + 3 * EYE  # well conditioned, batched
HPD = A @ A.conj().transpose(0, 2, 1) + EYE  # Hermitian positive definite
TALL = crandn(2, 4, 3, seed=2)
WIDE = crandn(3, 4, seed=3)
V = crandn(2, 3, seed=4)


def c(x, dtype):
    """``x`` in ``dtype``, and the same values in complex128 for NumPy's expected results."""
    x = np.asarray(x).astype(dtype)
    return x, x.astype(np.result_type(x.dtype, C128) if x.dtype.kind == "c" else np.float64)


def tol(backend, dtype):
    """check()'s tolerances: complex64 accuracy unless the backend holds complex128."""
    if np.dtype(dtype) in (np.dtype(C128), np.dtype(np.float64)) and supports_float64(backend):
        return {"rtol": 1e-9, "atol": 1e-9}
    return {"rtol": 2e-4, "atol": 2e-4}


def values(t):
    return np.asarray(t.numpy()).astype(C128)


def hermitian(x):
    return np.conj(np.swapaxes(x, -1, -2))


def close(got, expected, backend, dtype):
    np.testing.assert_allclose(got, np.broadcast_to(expected, got.shape), **tol(backend, dtype))


def unitary(q, backend, dtype):
    """``q``'s columns orthonormal: ``q^H q = I``."""
    close(hermitian(q) @ q, np.eye(q.shape[-1]), backend, dtype)


# ---------------------------------------------------------------- products


@pytest.mark.parametrize("dtype", COMPLEX)
def test_matmul_tensordot_einsum_do_not_conjugate(backend, dtype):
    x, x128 = c(A, dtype)
    t = make(backend, x)
    expected = x128 @ x128
    for out in (t @ t, t.matmul(t), ut.matmul(t, t), ut.linalg.matmul(t, t)):
        check(out, backend, expected, dtype, **tol(backend, dtype))
    expected = np.tensordot(x128, x128, ([1, 2], [2, 1]))
    for out in (ut.tensordot(t, t, ([1, 2], [2, 1])), ut.linalg.tensordot(t, t, ([1, 2], [2, 1]))):
        check(out, backend, expected, dtype, **tol(backend, dtype))
    expected = np.einsum("bij,bkj->bik", x128, x128)
    check(ut.einsum("bij,bkj->bik", t, t), backend, expected, dtype, **tol(backend, dtype))


@pytest.mark.parametrize("dtype", COMPLEX)
def test_vecdot_conjugates_x1(backend, dtype):
    (x1, e1), (x2, e2) = c(V, dtype), c(crandn(3, seed=5), dtype)
    t1, t2 = make(backend, x1), make(backend, x2)
    expected = np.sum(np.conj(e1) * e2, axis=-1)
    np.testing.assert_allclose(expected, np.vecdot(e1, e2))
    for out in (t1.vecdot(t2), ut.vecdot(t1, t2), ut.linalg.vecdot(t1, t2)):
        check(out, backend, expected, dtype, **tol(backend, dtype))
    expected = np.sum(e1 * np.conj(e1), axis=0)  # along another axis; x2 conjugated back
    check(ut.linalg.vecdot(t1, t1, axis=0), backend, expected, dtype, **tol(backend, dtype))


def test_vecdot_of_real_and_complex(backend):
    r, z = randn(4, dtype=np.float32, seed=6), crandn(4, seed=7).astype(C64)
    tr, tz = make(backend, r), make(backend, z)
    check(ut.vecdot(tr, tz), backend, np.vecdot(r, z), C64, rtol=1e-5)
    check(ut.vecdot(tz, tr), backend, np.vecdot(z, r), C64, rtol=1e-5)
    assert abs(np.vecdot(z, r) - np.sum(np.conj(z) * r)) < 1e-5


# ---------------------------------------------------------------- det, inv, slogdet, solve


@pytest.mark.parametrize("dtype", COMPLEX)
def test_det_inv_slogdet(backend, dtype):
    x, e = c(A, dtype)
    t = make(backend, x)
    real, k = REAL[np.dtype(dtype)], tol(backend, dtype)
    check(ut.linalg.det(t), backend, np.linalg.det(e), dtype, **k)
    for out in (ut.linalg.inv(t), t.inv(), ut.inv(t)):
        check(out, backend, np.linalg.inv(e), dtype, **k)
    sign, logabsdet = np.linalg.slogdet(e)
    for s, la in (ut.linalg.slogdet(t), t.slogdet()):
        check(s, backend, sign, dtype, **k)
        check(la, backend, logabsdet, real, **k)
    result = ut.linalg.slogdet(t)
    assert result.sign is result[0] and result.logabsdet is result[1]


def test_slogdet_of_a_singular_complex_matrix(backend):
    x = np.array([[1 + 1j, 2 + 2j], [1, 2]], dtype=C64)
    sign, logabsdet = ut.linalg.slogdet(make(backend, x))
    check(sign, backend, np.zeros((), C64), C64)
    assert check_meta(logabsdet, backend, (), np.float32) == -np.inf


@pytest.mark.parametrize("dtype", COMPLEX)
@pytest.mark.parametrize("rhs", ["matrix", "vector", "real"])
def test_solve(backend, dtype, rhs):
    x1, e1 = c(A, dtype)
    if rhs == "matrix":
        x2, e2 = c(crandn(2, 3, 2, seed=8), dtype)
    elif rhs == "vector":
        x2, e2 = c(crandn(3, seed=9), dtype)
    else:  # a real right-hand side promotes to x1's complex dtype
        x2, e2 = c(randn(3, 2, dtype=np.float64, seed=10), REAL[np.dtype(dtype)])
    expected = np.linalg.solve(e1, e2 if e2.ndim > 1 else e2[:, None])
    expected = expected if e2.ndim > 1 else expected[..., 0]
    out = ut.linalg.solve(make(backend, x1), make(backend, x2))
    check(out, backend, expected, dtype, **tol(backend, dtype))


# ---------------------------------------------------------------- decompositions


@pytest.mark.parametrize("dtype", COMPLEX)
@pytest.mark.parametrize("upper", [False, True])
def test_cholesky_of_hermitian_matrices(backend, dtype, upper):
    x, e = c(HPD, dtype)
    out = ut.linalg.cholesky(make(backend, x), upper=upper)
    expected = np.linalg.cholesky(e, upper=upper)  # unique: a positive real diagonal
    got = check(out, backend, expected, dtype, **tol(backend, dtype))
    product = hermitian(got) @ got if upper else got @ hermitian(got)
    close(product, e, backend, dtype)


def test_cholesky_reads_one_triangle_of_hermitian_matrices(backend):
    x, e = c(HPD[0], C64)
    lower, upper = np.tril(x), np.triu(x)  # the other triangle is zeros, not its conjugate
    check(ut.linalg.cholesky(make(backend, lower)), backend, np.linalg.cholesky(e), C64, rtol=1e-4)
    out = ut.linalg.cholesky(make(backend, upper), upper=True)
    check(out, backend, np.linalg.cholesky(e, upper=True), C64, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("dtype", COMPLEX)
def test_eigh_of_hermitian_matrices(backend, dtype):
    x, e = c(HPD - 4 * EYE, dtype)  # eigenvalues of both signs
    t = make(backend, x)
    real = REAL[np.dtype(dtype)]
    w_expected = np.linalg.eigvalsh(e)
    w, q = ut.linalg.eigh(t)
    check(w, backend, w_expected, real, **tol(backend, dtype))
    got = check_meta(q, backend, (2, 3, 3), dtype)
    close(got @ (w_expected[..., None] * hermitian(got)), e, backend, dtype)
    unitary(got, backend, dtype)
    check(ut.linalg.eigvalsh(t), backend, w_expected, real, **tol(backend, dtype))


@pytest.mark.parametrize("dtype", COMPLEX)
@pytest.mark.parametrize("mode", ["reduced", "complete"])
@pytest.mark.parametrize("x", [TALL, WIDE], ids=["tall", "wide"])
def test_qr(backend, dtype, mode, x):
    x, e = c(x, dtype)
    q, r = ut.linalg.qr(make(backend, x), mode=mode)
    q_np, r_np = np.linalg.qr(e, mode=mode)
    gq = check_meta(q, backend, q_np.shape, dtype)
    gr = check_meta(r, backend, r_np.shape, dtype)
    close(gq @ gr, e, backend, dtype)
    unitary(gq, backend, dtype)
    assert np.allclose(np.tril(gr, -1), 0)
    close(np.diagonal(gr, axis1=-2, axis2=-1).imag, 0, backend, dtype)  # a real diagonal


@pytest.mark.parametrize("dtype", COMPLEX)
@pytest.mark.parametrize("full_matrices", [True, False])
@pytest.mark.parametrize("x", [TALL, WIDE], ids=["tall", "wide"])
def test_svd(backend, dtype, full_matrices, x):
    x, e = c(x, dtype)
    t = make(backend, x)
    real = REAL[np.dtype(dtype)]
    u_np, s_np, vh_np = np.linalg.svd(e, full_matrices=full_matrices)
    u, s, vh = ut.linalg.svd(t, full_matrices=full_matrices)
    check(s, backend, s_np, real, **tol(backend, dtype))
    gu = check_meta(u, backend, u_np.shape, dtype)
    gvh = check_meta(vh, backend, vh_np.shape, dtype)
    k = s_np.shape[-1]
    close((gu[..., :k] * s_np[..., None, :]) @ gvh[..., :k, :], e, backend, dtype)
    unitary(gu, backend, dtype)
    unitary(hermitian(gvh), backend, dtype)
    check(ut.linalg.svdvals(t), backend, s_np, real, **tol(backend, dtype))


# ---------------------------------------------------------------- eig, eigvals


def _assert_same_eigenvalues(got, expected, backend, dtype):
    """Equal as multisets, batch by batch: the order is the framework's."""
    got, expected = got.reshape(-1, got.shape[-1]), expected.reshape(-1, expected.shape[-1])
    for g, e in zip(got, expected, strict=True):
        order = [int(np.argmin(np.abs(g - v))) for v in e]
        assert sorted(order) == list(range(len(e))), (g, e)
        close(g[order], e, backend, dtype)


EIG_CASES = {
    "complex": (A, COMPLEX),
    "real": (crandn(2, 3, 3, seed=11).real, [np.float32, np.float64]),  # complex pairs
    "symmetric": (HPD[0].real, [np.float32, np.float64]),  # real eigenvalues only
}


@pytest.mark.parametrize("case", list(EIG_CASES))
@pytest.mark.parametrize("precision", [0, 1], ids=["single", "double"])
def test_eig(backend, case, precision):
    x, dtypes = EIG_CASES[case]
    dtype = dtypes[precision]
    x, e = c(x, dtype)
    want = COMPLEX_OF.get(np.dtype(dtype), dtype)  # complex even where NumPy gives real
    w_expected = np.linalg.eigvals(e)
    t = make(backend, x)
    result = ut.linalg.eig(t)
    w, v = result
    assert result.eigenvalues is w and result.eigenvectors is v
    gw = check_meta(w, backend, x.shape[:-1], want)
    gv = check_meta(v, backend, x.shape, want)
    _assert_same_eigenvalues(gw, w_expected, backend, want)
    close(e.astype(C128) @ gv, gv * gw[..., None, :], backend, want)  # x v = w v
    close(np.linalg.norm(gv, axis=-2), 1, backend, want)
    ev = ut.linalg.eigvals(t)
    _assert_same_eigenvalues(check_meta(ev, backend, x.shape[:-1], want), w_expected, backend, want)


def test_eig_of_integers_and_half_precision_gives_complex64(backend):
    x = np.array([[0, -1], [1, 0]], dtype=np.int32)
    for t in (make(backend, x), make(backend, x.astype(np.float16))):
        w, v = ut.linalg.eig(t)
        _assert_same_eigenvalues(
            check_meta(w, backend, (2,), C64), np.array([1j, -1j]), backend, C64
        )
        check_meta(v, backend, (2, 2), C64)
        check_meta(ut.linalg.eigvals(t), backend, (2,), C64)


def test_eig_of_empty_matrices(backend):
    t = make(backend, np.zeros((2, 0, 0), dtype=np.float32))
    w, v = ut.linalg.eig(t)
    check(w, backend, np.zeros((2, 0), C64))
    check(v, backend, np.zeros((2, 0, 0), C64))
    check(ut.linalg.eigvals(t), backend, np.zeros((2, 0), C64))


# ---------------------------------------------------------------- norms, rank, powers


@pytest.mark.parametrize("dtype", COMPLEX)
@pytest.mark.parametrize("ord", ["fro", "nuc", 1, -1, 2, -2, math.inf, -math.inf])
def test_matrix_norm(backend, dtype, ord):
    x, e = c(TALL, dtype)
    real = REAL[np.dtype(dtype)]
    expected = np.linalg.matrix_norm(e, ord=ord)
    check(
        ut.linalg.matrix_norm(make(backend, x), ord=ord),
        backend,
        expected,
        real,
        **tol(backend, dtype),
    )
    out = ut.linalg.matrix_norm(make(backend, x), ord=ord, keepdims=True)
    check(out, backend, expected[:, None, None], real, **tol(backend, dtype))


@pytest.mark.parametrize("dtype", COMPLEX)
@pytest.mark.parametrize("ord", [2, 1, 0, math.inf, -math.inf, 3, 0.5, -1])
@pytest.mark.parametrize("axis", [None, -1, (0, 1)])
def test_vector_norm(backend, dtype, ord, axis):
    x, e = c(V, dtype)
    if ord == 0:  # a zero not counted
        x[0, 1] = e[0, 1] = 0
    real = REAL[np.dtype(dtype)]
    expected = np.linalg.vector_norm(e, axis=axis, ord=ord)
    out = ut.linalg.vector_norm(make(backend, x), axis=axis, ord=ord)
    check(out, backend, expected, real, **tol(backend, dtype))


@pytest.mark.parametrize("dtype", COMPLEX)
@pytest.mark.parametrize("n", [0, 1, 3, -2])
def test_matrix_power(backend, dtype, n):
    x, e = c(A, dtype)
    expected = np.linalg.matrix_power(e, n)
    out = ut.linalg.matrix_power(make(backend, x), n)
    check(out, backend, expected, dtype, **tol(backend, dtype))


@pytest.mark.parametrize("dtype", COMPLEX)
def test_matrix_rank(backend, dtype):
    # rank 2 of (4, 3), of small Gaussian integers: exact in complex64 too
    low = np.round(2 * crandn(2, 4, 2, seed=12)) @ np.round(2 * crandn(2, 2, 3, seed=13))
    x = np.stack([low[0], TALL[0]])
    x, e = c(x, dtype)
    expected = np.linalg.matrix_rank(e)
    assert expected.tolist() == [2, 3]
    check(ut.linalg.matrix_rank(make(backend, x)), backend, expected, np.int64)
    check(
        ut.linalg.matrix_rank(make(backend, x), rtol=0.5),
        backend,
        np.linalg.matrix_rank(e, rtol=0.5),
        np.int64,
    )


@pytest.mark.parametrize("dtype", COMPLEX)
@pytest.mark.parametrize("x", [TALL, WIDE, A], ids=["tall", "wide", "square"])
def test_pinv_uses_the_conjugate_transpose(backend, dtype, x):
    x, e = c(x, dtype)
    expected = np.linalg.pinv(e)  # unique
    out = ut.linalg.pinv(make(backend, x))
    check(out, backend, expected, dtype, **tol(backend, dtype))


def test_pinv_of_a_rank_deficient_complex_matrix(backend):
    x = np.array([[1 + 1j, 2 + 2j], [1j, 2j], [0, 0]], dtype=C64)  # rank 1
    expected = np.linalg.pinv(x.astype(C128), rtol=1e-5)
    check(ut.linalg.pinv(make(backend, x)), backend, expected, C64, rtol=1e-4, atol=1e-5)


# ---------------------------------------------------------------- the rest


@pytest.mark.parametrize("dtype", COMPLEX)
def test_trace_diagonal_outer_cross(backend, dtype):
    x, e = c(A, dtype)
    t = make(backend, x)
    k = tol(backend, dtype)
    check(ut.linalg.trace(t), backend, np.trace(e, axis1=-2, axis2=-1), dtype, **k)
    check(ut.linalg.trace(t, offset=1), backend, np.linalg.trace(e, offset=1), dtype, **k)
    check(ut.linalg.diagonal(t, offset=-1), backend, np.linalg.diagonal(e, offset=-1), dtype)
    (v1, e1), (v2, e2) = c(V[0], dtype), c(crandn(4, seed=14), dtype)
    out = ut.linalg.outer(make(backend, v1), make(backend, v2))
    check(out, backend, np.outer(e1, e2), dtype, **k)  # no conjugation
    (w1, f1), (w2, f2) = c(V, dtype), c(crandn(3, seed=15), dtype)
    out = ut.linalg.cross(make(backend, w1), make(backend, w2))
    check(out, backend, np.linalg.cross(f1, f2), dtype, **k)  # no conjugation


def test_float_dtypes_of_complex_results(backend):
    """Real results of complex64 input are float32, of complex128 float64, everywhere."""
    for dtype in COMPLEX:
        x, _ = c(HPD, dtype)
        t = make(backend, x)
        real = REAL[np.dtype(dtype)]
        for out in (
            ut.linalg.eigvalsh(t),
            ut.linalg.svdvals(t),
            ut.linalg.svd(t).S,
            ut.linalg.slogdet(t).logabsdet,
            ut.linalg.matrix_norm(t),
            ut.linalg.vector_norm(t),
            ut.linalg.eigh(t).eigenvalues,
        ):
            check_meta(out, backend, out.shape, real)
        for out in (ut.linalg.det(t), ut.linalg.slogdet(t).sign, ut.linalg.eigh(t).eigenvectors):
            check_meta(out, backend, out.shape, dtype)
