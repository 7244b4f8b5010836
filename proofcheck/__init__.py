"""proofcheck: re-verify the mathematics of differential-privacy papers from definitions.

The paper is data (``proofcheck/papers/*/claims``), the checking is code
(``proofcheck/core``), and every verdict names its evidence.
"""
from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["ShiftedLogGaussian", "__version__"]


def __getattr__(name):
    # Imported on first use so that `import proofcheck` stays light.
    if name == "ShiftedLogGaussian":
        from .dp.shifted_log_gaussian import ShiftedLogGaussian
        return ShiftedLogGaussian
    raise AttributeError(f"module 'proofcheck' has no attribute {name!r}")
