"""Work off the event loop: bots that search choose in threads, finished matches are analysed."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from typing import Any

from duelhost.bots import SeatHandle
from duelhost.bots.analysis import analyse, to_json
from duelhost.bots.budget import Budget
from duelhost.core.errors import IllegalAction
from duelhost.host import botplay
from duelhost.server.hub.base import HubBase
from duelhost.server.hub.live import AnalysisJob, Live

log = logging.getLogger("duelhost.server")


def _plain(value: Any) -> Any:
    """JSON-safe: NaN and infinities become None."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


class Thinking(HubBase):
    """Bots choosing and matches analysed, in the hub's thread pools."""

    async def _think(self, live: Live, seat: int) -> None:
        """``seat``'s bot chooses in a thread on a copy of the state; its choice is then an
        event of the match, unless the match left this process or moved on meanwhile."""
        match = live.match
        decision = match.state.decision
        handle = SeatHandle(match.state.clone(), seat)
        loop = asyncio.get_running_loop()
        try:
            text = await loop.run_in_executor(
                self.thinkers, botplay.think, match.bots[seat], handle
            )
        except Exception:
            # A failing bot must not stall its match (there may be no clock): it plays its
            # first legal submission.
            log.exception("bot failed to choose", extra={"match": match.id})
            text = handle.legal()[0] if handle.legal() else "resign"
        finally:
            live.thinking = None
        if self.live.get(match.id) is not live or live.match is not match:
            return
        with contextlib.suppress(IllegalAction):
            await self._run(live, lambda now: match.bot_move(seat, decision, text, now))

    def analysis(self, live: Live) -> AnalysisJob:
        """The analysis of a finished match: made once in the analysis thread, off the event
        loop and within ``analysis_seconds``, then kept (``analyses_kept`` of them)."""
        match_id = live.match.id
        with self._analyses_lock:
            job = self.analyses.get(match_id)
            if job is not None:
                self.analyses.move_to_end(match_id)
                return job
            job = self.analyses[match_id] = AnalysisJob()
            while len(self.analyses) > self.settings.analyses_kept:
                oldest = next(iter(self.analyses))
                if self.analyses[oldest].status == "computing":
                    break
                del self.analyses[oldest]
        record = live.match.record()
        settings = self.settings

        def progress(done: int, total: int) -> None:
            job.done, job.total = done, total

        def work() -> None:
            try:
                notes = analyse(
                    record,
                    progress,
                    Budget(nodes=settings.analysis_nodes),
                    settings.analysis_seconds,
                    lambda note: job.made.append(_plain(to_json([note])[0])),
                )
                job.notes = _plain(to_json(notes))
                job.status = "done"
            except Exception as error:
                log.exception("analysis failed", extra={"match": match_id})
                job.error = f"the analysis failed: {type(error).__name__}: {error}"
                job.status = "failed"

        job.total = len(record.get("history", []))
        self.analysers.submit(work)
        return job
