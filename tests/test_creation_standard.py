"""The standard's creation and data type functions (Array API 2025.12), on every backend.

empty, empty_like, eye, linspace, tril, triu (methods, on a template's framework and
device, or of the matrix itself), and the functions of dtypes finfo, iinfo, isdtype,
result_type, can_cast with the constants e and pi: against NumPy 2 computed directly
(result_type against unitensor's documented promotion rule), with the same unitensor
exception on every backend for bad input.
"""

import math
import warnings

import ml_dtypes
import numpy as np
import pytest

import unitensor as ut
from conftest import as_np_dtype, check, expected_dtype, make, randint, randn

# JAX without 64-bit mode warns where int64 / float64 is asked for (documented)
pytestmark = pytest.mark.filterwarnings("ignore:JAX holds:UserWarning")

F32 = randn(2, 3)
TEMPLATES = {"float32": F32, "int32": randint(2, 3), "bool": randint(2, 3) > 0}
NAMES = (
    "bool int8 int16 int32 int64 uint8 uint16 uint32 uint64 "
    "float16 float32 float64 complex64 complex128"
).split()  # NumPy's (bfloat16 aside)
KINDS = [
    "bool",
    "signed integer",
    "unsigned integer",
    "integral",
    "real floating",
    "complex floating",
    "numeric",
    ("bool", "real floating"),
    ("unsigned integer", "complex floating"),
]


def native_dtype(backend, name):
    """The framework's own dtype object of that name (without unitensor)."""
    if backend == "numpy":
        return np.dtype(name)
    if backend == "torch":
        import torch

        return getattr(torch, name)
    if backend == "tensorflow":
        import tensorflow as tf

        return tf.as_dtype(name)
    import jax.numpy as jnp

    return jnp.dtype(name)


BF16 = np.dtype(ml_dtypes.bfloat16)


def dtype_class(backend):
    """The class of the framework's dtypes (NumPy's, for NumPy and JAX)."""
    native = native_dtype(backend, "float32")
    return np.dtype if isinstance(native, np.dtype) else type(native)


def held(backend, name):
    """Whether ``backend`` holds arrays of dtype ``name`` (JAX without 64-bit mode does not)."""
    return name == "bfloat16" or expected_dtype(backend, name) == np.dtype(name)


def check_bfloat16(out, backend, expected):
    """As ``check`` for a bfloat16 result (which PyTorch cannot give NumPy directly)."""
    assert out.dtype == ut.bfloat16 and out.backend == backend
    got = np.asarray(out.numpy()).astype(np.float32)
    np.testing.assert_array_equal(got, np.asarray(expected).astype(BF16).astype(np.float32))


def forms(backend, template, name, *args, **kwargs):
    yield getattr(make(backend, template), name)(*args, **kwargs)
    yield getattr(ut, name)(make(backend, template), *args, **kwargs)


# ------------------------------------------------------------------ empty, empty_like


@pytest.mark.parametrize("tname", list(TEMPLATES))
@pytest.mark.parametrize(
    ("shape", "dtype"), [((2, 3), None), (4, "int8"), ((), "bool"), ((0, 2), "float16")]
)
def test_empty(backend, tname, shape, dtype):
    t = TEMPLATES[tname]
    want = t.dtype if dtype is None else np.dtype(dtype)
    for out in forms(backend, t, "empty", shape, dtype=dtype):
        check(out, backend, np.zeros(shape, want))  # documented: zeros


@pytest.mark.parametrize("tname", list(TEMPLATES))
@pytest.mark.parametrize("dtype", [None, "float32", "uint8"])
def test_empty_like(backend, tname, dtype):
    t = TEMPLATES[tname]
    want = t.dtype if dtype is None else np.dtype(dtype)
    for out in forms(backend, t, "empty_like", dtype=dtype):
        check(out, backend, np.zeros(t.shape, want))
        assert out.device == make(backend, t).device


def test_empty_refuses(backend):
    with pytest.raises(ut.ShapeError):
        make(backend, F32).empty((2, -1))
    with pytest.raises(ut.DTypeError):
        make(backend, F32).empty(2, dtype="float128")


# ------------------------------------------------------------------ eye


@pytest.mark.parametrize(
    ("n_rows", "n_cols", "k", "dtype"),
    [
        (3, None, 0, None),
        (2, 4, 1, "int64"),
        (4, 2, -1, "bool"),
        (3, 3, 5, "float16"),
        (3, 3, -3, "complex64"),
        (0, None, 0, None),
        (2, 0, 0, "int64"),
        (1, 1, 0, "bool"),
        (2, 3, -1, "float64"),
        (4, 4, 2, None),
        (3, 2, -2, "complex64"),
    ],
    ids=repr,
)
def test_eye(backend, n_rows, n_cols, k, dtype):
    want = np.float32 if dtype is None else dtype
    expected = np.eye(n_rows, n_cols, k, dtype=want)
    for out in forms(backend, F32, "eye", n_rows, n_cols, k=k, dtype=dtype):
        check(out, backend, expected, want)


def test_eye_template_dtype_and_bfloat16(backend):
    check(make(backend, TEMPLATES["int32"]).eye(2), backend, np.eye(2, dtype=np.int32))
    check(ut.eye(make(backend, TEMPLATES["bool"]), 2, 3), backend, np.eye(2, 3, dtype=bool))
    check_bfloat16(make(backend, F32).eye(3, k=1, dtype=ut.bfloat16), backend, np.eye(3, k=1))


@pytest.mark.parametrize(
    ("args", "error"),
    [
        ((-1,), ut.ShapeError),
        ((2, -2), ut.ShapeError),
        ((2.0,), TypeError),
        ((2, 2, 0.5), TypeError),
    ],
    ids=repr,
)
def test_eye_refuses(backend, args, error):
    with pytest.raises(error):
        make(backend, F32).eye(*args)


# ------------------------------------------------------------------ linspace


@pytest.mark.parametrize(
    ("start", "stop", "num", "endpoint"),
    [
        (0, 1, 5, True),
        (0, 1, 5, False),
        (-3, 7.5, 11, True),
        (2, 2, 1, True),
        (0, 1, 0, True),
        (1, 0, 4, True),
        (0.1, 0.7, 7, False),
        (1, 2, 1, False),
    ],
    ids=repr,
)
@pytest.mark.parametrize("dtype", [None, "float64", "int32"])
def test_linspace(backend, start, stop, num, endpoint, dtype):
    want = np.dtype(np.float32 if dtype is None else dtype)
    expected = np.linspace(start, stop, num, endpoint=endpoint, dtype=want)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # JAX without 64-bit mode narrows float64
        for out in forms(backend, TEMPLATES["int32"], "linspace", start, stop, num, dtype=dtype,
                         endpoint=endpoint):  # fmt: skip
            if not held(backend, want.name):
                expected = expected.astype(np.float32)
            got = check(out, backend, expected, want)
            np.testing.assert_array_equal(got, expected)  # NumPy's values, exactly


def test_linspace_complex_and_half(backend):
    t = make(backend, F32)
    expected = np.linspace(-1, 2, 9, dtype=np.float16)
    got = check(t.linspace(-1, 2, 9, dtype="float16"), backend, expected)
    np.testing.assert_array_equal(got, expected)
    expected = np.linspace(1 + 2j, 3, 4, dtype=np.complex64)
    check(t.linspace(1 + 2j, 3, 4), backend, expected)
    check(
        ut.linspace(t, 0, 1j, 3, endpoint=False),
        backend,
        np.linspace(0, 1j, 3, False, dtype=np.complex64),
    )
    check_bfloat16(t.linspace(0, 3, 7, dtype="bfloat16"), backend, np.linspace(0, 3, 7))


@pytest.mark.parametrize(
    ("args", "kwargs", "error"),
    [
        ((0, 1, -1), {}, ut.ShapeError),
        ((0, 1, 2.5), {}, TypeError),
        ((1j, 2, 3), {"dtype": "float32"}, ut.DTypeError),
        ((0, "1", 3), {}, TypeError),
        ((0, 1, 3), {"dtype": "float8"}, ut.DTypeError),
    ],
    ids=["negative", "float_num", "complex_real", "string", "dtype"],
)
def test_linspace_refuses(backend, args, kwargs, error):
    with pytest.raises(error):
        make(backend, F32).linspace(*args, **kwargs)


# ------------------------------------------------------------------ tril, triu


MATRICES = {
    "3x3 float32": np.arange(1, 10, dtype=np.float32).reshape(3, 3),
    "2x4 int64": np.arange(1, 9, dtype=np.int64).reshape(2, 4),
    "4x2 bool": (np.arange(8).reshape(4, 2) % 3) > 0,
    "2x2x3 float16": np.arange(12, dtype=np.float16).reshape(2, 2, 3),
    "0x3 float32": np.zeros((0, 3), np.float32),
    "2x3 complex64": (np.arange(6) * (1 + 1j)).astype(np.complex64).reshape(2, 3),
}


@pytest.mark.parametrize("name", ["tril", "triu"])
@pytest.mark.parametrize("matrix", list(MATRICES))
@pytest.mark.parametrize("k", [0, -1, 3])
def test_tril_triu(backend, name, matrix, k):
    x = MATRICES[matrix]
    for out in forms(backend, x, name, k=k):
        check(out, backend, getattr(np, name)(x, k))


def test_tril_triu_default_and_nan(backend):
    x = np.array([[1.0, np.nan], [np.inf, 2.0]], np.float32)
    check(make(backend, x).tril(), backend, np.tril(x))
    check(ut.triu(make(backend, x)), backend, np.triu(x))
    y = MATRICES["2x4 int64"]
    check(make(backend, y).tril(1), backend, np.tril(y, 1))
    check(make(backend, y).triu(-5), backend, np.triu(y, -5))


@pytest.mark.parametrize("name", ["tril", "triu"])
def test_tril_triu_refuse(backend, name):
    for x in (np.zeros(3, np.float32), np.array(1.0)):
        with pytest.raises(ut.ShapeError):
            getattr(make(backend, x), name)()
    with pytest.raises(TypeError):
        getattr(make(backend, F32), name)(0.5)


# ------------------------------------------------------------------ finfo, iinfo


def _limits(name):
    return ml_dtypes.finfo(ml_dtypes.bfloat16) if name == "bfloat16" else np.finfo(np.dtype(name))


@pytest.mark.parametrize(
    "name", ["float16", "bfloat16", "float32", "float64", "complex64", "complex128"]
)
def test_finfo(backend, name):
    real = {"complex64": "float32", "complex128": "float64"}.get(name, name)
    info = _limits(real)
    args = [
        (getattr(ut, name), getattr(ut, real)),
        (name, getattr(ut, real)),
        (native_dtype(backend, name), native_dtype(backend, real)),
    ]
    if held(backend, name):
        t = make(backend, np.zeros(2, BF16 if name == "bfloat16" else name))
        args.append((t, native_dtype(backend, real)))
        args.append((t.raw, native_dtype(backend, real)))
    for arg, dtype in args:
        out = ut.finfo(arg)
        assert (out.bits, out.eps, out.max, out.min, out.smallest_normal) == (
            int(info.bits), float(info.eps), float(info.max), float(info.min),
            float(info.smallest_normal),
        )  # fmt: skip
        assert all(type(v) is float for v in (out.eps, out.max, out.min, out.smallest_normal))
        assert type(out.bits) is int
        assert out.dtype == dtype and type(out.dtype) is type(dtype), (arg, out.dtype)


@pytest.mark.parametrize("name", [n for n in NAMES if n[0] in "iu"])
def test_iinfo(backend, name):
    info = np.iinfo(np.dtype(name))
    args = [(getattr(ut, name), getattr(ut, name)), (native_dtype(backend, name),) * 2]
    if held(backend, name):
        t = make(backend, np.zeros(2, name))
        args.append((t, t.dtype))
    for arg, dtype in args:
        out = ut.iinfo(arg)
        assert (out.bits, out.max, out.min) == (info.bits, int(info.max), int(info.min))
        assert type(out.max) is int and type(out.min) is int
        assert out.dtype == dtype and type(out.dtype) is type(dtype)


def test_finfo_iinfo_refuse(backend):
    for bad in ("int32", ut.bool, make(backend, np.zeros(2, np.int32))):
        with pytest.raises(ut.DTypeError):
            ut.finfo(bad)
    for bad in ("float32", ut.bool, native_dtype(backend, "bool"), make(backend, F32)):
        with pytest.raises(ut.DTypeError):
            ut.iinfo(bad)
    for bad in ("float8", object(), 3):
        with pytest.raises(ut.DTypeError):
            ut.finfo(bad)


# ------------------------------------------------------------------ isdtype


@pytest.mark.parametrize("name", NAMES)
def test_isdtype(backend, name):
    for kind in [*KINDS, np.dtype(name), np.dtype("float32")]:
        expected = np.isdtype(np.dtype(name), kind)
        ut_kind = kind if not isinstance(kind, np.dtype) else getattr(ut, kind.name)
        for dt in (getattr(ut, name), name, native_dtype(backend, name)):
            assert ut.isdtype(dt, ut_kind) == expected, (dt, kind)
        assert ut.isdtype(native_dtype(backend, name), kind) == expected


def test_isdtype_bfloat16_and_refuses(backend):
    bf16 = native_dtype(backend, "bfloat16")
    assert ut.isdtype(bf16, "real floating") and ut.isdtype(bf16, "numeric")
    assert not ut.isdtype(bf16, "integral") and ut.isdtype(bf16, ut.bfloat16)
    with pytest.raises(ValueError, match="kind"):
        ut.isdtype(ut.float32, "floating")
    with pytest.raises(ut.DTypeError):
        ut.isdtype(make(backend, F32), "numeric")
    with pytest.raises(ut.DTypeError):
        ut.isdtype("float8", "numeric")


# ------------------------------------------------------------------ result_type, can_cast

# unitensor's documented rule (unitensor.dtypes): within a kind NumPy's promotion; across
# kinds the higher kind keeps its own width; Python scalars never widen.
RESULT_TYPES = [
    (("int64", "float32"), "float32"),
    (("int8", "uint8"), "int16"),
    (("uint64", "int64"), "float64"),
    (("float16", "bfloat16"), "float32"),
    (("bfloat16", "float64"), "float64"),
    (("bool", "int8"), "int8"),
    (("float32", "complex64"), "complex64"),
    (("float64", "complex64"), "complex128"),
    (("int32", "int16", "uint16"), "int32"),
    (("int8", 1.5), "float32"),
    (("int8", 1000), "int8"),
    (("bool", 1), "int64"),
    (("bool", True), "bool"),
    (("float16", 2), "float16"),
    (("float64", 1j), "complex128"),
    (("float32", 1j), "complex64"),
    ((3, "uint8", 2.5), "float32"),
    (("float32",), "float32"),
]


@pytest.mark.parametrize(("args", "want"), RESULT_TYPES, ids=repr)
def test_result_type(backend, args, want):
    is_name = [isinstance(a, str) for a in args]
    as_ut = [getattr(ut, a) if s else a for a, s in zip(args, is_name, strict=True)]
    out = ut.result_type(*as_ut)
    assert out == getattr(ut, want) and isinstance(out, ut.DType)
    assert ut.result_type(*args) == getattr(ut, want)
    native = [native_dtype(backend, a) if s else a for a, s in zip(args, is_name, strict=True)]
    out = ut.result_type(*native)
    assert out == getattr(ut, want) and isinstance(out, dtype_class(backend))
    if all(held(backend, a) for a, s in zip(args, is_name, strict=True) if s):
        tensors = [make(backend, np.zeros(1, BF16 if a == "bfloat16" else a)) if s else a
                   for a, s in zip(args, is_name, strict=True)]  # fmt: skip
        out = ut.result_type(*tensors)
        assert isinstance(out, dtype_class(backend))
        if want == "bfloat16":
            assert out == ut.bfloat16
        else:
            assert as_np_dtype(out) == expected_dtype(backend, want)


def test_result_type_refuses(backend):
    with pytest.raises(ValueError):
        ut.result_type()
    with pytest.raises(ValueError):
        ut.result_type(1, 2.0)
    with pytest.raises(ut.DTypeError):
        ut.result_type(ut.float32, "float8")
    other = "jax" if backend == "torch" else "torch"
    with pytest.raises(ut.FrameworkMixError):
        ut.result_type(make(backend, F32), make(other, F32))


@pytest.mark.parametrize("source", NAMES)
def test_can_cast(backend, source):
    for target in NAMES:
        expected = np.can_cast(np.dtype(source), np.dtype(target))
        assert ut.can_cast(getattr(ut, source), getattr(ut, target)) == expected, (source, target)
        got = ut.can_cast(native_dtype(backend, source), native_dtype(backend, target))
        assert got == expected, (source, target)
    if held(backend, source):
        t = make(backend, np.zeros(1, source))
        assert ut.can_cast(t, "float64") == np.can_cast(np.dtype(source), np.float64)


def test_can_cast_bfloat16_and_refuses(backend):
    bf16 = native_dtype(backend, "bfloat16")
    assert [n for n in NAMES if ut.can_cast(n, bf16)] == ["bool", "int8", "uint8"]
    assert [n for n in NAMES if ut.can_cast(bf16, n)] == ["float32", "float64", "complex64",
                                                          "complex128"]  # fmt: skip
    with pytest.raises(ut.DTypeError):
        ut.can_cast(ut.float32, make(backend, F32))
    with pytest.raises(ut.DTypeError):
        ut.can_cast(1.0, ut.float32)


def test_constants():
    assert ut.e == math.e and type(ut.e) is float
    assert ut.pi == math.pi and type(ut.pi) is float
    assert ut.pi == np.pi and ut.e == np.e
