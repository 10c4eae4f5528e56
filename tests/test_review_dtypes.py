"""Fixes of a review of dtypes and operands: one meaning on every backend.

- NumPy masked arrays: the fast path and the checked path give the same
  dtype, and a Python scalar never widens them;
- NumPy scalars (``np.float64(2)``, ``np.int64(1)``, ml_dtypes' bfloat16)
  count as Python scalars of their kind on every backend, NumPy's too, in
  operators, ``where``, ``clip`` and ``index_update``;
- ``numpy.matrix`` is refused by ``astensor``;
- NumPy index arrays are made native by asking the backend, not by testing
  ``isinstance(t.raw, np.ndarray)`` (checked on the source);
- complex input: ``sign`` is ``z / |z|`` everywhere, ``logsumexp`` and the
  softmax family raise ``DTypeError`` everywhere;
- TensorFlow keeps the sign of a Python ``-0.0`` divisor and fill value;
- PyTorch tensors with the conjugate bit set convert to NumPy.

bfloat16 itself has its own file, ``test_review_bfloat16.py``.
"""

from __future__ import annotations

import ast
import operator
import warnings
from pathlib import Path

import numpy as np
import pytest

import unitensor as ut
from conftest import check, make

F32 = np.array([[0.5, -1.5, 2.0], [3.0, -0.25, 1.0]], dtype=np.float32)
MASK = np.array([[False, True, False], [False, False, True]])
SCALAR_OPS = {
    "x + 1.0": lambda x: x + 1.0,
    "1.0 + x": lambda x: 1.0 + x,
    "x - 1": lambda x: x - 1,
    "1.0 - x": lambda x: 1.0 - x,
    "x * True": lambda x: x * True,
    "x / 2.0": lambda x: x / 2.0,
    "1.0 / x": lambda x: 1.0 / x,
    "x ** 2.0": lambda x: x**2.0,
    "x // 2.0": lambda x: x // 2.0,
    "x % 2.0": lambda x: x % 2.0,
    "x < 1.0": lambda x: x < 1.0,
    "x.minimum(0.5)": lambda x: x.minimum(0.5),
    "x.maximum(0.5)": lambda x: x.maximum(0.5),
    "-x": operator.neg,
}


def _expected(name):
    """The op on the plain float32 array, a Python scalar taking float32 (NumPy 2)."""
    fn = {
        "x.minimum(0.5)": lambda x: np.minimum(x, 0.5),
        "x.maximum(0.5)": lambda x: np.maximum(x, 0.5),
    }.get(name, SCALAR_OPS[name])
    return fn(F32)


# ------------------------------------------------------------------ masked arrays


@pytest.mark.parametrize("name", list(SCALAR_OPS))
def test_masked_array_with_a_python_scalar_keeps_its_dtype(backend, name):
    op = SCALAR_OPS[name]
    expected = _expected(name)
    check(op(make(backend, F32)), backend, expected)  # the plain array, every backend
    masked = ut.astensor(np.ma.masked_array(F32, mask=MASK))
    first, second = op(masked), op(masked)  # the second call may take the fast path
    for out in (first, second):
        assert isinstance(out.raw, np.ma.MaskedArray)
        assert out.raw.dtype == expected.dtype
        np.testing.assert_array_equal(np.ma.getmaskarray(out.raw), MASK)
        np.testing.assert_allclose(out.raw.data[~MASK], expected[~MASK], rtol=1e-6)


@pytest.mark.parametrize(
    "name",
    [
        "__add__",
        "__radd__",
        "__sub__",
        "__rsub__",
        "__mul__",
        "__truediv__",
        "__rtruediv__",
        "__lt__",
        "minimum",
    ],
)
def test_masked_array_fast_and_checked_paths_agree(name):
    x = ut.astensor(np.ma.masked_array(F32, mask=MASK))
    method = getattr(type(x), name)
    for other in (2.0, 3, True):
        fast, checked = method(x, other).raw, method.__wrapped__(x, other).raw
        assert fast.dtype == checked.dtype == (np.bool_ if name == "__lt__" else np.float32)
        np.testing.assert_array_equal(np.ma.getmaskarray(fast), np.ma.getmaskarray(checked))
        np.testing.assert_allclose(fast.data[~MASK], checked.data[~MASK])


def test_plain_arrays_keep_the_fast_path():
    x = ut.astensor(F32)
    x + 1.0
    assert type(F32) in type(x)._operator_types
    assert F32.dtype in type(x)._weak_float_dtypes
    masked = ut.astensor(np.ma.masked_array(F32, mask=MASK))
    masked + 1.0
    assert np.ma.MaskedArray not in type(x)._operator_types


# ------------------------------------------------------------------ NumPy scalars

# (input, operation, expected: a NumPy array, or an exception class); a NumPy scalar
# counts as the Python scalar of its kind: it takes the tensor's dtype of that kind
I8 = np.array([1, -2, 3], dtype=np.int8)
I32 = np.array([1, -2, 3], dtype=np.int32)
F16 = np.array([-1.5, 0.5, 2.0], dtype=np.float16)
V32 = np.array([1.5, -2.0, 0.0], dtype=np.float32)
NUMPY_SCALAR_CASES = {
    "f32 + np.float64(2)": (V32, lambda t: t + np.float64(2), V32 + np.float32(2)),
    "np.float64(2) - f32": (V32, lambda t: np.float64(2) - t, np.float32(2) - V32),
    "f32 + np.float32(2)": (V32, lambda t: t + np.float32(2), V32 + np.float32(2)),
    "int8 + np.int64(3)": (I8, lambda t: t + np.int64(3), I8 + np.int8(3)),
    "int8 + np.int64(1000)": (I8, lambda t: t + np.int64(1000), OverflowError),
    "int8 + np.float64(2.5)": (I8, lambda t: t + np.float64(2.5), I8.astype(np.float32) + 2.5),
    "int32 + np.bool_(True)": (I32, lambda t: t + np.bool_(True), I32 + 1),
    "f16 * np.float64(2)": (F16, lambda t: t * np.float64(2), F16 * np.float16(2)),
    "f16.minimum(np.float64(0))": (
        F16,
        lambda t: t.minimum(np.float64(0)),
        np.minimum(F16, np.float16(0)),
    ),
    "ut.maximum(np.float32(0), f16)": (
        F16,
        lambda t: ut.maximum(np.float32(0), t),
        np.maximum(F16, np.float16(0)),
    ),
    "f16.clip(np.float32(0), np.float32(1))": (
        F16,
        lambda t: t.clip(np.float32(0), np.float32(1)),
        np.clip(F16, np.float16(0), np.float16(1)),
    ),
    "int8.clip(np.int64(-1000), np.int64(2))": (
        I8,
        lambda t: t.clip(np.int64(-1000), np.int64(2)),
        np.clip(I8, -128, 2).astype(np.int8),
    ),
    "f32 ** np.int32(2)": (V32, lambda t: t ** np.int32(2), V32**2),
    "f32 == np.float64(1.5)": (V32, lambda t: t == np.float64(1.5), V32 == 1.5),
    "f32 < np.float16(0.5)": (V32, lambda t: t < np.float16(0.5), V32 < 0.5),
    "f32 + np.complex64(1j)": (V32, lambda t: t + np.complex64(1j), V32 + np.complex64(1j)),
    "where(t > 0, t, np.float64(9))": (
        V32,
        lambda t: ut.where(t > 0, t, np.float64(9)),
        np.where(V32 > 0, V32, np.float32(9)),
    ),
    "where(t > 0, np.float64(9), t)": (
        V32,
        lambda t: ut.where(t > 0, np.float64(9), t),
        np.where(V32 > 0, np.float32(9), V32),
    ),
    "where(t > 0, np.float64(9), np.float64(1))": (
        V32,
        lambda t: ut.where(t > 0, np.float64(9), np.float64(1)),
        np.where(V32 > 0, 9, 1).astype(np.float32),
    ),
    "where(t > 0, np.int8(9), np.int8(1))": (
        V32,
        lambda t: ut.where(t > 0, np.int8(9), np.int8(1)),
        np.where(V32 > 0, 9, 1).astype(np.int64),
    ),
    "f16.index_update(0, np.float64(9))": (
        F16,
        lambda t: t.index_update(0, np.float64(9)),
        np.array([9.0, 0.5, 2.0], dtype=np.float16),
    ),
    "int8.index_update(1, np.int64(7))": (
        I8,
        lambda t: t.index_update(1, np.int64(7)),
        np.array([1, 7, 3], dtype=np.int8),
    ),
}


@pytest.mark.parametrize("case", list(NUMPY_SCALAR_CASES))
def test_numpy_scalars_count_as_python_scalars(backend, case):
    data, op, expected = NUMPY_SCALAR_CASES[case]
    t = make(backend, data)
    if isinstance(expected, type):
        with pytest.raises(expected):
            op(t)
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # JAX without 64-bit mode: int64 held
        out = op(t)
    check(out, backend, expected)
    check(op(make(backend, data)), backend, expected)  # again: the fast path, if any


def test_numpy_scalar_results_combine_as_scalars(backend):
    """A NumPy tensor's 0-d result (a NumPy scalar) combines with every backend's tensors."""
    total = ut.astensor(V32).sum().raw  # numpy.float32
    assert isinstance(total, np.generic)
    check(make(backend, F16) * total, backend, F16 * np.float16(total))


# ------------------------------------------------------------------ numpy.matrix


def test_numpy_matrix_is_refused():
    m = np.matrix([[1.0, 2.0], [3.0, 4.0]], dtype=np.float32)
    with pytest.raises(ut.UnsupportedTypeError, match=r"np\.asarray") as info:
        ut.astensor(m)
    assert isinstance(info.value, TypeError)
    with pytest.raises(TypeError):
        ut.astensor(F32) + m
    check(ut.astensor(np.asarray(m)) * ut.astensor(np.asarray(m)), "numpy", np.asarray(m) ** 2)


def test_ndarray_subclasses_other_than_matrix_are_wrapped():
    x = ut.astensor(F32.view(np.recarray))
    assert type(x.raw) is np.recarray
    for _ in range(2):
        out = x * 2.0
        np.testing.assert_array_equal(np.asarray(out.raw), F32 * 2)
        assert out.dtype == np.float32


# ------------------------------------------------------------------ NumPy index arrays

CORE_MODULES = ["_indexing.py", "_registry.py", "_api"]


def _core_files():
    root = Path(ut.__file__).resolve().parent
    for name in CORE_MODULES:
        path = root / name
        yield from sorted(path.glob("*.py")) if path.is_dir() else [path]


def test_core_code_asks_no_isinstance_of_raw_against_numpy():
    """A tensor's backend is its class's business, never ``isinstance(raw, np.*)``."""
    bad = []
    for path in _core_files():
        for node in ast.walk(ast.parse(path.read_text())):
            if not (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) in ("isinstance", "_is_numpy")
            ):
                continue
            subject = node.args[0]
            if isinstance(subject, ast.Attribute) and subject.attr == "raw":
                bad.append(f"{path.name}:{node.lineno}")
    assert not bad, f"isinstance tests of a tensor's raw array: {bad}"


INDEX_DATA = np.arange(12, dtype=np.float32).reshape(3, 4)


@pytest.mark.parametrize(
    "index",
    [
        np.array([2, 0]),
        np.array([2, 0], dtype=np.uint8),
        np.array([True, False, True]),
        np.array([], dtype=np.float64),
        (slice(None), np.array([3, -1])),
    ],
    ids=["int", "uint8", "mask", "empty-float", "tuple"],
)
def test_numpy_index_arrays_on_every_backend(backend, index):
    x = make(backend, INDEX_DATA)
    expected = INDEX_DATA[
        index if not (isinstance(index, np.ndarray) and index.size == 0) else index.astype(np.int64)
    ]
    check(x[index], backend, expected)
    if isinstance(index, np.ndarray):
        check(x[ut.astensor(index)], backend, expected)


def test_numpy_index_arrays_in_updates_and_gathers(backend):
    x = make(backend, INDEX_DATA)
    idx = np.array([[0, 3], [1, 1], [2, 0]])
    check(x.take_along_axis(idx, 1), backend, np.take_along_axis(INDEX_DATA, idx, 1))
    updated = INDEX_DATA.copy()
    updated[np.array([0, 2])] = 9.0
    check(x.index_update(np.array([0, 2]), 9.0), backend, updated)
    added = INDEX_DATA.copy()
    np.add.at(added, np.array([1, 1]), 1.0)
    check(x.at[np.array([1, 1])].add(1.0), backend, added)


# ------------------------------------------------------------------ complex input

Z = np.array([[3 + 4j, -1j, 0j], [-2 + 0j, 1 - 1j, 5j]], dtype=np.complex64)


def test_sign_of_complex_is_z_over_abs_z(backend):
    with np.errstate(invalid="ignore", divide="ignore"):
        expected = np.where(Z == 0, 0, Z / np.abs(Z)).astype(np.complex64)
    np.testing.assert_allclose(np.sign(Z), expected, rtol=1e-6)  # NumPy 2 agrees
    check(make(backend, Z).sign(), backend, expected)
    check(ut.sign(make(backend, Z)), backend, expected)


@pytest.mark.parametrize(
    "op",
    [
        lambda t: t.logsumexp(),
        lambda t: t.logsumexp(axis=1),
        lambda t: ut.logsumexp(t, axis=(0, 1)),
        lambda t: t.softmax(),
        lambda t: ut.softmax(t, axis=0),
        lambda t: t.log_softmax(),
        lambda t: ut.log_softmax(t, axis=0),
        lambda t: t.crossentropy(ut.zeros(t, (2,), dtype=ut.int32)),
        lambda t: t.kl_div_with_logits(t),
    ],
    ids=[
        "logsumexp",
        "logsumexp-axis",
        "ut.logsumexp",
        "softmax",
        "ut.softmax",
        "log_softmax",
        "ut.log_softmax",
        "crossentropy",
        "kl_div_with_logits",
    ],
)
def test_softmax_family_refuses_complex(backend, op):
    with pytest.raises(ut.DTypeError, match="real"):
        op(make(backend, Z))
    check(op(make(backend, Z.real.copy())).isnan().any(), backend, np.array(False))


# ------------------------------------------------------------------ signed zeros

ONES = np.array([1.0, -1.0], dtype=np.float32)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_a_negative_zero_divisor_keeps_its_sign(backend, dtype):
    x = make(backend, ONES.astype(dtype))
    with np.errstate(divide="ignore"):
        plus, minus = ONES.astype(dtype) / dtype(0.0), ONES.astype(dtype) / dtype(-0.0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        warnings.simplefilter("ignore", UserWarning)  # JAX without 64-bit mode
        for _ in range(2):  # TensorFlow's constant cache: 0.0 first, -0.0 after
            check(x / 0.0, backend, plus, dtype)
            check(x / -0.0, backend, minus, dtype)
            check(x / 0, backend, plus, dtype)
            check(x // -0.0, backend, np.floor_divide(ONES.astype(dtype), dtype(-0.0)), dtype)


def test_negative_zero_fill_values_keep_their_sign(backend):
    x = make(backend, ONES)
    x / 0.0  # TensorFlow caches its constant for 0.0
    check(1.0 / ut.full_like(x, -0.0), backend, np.full(2, -np.inf, np.float32))
    check(1.0 / ut.where(x > 2, x, -0.0), backend, np.full(2, -np.inf, np.float32))
    check(1.0 / x.pad(((1, 0),), value=-0.0)[:1], backend, np.array([-np.inf], np.float32))


# ------------------------------------------------------------------ PyTorch views


def test_numpy_of_a_conjugated_torch_view():
    torch = pytest.importorskip("torch")
    z = torch.tensor(Z).conj()
    assert z.is_conj()
    got = ut.astensor(z).numpy()
    np.testing.assert_array_equal(got, np.conj(Z))
    imag = torch.tensor(Z).conj().imag  # a negated view
    np.testing.assert_array_equal(ut.astensor(imag).numpy(), np.conj(Z).imag)
    check(ut.astensor(z) + 1.0, "torch", np.conj(Z) + np.complex64(1))
