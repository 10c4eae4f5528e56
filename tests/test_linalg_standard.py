"""The Array API standard's linear algebra on every backend, against NumPy.

``matrix_transpose`` / ``mT``, ``tensordot`` and ``vecdot`` (methods and
functions), ``ut.einsum``, and every function of ``ut.linalg``: values,
shapes and dtypes against ``numpy.linalg`` / ``numpy.einsum`` computed
directly, for float32 and float64, batches and the standard's keyword
arguments. Decompositions, unique only up to signs, are checked by their
invariants (reconstruction, orthonormality, order) and NumPy's values where
those are unique. Errors must be the same unitensor exception everywhere.
"""

from __future__ import annotations

import importlib
import math

import numpy as np
import pytest

import unitensor as ut
import unitensor.linalg
from conftest import check, make, randn, supports_float64, to_numpy

F32, F64 = np.float32, np.float64
FLOATS = [F32, F64]

A = randn(2, 3, 3, seed=41) + 3 * np.eye(3, dtype=F32)  # well conditioned, batched
M = randn(3, 3, seed=42) + 3 * np.eye(3, dtype=F32)
TALL = randn(2, 4, 3, seed=43)
WIDE = randn(2, 3, 4, seed=44)
SPD = (A @ A.transpose(0, 2, 1) + np.eye(3, dtype=F32)).astype(F32)
V3 = randn(2, 3, seed=45)


def f64(x):
    return np.asarray(x, dtype=F64)


def tol(backend, dtype):
    """check()'s tolerances: float32 accuracy unless the backend holds float64."""
    if np.dtype(dtype) == F64 and supports_float64(backend):
        return {"rtol": 1e-9, "atol": 1e-10}
    return {"rtol": 2e-4, "atol": 2e-5}


def values(t):
    return to_numpy(t).astype(F64)


def test_linalg_module_is_the_standards():
    assert ut.linalg is unitensor.linalg
    names = set(
        "cholesky cross det diagonal eigh eigvalsh inv matmul matrix_norm matrix_power "
        "matrix_rank matrix_transpose outer pinv qr slogdet solve svd svdvals tensordot "
        "trace vecdot vector_norm".split()
    )
    assert names <= set(ut.linalg.__all__)
    assert all(callable(getattr(ut.linalg, n)) for n in names)
    assert {"linalg", "einsum"} <= set(ut.__all__)


# ---------------------------------------------------------------- matrix_transpose, mT


@pytest.mark.parametrize("dtype", [F32, np.int32, np.bool_])
def test_matrix_transpose(backend, dtype):
    x = (randn(2, 3, 4, seed=1) * 3).astype(dtype)
    t = make(backend, x)
    expected = np.matrix_transpose(x)
    for out in (t.mT, t.matrix_transpose(), ut.matrix_transpose(t), ut.linalg.matrix_transpose(t)):
        check(out, backend, expected, dtype)


def test_matrix_transpose_needs_two_axes(backend):
    t = make(backend, np.arange(3.0, dtype=F32))
    for f in (lambda: t.mT, t.matrix_transpose, lambda: ut.linalg.matrix_transpose(t)):
        with pytest.raises(ut.ShapeError):
            f()


# ---------------------------------------------------------------- tensordot

TD_CASES = {
    "default": ((2, 3, 4), (3, 4, 5), 2),
    "one": ((2, 3), (3, 4), 1),
    "outer": ((2, 3), (4,), 0),
    "pair": ((2, 3, 4), (4, 5, 2), ([0, 2], [2, 0])),
    "negative": ((2, 3, 4), (4, 5, 3), ([-1, -2], [0, 2])),
    "ints": ((2, 3), (3, 4), (1, 0)),
    "all": ((2, 3), (2, 3), ([0, 1], [0, 1])),
}


@pytest.mark.parametrize("case", list(TD_CASES))
@pytest.mark.parametrize("dtype", FLOATS)
def test_tensordot(backend, case, dtype):
    sa, sb, axes = TD_CASES[case]
    a, b = randn(*sa, dtype=dtype, seed=2), randn(*sb, dtype=dtype, seed=3)
    expected = np.tensordot(f64(a), f64(b), axes)
    ta, tb = make(backend, a), make(backend, b)
    check(ut.linalg.tensordot(ta, tb, axes=axes), backend, expected, dtype, **tol(backend, dtype))
    check(ta.tensordot(tb, axes), backend, expected, dtype, **tol(backend, dtype))
    if case == "default":
        check(ut.tensordot(ta, tb), backend, expected, dtype, **tol(backend, dtype))


@pytest.mark.parametrize("dtype", [np.int32, np.int8, np.bool_])
def test_tensordot_integer_and_bool(backend, dtype):
    a = (np.arange(12).reshape(3, 4) % 3).astype(dtype)
    b = (np.arange(20).reshape(4, 5) % 2).astype(dtype)
    expected = np.tensordot(a, b, 1)
    check(ut.tensordot(make(backend, a), make(backend, b), axes=1), backend, expected, dtype)


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.uint8, np.uint16, np.uint32, np.uint64])
def test_narrow_integer_products(backend, dtype):
    """PyTorch and TensorFlow lack kernels for some: computed wider, wrapping around as NumPy."""
    a = (np.arange(12).reshape(3, 4) * 97 % 400).astype(dtype)  # 8- and 16-bit products wrap
    b = (np.arange(20).reshape(4, 5) * 89 % 300).astype(dtype)
    ta, tb = make(backend, a), make(backend, b)
    check(ta @ tb, backend, a @ b, dtype)
    check(ut.tensordot(ta, tb, axes=1), backend, np.tensordot(a, b, 1), dtype)
    check(ut.einsum("ij,jk->ik", ta, tb), backend, np.einsum("ij,jk->ik", a, b), dtype)
    check(ut.vecdot(ta, ta), backend, np.vecdot(a, a), dtype)


def test_tensordot_promotes(backend):
    a, b = np.arange(6, dtype=np.int32).reshape(2, 3), randn(3, 2, seed=4)
    expected = np.tensordot(a.astype(F64), f64(b), 1)
    check(ut.tensordot(make(backend, a), make(backend, b), 1), backend, expected, F32, rtol=1e-5)


@pytest.mark.parametrize(
    "axes, error",
    [
        (([0], [0]), ut.ShapeError),  # sizes 2 and 3
        (([1], [5]), ut.AxisError),
        (([1, 1], [0, 0]), ut.AxisError),
        (([1], [0, 1]), ut.ShapeError),
        (3, ut.ShapeError),
        (-1, ValueError),
        ("x", TypeError),
    ],
)
def test_tensordot_errors(backend, axes, error):
    a, b = make(backend, randn(2, 3)), make(backend, randn(3, 3))
    with pytest.raises(error):
        ut.linalg.tensordot(a, b, axes=axes)


# ---------------------------------------------------------------- vecdot

VD_CASES = {
    "last": ((2, 3), (2, 3), -1),
    "broadcast": ((4, 1, 3), (5, 3), -1),
    "vector": ((2, 3), (3,), -1),
    "first": ((3, 2), (3, 2), 0),
    "middle": ((2, 3, 4), (3, 1), -2),
    "1d": ((3,), (3,), -1),
}


@pytest.mark.parametrize("case", list(VD_CASES))
@pytest.mark.parametrize("dtype", FLOATS)
def test_vecdot(backend, case, dtype):
    sa, sb, axis = VD_CASES[case]
    a, b = randn(*sa, dtype=dtype, seed=5), randn(*sb, dtype=dtype, seed=6)
    expected = np.vecdot(f64(a), f64(b), axis=axis)
    ta, tb = make(backend, a), make(backend, b)
    check(ut.linalg.vecdot(ta, tb, axis=axis), backend, expected, dtype, **tol(backend, dtype))
    check(ta.vecdot(tb, axis), backend, expected, dtype, **tol(backend, dtype))
    check(ut.vecdot(ta, tb, axis=axis), backend, expected, dtype, **tol(backend, dtype))


@pytest.mark.parametrize("dtype", [np.int32, np.bool_])
def test_vecdot_integer_and_bool(backend, dtype):
    a = (np.arange(12).reshape(4, 3) % 3).astype(dtype)
    b = (np.arange(3) % 2 + 1).astype(dtype)
    check(ut.vecdot(make(backend, a), make(backend, b)), backend, np.vecdot(a, b), dtype)


def test_vecdot_errors(backend):
    a, b = make(backend, randn(2, 3)), make(backend, randn(2, 4))
    with pytest.raises(ut.ShapeError):
        ut.linalg.vecdot(a, b)
    with pytest.raises(ut.ShapeError):  # the vector axis does not broadcast
        ut.linalg.vecdot(a, make(backend, randn(2, 1)))
    with pytest.raises(ut.ShapeError):  # the other axes do not broadcast
        ut.linalg.vecdot(a, make(backend, randn(3, 3)))
    with pytest.raises(ut.AxisError):
        ut.linalg.vecdot(a, a, axis=-3)


# ---------------------------------------------------------------- einsum

EINSUM_CASES = [
    ("ij,jk->ik", [(2, 3), (3, 4)]),
    ("ij,jk", [(2, 3), (3, 4)]),
    ("bij,bjk->bik", [(2, 3, 4), (2, 4, 2)]),
    ("ij->ji", [(2, 3)]),
    ("ji", [(2, 3)]),
    ("ii->i", [(3, 3)]),
    ("ii", [(3, 3)]),
    ("ij->", [(2, 3)]),
    ("i,j->ij", [(2,), (3,)]),
    ("...ij,...jk->...ik", [(4, 1, 2, 3), (5, 3, 2)]),
    ("...ij,jk", [(2, 2, 3), (3, 4)]),
    ("i...,i...->...", [(3, 2), (3, 2)]),
    ("ij...,jk...", [(2, 3, 5), (3, 4, 5)]),
    ("i...i", [(2, 5, 2)]),
    ("ij,ij->i", [(2, 1), (2, 3)]),
    ("ij,ij->ij", [(2, 1), (1, 3)]),
    ("Ab,bC->CA", [(2, 3), (3, 4)]),
    ("ba", [(2, 3)]),
    ("ij, jk -> ik", [(2, 3), (3, 4)]),
    ("ii,i->i", [(3, 3), (3,)]),
    (",->", [(), ()]),
    ("i,i,i", [(3,), (3,), (3,)]),
]


@pytest.mark.parametrize("subscripts, shapes", EINSUM_CASES)
def test_einsum(backend, subscripts, shapes):
    arrays = [randn(*s, seed=10 + i) for i, s in enumerate(shapes)]
    expected = np.einsum(subscripts, *[f64(a) for a in arrays])
    out = ut.einsum(subscripts, *[make(backend, a) for a in arrays])
    check(out, backend, expected, F32, rtol=1e-4, atol=1e-5)


def test_einsum_float64(backend):
    a, b = randn(2, 3, 4, dtype=F64), randn(2, 4, 5, dtype=F64, seed=7)
    expected = np.einsum("bij,bjk->bki", a, b)
    out = ut.einsum("bij,bjk->bki", make(backend, a), make(backend, b))
    check(out, backend, expected, F64, **tol(backend, F64))


@pytest.mark.parametrize("dtype", [np.int32, np.int8, np.uint8, np.bool_])
def test_einsum_integer_and_bool(backend, dtype):
    a = (np.arange(6).reshape(2, 3) % 3 * 50).astype(dtype)
    b = (np.arange(12).reshape(3, 4) % 2 * 3).astype(dtype)
    for sub in ("ij,jk", "ij->j", "ij,jk->ijk"):
        ops = (a, b) if "," in sub else (a,)
        expected = np.einsum(sub, *ops)
        check(ut.einsum(sub, *[make(backend, o) for o in ops]), backend, expected, dtype)


def test_einsum_promotes(backend):
    a, b = np.arange(6, dtype=np.int32).reshape(2, 3), randn(3, seed=8)
    expected = np.einsum("ij,j", a.astype(F64), f64(b))
    check(ut.einsum("ij,j", make(backend, a), make(backend, b)), backend, expected, F32, rtol=1e-5)


@pytest.mark.parametrize(
    "subscripts, shapes, error",
    [
        ("ij,jk", [(2, 3)], ValueError),  # too few operands
        ("ij", [(2, 3), (3,)], ValueError),  # too many
        ("ijk", [(2, 3)], ut.ShapeError),  # rank
        ("i", [(2, 3)], ut.ShapeError),
        ("ii", [(2, 3)], ut.ShapeError),  # a diagonal of unequal sizes
        ("i,i", [(2,), (3,)], ut.ShapeError),
        ("...,...", [(2,), (3,)], ut.ShapeError),
        ("ij->ii", [(2, 3)], ValueError),
        ("ij->k", [(2, 3)], ValueError),
        ("...i->i", [(2, 3)], ut.ShapeError),
        ("i.j", [(2, 3)], ValueError),
        ("i1", [(2, 3)], ValueError),
        ("ij->i->j", [(2, 3)], ValueError),
        ("i......", [(2, 3)], ValueError),
    ],
)
def test_einsum_errors(backend, subscripts, shapes, error):
    with pytest.raises(ValueError):
        np.einsum(subscripts, *[np.ones(s) for s in shapes])  # NumPy refuses them too
    with pytest.raises(error):
        ut.einsum(subscripts, *[make(backend, np.ones(s, F32)) for s in shapes])


def test_einsum_needs_a_string(backend):
    a = make(backend, np.ones((2, 2), F32))
    with pytest.raises(TypeError):
        ut.einsum(a, [0, 1])  # type: ignore[arg-type]  # NumPy's interleaved form
    with pytest.raises(ValueError):
        ut.einsum("")


# ---------------------------------------------------------------- determinants, inverses, solve


@pytest.mark.parametrize("dtype", FLOATS)
def test_det_inv_slogdet(backend, dtype):
    a = A.astype(dtype)
    t = make(backend, a)
    kw = tol(backend, dtype)
    check(ut.linalg.det(t), backend, np.linalg.det(f64(a)), dtype, **kw)
    check(ut.linalg.det(t[0]), backend, np.linalg.det(f64(a[0])), dtype, **kw)
    check(ut.linalg.inv(t), backend, np.linalg.inv(f64(a)), dtype, **kw)
    sign, logabsdet = np.linalg.slogdet(f64(a[:, [1, 0, 2]]))
    result = ut.linalg.slogdet(make(backend, a[:, [1, 0, 2]]))
    assert isinstance(result, tuple) and result._fields == ("sign", "logabsdet")
    check(result.sign, backend, sign, dtype)
    check(result.logabsdet, backend, logabsdet, dtype, **kw)


SOLVE_CASES = {
    "matrix": ((3, 3), (3, 2)),
    "vector": ((3, 3), (3,)),
    "batched vector": ((2, 3, 3), (3,)),
    "batched": ((2, 3, 3), (2, 3, 4)),
    "broadcast b": ((2, 3, 3), (3, 4)),
    "broadcast a": ((3, 3), (2, 3, 1)),
    "ambiguous": ((3, 3, 3), (3, 3)),  # b is a matrix (PyTorch would read vectors)
    "both": ((4, 1, 3, 3), (2, 3, 2)),
}


@pytest.mark.parametrize(
    "case, dtype",
    [(c, F32) for c in SOLVE_CASES] + [(c, F64) for c in ("matrix", "batched", "ambiguous")],
)
def test_solve(backend, case, dtype):
    sa, sb = SOLVE_CASES[case]
    a = (randn(*sa, seed=50) + 3 * np.eye(3)).astype(dtype)
    b = randn(*sb, dtype=dtype, seed=51)
    expected = np.linalg.solve(f64(a), f64(b))
    out = ut.linalg.solve(make(backend, a), make(backend, b))
    check(out, backend, expected, dtype, **tol(backend, dtype))


def test_integer_input_gives_float32(backend):
    a = np.array([[2, 1], [1, 3]], dtype=np.int32)
    t = make(backend, a)
    check(ut.linalg.det(t), backend, np.linalg.det(f64(a)), F32, rtol=1e-5)
    check(ut.linalg.inv(t), backend, np.linalg.inv(f64(a)), F32, rtol=1e-5)
    check(
        ut.linalg.solve(t, make(backend, np.array([1, 2]))),
        backend,
        np.linalg.solve(f64(a), [1.0, 2.0]),
        F32,
        rtol=1e-5,
    )
    check(ut.linalg.eigvalsh(t), backend, np.linalg.eigvalsh(f64(a)), F32, rtol=1e-5)
    check(ut.linalg.matrix_power(t, 2), backend, f64(a) @ f64(a), F32)
    check(ut.linalg.cholesky(t), backend, np.linalg.cholesky(f64(a)), F32, rtol=1e-5)
    check(ut.linalg.vector_norm(t), backend, np.linalg.vector_norm(f64(a)), F32, rtol=1e-5)
    check(ut.linalg.svdvals(t), backend, np.linalg.svdvals(f64(a)), F32, rtol=1e-5)


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_half_precision_computed_in_float32(backend, dtype):
    a = np.array([[2.0, 1.0], [1.0, 3.0]], dtype=F32)
    t = make(backend, a).astype(dtype)
    for out, expected in (
        (ut.linalg.det(t), np.linalg.det(f64(a))),
        (ut.linalg.inv(t), np.linalg.inv(f64(a))),
        (ut.linalg.eigvalsh(t), np.linalg.eigvalsh(f64(a))),
        (ut.linalg.svdvals(t), np.linalg.svdvals(f64(a))),
        (ut.linalg.cholesky(t), np.linalg.cholesky(f64(a))),
    ):
        assert out.dtype == t.dtype
        np.testing.assert_allclose(values(out.astype("float32")), expected, rtol=1e-2, atol=1e-2)


# ---------------------------------------------------------------- decompositions


@pytest.mark.parametrize("upper", [False, True])
@pytest.mark.parametrize("dtype", FLOATS)
def test_cholesky(backend, dtype, upper):
    s = SPD.astype(dtype)
    expected = np.linalg.cholesky(f64(s), upper=upper)
    check(
        ut.linalg.cholesky(make(backend, s), upper=upper),
        backend,
        expected,
        dtype,
        **tol(backend, dtype),
    )


def test_cholesky_reads_one_triangle(backend):
    s = f64(SPD[0]) + np.triu(np.ones((3, 3)), 1)  # not symmetric: NumPy reads one triangle
    for upper in (False, True):
        expected = np.linalg.cholesky(s, upper=upper)
        out = ut.linalg.cholesky(make(backend, s.astype(F32)), upper=upper)
        check(out, backend, expected, F32, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("dtype", FLOATS)
def test_eigh(backend, dtype):
    s = SPD.astype(dtype)
    kw = tol(backend, dtype)
    w_np = np.linalg.eigvalsh(f64(s))
    result = ut.linalg.eigh(make(backend, s))
    assert isinstance(result, tuple) and result._fields == ("eigenvalues", "eigenvectors")
    w, q = result
    check(w, backend, w_np, dtype, **kw)
    qv = values(q)
    assert qv.shape == (2, 3, 3)
    np.testing.assert_allclose(qv @ (w_np[..., :, None] * qv.transpose(0, 2, 1)), f64(s), **kw)
    np.testing.assert_allclose(
        qv.transpose(0, 2, 1) @ qv, np.broadcast_to(np.eye(3), qv.shape), **kw
    )
    check(ut.linalg.eigvalsh(make(backend, s)), backend, w_np, dtype, **kw)
    assert np.all(np.diff(values(w), axis=-1) > 0)  # ascending


def test_eigh_reads_the_lower_triangle(backend):
    s = f64(SPD[0]) + np.triu(np.full((3, 3), 5.0), 1)  # JAX would symmetrise
    expected = np.linalg.eigvalsh(s)
    check(ut.linalg.eigvalsh(make(backend, s.astype(F32))), backend, expected, F32, rtol=1e-4)
    check(ut.linalg.eigh(make(backend, s.astype(F32)))[0], backend, expected, F32, rtol=1e-4)


@pytest.mark.parametrize("mode", ["reduced", "complete"])
@pytest.mark.parametrize("x", ["tall", "wide"])
@pytest.mark.parametrize("dtype", FLOATS)
def test_qr(backend, dtype, x, mode):
    a = (TALL if x == "tall" else WIDE).astype(dtype)
    kw = tol(backend, dtype)
    q_np, r_np = np.linalg.qr(f64(a), mode=mode)
    result = ut.linalg.qr(make(backend, a), mode=mode)
    assert isinstance(result, tuple) and result._fields == ("Q", "R")
    q, r = (values(v) for v in result)
    assert q.shape == q_np.shape and r.shape == r_np.shape
    assert result.Q.dtype == result.R.dtype == make(backend, a).dtype
    np.testing.assert_allclose(q @ r, f64(a), **kw)
    k = q.shape[-1]
    np.testing.assert_allclose(
        q.transpose(0, 2, 1) @ q, np.broadcast_to(np.eye(k), (2, k, k)), **kw
    )
    np.testing.assert_allclose(np.tril(r, -1), 0, atol=kw["atol"])
    np.testing.assert_allclose(np.abs(r), np.abs(r_np), **kw)  # unique up to signs


@pytest.mark.parametrize("full_matrices", [True, False])
@pytest.mark.parametrize("x", ["tall", "wide"])
@pytest.mark.parametrize("dtype", FLOATS)
def test_svd(backend, dtype, x, full_matrices):
    a = (TALL if x == "tall" else WIDE).astype(dtype)
    kw = tol(backend, dtype)
    u_np, s_np, vh_np = np.linalg.svd(f64(a), full_matrices=full_matrices)
    result = ut.linalg.svd(make(backend, a), full_matrices=full_matrices)
    assert isinstance(result, tuple) and result._fields == ("U", "S", "Vh")
    check(result.S, backend, s_np, dtype, **kw)
    u, s, vh = (values(v) for v in result)
    assert u.shape == u_np.shape and vh.shape == vh_np.shape
    k = s.shape[-1]
    np.testing.assert_allclose((u[..., :k] * s[..., None, :]) @ vh[..., :k, :], f64(a), **kw)
    for m in (u, vh.transpose(0, 2, 1)):
        n = m.shape[-1]
        np.testing.assert_allclose(
            m.transpose(0, 2, 1) @ m, np.broadcast_to(np.eye(n), (2, n, n)), **kw
        )
    check(ut.linalg.svdvals(make(backend, a)), backend, s_np, dtype, **kw)
    assert np.all(np.diff(s, axis=-1) <= 0)  # descending


# ---------------------------------------------------------------- norms, rank, pinv, power


@pytest.mark.parametrize("ord", ["fro", "nuc", 1, -1, 2, -2, math.inf, -math.inf])
@pytest.mark.parametrize("dtype", FLOATS)
def test_matrix_norm(backend, dtype, ord):
    a = TALL.astype(dtype)
    t = make(backend, a)
    for keepdims in (False, True) if dtype == F32 else (False,):
        expected = np.linalg.matrix_norm(f64(a), keepdims=keepdims, ord=ord)
        out = ut.linalg.matrix_norm(t, keepdims=keepdims, ord=ord)
        check(out, backend, expected, dtype, **tol(backend, dtype))


VN_CASES = [(None, False), (-1, False), ((0, 2), False), ((2, 0), True)]
VN_ORDS = [2, 1, 0, math.inf, -math.inf, 3, 0.5, -1, -2]


@pytest.mark.filterwarnings("ignore:divide by zero:RuntimeWarning")  # 1 / |0|, as NumPy
@pytest.mark.parametrize(
    "ord, dtype", [(o, F32) for o in VN_ORDS] + [(o, F64) for o in (2, 1, math.inf)]
)
def test_vector_norm(backend, dtype, ord):
    a = TALL.astype(dtype)
    a[0, 0, 0] = 0.0  # for ord=0
    t = make(backend, a)
    kw = tol(backend, dtype)
    for axis, keepdims in VN_CASES:
        if ord < 0 and axis is None:
            continue  # sum(1/|0|) is inf, 1/inf 0: checked for one axis below
        expected = np.linalg.vector_norm(f64(a), axis=axis, keepdims=keepdims, ord=ord)
        out = ut.linalg.vector_norm(t, axis=axis, keepdims=keepdims, ord=ord)
        check(out, backend, expected, dtype, **kw)


@pytest.mark.parametrize("n", [0, 1, 3, 5, -1, -2])
@pytest.mark.parametrize("dtype", FLOATS)
def test_matrix_power(backend, dtype, n):
    a = (A / 3).astype(dtype)
    expected = np.linalg.matrix_power(f64(a), n)
    check(
        ut.linalg.matrix_power(make(backend, a), n), backend, expected, dtype, **tol(backend, dtype)
    )


@pytest.mark.parametrize("dtype", FLOATS)
def test_matrix_rank(backend, dtype):
    x = np.stack([f64(TALL[0]), np.outer([1, 2, 3, 4], [1, 0.5, 2]), np.zeros((4, 3))])
    x = x.astype(dtype)
    t = make(backend, x)
    check(ut.linalg.matrix_rank(t), backend, np.linalg.matrix_rank(x), np.int64)
    check(ut.linalg.matrix_rank(t, rtol=0.5), backend, np.linalg.matrix_rank(x, rtol=0.5), np.int64)
    rtol = np.array([0.9, 0.1, 0.1], dtype=dtype)
    check(
        ut.linalg.matrix_rank(t, rtol=make(backend, rtol)),
        backend,
        np.linalg.matrix_rank(x, rtol=rtol),
        np.int64,
    )


@pytest.mark.parametrize("x", ["tall", "wide", "deficient"])
@pytest.mark.parametrize("dtype", FLOATS)
def test_pinv(backend, dtype, x):
    a = {
        "tall": TALL,
        "wide": WIDE,
        "deficient": np.stack([np.outer([1, 2, 3], [1, 0.5, 2, 1]), f64(WIDE[0])]),
    }[x].astype(dtype)
    kw = tol(backend, dtype)
    check(ut.linalg.pinv(make(backend, a)), backend, np.linalg.pinv(f64(a), rtol=None), dtype, **kw)
    check(
        ut.linalg.pinv(make(backend, a), rtol=0.3),
        backend,
        np.linalg.pinv(f64(a), rtol=0.3),
        dtype,
        **kw,
    )


# ---------------------------------------------------------------- cross, outer, trace, diagonal


CROSS_CASES = {
    "last": ((2, 3), (2, 3), -1),
    "broadcast": ((4, 1, 3), (5, 3), -1),
    "axis -2": ((3, 2), (3, 1), -2),
    "axis 0": ((3, 2), (3, 2), 0),
}


@pytest.mark.parametrize(
    "case, dtype", [(c, F32) for c in CROSS_CASES] + [("last", F64), ("broadcast", np.int32)]
)
def test_cross(backend, case, dtype):
    sa, sb, axis = CROSS_CASES[case]
    a = (randn(*sa, seed=60) * 4).astype(dtype)
    b = (randn(*sb, seed=61) * 4).astype(dtype)
    exact = dtype == np.int32
    expected = np.linalg.cross(a if exact else f64(a), b if exact else f64(b), axis=axis)
    out = ut.linalg.cross(make(backend, a), make(backend, b), axis=axis)
    check(out, backend, expected, dtype, **tol(backend, dtype))


def test_cross_errors(backend):
    a = make(backend, randn(2, 3))
    with pytest.raises(ut.ShapeError):
        ut.linalg.cross(a, make(backend, randn(2, 4)))
    with pytest.raises(ut.ShapeError):
        ut.linalg.cross(a, make(backend, randn(3, 3)))  # other axes do not broadcast
    with pytest.raises(ut.AxisError):
        ut.linalg.cross(a, a, axis=2)
    with pytest.raises(ut.DTypeError):
        ut.linalg.cross(make(backend, np.ones(3, bool)), make(backend, np.ones(3, bool)))


@pytest.mark.parametrize("dtype", [F32, np.int32, np.bool_])
def test_outer(backend, dtype):
    a, b = (np.arange(3) - 1).astype(dtype), (np.arange(4) * 2).astype(dtype)
    check(ut.linalg.outer(make(backend, a), make(backend, b)), backend, np.outer(a, b), dtype)
    with pytest.raises(ut.ShapeError):
        ut.linalg.outer(make(backend, a[None]), make(backend, b))


@pytest.mark.parametrize("offset", [0, 1, -1, 3, -3, 5])
def test_diagonal_and_trace(backend, offset):
    x = np.arange(24, dtype=np.int32).reshape(2, 3, 4)
    t = make(backend, x)
    check(
        ut.linalg.diagonal(t, offset=offset),
        backend,
        np.linalg.diagonal(x, offset=offset),
        np.int32,
    )
    check(ut.linalg.trace(t, offset=offset), backend, np.linalg.trace(x, offset=offset), np.int64)
    xf = x.astype(F32)
    check(
        ut.linalg.trace(make(backend, xf), offset=offset),
        backend,
        np.linalg.trace(xf, offset=offset),
        F32,
    )


def test_trace_dtype(backend):
    x = np.arange(9, dtype=np.int32).reshape(3, 3)
    t = make(backend, x)
    check(ut.linalg.trace(t, dtype=ut.float32), backend, np.linalg.trace(x, dtype=F32), F32)
    check(ut.linalg.trace(t, dtype=ut.int32), backend, np.linalg.trace(x, dtype=np.int32), np.int32)
    with pytest.raises(TypeError):
        ut.linalg.trace(t, offset=1.0)  # type: ignore[arg-type]


# ---------------------------------------------------------------- errors, the same everywhere


SQUARE_ONLY = ["cholesky", "det", "eigh", "eigvalsh", "inv", "slogdet"]
MATRICES_ONLY = ["matrix_norm", "matrix_rank", "pinv", "qr", "svd", "svdvals", "diagonal", "trace"]


@pytest.mark.parametrize("name", [*SQUARE_ONLY, "matrix_power"])
@pytest.mark.parametrize("shape", [(3, 4), (2, 4, 3), (3,)])
def test_square_only(backend, name, shape):
    t = make(backend, randn(*shape))
    f = getattr(ut.linalg, name)
    with pytest.raises(ut.ShapeError):
        f(t, 2) if name == "matrix_power" else f(t)


@pytest.mark.parametrize("name", MATRICES_ONLY)
def test_matrices_only(backend, name):
    with pytest.raises(ut.ShapeError):
        getattr(ut.linalg, name)(make(backend, randn(3)))


@pytest.mark.parametrize("sb", [(4,), (4, 1), (3, 3, 1), (2, 4, 2)])
def test_solve_shapes_that_do_not_fit(backend, sb):
    a = make(backend, randn(2, 3, 3) + 3 * np.eye(3, dtype=F32))
    with pytest.raises(ut.ShapeError):
        ut.linalg.solve(a, make(backend, randn(*sb)))
    with pytest.raises(ut.ShapeError):
        ut.linalg.solve(make(backend, randn(3, 4)), make(backend, randn(3)))


def test_bad_options(backend):
    m = make(backend, TALL)
    with pytest.raises(ValueError):
        ut.linalg.qr(m, mode="r")  # type: ignore[arg-type]
    for ord in ("f", 3, 0, True):
        with pytest.raises(ValueError):
            ut.linalg.matrix_norm(m, ord=ord)  # type: ignore[arg-type]
    for ord in (math.nan, "fro"):
        with pytest.raises(ValueError):
            ut.linalg.vector_norm(m, ord=ord)  # type: ignore[arg-type]
    with pytest.raises(ut.AxisError):
        ut.linalg.vector_norm(m, axis=3)
    with pytest.raises(ut.AxisError):
        ut.linalg.vector_norm(m, axis=(0, 0))
    with pytest.raises(TypeError):
        ut.linalg.matrix_power(make(backend, A), 1.5)  # type: ignore[arg-type]


def test_mixed_frameworks_are_refused(backend):
    other = "numpy" if backend != "numpy" else "torch"
    a = make(backend, A)
    with pytest.raises(ut.FrameworkMixError):
        ut.linalg.solve(a, make(other, A))
    with pytest.raises(ut.FrameworkMixError):
        ut.einsum("ij,jk", a[0], make(other, M))


def test_array_api_asarray_of_nested_0d_tensors(backend):
    """array-api-tests builds expected values (matrix_transpose's) this way."""
    xp = importlib.import_module(f"unitensor.array_api.{backend}")
    x = xp.asarray([[True, False], [False, False]])
    out = xp.asarray([[x[j, i] for j in range(2)] for i in range(2)], dtype=xp.bool)
    check(out, backend, np.array([[True, False], [False, False]]))
    assert np.asarray(x[0, 0]).shape == () and isinstance(x[0, 0].numpy(), np.ndarray)
