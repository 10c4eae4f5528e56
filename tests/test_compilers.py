"""Every framework's own compiler takes unitensor code: jax.jit, tf.function (with and
without XLA) and torch.compile(fullgraph=True), equal to eager, without warnings.

torch.compile uses the cheap ``aot_eager`` backend: ``fullgraph=True`` makes any graph
break an error, which is what these tests are about (the benchmark runs Inductor).
"""

import logging
import warnings

import numpy as np
import pytest

import unitensor as ut
from conftest import make, native, run_python, to_numpy
from unitensor.demo import loss_fn

COMPILERS = ["jax.jit", "tf.function", "tf.function(jit_compile=True)", "torch.compile"]
FRAMEWORK = {"jax.jit": "jax", "torch.compile": "torch"}


def framework(compiler):
    return FRAMEWORK.get(compiler, "tensorflow")


def compiled(compiler, f):
    if compiler == "jax.jit":
        import jax

        return jax.jit(f)
    if compiler.startswith("tf.function"):
        import tensorflow as tf

        return tf.function(f, jit_compile="jit_compile" in compiler)
    import torch

    return torch.compile(f, fullgraph=True, backend="aot_eager")


def normalized_distance(a, b):  # the README's example
    (a, b), restore_type = ut.astensors_(a, b)
    d = (a - b).square().sum(axis=-1).sqrt()
    n = a.square().sum(axis=-1).sqrt()
    return restore_type(d / n)


def train_step(w, x, labels):  # the demo's step, with its gradient
    (w, x, labels), restore_type = ut.astensors_(w, x, labels)
    value, g = ut.value_and_grad(loss_fn, w, x, labels)
    return restore_type(w - 0.5 * g, value)


def indexing(x):
    (t,), restore_type = ut.astensors_(x)
    i = t.argsort(axis=1)[:, 0]  # an integer index tensor
    return restore_type(
        t[1:, ::2],
        t[..., -1],
        t[i],
        t[i, 1:3],
        t.index_update((0, 1), 7.0),
        t.index_update((slice(None), 0), t[:, 1]),
        t.at[1, 2].add(10.0),
    )


def reductions(x):
    (t,), restore_type = ut.astensors_(x)
    return restore_type(
        t.sum(),
        t.mean(axis=0),
        t.max(axis=1),
        t.min(),
        t.var(axis=0),
        t.logsumexp(axis=-1),
        t.argmax(axis=1),
        t.cumulative_sum(axis=1),
    )


def crossentropy(logits, labels):
    (logits, labels), restore_type = ut.astensors_(logits, labels)
    return restore_type(ut.crossentropy(logits, labels))


def sorting(x):
    (t,), restore_type = ut.astensors_(x)
    values, indices = t.topk(2)
    return restore_type(t.sort(axis=-1), t.argsort(axis=0), values, indices, -t @ t.T)


def gathers(x, i):
    (t, i), restore_type = ut.astensors_(x, i)
    return restore_type(
        t.take_along_axis(i, 1),
        ut.take_along_axis(t[:, :2], i // 2, axis=0),
        t.take(i[0], axis=1),
        t.take_along_axis(t.argsort(axis=0), 0),
    )


def _data():
    rng = np.random.default_rng(0)
    return {
        "x": rng.random((4, 5), dtype=np.float32),
        "y": rng.random((4, 5), dtype=np.float32),
        "labels": (np.arange(4) % 5).astype(np.int64),
        "positions": np.array([[4, -1], [0, -5], [2, 3], [-2, 1]]),
    }


CASES = {
    "readme": (normalized_distance, ("x", "y")),
    "indexing": (indexing, ("x",)),
    "reductions": (reductions, ("x",)),
    "crossentropy": (crossentropy, ("x", "labels")),
    "sorting": (sorting, ("x",)),
    "take_along_axis": (gathers, ("x", "positions")),
}


def _close(got, want):
    got = got if isinstance(got, (tuple, list)) else (got,)
    want = want if isinstance(want, (tuple, list)) else (want,)
    assert len(got) == len(want)
    for g, w in zip(got, want, strict=True):
        g, w = to_numpy(g), to_numpy(w)
        assert g.shape == w.shape and g.dtype == w.dtype
        np.testing.assert_allclose(g, w, rtol=2e-5, atol=1e-6)


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("compiler", COMPILERS)
def test_compiler_equals_eager(compiler, case):
    fw = framework(compiler)
    f, names = CASES[case]
    data = _data()
    args = [native(fw, data[n]) for n in names]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no warning from tracing unitensor code
        _close(compiled(compiler, f)(*args), f(*args))


@pytest.mark.parametrize("compiler", COMPILERS)
def test_training_step_with_gradient(compiler):
    fw = framework(compiler)
    rng = np.random.default_rng(0)
    from unitensor.demo import N_PARAMS

    w = native(fw, rng.normal(0, 0.1, N_PARAMS).astype(np.float32))
    x = native(fw, rng.random((16, 64), dtype=np.float32))
    labels = native(fw, (np.arange(16) % 10).astype(np.int64))
    step = compiled(compiler, train_step)
    _close(step(w, x, labels), train_step(w, x, labels))


def test_tf_function_prints_no_autograph_warning(caplog):
    import tensorflow as tf

    data = _data()
    x, labels = tf.constant(data["x"]), tf.constant(data["labels"])
    with caplog.at_level(logging.WARNING):
        for f, args in ((reductions, (x,)), (crossentropy, (x, labels)), (indexing, (x,))):
            tf.function(f)(*args)
    assert not [r for r in caplog.records if "AutoGraph" in r.getMessage()]


@pytest.mark.parametrize(
    "op",
    [
        lambda t: t[t > 0.5],
        lambda t: t.nonzero(),
        lambda t: ut.unique_values(t),
    ],
    ids=["boolean mask", "nonzero", "unique_values"],
)
def test_data_dependent_shapes_under_jax_jit(op):
    import jax

    x = native("jax", _data()["x"])
    with pytest.raises(ut.DataDependentShapeError):
        jax.jit(lambda a: ut.astensor(op(ut.astensor(a))).raw)(x)
    with pytest.raises(ut.DataDependentShapeError):
        ut.jit(lambda a: op(a))(make("jax", _data()["x"]))


@pytest.mark.parametrize("compiler", ["tf.function", "torch.compile", "jax.jit"])
def test_integer_division_by_zero_is_checked_in_the_graph(compiler):
    fw = framework(compiler)
    a, b = native(fw, np.array([4, 5])), native(fw, np.array([2, 0]))
    with pytest.raises(ut.DivisionByZeroError):  # eagerly: unitensor's error
        ut.astensor(a) // ut.astensor(b)
    f = compiled(compiler, lambda a, b: (ut.astensor(a) // ut.astensor(b)).raw)
    ok = f(a, native(fw, np.array([2, 1])))  # the trace itself never fails
    np.testing.assert_array_equal(to_numpy(ok), [2, 5])
    if fw == "jax":  # no check inside jax.jit (checkify would be needed)
        f(a, b)
        return
    with pytest.raises(Exception, match="integer division or modulo by zero"):
        to_numpy(f(a, b))


@pytest.mark.parametrize(
    "op, args, message",
    [
        (lambda x, i: ut.astensor(x)[ut.astensor(i)], ([1.0, 2.0], [0, 2]), "index"),
        (
            lambda l, y: ut.crossentropy(ut.astensor(l), ut.astensor(y)),
            ([[0.0, 1.0], [1.0, 0.0]], [0, 2]),
            "labels",
        ),
        (
            lambda x, i: ut.astensor(x).take_along_axis(ut.astensor(i), 0),
            ([1.0, 2.0], [0, 2]),
            "take_along_axis",
        ),
    ],
    ids=["index range", "crossentropy labels", "take_along_axis"],
)
@pytest.mark.parametrize("compiler", ["tf.function", "torch.compile"])
def test_range_checks_under_tracing(compiler, op, args, message):
    fw = framework(compiler)
    a = native(fw, np.asarray(args[0], dtype=np.float32))
    bad = native(fw, np.asarray(args[1]))
    good = native(fw, np.asarray([0, 1]))
    with pytest.raises(ut.IndexOutOfRangeError):  # eagerly: unitensor's error
        op(a, bad)
    f = compiled(compiler, lambda a, i: op(a, i).raw)
    to_numpy(f(a, good))
    with pytest.raises(Exception, match=f"{message}|out of bounds|out of range"):
        to_numpy(f(a, bad))  # the framework's error, raised where the graph runs


FIRST_CALL_COMPILED = """
import numpy as np, torch
import unitensor as ut
from unitensor.demo import N_PARAMS, loss_fn

def step(w, x, labels):
    (w, x, labels), restore_type = ut.astensors_(w, x, labels)
    value, g = ut.value_and_grad(loss_fn, w, x, labels)
    return restore_type(0.5 * g - w, value)

rng = np.random.default_rng(0)
w = torch.from_numpy(rng.normal(0, 0.1, N_PARAMS).astype(np.float32))
x = torch.from_numpy(rng.random((16, 64), dtype=np.float32))
labels = torch.arange(16) % 10
new_w, value = torch.compile(step, fullgraph=True, backend="aot_eager")(w, x, labels)
eager_w, eager_value = step(w, x, labels)
torch.testing.assert_close(new_w, eager_w)
torch.testing.assert_close(value, eager_value)
print("ok")
"""


def test_torch_compile_of_a_first_call():
    """A program whose first unitensor call is inside torch.compile(fullgraph=True).

    (The PyTorch backend's primitives and caches were first loaded inside the
    trace, which Dynamo refused.) A fresh interpreter: this one has loaded them.
    """
    pytest.importorskip("torch")
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", FIRST_CALL_COMPILED], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip() == "ok"


FIRST_CALL_IN_TF_FUNCTION = """
import json
import numpy as np, tensorflow as tf
import unitensor as ut

@tf.function
def f(x):
    t = ut.astensor(x)
    return (t.sum() + t.__array_namespace__().asarray(1.0)).raw

x = np.arange(6, dtype=np.float32).reshape(2, 3)
traced = float(f(tf.constant(x)))
t = ut.astensor(tf.constant(x))
out = {
    "traced": traced,
    "take": t[:, ut.astensor(tf.constant([2, -3]))].numpy().tolist(),
    "sum": t.sum(axis=(0, 1)).item(),
    "asarray": t.__array_namespace__().asarray([1.5, 2.5]).numpy().tolist(),
}
print(json.dumps(out))
"""


def test_tensorflow_loaded_inside_tf_function_works_eagerly_after():
    """A program whose first unitensor call is inside a tf.function: what the backend
    keeps from its first load (the class of eager tensors, a template tensor per device)
    is made eagerly, so eager integer-array indexing, reductions and ``asarray`` work
    afterwards (indexing raised ValueError). A fresh interpreter: this one has loaded them."""
    pytest.importorskip("tensorflow")
    import json

    got = json.loads(run_python(FIRST_CALL_IN_TF_FUNCTION).strip().splitlines()[-1])
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    assert got["traced"] == float(x.sum() + 1.0)
    assert got["take"] == x[:, np.array([2, -3])].tolist()
    assert got["sum"] == float(x.sum(axis=(0, 1)))
    assert got["asarray"] == np.asarray([1.5, 2.5], dtype=np.float32).tolist()
