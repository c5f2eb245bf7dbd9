"""Marriage (Nepali three-deck rummy)."""
from .melds import MeldType, classify_meld
from .finish import FinishResult, check_finish, finishing_discards
