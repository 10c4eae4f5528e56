"""JAX's checks of traced values, with ``checkify`` (for ``jax.py``).

Under ``jax.jit`` an array has no values yet, so the checks unitensor makes
eagerly (index ranges, integer division by zero, ``crossentropy`` labels)
cannot raise while ``f`` is traced. ``ut.jit(f, checks=True)`` compiles
``jax.jit(checkify.checkify(f))`` instead, with ``f`` traced while a flag is
set; only with that flag does a check call ``checkify.check``, which outside
``checkify`` would fail JAX's trace. The compiled function then returns
JAX's ``Error`` beside ``f``'s result, and ``raise_failed`` raises the check
that failed first as unitensor's own exception, as eagerly.

The exception's class travels in the check's message, as the tag
``unitensor.<class name>: `` that the graph checks of TensorFlow and PyTorch
carry too (``unitensor._errors.tagged`` and ``untagged``); a failed check of
the user's own
(``checkify.check`` inside ``f``) has no tag and is raised as JAX raises it.
"""

from __future__ import annotations

import contextvars
import importlib
from collections.abc import Callable
from typing import Any

from .._errors import tagged, untagged

__all__ = ["primitives"]

jax: Any = None  # set by primitives()
checkify: Any = None  # jax.experimental.checkify, set by primitives()

_CHECKING = contextvars.ContextVar("unitensor_jax_checkify", default=False)
"""Whether ``f`` is being traced inside ``checkify`` (``ut.jit(f, checks=True)``)."""

_FAILED = " (`check` failed)"  # what JAX appends to a failed check's message


def checking() -> bool:
    """Whether checks of traced values are recorded now (``checkify`` is tracing)."""
    return _CHECKING.get()


def assert_traced(value: Any, ok: Any, error: Exception) -> Any:
    """``value``; ``error`` recorded for a traced ``ok`` that is False, inside ``checkify``.

    Outside it (plain ``jax.jit``) nothing is checked: JAX has no other
    way to fail a compiled function.
    """
    if _CHECKING.get():
        # (braces in the message would be read as checkify's format fields)
        checkify.check(ok, tagged(error).replace("{", "{{").replace("}", "}}"))
    return value


def checked(f: Callable[..., Any]) -> Callable[..., Any]:
    """``f`` under ``checkify``: its function gives ``(error, f's result)``.

    ``f`` is traced with the checks recorded (``assert_traced``); compile
    the result with ``jax.jit`` and pass its error to ``raise_failed``.
    """

    def flagged(*args: Any) -> Any:
        token = _CHECKING.set(True)
        try:
            return f(*args)
        finally:
            _CHECKING.reset(token)

    out: Callable[..., Any] = checkify.checkify(flagged, errors=checkify.user_checks)
    return out


def raise_failed(error: Any) -> None:
    """Raise the check that failed first in ``error`` (of ``checked``'s function), if any.

    A traced ``error`` (``ut.jit(f, checks=True)`` called inside another
    transformation) has no values yet: inside another ``checkify`` it joins
    that one's error, elsewhere it is dropped, as a check under plain
    ``jax.jit`` is.

    Raises
    ------
    IndexOutOfRangeError, DivisionByZeroError
        The exception unitensor raises eagerly for the check that failed,
        with its message.
    JaxRuntimeError
        For a failed ``checkify.check`` of ``f``'s own (JAX's ``err.throw()``).
    """
    if any(isinstance(leaf, jax.core.Tracer) for leaf in jax.tree_util.tree_leaves(error)):
        if _CHECKING.get():
            checkify.check_error(error)
        return
    text = error.get()
    if text is None:
        return
    failed = untagged(text.removesuffix(_FAILED))
    if failed is not None:
        raise failed
    error.throw()


def primitives(framework: Any) -> dict[str, Any]:
    """The primitives, given ``jax``."""
    global jax, checkify
    jax = framework
    checkify = importlib.import_module("jax.experimental.checkify")
    return {"assert_traced": assert_traced, "checked": checked, "raise_failed": raise_failed}
