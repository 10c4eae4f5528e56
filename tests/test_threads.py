"""unitensor used from several threads at once (ThreadPoolExecutor, 4 workers).

(a) elementwise ops and reductions on different inputs give NumPy's results;
(b) concurrent ``uniform`` / ``normal`` draws have the right shapes, dtypes and ranges, and
    ``ut.seed(n)`` followed by draws in one thread reproduces while other threads compute;
(c) gradient calls (``ut.value_and_grad``) from several threads give the analytic gradients;
(d) item assignment from 8 threads into one tensor loses no write (TensorFlow and JAX
    rebind the tensor's array: the read, the update and the rebinding are one step).
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import numpy as np

import unitensor as ut
from conftest import check, expected_dtype, make, randint, randn, to_numpy

WORKERS = 4
TASKS = 16


def run_parallel(fn, args, *, extra=()):
    """Run ``fn(arg)`` for every arg (and the ``extra`` callables) on a 4-worker pool.

    The tasks wait on a common gate so that they really start together; every result
    (and exception) is collected.
    """
    gate = threading.Event()

    def gated(f, *a):
        assert gate.wait(timeout=30)
        return f(*a)

    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        futures = [pool.submit(gated, fn, arg) for arg in args]
        extra_futures = [pool.submit(gated, f) for f in extra]
        gate.set()
        results = [f.result(timeout=60) for f in futures]
        extra_results = [f.result(timeout=60) for f in extra_futures]
    return results, extra_results


# --------------------------------------------------------------------- (a) ops


def _ops_task(backend, i):
    shape = ((2, 3), (4, 3))[i % 2]  # few shapes: JAX compiles once per shape
    x = randn(*shape, seed=100 + i)
    xi = randint(*shape, low=-20, high=21, seed=200 + i)
    small = np.clip(xi, -2, 2)
    t, ti, ts = make(backend, x), make(backend, xi), make(backend, small)
    for _ in range(3):
        check(t.exp(), backend, np.exp(x), rtol=2e-5)
        check(t.tanh(), backend, np.tanh(x), rtol=2e-5)
        check(t * 2.0 + 1.0, backend, x * 2.0 + 1.0)
        check(t / (ti.abs() + 1), backend, x / (np.abs(xi) + 1).astype(np.float32))
        check(ti.square() - ti, backend, np.square(xi) - xi)
        check(t.sum(axis=1), backend, np.sum(x, axis=1))
        check(t.mean(axis=0, keepdims=True), backend, np.mean(x, axis=0, keepdims=True))
        check(ti.sum(), backend, np.sum(xi), np.int64)
        check(ts.prod(axis=(0,)), backend, np.prod(small.astype(np.int64), axis=0), np.int64)
        check(t.max(axis=-1), backend, np.max(x, axis=-1))
        check(ti.min(), backend, np.min(xi))
        check((t > 0).any(axis=1), backend, np.any(x > 0, axis=1))
        check((ti != 0).all(), backend, np.all(xi != 0))
        check(ut.matmul(t, t.T), backend, x @ x.T, rtol=1e-4, atol=1e-5)
    return i


def test_parallel_elementwise_and_reductions(backend):
    results, _ = run_parallel(lambda i: _ops_task(backend, i), range(TASKS))
    assert results == list(range(TASKS))


# --------------------------------------------------------------------- (b) random


def _draw_task(backend, i):
    first = to_numpy(make(backend, np.zeros(2, np.float32)).normal((50,), 3.0, 0.5))
    dtype = (np.float32, np.float64)[i % 2]
    t = make(backend, np.zeros(2, dtype=dtype))
    want = expected_dtype(backend, dtype)
    low, high = -1.0 - i, 2.0 + i
    shape = (3 + i % 5, 1 + i % 3)
    for _ in range(5):
        u = ut.uniform(t, shape, low, high)
        v = to_numpy(u)
        assert u.shape == shape and v.shape == shape
        assert v.dtype == want
        assert np.all(v >= low) and np.all(v < high), (low, high, v)
        n = t.normal((50,), 3.0, 0.5)
        w = to_numpy(n)
        assert n.shape == (50,) and w.dtype == want
        assert np.all(np.isfinite(w)) and abs(float(w.mean()) - 3.0) < 0.5
    return first


def test_concurrent_random_draws(backend):
    ut.seed(2024)  # seeded (as a user would): the threads must still draw different numbers
    results, _ = run_parallel(lambda i: _draw_task(backend, i), range(TASKS))
    # every task starts with the same draw (normal((50,), 3.0, 0.5), float32): the
    # numbers must differ between tasks (threads share the seeded generator)
    for i, a in enumerate(results):
        for b in results[i + 1 :]:
            assert not np.array_equal(a, b), "two threads drew the same random numbers"


def _seeded_sequence(backend, n):
    t = make(backend, np.zeros(2, dtype=np.float32))
    ut.seed(n)
    draws = []
    for k in range(4):
        draws.append(to_numpy(ut.uniform(t, (7, 3), -2.0, 3.0)))
        draws.append(to_numpy(t.normal((5,), float(k), 2.0)))
    return draws


def _busy(backend, i):
    """Unrelated (non-random) work for the other threads."""
    x = randn(30, 30, seed=300 + i)
    t = make(backend, x)
    for _ in range(15):
        check(t.sin().sum(axis=0), backend, np.sin(x).sum(axis=0), rtol=1e-4, atol=1e-5)
        check((t @ t).max(), backend, np.max(x @ x), rtol=1e-4, atol=1e-4)
    return i


def test_seed_reproduces_in_one_thread_while_others_compute(backend):
    reference = _seeded_sequence(backend, 1234)
    for seed in (1234, 99):
        results, busy = run_parallel(
            lambda n: [_seeded_sequence(backend, n), _seeded_sequence(backend, n)],
            [seed],
            extra=[lambda i=i: _busy(backend, i) for i in range(6)],
        )
        (first, second), *_ = results
        assert busy == list(range(6))
        for a, b in zip(first, second, strict=True):
            np.testing.assert_array_equal(a, b)  # seed(n) + draws reproduce in the thread
        for a, b in zip(first, reference, strict=True):
            if seed == 1234:  # ... and equal the same sequence drawn in the main thread
                np.testing.assert_array_equal(a, b)
        if seed == 99:
            assert not np.array_equal(first[0], reference[0])


# --------------------------------------------------------------------- (c) gradients


def _sum_of_squares(x):
    return (x**2).sum()


def _weighted(x, w, *, offset):
    return (w * (x - offset) * (x - offset)).sum()


def _grad_task(backend, i):
    x = randn(3 + i % 4, 2, seed=400 + i, dtype=(np.float32, np.float64)[i % 2])
    w = randn(2, seed=500 + i, dtype=x.dtype)
    t = make(backend, x)
    for _ in range(3):
        value, grad = ut.value_and_grad(_sum_of_squares, t)
        check(value, backend, np.sum(x.astype(np.float64) ** 2), x.dtype, rtol=1e-5)
        check(grad, backend, 2 * x, rtol=1e-5)
        value, grad = ut.value_and_grad(_weighted, t, make(backend, w), offset=0.5 * i)
        d = x.astype(np.float64) - 0.5 * i
        check(value, backend, np.sum(w * d * d), x.dtype, rtol=1e-4, atol=1e-5)
        check(grad, backend, 2 * w * d, x.dtype, rtol=1e-4, atol=1e-5)
        check(ut.grad(_sum_of_squares, t), backend, 2 * x, rtol=1e-5)
    np.testing.assert_array_equal(to_numpy(t), x.astype(expected_dtype(backend, x.dtype)))
    if backend == "torch":
        assert t.raw.grad is None and not t.raw.requires_grad
    return i


def test_parallel_value_and_grad(grad_backend):
    results, _ = run_parallel(lambda i: _grad_task(grad_backend, i), range(TASKS))
    assert results == list(range(TASKS))


def test_seed_in_one_thread_applies_to_every_thread(backend):
    """``ut.seed`` is global: seeding in a worker governs the next draws in this thread."""
    reference = _seeded_sequence(backend, 77)
    t = make(backend, np.zeros(2, dtype=np.float32))
    ut.uniform(t, (3,))  # this thread's generator is in use already
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(ut.seed, 77).result(timeout=60)
    draws = []
    for k in range(4):
        draws.append(to_numpy(ut.uniform(t, (7, 3), -2.0, 3.0)))
        draws.append(to_numpy(t.normal((5,), float(k), 2.0)))
    for a, b in zip(draws, reference, strict=True):
        np.testing.assert_array_equal(a, b)


# ------------------------------------------------------------- (d) item assignment


def test_item_assignment_from_threads_loses_no_write(backend):
    """8 threads each write their own row of one tensor, an element or a slice at a time
    (scikit-learn's pairwise_distances(n_jobs=2) writes slices of one output so): every
    write is there at the end, on every backend."""
    rows, cols, rounds = 8, 16, 4
    expected = np.arange(1, rows * cols + 1, dtype=np.float32).reshape(rows, cols)
    for _ in range(rounds):
        t = make(backend, np.zeros((rows, cols), np.float32))
        gate = threading.Barrier(rows)

        def write_row(i, t=t, gate=gate):
            gate.wait(timeout=30)
            for j in range(0, cols, 2):
                t[i, j] = float(expected[i, j])  # one element
                t[i, j + 1 : j + 2] = make(backend, expected[i, j + 1 : j + 2])  # a slice
            return i

        with ThreadPoolExecutor(max_workers=rows) as pool:
            done = [f.result(timeout=120) for f in [pool.submit(write_row, i) for i in range(rows)]]
        assert done == list(range(rows))
        check(t, backend, expected)
