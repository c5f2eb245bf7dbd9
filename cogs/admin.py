"""Server admin: house chips and server settings (Manage Server)."""

from __future__ import annotations

from dataclasses import dataclass

import discord
from discord import app_commands
from discord.ext import commands

from bot import inputs
from bot.errors import PlayerError
from bot.games.messages import msg
from bot.i18n import ENGLISH, Locale, available, number, t
from bot.inputs import CHIP_CEILING
from bot.ui.client import CardRoomClient
from bot.ui.errors import reply_locale, reply_text
from bot.ui.views import ConfirmView

from .places import guild_id_of, person

MANAGE = discord.Permissions(manage_guild=True)
SWITCH = {"on": 1, "yes": 1, "true": 1, "off": 0, "no": 0, "false": 0, "オン": 1, "オフ": 0}
LANGUAGE = "language"
"""The server's table language: stored apart from the numbers (`guild_languages`)."""
AUTO = "auto"
"""The language value that follows the server's preferred locale again (its word in each
catalog, `settings.language.auto`, works too)."""


class BadValue(PlayerError, ValueError):
    """A /settings value the setting does not take."""


@dataclass(frozen=True, slots=True)
class ServerSetting:
    """One /settings name: a number within a range, or a switch (`low` is None). Its
    description is the catalog's `settings.<name>.desc`."""

    name: str
    low: int | None = None
    high: int | None = None

    def parse(self, text: str) -> int:
        """The value to store; BadValue says what is allowed."""
        text = text.strip().lower().replace(",", "").replace("_", "")
        if self.low is None or self.high is None:
            if text not in SWITCH:
                raise BadValue(msg("settings.err.switch", name=self.name))
            return SWITCH[text]
        if not text.isdigit() or not self.low <= int(text) <= self.high:
            raise BadValue(msg("settings.err.range", name=self.name, low=self.low, high=self.high))
        return int(text)

    def show(self, value: int | bool, locale: Locale = ENGLISH) -> str:
        if self.low is None:
            return t(locale, "settings.on" if value else "settings.off")
        return number(locale, int(value))


SETTINGS = {s.name: s for s in (
    ServerSetting("starting_chips", 0, 1_000_000),
    ServerSetting("daily_chips", 0, 1_000_000),
    ServerSetting("turn_timeout_s", 10, 3600),
    ServerSetting("images"),
    ServerSetting("threads"),
)}
NAMES = [*SETTINGS, LANGUAGE]


def parse_language(text: str) -> Locale | None:
    """A table language the bot speaks, by its code (`ja`) or its name in any language (`日本語`,
    `English`), or None for `auto`; BadValue otherwise."""
    text = text.strip().lower()
    if text in {t(locale, "settings.language.auto") for locale in available()}:
        return None
    for code in available():
        if text == code or text in {t(locale, f"choice.{code}").lower() for locale in available()}:
            return Locale(code)
    raise BadValue(msg("settings.err.language", choices=", ".join([*available(), AUTO])))


class Admin(commands.Cog):
    chips = app_commands.Group(name="chips", description="House chips (admins)", guild_only=True,
                               default_permissions=MANAGE)
    settings = app_commands.Group(name="settings", description="Server settings (admins)", guild_only=True,
                                  default_permissions=MANAGE)

    def __init__(self, bot: CardRoomClient) -> None:
        self.bot = bot

    @chips.command(name="grant", description="Give a member chips from the house")
    @app_commands.describe(user="Who receives the chips", amount="How many chips")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def grant(self, interaction: discord.Interaction, user: discord.User,
                    amount: app_commands.Range[int, 1, CHIP_CEILING]) -> None:
        await interaction.response.defer(ephemeral=True)
        balance = await self.bot.wallets.grant(guild_id_of(interaction), interaction.user.id,
                                               person(interaction, user), amount)
        await self._reply(interaction, "admin.balance", user=user.mention, chips=balance)

    @chips.command(name="take", description="Take chips from a member's wallet back to the house")
    @app_commands.describe(user="Whose chips", amount="How many chips")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def take(self, interaction: discord.Interaction, user: discord.User,
                   amount: app_commands.Range[int, 1, CHIP_CEILING]) -> None:
        await interaction.response.defer(ephemeral=True)
        balance = await self.bot.wallets.take(guild_id_of(interaction), interaction.user.id,
                                              person(interaction, user), amount)
        await self._reply(interaction, "admin.balance", user=user.mention, chips=balance)

    @chips.command(name="reset",
                   description="Start this server's economy afresh: every wallet back to the starting chips")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def reset(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        guild_id, locale = guild_id_of(interaction), await reply_locale(interaction)
        starting = (await self.bot.wallets.guild_config(guild_id)).starting_chips

        async def confirmed(click: discord.Interaction) -> str:
            done = await self.bot.wallets.reset_economy(guild_id, click.user.id)
            return t(locale, "admin.reset.done", taken=done.taken, members=done.members, chips=done.starting_chips)

        view = ConfirmView(self.bot, t(locale, "admin.reset.confirm"), confirmed, locale, keep="admin.reset.keep",
                           kept="admin.reset.kept")
        await interaction.followup.send(t(locale, "admin.reset.ask", chips=starting), view=view, ephemeral=True)
        view.shown_by(interaction)

    @settings.command(name="show", description="This server's settings")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def show(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        locale = await reply_locale(interaction)
        config = await self.bot.wallets.guild_config(guild_id_of(interaction))
        values = {s.name: s.show(getattr(config, s.name), locale) for s in SETTINGS.values()}
        values[LANGUAGE] = t(locale, f"choice.{await self._table_language(interaction)}")
        lines = [t(locale, "settings.line", name=name, value=values[name], desc=t(locale, f"settings.{name}.desc"))
                 for name in NAMES]
        await interaction.followup.send("\n".join(lines), ephemeral=True)

    @settings.command(name="set", description="Change a server setting")
    @app_commands.describe(name="Which setting", value="The new value: a number, on/off, or a language (en, ja, auto)")
    @app_commands.choices(name=[app_commands.Choice(name=f"{n} ({t(ENGLISH, f'settings.{n}.desc')})"[:100], value=n)
                                for n in NAMES])
    @app_commands.checks.has_permissions(manage_guild=True)
    async def set_(self, interaction: discord.Interaction, name: str, value: str) -> None:
        await interaction.response.defer(ephemeral=True)
        locale = await reply_locale(interaction)
        name = inputs.choice(name, NAMES)
        try:
            if name == LANGUAGE:
                await self.bot.languages.choose_for_guild(guild_id_of(interaction), parse_language(value))
                shown = t(locale, f"choice.{await self._table_language(interaction)}")
            else:
                setting = SETTINGS[name]
                config = await self.bot.wallets.set_setting(guild_id_of(interaction), setting.name,
                                                            setting.parse(value))
                shown = setting.show(getattr(config, setting.name), locale)
        except BadValue as exc:
            await interaction.followup.send(reply_text(exc, locale), ephemeral=True)
            return
        await interaction.followup.send(t(locale, "settings.now", name=name, value=shown), ephemeral=True)

    async def _table_language(self, interaction: discord.Interaction) -> Locale:
        preferred = interaction.guild.preferred_locale if interaction.guild else None
        return await self.bot.languages.for_guild(guild_id_of(interaction), preferred)

    async def _reply(self, interaction: discord.Interaction, key: str, **params: object) -> None:
        """A catalog message, in the admin's language, mentioning without pinging."""
        text = t(await reply_locale(interaction), key, **params)
        await interaction.followup.send(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())


async def setup(bot: CardRoomClient) -> None:
    await bot.add_cog(Admin(bot))
