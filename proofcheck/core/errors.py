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
