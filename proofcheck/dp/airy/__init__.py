"""The Airy analysis beyond the paper: the logarithmic derivative of Ai, a Rényi bound
uniform in alpha, an explicit admissible family and the linear potential's ground state.
"""
