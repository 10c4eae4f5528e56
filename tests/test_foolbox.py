"""A real EagerPy client, unchanged: Foolbox 3.3.4's attacks through ``install()``.

A small MLP with fixed weights is attacked in PyTorch, TensorFlow and JAX
with Foolbox's gradient-based and decision-based attacks. Each attack must
find adversarials: for every sample it reports as successful, the
prediction of the framework's own network on the returned (clipped) input
must differ from the label, and the input must stay within the bounds (and
within epsilon for the fixed-epsilon attacks).
"""

from __future__ import annotations

import sys
import warnings

import numpy as np
import pytest

import unitensor.compat.eagerpy as compat

FRAMEWORKS = ["torch", "tensorflow", "jax"]


@pytest.fixture(scope="module")
def fb():
    saved = {k: v for k, v in sys.modules.items() if k == "eagerpy" or k.startswith("eagerpy.")}
    compat.install()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # scipy.ndimage.filters in foolbox
        import foolbox

    assert foolbox.models.base.ep is compat  # foolbox sees unitensor, not eagerpy
    yield foolbox
    for k in [k for k in sys.modules if k == "eagerpy" or k.startswith("eagerpy.")]:
        del sys.modules[k]
    sys.modules.update(saved)


def _weights():
    rng = np.random.default_rng(0)
    w1 = rng.normal(size=(8, 16)).astype(np.float32)
    b1 = rng.normal(size=16).astype(np.float32)
    w2 = rng.normal(size=(16, 3)).astype(np.float32)
    b2 = rng.normal(size=3).astype(np.float32)
    x = rng.random((6, 8)).astype(np.float32)
    return (w1, b1, w2, b2), x


def _numpy_predict(params, x):
    w1, b1, w2, b2 = params
    return (np.maximum(x @ w1 + b1, 0) @ w2 + b2).argmax(-1)


def _model(fb, framework):
    """Foolbox model, native inputs and labels (the model's own predictions)."""
    params, x = _weights()
    w1, b1, w2, b2 = params
    if framework == "torch":
        import torch

        net = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 3))
        with torch.no_grad():
            net[0].weight.copy_(torch.from_numpy(w1.T.copy()))
            net[0].bias.copy_(torch.from_numpy(b1))
            net[2].weight.copy_(torch.from_numpy(w2.T.copy()))
            net[2].bias.copy_(torch.from_numpy(b2))
        fmodel = fb.PyTorchModel(net.eval(), bounds=(0, 1), device="cpu")
        xs = torch.from_numpy(x)

        def predict(v):
            with torch.no_grad():
                return net(v).numpy().argmax(-1)
    elif framework == "tensorflow":
        import tensorflow as tf

        inp = tf.keras.Input((8,))
        hidden = tf.keras.layers.Dense(16, activation="relu")
        out = tf.keras.layers.Dense(3)
        net = tf.keras.Model(inp, out(hidden(inp)))
        hidden.set_weights([w1, b1])
        out.set_weights([w2, b2])
        fmodel = fb.TensorFlowModel(net, bounds=(0, 1), device="/CPU:0")
        xs = tf.constant(x)

        def predict(v):
            return net(v).numpy().argmax(-1)
    else:
        import jax.numpy as jnp

        def net(v):
            return jnp.maximum(v @ w1 + b1, 0) @ w2 + b2

        fmodel = fb.JAXModel(net, bounds=(0, 1))
        xs = jnp.asarray(x)

        def predict(v):
            return np.asarray(net(v)).argmax(-1)

    labels = _numpy_predict(params, x)
    return fmodel, xs, labels, params, predict


ATTACKS = {
    # name: (factory, epsilon, norm used to check the epsilon bound)
    "FGSM": (lambda a: a.FGSM(), 0.5, np.inf),
    "LinfPGD": (lambda a: a.LinfPGD(steps=10, abs_stepsize=0.1), 0.5, np.inf),
    "L2PGD": (lambda a: a.L2PGD(steps=10, rel_stepsize=0.25), 2.0, 2),
    "L2DeepFool": (lambda a: a.L2DeepFoolAttack(steps=10), None, None),
    "LinfDeepFool": (lambda a: a.LinfDeepFoolAttack(steps=10), None, None),
    "L2CarliniWagner": (
        lambda a: a.L2CarliniWagnerAttack(binary_search_steps=3, steps=30, stepsize=0.05),
        None,
        None,
    ),
    "DDN": (lambda a: a.DDNAttack(steps=20), None, None),
    "L2FMN": (lambda a: a.L2FMNAttack(steps=20), None, None),
    "LInfFMN": (lambda a: a.LInfFMNAttack(steps=20), None, None),
    "Boundary": (lambda a: a.BoundaryAttack(steps=50), None, None),
    "HopSkipJump": (
        lambda a: a.HopSkipJumpAttack(
            steps=2, initial_gradient_eval_steps=10, max_gradient_eval_steps=20
        ),
        None,
        None,
    ),
    "SaltAndPepper": (lambda a: a.SaltAndPepperNoiseAttack(steps=50), None, None),
    "Pointwise": (
        lambda a: a.PointwiseAttack(init_attack=a.SaltAndPepperNoiseAttack(steps=50)),
        None,
        None,
    ),
}


@pytest.mark.parametrize("attack", list(ATTACKS))
@pytest.mark.parametrize("framework", FRAMEWORKS)
def test_attack_finds_adversarials(fb, framework, attack):
    fmodel, xs, labels, params, predict = _model(fb, framework)
    x = np.asarray(xs)
    assert (_numpy_predict(params, x) == labels).all()
    factory, eps, norm = ATTACKS[attack]
    native_labels = _like(xs, labels)
    _, clipped, success = factory(fb.attacks)(fmodel, xs, native_labels, epsilons=eps)
    assert type(clipped) is type(xs)  # native in, native out
    adv = np.asarray(clipped)
    ok = np.asarray(success).astype(bool)
    assert ok.shape == (6,)
    assert ok.any(), f"{attack} found no adversarial on {framework}"
    assert (adv >= 0).all() and (adv <= 1).all()
    # the framework's own model (not unitensor) classifies the adversarials wrongly
    assert (predict(clipped)[ok] != labels[ok]).all()
    if eps is not None:
        dist = np.linalg.norm((adv - x).reshape(len(x), -1), ord=norm, axis=-1)
        assert (dist <= eps + 1e-4).all()


def _like(xs, labels):
    """Labels as a native integer array of ``xs``'s framework."""
    module = type(xs).__module__.partition(".")[0]
    if module == "torch":
        import torch

        return torch.from_numpy(labels)
    if module == "tensorflow":
        import tensorflow as tf

        return tf.constant(labels)
    import jax.numpy as jnp

    return jnp.asarray(labels)


@pytest.mark.parametrize("framework", FRAMEWORKS)
def test_accuracy_utility(fb, framework):
    fmodel, xs, labels, _, _ = _model(fb, framework)
    native_labels = _like(xs, labels)
    assert fb.utils.accuracy(fmodel, xs, native_labels) == 1.0


@pytest.mark.parametrize("framework", FRAMEWORKS)
def test_attack_leaves_the_callers_inputs_unchanged(fb, framework):
    """NewtonFool does x -= a * gradients on the tensor wrapping the caller's input:
    EagerPy's tensors rebind, so the caller's array keeps its values (unitensor's own
    tensors would write into it on PyTorch)."""
    fmodel, xs, labels, _, _ = _model(fb, framework)
    before = np.asarray(xs).copy()
    attack = fb.attacks.NewtonFoolAttack(steps=5)
    _, clipped, _ = attack(fmodel, xs, _like(xs, labels), epsilons=None)
    np.testing.assert_array_equal(np.asarray(xs), before)
    assert not np.array_equal(np.asarray(clipped), before)  # the attack did move
