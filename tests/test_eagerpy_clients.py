"""Real EagerPy clients, unchanged, through ``install()``: oineus 0.9.39 and gudhi 3.13.0 (+ POT).

What the clients do with EagerPy:

* ``oineus.diff`` builds differentiable filtrations from torch or JAX tensors.
  ``vr_filtration`` indexes the points with raw NumPy arrays
  (``data[edges[:, 0]]``) and, from a distance matrix, with a tuple of wrapped
  NumPy arrays (``data[ep.astensor(edges)[:, 0], ep.astensor(edges)[:, 1]]``);
  ``mapping_cylinder_filtration`` indexes with ``ep.astensor(np.array(...))``;
  ``min_filtration``, ``freudenthal_filtration`` and ``cube_filtration`` gather
  with raw NumPy arrays; the circumradius helpers use ``maximum``, ``abs``,
  ``max(axis=)``, ``expand_dims`` and ``stack``. Everything runs inside
  ``jax.grad`` too (tracers are wrapped).
* ``gudhi.wasserstein.wasserstein_distance(..., enable_autodiff=True)`` wraps
  the diagrams, calls ``.numpy()``, indexes them with NumPy arrays and tuples
  from ``np.nonzero``, and reduces with ``.norms.lp``; the result is ``.raw``:
  a framework tensor, or a NumPy scalar for NumPy diagrams. TensorFlow callers
  read ``grads[0].values``, so the gradient of a one-axis gather must stay a
  sparse ``tf.IndexedSlices``. ``gudhi.point_cloud`` (KNN, DTM) indexes with
  ``Y[neighbors,]``, subtracts a raw array and tests ``isinstance(x,
  ep.PyTorchTensor)``.

Each client runs in a subprocess: ``install()`` must come before the client
imports ``eagerpy``, and some checks look at ``sys.modules``. Every case runs
twice, through unitensor (``impl="unitensor"``) and on the real EagerPy 0.30
(``impl="eagerpy"``, skipped where it is not installed), and every assertion
holds on both: the expected values are analytic or computed with NumPy here,
and the unitensor results are also compared with the real EagerPy ones. The
value cases share one subprocess per implementation, to keep the imports of
torch, TensorFlow and JAX to two (a case's exception is recorded with its
traceback and fails only that case's test); the ``sys.modules`` checks run in
subprocesses of their own.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import os
import subprocess
import sys
import textwrap
from concurrent.futures import ThreadPoolExecutor
from itertools import combinations

import numpy as np
import pytest

# oineus, gudhi and POT are test dependencies (pyproject's dev extra): a missing one fails the
# subprocesses below, rather than skipping.

# PathFinder ignores sys.modules, where another test may have put the compat package.
_HAS_REAL_EAGERPY = importlib.machinery.PathFinder.find_spec("eagerpy") is not None

IMPLS = ["unitensor", "eagerpy"]
_EXPECTED_MODULE = {"unitensor": "unitensor.compat.eagerpy", "eagerpy": "eagerpy"}
_PRELUDE = {
    "unitensor": "import unitensor.compat.eagerpy as _compat\n_compat.install()\n",
    "eagerpy": "",
}
_MARK = "@@RESULTS@@"
_TIMEOUT = 300


@pytest.fixture(params=IMPLS)
def impl(request):
    if request.param == "eagerpy" and not _HAS_REAL_EAGERPY:
        pytest.skip("the real EagerPy is not installed")
    return request.param


def _env(**extra):
    env = dict(os.environ)
    env.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    env.setdefault("JAX_PLATFORMS", "cpu")
    env.update(extra)
    return env


def _run(impl, body, *, env=None):
    """Run ``body`` in a fresh interpreter, after install() for unitensor; its stdout."""
    code = _PRELUDE[impl] + textwrap.dedent(body)
    proc = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=_TIMEOUT,
        env=env or _env(),
    )
    if proc.returncode != 0:
        tail = "\n".join(proc.stderr.strip().splitlines()[-30:])
        pytest.fail(f"[{impl}] subprocess exited with {proc.returncode}:\n{tail}", pytrace=False)
    return proc.stdout


# --------------------------------------------------------------------------- case runs

_HARNESS = r"""
import json, sys, traceback
import numpy as np
_RESULTS = {}
def run_case(name, fn):
    try:
        _RESULTS[name] = {"ok": True, "value": fn()}
    except Exception as ex:
        _RESULTS[name] = {"ok": False, "error": f"{type(ex).__name__}: {ex}",
                          "traceback": traceback.format_exc()}
def L(x):
    return np.asarray(x, dtype=np.float64).tolist()
def done():
    _RESULTS["_eagerpy_module"] = {"ok": True, "value": sys.modules["eagerpy"].__name__}
    print("@@RESULTS@@" + json.dumps(_RESULTS))
"""

_OINEUS = r"""
import torch
import jax
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp
import oineus as oin
import oineus.diff as od
from oineus.diff._backend import concrete_numpy

def value_and_grads(fw, loss, *arrays):
    if fw == "torch":
        ts = [torch.tensor(a, dtype=torch.float64, requires_grad=True) for a in arrays]
        out = loss(*ts)
        out.backward()
        return float(out.detach()), [L(t.grad.numpy()) for t in ts]
    xs = [jnp.asarray(a, dtype=jnp.float64) for a in arrays]
    val, gs = jax.value_and_grad(loss, argnums=tuple(range(len(xs))))(*xs)
    return float(val), [L(g) for g in gs]

def detached(v):
    return L(concrete_numpy(v))

def segment(values):
    # vertex 0, vertex 1, edge [0, 1] with increasing values: values[i] is cell i
    vals = concrete_numpy(values).astype(float).tolist()
    under = oin.list_to_filtration([(0, [0], vals[0]), (1, [1], vals[1]), (2, [0, 1], vals[2])])
    return od.DiffFiltration(under, values)

PTS = np.random.default_rng(2).uniform(-1.0, 1.0, size=(5, 2))
_B = np.random.default_rng(3).uniform(0.3, 1.0, size=(4, 4))
DIST = (_B + _B.T) / 2
np.fill_diagonal(DIST, 0.0)
PTS_PD = np.random.default_rng(4).uniform(-1.0, 1.0, size=(5, 2))
GRID_FR = np.random.default_rng(0).uniform(-1.0, 1.0, size=(3, 3))
GRID_CUBE = np.random.default_rng(1).uniform(-1.0, 1.0, size=(3, 3))
TRI = np.random.default_rng(5).uniform(-1.0, 1.0, size=(3, 2, 2))
TET = np.random.default_rng(6).uniform(-1.0, 1.0, size=(4, 2, 3))

for fw in ("torch", "jax"):
    def vr_points(fw=fw):
        seen = {}
        def loss(x):
            v = od.vr_filtration(x, max_dim=1, max_diameter=10.0, n_threads=1).values
            seen["n"] = int(v.shape[0])
            return (v ** 2).sum()
        val, (g,) = value_and_grads(fw, loss, PTS)
        return {"loss": val, "grad": g, "n_values": seen["n"]}

    def vr_pwdists(fw=fw):
        def loss(x):
            v = od.vr_filtration(x, from_pwdists=True, max_dim=1, max_diameter=10.0,
                                 n_threads=1).values
            return (v ** 2).sum()
        val, (g,) = value_and_grads(fw, loss, DIST)
        return {"loss": val, "grad": g}

    def persistence_h0(fw=fw):
        seen = {}
        def loss(x):
            fil = od.vr_filtration(x, max_dim=1, max_diameter=10.0, n_threads=1)
            d0 = od.persistence_diagram(fil, dualize=True)[0]
            seen["dgm"] = detached(d0)
            return ((d0[:, 1] - d0[:, 0]) ** 2).sum()
        val, (g,) = value_and_grads(fw, loss, PTS_PD)
        return {"loss": val, "grad": g, "dgm": seen["dgm"]}

    def mapping_cylinder(fw=fw):
        seen = {}
        def loss(a, b):
            fa, fb = segment(a), segment(b)
            n = fa.size() + fb.size()  # apex ids disjoint from the existing simplices
            fil = od.mapping_cylinder_filtration(fa, fb, oin.Simplex([n]), oin.Simplex([n + 1]))
            seen["values"] = detached(fil.values)
            return (fil.values ** 2).sum()
        val, g = value_and_grads(fw, loss, np.array([0.10, 0.20, 0.30]),
                                 np.array([0.15, 0.25, 0.35]))
        return {"loss": val, "grad": g, "values": seen["values"]}

    def min_filtration(fw=fw):
        seen = {}
        def loss(a, b):
            fil = od.min_filtration(segment(a), segment(b))
            seen["values"] = detached(fil.values)
            return (fil.values ** 2).sum()
        val, g = value_and_grads(fw, loss, np.array([0.10, 0.20, 0.30]),
                                 np.array([0.15, 0.18, 0.35]))
        return {"loss": val, "grad": g, "values": seen["values"]}

    def freudenthal(fw=fw):
        seen = {}
        def loss(x):
            v = od.freudenthal_filtration(x, negate=False, wrap=False, max_dim=2,
                                          n_threads=1).values
            seen["values"] = detached(v)
            return (v ** 2).sum()
        val, (g,) = value_and_grads(fw, loss, GRID_FR)
        return {"loss": val, "grad": g, "values": seen["values"]}

    def cube(fw=fw):
        seen = {}
        def loss(x):
            v = od.cube_filtration(x, max_dim=2).values
            seen["values"] = detached(v)
            return (v ** 2).sum()
        val, (g,) = value_and_grads(fw, loss, GRID_CUBE)
        return {"loss": val, "grad": g, "values": seen["values"]}

    def circumradius(fw=fw):
        out = {}
        seen = {}
        def tri(p):
            r = od.triangle_circumradius_sq(p[0], p[1], p[2])
            seen["tri"] = detached(r)
            return r.sum()
        def tet(p):
            r = od.tetrahedron_circumradius_sq(p[0], p[1], p[2], p[3])
            seen["tet"] = detached(r)
            return r.sum()
        _, (out["tri_grad"],) = value_and_grads(fw, tri, TRI)
        _, (out["tet_grad"],) = value_and_grads(fw, tet, TET)
        out["tri"], out["tet"] = seen["tri"], seen["tet"]
        return out

    for f in (vr_points, vr_pwdists, persistence_h0, mapping_cylinder, min_filtration,
              freudenthal, cube, circumradius):
        run_case(f"{fw}_{f.__name__}", f)
"""

_GUDHI = r"""
import torch
import tensorflow as tf
import jax
jax.config.update("jax_enable_x64", True)
import jax.numpy as jnp
from gudhi.wasserstein import wasserstein_distance as pot
from gudhi.point_cloud.knn import KNearestNeighbors
from gudhi.point_cloud.dtm import DistanceToMeasure

D4 = np.array([[0.0, 10.0]])
D5 = np.array([[1.0, 11.0], [3.0, 4.0]])

def tf_grad():
    # gudhi's test_wasserstein_with_tensors.py::test_wasserstein_distance_grad_tensorflow
    with tf.GradientTape() as tape:
        diag4 = tf.convert_to_tensor(tf.Variable(initial_value=D4, trainable=True))
        diag5 = tf.convert_to_tensor(tf.Variable(initial_value=D5, trainable=True))
        dist45 = pot(diag4, diag5, internal_p=1, order=1, enable_autodiff=True,
                     keep_essential_parts=False)
    grads = tape.gradient(dist45, [diag4, diag5])
    return {
        "dist": float(dist45.numpy()),
        "dist_type": type(dist45).__module__.split(".")[0],
        "indexed_slices": [isinstance(g, tf.IndexedSlices) for g in grads],
        "grad_types": [type(g).__name__ for g in grads],
        "values": [L(g.values) if isinstance(g, tf.IndexedSlices) else None for g in grads],
        "dense": [L(tf.convert_to_tensor(g)) for g in grads],
    }

def torch_grad():
    # gudhi's test_wasserstein_with_tensors.py::test_wasserstein_distance_grad
    kw = dict(enable_autodiff=True, keep_essential_parts=False)
    diag1 = torch.tensor([[2.7, 3.7], [9.6, 14.0], [34.2, 34.974]], requires_grad=True)
    diag2 = torch.tensor([[2.8, 4.45], [9.5, 14.1]], requires_grad=True)
    diag3 = torch.tensor([[2.8, 4.45], [9.5, 14.1]], requires_grad=True)
    dist12 = pot(diag1, diag2, internal_p=2, order=2, **kw)
    dist30 = pot(diag3, torch.tensor([]), internal_p=2, order=2, **kw)
    dist12.backward()
    dist30.backward()
    diag4 = torch.tensor(D4, requires_grad=True)
    diag5 = torch.tensor(D5, requires_grad=True)
    dist45 = pot(diag4, diag5, internal_p=1, order=1, **kw)
    dist45.backward()
    return {
        "is_tensor": all(isinstance(d, torch.Tensor) for d in (dist12, dist30, dist45)),
        "dist12": float(dist12.detach()), "dist30": float(dist30.detach()),
        "dist45": float(dist45.detach()),
        "grad1": L(diag1.grad), "grad2": L(diag2.grad), "grad3": L(diag3.grad),
        "grad4": L(diag4.grad), "grad5": L(diag5.grad),
        # independent of EagerPy: gudhi's NumPy path (POT's emd2)
        "np12": float(pot(diag1.detach().numpy().astype(float),
                          diag2.detach().numpy().astype(float), internal_p=2, order=2)),
    }

def numpy_scalar(X, Y, **kw):
    d = pot(X, Y, enable_autodiff=True, keep_essential_parts=False, **kw)
    ref = pot(X, Y, **kw)  # enable_autodiff=False: no EagerPy
    return {"value": float(d), "type": f"{type(d).__module__}.{type(d).__name__}",
            "is_float": isinstance(d, float), "is_np_floating": isinstance(d, np.floating),
            "ndim": int(np.ndim(d)), "reference": float(ref)}

def jax_forward():
    d = pot(jnp.asarray(D4), jnp.asarray(D5), internal_p=1, order=1, enable_autodiff=True,
            keep_essential_parts=False)
    return {"value": float(d), "type_module": type(d).__module__.split(".")[0],
            "shape": list(d.shape)}

KNN_PTS = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 2.0], [3.0, 3.0], [-1.5, 0.5]])

def knn_numpy():
    out = {}
    for metric in ("manhattan", "euclidean", "chebyshev"):
        knn = KNearestNeighbors(3, return_index=True, return_distance=True, metric=metric,
                                implementation="ckdtree", enable_autodiff=True)
        idx, dist = knn.fit_transform(KNN_PTS)
        out[metric] = {"index": np.asarray(idx).tolist(), "dist": L(dist),
                       "type": type(dist).__name__}
    return out

def dtm_torch():
    x = torch.tensor(KNN_PTS, requires_grad=True)
    d = DistanceToMeasure(3, q=2, implementation="ckdtree", enable_autodiff=True).fit_transform(x)
    d.sum().backward()
    return {"dtm": L(d.detach()), "grad": L(x.grad), "is_tensor": isinstance(d, torch.Tensor)}

run_case("tf_grad", tf_grad)
run_case("torch_grad", torch_grad)
run_case("numpy_order1", lambda: numpy_scalar(D4, D5, internal_p=1, order=1))
run_case("numpy_order2", lambda: numpy_scalar(D4, D5, internal_p=2, order=2))
run_case("numpy_linf", lambda: numpy_scalar(np.array([[0.0, 10.0], [2.0, 5.0]]), D5, order=2))
run_case("numpy_empty", lambda: numpy_scalar(D4, np.zeros((0, 2)), internal_p=2, order=2))
run_case("jax_forward", jax_forward)
run_case("knn_numpy", knn_numpy)
run_case("dtm_torch", dtm_torch)
"""

# One interpreter per implementation runs every value case (the imports dominate the time).
_CLIENTS = _HARNESS + _OINEUS + _GUDHI + "done()\n"


def _client_results(impl):
    out = _run(impl, _CLIENTS)
    line = [ln for ln in out.splitlines() if ln.startswith(_MARK)]
    assert line, f"[{impl}] no results printed:\n{out[-3000:]}"
    res = json.loads(line[-1][len(_MARK) :])
    assert res["_eagerpy_module"]["value"] == _EXPECTED_MODULE[impl]
    return res


@pytest.fixture(scope="module")
def results():
    """``results(impl)``: every value case's result; both interpreters run side by side."""
    impls = [i for i in IMPLS if i != "eagerpy" or _HAS_REAL_EAGERPY]
    with ThreadPoolExecutor(max_workers=len(impls)) as pool:
        futures = {i: pool.submit(_client_results, i) for i in impls}
        yield lambda impl: futures[impl].result()


def _case(results, client, impl, name):
    """The value of case ``name``; the test fails with the case's traceback if it raised."""
    r = results(impl)[name]
    if not r["ok"]:
        pytest.fail(
            f"[{impl}] {client} case {name} raised {r['error']}\n{r['traceback']}", pytrace=False
        )
    return r["value"]


def _same_as_real_eagerpy(results, client, impl, name, got, keys, rtol=1e-9, atol=1e-12):
    """For unitensor, ``got[key]`` must match the real EagerPy's result for each key."""
    if impl != "unitensor" or not _HAS_REAL_EAGERPY:
        return
    ref = _case(results, client, "eagerpy", name)
    for key in keys:
        np.testing.assert_allclose(
            np.asarray(got[key], dtype=float),
            np.asarray(ref[key], dtype=float),
            rtol=rtol,
            atol=atol,
            err_msg=f"{name}[{key}] differs from the real EagerPy",
        )


# ----------------------------------------------------------------- oineus data, as in _OINEUS


def _pts():
    return np.random.default_rng(2).uniform(-1.0, 1.0, size=(5, 2))


def _dist():
    b = np.random.default_rng(3).uniform(0.3, 1.0, size=(4, 4))
    d = (b + b.T) / 2
    np.fill_diagonal(d, 0.0)
    return d


def _count_grad(inputs, values):
    """Gradient of sum(values**2) when each value is a copy of one (distinct) input."""
    inputs = np.asarray(inputs, dtype=float)
    values = np.asarray(values, dtype=float)
    counts = (np.abs(values[None, :] - inputs.reshape(-1, 1)) < 1e-12).sum(axis=1)
    assert counts.sum() == values.size, "every filtration value is one of the inputs"
    return (2 * inputs.reshape(-1) * counts).reshape(inputs.shape)


def _fd(f, x, eps=1e-6):
    g = np.zeros_like(x)
    for i in np.ndindex(x.shape):
        hi, lo = x.copy(), x.copy()
        hi[i] += eps
        lo[i] -= eps
        g[i] = (f(hi) - f(lo)) / (2 * eps)
    return g


FRAMEWORKS = ["torch", "jax"]


# --------------------------------------------------------------------------- oineus


@pytest.mark.parametrize("fw", FRAMEWORKS)
def test_oineus_vr_filtration_from_points_gradient(results, impl, fw):
    """``data[edges[:, 0]]`` with a raw NumPy index; full VR: grad_i = 2 sum_j (x_i - x_j)."""
    r = _case(results, "oineus", impl, f"{fw}_vr_points")
    x = _pts()
    n = len(x)
    assert r["n_values"] == n + n * (n - 1) // 2  # vertices and every edge
    np.testing.assert_allclose(r["grad"], 2 * (n * x - x.sum(axis=0)), rtol=1e-10, atol=1e-12)
    sq = sum(((x[i] - x[j]) ** 2).sum() for i, j in combinations(range(n), 2))
    np.testing.assert_allclose(r["loss"], sq + r["n_values"] * 1e-6, rtol=1e-12)
    _same_as_real_eagerpy(results, "oineus", impl, f"{fw}_vr_points", r, ["loss", "grad"])


@pytest.mark.parametrize("fw", FRAMEWORKS)
def test_oineus_vr_filtration_from_pwdists_gradient(results, impl, fw):
    """``data[ep.astensor(edges)[:, 0], ep.astensor(edges)[:, 1]]``: wrapped NumPy index arrays."""
    r = _case(results, "oineus", impl, f"{fw}_vr_pwdists")
    d = _dist()
    g = np.asarray(r["grad"])
    # each edge value is one entry D[i, j] (one triangle), vertices are D[i, i] = 0
    np.testing.assert_allclose(g + g.T, 2 * d, rtol=1e-12, atol=1e-12)
    assert np.all((g == 0) | (g.T == 0))
    np.testing.assert_allclose(r["loss"], (np.triu(d, 1) ** 2).sum(), rtol=1e-12)
    _same_as_real_eagerpy(results, "oineus", impl, f"{fw}_vr_pwdists", r, ["loss", "grad"])


def _h0(x, eps=1e-6):
    """VR H0 diagram of ``x`` (oineus's lengths sqrt(d**2 + eps)) and the gradient of
    sum((death - birth)**2): the deaths are the minimum spanning tree's edge lengths."""
    from scipy.sparse.csgraph import minimum_spanning_tree
    from scipy.spatial.distance import cdist

    x = np.asarray(x, dtype=float)
    lengths = np.sqrt(cdist(x, x) ** 2 + eps)
    mst = minimum_spanning_tree(cdist(x, x)).tocoo()
    birth = np.sqrt(eps)
    grad = np.zeros_like(x)
    for i, j in zip(mst.row, mst.col, strict=True):
        le = lengths[i, j]
        step = 2 * (le - birth) * (x[i] - x[j]) / le
        grad[i] += step
        grad[j] -= step
    return birth, np.sort(lengths[mst.row, mst.col]), grad


@pytest.mark.parametrize("fw", FRAMEWORKS)
def test_oineus_persistence_diagram_h0_gradient(results, impl, fw):
    """VR + persistence_diagram (torch or JAX autograd function over oineus's reduction)."""
    r = _case(results, "oineus", impl, f"{fw}_persistence_h0")
    birth, deaths, grad = _h0(np.random.default_rng(4).uniform(-1.0, 1.0, size=(5, 2)))
    dgm = np.asarray(r["dgm"])
    np.testing.assert_allclose(dgm[:, 0], birth, rtol=1e-9)
    np.testing.assert_allclose(np.sort(dgm[:, 1]), deaths, rtol=1e-9)
    np.testing.assert_allclose(r["grad"], grad, rtol=1e-8, atol=1e-10)
    _same_as_real_eagerpy(
        results, "oineus", impl, f"{fw}_persistence_h0", r, ["loss", "grad", "dgm"]
    )


@pytest.mark.parametrize("fw", FRAMEWORKS)
def test_oineus_mapping_cylinder_gradient(results, impl, fw):
    """``concat_vals[ep.astensor(np.array(cyl_val_inds))]``: a wrapped NumPy index array."""
    r = _case(results, "oineus", impl, f"{fw}_mapping_cylinder")
    dom, cod = np.array([0.10, 0.20, 0.30]), np.array([0.15, 0.25, 0.35])
    values = np.asarray(r["values"])
    # the cylinder's cells are copies of the domain's and codomain's cells
    assert sorted(values.tolist()) == sorted([*dom, *dom, *cod])
    expected = _count_grad(np.concatenate([dom, cod]), values)
    np.testing.assert_allclose(r["grad"][0], expected[:3], rtol=1e-12)
    np.testing.assert_allclose(r["grad"][1], expected[3:], rtol=1e-12)
    np.testing.assert_allclose(r["loss"], (values**2).sum(), rtol=1e-12)
    _same_as_real_eagerpy(
        results, "oineus", impl, f"{fw}_mapping_cylinder", r, ["loss", "values", "grad"]
    )


@pytest.mark.parametrize("fw", FRAMEWORKS)
def test_oineus_min_filtration_gradient(results, impl, fw):
    """Raw NumPy gathers, ``ep.stack`` and ``ep.min(axis=0)``."""
    r = _case(results, "oineus", impl, f"{fw}_min_filtration")
    a, b = np.array([0.10, 0.20, 0.30]), np.array([0.15, 0.18, 0.35])
    np.testing.assert_allclose(r["values"], np.minimum(a, b), rtol=1e-12)
    np.testing.assert_allclose(r["grad"][0], np.where(a <= b, 2 * a, 0.0), rtol=1e-12)
    np.testing.assert_allclose(r["grad"][1], np.where(b < a, 2 * b, 0.0), rtol=1e-12)
    _same_as_real_eagerpy(
        results, "oineus", impl, f"{fw}_min_filtration", r, ["loss", "values", "grad"]
    )


@pytest.mark.parametrize("fw", FRAMEWORKS)
@pytest.mark.parametrize("kind", ["freudenthal", "cube"])
def test_oineus_grid_filtration_gradient(results, impl, fw, kind):
    """``tensor.float64().numpy()`` and ``tensor.flatten()[np_index]`` (gather_values)."""
    r = _case(results, "oineus", impl, f"{fw}_{kind}")
    data = np.random.default_rng(0 if kind == "freudenthal" else 1).uniform(-1.0, 1.0, size=(3, 3))
    values = np.asarray(r["values"])
    assert np.isclose(values.min(), data.min()) and np.isclose(values.max(), data.max())
    np.testing.assert_allclose(r["grad"], _count_grad(data, values), rtol=1e-12)
    _same_as_real_eagerpy(results, "oineus", impl, f"{fw}_{kind}", r, ["loss", "grad", "values"])


def _circumradius_sq(p):
    """Squared circumradius of a triangle (3, d) or tetrahedron (4, 3), from NumPy alone."""
    a = p[1:] - p[0]
    # the centre c = p0 + a^T y with (a a^T) y = |a|^2 / 2, in the simplex's affine hull
    y = np.linalg.solve(a @ a.T, (a**2).sum(axis=1) / 2)
    return float(((a.T @ y) ** 2).sum())


@pytest.mark.parametrize("fw", FRAMEWORKS)
def test_oineus_circumradius_gradient(results, impl, fw):
    """The alpha helpers: ``ep.maximum``, ``abs().max(axis=1)``, ``expand_dims``, ``stack``."""
    r = _case(results, "oineus", impl, f"{fw}_circumradius")
    for key, shape, seed in (("tri", (3, 2, 2), 5), ("tet", (4, 2, 3), 6)):
        p = np.random.default_rng(seed).uniform(-1.0, 1.0, size=shape)
        expected = [_circumradius_sq(p[:, k]) for k in range(shape[1])]
        np.testing.assert_allclose(r[key], expected, rtol=1e-9)

        def total(q, shape=shape):
            return sum(_circumradius_sq(q[:, k]) for k in range(shape[1]))

        np.testing.assert_allclose(r[f"{key}_grad"], _fd(total, p), rtol=1e-5, atol=1e-6)
    _same_as_real_eagerpy(
        results, "oineus", impl, f"{fw}_circumradius", r, ["tri", "tet", "tri_grad", "tet_grad"]
    )


# upstream oineus tests/test_diff_torch_optional.py::test_diff_works_without_torch, plus:
# the JAX-only path imports no other framework either
_WITHOUT_TORCH = r"""
import sys

class TorchBlocker:
    def find_spec(self, name, path=None, target=None):
        if name == "torch" or name.startswith("torch."):
            raise ImportError("torch is blocked for this test")
        return None

sys.meta_path.insert(0, TorchBlocker())
{prelude}
import oineus
import oineus.diff as od
assert od.TORCH_AVAILABLE is False
assert "torch" not in sys.modules
assert sys.modules["eagerpy"].__name__ == {module!r}

import numpy as np
import jax
import jax.numpy as jnp

pts = jnp.asarray(np.random.default_rng(0).uniform(-1.0, 1.0, size=(5, 2)).astype(np.float32))

def loss(x):
    fil = od.vr_filtration(x, max_dim=1, max_diameter=10.0)
    d0 = od.persistence_diagram(fil, dualize=True)[0]
    return ((d0[:, 1] - d0[:, 0]) ** 2).sum()

g = np.asarray(jax.grad(loss)(pts))
assert g.dtype == np.float32, g.dtype
assert np.isfinite(g).all()
assert (g ** 2).sum() > 0

for fn, args in [
    (od.wasserstein_cost, (jnp.zeros((2, 2)), jnp.zeros((2, 2)))),
    (od.sliced_wasserstein_distance, (jnp.zeros((2, 2)), jnp.zeros((2, 2)))),
    (od.cech_delaunay_filtration, (pts,)),
]:
    try:
        fn(*args)
    except ImportError as e:
        assert "torch" in str(e), e
    else:
        raise AssertionError(f"{{fn.__name__}} did not raise without torch")

assert "torch" not in sys.modules
print("TORCH-OPTIONAL-OK")
print("GRAD", g.tolist())
others = [m for m in ("tensorflow", "torch") if m in sys.modules]
assert not others, f"the JAX-only oineus path imported {{others}}"
print("NO-OTHER-FRAMEWORK-OK")
"""


def test_oineus_diff_works_without_torch(impl):
    script = _WITHOUT_TORCH.format(prelude=_PRELUDE[impl], module=_EXPECTED_MODULE[impl])
    proc = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=_TIMEOUT, env=_env()
    )
    assert "TORCH-OPTIONAL-OK" in proc.stdout, (
        f"stdout:\n{proc.stdout}\nstderr:\n{proc.stderr[-3000:]}"
    )
    # the gradient itself: a float32 H0 loss, against the minimum spanning tree (NumPy, SciPy)
    grad = np.array(json.loads(proc.stdout.split("GRAD", 1)[1].splitlines()[0]))
    x = np.random.default_rng(0).uniform(-1.0, 1.0, size=(5, 2)).astype(np.float32)
    np.testing.assert_allclose(grad, _h0(x)[2], rtol=1e-3, atol=1e-4)  # float32
    assert proc.returncode == 0, f"[{impl}] {proc.stderr.strip().splitlines()[-1]}"
    assert "NO-OTHER-FRAMEWORK-OK" in proc.stdout


# --------------------------------------------------------------------------- gudhi


def test_gudhi_wasserstein_grad_tensorflow(results, impl):
    """gudhi's test_wasserstein_distance_grad_tensorflow: sparse gradients' ``grads[0].values``."""
    r = _case(results, "gudhi", impl, "tf_grad")
    assert r["dist"] == 3.0
    assert r["dist_type"] == "tensorflow"
    # the dense values are right whatever the gradient's type
    np.testing.assert_array_equal(r["dense"][0], [[-1.0, -1.0]])
    np.testing.assert_array_equal(r["dense"][1], [[1.0, 1.0], [-1.0, 1.0]])
    # a gather on one axis has a sparse gradient, and gudhi's callers read .values
    assert r["indexed_slices"] == [True, True], (
        f"gradients are {r['grad_types']}, not IndexedSlices"
    )
    np.testing.assert_array_equal(r["values"][0], [[-1.0, -1.0]])
    np.testing.assert_array_equal(r["values"][1], [[1.0, 1.0], [-1.0, 1.0]])


def test_gudhi_wasserstein_grad_torch(results, impl):
    """gudhi's test_wasserstein_distance_grad (torch), with analytic values."""
    r = _case(results, "gudhi", impl, "torch_grad")
    assert r["is_tensor"]
    assert r["dist45"] == 3.0
    np.testing.assert_array_equal(r["grad4"], [[-1.0, -1.0]])
    np.testing.assert_array_equal(r["grad5"], [[1.0, 1.0], [-1.0, 1.0]])
    np.testing.assert_allclose(r["dist12"], r["np12"], rtol=1e-6)
    for key in ("grad1", "grad2", "grad3"):
        assert np.isfinite(r[key]).all()
    # distance of diag3 to the empty diagram: sqrt(sum(pers**2) / 2)
    y = np.array([[2.8, 4.45], [9.5, 14.1]], dtype=np.float32).astype(float)
    pers = y[:, 1] - y[:, 0]
    d30 = np.sqrt((pers**2).sum() / 2)
    np.testing.assert_allclose(r["dist30"], d30, rtol=1e-6)
    np.testing.assert_allclose(r["grad3"], np.stack([-pers, pers], axis=1) / (2 * d30), rtol=1e-5)
    _same_as_real_eagerpy(
        results,
        "gudhi",
        impl,
        "torch_grad",
        r,
        ["dist12", "grad1", "grad2", "grad3"],
        rtol=1e-6,
        atol=1e-7,
    )


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # |1| + |1| to (1, 11), then (3, 4) to the diagonal: 1 (norms.lp(1))
        pytest.param("numpy_order1", 3.0, id="order1"),
        # sqrt(2)**2 + (1 / sqrt(2))**2 (norms.lp(2))
        pytest.param("numpy_order2", np.sqrt(2 + 0.5), id="order2"),
        # L-inf ground metric: (0, 10)-(1, 11) and (2, 5)-(3, 4), 1**2 each (norms.lp(inf), lp(2))
        pytest.param("numpy_linf", np.sqrt(2.0), id="linf"),
        # against the empty diagram: total persistence, _perstot's norms.lp(2)
        pytest.param("numpy_empty", 10 / np.sqrt(2), id="empty"),
    ],
)
def test_gudhi_wasserstein_numpy_autodiff_is_a_python_float(results, impl, name, expected):
    """NumPy diagrams, enable_autodiff=True: ``.norms.lp(order).raw`` is a NumPy scalar (float)."""
    r = _case(results, "gudhi", impl, name)
    np.testing.assert_allclose(r["value"], expected, rtol=1e-12)
    np.testing.assert_allclose(r["value"], r["reference"], rtol=1e-12)  # POT, no EagerPy
    assert r["ndim"] == 0
    assert r["is_float"] and r["is_np_floating"], f"got {r['type']}, expected numpy.float64"
    assert r["type"] == "numpy.float64"


def test_gudhi_wasserstein_jax_forward(results, impl):
    """JAX diagrams give a JAX scalar.

    gudhi's autodiff path calls ``.numpy()``, so it cannot run under ``jax.grad``, on EagerPy too.
    """
    r = _case(results, "gudhi", impl, "jax_forward")
    assert r["value"] == 3.0
    assert r["type_module"] in ("jax", "jaxlib")
    assert r["shape"] == []


def test_gudhi_knn_numpy_autodiff(results, impl):
    """``Y[neighbors,]``, ``eagerpy - raw`` and ``.norms.lp(p, -1)`` for p = 1, 2 and inf."""
    from scipy.spatial.distance import cdist

    r = _case(results, "gudhi", impl, "knn_numpy")
    pts = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 2.0], [3.0, 3.0], [-1.5, 0.5]])
    for metric, scipy_metric in (
        ("manhattan", "cityblock"),
        ("euclidean", "euclidean"),
        ("chebyshev", "chebyshev"),
    ):
        got = r[metric]
        assert got["type"] == "ndarray"
        dm = cdist(pts, pts, metric=scipy_metric)
        idx = np.asarray(got["index"])
        np.testing.assert_allclose(got["dist"], np.take_along_axis(dm, idx, axis=1), rtol=1e-12)
        np.testing.assert_allclose(got["dist"], np.sort(dm, axis=1)[:, :3], rtol=1e-12)


def test_gudhi_dtm_torch_gradient(results, impl):
    """DistanceToMeasure through the KNN autodiff path, torch gradients."""
    from scipy.spatial.distance import cdist

    r = _case(results, "gudhi", impl, "dtm_torch")
    assert r["is_tensor"]
    pts = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 2.0], [3.0, 3.0], [-1.5, 0.5]])
    nn = np.argsort(cdist(pts, pts), axis=1)[:, :3]

    def dtm(x):
        return np.sqrt((((x[nn] - x[:, None, :]) ** 2).sum(axis=-1)).mean(axis=1))

    np.testing.assert_allclose(r["dtm"], dtm(pts), rtol=1e-12)
    np.testing.assert_allclose(r["grad"], _fd(lambda x: dtm(x).sum(), pts), rtol=1e-6, atol=1e-8)
    _same_as_real_eagerpy(results, "gudhi", impl, "dtm_torch", r, ["dtm", "grad"])


# --------------------------------------------------------------------------- lazy imports

_LAZY = r"""
import sys
FRAMEWORKS = ("torch", "tensorflow", "jax")
def loaded():
    return [m for m in FRAMEWORKS if m in sys.modules]
import eagerpy
import eagerpy.types, eagerpy.norms, eagerpy.tensor, eagerpy.astensor
assert eagerpy.__name__ == {module!r}
print("AFTER-IMPORT", loaded())
{more}
"""


def _lazy(impl, more="", **env):
    body = _LAZY.format(module=_EXPECTED_MODULE[impl], more=textwrap.dedent(more))
    out = _run(impl, body, env=_env(**env))
    return dict(ln.split(" ", 1) for ln in out.splitlines() if ln.startswith("AFTER-"))


def test_install_then_import_eagerpy_imports_no_framework(impl):
    """``install(); import eagerpy`` imports no torch, tensorflow or jax (EagerPy doesn't), and
    neither does gudhi's autodiff Wasserstein path on NumPy diagrams (POT's backends disabled)."""
    more = """
    import numpy as np
    from gudhi.wasserstein import wasserstein_distance
    d = wasserstein_distance(np.array([[0.0, 10.0]]), np.array([[1.0, 11.0], [3.0, 4.0]]), order=1,
                             internal_p=1, enable_autodiff=True, keep_essential_parts=False)
    assert float(d) == 3.0
    print("AFTER-WASSERSTEIN", loaded())
    """
    off = {f"POT_BACKEND_DISABLE_{n}": "1" for n in ("PYTORCH", "JAX", "TENSORFLOW", "CUPY")}
    lines = _lazy(impl, more, **off)
    assert lines["AFTER-IMPORT"] == "[]"
    assert lines["AFTER-WASSERSTEIN"] == "[]"


def test_gudhi_knn_numpy_autodiff_imports_no_torch(impl):
    """gudhi's KNN autodiff path tests ``isinstance(diff, ep.PyTorchTensor)`` on NumPy data:
    on EagerPy that needs no torch, and on unitensor neither (the classes import no framework)."""
    more = """
    import numpy as np
    from gudhi.point_cloud.knn import KNearestNeighbors
    knn = KNearestNeighbors(2, return_index=False, return_distance=True, implementation="ckdtree",
                            enable_autodiff=True)
    dist = knn.fit_transform(np.array([[0.0, 0.0], [3.0, 4.0]]))
    assert np.allclose(dist, [[0.0, 5.0], [0.0, 5.0]]), dist
    print("AFTER-KNN", loaded())
    """
    lines = _lazy(impl, more)
    assert lines["AFTER-IMPORT"] == "[]"
    assert lines["AFTER-KNN"] == "[]"
