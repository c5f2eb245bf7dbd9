"""Marriage (Nepali three-deck rummy): the engine and the public validators of MAR-26/MAR-27."""

from ..registry import register_game
from .finish import FinishResult, check_finish, finishing_discards
from .game import Marriage
from .melds import MeldType, classify_meld

register_game(Marriage)

__all__ = ["FinishResult", "Marriage", "MeldType", "check_finish", "classify_meld",
           "finishing_discards"]
