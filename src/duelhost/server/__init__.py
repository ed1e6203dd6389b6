"""The match server: FastAPI app (HTTP + WebSocket), the hub hosting matches, the client routes."""

from duelhost.server.app import create_app
from duelhost.server.hub import Hub

__all__ = ["Hub", "create_app"]
