"""What Discord answers 400 to: its rules for application commands (names, descriptions, option
and choice counts, the 4000-character budget) and for message bodies (lengths, embeds, action rows,
custom ids). The fake refuses what these find, so a green test means Discord would have accepted
every payload."""

from __future__ import annotations

import re
from collections.abc import Sequence

from tests.e2e.fake_discord.constants import (
    FLAG_COMPONENTS_V2,
    JSON,
    OPT_STRING,
    OPT_SUB_COMMAND,
    OPT_SUB_COMMAND_GROUP,
)
from tests.e2e.fake_discord.models import iter_components

_NAME_RE = re.compile(r"^[-_\w]{1,32}$", re.UNICODE)
_MAX_CHAT_INPUT = 100
_MAX_CONTEXT_MENU = 15  # per type (user / message)


def _command_chars(obj: JSON) -> int:
    """Characters counted against Discord's 4000-char per-command budget."""
    total = len(obj.get("name", "")) + len(obj.get("description", "") or "")
    for ch in obj.get("choices") or []:
        total += len(str(ch.get("name", ""))) + len(str(ch.get("value", "")))
    for opt in obj.get("options") or []:
        total += _command_chars(opt)
    return total


def _check_options(options: Sequence[JSON], where: str, depth: int, problems: list[str]) -> None:
    if len(options) > 25:
        problems.append(f"{where}: {len(options)} options (max 25)")
    names = [o.get("name", "") for o in options]
    for dup in sorted({n for n in names if names.count(n) > 1}):
        problems.append(f"{where}: duplicate option name {dup!r}")
    seen_optional = False
    for opt in options:
        name = opt.get("name", "")
        here = f"{where} {name}"
        if not _NAME_RE.match(name) or name != name.lower():
            problems.append(f"{here}: option name must match ^[-_\\w]{{1,32}}$ and be lowercase")
        desc = opt.get("description") or ""
        if not 1 <= len(desc) <= 100:
            problems.append(f"{here}: description must be 1-100 chars (got {len(desc)})")
        if opt.get("type") in (OPT_SUB_COMMAND, OPT_SUB_COMMAND_GROUP):
            _check_subcommand(opt, here, depth, problems)
            continue
        if opt.get("required"):
            if seen_optional:
                problems.append(f"{here}: required options must come before optional ones")
        else:
            seen_optional = True
        _check_choices(opt, here, problems)


def _check_subcommand(opt: JSON, here: str, depth: int, problems: list[str]) -> None:
    """A subcommand, or a group of them (one level deep, subcommands only), and its options."""
    if opt.get("type") == OPT_SUB_COMMAND_GROUP:
        if depth >= 1:
            problems.append(f"{here}: subcommand groups cannot be nested")
        for sub in opt.get("options") or []:
            if sub.get("type") != OPT_SUB_COMMAND:
                problems.append(f"{here}: a group may only contain subcommands")
    _check_options(opt.get("options") or [], here, depth + 1, problems)


def _check_choices(opt: JSON, here: str, problems: list[str]) -> None:
    choices = opt.get("choices") or []
    if len(choices) > 25:
        problems.append(f"{here}: {len(choices)} choices (max 25)")
    if choices and opt.get("autocomplete"):
        problems.append(f"{here}: autocomplete cannot be combined with choices")
    for ch in choices:
        cname = str(ch.get("name", ""))
        if not 1 <= len(cname) <= 100:
            problems.append(f"{here}: choice name {cname!r} must be 1-100 chars")
        if opt.get("type") == OPT_STRING and len(str(ch.get("value", ""))) > 100:
            problems.append(f"{here}: choice value for {cname!r} longer than 100 chars")


def check_command_limits(commands: Sequence[JSON]) -> list[str]:
    """Problems Discord would reject in a bulk-overwrite payload; ``[]`` when valid.

    Checks: chat-input names ``^[-_\\w]{1,32}$`` and lowercase; descriptions 1-100
    chars (context menus: empty); <= 25 options and <= 25 choices at every level;
    required-before-optional; group nesting; <= 100 chat-input commands and <= 15
    user/message commands; unique names per type; <= 4000 chars per command.
    """
    problems: list[str] = []
    by_type: dict[int, list[str]] = {}
    for cmd in commands:
        ctype = int(cmd.get("type", 1) or 1)
        name = cmd.get("name", "")
        by_type.setdefault(ctype, []).append(name)
        where = f"/{name}" if ctype == 1 else f"[{name}]"
        if ctype == 1:
            if not _NAME_RE.match(name) or name != name.lower():
                problems.append(f"{where}: command name must match ^[-_\\w]{{1,32}}$ and be lowercase")
            desc = cmd.get("description") or ""
            if not 1 <= len(desc) <= 100:
                problems.append(f"{where}: description must be 1-100 chars (got {len(desc)})")
            _check_options(cmd.get("options") or [], where, 0, problems)
        else:
            if not 1 <= len(name) <= 32:
                problems.append(f"{where}: context menu name must be 1-32 chars")
            if cmd.get("description"):
                problems.append(f"{where}: context menu commands must have an empty description")
            if cmd.get("options"):
                problems.append(f"{where}: context menu commands cannot have options")
        if _command_chars(cmd) > 4000:
            problems.append(f"{where}: more than 4000 characters in name/description/options")
    for ctype, names in by_type.items():
        limit = _MAX_CHAT_INPUT if ctype == 1 else _MAX_CONTEXT_MENU
        if len(names) > limit:
            problems.append(f"{len(names)} commands of type {ctype} (max {limit})")
        for dup in sorted({n for n in names if names.count(n) > 1}):
            problems.append(f"duplicate command name {dup!r} (type {ctype})")
    return problems


def validate_message_body(body: JSON, *, has_files: bool, partial: bool) -> list[str]:
    """Subset of Discord's message validation that catches real bot bugs."""
    problems: list[str] = []
    content = body.get("content")
    embeds = body.get("embeds") or []
    components = body.get("components") or []
    flags = int(body.get("flags") or 0)
    if content is not None and len(str(content)) > 2000:
        problems.append(f"content is {len(str(content))} chars (max 2000)")
    _check_embeds(embeds, problems)
    if flags & FLAG_COMPONENTS_V2:
        if content or embeds:
            problems.append("components v2 messages cannot have content or embeds")
    else:
        _check_action_rows(components, problems)
    _check_components(components, problems)
    if not partial:
        empty = (not content and not embeds and not components and not has_files
                 and not body.get("sticker_ids") and not body.get("poll"))
        if empty:
            problems.append("Cannot send an empty message")
    return problems


def _check_embeds(embeds: Sequence[JSON], problems: list[str]) -> None:
    if len(embeds) > 10:
        problems.append(f"{len(embeds)} embeds (max 10)")
    total = sum(_check_embed(e, problems) for e in embeds)
    if total > 6000:
        problems.append(f"embeds total {total} chars (max 6000)")


def _check_embed(e: JSON, problems: list[str]) -> int:
    """One embed's problems; returns the characters it counts toward the 6000 of a message."""
    for key, limit in (("title", 256), ("description", 4096)):
        if len(str(e.get(key) or "")) > limit:
            problems.append(f"embed {key} longer than {limit}")
    fields = e.get("fields") or []
    if len(fields) > 25:
        problems.append(f"embed has {len(fields)} fields (max 25)")
    total = 0
    for f in fields:
        if not f.get("name") or not f.get("value"):
            problems.append("embed field name and value must be non-empty")
        if len(str(f.get("name", ""))) > 256 or len(str(f.get("value", ""))) > 1024:
            problems.append("embed field name > 256 or value > 1024 chars")
        total += len(str(f.get("name", ""))) + len(str(f.get("value", "")))
    total += len(str(e.get("title") or "")) + len(str(e.get("description") or ""))
    total += len(str((e.get("footer") or {}).get("text") or ""))
    total += len(str((e.get("author") or {}).get("name") or ""))
    return total


def _check_action_rows(components: Sequence[JSON], problems: list[str]) -> None:
    """Classic components: at most five action rows of at most five buttons, or one select."""
    if len(components) > 5:
        problems.append(f"{len(components)} action rows (max 5)")
    for row in components:
        if row.get("type") != 1:
            problems.append(f"top-level component type {row.get('type')} is not an action row")
            continue
        children = row.get("components") or []
        if not children:
            problems.append("empty action row")
        if len(children) > 5:
            problems.append(f"action row with {len(children)} components (max 5)")
        if any(c.get("type") != 2 for c in children) and len(children) > 1:
            problems.append("a select menu must be alone in its action row")


def _check_components(components: Sequence[JSON], problems: list[str]) -> None:
    """Every component at any depth: custom ids (unique in the message), buttons, string selects."""
    custom_ids: list[str] = []
    for comp in iter_components(components):
        cid = comp.get("custom_id")
        if cid is not None:
            if not 1 <= len(cid) <= 100:
                problems.append(f"custom_id {cid!r} must be 1-100 chars")
            custom_ids.append(cid)
        if comp.get("type") == 2:
            _check_button(comp, cid, problems)
        if comp.get("type") == 3:
            _check_select(comp, cid, problems)
    for dup in sorted({c for c in custom_ids if custom_ids.count(c) > 1}):
        problems.append(f"duplicate custom_id {dup!r} in one message")


def _check_button(comp: JSON, cid: str | None, problems: list[str]) -> None:
    if comp.get("style") == 5:
        if not comp.get("url"):
            problems.append("link button without url")
    elif comp.get("style") != 6 and cid is None:
        problems.append("non-link button without custom_id")
    if len(str(comp.get("label") or "")) > 80:
        problems.append("button label longer than 80 chars")


def _check_select(comp: JSON, cid: str | None, problems: list[str]) -> None:
    opts = comp.get("options") or []
    if not 1 <= len(opts) <= 25:
        problems.append(f"select {cid!r} has {len(opts)} options (1-25)")
    values = [o.get("value") for o in opts]
    if len(set(values)) != len(values):
        problems.append(f"select {cid!r} has duplicate option values")
    for o in opts:
        if not 1 <= len(str(o.get("label", ""))) <= 100:
            problems.append(f"select {cid!r} option label must be 1-100 chars")
