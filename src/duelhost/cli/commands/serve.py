"""``duelhost serve`` (the match server) and ``duelhost loadtest`` (a bounded load benchmark
against a loopback server)."""

from __future__ import annotations

import gc
import sys
from typing import Annotated

import typer

from duelhost.cli.output import fail, make_console
from duelhost.core.errors import ConfigError
from duelhost.host.limits import HostLimits
from duelhost.server.settings import ServerSettings

console = make_console()


def register(app: typer.Typer) -> None:
    @app.command()
    def serve(
        host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
        port: Annotated[int, typer.Option(min=0, max=65535, help="port to listen on")] = 8000,
        db: Annotated[
            str | None,
            typer.Option(help="database URL (default: SQLite file duelhost.sqlite3 here)"),
        ] = None,
        key_file: Annotated[
            str | None,
            typer.Option(
                help="server key file, created on first start (default: beside a SQLite "
                "database, else ~/.local/share/duelhost/server.key)"
            ),
        ] = None,
        max_live_matches: Annotated[
            int, typer.Option(min=1, help="unfinished matches hosted at once")
        ] = ServerSettings.max_live_matches,
        max_matches_per_client: Annotated[
            int, typer.Option(min=1, help="matches one client may create a minute")
        ] = ServerSettings.max_matches_per_client,
        max_live_per_client: Annotated[
            int,
            typer.Option(min=1, help="unfinished matches one client may have created at once"),
        ] = ServerSettings.max_live_per_client,
        requests_per_second: Annotated[
            float, typer.Option(min=0.1, help="requests per client and second")
        ] = ServerSettings.requests_per_second,
        ws_messages_per_second: Annotated[
            float,
            typer.Option(min=0.1, help="messages a live stream's client may send a second"),
        ] = ServerSettings.ws_messages_per_second,
        idle_seconds: Annotated[
            float, typer.Option(min=1, help="a match no human seat acts in for this long ends")
        ] = HostLimits.idle_seconds,
        cluster: Annotated[
            bool,
            typer.Option(
                help="one of several processes sharing the PostgreSQL database --db "
                "(docs/server.md, Deployment)"
            ),
        ] = False,
        advertise: Annotated[
            str | None,
            typer.Option(help="with --cluster: this process's URL for the others"),
        ] = None,
        trusted_proxy: Annotated[
            list[str] | None,
            typer.Option(
                help="address of a reverse proxy whose X-Forwarded-For is believed "
                "(repeatable; none by default)"
            ),
        ] = None,
        replays_per_minute: Annotated[
            int, typer.Option(min=1, help="replays and analyses one client may have built a minute")
        ] = ServerSettings.replays_per_minute,
        header_timeout: Annotated[
            float, typer.Option(min=0.1, help="seconds a client has to send a request's header")
        ] = ServerSettings.header_timeout,
        body_timeout: Annotated[
            float, typer.Option(min=0.1, help="seconds a client has to send a request's body")
        ] = ServerSettings.body_timeout,
        max_streams: Annotated[
            int, typer.Option(min=1, help="live streams (WebSockets) open at once, in all")
        ] = ServerSettings.max_streams,
        max_streams_per_client: Annotated[
            int, typer.Option(min=1, help="live streams one client may hold open at once")
        ] = ServerSettings.max_streams_per_client,
        signups_per_minute: Annotated[
            int, typer.Option(min=1, help="accounts one client may make a minute")
        ] = ServerSettings.signups_per_minute,
        signins_per_minute: Annotated[
            int, typer.Option(min=1, help="sign-in attempts one client may make a minute")
        ] = ServerSettings.signins_per_minute,
        signins_per_name: Annotated[
            int, typer.Option(min=1, help="sign-in attempts for one name a minute")
        ] = ServerSettings.signins_per_name,
    ) -> None:
        """Run the match server.

        Hosts matches over HTTP and WebSocket, with clocks, seats and durable storage."""
        import uvicorn

        from duelhost.server import create_app
        from duelhost.server import logs as server_logs
        from duelhost.server.slow import forwarding, header_timeout_protocol
        from duelhost.store import Store, default_url

        settings = ServerSettings(
            key_file=key_file,
            max_live_matches=max_live_matches,
            max_matches_per_client=max_matches_per_client,
            max_live_per_client=max_live_per_client,
            requests_per_second=requests_per_second,
            ws_messages_per_second=ws_messages_per_second,
            host=HostLimits(idle_seconds=idle_seconds),
            replays_per_minute=replays_per_minute,
            header_timeout=header_timeout,
            body_timeout=body_timeout,
            trusted_proxies=tuple(trusted_proxy or ()),
            max_streams=max_streams,
            max_streams_per_client=max_streams_per_client,
            signups_per_minute=signups_per_minute,
            signins_per_minute=signins_per_minute,
            signins_per_name=signins_per_name,
        )
        shown = f"[{host}]" if ":" in host else host
        address = advertise or f"http://{shown}:{port}"
        try:
            store = Store(db)
            application = create_app(
                store=store, settings=settings, cluster=address if cluster else None
            )
        except ConfigError as error:
            raise fail(f"{error}") from None
        # The store's writer thread commits while the event loop works; a short switch
        # interval lets it take the interpreter lock without waiting 5 ms each time.
        sys.setswitchinterval(0.0005)
        # Matches hold many small objects; collect the young generations less often.
        gc.set_threshold(50_000, 20, 20)
        console.print(
            f"duelhost serving on http://{shown}:{port}/  (database {db or default_url()})",
            highlight=False,
        )
        # The server's own lines (the match id a field of each) as JSON on stderr.
        server_logs.configure()
        uvicorn.run(
            application,
            host=host,
            port=port,
            log_level="warning",
            # Forwarded headers only from the proxies named (uvicorn would believe any from
            # 127.0.0.1, so a local client could claim any address: issue 32 point 5).
            **forwarding(settings),
            http=header_timeout_protocol(settings.header_timeout),
            timeout_keep_alive=5,
            access_log=False,
            ws_per_message_deflate=False,
            # The stream refuses longer messages itself; this bounds what is buffered first.
            ws_max_size=4 * settings.ws_max_message + 1024,
            # SIGTERM: stop accepting, give open requests and streams this long, then commit
            # whatever is queued and exit.
            timeout_graceful_shutdown=10,
        )

    @app.command()
    def loadtest(
        matches: Annotated[int, typer.Option(min=1, max=1000, help="concurrent matches")] = 200,
        game: Annotated[
            str | None, typer.Option(help="game of the matches (default: the first simultaneous)")
        ] = None,
        seconds: Annotated[
            float, typer.Option(min=1, max=600, help="run at most this long")
        ] = 60.0,
        tick_matches: Annotated[
            int, typer.Option(min=0, max=1000, help="extra matches of a tick game (tick lateness)")
        ] = 20,
        db: Annotated[
            str | None, typer.Option(help="database URL (default: a temp SQLite file)")
        ] = None,
        think: Annotated[
            float, typer.Option(min=0, max=60, help="mean seconds a client waits before acting")
        ] = 1.0,
        processes: Annotated[
            int,
            typer.Option(
                min=1,
                max=16,
                help="server processes (--cluster) sharing the PostgreSQL --db; the matches "
                "are spread over them",
            ),
        ] = 1,
    ) -> None:
        """Load-test a server on loopback.

        N concurrent matches are played over WebSocket by random clients, for a bounded time;
        prints submit-to-ack and reveal latency percentiles, tick lateness, errors and lost
        submissions. With --processes N, N cluster processes on a PostgreSQL --db share the
        matches (each match created on, and played through, one of them)."""
        from duelhost.server.loadtest import run_loadtest

        try:
            run_loadtest(
                matches, game, seconds, tick_matches, db, console, think, processes=processes
            )
        except ConfigError as error:
            raise fail(f"{error}") from None
