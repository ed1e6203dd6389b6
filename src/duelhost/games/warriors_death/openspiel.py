"""What ``duelhost.openspiel`` needs to know about A Warrior's Death beyond its spec.

No chance (G6: nothing is drawn), so only the bound on a match's length: every round is one
simultaneous node, and a bout has at most ``rounds`` rounds; ``bouts`` bouts and a tie-break
bout make at most ``rounds * (bouts + 1)`` nodes.
"""

from __future__ import annotations

from typing import Any


def max_length(options: dict[str, Any], params: dict[str, Any]) -> int:
    """Upper bound on a match's length in OpenSpiel nodes."""
    return int(options["rounds"]) * (int(options["bouts"]) + 1)
