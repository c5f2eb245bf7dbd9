"""Marriage (Nepali three-deck rummy): the engine and the public validators of MAR-26/MAR-27."""

from .finish import FinishResult, check_finish, finishing_discards
from .game import Marriage
from .melds import MeldType, classify_meld

GAME_CLASSES = (Marriage,)

__all__ = ["GAME_CLASSES", "FinishResult", "Marriage", "MeldType", "check_finish", "classify_meld",
           "finishing_discards"]
