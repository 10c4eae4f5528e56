"""ut.jit on PyTorch drops TorchDynamo's guards on unitensor's internals, and only those.

TorchDynamo checks every guard on each call; most of a unitensor trace's guards are on
unitensor's own modules, primitives and caches (constant once a backend has loaded).
``ut.jit`` drops those (``_torch_dynamo.internal_guards_dropped``); what a user can change
(the arguments' shapes and dtypes, grad mode, the function's globals and closures) still
recompiles, checked here with values computed by NumPy.
"""

import numpy as np
import pytest

import unitensor as ut

torch = pytest.importorskip("torch")

SCALE = 2.0
NEGATE = False


class Graphs:
    """A TorchDynamo backend that counts the graphs it is given, and the guards kept."""

    def __init__(self):
        self.count = 0

    def __call__(self, gm, example_inputs):
        self.count += 1
        return gm.forward


def counted(f, graphs, **extra):
    return ut.jit(f, options={"torch": {"backend": graphs, "fullgraph": True, **extra}})


def _x(n=3):
    return torch.arange(n, dtype=torch.float32)


def test_a_changed_global_recompiles():
    global NEGATE
    graphs = Graphs()
    f = counted(lambda x: -ut.astensor(x) if NEGATE else ut.astensor(x) * 2.0, graphs)
    np.testing.assert_array_equal(f(_x()).numpy(), np.arange(3) * 2.0)
    NEGATE = True
    try:
        np.testing.assert_array_equal(f(_x()).numpy(), -np.arange(3.0))
    finally:
        NEGATE = False
    assert graphs.count == 2


def test_a_changed_closure_recompiles():
    graphs = Graphs()
    mode = {"negate": False}
    f = counted(lambda x: -ut.astensor(x) if mode["negate"] else ut.astensor(x) * 2.0, graphs)
    np.testing.assert_array_equal(f(_x()).numpy(), np.arange(3) * 2.0)
    mode["negate"] = True
    np.testing.assert_array_equal(f(_x()).numpy(), -np.arange(3.0))
    assert graphs.count == 2


def test_shapes_dtypes_and_grad_mode_still_recompile():
    graphs = Graphs()
    f = counted(lambda x: (ut.astensor(x).square() + 1.0).sum(axis=-1), graphs)
    for x, dtype in ((_x(), ut.float32), (_x(), ut.float32), (_x(4), ut.float32)):
        out = f(ut.astensor(x))
        assert out.dtype == dtype and out.shape == ()
        np.testing.assert_allclose(out.item(), float((x.numpy() ** 2 + 1).sum()), rtol=1e-6)
    out = f(ut.astensor(_x(4).double()))
    assert out.dtype == ut.float64
    assert graphs.count == 3  # float32 (3,), float32 (4,), float64 (4,)
    w = _x().requires_grad_(True)
    with torch.no_grad():
        np.testing.assert_allclose(f(w).item(), 8.0, rtol=1e-6)  # 0+1 + 1+1 + 4+1
    assert graphs.count == 4  # a tensor that requires grad, under no_grad


def test_only_internal_guards_are_dropped(monkeypatch):
    """The filter keeps the guards of the arguments and of the user's own code."""
    from unitensor import _jit

    kept, dropped = [], []
    real = _jit.internal_guards_dropped

    def recording(fn, constants, scopes):
        keep = real(fn, constants, scopes)

        def filter_(entries):
            flags = keep(entries)
            for e, k in zip(entries, flags, strict=True):
                (kept if k else dropped).append(e.name)
            return flags

        return filter_

    monkeypatch.setattr(_jit, "internal_guards_dropped", recording)
    f = counted(lambda x: ut.astensor(x).square() * SCALE, Graphs())
    np.testing.assert_array_equal(f(_x()).numpy(), np.arange(3) ** 2 * 2.0)
    assert any("unitensor" in name for name in dropped)
    assert any(name.startswith("cls") for name in dropped)  # the backend class's caches
    assert any("SCALE" in name for name in kept)  # the user's global
    assert any(name.startswith("raws") for name in kept)  # the arguments
    assert not any("unitensor" in name or name.startswith("cls") for name in kept)


def test_a_mode_keeps_every_guard():
    """torch.compile takes a mode or backend options, not both: with a mode, no filter."""
    f = ut.jit(lambda x: ut.astensor(x) * 2.0, options={"torch": {"mode": "default"}})
    np.testing.assert_array_equal(f(_x()).numpy(), np.arange(3) * 2.0)


def test_a_changed_global_float_is_traced_as_a_value():
    """TorchDynamo makes a Python float that changed a symbolic float of the graph: the
    operators take it as a Python float (it failed with fullgraph=True before)."""
    global SCALE
    graphs = Graphs()
    f = counted(lambda x: ut.astensor(x) * SCALE - SCALE, graphs)
    try:
        for value in (2.0, 5.0, -0.5, 7.25):
            SCALE = value
            np.testing.assert_array_equal(f(_x()).numpy(), np.arange(3.0) * value - value)
    finally:
        SCALE = 2.0
    assert graphs.count == 2  # the first value as a constant, then a symbolic float


def test_a_user_module_named_like_unitensor_keeps_its_guards(tmp_path, monkeypatch):
    """Only unitensor's own modules lose their guards, not a user's ``unitensor_models``."""
    (tmp_path / "unitensor_models.py").write_text(
        "import unitensor as ut\nSCALE = False\n"
        "def step(x):\n    return -ut.astensor(x) if SCALE else ut.astensor(x) * 2.0\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    import unitensor_models

    graphs = Graphs()
    f = counted(unitensor_models.step, graphs)
    np.testing.assert_array_equal(f(_x()).numpy(), np.arange(3) * 2.0)
    unitensor_models.SCALE = True
    np.testing.assert_array_equal(f(_x()).numpy(), -np.arange(3.0))
    assert graphs.count == 2
