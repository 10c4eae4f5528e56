"""Error types: ut.AxisError, ValueError, IndexError, on every backend."""

import numpy as np
import pytest

import unitensor as ut
from conftest import make, randn

X = randn(2, 3, 4)


def test_axis_error_hierarchy():
    assert issubclass(ut.AxisError, ValueError)
    assert issubclass(ut.AxisError, IndexError)


REDUCTIONS = ["sum", "prod", "mean", "min", "max", "all", "any", "logsumexp"]


@pytest.mark.parametrize("name", REDUCTIONS)
@pytest.mark.parametrize("axis", [3, -4, (0, 3), (-5, 1), 10])
def test_reduction_axis_out_of_range(backend, name, axis):
    t = make(backend, X)
    with pytest.raises(ut.AxisError):
        getattr(t, name)(axis=axis)
    with pytest.raises(ut.AxisError):
        getattr(ut, name)(t, axis=axis, keepdims=True)


@pytest.mark.parametrize("name", ["argmin", "argmax", "cumsum"])
@pytest.mark.parametrize("axis", [3, -4])
def test_index_reduction_axis_out_of_range(backend, name, axis):
    t = make(backend, X)
    with pytest.raises(ut.AxisError):
        getattr(t, name)(axis=axis)


@pytest.mark.parametrize(
    ("name", "call"),
    [
        ("squeeze", lambda t: t.squeeze(axis=3)),
        ("squeeze_neg", lambda t: t.squeeze(axis=-5)),
        ("squeeze_tuple", lambda t: t.squeeze(axis=(0, 4))),
        ("expand_dims", lambda t: t.expand_dims(4)),
        ("expand_dims_neg", lambda t: t.expand_dims(-5)),
        ("flip", lambda t: t.flip(axis=3)),
        ("flip_tuple", lambda t: t.flip(axis=(0, -4))),
        ("sort", lambda t: t.sort(axis=3)),
        ("argsort", lambda t: t.argsort(axis=-4)),
        ("topk", lambda t: t.topk(1, axis=3)),
        ("softmax", lambda t: t.softmax(axis=3)),
        ("log_softmax", lambda t: t.log_softmax(axis=-4)),
        ("concatenate", lambda t: ut.concatenate([t, t], axis=3)),
        ("stack", lambda t: ut.stack([t, t], axis=4)),
        ("stack_neg", lambda t: ut.stack([t, t], axis=-5)),
        ("take_along_axis", lambda t: t.take_along_axis(t.argsort(axis=0), axis=3)),
        ("flatten", lambda t: t.flatten(start=3)),
    ],
    ids=lambda v: v if isinstance(v, str) else "",
)
def test_axis_out_of_range(backend, name, call):
    t = make(backend, X)
    with pytest.raises(ut.AxisError):
        call(t)


def test_axis_error_is_caught_as_valueerror_and_indexerror(backend):
    t = make(backend, X)
    with pytest.raises(ValueError):
        t.sum(axis=5)
    with pytest.raises(IndexError):
        t.max(axis=-7)


def test_squeeze_non_one_axis_raises_valueerror(backend):
    t = make(backend, randn(1, 3, 1))
    with pytest.raises(ValueError):
        t.squeeze(axis=1)
    with pytest.raises(ValueError):
        ut.squeeze(t, axis=(0, 1))
    with pytest.raises(ValueError):
        t.squeeze(axis=-2)


@pytest.mark.parametrize("shape", [(5, 5), (25,), 7, (-1, 5), (-1, -1), (2, 3, 3)], ids=repr)
def test_bad_reshape_raises_valueerror(backend, shape):
    t = make(backend, X)
    with pytest.raises(ValueError):
        t.reshape(shape)


NOT_SHAPES = [(2.5, 12), "24", (np.float64(2), 12), 24.0, (True, 24), (2, 12, False)]


@pytest.mark.parametrize("shape", NOT_SHAPES, ids=repr)
def test_a_shape_of_floats_or_a_string_raises_typeerror_as_numpy(backend, shape):
    with pytest.raises(TypeError):  # what NumPy does, not int()'s truncation or parsing
        np.reshape(X, shape)
    with pytest.raises(TypeError):
        np.zeros(shape)
    t = make(backend, X)
    with pytest.raises(TypeError, match="reshape: shape must be an int or a sequence of ints"):
        t.reshape(shape)
    with pytest.raises(TypeError, match="shape must be an int or a sequence of ints"):
        t.zeros(shape)
    with pytest.raises(TypeError, match="shape must be an int or a sequence of ints"):
        ut.full(t, shape, 1.0)


@pytest.mark.parametrize("sizes", [(4, 6), (2, -1, 3), (24,), (np.int64(4), 6)], ids=repr)
def test_sizes_as_separate_arguments_as_numpys_method(backend, sizes):
    t = make(backend, X)
    expected = X.reshape(*sizes)  # NumPy's method takes them so (PyTorch's too)
    for out in (t.reshape(*sizes), ut.reshape(t, *sizes)):
        assert out.shape == expected.shape and out.dtype == t.dtype
        np.testing.assert_array_equal(out.numpy(), expected)


@pytest.mark.parametrize(
    "args, kwargs, message",
    [
        ((2, 12), {"copy": 3}, "copy must be a bool or None, got 3"),
        (((2, 12),), {"copy": "no"}, "copy must be a bool or None, got 'no'"),
        (((2, 12), 3), {}, "shape must be an int or a sequence of ints"),
        (((2, 12), True), {"copy": True}, "copy given by position and by keyword"),
        ((2, 12, True), {}, "shape must be an int or a sequence of ints"),
    ],
    ids=repr,
)
def test_reshape_arguments_that_mean_nothing_raise_typeerror(backend, args, kwargs, message):
    if kwargs.get("copy") != 3:  # NumPy refuses the others too (copy=3: any truth value)
        with pytest.raises((TypeError, ValueError)):
            X.reshape(*args, **kwargs)
    t = make(backend, X)
    with pytest.raises(TypeError, match=message):
        t.reshape(*args, **kwargs)


@pytest.mark.parametrize("shape", [(4, 6), 24, -1, np.array(24)], ids=repr)
def test_copy_by_position_is_deprecated(backend, shape):
    t = make(backend, X)
    expected = X.reshape(shape)
    for call in (lambda: t.reshape(shape, True), lambda: ut.reshape(t, shape, None)):
        with pytest.warns(DeprecationWarning, match="copy by position is deprecated") as caught:
            out = call()
        assert caught[0].filename == __file__  # (the caller's line, also via ut.reshape)
        assert out.shape == expected.shape
        np.testing.assert_array_equal(out.numpy(), expected)


@pytest.mark.parametrize("first", [np.array(4), np.int64(4)], ids=repr)
def test_a_0d_integer_array_is_a_size_as_in_numpy(backend, first):
    t = make(backend, X)
    expected = X.reshape(first, 6)
    out = t.reshape(first, 6)
    assert out.shape == expected.shape
    np.testing.assert_array_equal(out.numpy(), expected)


@pytest.mark.parametrize(
    "shape", [np.int64(24), np.array(24), (np.int32(4), 6), [2, np.int64(-1)]], ids=repr
)
def test_integer_scalars_are_shape_entries_as_in_numpy(backend, shape):
    t = make(backend, X)
    expected = np.reshape(X, shape)
    out = t.reshape(shape)
    assert out.shape == expected.shape and out.dtype == t.dtype
    np.testing.assert_array_equal(out.numpy(), expected)
    if not isinstance(shape, list):
        assert t.zeros(shape).shape == np.zeros(shape).shape


@pytest.mark.parametrize("mode", ["wrap", "symmetric", "REFLECT", ""])
def test_bad_pad_mode_raises_valueerror(backend, mode):
    t = make(backend, X[0])
    with pytest.raises(ValueError):
        t.pad(((1, 1), (1, 1)), mode=mode)


def test_pad_wrong_number_of_axes_raises_valueerror(backend):
    t = make(backend, X[0])
    with pytest.raises(ValueError):
        t.pad(((1, 1),))


SHAPE_MISMATCH = {
    "add": lambda bk: make(bk, randn(2, 3)) + make(bk, randn(4)),
    "mul": lambda bk: make(bk, randn(2, 3)) * make(bk, randn(3, 2)),
    "maximum": lambda bk: make(bk, randn(2, 3)).maximum(make(bk, randn(4))),
    "where": lambda bk: ut.where(make(bk, np.ones((2, 3), bool)), make(bk, randn(4)), 0.0),
    "matmul": lambda bk: ut.matmul(make(bk, randn(2, 3)), make(bk, randn(2, 3))),
    "concatenate": lambda bk: ut.concatenate([make(bk, randn(2, 3)), make(bk, randn(2, 4))]),
    "stack": lambda bk: ut.stack([make(bk, randn(2, 3)), make(bk, randn(3, 2))]),
}


@pytest.mark.parametrize("name", list(SHAPE_MISMATCH))
def test_shape_mismatch_raises_valueerror(backend, name):
    with pytest.raises(ValueError):
        SHAPE_MISMATCH[name](backend)


@pytest.mark.parametrize(
    "index",
    [3, -4, (0, 3), (1, 2, 4), (0, -5), (slice(None), 5), (Ellipsis, 4)],
    ids=repr,
)
def test_int_index_out_of_range_raises_indexerror(backend, index):
    t = make(backend, X)  # shape (2, 3, 4)
    with pytest.raises(IndexError):
        t[index]


@pytest.mark.parametrize("form", ["tensor", "list", "numpy"])
def test_int_array_index_out_of_range_raises_indexerror(backend, form):
    idx = np.array([0, 5])
    index = {"tensor": make(backend, idx), "list": idx.tolist(), "numpy": idx}[form]
    t = make(backend, X)
    with pytest.raises(IndexError):
        t[index]
    with pytest.raises(IndexError):
        t[:, index]


def test_len_of_0d_raises_typeerror(backend):
    with pytest.raises(TypeError):
        len(make(backend, np.array(2.0, dtype=np.float32)))
