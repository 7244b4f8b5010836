"""Errors that reach the user as one clear line, never as a traceback.

Every error raised for bad input (a data file, a command-line expression, an
out-of-domain parameter) derives from ``ProofcheckError``; the command line
prints ``str(error)`` and exits with status 2.
"""


def shorten(text, limit: int = 120) -> str:
    """``text`` on one line, cut in the middle with an ellipsis when long.

    An error message echoes the user's expression; a 4,000-character one would
    bury the reason.  The start and the end are kept: both locate the input.
    """
    text = " ".join(str(text).split())
    if len(text) <= limit:
        return text
    head = (2 * limit) // 3
    return text[:head] + " … " + text[-(limit - head - 3):]


class ProofcheckError(ValueError):
    """Bad input: printed as one line, exit status 2."""


class ExpressionError(ProofcheckError):
    """An expression is not in the whitelisted language (syntax, name, size)."""


class DomainError(ProofcheckError):
    """A parameter value lies outside its declared domain; names the parameter."""

    def __init__(self, parameter: str, message: str):
        self.parameter = parameter
        super().__init__(f"parameter {parameter}: {message}")


class ClaimFileError(ProofcheckError):
    """A claims file is malformed; names the file and, where known, the claim."""

    def __init__(self, path, message: str, claim_id: str | None = None):
        self.path = str(path)
        self.claim_id = claim_id
        where = f"{self.path}" + (f", claim {claim_id}" if claim_id else "")
        super().__init__(f"{where}: {message}")


class SymbolicTimeout(BaseException):
    """A symbolic step exceeded its time budget.

    Derived from BaseException so that a library's broad ``except Exception``
    cannot swallow it and leave the step running.
    """


class EvaluationError(ArithmeticError):
    """An expression could not be evaluated at a point (pole, domain, no convergence)."""


class NoLimit(EvaluationError):
    """Points approaching a limit point give values that do not settle: no limit exists."""


class Unbounded(EvaluationError):
    """Points approaching a limit point give values of one sign that grow at every step, tenfold
    over the last four: no finite limit is seen (``last`` is the value nearest the point)."""

    def __init__(self, message, last):
        super().__init__(message)
        self.last = last


class CancelledDigits(EvaluationError):
    """An integrand cancels more digits than the working precision carries: a higher
    precision may still compute it."""
