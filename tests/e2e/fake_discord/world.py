"""Setting up the world a test plays in: users, guilds with their roles and channels, members,
locales, closed DMs. Made before the bot connects it arrives in GUILD_CREATE; made after, it is
pushed as gateway events, as Discord would."""

from __future__ import annotations

from collections.abc import Sequence

from tests.e2e.fake_discord.constants import (
    DEFAULT_EVERYONE_PERMISSIONS,
    INTENT_GUILD_MEMBERS,
    P_ADMINISTRATOR,
    P_MANAGE_GUILD,
)
from tests.e2e.fake_discord.gateway import Gateway
from tests.e2e.fake_discord.models import FakeGuild, FakeMember, FakeUser


class World(Gateway):
    """World setup (sync; if the bot is already connected the change is pushed live)."""

    def create_user(self, username: str, *, bot: bool = False) -> int:
        """A user who need not be in any guild (e.g. for DMs)."""
        user = FakeUser(self.new_id(), username, bot=bot)
        self.users[user.id] = user
        return user.id

    def create_guild(self, name: str = "Test Guild", channels: Sequence[str] = ("general",), *,
                     everyone_permissions: int = DEFAULT_EVERYONE_PERMISSIONS,
                     shard: tuple[int, int] | None = None) -> FakeGuild:
        """Guild with an @everyone role, a Manager role (MANAGE_GUILD), an Admin role,
        the bot's managed role and member, and the given text channels; on ``shard`` (id,
        count) when given."""
        gid = self.new_id()
        while shard is not None and self._shard_of(gid, shard[1]) != shard[0]:
            gid = self._last_snowflake = gid + (1 << 22)
        guild = FakeGuild(id=gid, name=name, owner_id=self.owner.id)
        guild.roles[gid] = self._role_payload(gid, "@everyone", everyone_permissions, position=0)
        bot_role = self.new_id()
        guild.roles[bot_role] = self._role_payload(bot_role, self.bot_user.username, self.bot_permissions, position=1,
                                                   managed=True, tags={"bot_id": str(self.bot_user.id)})
        mgr = self.new_id()
        guild.roles[mgr] = self._role_payload(mgr, "Manager", P_MANAGE_GUILD, position=2)
        adm = self.new_id()
        guild.roles[adm] = self._role_payload(adm, "Admin", P_ADMINISTRATOR, position=3)
        guild.members[self.bot_user.id] = FakeMember(self.bot_user.id, roles=[bot_role])
        guild.members[self.owner.id] = FakeMember(self.owner.id, roles=[])
        self.guilds[gid] = guild
        for pos, ch in enumerate(channels):
            self._new_text_channel(guild, ch, pos)
        self._push_live("GUILD_CREATE", lambda s: self._guild_create_payload(guild, s.intents))
        return guild

    def add_channel(self, guild_id: int, name: str) -> int:
        guild = self.guilds[guild_id]
        cid = self._new_text_channel(guild, name, len(guild.channels))
        self._push_live("CHANNEL_CREATE", lambda s: {**guild.channels[cid], "guild_id": str(guild_id)})
        return cid

    def add_member(self, guild_id: int, username: str, *, manage_guild: bool = False,
                   administrator: bool = False, user_id: int | None = None, bot: bool = False) -> int:
        """Add a member (creating the user unless ``user_id`` is given); returns the user id.
        ``manage_guild`` grants the Manager role, ``administrator`` the Admin role."""
        guild = self.guilds[guild_id]
        uid = user_id if user_id is not None else self.create_user(username, bot=bot)
        roles = []
        if manage_guild:
            roles.append(self._role_id(guild, "Manager"))
        if administrator:
            roles.append(self._role_id(guild, "Admin"))
        guild.members[uid] = FakeMember(uid, roles=roles)
        self._push_live("GUILD_MEMBER_ADD", lambda s: {**self._member_payload(guild, uid), "guild_id": str(guild_id)},
                        intent=INTENT_GUILD_MEMBERS)
        return uid

    def set_locale(self, user_id: int, locale: str) -> None:
        """The user's Discord client runs in ``locale`` (``ja``, ``en-GB``…): their
        interactions say so from now on."""
        self.user_locales[user_id] = locale

    def refuse_dms(self, *user_ids: int) -> None:
        """Messages to these users' DM channels answer 403 / 50007, like closed DMs."""
        self.refused_dm_users.update(user_ids)

    def _role_id(self, guild: FakeGuild, name: str) -> int:
        return next(rid for rid, r in guild.roles.items() if r["name"] == name)

    def _new_text_channel(self, guild: FakeGuild, name: str, position: int) -> int:
        cid = self.new_id()
        guild.channels[cid] = {
            "id": str(cid),
            "type": 0,
            "name": name,
            "position": position,
            "parent_id": None,
            "topic": None,
            "nsfw": False,
            "rate_limit_per_user": 0,
            "last_message_id": None,
            "permission_overwrites": [],
            "flags": 0,
        }
        return cid
