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
    seen_payment: int = option(3, "Points a seen loser pays the winner", "MAR-22", label="Seen loser pays",
                               minimum=0, maximum=100)
    unseen_payment: int = option(10, "Points an unseen loser pays the winner", "MAR-22", label="Unseen loser pays",
                                 minimum=0, maximum=100)
    dublee_finish_bonus: int = option(5, "Extra points from every loser when the winner goes out with eight "
                                         "dublees", "MAR-22", label="Dublee finish bonus", minimum=0, maximum=100)
    point_table: Literal["pagat", "house"] = option(
        "pagat", "Maal points table", "MAR-20", label="Points table",
        words={"pagat": "pagat.com", "house": "Nepali house table"})
    marriage_scoring: Literal["melded", "held"] = option(
        "melded", "Marriages score when melded, or whenever held", "MAR-20", label="Marriages score",
        words={"melded": "When melded", "held": "Whenever held"})
    ace_tiplu_wrap_marriage: bool = option(False, "With an ace tiplu, K-A-2 of its suit is a marriage", "MAR-12",
                                           label="K-A-2 marriage")
    unseen_maal: Literal["count", "void", "kidnap"] = option(
        "count", "What happens to an unseen loser's maal", "MAR-21", label="Unseen players' maal",
        words={"count": "Counts", "void": "Counts for nothing", "kidnap": "Goes to the winner"})
    tunnela_declare_window: Literal["before_play", "before_own_first_draw"] = option(
        "before_play", "When dealt tunnelas may be declared", "MAR-4", label="Declaring tunnelas",
        words={"before_play": "Before play starts", "before_own_first_draw": "Before one's first draw"})
    taken_card_discard_ban: Literal["face", "copy"] = option(
        "face", "After taking a discard, which cards may not be discarded", "MAR-7", label="Discard ban",
        words={"face": "Every card of that face", "copy": "Only the card taken"})
    seen_may_take_unseen_wild_to_finish: bool = option(
        False, "A seen player may take an unseen player's wild discard to go out", "MAR-6",
        label="Take an unseen wild to finish")
    wild_pickup_ban: Literal["unseen_discarder", "any_discarder"] = option(
        "unseen_discarder", "Whose wild discards a seen player may not take", "MAR-6", label="Wild pickup ban",
        words={"unseen_discarder": "An unseen player's", "any_discarder": "Anyone's"})
    dublee_discard_pickup: Literal["finish_only", "never", "any"] = option(
        "finish_only", "When a dublee-route player may take the discard", "MAR-6", label="Dublee player's pickup",
        words={"finish_only": "Only to go out", "never": "Never", "any": "Any time"})
    discard_pickup_before_seen: bool = option(True, "Unseen players may take the discard", "MAR-6",
                                              label="Unseen players take discards")
    dublee_enabled: bool = option(True, "The dublee route (seven dublees) is allowed", "MAR-9", label="Dublee route")
    dublee_min_players: int = option(2, "Fewest players in a deal for the dublee route", "MAR-9",
                                     label="Dublees from (players)", minimum=2, maximum=5)
    declared_tunnela_counts_as_dublee: bool = option(
        False, "A declared tunnela may count as one dublee", "MAR-9", label="Tunnela as a dublee")
    dublee_wild_as_itself: bool = option(True, "A wild card may form a dublee as itself", "MAR-12",
                                         label="Wild cards in dublees")
    max_stock_rebuilds: int = option(3, "Stock rebuilds before a deal is abandoned", "MAR-16",
                                     label="Stock rebuilds", minimum=1, maximum=20)
    turn_timeout_seconds: int = option(120, "Seconds per turn", "MAR-18", label="Turn timer (seconds)",
                                       minimum=30, maximum=600)
    declare_timeout_seconds: int = option(60, "Seconds to declare dealt tunnelas", "MAR-4",
                                          label="Declaring time (seconds)", minimum=10, maximum=300)
    chips_per_point: int = option(1, "Chips per point", "MAR-24", label="Chips per point", minimum=1, maximum=1000)
    min_chips_to_play: int = option(1, "Fewest chips to be dealt in", "MAR-25", label="Chips to be dealt in",
                                    minimum=1)
    short_stack_rule: Literal["pro_rata", "seat_order"] = option(
        "pro_rata", "How a winner who is short of chips pays out", "MAR-25", label="Short winner pays",
        words={"pro_rata": "In proportion", "seat_order": "In seat order"})
    max_deals: int = option(0, "Deals in the game (0 = no limit)", "MAR-28", label="Deals in a game",
                            words={0: "No limit"}, minimum=0, maximum=1000)
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
