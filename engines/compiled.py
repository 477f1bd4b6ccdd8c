"""The optional C kernels: a solver imports its kernel through here and builds in numpy without it."""

from __future__ import annotations

import importlib
from types import ModuleType


def optional_kernel(name: str) -> tuple[ModuleType | None, str | None]:
    """The compiled module ``name`` and None, or None and the one line that says the build runs in numpy."""
    try:
        return importlib.import_module(name), None
    except ImportError as exc:
        return None, f"the C kernel is not built ({exc}); the build runs in numpy"
