"""Verdicts and the settings a check runs under.

Evidence, strongest first:

* ``symbolic``  SymPy derived the claim from definitions;
* ``certified`` an Arb enclosure decided it (for a claim without free
  parameters, or at every point of a finite set it quantifies over);
* ``numeric``   agreement to ``required_digits(dps)`` significant digits at
  sampled parameters across the domain, edges included, with the same
  verdict at twice the precision;
* ``logical``   a step with no computation, listed so the map is complete.

A failed verdict carries the counter-example: the parameter values and both
sides.  A check that only re-evaluates an asserted closed form against itself
is never evidence; each kind derives one side from definitions.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace

# Working digits of a run unless --dps says otherwise.
DEFAULT_DPS = 50
# The most sample points a claim or a run may ask for.
MAX_SAMPLES = 200

EVIDENCE_ORDER = ("symbolic", "certified", "numeric", "logical")
STATUSES = ("passed", "failed", "error")

# What a passed verdict rests on, in a reader's words: a proof (SymPy derived it, or Arb
# decided it over the whole stated domain), samples (agreement at the points it names, no
# proof), or an argument (a step with no computation, with its basis).
STANDING = {"symbolic": "proved", "certified": "proved", "numeric": "sampled", "logical": "by argument"}
STANDING_ORDER = ("proved", "sampled", "by argument")


def standing(evidence: str | None) -> str | None:
    """``proved``, ``sampled`` or ``by argument`` for a passed verdict's evidence."""
    return STANDING.get(evidence or "")


def meets(evidence: str | None, required: str) -> bool:
    """Whether a passed verdict of this evidence stands at least as high as ``required``."""
    if required not in STANDING_ORDER:
        raise ValueError(f"unknown standing {required!r}: one of {', '.join(STANDING_ORDER)}")
    found = standing(evidence)
    return found is not None and STANDING_ORDER.index(found) <= STANDING_ORDER.index(required)


@dataclass
class Settings:
    dps: int = DEFAULT_DPS
    seed: int = 20260729
    samples: int = 4
    symbolic_budget: float = 8.0
    routes: tuple = ("symbolic", "certified", "numeric")
    mutant_mode: bool = False
    # Also run the derivation script a claim names and compare (``verify --corroborate``).
    corroborate: bool = False

    @property
    def double(self) -> "Settings":
        return replace(self, dps=2 * self.dps)


# The route a verdict was reached by, when a checker does not name a narrower one.
DEFAULT_ROUTES = {"symbolic": "simplified to zero", "certified": "Arb enclosure",
                  "numeric": "sampled points", "logical": "no computation"}


@dataclass
class Verdict:
    status: str
    evidence: str | None = None
    details: str = ""
    counterexample: dict = field(default_factory=dict)
    seconds: float = 0.0
    route: str = ""  # how it was decided: "integrated, simplified to zero", "sampled 12 points in ..."

    @property
    def passed(self) -> bool:
        return self.status == "passed"

    def as_dict(self) -> dict:
        return asdict(self)


def passed(evidence: str, details: str = "", route: str = "") -> Verdict:
    return Verdict("passed", evidence, details, route=route or DEFAULT_ROUTES.get(evidence, ""))


def failed(details: str, counterexample: dict | None = None) -> Verdict:
    return Verdict("failed", None, details, counterexample or {})


def show_point(point) -> dict:
    """A point of a verdict's counter-example, its names and exact values as text."""
    return {str(k): str(v) for k, v in point.items()}


def weakest(*evidence: str) -> str:
    return max(evidence, key=EVIDENCE_ORDER.index)
