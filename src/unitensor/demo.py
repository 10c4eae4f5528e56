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
also written natively in each framework (all eager, no ``jit`` or
``tf.function``, so both sides pay the same dispatch costs). NumPy cannot
differentiate, so its row evaluates the forward pass only (repeated
``INFER_REPEATS`` times), with the weights trained by the first framework found.

The demo prints one table (test accuracy with unitensor and natively, the
best of ``REPEATS`` timings with unitensor and natively, and their ratio),
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
from typing import TYPE_CHECKING, Any, TypeVar

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
    return ut.crossentropy(forward(params, x), labels).mean()


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


def _tf_forward(params: Any, x: Any) -> Any:
    """TensorFlow version of ``forward``."""
    tf: Any = importlib.import_module("tensorflow")  # TensorFlow ships no complete type information

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

    def convert(self, a: np.ndarray[Any, Any]) -> Any:
        """Convert a NumPy array into this framework's array type."""
        module, _, function = self.converter.rpartition(".")
        return getattr(importlib.import_module(module), function)(a)


FRAMEWORKS = (
    Framework("PyTorch", "torch", "torch.from_numpy", train_torch, _torch_forward),
    Framework(
        "TensorFlow", "tensorflow", "tensorflow.convert_to_tensor", train_tensorflow, _tf_forward
    ),
    Framework("JAX", "jax", "jax.numpy.asarray", train_jax, _jax_forward),
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


def print_row(name: str, acc_ut: float, acc_nat: float, s_ut: float, s_nat: float) -> None:
    """Print one row of the results table."""
    ratio = s_ut / s_nat
    print(f"{name:<18} {acc_ut:>10.2f} {acc_nat:>12.2f} {s_ut:>11.3f} {s_nat:>9.3f} {ratio:>6.2f}")


def main() -> None:
    """Train on every installed framework, print the table, check the accuracies."""
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    x_train, y_train, x_test, y_test = load_data()
    params0 = init_params()
    print(
        f"digits: {len(x_train)} train / {len(x_test)} test images; MLP 64-{N_HIDDEN}-10 tanh, "
        f"{N_PARAMS} parameters; {STEPS} full-batch GD steps, lr {LR}\n"
    )
    header = f"{'framework':<18} {'test acc %':>10} {'native acc %':>12} "
    header += f"{'s unitensor':>11} {'s native':>9} {'ratio':>6}"
    print(f"{header}\n{'-' * len(header)}")
    accuracies: list[float] = []
    weight_diff = 0.0  # largest |unitensor-trained - natively trained| parameter
    trained_numpy: F32 | None = None
    for fw in FRAMEWORKS:
        try:
            with stderr_silenced():
                importlib.import_module(fw.module)
        except ImportError as exc:
            print(f"{fw.name:<18} not installed ({exc})")
            continue
        p, x, y, xt = (fw.convert(a) for a in (params0, x_train, y_train, x_test))
        w_ut, s_ut = timed_training(train_unitensor, p, x, y)
        w_nat, s_nat = timed_training(fw.train, p, x, y)
        acc_ut = accuracy(predict_unitensor(fw.convert(w_ut), xt), y_test)
        acc_nat = accuracy(predict_native(fw.forward, fw.convert(w_nat), xt), y_test)
        accuracies += [acc_ut, acc_nat]
        weight_diff = max(weight_diff, float(np.max(np.abs(w_ut - w_nat))))
        trained_numpy = w_ut if trained_numpy is None else trained_numpy
        print_row(fw.name, acc_ut, acc_nat, s_ut, s_nat)
    if trained_numpy is None:
        print(f"{'NumPy (inference)':<18} skipped: no framework that differentiates is installed")
    else:
        labels_ut, s_ut = timed_inference(predict_unitensor, trained_numpy, x_test)
        labels_nat, s_nat = timed_inference(predict_numpy, trained_numpy, x_test)
        acc_ut, acc_nat = accuracy(labels_ut, y_test), accuracy(labels_nat, y_test)
        accuracies += [acc_ut, acc_nat]
        print_row("NumPy (inference)", acc_ut, acc_nat, s_ut, s_nat)
    print(
        f"\nSeconds: best of {REPEATS} runs of {STEPS} training steps, after {WARMUP} warm-up "
        f"steps, all eager.\nNumPy: {INFER_REPEATS} forward passes over the test set with the "
        "weights trained with unitensor\nby the first framework above. Ratio: unitensor / native."
    )
    if not accuracies:
        return
    spread = max(accuracies) - min(accuracies)
    agree = spread <= TOLERANCE
    verdict = "agree" if agree else "DO NOT agree"
    print(f"Test accuracies {verdict} within {TOLERANCE:g} point (spread {spread:.2f} points).")
    print(f"Largest |unitensor-trained - natively trained| weight: {weight_diff:.2e}.")
    if not agree:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
