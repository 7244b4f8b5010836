"""Claim kinds that need differential-privacy notions (registered with the core)."""
