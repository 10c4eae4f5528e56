"""Backends: one module per framework, and the one place a backend differs.

A backend module (``unitensor/_backends/<name>.py``, registered by one entry
in ``unitensor._registry.BACKENDS``) defines its tensor class, a subclass of
[`unitensor.Tensor`][unitensor.Tensor] that adds nothing, and a function
``primitives()`` that imports the framework and returns a ``Primitives``:
every function on native arrays the base class calls, and every question it
asks a framework. That instance is the only way a backend differs from the
meaning unitensor defines; the tensor class never overrides a method.

``primitives()`` runs when the backend is first used (the first native
array of the framework is wrapped, or an operation first runs on one of its
tensors), so importing a backend module, and looking at its class
(``isinstance(x, ut.PyTorchTensor)``), imports no framework. The
dataclass is checked complete then, and by the type checkers before: a
required field left out is a ``TypeError`` when the backend loads and an
error under mypy and pyright.

The field names are the Array API standard's where the standard has the
operation (``acos``, ``concat``, ``permute_dims``, ``cumulative_sum``, ...;
``STANDARD_NAMES``), but the signatures and meanings are the ones written
here: a namespace's elementwise functions fill their fields as they are,
while reductions (``(a, axes, keepdims)`` positionally), cumulative sums,
``meshgrid``, ``divide`` (float32 for integers) or ``sort`` (stable) need
adapting, and every primitive returns the framework's own array type.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields
from typing import Any, TypeAlias

import numpy as np

from .._errors import DeviceError

__all__ = [
    "KDL_CPU",
    "STANDARD_NAMES",
    "Primitives",
    "device_error",
    "dlpack_importer",
    "host_view",
    "topk_via_last_axis",
]

Unary: TypeAlias = Callable[[Any], Any]
Binary: TypeAlias = Callable[[Any, Any], Any]
Reduction: TypeAlias = Callable[[Any, "int | tuple[int, ...] | None", bool], Any]
AlongAxis: TypeAlias = Callable[[Any, int], Any]
Shape: TypeAlias = tuple[int, ...]
Random: TypeAlias = Callable[[Shape, float, float, Any, Any], Any]


def _same(name: str) -> str:
    return name


def _always(a: Any) -> bool:
    return True


def _unchecked(value: Any, ok: Any, error: Exception) -> Any:
    return value


def _itself(a: Any) -> Any:
    return a


def _none(a: Any) -> None:
    return None


def _floor_divide(a: Any, b: Any) -> Any:
    return a // b


def _pow(a: Any, b: Any) -> Any:
    return a**b


@dataclass(frozen=True, slots=True, kw_only=True)
class Primitives:
    """What a backend supplies: functions on native arrays, and answers about them.

    Every field's meaning is fixed here, so the base class can rely on it.
    Arguments arrive checked and normalised (axes non-negative, dtypes
    native, shapes tuples, Python scalars already of the array's kind);
    dtype rules the framework does not follow natively are the primitive's
    job (for example integer ``sum`` giving int64).

    Fields with a default are those most frameworks share (the arrays' own
    operators, no autodiff); a backend names only where it differs. The
    operators (``add``, ``less``, ...) are the checked path's: the fast path
    of the base class applies Python's operator to two real float arrays of
    one dtype and shape (or one and a Python number), where every primitive
    must give what the operator gives.
    """

    # types and conversion
    dtype_type: type | tuple[type, ...]  # the framework's dtype class(es), for dtype arguments
    dtype_name: Callable[[Any], str]  # native dtype -> canonical name such as "float32"
    dtype_from_name: Callable[[str], Any]  # canonical name -> native dtype
    device: Unary  # the framework's device object of an array
    # devices (the array object and the namespace's info)
    devices: Callable[[], tuple[Any, ...]]  # the devices the framework can use here
    default_device: Callable[[], Any]  # where new arrays go (None: not predictable)
    to_device: Binary  # (a, device) -> a's values on that device
    like: Unary  # (device or None) -> a native 0-d array there, the creation primitives' `like`
    # (a, normalised index, values in a's dtype) -> the array a tensor holds after
    # t[index] = values: a itself, written in place, where the framework's arrays are
    # mutable (NumPy, PyTorch); a new array where they are not (index_update's)
    setitem: Callable[[Any, Any, Any], Any]
    # (a, values of a's dtype and shape) -> the array a tensor holds after ``x op= y``: a
    # itself with values written into its memory (NumPy's copyto, PyTorch's copy_), so
    # that every view of a and every other holder of it sees them, as the framework's own
    # ``a op= b``; values where a cannot be written in place (a NumPy scalar, NumPy's 0-d
    # result). None where the framework's arrays are immutable (TensorFlow, JAX, Dask):
    # ``x op= y`` gives a new tensor, and item assignment a new array (setitem's)
    assign: Callable[[Any, Any], Any] | None = None
    # performance: whether the arrays' own augmented assignment (``a += b``, ``-=``, ``*=``,
    # ``/=``) of a real float array and a Python float, or an array of its dtype and
    # shape, does ``assign(a, a op b)`` (NumPy, PyTorch): the fast path of ``x op= y``
    # calls it. PyTorch's refuses operands that share memory (RuntimeError): the checked
    # path then computes ``a op b`` first, as NumPy does
    in_place_operators: bool = False
    copy: Unary  # a new array with a's values (never a view)
    # a scalar result (an instance of scalar_type) as the framework's array type: NumPy's
    # reductions give NumPy scalars, which the Array API namespace turns into 0-d arrays;
    # scalar_type None: the framework's results are all arrays (every framework but NumPy)
    as_array: Unary = _itself
    scalar_type: type | None = None
    to_numpy: Unary  # numpy.ndarray with the array's values
    item: Unary  # Python scalar of a one-element array
    astype: Binary  # (a, native dtype) -> a converted
    seed: Callable[[int], Any]  # seed the generator behind uniform / normal
    # what the framework makes of a requested dtype name: JAX without 64-bit mode gives
    # "int32" for "int64" (the base class warns when a user's request is narrowed)
    narrow: Callable[[str], str] = _same
    narrow_hint: str = ""  # how to get the dtype asked for, in the warning when it is narrowed
    # whether an array's values can be read now (False for a tracer inside jax.jit or a
    # symbolic tensor inside tf.function): data-dependent checks run only then
    is_concrete: Callable[[Any], bool] = _always
    # (value, ok, error) -> value, made to depend on a check inside the graph that the
    # traced 0-d bool ``ok`` holds (tf.debugging.Assert, torch._assert_async), failing with
    # ``error``'s message when the graph runs (JAX: recorded inside ``checked`` only, for
    # ``error`` itself to be raised); value unchanged where a graph cannot check
    assert_traced: Callable[[Any, Any, Exception], Any] = _unchecked
    # ut.jit(f, checks=True): (f) -> a function of f's arguments giving (error state, f's
    # result), tracing f with assert_traced's checks recorded in the error state (JAX's
    # checkify); None where the checks need no wrapping (in the graph, or eager)
    checked: Callable[[Callable[..., Any]], Callable[..., Any]] | None = None
    # (error state of checked's function) -> None, raising the failed check's ``error``
    raise_failed: Callable[[Any], None] = _none
    dlpack_source: Unary = _itself  # an object with __dlpack__ for an array (for convert)
    # operators of the checked path (promoted operands of one dtype, or an array and a
    # Python scalar of its kind)
    add: Binary = operator.add
    subtract: Binary = operator.sub
    multiply: Binary = operator.mul
    floor_divide: Binary = _floor_divide  # floats: NumPy's (Python's), inf // 2 is nan
    remainder: Binary = operator.mod  # floats: the divisor's sign, +-0 results too
    pow: Binary = _pow
    negative: Unary = operator.neg
    less: Binary = operator.lt
    less_equal: Binary = operator.le
    greater: Binary = operator.gt
    greater_equal: Binary = operator.ge
    divide: Binary  # true division, integer operands giving float32
    matmul: Binary  # NumPy matmul semantics, 1-d operands included
    equal: Binary  # elementwise ==, bool result
    not_equal: Binary  # elementwise !=, bool result
    bitwise_invert: Unary  # ~a, logical for bool
    bitwise_and: Binary  # a & b, logical for bool
    bitwise_or: Binary  # a | b, logical for bool
    bitwise_xor: Binary  # a ^ b, logical for bool
    getitem: Binary  # NumPy indexing, index from _indexing.normalize_index
    index_update: Callable[[Any, Any, Any], Any]  # copy of a with a[index] = values
    # elementwise, the standard's meaning (float functions receive float input)
    abs: Unary  # complex input: the real magnitude (+inf for any infinite part)
    sign: Unary  # NaN stays NaN, +-0 gives +0; complex: a / |a| (0 for 0)
    sqrt: Unary
    square: Unary
    exp: Unary
    log: Unary
    log1p: Unary
    log2: Unary
    log10: Unary
    sin: Unary
    cos: Unary
    tan: Unary
    asin: Unary
    acos: Unary
    atan: Unary
    sinh: Unary
    cosh: Unary
    tanh: Unary
    asinh: Unary
    acosh: Unary
    atanh: Unary
    # elementwise (Array API 2025.12)
    expm1: Unary  # exp(a) - 1, accurate near 0
    reciprocal: Unary  # 1 / a, float or complex input
    trunc: Unary  # rounds toward zero, real float input
    signbit: Unary  # bool: the sign bit, set for -0.0 and negative NaNs too
    conj: Unary  # complex input (real input never reaches it)
    real: Unary  # complex input -> its real part in the real dtype of its precision
    imag: Unary  # complex input -> its imaginary part, likewise
    # real float operands of one dtype, either of which may be a Python float:
    atan2: Binary  # (y, x): the angle of the point (x, y), in [-pi, pi]
    copysign: Binary  # |a| with the sign bit of b (a NaN's sign bit too)
    hypot: Binary  # sqrt(a**2 + b**2) without undue overflow; +inf if either is +-inf
    logaddexp: Binary  # log(exp(a) + exp(b)) without overflow
    nextafter: Binary  # the next representable float after a in the direction of b
    logical_xor: Binary  # bool result, non-zero counts as true; b may be a Python scalar
    # integer operands of one dtype, either of which may be a Python int; a shift by the
    # width or more, or by a negative amount, gives 0 (right shifts of negative values -1)
    bitwise_left_shift: Binary
    bitwise_right_shift: Binary  # arithmetic (sign-propagating) for signed integers
    round: Unary  # halves to even
    ceil: Unary
    floor: Unary
    isnan: Unary  # bool result, also for integer input
    isinf: Unary
    isfinite: Unary
    logical_not: Unary  # non-zero counts as true
    logical_and: Binary  # b may be a Python scalar
    logical_or: Binary
    minimum: Binary  # NaN propagates; b may be a Python scalar
    maximum: Binary
    clip: Callable[[Any, Any, Any], Any]  # Python scalar bounds of a's kind
    where: Callable[[Any, Any, Any], Any]  # bool condition, x and y of one dtype
    # reductions: axes is None (all), one non-negative int (the common case, passed
    # as an int because the frameworks take that fastest) or a tuple of them
    sum: Reduction  # bool and integers narrower than 64 bits sum as int64
    prod: Reduction  # as sum
    mean: Reduction  # float input
    min: Reduction
    max: Reduction
    all: Reduction  # bool result, non-zero counts as true
    any: Reduction
    argmin: AlongAxis  # int64 indices
    argmax: AlongAxis
    cumulative_sum: AlongAxis  # int64 for bool and narrow integer input
    cumulative_prod: AlongAxis  # as cumulative_sum
    sort: AlongAxis
    argsort: AlongAxis  # int64 indices, stable
    # searching, set, sorting, statistical (Array API 2025.12)
    # (a) -> one 1-d int64 array per axis of a (rank >= 1) with the indices of its non-zero
    # elements in C order; raises DataDependentShapeError where a has no values yet (a
    # tracer inside jax.jit)
    nonzero: Callable[[Any], tuple[Any, ...]]
    # (a, v, side) -> int64 insertion indices of the values v (any shape, a's dtype) into the
    # sorted 1-d a (not bool), side "left" or "right"; NaN sorts after every number, as in
    # sort
    searchsorted: Callable[[Any, Any, str], Any]
    # shape
    reshape: Callable[[Any, Shape], Any]
    permute_dims: Callable[[Any, Shape], Any]  # (a, permutation)
    squeeze: Callable[[Any, Shape], Any]  # (a, axes of length 1)
    expand_dims: AlongAxis
    tile: Callable[[Any, Shape], Any]  # multiples, one per axis
    flip: Callable[[Any, Shape], Any]  # (a, axes)
    pad_constant: Callable[[Any, tuple[tuple[int, int], ...], Any], Any]
    # (a, idx, axis): gather along an axis at int32 or int64 positions, checked to lie in
    # [0, n) where they have values (a traced one where the graph cannot check may not)
    take: Callable[[Any, Any, int], Any]
    take_along_axis: Callable[[Any, Any, int], Any]  # NumPy's, idx as take's
    concat: Callable[[list[Any], int], Any]  # arrays of one dtype
    stack: Callable[[list[Any], int], Any]  # arrays of one dtype
    # manipulation (Array API 2025.12)
    broadcast_to: Callable[[Any, Shape], Any]  # (a, a shape that a broadcasts to)
    # (a, counts, axis): counts an int >= 0, or a 1-d int32 / int64 array of a.shape[axis]
    # counts >= 0; each element along axis repeated its count times
    repeat: Callable[[Any, Any, int], Any]
    roll: Callable[[Any, Shape, Shape], Any]  # (a, shifts in [1, n), distinct axes)
    tril: Callable[[Any, int], Any]  # (a of rank >= 2, k): zeros above diagonal k (last 2 axes)
    triu: Callable[[Any, int], Any]  # (a of rank >= 2, k): zeros below diagonal k
    # (a, shape, copy): True gives a new array; False a view, ValueError where that needs a
    # copy (a framework whose arrays cannot be written never copies observably: no error)
    reshape_copy: Callable[[Any, Shape, bool], Any]
    # linear algebra (the standard's linalg extension)
    inv: Unary  # of (..., n, n) matrices
    slogdet: Callable[[Any], tuple[Any, Any]]  # (sign, log|det|) of (..., n, n) matrices
    meshgrid: Callable[[list[Any], Any], list[Any]]  # (1-d arrays, "xy" or "ij")
    # linear algebra (Array API 2025.12): float arguments are real float32 or float64 (the
    # base class casts integers and half precision); batches of matrices in the last two axes
    # (a, b, (a_axes, b_axes)): contract the non-negative axes given, of equal sizes;
    # a and b of one dtype, not bool
    tensordot: Callable[[Any, Any, tuple[Shape, Shape]], Any]
    # (subscripts, arrays) with explicit subscripts of letters only ("ab,bc->ac"): one
    # letter per axis, no "...", equal sizes for a letter (no size-1 broadcasting); a
    # letter may repeat within an operand (a diagonal); arrays of one dtype, not bool
    einsum: Callable[[str, list[Any]], Any]
    cholesky: Unary  # lower factor L (L @ L^T = a) of (..., n, n), from a's lower triangle
    det: Unary  # determinants of (..., n, n), shape (...)
    # (eigenvalues ascending (..., n), eigenvectors as columns (..., n, n)) of symmetric
    # (..., n, n) matrices, from the lower triangle (no symmetrisation)
    eigh: Callable[[Any], tuple[Any, Any]]
    eigvalsh: Unary  # eigh's eigenvalues only, ascending
    qr: Callable[[Any, bool], tuple[Any, Any]]  # (a, complete) -> (Q, R), reduced unless complete
    # (a, full_matrices) -> (U, S, Vh) with a = U @ diag(S) @ Vh, S descending (..., k)
    svd: Callable[[Any, bool], tuple[Any, Any, Any]]
    svdvals: Unary  # singular values, descending (..., k)
    # (a (..., n, n), b (..., n, k)) -> x with a @ x = b; b is always a stack of matrices
    # (never a vector) and the batch shapes broadcast
    solve: Binary
    diagonal: Callable[[Any, int], Any]  # (a, offset): diagonals of the last two axes (..., d)
    # eig (Array API 2025.12): of (..., n, n) float32, float64, complex64 or complex128
    # matrices, n >= 1: (eigenvalues (..., n), eigenvectors of norm 1 as columns (..., n, n)),
    # complex64 for 32-bit input and complex128 for 64-bit (complex even where all are real);
    # the order of the eigenvalues and each eigenvector's phase are the framework's
    eig: Callable[[Any], tuple[Any, Any]]
    eigvals: Unary  # eig's eigenvalues only
    # functional updates: op is "add", "multiply", "min" or "max"; duplicates accumulate
    scatter: Callable[[Any, Any, Any, str], Any]
    # (obj with __dlpack__, copy) -> an array of obj's values: copy None shares obj's memory
    # where the framework can hold it as it is and copies it otherwise (dlpack_importer: a CPU
    # layout the framework refuses or would misread goes through a host copy, never to the
    # framework's own import); False shares or raises BufferError saying why it cannot;
    # True gives a new array
    from_dlpack: Callable[[Any, bool | None], Any]
    # fft (Array API 2025.12): the standard's fft.<name> (NumPy's np.fft.<name>) on checked
    # arguments: sizes >= 1, axes non-negative and unique (at least one), norm one of
    # "backward", "ortho", "forward"; input complex64/complex128 (fft_rfft*, fft_ihfft:
    # float32/float64), the result of the same precision
    fft_fft: Callable[[Any, int, int, str], Any]  # (a, n, axis, norm), complex -> complex
    fft_ifft: Callable[[Any, int, int, str], Any]
    fft_fftn: Callable[[Any, Shape, Shape, str], Any]  # (a, s, axes, norm), s[i] for axes[i]
    fft_ifftn: Callable[[Any, Shape, Shape, str], Any]
    fft_rfft: Callable[[Any, int, int, str], Any]  # real -> complex, n // 2 + 1 values
    fft_irfft: Callable[[Any, int, int, str], Any]  # complex -> real; n the output's length
    fft_rfftn: Callable[[Any, Shape, Shape, str], Any]  # the last of axes halved
    fft_irfftn: Callable[[Any, Shape, Shape, str], Any]  # s the output's sizes
    fft_hfft: Callable[[Any, int, int, str], Any]  # complex -> real; n the output's length
    fft_ihfft: Callable[[Any, int, int, str], Any]  # real -> complex, n // 2 + 1 values
    fft_fftshift: Callable[[Any, Shape], Any]  # (a, axes): any dtype
    fft_ifftshift: Callable[[Any, Shape], Any]
    # creation: the last argument is a native array whose device the result takes
    full: Callable[[Shape, Any, Any, Any], Any]  # (shape, value, dtype, like)
    arange: Callable[[Any, Any, Any, Any, Any], Any]  # (start, stop, step, dtype, like)
    asarray: Callable[[Any, Any, Any], Any]  # (numpy array or list, dtype or None, like)
    uniform: Random  # (shape, low, high, dtype, like)
    normal: Random  # (shape, mean, stddev, dtype, like)
    # optional fused forms of composite operations (float input): None where a backend
    # has none, and the base class composes them from other primitives
    logsumexp: Reduction | None = None
    log_softmax: AlongAxis | None = None
    softmax: AlongAxis | None = None
    crossentropy: Binary | None = None  # (logits (..., C), integer labels (...))
    # the mean of crossentropy over all labels (full-width floats): PyTorch's fused kernel
    # (reduction="mean"), the ops a native loss has elsewhere (no squeeze on JAX)
    crossentropy_mean: Binary | None = None
    # (a, k, axis, largest, sorted) -> (values, int64 indices); equal values: lower index
    # first; NaN counts as the largest value
    topk: Callable[[Any, int, int, bool, bool], tuple[Any, Any]] | None = None
    # transformations and random keys (issue 13)
    # The transformations take functions of native arrays: f(*xs) returns (outs, aux), two
    # tuples of native arrays (aux: carried out, not differentiated); unitensor flattens the
    # user's containers into those tuples and checks their contents. Each nests in itself
    # and in the others (a gradient of a gradient, vmap of grad, jvp of vjp); None where the
    # framework cannot differentiate.
    # (f, xs) -> (value, aux, grads): f(*xs) -> (native 0-d loss, aux); one gradient per x,
    # zeros where the loss does not depend on it; value, aux and grads detached from any
    # graph outside unitensor's transformations
    value_and_grads: (
        Callable[
            [Callable[..., tuple[Any, tuple[Any, ...]]], tuple[Any, ...]],
            tuple[Any, tuple[Any, ...], tuple[Any, ...]],
        ]
        | None
    ) = None
    # forward mode: (f, primals, tangents) -> (outs, tangents of outs, aux), a tangent of each
    # primal's shape and dtype
    jvp: (
        Callable[[Callable[..., Any], tuple[Any, ...], tuple[Any, ...]], tuple[Any, Any, Any]]
        | None
    ) = None
    # reverse mode: (f, primals) -> (outs, aux, vjp_fn), vjp_fn(cotangents of outs, a tuple)
    # -> a tuple with the cotangent of each primal (zeros where outs do not depend on it)
    vjp: (
        Callable[[Callable[..., Any], tuple[Any, ...]], tuple[Any, Any, Callable[..., Any]]] | None
    ) = None
    # (f) -> g mapping f(*xs) -> tuple of native arrays over axis 0 of every x (of one length
    # n >= 1; NumPy raises ValueError for 0): g(*xs) gives each output stacked along a new
    # axis 0, also an output that does not depend on the xs
    vmap: Callable[[Callable[..., tuple[Any, ...]]], Callable[..., tuple[Any, ...]]]
    # random numbers from explicit keys: a key is a native array of two 32-bit words, shape
    # (2,) (JAX: uint32, as jax.random.PRNGKey; the others int64 holding values below 2**32);
    # a draw is a pure function of its key (the same key, the same numbers), placed on like's
    # device, and traceable (jax.jit, tf.function, torch.compile) with the key an input
    random_key: Binary  # (seed, like) -> the key [seed >> 32 & 0xFFFFFFFF, seed & 0xFFFFFFFF]
    random_split: Callable[[Any, int], Any]  # (key, num) -> num new keys, shape (num, 2)
    random_fold_in: Binary  # (key, data: int or 0-d integer array) -> a new key
    uniform_key: Callable[
        [Any, Shape, float, float, Any, Any], Any
    ]  # (key, shape, low, high, dtype, like)
    normal_key: Callable[
        [Any, Shape, float, float, Any, Any], Any
    ]  # (key, shape, mean, stddev, dtype, like)
    # (key, shape, low, high, integer dtype, like): integers in [low, high), low < high, both
    # in the dtype's range and in int64's
    randint_key: Callable[[Any, Shape, int, int, Any, Any], Any]
    permutation_key: Callable[
        [Any, int, Any], Any
    ]  # (key, n, like) -> int64 permutation of range(n)
    # the generator behind uniform / normal (seeded by ut.seed), as randint_key and
    # permutation_key without the key
    randint: Callable[[Shape, int, int, Any, Any], Any]  # (shape, low, high, dtype, like)
    permutation: Callable[[int, Any], Any]  # (n, like)
    # operands (review of dtypes): what the fast path may assume, and arrays astensor refuses
    # (native array type) -> whether Python's operators on arrays of this type, with a Python
    # scalar, mean the checked path's operators; the fast path applies them only then (NumPy:
    # not for ndarray subclasses with operators of their own, such as MaskedArray, whose
    # operators make a Python float a float64 array)
    python_operators: Callable[[type], bool] = _always
    # (native float dtype) -> None where Python's operators between an array of that dtype and
    # a Python float cast the float to the dtype and keep the dtype (NumPy 2's rule, which the
    # fast path relies on); else a function making a Python float the operand that does
    # (NumPy: ml_dtypes' bfloat16 has no weak scalars and widens to float32 with a Python
    # float, so the operand is a bfloat16 scalar). Such arrays take the checked path
    float_operand: Callable[[Any], Callable[[float], Any] | None] = _none
    # (native array type) -> why ut.astensor refuses arrays of this type, a subclass whose
    # operations mean something else (NumPy's matrix: * is a matrix product), or None
    refused: Callable[[type], str | None] = _none
    # lazy backends (issue 14: Dask): (arrays) -> the arrays with their values computed,
    # one pass for all, of the same framework (Dask: persisted, sizes known); eager
    # frameworks give them back as they are
    compute: Callable[[tuple[Any, ...]], tuple[Any, ...]] = _itself
    # sharding (issue 14): the framework's exception types for an operation it refuses
    # because of its operands' shardings (JAX's ShardingTypeError in Explicit mode), raised
    # by unitensor as ShardingError with the framework's error as __cause__: the primitives
    # that can raise them convert them (JAX's wrap their calls), and the binary operators'
    # fast paths catch them (zero cost until one is raised)
    sharding_errors: tuple[type[Exception], ...] = ()
    # conformance fixes 2 (Array API 2025.12): the most axes every operation takes (the
    # namespace info's "max dimensions"), None for any number
    max_dimensions: int | None = None
    # performance (issue 15): the primitives as they are where every array operand has a
    # real float dtype, which the fast paths of float operands call (PyTorch's own, before
    # _torch_unsigned completes them for unsigned dtypes with a Python test per call;
    # TensorFlow's raw ops; JAX's compiled functions); None: these primitives themselves
    floats: Primitives | None = None
    # performance (issue 15): (real float array a, Python float v) -> a native 0-d array that
    # a's Python operators combine with a as they combine v (same dtype, values and
    # gradients), and faster; or None (v stays as it is); or v itself (v this once, nothing
    # kept). The operators' fast paths keep what it makes in a small table keyed by (a's
    # dtype, a's type, v's bits): PyTorch converts a Python scalar to a tensor on every
    # call, half of its x - 0.5 on a small tensor
    scalar_operand: Callable[[Any, float], Any] | None = None
    # performance (issue 15): whether the fast paths of +, -, *, / and the orderings of real
    # float operands call these primitives (add, subtract, ..., less, ...) instead of the
    # Python operators, where the primitives are faster (TensorFlow's raw ops skip its
    # operators' dispatch layers, JAX's compiled functions its conversion of a Python
    # scalar); False: the Python operators, the quickest call on NumPy and PyTorch
    float_operators: bool = False
    # performance (issue 15): the fast paths' +, -, * and / of a temporary tensor (one only
    # the interpreter's stack holds, such as ``t - 0.5`` in ``(t - 0.5) * 2``, or the
    # right-hand operand of + and *; also through the namespace's ``xp.add``, ...) whose
    # array only it holds and has at least ``in_place_bytes`` bytes call
    # ``in_place(name, a, b)`` (name: "add", "subtract", "multiply" or "divide"; ``a`` the
    # temporary's array), which gives the function that the fast path calls as
    # ``fn(x, y, out=a)`` (``x op y`` in the operator's order, ``b op a`` for the reflected
    # + and * and for a right-hand temporary, as NumPy), or None (the operator then runs as
    # usual). NumPy's
    # operators do this to a temporary array themselves (temporary elision) but decline
    # when the caller is an extension module, as unitensor's C fast paths are: this gives
    # the native code's memory traffic back. None: never (only the C fast paths call it,
    # on glibc and Python 3.11 to 3.13; docs/architecture.md, the hot path)
    in_place: Callable[[str, Any, Any], Any] | None = None
    in_place_bytes: int = 0
    # performance (issue 15): whether the fast path of ``clip`` passes a Python int bound in
    # [-2048, 2048] (exact as a float, within float16's range) to the float primitive
    # ``clip`` as the int, not as a float: PyTorch's ``clamp`` takes an int bound 0.2 us
    # faster than a float one, with the same result (the tensor's dtype rounds the int as
    # it rounds its float: bfloat16 rounds 257 to 256 either way)
    clip_int_bounds: bool = False
    # performance (issue 15): the attribute of a native array that holds its dtype as its
    # own ``dtype``, where the fast paths in C read ``a.<holder>.dtype`` faster than
    # ``a.dtype`` (JAX's ``aval``: an array's ``dtype`` is a Python property that reads
    # ``self.aval.dtype``, 35 ns more), or None (``a.dtype``)
    dtype_holder: str | None = None


STANDARD_NAMES: frozenset[str] = frozenset(
    f.name
    for f in fields(Primitives)
    if not f.name.startswith("fft_")  # the fft extension's: NumPy's np.fft.<name>
    if f.name
    not in {
        "dtype_type",
        "dtype_name",
        "dtype_from_name",
        "device",
        "devices",
        "default_device",
        "to_device",
        "like",
        "setitem",
        "assign",
        "in_place_operators",
        "copy",
        "as_array",
        "scalar_type",
        "to_numpy",
        "item",
        "seed",
        "narrow",
        "narrow_hint",
        "is_concrete",
        "assert_traced",
        "checked",
        "raise_failed",
        "dlpack_source",
        "max_dimensions",
        "getitem",
        "index_update",
        "scatter",
        "pad_constant",
        "full",
        "arange",
        "asarray",
        "uniform",
        "normal",
        "logsumexp",
        "log_softmax",
        "softmax",
        "crossentropy",
        "crossentropy_mean",
        "topk",
        "python_operators",
        "float_operand",
        "refused",
        "inv",
        "slogdet",
        "reshape_copy",
        # linear algebra (Array API 2025.12): linalg's, einsum (no standard function)
        "einsum",
        "cholesky",
        "det",
        "eigh",
        "eigvalsh",
        "qr",
        "svd",
        "svdvals",
        "solve",
        "diagonal",
        # transformations and random keys (issue 13)
        "value_and_grads",
        "jvp",
        "vjp",
        "vmap",
        "random_key",
        "random_split",
        "random_fold_in",
        "uniform_key",
        "normal_key",
        "randint_key",
        "permutation_key",
        "randint",
        "permutation",
        # eig (Array API 2025.12): linalg's
        "eig",
        "eigvals",
        # lazy backends (issue 14): no standard function
        "compute",
        # sharding (issue 14): exception types
        "sharding_errors",
        # performance (issue 15): the float operands' primitives, a Python float's operand
        "floats",
        "scalar_operand",
        "float_operators",
        "in_place",
        "in_place_bytes",
        "clip_int_bounds",
        "dtype_holder",
    }
)
"""The fields named and meant as the Array API standard's functions (``linalg`` aside)."""


def topk_via_last_axis(topk_last: Any, permute_dims: Any) -> Any:
    """A ``topk`` primitive from one that works on the last axis only.

    ``topk_last(a, k, largest, sorted)`` returns ``(values, indices)`` along
    the last axis; the axis asked for is swapped with the last one around it.
    """

    def topk(a: Any, k: int, axis: int, largest: bool, sorted: bool) -> tuple[Any, Any]:
        last = len(a.shape) - 1
        if axis == last:
            values, indices = topk_last(a, k, largest, sorted)
            return values, indices
        perm = list(range(len(a.shape)))
        perm[axis], perm[last] = last, axis
        values, indices = topk_last(permute_dims(a, perm), k, largest, sorted)
        return permute_dims(values, perm), permute_dims(indices, perm)

    return topk


def device_error(framework: str, device: Any, devices: Iterable[str]) -> DeviceError:
    """The error for a ``device`` argument that names no device of ``framework`` here.

    ``devices`` are the names of those there are, as the framework prints them.
    """
    return DeviceError(
        f"{framework} has no device {device!r} here; its devices: {', '.join(devices)} "
        "(the string 'cpu' is the host CPU on every framework)"
    )


KDL_CPU = 1
"""DLPack's device type of the host CPU (``__dlpack_device__()[0]``)."""


def host_view(obj: Any) -> Any:
    """A NumPy view of the memory of ``obj`` (an object with ``__dlpack__``), or None.

    None where the memory is not on the host CPU, or NumPy cannot take its
    dtype (bfloat16) or its exporter refuses. The view's ``strides`` and
    ``flags`` (``writeable``, ``c_contiguous``) are the exporter's own,
    as DLPack describes them: the public description of the layout that
    an importing framework may refuse, read without touching the memory.
    """
    try:
        if obj.__dlpack_device__()[0] != KDL_CPU:
            return None
        return np.from_dlpack(obj)
    except (AttributeError, BufferError, RuntimeError, TypeError, ValueError):
        return None


def dlpack_importer(
    framework: str,
    take: Callable[[Any, bool | None], Any],
    refuses: Callable[[Any, Any], str | None],
    from_host: Unary,
    native: type | tuple[type, ...] = (),
) -> Callable[[Any, bool | None], Any]:
    """The primitive ``from_dlpack(obj, copy)`` of a framework whose own import is ``take``.

    ``take(obj, copy)`` is the framework's ``from_dlpack``. A source on the
    host CPU that the framework cannot hold as it is (``refuses(obj, view)``
    of it and its NumPy view gives why: negative strides abort the process
    in PyTorch's import, JAX and TensorFlow refuse strides that are not
    compact) never reaches ``take``: ``from_host(view)`` makes a new array
    of the view's values (a copy, never sharing the view's memory), or,
    with ``copy=False``, a ``BufferError`` says why it cannot be shared.
    So is a source whose exporter refuses what ``take`` asks of it
    (``BufferError``: NumPy does not export a read-only array to a consumer
    of DLPack 0.x). Arrays of the ``native`` types go to ``take`` at once.
    ``copy=True`` of a host source is ``from_host`` too (JAX's own import
    shares memory even when asked for a copy).
    """

    def from_dlpack(obj: Any, copy: bool | None) -> Any:
        host = None if isinstance(obj, native) else host_view(obj)
        if host is not None:
            why = "" if copy else refuses(obj, host)
            if why and copy is False:
                raise BufferError(f"{framework} cannot share memory that {why}: a copy is needed")
            if why is not None:  # (copy=True: "")
                return from_host(host)
        try:
            return take(obj, copy)
        except BufferError:  # the exporter refused what take asked of it
            if host is None or copy is False:
                raise
            return from_host(host)

    return from_dlpack
