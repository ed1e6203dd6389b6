"""The hub as the server uses it: one object of all its parts."""

from __future__ import annotations

from duelhost.server.hub.hosting import Hosting
from duelhost.server.hub.keeping import Keeping
from duelhost.server.hub.lifecycle import Lifecycle
from duelhost.server.hub.play import Play
from duelhost.server.hub.thinking import Thinking
from duelhost.server.hub.tokens import Tokens
from duelhost.server.hub.watching import Watching


class Hub(Lifecycle, Tokens, Hosting, Play, Thinking, Watching, Keeping):
    """All hosted matches of one server process."""
