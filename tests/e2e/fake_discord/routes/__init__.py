"""The fake's endpoints, one module per resource, each with its route table; `ROUTES` is the
whole table the server consults (after a test's own, from ``FakeDiscord.add_route``)."""

from tests.e2e.fake_discord.routes import channels, commands, guilds, interactions, messages, users
from tests.e2e.fake_discord.routes.base import Route

ROUTES: list[Route] = [*users.ROUTES, *commands.ROUTES, *guilds.ROUTES, *channels.ROUTES, *messages.ROUTES,
                       *interactions.ROUTES]

__all__ = ["ROUTES", "Route"]
