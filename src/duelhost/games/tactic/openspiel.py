"""What ``duelhost.openspiel`` needs to know about /TACTIC/ beyond its spec.

No chance (G6). The rules' own caps bound a match; 30,000 nodes is far beyond them.
"""

from __future__ import annotations

from typing import Any


def max_length(options: dict[str, Any], params: dict[str, Any]) -> int:
    """Upper bound on a match's length in OpenSpiel nodes."""
    return 30_000
