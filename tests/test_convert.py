"""ut.convert(t, target): moving tensors between frameworks."""

import warnings

import numpy as np
import pytest

import unitensor as ut
from conftest import (
    ALL_BACKENDS,
    check,
    make,
    native,
    randint,
    randn,
    selected_backends,
)
from unitensor._registry import BACKENDS

CLASSES = {name: b.class_name for name, b in BACKENDS.items()}  # ut.<class name>


def need(name):
    if name not in selected_backends():
        pytest.skip(f"backend {name} not selected / installed")


INPUTS = {
    "float32": randn(2, 3, seed=41),
    "int32": randint(2, 3, seed=42),
    "bool": randn(2, 3, seed=43) > 0,
    "float32_0d": np.array(1.5, dtype=np.float32),
    "float32_empty": np.zeros((0, 3), dtype=np.float32),
    "uint8": randint(4, low=0, high=200, dtype=np.uint8, seed=44),
    "float16": randn(3, 2, dtype=np.float16, seed=46),
}


@pytest.mark.parametrize("kind", list(INPUTS))
@pytest.mark.parametrize("target", list(ALL_BACKENDS))
def test_convert(backend, target, kind):
    need(target)
    a = INPUTS[kind]
    t = make(backend, a)
    out = ut.convert(t, target)
    assert ut.istensor(out)
    assert type(out) is getattr(ut, CLASSES[target])
    check(out, target, a, a.dtype)
    check(t, backend, a)  # source unchanged


@pytest.mark.parametrize("target", list(ALL_BACKENDS))
def test_convert_native_input(backend, target):
    need(target)
    a = INPUTS["float32"]
    out = ut.convert(native(backend, a), target)
    assert ut.istensor(out)
    check(out, target, a, np.float32)


def test_convert_same_backend_returns_same_object(backend):
    t = make(backend, INPUTS["float32"])
    assert ut.convert(t, backend) is t


@pytest.mark.parametrize("name", ["mxnet", "", "NUMPY_", "cupy"])
def test_convert_unknown_backend(backend, name):
    t = make(backend, INPUTS["float32"])
    with pytest.raises(ValueError):
        ut.convert(t, name)


def test_convert_round_trip(backend):
    a = INPUTS["float32"]
    t = make(backend, a)
    for target in selected_backends():
        t = ut.convert(t, target)
        check(t, target, a, np.float32)
    check(ut.convert(t, backend), backend, a, np.float32)


def test_convert_float64_to_jax_narrows(backend):
    need("jax")
    a = randn(2, 2, seed=45).astype(np.float64)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        out = ut.convert(make(backend, a), "jax")
    check(out, "jax", a, np.float64, rtol=1e-6)  # check applies the JAX narrowing


# ---------------------------------------------------------------- zero-copy (DLPack)


def test_numpy_to_torch_shares_memory():
    need("numpy")
    need("torch")
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    assert a.flags.writeable and a.flags.c_contiguous
    out = ut.convert(ut.astensor(a), "torch")
    assert type(out) is ut.PyTorchTensor
    a[0, 1] = 42.0
    assert out.raw[0, 1].item() == 42.0
    a[1, 2] = -7.0
    assert out.raw[1, 2].item() == -7.0


def test_torch_to_numpy_shares_memory():
    need("numpy")
    need("torch")
    import torch

    src = torch.arange(6, dtype=torch.float32).reshape(2, 3)
    out = ut.convert(ut.astensor(src), "numpy")
    assert type(out) is ut.NumPyTensor
    assert isinstance(out.raw, np.ndarray)
    src[0, 1] = 42.0
    assert out.raw[0, 1] == 42.0
    src[1, 2] = -7.0
    assert out.raw[1, 2] == -7.0


# sources whose memory DLPack may refuse or must describe with strides


@pytest.mark.parametrize("variant", ["transposed", "strided"])
@pytest.mark.parametrize("target", list(ALL_BACKENDS))
def test_convert_non_contiguous(backend, target, variant):
    need(target)
    a = randn(3, 4, seed=47)
    if variant == "transposed":
        src, expected = make(backend, a.T.copy()).T, a
    else:
        src, expected = make(backend, a)[:, ::2], a[:, ::2]
    out = ut.convert(src, target)
    check(out, target, expected, np.float32)


@pytest.mark.parametrize("target", list(ALL_BACKENDS))
def test_convert_torch_requires_grad(target):
    need("torch")
    need(target)
    import torch

    a = randn(3, 4, seed=48)
    out = ut.convert(ut.astensor(torch.tensor(a, requires_grad=True)), target)
    check(out, target, a, np.float32)


@pytest.mark.parametrize("target", list(ALL_BACKENDS))
def test_convert_numpy_readonly(target):
    need(target)
    a = randn(3, 4, seed=49)
    r = a.copy()
    r.flags.writeable = False
    check(ut.convert(ut.astensor(r), target), target, a, np.float32)


@pytest.mark.parametrize("target", list(ALL_BACKENDS))
def test_convert_tf_variable(target):
    need("tensorflow")
    need(target)
    import tensorflow as tf

    a = randn(3, 4, seed=50)
    src = ut.astensor(tf.Variable(a))
    out = ut.convert(src, target)
    if target == "tensorflow":
        assert out is src
    check(out, target, a, np.float32)


def test_a_misaligned_numpy_buffer_reaches_tensorflow_aligned():
    """TensorFlow's kernels CHECK 64-byte alignment (a failure aborts the process): such a
    buffer is copied into TensorFlow, an aligned one shared; crossentropy of it runs."""
    tf = pytest.importorskip("tensorflow")
    buf = np.zeros(64, np.int64)
    start = next(k for k in range(8) if buf[k:].ctypes.data % 64)  # an 8-aligned, not 64
    labels = buf[start : start + 4]
    labels[:] = [0, 2, 1, 2]
    out = ut.convert(labels, "tensorflow")
    labels[0] = 1  # a copy: TensorFlow's tensor keeps the old value
    np.testing.assert_array_equal(out.raw.numpy(), [0, 2, 1, 2])
    logits = np.random.default_rng(0).normal(size=(4, 3)).astype(np.float32)
    got = ut.convert(logits, "tensorflow").crossentropy(out, reduction="mean")
    log_p = logits - np.log(np.exp(logits).sum(-1, keepdims=True))
    want = -log_p[np.arange(4), [0, 2, 1, 2]].mean()
    np.testing.assert_allclose(got.item(), want, rtol=1e-6)
    aligned = buf[next(k for k in range(8) if buf[k:].ctypes.data % 64 == 0) :][:4]
    shared = ut.convert(aligned, "tensorflow")
    aligned[0] = 7  # shared memory: TensorFlow sees the write
    assert int(tf.reduce_max(shared.raw)) == 7
