"""What each field of a claim means, and one example that passes and one that fails, per kind.

``reference.py`` writes ``docs/claims-reference.md`` and ``docs/claims.schema.json`` from the
kinds' own declarations (``Kind.required``, ``optional``, ``description``) and from this table;
a field a kind declares but this table does not explain stops the generator, so the reference
cannot fall behind the code.  Each example is verified by ``tests/test_claims_reference.py``.
"""
from __future__ import annotations

from typing import Any

#: The fields any claim may carry (``core/model/claims.py``, ``COMMON_FIELDS``), in reading order.
COMMON: dict[str, Any] = {
    "id": "a unique name for the claim: letters, digits, '_', '.', '-', starting with a letter or digit",
    "where": "where the paper states it (\"Lemma 4.1, eq. (8)\")",
    "statement": "the statement in words, as a reader would say it",
    "kind": "which checker decides it (one of the kinds below)",
    "statement_tex": "the statement in LaTeX, shown in Jupyter and the report; without it the "
                     "claim's expressions are rendered by SymPy's LaTeX printer",
    "params": "the parameters and their domains: name = \"0 < r < 1\", \"sigma > 0\", "
              "\"integer n >= 1\"; the claim must hold for every point of the domain",
    "variables": "bound variables (of an integral, a sum, a limit): name = \"real\", \"positive\", "
                 "\"nonnegative\" or \"integer\"",
    "define": "shorthands, in order: name = \"expression\", or \"f(x, y)\" = \"expression\" for a "
              "function; a file may carry a top-level [define] table shared by its claims",
    "samples": "how many points a numeric check draws, 1 to 200 (default: verify's --samples); at "
               "least 12 are drawn whatever it says, up to a third at the domain's edges",
    "points": "extra sample points, a list of tables such as [{ r = \"1/2\" }], checked against the domains",
    "sampling": "a narrower range to sample from, name = \"1 <= n <= 50\" (the claim is still about params)",
    "derivation": "the script in derivations/ that derives the result independently",
    "result": "the named result of that derivation script",
    "derivation_note": "what the derivation script derives independently of the claim's own check",
    "evidence": "the evidence the claim must reach (symbolic, certified, numeric, logical): "
                "the pytest plugin fails a claim that passes with other evidence",
    "rests_on": "ids of claims this one relies on (shown in the map of the paper)",
    "routes": "the routes of proof the checker may try (advanced; the default is all)",
    "finding": "marks a claim that goes beyond the paper (proofcheck's own findings)",
    "note": "free text shown beside the verdict",
}

#: Per kind: what its own fields mean, the evidence it can reach, and two examples.
KINDS: dict[str, Any] = {
    "identity": {
        "fields": {
            "lhs": "an expression derived from definitions (an integral E(f, z) over a standard "
                   "Gaussian z, a sum, a derivative)",
            "asserts": "the closed form the paper asserts lhs equals",
        },
        "evidence": ("symbolic", "numeric"),
        "passing": '''\
[[claim]]
id = "half-normal-mean"
where = "fact 1"
statement = "E|Z| = sqrt(2/pi) for a standard Gaussian Z"
kind = "identity"
variables = { z = "real" }
lhs = "E(Abs(z), z)"
asserts = "sqrt(2/pi)"
''',
        "failing": '''\
[[claim]]
id = "half-normal-mean-wrong"
where = "fact 1, misprinted"
statement = "E|Z| = sqrt(1/pi)"
kind = "identity"
variables = { z = "real" }
lhs = "E(Abs(z), z)"
asserts = "sqrt(1/pi)"
''',
    },
    "inequality": {
        "fields": {
            "lhs": "the left side",
            "rel": "the relation: \"<\", \"<=\", \">\" or \">=\"",
            "rhs": "the right side",
            "slack": "a margin the check may use (advanced)",
            "via": "the steps of a proof, a list of expressions: lhs rel via[0] rel ... rel rhs, each "
                   "step proved over the whole domain proves the claim",
        },
        "evidence": ("symbolic", "certified", "numeric"),
        "passing": '''\
[[claim]]
id = "exp-above-tangent"
where = "fact 2"
statement = "e^t >= 1 + t for every real t"
kind = "inequality"
params = { t = "t > -10" }
lhs = "exp(t)"
rel = ">="
rhs = "1 + t"
''',
        "failing": '''\
[[claim]]
id = "square-below-line"
where = "fact 2, too strong"
statement = "t^2 <= t for t in (0, 2)"
kind = "inequality"
params = { t = "0 < t < 2" }
lhs = "t**2"
rel = "<="
rhs = "t"
''',
    },
    "decimal": {
        "fields": {
            "value": "the exact value, as an expression",
            "printed": "the decimal the paper prints, as a string (\"0.7979\"); a correct rounding "
                       "or truncation passes",
        },
        "evidence": ("certified",),
        "passing": '''\
[[claim]]
id = "half-normal-mean-printed"
where = "fact 3"
statement = "sqrt(2/pi) = 0.7979 to four decimals"
kind = "decimal"
value = "sqrt(2/pi)"
printed = "0.7979"
''',
        "failing": '''\
[[claim]]
id = "pi-printed-wrong"
where = "fact 3, misprinted"
statement = "pi = 3.1416 misprinted as 3.1426"
kind = "decimal"
value = "pi"
printed = "3.1426"
''',
    },
    "limit": {
        "fields": {
            "expr": "the expression whose limit is taken",
            "limits": "the limits, innermost first: [[\"n\", \"oo\"], [\"r\", \"0\", \"+\"]] "
                      "(a variable, its point, and optionally a side \"+\" or \"-\")",
            "asserts": "the asserted value of the limit",
        },
        "evidence": ("symbolic", "numeric"),
        "passing": '''\
[[claim]]
id = "compound-interest"
where = "fact 4"
statement = "(1 + x/n)^n -> e^x as n -> oo"
kind = "limit"
params = { x = "0 < x < 5" }
variables = { n = "positive" }
expr = "(1 + x/n)**n"
limits = [["n", "oo"]]
asserts = "exp(x)"
''',
        "failing": '''\
[[claim]]
id = "compound-interest-wrong"
where = "fact 4, wrong"
statement = "(1 + x/n)^n -> e^(2x) as n -> oo"
kind = "limit"
params = { x = "0 < x < 5" }
variables = { n = "positive" }
expr = "(1 + x/n)**n"
limits = [["n", "oo"]]
asserts = "exp(2*x)"
''',
    },
    "asymptotic": {
        "fields": {
            "expr": "the expression",
            "variable": "the variable that tends to the point (a parameter or a variable)",
            "point": "where it tends: \"0\", \"oo\" or a number",
            "direction": "the side, \"+\" or \"-\" (default \"+\")",
            "asserts": "the asymptotic equivalent: expr/asserts tends to 1",
        },
        "evidence": ("symbolic", "numeric"),
        "passing": '''\
[[claim]]
id = "sine-near-zero"
where = "fact 5"
statement = "sin(x) ~ x as x -> 0"
kind = "asymptotic"
params = { x = "0 < x < 1" }
expr = "sin(x)"
variable = "x"
point = "0"
asserts = "x"
''',
        "failing": '''\
[[claim]]
id = "sine-near-zero-wrong"
where = "fact 5, wrong"
statement = "sin(x) ~ 2x as x -> 0"
kind = "asymptotic"
params = { x = "0 < x < 1" }
expr = "sin(x)"
variable = "x"
point = "0"
asserts = "2*x"
''',
    },
    "series": {
        "fields": {
            "expr": "the expression expanded",
            "variable": "the variable of the expansion",
            "point": "the point of the expansion: \"0\", \"oo\" or a number",
            "order": "the order of the remainder: the terms below O(variable^order) must equal "
                     "asserts (at oo, below O(variable^-order))",
            "asserts": "the asserted terms of the expansion",
        },
        "evidence": ("symbolic",),
        "passing": '''\
[[claim]]
id = "log1p-series"
where = "fact 6"
statement = "log(1 + x) = x - x^2/2 + O(x^3)"
kind = "series"
params = { x = "0 < x < 1" }
expr = "log(1 + x)"
variable = "x"
point = "0"
order = 3
asserts = "x - x**2/2"
''',
        "failing": '''\
[[claim]]
id = "log1p-series-wrong"
where = "fact 6, sign"
statement = "log(1 + x) = x + x^2/2 + O(x^3)"
kind = "series"
params = { x = "0 < x < 1" }
expr = "log(1 + x)"
variable = "x"
point = "0"
order = 3
asserts = "x + x**2/2"
''',
    },
    "optimum": {
        "fields": {
            "objective": "the function optimised",
            "over": "the range of each optimised variable: name = \"a > 0\"",
            "at": "the asserted optimiser: name = \"expression\"",
            "value": "the asserted optimal value",
            "sense": "\"max\" or \"min\"",
        },
        "evidence": ("symbolic", "numeric"),
        "passing": '''\
[[claim]]
id = "entropy-max"
where = "fact 7"
statement = "-p log p is largest at p = 1/e, where it is 1/e"
kind = "optimum"
variables = { p = "positive" }
objective = "-p*log(p)"
over = { p = "0 < p < 1" }
at = { p = "exp(-1)" }
value = "exp(-1)"
sense = "max"
''',
        "failing": '''\
[[claim]]
id = "entropy-max-wrong"
where = "fact 7, wrong point"
statement = "-p log p is largest at p = 1/2"
kind = "optimum"
variables = { p = "positive" }
objective = "-p*log(p)"
over = { p = "0 < p < 1" }
at = { p = "1/2" }
value = "log(2)/2"
sense = "max"
''',
    },
    "renyi": {
        "fields": {
            "moment": "E_Q[(dP/dQ)^alpha] written from the definition: a sum over outputs or "
                      "integrate(p^alpha q^(1-alpha), x, -oo, oo)",
            "order": "the name of the order alpha (a parameter)",
            "asserts": "the asserted closed form of D_alpha(P||Q) = log(moment)/(alpha - 1)",
        },
        "evidence": ("symbolic", "numeric"),
        "passing": '''\
[[claim]]
id = "gaussian-renyi"
where = "fact 8 (Mironov 2017, Prop. 7)"
statement = "D_alpha(N(0,1) || N(mu,1)) = alpha mu^2/2"
kind = "renyi"
params = { mu = "0 < mu < 3", alpha = "1 < alpha < 20" }
variables = { x = "real" }
define = { "g(x, m)" = "exp(-(x - m)**2/2)/sqrt(2*pi)" }
order = "alpha"
moment = "integrate(g(x, 0)**alpha*g(x, mu)**(1 - alpha), x, -oo, oo)"
asserts = "alpha*mu**2/2"
''',
        "failing": '''\
[[claim]]
id = "gaussian-renyi-wrong"
where = "fact 8, missing the half"
statement = "D_alpha(N(0,1) || N(mu,1)) = alpha mu^2"
kind = "renyi"
params = { mu = "0 < mu < 3", alpha = "1 < alpha < 20" }
variables = { x = "real" }
define = { "g(x, m)" = "exp(-(x - m)**2/2)/sqrt(2*pi)" }
order = "alpha"
moment = "integrate(g(x, 0)**alpha*g(x, mu)**(1 - alpha), x, -oo, oo)"
asserts = "alpha*mu**2"
''',
    },
    "kl": {
        "fields": {
            "definition": "KL(P||Q) written from the definition: a sum of P log(P/Q) over outputs, "
                          "or the integral",
            "asserts": "the asserted closed form",
        },
        "evidence": ("symbolic", "numeric"),
        "passing": '''\
[[claim]]
id = "bernoulli-kl"
where = "fact 9"
statement = "KL(Bern(p) || Bern(1/2)) = log 2 + p log p + (1-p) log(1-p)"
kind = "kl"
params = { p = "0 < p < 1" }
definition = "p*log(p/(1/2)) + (1 - p)*log((1 - p)/(1/2))"
asserts = "log(2) + p*log(p) + (1 - p)*log(1 - p)"
''',
        "failing": '''\
[[claim]]
id = "bernoulli-kl-wrong"
where = "fact 9, sign"
statement = "KL(Bern(p) || Bern(1/2)) = log 2 - p log p - (1-p) log(1-p)"
kind = "kl"
params = { p = "0 < p < 1" }
definition = "p*log(p/(1/2)) + (1 - p)*log((1 - p)/(1/2))"
asserts = "log(2) - p*log(p) - (1 - p)*log(1 - p)"
''',
    },
    "alpha-one-limit": {
        "fields": {
            "divergence": "the closed form of D_alpha",
            "order": "the name of the order alpha (a variable)",
            "asserts": "the asserted limit of D_alpha/alpha as alpha -> 1+ (the KL divergence)",
        },
        "evidence": ("symbolic", "numeric"),
        "passing": '''\
[[claim]]
id = "gaussian-kl-limit"
where = "fact 10"
statement = "D_alpha/alpha -> mu^2/2 as alpha -> 1 for N(0,1) against N(mu,1)"
kind = "alpha-one-limit"
params = { mu = "mu > 0" }
variables = { alpha = "positive" }
order = "alpha"
divergence = "alpha*mu**2/2"
asserts = "mu**2/2"
''',
        "failing": '''\
[[claim]]
id = "gaussian-kl-limit-wrong"
where = "fact 10, wrong"
statement = "D_alpha/alpha -> mu^2 as alpha -> 1"
kind = "alpha-one-limit"
params = { mu = "mu > 0" }
variables = { alpha = "positive" }
order = "alpha"
divergence = "alpha*mu**2/2"
asserts = "mu**2"
''',
    },
    "zcdp-supremum": {
        "fields": {
            "divergence": "the closed form of D_alpha",
            "order": "the name of the order alpha (a variable)",
            "asserts": "the asserted rho = sup over alpha > 1 of D_alpha/alpha",
            "grid": "the orders scanned: { nearest = \"1/1000000\", alpha_max = \"100000\", "
                    "per_decade = 16 } (these are the defaults)",
            "over": "variables of a worst case over a family of pairs, name = \"range\"",
            "over_points": "how many points of each 'over' range are scanned",
            "at": "the maximiser of the 'over' variables, where the limit is taken",
        },
        "evidence": ("certified", "numeric"),
        "passing": '''\
[[claim]]
id = "laplace-tight-zcdp"
where = "fact 11"
statement = "Laplace of scale 1/eps is (eps + e^-eps - 1)-zCDP, tight"
kind = "zcdp-supremum"
params = { eps = "1/10 <= eps <= 2" }
variables = { alpha = "positive" }
define = { "mironov(a, e)" = "log(a/(2*a - 1)*exp((a - 1)*e) + (a - 1)/(2*a - 1)*exp(-a*e))/(a - 1)" }
order = "alpha"
divergence = "mironov(alpha, eps)"
asserts = "eps + exp(-eps) - 1"
grid = { nearest = "1/1000", alpha_max = "1000", per_decade = 4 }
samples = 2
''',
        "failing": '''\
[[claim]]
id = "laplace-tight-zcdp-wrong"
where = "fact 11, too small"
statement = "Laplace of scale 1/eps is (eps^2/4)-zCDP"
kind = "zcdp-supremum"
params = { eps = "1/10 <= eps <= 2" }
variables = { alpha = "positive" }
define = { "mironov(a, e)" = "log(a/(2*a - 1)*exp((a - 1)*e) + (a - 1)/(2*a - 1)*exp(-a*e))/(a - 1)" }
order = "alpha"
divergence = "mironov(alpha, eps)"
asserts = "eps**2/4"
grid = { nearest = "1/1000", alpha_max = "1000", per_decade = 4 }
samples = 2
''',
    },
    "zcdp-excess": {
        "fields": {
            "divergence": "the closed form of D_alpha, every parameter fixed by 'define'",
            "order": "the name of the order alpha (a variable)",
            "excess_percent": "the printed excess of the peak of D_alpha/alpha over its alpha -> 1 "
                              "limit, in percent, as a string (\"1.8\")",
            "grid": "the orders scanned, as for zcdp-supremum",
        },
        "evidence": ("certified", "numeric"),
        "passing": '''\
[[claim]]
id = "krr7-excess"
where = "fact 12"
statement = "7-ary randomized response at eps = 0.1: sup D_alpha/alpha exceeds KL by 1.1%"
kind = "zcdp-excess"
variables = { alpha = "positive" }
define = { eps = "1/10", k = "7", "krr(a, e, m)" = "log((exp(a*e) + exp((1 - a)*e) + m - 2)/(exp(e) + m - 1))/(a - 1)" }
order = "alpha"
divergence = "krr(alpha, eps, k)"
excess_percent = "1.1"
''',
        "failing": '''\
[[claim]]
id = "krr7-excess-wrong"
where = "fact 12, misprinted"
statement = "7-ary randomized response at eps = 0.1: the excess is 2.1%"
kind = "zcdp-excess"
variables = { alpha = "positive" }
define = { eps = "1/10", k = "7", "krr(a, e, m)" = "log((exp(a*e) + exp((1 - a)*e) + m - 2)/(exp(e) + m - 1))/(a - 1)" }
order = "alpha"
divergence = "krr(alpha, eps, k)"
excess_percent = "2.1"
''',
    },
    "derived": {
        "fields": {
            "derivation": "the literate derivation script in derivations/ (installed as "
                          "proofcheck.derivations) that computes the result",
            "result": "the name of the result in that script's results()",
            "asserts": "what the paper asserts the result equals",
        },
        "evidence": ("symbolic", "numeric"),
        "passing": '''\
[[claim]]
id = "lower-half"
where = "Lemma 4.1 proof (derivations/gaussian_lemma.py)"
statement = "E[e^{sZ-s^2} 1{Z<=s}] = e^{-s^2/2}/2"
kind = "derived"
params = { sigma = "sigma > 0" }
derivation = "gaussian_lemma"
result = "lower_half"
asserts = "exp(-sigma**2/2)/2"
''',
        "failing": '''\
[[claim]]
id = "lower-half-wrong"
where = "Lemma 4.1 proof, wrong exponent"
statement = "E[e^{sZ-s^2} 1{Z<=s}] = e^{-s^2}/2"
kind = "derived"
params = { sigma = "sigma > 0" }
derivation = "gaussian_lemma"
result = "lower_half"
asserts = "exp(-sigma**2)/2"
''',
    },
    "logical": {
        "fields": {
            "reason": "why there is nothing to compute",
            "basis": "which kind of step: \"definition\", \"cited\", \"structure\" or \"scope\"",
        },
        "evidence": ("logical",),
        "passing": '''\
[[claim]]
id = "neighbouring"
where = "Definition 2.1"
statement = "two data sets are neighbouring when they differ in one record"
kind = "logical"
reason = "a definition: nothing to compute"
basis = "definition"
''',
        "failing": None,
    },
}
