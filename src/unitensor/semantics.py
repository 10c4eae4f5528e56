"""The semantics table: what every operation returns, and what differs between frameworks.

``TABLE`` holds one ``Rule`` per operation: the dtype of its
result under unitensor's rules, the differences between the frameworks that
unitensor hides (so the operation means the same everywhere), and the ones
it keeps and documents. The documentation's semantics table is generated
from it (``python -m unitensor.semantics`` prints it as Markdown), and a
test checks that every operation of the API has a row.

Examples
--------
>>> from unitensor.semantics import TABLE
>>> TABLE["sqrt"].dtype
'same float dtype; bool and integer input give float32'
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["TABLE", "Rule", "markdown"]


@dataclass(frozen=True)
class Rule:
    """What one operation returns and how the frameworks differ on it.

    Attributes
    ----------
    dtype
        The result dtype under unitensor's rules.
    hidden
        Native differences that unitensor hides.
    kept
        Differences unitensor keeps, documented.
    """

    dtype: str
    hidden: tuple[str, ...] = ()
    kept: tuple[str, ...] = ()


_JAX32 = "JAX without 64-bit mode: int32 instead of int64"
_PROMOTE = "the promoted dtype of the operands (int + float gives the float's dtype)"
_HUGE_INT = (
    "a Python int with a float tensor goes in as a float, as in NumPy (10**400: OverflowError; "
    "PyTorch and JAX raised for ints beyond int64, TensorFlow ValueError)"
)
_HALF = (
    "half-precision kernels differ (NumPy and TensorFlow accumulated bfloat16 in bfloat16: "
    "the sum of 4096 values of 1.1 gave 512)"
)
_COMPLEX_ORDER = (
    "complex input: DTypeError, as the Array API standard defines no order for complex "
    "numbers (NumPy orders them lexicographically, PyTorch and TensorFlow refuse them)"
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
            ("NumPy gives float64 for integer input", "TensorFlow refuses integer input"),
        ),
    ),
    (
        "abs square ceil floor round",
        Rule(
            "same dtype (square of bool: DTypeError; abs of bool: unchanged)",
            ("TensorFlow's ceil/floor/round refuse integers (identity here)",),
        ),
    ),
    (
        "sign",
        Rule(
            "same dtype; NaN stays NaN; complex: z / |z| (0 for 0), the standard's; bool input: "
            "DTypeError",
            (
                "PyTorch gives 0 for NaN",
                "bool input differs per framework",
                "PyTorch's sign refuses complex input",
            ),
            ("JAX and PyTorch keep -0.0 (equal to 0.0)",),
        ),
    ),
    (
        "isnan isinf isfinite",
        Rule("bool", ("TensorFlow refuses integer input (all False / all True here)",)),
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
            (_HALF_SCALARS, _SIGNED_ZERO),
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
            ("inside jax.jit an integer divisor is not checked for zeros", _HALF_SCALARS),
        ),
    ),
    (
        "__lt__ __le__ __gt__ __ge__",
        Rule(
            "bool; " + _COMPLEX_ORDER,
            ("TensorFlow refuses operands of two dtypes", _HUGE_INT, _NUMPY_SCALARS),
            (_HALF_SCALARS,),
        ),
    ),
    (
        "__eq__ __ne__",
        Rule(
            "bool",
            ("TensorFlow refuses operands of two dtypes", _HUGE_INT, _NUMPY_SCALARS),
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
            ),
        ),
    ),
    (
        "where",
        Rule(
            "promoted dtype of x and y; two Python ints give int64, two floats float32",
            (
                "NumPy gives float64 for two Python floats",
                "PyTorch gives float32 for two ints",
                _NUMPY_SCALARS,
            ),
            (_JAX32,),
        ),
    ),
    (
        "sum prod cumsum",
        Rule(
            "bool and integers narrower than 64 bits give int64; floats keep their dtype; "
            "float16 and bfloat16 accumulate in float32",
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
            "same float dtype; integer input gives float32; complex input: DTypeError",
            (
                "complex input: PyTorch and JAX computed logsumexp, JAX softmax; NumPy, PyTorch "
                "and TensorFlow raised their own errors",
            ),
            ("rows containing inf and empty axes follow each framework's kernel",),
        ),
    ),
    (
        "sort argsort",
        Rule(
            "sort: same dtype; argsort: int64; stable, NaN last; " + _COMPLEX_ORDER,
            ("TensorFlow orders NaN arbitrarily and gives int32 indices",),
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
            ("PyTorch's squeeze ignores axes of length > 1 (ShapeError here)",),
        ),
    ),
    (
        "pad",
        Rule(
            "same dtype; constant, reflect and edge on any rank",
            ("PyTorch's reflect pads only the last axes", "TensorFlow has no edge mode"),
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
        Rule("the float dtype of the logits; one loss per sample; complex logits: DTypeError"),
    ),
    (
        "onehot_like",
        Rule("the template's dtype; exact zeros off target (also for value=inf)"),
    ),
    (
        "take_along_axis",
        Rule(
            "same dtype; any axis, negative indices, out of range raises",
            (
                "TensorFlow has none",
                "PyTorch wraps out-of-range indices",
                "JAX fills them with NaN",
            ),
            ("inside jax.jit out-of-range indices are not checked",),
        ),
    ),
    (
        "__getitem__",
        Rule(
            "same dtype; NumPy's basic and advanced indexing; NumPy index arrays (wrapped or "
            "not) are valid on every backend",
            (
                "PyTorch refuses negative slice steps and places int + array indices differently",
                "TensorFlow has no advanced indexing",
                "JAX clamps out-of-range indices",
            ),
            (
                "inside jax.jit out-of-range integer arrays are clamped by JAX",
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
            ("TensorFlow has no item assignment", "JAX arrays are immutable"),
            ("JAX cannot differentiate at[i].multiply with repeated positions",),
        ),
    ),
    ("inv", Rule("same float dtype", kept=("a singular matrix: each framework's result",))),
    ("slogdet", Rule("(sign, log|det|) in the float dtype")),
    ("meshgrid", Rule(_PROMOTE)),
    (
        "zeros ones full zeros_like ones_like full_like",
        Rule("the template's dtype unless dtype= is given; the template's device"),
    ),
    (
        "arange",
        Rule(
            "int64 for int arguments, else float32 (as NumPy decides from the arguments)",
            ("PyTorch and TensorFlow refuse empty ranges",),
            (_JAX32,),
        ),
    ),
    (
        "to_device",
        Rule(
            "the tensor's dtype; the tensor itself when it is on the device already",
            kept=("NumPy has one device, 'cpu'; any other is a ValueError",),
        ),
    ),
    ("from_numpy", Rule("the NumPy array's dtype; the template's framework and device")),
    (
        "uniform normal",
        Rule(
            "the template's float dtype (float32 for other templates)",
            ("NumPy draws float64",),
            ("inside jax.jit a draw raises RuntimeError",),
        ),
    ),
    (
        "astype float32 float64 bool",
        Rule(
            "the requested dtype",
            kept=("JAX without 64-bit mode: 32-bit types, with a UserWarning",),
        ),
    ),
    (
        "value_and_grad_fn value_and_grad value_aux_and_grad grad",
        Rule(
            "value: 0-d in the loss dtype; gradient: the input's shape and dtype, with respect "
            "to the first argument only (the same array passed again, or closed over, is a "
            "constant, as in JAX)",
            (
                "PyTorch writes .grad with backward() (never used here)",
                "a TensorFlow tape watching the input counted it twice when it was also "
                "another argument",
            ),
            ("NumPy cannot differentiate: NotImplementedError",),
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
    ("kl_div_with_logits", Rule("the float dtype of the logits; any axis")),
    (
        "l0 l1 l2 linf lp",
        Rule(
            "the float dtype (float32 for integers); l2's gradient at 0 is 0",
            kept=("on NumPy a full reduction is a NumPy scalar, as NumPy's own reductions",),
        ),
    ),
]

TABLE: dict[str, Rule] = {name: rule for names, rule in _GROUPS for name in names.split()}
"""Operation name -> ``Rule``, one row per operation."""


def _cell(items: tuple[str, ...]) -> str:
    return "<br>".join(items) if items else "—"


def markdown() -> str:
    """The table as Markdown, one row per operation, in the order of ``TABLE``.

    Examples
    --------
    >>> from unitensor.semantics import markdown
    >>> print(markdown().splitlines()[0])
    | operation | result dtype | framework differences hidden | differences kept |
    """
    lines = [
        "| operation | result dtype | framework differences hidden | differences kept |",
        "|---|---|---|---|",
    ]
    for name, rule in TABLE.items():
        lines.append(f"| `{name}` | {rule.dtype} | {_cell(rule.hidden)} | {_cell(rule.kept)} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(markdown(), end="")
