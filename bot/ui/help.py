"""/help and /rules: every command in a line, and how each game is played, in the reader's language.

The game pages /help points to are the bot's own /rules texts, not the repository's docs: they are
in the reader's language, always those of the version that runs, and need no address the bot
cannot know (an owner may run a fork, or no public copy at all).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar, Protocol

import discord
from discord import app_commands

from bot.games import GAMES
from bot.i18n import ENGLISH, Locale, t
from bot.i18n.commands import command_key

from .embeds import players_wanted
from .interactions import Picker, ShortLived, chosen


class GameRules(Protocol):
    """What the game choices, /rules and /help show of a game class."""

    min_players: ClassVar[int]
    max_players: ClassVar[int]


RULES: Mapping[str, type[GameRules]] = GAMES


def rules_embed(game_id: str, locale: Locale = ENGLISH) -> discord.Embed:
    """A game's /rules page: its summary and how many play."""
    cls = RULES[game_id]
    embed = discord.Embed(title=t(locale, "rules.title", game=t(locale, f"game.{game_id}")),
                          colour=discord.Colour.blurple(), description=t(locale, f"rules.{game_id}")[:4096])
    embed.set_footer(text=t(locale, "rules.footer", players=players_wanted(locale, cls.min_players, cls.max_players),
                            play=t(locale, "cmd.play.name")))
    return embed


def _leaves(tree: app_commands.CommandTree) -> Iterator[tuple[app_commands.Command[Any, ..., Any], bool]]:
    """Every command that can be run, and whether it is for admins (Discord shows it only to
    members with the permissions it names)."""
    for command in tree.get_commands(type=discord.AppCommandType.chat_input):
        if isinstance(command, app_commands.Group):
            for leaf in command.walk_commands():
                if isinstance(leaf, app_commands.Command):
                    yield leaf, (command.default_permissions or leaf.default_permissions) is not None
        elif isinstance(command, app_commands.Command):
            yield command, command.default_permissions is not None


def _name(path: str, locale: Locale) -> str:
    """A command's name as the reader's Discord shows it (`table close` → `テーブル 閉じる`)."""
    parts = path.split()
    return " ".join(t(locale, command_key(" ".join(parts[:n]), "name")) for n in range(1, len(parts) + 1))


def help_embed(tree: app_commands.CommandTree, locale: Locale = ENGLISH) -> discord.Embed:
    lines: dict[bool, list[str]] = {False: [], True: []}
    for command, admin in _leaves(tree):
        path = command.qualified_name
        lines[admin].append(t(locale, "help.line", name=_name(path, locale), desc=t(locale, command_key(path, "desc"))))
    embed = discord.Embed(title=t(locale, "help.title"), colour=discord.Colour.blurple())
    embed.add_field(name=t(locale, "help.everyone"), value="\n".join(lines[False])[:1024], inline=False)
    if lines[True]:
        embed.add_field(name=t(locale, "help.admins"), value="\n".join(lines[True])[:1024], inline=False)
    games = [t(locale, "help.game", game=t(locale, f"game.{game_id}"),
               players=f"{cls.min_players}" if cls.min_players == cls.max_players
               else t(locale, "help.range", low=cls.min_players, high=cls.max_players))
             for game_id, cls in RULES.items()]
    games.append(t(locale, "help.rules", rules=t(locale, "cmd.rules.name")))
    embed.add_field(name=t(locale, "help.games"), value="\n".join(games)[:1024], inline=False)
    return embed


class RulesPicker(ShortLived):
    """Under /help: pick a game to read its /rules page (a short-lived menu)."""

    def __init__(self, client: discord.Client, locale: Locale = ENGLISH) -> None:
        super().__init__(client)
        self.locale = locale
        self.add_item(Picker(self._picked, t(locale, "help.pick"), [
            discord.SelectOption(label=t(locale, f"game.{game_id}")[:100], value=game_id) for game_id in GAMES]))

    async def _picked(self, interaction: discord.Interaction) -> None:
        game_id = chosen(interaction, [""])[0]
        if game_id not in GAMES:   # only the menu's own values reach here; a forged one is told so
            await interaction.response.send_message(t(self.locale, "err.input.choice"), ephemeral=True)
            return
        await interaction.response.send_message(embed=rules_embed(game_id, self.locale), ephemeral=True)
