"""The exceptions unitensor raises: one family, built on the expected builtins.

Every error unitensor raises for bad input is a
[`UnitensorError`][unitensor.UnitensorError] and also the builtin
exception a NumPy user would catch, so ``except ValueError`` keeps working
and ``except ut.UnitensorError`` catches them all. Where a framework raised
first, its own exception is kept as ``__cause__``.

| exception | also a | raised for |
|---|---|---|
| `UnsupportedTypeError` | `TypeError` | an object that is no array of a supported framework |
| `FrameworkMixError` | `TypeError` | tensors of two frameworks in one operation |
| `DTypeError` | `TypeError` | an unknown dtype, or one an operation does not take |
| `ShapeError` | `ValueError` | shapes that do not broadcast or fit, a reshape to another |
| | | size, a reduction of an empty axis without identity |
| `AxisError` | `ValueError`, `IndexError` | an axis out of range or repeated, no permutation |
| `IndexOutOfRangeError` | `IndexError` | an index beyond the axis it indexes |
| `IndexTypeError` | `IndexError`, `TypeError` | an index item that cannot index (a float, a str) |
| `DivisionByZeroError` | `ZeroDivisionError` | integer `//` or `%` by zero |
| `DataDependentShapeError` | `TypeError` | `nonzero` or `unique_*` of a traced array (`jax.jit`) |
| `CompileError` | `RuntimeError` | a function a framework cannot compile (`ut.jit`) |
| `ShardingError` | `TypeError` | an operation JAX refuses for its operands' shardings |
| `DeviceError` | `ValueError` | a device the framework does not have here, or no device |

Other misuse keeps the plain builtin: an unknown option string
(``ValueError``), ``len()`` of a 0-d tensor (``TypeError``), too many
indices for a tensor's rank (``IndexError``, NumPy's message).
"""

from __future__ import annotations

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
]


class UnitensorError(Exception):
    """Base class of every error unitensor raises for bad input.

    Inside a ``tf.function`` with AutoGraph (its default), the error reaches
    the caller as it was raised, not re-raised as AutoGraph's
    ``StagingError``: ``ag_pass_through`` is the mark AutoGraph leaves such
    errors alone by (as TensorFlow's own ``UnliftableError`` has it).
    """

    ag_pass_through = True


class UnsupportedTypeError(UnitensorError, TypeError):
    """An object is not an array of a supported framework."""


class FrameworkMixError(UnitensorError, TypeError):
    """One operation got tensors (or arrays) of two different frameworks."""


class DTypeError(UnitensorError, TypeError):
    """A dtype is unknown, or an operation does not take it."""


class ShapeError(UnitensorError, ValueError):
    """Shapes do not fit the operation (broadcasting, reshape, empty reductions, ...)."""


class AxisError(UnitensorError, ValueError, IndexError):
    """An axis argument is out of range for the tensor's rank, or repeated.

    Subclasses both ``ValueError`` and ``IndexError`` (as
    ``numpy.exceptions.AxisError`` does), so either ``except`` clause
    catches it.
    """


class IndexOutOfRangeError(UnitensorError, IndexError):
    """An index is outside the axis it indexes."""


class IndexTypeError(UnitensorError, IndexError, TypeError):
    """An index item is of a kind that cannot index: a float, a str, a float array, ...

    The valid items are NumPy's: ints, slices, ``None``, ``...``, bools, and
    integer or bool arrays (or lists of them). Subclasses both ``IndexError``
    (NumPy's class for it) and ``TypeError`` (the item's type is wrong), so
    either ``except`` clause catches it. An array of another framework is a
    ``FrameworkMixError`` instead.
    """


class DivisionByZeroError(UnitensorError, ZeroDivisionError):
    """Integer division or modulo by zero (an error natively on PyTorch and TensorFlow)."""


class DataDependentShapeError(UnitensorError, TypeError):
    """A result whose shape depends on the values was asked of an array without values.

    ``nonzero`` and the ``unique_*`` functions return as many elements as
    the values call for; a tracer inside ``jax.jit`` has a shape and a dtype
    but no values yet, so they cannot run there. Also a ``TypeError``, as
    JAX's own ``ConcretizationTypeError`` is.
    """


class CompileError(UnitensorError, RuntimeError):
    """A framework's compiler could not compile a function given to ``ut.jit``.

    The message names the compiler and its cause (a TorchDynamo graph break,
    Python control flow on a traced value under ``jax.jit``); the compiler's
    own exception is kept as ``__cause__``.
    """


class ShardingError(UnitensorError, TypeError):
    """JAX refused an operation because of its operands' shardings.

    In JAX's ``Explicit`` sharding mode (``jax.sharding.AxisType.Explicit``)
    the sharding is part of an array's type, and JAX raises its
    ``ShardingTypeError`` where the result's sharding would be ambiguous or
    the operands' shardings conflict (a ``matmul`` whose contracting
    dimensions are sharded over different mesh axes, ``x + x.T`` of an array
    sharded over two axes, a gather along a sharded axis). unitensor raises
    this error wherever native JAX raises for the same call, eagerly and
    inside ``ut.jit``, with JAX's message after ``ShardingTypeError: `` and
    JAX's exception as ``__cause__``. Also a ``TypeError``, as JAX counts
    the sharding as part of the type; reshard an operand first
    (``jax.sharding.reshard``) or give the output's sharding
    (``out_sharding=`` of the native function).
    """


class DeviceError(UnitensorError, ValueError):
    """A device argument names no device this framework has on this machine.

    Raised by ``t.to_device(d)`` and by the ``device=`` of the namespaces'
    creation functions, on every backend alike: the string ``"cpu"`` is the
    host CPU everywhere, and the framework's own device objects and strings
    are taken as the framework takes them; anything else, and a device the
    machine lacks (``"cuda"`` without a GPU, ``"gpu:0"`` on TensorFlow
    without one), raises this error naming the devices there are, never a
    tensor silently left on the CPU. Also a ``ValueError``, the standard's
    exception for an unsupported device.
    """


# -------------------------------------------------- checks inside compiled graphs

_TAG = "unitensor."


def tagged(error: Exception) -> str:
    """``error``'s message with its class as a tag, for a check inside a compiled graph.

    A graph's assertion (``tf.debugging.Assert``, ``torch._assert_async``)
    fails with the framework's exception and keeps only a message: the tag
    ``unitensor.<class name>: `` in it lets ``ut.jit`` raise the exception
    unitensor raises eagerly (``untagged``).
    """
    return _TAG + error.__class__.__name__ + ": " + str(error)  # (TorchDynamo traces this)


def untagged(text: str) -> UnitensorError | None:
    """The exception that a message of ``tagged`` names, found in a framework's ``text``.

    Returns None where ``text`` holds no tag of a unitensor error class.
    The framework's text around the tag (``assertion failed: [...]``, the
    graph node on the lines after) is dropped.
    """
    start = text.find(_TAG)
    if start < 0:
        return None
    name, sep, rest = text[start + len(_TAG) :].partition(": ")
    cls = globals().get(name) if name in __all__ else None
    if not sep or not (isinstance(cls, type) and issubclass(cls, UnitensorError)):
        return None
    message = rest.splitlines()[0] if rest else ""
    return cls(message.removesuffix("]"))
