"""SciPy and scikit-learn run on unitensor's Array API namespaces, on every framework.

SciPy reads ``SCIPY_ARRAY_API=1`` when it is first imported, and other tests
import it without, so the consumers run in one subprocess that computes each
result on every backend's namespace and saves it; the tests here compare them
with the same computations on NumPy arrays (scikit-learn's and SciPy's NumPy
paths, and NumPy formulas where they are short).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from conftest import selected_backends
from unitensor._registry import BACKENDS

SCRIPT = textwrap.dedent(
    """
    import json, sys
    import numpy as np
    import sklearn
    import scipy.special
    from sklearn.decomposition import PCA
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
    from sklearn.linear_model import Ridge
    from sklearn.metrics.pairwise import euclidean_distances
    from sklearn.preprocessing import StandardScaler
    import unitensor as ut
    from unitensor.array_api import namespace

    out_dir, backends = sys.argv[1], sys.argv[2].split(",")
    rng = np.random.default_rng(0)
    X = rng.normal(size=(40, 5)).astype(np.float32)
    y = (X[:, 0] + 0.5 * X[:, 1] > 0).astype(np.int64)
    target = (X @ np.arange(1, 6, dtype=np.float32)).astype(np.float32)
    sklearn.set_config(array_api_dispatch=True)

    def run(X, y, target):
        return {
            "pca": PCA(n_components=2, svd_solver="full").fit_transform(X),
            "scaler": StandardScaler().fit_transform(X),
            "ridge": Ridge(alpha=1.0, solver="svd").fit(X, target).coef_,
            "lda": LinearDiscriminantAnalysis().fit(X, y).predict(X),
            "distances": euclidean_distances(X, X),
            "logsumexp": scipy.special.logsumexp(X, axis=0),
        }

    types = {}
    for name, value in run(X, y, target).items():
        np.save(f"{out_dir}/reference-{name}.npy", np.asarray(value))
    for backend in backends:
        xp = namespace(backend)
        results = run(xp.asarray(X), xp.asarray(y), xp.asarray(target))
        for name, value in results.items():
            types[f"{backend}-{name}"] = type(value).__name__
            np.save(f"{out_dir}/{backend}-{name}.npy", ut.astensor(value).numpy())
    json.dump(types, open(f"{out_dir}/types.json", "w"))
    """
)

NAMES = ["pca", "scaler", "ridge", "lda", "distances", "logsumexp"]


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("consumers")
    env = {**os.environ, "SCIPY_ARRAY_API": "1", "TF_CPP_MIN_LOG_LEVEL": "3"}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(out), ",".join(selected_backends())],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return out


def _expected(name: str, X: np.ndarray) -> np.ndarray | None:
    """The NumPy formula for the results that have a short one."""
    if name == "scaler":
        return (X - X.mean(axis=0)) / X.std(axis=0)
    if name == "distances":
        return np.sqrt(((X[:, None, :] - X[None, :, :]) ** 2).sum(-1))
    if name == "logsumexp":
        m = X.max(axis=0)
        return m + np.log(np.exp(X - m).sum(axis=0))
    return None


@pytest.mark.parametrize("name", NAMES)
def test_consumer_results_equal_numpys(results: Path, backend: str, name: str) -> None:
    types = json.loads((results / "types.json").read_text())
    assert types[f"{backend}-{name}"] == BACKENDS[backend].class_name  # a tensor out
    got = np.load(results / f"{backend}-{name}.npy")
    reference = np.load(results / f"reference-{name}.npy")
    X = np.random.default_rng(0).normal(size=(40, 5)).astype(np.float32)
    assert got.shape == reference.shape
    if name == "lda":
        assert got.dtype.kind == "i"  # the labels' dtype (int32 on JAX without 64-bit mode)
        np.testing.assert_array_equal(got, reference)
        return
    assert got.dtype == np.float32, name  # float32 in, float32 out on every framework
    if name == "pca":  # the components' signs are each SVD's
        got, reference = np.abs(got), np.abs(reference)
    np.testing.assert_allclose(got, reference, rtol=2e-4, atol=2e-4)
    formula = _expected(name, X)
    if formula is not None:
        np.testing.assert_allclose(got, formula, rtol=2e-4, atol=2e-4)
