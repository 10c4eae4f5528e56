"""MkDocs hook: render Sphinx roles left in docstrings as plain code.

Several docstrings in ``src/unitensor`` use Sphinx cross-reference roles
(``:func:`astensor```, ``:meth:`Tensor.pad```). mkdocstrings does not
understand them and would print the role name literally (":func:astensor").
This hook drops the role prefix so the target reads as inline code. It does
not create links, and it never fails the build.
"""

from __future__ import annotations

import re
from typing import Any

_ROLE = re.compile(r":(?:py:)?(?:func|meth|class|mod|data|attr|obj|exc)::?(?=<code>)")


def on_page_content(html: str, **kwargs: Any) -> str:
    """Strip ``:role:`` before inline code in the rendered page."""
    return _ROLE.sub("", html)
