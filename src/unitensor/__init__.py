"""unitensor: write tensor code once, run it natively on PyTorch, TensorFlow, JAX and NumPy.

>>> import numpy as np
>>> import unitensor as ut
>>> x = ut.astensor(np.array([3.0, 4.0], dtype=np.float32))
>>> x.square().sum().sqrt().item()
5.0

Importing unitensor imports no framework but NumPy, and neither does
looking at a backend's class (``isinstance(x, ut.PyTorchTensor)``): a
framework is imported the first time one of its arrays is wrapped.
"""

from __future__ import annotations

import math as _math
from typing import Any

# transformations and random keys (issue 13)
from . import _functions, fft, linalg, modules, norms, random
from ._api.array_object import compute
from ._api.autodiff import grad, value_and_grad, value_and_grad_fn, value_aux_and_grad
from ._api.creation import meshgrid
from ._api.data_types import FInfo, IInfo, can_cast, finfo, iinfo, isdtype, result_type

# the elementwise functions of two operands (a Python scalar on either side)
from ._api.elementwise_arithmetic import (
    add,
    divide,
    floor_divide,
    multiply,
    pow,
    remainder,
    subtract,
)
from ._api.elementwise_comparison import (
    copysign,
    equal,
    greater,
    greater_equal,
    less,
    less_equal,
    maximum,
    minimum,
    nextafter,
    not_equal,
)
from ._api.elementwise_logical import (
    bitwise_and,
    bitwise_left_shift,
    bitwise_or,
    bitwise_right_shift,
    bitwise_xor,
    logical_and,
    logical_or,
    logical_xor,
)
from ._api.elementwise_transcendental import atan2, hypot, logaddexp
from ._api.linear_algebra import einsum
from ._api.manipulation import (
    broadcast_arrays,
    broadcast_shapes,
    concat,
    concatenate,
    stack,
)
from ._backends._generic import ArrayAPITensor
from ._convert import convert
from ._errors import (
    AxisError,
    CompileError,
    DataDependentShapeError,
    DeviceError,
    DivisionByZeroError,
    DTypeError,
    FrameworkMixError,
    IndexOutOfRangeError,
    IndexTypeError,
    ShapeError,
    ShardingError,
    UnitensorError,
    UnsupportedTypeError,
)
from ._functions import *  # noqa: F403  # function forms, backend classes and module wrappers
from ._jit import Jitted, jit
from ._registry import astensor, astensor_, astensors, astensors_, istensor, seed
from ._tensor import Tensor
from ._transformations import hessian, jacfwd, jacobian, jacrev, jvp, vjp, vmap
from .dtypes import DTYPES as _DTYPES
from .dtypes import DType

__version__ = "0.1.0"


class _IndexBuilder:
    """``ut.index[...]`` returns the index written inside the brackets."""

    __slots__ = ()

    def __getitem__(self, index: Any) -> Any:
        return index

    def __repr__(self) -> str:
        return "ut.index"


index = _IndexBuilder()
"""Build an index once and reuse it: ``i = ut.index[:, 0]; t[i]``."""

newaxis = None
"""Alias of ``None`` in an index: inserts an axis of length 1."""
inf = _math.inf
"""Positive infinity (a Python float)."""
nan = _math.nan
"""Not a number (a Python float)."""
e = _math.e
"""Euler's number, the base of natural logarithms (a Python float)."""
pi = _math.pi
"""The ratio of a circle's circumference to its diameter (a Python float)."""

bool = _DTYPES["bool"]  # the standard's name, as numpy.bool
int8 = _DTYPES["int8"]
int16 = _DTYPES["int16"]
int32 = _DTYPES["int32"]
int64 = _DTYPES["int64"]
uint8 = _DTYPES["uint8"]
uint16 = _DTYPES["uint16"]
uint32 = _DTYPES["uint32"]
uint64 = _DTYPES["uint64"]
float16 = _DTYPES["float16"]
bfloat16 = _DTYPES["bfloat16"]
float32 = _DTYPES["float32"]
float64 = _DTYPES["float64"]
complex64 = _DTYPES["complex64"]
complex128 = _DTYPES["complex128"]

__all__ = [
    "AxisError",
    "CompileError",
    "DTypeError",
    "DataDependentShapeError",
    "DeviceError",
    "DivisionByZeroError",
    "FrameworkMixError",
    "IndexOutOfRangeError",
    "IndexTypeError",
    "ShapeError",
    "ShardingError",
    "UnitensorError",
    "UnsupportedTypeError",
    "DType",
    "bfloat16",
    "bool",
    "complex64",
    "complex128",
    "float16",
    "float32",
    "float64",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "Tensor",
    "ArrayAPITensor",
    "__version__",
    "astensor",
    "convert",
    "index",
    "inf",
    "nan",
    "newaxis",
    "norms",
    "fft",
    "modules",
    "astensor_",
    "astensors",
    "astensors_",
    "grad",
    "istensor",
    "seed",
    "value_and_grad",
    "value_and_grad_fn",
    "value_aux_and_grad",
    # transformations: ut.jit
    "Jitted",
    "jit",
    "concat",
    "concatenate",
    "stack",
    "meshgrid",
    "minimum",
    "maximum",
    "logical_and",
    "logical_or",
    # manipulation (Array API 2025.12)
    "broadcast_arrays",
    "broadcast_shapes",
    "can_cast",
    "e",
    "finfo",
    "FInfo",
    "iinfo",
    "IInfo",
    "isdtype",
    "pi",
    "result_type",
    "linalg",
    "einsum",
    # elementwise (Array API 2025.12)
    "add",
    "subtract",
    "multiply",
    "divide",
    "floor_divide",
    "remainder",
    "pow",
    "copysign",
    "nextafter",
    "atan2",
    "hypot",
    "logaddexp",
    "equal",
    "not_equal",
    "less",
    "less_equal",
    "greater",
    "greater_equal",
    "bitwise_and",
    "bitwise_or",
    "bitwise_xor",
    "bitwise_left_shift",
    "bitwise_right_shift",
    "logical_xor",
    # transformations and random keys (issue 13)
    "random",
    "vmap",
    "jvp",
    "vjp",
    "jacfwd",
    "jacrev",
    "jacobian",
    "hessian",
    # lazy backends (issue 14)
    "compute",
]
__all__ += _functions.__all__
