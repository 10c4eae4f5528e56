"""The standard's manipulation functions (Array API 2025.12) and ``take``, on every backend.

broadcast_to, broadcast_arrays, broadcast_shapes, moveaxis, repeat, roll, unstack, take,
and the standard's "must"s for reshape (copy=), expand_dims (a tuple of positions), tile
(fewer or more multiples than axes), squeeze, flip, permute_dims, stack and concat: each
against NumPy 2 computed directly, both the method and the ut.<name> form, with the same
unitensor exception on every backend for bad input.
"""

import numpy as np
import pytest

import unitensor as ut
from conftest import check, make, randint, randn

# JAX without 64-bit mode warns where int64 / float64 is asked for (documented)
pytestmark = pytest.mark.filterwarnings("ignore:JAX holds:UserWarning")

F32 = randn(2, 3, 4)
I64 = randint(2, 3, 4, dtype=np.int64)
B = randint(2, 3, 4) > 0
F16 = randn(3, 2, dtype=np.float16)
DATA = {"float32": F32, "int64": I64, "bool": B}


def forms(backend, name, arr, *args, **kwargs):
    """The method and the function form of ``name`` on a native ``backend`` array."""
    yield getattr(make(backend, arr), name)(*args, **kwargs)
    yield getattr(ut, name)(make(backend, arr), *args, **kwargs)


def other_framework(backend):
    """A tensor of a framework other than ``backend`` and NumPy (valid indices everywhere)."""
    return make("jax" if backend == "torch" else "torch", np.ones(3, dtype=np.float32))


# ------------------------------------------------------------------ broadcast_to


@pytest.mark.parametrize(
    ("shape", "target", "dtype"),
    [
        ((3,), (2, 3), "float32"),
        ((2, 1), (2, 4), "int64"),
        ((), (2, 2), "bool"),
        ((), (), "float16"),
        ((1, 0), (3, 0), "float32"),
        ((1,), (0,), "int8"),
        ((2, 3), (2, 3), "bool"),
        ((1, 3, 1), (4, 2, 3, 5), "uint8"),
    ],
    ids=repr,
)
def test_broadcast_to(backend, shape, target, dtype):
    x = (np.arange(int(np.prod(shape))).reshape(shape) % 3).astype(dtype)
    for out in forms(backend, "broadcast_to", x, target):
        check(out, backend, np.broadcast_to(x, target))


@pytest.mark.parametrize(
    ("shape", "target"), [((2,), (3,)), ((2, 3), (3,)), ((3,), (3, 2)), ((2,), (-1, 2))], ids=repr
)
def test_broadcast_to_refuses(backend, shape, target):
    with pytest.raises(ut.ShapeError):
        make(backend, np.zeros(shape, np.float32)).broadcast_to(target)


# ------------------------------------------------------------------ broadcast_arrays / shapes


@pytest.mark.parametrize(
    "shapes", [[(2, 1), (3,)], [(), (2, 2), (1, 2)], [(0, 1), (1, 4)], [(3,)], []], ids=repr
)
def test_broadcast_arrays(backend, shapes):
    dtypes = ["int32", "float32", "bool"]
    arrays = [
        (np.arange(int(np.prod(s))).reshape(s) % 2).astype(dtypes[i]) for i, s in enumerate(shapes)
    ]
    outs = ut.broadcast_arrays(*(make(backend, a) for a in arrays))
    assert isinstance(outs, tuple)
    expected = np.broadcast_arrays(*arrays) if arrays else ()
    assert len(outs) == len(expected)
    for out, exp, a in zip(outs, expected, arrays, strict=True):
        check(out, backend, exp, a.dtype)


def test_broadcast_arrays_refuses(backend):
    with pytest.raises(ut.ShapeError):
        ut.broadcast_arrays(make(backend, np.zeros(2)), make(backend, np.zeros(3)))
    with pytest.raises(ut.FrameworkMixError):
        ut.broadcast_arrays(make(backend, np.zeros(3, np.float32)), other_framework(backend))


@pytest.mark.parametrize(
    "shapes",
    [[], [()], [(2, 1), (3,)], [(1, 0), (5, 1)], [(4, 1, 3), (2, 1), ()], [3, (2, 1)]],
    ids=repr,
)
def test_broadcast_shapes(shapes):
    out = ut.broadcast_shapes(*shapes)
    assert out == np.broadcast_shapes(*shapes)
    assert isinstance(out, tuple) and all(type(d) is int for d in out)


@pytest.mark.parametrize("shapes", [[(2,), (3,)], [(2, 3), (3, 2)], [(-1,)]], ids=repr)
def test_broadcast_shapes_refuses(shapes):
    with pytest.raises(ut.ShapeError):
        ut.broadcast_shapes(*shapes)


# ------------------------------------------------------------------ moveaxis


@pytest.mark.parametrize(
    ("source", "destination", "name"),
    [
        (0, -1, "float32"),
        (-1, 0, "int64"),
        (1, 1, "bool"),
        ((0, 1), (-1, 0), "float32"),
        ((0, 2), (2, 0), "bool"),
        ((2, 0, 1), (0, 1, 2), "int64"),
        ((), (), "float32"),
    ],
    ids=repr,
)
def test_moveaxis(backend, source, destination, name):
    x = DATA[name]
    for out in forms(backend, "moveaxis", x, source, destination):
        check(out, backend, np.moveaxis(x, source, destination))


def test_moveaxis_empty_and_0d(backend):
    e = np.zeros((0, 2, 1), np.float32)
    check(make(backend, e).moveaxis(0, 2), backend, np.moveaxis(e, 0, 2))
    s = np.array(1.5, np.float32)
    check(make(backend, s).moveaxis((), ()), backend, s)


@pytest.mark.parametrize(
    ("source", "destination"), [((0, 0), (1, 2)), (0, 3), (-4, 0), ((0, 1), (1, 1)), ((0, 1), 0)]
)
def test_moveaxis_refuses(backend, source, destination):
    with pytest.raises(ut.AxisError):
        make(backend, F32).moveaxis(source, destination)


# ------------------------------------------------------------------ repeat


@pytest.mark.parametrize("name", list(DATA))
@pytest.mark.parametrize(("repeats", "axis"), [(0, None), (3, None), (1, 0), (2, 1), (0, -1)])
def test_repeat_int(backend, name, repeats, axis):
    x = DATA[name]
    for out in forms(backend, "repeat", x, repeats, axis=axis):
        check(out, backend, np.repeat(x, repeats, axis=axis))


@pytest.mark.parametrize(
    ("counts", "axis"),
    [
        ([1, 0, 2], 1),
        ([2, 1], 0),
        ([3], -1),
        (np.array(2), 2),
        (np.array([0, 1, 2, 3], np.int8), 2),
        (np.array([1, 2, 0, 1], np.uint8), -1),
        (np.arange(24) % 3, None),
    ],
    ids=repr,
)
def test_repeat_counts(backend, counts, axis):
    expected = np.repeat(F32, np.asarray(counts), axis=axis)
    for out in forms(backend, "repeat", F32, counts, axis=axis):
        check(out, backend, expected)
    native = make(backend, np.asarray(counts, dtype=np.asarray(counts).dtype))
    check(make(backend, F32).repeat(native, axis=axis), backend, expected)


def test_repeat_0d_and_empty(backend):
    s = np.array(7, np.int32)
    check(make(backend, s).repeat(3), backend, np.repeat(s, 3))
    e = np.zeros((0, 3), np.float32)
    check(make(backend, e).repeat(2, axis=0), backend, np.repeat(e, 2, axis=0))
    check(make(backend, e).repeat(2, axis=1), backend, np.repeat(e, 2, axis=1))
    check(make(backend, e).repeat(np.array([1, 0, 2]), axis=1), backend, np.repeat(e, [1, 0, 2], 1))
    check(make(backend, e).repeat(np.zeros(0, np.int64), axis=0), backend, e)
    check(make(backend, F16).repeat(2, axis=1), backend, np.repeat(F16, 2, axis=1))


@pytest.mark.parametrize(
    ("counts", "axis", "error"),
    [
        (-1, 0, ut.ShapeError),
        ([1, -1], 0, ut.ShapeError),
        ([1, 2], 1, ut.ShapeError),
        (np.ones((2, 1), np.int64), 0, ut.ShapeError),
        (np.array([1.0, 2.0]), 0, ut.DTypeError),
        (np.array([True, False]), 0, ut.DTypeError),
        (1, 3, ut.AxisError),
    ],
    ids=repr,
)
def test_repeat_refuses(backend, counts, axis, error):
    with pytest.raises(error):
        make(backend, F32).repeat(counts, axis=axis)


def test_repeat_refuses_other_framework(backend):
    with pytest.raises(ut.FrameworkMixError):
        make(backend, np.zeros(3, np.float32)).repeat(other_framework(backend).astype("int32"))


# ------------------------------------------------------------------ roll


@pytest.mark.parametrize(
    ("shift", "axis", "name"),
    [
        (1, None, "float32"),
        (-5, None, "int64"),
        (25, None, "bool"),
        ((1, 2), None, "float32"),
        (1, 0, "int64"),
        (-1, -1, "float32"),
        (7, 2, "bool"),
        ((1, -2), (0, 2), "float32"),
        (2, (1, 2), "int64"),
        ((1, 1), 1, "float32"),
        ((1, 2), (1, 1), "bool"),
        (0, 1, "float32"),
        (3, 1, "int64"),
        (1, (), "float32"),
    ],
    ids=repr,
)
def test_roll(backend, shift, axis, name):
    x = DATA[name]
    for out in forms(backend, "roll", x, shift, axis=axis):
        check(out, backend, np.roll(x, shift, axis=axis))


def test_roll_0d_and_empty(backend):
    s = np.array(2.5, np.float32)
    check(make(backend, s).roll(3), backend, np.roll(s, 3))
    e = np.zeros((0, 3), np.int32)
    check(make(backend, e).roll(1), backend, np.roll(e, 1))
    check(make(backend, e).roll((1, 2), axis=(0, 1)), backend, np.roll(e, (1, 2), axis=(0, 1)))
    check(make(backend, F16).roll(1, axis=0), backend, np.roll(F16, 1, axis=0))


@pytest.mark.parametrize(
    ("shift", "axis", "error"),
    [
        ((1, 2), (0, 1, 2), ut.AxisError),
        (1, 3, ut.AxisError),
        (1, (0, -4), ut.AxisError),
        (1.5, 0, TypeError),
    ],
    ids=repr,
)
def test_roll_refuses(backend, shift, axis, error):
    with pytest.raises(error):
        make(backend, F32).roll(shift, axis=axis)


# ------------------------------------------------------------------ unstack


@pytest.mark.parametrize("name", list(DATA))
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_unstack(backend, name, axis):
    x = DATA[name]
    expected = np.unstack(x, axis=axis)
    for outs in forms(backend, "unstack", x, axis=axis):
        assert isinstance(outs, tuple) and len(outs) == len(expected)
        for out, exp in zip(outs, expected, strict=True):
            check(out, backend, exp)


def test_unstack_default_empty_and_0d(backend):
    check(make(backend, F16).unstack()[2], backend, F16[2])
    assert make(backend, np.zeros((2, 0), np.float32)).unstack(axis=1) == ()
    outs = make(backend, np.zeros((0, 2), np.float32)).unstack(axis=1)
    assert len(outs) == 2
    check(outs[0], backend, np.zeros(0, np.float32))
    with pytest.raises(ut.AxisError):
        make(backend, np.array(1.0)).unstack()
    with pytest.raises(ut.AxisError):
        make(backend, F32).unstack(axis=3)


# ------------------------------------------------------------------ take


@pytest.mark.parametrize("name", ["float32", "bool"])
@pytest.mark.parametrize(
    ("indices", "axis", "index_dtype"),
    [
        ([2, 0, 1, 1], 1, "int64"),
        ([-1, 0], 0, "int32"),
        ([3, -4, 0], -1, "int8"),
        ([], 2, "int64"),
        ([1], 0, "int16"),
    ],
    ids=repr,
)
def test_take(backend, name, indices, axis, index_dtype):
    x = DATA[name]
    idx = np.array(indices, dtype=index_dtype)
    expected = np.take(x, idx, axis=axis)
    for out in forms(backend, "take", x, make(backend, idx), axis=axis):
        check(out, backend, expected)
    check(make(backend, x).take(idx, axis=axis), backend, expected)


def test_take_1d_lists_and_unsigned(backend):
    v = np.array([10, 20, 30, 40], np.int16)
    check(make(backend, v).take([3, -1, 0]), backend, np.take(v, [3, -1, 0]))
    check(ut.take(make(backend, v), np.array([2, 2], np.uint8)), backend, v[[2, 2]])
    check(make(backend, v).take([]), backend, v[:0])
    e = np.zeros((2, 0), np.float32)
    check(make(backend, e).take([1, 0], axis=0), backend, e[[1, 0]])
    check(make(backend, e).take([], axis=1), backend, e)


@pytest.mark.parametrize(
    ("x", "indices", "axis", "error"),
    [
        (F32, [3], 1, ut.IndexOutOfRangeError),
        (F32, [0, -4], 1, ut.IndexOutOfRangeError),
        (F32[0, 0], [4], None, ut.IndexOutOfRangeError),
        (np.zeros(0, np.float32), [0], None, ut.IndexOutOfRangeError),
        (F32, [0], None, ut.ShapeError),
        (F32, [[0, 1]], 1, ut.ShapeError),
        (F32, np.array(1), 1, ut.ShapeError),
        (F32, np.array([0.0]), 1, ut.DTypeError),
        (F32, [0], 3, ut.AxisError),
    ],
    ids=["high", "low", "1d", "empty", "no_axis", "2d_indices", "0d_indices", "float", "axis"],
)
def test_take_refuses(backend, x, indices, axis, error):
    with pytest.raises(error):
        make(backend, x).take(indices, axis=axis)


def test_take_refuses_native_out_of_range(backend):
    with pytest.raises(ut.IndexOutOfRangeError):
        make(backend, F32).take(make(backend, np.array([0, 5])), axis=2)


# ------------------------------------------------------------------ reshape, expand_dims, tile


@pytest.mark.parametrize("copy", [None, True, False])
@pytest.mark.parametrize("shape", [(6, 4), -1, (2, -1, 2)], ids=repr)
def test_reshape_copy(backend, copy, shape):
    for out in forms(backend, "reshape", F32, shape, copy=copy):
        check(out, backend, np.reshape(F32, shape))


def test_reshape_copy_true_copies(backend):
    x = make(backend, F32)
    out = x.reshape(-1, copy=True)
    check(out, backend, F32.reshape(-1))
    if backend == "numpy":
        assert not np.shares_memory(out.raw, x.raw)
    if backend == "torch":
        assert out.raw.data_ptr() != x.raw.data_ptr()


def test_reshape_copy_false(backend):
    x = make(backend, F32)
    if backend == "numpy":
        assert np.shares_memory(x.reshape(-1, copy=False).raw, x.raw)
    t = x.transpose()
    if backend in ("numpy", "torch"):  # a transposed tensor flattened needs a copy
        with pytest.raises(ut.ShapeError, match="copy"):
            t.reshape(-1, copy=False)
    else:  # TensorFlow's and JAX's arrays cannot be written: no copy is observable
        check(t.reshape(-1, copy=False), backend, F32.T.reshape(-1))
    check(t.reshape(-1, copy=True), backend, F32.T.reshape(-1))
    s = make(backend, np.array(3.0, np.float32)).sum()  # a NumPy scalar on NumPy
    check(s.reshape((1, 1), copy=False), backend, np.full((1, 1), 3.0, np.float32))


@pytest.mark.parametrize(
    ("axis", "name"),
    [
        ((0,), "float32"),
        ((0, 1), "int64"),
        ((-1, 0), "bool"),
        ((1, 4), "float32"),
        ((-5, -1), "int64"),
        ((2, 0, 5), "float32"),
        ((), "bool"),
    ],
    ids=repr,
)
def test_expand_dims_tuple(backend, axis, name):
    x = DATA[name]
    for out in forms(backend, "expand_dims", x, axis):
        check(out, backend, np.expand_dims(x, axis))


def test_expand_dims_tuple_0d(backend):
    s = np.array(1, np.int32)
    check(make(backend, s).expand_dims((0, -1)), backend, np.expand_dims(s, (0, -1)))


@pytest.mark.parametrize("axis", [(0, 0), (0, -5), (5,), (0, 6), (-7, 0)], ids=repr)
def test_expand_dims_tuple_refuses(backend, axis):
    with pytest.raises(ut.AxisError):
        make(backend, F32).expand_dims(axis)
    with pytest.raises(IndexError):  # the standard's exception
        make(backend, F32).expand_dims(axis)


@pytest.mark.parametrize(
    ("multiples", "name"),
    [((2,), "float32"), ((1, 2), "int64"), (2, "bool"), ((2, 1, 1, 2), "float32"),
     ((1, 0, 1, 1, 1), "int64"), ((), "bool")],
    ids=repr,
)  # fmt: skip
def test_tile_pads_as_the_standard(backend, multiples, name):
    x = DATA[name][:, :2, :3]
    for out in forms(backend, "tile", x, multiples):
        check(out, backend, np.tile(x, multiples))


def test_tile_0d(backend):
    s = np.array(4.0, np.float32)
    check(make(backend, s).tile((2, 3)), backend, np.tile(s, (2, 3)))
    check(make(backend, s).tile(()), backend, np.tile(s, ()))
    with pytest.raises(ut.ShapeError):
        make(backend, s).tile((1, -1))


# ------------------------------------------------------------------ the other standard "must"s


def test_squeeze_flip_permute_dims(backend):
    x = np.arange(6, dtype=np.float32).reshape(1, 2, 1, 3)
    check(make(backend, x).squeeze((0, -2)), backend, np.squeeze(x, (0, -2)))
    check(ut.squeeze(make(backend, x), -4), backend, np.squeeze(x, -4))
    with pytest.raises(ut.ShapeError):
        make(backend, x).squeeze(1)
    check(make(backend, x).flip((1, -1)), backend, np.flip(x, (1, -1)))
    check(make(backend, x).flip(), backend, np.flip(x))
    check(
        ut.permute_dims(make(backend, x), (-1, 0, 2, 1)), backend, np.permute_dims(x, (3, 0, 2, 1))
    )
    with pytest.raises(ut.AxisError):
        make(backend, x).permute_dims((0, 1, 2))


def test_stack_concat_axes(backend):
    a, b = np.ones((2, 3), np.float32), np.zeros((2, 3), np.int32)
    for axis in (0, 1, 2, -1, -3):
        check(ut.stack([make(backend, a), make(backend, b)], axis=axis), backend,
              np.stack([a, b.astype(np.float32)], axis=axis))  # fmt: skip
    with pytest.raises(ut.AxisError):
        ut.stack([make(backend, a)], axis=3)
    for axis in (0, -1, None):
        check(ut.concat([make(backend, a), make(backend, a)], axis=axis), backend,
              np.concat([a, a], axis=axis))  # fmt: skip
    with pytest.raises(ut.AxisError):
        ut.concat([make(backend, a)], axis=2)


def test_under_jax_jit():
    """Inside jax.jit take works (indices unchecked there, documented) and so does an int repeat."""
    jax = pytest.importorskip("jax")
    if "jax" not in ut._registry.BACKENDS:
        pytest.skip("no JAX backend")
    x = make("jax", F32)

    @jax.jit
    def f(a, idx):
        t = ut.astensor(a)
        return t.take(ut.astensor(idx), axis=1).raw, t.repeat(2, axis=0).raw, t.roll(1).raw

    taken, repeated, rolled = f(x.raw, make("jax", np.array([-1, 0])).raw)
    np.testing.assert_array_equal(np.asarray(taken), np.take(F32, [-1, 0], axis=1))
    np.testing.assert_array_equal(np.asarray(repeated), np.repeat(F32, 2, axis=0))
    np.testing.assert_array_equal(np.asarray(rolled), np.roll(F32, 1))
