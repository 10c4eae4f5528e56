"""The semantics table's rows of a tensor's dealings with the world outside its framework.

Devices (``to_device``, ``device=``), conversion between frameworks
(``convert``) and NumPy's protocols (``__array_function__``, iteration):
each row is ``(names, (dtype, hidden, kept))``, the fields of
``unitensor.semantics.Rule``, which ``unitensor.semantics.TABLE`` holds.
"""

from __future__ import annotations

__all__ = ["ROWS"]

ROWS: list[tuple[str, tuple[str, tuple[str, ...], tuple[str, ...]]]] = [
    (
        "to_device",
        (
            "the tensor's dtype; the tensor itself when it is on the device already",
            (
                "JAX refused the string 'cpu' (ValueError of device_put), PyTorch raised "
                "AssertionError for 'cuda' without CUDA and RuntimeError for other devices it "
                "lacks, TensorFlow put a tensor asked for on a GPU it lacks on the CPU without "
                "a word: here 'cpu' is the host CPU on every framework, the framework's own "
                "device objects and strings work, and any other device, or one the machine "
                "lacks, raises ut.DeviceError (a ValueError) naming the devices there are; "
                "device= of the namespaces' creation functions alike",
            ),
            (
                "the device strings beside 'cpu' are each framework's own ('cuda:0' on "
                "PyTorch, 'GPU:0' on TensorFlow, 'gpu:0' on JAX, as jax.devices names "
                "platforms); NumPy and Dask have one device, 'cpu'",
            ),
        ),
    ),
    (
        "convert",
        (
            "the source's dtype (JAX without 64-bit mode: 32 bits for 64); the source's "
            "memory shared where the target can hold it as it is, else one copy",
            (
                "torch.from_dlpack aborted the process on negative strides (a NumPy x[::-1]), "
                "and shared a read-only NumPy array's memory as writable (a write crashed on a "
                "read-only memory map): both copied here",
                "JAX and TensorFlow refused strides that are not contiguous "
                "(JaxRuntimeError, InvalidArgumentError) and read-only NumPy arrays "
                "(BufferError): copied here",
            ),
            (
                "whether memory is shared depends on the target (TensorFlow and JAX take "
                "64-byte aligned buffers only): copy=False raises ValueError where a copy is "
                "needed; PyTorch shares a JAX array's memory and lets it be written",
            ),
        ),
    ),
    (
        "__array_function__",
        (
            "NumPy's own result, computed by NumPy on NumPy arrays (arrays and NumPy "
            "scalars, never tensors); np.shape, np.ndim, np.size read the tensor's shape",
            (
                "np.sum, np.mean, np.var, np.std, np.max, np.prod, np.any called the tensor's "
                "method with NumPy's out= and dtype= (TypeError), while np.cumsum, np.sort, "
                "np.reshape gave NumPy arrays: one rule for every function now",
            ),
            (
                "ufuncs are not functions here: np.exp(t) raises TypeError "
                "(__array_ufunc__ = None; ndarray + t is t's reflected operator)",
                "a NumPy function that writes into a tensor of another framework than NumPy "
                "(out=, np.copyto) raises ValueError: its values reach NumPy read-only",
            ),
        ),
    ),
    (
        "__iter__",
        (
            "tensors of rank ndim - 1 along the first axis",
            (
                "iter() of a 0-d tensor succeeded and failed only at its first item (so "
                "np.iterable was True): TypeError at once here, as NumPy's",
            ),
            (),
        ),
    ),
]
