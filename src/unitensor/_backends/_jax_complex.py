"""JAX's complex elementwise functions with C99's (Annex G) special values.

``exp``, ``log``, ``log1p``, ``log2``, ``log10``, ``sqrt``, and the
trigonometric and hyperbolic functions and their inverses.

XLA's complex kernels do not follow C99 for parts that are infinite or NaN
(``exp(inf + nan j)`` is ``nan + nan j``, C99's ``inf + nan j``), nor for
the sign of a zero part on a branch cut (``sqrt(-1 - 0j)`` is ``1j``, C99's
``-1j``). NumPy follows C99, and the Array API standard lists C99's values.
Each function here computes JAX's own result and then replaces what differs:
a few ``jnp.where`` selections on the parts of the input, and for the
inverse functions and ``sqrt`` the sign of one part of the result copied
from the input's (``copysign``), which is right for every input as these
functions are odd or conjugate-symmetric in that part.

The cost is a handful of elementwise operations on the result; each
function's complex form is compiled with ``jax.jit`` once per shape and
dtype, so XLA fuses them with the function into one kernel, and an eager
call stays one dispatch. Real input goes to ``jax.numpy`` untouched.
``sin``, ``cos``, ``tan``, ``asin`` and ``atan`` are the hyperbolic ones
turned by ``j`` (``sin(z) = -j sinh(j z)``), as C99 defines their special
values; the turning swaps and negates parts, which is exact. ``expm1`` is
left as JAX computes it (NumPy's ``expm1`` differs from C99 too). JAX
itself is imported by the backend and handed to ``primitives``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

__all__ = ["primitives"]

jax: Any = None  # JAX, set by primitives()
jnp: Any = None

# A fix takes the input's parts (x, y) and JAX's result w; it gives the C99 result.
_Fix = Callable[[Any, Any, Any], Any]


def _c(re: Any, im: Any, like: Any) -> Any:
    """The complex array ``re + im j`` of ``like``'s shape, built from its parts exactly."""
    part = jnp.real(like).dtype
    shape = like.shape
    return jax.lax.complex(
        jnp.broadcast_to(jnp.asarray(re, part), shape),
        jnp.broadcast_to(jnp.asarray(im, part), shape),
    )


def _finite(v: Any) -> Any:
    return jnp.isfinite(v)


def _exp(x: Any, y: Any, w: Any) -> Any:
    # +-inf + (inf or nan) j: inf + nan j for +inf, 0 + 0j for -inf (XLA: nan + nan j);
    # x +-0j: exp(x) +-0j (XLA: +0j)
    w = _c(jnp.real(w), jnp.where(y == 0, y, jnp.imag(w)), w)
    bad = jnp.isinf(x) & ~_finite(y)
    return jnp.where(bad, jnp.where(x > 0, _c(jnp.inf, jnp.nan, w), _c(0.0, 0.0, w)), w)


def _log(x: Any, y: Any, w: Any) -> Any:
    # an infinite part beside a NaN one: inf + nan j (XLA: nan + nan j); also log1p,
    # log2 and log10
    bad = (jnp.isinf(x) & jnp.isnan(y)) | (jnp.isnan(x) & jnp.isinf(y))
    return jnp.where(bad, _c(jnp.inf, jnp.nan, w), w)


def _sinh(x: Any, y: Any, w: Any) -> Any:
    # +-0 + (inf or nan) j: +-0 + nan j; +-inf + (inf or nan) j: inf + nan j;
    # +-0 + y j: the signed zero +-0 * cos(y) + sin(y) j; x +-0j: sinh(x) +-0j
    w = _c(jnp.where(x == 0, x * jnp.cos(y), jnp.real(w)), jnp.where(y == 0, y, jnp.imag(w)), w)
    zero = x == 0
    bad = (zero | jnp.isinf(x)) & ~_finite(y)
    return jnp.where(bad, _c(jnp.where(zero, x, jnp.inf), jnp.nan, w), w)


def _cosh(x: Any, y: Any, w: Any) -> Any:
    # +-0 + (inf or nan) j: nan + 0j; +-inf + (inf or nan) j: inf + nan j; a zero
    # part gives the imaginary part sinh(x) * sin(y) as a signed zero (sinh(x) has
    # the sign of x)
    imag = jnp.where(
        x == 0, x * jnp.sin(y), jnp.where((y == 0) & ~jnp.isnan(x), jnp.sign(x) * y, jnp.imag(w))
    )
    w = _c(jnp.real(w), imag, w)
    zero = x == 0
    bad = (zero | jnp.isinf(x)) & ~_finite(y)
    special = jnp.where(zero, _c(jnp.nan, 0.0, w), _c(jnp.inf, jnp.nan, w))
    return jnp.where(bad, special, w)


def _tanh(x: Any, y: Any, w: Any) -> Any:
    # +-0 + (inf or nan) j: +-0 + nan j (C11; XLA: nan + nan j); +-0 + y j:
    # +-0 + tan(y) j; x +-0j: tanh(x) +-0j
    w = _c(jnp.where(x == 0, x, jnp.real(w)), jnp.where(y == 0, y, jnp.imag(w)), w)
    bad = (x == 0) & ~_finite(y)
    return jnp.where(bad, _c(x, jnp.nan, w), w)


def _sqrt(x: Any, y: Any, w: Any) -> Any:
    # any + inf j: inf + inf j; +inf + nan j: inf + nan j; -inf + nan j: nan + inf j;
    # the imaginary part has the sign of y (sqrt(-1 - 0j) is -1j)
    w = _c(jnp.real(w), jnp.copysign(jnp.imag(w), y), w)
    inf_nan = jnp.isinf(x) & jnp.isnan(y)
    w = jnp.where(inf_nan, jnp.where(x > 0, _c(jnp.inf, jnp.nan, w), _c(jnp.nan, jnp.inf, w)), w)
    return jnp.where(jnp.isinf(y), _c(jnp.inf, y, w), w)


def _acos(x: Any, y: Any, w: Any) -> Any:
    # +-0 + nan j: pi/2 + nan j; the imaginary part has the sign of -y
    w = _c(jnp.real(w), jnp.copysign(jnp.imag(w), -y), w)
    return jnp.where((x == 0) & jnp.isnan(y), _c(math.pi / 2, jnp.nan, w), w)


def _acosh(x: Any, y: Any, w: Any) -> Any:
    # +-0 + nan j: nan + pi/2 j; the imaginary part has the sign of y
    w = _c(jnp.real(w), jnp.copysign(jnp.imag(w), y), w)
    return jnp.where((x == 0) & jnp.isnan(y), _c(jnp.nan, math.pi / 2, w), w)


def _asinh(x: Any, y: Any, w: Any) -> Any:
    # nan +-0j: nan +-0j; the real part has the sign of x, the imaginary one y's
    w = _c(jnp.copysign(jnp.real(w), x), jnp.copysign(jnp.imag(w), y), w)
    return jnp.where(jnp.isnan(x) & (y == 0), _c(jnp.nan, y, w), w)


def _atanh(x: Any, y: Any, w: Any) -> Any:
    # (+-0 or +-inf) + nan j: +-0 + nan j; other x + nan j, and nan + finite j:
    # nan + nan j (XLA gives -pi/2 as the imaginary part); the real part has the
    # sign of x, the imaginary one y's
    w = _c(jnp.copysign(jnp.real(w), x), jnp.copysign(jnp.imag(w), y), w)
    bad = jnp.isnan(y) | (jnp.isnan(x) & _finite(y))
    keep_x = jnp.isnan(y) & ((x == 0) | jnp.isinf(x))
    special = jnp.where(keep_x, _c(jnp.copysign(0.0, x), jnp.nan, w), _c(jnp.nan, jnp.nan, w))
    return jnp.where(bad, special, w)


def _turned(fix: _Fix) -> _Fix:
    """The fix of ``f(z) = -j g(j z)`` (``cos``: ``g(j z)``) from ``g``'s fix.

    ``j z`` has the parts ``(-y, x)``; ``g(j z)`` is ``j f(z)``; the fixed
    value turns back by ``-j``.
    """

    def turned(x: Any, y: Any, w: Any) -> Any:
        g = fix(-y, x, _c(-jnp.imag(w), jnp.real(w), w))
        return _c(jnp.imag(g), -jnp.real(g), w)

    return turned


def _turned_even(fix: _Fix) -> _Fix:
    """The fix of ``f(z) = g(j z)`` from ``g``'s fix (``cos`` from ``cosh``)."""

    def turned(x: Any, y: Any, w: Any) -> Any:
        return fix(-y, x, w)

    return turned


def _complex_fixed(fn: Any, fix: _Fix) -> Any:
    """``fn`` for real input; for complex input ``fn`` with ``fix`` applied, compiled."""

    def fixed(z: Any) -> Any:
        return fix(jnp.real(z), jnp.imag(z), fn(z))

    compiled = jax.jit(fixed)

    def op(a: Any) -> Any:
        if jnp.iscomplexobj(a):
            return compiled(a)
        return fn(a)

    return op


def primitives(jax_module: Any) -> dict[str, Any]:
    """The complex-corrected elementwise primitives, keyed by ``Primitives`` field name."""
    global jax, jnp
    jax = jax_module
    jnp = jax_module.numpy
    fixes: dict[str, _Fix] = {
        "exp": _exp,
        "log": _log,
        "log1p": _log,
        "log2": _log,
        "log10": _log,
        "sinh": _sinh,
        "cosh": _cosh,
        "tanh": _tanh,
        "sqrt": _sqrt,
        "acos": _acos,
        "acosh": _acosh,
        "asinh": _asinh,
        "atanh": _atanh,
        "sin": _turned(_sinh),
        "cos": _turned_even(_cosh),
        "tan": _turned(_tanh),
        "asin": _turned(_asinh),
        "atan": _turned(_atanh),
    }
    return {name: _complex_fixed(getattr(jnp, name), fix) for name, fix in fixes.items()}
