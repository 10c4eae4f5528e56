"""One error model: every bad input raises the same documented exception on every backend.

Each row of ``CASES`` is a bad call; on every backend it must raise the
listed unitensor exception (which is also the builtin a NumPy user expects)
with a message that names the problem. Nothing that is an error on one
backend may pass silently on another.
"""

from __future__ import annotations

import numpy as np
import pytest

import unitensor as ut
from conftest import make

X = np.arange(6, dtype=np.float32).reshape(2, 3)


def _other_framework(backend):
    """A tensor of a framework other than ``backend``."""
    if backend != "numpy":
        return ut.astensor(np.ones((2, 3), dtype=np.float32))
    import torch

    return ut.astensor(torch.ones(2, 3))


CASES = {
    # name: (bad call on t, exception, builtin it must also be, words in the message)
    "broadcast": (lambda t: t + t.reshape((3, 2)), ut.ShapeError, ValueError, "broadcast"),
    "broadcast_where": (
        lambda t: ut.where(t > 1, t, t[:, :2]),
        ut.ShapeError,
        ValueError,
        "broadcast",
    ),
    "reshape_size": (lambda t: t.reshape((4, 2)), ut.ShapeError, ValueError, "reshape"),
    "reshape_two_unknowns": (lambda t: t.reshape((-1, -1)), ut.ShapeError, ValueError, "reshape"),
    "squeeze_non_1": (lambda t: t.squeeze(0), ut.ShapeError, ValueError, "squeeze"),
    "pad_pairs": (lambda t: t.pad(((1, 1),)), ut.ShapeError, ValueError, "pad"),
    "pad_negative": (lambda t: t.pad(((1, -1), (0, 0))), ut.ShapeError, ValueError, "negative"),
    "matmul_inner": (lambda t: t @ t, ut.ShapeError, ValueError, "inner"),
    "matmul_0d": (lambda t: t.sum() @ t, ut.ShapeError, ValueError, "0-d"),
    "empty_max": (lambda t: t[:, :0].max(axis=1), ut.ShapeError, ValueError, "empty"),
    "empty_argmin": (lambda t: t[:0].argmin(), ut.ShapeError, ValueError, "empty"),
    "topk_k": (lambda t: t.topk(4), ut.ShapeError, ValueError, "k=4"),
    "inv_square": (lambda t: t.inv(), ut.ShapeError, ValueError, "square"),
    "item_size": (lambda t: t.item(), ut.ShapeError, ValueError, "one element"),
    "crossentropy_labels": (
        lambda t: ut.crossentropy(t, t.argmax(axis=1)[:1]),
        ut.ShapeError,
        ValueError,
        "labels",
    ),
    "concatenate_shapes": (
        lambda t: ut.concatenate([t, t.T], axis=0),
        ut.ShapeError,
        ValueError,
        "differ",
    ),
    "stack_shapes": (lambda t: ut.stack([t, t[:1]]), ut.ShapeError, ValueError, "one shape"),
    "grad_not_scalar": (
        lambda t: ut.grad(lambda x: x * 2, t) if t.backend != "numpy" else ut.grad(None, t),
        (ut.ShapeError, NotImplementedError),
        (ValueError, NotImplementedError),
        "",
    ),
    "axis_sum": (lambda t: t.sum(axis=2), ut.AxisError, IndexError, "axis 2"),
    "axis_negative": (lambda t: t.mean(axis=-3), ut.AxisError, ValueError, "axis -3"),
    "axis_repeated": (lambda t: t.sum(axis=(1, 1)), ut.AxisError, ValueError, "repeated"),
    "axis_softmax": (lambda t: t.softmax(axis=5), ut.AxisError, ValueError, "axis 5"),
    "axis_transpose": (lambda t: t.transpose((0, 0)), ut.AxisError, ValueError, "permutation"),
    "axis_stack": (lambda t: ut.stack([t, t], axis=4), ut.AxisError, IndexError, "axis 4"),
    "index_int": (lambda t: t[2], ut.IndexOutOfRangeError, IndexError, "2"),
    "index_negative": (lambda t: t[-3], ut.IndexOutOfRangeError, IndexError, "-3"),
    "index_second_axis": (lambda t: t[:, 3], ut.IndexOutOfRangeError, IndexError, "3"),
    "index_array": (lambda t: t[[0, 5]], ut.IndexOutOfRangeError, IndexError, "5"),
    "index_update": (
        lambda t: t.index_update(7, 0.0),
        ut.IndexOutOfRangeError,
        IndexError,
        "7",
    ),
    "take_along_axis": (
        lambda t: t.take_along_axis(t.argmax(axis=1, keepdims=True) + 3, 1),
        ut.IndexOutOfRangeError,
        IndexError,
        "",
    ),
    "bitwise_float": (lambda t: t & t, ut.DTypeError, TypeError, "bool or integer"),
    "invert_float": (lambda t: ~t, ut.DTypeError, TypeError, "bool or integer"),
    "unknown_dtype": (lambda t: t.astype("float7"), ut.DTypeError, TypeError, "float7"),
    "random_int_dtype": (
        lambda t: t.uniform((2,), dtype="int32"),
        ut.DTypeError,
        TypeError,
        "float",
    ),
    "mixed_frameworks": (
        lambda t: t + _other_framework(t.backend),
        ut.FrameworkMixError,
        TypeError,
        "cannot combine",
    ),
    "mixed_where": (
        lambda t: ut.where(t > 0, t, _other_framework(t.backend)),
        ut.FrameworkMixError,
        TypeError,
        "cannot combine",
    ),
    "unsupported_type": (lambda t: ut.astensor("abc"), ut.UnsupportedTypeError, TypeError, "str"),
    "int_floordiv_zero": (
        lambda t: t.astype("int32") // t.astype("int32").zeros_like(),
        ut.DivisionByZeroError,
        ZeroDivisionError,
        "by zero",
    ),
    "int_mod_scalar_zero": (
        lambda t: t.astype("int32") % 0,
        ut.DivisionByZeroError,
        ZeroDivisionError,
        "by zero",
    ),
    "int_rfloordiv_zero": (
        lambda t: 7 // t.astype("int32"),
        ut.DivisionByZeroError,
        ZeroDivisionError,
        "by zero",
    ),
    "update_values_shape": (
        lambda t: t.index_update(ut.index[:, 0], t[0]),
        ut.ShapeError,
        ValueError,
        "broadcast",
    ),
    "at_values_shape": (lambda t: t.at[0].add(t[:, 0]), ut.ShapeError, ValueError, "broadcast"),
    "matmul_batch": (
        lambda t: t.reshape((1, 2, 3)).tile((2, 1, 1)) @ t.T.reshape((1, 3, 2)).tile((3, 1, 1)),
        ut.ShapeError,
        ValueError,
        "broadcast",
    ),
    "matmul_scalar": (lambda t: t @ 2, ut.ShapeError, ValueError, "scalar"),
    "take_along_axis_float": (
        lambda t: t.take_along_axis(t[:, :1], 1),
        ut.DTypeError,
        TypeError,
        "integer",
    ),
    "take_along_axis_shape": (
        lambda t: t.take_along_axis(ut.zeros(t, (3, 1), dtype="int64"), 1),
        ut.ShapeError,
        ValueError,
        "broadcast",
    ),
    "crossentropy_label_range": (
        lambda t: ut.crossentropy(t, ut.full(t, (2,), -1, dtype="int64")),
        ut.IndexOutOfRangeError,
        IndexError,
        "labels",
    ),
    "negative_size": (lambda t: ut.zeros(t, (2, -1)), ut.ShapeError, ValueError, "negative"),
    "negative_tile": (lambda t: t.tile((1, -2)), ut.ShapeError, ValueError, "negative"),
    "scalar_overflow": (lambda t: t.astype("uint8") + 300, OverflowError, OverflowError, "300"),
    "full_overflow": (
        lambda t: ut.full(t, (2,), 300, dtype="int8"),
        OverflowError,
        OverflowError,
        "300",
    ),
    "negate_bool": (lambda t: -(t > 1), ut.DTypeError, TypeError, "bool"),
    "two_ellipses": (lambda t: t[..., ...], IndexError, IndexError, "ellipsis"),
    "index_arrays_broadcast": (
        lambda t: t[[0, 1], [0, 1, 2]],
        IndexError,
        IndexError,
        "broadcast",
    ),
    "uniform_bounds": (lambda t: t.uniform((2,), 5.0, 1.0), ValueError, ValueError, "above"),
    "astype_object": (lambda t: t.astype(object), ut.DTypeError, TypeError, "dtype"),
    "int_negative_power": (lambda t: t.astype("int32") ** -1, ValueError, ValueError, "negative"),
    "from_numpy_tensor": (
        lambda t: ut.from_numpy(t, _other_framework(t.backend)),
        ut.FrameworkMixError,
        TypeError,
        "from_numpy",
    ),
    "unknown_pad_mode": (lambda t: t.pad(((0, 0), (1, 1)), "wrap"), ValueError, ValueError, "wrap"),
    "len_0d": (lambda t: len(t.sum()), TypeError, TypeError, "0-d"),
    "float_index": (lambda t: t[1.5], ut.IndexTypeError, IndexError, "1.5"),
    "str_index": (lambda t: t["a"], ut.IndexTypeError, TypeError, "valid indices, got 'a'"),
    "too_many_indices": (
        lambda t: t[0, 0, 0],
        IndexError,
        IndexError,
        "too many indices for array: array is 2-dimensional, but 3 were indexed",
    ),
    # Python ints too large for a float, combined with a float tensor: NumPy's OverflowError
    "huge_int_add": (lambda t: t + 10**400, OverflowError, OverflowError, "too large"),
    "huge_int_radd": (lambda t: 10**400 - t, OverflowError, OverflowError, "too large"),
    "huge_int_compare": (lambda t: t < 10**400, OverflowError, OverflowError, "too large"),
    "huge_int_equal": (lambda t: t == 10**400, OverflowError, OverflowError, "too large"),
    "huge_int_pow": (lambda t: t**10**400, OverflowError, OverflowError, "too large"),
    "huge_int_maximum": (lambda t: t.maximum(10**400), OverflowError, OverflowError, "too large"),
    "huge_int_clip": (lambda t: t.clip(0, 10**400), OverflowError, OverflowError, "too large"),
    "huge_int_where": (
        lambda t: ut.where(t > 1, t, 10**400),
        OverflowError,
        OverflowError,
        "too large",
    ),
    "huge_int_float16": (
        lambda t: t.astype("float16") * -(10**400),
        OverflowError,
        OverflowError,
        "too large",
    ),
}

# Complex numbers have no order (the Array API standard's rule): every ordering operation
# raises DTypeError on every backend. NumPy orders them lexicographically, PyTorch and
# TensorFlow refuse them natively, JAX does some and refuses others.
ORDERING = {
    "lt": lambda c: c < c,
    "le_scalar": lambda c: c <= 1,
    "gt": lambda c: c > c,
    "ge_scalar": lambda c: c >= 0.5,
    "reflected": lambda c: 1 < c,
    "min": lambda c: c.min(),
    "max_axis": lambda c: c.max(axis=0),
    "minimum": lambda c: c.minimum(c),
    "maximum_scalar": lambda c: c.maximum(1.0),
    "clip": lambda c: c.clip(0, 1),
    "clip_tensor": lambda c: c.clip(c, None),
    "sort": lambda c: c.sort(),
    "argsort": lambda c: c.argsort(),
    "argmin": lambda c: c.argmin(),
    "argmax_axis": lambda c: c.argmax(axis=1),
    "topk": lambda c: c.topk(1),
}


@pytest.mark.parametrize("case", list(ORDERING))
@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
def test_complex_ordering_raises_dtypeerror(backend, case, dtype):
    c = make(backend, (X + 1j * X[::-1]).astype(dtype))
    with pytest.raises(ut.DTypeError, match="complex numbers have no order"):
        ORDERING[case](c)


@pytest.mark.parametrize("case", list(CASES))
def test_bad_input_raises_the_same_error(backend, case):
    call, exc, builtin, words = CASES[case]
    t = make(backend, X)
    with pytest.raises(exc) as info:
        call(t)
    assert isinstance(info.value, builtin)
    assert words in str(info.value), str(info.value)


def test_family_has_one_base():
    for exc in (
        ut.ShapeError,
        ut.AxisError,
        ut.IndexOutOfRangeError,
        ut.IndexTypeError,
        ut.DTypeError,
        ut.FrameworkMixError,
        ut.UnsupportedTypeError,
        ut.DivisionByZeroError,
    ):
        assert issubclass(exc, ut.UnitensorError)


def test_native_error_kept_as_cause(backend):
    t = make(backend, X)
    with pytest.raises(ut.IndexOutOfRangeError) as info:
        t[[0, 5]]
    if backend in ("numpy", "torch"):  # the framework raised first: its error is the cause
        assert isinstance(info.value.__cause__, IndexError)
    assert "5" in str(info.value)
