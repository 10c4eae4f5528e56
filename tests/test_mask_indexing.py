"""Bool masks, 0-d ones included, in ``t[mask]`` and ``t[mask] = v`` on every backend.

A 0-d mask takes no axis: it adds one of length 1 (``True``) or 0
(``False``), as NumPy's; TensorFlow and JAX had counted it as an integer.
Expected values are NumPy's, computed directly.
"""

from __future__ import annotations

import numpy as np
import pytest

import unitensor as ut
from conftest import check, make

A = np.arange(6, dtype=np.int32).reshape(2, 3)
T, F = np.array(True), np.array(False)

INDICES = {
    "0d-true": T,
    "0d-false": F,
    "ellipsis-true": (Ellipsis, T),
    "true-ellipsis": (T, Ellipsis),
    "true-int": (T, 0),
    "int-true": (0, T),
    "int-false": (1, F),
    "true-array": (T, np.array([0, 1])),
    "true-true": (T, T),
    "true-false": (T, F),
    "slice-true-slice": (slice(None), T, slice(1, 3)),
    "ellipsis-true-int": (Ellipsis, T, 1),
    "true-1d-mask": (T, np.array([True, False])),
    "2d-mask": np.array([[True, False, True], [False, False, True]]),
    "1d-mask-slice": (np.array([False, True]), slice(None, None, -1)),
    # after a None (JAX's own indexing lost an axis there, or raised)
    "none-true": (None, T),
    "none-false": (None, F),
    "int-none-true": (0, None, T),
    "ellipsis-none-true": (Ellipsis, None, T),
    "true-none-true-int": (T, None, T, 1),
}


def native_index(backend, index):
    items = index if isinstance(index, tuple) else (index,)
    out = tuple(make(backend, i) if isinstance(i, np.ndarray) else i for i in items)
    return out if isinstance(index, tuple) else out[0]


@pytest.mark.parametrize("name", list(INDICES))
def test_getitem(backend, name):
    index = INDICES[name]
    check(make(backend, A)[native_index(backend, index)], backend, A[index], np.int32)


@pytest.mark.parametrize("name", list(INDICES))
def test_setitem_and_index_update(backend, name):
    index = INDICES[name]
    expected = A.copy()
    expected[index] = 9
    t = make(backend, A)
    check(t.index_update(native_index(backend, index), 9), backend, expected, np.int32)
    t[native_index(backend, index)] = 9
    check(t, backend, expected, np.int32)


@pytest.mark.parametrize("shape", [(), (2,), (0, 1), (1, 0)])
@pytest.mark.parametrize("value", [True, False])
def test_0d_mask_of_any_rank(backend, shape, value):
    a = np.arange(int(np.prod(shape)), dtype=np.float32).reshape(shape)
    mask = np.array(value)
    check(make(backend, a)[make(backend, mask)], backend, a[mask], np.float32)
    expected = a.copy()
    expected[mask] = 5.0
    t = make(backend, a)
    t[make(backend, mask)] = 5.0
    check(t, backend, expected, np.float32)


@pytest.mark.parametrize(
    "index",
    [
        *(np.True_, np.False_, (0, np.True_), (Ellipsis, np.False_), (np.True_, 1)),
        *((None, np.True_), True, False, (0, True), (Ellipsis, False), (True, 1)),
        *((None, True), (True, False, 0)),
    ],
)
def test_numpy_bool_scalars_are_0d_masks(backend, index):
    # a NumPy scalar is its 0-d array on every backend, as NumPy indexes with it (PyTorch,
    # TensorFlow and JAX had refused np.True_ as a NumPy tensor of another framework); so is
    # a Python bool (refused before, where NumPy adds an axis of length 1 or 0)
    check(make(backend, A)[index], backend, A[index], np.int32)
    expected = A.copy()
    expected[index] = 9
    t = make(backend, A)
    t[index] = 9
    check(t, backend, expected, np.int32)


@pytest.mark.parametrize("scalar", [np.complex64(1), np.str_("a")])
def test_other_numpy_scalars_are_refused_alike(backend, scalar):
    with pytest.raises(ut.IndexTypeError, match="are valid indices"):
        make(backend, A)[scalar]
