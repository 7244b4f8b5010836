"""Where the derivation scripts are, for the engine and the command line.

The scripts live in the top-level ``derivations/`` folder, beside the paper, and are
installed as ``proofcheck.derivations`` (``package-dir`` in pyproject.toml).  In a source
checkout that is not installed (``python -m proofcheck`` in the repository) the same folder
is the top-level package ``derivations``; it is then also registered under the installed
name, so that a script that imports another (``from proofcheck.derivations import
v_expansion``) finds it either way.  The engine never names this package: the kind
registry and the verdict cache are handed it from here.
"""
from __future__ import annotations

import importlib
import pkgutil
import sys
from functools import lru_cache
from pathlib import Path
from types import ModuleType

INSTALLED = "proofcheck.derivations"
CHECKOUT = "derivations"


@lru_cache(maxsize=1)
def package() -> ModuleType | None:
    """The scripts' package, installed or from the source checkout; None if neither is there."""
    try:
        return importlib.import_module(INSTALLED)
    except ModuleNotFoundError:
        pass
    try:
        found = importlib.import_module(CHECKOUT)
    except ModuleNotFoundError:
        return None
    if not any(Path(folder, "v_expansion.py").is_file() for folder in found.__path__):
        return None  # some other package of that name
    sys.modules[INSTALLED] = found
    return found


def package_name() -> str:
    """The dotted name under which a script ``NAME`` is imported as ``package_name().NAME``."""
    package()  # in a source checkout, registers the folder under the installed name
    return INSTALLED


def folders() -> tuple[Path, ...]:
    """The folders that hold the scripts (their source enters the verdict cache's key)."""
    found = package()
    return tuple(Path(folder) for folder in found.__path__) if found else ()


def names() -> list[str]:
    """The scripts' names, sorted."""
    return sorted(m.name for m in pkgutil.iter_modules([str(f) for f in folders()])
                  if not m.name.startswith("_"))
