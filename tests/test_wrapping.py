"""astensor / astensors / astensor_ / astensors_ / istensor and framework isolation."""

import os
import subprocess
import sys

import numpy as np
import pytest

import unitensor as ut
from conftest import (
    SRC_DIR,
    check,
    make,
    native,
    native_type,
    selected_backends,
    to_numpy,
)
from unitensor._registry import BACKENDS

CLASSES = {name: b.class_name for name, b in BACKENDS.items()}  # ut.<class name>

A = np.array([[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]], dtype=np.float32)


def test_astensor_wraps_native_array_by_identity(backend):
    raw = native(backend, A)
    t = ut.astensor(raw)
    assert t.raw is raw
    assert isinstance(t, ut.Tensor)
    assert type(t) is getattr(ut, CLASSES[backend])
    assert ut.istensor(t)
    check(t, backend, A)


def test_tensor_class_is_subclass_of_tensor(backend):
    cls = getattr(ut, CLASSES[backend])
    assert issubclass(cls, ut.Tensor)
    assert cls is not ut.Tensor


def test_astensor_of_tensor_returns_same_object(backend):
    t = make(backend, A)
    assert ut.astensor(t) is t


@pytest.mark.parametrize("dtype", [np.int32, np.float32, np.bool_])
def test_astensor_keeps_raw_for_dtypes(backend, dtype):
    raw = native(backend, A.astype(dtype))
    t = ut.astensor(raw)
    assert t.raw is raw
    check(t, backend, A.astype(dtype))


@pytest.mark.parametrize(
    "scalar", [np.float32(1.5), np.int32(-3), np.float64(2.25), np.bool_(True)]
)
def test_astensor_numpy_scalar(scalar):
    t = ut.astensor(scalar)
    assert isinstance(t, ut.NumPyTensor)
    assert t.shape == ()
    assert np.asarray(t.raw).dtype == np.asarray(scalar).dtype
    assert t.item() == scalar.item()


def test_astensor_tf_variable():
    if "tensorflow" not in selected_backends():
        pytest.skip("tensorflow backend not selected")
    import tensorflow as tf

    v = tf.Variable(A)
    t = ut.astensor(v)
    assert isinstance(t, ut.TensorFlowTensor)
    assert t.raw is v
    np.testing.assert_allclose(to_numpy(t.square()), A**2, rtol=1e-6)


def test_astensors(backend):
    r1, r2 = native(backend, A), native(backend, A[0])
    out = ut.astensors(r1, r2)
    assert isinstance(out, tuple)
    assert len(out) == 2
    assert out[0].raw is r1
    assert out[1].raw is r2
    t = make(backend, A)
    (same,) = ut.astensors(t)
    assert same is t


def test_astensor__native_input_restores_native(backend):
    raw = native(backend, A)
    t, restore = ut.astensor_(raw)
    assert ut.istensor(t)
    assert t.raw is raw
    out = restore(t.abs())
    assert not ut.istensor(out)
    assert isinstance(out, native_type(backend))
    np.testing.assert_array_equal(to_numpy(out), np.abs(A))


def test_astensor__tensor_input_restores_tensor(backend):
    t0 = make(backend, A)
    t, restore = ut.astensor_(t0)
    assert t is t0
    t2 = t.abs()
    out = restore(t2)
    assert out is t2


def test_astensors__restore_decided_by_first_argument(backend):
    raw = native(backend, A)
    tensor = make(backend, A[0])

    (a, b), restore = ut.astensors_(raw, tensor)
    assert a.raw is raw
    assert b is tensor
    res = restore(a + b)
    assert isinstance(res, native_type(backend))
    np.testing.assert_allclose(to_numpy(res), A + A[0])

    (c, d), restore2 = ut.astensors_(tensor, raw)
    assert c is tensor
    assert d.raw is raw
    res2 = restore2(c + d)
    assert ut.istensor(res2)
    np.testing.assert_allclose(to_numpy(res2), A + A[0])


def test_astensors__single_argument(backend):
    raw = native(backend, A)
    (t,), restore = ut.astensors_(raw)
    assert t.raw is raw
    assert restore(t) is raw


def test_istensor(backend):
    raw = native(backend, A)
    assert ut.istensor(ut.astensor(raw)) is True
    assert ut.istensor(raw) is False


@pytest.mark.parametrize(
    "obj",
    [[1.0, 2.0], "abc", (1, 2), {"a": 1}, None, object(), 3, 2.5],
    ids=lambda v: type(v).__name__,  # (an object's repr holds its address: not one id per run)
)
def test_istensor_false_for_non_tensors(obj):
    assert ut.istensor(obj) is False


@pytest.mark.parametrize(
    ("obj", "name"),
    [
        ([1.0, 2.0], "list"),
        ("abc", "str"),
        ((1, 2), "tuple"),
        ({"a": 1}, "dict"),
        (None, "NoneType"),
        (3, "int"),
        (2.5, "float"),
    ],
    ids=lambda v: repr(v) if not isinstance(v, str) else v,
)
def test_astensor_unsupported_type_raises_typeerror_naming_type(obj, name):
    with pytest.raises(TypeError, match=name):
        ut.astensor(obj)


def test_astensor_unsupported_custom_class():
    class Foo:
        pass

    with pytest.raises(TypeError, match="Foo"):
        ut.astensor(Foo())


def test_astensors_unsupported_type_raises_typeerror(backend):
    with pytest.raises(TypeError):
        ut.astensors(make(backend, A), [1, 2, 3])


def _other_backends(backend):
    others = [b for b in selected_backends() if b != backend]
    if not others:
        pytest.skip("needs at least two selected backends")
    return others


def test_mixing_frameworks_in_operators_raises_typeerror(backend):
    for other in _other_backends(backend):
        a = make(backend, A)
        b = make(other, A)
        with pytest.raises(TypeError):
            a + b
        with pytest.raises(TypeError):
            a * b
        with pytest.raises(TypeError):
            _ = a < b
        with pytest.raises(TypeError):
            a @ b.T


def test_mixing_frameworks_in_functions_raises_typeerror(backend):
    for other in _other_backends(backend):
        a = make(backend, A)
        b = make(other, A)
        with pytest.raises(TypeError):
            ut.concatenate([a, b])
        with pytest.raises(TypeError):
            ut.stack([a, b])
        with pytest.raises(TypeError):
            ut.matmul(a, b.T)
        with pytest.raises(TypeError):
            a.maximum(b)
        with pytest.raises(TypeError):
            ut.where(make(backend, A > 0), a, b)


def _run_python(code):
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(SRC_DIR), env.get("PYTHONPATH", "")) if p)
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


def test_import_unitensor_imports_no_framework():
    code = (
        "import sys\n"
        "import unitensor\n"
        "loaded = sorted(m for m in ('torch', 'tensorflow', 'jax', 'jaxlib') "
        "if m in sys.modules)\n"
        "print('LOADED=' + ','.join(loaded))\n"
    )
    proc = _run_python(code)
    assert proc.returncode == 0, proc.stderr
    lines = [line for line in proc.stdout.splitlines() if line.startswith("LOADED=")]
    assert lines == ["LOADED="], proc.stdout


def test_mixing_frameworks_in_indexing_and_ml_raises_typeerror(backend):
    idx = np.array([1, 0])
    for other in _other_backends(backend):
        a = make(backend, A)
        if other != "numpy":  # NumPy index arrays, wrapped or not, are valid everywhere
            with pytest.raises(TypeError):
                a[make(other, idx)]
            with pytest.raises(TypeError):
                a[make(other, A > 0)]
            with pytest.raises(TypeError):
                a.take_along_axis(make(other, np.zeros((2, 1), dtype=np.int64)), axis=1)
        with pytest.raises(TypeError):
            a.crossentropy(make(other, idx))
        with pytest.raises(TypeError):
            a.onehot_like(make(other, idx))
        with pytest.raises(TypeError):
            a.index_update(0, make(other, A[0]))
        with pytest.raises(TypeError):
            ut.where(make(other, A > 0), a, 0.0)


# A tf.Variable is a supported raw type: every operation must work on it as on a tf.Tensor.
TF_VARIABLE_OPS = {
    "T": (lambda t: t.T, lambda a: a.T),
    "ndim": (lambda t: t.ndim, lambda a: a.ndim),
    "shape": (lambda t: t.shape, lambda a: a.shape),
    "size": (lambda t: t.size, lambda a: a.size),
    "len": (lambda t: len(t), lambda a: len(a)),
    "iter": (lambda t: [r.sum() for r in t][1], lambda a: [r.sum() for r in a][1]),
    "add": (lambda t: t + 1, lambda a: a + 1),
    "radd": (lambda t: 1 - t, lambda a: 1 - a),
    "neg": (lambda t: -t, lambda a: -a),
    "lt": (lambda t: t < 2.0, lambda a: a < 2.0),
    "int_index": (lambda t: t[1], lambda a: a[1]),
    "slice_index": (lambda t: t[:, ::-1], lambda a: a[:, ::-1]),
    "mask_index": (lambda t: t[t > 0], lambda a: a[a > 0]),
    "array_index": (lambda t: t[[1, 0]], lambda a: a[[1, 0]]),
    "sum": (lambda t: t.sum(axis=0), lambda a: a.sum(axis=0)),
    "mean": (lambda t: t.mean(), lambda a: a.astype(np.float64).mean()),
    "max": (lambda t: t.max(axis=1, keepdims=True), lambda a: a.max(axis=1, keepdims=True)),
    "argmax": (lambda t: t.argmax(axis=1), lambda a: a.argmax(axis=1)),
    "cumsum": (lambda t: t.cumsum(axis=1), lambda a: a.cumsum(axis=1)),
    "logsumexp": (
        lambda t: t.logsumexp(axis=1),
        lambda a: np.log(np.exp(a.astype(np.float64)).sum(axis=1)),
    ),
    "square": (lambda t: t.square(), lambda a: a**2),
    "exp": (lambda t: ut.exp(t), lambda a: np.exp(a.astype(np.float64))),
    "reshape": (lambda t: t.reshape(-1), lambda a: a.reshape(-1)),
    "flatten": (lambda t: t.flatten(), lambda a: a.reshape(-1)),
    "transpose": (lambda t: t.transpose((1, 0)), lambda a: a.transpose((1, 0))),
    "expand_dims": (lambda t: t.expand_dims(0), lambda a: a[None]),
    "squeeze": (lambda t: t[:1].squeeze(0), lambda a: a[:1].squeeze(0)),
    "flip": (lambda t: t.flip(), lambda a: np.flip(a)),
    "tile": (lambda t: t.tile((2, 1)), lambda a: np.tile(a, (2, 1))),
    "pad": (
        lambda t: t.pad(((1, 0), (0, 1)), mode="edge"),
        lambda a: np.pad(a, ((1, 0), (0, 1)), "edge"),
    ),
    "sort": (lambda t: t.sort(axis=0), lambda a: np.sort(a, axis=0)),
    "topk": (lambda t: t.topk(2)[0], lambda a: -np.sort(-a, axis=-1)[:, :2]),
    "softmax": (
        lambda t: t.softmax(),
        lambda a: np.exp(a) / np.exp(a.astype(np.float64)).sum(-1, keepdims=True),
    ),
    "matmul": (lambda t: t @ t.T, lambda a: a.astype(np.float64) @ a.T),
    "concatenate": (lambda t: ut.concatenate([t, t]), lambda a: np.concatenate([a, a])),
    "stack": (lambda t: ut.stack([t, t], axis=1), lambda a: np.stack([a, a], axis=1)),
    "where": (lambda t: ut.where(t > 0, t, 0.0), lambda a: np.where(a > 0, a, 0.0)),
    "index_update": (
        lambda t: t.index_update(0, 9.0),
        lambda a: np.vstack([np.full(3, 9.0), a[1]]),
    ),
    "take_along_axis": (
        lambda t: t.take_along_axis(t.argsort(axis=1), 1),
        lambda a: np.sort(a, axis=1),
    ),
    "astype": (lambda t: t.astype("int32"), lambda a: a.astype(np.int32)),
    "numpy": (lambda t: t.numpy(), lambda a: a),
    "zeros_like": (lambda t: ut.zeros_like(t), lambda a: np.zeros_like(a)),
}


@pytest.mark.parametrize("op", list(TF_VARIABLE_OPS))
def test_tf_variable_operations(op):
    if "tensorflow" not in selected_backends():
        pytest.skip("tensorflow backend not selected")
    import tensorflow as tf

    fn, np_fn = TF_VARIABLE_OPS[op]
    v = tf.Variable(A)
    out = fn(ut.astensor(v))
    expected = np_fn(A)
    if ut.istensor(out):
        assert isinstance(out.raw, tf.Tensor | tf.Variable)
        got = to_numpy(out)
        assert got.shape == np.shape(expected)
        np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-6)
    elif isinstance(out, np.ndarray):
        np.testing.assert_array_equal(out, expected)
    else:
        assert out == expected
    np.testing.assert_array_equal(v.numpy(), A)  # the variable is unchanged
