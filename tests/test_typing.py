"""Static types of the public API, checked by mypy --strict and pyright (strict).

``make test`` type-checks this file with both tools; ``typing.assert_type``
fails the check when an inferred type differs. At run time the calls also
run, so the file is a test like any other.
"""

from __future__ import annotations

from typing import Any, assert_type

import jax
import jax.numpy as jnp
import numpy as np
import torch

import unitensor as ut


def _loss(t: ut.PyTorchTensor) -> ut.PyTorchTensor:
    return t.square().sum()


def _loss_aux(t: ut.PyTorchTensor) -> tuple[ut.PyTorchTensor, dict[str, Any]]:
    return t.square().sum(), {"n": 3}


def test_astensor_types() -> None:
    n = ut.astensor(np.ones(3, dtype=np.float32))
    assert_type(n, ut.NumPyTensor)
    p = ut.astensor(torch.ones(3))
    assert_type(p, ut.PyTorchTensor)
    untyped: Any = jnp  # jax.numpy's creation functions are only partly annotated
    array: jax.Array = untyped.ones(3)
    j = ut.astensor(array)
    assert_type(j, ut.JAXTensor)
    assert_type(ut.astensor(p), ut.PyTorchTensor)  # a tensor comes back as itself
    assert isinstance(n, ut.NumPyTensor) and isinstance(p, ut.PyTorchTensor)


def test_chaining_keeps_the_class() -> None:
    p = ut.astensor(torch.ones(2, 3))
    assert_type(p.square().sum(axis=-1).sqrt(), ut.PyTorchTensor)
    assert_type(p.reshape((3, 2)).T[0], ut.PyTorchTensor)
    assert_type(p + 1, ut.PyTorchTensor)
    assert_type(1.5 * p, ut.PyTorchTensor)
    assert_type(p == 1, ut.PyTorchTensor)
    values, indices = p.topk(1)
    assert_type(values, ut.PyTorchTensor)
    assert_type(indices, ut.PyTorchTensor)
    assert_type(p.at[0].add(1.0), ut.PyTorchTensor)
    assert_type(p.norms.l2(axis=-1), ut.PyTorchTensor)
    assert isinstance(p.square().sum(axis=-1).sqrt(), ut.PyTorchTensor)


def test_functions_keep_the_class() -> None:
    n = ut.astensor(np.ones((2, 2), dtype=np.float32))
    assert_type(ut.sum(n, axis=0), ut.NumPyTensor)
    assert_type(ut.where(n > 0, n, 0.0), ut.NumPyTensor)
    assert_type(ut.concatenate([n, n]), ut.NumPyTensor)
    assert_type(ut.norms.lp(n, 3), ut.NumPyTensor)
    assert_type(ut.zeros(n, (2,)), ut.NumPyTensor)
    assert isinstance(ut.sum(n, axis=0), ut.NumPyTensor)


def test_restore_type_and_autodiff_types() -> None:
    t, restore = ut.astensor_(torch.ones(3))
    assert_type(t, ut.PyTorchTensor)
    assert isinstance(restore(t), torch.Tensor)
    value, grad = ut.value_and_grad_fn(t, _loss)(t)
    assert_type(value, ut.PyTorchTensor)
    assert_type(grad, ut.PyTorchTensor)
    value, aux, grad = ut.value_and_grad_fn(t, _loss_aux, has_aux=True)(t)
    assert_type(value, ut.PyTorchTensor)
    assert_type(aux, Any)
    assert_type(grad, ut.PyTorchTensor)
    assert_type(ut.grad(_loss, t), ut.PyTorchTensor)
    np.testing.assert_allclose(grad.numpy(), [2.0, 2.0, 2.0])
