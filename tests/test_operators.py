"""Python operators on tensors: arithmetic, reflected forms, comparisons, bitwise,
unary operators, scalar promotion and mixed-dtype promotion."""

import operator

import numpy as np
import pytest

import unitensor as ut
from conftest import check, expected_dtype, make, randint, randn

X = randn(2, 3)
Y = np.abs(randn(2, 3, seed=7)) + 0.5  # no zeros: safe divisor, positive base
XI = randint(2, 3, low=-7, high=8)
YI = randint(2, 3, low=1, high=5, seed=9) * np.where(randint(2, 3, seed=3) > 0, 1, -1).astype(
    np.int32
)  # non-zero, both signs
EXP_I = randint(2, 3, low=0, high=4, seed=11)  # small non-negative exponents
B1 = np.array([[True, False, True], [False, False, True]])
B2 = np.array([[True, True, False], [False, True, True]])

FLOAT_OPS = {
    "add": operator.add,
    "sub": operator.sub,
    "mul": operator.mul,
    "truediv": operator.truediv,
    "floordiv": operator.floordiv,
    "mod": operator.mod,
}
COMPARISONS = {
    "eq": operator.eq,
    "ne": operator.ne,
    "lt": operator.lt,
    "le": operator.le,
    "gt": operator.gt,
    "ge": operator.ge,
}


# ------------------------------------------------------------ tensor (op) tensor


@pytest.mark.parametrize("name", list(FLOAT_OPS))
def test_float32_binary(backend, name):
    op = FLOAT_OPS[name]
    check(op(make(backend, X), make(backend, Y)), backend, op(X, Y))
    check(op(make(backend, Y), make(backend, X)), backend, op(Y, X))


def test_float32_pow(backend):
    check(make(backend, Y) ** make(backend, X), backend, Y**X)


@pytest.mark.parametrize("name", ["add", "sub", "mul", "floordiv", "mod"])
def test_int32_binary_keeps_int32(backend, name):
    op = FLOAT_OPS[name]
    expected = op(XI, YI)
    assert expected.dtype == np.int32
    check(op(make(backend, XI), make(backend, YI)), backend, expected)


def test_int32_pow(backend):
    expected = XI**EXP_I
    check(make(backend, XI) ** make(backend, EXP_I), backend, expected, np.int32)


def test_int_true_division_gives_float32(backend):
    # NumPy gives float64; the spec says float32
    check(make(backend, XI) / make(backend, YI), backend, XI / YI, np.float32)
    a64, b64 = XI.astype(np.int64), YI.astype(np.int64)
    check(make(backend, a64) / make(backend, b64), backend, a64 / b64, np.float32)
    check(make(backend, XI) / 2, backend, XI / 2, np.float32)
    check(7 / make(backend, YI), backend, 7 / YI, np.float32)


COMPARISON_CASES = [(k, n) for k in ("float32", "int32") for n in COMPARISONS] + [
    ("bool", "eq"),
    ("bool", "ne"),
]


@pytest.mark.parametrize(("kind", "name"), COMPARISON_CASES)
def test_comparisons_tensor_tensor(backend, name, kind):
    op = COMPARISONS[name]
    a, b = {"float32": (X, Y - 1), "int32": (XI, YI), "bool": (B1, B2)}[kind]
    expected = op(a, b)
    check(op(make(backend, a), make(backend, b)), backend, expected, np.bool_)


@pytest.mark.parametrize("name", list(COMPARISONS))
def test_comparisons_with_scalar(backend, name):
    op = COMPARISONS[name]
    check(op(make(backend, X), 0.5), backend, op(X, 0.5), np.bool_)
    check(op(make(backend, XI), 2), backend, op(XI, 2), np.bool_)
    check(op(make(backend, XI), 1.5), backend, op(XI, 1.5), np.bool_)
    # reflected (Python swaps the comparison)
    check(op(0.5, make(backend, X)), backend, op(0.5, X), np.bool_)
    check(op(2, make(backend, XI)), backend, op(2, XI), np.bool_)


def test_comparison_int_float_tensors(backend):
    check(make(backend, XI) < make(backend, X), backend, XI < X, np.bool_)
    check(make(backend, XI) == make(backend, XI.astype(np.float32)), backend, XI == XI, np.bool_)


@pytest.mark.parametrize(
    ("name", "op"), [("and", operator.and_), ("or", operator.or_), ("xor", operator.xor)]
)
def test_bitwise_bool(backend, name, op):
    check(op(make(backend, B1), make(backend, B2)), backend, op(B1, B2))
    check(op(make(backend, B1), True), backend, op(B1, True), np.bool_)
    check(op(False, make(backend, B2)), backend, op(False, B2), np.bool_)


@pytest.mark.parametrize(
    ("name", "op"), [("and", operator.and_), ("or", operator.or_), ("xor", operator.xor)]
)
def test_bitwise_int(backend, name, op):
    check(op(make(backend, XI), make(backend, YI)), backend, op(XI, YI))
    check(op(make(backend, XI), 6), backend, op(XI, 6), np.int32)
    check(op(6, make(backend, XI)), backend, op(6, XI), np.int32)


def test_broadcasting(backend):
    row = Y[0]
    col = X[:, :1]
    check(make(backend, X) + make(backend, row), backend, X + row)
    check(make(backend, col) * make(backend, row), backend, col * row)
    check(make(backend, X) - make(backend, np.float32(2.0)), backend, X - np.float32(2.0))
    check(make(backend, XI) < make(backend, YI[0]), backend, XI < YI[0])


# ------------------------------------------------------------ scalars and reflection


@pytest.mark.parametrize("name", list(FLOAT_OPS))
@pytest.mark.parametrize("scalar", [3, 2.5, -1.5])
def test_float32_with_scalar_and_reflected(backend, name, scalar):
    op = FLOAT_OPS[name]
    t = make(backend, X)
    check(op(t, scalar), backend, op(X.astype(np.float64), scalar), np.float32)
    ty = make(backend, Y)  # non-zero divisor for the reflected form
    check(op(scalar, ty), backend, op(scalar, Y.astype(np.float64)), np.float32)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("scalar", [2.5, 3, -0.1])
def test_number_over_tensor_rounds_once(backend, dtype, scalar):
    # NumPy's 2.5 / x is one correctly rounded division; PyTorch's operator is
    # 2.5 * (1 / x), a quarter of its results one ulp off: compared bit for bit
    held = expected_dtype(backend, dtype)  # (JAX without 64-bit mode holds float32)
    y = (np.random.default_rng(5).random(4096) * 10 + 1e-3).astype(held)
    expected = np.true_divide(scalar, y)
    for got in (scalar / make(backend, y), ut.divide(scalar, make(backend, y))):
        check(got, backend, expected, dtype, rtol=0, atol=0)


def test_float32_pow_scalar_and_reflected(backend):
    check(make(backend, Y) ** 2, backend, Y**2, np.float32)
    check(make(backend, Y) ** 0.5, backend, Y**0.5, np.float32)
    check(make(backend, Y) ** -1.5, backend, Y.astype(np.float64) ** -1.5, np.float32)
    check(2 ** make(backend, X), backend, 2.0 ** X.astype(np.float64), np.float32)
    check(1.5 ** make(backend, X), backend, 1.5 ** X.astype(np.float64), np.float32)


@pytest.mark.parametrize("name", ["add", "sub", "mul", "floordiv", "mod"])
@pytest.mark.parametrize("scalar", [3, -2])
def test_int32_with_int_scalar_keeps_int32(backend, name, scalar):
    op = FLOAT_OPS[name]
    check(op(make(backend, XI), scalar), backend, op(XI, scalar), np.int32)
    check(op(scalar, make(backend, YI)), backend, op(scalar, YI), np.int32)


def test_int32_pow_int_scalar(backend):
    check(make(backend, XI) ** 2, backend, XI**2, np.int32)
    check(2 ** make(backend, EXP_I), backend, 2**EXP_I, np.int32)


@pytest.mark.parametrize("name", ["add", "sub", "mul", "truediv", "floordiv", "mod"])
def test_int32_with_float_scalar_gives_float32(backend, name):
    op = FLOAT_OPS[name]
    xi64 = XI.astype(np.float64)
    check(op(make(backend, XI), 2.5), backend, op(xi64, 2.5), np.float32)
    check(op(2.5, make(backend, YI)), backend, op(2.5, YI.astype(np.float64)), np.float32)


def test_int_pow_float_scalar_gives_float32(backend):
    a = np.abs(XI)
    check(make(backend, a) ** 0.5, backend, a**0.5, np.float32)
    check(0.5 ** make(backend, a), backend, 0.5**a, np.float32)


@pytest.mark.parametrize("dtype", [np.int32, np.int64, np.float32, np.float64])
def test_bool_scalar_does_not_change_dtype(backend, dtype):
    a = XI.astype(dtype)
    check(make(backend, a) + True, backend, a + 1, dtype)
    check(make(backend, a) * False, backend, a * 0, dtype)
    check(True + make(backend, a), backend, a + 1, dtype)


def test_int64_tensor_with_int_scalar_keeps_int64(backend):
    a = XI.astype(np.int64)
    check(make(backend, a) + 3, backend, a + 3, np.int64)
    check(make(backend, a) * -2, backend, a * -2, np.int64)
    check(make(backend, a) // 2, backend, a // 2, np.int64)


def test_float64_tensor_with_float_scalar_keeps_float64(backend):
    a = X.astype(np.float64)
    check(make(backend, a) + 0.1, backend, a + 0.1, np.float64, rtol=1e-6)
    check(make(backend, a) * 3, backend, a * 3, np.float64, rtol=1e-6)


def test_bool_tensor_with_int_scalar_gives_int64(backend):
    b = B1.astype(np.int64)
    check(make(backend, B1) + 2, backend, b + 2, np.int64)
    check(make(backend, B1) * 3, backend, b * 3, np.int64)
    check(5 - make(backend, B1), backend, 5 - b, np.int64)


def test_bool_tensor_with_float_scalar_gives_float32(backend):
    b = B1.astype(np.float64)
    check(make(backend, B1) + 2.5, backend, b + 2.5, np.float32)
    check(make(backend, B1) * 0.5, backend, b * 0.5, np.float32)
    check(1.5 - make(backend, B1), backend, 1.5 - b, np.float32)


def test_scalar_with_large_python_int_keeps_float32(backend):
    check(make(backend, X) + 1000, backend, X + np.float32(1000), np.float32)


# ------------------------------------------------------------ mixed dtypes


MIXED = [
    # (dtype a, dtype b, spec result)
    (np.int32, np.float32, np.float32),
    (np.float32, np.int32, np.float32),
    (np.int32, np.int64, np.int64),
    (np.int64, np.int32, np.int64),
    (np.float32, np.float64, np.float64),
    (np.uint8, np.int8, np.int16),
    (np.int8, np.int32, np.int32),
    (np.int64, np.float32, np.float32),
    (np.bool_, np.int32, np.int32),
    (np.float32, np.bool_, np.float32),
    (np.uint8, np.float32, np.float32),
]


@pytest.mark.parametrize(
    ("da", "db", "dr"), MIXED, ids=[f"{np.dtype(a)}-{np.dtype(b)}" for a, b, _ in MIXED]
)
@pytest.mark.parametrize("name", ["add", "sub", "mul"])
def test_mixed_dtype_promotion(backend, name, da, db, dr):
    op = FLOAT_OPS[name]
    a = np.abs(XI).astype(da) if np.dtype(da).kind == "u" else XI.astype(da)
    b = (np.abs(X) * 3).astype(db) if np.dtype(db).kind in "u" else (X * 3).astype(db)
    if np.dtype(da) == np.bool_:
        a = XI > 0
    if np.dtype(db) == np.bool_:
        b = X > 0
    expected = op(a.astype(np.float64), b.astype(np.float64))
    check(op(make(backend, a), make(backend, b)), backend, expected, dr)


def test_mixed_int_float_division(backend):
    xf = X.astype(np.float32)
    check(make(backend, YI) / make(backend, xf), backend, YI / xf.astype(np.float64), np.float32)
    check(make(backend, Y) / make(backend, YI), backend, Y.astype(np.float64) / YI, np.float32)
    a64 = YI.astype(np.int64)
    check(make(backend, XI) // make(backend, a64), backend, XI // a64, np.int64)


def test_mixed_comparison_gives_bool(backend):
    check(make(backend, XI) > make(backend, X), backend, XI > X, np.bool_)
    check(
        make(backend, XI.astype(np.int64)) == make(backend, XI),
        backend,
        np.ones(XI.shape, bool),
        np.bool_,
    )


# ------------------------------------------------------------ unary


@pytest.mark.parametrize("dtype", [np.float32, np.int32, np.int64])
def test_negation_and_pos_keep_dtype(backend, dtype):
    a = XI.astype(dtype) if np.dtype(dtype).kind == "i" else X
    check(-make(backend, a), backend, -a, dtype)
    check(+make(backend, a), backend, +a, dtype)


@pytest.mark.parametrize("dtype", [np.float32, np.int32])
def test_abs_builtin(backend, dtype):
    a = XI.astype(dtype) if np.dtype(dtype).kind == "i" else X
    check(abs(make(backend, a)), backend, np.abs(a), dtype)


def test_invert(backend):
    check(~make(backend, B1), backend, ~B1)
    check(~make(backend, XI), backend, ~XI)


def test_matmul_operator(backend):
    a = randn(2, 3)
    b = randn(3, 4, seed=5)
    check(make(backend, a) @ make(backend, b), backend, a.astype(np.float64) @ b, np.float32)
    ai, bi = randint(2, 3), randint(3, 4, seed=5)
    check(make(backend, ai) @ make(backend, bi), backend, ai @ bi, np.int32)


def test_operators_do_not_modify_inputs(backend):
    ta, tb = make(backend, X), make(backend, Y)
    _ = ta + tb, ta * tb, ta - 1, 2 / tb, -ta, ta**2
    check(ta, backend, X)
    check(tb, backend, Y)


def test_operator_with_0d_tensor(backend):
    s = np.array(2.5, dtype=np.float32)
    check(make(backend, X) * make(backend, s), backend, X * s)
    check(make(backend, s) - make(backend, X), backend, s - X)


@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int16])
def test_small_int_tensor_with_int_scalar_keeps_dtype(backend, dtype):
    a = np.abs(XI).astype(dtype)
    check(make(backend, a) + 3, backend, a + 3, dtype)
    check(make(backend, a) * 2, backend, a * 2, dtype)
    check(2 * make(backend, a), backend, 2 * a, dtype)
    check(make(backend, a) + 0.5, backend, a + 0.5, np.float32)


def test_float16_tensor_with_scalars_keeps_float16(backend):
    a = X.astype(np.float16)
    check(make(backend, a) * 2, backend, a * 2, np.float16)
    check(make(backend, a) + 0.5, backend, a + np.float16(0.5), np.float16)


def test_float_division_by_zero_gives_inf_nan(backend):
    a = np.array([1.0, -2.0, 0.0], dtype=np.float32)
    z = np.zeros(3, dtype=np.float32)
    with np.errstate(divide="ignore", invalid="ignore"):
        expected = a / z
    check(make(backend, a) / make(backend, z), backend, expected)
    check(make(backend, a) / 0.0, backend, expected, np.float32)


# ------------------------------------------------------------ the operators' fast path
# A float tensor with a Python number, or two float tensors of one dtype and shape,
# skip promotion and go to the native operator (``_fast_path``); these check that
# the short cut gives what the general path gives, dtype and NaN included, and
# that the first call (dtype not yet seen) and later calls agree.

FAST_OPS = {
    "add": operator.add,
    "sub": operator.sub,
    "mul": operator.mul,
    "truediv": operator.truediv,
    "lt": operator.lt,
    "le": operator.le,
    "gt": operator.gt,
    "ge": operator.ge,
}
XN = np.array([[-1.5, 0.0, np.nan], [2.0, np.inf, 0.25]], dtype=np.float32)


@pytest.mark.parametrize("dtype", ["float16", "float32", "float64"])
@pytest.mark.parametrize("scalar", [2, 0.5, -3])
@pytest.mark.parametrize("name", list(FAST_OPS))
def test_fast_path_float_tensor_and_python_number(backend, name, scalar, dtype):
    op = FAST_OPS[name]
    a = XN.astype(dtype)
    want_dtype = "bool" if name in COMPARISONS else dtype
    with np.errstate(all="ignore"):
        for _ in range(2):  # first call fills the dtype cache, the second takes the fast path
            check(op(make(backend, a), scalar), backend, op(a, scalar), want_dtype)
            check(op(scalar, make(backend, a)), backend, op(scalar, a), want_dtype)


@pytest.mark.parametrize("name", list(FAST_OPS))
def test_fast_path_two_float_tensors(backend, name):
    op = FAST_OPS[name]
    a, b = XN, np.array([[2.0, -1.0, 1.0], [np.nan, 4.0, 0.0]], dtype=np.float32)
    want_dtype = "bool" if name in COMPARISONS else "float32"
    with np.errstate(all="ignore"):
        for _ in range(2):
            check(op(make(backend, a), make(backend, b)), backend, op(a, b), want_dtype)


@pytest.mark.parametrize("name", list(FAST_OPS))
def test_fast_path_leaves_other_operands_to_the_general_path(backend, name):
    op = FAST_OPS[name]
    a = XN[:, :2].copy()
    row = np.array([3.0, -2.0], dtype=np.float32)  # broadcasts: not the same shape
    ints = np.array([[1, 2], [3, 4]], dtype=np.int32)  # int with float32: float32
    f64 = np.array([[1.0, 2.0], [3.0, 4.0]])  # float32 with float64: float64
    want = "bool" if name in COMPARISONS else None
    with np.errstate(all="ignore"):
        check(op(make(backend, a), make(backend, row)), backend, op(a, row), want or "float32")
        check(op(make(backend, a), make(backend, ints)), backend, op(a, ints), want or "float32")
        check(op(make(backend, a), make(backend, f64)), backend, op(a, f64), want or "float64")
        int_result = "float32" if name == "truediv" else "int32"  # int / int gives float32
        check(op(make(backend, ints), 2), backend, op(ints, 2), want or int_result)


@pytest.mark.parametrize("name", ["add", "sub", "mul", "truediv"])
def test_fast_path_reflected_methods_with_a_tensor(backend, name):
    # Python never calls x.__rsub__(y) for two tensors, but the method is public:
    # it must compute y - x, also once the dtype is known to the fast path
    op = FAST_OPS[name]
    reflected = getattr(make(backend, X), f"__r{name}__")
    for _ in range(2):
        check(reflected(make(backend, Y)), backend, op(Y, X), np.float32)
