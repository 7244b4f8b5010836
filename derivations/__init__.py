"""Literate SymPy derivations, one per script, read beside the paper.

Installed as ``proofcheck.derivations``; each script also runs standalone.
"""
