"""/leaderboard's message and its page buttons.

The buttons are persistent (`BoardPage`): the id says which ranking and which page, so they keep
working after a restart, and a click shows the ranking as it is now. The wallet service checks
the ranking and the game named in the id, as it checks the command's.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.i18n import ENGLISH, Locale, t
from bot.wallet import Leaderboard

from . import custom_ids
from .client import CardRoomClient
from .errors import report_error
from .interactions import reader


def board_message(board: Leaderboard, by: str, game: str | None, locale: Locale = ENGLISH) -> dict[str, Any]:
    """The kwargs of a leaderboard message: one page of the ranking, the reader's own place, and
    buttons to the pages before and after."""
    if game is not None:
        title = t(locale, "board.winners_at", game=t(locale, f"game.{game}"))
    else:
        title = t(locale, "board.richest" if by == "chips" else "board.winners")
    lines = [t(locale, "board.line", rank=s.rank, user=f"<@{s.user_id}>", value=s.value) for s in board.top]
    embed = discord.Embed(title=title, colour=discord.Colour.gold(),
                          description="\n".join(lines) or t(locale, "board.nobody"))
    footer = [t(locale, "board.page", page=board.page + 1, pages=board.pages)] if board.pages > 1 else []
    if board.me:
        footer.append(t(locale, "board.me", rank=board.me.rank, value=board.me.value))
    if footer:
        embed.set_footer(text=t(locale, "sep.dot").join(footer))
    view = discord.utils.MISSING
    if board.pages > 1:
        view = discord.ui.View(timeout=None)
        for label, page in (("board.previous", board.page - 1), ("board.next", board.page + 1)):
            button: discord.ui.Button[discord.ui.View] = discord.ui.Button(
                label=t(locale, label), custom_id=custom_ids.board_page(by, game, max(page, 0)),
                disabled=not 0 <= page < board.pages)
            view.add_item(BoardPage(button))
    return {"embed": embed, "view": view, "allowed_mentions": discord.AllowedMentions.none()}


class BoardPage(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=custom_ids.BOARD_PATTERN):
    """Previous or Next under a leaderboard: the message shows that page, as the ranking is now."""

    def __init__(self, button: discord.ui.Button[discord.ui.View]) -> None:
        super().__init__(button)
        assert button.custom_id is not None
        self.match = custom_ids.parse(custom_ids.BOARD_PATTERN, button.custom_id)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> BoardPage:
        return cls(discord.ui.Button(label="…", custom_id=match.string))

    async def callback(self, interaction: discord.Interaction[CardRoomClient]) -> None:  # type: ignore[override]
        by, game, page = self.match["by"], self.match["game"] or None, int(self.match["page"])
        try:
            board = await interaction.client.wallets.leaderboard(interaction.guild_id or 0, interaction.user.id,
                                                                  by, game, page)
            message = board_message(board, by, game, await reader(interaction))
            await interaction.response.edit_message(**{k: v for k, v in message.items() if k != "allowed_mentions"})
        except Exception as exc:
            await report_error(interaction, exc)
