"""Finished matches kept in memory, capped in all (``max_finished_kept``) and per client
(``max_finished_per_client``: the client that created the match, or whose request or stream
brought it back into memory once it was over): past a cap the least recently finished leaves
memory at once (it is rebuilt from the store when next asked for), so no anonymous use grows
the server's memory without bound (issue 32 point 5). A stream does not hold a finished match
in memory: nothing more will come on it, so when the match leaves, its streams close with code
4410 and are not reopened."""

from __future__ import annotations

from duelhost.server.hub.base import HubBase
from duelhost.server.hub.live import Live
from duelhost.server.ownership import ENDED


class Keeping(HubBase):
    """Which finished matches stay in memory."""

    def created_by(self, match_id: str, client: str) -> None:
        """Note the client (address) that created a match, for its per-client cap."""
        self.creators[match_id] = client

    def playing_for(self, client: str) -> int:
        """Unfinished matches in memory that this client created."""
        live = self.live
        return sum(
            1
            for match_id, creator in self.creators.items()
            if creator == client and match_id in live and not live[match_id].match.is_over
        )

    def watched_finished(self, live: Live, client: str) -> None:
        """A stream opened on a finished match: it counts for the client that opened it
        when its creator is not known here (a match rebuilt from the store)."""
        match_id = live.match.id
        if not live.match.is_over or self.creators.get(match_id) is not None:
            return
        self.creators[match_id] = client
        self._kept_finished(live)

    def _kept_finished(self, live: Live) -> None:
        """A match in memory is over: keep it, and let the oldest beyond the caps go."""
        kept = self.finished_kept
        match_id = live.match.id
        kept[match_id] = self.creators.get(match_id)
        kept.move_to_end(match_id)
        client = kept[match_id]
        settings = self.settings
        if client is not None:
            mine = [m for m, c in kept.items() if c == client]
            self._let_go(mine, len(mine) - settings.max_finished_per_client)
        self._let_go(list(kept), len(kept) - settings.max_finished_kept)

    def _let_go(self, oldest_first: list[str], count: int) -> None:
        """Drop up to ``count`` of these finished matches from memory, oldest first, skipping
        those still in use; their streams close."""
        for match_id in oldest_first:
            if count <= 0:
                return
            live = self.live.get(match_id)
            if live is not None and _in_use(live):
                continue
            self._forget(match_id)
            count -= 1
            if live is not None:
                for queues in live.subscribers.values():
                    for queue in queues:
                        queue.put_nowait(ENDED)
                if live.timer is not None:
                    live.timer.cancel()
                    live.timer = None
                del self.live[match_id]

    def _forget(self, match_id: str) -> None:
        """A match left memory: forget what was kept of it here."""
        self.finished_kept.pop(match_id, None)
        self.creators.pop(match_id, None)


def _in_use(live: Live) -> bool:
    """Not over, dropped, or its last step still being committed (a stream on a finished
    match does not count: nothing more will come on it)."""
    committing = live.last_commit is not None and not live.last_commit.done()
    return committing or live.gone or not live.match.is_over
