"""The server's limits, defined once: ``duelhost serve`` fills ``ServerSettings`` from its
options, ``create_app`` hands it to the hub and the routes, and docs/server.md lists every field.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from duelhost.host.limits import HostLimits


@dataclass(frozen=True)
class ServerSettings:
    """Every limit of one server process (the defaults are those of ``duelhost serve``)."""

    max_text: int = 20_000
    """Characters of one submission's text."""
    max_key: int = 200
    """Characters of an idempotency key (and of a live-stream message's ``ref``)."""
    max_backlog: int = 500
    """Frames waiting for one slow live client before it is disconnected (close code 4408;
    it reconnects and resumes with ``after``)."""
    resume_grace: float = 120.0
    """Seconds after a recipient's last live client left during which frames are still built
    for it, so a client that reconnects gets exactly what it missed."""
    evict_after: float = 600.0
    """Seconds a finished match stays in memory after its last event while nobody watches."""
    hello_timeout: float = 30.0
    """Seconds a new live stream has to send its first message."""
    key_file: str | None = None
    """The server key's file (created on first start; see ``server.keys``); None: beside a
    SQLite database, else ``$XDG_DATA_HOME/duelhost/server.key``."""
    max_body_bytes: int = 262_144
    """Bytes of one HTTP request body; a longer one gets 413 before it is parsed (enough for
    the longest valid body: ``max_text`` characters written as JSON escapes)."""
    max_live_matches: int = 1_000
    """Unfinished matches the server hosts at once; a creation past it gets 429."""
    max_matches_per_client: int = 20
    """Matches one client (address) may create in any 60 seconds; past it, 429."""
    max_live_per_client: int = 20
    """Unfinished matches in memory one client (address) may have created; past it, a
    creation gets 429 until one ends: with ``max_finished_per_client``, what one address can
    hold in memory is bounded (issue 32 point 5)."""
    requests_per_second: float = 50.0
    """HTTP requests and new live streams per client and second on average (bursts of twice
    as many); past it, 429 (a live stream is closed with code 4429)."""
    ws_max_message: int = 65_536
    """Characters of one live-stream message from a client; a longer one gets an ``error``."""
    ws_messages_per_second: float = 20.0
    """Messages a live stream's client may send a second on average (bursts of twice as
    many); past it, each gets an ``error`` and is not acted on."""
    idle_evict: float = 300.0
    """Seconds an unfinished match stays in memory after its last event while nobody watches
    it; it is reloaded from the store when it is next used or its clock is due."""
    analysis_nodes: int = 64
    """Think budget of ``GET /api/matches/<id>/analysis`` a decision, in nodes (rollouts or
    playouts): deterministic, whatever the load."""
    analysis_seconds: float = 120.0
    """Seconds one match's analysis may take in all; decisions past it are noted "not
    analysed"."""
    analyses_kept: int = 64
    """Finished analyses kept in memory (the oldest is forgotten and made again if asked)."""
    replays_per_minute: int = 12
    """Replays (and analyses) one client may have built in any 60 seconds; a page of a replay
    already built costs none. Past it, 429 (``server.replays``)."""
    replay_queue: int = 4
    """Replays waiting to be built at once (one is built at a time, off the event loop);
    past it, 429."""
    replay_cache_bytes: int = 64 * 1024 * 1024
    """Bytes of built replays kept (encoded); the least recently used is forgotten first."""
    replay_page_bytes: int = 1024 * 1024
    """Bytes of steps in one page of a replay answer (at least one step a page)."""
    max_finished_kept: int = 200
    """Finished matches kept in memory at once; past it the least recently used that nobody
    watches leaves memory at once (it is reloaded from the store when asked for)."""
    max_finished_per_client: int = 10
    """Finished matches one client's creations keep in memory; past it its oldest leave."""
    max_streams: int = 2_000
    """Live streams (WebSockets) open at once; past it a new one is closed with code 4429."""
    max_streams_per_client: int = 50
    """Live streams one client (address) may hold open; past it, close code 4429."""
    header_timeout: float = 10.0
    """Seconds a client has to send a request's whole header; then the connection is closed."""
    body_timeout: float = 20.0
    """Seconds a client has to send a request's whole body; then 408."""
    trusted_proxies: tuple[str, ...] = ()
    """Addresses of the reverse proxies whose ``X-Forwarded-For`` and ``X-Forwarded-Proto``
    are believed (``duelhost serve --trusted-proxy``); none by default: a client is the
    address it connects from, whatever headers it sends."""
    signups_per_minute: int = 5
    """Accounts one client (address) may make in any 60 seconds; past it, 429."""
    signins_per_minute: int = 20
    """Sign-in attempts (password, recovery code) one client may make in any 60 seconds."""
    signins_per_name: int = 10
    """Sign-in attempts for one name (whether or not an account has it) in any 60 seconds."""
    password_time_cost: int = 3
    """argon2id passes of a password hash (3, as RFC 9106's low-memory profile)."""
    password_memory_kib: int = 65_536
    """argon2id memory of a password hash, KiB (64 MiB; one lane, one hash at a time)."""
    max_open_seeks: int = 3
    """Open seeks one account may have at once."""
    max_open_challenges: int = 10
    """Open challenges one account may have made at once."""
    seek_seconds: float = 1800.0
    """Seconds a seek stays open in the lobby unless accepted or withdrawn."""
    challenge_seconds: float = 300.0
    """Seconds a challenge waits for its answer before it expires."""
    host: HostLimits = field(default_factory=HostLimits)
    """What one match keeps and sends: legal-list size, frame buffer, bot burst, idempotency
    keys per seat."""
