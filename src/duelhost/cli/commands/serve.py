"""``duelhost serve`` (the match server), ``duelhost verify`` (check a match record's receipts)
and ``duelhost loadtest`` (a bounded load benchmark against a loopback server)."""

from __future__ import annotations

import gc
import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from duelhost.core.errors import ConfigError
from duelhost.core.registry import load_record
from duelhost.host import receipts

console = Console()


def verify_record(data: Any) -> tuple[int, list[str]]:
    """Check every receipt of a match record against its seat, decision, canonical text and
    published nonce, and replay the record. Returns (receipts checked, problems)."""
    if not isinstance(data, dict):
        raise ConfigError("a match record must be a JSON object")
    problems: list[str] = []
    try:
        load_record(data)
    except ConfigError as error:
        problems.append(f"the record does not replay: {error}")
    match_id = data.get("match")
    history = data.get("history")
    if not isinstance(match_id, str):
        problems.append("the record names no match id (not a server record?)")
        return 0, problems
    if not isinstance(history, list):
        return 0, [*problems, "the record has no history list"]
    checked = 0
    seen: dict[tuple[int, int], str] = {}
    for number, item in enumerate(history):
        if not isinstance(item, dict) or "receipt" not in item:
            continue
        where = f"entry {number} (seat {item.get('seat')}, decision {item.get('decision')})"
        nonce = item.get("nonce")
        if not isinstance(nonce, str):
            problems.append(f"{where}: no nonce published")
            continue
        seat, decision, text = item.get("seat"), item.get("decision"), item.get("text")
        if not isinstance(seat, int) or not isinstance(decision, int) or not isinstance(text, str):
            problems.append(f"{where}: seat, decision and text are needed")
            continue
        if not receipts.check(match_id, seat, decision, text, nonce, str(item["receipt"])):
            problems.append(f"{where}: the receipt does not match {text!r}")
        if (decision, seat) in seen:
            problems.append(f"{where}: a second submission for the same decision")
        seen[(decision, seat)] = text
        checked += 1
    return checked, problems


def register(app: typer.Typer) -> None:
    @app.command()
    def serve(
        host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
        port: Annotated[int, typer.Option(min=0, max=65535, help="port to listen on")] = 8000,
        db: Annotated[
            str | None,
            typer.Option(help="database URL (default: SQLite file duelhost.sqlite3 here)"),
        ] = None,
    ) -> None:
        """Host matches over HTTP and WebSocket, with clocks, seats and durable storage."""
        import uvicorn

        from duelhost.server import create_app
        from duelhost.store import Store, default_url

        try:
            store = Store(db)
        except ConfigError as error:
            Console(stderr=True).print(f"[bold red]error:[/] {error}", highlight=False)
            raise typer.Exit(2) from None
        application = create_app(store=store)
        # The store's writer thread commits while the event loop works; a short switch
        # interval lets it take the interpreter lock without waiting 5 ms each time.
        sys.setswitchinterval(0.0005)
        # Matches hold many small objects; collect the young generations less often.
        gc.set_threshold(50_000, 20, 20)
        shown = f"[{host}]" if ":" in host else host
        console.print(
            f"duelhost serving on http://{shown}:{port}/  (database {db or default_url()})",
            highlight=False,
        )
        uvicorn.run(
            application,
            host=host,
            port=port,
            log_level="warning",
            access_log=False,
            ws_per_message_deflate=False,
        )

    @app.command()
    def verify(
        record: Annotated[Path, typer.Argument(help="a match record from the server")],
    ) -> None:
        """Check a match record: it replays, and every receipt matches its submission."""
        try:
            data = json.loads(record.read_text(encoding="utf-8"))
            checked, problems = verify_record(data)
        except (OSError, ValueError) as error:
            Console(stderr=True).print(f"[bold red]error:[/] {record}: {error}", highlight=False)
            raise typer.Exit(2) from None
        for problem in problems:
            console.print(f"[red]{problem}[/]", highlight=False)
        if problems:
            console.print(f"{record}: {len(problems)} problem(s); {checked} receipt(s) checked")
            raise typer.Exit(1)
        console.print(f"{record}: ok — replays, {checked} receipt(s) match their submissions")

    @app.command()
    def loadtest(
        matches: Annotated[int, typer.Option(min=1, max=1000, help="concurrent matches")] = 200,
        game: Annotated[str, typer.Option(help="game of the matches")] = "goofspiel",
        seconds: Annotated[
            float, typer.Option(min=1, max=600, help="run at most this long")
        ] = 60.0,
        tick_matches: Annotated[
            int, typer.Option(min=0, max=1000, help="extra Multiplanetary matches (tick lateness)")
        ] = 20,
        db: Annotated[
            str | None, typer.Option(help="database URL (default: a temp SQLite file)")
        ] = None,
        think: Annotated[
            float, typer.Option(min=0, max=60, help="mean seconds a client waits before acting")
        ] = 1.0,
    ) -> None:
        """Bounded load benchmark on loopback: N concurrent matches played over WebSocket by
        random clients; prints submit-to-ack and reveal latency percentiles, tick lateness,
        errors and lost submissions."""
        from duelhost.server.loadtest import run_loadtest

        try:
            run_loadtest(matches, game, seconds, tick_matches, db, console, think)
        except ConfigError as error:
            Console(stderr=True).print(f"[bold red]error:[/] {error}", highlight=False)
            raise typer.Exit(2) from None
