"""The generic backend over an Array API namespace (array-api-strict as the test vehicle).

These tests run in the default session (without ``--backend array_api_strict``): they
check the registry's dispatch (dedicated backends first), the dtypes, the composed
operations (indexing, updates, einsum, pad, shifts) and the documented differences,
each against NumPy. The whole suite runs on the backend with ``--backend array_api_strict``.
"""

from __future__ import annotations

import numpy as np
import pytest

import unitensor as ut
from conftest import to_numpy
from unitensor import semantics
from unitensor._registry import backend_class, entry, is_backend

xp = pytest.importorskip("array_api_strict")

NAME = "array_api_strict"
ARRAY = type(xp.asarray(0))


def strict(a):
    return xp.asarray(np.asarray(a))


def check(t, expected, dtype=None):
    expected = np.asarray(expected)
    assert isinstance(t, ut.ArrayAPITensor)
    assert t.backend == NAME
    assert isinstance(t.raw, ARRAY)
    got = to_numpy(t.raw)
    assert got.shape == expected.shape
    assert got.dtype == (expected.dtype if dtype is None else np.dtype(dtype))
    np.testing.assert_allclose(got, expected, rtol=1e-6, atol=1e-6)


# ----------------------------------------------------------------------------- dispatch


def test_an_array_api_array_gets_the_generic_backend():
    raw = strict([1.0, 2.0])
    t = ut.astensor(raw)
    assert type(t).__name__ == "ArrayAPITensor"
    assert t.raw is raw
    assert t.framework == NAME and is_backend(NAME)
    assert backend_class(NAME) is type(t)
    assert entry(NAME).modules == ("array_api_strict",)


@pytest.mark.parametrize(
    ("module", "cls"),
    [("numpy", "NumPyTensor"), ("jax.numpy", "JAXTensor"), ("torch", "PyTorchTensor")],
)
def test_dedicated_backends_come_before_the_generic_one(module, cls):
    mod = pytest.importorskip(module)
    raw = mod.asarray(np.arange(3.0, dtype=np.float32))
    assert hasattr(raw, "__array_namespace__") or module == "torch"
    t = ut.astensor(raw)
    assert type(t).__name__ == cls
    assert not isinstance(t, ut.ArrayAPITensor)


def test_a_tensor_is_not_rewrapped():
    t = ut.astensor(strict([1, 2]))
    assert ut.astensor(t) is t
    assert hasattr(t, "__array_namespace__")


def test_unknown_backend_names_raise():
    with pytest.raises(ValueError, match="unknown backend"):
        backend_class("no_such_module_xyz")
    with pytest.raises(ValueError, match="no Array API namespace"):
        backend_class("json")


# ------------------------------------------------------------------------------- values


@pytest.mark.parametrize("dtype", ["int8", "int32", "int64", "uint8", "float32", "float64"])
def test_arithmetic_and_dtypes(dtype):
    a = np.arange(1, 7, dtype=dtype).reshape(2, 3)
    t = ut.astensor(strict(a))
    assert getattr(ut, dtype) == t.dtype  # (array-api-strict's == knows only its own)
    check(t + 1, a + a.dtype.type(1))
    check(t * t, a * a)
    check(t.sum(), a.sum(dtype=np.uint64 if a.dtype.kind == "u" else None))
    check(t.max(axis=0), a.max(axis=0))
    expected_div = (a / 2).astype(np.float32 if a.dtype.kind in "iu" else a.dtype)
    check(t / 2, expected_div)


def test_bool_arithmetic_and_reductions_follow_numpy():
    a = np.array([True, False, True])
    t = ut.astensor(strict(a))
    check(t + t, a + a)
    check(t * t, a * a)
    check(t.sum(), a.sum())
    check(t.max(), a.max())
    check(t.argmax(), a.argmax())
    check(t < ~t, a < ~a)


@pytest.mark.parametrize("left", [True, False])
def test_shifts_by_the_width_or_more(left):
    a = np.array([-8, 1, 64, 3], dtype=np.int8)
    s = np.array([1, 8, 9, 0], dtype=np.int8)
    t, ts = ut.astensor(strict(a)), ut.astensor(strict(s))
    out = t << ts if left else t >> ts
    expected = np.left_shift(a, s) if left else np.right_shift(a, s)
    check(out, expected)


@pytest.mark.parametrize(
    "index",
    [
        (slice(None), [0, 2]),
        ([1, 0], slice(1, None)),
        (np.array([True, False, True]),),
        (Ellipsis, 1),
        (slice(-10, 10), None, 0),
        ([[0, 1], [2, 2]], [0, 3]),
    ],
)
def test_indexing_beyond_the_standard(index):
    a = np.arange(12.0, dtype=np.float32).reshape(3, 4)
    t = ut.astensor(strict(a))
    check(t[index], a[index])


def test_index_out_of_range_raises_the_unitensor_error():
    t = ut.astensor(strict(np.zeros((2, 3))))
    with pytest.raises(ut.IndexOutOfRangeError):
        t[5]
    with pytest.raises(ut.IndexOutOfRangeError):
        t[:, [0, 3]]


def test_at_updates_reduce_duplicates():
    a = np.zeros(5, dtype=np.float32)
    idx = np.array([0, 2, 2, 4])
    t = ut.astensor(strict(a))
    expected = a.copy()
    np.add.at(expected, idx, 1.0)
    check(t.at[ut.astensor(strict(idx))].add(1.0), expected)
    expected = a.copy()
    expected[[1, 3]] = 7.0
    check(t.index_update(ut.astensor(strict(np.array([1, 3]))), 7.0), expected)


def test_setitem_and_pad_tril_einsum():
    a = np.arange(9.0, dtype=np.float32).reshape(3, 3)
    t = ut.astensor(strict(a))
    check(t.pad(((1, 0), (0, 2))), np.pad(a, ((1, 0), (0, 2))))
    check(t.tril(), np.tril(a))
    check(t.triu(1), np.triu(a, 1))
    check(ut.einsum("ij,jk->ik", t, t), a @ a)
    check(ut.einsum("ii->i", t), np.einsum("ii->i", a))
    check(ut.einsum("ij,ij->", t, t), np.einsum("ij,ij->", a, a))


def test_sort_searchsorted_nonzero_int64():
    a = np.array([3, 1, 2, 1], dtype=np.int32)
    t = ut.astensor(strict(a))
    check(t.sort(), np.sort(a))
    check(t.argsort(), np.argsort(a, kind="stable"))
    (nz,) = t.nonzero()
    check(nz, np.nonzero(a)[0])


def test_random_uses_numpy_on_the_host_and_is_seeded():
    like = ut.astensor(strict(np.zeros(2, dtype=np.float32)))
    ut.seed(3)
    first = like.uniform((4,)).numpy()
    ut.seed(3)
    assert np.array_equal(first, like.uniform((4,)).numpy())
    assert ut.float32 == like.normal((2, 3)).dtype


# ------------------------------------------------------------ documented differences


def test_missing_dtypes_raise_dtype_error():
    t = ut.astensor(strict([1.0]))
    with pytest.raises(ut.DTypeError, match="float16"):
        t.astype(ut.float16)


def test_no_autodiff():
    t = ut.astensor(strict(np.array([1.0, 2.0], dtype=np.float32)))
    with pytest.raises(NotImplementedError):
        ut.value_and_grad(lambda x: x.square().sum(), t)


def test_the_semantics_table_lists_the_generic_backend_differences():
    rows = [d for rule in semantics.TABLE.values() for d in rule.differs if d.backend == NAME]
    assert rows, "no Differs row for array_api_strict"
    assert all(d.tests for d in rows)
    assert f"{NAME}:" in semantics.markdown()
