"""Compiled unitensor code fails as eager code does (issue 13's known gaps).

- ``tf.function`` with AutoGraph (its default) passes unitensor's errors through
  unchanged instead of as AutoGraph's ``StagingError``, and converts no unitensor code
  (no AutoGraph warning), even after ``importlib.util.find_spec("tensorflow")``.
- ``ut.jit`` on PyTorch compiles with ``fullgraph=True``: a graph break is a
  ``CompileError`` as on JAX and TensorFlow; errors ``f`` raises while traced come out
  as eagerly.
- An int index outside a static shape raises ``IndexOutOfRangeError`` under every
  compiler, as eagerly.

The functions are defined in this file (AutoGraph converts only code it has the source
of); torch.compile uses the cheap ``aot_eager`` backend.
"""

import importlib.util
import logging
import sys

import numpy as np
import pytest

import unitensor as ut
from conftest import make, native, to_numpy
from unitensor._backends._after_import import after_import

TORCH = {"torch": {"backend": "aot_eager"}}
COMPILED = ["jax", "tensorflow", "torch"]


def bad_axis(t):
    return t.sum(axis=5)


def bad_shapes(t):
    return t + t[:2]


def bad_dtype(t):
    return t.astype("int32").bitwise_and(t)


def bad_index(t):
    return t[10]


def bad_negative_index(t):
    return t.reshape((1, 3))[0, -4]


def bad_at_set(t):
    return t.at[10].set(1.0)


def bad_at_add(t):
    return t.at[-4].add(1.0)


def bad_index_update(t):
    return t.index_update(3, 0.0)


def branch_on_item(t):
    if (t.sum() > 0).item():
        return t
    return -t


def branch_on_bool(t):
    if t.sum() > 0:
        return t
    return -t


ERRORS = [bad_axis, bad_shapes, bad_dtype, bad_index, bad_negative_index, bad_at_set]
INDEX_ERRORS = [bad_index, bad_negative_index, bad_at_set, bad_at_add, bad_index_update]


def _eager_error(f, t):
    with pytest.raises(ut.UnitensorError) as info:
        f(t)
    return info.value


def _x(fw):
    return make(fw, np.array([1.0, 2.0, 3.0], dtype=np.float32))


@pytest.mark.parametrize("f", ERRORS, ids=lambda f: f.__name__)
def test_tf_function_with_autograph_raises_unitensor_errors(f, caplog):
    import tensorflow as tf

    x = _x("tensorflow")
    eager = _eager_error(f, x)
    with caplog.at_level(logging.WARNING), pytest.raises(type(eager)) as info:
        tf.function(lambda a: f(ut.astensor(a)).raw)(x.raw)  # autograph=True
    assert type(info.value) is type(eager)
    assert str(info.value) == str(eager)
    assert not [r for r in caplog.records if "AutoGraph" in r.getMessage()]


def test_tf_function_with_autograph_raises_compile_error_for_item():
    import tensorflow as tf

    x = _x("tensorflow").raw
    with pytest.raises(ut.CompileError, match="no Python value"):
        tf.function(lambda a: branch_on_item(ut.astensor(a)).raw)(x)


def test_after_import_waits_through_find_spec(tmp_path, monkeypatch):
    """A look-up that does not import the module leaves the hook in place."""
    name = "unitensor_after_import_probe"
    (tmp_path / f"{name}.py").write_text("VALUE = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    calls = []
    after_import(name, lambda: calls.append(sys.modules[name].VALUE))
    try:
        assert importlib.util.find_spec(name) is not None
        assert importlib.util.find_spec(name) is not None
        assert calls == []
        importlib.import_module(name)
        assert calls == [1]
        importlib.reload(sys.modules[name])
        assert calls == [1]  # once
    finally:
        sys.modules.pop(name, None)


@pytest.mark.parametrize("f", [branch_on_item, branch_on_bool], ids=lambda f: f.__name__)
@pytest.mark.parametrize("fw", COMPILED)
def test_jit_control_flow_on_traced_values_is_a_compile_error(fw, f):
    x = _x(fw)
    np.testing.assert_array_equal(f(x).numpy(), [1.0, 2.0, 3.0])  # eagerly: it runs
    with pytest.raises(ut.CompileError) as info:
        ut.jit(f, options=TORCH)(x)
    assert f.__name__ in str(info.value) or "traced" in str(info.value)


def test_jit_on_torch_allows_graph_breaks_when_asked():
    x = _x("torch")
    jitted = ut.jit(branch_on_item, options={"torch": {"backend": "aot_eager", "fullgraph": False}})
    np.testing.assert_array_equal(jitted(x).numpy(), [1.0, 2.0, 3.0])


@pytest.mark.parametrize("f", ERRORS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("fw", COMPILED)
def test_jit_raises_eager_errors(fw, f):
    x = _x(fw)
    eager = _eager_error(f, x)
    with pytest.raises(type(eager)):
        ut.jit(f, options=TORCH)(x)
    assert ut.jit(lambda t: t * 2, options=TORCH)(x).shape == (3,)


@pytest.mark.parametrize("f", INDEX_ERRORS, ids=lambda f: f.__name__)
@pytest.mark.parametrize(
    "compiler", ["ut.jit", "tf.function", "tf.function(jit_compile=True)", "jax.jit"]
)
def test_int_index_out_of_range_under_compilers(compiler, f):
    fw = "jax" if compiler == "jax.jit" else "tensorflow"
    fw = "torch" if compiler == "ut.jit" else fw
    x = _x(fw)
    eager = _eager_error(f, x)
    assert type(eager) is ut.IndexOutOfRangeError
    if compiler == "ut.jit":
        run = ut.jit(f, options=TORCH)
    elif compiler == "jax.jit":
        import jax

        run = jax.jit(lambda a: f(ut.astensor(a)).raw)
    else:
        import tensorflow as tf

        run = tf.function(lambda a: f(ut.astensor(a)).raw, jit_compile="jit_compile" in compiler)
    with pytest.raises(ut.IndexOutOfRangeError, match="out of bounds"):
        run(x if compiler == "ut.jit" else x.raw)


@pytest.mark.parametrize("f", INDEX_ERRORS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("fw", COMPILED)
def test_jit_int_index_out_of_range(fw, f):
    x = _x(fw)
    eager = _eager_error(f, x)
    with pytest.raises(ut.IndexOutOfRangeError, match="out of bounds"):
        ut.jit(f, options=TORCH)(x)
    assert type(eager) is ut.IndexOutOfRangeError


@pytest.mark.parametrize("fw", ["tensorflow", "torch"])
def test_int_index_in_range_under_jit_unchanged(fw):
    x = native(fw, np.arange(6.0, dtype=np.float32).reshape(2, 3))

    def f(a):
        t = ut.astensor(a)
        return t[1, -1], t.at[0, 2].set(9.0), t.index_update(-1, 0.0)

    got, want = ut.jit(f, options=TORCH)(x), f(x)
    for g, w in zip(got, want, strict=True):
        np.testing.assert_array_equal(to_numpy(g), to_numpy(w))
