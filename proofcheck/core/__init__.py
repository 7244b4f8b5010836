"""The paper-agnostic engine: claims, expressions, precision, enclosures, checkers.

Nothing here knows about differential privacy or any particular paper.
"""
