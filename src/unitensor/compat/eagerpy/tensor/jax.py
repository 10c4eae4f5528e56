"""``eagerpy.tensor.jax``: [`JAXTensor`][unitensor.JAXTensor]."""

from . import backend_class_or_stand_in

__all__ = ["JAXTensor"]

JAXTensor = backend_class_or_stand_in("JAXTensor")
