"""The Discord objects the fake sends (members, roles, guilds as GUILD_CREATE carries them,
channels, the application), built from its state the way Discord builds them, so discord.py's own
parsing runs on them exactly as in production."""

from __future__ import annotations

from tests.e2e.fake_discord.constants import INTENT_GUILD_PRESENCES, JSON
from tests.e2e.fake_discord.models import FakeGuild, now_iso
from tests.e2e.fake_discord.state import FakeState


class Payloads(FakeState):
    """Builders of the objects the HTTP routes and the gateway send."""

    @staticmethod
    def _role_payload(rid: int, name: str, permissions: int, *, position: int, managed: bool = False,
                      tags: JSON | None = None) -> JSON:
        data: JSON = {
            "id": str(rid),
            "name": name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": position,
            "permissions": str(permissions),
            "managed": managed,
            "mentionable": False,
            "flags": 0,
        }
        if tags:
            data["tags"] = tags
        return data

    def _member_payload(self, guild: FakeGuild, user_id: int, *, with_user: bool = True,
                        with_permissions: bool = False) -> JSON:
        member = guild.members[user_id]
        data: JSON = {
            "roles": [str(r) for r in member.roles],
            "nick": member.nick,
            "avatar": None,
            "joined_at": member.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self._user(user_id).payload()
        if with_permissions:
            data["permissions"] = str(self.permissions_for(guild.id, user_id))
        return data

    def _guild_create_payload(self, guild: FakeGuild, intents: int = 0) -> JSON:
        """Like Discord: without the presences intent GUILD_CREATE carries only the bot's
        own member, so a bot that needs the member list must chunk (members intent)."""
        member_ids = list(guild.members) if intents & INTENT_GUILD_PRESENCES else [self.bot_user.id]
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(guild.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": list(guild.roles.values()),
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": guild.preferred_locale,
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": now_iso(),
            "large": False,
            "unavailable": False,
            "member_count": len(guild.members),
            "voice_states": [],
            "members": [self._member_payload(guild, uid) for uid in member_ids],
            "channels": list(guild.channels.values()),
            "threads": [t for t in guild.threads.values() if not t["thread_metadata"]["archived"]],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def _channel_payload(self, channel_id: int) -> JSON | None:
        if channel_id in self._dm_owner:
            return {
                "id": str(channel_id),
                "type": 1,
                "last_message_id": None,
                "flags": 0,
                "recipients": [self._user(self._dm_owner[channel_id]).payload()],
            }
        guild = self._guild_of_channel(channel_id)
        if guild is None:
            return None
        return {**self._channel_data(guild, channel_id), "guild_id": str(guild.id)}

    def application_payload(self) -> JSON:
        return {
            "id": str(self.application_id),
            "name": self.bot_user.username,
            "icon": None,
            "description": "",
            "summary": "",
            "type": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "owner": self.owner.payload(),
            "team": None,
            "flags": 0,
            "bot": self.bot_user.payload(),
            "interactions_endpoint_url": None,
            "redirect_uris": [],
            "tags": [],
            "integration_types_config": {"0": {}},
        }
