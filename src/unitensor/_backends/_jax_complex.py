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

__all__ = ["FIXED", "primitives"]

FIXED = (
    "exp log log1p log2 log10 sinh cosh tanh sqrt acos acosh asinh atanh sin cos tan asin atan"
).split()
"""The functions fixed here (real input takes ``jax.numpy``'s as it is)."""

jax: Any = None  # JAX, set by primitives()
jnp: Any = None

# A fix takes the input's parts (x, y) and the parts (u, v) of JAX's result; it gives
# the parts of C99's result. Selecting parts, not complex numbers, keeps XLA's fusion
# cheap (a complex select beside sqrt made it about 20 times slower on a CPU).
_Fix = Callable[[Any, Any, Any, Any], tuple[Any, Any]]


def _exp(x: Any, y: Any, u: Any, v: Any) -> tuple[Any, Any]:
    # +-inf + (inf or nan) j: inf + nan j for +inf, 0 + 0j for -inf (XLA: nan + nan j);
    # x +-0j: exp(x) +-0j (XLA: +0j)
    where = jnp.where
    v = where(y == 0, y, v)
    bad = jnp.isinf(x) & ~jnp.isfinite(y)
    up = x > 0
    return where(bad, where(up, jnp.inf, 0.0), u), where(bad, where(up, jnp.nan, 0.0), v)


def _log(x: Any, y: Any, u: Any, v: Any) -> tuple[Any, Any]:
    # an infinite part beside a NaN one: inf + nan j (XLA: nan + nan j); also log1p,
    # log2 and log10
    bad = (jnp.isinf(x) & jnp.isnan(y)) | (jnp.isnan(x) & jnp.isinf(y))
    return jnp.where(bad, jnp.inf, u), jnp.where(bad, jnp.nan, v)


def _sinh(x: Any, y: Any, u: Any, v: Any) -> tuple[Any, Any]:
    # +-0 + (inf or nan) j: +-0 + nan j; +-inf + (inf or nan) j: inf + nan j;
    # +-0 + y j: the signed zero +-0 * cos(y) + sin(y) j; x +-0j: sinh(x) +-0j
    where = jnp.where
    zero = x == 0
    u = where(zero, x * jnp.cos(y), u)
    v = where(y == 0, y, v)
    bad = (zero | jnp.isinf(x)) & ~jnp.isfinite(y)
    return where(bad, where(zero, x, jnp.inf), u), where(bad, jnp.nan, v)


def _cosh(x: Any, y: Any, u: Any, v: Any) -> tuple[Any, Any]:
    # +-0 + (inf or nan) j: nan + 0j; +-inf + (inf or nan) j: inf + nan j; a zero
    # part gives the imaginary part sinh(x) * sin(y) as a signed zero (sinh(x) has
    # the sign of x)
    where = jnp.where
    zero = x == 0
    v = where(zero, x * jnp.sin(y), where((y == 0) & ~jnp.isnan(x), jnp.sign(x) * y, v))
    bad = (zero | jnp.isinf(x)) & ~jnp.isfinite(y)
    return where(bad, where(zero, jnp.nan, jnp.inf), u), where(bad, where(zero, 0.0, jnp.nan), v)


def _tanh(x: Any, y: Any, u: Any, v: Any) -> tuple[Any, Any]:
    # +-0 + (inf or nan) j: +-0 + nan j (C11; XLA: nan + nan j); +-0 + y j:
    # +-0 + tan(y) j; x +-0j: tanh(x) +-0j
    where = jnp.where
    zero = x == 0
    u = where(zero, x, u)
    v = where(y == 0, y, v)
    return u, where(zero & ~jnp.isfinite(y), jnp.nan, v)


def _sqrt(x: Any, y: Any, u: Any, v: Any) -> tuple[Any, Any]:
    # any + inf j: inf + inf j; +inf + nan j: inf + nan j; -inf + nan j: nan + inf j;
    # the imaginary part has the sign of y (sqrt(-1 - 0j) is -1j)
    where = jnp.where
    v = jnp.copysign(v, y)
    inf_nan = jnp.isinf(x) & jnp.isnan(y)
    up = x > 0
    u = where(inf_nan, where(up, jnp.inf, jnp.nan), u)
    v = where(inf_nan, where(up, jnp.nan, jnp.inf), v)
    y_inf = jnp.isinf(y)
    return where(y_inf, jnp.inf, u), where(y_inf, y, v)


def _acos(x: Any, y: Any, u: Any, v: Any) -> tuple[Any, Any]:
    # +-0 + nan j: pi/2 + nan j; the imaginary part has the sign of -y
    bad = (x == 0) & jnp.isnan(y)
    return jnp.where(bad, math.pi / 2, u), jnp.copysign(v, -y)


def _acosh(x: Any, y: Any, u: Any, v: Any) -> tuple[Any, Any]:
    # +-0 + nan j: nan + pi/2 j; the imaginary part has the sign of y
    bad = (x == 0) & jnp.isnan(y)
    return u, jnp.where(bad, math.pi / 2, jnp.copysign(v, y))


def _asinh(x: Any, y: Any, u: Any, v: Any) -> tuple[Any, Any]:
    # nan +-0j: nan +-0j; the real part has the sign of x, the imaginary one y's
    v = jnp.copysign(v, y)
    return jnp.copysign(u, x), jnp.where(jnp.isnan(x) & (y == 0), y, v)


def _atanh(x: Any, y: Any, u: Any, v: Any) -> tuple[Any, Any]:
    # (+-0 or +-inf) + nan j: +-0 + nan j; other x + nan j, and nan + finite j:
    # nan + nan j (XLA gives -pi/2 as the imaginary part); the real part has the
    # sign of x, the imaginary one y's
    where = jnp.where
    u, v = jnp.copysign(u, x), jnp.copysign(v, y)
    y_nan = jnp.isnan(y)
    bad = y_nan | (jnp.isnan(x) & jnp.isfinite(y))
    keep_x = y_nan & ((x == 0) | jnp.isinf(x))
    return where(bad, where(keep_x, jnp.copysign(0.0, x), jnp.nan), u), where(bad, jnp.nan, v)


def _turned(fix: _Fix) -> _Fix:
    """The fix of ``f(z) = -j g(j z)`` from ``g``'s fix (``sin`` from ``sinh``).

    ``j z`` has the parts ``(-y, x)``; ``g(j z)`` is ``j f(z)``, of parts
    ``(-v, u)``; the fixed value turns back by ``-j``.
    """

    def turned(x: Any, y: Any, u: Any, v: Any) -> tuple[Any, Any]:
        gu, gv = fix(-y, x, -v, u)
        return gv, -gu

    return turned


def _turned_even(fix: _Fix) -> _Fix:
    """The fix of ``f(z) = g(j z)`` from ``g``'s fix (``cos`` from ``cosh``)."""

    def turned(x: Any, y: Any, u: Any, v: Any) -> tuple[Any, Any]:
        return fix(-y, x, u, v)

    return turned


def _complex_fixed(fn: Any, fix: _Fix) -> Any:
    """``fn`` for real input; for complex input ``fn`` with ``fix`` applied, compiled."""

    def fixed(z: Any) -> Any:
        w = fn(z)
        u, v = fix(jnp.real(z), jnp.imag(z), jnp.real(w), jnp.imag(w))
        part = jnp.real(w).dtype
        return jax.lax.complex(jnp.asarray(u, part), jnp.asarray(v, part))

    compiled = jax.jit(fixed)

    def op(a: Any) -> Any:
        if a.dtype.kind == "c":  # (jnp.iscomplexobj costs a microsecond)
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
