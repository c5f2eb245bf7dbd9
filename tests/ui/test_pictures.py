"""Pictures drawn in a worker process are the pictures drawn in place: the views travel as JSON
and the PNG comes back as it was drawn."""

from __future__ import annotations

import base64
from typing import Any

import orjson
import pytest

from bot.games import GAMES
from bot.i18n import ENGLISH
from bot.ui import images
from bot.ui.boards import board_for
from bot.ui.images import BoardPicture, HandPicture
from bot.ui.pictures import Painter

from tests.ui.test_images import NAMES, play

PLAYERS = {"gin_rummy": 2}


def pictures(game_id: str) -> list[BoardPicture | HandPicture]:
    """Boards and every seat's hand at points of a seeded game."""
    made: list[BoardPicture | HandPicture] = []
    players = PLAYERS.get(game_id, 4)
    for game in play(game_id, players, seed=3, every=17, max_actions=300):
        public = game.public_view()
        labels = dict(board_for(game_id).image_labels(public, ENGLISH))
        made.append(BoardPicture(game_id, public, NAMES[:players], labels))
        made += [HandPicture(game_id, game.private_view(seat), public) for seat in range(players)]
    return made


def as_a_worker_gets_it(picture: BoardPicture | HandPicture) -> dict[str, Any]:
    fields, views = picture.request()
    raw = {name: orjson.dumps(view, default=str, option=orjson.OPT_NON_STR_KEYS) for name, view in views.items()}
    line = orjson.dumps(fields)[:-1] + b"".join(b',"%b":%b' % (k.encode(), v) for k, v in raw.items()) + b"}"
    got: dict[str, Any] = orjson.loads(line)
    return got


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_picture_from_the_views_as_json_is_the_picture_drawn_in_place(game_id: str) -> None:
    drawn = 0
    for picture in pictures(game_id):
        png = picture.draw()
        got = images.draw(as_a_worker_gets_it(picture))["png"]
        assert (None if got is None else base64.b64decode(got)) == png
        drawn += png is not None
    assert drawn > 5


async def test_a_painter_with_a_worker_process_sends_back_the_same_bytes() -> None:
    painter = Painter(workers=1)
    try:
        for picture in pictures("tripoley")[:6]:
            assert await painter.draw(picture) == picture.draw()
        assert painter.pids
    finally:
        await painter.close()
