"""Transformations of functions (issue 13): the two forms of the gradient family, vmap,
jvp, vjp, the Jacobians and the Hessian, composed with each other, checked against
analytic results computed with NumPy."""

import doctest

import numpy as np
import pytest

import unitensor as ut
from conftest import SRC_DIR, check, make, randn, supports_float64

X = randn(3)
A = randn(2, 3, seed=3)
XS = randn(5, 3, seed=7)
YS = randn(5, seed=8)


def cube_sum(v):
    return (v**3).sum()


def affine_sq(v, a):
    """``a @ v + v[:2] ** 2``: Jacobian ``a + [diag(2 v[:2]), 0]``."""
    return a @ v + v[:2] ** 2


def affine_sq_jacobian(x, a):
    j = a.astype(np.float64).copy()
    j[0, 0] += 2 * x[0]
    j[1, 1] += 2 * x[1]
    return j


# ------------------------------------------------------------------ the two forms of grad


def test_grad_with_only_a_function_returns_the_gradient_function(grad_backend):
    x = make(grad_backend, X)
    g = ut.grad(cube_sum)
    assert callable(g)
    check(g(x), grad_backend, 3 * X.astype(np.float64) ** 2, np.float32)
    check(ut.grad(cube_sum, x), grad_backend, 3 * X.astype(np.float64) ** 2, np.float32)


def test_grad_argnums_options_positional_and_by_name(grad_backend):
    x, y = make(grad_backend, X), make(grad_backend, 2 * X)

    def f(a, b):
        return (a * b * b).sum()

    xd, yd = X.astype(np.float64), 2 * X.astype(np.float64)
    check(ut.grad(f, 1)(x, y), grad_backend, 2 * xd * yd, np.float32)
    check(ut.grad(f, argnums=-1)(x, y), grad_backend, 2 * xd * yd, np.float32)
    ga, gb = ut.grad(f, argnums=(0, 1))(x, y)
    check(ga, grad_backend, yd**2, np.float32)
    check(gb, grad_backend, 2 * xd * yd, np.float32)


def test_grad_has_aux(grad_backend):
    x = make(grad_backend, X)
    g, aux = ut.grad(lambda v: (cube_sum(v), {"max": v.max(), "n": 3}), has_aux=True)(x)
    check(g, grad_backend, 3 * X.astype(np.float64) ** 2, np.float32)
    check(aux["max"], grad_backend, X.max(), np.float32)
    assert aux["n"] == 3


def test_value_and_grad_two_forms(grad_backend):
    x = make(grad_backend, X)
    value, g = ut.value_and_grad(cube_sum)(x)
    check(value, grad_backend, np.sum(X.astype(np.float64) ** 3), np.float32)
    check(g, grad_backend, 3 * X.astype(np.float64) ** 2, np.float32)
    (value, aux), g = ut.value_and_grad(lambda v: (cube_sum(v), v.sum()), has_aux=True)(x)
    check(aux, grad_backend, X.astype(np.float64).sum(), np.float32)
    value, g = ut.value_and_grad(cube_sum, x)  # EagerPy's form, as before
    check(g, grad_backend, 3 * X.astype(np.float64) ** 2, np.float32)


def test_value_aux_and_grad_two_forms(grad_backend):
    x = make(grad_backend, X)

    def f(v, s):
        return cube_sum(v) * s, [v.min()]

    value, aux, g = ut.value_aux_and_grad(f)(x, 2.0)
    check(value, grad_backend, 2 * np.sum(X.astype(np.float64) ** 3), np.float32)
    check(aux[0], grad_backend, X.min(), np.float32)
    check(g, grad_backend, 6 * X.astype(np.float64) ** 2, np.float32)
    value, aux, g = ut.value_aux_and_grad(f, x, 2.0)
    check(g, grad_backend, 6 * X.astype(np.float64) ** 2, np.float32)


def test_grad_of_nested_containers(grad_backend):
    w, b = make(grad_backend, A), make(grad_backend, X[:2])
    x = make(grad_backend, X)

    def loss(params, x):
        out = params["w"] @ x + params["extra"][0]["b"]
        return (out**2).sum()

    g = ut.grad(loss)({"w": w, "extra": [{"b": b}]}, x)
    out = A.astype(np.float64) @ X + X[:2]
    assert set(g) == {"w", "extra"} and isinstance(g["extra"], list)
    check(g["w"], grad_backend, 2 * np.outer(out, X), np.float32)
    check(g["extra"][0]["b"], grad_backend, 2 * out, np.float32)


def test_grad_of_native_arrays_gives_tensors(grad_backend):
    x = make(grad_backend, X)
    g = ut.grad(cube_sum)(x.raw)
    check(g, grad_backend, 3 * X.astype(np.float64) ** 2, np.float32)


def test_grad_of_grad(grad_backend):
    x = make(grad_backend, X)
    second = ut.grad(lambda v: ut.grad(cube_sum)(v).sum())(x)
    check(second, grad_backend, 6 * X.astype(np.float64), np.float32)
    # third derivative of a scalar function
    s = make(grad_backend, np.array(0.5, dtype=np.float32))
    d3 = ut.grad(ut.grad(ut.grad(lambda v: v**4)))(s)
    check(d3, grad_backend, np.array(24 * 0.5), np.float32)


def test_gradient_of_an_unused_argument_is_zero(grad_backend):
    x, y = make(grad_backend, X), make(grad_backend, A)
    gx, gy = ut.grad(lambda a, b: (a * a).sum(), argnums=(0, 1))(x, y)
    check(gx, grad_backend, 2 * X, np.float32)
    check(gy, grad_backend, np.zeros_like(A), np.float32)
    check(ut.grad(lambda a: y.sum())(x), grad_backend, np.zeros_like(X), np.float32)


def test_value_and_grad_fn_composes_with_vmap(grad_backend):
    w, xs, ys = make(grad_backend, X), make(grad_backend, XS), make(grad_backend, YS)

    def loss(w, x, y):
        return ((x * w).sum() - y) ** 2

    values, grads = ut.vmap(ut.value_and_grad_fn(w, loss), in_axes=(None, 0, 0))(w, xs, ys)
    residual = XS.astype(np.float64) @ X - YS
    check(values, grad_backend, residual**2, np.float32)
    check(grads, grad_backend, 2 * residual[:, None] * XS, np.float32)


def test_closed_over_tensor_is_a_constant(grad_backend):
    x = make(grad_backend, X)

    def f(v):
        return (v * x).sum()  # x closed over: a constant, as in JAX

    check(ut.grad(f)(x), grad_backend, X, np.float32)


@pytest.mark.parametrize(
    "call",
    [
        lambda f, x: ut.grad(f)(x),
        lambda f, x: ut.grad(f, x),
        lambda f, x: ut.jacrev(f)(x),
        lambda f, x: ut.jacfwd(f)(x),
        lambda f, x: ut.hessian(f)(x),
        lambda f, x: ut.jvp(f, (x,), (x,)),
        lambda f, x: ut.vjp(f, x),
    ],
)
def test_numpy_cannot_differentiate(call):
    x = ut.astensor(X)
    with pytest.raises(NotImplementedError, match="PyTorch, TensorFlow and JAX"):
        call(cube_sum, x)


def test_bad_options(grad_backend):
    x = make(grad_backend, X)
    with pytest.raises(TypeError, match="unknown options"):
        ut.grad(cube_sum, argnum=0)
    with pytest.raises(TypeError, match="has_aux"):
        ut.grad(cube_sum, 0, 1)
    with pytest.raises(TypeError, match="argnums"):
        ut.grad(cube_sum, argnums=1)(x)
    with pytest.raises(ValueError, match="repeats"):
        ut.grad(lambda a, b: (a * b).sum(), argnums=(0, 0))(x, x)
    with pytest.raises(TypeError, match="dtype"):
        ut.grad(lambda v: v.astype("float32").sum())(make(grad_backend, np.arange(3)))
    with pytest.raises(ValueError, match="scalar"):
        ut.grad(lambda v: v)(x)


# ------------------------------------------------------------------ vmap


def test_vmap_on_every_backend(backend):
    xs = make(backend, XS)
    check(
        ut.vmap(lambda r: (r * r).sum())(xs),
        backend,
        (XS.astype(np.float64) ** 2).sum(1),
        np.float32,
    )
    s = make(backend, np.array(2.0, dtype=np.float32))
    out = ut.vmap(lambda c, k: c * k, in_axes=(1, None))(xs, s)
    check(out, backend, 2 * XS.T, np.float32)
    pair = ut.vmap(lambda r: (r, r.max()), out_axes=(1, 0))(xs)
    check(pair[0], backend, XS.T, np.float32)
    check(pair[1], backend, XS.max(1), np.float32)


def test_vmap_of_in_place_operators(backend):
    """x op= y on each row's intermediate tensors, under ut.vmap."""

    def f(r, c):
        z = r * 2.0
        z += c
        z -= r
        z *= 0.5
        return z

    xs = make(backend, XS)
    c = make(backend, np.array(1.0, dtype=np.float32))
    expected = ((XS * 2 + 1 - XS) * 0.5).astype(np.float32)
    check(ut.vmap(f, in_axes=(0, None))(xs, c), backend, expected)
    check(xs, backend, XS)


def test_vmap_containers_and_prefix_in_axes(backend):
    xs, a = make(backend, XS), make(backend, A)

    def f(p, x):
        return {"y": p["a"] @ x, "n": x.sum()}

    out = ut.vmap(f, in_axes=({"a": None}, 0))({"a": a}, xs)
    check(out["y"], backend, XS.astype(np.float64) @ A.T.astype(np.float64), np.float32)
    check(out["n"], backend, XS.astype(np.float64).sum(1), np.float32)


def test_vmap_nested(backend):
    t = make(backend, randn(2, 3, 4))
    out = ut.vmap(ut.vmap(lambda v: v.sum()))(t)
    check(out, backend, to_np(t).astype(np.float64).sum(-1), np.float32)


def to_np(t):
    return t.numpy()


def test_vmap_errors(backend):
    xs = make(backend, XS)
    with pytest.raises(ValueError, match="different lengths"):
        ut.vmap(lambda a, b: a + b)(xs, make(backend, A))
    with pytest.raises(ValueError, match="entries"):
        ut.vmap(lambda a, b: a + b, in_axes=(0,))(xs, xs)
    with pytest.raises(ValueError, match="maps no argument"):
        ut.vmap(lambda a: a, in_axes=None)(xs)
    with pytest.raises(TypeError, match="map tensors only"):
        ut.vmap(lambda a, s: a * s)(xs, 2.0)
    with pytest.raises(ut.AxisError):
        ut.vmap(lambda a: a, in_axes=2)(xs)
    with pytest.raises(TypeError, match="must return tensors"):
        ut.vmap(lambda a: "text")(xs)
    if backend == "numpy":
        with pytest.raises(ValueError, match="length 0"):
            ut.vmap(lambda a: a.sum())(ut.astensor(np.zeros((0, 3), dtype=np.float32)))


def test_per_example_gradients_equal_a_loop(grad_backend):
    w, xs, ys = make(grad_backend, X), make(grad_backend, XS), make(grad_backend, YS)

    def loss(w, x, y):
        return ((x * w).sum() - y) ** 2

    per_example = ut.vmap(ut.grad(loss), in_axes=(None, 0, 0))(w, xs, ys)
    loop = np.stack([ut.grad(loss)(w, xs[i], ys[i]).numpy() for i in range(len(YS))])
    check(per_example, grad_backend, loop, np.float32)
    residual = XS.astype(np.float64) @ X - YS
    check(per_example, grad_backend, 2 * residual[:, None] * XS, np.float32)
    values, grads_too = ut.vmap(ut.value_and_grad(loss), in_axes=(None, 0, 0))(w, xs, ys)
    check(values, grad_backend, residual**2, np.float32)
    check(grads_too, grad_backend, loop, np.float32)


# ------------------------------------------------------------------ jvp and vjp


def test_jvp_against_analytic(grad_backend):
    x, t = make(grad_backend, X), make(grad_backend, XS[0])
    y, dy = ut.jvp(lambda v: v.sin() * v, (x,), (t,))
    xd = X.astype(np.float64)
    check(y, grad_backend, np.sin(xd) * xd, np.float32)
    check(dy, grad_backend, (np.cos(xd) * xd + np.sin(xd)) * XS[0], np.float32)
    (y1, y2), (d1, d2), aux = ut.jvp(
        lambda a, b: ((a * b, a.sum()), "aux"), (x, x), (t, t), has_aux=True
    )
    check(y1, grad_backend, xd * xd, np.float32)
    check(y2, grad_backend, xd.sum(), np.float32)
    check(d1, grad_backend, 2 * xd * XS[0], np.float32)
    check(d2, grad_backend, XS[0].sum(), np.float32)
    assert aux == "aux"


def test_vjp_against_analytic(grad_backend):
    x, a = make(grad_backend, X), make(grad_backend, A)
    y, vjp_fn = ut.vjp(affine_sq, x, a)
    check(y, grad_backend, affine_sq_jacobian(np.zeros(3), A) @ X + X[:2] ** 2, np.float32)
    c = np.array([1.0, -2.0], dtype=np.float32)
    gx, ga = vjp_fn(make(grad_backend, c))
    check(gx, grad_backend, c @ affine_sq_jacobian(X, A), np.float32)
    check(ga, grad_backend, np.outer(c, X), np.float32)
    gx2, _ = vjp_fn(make(grad_backend, 2 * c))  # callable again
    check(gx2, grad_backend, 2 * c @ affine_sq_jacobian(X, A), np.float32)
    with pytest.raises(ut.ShapeError):
        vjp_fn(make(grad_backend, X))


def test_jvp_tangent_mismatch(grad_backend):
    x = make(grad_backend, X)
    with pytest.raises(ut.ShapeError):
        ut.jvp(cube_sum, (x,), (make(grad_backend, A),))
    with pytest.raises(ValueError, match="structure"):
        ut.jvp(cube_sum, (x,), (x, x))
    with pytest.raises(ut.DTypeError):
        ut.jvp(cube_sum, (x,), (x.astype("float16"),))


# ------------------------------------------------------------------ Jacobians and Hessians


@pytest.mark.parametrize("jac", [ut.jacrev, ut.jacfwd, ut.jacobian])
def test_jacobians_against_analytic(grad_backend, jac):
    x, a = make(grad_backend, X), make(grad_backend, A)
    check(jac(affine_sq)(x, a), grad_backend, affine_sq_jacobian(X, A), np.float32)
    check(jac(affine_sq, x, a), grad_backend, affine_sq_jacobian(X, A), np.float32)
    jx, ja = jac(affine_sq, argnums=(0, 1))(x, a)
    expected_ja = np.zeros((2, 2, 3))
    expected_ja[0, 0], expected_ja[1, 1] = X, X
    check(jx, grad_backend, affine_sq_jacobian(X, A), np.float32)
    check(ja, grad_backend, expected_ja, np.float32)


@pytest.mark.parametrize("jac", [ut.jacrev, ut.jacfwd])
def test_jacobian_of_containers_and_aux(grad_backend, jac):
    x = make(grad_backend, X)

    def f(p):
        return {"sq": p["v"] ** 2, "s": p["v"].sum() * p["c"]}, p["c"]

    c = make(grad_backend, np.array(3.0, dtype=np.float32))
    j, aux = jac(f, has_aux=True)({"v": x, "c": c})
    check(aux, grad_backend, np.array(3.0), np.float32)
    check(j["sq"]["v"], grad_backend, np.diag(2 * X.astype(np.float64)), np.float32)
    check(j["sq"]["c"], grad_backend, np.zeros(3), np.float32)
    check(j["s"]["v"], grad_backend, np.full(3, 3.0), np.float32)
    check(j["s"]["c"], grad_backend, np.array(X.astype(np.float64).sum()), np.float32)


def test_hessian_against_analytic(grad_backend):
    x = make(grad_backend, X)

    def f(v):
        return (v**3).sum() + v[0] * v[1]

    expected = np.diag(6 * X.astype(np.float64))
    expected[0, 1] = expected[1, 0] = 1.0
    check(ut.hessian(f)(x), grad_backend, expected, np.float32)
    check(ut.hessian(f, x), grad_backend, expected, np.float32)
    check(ut.jacfwd(ut.jacrev(f))(x), grad_backend, expected, np.float32)
    check(ut.jacrev(ut.grad(f))(x), grad_backend, expected, np.float32)


def test_hessian_of_two_arguments(grad_backend):
    x, y = make(grad_backend, X[:2]), make(grad_backend, X[1:])
    (hxx, hxy), (hyx, hyy) = ut.hessian(lambda a, b: (a * b).sum(), argnums=(0, 1))(x, y)
    check(hxx, grad_backend, np.zeros((2, 2)), np.float32)
    check(hxy, grad_backend, np.eye(2), np.float32)
    check(hyx, grad_backend, np.eye(2), np.float32)
    check(hyy, grad_backend, np.zeros((2, 2)), np.float32)


def test_vmap_of_hessian_and_jacobian(grad_backend):
    xs = make(grad_backend, XS)
    h = ut.vmap(ut.hessian(cube_sum))(xs)
    check(h, grad_backend, np.stack([np.diag(6 * r) for r in XS.astype(np.float64)]), np.float32)
    a = make(grad_backend, A)
    j = ut.vmap(ut.jacfwd(affine_sq), in_axes=(0, None))(xs, a)
    check(j, grad_backend, np.stack([affine_sq_jacobian(r, A) for r in XS]), np.float32)


def _cube3(v):
    return (v * v * v).sum()


@pytest.mark.parametrize(
    "inner",
    [
        pytest.param(lambda v: ut.jvp(_cube3, (v,), (ut.ones_like(v),))[1], id="jvp"),
        pytest.param(lambda v: ut.vjp(_cube3, v)[1](ut.ones_like(v.sum()))[0].sum(), id="vjp"),
        pytest.param(lambda v: ut.jacrev(_cube3)(v).sum(), id="jacrev"),
        pytest.param(lambda v: ut.jacfwd(_cube3)(v).sum(), id="jacfwd"),
        pytest.param(lambda v: ut.vmap(lambda e: 3 * e * e)(v).sum(), id="vmap"),
        pytest.param(lambda v: ut.value_and_grad(_cube3)(v)[1].sum(), id="value_and_grad"),
    ],
)
def test_grad_through_every_transformation(grad_backend, inner):
    """d/dv of sum(3 v**2) is 6 v, whichever transformation computes the inner derivative."""
    x = make(grad_backend, X)
    check(ut.grad(inner)(x), grad_backend, 6 * X.astype(np.float64), np.float32)


Z = (randn(3, seed=11) + 1j * randn(3, seed=12)).astype(np.complex64)


def test_complex_derivatives_in_jax_convention(grad_backend):
    """One convention on every framework, JAX's: the gradient of a real loss is
    dL/dRe - i dL/dIm, and a holomorphic function's Jacobian is f'(z) in both modes."""
    z = make(grad_backend, Z)
    zd = Z.astype(np.complex128)
    norm2 = ut.grad(lambda v: (v * v.conj()).real().sum())(z)
    check(norm2, grad_backend, 2 * np.conj(zd), np.complex64)
    square = lambda v: v * v  # noqa: E731
    for jac in (ut.jacrev, ut.jacfwd):
        check(jac(square)(z), grad_backend, np.diag(2 * zd), np.complex64)
    (ct,) = ut.vjp(square, z)[1](ut.ones_like(z))
    check(ct, grad_backend, 2 * zd, np.complex64)
    check(ut.jvp(square, (z,), (ut.ones_like(z),))[1], grad_backend, 2 * zd, np.complex64)


def test_float64_jacobian(grad_backend):
    if not supports_float64(grad_backend):
        pytest.skip("JAX without 64-bit mode")
    x = make(grad_backend, X.astype(np.float64))
    check(
        ut.jacrev(lambda v: v.exp())(x),
        grad_backend,
        np.diag(np.exp(X.astype(np.float64))),
        np.float64,
    )


# ------------------------------------------------------------------ inside the compilers


def test_grad_and_vmap_inside_jax_jit():
    jax = pytest.importorskip("jax")
    xs = make("jax", XS)
    w = make("jax", X)

    def per_example(w, xs):
        g = ut.vmap(ut.grad(lambda w, x: ((x * w).sum()) ** 2), in_axes=(None, 0))
        return g(ut.astensor(w), ut.astensor(xs)).raw, ut.hessian(cube_sum)(ut.astensor(w)).raw

    out, h = jax.jit(per_example)(w.raw, xs.raw)
    s = XS.astype(np.float64) @ X
    check(ut.astensor(out), "jax", 2 * s[:, None] * XS, np.float32)
    check(ut.astensor(h), "jax", np.diag(6 * X.astype(np.float64)), np.float32)


def test_grad_and_hessian_inside_tf_function():
    tf = pytest.importorskip("tensorflow")
    x = make("tensorflow", X)

    @tf.function(autograph=False)  # AutoGraph (its warnings, its cost) is ut.jit's concern
    def both(v):
        t = ut.astensor(v)
        return ut.grad(cube_sum)(t).raw, ut.hessian(cube_sum)(t).raw

    g, h = both(x.raw)
    check(ut.astensor(g), "tensorflow", 3 * X.astype(np.float64) ** 2, np.float32)
    check(ut.astensor(h), "tensorflow", np.diag(6 * X.astype(np.float64)), np.float32)


# ------------------------------------------------------------------ the docs page


def test_the_transformations_page_runs():
    """docs/transformations.md's examples (PyTorch and NumPy), run as a doctest."""
    pytest.importorskip("torch")
    page = SRC_DIR.parent / "docs" / "transformations.md"
    flags = doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS
    result = doctest.testfile(str(page), module_relative=False, optionflags=flags)
    assert result.attempted > 20
    assert result.failed == 0, f"{result.failed} examples of {page.name} failed (see above)"


def test_transformations_inside_torch_compile():
    """fullgraph: no graph break (the functions avoid Python scalars, ut.jit's concern)."""
    torch = pytest.importorskip("torch")
    w, xs = make("torch", X), make("torch", XS)

    def per_example(w, xs):
        def loss(w, x):
            s = (x * w).sum()
            return s * s

        return ut.vmap(ut.grad(loss), in_axes=(None, 0))(ut.astensor(w), ut.astensor(xs)).raw

    g = torch.compile(per_example, backend="aot_eager", fullgraph=True)(w.raw, xs.raw)
    s = XS.astype(np.float64) @ X
    check(ut.astensor(g), "torch", 2 * s[:, None] * XS, np.float32)
    assert not g.requires_grad
