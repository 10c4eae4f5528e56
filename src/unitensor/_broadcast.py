"""Shape arguments, and NumPy's broadcasting rule on shapes (checks before a primitive call)."""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any, SupportsIndex, cast

import numpy as np

from ._errors import DataDependentShapeError, ShapeError

__all__ = ["broadcast_shape", "broadcastable", "check_broadcast", "shape_ints", "shape_tuple"]


# (a tuple or list entry: sizes after a sequence, reshape((2, 3), 4))
_NOT_SIZES = (bool, float, complex, str, bytes, tuple, list, np.floating, np.complexfloating)


def shape_ints(shape: int | Sequence[int], name: str) -> tuple[int, ...]:
    """A shape argument as a tuple of ints, as NumPy reads it (any sign: the caller checks).

    ``shape`` is an int, an integer scalar (NumPy's, a 0-d integer tensor),
    or a sequence of those. A bool, a float or a string is refused where
    ``int()`` would convert, truncate or parse it (NumPy and PyTorch refuse
    them too). A NumPy scalar entry is read with
    ``operator.index``, any other with ``int()``: that keeps a
    ``torch.SymInt`` symbolic under ``torch.compile`` (``operator.index``
    would fix its value), and leaves a tracer's error as its framework
    raises it.

    Raises
    ------
    TypeError
        If ``shape`` or one of its entries is a bool, a float, a complex
        number or a string.
    DataDependentShapeError
        If an entry is NaN (a Dask size not known yet).
    """
    if isinstance(shape, int) and not isinstance(shape, bool):
        return (shape,)
    if not isinstance(shape, (bool, str, bytes)):
        try:
            entries = iter(shape)
        except TypeError:  # one size: a NumPy integer, a 0-d integer tensor
            return (_size(shape, shape, name),)
        return tuple([s if s.__class__ is int else _size(s, shape, name) for s in entries])
    raise TypeError(f"{name} must be an int or a sequence of ints, got {shape!r}")


def _size(s: Any, shape: Any, name: str) -> int:
    if isinstance(s, _NOT_SIZES):
        if s != s:
            raise DataDependentShapeError(
                f"{name} {shape!r} holds a size not known yet (Dask's NaN for an axis "
                "whose size depends on the values); compute it first: t, = ut.compute(t)"
            )
        raise TypeError(f"{name} must be an int or a sequence of ints, got {shape!r}")
    if isinstance(s, (np.generic, np.ndarray)):  # (np.bool_ and float arrays refused)
        return operator.index(cast("SupportsIndex", s))
    return int(s)


def broadcast_shape(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...] | None:
    """NumPy's broadcast of two shapes, or None if they do not broadcast."""
    out: list[int] = []
    for i in range(1, max(len(a), len(b)) + 1):
        x = a[-i] if i <= len(a) else 1
        y = b[-i] if i <= len(b) else 1
        if x != y and x != 1 and y != 1:
            return None
        out.append(y if x == 1 else x)
    return tuple(reversed(out))


FAST_RANK = 8
"""The largest rank that ``broadcastable`` accepts (TensorFlow's broadcasting kernels')."""


def broadcastable(a: Any, b: Any) -> bool:
    """Whether two known shapes broadcast, both of rank at most ``FAST_RANK``.

    The fast paths of binary operations ask it of operands whose shapes
    differ. A size that is not a Python int (None in a TensorFlow graph,
    Dask's ``nan``) or a rank that is not known gives False: the checked
    path handles those. ``_speedups.c`` makes the same test.
    """
    try:
        na, nb = len(a), len(b)
    except (TypeError, ValueError):  # (TensorFlow: a shape of unknown rank)
        return False
    if na > FAST_RANK or nb > FAST_RANK:
        return False
    for i in range(1, min(na, nb) + 1):
        x, y = a[na - i], b[nb - i]
        if x.__class__ is not int or y.__class__ is not int:
            return False
        if x != y and x != 1 and y != 1:
            return False
    return True


def check_broadcast(*shapes: Any) -> None:
    """Raise ``ValueError`` unless the shapes broadcast together (NumPy's rule).

    A size not known yet (Dask's ``nan``, None in a TensorFlow graph) is not
    checked: the framework checks it when it computes.
    """
    longest = max(len(s) for s in shapes)
    for i in range(1, longest + 1):
        size = 1
        for s in shapes:
            if i <= len(s):
                d = s[-i]
                if d is not None and d != 1 and d == d:
                    if size != 1 and d != size:
                        raise ShapeError(
                            "shapes "
                            + ", ".join(str(tuple(s)) for s in shapes)
                            + " do not broadcast together"
                        )
                    size = d
    return


def shape_tuple(shape: int | Sequence[int]) -> tuple[int, ...]:
    """A shape argument as a tuple of non-negative ints.

    Raises
    ------
    TypeError
        If it is not an int or a sequence of ints (see ``shape_ints``).
    ShapeError
        If a size is negative.
    """
    sizes = shape_ints(shape, "shape")
    if any(s < 0 for s in sizes):
        raise ShapeError(f"negative size in shape {sizes}")
    return sizes
