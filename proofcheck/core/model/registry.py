"""The kind registry: which checker decides a claim of each kind.

A registry maps a kind's name to where its checker is defined, written as
``"package.module:Class"``.  Nothing is registered by importing a module:
every kind is listed, once, in ``proofcheck/kinds.py`` (the core's and the DP
layer's) or in its pack's ``paper.toml`` (a pack's own kinds).  A checker's
module is imported the first time a claim of that kind is built, so checking
one identity never loads the DP mathematics.
"""
from __future__ import annotations

import importlib
from collections.abc import Mapping

from .errors import ProofcheckError


class KindRegistry(Mapping):
    """Kind name -> Kind instance, imported on first use."""

    def __init__(self, places: dict[str, str] | None = None, scripts: str | None = None):
        self._places: dict[str, str] = {}
        self._made: dict[str, object] = {}
        # The package of derivation scripts that claims may name, handed to each kind made.
        self.scripts = scripts
        self._internal: set[str] = set()  # a pack's own kinds, not offered to a claims file of one's own
        for name, place in (places or {}).items():
            self.add(name, place)

    def add(self, name: str, place) -> None:
        """List kind ``name``: a ``"module:Class"`` place, or a Kind instance (a test's own kind)."""
        if name in self._places or name in self._made:
            raise ProofcheckError(f"kind {name!r} is listed twice")
        if isinstance(place, str):
            self._places[name] = place
        else:
            self._made[name] = place

    def __getitem__(self, name):
        if name not in self._made:
            place = self._places[name]  # KeyError: an unknown kind, as for a dict
            module, _, attribute = place.partition(":")
            kind = getattr(importlib.import_module(module), attribute)()
            if kind.name != name:
                raise ProofcheckError(f"{place} is kind {kind.name!r}, listed as {name!r}")
            kind.scripts = self.scripts
            self._made[name] = kind
        return self._made[name]

    def __iter__(self):
        return iter(sorted(set(self._places) | set(self._made)))

    def __len__(self):
        return len(set(self._places) | set(self._made))

    def __contains__(self, name):
        return name in self._places or name in self._made

    def with_kinds(self, places: dict) -> "KindRegistry":
        """A new registry: these kinds beside this one's."""
        merged = KindRegistry(self._places, self.scripts)
        merged._made.update(self._made)
        merged._internal = set(self._internal) | set(places)
        for name, place in places.items():
            merged.add(name, place)
        return merged

    def user_names(self) -> list[str]:
        """The kinds a claims file of one's own is offered: every kind but the packs' own."""
        return [name for name in self if name not in self._internal]
