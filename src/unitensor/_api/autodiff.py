"""Autodiff: one functional API over PyTorch, TensorFlow and JAX, modelled on JAX.

``value_and_grad_fn(t, f)`` returns a function computing ``f`` and its
gradient with respect to the first argument, using the autodiff system of
``t``'s framework: its backend's primitive ``value_and_grad(f_raw, x)``
runs ``f_raw`` (a function of one native array returning ``(native
scalar, aux)``) under the framework's autodiff and returns ``(value, aux,
grad)``. Everything else (wrapping, checks, ``has_aux``) is here, once.

A call leaves nothing behind: no ``.grad`` is written on any PyTorch
tensor (``torch.autograd.grad`` is used, never ``backward``), TensorFlow's
tape is not persistent and is dropped on return, JAX is functional. Values
and auxiliary outputs come back detached from the graph.
"""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, overload

from .. import _registry
from .._errors import (
    DTypeError,
    FrameworkMixError,
    ShapeError,
)
from .._tree import map_containers
from ._base import (
    TensorBase,
    wrap,
)
from .random import Random

if TYPE_CHECKING:
    pass

__all__ = [
    "Autodiff",
    "grad",
    "map_tensors",
    "value_and_grad",
    "value_and_grad_fn",
    "value_aux_and_grad",
]


class Autodiff(Random):
    """The methods of this chapter (see [`unitensor.Tensor`][unitensor.Tensor])."""

    __slots__ = ()

    def value_and_grad(
        self, f: Callable[..., Self], *args: Any, **kwargs: Any
    ) -> tuple[Self, Self]:
        """``ut.value_and_grad(f, self, *args, **kwargs)``: value and gradient at ``self``.

        Parameters
        ----------
        f
            ``f(self, *args, **kwargs)`` returning a 0-d tensor.
        *args, **kwargs
            Passed on to ``f``; not differentiated.

        Returns
        -------
        (Tensor, Tensor)
            The 0-d value and the gradient, of ``self``'s shape and dtype.

        Raises
        ------
        NotImplementedError
            For NumPy tensors (autodiff needs PyTorch, TensorFlow or JAX).
        TypeError
            If ``self`` is not floating, or ``f`` returns another
            framework's tensor.
        ValueError
            If ``f`` does not return a 0-d tensor.

        Examples
        --------
        >>> import torch
        >>> import unitensor as ut
        >>> x = ut.astensor(torch.tensor([1.0, 2.0]))
        >>> value, grad = x.value_and_grad(lambda v: (v * v).sum())
        >>> value.item(), grad.numpy()
        (5.0, array([2., 4.], dtype=float32))
        """
        return value_and_grad(f, self, *args, **kwargs)

    def value_aux_and_grad(
        self, f: Callable[..., tuple[Self, Any]], *args: Any, **kwargs: Any
    ) -> tuple[Self, Any, Self]:
        """``ut.value_aux_and_grad(f, self, *args, **kwargs)``: value, aux and gradient.

        Parameters
        ----------
        f
            ``f(self, *args, **kwargs)`` returning ``(0-d tensor, aux)``.
        *args, **kwargs
            Passed on to ``f``; not differentiated.

        Returns
        -------
        (Tensor, Any, Tensor)
            The 0-d value, ``aux`` (detached) and the gradient, of
            ``self``'s shape and dtype.

        Raises
        ------
        NotImplementedError
            For NumPy tensors (autodiff needs PyTorch, TensorFlow or JAX).
        TypeError
            If ``self`` is not floating, or ``f`` returns another
            framework's tensor.
        ValueError
            If ``f`` does not return a pair whose first item is 0-d.

        Examples
        --------
        >>> import torch
        >>> import unitensor as ut
        >>> x = ut.astensor(torch.tensor([1.0, 2.0]))
        >>> value, aux, grad = x.value_aux_and_grad(lambda v: ((v * v).sum(), "aux"))
        >>> value.item(), aux, grad.numpy()
        (5.0, 'aux', array([2., 4.], dtype=float32))
        """
        return value_aux_and_grad(f, self, *args, **kwargs)


T = TypeVar("T", bound=TensorBase)

_DIFFERENTIABLE = "PyTorch, TensorFlow and JAX"


def map_tensors(fn: Callable[[Any], Any], tree: Any) -> Any:
    """Apply ``fn`` to every tensor in nested tuples, lists and dicts."""
    if isinstance(tree, TensorBase):
        return fn(tree)
    return map_containers(lambda v: map_tensors(fn, v), tree, tree)


def _check_input(cls: type[TensorBase], x: Any) -> TensorBase:
    """``x`` as a tensor of class ``cls`` that can be differentiated."""
    t: TensorBase = _registry.astensor(x)
    if type(t) is not cls:
        raise FrameworkMixError(
            f"value_and_grad_fn was made for {cls.framework} tensors, "
            f"called with a {t.framework} tensor"
        )
    if cls._kind(t.raw.dtype) not in "fc":
        raise DTypeError(
            f"cannot differentiate with respect to a tensor of dtype {t.raw.dtype}; "
            "use a floating dtype"
        )
    return t


def _loss_raw(cls: type[TensorBase], out: Any, has_aux: bool) -> tuple[Any, Any]:
    """Split ``f``'s output into the native scalar loss and the aux part."""
    pair: Any = out  # (kept un-narrowed by the isinstance test below)
    if has_aux:
        if not isinstance(out, tuple) or len(pair) != 2:
            raise ValueError("with has_aux=True, f must return a pair (loss, aux)")
        value, aux = pair
    else:
        value, aux = pair, None
    loss: TensorBase = value if isinstance(value, TensorBase) else _registry.astensor(value)
    if type(loss) is not cls:
        raise FrameworkMixError(f"f returned a {loss.framework} tensor, expected {cls.framework}")
    if cls._kind(loss.raw.dtype) not in "fc":
        raise DTypeError(f"f must return a floating tensor to differentiate, got {loss.dtype}")
    if len(loss.raw.shape) != 0:
        raise ShapeError(f"f must return a scalar (0-d) tensor, got shape {loss.shape}")
    return loss.raw, aux


@overload
def value_and_grad_fn(
    t: T, f: Callable[..., T], has_aux: Literal[False] = ...
) -> Callable[..., tuple[T, T]]: ...


@overload
def value_and_grad_fn(
    t: T, f: Callable[..., tuple[T, Any]], has_aux: Literal[True]
) -> Callable[..., tuple[T, Any, T]]: ...


def value_and_grad_fn(
    t: TensorBase, f: Callable[..., Any], has_aux: bool = False
) -> Callable[..., Any]:
    """A function returning ``f``'s value and gradient w.r.t. its first argument.

    Parameters
    ----------
    t
        Any tensor of the framework to differentiate with (its values are
        not used): a PyTorch, TensorFlow or JAX tensor.
    f
        ``f(x, *args, **kwargs)`` returning a 0-d tensor, or with
        ``has_aux`` a pair ``(0-d tensor, aux)`` where ``aux`` is any
        nesting of tuples, lists and dicts of tensors and other values.
    has_aux
        Whether ``f`` returns auxiliary data.

    Returns
    -------
    callable
        ``g(x, *args, **kwargs)`` returning ``(value, grad)`` or, with
        ``has_aux``, ``(value, aux, grad)``; ``grad`` has ``x``'s shape and
        dtype, ``value`` is 0-d.

    Raises
    ------
    NotImplementedError
        If ``t`` is a NumPy tensor (NumPy has no autodiff).
    TypeError
        (when ``g`` is called) if ``x`` is not a floating tensor of ``t``'s
        framework.
    ValueError
        (when ``g`` is called) if ``f`` does not return a 0-d tensor, or
        with ``has_aux`` does not return a pair.
    TypeError
        (when ``g`` is called) if ``f`` returns a tensor of another
        framework.

    Notes
    -----
    No ``.grad`` is written on PyTorch tensors, no TensorFlow tape is kept;
    ``value`` and ``aux`` come back detached.

    Examples
    --------
    >>> import torch
    >>> import unitensor as ut
    >>> x = ut.astensor(torch.tensor([1.0, 2.0]))
    >>> g = ut.value_and_grad_fn(x, lambda v: (v * v).sum())
    >>> value, grad = g(x)
    >>> value.item(), grad.numpy()
    (5.0, array([2., 4.], dtype=float32))
    """
    cls = type(_registry.astensor(t))
    vg = cls._ns.value_and_grad
    if vg is None:
        raise NotImplementedError(
            f"{cls.framework} tensors cannot be differentiated; automatic "
            f"differentiation works with {_DIFFERENTIABLE} tensors"
        )

    def value_and_grad_of_f(x: Any, *args: Any, **kwargs: Any) -> Any:
        xt = _check_input(cls, x)

        def f_raw(xr: Any) -> tuple[Any, Any]:
            return _loss_raw(cls, f(wrap(cls, xr), *args, **kwargs), has_aux)

        value, aux, g = vg(f_raw, xt.raw)
        if has_aux:
            return wrap(cls, value), aux, wrap(cls, g)
        return wrap(cls, value), wrap(cls, g)

    return value_and_grad_of_f


def value_and_grad(f: Callable[..., T], t: T, *args: Any, **kwargs: Any) -> tuple[T, T]:
    """``(f(t, *args, **kwargs), gradient of f w.r.t. t)``.

    See [`value_and_grad_fn`][unitensor.value_and_grad_fn].

    Parameters
    ----------
    f
        ``f(t, *args, **kwargs)`` returning a 0-d tensor.
    t
        A floating PyTorch, TensorFlow or JAX tensor (or native array).
    *args, **kwargs
        Passed on to ``f``; not differentiated.

    Returns
    -------
    (Tensor, Tensor)
        The 0-d value and the gradient, of ``t``'s shape and dtype.

    Raises
    ------
    NotImplementedError
        If ``t`` is a NumPy tensor.
    TypeError
        If ``t`` is not floating, or ``f`` returns another framework's tensor.
    ValueError
        If ``f`` does not return a 0-d tensor.

    Examples
    --------
    >>> import torch
    >>> import unitensor as ut
    >>> x = ut.astensor(torch.tensor([1.0, 2.0]))
    >>> value, grad = ut.value_and_grad(lambda v: (v * v).sum(), x)
    >>> value.item(), grad.numpy()
    (5.0, array([2., 4.], dtype=float32))
    """
    return value_and_grad_fn(t, f)(t, *args, **kwargs)


def value_aux_and_grad(
    f: Callable[..., tuple[T, Any]], t: T, *args: Any, **kwargs: Any
) -> tuple[T, Any, T]:
    """``(value, aux, grad)`` for ``f`` returning ``(value, aux)``.

    See [`value_and_grad_fn`][unitensor.value_and_grad_fn] for ``f``, the
    frameworks and the errors.

    Parameters
    ----------
    f
        ``f(t, *args, **kwargs)`` returning ``(0-d tensor, aux)``; ``aux``
        is any nesting of tuples, lists and dicts of tensors and values.
    t
        A floating PyTorch, TensorFlow or JAX tensor (or native array).
    *args, **kwargs
        Passed on to ``f``; not differentiated.

    Returns
    -------
    (Tensor, Any, Tensor)
        The 0-d value, ``aux`` (detached) and the gradient, of ``t``'s
        shape and dtype.

    Raises
    ------
    NotImplementedError
        If ``t`` is a NumPy tensor.
    TypeError
        If ``t`` is not floating, or ``f`` returns another framework's tensor.
    ValueError
        If ``f`` does not return a pair whose first item is 0-d.

    Examples
    --------
    >>> import torch
    >>> import unitensor as ut
    >>> x = ut.astensor(torch.tensor([1.0, 2.0]))
    >>> value, aux, grad = ut.value_aux_and_grad(lambda v: ((v * v).sum(), v.max()), x)
    >>> value.item(), aux.item(), grad.numpy()
    (5.0, 2.0, array([2., 4.], dtype=float32))
    """
    return value_and_grad_fn(t, f, has_aux=True)(t, *args, **kwargs)


def grad(f: Callable[..., T], t: T, *args: Any, **kwargs: Any) -> T:
    """The gradient of ``f`` w.r.t. ``t``; shape and dtype of ``t``.

    See [`value_and_grad_fn`][unitensor.value_and_grad_fn] for ``f``, the
    frameworks and the errors.

    Parameters
    ----------
    f
        ``f(t, *args, **kwargs)`` returning a 0-d tensor.
    t
        A floating PyTorch, TensorFlow or JAX tensor (or native array).
    *args, **kwargs
        Passed on to ``f``; not differentiated.

    Returns
    -------
    Tensor
        The gradient, of ``t``'s shape and dtype.

    Raises
    ------
    NotImplementedError
        If ``t`` is a NumPy tensor.
    TypeError
        If ``t`` is not floating, or ``f`` returns another framework's tensor.
    ValueError
        If ``f`` does not return a 0-d tensor.

    Examples
    --------
    >>> import torch
    >>> import unitensor as ut
    >>> x = ut.astensor(torch.tensor([1.0, 2.0]))
    >>> ut.grad(lambda v: (v * v).sum(), x).numpy()
    array([2., 4.], dtype=float32)
    """
    return value_and_grad_fn(t, f)(t, *args, **kwargs)[1]
