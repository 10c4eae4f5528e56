"""Train one MLP on every framework with a single unitensor training loop.

Run with ``python -m unitensor.demo`` (``make demo``).

The demo loads scikit-learn's 8x8 ``digits`` data set, scales the pixels to
[0, 1] as float32 and makes a stratified 75/25 train/test split with a fixed
seed. A one-hidden-layer MLP (64 -> 64 tanh -> 10, softmax crossentropy) is
trained by full-batch gradient descent for a fixed number of steps.

All parameters live in one flat float32 vector (drawn once with NumPy's
``default_rng(0)``) because unitensor differentiates with respect to a single
tensor; the forward pass slices and reshapes it. The training loop
(``train_unitensor``) is written once against unitensor and receives
*native* arrays of PyTorch, TensorFlow or JAX. For comparison the same loop is
also written natively in each framework. Each runs twice: eagerly (both
sides pay the same dispatch costs), and compiled one step at a time
(``step_unitensor`` under ``ut.jit`` against the native step under
``torch.compile``, ``tf.function`` or ``jax.jit``). NumPy cannot
differentiate, so its row evaluates the forward pass only (repeated
``INFER_REPEATS`` times), with the weights trained by the first framework found.

The demo prints a progress line per framework while it trains, then one
table (test accuracies with eager unitensor, ``ut.jit`` and eager native
code; the best of ``REPEATS`` timings of eager unitensor, ``ut.jit``, eager
native and natively compiled code; the ratios eager unitensor / eager
native and ``ut.jit`` / natively compiled),
checks that all accuracies agree within ``TOLERANCE`` percentage points (exit
status 1 if not) and prints the largest difference between the weights
trained with unitensor and natively. A framework that is not installed gets a
"not installed" row. Importing this module imports no framework.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import sys
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar, cast

import numpy as np
from numpy.typing import NDArray

import unitensor as ut

if TYPE_CHECKING:
    import jax
    import torch

N_IN, N_HIDDEN, N_OUT = 64, 64, 10
STEPS = 300  # gradient-descent steps (full batch)
WARMUP = 5  # untimed steps run first on every framework
LR = 0.5  # learning rate
INFER_REPEATS = 200  # forward passes timed for the NumPy inference row
REPEATS = 3  # timings are the best of this many runs
TOLERANCE = 1.0  # allowed spread of test accuracies, in percentage points
# Ends of W1 (N_IN x N_HIDDEN), b1, W2 (N_HIDDEN x N_OUT) in the flat vector; b2 follows.
_A = N_IN * N_HIDDEN
_B = _A + N_HIDDEN
_C = _B + N_HIDDEN * N_OUT
N_PARAMS = _C + N_OUT

F32 = NDArray[np.float32]
I64 = NDArray[np.int64]
R = TypeVar("R")


# --------------------------------------------------------------------------- data


def load_data() -> tuple[F32, I64, F32, I64]:
    """Load the digits data set and split it 75/25 (stratified, seed 0).

    Returns
    -------
    x_train, y_train, x_test, y_test
        Pixels scaled to [0, 1] as float32 (N, 64) and int64 labels (N,).
    """
    # scikit-learn ships no type information (no stubs), so its modules are typed Any.
    datasets: Any = importlib.import_module("sklearn.datasets")
    model_selection: Any = importlib.import_module("sklearn.model_selection")

    digits = datasets.load_digits()
    x: F32 = (digits.data / 16.0).astype(np.float32)
    y: I64 = digits.target.astype(np.int64)
    x_tr, x_te, y_tr, y_te = model_selection.train_test_split(
        x, y, test_size=0.25, stratify=y, random_state=0
    )
    return x_tr, y_tr, x_te, y_te


def init_params() -> F32:
    """Draw the initial flat parameter vector once with ``default_rng(0)``.

    Returns
    -------
    numpy.ndarray
        float32 vector of length ``N_PARAMS``: normal(0, 1/sqrt(fan_in)) weights
        and zero biases, laid out as W1, b1, W2, b2.
    """
    rng = np.random.default_rng(0)
    w1 = rng.normal(0.0, N_IN**-0.5, (N_IN, N_HIDDEN))
    w2 = rng.normal(0.0, N_HIDDEN**-0.5, (N_HIDDEN, N_OUT))
    parts = [w1.ravel(), np.zeros(N_HIDDEN), w2.ravel(), np.zeros(N_OUT)]
    return np.concatenate(parts).astype(np.float32)


# ------------------------------------------------------- written once, with unitensor


def forward(params: ut.Tensor, x: ut.Tensor) -> ut.Tensor:
    """Compute the MLP's logits from the flat parameter vector.

    Parameters
    ----------
    params : ut.Tensor
        Flat float32 parameters (``N_PARAMS``,).
    x : ut.Tensor
        Inputs (N, 64).

    Returns
    -------
    ut.Tensor
        Logits (N, 10).
    """
    w1 = params[:_A].reshape((N_IN, N_HIDDEN))
    w2 = params[_B:_C].reshape((N_HIDDEN, N_OUT))
    hidden = (x @ w1 + params[_A:_B]).tanh()
    return hidden @ w2 + params[_C:]


def loss_fn(params: ut.Tensor, x: ut.Tensor, labels: ut.Tensor) -> ut.Tensor:
    """Mean softmax crossentropy of the MLP on ``(x, labels)`` (a 0-d tensor)."""
    return ut.crossentropy(forward(params, x), labels, reduction="mean")


def train_unitensor(params: Any, x: Any, labels: Any, steps: int) -> Any:
    """Run ``steps`` steps of full-batch gradient descent, on any framework.

    Parameters
    ----------
    params, x, labels
        Native arrays (torch, TensorFlow or JAX): flat float32 parameters,
        inputs (N, 64) and integer labels (N,). They are not modified.
    steps : int
        Number of gradient-descent steps.

    Returns
    -------
    Any
        The trained parameters, as a native array of the same framework.
    """
    (w, x_t, y_t), restore_type = ut.astensors_(params, x, labels)
    value_and_grad = ut.value_and_grad_fn(w, loss_fn)
    for _ in range(steps):
        _, grad = value_and_grad(w, x_t, y_t)
        w = w - LR * grad
    return restore_type(w)


def step_unitensor(params: Any, x: Any, labels: Any, lr: float) -> Any:
    """One gradient-descent step written with unitensor; ``ut.jit`` compiles it.

    Native arrays in and out, as ``train_unitensor``; ``lr`` is traced as a
    value under ``ut.jit`` (a new learning rate does not recompile).
    """
    (w, x_t, y_t), restore_type = ut.astensors_(params, x, labels)
    _, grad = ut.value_and_grad(loss_fn, w, x_t, y_t)
    return restore_type(w - lr * grad)


def looped(step: Callable[[Any, Any, Any, float], Any]) -> Callable[[Any, Any, Any, int], Any]:
    """A ``train(params, x, labels, steps)`` calling a (compiled) one-step ``step``."""

    def train(params: Any, x: Any, labels: Any, steps: int) -> Any:
        w = params
        for _ in range(steps):
            w = step(w, x, labels, LR)
        return w

    return train


def predict_unitensor(params: Any, x: Any) -> I64:
    """Predict class labels with the unitensor forward pass (native arrays in)."""
    logits = forward(ut.astensor(params), ut.astensor(x))
    return np.asarray(logits.argmax(axis=-1).numpy(), dtype=np.int64)


# ------------------------------------------------------------ native, per framework


def _torch_forward(params: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
    """PyTorch version of ``forward``."""
    hidden = (x @ params[:_A].reshape(N_IN, N_HIDDEN) + params[_A:_B]).tanh()
    return hidden @ params[_B:_C].reshape(N_HIDDEN, N_OUT) + params[_C:]


def train_torch(params: torch.Tensor, x: torch.Tensor, labels: torch.Tensor, steps: int) -> Any:
    """PyTorch version of ``train_unitensor`` (``torch.autograd.grad``)."""
    import torch

    w = params
    for _ in range(steps):
        w = w.detach().requires_grad_(True)
        loss = torch.nn.functional.cross_entropy(_torch_forward(w, x), labels)
        (grad,) = torch.autograd.grad(loss, w)
        with torch.no_grad():
            w = w - LR * grad
    return w


def step_torch(params: torch.Tensor, x: torch.Tensor, labels: torch.Tensor, lr: float) -> Any:
    """One step of ``train_torch``, for ``torch.compile``."""
    import torch

    w = params.detach().requires_grad_(True)
    with torch.enable_grad():
        loss = torch.nn.functional.cross_entropy(_torch_forward(w, x), labels)
        (grad,) = torch.autograd.grad(loss, w)
    return w.detach() - lr * grad


def _tf_forward(params: Any, x: Any) -> Any:
    """TensorFlow version of ``forward``."""
    # (imported by now; sys.modules rather than an import, which tf.function's AutoGraph
    # would try to convert and warn about) TensorFlow ships no complete type information
    tf: Any = sys.modules["tensorflow"]

    hidden = tf.tanh(x @ tf.reshape(params[:_A], (N_IN, N_HIDDEN)) + params[_A:_B])
    return hidden @ tf.reshape(params[_B:_C], (N_HIDDEN, N_OUT)) + params[_C:]


def train_tensorflow(params: Any, x: Any, labels: Any, steps: int) -> Any:
    """TensorFlow version of ``train_unitensor`` (eager ``tf.GradientTape``)."""
    tf: Any = importlib.import_module("tensorflow")  # TensorFlow ships no complete type information

    w = params
    for _ in range(steps):
        with tf.GradientTape() as tape:
            tape.watch(w)
            logits = _tf_forward(w, x)
            losses = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits)
            loss = tf.reduce_mean(losses)
        w = w - LR * tape.gradient(loss, w)
    return w


def step_tensorflow(params: Any, x: Any, labels: Any, lr: float) -> Any:
    """One step of ``train_tensorflow``, for ``tf.function``."""
    tf: Any = sys.modules["tensorflow"]  # (imported by now; see _tf_forward)

    with tf.GradientTape() as tape:
        tape.watch(params)
        losses = tf.nn.sparse_softmax_cross_entropy_with_logits(
            labels=labels, logits=_tf_forward(params, x)
        )
        loss = tf.reduce_mean(losses)
    return params - lr * tape.gradient(loss, params)


def _jax_forward(params: jax.Array, x: jax.Array) -> jax.Array:
    """JAX version of ``forward``."""
    import jax.numpy as jnp

    hidden = jnp.tanh(x @ params[:_A].reshape(N_IN, N_HIDDEN) + params[_A:_B])
    return hidden @ params[_B:_C].reshape(N_HIDDEN, N_OUT) + params[_C:]


def _jax_loss(params: jax.Array, x: jax.Array, labels: jax.Array) -> jax.Array:
    """JAX version of ``loss_fn``."""
    import jax
    import jax.numpy as jnp

    log_probs = jax.nn.log_softmax(_jax_forward(params, x), axis=-1)
    return -jnp.take_along_axis(log_probs, labels[:, None], axis=1).mean()


def train_jax(params: jax.Array, x: jax.Array, labels: jax.Array, steps: int) -> Any:
    """JAX version of ``train_unitensor`` (eager ``jax.value_and_grad``)."""
    # jax.value_and_grad is only partially typed (its ``fun`` parameter is unknown).
    jax_: Any = importlib.import_module("jax")

    value_and_grad = jax_.value_and_grad(_jax_loss)
    w = params
    for _ in range(steps):
        _, grad = value_and_grad(w, x, labels)
        w = w - LR * grad
    return w


def step_jax(params: jax.Array, x: jax.Array, labels: jax.Array, lr: float) -> Any:
    """One step of ``train_jax``, for ``jax.jit``."""
    jax_: Any = importlib.import_module("jax")
    _, grad = jax_.value_and_grad(_jax_loss)(params, x, labels)
    return params - lr * grad


def _numpy_forward(params: F32, x: F32) -> F32:
    """NumPy version of ``forward`` (inference only: NumPy has no autodiff)."""
    hidden = np.tanh(x @ params[:_A].reshape(N_IN, N_HIDDEN) + params[_A:_B])
    logits: F32 = hidden @ params[_B:_C].reshape(N_HIDDEN, N_OUT) + params[_C:]
    return logits


def predict_native(forward: Callable[[Any, Any], Any], params: Any, x: Any) -> I64:
    """Predict class labels with a framework's native ``forward`` (native arrays in)."""
    return np.asarray(np.argmax(np.asarray(forward(params, x)), axis=-1), dtype=np.int64)


def predict_numpy(params: F32, x: F32) -> I64:
    """Predict class labels with the native NumPy forward pass."""
    return predict_native(_numpy_forward, params, x)


@dataclass(frozen=True)
class Framework:
    """One framework: its name, module, NumPy converter and native functions."""

    name: str
    module: str
    converter: str  # "module.function" turning a NumPy array into a native one
    train: Callable[[Any, Any, Any, int], Any]
    forward: Callable[[Any, Any], Any]
    step: Callable[[Any, Any, Any, float], Any]  # one native step, for the compiler
    compiler: str  # "module.function" compiling ``step`` natively

    def compiled(self) -> Callable[[Any, Any, Any, float], Any]:
        """``step`` compiled by the framework's own compiler."""
        module, _, function = self.compiler.rpartition(".")
        compile_: Any = getattr(importlib.import_module(module), function)
        return cast("Callable[[Any, Any, Any, float], Any]", compile_(self.step))

    def convert(self, a: np.ndarray[Any, Any]) -> Any:
        """Convert a NumPy array into this framework's array type."""
        module, _, function = self.converter.rpartition(".")
        return getattr(importlib.import_module(module), function)(a)


FRAMEWORKS = (
    Framework(
        "PyTorch",
        "torch",
        "torch.from_numpy",
        train_torch,
        _torch_forward,
        step_torch,
        "torch.compile",
    ),
    Framework(
        "TensorFlow",
        "tensorflow",
        "tensorflow.convert_to_tensor",
        train_tensorflow,
        _tf_forward,
        step_tensorflow,
        "tensorflow.function",
    ),
    Framework("JAX", "jax", "jax.numpy.asarray", train_jax, _jax_forward, step_jax, "jax.jit"),
)


# ------------------------------------------------------------------------- driver


@contextlib.contextmanager
def stderr_silenced() -> Generator[None]:
    """Send file descriptor 2 (stderr) to ``os.devnull`` inside the ``with`` block.

    TensorFlow 2.21 prints oneDNN notes from C++ while it is imported, even with
    ``TF_CPP_MIN_LOG_LEVEL=3``; Python's ``sys.stderr`` cannot catch them.
    """
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with open(os.devnull, "w") as devnull:
            os.dup2(devnull.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def _timed(run: Callable[[], R]) -> tuple[R, float]:
    """Call ``run`` once; return its result and the wall-clock seconds it took."""
    start = time.perf_counter()
    result = run()
    return result, time.perf_counter() - start


def best_time(run: Callable[[], R]) -> tuple[R, float]:
    """Call ``run`` ``REPEATS`` times; return its last result and the fastest time in seconds.

    The minimum is the least noisy estimate when other processes share the CPU.
    """
    result, seconds = _timed(run)
    for _ in range(REPEATS - 1):
        result, run_seconds = _timed(run)
        seconds = min(seconds, run_seconds)
    return result, seconds


def timed_training(
    train: Callable[[Any, Any, Any, int], Any], params: Any, x: Any, labels: Any
) -> tuple[F32, float]:
    """Warm up for ``WARMUP`` steps, then time ``STEPS`` training steps from ``params``.

    Returns
    -------
    params, seconds
        The trained parameters as NumPy (fetching them also waits for any
        asynchronous work, e.g. JAX's) and the best wall-clock seconds.
    """
    train(params, x, labels, WARMUP)
    return best_time(lambda: np.asarray(train(params, x, labels, STEPS), dtype=np.float32))


def timed_inference(predict: Callable[[Any, Any], I64], params: Any, x: Any) -> tuple[I64, float]:
    """Warm up, then time ``INFER_REPEATS`` forward passes; return labels and best seconds."""
    predict(params, x)
    return best_time(lambda: [predict(params, x) for _ in range(INFER_REPEATS)][-1])


def accuracy(predicted: I64, y: I64) -> float:
    """Percentage of ``predicted`` labels equal to ``y``."""
    return 100.0 * float(np.mean(np.equal(predicted, y)))


COLUMNS = (
    f"{'framework':<18} {'acc % ut':>8} {'ut.jit':>6} {'native':>6} {'s ut':>7} "
    f"{'s ut.jit':>8} {'s native':>8} {'compiled':>8} {'eager':>6} {'jit':>6}"
)
"""The table's header: accuracies, seconds, and the ratios unitensor / native."""


@dataclass(frozen=True)
class Row:
    """One framework's results: test accuracies (%) and best seconds."""

    name: str
    acc: tuple[float, ...]  # unitensor eager, ut.jit, native
    s_ut: float
    s_jit: float | None
    s_native: float
    s_compiled: float | None

    def text(self) -> str:
        """The row as printed under ``COLUMNS``."""

        def sec(v: float | None, width: int) -> str:
            return f"{'-':>{width}}" if v is None else f"{v:>{width}.3f}"

        acc = [f"{a:>{w}.2f}" for a, w in zip(self.acc, (8, 6, 6), strict=False)]
        acc += [f"{'-':>6}"] * (3 - len(acc))
        jit_ratio = (
            "-" if self.s_jit is None or not self.s_compiled else self.s_jit / self.s_compiled
        )
        jit = jit_ratio if isinstance(jit_ratio, str) else f"{jit_ratio:.2f}"
        return (
            f"{self.name:<18} {acc[0]} {acc[1]} {acc[2]} {sec(self.s_ut, 7)} "
            f"{sec(self.s_jit, 8)} {sec(self.s_native, 8)} {sec(self.s_compiled, 8)} "
            f"{self.s_ut / self.s_native:>6.2f} {jit:>6}"
        )


def train_framework(fw: Framework, params0: F32, data: tuple[F32, I64, F32, I64]) -> Row:
    """Train eagerly and compiled, with unitensor and natively; print progress as it goes."""
    x_train, y_train, x_test, y_test = data
    p, x, y, xt = (fw.convert(a) for a in (params0, x_train, y_train, x_test))
    print(f"{fw.name}: eager unitensor", end="", flush=True)
    w_ut, s_ut = timed_training(train_unitensor, p, x, y)
    print(", eager native", end="", flush=True)
    w_nat, s_nat = timed_training(fw.train, p, x, y)
    print(", ut.jit (compiling)", end="", flush=True)
    w_jit, s_jit = timed_training(looped(ut.jit(step_unitensor)), p, x, y)
    print(f", {fw.compiler.replace('tensorflow.', 'tf.')} (compiling)", end="", flush=True)
    w_cmp, s_cmp = timed_training(looped(fw.compiled()), p, x, y)
    print(", done", flush=True)
    acc = tuple(
        accuracy(predict_native(fw.forward, fw.convert(w), xt), y_test)
        for w in (w_ut, w_jit, w_nat, w_cmp)
    )
    diff = max(float(np.max(np.abs(w - w_nat))) for w in (w_ut, w_jit, w_cmp))
    trained[fw.name] = (w_ut, diff)
    return Row(fw.name, acc[:3], s_ut, s_jit, s_nat, s_cmp)


trained: dict[str, tuple[F32, float]] = {}
"""Framework name -> (weights trained with unitensor, largest difference to native)."""


def main() -> None:
    """Train on every installed framework, print the table, check the accuracies."""
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    data = load_data()
    x_train, _, x_test, y_test = data
    params0 = init_params()
    print(
        f"digits: {len(x_train)} train / {len(x_test)} test images; MLP 64-{N_HIDDEN}-10 tanh, "
        f"{N_PARAMS} parameters; {STEPS} full-batch GD steps, lr {LR}\n"
        f"Each framework trains four times: eager unitensor, eager native, ut.jit and the "
        f"framework's own compiler (best of {REPEATS} runs each; compiling takes a while).\n"
    )
    rows: list[Row] = []
    missing: list[str] = []
    for fw in FRAMEWORKS:
        try:
            with stderr_silenced():
                importlib.import_module(fw.module)
        except ImportError as exc:
            missing.append(f"{fw.name:<18} not installed ({exc})")
            continue
        rows.append(train_framework(fw, params0, data))
    if trained:
        w = next(iter(trained.values()))[0]
        print("NumPy: inference", end="", flush=True)
        labels_ut, s_ut = timed_inference(predict_unitensor, w, x_test)
        labels_nat, s_nat = timed_inference(predict_numpy, w, x_test)
        print(", done", flush=True)
        acc = (accuracy(labels_ut, y_test), accuracy(labels_nat, y_test))
        rows.append(Row("NumPy (inference)", (acc[0], acc[0], acc[1]), s_ut, None, s_nat, None))
    print(f"\n{COLUMNS}\n{'-' * len(COLUMNS)}")
    for line in [r.text() for r in rows] + missing:
        print(line)
    if not trained:
        print(f"{'NumPy (inference)':<18} skipped: no framework that differentiates is installed")
    print(
        f"\nSeconds: best of {REPEATS} runs of {STEPS} training steps, after {WARMUP} warm-up "
        "steps (which compile).\ns ut: eager unitensor; s ut.jit: the same step under ut.jit; "
        "s native: eager native code;\ncompiled: native code under torch.compile, tf.function "
        "or jax.jit. Ratios: eager = s ut / s native,\njit = s ut.jit / compiled. NumPy: "
        f"{INFER_REPEATS} forward passes over the test set with the weights trained\nwith "
        "unitensor by the first framework above (NumPy runs ut.jit code as it is)."
    )
    accuracies = [a for r in rows for a in r.acc]
    if not accuracies:
        return
    spread = max(accuracies) - min(accuracies)
    agree = spread <= TOLERANCE
    verdict = "agree" if agree else "DO NOT agree"
    print(f"Test accuracies {verdict} within {TOLERANCE:g} point (spread {spread:.2f} points).")
    weight_diff = max(d for _, d in trained.values()) if trained else 0.0
    print(f"Largest |unitensor-trained - natively trained| weight: {weight_diff:.2e}.")
    if not agree:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
