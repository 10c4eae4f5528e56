"""``vmap``, ``jvp``, ``vjp``, the Jacobians and ``hessian``: transformations of functions.

Each takes a function written against unitensor and runs it under the
framework of its tensor arguments, as JAX's transformations of the same
names: ``jax.vmap``, ``torch.func.vmap`` or ``tf.vectorized_map`` for
``vmap`` (a loop with a stack on NumPy); forward mode (``jax.jvp``,
``torch.func.jvp``, ``tf.autodiff.ForwardAccumulator``) and reverse mode
(``jax.vjp``, ``torch.func.vjp``, a persistent ``tf.GradientTape``) for
the rest. They nest in each other and in the gradient family of
``unitensor._api.autodiff`` in any order (a Hessian is ``jacfwd`` of
``jacrev``; per-example gradients are ``vmap`` of ``grad``).

The Jacobians are written once, here, from a backend's three primitives
``jvp``, ``vjp`` and ``vmap``, the way JAX writes its own: ``jacrev``
maps the pullback over the rows of an identity matrix, ``jacfwd`` maps the
pushforward over its columns (for one row, or one column, the map is
skipped). Arguments and results are tensors, native arrays, or tuples,
lists and dicts of them nested to any depth (``unitensor._pytree``).
"""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, ParamSpec, TypeVar, cast, overload

from . import _registry
from ._api._base import TensorBase, wrap
from ._api.autodiff import (
    Argnums,
    Outputs,
    call_with,
    differentiable_inputs,
    is_argnums,
    normalize_argnums,
    split_aux,
    transform_options,
)
from ._errors import DTypeError, FrameworkMixError, ShapeError
from ._pytree import count, flatten, prefix_leaves, unflatten
from ._tensor import Tensor

__all__ = ["hessian", "jacfwd", "jacobian", "jacrev", "jvp", "vjp", "vmap"]

P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T", bound=TensorBase)


def _full(cls: type[TensorBase], raw: Any) -> Tensor:
    """``wrap(cls, raw)`` typed as the full ``Tensor`` (every backend class is one)."""
    return cast(Tensor, wrap(cls, raw))


# ------------------------------------------------------------------ vmap


def _is_axis(v: Any) -> bool:
    return v is None or (isinstance(v, int) and not isinstance(v, bool))


def _mapped_inputs(
    leaves: list[Any], axes: list[Any]
) -> tuple[type[TensorBase], list[int], list[Tensor], int]:
    """The class, indices, tensors (mapped axis first) and length of the mapped leaves."""
    picked: list[int] = []
    tensors: list[Tensor] = []
    for k, (leaf, ax) in enumerate(zip(leaves, axes, strict=True)):
        if ax is None:
            continue
        if isinstance(leaf, Tensor):
            t: Tensor = leaf
        elif isinstance(leaf, int | float | complex | bool):
            raise TypeError(
                f"vmap: in_axes={ax} for a Python {type(leaf).__name__}: map tensors only "
                "(in_axes=None passes a value unchanged)"
            )
        else:
            t = _registry.astensor(leaf)
        picked.append(k)
        tensors.append(t)
    if not tensors:
        raise ValueError("vmap: in_axes maps no argument (every entry is None)")
    cls = type(tensors[0])
    for t in tensors:
        if t.backend != cls.backend:
            raise FrameworkMixError(f"vmap: tensors of {cls.framework} and {t.framework} mapped")
    moved: list[Tensor] = []
    sizes: list[int | None] = []  # None: unknown while TensorFlow traces
    for t, k in zip(tensors, picked, strict=True):
        ax = t._axis(axes[k])
        moved.append(t if ax == 0 else t.moveaxis(ax, 0))
        sizes.append(t.shape[ax])
    known = {s for s in sizes if s is not None}
    if len(known) > 1:
        raise ValueError(f"vmap: the mapped axes have different lengths {sizes}")
    return cls, picked, moved, next(iter(known), -1)


def vmap(
    f: Callable[P, R], in_axes: int | Sequence[Any] | None = 0, out_axes: Any = 0
) -> Callable[P, R]:
    """``f`` mapped over an axis of its arguments: a vectorising map, as ``jax.vmap``.

    ``vmap(f)(xs)`` gives the stack of ``f(x)`` for the slices ``x`` of
    ``xs`` along axis 0, computed at once where the framework vectorises:
    ``jax.vmap``, ``torch.func.vmap`` and ``tf.vectorized_map``. On NumPy
    it is a Python loop over the slices and a stack of the results (the
    same values, at a loop's speed). It composes with the gradient family
    and with itself: ``ut.vmap(ut.grad(loss), in_axes=(None, 0))(w, xs)``
    gives per-example gradients.

    Parameters
    ----------
    f
        A function of tensors (and of tuples, lists and dicts of them)
        returning tensors, or tuples, lists and dicts of tensors.
    in_axes
        The axis to map over in every positional argument (an int), ``None``
        (not mapped: passed to every call unchanged), or a tuple with one
        entry per positional argument, each an int, ``None``, or a container
        matching that argument's structure (JAX's prefix rule). Keyword
        arguments are passed unchanged.
    out_axes
        Where the mapped axis goes in each result: an int, or a container
        matching the result's structure.

    Returns
    -------
    callable
        Taking ``f``'s arguments; each result has the shape of ``f``'s with
        the mapped axis (of the arguments' common length) inserted at
        ``out_axes``, and ``f``'s dtype. A result that does not depend on
        the mapped arguments is broadcast along it.

    Raises
    ------
    ValueError
        If no argument is mapped, the mapped axes differ in length,
        ``in_axes`` or ``out_axes`` do not match the structures, or (NumPy)
        the mapped axis has length 0.
    AxisError
        If an axis is out of range for its tensor.
    TypeError
        If a mapped leaf is not a tensor, mapped tensors mix frameworks, or
        ``f`` returns something other than tensors.

    Notes
    -----
    TensorFlow traces ``f`` with ``tf.vectorized_map`` on every call made
    eagerly; inside ``tf.function`` it is traced once. Draws from a
    framework's global generator inside ``f`` (``ut.uniform(t, ...)``
    without ``key=``) differ between the mapped elements on PyTorch,
    TensorFlow and NumPy, and raise inside JAX's ``vmap``; map over a batch
    of keys (``ut.random.split(key, n)``) to draw inside ``vmap`` the same
    way everywhere. Code that reads tensor values in Python (``item()``,
    ``bool(t)``) cannot run under a vectorising map.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> x = ut.astensor(np.arange(6.0).reshape(2, 3))
    >>> ut.vmap(lambda row: row.sum())(x).numpy()
    array([ 3., 12.])
    >>> ut.vmap(lambda a, b: a * b, in_axes=(1, None))(x, ut.astensor(np.array(2.0))).shape
    (3, 2)
    >>> ut.vmap(lambda row: (row, row.max()), out_axes=(1, 0))(x)[0].shape
    (3, 2)
    """
    if not _is_axis(in_axes) and not isinstance(in_axes, tuple | list):
        raise ValueError(
            f"vmap: in_axes must be an int, None, or a tuple with one entry per positional "
            f"argument, got {in_axes!r}"
        )

    def mapped(*args: Any, **kwargs: Any) -> Any:
        if isinstance(in_axes, tuple | list):
            per_arg = tuple(in_axes)
            if len(per_arg) != len(args):
                raise ValueError(
                    f"vmap: in_axes has {len(per_arg)} entries for {len(args)} positional arguments"
                )
        else:
            per_arg = (in_axes,) * len(args)
        leaves, structure = flatten(args)
        axes = prefix_leaves(per_arg, structure, "vmap in_axes", _is_axis)
        cls, picked, moved, _ = _mapped_inputs(leaves, axes)
        out = Outputs()

        def f_raw(*raws: Any) -> tuple[Any, ...]:
            items = list(leaves)
            for k, r in zip(picked, raws, strict=True):
                items[k] = wrap(cls, r)
            return out.take(cls, f(*unflatten(structure, items), **kwargs), "vmap's function")

        raws = cls._ns.vmap(f_raw)(*(t.raw for t in moved))
        dest = prefix_leaves(out_axes, out.structure, "vmap out_axes", _is_axis)
        results: list[Any] = []
        for r, ax in zip(raws, dest, strict=True):
            if ax is None:
                raise ValueError("vmap: out_axes=None is not supported; every result is mapped")
            t = _full(cls, r)
            results.append(t if ax == 0 else t.moveaxis(0, t._axis(ax)))
        return out.give(cls, [t.raw for t in results])

    return mapped  # f's signature, mapped


# ------------------------------------------------------------------ forward and reverse mode


def _differentiable(
    name: str, primals: tuple[Any, ...]
) -> tuple[Any, type[TensorBase], list[TensorBase]]:
    leaves, structure = flatten(primals)
    cls, xs = differentiable_inputs(name, leaves)
    return structure, cls, xs


def _like(
    name: str, cls: type[TensorBase], values: list[Any], refs: list[Any], what: str
) -> list[Any]:
    """The native arrays of ``values``, each of its ``refs``' shape and dtype."""
    if len(values) != len(refs):
        raise ValueError(f"{name}: {len(values)} {what} for {len(refs)} arrays")
    out: list[Any] = []
    for v, ref in zip(values, refs, strict=True):
        t: TensorBase = v if isinstance(v, TensorBase) else _registry.astensor(v)
        r = wrap(cls, ref)
        if t.backend != cls.backend:
            raise FrameworkMixError(f"{name}: {what} of {t.framework}, expected {cls.framework}")
        if t.shape != r.shape:
            raise ShapeError(f"{name}: {what} of shape {t.shape}, expected {r.shape}")
        if cls._dtype_name(t.raw.dtype) != cls._dtype_name(r.raw.dtype):
            raise DTypeError(f"{name}: {what} of dtype {t.dtype}, expected {r.dtype}")
        out.append(t.raw)
    return out


def _function_of(
    name: str,
    f: Callable[..., Any],
    cls: type[TensorBase],
    structure: Any,
    has_aux: bool,
    outs: Outputs,
    aux: Outputs,
    rebuild: Callable[[Any], tuple[list[Any], dict[str, Any]]] | None = None,
) -> Callable[..., tuple[tuple[Any, ...], tuple[Any, ...]]]:
    """``f`` as a function of native arrays returning ``(outs, aux)`` tuples."""

    def f_raw(*raws: Any) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
        trees = unflatten(structure, [wrap(cls, r) for r in raws])
        if rebuild is None:
            result = f(*trees)
        else:
            a, kw = rebuild(trees)
            result = f(*a, **kw)
        out, extra = split_aux(result, has_aux, name)
        return outs.take(cls, out, f"{name}'s function"), aux.take(cls, extra)

    return f_raw


def jvp(
    f: Callable[..., Any],
    primals: Sequence[Any],
    tangents: Sequence[Any],
    has_aux: bool = False,
) -> tuple[Any, ...]:
    """``(f(*primals), J @ tangents)``: a Jacobian-vector product (forward mode), as ``jax.jvp``.

    Parameters
    ----------
    f
        A function of tensors (and containers of them) returning tensors,
        or with ``has_aux`` a pair ``(out, aux)``.
    primals
        A tuple or list of ``f``'s positional arguments.
    tangents
        A tuple or list of the same structure: one floating tensor per
        primal tensor, of its shape and dtype.
    has_aux
        Whether ``f`` returns ``(out, aux)``; ``aux`` is returned third.

    Returns
    -------
    (outputs, output tangents) or (outputs, output tangents, aux)
        ``f``'s result, and its directional derivative along ``tangents``,
        of the same structure, shapes and dtypes.

    Raises
    ------
    NotImplementedError
        For NumPy tensors.
    TypeError
        If ``primals`` are not floating tensors of one framework, or a
        tangent's dtype differs from its primal's.
    ValueError
        If the tangents' structure or shapes differ from the primals'.

    Examples
    --------
    >>> import torch
    >>> import unitensor as ut
    >>> x = ut.astensor(torch.tensor([1.0, 2.0]))
    >>> y, dy = ut.jvp(lambda v: v**2, (x,), (ut.ones_like(x),))
    >>> y.numpy(), dy.numpy()
    (array([1., 4.], dtype=float32), array([2., 4.], dtype=float32))
    """
    structure, cls, xs = _differentiable("jvp", tuple(primals))
    t_leaves, t_structure = flatten(tuple(tangents))
    if count(t_structure) != count(structure):
        raise ValueError("jvp: tangents must have the structure of primals")
    ts = _like("jvp", cls, t_leaves, [x.raw for x in xs], "tangents")
    outs, aux = Outputs(), Outputs()
    f_raw = _function_of("jvp", f, cls, structure, has_aux, outs, aux)
    jvp_: Any = cls._ns.jvp  # not None: checked by differentiable_inputs
    o, to, a = jvp_(f_raw, tuple(x.raw for x in xs), tuple(ts))
    result = (outs.give(cls, o), outs.give(cls, to))
    return (*result, aux.give(cls, a)) if has_aux else result


def vjp(f: Callable[..., Any], *primals: Any, has_aux: bool = False) -> tuple[Any, ...]:
    """``(f(*primals), vjp_fn)``; ``vjp_fn(c)`` is ``c @ J`` (reverse mode), as ``jax.vjp``.

    Parameters
    ----------
    f
        A function of tensors (and containers of them) returning tensors,
        or with ``has_aux`` a pair ``(out, aux)``.
    *primals
        ``f``'s positional arguments: floating tensors of one framework, or
        containers of them.
    has_aux
        Whether ``f`` returns ``(out, aux)``; ``aux`` is returned third.

    Returns
    -------
    (outputs, vjp_fn) or (outputs, vjp_fn, aux)
        ``f``'s result, and a function taking a cotangent of the result's
        structure, shapes and dtypes and returning a tuple with one
        cotangent per primal, of its structure, shapes and dtypes.

    Raises
    ------
    NotImplementedError
        For NumPy tensors.
    TypeError
        If ``primals`` are not floating tensors of one framework (or, when
        ``vjp_fn`` is called, a cotangent's dtype differs).
    ValueError
        (when ``vjp_fn`` is called) if a cotangent's shape or structure
        differs from the result's.

    Notes
    -----
    On TensorFlow, ``vjp_fn`` keeps a persistent ``GradientTape`` (so that
    it can be called more than once), freed with ``vjp_fn``.

    Examples
    --------
    >>> import torch
    >>> import unitensor as ut
    >>> x = ut.astensor(torch.tensor([1.0, 2.0]))
    >>> y, vjp_fn = ut.vjp(lambda v: v**2, x)
    >>> (cotangent,) = vjp_fn(ut.ones_like(y))
    >>> cotangent.numpy()
    array([2., 4.], dtype=float32)
    """
    structure, cls, xs = _differentiable("vjp", primals)
    outs, aux = Outputs(), Outputs()
    f_raw = _function_of("vjp", f, cls, structure, has_aux, outs, aux)
    vjp_: Any = cls._ns.vjp  # not None: checked by differentiable_inputs
    o, a, pullback = vjp_(f_raw, tuple(x.raw for x in xs))

    def vjp_fn(cotangent: Any) -> tuple[Any, ...]:
        c_leaves, c_structure = flatten(cotangent)
        if count(c_structure) != len(o):
            raise ValueError("vjp: the cotangent must have the structure of f's result")
        cts = pullback(tuple(_like("vjp", cls, c_leaves, list(o), "cotangents")))
        result: tuple[Any, ...] = unflatten(structure, [wrap(cls, c) for c in cts])
        return result

    out = outs.give(cls, o)
    return (out, vjp_fn, aux.give(cls, a)) if has_aux else (out, vjp_fn)


# ------------------------------------------------------------------ Jacobians


def _identity(cls: type[TensorBase], ref: Any) -> Any:
    """The rows of the identity for ``ref``'s elements: native, shape ``(size, *ref.shape)``."""
    r = _full(cls, ref)
    n = math.prod(r.shape)
    return r.eye(n, dtype=r.dtype).reshape((n, *r.shape)).raw


def _jacobian(
    name: str, f: Callable[..., Any], argnums: Any, has_aux: bool, forward: bool
) -> Callable[..., Any]:
    def jac(*args: Any, **kwargs: Any) -> Any:
        nums = normalize_argnums(name, argnums, len(args))
        leaves, structure = flatten(tuple(args[i] for i in nums))
        cls, xs = differentiable_inputs(name, leaves)
        outs, aux = Outputs(), Outputs()

        def rebuild(trees: Any) -> tuple[list[Any], dict[str, Any]]:
            return call_with(args, nums, trees), kwargs

        f_raw = _function_of(name, f, cls, structure, has_aux, outs, aux, rebuild)
        primals = tuple(x.raw for x in xs)
        blocks = (_forward if forward else _reverse)(cls, f_raw, primals)
        # blocks[i][j]: d out_i / d x_j, shape out_i.shape + x_j.shape
        per_out = [unflatten(structure, [wrap(cls, b) for b in row]) for row in blocks[0]]
        if isinstance(argnums, int):
            per_out = [p[0] for p in per_out]
        result = outs.place(per_out)
        return (result, aux.give(cls, blocks[1])) if has_aux else result

    return jac


def _reverse(
    cls: type[TensorBase], f_raw: Callable[..., Any], primals: tuple[Any, ...]
) -> tuple[list[list[Any]], Any]:
    vjp_: Any = cls._ns.vjp
    o, a, pullback = vjp_(f_raw, primals)
    zeros = [_full(cls, y).zeros_like().raw for y in o]
    rows: list[list[Any]] = []
    for i, y in enumerate(o):
        shape = tuple(wrap(cls, y).shape)

        def pull(e: Any, i: int = i) -> tuple[Any, ...]:
            return tuple(pullback(tuple(e if k == i else z for k, z in enumerate(zeros))))

        if math.prod(shape) == 1:  # one row: no map
            cts = [_full(cls, c)[None] for c in pull(_full(cls, y).ones_like().raw)]
        else:
            cts = [_full(cls, c) for c in cls._ns.vmap(pull)(_identity(cls, y))]
        rows.append(
            [
                c.reshape((*shape, *wrap(cls, x).shape)).raw
                for c, x in zip(cts, primals, strict=True)
            ]
        )
    return rows, a


def _forward(
    cls: type[TensorBase], f_raw: Callable[..., Any], primals: tuple[Any, ...]
) -> tuple[list[list[Any]], Any]:
    jvp_: Any = cls._ns.jvp
    zeros = [_full(cls, x).zeros_like().raw for x in primals]
    columns: list[list[Tensor]] = []  # columns[j][i]: (size of x_j, *out_i.shape)
    aux: Any = ()
    for j, x in enumerate(primals):

        def tangents(t: Any, j: int = j) -> tuple[Any, ...]:
            return tuple(t if k == j else z for k, z in enumerate(zeros))

        if math.prod(wrap(cls, x).shape) == 1:  # one column: no map
            _, touts, aux = jvp_(f_raw, primals, tangents(_full(cls, x).ones_like().raw))
            columns.append([_full(cls, t)[None] for t in touts])
            continue
        n_out: list[int] = []

        def push(t: Any, tangents: Any = tangents, n_out: list[int] = n_out) -> tuple[Any, ...]:
            _, touts, extra = jvp_(f_raw, primals, tangents(t))
            n_out[:] = [len(touts)]
            return (*touts, *extra)

        mapped = cls._ns.vmap(push)(_identity(cls, x))
        columns.append([_full(cls, t) for t in mapped[: n_out[0]]])
        aux = tuple(_full(cls, e)[0].raw for e in mapped[n_out[0] :])  # the same for every column
    rows: list[list[Any]] = []
    for i in range(len(columns[0])):
        row: list[Any] = []
        for j, x in enumerate(primals):
            c = columns[j][i]  # (n_j, *out_i.shape)
            out_shape = tuple(c.shape[1:])
            moved = c.moveaxis(0, -1) if out_shape else c
            row.append(moved.reshape((*out_shape, *wrap(cls, x).shape)).raw)
        rows.append(row)
    return rows, aux


def _two_forms(
    name: str, forward: bool, f: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]
) -> Any:
    if not args or is_argnums(args[0]):
        argnums, has_aux = transform_options(name, args, kwargs, ("argnums", "has_aux"))
        return _jacobian(name, f, argnums, has_aux, forward)
    return _jacobian(name, f, 0, False, forward)(*args, **kwargs)


@overload
def jacrev(
    f: Callable[P, Any], /, argnums: Argnums = 0, has_aux: bool = False
) -> Callable[P, Any]: ...


@overload
def jacrev(f: Callable[..., Any], t: TensorBase, /, *args: Any, **kwargs: Any) -> Any: ...


def jacrev(f: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
    """The Jacobian of ``f`` in reverse mode: a new function (JAX's form), or at ``t``.

    ``ut.jacrev(f, argnums=0, has_aux=False)`` returns ``j`` with
    ``j(*args, **kwargs)`` the Jacobian of ``f`` with respect to the
    arguments ``argnums`` (with ``has_aux``: ``(jacobian, aux)``), as
    ``jax.jacrev``; ``ut.jacrev(f, t, *args, **kwargs)`` is
    ``ut.jacrev(f)(t, *args, **kwargs)``. Reverse mode: one pullback
    (``vjp``) per output element, mapped with ``vmap``.

    Parameters
    ----------
    f
        A function of tensors (and containers of them) returning tensors or
        containers of them (with ``has_aux``: a pair ``(out, aux)``).
    argnums
        (JAX's form) The positional argument to differentiate with respect
        to, or a tuple of them.
    has_aux
        (JAX's form) Whether ``f`` returns ``(out, aux)``.
    t, *args, **kwargs
        (EagerPy's form) The arguments of ``f``, with respect to ``t``.

    Returns
    -------
    callable or Jacobian
        For an output of shape ``S`` and an input of shape ``X``, a tensor of
        shape ``S + X`` in the output's dtype: ``J[s + x]`` is the derivative
        of ``out[s]`` by ``in[x]``. Containers nest as in JAX: the
        output's structure, holding the input's at each leaf (a tuple of
        them for a tuple ``argnums``).

    Raises
    ------
    NotImplementedError
        For NumPy tensors.
    TypeError
        If the inputs are not floating tensors of one framework, or ``f``
        returns something other than tensors; for a bad ``argnums``.

    Examples
    --------
    >>> import torch
    >>> import unitensor as ut
    >>> x = ut.astensor(torch.tensor([1.0, 2.0]))
    >>> ut.jacrev(lambda v: v * v)(x).numpy()
    array([[2., 0.],
           [0., 4.]], dtype=float32)
    """
    return _two_forms("jacrev", False, f, args, kwargs)


@overload
def jacfwd(
    f: Callable[P, Any], /, argnums: Argnums = 0, has_aux: bool = False
) -> Callable[P, Any]: ...


@overload
def jacfwd(f: Callable[..., Any], t: TensorBase, /, *args: Any, **kwargs: Any) -> Any: ...


def jacfwd(f: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
    """The Jacobian of ``f`` in forward mode: a new function (JAX's form), or at ``t``.

    ``ut.jacfwd(f, argnums=0, has_aux=False)`` returns ``j`` with
    ``j(*args, **kwargs)`` the Jacobian of ``f`` with respect to the
    arguments ``argnums`` (with ``has_aux``: ``(jacobian, aux)``), as
    ``jax.jacfwd``; ``ut.jacfwd(f, t, *args, **kwargs)`` is
    ``ut.jacfwd(f)(t, *args, **kwargs)``. Forward mode: one pushforward
    (``jvp``) per input element, mapped with ``vmap``; cheaper than
    ``jacrev`` for functions with more outputs than inputs.

    Parameters
    ----------
    f
        A function of tensors (and containers of them) returning tensors or
        containers of them (with ``has_aux``: a pair ``(out, aux)``).
    argnums
        (JAX's form) The positional argument to differentiate with respect
        to, or a tuple of them.
    has_aux
        (JAX's form) Whether ``f`` returns ``(out, aux)``.
    t, *args, **kwargs
        (EagerPy's form) The arguments of ``f``, with respect to ``t``.

    Returns
    -------
    callable or Jacobian
        For an output of shape ``S`` and an input of shape ``X``, a tensor of
        shape ``S + X`` in the output's dtype: ``J[s + x]`` is the derivative
        of ``out[s]`` by ``in[x]``. Containers nest as in JAX: the
        output's structure, holding the input's at each leaf (a tuple of
        them for a tuple ``argnums``).

    Raises
    ------
    NotImplementedError
        For NumPy tensors.
    TypeError
        If the inputs are not floating tensors of one framework, or ``f``
        returns something other than tensors; for a bad ``argnums``.

    Examples
    --------
    >>> import torch
    >>> import unitensor as ut
    >>> x = ut.astensor(torch.tensor([1.0, 2.0]))
    >>> ut.jacfwd(lambda v: v * v.sum(), x).numpy()
    array([[4., 1.],
           [2., 5.]], dtype=float32)
    """
    return _two_forms("jacfwd", True, f, args, kwargs)


@overload
def jacobian(
    f: Callable[P, Any], /, argnums: Argnums = 0, has_aux: bool = False
) -> Callable[P, Any]: ...


@overload
def jacobian(f: Callable[..., Any], t: TensorBase, /, *args: Any, **kwargs: Any) -> Any: ...


def jacobian(f: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
    """The Jacobian of ``f`` (reverse mode, as ``jax.jacobian``): a new function, or at ``t``.

    ``ut.jacobian(f, argnums=0, has_aux=False)`` returns ``j`` with
    ``j(*args, **kwargs)`` the Jacobian of ``f`` with respect to the
    arguments ``argnums`` (with ``has_aux``: ``(jacobian, aux)``), as
    ``jax.jacobian``; ``ut.jacobian(f, t, *args, **kwargs)`` is
    ``ut.jacobian(f)(t, *args, **kwargs)``. ``jacrev``, under JAX's other name.

    Parameters
    ----------
    f
        A function of tensors (and containers of them) returning tensors or
        containers of them (with ``has_aux``: a pair ``(out, aux)``).
    argnums
        (JAX's form) The positional argument to differentiate with respect
        to, or a tuple of them.
    has_aux
        (JAX's form) Whether ``f`` returns ``(out, aux)``.
    t, *args, **kwargs
        (EagerPy's form) The arguments of ``f``, with respect to ``t``.

    Returns
    -------
    callable or Jacobian
        For an output of shape ``S`` and an input of shape ``X``, a tensor of
        shape ``S + X`` in the output's dtype: ``J[s + x]`` is the derivative
        of ``out[s]`` by ``in[x]``. Containers nest as in JAX: the
        output's structure, holding the input's at each leaf (a tuple of
        them for a tuple ``argnums``).

    Raises
    ------
    NotImplementedError
        For NumPy tensors.
    TypeError
        If the inputs are not floating tensors of one framework, or ``f``
        returns something other than tensors; for a bad ``argnums``.

    Examples
    --------
    >>> import torch
    >>> import unitensor as ut
    >>> a = ut.astensor(torch.tensor([1.0, 2.0]))
    >>> ja, jb = ut.jacobian(lambda u, v: u * v, argnums=(0, 1))(a, 3 * a)
    >>> ja.numpy(), jb.numpy()
    (array([[3., 0.],
           [0., 6.]], dtype=float32), array([[1., 0.],
           [0., 2.]], dtype=float32))
    """
    return _two_forms("jacobian", False, f, args, kwargs)


@overload
def hessian(
    f: Callable[P, Any], /, argnums: Argnums = 0, has_aux: bool = False
) -> Callable[P, Any]: ...


@overload
def hessian(f: Callable[..., T], t: T, /, *args: Any, **kwargs: Any) -> T: ...


def hessian(f: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
    """The Hessian of ``f``: ``jacfwd(jacrev(f))``, a new function (JAX's form), or at ``t``.

    ``ut.hessian(f, argnums=0, has_aux=False)`` returns ``j`` with
    ``j(*args, **kwargs)`` the Hessian of ``f`` with respect to the
    arguments ``argnums`` (with ``has_aux``: ``(hessian, aux)``), as
    ``jax.hessian``; ``ut.hessian(f, t, *args, **kwargs)`` is
    ``ut.hessian(f)(t, *args, **kwargs)``. It is ``jacfwd(jacrev(f))``:
    reverse mode inside, forward mode outside.

    Parameters
    ----------
    f
        A function of tensors (and containers of them) returning tensors or
        containers of them (with ``has_aux``: a pair ``(out, aux)``).
    argnums
        (JAX's form) The positional argument to differentiate with respect
        to, or a tuple of them.
    has_aux
        (JAX's form) Whether ``f`` returns ``(out, aux)``.
    t, *args, **kwargs
        (EagerPy's form) The arguments of ``f``, with respect to ``t``.

    Returns
    -------
    callable or Hessian
        For a 0-d output and an input of shape ``X``, a tensor of shape
        ``X + X`` in the output's dtype (an output of shape ``S`` gives
        ``S + X + X``). For a tuple ``argnums``, a tuple of tuples of blocks,
        ``H[i][j]`` the derivatives by arguments ``i`` and ``j``.

    Raises
    ------
    NotImplementedError
        For NumPy tensors.
    TypeError
        If the inputs are not floating tensors of one framework, or ``f``
        returns something other than tensors; for a bad ``argnums``.

    Examples
    --------
    >>> import torch
    >>> import unitensor as ut
    >>> x = ut.astensor(torch.tensor([1.0, 2.0]))
    >>> ut.hessian(lambda v: (v**3).sum())(x).numpy()
    array([[ 6.,  0.],
           [ 0., 12.]], dtype=float32)
    """
    if not args or is_argnums(args[0]):
        argnums, has_aux = transform_options("hessian", args, kwargs, ("argnums", "has_aux"))
    else:
        argnums, has_aux = 0, False
    inner = _jacobian("hessian", f, argnums, has_aux, forward=False)
    h = _jacobian("hessian", inner, argnums, has_aux, forward=True)
    return h if not args or is_argnums(args[0]) else h(*args, **kwargs)
