"""What differs between Tripoley and Michigan Rummy, as data (rules §3, §7).

Both games share one engine (`state.py`); a `Variant` names the mat, which compartments the
pay cards feed, the run ranks, which compartment the Michigan winner takes and the phase order
(the poker winner's compartment is each game's own poker step's: Tripoley's betting, MICH-9).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..cards import SUITS, Card


@dataclass(frozen=True, slots=True)
class Variant:
    game_id: str
    compartments: tuple[tuple[str, str], ...]
    """(code, the catalog key of its name) in canonical order (§3)."""
    single_pay: tuple[tuple[str, Card], ...]
    """Compartment code -> the card that collects it (TRI-15, MICH-7)."""
    run_ranks: tuple[int, int, int]
    """High ranks of the run that collects `RUN` (8-9-10 or 7-8-9)."""
    michigan_prize: str
    """Compartment the Michigan winner takes (TRI-35: KITTY; MICH-6: POT)."""
    poker_first: bool
    """Tripoley plays poker (with betting) before Michigan; Michigan Rummy after, without betting."""

    @property
    def runs(self) -> tuple[tuple[Card, ...], ...]:
        """The four runs that collect `RUN`, one per suit (S, H, D, C)."""
        return _runs(self.run_ranks)

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(code for code, _ in self.compartments)


@lru_cache(maxsize=8)
def _runs(ranks: tuple[int, ...]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(Card(r, suit) for r in ranks) for suit in SUITS)


_MARRIAGE = (Card(12, "H"), Card(13, "H"))

TRIPOLEY = Variant(
    game_id="tripoley",
    compartments=(("AH", "comp.name.AH"), ("KH", "comp.name.KH"), ("QH", "comp.name.QH"), ("JH", "comp.name.JH"),
                  ("10H", "comp.name.10H"), ("KQ", "comp.name.tripoley.KQ"), ("RUN", "comp.name.tripoley.RUN"),
                  ("KITTY", "comp.name.KITTY"), ("POT", "comp.name.tripoley.POT")),
    single_pay=(("AH", Card(1, "H")), ("KH", Card(13, "H")), ("QH", Card(12, "H")),
                ("JH", Card(11, "H")), ("10H", Card(10, "H"))),
    run_ranks=(8, 9, 10),
    michigan_prize="KITTY",
    poker_first=True,
)

MICHIGAN_RUMMY = Variant(
    game_id="michigan_rummy",
    compartments=(("AH", "comp.name.AH"), ("KC", "comp.name.KC"), ("QD", "comp.name.QD"), ("JS", "comp.name.JS"),
                  ("10H", "comp.name.10H"), ("KQ", "comp.name.michigan_rummy.KQ"),
                  ("RUN", "comp.name.michigan_rummy.RUN"), ("POKER_POOL", "comp.name.POKER_POOL"),
                  ("POT", "comp.name.michigan_rummy.POT")),
    single_pay=(("AH", Card(1, "H")), ("KC", Card(13, "C")), ("QD", Card(12, "D")),
                ("JS", Card(11, "S")), ("10H", Card(10, "H"))),
    run_ranks=(7, 8, 9),
    michigan_prize="POT",
    poker_first=False,
)

MARRIAGE = _MARRIAGE
"""QH and KH: together they collect `KQ` (TRI-16, MICH-8)."""
