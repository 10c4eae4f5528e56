"""The semantics table (docs) covers every operation of the API."""

from __future__ import annotations

import inspect

import unitensor as ut
from unitensor.semantics import TABLE, markdown

NOT_OPERATIONS = {
    # properties, conversions and helpers that are not operations on values
    "raw", "shape", "ndim", "size", "dtype", "device", "T", "numpy", "item",
    "framework", "backend", "norms",
}  # fmt: skip


def _tensor_operations():
    names = set()
    for name, member in inspect.getmembers(ut.Tensor):
        if name.startswith("_") and not (name.startswith("__") and name.endswith("__")):
            continue
        if name.startswith("__") and name not in TABLE:
            continue  # dunders that are not operations (__repr__, __len__, ...)
        if callable(member) or isinstance(member, property):
            names.add(name)
    return names - NOT_OPERATIONS


def test_every_tensor_method_has_a_row():
    missing = sorted(n for n in _tensor_operations() if n not in TABLE)
    assert not missing, f"operations without a row in unitensor.semantics.TABLE: {missing}"


def test_every_function_has_a_row():
    functions = [
        n for n in ut.__all__ if callable(getattr(ut, n)) and n.islower() and n not in {
            "astensor", "astensors", "astensor_", "astensors_", "istensor", "seed", "convert",
        } and not isinstance(getattr(ut, n), type)
    ]  # fmt: skip
    functions = [n for n in functions if not isinstance(getattr(ut, n), ut.modules.ModuleWrapper)]
    missing = sorted(n for n in functions if n not in TABLE and n not in ("index",))
    assert not missing, f"functions without a row: {missing}"


def _in_submodule(name):
    """Whether ``name`` such as ``"fft.rfft"`` is a function of a submodule (``ut.fft``)."""
    module, _, function = name.rpartition(".")
    return bool(module) and callable(getattr(getattr(ut, module, None), function, None))


def test_rows_name_real_operations():
    for name in TABLE:
        assert (
            hasattr(ut.Tensor, name)
            or hasattr(ut, name)
            or hasattr(ut.norms, name)
            or _in_submodule(name)
        ), name


def test_markdown_has_one_row_per_operation():
    text = markdown()
    assert text.count("\n| `") == len(TABLE)
    assert "| `sqrt` | same float dtype" in text


def test_an_operation_of_several_groups_keeps_each_groups_text():
    """A name in two groups (``maximum`` among the unsigned integers') keeps both rows' text."""
    from unitensor.semantics import _GROUPS

    for names, rule in _GROUPS:
        for name in names.split():
            row = TABLE[name]
            assert rule.dtype in row.dtype, name
            assert set(rule.hidden) <= set(row.hidden) and set(rule.kept) <= set(row.kept), name
            assert rule.gradient in row.gradient, name


def test_gradients_at_kinks_and_ties_have_their_rule():
    """Each operation with a kink, a tie or a singular point states its gradient."""
    names = (
        "maximum minimum clip abs sign round floor ceil trunc min max sort topk where sqrt "
        "reciprocal pow __pow__ hypot atan2 copysign logaddexp nextafter cumulative_prod std "
        "l1 l2 linf grad value_and_grad"
    ).split()
    missing = [name for name in names if not TABLE[name].gradient]
    assert not missing, f"rows without a gradient rule: {missing}"
    assert "| gradient |" in markdown().splitlines()[0]
