"""unitensor's hot path in C (``_speedups.c``): ``wrap`` and the fast paths of operations."""

from collections.abc import Callable
from typing import Any, TypeVar

_T = TypeVar("_T")

def wrap(cls: type[_T], raw: Any, /) -> _T:
    """A new ``cls`` tensor around ``raw``, without calling ``__init__``."""

def setup(tensor_base: type, /) -> None:
    """Learn the tensor base class and the offset of its ``raw`` slot."""

def calibrate(fn: Callable[[], object], /) -> int:
    """Run ``fn()`` and keep the call stacks of the operators it applies; the number kept."""

class FastPath:
    """A tensor method's fast path in C (see ``unitensor._api._fast.fast_path``)."""

    __python__: Callable[..., Any]
    __wrapped__: Callable[..., Any]
    def __init__(
        self,
        method: Callable[..., Any],
        python: Callable[..., Any],
        op: str,
        reflected: bool = ...,
        unary: bool = ...,
        form: str = ...,
    ) -> None: ...
    def __call__(self, *args: Any, **kwargs: Any) -> Any: ...
    def __get__(self, obj: object, owner: type | None = None) -> Any: ...

class ArraysOnly:
    """A namespace function: a tensor holding a ``scalar`` gets ``as_array`` of it."""

    __wrapped__: Callable[..., Any]
    def __init__(
        self,
        fn: Callable[..., Any],
        fix: Callable[[Any], Any],
        scalar: type,
        as_array: Callable[[Any], Any],
        other: Callable[..., Any] | None = None,
        positional: int = 0,
    ) -> None: ...
    def __call__(self, *args: Any, **kwargs: Any) -> Any: ...
