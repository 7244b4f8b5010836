"""The derivation scripts, as a package.

Installed, ``proofcheck.derivations`` is the top-level ``derivations/`` folder
(see ``package-dir`` in pyproject.toml).  Run from a source checkout without
installing (``python -m proofcheck`` in the repository), this stand-in points
the package at that same folder.
"""
from pathlib import Path

_SCRIPTS = Path(__file__).resolve().parent.parent.parent / "derivations"
if _SCRIPTS.is_dir():
    __path__.append(str(_SCRIPTS))  # noqa: F821 - the package's own search path
