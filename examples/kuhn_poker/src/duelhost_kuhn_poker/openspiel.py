"""What duelhost's OpenSpiel adapter needs to know about Kuhn poker beyond its spec.

Optional: without this module the game would get the defaults (no chance nodes, the deal
drawn from the parameter ``seed``; 10,000 nodes at most). Here the bound is exact: a hand
takes at most three actions. The deal stays drawn from ``seed`` (one OpenSpiel game per
deal); a game that wants its deal as chance nodes returns a model from ``chance``.
"""

from __future__ import annotations

from typing import Any


def max_length(options: dict[str, Any], params: dict[str, Any]) -> int:
    """At most three actions per hand (check, bet, call/fold)."""
    return 3 * int(options["hands"])
