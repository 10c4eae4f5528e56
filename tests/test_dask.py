"""The Dask backend: lazy graphs, chunks, unknown sizes, compute, pickling, conversion.

These run when the Dask backend is selected (``--backend dask``, as ``make test``
does in its Dask run); the rest of the suite runs on Dask too, with the differences
the semantics table documents as strict xfails.
"""

from __future__ import annotations

import math
import pickle
import warnings

import numpy as np
import pytest

import unitensor as ut
from conftest import check

da = pytest.importorskip("dask.array")
dask = pytest.importorskip("dask")
from dask.callbacks import Callback  # noqa: E402


class _Computes(Callback):
    """Counts the computations Dask starts while it is active."""

    def __init__(self):
        super().__init__()
        self.count = 0

    def _start(self, dsk):
        self.count += 1


def chunked(a, chunks):
    return ut.astensor(da.from_array(np.asarray(a), chunks=chunks))


def framework_agnostic(x):
    """A function written against unitensor only: standardise, a softmax, statistics."""
    z = (x - x.mean(axis=0)) / (x.std(axis=0) + 1e-6)
    p = z.softmax(axis=-1)
    return (p * z).sum(axis=1).logsumexp(), z.square().mean(axis=0).max()


def test_astensor_wraps_a_dask_array_without_copy():
    a = da.ones((4, 3), chunks=2, dtype=np.float32)
    t = ut.astensor(a)
    assert type(t) is ut.DaskTensor and t.raw is a
    assert t.backend == "dask" and t.framework == "Dask"
    xp = t.__array_namespace__()
    import unitensor.array_api.dask as xp_dask

    assert xp is xp_dask
    y = xp.sum(xp.asarray([[1.0, 2.0], [3.0, 4.0]]), axis=0)
    assert type(y) is ut.DaskTensor
    np.testing.assert_array_equal(y.numpy(), [4.0, 6.0])


def test_operations_build_the_graph_and_compute_nothing():
    x = chunked(np.arange(24, dtype=np.float32).reshape(6, 4), (2, 2))
    i = chunked(np.arange(6, dtype=np.int64) % 3, 2)
    with _Computes() as computes:
        y = (x * 2 + 1).sqrt().sum(axis=0)
        z = x.sort(axis=0).cumulative_sum(axis=1)
        w = (
            x[x > 3].sum()
            + ut.linalg.trace(x.matmul(x.mT))
            + ut.linalg.inv(x[:4] + 10 * x.eye(4)).sum()
        )
        q = (i // i.ones_like()) + i.take(i, axis=0) + x.argmax(axis=1)  # no checks run
        u = ut.fft.rfft(x, axis=0).real() + 0 * x[:4, :1].sum()
        mask_n = x.nonzero()[0].sum() + x.unique_values().sum()
        s = framework_agnostic(x)
    assert computes.count == 0
    for t in (y, z, w, q, u, mask_n, *s):
        assert type(t) is ut.DaskTensor
    with _Computes() as computes:
        values = y.numpy()
    assert computes.count == 1
    np.testing.assert_allclose(values, ((np.arange(24.0).reshape(6, 4) * 2 + 1) ** 0.5).sum(axis=0))


@pytest.mark.parametrize(
    "read", [lambda t: t.numpy(), lambda t: t.item(), bool, float, lambda t: t.compute()]
)
def test_reading_values_computes(read):
    x = chunked(np.array([1.0, 2.0, 3.0]), 1).sum()
    with _Computes() as computes:
        read(x)
    assert computes.count >= 1


def test_chunks_are_kept_where_the_operation_allows():
    a = np.arange(64, dtype=np.float64).reshape(8, 8)
    x = chunked(a, (2, 4))
    assert (x * 2).raw.chunks == x.raw.chunks
    assert x.sum(axis=0).raw.chunks == ((4, 4),)
    # sort needs the sorted axis whole: that axis only is rechunked
    assert x.sort(axis=0).raw.chunks == ((8,), (4, 4))
    check(x.sort(axis=0), "dask", np.sort(a, axis=0))
    # batched linear algebra keeps the batch axis's chunks
    b = np.tile(np.eye(3) * 2, (6, 1, 1)) + np.arange(6.0)[:, None, None]
    xb = chunked(b, (2, 1, 1))
    inv = ut.linalg.inv(xb)
    assert inv.raw.chunks == ((2, 2, 2), (3,), (3,))
    check(inv, "dask", np.linalg.inv(b))
    # take_along_axis gathers along one axis: only that one is rechunked
    idx = np.argsort(a, axis=1)[:, ::-1].copy()
    out = x.take_along_axis(chunked(idx, (2, 4)), axis=1)
    assert out.raw.chunks == ((2, 2, 2, 2), (8,))
    check(out, "dask", np.take_along_axis(a, idx, axis=1))


def test_data_dependent_sizes_follow_dask_and_errors_are_clear():
    a = np.array([[1.0, -2.0, 3.0], [-4.0, 5.0, -6.0]])
    x = chunked(a, (1, 2))
    m = x[x > 0]
    assert len(m.shape) == 1 and math.isnan(m.shape[0])
    assert m.sum().item() == 9.0  # reductions of unknown sizes work
    assert (m * 2).max().item() == 10.0
    with pytest.raises(ut.DataDependentShapeError, match="compute"):
        m.reshape((3, 1))
    with pytest.raises(ut.DataDependentShapeError, match="compute"):
        _ = m.size
    for shaped in (m.reshape, lambda shape: ut.zeros(m, shape), lambda s: ut.broadcast_to(m, s)):
        with pytest.raises(ut.DataDependentShapeError, match="compute"):
            shaped(m.shape)  # a shape holding Dask's NaN: not a float size
    (known,) = ut.compute(m)
    assert known.shape == (3,)
    check(known.reshape((3, 1)), "dask", a[a > 0].reshape(3, 1))
    rows, _ = x.nonzero()
    assert math.isnan(rows.shape[0])
    np.testing.assert_array_equal(rows.numpy(), np.nonzero(a)[0])
    np.testing.assert_array_equal(x.unique_values().numpy(), np.unique(a))


def test_compute_keeps_dask_arrays_and_shares_work():
    base = chunked(np.arange(12.0), 3)
    a, b = base.square(), base.sum()
    ca, cb = ut.compute(a, b)
    assert type(ca) is ut.DaskTensor and type(cb) is ut.DaskTensor
    assert ca.raw.chunks == a.raw.chunks
    np.testing.assert_array_equal(ca.numpy(), np.arange(12.0) ** 2)
    assert cb.item() == 66.0
    # the computed graph is the chunks themselves: nothing left to do
    assert len(dict(ca.raw.__dask_graph__())) == len(ca.raw.chunks[0])
    n = ut.astensor(np.ones(2))
    mixed = ut.compute(n, a.sum())
    assert mixed[0] is n and mixed[1].item() == float((np.arange(12.0) ** 2).sum())
    assert n.compute() is n


def test_autodiff_raises_as_for_numpy():
    x = chunked(np.ones(3, dtype=np.float32), 1)
    with pytest.raises(NotImplementedError, match="Dask tensors cannot be differentiated"):
        ut.grad(lambda t: t.square().sum(), x)
    with pytest.raises(NotImplementedError, match="NumPy tensors cannot be differentiated"):
        ut.grad(lambda t: t.square().sum(), ut.astensor(np.ones(3, dtype=np.float32)))


def test_tensors_pickle():
    x = chunked(np.arange(10.0), 3)
    y = (x * 3).cumulative_sum()
    back = pickle.loads(pickle.dumps(y))
    assert type(back) is ut.DaskTensor and back.raw.chunks == y.raw.chunks
    np.testing.assert_array_equal(back.numpy(), np.cumsum(np.arange(10.0) * 3))


def test_convert_computes_with_a_warning_for_large_arrays(monkeypatch):
    from unitensor._backends import dask as dask_backend

    x = chunked(np.arange(6.0, dtype=np.float32), 2)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        n = ut.convert(x, "numpy")
    check(n, "numpy", np.arange(6.0, dtype=np.float32))
    back = ut.convert(n, "dask")
    check(back, "dask", np.arange(6.0, dtype=np.float32))
    monkeypatch.setattr(dask_backend, "CONVERT_WARN_BYTES", 8)
    with pytest.warns(UserWarning, match="computes it"):
        ut.convert(x, "numpy")
    with pytest.warns(UserWarning, match="unknown size"):
        ut.convert(x[x > 2], "numpy")


def test_random_draws_are_lazy_and_seeded():
    x = chunked(np.zeros(2, dtype=np.float32), 1)
    ut.seed(3)
    a = x.uniform((100,))
    ut.seed(3)
    b = x.uniform((100,))
    assert type(a) is ut.DaskTensor and a.dtype == ut.float32
    np.testing.assert_array_equal(a.numpy(), b.numpy())
    assert 0 <= a.min().item() and a.max().item() < 1


def test_framework_agnostic_code_equals_numpy():
    rng = np.random.default_rng(0)
    a = rng.standard_normal((40, 6)).astype(np.float32)
    want = [t.numpy() for t in framework_agnostic(ut.astensor(a))]
    got = ut.compute(*framework_agnostic(chunked(a, (7, 4))))
    for g, w in zip(got, want, strict=True):
        check(g, "dask", w, rtol=1e-5)


def test_local_cluster_runs_unitensor_code_on_many_chunks():
    """A dask.distributed cluster of worker processes, started and shut down here."""
    distributed = pytest.importorskip("distributed")
    rng = np.random.default_rng(1)
    a = rng.standard_normal((2000, 8)).astype(np.float32)
    want = [t.numpy() for t in framework_agnostic(ut.astensor(a))]
    with (
        dask.config.set({"scheduler": None}),
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            memory_limit="400MB",
            dashboard_address=None,
            silence_logs=50,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        x = chunked(a, (100, 8))  # 20 chunks
        assert x.raw.numblocks == (20, 1)
        got = ut.compute(*framework_agnostic(x))
        for g, w in zip(got, want, strict=True):
            check(g, "dask", w, rtol=1e-5)
        # tensors pickle: a worker receives one and runs unitensor on it
        future = client.submit(lambda t: (t * 2).sum().item(), chunked(a[:10], 5))
        assert future.result() == pytest.approx(float((a[:10] * 2).sum()), rel=1e-5)
        # (asked of the scheduler now: scheduler_info() gives the client's copy, refreshed
        # every few seconds, which a loaded machine saw still empty)
        assert len(client.nthreads()) == 2


def test_subset_keeps_the_first_and_every_kth_parametrization():
    """``--subset K`` (the Dask run of ``make test``): each test function still runs."""
    from types import SimpleNamespace

    from conftest import _subset

    def item(module, name, i, backend=True):
        params = {"backend": "dask", "i": i} if backend else {"i": i}
        return SimpleNamespace(
            nodeid=f"tests/{module}::{name}[{i}]",
            originalname=name,
            name=f"{name}[{i}]",
            callspec=SimpleNamespace(params=params),
        )

    items = [item("a.py", "f", i) for i in range(7)] + [item("a.py", "g", 0)]
    items += [item("b.py", "f", i) for i in range(2)] + [item("b.py", "h", 0, backend=False)]
    deselected = []
    config = SimpleNamespace(
        getoption=lambda name: 3,
        hook=SimpleNamespace(pytest_deselected=lambda items: deselected.extend(items)),
    )
    kept = _subset(config, items)
    assert [i.nodeid for i in kept] == [
        "tests/a.py::f[0]",
        "tests/a.py::f[3]",
        "tests/a.py::f[6]",
        "tests/a.py::g[0]",
        "tests/b.py::f[0]",
    ]
    assert len(deselected) == len(items) - len(kept)  # h takes no backend: the default run's


def test_demo_runs_on_a_small_cluster(capsys):
    """``make demo-dask`` at a small size: the same figures, the NumPy check true."""
    pytest.importorskip("distributed")
    from unitensor import demo_dask

    with dask.config.set({"scheduler": None}):
        status = demo_dask.main(["--megabytes", "2", "--chunk-rows", "1000"])
    out = capsys.readouterr().out
    assert status == 0, out
    assert "total 7,812" in out and "first chunk on NumPy equals Dask: True" in out
    assert "peak memory (resident): workers" in out
