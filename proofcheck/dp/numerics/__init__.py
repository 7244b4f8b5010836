"""Numbers the DP mathematics shares: Arb beside mpmath, Arb quadrature on the line,
exact inputs and validated parameters, and the Airy functions Ai and Ai'.
"""
