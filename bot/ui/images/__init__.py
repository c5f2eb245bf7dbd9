"""Cards, tiles and boards as pictures (Pillow), drawn from the games' views.

    board_png(game_id, public, names, labels=None, final=False) -> bytes | None
        The table: `public` is `public_view()`, `names` the seats' display names, `labels`
        optional words by code (the Tripoley mat's pools, the legend's lines), already in the
        reader's language (`board_for(game_id).image_labels(public, locale)`). `final`: the deal
        that just ended instead (the showdown, the last trick, the final line), for the deal's
        closed message; `public` is then the view just after it ended.
    hand_png(game_id, private, public, labels=None) -> bytes | None
        A seat's hand from `private_view(seat)`, grouped exactly as the hand text is, with a
        legend of its marks when `labels` name them.

`BoardPicture` and `HandPicture` hold what one picture is drawn from, so it can be drawn here
or, as JSON, in a worker process (`draw`, the worker's task; `bot/ui/pictures.py`).

None where a game or phase has nothing to draw. Pure functions: the same views give the same
bytes, and recent results are kept in a small cache keyed by the views' content. A game's board
lives in `bot/ui/images/<game_id>.py` as `board_scene(public, names, labels) -> Scene | None`, with
an optional `final_scene` of the same form (else the board is the final picture); its hand is
drawn from the text board's `hand_groups`, so the picture and the text always group alike.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import importlib
import json
import pkgutil
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from bot.ui.boards import board_for

from .paint import render
from .parts import BANK as GOLD
from .parts import MARK, Key, legend
from .scene import Builder, Scene, flow

CACHE_SIZE = 256
BOARD_FILE = "board.png"
HAND_FILE = "hand.png"


class _LRU:
    """PNG bytes by content hash, the least recently used dropped first."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.data: OrderedDict[str, bytes | None] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: str, make: Callable[[], bytes | None]) -> bytes | None:
        with self.lock:
            if key in self.data:
                self.data.move_to_end(key)
                return self.data[key]
        value = make()
        with self.lock:
            self.data[key] = value
            while len(self.data) > self.size:
                self.data.popitem(last=False)
        return value


_cache = _LRU(CACHE_SIZE)


def _key(*parts: Any) -> str:
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()


@functools.cache
def _board_module(game_id: str) -> ModuleType | None:
    modules = {m.name for m in pkgutil.iter_modules(__path__)}
    return importlib.import_module(f"{__name__}.{game_id}") if game_id in modules else None


def board_scene(game_id: str, public: Mapping[str, Any], names: list[str],
                labels: Mapping[str, str] | None = None, final: bool = False) -> Scene | None:
    """The table's layout (no pixels): for tests and for `board_png`."""
    module = _board_module(game_id)
    if module is None:
        return None
    make = getattr(module, "final_scene", module.board_scene) if final else module.board_scene
    scene: Scene | None = make(public, list(names), dict(labels or {}))
    return scene


MARKED_KEY = Key("marked", fill=(250, 250, 246), outline=MARK)
WILD_KEY = Key("wild", fill=(250, 250, 246), outline=GOLD)


def hand_scene(game_id: str, private: Mapping[str, Any], public: Mapping[str, Any],
               labels: Mapping[str, str] | None = None) -> Scene | None:
    """The hand's layout (no pixels): the text board's groups, flowed into rows, and a legend of
    what the raised and starred cards mean."""
    groups = board_for(game_id).hand_groups(private, public)
    if not any(g.items for g in groups):
        return None
    b = Builder()
    y = flow(groups, b=b)
    keys = [k for k, on in ((MARKED_KEY, any(g.marked for g in groups)), (WILD_KEY, any(g.wild for g in groups))) if on]
    legend(b, y, keys, labels or {})
    return b.scene()


def _png(scene: Scene | None) -> bytes | None:
    return None if scene is None or not scene.items else render(scene)


def board_png(game_id: str, public: Mapping[str, Any], names: list[str],
              labels: Mapping[str, str] | None = None, final: bool = False) -> bytes | None:
    """The public board as PNG bytes, or None when the game has no picture of it now.

    The picture has no words of its own; `labels` (by the game's codes, such as a mat
    compartment's) are drawn where the game places them, so the caller chooses the language."""
    return _cache.get(_key("board", game_id, public, list(names), dict(labels or {}), final),
                      lambda: _png(board_scene(game_id, public, names, labels, final)))


def hand_png(game_id: str, private: Mapping[str, Any], public: Mapping[str, Any],
             labels: Mapping[str, str] | None = None) -> bytes | None:
    """A seat's hand as PNG bytes, or None when it holds nothing to show."""
    return _cache.get(_key("hand", game_id, private, public, dict(labels or {})),
                      lambda: _png(hand_scene(game_id, private, public, labels)))


@dataclass(frozen=True, slots=True)
class BoardPicture:
    """What a table's picture is drawn from (`board_png`)."""

    game_id: str
    public: Mapping[str, Any]
    names: list[str]
    labels: dict[str, str]
    final: bool = False

    def draw(self) -> bytes | None:
        return board_png(self.game_id, self.public, self.names, self.labels, self.final)

    def request(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """The fields of a worker's request, and the views among them (sent as JSON text)."""
        return {"kind": "board", "game": self.game_id, "names": self.names, "labels": self.labels,
                "final": self.final}, {"public": self.public}


@dataclass(frozen=True, slots=True)
class HandPicture:
    """What a seat's hand picture is drawn from (`hand_png`)."""

    game_id: str
    private: Mapping[str, Any]
    public: Mapping[str, Any]
    labels: dict[str, str] = field(default_factory=dict)

    def draw(self) -> bytes | None:
        return hand_png(self.game_id, self.private, self.public, self.labels)

    def request(self) -> tuple[dict[str, Any], dict[str, Any]]:
        return {"kind": "hand", "game": self.game_id, "labels": self.labels}, \
            {"private": self.private, "public": self.public}


def draw(ask: dict[str, Any]) -> dict[str, Any]:
    """In a worker process: the picture a request describes, as base64 PNG (None: nothing to draw)."""
    picture = BoardPicture(ask["game"], ask["public"], ask["names"], ask["labels"], ask["final"]) \
        if ask["kind"] == "board" else HandPicture(ask["game"], ask["private"], ask["public"], ask["labels"])
    png = picture.draw()
    return {"png": None if png is None else base64.b64encode(png).decode()}


__all__ = ["BOARD_FILE", "HAND_FILE", "BoardPicture", "HandPicture", "board_png", "board_scene", "draw", "hand_png",
           "hand_scene"]
