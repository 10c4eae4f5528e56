"""``ut.jit(f, checks=True)``: checks of traced values raise unitensor's errors, as eagerly.

On JAX the function is compiled with ``checkify``; without ``checks`` JAX's
own result comes back (indices clamped, an unspecified quotient), as under
``jax.jit``. TensorFlow and PyTorch check inside the graph either way.
"""

import numpy as np
import pytest

import unitensor as ut
from conftest import check, make, to_numpy

jax = pytest.importorskip("jax")
jnp = jax.numpy
checkify = pytest.importorskip("jax.experimental.checkify")

X = np.arange(5, dtype=np.float32) * 1.5
LOGITS = np.array([[0.5, -1.0, 2.0], [1.0, 0.0, -0.5]], dtype=np.float32)
A = np.array([7, -7, 9], dtype=np.int32)


def take(x, i):
    return x[i]


def take_method(x, indices):
    return x.take(indices, axis=0)


def crossentropy(logits, labels):
    return ut.crossentropy(logits, labels)


def floor_divide(a, b):
    return a // b


def remainder(a, b):
    return a % b


def _log_softmax(z):
    z = z - z.max(axis=-1, keepdims=True)
    return z - np.log(np.exp(z).sum(axis=-1, keepdims=True))


def _crossentropy_np(logits, labels):
    return -np.take_along_axis(_log_softmax(logits), labels[:, None], axis=-1)[:, 0]


# (function, its first argument, in-range second argument, NumPy's result for it,
# out-of-range second argument, the exception, the message)
CASES = [
    (take, X, np.array([4, -5, 0]), X[[4, -5, 0]], np.array([1, 5]), ut.IndexOutOfRangeError,
     "out of bounds for axis 0 with size 5"),
    (take_method, X, np.array([4, -5, 0]), X[[4, -5, 0]], np.array([1, 5]),
     ut.IndexOutOfRangeError, "out of bounds for axis 0 with size 5"),
    (crossentropy, LOGITS, np.array([2, 0]), _crossentropy_np(LOGITS, np.array([2, 0])),
     np.array([0, 3]), ut.IndexOutOfRangeError, r"labels must be in \[0, 3\)"),
    (floor_divide, A, np.array([2, 3, -4], np.int32), A // np.array([2, 3, -4]),
     np.array([2, 0, 1], np.int32), ut.DivisionByZeroError, "integer division or modulo by zero"),
    (remainder, A, np.array([2, 3, -4], np.int32), A % np.array([2, 3, -4]),
     np.array([2, 1, 0], np.int32), ut.DivisionByZeroError, "integer division or modulo by zero"),
]  # fmt: skip
IDS = [c[0].__name__ for c in CASES]


def _native(a):
    return jnp.asarray(a)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_checks_under_jit_raise_the_eager_error(case):
    f, first, good, expected, bad, error, message = case
    x = make("jax", first)
    with pytest.raises(error, match=message):  # eagerly
        f(x, make("jax", bad))
    g = ut.jit(f, checks=True)
    for labels in (good, good):  # the second call takes the flat path (_FlatCall)
        check(g(x, make("jax", labels)), "jax", expected, expected.dtype)
    with pytest.raises(error, match=message):  # the flat path
        g(x, make("jax", bad))
    with pytest.raises(error, match=message):  # the general path (a keyword argument)
        g(x, **{f.__code__.co_varnames[1]: make("jax", bad)})


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_without_checks_jit_gives_jax_own_result(case):
    f, first, good, expected, bad, _, _ = case
    x = make("jax", first)
    g = ut.jit(f)
    check(g(x, make("jax", good)), "jax", expected, expected.dtype)
    native = jax.jit(lambda a, b: f(ut.astensor(a), ut.astensor(b)).raw)(x.raw, _native(bad))
    np.testing.assert_array_equal(to_numpy(g(x, make("jax", bad))), np.asarray(native))


def test_checks_on_native_arrays_and_numbers():
    g = ut.jit(floor_divide, checks=True)
    out = g(_native(A), 2)  # native arrays in, native arrays out
    assert isinstance(out, jax.Array)
    np.testing.assert_array_equal(np.asarray(out), A // 2)
    with pytest.raises(ut.DivisionByZeroError):
        g(_native(A), 0)  # a traced Python number


def test_checked_function_compiles_once():
    traces = []

    def f(x, i, b):
        traces.append(1)
        return x[i] // b

    g = ut.jit(f, checks=True)
    x = make("jax", A)
    for i, b in (([0, 1], 1), ([2, 2], 2), ([1, 0], 3), ([2, 1], -1)):
        out = g(x, make("jax", np.array(i)), make("jax", np.array(b, np.int32)))
        check(out, "jax", A[i] // b, np.int32)
    with pytest.raises(ut.IndexOutOfRangeError):
        g(x, make("jax", np.array([3, 0])), make("jax", np.array(1, np.int32)))
    with pytest.raises(ut.DivisionByZeroError):
        g(x, make("jax", np.array([0, 0])), make("jax", np.array(0, np.int32)))
    assert len(traces) == 1


def test_grad_under_checks():
    def loss(logits, labels):
        return ut.crossentropy(logits, labels).sum()

    g = ut.jit(ut.grad(loss), checks=True)
    labels = np.array([2, 0])
    softmax = np.exp(_log_softmax(LOGITS))
    expected = softmax - np.eye(3, dtype=np.float32)[labels]
    check(g(make("jax", LOGITS), make("jax", labels)), "jax", expected, np.float32)
    with pytest.raises(ut.IndexOutOfRangeError, match="labels"):
        g(make("jax", LOGITS), make("jax", np.array([2, -1])))


def test_own_checkify_check_raises_jax_error():
    def f(x):
        checkify.check(jnp.all(x.raw > 0), "x must be positive")
        return x * 2

    g = ut.jit(f, checks=True)
    check(g(make("jax", X + 1)), "jax", (X + 1) * 2, np.float32)
    with pytest.raises(checkify.JaxRuntimeError, match="x must be positive"):
        g(make("jax", X - 1))


def test_nested_checked_functions():
    inner = ut.jit(floor_divide, checks=True)
    outer = ut.jit(lambda a, b: inner(a, b) + 1, checks=True)
    a, zero = make("jax", A), make("jax", np.array([1, 0, 1], np.int32))
    with pytest.raises(ut.DivisionByZeroError):  # the inner check joins the outer one
        outer(a, zero)
    # inside plain jax.jit (no checkify) the inner check is dropped, never failing the trace
    plain = jax.jit(lambda a, b: inner(ut.astensor(a), ut.astensor(b)).raw)
    plain(a.raw, zero.raw)


@pytest.mark.parametrize("fw", ["tensorflow", "torch"])
@pytest.mark.parametrize("case", [CASES[1], CASES[3]], ids=[IDS[1], IDS[3]])
def test_checks_on_tensorflow_and_torch_are_the_graphs(fw, case):
    f, first, good, expected, bad, _, message = case
    pytest.importorskip(fw)
    g = ut.jit(f, checks=True, options={"torch": {"backend": "aot_eager"}})
    first = first.astype(np.int64) if first.dtype.kind == "i" else first
    x = make(fw, first)
    check(g(x, make(fw, good)), fw, expected, first.dtype)
    with pytest.raises(Exception, match=message):  # the framework's error, in the graph
        to_numpy(g(x, make(fw, bad)))


def test_checks_on_numpy_are_eager():
    g = ut.jit(take, checks=True)
    check(g(make("numpy", X), np.array([4, 0])), "numpy", X[[4, 0]], np.float32)
    with pytest.raises(ut.IndexOutOfRangeError):
        g(make("numpy", X), np.array([5]))


@pytest.mark.parametrize("f", [take, take_method], ids=["getitem", "take"])
def test_checks_of_narrow_index_dtypes(f):
    g = ut.jit(f, checks=True)
    x = make("jax", X)
    check(g(x, make("jax", np.array([4, 0], np.uint8))), "jax", X[[4, 0]], np.float32)
    with pytest.raises(ut.IndexOutOfRangeError):
        g(x, make("jax", np.array([1, 5], np.uint8)))
    if f is take:  # (JAX's own x[i] of int8 indices on an axis of 300 raises OverflowError)
        return
    long = np.arange(300, dtype=np.float32)  # bounds beyond int8's range
    index = np.array([5, -3, 127], np.int8)
    check(g(make("jax", long), make("jax", index)), "jax", long[index], np.float32)
