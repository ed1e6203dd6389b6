"""Game-specific commands; each module defines ``register(app: typer.Typer)``."""
