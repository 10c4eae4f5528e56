"""The Tensor API, one module per chapter of the Array API standard.

Each module holds one chapter's methods on a mixin class with
``__slots__ = ()``; [`unitensor.Tensor`][unitensor.Tensor] is the last of
them, so type checkers see one class with every method typed ``Self``.
The chapters build on each other in this order, and a chapter uses only
the ones before it (a composite operation such as ``logsumexp`` is written
in terms of earlier chapters' methods):

1. ``_base``: ``TensorBase``, the array object itself (``raw``, ``shape``,
   ``dtype``, ``numpy()``, ...), the dtype machinery, the operator fast
   path, and the one helper that builds result tensors;
2. ``data_types``: ``astype`` and the dtype methods;
3. ``creation``: ``zeros``, ``full``, ``arange``, ... and ``meshgrid``;
4. ``elementwise_arithmetic``: ``+ - * / // % **``, ``abs``, ``sign``,
   rounding;
5. ``elementwise_transcendental``: ``sqrt``, ``exp``, ``log``, the
   trigonometric and hyperbolic functions;
6. ``elementwise_comparison``: ``< <= == ...``, ``minimum``, ``maximum``,
   ``clip``, ``isnan`` and friends;
7. ``elementwise_logical``: the logical and bitwise operations;
8. ``manipulation``: ``reshape``, ``permute_dims``, ``pad``, ``concat``,
   ``stack``, ...;
9. ``indexing``: ``t[...]``, ``take_along_axis``, ``index_update``, ``t.at``;
10. ``searching``: ``argmin``, ``argmax``, ``where``, ``count_nonzero``,
    ``nonzero``, ``searchsorted``;
11. ``statistical``: ``sum``, ``mean``, ``max``, ``var``, ``std``,
    ``cumulative_sum``, ``logsumexp``, ...;
12. ``utility``: ``all``, ``any``, ``diff``;
13. ``sorting``: ``sort``, ``argsort``, ``topk``;
14. ``set``: ``unique_all``, ``unique_counts``, ``unique_inverse``,
    ``unique_values``, ``isin`` (written with sorting);
15. ``linear_algebra``: ``matmul``, ``matrix_transpose`` (``mT``),
    ``tensordot``, ``vecdot``, ``inv``, ``slogdet``, ``t.norms``, ``einsum``;
16. ``nn: ``softmax``, ``crossentropy``, ``kl_div_with_logits``, ...;
17. ``random``: ``uniform``, ``normal``;
18. ``autodiff``: the gradient functions and their methods;
19. ``array_object``: the standard's array object (``__array_namespace__``,
    ``to_device``, DLPack, ``int(t)`` and friends, ``x += y``, ``x[k] = v``).

Beside the chapters, ``fft`` and ``linalg`` hold the standard's ``fft``
and ``linalg`` extensions, which have functions only (``unitensor.fft`` and
``unitensor.linalg`` re-export them) and no chapter class.

A method checks its arguments, applies the dtype rules of
``unitensor.dtypes`` and calls a primitive of its backend (``self._ns``,
see ``unitensor._backends``).
"""
