"""The ``fft`` extension of the Array API standard 2025.12: discrete Fourier transforms.

Functions only, as in the standard (there are no ``Tensor`` methods); users
reach them as ``ut.fft.rfft(t)`` through ``unitensor.fft``, which re-exports
this module's public names. Each function checks its arguments (axes, sizes,
``norm``), applies the dtype rule below, and calls one primitive of the
backend (``fft_<name>`` in ``unitensor._backends.Primitives``): NumPy,
PyTorch and JAX name their own ``fft`` module's function, TensorFlow builds
the standard's meaning from ``tf.signal`` (``_backends/_tensorflow_fft.py``).

The dtype rule, the same on every backend:

- complex-to-complex transforms (``fft``, ``ifft``, ``fftn``, ``ifftn``) and
  complex-to-real ones (``irfft``, ``irfftn``, ``hfft``) take complex input
  as it is, and real input as the complex dtype of its precision
  (float32 -> complex64, float64 -> complex128);
- real-to-complex transforms (``rfft``, ``rfftn``, ``ihfft``) take real
  input; complex input is a ``DTypeError``;
- bool and integer input goes in as float32 (complex64 where complex is
  needed), and float16 / bfloat16 are computed in float32, as NumPy does;
- the result has the precision of the input so converted: complex64 or
  float32 for single precision, complex128 or float64 for double.
"""

# pyright: reportPrivateUsage=false
# (this module is part of the Tensor implementation and uses its protected members)

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal, TypeAlias, TypeVar, cast

import numpy as np

from .. import dtypes
from .._errors import AxisError, DTypeError, ShapeError
from ._base import TensorBase, as_tensor, wrap

if TYPE_CHECKING:
    from .._tensor import Tensor

__all__ = [
    "fft",
    "ifft",
    "fftn",
    "ifftn",
    "rfft",
    "irfft",
    "rfftn",
    "irfftn",
    "hfft",
    "ihfft",
    "fftfreq",
    "rfftfreq",
    "fftshift",
    "ifftshift",
    "Norm",
]

_T = TypeVar("_T", bound="Tensor")

Norm: TypeAlias = Literal["backward", "ortho", "forward"]
"""The normalisation of a transform: ``"backward"`` (the forward transform unscaled,
the inverse one scaled by ``1/n``), ``"ortho"`` (both by ``1/sqrt(n)``) or
``"forward"`` (the forward transform by ``1/n``, the inverse one unscaled)."""

_NORMS = ("backward", "ortho", "forward")
_COMPLEX_OF = {"float64": "complex128", "complex128": "complex128"}  # else complex64
_REAL_OF = {"float64": "float64"}  # else float32


# ------------------------------------------------------------------ argument checks


def _norm(norm: object, what: str) -> str:
    """``norm`` itself if it is one of the standard's three; else ``ValueError``."""
    if not isinstance(norm, str) or norm not in _NORMS:
        raise ValueError(f"{what}: norm must be 'backward', 'ortho' or 'forward', got {norm!r}")
    return norm


def _int(value: object, what: str, name: str) -> int:
    """``value`` as an int (NumPy integers too); ``TypeError`` for anything else."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{what}: {name} must be an int, got {type(value).__name__}")
    return operator.index(cast(int, value))  # an int or a NumPy integer


def _points(n: int, what: str) -> int:
    """``n`` if it is a valid number of data points (at least 1); else ``ShapeError``."""
    if n < 1:
        raise ShapeError(f"{what}: invalid number of data points {n}; it must be at least 1")
    return n


def _one_axis(
    x: Any, n: int | None, axis: int, norm: Norm, what: str, output_length: bool
) -> tuple[TensorBase, int, int, str]:
    """(tensor, n, axis, norm) of a one-axis transform, checked.

    ``output_length``: ``n`` is the length of the real output (``irfft``,
    ``hfft``), ``2 * (m - 1)`` by default, else the length the input axis is
    trimmed or padded to (``m`` by default).
    """
    t: TensorBase = as_tensor(x)
    ax = t._axis(axis)
    m = int(t.raw.shape[ax])
    if n is None:
        size = 2 * (m - 1) if output_length else m
    else:
        size = _int(n, what, "n")
    return t, ax, _points(size, what), _norm(norm, what)


def _axes_and_sizes(
    x: Any,
    s: Sequence[int] | None,
    axes: Sequence[int] | None,
    norm: Norm,
    what: str,
    output_sizes: bool,
) -> tuple[TensorBase, tuple[int, ...], tuple[int, ...], str]:
    """(tensor, sizes, axes, norm) of a transform over several axes, checked.

    ``axes=None`` is every axis (``s`` must then be ``None`` too, as the
    standard says); ``s[i] == -1`` (or ``s=None``) keeps axis ``axes[i]``'s
    length, except the last axis of a real output (``output_sizes``):
    ``2 * (m - 1)`` there.
    """
    t: TensorBase = as_tensor(x)
    shape = t.raw.shape
    if axes is None:
        if s is not None:
            raise ValueError(f"{what}: s needs axes (the Array API standard's rule)")
        ax = tuple(range(len(shape)))
    else:
        if isinstance(axes, (int, np.integer, str)):
            raise TypeError(f"{what}: axes must be a sequence of ints, got {axes!r}")
        ax = tuple(t._axis(a) for a in axes)
        if len(set(ax)) != len(ax):
            raise AxisError(f"{what}: repeated axis in {tuple(axes)!r}")
    if s is None:
        wanted = (-1,) * len(ax)
    else:
        if isinstance(s, (int, np.integer, str)):
            raise TypeError(f"{what}: s must be a sequence of ints, got {s!r}")
        wanted = tuple(_int(n, what, "s") for n in s)
        if len(wanted) != len(ax):
            raise ShapeError(f"{what}: s has {len(wanted)} sizes for {len(ax)} axes")
    sizes: list[int] = []
    for i, (a, n) in enumerate(zip(ax, wanted, strict=True)):
        if n == -1:
            m = int(shape[a])
            n = 2 * (m - 1) if output_sizes and i == len(ax) - 1 else m
        sizes.append(_points(n, what))
    return t, tuple(sizes), ax, _norm(norm, what)


def _shift_axes(t: TensorBase, axes: int | Sequence[int] | None, what: str) -> tuple[int, ...]:
    if axes is None:
        return tuple(range(len(t.raw.shape)))
    if isinstance(axes, (int, np.integer)):
        return (t._axis(operator.index(axes)),)
    ax = tuple(t._axis(a) for a in axes)
    if len(set(ax)) != len(ax):
        raise AxisError(f"{what}: repeated axis in {tuple(axes)!r}")
    return ax


# ------------------------------------------------------------------ the dtype rule


def _complex_input(t: TensorBase) -> Any:
    """``t.raw`` as the complex dtype of its precision (integers and bool: complex64)."""
    a = t.raw
    name = t._dtype_name(a.dtype)
    target = _COMPLEX_OF.get(name, "complex64")
    return a if name == target else t._ns.astype(a, t._native_dtype(target))


def _real_input(t: TensorBase, what: str) -> Any:
    """``t.raw`` as float32 or float64 (integers, bool and half precision: float32).

    Raises
    ------
    DTypeError
        If ``t`` is complex: the standard's real transforms need real input.
    """
    a = t.raw
    name = t._dtype_name(a.dtype)
    if dtypes.kind(name) == "c":
        raise DTypeError(f"{what} needs a real tensor, got {name} (fft takes complex input)")
    target = _REAL_OF.get(name, "float32")
    return a if name == target else t._ns.astype(a, t._native_dtype(target))


def _freq_dtype(t: TensorBase, native: Any, what: str) -> Any:
    """The native dtype of a frequency result (``native``: the one asked for, or None)."""
    if native is None:
        return t._native_dtype(dtypes.DEFAULT_FLOAT)
    name = t._dtype_name(native)
    if dtypes.kind(name) != "f":
        raise DTypeError(f"{what} needs a real floating dtype, got {name}")
    return native


_COMPLEX_RESULT = {"float32": "complex64", "float64": "complex128"}
_REAL_RESULT = {"complex64": "float32", "complex128": "float64"}


def _result(t: TensorBase, raw: Any) -> Any:
    return wrap(type(t), raw)


def _empty_batch(a: Any, axes: Sequence[int]) -> bool:
    """Whether an axis of ``a`` that is not transformed is empty (so is the result)."""
    shape = a.shape
    return 0 in shape and any(shape[i] == 0 for i in range(len(shape)) if i not in axes)


def _zeros(
    t: TensorBase, a: Any, axes: Sequence[int], sizes: Sequence[int], complex_out: bool
) -> Any:
    """The empty result of a transform of ``a`` over ``axes`` (PyTorch's CPU refuses them)."""
    shape = [int(d) for d in a.shape]
    for ax, n in zip(axes, sizes, strict=True):
        shape[ax] = n
    name = t._dtype_name(a.dtype)
    name = _COMPLEX_RESULT.get(name, name) if complex_out else _REAL_RESULT.get(name, name)
    return _result(t, t._ns.full(tuple(shape), 0, t._native_dtype(name), a))


# ------------------------------------------------------------------ one axis


def fft(x: _T, /, n: int | None = None, axis: int = -1, norm: Norm = "backward") -> _T:
    """The one-dimensional discrete Fourier transform along ``axis``.

    Parameters
    ----------
    x
        A tensor, complex; real input goes in as the complex dtype of its
        precision, bool and integers as complex64.
    n
        The number of points: the axis is trimmed or zero-padded to ``n``
        (default: its length).
    axis
        The axis to transform.
    norm
        ``"backward"`` (no scaling), ``"ortho"`` (``1/sqrt(n)``) or
        ``"forward"`` (``1/n``).

    Returns
    -------
    Tensor
        ``x``'s shape with ``n`` along ``axis``; complex64 (complex128 for
        float64 and complex128 input).

    Raises
    ------
    AxisError
        If ``axis`` is out of range.
    ShapeError
        If ``n`` (or the axis's length, by default) is below 1.
    ValueError
        If ``norm`` is not one of the three.

    Notes
    -----
    TensorFlow: ``tf.signal.fft`` over the axis moved to the end and back,
    scaled for ``"ortho"`` and ``"forward"``.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> x = ut.astensor(np.array([1.0, 2.0, 3.0, 4.0], dtype=np.float32))
    >>> ut.fft.fft(x)
    NumPyTensor(array([10.+0.j, -2.+2.j, -2.+0.j, -2.-2.j], dtype=complex64))
    >>> ut.fft.fft(x, norm="ortho")
    NumPyTensor(array([ 5.+0.j, -1.+1.j, -1.+0.j, -1.-1.j], dtype=complex64))
    """
    t, ax, size, nm = _one_axis(x, n, axis, norm, "fft", False)
    a = _complex_input(t)
    if _empty_batch(a, (ax,)):
        return cast(_T, _zeros(t, a, (ax,), (size,), True))
    return cast(_T, _result(t, t._ns.fft_fft(a, size, ax, nm)))


def ifft(x: _T, /, n: int | None = None, axis: int = -1, norm: Norm = "backward") -> _T:
    """The one-dimensional inverse discrete Fourier transform along ``axis``.

    ``ifft(fft(x))`` is ``x`` (as complex), with the same ``n``, ``axis``
    and ``norm``.

    Parameters
    ----------
    x
        A tensor, complex; real input goes in as the complex dtype of its
        precision, bool and integers as complex64.
    n
        The number of points: the axis is trimmed or zero-padded to ``n``
        (default: its length).
    axis
        The axis to transform.
    norm
        ``"backward"`` (scaled by ``1/n``), ``"ortho"`` (``1/sqrt(n)``) or
        ``"forward"`` (no scaling).

    Returns
    -------
    Tensor
        ``x``'s shape with ``n`` along ``axis``; complex64 (complex128 for
        float64 and complex128 input).

    Raises
    ------
    AxisError
        If ``axis`` is out of range.
    ShapeError
        If ``n`` (or the axis's length, by default) is below 1.
    ValueError
        If ``norm`` is not one of the three.

    Notes
    -----
    TensorFlow: ``tf.signal.ifft`` over the axis moved to the end and back,
    rescaled for ``"ortho"`` and ``"forward"``.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> y = ut.astensor(np.array([10, -2 + 2j, -2, -2 - 2j], dtype=np.complex64))
    >>> ut.fft.ifft(y)
    NumPyTensor(array([1.+0.j, 2.+0.j, 3.+0.j, 4.+0.j], dtype=complex64))
    """
    t, ax, size, nm = _one_axis(x, n, axis, norm, "ifft", False)
    a = _complex_input(t)
    if _empty_batch(a, (ax,)):
        return cast(_T, _zeros(t, a, (ax,), (size,), True))
    return cast(_T, _result(t, t._ns.fft_ifft(a, size, ax, nm)))


def rfft(x: _T, /, n: int | None = None, axis: int = -1, norm: Norm = "backward") -> _T:
    """The one-dimensional discrete Fourier transform of real input along ``axis``.

    The ``n // 2 + 1`` non-negative frequency terms of ``fft(x)``, the
    others being their complex conjugates.

    Parameters
    ----------
    x
        A real tensor; bool and integers go in as float32, float16 and
        bfloat16 are computed in float32.
    n
        The number of points: the axis is trimmed or zero-padded to ``n``
        (default: its length).
    axis
        The axis to transform.
    norm
        ``"backward"`` (no scaling), ``"ortho"`` (``1/sqrt(n)``) or
        ``"forward"`` (``1/n``).

    Returns
    -------
    Tensor
        ``x``'s shape with ``n // 2 + 1`` along ``axis``; complex64
        (complex128 for float64 input).

    Raises
    ------
    DTypeError
        If ``x`` is complex.
    AxisError
        If ``axis`` is out of range.
    ShapeError
        If ``n`` (or the axis's length, by default) is below 1.
    ValueError
        If ``norm`` is not one of the three.

    Notes
    -----
    TensorFlow: ``tf.signal.rfft`` with ``fft_length=[n]`` over the axis
    moved to the end and back, scaled for ``"ortho"`` and ``"forward"``.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> x = ut.astensor(np.array([1.0, 2.0, 3.0, 4.0], dtype=np.float32))
    >>> ut.fft.rfft(x)
    NumPyTensor(array([10.+0.j, -2.+2.j, -2.+0.j], dtype=complex64))
    >>> ut.fft.rfft(x, n=2)
    NumPyTensor(array([ 3.+0.j, -1.+0.j], dtype=complex64))
    """
    t, ax, size, nm = _one_axis(x, n, axis, norm, "rfft", False)
    a = _real_input(t, "rfft")
    if _empty_batch(a, (ax,)):
        return cast(_T, _zeros(t, a, (ax,), (size // 2 + 1,), True))
    return cast(_T, _result(t, t._ns.fft_rfft(a, size, ax, nm)))


def irfft(x: _T, /, n: int | None = None, axis: int = -1, norm: Norm = "backward") -> _T:
    """The inverse of [`rfft`][unitensor.fft.rfft]: real output of length ``n`` along ``axis``.

    ``x`` holds the non-negative frequency terms of a Hermitian-symmetric
    spectrum; ``irfft(rfft(x), n=x.shape[axis])`` is ``x``. The input axis
    is trimmed or zero-padded to ``n // 2 + 1`` values. Pass an odd ``n``
    for an odd output length: the default is even.

    Parameters
    ----------
    x
        A tensor, complex; real input goes in as the complex dtype of its
        precision, bool and integers as complex64.
    n
        The length of the output along ``axis`` (default: ``2 * (m - 1)``
        for an input axis of length ``m``).
    axis
        The axis to transform.
    norm
        ``"backward"`` (scaled by ``1/n``), ``"ortho"`` (``1/sqrt(n)``) or
        ``"forward"`` (no scaling).

    Returns
    -------
    Tensor
        ``x``'s shape with ``n`` along ``axis``; float32 (float64 for
        complex128 and float64 input).

    Raises
    ------
    AxisError
        If ``axis`` is out of range.
    ShapeError
        If ``n`` is below 1 (by default: an input axis of length 1).
    ValueError
        If ``norm`` is not one of the three.

    Notes
    -----
    TensorFlow: ``tf.signal.irfft`` with ``fft_length=[n]`` over the axis
    moved to the end and back, rescaled for ``"ortho"`` and ``"forward"``.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> y = ut.astensor(np.array([10, -2 + 2j, -2], dtype=np.complex64))
    >>> ut.fft.irfft(y)
    NumPyTensor(array([1., 2., 3., 4.], dtype=float32))
    >>> ut.fft.irfft(y, n=5).shape
    (5,)
    """
    t, ax, size, nm = _one_axis(x, n, axis, norm, "irfft", True)
    a = _complex_input(t)
    if _empty_batch(a, (ax,)):
        return cast(_T, _zeros(t, a, (ax,), (size,), False))
    return cast(_T, _result(t, t._ns.fft_irfft(a, size, ax, nm)))


def hfft(x: _T, /, n: int | None = None, axis: int = -1, norm: Norm = "backward") -> _T:
    """The discrete Fourier transform of a Hermitian-symmetric signal: real output.

    ``x`` holds the first half of the signal (its non-negative indices);
    the result is ``fft`` of the whole signal, real. The input axis is
    trimmed or zero-padded to ``n // 2 + 1`` values. Pass an odd ``n`` for
    an odd output length: the default is even.

    Parameters
    ----------
    x
        A tensor, complex; real input goes in as the complex dtype of its
        precision, bool and integers as complex64.
    n
        The length of the output along ``axis`` (default: ``2 * (m - 1)``
        for an input axis of length ``m``).
    axis
        The axis to transform.
    norm
        ``"backward"`` (no scaling), ``"ortho"`` (``1/sqrt(n)``) or
        ``"forward"`` (``1/n``).

    Returns
    -------
    Tensor
        ``x``'s shape with ``n`` along ``axis``; float32 (float64 for
        complex128 and float64 input).

    Raises
    ------
    AxisError
        If ``axis`` is out of range.
    ShapeError
        If ``n`` is below 1 (by default: an input axis of length 1).
    ValueError
        If ``norm`` is not one of the three.

    Notes
    -----
    TensorFlow has no ``hfft``: it is ``tf.signal.irfft`` of the conjugate
    with the direction of ``norm`` swapped (NumPy's definition), over the
    axis moved to the end and back.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.fft.hfft(ut.astensor(np.array([4, -1, 0], dtype=np.complex64)))
    NumPyTensor(array([2., 4., 6., 4.], dtype=float32))
    """
    t, ax, size, nm = _one_axis(x, n, axis, norm, "hfft", True)
    a = _complex_input(t)
    if _empty_batch(a, (ax,)):
        return cast(_T, _zeros(t, a, (ax,), (size,), False))
    return cast(_T, _result(t, t._ns.fft_hfft(a, size, ax, nm)))


def ihfft(x: _T, /, n: int | None = None, axis: int = -1, norm: Norm = "backward") -> _T:
    """The inverse of [`hfft`][unitensor.fft.hfft]: real input, ``n // 2 + 1`` complex values.

    ``hfft(ihfft(x), n=x.shape[axis])`` is ``x``.

    Parameters
    ----------
    x
        A real tensor; bool and integers go in as float32, float16 and
        bfloat16 are computed in float32.
    n
        The number of points: the axis is trimmed or zero-padded to ``n``
        (default: its length).
    axis
        The axis to transform.
    norm
        ``"backward"`` (scaled by ``1/n``), ``"ortho"`` (``1/sqrt(n)``) or
        ``"forward"`` (no scaling).

    Returns
    -------
    Tensor
        ``x``'s shape with ``n // 2 + 1`` along ``axis``; complex64
        (complex128 for float64 input).

    Raises
    ------
    DTypeError
        If ``x`` is complex.
    AxisError
        If ``axis`` is out of range.
    ShapeError
        If ``n`` (or the axis's length, by default) is below 1.
    ValueError
        If ``norm`` is not one of the three.

    Notes
    -----
    TensorFlow has no ``ihfft``: it is the conjugate of ``tf.signal.rfft``
    with the direction of ``norm`` swapped (NumPy's definition), over the
    axis moved to the end and back.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> x = ut.astensor(np.array([2.0, 4.0, 6.0, 4.0], dtype=np.float32))
    >>> ut.fft.ihfft(x).shape, ut.fft.hfft(ut.fft.ihfft(x), n=4)
    ((3,), NumPyTensor(array([2., 4., 6., 4.], dtype=float32)))
    """
    t, ax, size, nm = _one_axis(x, n, axis, norm, "ihfft", False)
    a = _real_input(t, "ihfft")
    if _empty_batch(a, (ax,)):
        return cast(_T, _zeros(t, a, (ax,), (size // 2 + 1,), True))
    return cast(_T, _result(t, t._ns.fft_ihfft(a, size, ax, nm)))


# ------------------------------------------------------------------ several axes


def fftn(
    x: _T,
    /,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: Norm = "backward",
) -> _T:
    """The n-dimensional discrete Fourier transform over ``axes``.

    Parameters
    ----------
    x
        A tensor, complex; real input goes in as the complex dtype of its
        precision, bool and integers as complex64.
    s
        The number of points along each of ``axes`` (each axis is trimmed
        or zero-padded to it; ``-1``: the axis's length). Default: the
        axes' lengths. Needs ``axes``.
    axes
        The axes to transform, unique; default every axis. No axes: ``x``
        as complex, untransformed.
    norm
        ``"backward"`` (no scaling), ``"ortho"`` (``1/sqrt(n)``) or
        ``"forward"`` (``1/n``), ``n`` being ``prod(s)``.

    Returns
    -------
    Tensor
        ``x``'s shape with ``s[i]`` along ``axes[i]``; complex64
        (complex128 for float64 and complex128 input).

    Raises
    ------
    AxisError
        If an axis is out of range or repeated.
    ShapeError
        If ``s`` and ``axes`` differ in length, or a size is below 1.
    ValueError
        If ``s`` is given without ``axes``, or ``norm`` is not one of the
        three.

    Notes
    -----
    NumPy applies a repeated axis twice, PyTorch refuses it: an
    ``AxisError`` here. TensorFlow: ``tf.signal.fft``, ``fft2d`` or
    ``fft3d`` over the axes moved to the end and back (more than three axes:
    several of them), scaled for ``"ortho"`` and ``"forward"``.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> x = ut.astensor(np.array([[1.0, 2.0], [3.0, 4.0]], dtype=np.float32))
    >>> ut.fft.fftn(x)
    NumPyTensor(array([[10.+0.j, -2.+0.j],
                       [-4.+0.j,  0.+0.j]], dtype=complex64))
    >>> ut.fft.fftn(x, s=(3, 4), axes=(0, 1)).shape
    (3, 4)
    """
    t, sizes, ax, nm = _axes_and_sizes(x, s, axes, norm, "fftn", False)
    a = _complex_input(t)
    if not ax:
        return cast(_T, _result(t, a))
    if _empty_batch(a, ax):
        return cast(_T, _zeros(t, a, ax, sizes, True))
    return cast(_T, _result(t, t._ns.fft_fftn(a, sizes, ax, nm)))


def ifftn(
    x: _T,
    /,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: Norm = "backward",
) -> _T:
    """The n-dimensional inverse discrete Fourier transform over ``axes``.

    ``ifftn(fftn(x))`` is ``x`` (as complex), with the same ``s``, ``axes``
    and ``norm``.

    Parameters
    ----------
    x
        A tensor, complex; real input goes in as the complex dtype of its
        precision, bool and integers as complex64.
    s
        The number of points along each of ``axes`` (each axis is trimmed
        or zero-padded to it; ``-1``: the axis's length). Default: the
        axes' lengths. Needs ``axes``.
    axes
        The axes to transform, unique; default every axis. No axes: ``x``
        as complex, untransformed.
    norm
        ``"backward"`` (scaled by ``1/n``), ``"ortho"`` (``1/sqrt(n)``) or
        ``"forward"`` (no scaling), ``n`` being ``prod(s)``.

    Returns
    -------
    Tensor
        ``x``'s shape with ``s[i]`` along ``axes[i]``; complex64
        (complex128 for float64 and complex128 input).

    Raises
    ------
    AxisError
        If an axis is out of range or repeated.
    ShapeError
        If ``s`` and ``axes`` differ in length, or a size is below 1.
    ValueError
        If ``s`` is given without ``axes``, or ``norm`` is not one of the
        three.

    Notes
    -----
    TensorFlow: ``tf.signal.ifft``, ``ifft2d`` or ``ifft3d`` over the axes
    moved to the end and back, rescaled for ``"ortho"`` and ``"forward"``.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> y = ut.astensor(np.array([[10, -2], [-4, 0]], dtype=np.complex64))
    >>> ut.fft.ifftn(y)
    NumPyTensor(array([[1.+0.j, 2.+0.j],
                       [3.+0.j, 4.+0.j]], dtype=complex64))
    """
    t, sizes, ax, nm = _axes_and_sizes(x, s, axes, norm, "ifftn", False)
    a = _complex_input(t)
    if not ax:
        return cast(_T, _result(t, a))
    if _empty_batch(a, ax):
        return cast(_T, _zeros(t, a, ax, sizes, True))
    return cast(_T, _result(t, t._ns.fft_ifftn(a, sizes, ax, nm)))


def rfftn(
    x: _T,
    /,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: Norm = "backward",
) -> _T:
    """The n-dimensional discrete Fourier transform of real input over ``axes``.

    The real transform over the last of ``axes`` (``s[-1] // 2 + 1``
    values), then the complex one over the others.

    Parameters
    ----------
    x
        A real tensor; bool and integers go in as float32, float16 and
        bfloat16 are computed in float32.
    s
        The number of points along each of ``axes`` (each axis is trimmed
        or zero-padded to it; ``-1``: the axis's length). Default: the
        axes' lengths. Needs ``axes``.
    axes
        The axes to transform, unique, at least one; default every axis.
    norm
        ``"backward"`` (no scaling), ``"ortho"`` (``1/sqrt(n)``) or
        ``"forward"`` (``1/n``), ``n`` being ``prod(s)``.

    Returns
    -------
    Tensor
        ``x``'s shape with ``s[i]`` along ``axes[i]``, but ``s[-1] // 2 +
        1`` along the last of them; complex64 (complex128 for float64
        input).

    Raises
    ------
    DTypeError
        If ``x`` is complex.
    AxisError
        If an axis is out of range or repeated, or there is none (a 0-d
        ``x``, or ``axes=()``).
    ShapeError
        If ``s`` and ``axes`` differ in length, or a size is below 1.
    ValueError
        If ``s`` is given without ``axes``, or ``norm`` is not one of the
        three.

    Notes
    -----
    TensorFlow: ``tf.signal.rfft`` over the last axis, then ``tf.signal.fft``
    (``fft2d``, ``fft3d``) over the others, each over axes moved to the end
    and back, scaled for ``"ortho"`` and ``"forward"``.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> x = ut.astensor(np.array([[1.0, 2.0], [3.0, 4.0]], dtype=np.float32))
    >>> ut.fft.rfftn(x)
    NumPyTensor(array([[10.+0.j, -2.+0.j],
                       [-4.+0.j,  0.+0.j]], dtype=complex64))
    >>> ut.fft.rfftn(x, s=(2, 6), axes=(0, 1)).shape
    (2, 4)
    """
    t, sizes, ax, nm = _axes_and_sizes(x, s, axes, norm, "rfftn", False)
    if not ax:
        raise AxisError("rfftn needs at least one axis to transform")
    a = _real_input(t, "rfftn")
    if _empty_batch(a, ax):
        halved = (*sizes[:-1], sizes[-1] // 2 + 1)
        return cast(_T, _zeros(t, a, ax, halved, True))
    return cast(_T, _result(t, t._ns.fft_rfftn(a, sizes, ax, nm)))


def irfftn(
    x: _T,
    /,
    s: Sequence[int] | None = None,
    axes: Sequence[int] | None = None,
    norm: Norm = "backward",
) -> _T:
    """The inverse of [`rfftn`][unitensor.fft.rfftn]: real output of sizes ``s`` over ``axes``.

    ``irfftn(rfftn(x), s=x.shape, axes=...)`` is ``x``. The complex inverse
    over all of ``axes`` but the last, then the real one over it: the
    input's last transformed axis is trimmed or zero-padded to ``s[-1] //
    2 + 1`` values, the others to ``s[i]``. Pass an odd ``s[-1]`` for an
    odd output length there: the default is even.

    Parameters
    ----------
    x
        A tensor, complex; real input goes in as the complex dtype of its
        precision, bool and integers as complex64.
    s
        The output's sizes along ``axes`` (``-1``: the default for that
        axis). Default: the axes' lengths, but ``2 * (m - 1)`` for the last
        one (of input length ``m``). Needs ``axes``.
    axes
        The axes to transform, unique, at least one; default every axis.
    norm
        ``"backward"`` (scaled by ``1/n``), ``"ortho"`` (``1/sqrt(n)``) or
        ``"forward"`` (no scaling), ``n`` being ``prod(s)``.

    Returns
    -------
    Tensor
        ``x``'s shape with ``s[i]`` along ``axes[i]``; float32 (float64 for
        complex128 and float64 input).

    Raises
    ------
    AxisError
        If an axis is out of range or repeated, or there is none (a 0-d
        ``x``, or ``axes=()``).
    ShapeError
        If ``s`` and ``axes`` differ in length, or a size is below 1 (by
        default: a last axis of length 1).
    ValueError
        If ``s`` is given without ``axes``, or ``norm`` is not one of the
        three.

    Notes
    -----
    ``s[-1] == -1`` is the default ``2 * (m - 1)``, as the standard says
    (all the input's values are used); NumPy reads it as ``m``.
    TensorFlow: ``tf.signal.ifft`` (``ifft2d``, ``ifft3d``) over all axes
    but the last, then ``tf.signal.irfft`` over it, each over axes moved to
    the end and back, rescaled for ``"ortho"`` and ``"forward"``.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> y = ut.astensor(np.array([[10, -2], [-4, 0]], dtype=np.complex64))
    >>> ut.fft.irfftn(y)
    NumPyTensor(array([[1., 2.],
                       [3., 4.]], dtype=float32))
    >>> ut.fft.irfftn(y, s=(2, 3), axes=(0, 1)).shape
    (2, 3)
    """
    t, sizes, ax, nm = _axes_and_sizes(x, s, axes, norm, "irfftn", True)
    if not ax:
        raise AxisError("irfftn needs at least one axis to transform")
    a = _complex_input(t)
    if _empty_batch(a, ax):
        return cast(_T, _zeros(t, a, ax, sizes, False))
    return cast(_T, _result(t, t._ns.fft_irfftn(a, sizes, ax, nm)))


# ------------------------------------------------------------------ frequencies and shifts


def fftfreq(t: _T, n: int, /, d: float = 1.0, dtype: Any = None) -> _T:
    """The sample frequencies of an ``n``-point discrete Fourier transform.

    ``[0, 1, ..., ceil(n/2) - 1, -floor(n/2), ..., -1] / (d * n)``: the
    frequency of each term of [`fft`][unitensor.fft.fft]'s result, in
    cycles per unit of the sample spacing ``d``.

    The standard's ``fftfreq(n, /, *, d=1.0, dtype=None, device=None)`` is a
    creation function; as unitensor's other creation functions, this one
    takes a template tensor first, whose framework and device the result
    gets (``t``'s dtype, shape and values are not used; there is no
    ``device`` argument).

    Parameters
    ----------
    t
        The template tensor: the framework and device of the result.
    n
        The window length, at least 1.
    d
        The sample spacing.
    dtype
        A real floating dtype (default float32, the default float dtype,
        whatever ``t``'s): a native dtype, NumPy dtype, ``ut`` dtype or name.

    Returns
    -------
    Tensor
        Shape ``(n,)``, in ``dtype``.

    Raises
    ------
    ShapeError
        If ``n`` is below 1.
    DTypeError
        If ``dtype`` is not a real floating dtype.
    ZeroDivisionError
        If ``d`` is 0.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> t = ut.astensor(np.zeros(1))
    >>> ut.fft.fftfreq(t, 5, d=0.5)
    NumPyTensor(array([ 0. ,  0.4,  0.8, -0.8, -0.4], dtype=float32))
    >>> ut.fft.fftfreq(t, 4, dtype="float64")
    NumPyTensor(array([ 0.  ,  0.25, -0.5 , -0.25]))
    """
    tt: TensorBase = as_tensor(t)
    count = _points(_int(n, "fftfreq", "n"), "fftfreq")
    # (_dtype_arg called here, so that a warning names the caller's line)
    dt = _freq_dtype(tt, None if dtype is None else tt._dtype_arg(dtype), "fftfreq")
    ns = tt._ns
    raw = ns.arange(0, (count - 1) // 2 + 1, 1, dt, tt.raw)
    if count > 1:
        raw = ns.concat([raw, ns.arange(-(count // 2), 0, 1, dt, tt.raw)], 0)
    return cast(_T, _result(tt, ns.multiply(raw, 1.0 / (count * d))))


def rfftfreq(t: _T, n: int, /, d: float = 1.0, dtype: Any = None) -> _T:
    """The sample frequencies of [`rfft`][unitensor.fft.rfft] for ``n`` points.

    ``[0, 1, ..., floor(n/2)] / (d * n)``: the Nyquist frequency of an
    even ``n`` counts as positive.

    The standard's ``rfftfreq(n, /, *, d=1.0, dtype=None, device=None)`` is
    a creation function; as unitensor's other creation functions, this one
    takes a template tensor first, whose framework and device the result
    gets (``t``'s dtype, shape and values are not used; there is no
    ``device`` argument).

    Parameters
    ----------
    t
        The template tensor: the framework and device of the result.
    n
        The window length, at least 1.
    d
        The sample spacing.
    dtype
        A real floating dtype (default float32, the default float dtype,
        whatever ``t``'s): a native dtype, NumPy dtype, ``ut`` dtype or name.

    Returns
    -------
    Tensor
        Shape ``(n // 2 + 1,)``, in ``dtype``.

    Raises
    ------
    ShapeError
        If ``n`` is below 1.
    DTypeError
        If ``dtype`` is not a real floating dtype.
    ZeroDivisionError
        If ``d`` is 0.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.fft.rfftfreq(ut.astensor(np.zeros(1)), 4)
    NumPyTensor(array([0.  , 0.25, 0.5 ], dtype=float32))
    """
    tt: TensorBase = as_tensor(t)
    count = _points(_int(n, "rfftfreq", "n"), "rfftfreq")
    # (_dtype_arg called here, so that a warning names the caller's line)
    dt = _freq_dtype(tt, None if dtype is None else tt._dtype_arg(dtype), "rfftfreq")
    ns = tt._ns
    raw = ns.arange(0, count // 2 + 1, 1, dt, tt.raw)
    return cast(_T, _result(tt, ns.multiply(raw, 1.0 / (count * d))))


def fftshift(x: _T, /, axes: int | Sequence[int] | None = None) -> _T:
    """The zero-frequency term moved to the centre: each of ``axes`` rolled by half its length.

    Parameters
    ----------
    x
        A tensor of any dtype (a spectrum, as [`fft`][unitensor.fft.fft]
        gives it).
    axes
        An axis, several (unique), or ``None`` for every axis.

    Returns
    -------
    Tensor
        ``x``'s shape and dtype, rolled by ``m // 2`` along each of
        ``axes`` (of length ``m``).

    Raises
    ------
    AxisError
        If an axis is out of range or repeated.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.fft.fftshift(ut.astensor(np.array([0.0, 1.0, 2.0, -2.0, -1.0])))
    NumPyTensor(array([-2., -1.,  0.,  1.,  2.]))
    >>> ut.fft.fftshift(ut.astensor(np.arange(6).reshape(2, 3)), axes=1)
    NumPyTensor(array([[2, 0, 1],
                       [5, 3, 4]]))
    """
    t: TensorBase = as_tensor(x)
    ax = _shift_axes(t, axes, "fftshift")
    return cast(_T, _result(t, t._ns.fft_fftshift(t.raw, ax) if ax else t.raw))


def ifftshift(x: _T, /, axes: int | Sequence[int] | None = None) -> _T:
    """The inverse of [`fftshift`][unitensor.fft.fftshift] (they differ for odd lengths).

    Parameters
    ----------
    x
        A tensor of any dtype.
    axes
        An axis, several (unique), or ``None`` for every axis.

    Returns
    -------
    Tensor
        ``x``'s shape and dtype, rolled by ``-(m // 2)`` along each of
        ``axes`` (of length ``m``).

    Raises
    ------
    AxisError
        If an axis is out of range or repeated.

    Examples
    --------
    >>> import numpy as np
    >>> import unitensor as ut
    >>> ut.fft.ifftshift(ut.astensor(np.array([-2.0, -1.0, 0.0, 1.0, 2.0])))
    NumPyTensor(array([ 0.,  1.,  2., -2., -1.]))
    """
    t: TensorBase = as_tensor(x)
    ax = _shift_axes(t, axes, "ifftshift")
    return cast(_T, _result(t, t._ns.fft_ifftshift(t.raw, ax) if ax else t.raw))
