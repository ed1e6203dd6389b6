"""The server's routes, one router per concern: matches (HTTP), the live stream (WebSocket),
games and figures, and the pages."""
