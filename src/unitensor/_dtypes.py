"""Dtype names and the one promotion rule every backend follows.

Dtypes are handled by their canonical NumPy-style names ("float32",
"int64", "bool", "bfloat16", ...). Each backend maps its native dtype
objects to and from these names once and caches the result, so the rules
here run once per pair of dtypes, never per operation.

The rule (see ``docs/semantics.md``):

- same kind (bool, integer, floating, complex): NumPy's promotion
  (``int32 + int64 -> int64``, ``uint8 + int8 -> int16``);
- different kinds: the higher kind wins and keeps its own width
  (``int64 + float32 -> float32``, the rule of JAX and PyTorch), so no
  float64 appears that nobody asked for;
- a Python scalar never widens a tensor of the same or a higher kind; a
  scalar of a higher kind gives that kind's default dtype (float32 for
  floats, int64 for integers, complex64 for complex).
"""

from __future__ import annotations

import numpy as np

__all__ = [
    "DEFAULT_FLOAT",
    "DEFAULT_INT",
    "kind",
    "result_name",
    "scalar_result_name",
]

DEFAULT_FLOAT = "float32"
DEFAULT_INT = "int64"

# kind letter -> rank in the kind order bool < integer < floating < complex
_RANK = {"b": 0, "u": 1, "i": 1, "f": 2, "c": 3}
_DEFAULT_OF_RANK = {1: DEFAULT_INT, 2: DEFAULT_FLOAT, 3: "complex64"}


def kind(name: str) -> str:
    """Kind letter of a dtype name: ``b``, ``i``, ``u``, ``f`` or ``c``.

    >>> kind("bfloat16"), kind("uint8"), kind("bool")
    ('f', 'u', 'b')
    """
    if name == "bool":
        return "b"
    if name.startswith("uint"):
        return "u"
    if name.startswith("int"):
        return "i"
    if name.startswith("complex"):
        return "c"
    return "f"


def _float_pair(a: str, b: str) -> str:
    """Promote two floating names, bfloat16 included (NumPy lacks it)."""
    if "bfloat16" in (a, b):
        other = b if a == "bfloat16" else a  # a != b, so other is not bfloat16
        return "float32" if other == "float16" else other
    return np.promote_types(a, b).name


def result_name(a: str, b: str) -> str:
    """Dtype name of an operation on tensors of dtypes ``a`` and ``b``.

    >>> result_name("int32", "float32"), result_name("uint8", "int8")
    ('float32', 'int16')
    """
    if a == b:
        return a
    ka, kb = kind(a), kind(b)
    ra, rb = _RANK[ka], _RANK[kb]
    if ra != rb:
        hi, lo = (a, b) if ra > rb else (b, a)
        if kind(hi) == "c" and kind(lo) == "f" and lo != "bfloat16":
            return np.promote_types(hi, lo).name
        return hi
    if ra == 2:
        return _float_pair(a, b)
    return np.promote_types(a, b).name


def scalar_result_name(tensor: str, scalar: bool | int | float | complex) -> str:
    """Dtype name of an operation between a tensor and a Python scalar.

    >>> scalar_result_name("int32", 2.5), scalar_result_name("float16", 3)
    ('float32', 'float16')
    """
    if isinstance(scalar, bool):
        rank = 0
    elif isinstance(scalar, int):
        rank = 1
    elif isinstance(scalar, float):
        rank = 2
    else:
        rank = 3
    if rank <= _RANK[kind(tensor)]:
        return tensor
    if rank == 3 and tensor == "float64":
        return "complex128"
    return _DEFAULT_OF_RANK[rank]
