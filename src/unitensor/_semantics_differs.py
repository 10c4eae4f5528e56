"""The differences single backends keep, machine-readable (rows of ``unitensor.semantics``).

(``Rule``, the table's row, is here too, beside ``Differs``.)

``DIFFERS`` lists, by operation, what the Dask and generic backends keep
different from NumPy, with the tests each difference makes fail there (and
JAX's sharding refusals, which fail no test: they are native JAX's);
``unitensor.semantics.TABLE`` adds them to its rows, and the test suite
marks those tests ``xfail(strict=True)`` on that backend.
"""

from __future__ import annotations

from dataclasses import dataclass

_STRICT = "array_api_strict"

__all__ = ["DIFFERS", "Differs", "Rule"]


@dataclass(frozen=True)
class Rule:
    """What one operation returns and how the frameworks differ on it.

    Attributes
    ----------
    dtype
        The result dtype under unitensor's rules.
    hidden
        Native differences that unitensor hides.
    kept
        Differences unitensor keeps, documented.
    differs
        The kept differences of single backends, with the tests they make
        fail (``unitensor.semantics`` fills it in from ``DIFFERS``).
    gradient
        The gradient at kinks, ties and singular points, the same on every
        framework (``unitensor._semantics_gradients`` fills it in).
    """

    dtype: str
    hidden: tuple[str, ...] = ()
    kept: tuple[str, ...] = ()
    differs: tuple[Differs, ...] = ()
    gradient: str = ""


@dataclass(frozen=True)
class Differs:
    """A difference one backend keeps, machine-readable: which tests it makes fail.

    The test suite marks the tests it names ``xfail(strict=True)`` when it
    runs on ``backend`` (``tests/conftest.py``), so a difference that is not
    written here fails, and one written here that went away fails too.

    Attributes
    ----------
    backend
        The backend's name (``"array_api_strict"``, ``"dask"``, ...).
    what
        The difference, as the table's "differences kept" column states it.
    tests
        ``fnmatch`` patterns (``[`` taken literally) of the test ids
        (relative to ``tests/``, such as
        ``"test_dtypes.py::test_astype[array_api_strict-float16*"``) that
        fail because of it on that backend.
    """

    backend: str
    what: str
    tests: tuple[str, ...] = ()


_DASK_UNKNOWN = (
    "the size is unknown (nan in t.shape) until computed, as Dask's rule for sizes that "
    "depend on the values (NumPy and list masks too: they become Dask arrays); an "
    "operation that needs it raises DataDependentShapeError; ut.compute(t) learns it"
)
_DASK_LAZY_CHECK = (
    "lazy: a check that reads the values (an index out of range, a negative count) is "
    "not made when the graph is built, as inside jax.jit; Dask raises its own error "
    "(IndexError) when it computes"
)

_JAX_REFUSED = (
    "sharded jax.Arrays (docs/scaling.md): the result has native JAX's sharding; in "
    "Explicit mode, where JAX refuses the operands' shardings (a matmul whose contracting "
    "dimensions are sharded over different mesh axes, x + x.T of an array sharded over two "
    "axes, a slice, gather or scan along a sharded axis, a concat of differently sharded "
    "arrays), ShardingError (a TypeError) with JAX's ShardingTypeError as __cause__ and in "
    "its message"
)

DIFFERS: list[tuple[str, Differs]] = [
    # float -> integer casts beyond the integer dtype (issue 38): documented, not checked
    (
        "astype",
        Differs(
            "jax",
            "a float the integer dtype cannot hold saturates to the dtype's bounds (NaN: 0), "
            "XLA's rule (and ARM processors'), where the others give x86-64's value",
            ("test_dtypes.py::test_astype_float_beyond_an_integer_dtype[jax-*",),
        ),
    ),
    # JAX sharding (tests/test_sharding.py, 8 host devices in a subprocess): no test fails
    (
        "__add__ __sub__ __mul__ __truediv__ add subtract multiply divide matmul __matmul__ "
        "tensordot vecdot __getitem__ take cumulative_sum concat",
        Differs("jax", _JAX_REFUSED),
    ),
    (
        "jit",
        Differs(
            "jax",
            "sharded jax.Arrays: each result has the sharding native jax.jit gives the same "
            "function written with jax.numpy, in Auto and Explicit mode; where native "
            "jax.jit raises ShardingTypeError (Explicit mode), ShardingError with it as "
            "__cause__",
        ),
    ),
    # the generic backend over array-api-strict (``--backend array_api_strict``)
    (
        "astype",
        Differs(
            _STRICT,
            "array-api-strict has no float16 or bfloat16 (the standard has neither): "
            "DTypeError for either",
            (
                "test_creation_standard.py::test_can_cast[array_api_strict*float16*",
                "test_creation_standard.py::test_empty[array_api_strict*float16*",
                "test_creation_standard.py::test_eye[array_api_strict*float16*",
                "test_creation_standard.py::test_tril_triu[array_api_strict*float16*",
                "test_dtypes.py::test_arange_dtype[array_api_strict*float16*",
                "test_dtypes.py::test_astype_ut_dtype[array_api_strict*float16*",
                "test_dtypes.py::test_uniform_normal_dtype[array_api_strict*float16*",
                "test_dtypes.py::test_zeros_ones_full_dtype[array_api_strict*float16*",
                "test_elementwise.py::test_clip_bounds_beyond_the_float_range_saturate[array_api_strict*float16*",
                "test_error_model.py::test_bad_input_raises_the_same_error[array_api_strict*float16*",
                "test_fft.py::test_dtype_rule[array_api_strict*float16*",
                "test_array_object.py::test_in_place_dtype_rule_is_numpys_same_kind_casting"
                "[array_api_strict-float16*",
                "test_linalg_standard.py::test_half_precision_computed_in_float32[array_api_strict*float16*",
                "test_linalg_ml.py::test_crossentropy_reduction[array_api_strict-float16*",
                "test_fast_forms.py::test_sign_every_form[array_api_strict*float16*",
                "test_speedups.py::test_binary_fast_paths_equal_the_templates[array_api_strict*",
                "test_speedups.py::test_unary_fast_paths_equal_the_templates[array_api_strict*",
                "test_manipulation_standard.py::test_broadcast_to[array_api_strict*float16*",
                "test_operators.py::test_fast_path_float_tensor_and_python_number[array_api_strict*float16*",
                "test_reductions.py::test_half_precision_accumulates_in_float32[array_api_strict*float16*",
                "test_reductions.py::test_mean_keeps_the_float_dtype[array_api_strict*float16*",
                "test_searching_standard.py::test_unique_all[array_api_strict*float16*",
                "test_searching_standard.py::test_unique_counts_inverse_values[array_api_strict*float16*",
                "test_statistical_standard.py::test_sum_prod_dtype[array_api_strict*float16*",
                "test_statistical_standard.py::test_var_std[array_api_strict*float16*",
                "test_creation_standard.py::test_eye_template_dtype_and_bfloat16[array_api_strict]",
                "test_review_misc.py::test_from_numpy_bfloat16[array_api_strict]",
                "test_linalg_complex.py::test_eig_of_integers_and_half_precision_gives_complex64"
                "[array_api_strict]",
                "test_review_misc.py::test_python_scalar_fill_values[array_api_strict*float16*",
                "test_review_bfloat16.py::test_astype_to_and_from_bfloat16[array_api_strict*",
                "test_review_bfloat16.py::test_bfloat16_numpy_scalars_combine_with_every_backend[array_api_strict*",
                "test_review_bfloat16.py::test_bfloat16_promotion[array_api_strict*",
                "test_review_bfloat16.py::test_bfloat16_with_bfloat16[array_api_strict*",
                "test_review_bfloat16.py::test_creation_in_bfloat16[array_api_strict*",
                "test_review_bfloat16.py::test_elementwise_functions_keep_bfloat16[array_api_strict*",
                "test_review_bfloat16.py::test_float_functions_of_positive_bfloat16[array_api_strict*",
                "test_review_bfloat16.py::test_matmul_keeps_bfloat16[array_api_strict*",
                "test_review_bfloat16.py::test_native_bfloat16_equals_ut_bfloat16[array_api_strict*",
                "test_review_bfloat16.py::test_no_float32_warning_from_numpy_kernels[array_api_strict*",
                "test_review_bfloat16.py::test_pow_with_a_float_exponent[array_api_strict*",
                "test_review_bfloat16.py::test_python_scalars_keep_bfloat16[array_api_strict*",
                "test_review_bfloat16.py::test_random_draws_in_bfloat16[array_api_strict*",
                "test_review_bfloat16.py::test_reductions_keep_bfloat16[array_api_strict*",
                "test_review_dtypes.py::test_numpy_scalars_count_as_python_scalars"
                "[array_api_strict-*f16*",
                "test_review_dtypes.py::test_numpy_scalar_results_combine_as_scalars"
                "[array_api_strict]",
                "test_fft.py::test_frequencies[array_api_strict-*",
                "test_manipulation_standard.py::test_repeat_0d_and_empty[array_api_strict]",
                "test_manipulation_standard.py::test_roll_0d_and_empty[array_api_strict]",
                "test_manipulation_standard.py::test_unstack_default_empty_and_0d[array_api_strict]",
                "test_operators.py::test_float16_tensor_with_scalars_keeps_float16[array_api_strict]",
                "test_creation_standard.py::test_linspace_complex_and_half[array_api_strict]",
                "test_random_keys.py::test_narrow_uniforms_stay_below_high[array_api_strict-*",
            ),
        ),
    ),
    (
        "result_type",
        Differs(
            _STRICT,
            "array-api-strict's dtypes compare equal only to its own: its_dtype == ut.float32 "
            "is False (ut.float32 == its_dtype is True, and unitensor's functions take its "
            "dtypes everywhere)",
            (
                "test_dtypes.py::test_native_dtype_equals_ut_dtype[array_api_strict-*",
                "test_dtypes.py::test_astype_then_dtype_compares_equal[array_api_strict-*",
                "test_creation_standard.py::test_result_type[array_api_strict-*",
                "test_creation_standard.py::test_finfo[array_api_strict-*",
                "test_array_object.py::test_setitem_casts_to_the_tensors_dtype_and_checks"
                "[array_api_strict]",
            ),
        ),
    ),
    (
        "index_update reshape",
        Differs(
            _STRICT,
            "array-api-strict's arrays can be written: t[k] = v writes into t.raw in place, "
            "and reshape(copy=False) of a transposed tensor raises ShapeError, as on NumPy "
            "and PyTorch (not as on TensorFlow and JAX)",
            (
                "test_array_object.py::test_setitem[array_api_strict-*",
                "test_manipulation_standard.py::test_reshape_copy_false[array_api_strict]",
            ),
        ),
    ),
    (
        "astensor",
        Differs(
            _STRICT,
            "the generic backend is no entry of BACKENDS (its class is ut.ArrayAPITensor, "
            "made per namespace): the EagerPy layer has no class for it, and the "
            "scikit-learn/SciPy consumer run covers the four frameworks' namespaces only",
            (
                "test_wrapping.py::test_astensor_wraps_native_array_by_identity[array_api_strict]",
                "test_wrapping.py::test_tensor_class_is_subclass_of_tensor[array_api_strict]",
                "test_compat_eagerpy.py::test_classes_are_unitensors[array_api_strict]",
                "test_compat_eagerpy.py::test_module_wrappers[array_api_strict]",
                "test_array_api_consumers.py::test_consumer_results_equal_numpys"
                "[array_api_strict-*",
                "test_conftest.py::test_selection_is_nonempty_and_known",
            ),
        ),
    ),
    # Dask (``--backend dask``; docs/scaling.md)
    (
        "__getitem__",
        Differs(
            "dask",
            f"a boolean mask: {_DASK_UNKNOWN}",
            (
                "test_indexing.py::test_bool_mask_indexing[dask-*",
                "test_indexing.py::test_bool_mask_on_int_bool_data[dask-*",
                "test_indexing.py::test_mask_from_comparison[dask]",
                "test_indexing.py::test_non_contiguous_numpy_index_arrays[dask]",
                "test_indexing.py::test_wrapped_numpy_index_arrays_are_valid_everywhere[dask]",
                "test_differential.py::test_indexing_regressions[dask-*mask*-getitem]",
                "test_torch_unsigned.py::test_indexing[uint*-dask]",
                "test_torch_unsigned.py::test_manipulation[uint*-dask]",
                "test_mask_indexing.py::test_getitem[dask-*",
                "test_review_dtypes.py::test_numpy_index_arrays_on_every_backend[dask-mask]",
                "test_mask_indexing.py::test_0d_mask_of_any_rank[dask-*",
                "test_mask_indexing.py::test_numpy_bool_scalars_are_0d_masks[dask-*",
                "test_jax_conformance.py::test_getitem_and_setitem_with_a_0d_bool_mask[dask-*",
            ),
        ),
    ),
    (
        "__getitem__",
        Differs(
            "dask",
            f"an integer index array out of range: {_DASK_LAZY_CHECK}",
            (
                "test_errors.py::test_int_array_index_out_of_range_raises_indexerror[dask-*",
                "test_error_model.py::test_bad_input_raises_the_same_error[dask-index_array]",
                "test_error_model.py::test_native_error_kept_as_cause[dask]",
                "test_indexing.py::test_index_arrays_beyond_int32_raise_and_never_wrap[dask-*",
                "test_indexing.py::test_every_index_dtype_out_of_range_raises[dask-*",
            ),
        ),
    ),
    (
        "index_update at",
        Differs(
            "dask",
            "an index array out of range: "
            + _DASK_LAZY_CHECK
            + "; a boolean mask with an array of values: DataDependentShapeError (the "
            "number of elements selected is unknown; a scalar value works)",
            (
                "test_at_updates.py::test_at_index_out_of_range[dask-*",
                "test_at_updates.py::test_updates_at_index_arrays_beyond_int32_raise[dask-*",
                "test_at_updates.py::test_at_tensor_values[dask-mask_*",
                "test_array_object.py::test_setitem_casts_to_the_tensors_dtype_and_checks[dask]",
                "test_error_model.py::test_bad_input_raises_the_same_error[dask-index_update]",
                "test_linalg_ml.py::test_index_update_bool_mask_tensor_values[dask]",
            ),
        ),
    ),
    (
        "take take_along_axis",
        Differs(
            "dask",
            f"an index out of range: {_DASK_LAZY_CHECK}",
            (
                "test_manipulation_standard.py::test_take_refuses[dask-high]",
                "test_manipulation_standard.py::test_take_refuses[dask-low]",
                "test_manipulation_standard.py::test_take_refuses[dask-1d]",
                "test_manipulation_standard.py::test_take_refuses[dask-empty]",
                "test_manipulation_standard.py::test_take_refuses_native_out_of_range[dask]",
                "test_edge_cases.py::test_take_along_axis_out_of_range_raises[dask]",
                "test_error_model.py::test_bad_input_raises_the_same_error[dask-take_along_axis]",
                "test_indexing.py::test_take_and_take_along_axis_beyond_int32_raise[dask-*",
                "test_jit.py::test_take_along_axis_compiles_with_its_range_check[dask]",
            ),
        ),
    ),
    (
        "crossentropy",
        Differs(
            "dask",
            f"labels past the number of classes: {_DASK_LAZY_CHECK}; an empty batch: Dask's "
            "max over each empty chunk (in log_softmax) raises NumPy's ValueError (no "
            "identity) when it computes, where NumPy gives an empty result",
            (
                "test_linalg_ml.py::test_crossentropy_labels_out_of_range[dask-*",
                "test_linalg_ml.py::test_crossentropy_of_no_labels[dask]",
            ),
        ),
    ),
    (
        "searchsorted",
        Differs(
            "dask",
            f"sorter indices out of range: {_DASK_LAZY_CHECK}",
            ("test_searching_standard.py::test_searchsorted_errors[dask]",),
        ),
    ),
    (
        "floor_divide __floordiv__ remainder",
        Differs(
            "dask",
            "integer division by zero gives NumPy's 0 (no DivisionByZeroError: the values "
            "are not read before they are computed, as inside jax.jit)",
            ("test_error_model.py::test_bad_input_raises_the_same_error[dask-int_*floordiv_zero]",),
        ),
    ),
    (
        "nonzero",
        Differs(
            "dask",
            f"the number of non-zero elements: {_DASK_UNKNOWN}",
            ("test_searching_standard.py::test_nonzero[dask-*",),
        ),
    ),
    (
        "unique_values unique_inverse",
        Differs(
            "dask",
            f"the number of unique values: {_DASK_UNKNOWN}",
            ("test_searching_standard.py::test_unique_counts_inverse_values[dask-*",),
        ),
    ),
    (
        "unique_all unique_counts",
        Differs(
            "dask",
            "DataDependentShapeError: the counts need the number of unique values, which "
            "Dask does not know before it computes",
            (
                "test_searching_standard.py::test_unique_all[dask-*",
                "test_searching_standard.py::test_no_warnings[dask]",
            ),
        ),
    ),
    (
        "repeat",
        Differs(
            "dask",
            f"a tensor of counts: {_DASK_UNKNOWN}; negative counts: {_DASK_LAZY_CHECK}",
            (
                "test_manipulation_standard.py::test_repeat_counts[dask-*",
                "test_manipulation_standard.py::test_repeat_0d_and_empty[dask]",
                "test_manipulation_standard.py::test_repeat_refuses[dask-[1, -1]-*",
            ),
        ),
    ),
    (
        "__getitem__ unique_values",
        Differs(
            "dask",
            "scikit-learn on unitensor.array_api.dask: StandardScaler, Ridge and LDA select "
            "with boolean masks and unique_values, whose sizes Dask does not know before it "
            "computes (DataDependentShapeError; the suite runs the six consumers in one "
            "process, so all six are marked)",
            ("test_array_api_consumers.py::test_consumer_results_equal_numpys[dask-*",),
        ),
    ),
    (
        "compute",
        Differs(
            "dask",
            "repr() and format() show the graph (shape, dtype, chunks), not the values: "
            "they do not compute",
            (
                "test_tensor_basics.py::test_repr[dask]",
                "test_tensor_basics.py::test_format[dask]",
            ),
        ),
    ),
    # conformance fixes 2 (Array API 2025.12)
    (
        "__getitem__",
        Differs(
            "dask",
            "slice bounds must be Python ints (or NumPy integers): Dask's slicing refuses "
            "its own 0-d arrays as bounds, whose values are not known before it computes",
            ("test_conformance_fixes_2.py::test_slice_bounds_are_0d_integer_tensors_*[dask-*",),
        ),
    ),
    (
        "__getitem__ nonzero",
        Differs(
            "dask",
            f"a boolean mask and nonzero past 8 axes too: {_DASK_UNKNOWN}",
            ("test_conformance_fixes_2.py::test_masks_and_nonzero_past_8_axes[dask]",),
        ),
    ),
    (
        "log1p",
        Differs(
            _STRICT,
            "complex log1p is the namespace's own: array-api-strict's is NumPy's kernel, "
            "log(1 + z), which loses a small z's digits (log1p(1e-10 + 0j) is 0 in complex64)",
            (
                "test_conformance_fixes_2.py::test_log1p_complex_is_accurate_near_zero"
                "[array_api_strict-complex64]",
            ),
        ),
    ),
]
"""(operation names, ``Differs``): the differences single backends keep, by operation."""
