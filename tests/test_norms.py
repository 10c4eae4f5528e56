"""ut.norms.l0 / l1 / l2 / linf / lp and the t.norms method form."""

import numpy as np
import pytest

import unitensor as ut
from conftest import check, make, randint, randn

X = randn(3, 4, 5, seed=7)
X[0, 1, :] = 0.0  # a whole zero vector along the last axis
X[1, 2, 3] = 0.0
X[2, :, 0] = 0.0


AXES = [None, 0, 1, 2, -1, (0, 2), (1, 2), (0, 1, 2)]


def np_norm(x, kind, axis=None, keepdims=False, p=None):
    """The reference, computed directly with NumPy in float64."""
    x = np.asarray(x, dtype=np.float64)
    a = np.abs(x)
    if kind == "l0":
        return np.sum(x != 0, axis=axis, keepdims=keepdims).astype(np.float64)
    if kind == "l1":
        return np.sum(a, axis=axis, keepdims=keepdims)
    if kind == "l2":
        return np.sqrt(np.sum(a * a, axis=axis, keepdims=keepdims))
    if kind == "linf":
        return np.max(a, axis=axis, keepdims=keepdims)
    assert kind == "lp"
    return np.sum(a**p, axis=axis, keepdims=keepdims) ** (1.0 / p)


FUNCS = {
    "l0": ut.norms.l0,
    "l1": ut.norms.l1,
    "l2": ut.norms.l2,
    "linf": ut.norms.linf,
}


@pytest.mark.parametrize("keepdims", [False, True])
@pytest.mark.parametrize("axis", AXES, ids=str)
@pytest.mark.parametrize("kind", list(FUNCS))
def test_norm_float32(backend, kind, axis, keepdims):
    expected = np_norm(X, kind, axis, keepdims)
    t = make(backend, X)
    check(FUNCS[kind](t, axis=axis, keepdims=keepdims), backend, expected, np.float32)
    check(FUNCS[kind](t, axis, keepdims), backend, expected, np.float32)
    method = getattr(t.norms, kind)
    check(method(axis=axis, keepdims=keepdims), backend, expected, np.float32)


@pytest.mark.parametrize("kind", list(FUNCS))
def test_norm_default_is_all_axes(backend, kind):
    t = make(backend, X)
    expected = np_norm(X, kind)
    check(FUNCS[kind](t), backend, expected, np.float32)
    check(getattr(t.norms, kind)(), backend, expected, np.float32)


def test_l2_method_axis1_matches_numpy(backend):
    t = make(backend, X)
    expected = np.linalg.norm(X.astype(np.float64), axis=1)
    check(t.norms.l2(axis=1), backend, expected, np.float32)
    check(ut.norms.l2(t, axis=1), backend, expected, np.float32)


@pytest.mark.parametrize("axis", [None, 0, -1, (0, 2)], ids=str)
@pytest.mark.parametrize("kind", list(FUNCS))
def test_norm_int32_gives_float32(backend, kind, axis):
    a = randint(3, 4, 5, seed=3)
    expected = np_norm(a, kind, axis)
    check(FUNCS[kind](make(backend, a), axis=axis), backend, expected, np.float32)


@pytest.mark.parametrize("kind", list(FUNCS))
def test_norm_float64_keeps_dtype(backend, kind):
    a = X.astype(np.float64)
    expected = np_norm(a, kind, axis=-1)
    check(FUNCS[kind](make(backend, a), axis=-1), backend, expected, np.float64, rtol=1e-6)


@pytest.mark.parametrize("keepdims", [False, True])
@pytest.mark.parametrize("axis", [None, 1, (0, 2)], ids=str)
@pytest.mark.parametrize(("p", "kind"), [(0, "l0"), (1, "l1"), (2, "l2"), (np.inf, "linf")])
def test_lp_special_p(backend, p, kind, axis, keepdims):
    t = make(backend, X)
    expected = np_norm(X, kind, axis, keepdims)
    check(ut.norms.lp(t, p, axis, keepdims), backend, expected, np.float32)
    check(ut.norms.lp(t, p, axis=axis, keepdims=keepdims), backend, expected, np.float32)
    check(t.norms.lp(p, axis=axis, keepdims=keepdims), backend, expected, np.float32)
    same = FUNCS[kind](t, axis, keepdims)
    np.testing.assert_array_equal(ut.norms.lp(t, p, axis, keepdims).numpy(), same.numpy())


@pytest.mark.parametrize("p", [2.0, float("inf"), 0.0, 1.0])
def test_lp_special_p_as_float(backend, p):
    kind = {0.0: "l0", 1.0: "l1", 2.0: "l2"}.get(p, "linf")
    check(ut.norms.lp(make(backend, X), p, axis=-1), backend, np_norm(X, kind, -1), np.float32)


@pytest.mark.parametrize("keepdims", [False, True])
@pytest.mark.parametrize("axis", [None, 0, -1, (1, 2)], ids=str)
@pytest.mark.parametrize("p", [3, 0.5, 1.5])
def test_lp_general(backend, p, axis, keepdims):
    t = make(backend, X)
    expected = np_norm(X, "lp", axis, keepdims, p=p)
    check(ut.norms.lp(t, p, axis, keepdims), backend, expected, np.float32, rtol=1e-4)
    check(t.norms.lp(p, axis, keepdims), backend, expected, np.float32, rtol=1e-4)


def test_lp3_matches_np_linalg_norm(backend):
    a = randn(4, 6, seed=11)
    expected = np.linalg.norm(a.astype(np.float64), ord=3, axis=1)
    check(ut.norms.lp(make(backend, a), 3, axis=1), backend, expected, np.float32, rtol=1e-4)
    expected = np.linalg.norm(a.astype(np.float64).ravel(), ord=3)
    check(ut.norms.lp(make(backend, a), 3), backend, expected, np.float32, rtol=1e-4)


def test_lp_int32_gives_float32(backend):
    a = randint(3, 4, seed=5)
    expected = np_norm(a, "lp", 1, p=3)
    check(ut.norms.lp(make(backend, a), 3, axis=1), backend, expected, np.float32, rtol=1e-4)


@pytest.mark.parametrize("p", [-1, -2.5, -np.inf])
def test_lp_negative_p_raises(backend, p):
    t = make(backend, X)
    with pytest.raises(ValueError):
        ut.norms.lp(t, p)
    with pytest.raises(ValueError):
        t.norms.lp(p, axis=0)


def test_norms_of_zero_vector(backend):
    z = np.zeros((2, 3), dtype=np.float32)
    t = make(backend, z)
    for fn in FUNCS.values():
        check(fn(t, axis=1), backend, np.zeros(2), np.float32)


# ---------------------------------------------------------------- gradients


def test_l2_grad_at_zero_is_zero(grad_backend):
    x = make(grad_backend, np.zeros(3, dtype=np.float32))
    g = ut.grad(lambda v: ut.norms.l2(v), x)
    got = check(g, grad_backend, np.zeros(3), np.float32)
    assert not np.any(np.isnan(got))


def test_l2_grad_at_zero_method_form(grad_backend):
    x = make(grad_backend, np.zeros((2, 2), dtype=np.float32))
    value, g = ut.value_and_grad(lambda v: v.norms.l2(), x)
    check(value, grad_backend, np.float64(0.0), np.float32)
    check(g, grad_backend, np.zeros((2, 2)), np.float32)


def test_l2_grad_at_3_4(grad_backend):
    a = np.array([3.0, 4.0], dtype=np.float32)
    x = make(grad_backend, a)
    value, g = ut.value_and_grad(lambda v: ut.norms.l2(v), x)
    check(value, grad_backend, np.float64(5.0), np.float32)
    check(g, grad_backend, a.astype(np.float64) / 5.0, np.float32)


def test_l2_grad_along_axis_with_zero_row(grad_backend):
    a = np.array([[3.0, 4.0], [0.0, 0.0]], dtype=np.float32)
    x = make(grad_backend, a)
    g = ut.grad(lambda v: ut.norms.l2(v, axis=1).sum(), x)
    check(g, grad_backend, np.array([[0.6, 0.8], [0.0, 0.0]]), np.float32)


def test_norm_bool_input_gives_float32(backend):
    a = np.array([[True, False, True], [False, False, False]])
    t = make(backend, a)
    check(ut.norms.l0(t, axis=1), backend, np.array([2.0, 0.0]), np.float32)
    check(ut.norms.l1(t, axis=1), backend, np.array([2.0, 0.0]), np.float32)
    check(ut.norms.l2(t, axis=1), backend, np.array([np.sqrt(2.0), 0.0]), np.float32)
    check(ut.norms.linf(t, axis=1), backend, np.array([1.0, 0.0]), np.float32)


def test_lp_nan_p_raises(backend):
    with pytest.raises(ValueError):
        ut.norms.lp(make(backend, X), float("nan"))


def test_norm_axis_out_of_range(backend):
    with pytest.raises(ut.AxisError):
        ut.norms.l2(make(backend, X), axis=3)


@pytest.mark.parametrize(
    "values", [[np.nan, 1.0], [np.inf, np.nan], [0.0, 0.0], [np.inf, 1.0]], ids=str
)
def test_l2_of_nan_and_inf_is_numpys(backend, values):
    """NaN gives NaN (it became 0 once), inf gives inf, zeros give 0."""
    x = np.array([values, values], np.float32)
    expected = np.linalg.norm(x, axis=1).astype(np.float32)
    check(ut.norms.l2(make(backend, x), axis=1), backend, expected, np.float32)
    check(ut.linalg.vector_norm(make(backend, x), axis=1), backend, expected, np.float32)
    fro = np.linalg.norm(x).astype(np.float32)
    check(ut.linalg.matrix_norm(make(backend, x)), backend, fro, np.float32)
