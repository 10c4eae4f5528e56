"""ut.jit: compiled with the framework of the arguments, equal to eager, retraced only when due.

PyTorch compiles with the cheap ``aot_eager`` backend here (the full compiler is the
benchmark's); a counting backend counts its graphs. JAX and TensorFlow count traces by
a side effect of the Python function, which runs once per trace.
"""

from collections import namedtuple

import numpy as np
import pytest

import unitensor as ut
from conftest import check, make, native, selected_backends


def compiling(backend):
    if backend not in ("jax", "tensorflow", "torch"):
        pytest.skip(f"{backend} does not compile: ut.jit runs f as it is (test_numpy_runs_as_is)")


Pair = namedtuple("Pair", ["a", "b"])


class Counter:
    """Counts traces: TorchDynamo graphs through a backend, JAX / TF by a Python call."""

    def __init__(self, backend):
        self.backend = backend
        self.graphs = 0
        self.calls = 0

    def torch_backend(self, gm, example_inputs):
        self.graphs += 1
        return gm.forward

    def options(self):
        return {"torch": {"backend": self.torch_backend, "fullgraph": True}}

    def traced(self):
        if self.backend != "torch":  # (Dynamo replays the side effect and guards on it)
            self.calls += 1

    @property
    def traces(self):
        return self.graphs if self.backend == "torch" else self.calls


def test_numpy_runs_as_is():
    calls = []

    def f(a, lr):
        calls.append(1)
        return a * lr

    j = ut.jit(f)
    a = ut.astensor(np.arange(3, dtype=np.float32))
    check(j(a, 2.0), "numpy", np.arange(3, dtype=np.float32) * 2)
    check(j(a, 3.0), "numpy", np.arange(3, dtype=np.float32) * 3)
    assert len(calls) == 2  # no tracing: every call runs f
    assert isinstance(j(a.raw, 1.0), np.ndarray)  # native in, native out


def test_values_containers_and_scalars(backend):
    compiling(backend)
    counter = Counter(backend)

    def f(p, xs, scale):
        counter.traced()
        a, b = p.a, p.b
        return {"sum": (a + b) * scale, "list": [xs[0] @ xs[1], xs[1].sum(axis=0)]}, a.max()

    j = ut.jit(f, options=counter.options())
    rng = np.random.default_rng(0)
    a, b = (rng.random((2, 3), dtype=np.float32) for _ in range(2))
    m = rng.random((3, 2), dtype=np.float32)
    args = (Pair(make(backend, a), make(backend, b)), [make(backend, a), make(backend, m)])
    for scale in (2.0, 0.5, 3.0):  # a new Python number is a new value, not a new trace
        out, top = j(*args, scale)
        check(out["sum"], backend, (a + b) * np.float32(scale))
        check(out["list"][0], backend, a @ m, rtol=1e-5)
        check(out["list"][1], backend, m.sum(axis=0), rtol=1e-6)
        check(top, backend, a.max())
    assert counter.traces == 1


def test_retraces_only_on_shape_dtype_and_static_changes(backend):
    compiling(backend)
    counter = Counter(backend)

    def f(x, n, mode="sum"):
        counter.traced()
        y = x.reshape((n, -1))
        return y.sum(axis=0) if mode == "sum" else y.max(axis=0)

    j = ut.jit(f, static_argnums=1, static_argnames="mode", options=counter.options())
    x = np.arange(12, dtype=np.float32)
    check(j(make(backend, x), 3), backend, x.reshape(3, -1).sum(axis=0))
    check(j(make(backend, x + 1), 3), backend, (x + 1).reshape(3, -1).sum(axis=0))
    assert counter.traces == 1
    check(j(make(backend, x), 4), backend, x.reshape(4, -1).sum(axis=0))
    assert counter.traces == 2  # a new static value
    check(j(make(backend, x), 4, mode="max"), backend, x.reshape(4, -1).max(axis=0))
    assert counter.traces == 3
    check(j(make(backend, x), 4, mode="max"), backend, x.reshape(4, -1).max(axis=0))
    assert counter.traces == 3
    x64 = np.arange(12, dtype=np.int32)
    check(j(make(backend, x64), 4), backend, x64.reshape(4, -1).sum(axis=0))
    assert counter.traces == 4  # a new dtype


def test_a_shape_built_from_x_shape_stays_symbolic_under_torch_compile(backend):
    compiling(backend)
    counter = Counter(backend)

    def f(x):
        counter.traced()
        flat = x.reshape(x.shape[0] * x.shape[1], -1).reshape(x.shape[1], x.shape[0])
        return x.reshape(x.shape[::-1]) + ut.zeros(x, x.shape[::-1]) + flat

    j = ut.jit(f, options=counter.options())
    for n in range(2, 12):  # past TorchDynamo's recompile limit of 8, were each size a graph
        x = np.arange(3 * n, dtype=np.float32).reshape(n, 3)
        check(j(make(backend, x)), backend, 2 * x.reshape(3, n))
    if backend == "torch":  # a static graph, then dynamic sizes (and n == 3's square case)
        assert counter.traces <= 4


def test_native_in_native_out(backend):
    compiling(backend)

    def f(x, y):
        (x, y), restore = ut.astensors_(x, y)
        return restore((x - y).square().sum(axis=-1).sqrt())

    j = ut.jit(f, options={"torch": {"backend": "aot_eager", "fullgraph": True}})
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    out = j(native(backend, a), native(backend, a * 2))
    assert isinstance(out, type(native(backend, a)))
    np.testing.assert_allclose(np.asarray(out), np.sqrt((a**2).sum(axis=-1)), rtol=1e-6)
    # NumPy arrays next to another framework's are converted to it
    out = ut.jit(lambda x, y: x - y)(make(backend, a), a)
    check(out, backend, a - a)


def test_training_step_equals_eager(grad_backend):
    backend = grad_backend
    rng = np.random.default_rng(1)
    x = rng.random((8, 4), dtype=np.float32)
    labels = np.arange(8) % 3
    w0 = rng.normal(size=(4 * 3,)).astype(np.float32)

    def loss(w, x, labels):
        return ut.crossentropy(x @ w.reshape((4, 3)), labels).mean()

    def step(w, x, labels, lr):
        value, g = ut.value_and_grad(loss, w, x, labels)
        return w - lr * g, value

    j = ut.jit(step, options={"torch": {"backend": "aot_eager", "fullgraph": True}})
    w = make(backend, w0)
    xs, ls = make(backend, x), make(backend, labels)
    ew = w
    for _ in range(3):
        w, value = j(w, xs, ls, 0.5)
        ew, evalue = step(ew, xs, ls, 0.5)
        check(w, backend, ew.numpy(), rtol=1e-5)
        check(value, backend, evalue.numpy(), rtol=1e-5)


def test_in_place_operators_compile(backend):
    """x op= y and t[k] = v inside ut.jit (fullgraph on PyTorch): eager's values, and on
    PyTorch (whose arrays are mutable) the argument written as eagerly."""
    compiling(backend)
    counter = Counter(backend)

    def f(x, y):
        counter.traced()
        z = x * 2.0
        z += y
        v = z[1:]
        v *= 3.0  # through a view of z
        z /= 2.0
        z[0] = -1.0
        x -= 1.0  # an argument
        return z

    j = ut.jit(f, options=counter.options())
    a = np.arange(4, dtype=np.float32)
    b = np.ones(4, dtype=np.float32)
    z = a * 2 + b
    if backend == "torch":  # (TensorFlow's and JAX's z[1:] is a new array: z is not seen)
        z[1:] *= 3
    z /= 2
    z[0] = -1
    x = make(backend, a)
    check(j(x, make(backend, b)), backend, z)
    check(x, backend, a - 1 if backend == "torch" else a)
    assert counter.traces == 1


def test_decorator_form_and_errors(backend):
    compiling(backend)

    @ut.jit(static_argnames="k")
    def top(x, k):
        return x.topk(k)

    x = np.array([3.0, 1.0, 2.0], dtype=np.float32)
    values, _ = top(make(backend, x), k=2)
    check(values, backend, np.array([3.0, 2.0], dtype=np.float32))
    assert top.__wrapped__.__name__ == "top" and top.__name__ == "top"
    other = "numpy" if backend != "torch" else "jax"
    if other in selected_backends() and other != "numpy":
        with pytest.raises(ut.FrameworkMixError):
            ut.jit(lambda a, b: a + b)(make(backend, x), make(other, x))
    with pytest.raises(TypeError, match="hashable"):
        ut.jit(lambda a, s: a, static_argnums=1)(make(backend, x), [1])


def test_compiler_failure_is_a_unitensor_error(backend):
    compiling(backend)

    def f(x):
        if (x > 0).all():  # Python control flow on a traced value
            return x
        return -x

    j = ut.jit(f, options={"torch": {"backend": "aot_eager", "fullgraph": True}})
    x = make(backend, np.ones(3, dtype=np.float32))
    with pytest.raises(ut.CompileError, match=r"traced|could not compile f"):
        j(x)


def test_tensorflow_xla(backend):
    if backend != "tensorflow":
        pytest.skip("jit_compile is TensorFlow's")
    rng = np.random.default_rng(2)
    a = rng.random((3, 4), dtype=np.float32)

    def f(x, k, scale):
        return (x.sort(axis=-1)[:, -k:] * scale).sum(axis=0), x.argmax(axis=1)

    j = ut.jit(f, static_argnums=1, jit_compile=True)
    total, idx = j(make(backend, a), 2, 2)  # an int traced as a value (int64)
    check(total, backend, (np.sort(a, axis=-1)[:, -2:] * 2).sum(axis=0), rtol=1e-6)
    check(idx, backend, a.argmax(axis=1))


def test_take_along_axis_compiles_with_its_range_check(backend):
    """``take_along_axis`` under ``ut.jit`` (PyTorch: ``fullgraph=True``, where unitensor's
    own range check was a graph break, "Could not guard on data-dependent expression"):
    NumPy's values, negative indices too; out of range raises eagerly, and inside the graph
    on PyTorch and TensorFlow (JAX: with ``checks=True``)."""
    a = np.arange(12, dtype=np.float32).reshape(3, 4)
    idx = np.array([[2, -1, 0, 1], [-3, 1, 2, -2]])
    bad = np.array([[0, 1, 3, 0]])
    options = {"torch": {"backend": "aot_eager", "fullgraph": True}}
    f = ut.jit(lambda x, i: x.take_along_axis(i, 0) * 2.0, options=options)
    expected = np.take_along_axis(a, idx, axis=0) * 2.0
    for _ in range(2):  # (the second call takes the compiled function's quick path)
        check(f(make(backend, a), make(backend, idx)), backend, expected)
    g = ut.jit(lambda x, i: ut.take_along_axis(x, i, axis=1), options=options)
    along = np.array([[3], [-4], [1]])
    check(g(make(backend, a), make(backend, along)), backend, np.take_along_axis(a, along, 1))
    with pytest.raises(ut.IndexOutOfRangeError, match="out of bounds for axis 0 with size 3"):
        make(backend, a).take_along_axis(make(backend, bad), 0)  # eagerly
    if backend in ("torch", "tensorflow"):  # checked where the graph runs
        with pytest.raises(ut.IndexOutOfRangeError, match="take_along_axis: an index is out"):
            f(make(backend, a), make(backend, bad)).numpy()
    if backend == "jax":
        checked = ut.jit(lambda x, i: x.take_along_axis(i, 0), checks=True)
        check(checked(make(backend, a), make(backend, idx)), backend, expected / 2.0)
        with pytest.raises(ut.IndexOutOfRangeError, match="take_along_axis: an index is out"):
            checked(make(backend, a), make(backend, bad))
