"""The fake Discord's own limits: Discord's application command rules, and its rate limits
(buckets per route with their headers, the global limit per bot token, invalid requests recorded),
checked over plain HTTP so no bot's own pacing hides them."""

from __future__ import annotations

import aiohttp

from tests.e2e.fake_discord import check_command_limits, fake_discord_server


def test_check_command_limits() -> None:
    good = [{"name": "chips", "description": "x", "type": 1, "options": [
        {"name": "grant", "description": "y", "type": 1, "options": [
            {"name": "amount", "description": "z", "type": 4, "required": True}]}]}]
    assert check_command_limits(good) == []
    bad = [
        {"name": "Bad Name", "description": "", "type": 1},
        {"name": "many", "description": "d", "type": 1,
         "options": [{"name": f"o{i}", "description": "d", "type": 3} for i in range(26)]},
        {"name": "choices", "description": "d", "type": 1, "options": [
            {"name": "c", "description": "d", "type": 3,
             "choices": [{"name": str(i), "value": str(i)} for i in range(26)]}]},
        {"name": "long", "description": "d" * 101, "type": 1},
    ]
    problems = check_command_limits(bad)
    text = "\n".join(problems)
    assert "/Bad Name: command name" in text and "/Bad Name: description" in text
    assert "26 options" in text and "26 choices" in text and "/long: description" in text
    too_many = [{"name": f"c{i}", "description": "d", "type": 1} for i in range(101)]
    assert any("101 commands" in p for p in check_command_limits(too_many))


async def test_the_fake_keeps_discords_limits_per_bot_token_and_records_invalid_requests() -> None:
    """Buckets per route with Discord's headers; 50 requests in any second per bot token (whichever
    process sends them) outside interaction routes, then a global 429; invalid requests recorded."""
    async with fake_discord_server() as fake:
        guild = fake.create_guild("Limits", channels=["a", "b"])
        a, b = guild.channel_ids
        fake.global_per_s = 6
        async with aiohttp.ClientSession() as session:
            async def post(channel: int, token: str | None = "one") -> aiohttp.ClientResponse:
                headers = {"Authorization": f"Bot {token}"} if token else {}
                async with session.post(f"{fake.api_base}/channels/{channel}/messages", json={"content": "x"},
                                        headers=headers) as response:
                    await response.read()
                    return response

            first = await post(a)
            assert (first.headers["X-RateLimit-Limit"], first.headers["X-RateLimit-Remaining"]) == ("5", "4")
            assert first.headers["X-RateLimit-Bucket"] == "channel-messages"
            for _ in range(4):
                await post(a)
            refused = await post(a)   # the channel's sixth write in five seconds
            assert (refused.status, refused.headers["X-RateLimit-Scope"]) == (429, "user")
            over = await post(b)   # the token's seventh request in a second
            assert (over.status, over.headers["X-RateLimit-Global"]) == (429, "true")
            assert (await post(b, token="two")).status == 200   # another bot's token counts apart
            assert (await post(b, token=None)).status == 401
        assert fake.busiest_second(token="one") == 7   # six let through, one refused
        assert [r.status for r in fake.invalid] == [429, 429, 401]
        assert len(fake.rate_limited) == 2
        fake.rate_limited.clear()   # provoked on purpose
