"""Compatibility layers for code written against other libraries.

- [`unitensor.compat.eagerpy`][unitensor.compat.eagerpy]: EagerPy's public
  API on unitensor, with
  [`unitensor.compat.eagerpy.install`][unitensor.compat.eagerpy.install] to
  make ``import eagerpy`` resolve to it.
"""
