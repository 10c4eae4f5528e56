"""Nested containers: mapping a function over the items of lists, tuples and dicts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["map_containers"]


def map_containers(fn: Callable[[Any], Any], x: Any, default: Any) -> Any:
    """``fn`` applied inside lists, tuples (named too) and dicts; ``default`` otherwise.

    Only one level is mapped: ``fn`` receives the elements as they are.

    Examples
    --------
    >>> from unitensor.modules import map_containers
    >>> map_containers(str, [1, (2, 3)], None)
    ['1', '(2, 3)']
    >>> map_containers(str, {"a": 1}, None), map_containers(str, 5, "not a container")
    ({'a': '1'}, 'not a container')
    """
    kind: Any = x.__class__
    values: Any = x  # the tests below narrow x, not these two
    if type(x) is list or type(x) is tuple:
        return kind(fn(v) for v in values)
    if type(x) is dict:
        return {k: fn(v) for k, v in values.items()}
    if isinstance(x, tuple):  # a named tuple or a structseq (torch.sort, numpy's svd, ...)
        items = [fn(v) for v in values]
        return kind(*items) if hasattr(values, "_fields") else kind(items)
    return default
