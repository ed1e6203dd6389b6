"""The match server: FastAPI app (HTTP + WebSocket), the hub that hosts matches, the plain page."""

from duelhost.server.app import create_app
from duelhost.server.hub import Hub

__all__ = ["Hub", "create_app"]
