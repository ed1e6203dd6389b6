"""The server's routes, one router per concern: matches (HTTP), the live stream (WebSocket),
games and figures; the browser client's pages are ``duelhost.server.web``."""
