"""Shared test settings: hypothesis profiles and the packaged claims.

The default profile keeps the run fast; ``HYPOTHESIS_PROFILE=deep pytest -m slow``
draws many more parameters.
"""
import os

from hypothesis import HealthCheck, settings

settings.register_profile("default", max_examples=8, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("deep", max_examples=200, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
