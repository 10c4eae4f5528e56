"""Writes ``_functions.py``: the function forms of the methods, and the backends' names.

``ut.f(t, ...)`` is ``t.f(...)`` for every operation. So that the two
forms cannot drift, the function forms are generated from the methods of
[`unitensor.Tensor`][unitensor.Tensor] (their signatures, defaults and
docstrings) and the backends' public names from the registry: run
``python -m unitensor._codegen`` (``make generate``) after adding or
changing a method or a backend. ``tests/test_layout.py`` fails when
``_functions.py`` is not what this module writes, and when a method and its
function disagree.

The exemptions are written here, each with its reason:

- ``METHOD_ONLY``: methods with no generated function form;
- ``FUNCTION_ONLY``: functions with no method (of several tensors, or
  taking a function first);
- ``FIRST_PARAMETER``: functions whose first parameter keeps another name
  than ``t`` (EagerPy's and NumPy's).
"""

from __future__ import annotations

import inspect
import re
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

from ._registry import BACKENDS
from ._tensor import Tensor

__all__ = ["FIRST_PARAMETER", "FUNCTION_ONLY", "METHOD_ONLY", "operations", "render"]

METHOD_ONLY: dict[str, str] = {
    "numpy": "ut.numpy is NumPy's module wrapper",
    "float32": "ut.float32 is the dtype",
    "float64": "ut.float64 is the dtype",
    "bool": "ut.bool is the dtype",
    "item": "it gives a Python scalar, not a tensor",
    "value_and_grad": "the gradient functions take the function first (ut.value_and_grad(f, t))",
    "value_aux_and_grad": "the gradient functions take the function first",
    "minimum": "hand-written: either argument may be a Python scalar (ut.minimum(0, t))",
    "maximum": "hand-written: either argument may be a Python scalar",
    "logical_and": "hand-written: either argument may be a Python scalar",
    "logical_or": "hand-written: either argument may be a Python scalar",
    "to_device": "the standard has it as a method of the array only",
    # elementwise (Array API 2025.12)
    "add": "hand-written: either argument may be a Python scalar",
    "subtract": "hand-written: either argument may be a Python scalar",
    "multiply": "hand-written: either argument may be a Python scalar",
    "divide": "hand-written: either argument may be a Python scalar",
    "floor_divide": "hand-written: either argument may be a Python scalar",
    "remainder": "hand-written: either argument may be a Python scalar",
    "pow": "hand-written: either argument may be a Python scalar",
    "copysign": "hand-written: either argument may be a Python scalar",
    "nextafter": "hand-written: either argument may be a Python scalar",
    "atan2": "hand-written: either argument may be a Python scalar",
    "hypot": "hand-written: either argument may be a Python scalar",
    "logaddexp": "hand-written: either argument may be a Python scalar",
    "equal": "hand-written: either argument may be a Python scalar",
    "not_equal": "hand-written: either argument may be a Python scalar",
    "less": "hand-written: either argument may be a Python scalar",
    "less_equal": "hand-written: either argument may be a Python scalar",
    "greater": "hand-written: either argument may be a Python scalar",
    "greater_equal": "hand-written: either argument may be a Python scalar",
    "bitwise_and": "hand-written: either argument may be a Python scalar",
    "bitwise_or": "hand-written: either argument may be a Python scalar",
    "bitwise_xor": "hand-written: either argument may be a Python scalar",
    "bitwise_left_shift": "hand-written: either argument may be a Python scalar",
    "bitwise_right_shift": "hand-written: either argument may be a Python scalar",
    "logical_xor": "hand-written: either argument may be a Python scalar",
    # lazy backends (issue 14)
    "compute": "hand-written: ut.compute(*tensors) computes several in one pass",
}
"""Methods without a generated function form, and why."""

FUNCTION_ONLY: dict[str, str] = {
    "concat": "a function of several tensors",
    "concatenate": "a function of several tensors (NumPy's name for concat)",
    "stack": "a function of several tensors",
    "meshgrid": "a function of several tensors",
    "grad": "autodiff takes the function first",
    "value_and_grad_fn": "autodiff takes the function first",
    # manipulation (Array API 2025.12)
    "broadcast_arrays": "a function of several tensors",
    "broadcast_shapes": "a function of shapes, not tensors",
    "finfo": "takes dtypes",
    "iinfo": "takes dtypes",
    "isdtype": "takes dtypes",
    "result_type": "takes dtypes",
    "can_cast": "takes dtypes",
    "einsum": "a function of several tensors, the subscripts first",
}
"""Functions of the namespace with no method, and why."""

FIRST_PARAMETER: dict[str, str] = {
    "where": "condition",
    "matmul": "x",
    "crossentropy": "logits",
    "kl_div_with_logits": "logits_p",
}
"""Functions whose first parameter is not called ``t`` (the names EagerPy and NumPy use)."""

_HEADER = '''"""Every operation as a function: ``ut.sum(t, axis=0)`` is ``t.sum(axis=0)``.

Generated by ``python -m unitensor._codegen`` (``make generate``) from the
methods of ``unitensor.Tensor`` and from ``unitensor._registry.BACKENDS``;
do not edit. Each function takes a [`Tensor`][unitensor.Tensor] (a native
array is wrapped with [`astensor`][unitensor.astensor] first) and returns
the same tensor class, with the meaning, dtypes and errors of the method of
the same name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar, cast

from ._api._base import TensorBase
from ._api.set import UniqueAllResult, UniqueCountsResult, UniqueInverseResult
{backends}from ._registry import astensor
from ._tensor import Axes, PadMode, Reduction, Scalar, Tensor, TensorOrScalar
from .modules import ModuleWrapper, wrapper
'''


def _public_methods() -> list[tuple[str, Any]]:
    """(name, member) of Tensor's public methods, chapter by chapter, in source order."""
    seen: set[str] = set()
    out: list[tuple[str, Any]] = []
    for cls in reversed(Tensor.__mro__):
        for name, member in vars(cls).items():
            if name.startswith("_") or name in seen:
                continue
            if isinstance(member, property) or not callable(member):
                continue
            seen.add(name)
            out.append((name, member))
    return out


def operations() -> dict[str, Any]:
    """Every public method of ``Tensor`` (aliases included): name -> function."""
    return dict(_public_methods())


def _annotation(text: Any) -> str:
    return re.sub(r"\bSelf\b", "T", str(text))


def _signature(name: str, fn: Any) -> tuple[str, str]:
    """(parameter list, call arguments) of the function form of method ``fn``."""
    sig = inspect.signature(fn)
    params = list(sig.parameters.values())[1:]
    first = FIRST_PARAMETER.get(name, "t")
    text = [f"{first}: T"]
    call: list[str] = []
    keyword_only = False
    for p in params:
        star = ""
        if p.kind is inspect.Parameter.VAR_POSITIONAL:
            star = "*"
            keyword_only = True  # (what follows is keyword only, with no bare * before it)
        elif p.kind is inspect.Parameter.KEYWORD_ONLY and not keyword_only:
            text.append("*")
            keyword_only = True
        piece = f"{star}{p.name}: {_annotation(p.annotation)}"
        if p.default is not inspect.Parameter.empty:
            piece += f" = {p.default!r}"
        text.append(piece)
        call.append(f"{p.name}={p.name}" if keyword_only and not star else f"{star}{p.name}")
    return ", ".join(text), ", ".join(call)


def _docstring(name: str, fn: Any) -> str:
    doc = inspect.cleandoc(fn.__doc__ or "")
    summary, _, rest = doc.partition("\n\n")
    first = FIRST_PARAMETER.get(name, "t")
    note = (
        f"Function form of [`Tensor.{name}`][unitensor.Tensor.{name}]: "
        f"``ut.{name}({first}, ...)`` is ``{first}.{name}(...)``; ``self`` below is "
        f"``{first}``."
    )
    note = textwrap.fill(note, 88)
    body = f"{summary}\n\n{note}" + (f"\n\n{rest}" if rest else "")
    if '"""' in body or "\\" in body:
        raise ValueError(f"the docstring of Tensor.{name} cannot be copied as it is")
    lines = body.splitlines()
    return '    """' + "\n".join(["    " + ln if ln else "" for ln in lines]).lstrip() + '\n    """'


def _function(name: str, fn: Any) -> str:
    params, call = _signature(name, fn)
    ret = _annotation(inspect.signature(fn).return_annotation)
    first = FIRST_PARAMETER.get(name, "t")
    return (
        f"def {name}({params}) -> {ret}:\n"
        f"{_docstring(name, fn)}\n"
        f"    return _w({first}).{name}({call})\n"
    )


def render() -> str:
    """The text of ``_functions.py``."""
    imports = sorted(f"from ._backends.{b.name} import {b.class_name}\n" for b in BACKENDS.values())
    parts = [_HEADER.replace("{backends}", "".join(imports))]
    parts.append('\nT = TypeVar("T", bound=Tensor)\n\n')
    for b in BACKENDS.values():
        parts.append(
            f'{b.name}: ModuleWrapper = wrapper("{b.name}")\n'
            f'"""``{b.modules[0]}``, speaking tensors '
            f'(see [`unitensor.modules`][unitensor.modules])."""\n'
        )
    parts.append(
        "\n\ndef _w(t: T | Scalar) -> T:\n"
        '    """``t`` as a tensor (native arrays are wrapped)."""\n'
        "    return t if isinstance(t, Tensor) else cast(T, astensor(t))\n"
    )
    names: list[str] = [b.class_name for b in BACKENDS.values()]
    names += list(BACKENDS)
    for name, fn in _public_methods():
        if name in METHOD_ONLY:
            continue
        names.append(name)
        if fn.__name__ != name:  # an alias: NumPy's name for the standard's
            parts.append(
                f"\n\n{name} = {fn.__name__}\n"
                f'"""NumPy\'s name for [`{fn.__name__}`][unitensor.{fn.__name__}]."""\n'
            )
        else:
            parts.append("\n\n" + _function(name, fn))
    parts.append("\n\n__all__ = [\n" + "".join(f'    "{n}",\n' for n in names) + "]\n")
    text = "".join(parts)
    if "Callable[" not in text.split("def _w(")[1]:  # keep only the imports used
        text = text.replace(
            "from collections.abc import Callable, Sequence\n",
            "from collections.abc import Sequence\n",
        )
    formatted = subprocess.run(
        [sys.executable, "-m", "ruff", "format", "--stdin-filename", str(PATH), "-"],
        input=text,
        capture_output=True,
        text=True,
        check=True,
    )
    return formatted.stdout


PATH = Path(__file__).with_name("_functions.py")


def main() -> None:
    """Write ``_functions.py`` (``--check``: exit 1 if it is not current)."""
    text = render()
    if "--check" in sys.argv[1:]:
        if PATH.read_text() != text:
            print(f"{PATH} is stale: run python -m unitensor._codegen", file=sys.stderr)
            raise SystemExit(1)
        return
    PATH.write_text(text)
    print(f"wrote {PATH}")


if __name__ == "__main__":
    main()
