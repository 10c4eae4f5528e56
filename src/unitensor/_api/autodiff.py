"""Autodiff: the gradient family, one functional API over PyTorch, TensorFlow and JAX.

Each function has two forms. Given only a function (and options), it
returns a new function, as in JAX, so that transformations compose:

>>> import torch
>>> import unitensor as ut
>>> df = ut.grad(lambda v: (v**3).sum())
>>> x = ut.astensor(torch.tensor([1.0, 2.0]))
>>> df(x).numpy(), ut.grad(lambda v: df(v).sum())(x).numpy()
(array([ 3., 12.], dtype=float32), array([ 6., 12.], dtype=float32))

Given a function and a tensor (EagerPy's form), it evaluates at once,
with respect to that first argument: ``ut.grad(f, x, *args, **kwargs)``
is ``ut.grad(f)(x, *args, **kwargs)``, and ``ut.value_and_grad(f, x)`` is
``ut.value_and_grad(f)(x)``. A second positional argument that is an int
or a tuple of ints is ``argnums`` (JAX's form); anything else is the
tensor to differentiate at.

The differentiated arguments (``argnums``: an int, or a tuple of them) may
be tensors, native arrays, or tuples, lists and dicts of them nested to any
depth; gradients come back in the same structure, as tensors of the same
shapes and dtypes. Other arguments, and the same arrays reached another
way (passed again, or closed over), are constants, as in JAX.

The framework is that of the differentiated tensors: each backend's
primitive ``value_and_grads(f, xs)`` runs a function of native arrays
under ``torch.func`` / ``torch.autograd``, a ``tf.GradientTape`` or
``jax.value_and_grad``. Everything else (the structures, the checks, the
auxiliary outputs, the two forms) is here, once. A call leaves nothing
behind: no ``.grad`` is written on any PyTorch tensor, TensorFlow's tape
is dropped on return, JAX is functional; values and auxiliary outputs come
back detached. NumPy cannot differentiate: ``NotImplementedError``, naming
the frameworks that can. ``jvp``, ``vjp``, the Jacobians and ``hessian``
are in ``unitensor._transformations``, with ``vmap``.
"""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, ParamSpec, Self, TypeVar, overload

from .. import _registry
from .._errors import (
    DTypeError,
    FrameworkMixError,
    ShapeError,
    UnsupportedTypeError,
)
from .._pytree import flatten, unflatten
from .._tree import map_containers
from ._base import (
    TensorBase,
    wrap,
)
from .random import Random

__all__ = [
    "Argnums",
    "Autodiff",
    "Outputs",
    "call_with",
    "differentiable_inputs",
    "grad",
    "is_argnums",
    "map_tensors",
    "normalize_argnums",
    "transform_options",
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
P = ParamSpec("P")
Argnums = int | tuple[int, ...]
"""Which positional arguments to differentiate: one index, or a tuple of them."""

_DIFFERENTIABLE = "PyTorch, TensorFlow and JAX"


def map_tensors(fn: Callable[[Any], Any], tree: Any) -> Any:
    """Apply ``fn`` to every tensor in nested tuples, lists and dicts."""
    if isinstance(tree, TensorBase):
        return fn(tree)
    return map_containers(lambda v: map_tensors(fn, v), tree, tree)


# ------------------------------------------------------------------ the two forms


def is_argnums(x: Any) -> bool:
    """Whether ``x`` reads as ``argnums`` (an int, or a tuple or list of ints)."""
    if isinstance(x, int) and not isinstance(x, bool):
        return True
    items: Any = x
    return (
        isinstance(x, (tuple, list))
        and len(items) > 0
        and all(isinstance(i, int) and not isinstance(i, bool) for i in items)
    )


def transform_options(
    name: str, args: tuple[Any, ...], kwargs: dict[str, Any], names: tuple[str, ...]
) -> list[Any]:
    """The options of a transformation's JAX form, given positionally or by name.

    ``names`` are the options in order (``("argnums", "has_aux")``), with
    the defaults 0 and False.

    Raises
    ------
    TypeError
        For too many options, or an unknown keyword.
    """
    defaults: dict[str, Any] = {"argnums": 0, "has_aux": False}
    if len(args) > len(names):
        raise TypeError(f"{name}(f, ...) takes at most {len(names)} options, {names}")
    unknown = sorted(set(kwargs) - set(names))
    if unknown:
        raise TypeError(f"{name}(f, ...) got unknown options {unknown}; it takes {names}")
    values = [defaults[n] for n in names]
    for i, v in enumerate(args):
        values[i] = v
    for n, v in kwargs.items():
        values[names.index(n)] = v
    if "has_aux" in names:
        has_aux = values[names.index("has_aux")]
        if not isinstance(has_aux, bool):
            raise TypeError(f"{name}: has_aux must be a bool, got {has_aux!r}")
    return values


def normalize_argnums(name: str, argnums: Any, n_args: int) -> tuple[int, ...]:
    """``argnums`` as a tuple of non-negative indices into ``n_args`` arguments.

    Raises
    ------
    TypeError
        If ``argnums`` is not an int or a tuple of ints, or an index is out
        of range (JAX raises ``TypeError`` there too).
    ValueError
        If an index repeats.
    """
    if not is_argnums(argnums):
        raise TypeError(f"{name}: argnums must be an int or a tuple of ints, got {argnums!r}")
    items: tuple[int, ...] = (argnums,) if isinstance(argnums, int) else tuple(argnums)
    out: list[int] = []
    for i in items:
        if not -n_args <= i < n_args:
            raise TypeError(
                f"{name}: argnums={argnums!r} needs at least {i + 1 if i >= 0 else -i} "
                f"positional arguments, got {n_args}"
            )
        out.append(i % n_args)
    if len(set(out)) != len(out):
        raise ValueError(f"{name}: argnums={argnums!r} repeats an argument")
    return tuple(out)


def call_with(args: tuple[Any, ...], nums: tuple[int, ...], new: Any) -> list[Any]:
    """``args`` with ``args[nums[k]]`` replaced by ``new[k]``."""
    out = list(args)
    for i, v in zip(nums, new, strict=True):
        out[i] = v
    return out


# ------------------------------------------------------------------ inputs and outputs


def _not_differentiable(cls: type[TensorBase], what: str = "differentiated") -> NotImplementedError:
    return NotImplementedError(
        f"{cls.framework} tensors cannot be {what}; automatic differentiation works with "
        f"{_DIFFERENTIABLE} tensors"
    )


def differentiable_inputs(
    name: str, leaves: list[Any], cls: type[TensorBase] | None = None
) -> tuple[type[TensorBase], list[TensorBase]]:
    """The tensor class and tensors of the leaves to differentiate with respect to.

    Raises
    ------
    NotImplementedError
        If they are NumPy tensors.
    TypeError
        If a leaf is not an array, the leaves mix frameworks (or are not of
        ``cls``), a leaf is not floating, or there is none.
    """
    tensors: list[TensorBase] = []
    for leaf in leaves:
        if isinstance(leaf, TensorBase):
            tensors.append(leaf)
            continue
        try:
            tensors.append(_registry.astensor(leaf))
        except UnsupportedTypeError:
            raise UnsupportedTypeError(
                f"{name}: cannot differentiate with respect to a {type(leaf).__name__}; "
                "the differentiated arguments hold tensors (in tuples, lists and dicts)"
            ) from None
    if not tensors:
        raise TypeError(f"{name}: no tensor to differentiate with respect to")
    kind = type(tensors[0]) if cls is None else cls
    for t in tensors:
        if type(t) is not kind:
            if cls is not None and name == "value_and_grad_fn":
                raise FrameworkMixError(
                    f"value_and_grad_fn was made for {cls.framework} tensors, "
                    f"called with a {t.framework} tensor"
                )
            raise FrameworkMixError(
                f"{name}: tensors of {kind.framework} and {t.framework} to differentiate"
            )
    if kind._ns.value_and_grads is None:
        raise _not_differentiable(kind)
    for t in tensors:
        if kind._kind(t.raw.dtype) not in "fc":
            raise DTypeError(
                f"cannot differentiate with respect to a tensor of dtype {t.raw.dtype}; "
                "use a floating dtype"
            )
    return kind, tensors


class Outputs:
    """The structure of a function's outputs, kept while a framework runs the function.

    ``take`` turns the function's result into the flat tuple of native
    arrays that the framework's transformation passes on, and remembers
    everything else (the containers, leaves that are no arrays, which leaves
    were tensors and which native arrays); ``give`` rebuilds the result from
    the native arrays that come out.
    """

    __slots__ = ("kinds", "leaves", "structure")

    def __init__(self) -> None:
        self.structure: Any = None
        self.leaves: list[Any] = []
        self.kinds: list[int] = []  # 1: a tensor, 2: a native array, 0: kept as it is

    def take(self, cls: type[TensorBase], tree: Any, what: str | None = None) -> tuple[Any, ...]:
        """The native arrays of ``tree``; with ``what`` (a message), only arrays may be leaves.

        Raises
        ------
        TypeError
            With ``what``: if a leaf is not a tensor or native array of ``cls``.
        """
        leaves, self.structure = flatten(tree)
        types = _registry.array_types(cls.backend)
        kinds: list[int] = []
        raws: list[Any] = []
        for leaf in leaves:
            if type(leaf) is cls:
                kinds.append(1)
                raws.append(leaf.raw)
            elif isinstance(leaf, types):
                kinds.append(2)
                raws.append(leaf)
            elif what is not None:
                if isinstance(leaf, TensorBase):
                    raise FrameworkMixError(
                        f"{what} returned a {leaf.framework} tensor, expected {cls.framework}"
                    )
                raise TypeError(
                    f"{what} must return tensors (in tuples, lists and dicts), "
                    f"got a {type(leaf).__name__}"
                )
            else:
                kinds.append(0)
        self.leaves, self.kinds = leaves, kinds
        return tuple(raws)

    def give(self, cls: type[TensorBase], raws: Any) -> Any:
        """The result rebuilt around ``raws`` (one native array per array leaf)."""
        it = iter(raws)
        out = [
            wrap(cls, next(it)) if k == 1 else next(it) if k == 2 else leaf
            for leaf, k in zip(self.leaves, self.kinds, strict=True)
        ]
        return unflatten(self.structure, out)

    def place(self, items: list[Any]) -> Any:
        """The result's structure with one item per array leaf (leaves that are no arrays kept)."""
        it = iter(items)
        out = [next(it) if k else leaf for leaf, k in zip(self.leaves, self.kinds, strict=True)]
        return unflatten(self.structure, out)


def split_aux(out: Any, has_aux: bool, name: str) -> tuple[Any, Any]:
    """``(out, aux)`` of a function's result: the pair with ``has_aux``, else ``(out, None)``.

    Raises
    ------
    ValueError
        With ``has_aux``, if the result is not a pair.
    """
    if not has_aux:
        return out, None
    pair: Any = out  # (kept un-narrowed by the isinstance test below)
    if not isinstance(out, tuple) or len(pair) != 2:
        raise ValueError(f"with has_aux=True, {name}'s function must return a pair (out, aux)")
    return pair[0], pair[1]


def _loss_raw(cls: type[TensorBase], value: Any) -> Any:
    """The native 0-d floating loss of ``f``'s output."""
    loss: TensorBase = value if isinstance(value, TensorBase) else _registry.astensor(value)
    if loss.backend != cls.backend:
        raise FrameworkMixError(f"f returned a {loss.framework} tensor, expected {cls.framework}")
    if cls._kind(loss.raw.dtype) not in "fc":
        raise DTypeError(f"f must return a floating tensor to differentiate, got {loss.dtype}")
    if len(loss.raw.shape) != 0:
        raise ShapeError(f"f must return a scalar (0-d) tensor, got shape {loss.shape}")
    return loss.raw


def _value_aux_grad(
    name: str,
    f: Callable[..., Any],
    argnums: Any,
    has_aux: bool,
    args: tuple[Any, ...],
    kwargs: dict[str, Any],
    cls: type[TensorBase] | None = None,
) -> tuple[Any, Any, Any]:
    """``(value, aux, gradients)`` of ``f(*args, **kwargs)`` w.r.t. the arguments ``argnums``."""
    if argnums.__class__ is int and not has_aux and -len(args) <= argnums < len(args):
        one = _value_and_grad_of_one(f, argnums % len(args), args, kwargs, cls)
        if one is not None:
            return one
    return _general_value_aux_grad(name, f, argnums, has_aux, args, kwargs, cls)


def _general_value_aux_grad(
    name: str,
    f: Callable[..., Any],
    argnums: Any,
    has_aux: bool,
    args: tuple[Any, ...],
    kwargs: dict[str, Any],
    cls: type[TensorBase] | None,
) -> tuple[Any, Any, Any]:
    """``_value_aux_grad`` for the calls ``_value_and_grad_of_one`` does not take."""
    nums = normalize_argnums(name, argnums, len(args))
    leaves, structure = flatten(tuple(args[i] for i in nums))
    kind, xs = differentiable_inputs(name, leaves, cls)
    aux_out = Outputs()

    def f_raw(*raws: Any) -> tuple[Any, tuple[Any, ...]]:
        trees = unflatten(structure, [wrap(kind, r) for r in raws])
        value, aux = split_aux(f(*call_with(args, nums, trees), **kwargs), has_aux, name)
        return _loss_raw(kind, value), aux_out.take(kind, aux)

    vg: Any = kind._ns.value_and_grads  # not None: checked by differentiable_inputs
    value, aux_raw, grads = vg(f_raw, tuple(x.raw for x in xs))
    g = unflatten(structure, [wrap(kind, r) for r in grads])
    return wrap(kind, value), aux_out.give(kind, aux_raw), g[0] if isinstance(argnums, int) else g


def _value_and_grad_of_one(
    f: Callable[..., Any],
    i: int,
    args: tuple[Any, ...],
    kwargs: dict[str, Any],
    cls: type[TensorBase] | None,
) -> tuple[Any, None, Any] | None:
    """``_value_aux_grad``'s result for the common call, or None for any other.

    The common call differentiates one floating tensor (not a container),
    with no auxiliary output: it needs none of the general path's
    flattening, and gives the same result (the general path raises for the
    calls this one leaves to it).
    """
    x = args[i]
    kind = x.__class__
    if not (kind is cls if cls is not None else isinstance(x, TensorBase)):
        return None
    vg: Any = kind._ns.value_and_grads
    if vg is None or kind._kind(x.raw.dtype) not in "fc":
        return None
    call = list(args)

    def f_raw(raw: Any) -> tuple[Any, tuple[()]]:
        call[i] = wrap(kind, raw)
        return _loss_raw(kind, f(*call, **kwargs)), ()

    value, _, grads = vg(f_raw, (x.raw,))
    return wrap(kind, value), None, wrap(kind, grads[0])


def _jax_form(args: tuple[Any, ...]) -> bool:
    return len(args) == 0 or is_argnums(args[0])  # (Dynamo cannot trace `not` of a tuple)


# ------------------------------------------------------------------ the gradient family


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
    """A function returning ``f``'s value and gradient w.r.t. its first argument (EagerPy's).

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
        dtype (``x`` may also be a tuple, list or dict of tensors: ``grad``
        has its structure), ``value`` is 0-d.

    Raises
    ------
    NotImplementedError
        If ``t`` is a NumPy tensor (NumPy has no autodiff).
    TypeError
        (when ``g`` is called) if ``x`` is not a floating tensor of ``t``'s
        framework, or ``f`` returns a tensor of another framework.
    ValueError
        (when ``g`` is called) if ``f`` does not return a 0-d tensor, or
        with ``has_aux`` does not return a pair.

    Notes
    -----
    No ``.grad`` is written on PyTorch tensors, no TensorFlow tape is kept;
    ``value`` and ``aux`` come back detached. ``g`` is
    ``ut.value_and_grad(f, has_aux=has_aux)`` with the framework fixed and
    the layout ``(value, aux, grad)``: it composes with
    [`vmap`][unitensor.vmap] and the other transformations as that does.

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
    if cls._ns.value_and_grads is None:
        raise _not_differentiable(cls)

    def value_and_grad_of_f(*args: Any, **kwargs: Any) -> Any:
        if args and not has_aux:  # _value_aux_grad's common call, without its frame
            one = _value_and_grad_of_one(f, 0, args, kwargs, cls)
            if one is not None:
                return one[0], one[2]
        value, aux, g = _general_value_aux_grad(
            "value_and_grad_fn", f, 0, has_aux, args, kwargs, cls
        )
        return (value, aux, g) if has_aux else (value, g)

    return value_and_grad_of_f


@overload
def value_and_grad(
    f: Callable[P, Any], /, argnums: Argnums = 0, has_aux: bool = False
) -> Callable[P, tuple[Any, Any]]: ...


@overload
def value_and_grad(f: Callable[..., T], t: T, /, *args: Any, **kwargs: Any) -> tuple[T, T]: ...


def value_and_grad(f: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
    """``f``'s value and gradient: a new function (JAX's form), or both at ``t`` (EagerPy's).

    ``ut.value_and_grad(f, argnums=0, has_aux=False)`` returns ``g`` with
    ``g(*args, **kwargs)`` giving ``(value, grad)``, or with ``has_aux``
    ``((value, aux), grad)``, as ``jax.value_and_grad``.
    ``ut.value_and_grad(f, t, *args, **kwargs)`` is
    ``ut.value_and_grad(f)(t, *args, **kwargs)``.

    Parameters
    ----------
    f
        A function of tensors returning a 0-d floating tensor, or with
        ``has_aux`` a pair ``(0-d tensor, aux)``; ``aux`` is any nesting of
        tuples, lists and dicts of tensors and other values.
    argnums
        (JAX's form) The positional argument to differentiate with respect
        to, or a tuple of them.
    has_aux
        (JAX's form) Whether ``f`` returns ``(value, aux)``.
    t, *args, **kwargs
        (EagerPy's form) The arguments of ``f``; the gradient is with
        respect to ``t``, a tensor, a native array, or a tuple, list or dict
        of them.

    Returns
    -------
    callable or (Tensor, gradients)
        The 0-d value, and the gradient with the shape, dtype and structure
        of the differentiated argument (a tuple of them for a tuple
        ``argnums``).

    Raises
    ------
    NotImplementedError
        If the differentiated tensors are NumPy tensors.
    TypeError
        If they are not floating, mix frameworks, or ``f`` returns another
        framework's tensor; for a bad ``argnums``.
    ValueError
        If ``f`` does not return a 0-d tensor (with ``has_aux``: a pair).

    Examples
    --------
    >>> import torch
    >>> import unitensor as ut
    >>> x = ut.astensor(torch.tensor([1.0, 2.0]))
    >>> value, grad = ut.value_and_grad(lambda v: (v * v).sum(), x)
    >>> value.item(), grad.numpy()
    (5.0, array([2., 4.], dtype=float32))
    >>> vg = ut.value_and_grad(lambda a, b: (a * b).sum(), argnums=(0, 1))
    >>> value, (ga, gb) = vg(x, 3 * x)
    >>> value.item(), ga.numpy(), gb.numpy()
    (15.0, array([3., 6.], dtype=float32), array([1., 2.], dtype=float32))
    """
    if _jax_form(args):
        argnums, has_aux = transform_options("value_and_grad", args, kwargs, ("argnums", "has_aux"))

        def value_and_grad_of_f(*a: Any, **kw: Any) -> Any:
            value, aux, g = _value_aux_grad("value_and_grad", f, argnums, has_aux, a, kw)
            return ((value, aux), g) if has_aux else (value, g)

        return value_and_grad_of_f
    value, _, g = _value_aux_grad("value_and_grad", f, 0, False, args, kwargs)
    return value, g


@overload
def value_aux_and_grad(
    f: Callable[P, tuple[Any, Any]], /, argnums: Argnums = 0
) -> Callable[P, tuple[Any, Any, Any]]: ...


@overload
def value_aux_and_grad(
    f: Callable[..., tuple[T, Any]], t: T, /, *args: Any, **kwargs: Any
) -> tuple[T, Any, T]: ...


def value_aux_and_grad(f: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
    """``(value, aux, grad)`` for ``f`` returning ``(value, aux)``: a new function, or at ``t``.

    ``ut.value_aux_and_grad(f, argnums=0)`` returns ``g`` with
    ``g(*args, **kwargs)`` giving ``(value, aux, grad)``;
    ``ut.value_aux_and_grad(f, t, *args, **kwargs)`` is
    ``ut.value_aux_and_grad(f)(t, *args, **kwargs)``. See
    [`value_and_grad`][unitensor.value_and_grad] for ``f``, the
    frameworks and the errors.

    Parameters
    ----------
    f
        Returns ``(0-d tensor, aux)``; ``aux`` is any nesting of tuples,
        lists and dicts of tensors and values.
    argnums
        (JAX's form) The positional argument to differentiate with respect
        to, or a tuple of them.
    t, *args, **kwargs
        (EagerPy's form) The arguments of ``f``; the gradient is with
        respect to ``t``.

    Returns
    -------
    callable or (Tensor, Any, gradients)
        The 0-d value, ``aux`` (detached) and the gradient, of the
        differentiated argument's shape, dtype and structure.

    Raises
    ------
    NotImplementedError
        If the differentiated tensors are NumPy tensors.
    TypeError
        If they are not floating, or ``f`` returns another framework's tensor.
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
    >>> g = ut.value_aux_and_grad(lambda v: ((v * v).sum(), {"n": 2}))
    >>> g(x)[1], g(x)[2].numpy()
    ({'n': 2}, array([2., 4.], dtype=float32))
    """
    if _jax_form(args):
        (argnums,) = transform_options("value_aux_and_grad", args, kwargs, ("argnums",))

        def value_aux_and_grad_of_f(*a: Any, **kw: Any) -> Any:
            return _value_aux_grad("value_aux_and_grad", f, argnums, True, a, kw)

        return value_aux_and_grad_of_f
    return _value_aux_grad("value_aux_and_grad", f, 0, True, args, kwargs)


@overload
def grad(
    f: Callable[P, Any], /, argnums: Argnums = 0, has_aux: bool = False
) -> Callable[P, Any]: ...


@overload
def grad(f: Callable[..., T], t: T, /, *args: Any, **kwargs: Any) -> T: ...


def grad(f: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
    """The gradient of ``f``: a new function (JAX's form), or its value at ``t`` (EagerPy's).

    ``ut.grad(f, argnums=0, has_aux=False)`` returns ``g`` with
    ``g(*args, **kwargs)`` the gradient of ``f`` with respect to the
    arguments ``argnums`` (with ``has_aux``: ``(grad, aux)``), as
    ``jax.grad``; ``g`` composes with every transformation, itself
    included (``ut.grad(ut.grad(f))`` for a scalar function,
    ``ut.vmap(ut.grad(loss))`` for per-example gradients).
    ``ut.grad(f, t, *args, **kwargs)`` is ``ut.grad(f)(t, *args, **kwargs)``.

    Parameters
    ----------
    f
        A function of tensors returning a 0-d floating tensor (with
        ``has_aux``: a pair ``(0-d tensor, aux)``).
    argnums
        (JAX's form) The positional argument to differentiate with respect
        to, or a tuple of them (the gradient is then a tuple).
    has_aux
        (JAX's form) Whether ``f`` returns ``(value, aux)``.
    t, *args, **kwargs
        (EagerPy's form) The arguments of ``f``; the gradient is with
        respect to ``t``, a tensor, a native array, or a tuple, list or dict
        of them.

    Returns
    -------
    callable or gradients
        The gradient has the shape, dtype and structure of the
        differentiated argument.

    Raises
    ------
    NotImplementedError
        If the differentiated tensors are NumPy tensors.
    TypeError
        If they are not floating, mix frameworks, or ``f`` returns another
        framework's tensor; for a bad ``argnums``.
    ValueError
        If ``f`` does not return a 0-d tensor.

    Examples
    --------
    >>> import torch
    >>> import unitensor as ut
    >>> x = ut.astensor(torch.tensor([1.0, 2.0]))
    >>> ut.grad(lambda v: (v * v).sum(), x).numpy()
    array([2., 4.], dtype=float32)
    >>> g = ut.grad(lambda p: (p["w"] * p["b"]).sum())
    >>> {k: v.numpy() for k, v in g({"w": x, "b": 2 * x}).items()}
    {'w': array([2., 4.], dtype=float32), 'b': array([1., 2.], dtype=float32)}
    """
    if _jax_form(args):
        argnums, has_aux = transform_options("grad", args, kwargs, ("argnums", "has_aux"))

        def grad_of_f(*a: Any, **kw: Any) -> Any:
            _, aux, g = _value_aux_grad("grad", f, argnums, has_aux, a, kw)
            return (g, aux) if has_aux else g

        return grad_of_f
    return _value_aux_grad("grad", f, 0, False, args, kwargs)[2]
