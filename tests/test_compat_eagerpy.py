"""The EagerPy drop-in: every public name resolves through install(), EagerPy's behaviours."""

from __future__ import annotations

import importlib
import operator
import pickle
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import unitensor as ut
import unitensor.compat.eagerpy as compat
from conftest import check, make, native, to_numpy
from unitensor._registry import BACKENDS, resolve

# EagerPy 0.30's public names (docs/eagerpy-surface.md), by module.
TOP_LEVEL = """
__version__ index Tensor TensorType TensorOrScalar istensor PyTorchTensor TensorFlowTensor
NumPyTensor JAXTensor types astensor astensors astensor_ astensors_ torch tensorflow jax numpy
utils norms modules framework lib tensor kl_div_with_logits newaxis inf nan
abs sign sqrt square tanh arctanh exp log log2 log10 log1p logical_not isnan isinf ones_like
zeros_like clip pow sum prod mean min max all any minimum maximum logical_and logical_or argmin
argmax argsort sort topk uniform normal ones zeros full full_like onehot_like from_numpy
concatenate stack transpose where tile matmul softmax log_softmax squeeze expand_dims
index_update arange cumsum flip meshgrid pad crossentropy slogdet reshape take_along_axis
flatten value_and_grad_fn value_and_grad value_aux_and_grad
""".split()
SUBMODULE_NAMES = {
    "astensor": ["T", "RestoreTypeFunc", "astensor", "astensors", "astensor_", "astensors_"],
    "types": ["Axes", "AxisAxes", "Shape", "ShapeOrScalar", "NativeTensor"],
    "norms": ["l0", "l1", "l2", "linf", "lp"],
    "utils": ["get_dummy"],
    "modules": ["ModuleWrapper", "wrap", "torch", "tensorflow", "jax", "numpy"],
    "lib": ["kl_div_with_logits"],
    "framework": ["newaxis", "inf", "nan", "topk", "where", "value_and_grad_fn"],
    "tensor": [
        "Tensor",
        "TensorType",
        "TensorOrScalar",
        "istensor",
        "PyTorchTensor",
        "TensorFlowTensor",
        "NumPyTensor",
        "JAXTensor",
    ],
    "tensor.tensor": ["Tensor", "TensorType", "TensorOrScalar", "istensor"],
    "tensor.base": ["BaseTensor", "unwrap_", "unwrap1"],
    "tensor.extensions": ["NormsMethods"],
    "tensor.pytorch": ["PyTorchTensor"],
    "tensor.tensorflow": ["TensorFlowTensor"],
    "tensor.jax": ["JAXTensor"],
    "tensor.numpy": ["NumPyTensor"],
}
CLASS_OF = {name: b.class_name for name, b in BACKENDS.items()}  # ep.<class name>


@pytest.fixture(scope="module")
def ep():
    saved = {k: v for k, v in sys.modules.items() if k == "eagerpy" or k.startswith("eagerpy.")}
    compat.install()
    import eagerpy

    yield eagerpy
    for k in [k for k in sys.modules if k == "eagerpy" or k.startswith("eagerpy.")]:
        del sys.modules[k]
    sys.modules.update(saved)


def test_install_makes_eagerpy_this_package(ep):
    assert ep is compat
    assert ep.__file__.startswith(str(importlib.import_module("unitensor").__path__[0]))
    compat.install()  # a second call changes nothing
    assert sys.modules["eagerpy"] is compat


@pytest.mark.parametrize("name", TOP_LEVEL)
def test_top_level_name_resolves(ep, name):
    assert getattr(ep, name) is not None or name == "newaxis"


@pytest.mark.parametrize("module", sorted(SUBMODULE_NAMES))
def test_submodule_names_resolve(ep, module):
    mod = importlib.import_module(f"eagerpy.{module}")
    assert mod.__name__ == f"unitensor.compat.eagerpy.{module}"
    for name in SUBMODULE_NAMES[module]:
        assert hasattr(mod, name), f"eagerpy.{module}.{name}"


def test_astensor_is_the_function_and_the_module(ep):
    from eagerpy.astensor import T  # as Foolbox imports it

    assert callable(ep.astensor)
    assert T.__name__ == "T"
    assert sys.modules["eagerpy.astensor"].astensor is ep.astensor


def test_classes_are_unitensors(ep, backend):
    cls = getattr(ep, CLASS_OF[backend])
    assert cls is type(make(backend, np.zeros(2, np.float32)))
    assert ep.Tensor is ut.Tensor


def _eagerpy_step(ep, inputs):
    """An EagerPy client's update, as Foolbox's NewtonFool writes it (x -= a * gradients)."""
    x, restore_type = ep.astensor_(inputs)
    x -= 0.5 * ep.ones_like(x)
    x *= 2
    x += x[0]  # a tensor computed from x rebinds too
    y = x.square()
    y /= 4
    return restore_type(y)


def test_in_place_operators_rebind_as_eagerpys(ep, backend):
    """EagerPy's tensors have no in-place operators: x op= y is x = x op y, and the
    caller's array (or unitensor tensor) is never written, on every backend."""
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    x = (a - 0.5) * 2
    x = x + x[0]
    expected = np.square(x) / 4
    raw = native(backend, a)
    out = _eagerpy_step(ep, raw)
    assert type(out) is type(raw)
    check(ut.astensor(out), backend, expected)
    np.testing.assert_array_equal(to_numpy(raw), a)
    t = ut.astensor(raw)  # a unitensor tensor given to EagerPy code: its array is kept too
    check(_eagerpy_step(ep, t), backend, expected)
    assert t.raw is raw
    np.testing.assert_array_equal(to_numpy(raw), a)


IN_PLACE = [
    (operator.iadd, 2.0),
    (operator.isub, 1.0),
    (operator.imul, 3.0),
    (operator.itruediv, 2.0),
    (operator.ifloordiv, 2.0),
    (operator.imod, 4.0),
    (operator.ipow, 2),
]


def test_every_in_place_operator_rebinds(ep, backend):
    a = np.arange(1, 7, dtype=np.float32).reshape(2, 3)
    for iop, other in IN_PLACE:
        raw = native(backend, a)
        x = ep.astensor(raw)
        before = x
        x = iop(x, other)
        assert x is not before and before.raw is raw
        check(x, backend, iop(a.copy(), np.float32(other)))
        np.testing.assert_array_equal(to_numpy(raw), a)
        assert isinstance(x, getattr(ep, CLASS_OF[backend]))
    n = np.array([[1, 6], [12, 7]], dtype=np.int32)
    for iop in (operator.iand, operator.ior, operator.ixor, operator.ilshift, operator.irshift):
        raw = native(backend, n)
        x = iop(ep.astensor(raw), 1)
        check(x, backend, iop(n.copy(), 1))
        np.testing.assert_array_equal(to_numpy(raw), n)
    raw = native(backend, np.eye(2, dtype=np.float32))
    x = ep.astensor(raw)
    x @= ep.astensor(native(backend, np.full((2, 2), 3.0, np.float32)))
    check(x, backend, np.full((2, 2), 3.0, np.float32))
    np.testing.assert_array_equal(to_numpy(raw), np.eye(2, dtype=np.float32))
    with pytest.raises(ut.DTypeError):  # unitensor's dtype rule, as its own tensors'
        y = ep.astensor(native(backend, n))
        y += 1.5


def test_eagerpy_tensors_are_the_backends_classes(ep, backend):
    """ep.astensor's tensors: instances of ep.<Class> (unitensor's class), of that name,
    mixing with unitensor's own tensors, pickling as themselves."""
    cls = getattr(ep, CLASS_OF[backend])
    assert cls is getattr(ut, CLASS_OF[backend])
    a = np.arange(3, dtype=np.float32)
    x = ep.astensor(native(backend, a))
    assert isinstance(x, cls) and isinstance(x, ut.Tensor)
    assert type(x).__name__ == CLASS_OF[backend] and repr(x).startswith(CLASS_OF[backend])
    assert ep.astensor(x) is x
    u = ut.astensor(native(backend, a))
    check(x + u, backend, a + a)
    check(u + x, backend, a + a)
    check(ut.stack([x, u]), backend, np.stack([a, a]))
    assert type(x * 2) is type(x) and type(ut.sum(x)) is type(x)
    assert type(ep.modules.wrap(resolve(BACKENDS[backend].asarray))(a)) is type(x)
    if backend in ("numpy", "torch"):
        y = pickle.loads(pickle.dumps(x))
        assert type(y) is type(x)
        check(y, backend, a)


def test_unknown_type_raises_valueerror(ep):
    with pytest.raises(ValueError, match="Unknown type"):
        ep.astensor([1.0, 2.0])


def test_restore_type_one_and_several(ep, backend):
    a = make(backend, np.arange(3, dtype=np.float32))
    b = make(backend, np.ones(3, dtype=np.float32))
    (ta, tb), restore = ep.astensors_(a.raw, b.raw)
    out = restore(ta + tb)
    assert type(out) is type(a.raw)
    check(ut.astensor(out), backend, np.arange(3, dtype=np.float32) + 1)
    both = restore(ta, tb)
    assert isinstance(both, tuple) and len(both) == 2
    assert both[0] is a.raw
    t, restore_t = ep.astensor_(a)
    assert restore_t(t) is t


def test_eagerpy_topk_signature(ep, backend):
    x = np.array([[3.0, 1.0, 2.0], [0.0, 5.0, 4.0]], dtype=np.float32)
    values, indices = ep.topk(make(backend, x), 2)
    order = np.argsort(-x, axis=-1)[:, :2]
    check(values, backend, np.take_along_axis(x, order, axis=-1))
    check(indices, backend, order.astype(np.int64))


@pytest.mark.parametrize("framework", ["pytorch", "tensorflow", "jax", "numpy"])
def test_get_dummy(ep, framework):
    d = ep.utils.get_dummy(framework)
    assert d.shape == (0,)
    assert d.dtype == ut.float32


def test_get_dummy_unknown(ep):
    with pytest.raises(ValueError):
        ep.utils.get_dummy("mxnet")


# EagerPy's module wrappers, one per framework it knows: a column sum in each one's words
EAGERPY_MODULE_SUMS = {
    "numpy": lambda ep, x: ep.numpy.sum(x, axis=0),
    "torch": lambda ep, x: ep.torch.sum(x, dim=0),
    "tensorflow": lambda ep, x: ep.tensorflow.reduce_sum(x, axis=0),
    "jax": lambda ep, x: ep.jax.numpy.sum(x, axis=0),
}


def test_module_wrappers(ep, backend):
    a = np.array([[1.0, 2.0], [3.0, 4.0]], dtype=np.float32)
    x = make(backend, a)
    if backend in EAGERPY_MODULE_SUMS:
        check(EAGERPY_MODULE_SUMS[backend](ep, x), backend, a.sum(axis=0))
    # any backend: ep.modules.wrap of its framework's own constructor (the registry's) gives
    # tensors of that backend, and unwraps tensor arguments
    asarray = ep.modules.wrap(resolve(BACKENDS[backend].asarray))
    check(asarray(a), backend, a)
    check(asarray(x), backend, a)
    assert ep.numpy.float32 is np.float32


def test_norms_accessor_and_kl(ep, backend):
    x = np.array([[3.0, -4.0], [0.0, 1.0]], dtype=np.float32)
    t = make(backend, x)
    check(t.norms.l2(axis=-1), backend, np.sqrt((x**2).sum(-1)))
    check(ep.norms.lp(t, 1, axis=0), backend, np.abs(x).sum(0))
    p = x - x.max(0, keepdims=True)
    logp = p - np.log(np.exp(p).sum(0, keepdims=True))
    q = x[::-1] - x[::-1].max(0, keepdims=True)
    logq = q - np.log(np.exp(q).sum(0, keepdims=True))
    expected = (np.exp(logp) * (logp - logq)).sum(0)
    got = ep.kl_div_with_logits(t, make(backend, x[::-1].copy()), axis=0)
    np.testing.assert_allclose(got.numpy(), expected, rtol=1e-5, atol=1e-6)


def test_works_without_eagerpy_installed(tmp_path):
    """With the real eagerpy impossible to import, install() still provides it."""
    script = textwrap.dedent(
        """
        import sys
        class Block:
            def find_spec(self, name, path=None, target=None):
                if name == "eagerpy" or name.startswith("eagerpy."):
                    raise ImportError("eagerpy blocked for this test")
        sys.meta_path.insert(0, Block())
        import unitensor.compat.eagerpy as compat
        compat.install()
        import eagerpy as ep, eagerpy.norms, eagerpy.tensor.numpy
        import numpy as np
        t = ep.astensor(np.array([3.0, 4.0], dtype=np.float32))
        print(ep.norms.l2(t).item(), type(t).__name__, eagerpy.tensor.numpy.NumPyTensor.__name__)
        """
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=120
    )
    assert out.stdout.split() == ["5.0", "NumPyTensor", "NumPyTensor"]


def test_install_imports_no_framework():
    """install() and ``import eagerpy`` import no framework; each loads on first use."""
    script = textwrap.dedent(
        """
        import sys
        import unitensor.compat.eagerpy as compat
        compat.install()
        import eagerpy as ep
        import eagerpy.norms, eagerpy.tensor, eagerpy.tensor.numpy, eagerpy.astensor
        from eagerpy.astensor import T
        frameworks = ("torch", "tensorflow", "jax")
        print(*[name in sys.modules for name in frameworks])
        assert callable(ep.astensor) and eagerpy.astensor is ep.astensor
        import eagerpy.tensor.pytorch  # as in EagerPy, the class needs no torch yet
        print(*[name in sys.modules for name in frameworks])
        print(eagerpy.tensor.pytorch.PyTorchTensor.__name__, ep.PyTorchTensor.__name__)
        import torch
        t = ep.PyTorchTensor(torch.ones(2))
        print(type(t).__name__, t.sum().item())
        """
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=120
    )
    lines = out.stdout.splitlines()
    assert lines[0].split() == ["False", "False", "False"]
    assert lines[1].split() == ["False", "False", "False"]
    assert lines[2].split() == ["PyTorchTensor", "PyTorchTensor"]
    assert lines[3].split() == ["PyTorchTensor", "2.0"]
