"""``python -m unitensor.array_api``: print the coverage table (docs/array-api-table.md)."""

from . import coverage_markdown

print(coverage_markdown(), end="")
