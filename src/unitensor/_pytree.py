"""Nested containers of tensors ("pytrees"): leaves out, and the same structure back.

The transformations ([`unitensor.grad`][unitensor.grad],
[`unitensor.vmap`][unitensor.vmap], ...) take and return tensors inside
tuples (named ones too), lists and dicts, nested to any depth, as JAX and
``torch.func`` do. They hand the frameworks flat tuples of native arrays, so
that each framework's transformation sees one simple form whatever the
user's structure; the structure is taken apart here with ``flatten`` and
rebuilt with ``unflatten``. ``None`` is an empty container (no leaf), as
in JAX; anything else that is not a container is a leaf.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ._tree import map_containers

__all__ = ["Leaf", "count", "flatten", "prefix_leaves", "unflatten"]


class Leaf:
    """The place of the ``index``-th leaf in a structure returned by ``flatten``."""

    __slots__ = ("index",)

    def __init__(self, index: int) -> None:
        self.index = index

    def __repr__(self) -> str:
        return f"Leaf({self.index})"


_NOT_A_CONTAINER = object()


def flatten(tree: Any) -> tuple[list[Any], Any]:
    """``(leaves, structure)``: the leaves in order, and ``tree`` with ``Leaf`` markers.

    Examples
    --------
    >>> from unitensor._pytree import flatten, unflatten
    >>> leaves, structure = flatten({"a": (1, [2, None]), "b": 3})
    >>> leaves
    [1, 2, 3]
    >>> unflatten(structure, ["x", "y", "z"])
    {'a': ('x', ['y', None]), 'b': 'z'}
    """
    leaves: list[Any] = []

    def visit(x: Any) -> Any:
        if x is None:
            return None
        out = map_containers(visit, x, _NOT_A_CONTAINER)
        if out is _NOT_A_CONTAINER:
            leaves.append(x)
            return Leaf(len(leaves) - 1)
        return out

    return leaves, visit(tree)


def unflatten(structure: Any, leaves: list[Any] | tuple[Any, ...]) -> Any:
    """The structure of ``flatten`` with its ``Leaf`` markers replaced by ``leaves``."""

    def visit(s: Any) -> Any:
        if s.__class__ is Leaf:
            return leaves[s.index]
        if s is None:
            return None
        return map_containers(visit, s, s)

    return visit(structure)


def count(structure: Any) -> int:
    """The number of leaves in a structure returned by ``flatten``."""
    n = 0

    def visit(s: Any) -> None:
        nonlocal n
        if s.__class__ is Leaf:
            n += 1
        elif s is not None:
            map_containers(visit, s, None)

    visit(structure)
    return n


def prefix_leaves(
    prefix: Any, structure: Any, what: str, is_value: Callable[[Any], bool]
) -> list[Any]:
    """One value per leaf of ``structure``, from a prefix of it (JAX's ``in_axes`` rule).

    A value (``is_value(prefix)``) applies to every leaf below it; a
    container must have the container type, length or keys of the
    structure at its place, and is matched item by item.

    Raises
    ------
    ValueError
        If ``prefix`` does not match the structure (``what`` names it in
        the message).

    Examples
    --------
    >>> from unitensor._pytree import flatten, prefix_leaves
    >>> _, s = flatten(({"a": 1, "b": 2}, 3))
    >>> is_axis = lambda v: not isinstance(v, tuple | dict)
    >>> prefix_leaves(({"a": 0, "b": None}, 1), s, "in_axes", is_axis)
    [0, None, 1]
    """
    out: list[Any] = []

    def visit(p: Any, s: Any) -> None:
        pa: Any = p  # p and s as they are: the isinstance tests below narrow only p and s
        sa: Any = s
        if is_value(p):
            out.extend([p] * count(s))
            return
        if s.__class__ is Leaf or s is None:
            raise ValueError(f"{what}: {pa!r} is a container where the argument has a leaf")
        both_sequences = isinstance(p, list | tuple) and isinstance(s, list | tuple)
        if type(pa) is not type(sa) and not (both_sequences and len(pa) == len(sa)):
            raise ValueError(
                f"{what}: {type(pa).__name__} {pa!r} does not match the argument's "
                f"{type(sa).__name__}"
            )
        if isinstance(s, dict):
            if set(pa) != set(sa):
                raise ValueError(f"{what}: keys {sorted(map(str, pa))} do not match the argument's")
            for k in sa:
                visit(pa[k], sa[k])
            return
        if len(pa) != len(sa):
            raise ValueError(f"{what}: {len(pa)} entries for a container of {len(sa)}")
        for pi, si in zip(pa, sa, strict=True):
            visit(pi, si)

    visit(prefix, structure)
    return out
