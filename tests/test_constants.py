"""ut.index, ut.newaxis, ut.inf and ut.nan."""

import math

import numpy as np
import pytest

import unitensor as ut
from conftest import check, make, randn

X = randn(3, 4, 2, seed=51)


def test_index_builder_returns_the_index():
    assert ut.index[:, 0] == (slice(None), 0)
    assert ut.index[1] == 1
    assert ut.index[1:3] == slice(1, 3)
    assert ut.index[::-1] == slice(None, None, -1)
    assert ut.index[..., None] == (Ellipsis, None)
    assert ut.index[[0, 2]] == [0, 2]


@pytest.mark.parametrize(
    "index",
    [
        ut.index[:, 0],
        ut.index[1],
        ut.index[1:, ::2],
        ut.index[..., 1],
        ut.index[:, ut.newaxis, 0],
        ut.index[::-1, [0, 0, 3]],
        ut.index[-1, 1:3, 0],
    ],
    ids=str,
)
def test_index_in_getitem(backend, index):
    check(make(backend, X)[index], backend, X[index], np.float32)


def test_index_reusable(backend):
    i = ut.index[:, 0]
    t = make(backend, X)
    check(t[i], backend, X[:, 0], np.float32)
    check(t[i], backend, X[:, 0], np.float32)


def test_newaxis():
    assert ut.newaxis is None


def test_newaxis_in_index(backend):
    t = make(backend, X)
    check(t[ut.newaxis], backend, X[np.newaxis], np.float32)
    check(t[:, ut.newaxis], backend, X[:, np.newaxis], np.float32)
    assert t[..., ut.newaxis].shape == (3, 4, 2, 1)


def test_inf():
    assert ut.inf == float("inf")
    assert isinstance(ut.inf, float)
    assert ut.inf > 0 and math.isinf(ut.inf)
    assert -ut.inf == -math.inf


def test_nan():
    assert ut.nan != ut.nan
    assert isinstance(ut.nan, float)
    assert math.isnan(ut.nan)


def test_inf_nan_in_ops(backend):
    a = np.array([1.0, -2.0, 0.5], dtype=np.float32)
    t = make(backend, a)
    check(t.clip(-ut.inf, ut.inf), backend, a, np.float32)
    check(ut.full(t, 2, ut.nan).isnan(), backend, np.array([True, True]), np.bool_)
    check(ut.full(t, 2, ut.inf).isinf(), backend, np.array([True, True]), np.bool_)
