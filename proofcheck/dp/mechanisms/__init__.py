"""Mechanisms: the paper's shifted-log Gaussian (§3), log-location mechanisms for any
noise law and their drift, and a catalogue (Laplace, discrete Laplace, randomized
response, RAPPOR, bounded range, pure DP) with their tight zCDP parameters.
"""
