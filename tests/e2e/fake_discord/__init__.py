"""A local, in-process fake of Discord's HTTP API and gateway for end-to-end tests.

Why this exists: unit tests with mocked ``Interaction`` objects miss the bugs that
matter in a Discord bot (wrong payload shapes, responding twice, forgetting to
defer, ephemeral leaks, views that do not survive a restart, commands that
Discord would refuse to sync).  This package runs an aiohttp server on
127.0.0.1 that the *real* discord.py 2.7 client talks to over HTTP and a
WebSocket, so the library's own parsing, view store, command tree and webhook
code all run exactly as in production.

Layout of the package (each module says why it exists):

* ``constants``    -- Discord's numbers: permission bits, intents, flags, interaction,
                      callback and option types
* ``models``       -- ``FakeUser``, ``FakeGuild``, ``FakeMessage``, ``RequestRecord``
* ``validation``   -- what Discord answers 400 to (``check_command_limits``, message bodies)
* ``ratelimits``   -- per-route buckets, the global limit per bot token, invalid requests
* ``responses``    -- Discord-shaped answers (``json_response``, ``error_response``) and
                      injected ones
* ``state``        -- ``FakeState``: every field of the fake, lookups, queries, ``wait_for``
* ``payloads``     -- the Discord objects built from that state (members, guilds, channels)
* ``gateway``      -- HELLO / IDENTIFY / READY / GUILD_CREATE / heartbeats / RESUME / chunks,
                      and dispatching events
* ``world``        -- world setup (``create_guild``, ``add_member``, ``create_user``,
                      ``add_channel``, ``refuse_dms``, ``set_locale``)
* ``messages``     -- message and thread state (create, edit, mentions, attachments)
* ``interactions`` -- ``InteractionRecord`` and building interaction payloads;
  ``slash``        -- ``slash``, ``autocomplete``;
  ``components``   -- ``click``, ``select``, ``submit_modal``
* ``routes``       -- the HTTP endpoints, one module per resource, each with its route table
* ``fake``         -- ``FakeDiscord``: the server (``start`` / ``stop``), the HTTP plumbing
                      (record, inject, rate-limit, route; anything unknown lands in ``unhandled``)
* ``runner``       -- ``patch_discord`` (points discord.py at the fake and restores it),
                      ``fake_discord_server`` (start+patch+teardown assertions),
                      ``running_bot`` (start a bot, wait for ready, close cleanly) and the
                      ``fake_discord`` pytest fixture.

Strictness is deliberate: every endpoint the fake does not implement and every
payload Discord itself would reject (empty message, >2000 chars, >5 action
rows, invalid command definitions, double acknowledgement, ...) is recorded in
``fake.unhandled`` / ``fake.rejected`` and the fixture fails the test at teardown,
so a green test really means "Discord would have accepted all of this".

Things a test author must know:

* Set up the world (``create_guild`` / ``add_member``) *before* ``running_bot`` so it
  arrives in GUILD_CREATE; later changes are pushed as gateway events
  (``await fake.flush_events()`` if the bot must see them before your next step).
* As on Discord, GUILD_CREATE only carries the bot's own member unless the bot
  identifies with the presences intent; with the members intent discord.py chunks
  and the fake answers.  Interaction payloads always carry the invoking member.
* ``slash`` builds options from the commands the bot *synced* (so sync in
  ``setup_hook``), refuses unknown/missing-required options, invalid choices, and
  commands the user could not see (``default_member_permissions``, contexts) by
  raising ValueError / LookupError / PermissionError in the test.
* Interactions must be acknowledged within ``ack_deadline`` (3 s, like Discord).
* After a type-5 defer the first followup fills the "thinking" message (Discord's
  behaviour); ``rec.reply()`` returns the first *visible* message of an interaction,
  as a live ``FakeMessage`` (it reflects later edits; ``history`` has old versions).
* Exceptions the bot does not handle are logged by discord.py; the fake captures
  those ERROR logs (``fake.bot_errors``): any ``wait_for``/``reply()`` fails at once
  with the traceback, and teardown fails if any were logged (``.clear()`` them in a
  test that provokes one on purpose).
* ``fake.force_reconnect(resume=True|False)`` exercises RESUME / re-IDENTIFY (on_ready
  fires again); a second ``running_bot`` on the same fake simulates a restart.
* Threads: public threads are created as Discord does (``POST /channels/{id}/threads`` and
  ``POST /channels/{id}/messages/{id}/threads``; a channel object of type 11 with ``parent_id``
  and ``owner_id``, announced by THREAD_CREATE), renamed and archived by ``PATCH /channels/{id}``
  (THREAD_UPDATE); posting in an archived thread unarchives it, editing a message there is refused
  (50083). ``fake.threads_of(channel_id)`` lists a channel's threads.
* Not implemented (answer 404 and fail the test): reactions, pins, private threads,
  roles/member edits, bans, webhooks other than interaction followups, emojis,
  stickers, polls, voice.  Add one ad hoc with ``fake.add_route`` if a test needs it,
  or add a route to the table of its resource in ``routes``.
"""

from tests.e2e.fake_discord.constants import (
    ALL_PERMISSIONS,
    DEFAULT_BOT_PERMISSIONS,
    DEFAULT_EVERYONE_PERMISSIONS,
    IT_APPLICATION_COMMAND,
    IT_COMPONENT,
    OPT_SUB_COMMAND,
    OPT_USER,
    P_CREATE_PUBLIC_THREADS,
)
from tests.e2e.fake_discord.fake import FakeDiscord
from tests.e2e.fake_discord.interactions import InteractionRecord
from tests.e2e.fake_discord.models import FakeGuild, FakeMessage, FakeUser, RequestRecord, iter_components
from tests.e2e.fake_discord.responses import error_response, json_response, no_content
from tests.e2e.fake_discord.runner import (
    capture_bot_errors,
    fake_discord,
    fake_discord_server,
    patch_discord,
    running_bot,
)
from tests.e2e.fake_discord.validation import check_command_limits

__all__ = [
    "ALL_PERMISSIONS",
    "DEFAULT_BOT_PERMISSIONS",
    "DEFAULT_EVERYONE_PERMISSIONS",
    "FakeDiscord",
    "FakeGuild",
    "FakeMessage",
    "FakeUser",
    "IT_APPLICATION_COMMAND",
    "IT_COMPONENT",
    "InteractionRecord",
    "OPT_SUB_COMMAND",
    "OPT_USER",
    "P_CREATE_PUBLIC_THREADS",
    "RequestRecord",
    "capture_bot_errors",
    "check_command_limits",
    "error_response",
    "fake_discord",
    "fake_discord_server",
    "iter_components",
    "json_response",
    "no_content",
    "patch_discord",
    "running_bot",
]
