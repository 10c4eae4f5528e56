"""The hot path in C (``unitensor._speedups``) against the Python templates it replaces.

Every fast path of ``fast_path`` and ``unary_fast_path`` is a
``unitensor._speedups.FastPath`` where the extension is built, and keeps the
Python function compiled from its template as ``__python__``
(``unitensor._api._base.pure_python``). On every backend, both run on the
same operands here (Python scalars, tensors of one class with equal or other
dtypes and shapes, native arrays, tensors of another framework, integer, bool
and complex tensors, zero divisors) and must give the same result (class,
dtype, shape, values, signs of zeros) or raise the same exception with the
same message. ``wrap`` likewise against ``python_wrap``.
"""

import gc
import inspect
import math
import os
import pickle
import sys
import tracemalloc
import warnings

import numpy as np
import pytest

import unitensor as ut
from conftest import check, make, run_python, selected_backends, to_numpy
from unitensor._api import _base

PURE = os.environ.get("UNITENSOR_PURE_PYTHON") == "1"


def _fast_paths():
    """{name: fast path} of every method of Tensor built by fast_path or unary_fast_path."""
    found = {}
    for name, f in vars(ut.Tensor).items():
        if _base.FAST_PATH_TYPE is not None and type(f) is _base.FAST_PATH_TYPE:
            found[name] = f
        elif getattr(getattr(f, "__code__", None), "co_filename", None) == "<string>":
            found[name] = f  # the Python template (no extension, or UNITENSOR_PURE_PYTHON=1)
    return found


FAST = _fast_paths()
REDUCTIONS = sorted(n for n, f in FAST.items() if "keepdims" in inspect.signature(f).parameters)
UNARY = sorted(n for n, f in FAST.items() if len(inspect.signature(f).parameters) == 1)
BINARY = sorted(n for n in FAST if n not in UNARY and n not in REDUCTIONS and n != "clip")


def test_the_extension_is_active():
    """The extension is built and used (make test builds it); UNITENSOR_PURE_PYTHON=1 not."""
    if PURE:
        assert not _base.SPEEDUPS
        assert "unitensor._speedups" not in sys.modules  # not even loaded
        assert _base.wrap is _base.python_wrap
        assert all(inspect.isfunction(f) for f in FAST.values())
        return
    assert _base.SPEEDUPS, (
        "unitensor._speedups is not built: pip install -e . (or make install) compiles it"
    )
    from unitensor import _speedups

    assert _base.wrap is _speedups.wrap
    assert _base.FAST_PATH_TYPE is _speedups.FastPath
    assert type(ut.Tensor.__sub__) is _speedups.FastPath
    assert inspect.isbuiltin(ut.astensor)
    assert _base.PYTHON_VERSIONS[ut.astensor] is _python_astensor()


def _python_astensor():
    """The Python ``astensor`` (what the C one stands for; itself without the extension)."""
    from unitensor import _registry

    return _base.PYTHON_VERSIONS.get(_registry.astensor, _registry.astensor)


def test_astensor_looks_like_the_python_function():
    python = _python_astensor()
    assert inspect.isfunction(python)
    assert ut.astensor.__name__ == "astensor"
    assert inspect.signature(ut.astensor).parameters.keys() == {"x"}
    assert inspect.cleandoc(ut.astensor.__doc__ or "") == inspect.cleandoc(python.__doc__)
    if PURE:
        assert ut.astensor is python


class _NotAnArray:
    pass


class _KeyErrorHash(type):
    def __hash__(cls):
        raise KeyError("hash")

    def __eq__(cls, other):
        return cls is other


class _HashRaisesKeyError(metaclass=_KeyErrorHash):
    pass


@pytest.mark.parametrize(
    "call",
    [
        lambda a, t: a(t.raw),
        lambda a, t: a(t),
        lambda a, t: a(x=t.raw),
        lambda a, t: a(t.raw[()] if t.raw.ndim == 0 else t.raw.reshape(-1)[0]),
        lambda a, t: a(np.ma.masked_array(np.arange(3.0))),
        lambda a, t: a(np.asmatrix(np.eye(2))),
        lambda a, t: a([1.0, 2.0]),
        lambda a, t: a(_NotAnArray()),
        lambda a, t: a(_HashRaisesKeyError()),
        lambda a, t: a(),
        lambda a, t: a(t.raw, t.raw),
        lambda a, t: a(y=t.raw),
    ],
    ids=[
        "native",
        "tensor",
        "keyword",
        "element",
        "masked",
        "matrix",
        "list",
        "object",
        "KeyError from the class's hash",
        "no argument",
        "two arguments",
        "unknown keyword",
    ],
)
def test_astensor_equals_the_python_function(backend, call):
    """The C ``astensor`` against the Python one: class, ``raw`` identity, or the same error."""
    t = make(backend, np.arange(6.0, dtype=np.float32).reshape(2, 3))
    outcomes = []
    for a in (ut.astensor, _python_astensor()):
        try:
            out = call(a, t)
            outcomes.append(("value", type(out), type(out.raw)))
        except Exception as e:
            outcomes.append(("raised", type(e), str(e)))
    assert outcomes[0] == outcomes[1]
    if outcomes[0][0] == "value":
        np.testing.assert_array_equal(
            to_numpy(call(ut.astensor, t)), to_numpy(call(_python_astensor(), t))
        )


def test_astensor_of_a_tensor_is_the_tensor(backend):
    """A tensor (a subclass's too) comes back itself, from C as from the Python function."""
    t = make(backend, np.arange(3.0, dtype=np.float32))
    sub = type("Sub", (type(t),), {})(t.raw)
    for a in (ut.astensor, _python_astensor()):
        assert a(t) is t and a(sub) is sub


def test_every_operator_and_function_with_a_fast_path_is_found():
    for name in ("__add__", "__rsub__", "__truediv__", "__rtruediv__", "__lt__", "maximum"):
        assert name in BINARY
    for name in ("__neg__", "negative", "sqrt", "exp", "sign", "isnan", "floor"):
        assert name in UNARY
    assert REDUCTIONS == ["mean", "sum"]
    assert "clip" in FAST


@pytest.mark.parametrize("name", ["add", "__rsub__", "maximum", "sqrt", "__neg__", "sum", "clip"])
def test_a_fast_path_looks_like_its_checked_method(name):
    f = FAST[name]
    checked = inspect.unwrap(f)
    assert inspect.isfunction(checked) and checked is not f
    for attribute in ("__name__", "__qualname__", "__doc__", "__module__"):
        assert getattr(f, attribute) == getattr(checked, attribute)
    assert inspect.signature(f) == inspect.signature(checked)
    assert inspect.isroutine(f)
    t = ut.astensor(np.zeros(2, dtype=np.float32))
    bound = getattr(t, name)
    assert bound.__self__ is t and bound.__func__ is f
    assert inspect.signature(bound) == inspect.signature(checked.__get__(t))
    assert f.__get__(None, ut.Tensor) is f


# ------------------------------------------------------------------ operands


def _other_framework(backend):
    """A backend other than ``backend`` among the selected ones (None if there is none)."""
    others = [b for b in selected_backends() if b != backend]
    return others[0] if others else None


def _selves(backend):
    """The tensors the fast paths are called on, by label."""
    values = np.array([[-1.5, -0.0, 0.0], [2.0, np.inf, np.nan]])
    return {
        "float32": make(backend, values.astype(np.float32)),
        "float64": make(backend, values),
        "float16": make(backend, values.astype(np.float16)),
        "int32": make(backend, np.array([[-2, 0, 3], [4, 5, 6]], dtype=np.int32)),
        "bool": make(backend, np.array([[True, False, True], [False, True, False]])),
        "complex64": make(backend, (values + 1j).astype(np.complex64)),
    }


def _others(backend):
    """The second operands, by label."""
    f32 = np.array([[0.5, -2.0, 0.0], [-0.0, 3.0, 1.0]], dtype=np.float32)
    others = {
        "float": 2.5,
        "negative float": -0.75,
        "float zero": 0.0,
        "float negative zero": -0.0,
        "float nan": math.nan,
        "int": 3,
        "int zero": 0,
        "huge int": 10**400,
        "True": True,
        "False": False,
        "complex": 1j,
        "None": None,
        "string": "a",
        "numpy scalar": np.float64(2.0),
        "float32 same shape": make(backend, f32),
        "float64 same shape": make(backend, f32.astype(np.float64)),
        "float32 broadcast": make(backend, f32[0]),
        "float32 bad shape": make(backend, np.ones(4, dtype=np.float32)),
        "int32 same shape": make(backend, np.ones((2, 3), dtype=np.int32)),
        "bool same shape": make(backend, np.ones((2, 3), dtype=bool)),
        "native float32": make(backend, f32).raw,
    }
    other = _other_framework(backend)
    if other is not None:
        others["other framework"] = make(other, f32)
    return others


# ------------------------------------------------------------------ comparison


def _outcome(f, *args):
    """("value", class, dtype, shape, values, signs) or ("raised", type, message)."""
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        try:
            out = f(*args)
        except Exception as e:
            return ("raised", type(e), str(e))
    assert ut.istensor(out)
    values = to_numpy(out)
    signs = np.signbit(values.real) if values.dtype.kind in "fc" else None
    return ("value", type(out), out.dtype, out.shape, values, signs)


def _same(c, p):
    assert c[0] == p[0], f"C {c} and Python {p} differ"
    if c[0] == "raised":
        assert c[1:] == p[1:]
        return
    assert c[1:4] == p[1:4]
    np.testing.assert_array_equal(c[4], p[4])  # (NaN equal to NaN)
    if c[5] is not None:
        np.testing.assert_array_equal(c[5], p[5])


def _backends_fast_path(backend, name):
    """The fast path ``name`` of the backend's class (TensorFlow's operators call primitives)."""
    f = getattr(type(make(backend, np.zeros(1, np.float32))), name)
    assert _base.pure_python(f).__code__.co_filename == "<string>"  # a template's
    return f


@pytest.mark.parametrize("name", BINARY)
def test_binary_fast_paths_equal_the_templates(backend, name):
    f = _backends_fast_path(backend, name)
    python = _base.pure_python(f)
    assert (python is f) == (not _base.SPEEDUPS)
    others = _others(backend)
    kinds = set()
    for self_label, t in _selves(backend).items():
        for other_label, other in others.items():
            c, p = _outcome(f, t, other), _outcome(python, t, other)
            try:
                _same(c, p)
            except AssertionError as e:
                raise AssertionError(f"{name}({self_label}, {other_label}): {e}") from None
            kinds.add(c[0])
    assert kinds == {"value", "raised"}  # both compared


@pytest.mark.parametrize("name", UNARY)
def test_unary_fast_paths_equal_the_templates(backend, name):
    f = _backends_fast_path(backend, name)
    python = _base.pure_python(f)
    for label, t in _selves(backend).items():
        try:
            _same(_outcome(f, t), _outcome(python, t))
        except AssertionError as e:
            raise AssertionError(f"{name}({label}): {e}") from None


def test_division_by_a_zero_scalar_keeps_its_sign(backend):
    t = make(backend, np.array([1.0, -2.0], dtype=np.float32))
    fast = _backends_fast_path(backend, "__truediv__")
    for f in (fast, _base.pure_python(fast)):
        with np.errstate(all="ignore"):
            np.testing.assert_array_equal(to_numpy(f(t, -0.0)), [-np.inf, np.inf])
            np.testing.assert_array_equal(to_numpy(f(t, 0)), [np.inf, -np.inf])


@pytest.mark.parametrize(
    "call",
    [
        lambda f, t: f(t),
        lambda f, t: f(t, 1.0, 2.0),
        lambda f, t: f(t, other=1.0),
        lambda f, t: f(self=t, other=1.0),
        lambda f, t: f(t, oops=1.0),
        lambda f, t: f(None, 1.0),
        lambda f, t: f(np.zeros(2), 1.0),
    ],
    ids=["one argument", "three", "keyword", "keywords", "unknown keyword", "None", "ndarray"],
)
def test_unusual_calls_behave_as_the_template(call):
    t = ut.astensor(np.array([1.0, 2.0], dtype=np.float32))
    f = FAST["subtract"]
    _same(_outcome(lambda: call(f, t)), _outcome(lambda: call(_base.pure_python(f), t)))


def test_a_tensor_without_raw_behaves_as_the_template():
    empty = object.__new__(type(ut.astensor(np.zeros(2, dtype=np.float32))))
    t = ut.astensor(np.array([1.0, 2.0], dtype=np.float32))
    calls = ((FAST["add"], (empty, 1.0)), (FAST["add"], (t, empty)), (FAST["exp"], (empty,)))
    for f, args in calls:
        _same(_outcome(f, *args), _outcome(_base.pure_python(f), *args))


# ------------------------------------------------------------------ wrap


class _WithInit(ut.Tensor):
    __slots__ = ()

    def __init__(self, raw):  # never called by wrap
        raise AssertionError("wrap called __init__")


class _WithSetattr(ut.Tensor):
    __slots__ = ()

    def __setattr__(self, name, value):  # called by wrap, as by python_wrap
        raise AttributeError(f"read-only tensor: {name}")


@pytest.mark.parametrize(
    "cls",
    [
        lambda: type(ut.astensor(np.zeros(1))),
        lambda: _WithInit,
        lambda: _WithSetattr,
        lambda: int,
        lambda: object,
        lambda: "not a class",
    ],
    ids=["NumPyTensor", "with __init__", "with __setattr__", "int", "object", "not a class"],
)
def test_wrap_equals_python_wrap(cls):
    raw = np.array([1.0, 2.0])
    outcomes = []
    for wrap in (_base.wrap, _base.python_wrap):
        try:
            out = wrap(cls(), raw)
            outcomes.append(("value", type(out), out.raw is raw))
        except Exception as e:
            outcomes.append(("raised", type(e), str(e)))
    assert outcomes[0] == outcomes[1]


# ------------------------------------------------------------------ references


def test_no_reference_is_leaked():
    """A loop of fast paths (each branch, errors included) keeps references and memory flat."""
    t = ut.astensor(np.ones((3, 3), dtype=np.float32))
    u = ut.astensor(np.ones(2, dtype=np.float32))
    ti = ut.astensor(np.ones(3, dtype=np.int32))
    watched = [t.raw, t.raw.dtype, type(t), 0.5, FAST["__sub__"], type(t)._float_dtypes]

    def loop(n):
        for _ in range(n):
            t - 0.5, 0.5 - t, t + t, t.sqrt(), t / 0, t < 1, t.maximum(t), 3 * t, ti + 1, -ti
            t.add(other=1.0)
            _base.wrap(type(t), t.raw)
            ut.astensor(t.raw), ut.astensor(t), ut.astensor(x=t.raw)
            for bad in (
                lambda: t + u,
                lambda: t.add(),
                lambda: t + 10**400,
                lambda: ut.astensor([1.0]),
            ):
                try:
                    bad()
                except (ValueError, TypeError, OverflowError):
                    pass

    with np.errstate(all="ignore"):
        loop(200)
    gc.collect()
    counts = [sys.getrefcount(x) for x in watched]
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    with np.errstate(all="ignore"):
        loop(5000)
    gc.collect()
    grown = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    assert [sys.getrefcount(x) for x in watched] == counts
    assert grown < 20_000, f"{grown} bytes more after 5000 rounds"


def test_a_class_attribute_set_later_is_seen():
    """The C version reads the class attributes anew once one is set (as the template does)."""
    numpy_tensor = type(ut.astensor(np.zeros(1, dtype=np.float32)))

    class Sub(numpy_tensor):
        __slots__ = ()

    class One:
        exp = staticmethod(lambda a: "one")

    class Two:
        exp = staticmethod(lambda a: "two")

    t = _base.wrap(Sub, np.zeros(2, dtype=np.float32))
    Sub._float_dtypes = {np.dtype(np.float32)}  # (a new class has its own dtype tables)
    for ns in (One, Two):
        Sub._ns = Sub._float_ns = ns  # (_float_ns: what the fast paths of float operands call)
        for f in (FAST["exp"], _base.pure_python(FAST["exp"])):
            assert f(t).raw == ns.exp(None)
    Sub._float_dtypes = set()  # not a float dtype any more: the checked method, which fails
    c, p = _outcome(FAST["exp"], t), _outcome(_base.pure_python(FAST["exp"]), t)
    assert c[0] == "raised"
    _same(c, p)


def test_a_dtype_holder_is_read_where_named_and_present():
    """``dtype_holder``: the fast paths read ``a.<holder>.dtype`` where the float primitives
    name a holder (JAX's ``aval``), and ``a.dtype`` where an array lacks it."""
    numpy_tensor = type(ut.astensor(np.zeros(1, dtype=np.float32)))

    class Holder:
        def __init__(self, dtype):
            self.dtype = dtype

    class Array(np.ndarray):
        @property
        def held(self):
            return Holder(np.dtype(np.int8))  # (a holder that says int8: the checked path)

    # (the Python templates read a.dtype: without the extension, "held" is taken too)
    for holder, taken in (("held", PURE), ("missing", True), (None, True)):

        class Sub(numpy_tensor):
            __slots__ = ()

        class Ns:
            dtype_holder = holder
            exp = staticmethod(lambda a: "fast")

        Sub._float_dtypes = {np.dtype(np.float32)}
        Sub._float_ns = Ns
        t = _base.wrap(Sub, np.zeros(2, dtype=np.float32).view(Array))
        out = FAST["exp"](t)
        assert (isinstance(out.raw, str) and out.raw == "fast") == taken, holder
        if not taken:
            np.testing.assert_array_equal(np.asarray(out.raw), np.ones(2, dtype=np.float32))


def test_a_first_operation_before_the_primitives_load():
    """In a fresh process (a Dask worker receiving a pickled tensor) the first operation is a
    fast path's, which reads ``_float_ns`` before anything loads the primitives."""
    t = ut.astensor(np.arange(3.0, dtype=np.float32))
    for first in ("t * 2", "t.sqrt()", "t.clip(0, 1)", "t.sum()", "t + t"):
        source = (
            "import pickle, numpy as np\n"
            f"t = pickle.loads({pickle.dumps(t)!r})\n"
            f"print(np.asarray(({first}).raw).tolist())\n"
        )
        out = run_python(source)
        assert out.strip() == str(np.asarray(eval(first, {"t": t}).raw).tolist()), first


def test_jax_arrays_and_tracers_take_the_fast_paths_by_their_aval():
    if "jax" not in selected_backends():
        pytest.skip("JAX is not selected")
    import jax
    import jax.numpy as jnp

    assert type(make("jax", np.zeros(1, np.float32)))._float_ns.dtype_holder == "aval"
    x = np.array([-1.5, 0.0, 4.0], dtype=np.float32)

    def f(a):
        t = ut.astensor(a)
        return ((t + t) * 0.5 - t.abs()).sqrt().raw

    expected = np.sqrt(x - np.abs(x))
    np.testing.assert_array_equal(np.asarray(f(jnp.asarray(x))), expected)
    np.testing.assert_array_equal(np.asarray(jax.jit(f)(jnp.asarray(x))), expected)
    i = make("jax", np.array([3, -4], dtype=np.int32))
    check(i.abs(), "jax", np.array([3, 4], dtype=np.int32), np.int32)


def test_an_array_class_whose_dtype_or_shape_changes_later_is_seen():
    """The C version calls an array class's C getters of ``dtype`` and ``shape`` directly,
    kept per class: a property set on the class later (or removed) is seen, as ``getattr``
    sees it in the template, and another C type's getter is refused as ``getattr`` refuses
    it."""

    class Arr(np.ndarray):
        __module__ = "numpy"  # (astensor takes NumPy's own subclasses, found by module)

    t = ut.astensor(np.arange(6, dtype=np.float32).reshape(2, 3).view(Arr))
    other = ut.astensor(np.ones((2, 3), np.float32).view(Arr))
    calls = [(FAST["exp"], (t,)), (FAST["sum"], (t, -1)), (FAST["__add__"], (t, other))]
    read: list[str] = []
    for label in ("getters", "properties", "getters again"):
        if label == "properties":  # (a lying dtype: the checked path, int64's meaning)
            Arr.dtype = property(lambda self: read.append("dtype") or np.dtype(np.int64))
            Arr.shape = property(lambda self: read.append("shape") or (7,))
        elif label == "getters again":
            del Arr.dtype, Arr.shape
        for f, args in calls:
            read.clear()
            c = _outcome(f, *args)
            assert bool(read) == (label == "properties"), (f.__name__, label)  # (C read them)
            p = _outcome(_base.pure_python(f), *args)
            try:
                _same(c, p)
            except AssertionError as e:
                raise AssertionError(f"{f.__name__} with {label}: {e}") from None
            if label != "properties":
                assert c[0] == "value" and c[2] == np.float32
    assert type(vars(Arr).get("dtype")) is not property  # (removed again)
    Arr.dtype = vars(type(lambda: 0))["__name__"]  # (another C type's getter: getattr refuses)
    for f, args in calls:
        c, p = _outcome(f, *args), _outcome(_base.pure_python(f), *args)
        assert c[0] == "raised" and c[1] is TypeError and "doesn't apply" in c[2]
        _same(c, p)
    del Arr.dtype


# ------------------------------------------------------------------ broadcasting operands

BROADCAST_PAIRS = [
    ((2, 3), (3,)),
    ((2, 3), ()),
    ((), (2, 3)),
    ((2, 1), (1, 3)),
    ((1, 2, 3), (2, 1)),
    ((0, 3), (1, 3)),
    ((2, 3), (2,)),  # do not broadcast: the checked path's ShapeError
    ((4, 1, 2, 3), (5, 1, 1)),
    ((1,) * 6 + (2, 3), (3,)),  # rank 8: the fast path's largest
    ((1,) * 7 + (2, 3), (2, 3)),  # rank 9: the checked path
]


@pytest.mark.parametrize("name", BINARY)
def test_broadcasting_tensors_give_the_checked_result(backend, name):
    """Two float tensors of one dtype whose shapes broadcast take the fast path (C and
    Python); results and errors equal the checked method's."""
    f = FAST[name]
    checked, python = inspect.unwrap(f), _base.pure_python(f)
    rng = np.random.default_rng(3)
    for sa, sb in BROADCAST_PAIRS:
        a = make(backend, rng.standard_normal(sa).astype(np.float32))
        b = make(backend, rng.standard_normal(sb).astype(np.float32))
        expected = _outcome(checked, a, b)
        for label, g in (("C", f), ("Python", python)):
            try:
                _same(_outcome(g, a, b), expected)
            except AssertionError as e:
                raise AssertionError(f"{label} {name}({sa}, {sb}): {e}") from None


def test_a_broadcast_sum_equals_numpy(backend):
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = np.array([0.5, -1.0, 2.0], dtype=np.float32)
    check(make(backend, a) + make(backend, b), backend, a + b, np.float32)


@pytest.mark.parametrize(
    "sa, sb",
    [*BROADCAST_PAIRS, ((3,), (4,)), ((2, 0), (2, 1)), ((2, 0), (3,)), ((5,), (1, 5))],
)
def test_broadcastable_is_numpys_rule(sa, sb):
    from unitensor._broadcast import FAST_RANK, broadcastable

    try:
        np.broadcast_shapes(sa, sb)
        numpy_says = True
    except ValueError:
        numpy_says = False
    small = len(sa) <= FAST_RANK and len(sb) <= FAST_RANK
    assert broadcastable(sa, sb) == (numpy_says and small)


def test_broadcastable_refuses_unknown_sizes():
    from unitensor._broadcast import broadcastable

    assert not broadcastable((2, math.nan), (3,))  # Dask's unknown size
    assert not broadcastable((2, None), (3,))  # a TensorFlow graph's
    assert not broadcastable((np.int64(2),), (1,))  # only Python ints are read
    if "tensorflow" in selected_backends():
        import tensorflow as tf

        assert not broadcastable(tf.TensorShape(None), (3,))  # unknown rank
        assert broadcastable(tf.TensorShape([2, 3]), (3,))


def test_unknown_sizes_of_a_tensorflow_graph_broadcast_when_it_runs():
    """None sizes are checked by TensorFlow when the graph runs, as Dask's nan when it computes."""
    if "tensorflow" not in selected_backends():
        pytest.skip("TensorFlow is not selected")
    import tensorflow as tf

    spec = [tf.TensorSpec([None, 3]), tf.TensorSpec([None])]

    @tf.function(input_signature=spec, autograph=False)
    def add(a, b):
        return (ut.astensor(a) + ut.astensor(b)).raw

    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = np.array([1.0, 2.0, 3.0], dtype=np.float32)
    np.testing.assert_array_equal(add(tf.constant(a), tf.constant(b)).numpy(), a + b)
    with pytest.raises(tf.errors.InvalidArgumentError):
        add(tf.constant(a), tf.constant(b[:2]))


# ------------------------------------------------------------------ reductions and clip


def _three_ways(f, label, *args, **kwargs):
    """The C fast path, its Python template and the checked method give one outcome."""
    checked, python = inspect.unwrap(f), _base.pure_python(f)
    expected = _outcome(lambda: checked(*args, **kwargs))
    for way, g in (("C", f), ("Python", python)):
        try:
            _same(_outcome(lambda g=g: g(*args, **kwargs)), expected)
        except AssertionError as e:
            raise AssertionError(f"{way} {label}: {e}") from None
    return expected[0]


_REDUCTION_CALLS = {
    "no arguments": ((), {}),
    "None": ((None,), {}),
    "axis 0": ((0,), {}),
    "axis -1": ((-1,), {}),
    "axis 1, keepdims": ((1, True), {}),
    "keyword axis -2": ((), {"axis": -2}),
    "keyword keepdims": ((), {"keepdims": True}),
    "keepdims False": ((0, False), {}),
    "axis tuple": (((0, 1),), {}),
    "empty tuple": (((),), {}),
    "axis out of range": ((2,), {}),
    "axis -3": ((-3,), {}),
    "huge axis": ((10**30,), {}),
    "float axis": ((1.0,), {}),
    "bool axis": ((True,), {}),
    "numpy axis": ((np.int64(1),), {}),
    "string axis": (("a",), {}),
    "keepdims 1": ((0, 1), {}),
    "numpy keepdims": ((0, np.bool_(True)), {}),
    "unknown keyword": ((), {"oops": 1}),
    "axis twice": ((0,), {"axis": 1}),
    "too many": ((0, False, None, None), {}),
}


@pytest.mark.parametrize("name", ["sum", "mean"])
def test_reduction_fast_paths_equal_the_templates_and_the_checked_method(backend, name):
    f = _backends_fast_path(backend, name)
    selves = _selves(backend)
    selves["float32 rank 3"] = make(backend, np.arange(24, dtype=np.float32).reshape(2, 3, 4))
    selves["float32 rank 0"] = make(backend, np.array(2.5, dtype=np.float32))
    selves["float32 empty"] = make(backend, np.zeros((0, 3), dtype=np.float32))
    calls = dict(_REDUCTION_CALLS)
    if name == "sum":
        calls["dtype None"] = ((), {"dtype": None})
        calls["dtype float64"] = ((0,), {"dtype": "float64"})
        calls["dtype by position"] = ((None, False, "float64"), {})
    kinds = set()
    for self_label, t in selves.items():
        for call_label, (args, kwargs) in calls.items():
            kinds.add(_three_ways(f, f"{name}({self_label}, {call_label})", t, *args, **kwargs))
    assert kinds == {"value", "raised"}


def test_reductions_of_floats_equal_numpy(backend):
    x = np.random.default_rng(5).standard_normal((3, 4, 5))
    for dtype in (np.float32, np.float64):
        t = make(backend, x.astype(dtype))
        for axis in (None, 0, -1, 1):
            for keepdims in (False, True):
                expect_sum = np.sum(x.astype(dtype), axis=axis, keepdims=keepdims)
                expect_mean = np.mean(x.astype(dtype), axis=axis, keepdims=keepdims)
                check(t.sum(axis, keepdims), backend, expect_sum, dtype, atol=1e-5)
                check(t.mean(axis=axis, keepdims=keepdims), backend, expect_mean, dtype, atol=1e-5)


@pytest.mark.parametrize("name", BINARY)
def test_one_tensor_twice_equals_the_template_the_checked_method_and_numpy(backend, name):
    """``t op t`` (one array twice, whose shape the fast paths then do not read) gives what
    the template and the checked method give, and NumPy's values for the operators."""
    f = _backends_fast_path(backend, name)
    selves = _selves(backend)
    selves["float32 empty"] = make(backend, np.zeros((0, 3), dtype=np.float32))
    selves["float32 0-d"] = make(backend, np.array(-2.5, dtype=np.float32))
    for label, t in selves.items():
        _three_ways(f, f"{name}({label}, itself)", t, t)
    operators = {"__add__": np.add, "__sub__": np.subtract, "__mul__": np.multiply}
    if name in operators:
        x = np.array([[-1.5, -0.0, 0.0], [2.0, np.inf, np.nan]], dtype=np.float32)
        t = make(backend, x)
        with np.errstate(invalid="ignore"):
            check(f(t, t), backend, operators[name](x, x), np.float32, rtol=0, atol=0)


def test_one_nested_torch_tensor_twice_raises_as_the_checked_method():
    """A nested tensor has no shape to read: ``t + t`` raises as ``t + u`` and the checked
    method do (the fast paths read one array's shape once, for its errors)."""
    torch = pytest.importorskip("torch")
    nested = torch.nested.nested_tensor([torch.tensor([1.0, 2.0]), torch.tensor([3.0])])
    t = ut.astensor(nested)
    for name in ("__add__", "__mul__", "__lt__", "maximum"):
        _three_ways(getattr(type(t), name), f"{name}(nested, itself)", t, t)


_CLIP_BOUNDS = {
    "ints": (0, 1),
    "ints at 2048": (-2048, 2048),
    "ints past 2048": (-2049, 2049),
    "big ints": (-(2**53) - 1, 2**62),
    "floats": (-0.5, 1.5),
    "zeros": (-0.0, 0.0),
    "reversed": (1.0, 0.0),
    "nan bound": (math.nan, 1),
    "infinities": (-math.inf, math.inf),
    "beyond float32": (-1e300, 1e300),
    "huge int": (10**400, 1),
    "bool": (True, 2),
    "None": (None, 1.0),
    "numpy scalar": (np.float64(0.0), 1),
    "string": (0, "a"),
    "complex": (0, 1j),
}


def test_the_clip_fast_path_equals_its_template_and_the_checked_method(backend):
    f = _backends_fast_path(backend, "clip")
    tensor_bound = make(backend, np.array([0.0, 0.5, -1.0], dtype=np.float32))
    kinds = set()
    for self_label, t in _selves(backend).items():
        for bounds_label, (lo, hi) in {**_CLIP_BOUNDS, "tensor": (tensor_bound, 2.0)}.items():
            kinds.add(_three_ways(f, f"clip({self_label}, {bounds_label})", t, lo, hi))
        kinds.add(_three_ways(f, f"clip({self_label}, keywords)", t, min_=0, max_=1))
        kinds.add(_three_ways(f, f"clip({self_label}, one bound)", t, 0))
    assert kinds == {"value", "raised"}


def test_clip_to_numbers_equals_numpy(backend):
    x = np.array([[-2.0, -0.0, 0.25], [0.75, np.inf, np.nan]])
    for dtype in (np.float32, np.float64):
        for lo, hi in ((0, 1), (-0.5, 0.5), (1.0, 0.0)):
            expected = np.clip(x.astype(dtype), dtype(lo), dtype(hi))
            check(make(backend, x.astype(dtype)).clip(lo, hi), backend, expected, dtype)


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
def test_clip_to_ints_equals_numpy(backend, dtype):
    """Int bounds (PyTorch's fast path passes those in [-2048, 2048] as ints, the rest as
    floats) give NumPy's values, float16's included."""
    x = np.array([-3000.0, -2049.0, -2.0, -0.0, 0.5, 3.0, 2047.0, 2050.0, np.inf, np.nan])
    for lo, hi in ((0, 1), (-2048, 2048), (-2049, 2049), (3, -3), (-1, 2**40)):
        with np.errstate(over="ignore"):
            expected = np.clip(x.astype(dtype), lo, hi)
        check(make(backend, x.astype(dtype)).clip(lo, hi), backend, expected, dtype)


def test_clip_bounds_beyond_the_dtype_round_as_numpy_rounds_them(backend):
    """A bound past the largest finite value is the dtype's rounding of it (NumPy's):
    the largest value where it rounds down to it, infinity beyond."""
    cases = [
        (np.float16, 65519, 65520),
        (np.float32, 3.4028235e38, 3.5e38),
        (np.float32, -1e300, 1e300),
        (np.float64, -1.0, 2.0),
    ]
    for dtype, lo, hi in cases:
        x = np.array([0.0, 1.0, -5.0], dtype=dtype)
        with np.errstate(over="ignore"):
            expected = np.clip(x, lo, hi)
        check(make(backend, x).clip(lo, hi), backend, expected, dtype)


class _LyingFloat:
    """An object that says it is a float (``__class__``) and converts to one."""

    __class__ = float  # type: ignore[assignment]

    def __float__(self):
        return 0.0


def test_clip_tests_the_bounds_real_types_in_every_path():
    t = ut.astensor(np.array([-1.0, 0.5, 2.0], dtype=np.float32))
    f = FAST["clip"]
    assert _three_ways(f, "clip(float32, lying bound)", t, _LyingFloat(), 1.0) in {
        "value",
        "raised",
    }


def test_sum_of_unknown_rank_in_a_tensorflow_graph():
    """axis=None needs no rank: a TensorFlow graph's tensor of unknown rank sums (float32
    by the fast path, float16 by the checked path)."""
    if "tensorflow" not in selected_backends():
        pytest.skip("TensorFlow is not selected")
    import tensorflow as tf

    for dtype, np_dtype in ((tf.float32, np.float32), (tf.float16, np.float16)):

        @tf.function(input_signature=[tf.TensorSpec(None, dtype)])
        def total(x):
            return ut.astensor(x).sum().raw

        x = np.arange(6, dtype=np_dtype).reshape(2, 3)
        out = total(tf.constant(x))
        assert out.dtype == dtype
        assert float(out) == float(np.sum(x))
