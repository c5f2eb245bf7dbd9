"""Marriage table options: every row of the rules file's option table (section 8), plus
`dublee_wild_as_itself`, which MAR-12 defines but the table omits."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..options import OptionSpec, resolve_options

OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("seen_payment", 3, "Points a seen loser pays the winner", "MAR-22", minimum=0, maximum=100),
    OptionSpec("unseen_payment", 10, "Points an unseen loser pays the winner", "MAR-22", minimum=0, maximum=100),
    OptionSpec("dublee_finish_bonus", 5, "Extra points from every loser when the winner goes out with eight dublees",
               "MAR-22", minimum=0, maximum=100),
    OptionSpec("point_table", "pagat", "Maal points table", "MAR-20", choices=("pagat", "house")),
    OptionSpec("marriage_scoring", "melded", "Marriages score when melded, or whenever held", "MAR-20",
               choices=("melded", "held")),
    OptionSpec("ace_tiplu_wrap_marriage", False, "With an ace tiplu, K-A-2 of its suit is a marriage", "MAR-12"),
    OptionSpec("unseen_maal", "count", "What happens to an unseen loser's maal", "MAR-21",
               choices=("count", "void", "kidnap")),
    OptionSpec("tunnela_declare_window", "before_play", "When dealt tunnelas may be declared", "MAR-4",
               choices=("before_play", "before_own_first_draw")),
    OptionSpec("taken_card_discard_ban", "face", "After taking a discard, which cards may not be discarded",
               "MAR-7", choices=("face", "copy")),
    OptionSpec("seen_may_take_unseen_wild_to_finish", False,
               "A seen player may take an unseen player's wild discard to go out", "MAR-6"),
    OptionSpec("wild_pickup_ban", "unseen_discarder", "Whose wild discards a seen player may not take", "MAR-6",
               choices=("unseen_discarder", "any_discarder")),
    OptionSpec("dublee_discard_pickup", "finish_only", "When a dublee-route player may take the discard", "MAR-6",
               choices=("finish_only", "never", "any")),
    OptionSpec("discard_pickup_before_seen", True, "Unseen players may take the discard", "MAR-6"),
    OptionSpec("dublee_enabled", True, "The dublee route (seven dublees) is allowed", "MAR-9"),
    OptionSpec("dublee_min_players", 2, "Fewest players in a deal for the dublee route", "MAR-9",
               minimum=2, maximum=5),
    OptionSpec("declared_tunnela_counts_as_dublee", False, "A declared tunnela may count as one dublee", "MAR-9"),
    OptionSpec("dublee_wild_as_itself", True, "A wild card may form a dublee as itself", "MAR-12"),
    OptionSpec("max_stock_rebuilds", 3, "Stock rebuilds before a deal is abandoned", "MAR-16", minimum=1, maximum=20),
    OptionSpec("turn_timeout_seconds", 120, "Seconds per turn", "MAR-18", minimum=30, maximum=600),
    OptionSpec("declare_timeout_seconds", 60, "Seconds to declare dealt tunnelas", "MAR-4", minimum=10, maximum=300),
    OptionSpec("chips_per_point", 1, "Chips per point", "MAR-24", minimum=1, maximum=1000),
    OptionSpec("min_chips_to_play", 1, "Fewest chips to be dealt in", "MAR-25", minimum=1),
    OptionSpec("short_stack_rule", "pro_rata", "How a short winner pays out", "MAR-25",
               choices=("pro_rata", "seat_order")),
)


_RESOLVED: dict[tuple, dict[str, Any]] = {}


def resolve(given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Defaults overlaid with `given`; ValueError naming the option on a bad value.

    Memoised (a fresh copy each time): `from_dict` resolves the saved options on every move."""
    try:
        key = tuple(sorted((k, type(v), v) for k, v in (given or {}).items()))
        hash(key)
    except TypeError:  # an unhashable value: let resolve_options report it
        return resolve_options(OPTION_SPECS, given)
    cached = _RESOLVED.get(key)
    if cached is None:
        cached = resolve_options(OPTION_SPECS, given)
        if len(_RESOLVED) < 512:
            _RESOLVED[key] = cached
    return dict(cached)
