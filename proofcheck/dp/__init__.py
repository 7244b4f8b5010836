"""Reusable differential-privacy mathematics, independent of any paper."""
