"""Run scikit-learn's and SciPy's own array-API tests on unitensor's namespaces, by hand.

Both projects ship their tests inside the installed package and parametrize
them over array namespaces. This script adds unitensor's namespaces to their
lists (scikit-learn's ``yield_namespaces``, SciPy's ``xp`` fixture) without
changing either project, runs the tests of the chosen namespaces beside the
reference ones (array-api-strict, PyTorch, and for SciPy ``jax.numpy``), and
prints a table of outcomes per namespace and the tests that fail on a
unitensor namespace but pass on a reference.

Usage (from the project root, after ``make install``)::

    .venv/bin/python tools/consumer_suites.py sklearn
    .venv/bin/python tools/consumer_suites.py scipy --modules special,stats
    .venv/bin/python tools/consumer_suites.py scipy --namespaces torch,jax --jax-x64 0
    .venv/bin/python tools/consumer_suites.py sklearn -- -x -k Ridge   # more pytest args

SciPy's tests marked slow are left out unless ``--slow`` (TestOAConvolve's
``test_real_manylens`` alone is some 4,000 of them).

Nothing of scikit-learn or SciPy is copied here: the script is a pytest plugin
(``-p consumer_suites``) that adds parameters and deselects tests.
See docs/array-api.md ("Consumers' test suites") for the tables it produced.
"""

from __future__ import annotations

import argparse
import collections
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

NAMESPACES = ("numpy", "torch", "tensorflow", "jax")
SCIPY_MODULES = (
    "special stats signal ndimage fft cluster integrate interpolate linalg optimize "
    "_lib differentiate spatial"
).split()
REFERENCES = {"sklearn": ("array_api_strict", "torch"), "scipy": ("array_api_strict", "torch")}

# environment variables the plugin reads in the pytest process
_ENV_NAMES = "UNITENSOR_CONSUMER_NAMESPACES"
_ENV_REFS = "UNITENSOR_CONSUMER_REFERENCES"
_ENV_X64 = "UNITENSOR_CONSUMER_JAX_X64"


def _module_name(short: str) -> str:
    return f"unitensor.array_api.{short}"


def _chosen() -> tuple[list[str], list[str]]:
    names = [n for n in os.environ.get(_ENV_NAMES, "").split(",") if n]
    refs = [n for n in os.environ.get(_ENV_REFS, "").split(",") if n]
    return names, refs


# ---------------------------------------------------------------- the pytest plugin


def _set_jax_mode() -> None:
    x64 = os.environ.get(_ENV_X64)
    if x64 is None:
        return
    import jax

    jax.config.update("jax_enable_x64", x64 == "1")


def _patch_sklearn(names: list[str]) -> None:
    import sklearn.utils._array_api as aa

    original = aa.yield_namespace_device_dtype_combinations

    def combinations(include_numpy_namespaces: bool = True) -> Iterator[tuple[Any, ...]]:
        yield from original(include_numpy_namespaces=include_numpy_namespaces)
        for short in names:
            for dtype in ("float64", "float32"):
                yield _module_name(short), None, dtype

    aa.yield_namespace_device_dtype_combinations = combinations
    original_namespaces = aa.yield_namespaces

    def namespaces(include_numpy_namespaces: bool = True) -> Iterator[str]:
        yield from original_namespaces(include_numpy_namespaces=include_numpy_namespaces)
        for short in names:
            yield _module_name(short)

    aa.yield_namespaces = namespaces


def _patch_scipy(names: list[str]) -> None:
    import importlib

    import pytest

    conftest = importlib.import_module("scipy.conftest")
    _set_jax_mode()  # scipy's conftest turned 64-bit mode on
    params = list(conftest.xp_available_backends)
    for short in names:
        module = importlib.import_module(_module_name(short))
        params.append(
            pytest.param(module, id=_module_name(short), marks=pytest.mark.array_api_backends)
        )
        # a known backend (not NumPy): np_only tests skip it as they skip torch
        conftest.xp_known_backends.add(_module_name(short))
    conftest.xp_available_backends = params
    original = conftest.xp.__wrapped__ if hasattr(conftest.xp, "__wrapped__") else None
    if original is None:  # pytest's FixtureFunctionDefinition keeps the function
        original = conftest.xp._get_wrapped_function()
    conftest.xp = pytest.fixture(params=params)(original)


def pytest_configure(config: Any) -> None:
    names, _ = _chosen()
    suite = os.environ.get("UNITENSOR_CONSUMER_SUITE")
    if suite == "sklearn":
        _patch_sklearn(names)
        _set_jax_mode()
    elif suite == "scipy":
        _patch_scipy(names)


def _namespace_of(item: Any) -> str | None:
    callspec = getattr(item, "callspec", None)
    if callspec is None:
        return None
    params = callspec.params
    if "xp" in params:  # SciPy
        return str(getattr(params["xp"], "__name__", params["xp"]))
    for key in ("array_namespace", "namespace"):
        if key in params:
            return str(params[key])
    for value in params.values():  # sklearn tests that unpack the triple themselves
        if isinstance(value, tuple) and value and isinstance(value[0], str):
            return value[0]
    return None


def pytest_collection_modifyitems(config: Any, items: list[Any]) -> None:
    """Keep only the tests parametrized with a chosen or a reference namespace."""
    names, refs = _chosen()
    keep_names = {_module_name(n) for n in names} | set(refs) | {"jax.numpy"} & set(refs)
    kept, dropped = [], []
    for item in items:
        ns = _namespace_of(item)
        (kept if ns is not None and ns in keep_names else dropped).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


# ---------------------------------------------------------------- the command


def _outcomes(xml_path: Path) -> Iterator[tuple[str, str, str]]:
    """(test id without the namespace, namespace, outcome) for each test case."""
    root = ET.parse(xml_path).getroot()
    for case in root.iter("testcase"):
        name = f"{case.get('classname')}::{case.get('name')}"
        outcome, message = "passed", ""
        for child in case:
            if child.tag in ("failure", "error"):
                outcome, message = "failed", child.get("message") or ""
            elif child.tag == "skipped":
                outcome = "xfailed" if child.get("type") == "pytest.xfail" else "skipped"
        yield name, outcome, message


_NOT_COMPARED = {"None", "CPU_DEVICE", "device1", "cpu", "cuda", "xpu", "mps", "float64", "float32"}


def _split_id(test: str, spaces: list[str]) -> tuple[str, str] | None:
    """(the id without its namespace, device and dtype parameters, the namespace) or None.

    The same test on two namespaces then has the same key (scikit-learn names
    array-api-strict's devices, unitensor's take the default one).
    """
    for ns in sorted(spaces, key=len, reverse=True):
        if ns in test:
            head, _, params = test.partition("[")
            tokens = [t for t in params.rstrip("]").replace(ns, "@", 1).split("-")]
            kept = [t for t in tokens if t != "@" and t not in _NOT_COMPARED]
            return f"{head}[{'-'.join(kept)}]", ns
    return None


def report(xml_path: Path, names: list[str], refs: list[str], show: int) -> int:
    spaces = [_module_name(n) for n in names] + refs
    counts: dict[str, collections.Counter[str]] = {s: collections.Counter() for s in spaces}
    by_test: dict[str, dict[str, set[str]]] = collections.defaultdict(dict)
    messages: dict[str, dict[str, str]] = collections.defaultdict(dict)
    for test, outcome, message in _outcomes(xml_path):
        split = _split_id(test, spaces)
        if split is None:
            continue
        key, ns = split
        if outcome == "failed":
            messages[ns][key] = message.splitlines()[0][:160] if message else "?"
        counts[ns][outcome] += 1
        by_test[key].setdefault(ns, set()).add(outcome)
    print("\n| namespace | passed | failed | skipped | xfailed | fails where a reference passes |")
    print("|---|---:|---:|---:|---:|---:|")
    worse: dict[str, list[str]] = {}
    for ns in spaces:
        worse[ns] = sorted(
            key
            for key, outcomes in by_test.items()
            if "failed" in outcomes.get(ns, set())
            and any(outcomes.get(r) == {"passed"} for r in refs if r != ns)
        )
        c = counts[ns]
        extra = "" if ns in refs else str(len(worse[ns]))
        print(
            f"| {ns} | {c['passed']} | {c['failed']} | {c['skipped']} | {c['xfailed']} | {extra} |"
        )
    for n in names:
        ns = _module_name(n)
        if worse[ns]:
            print(f"\n{ns}: {len(worse[ns])} tests fail that pass on a reference")
            groups = collections.Counter(messages[ns].get(k, "?") for k in worse[ns])
            print("  the most common messages:")
            for text, count in groups.most_common(show):
                print(f"  {count:5d}  {text}")
            print("  the tests:")
            for key in worse[ns][:show]:
                print("  ", key)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("suite", choices=("sklearn", "scipy"))
    parser.add_argument("--namespaces", default=",".join(NAMESPACES))
    parser.add_argument("--references", default=None, help="default: array_api_strict,torch")
    parser.add_argument("--modules", default=",".join(SCIPY_MODULES), help="SciPy's submodules")
    parser.add_argument("--jax-x64", choices=("0", "1"), default="1")
    parser.add_argument("--show", type=int, default=40, help="failing tests listed per namespace")
    parser.add_argument("--slow", action="store_true", help="SciPy's slow tests too")
    parser.add_argument("--xml", default=None, help="keep the JUnit XML report here")
    parser.add_argument("--workers", default="0", help="pytest-xdist processes (0: none)")
    parser.add_argument("pytest_args", nargs="*")
    args = parser.parse_args(argv)
    names = [n for n in args.namespaces.split(",") if n]
    refs = (args.references or ",".join(REFERENCES[args.suite])).split(",")
    refs = [r for r in refs if r]
    xml = Path(args.xml) if args.xml else Path(tempfile.mkdtemp()) / "report.xml"
    env = dict(os.environ)
    env.update(
        {
            "SCIPY_ARRAY_API": "1",
            "UNITENSOR_CONSUMER_SUITE": args.suite,
            _ENV_NAMES: ",".join(names),
            _ENV_REFS: ",".join(refs),
            _ENV_X64: args.jax_x64,
            "JAX_ENABLE_X64": "1" if args.jax_x64 == "1" else "0",
            "PYTHONPATH": os.pathsep.join(
                [str(Path(__file__).parent), env.get("PYTHONPATH", "")]
            ).rstrip(os.pathsep),
            "TF_CPP_MIN_LOG_LEVEL": "3",
        }
    )
    if args.suite == "sklearn":
        targets = ["--pyargs", "sklearn"]
    else:
        targets = ["--pyargs", *(f"scipy.{m}" for m in args.modules.split(",") if m)]
        marks = "array_api_backends" if args.slow else "array_api_backends and not slow"
        targets += ["-m", marks]
    cmd = [
        sys.executable,
        "-m",
        "pytest",
        "-p",
        "consumer_suites",
        "-q",
        "--tb=no",
        "-rN",
        "-p",
        "no:cacheprovider",
        "--junitxml",
        str(xml),
        "-o",
        "junit_family=xunit1",
        *(["-n", args.workers] if args.workers != "0" else []),
        *targets,
        *args.pytest_args,
    ]
    print("running:", " ".join(cmd), flush=True)
    subprocess.run(cmd, env=env, cwd=tempfile.gettempdir(), check=False)
    if not xml.exists():
        print("no report was written", file=sys.stderr)
        return 1
    return report(xml, names, refs, args.show)


if __name__ == "__main__":
    sys.exit(main())
