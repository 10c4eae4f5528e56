"""matmul, softmax, log_softmax, crossentropy, onehot_like, take_along_axis,
index_update."""

import numpy as np
import pytest

import unitensor as ut
from conftest import check, make, randint, randn, selected_backends

# ---------------------------------------------------------------- matmul

MATMUL_SHAPES = {
    "2d@2d": ((3, 4), (4, 5)),
    "1d@2d": ((4,), (4, 5)),
    "2d@1d": ((3, 4), (4,)),
    "1d@1d": ((4,), (4,)),
    "batched": ((2, 3, 4), (2, 4, 5)),
    "batched@2d": ((2, 3, 4), (4, 5)),
    "2d@batched": ((3, 4), (2, 4, 5)),
    "broadcast_batch": ((2, 1, 3, 4), (1, 3, 4, 2)),
    "batched@1d": ((2, 3, 4), (4,)),
}


@pytest.mark.parametrize("case", list(MATMUL_SHAPES))
def test_matmul_float32(backend, case):
    sa, sb = MATMUL_SHAPES[case]
    a, b = randn(*sa, seed=1), randn(*sb, seed=2)
    expected = np.matmul(a.astype(np.float64), b.astype(np.float64))
    check(make(backend, a).matmul(make(backend, b)), backend, expected, np.float32)
    check(ut.matmul(make(backend, a), make(backend, b)), backend, expected, np.float32)
    check(make(backend, a) @ make(backend, b), backend, expected, np.float32)


@pytest.mark.parametrize("case", ["2d@2d", "1d@2d", "batched", "1d@1d"])
def test_matmul_int32(backend, case):
    sa, sb = MATMUL_SHAPES[case]
    a, b = randint(*sa, seed=1), randint(*sb, seed=2)
    check(ut.matmul(make(backend, a), make(backend, b)), backend, np.matmul(a, b), np.int32)


def test_matmul_float64(backend):
    a, b = randn(3, 4).astype(np.float64), randn(4, 2, seed=3).astype(np.float64)
    check(make(backend, a) @ make(backend, b), backend, a @ b, np.float64, rtol=1e-6)


def test_matmul_mixed_int_float(backend):
    a, b = randint(3, 4), randn(4, 2, seed=3)
    expected = a.astype(np.float64) @ b.astype(np.float64)
    check(ut.matmul(make(backend, a), make(backend, b)), backend, expected, np.float32)


# ---------------------------------------------------------------- softmax family

L = randn(2, 3, 5) * 3


def np_softmax(x, axis=-1):
    x = np.asarray(x, dtype=np.float64)
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def np_log_softmax(x, axis=-1):
    x = np.asarray(x, dtype=np.float64)
    m = x.max(axis=axis, keepdims=True)
    return x - m - np.log(np.exp(x - m).sum(axis=axis, keepdims=True))


@pytest.mark.parametrize("axis", [0, 1, 2, -1, -2])
def test_softmax(backend, axis):
    expected = np_softmax(L, axis)
    check(make(backend, L).softmax(axis=axis), backend, expected, np.float32)
    check(ut.softmax(make(backend, L), axis=axis), backend, expected, np.float32)


@pytest.mark.parametrize("axis", [0, 1, 2, -1, -2])
def test_log_softmax(backend, axis):
    expected = np_log_softmax(L, axis)
    check(make(backend, L).log_softmax(axis=axis), backend, expected, np.float32)
    check(ut.log_softmax(make(backend, L), axis=axis), backend, expected, np.float32)


def test_softmax_defaults_and_stability(backend):
    big = np.array([[1000.0, 1001.0, 1002.0], [-1000.0, 0.0, 1000.0]], dtype=np.float32)
    # float32 spacing near 1000 is 6e-5: allow that much relative error
    check(make(backend, big).softmax(), backend, np_softmax(big), np.float32, rtol=2e-4)
    check(make(backend, big).log_softmax(), backend, np_log_softmax(big), np.float32, atol=1e-4)
    check(make(backend, L).softmax(), backend, np_softmax(L, -1), np.float32)


def test_softmax_float64(backend):
    a = L.astype(np.float64)
    check(make(backend, a).softmax(axis=1), backend, np_softmax(a, 1), np.float64, rtol=1e-6)
    check(
        make(backend, a).log_softmax(axis=1),
        backend,
        np_log_softmax(a, 1),
        np.float64,
        rtol=1e-6,
    )


# rows holding a NaN (among numbers and -inf): NumPy's exp(x - max) / sum is NaN in the whole
# row; the other rows as they are (rows holding +inf follow each framework's kernel)
NAN_ROWS = np.array(
    [[1.0, np.nan, 2.0, -np.inf], [0.5, -1.0, 2.0, 3.0], [np.nan] * 4, [-np.inf, np.nan, 0, 1]],
    dtype=np.float32,
)


@pytest.mark.filterwarnings("ignore:invalid value encountered:RuntimeWarning")  # (NumPy's)
@pytest.mark.parametrize("axis", [1, 0])
def test_softmax_of_a_row_holding_nan_is_nan(backend, axis):
    """TensorFlow's kernel gave NaN only where the NaN was (``[0, nan, 0, 0]``)."""
    a = NAN_ROWS if axis == 1 else NAN_ROWS.T.copy()
    x = np.asarray(a, dtype=np.float64)
    m = np.max(x, axis=axis, keepdims=True)
    logsumexp = m + np.log(np.exp(x - m).sum(axis=axis, keepdims=True))
    t = make(backend, a)
    check(t.softmax(axis=axis), backend, np_softmax(a, axis), np.float32)
    check(t.log_softmax(axis=axis), backend, np_log_softmax(a, axis), np.float32)
    check(t.logsumexp(axis=axis), backend, logsumexp.squeeze(axis), np.float32)
    if axis == 1:
        labels = np.array([0, 3, 1, 2])
        losses = -np_log_softmax(a, 1)[np.arange(4), labels]
        check(t.crossentropy(make(backend, labels)), backend, losses, np.float32)


LOGITS = randn(6, 4, seed=17) * 2
LABELS = np.array([0, 3, 1, 1, 2, 3])


def np_crossentropy(logits, labels):
    logp = np_log_softmax(logits, -1)
    return -logp[np.arange(len(labels)), labels]


@pytest.mark.parametrize("label_dtype", [np.int64, np.int32])
def test_crossentropy(backend, label_dtype):
    labels = LABELS.astype(label_dtype)
    expected = np_crossentropy(LOGITS, labels)
    check(make(backend, LOGITS).crossentropy(make(backend, labels)), backend, expected, np.float32)
    check(
        ut.crossentropy(make(backend, LOGITS), make(backend, labels)),
        backend,
        expected,
        np.float32,
    )


def test_crossentropy_float64_and_large_logits(backend):
    a = LOGITS.astype(np.float64)
    out = ut.crossentropy(make(backend, a), make(backend, LABELS))
    check(out, backend, np_crossentropy(a, LABELS), np.float64, rtol=1e-6)
    big = (LOGITS * 500).astype(np.float32)
    out = ut.crossentropy(make(backend, big), make(backend, LABELS))
    check(out, backend, np_crossentropy(big, LABELS), np.float32, rtol=1e-4)


@pytest.mark.parametrize("reduction", ["mean", "sum"])
@pytest.mark.parametrize(
    "dtype, rtol", [(np.float32, 1e-6), (np.float64, 1e-12), (np.float16, 2e-3)]
)
def test_crossentropy_reduction(backend, reduction, dtype, rtol):
    """``reduction`` gives the mean or sum of the losses: 0-d, the logits' dtype.

    PyTorch's float32 and float64 means are its fused kernel; half precision
    takes the float32 mean of ``Tensor.mean``.
    """
    logits = LOGITS.astype(dtype)
    losses = np_crossentropy(logits.astype(np.float64), LABELS)
    expected = losses.mean() if reduction == "mean" else losses.sum()
    for out in (
        make(backend, logits).crossentropy(make(backend, LABELS), reduction=reduction),
        ut.crossentropy(make(backend, logits), make(backend, LABELS), reduction=reduction),
    ):
        check(out, backend, np.asarray(expected), dtype, rtol=rtol)


def test_crossentropy_reduction_batched(backend):
    logits = randn(2, 3, 4, seed=5)
    labels = np.array([[0, 3, 1], [2, 2, 0]])
    expected = np.mean([np_crossentropy(logits[i].astype(np.float64), labels[i]) for i in range(2)])
    out = ut.crossentropy(make(backend, logits), make(backend, labels), reduction="mean")
    check(out, backend, np.asarray(expected), np.float32, rtol=1e-6)


@pytest.mark.filterwarnings("ignore:invalid value encountered:RuntimeWarning")  # (NumPy's)
def test_crossentropy_of_no_labels(backend):
    logits = make(backend, np.zeros((0, 4), np.float32))
    labels = make(backend, np.zeros((0,), np.int64))
    none = ut.crossentropy(logits, labels)
    check(none, backend, np.zeros((0,)), np.float32)
    mean = ut.crossentropy(logits, labels, reduction="mean")
    assert mean.shape == () and np.isnan(mean.item())  # (NumPy's mean of nothing)
    check(ut.crossentropy(logits, labels, reduction="sum"), backend, np.asarray(0.0), np.float32)


def test_crossentropy_reduction_must_be_known(backend):
    logits, labels = make(backend, LOGITS), make(backend, LABELS)
    with pytest.raises(ValueError, match="reduction must be"):
        ut.crossentropy(logits, labels, reduction="batchmean")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("label", "label_dtype"), [(4, np.int64), (4, np.uint8), (2**63, np.uint64)]
)
@pytest.mark.parametrize("reduction", ["none", "mean", "sum"])
def test_crossentropy_labels_out_of_range(backend, reduction, label, label_dtype):
    """(2**63 of uint64 is int64's least value, -2**63, the index PyTorch's kernel is given
    to leave out: out of range too.)"""
    if backend == "jax" and label >= 2**31:
        pytest.skip("JAX without 64-bit mode holds 32-bit integers (documented)")
    bad = make(backend, np.array([0, label, 1, 1, 2, 3], dtype=label_dtype))
    with pytest.raises(ut.IndexOutOfRangeError):
        ut.crossentropy(make(backend, LOGITS), bad, reduction=reduction).numpy()


@pytest.mark.parametrize("label", [-100, -(2**63)])
@pytest.mark.parametrize("reduction", ["none", "mean", "sum"])
def test_crossentropy_label_minus_100_is_out_of_range(backend, reduction, label):
    """PyTorch's default ignore_index (-100) is no exception: out of range, as on NumPy; nor
    is int64's least value, the index PyTorch's kernel is given to leave out."""
    if backend == "jax" and label < -(2**31):
        pytest.skip("JAX without 64-bit mode holds 32-bit integers (documented)")
    bad = make(backend, np.array([0, label, 1, 1, 2, 3]))
    with pytest.raises(ut.IndexOutOfRangeError):
        ut.crossentropy(make(backend, LOGITS), bad, reduction=reduction).numpy()


@pytest.mark.parametrize("label_dtype", [np.uint8, np.int16, np.uint16])
def test_crossentropy_narrow_label_dtypes(backend, label_dtype):
    """Labels of any integer dtype (TensorFlow's kernel takes int32 and int64 only)."""
    labels = LABELS.astype(label_dtype)
    out = ut.crossentropy(make(backend, LOGITS), make(backend, labels))
    check(out, backend, np_crossentropy(LOGITS, LABELS), np.float32, rtol=1e-6)


@pytest.mark.parametrize("label_dtype", [np.int64, np.int32, np.uint8, np.int16])
def test_crossentropy_mean_of_any_integer_labels(backend, label_dtype):
    """The common call (float logits (N, C), labels (N,), the mean) of every label dtype."""
    labels = LABELS.astype(label_dtype)
    expected = np.asarray(np_crossentropy(LOGITS.astype(np.float64), LABELS).mean())
    for dtype, rtol in ((np.float32, 1e-6), (np.float64, 1e-12)):
        logits = LOGITS.astype(dtype)
        out = make(backend, logits).crossentropy(make(backend, labels), reduction="mean")
        check(out, backend, expected, dtype, rtol=rtol)


def test_crossentropy_mean_checks_as_the_other_reductions(backend):
    """The mean's first branch takes only what the checks pass; the rest raises as before."""
    logits = make(backend, LOGITS)
    for reduction in ("mean", "none"):
        with pytest.raises(ut.DTypeError, match="integer dtype"):
            logits.crossentropy(make(backend, LABELS.astype(np.float32)), reduction=reduction)
        with pytest.raises(ut.ShapeError, match="need labels of shape"):
            logits.crossentropy(make(backend, LABELS[:5]), reduction=reduction)
        with pytest.raises(ut.ShapeError, match="need labels of shape"):
            logits.crossentropy(make(backend, LABELS[:, None]), reduction=reduction)
        with pytest.raises(ut.DTypeError, match="real"):
            make(backend, LOGITS.astype(np.complex64)).crossentropy(
                make(backend, LABELS), reduction=reduction
            )


def test_crossentropy_of_one_sample(backend):
    """1-d logits (C,) and a 0-d label give a 0-d loss (PyTorch's classes are axis 1)."""
    logits = LOGITS[1]
    for reduction in ("none", "mean", "sum"):
        out = ut.crossentropy(
            make(backend, logits), make(backend, np.array(3)), reduction=reduction
        )
        expected = -np_log_softmax(logits.astype(np.float64), -1)[3]
        check(out, backend, np.asarray(expected), np.float32, rtol=1e-6)


def test_crossentropy_mean_gradient(grad_backend):
    """The gradient of the (fused, on PyTorch) mean is that of the mean of the losses."""
    backend = grad_backend
    labels = make(backend, LABELS)

    def fused(z):
        return ut.crossentropy(z, labels, reduction="mean")

    def composed(z):
        return ut.crossentropy(z, labels).mean()

    x = make(backend, LOGITS)
    p = np.exp(np_log_softmax(LOGITS.astype(np.float64), -1))
    p[np.arange(len(LABELS)), LABELS] -= 1
    for f in (fused, composed):
        check(ut.grad(f)(x), backend, p / len(LABELS), np.float32, rtol=1e-5, atol=1e-7)


# ---------------------------------------------------------------- onehot_like

IDX = np.array([2, 0, 3, 3, 1])


def np_onehot(shape, dtype, indices, value=1):
    out = np.zeros(shape, dtype=dtype)
    out[np.arange(shape[0]), indices] = value
    return out


@pytest.mark.parametrize("dtype", [np.float32, np.int32, np.float64])
def test_onehot_like(backend, dtype):
    template = randn(5, 4).astype(dtype)
    expected = np_onehot((5, 4), dtype, IDX)
    t = make(backend, template)
    check(t.onehot_like(make(backend, IDX)), backend, expected)
    check(ut.onehot_like(t, make(backend, IDX)), backend, expected)


def test_onehot_like_value(backend):
    t = make(backend, randn(5, 4))
    expected = np_onehot((5, 4), np.float32, IDX, value=2.5)
    check(t.onehot_like(make(backend, IDX), value=2.5), backend, expected)
    ti = make(backend, randint(5, 4))
    check(
        ut.onehot_like(ti, make(backend, IDX.astype(np.int32)), value=7),
        backend,
        np_onehot((5, 4), np.int32, IDX, 7),
    )


# ---------------------------------------------------------------- take_along_axis

TA = randn(3, 4, 5, seed=21)


@pytest.mark.parametrize("axis", [0, 1, 2, -1, -2, -3])
def test_take_along_axis(backend, axis):
    n = TA.shape[axis]
    shape = list(TA.shape)
    shape[axis] = 3
    idx = np.random.default_rng(5).integers(0, n, size=shape)
    expected = np.take_along_axis(TA, idx, axis=axis)
    t = make(backend, TA)
    check(t.take_along_axis(make(backend, idx), axis), backend, expected)
    check(ut.take_along_axis(t, make(backend, idx), axis), backend, expected)
    idx32 = idx.astype(np.int32)
    check(t.take_along_axis(make(backend, idx32), axis=axis), backend, expected)


def test_take_along_axis_2d_and_int(backend):
    m = randint(4, 6)
    idx = np.argsort(randn(4, 6, seed=3), axis=1)[:, :2]
    check(
        make(backend, m).take_along_axis(make(backend, idx), 1),
        backend,
        np.take_along_axis(m, idx, axis=1),
    )
    idx0 = np.array([[3, 0, 1, 2, 0, 1]])
    check(
        make(backend, m).take_along_axis(make(backend, idx0), 0),
        backend,
        np.take_along_axis(m, idx0, axis=0),
    )


def test_take_along_axis_broadcasts_index(backend):
    idx = np.array([[[4, 0]]])  # (1, 1, 2): broadcast against (3, 4, .)
    expected = np.take_along_axis(TA, idx, axis=2)
    check(make(backend, TA).take_along_axis(make(backend, idx), 2), backend, expected)


def test_take_along_axis_negative_indices(backend):
    idx = np.array([[-1, 0, -2], [1, -3, -1]])
    m = TA[0, :2]
    expected = np.take_along_axis(m, idx, axis=1)
    check(make(backend, m).take_along_axis(make(backend, idx), 1), backend, expected)


# ---------------------------------------------------------------- index_update

U = randn(4, 5, seed=31)
UI = randint(4, 5, seed=31)


def np_update(arr, index, values):
    out = arr.copy()
    out[index] = values
    return out


def _run_update(backend, arr, index, values, index_t=None, values_t=None):
    """Run both forms; check the result and that the input is unchanged."""
    index_t = index if index_t is None else index_t
    values_t = values if values_t is None else values_t
    expected = np_update(arr, index, values)
    t = make(backend, arr)
    check(t.index_update(index_t, values_t), backend, expected, arr.dtype)
    check(t, backend, arr)  # input unchanged
    t2 = make(backend, arr)
    check(ut.index_update(t2, index_t, values_t), backend, expected, arr.dtype)
    check(t2, backend, arr)


INDEXES = {
    "int": 1,
    "neg_int": -1,
    "slice": slice(1, 3),
    "slice_step": slice(None, None, 2),
    "tuple_ints": (2, 3),
    "tuple_slice_int": (slice(None), 2),
    "tuple_int_slice": (0, slice(1, 4)),
    "tuple_slices": (slice(1, None), slice(None, 2)),
    "ellipsis_int": (Ellipsis, 0),
}


@pytest.mark.parametrize("key", list(INDEXES))
@pytest.mark.parametrize("arr", [U, UI], ids=["float32", "int32"])
def test_index_update_basic_scalar(backend, key, arr):
    _run_update(backend, arr, INDEXES[key], 3)
    _run_update(backend, arr, INDEXES[key], -2.0)


@pytest.mark.parametrize("key", list(INDEXES))
def test_index_update_basic_tensor_values(backend, key):
    index = INDEXES[key]
    shape = U[index].shape
    vals = (np.arange(int(np.prod(shape))).reshape(shape) + 100).astype(np.float32)
    _run_update(backend, U, index, vals, values_t=make(backend, vals))


def test_index_update_broadcast_values(backend):
    row = np.arange(5, dtype=np.float32) * 10
    _run_update(backend, U, slice(0, 2), row, values_t=make(backend, row))
    col = np.array([7.0, 8.0], dtype=np.float32)[:, None]
    _run_update(backend, U, (slice(1, 3), slice(None)), col, values_t=make(backend, col))


@pytest.mark.parametrize("form", ["tensor", "list", "numpy"])
def test_index_update_int_array(backend, form):
    idx = np.array([3, 0])
    index = {"tensor": make(backend, idx), "list": idx.tolist(), "numpy": idx}[form]
    _run_update(backend, U, idx, 5.5, index_t=index)
    vals = np.full((2, 5), -1.0, dtype=np.float32) * np.arange(5)
    _run_update(backend, U, idx, vals, index_t=index, values_t=make(backend, vals))


def test_index_update_tuple_with_arrays(backend):
    rows, cols = np.array([0, 2, 3]), np.array([4, 1, 0])
    index_t = (make(backend, rows), make(backend, cols))
    _run_update(backend, U, (rows, cols), 9.0, index_t=index_t)
    vals = np.array([1.0, 2.0, 3.0], dtype=np.float32)
    _run_update(backend, U, (rows, cols), vals, index_t=index_t, values_t=make(backend, vals))
    _run_update(backend, U, (slice(None), cols), 0.0, index_t=(slice(None), make(backend, cols)))


@pytest.mark.parametrize("form", ["tensor", "numpy"])
def test_index_update_bool_mask(backend, form):
    mask = U > 0.3
    index = make(backend, mask) if form == "tensor" else mask
    _run_update(backend, U, mask, 0.0, index_t=index)
    _run_update(
        backend, UI, UI > 0, -7, index_t=make(backend, UI > 0) if form == "tensor" else UI > 0
    )
    row_mask = np.array([True, False, True, False])
    index_r = make(backend, row_mask) if form == "tensor" else row_mask
    _run_update(backend, U, row_mask, 4.0, index_t=index_r)


def test_index_update_bool_mask_tensor_values(backend):
    mask = U > 0.3
    n = int(mask.sum())
    vals = np.arange(n, dtype=np.float32)
    _run_update(backend, U, mask, vals, index_t=make(backend, mask), values_t=make(backend, vals))


def test_index_update_casts_values_to_dtype(backend):
    # float values into an int tensor: cast to int32 (truncation, like NumPy)
    vals = np.array([1.7, -2.2, 3.9, 0.4, 5.0], dtype=np.float32)
    _run_update(backend, UI, 2, vals.astype(np.int32), values_t=make(backend, vals))
    # int values into a float tensor
    ivals = np.array([1, 2, 3, 4, 5], dtype=np.int32)
    _run_update(backend, U, 0, ivals.astype(np.float32), values_t=make(backend, ivals))
    # Python float scalar into an int tensor keeps int32
    _run_update(backend, UI, (1, 1), 2)
    expected = np_update(UI, (1, 1), 2)
    check(make(backend, UI).index_update((1, 1), 2.0), backend, expected, np.int32)


def test_index_update_3d(backend):
    a = randn(2, 3, 4, seed=44)
    _run_update(backend, a, (1, slice(None), 2), 1.0)
    vals = np.ones((3,), dtype=np.float32) * 8
    _run_update(backend, a, (0, slice(None), -1), vals, values_t=make(backend, vals))
    _run_update(backend, a, (Ellipsis, 1), 2.5)


def test_index_update_negative_array_indices(backend):
    idx = np.array([-1, 1])
    _run_update(backend, U, idx, 0.5, index_t=make(backend, idx))
    _run_update(backend, U, (slice(None), idx), -3.0, index_t=(slice(None), idx.tolist()))


def test_index_update_on_tf_variable():
    if "tensorflow" not in selected_backends():
        pytest.skip("tensorflow backend not selected")
    import tensorflow as tf

    v = tf.Variable(U)
    out = ut.astensor(v).index_update(1, 0.0)
    check(out, "tensorflow", np_update(U, 1, 0.0))
    np.testing.assert_array_equal(v.numpy(), U)


def test_index_update_non_contiguous_numpy_index(backend):
    idx = np.array([0, 2, 3])[::-1]
    _run_update(backend, U, idx, 1.0)
    mask = np.array([True, False, False, True, True])[::-1]
    _run_update(backend, U, (slice(None), mask), -1.0)
