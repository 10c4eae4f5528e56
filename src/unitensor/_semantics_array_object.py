"""The semantics table's rows of the array object's chapter (``_api/array_object.py``).

``unitensor.semantics`` adds them to its ``TABLE`` after its own rows (kept here so that
each module stays short). A row is ``(names, dtype, hidden, kept)``: the operations and
the fields of their ``Rule``.
"""

from __future__ import annotations

__all__ = ["ROWS"]

ROWS: list[tuple[str, str, tuple[str, ...], tuple[str, ...]]] = [
    (
        "__iadd__ __isub__ __imul__ __itruediv__ __ifloordiv__ __imod__ __ipow__ __imatmul__ "
        "__iand__ __ior__ __ixor__ __ilshift__ __irshift__",
        "x's dtype: x op y cast to it where NumPy's casting='same_kind' allows (int32 += int64, "
        "complex64 /= complex128, float32 += int64), else DTypeError (int32 += 1.5, bool += 1, "
        "uint8 += int8); x's shape, else ShapeError",
        (
            "PyTorch casts any integer result into an unsigned x (uint8 += int8)",
            "PyTorch refuses operands that share memory (x += x.T): NumPy's result here",
            "JAX and TensorFlow arrays have no in-place operators",
        ),
        (
            "NumPy and PyTorch write the result into x's array (its views and every holder see "
            "it, as the frameworks' own a op= b); TensorFlow, JAX and Dask rebind x to a new "
            "tensor, so a view taken before keeps the old values",
            "the EagerPy layer's tensors (unitensor.compat.eagerpy) rebind on every framework, "
            "as EagerPy's",
            "PyTorch: a leaf tensor that requires a gradient raises PyTorch's RuntimeError",
        ),
    ),
    # lazy backends (issue 14: Dask)
    (
        "compute",
        "same class, shape, dtype and values; sizes that depended on the values known",
        (),
        (
            "Dask: the values computed and kept as a Dask array of computed chunks "
            "(dask.persist, on the workers of a cluster); eager frameworks: the tensor itself",
        ),
    ),
]
