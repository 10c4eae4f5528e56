"""unitensor's kernels over raw memory (``_kernels.c``): sign in one pass; PyTorch's
sign and mean for the C fast paths (``sign_then``, ``mean_then``); whether an int64
tensor holds a value (``torch_holds``)."""

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
    int64: Any,
    strided: Any,
    level: Callable[[], int | None],
    off: tuple[Callable[[], object], ...],
    forward_ad: Any,
    empty_like: Callable[..., Any],
    contiguous_format: Any,
    sign: Callable[[Any], Any],
    serial: int,
    threads: tuple[int, int, int, Callable[[], int]] | None,
    /,
) -> None:
    """Set what ``torch_sign`` and ``torch_holds`` test and call (``_backends/torch.py``'s
    ``_primitives``); ``threads``: None, or the addresses of ``GOMP_parallel``,
    ``omp_get_thread_num`` and ``omp_get_num_threads`` in PyTorch's OpenMP runtime and
    ``torch.get_num_threads``."""

def torch_sign(a: Any, /) -> Any:
    """The standard's sign of a PyTorch tensor, False (a NaN or infinity above the kernel's
    size: the caller's general form), or None where it may not take these forms."""

def torch_holds(a: Any, value: int, /) -> bool | None:
    """Whether the int64 PyTorch tensor ``a`` holds ``value``, read in its memory; None
    where ``torch_sign``'s tests (with int64 for its float dtypes) leave ``a``."""

def sign_then(otherwise: Callable[[Any, Any], Any], /) -> Callable[[Any], Any]:
    """A function of a tensor ``a``: ``torch_sign(a)``, or ``otherwise(a, that)`` where that
    is None or False (``_backends/torch.py``'s ``_real_sign._in_c``)."""

def mean_then(
    otherwise: Callable[[Any, Any, bool], Any],
    divisors: dict[tuple[Any, int], Any],
    sum: Callable[..., Any],
    off: tuple[Callable[[], object], ...],
    /,
) -> Callable[[Any, Any, bool], Any]:
    """A function ``(a, axes, keepdims)``: ``sum(a, None, keepdims).div_(divisor)`` for a
    plain tensor over every axis whose ``(dtype, numel)`` divisor is kept, where every
    callable of ``off`` gives false; ``otherwise(a, axes, keepdims)`` for any other call
    (``_backends/torch.py``'s ``_float_mean._in_c``)."""
