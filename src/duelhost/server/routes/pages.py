"""The plain page: the lobby (``/``), a seat's page (``/play/{id}``, token in the URL fragment)
and the spectator's (``/watch/{id}``); one HTML file for all three."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import HTMLResponse

from duelhost.server.page import PAGE_HTML

router = APIRouter()


@router.get("/", response_class=HTMLResponse, include_in_schema=False)
async def index() -> str:
    return PAGE_HTML


@router.get("/play/{match_id}", response_class=HTMLResponse, include_in_schema=False)
async def play_page(match_id: str) -> str:
    return PAGE_HTML


@router.get("/watch/{match_id}", response_class=HTMLResponse, include_in_schema=False)
async def watch_page(match_id: str) -> str:
    return PAGE_HTML
