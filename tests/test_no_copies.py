"""No hidden copies: raw identity, views stay views, no trip through NumPy.

For the backends whose arrays are not NumPy's, NumPy's conversion functions
are made to raise when unitensor's code passes them an array of that
framework, and an
op-heavy function (arithmetic, indexing of every kind, reductions, sorting,
shape operations, softmax and crossentropy, functional updates, gradients)
runs: nothing in unitensor may convert a tensor to NumPy along the way.
"""

from __future__ import annotations

import sys

import numpy as np
import pytest

import unitensor as ut
from conftest import GRAD_BACKENDS, make


def test_raw_identity(backend):
    t = make(backend, np.ones((2, 3), dtype=np.float32))
    assert ut.astensor(t.raw).raw is t.raw
    assert ut.astensor(t) is t


def _shares_memory(backend, a, b):
    if backend == "numpy":
        return np.shares_memory(a, b)
    return a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()


@pytest.mark.parametrize("backend_", ["numpy", "torch"])
@pytest.mark.parametrize(
    "op",
    [
        lambda t: t.reshape((3, 4)),
        lambda t: t.flatten(),
        lambda t: t.transpose((1, 0)),
        lambda t: t.T,
        lambda t: t[1:, ::2],
        lambda t: t[0],
        lambda t: t[None, ..., 1],
        lambda t: t.expand_dims(0),
        lambda t: t[:, :1].squeeze(1),
    ],
)
def test_views_share_memory(backend_, op):
    pytest.importorskip(backend_)
    t = make(backend_, np.arange(12, dtype=np.float32).reshape(4, 3))
    out = op(t)
    assert _shares_memory(backend_, out.raw, t.raw)


def _native_type(backend):
    if backend == "torch":
        import torch

        return torch.Tensor
    if backend == "tensorflow":
        import tensorflow as tf

        return (tf.Tensor, tf.Variable)
    import jax

    return jax.Array


def _workout(t):
    """Many operations; returns a tensor so the result is used."""
    x = (t * 2.0 + 1.0 - t / 3.0) ** 2
    x = x.clip(0.0, 50.0).sqrt().exp().log1p()
    y = x[1:, ::-1][:, [0, 2]] + x[x[:, 0] > 0.5].sum()
    z = y.softmax(-1).log_softmax(0) + y.logsumexp(axis=1, keepdims=True)
    labels = ut.arange(t, 3) % 2
    loss = ut.crossentropy(x[:3, :2], labels).mean()
    values, idx = x.topk(2, axis=0)
    upd = x.index_update((slice(None), 0), 0.0).at[[0, 0], 1].add(1.0)
    s = ut.concatenate([x.sort(0), upd], axis=1).pad(((1, 1), (0, 2)), "reflect")
    w = ut.where(s > 1.0, s, -s).max(axis=0) + values.sum() + idx.astype(t.dtype).mean()
    return w.sum() + z.mean() + loss + x.take_along_axis(x.argsort(0)[:1], 0).sum()


@pytest.mark.parametrize("backend_", ["torch", "tensorflow", "jax"])
def test_no_numpy_conversion(backend_, monkeypatch):
    pytest.importorskip(backend_)
    t = make(backend_, np.random.default_rng(0).random((4, 3), dtype=np.float32))
    native = _native_type(backend_)
    calls: list[str] = []

    def guard(name, real):
        def guarded(*args, **kwargs):
            caller = sys._getframe(1).f_globals.get("__name__", "")
            # the framework's own internals may convert (JAX does for bool masks, as natively)
            if args and isinstance(args[0], native) and caller.startswith("unitensor"):
                calls.append(name)
                raise AssertionError(f"numpy.{name} called on a {backend_} array")
            return real(*args, **kwargs)

        return guarded

    for name in ("asarray", "array", "asanyarray", "ascontiguousarray"):
        monkeypatch.setattr(np, name, guard(name, getattr(np, name)))
    out = _workout(t)
    assert out.shape == ()
    if backend_ in GRAD_BACKENDS:
        _, grad = ut.value_and_grad(_workout, t)
        assert grad.shape == t.shape
    assert not calls
