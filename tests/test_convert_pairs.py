"""ut.convert between every pair of backends, the generic one (array-api-strict) included.

Each pair is checked for values, shape and dtype against the NumPy input, and for memory:
where DLPack lets the target alias the source (both on the CPU, a dtype both have) the
result must share the source's buffer; into JAX, XLA takes the buffer only when it is
aligned as it needs (TensorFlow's are), else JAX copies; into TensorFlow, a buffer not
64-byte aligned is copied (its kernels check the alignment); and a float64 source is narrowed
(a copy) without 64-bit mode: there only the values are checked.
"""

from __future__ import annotations

import importlib

import numpy as np
import pytest

import unitensor as ut

BACKENDS = ("numpy", "torch", "tensorflow", "jax", "array_api_strict")
MODULES = {"jax": "jax.numpy"}
DTYPES = ("float32", "float64", "int8", "int64", "uint8", "bool", "complex64")


def module(name):
    return pytest.importorskip(MODULES.get(name, name))


def native(name, a):
    """``a`` as an array of backend ``name``, made by the framework itself."""
    mod = module(name)
    if name == "numpy":
        return a.copy()
    if name == "torch":
        return mod.from_numpy(a.copy())
    if name == "tensorflow":
        return mod.constant(a)
    return mod.asarray(a.copy())


class _Capsule:
    """A DLPack exporter around a capsule (TensorFlow exports capsules only)."""

    def __init__(self, capsule):
        self.capsule = capsule

    def __dlpack__(self, **kwargs):
        return self.capsule

    def __dlpack_device__(self):
        return (1, 0)  # kDLCPU


def host_view(raw):
    """A NumPy view of a CPU array's buffer (no copy), asked of its framework."""
    mod = type(raw).__module__.partition(".")[0]
    if mod == "tensorflow":
        tf = importlib.import_module("tensorflow")
        return np.from_dlpack(_Capsule(tf.experimental.dlpack.to_dlpack(raw)))
    if mod == "torch":
        return raw.detach().numpy()
    if mod in ("jax", "jaxlib"):
        return None
    return np.from_dlpack(raw)


def pointer(raw):
    if type(raw).__module__.partition(".")[0] in ("jax", "jaxlib"):
        return raw.unsafe_buffer_pointer()
    return host_view(raw).ctypes.data


def values(raw):
    view = host_view(raw)
    return np.array(raw) if view is None else np.array(view)


def sample(dtype):
    a = np.arange(-3, 9).reshape(3, 4) % (2 if dtype == "bool" else 7)
    return (a + 0.5j if dtype == "complex64" else a).astype(dtype)


def x64():
    jax = importlib.import_module("jax")
    return bool(jax.config.read("jax_enable_x64"))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("target", BACKENDS)
@pytest.mark.parametrize("source", BACKENDS)
def test_convert_pair(source, target, dtype):
    module(target)
    a = sample(dtype)
    src = native(source, a)
    out = ut.convert(src, target)
    assert out.backend == target
    expected = a
    narrowed = target == "jax" and not x64() and a.dtype.itemsize == 8 and a.dtype.kind in "iuf"
    if source == "jax" and not x64() and a.dtype.itemsize == 8 and a.dtype.kind in "iuf":
        narrowed = True  # the JAX source itself holds 32 bits
    if narrowed:
        expected = a.astype(a.dtype.kind + "4")
    got = values(out.raw)
    assert got.shape == expected.shape
    assert got.dtype == expected.dtype
    np.testing.assert_array_equal(got, expected)
    shares = pointer(out.raw) == pointer(src)
    if source == target:
        assert out.raw is src
    elif target == "tensorflow" and pointer(src) % 64:  # TensorFlow's kernels need it
        assert not shares and pointer(out.raw) % 64 == 0, f"{source} -> tensorflow: misaligned"
    elif target != "jax" and not narrowed:
        assert shares, f"{source} -> {target} ({dtype}) copied"
    elif target == "jax" and source == "tensorflow" and not narrowed:
        assert shares, "TensorFlow's aligned buffer should be taken by XLA"


@pytest.mark.parametrize("target", BACKENDS)
def test_convert_of_a_tensor_and_of_a_0d_and_empty_array(target):
    module(target)
    for a in (np.array(2.5, dtype=np.float32), np.zeros((0, 3), dtype=np.float32)):
        src = ut.astensor(native("array_api_strict", a))
        out = ut.convert(src, target)
        got = values(out.raw)
        assert got.shape == a.shape and got.dtype == a.dtype
        np.testing.assert_array_equal(got, a)


def test_convert_to_the_generic_backend_gives_an_array_api_tensor():
    module("array_api_strict")
    out = ut.convert(np.arange(3, dtype=np.int32), "array_api_strict")
    assert isinstance(out, ut.ArrayAPITensor)
    assert ut.int32 == out.dtype


def test_convert_non_contiguous_source_copies_honestly():
    torch = module("torch")
    module("array_api_strict")
    src = torch.arange(12, dtype=torch.float32).reshape(3, 4).T
    out = ut.convert(src, "array_api_strict")
    np.testing.assert_array_equal(values(out.raw), src.numpy())


def test_convert_unknown_backend_raises():
    with pytest.raises(ValueError, match="unknown backend"):
        ut.convert(np.zeros(2), "no_such_framework_xyz")
