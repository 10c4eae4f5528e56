"""inv, slogdet, meshgrid and kl_div_with_logits."""

import numpy as np
import pytest

import unitensor as ut
from conftest import check, make, randn, supports_float64

EYE3 = np.eye(3, dtype=np.float32)
A = randn(3, 3, seed=21) + 3 * EYE3  # well conditioned
AB = randn(2, 3, 3, seed=22) + 3 * EYE3
# a matrix with a negative determinant: rows of a well-conditioned one swapped
A_NEG = A[[1, 0, 2]]
assert np.linalg.det(A_NEG.astype(np.float64)) < 0


def f64(x):
    return np.asarray(x, dtype=np.float64)


# ---------------------------------------------------------------- inv


@pytest.mark.parametrize("case", ["single", "batched", "negdet"])
def test_inv(backend, case):
    a = {"single": A, "batched": AB, "negdet": A_NEG}[case]
    expected = np.linalg.inv(f64(a))
    t = make(backend, a)
    check(ut.inv(t), backend, expected, np.float32, rtol=1e-4, atol=1e-5)
    check(t.inv(), backend, expected, np.float32, rtol=1e-4, atol=1e-5)
    # A @ inv(A) == I
    prod = np.matmul(f64(a), f64(t.inv().numpy()))
    np.testing.assert_allclose(prod, np.broadcast_to(np.eye(3), prod.shape), atol=1e-4)


def test_inv_float64(backend):
    a = f64(AB)
    # check() expects JAX's narrowed float32 there (no 64-bit mode), with float32 accuracy
    rtol = 1e-8 if supports_float64(backend) else 1e-4
    check(ut.inv(make(backend, a)), backend, np.linalg.inv(a), np.float64, rtol=rtol)


@pytest.mark.parametrize("shape", [(3, 4), (2, 3, 4), (3,)])
def test_inv_non_square_raises(backend, shape):
    t = make(backend, randn(*shape))
    with pytest.raises(ValueError):
        ut.inv(t)
    with pytest.raises(ValueError):
        t.inv()


# ---------------------------------------------------------------- slogdet


@pytest.mark.parametrize("case", ["single", "batched", "negdet"])
def test_slogdet(backend, case):
    a = {"single": A, "batched": AB, "negdet": A_NEG}[case]
    sign, logabsdet = np.linalg.slogdet(f64(a))
    t = make(backend, a)
    for result in (ut.slogdet(t), t.slogdet()):
        assert isinstance(result, tuple) and len(result) == 2
        s, l = result
        assert type(s) is type(t) and type(l) is type(t)
        check(s, backend, sign, np.float32)
        check(l, backend, logabsdet, np.float32, rtol=1e-4, atol=1e-5)


def test_slogdet_negative_sign(backend):
    s, l = ut.slogdet(make(backend, A_NEG))
    assert float(s.item()) == -1.0
    np.testing.assert_allclose(
        l.item(), np.log(abs(np.linalg.det(f64(A_NEG)))), rtol=1e-4, atol=1e-5
    )


def test_slogdet_batched_mixed_signs(backend):
    a = np.stack([A, A_NEG, 2 * EYE3])
    sign, logabsdet = np.linalg.slogdet(f64(a))
    np.testing.assert_array_equal(sign, [1.0, -1.0, 1.0])
    s, l = make(backend, a).slogdet()
    check(s, backend, sign, np.float32)
    check(l, backend, logabsdet, np.float32, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("shape", [(3, 4), (2, 4, 3), (3,)])
def test_slogdet_non_square_raises(backend, shape):
    t = make(backend, randn(*shape))
    with pytest.raises(ValueError):
        ut.slogdet(t)
    with pytest.raises(ValueError):
        t.slogdet()


# ---------------------------------------------------------------- meshgrid


@pytest.mark.parametrize("indexing", ["xy", "ij"])
def test_meshgrid_two(backend, indexing):
    a = np.arange(3, dtype=np.float32)
    b = np.arange(4, dtype=np.float32) * 2 - 1
    expected = np.meshgrid(a, b, indexing=indexing)
    ta, tb = make(backend, a), make(backend, b)
    grids = ut.meshgrid(ta, tb, indexing=indexing)
    assert isinstance(grids, tuple) and len(grids) == 2
    for g, e in zip(grids, expected, strict=True):
        assert type(g) is type(ta)
        check(g, backend, e, np.float32)
    shape = (4, 3) if indexing == "xy" else (3, 4)
    assert grids[0].shape == shape and grids[1].shape == shape


def test_meshgrid_default_is_xy(backend):
    a = np.arange(3, dtype=np.int32)
    b = np.arange(5, dtype=np.int32)
    grids = ut.meshgrid(make(backend, a), make(backend, b))
    for g, e in zip(grids, np.meshgrid(a, b), strict=True):
        check(g, backend, e, np.int32)


@pytest.mark.parametrize("indexing", ["xy", "ij"])
def test_meshgrid_three(backend, indexing):
    xs = [np.arange(n, dtype=np.float32) + 10 * n for n in (2, 3, 4)]
    expected = np.meshgrid(*xs, indexing=indexing)
    grids = ut.meshgrid(*[make(backend, x) for x in xs], indexing=indexing)
    assert isinstance(grids, tuple) and len(grids) == 3
    for g, e in zip(grids, expected, strict=True):
        check(g, backend, e, np.float32)


@pytest.mark.parametrize("indexing", ["xx", "IJ", "", "matrix"])
def test_meshgrid_bad_indexing(backend, indexing):
    a = make(backend, np.arange(3, dtype=np.float32))
    with pytest.raises(ValueError):
        ut.meshgrid(a, a, indexing=indexing)


# ---------------------------------------------------------------- KL divergence

P = randn(3, 4, 5, seed=31) * 2
Q = randn(3, 4, 5, seed=32) * 2


def np_log_softmax(x, axis):
    x = f64(x)
    m = x.max(axis=axis, keepdims=True)
    return x - m - np.log(np.exp(x - m).sum(axis=axis, keepdims=True))


def np_kl(lp, lq, axis, keepdims=False):
    log_p, log_q = np_log_softmax(lp, axis), np_log_softmax(lq, axis)
    p = np.exp(log_p)
    return np.sum(p * (log_p - log_q), axis=axis, keepdims=keepdims)


@pytest.mark.parametrize("keepdims", [False, True])
@pytest.mark.parametrize("axis", [-1, 0, 1, 2, -2])
def test_kl_div_with_logits(backend, axis, keepdims):
    expected = np_kl(P, Q, axis, keepdims)
    assert np.all(expected >= 0)
    out = ut.kl_div_with_logits(make(backend, P), make(backend, Q), axis=axis, keepdims=keepdims)
    check(out, backend, expected, np.float32, rtol=1e-4, atol=1e-5)


def test_kl_div_default_axis_is_last(backend):
    out = ut.kl_div_with_logits(make(backend, P), make(backend, Q))
    check(out, backend, np_kl(P, Q, -1), np.float32, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("axis", [-1, 0, 1])
def test_kl_div_self_is_zero(backend, axis):
    t = make(backend, P)
    out = ut.kl_div_with_logits(t, t, axis=axis)
    expected_shape = np.delete(np.array(P.shape), axis)
    check(out, backend, np.zeros(tuple(expected_shape)), np.float32, atol=1e-6)


def test_kl_div_shifted_logits_is_zero(backend):
    # softmax is shift invariant: logits differing by a constant give KL == 0
    out = ut.kl_div_with_logits(make(backend, P), make(backend, P + 3.0), axis=1)
    check(out, backend, np.zeros((3, 5)), np.float32, atol=1e-5)


def test_kl_div_broadcast(backend):
    q = Q[:1]  # (1, 4, 5) broadcasts against (3, 4, 5)
    out = ut.kl_div_with_logits(make(backend, P), make(backend, q), axis=-1)
    check(out, backend, np_kl(P, np.broadcast_to(q, P.shape), -1), np.float32, rtol=1e-4)


def test_slogdet_singular(backend):
    a = np.array([[1.0, 2.0], [2.0, 4.0]], dtype=np.float32)
    sign, logabsdet = np.linalg.slogdet(f64(a))
    assert sign == 0 and logabsdet == -np.inf
    s, l = ut.slogdet(make(backend, a))
    check(s, backend, sign, np.float32)
    check(l, backend, logabsdet, np.float32)


def test_meshgrid_promotes_dtypes(backend):
    a = np.arange(3, dtype=np.int32)
    b = np.arange(2, dtype=np.float32) + 0.5
    grids = ut.meshgrid(make(backend, a), make(backend, b), indexing="ij")
    for g, e in zip(grids, np.meshgrid(a, b, indexing="ij"), strict=True):
        check(g, backend, e, np.float32)


def test_meshgrid_bad_inputs(backend):
    with pytest.raises(ValueError):
        ut.meshgrid(make(backend, np.zeros((2, 2), np.float32)), indexing="ij")
    with pytest.raises(ValueError):
        ut.meshgrid()


def test_kl_div_axis_out_of_range(backend):
    with pytest.raises(ut.AxisError):
        ut.kl_div_with_logits(make(backend, P), make(backend, Q), axis=3)
