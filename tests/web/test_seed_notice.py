"""RULINGS G7 on the page: a match whose seed the creator chose says so, on every seat's and
the spectator's page, before the first decision; a match with a drawn seed does not."""

from __future__ import annotations

from typing import Any

import httpx

from tests.server.live import Server
from tests.web.conftest import create, ready

NOTICE = "seed chosen by the match's creator"


def test_a_chosen_seed_is_said_before_the_first_decision(server: Server, pages: Any) -> None:
    chosen = create(server, game="goofspiel", options={"galaxies": 1, "planets": 2}, seed=4)
    urls = [seat["invite_url"] for seat in chosen["seats"]] + [chosen["spectate"]]
    for url in urls:
        page = ready(pages(url))
        assert NOTICE in page.inner_text("#title")
    drawn = httpx.post(
        server.url + "/api/matches",
        json={"game": "goofspiel", "options": {"galaxies": 1, "planets": 2}},
    ).json()
    page = ready(pages(drawn["seats"][0]["invite_url"]))
    assert NOTICE not in page.inner_text("#title")
