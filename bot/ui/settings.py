"""The lobby's Settings control: the host's, in an ephemeral reply that redraws itself.

The host picks an option by its label. An enumeration then shows its choices in a select and a
yes/no option two buttons, the current value marked on both; a number opens a modal that states
the range and the current value. A preset (a variant the rules name, or the standard rules)
sets several options at once. Every change is one call to the table service, which checks it,
so a preset changes all its options or none; the reply then says in words what changed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any, cast

import discord

from bot.errors import PlayerError
from bot.games import GAMES, GameState
from bot.games.options import OptionSpec, OptionValue, Preset, changed_options
from bot.i18n import ENGLISH, t
from bot.tables.models import TableSnapshot

from .client import CardRoomClient
from .embeds import options_text
from .errors import report_error
from .interactions import Callback, Picker, Press, ShortLived, chosen, place
from .text import clip

STANDARD_RULES = t(ENGLISH, "ui.standard_rules")

SELECT_OPTIONS = 25   # Discord's limits: options in one select,
SELECT_TEXT = 100     # characters of an option's label or description,
MODAL_TEXT = 45       # of a modal's title or a text input's label,
PLACEHOLDER = 100     # of a placeholder,
ROWS = 5              # and rows of controls in one message.


def standard_rules(specs: Iterable[OptionSpec]) -> Preset:
    """The preset that puts every option back to the rules' default."""
    return Preset(STANDARD_RULES, "Every setting back to the rules' default", {s.name: s.default for s in specs})


def number_range(spec: OptionSpec) -> str:
    """What a number option takes, for the modal: “A whole number from 0 to 10”."""
    low = spec.minimum if spec.minimum is not None else 0
    if spec.maximum is None:
        return f"A whole number, {low:,} or more"
    return f"A whole number from {low:,} to {spec.maximum:,}"


def in_words(text: str, specs: Iterable[OptionSpec]) -> str:
    """An engine's message about options, their code names (`knock_limit`, `even_bets_only`)
    replaced by what the host reads in the control. The engines name options by code, which
    their tests and logs rely on."""
    words: dict[str, str] = {}
    for spec in specs:
        words[spec.name] = spec.title
        words |= {value: word for value, word in spec.words if isinstance(value, str) and "_" in value}
    if not words:
        return text
    codes = re.compile(r"\b(" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + r")\b")
    return codes.sub(lambda m: words[m[1]], text)


def changes(specs: Iterable[OptionSpec], before: Mapping[str, Any], after: Mapping[str, Any]) -> str:
    """What a change did, in words: “Knock limit is now 5 (was 10).”"""
    moved = [(s, before[s.name], after[s.name]) for s in specs
             if s.name in before and s.name in after and not _same(s, before[s.name], after[s.name])]
    if not moved:
        return "Nothing changed: those settings were already in force."
    if len(moved) == 1:
        spec, old, new = moved[0]
        return f"✅ {spec.title} is now {spec.say(new)} (was {spec.say(old)})."
    return "✅ Changed " + " · ".join(f"{s.title}: {s.say(old)} → {s.say(new)}" for s, old, new in moved) + "."


def _same(spec: OptionSpec, a: Any, b: Any) -> bool:
    """Two values of an option are the same choice (2 and 2.0, never True and 1)."""
    return spec.say(a) == spec.say(b)


class SettingsView(ShortLived):
    """The host's settings reply: the list of options (and presets), or one option's choices."""

    def __init__(self, client: discord.Client, snap: TableSnapshot) -> None:
        super().__init__(client)
        self.table_id, self.title = snap.table_id, snap.title
        game: type[GameState] = GAMES[snap.game_id]
        self.specs: dict[str, OptionSpec] = {s.name: s for s in game.option_specs}
        self.presets: tuple[Preset, ...] = game.option_presets
        self.options: dict[str, Any] = {}
        self.text = self.menu(snap)

    # --- what the reply shows ---------------------------------------------------------------

    def menu(self, snap: TableSnapshot, note: str = "") -> str:
        """Show the options (and presets) of `snap`; the reply's text."""
        self.clear_items()
        self.options = dict(snap.options)
        specs = list(self.specs.values())
        for start in range(0, len(specs), SELECT_OPTIONS):   # a select holds 25: page past that
            page = specs[start:start + SELECT_OPTIONS]
            where = "" if len(specs) <= SELECT_OPTIONS else f" ({start + 1}–{start + len(page)} of {len(specs)})"
            self.add_item(Picker(self._option_picked, f"Choose a setting to change{where}",
                                 [self._option_row(spec) for spec in page]))
        presets = self._presets()
        if presets:
            self.add_item(Picker(self._preset_picked, "Or apply a preset (several settings at once)", [
                discord.SelectOption(label=clip(p.label, SELECT_TEXT), value=str(i), description=clip(
                    ("In force · " if self._in_force(p) else "") + p.description, SELECT_TEXT))
                for i, p in presets]))
        if len(self.children) > ROWS:
            raise ValueError(f"{snap.title} has more options than one settings reply can list")
        lines = [note] if note else []
        lines += [f"**{self.title} · table settings**", f"In force: {options_text(snap)}",
                  "Pick a setting to change it" + (", or a preset." if presets else ".")]
        self.text = "\n".join(lines)
        return self.text

    def _option_row(self, spec: OptionSpec) -> discord.SelectOption:
        value = self.options[spec.name]
        changed = " (changed)" if changed_options([spec], self.options) else ""
        return discord.SelectOption(label=clip(f"{spec.title}: {spec.say(value)}{changed}", SELECT_TEXT),
                                    value=spec.name, description=clip(spec.description, SELECT_TEXT))

    def _presets(self) -> list[tuple[int, Preset]]:
        """The presets to offer, numbered: the game's, and the standard rules once any option
        differs from them."""
        offered = list(self.presets)
        if changed_options(self.specs.values(), self.options):
            offered.insert(0, standard_rules(self.specs.values()))
        return list(enumerate(offered))

    def _in_force(self, preset: Preset) -> bool:
        return all(_same(self.specs[name], self.options[name], value) for name, value in preset.values.items())

    def choices(self, spec: OptionSpec) -> str:
        """Show one enumerated or yes/no option's choices, the current one marked; the text."""
        self.clear_items()
        current = self.options[spec.name]
        assert spec.choices is not None
        if isinstance(spec.default, bool):
            for value in (True, False):
                now = _same(spec, value, current)
                self.add_item(Press(self._setter(spec, value), spec.say(value) + (" (now)" if now else ""),
                                    discord.ButtonStyle.success if now else discord.ButtonStyle.primary,
                                    disabled=now))
        else:
            self.add_item(Picker(self._choice_picked(spec), clip(f"Choose: {spec.title}", PLACEHOLDER), [
                discord.SelectOption(label=clip(spec.say(value), SELECT_TEXT), value=str(i),
                                     default=_same(spec, value, current),
                                     description=self._marks(spec, value, current))
                for i, value in enumerate(spec.choices)]))
        self.add_item(Press(self._back, "Back to all settings"))
        rule = f" ({spec.rule})" if spec.rule else ""
        self.text = (f"**{spec.title}**{rule}\n{spec.description}.\n"
                     f"Now: **{spec.say(current)}** · the rules' default: {spec.say(spec.default)}")
        return self.text

    @staticmethod
    def _marks(spec: OptionSpec, value: OptionValue, current: Any) -> str | None:
        marks = [mark for mark, yes in (("Now", _same(spec, value, current)),
                                        ("the rules' default", _same(spec, value, spec.default))) if yes]
        return " · ".join(marks) or None

    # --- what the host's clicks do ------------------------------------------------------------

    async def _option_picked(self, interaction: discord.Interaction) -> None:
        spec = self.specs[chosen(interaction, [""])[0]]
        if spec.choices is None:
            await interaction.response.send_modal(NumberModal(self, spec, self.options[spec.name]))
        else:
            await interaction.response.edit_message(content=self.choices(spec), view=self)

    async def _preset_picked(self, interaction: discord.Interaction) -> None:
        presets = dict(self._presets())
        await self.apply(interaction, presets[int(chosen(interaction, ["0"])[0])].values)

    def _choice_picked(self, spec: OptionSpec) -> Callback:
        async def picked(interaction: discord.Interaction) -> None:
            assert spec.choices is not None
            await self.apply(interaction, {spec.name: spec.choices[int(chosen(interaction, ["0"])[0])]})
        return picked

    def _setter(self, spec: OptionSpec, value: OptionValue) -> Callback:
        async def pressed(interaction: discord.Interaction) -> None:
            await self.apply(interaction, {spec.name: value})
        return pressed

    async def _back(self, interaction: discord.Interaction) -> None:
        try:
            await interaction.response.defer()
            snap = await cast(CardRoomClient, interaction.client).tables.snapshot(self.table_id)
            await interaction.edit_original_response(content=self.menu(snap), view=self)
        except Exception as exc:
            await report_error(interaction, exc)

    async def apply(self, interaction: discord.Interaction, values: Mapping[str, Any]) -> None:
        """Change `values` through the table service, then show the list again, saying what
        changed; a refused change is answered in words and changes nothing."""
        before = dict(self.options)
        try:
            await interaction.response.defer()   # a deferred update of this reply
            snap = await cast(CardRoomClient, interaction.client).tables.set_options(
                self.table_id, interaction.user.id, values, guild_id=place(interaction))
        except PlayerError as exc:
            await report_error(interaction, PlayerError(in_words(str(exc), self.specs.values())))
            return
        except Exception as exc:
            await report_error(interaction, exc)
            return
        text = self.menu(snap, changes(self.specs.values(), before, snap.options))
        await interaction.edit_original_response(content=text, view=self)


class NumberModal(discord.ui.Modal):
    """A number option's new value: the title names the option, the field states the range and
    what the option does, the empty box its current value."""

    def __init__(self, settings: SettingsView, spec: OptionSpec, current: Any) -> None:
        super().__init__(title=clip(spec.title, MODAL_TEXT), timeout=300, custom_id=ShortLived.new_id())
        self.settings, self.spec = settings, spec
        self.value: discord.ui.TextInput[NumberModal] = discord.ui.TextInput(
            max_length=16, placeholder=clip(f"Now {spec.say(current)}", PLACEHOLDER))
        self.add_item(discord.ui.Label(text=clip(number_range(spec), MODAL_TEXT),
                                       description=clip(spec.description, SELECT_TEXT), component=self.value))

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await self.settings.apply(interaction, {self.spec.name: self.value.value.strip()})
