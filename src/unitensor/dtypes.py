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
  floats, int64 for integers, complex64 for complex). NumPy scalars
  (``np.float64(2)``) count as Python scalars of their kind, on every
  backend.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import _registry  # pyright: ignore[reportPrivateUsage]  # (a dtype's backend)

__all__ = [
    "DTYPES",
    "DType",
    "name_of",
    "DEFAULT_FLOAT",
    "DEFAULT_INT",
    "kind",
    "result_name",
    "same_kind",
    "scalar_result_name",
]

DEFAULT_FLOAT = "float32"
DEFAULT_INT = "int64"

# kind letter -> rank in the kind order bool < integer < floating < complex
_RANK = {"b": 0, "u": 1, "i": 1, "f": 2, "c": 3}
_DEFAULT_OF_RANK = {1: DEFAULT_INT, 2: DEFAULT_FLOAT, 3: "complex64"}


def kind(name: str) -> str:
    """Kind letter of a dtype name: ``b``, ``i``, ``u``, ``f`` or ``c``.

    Examples
    --------
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

    Examples
    --------
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


_CAST_ORDER = {"b": 0, "u": 1, "i": 2, "f": 3, "c": 4}


def same_kind(source: str, target: str) -> bool:
    """Whether NumPy's ``casting="same_kind"`` casts dtype ``source`` to ``target``.

    The rule of an in-place operation's result (``x += y`` keeps ``x``'s
    dtype): a cast within a kind (``int64 -> int32``, ``float64 -> float32``,
    ``complex128 -> complex64``) or up the order bool < unsigned < signed
    integer < floating < complex (``bool -> int8``, ``uint8 -> int8``,
    ``int64 -> float16``) is allowed; down it (``float32 -> int32``,
    ``complex64 -> float32``, ``int8 -> uint8``, ``int64 -> bool``) is not.

    Examples
    --------
    >>> same_kind("int64", "int32"), same_kind("complex128", "complex64")
    (True, True)
    >>> same_kind("float32", "int32"), same_kind("int16", "uint8")
    (False, False)
    """
    return _CAST_ORDER[kind(source)] <= _CAST_ORDER[kind(target)]


def scalar_result_name(tensor: str, scalar: bool | int | float | complex) -> str:
    """Dtype name of an operation between a tensor and a Python scalar.

    Examples
    --------
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


def name_of(dtype: object) -> str | None:
    """Canonical name of any framework's dtype object, or ``None`` if unknown.

    Accepts unitensor dtypes, names, NumPy / JAX dtypes and scalar types,
    ``torch.dtype`` and ``tf.DType``.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> from unitensor.dtypes import name_of
    >>> name_of(np.float32), name_of(np.dtype("int8")), name_of(ut.bfloat16)
    ('float32', 'int8', 'bfloat16')
    >>> name_of(object()) is None
    True
    """
    if isinstance(dtype, DType):
        return dtype.name
    if isinstance(dtype, str):
        return dtype
    module = type(dtype).__module__.partition(".")[0]
    if module == "torch":
        return str(dtype).removeprefix("torch.")
    if module == "tensorflow":
        name = getattr(dtype, "name", None)
        return name if isinstance(name, str) else None
    try:
        name = np.dtype(dtype).name  # type: ignore[call-overload]  # any object NumPy takes
    except TypeError:
        return _registry.generic_dtype_name(dtype)  # a dtype of the generic backend's
    return str(name)


class DType:
    """A framework-agnostic dtype: ``ut.float32``, ``ut.int64``, ``ut.bool``, ...

    Accepted wherever a dtype is (``astype``, creation functions) on every
    backend, and equal to the corresponding native dtype of every framework:
    ``t.dtype == ut.float32`` holds for a float32 tensor of any framework.
    ``numpy.dtype(ut.float32)`` is ``numpy.float32``.

    Parameters
    ----------
    name
        The canonical name, such as ``"float32"``.

    Raises
    ------
    AttributeError
        On any attempt to set or delete an attribute (dtypes are immutable).

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.float32, ut.float32 == np.float32, ut.float32 == "float32"
    (ut.float32, True, True)
    >>> ut.astensor(np.zeros(2, dtype=np.int64)).astype(ut.int32).dtype
    dtype('int32')
    """

    __slots__ = ("name",)

    name: str

    def __init__(self, name: str) -> None:
        object.__setattr__(self, "name", name)

    def __setattr__(self, key: str, value: object) -> None:
        raise AttributeError("unitensor dtypes are immutable")

    def __delattr__(self, key: str) -> None:
        raise AttributeError("unitensor dtypes are immutable")

    @property
    def dtype(self) -> np.dtype[Any]:
        """The NumPy dtype of the same name (``bfloat16`` from ``ml_dtypes``).

        Raises
        ------
        ImportError
            For ``bfloat16`` if ``ml_dtypes`` is not installed.

        Examples
        --------
        >>> import unitensor as ut
        >>> ut.int16.dtype
        dtype('int16')
        """
        if self.name == "bfloat16":
            import ml_dtypes

            bf16: np.dtype[Any] = np.dtype(ml_dtypes.bfloat16)
            return bf16
        return np.dtype(self.name)

    @property
    def kind(self) -> str:
        """The kind: ``"b"`` (bool), ``"i"``, ``"u"``, ``"f"`` or ``"c"``.

        Examples
        --------
        >>> import unitensor as ut
        >>> ut.bool.kind, ut.uint8.kind, ut.bfloat16.kind
        ('b', 'u', 'f')
        """
        return kind(self.name)

    def __eq__(self, other: object) -> bool:
        """Equal to a dtype of any framework (or a name) of the same kind and size.

        Examples
        --------
        >>> import torch
        >>> import unitensor as ut
        >>> ut.float32 == torch.float32, ut.float32 == ut.float64
        (True, False)
        """
        return name_of(other) == self.name

    def __hash__(self) -> int:
        """The hash of the equal NumPy dtype, so both find the same dict entry.

        Examples
        --------
        >>> import numpy as np
        >>> import unitensor as ut
        >>> {np.dtype("float32"): "f4"}[ut.float32]
        'f4'
        """
        return hash(self.dtype)

    def __repr__(self) -> str:
        """``ut.<name>``.

        Examples
        --------
        >>> import unitensor as ut
        >>> ut.complex64
        ut.complex64
        """
        return f"ut.{self.name}"

    def __reduce__(self) -> tuple[type[DType], tuple[str]]:
        return (DType, (self.name,))


DTYPE_NAMES = (
    "bool int8 int16 int32 int64 uint8 uint16 uint32 uint64 "
    "float16 bfloat16 float32 float64 complex64 complex128"
).split()
DTYPES: dict[str, DType] = {n: DType(n) for n in DTYPE_NAMES}
"""The unitensor dtypes by name; exported as ``ut.float32`` and so on."""
