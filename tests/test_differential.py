"""Property-based differential tests: every backend against NumPy computed directly.

Hypothesis draws shapes (0-d, empty dimensions, broadcastable pairs), dtypes (bool, int32,
int64, float32, float64) and values (NaN, infinities and -0.0 included for floats) and each
backend's result is compared (values, shape, dtype) with NumPy following the rules of
docs/semantics.md.

Profiles: "ci" (the default: few examples, derandomized so runs are reproducible) and
"long" (``UNITENSOR_HYPOTHESIS_PROFILE=long``: 500 examples per test, random).
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import unitensor as ut
from conftest import check, expected_dtype, make, to_numpy

# Hypothesis profiles: tests/conftest.py ("ci"; UNITENSOR_HYPOTHESIS_PROFILE=long by hand)

pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")  # NumPy: nan, 1/0

DTYPES = [np.dtype(d) for d in ("bool", "int32", "int64", "float32", "float64")]
NUMERIC_DTYPES = [d for d in DTYPES if d.kind != "b"]
FLOAT_DTYPES = [d for d in DTYPES if d.kind == "f"]

SPECIAL_FLOATS = [math.nan, math.inf, -math.inf, 0.0, -0.0, 0.5, -0.5, 1.5, 2.5, -2.5, 1.0, -1.0]

# Tolerances: float32 for plain arithmetic, looser for transcendental functions.
RTOL, ATOL = 1e-5, 1e-6
RTOL_TRANSC, ATOL_TRANSC = 2e-5, 1e-6


# ------------------------------------------------------------------------ strategies


def _normal_magnitude(x):
    # JAX/XLA may flush subnormal inputs to zero: keep to normal magnitudes (or exact 0)
    return x == 0 or abs(x) >= 1e-30


def float_elements(dtype, max_abs=1e6):
    width = 32 if np.dtype(dtype) == np.float32 else 64
    finite = st.floats(
        min_value=-max_abs, max_value=max_abs, width=width, allow_subnormal=False
    ).filter(_normal_magnitude)
    return st.one_of(st.sampled_from(SPECIAL_FLOATS), finite)


def dyadic_elements():
    """Quarter-integers (exact sums in float32) plus the specials."""
    return st.one_of(
        st.sampled_from([math.nan, math.inf, -math.inf, -0.0]),
        st.integers(-400, 400).map(lambda k: k / 4),
    )


def elements(dtype, *, reduction=False):
    d = np.dtype(dtype)
    if d.kind == "b":
        return st.booleans()
    if d.kind == "i":
        return st.integers(-50, 50) if reduction else st.integers(-1000, 1000)
    return dyadic_elements() if reduction else float_elements(d)


SHAPES = hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=4)
SMALL_SHAPES = hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=3)


def arrays(dtype, shape, **kwargs):
    return hnp.arrays(np.dtype(dtype), shape, elements=elements(dtype, **kwargs))


def eff(backend, a):
    """``a`` in the dtype the backend actually holds (JAX without x64 narrows)."""
    a = np.asarray(a)
    return a.astype(expected_dtype(backend, a.dtype))


def draw_axis(data, ndim, *, allow_tuple=True):
    """None, an int (possibly negative) or a tuple of distinct axes (possibly negative)."""
    choices = [st.none()]
    if ndim > 0:
        choices.append(st.integers(-ndim, ndim - 1))
    if allow_tuple:
        choices.append(
            st.lists(st.integers(0, max(ndim - 1, 0)), unique=True, max_size=ndim).flatmap(
                lambda axes: st.tuples(*[st.sampled_from([ax, ax - ndim]) for ax in axes])
            )
        )
    return data.draw(st.one_of(*choices), label="axis")


def norm_axes(axis, ndim):
    if axis is None:
        return tuple(range(ndim))
    if isinstance(axis, int):
        axis = (axis,)
    return tuple(ax % ndim for ax in axis)


class _Quiet:
    def __enter__(self):
        self._w = warnings.catch_warnings()
        self._w.__enter__()
        warnings.simplefilter("ignore", RuntimeWarning)
        self._e = np.errstate(all="ignore")
        self._e.__enter__()

    def __exit__(self, *exc):
        self._e.__exit__(*exc)
        self._w.__exit__(*exc)


def reference():
    return _Quiet()


# ------------------------------------------------------------------------ dtype rules


def spec_promote(da, db):
    """The spec's result dtype for ``tensor(da) (op) tensor(db)`` (before JAX narrowing)."""
    da, db = np.dtype(da), np.dtype(db)
    if da.kind == db.kind:
        return np.promote_types(da, db)
    if da.kind == "b":
        return db
    if db.kind == "b":
        return da
    return da if da.kind == "f" else db  # int with float -> the float's dtype


def spec_truediv(da, db):
    res = spec_promote(da, db)
    return np.dtype(np.float32) if res.kind in "iub" else res


# ------------------------------------------------------------------------ elementwise

FLOAT_VALUED = {
    "sqrt": np.sqrt,
    "exp": np.exp,
    "log": np.log,
    "log1p": np.log1p,
    "log2": np.log2,
    "log10": np.log10,
    "sin": np.sin,
    "cos": np.cos,
    "tan": np.tan,
    "arcsin": np.arcsin,
    "arccos": np.arccos,
    "arctan": np.arctan,
    "sinh": np.sinh,
    "cosh": np.cosh,
    "tanh": np.tanh,
    "arcsinh": np.arcsinh,
    "arccosh": np.arccosh,
    "arctanh": np.arctanh,
}
KEEP_DTYPE = {
    "abs": np.abs,
    "sign": np.sign,
    "square": np.square,
    "round": np.round,
    "ceil": np.ceil,
    "floor": np.floor,
}
TO_BOOL = {
    "isnan": np.isnan,
    "isinf": np.isinf,
    "isfinite": np.isfinite,
    "logical_not": np.logical_not,
}


def _transc_tol(dtype):
    if np.dtype(dtype) == np.float64:
        return {"rtol": 1e-10, "atol": 1e-12}
    return {"rtol": RTOL_TRANSC, "atol": ATOL_TRANSC}


@given(data=st.data())
def test_unary_elementwise(backend, data):
    dtype = data.draw(st.sampled_from(DTYPES), label="dtype")
    a = data.draw(arrays(dtype, SHAPES), label="a")
    t = make(backend, a)
    x = eff(backend, a)

    # float-valued functions: floats keep their dtype, int/bool -> float32
    fdtype = dtype if dtype.kind == "f" else np.dtype(np.float32)
    xf = x.astype(expected_dtype(backend, fdtype))
    for name, fn in FLOAT_VALUED.items():
        with reference():
            expected = fn(xf)
        for out in (getattr(t, name)(), getattr(ut, name)(t)):
            check(out, backend, expected, fdtype, **_transc_tol(xf.dtype))

    if dtype.kind != "b":
        for name, fn in KEEP_DTYPE.items():
            with reference():
                expected = x if dtype.kind == "i" and name in ("round", "ceil", "floor") else fn(x)
            check(getattr(t, name)(), backend, expected, dtype)
            check(getattr(ut, name)(t), backend, expected, dtype)
        check(-t, backend, -x, dtype)
        check(abs(t), backend, np.abs(x), dtype)

    for name, fn in TO_BOOL.items():
        check(getattr(t, name)(), backend, fn(x), np.bool_)
    # the input is left unchanged
    np.testing.assert_array_equal(to_numpy(t), x)


# ------------------------------------------------------------------------ binary operators

ARITH = {  # + - * (bool - bool is no NumPy operation)
    "add": (lambda p, q: p + q, np.add),
    "sub": (lambda p, q: p - q, np.subtract),
    "mul": (lambda p, q: p * q, np.multiply),
}
COMPARE = {
    "eq": (lambda p, q: p == q, np.equal),
    "ne": (lambda p, q: p != q, np.not_equal),
    "lt": (lambda p, q: p < q, np.less),
    "le": (lambda p, q: p <= q, np.less_equal),
    "gt": (lambda p, q: p > q, np.greater),
    "ge": (lambda p, q: p >= q, np.greater_equal),
}


@given(data=st.data())
def test_binary_operators(backend, data):
    shapes = data.draw(
        hnp.mutually_broadcastable_shapes(
            num_shapes=2, min_dims=0, max_dims=3, min_side=0, max_side=4
        ),
        label="shapes",
    )
    da = data.draw(st.sampled_from(DTYPES), label="dtype_a")
    db = data.draw(st.sampled_from(DTYPES), label="dtype_b")
    a = data.draw(arrays(da, shapes.input_shapes[0]), label="a")
    b = data.draw(arrays(db, shapes.input_shapes[1]), label="b")
    ta, tb = make(backend, a), make(backend, b)
    x, y = eff(backend, a), eff(backend, b)

    res = spec_promote(da, db)
    rx, ry = x.astype(expected_dtype(backend, res)), y.astype(expected_dtype(backend, res))
    both_bool = da.kind == "b" and db.kind == "b"
    if not both_bool:  # bool (op) bool: test_bool_bool_arithmetic
        for op, fn in ARITH.values():
            with reference():
                expected = fn(rx, ry)
            check(op(ta, tb), backend, expected, res, rtol=RTOL, atol=ATOL)

        rdiv = spec_truediv(da, db)
        with reference():
            if rdiv.kind == res.kind:
                expected = np.true_divide(rx, ry)
            else:  # int / int -> float32 (computed exactly, then rounded)
                expected = np.true_divide(x.astype(np.float64), y.astype(np.float64))
                expected = expected.astype(expected_dtype(backend, rdiv))
        check(ta / tb, backend, expected, rdiv, rtol=RTOL, atol=ATOL)

    for name, (op, fn) in COMPARE.items():
        if both_bool and name not in ("eq", "ne"):
            continue  # test_bool_bool_arithmetic
        check(op(ta, tb), backend, fn(x, y), np.bool_)

    np.testing.assert_array_equal(to_numpy(ta), x)
    np.testing.assert_array_equal(to_numpy(tb), y)


@given(data=st.data())
def test_bool_bool_arithmetic(backend, data):
    """bool + bool, bool * bool (NumPy: logical or / and) and comparisons (False < True)."""
    shapes = data.draw(
        hnp.mutually_broadcastable_shapes(
            num_shapes=2, min_dims=0, max_dims=3, min_side=0, max_side=4
        ),
        label="shapes",
    )
    a = data.draw(arrays(np.bool_, shapes.input_shapes[0]), label="a")
    b = data.draw(arrays(np.bool_, shapes.input_shapes[1]), label="b")
    ta, tb = make(backend, a), make(backend, b)
    check(ta + tb, backend, a + b, np.bool_)
    check(ta * tb, backend, a * b, np.bool_)
    for _name, (op, fn) in COMPARE.items():
        check(op(ta, tb), backend, fn(a, b), np.bool_)


# ------------------------------------------------------------------------ reductions


def _sum_dtype(d):
    return np.dtype(np.int64) if d.kind in "bi" else d


REDUCTIONS = {
    # name -> (numpy reference on the effective array, spec dtype)
    "sum": (lambda x, **kw: np.sum(x, dtype=_sum_dtype(x.dtype), **kw), _sum_dtype),
    "prod": (lambda x, **kw: np.prod(x, dtype=_sum_dtype(x.dtype), **kw), _sum_dtype),
    "mean": (
        lambda x, **kw: np.mean(x.astype(np.float64), **kw),
        lambda d: d if d.kind == "f" else np.dtype(np.float32),
    ),
    "min": (np.min, lambda d: d),
    "max": (np.max, lambda d: d),
    "all": (np.all, lambda d: np.dtype(np.bool_)),
    "any": (np.any, lambda d: np.dtype(np.bool_)),
}


@given(data=st.data())
def test_reductions(backend, data):
    dtype = data.draw(st.sampled_from(DTYPES), label="dtype")
    a = data.draw(arrays(dtype, SMALL_SHAPES, reduction=True), label="a")
    axis = draw_axis(data, a.ndim)
    keepdims = data.draw(st.booleans(), label="keepdims")
    t = make(backend, a)
    x = eff(backend, a)
    reduced = [a.shape[ax] for ax in norm_axes(axis, a.ndim)]
    empty_reduction = 0 in reduced

    for name, (fn, dtype_rule) in REDUCTIONS.items():
        if name in ("min", "max") and empty_reduction:
            continue  # test_min_max_empty_raises
        xr = x
        if name == "prod":  # keep products far from overflow
            xr = np.clip(x, -2, 2) if dtype.kind == "i" else x
        with reference():
            expected = np.asarray(fn(xr, axis=axis, keepdims=keepdims))
        want = dtype_rule(dtype)
        expected = expected.astype(expected_dtype(backend, want))
        tr = t if xr is x else make(backend, xr)
        for out in (
            getattr(tr, name)(axis=axis, keepdims=keepdims),
            getattr(ut, name)(tr, axis=axis, keepdims=keepdims),
        ):
            check(out, backend, expected, want, rtol=RTOL, atol=ATOL)


@given(data=st.data())
def test_min_max_empty_raises(backend, data):
    dtype = data.draw(st.sampled_from(DTYPES), label="dtype")
    shape = data.draw(
        hnp.array_shapes(min_dims=1, max_dims=3, min_side=0, max_side=3).filter(lambda s: 0 in s),
        label="shape",
    )
    zero_axes = [i for i, n in enumerate(shape) if n == 0]
    ndim = len(shape)
    axis = data.draw(
        st.one_of(
            st.none(),
            st.sampled_from(zero_axes).flatmap(lambda ax: st.sampled_from([ax, ax - ndim])),
            st.sampled_from(zero_axes).map(lambda ax: (ax,)),
            st.just(tuple(range(ndim))),
        ),
        label="axis",
    )
    keepdims = data.draw(st.booleans(), label="keepdims")
    a = np.zeros(shape, dtype)
    t = make(backend, a)
    for name in ("min", "max"):
        with pytest.raises(ValueError):
            getattr(np, name)(a, axis=axis, keepdims=keepdims)  # NumPy agrees
        with pytest.raises(ValueError):
            getattr(t, name)(axis=axis, keepdims=keepdims)
        with pytest.raises(ValueError):
            getattr(ut, name)(t, axis=axis, keepdims=keepdims)


# ------------------------------------------------------------------------ indexing


@st.composite
def index_specs(draw, shape):
    """A valid NumPy index for ``shape`` as a list of (kind, value) components.

    Kinds: int, slice, none, ellipsis, mask (a bool array spanning one or more dims) and
    array (an int array; all arrays of an index share one shape so they broadcast).
    """
    ndim = len(shape)
    mode = draw(st.sampled_from(["basic", "mask", "arrays"]))
    use_ellipsis = draw(st.booleans())
    k = draw(st.integers(0, ndim))  # dims consumed explicitly
    j = draw(st.integers(0, k)) if use_ellipsis else k
    arr_shape = draw(hnp.array_shapes(min_dims=1, max_dims=2, min_side=0, max_side=3))
    arr_size = math.prod(arr_shape)
    state = {"mask_used": False}

    def components(dims):
        comps = []
        i = 0
        while i < len(dims):
            if draw(st.integers(0, 4)) == 0:
                comps.append(("none", None))
            n = shape[dims[i]]
            kinds = ["slice"]
            if n > 0:
                kinds.append("int")
            if mode == "arrays" and (n > 0 or arr_size == 0):
                kinds.append("array")
            if mode == "mask" and not state["mask_used"]:
                kinds += ["mask", "mask"]
            kind = draw(st.sampled_from(kinds))
            if kind == "int":
                comps.append(("int", draw(st.integers(-n, n - 1))))
                i += 1
            elif kind == "slice":
                bound = st.none() | st.integers(-n - 2, n + 2)
                step = draw(st.none() | st.integers(-3, 3).filter(bool))
                comps.append(("slice", slice(draw(bound), draw(bound), step)))
                i += 1
            elif kind == "array":
                values = hnp.arrays(
                    draw(st.sampled_from([np.int32, np.int64])),
                    arr_shape,
                    elements=st.integers(-n, max(n - 1, -n)),
                )
                comps.append(("array", draw(values)))
                i += 1
            else:
                m = draw(st.integers(1, len(dims) - i))
                mshape = tuple(shape[d] for d in dims[i : i + m])
                comps.append(("mask", draw(hnp.arrays(np.bool_, mshape))))
                state["mask_used"] = True
                i += m
        if draw(st.integers(0, 4)) == 0:
            comps.append(("none", None))
        return comps

    spec = components(list(range(j)))
    if use_ellipsis:
        spec.append(("ellipsis", Ellipsis))
        spec += components(list(range(ndim - (k - j), ndim)))
    # how the arrays are given: ndarray, list or tensor
    forms = [draw(st.sampled_from(["ndarray", "list", "tensor"])) for _ in spec]
    bare = len(spec) == 1 and draw(st.booleans())
    return spec, forms, bare


def build_index(spec, forms, bare, backend=None):
    """The index for NumPy (``backend=None``) or for a backend tensor."""
    parts = []
    for (kind, value), form in zip(spec, forms, strict=True):
        if kind in ("array", "mask") and backend is not None:
            if form == "tensor":
                value = make(backend, value)
            elif form == "list" and value.size > 0:
                value = value.tolist()
        parts.append(value)
    return parts[0] if bare else tuple(parts)


def describe(spec, bare):
    parts = []
    for kind, value in spec:
        if kind in ("array", "mask"):
            parts.append(f"np.array({value.tolist()!r}, dtype={value.dtype})")
        else:
            parts.append(repr(value))
    return parts[0] if bare else "(" + ", ".join(parts) + ("," if len(parts) == 1 else "") + ")"


@given(data=st.data())
def test_indexing(backend, data):
    dtype = data.draw(st.sampled_from(DTYPES), label="dtype")
    a = data.draw(arrays(dtype, SHAPES), label="a")
    spec, forms, bare = data.draw(index_specs(a.shape), label="index")
    data.draw(st.just(describe(spec, bare)), label="index as code")
    t = make(backend, a)
    x = eff(backend, a)
    expected = x[build_index(spec, forms, bare)]
    out = t[build_index(spec, forms, bare, backend)]
    if any(kind == "mask" for kind, _ in spec):  # Dask: a masked axis's size is unknown
        out = out.compute()  # until computed (docs/scaling.md); eager tensors come back as is
    check(out, backend, expected, dtype)


@given(data=st.data())
def test_index_update(backend, data):
    dtype = data.draw(st.sampled_from(DTYPES), label="dtype")
    a = data.draw(arrays(dtype, SHAPES), label="a")
    spec, forms, bare = data.draw(index_specs(a.shape), label="index")
    data.draw(st.just(describe(spec, bare)), label="index as code")
    if dtype.kind == "b":
        value = data.draw(st.booleans(), label="value")
    elif dtype.kind == "i":
        value = data.draw(st.integers(-100, 100), label="value")
    else:
        value = data.draw(float_elements(dtype), label="value")
    t = make(backend, a)
    x = eff(backend, a)
    expected = x.copy()
    expected[build_index(spec, forms, bare)] = value
    index = build_index(spec, forms, bare, backend)
    check(t.index_update(index, value), backend, expected, dtype)
    check(ut.index_update(t, index, value), backend, expected, dtype)
    np.testing.assert_array_equal(to_numpy(t), x)  # t unchanged


# ------------------------------------------------------------------------ shape ops


@st.composite
def reshape_targets(draw, shape):
    """A permutation of ``shape`` with some 1s inserted, maybe one entry as -1."""
    dims = list(draw(st.permutations(list(shape))))
    for _ in range(draw(st.integers(0, 2))):
        dims.insert(draw(st.integers(0, len(dims))), 1)
    if dims and draw(st.booleans()):
        i = draw(st.integers(0, len(dims) - 1))
        if math.prod(dims[:i] + dims[i + 1 :]) > 0:
            dims[i] = -1
    return tuple(dims)


@given(data=st.data())
def test_shape_ops(backend, data):
    dtype = data.draw(st.sampled_from(DTYPES), label="dtype")
    a = data.draw(arrays(dtype, SHAPES), label="a")
    t = make(backend, a)
    x = eff(backend, a)
    ndim = x.ndim

    target = data.draw(reshape_targets(a.shape), label="reshape")
    check(t.reshape(target), backend, x.reshape(target), dtype)
    check(t.reshape(-1), backend, x.reshape(-1), dtype)

    axes = data.draw(st.none() | st.permutations(list(range(ndim))).map(tuple), label="axes")
    check(t.transpose(axes), backend, np.transpose(x, axes), dtype)
    check(t.T, backend, x.T, dtype)

    ones = [i for i, n in enumerate(a.shape) if n == 1]
    sq_axis = data.draw(
        st.one_of(
            st.none(),
            st.sampled_from(ones or [None]),
            st.lists(st.sampled_from(ones), unique=True).map(tuple) if ones else st.just(()),
        ),
        label="squeeze_axis",
    )
    check(t.squeeze(sq_axis), backend, np.squeeze(x, sq_axis), dtype)
    not_ones = [i for i, n in enumerate(a.shape) if n != 1]
    if not_ones:
        bad = data.draw(st.sampled_from(not_ones), label="bad_squeeze_axis")
        with pytest.raises(ValueError):
            np.squeeze(x, bad)
        with pytest.raises(ValueError):
            t.squeeze(bad)

    ed_axis = data.draw(st.integers(-ndim - 1, ndim), label="expand_dims_axis")
    check(t.expand_dims(ed_axis), backend, np.expand_dims(x, ed_axis), dtype)

    flip_axis = draw_axis(data, ndim)
    check(t.flip(flip_axis), backend, np.flip(x, flip_axis), dtype)
    check(ut.flip(t, flip_axis), backend, np.flip(x, flip_axis), dtype)

    reps = data.draw(st.tuples(*[st.integers(0, 2)] * ndim), label="tile")
    check(t.tile(reps), backend, np.tile(x, reps), dtype)

    np.testing.assert_array_equal(to_numpy(t), x)


# ------------------------------------------------------------------------ regressions
# Counterexamples found by the properties above (some only with the "long" profile), kept
# as explicit cases so the default run always checks them.

_M3 = np.array([True, False, True])
_M4 = np.array([True, False, True, True])
_M5 = np.array([True, False, True, False, True])

INDEX_CASES = {
    # advanced indices separated by a slice / None / Ellipsis: broadcast dims go first
    "int_slice_mask": ((2, 3, 4, 5), (slice(None), 1, slice(None), _M5)),
    "int_none_mask": ((2, 3, 4, 5), (slice(None), 1, None, _M4)),
    "int_none_mask_front": ((3, 4, 5), (0, None, _M4)),
    "mask_slice_int": ((2, 3, 4, 5), (slice(None), _M3, slice(None), 0)),
    "int_ellipsis_mask": ((3, 4, 5), (slice(None), 0, Ellipsis, _M5)),
    "mask_ellipsis_int": ((3, 5, 4), (None, _M3, Ellipsis, 0)),
    # ... also when the Ellipsis stands for no dimension at all
    "mask_empty_ellipsis_int": ((3, 5, 4), (slice(None), _M5, Ellipsis, 0)),
    "array_empty_ellipsis_int": ((3, 5, 4), (slice(None), np.array([0, 2, 4]), Ellipsis, 0)),
    "array_empty_ellipsis_array": (
        (3, 5, 4),
        (slice(None), np.array([0, 2, 4]), Ellipsis, np.array([0])),
    ),
    # integer arrays / masks on arrays with a zero-size dimension
    "zero_size_rows": ((2, 0), (np.array([0, 1]),)),
    "zero_size_cols": ((0, 3), (slice(None), np.array([0, 1]))),
    "zero_size_ellipsis_array": ((0, 1), (Ellipsis, np.array([0]))),
    "zero_size_mask": ((1, 0), (np.array([True]),)),
}


@pytest.mark.parametrize("op", ["getitem", "index_update"])
@pytest.mark.parametrize("key", list(INDEX_CASES))
def test_indexing_regressions(backend, key, op):
    shape, index = INDEX_CASES[key]
    a = (np.arange(math.prod(shape)) - 7).reshape(shape).astype(np.float32)
    t = make(backend, a)
    if op == "getitem":
        check(t[index], backend, a[index], np.float32)
    else:
        expected = a.copy()
        expected[index] = 2.5
        check(t.index_update(index, 2.5), backend, expected, np.float32)


# negative steps whose start or stop lies outside the axis (Dask started such a slice at the
# last element where NumPy selects nothing, and wrote there)
NEGATIVE_STEPS = [
    (slice(-7, None, -1),),
    (slice(None), slice(-6, 1, -1)),
    (Ellipsis, slice(None, -7, -1)),
    (None, slice(-9, None, -2), None),
    (1, slice(-2, None, -2)),
    (slice(None, None, -1), slice(3, None, -3)),
    (Ellipsis, None, slice(4, -9, -1)),
    (slice(9, -9, -1), slice(-1, -2, -1)),
]


def test_negative_steps_past_the_ends(backend):
    a = (np.arange(20) - 7).reshape(4, 5).astype(np.float32)
    t = make(backend, a)
    for index in NEGATIVE_STEPS:
        expected = a.copy()
        expected[index] = 2.5
        check(t[index], backend, a[index], np.float32)
        check(t.index_update(index, 2.5), backend, expected, np.float32)


def test_bool_times_float_keeps_nan_and_inf(backend):
    # NumPy: False -> 0.0, and 0.0 * nan = 0.0 * inf = nan
    b = np.array([False, False, True, True])
    f = np.array([np.nan, np.inf, np.nan, -np.inf], dtype=np.float32)
    for p, q in ((b, f), (f, b)):
        with reference():
            expected = p.astype(np.float32) * q.astype(np.float32)
        check(make(backend, p) * make(backend, q), backend, expected, np.float32)
