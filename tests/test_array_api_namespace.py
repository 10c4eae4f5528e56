"""``unitensor.array_api.<backend>``: a namespace of the Array API standard 2025.12 on every
backend, whose arrays are unitensor tensors; its creation functions, ``asarray``, dtypes,
inspection and 0-d results."""

from __future__ import annotations

import importlib
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import unitensor as ut
from conftest import check, expected_dtype, make, native, to_numpy
from unitensor.array_api import namespace
from unitensor.array_api._build import DTYPE_NAMES, STANDARD


@pytest.fixture
def xp(backend):
    return namespace(backend)


def test_namespace_modules_import_and_are_cached(backend, xp):
    assert importlib.import_module(f"unitensor.array_api.{backend}") is xp
    assert xp.__array_api_version__ == "2025.12"
    assert make(backend, np.zeros(2)).__array_namespace__() is xp
    with pytest.raises(ValueError, match="backend"):
        namespace("mxnet")
    with pytest.raises(ValueError, match=r"2023\.12"):
        namespace(backend, "2023.12")


def test_importing_the_package_imports_no_framework():
    script = textwrap.dedent(
        """
        import sys
        import unitensor.array_api
        print(*[m in sys.modules for m in ("torch", "tensorflow", "jax")])
        import unitensor.array_api.numpy as xp
        print(*[m in sys.modules for m in ("torch", "tensorflow", "jax")], xp.sum(xp.ones(3)))
        """
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=120
    )
    first, second = out.stdout.splitlines()
    assert first.split() == ["False", "False", "False"]
    assert second.split()[:3] == ["False", "False", "False"]


def test_dtypes_are_the_frameworks_and_info_lists_them(backend, xp):
    info = xp.__array_namespace_info__()
    dtypes = info.dtypes()
    for name in DTYPE_NAMES:
        held = expected_dtype(backend, name) == np.dtype(name)
        assert (name in dtypes) == held, name  # JAX without 64-bit mode has no 64-bit dtypes
        # every dtype is an attribute (consumers name xp.float64), the held ones are info's;
        # JAX's narrowed ones are its own 64-bit dtypes (arrays of them are 32-bit)
        assert hasattr(xp, name)
        if not held:
            assert getattr(xp, name) == np.dtype(name)
        if held:
            assert getattr(xp, name) == dtypes[name]
            assert make(backend, np.zeros(1, name)).dtype == getattr(xp, name)
    assert set(info.dtypes(kind="real floating")) <= {"float32", "float64"}
    assert set(info.dtypes(kind=("bool", "unsigned integer"))) <= {
        "bool",
        "uint8",
        "uint16",
        "uint32",
        "uint64",
    }
    with pytest.raises(ValueError, match="kind"):
        info.dtypes(kind="rational")
    defaults = info.default_dtypes()
    assert defaults["real floating"] == xp.float32
    assert defaults["complex floating"] == xp.complex64
    assert (
        defaults["integral"] == defaults["indexing"] == native(backend, np.zeros(1, np.int64)).dtype
    )
    caps = info.capabilities()
    assert caps["boolean indexing"] is True and caps["data-dependent shapes"] is True
    assert isinstance(info.devices(), tuple) and info.devices()
    assert info.default_device() in info.devices() or info.default_device() is None


ASARRAY = [
    ("bool", True, np.array(True)),
    ("int", 3, np.array(3, np.int64)),
    ("float", 2.5, np.array(2.5, np.float32)),
    ("complex", 1 + 2j, np.array(1 + 2j, np.complex64)),
    ("nested_int", [[1, 2], [3, 4]], np.array([[1, 2], [3, 4]], np.int64)),
    ("nested_mixed", [1, 2.5], np.array([1, 2.5], np.float32)),
    ("nested_bool", [True, False], np.array([True, False])),
    ("empty", [], np.zeros(0, np.float32)),
    ("numpy", np.arange(3, dtype=np.int16), np.arange(3, dtype=np.int16)),
    ("numpy_float64", np.ones(2), np.ones(2)),
    ("bytes", bytearray(b"\x01\x02"), np.array([1, 2], np.uint8)),
]


@pytest.mark.parametrize(("name", "obj", "expected"), ASARRAY, ids=[c[0] for c in ASARRAY])
def test_asarray(backend, xp, name, obj, expected):
    check(xp.asarray(obj), backend, expected)
    if expected.dtype.kind != "c":  # complex to float is not defined
        check(xp.asarray(obj, dtype=xp.float32), backend, expected.astype(np.float32))


def test_asarray_of_the_frameworks_arrays_copies_only_when_asked(backend, xp):
    raw = native(backend, np.arange(3.0, dtype=np.float32))
    t = xp.asarray(raw)
    assert t.raw is raw
    assert xp.asarray(t).raw is raw
    copied = xp.asarray(raw, copy=True)
    assert copied.raw is not raw
    check(copied, backend, np.arange(3.0, dtype=np.float32))
    with pytest.raises(ValueError, match="copy=False"):
        xp.asarray(raw, dtype=xp.int32, copy=False)
    check(xp.asarray(raw, dtype=xp.int32), backend, np.arange(3, dtype=np.int32))


def test_asarray_without_a_copy_sees_item_assignment(backend, xp):
    """copy=False (and None) share the data: on TensorFlow and JAX the tensor itself."""
    x = xp.asarray([1, 2, 3], dtype=xp.int32)
    for copy in (False, None):
        y = xp.asarray(x, copy=copy)
        x[0] = 7 if copy is False else 8
        check(y, backend, np.array([7 if copy is False else 8, 2, 3], np.int32))
    z = xp.asarray(x, copy=True)
    x[0] = 0
    check(z, backend, np.array([8, 2, 3], np.int32))


def test_asarray_of_python_values_cannot_avoid_a_copy(xp):
    for obj in ([1, 2], 3.0, [[True]]):
        with pytest.raises(ValueError, match="copy=False"):
            xp.asarray(obj, copy=False)


def _aligned_int32(n):
    """A NumPy int32 array whose buffer starts on a 64-byte boundary (TensorFlow's and
    XLA's condition for taking a buffer as it is)."""
    buf = np.zeros(4 * n + 64, np.uint8)
    start = -buf.ctypes.data % 64
    out = buf[start : start + 4 * n].view(np.int32)
    out[:] = np.arange(n)
    return out


def test_asarray_of_another_frameworks_tensor(backend, xp):
    other = "numpy" if backend != "numpy" else "torch"
    t = make(other, np.arange(4, dtype=np.int32))
    check(xp.asarray(t), backend, np.arange(4, dtype=np.int32))


def test_asarray_of_another_frameworks_tensor_without_a_copy_shares_its_memory(backend, xp):
    """copy=False shares through DLPack where this framework can hold the memory as it is:
    the source's writes are seen (TensorFlow's and JAX's tensors read the shared buffer)."""
    if backend == "dask":  # (Dask's chunks hold copies)
        with pytest.raises(ValueError, match="a copy is needed"):
            xp.asarray(ut.astensor(_aligned_int32(4)), copy=False)
        return
    if backend == "numpy":
        torch = pytest.importorskip("torch")
        src = torch.arange(4, dtype=torch.int32)
        out = xp.asarray(ut.astensor(src), copy=False)
        src[0] = 42
    else:
        src = _aligned_int32(4)
        out = xp.asarray(ut.astensor(src), copy=False)
        src[0] = 42
    check(out, backend, np.array([42, 1, 2, 3], np.int32))


def test_asarray_of_another_frameworks_tensor_without_a_copy_says_why_it_cannot(backend, xp):
    """Where only a copy would do, copy=False raises ValueError naming why: a NumPy view with
    negative strides (PyTorch, TensorFlow, JAX), a tensor that requires grad (into NumPy)."""
    strided = backend in ("torch", "tensorflow", "jax")  # (NumPy takes every layout)
    if strided:
        src = ut.astensor(_aligned_int32(8))[::-2]
        why = "a copy is needed"
    else:
        torch = pytest.importorskip("torch")
        src = ut.astensor(torch.ones(3, requires_grad=True))
        why = "copy=False"
    with pytest.raises(ValueError, match=why):
        xp.asarray(src, copy=False)
    if strided:  # (the standard's error of from_dlpack)
        with pytest.raises(BufferError, match="a copy is needed"):
            xp.from_dlpack(src.raw, copy=False)
    copied = xp.asarray(src)
    check(copied, backend, np.asarray(src))


def test_from_dlpack_copy_true_and_false(backend, xp):
    src = _aligned_int32(4)
    copied = xp.from_dlpack(src, copy=True)
    if backend == "dask":  # (Dask's chunks hold copies)
        with pytest.raises(BufferError, match="a copy is needed"):
            xp.from_dlpack(src, copy=False)
        shared = None
    else:
        shared = xp.from_dlpack(src, copy=False)
    src[0] = 42
    check(copied, backend, np.arange(4, dtype=np.int32))
    if shared is not None:
        check(shared, backend, np.array([42, 1, 2, 3], np.int32))


def _absent_device(backend):
    """A device string of the framework's own form that no machine here has."""
    return {
        "numpy": "cuda:99",
        "torch": "cuda:99",
        "tensorflow": "GPU:99",
        "jax": "gpu:99",
        "dask": "gpu",
    }.get(backend, "nope:99")


def test_the_string_cpu_is_the_host_on_every_backend(backend, xp):
    """'cpu' names the host CPU in device= and to_device on every framework (JAX's own
    device_put refused the string)."""
    for out in (
        xp.zeros(3, device="cpu"),
        xp.asarray([1.0, 2.0], device="cpu"),
        xp.arange(3, device="cpu"),
        xp.full((2,), 7, device="cpu"),
    ):
        assert "cpu" in str(out.device).lower()
    check(xp.zeros(3, device="cpu"), backend, np.zeros(3, np.float32))
    t = make(backend, np.arange(3, dtype=np.int32))
    check(t.to_device("cpu"), backend, np.arange(3, dtype=np.int32))
    check(xp.asarray(t, device="cpu"), backend, np.arange(3, dtype=np.int32))
    for device in xp.__array_namespace_info__().devices():  # the framework's own objects
        check(xp.ones(2, device=device), backend, np.ones(2, np.float32))


@pytest.mark.parametrize("kind", ["absent", "not_a_device", "none_to_device"])
def test_a_device_the_machine_lacks_raises_device_error(backend, xp, kind):
    """One error on every framework: ut.DeviceError (a ValueError) naming the devices there
    are; never PyTorch's AssertionError for 'cuda' without CUDA, never a CPU tensor where
    TensorFlow was asked for a GPU it lacks, never JAX's raw ValueError."""
    device = {"absent": _absent_device(backend), "not_a_device": "nowhere:0"}.get(kind)
    devices = xp.__array_namespace_info__().devices()
    t = make(backend, np.arange(3, dtype=np.float32))
    calls = [lambda: t.to_device(device)]
    if kind != "none_to_device":
        calls += [
            lambda: xp.zeros(2, device=device),
            lambda: xp.asarray([1.0], device=device),
            lambda: xp.asarray(t, device=device),
        ]
    for call in calls:
        with pytest.raises(ut.DeviceError, match="has no device") as info:
            call()
        assert isinstance(info.value, ValueError)
        assert str(devices[0]) in str(info.value) or repr(devices[0]) in str(info.value)


def test_creation_functions(backend, xp):
    device = xp.__array_namespace_info__().default_device()
    check(xp.zeros((2, 3)), backend, np.zeros((2, 3), np.float32))
    check(xp.ones(2, dtype=xp.int8), backend, np.ones(2, np.int8))
    check(xp.zeros((2,), device=device), backend, np.zeros(2, np.float32))
    check(xp.full((2,), 7), backend, np.full(2, 7, np.int64))
    check(xp.full((2,), False), backend, np.full(2, False))
    check(xp.full((1,), 0.5, dtype=xp.float32), backend, np.full(1, 0.5, np.float32))
    check(xp.arange(5), backend, np.arange(5, dtype=np.int64))
    check(xp.arange(1, 2, 0.25), backend, np.arange(1, 2, 0.25, dtype=np.float32))
    x = xp.asarray([[1, 2], [3, 4]], dtype=xp.int32)
    check(xp.zeros_like(x), backend, np.zeros((2, 2), np.int32))
    check(xp.ones_like(x, dtype=xp.float32), backend, np.ones((2, 2), np.float32))
    check(xp.full_like(x, 9), backend, np.full((2, 2), 9, np.int32))
    check(xp.empty((2, 0)), backend, np.zeros((2, 0), np.float32))


def test_zero_d_results_are_arrays_of_the_framework(backend, xp):
    x = xp.asarray([[1.0, 2.0], [3.0, 4.0]])
    for out in (xp.sum(x), xp.max(x), xp.mean(x), xp.sqrt(xp.sum(x)), xp.add(xp.sum(x), 1)):
        assert out.shape == () and isinstance(out.raw, ut._registry.array_types(backend)[0])
    assert isinstance(ut.astensor(np.ones(3)).sum().raw, np.generic)  # the EagerPy-style API


def test_clip_by_position_and_by_the_standards_keywords(backend, xp):
    n = np.array([-2.0, 0.5, 3.0], dtype=np.float32)
    x = xp.asarray(n)
    check(xp.clip(x, 0, 1), backend, np.clip(n, 0, 1))
    check(xp.clip(x, 0.0), backend, np.clip(n, 0, None))
    check(xp.clip(x), backend, n)
    check(xp.clip(x, min=0), backend, np.clip(n, 0, None))
    check(xp.clip(x, max=1.0), backend, np.clip(n, None, 1))
    check(xp.clip(x, None, max=1), backend, np.clip(n, None, 1))
    check(
        xp.clip(x, min=xp.asarray([1.0, 0.0, 0.0]), max=2),
        backend,
        np.array([1, 0.5, 2], np.float32),
    )
    with pytest.raises(TypeError, match="min_"):  # the method's names take no keyword here
        xp.clip(x, min_=0)
    assert xp.clip.__doc__ and "standard" in xp.clip.__doc__


def test_zero_d_results_of_the_python_wrapper_equal_the_c_wrappers(backend, xp):
    """``_arrays_only``'s Python form (no extension) gives what the namespace gives."""
    from unitensor.array_api import _build

    space = _build._Namespace(backend)
    as_array, scalar = space.ns.as_array, space.ns.scalar_type or np.generic
    adapter = _build._adapters(space)["clip"]
    x = xp.asarray([[1.0, 2.0], [3.0, 4.0]])
    for fn, args, kwargs in (
        (ut.Tensor.mean, (x,), {}),
        (ut.Tensor.sum, (x,), {"axis": 0}),
        (ut.Tensor.max, (x,), {}),
    ):
        got = _build._arrays_only(fn, as_array, scalar)(*args, **kwargs)
        want = getattr(xp, fn.__name__)(*args, **kwargs)
        assert type(got) is type(want) and type(got.raw) is type(want.raw)
        np.testing.assert_array_equal(to_numpy(got), to_numpy(want))
    clip = _build._arrays_only(ut.Tensor.clip, as_array, scalar, adapter, 3)
    check(clip(x, 2, 3), backend, np.array([[2, 2], [3, 3]], np.float32))
    check(clip(x, min=2), backend, np.array([[2, 2], [3, 4]], np.float32))
    check(clip(x, 2), backend, np.array([[2, 2], [3, 4]], np.float32))
    check(clip(x), backend, np.array([[1, 2], [3, 4]], np.float32))


def test_zero_d_result_held_elsewhere_keeps_its_scalar():
    """The C wrapper gives a function's own new tensor its 0-d array in place, and a
    tensor held elsewhere too (or one with a ``__dict__``) a new tensor: the held one
    keeps its NumPy scalar."""
    from unitensor.array_api import _build

    if _build.speedups is None:
        pytest.skip("unitensor._speedups is not built (the Python wrapper makes new tensors)")
    kept = ut.astensor(np.float32(2.5))
    assert type(kept.raw) is np.float32
    held = _build._arrays_only(lambda: kept, np.asarray, np.generic)
    out = held()
    assert out is not kept and type(kept.raw) is np.float32 and kept.raw == np.float32(2.5)
    assert type(out) is type(kept) and type(out.raw) is np.ndarray
    assert out.raw.shape == () and out.raw.dtype == np.float32 and out.raw == 2.5

    class Marked(type(kept)):  # (a __dict__: a new tensor, without the attribute)
        pass

    def marked():
        t = Marked(np.float64(-1.0))
        t.mark = 1
        return t

    out = _build._arrays_only(marked, np.asarray, np.generic)()
    assert type(out) is Marked and not hasattr(out, "mark")
    assert type(out.raw) is np.ndarray and out.raw.dtype == np.float64 and out.raw == -1.0

    class Slotted(type(kept)):  # (another slot: a new tensor, the slot unset, as in Python)
        __slots__ = ("extra",)

    def slotted():
        t = Slotted(np.float32(3.0))
        t.extra = "kept"
        return t

    finalized = []

    class Finalized(type(kept)):  # (a __del__: it runs on the function's own tensor)
        __slots__ = ()

        def __del__(self):
            finalized.append(type(self.raw))

    out = _build._arrays_only(slotted, np.asarray, np.generic)()
    assert type(out) is Slotted and not hasattr(out, "extra") and out.raw == 3.0
    out = _build._arrays_only(lambda: Finalized(np.float32(4.0)), np.asarray, np.generic)()
    assert type(out) is Finalized and type(out.raw) is np.ndarray and out.raw == 4.0
    assert finalized == [np.float32]
    made: list[int] = []

    def fresh_tensor():
        t = ut.astensor(np.int16(7))
        made.append(id(t))  # (no reference kept)
        return t

    fresh = _build._arrays_only(fresh_tensor, np.asarray, np.generic)()
    assert type(fresh.raw) is np.ndarray and fresh.raw.dtype == np.int16 and fresh.raw == 7
    assert id(fresh) == made[0]  # (held nowhere else: the array went into it)


def test_numpy_namespace_leaves_other_frameworks_tensors_as_they_are(backend):
    """Only NumPy's scalars become arrays: a tensor of another framework keeps its raw."""
    from unitensor.array_api import numpy as xp_numpy

    t = make(backend, np.array([1.0, -2.0], np.float32))
    for out in (xp_numpy.abs(t), xp_numpy.add(t, 1.0), xp_numpy.clip(t, -1.0, 0.5)):
        assert type(out) is type(t) and type(out.raw) is type(t.raw)
    check(xp_numpy.abs(t), backend, np.array([1.0, 2.0], np.float32))
    check(xp_numpy.clip(t, -1.0, 0.5), backend, np.array([0.5, -1.0], np.float32))


def test_astype_copy_and_device(backend, xp):
    x = xp.asarray([1.5, -2.0], dtype=xp.float32)
    same = xp.astype(x, xp.float32, copy=False)
    assert same.raw is x.raw
    copied = xp.astype(x, xp.float32)
    assert copied.raw is not x.raw
    check(copied, backend, np.array([1.5, -2.0], np.float32))
    check(xp.astype(x, xp.int32), backend, np.array([1, -2], np.int32))


def test_operator_functions_take_a_scalar_on_either_side(backend, xp):
    x = xp.asarray([1.0, 2.0])
    check(xp.add(x, 1), backend, np.array([2.0, 3.0], np.float32))
    check(xp.subtract(1, x), backend, np.array([0.0, -1.0], np.float32))
    check(xp.less(x, 1.5), backend, np.array([True, False]))
    check(xp.multiply(x, x), backend, np.array([1.0, 4.0], np.float32))
    b = xp.asarray([True, False])
    check(xp.logical_and(False, b), backend, np.logical_and(False, np.array([True, False])))
    check(xp.logical_xor(True, b), backend, np.logical_xor(True, np.array([True, False])))
    check(xp.atan2(1.0, x), backend, np.arctan2(np.float32(1), np.array([1, 2], np.float32)))


def test_isin_takes_a_python_int_on_either_side(backend, xp):
    n = np.array([1, 2, 250], dtype=np.uint8)
    x = xp.asarray(n)
    check(xp.isin(x, 2), backend, np.isin(n, 2))
    check(xp.isin(x, 2, invert=True), backend, np.isin(n, 2, invert=True))
    check(xp.isin(250, x), backend, np.isin(250, n))
    check(xp.isin(300, x), backend, np.isin(300, n))  # no uint8 holds it: found nowhere
    check(xp.isin(x, 300), backend, np.isin(n, 300))
    with pytest.raises(TypeError, match="at least one array"):
        xp.isin(1, 2)


def test_item_assignment_of_a_complex_scalar(backend, xp):
    z = xp.asarray(np.array([1j, 2], dtype=np.complex64))
    z[0] = 2 + 3j
    check(z, backend, np.array([2 + 3j, 2], dtype=np.complex64))
    r = xp.asarray([1.0, 2.0])
    with pytest.raises(ut.DTypeError, match="complex"):
        r[0] = 1j
    check(r, backend, np.array([1.0, 2.0], np.float32))  # unchanged


def test_where_needs_a_bool_condition(backend, xp):
    x = xp.asarray([1.0, -2.0])
    check(xp.where(x > 0, x, 0.0), backend, np.array([1.0, 0.0], np.float32))
    with pytest.raises(ut.DTypeError, match="bool"):
        xp.where(x, x, 0.0)


def test_constants_and_names(xp):
    assert xp.e == np.e and xp.pi == np.pi and np.isnan(xp.nan) and xp.inf == np.inf
    assert xp.newaxis is None
    assert not [n for n in STANDARD["constants"] if not hasattr(xp, n)]


def test_2024_12_namespace_lacks_what_2025_12_added(backend):
    old = namespace(backend, "2024.12")
    assert not hasattr(old, "isin") and not hasattr(old, "broadcast_shapes")
    assert not hasattr(old.linalg, "eig")
    x = old.asarray([1, 2])
    assert old.sum(x).raw is not None
    arrays = old.meshgrid(x, x)
    assert isinstance(arrays, list)
    assert isinstance(namespace(backend).meshgrid(x, x), tuple)
    check(to_numpy_sum := old.sum(x), backend, np.int64(3))
    assert to_numpy(to_numpy_sum) == 3
