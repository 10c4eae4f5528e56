"""The semantics table: what every operation returns, and what differs between frameworks.

``TABLE`` holds one ``Rule`` per operation: its result's dtype under unitensor's rules,
the frameworks' differences unitensor hides (so it means the same everywhere) and the
ones it keeps and documents. The docs' semantics table is generated from it (``python
-m unitensor.semantics`` prints it as Markdown); a test checks every operation has a row.

Examples
--------
>>> from unitensor.semantics import TABLE
>>> TABLE["sqrt"].dtype
'same float dtype; bool and integer input give float32'
"""

from __future__ import annotations

from dataclasses import replace

from ._semantics_array_object import ROWS as _ARRAY_OBJECT_ROWS
from ._semantics_differs import DIFFERS as _DIFFERS
from ._semantics_differs import Differs, Rule
from ._semantics_gradients import add_gradients
from ._semantics_interop import ROWS as _INTEROP

__all__ = ["TABLE", "Differs", "Rule", "markdown"]


_JAX32 = "JAX without 64-bit mode: int32 instead of int64"
_JIT_ZERO = "inside jax.jit an integer divisor is not checked (ut.jit(f, checks=True) does)"
_JIT_RANGE = "inside jax.jit out-of-range indices are not checked (ut.jit(f, checks=True) does)"
_PROMOTE = "the promoted dtype of the operands (int + float gives the float's dtype)"
_HUGE_INT = (
    "a Python int with a float tensor goes in as a float, as in NumPy (10**400: OverflowError; "
    "PyTorch and JAX raised for ints beyond int64, TensorFlow ValueError)"
)
_FILL = (
    "a Python fill value is stored as NumPy stores it (an int beyond an integer dtype, or too "
    "large for any float: OverflowError; a number beyond a float dtype's range: inf); "
    "PyTorch raised RuntimeError, TensorFlow ValueError, JAX and TensorFlow wrapped ints around"
)
_HALF = (
    "half-precision kernels differ (NumPy and TensorFlow accumulated bfloat16 in bfloat16: "
    "the sum of 4096 values of 1.1 gave 512)"
)
_COMPLEX_ORDER = (
    "complex input: DTypeError, as the Array API standard defines no order for complex "
    "numbers (NumPy orders them lexicographically, PyTorch and TensorFlow refuse them)"
)
_COMPLEX_SPECIAL = (
    "complex numbers with an infinite or NaN part, or -0.0 on a branch cut: C99's values "
    "(the standard's) for exp, the logarithms, sqrt and the trigonometric and hyperbolic "
    "functions and their inverses on JAX (XLA gave exp(inf + nan j) as nan + nan j; "
    "corrected here), for log1p everywhere (PyTorch's and TensorFlow's kernels gave "
    "nan + nan j for infinite parts; NumPy's lost a small z's digits), for acos on PyTorch "
    "(acos(0j) was pi/2 + 0j), otherwise each framework's kernel: expm1 everywhere, "
    "TensorFlow's sqrt(-inf - 1j) is +inf j; abs, sign (of 0 and NaN), isnan/isinf/isfinite "
    "and the parts are the standard's everywhere"
)
_INT_BY_VALUE = (
    "an integer tensor compared with a Python int beyond its dtype compares by value, as "
    "NumPy 2 (int8 tensor < 1000 is all True; all four raised OverflowError here before)"
)
_TF_RANK = (
    "TensorFlow's StridedSlice, ReverseV2, SelectV2 and Where kernels stop at 8 axes, ArgMax "
    "and GatherNd at 7: past them, gathers and flattened operands (any rank here)"
)
_SUBNORMAL = (
    "subnormal operands or results: JAX and TensorFlow flush them to zero in some CPU "
    "kernels (atan2, nextafter, bfloat16 reciprocal, sign: JAX's sign of a subnormal is 0, "
    "TensorFlow's the subnormal itself), which the standard allows"
)
_PROMOTE_HIDDEN = (
    "NumPy 2 promotes int32 + float32 to float64",
    "TensorFlow refuses operands of two dtypes",
)
_NUMPY_SCALARS = (
    "NumPy scalars (np.float64(2), np.int64(1)) count as Python scalars of their kind on every "
    "backend (NumPy 2 took them as arrays: float32 + np.float64(2) gave float64 on NumPy, "
    "int8 + np.int64(1000) int64; the other backends refused them in where)"
)
_NUMPY_SUBCLASSES = (
    "NumPy's bfloat16 (ml_dtypes) has no weak scalars: a Python float widened it to float32",
    "NumPy's MaskedArray operators made a Python float a float64 array (float64 results)",
)
_HALF_SCALARS = (
    "PyTorch computes float16 and bfloat16 with a Python scalar in float32, the scalar not "
    "rounded to the dtype first: float16 [0, 1.5] * 70000 is [0, inf] (NumPy, TensorFlow, JAX: "
    "[nan, inf], 70000 being inf in float16), / 70000 gives 2.1e-05 for 0, and a comparison "
    "with a scalar the dtype cannot hold (== 0.1) may differ"
)
_XLA_DIVISOR = "JAX: XLA multiplies by a scalar divisor's reciprocal: x / 3 may be 1 ulp off"
_SIGNED_ZERO = (
    "TensorFlow: a Python -0.0 operand of + - * and of a reflected / may act as 0.0 once 0.0 has "
    "been used (TensorFlow caches its constants by value, and -0.0 == 0.0); as a divisor and "
    "as a fill value (full, pad, where) it keeps its sign"
)

_GROUPS: list[tuple[str, Rule]] = [
    (
        "sqrt exp log log1p log2 log10 sin cos tan asin acos atan sinh cosh tanh "
        "asinh acosh atanh arcsin arccos arctan arcsinh arccosh arctanh",
        Rule(
            "same float dtype; bool and integer input give float32",
            (
                "NumPy gives float64 for integer input",
                "TensorFlow refuses integer input",
                "TensorFlow's complex log2(0) and log10(0) were NaN + NaN j (-inf + 0j here)",
            ),
            (_COMPLEX_SPECIAL,),
        ),
    ),
    (
        "abs square ceil floor round",
        Rule(
            "same dtype (square of bool: DTypeError; abs of bool: unchanged; abs of complex: "
            "the real dtype of its precision); complex round rounds both parts; complex "
            "ceil/floor: DTypeError",
            (
                "TensorFlow's ceil/floor/round refuse integers (identity here)",
                "TensorFlow has no abs of unsigned integers (identity here)",
                "PyTorch and TensorFlow refuse complex round",
                "JAX's complex abs gave NaN for inf + nan j (+inf here, the standard's)",
            ),
        ),
    ),
    (
        "sign",
        Rule(
            "same dtype; NaN stays NaN, -0.0 gives +0.0 (the standard's); complex: x / |x| "
            "(0 for 0); bool input: DTypeError",
            (
                "PyTorch gives 0 for NaN and refuses complex input (sgn here)",
                "JAX and PyTorch kept -0.0",
                "bool input differs per framework",
            ),
            (_COMPLEX_SPECIAL,),
        ),
    ),
    (
        "isnan isinf isfinite",
        Rule(
            "bool; complex: either part NaN (inf), both parts finite",
            ("TensorFlow refuses integer and complex input (composed here)",),
        ),
    ),
    ("logical_not logical_and logical_or", Rule("bool; non-zero counts as true")),
    (
        "__add__ __sub__ __mul__ __radd__ __rsub__ __rmul__ pow __pow__",
        Rule(
            _PROMOTE + "; a Python scalar (or NumPy scalar) never widens a tensor",
            (
                *_PROMOTE_HIDDEN,
                "PyTorch refuses bool operands of -",
                _HUGE_INT,
                _NUMPY_SCALARS,
                *_NUMPY_SUBCLASSES,
            ),
            (_HALF_SCALARS, _SIGNED_ZERO),
        ),
    ),
    (
        "__truediv__ __rtruediv__",
        Rule(
            "float; integer operands give float32",
            (
                "NumPy and TensorFlow give float64 for integer operands",
                _NUMPY_SCALARS,
                *_NUMPY_SUBCLASSES,
                "TensorFlow divided by +0.0 for a Python -0.0 once 0.0 had been used",
            ),
            (_HALF_SCALARS, _SIGNED_ZERO, _XLA_DIVISOR),
        ),
    ),
    (
        "__floordiv__ __mod__",
        Rule(
            _PROMOTE + "; rounds toward minus infinity, remainder has the divisor's sign",
            (
                *_PROMOTE_HIDDEN,
                "integer division by zero: NumPy gives 0, JAX an unspecified value, "
                "PyTorch and TensorFlow raise (DivisionByZeroError everywhere here)",
            ),
            (_JIT_ZERO, _HALF_SCALARS),
        ),
    ),
    (
        "__lt__ __le__ __gt__ __ge__",
        Rule(
            "bool; " + _COMPLEX_ORDER,
            (
                "TensorFlow refuses operands of two dtypes",
                _HUGE_INT,
                _NUMPY_SCALARS,
                _INT_BY_VALUE,
            ),
            (_HALF_SCALARS,),
        ),
    ),
    (
        "__eq__ __ne__",
        Rule(
            "bool",
            (
                "TensorFlow refuses operands of two dtypes",
                _HUGE_INT,
                _NUMPY_SCALARS,
                _INT_BY_VALUE,
            ),
            (_HALF_SCALARS,),
        ),
    ),
    (
        "__and__ __or__ __xor__ __invert__",
        Rule(
            "same dtype; bool and integer only (DTypeError otherwise)",
            ("TensorFlow's operators are logical only",),
        ),
    ),
    (
        "minimum maximum clip",
        Rule(
            _PROMOTE + "; NaN propagates; an integer tensor's Python-int clip bound "
            "beyond its dtype clips nothing on that side (OverflowError past the other end); "
            "a number beyond a float dtype's range is the infinity on its side, as NumPy "
            "converts it; " + _COMPLEX_ORDER,
            (
                "PyTorch's minimum/maximum refuse Python scalars",
                "TensorFlow's clip is not min(max(x, lo), hi) when lo > hi",
                "PyTorch, TensorFlow and JAX wrap out-of-range int bounds around",
                "PyTorch refuses float bounds beyond the dtype's range (RuntimeError)",
                _HUGE_INT,
                _NUMPY_SCALARS,
                "NumPy's bfloat16 clip gave float32",
                "of bool tensors (bool bounds), NumPy's logical or/and: PyTorch and "
                "TensorFlow have no bool kernels",
            ),
            (
                "minimum/maximum of -0.0 and +0.0: PyTorch and TensorFlow may give the other "
                "zero (the standard leaves their order unspecified)",
            ),
        ),
    ),
    (
        "where",
        Rule(
            "promoted dtype of x and y; two Python ints give int64, two floats float32; a "
            "Python complex takes the complex dtype of a float tensor's precision (complex64 "
            "with ints, bools and float32), as for +",
            (
                "NumPy gives float64 for two Python floats",
                "PyTorch gives float32 for two ints",
                _NUMPY_SCALARS,
                "a Python complex beside a tensor raised FrameworkMixError here",
                _TF_RANK,
            ),
            (_JAX32,),
        ),
    ),
    (
        "sum prod cumsum",
        Rule(
            "bool and integers narrower than 64 bits give int64; floats keep their dtype; "
            "float16 and bfloat16 accumulate in float32; sum and prod take dtype= (the input "
            "cast first; integers wrap around in it, as in NumPy)",
            (
                "TensorFlow keeps int32",
                "JAX's cumsum keeps narrow integers",
                "PyTorch's prod takes one axis",
                _HALF,
            ),
            (_JAX32, "PyTorch sums uint8 as int64 (NumPy: uint64)"),
        ),
    ),
    (
        "cumulative_sum cumulative_prod",
        Rule(
            "as sum (prod); axis required for more than one axis, dtype= casts first, "
            "include_initial=True starts with 0 (1)",
            (
                "NumPy's, PyTorch's and TensorFlow's cumulative functions flatten without an axis",
                "JAX keeps narrow integers, TensorFlow int32",
            ),
            (_JAX32,),
        ),
    ),
    (
        "mean",
        Rule(
            "same float dtype; integer input gives float32; float16 and bfloat16 accumulate "
            "in float32",
            (
                "NumPy gives float64, TensorFlow truncates to int, PyTorch refuses integers",
                _HALF,
            ),
        ),
    ),
    (
        "min max",
        Rule(
            "same dtype; NaN propagates; an empty axis raises ShapeError; " + _COMPLEX_ORDER,
            ("TensorFlow returns +-inf for empty axes",),
        ),
    ),
    ("all any", Rule("bool; non-zero counts as true", ("TensorFlow refuses non-bool input",))),
    (
        "argmin argmax",
        Rule(
            "int64; the first NaN wins; " + _COMPLEX_ORDER,
            ("TensorFlow ignores NaN", "PyTorch refuses bool input"),
            (_JAX32,),
        ),
    ),
    (
        "logsumexp softmax log_softmax",
        Rule(
            "same float dtype; integer input gives float32; complex input: DTypeError; a row "
            "holding NaN is NaN throughout (logsumexp: NaN), as NumPy's exp(x - max) / sum",
            (
                "complex input: PyTorch and JAX computed logsumexp, JAX softmax; NumPy, PyTorch "
                "and TensorFlow raised their own errors",
                "TensorFlow's softmax gave NaN only where a row's NaN was ([0, nan, 0, 0])",
            ),
            ("rows containing inf (no NaN) and empty axes follow each framework's kernel",),
        ),
    ),
    (
        "sort argsort",
        Rule(
            "sort: same dtype; argsort: int64; stable, NaN last; descending=True is the exact "
            "reverse order (NaN first), equal values keeping their order; stable=False sorts "
            "stably too; " + _COMPLEX_ORDER,
            (
                "TensorFlow orders NaN arbitrarily and gives int32 indices",
                "NumPy's sort has no descending",
            ),
            (_JAX32,),
        ),
    ),
    (
        "topk",
        Rule(
            "(values in the same dtype, int64 indices); equal values lower index first, "
            "NaN largest; " + _COMPLEX_ORDER,
            (
                "PyTorch's topk orders ties arbitrarily",
                "TensorFlow and JAX take the last axis only",
            ),
            (_JAX32,),
        ),
    ),
    (
        "reshape flatten transpose permute_dims squeeze expand_dims tile flip",
        Rule(
            "same dtype; views where the framework makes views",
            ("PyTorch's squeeze ignores axes of length > 1 (ShapeError here)", _TF_RANK),
            (
                "reshape(copy=False) never raises on TensorFlow and JAX, whose arrays cannot be "
                "written (no copy is observable)",
                "inside tf.function, where a size is not known yet (None), TensorFlow checks "
                "reshape's number of elements when the graph runs (InvalidArgumentError)",
            ),
        ),
    ),
    (
        "pad",
        Rule(
            "same dtype; constant, reflect and edge on any rank",
            ("PyTorch's reflect pads only the last axes", "TensorFlow has no edge mode", _FILL),
        ),
    ),
    (
        "concat concatenate stack",
        Rule(_PROMOTE, _PROMOTE_HIDDEN),
    ),
    (
        "matmul __matmul__",
        Rule(
            _PROMOTE + "; NumPy's matmul (1-d vectors, batches; bool @ bool is logical)",
            (
                "TensorFlow's matmul takes no 1-d operands",
                "PyTorch refuses operands of two dtypes",
                "NumPy's bfloat16 matmul gives float32",
            ),
        ),
    ),
    (
        "crossentropy",
        Rule("the logits' float dtype; one loss per sample (NaN of NaN rows); complex: DTypeError"),
    ),
    (
        "onehot_like",
        Rule("the template's dtype; exact zeros off target (also for value=inf)"),
    ),
    (
        "take_along_axis",
        Rule(
            "same dtype; any axis, negative indices, any integer dtype; out of range raises "
            "IndexOutOfRangeError, in the graph under torch.compile and tf.function",
            ("TensorFlow has none", "PyTorch wraps out-of-range indices", "JAX fills with NaN"),
            (_JIT_RANGE,),
        ),
    ),
    (
        "__getitem__",
        Rule(
            "same dtype; NumPy's basic and advanced indexing; NumPy index arrays (wrapped or "
            "not) are valid on every backend; any integer dtype; out of range: "
            "IndexOutOfRangeError; t['a'], t[1.5]: IndexTypeError; too many indices: NumPy's",
            (
                "PyTorch refuses negative slice steps and places int + array indices differently",
                "TensorFlow has no advanced indexing",
                "JAX clamps out-of-range indices, and without 64-bit mode wraps index values "
                "beyond int32 around (2**32 read 0); PyTorch refuses int8 index arrays",
                "uint64 indices of 2**63 and more read as negative int64 (NumPy's too)",
            ),
            (
                _JIT_RANGE,
                "TensorFlow: one integer array on one axis is a tf.gather, so a native "
                "GradientTape gets a sparse tf.IndexedSlices gradient on the first axis "
                "(unitensor's own gradients are dense)",
            ),
        ),
    ),
    (
        "index_update at",
        Rule(
            "the tensor's dtype (values are cast, and must broadcast to t[index]); every index "
            "form; the input is unchanged; at[...].add/multiply of bool: DTypeError",
            ("TensorFlow has no item assignment", "JAX arrays are immutable", _FILL),
            ("JAX cannot differentiate at[i].multiply with repeated positions",),
        ),
    ),
    ("inv", Rule("same float dtype", kept=("a singular matrix: each framework's result",))),
    ("slogdet", Rule("(sign, log|det|) in the float dtype")),
    ("meshgrid", Rule(_PROMOTE)),
    (
        "zeros ones full zeros_like ones_like full_like",
        Rule("the template's dtype unless dtype= is given; the template's device", (_FILL,)),
    ),
    (
        "arange",
        Rule(
            "int64 for int arguments, else float32 (as NumPy decides from the arguments); an "
            "integer dtype= with float arguments: NumPy's ceil((stop - start) / step) values "
            "from int(start), spaced by int(start + step) - int(start)",
            (
                "PyTorch and TensorFlow refuse empty ranges",
                "TensorFlow refused float arguments with an integer dtype, PyTorch counted "
                "differently (arange(0, 5, 1.5, dtype=int64): 5 values, NumPy's 4)",
            ),
            (_JAX32,),
        ),
    ),
    ("from_numpy", Rule("the NumPy array's dtype; the template's framework and device")),
    (
        "uniform normal",
        Rule(
            "the template's float dtype (float32 for other templates); with key=: a pure "
            "function of the key (ut.random.key)",
            ("NumPy draws float64",),
            (
                "inside jax.jit a draw without key= raises RuntimeError (with key=: traced)",
                "with key=, each framework draws with its own generator (one seed, other "
                "numbers; NumPy and PyTorch share Threefry-2x32)",
            ),
        ),
    ),
    (
        "astype float32 float64 bool",
        Rule(
            "the requested dtype; a float to an integer dtype truncates toward zero",
            kept=(
                "JAX without 64-bit mode: 32-bit types, with a UserWarning",
                "a float the integer dtype cannot hold (NaN, inf, out of range) is undefined in "
                "C: the processor's value (x86-64: the lowest int32/int64, its low bits for "
                "narrower dtypes); a checked cast would cost every cast a pass",
            ),
        ),
    ),
    (
        "value_and_grad_fn value_and_grad value_aux_and_grad grad",
        Rule(
            "value: 0-d in the loss dtype; gradient: the shape, dtype and structure (nested "
            "tuples, lists, dicts) of the differentiated argument, argnums (default 0) or a "
            "tuple of them; the same array passed again, or closed over, is a constant, as in "
            "JAX; with only f (and options): a new function, as JAX's grad; a complex input's "
            "gradient in JAX's convention, dL/dRe - i dL/dIm",
            (
                "PyTorch and TensorFlow give the conjugate of JAX's complex gradient (conjugated "
                "here)",
                "PyTorch writes .grad with backward() (never used here)",
                "a TensorFlow tape watching the input counted it twice when it was also "
                "another argument",
            ),
            ("NumPy cannot differentiate: NotImplementedError",),
        ),
    ),
    # manipulation (Array API 2025.12)
    (
        "broadcast_to broadcast_arrays",
        Rule("same dtype (broadcast_arrays: each input's own); NumPy's broadcasting; views"),
    ),
    ("broadcast_shapes", Rule("a tuple of ints; NumPy's broadcasting")),
    ("moveaxis unstack", Rule("same dtype (unstack: a tuple of tensors)")),
    (
        "repeat",
        Rule(
            "same dtype; counts an int or an integer tensor (of the axis's length, or one for "
            "every element); axis=None flattens",
            ("PyTorch calls it repeat_interleave (its repeat is NumPy's tile)",),
            (
                "inside jax.jit a tensor of counts raises JAX's ConcretizationTypeError (the "
                "result's shape depends on the values); an int works",
            ),
        ),
    ),
    ("roll", Rule("same dtype; axis=None rolls the flattened tensor; repeated axes add up")),
    (
        "take",
        Rule(
            "same dtype; 1-d integer indices, negative ones from the end; an axis required "
            "beyond 1-d; out of range raises IndexOutOfRangeError",
            (
                "PyTorch's index_select and TensorFlow's gather refuse negative indices",
                "JAX fills out-of-range positions, TensorFlow's gather on a GPU gives zeros",
                "NumPy's take flattens without an axis",
            ),
            (_JIT_RANGE, "traced out-of-range indices: tf.function's and torch.compile's error"),
        ),
    ),
    (
        "empty empty_like",
        Rule(
            "as zeros and zeros_like: the values are zeros on every backend",
            ("NumPy and PyTorch leave the values uninitialised",),
        ),
    ),
    (
        "eye",
        Rule(
            "the template's dtype unless dtype= is given (the standard's default: float32); "
            "the template's device",
            ("PyTorch's and TensorFlow's eye take no diagonal offset",),
        ),
    ),
    (
        "linspace",
        Rule(
            "float32 (complex64 for a complex bound) unless dtype= is given; NumPy's values, "
            "computed in double precision, on every backend; the template's device",
            (
                "PyTorch's and TensorFlow's linspace take no endpoint",
                "TensorFlow gives float64 for integer bounds",
            ),
        ),
    ),
    (
        "tril triu",
        Rule(
            "same dtype; the last two axes (batches too); fewer than two axes: ShapeError",
            ("TensorFlow has none (band_part takes no offset below the diagonal)", _TF_RANK),
        ),
    ),
    (
        "finfo iinfo",
        Rule(
            "bits, eps, max, min, smallest_normal (iinfo: bits, max, min) as Python numbers; "
            "dtype the framework's own (complex: the real component's)",
            ("NumPy's finfo does not know bfloat16",),
        ),
    ),
    (
        "isdtype",
        Rule(
            "bool; the standard's kinds ('real floating' includes float16 and bfloat16)",
            ("NumPy's isdtype refuses other frameworks' dtypes and bfloat16",),
        ),
    ),
    (
        "result_type",
        Rule(
            _PROMOTE + "; a Python scalar never widens; the tensors' framework's dtype",
            ("NumPy gives float64 for int64 with float32",),
            (_JAX32,),
        ),
    ),
    (
        "can_cast",
        Rule(
            "bool; NumPy's safe casting (bfloat16 as ml_dtypes casts it)",
            ("PyTorch's can_cast allows narrowing (float64 to float32, int64 to float32)",),
        ),
    ),
    # fft (Array API 2025.12)
    (
        "fft.fft fft.ifft fft.fftn fft.ifftn",
        Rule(
            "complex64 (complex128 for float64 and complex128 input): real input as the complex "
            "dtype of its precision, bool and integers as complex64; n (s[i]) along the axes; "
            "norm 'backward', 'ortho' or 'forward' (else ValueError)",
            (
                "TensorFlow's tf.signal: innermost axes only, no norm (axes moved, scaled here)",
                "NumPy computed integer input in float64; PyTorch's CPU refused float16",
                "a repeated axis: NumPy transformed it twice, PyTorch refused it (AxisError)",
                "s without axes: NumPy 2 deprecated it (ValueError, the standard's rule)",
                "an empty batch (any fft transform): PyTorch's CPU raised; the empty result here",
            ),
        ),
    ),
    (
        "fft.rfft fft.rfftn fft.ihfft",
        Rule(
            "complex64 (complex128 for float64 input), n // 2 + 1 along the (last) axis; bool "
            "and integers as float32; complex input: DTypeError (the standard requires real)",
            (
                "TensorFlow's tf.signal: innermost axes only, no norm (axes moved, scaled here)",
                "NumPy computed integer input in float64; PyTorch's CPU refused float16",
                "TensorFlow has no ihfft: the conjugate of rfft here",
                "complex input: NumPy raised TypeError, PyTorch RuntimeError",
            ),
        ),
    ),
    (
        "fft.irfft fft.irfftn fft.hfft",
        Rule(
            "float32 (float64 for complex128 and float64 input); n (s[i]) along the axes, by "
            "default 2 * (m - 1) along the (last) one",
            (
                "TensorFlow's tf.signal: innermost axes only, no norm (axes moved, scaled here)",
                "NumPy computed integer input in float64; PyTorch's CPU refused float16",
                "TensorFlow has no hfft: irfft of the conjugate here",
            ),
            ("irfftn with s[-1] == -1: 2 * (m - 1), as the standard says (NumPy: m)",),
        ),
    ),
    (
        "fft.fftfreq fft.rfftfreq",
        Rule(
            "float32 unless dtype= (a real float dtype) is given; a template tensor first, whose "
            "framework and device the result takes",
            ("NumPy gives float64", "TensorFlow has no fftfreq: composed from arange here"),
        ),
    ),
    ("fft.fftshift fft.ifftshift", Rule("same dtype and shape; a repeated axis: AxisError")),
    # searching, set, sorting, statistical (Array API 2025.12)
    (
        "count_nonzero",
        Rule("int64; True, NaN and complex numbers with a non-zero part count", kept=(_JAX32,)),
    ),
    (
        "nonzero",
        Rule(
            "a tuple of one 1-d int64 tensor per axis, indices in C order; 0-d input: ShapeError",
            ("TensorFlow's tf.where gives one (n, ndim) array", _TF_RANK),
            (_JAX32, "inside jax.jit: DataDependentShapeError (the shape depends on the values)"),
        ),
    ),
    (
        "searchsorted",
        Rule(
            "int64 in x2's shape (0-d for a Python scalar); dtypes promote as +; NaN sorts "
            "last, as in sort; sorter= checked for range",
            (
                "PyTorch and TensorFlow compare NaN as neither smaller nor larger",
                "TensorFlow takes 1-d values only and gives int32",
                "PyTorch and TensorFlow refuse bool",
            ),
            (_JAX32,),
        ),
    ),
    (
        "unique_all unique_counts unique_inverse unique_values",
        Rule(
            "values in the input's dtype, sorted (NumPy's order; the standard leaves it open); "
            "int64 first indices, inverse_indices in the input's shape and counts; each NaN is "
            "distinct (count 1); -0.0 and 0.0 are one value; " + _COMPLEX_ORDER,
            (
                "TensorFlow's unique keeps the order of first occurrence and takes 1-d input",
                "PyTorch's unique gives no first indices",
            ),
            (_JAX32, "inside jax.jit: DataDependentShapeError (the shape depends on the values)"),
        ),
    ),
    (
        "isin",
        Rule(
            "bool in x's shape; elements compare as == (NaN is never found); dtypes promote as +",
            ("TensorFlow has none",),
            ("x must be a tensor (the standard also allows a Python int; test_elements may be)",),
        ),
    ),
    (
        "var std",
        Rule(
            "same float dtype; bool and integer input give float32; divisor M - correction; NaN "
            "where M - correction <= 0, empty axes included; complex: DTypeError",
            (
                "TensorFlow's reduce_variance has no correction",
                "PyTorch's var and std default to correction=1",
            ),
            (
                "NumPy gives inf (with a warning) where M - correction <= 0 and the squared "
                "deviations do not sum to 0; NaN here, as the standard says",
            ),
        ),
    ),
    (
        "diff",
        Rule(
            "the promoted dtype of x, prepend and append (a Python scalar takes x's dtype of its "
            "kind); bool gives x[i + 1] != x[i]; unsigned integers wrap around; n=0 returns x",
            ("TensorFlow has none",),
            (
                "NumPy makes a Python scalar prepend/append an int64 or float64 array first "
                "(np.diff of int8 with prepend=0 gives int64; int8 here)",
            ),
        ),
    ),
    # linear algebra (Array API 2025.12)
    ("matrix_transpose mT", Rule("same dtype; the last two axes swapped (below 2-d: ShapeError)")),
    (
        "tensordot",
        Rule(
            _PROMOTE + "; NumPy's tensordot (axes: an int or a pair of sequences of axes, "
            "negative ones too); bool: products are logical and, sums logical or, as in NumPy",
            (
                "PyTorch refuses operands of two dtypes",
                "PyTorch and TensorFlow have no bool kernels (computed in int32 here)",
                "TensorFlow has no int8, int16, uint8, uint16 or uint32 kernels (computed wider "
                "and cast back, wrapping around as NumPy)",
            ),
        ),
    ),
    (
        "vecdot",
        Rule(
            _PROMOTE + "; the vectors along axis (of each operand), the other axes broadcast; "
            "bool: logical and / or",
            ("TensorFlow has no vecdot", "PyTorch and TensorFlow have no bool kernels"),
            ("complex input: DTypeError (the standard conjugates x1; not done yet)",),
        ),
    ),
    (
        "einsum",
        Rule(
            _PROMOTE + "; NumPy's subscripts: implicit and explicit output, '...', axes of "
            "length 1 broadcast, a letter repeated in one operand takes a diagonal; bool: "
            "logical and / or",
            (
                "the subscripts are checked and made explicit here (letters only): the same "
                "errors everywhere",
                "TensorFlow broadcasts no axis of length 1 of a named subscript",
                "PyTorch and TensorFlow have no bool kernels, TensorFlow none for int8, int16, "
                "uint8, uint16, uint32",
                "PyTorch sums integers to int64 ('ij->j')",
            ),
            ("NumPy's interleaved form einsum(a, [0, 1], ...) and optimize=: not offered",),
        ),
    ),
    (
        "linalg",
        Rule(
            "unitensor.linalg, the standard's extension: the float functions (decompositions, "
            "det, inv, solve, pinv, matrix_power, the norms) give the float dtype, float32 for "
            "bool and integers, float16 and bfloat16 computed in float32 and returned in their "
            "own dtype; matrix_rank: int64; cross, outer, tensordot, vecdot, matmul, diagonal, "
            "matrix_transpose: the promoted dtype; trace: sum's",
            (
                "svd: TensorFlow returns (S, U, V), here (U, S, Vh) everywhere",
                "eigh, eigvalsh, cholesky: JAX symmetrises its input, (x + x^T) / 2; NumPy, "
                "PyTorch and TensorFlow read the lower triangle (as here everywhere)",
                "solve: PyTorch reads x2 of shape (..., n) as vectors where x1 has one more axis, "
                "TensorFlow broadcasts no batch axes",
                "pinv and matrix_rank: the standard's default rtol, max(m, n) * eps, everywhere "
                "(NumPy's pinv 1e-15, TensorFlow's and JAX's pinv ten times the standard's)",
                "vector_norm and matrix_norm are composed here (every ord on every framework)",
                "diagonal: TensorFlow refuses an offset beyond the matrix and bool input",
                "NumPy has no half-precision linear algebra",
            ),
            (
                "decompositions are unique up to signs: the signs of eigenvectors, of pairs of "
                "singular vectors, and of Q's columns with R's rows are each framework's",
                "a singular or indefinite matrix (inv, solve, cholesky): NumPy and PyTorch raise "
                "their LinAlgError, TensorFlow raises or gives NaN, JAX gives inf/NaN",
                "matrix_power of integers: float32 (NumPy keeps integers for n >= 0)",
                "matrix_rank of a vector: ShapeError (NumPy takes it)",
            ),
        ),
    ),
    # elementwise (Array API 2025.12)
    (
        "add subtract multiply",
        Rule(
            _PROMOTE + "; a Python scalar never widens a tensor; subtract of bools: DTypeError "
            "(as NumPy's -); the functions take a Python scalar on either side",
            (*_PROMOTE_HIDDEN, "bool operands of - failed in a different way on each", _HUGE_INT),
        ),
    ),
    (
        "divide",
        Rule(
            "float; integer operands give float32; a Python scalar on either side",
            ("NumPy and TensorFlow give float64 for integer operands",),
            (_XLA_DIVISOR,),
        ),
    ),
    (
        "floor_divide remainder",
        Rule(
            _PROMOTE + "; floats as NumPy (and Python): 1.0 // 0.1 is 9.0, inf // 2 is NaN, "
            "1.0 // -inf is -1.0 (the standard allows both), a zero quotient has the sign of "
            "x1 / x2, a zero remainder the divisor's; bool and complex: DTypeError",
            (
                "TensorFlow's float floordiv is floor(a / b): 1.0 // 0.1 gave 10.0, inf // 2 "
                "+inf, 1.0 // -inf -0.0",
                "JAX gave -0.0 // 1.0 as +0.0",
                "PyTorch, TensorFlow and JAX gave a zero remainder the dividend's sign",
                "integer division by zero: NumPy gives 0, JAX an unspecified value, PyTorch "
                "and TensorFlow raise (DivisionByZeroError everywhere here)",
                "bool operands: int8 on NumPy, int32 on JAX, errors elsewhere",
            ),
            (_JIT_ZERO,),
        ),
    ),
    (
        "negative positive",
        Rule("same dtype; bool: DTypeError (as NumPy 2); positive gives the tensor itself"),
    ),
    (
        "equal not_equal",
        Rule(
            "bool; NaN equals nothing, -0.0 equals 0.0",
            ("TensorFlow refuses operands of two dtypes", _HUGE_INT, _INT_BY_VALUE),
        ),
    ),
    (
        "less less_equal greater greater_equal",
        Rule(
            "bool; " + _COMPLEX_ORDER,
            ("TensorFlow refuses operands of two dtypes", _HUGE_INT, _INT_BY_VALUE),
        ),
    ),
    (
        "bitwise_and bitwise_or bitwise_xor bitwise_invert",
        Rule(
            "same dtype; bool and integer only (DTypeError otherwise); logical for bool",
            ("TensorFlow's operators are logical only",),
        ),
    ),
    (
        "bitwise_left_shift bitwise_right_shift __lshift__ __rshift__ __rlshift__ __rrshift__",
        Rule(
            "the promoted integer dtype; integers only (bool, float, complex: DTypeError); "
            "right shifts propagate the sign; a shift by the width or more, or by a negative "
            "amount (unspecified by the standard), gives 0 (-1 for negative values shifted "
            "right), as in NumPy",
            (
                "TensorFlow leaves those shifts implementation-defined (its CPU kernel shifted "
                "by width - 1)",
            ),
            (_JAX32,),
        ),
    ),
    (
        "logical_xor",
        Rule("bool; non-zero counts as true", ("TensorFlow refuses non-bool input",)),
    ),
    (
        "atan2 copysign hypot logaddexp nextafter",
        Rule(
            "the promoted float dtype (bool and integer operands give float32); real operands "
            "only (complex: DTypeError); the standard's special cases: copysign takes the sign "
            "bit of zeros and NaNs, hypot is +inf for an infinite operand even beside NaN, "
            "hypot and logaddexp do not overflow; a Python scalar on either side",
            (
                "NumPy gives float64 for integer operands",
                "TensorFlow has no copysign, hypot or logaddexp (here: on the bits, the "
                "magnitude of a complex number, max + softplus(min - max)) and no float16 or "
                "bfloat16 nextafter (on the bits here)",
            ),
            (_SUBNORMAL,),
        ),
    ),
    (
        "expm1 reciprocal",
        Rule(
            "same float or complex dtype; bool and integer input give float32",
            ("NumPy gives float64 for integer input (reciprocal: integer division)",),
            (_COMPLEX_SPECIAL,),
        ),
    ),
    (
        "trunc",
        Rule(
            "same dtype (bool and integers: the tensor itself); trunc(-0.5) is -0.0; "
            "complex: DTypeError",
            ("TensorFlow has no trunc (truncatediv(x, 1) here, one pass)",),
        ),
    ),
    (
        "signbit",
        Rule(
            "bool: the sign bit, set for -0.0 and negative NaNs; bool and integer input count "
            "as float32; complex: DTypeError",
            ("TensorFlow has none (a comparison on the bits here)",),
        ),
    ),
    (
        "conj real imag",
        Rule(
            "conj: same dtype; real, imag: the real dtype of the precision (complex64: "
            "float32); real input: conj and real give the tensor itself, imag zeros of its dtype",
            (
                "PyTorch's conj only sets a bit, which .numpy() and DLPack refuse "
                "(conj_physical here)",
                "PyTorch's imag refuses real input",
            ),
        ),
    ),
    # the generic backend (issue 14)
    (
        "astensor",
        Rule(
            "the tensor class of the array's framework, the array itself as .raw; an array "
            "of any other Array API namespace (its type has __array_namespace__): "
            "ut.ArrayAPITensor, one subclass per namespace; a tensor comes back unchanged",
            (
                "NumPy and JAX arrays (and unitensor's tensors) have __array_namespace__ too: "
                "their dedicated backends come first",
            ),
        ),
    ),
    # linalg: complex input, eig, eigvals (Array API 2025.12)
    (
        "linalg.vecdot linalg.cholesky linalg.eigh linalg.pinv linalg.svd",
        Rule(
            "complex input (every linalg function): complex64 and complex128 keep their "
            "dtype; real results (norms, singular values, "
            "eigh's and eigvalsh's eigenvalues, slogdet's logabsdet) the real dtype of the "
            "precision; vecdot conjugates x1, cholesky and eigh take Hermitian matrices, pinv "
            "and svd use the conjugate transpose, matmul/tensordot/outer conjugate nothing",
            (
                "TensorFlow gives complex singular values, eigh eigenvalues and logabsdet "
                "(their real parts here)",
                "TensorFlow and PyTorch have no matmul kernels for some narrow integers: int8, "
                "int16, uint8, uint16, uint32, uint64 products are computed wider, wrapping "
                "around as NumPy",
            ),
            (
                "matrices with infinite entries (qr, svd, ...): each framework's values; "
                "PyTorch and TensorFlow may give NaN where NumPy gives inf",
            ),
        ),
    ),
    (
        "linalg.eig linalg.eigvals",
        Rule(
            "always complex: complex128 for float64 and complex128 input, complex64 otherwise "
            "(bool, integers and half precision computed in float32); eigenvectors of norm 1 "
            "as columns",
            ("NumPy gives real arrays where every eigenvalue is real",),
            (
                "the order of the eigenvalues and each eigenvector's phase are the framework's",
                "JAX computes eig on the CPU only",
            ),
        ),
    ),
    # unsigned integers (Array API 2025.12)
    (
        "add subtract multiply floor_divide remainder pow bitwise_left_shift "
        "bitwise_right_shift less greater minimum maximum sum prod argmax sort arange",
        Rule(
            "uint8, uint16, uint32, uint64: NumPy's values on every framework (wraparound "
            "modulo 2**n, unsigned order; sums and products of unsigned integers: uint64)",
            (
                "PyTorch has few kernels for uint16, uint32, uint64: computed on the signed "
                "view of the bits, on order keys (the top bit flipped) or in a wider dtype",
                "PyTorch's all and any of uint8 give uint8 (bool here)",
                "TensorFlow's pow and sign have no unsigned kernels (by squaring, != 0 here); "
                "its range none beyond int64 for uint64, its tile and repeat none for uint16",
                "jax.numpy.power of integer exponent arrays reads 6 bits of the exponent "
                "(by squaring over all bits here)",
            ),
            (
                "JAX without 64-bit mode: a Python int above int32's range beside a uint32 "
                "tensor overflows (OverflowError)",
            ),
        ),
    ),
    (
        "__getitem__ __setitem__ index_update",
        Rule(
            "a 0-d bool mask takes no axis and adds one of length 1 (True) or 0 (False), "
            "as NumPy's, with any other index items",
            (
                "TensorFlow and JAX counted a 0-d bool tensor as an integer index (IndexError, "
                "or the wrong shape)",
            ),
            ("JAX: None before a 0-d mask (x[None, mask]) gives JAX's own shape",),
        ),
    ),
    # transformations: ut.jit (issue 13)
    (
        "jit",
        Rule(
            "each result's dtype as eagerly; a Python number not declared static is traced "
            "as a 0-d tensor of its kind's default dtype (float32, int64, bool, complex64) "
            "and promotes as one",
            (
                "compiles with jax.jit, tf.function (XLA with jit_compile=True) or "
                "torch.compile; NumPy runs the function as it is",
                "tf.function printed AutoGraph warnings on unitensor code (it now calls "
                "unitensor's code unconverted)",
                "torch.compile(fullgraph=True) broke the graph at @ and ~ of tensors, at the "
                "gradient (torch.autograd.grad) and at index normalisation",
                "a new Python learning rate recompiled torch.compile once (a float is "
                "specialised until it changes); ut.jit passes it as a 0-d tensor",
            ),
            (
                "checks of values (index ranges, integer division by zero, crossentropy "
                "labels) raise unitensor's errors eagerly; under tf.function and "
                "torch.compile they run inside the graph and raise the framework's error "
                "(InvalidArgumentError, RuntimeError, IndexError) naming the cause when it "
                "runs (ut.jit raises unitensor's error instead); under jax.jit and "
                "TensorFlow's XLA they are skipped (JAX clamps "
                "indices, integer division by zero gives an unspecified value); "
                "ut.jit(f, checks=True) checks them on JAX with checkify, raising "
                "unitensor's IndexOutOfRangeError / DivisionByZeroError as eagerly",
                "boolean masks, nonzero and unique_* under jax.jit: DataDependentShapeError",
                "bool(), int(), float() and item() of a traced tensor: CompileError "
                "(TensorFlow) or the compiler's error as CompileError (ut.jit)",
                "torch.compile recompiles a function at most recompile_limit times",
            ),
        ),
    ),
    # transformations and random keys (issue 13)
    (
        "vmap",
        Rule(
            "f's results, each with the mapped axis inserted at out_axes; in_axes / out_axes "
            "an int, None or a prefix of the arguments' (results') structure, as jax.vmap",
            (
                "jax.vmap, torch.func.vmap and tf.vectorized_map differ in their axis "
                "arguments and containers (one rule here)",
                "PyTorch's vmap refuses random draws by default (randomness='different' here)",
            ),
            (
                "NumPy: a Python loop with a stack (a loop's speed; an axis of length 0 is a "
                "ValueError)",
                "TensorFlow: eagerly, tf.vectorized_map traces f on every call (call it inside "
                "tf.function); ops without a pfor converter run as a while_loop",
                "draws without key= inside f: different per element on PyTorch, TensorFlow "
                "and NumPy, RuntimeError inside JAX (map over ut.random.split keys instead)",
            ),
        ),
    ),
    (
        "jvp vjp",
        Rule(
            "outputs and their tangents (jvp) or cotangents (vjp) with the shapes, dtypes and "
            "structures of the outputs (inputs); tangents and cotangents must match them "
            "(ShapeError, DTypeError)",
            (
                "TensorFlow has no jvp / vjp functions (a ForwardAccumulator, a persistent "
                "GradientTape held by vjp_fn here)",
                "complex: PyTorch's and TensorFlow's vjp of a holomorphic f is c * conj(f'), "
                "JAX's c * f' (JAX's here, so that jacrev equals jacfwd)",
            ),
            ("NumPy cannot differentiate: NotImplementedError",),
        ),
    ),
    (
        "jacfwd jacrev jacobian hessian",
        Rule(
            "an output of shape S by an input of shape X: shape S + X in the output's dtype; "
            "containers nest as in JAX (output structure, then input structure); jacobian is "
            "jacrev; hessian is jacfwd(jacrev(f))",
            (
                "PyTorch, TensorFlow and JAX lay out Jacobians of containers differently "
                "(TensorFlow has tape.jacobian only); built here from jvp, vjp and vmap",
            ),
            ("NumPy cannot differentiate: NotImplementedError",),
        ),
    ),
    (
        "randint",
        Rule(
            "dtype if given, else the template's integer dtype, else int64; [low, high) as "
            "NumPy's Generator.integers; key= as uniform",
            ("JAX without 64-bit mode: int32 instead of int64",),
        ),
    ),
    (
        "permutation",
        Rule(
            "the tensor's shape and dtype, its slices along axis shuffled; key= as uniform",
            ("TensorFlow and JAX have no permutation of an axis (a take of a random order here)",),
        ),
    ),
    (
        "random.key random.split random.fold_in",
        Rule(
            "a key: shape (2,) (split: (num, 2)) of two 32-bit words; uint32 on JAX "
            "(jax.random.PRNGKey's), int64 elsewhere; pure functions, traceable with the key "
            "an input",
            (
                "TensorFlow's stateless seeds, JAX's keys and PyTorch's generators are three "
                "kinds of object (one kind of key here; PyTorch and NumPy: Threefry-2x32 from "
                "tensor operations, so torch.compile traces it)",
            ),
            ("the same seed draws different numbers on TensorFlow, on JAX and on NumPy/PyTorch",),
        ),
    ),
    (
        "bernoulli",
        Rule(
            "bool of shape; true with probability p (a number in [0, 1] or a floating tensor); "
            "uniform(shape, key=key) < p",
        ),
    ),
    ("kl_div_with_logits", Rule("the float dtype of the logits; any axis")),
    (
        "l0 l1 l2 linf lp",
        Rule(
            "the float dtype (float32 for integers)",
            kept=("on NumPy a full reduction is a NumPy scalar, as NumPy's own reductions",),
        ),
    ),
    *[(names, Rule(dtype, hidden, kept)) for names, dtype, hidden, kept in _ARRAY_OBJECT_ROWS],
]


_ROWS = [*_GROUPS, *((names, Rule(*fields)) for names, fields in _INTEROP)]
TABLE: dict[str, Rule] = {}
"""Operation name -> ``Rule``, one row per operation (of two groups: both texts)."""
for _names, _rule in _ROWS:
    for _name in _names.split():
        _row = TABLE.setdefault(_name, _rule)
        if _row is not _rule:
            TABLE[_name] = Rule(
                f"{_row.dtype}; {_rule.dtype}", _row.hidden + _rule.hidden, _row.kept + _rule.kept
            )
for _names, _differs in _DIFFERS:
    for _name in _names.split():
        TABLE[_name] = replace(TABLE[_name], differs=(*TABLE[_name].differs, _differs))
add_gradients(TABLE)


def _cell(items: tuple[str, ...]) -> str:
    return "<br>".join(items) if items else "—"


def markdown() -> str:
    """The table as Markdown, one row per operation, in the order of ``TABLE``.

    Examples
    --------
    >>> from unitensor.semantics import markdown
    >>> print(markdown().splitlines()[0])
    | operation | result dtype | gradient | framework differences hidden | differences kept |
    """
    lines = [
        "| operation | result dtype | gradient | framework differences hidden | differences kept |",
        "|---|---|---|---|---|",
    ]
    for name, rule in TABLE.items():
        kept = (*rule.kept, *(f"{d.backend}: {d.what}" for d in rule.differs))
        cells = f"{rule.dtype} | {rule.gradient or '—'} | {_cell(rule.hidden)} | {_cell(kept)}"
        lines.append(f"| `{name}` | {cells} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(markdown(), end="")
