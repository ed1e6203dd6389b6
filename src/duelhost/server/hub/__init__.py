"""The server's match manager: hosts ``Match`` objects, stores their steps, drives their clocks.

Everything here runs on the asyncio event loop thread, one step at a time, so a match's host is
never entered twice at once. Bots that search (``thinks``) choose off the loop: a thread of
``Hub.thinkers`` runs the bot on a copy of the match state while the loop keeps answering, and
the choice comes back as an event (``Match.bot_move``; dropped if its decision is over), one
thinking bot per match at a time, within the budget the match's clock allows. Each step is
committed to the store before its answer or any frame leaves (``_commit``); if the commit fails,
the match is dropped from memory and rebuilt from the store on next use, so memory never runs
ahead of what is on disk.

The hub is a package of parts, one job each: ``tokens`` (invites, seat tokens, the host key),
``lifecycle`` (start, stop, create), ``hosting`` (matches in memory and their timers), ``play``
(events, commits, frames), ``thinking`` (bots and analysis off the loop), ``watching``
(subscribers); ``base`` holds their shared state, ``facade`` joins them.
"""

from duelhost.server.hub.facade import Hub
from duelhost.server.hub.faults import Busy, NotFound, StorageFailed, Unauthorized
from duelhost.server.hub.lifecycle import check_option_types
from duelhost.server.hub.live import AnalysisJob, Live, NewMatch
from duelhost.server.hub.play import SEAT_ACTIONS
from duelhost.server.hub.tokens import MAX_SECRET, hash_token

__all__ = [
    "MAX_SECRET",
    "SEAT_ACTIONS",
    "AnalysisJob",
    "Busy",
    "Hub",
    "Live",
    "NewMatch",
    "NotFound",
    "StorageFailed",
    "Unauthorized",
    "check_option_types",
    "hash_token",
]
