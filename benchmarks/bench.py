"""unitensor's overhead against native code, measured side by side.

For every installed backend and each workload, the native code and the same
code written with unitensor run interleaved in one process (native block,
unitensor block, native block, ...); the table reports the median time per
call of each and the ratio unitensor / native (the median of the ratios
within each round). If EagerPy is importable, the same unitensor-style code
is timed with it too, as a third column.

``--ops`` prints instead where the time goes on 10x10 arrays (``--size
1000``: 1000x1000): every operation of the two workloads alone, and
indexing (``t[:, 0]``, ``t[idx]``, ``t[mask]``), native against unitensor,
and the overhead per call in microseconds; its first row is native code
against itself.

Every ratio comes with its 95 % confidence interval (of the median over
rounds, ``median_interval``), and the run ends with the goals of the performance work
(10x10 workloads <= 1.10, 1000x1000 <= 1.02, train step <= 1.05, the
namespace within 5 % of the method), met or missed.

Workloads:

- ``chain``: ``astensor(x).square().sum(axis=-1).sqrt().raw``;
- ``update``: ``(x + 0.01 * (x - 0.5).sign()).clip(0, 1).abs().mean()``
  (eight operations), wrapping and unwrapping included;
- both on a 10x10 and a 1000x1000 float32 array;
- ``train step``: one gradient-descent step of the demo's MLP (autodiff);
- ``round trip``: ``astensor(x).raw`` alone;
- ``noise``: the native 10x10 chain against itself, the floor below which
  a ratio is noise.

The ``xp`` columns time chain and update written against the Array API
namespace (``unitensor.array_api.<backend>``: ``xp.sqrt(xp.sum(...))``) in
the same rounds; ``xp/method`` is the namespace's time over the method
chain's (its ratio to native over the method's), which should be within 5 %.

The compiled section (after the eager table; ``--compiled`` prints it
alone) times, per compiling framework, the 10x10 chain and the training
step three ways, interleaved as above: the unitensor code under ``ut.jit``,
the same code written natively and compiled natively (``torch.compile``,
``tf.function``, ``jax.jit``), and eager native code. Its ratios are
``ut.jit`` / native compiled and ``ut.jit`` / eager native.

Run ``python benchmarks/bench.py`` (``make bench``); ``--docs`` also writes
``docs/benchmarks-results.md`` and ``docs/benchmarks.png``.

The script restarts itself once with glibc's allocator told to keep freed
memory (``MALLOC_MMAP_THRESHOLD_``, ``MALLOC_TRIM_THRESHOLD_``). By default
glibc returns each freed multi-megabyte array to the operating system and
page-faults a fresh one in on the next call; on the 1000x1000 workloads
that made the same native code vary by 2x between runs and hid the compute
under page faults. Both native and unitensor code run under the same
setting.
"""

from __future__ import annotations

import argparse
import importlib
import math
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import unitensor as ut
from unitensor import demo
from unitensor.array_api import namespace

ROOT = Path(__file__).resolve().parent.parent
BACKENDS = ("numpy", "torch", "tensorflow", "jax")
MALLOC_ENV = {"MALLOC_MMAP_THRESHOLD_": "1073741824", "MALLOC_TRIM_THRESHOLD_": "1073741824"}


def _restart_with_steady_allocator() -> None:
    """Re-run this script once with MALLOC_ENV set (see the module docstring)."""
    if all(os.environ.get(k) == v for k, v in MALLOC_ENV.items()):
        return
    env = {**os.environ, **MALLOC_ENV}
    os.execve(sys.executable, [sys.executable, *sys.argv], env)


def _framework(name: str) -> Any:
    """The framework module of a backend, or None if it is not installed."""
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def _eagerpy() -> Any:
    """The real EagerPy, if installed (never unitensor's compat package)."""
    try:
        import eagerpy
    except ImportError:
        return None
    return None if eagerpy.__name__.startswith("unitensor") else eagerpy


def _native_ops(
    name: str,
) -> tuple[Callable[[Any], Any], Callable[[Any], Any], Callable[[Any], Any]]:
    """(to_native(np_array), chain(x), update(x)) written natively for a backend."""
    if name == "numpy":
        return (
            lambda a: a,
            lambda x: np.sqrt(np.sum(np.square(x), axis=-1)),
            lambda x: np.mean(np.abs(np.clip(x + 0.01 * np.sign(x - 0.5), 0, 1))),
        )
    if name == "torch":
        torch = importlib.import_module("torch")
        return (
            torch.from_numpy,
            lambda x: torch.sqrt(torch.sum(torch.square(x), dim=-1)),
            lambda x: torch.mean(torch.abs(torch.clamp(x + 0.01 * torch.sign(x - 0.5), 0, 1))),
        )
    if name == "tensorflow":
        tf = importlib.import_module("tensorflow")
        return (
            tf.constant,
            lambda x: tf.sqrt(tf.reduce_sum(tf.square(x), axis=-1)),
            lambda x: tf.reduce_mean(
                tf.abs(tf.clip_by_value(x + 0.01 * tf.sign(x - 0.5), 0.0, 1.0))
            ),
        )
    jnp = importlib.import_module("jax.numpy")
    return (
        jnp.asarray,
        lambda x: jnp.sqrt(jnp.sum(jnp.square(x), axis=-1)).block_until_ready(),
        lambda x: jnp.mean(
            jnp.abs(jnp.clip(x + 0.01 * jnp.sign(x - 0.5), 0, 1))
        ).block_until_ready(),
    )


def _indexing_ops(name: str, x: Any) -> list[tuple[str, Callable[[Any], Any], Any]]:
    """(label, native(x), index) for ``x[:, 0]``, ``x[idx]`` and ``x[mask]``.

    The index is a native array of the framework, as code holding native
    arrays would pass it; unitensor's side is ``t[index]``.
    """
    rng = np.random.default_rng(1)
    idx_np = rng.integers(0, x.shape[0], size=5)
    mask_np = rng.random(tuple(x.shape)) > 0.5
    to_native = _native_ops(name)[0]
    idx, mask = to_native(idx_np), to_native(mask_np)
    if name == "tensorflow":
        tf = _framework(name)
        take = (lambda a, i=idx: tf.gather(a, i), idx)
        masked = (lambda a, m=mask: tf.boolean_mask(a, m), mask)
    else:
        take = (lambda a, i=idx: a[i], idx)
        masked = (lambda a, m=mask: a[m], mask)
    column = slice(None), 0
    return [
        ("x[:, 0]", lambda a: a[:, 0], column),
        ("x[idx]", *take),
        ("x[mask]", *masked),
    ]


def _single_ops(name: str) -> list[tuple[str, Callable[[Any], Any], Callable[[Any], Any]]]:
    """(label, native(x), unitensor(t)) for each operation of the workloads alone.

    Both sides are written as a user writes them (``torch.sign(x)`` against
    ``t.sign()``), compiled from source: a call through ``getattr`` or a
    prebound function would time a harness no user code pays for. The
    unitensor side gets a tensor wrapped beforehand, so that its column is
    the cost of the operation alone (the second row times the wrapping).
    The first row times native code against itself: the noise floor.
    """
    fw = _framework(name)
    if name == "numpy":
        module, functions = "np", {"sign": "sign", "square": "square", "sqrt": "sqrt", "abs": "abs"}
        total, mean, clip = "np.sum(x, axis=-1)", "np.mean(x)", "np.clip(x, 0, 1)"
    elif name == "torch":
        module, functions = "fw", {k: k for k in ("sign", "square", "sqrt", "abs")}
        total, mean, clip = "fw.sum(x, dim=-1)", "fw.mean(x)", "fw.clamp(x, 0, 1)"
    elif name == "tensorflow":
        module, functions = "fw.math", {k: k for k in ("sign", "square", "sqrt", "abs")}
        total, mean = "fw.reduce_sum(x, axis=-1)", "fw.reduce_mean(x)"
        clip = "fw.clip_by_value(x, 0.0, 1.0)"
    else:
        module, functions = "jnp", {k: k for k in ("sign", "square", "sqrt", "abs")}
        total, mean, clip = "jnp.sum(x, axis=-1)", "jnp.mean(x)", "jnp.clip(x, 0, 1)"
    scope = {
        "np": np,
        "fw": fw,
        "ut": ut,
        "jnp": _framework("jax.numpy") if name == "jax" else None,
    }

    def compiled(native: str, mine: str) -> tuple[Callable[[Any], Any], Callable[[Any], Any]]:
        return eval(f"lambda x: {native}", scope), eval(f"lambda t: {mine}", scope)

    rows = [
        ("noise: x - 0.5", "x - 0.5", "t.raw - 0.5"),
        ("astensor(x).raw", "x", "ut.astensor(t.raw).raw"),
        ("x - 0.5", "x - 0.5", "t - 0.5"),
        ("0.01 * x", "0.01 * x", "0.01 * t"),
        ("x + x", "x + x", "t + t"),
        *((f"{k}(x)", f"{module}.{f}(x)", f"t.{k}()") for k, f in functions.items()),
        ("sum(x, axis=-1)", total, "t.sum(axis=-1)"),
        ("mean(x)", mean, "t.mean()"),
        ("clip(x, 0, 1)", clip, "t.clip(0, 1)"),
    ]
    return [(label, *compiled(native, mine)) for label, native, mine in rows]


def run_ops(budget: float, backends: tuple[str, ...], size: int = 10) -> None:
    """Print each workload operation alone on size x size: native, unitensor, overhead."""
    print(f"{'backend':<11} {'operation':<17} {'native us':>10} {'unitensor us':>13} {'+us':>6}")
    for name in backends:
        if _framework(name) is None:
            continue
        to_native = _native_ops(name)[0]
        x = to_native(np.random.default_rng(0).random((size, size), dtype=np.float32))
        t = ut.astensor(x)
        ops = list(_single_ops(name))
        for label, native_index, index in _indexing_ops(name, x):
            ops.append((label, native_index, lambda t, i=index: t[i]))
        for label, native, op in ops:
            timing = measure([native, lambda x, op=op, t=t: op(t)], x, budget / 4)
            tn, tu = timing.seconds(0), timing.seconds(1)
            assert tn is not None and tu is not None
            print(
                f"{name:<11} {label:<17} {tn * 1e6:>10.2f} {tu * 1e6:>13.2f} "
                f"{(tu - tn) * 1e6:>6.2f}",
                flush=True,
            )


def _wrapped_ops(lib: Any, jax_sync: bool) -> tuple[Callable[[Any], Any], Callable[[Any], Any]]:
    """chain and update written once against unitensor's (or EagerPy's) API."""

    # (JAX's result is waited for, as the native code waits; elsewhere no call more than
    # the native code makes: a Python call costs about 1 % of the 10x10 chain)
    def chain(x: Any) -> Any:
        r = lib.astensor(x).square().sum(axis=-1).sqrt().raw
        return r.block_until_ready() if jax_sync else r

    def update(x: Any) -> Any:
        t = lib.astensor(x)
        r = (t + 0.01 * (t - 0.5).sign()).clip(0, 1).abs().mean().raw
        return r.block_until_ready() if jax_sync else r

    return chain, update


def _namespace_ops(name: str, jax_sync: bool) -> tuple[Callable[[Any], Any], Callable[[Any], Any]]:
    """chain and update written against the Array API namespace ``unitensor.array_api.<name>``."""
    xp = namespace(name)

    def chain(x: Any) -> Any:
        r = xp.sqrt(xp.sum(xp.square(ut.astensor(x)), axis=-1)).raw
        return r.block_until_ready() if jax_sync else r

    def update(x: Any) -> Any:
        t = ut.astensor(x)
        step = xp.clip(xp.add(t, xp.multiply(0.01, xp.sign(xp.subtract(t, 0.5)))), 0, 1)
        r = xp.mean(xp.abs(step)).raw
        return r.block_until_ready() if jax_sync else r

    return chain, update


def _round_trip(lib: Any) -> Callable[[Any], Any]:
    def round_trip(x: Any) -> Any:
        return lib.astensor(x).raw

    return round_trip


def _per_call(fn: Callable[[Any], Any], arg: Any, number: int) -> float:
    start = time.perf_counter()
    for _ in range(number):
        fn(arg)
    return (time.perf_counter() - start) / number


def median_interval(values: list[float]) -> tuple[float, float]:
    """A distribution-free 95 % confidence interval of the median of ``values``.

    The order statistics whose ranks the binomial distribution of "how many
    samples lie below the median" puts 1.96 standard deviations from n/2
    (the normal approximation; at least 5 samples are taken).
    """
    ordered = sorted(values)
    n = len(ordered)
    half = 1.96 * math.sqrt(n) / 2
    low = max(0, math.floor(n / 2 - half))
    high = min(n - 1, math.ceil(n / 2 + half) - 1)
    return ordered[low], ordered[high]


@dataclass
class Timing:
    """Seconds per call of each function in every round (``measure``)."""

    samples: list[list[float]]

    def seconds(self, i: int) -> float | None:
        """Median seconds per call of function ``i`` (None if it did not run)."""
        return statistics.median(self.samples[i]) if self.samples[i] else None

    def ratio(self, i: int, base: int = 0) -> tuple[float, tuple[float, float]] | None:
        """Median over rounds of ``i``'s time over ``base``'s in that round, and its interval.

        The ratio within each round drifts less than a ratio of medians; the
        interval is the 95 % confidence interval of the median
        (``median_interval``). None if either function did not run.
        """
        a, b = self.samples[i], self.samples[base]
        if not a or not b:
            return None
        per_round = [x / y for x, y in zip(a, b, strict=True)]
        return statistics.median(per_round), median_interval(per_round)


def measure(fns: list[Callable[[Any], Any] | None], arg: Any, budget: float) -> Timing:
    """Time each function (None: skipped) on ``arg`` in interleaved rounds.

    The functions run interleaved in short rounds, in forward order on even
    rounds and backward on odd ones, so that a slow spell of this shared
    machine hits all of them alike. Each block of calls is timed after one
    untimed call: the first call after another function's runs its code
    from cold caches (on 1000x1000 PyTorch updates 15-30 µs slower than the
    next), and in the alternating order the first and the last function
    follow themselves every other round where the others never do, which
    gave the first (native code) that much less in half of its rounds.
    """
    live = [f for f in fns if f is not None]
    for f in live:  # warm up (first-call compilation, caches)
        for _ in range(3):
            f(arg)
    once = max(_per_call(f, arg, 3) for f in live)
    number = max(1, int(0.002 / max(once, 1e-9)))
    rounds = max(9, min(151, int(budget / (once * (number + 1) * len(live)) + 1)))
    samples: list[list[float]] = [[] for _ in fns]
    order = [i for i, f in enumerate(fns) if f is not None]
    for r in range(rounds):
        for i in order if r % 2 == 0 else order[::-1]:
            fn: Any = fns[i]
            fn(arg)  # (untimed: the call after another function's, see above)
            samples[i].append(_per_call(fn, arg, number))
    return Timing(samples)


def _training(name: str, to: Callable[[Any], Any]) -> tuple[Any, Any, Any] | None:
    """(params, x, labels) native to a differentiable backend, or None."""
    if name == "numpy":
        return None
    x, y, _, _ = demo.load_data()
    return to(demo.init_params()), to(x), to(y)


def run(budget: float, backends: tuple[str, ...] = BACKENDS) -> list[dict[str, Any]]:
    """All measurements, one dict per (backend, workload)."""
    ep = _eagerpy()
    rows: list[dict[str, Any]] = []
    for name in backends:
        if _framework(name) is None:
            print(f"{name}: not installed", file=sys.stderr)
            continue
        to_native, native_chain, native_update = _native_ops(name)
        ut_chain, ut_update = _wrapped_ops(ut, name == "jax")
        ns_chain, ns_update = _namespace_ops(name, name == "jax")
        ep_chain = ep_update = ep_round = None
        if ep is not None:
            ep_chain, ep_update = _wrapped_ops(ep, name == "jax")
            ep_round = _round_trip(ep)
        x = to_native(np.random.default_rng(0).random((10, 10), dtype=np.float32))
        again = _native_ops(name)[1]  # the same native code, timed as if it were unitensor's
        rows.append(_row(name, "noise: chain 10x10", native_chain, again, None, x, budget))
        for size in (10, 1000):
            x = to_native(np.random.default_rng(0).random((size, size), dtype=np.float32))
            for label, native, mine, theirs, standard in (
                ("chain", native_chain, ut_chain, ep_chain, ns_chain),
                ("update", native_update, ut_update, ep_update, ns_update),
            ):
                workload = f"{label} {size}x{size}"
                rows.append(_row(name, workload, native, mine, theirs, x, budget, standard))
        x = to_native(np.ones((10, 10), dtype=np.float32))
        rows.append(_row(name, "round trip", lambda a: a, _round_trip(ut), ep_round, x, budget))
        data = _training(name, to_native)
        if data is not None:
            p, xs, ys = data
            native_train = {
                "torch": demo.train_torch,
                "tensorflow": demo.train_tensorflow,
                "jax": demo.train_jax,
            }[name]

            def native_step(w: Any, fn: Any = native_train, xs: Any = xs, ys: Any = ys) -> Any:
                return fn(w, xs, ys, 1)

            def ut_step(w: Any, xs: Any = xs, ys: Any = ys) -> Any:
                return demo.train_unitensor(w, xs, ys, 1)

            rows.append(_row(name, "train step", native_step, ut_step, None, p, budget))
    return rows


COMPILERS = {"torch": "torch.compile", "tensorflow": "tf.function", "jax": "jax.jit"}


def _native_compile(name: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The framework's own compiler (its defaults: Inductor, graph mode, XLA)."""
    if name == "torch":
        return importlib.import_module("torch").compile  # type: ignore[no-any-return]
    if name == "tensorflow":
        return importlib.import_module("tensorflow").function  # type: ignore[no-any-return]
    return importlib.import_module("jax").jit  # type: ignore[no-any-return]


def _synced(name: str, f: Callable[..., Any]) -> Callable[..., Any]:
    """``f`` waiting for JAX's asynchronous result (the others return when done)."""
    if name != "jax":
        return f

    def call(*args: Any) -> Any:
        return f(*args).block_until_ready()

    return call


def run_compiled(budget: float, backends: tuple[str, ...] = BACKENDS) -> list[dict[str, Any]]:
    """ut.jit against native compiled and eager native code: chain 10x10, train step."""
    rows: list[dict[str, Any]] = []
    for name in backends:
        if name not in COMPILERS or _framework(name) is None:
            continue
        compile_ = _native_compile(name)
        to_native, native_chain, _ = _native_ops(name)
        raw_chain = native_chain if name != "jax" else _jax_chain()

        def ut_chain(x: Any) -> Any:
            return ut.astensor(x).square().sum(axis=-1).sqrt().raw

        x = to_native(np.random.default_rng(0).random((10, 10), dtype=np.float32))
        print(f"{name}: compiling the chain ...", file=sys.stderr, flush=True)
        rows.append(
            _compiled_row(
                name,
                "chain 10x10",
                _synced(name, ut.jit(ut_chain)),
                _synced(name, compile_(raw_chain)),
                native_chain,
                (x,),
                budget,
            )
        )
        data = _training(name, to_native)
        assert data is not None
        p, xs, ys = data
        native_step = {"torch": demo.step_torch, "tensorflow": demo.step_tensorflow}.get(
            name, demo.step_jax
        )
        eager_train = {"torch": demo.train_torch, "tensorflow": demo.train_tensorflow}.get(
            name, demo.train_jax
        )

        def eager_step(w: Any, x: Any, y: Any, lr: float, fn: Any = eager_train) -> Any:
            return fn(w, x, y, 1)

        print(f"{name}: compiling the training step ...", file=sys.stderr, flush=True)
        rows.append(
            _compiled_row(
                name,
                "train step",
                _synced(name, ut.jit(demo.step_unitensor)),
                _synced(name, compile_(native_step)),
                _synced(name, eager_step),
                (p, xs, ys, demo.LR),
                budget,
            )
        )
    return rows


def _jax_chain() -> Callable[[Any], Any]:
    jnp = importlib.import_module("jax.numpy")
    return lambda x: jnp.sqrt(jnp.sum(jnp.square(x), axis=-1))  # (jax.jit syncs outside)


def _compiled_row(
    backend: str,
    workload: str,
    jitted: Callable[..., Any],
    compiled: Callable[..., Any],
    eager: Callable[..., Any],
    args: tuple[Any, ...],
    budget: float,
) -> dict[str, Any]:
    fns = [lambda a: compiled(*a), lambda a: jitted(*a), lambda a: eager(*a)]
    timing = measure(list(fns), args, budget)
    t_cmp, t_jit, t_eager = (timing.seconds(i) for i in range(3))
    vs_compiled, vs_eager = timing.ratio(1, 0), timing.ratio(1, 2)
    assert t_cmp is not None and t_jit is not None and t_eager is not None
    assert vs_compiled is not None and vs_eager is not None
    row = {
        "backend": backend,
        "workload": workload,
        "compiler": COMPILERS[backend],
        "jit_us": t_jit * 1e6,
        "compiled_us": t_cmp * 1e6,
        "eager_us": t_eager * 1e6,
        "jit_vs_compiled": vs_compiled[0],
        "jit_vs_compiled_interval": vs_compiled[1],
        "jit_vs_eager": vs_eager[0],
        "jit_vs_eager_interval": vs_eager[1],
    }
    print(_format_compiled(row), flush=True)
    return row


COMPILED_HEADER = (
    f"{'backend':<11} {'workload':<12} {'compiler':<14} {'ut.jit us':>10} "
    f"{'compiled us':>12} {'eager us':>10} {'jit/compiled':>12} {'95% interval':>13} "
    f"{'jit/eager':>9} {'95% interval':>13}"
)


def _format_compiled(r: dict[str, Any]) -> str:
    return (
        f"{r['backend']:<11} {r['workload']:<12} {r['compiler']:<14} {r['jit_us']:>10.1f} "
        f"{r['compiled_us']:>12.1f} {r['eager_us']:>10.1f} {r['jit_vs_compiled']:>12.2f} "
        f"{_interval(r['jit_vs_compiled_interval']):>13} {r['jit_vs_eager']:>9.2f} "
        f"{_interval(r['jit_vs_eager_interval']):>13}"
    )


def _row(
    backend: str,
    workload: str,
    native: Callable[[Any], Any],
    mine: Callable[[Any], Any],
    theirs: Callable[[Any], Any] | None,
    arg: Any,
    budget: float,
    standard: Callable[[Any], Any] | None = None,
) -> dict[str, Any]:
    if theirs is not None:
        try:
            theirs(arg)
        except Exception as e:  # EagerPy fails on some current releases
            print(f"eagerpy {backend} {workload}: {type(e).__name__}: {e}", file=sys.stderr)
            theirs = None
    timing = measure([native, mine, theirs, standard], arg, budget)
    t_native, t_ut, t_ep, t_ns = (timing.seconds(i) for i in range(4))
    r_ut, r_ep, r_ns = timing.ratio(1), timing.ratio(2), timing.ratio(3, 1)
    assert t_native is not None and t_ut is not None and r_ut is not None
    row = {
        "backend": backend,
        "workload": workload,
        "native_us": t_native * 1e6,
        "unitensor_us": t_ut * 1e6,
        "ratio": r_ut[0],
        "interval": r_ut[1],
        "eagerpy_us": None if t_ep is None else t_ep * 1e6,
        "eagerpy_ratio": None if r_ep is None else r_ep[0],
        "namespace_us": None if t_ns is None else t_ns * 1e6,
        "namespace_ratio": None if r_ns is None else r_ns[0],
        "namespace_interval": None if r_ns is None else r_ns[1],
    }
    print(_format_row(row), flush=True)
    return row


HEADER = (
    f"{'backend':<11} {'workload':<20} {'native us':>10} {'unitensor us':>13} {'ratio':>6} "
    f"{'95% interval':>13} {'eagerpy us':>11} {'ratio':>6} {'xp us':>9} {'xp/method':>9} "
    f"{'95% interval':>13}"
)


def _interval(bounds: tuple[float, float] | None, digits: int = 2) -> str:
    return "n/a" if bounds is None else f"{bounds[0]:.{digits}f}-{bounds[1]:.{digits}f}"


def _optional(value: float | None, digits: int) -> str:
    return "n/a" if value is None else f"{value:.{digits}f}"


def _format_row(r: dict[str, Any]) -> str:
    return (
        f"{r['backend']:<11} {r['workload']:<20} {r['native_us']:>10.1f} "
        f"{r['unitensor_us']:>13.1f} {r['ratio']:>6.2f} {_interval(r['interval']):>13} "
        f"{_optional(r['eagerpy_us'], 1):>11} {_optional(r['eagerpy_ratio'], 2):>6} "
        f"{_optional(r['namespace_us'], 1):>9} {_optional(r['namespace_ratio'], 3):>9} "
        f"{_interval(r['namespace_interval'], 3):>13}"
    )


# The goals of the eager table (the performance work's, docs/benchmarks.md): the largest
# ratio each kind of row may have.
def _small(r: dict[str, Any]) -> bool:
    return bool(r["workload"].endswith("10x10") and "noise" not in r["workload"])


GOALS = (
    ("10x10 workloads", _small, 1.10),
    ("1000x1000 workloads", lambda r: r["workload"].endswith("1000x1000"), 1.02),
    ("train step", lambda r: r["workload"] == "train step", 1.05),
)


def goals(rows: list[dict[str, Any]]) -> list[str]:
    """One line per goal: met or not, with the rows that miss it (ratio, interval)."""
    lines = []
    for label, selects, limit in GOALS:
        chosen = [r for r in rows if selects(r)]
        if not chosen:
            lines.append(f"{label} <= {limit:.2f}: not measured in this run")
            continue
        missed = [r for r in chosen if r["ratio"] > limit]
        detail = ", ".join(
            f"{r['backend']} {r['workload']} {r['ratio']:.2f} ({_interval(r['interval'])})"
            for r in missed
        )
        verdict = "met" if not missed else f"missed by {len(missed)} of {len(chosen)}: {detail}"
        lines.append(f"{label} <= {limit:.2f}: {verdict}")
    spaced = [r for r in rows if r["namespace_ratio"] is not None]
    off = [r for r in spaced if abs(r["namespace_ratio"] - 1) > 0.05]
    detail = ", ".join(f"{r['backend']} {r['workload']} {r['namespace_ratio']:.3f}" for r in off)
    lines.append(
        "namespace within 5 % of the method: "
        + ("met" if not off else f"missed by {len(off)} of {len(spaced)}: {detail}")
    )
    return lines


def machine(backends: tuple[str, ...] = BACKENDS) -> str:
    """One line describing the machine and the versions of ``backends`` (only they load)."""
    versions = [f"numpy {np.__version__}"]
    for name in ("torch", "tensorflow", "jax"):
        mod = _framework(name) if name in backends else None
        if mod is not None:
            versions.append(f"{name} {mod.__version__}")
    return (
        f"{platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, "
        f"Python {platform.python_version()}, "
        + ", ".join(versions)
        + ", glibc malloc: "
        + ("freed memory kept" if os.environ.get("MALLOC_TRIM_THRESHOLD_") else "default")
    )


def commit() -> str:
    """The measured source's commit (``git describe``), marked when the tree has changes."""
    try:
        out = subprocess.run(
            ["git", "describe", "--always", "--dirty=+changes", "--abbrev=7"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
    except (OSError, subprocess.CalledProcessError):
        return "unknown (not a git checkout)"
    return out.stdout.strip()


def write_docs(rows: list[dict[str, Any]], compiled: list[dict[str, Any]], budget: float) -> None:
    """The tables as Markdown and the ratios as a chart, for the documentation."""
    measured = commit()  # (before the files below change the tree)
    command = f"python benchmarks/bench.py --docs --budget {budget:g}"
    lines = [
        f"Measured on: {machine(tuple(dict.fromkeys(r['backend'] for r in rows)))}; "
        f"commit {measured}; `{command}` on {time.strftime('%Y-%m-%d', time.gmtime())}.",
        "Ratios are unitensor / native (the median over interleaved rounds of the ratio",
        "within a round) with their 95 % confidence interval; the noise row is native code",
        "against itself.",
        "",
        "| backend | workload | native µs | unitensor µs | ratio | 95 % interval | EagerPy µs "
        "| EagerPy ratio | namespace µs | namespace / method | 95 % interval |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        lines.append(
            f"| {r['backend']} | {r['workload']} | {r['native_us']:.1f} | "
            f"{r['unitensor_us']:.1f} | {r['ratio']:.2f} | {_interval(r['interval'])} | "
            f"{_optional(r['eagerpy_us'], 1)} | {_optional(r['eagerpy_ratio'], 2)} | "
            f"{_optional(r['namespace_us'], 1)} | {_optional(r['namespace_ratio'], 3)} | "
            f"{_interval(r['namespace_interval'], 3)} |"
        )
    lines += ["", "Goals of the performance work, as this run measured them:", ""]
    lines += [f"- {line}" for line in goals(rows)]
    lines += [
        "",
        "Compiled: the same code under `ut.jit`, written natively and compiled natively, and",
        "eager native code (ratios: `ut.jit` / native compiled, `ut.jit` / eager native).",
        "",
        "| backend | workload | compiler | ut.jit µs | compiled µs | eager µs | "
        "jit / compiled | 95 % interval | jit / eager | 95 % interval |",
        "|---|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in compiled:
        lines.append(
            f"| {r['backend']} | {r['workload']} | {r['compiler']} | {r['jit_us']:.1f} | "
            f"{r['compiled_us']:.1f} | {r['eager_us']:.1f} | {r['jit_vs_compiled']:.2f} | "
            f"{_interval(r['jit_vs_compiled_interval'])} | {r['jit_vs_eager']:.2f} | "
            f"{_interval(r['jit_vs_eager_interval'])} |"
        )
    (ROOT / "docs" / "benchmarks-results.md").write_text("\n".join(lines) + "\n")
    plot(rows, ROOT / "docs" / "benchmarks.png", measured)


def plot(rows: list[dict[str, Any]], path: Path, measured: str) -> None:
    """One panel per workload: the ratio of each framework, unitensor's and EagerPy's.

    Error bars are the 95 % intervals; the dashed line is the goal of the
    workload's kind where it has one (``GOALS``).
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    workloads = list(dict.fromkeys(r["workload"] for r in rows))
    frameworks = list(dict.fromkeys(r["backend"] for r in rows))
    columns = 4
    height = -(-len(workloads) // columns)
    fig, axes = plt.subplots(height, columns, figsize=(3.2 * columns, 2.6 * height), squeeze=False)
    for ax, workload in zip(axes.flat, workloads, strict=False):
        chosen = {r["backend"]: r for r in rows if r["workload"] == workload}
        present = [f for f in frameworks if f in chosen]
        pos = np.array([frameworks.index(f) for f in present])
        mine = [chosen[f]["ratio"] for f in present]
        low = [chosen[f]["ratio"] - chosen[f]["interval"][0] for f in present]
        high = [chosen[f]["interval"][1] - chosen[f]["ratio"] for f in present]
        ax.bar(pos - 0.2, mine, 0.4, yerr=[low, high], capsize=2, label="unitensor")
        theirs = [chosen[f]["eagerpy_ratio"] or np.nan for f in present]
        ax.bar(pos + 0.2, theirs, 0.4, label="EagerPy")
        ax.axhline(1.0, color="black", linewidth=0.8)
        for _, selects, limit in GOALS:
            if chosen and selects(next(iter(chosen.values()))):
                ax.axhline(limit, color="red", linewidth=0.8, linestyle="--")
        ax.set_xticks(pos, present, fontsize=7)
        ax.set_title(workload, fontsize=9)
        ax.tick_params(axis="y", labelsize=7)
    for ax in list(axes.flat)[len(workloads) :]:
        ax.axis("off")
    axes.flat[0].set_ylabel("time / native time", fontsize=8)
    axes.flat[0].legend(fontsize=7)
    fig.suptitle(f"unitensor and EagerPy against native code (lower is better), {measured}")
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def main() -> None:
    _restart_with_steady_allocator()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--budget",
        type=float,
        default=0.6,
        help="seconds per measurement (at most 151 rounds; --ops: a quarter per operation)",
    )
    parser.add_argument("--docs", action="store_true", help="write the docs table and plot")
    parser.add_argument("--ops", action="store_true", help="time each operation alone (10x10)")
    parser.add_argument(
        "--size", type=int, default=10, help="--ops: the arrays' side (default 10: 10x10)"
    )
    parser.add_argument(
        "--compiled", action="store_true", help="only the compiled section (ut.jit)"
    )
    parser.add_argument(
        "--backends", default=",".join(BACKENDS), help="comma-separated, default: all four"
    )
    args = parser.parse_args()
    backends = tuple(args.backends.split(","))
    unknown = set(backends) - set(BACKENDS)
    if unknown:
        parser.error(f"unknown backends: {', '.join(sorted(unknown))}")
    print(f"machine: {machine(backends)}")
    if args.ops:
        run_ops(args.budget, backends, args.size)
        return
    rows: list[dict[str, Any]] = []
    if not args.compiled:
        print(HEADER)
        rows = run(args.budget, backends)
    print(
        f"\ncompiled (ratios: ut.jit / native compiled, ut.jit / eager native)\n{COMPILED_HEADER}"
    )
    compiled = run_compiled(args.budget, backends)
    if rows:
        print("\ngoals of the performance work (docs/benchmarks.md):")
        for line in goals(rows):
            print(f"  {line}")
    if args.docs and rows:
        write_docs(rows, compiled, args.budget)


if __name__ == "__main__":
    main()
