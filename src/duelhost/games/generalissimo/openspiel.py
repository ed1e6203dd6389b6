"""What ``duelhost.openspiel`` needs to know about Generalissimo beyond its spec.

Turns alternate and both armies are in every view: perfect information. The rules' own caps
(the no-capture and repetition rules) bound a match; 30,000 moves is far beyond them.
"""

from __future__ import annotations

from typing import Any

PERFECT_INFORMATION = True


def max_length(options: dict[str, Any], params: dict[str, Any]) -> int:
    """Upper bound on a match's length in OpenSpiel nodes."""
    return 30_000
