"""JAX's functions whose derivative unitensor's rule sets at kinks and ties.

unitensor's rule for each derivative is in the semantics table (its
"gradient" column) and in docs/autodiff.md. Where JAX's own derivative differs, the
function here is ``jax.custom_jvp`` of JAX's own function with the rule's
derivative:

- ``abs``: ``sign(x)``, 0 at ``+-0`` (JAX: 1);
- ``maximum``/``minimum`` with a Python number: the tensor takes the whole
  derivative at a tie (JAX: half), as ``clip`` with two numbers does at
  either bound;
- ``logaddexp``: ``sigmoid(a - b)`` and ``sigmoid(b - a)`` (JAX: 1 for the
  finite operand beside ``+inf``, 1 and 1 for two ``+inf``);
- ``hypot``: ``a / h`` and ``b / h``, 0 at ``(0, 0)`` (JAX: 1/2 and 1/2);
- ``copysign``: 1 where the sign bits of ``a`` and ``b`` agree, else -1
  (JAX: 1 for ``-0.0`` with a positive ``b``);
- ``nextafter``: 1 for ``a``, 0 for ``b`` (JAX: no rule);
- ``pow`` of two arrays: 0 for ``a`` where ``b == 0`` (JAX: ``0 * a**-1``,
  NaN at ``a == 0``).

The values are JAX's own (the primal is the ``jax.numpy`` function), and each
function is compiled with ``jax.jit`` (``inline``: a caller's trace holds its
operations): an eager call is one dispatch, as ``jax.numpy``'s own
functions are. Under ``jax.grad`` the derivative is transposed, so reverse
mode follows the same rule. JAX itself is handed to ``primitives``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["primitives"]

jax: Any = None  # JAX, set by primitives()
jnp: Any = None

_NUMBERS = (float, int)


def _zeros_where(keep: Any, t: Any) -> Any:
    """``t`` where ``keep``, else zero (of ``t``'s dtype)."""
    return jnp.where(keep, t, jnp.zeros((), t.dtype))


def _linear(out: Any, *terms: tuple[Any, Any]) -> Any:
    """The tangent ``sum(t * c)`` over the ``(t, c)`` whose tangent is not a symbolic zero.

    A zero tangent is left out rather than multiplied: its coefficient may
    be NaN where the other operand's is not (``log(a)`` of ``pow`` for
    ``a < 0``), and forward mode (``jax.jvp``, ``jacfwd``) would give NaN.
    """
    total: Any = None
    for t, c in terms:
        if not isinstance(t, jax.custom_derivatives.SymbolicZero):
            total = t * c if total is None else total + t * c
    return jnp.broadcast_to(total, out.shape)


# The derivatives: tangent(out, primals, tangents) -> the output's tangent.


def _abs_tangent(out: Any, primals: tuple[Any], tangents: tuple[Any]) -> Any:
    (x,), (t,) = primals, tangents
    return t * jnp.sign(x)


def _maximum_number_tangent(out: Any, primals: tuple[Any, Any], tangents: Any) -> Any:
    (x, c), (t, _) = primals, tangents
    return _zeros_where(x >= c, t)


def _minimum_number_tangent(out: Any, primals: tuple[Any, Any], tangents: Any) -> Any:
    (x, c), (t, _) = primals, tangents
    return _zeros_where(x <= c, t)


def _clip_numbers_tangent(out: Any, primals: tuple[Any, Any, Any], tangents: Any) -> Any:
    (x, lo, hi), (t, _, _) = primals, tangents
    return _zeros_where((x >= lo) & (x <= hi), t)


def _logaddexp_tangent(out: Any, primals: tuple[Any, Any], tangents: Any) -> Any:
    (a, b), (ta, tb) = primals, tangents
    return _linear(out, (ta, jax.nn.sigmoid(a - b)), (tb, jax.nn.sigmoid(b - a)))


def _hypot_tangent(out: Any, primals: tuple[Any, Any], tangents: Any) -> Any:
    (a, b), (ta, tb) = primals, tangents
    h = jnp.where(out == 0, jnp.ones((), out.dtype), out)  # (a, b) = (0, 0): 0 / 1
    return _linear(out, (ta, a / h), (tb, b / h))


def _copysign_tangent(out: Any, primals: tuple[Any, Any], tangents: Any) -> Any:
    (a, b), (ta, _) = primals, tangents
    return jnp.broadcast_to(jnp.where(jnp.signbit(a) == jnp.signbit(b), ta, -ta), out.shape)


def _nextafter_tangent(out: Any, primals: tuple[Any, Any], tangents: Any) -> Any:
    _, (ta, _) = primals, tangents
    return jnp.broadcast_to(ta, out.shape)


def _power_tangent(out: Any, primals: tuple[Any, Any], tangents: Any) -> Any:
    (a, b), (ta, tb) = primals, tangents
    zero = b == 0  # a**0 is 1 for every a: derivative 0 (b * a**(b - 1) is NaN at a = 0)
    by_a = jnp.where(zero, jnp.zeros((), out.dtype), b * a ** jnp.where(zero, 1, b - 1))
    # JAX's own derivative for b: log(a) * a**b, with a = 0 read as 1 in the log
    by_b = out * jnp.log(jnp.where(a == 0, jnp.ones((), out.dtype), a))
    return _linear(out, (ta, by_a), (tb, by_b))


def _custom(fn: Callable[..., Any], tangent: Callable[..., Any], linear: bool = False) -> Any:
    """``fn`` with the derivative ``tangent``, compiled (one dispatch eagerly).

    The rule's primal is the custom function itself, so that derivatives of
    the derivative (``hessian``) follow the rule too; ``linear``: ``tangent``
    takes symbolic zeros (see ``_linear``).
    """
    custom = jax.custom_jvp(fn)

    def jvp(primals: tuple[Any, ...], tangents: tuple[Any, ...]) -> tuple[Any, Any]:
        out = custom(*primals)
        return out, tangent(out, primals, tangents)

    custom.defjvp(jvp, symbolic_zeros=linear)
    return jax.jit(custom, inline=True)


def primitives(framework: Any) -> dict[str, Any]:
    """The functions above, compiled: ``{name: function}`` for the backend.

    ``maximum``, ``minimum`` and ``clip`` take the rule's derivative for
    Python number operands and are ``jax.numpy``'s for arrays (whose
    derivative at a tie, half to each, is the rule's); ``clip_numbers`` is
    ``clip`` of two numbers, ``real_abs`` ``abs`` of real input and
    ``float_pow`` ``pow`` of float arrays.
    """
    global jax, jnp
    jax = framework
    jnp = framework.numpy
    maximum_number = _custom(jnp.maximum, _maximum_number_tangent)
    minimum_number = _custom(jnp.minimum, _minimum_number_tangent)
    clip_numbers = _custom(jnp.clip, _clip_numbers_tangent)

    def maximum(a: Any, b: Any) -> Any:
        if b.__class__ in _NUMBERS:
            return maximum_number(a, b)
        return jnp.maximum(a, b)

    def minimum(a: Any, b: Any) -> Any:
        if b.__class__ in _NUMBERS:
            return minimum_number(a, b)
        return jnp.minimum(a, b)

    def clip(a: Any, lo: Any, hi: Any) -> Any:
        if lo.__class__ in _NUMBERS and hi.__class__ in _NUMBERS:
            return clip_numbers(a, lo, hi)
        return jnp.clip(a, lo, hi)

    return {
        "maximum": maximum,
        "minimum": minimum,
        "clip": clip,
        "clip_numbers": clip_numbers,
        "real_abs": _custom(jnp.abs, _abs_tangent),
        "logaddexp": _custom(jnp.logaddexp, _logaddexp_tangent, linear=True),
        "hypot": _custom(jnp.hypot, _hypot_tangent, linear=True),
        "copysign": _custom(jnp.copysign, _copysign_tangent),
        "nextafter": _custom(jnp.nextafter, _nextafter_tangent),
        "float_pow": _custom(jnp.power, _power_tangent, linear=True),
    }
