"""Shape operations: reshape flatten transpose squeeze expand_dims tile flip pad,
concatenate and stack."""

import numpy as np
import pytest

import unitensor as ut
from conftest import check, make, randint, randn

X = randn(2, 3, 4)
XI = randint(2, 3, 4)
B = XI > 0
DATA = [X, XI, B]
DATA_IDS = ["float32", "int32", "bool"]


def forms(backend, name, arr, *args, **kwargs):
    yield getattr(make(backend, arr), name)(*args, **kwargs)
    yield getattr(ut, name)(make(backend, arr), *args, **kwargs)


@pytest.mark.parametrize("arr", DATA, ids=DATA_IDS)
@pytest.mark.parametrize(
    "shape", [(6, 4), (24,), 24, -1, (-1,), (4, -1), (2, -1, 2), (1, 24, 1), (2, 3, 4)], ids=repr
)
def test_reshape(backend, arr, shape):
    for out in forms(backend, "reshape", arr, shape):
        check(out, backend, np.reshape(arr, shape))


@pytest.mark.parametrize(
    ("before", "after"), [((0, 5), (5, 0)), ((0, 5), (0,)), ((3, 0), (0, 2, 7)), ((6,), (1, 6, 1))]
)
def test_reshape_to_a_tuple_of_sizes(backend, before, after):
    """The common call (a tuple of Python ints, no -1) gives NumPy's result, empty included."""
    a = np.zeros(before, dtype=np.float32) + np.float32(1.5)
    check(make(backend, a).reshape(after), backend, a.reshape(after))


@pytest.mark.parametrize(
    ("before", "shape"), [(24, (5, 5)), (24, (0, 7)), ((0, 24), (0, -1)), (24, (-1, -1))], ids=repr
)
def test_reshape_to_sizes_numpy_refuses_raises_shape_error(backend, before, shape):
    a = np.zeros(before, dtype=np.float32)
    with pytest.raises(ValueError):
        a.reshape(shape)
    with pytest.raises(ut.ShapeError):
        make(backend, a).reshape(shape)


def test_reshape_to_and_from_scalar(backend):
    one = np.array([2.5], dtype=np.float32)
    check(make(backend, one).reshape(()), backend, one.reshape(()))
    check(make(backend, one.reshape(())).reshape((1, 1)), backend, one.reshape((1, 1)))


def np_flatten(a, start=0, end=-1):
    nd = a.ndim
    start, end = start % nd, end % nd
    shape = (*a.shape[:start], int(np.prod(a.shape[start : end + 1])), *a.shape[end + 1 :])
    return a.reshape(shape)


@pytest.mark.parametrize("arr", DATA, ids=DATA_IDS)
@pytest.mark.parametrize(
    ("start", "end"), [(0, -1), (1, -1), (0, 1), (-2, -1), (1, 1), (0, 2), (-3, -2), (2, 2)]
)
def test_flatten(backend, arr, start, end):
    expected = np_flatten(arr, start, end)
    for out in forms(backend, "flatten", arr, start=start, end=end):
        check(out, backend, expected)


def test_flatten_default(backend):
    check(make(backend, X).flatten(), backend, X.reshape(-1))
    check(ut.flatten(make(backend, X), 1), backend, X.reshape(2, 12))


@pytest.mark.parametrize("arr", DATA, ids=DATA_IDS)
@pytest.mark.parametrize("axes", [None, (0, 1, 2), (1, 0, 2), (2, 0, 1), (-1, 0, 1)], ids=repr)
def test_transpose(backend, arr, axes):
    for out in forms(backend, "transpose", arr, axes):
        check(out, backend, np.transpose(arr, axes))


def test_transpose_default(backend):
    check(make(backend, X).transpose(), backend, X.transpose())
    check(make(backend, X[0]).transpose(), backend, X[0].T)


S = randn(1, 3, 1, 2)


@pytest.mark.parametrize("axis", [None, 0, 2, -2, -4, (0, 2), (2, 0), (-4, -2)], ids=repr)
def test_squeeze(backend, axis):
    for out in forms(backend, "squeeze", S, axis=axis):
        check(out, backend, np.squeeze(S, axis=axis))
    si = S.astype(np.int32)
    check(make(backend, si).squeeze(axis=axis), backend, np.squeeze(si, axis=axis))


def test_squeeze_default_and_noop(backend):
    check(make(backend, S).squeeze(), backend, np.squeeze(S))
    check(make(backend, X).squeeze(), backend, X)
    one = np.ones((1, 1), dtype=np.float32)
    check(make(backend, one).squeeze(), backend, np.squeeze(one))


@pytest.mark.parametrize("arr", DATA, ids=DATA_IDS)
@pytest.mark.parametrize("axis", [0, 1, 2, 3, -1, -2, -4])
def test_expand_dims(backend, arr, axis):
    for out in forms(backend, "expand_dims", arr, axis):
        check(out, backend, np.expand_dims(arr, axis))


@pytest.mark.parametrize("arr", DATA, ids=DATA_IDS)
@pytest.mark.parametrize("multiples", [(1, 1, 1), (2, 1, 3), (1, 2, 1), (3, 2, 2)], ids=repr)
def test_tile(backend, arr, multiples):
    for out in forms(backend, "tile", arr, multiples):
        check(out, backend, np.tile(arr, multiples))


def test_tile_1d_2d(backend):
    v = X[0, 0]
    check(make(backend, v).tile((3,)), backend, np.tile(v, 3))
    m = X[0]
    check(make(backend, m).tile((2, 2)), backend, np.tile(m, (2, 2)))


@pytest.mark.parametrize("arr", DATA, ids=DATA_IDS)
@pytest.mark.parametrize("axis", [None, 0, 1, -1, (0, 2), (-1, -2), (0, 1, 2)], ids=repr)
def test_flip(backend, arr, axis):
    for out in forms(backend, "flip", arr, axis=axis):
        check(out, backend, np.flip(arr, axis=axis))


def test_flip_default(backend):
    check(make(backend, X).flip(), backend, np.flip(X))


# ---------------------------------------------------------------- pad

V1 = randn(5)
M2 = randn(3, 4)
T3 = randn(2, 3, 4)
PAD_CASES = {
    "1d": (V1, ((2, 3),)),
    "1d_zero": (V1, ((0, 0),)),
    "1d_left": (V1, ((4, 0),)),
    "2d": (M2, ((1, 2), (2, 1))),
    "2d_one_axis": (M2, ((0, 0), (3, 2))),
    "2d_first_axis": (M2, ((2, 1), (0, 0))),
    "3d": (T3, ((1, 1), (2, 0), (1, 3))),
    "3d_last": (T3, ((0, 0), (0, 0), (2, 2))),
}


@pytest.mark.parametrize("mode", ["constant", "reflect", "edge"])
@pytest.mark.parametrize("case", list(PAD_CASES))
def test_pad(backend, case, mode):
    arr, paddings = PAD_CASES[case]
    expected = np.pad(arr, paddings, mode=mode)
    for out in forms(backend, "pad", arr, paddings, mode=mode):
        check(out, backend, expected)


@pytest.mark.parametrize("mode", ["constant", "reflect", "edge"])
def test_pad_int(backend, mode):
    a = XI[0]
    paddings = ((1, 2), (2, 1))
    check(make(backend, a).pad(paddings, mode=mode), backend, np.pad(a, paddings, mode=mode))


@pytest.mark.parametrize("case", ["1d", "2d", "3d"])
def test_pad_constant_value(backend, case):
    arr, paddings = PAD_CASES[case]
    expected = np.pad(arr, paddings, mode="constant", constant_values=-1.5)
    for out in forms(backend, "pad", arr, paddings, mode="constant", value=-1.5):
        check(out, backend, expected)
    ai = XI[0]
    exp_i = np.pad(ai, ((1, 0), (0, 2)), constant_values=7)
    check(make(backend, ai).pad(((1, 0), (0, 2)), value=7), backend, exp_i, np.int32)


def test_pad_default_mode_is_constant_zero(backend):
    paddings = ((1, 1), (2, 0))
    check(make(backend, M2).pad(paddings), backend, np.pad(M2, paddings))


# ---------------------------------------------------------------- concatenate / stack


@pytest.mark.parametrize("axis", [0, 1, 2, -1, -3])
@pytest.mark.parametrize("arr", DATA, ids=DATA_IDS)
def test_concatenate(backend, arr, axis):
    parts = [arr, arr[::-1], arr.copy()]
    expected = np.concatenate(parts, axis=axis)
    check(ut.concatenate([make(backend, p) for p in parts], axis=axis), backend, expected)


def test_concatenate_default_axis_and_different_sizes(backend):
    a, b = randn(2, 3), randn(4, 3, seed=3)
    check(ut.concatenate([make(backend, a), make(backend, b)]), backend, np.concatenate([a, b]))
    c = randn(2, 5, seed=4)
    check(
        ut.concatenate((make(backend, a), make(backend, c)), axis=1),
        backend,
        np.concatenate([a, c], axis=1),
    )


@pytest.mark.parametrize("axis", [0, 1, 2, 3, -1, -4])
@pytest.mark.parametrize("arr", DATA, ids=DATA_IDS)
def test_stack(backend, arr, axis):
    parts = [arr, arr[::-1], arr.copy()]
    expected = np.stack(parts, axis=axis)
    check(ut.stack([make(backend, p) for p in parts], axis=axis), backend, expected)


def test_stack_default_axis(backend):
    parts = [randn(3, seed=i) for i in range(4)]
    check(ut.stack([make(backend, p) for p in parts]), backend, np.stack(parts))
    check(ut.stack(tuple(make(backend, p) for p in parts)), backend, np.stack(parts))


def test_shape_ops_do_not_modify_input(backend):
    t = make(backend, X)
    t.reshape((6, 4))
    t.transpose()
    t.flip(0)
    t.pad(((1, 1), (0, 0), (0, 0)), mode="reflect")
    check(t, backend, X)


def test_expand_dims_and_reshape_of_0d(backend):
    s = np.array(1.5, dtype=np.float32)
    check(make(backend, s).expand_dims(0), backend, np.expand_dims(s, 0))
    check(make(backend, s).expand_dims(-1), backend, np.expand_dims(s, -1))
    check(make(backend, s).reshape(-1), backend, s.reshape(-1))


@pytest.mark.parametrize("axes", [(0, 1, 2), (2, 0, 1), (-1, 0, -2)], ids=repr)
@pytest.mark.parametrize("arr", DATA, ids=DATA_IDS)
def test_permute_dims(backend, arr, axes):
    for out in forms(backend, "permute_dims", arr, axes):
        check(out, backend, np.permute_dims(arr, axes))


def test_permute_dims_needs_a_permutation(backend):
    with pytest.raises(ut.AxisError):
        make(backend, X).permute_dims((0, 0, 1))


def test_concat_is_concatenate_and_joins_flattened_tensors(backend):
    a, b = randn(2, 3), randn(4, 3, seed=3)
    parts = [make(backend, a), make(backend, b)]
    assert ut.concatenate is ut.concat
    check(ut.concat(parts, axis=0), backend, np.concat([a, b], axis=0))
    check(ut.concat(parts, axis=None), backend, np.concat([a, b], axis=None))


def test_reshape_inside_tf_function_with_a_size_not_known_yet():
    """A (None, 3) input: the number of elements is checked when the graph runs, by
    TensorFlow, as ``tf.reshape`` checks it; a second -1 is refused when tracing."""
    tf = pytest.importorskip("tensorflow")
    spec = [tf.TensorSpec((None, 3), tf.float32)]
    x = np.arange(6, dtype=np.float32).reshape(2, 3)

    @tf.function(input_signature=spec)
    def to_3x2(a):
        return ut.astensor(a).reshape((3, 2)).raw

    @tf.function(input_signature=spec)
    def flat(a):
        return ut.astensor(a).reshape((-1,)).raw

    out = to_3x2(tf.constant(x)).numpy()
    assert out.dtype == np.float32
    np.testing.assert_array_equal(out, x.reshape(3, 2))
    np.testing.assert_array_equal(flat(tf.constant(x)).numpy(), x.reshape(-1))
    with pytest.raises(tf.errors.InvalidArgumentError):
        to_3x2(tf.ones((3, 3)))

    @tf.function(input_signature=spec)
    def two_unknown(a):
        return ut.astensor(a).reshape((-1, -1)).raw

    with pytest.raises(ut.ShapeError):
        two_unknown(tf.ones((3, 3)))
