"""Edge cases found by adversarial testing, each checked on every backend against NumPy."""

from __future__ import annotations

import numpy as np
import pytest

import unitensor as ut
from conftest import check, make, to_numpy

NAN_DATA = np.array([3.0, 1.0, np.nan, 2.0, 3.0], dtype=np.float32)
TIES = np.array([1.0, 2.0, 2.0, 2.0, 1.0], dtype=np.float32)


def test_sort_argsort_nan_last(backend):
    t = make(backend, NAN_DATA)
    check(t.sort(), backend, np.sort(NAN_DATA))
    check(t.argsort(), backend, np.argsort(NAN_DATA, kind="stable").astype(np.int64))


def test_argmax_argmin_first_nan(backend):
    t = make(backend, NAN_DATA)
    assert t.argmax().item() == int(np.argmax(NAN_DATA)) == 2
    assert t.argmin().item() == int(np.argmin(NAN_DATA)) == 2


@pytest.mark.parametrize("largest", [True, False])
def test_topk_ties_lower_index_first_and_nan_largest(backend, largest):
    for data in (TIES, NAN_DATA):
        order = np.argsort(-data if largest else data, kind="stable")  # NaN last either way
        if largest:  # NaN counts as the largest value
            order = np.concatenate([np.flatnonzero(np.isnan(data)), order[~np.isnan(data[order])]])
        values, indices = make(backend, data).topk(2, largest=largest)
        check(indices, backend, order[:2].astype(np.int64))
        check(values, backend, data[order[:2]])


def test_unsigned_index_array_is_not_a_mask(backend):
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    idx = np.array([0, 1], dtype=np.uint8)
    t = make(backend, x)
    check(t[idx], backend, x[idx.astype(np.int64)])
    expected = x.copy()
    expected[idx.astype(np.int64)] = 9.0
    check(t.index_update(idx, 9.0), backend, expected)


def test_take_along_axis_out_of_range_raises(backend):
    t = make(backend, np.arange(6, dtype=np.float32).reshape(2, 3))
    idx = make(backend, np.array([[5, 0, 1], [0, 0, 1]], dtype=np.int64))
    with pytest.raises(IndexError):
        t.take_along_axis(idx, 1)


@pytest.mark.parametrize(("start", "stop", "step"), [(3, 1, 1), (0.0, 1.0, -0.5), (2, 2, 1)])
def test_arange_empty(backend, start, stop, step):
    t = make(backend, np.zeros(1, dtype=np.float32))
    expected = np.arange(start, stop, step)
    out = ut.arange(t, start, stop, step)
    assert out.shape == expected.shape == (0,)


def test_bool_scalar_with_number_tensor(backend):
    x = np.array([1.5, 2.5], dtype=np.float32)
    check(make(backend, x) - True, backend, x - np.float32(1))
    check(True + make(backend, x), backend, x + np.float32(1))


def test_clip_min_above_max_gives_max(backend):
    x = np.array([-2.0, 0.0, 2.0], dtype=np.float32)
    check(make(backend, x).clip(1.0, -1.0), backend, np.clip(x, 1.0, -1.0))


def test_sign_of_nan_is_nan(backend):
    x = np.array([np.nan, -2.0, 0.0, 3.0], dtype=np.float32)
    check(make(backend, x).sign(), backend, np.sign(x))


def test_cumsum_narrow_int_widens(backend):
    x = np.array([100, 100], dtype=np.int8)
    check(make(backend, x).cumsum(), backend, np.cumsum(x), np.int64)


def test_argmax_of_bool(backend):
    x = np.array([False, True, True])
    assert make(backend, x).argmax().item() == int(np.argmax(x)) == 1


def test_gradient_of_gradient(grad_backend):
    x = make(grad_backend, np.array([2.0], dtype=np.float32))

    def inner(s):
        return (s**3).sum()

    def outer(t):
        return ut.grad(inner, t).sum()  # d/dx 3x^2 = 6x

    check(ut.grad(outer, x), grad_backend, np.array([12.0], dtype=np.float32))


def test_module_wrapper_named_tuples_and_ufunc_methods():
    torch = pytest.importorskip("torch")
    x = ut.astensor(torch.tensor([[3.0, 1.0, 2.0]]))
    result = ut.torch.sort(x, dim=1)
    assert isinstance(result.values, ut.PyTorchTensor)
    np.testing.assert_array_equal(to_numpy(result.values), [[1.0, 2.0, 3.0]])
    s = ut.numpy.linalg.svd(ut.astensor(np.eye(2, dtype=np.float32)))
    assert isinstance(s.S, ut.NumPyTensor)
    total = ut.numpy.add.reduce(ut.astensor(np.arange(4.0)))
    assert total.item() == 6.0


def test_module_wrappers_wrap_only_framework_arrays():
    """EagerPy's rule: framework arrays become tensors; NumPy scalars come back as they are."""
    import unitensor.compat.eagerpy as ep

    for mod in (ut.numpy, ep.numpy):
        out = mod.tanh(3)
        assert type(out) is np.float64 and out == np.tanh(3)
        assert type(mod.sum(ut.astensor(np.arange(4.0)))) is np.float64
        zeros = mod.zeros(3)
        assert isinstance(zeros, ut.NumPyTensor)
        check(zeros, "numpy", np.zeros(3))
        assert mod.float32 is np.float32
        assert mod.add(1, 2) == 3 and type(mod.add(1, 2)) is np.int64


def test_torch_bfloat16_to_numpy():
    torch = pytest.importorskip("torch")
    ml_dtypes = pytest.importorskip("ml_dtypes")
    values = np.array([[1.5, -2.0], [3.0, 0.0078125]], dtype=np.float32)
    t = ut.astensor(torch.tensor(values).to(torch.bfloat16))
    a = t.numpy()
    assert a.dtype == np.dtype(ml_dtypes.bfloat16)
    np.testing.assert_array_equal(a.astype(np.float32), values)
    b = t.T.numpy()  # a non-contiguous view
    np.testing.assert_array_equal(b.astype(np.float32), values.T)
    assert not a.flags.writeable
