"""PyTorch's uint16, uint32 and uint64: the operations PyTorch has no kernels for.

PyTorch (2.x) holds these dtypes but computes little with them: on the CPU
``+``, ``-``, the comparisons, ``//``, ``%``, ``**``, the shifts, ``~``,
``min``/``max``, ``flip``, ``index_select``, ``nonzero``, ``tril``,
``masked_fill``, ``searchsorted``, ``matmul``, ``arange``... raise
``NotImplementedError`` ("add_stub" not implemented for 'UInt16').
``completed(primitives)`` gives each primitive that meets one of them a
branch for those three dtypes, computed with kernels PyTorch has, with
NumPy's results (unsigned integers wrap around):

- moving elements (indexing, item assignment, ``flip``, ``take``, ``tril``,
  ``nonzero``, ``pad``) and arithmetic modulo ``2**n`` (``+ - * ~ <<``,
  products in ``matmul``) on the bits, viewed as the signed integer of the
  same width (a view, no copy): two's complement gives the same bits;
- order (the comparisons, ``minimum``, ``clip``, ``min``, ``argmax``,
  ``searchsorted``, ``at[].min``) on keys: the bits with the top bit
  flipped, seen as signed, order as the unsigned values do;
- ``//``, ``%``, ``**`` and ``>>`` on the values: uint16 and uint32 in
  int32 and int64, cast back; uint64, which has no wider type, by
  decomposition (``_divmod64``, ``_pow64``, ``_right_shift64``);
- sums and products (``sum``, ``prod``, the cumulative ones) of unsigned
  integers, uint8 included, give uint64 as in NumPy (PyTorch: int64).

Every other dtype goes to the framework's kernel as before: the branch is
one set look-up on the checked path (real float operands take the fast
path of the base class and never reach a primitive there).
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable
from typing import Any

from . import Primitives

__all__ = ["completed"]

torch: Any = None  # PyTorch, set by completed()

_SCALARS = frozenset((bool, int, float, complex))
_UNSIGNED: set[Any] = set()  # uint16, uint32, uint64 (filled by completed())
_SUMMED: set[Any] = set()  # the unsigned dtypes whose sums give uint64
_SIGNED: dict[Any, Any] = {}  # unsigned -> the signed dtype of the same width
_WIDER: dict[Any, Any] = {}  # uint16 -> int32, uint32 -> int64 (uint64: none)
_WIDTH: dict[Any, int] = {}  # unsigned -> its number of bits
_INT64_MAX = (1 << 63) - 1
_INT64_MIN = -(1 << 63)


def _bits(x: Any, dt: Any) -> Any:
    """``x`` (an array of ``dt`` or a Python int in its range) as the signed int of its width."""
    if isinstance(x, torch.Tensor):
        return x.view(_SIGNED[dt])
    w = _WIDTH[dt]
    return x - (1 << w) if x >= 1 << (w - 1) else x


def _key(x: Any, dt: Any) -> Any:
    """A signed key of ``x`` that orders as its unsigned values: the top bit flipped."""
    w = _WIDTH[dt]
    if isinstance(x, torch.Tensor):
        return x.view(_SIGNED[dt]) ^ -(1 << (w - 1))
    return x - (1 << (w - 1))


def _from_key(k: Any, dt: Any) -> Any:
    """The unsigned array of ``dt`` whose keys are ``k``."""
    return (k ^ -(1 << (_WIDTH[dt] - 1))).view(dt)


def _values(x: Any, dt: Any) -> Any:
    """uint16 and uint32 arrays as their values in int32 and int64 (Python ints as they are)."""
    return x.to(_WIDER[dt]) if isinstance(x, torch.Tensor) else x


def _int64(x: Any, like: Any) -> Any:
    """The int64 bits of a uint64 array, or of a Python int as a 0-d tensor beside ``like``."""
    if isinstance(x, torch.Tensor):
        return x.view(torch.int64)
    return torch.tensor(_bits(x, torch.uint64), dtype=torch.int64, device=like.device)


def _uge(a: Any, b: Any) -> Any:
    """``a >= b`` for the int64 bits of two uint64 arrays, compared unsigned."""
    return (a ^ _INT64_MIN) >= (b ^ _INT64_MIN)


def _divmod64(a: Any, b: Any) -> tuple[Any, Any]:
    """Quotient and remainder of uint64 division, on int64 bits (``b`` non-zero).

    A divisor of ``2**63`` or more (negative bits) goes at most once. A smaller
    one divides half the dividend, ``h = a >> 1`` (logical, so non-negative),
    exactly in int64; the remainder doubled, plus the bit shifted out, is
    below ``2 * b`` and adds at most 1 to the doubled quotient.
    """
    big = b < 0
    d = torch.where(big, 1, b)
    h = (a >> 1) & _INT64_MAX
    q1 = torch.div(h, d, rounding_mode="trunc")
    t = ((h - q1 * d) << 1) | (a & 1)
    extra = _uge(t, d)
    q = (q1 << 1) + extra.to(torch.int64)
    r = t - torch.where(extra, d, 0)
    once = _uge(a, b)
    q = torch.where(big, once.to(torch.int64), q)
    r = torch.where(big, a - torch.where(once, b, 0), r)
    return q, r


def _pow64(a: Any, b: Any) -> Any:
    """``a ** b`` modulo ``2**64`` on int64 bits.

    Odd bases repeat with a period dividing ``2**62`` (the exponent of the
    group of odd residues), and even bases give 0 from the 64th power on, so
    an exponent of ``2**62`` or more (or negative bits) counts as
    ``2**62 + b % 2**62``: non-negative, and the same power.
    """
    low = (1 << 62) - 1
    if not isinstance(b, torch.Tensor):
        e = b if 0 <= b <= low else (1 << 62) + (b & low)
        return torch.pow(a, e)
    e = torch.where((b < 0) | (b > low), (b & low) + (1 << 62), b)
    return torch.pow(a, e)


def _right_shift64(a: Any, s: Any) -> Any:
    """``a >> s`` for uint64 bits (logical); shifts of 64 or more give 0."""
    ok = (s >= 0) & (s < 64)
    n = torch.where(ok, s, 0)
    top = torch.where(a < 0, torch.ones_like(a) << (63 - n), 0)
    return torch.where(ok, ((a & _INT64_MAX) >> n) | top, 0)


# ------------------------------------------------------------- the wrappers


def _unary(fn: Callable[[Any], Any], special: Callable[[Any, Any], Any]) -> Callable[[Any], Any]:
    """``fn``, or ``special(a, dtype)`` for an unsigned array."""

    def op(a: Any) -> Any:
        if a.dtype in _UNSIGNED:
            return special(a, a.dtype)
        return fn(a)

    return op


def _binary(
    fn: Callable[[Any, Any], Any], special: Callable[[Any, Any, Any], Any]
) -> Callable[[Any, Any], Any]:
    """``fn``, or ``special(a, b, dtype)`` where the operands are unsigned (or one a scalar)."""

    def op(a: Any, b: Any) -> Any:
        dt = b.dtype if a.__class__ in _SCALARS else a.dtype
        if dt in _UNSIGNED:
            return special(a, b, dt)
        return fn(a, b)

    return op


def _on_bits(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn(a, *args)`` on a's signed view, viewed back (elements moved, not computed)."""

    def op(a: Any, *args: Any) -> Any:
        dt = a.dtype
        if dt in _UNSIGNED:
            return fn(a.view(_SIGNED[dt]), *args).view(dt)
        return fn(a, *args)

    return op


def _sliced_or(getitem: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    """``getitem``, but ``a[s]`` itself for one slice of step None: a view, of any dtype."""

    def op(a: Any, index: Any) -> Any:
        if index.__class__ is slice and index.step is None:
            return a[index]
        return getitem(a, index)

    return op


def _bitwise(fn: Callable[[Any, Any], Any]) -> Callable[[Any, Any, Any], Any]:
    """The unsigned form of ``fn``, arithmetic modulo ``2**n``: on the bits."""

    def special(a: Any, b: Any, dt: Any) -> Any:
        return fn(_bits(a, dt), _bits(b, dt)).view(dt)

    return special


def _ordered(fn: Callable[[Any, Any], Any]) -> Callable[[Any, Any, Any], Any]:
    """The unsigned form of a comparison: on the keys."""

    def special(a: Any, b: Any, dt: Any) -> Any:
        return fn(_key(a, dt), _key(b, dt))

    return special


def _extreme(fn: Callable[[Any, Any], Any]) -> Callable[[Any, Any, Any], Any]:
    """The unsigned form of ``minimum`` or ``maximum``: on the keys, back to values."""

    def special(a: Any, b: Any, dt: Any) -> Any:
        return _from_key(fn(_key(a, dt), _key(b, dt)), dt)

    return special


def _valued(
    narrow: Callable[[Any, Any], Any], wide: Callable[[Any, Any], Any]
) -> Callable[[Any, Any, Any], Any]:
    """The unsigned form of a value operation: ``narrow`` in the wider signed dtype
    (uint16, uint32; cast back, wrapping around), ``wide(a, b)`` on int64 bits (uint64)."""

    def special(a: Any, b: Any, dt: Any) -> Any:
        if dt == torch.uint64:
            like = b if a.__class__ in _SCALARS else a
            return wide(_int64(a, like), _int64(b, like)).view(dt)
        return narrow(_values(a, dt), _values(b, dt)).to(dt)

    return special


def _summed(fn: Callable[..., Any]) -> Callable[..., Any]:
    """A sum-like reduction giving uint64 for unsigned input (PyTorch: int64, same bits)."""

    def op(a: Any, *args: Any) -> Any:
        if a.dtype in _SUMMED:
            return fn(a, *args).view(torch.uint64)
        return fn(a, *args)

    return op


def _keyed_reduction(fn: Callable[..., Any], back: bool) -> Callable[..., Any]:
    """A reduction of order (min, max; argmin, argmax when not ``back``) on the keys."""

    def op(a: Any, *args: Any) -> Any:
        dt = a.dtype
        if dt in _UNSIGNED:
            out = fn(_key(a, dt), *args)
            return _from_key(out, dt) if back else out
        return fn(a, *args)

    return op


def _logical(fn: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    """A logical function of two operands, unsigned arrays counted as ``!= 0``."""

    def op(a: Any, b: Any) -> Any:
        if isinstance(b, torch.Tensor) and b.dtype in _UNSIGNED:
            b = b != 0
        if isinstance(a, torch.Tensor) and a.dtype in _UNSIGNED:
            a = a != 0
        return fn(a, b)

    return op


def _products(fn: Callable[..., Any], arrays: Callable[[tuple[Any, ...]], list[Any]]) -> Any:
    """A sum of products (matmul, tensordot, einsum) of unsigned arrays, in int64.

    uint16 and uint32 go in as int64 values, uint64 as its bits; the int64
    result, modulo ``2**64``, is cast back (wrapping around, as NumPy).
    """

    def op(*args: Any) -> Any:
        given = arrays(args)
        dt = given[0].dtype
        if dt not in _UNSIGNED:
            return fn(*args)
        as64 = [x.view(torch.int64) if dt == torch.uint64 else x.to(torch.int64) for x in given]
        rest = [a for a in args if not isinstance(a, torch.Tensor | list)]
        if isinstance(args[-1], list):  # einsum(subscripts, arrays)
            return fn(*rest, as64).to(dt)
        return fn(*as64, *rest).to(dt)

    return op


def completed(prims: Primitives) -> Primitives:
    """``prims`` (PyTorch's) with the primitives that meet uint16, uint32 or uint64 completed."""
    global torch
    torch = importlib.import_module("torch")
    unsigned = (torch.uint16, torch.uint32, torch.uint64)
    _UNSIGNED.update(unsigned)
    _SUMMED.update((torch.uint8, *unsigned))
    _SIGNED.update(zip(unsigned, (torch.int16, torch.int32, torch.int64), strict=True))
    _WIDER.update({torch.uint16: torch.int32, torch.uint32: torch.int64})
    _WIDTH.update(zip(unsigned, (16, 32, 64), strict=True))
    p = prims

    def clip(a: Any, lo: Any, hi: Any) -> Any:
        dt = a.dtype
        if dt not in _UNSIGNED:
            return p.clip(a, lo, hi)
        keys = [None if v is None else _key(v, dt) for v in (lo, hi)]
        return _from_key(torch.clamp(_key(a, dt), *keys), dt)

    def setitem(a: Any, index: Any, values: Any) -> Any:
        dt = a.dtype
        if dt not in _UNSIGNED:
            return p.setitem(a, index, values)
        p.setitem(a.view(_SIGNED[dt]), index, _bits(values, dt))
        return a

    def index_update(a: Any, index: Any, values: Any) -> Any:
        dt = a.dtype
        if dt not in _UNSIGNED:
            return p.index_update(a, index, values)
        return p.index_update(a.view(_SIGNED[dt]), index, _bits(values, dt)).view(dt)

    def scatter(a: Any, index: Any, values: Any, op: str) -> Any:
        dt = a.dtype
        if dt not in _UNSIGNED:
            return p.scatter(a, index, values, op)
        if op in ("min", "max"):
            return _from_key(p.scatter(_key(a, dt), index, _key(values, dt), op), dt)
        return p.scatter(_bits(a, dt), index, _bits(values, dt), op).view(dt)

    def pad_constant(a: Any, pads: tuple[tuple[int, int], ...], value: Any) -> Any:
        dt = a.dtype
        if dt not in _UNSIGNED:
            return p.pad_constant(a, pads, value)
        return p.pad_constant(a.view(_SIGNED[dt]), pads, _bits(int(value), dt)).view(dt)

    def searchsorted(a: Any, v: Any, side: str) -> Any:
        dt = a.dtype
        if dt not in _UNSIGNED:
            return p.searchsorted(a, v, side)
        return p.searchsorted(_key(a, dt), _key(v, dt), side)

    def arange(start: Any, stop: Any, step: Any, dt: Any, like: Any) -> Any:
        if dt not in _UNSIGNED:
            return p.arange(start, stop, step, dt, like)
        if all(isinstance(v, int) for v in (start, stop, step)):  # exact, modulo 2**64
            n = len(range(start, stop, step))
            i = torch.arange(n, dtype=torch.int64, device=like.device)
            return (i * _bits(step, torch.uint64) + _bits(start, torch.uint64)).to(dt)
        return p.arange(start, stop, step, torch.float64, like).to(dt)

    def power(a: Any, b: Any, dt: Any) -> Any:
        if dt == torch.uint64:
            like = b if a.__class__ in _SCALARS else a
            e = b.view(torch.int64) if isinstance(b, torch.Tensor) else b
            return _pow64(_int64(a, like), e).view(dt)
        return torch.pow(_values(a, dt), _values(b, dt)).to(dt)

    def left_shift(a: Any, b: Any, dt: Any) -> Any:
        # a shift by the width or more, or by a negative amount (bits), gives 0 in PyTorch
        return (_bits(a, dt) << _bits(b, dt)).view(dt)

    changes: dict[str, Any] = {
        "add": _binary(p.add, _bitwise(lambda x, y: x + y)),
        "subtract": _binary(p.subtract, _bitwise(lambda x, y: x - y)),
        "multiply": _binary(p.multiply, _bitwise(lambda x, y: x * y)),
        "floor_divide": _binary(
            p.floor_divide, _valued(p.floor_divide, lambda x, y: _divmod64(x, y)[0])
        ),
        "remainder": _binary(p.remainder, _valued(p.remainder, lambda x, y: _divmod64(x, y)[1])),
        "pow": _binary(p.pow, power),
        "less": _binary(p.less, _ordered(lambda x, y: x < y)),
        "less_equal": _binary(p.less_equal, _ordered(lambda x, y: x <= y)),
        "greater": _binary(p.greater, _ordered(lambda x, y: x > y)),
        "greater_equal": _binary(p.greater_equal, _ordered(lambda x, y: x >= y)),
        "minimum": _binary(p.minimum, _extreme(_minimum)),
        "maximum": _binary(p.maximum, _extreme(_maximum)),
        "bitwise_left_shift": _binary(p.bitwise_left_shift, left_shift),
        "bitwise_right_shift": _binary(
            p.bitwise_right_shift, _valued(lambda x, y: x >> y, _right_shift64)
        ),
        "negative": _unary(p.negative, lambda a, dt: (-a.view(_SIGNED[dt])).view(dt)),
        "bitwise_invert": _unary(p.bitwise_invert, lambda a, dt: (~a.view(_SIGNED[dt])).view(dt)),
        "abs": _unary(p.abs, lambda a, dt: a.clone()),
        "sign": _unary(p.sign, lambda a, dt: (a != 0).to(dt)),
        "square": _unary(p.square, lambda a, dt: a * a),
        "logical_not": _unary(p.logical_not, lambda a, dt: torch.logical_not(a != 0)),
        "logical_and": _logical(p.logical_and),
        "logical_or": _logical(p.logical_or),
        "logical_xor": _logical(p.logical_xor),
        "clip": clip,
        "sum": _summed(p.sum),
        "prod": _summed(p.prod),
        "cumulative_sum": _summed(p.cumulative_sum),
        "cumulative_prod": _summed(p.cumulative_prod),
        "min": _keyed_reduction(p.min, back=True),
        "max": _keyed_reduction(p.max, back=True),
        "argmin": _keyed_reduction(p.argmin, back=False),
        "argmax": _keyed_reduction(p.argmax, back=False),
        "nonzero": _unary(p.nonzero, lambda a, dt: p.nonzero(a.view(_SIGNED[dt]))),
        "searchsorted": searchsorted,
        "getitem": _sliced_or(_on_bits(p.getitem)),
        "setitem": setitem,
        "index_update": index_update,
        "scatter": scatter,
        "flip": _on_bits(p.flip),
        "take": _on_bits(p.take),
        "take_along_axis": _on_bits(p.take_along_axis),
        "repeat": _on_bits(p.repeat),
        "tril": _on_bits(p.tril),
        "triu": _on_bits(p.triu),
        "pad_constant": pad_constant,
        "arange": arange,
        "matmul": _products(p.matmul, lambda args: [args[0], args[1]]),
        "tensordot": _products(p.tensordot, lambda args: [args[0], args[1]]),
        "einsum": _products(p.einsum, lambda args: list(args[1])),
    }
    return dataclasses.replace(prims, **changes, floats=prims)  # (floats never unsigned)


def _minimum(a: Any, b: Any) -> Any:
    return torch.minimum(a, b) if isinstance(b, torch.Tensor) else torch.clamp(a, max=b)


def _maximum(a: Any, b: Any) -> Any:
    return torch.maximum(a, b) if isinstance(b, torch.Tensor) else torch.clamp(a, min=b)
