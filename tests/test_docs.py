"""What the docs enumerate by hand is checked against the code: the Layout lists of
README.md and docs/architecture.md, and the lists of elementwise functions in
docs/semantics.md."""

from __future__ import annotations

import inspect
import re

import numpy as np
import pytest

import unitensor as ut
from conftest import SRC_DIR

ROOT = SRC_DIR.parent
PACKAGE = SRC_DIR / "unitensor"


# ------------------------------------------------------------------------ layout lists


def _layout_block(path):
    """The ```text block (or bare ``` block) under the "## Layout" heading of ``path``."""
    text = path.read_text()
    section = text.split("## Layout", 1)[1]
    match = re.search(r"```(?:text)?\n(.*?)```", section, re.S)
    assert match, f"{path.name}: no code block under '## Layout'"
    return match.group(1)


def _layout_paths(block):
    """The paths a layout block names, from its indentation: ``src/unitensor/_api/nn.py``.

    A line names the words at its start that end in ``.py`` or ``/`` (a folder, which
    the lines indented below it are in); the rest of the line, and lines that start
    with another word, describe.
    """
    paths, stack = set(), []
    for line in block.splitlines():
        words = line.split()
        names = []
        for word in words:
            if not word.endswith((".py", "/")):
                break
            names.append(word)
        if not names:
            continue
        indent = len(line) - len(line.lstrip())
        while stack and stack[-1][0] >= indent:
            stack.pop()
        parent = stack[-1][1] if stack else ""
        for name in names:  # (compat/eagerpy/ names compat/ too)
            parts = name.rstrip("/").split("/")
            paths.update(parent + "/".join(parts[:i]) + "/" for i in range(1, len(parts)))
            paths.add(parent + name)
        if len(names) == 1 and names[0].endswith("/"):
            stack.append((indent, parent + names[0]))
    return paths


def _modules(depth):
    """Modules and packages of src/unitensor down to ``depth`` levels, as layout paths."""
    out = set()
    for p in PACKAGE.rglob("*.py"):
        rel = p.relative_to(SRC_DIR.parent)
        inner = p.relative_to(PACKAGE).parts
        if "__pycache__" in inner:
            continue
        if inner[0] == "array_api":  # named as a whole: its namespaces are built
            out.add("src/unitensor/array_api/")
        elif len(inner) > depth:
            out.add("/".join(rel.parts[: 2 + depth]) + "/")
        elif inner[-1] == "__init__.py" and len(inner) > 1:
            out.add("/".join(rel.parts[:-1]) + "/")  # a package is named by its folder
        else:
            out.add("/".join(rel.parts))
    return out


# architecture.md names every module; README.md those of the package's first level
LAYOUTS = {"docs/architecture.md": 9, "README.md": 1}


@pytest.mark.parametrize("doc", list(LAYOUTS))
def test_layout_names_every_module(doc):
    named = _layout_paths(_layout_block(ROOT / doc))
    missing = sorted(_modules(LAYOUTS[doc]) - named)
    assert not missing, f"{doc}'s Layout does not name {missing}"


@pytest.mark.parametrize("doc", list(LAYOUTS))
def test_layout_names_only_what_exists(doc):
    named = _layout_paths(_layout_block(ROOT / doc))
    unknown = sorted(p for p in named if not (ROOT / p).exists())
    assert not unknown, f"{doc}'s Layout names what does not exist: {unknown}"


# ------------------------------------------------- semantics.md: the elementwise lists

SEMANTICS = ROOT / "docs" / "semantics.md"
_WORDS = {"and", "the", "names", "negation"}


def _names(fragment):
    names = set(re.findall(r"\b[a-z][a-z0-9_]*\b", fragment)) - _WORDS
    unknown = sorted(n for n in names if not hasattr(ut.Tensor, n))
    assert not unknown, f"docs/semantics.md names no Tensor methods {unknown}"
    return names


def _doc_list(pattern):
    text = " ".join(SEMANTICS.read_text().split())  # one line, single spaces
    match = re.search(pattern, text)
    assert match, f"docs/semantics.md: nothing matches {pattern!r}"
    return _names(match.group(1))


def _unary_elementwise():
    """{function: its names} for the elementwise chapters' methods that need no argument."""
    # (inspect.unwrap: a method with a fast path in C is a unitensor._speedups.FastPath)
    groups: dict = {}
    for chapter in ut.Tensor.__chapters__:
        if not chapter.__module__.startswith("unitensor._api.elementwise_"):
            continue
        for name, f in vars(chapter).items():
            if name.startswith("_") or not inspect.isfunction(inspect.unwrap(f)):
                continue
            params = list(inspect.signature(f).parameters.values())[1:]
            if all(p.default is not p.empty for p in params):
                groups.setdefault(f, set()).add(name)
    return groups


def _result_kind(names):
    """What a function gives for int32 input: "float", "keep" (int32) or "bool"."""
    t = ut.astensor(np.array([1, 2], dtype=np.int32))
    with np.errstate(all="ignore"):
        dtype = getattr(t, sorted(names)[0])().dtype
    return {"float32": "float", "int32": "keep", "bool": "bool"}.get(str(dtype), str(dtype))


def test_semantics_lists_the_elementwise_functions():
    groups = _unary_elementwise()
    every = set().union(*groups.values())
    listed = _doc_list(r"Elementwise \(no args\):(.*?)\. ")
    assert listed == every, (
        f"docs/semantics.md 'Elementwise (no args)': add {sorted(every - listed)}, "
        f"remove {sorted(listed - every)}"
    )
    by_kind = {
        "float": _doc_list(r"Float-valued elementwise functions \((.*?)\) on int/bool input"),
        "keep": _doc_list(r"- (abs[^.]*?) keep the dtype"),
        "bool": _doc_list(r"- ([a-z_/]+) -> bool for any input\."),
    }
    for names in groups.values():
        kind = _result_kind(names)
        assert kind in by_kind, f"{sorted(names)} give {kind} for int32: no list says so"
        assert names <= by_kind[kind], (
            f"docs/semantics.md: {sorted(names)} give {kind} for int32 input; add them to that list"
        )
    for kind, names in by_kind.items():
        wrong = sorted(n for n in names if _result_kind({n}) != kind)
        assert not wrong, f"docs/semantics.md lists {wrong} as {kind}-valued"
