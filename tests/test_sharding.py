"""JAX sharding is preserved: unitensor gives native JAX's sharding for the same call.

With 8 host CPU devices (``XLA_FLAGS=--xla_force_host_platform_device_count=8``, which
must be set before JAX starts, hence a subprocess), each operation runs on arrays
sharded over a 4 x 2 mesh, natively and through unitensor, in both of JAX's sharding
modes (``AxisType.Auto`` and ``AxisType.Explicit``). unitensor's result must have the
native result's sharding (no gather to one device JAX would not do) and the values of
the unsharded computation; where native JAX raises, unitensor raises
``ut.ShardingError`` (a ``TypeError``) with JAX's error as ``__cause__``. Functions
written against unitensor and compiled with ``ut.jit`` give the sharding native
``jax.jit`` gives the same function written with ``jax.numpy``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytest.importorskip("jax")

SCRIPT = textwrap.dedent(
    """
    import json
    import os

    os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"
    os.environ["JAX_PLATFORMS"] = "cpu"
    import jax
    import jax.numpy as jnp
    import numpy as np
    from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

    import unitensor as ut

    assert len(jax.devices()) == 8, jax.devices()
    a = np.arange(64, dtype=np.float32).reshape(8, 8) / 8
    b = np.arange(8, dtype=np.float32)
    idx = np.array([0, 3, 5, 6])

    def cases(x, v):
        tx, tv = ut.astensor(x), ut.astensor(v)
        ji = jnp.asarray(idx)
        ti = ut.astensor(ji)
        return {
            # elementwise
            "add_scalar": (lambda: x + 1, lambda: tx + 1),
            "multiply": (lambda: x * x, lambda: tx * tx),
            "exp": (lambda: jnp.exp(x), lambda: tx.exp()),
            "where": (lambda: jnp.where(x > 1, x, 0.0), lambda: ut.where(tx > 1, tx, 0.0)),
            "broadcast_row": (lambda: x + v, lambda: tx + tv),
            "clip": (lambda: jnp.clip(x, 1, 5), lambda: tx.clip(1, 5)),
            "zeros_like": (lambda: jnp.zeros_like(x), lambda: ut.zeros_like(tx)),
            "full_like": (lambda: jnp.full_like(x, 2.0), lambda: ut.full_like(tx, 2.0)),
            # reductions
            "sum": (lambda: jnp.sum(x), lambda: tx.sum()),
            "sum_axis0": (lambda: jnp.sum(x, axis=0), lambda: tx.sum(axis=0)),
            "mean_axis1": (lambda: jnp.mean(x, axis=1), lambda: tx.mean(axis=1)),
            "max_keepdims": (
                lambda: jnp.max(x, axis=1, keepdims=True),
                lambda: tx.max(axis=1, keepdims=True),
            ),
            "argmax_axis0": (lambda: jnp.argmax(x, axis=0), lambda: tx.argmax(axis=0)),
            "cumulative_sum": (
                lambda: jnp.cumulative_sum(x, axis=1),
                lambda: tx.cumulative_sum(axis=1),
            ),
            # linear algebra
            "matmul": (lambda: x @ x, lambda: tx @ tx),
            "matmul_T": (lambda: x @ x.T, lambda: tx @ tx.T),
            "matvec": (lambda: x @ v, lambda: tx @ tv),
            # indexing and layout
            "slice": (lambda: x[1:5], lambda: tx[1:5]),
            "column": (lambda: x[:, 2], lambda: tx[:, 2]),
            "int_array": (lambda: x[ji], lambda: tx[ti]),
            "transpose": (lambda: x.T, lambda: tx.T),
            "reshape": (lambda: x.reshape(64), lambda: tx.reshape((64,))),
            # operands sharded differently (the binary operators' fast path, concat)
            "add_transposed": (lambda: x + x.T, lambda: tx + tx.T),
            "concat_transposed": (
                lambda: jnp.concatenate([x, x.T]),
                lambda: ut.concat([tx, tx.T]),
            ),
            # ut.jit of a function written against unitensor, native jax.jit of the same
            **{
                f"jit_{name}": (
                    lambda f=f: jax.jit(f[0])(x),
                    lambda f=f: ut.jit(f[1])(tx),
                )
                for name, f in JITTED.items()
            },
        }

    JITTED = {
        "elementwise": (lambda z: jnp.exp(z * z + 1) / 8, lambda t: (t * t + 1).exp() / 8),
        "where": (lambda z: jnp.where(z > 1, z, 0.0), lambda t: ut.where(t > 1, t, 0.0)),
        "sum_axis0": (lambda z: jnp.sum(z, axis=0), lambda t: t.sum(axis=0)),
        "softmax": (lambda z: jax.nn.softmax(z, axis=1), lambda t: t.softmax(axis=1)),
        "transpose_reshape": (lambda z: z.T.reshape(64), lambda t: t.T.reshape((64,))),
        "matmul": (lambda z: z @ z, lambda t: t @ t),
        "matmul_T": (lambda z: z @ z.T, lambda t: t @ t.T),
        "add_transposed": (lambda z: z + z.T, lambda t: t + t.T),
    }

    # the same computations unsharded, on one device
    plain = {k: np.asarray(f()) for k, (f, _) in cases(jnp.asarray(a), jnp.asarray(b)).items()}
    report = {}
    for mode in ("Auto", "Explicit"):
        kind = getattr(AxisType, mode)
        mesh = jax.make_mesh((4, 2), ("x", "y"), axis_types=(kind, kind))
        with jax.set_mesh(mesh):
            x = jax.device_put(a, NamedSharding(mesh, P("x", "y")))
            v = jax.device_put(b, NamedSharding(mesh, P("y")))
            for name, (native, wrapped) in cases(x, v).items():
                row = {}
                try:
                    n = native()
                except Exception as e:  # native JAX refuses: unitensor must refuse alike
                    row["native_error"] = f"{type(e).__name__}: {e}"
                try:
                    u = wrapped().raw
                except Exception as e:
                    row["ut_error"] = f"{type(e).__name__}: {e}"
                    row["ut_sharding_error"] = isinstance(e, ut.ShardingError) and isinstance(
                        e, TypeError
                    )
                    c = e.__cause__
                    row["ut_cause"] = None if c is None else f"{type(c).__name__}: {c}"
                if not row:
                    row["same_sharding"] = bool(
                        n.sharding == u.sharding
                        or n.sharding.is_equivalent_to(u.sharding, n.ndim)
                    )
                    row["sharding"] = [str(n.sharding), str(u.sharding)]
                    row["devices"] = [len(n.sharding.device_set), len(u.sharding.device_set)]
                    row["equal_native"] = bool(np.allclose(np.asarray(n), np.asarray(u)))
                    row["equal_unsharded"] = bool(np.allclose(np.asarray(u), plain[name]))
                report[f"{mode}:{name}"] = row
    print("REPORT" + json.dumps(report))
    """
)


@pytest.fixture(scope="module")
def report():
    env = dict(os.environ)
    src = str(Path(__file__).resolve().parents[1] / "src")
    env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
    env.pop("JAX_ENABLE_X64", None)
    proc = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("REPORT")]
    assert proc.returncode == 0 and lines, proc.stderr[-4000:]
    return json.loads(lines[-1][len("REPORT") :])


# Native JAX refuses these in Explicit mode (the output sharding is ambiguous, or the
# operands' shardings conflict); unitensor must refuse them as ut.ShardingError, with JAX's
# ShardingTypeError as __cause__ and in its message.
EXPLICIT_REFUSED = {
    "matmul",
    "matmul_T",
    "matvec",
    "slice",
    "column",
    "int_array",
    "cumulative_sum",
    "add_transposed",
    "concat_transposed",
    "jit_matmul",
    "jit_matmul_T",
    "jit_add_transposed",
}

JIT_NAMES = "elementwise where sum_axis0 softmax transpose_reshape matmul matmul_T add_transposed"
NAMES = (
    "add_scalar multiply exp where broadcast_row clip zeros_like full_like sum sum_axis0 "
    "mean_axis1 max_keepdims argmax_axis0 cumulative_sum matmul matmul_T matvec slice column "
    "int_array transpose reshape add_transposed concat_transposed"
).split() + [f"jit_{n}" for n in JIT_NAMES.split()]


@pytest.mark.parametrize("mode", ["Auto", "Explicit"])
@pytest.mark.parametrize("name", NAMES)
def test_sharding_is_native_jaxs(report, mode, name):
    row = report[f"{mode}:{name}"]
    if "native_error" in row or "ut_error" in row:
        # refused by both, as a unitensor error whose cause is native JAX's error
        assert "native_error" in row and "ut_error" in row, row
        assert row["ut_sharding_error"], row
        assert row["ut_cause"] == row["native_error"], row
        assert row["ut_error"] == "ShardingError: " + row["native_error"], row
        return
    assert row["same_sharding"], row
    assert row["devices"][1] == row["devices"][0], row  # no gather to fewer devices
    assert row["equal_native"], row
    assert row["equal_unsharded"], row


def test_the_refusals_are_native_jaxs(report):
    """Explicit mode does refuse some calls natively (so the check above compares errors)."""
    refused = {k.partition(":")[2] for k, row in report.items() if "native_error" in row}
    assert refused, report
    assert all(k.startswith("Explicit:") for k, r in report.items() if "native_error" in r)
    assert refused <= EXPLICIT_REFUSED, refused
    assert {"matmul", "add_transposed", "jit_matmul", "jit_add_transposed"} <= refused, refused


def test_jit_cases_are_checked(report):
    """ut.jit gives native jax.jit's sharding in Auto mode for every jitted function."""
    for name in JIT_NAMES.split():
        row = report[f"Auto:jit_{name}"]
        assert row.get("same_sharding") and row.get("equal_unsharded"), row
