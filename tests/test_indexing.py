"""``t[index]`` with NumPy semantics on every backend."""

import numpy as np
import pytest

import unitensor as ut
from conftest import check, expected_dtype, jax_x64_enabled, make, to_numpy

A = np.arange(3 * 4 * 5, dtype=np.float32).reshape(3, 4, 5) * 0.5 - 7.0
A_INT = np.arange(3 * 4 * 5, dtype=np.int32).reshape(3, 4, 5) - 20
A_BOOL = (A_INT % 3) == 0

# Basic indices (no arrays): ints, slices, Ellipsis, None and tuples of them.
BASIC = {
    "int0": 0,
    "int-1": -1,
    "tuple1": (1,),
    "int_int": (0, 2),
    "int_int_int": (2, 3, 4),
    "neg_ints": (-1, -2, -3),
    "slice_all": slice(None),
    "slice_1_3": slice(1, 3),
    "slice_step2": slice(None, None, 2),
    "slice_rev": slice(None, None, -1),
    "slice_3_0_-2": slice(3, 0, -2),
    "slice_neg_start": slice(-2, None),
    "slice_neg_stop_rev": slice(-1, -3, -1),
    "slice_empty": slice(10, 20),
    "slice_empty_rev": slice(0, 2, -1),
    "two_slices_rev": (slice(None), slice(None, None, -1)),
    "slice_int_rev": (slice(None), 1, slice(None, None, -2)),
    "all_slices": (slice(0, 2), slice(1, None, 2), slice(4, 0, -3)),
    "ellipsis": Ellipsis,
    "ellipsis_int": (Ellipsis, 0),
    "int_ellipsis": (0, Ellipsis),
    "ellipsis_slice": (Ellipsis, slice(1, 3)),
    "int_ellipsis_int": (0, Ellipsis, 1),
    "none": None,
    "none_int": (None, 0),
    "int_none_slice": (0, None, slice(1, 3)),
    "ellipsis_none": (Ellipsis, None),
    "none_ellipsis_none": (None, Ellipsis, None),
    "slice_none_int": (slice(None, None, -1), None, -1),
    "empty_tuple": (),
}


@pytest.mark.parametrize("key", list(BASIC))
def test_basic_indexing_float(backend, key):
    index = BASIC[key]
    check(make(backend, A)[index], backend, A[index])


@pytest.mark.parametrize("key", ["int0", "slice_rev", "int_ellipsis_int", "none_int", "int_int"])
@pytest.mark.parametrize("arr", [A_INT, A_BOOL], ids=["int32", "bool"])
def test_basic_indexing_int_bool(backend, key, arr):
    index = BASIC[key]
    check(make(backend, arr)[index], backend, arr[index])


def test_scalar_result(backend):
    t = make(backend, A)
    out = t[1, 2, 3]
    check(out, backend, A[1, 2, 3])
    assert out.shape == ()
    assert out.item() == A[1, 2, 3].item()


def test_1d_and_2d(backend):
    v = np.arange(7, dtype=np.float32) - 3
    for index in [2, -1, slice(None, None, -1), slice(5, 1, -2), slice(-3, None), None]:
        check(make(backend, v)[index], backend, v[index])
    m = v[:6].reshape(2, 3)
    for index in [(1, -1), (slice(None), 0), (slice(None, None, -1), slice(None, None, -1))]:
        check(make(backend, m)[index], backend, m[index])


# Advanced indices: arrays are given as numpy arrays; the test converts them to the
# requested form (a tensor of the same backend, a list or a numpy array).
ADVANCED = {
    "arr": (np.array([0, 2]),),
    "arr_neg": (np.array([-1, 0, -2]),),
    "arr_repeat": (np.array([1, 1, 0]),),
    "arr_2d": (np.array([[0, 1], [2, 0]]),),
    "slice_arr": (slice(None), np.array([3, 0, 1])),
    "ellipsis_arr": (Ellipsis, np.array([0, 4])),
    "arr_int": (np.array([0, 2]), 1),
    "int_arr": (1, np.array([0, 3])),
    "int_slice_arr": (0, slice(None), np.array([1, 2])),  # separated: advanced dims first
    "slice_arr_arr": (slice(None), np.array([0, 1]), np.array([1, 2])),  # adjacent: in place
    "arr_slice_arr": (np.array([0, 1]), slice(None), np.array([1, 2])),  # separated
    "arr_arr_arr": (np.array([0, 2]), np.array([1, 3]), np.array([4, 0])),
    "broadcast_arrays": (slice(None), np.array([[0], [1]]), np.array([1, 2, 3])),
    "slice_step_arr": (slice(1, None), np.array([0, 2])),
    "arr_slice_rev": (np.array([2, 0]), slice(None, None, -1)),
    "none_arr_slice_int": (None, np.array([0, 1]), slice(None), 0),
    "arr_none": (np.array([0, 2]), None),
    "arr_ellipsis_arr": (np.array([0, 1]), Ellipsis, np.array([1, 4])),
}


def _convert(backend, form, index):
    def conv(item):
        if not isinstance(item, np.ndarray):
            return item
        if form == "tensor":
            return make(backend, item)
        if form == "list":
            return item.tolist()
        return item

    converted = tuple(conv(i) for i in index)
    return converted[0] if len(converted) == 1 else converted


@pytest.mark.parametrize("form", ["tensor", "list", "numpy"])
@pytest.mark.parametrize("key", list(ADVANCED))
def test_advanced_integer_indexing(backend, key, form):
    index = ADVANCED[key]
    np_index = index[0] if len(index) == 1 else index
    expected = A[np_index]
    check(make(backend, A)[_convert(backend, form, index)], backend, expected)


@pytest.mark.parametrize("key", ["arr", "int_slice_arr", "slice_arr_arr", "broadcast_arrays"])
@pytest.mark.parametrize("arr", [A_INT, A_BOOL], ids=["int32", "bool"])
def test_advanced_indexing_int_bool_data(backend, key, arr):
    index = ADVANCED[key]
    np_index = index[0] if len(index) == 1 else index
    check(make(backend, arr)[_convert(backend, "tensor", index)], backend, arr[np_index])


@pytest.mark.parametrize("index_dtype", [np.int32, np.int64])
def test_index_tensor_dtypes(backend, index_dtype):
    idx = np.array([2, 0, -1], dtype=index_dtype)
    check(make(backend, A)[make(backend, idx)], backend, A[idx])
    check(make(backend, A)[:, make(backend, idx)], backend, A[:, idx])


def test_0d_int_tensor_index(backend):
    idx = np.array(1, dtype=np.int64)
    check(make(backend, A)[make(backend, idx)], backend, A[idx])
    check(make(backend, A)[:, make(backend, idx)], backend, A[:, idx])


# Boolean masks.
MASK_FULL = A > 0
MASK_AX0 = np.array([True, False, True])
MASK_AX1 = np.array([False, True, True, False])
MASK_2D = np.array([[True, False, True, False], [False, False, True, True], [True] * 4])
BOOL_CASES = {
    "full": (MASK_FULL,),
    "axis0": (MASK_AX0,),
    "axis1": (slice(None), MASK_AX1),
    "first_two_axes": (MASK_2D,),
    "ellipsis_mask": (Ellipsis, np.array([True, False, False, True, True])),
    "mask_int": (MASK_AX0, 2),
    "mask_slice_arr": (MASK_AX0, slice(None), np.array([0, 4])),
    "all_false": (np.zeros(3, dtype=bool),),
    "int_mask": (1, MASK_AX1),
}


@pytest.mark.parametrize("form", ["tensor", "list", "numpy"])
@pytest.mark.parametrize("key", list(BOOL_CASES))
def test_bool_mask_indexing(backend, key, form):
    index = BOOL_CASES[key]
    np_index = index[0] if len(index) == 1 else index
    expected = A[np_index]
    check(make(backend, A)[_convert(backend, form, index)], backend, expected)


@pytest.mark.parametrize("arr", [A_INT, A_BOOL], ids=["int32", "bool"])
def test_bool_mask_on_int_bool_data(backend, arr):
    mask = A > 0
    check(make(backend, arr)[make(backend, mask)], backend, arr[mask])
    check(make(backend, arr)[make(backend, MASK_AX0)], backend, arr[MASK_AX0])


def test_mask_from_comparison(backend):
    t = make(backend, A)
    check(t[t > 1.0], backend, A[A > 1.0])
    check(t[(t > -3.0) & (t < 3.0)], backend, A[(A > -3.0) & (A < 3.0)])


def test_indexing_does_not_modify_input(backend):
    t = make(backend, A)
    _ = t[0], t[:, [0, 1]], t[t > 0], t[::-1]
    check(t, backend, A)


def test_non_contiguous_numpy_index_arrays(backend):
    idx = np.array([0, 1, 2])[::-1]  # negative strides
    mask = np.array([True, False, True, True, False])[::-1]
    t = make(backend, A)
    check(t[idx], backend, A[idx])
    check(t[..., mask], backend, A[..., mask])
    idx2 = np.array([[0, 3], [1, 2]]).T  # Fortran-ordered
    check(t[:, idx2], backend, A[:, idx2])


def test_numpy_integer_scalars_as_indices(backend):
    t = make(backend, A)
    check(t[np.int64(1)], backend, A[np.int64(1)])
    check(t[np.int32(2), np.int64(-1)], backend, A[np.int32(2), np.int64(-1)])
    check(t[:, np.int64(3), 1:], backend, A[:, np.int64(3), 1:])


# NumPy index arrays are valid indices on every backend, wrapped (ut.astensor / EagerPy's
# ep.astensor, as oineus does) or not.
def test_wrapped_numpy_index_arrays_are_valid_everywhere(backend):
    import unitensor as ut

    rows, cols = np.array([0, 2, 1]), np.array([1, -1, 3])
    t = make(backend, A)
    wrapped = (ut.astensor(rows), ut.astensor(cols))
    check(t[wrapped], backend, A[rows, cols])
    check(t[ut.astensor(rows)], backend, A[rows])
    check(t[:, ut.astensor(cols)], backend, A[:, cols])
    check(t[ut.astensor(A_BOOL)], backend, A[A_BOOL])
    check(t[ut.astensor(np.int64(2))], backend, A[2])
    expected = A.copy()
    expected[rows, cols] = 9.0
    check(t.index_update(wrapped, 9.0), backend, expected)
    expected = A.copy()
    np.add.at(expected, (rows, cols), 1.0)
    check(t.at[wrapped].add(1.0), backend, expected)
    idx = np.array([[[0]], [[3]], [[-1]]])
    check(t.take_along_axis(ut.astensor(idx), 1), backend, np.take_along_axis(A, idx, 1))
    check(t.take_along_axis(idx, 1), backend, np.take_along_axis(A, idx, 1))
    check(ut.take_along_axis(t, idx.tolist(), 1), backend, np.take_along_axis(A, idx, 1))


def test_tensorflow_gather_on_one_axis_gives_sparse_gradients():
    """``x[int_array]`` is ``tf.gather``: a native tape gets ``tf.IndexedSlices`` (GUDHI)."""
    tf = pytest.importorskip("tensorflow")
    import unitensor as ut

    a = A.reshape(12, 5)
    v = tf.Variable(a)
    for index, axis in [
        (np.array([3, -1, 3]), 0),
        ([0, 11], 0),
        (range(2, 5), 0),
        ((slice(None), np.array([4, 0])), 1),
        ((Ellipsis, np.array([[1], [-2]])), 1),
    ]:
        with tf.GradientTape() as tape:
            out = ut.astensor(v)[index]
            loss = (out * out).sum()
        g = tape.gradient(loss.raw, v)
        if axis == 0:  # TensorFlow's gradient of a gather on another axis is dense
            assert isinstance(g, tf.IndexedSlices), type(g)
        dense = np.zeros_like(a)
        key = index if isinstance(index, tuple) else (np.asarray(list(index)),)
        np.add.at(dense, key, 2 * a[key])
        np.testing.assert_allclose(tf.convert_to_tensor(g).numpy(), dense, rtol=1e-6)
        check(out, "tensorflow", a[key], np.float32)
    # unitensor's own gradients stay dense tensors
    grad = ut.grad(lambda x: x[np.array([0, 0, 2])].sum(), ut.astensor(v))
    assert isinstance(grad.raw, tf.Tensor)
    expected = np.zeros_like(a)
    expected[0] = 2.0
    expected[2] = 1.0
    check(grad, "tensorflow", expected)


def test_tensorflow_gather_checks_the_range():
    tf = pytest.importorskip("tensorflow")
    import unitensor as ut

    t = ut.astensor(tf.constant(A))
    with pytest.raises(ut.IndexOutOfRangeError, match="3"):
        t[np.array([0, 3])]
    with pytest.raises(ut.IndexOutOfRangeError, match="-5"):
        t[:, np.array([-5])]


@pytest.mark.parametrize(
    "index", [(slice(None), 4), (slice(None), -5), (3,), (slice(1, None), 0, 9)], ids=str
)
def test_an_int_out_of_range_among_slices_raises(backend, index):
    """Ints and slices (JAX's quick check) raise as NumPy; in-range ones give NumPy's values."""
    a = np.arange(24, dtype=np.float32).reshape(3, 4, 2)
    t = make(backend, a)
    with pytest.raises(IndexError) as expected:
        a[index]
    with pytest.raises(ut.IndexOutOfRangeError) as raised:
        t[index].numpy()
    assert str(raised.value) == str(expected.value)  # (NumPy's message: "... for axis 1 ...")
    for ok in ((slice(None), 3), (slice(None), -4), (2,), (slice(1, None), 0, 1), (-1, -1, -1)):
        check(t[ok], backend, a[ok])


@pytest.mark.parametrize(
    "index",
    [slice(None, None, 0), (0, slice(1, None, 0)), (slice(None, None, 0), 9), (Ellipsis, slice(0))],
    ids=str,
)
def test_a_zero_step_raises_numpys_value_error(backend, index):
    """``t[::0]`` is NumPy's ValueError on every backend (TensorFlow's kernel error was an
    IndexOutOfRangeError), also where an int out of range follows it; one before it wins."""
    t = make(backend, A)
    index = index if index != (Ellipsis, slice(0)) else (Ellipsis, slice(None, None, 0))
    with pytest.raises(ValueError, match="slice step cannot be zero"):
        A[index]
    with pytest.raises(ValueError, match="slice step cannot be zero"):
        t[index].numpy()
    with pytest.raises(IndexError, match="out of bounds"):
        t[9, slice(None, None, 0)].numpy()


@pytest.mark.parametrize("key", [k for k in BASIC if k != "empty_tuple"])
def test_tensorflow_strided_slice_is_its_own_indexing(key):
    """An eager tensor's basic index is one raw StridedSlice with kept bound tensors: the
    same values, dtype and shape as TensorFlow's own ``a[index]`` and NumPy's."""
    tf = pytest.importorskip("tensorflow")
    from unitensor._backends import _tensorflow_indexing as ti

    make("tensorflow", A)  # (loads the backend)
    a = tf.constant(A)
    out = ti.strided_slice(a, BASIC[key])
    assert out is not None
    assert out.dtype == a.dtype and tuple(out.shape) == A[BASIC[key]].shape
    np.testing.assert_array_equal(out.numpy(), a[BASIC[key]].numpy())
    np.testing.assert_array_equal(out.numpy(), A[BASIC[key]])


def test_tensorflow_strided_slice_leaves_what_it_does_not_take():
    """Variables, graph tensors, tensor bounds, zero steps, two ellipses: TensorFlow's own
    indexing (None); bounds past int32 take int64 tensors; the kept bounds are bounded."""
    tf = pytest.importorskip("tensorflow")
    from unitensor._backends import _tensorflow_indexing as ti

    make("tensorflow", A)
    a = tf.constant(A)
    assert ti.strided_slice(tf.Variable(A), 0) is None
    assert ti.strided_slice(a, (slice(tf.constant(1), None),)) is None
    assert ti.strided_slice(a, slice(None, None, 0)) is None
    assert ti.strided_slice(a, (Ellipsis, 0, Ellipsis)) is None
    assert ti.strided_slice(a, ()) is None
    assert ti.strided_slice(a, np.int64(1)) is None
    assert tf.function(lambda x: ti.strided_slice(x, 0) is None)(a)
    big = (slice(-(2**40), 2**40), slice(1, None, 2**33))
    np.testing.assert_array_equal(ti.strided_slice(a, big).numpy(), A[big])
    assert len(ti._SPECS) <= ti._MAX_SPECS
    for i in range(ti._MAX_SPECS + 5):  # (past the bound: made anew, not kept)
        ti.strided_slice(a, (slice(None, i + 1000),))
    assert len(ti._SPECS) == ti._MAX_SPECS
    check(make("tensorflow", A)[:, : ti._MAX_SPECS + 1004], "tensorflow", A)


def test_tensorflow_basic_indexing_errors_and_gradients():
    """Out-of-range ints raise IndexOutOfRangeError as before; a GradientTape and a
    tf.function see the op as they see TensorFlow's own indexing."""
    tf = pytest.importorskip("tensorflow")
    t = make("tensorflow", A)
    with pytest.raises(ut.IndexOutOfRangeError, match="out of bounds"):
        t[:, 4]
    with pytest.raises(IndexError, match="too many indices"):
        t[0, 0, 0, 0]
    grad = ut.grad(lambda x: (x[:, 1] * x[::-1, 2]).sum() + x[0, None].square().sum(), t)
    v = tf.Variable(A)
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(v[:, 1] * v[::-1, 2]) + tf.reduce_sum(tf.square(v[0, None]))
    check(grad, "tensorflow", tape.gradient(loss, v).numpy())
    traced = tf.function(lambda x: ut.astensor(x)[..., 1:3, None].raw)
    check(ut.astensor(traced(tf.constant(A))), "tensorflow", A[..., 1:3, None])


def _same_jax_array(out, native, expected):
    """``out`` is JAX's own ``native`` (values, dtype, weak type, placement) and NumPy's."""
    assert out.dtype == native.dtype and out.shape == native.shape == expected.shape
    assert out.weak_type == native.weak_type and out.committed == native.committed
    assert out.sharding == native.sharding
    np.testing.assert_array_equal(np.asarray(out), np.asarray(native))
    np.testing.assert_array_equal(np.asarray(out).astype(expected.dtype), expected)


@pytest.mark.parametrize("key", [k for k in BASIC if k != "empty_tuple"])
def test_jax_compiled_basic_index_is_jaxs_own(key):
    """An index of ints, full slices, None and ... is one call of a function compiled per
    pattern: JAX's own result (weak and committed arrays too); bounded slices are JAX's."""
    jax = pytest.importorskip("jax")
    from unitensor._backends import _jax_indexing as ji

    make("jax", A)
    index = BASIC[key]
    items = index if isinstance(index, tuple) else (index,)
    takes = isinstance(index, int | tuple) and all(
        not isinstance(i, slice) or i == slice(None) for i in items
    )
    weak = jax.numpy.broadcast_to(jax.numpy.asarray(2.0), A.shape)  # (a weak type)
    assert weak.weak_type
    for a, expected in [
        (jax.numpy.asarray(A), A),
        (jax.numpy.asarray(A_INT), A_INT),
        (jax.device_put(jax.numpy.asarray(A_BOOL), jax.devices()[0]), A_BOOL),
        (jax.numpy.asarray(A, dtype=jax.numpy.bfloat16), A),
        (jax.lax.convert_element_type(jax.numpy.asarray(A), jax.numpy.float32), A),
        (weak, np.full(A.shape, 2.0, np.float32)),
    ]:
        out = ji.basic(a, index)
        if not takes:
            assert out is None
            continue
        _same_jax_array(out, a[index], expected[index])
        native = jax.numpy.asarray(expected, dtype=a.dtype)[index]
        _same_jax_array(make("jax", expected).astype(a.dtype)[index].raw, native, expected[index])


def test_jax_compiled_index_compiles_once_and_leaves_tracers():
    """The ints are arguments: x[i] for twenty i compiles once. Tracers, ints past int32
    and other items index as JAX does; errors and gradients are unchanged."""
    jax = pytest.importorskip("jax")
    from unitensor._backends import _jax_indexing as ji

    a = np.arange(7 * 6, dtype=np.float32).reshape(7, 6)
    t = make("jax", a)
    patterns = [(ji._INT, None, ji._ALL), (Ellipsis, ji._INT)]
    check(t[0, None, :], "jax", a[0, None, :])
    check(t[..., 0], "jax", a[..., 0])
    sizes = [ji._COMPILED[p]._cache_size() for p in patterns]
    for i in range(-7, 7):
        check(t[i, None, :], "jax", a[i, None, :])
        check(t[..., i % 6], "jax", a[..., i % 6])
    assert [ji._COMPILED[p]._cache_size() for p in patterns] == sizes
    x = jax.numpy.asarray(a)
    assert ji.basic(x, (0, 2**31)) is None and ji.basic(x, -(2**31) - 1) is None
    assert ji.basic(x, (0, np.int64(1))) is None and ji.basic(x, ()) is None
    assert jax.jit(lambda y: ji.basic(y, 0) is None and ji.basic(y, (0, 1)) is None)(x)
    with pytest.raises(ut.IndexOutOfRangeError, match="out of bounds for axis 0 with size 7"):
        t[7]
    with pytest.raises(IndexError, match="too many indices"):
        t[0, 0, 0]
    grad = ut.grad(lambda u: (u[:, 1] * u[:, 3]).sum() + u[-1, None].square().sum(), t)
    native = jax.grad(lambda y: (y[:, 1] * y[:, 3]).sum() + jax.numpy.square(y[-1, None]).sum())
    check(grad, "jax", np.asarray(native(x)))
    jitted = ut.jit(lambda u: u[2, :] + u[..., 0][:6])
    check(jitted(t), "jax", a[2, :] + a[..., 0][:6])


@pytest.mark.parametrize(
    "mask",
    [A > 0, (A > 0)[:, :, 0], (A > 0)[:, 0, 0], np.zeros((3, 4, 5), bool), np.ones((3,), bool)],
    ids=["full", "two_axes", "one_axis", "none_true", "all_true"],
)
def test_jax_mask_by_numpy_is_jaxs_own(mask):
    """x[mask] of a CPU array is NumPy's on the same buffer: JAX's values, dtype, order and
    placement (committed to x's device when x is); weak types index as JAX does."""
    jax = pytest.importorskip("jax")
    from unitensor._backends import _jax_indexing as ji

    make("jax", A)
    jnp = jax.numpy
    device = jax.devices()[0]
    m = jnp.asarray(mask)
    for a, expected in [
        (jnp.asarray(A), A),
        (jnp.asarray(A_INT.astype(np.uint8)), A_INT.astype(np.uint8)),
        (jnp.asarray(A, dtype=jnp.bfloat16), A),
        (jax.device_put(jnp.asarray(A_BOOL), device), A_BOOL),
    ]:
        for index in (m, jax.device_put(m, device)):
            out = ji.masked(a, index)
            _same_jax_array(out, a[index], expected[mask])
            _same_jax_array(
                make("jax", expected)[mask].raw, jnp.asarray(expected)[m], expected[mask]
            )
    weak = jnp.broadcast_to(jnp.asarray(2.0), A.shape)
    assert weak.weak_type and ji.masked(weak, m) is None
    _same_jax_array(ut.astensor(weak)[m].raw, weak[m], np.full(A.shape, 2.0)[mask])
    assert ji.masked(jnp.asarray(A), m[:2]) is None
    assert ji.masked(jnp.asarray(A), jnp.asarray(A_INT)) is None
    assert jax.jit(lambda y: ji.masked(y, m) is None)(jnp.asarray(A))


def test_jax_fast_indexing_leaves_what_it_cannot_give_alike(monkeypatch):
    """x itself for ':' and '...' alone, typed keys first, 64-bit arrays without 64-bit
    mode, host memory, a mesh set, and past the kept patterns: JAX's own indexing."""
    jax = pytest.importorskip("jax")
    from unitensor._backends import _jax_indexing as ji

    jnp = jax.numpy
    make("jax", A)
    x = jnp.asarray(A)
    m = jnp.asarray(A > 0)
    for index in [(slice(None), slice(None)), (Ellipsis,), (slice(None),), (Ellipsis, slice(None))]:
        assert ji.basic(x, index) is None
        assert make("jax", A)[index].raw.shape == A.shape
    monkeypatch.setattr(ji, "_array", None)  # (as in a new process) a typed key array first
    keys = jax.random.split(jax.random.key(0), 3)
    assert ji.basic(keys, 1) is None
    np.testing.assert_array_equal(
        jax.random.key_data(ut.astensor(keys)[1].raw), jax.random.key_data(keys[1])
    )
    assert ji.basic(x, 1) is not None and ji._array is type(x)
    with jax.enable_x64(True):
        wide = jnp.asarray([2**40 + 3, 5, 7], jnp.int64)
    keep = jnp.asarray([True, False, True])
    assert ji.masked(wide, keep) is None
    out = ut.astensor(wide)[keep].raw
    assert out.dtype == np.int64 and out.tolist() == [2**40 + 3, 7]
    host = jax.sharding.SingleDeviceSharding(jax.devices()[0], memory_kind="pinned_host")
    pinned = jax.device_put(x, host)
    assert ji.basic(pinned, 1) is None and ji.masked(pinned, m) is None
    assert ji.masked(x, jax.device_put(m, host)) is None
    with jax.set_mesh(jax.make_mesh((1,), ("a",))):
        assert ji.basic(x, 1) is None and ji.masked(x, m) is None
    monkeypatch.setattr(ji, "_MAX_COMPILED", len(ji._COMPILED))
    fresh = (None, None, None, 0)
    assert fresh not in ji._COMPILED and ji.basic(x, fresh) is None
    check(make("jax", A)[fresh], "jax", A[fresh])
    assert fresh not in ji._COMPILED


def test_jax_converted_indices_leave_the_result_placed_as_jaxs():
    """A list or NumPy index of an uncommitted array gives an uncommitted result, as JAX's
    own index array does; a committed array's result stays committed to its device."""
    jax = pytest.importorskip("jax")
    jnp = jax.numpy
    make("jax", A)
    device = jax.devices()[0]
    for x in (jnp.asarray(A), jax.device_put(jnp.asarray(A), device)):
        t = ut.astensor(x)
        for index, native in [
            ([1, 2], jnp.asarray([1, 2])),
            (np.array([0, 2]), jnp.asarray([0, 2])),
            ((1, [0, 3]), (1, jnp.asarray([0, 3]))),
            (np.array([True, False, True]), jnp.asarray([True, False, True])),
        ]:
            out, expected = t[index].raw, x[native]
            assert out.committed == expected.committed == x.committed
            assert out.sharding == expected.sharding
            np.testing.assert_array_equal(np.asarray(out), np.asarray(expected))
        zeros = ut.zeros_like(t).raw
        assert zeros.committed == jnp.zeros_like(x).committed == x.committed


# ------------------------------------------------- index values beyond every axis (issue 38)

# Values JAX without 64-bit mode wrapped around in its int32 (2**32 read row 0, 2**40 too),
# and below -size: out of range on every backend, as in NumPy.
WIDE = [2**31, 2**32, 2**40, -(2**31) - 1, -(2**32), -(2**40)]
INT_DTYPES = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
B = np.arange(12, dtype=np.float32).reshape(3, 4)


def _beyond(value, n):
    """The message of an index ``value`` out of range for an axis of length ``n``."""
    return rf"index {value} is out of bounds for (axis \d with|an axis of) size {n}$"


def _index_forms(values):
    """A NumPy array and a list of ``values`` (valid indices on every backend)."""
    arr = np.array(values)
    return {"numpy": arr, "list": arr.tolist()}


@pytest.mark.parametrize("value", WIDE, ids=str)
def test_index_arrays_beyond_int32_raise_and_never_wrap(backend, value):
    """``t[np.array([0, 2**40])]`` gave row 0 twice on JAX; NumPy raises, so does every
    backend, on every axis and beside other items; in-range arrays keep NumPy's values."""
    t = make(backend, B)
    for idx in _index_forms([0, value]).values():
        for index, n in [(idx, 3), ((slice(None), idx), 4), ((idx, 0), 3), ((Ellipsis, idx), 4)]:
            with pytest.raises(ut.IndexOutOfRangeError, match=_beyond(value, n)):
                t[index].numpy()
    for index in (np.array([0, -3, 2]), [2, -1], (slice(None), np.array([3, -4])), ([1], 0)):
        check(t[index], backend, B[index])


@pytest.mark.parametrize("value", WIDE, ids=str)
def test_index_arrays_beyond_int32_name_the_axis_numpy_names(backend, value):
    """The axis in the message is the one the array indexes, after ``None`` and ``...``."""
    t = make(backend, np.zeros((2, 3, 4), np.float32))
    idx = np.array([value])
    if backend == "tensorflow" or (backend == "jax" and not jax_x64_enabled()):
        for index, axis, n in [(idx, 0, 2), ((None, 0, idx), 1, 3), ((Ellipsis, idx, 0), 1, 3)]:
            with pytest.raises(ut.IndexOutOfRangeError) as raised:
                t[index]
            if backend == "jax":  # (the values JAX could not hold: NumPy's message exactly)
                assert str(raised.value) == (
                    f"index {value} is out of bounds for axis {axis} with size {n}"
                )
    with pytest.raises(IndexError, match="too many indices for array: array is 3-dimensional"):
        t[0, 0, 0, idx]


@pytest.mark.parametrize("value", WIDE, ids=str)
def test_take_and_take_along_axis_beyond_int32_raise(backend, value):
    """``take`` and ``take_along_axis`` (methods, functions and the Array API namespace's)
    raise for values JAX held wrapped around, with one message on every backend."""
    import importlib

    xp = importlib.import_module(f"unitensor.array_api.{backend}")
    t = make(backend, B)
    for form, idx in _index_forms([1, value]).items():
        along = np.array([[value, 0, 1, 2]]) if form == "numpy" else [[value, 0, 1, 2]]
        for call, axis, n, i in [
            (lambda t, i: t.take(i, axis=1), 1, 4, idx),
            (lambda t, i: ut.take(t, i, axis=0), 0, 3, idx),
            (lambda t, i: xp.take(t, i, axis=0), 0, 3, idx),
            (lambda t, i: t.take_along_axis(i, 0), 0, 3, along),
            (lambda t, i: ut.take_along_axis(t, i, axis=0), 0, 3, along),
            (lambda t, i: xp.take_along_axis(t, i, axis=0), 0, 3, along),
        ]:
            what = "take" if i is idx else "take_along_axis"
            message = f"{what}: index {value} is out of bounds for axis {axis} with size {n}"
            with pytest.raises(ut.IndexOutOfRangeError) as raised:
                call(t, i).numpy()
            assert str(raised.value) == message
    check(t.take(np.array([3, -4, 0]), axis=1), backend, np.take(B, [3, -4, 0], axis=1))
    along = np.array([[2, -3, 0, -1]])
    check(t.take_along_axis(along, 0), backend, np.take_along_axis(B, along, axis=0))


@pytest.mark.parametrize("dtype", INT_DTYPES)
def test_every_index_dtype_out_of_range_raises(backend, dtype):
    """The largest (and smallest) value of each integer dtype, as a native tensor of the
    backend and as a NumPy array: out of range everywhere (a uint64 of 2**63 or more was
    made a negative int64, in range, on every backend; JAX held uint32 beyond int32 as
    negative int32); in-range indices of the dtype give NumPy's values."""
    held = expected_dtype(backend, dtype)  # (JAX without 64-bit mode: 32 bits)
    info = np.iinfo(held)
    t = make(backend, B)
    for value in {info.max, info.min} - {0}:
        for idx in (make(backend, np.array([0, value], held)), np.array([0, value], dtype)):
            shown = int(to_numpy(idx)[1]) if ut.istensor(idx) else value
            with pytest.raises(ut.IndexOutOfRangeError, match=_beyond(shown, 3)):
                t[idx].numpy()
            with pytest.raises(ut.IndexOutOfRangeError, match=_beyond(shown, 3)):
                t.at[idx].set(0.0).numpy()
            with pytest.raises(ut.IndexOutOfRangeError, match=f"take: index {shown} is out"):
                t.take(idx, axis=0).numpy()
            with pytest.raises(ut.IndexOutOfRangeError, match=f"_axis: index {shown} is out"):
                t.take_along_axis(idx[:, None], 0).numpy()
    good = np.array([2, 0, 1] if info.min == 0 else [2, -1, -3], held)
    for idx in (make(backend, good), good.astype(dtype)):
        check(t[idx], backend, B[good])
        check(t[:, idx], backend, B[:, good])
        check(t.take(idx, axis=1), backend, np.take(B, good, axis=1))
        check(t.take_along_axis(idx[:, None], 0), backend, np.take_along_axis(B, good[:, None], 0))
        expected = B.copy()
        expected[good] = -1.0
        check(t.at[idx].set(-1.0), backend, expected)


def test_jax_64_bit_mode_index_values_beyond_every_axis_raise():
    """In JAX's 64-bit mode int64 and uint64 arrays (native and NumPy) hold every value:
    out of range raises, uint64 from 2**63 too (made int64 it was negative), in range works."""
    jax = pytest.importorskip("jax")
    with jax.enable_x64(True):
        t = ut.astensor(jax.numpy.asarray(B))
        for dtype, value in [("int64", 2**40), ("int64", -(2**63)), ("uint64", 2**64 - 1)]:
            for idx in (jax.numpy.asarray(np.array([value], dtype)), np.array([value], dtype)):
                assert idx.dtype == np.dtype(dtype)
                with pytest.raises(ut.IndexOutOfRangeError, match=_beyond(value, 3)):
                    t[idx]
                with pytest.raises(ut.IndexOutOfRangeError, match=_beyond(value, 4)):
                    t.at[:, idx].set(0.0)
                with pytest.raises(ut.IndexOutOfRangeError, match=f"index {value} is out"):
                    t.take(idx, axis=0)
                with pytest.raises(ut.IndexOutOfRangeError, match=f"index {value} is out"):
                    t.take_along_axis(idx[:, None], 0)
        for dtype in ("int64", "uint64"):
            idx = jax.numpy.asarray(np.array([2, 0], dtype))
            out = t[idx].raw
            assert out.dtype == np.float32
            np.testing.assert_array_equal(np.asarray(out), B[[2, 0]])
            np.testing.assert_array_equal(np.asarray(t.take(idx, axis=1).raw), B[:, [2, 0]])


# ------------------------------------------------- items that cannot index; too many indices


@pytest.mark.parametrize(
    "item",
    ["a", object(), 1j, 1.5, np.float32(2.0), {"a": 1}, b"x"],
    ids=lambda i: type(i).__name__,
)
def test_an_item_that_cannot_index_is_an_index_type_error(backend, item):
    """``t["a"]`` was a FrameworkMixError with advice about ut.convert (a str is no array of
    another framework): NumPy's IndexError, also a TypeError, one message everywhere."""
    t = make(backend, B)
    message = (
        "only integers, slices (`:`), ellipsis (`...`), None and integer or boolean arrays "
        f"are valid indices, got {item!r}"
    )
    for call in (
        lambda: t[item],
        lambda: t[0, item],
        lambda: t.at[item].set(1.0),
        lambda: t.__setitem__((Ellipsis, item), 1.0),
    ):
        with pytest.raises(ut.IndexTypeError) as raised:
            call()
        assert isinstance(raised.value, IndexError) and isinstance(raised.value, TypeError)
        assert str(raised.value) == message
    with pytest.raises(ut.IndexTypeError, match="must be of integer or boolean type, got float"):
        t[np.array([0.0, 1.0])]


class _IntLike:
    """An object with ``__index__``: an int to NumPy."""

    def __index__(self):
        return 2


def test_a_tuple_inside_an_index_is_a_sequence(backend):
    """NumPy reads a tuple item as an index array and an object with ``__index__`` as an
    int (both were a FrameworkMixError)."""
    t = make(backend, B)
    check(t[_IntLike()], backend, B[_IntLike()])
    check(t[:, _IntLike()], backend, B[:, _IntLike()])
    check(t[0, (3, 1)], backend, B[0, (3, 1)])
    check(t[(2, 0), (3, 1)], backend, B[(2, 0), (3, 1)])
    expected = B.copy()
    expected[1, (0, 2)] = 5.0
    check(t.at[1, (0, 2)].set(5.0), backend, expected)


@pytest.mark.parametrize(
    "shape, index",
    [
        ((3, 4), (0, 0, 0)),
        ((3, 4), (1, None, 2, slice(None))),
        ((3, 4), (np.ones((3, 4), bool), 0)),
        ((3, 4), (Ellipsis, 0, 0, 0)),
        ((), 0),
        ((), (slice(None),)),
    ],
    ids=str,
)
def test_too_many_indices_is_numpys_error_everywhere(backend, shape, index):
    """PyTorch said "too many indices for tensor of dimension 2" (and "invalid index of a 0-dim
    tensor"), TensorFlow and JAX "too many indices: 3 for a tensor of rank 2": NumPy's
    IndexError and message on every backend, for reads and updates."""
    a = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
    with pytest.raises(IndexError) as expected:
        a[index]
    t = make(backend, a)
    for call in (
        lambda: t[index],
        lambda: t.at[index].set(1.0),
        lambda: t.index_update(index, 1.0),
        lambda: t.__setitem__(index, 1.0),
    ):
        with pytest.raises(IndexError) as raised:
            call()
        assert type(raised.value) is IndexError
        assert str(raised.value) == str(expected.value)
