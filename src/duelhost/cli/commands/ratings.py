"""``duelhost ratings rebuild``: recompute every rating from the match records and compare it with
the table the server serves (issue 30; ``duelhost.store.rating_audit``).

From the store's own records by default, or from a folder of downloaded records (``--records``,
each ``GET /api/matches/{id}/record`` saved as a ``.json`` file). Exit 0 when every rating change
and rating is equal, 1 with each difference listed when not, 2 for bad input.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from duelhost.cli.output import fail, make_console
from duelhost.core.errors import ConfigError


def register(app: typer.Typer) -> None:
    ratings_app = typer.Typer(
        help="Recompute the ratings from the records; compare.",
        no_args_is_help=True,
    )

    @ratings_app.command()
    def rebuild(
        db: Annotated[
            str | None,
            typer.Option(help="the server's database URL (default: duelhost.sqlite3 here)"),
        ] = None,
        records: Annotated[
            Path | None,
            typer.Option(
                help="a folder of downloaded match records (*.json) to rebuild from, instead "
                "of the store's own",
                file_okay=False,
            ),
        ] = None,
    ) -> None:
        """Recompute every rating from the records; report each difference with the served
        table (exit 1 if there is any)."""
        from duelhost.store import Store
        from duelhost.store.rating_audit import (
            compare,
            facts_from_records,
            facts_from_store,
            recompute,
            served,
        )

        if records is not None and not records.is_dir():
            raise fail(f"no folder {str(records)!r}")
        try:
            store = Store(db)
        except ConfigError as error:
            raise fail(str(error)) from None
        try:
            if records is None:
                facts, notes = facts_from_store(store.engine), list[str]()
                source = "the store's records"
            else:
                facts, notes = facts_from_records(records)
                source = f"{len(facts)} rated records in {records}"
            expected = recompute(facts)
            expected.notes[:0] = notes
            problems = compare(expected, served(store.engine))
        finally:
            store.close()
        console = make_console()
        if problems:
            for problem in problems:
                console.print(problem, highlight=False, markup=False)
            console.print(
                f"{len(problems)} difference(s) between {source} and the served ratings",
                highlight=False,
                markup=False,
            )
            raise typer.Exit(1)
        console.print(
            f"equal: {len(expected.changes)} rating changes of {len(facts)} rated matches and "
            f"{len(expected.table)} ratings rebuilt from {source} match the served table",
            highlight=False,
            markup=False,
        )

    app.add_typer(ratings_app, name="ratings")
