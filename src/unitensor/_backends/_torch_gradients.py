"""PyTorch's functions whose gradient unitensor's rule sets, for ``torch.py``.

unitensor's rule for each gradient is in the semantics table (its
"gradient" column) and in docs/autodiff.md. PyTorch's own gradient differs from it for
``atan2`` at ``(0, 0)`` (PyTorch: 0, the rule NaN), ``copysign`` at zeros
(PyTorch: 0, the rule +-1 by the sign bits) and ``hypot`` at ``(0, 0)``
(PyTorch: NaN, the rule 0). Where PyTorch may differentiate the operation
(``torch.py``'s ``_differentiable``: autograd, a ``torch.func``
transformation, forward AD or ``torch.compile``), it is a composition of
PyTorch's functions with the same values and the rule's gradient, which
every one of these differentiates alike; otherwise PyTorch's function alone.
PyTorch itself and the two tests of ``torch.py`` are handed to ``primitives``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["primitives"]

torch: Any = None  # PyTorch, set by primitives()
_differentiable: Any = None  # torch.py's test (a, b) -> bool, set by primitives()
_pair: Any = None  # torch.py's _pair (a, b) -> (tensor, tensor), set by primitives()


def _hypot(a: Any, b: Any) -> Any:
    """``torch.hypot``; where it may be differentiated, with the gradient 0 at ``(0, 0)``.

    PyTorch's gradient there is ``0 / 0`` (NaN), TensorFlow's 0 (the rule's,
    as ``l2``'s at 0). At ``(0, 0)`` the operands go in as ``(1, 1)`` and
    the result is the constant 0: three passes more, only where autodiff
    may see the operation.
    """
    a, b = _pair(a, b)
    if not _differentiable(a, b):
        return torch.hypot(a, b)
    zero = (a == 0) & (b == 0)
    return torch.where(zero, 0.0, torch.hypot(torch.where(zero, 1.0, a), torch.where(zero, 1.0, b)))


def _atan2(a: Any, b: Any) -> Any:
    """``torch.atan2``; where it may be differentiated, with a NaN gradient at ``(0, 0)``.

    PyTorch's gradient there is 0, TensorFlow's and JAX's NaN (the rule's:
    ``atan2`` jumps there). The result less a term that is 0 everywhere,
    ``hypot`` of the operands at ``(0, 0)`` (whose gradient, PyTorch's
    ``0 / 0``, is NaN) and a constant elsewhere: the same values (``x - 0.0``
    keeps a ``-0.0``), five passes more, only where autodiff may see it.
    """
    a, b = _pair(a, b)
    out = torch.atan2(a, b)
    if not _differentiable(a, b):
        return out
    zero = (a == 0) & (b == 0)
    jump = torch.hypot(torch.where(zero, a, 1.0), torch.where(zero, b, 0.0))
    return out - torch.where(zero, jump, 0.0)


def _copysign(a: Any, b: Any) -> Any:
    """``torch.copysign``; where it may be differentiated, with the gradient +-1 at zeros too.

    PyTorch's gradient is 0 where ``a`` is zero; the rule's (TensorFlow's and
    JAX's at ``+0.0``) is 1 where the sign bits of ``a`` and ``b`` agree and
    -1 where they differ. At the zeros ``a`` or ``-a`` is added, whichever
    has ``b``'s sign bit: the result's own zero, which adding keeps (and
    ``+0.0`` elsewhere): the same values, seven passes more, only where
    autodiff may see it; ``b`` keeps PyTorch's gradient, 0.
    """
    a, b = _pair(a, b)
    out = torch.copysign(a, b)
    if not _differentiable(a, b):
        return out
    signed = torch.where(torch.signbit(a) == torch.signbit(b), a, -a)
    return out + torch.where(a == 0, signed, 0.0)


def primitives(
    framework: Any,
    differentiable: Callable[[Any, Any], bool],
    pair: Callable[[Any, Any], tuple[Any, Any]],
) -> dict[str, Any]:
    """``atan2``, ``copysign`` and ``hypot`` for the backend.

    ``differentiable(a, b)``: whether PyTorch may differentiate an operation
    on the two tensors now; ``pair(a, b)``: two tensors of a tensor and a
    tensor or Python number.
    """
    global torch, _differentiable, _pair
    torch, _differentiable, _pair = framework, differentiable, pair
    return {"atan2": _atan2, "copysign": _copysign, "hypot": _hypot}
