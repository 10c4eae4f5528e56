"""Explicit random keys (issue 13): ut.random.key / split / fold_in, and key= on uniform,
normal, randint, permutation and bernoulli: reproducible within a framework, fresh for
every key, traceable by jax.jit, tf.function and torch.compile with the key an argument."""

import numpy as np
import pytest

import unitensor as ut
from conftest import check, expected_dtype, make, to_numpy
from unitensor._backends._threefry import threefry2x32

MASK = 0xFFFFFFFF


def template(backend, dtype=np.float32):
    return make(backend, np.zeros(2, dtype=dtype))


@pytest.fixture
def statistics_chunks(backend):
    """Thousands of draws for a statistic: on Dask in 4 KiB chunks (two or more for each
    statistic's draw, so the counters still cross chunk boundaries) rather than the suite's
    64 bytes, where each of the generator's hundred operations is hundreds of tasks."""
    if backend != "dask":
        yield
        return
    import dask

    with dask.config.set({"array.chunk-size": "4KiB"}):
        yield


def key_dtype(backend):
    return np.uint32 if backend == "jax" else np.int64


# ------------------------------------------------------------------ keys


@pytest.mark.parametrize("seed", [0, 42, 2**40 + 7, -1])
def test_key_words(backend, seed):
    k = ut.random.key(seed, like=template(backend))
    words = [(seed >> 32) & MASK, seed & MASK]
    check(k, backend, np.array(words, dtype=key_dtype(backend)))


def test_key_is_jax_prngkey():
    jax = pytest.importorskip("jax")
    k = ut.random.key(1234, like=template("jax"))
    np.testing.assert_array_equal(to_numpy(k), np.asarray(jax.random.PRNGKey(1234)))
    # the same numbers as jax.random for the same key
    u = template("jax").uniform(5, key=k)
    np.testing.assert_array_equal(to_numpy(u), np.asarray(jax.random.uniform(k.raw, (5,))))


def test_key_from_a_backend_name(backend):
    k = ut.random.key(3, like=backend)
    check(k, backend, np.array([0, 3], dtype=key_dtype(backend)))
    with pytest.raises(ValueError, match="unknown backend"):
        ut.random.key(3, like="caffe")
    with pytest.raises(TypeError, match="seed"):
        ut.random.key(1.5, like=backend)


def test_split_and_fold_in(backend):
    k = ut.random.key(0, like=template(backend))
    keys = ut.random.split(k, 3)
    assert keys.shape == (3, 2)
    rows = to_numpy(keys)
    assert len({tuple(r) for r in rows}) == 3
    np.testing.assert_array_equal(to_numpy(ut.random.split(k, 3)), rows)  # pure
    k1, k2 = ut.random.split(k)
    assert not np.array_equal(to_numpy(k1), to_numpy(k2))
    f1, f1_again, f2 = (ut.random.fold_in(k, d) for d in (1, 1, 2))
    assert f1.shape == (2,)
    np.testing.assert_array_equal(to_numpy(f1), to_numpy(f1_again))
    assert not np.array_equal(to_numpy(f1), to_numpy(f2))
    step = ut.astensor(np.array(1)) if backend == "numpy" else make(backend, np.array(1))
    np.testing.assert_array_equal(to_numpy(ut.random.fold_in(k, step)), to_numpy(f1))


def test_key_errors(backend):
    t = template(backend)
    k = ut.random.key(0, like=t)
    with pytest.raises(ValueError, match="num"):
        ut.random.split(k, 0)
    with pytest.raises(ut.ShapeError):
        t.uniform(3, key=ut.random.split(k, 2))
    with pytest.raises(ut.DTypeError):
        t.uniform(3, key=make(backend, np.zeros(2, dtype=np.float32)))
    with pytest.raises(TypeError):
        ut.random.fold_in(k, True)
    other = "numpy" if backend != "numpy" else "torch"
    with pytest.raises(ut.FrameworkMixError):
        t.normal(3, key=ut.random.key(0, like=other))


# ------------------------------------------------------------------ draws


def test_draws_are_functions_of_the_key(backend):
    t = template(backend)
    k1, k2 = ut.random.split(ut.random.key(7, like=t))
    for draw in (
        lambda k: t.uniform((2, 3), key=k),
        lambda k: ut.uniform(t, (2, 3), -2.0, 5.0, key=k),
        lambda k: t.normal(6, key=k),
        lambda k: ut.normal(t, 6, 1.0, 3.0, key=k),
        lambda k: t.randint(8, 0, 1000, key=k),
        lambda k: ut.arange(t, 10).permutation(key=k),
        lambda k: t.bernoulli(16, 0.5, key=k),
    ):
        a, again, b = to_numpy(draw(k1)), to_numpy(draw(k1)), to_numpy(draw(k2))
        np.testing.assert_array_equal(a, again)
        assert not np.array_equal(a, b)


@pytest.mark.usefixtures("statistics_chunks")
def test_uniform_and_normal_shapes_dtypes_and_statistics(backend):
    t = template(backend)
    k = ut.random.key(11, like=t)
    u = t.uniform((100, 100), -1.0, 3.0, key=k)
    got = check_meta(u, backend, (100, 100), np.float32)
    assert got.min() >= -1.0 and got.max() < 3.0
    assert abs(got.mean() - 1.0) < 0.05
    n = t.normal((100, 100), 2.0, 0.5, key=k)
    got = check_meta(n, backend, (100, 100), np.float32)
    assert abs(got.mean() - 2.0) < 0.02 and abs(got.std() - 0.5) < 0.02
    if expected_dtype(backend, np.float64) == np.float64:
        u64 = t.uniform(1000, dtype="float64", key=k)
        check_meta(u64, backend, (1000,), np.float64)
        n64 = t.normal(1000, dtype="float64", key=k)
        assert abs(check_meta(n64, backend, (1000,), np.float64).mean()) < 0.15


def check_meta(t, backend, shape, dtype):
    assert ut.istensor(t) and tuple(t.shape) == shape
    got = to_numpy(t)
    assert got.dtype == expected_dtype(backend, dtype), (got.dtype, dtype)
    return got


@pytest.mark.usefixtures("statistics_chunks")
def test_randint_with_key(backend):
    t = template(backend)
    k = ut.random.key(5, like=t)
    r = t.randint((50, 40), -3, 4, key=k)
    got = check_meta(r, backend, (50, 40), np.int64)
    assert set(np.unique(got)) == set(range(-3, 4))
    r = ut.randint(t, 1000, 6, dtype="int32", key=k)
    assert set(np.unique(check_meta(r, backend, (1000,), np.int32))) == set(range(6))
    with pytest.raises(ValueError, match="below"):
        t.randint(3, 5, 5, key=k)
    with pytest.raises(ValueError, match="fit"):
        t.randint(3, 0, 300, dtype="int8", key=k)
    with pytest.raises(TypeError):
        t.randint(3, 0, 5, dtype="float32", key=k)


def test_permutation_with_key(backend):
    x = make(backend, np.arange(12, dtype=np.float32).reshape(3, 4))
    k = ut.random.key(2, like=x)
    p = x.permutation(axis=1, key=k)
    got = check_meta(p, backend, (3, 4), np.float32)
    order = got[0].astype(int)
    assert sorted(order) == [0, 1, 2, 3]
    np.testing.assert_array_equal(got, np.arange(12).reshape(3, 4)[:, order])
    assert sorted(to_numpy(ut.permutation(x, key=k))[:, 0].tolist()) == [0.0, 4.0, 8.0]
    with pytest.raises(ut.AxisError):
        x.permutation(axis=2, key=k)


@pytest.mark.usefixtures("statistics_chunks")
def test_bernoulli_with_key(backend):
    t = template(backend)
    k = ut.random.key(9, like=t)
    b = t.bernoulli((100, 100), 0.3, key=k)
    got = check_meta(b, backend, (100, 100), np.bool_)
    assert abs(got.mean() - 0.3) < 0.02
    assert not to_numpy(t.bernoulli(50, 0.0, key=k)).any()
    assert to_numpy(ut.bernoulli(t, 50, 1.0, key=k)).all()
    p = make(backend, np.array([0.0, 1.0], dtype=np.float32))
    np.testing.assert_array_equal(to_numpy(t.bernoulli((3, 2), p, key=k)), [[0, 1]] * 3)
    with pytest.raises(ValueError, match="probability"):
        t.bernoulli(3, 1.5, key=k)


def test_dask_draws_in_small_chunks_equal_numpys():
    """Dask draws each chunk from the counters of its own offset: at the suite's 64-byte
    chunks (a draw of 50 values in 8 chunks) the values are NumPy's for the same key."""
    dask = pytest.importorskip("dask")
    import dask.array as da

    with dask.config.set({"array.chunk-size": "64B"}):
        kn, kd = ut.random.key(21, like="numpy"), ut.random.key(21, like="dask")
        tn, td = template("numpy"), ut.astensor(da.zeros(2, dtype=np.float32))
        draws = {
            "uniform": lambda t, k: t.uniform(50, key=k),
            "randint": lambda t, k: t.randint((7, 9), 0, 99, key=k),
            "bernoulli": lambda t, k: t.bernoulli(30, 0.3, key=k),
            "normal": lambda t, k: t.normal(40, key=k),
        }
        for name, draw in draws.items():
            d, n = draw(td, kd), draw(tn, kn)
            assert isinstance(d.raw, da.Array) and d.raw.numblocks[0] > 1, name
            got, expected = np.asarray(d.raw.compute()), np.asarray(n.raw)
            assert got.dtype == expected.dtype and got.shape == expected.shape, name
            np.testing.assert_allclose(got, expected, rtol=1e-6 if name == "normal" else 0)


def test_numpy_and_torch_share_the_generator():
    pytest.importorskip("torch")
    kn, kt = ut.random.key(21, like="numpy"), ut.random.key(21, like="torch")
    tn, tt = template("numpy"), template("torch")
    np.testing.assert_array_equal(to_numpy(tn.uniform(7, key=kn)), to_numpy(tt.uniform(7, key=kt)))
    np.testing.assert_array_equal(
        to_numpy(tn.randint(7, 0, 99, key=kn)), to_numpy(tt.randint(7, 0, 99, key=kt))
    )
    np.testing.assert_allclose(
        to_numpy(tn.normal(7, key=kn)), to_numpy(tt.normal(7, key=kt)), rtol=1e-6
    )


@pytest.mark.parametrize(
    ("key", "counter", "expected"),
    [  # Random123's known-answer vectors for Threefry-2x32, 20 rounds
        ((0, 0), (0, 0), (0x6B200159, 0x99BA4EFE)),
        ((MASK, MASK), (MASK, MASK), (0x1CB996FC, 0xBB002BE7)),
        ((0x13198A2E, 0x03707344), (0x243F6A88, 0x85A308D3), (0xC4923A9C, 0x483DF7A0)),
    ],
)
def test_threefry_known_answers(key, counter, expected):
    out = threefry2x32(*(np.int64(w) for w in key), *(np.int64(w) for w in counter))
    assert tuple(int(w) for w in out) == expected


# ------------------------------------------------------------------ the draws without a key


def test_seed_keeps_working_for_the_new_draws(backend):
    t = template(backend)
    draws = []
    for _ in range(2):
        ut.seed(123)
        draws.append(
            (
                to_numpy(t.randint(10, 0, 100)),
                to_numpy(ut.arange(t, 8).permutation()),
                to_numpy(t.bernoulli(8)),
            )
        )
    for a, b in zip(*draws, strict=True):
        np.testing.assert_array_equal(a, b)
    assert sorted(draws[0][1].tolist()) == list(range(8))


# ------------------------------------------------------------------ under transformations


def test_vmap_over_a_batch_of_keys(backend):
    t = template(backend)
    keys = ut.random.split(ut.random.key(4, like=t), 3)
    out = ut.vmap(lambda k: t.uniform(5, key=k))(keys)
    rows = np.stack([to_numpy(t.uniform(5, key=keys[i])) for i in range(3)])
    np.testing.assert_allclose(to_numpy(out), rows, rtol=1e-6)


def _noisy_step(w, x, key):
    """A training step with dropout: the gradient of a loss with a random mask."""

    def loss(w):
        keep = x.bernoulli(x.shape, 0.5, key=key)
        return ((keep.where(x, 0.0) * w).sum() - 1.0) ** 2

    return ut.grad(loss)(w)


def test_keys_inside_jax_jit():
    jax = pytest.importorskip("jax")
    w, x = make("jax", np.ones(6, dtype=np.float32)), make("jax", np.arange(6, dtype=np.float32))
    k = ut.random.key(0, like=w)

    def step(w, x, key, n):
        draw = ut.astensor(x).uniform(4, key=ut.random.fold_in(ut.astensor(key), ut.astensor(n)))
        return _noisy_step(ut.astensor(w), ut.astensor(x), ut.astensor(key)).raw, draw.raw

    compiled = jax.jit(step)
    g1, d1 = compiled(w.raw, x.raw, k.raw, np.int32(1))
    g2, d2 = compiled(w.raw, x.raw, ut.random.split(k)[0].raw, np.int32(2))
    eager_g = _noisy_step(w, x, k)
    np.testing.assert_allclose(np.asarray(g1), to_numpy(eager_g), rtol=1e-6)
    assert not np.array_equal(np.asarray(g1), np.asarray(g2)) or not np.array_equal(d1, d2)
    np.testing.assert_array_equal(
        np.asarray(d1), to_numpy(x.uniform(4, key=ut.random.fold_in(k, 1)))
    )
    assert compiled._cache_size() == 1  # a new key is a new value, not a recompilation


def test_keys_inside_tf_function():
    tf = pytest.importorskip("tensorflow")
    w, x = (
        make("tensorflow", np.ones(6, dtype=np.float32)),
        make("tensorflow", np.arange(6, dtype=np.float32)),
    )
    k = ut.random.key(0, like=w)
    traces = []

    @tf.function(autograph=False)  # AutoGraph (its warnings, its cost) is ut.jit's concern
    def step(w, x, key):
        traces.append(1)
        return _noisy_step(ut.astensor(w), ut.astensor(x), ut.astensor(key)).raw, ut.astensor(
            x
        ).normal(4, key=ut.astensor(key)).raw

    g1, n1 = step(w.raw, x.raw, k.raw)
    _, n2 = step(w.raw, x.raw, ut.random.split(k)[1].raw)
    np.testing.assert_allclose(g1.numpy(), to_numpy(_noisy_step(w, x, k)), rtol=1e-6)
    np.testing.assert_allclose(n1.numpy(), to_numpy(x.normal(4, key=k)), rtol=1e-6)
    assert not np.array_equal(n1.numpy(), n2.numpy())
    assert len(traces) == 1


def test_keys_inside_torch_compile():
    torch = pytest.importorskip("torch")
    x = make("torch", np.arange(6, dtype=np.float32))
    k = ut.random.key(0, like=x)

    def draw(x, key):
        t, kk = ut.astensor(x), ut.astensor(key)
        return (
            t + t.uniform(t.shape, key=kk) + t.randint(t.shape, 0, 5, key=kk).astype("float32")
        ).raw

    compiled = torch.compile(draw, backend="aot_eager", fullgraph=True)
    a = compiled(x.raw, k.raw)
    b = compiled(x.raw, ut.random.fold_in(k, 1).raw)
    np.testing.assert_allclose(a.numpy(), to_numpy(draw(x.raw, k.raw)), rtol=1e-6)
    assert not torch.equal(a, b)


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
@pytest.mark.usefixtures("statistics_chunks")
def test_narrow_uniforms_stay_below_high(backend, dtype):
    t = template(backend)
    u = t.uniform(4096, dtype=dtype, key=ut.random.key(0, like=t)).astype("float32")
    got = to_numpy(u)
    assert got.min() >= 0.0 and got.max() < 1.0


def test_draws_without_a_key_inside_vmap(backend):
    """Different for every element (as a loop) where the framework allows it; JAX raises."""
    xs = make(backend, np.zeros((3, 4), dtype=np.float32))

    def noisy(r):
        return r + r.uniform(r.shape)

    if backend == "jax":
        with pytest.raises(RuntimeError, match="key="):
            ut.vmap(noisy)(xs)
        return
    out = to_numpy(ut.vmap(noisy)(xs))
    assert out.shape == (3, 4) and len({tuple(r) for r in out}) == 3
