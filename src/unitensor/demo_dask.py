"""The demo's unitensor code on a data set larger than a worker's memory, on Dask.

Run with ``python -m unitensor.demo_dask`` (``make demo-dask``).

A ``dask.distributed`` ``LocalCluster`` of worker processes on this machine
(2 workers, one thread each, 400 MB of memory each) receives an 800 MB
float32 array of inputs (3,125,000 rows of 64 pixels in [0, 1]), generated
chunk by chunk on the workers (``dask.array.random``, 63 chunks of 12.8 MB):
no process ever holds all of it. The MLP of ``unitensor.demo`` (its
``forward``, the unitensor code whose NumPy row predicts the test set) runs
on it with the weights ``unitensor.demo.init_params`` draws (the weights are
not trained here: NumPy and Dask cannot differentiate), and ``summarize``,
written against unitensor only, reduces the logits to the number of rows
predicted as each class and the mean probability of the predicted class.

The demo prints a Dask progress bar while the cluster computes, then the
result, the time, the peak memory (resident set) of each worker process and
of this process, and a check: ``summarize`` on NumPy, on the first chunk
(fetched from the cluster), equals the same call on Dask for those rows.
Exit status 1 if that check fails. Options (``--megabytes``, ``--workers``,
``--memory-limit``, ``--chunk-rows``) change the sizes.
"""

from __future__ import annotations

import argparse
import importlib
import resource
import sys
import time
from collections.abc import Sequence
from typing import Any

import numpy as np

import unitensor as ut

from .demo import N_IN, N_OUT, forward, init_params

MEGABYTES = 800  # the data set: float32, N_IN columns
WORKERS = 2
MEMORY_LIMIT = "400MB"  # per worker
CHUNK_ROWS = 50_000  # 12.8 MB chunks: 63 of them for 800 MB


def summarize(params: ut.Tensor, x: ut.Tensor) -> tuple[ut.Tensor, ut.Tensor]:
    """Predicted-class counts and mean confidence of the MLP on ``x``, on any framework.

    Parameters
    ----------
    params
        Flat float32 parameters of ``unitensor.demo``'s MLP.
    x
        Inputs (N, 64), float32.

    Returns
    -------
    counts, confidence
        int64 (10,): how many rows are predicted as each class; a 0-d float32:
        the mean softmax probability of the predicted class.
    """
    logits = forward(params, x)
    labels = logits.argmax(axis=-1)
    counts = (labels.reshape((-1, 1)) == labels.arange(N_OUT)).sum(axis=0)
    confidence = logits.softmax(axis=-1).max(axis=-1).mean()
    return counts, confidence


def _peak_rss_mb() -> float:
    """This process's peak resident set, in MB (``getrusage``; Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 / 1e6


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command-line options (sizes of the data set and of the cluster)."""
    p = argparse.ArgumentParser(prog="python -m unitensor.demo_dask", description=__doc__)
    p.add_argument("--megabytes", type=float, default=MEGABYTES, help="size of the data set")
    p.add_argument("--workers", type=int, default=WORKERS, help="worker processes")
    p.add_argument("--memory-limit", default=MEMORY_LIMIT, help="memory limit per worker")
    p.add_argument("--chunk-rows", type=int, default=CHUNK_ROWS, help="rows per chunk")
    return p.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Start the cluster, run ``summarize`` on the generated data, print the figures."""
    args = parse(argv)
    # Dask ships no complete type information for these uses: its modules are typed Any.
    da: Any = importlib.import_module("dask.array")
    distributed: Any = importlib.import_module("distributed")
    rows = int(args.megabytes * 1e6) // (4 * N_IN)
    print(
        f"data: {rows:,} x {N_IN} float32 = {rows * N_IN * 4 / 1e6:,.0f} MB in chunks of "
        f"{args.chunk_rows:,} rows ({args.chunk_rows * N_IN * 4 / 1e6:.1f} MB); cluster: "
        f"{args.workers} worker processes of {args.memory_limit} each"
    )
    start = time.perf_counter()
    with (
        distributed.LocalCluster(
            n_workers=args.workers,
            threads_per_worker=1,
            processes=True,
            memory_limit=args.memory_limit,
            dashboard_address=None,
            silence_logs=40,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        started = time.perf_counter() - start
        raw = da.random.default_rng(0).random(
            (rows, N_IN), dtype=np.float32, chunks=(args.chunk_rows, N_IN)
        )
        x = ut.astensor(raw)
        params = ut.astensor(da.from_array(init_params()))
        counts, confidence = summarize(params, x)  # lazy: the graph only
        t0 = time.perf_counter()
        futures = client.compute([counts.raw, confidence.raw])
        distributed.progress(futures)
        print()
        counts_np, confidence_np = (np.asarray(f.result()) for f in futures)
        seconds = time.perf_counter() - t0
        workers_mb = client.run(_peak_rss_mb)
        # the check: the same call on NumPy, on the first chunk, equals Dask's
        first = np.asarray(raw.blocks[0].compute())
        want = summarize(ut.astensor(init_params()), ut.astensor(first))
        got = ut.compute(*summarize(params, x[: first.shape[0]]))
        same = bool(
            np.array_equal(got[0].numpy(), want[0].numpy())
            and np.allclose(got[1].numpy(), want[1].numpy(), rtol=1e-5)
        )
    print(f"rows predicted as each class 0-9: {counts_np.tolist()} (total {counts_np.sum():,})")
    print(f"mean probability of the predicted class: {float(confidence_np):.6f}")
    print(
        f"time: {seconds:.1f} s to compute ({rows * N_IN * 4 / 1e6 / seconds:,.0f} MB/s), "
        f"{started:.1f} s to start the cluster"
    )
    peaks = ", ".join(f"{mb:,.0f} MB" for mb in workers_mb.values())
    print(f"peak memory (resident): workers {peaks}; this process {_peak_rss_mb():,.0f} MB")
    print(f"first chunk on NumPy equals Dask: {same}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
