"""Marriage table options: every row of the rules file's option table (section 8), plus
`dublee_wild_as_itself`, which MAR-12 defines but the table omits."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from functools import lru_cache
from typing import Any, Literal

from ..options import BotStrength, OptionSpec, bot_strength, option, options_of, specs_of


@dataclass(frozen=True, slots=True)
class MarriageOptions:
    seen_payment: int = option(3, "MAR-22", minimum=0, maximum=100)
    unseen_payment: int = option(10, "MAR-22", minimum=0, maximum=100)
    dublee_finish_bonus: int = option(5, "MAR-22", minimum=0, maximum=100)
    point_table: Literal["pagat", "house"] = option("pagat", "MAR-20")
    marriage_scoring: Literal["melded", "held"] = option("melded", "MAR-20")
    ace_tiplu_wrap_marriage: bool = option(False, "MAR-12")
    unseen_maal: Literal["count", "void", "kidnap"] = option("count", "MAR-21")
    tunnela_declare_window: Literal["before_play", "before_own_first_draw"] = option("before_play", "MAR-4")
    taken_card_discard_ban: Literal["face", "copy"] = option("face", "MAR-7")
    seen_may_take_unseen_wild_to_finish: bool = option(False, "MAR-6")
    wild_pickup_ban: Literal["unseen_discarder", "any_discarder"] = option("unseen_discarder", "MAR-6")
    dublee_discard_pickup: Literal["finish_only", "never", "any"] = option("finish_only", "MAR-6")
    discard_pickup_before_seen: bool = option(True, "MAR-6")
    dublee_enabled: bool = option(True, "MAR-9")
    dublee_min_players: int = option(2, "MAR-9", minimum=2, maximum=5)
    declared_tunnela_counts_as_dublee: bool = option(False, "MAR-9")
    dublee_wild_as_itself: bool = option(True, "MAR-12")
    max_stock_rebuilds: int = option(3, "MAR-16", minimum=1, maximum=20)
    turn_timeout_seconds: int = option(120, "MAR-18", minimum=30, maximum=600)
    declare_timeout_seconds: int = option(60, "MAR-4", minimum=10, maximum=300)
    chips_per_point: int = option(1, "MAR-24", minimum=1, maximum=1000)
    min_chips_to_play: int = option(1, "MAR-25", minimum=1)
    short_stack_rule: Literal["pro_rata", "seat_order"] = option("pro_rata", "MAR-25")
    max_deals: int = option(0, "MAR-28", minimum=0, maximum=1000, named=(0,))
    bot_strength: BotStrength = bot_strength()


OPTION_SPECS: tuple[OptionSpec, ...] = specs_of(MarriageOptions)


def resolve(given: Mapping[str, Any] | None) -> MarriageOptions:
    """Defaults overlaid with `given`; ValueError naming the option on a bad value."""
    return options_of(MarriageOptions, given)


# The table service loads and saves the state on every move, and a table's options never
# change: their JSON and their instance are remembered by value (an instance is immutable, so
# it is shared; the JSON is copied, so a saved state never shares a dict with another).

def options_json(opts: MarriageOptions) -> dict[str, Any]:
    """The options as saved: every option by name."""
    return dict(_options_items(opts))


@lru_cache(maxsize=512)
def _options_items(opts: MarriageOptions) -> tuple[tuple[str, Any], ...]:
    return tuple((f.name, getattr(opts, f.name)) for f in fields(opts))


def options_from_json(saved: Mapping[str, Any]) -> MarriageOptions:
    """The inverse of `options_json`, checked like a table's given options (`resolve`)."""
    return _options_from_items(tuple(sorted(saved.items())))


@lru_cache(maxsize=512)
def _options_from_items(items: tuple[tuple[str, Any], ...]) -> MarriageOptions:
    return resolve(dict(items))
