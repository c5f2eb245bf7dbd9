"""The lobby's Settings control: the host's, in an ephemeral reply that redraws itself.

The host picks an option by its label. An enumeration then shows its choices in a select and a
yes/no option two buttons, the current value marked on both; a number opens a modal that states
the range and the current value. A preset (a variant the rules name, or the standard rules)
sets several options at once. Every change is one call to the table service, which checks it,
so a preset changes all its options or none; the reply then says in words what changed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, cast

import discord

from bot.errors import PlayerError
from bot.games import GAMES, AnyGame
from bot.games.messages import Msg
from bot.games.options import OptionSpec, OptionValue, Preset, changed_options, same_value
from bot.i18n import ENGLISH, Locale, t
from bot.i18n import options as words_of
from bot.tables.models import TableSnapshot

from .client import CardRoomClient
from .embeds import options_text, title_of
from .errors import report_error
from .interactions import Callback, Picker, Press, ShortLived, chosen, place
from .text import clip

SELECT_OPTIONS = 25   # Discord's limits: options in one select,
SELECT_TEXT = 100     # characters of an option's label or description,
MODAL_TEXT = 45       # of a modal's title or a text input's label,
PLACEHOLDER = 100     # of a placeholder,
ROWS = 5              # and rows of controls in one message.


def standard_rules(specs: Iterable[OptionSpec]) -> Preset:
    """The preset that puts every option back to the rules' default (“Standard rules”)."""
    return Preset({s.name: s.default for s in specs})


def number_range(spec: OptionSpec, locale: Locale = ENGLISH) -> str:
    """What a number option takes, for the modal: “A whole number from 0 to 10”."""
    low = spec.minimum if spec.minimum is not None else 0
    if spec.maximum is None:
        return t(locale, "ui.set.number_from", low=low)
    return t(locale, "ui.set.number_between", low=low, high=spec.maximum)


def changes(specs: Iterable[OptionSpec], before: Mapping[str, Any], after: Mapping[str, Any],
            game_id: str, locale: Locale = ENGLISH) -> str:
    """What a change did, in words: “Knock limit is now 5 (was 10).”"""
    moved = [(s, before[s.name], after[s.name]) for s in specs
             if s.name in before and s.name in after and not _same(s, before[s.name], after[s.name])]
    if not moved:
        return t(locale, "ui.set.unchanged")

    def told(spec: OptionSpec, old: Any, new: Any) -> dict[str, str]:
        return {"option": words_of.title(locale, game_id, spec), "old": words_of.say(locale, game_id, spec, old),
                "new": words_of.say(locale, game_id, spec, new)}
    if len(moved) == 1:
        return t(locale, "ui.set.changed_one", **told(*moved[0]))
    return t(locale, "ui.set.changed_many", changes=" · ".join(t(locale, "ui.set.change", **told(*m)) for m in moved))


def _same(spec: OptionSpec, a: Any, b: Any) -> bool:
    """Two values of an option are the same choice (2 and 2.0, never True and 1)."""
    return same_value(a, b)


class SettingsView(ShortLived):
    """The host's settings reply: the list of options (and presets), or one option's choices."""

    def __init__(self, client: discord.Client, snap: TableSnapshot, locale: Locale = ENGLISH) -> None:
        super().__init__(client)
        self.table_id, self.game_id, self.locale = snap.table_id, snap.game_id, locale
        game: type[AnyGame] = GAMES[snap.game_id]
        self.specs: dict[str, OptionSpec] = {s.name: s for s in game.option_specs}
        self.presets: tuple[Preset, ...] = game.option_presets
        self.options: dict[str, Any] = {}
        self.text = self.menu(snap)

    # --- what the reply shows ---------------------------------------------------------------

    def menu(self, snap: TableSnapshot, note: str = "") -> str:
        """Show the options (and presets) of `snap`; the reply's text."""
        self.clear_items()
        self.options = dict(snap.options)
        specs, locale = list(self.specs.values()), self.locale
        for start in range(0, len(specs), SELECT_OPTIONS):   # a select holds 25: page past that
            page = specs[start:start + SELECT_OPTIONS]
            prompt = t(locale, "ui.set.choose") if len(specs) <= SELECT_OPTIONS else t(
                locale, "ui.set.choose_page", first=start + 1, last=start + len(page), total=len(specs))
            self.add_item(Picker(self._option_picked, clip(prompt, PLACEHOLDER),
                                 [self._option_row(spec) for spec in page]))
        presets = self._presets()
        if presets:
            self.add_item(Picker(self._preset_picked, clip(t(locale, "ui.set.preset"), PLACEHOLDER), [
                discord.SelectOption(label=clip(label, SELECT_TEXT), value=str(i), description=clip(
                    t(locale, "ui.set.in_force_mark", description=about) if self._in_force(p) else about,
                    SELECT_TEXT))
                for i, (p, label, about) in presets]))
        if len(self.children) > ROWS:
            raise ValueError(f"{snap.title} has more options than one settings reply can list")
        lines = [note] if note else []
        lines += [t(locale, "ui.set.title", table=title_of(snap, locale)),
                  t(locale, "ui.set.in_force", options=options_text(snap, locale)),
                  t(locale, "ui.set.pick_or_preset" if presets else "ui.set.pick")]
        self.text = "\n".join(lines)
        return self.text

    def _option_row(self, spec: OptionSpec) -> discord.SelectOption:
        row = "ui.set.row_changed" if changed_options([spec], self.options) else "ui.set.row"
        label = t(self.locale, row, option=self._title(spec), value=self._say(spec, self.options[spec.name]))
        return discord.SelectOption(label=clip(label, SELECT_TEXT), value=spec.name,
                                    description=clip(words_of.description(self.locale, self.game_id, spec),
                                                     SELECT_TEXT))

    def _title(self, spec: OptionSpec) -> str:
        return words_of.title(self.locale, self.game_id, spec)

    def _say(self, spec: OptionSpec, value: Any) -> str:
        return words_of.say(self.locale, self.game_id, spec, value)

    def _presets(self) -> list[tuple[int, tuple[Preset, str, str]]]:
        """The presets to offer, numbered, each with its name and description in the reader's
        language: the game's, and the standard rules once any option differs from them."""
        offered = [(p, words_of.preset_label(self.locale, self.game_id, i),
                    words_of.preset_description(self.locale, self.game_id, i))
                   for i, p in enumerate(self.presets)]
        if changed_options(self.specs.values(), self.options):
            offered.insert(0, (standard_rules(self.specs.values()), t(self.locale, "ui.standard_rules"),
                               t(self.locale, "ui.set.standard_desc")))
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
                said = self._say(spec, value)
                self.add_item(Press(self._setter(spec, value),
                                    t(self.locale, "ui.set.now_button", value=said) if now else said,
                                    discord.ButtonStyle.success if now else discord.ButtonStyle.primary,
                                    disabled=now))
        else:
            self.add_item(Picker(self._choice_picked(spec), clip(t(self.locale, "ui.set.choose_one",
                                                                     option=self._title(spec)), PLACEHOLDER), [
                discord.SelectOption(label=clip(self._say(spec, value), SELECT_TEXT), value=str(i),
                                     default=_same(spec, value, current),
                                     description=self._marks(spec, value, current))
                for i, value in enumerate(spec.choices)]))
        self.add_item(Press(self._back, t(self.locale, "ui.set.back")))
        self.text = t(self.locale, "ui.set.detail", option=self._title(spec),
                      description=words_of.description(self.locale, self.game_id, spec),
                      now=self._say(spec, current), default=self._say(spec, spec.default))
        return self.text

    def _marks(self, spec: OptionSpec, value: OptionValue, current: Any) -> str | None:
        marks = [t(self.locale, key) for key, yes in (("ui.set.now", _same(spec, value, current)),
                                                      ("ui.set.default", _same(spec, value, spec.default))) if yes]
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
        await self.apply(interaction, presets[int(chosen(interaction, ["0"])[0])][0].values)

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
            await report_error(interaction, self.refusal(exc, values))
            return
        except Exception as exc:
            await report_error(interaction, exc)
            return
        text = self.menu(snap, changes(self.specs.values(), before, snap.options, self.game_id, self.locale))
        await interaction.edit_original_response(content=text, view=self)


    def refusal(self, error: PlayerError, values: Mapping[str, Any]) -> PlayerError:
        """The service's refusal of `values` in the host's words: a value an option does not take
        is said with the option's range as this control says it (the service's own sentence
        names it by code); a check between options is a catalog message already."""
        message = error.message
        if message.key != "err.table.setting_unchanged":
            return error
        for name, value in values.items():
            spec = self.specs[name]
            try:
                spec.parse(value)
            except ValueError:
                allowed = (t(self.locale, "ui.set.list", items=t(self.locale, "ui.set.list_sep").join(
                    self._say(spec, c) for c in spec.choices)) if spec.choices is not None
                    else number_range(spec, self.locale))
                why = t(self.locale, "ui.set.refused", option=self._title(spec), allowed=allowed, value=str(value))
                return PlayerError(Msg(message.key, {**message.params, "reason": why}))
        return error


class NumberModal(discord.ui.Modal):
    """A number option's new value: the title names the option, the field states the range and
    what the option does, the empty box its current value."""

    def __init__(self, settings: SettingsView, spec: OptionSpec, current: Any) -> None:
        locale = settings.locale
        super().__init__(title=clip(settings._title(spec), MODAL_TEXT), timeout=300, custom_id=ShortLived.new_id())
        self.settings, self.spec = settings, spec
        self.value: discord.ui.TextInput[NumberModal] = discord.ui.TextInput(
            max_length=16, placeholder=clip(t(locale, "ui.set.placeholder", value=settings._say(spec, current)),
                                            PLACEHOLDER))
        self.add_item(discord.ui.Label(
            text=clip(number_range(spec, locale), MODAL_TEXT),
            description=clip(words_of.description(locale, settings.game_id, spec), SELECT_TEXT),
            component=self.value))

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await self.settings.apply(interaction, {self.spec.name: self.value.value.strip()})
