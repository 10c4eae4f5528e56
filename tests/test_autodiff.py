"""Autodiff: value_and_grad_fn, value_and_grad, value_aux_and_grad, grad."""

import gc

import numpy as np
import pytest

import unitensor as ut
from conftest import check, make, randn, selected_backends, to_numpy

X = randn(3, 4)
W = randn(3, 4, seed=5)


def sum_sq(x):
    return (x**2).sum()


def np_softmax_flat(x):
    x = x.astype(np.float64).ravel()
    e = np.exp(x - x.max())
    return (e / e.sum()).reshape(X.shape)


def test_value_and_grad_fn_sum_of_squares(grad_backend):
    x = make(grad_backend, X)
    g = ut.value_and_grad_fn(x, sum_sq)
    value, grad = g(x)
    check(value, grad_backend, np.sum(X.astype(np.float64) ** 2), np.float32)
    check(grad, grad_backend, 2 * X, np.float32)


def test_value_and_grad_fn_logsumexp_gives_softmax(grad_backend):
    x = make(grad_backend, X)
    g = ut.value_and_grad_fn(x, lambda t: t.logsumexp())
    value, grad = g(x)
    xd = X.astype(np.float64)
    check(value, grad_backend, np.log(np.exp(xd).sum()), np.float32)
    check(grad, grad_backend, np_softmax_flat(X), np.float32)


def test_value_and_grad_fn_float64(grad_backend):
    a = X.astype(np.float64)
    x = make(grad_backend, a)
    value, grad = ut.value_and_grad_fn(x, sum_sq)(x)
    check(value, grad_backend, np.sum(a**2), np.float64, rtol=1e-6)
    check(grad, grad_backend, 2 * a, np.float64, rtol=1e-6)


def test_value_and_grad_fn_with_extra_args(grad_backend):
    x, w = make(grad_backend, X), make(grad_backend, W)

    def f(x, w, *, scale=1.0):
        return (x * w).sum() * scale + (x.exp()).mean()

    g = ut.value_and_grad_fn(x, f)
    value, grad = g(x, w, scale=3.0)
    xd, wd = X.astype(np.float64), W.astype(np.float64)
    check(value, grad_backend, 3.0 * (xd * wd).sum() + np.exp(xd).mean(), np.float32)
    check(grad, grad_backend, 3.0 * wd + np.exp(xd) / X.size, np.float32)
    # defaults of keyword arguments
    value, grad = g(x, w)
    check(grad, grad_backend, wd + np.exp(xd) / X.size, np.float32)


def test_value_and_grad_fn_has_aux(grad_backend):
    x = make(grad_backend, X)

    def f(x):
        loss = sum_sq(x)
        return loss, {"mean": x.mean(), "label": "hello", "sq": x.square()}

    g = ut.value_and_grad_fn(x, f, has_aux=True)
    out = g(x)
    assert len(out) == 3
    value, aux, grad = out
    check(value, grad_backend, np.sum(X.astype(np.float64) ** 2), np.float32)
    check(grad, grad_backend, 2 * X, np.float32)
    check(aux["mean"], grad_backend, X.astype(np.float64).mean(), np.float32)
    check(aux["sq"], grad_backend, X**2, np.float32)
    assert aux["label"] == "hello"


def test_value_and_grad_fn_has_aux_tensor(grad_backend):
    x = make(grad_backend, X)
    g = ut.value_and_grad_fn(x, lambda t: (t.sum() * 2, t.max()), has_aux=True)
    value, aux, grad = g(x)
    check(value, grad_backend, 2 * X.astype(np.float64).sum(), np.float32)
    check(aux, grad_backend, X.max(), np.float32)
    check(grad, grad_backend, np.full(X.shape, 2.0), np.float32)


def test_value_and_grad(grad_backend):
    x, w = make(grad_backend, X), make(grad_backend, W)
    value, grad = ut.value_and_grad(lambda x, w: (x * w).sum(), x, w)
    check(value, grad_backend, (X.astype(np.float64) * W).sum(), np.float32)
    check(grad, grad_backend, W, np.float32)
    value, grad = ut.value_and_grad(lambda x, *, k: (x**3).sum() * k, x, k=0.5)
    check(value, grad_backend, 0.5 * (X.astype(np.float64) ** 3).sum(), np.float32)
    check(grad, grad_backend, 1.5 * X.astype(np.float64) ** 2, np.float32)


def test_value_aux_and_grad(grad_backend):
    x = make(grad_backend, X)

    def f(x, w):
        y = x * w
        return y.sum(), y

    value, aux, grad = ut.value_aux_and_grad(f, x, make(grad_backend, W))
    check(value, grad_backend, (X.astype(np.float64) * W).sum(), np.float32)
    check(aux, grad_backend, X * W, np.float32)
    check(grad, grad_backend, W, np.float32)


def test_grad(grad_backend):
    x = make(grad_backend, X)
    check(ut.grad(sum_sq, x), grad_backend, 2 * X, np.float32)
    check(ut.grad(lambda t: t.logsumexp(), x), grad_backend, np_softmax_flat(X), np.float32)
    check(
        ut.grad(lambda t, w: (t * w).sum(), x, make(grad_backend, W)),
        grad_backend,
        W,
        np.float32,
    )


def test_grad_through_many_ops(grad_backend):
    # f(x) = sum(softmax(x, axis=-1) * w) + mean(sqrt(x**2 + 1))
    x, w = make(grad_backend, X), make(grad_backend, W)

    def f(x, w):
        return (x.softmax(axis=-1) * w).sum() + (x.square() + 1).sqrt().mean()

    xd, wd = X.astype(np.float64), W.astype(np.float64)
    e = np.exp(xd - xd.max(axis=-1, keepdims=True))
    s = e / e.sum(axis=-1, keepdims=True)
    g_soft = s * (wd - (s * wd).sum(axis=-1, keepdims=True))
    g_sqrt = xd / np.sqrt(xd**2 + 1) / X.size
    check(ut.grad(f, x, w), grad_backend, g_soft + g_sqrt, np.float32)


def test_grad_of_sign_is_zero_at_every_value(grad_backend):
    # values equal to their sign (-1, 0, 1) included: PyTorch's NaN-keeping sign
    # must not pass gradient through to its input there
    a = np.array([-2.0, -1.0, 0.0, 0.5, 1.0, 3.0], dtype=np.float32)
    g = ut.grad(lambda t: (t.sign() * 3.0).sum() + t.sum(), make(grad_backend, a))
    check(g, grad_backend, np.ones_like(a), np.float32)


def test_grad_of_scalar_input(grad_backend):
    x = make(grad_backend, np.array(1.5, dtype=np.float32))
    value, grad = ut.value_and_grad(lambda t: t * t * t, x)
    check(value, grad_backend, np.array(1.5**3), np.float32)
    check(grad, grad_backend, np.array(3 * 1.5**2), np.float32)


def test_in_place_operators_inside_the_function(grad_backend):
    """x op= y and t[k] = v on intermediate tensors differentiate as their values say (on
    PyTorch they write in place, recorded by autograd); the input is unchanged."""
    x = np.array([1.0, 2.0, -3.0, 0.5], np.float32)

    def loss(t):
        y = t * 1.0
        y += t * t  # y = t + t**2
        v = y[1:]
        v *= 2.0  # through a view on PyTorch only (TensorFlow's and JAX's: a new array)
        y[0] = 0.0
        return y.sum() + v.sum()

    t = make(grad_backend, x)
    value, g = ut.value_and_grad(loss, t)
    # PyTorch: y[1:] doubled through v, so the loss is 4 * sum(t + t**2 over 1:); elsewhere
    # y keeps its values and v is a doubled copy: 3 * that sum
    factor = 4 if grad_backend == "torch" else 3
    tail = np.arange(4) > 0
    check(value, grad_backend, np.float32(factor * (x + x * x)[tail].sum()), rtol=1e-5)
    check(g, grad_backend, np.where(tail, factor * (1 + 2 * x), 0).astype(np.float32))
    np.testing.assert_array_equal(to_numpy(t), x)


def test_inputs_unchanged_and_no_graph_left(grad_backend):
    raw_x = make(grad_backend, X).raw
    x = ut.astensor(raw_x)
    w = make(grad_backend, W)
    value, grad = ut.value_and_grad(lambda x, w: (x * w).sum(), x, w)
    check(x, grad_backend, X)
    check(w, grad_backend, W)
    assert x.raw is raw_x
    if grad_backend == "torch":
        assert raw_x.grad is None
        assert not raw_x.requires_grad
        assert w.raw.grad is None
        assert not w.raw.requires_grad
        assert value.raw.grad_fn is None
        assert grad.raw.grad_fn is None
        assert not value.raw.requires_grad
        assert not grad.raw.requires_grad


def test_torch_input_requiring_grad_gets_no_grad():
    if "torch" not in selected_backends():
        pytest.skip("torch backend not selected")
    import torch

    raw = torch.from_numpy(X.copy()).requires_grad_(True)
    _value, grad = ut.value_and_grad(sum_sq, ut.astensor(raw))
    assert raw.grad is None
    np.testing.assert_allclose(to_numpy(grad), 2 * X, rtol=1e-6)
    np.testing.assert_allclose(raw.detach().numpy(), X)


def test_torch_sign_has_zero_derivative_in_every_autodiff_mode():
    # PyTorch's NaN-keeping sign must stay flat under torch.func's forward mode
    # (jvp carries no requires_grad flag) and reverse mode alike
    if "torch" not in selected_backends():
        pytest.skip("torch backend not selected")
    import torch
    import torch.func

    a = np.array([-2.0, -1.0, 0.0, 0.5, 1.0, np.nan], dtype=np.float32)
    x = torch.from_numpy(a.copy())

    def sign(t):
        return ut.astensor(t).sign().raw

    value, tangent = torch.func.jvp(sign, (x,), (torch.ones_like(x),))
    np.testing.assert_array_equal(value.numpy(), np.sign(a))
    np.testing.assert_array_equal(tangent.numpy(), np.zeros_like(a))
    grad = torch.func.grad(lambda t: (sign(t) * 3.0).nansum() + t.nansum())(x)
    np.testing.assert_array_equal(grad.numpy(), np.where(np.isnan(a), 0, 1))  # nansum skips NaN


def test_tf_variable_input():
    if "tensorflow" not in selected_backends():
        pytest.skip("tensorflow backend not selected")
    import tensorflow as tf

    v = tf.Variable(X)
    _value, grad = ut.value_and_grad(sum_sq, ut.astensor(v))
    np.testing.assert_allclose(to_numpy(grad), 2 * X, rtol=1e-6)
    np.testing.assert_allclose(v.numpy(), X)


def test_non_scalar_output_raises_valueerror(grad_backend):
    x = make(grad_backend, X)
    g = ut.value_and_grad_fn(x, lambda t: t**2)
    with pytest.raises(ValueError):
        g(x)
    with pytest.raises(ValueError):
        ut.value_and_grad(lambda t: t.sum(axis=0), x)
    with pytest.raises(ValueError):
        ut.grad(lambda t: t.sum(axis=0, keepdims=True).sum(axis=1, keepdims=True), x)
    with pytest.raises(ValueError):
        ut.value_aux_and_grad(lambda t: (t * 2, None), x)


def test_int_input_raises_typeerror(grad_backend):
    xi = make(grad_backend, np.array([1, 2, 3], dtype=np.int32))
    with pytest.raises(TypeError):
        ut.value_and_grad(lambda t: t.sum(), xi)


def test_numpy_raises_notimplemented_naming_frameworks():
    x = ut.astensor(X.copy())
    with pytest.raises(NotImplementedError) as info:
        g = ut.value_and_grad_fn(x, sum_sq)
        g(x)
    msg = str(info.value)
    for name in ("PyTorch", "TensorFlow", "JAX"):
        assert name in msg
    for fn in (ut.value_and_grad, ut.grad):
        with pytest.raises(NotImplementedError, match="PyTorch"):
            fn(sum_sq, x)
    with pytest.raises(NotImplementedError, match="JAX"):
        ut.value_aux_and_grad(lambda t: (sum_sq(t), None), x)


def _rss_bytes():
    import os

    with open("/proc/self/statm") as fh:
        resident_pages = int(fh.read().split()[1])
    return resident_pages * os.sysconf("SC_PAGE_SIZE")


def test_memory_stays_flat(grad_backend):
    x = make(grad_backend, np.array([0.5, -1.0, 2.0], dtype=np.float32))
    g = ut.value_and_grad_fn(x, sum_sq)
    for _ in range(300):  # warm-up: caches, dispatch tables, allocator pools
        g(x)
    gc.collect()
    before = _rss_bytes()
    # 1.5 KiB kept per call would show as 3 MiB; idle growth measured 0.1 MiB at most
    for _ in range(2_000):
        _value, grad = g(x)
    gc.collect()
    grown = _rss_bytes() - before
    np.testing.assert_allclose(to_numpy(grad), [1.0, -2.0, 4.0], rtol=1e-6)
    assert grown < 3 * 2**20, f"RSS grew by {grown / 2**20:.1f} MiB over 2,000 calls"


def test_gradient_function_called_with_other_framework_raises_typeerror(grad_backend):
    others = [b for b in selected_backends() if b != grad_backend]
    if not others:
        pytest.skip("needs at least two selected backends")
    g = ut.value_and_grad_fn(make(grad_backend, X), sum_sq)
    for other in others:
        with pytest.raises(TypeError):
            g(make(other, X))


def _first_argument_gradients(x):
    """Every gradient function with x passed again as a constant (JAX's meaning)."""
    yield ut.value_and_grad(lambda a, b: (a * b).sum(), x, x)[1]
    yield ut.value_aux_and_grad(lambda a, b: ((a * b).sum(), b), x, x)[2]
    yield ut.grad(lambda a, b: (a * b).sum(), x, x)
    yield ut.value_and_grad_fn(x, lambda a, b: (a * b).sum())(x, x)[1]
    yield x.value_and_grad(lambda a, b: (a * b).sum(), x)[1]
    yield ut.grad(lambda a: (a * x).sum(), x)  # x closed over and also the argument


def test_gradient_is_with_respect_to_the_first_argument_only(grad_backend):
    """The other arguments are constants even when they are the same array (TF doubled it)."""
    x = make(grad_backend, X)
    for grad in _first_argument_gradients(x):
        check(grad, grad_backend, X, np.float32)


def test_tf_variable_passed_twice_counts_once():
    if "tensorflow" not in selected_backends():
        pytest.skip("tensorflow backend not selected")
    import tensorflow as tf

    x = ut.astensor(tf.Variable(X))
    for grad in _first_argument_gradients(x):
        np.testing.assert_allclose(to_numpy(grad), X, rtol=1e-6)


def test_nested_gradient_with_the_argument_passed_twice(grad_backend):
    # inner: d/da sum(a * b * b) = b**2 with b = y a constant; outer: d/dy sum(y**2) = 2y
    x = make(grad_backend, X)
    grad = ut.grad(lambda y: ut.grad(lambda a, b: (a * b * b).sum(), y, y).sum(), x)
    check(grad, grad_backend, 2 * X, np.float32)


def test_gradient_of_max_and_min_splits_ties_evenly(grad_backend):
    """On every backend (EagerPy on PyTorch sent it to one of the tied elements)."""
    a = np.array([[1.0, 3.0, 3.0], [2.0, 2.0, 0.0]], dtype=np.float32)
    x = make(grad_backend, a)
    check(ut.grad(lambda t: t.max(), x), grad_backend, [[0, 0.5, 0.5], [0, 0, 0]], np.float32)
    check(
        ut.grad(lambda t: t.max(axis=1).sum(), x),
        grad_backend,
        [[0, 0.5, 0.5], [0.5, 0.5, 0]],
        np.float32,
    )
    check(ut.grad(lambda t: t.min(), x), grad_backend, [[0, 0, 0], [0, 0, 1]], np.float32)


# ------------------------------------------------------------ gradients at kinks and ties
# One rule per operation, the same on every backend (docs/autodiff.md, "Gradients at kinks
# and ties", and the semantics table's gradient column): f, its inputs, and the gradient
# of f(...).sum() for each input, by hand. The comment of each group names the backend
# whose own gradient differed before.

NAN = np.nan
KINKS = {
    # a tie with a Python number, clip's bounds as numbers: the tensor takes all (JAX: half)
    "maximum-number": (lambda x: x.maximum(0), [[-1, 0, 2]], [[0, 1, 1]]),
    "maximum-number-first": (lambda x: ut.maximum(0.0, x), [[-1, 0, 2]], [[0, 1, 1]]),
    "minimum-number": (lambda x: x.minimum(0), [[-1, 0, 2]], [[1, 1, 0]]),
    "clip-numbers": (lambda x: x.clip(0, 2), [[-1, 0, 1, 2, 3]], [[0, 1, 1, 1, 0]]),
    "clip-one-point": (lambda x: x.clip(0.0, 0.0), [[-1, 0, 1]], [[0, 1, 0]]),
    # a tie of two tensors (clip's tensor bounds too): half each (TensorFlow: all to the first)
    "maximum-tensors": (
        lambda x, y: x.maximum(y),
        [[-1, 0, 2], [-1, 1, 2]],
        [[0.5, 0, 0.5], [0.5, 1, 0.5]],
    ),
    "minimum-tensors": (
        lambda x, y: x.minimum(y),
        [[-1, 0, 2], [-1, 1, 2]],
        [[0.5, 1, 0.5], [0.5, 0, 0.5]],
    ),
    "maximum-broadcast": (
        lambda x, y: x.maximum(y),
        [[[0, 1], [2, 0]], [0, 1]],
        [[[0.5, 0.5], [1, 0]], [0.5, 1.5]],
    ),
    "clip-tensors": (
        lambda x, lo, hi: x.clip(lo, hi),
        [[-1, 0, 1, 2, 3], [0] * 5, [2] * 5],
        [[0, 0.5, 1, 0.5, 0], [1, 0.5, 0, 0, 0], [0, 0, 0, 0.5, 1]],
    ),
    # abs: sign(x), 0 at 0 (JAX: 1)
    "abs": (lambda x: x.abs(), [[-1, 0, -0.0, 2]], [[-1, 0, 0, 1]]),
    "l1": (lambda x: ut.norms.l1(x), [[-1, 0, 2]], [[-1, 0, 1]]),
    "relu-from-abs": (lambda x: (x + x.abs()) / 2, [[-1, 0, 2]], [[0, 0.5, 1]]),
    # an incoming gradient of 0 times an infinite derivative is NaN (TensorFlow: 0)
    "where-sqrt": (lambda x: ut.where(x > 0, x.sqrt(), 0.0), [[-1, 0, 2]], [[NAN, NAN, 0.5**1.5]]),
    "where-reciprocal": (lambda x: ut.where(x != 0, x.reciprocal(), 0.0), [[0, 2]], [[NAN, -0.25]]),
    # pow: 0 for the base where the exponent is 0 (TensorFlow, JAX: NaN at 0), and NaN for
    # the exponent where the base is negative (TensorFlow: 0)
    "pow-0": (lambda x: x**0, [[-1, 0, 2]], [[0, 0, 0]]),
    "pow-tensors": (
        lambda x, y: x**y,
        [[0, 0, 2, -1], [0, 2, 0, 2]],
        [[0, 0, 0, -2], [0, 0, np.log(2), NAN]],
    ),
    # hypot: 0 at (0, 0), as l2 (PyTorch: NaN, JAX: 1/2)
    "hypot": (lambda x, y: x.hypot(y), [[0, 3], [0, 4]], [[0, 0.6], [0, 0.8]]),
    # atan2: NaN at (0, 0), where it jumps (PyTorch: 0)
    "atan2": (lambda y, x: y.atan2(x), [[0, 1], [0, 1]], [[NAN, 0.5], [NAN, -0.5]]),
    # copysign: 1 where the sign bits agree, else -1 (PyTorch: 0 at zeros, JAX: 1 at -0.0)
    "copysign": (
        lambda x, y: x.copysign(y),
        [[0, -0.0, 0, 2], [1, 1, -1, -3]],
        [[1, -1, -1, -1], [0, 0, 0, 0]],
    ),
    # logaddexp: sigmoid(x - y) and sigmoid(y - x) (JAX: 1 for a number beside +inf)
    "logaddexp": (
        lambda x, y: x.logaddexp(y),
        [[np.inf, 0, 1], [0, np.inf, 1]],
        [[1, 0, 0.5], [0, 1, 0.5]],
    ),
    # nextafter: 1 for x, 0 for y (JAX: NotImplementedError)
    "nextafter": (lambda x, y: x.nextafter(y), [[0, 1], [1, 0]], [[1, 1], [0, 0]]),
    # cumulative_prod: exact at a zero (TensorFlow lost the factors after it)
    "cumulative_prod": (lambda x: x.cumulative_prod(), [[2, 0, 3]], [[1, 8, 0]]),
}
ELEMENTWISE_KINKS = [
    "maximum-number minimum-number clip-numbers maximum-tensors minimum-tensors abs pow-0 hypot "
    "atan2 copysign logaddexp nextafter"
][0].split()


def _kink_inputs(backend, case):
    return [make(backend, np.array(a, dtype=np.float32)) for a in KINKS[case][1]]


# TensorFlow's own gradient where it differs from the rule (docs/autodiff.md): what a
# user's own tf.GradientTape gets in eager mode, where no unitensor tape records (maximum
# and minimum give all to the first of two tensors at a tie, sqrt and reciprocal 0 under a
# zero incoming gradient, x ** 0 is 0 * x**-1, the exponent's gradient 0 where x <= 0,
# logaddexp's composition goes through maximum and minimum, cumprod divides by x)
TENSORFLOW_OWN = {
    "maximum-tensors": [[1, 0, 1], [0, 1, 0]],
    "minimum-tensors": [[1, 1, 1], [0, 0, 0]],
    "maximum-broadcast": [[[1, 1], [1, 0]], [0, 1]],
    "clip-tensors": [[0, 1, 1, 1, 0], [1, 0, 0, 0, 0], [0, 0, 0, 0, 1]],
    "where-sqrt": [[0, 0, 0.5**1.5]],
    "where-reciprocal": [[0, -0.25]],
    "pow-0": [[0, NAN, 0]],
    "pow-tensors": [[NAN, 0, 0, -2], [0, 0, np.log(2), 0]],
    "logaddexp": [[1, 0, 1], [0, 1, 0]],
    "cumulative_prod": [[1, 0, 0]],
}


def _check_kink_gradients(grads, backend, case, own=None):
    """The rule's gradients of ``case``, or ``own[case]`` where ``own`` holds it."""
    want = (own or {}).get(case, KINKS[case][2])
    assert len(grads) == len(want)
    for g, expected in zip(grads, want, strict=True):
        check(g, backend, np.array(expected, dtype=np.float64), np.float32)


@pytest.mark.parametrize("case", list(KINKS))
def test_gradient_at_kinks_and_ties(grad_backend, case):
    f = KINKS[case][0]
    args = _kink_inputs(grad_backend, case)
    grads = ut.grad(lambda *xs: f(*xs).sum(), argnums=tuple(range(len(args))))(*args)
    _check_kink_gradients(grads, grad_backend, case)


def _all_kinks(*xs):
    """The sum of every case's f(...).sum(), each of its own inputs (one compilation)."""
    total, i = 0.0, 0
    for f, inputs, _ in KINKS.values():
        total = total + f(*xs[i : i + len(inputs)]).sum()
        i += len(inputs)
    return total


def _all_kink_inputs(backend):
    return [x for case in KINKS for x in _kink_inputs(backend, case)]


def _check_all_kinks(grads, backend, own=None):
    i = 0
    for case, (_, inputs, _) in KINKS.items():
        _check_kink_gradients(grads[i : i + len(inputs)], backend, case, own)
        i += len(inputs)


def test_gradient_at_kinks_and_ties_compiled(grad_backend):
    args = _all_kink_inputs(grad_backend)
    grad = ut.jit(ut.grad(_all_kinks, argnums=tuple(range(len(args)))))
    _check_all_kinks(grad(*args), grad_backend)


@pytest.mark.parametrize("transformed", [False, True], ids=["eager", "transformed"])
def test_gradient_at_kinks_and_ties_in_the_frameworks_own_autodiff(grad_backend, transformed):
    """torch.autograd (torch.func.grad), tf.GradientTape (in a tf.function), jax.grad (jax.jit).

    A tf.GradientTape of the user's in eager mode gets TensorFlow's own gradient where it
    differs (``TENSORFLOW_OWN``): no public API tells unitensor that it records, and
    tf.custom_gradient on every eager call would cost 60-70 us each.
    """
    raws = [t.raw for t in _all_kink_inputs(grad_backend)]

    def loss(*rs):
        return _all_kinks(*[ut.astensor(r) for r in rs]).raw

    if grad_backend == "torch":
        import torch
        import torch.func

        if transformed:
            grads = torch.func.grad(loss, argnums=tuple(range(len(raws))))(*raws)
        else:
            leaves = [r.clone().requires_grad_(True) for r in raws]
            grads = torch.autograd.grad(loss(*leaves), leaves)
    elif grad_backend == "tensorflow":
        import tensorflow as tf

        def tape_grads(*rs):
            with tf.GradientTape() as tape:
                tape.watch(rs)
                value = loss(*rs)
            return tape.gradient(value, rs, unconnected_gradients=tf.UnconnectedGradients.ZERO)

        grads = (tf.function(tape_grads) if transformed else tape_grads)(*raws)
    else:
        import jax

        grad = jax.grad(loss, argnums=tuple(range(len(raws))))
        grads = (jax.jit(grad) if transformed else grad)(*raws)
    own = TENSORFLOW_OWN if grad_backend == "tensorflow" and not transformed else None
    _check_all_kinks([ut.astensor(g) for g in grads], grad_backend, own)


@pytest.mark.parametrize("case", ELEMENTWISE_KINKS)
def test_derivative_at_kinks_and_ties_in_forward_mode(grad_backend, case):
    """jvp (forward mode) of an elementwise function along the first input: its gradient."""
    f = KINKS[case][0]
    args = _kink_inputs(grad_backend, case)
    tangents = [ut.ones_like(args[0]), *(ut.zeros_like(a) for a in args[1:])]
    _, tangent = ut.jvp(f, args, tangents)
    check(tangent, grad_backend, np.array(KINKS[case][2][0], dtype=np.float64), np.float32)


# TensorFlow's own forward-mode derivative (along the first input) where it differs from
# the rule: a ForwardAccumulator inside a graph does not see tf.custom_gradient
TENSORFLOW_OWN_FORWARD_IN_A_GRAPH = {
    "maximum-tensors": [1, 0, 1],
    "minimum-tensors": [1, 1, 1],
    "pow-0": [0, NAN, 0],
    "logaddexp": [1, 0, 1],
}


def test_tensorflow_forward_mode_in_a_graph_is_tensorflows_own():
    """ut.jvp under ut.jit (and ut.jacfwd, whose vmap traces a graph) on TensorFlow: the rule
    where TensorFlow's own derivative is the rule, TensorFlow's own elsewhere (documented)."""
    if "tensorflow" not in selected_backends():
        pytest.skip("tensorflow backend not selected")
    args = [x for case in ELEMENTWISE_KINKS for x in _kink_inputs("tensorflow", case)]
    tangents = []
    for case in ELEMENTWISE_KINKS:
        first, *rest = _kink_inputs("tensorflow", case)
        tangents += [ut.ones_like(first), *(ut.zeros_like(r) for r in rest)]

    def tangents_of_all(*xs):
        out, i = [], 0
        for case in ELEMENTWISE_KINKS:
            n = len(KINKS[case][1])
            out.append(
                ut.jvp(KINKS[case][0], xs[i : i + n], xs[len(args) + i : len(args) + i + n])[1]
            )
            i += n
        return tuple(out)

    results = ut.jit(tangents_of_all)(*args, *tangents)
    for case, tangent in zip(ELEMENTWISE_KINKS, results, strict=True):
        want = TENSORFLOW_OWN_FORWARD_IN_A_GRAPH.get(case, KINKS[case][2][0])
        check(tangent, "tensorflow", np.array(want, dtype=np.float64), np.float32)
    x, y = _kink_inputs("tensorflow", "maximum-tensors")
    jacobian = ut.jacfwd(lambda t: t.maximum(y))(x)
    check(jacobian, "tensorflow", np.diag([1.0, 0.0, 1.0]), np.float32)


def test_tensorflow_tapes_of_the_user_around_unitensors_transformations():
    """A user's eager tape or ForwardAccumulator around ut.grad sees the rule (unitensor's
    tape records there), forward over reverse as reverse over reverse."""
    if "tensorflow" not in selected_backends():
        pytest.skip("tensorflow backend not selected")
    import tensorflow as tf

    x, y = (tf.constant(v, tf.float32) for v in KINKS["maximum-tensors"][1])

    def grad_x(raw):  # d/dx sum(maximum(x, y) * x) = w * x + maximum(x, y), w the rule's share
        return ut.grad(lambda t: (t.maximum(ut.astensor(y)) * t).sum())(ut.astensor(raw)).raw

    check(ut.astensor(grad_x(x)), "tensorflow", [-1.5, 1.0, 3.0], np.float32)
    with tf.autodiff.ForwardAccumulator([x], [tf.ones_like(x)]) as acc:
        g = grad_x(x)
    check(ut.astensor(acc.jvp(g)), "tensorflow", [1.0, 0.0, 1.0], np.float32)  # 2 * w
    with tf.GradientTape() as tape:
        tape.watch(x)
        g = grad_x(x)
    check(ut.astensor(tape.gradient(g, x)), "tensorflow", [1.0, 0.0, 1.0], np.float32)


def test_second_derivatives_of_the_rules_operations(grad_backend):
    """Gradients of gradients of sqrt, reciprocal, pow, cumulative_prod and logaddexp away
    from their kinks: the derivative of the rule's gradient (a Hessian's row sums)."""
    a = np.array([4.0, 2.0, 0.5], dtype=np.float32)
    b = np.array([1.0, 3.0, -2.0], dtype=np.float32)
    x, y = make(grad_backend, a), make(grad_backend, b)
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    s = 1 / (1 + np.exp(b64 - a64))  # sigmoid(a - b)
    cases = [
        (lambda t: t.sqrt(), -0.25 * a64**-1.5),
        (lambda t: t.reciprocal(), 2 * a64**-3),
        (lambda t: t**y, b64 * (b64 - 1) * a64 ** (b64 - 2)),
        # sum(cumprod(a)) = a0 + a0 a1 + a0 a1 a2: its gradient's sum has the gradient
        # [1 + a1 + a2, 1 + a0 + a2, a0 + a1]
        (
            lambda t: t.cumulative_prod(),
            [1 + a64[1] + a64[2], 1 + a64[0] + a64[2], a64[0] + a64[1]],
        ),
        (lambda t: t.logaddexp(y), s * (1 - s)),
    ]
    for f, want in cases:
        second = ut.grad(lambda t, f=f: ut.grad(lambda u: f(u).sum())(t).sum())(x)
        check(second, grad_backend, np.asarray(want, dtype=np.float64), np.float32)


def test_gradients_that_agreed_already(grad_backend):
    """Pinned: sign, rounding (0), ties of max/min (split evenly), sort (the permutation)."""
    x = make(grad_backend, np.array([2.0, -0.5, 2.0, 0.0], dtype=np.float32))
    zero = np.zeros(4)
    for f in (ut.sign, ut.round, ut.floor, ut.ceil, ut.trunc):
        check(ut.grad(lambda t, f=f: f(t).sum(), x), grad_backend, zero, np.float32)
    check(ut.grad(lambda t: t.max(), x), grad_backend, [0.5, 0, 0.5, 0], np.float32)
    weights = make(grad_backend, np.array([1.0, 2.0, 3.0, 4.0], dtype=np.float32))
    # sorted: -0.5, 0.0, 2.0 (index 0), 2.0 (index 2): stable, equal values keep their order
    check(ut.grad(lambda t: (t.sort() * weights).sum(), x), grad_backend, [3, 1, 4, 2], np.float32)
    check(ut.grad(lambda t: ut.norms.linf(t), x), grad_backend, [0.5, 0, 0.5, 0], np.float32)
    check(ut.grad(lambda t: ut.norms.l2(t * 0), x), grad_backend, zero, np.float32)
