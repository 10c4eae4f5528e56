"""Random numbers from explicit keys, written with array operators: Threefry-2x32.

NumPy and PyTorch have no counter-based generator that a compiler can
trace with the key as an input (``torch.Generator`` is state, which
``torch.compile`` cannot take as an argument, and NumPy's bit generators
are objects, not arrays). So the keyed draws of those two backends are
computed here, with only ``+``, ``&``, ``^``, ``<<`` and ``>>`` on int64
arrays holding 32-bit words, plus a few functions of the backend (``Ops``):
the Threefry-2x32 block cipher with 20 rounds of Salmon et al. (SC'11),
the generator of JAX's keys. Everything is a pure function of the key and
an ``arange`` of counters, so ``torch.compile``, ``torch.func.vmap`` (a
batch of keys) and ``torch.func.grad`` trace it like any tensor code, and a
compiled function draws fresh numbers for every key it is called with.

The layout of the words:

- a key is ``[k0, k1]``, an int64 array of shape (2,);
  ``key(seed)`` is ``[seed >> 32 & 0xFFFFFFFF, seed & 0xFFFFFFFF]``
  (``jax.random.PRNGKey``'s words for the same seed);
- the block ``threefry(k, (d, c))`` with ``d`` a domain (0: draws, 1:
  ``split``, 2: ``fold_in``) and ``c`` a counter gives two words;
- a draw of ``n`` values takes one word per float32 (and narrower) uniform,
  two per float64 uniform, integer and permutation key, two per float32
  normal (Box-Muller) and four per float64 normal; a float16 or bfloat16
  uniform keeps 11 or 8 bits of its word, so that none rounds up to 1.

The same key gives the same numbers on NumPy and PyTorch (to floating-point
rounding of ``log`` and ``cos`` for normals); JAX's and TensorFlow's keyed
draws are their own generators'.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = ["Ops", "primitives", "threefry2x32"]

MASK = 0xFFFFFFFF
_ROTATIONS = ((13, 15, 26, 6), (17, 29, 16, 24))
_PARITY = 0x1BD11BDA
_DRAW, _SPLIT, _FOLD_IN = 0, 1, 2


def threefry2x32(k0: Any, k1: Any, x0: Any, x1: Any) -> tuple[Any, Any]:
    """The Threefry-2x32 block (20 rounds) of counter words ``(x0, x1)`` under key ``(k0, k1)``.

    Arguments are int64 arrays (or Python ints) holding values in
    ``[0, 2**32)``; they broadcast, and the two result words do too.

    Examples
    --------
    >>> import numpy as np
    >>> from unitensor._backends._threefry import threefry2x32
    >>> [hex(int(w)) for w in threefry2x32(0, 0, np.int64(0), np.int64(0))]
    ['0x6b200159', '0x99ba4efe']
    """
    ks = (k0, k1, k0 ^ k1 ^ _PARITY)
    x0 = (x0 + k0) & MASK
    x1 = (x1 + k1) & MASK
    for i in range(5):
        for r in _ROTATIONS[i % 2]:
            x0 = (x0 + x1) & MASK
            x1 = (((x1 << r) | (x1 >> (32 - r))) & MASK) ^ x0
        x0 = (x0 + ks[(i + 1) % 3]) & MASK
        x1 = (x1 + ks[(i + 2) % 3] + (i + 1)) & MASK
    return x0, x1


@dataclass(frozen=True, slots=True)
class Ops:
    """What the generator needs of a backend, on its native arrays."""

    words: Callable[[Any], tuple[Any, Any]]  # key -> (k0, k1), 0-d int64 arrays below 2**32
    key: Callable[[Any, Any, Any], Any]  # (w0, w1, like) -> the key(s) stacked on a last axis
    arange: Callable[[int, Any], Any]  # (n, like) -> int64 0 .. n-1 on like's device
    as_int64: Callable[[Any], Any]  # an integer array (a fold_in datum) as int64
    to_float: Callable[[Any, str], Any]  # (int64 array, "float32" | "float64") -> float
    cast: Callable[[Any, Any], Any]  # (array, native dtype) -> array of that dtype
    log: Callable[[Any], Any]
    cos: Callable[[Any], Any]
    sqrt: Callable[[Any], Any]
    concat: Callable[[list[Any]], Any]  # along axis 0
    reshape: Callable[[Any, tuple[int, ...]], Any]
    argsort: Callable[[Any], Any]  # stable, int64 indices of a 1-d array
    dtype_name: Callable[[Any], str]  # native dtype -> canonical name


def _blocks(ops: Ops, key: Any, n: int, like: Any) -> tuple[Any, Any]:
    """Two words for each of ``n`` counters of the draw domain."""
    k0, k1 = ops.words(key)
    return threefry2x32(k0, k1, _DRAW, ops.arange(n, like))


def _words(ops: Ops, key: Any, n: int, like: Any) -> Any:
    """``n`` words (1-d int64) of the draw domain."""
    y0, y1 = _blocks(ops, key, (n + 1) // 2, like)
    return ops.concat([y0, y1])[:n]


_BITS = {"float16": 11, "bfloat16": 8}  # the significand bits of the narrow floats (else 24)


def _unit(ops: Ops, key: Any, n: int, dtype_name: str, like: Any) -> Any:
    """``n`` uniform floats in [0, 1): 53 random bits for float64, else as many as ``dtype_name``
    holds (24 for float32, 11 for float16, 8 for bfloat16), so that none rounds up to 1."""
    if dtype_name != "float64":
        bits = _BITS.get(dtype_name, 24)
        return ops.to_float(_words(ops, key, n, like) >> (32 - bits), "float32") * 2.0**-bits
    y0, y1 = _blocks(ops, key, n, like)
    hi, lo = ops.to_float(y0 >> 5, "float64"), ops.to_float(y1 >> 6, "float64")
    return (hi * 2.0**26 + lo) * 2.0**-53


def _size(shape: tuple[int, ...]) -> int:
    return math.prod(shape)


def primitives(ops: Ops) -> dict[str, Any]:
    """The keyed random primitives (``random_key`` ... ``permutation_key``) on ``ops``."""

    def random_key(seed: int, like: Any) -> Any:
        return ops.key((seed >> 32) & MASK, seed & MASK, like)

    def random_split(key: Any, num: int) -> Any:
        k0, k1 = ops.words(key)
        y0, y1 = threefry2x32(k0, k1, _SPLIT, ops.arange(num, key))
        return ops.key(y0, y1, key)

    def random_fold_in(key: Any, data: Any) -> Any:
        k0, k1 = ops.words(key)
        d = data & MASK if isinstance(data, int) else ops.as_int64(data) & MASK
        y0, y1 = threefry2x32(k0, k1, _FOLD_IN, d)
        return ops.key(y0, y1, key)

    def uniform_key(
        key: Any, shape: tuple[int, ...], low: float, high: float, dtype: Any, like: Any
    ) -> Any:
        u = _unit(ops, key, _size(shape), ops.dtype_name(dtype), like)
        return ops.cast(ops.reshape(u * (high - low) + low, shape), dtype)

    def normal_key(
        key: Any, shape: tuple[int, ...], mean: float, std: float, dtype: Any, like: Any
    ) -> Any:
        n = _size(shape)
        if ops.dtype_name(dtype) == "float64":
            y0, y1 = _blocks(ops, key, 2 * n, like)
            u1 = (
                ops.to_float(y0[:n] >> 5, "float64") * 2.0**26
                + ops.to_float(y1[:n] >> 6, "float64")
                + 1
            ) * 2.0**-53
            u2 = (
                ops.to_float(y0[n:] >> 5, "float64") * 2.0**26
                + ops.to_float(y1[n:] >> 6, "float64")
            ) * 2.0**-53
        else:
            y0, y1 = _blocks(ops, key, n, like)
            u1 = (ops.to_float(y0 >> 8, "float32") + 1) * 2.0**-24  # in (0, 1]: log is finite
            u2 = ops.to_float(y1 >> 8, "float32") * 2.0**-24
        z = ops.sqrt(-2.0 * ops.log(u1)) * ops.cos((2 * math.pi) * u2)
        return ops.cast(ops.reshape(z * std + mean, shape), dtype)

    def randint_key(
        key: Any, shape: tuple[int, ...], low: int, high: int, dtype: Any, like: Any
    ) -> Any:
        span = high - low
        w0, w1 = _blocks(ops, key, _size(shape), like)
        if span <= 2**32:  # (w0 * 2**32 + w1) mod span, without leaving int64
            offset = ((w0 % span) * (2**32 % span) + w1 % span) % span
        else:  # 63 bits, reduced
            offset = ((w0 << 31) | (w1 >> 1)) % span
        return ops.cast(ops.reshape(offset + low, shape), dtype)

    def permutation_key(key: Any, n: int, like: Any) -> Any:
        w0, w1 = _blocks(ops, key, n, like)
        return ops.argsort((w0 << 31) | (w1 >> 1))  # 63 random bits each: ties are negligible

    return {
        "random_key": random_key,
        "random_split": random_split,
        "random_fold_in": random_fold_in,
        "uniform_key": uniform_key,
        "normal_key": normal_key,
        "randint_key": randint_key,
        "permutation_key": permutation_key,
    }
