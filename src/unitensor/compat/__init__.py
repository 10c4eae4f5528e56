"""Compatibility layers for code written against other libraries.

- :mod:`unitensor.compat.eagerpy`: EagerPy's public API on unitensor, with
  :func:`unitensor.compat.eagerpy.install` to make ``import eagerpy``
  resolve to it.
"""
