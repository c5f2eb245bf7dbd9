"""Slash commands in each language Discord shows them in (`app_commands.Translator`).

Keys follow the command tree: `cmd.<command path>.name` / `.desc` for a command or group
(`cmd.table.view.name`), `cmd.<command path>.<parameter>.name` / `.desc` for its options,
`game.<id>` for the games offered as choices, `choice.<value>` for other choices. The English
catalog holds the commands' own English, so a test can check it matches the code. A locale
without a catalog, or a key a catalog lacks, gets the English.
"""

from __future__ import annotations

from discord import Locale as DiscordLocale
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.games import GAMES

from .catalog import catalog
from .locale import ENGLISH, Locale, available

NAMES = (Where.command_name, Where.group_name, Where.parameter_name)


def command_key(path: str, kind: str) -> str:
    """`cmd.table.view.name` for the command `/table view`; kind is `name` or `desc`."""
    return f"cmd.{path.replace(' ', '.')}.{kind}"


def key_for(context: app_commands.TranslationContextTypes) -> str | None:
    """The catalog key of what discord.py asks to translate, or None for what has none."""
    data = context.data
    kind = "name" if context.location in NAMES else "desc"
    if isinstance(data, app_commands.Choice):
        value = str(data.value)
        return f"game.{value}" if value in GAMES else f"choice.{value}"
    if isinstance(data, app_commands.Parameter):
        return command_key(f"{data.command.qualified_name} {data.name}", kind)
    if isinstance(data, (app_commands.Command, app_commands.Group)):
        return command_key(data.qualified_name, kind)
    return None


def discord_language(locale: DiscordLocale) -> Locale | None:
    """The catalog for exactly this Discord locale's language, if the bot speaks it: `ja` for
    Japanese, nothing for English (the commands' own words) or a language without a catalog."""
    code = Locale(str(locale.value).split("-")[0])
    return code if code in available() and code != ENGLISH else None


class CatalogTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: DiscordLocale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        language = discord_language(locale)
        key = key_for(context)
        if language is None or key is None:
            return None
        found = catalog(language).template(key, None)
        return found if found else None
