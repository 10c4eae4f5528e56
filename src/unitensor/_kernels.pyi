"""unitensor's kernels over raw memory (``_kernels.c``): sign in one pass."""

from collections.abc import Callable
from typing import Any

def sign(source: int, target: int, count: int, itemsize: int, /) -> None:
    """Write the standard's sign of ``count`` numbers at ``source`` to ``target``.

    ``itemsize`` is 4 (float32) or 8 (float64); NaN stays NaN and either zero
    gives ``+0.0``. Raises ValueError for a zero address, a negative count or
    another itemsize. Both addresses must hold ``count`` numbers.
    """

def torch_setup(
    types: tuple[type, ...],
    float32: Any,
    float64: Any,
    strided: Any,
    level: Callable[[], int | None],
    off: tuple[Callable[[], object], ...],
    forward_ad: Any,
    empty_like: Callable[..., Any],
    contiguous_format: Any,
    sign: Callable[[Any], Any],
    serial: int,
    /,
) -> None:
    """Set what ``torch_sign`` tests (``_backends/torch.py``'s ``_primitives``)."""

def torch_sign(a: Any, /) -> Any:
    """The standard's sign of a PyTorch tensor, False (a NaN or infinity above the kernel's
    size: the caller's general form), or None where it may not take these forms."""
