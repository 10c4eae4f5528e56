"""The gradient column of ``unitensor.semantics``: one rule per operation at kinks and ties.

Where an operation has a kink (``abs`` at 0), a tie (``maximum(x, y)`` with
``x == y``) or a singular point (``sqrt`` at 0, ``hypot`` at the origin), the
frameworks' own gradients disagree. unitensor's rule is the frameworks'
common one where two of PyTorch, TensorFlow and JAX agreed, JAX's where none
did (with the exceptions ``GRADIENTS`` states), the same in eager mode,
under ``ut.jit``, in forward mode and through the frameworks' own autodiff;
docs/autodiff.md shows them. ``add_gradients`` writes each row's rule into
the table, with the frameworks' gradients that differed (hidden) and the
differences kept.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

__all__ = ["GRADIENTS", "Gradient", "add_gradients"]


@dataclass(frozen=True)
class Gradient:
    """The gradient of one or more operations: the rule, and how the frameworks differed.

    Attributes
    ----------
    rule
        The gradient at kinks, ties and singular points (the table's column).
    hidden
        The frameworks' own gradients that differed, made to follow the rule.
    kept
        Gradients that still differ, documented.
    """

    rule: str
    hidden: tuple[str, ...] = ()
    kept: tuple[str, ...] = ()


_ZERO = "0 everywhere"
_INF_TIMES_ZERO = (
    "an incoming gradient of 0 times an infinite derivative is NaN, as the chain rule gives "
    "(where(x > 0, sqrt(x), 0) has a NaN gradient at 0)"
)
_TF_TAPE = (
    "TensorFlow, under a user's own tf.GradientTape in eager mode (no ut.grad, ut.vjp or "
    "ut.jvp recording; inside tf.function the rule holds): TensorFlow's own gradient, "
)
_TF_BOTH = (
    "TensorFlow, under a user's own tf.GradientTape or ForwardAccumulator in eager mode (no "
    "ut.grad, ut.vjp or ut.jvp recording) and in forward mode inside a graph (ut.jvp under "
    "ut.jit, ut.vmap or tf.function; ut.jacfwd, ut.hessian): TensorFlow's own derivative, "
)
_EXTREMES = Gradient(
    "at a tie with a Python number (clip's bounds as numbers: at a bound) the tensor takes "
    "all of it; at a tie of two tensors (clip's tensor bounds: clip is minimum(maximum(x, "
    "lo), hi)) each takes half; where an operand is NaN, neither",
    (
        "the gradient at a tie: JAX gave half with a number, TensorFlow all to the first of "
        "two tensors",
    ),
    (
        "the gradient where a tensor operand is NaN: PyTorch gives it to both",
        _TF_BOTH + "at a tie of two tensors all of it to the first (clip's tensor bounds: "
        "to x), and where either is NaN to the second",
    ),
)

GRADIENTS: list[tuple[str, Gradient]] = [
    ("minimum maximum clip", _EXTREMES),
    (
        "abs",
        Gradient(
            "sign(x): 0 at +-0",
            ("JAX's gradient of abs was 1 at 0",),
            ("the gradient at NaN: NaN (PyTorch: 0)",),
        ),
    ),
    ("sign ceil floor round trunc", Gradient(_ZERO)),
    (
        "sqrt",
        Gradient(
            "0.5 / sqrt(x), inf at 0; " + _INF_TIMES_ZERO,
            ("TensorFlow's gradient was 0 where its incoming gradient was 0",),
            (_TF_TAPE + "0 where the incoming gradient is 0",),
        ),
    ),
    (
        "reciprocal",
        Gradient(
            "-1 / x**2, inf at 0; " + _INF_TIMES_ZERO,
            ("TensorFlow's gradient was 0 where its incoming gradient was 0",),
            (_TF_TAPE + "0 where the incoming gradient is 0",),
        ),
    ),
    (
        "where",
        Gradient(
            "the selected operand's, 0 to the other, whose own derivative then multiplies that "
            "0: NaN where it is infinite (where(x > 0, sqrt(x), 0) at 0), as in every "
            "framework; forward mode (jvp) gives 0 there",
        ),
    ),
    (
        "pow __pow__",
        Gradient(
            "for x: y * x**(y - 1), and 0 where y == 0 (x**0 is 1 for every x; x**0.5 has "
            "inf at 0, x**2 has 0); for y: log(x) * x**y, 0 at x = 0 (y >= 0), NaN for x < 0",
            (
                "TensorFlow and JAX gave NaN for x ** 0 at x = 0, TensorFlow 0 for the "
                "exponent where x < 0",
            ),
            (
                "the exponent's gradient at x = 0, y < 0: PyTorch -inf, TensorFlow and JAX NaN; "
                "second derivatives at x = 0 follow each framework",
                _TF_BOTH + "NaN for x at x = 0 where y == 0 (0 * x**-1), and 0 for y where x < 0",
            ),
        ),
    ),
    (
        "hypot",
        Gradient(
            "(x, y) / hypot(x, y), 0 at (0, 0), as l2 at 0 (no two frameworks agreed; JAX's "
            "1/2 and 1/2 came from a tie inside its formula)",
            ("PyTorch gave NaN at (0, 0), JAX 1/2 and 1/2",),
        ),
    ),
    (
        "atan2",
        Gradient(
            "atan2(y, x): (x, -y) / (x**2 + y**2), NaN at (0, 0), where it jumps",
            ("PyTorch gave 0 at (0, 0)",),
        ),
    ),
    (
        "copysign",
        Gradient(
            "1 where the sign bits of the operands agree, else -1 (at zeros too: the result "
            "is x or -x); 0 for the second operand",
            ("PyTorch gave 0 at zeros, JAX 1 for -0.0 beside a positive number",),
        ),
    ),
    (
        "logaddexp",
        Gradient(
            "sigmoid(x - y) and sigmoid(y - x) (NaN for two equal infinities)",
            ("JAX gave 1 to a number beside +inf, and 1 and 1 for two +inf",),
            (
                _TF_BOTH + "of unitensor's max(x, y) + softplus(min(x, y) - max(x, y)): 1 and "
                "0 where x == y",
            ),
        ),
    ),
    (
        "nextafter",
        Gradient(
            "1 for the first operand, 0 for the second",
            ("JAX could not differentiate it (NotImplementedError)",),
            ("where x == y: PyTorch gives 0 to both",),
        ),
    ),
    (
        "cumulative_prod",
        Gradient(
            "exact, zeros included (at a zero: the sum of the products with that factor left out)",
            ("TensorFlow divided by the input: at a zero it lost the factors after it",),
            (
                "TensorFlow: the second derivatives after a zero are 0",
                _TF_BOTH + "a division by x, 0 where x is 0: at a zero and after it 0 "
                "([2, 0, 3]: [1, 0, 0])",
            ),
        ),
    ),
    (
        "min max",
        Gradient("ties split it evenly (three equal maxima: a third each)"),
    ),
    (
        "sort",
        Gradient(
            "along the permutation: each value takes the gradient of the place it is sorted "
            "to (equal values in their stable order)",
        ),
    ),
    ("topk", Gradient("to the elements picked (of equal values, the lower index first)")),
    ("std", Gradient("NaN where all values are equal (0 / 0), as sqrt's at 0")),
    ("l0", Gradient(_ZERO)),
    (
        "l1",
        Gradient("sign(x): 0 at 0", ("JAX's gradient of l1 was 1 at 0",)),
    ),
    ("l2", Gradient("x / l2(x), 0 at 0")),
    ("linf", Gradient("ties split it evenly, as max")),
    ("lp", Gradient("|x|**(p - 1) * sign(x) / lp(x)**(p - 1), NaN at 0 (p != 1, 2)")),
    (
        "jvp jacfwd hessian",
        Gradient(
            "at kinks, ties and singular points: each operation's rule (this column); an "
            "incoming tangent of 0 times an infinite derivative is 0",
            kept=(
                "TensorFlow: a ForwardAccumulator inside a graph does not see "
                "tf.custom_gradient, so under ut.jit, ut.vmap or tf.function (and in jacfwd "
                "and hessian's forward half, whose vmap traces one) maximum and minimum of "
                "two tensors, pow, logaddexp and cumulative_prod take TensorFlow's own "
                "derivative (their rows)",
            ),
        ),
    ),
    (
        "value_and_grad_fn value_and_grad value_aux_and_grad grad",
        Gradient(
            "at kinks, ties and singular points: each operation's rule (this column), in eager "
            "mode, under ut.jit, in forward mode and through the frameworks' own autodiff "
            "(torch.autograd, tf.GradientTape inside tf.function, jax.grad) alike",
            kept=(
                "TensorFlow: a user's own tf.GradientTape or ForwardAccumulator in eager mode "
                "and forward mode inside a graph take TensorFlow's own gradient of maximum and "
                "minimum of two tensors, sqrt, reciprocal, pow, logaddexp and cumulative_prod "
                "(their rows)",
            ),
        ),
    ),
]
"""(operation names, their ``Gradient``)."""


def add_gradients(table: dict[str, Any]) -> None:
    """Write ``GRADIENTS`` into ``table`` (name -> ``Rule``): the rule, hidden and kept."""
    for names, gradient in GRADIENTS:
        for name in names.split():
            row = table[name]
            table[name] = dataclasses.replace(
                row,
                gradient=gradient.rule,
                hidden=(*row.hidden, *gradient.hidden),
                kept=(*row.kept, *gradient.kept),
            )
