"""Marriage table options: every row of the rules file's option table (section 8), plus
`dublee_wild_as_itself`, which MAR-12 defines but the table omits."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, Literal

from ..options import OptionSpec, option, options_of, specs_of


@dataclass(frozen=True, slots=True)
class MarriageOptions:
    seen_payment: int = option(3, "Points a seen loser pays the winner", "MAR-22", minimum=0, maximum=100)
    unseen_payment: int = option(10, "Points an unseen loser pays the winner", "MAR-22", minimum=0, maximum=100)
    dublee_finish_bonus: int = option(5, "Extra points from every loser when the winner goes out with eight "
                                         "dublees", "MAR-22", minimum=0, maximum=100)
    point_table: Literal["pagat", "house"] = option("pagat", "Maal points table", "MAR-20")
    marriage_scoring: Literal["melded", "held"] = option(
        "melded", "Marriages score when melded, or whenever held", "MAR-20")
    ace_tiplu_wrap_marriage: bool = option(False, "With an ace tiplu, K-A-2 of its suit is a marriage", "MAR-12")
    unseen_maal: Literal["count", "void", "kidnap"] = option(
        "count", "What happens to an unseen loser's maal", "MAR-21")
    tunnela_declare_window: Literal["before_play", "before_own_first_draw"] = option(
        "before_play", "When dealt tunnelas may be declared", "MAR-4")
    taken_card_discard_ban: Literal["face", "copy"] = option(
        "face", "After taking a discard, which cards may not be discarded", "MAR-7")
    seen_may_take_unseen_wild_to_finish: bool = option(
        False, "A seen player may take an unseen player's wild discard to go out", "MAR-6")
    wild_pickup_ban: Literal["unseen_discarder", "any_discarder"] = option(
        "unseen_discarder", "Whose wild discards a seen player may not take", "MAR-6")
    dublee_discard_pickup: Literal["finish_only", "never", "any"] = option(
        "finish_only", "When a dublee-route player may take the discard", "MAR-6")
    discard_pickup_before_seen: bool = option(True, "Unseen players may take the discard", "MAR-6")
    dublee_enabled: bool = option(True, "The dublee route (seven dublees) is allowed", "MAR-9")
    dublee_min_players: int = option(2, "Fewest players in a deal for the dublee route", "MAR-9",
                                     minimum=2, maximum=5)
    declared_tunnela_counts_as_dublee: bool = option(
        False, "A declared tunnela may count as one dublee", "MAR-9")
    dublee_wild_as_itself: bool = option(True, "A wild card may form a dublee as itself", "MAR-12")
    max_stock_rebuilds: int = option(3, "Stock rebuilds before a deal is abandoned", "MAR-16",
                                     minimum=1, maximum=20)
    turn_timeout_seconds: int = option(120, "Seconds per turn", "MAR-18", minimum=30, maximum=600)
    declare_timeout_seconds: int = option(60, "Seconds to declare dealt tunnelas", "MAR-4",
                                          minimum=10, maximum=300)
    chips_per_point: int = option(1, "Chips per point", "MAR-24", minimum=1, maximum=1000)
    min_chips_to_play: int = option(1, "Fewest chips to be dealt in", "MAR-25", minimum=1)
    short_stack_rule: Literal["pro_rata", "seat_order"] = option(
        "pro_rata", "How a short winner pays out", "MAR-25")
    max_deals: int = option(0, "Deals in the game (0 = no limit)", "MAR-28", minimum=0, maximum=1000)


OPTION_SPECS: tuple[OptionSpec, ...] = specs_of(MarriageOptions)


def resolve(given: Mapping[str, Any] | None) -> MarriageOptions:
    """Defaults overlaid with `given`; ValueError naming the option on a bad value."""
    return options_of(MarriageOptions, given)


# The table service loads and saves the state on every move, and a table's options never
# change: their JSON and their instance are kept by value (an instance is immutable, so it is
# shared; the JSON is copied, so a saved state never shares a dict with another).
_JSON: dict[MarriageOptions, dict[str, Any]] = {}
_LOADED: dict[tuple[tuple[str, Any], ...], MarriageOptions] = {}


def options_json(opts: MarriageOptions) -> dict[str, Any]:
    """The options as saved: every option by name."""
    saved = _JSON.get(opts)
    if saved is None:
        saved = {f.name: getattr(opts, f.name) for f in fields(opts)}
        if len(_JSON) >= 512:
            _JSON.clear()
        _JSON[opts] = saved
    return dict(saved)


def options_from_json(saved: Mapping[str, Any]) -> MarriageOptions:
    """The inverse of `options_json`, checked like a table's given options (`resolve`)."""
    key = tuple(sorted(saved.items()))
    opts = _LOADED.get(key)
    if opts is None:
        opts = resolve(saved)
        if len(_LOADED) >= 512:
            _LOADED.clear()
        _LOADED[key] = opts
    return opts
