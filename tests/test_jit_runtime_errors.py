"""ut.jit raises unitensor's exceptions for checks that fail where the compiled graph runs.

TensorFlow's graph assertions and PyTorch's ``torch._assert_async`` fail with the
framework's exception and a message; unitensor tags the message with its exception's
class (``unitensor._errors.tagged``), and ``ut.jit`` raises that class, as eagerly. A
PyTorch kernel's out-of-range ``IndexError`` becomes ``IndexOutOfRangeError`` as eagerly.
(JAX: ``ut.jit(f, checks=True)``, tests/test_checkify.py.)
"""

import numpy as np
import pytest

import unitensor as ut
from conftest import native, selected_backends
from unitensor._errors import tagged, untagged

OPTIONS = {"torch": {"backend": "aot_eager"}}
FRAMEWORKS = [b for b in ("torch", "tensorflow") if b in selected_backends()]


def _crossentropy(logits, labels):
    return ut.crossentropy(ut.astensor(logits), ut.astensor(labels))


def _index(x, i):
    return ut.astensor(x)[ut.astensor(i)]


def _floor_divide(a, b):
    return ut.astensor(a) // ut.astensor(b)


CASES = {
    "crossentropy labels": (
        _crossentropy,
        (np.zeros((2, 3), np.float32), np.array([0, 2])),
        (np.zeros((2, 3), np.float32), np.array([0, 3])),
        ut.IndexOutOfRangeError,
        np.full(2, np.log(3.0)),
    ),
    "index array": (
        _index,
        (np.arange(3.0, dtype=np.float32), np.array([2, 0])),
        (np.arange(3.0, dtype=np.float32), np.array([0, 5])),
        ut.IndexOutOfRangeError,
        np.array([2.0, 0.0]),
    ),
    "integer division": (
        _floor_divide,
        (np.array([7, -7]), np.array([2, 2])),
        (np.array([1, 2]), np.array([1, 0])),
        ut.DivisionByZeroError,
        np.array([7, -7]) // 2,
    ),
}


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("fw", FRAMEWORKS)
def test_a_failed_check_raises_the_eager_error(fw, case):
    f, good, bad, error, expected = CASES[case]
    with pytest.raises(error):  # eagerly
        f(*(native(fw, a) for a in bad)).numpy()
    compiled = ut.jit(f, options=OPTIONS)
    out = compiled(*(native(fw, a) for a in good))
    np.testing.assert_allclose(np.asarray(out.numpy(), dtype=np.float64), expected, rtol=1e-6)
    with pytest.raises(error) as raised:
        compiled(*(native(fw, a) for a in bad)).numpy()
    assert raised.value.__cause__ is not None  # the framework's own error


def test_untagged_reads_the_class_and_message_back():
    text = "assertion failed: [" + tagged(ut.IndexOutOfRangeError("labels in [0, 3)")) + "]"
    found = untagged(text + "\n\t [[{{node Assert}}]]")
    assert type(found) is ut.IndexOutOfRangeError
    assert str(found) == "labels in [0, 3)"
    assert untagged("a message of the framework's own") is None
    assert untagged("unitensor.NotAnError: x") is None
    assert untagged("unitensor.ValueError: x") is None  # only unitensor's classes


def test_an_inductor_kernels_range_check_raises_index_out_of_range():
    """Inductor's C++ kernels check gathered indices themselves (a ``RuntimeError`` whose
    text names the bounds): ``ut.jit`` raises it as ``IndexOutOfRangeError``, its cause."""
    from unitensor._jit import _Reported

    text = "kernel, /tmp/torchinductor/x.main.cpp:40, index out of bounds: 0 <= tmp20 < 3L"
    reported = _Reported(lambda: None, "torch.compile", "f", lambda: None)
    error = reported.reported(RuntimeError(text), ())
    assert isinstance(error, ut.IndexOutOfRangeError) and "0 <= tmp20 < 3L" in str(error)
    other = RuntimeError("mat1 and mat2 shapes cannot be multiplied")
    assert reported.reported(other, ()) is other  # any other failure stays the framework's
