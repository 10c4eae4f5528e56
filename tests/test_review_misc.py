"""Fixes of the newcomer review: bfloat16 in ut.convert, huge Python ints as fill values,
ut.seed leaving the frameworks' global generators alone, and the docs' hand-written lists."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

import unitensor as ut
from conftest import ALL_BACKENDS, make, selected_backends, to_numpy
from unitensor._registry import BACKENDS

BF16 = np.dtype(ml_dtypes.bfloat16)
# exactly representable in bfloat16 (8 significant bits), so every copy must keep them
BF16_VALUES = np.array([[1.5, -2.0, 3.25], [0.0, -0.0078125, 65280.0]], dtype=np.float32)


def need(name):
    if name not in selected_backends():
        pytest.skip(f"backend {name} not selected / installed")


def values_of(t):
    """The values of a tensor as float64 NumPy (bfloat16 read through ml_dtypes)."""
    return np.asarray(to_numpy(t)).astype(np.float64)


# --------------------------------------------------------------------- convert: bfloat16


@pytest.mark.parametrize("target", ALL_BACKENDS)
def test_convert_bfloat16_every_pair(backend, target):
    need(target)
    t = make(backend, BF16_VALUES.astype(BF16))
    out = ut.convert(t, target)
    assert type(out) is getattr(ut, BACKENDS[target].class_name)
    assert out.dtype == ut.bfloat16, out.dtype
    assert out.shape == BF16_VALUES.shape
    np.testing.assert_array_equal(values_of(out), BF16_VALUES)
    np.testing.assert_array_equal(values_of(t), BF16_VALUES)  # the source is unchanged


@pytest.mark.parametrize("target", ALL_BACKENDS)
@pytest.mark.parametrize("dtype", ["bfloat16", "float32"])
def test_convert_torch_tensor_requiring_grad(target, dtype):
    need("torch")
    need(target)
    torch = pytest.importorskip("torch")
    raw = torch.tensor(BF16_VALUES).to(getattr(torch, dtype)).requires_grad_(True)
    out = ut.convert(raw, target)
    assert type(out) is getattr(ut, BACKENDS[target].class_name)
    assert out.dtype == getattr(ut, dtype)
    np.testing.assert_array_equal(values_of(out), BF16_VALUES)
    assert raw.grad is None  # nothing written on the source


@pytest.mark.parametrize("target", ALL_BACKENDS)
def test_convert_bfloat16_round_trip(backend, target):
    need(target)
    t = make(backend, BF16_VALUES.astype(BF16))
    back = ut.convert(ut.convert(t, target), backend)
    assert type(back) is type(t) and back.dtype == ut.bfloat16
    np.testing.assert_array_equal(values_of(back), BF16_VALUES)


def test_from_numpy_bfloat16(backend):
    t = make(backend, np.zeros(1, np.float32))
    out = t.from_numpy(BF16_VALUES.astype(BF16))
    assert type(out) is type(t)
    assert out.dtype == ut.bfloat16
    np.testing.assert_array_equal(values_of(out), BF16_VALUES)
    sliced = t.from_numpy(BF16_VALUES.astype(BF16)[:, ::-2])  # not C-contiguous
    np.testing.assert_array_equal(values_of(sliced), BF16_VALUES[:, ::-2])

