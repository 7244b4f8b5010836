"""proofcheck: re-verify the mathematics of differential-privacy papers from definitions.

The paper is data (``proofcheck/papers/*/claims``), the checking is code
(``proofcheck/core``), and every verdict names its evidence.  From Python,
``proofcheck.load`` gives a paper's claims and ``proofcheck.verify`` checks
them all (``proofcheck/api``).
"""
from __future__ import annotations

import os
import sys

from .version import __version__

# Without importing typing: `import proofcheck` loads nothing beyond this file and version.py.
TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import Any

    from .api import load, verify
    from .dp.mechanisms.shifted_log_gaussian import ShiftedLogGaussian

# SymPy remembers the results of its core operations (construction, assumptions, expansion)
# in caches of 1000 entries each by default.  A claim, its negative controls and the routes
# that decide them meet the same sub-expressions again and again, and a cache that small
# has evicted them by then: with 20000, a run of the three packs spends about 7% less time.
# The size is read when SymPy is first imported, so it is set only before that, and a size
# the user chose is kept.
if "sympy" not in sys.modules:
    os.environ.setdefault("SYMPY_CACHE_SIZE", "20000")

__all__ = ["ShiftedLogGaussian", "__version__", "load", "verify"]


def __getattr__(name: str) -> Any:
    # Imported on first use so that `import proofcheck` stays light (no SymPy, no mpmath).
    if name == "ShiftedLogGaussian":
        from .dp.mechanisms.shifted_log_gaussian import ShiftedLogGaussian  # lazy: `import proofcheck` stays light
        return ShiftedLogGaussian
    if name in ("load", "verify"):
        from . import api  # lazy: `import proofcheck` stays light
        return getattr(api, name)
    raise AttributeError(f"module 'proofcheck' has no attribute {name!r}")
