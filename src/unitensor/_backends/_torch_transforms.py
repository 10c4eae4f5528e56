"""PyTorch's transformation and random-key primitives (for ``torch.py``).

Transformations are ``torch.func``'s: ``grad_and_value``, ``jvp``, ``vjp``
and ``vmap`` nest in each other and trace under ``torch.compile``. One
exception, for speed: a gradient called eagerly outside every ``torch.func``
transformation (the common training step) runs ``torch.autograd.grad``,
about 300 µs faster per call on small models than ``torch.func.grad``
(for a real 0-d loss of plain tensors, outside ``__torch_function__``
modes, the engine call that ``torch.autograd.grad`` makes, without its
Python before it: 12 µs of the demo's step), and
nests through a thread-local depth (a gradient of a gradient keeps the
graph with ``create_graph``). Results leave detached: where no
``torch.func`` transformation is active, no value, gradient or auxiliary
output holds a graph, and no ``.grad`` is ever written.

``vmap`` uses ``randomness="different"``: a draw from PyTorch's global
generator inside the mapped function differs between the mapped elements,
as in a loop. Keyed draws (``_threefry``) are tensor operations on the
key, so they trace under ``torch.compile`` with the key an input and map
over a batch of keys.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from . import _threefry

__all__ = ["primitives"]

torch: Any = None  # set by primitives()
# torch.autograd.graph._engine_run_backward, the engine call that torch.autograd.grad ends
# in, or None where this PyTorch has none (then torch.autograd.grad); set by primitives()
_run_backward: Any = None
# torch._C._are_functorch_transforms_active, set by primitives(): whether a torch.func
# transformation is active (called directly: a Python frame around it cost 1-2 µs of a
# training step between its kernels, docs/benchmarks.md)
_functorch_active: Any = None


class _Depth(threading.local):
    """How many eager (``torch.autograd``) gradient calls are active in this thread."""

    value = 0


_DEPTH = _Depth()


def _outermost() -> bool:
    """Whether no transformation is active around this call: its results may leave detached.

    Inside a ``torch.func`` transformation, or inside an eager gradient call
    (``torch.autograd``, counted by ``_DEPTH``), the results must keep their
    graph for the transformation around them.
    """
    return not _functorch_active() and _DEPTH.value == 0


def _detach(items: Any) -> tuple[Any, ...]:
    return tuple([a.detach() if isinstance(a, torch.Tensor) else a for a in items])


def _conj(items: Any) -> tuple[Any, ...]:
    """Complex gradients in JAX's convention: the conjugates of PyTorch's.

    For a real loss of a complex ``z``, PyTorch's gradient is
    ``dL/dRe + i dL/dIm`` and JAX's ``dL/dRe - i dL/dIm``; its ``vjp`` of a
    holomorphic ``f`` is ``c * conj(f')`` where JAX's is ``c * f'``. JAX's is
    the one where ``jacrev`` equals ``jacfwd`` and ``grad`` is ``vjp`` of 1.
    """
    return tuple([torch.conj(a).resolve_conj() if a.is_complex() else a for a in items])


def _value_and_grads(f: Callable[..., Any], xs: tuple[Any, ...]) -> tuple[Any, Any, Any]:
    # torch.func also where inference mode is on: torch.autograd records no graph there
    # (f's result needs no gradient and the gradients came out zeros), torch.func's own
    # transformation differentiates regardless
    if _functorch_active() or torch.compiler.is_compiling() or torch.is_inference_mode_enabled():
        grads, (loss, aux) = torch.func.grad_and_value(
            f, argnums=tuple(range(len(xs))), has_aux=True
        )(*xs)
        if not _functorch_active():
            return loss.detach(), _detach(aux), _detach(_conj(grads))
        return loss, aux, _conj(grads)
    depth = _DEPTH.value
    nested = depth > 0  # inside another eager gradient call: keep the graph for it
    # A new node for each x (a view still connected to an outer call's graph, or a detached
    # leaf): where x also reaches f another way (a second argument, a closed-over tensor),
    # it is a constant there, as in JAX.
    if len(xs) == 1 and not nested:  # (the common call, without a comprehension's frame)
        xg: tuple[Any, ...] = (xs[0].detach().requires_grad_(True),)
    else:
        xg = tuple(
            [
                x.view_as(x) if nested and x.requires_grad else x.detach().requires_grad_(True)
                for x in xs
            ]
        )
    # grad mode on for f, as torch.enable_grad() would set it, without the context manager's
    # Python calls where it is on already (the common case); f's own changes are undone too
    was_enabled = torch.is_grad_enabled()
    _DEPTH.value = depth + 1
    try:
        if not was_enabled:
            torch.set_grad_enabled(True)
        loss, aux = f(*xg)
        if not loss.requires_grad:
            gs = (None,) * len(xs)
        elif _run_backward is not None and _plain(loss, xg):
            # torch.autograd.grad's own call of the engine, without its Python before it
            # (its argument checks, __torch_function__ dispatch, implicit gradient of a
            # 0-d real loss), which this case passes: 12 µs of the demo's training step
            gs = _run_backward(
                (loss,),
                (torch.ones_like(loss),),  # (preserve_format, its default: 0.16 µs less)
                nested,
                nested,
                xg,
                True,
                accumulate_grad=False,
            )
        else:
            gs = torch.autograd.grad(loss, xg, allow_unused=True, create_graph=nested)
    finally:
        _DEPTH.value = depth
        if torch.is_grad_enabled() is not was_enabled:
            torch.set_grad_enabled(was_enabled)
    if len(gs) == 1 and gs[0] is not None and not gs[0].is_complex():
        grads = gs  # (the common case: one real gradient, as _conj and zeros_like leave it)
    else:
        filled = [torch.zeros_like(x) if g is None else g for x, g in zip(xs, gs, strict=True)]
        grads = _conj(filled)
    if nested:
        return loss, aux, grads
    return loss.detach(), _detach(aux) if aux else aux, grads


def _plain(loss: Any, xs: tuple[Any, ...]) -> bool:
    """Whether ``torch.autograd.grad(loss, xs)`` would call the engine as ``_value_and_grads``.

    So it does for a real floating 0-d ``loss`` (its implicit gradient is ``ones_like``;
    ``_loss_raw`` has checked the shape) where ``loss`` and every ``x`` are plain tensors
    and no ``__torch_function__`` mode is on (either would take the call over).
    """
    tensor = torch.Tensor
    if loss.__class__ is not tensor or torch._C._is_torch_function_mode_enabled():
        return False  # (first: a mode sees no call that torch.autograd.grad would not make)
    for x in xs:
        if x.__class__ is not tensor:
            return False
    return bool(loss.is_floating_point())


def _jvp(f: Callable[..., Any], primals: tuple[Any, ...], tangents: tuple[Any, ...]) -> Any:
    outs, touts, aux = torch.func.jvp(f, primals, tangents, has_aux=True)
    if _outermost():
        return _detach(outs), _detach(touts), _detach(aux)
    return outs, touts, aux


def _vjp(f: Callable[..., Any], primals: tuple[Any, ...]) -> Any:
    outs, pullback, aux = torch.func.vjp(f, *primals, has_aux=True)

    def vjp_fn(cotangents: tuple[Any, ...]) -> tuple[Any, ...]:
        cts = _conj(pullback(_conj(cotangents)))  # JAX's convention (see _conj)
        return _detach(cts) if _outermost() else cts

    if _outermost():
        return _detach(outs), _detach(aux), vjp_fn
    return outs, aux, vjp_fn


def _vmap(f: Callable[..., tuple[Any, ...]]) -> Callable[..., tuple[Any, ...]]:
    return torch.func.vmap(f, randomness="different")  # type: ignore[no-any-return]


def _key(w0: Any, w1: Any, like: Any) -> Any:
    if isinstance(w0, int):  # a new key from a seed
        return torch.tensor([w0, w1], dtype=torch.int64, device=like.device)
    return torch.stack([w0, w1], dim=-1)


def _words(key: Any) -> tuple[Any, Any]:
    k = key.to(torch.int64) & _threefry.MASK
    return k[0], k[1]


def primitives(framework: Any, generators: Any) -> dict[str, Any]:
    """The primitives, given the ``torch`` module and torch.py's generators (one per device).

    The draws without a key use ``generators.get(device)``, the generators
    that ``ut.seed`` reseeds, never PyTorch's global one.
    """
    global torch, _run_backward, _functorch_active
    torch = framework
    _run_backward = getattr(torch.autograd.graph, "_engine_run_backward", None)
    _functorch_active = torch._C._are_functorch_transforms_active

    def like_device(like: Any) -> Any:
        return like.device

    ops = _threefry.Ops(
        words=_words,
        key=_key,
        arange=lambda n, like: torch.arange(n, dtype=torch.int64, device=like_device(like)),
        as_int64=lambda a: a.to(torch.int64),
        to_float=lambda a, name: a.to(getattr(torch, name)),
        cast=lambda a, dtype: a.to(dtype),
        log=torch.log,
        cos=torch.cos,
        sqrt=torch.sqrt,
        concat=lambda arrays: torch.cat(arrays),
        reshape=lambda a, shape: a.reshape(shape),
        argsort=lambda a: torch.argsort(a, stable=True),
        dtype_name=lambda dt: str(dt).removeprefix("torch."),
    )

    def randint(shape: tuple[int, ...], low: int, high: int, dtype: Any, like: Any) -> Any:
        device = like.device
        out = torch.randint(
            low, high, shape, dtype=torch.int64, device=device, generator=generators.get(device)
        )
        return out.to(dtype)

    def permutation(n: int, like: Any) -> Any:
        device = like.device
        return torch.randperm(n, dtype=torch.int64, device=device, generator=generators.get(device))

    return {
        "value_and_grads": _value_and_grads,
        "jvp": _jvp,
        "vjp": _vjp,
        "vmap": _vmap,
        **_threefry.primitives(ops),
        "randint": randint,
        "permutation": permutation,
    }
