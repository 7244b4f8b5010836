"""Printed decimals and certified digits of constants.

``digits`` (certified digits of an exact constant), ``mpmath_digits`` (the same by a
second engine), ``balls`` (Arb balls of a decimal), ``printed`` (a decimal as the paper
prints it) and ``audit`` (correct rounding, correct truncation, or wrong and by how much).
"""
