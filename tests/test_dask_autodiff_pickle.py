"""Dask (issue 14, item 1): autodiff raises NumPy's error, and tensors pickle.

Every autodiff entry point refuses a Dask tensor with the ``NotImplementedError``
it raises for a NumPy tensor (the same message, naming Dask), without computing
anything. A ``DaskTensor`` pickles (``dask.distributed`` ships tensors to its
workers this way) as its graph, not its values: a lazy tensor stays lazy, with its
chunks, dtype and sizes (unknown ones included), and gives the same values after.
"""

from __future__ import annotations

import pickle

import numpy as np
import pytest

import unitensor as ut
from conftest import check

da = pytest.importorskip("dask.array")
from test_dask import _Computes  # noqa: E402  # counts the computations Dask starts


def cube_sum(t):
    return (t * t * t).sum()


CALLS = {
    "grad": lambda x: ut.grad(cube_sum, x),
    "grad_of_f": lambda x: ut.grad(cube_sum)(x),
    "value_and_grad": lambda x: ut.value_and_grad(cube_sum, x),
    "value_and_grad_method": lambda x: x.value_and_grad(cube_sum),
    "value_aux_and_grad": lambda x: ut.value_aux_and_grad(lambda t: (cube_sum(t), None), x),
    "value_and_grad_fn": lambda x: ut.value_and_grad_fn(x, cube_sum)(x),
    "jacrev": lambda x: ut.jacrev(cube_sum)(x),
    "jacfwd": lambda x: ut.jacfwd(cube_sum)(x),
    "jacobian": lambda x: ut.jacobian(cube_sum)(x),
    "hessian": lambda x: ut.hessian(cube_sum)(x),
    "jvp": lambda x: ut.jvp(cube_sum, (x,), (x,)),
    "vjp": lambda x: ut.vjp(cube_sum, x),
}


@pytest.mark.parametrize("name", CALLS)
def test_autodiff_raises_numpys_error(name):
    call = CALLS[name]
    with pytest.raises(NotImplementedError) as on_numpy:
        call(ut.astensor(np.ones(3, dtype=np.float32)))
    x = ut.astensor(da.ones(3, dtype=np.float32, chunks=1))
    with _Computes() as seen, pytest.raises(NotImplementedError) as on_dask:
        call(x)
    assert str(on_dask.value) == str(on_numpy.value).replace("NumPy", "Dask")
    assert str(on_dask.value).startswith("Dask tensors cannot be differentiated")
    assert "PyTorch, TensorFlow and JAX" in str(on_dask.value)
    assert seen.count == 0


@pytest.mark.parametrize(
    "dtype", ["bool", "int8", "uint16", "int64", "float32", "float64", "complex64"]
)
def test_tensors_of_every_dtype_pickle(dtype):
    a = (np.arange(12) % 5).astype(dtype).reshape(4, 3)
    t = ut.astensor(da.from_array(a, chunks=(2, 3)))[::-1]  # a graph of one step
    with _Computes() as seen:
        back = pickle.loads(pickle.dumps(t))
    assert seen.count == 0  # pickled as a graph: nothing computed
    assert type(back) is ut.DaskTensor and back.raw.chunks == t.raw.chunks
    check(back, "dask", a[::-1], a.dtype)


def test_a_lazy_tensor_pickles_as_its_graph():
    """An 80 MB array made chunk by chunk pickles in a few kB and stays lazy."""
    t = ut.astensor(da.ones((5000, 4000), dtype=np.float32, chunks=(500, 4000)))
    y = (t * 2 + 1).sum(axis=1)
    with _Computes() as seen:
        blob = pickle.dumps(y)
        back = pickle.loads(blob)
    assert seen.count == 0
    assert len(blob) < 100_000, len(blob)
    assert back.raw.numblocks == y.raw.numblocks == (10,)
    check(back, "dask", np.full(5000, 3.0 * 4000, dtype=np.float32))


def test_unknown_sizes_and_computed_tensors_pickle():
    x = ut.astensor(da.from_array(np.arange(10.0), chunks=3))
    m = x[x > 4]  # size unknown until computed
    back = pickle.loads(pickle.dumps(m))
    assert type(back) is ut.DaskTensor and np.isnan(back.shape[0])
    np.testing.assert_array_equal(back.numpy(), np.arange(5.0, 10.0))
    (known,) = ut.compute(m)  # persisted: sizes known, values in memory
    again = pickle.loads(pickle.dumps(known))
    assert again.shape == (5,)
    check(again, "dask", np.arange(5.0, 10.0))
