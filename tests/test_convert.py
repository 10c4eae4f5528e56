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
    run_python,
    selected_backends,
    to_numpy,
)
from unitensor._registry import BACKENDS
from unitensor.array_api import namespace

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


# ------------------------------------------- layouts a framework's DLPack import refuses


def test_negative_strides_into_pytorch_do_not_abort_the_process():
    """torch.from_dlpack aborts the interpreter on negative strides (c10::Error, exit 134):
    run in a fresh interpreter, as an abort would kill the test worker. Every DLPack import
    into PyTorch (convert, the namespace's asarray and from_dlpack) copies such a view."""
    need("torch")
    source = """
import numpy as np
import unitensor as ut
import unitensor.array_api.torch as xp

cases = [
    np.arange(5.0)[::-1],
    np.arange(12, dtype=np.int32).reshape(3, 4)[::-1, ::-2],
    np.array([True, False, False])[::-1],
    np.zeros((3, 0), dtype=np.float32)[::-1],
]
for a in cases:
    expected = a.copy()
    for out in (
        ut.convert(ut.astensor(a)[...], "torch"),
        ut.convert(a, "torch"),
        xp.asarray(ut.astensor(a)),
        xp.from_dlpack(a),
        xp.from_dlpack(ut.astensor(a)),
    ):
        got = out.raw.numpy()
        assert type(out) is ut.PyTorchTensor
        assert got.shape == expected.shape and got.dtype == expected.dtype, (got, expected)
        np.testing.assert_array_equal(got, expected)
x = ut.astensor(np.arange(5.0))[::-1]
assert ut.convert(x, "torch").raw.tolist() == [4.0, 3.0, 2.0, 1.0, 0.0]
print("OK")
"""
    assert run_python(source).strip().endswith("OK")


LAYOUTS = {
    "reversed": lambda a: a[::-1],
    "reversed_2d": lambda a: a.reshape(4, 6)[::-1, ::-2],
    "strided": lambda a: a.reshape(4, 6)[:, ::2],
    "transposed": lambda a: a.reshape(4, 6).T,
    "transposed_3d": lambda a: a.reshape(2, 3, 4).transpose(1, 0, 2),
    "broadcast": lambda a: np.broadcast_to(a[:6], (3, 6)),  # (read-only, stride 0)
    "zero_d": lambda a: a[3:4].reshape(()),
    "empty": lambda a: a[:0].reshape(0, 3),
    "read_only": lambda a: _read_only(a.reshape(4, 6)),
}


def _read_only(a):
    a = a.copy()
    a.flags.writeable = False
    return a


def _aligned(n, dtype):
    """A fresh 1-d array of n values whose buffer starts on a 64-byte boundary (so that
    TensorFlow and JAX could take it as it is: their refusal depends on the layout alone)."""
    dtype = np.dtype(dtype)
    buf = np.zeros(n * dtype.itemsize + 64, np.uint8)
    start = -buf.ctypes.data % 64
    out = buf[start : start + n * dtype.itemsize].view(dtype)
    out[:] = np.arange(n) % 7 if dtype.kind != "b" else np.arange(n) % 3 == 0
    return out


@pytest.mark.parametrize("dtype", ["float32", "int64", "bool"])
@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_numpy_views_of_every_layout_reach_every_backend(backend, layout, dtype):
    """A NumPy view of any layout gives the same values on every backend, through convert,
    the namespace's asarray and from_dlpack: what the framework's import refuses (JAX's and
    TensorFlow's non-contiguous strides, a read-only array) is copied on the host.
    (Negative strides into PyTorch: the subprocess test above.)"""
    if backend == "torch" and layout.startswith("reversed"):
        pytest.skip("an abort without the fix: test_negative_strides_into_pytorch_...")
    src = LAYOUTS[layout](_aligned(24, dtype))
    expected = np.array(src)
    xp = namespace(backend)
    for out in (
        ut.convert(src, backend),
        ut.convert(ut.astensor(src), backend),
        xp.asarray(ut.astensor(src)),
        xp.from_dlpack(src),
    ):
        check(out, backend, expected)


@pytest.mark.parametrize("target", list(ALL_BACKENDS))
def test_non_contiguous_views_of_every_backend_reach_every_target(backend, target):
    need(target)
    a = randn(4, 6, seed=51)
    for src, expected in (
        (make(backend, a)[:, ::2], a[:, ::2]),
        (make(backend, a)[::-1], a[::-1]),  # (NumPy's: negative strides)
        (make(backend, a.T.copy()).T, a),
        (make(backend, np.array(2.5, np.float32)), np.array(2.5, np.float32)),
        (make(backend, np.zeros((0, 3), bool)), np.zeros((0, 3), bool)),
    ):
        if target == "torch" and any(s < 0 for s in getattr(src.raw, "strides", ())):
            continue  # an abort without the fix: test_negative_strides_into_pytorch_...
        check(ut.convert(src, target), target, expected)
        check(namespace(target).asarray(src), target, expected)


def test_a_read_only_numpy_array_reaches_pytorch_as_a_copy():
    """PyTorch has no read-only tensors: sharing a read-only array (a memory map opened with
    mode="r", whose pages cannot be written) would let a write through PyTorch crash the
    process or change memory NumPy keeps read-only. It is copied; a writable one shared."""
    need("torch")
    src = _read_only(np.arange(4.0))
    for out in (ut.convert(src, "torch"), namespace("torch").from_dlpack(src)):
        out[0] = 42.0  # (a write into the shared pages would change src, or crash)
        assert out.raw.tolist() == [42.0, 1.0, 2.0, 3.0]
        np.testing.assert_array_equal(src, [0.0, 1.0, 2.0, 3.0])
    writable = np.arange(4.0)
    shared = ut.convert(writable, "torch")
    shared[1] = -1.0
    assert writable[1] == -1.0


# ---------------------------------------------------------------- copy=


@pytest.mark.parametrize("target", list(ALL_BACKENDS))
def test_convert_copy_true_never_shares(target):
    need(target)
    a = _aligned(6, np.float32)
    src = ut.astensor(a)
    out = ut.convert(src, target, copy=True)
    a[0] = 42.0  # the source changes; the copy does not
    check(out, target, np.arange(6, dtype=np.float32) % 7)
    assert out is not src


@pytest.mark.parametrize("target", ["numpy", "torch", "tensorflow", "jax"])
def test_convert_copy_false_shares_or_says_why_not(target):
    """copy=False: the memory shared (writes into the NumPy source are seen), or ValueError
    naming why a copy is needed."""
    need(target)
    a = _aligned(6, np.float32)
    out = ut.convert(a, target, copy=False)
    a[0] = 42.0
    assert to_numpy(out)[0] == 42.0
    check(out, target, a)
    if target == "numpy":
        return
    with pytest.raises(ValueError, match="a copy is needed"):
        ut.convert(a[::-1], target, copy=False)
