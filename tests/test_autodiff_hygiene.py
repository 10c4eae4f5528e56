"""Autodiff hygiene: several tensors, nested auxiliary outputs, nothing left behind."""

from __future__ import annotations

import numpy as np
import pytest

import unitensor as ut
from conftest import check, make, native, to_numpy

X = np.array([1.0, -2.0, 3.0], dtype=np.float32)
Y = np.array([0.5, 4.0, -1.0], dtype=np.float32)


def _f(x, y):
    return (x * y).sum() + y.square().sum()


def test_gradients_of_a_function_of_several_tensors(grad_backend):
    x, y = make(grad_backend, X), make(grad_backend, Y)
    value, gx = ut.value_and_grad(_f, x, y)  # with respect to the first argument
    np.testing.assert_allclose(to_numpy(value), (X * Y).sum() + (Y**2).sum(), rtol=1e-6)
    check(gx, grad_backend, Y)
    gy = ut.grad(lambda b, a: _f(a, b), y, x)  # with respect to y
    check(gy, grad_backend, X + 2 * Y)
    check(x, grad_backend, X)  # inputs unchanged
    check(y, grad_backend, Y)


def test_nested_auxiliary_outputs(grad_backend):
    x = make(grad_backend, X)

    def f(t):
        loss = t.square().sum()
        return loss, {"pair": (t * 2, [t.sum(), "label"]), "n": 3, "loss": loss}

    value, aux, grad = ut.value_aux_and_grad(f, x)
    check(grad, grad_backend, 2 * X)
    assert set(aux) == {"pair", "n", "loss"} and aux["n"] == 3
    doubled, (total, label) = aux["pair"][0], aux["pair"][1]
    check(doubled, grad_backend, 2 * X)
    np.testing.assert_allclose(to_numpy(total), X.sum(), rtol=1e-6)
    assert label == "label"
    np.testing.assert_allclose(to_numpy(aux["loss"]), to_numpy(value))
    if grad_backend == "torch":  # detached at every depth: no graph is kept alive
        assert not doubled.raw.requires_grad and not total.raw.requires_grad


def test_no_grad_written_on_closed_over_torch_parameters():
    torch = pytest.importorskip("torch")
    w = torch.nn.Parameter(torch.tensor([1.0, 2.0, 3.0]))
    x = ut.astensor(torch.tensor(X))

    def f(t):
        return (t * ut.astensor(w)).sum()

    g = ut.grad(f, x)
    np.testing.assert_allclose(g.numpy(), [1.0, 2.0, 3.0])
    assert w.grad is None and x.raw.grad is None
    assert not g.raw.requires_grad


def test_gradient_of_a_non_float_loss_raises(grad_backend):
    x = make(grad_backend, X)
    with pytest.raises(ut.DTypeError):
        ut.grad(lambda w: w.sum() > 0, x)


def test_torch_gradients_leave_the_grad_mode_as_they_found_it():
    """Eager gradients turn grad mode on for f, and back to what it was (also if f changes it)."""
    torch = pytest.importorskip("torch")
    x = ut.astensor(torch.tensor(X))

    def changing(t):
        torch.set_grad_enabled(not torch.is_grad_enabled())  # f turns grad mode over...
        return (t * t).sum()

    for enabled in (True, False):
        with torch.set_grad_enabled(enabled):
            value, g = ut.value_and_grad(lambda t: (t * t).sum(), x)
            np.testing.assert_allclose(g.numpy(), 2 * X, rtol=1e-6)
            np.testing.assert_allclose(value.item(), (X * X).sum(), rtol=1e-6)
            assert torch.is_grad_enabled() is enabled
            # ...so its loss is a constant (gradient 0), and the call turns the mode back
            np.testing.assert_array_equal(ut.grad(changing, x).numpy(), np.zeros_like(X))
            assert torch.is_grad_enabled() is enabled
        assert torch.is_grad_enabled()


def test_every_backend_class_has_float_primitives(backend):
    """``_float_ns`` is ``_ns.floats`` where a backend has them, else ``_ns``.

    PyTorch's are its primitives before the unsigned completion, TensorFlow's
    its raw ops, JAX's its own functions without the complex fixes and its
    operators compiled; only the latter two's operators go through them.
    """
    cls = type(ut.astensor(native(backend, np.zeros(2, np.float32))))
    ns = cls._ns
    assert cls._float_ns is (ns if ns.floats is None else ns.floats)
    assert (ns.floats is not None) == (backend in ("torch", "tensorflow", "jax"))
    assert cls._float_ns.float_operators == (backend in ("tensorflow", "jax"))


@pytest.mark.parametrize("mode", ["no_grad", "inference_mode"])
def test_torch_gradients_where_grad_mode_is_off(mode):
    # torch.autograd records nothing under inference_mode: the gradients there once came
    # out zeros, silently; both modes give the real ones, nested too, and stay on after
    torch = pytest.importorskip("torch")
    with getattr(torch, mode)():
        x = ut.astensor(torch.tensor(X))  # an inference tensor under inference_mode
        value, aux, grad = ut.value_aux_and_grad(lambda t: ((t * t).sum(), t * 3), x)
        second = ut.grad(lambda t: ut.grad(lambda u: (u * u * u).sum(), t).sum(), x)
        assert torch.is_grad_enabled() is False
    np.testing.assert_allclose(value.numpy(), (X * X).sum(), rtol=1e-6)
    np.testing.assert_allclose(grad.numpy(), 2 * X, rtol=1e-6)
    np.testing.assert_allclose(aux.numpy(), 3 * X, rtol=1e-6)
    np.testing.assert_allclose(second.numpy(), 6 * X, rtol=1e-6)
    assert not grad.raw.requires_grad and not value.raw.requires_grad


def _torch_cases(torch):
    """(f, x) pairs: one input, several, unused, a second-order gradient, float64."""
    x = torch.tensor(X)
    y = torch.tensor(X[::-1].copy())
    return [
        (lambda t: (t * t).sum(), (x,)),
        (lambda t, u: (t * u).sum() + (u * u).mean(), (x, y)),
        (lambda t, u: (t * t).sum(), (x, y)),  # u unused: a zero gradient
        (lambda t: ut.grad(lambda v: (v * v * v).sum(), t).sum(), (x,)),
        (lambda t: (t.tanh() * 2.0).sum(), (x.double(),)),
    ]


def test_torch_gradients_through_the_engine_equal_torch_autograd_grad(monkeypatch):
    """Eager gradients call PyTorch's engine as ``torch.autograd.grad`` does (without its
    Python): the same values, dtypes and shapes as through ``torch.autograd.grad`` itself
    (the path taken where this PyTorch has no ``_engine_run_backward``), both checked
    against the derivatives worked out by hand."""
    torch = pytest.importorskip("torch")
    from unitensor._backends import _torch_transforms

    ut.astensor(torch.zeros(1)) + 1.0  # (the backend is loaded)
    assert _torch_transforms._run_backward is not None
    expected = [
        [2 * X],
        [X[::-1], X + X[::-1] * 2 / 3],
        [2 * X, np.zeros_like(X)],
        [6 * X],
        [2 * (1 - np.tanh(X.astype(np.float64)) ** 2)],
    ]
    for engine in (True, False):
        if not engine:
            monkeypatch.setattr(_torch_transforms, "_run_backward", None)
        for (f, xs), wants in zip(_torch_cases(torch), expected, strict=True):
            argnums = tuple(range(len(xs)))
            value, grads = ut.value_and_grad(f, argnums)(*[ut.astensor(x) for x in xs])
            assert not value.raw.requires_grad
            for g, want, x in zip(grads, wants, xs, strict=True):
                assert g.raw.dtype == x.dtype and tuple(g.shape) == x.shape
                assert not g.raw.requires_grad
                np.testing.assert_allclose(g.numpy(), want, rtol=1e-5)


def test_torch_gradients_under_a_torch_function_mode_call_torch_autograd_grad(monkeypatch):
    """A ``__torch_function__`` mode sees ``torch.autograd.grad`` and the same calls as
    where the engine is never called directly; a complex loss raises PyTorch's own error."""
    torch = pytest.importorskip("torch")
    from torch.overrides import TorchFunctionMode

    from unitensor._backends import _torch_transforms

    class Seen(TorchFunctionMode):
        def __init__(self):
            super().__init__()
            self.names = []

        def __torch_function__(self, func, types, args=(), kwargs=None):
            self.names.append(getattr(func, "__name__", ""))
            return func(*args, **(kwargs or {}))

    x = ut.astensor(torch.tensor(X))
    calls = []
    for engine in (True, False):
        if not engine:
            monkeypatch.setattr(_torch_transforms, "_run_backward", None)
        with Seen() as seen:
            _, g = ut.value_and_grad(lambda t: (t * t).sum(), x)
        assert "grad" in seen.names
        np.testing.assert_allclose(g.numpy(), 2 * X, rtol=1e-6)
        calls.append(seen.names)
    assert calls[0] == calls[1]
    z = ut.astensor(torch.tensor([1.0 + 1.0j, 2.0]))
    with pytest.raises(RuntimeError, match="real scalar outputs"):
        ut.value_and_grad(lambda t: (t * t).sum(), z)
