"""``python -m proofcheck``: the same as the ``proofcheck`` command."""
import sys

from .cli import main

sys.exit(main())
