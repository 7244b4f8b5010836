"""proofcheck's version, in one place (the CLI, the reports and the API read it here)."""

__version__ = "0.2.0"
