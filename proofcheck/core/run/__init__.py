"""Running checks: one claim, many claims in isolated workers, and the verdict cache.

``check`` (a claim's check, its corroboration by a script and its negative controls),
``literal_reading`` (SymPy's reading held against the claim's text), ``runner`` (the
pool of forked workers with time and memory limits), ``limits`` (the memory a worker may
use), ``schedule`` (a paper's claims to one worker, heaviest first) and ``verdict_cache``
(verdicts kept under a content hash).
"""
