"""Explicit random keys, in the style of ``jax.random``: ``key``, ``split``, ``fold_in``.

A key is a tensor of its framework: two 32-bit words in an array of shape
(2,) (``uint32`` on JAX, the raw key ``jax.random.PRNGKey`` makes; int64
elsewhere). Pass it as ``key=`` to [`Tensor.uniform`][unitensor.Tensor.uniform],
[`normal`][unitensor.Tensor.normal], [`randint`][unitensor.Tensor.randint],
[`permutation`][unitensor.Tensor.permutation] and
[`bernoulli`][unitensor.Tensor.bernoulli]: the draw is then a pure
function of the key, so the same key gives the same numbers on the same
framework, and a compiled function (``jax.jit``, ``tf.function``,
``torch.compile``) taking the key as an argument draws fresh numbers for
every key it is called with, with no recompilation. Use a key once: split
it for every further draw (or ``fold_in`` a step number), as in JAX.

The frameworks draw with their own generators (JAX's ``jax.random``,
TensorFlow's stateless ops; NumPy and PyTorch share a Threefry-2x32
generator written with tensor operations, so the same key gives the same
numbers on both), so one seed gives different numbers on different
frameworks. The draws without ``key=`` and [`unitensor.seed`][unitensor.seed]
work as before.

>>> import numpy as np
>>> import unitensor as ut
>>> t = ut.astensor(np.zeros(1, dtype=np.float32))
>>> key = ut.random.key(42, like=t)
>>> k1, k2 = ut.random.split(key)
>>> a, b = t.normal(3, key=k1), t.normal(3, key=k2)
>>> bool((a == t.normal(3, key=k1)).all()), bool((a == b).any())
(True, False)
"""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

from typing import Any, TypeVar, cast, overload

from . import _registry
from ._api._base import TensorBase, wrap
from ._errors import DTypeError, ShapeError
from ._tensor import Tensor

__all__ = ["fold_in", "key", "split"]

T = TypeVar("T", bound=Tensor)


def _template(like: Any) -> TensorBase:
    """A tensor of the framework (and on the device) that ``like`` names."""
    if isinstance(like, str):
        cls = _registry.backend_class(like)  # ValueError for an unknown name
        return wrap(cls, cls._ns.like(None))
    t: TensorBase = like if isinstance(like, TensorBase) else _registry.astensor(like)
    return t


def _check(k: Any, name: str) -> TensorBase:
    t: TensorBase = k if isinstance(k, TensorBase) else _registry.astensor(k)
    if t._kind(t.raw.dtype) not in "iu":
        raise DTypeError(f"{name}: a key is an integer tensor (ut.random.key), got {t.dtype}")
    if tuple(t.raw.shape) != (2,):
        raise ShapeError(f"{name}: a key has shape (2,), got {tuple(t.raw.shape)}")
    return t


@overload
def key(seed: int, like: T) -> T: ...


@overload
def key(seed: int, like: Any) -> Tensor: ...


def key(seed: int, like: Any) -> Any:
    """A new key from an integer seed, for the framework (and device) of ``like``.

    Parameters
    ----------
    seed
        Any int; its low 64 bits make the key's two words
        ``[seed >> 32 & 0xFFFFFFFF, seed & 0xFFFFFFFF]`` (as
        ``jax.random.PRNGKey``'s).
    like
        A tensor or native array (the key goes on its framework and
        device), or a backend name such as ``"torch"`` (or the module name
        of an Array API namespace the generic backend serves, such as
        ``"array_api_strict"``).

    Returns
    -------
    Tensor
        Shape (2,); uint32 on JAX (``jax.random.PRNGKey(seed)``), int64
        elsewhere.

    Raises
    ------
    TypeError
        If ``seed`` is not an int, or ``like`` is no array of a supported
        framework.
    ValueError
        If ``like`` is an unknown backend name.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.random.key(7, like="numpy").numpy()
    array([0, 7])
    """
    given: Any = seed  # checked at run time whatever its annotation says
    if isinstance(given, bool) or not isinstance(given, int):
        raise TypeError(f"key: the seed is an int, got {type(given).__name__}")
    t = _template(like)
    return wrap(type(t), t._ns.random_key(seed, t.raw))


def split(key: T, num: int = 2) -> T:
    """``num`` new keys from ``key``, as rows of shape (num, 2).

    Parameters
    ----------
    key
        A key (``ut.random.key``).
    num
        How many keys, at least 1.

    Returns
    -------
    Tensor
        Shape ``(num, 2)``, the key's dtype and framework: unpack it
        (``k1, k2 = ut.random.split(key)``), index it, or map over it with
        [`vmap`][unitensor.vmap].

    Raises
    ------
    TypeError
        If ``key`` is not an integer tensor.
    ValueError
        If ``key`` is not of shape (2,), or ``num < 1``.

    Examples
    --------
    >>> import unitensor as ut
    >>> ut.random.split(ut.random.key(0, like="numpy"), 3).shape
    (3, 2)
    """
    t = _check(key, "split")
    given: Any = num  # checked at run time whatever its annotation says
    if isinstance(given, bool) or not isinstance(given, int) or num < 1:
        raise ValueError(f"split: num must be an int >= 1, got {num!r}")
    return cast(T, wrap(type(t), t._ns.random_split(t.raw, num)))


def fold_in(key: T, data: int | T) -> T:
    """A new key from ``key`` and an integer, such as a step number (``jax.random.fold_in``).

    Parameters
    ----------
    key
        A key (``ut.random.key``).
    data
        An int (its low 32 bits count), or a 0-d integer tensor of the
        key's framework (a step counter traced by a compiler).

    Returns
    -------
    Tensor
        A key: shape (2,), the key's dtype and framework.

    Raises
    ------
    TypeError
        If ``key`` or ``data`` is not an integer tensor (or int).
    ValueError
        If ``key`` is not of shape (2,), or ``data`` not 0-d.

    Examples
    --------
    >>> import unitensor as ut
    >>> k = ut.random.key(0, like="numpy")
    >>> bool((ut.random.fold_in(k, 1) == ut.random.fold_in(k, 1)).all())
    True
    """
    t = _check(key, "fold_in")
    if isinstance(data, bool):
        raise TypeError("fold_in: data is an int, not a bool")
    if isinstance(data, int):
        raw: Any = data
    else:
        given: Any = data
        d: TensorBase = given if isinstance(given, TensorBase) else _registry.astensor(given)
        if type(d) is not type(t) or d._kind(d.raw.dtype) not in "iu":
            raise DTypeError(f"fold_in: data is an int or an integer {t.framework} tensor")
        if tuple(d.raw.shape) != ():
            raise ShapeError(f"fold_in: data must be 0-d, got shape {tuple(d.raw.shape)}")
        raw = d.raw
    return cast(T, wrap(type(t), t._ns.random_fold_in(t.raw, raw)))
