"""The layout holds: chapters, one registry entry per backend, no cycles, forms that agree.

These are the architecture's rules (``docs/architecture.md``), checked on
the source itself:

- the function forms in ``_functions.py`` are what ``unitensor._codegen``
  writes, and every method has its function form with the same signature
  (and the reverse), but for the written exemptions;
- a backend is one module and one registry entry, its class adds nothing,
  and its primitives are complete;
- there is no import cycle among the package's modules, function-local
  imports included, and no function imports one of the package's modules;
- no hand-written module is longer than about 1,200 lines.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import numpy as np
import pytest

import unitensor as ut
from unitensor import _codegen, _registry
from unitensor._backends import STANDARD_NAMES, Primitives

PACKAGE = Path(ut.__file__).resolve().parent
GENERATED = {PACKAGE / "_functions.py"}
MAX_LINES = 1200
# modules of _api with the functions of an extension and no chapter class
FUNCTIONS_ONLY = {"fft", "linalg"}

# Imports inside functions of other packages than unitensor, each with its reason.
LOCAL_IMPORTS = {
    "ml_dtypes": "bfloat16 for NumPy arrays, only where that dtype is met",
    "matplotlib": "the benchmark plot",
    "torch": "the demo and the doctests import the frameworks they show",
    "tensorflow": "the demo",
    "jax": "the demo",
    "sklearn": "the demo's data set",
}


# ------------------------------------------------------------------ function forms


def test_functions_module_is_current():
    assert (PACKAGE / "_functions.py").read_text() == _codegen.render(), (
        "src/unitensor/_functions.py is stale: run make generate"
    )


def _params(fn, skip_first):
    sig = inspect.signature(fn)
    params = list(sig.parameters.values())[1 if skip_first else 0 :]
    return [(p.name, p.kind, p.default, str(p.annotation).replace("Self", "T")) for p in params]


def test_every_method_has_its_function_form():
    for name, method in _codegen.operations().items():
        if name in _codegen.METHOD_ONLY:
            continue
        fn = getattr(ut, name, None)
        assert fn is not None and callable(fn), f"Tensor.{name} has no function ut.{name}"
        if method.__name__ != name:  # an alias: NumPy's name for the standard's
            assert fn is getattr(ut, method.__name__), name
            continue
        first = next(iter(inspect.signature(fn).parameters))
        assert first == _codegen.FIRST_PARAMETER.get(name, "t"), name
        assert _params(fn, True) == _params(method, True), f"ut.{name} and Tensor.{name} differ"
        ret = str(inspect.signature(method).return_annotation).replace("Self", "T")
        assert str(inspect.signature(fn).return_annotation) == ret, name


def test_every_function_has_its_method():
    methods = _codegen.operations()
    functions = [n for n in ut._functions.__all__ if callable(getattr(ut, n))]
    functions += ["concat", "concatenate", "stack", "meshgrid", "minimum", "maximum"]
    functions += ["logical_and", "logical_or", "where", "grad", "value_and_grad_fn"]
    for name in functions:
        if isinstance(getattr(ut, name), type | ut.modules.ModuleWrapper):
            continue  # the backend classes and module wrappers
        if name in _codegen.FUNCTION_ONLY:
            assert name not in methods, f"{name} is exempt but Tensor.{name} exists"
            continue
        assert name in methods, f"ut.{name} has no method Tensor.{name}"


def test_exemptions_are_real():
    methods = _codegen.operations()
    for name in _codegen.METHOD_ONLY:
        assert name in methods, f"METHOD_ONLY lists {name}, which is no method"
    for name in _codegen.FUNCTION_ONLY:
        assert callable(getattr(ut, name)), f"FUNCTION_ONLY lists {name}, which is no function"


def test_function_forms_have_static_docstrings():
    tree = ast.parse((PACKAGE / "_functions.py").read_text())
    functions = [n for n in tree.body if isinstance(n, ast.FunctionDef)]
    assert len(functions) > 70
    for node in functions:
        doc = ast.get_docstring(node)
        assert (doc and "Function form of" in doc) or node.name == "_w", node.name


# ------------------------------------------------------------------ backends


def test_one_module_and_one_entry_per_backend():
    modules = {p.stem for p in (PACKAGE / "_backends").glob("*.py") if not p.stem.startswith("_")}
    assert modules == set(_registry.BACKENDS)
    for name, entry in _registry.BACKENDS.items():
        cls = _registry.backend_class(name)
        assert cls.__name__ == entry.class_name
        assert getattr(ut, entry.class_name) is cls
        assert cls.backend == name and cls.framework == entry.framework
        assert isinstance(getattr(ut, name), ut.modules.ModuleWrapper)


def test_backend_classes_add_nothing():
    """The one way a backend differs is its primitives: its class overrides no method."""
    for name in _registry.BACKENDS:
        cls = _registry.backend_class(name)
        own = {k for k, v in vars(cls).items() if callable(v) or isinstance(v, property)}
        assert own <= {"_ns"}, f"{cls.__name__} defines {sorted(own)}"
        assert cls.__slots__ == ()


def test_primitives_are_complete(backend):
    ns = _registry.backend_class(backend)._ns
    assert isinstance(ns, Primitives)
    missing = [f for f in Primitives.__dataclass_fields__ if not hasattr(ns, f)]
    assert not missing


def test_standard_names_are_the_standards():
    """The fields named after the Array API standard are functions of a standard namespace.

    NumPy 2's namespace implements the standard, so each name is there.
    """
    missing = sorted(n for n in STANDARD_NAMES if not callable(getattr(np, n, None)))
    assert not missing, missing
    assert {"acos", "concat", "permute_dims", "cumulative_sum"} <= STANDARD_NAMES


# ------------------------------------------------------------------ imports


def _module_name(path):
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(node):
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(path):
    """(module imported, inside a function) for each runtime import of the file."""
    module = _module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    tree = ast.parse(path.read_text())
    found = []

    def visit(node, in_function):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                for grandchild in child.orelse:
                    visit(grandchild, in_function)
                continue  # imports for type checkers only
            inner = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            if isinstance(child, ast.Import):
                found.extend((alias.name, in_function) for alias in child.names)
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.rsplit(".", child.level - 1)[0] if child.level > 1 else package
                    target = f"{base}.{child.module}" if child.module else base
                else:
                    target = child.module or ""
                found.append((target, in_function))
                for alias in child.names:  # from . import submodule
                    found.append((f"{target}.{alias.name}", in_function))
            visit(child, inner)

    visit(tree, False)
    return found


def _sources():
    return sorted(PACKAGE.rglob("*.py"))


def _known(name, modules):
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name


def test_no_import_cycles():
    modules = {_module_name(p): p for p in _sources()}
    graph = {m: set() for m in modules}
    for name, path in modules.items():
        for target, _ in _imports(path):
            if target.startswith("unitensor"):
                dep = _known(target, modules)
                if dep and dep != name and not name.startswith(dep + "."):
                    graph[name].add(dep)  # a package's own __init__ is not a cycle edge
    state = {}

    def visit(m, stack):
        state[m] = "open"
        for d in sorted(graph[m]):
            if state.get(d) == "open":
                cycle = [*stack[stack.index(d) :], d]
                pytest.fail("import cycle: " + " -> ".join(cycle))
            if d not in state:
                visit(d, [*stack, d])
        state[m] = "done"

    for m in sorted(graph):
        if m not in state:
            visit(m, [m])


def test_no_function_imports_the_package_and_other_local_imports_are_listed():
    for path in _sources():
        for target, in_function in _imports(path):
            if not in_function:
                continue
            root = target.partition(".")[0]
            assert root != "unitensor", f"{path.name} imports {target} inside a function"
            assert root in LOCAL_IMPORTS or root in {"importlib", "__future__"}, (
                f"{path.name} imports {target} inside a function (add it, with its reason, "
                "to LOCAL_IMPORTS if it must be there)"
            )


# ------------------------------------------------------------------ sizes


def test_no_hand_written_module_is_too_long():
    for path in _sources():
        if path in GENERATED:
            continue
        n = len(path.read_text().splitlines())
        assert n <= MAX_LINES, f"{path.relative_to(PACKAGE)} has {n} lines: split its chapter"


def test_chapters_are_the_standards():
    chapters = {p.stem for p in (PACKAGE / "_api").glob("*.py")}
    for chapter in (
        "creation",
        "data_types",
        "indexing",
        "linear_algebra",
        "manipulation",
        "searching",
        "sorting",
        "statistical",
        "utility",
        "autodiff",
        "nn",
        "random",
    ):
        assert chapter in chapters
    assert [c for c in chapters if c.startswith("elementwise_")], "the elementwise chapter"
    # one Tensor class whose methods come from the chapters, each chapter's module once
    # (but the functions-only extensions: module functions, no Tensor methods)
    order = [c.__module__.rpartition(".")[2] for c in ut.Tensor.__chapters__]
    assert sorted(order) == sorted(chapters - {"__init__", "_base", "_fast"} - FUNCTIONS_ONLY)
    assert len(set(order)) == len(order)
    # at run time the class is flat: a tensor's attribute look-ups walk four classes
    assert [c.__name__ for c in ut.NumPyTensor.__mro__] == [
        "NumPyTensor",
        "Tensor",
        "TensorBase",
        "object",
    ]
    for chapter in ut.Tensor.__chapters__:
        for name, member in vars(chapter).items():
            if callable(member) or isinstance(member, property):
                assert vars(ut.Tensor)[name] is member, name
