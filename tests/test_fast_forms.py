"""The cheaper forms chosen for speed (issue 15) give the checked meaning on every backend.

``sign`` takes a different form by size and context on PyTorch (unitensor's one-pass
kernel over a float32 or float64 tensor's memory, two dispatches on other small tensors,
one pass plus a NaN/inf check on large ones, the general form under
autograd, forward AD and ``torch.func``), and one compiled function on JAX. Each form
is compared here with ``np.sign`` on the values where the forms could differ: NaN,
+-0, +-inf, the smallest subnormals, the largest numbers.
"""

import os
import warnings

import numpy as np
import pytest

import unitensor as ut
from conftest import check, make, native, supports_float64, to_numpy

# PyTorch's thresholds: the one-pass kernel up to 32768 elements (float32, float64), the
# small form up to 1024 (float16, and without the kernel), the large form above.
SIZES = [15, 1024, 1025, 32768, 32769]


# JAX and TensorFlow flush subnormals to zero on the CPU (documented in the semantics
# table): the smallest subnormals are checked on the others.
FLUSHING = {"jax", "tensorflow"}


def _specials(dtype, subnormals=True):
    fi = np.finfo(dtype)
    tiny = [fi.smallest_subnormal, -fi.smallest_subnormal] if subnormals else []
    with np.errstate(over="ignore"):
        values = [-0.0, 0.0, np.nan, np.inf, -np.inf, 3.0, -2.0, 2.0**-10, -(2.0**-12)]
        return np.array([*values, *tiny, fi.max, -fi.max, fi.smallest_normal], dtype=dtype)


def _assert_sign(got, expected):
    nan = np.isnan(expected)
    np.testing.assert_array_equal(np.isnan(got), nan)
    np.testing.assert_array_equal(got[~nan], expected[~nan])
    np.testing.assert_array_equal(np.signbit(got[~nan]), np.signbit(expected[~nan]))


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("finite", [False, True], ids=["specials", "finite"])
def test_sign_every_form(backend, dtype, size, finite):
    if dtype == np.float64 and not supports_float64(backend):
        pytest.skip("JAX without 64-bit mode holds float32 for float64 (documented)")
    x = np.resize(_specials(dtype, backend not in FLUSHING), size)
    if finite:  # the large form's common case: no NaN or infinity
        x = np.where(np.isfinite(x), x, dtype(1)).astype(dtype)
    expected = np.sign(x)
    t = ut.astensor(make(backend, x))
    for out in (t.sign(), ut.sign(t)):
        check(out, backend, expected, dtype, rtol=0, atol=0)
        _assert_sign(to_numpy(out), expected)


def test_sign_bfloat16_torch():
    torch = pytest.importorskip("torch")
    x = _specials(np.float32)
    t = ut.astensor(torch.from_numpy(x).to(torch.bfloat16))
    got = t.sign().raw.float().numpy()
    expected = np.sign(torch.from_numpy(x).to(torch.bfloat16).float().numpy())
    _assert_sign(got, expected)
    assert t.sign().raw.dtype == torch.bfloat16


@pytest.mark.parametrize("size", SIZES)
def test_sign_torch_autograd_and_transforms(size):
    """Under autograd, forward AD and torch.func the general form runs: gradient 0."""
    torch = pytest.importorskip("torch")
    x = torch.from_numpy(np.resize(_specials(np.float32), size))
    expected = np.sign(x.numpy())

    w = x.clone().requires_grad_(True)
    out = ut.astensor(w).sign()
    _assert_sign(out.raw.detach().numpy(), expected)
    (g,) = torch.autograd.grad(out.raw.sum(), w, allow_unused=True, materialize_grads=True)
    np.testing.assert_array_equal(g.numpy(), np.zeros(size, np.float32))

    sign = lambda a: ut.astensor(a).sign().raw  # noqa: E731
    value, tangent = torch.func.jvp(sign, (x,), (torch.ones_like(x),))
    _assert_sign(value.numpy(), expected)
    np.testing.assert_array_equal(tangent.numpy(), np.zeros(size, np.float32))

    batched = torch.func.vmap(sign)(x.reshape(1, -1))
    _assert_sign(batched.numpy().ravel(), expected)

    import torch.autograd.forward_ad as fwad

    with fwad.dual_level():
        dual = fwad.make_dual(x, torch.ones_like(x))
        primal, tan = fwad.unpack_dual(ut.astensor(dual).sign().raw)
        _assert_sign(primal.numpy(), expected)
        assert tan is None or not tan.any()


def test_sign_jax_transforms():
    jax = pytest.importorskip("jax")
    x = _specials(np.float32, subnormals=False)
    expected = np.sign(x)
    f = lambda a: ut.astensor(a).sign().raw  # noqa: E731
    _assert_sign(np.asarray(jax.jit(f)(x)), expected)
    _assert_sign(np.asarray(jax.vmap(f)(x.reshape(-1, 1))).ravel(), expected)
    g = jax.grad(lambda a: ut.astensor(a).sign().sum().raw)(x)
    np.testing.assert_array_equal(np.asarray(g), np.zeros_like(x))


# ------------------------------------------------------------ ut.jit's flat calls

COMPILING = ("jax", "tensorflow", "torch")
CHEAP = {"torch": {"backend": "aot_eager", "fullgraph": True}}


def _compiling(backend):
    if backend not in COMPILING:
        pytest.skip(f"{backend} does not compile: ut.jit runs f as it is")


def test_jit_flat_call_equals_general_path(backend):
    """The second call of a signature skips flattening (``_FlatCall``): same results."""
    _compiling(backend)
    traces = []

    def f(x, y, lr):
        traces.append(1)
        return ut.astensor(x) - lr * ut.astensor(y).square()

    j = ut.jit(f, options=CHEAP)
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = np.linspace(-1, 1, 6, dtype=np.float32).reshape(2, 3)
    x, y = make(backend, a), native(backend, b)
    for lr in (0.5, 0.25):  # the first call learns the flat call, the second takes it
        check(j(x, y, lr), backend, a - lr * b * b, np.float32)
    assert len(j._flat) == 1
    assert backend == "torch" or len(traces) == 1  # a number is a traced value, not static
    check(j(x, y, 2), backend, a - 2 * b * b, np.float32)
    assert len(j._flat) == 2  # (Tensor, native, float) and (Tensor, native, int)
    native_out = j(x.raw, y, 0.5)  # native arrays only: native results, as the general path
    assert not ut.istensor(native_out)
    np.testing.assert_allclose(to_numpy(native_out), a - 0.5 * b * b, rtol=1e-6)
    check(j(x, y, lr=0.5), backend, a - 0.5 * b * b, np.float32)  # keyword: the general path


def test_jit_flat_call_reports_compiler_failures(backend):
    """A retrace through a flat call (new shape) reports compiler failures as the general path."""
    _compiling(backend)

    def f(x):
        if x.shape[0] > 2 and (x > 0).all():  # Python control flow on a traced value
            return x
        return -x

    j = ut.jit(f, options=CHEAP)
    check(j(make(backend, np.ones(2, np.float32))), backend, -np.ones(2, np.float32))
    assert len(j._flat) == 1
    with pytest.raises(ut.CompileError, match=r"traced|could not compile f"):
        j(make(backend, np.ones(3, np.float32)))


# ------------------------------------- the Array API namespace's wrapper (NumPy's 0-d)


@pytest.mark.parametrize(
    "call",
    [
        lambda xp, t: xp.sum(t),  # (NumPy's sum gives a NumPy scalar: the wrapper fixes it)
        lambda xp, t: xp.sum(t, axis=-1),
        lambda xp, t: xp.sqrt(t[0, 0]),
        lambda xp, t: xp.add(t[0, 0], 1.0),
        lambda xp, t: xp.unique_counts(t),
        lambda xp, t: xp.linalg.vector_norm(t),
        lambda xp, t: xp.max(t, axis=None, keepdims=True),
    ],
)
def test_namespace_results_are_arrays_as_the_python_wrapper_gives(call):
    """NumPy's namespace: the C wrapper (SPEEDUPS) and the Python one agree: 0-d arrays."""
    import functools

    from unitensor.array_api import _build, namespace

    xp = namespace("numpy")
    t = ut.astensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    ns = type(t)._ns
    fixed = functools.partial(_build._as_arrays, ns.as_array, ns.scalar_type)
    got = call(xp, t)
    plain = call(_Unwrapped(xp), t)  # the same functions without the wrapper
    expected = fixed(plain)
    for g, e in zip(_leaves(got), _leaves(expected), strict=True):
        assert type(g.raw) is np.ndarray and type(e.raw) is np.ndarray
        assert g.raw.dtype == e.raw.dtype and g.raw.shape == e.raw.shape
        np.testing.assert_array_equal(g.raw, e.raw)


class _Unwrapped:
    """A namespace whose functions are the wrapped ones' ``__wrapped__`` (no 0-d fix)."""

    def __init__(self, xp):
        self.xp = xp

    def __getattr__(self, name):
        f = getattr(self.xp, name)
        if name == "linalg":
            return _Unwrapped(f)
        return getattr(f, "__wrapped__", f)


def _leaves(x):
    return [x] if ut.istensor(x) else [v for item in x for v in _leaves(item)]


def test_numpy_methods_keep_numpy_scalars_the_namespace_gives_arrays():
    """The two meet as documented: the method gives NumPy's scalar, the namespace a 0-d array."""
    from unitensor.array_api import namespace

    t = ut.astensor(np.arange(6, dtype=np.float32))
    assert isinstance(t.sum().raw, np.float32)
    out = namespace("numpy").sum(t)
    assert type(out.raw) is np.ndarray and out.raw.shape == () and out.raw.dtype == np.float32
    assert out.raw == np.float32(15)


# ----------------------------------------------- found by the newcomer review (round 5)


def test_tensorflow_mask_indexing_in_a_graph():
    """x[mask] and x.at[mask] inside tf.function / ut.jit: NumPy's values (no static size)."""
    tf = pytest.importorskip("tensorflow")
    x = np.array([[3.0, 0.0, 1.0], [4.0, -1.0, 2.0]], np.float32)

    @tf.function(autograph=False)
    def picked(a):
        t = ut.astensor(a)
        return t[t > 0.5].raw, t[t[:, 0] > 3].raw

    rows, values = x[x > 0.5], x[x[:, 0] > 3]
    got_rows, got_values = picked(tf.constant(x))
    np.testing.assert_array_equal(got_rows.numpy(), rows)
    np.testing.assert_array_equal(got_values.numpy(), values)
    zeroed = ut.jit(lambda t: t.at[t > 0.5].set(0.0))(ut.astensor(tf.constant(x)))
    np.testing.assert_array_equal(zeroed.numpy(), np.where(x > 0.5, 0, x))


def test_jax_captured_index_arrays_are_checked_inside_jit():
    """An index array captured from outside jax.jit is concrete: checked as eagerly."""
    jax = pytest.importorskip("jax")
    jnp = jax.numpy
    good, bad = ut.astensor(jnp.array([2, -1])), ut.astensor(jnp.array([7]))
    x = jnp.arange(4.0)
    np.testing.assert_array_equal(jax.jit(lambda a: ut.astensor(a)[good].raw)(x), [2.0, 3.0])
    labels = jnp.array([1, 0])
    loss = jax.jit(lambda z: ut.astensor(z).crossentropy(labels).raw)(jnp.zeros((2, 3)))
    np.testing.assert_allclose(np.asarray(loss), np.full(2, np.log(3), np.float32), rtol=1e-6)
    with pytest.raises(ut.IndexOutOfRangeError, match="index 7 is out of bounds"):
        jax.jit(lambda a: ut.astensor(a)[bad].raw)(x)


def test_jax_bounds_are_kept_while_the_array_lives():
    """JAX arrays cannot be written: the range check of an index array or of labels is
    made once per array (inside an eager jax.grad it costs a millisecond)."""
    jax = pytest.importorskip("jax")
    import gc

    from unitensor._backends import jax as ut_jax

    jnp = jax.numpy
    labels = jnp.array([2, 0, 1])
    key = id(labels)
    logits = ut.astensor(jnp.zeros((3, 3)))
    for _ in range(2):
        loss = logits.crossentropy(labels, reduction="mean")
        np.testing.assert_allclose(loss.item(), np.log(3), rtol=1e-6)
    assert ut_jax._BOUNDS[key][1] == (0, 2)
    del labels
    gc.collect()
    assert key not in ut_jax._BOUNDS  # forgotten with the array
    bad = jnp.array([2, 3, 0])
    for _ in range(2):  # refused each time
        with pytest.raises(ut.IndexOutOfRangeError, match=r"labels must be in \[0, 3\)"):
            logits.crossentropy(bad)
    x = ut.astensor(jnp.arange(4.0))
    index = jnp.array([3, -4])
    np.testing.assert_array_equal(x[index].numpy(), [3.0, 0.0])
    np.testing.assert_array_equal(x[index].numpy(), [3.0, 0.0])
    with pytest.raises(ut.IndexOutOfRangeError):
        x[jnp.array([4])]


def test_tensorflow_native_tensors_take_unitensor_tensors_without_numpy():
    """tf ops convert a unitensor tensor to the tensor it holds, also in a graph (ut.jit)."""
    tf = pytest.importorskip("tensorflow")
    t = ut.astensor(tf.constant([1.0, 2.0]))
    assert tf.convert_to_tensor(t) is t.raw
    np.testing.assert_array_equal((tf.constant([1.0, 1.0]) * t).numpy(), [1.0, 2.0])
    out = ut.jit(lambda w, lr: w - lr * w)(tf.constant([1.0, 4.0]), 0.5)
    np.testing.assert_array_equal(np.asarray(out), [0.5, 2.0])


def test_jit_static_argument_by_position_or_by_name(backend):
    """static_argnames holds for the argument passed by position too (and argnums by name)."""
    _compiling(backend)
    x = make(backend, np.arange(6, dtype=np.float32))
    expected = np.arange(6, dtype=np.float32)
    by_name = ut.jit(lambda t, n: t.reshape((n, -1)), static_argnames="n", options=CHEAP)
    by_number = ut.jit(lambda t, n: t.reshape((n, -1)), static_argnums=1, options=CHEAP)
    for j in (by_name, by_number):
        check(j(x, 2), backend, expected.reshape(2, 3))
        check(j(x, n=3), backend, expected.reshape(3, 2))


# ------------------------------------------------------------------ issue 15, round 10


SCALARS = [0.5, -0.0, 0.0, np.nan, np.inf, -np.inf, 1e300, 1e-45, -3.25, 7]


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_python_scalars_beside_float_tensors_as_numpy(backend, dtype):
    """Every operator of a float tensor and a Python scalar equals NumPy's, sign of zero too.

    PyTorch's fast paths put a cached 0-d tensor in the scalar's place, TensorFlow's and
    JAX's call their raw ops and compiled functions: each must give NumPy's values. More
    scalars than the PyTorch table's 64 entries pass, so that entries are replaced.
    """
    if dtype is np.float64 and not supports_float64(backend):
        pytest.skip(f"{backend} has no float64 here (documented)")
    x = np.array([[-1.5, -0.0, 0.0], [2.0, np.inf, np.nan]], dtype=dtype)
    t = make(backend, x)
    scalars = SCALARS + [i / 7 for i in range(70)]
    flushing = backend in FLUSHING
    for s in scalars:
        if flushing and s == 1e-45:
            continue
        with np.errstate(all="ignore"):
            cases = {
                "x - s": (t - s, x - dtype(s)),
                "s - x": (s - t, dtype(s) - x),
                "s * x": (s * t, dtype(s) * x),
                "x + s": (t + s, x + dtype(s)),
                "x / s": (t / s, x / dtype(s)) if s != 0 else None,
                "x < s": (t < s, x < dtype(s)),
                "x >= s": (t >= s, x >= dtype(s)),
            }
        for label, case in cases.items():
            if case is None:
                continue
            got, expected = case
            check(got, backend, expected)
            values = to_numpy(got)
            if not (backend == "jax" and label == "x / s"):  # (XLA divides within an ulp)
                np.testing.assert_array_equal(values, expected, err_msg=f"{label} with {s!r}")
            if expected.dtype.kind == "f" and not (backend == "tensorflow" and s == 0):
                # (TensorFlow may take a Python -0.0 for 0.0: documented, semantics table)
                np.testing.assert_array_equal(
                    np.signbit(values), np.signbit(expected), err_msg=f"{label} with {s!r}"
                )


def test_torch_cached_scalars_serve_autograd_after_inference_mode():
    """A scalar's tensor first made under inference mode can still be saved by autograd."""
    torch = pytest.importorskip("torch")
    with torch.inference_mode():
        y = ut.astensor(torch.ones(3)) * 0.375
    assert y.raw.tolist() == [0.375] * 3
    w = ut.astensor(torch.tensor([1.0, 2.0, 3.0]))
    value, grad = ut.value_and_grad(lambda w: (w * 0.375).sum(), w)
    assert value.item() == 2.25
    np.testing.assert_array_equal(grad.numpy(), [0.375] * 3)
    assert grad.raw.grad_fn is None


def test_torch_scalars_keep_the_scalar_for_half_precision_and_subclasses():
    """Half precision and tensor subclasses keep the Python float (PyTorch computes differently)."""
    torch = pytest.importorskip("torch")
    from unitensor._backends import torch as backend

    half = torch.ones(2, dtype=torch.float16)
    assert backend._scalar_operand(half, 0.5) is None
    assert backend._scalar_operand(torch.ones(2), 0.5).dtype == torch.float32
    assert backend._scalar_operand(torch.nn.Parameter(torch.ones(2)), 0.5).device.type == "cpu"

    class Sub(torch.Tensor):
        pass

    assert backend._scalar_operand(torch.ones(2).as_subclass(Sub), 0.5) is None
    x = np.array([1.0, 3.0], dtype=np.float16)
    out = make("torch", x) * 0.1
    check(out, "torch", (torch.from_numpy(x) * 0.1).numpy())  # PyTorch's own float16 rule


AXES = [None, 0, -1, (0, 1), (1,), ()]


@pytest.mark.parametrize("name", ["sum", "mean", "min", "max"])
def test_tensorflow_raw_reductions_eager_in_a_graph_and_under_xla(name):
    """TensorFlow's raw reductions: any axes, eagerly, traced and compiled by XLA."""
    tf = pytest.importorskip("tensorflow")
    x = np.arange(12, dtype=np.float32).reshape(3, 4) - 5.5
    expected = {axis: getattr(np, name)(x, axis=axis) for axis in AXES}
    t = make("tensorflow", x)
    for axis in AXES:
        check(getattr(t, name)(axis=axis), "tensorflow", expected[axis])
        check(
            getattr(t, name)(axis=axis, keepdims=True),
            "tensorflow",
            getattr(np, name)(x, axis=axis, keepdims=True),
        )
    for jit_compile in (False, True):

        @tf.function(jit_compile=jit_compile)
        def reduce(a, axis=None):
            return getattr(ut.astensor(a), name)(axis=axis).raw

        for axis in AXES:
            out = reduce(tf.constant(x), axis)
            np.testing.assert_allclose(out.numpy(), expected[axis], rtol=1e-6)
            assert out.dtype == tf.float32


def test_tensorflow_raw_ops_take_variables_and_record_gradients():
    tf = pytest.importorskip("tensorflow")
    x = np.array([[1.0, -2.0], [3.0, 0.5]], dtype=np.float32)
    v = tf.Variable(x)
    check(
        (ut.astensor(v) * 2.0 + ut.astensor(v)).abs().sum(axis=0),
        "tensorflow",
        np.abs(x * 2.0 + x).sum(axis=0),
    )
    with tf.GradientTape() as tape:
        loss = ((ut.astensor(v) - 0.5) / 2.0).square().mean().raw
    np.testing.assert_allclose(tape.gradient(loss, v).numpy(), (x - 0.5) / 8, rtol=1e-6)


def test_jax_compiled_primitives_under_transformations():
    """JAX's compiled operators and reductions inside jit, vmap and grad equal the eager ones."""
    jax = pytest.importorskip("jax")
    x = np.linspace(-2, 2, 12, dtype=np.float32).reshape(3, 4)

    def f(a):
        t = ut.astensor(a)
        return ((t - 0.5) * 2.0 / (t * t + 1.0)).sum(axis=-1).mean().raw

    expected = np.mean(np.sum((x - 0.5) * 2.0 / (x * x + 1.0), axis=-1))
    np.testing.assert_allclose(f(x), expected, rtol=1e-6)
    np.testing.assert_allclose(jax.jit(f)(x), expected, rtol=1e-6)
    np.testing.assert_allclose(jax.vmap(f)(np.stack([x, x])), [expected] * 2, rtol=1e-6)
    g = jax.grad(f)(jax.numpy.asarray(x))
    h = 1e-3
    numeric = (f(x + h) - f(x - h)) / (2 * h)  # (a directional derivative along ones)
    np.testing.assert_allclose(float(g.sum()), float(numeric), rtol=1e-2)


def test_torch_scalars_made_under_a_transform_or_mode_are_not_kept():
    """A Python float first met under functionalize or FakeTensorMode leaves no cached tensor."""
    torch = pytest.importorskip("torch")
    from torch._subclasses.fake_tensor import FakeTensorMode

    t = ut.astensor(torch.ones(3))
    torch.func.functionalize(lambda a: (ut.astensor(a) * 0.61).raw)(torch.ones(3))
    with FakeTensorMode(allow_non_fake_inputs=True):
        (t * 0.777).raw.shape  # noqa: B018
    for s in (0.61, 0.777):
        out = (t * s).raw
        assert type(out) is torch.Tensor
        np.testing.assert_array_equal(out.numpy(), np.float32(s) * np.ones(3, np.float32))


@pytest.mark.parametrize("dtype", ["float16", "bfloat16", "float64"])
def test_tensorflow_reflected_operators_in_a_graph_keep_the_dtype(dtype):
    """``1.0 - x`` traced: the raw op must not take float32 from the Python float."""
    tf = pytest.importorskip("tensorflow")
    x = np.array([1.0, 2.5, -4.0], dtype=np.float32)
    for jit_compile in (False, True):

        @tf.function(jit_compile=jit_compile)
        def f(a):
            t = ut.astensor(a)
            return [(1.0 - t).raw, (2.0 * t).raw, (3 + t).raw, (8.0 / t).raw, (t - 0.5).raw]

        outs = f(tf.constant(x, getattr(tf, dtype)))
        for out, expected in zip(outs, [1 - x, 2 * x, 3 + x, 8 / x, x - 0.5], strict=True):
            assert out.dtype == getattr(tf, dtype)
            np.testing.assert_allclose(np.asarray(tf.cast(out, tf.float64)), expected, rtol=1e-2)


@pytest.mark.parametrize("name", ["maximum", "minimum", "__add__", "__mul__", "__lt__"])
@pytest.mark.parametrize("n", [2, 8, 33])
def test_fast_paths_equal_their_templates_on_longer_tensors(backend, name, n):
    """C against the template with signed zeros, on lengths where kernels vectorize."""
    from unitensor._api import _base

    for dtype in (np.float32, np.float64):
        if dtype is np.float64 and not supports_float64(backend):
            continue
        t = make(backend, np.array([0.0, -0.0] * n, dtype=dtype))
        f = getattr(type(t), name)
        for s in (0.0, -0.0, 1.5):
            c, p = to_numpy(f(t, s)), to_numpy(_base.pure_python(f)(t, s))
            np.testing.assert_array_equal(c, p)
            if c.dtype.kind == "f":
                np.testing.assert_array_equal(np.signbit(c), np.signbit(p))


# ------------------------------------------------------------ PyTorch's float primitives


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("shape", [(), (0,), (3, 0), (5, 7), (2, 3, 4)])
def test_torch_mean_as_sum_over_count_equals_torch_mean(dtype, shape):
    """The sum over a kept count gives torch.mean's bits, NaN for empty axes, and its gradient."""
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(7)
    x = rng.standard_normal(shape).astype(dtype)
    if x.size > 4:
        x.flat[3] = np.nan
    n = len(shape)
    axes = [None, *range(-n, n), tuple(range(n))] if n else [None]
    for axis in axes:
        for keepdims in (False, True):
            native_axis = axis if axis is not None else tuple(range(n))
            expected = torch.mean(torch.from_numpy(x), dim=native_axis, keepdim=keepdims)
            with np.errstate(all="ignore"), warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)  # (NumPy: mean of empty)
                reference = np.mean(x, axis=axis, keepdims=keepdims)
            for _ in range(2):  # the count's tensor made, then taken from the cache
                got = ut.astensor(torch.from_numpy(x)).mean(axis=axis, keepdims=keepdims).raw
                assert got.dtype == expected.dtype and got.shape == reference.shape
                np.testing.assert_array_equal(got.numpy(), expected.numpy())
                np.testing.assert_allclose(got.numpy(), reference, rtol=1e-5, atol=1e-6)
    if x.size and n:
        w = torch.from_numpy(x).requires_grad_(True)
        (g,) = torch.autograd.grad(ut.astensor(w).mean(axis=-1).raw.sum(), w)
        (h,) = torch.autograd.grad(torch.mean(w, dim=-1).sum(), w)
        np.testing.assert_array_equal(g.numpy(), h.numpy())


def test_torch_mean_under_transforms_and_modes_keeps_no_count():
    """A count first met under vmap, functionalize or FakeTensorMode is used once, not kept."""
    torch = pytest.importorskip("torch")
    from torch._subclasses.fake_tensor import FakeTensorMode

    from unitensor._backends import torch as backend

    x = torch.arange(2 * 13 * 11, dtype=torch.float32).reshape(2, 13, 11)
    backend._MEAN_DIVISORS.pop((torch.float32, 11), None)  # (another test may have made it)
    mean = lambda a: ut.astensor(a).mean(axis=-1).raw  # noqa: E731
    np.testing.assert_array_equal(torch.func.vmap(mean)(x).numpy(), x.mean(-1).numpy())
    np.testing.assert_array_equal(
        torch.func.functionalize(mean)(x[0]).numpy(), x[0].mean(-1).numpy()
    )
    first = x[0]
    with FakeTensorMode() as mode:
        assert tuple(mean(mode.from_tensor(first)).shape) == (13,)
    assert (torch.float32, 11) not in backend._MEAN_DIVISORS
    out = mean(x[1])
    assert type(out) is torch.Tensor
    assert type(backend._MEAN_DIVISORS[torch.float32, 11]) is torch.Tensor
    np.testing.assert_array_equal(out.numpy(), x[1].mean(-1).numpy())


def test_torch_small_sign_under_modes_once_its_constants_exist():
    """The small form under a dispatch mode, make_fx and FakeTensorMode gives sign's values."""
    torch = pytest.importorskip("torch")
    from torch._subclasses.fake_tensor import FakeTensorMode
    from torch.fx.experimental.proxy_tensor import make_fx
    from torch.utils._python_dispatch import TorchDispatchMode

    class Count(TorchDispatchMode):
        calls = 0

        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            Count.calls += 1
            return func(*args, **(kwargs or {}))

    x = _specials(np.float32)
    expected = np.sign(x)
    sign = lambda a: ut.astensor(a).sign().raw  # noqa: E731
    _assert_sign(sign(torch.from_numpy(x)).numpy(), expected)  # the constants exist now
    with Count():
        _assert_sign(sign(torch.from_numpy(x)).numpy(), expected)
    assert Count.calls >= 1
    traced = make_fx(sign)(torch.zeros(len(x)))
    _assert_sign(traced(torch.from_numpy(x)).numpy(), expected)
    with FakeTensorMode() as mode:
        assert tuple(sign(mode.from_tensor(torch.from_numpy(x))).shape) == x.shape


def test_torch_mean_and_sign_under_jit_trace_keep_no_traced_constant():
    """torch.jit.trace keeps Python numbers as constants: mean's count and sign's finite
    check would hold for the traced input only, so a trace takes torch.mean and sign's
    general form."""
    torch = pytest.importorskip("torch")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        mean = torch.jit.trace(lambda x: ut.astensor(x).mean(axis=0).raw, torch.ones(4, 3))
        sign = torch.jit.trace(
            lambda x: ut.astensor(x).sign().raw, torch.ones(2000), check_trace=False
        )
        small_sign = torch.jit.trace(
            lambda x: ut.astensor(x).sign().raw, torch.ones(15), check_trace=False
        )
    x = np.random.default_rng(2).standard_normal((8, 3)).astype(np.float32)
    np.testing.assert_allclose(mean(torch.from_numpy(x)).numpy(), np.mean(x, axis=0), rtol=1e-6)
    y = np.linspace(-2.0, 2.0, 2000, dtype=np.float32)
    y[[3, 7]] = [np.nan, -0.0]
    np.testing.assert_array_equal(sign(torch.from_numpy(y)).numpy(), np.sign(y))
    z = _specials(np.float32)
    np.testing.assert_array_equal(small_sign(torch.from_numpy(z)).numpy(), np.sign(z))


def test_torch_sign_of_views_0d_and_neg_bit_tensors():
    """Views the kernel leaves (strides, negative bit) take the small form; 0-d ones the kernel."""
    torch = pytest.importorskip("torch")
    x = np.resize(_specials(np.float32), (6, 8))
    cases = {
        "transposed": (torch.from_numpy(x).t(), x.T),
        "strided": (torch.from_numpy(x)[::2, 1::3], x[::2, 1::3]),
        "0-d": (torch.tensor(-0.0), np.float32(-0.0)),
        "0-d nan": (torch.tensor(float("nan"), dtype=torch.float64), np.float64(np.nan)),
        "neg bit": (torch._neg_view(torch.from_numpy(x)), -x),
    }
    for label, (t, expected) in cases.items():
        out = ut.astensor(t).sign().raw
        assert type(out) is torch.Tensor and out.dtype == t.dtype, label
        assert tuple(out.shape) == np.shape(expected), label
        _assert_sign(np.atleast_1d(out.numpy()), np.atleast_1d(np.sign(expected)))


def test_torch_sign_of_a_functionalization_wrapper_and_a_first_trace():
    """A functionalization wrapper's storage holds no data: the kernel leaves it out; a
    trace, even the first after eager calls, makes no constants of its own."""
    torch = pytest.importorskip("torch")
    x = _specials(np.float32)
    wrapped = torch._to_functional_tensor(torch.from_numpy(x.copy()))
    out = ut.astensor(wrapped).sign().raw
    assert torch._is_functional_tensor(out)
    _assert_sign(torch._from_functional_tensor(out).numpy(), np.sign(x))

    def sign(a):
        return ut.astensor(a).sign().raw

    for dtype in (torch.float64, torch.float32):  # (float64: no constants made before)
        example = torch.linspace(-3, 3, 15, dtype=dtype)
        sign(example)  # eager first: the kernel
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            traced = torch.jit.trace(sign, example)  # the trace check runs it twice
        y = np.resize(_specials(np.float64), 15).astype(example.numpy().dtype)
        _assert_sign(traced(torch.from_numpy(y)).numpy(), np.sign(y))


def test_torch_sign_kernel_is_an_ordinary_tensor():
    """The kernel's result is PyTorch's own memory (resizable), of torch.sign's strides."""
    torch = pytest.importorskip("torch")
    out = ut.astensor(torch.tensor([1.0, -2.0, 0.0])).sign().raw
    assert out.tolist() == [1.0, -1.0, 0.0]
    out.resize_(8)  # (before .numpy(), which pins the storage's size)
    assert out.shape == (8,) and out[:3].tolist() == [1.0, -1.0, 0.0]
    empty = ut.astensor(torch.zeros(0, 3)).sign().raw
    assert empty.stride() == torch.sign(torch.zeros(0, 3)).stride()
    odd = torch.empty_strided((3, 1), (1, 1000)).copy_(torch.tensor([[-2.0], [0.0], [5.0]]))
    assert odd.is_contiguous()  # (a size-1 axis's stride does not count)
    from unitensor._backends import torch as torch_backend

    if torch_backend._one_pass_sign is not None:  # (the small form keeps empty_like's)
        assert ut.astensor(odd).sign().raw.stride() == torch.sign(odd).stride() == (1, 1)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_sign_kernel_against_numpy(dtype):
    """The kernel itself, on every length up to two vector widths past 64 and at unaligned
    starts (its vector loop and its tail), and its refusal of bad arguments."""
    kernels = pytest.importorskip("unitensor._kernels")
    base = np.resize(_specials(dtype), 80)
    for start in range(4):
        for n in range(68):
            x = base[start : start + n]
            out = np.full(n, 7.0, dtype)
            kernels.sign(x.ctypes.data if n else 1, out.ctypes.data if n else 1, n, x.itemsize)
            _assert_sign(out, np.sign(x))
    with pytest.raises(ValueError, match="itemsize of 4 or 8"):
        kernels.sign(base.ctypes.data, base.ctypes.data, 3, 2)
    with pytest.raises(ValueError, match="nonzero addresses"):
        kernels.sign(0, base.ctypes.data, 3, 8)
    with pytest.raises(ValueError, match="count >= 0"):
        kernels.sign(base.ctypes.data, base.ctypes.data, -1, 8)
    with pytest.raises(TypeError, match="takes 4 arguments"):
        kernels.sign(1, 2, 3)


def test_torch_sign_kernel_taken_and_left():
    """Which tensors torch_sign takes (a tensor: the kernel; without OpenMP entry points,
    above the grain size torch.sign where the sum is finite), hands to the general form
    (False: there, a NaN or an infinity) or leaves to the other forms (None), each form
    giving np.sign's values."""
    torch = pytest.importorskip("torch")
    from unitensor._backends import torch as torch_backend

    ut.astensor(torch.ones(1)).sign()  # (PyTorch's primitives set the kernel up when loaded)
    if torch_backend._one_pass_sign is None:
        pytest.skip("unitensor._kernels is not built (the other forms are tested alone)")
    x = np.resize(_specials(np.float32), (16, 8))
    finite = np.where(np.abs(x) < 1e30, x, np.float32(-3.0))  # (a finite sum)
    # (above the grain size: the kernel on PyTorch's threads, else the sum's check)
    large_nan = "taken" if _threads(torch) else "general"
    cases = {
        "2-d": (torch.from_numpy(x), "taken"),
        "float64": (torch.from_numpy(x.astype(np.float64)), "taken"),
        "contiguous slice": (torch.from_numpy(x)[1:], "taken"),  # (a storage offset)
        "0-d": (torch.tensor(-2.5), "taken"),
        "parameter": (torch.nn.Parameter(torch.from_numpy(x), requires_grad=False), "taken"),
        "largest": (torch.from_numpy(np.resize(x, 32768)), "taken"),
        "large, finite": (torch.from_numpy(np.resize(finite, 32769)), "taken"),
        "large, NaN": (torch.from_numpy(np.resize(x, 32769)), large_nan),
        "strided": (torch.from_numpy(x)[:, ::2], "left"),
        "channels last": (
            torch.from_numpy(np.resize(x, (2, 4, 4, 4))).to(memory_format=torch.channels_last),
            "left",
        ),
        "neg bit": (torch._neg_view(torch.from_numpy(x)), "left"),
        "float16": (torch.from_numpy(x.astype(np.float16)), "left"),
        "empty": (torch.zeros(0, 4), "left"),
        "requires grad": (torch.from_numpy(x).requires_grad_(True), "left"),
        "functional wrapper": (torch._to_functional_tensor(torch.from_numpy(x.copy())), "left"),
    }
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (nested tensors' prototype warning)
        nested = torch.nested.nested_tensor([torch.from_numpy(x[0]), torch.ones(3)])
    assert torch_backend._one_pass_sign(nested) is None  # (as torch.sign: no nested sign)
    for label, (t, form) in cases.items():
        got = torch_backend._one_pass_sign(t)
        kind = "left" if got is None else "general" if got is False else "taken"
        assert kind == form, label
        out = ut.astensor(t).sign().raw
        values = t
        if torch._is_functional_tensor(t):
            out, values = torch._from_functional_tensor(out), torch._from_functional_tensor(t)
        expected = np.sign(values.detach().resolve_neg().numpy())
        _assert_sign(np.atleast_1d(out.detach().numpy()), np.atleast_1d(expected))
        assert out.dtype == t.dtype and out.shape == t.shape, label
        if form == "taken":
            _assert_sign(np.atleast_1d(got.numpy()), np.atleast_1d(expected))
            assert got.dtype == t.dtype and got.shape == t.shape, label
    if torch.backends.mkldnn.is_available():  # (no strided memory: torch_sign leaves it)
        assert torch_backend._one_pass_sign(torch.from_numpy(x).to_mkldnn()) is None


def test_torch_sign_of_a_tensor_escaped_from_vmap_says_so():
    """A tensor without storage (escaped from torch.func.vmap) gets PyTorch's own error."""
    torch = pytest.importorskip("torch")
    escaped = []
    torch.func.vmap(lambda a: escaped.append(a) or a)(torch.ones(2, 3))
    for t in (escaped[0], ut.astensor(escaped[0])):
        with pytest.raises(RuntimeError, match="escaped from inside a function being vmapped"):
            ut.astensor(t).sign()


def test_torch_holds_taken_and_left():
    """Which int64 tensors torch_holds reads (True or False, as NumPy's ``isin``) and which it
    leaves (None: crossentropy's reduction then); crossentropy finds int64's least label
    either way (PyTorch's kernel is given it to leave out)."""
    torch = pytest.importorskip("torch")
    from unitensor._backends import torch as torch_backend

    ut.astensor(torch.ones(1)).sign()  # (PyTorch's primitives set the kernels up when loaded)
    if torch_backend._holds is None:
        pytest.skip("unitensor._kernels is not built (crossentropy's reduction is tested alone)")
    least = -(2**63)
    x = np.arange(40_000, dtype=np.int64) % 7  # (past the size where the GIL is released)
    x[-1] = least
    cases = {
        "at the end": (torch.from_numpy(x), "taken"),
        "without it": (torch.from_numpy(x[:-1]), "taken"),
        "small, first": (torch.from_numpy(x[-1:].copy()), "taken"),
        "contiguous slice": (torch.from_numpy(x)[5:], "taken"),  # (a storage offset)
        "0-d": (torch.tensor(least), "taken"),
        "empty": (torch.zeros(0, dtype=torch.int64), "taken"),
        "parameter": (torch.nn.Parameter(torch.from_numpy(x), requires_grad=False), "taken"),
        "strided": (torch.from_numpy(x)[1::2], "left"),
        "int32": (torch.from_numpy(x.astype(np.int32)), "left"),
        "float64": (torch.from_numpy(x.astype(np.float64)), "left"),
        "neg bit": (torch._neg_view(torch.from_numpy(x)), "left"),
        "functional wrapper": (torch._to_functional_tensor(torch.from_numpy(x.copy())), "left"),
    }
    for label, (t, form) in cases.items():
        got = torch_backend._holds(t, least)
        assert (got is None) == (form == "left"), label
        if form == "taken":
            assert got is bool(np.isin(least, t.numpy())), label
    assert torch_backend._holds(torch.from_numpy(x), 3) is True
    assert torch_backend._holds(torch.from_numpy(x[:2]), 3) is False
    with pytest.raises(OverflowError, match="outside int64"):
        torch_backend._holds(torch.from_numpy(x), 2**63)

    class Mode(torch.overrides.TorchFunctionMode):
        def __torch_function__(self, func, types, args=(), kwargs=None):
            return func(*args, **(kwargs or {}))

    with Mode():
        assert torch_backend._holds(torch.from_numpy(x), least) is None
    logits = torch.zeros(3, 4)
    labels = torch.tensor([[0, 9], [least, 9], [2, 9]])[:, 0]  # (strided: the reduction)
    assert torch_backend._holds(labels, least) is None
    for given in (labels, labels.contiguous()):
        for reduction in ("none", "mean", "sum"):
            with pytest.raises(ut.IndexOutOfRangeError, match="a label is -9223372036854775808"):
                ut.crossentropy(ut.astensor(logits), ut.astensor(given), reduction=reduction)
    strided_ok = torch.tensor([[0, 9], [1, 9], [3, 9]])[:, 0]
    expected = -np.log(np.full(3, 0.25, dtype=np.float32))
    np.testing.assert_allclose(
        ut.crossentropy(ut.astensor(logits), ut.astensor(strided_ok)).numpy(), expected, rtol=1e-6
    )


def test_torch_sign_kernel_passes_on_a_test_that_raises():
    """An exception in one of torch_sign's tests propagates as it is (no SystemError)."""
    torch = pytest.importorskip("torch")
    from unitensor._backends import torch as torch_backend

    kernels = pytest.importorskip("unitensor._kernels")
    if torch_backend.KERNELS_MODULE is None:  # (UNITENSOR_PURE_PYTHON: nothing to set up again)
        pytest.skip("unitensor._kernels is turned off")

    class NoTruth:
        def __bool__(self):
            raise ValueError("no truth value")

    try:
        kernels.torch_setup(
            (torch.Tensor,),
            torch.float32,
            torch.float64,
            torch.int64,
            torch.strided,
            lambda: None,
            (lambda: NoTruth(),),
            torch.autograd.forward_ad,
            torch.empty_like,
            torch.contiguous_format,
            torch.sign,
            32768,
            None,
        )
        with pytest.raises(ValueError, match="no truth value"):
            kernels.torch_sign(torch.ones(3))
    finally:
        torch_backend._primitives()  # (sets torch_sign up again)
    assert torch.equal(kernels.torch_sign(torch.tensor([-2.0, 0.0])), torch.tensor([-1.0, 0.0]))


def _setup_arguments(torch, threads, grain=32768):

    return (
        (torch.Tensor, torch.nn.Parameter),
        torch.float32,
        torch.float64,
        torch.int64,
        torch.strided,
        torch._C._functorch.maybe_current_level,
        (
            torch._C._len_torch_dispatch_stack,
            torch._C._is_torch_function_mode_enabled,
            torch._C._is_tracing,
        ),
        torch.autograd.forward_ad,
        torch.empty_like,
        torch.contiguous_format,
        torch.sign,
        grain,
        threads if threads != "found" else _threads(torch),
    )


def _threads(torch, count=None):
    """torch_setup's threads: PyTorch's entry points and a thread count (None: none found)."""
    from unitensor._backends import torch as torch_backend

    points = torch_backend._openmp_entry_points()
    return None if points is None else (*points, count or torch.get_num_threads)


def test_torch_sign_kernel_split_over_pytorch_threads():
    """Above PyTorch's grain size the kernel runs on PyTorch's OpenMP threads: for every
    thread count, every share of the memory is written, with np.sign's values."""
    torch = pytest.importorskip("torch")
    kernels = pytest.importorskip("unitensor._kernels")
    from unitensor._backends import torch as torch_backend

    ut.astensor(torch.ones(1)).sign()  # (PyTorch's primitives set the kernel up when loaded)
    if torch_backend._one_pass_sign is None or torch_backend._openmp_entry_points() is None:
        pytest.skip("no kernel, or no GNU OpenMP runtime under PyTorch (the sum's check is used)")
    before = torch.get_num_threads()
    try:
        for threads in (1, 2, 3, 5):
            torch.set_num_threads(threads)
            for n in (32769, 65536, 65537, 3 * 32768 + 5, 200003):
                for dtype in (np.float32, np.float64):
                    x = np.resize(_specials(dtype), n)
                    out = np.full(n, 7.0, dtype)  # (a share left out keeps its 7s)
                    kernels.sign(x.ctypes.data, out.ctypes.data, n, x.itemsize)
                    _assert_sign(out, np.sign(x))
                    got = torch_backend._one_pass_sign(torch.from_numpy(x[1:]))
                    _assert_sign(got.numpy(), np.sign(x[1:]))
    finally:
        torch.set_num_threads(before)


def test_torch_openmp_entry_points_are_pytorchs_own(tmp_path):
    """The entry points are found as PyTorch's library binds them (the one libtorch_cpu
    mapped, its scope), and only in a GNU OpenMP library; never from a library that would
    have to be loaded, nor from another package's copy."""
    torch = pytest.importorskip("torch")
    from unitensor._backends import torch as torch_backend

    ut.astensor(torch.ones(1)).sign()
    try:
        with open("/proc/self/maps", encoding="utf-8") as f:
            real = f.read().splitlines(keepends=True)
    except OSError:
        real = []
    found = torch_backend._openmp_entry_points()
    gomp = [ln for ln in real if "libgomp" in ln]
    if not real or not torch._C.has_openmp or not gomp:
        assert found is None
        pytest.skip("no /proc/self/maps, or PyTorch without GNU OpenMP: the sum's check is used")
    assert found is not None and len(found) == 3 and all(type(v) is int and v for v in found)
    line = "7f0000000000-7f0000001000 r-xp 00000000 00:2a 42   {}\n"
    cases = {
        "empty": ([], None),
        "libtorch_cpu not loaded": ([line.format("/nowhere/libtorch_cpu.so")], None),
        "two libtorch_cpu": ([*real, line.format("/elsewhere/libtorch_cpu.so")], None),
        "no libgomp mapped": ([ln for ln in real if "libgomp" not in ln], None),
        "another package's libgomp too": ([*real, line.format("/a/libgomp.so.1")], found),
        "as it is": (real, found),
    }
    maps = tmp_path / "maps"
    for label, (lines, expected) in cases.items():
        maps.write_text("".join(lines))
        assert torch_backend._openmp_entry_points(str(maps)) == expected, label
    assert torch_backend._openmp_entry_points(str(tmp_path / "missing")) is None


def test_torch_sign_kernel_takes_pytorchs_thread_count_in_every_thread():
    """The kernel asks torch.get_num_threads on each large call (which also applies
    torch.set_num_threads to a new Python thread's OpenMP count, as PyTorch's own kernels
    do): after torch.set_num_threads(1), a new thread's sign starts no OpenMP thread."""
    torch = pytest.importorskip("torch")
    kernels = pytest.importorskip("unitensor._kernels")
    from unitensor._backends import torch as torch_backend

    ut.astensor(torch.ones(1)).sign()
    if torch_backend.KERNELS_MODULE is None or _threads(torch) is None:
        pytest.skip("no kernel, or no GNU OpenMP runtime under PyTorch (the sum's check is used)")
    asked = []
    try:
        kernels.torch_setup(*_setup_arguments(torch, _threads(torch, lambda: asked.append(1) or 3)))
        x = np.resize(_specials(np.float32), 100003)
        _assert_sign(kernels.torch_sign(torch.from_numpy(x)).numpy(), np.sign(x))
        assert asked == [1]
        kernels.torch_sign(torch.from_numpy(x[:32768]))  # (one grain: one thread, not asked)
        assert asked == [1]
    finally:
        torch_backend._primitives()  # (sets torch_sign up again)
    script = """if True:
        import os, threading, numpy as np, torch, unitensor as ut
        torch.set_num_threads(1)
        x = torch.from_numpy(np.linspace(-1, 1, 4_000_001, dtype=np.float32))
        grown = []
        def work():
            before = len(os.listdir("/proc/self/task"))
            assert float(ut.astensor(x).sign().raw.sum()) == 0.0
            grown.append(len(os.listdir("/proc/self/task")) - before)
        t = threading.Thread(target=work)
        t.start()
        t.join()
        print(grown)
    """
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if not k.startswith("OMP_")}
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, env=env
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "[0]"


def test_torch_setup_refuses_bad_entry_points_and_keeps_its_state():
    """torch_setup's own errors; a refused call changes nothing, and without entry points
    the large sign is torch.sign where the sum is finite, else the general form."""
    torch = pytest.importorskip("torch")
    kernels = pytest.importorskip("unitensor._kernels")
    from unitensor._backends import torch as torch_backend

    if torch_backend.KERNELS_MODULE is None:  # (UNITENSOR_PURE_PYTHON: nothing to set up again)
        pytest.skip("unitensor._kernels is turned off")
    ut.astensor(torch.ones(1)).sign()
    x = np.resize(_specials(np.float32), 40000)
    finite = np.where(np.abs(x) < 1e30, x, np.float32(2.0))  # (a finite sum)
    count = torch.get_num_threads
    with pytest.raises(TypeError, match="None or a 4-tuple"):
        kernels.torch_setup(*_setup_arguments(torch, (1, 2, 3)))
    with pytest.raises(TypeError, match="None or a 4-tuple"):
        kernels.torch_setup(*_setup_arguments(torch, (1, 2, 3, 4)))  # (no count to call)
    with pytest.raises(ValueError, match="nonzero address"):
        kernels.torch_setup(*_setup_arguments(torch, (0, 1, 2, count)))
    with pytest.raises(TypeError, match="an int address"):
        kernels.torch_setup(*_setup_arguments(torch, ("a", 1, 2, count)))
    with pytest.raises(ValueError, match="grain size is at least 1"):
        kernels.torch_setup(*_setup_arguments(torch, None, grain=0))
    with pytest.raises(TypeError, match="takes 13 arguments"):
        kernels.torch_setup(*_setup_arguments(torch, None)[:11])
    expected = "taken" if _threads(torch) else "general"
    got = kernels.torch_sign(torch.from_numpy(x))  # (still as it was set up)
    assert ("general" if got is False else "taken") == expected
    try:
        kernels.torch_setup(*_setup_arguments(torch, None))
        assert kernels.torch_sign(torch.from_numpy(x)) is False
        _assert_sign(kernels.torch_sign(torch.from_numpy(finite)).numpy(), np.sign(finite))
        _assert_sign(ut.astensor(torch.from_numpy(x)).sign().raw.numpy(), np.sign(x))
    finally:
        torch_backend._primitives()  # (sets torch_sign up again)


@pytest.mark.parametrize("size", SIZES)
def test_torch_sign_without_the_kernel(monkeypatch, size):
    """Where unitensor._kernels is not built, the other forms give np.sign's values."""
    torch = pytest.importorskip("torch")
    from unitensor._backends import torch as torch_backend

    monkeypatch.setattr(torch_backend, "_one_pass_sign", None)
    for dtype in (np.float32, np.float64):
        x = np.resize(_specials(dtype), size)
        out = ut.astensor(torch.from_numpy(x)).sign().raw
        assert out.dtype == torch.from_numpy(x).dtype
        _assert_sign(out.numpy(), np.sign(x))


def test_torch_scalar_operands_under_jit_trace_are_made_in_no_trace():
    """A trace records the tensors made in it: a scalar operand made and kept in the trace's
    first run made its check's run differ ("Graphs differed across invocations")."""
    torch = pytest.importorskip("torch")
    x = np.linspace(-3.0, 3.0, 15, dtype=np.float32)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        traced = torch.jit.trace(lambda a: (ut.astensor(a) - 0.3712).raw, torch.from_numpy(x))
    y = x[::-1].copy()
    np.testing.assert_array_equal(traced(torch.from_numpy(y)).numpy(), y - np.float32(0.3712))


def test_torch_sign_in_c_equals_the_python_sign():
    """The fast path's sign in C (``_real_sign._in_c``: the kernel, then the other forms
    without a Python frame between) gives what ``_real_sign`` gives on each form's tensors."""
    torch = pytest.importorskip("torch")
    from unitensor._backends import torch as torch_backend

    ut.astensor(torch.zeros(1)).sign()  # (loads the primitives)
    if torch_backend.KERNELS_MODULE is None:
        assert not hasattr(torch_backend._real_sign, "_in_c")
        return
    in_c = torch_backend._real_sign._in_c
    x = np.resize(_specials(np.float32), (40, 1000))
    cases = {
        "kernel": torch.from_numpy(x[:3].copy()),
        "large": torch.from_numpy(x.copy()),
        "float64": torch.from_numpy(x[:5].astype(np.float64)),
        "float16": torch.from_numpy(x[:3].astype(np.float16)),
        "strided": torch.from_numpy(x)[::3, ::7],
        "neg bit": torch._neg_view(torch.from_numpy(x[:2].copy())),
        "requires grad": torch.from_numpy(x[:2].copy()).requires_grad_(True),
        "0-d": torch.tensor(float("nan")),
        "empty": torch.zeros(0, 4),
    }
    for label, a in cases.items():
        got, python = in_c(a), torch_backend._real_sign(a)
        assert type(got) is type(python) and got.dtype == python.dtype, label
        assert got.shape == python.shape and got.stride() == python.stride(), label
        assert got.requires_grad == python.requires_grad, label
        expected = np.sign(a.detach().resolve_neg().numpy())
        _assert_sign(np.atleast_1d(got.detach().float().numpy()), np.atleast_1d(expected))
    with pytest.raises(TypeError):
        in_c("not a tensor")


def test_torch_mean_in_c_equals_the_python_mean():
    """The fast path's mean in C (``_float_mean._in_c``: the sum over its kept divisor, or
    ``_float_mean`` for any other call) gives what ``_float_mean`` gives: values, dtype,
    shape, gradients."""
    torch = pytest.importorskip("torch")
    from unitensor._backends import torch as torch_backend

    ut.astensor(torch.zeros(2)).mean()  # (loads the primitives)
    if torch_backend.KERNELS_MODULE is None:
        assert not hasattr(torch_backend._float_mean, "_in_c")
        return
    in_c, python = torch_backend._float_mean._in_c, torch_backend._float_mean
    x = np.random.default_rng(3).standard_normal((40, 30))
    cases = {
        "float32": torch.from_numpy(x.astype(np.float32)),
        "float64": torch.from_numpy(x),
        "parameter": torch.nn.Parameter(torch.from_numpy(x.astype(np.float32))),
        "empty": torch.zeros(0, 3),
        "0-d": torch.tensor(2.5),
        "large": torch.from_numpy(np.resize(x, (1000, 1000)).astype(np.float32)),
    }
    for label, a in cases.items():
        for axes, keepdims in ((None, False), (None, True), (1, False), ((0, 1), True)):
            if a.ndim < 2 and axes is not None:
                continue
            got, expected = in_c(a, axes, keepdims), python(a, axes, keepdims)
            assert type(got) is type(expected) and got.dtype == expected.dtype, label
            assert got.shape == expected.shape, label
            np.testing.assert_array_equal(got.detach().numpy(), expected.detach().numpy())
            want = np.mean(a.detach().numpy(), axis=axes, keepdims=keepdims)
            np.testing.assert_allclose(got.detach().numpy(), want, rtol=1e-5)
    w = torch.from_numpy(x).requires_grad_(True)
    (g,) = torch.autograd.grad(in_c(w, None, False), w)
    np.testing.assert_array_equal(g.numpy(), np.full(x.shape, 1 / x.size))
    with pytest.raises(TypeError):
        in_c("not a tensor", None, False)


def test_torch_mean_in_c_while_compiling_takes_the_python_mean():
    """Non-strict ``torch.export`` runs eagerly with ``is_compiling()`` true: the C mean then
    leaves a plain tensor to ``_float_mean`` (``torch.mean``), which keeps no divisor in the
    program."""
    torch = pytest.importorskip("torch")
    from unitensor._backends import torch as torch_backend

    c = torch.arange(24.0).reshape(4, 6)
    ut.astensor(c).mean()  # (keeps the divisor of (float32, 24))

    class M(torch.nn.Module):
        def forward(self, x):
            return x + ut.astensor(c).mean().raw

    program = torch.export.export(M(), (torch.zeros(3),), strict=False)
    targets = [str(n.target) for n in program.graph.nodes if n.op == "call_function"]
    assert "aten.mean.dim" in targets and "aten.div_.Tensor" not in targets
    kept = torch_backend._MEAN_DIVISORS.get((torch.float32, 24))
    assert all(v is not kept for v in program.constants.values())
    np.testing.assert_array_equal(program.module()(torch.zeros(3)).numpy(), np.full(3, 11.5))
