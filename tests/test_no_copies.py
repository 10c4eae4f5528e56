"""No hidden copies: raw identity, views stay views, no trip through NumPy.

For the backends whose arrays are not NumPy's, NumPy's conversion functions
are made to raise when unitensor's code passes them an array of that
framework, and an
op-heavy function (arithmetic, indexing of every kind, reductions, sorting,
shape operations, softmax and crossentropy, functional updates, gradients)
runs: nothing in unitensor may convert a tensor to NumPy along the way.
"""

from __future__ import annotations

import functools
import itertools
import operator
import sys
import tracemalloc
import warnings

import numpy as np
import pytest

import unitensor as ut
from conftest import GRAD_BACKENDS, check, make, run_python, to_numpy
from unitensor._api import _base
from unitensor.array_api import namespace


def test_raw_identity(backend):
    t = make(backend, np.ones((2, 3), dtype=np.float32))
    assert ut.astensor(t.raw).raw is t.raw
    assert ut.astensor(t) is t


def _shares_memory(backend, a, b):
    if backend == "numpy":
        return np.shares_memory(a, b)
    return a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr()


@pytest.mark.parametrize("backend_", ["numpy", "torch"])
@pytest.mark.parametrize(
    "op",
    [
        lambda t: t.reshape((3, 4)),
        lambda t: t.flatten(),
        lambda t: t.transpose((1, 0)),
        lambda t: t.T,
        lambda t: t[1:, ::2],
        lambda t: t[0],
        lambda t: t[None, ..., 1],
        lambda t: t.expand_dims(0),
        lambda t: t[:, :1].squeeze(1),
    ],
)
def test_views_share_memory(backend_, op):
    pytest.importorskip(backend_)
    t = make(backend_, np.arange(12, dtype=np.float32).reshape(4, 3))
    out = op(t)
    assert _shares_memory(backend_, out.raw, t.raw)


def _native_type(backend):
    if backend == "torch":
        import torch

        return torch.Tensor
    if backend == "tensorflow":
        import tensorflow as tf

        return (tf.Tensor, tf.Variable)
    import jax

    return jax.Array


def _workout(t):
    """Many operations; returns a tensor so the result is used."""
    x = (t * 2.0 + 1.0 - t / 3.0) ** 2
    x = x.clip(0.0, 50.0).sqrt().exp().log1p()
    y = x[1:, ::-1][:, [0, 2]] + x[x[:, 0] > 0.5].sum()
    z = y.softmax(-1).log_softmax(0) + y.logsumexp(axis=1, keepdims=True)
    labels = ut.arange(t, 3) % 2
    loss = ut.crossentropy(x[:3, :2], labels).mean()
    values, idx = x.topk(2, axis=0)
    upd = x.index_update((slice(None), 0), 0.0).at[[0, 0], 1].add(1.0)
    s = ut.concatenate([x.sort(0), upd], axis=1).pad(((1, 1), (0, 2)), "reflect")
    w = ut.where(s > 1.0, s, -s).max(axis=0) + values.sum() + idx.astype(t.dtype).mean()
    return w.sum() + z.mean() + loss + x.take_along_axis(x.argsort(0)[:1], 0).sum()


@pytest.mark.parametrize("backend_", ["torch", "tensorflow", "jax"])
def test_no_numpy_conversion(backend_, monkeypatch):
    pytest.importorskip(backend_)
    t = make(backend_, np.random.default_rng(0).random((4, 3), dtype=np.float32))
    native = _native_type(backend_)
    calls: list[str] = []

    def guard(name, real):
        def guarded(*args, **kwargs):
            caller = sys._getframe(1).f_globals.get("__name__", "")
            # the framework's own internals may convert (JAX does for bool masks, as natively);
            # unitensor's JAX x[mask] reads CPU arrays' own buffers (a view, no copy)
            if args and isinstance(args[0], native) and caller.startswith("unitensor"):
                if caller.endswith("._jax_indexing") and args[0].device.platform == "cpu":
                    return real(*args, **kwargs)
                calls.append(name)
                raise AssertionError(f"numpy.{name} called on a {backend_} array")
            return real(*args, **kwargs)

        return guarded

    for name in ("asarray", "array", "asanyarray", "ascontiguousarray"):
        monkeypatch.setattr(np, name, guard(name, getattr(np, name)))
    out = _workout(t)
    assert out.shape == ()
    if backend_ in GRAD_BACKENDS:
        _, grad = ut.value_and_grad(_workout, t)
        assert grad.shape == t.shape
    assert not calls


# Temporary elision (issue 15): NumPy writes ``a op b`` into a temporary operand's memory
# (an array of at least 256 KiB that only the interpreter's stack holds); the C fast paths
# do the same for a temporary tensor's array. 100,000 float32 values: 400 KB.
_BIG = np.linspace(-2.0, 3.0, 100_000, dtype=np.float32).reshape(250, 400)

_TEMPORARIES = [
    ("(t - 0.5) * 2", lambda t: (t - 0.5) * 2.0, lambda x: (x - 0.5) * 2.0),
    ("0.01 * (t - 0.5)", lambda t: 0.01 * (t - 0.5), lambda x: 0.01 * (x - 0.5)),
    ("(t * 1) + 0.25", lambda t: (t * 1.0) + 0.25, lambda x: (x * 1.0) + 0.25),
    ("3 - (t * 1)", lambda t: 3.0 - (t * 1.0), lambda x: 3.0 - (x * 1.0)),
    ("(t * 1) / 7", lambda t: (t * 1.0) / 7.0, lambda x: (x * 1.0) / 7.0),
    ("2 / (t + 3)", lambda t: 2.0 / (t + 3.0), lambda x: 2.0 / (x + 3.0)),
    ("(t * 1) + t", lambda t: (t * 1.0) + t, lambda x: (x * 1.0) + x),
    ("t - (t * 2)", lambda t: t - (t * 2.0), lambda x: x - (x * 2.0)),
    ("(t * 1) - t[0]", lambda t: (t * 1.0) - t[0], lambda x: (x * 1.0) - x[0]),
    ("(t[0] * 1) + t", lambda t: (t[0] * 1.0) + t, lambda x: (x[0] * 1.0) + x),
    ("t + (t * 2)", lambda t: t + (t * 2.0), lambda x: x + (x * 2.0)),  # the right-hand one
    ("t * (t - 1)", lambda t: t * (t - 1.0), lambda x: x * (x - 1.0)),
    ("t[0] + (t * 2)", lambda t: t[0] + (t * 2.0), lambda x: x[0] + (x * 2.0)),
    ("t + 0.01 * (t - 0.5)", lambda t: t + 0.01 * (t - 0.5), lambda x: x + 0.01 * (x - 0.5)),
]

# The Array API namespace's functions of the operators, called on temporaries (xp is the
# backend's namespace): what NumPy's operators give.
_CALLS = [
    (
        "add(subtract(t, 0.5), 1)",
        lambda xp, t: xp.add(xp.subtract(t, 0.5), 1.0),
        lambda x: (x - 0.5) + 1.0,
    ),
    (
        "multiply(0.01, subtract(t, 0.5))",
        lambda xp, t: xp.multiply(0.01, xp.subtract(t, 0.5)),
        lambda x: 0.01 * (x - 0.5),
    ),
    (
        "divide(multiply(t, 3), 7)",
        lambda xp, t: xp.divide(xp.multiply(t, 3.0), 7.0),
        lambda x: (x * 3.0) / 7.0,
    ),
    (
        "subtract(multiply(t, 2), t)",
        lambda xp, t: xp.subtract(xp.multiply(t, 2.0), t),
        lambda x: (x * 2.0) - x,
    ),
    (
        "add(t, multiply(t, 2))",
        lambda xp, t: xp.add(t, xp.multiply(t, 2.0)),
        lambda x: x + (x * 2.0),
    ),
    (
        "multiply(t, add(t, 1))",
        lambda xp, t: xp.multiply(t, xp.add(t, 1.0)),
        lambda x: x * (x + 1.0),
    ),
]


@pytest.mark.parametrize("case", _TEMPORARIES, ids=[c[0] for c in _TEMPORARIES])
def test_operators_on_temporaries_equal_numpy(backend, case):
    _, mine, native = case
    t = make(backend, _BIG)
    out = mine(t)
    check(out, backend, native(_BIG), np.float32)
    np.testing.assert_array_equal(to_numpy(t.raw), _BIG)  # (t itself is never written)


@pytest.mark.parametrize("case", _CALLS, ids=[c[0] for c in _CALLS])
def test_namespace_functions_on_temporaries_equal_numpy(backend, case):
    _, mine, native = case
    t = make(backend, _BIG)
    out = mine(namespace(backend), t)
    check(out, backend, native(_BIG), np.float32)
    np.testing.assert_array_equal(to_numpy(t.raw), _BIG)  # (t itself is never written)


def test_a_tensor_anyone_else_holds_is_never_written(backend):
    t = make(backend, _BIG)
    kept = [make(backend, _BIG)]
    raw = make(backend, _BIG).raw
    in_object_array = np.empty(2, dtype=object)
    in_object_array[:] = [make(backend, _BIG), make(backend, _BIG)]
    offset = _Offset(make(backend, _BIG))  # (a functools.partial holds the tensor)
    pairs = [(make(backend, _BIG), 1.0)]
    starmapped: list[ut.Tensor] = []
    results = [
        t + 1.0,  # t is a name
        t[1:] + 1.0,  # a temporary view of t's memory
        kept[0] * 2.0,  # in a list
        operator.add(t * 1.0, 1.0),  # operator.add, not the interpreter's +
        (t * 1.0).__add__(1.0),  # __add__ called by name
        ut.astensor(raw) - 1.0,  # its array held elsewhere
        *(in_object_array + 1.0),  # NumPy's loop over an object array, under the +
        offset + 1.0,  # C code (the partial) calling + under the interpreter's +
        offset + 1.0,
    ]
    starmapped += itertools.starmap(operator.add, pairs)  # C code calling + under +=
    results += starmapped
    # the right-hand operand of + and * (written into where it is a temporary)
    right = [make(backend, _BIG)]
    others = np.empty(2, dtype=object)
    others[:] = [make(backend, _BIG), make(backend, _BIG)]
    lefts = np.empty(2, dtype=object)
    lefts[:] = [t, t]
    right_pairs = [(t, make(backend, _BIG))]
    results += [
        t + t,  # a name on both sides
        (t * 1.0) * right[0],  # in a list
        *(lefts * others),  # NumPy's loop over two object arrays, under the *
    ]
    results += itertools.starmap(operator.add, right_pairs)  # the tuple holds the operand
    # the Array API namespace's functions, where C code or another name holds the operand
    xp = namespace(backend)
    add = functools.partial(xp.add, make(backend, _BIG))  # (the partial holds it)
    results += [
        xp.add(t, 1.0),  # t is a name
        xp.multiply(kept[0], 2.0),  # in a list
        xp.add(1.0, t),
        xp.add(t * 1.0, right[0]),
        add(1.0),
        add(1.0),
        *map(xp.add, [make(backend, _BIG)], [1.0]),  # map holds the operand
        xp.add(*[make(backend, _BIG), 1.0]),  # called with *: the arguments' tuple holds it
    ]
    for held in (t, kept[0], *in_object_array, offset.tensor, pairs[0][0], right[0], *others):
        np.testing.assert_array_equal(to_numpy(held.raw), _BIG)
    for held in (right_pairs[0][1], add.args[0]):
        np.testing.assert_array_equal(to_numpy(held.raw), _BIG)
    np.testing.assert_array_equal(to_numpy(raw), _BIG)
    expected = [_BIG + 1, _BIG[1:] + 1, _BIG * 2, _BIG + 1, _BIG + 1, _BIG - 1]
    expected += [_BIG + 1] * 5 + [_BIG + _BIG, _BIG * _BIG, _BIG * _BIG, _BIG * _BIG]
    expected += [_BIG + _BIG, _BIG + 1, _BIG * 2, _BIG + 1, _BIG + _BIG]
    expected += [_BIG + 1] * 4
    for out, want in zip(results, expected, strict=True):
        check(out, backend, want, np.float32)


class _Offset:
    """``self + y`` is ``tensor + y``, called by ``functools.partial`` (C code)."""

    def __init__(self, tensor):
        self.tensor = tensor
        self.add = functools.partial(operator.add, tensor)

    def __add__(self, other):
        return self.add(other)


def test_numpy_in_place_keeps_numpys_operand_order_and_warnings():
    """The reflected + and * compute ``b op a`` (NaN's payload is the first operand's on
    x86-64), a masked array operand keeps its mask, a warning names the caller's line."""
    x = np.full(200_000, np.float16(np.nan)).view(np.uint16) ^ np.uint16(0x8000)
    t = ut.astensor(x.view(np.float16))  # -NaN, 400 KB
    native = float("nan") * (t.raw * 1.0)
    mine = float("nan") * (t * 1.0)
    assert mine.raw.dtype == np.float16
    np.testing.assert_array_equal(mine.raw.view(np.uint16), native.view(np.uint16))
    # the right-hand temporary of + and *: NumPy's operators compute ``b op a`` into it,
    # whose NaN is (on x86-64) the other operand's, where ``np.add(a, b)`` gives b's; the
    # fast paths compute what NumPy's operators compute (the Python templates, which
    # write into no temporary, what ``np.add`` computes)
    positive = ut.astensor(np.full(200_000, np.float16(np.nan)))
    for a, b in ((t, positive), (positive, t)):
        x, y = a.raw, b.raw
        if _base.SPEEDUPS:
            expected = [x + (y * 1.0), x * (y * 1.0)]
        else:
            expected = [np.add(x, y * 1.0), np.multiply(x, y * 1.0)]
        for mine, native in zip([a + (b * 1.0), a * (b * 1.0)], expected, strict=True):
            np.testing.assert_array_equal(mine.raw.view(np.uint16), native.view(np.uint16))
    data = np.full(100_000, 5.0)
    masked = np.ma.array(data, mask=np.arange(100_000) % 2 == 0)
    for out, expected in (
        ((ut.astensor(data) * 1.0) + ut.astensor(masked), (data * 1.0) + masked),
        (ut.astensor(masked) + (ut.astensor(data) * 1.0), masked + (data * 1.0)),
    ):
        assert type(out.raw) is np.ma.MaskedArray
        np.testing.assert_array_equal(np.ma.getmaskarray(out.raw), np.ma.getmaskarray(expected))
        np.testing.assert_array_equal(out.raw.compressed(), expected.compressed())
    zeros = ut.astensor(np.zeros(100_000))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        (ut.astensor(data) * 1.0) / zeros
    assert [w.category for w in caught] == [RuntimeWarning]
    if _base.SPEEDUPS:  # (the Python templates' own line is "<string>")
        assert caught[0].filename == __file__


def _nans(shape, payload):
    """A float64 array of ``shape``, all NaN with the given payload (its low bits)."""
    return np.full(shape, 0x7FF8000000000000 | payload, dtype=np.uint64).view(np.float64)


def _bits(array):
    return np.ascontiguousarray(array).view(np.uint64)


def test_numpy_in_place_gives_numpys_payloads_and_memory_order():
    """Where NumPy writes into no temporary (an operand that broadcasts to it; a view, in
    which case NumPy tries the other operand), the fast paths write into none either:
    the NaN payloads and the memory order are those of NumPy's operators."""
    cases = [
        (_nans(100_000, 1), _nans((2, 100_000), 2)),  # a broadcast left-hand operand
        (_nans((2, 100_000), 1), _nans(100_000, 2)),  # a broadcast right-hand operand
    ]
    for x, y in cases:
        a, b = ut.astensor(x), ut.astensor(y)
        for mine, native in (
            (a + b * 1.0, x + y * 1.0),
            (a * 1.0 + b, x * 1.0 + y),
            (a * (b * 1.0), x * (y * 1.0)),
            (namespace("numpy").add(a, b * 1.0), x + y * 1.0),
        ):
            np.testing.assert_array_equal(_bits(mine.raw), _bits(native))
    # a transposed temporary beside an operand that broadcasts: NumPy's memory order
    rng = np.random.default_rng(0)
    x = rng.random((20, 30, 200)).transpose(2, 0, 1)
    y = rng.random((200, 20, 1))
    for mine, native in (
        (ut.astensor(y) + ut.astensor(x) * 1.0, y + x * 1.0),
        (ut.astensor(x) * 1.0 + ut.astensor(y), x * 1.0 + y),
    ):
        assert mine.raw.strides == native.strides
        np.testing.assert_array_equal(mine.raw, native)
    # a left-hand temporary that is a view (not written into): the right-hand one is
    x, y = rng.random((400, 300)), rng.random((300, 400))
    x[0, 0], y[0, 0] = _nans((), 1), _nans((), 2)
    # (the Python templates write into no temporary: what np.add computes)
    mine = (ut.astensor(x) * 1.0).T + (ut.astensor(y) * 1.0)
    native = (x * 1.0).T + (y * 1.0) if _base.SPEEDUPS else np.add((x * 1.0).T, y * 1.0)
    np.testing.assert_array_equal(_bits(mine.raw), _bits(native))
    assert mine.raw.flags.c_contiguous == native.flags.c_contiguous


def test_a_temporary_with_a_finalizer_is_never_written():
    """A tensor class with ``__del__`` may keep its dying tensors: they keep their values."""
    from unitensor._backends.numpy import NumPyTensor

    kept = []

    class Kept(NumPyTensor):
        __slots__ = ()

        def __del__(self):
            kept.append(self)

    t = Kept(_BIG.copy())
    xp = namespace("numpy")
    results = [t + t * 2.0, t * 2.0 + t, xp.add(t, xp.multiply(t, 2.0)), 0.5 * (t * 2.0)]
    for out, want in zip(results, [_BIG * 3, _BIG * 3, _BIG * 3, _BIG], strict=True):
        check(out, "numpy", want, np.float32)
    assert len(kept) == 4
    for dying in kept:
        check(dying, "numpy", _BIG * 2, np.float32)
        assert not any(dying.raw is out.raw for out in results)


def _peak_bytes(fn):
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        before = tracemalloc.get_traced_memory()[0]
        out = fn()
        peak = tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()
    del out
    return peak


# (an expression, the same with the namespace's functions (xp is NumPy's namespace), and
# the most arrays that NumPy's operators hold at once for float32 and for float64: NumPy
# writes into no float32 temporary beside a Python float, which it sees as a float64 array)
_PEAKS = [
    (lambda x: ((x - x) + x) * x, None, (1, 1)),  # NumPy elides these itself
    (
        lambda x: ((x - 0.5) + x) * 2.0,  # (not float32 with a Python float: unitensor does)
        lambda xp, t: xp.multiply(xp.add(xp.subtract(t, 0.5), t), 2.0),
        (2, 1),
    ),
    (
        lambda x: 0.01 * (x - 0.5) + x,
        lambda xp, t: xp.add(xp.multiply(0.01, xp.subtract(t, 0.5)), t),
        (2, 1),
    ),
    (  # the right-hand temporary
        lambda x: x + 0.01 * (x - 0.5),
        lambda xp, t: xp.add(t, xp.multiply(0.01, xp.subtract(t, 0.5))),
        (2, 1),
    ),
    (
        lambda x: x * (x + 2.0) + x * x,
        lambda xp, t: xp.add(xp.multiply(t, xp.add(t, 2.0)), xp.multiply(t, t)),
        (2, 2),
    ),
]


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("expression", _PEAKS)
def test_numpy_temporaries_take_no_more_memory_than_native_code(expression, dtype):
    """NumPy's temporary elision survives the C fast paths: the peak is at most NumPy's
    operators', also where the namespace's functions (``xp.add``) are called."""
    operators, functions, counts = expression
    arrays = counts[dtype is np.float64]
    x = _BIG.astype(dtype)
    t = ut.astensor(x.copy())
    native = _peak_bytes(lambda: operators(x))
    assert (arrays - 0.5) * x.nbytes < native < (arrays + 0.5) * x.nbytes
    xp = namespace("numpy")
    for mine in (
        _peak_bytes(lambda: operators(t)),
        _peak_bytes(lambda: functions(xp, t) if functions else operators(t)),
    ):
        if _base.SPEEDUPS:
            assert mine <= native + 4096
        else:  # (the Python templates hold the array while NumPy's operator runs)
            assert mine < (arrays + 1.5) * x.nbytes


def test_numpy_in_place_declines_where_a_tracer_kept_the_array():
    """A tracer that keeps a reference to the temporary's array while the operator runs
    (Python code runs between the test of the reference counts and the write) sees the
    array it kept unchanged."""
    t = ut.astensor(_BIG.copy())
    kept = []

    def tracer(frame, event, arg):
        if event == "call":
            for value in frame.f_locals.values():
                if type(value) is np.ndarray and value.shape == _BIG.shape:
                    kept.append((value, value.copy()))
        return None

    sys.settrace(tracer)
    try:
        out = (t * 1.0) + 1.0
    finally:
        sys.settrace(None)
    np.testing.assert_array_equal(out.raw, _BIG + 1)
    for array, then in kept:
        np.testing.assert_array_equal(array, then)


def test_calibration_runs_once_and_keeps_only_its_own_operators():
    """``_speedups.calibrate`` runs once (when the NumPy backend loads): a later call
    records nothing, so a tensor that C code holds is never written."""
    if not _base.SPEEDUPS:
        pytest.skip("no C fast paths: nothing is calibrated (UNITENSOR_PURE_PYTHON=1)")
    speedups = _base.SPEEDUPS_MODULE
    ut.astensor(np.ones(2)) + 1.0  # (the NumPy backend is loaded)
    held = ut.astensor(_BIG.copy())
    offset = _Offset(held)
    kept = speedups.calibrate(lambda: offset + 1.0)
    assert kept == speedups.calibrate(lambda: None) > 0
    for _ in range(2):
        check(offset + 1.0, "numpy", _BIG + 1, np.float32)
    np.testing.assert_array_equal(held.raw, _BIG)


_CALIBRATING_BESIDE_A_THREAD = """
import sys, threading
import numpy as np
sys.setswitchinterval(1e-6)
done = threading.Event()
def worker():  # C code (NumPy's object loop) calling + while the backend calibrates
    while not hasattr(sys.modules.get("unitensor._backends.numpy"), "loaded"):
        pass
    from unitensor._backends.numpy import NumPyTensor
    objects = np.empty(2, dtype=object)
    objects[:] = [NumPyTensor(np.ones(2)), NumPyTensor(np.ones(2))]
    while not done.is_set():
        objects + 1.0
thread = threading.Thread(target=worker)
thread.start()
import unitensor as ut
ut.astensor(np.ones(3)) + 1.0
done.set()
thread.join()
objects = np.empty(2, dtype=object)
objects[:] = [ut.astensor(np.ones(100_000)), ut.astensor(np.ones(100_000))]
out = objects + 1.0
assert (objects[0].raw == 1).all() and (objects[1].raw == 1).all(), "a tensor written"
assert (out[0].raw == 2).all()
print("intact")
"""


def test_operators_of_another_thread_while_calibrating_are_not_kept():
    assert run_python(_CALIBRATING_BESIDE_A_THREAD, timeout=120).strip() == "intact"
