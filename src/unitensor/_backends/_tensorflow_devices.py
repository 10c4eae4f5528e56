"""TensorFlow's devices and DLPack (for ``tensorflow.py``).

- A device argument (``to_device``, the creation primitives' ``like``) is
  checked against this process's logical devices: ``tf.device`` itself
  puts a tensor asked for on a GPU the machine lacks on the CPU without a
  word (soft device placement); here that is a ``DeviceError``.
- TensorFlow's tensors have no ``__dlpack__``: ``_DLPack`` wraps the
  capsule TensorFlow exports in the protocol (a deep copy for
  ``copy=True``). Its import refuses strides that are not C-contiguous, and
  its kernels CHECK 64-byte alignment (a misaligned buffer aborts the
  process): such host memory is copied first (``dlpack_importer``).

TensorFlow itself is handed to ``set_tensorflow``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import device_error, dlpack_importer

__all__ = ["primitives", "set_tensorflow"]

tf: Any = None  # TensorFlow, set by set_tensorflow()


def set_tensorflow(module: Any) -> None:
    """Hand TensorFlow to this module (the backend imports it)."""
    global tf
    tf = module


def _to_device(a: Any, device: Any) -> Any:
    with tf.device(_device_name(device)):
        return tf.identity(a)


_NAMES: dict[Any, str] = {}


def _device_name(device: Any) -> str:
    """What ``tf.device`` is given for ``device``, where this process has that device.

    A string TensorFlow takes (``"cpu"``, ``"GPU:1"``, ``"/device:CPU:0"``, a
    tensor's ``device``), a ``tf.DeviceSpec`` or a logical device
    (``tf.config.list_logical_devices()``); ``DeviceError`` for anything
    else and for a device type or index this process does not have, where
    ``tf.device`` itself places the tensor on the CPU without a word (soft
    device placement). A device of another job (``"/job:worker/..."`` of a
    cluster) is left to TensorFlow's runtime, which alone knows it.
    """
    try:
        return _NAMES[device]
    except (KeyError, TypeError):
        pass
    given = device.name if isinstance(device, tf.config.LogicalDevice) else device
    try:
        spec = given if isinstance(given, tf.DeviceSpec) else tf.DeviceSpec.from_string(given)
    except (AttributeError, TypeError, ValueError) as e:
        raise _device_error(device) from e
    name: str = spec.to_string()
    if spec.job in (None, "localhost"):
        there = [tf.DeviceSpec.from_string(d.name) for d in tf.config.list_logical_devices()]
        if not any(
            spec.device_type == d.device_type and spec.device_index in (None, d.device_index)
            for d in there
        ):
            raise _device_error(device)
    try:
        _NAMES[device] = name
    except TypeError:  # a DeviceSpec cannot be hashed
        pass
    return name


def _device_error(device: Any) -> Exception:
    return device_error("TensorFlow", device, _devices())


_LIKE: dict[Any, Any] = {}


def _devices() -> tuple[str, ...]:
    """The logical devices, named as a tensor's ``device`` names them."""
    return tuple(_like(d.name).device for d in tf.config.list_logical_devices())


def _like(device: Any) -> Any:
    """A 0-d tensor on ``device`` (where TensorFlow puts it for None), cached.

    Made eagerly (``tf.init_scope``) even inside a ``tf.function``, whose
    graph's tensors must not be kept past it.
    """
    try:
        return _LIKE[device]
    except (KeyError, TypeError):  # (TypeError: a device argument that cannot be hashed)
        with tf.init_scope():
            if device is None:
                return _LIKE.setdefault(device, tf.zeros(()))
            with tf.device(_device_name(device)):
                return _LIKE.setdefault(device, tf.zeros(()))


class _DLPack:
    """A TensorFlow DLPack capsule with the ``__dlpack__`` protocol around it."""

    def __init__(self, a: Any) -> None:
        self.array = a
        self.gpu = "GPU" in a.device.upper()

    def __dlpack__(self, *, copy: bool | None = None, **kwargs: Any) -> Any:
        """A capsule of the tensor's memory (of a copy for ``copy=True``); a variable's value
        is exported as it is read. TensorFlow exports DLPack 0.x capsules only: the other
        keywords of the protocol (``max_version``, ``dl_device``, ``stream``) change nothing.
        """
        value = tf.convert_to_tensor(self.array)
        if copy:  # (tf.identity may hand the same buffer on)
            value = tf.raw_ops.DeepCopy(x=value)
        return tf.experimental.dlpack.to_dlpack(value)

    def __dlpack_device__(self) -> tuple[int, int]:
        return (2, 0) if self.gpu else (1, 0)


def _misaligned_or_strided(obj: Any, host: Any) -> str | None:
    """Why TensorFlow cannot hold ``host``, a NumPy view of ``obj``'s memory, as it is.

    Its kernels CHECK 64-byte alignment (a misaligned buffer aborts the
    process), and its DLPack import refuses strides that are not C-contiguous.
    """
    if host.ctypes.data % 64:
        return "is not 64-byte aligned (its kernels need it)"
    if not host.flags.c_contiguous:
        return "is not C-contiguous"
    return None


def _take_dlpack(obj: Any, copy: bool | None) -> Any:
    """TensorFlow's DLPack import (which shares), and a deep copy for ``copy=True``."""
    out = tf.experimental.dlpack.from_dlpack(obj.__dlpack__())
    return tf.raw_ops.DeepCopy(x=out) if copy else out


def _device(a: Any) -> Any:
    return a.device


def primitives() -> dict[str, Any]:
    """The fields of ``Primitives`` for devices and DLPack."""
    return {
        "device": _device,
        "devices": _devices,
        "default_device": lambda: _like(None).device,
        "to_device": _to_device,
        "like": _like,
        "dlpack_source": _DLPack,
        "from_dlpack": dlpack_importer(
            "TensorFlow",
            _take_dlpack,
            _misaligned_or_strided,
            lambda view: tf.convert_to_tensor(np.array(view, order="C")),
        ),
    }
